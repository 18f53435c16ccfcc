"""Stage 2, registration: markers, RANSAC fit, rotation from ids, fallback, refinement, QR."""
from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from scorer.photo import qr, register as reg
from scorer.photo.expected import expected
from scorer.photo.layout import layout
from scorer.photo.load import decode
from sheets.paper import PAPERS
from sheets.sheetid import SheetId

from photo_util import STRAIGHT, photo
from scorer.raging_waters.template import load as _load_rw

RWV = _load_rw().version  # the template version printed in the QR

SID = SheetId("raging-waters", RWV, "regtest", 2, "a4", "rolled")
LAY = layout("raging_waters")
PROBE = [(20.0, 40.0), (180.0, 40.0), (100.0, 130.0), (20.0, 220.0), (180.0, 240.0)]  # frame mm


def _truth(H_page: np.ndarray) -> np.ndarray:
    p = PAPERS[SID.paper]
    ox, oy = (p.width - LAY.frame_w) / 2, (p.height - LAY.frame_h) / 2
    return H_page @ np.array([[1, 0, ox], [0, 1, oy], [0, 0, 1]])


def _error_mm(H: np.ndarray, H_true: np.ndarray) -> float:
    got = reg.project(H, PROBE)
    want = reg.project(H_true, PROBE)
    scale = reg.photo_scale(H_true, LAY.frame_w, LAY.frame_h)
    return float(np.max(np.linalg.norm(got - want, axis=1)) / scale)


@pytest.mark.parametrize("rotation, tilt", [(8.0, 12.0), (180.0, 35.0), (97.0, 25.0)])
def test_markers_fit_any_rotation(rotation, tilt):
    jpeg, H_page = photo(SID, replace(STRAIGHT, rotation_deg=rotation, tilt_deg=tilt), seed=3)
    g = reg.grey(decode(jpeg))
    m = reg.detect_markers(g)
    assert m.ids == [0, 1, 2, 3] and not m.duplicates
    src, dst = reg.marker_points(LAY, m)
    H, inliers = reg.fit(src, dst, 3.0)
    assert inliers.sum() >= 14
    assert _error_mm(H, _truth(H_page)) < 0.6


def test_refinement_on_printed_features_reports_small_error():
    jpeg, H_page = photo(SID, replace(STRAIGHT, tilt_deg=30.0), seed=4)
    g = reg.grey(decode(jpeg))
    m = reg.detect_markers(g)
    H, _ = reg.fit(*reg.marker_points(LAY, m), 3.0)
    e = expected(SID, 5.0)
    r = reg.refine(g, H, e.dark, reg.feature_patches(e.dark, 5.0), 5.0, LAY.frame_w, LAY.frame_h,
                   extra=reg.marker_points(LAY, m))
    assert r.features >= 30
    assert r.error_mm < 0.25
    assert _error_mm(r.H, _truth(H_page)) < 0.4


def test_a_covered_marker_is_named():
    p = PAPERS[SID.paper]
    ox, oy = (p.width - LAY.frame_w) / 2, (p.height - LAY.frame_h) / 2
    x, y, w, h = LAY.marker_box(0)
    jpeg, H_page = photo(SID, seed=5, occlude=[(ox + x + w / 2, oy + y + h / 2, 11.0)])
    g = reg.grey(decode(jpeg))
    m = reg.detect_markers(g)
    assert m.ids == [1, 2, 3]
    H, _ = reg.fit(*reg.marker_points(LAY, m), 3.0)
    assert _error_mm(H, _truth(H_page)) < 1.0            # three markers still fit the page
    assert "top-left marker is hidden" in reg.missing_hint(LAY, m, H, g.shape)


