"""A berm read empty though inked over half its corridor and traced to one of its piles is
unsure (PH185)."""
from __future__ import annotations

from scorer.photo import decide
from scorer.photo.markmap import EMPTY, MARKED, Mark

LINE = Mark("delta/berm/E2-W3", "line", (88.5, 40.0, 11.5, 51.0))


def _ev(**kw) -> dict:
    # judge photo raging-waters-1390037 (1.4 MP, blurred): a drawn E2-W3 under a printed
    # label, its trace broken there 29.7 mm short of W3; read empty at p = 0.996
    ev = {"coverage": 0.5, "gap": 13.0, "clear_cov": 0.735, "clear_share": 0.785, "clear_miss": 13.5,
          "known": 1.0, "clutter": 0.008, "strength": 2.1, "offset": 0.0, "fit": (0.0, 0.0), "length": 77.2,
          "ends": (1.31, 29.7), "sharpness": 0.2, "blurred": True, "explained": 0.26, "clear_own": 0.65}
    return ev | kw


def test_a_line_half_inked_and_traced_to_one_pile_is_unsure():
    r = decide.decide(LINE, _ev())
    assert r.state == EMPTY and r.unsure and r.alternative == MARKED
    assert decide.probability(decide.curve("line", _ev()), decide.score_line(_ev())) < 1 - decide.CONFIDENT


def test_ink_that_reaches_neither_pile_or_covers_less_leaves_it_empty():
    # an empty N3-E4 in a blurred photo (raging-waters-blurry-2300297): coverage 0.38, 0.40
    # on plain paper, one end 2.2 mm from its pile; read empty at p = 0.9999
    for kw in ({"ends": (8.3, 29.7)}, {"coverage": 0.38, "clear_cov": 0.40, "ends": (16.8, 2.2)},
               {"clear_cov": 0.5}, {"ambiguous": True, "ends": (1.31, 29.7)}):
        assert not decide.traced_from_pile(_ev(**kw))
    assert not decide.decide(LINE, _ev(ends=(8.3, 29.7))).unsure


def test_a_corridor_of_other_lines_ink_or_a_shadows_streak_is_left_to_its_own_rules():
    # PH118's fan (raging-waters-470182: an empty N1-E2 inked 86 %, traced to 3.6 mm of N1,
    # 53 % of it explained by the lines beside it) and PH115's soft streak stay empty
    assert not decide.traced_from_pile(_ev(coverage=0.855, clear_cov=0.892, ends=(3.6, 21.3), explained=0.53))
    streak = _ev(coverage=1.0, clear_cov=1.0, ends=(1.0, 1.2), explained=0.0, blurred=False, sharpness=0.8,
                 strength=1.2, halfwidth=2.1)
    assert decide.soft_streak(streak) and not decide.traced_from_pile(streak)
