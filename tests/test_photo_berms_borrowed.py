"""PH39 and PH213: a traced end reached only across a blind stretch, on another drawn line's
ink or on a stray speck past a pile the line had reached."""
from __future__ import annotations

import numpy as np

from scorer.photo import berms

PXMM = 4.0


class _N:
    pxmm = PXMM


def _both(w_mm: float = 100.0, h_mm: float = 60.0) -> np.ndarray:
    """Ink score and known mask (two channels) of a plain sheet."""
    img = np.zeros((int(h_mm * PXMM), int(w_mm * PXMM), 2), np.float32)
    img[..., 1] = 1.0
    return img


def _ink(img: np.ndarray, x0: float, x1: float, y: float = 30.0, score: float = 3.0) -> None:
    img[int((y - 0.2) * PXMM):int((y + 0.2) * PXMM) + 1, int(x0 * PXMM):int(x1 * PXMM), 0] = score


def test_the_trace_records_the_blind_stretch_it_crossed_and_the_ink_beyond():
    # a line drawn from (12, 30) to x = 40, print hiding x = 40-46, then ink again at 46-47
    both = _both()
    _ink(both, 12, 40)
    both[:, int(40 * PXMM):int(46 * PXMM), 1] = 0.0
    _ink(both, 46, 47)
    reach: dict = {}
    ends, _ = berms.trace(_N(), (10.0, 30.0, 60.0, 30.0), (0.0, 0.0), both=both, reach=reach)
    assert abs(ends[1] - 13.0) < 0.5                        # the trace crossed the print
    (before, point, unseen, beyond, peaks), = reach["jumps"][1]
    assert abs(before - 20.0) < 0.5 and abs(point[0] - 40.0) < 0.5
    assert len(peaks) == len(beyond) and peaks.max() == 3.0 and reach["line_peak"] == 3.0
    assert 13.0 < unseen < 15.0                             # the stretch may hide a line to x = 46
    assert len(beyond) and np.all((beyond[:, 0] > 45.5) & (beyond[:, 0] < 47.5))
    assert reach["jumps"][0] == []                          # the other end stops in the open


def _case(beyond_y: float, family: bool = False):
    """Candidate c (0,0)-(50,0) whose trace crossed a blind stretch at its far end to ink at
    (48-49, beyond_y); line o, fully inked, runs from (60,-20) to (49,0)."""
    beyond = np.array([[48.0, beyond_y], [48.5, beyond_y], [49.0, beyond_y]])
    c = {"_pts": np.zeros((3, 2)), "coverage": 0.95, "offset": 1.0, "_prof": True, "ends": (1.0, 1.0),
         "_end_pts": ((0.0, 0.0), (49.0, 0.0)), "_ends_hidden": (1.0, 1.0),
         "_jumps": [[], [(8.0, np.array([42.0, 0.0]), 3.0, beyond, np.full(3, 3.0))]], "_line_peak": 3.0}
    o = {"_pts": np.zeros((3, 2)), "coverage": 1.0, "offset": 0.5, "_prof": True, "ends": (1.0, 1.0)}
    segs = {"c": berms._extend(np.array([0.0, 0.0]), np.array([50.0, 0.0])),
            "o": berms._extend(np.array([60.0, -20.0]), np.array([49.0, 0.0]))}
    fam = {"c": {"o"} if family else set(), "o": {"c"} if family else set()}
    return berms.cut_borrowed_ends({"c": c, "o": o}, segs, fam)


def test_an_end_reached_on_another_lines_ink_is_taken_back_to_the_ink_before_the_stretch():
    got = _case(beyond_y=0.0)["c"]
    assert got["ends"] == (1.0, 8.0) and got["_ends_hidden"] == (1.0, 3.0)
    assert tuple(got["_end_pts"][1]) == (42.0, 0.0) and got["borrowed_end"] and "speck_end" not in got


def test_ink_beyond_the_stretch_that_no_other_line_explains_keeps_the_end():
    assert _case(beyond_y=-6.0) == {}        # 3.8 mm off line o: this line's own ink


def test_a_near_collinear_neighbour_of_the_same_family_borrows_nothing():
    assert _case(beyond_y=0.0, family=True) == {}


def test_a_line_traced_to_both_piles_is_not_held_off_by_its_corridor_fit():
    # PH41, fresh photo raging-waters-290043: a bowed berm whose corridor fit (6 mm left out
    # at each end) misses a pile by 2.8 mm, while its ink, traced and re-fitted along all of
    # it, ends 1.1 and 1.7 mm from its piles; it read unsure at p = 0.968
    from scorer.photo.decide import CONFIDENT, probability, score_line
    ev = {"coverage": 0.9, "gap": 1.5, "offset": 2.823, "clutter": 0.0, "ends": (1.057, 1.735)}
    assert probability("line", score_line(ev)) >= CONFIDENT
    assert probability("line", score_line({**ev, "ends": (1.057, 2.823)})) < CONFIDENT
    # a neighbour's fit far off stays penalised where its traced ink ends far off too
    far = {**ev, "offset": 3.5, "ends": (1.0, 7.0)}
    assert score_line(far) < score_line(ev) - 0.5


def _speck_case(before: float, peaks: list[float], line_peak: float = 6.6):
    """Candidate c (0,0)-(50,0), drawn, whose trace came within `before` mm of its far pile,
    crossed a blind stretch past it and found ink with these peaks beyond; no other line."""
    beyond = np.array([[58.0 + 0.25 * i, 0.0] for i in range(len(peaks))])
    c = {"_pts": np.zeros((3, 2)), "coverage": 1.0, "offset": 1.0, "_prof": True, "ends": (1.0, 8.5),
         "_end_pts": ((0.0, 0.0), (58.5, 0.0)), "_ends_hidden": (1.0, 1.0), "_line_peak": line_peak,
         "_jumps": [[], [(before, np.array([50.0 - before, 0.0]), 1.0, beyond, np.array(peaks))]]}
    segs = {"c": berms._extend(np.array([0.0, 0.0]), np.array([50.0, 0.0]))}
    return berms.cut_borrowed_ends({"c": c}, segs, {"c": set()})


def test_a_faint_speck_past_a_pile_the_line_reached_is_no_end_of_it():
    # PH213, judge raging-waters-2770006 (2.1 MP): Boglandia's drawn E1-S1 reached S1 (0.98 mm),
    # crossed its mound and the field's border unseen, and found 3 stations 13 mm on whose ink
    # (1.17) was 0.18 of the line's own (6.62): its end read 13.9 mm past S1, which left its
    # family to PH124's doubt at p = 0.7
    got = _speck_case(0.98, [1.09, 1.17, 1.19])["c"]
    assert got["ends"] == (1.0, 0.98) and got["_ends_hidden"] == (1.0, 1.0) and got["speck_end"]
    assert tuple(got["_end_pts"][1]) == (49.02, 0.0) and "borrowed_end" not in got


def test_the_same_pens_ink_a_line_short_of_its_pile_or_more_than_a_speck_keeps_the_end():
    assert _speck_case(0.98, [5.0, 6.0, 6.5]) == {}                  # as dark as the line: run on
    assert _speck_case(berms.SPECK_AT + 0.5, [1.1, 1.2, 1.1]) == {}   # not at its pile yet (PH30)
    assert _speck_case(0.98, [1.1] * (berms.SPECK_STATIONS + 1)) == {}   # a stroke, not a speck
