"""PH193: a shadow's tone over a house's place runs on past it; a drawn dot stops."""
from __future__ import annotations

import cv2
import numpy as np
import pytest

from scorer.photo import marks as area
from scorer.photo.decide import CONFIDENT, DOT_CORE_PEAK, DOT_RING_TONE, decide
from scorer.photo.markmap import MARKED, Mark
from test_photo_stages import AQ, PX, _norm, _page

HX, HY = AQ.to_mm(4, 4)


def _tip(img: np.ndarray, depth: float) -> np.ndarray:
    """A cast shadow's narrow tip (9 by 2.2 mm, soft) over the place, taking `depth` of the light."""
    m = np.zeros(img.shape[:2], np.float32)
    cv2.ellipse(m, (round((HX - 3) * PX), round((HY - 2) * PX)), (round(9 * PX), round(2.2 * PX)), 30, 0, 360, 1.0, -1)
    m = cv2.GaussianBlur(m, (0, 0), 1.0 * PX)
    return np.clip(img.astype(np.float32) * (1 - depth * m)[..., None], 0, 255).astype(np.uint8)


def _dot(img: np.ndarray) -> np.ndarray:
    cv2.circle(img, (round(HX * PX), round(HY * PX)), round(1.5 * PX), (25, 25, 25), -1, cv2.LINE_AA)
    return img


@pytest.mark.parametrize("depth", [0.33, 0.53])
def test_a_shadows_tip_over_an_empty_place_is_unsure(depth):
    # judge raging-waters-1930144 (10.2 MP): a tip over Delta's empty 5,6 read as a house at
    # p = 1.0, with solid ink (0.72 mm) and a dot's mass; its core a grey (0.18), the paper
    # round it inked over 0.42 of the ring
    ev = area.dot_evidence(_norm(_tip(_page(), depth)), HX, HY, [], 0.3)
    assert ev["thickness"] >= area.DOT_SOLID and ev["mass"] > 2.0
    assert ev["ring_tone"] >= DOT_RING_TONE and ev["core_peak"] < DOT_CORE_PEAK
    r = decide(Mark("h", "dot", ()), ev)
    assert r.state == MARKED and r.unsure and r.confidence < CONFIDENT


def test_a_drawn_dot_stays_a_dot_in_the_open_or_under_a_shadow():
    clean = area.dot_evidence(_norm(_dot(_page())), HX, HY, [], 0.3)
    assert clean["ring_tone"] < 0.05 and clean["core_peak"] >= DOT_CORE_PEAK
    shaded = area.dot_evidence(_norm(_dot(_tip(_page(), 0.45))), HX, HY, [], 0.3)
    assert shaded["ring_tone"] >= DOT_RING_TONE          # the tone runs on round it...
    for ev in (clean, shaded):                           # ...but its core is near black
        r = decide(Mark("h", "dot", ()), ev)
        assert r.state == MARKED and not r.unsure