def test_two_markers_fall_back_on_the_page_outline():
    p = PAPERS[SID.paper]
    ox, oy = (p.width - LAY.frame_w) / 2, (p.height - LAY.frame_h) / 2
    discs = []
    for mid in (0, 2):
        x, y, w, h = LAY.marker_box(mid)
        discs.append((ox + x + w / 2, oy + y + h / 2, 11.0))
    jpeg, H_page = photo(SID, replace(STRAIGHT, rotation_deg=30.0), seed=6, occlude=discs)
    g = reg.grey(decode(jpeg))
    m = reg.detect_markers(g)
    assert m.ids == [1, 3]
    quad = reg.page_quad(g)
    assert quad is not None
    H = reg.fit_with_outline(LAY, m, quad, "a4")
    e = expected(SID, 5.0)
    r = reg.refine(g, H, e.dark, reg.feature_patches(e.dark, 5.0), 5.0, LAY.frame_w, LAY.frame_h,
                   search_mm=7.0, extra=reg.marker_points(LAY, m), rounds=3)
    assert r.error_mm < 0.3
    assert _error_mm(r.H, _truth(H_page)) < 0.5


def test_qr_is_read_where_the_template_puts_it():
    jpeg, H_page = photo(SID, seed=7)
    g = reg.grey(decode(jpeg))
    assert qr.read_qr(g, _truth(H_page), LAY.qr) == SID.encode()


def test_marker_hint_for_a_cut_off_corner():
    m = reg.Markers(corners={1: np.zeros((4, 2)), 2: np.zeros((4, 2)), 3: np.zeros((4, 2))})
    H = np.array([[4.0, 0, -50.0], [0, 4.0, 10.0], [0, 0, 1]])   # the top-left corner lands left of the photo
    assert "cut off" in reg.missing_hint(LAY, m, H, (1200, 900))


def _blurred_qr(payload: str, ppm: float, sigma: float) -> tuple[np.ndarray, np.ndarray, tuple, np.ndarray]:
    """A QR photographed flat at `ppm` px per module (1 module = 1 mm), blurred, low contrast."""
    import cv2
    import segno
    q = np.array(segno.make(payload, error="m", boost_error=False).matrix, bool)
    n = q.shape[0]
    big = np.kron(np.pad(~q, 4, constant_values=True), np.ones((20, 20), bool)).astype(np.uint8) * 255
    size = int((n + 8) * ppm)
    img = cv2.GaussianBlur(cv2.resize(big, (size, size), interpolation=cv2.INTER_AREA), (0, 0), sigma)
    noise = np.random.default_rng(1).normal(0, 2, img.shape)
    img = np.clip(img * 0.7 + 40 + noise, 0, 255).astype(np.uint8)
    H = np.array([[ppm, 0, -0.5], [0, ppm, -0.5], [0, 0, 1.0]])
    return img, H, (2.0, 2.0, n + 4.0, n + 4.0), ~q


def test_a_blurred_qr_reads_once_the_spill_between_modules_is_taken_out():
    """About 2 px per module and a 1 px blur (a 2 MP photo): a light module among dark ones
    samples darker than any one threshold, so the plain read fails; the equaliser, fitted
    on the QR's function patterns, leaves few enough wrong for the error correction."""
    import cv2
    payload = "HW1:rw:2:night25027:1:lt:r"
    img, H, box, light = _blurred_qr(payload, 2.0, 1.1)
    n = light.shape[0]
    x, y, w, _ = box
    c = (np.arange(n) + 2.5) * (w / (n + 4))
    gx, gy = np.meshgrid(x + c, y + c)
    pts = reg.project(H, np.stack([gx.ravel(), gy.ravel()], axis=1)).astype(np.float32)
    vals = cv2.remap(img, pts[:, 0].reshape(n, n), pts[:, 1].reshape(n, n), cv2.INTER_LINEAR)
    thr, _ = cv2.threshold(vals, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    plain = int(((vals > thr) != light).sum())
    assert plain > 25                                     # one threshold misreads many modules
    assert int((qr._equalised(vals, vals > thr) != light).sum()) * 4 < plain
    assert qr.read_qr(img, H, box, "grid") == payload


def test_a_qr_too_blurred_for_its_centre_samples_reads_once_fitted_to_every_pixel():
    """2 px per module and a 1.5 px blur, saved as a JPEG: the centre samples, even
    equalised, and OpenCV's detector fail; the modules fitted to every pixel over the code,
    with the blur modelled, leave few enough wrong for the error correction (PH147)."""
    import cv2
    payload = "HW1:rw:2:night25027:1:lt:r"
    img, H, box, _ = _blurred_qr(payload, 2.2, 1.5)
    img = cv2.imdecode(cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 70])[1], cv2.IMREAD_GRAYSCALE)
    assert qr.read_qr(img, H, box, "grid") is None
    assert qr.read_qr(img, H, box, "crop") is None
    assert qr.read_qr(img, H, box, "fit") == payload


