"""Re-Wilding: an outline read crossed by its black share alone, in colourful ink (PH77)."""
from __future__ import annotations

from scorer.photo import decide
from scorer.photo.markmap import COLOURED, CROSSED

from test_photo_stages import _rew_marks

# judge photo re-wilding-430119 (3.1 MP, 3.7 px per mm): a bullrush coloured densely in blue
# ballpoint; "black" (1 - the brightest channel) reached 0.8 with no cross's arms at all
BLUE_BULLRUSH = {"ink": 1.0, "black": 0.8, "arms": -0.014, "visible": 0.072, "photo_pxmm": 3.698,
                 "mass": 1.974, "mass_dark": 1.871, "mass_chroma": 0.199, "arms_base": -0.007,
                 "sharpness": 0.427}


def test_dense_blue_colouring_that_measures_black_is_no_confident_cross():
    r = decide.decide_multi(_rew_marks()["sq-3-1-plant-1"], dict(BLUE_BULLRUSH))
    assert r.state == CROSSED and r.unsure and r.alternative is not None
    assert r.confidence <= 0.75


def test_blurred_ballpoint_whose_chroma_is_low_but_above_any_scribbles_is_no_confident_cross():
    # judge photo re-wilding-460163 (2.7 MP, 3.6 px per mm, blurred): black 1.0, chroma 0.122,
    # where the 185 crossed outlines with black 0.6 or more of 6,200 photos reach 0.080 (PH86)
    ev = {"ink": 1.0, "black": 1.0, "arms": -0.0144, "visible": 0.087, "photo_pxmm": 3.5727,
          "mass": 1.9468, "mass_dark": 1.6944, "mass_chroma": 0.1224, "arms_base": -0.001,
          "sharpness": 0.216, "blurred": True}
    r = decide.decide_multi(_rew_marks()["sq-3-2-plant-2"], ev)
    assert r.state == CROSSED and r.unsure and r.alternative == COLOURED
    assert not decide.decide_multi(_rew_marks()["sq-3-2-plant-2"], dict(ev, mass_chroma=0.08)).unsure


def test_a_black_scribble_in_colourless_ink_still_reads_crossed():
    # the same share of black with the chroma black ink has (crossed outlines with black
    # 0.6 or more reach 0.08 on 5,800 photos) is a scribble: crossed with confidence
    ev = dict(BLUE_BULLRUSH, mass_chroma=0.02)
    r = decide.decide_multi(_rew_marks()["sq-3-1-plant-1"], ev)
    assert r.state == CROSSED and not r.unsure


def test_a_cross_whose_arms_show_keeps_its_reading_in_colourful_ink():
    # an X drawn over blue colouring: the arms carry the cross, the black share adds nothing
    ev = dict(BLUE_BULLRUSH, arms=0.9, arms_base=0.0)
    r = decide.decide_multi(_rew_marks()["sq-3-1-plant-1"], ev)
    assert r.state == CROSSED and not r.unsure
    assert COLOURED in r.mark.states
