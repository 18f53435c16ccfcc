"""A swamp square hatched in faint pencil in a blurred photo is unsure, not empty (PH187)."""
from __future__ import annotations

from scorer.photo import decide
from scorer.photo.markmap import EMPTY, MARKED, Mark

CELL = Mark("boglandia/swamp/5,2", "cell", (60.0, 80.0, 11.0, 11.0))


def _ev(**kw) -> dict:
    # judge photo raging-waters-1730142 (1.2 MP, sharpness 0.134): Boglandia's 5,2 hatched in
    # faint pencil, read empty at p = 0.996
    ev = {"fraction": 0.011, "strong": 0.0, "spread": 0.111, "visible": 0.956, "level": 0.221,
          "texture": 0.108, "sharpness": 0.134, "blurred": True}
    return ev | kw


def test_a_faint_hatch_in_a_blurred_photo_is_unsure():
    assert decide.probability(decide.curve("cell", _ev()), _ev()["level"]) < 1 - decide.CONFIDENT
    r = decide.decide(CELL, _ev())
    assert r.state == EMPTY and r.unsure and r.alternative == MARKED


def test_the_empty_squares_below_the_band_or_in_a_sharp_photo_or_half_hidden_stay_sure():
    # blurred empty squares seen in full reach 0.252 on 1,700 photos, most of them under 0.2
    for kw in ({"level": 0.19}, {"blurred": False, "sharpness": 0.5, "texture": 0.05}, {"visible": 0.5}):
        r = decide.decide(CELL, _ev(**kw))
        assert r.state == EMPTY and not r.unsure, kw
