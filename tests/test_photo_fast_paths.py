"""The photo reader's shortcuts give exactly what the plain computation gives.

Each shortcut (OpenCV's JPEG decoder, blurring only around the QR, the QR finder check,
settling berm candidates in one pass, skipping a cross's second diagonal) exists for
speed only: these tests pin that the values are the same, not just close.
"""
from __future__ import annotations

import io

import cv2
import numpy as np
import pytest
from PIL import Image

from scorer.photo import berms, qr, register as reg
from scorer.photo.load import _jpeg_by_opencv, decode


def _noisy_photo(seed: int = 3, shape=(480, 640)) -> np.ndarray:
    rng = np.random.default_rng(seed)
    base = cv2.GaussianBlur(rng.integers(0, 256, (*shape, 3), dtype=np.uint8), (0, 0), 2.0)
    return np.ascontiguousarray(base)


def _jpeg_bytes(arr: np.ndarray, **kw) -> bytes:
    buf = io.BytesIO()
    Image.fromarray(arr).save(buf, format="JPEG", quality=85, **kw)
    return buf.getvalue()


@pytest.mark.parametrize("kw", [{}, {"subsampling": 0}, {"progressive": True}])
def test_opencv_jpeg_decode_gives_pillows_pixels(kw):
    data = _jpeg_bytes(_noisy_photo(), **kw)
    fast = _jpeg_by_opencv(data, 640, 480)
    assert fast is not None
    assert np.array_equal(fast, np.asarray(Image.open(io.BytesIO(data)).convert("RGB")))
    assert np.array_equal(decode(data), fast)


def test_a_jpeg_without_its_end_marker_is_left_to_pillow():
    data = _jpeg_bytes(_noisy_photo())
    assert _jpeg_by_opencv(data[: len(data) // 2], 640, 480) is None


def test_blurring_around_the_samples_matches_blurring_the_whole_photo():
    g = _noisy_photo()[..., 1].copy()
    rng = np.random.default_rng(1)
    for pts in (rng.uniform([100, 80], [300, 260], (200, 2)), rng.uniform([-5, -5], [60, 40], (50, 2)),
                rng.uniform([600, 440], [650, 490], (50, 2))):
        pts = pts.astype(np.float32)
        crop, off = qr._blur_around(g, pts, 0.7)
        full = cv2.GaussianBlur(g, (0, 0), 0.7)
        a = cv2.remap(full, pts[:, 0].reshape(1, -1), pts[:, 1].reshape(1, -1), cv2.INTER_LINEAR,
                      borderMode=cv2.BORDER_REPLICATE)
        q = pts - off
        b = cv2.remap(crop, q[:, 0].reshape(1, -1), q[:, 1].reshape(1, -1), cv2.INTER_LINEAR,
                      borderMode=cv2.BORDER_REPLICATE)
        assert np.array_equal(a, b)


def test_finder_agreement_is_one_on_a_qr_and_low_on_noise():
    import segno
    code = segno.make("HW1:rew:2:night25013:4:a4:b", error="m")
    light = ~np.array(code.matrix, bool)
    assert qr._finder_agreement(light) == 1.0
    noise = np.random.default_rng(0).random(light.shape) > 0.5
    assert qr._finder_agreement(noise) < qr.FINDER_MIN


def test_berm_candidates_settled_in_one_pass_match_the_one_by_one_evidence():
    from scorer.photo.normalise import Calibration, Normalised
    rng = np.random.default_rng(5)
    h, w = 400, 300
    ink = (rng.random((h, w)) ** 400 * 3).astype(np.float32)   # a few specks
    cv2.line(ink, (40, 50), (250, 60), 3.0, 3)        # one drawn line among the noise
    cal = Calibration((0.0, 1.0), (0.0, 1.0), 0.01, 1.0, True, 0.06, 9.0)
    z = np.zeros((h, w), np.float32)
    n = Normalised(5.0, np.ones((h, w, 3), np.float32), z, z, z, ink, rng.random((h, w)) > 0.05, cal)
    segs = [(8.0, 10.0, 50.0, 12.0), (8.0, 10.0, 8.0, 60.0), (10.0, 20.0, 55.0, 70.0), (20.0, 5.0, 20.0, 40.0)]
    together = berms.lines_evidence(n, segs)
    plain = berms._plain_segments([berms._geometry(s) for s in segs], *_flat(n, segs))
    assert plain[0] is None and sum(p is not None and p[1] > 0 for p in plain) >= 2   # both paths taken
    for seg, ev in zip(segs, together):
        alone = berms._evidence(seg, berms._geometry(seg), *_sampled(n, seg))
        # `lines_evidence` adds the trace's ends and, with no line found, the print along it (PH184)
        added = ("ends", "print_share", "print_ink")
        assert {k: v for k, v in ev.items() if not k.startswith("_") and k not in added} == \
               {k: v for k, v in alone.items() if not k.startswith("_")}


def _sampled(n, seg):
    g = berms._geometry(seg)
    both = cv2.merge([n.ink, n.known.astype(np.float32)])
    got = berms._sample(both, g[6], g[7], n.pxmm)
    return got[..., 0], got[..., 1] > 0.5


def _flat(n, segs):
    got = [_sampled(n, s) for s in segs]
    return np.concatenate([g[0].ravel() for g in got]), np.concatenate([g[1].ravel() for g in got])


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("size", [1, 2, 3, 4, 7, 10, 61, 100])
def test_stats_median_is_numpys_bit_for_bit(dtype, size):
    from scorer.photo.stats import median
    rng = np.random.default_rng(size)
    for _ in range(20):
        x = (rng.random(size) * 3 - 1).astype(dtype)
        want, got = np.median(x), median(x)
        assert got.dtype == want.dtype and got == want
    x = (rng.random((size, 3)) * 3).astype(dtype)          # flattened as np.median does
    assert median(x) == np.median(x)


def test_stats_median_keeps_numpys_nan_and_integer_results():
    from scorer.photo.stats import median
    assert np.isnan(median(np.array([1.0, np.nan, 3.0, 2.0])))
    ints = np.array([3, 1, 2], np.int64)
    assert median(ints) == np.median(ints) and median(ints).dtype == np.float64