def test_the_fit_finds_no_qr_in_noise_or_on_plain_paper():
    rng = np.random.default_rng(3)
    H = np.array([[2.0, 0, 0], [0, 2.0, 0], [0, 0, 1.0]])
    box = (2.0, 2.0, 33.0, 33.0)
    noise = rng.integers(0, 256, (80, 80)).astype(np.uint8)
    paper = np.full((80, 80), 230, np.uint8)
    for img in (noise, paper):
        assert list(qr.fitted_grids(img, H, box)) == []
        assert qr.read_qr(img, H, box, "fit") is None


def test_the_normal_distribution_function_is_exact_enough():
    from math import erf
    z = np.linspace(-6, 6, 241)
    want = np.array([0.5 * (1 + erf(v / np.sqrt(2))) for v in z])
    assert np.abs(qr._phi(z) - want).max() < 2e-7


def test_fitted_darkness_recovers_a_sharp_grid_exactly():
    """With the blur the fit assumes, each module of a clean code comes out near 0 or 1."""
    import segno
    dark = np.array(segno.make("HW1:rew:2:fit-check:3:a4:b", error="m", boost_error=False).matrix, bool)
    n = dark.shape[0]
    img, H, box, _ = _blurred_qr("HW1:rew:2:fit-check:3:a4:b", 4.0, 1.0)
    vals, px, mm = qr._fit_pixels(img, H, box[0], box[1], box[2], 1.0)
    fit, rms = qr._fit_darkness(vals, px, mm[:, 0] - box[0] - 2, mm[:, 1] - box[1] - 2, n, 0.35)
    assert np.abs(fit - dark).max() < 0.35
    assert rms < 0.1 * 0.7 * 255           # a tenth of the code's contrast


def _paste_marker(g: np.ndarray, marker_id: int, centre: tuple[float, float], side: int) -> None:
    """Print a small ArUco code (with its white quiet zone) into a grey photo."""
    code = cv2.aruco.generateImageMarker(reg._DICT, marker_id, side)
    pad = side // 3
    img = np.full((side + 2 * pad, side + 2 * pad), 255, np.uint8)
    img[pad:pad + side, pad:pad + side] = code
    x0, y0 = round(centre[0] - img.shape[1] / 2), round(centre[1] - img.shape[0] / 2)
    g[y0:y0 + img.shape[0], x0:x0 + img.shape[1]] = img


def test_a_small_box_read_as_a_marker_is_no_second_sheet():
    # PH156 (judge photo re-wilding-910129): a 5 mm box on the sheet read as marker 2
    # at a third of the markers' size, and the photo was refused as two sheets
    g = reg.grey(decode(photo(SID, seed=6)[0]))
    real = reg.detect_markers(g)
    centre = np.mean([c.mean(axis=0) for c in real.corners.values()], axis=0)
    _paste_marker(g, 2, tuple(centre), round(real.side_px / 3))
    m = reg.detect_markers(g)
    assert m.ids == [0, 1, 2, 3] and not m.duplicates
    assert np.allclose(m.corners[2], real.corners[2], atol=1.0)   # the corner's marker is kept


def test_a_full_size_twin_inside_the_sheet_is_left_out():
    g = reg.grey(decode(photo(SID, seed=6)[0]))
    real = reg.detect_markers(g)
    centre = np.mean([c.mean(axis=0) for c in real.corners.values()], axis=0)
    _paste_marker(g, 1, tuple(centre), round(real.side_px))
    m = reg.detect_markers(g)
    assert not m.duplicates and np.allclose(m.corners[1], real.corners[1], atol=1.0)


def test_two_sheets_in_one_photo_are_still_two():
    g = reg.grey(decode(photo(SID, seed=6)[0]))
    m = reg.detect_markers(np.hstack([g, g]))
    assert m.duplicates == {0, 1, 2, 3}
