"""A tick box read ticked with no stroke of a player's, under a tone that runs on over the
paper round it, is unsure (PH191)."""
from __future__ import annotations

from scorer.photo import decide
from scorer.photo.markmap import MARKED, Mark

LEFT = Mark("canalville/left", "box", (0.0, 0.0, 8.0, 8.0))


def _ev(**kw) -> dict:
    # judge photo raging-waters-1860135 (9.5 MP, sharp): a cast shadow's narrow band across
    # the empty LEFT box, strong samples over 27 % of it, no slash or arms, 12 % of the ring
    # round it inked; read ticked at p = 1.0
    ev = {"fraction": 0.4933, "strong": 0.2667, "spread": 0.6667, "visible": 1.0, "level": 1.029,
          "ring": 0.1207, "arms": -0.1402, "slash": -0.083, "sharpness": 0.854}
    return ev | kw


def test_a_tone_with_no_stroke_that_runs_on_round_the_box_is_unsure():
    r = decide.decide(LEFT, _ev())
    assert r.state == MARKED and r.unsure
    assert _ev()["ring"] < decide.RING_DOUBT        # PH34's bar alone did not reach it


def test_a_fill_inside_its_box_or_a_stroke_stays_ticked():
    # a fill stays inside: of 447 boxes ticked with no stroke none reached a ring of 0.06
    assert not decide.decide(LEFT, _ev(ring=0.057)).unsure
    # a slash along a diagonal is a player's stroke, whatever the paper round it shows
    assert not decide.decide(LEFT, _ev(slash=0.3)).unsure
    # a dense fill over the whole box that overruns it (judge raging-waters-1900055, a black
    # fill: strong samples over all of it, 8 % of the ring inked)
    fill = _ev(fraction=1.0, strong=1.0, spread=1.0, level=10.92, ring=0.0805, arms=0.0378, slash=0.0395)
    assert decide.no_stroke(fill) and fill["ring"] >= decide.RING_TONE
    assert not decide.decide(LEFT, fill).unsure
