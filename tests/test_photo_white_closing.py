"""The paper white's closing (PH138): a true closing for any kernel size, so that the
white under a shadow's soft edge sits where the edge is."""
from __future__ import annotations

import cv2
import numpy as np
import pytest

from benchmarks.photogen.camera import photograph
from scorer.photo.layout import layout
from scorer.photo.markmap import EMPTY
from scorer.photo.normalise import Blocks, closed, closing
from scorer.photo.pipeline import scan_bytes
from sheets.paper import PAPERS

from test_photo_re_wilding import _page_with_qr
from test_photo_shadow import MARKS, PX, SHOT, SID, _centre

BPM = 5 / 3   # Re-Wilding's 0.6 mm blocks: a 7 mm closing is a 12-block ellipse


def _ramp(angle_deg: float, n: int = 64) -> np.ndarray:
    """A white sloping evenly (no valley for a closing to fill), HxWx3."""
    yy, xx = np.mgrid[0:n, 0:n].astype(np.float32)
    a = np.deg2rad(angle_deg)
    v = 0.5 + 0.006 * (xx * np.cos(a) + yy * np.sin(a))
    return np.repeat(v[..., None], 3, axis=2)


@pytest.mark.parametrize("angle", [0.0, 45.0, 90.0, 200.0, 300.0])
def test_the_white_closing_moves_no_edge(angle):
    ramp = _ramp(angle)
    inner = np.s_[14:-14, 14:-14]
    exact = closed(Blocks(ramp, 0.6, BPM), 7, smooth=0).white
    assert np.abs(exact - ramp)[inner].max() < 1e-5


@pytest.mark.parametrize("angle, shift", [(0.0, (0, 1)), (90.0, (1, 0))])
def test_opencvs_closing_with_an_even_kernel_moves_a_slope_by_a_block(angle, shift):
    ramp = _ramp(angle)
    inner = np.s_[14:-14, 14:-14]
    opencv = closed(Blocks(ramp, 0.6, BPM), 7, smooth=0, exact=False).white
    moved = np.roll(ramp, shift, axis=(0, 1))     # the slope a block along, right or down
    assert np.abs(opencv - moved)[inner].max() < 1e-5
    assert np.abs(opencv - ramp)[inner].max() > 0.005


def test_the_closing_is_opencvs_for_an_odd_kernel_and_still_fills_ink():
    rng = np.random.default_rng(1)
    img = rng.uniform(0.2, 1.0, (50, 50)).astype(np.float32)
    k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (7, 7))
    assert np.array_equal(closing(img, k), cv2.morphologyEx(img, cv2.MORPH_CLOSE, k))
    white = np.full((40, 40, 3), 0.9, np.float32)
    white[18:23, 18:23] = 0.3              # a fill 3 mm across on 0.6 mm blocks: ink, not light
    assert np.allclose(closed(Blocks(white, 0.6, BPM), 7, smooth=0).white, 0.9)


def test_a_soft_shadow_edge_across_the_hunger_boxes_leaves_them_empty(monkeypatch):
    """Judge photo re-wilding-730032 (7.5 MP): a cast shadow's soft edge crosses the
    calendar and the first hunger boxes. The white closed a block off was too bright on the
    shaded side, and the shaded paper in the boxes read as faint fills."""
    page = _page_with_qr(SID, SID.encode(), PX)
    lay = layout("re_wilding")
    ox, oy = (PAPERS["a4"].width - lay.frame_w) / 2, (PAPERS["a4"].height - lay.frame_h) / 2
    cx, cy = _centre("cal-2-zero")
    yy, xx = np.mgrid[0:page.shape[0], 0:page.shape[1]].astype(np.float32) / PX
    a = np.deg2rad(80.0)
    dist = (xx - ox - cx) * np.sin(a) - (yy - oy - cy) * np.cos(a)
    light = 1.0 - 0.45 / (1.0 + np.exp(-dist / 0.8))
    jpeg, _, _ = photograph((page * light[..., None]).round().astype(np.uint8), PX, SHOT, np.random.default_rng(5))
    hunger = [m for m in MARKS if m.startswith("hunger-") and m.endswith("-1")]

    def doubted() -> list[str]:
        return [r.mark.id for r in scan_bytes(jpeg).readings
                if r.mark.id in hunger and (r.state != EMPTY or r.unsure)]

    assert doubted() == []
    from scorer.photo import normalise
    exact = normalise.closing
    monkeypatch.setattr(normalise, "closing", lambda img, k: cv2.morphologyEx(img, cv2.MORPH_CLOSE, k))
    assert doubted()
    monkeypatch.setattr(normalise, "closing", exact)
