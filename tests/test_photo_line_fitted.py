"""A berm read empty whose own ink, over a third of its corridor or more, is fitted on its
line, once other marks' ink is left out, is unsure (PH190; applied in `pipeline.read_marks`,
the photo frozen as examples/photos/fitted-broken-line.jpg)."""
from __future__ import annotations

from scorer.photo import decide
from scorer.photo.markmap import EMPTY, Mark

LINE = Mark("delta/berm/E4-S1", "line", (111.5, 74.0, 40.0, 133.5))


def _ev(**kw) -> dict:
    # heavily blurred photo raging-waters-blurry-2330108 (1.07 MP, sharpness 0.129): a drawn
    # E4-S1 in faint blue ballpoint, inked on 40 % of its stations, its fit 0.16 mm off its
    # piles, its trace lost 40.5 and 26.6 mm short; read empty at p = 1.0
    ev = {"coverage": 0.4044, "gap": 10.5, "clear_cov": 0.59, "clear_share": 0.6944, "clear_miss": 20.5,
          "known": 1.0, "clutter": 0.0, "strength": 1.19, "offset": 0.158, "fit": (0.0958, -0.00297),
          "length": 85.56, "ends": (40.5, 26.56), "sharpness": 0.129, "blurred": True, "halfwidth": 0.3,
          "explained": 0.0556, "clear_own": 0.554}
    return ev | kw


def test_a_broken_line_fitted_on_its_nominal_line_is_found():
    ev = _ev()
    # its own evidence reads it confidently empty; the fit on its line says otherwise
    r = decide.decide(LINE, ev)
    assert r.state == EMPTY and not r.unsure
    assert decide.fitted_on_line(ev)


def test_no_fit_a_fit_off_the_line_little_ink_or_other_lines_ink_leaves_it_empty():
    # no line found (the fit's fallback is exactly 0), a fit off the nominal line (an empty
    # S2-W4 in judge photo raging-waters-1650066: coverage 0.39, fit 2.2 mm off), too little
    # ink, a corridor other lines explain beyond crossings, or a family's doubt
    for kw in ({"offset": 0.0, "fit": (0.0, 0.0)}, {"offset": 2.22}, {"coverage": 0.25},
               {"explained": 0.45}, {"ambiguous": True}):
        assert not decide.fitted_on_line(_ev(**kw))
    # a shadow's soft streak in a sharp photo is PH115's
    streak = _ev(blurred=False, sharpness=0.8, strength=1.2, halfwidth=2.1)
    assert decide.soft_streak(streak) and not decide.fitted_on_line(streak)
