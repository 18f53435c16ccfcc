"""Re-Wilding boxes a player fills: a box with no strong sample in a sharp photo (ruling PH52)."""
from __future__ import annotations

from scorer.photo import decide
from scorer.photo.decide import decide_multi
from scorer.photo.markmap import EMPTY, FILLED, Mark

from test_photo_blurred import BOX, PRINTED


def test_a_box_with_no_strong_sample_in_a_sharp_photo_is_empty():
    # PH52, fresh photo re-wilding-230111 (8.4 MP): empty protection and clean-up boxes beside
    # a crossed printed box held a lighting ramp over 32-40 % of the inside, none of it at
    # twice the threshold; read empty at p = 0.62 and 0.89. A fitting photo (200180, 3.6 px
    # per mm) read such a calendar box filled at p = 0.987
    ramp = {"ink": 0.40, "black": 0.0, "cross": 0.0, "arms": -0.09, "visible": 0.80, "photo_pxmm": 6.3,
            "strong": 0.0, "sharpness": 0.85}
    got = decide_multi(BOX, ramp)
    assert got.state == EMPTY and not got.unsure and got.confidence >= 1 - decide.NO_STRONG_P
    cal = Mark("cal-7-plus", "fillbox", (0, 0, 4.2, 4.2), (EMPTY, FILLED), "calendar", "box")
    got = decide_multi(cal, ramp | {"ink": 0.56, "photo_pxmm": 3.6})
    assert got.state == EMPTY and not got.unsure
    # the faintest filled box there has strong ink over 18 % of its inside: read as before
    assert decide_multi(BOX, ramp | {"strong": 0.18, "ink": 0.46}).state == FILLED
    # under 3 px per mm, or blurred, a faint fill may show no strong sample (fitting photo
    # re-wilding-200112): the rule does not apply
    for ev in (ramp | {"photo_pxmm": 2.7}, ramp | {"blurred": True}):
        assert decide_multi(BOX, ev).confidence < 1 - decide.NO_STRONG_P
    # a box printed filled is read for its cross only
    assert decide_multi(PRINTED, ramp).state == FILLED
