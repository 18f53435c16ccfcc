"""berms.explain on hand-made evidence: which candidate the drawn ink belongs to (PH2)."""
from __future__ import annotations

import numpy as np
import pytest

from scorer.photo import berms

STEP = berms.STEP


def _ev(p0, p1, hit_fn) -> tuple[dict, tuple]:
    """Evidence for the candidate p0-p1 whose stations are hit where hit_fn(point) holds."""
    p0, p1 = np.asarray(p0, float), np.asarray(p1, float)
    L = float(np.linalg.norm(p1 - p0))
    t = np.arange(0.0, L + 1e-9, STEP)
    pts = p0 + (p1 - p0) * (t / L)[:, None]
    hit = np.array([hit_fn(p) for p in pts])
    valid = np.ones(len(t), bool)
    ev = {"_pts": pts, "_hit": hit, "_valid": valid, "coverage": float(hit.mean()),
          "gap": berms._longest_miss(hit, valid) * STEP, "length": L, "offset": 0.0, "clutter": 0.0}
    return ev, (tuple(p0), tuple(p1))


def _explain(drawn_cov: float):
    # "a" is drawn from the shared pile (0, 0); "b" leaves the same pile 11 degrees away and
    # is crossed by "c". b's corridor holds a's ink near the pile, c's ink at the crossing,
    # and specks of something else (a hatched square): 37 % of it inked, none of it b's own
    specks = lambda p: int(p[0] * 10) % 5 == 0   # noqa: E731 - one station in five
    a, seg_a = _ev((0, 0), (80, 0), lambda p: (p[0] % 10) < 10 * drawn_cov)
    c, seg_c = _ev((40, -10), (40, 30), lambda p: True)
    b, seg_b = _ev((0, 0), (80, 16), lambda p: p[1] < 2.0 or abs(p[0] - 40) < 2.0 or specks(p))
    assert 0.3 <= b["coverage"] < 0.6
    is_line = lambda ev: ev["coverage"] >= 0.6     # noqa: E731
    is_sure = lambda ev: ev["coverage"] >= 0.9     # noqa: E731
    out = berms.explain([("a", a, seg_a), ("b", b, seg_b), ("c", c, seg_c)], is_line, is_sure)
    return b, out["b"]


def test_ink_of_confidently_drawn_neighbours_is_no_evidence_for_a_partly_inked_candidate():
    before, after = _explain(drawn_cov=1.0)
    assert after["explained"] > 0.1
    assert after["coverage"] < before["coverage"] - 0.1      # judged on its own stations
    assert after["coverage"] < berms.PARTLY


def test_only_confidently_drawn_lines_explain_ink_away():
    _, with_sure = _explain(drawn_cov=1.0)
    _, with_unsure = _explain(drawn_cov=0.7)     # a is a line, but not a sure one
    # only the crossing c explains b's ink now; a's share near the shared pile counts again
    assert with_unsure.get("explained", 0.0) < with_sure["explained"]
    assert with_unsure["coverage"] > with_sure["coverage"]


def _with_profile(ev: dict, p0, p1, ink_off_line: float) -> dict:
    """Add the across-corridor samples `second_line` reads: ink everywhere off the line
    at this level (0: plain paper beside it; 1.5: a second line along the corridor)."""
    p0, p1 = np.asarray(p0, float), np.asarray(p1, float)
    u = (p1 - p0) / np.linalg.norm(p1 - p0)
    v = np.array([-u[1], u[0]])
    offs = np.arange(-3.4, 3.41, 0.2)
    pts = ev["_pts"]
    px = pts[:, 0:1] + v[0] * offs[None, :]
    py = pts[:, 1:2] + v[1] * offs[None, :]
    return dict(ev, _px=px, _py=py, _prof=np.full(px.shape, ink_off_line), _known=np.ones(px.shape, bool))


def _neighbour_case(traced_to, ink_off_line=0.0, rq_emptied=False):
    # piles P (0, 0) and R (11, 0) on one edge, Q (40, 60) across the field; R-Q is drawn
    # in full. The ink along candidate P-Q, traced, ends at Q and at `traced_to`.
    P, R, Q = (0.0, 0.0), (11.0, 0.0), (40.0, 60.0)
    rq, seg_rq = _ev(R, Q, lambda p: True)
    rq.update(_nominal=(R, Q), ends=(1.0, 1.2), _end_pts=(np.array(R), np.array(Q)))
    pq, seg_pq = _ev(P, Q, lambda p: p[1] > 25)           # inked where it nears R-Q
    pq = _with_profile(pq, P, Q, ink_off_line)
    end = np.asarray(traced_to, float)
    pq.update(_nominal=(P, Q), ends=(float(np.linalg.norm(end - P)), 1.4), _end_pts=(end, np.array(Q)),
              coverage=0.6)
    raw = {"R-Q": rq, "P-Q": pq}
    segs = {"R-Q": berms._extend(np.array(R), np.array(Q)), "P-Q": berms._extend(np.array(P), np.array(Q))}
    out = {k: dict(v) for k, v in raw.items()}
    if rq_emptied:   # already settled empty: a family's loser by its ends
        out["R-Q"] = berms._emptied(out["R-Q"], rq, explained_by_ends=True)
    return berms.settle_by_neighbour(out, raw, segs)["P-Q"]


def test_ink_traced_to_a_neighbours_pile_is_the_neighbours():
    got = _neighbour_case(traced_to=(10.2, 1.0))     # the trace followed R-Q to R
    assert got["coverage"] == 0.0 and got["owner"] == "R-Q" and not got["ambiguous"]


def test_a_second_line_along_the_corridor_keeps_the_candidate():
    got = _neighbour_case(traced_to=(10.2, 1.0), ink_off_line=1.5)
    assert got["coverage"] == 0.6 and got.get("ambiguous") is not True


def test_a_line_already_emptied_by_its_ends_owns_no_ink():
    # PH178, judge raging-waters-1470076 (2.7 MP): Delta's E4-S4 drawn, its trace ending
    # 7 mm short of E4 by E3; E3-S4, its family's loser (its ink 9.1 mm from E3), already
    # emptied, was still taken for the owner of E4-S4's ink, its fit lying on that ink, and
    # E4-S4 read empty at p = 1.0, a confident wrong mark
    got = _neighbour_case(traced_to=(10.2, 1.0), rq_emptied=True)
    assert got["coverage"] == 0.6 and "owner" not in got and not got.get("ambiguous")


def test_ink_that_stops_in_the_open_is_left_to_the_score():
    got = _neighbour_case(traced_to=(8.0, 12.0))     # short of P, but at no pile: a fading line
    assert got["coverage"] == 0.6 and "owner" not in got


def _hatched_neighbour_case(second_piece=False):
    # P-Q as above, its trace ending at R; a shaded swamp square (x 0-20, y 5-25) lies across
    # its own corridor, the hatching inked wherever it is (judge raging-waters-640073)
    P, R, Q = (0.0, 0.0), (11.0, 0.0), (40.0, 60.0)
    rq, seg_rq = _ev(R, Q, lambda p: True)
    rq.update(_nominal=(R, Q), ends=(1.0, 1.2), _end_pts=(np.array(R), np.array(Q)))
    pq, seg_pq = _ev(P, Q, lambda p: p[1] > 25)
    pq = _with_profile(pq, P, Q, 0.0)
    in_square = lambda x, y: (x >= 0) & (x <= 20) & (y >= 5) & (y <= 25)      # noqa: E731
    piece = second_piece & (pq["_py"] >= 30) & (pq["_py"] <= 40)      # ink of its own past the swamp
    pq["_prof"] = np.where(in_square(pq["_px"], pq["_py"]) | piece, 1.5, 0.0)
    pq.update(_nominal=(P, Q), ends=(float(np.linalg.norm(np.array([10.2, 1.0]) - P)), 1.4),
              _end_pts=(np.array([10.2, 1.0]), np.array(Q)), coverage=0.6)
    raw = {"R-Q": rq, "P-Q": pq}
    segs = {"R-Q": berms._extend(np.array(R), np.array(Q)), "P-Q": berms._extend(np.array(P), np.array(Q))}
    got = berms.settle_by_neighbour({k: dict(v) for k, v in raw.items()}, raw, segs)["P-Q"]
    return got, lambda pts: in_square(pts[:, 0], pts[:, 1])


def test_a_shaded_swamps_hatching_is_no_second_line_once_the_swamp_is_read():
    # PH127: the hatching shows as ink off the drawn lines along a third of the corridor,
    # so the candidate stays unsure; with the swamp read shaded, its hatching is left out
    got, on_swamp = _hatched_neighbour_case()
    assert got["ambiguous"] and 0.25 < got["second_line"] < berms.SECOND_LINE
    again = berms.neighbour_again(got, on_swamp)
    assert again is not None and again["coverage"] == 0.0 and not again["ambiguous"]
    assert again["second_line"] <= berms.NEIGHBOUR_BARE
    assert berms.neighbour_again(got, lambda pts: np.zeros(len(pts), bool)) is None   # no swamp read


def test_a_second_line_past_a_shaded_swamp_still_keeps_the_candidate_unsure():
    got, on_swamp = _hatched_neighbour_case(second_piece=True)
    assert got["ambiguous"]
    assert berms.neighbour_again(got, on_swamp) is None


def test_a_miss_along_print_breaks_no_line_once_its_neighbours_ink_is_left_out():
    # PH2: a drawn line whose middle 10 mm runs along a printed line (the pencil adds little
    # darkness there) is unbroken on its own evidence; judged again without the stations a
    # neighbour explains, the same misses must not break it either
    a, _ = _ev((0, 0), (80, 0), lambda p: not 30 <= p[0] < 40)
    along_print = (a["_pts"][:, 0] >= 30) & (a["_pts"][:, 0] < 40)
    a["_breaks"] = a["_valid"] & ~along_print
    a["gap"] = berms._longest_miss(a["_hit"], a["_breaks"]) * STEP
    assert a["gap"] == 0.0
    near_pile = a["_pts"][:, 0] < 12          # another line leaves the same pile
    got = berms._recompute(a, near_pile)
    assert got["gap"] == 0.0 and got["coverage"] < 1.0       # a miss, but no break
    del a["_breaks"]
    assert berms._recompute(a, near_pile)["gap"] >= 10.0      # (what it was without the rule)


def test_a_few_hits_at_a_shallow_crossing_are_the_crossing_lines():
    # PH2: a long candidate crossed at a shallow angle by a drawn line is hit over 10 mm
    # or more (15-30 % of it) where that line's ink runs through its corridor; judged on
    # the stations the drawn line leaves, it is empty
    a, seg_a = _ev((0, 0), (80, 0), lambda p: abs(p[0] - 40) < 7)
    c, seg_c = _ev((0, -8), (80, 8), lambda p: True)
    assert berms.FEW <= a["coverage"] < berms.PARTLY
    is_line = lambda ev: ev["coverage"] >= 0.6     # noqa: E731
    out = berms.explain([("a", a, seg_a), ("c", c, seg_c)], is_line, is_line)
    assert out["a"]["coverage"] < 0.05 and out["a"]["explained"] > 0.1


def test_hits_whose_ink_lies_on_a_drawn_line_are_that_lines():
    # PH2: a candidate's fitted line, pulled towards a drawn line's ink, can keep its stations
    # more than EXPLAINED mm off it; where the ink that made a hit lies on the drawn line
    # (within its half width), the hit is still that line's
    b, seg_b = _ev((0, 2.4), (80, 2.4), lambda p: 20 <= p[0] < 60)
    b["_ink_pts"] = np.where(b["_hit"][:, None], b["_pts"] - [0.0, 2.0], b["_pts"])  # ink at y = 0.4
    a, seg_a = _ev((0, 0), (80, 0), lambda p: True)
    a.update(_prof=np.full((len(a["_pts"]), 5), 2.0) * [[0, 1, 1, 1, 0]], _known=np.ones((len(a["_pts"]), 5), bool))
    is_line = lambda ev: ev["coverage"] >= 0.6     # noqa: E731
    assert (berms._explained_by(b["_pts"], [berms._extend(*map(np.asarray, seg_a))]) == 0).all()
    out = berms.explain([("a", a, seg_a), ("b", b, seg_b)], is_line, is_line)
    assert out["b"]["coverage"] == 0.0
    del b["_ink_pts"]
    assert berms.explain([("a", a, seg_a), ("b", b, seg_b)], is_line, is_line)["b"]["coverage"] == b["coverage"]


def _profile_case(other_at: float, second_at: float | None):
    """A candidate along y = 0 whose corridor profile (-3.4..3.4 mm) holds a drawn line at
    y = other_at, its ink reaching 1.1 mm either side (a thick felt-tip), and maybe a second
    line at y = second_at, from x = 20 on."""
    p0, p1 = np.array([0.0, 0.0]), np.array([60.0, 0.0])
    ev, _ = _ev(p0, p1, lambda p: True)
    offs = np.arange(-3.4, 3.41, 0.2)
    prof = np.where(np.abs(offs - other_at) <= 1.1, 2.0, 0.0)[None, :].repeat(len(ev["_pts"]), 0)
    if second_at is not None:
        prof[ev["_pts"][:, 0] >= 20] += np.where(np.abs(offs - second_at) <= 0.3, 2.0, 0.0)
    ev = _with_profile(ev, p0, p1, 0.0) | {"_prof": prof}
    other = (np.array([-3.0, other_at]), np.array([63.0, other_at]))
    line = {"_prof": np.where(np.abs(offs) <= 1.1, 2.0, 0.0)[None, :].repeat(40, 0),
            "_known": np.ones((40, len(offs)), bool), "_hit": np.ones(40, bool)}
    return ev, other, line


def test_the_flank_of_a_thick_line_is_no_second_line():
    # PH3: ink 1.1 mm either side of a drawn line's centre is that line's; measured on the
    # lines drawn, the mask round it widens, so its flank reads as no second line
    ev, other, line = _profile_case(other_at=1.4, second_at=None)
    assert berms.ink_halfwidth([line]) == pytest.approx(1.1, abs=0.11)
    mask = berms.second_mask([line])
    assert mask > berms.SECOND_MASK
    assert berms.second_line(ev, [other])[0] >= berms.SECOND_LINE        # the old, fixed mask
    assert berms.second_line(ev, [other], mask)[0] <= 0.1


def test_a_second_line_beside_a_thick_line_still_shows():
    ev, other, line = _profile_case(other_at=0.0, second_at=-2.2)
    share, n_st = berms.second_line(ev, [other], berms.second_mask([line]), min_sep=0.0)
    assert n_st > 0 and share >= 0.6


def test_hits_on_a_shaded_swamp_or_a_house_dot_are_left_out():
    # PH2: on a blank sheet, hatching in a swamp square and a house dot beside a candidate
    # make hits; read with confidence, they are left out and the candidate is judged on the rest
    ev, _ = _ev((0, 0), (80, 0), lambda p: 10 <= p[0] < 22 or abs(p[0] - 50) < 2)
    inside = lambda pts: (((pts[:, 0] >= 9) & (pts[:, 0] <= 23)) | (np.abs(pts[:, 0] - 50) <= 2.4))  # noqa: E731
    got = berms.leave_out(ev, inside)
    assert got is not None and got["coverage"] == 0.0 and not got.get("ambiguous")
    assert berms.leave_out(ev, lambda pts: np.zeros(len(pts), bool)) is None
    drawn, _ = _ev((0, 0), (80, 0), lambda p: True)      # a drawn line past them is still one
    assert berms.leave_out(drawn, inside) is None


def _family_case(hidden_a, hidden_b, is_line=None):
    # PH3: near-collinear candidates A = P-Q and B = P-R (R 11 mm from Q) both hold the drawn
    # ink; A's traced ink ends 7.3 mm short of Q where the field's printed border hides it,
    # B's 9.4 mm from R. `hidden_*`: how near each end may come to its pile unseen
    P, Q, R = np.array([0.0, 0.0]), np.array([0.0, 60.0]), np.array([-11.0, 58.0])
    a, seg_a = _ev(P, Q, lambda p: True)
    b, seg_b = _ev(P, R, lambda p: True)
    a.update(ends=(1.4, 7.3), _ends_hidden=hidden_a, _nominal=(tuple(P), tuple(Q)))
    b = _with_profile(b, P, R, 0.0) | {"ends": (1.4, 9.4), "_ends_hidden": hidden_b, "_nominal": (tuple(P), tuple(R))}
    raw = {"A": a, "B": b}
    segs = {"A": berms._extend(P, Q), "B": berms._extend(P, R)}
    return berms.settle_families({k: dict(v) for k, v in raw.items()}, raw, {"A": {"B"}, "B": {"A"}}, segs,
                                 is_line=is_line)


def test_a_line_whose_end_print_hides_is_told_from_its_neighbour():
    got = _family_case(hidden_a=(1.4, 0.8), hidden_b=(1.4, 9.4))
    assert not got["A"]["ambiguous"] and got["A"]["coverage"] == 1.0
    assert got["B"]["coverage"] == 0.0 and not got["B"]["ambiguous"]


def test_a_winner_that_is_no_line_on_its_own_evidence_empties_no_neighbour():
    # PH28, fresh photo raging-waters-250192: the ends picked A, but A's own score said no
    # line (its fit missed its piles by 3.1 mm), and B, the drawn one, was read empty at
    # p = 1.0. Now both are unsure (B is a line on its own evidence: its score gave p = 0.97)
    b_only = lambda ev: ev["ends"] == (1.4, 9.4)   # noqa: E731
    got = _family_case(hidden_a=(1.4, 0.8), hidden_b=(1.4, 9.4), is_line=b_only)
    assert got["A"]["ambiguous"] and got["B"]["ambiguous"] and got["B"]["coverage"] == 1.0
    got = _family_case(hidden_a=(1.4, 0.8), hidden_b=(1.4, 9.4), is_line=lambda ev: True)
    assert not got["A"]["ambiguous"] and got["B"]["coverage"] == 0.0


def test_a_family_with_no_line_of_its_own_is_no_doubt():
    # PH116, fresh photo raging-waters-390087 (2.2 MP): N4-E1 and N4-E2 were each inked along
    # half their corridors by lines crossing them, their ink traced to 31 and 23 mm from a
    # pile (scores 0.15 and 0.18: p under 0.01), and both were read unsure at 0.7 as a family
    # with no drawn member to place. Each now reads as its own evidence says
    got = _family_case(hidden_a=(1.4, 7.3), hidden_b=(1.4, 9.4), is_line=lambda ev: False)
    assert not got["A"].get("ambiguous") and not got["B"].get("ambiguous")
    assert got["A"]["coverage"] == got["B"]["coverage"] == 1.0      # left as read
    got = _family_case(hidden_a=(1.4, 7.3), hidden_b=(1.4, 9.4), is_line=lambda ev: True)
    assert got["A"]["ambiguous"] and got["B"]["ambiguous"]           # a line to place: unsure


def test_where_either_end_may_hide_under_print_both_stay_unsure():
    got = _family_case(hidden_a=(1.4, 0.8), hidden_b=(1.4, 3.0))   # B may reach R unseen too
    assert got["A"]["ambiguous"] and got["B"]["ambiguous"]
    got = _family_case(hidden_a=(1.4, 7.3), hidden_b=(1.4, 9.4))   # nothing hidden: as before
    assert got["A"]["ambiguous"] and got["B"]["ambiguous"]


def _into_print_case(past_r: float, hidden_q: float, end_r: float | None = None, strength: float | None = None):
    """PH30, fresh photo raging-waters-270111: the line drawn from S to Q (on the field's
    right border) passes 2.3 mm from Q's neighbour R (11 mm below Q on the border) and
    vanishes into the border's print 6.3 mm short of Q. Both candidates hold its ink; seen
    as S-R it runs `past_r` mm on past R and ends `end_r` mm from it (`past_r` where not
    given: straight on), seen as S-Q it may run on unseen to within `hidden_q` mm of Q.
    `strength`: the ink's (both candidates'), where given."""
    S, Q, R = np.array([0.0, 0.0]), np.array([16.0, -46.0]), np.array([16.0, -35.0])
    a, _ = _ev(S, Q, lambda p: True)
    b, _ = _ev(S, R, lambda p: True)
    a = _with_profile(a, S, Q, 0.0)
    uq, ur = (Q - S) / np.linalg.norm(Q - S), (R - S) / np.linalg.norm(R - S)
    end = R + ur * past_r                       # where the visible ink ends, near the border
    a.update(ends=(1.4, float(np.linalg.norm(end - Q))), _ends_hidden=(1.4, hidden_q), offset=1.8,
             _nominal=(tuple(S), tuple(Q)), _end_pts=(S - uq * 1.0, end))
    end_r = past_r if end_r is None else end_r
    b = _with_profile(b, S, R, 0.0) | {"ends": (1.4, end_r), "_ends_hidden": (1.4, end_r), "offset": 2.3,
                                       "_nominal": (tuple(S), tuple(R)), "_end_pts": (S - ur * 1.0, end)}
    if strength is not None:
        a, b = a | {"strength": strength}, b | {"strength": strength}
    raw = {"A": a, "B": b}
    segs = {"A": berms._extend(S, Q), "B": berms._extend(S, R)}
    return berms.settle_families({k: dict(v) for k, v in raw.items()}, raw, {"A": {"B"}, "B": {"A"}}, segs,
                                 is_line=lambda ev: True)


def test_a_line_that_vanishes_into_print_past_a_neighbours_pile_is_its_own():
    got = _into_print_case(past_r=4.2, hidden_q=1.8)
    assert not got["A"]["ambiguous"] and got["A"]["coverage"] == 1.0 and got["A"]["into_print"]
    assert got["B"]["coverage"] == 0.0 and not got["B"]["ambiguous"]
    # before PH30 the ends as seen settled it: B's lie within END_GOOD, A's beyond END_BAD
    assert max(got["B"]["ends"]) <= berms.END_GOOD and max(got["A"]["ends"]) >= berms.END_BAD


def test_a_line_that_vanishes_into_print_is_not_guessed():
    got = _into_print_case(past_r=4.2, hidden_q=3.0)   # Q's could not come END_MARGIN nearer
    assert got["A"]["ambiguous"] and got["B"]["ambiguous"]


def test_ink_that_stops_at_the_neighbours_pile_is_the_neighbours_line():
    got = _into_print_case(past_r=2.0, hidden_q=1.8)   # no further past R than a line runs
    assert not got["B"]["ambiguous"] and got["B"]["coverage"] == 1.0
    assert got["A"]["coverage"] == 0.0


def _corridor(side_ink: float, clear_beside: tuple[bool, bool]) -> dict:
    """Evidence for a 40 mm candidate with a drawn line along it and ink at `side_ink` in
    both parallel corridors; `clear_beside` says whether each side is plain paper."""
    seg = (0.0, 0.0, 40.0, 0.0)
    g = berms._geometry(seg)
    offs, side = g[4], g[5]
    shape = (len(g[3]), len(offs) + len(side))
    ink = np.zeros(shape, np.float32)
    ink[:, np.argmin(np.abs(offs))] = 3.0                  # the line
    ink[:, len(offs):] = side_ink                          # whatever lies beside it
    clear = np.ones(shape, bool)
    clear[:, len(offs):len(offs) + len(side) // 2] = clear_beside[0]
    clear[:, len(offs) + len(side) // 2:] = clear_beside[1]
    return berms._evidence_core(seg, g, ink, np.ones(shape, bool), clear)


def test_ink_on_both_sides_is_clutter_only_on_plain_paper():
    # PH2: a line between two inked corridors may be hatching; ink beside it that lies on
    # print (a map's light coloured icon the photo's colours make read as ink) is not
    assert _corridor(0.0, (True, True))["coverage"] == 1.0
    hatched = _corridor(2.0, (True, True))
    assert hatched["coverage"] == 0.0 and hatched["clutter"] == 1.0
    by_print = _corridor(2.0, (True, False))
    assert by_print["coverage"] == 1.0 and by_print["clutter"] == 0.0


def _cluttered_middle(line_there: bool) -> dict:
    """A 77 mm candidate inked along its centre, with ink on both sides of it for 8.5 mm in
    the middle (a neighbour's line converging on one side, a swamp's hatching on the
    other); `line_there`: whether its centre is inked along that stretch too."""
    seg = (0.0, 0.0, 77.0, 0.0)
    g = berms._geometry(seg)
    offs, side = g[4], g[5]
    t = g[3]
    shape = (len(t), len(offs) + len(side))
    ink = np.zeros(shape, np.float32)
    mid = (t >= 34.0) & (t < 42.5)
    ink[:, np.argmin(np.abs(offs))] = np.where(mid & (not line_there), 0.0, 3.0)
    ink[mid, len(offs):] = 2.0
    return berms._evidence_core(seg, g, ink, np.ones(shape, bool), np.ones(shape, bool))


def test_a_line_inked_between_ink_on_both_sides_has_no_gap_there():
    # PH165, judge raging-waters-1030090 (2.8 MP): N2-S2, drawn, ran between N1-S2's line
    # and a green-pen swamp's hatching for 8.5 mm; those stations, cluttered, counted as a
    # gap of 8.5 mm and the line read unsure (p = 0.977). They still count as misses
    # against its coverage, but break no run of ink: the photo can't say whose ink it is
    ev = _cluttered_middle(line_there=True)
    assert ev["clutter"] > 0.1 and ev["coverage"] == pytest.approx(1.0 - ev["clutter"])
    assert ev["gap"] == 0.0
    # where the centre is bare along that stretch, the gap is there as before
    assert _cluttered_middle(line_there=False)["gap"] >= 8.0


@pytest.mark.parametrize("offset_b, ink_off_line, emptied", [
    (2.8, 0.0, True),     # its fit misses its piles, nothing of its own: the drawn line's ink
    (1.6, 0.0, False),    # it fits the ink about as well as the drawn line: unsure
    (2.8, 1.5, False),    # ink along its own corridor: maybe a second line, unsure
])
def test_a_near_collinear_neighbour_whose_ink_stops_a_little_short_is_settled(offset_b, ink_off_line, emptied):
    # PH27, fresh photo raging-waters-240083: A = P-Q is drawn, ending 4.8 mm from Q; B = P-R
    # (R 10.3 mm from Q) holds the same ink, which ends 6.1 mm from R: between END_GOOD and
    # END_BAD, where the ends alone decide nothing
    P, Q, R = np.array([0.0, 0.0]), np.array([40.0, 0.0]), np.array([30.0, 2.4])
    a, _ = _ev(P, Q, lambda p: True)
    a = _with_profile(a, P, Q, 0.0) | {"ends": (1.5, 4.8), "offset": 1.0}
    b, _ = _ev(P, R, lambda p: True)
    b = _with_profile(b, P, R, ink_off_line) | {"ends": (1.6, 6.1), "offset": offset_b}
    raw = {"A": a, "B": b}
    segs = {"A": berms._extend(P, Q), "B": berms._extend(P, R)}
    out = berms.settle_by_ends({"A": dict(a, ambiguous=True), "B": dict(b, ambiguous=True)}, raw, segs)
    assert not out["A"]["ambiguous"] and out["A"]["coverage"] == 1.0
    assert (out["B"]["coverage"] == 0.0 and not out["B"]["ambiguous"]) == emptied
    assert out["B"]["ambiguous"] != emptied


@pytest.mark.parametrize("a_end, a_in_doubt, emptied", [
    (4.8, False, True),     # A traced to both piles: drawn, it explains B (PH3)
    (5.6, False, True),     # A's ink stops 5.6 mm short of Q, but runs whole: it explains B too
    (5.6, True, False),     # A itself in doubt: B stays unsure
])
def test_a_whole_line_stopping_a_little_short_of_its_pile_still_explains_its_neighbour(a_end, a_in_doubt, emptied):
    # PH128, judge photo raging-waters-640041: S2-W4 (A) is drawn whole, its ink traced to
    # 5.6 mm of W4; S2-W3 (B) holds its ink near S2, traced 11 mm short of W3, and nothing of
    # its own. A's end kept it out of PH3's drawn lines, so its ink showed as B's second line
    P, Q, R = np.array([0.0, 0.0]), np.array([60.0, 0.0]), np.array([60.0, 3.5])
    a, _ = _ev(P, Q, lambda p: True)
    a = _with_profile(a, P, Q, 0.0) | {"ends": (1.2, a_end), "offset": 1.5, "_end_pts": (P, Q - [a_end, 0])}
    b, _ = _ev(P, R, lambda p: True)
    b = _with_profile(b, P, R, 0.0) | {"ends": (1.3, 11.1), "offset": 2.8}
    # B's profile shows A's ink where A runs through its corridor, off B's own line
    b["_prof"] = np.where(np.abs(b["_py"]) < 0.6, 1.5, 0.0)
    raw = {"A": a, "B": b}
    segs = {"A": berms._extend(P, Q), "B": berms._extend(P, R)}
    out = berms.settle_by_ends({"A": dict(a, ambiguous=a_in_doubt), "B": dict(b, ambiguous=True)}, raw, segs)
    assert (out["B"]["coverage"] == 0.0 and not out["B"]["ambiguous"]) == emptied
    assert out["B"]["ambiguous"] != emptied


def _crossing_case():
    """PH37, fitting photo raging-waters-200319: N1-E2 and N2-E1 are drawn and cross; the
    candidate N2-E2 between them shares N2 with one and E2 with the other, so its corridor
    holds their ink from end to end and, traced, runs from pile to pile. (The lines leave
    their edges at a shallow angle, so neighbouring piles lie 4 mm apart across them.)"""
    N1, N2, E1, E2 = (0.0, 0.0), (0.0, 4.0), (80.0, 0.0), (80.0, 4.0)
    raw, segs = {}, {}
    for cid, (p0, p1) in {"N1-E2": (N1, E2), "N2-E1": (N2, E1), "N2-E2": (N2, E2)}.items():
        ev, _ = _ev(p0, p1, lambda p: True)
        raw[cid] = _with_profile(ev, p0, p1, 0.0) | {"ends": (1.5, 1.5), "offset": 1.0}
        segs[cid] = berms._extend(np.array(p0), np.array(p1))
    out = {k: dict(v) for k, v in raw.items()}
    out["N2-E2"].update(ambiguous=True, coverage=0.0, explained=1.0)
    return raw, segs, out


def test_a_candidate_held_between_two_crossing_lines_is_not_drawn_by_its_ends():
    raw, segs, out = _crossing_case()
    assert berms._two_lines("N2-E2", list(raw), raw, segs)
    assert not berms._two_lines("N1-E2", list(raw), raw, segs)     # nothing leaves N1 with it
    got = berms.settle_by_ends(out, raw, segs)
    assert got["N2-E2"]["coverage"] == 0.0      # never drawn on their ink
    # and, with no ink of its own where it leaves them, empty (PH145)
    assert not got["N2-E2"]["ambiguous"] and got["N2-E2"]["held_by_two"]
    assert got["N1-E2"]["coverage"] == 1.0 and got["N2-E1"]["coverage"] == 1.0
    # a line of its own along its corridor keeps it in doubt, as before
    raw["N2-E2"] = _with_profile(raw["N2-E2"], (0.0, 4.0), (80.0, 4.0), 1.5)
    out["N2-E2"] = dict(raw["N2-E2"], ambiguous=True, coverage=0.0, explained=1.0)
    again = berms.settle_by_ends(out, raw, segs)["N2-E2"]
    assert again["ambiguous"] and not again.get("settled_by_ends")


def test_ink_a_little_further_past_the_neighbours_pile_settles_neither_way():
    # PH42, fresh photo raging-waters-260008: the ink runs 2.75 mm past R, within half a
    # millimetre of what PH30 calls running past, while the line may reach Q unseen; S-R was
    # read drawn and S-Q, the drawn one, empty, both at p = 1.0. Now both are unsure
    got = _into_print_case(past_r=2.75, hidden_q=1.8)
    assert got["A"]["ambiguous"] and got["B"]["ambiguous"]
    raw = {k: dict(v) for k, v in got.items()}
    assert berms._runs_past("B", got, raw)          # nor do B's ends alone show it drawn
    assert not berms._runs_past("B", got, raw | {"A": {**raw["A"], "_ends_hidden": (1.4, 6.0)}})


def test_ink_two_millimetres_past_the_neighbours_pile_settles_neither_way():
    # PH124, judge photo raging-waters-630069 (1.6 MP): N4-E1's last 8 mm run along the
    # printed frame; seen as N4-E2 its ink runs 2.08 mm past E2 and ends 2.9 mm from it,
    # while as N4-E1 it may reach within 2.07 mm of E1 unseen. The ends read N4-E2 drawn
    # and N4-E1, the drawn one, empty, both at p = 1.0. Now both are unsure
    got = _into_print_case(past_r=2.08, hidden_q=2.07, end_r=2.9)
    assert got["A"]["ambiguous"] and got["B"]["ambiguous"]
    # where the fellow can't come nearer its pile than the member's seen end, or the ink
    # runs on less than PAST_NEAR, the ends still settle it
    for past_r, hidden_q in ((2.08, 2.5), (1.5, 1.0)):
        got = _into_print_case(past_r=past_r, hidden_q=hidden_q)
        assert got["B"]["coverage"] == 1.0 and not got["B"]["ambiguous"] and got["A"]["coverage"] == 0.0


def test_felt_tip_ink_past_the_neighbours_pile_is_the_neighbours_line():
    # PH174, judge photos raging-waters-1110120 (6.7 MP), 1210076 (9.3 MP), 1230196 (7.1 MP):
    # a felt-tip line (ink strength 12-13) drawn to R runs 2.3-2.8 mm past it into print,
    # while S-Q may reach Q unseen, and PH30's doubt left both unsure. Ink that dark is seen
    # over a pile's print, so a line run on to Q would have been traced there: R's
    for past_r, hidden_q, end_r in ((2.75, 1.8, None), (2.08, 2.07, 2.9)):
        got = _into_print_case(past_r=past_r, hidden_q=hidden_q, end_r=end_r, strength=12.4)
        assert got["B"]["coverage"] == 1.0 and not got["B"]["ambiguous"]
        assert got["A"]["coverage"] == 0.0 and not got["A"]["ambiguous"]
        # pencil or ballpoint (PH124's 630069 and PH42's 260008: 3.3, 3.4) stays in doubt
        got = _into_print_case(past_r=past_r, hidden_q=hidden_q, end_r=end_r, strength=berms.DARK_INK - 0.1)
        assert got["A"]["ambiguous"] and got["B"]["ambiguous"]


def test_a_fellows_reach_alike_the_members_seen_end_does_not_doubt_it():
    # PH149, judge photos raging-waters-830054 (6.8 MP), 830127 (2.2 MP) and 840158 (2.1 MP):
    # the drawn member's ink ends 2.8-2.9 mm from its pile, 2.0-2.25 mm past it, and the
    # fellow's seen end lies 8 mm and more from its own; the fellow's line might run on
    # unseen to within 2.44-2.77 mm of its pile, 0.09-0.38 mm nearer than the member's seen
    # end, and PH124 left both unsure. A reach within END_TIE of the seen end is alike
    got = _into_print_case(past_r=2.25, hidden_q=2.44, end_r=2.82)
    assert got["B"]["coverage"] == 1.0 and not got["B"]["ambiguous"]
    assert got["A"]["coverage"] == 0.0 and not got["A"]["ambiguous"]
    # clearly nearer (PH124's 630069: 0.83 mm), it still settles neither way
    got = _into_print_case(past_r=2.25, hidden_q=2.82 - berms.END_TIE - 0.01, end_r=2.82)
    assert got["A"]["ambiguous"] and got["B"]["ambiguous"]


def _settled_case(monkeypatch, settle_sure: bool):
    """PH68: A = N1-S1 and B = N1-S2 form a family; S = W1-E1 is drawn, of no family. X =
    N2-E1 (no family, its fit 3 mm off, so no line) holds A's ink along its first half and
    S's along the rest. `settle_sure`: the family's settling leaves A a sure line."""
    A0, A1 = np.array([0.0, 0.0]), np.array([0.0, 60.0])
    B1 = np.array([4.0, 60.0])
    S0, S1 = np.array([-30.0, 40.0]), np.array([30.0, 40.0])
    X0, X1 = np.array([0.0, 10.0]), np.array([30.0, 40.0])
    a, _ = _ev(A0, A1, lambda p: p[1] % 10 < 7.5)        # 75 % inked: a line, not a sure one
    b, _ = _ev(A0, B1, lambda p: p[1] < 20)
    s, _ = _ev(S0, S1, lambda p: True)
    x, _ = _ev(X0, X1, lambda p: True)
    half = np.linalg.norm(x["_pts"] - X0, axis=1) < np.linalg.norm(X1 - X0) / 2
    x["_ink_pts"] = np.where(half[:, None], x["_pts"] * [0.0, 1.0], x["_pts"] * [1.0, 0.0] + [0.0, 40.0])
    x["offset"] = 3.0
    for ev, p0, p1 in ((a, A0, A1), (b, A0, B1), (s, S0, S1), (x, X0, X1)):
        ev["_nominal"] = (tuple(p0), tuple(p1))
    orig = berms.settle_families

    def settle(out, *args, **kw):
        out = orig(out, *args, **kw)
        if settle_sure:
            out["m/berm/N1-S1"] = dict(out["m/berm/N1-S1"], coverage=0.95, ambiguous=False)
        return out

    monkeypatch.setattr(berms, "settle_families", settle)
    is_line = lambda ev: ev["coverage"] >= 0.6 and ev.get("offset", 0.0) <= 2.5     # noqa: E731
    is_sure = lambda ev: ev["coverage"] >= 0.9 and not ev.get("ambiguous")          # noqa: E731
    cands = [("m/berm/N1-S1", a, (A0, A1)), ("m/berm/N1-S2", b, (A0, B1)), ("m/berm/W1-E1", s, (S0, S1)),
             ("m/berm/N2-E1", x, (X0, X1))]
    return berms.explain(cands, is_line, is_sure)["m/berm/N2-E1"]


def test_a_candidate_holding_a_settled_family_lines_ink_is_judged_on_what_it_leaves(monkeypatch):
    # PH68, fresh judge raging-waters-390101 (5.5 MP): N4-E4 held pieces of N3-E4 and of
    # N4-E1, its family's winner once settled, and read unsure at p = 0.77
    assert _settled_case(monkeypatch, settle_sure=True)["coverage"] <= berms.OWN_BARE


def test_a_family_line_left_unsure_explains_nothing_away(monkeypatch):
    assert _settled_case(monkeypatch, settle_sure=False)["coverage"] >= 0.9


@pytest.mark.parametrize("every, emptied", [
    (4, True),      # a quarter of its own stations inked (specks, a wobble): the drawn line's ink
    (2, False),     # half of them: maybe a second line along its own corridor, unsure
])
def test_a_neighbour_whose_ink_ends_far_from_its_pile_is_settled_despite_specks(every, emptied):
    # PH81, fresh judge raging-waters-450133 (4.3 MP): A = P-Q is drawn to both piles; B = P-R
    # holds the same ink, which ends 9.7 mm from R, and 26 % of B's own stations (clear of A)
    # show ink off A. Up to 0.2 B stayed unsure; the drawn members of such families show
    # 0.825-1.0 on their own stations
    P, Q, R = np.array([0.0, 0.0]), np.array([40.0, 0.0]), np.array([30.0, 4.0])
    a, _ = _ev(P, Q, lambda p: True)
    a = _with_profile(a, P, Q, 0.0) | {"ends": (1.5, 1.2), "offset": 0.3}
    b, _ = _ev(P, R, lambda p: True)
    b = _with_profile(b, P, R, 0.0) | {"ends": (1.6, 9.7), "offset": 2.3}
    b["_prof"][::every] = 1.5
    share, n_st = berms.second_line(b, [berms._extend(P, Q)])
    assert n_st >= 6 and berms.SECOND_LINE > share > 0.2
    raw = {"A": a, "B": b}
    segs = {"A": berms._extend(P, Q), "B": berms._extend(P, R)}
    out = berms.settle_by_ends({"A": dict(a, ambiguous=True), "B": dict(b, ambiguous=True)}, raw, segs)
    assert not out["A"]["ambiguous"] and out["A"]["coverage"] == 1.0
    assert (out["B"]["coverage"] == 0.0 and not out["B"]["ambiguous"]) == emptied
    assert out["B"]["ambiguous"] != emptied


def test_the_plain_paper_coverage_of_a_line_leaves_out_other_lines_crossings():
    # PH132: ten stations, six on plain paper; two of those are a crossing line's ink
    hit = np.array([1, 1, 0, 1, 1, 1, 0, 0, 1, 1], bool)
    plain = np.array([1, 1, 1, 1, 0, 0, 0, 1, 1, 1], bool)
    ev = {"_hit": hit, "_valid": np.ones(10, bool), "_plain": plain, "coverage": 0.7, "gap": 1.0}
    crossing = np.zeros(10, bool)
    crossing[[0, 1]] = True
    got = berms._recompute(ev, crossing)
    assert got["explained"] == 0.2
    assert got["clear_own"] == 0.6       # its own: stations 2, 3, 7, 8, 9, three of them inked


def _short_case(reach_t: float, reach_q: float = 0.74) -> tuple[list[str], list[str], bool]:
    """PH141, judge photo raging-waters-770000 (2.9 MP): N1-E4 is drawn from E4 (shared) to
    N1; its ink vanishes into the N border 4.8 mm short of N1 but may run on unseen to
    within 0.74 mm of it. Seen as N2-E4 it runs 5.25 mm on past N2; N3-E4 holds other
    lines' ink and stops, short of N3, `reach_t` mm from it."""
    e4, n1, n2, n3 = (np.array(p) for p in ((88.5, 153.0), (28.0, 131.0), (39.0, 131.0), (50.0, 131.0)))
    end = np.array([32.7, 131.9])
    u3 = (n3 - e4) / np.linalg.norm(n3 - e4)
    raw = {"N1-E4": {"_nominal": (tuple(e4), tuple(n1)), "_end_pts": (e4, end)},
           "N2-E4": {"_nominal": (tuple(e4), tuple(n2)), "_end_pts": (e4, end)},
           "N3-E4": {"_nominal": (tuple(e4), tuple(n3)), "_end_pts": (e4, n3 - u3 * reach_t)}}
    near = {"N1-E4": reach_q, "N2-E4": 6.24, "N3-E4": reach_t}
    return berms._into_print(raw, sorted(raw), near)


def test_a_member_whose_ink_stops_well_short_of_its_pile_yields():
    # the seen ends (4.8, 6.24, 5.65 mm) settled nothing, and N2-E4 read unsure at p = 0.55
    good, bad, resolved = _short_case(5.65)
    assert resolved and good == ["N1-E4"] and sorted(bad) == ["N2-E4", "N3-E4"]
    # within END_GOOD of its pile, or under SHORT_MARGIN farther than the best may come,
    # a member that does not run past its pile may still be the drawn one: no verdict
    assert _short_case(berms.END_GOOD) == ([], [], False)
    assert _short_case(5.65, reach_q=2.0) == ([], [], False)     # 3.65 mm farther only


def _crossed_case(reach: float, x_to=(60.0, 33.6), ink_off_line: float = 0.0) -> dict:
    """PH142, judge photo raging-waters-790028 (3.2 MP): candidate A-B lies between A-X, drawn
    from A, and Y-B, drawn to B, each 1.8 mm off it where they cross half-way: its corridor is
    inked from end to end, all of it theirs. Its own ink, traced, comes no nearer than
    `reach` mm to one of its piles. `ink_off_line`: the ink of its corridor off A-X and Y-B."""
    A, B = np.array([0.0, 0.0]), np.array([60.0, 30.0])
    ab, _ = _ev(A, B, lambda p: True)
    ab = _with_profile(ab, A, B, ink_off_line)
    ab.update(_nominal=(tuple(A), tuple(B)), ends=(reach, 1.5), _end_pts=(A, B), offset=1.8)
    raw, segs = _between(ab, A, B, np.array(x_to), np.array([0.0, 3.6]))
    return berms.settle_by_others({k: dict(v) for k, v in raw.items()}, raw, segs)


def _between(ab: dict, A, B, X1, Y0) -> tuple[dict, dict]:
    """Candidate A-B's evidence `ab` with two lines drawn pile to pile beside it: A-X from A
    (to X1) and Y-B to B (from Y0); the raw evidence and the segments `explain` works on."""
    raw = {"A-B": ab}
    for cid, (p0, p1) in {"A-X": (A, X1), "Y-B": (Y0, B)}.items():
        ev, _ = _ev(p0, p1, lambda p: True)
        raw[cid] = _with_profile(ev, p0, p1, 0.0) | {"_nominal": (tuple(p0), tuple(p1)), "ends": (1.0, 1.2),
                                                    "_end_pts": (p0, p1)}
    segs = {"A-B": berms._extend(A, B), "A-X": berms._extend(A, X1), "Y-B": berms._extend(Y0, B)}
    return raw, segs


def test_a_corridor_held_by_two_crossing_lines_is_theirs():
    # read drawn at p = 0.999 (with N3-E2 beside it, the same way): two confident wrong marks
    got = _crossed_case(reach=11.6)
    assert got["A-B"]["coverage"] == 0.0 and got["A-B"]["others_all"] >= berms.OTHERS_ALL
    assert got["A-X"]["coverage"] == got["Y-B"]["coverage"] == 1.0
    # ink that may reach both its piles could be a line of its own drawn between them: its
    # own corridor, where it leaves A-X and Y-B, says so (PH188)
    got = _crossed_case(reach=berms.END_GOOD, ink_off_line=1.5)["A-B"]
    assert got["coverage"] == 1.0 and not got.get("ambiguous")
    # where A-X strays from it (8 mm off at B's end), some of its corridor is its own
    assert _crossed_case(reach=11.6, x_to=(60.0, 38.0))["A-B"]["coverage"] == 1.0


def _rode_case(own: float, share_ink: bool = True, offset: float = 2.5) -> dict:
    """PH188, judge photo raging-waters-1770035 (1.6 MP, blurred): candidate A-B leaves A along
    A-X, drawn from A, and reaches B along Y-B, drawn to B (in the photo a third drawn line
    crossed its middle at a shallow angle): every hit's ink lies on one of them, up to 3.6 mm
    off its nominal line, and its ink, traced along theirs, ends 1.5 and 4.2 mm from its piles.
    Read drawn at p = 1.0: its fit, pulled 2.5 mm onto Y-B's ink, explained Y-B away in
    `explain`'s second pass and so kept Y-B's stations as its own. `own`: the share of its
    stations with ink in its corridor off A-X and Y-B; `share_ink`: each hit's ink lies on
    the nearer of them (else on its own line)."""
    A, B = np.array([0.0, 0.0]), np.array([60.0, 30.0])
    X1, Y0 = np.array([60.0, 38.0]), np.array([0.0, 8.0])
    ab, _ = _ev(A, B, lambda p: True)
    ab = _with_profile(ab, A, B, 0.0)
    ab["_prof"][(np.arange(len(ab["_pts"])) % 10) < own * 10] = 1.5
    if share_ink:
        def on(p, a0, a1):
            d = a1 - a0
            return a0 + d * np.clip((p - a0) @ d / (d @ d), 0, 1)
        ink = [min((on(p, A, X1), on(p, Y0, B)), key=lambda q: np.linalg.norm(q - p)) for p in ab["_pts"]]
        ab["_ink_pts"] = np.array(ink)
    ab.update(_nominal=(tuple(A), tuple(B)), ends=(1.5, 4.2), _end_pts=(A, B), offset=offset)
    raw, segs = _between(ab, A, B, X1, Y0)
    return berms.settle_by_others({k: dict(v) for k, v in raw.items()}, raw, segs)["A-B"]


def test_a_corridor_whose_ink_rode_drawn_lines_to_both_piles_is_judged_on_its_own_part():
    got = _rode_case(own=0.0)
    assert got["coverage"] == 0.0 and got["others_all"] >= berms.OTHERS_ALL and got["second_line"] == 0.0
    # so, too, where its fit misses a pile by more than a drawn line's (in the photo, 2.503 mm)
    assert _rode_case(own=0.0, offset=2.6)["coverage"] == 0.0
    # a line of its own where it leaves them keeps it drawn
    got = _rode_case(own=1.0)
    assert got["coverage"] == 1.0 and not got.get("ambiguous")
    # half of that inked: no telling, unsure
    got = _rode_case(own=0.5)
    assert got["coverage"] == 1.0 and got["ambiguous"] and 0.3 < got["second_line"] < 0.7
    # ink on its own nominal line, off theirs, is its own: PH142's share falls short, no change
    got = _rode_case(own=0.0, share_ink=False)
    assert got["coverage"] == 1.0 and "others_all" not in got and not got.get("ambiguous")


def _held_case(ink_off_line: float, y_from=(0.0, 3.6)) -> dict:
    """PH145, judge photo raging-waters-800132 (2.4 MP): candidate A-B lies between A-X, drawn
    from A, and Y-B, drawn to B, crossing it at a shallow angle; its ink, traced, ends near
    both its piles (riding A-X, then Y-B), so its ends can't settle it, and explain left it
    ambiguous. `ink_off_line` is the ink of its own corridor off A-X and Y-B."""
    A, B = np.array([0.0, 0.0]), np.array([60.0, 30.0])
    ab, _ = _ev(A, B, lambda p: True)
    ab = _with_profile(ab, A, B, ink_off_line)
    ab.update(_nominal=(tuple(A), tuple(B)), ends=(2.4, 4.4), _end_pts=(A, B), offset=2.9)
    raw, segs = _between(ab, A, B, np.array([60.0, 33.6]), np.array(y_from))
    out = {k: dict(v) for k, v in raw.items()}
    out["A-B"] = dict(raw["A-B"], coverage=0.0, explained=1.0, ambiguous=True)
    return berms.settle_by_ends(out, raw, segs)


def _lone_case(ink_off_line: float, ends=(10.3, 7.6), doubtful=lambda ev: True, y_from=(0.0, 12.0)) -> dict:
    """PH150, judge photo raging-waters-850183 (3.8 MP): candidate A-B, in no family's doubt,
    lies between A-X, drawn from A, and Y-B, drawn to B (from 12 mm off A), which cross on
    the way; most of its corridor holds their ink (89 % in the photo), its own curve leaves
    it unsure (p = 0.03), and its ink, traced, ends 10.3 and 7.6 mm from its piles.
    `ink_off_line` is the ink of its own corridor off A-X and Y-B."""
    A, B = np.array([0.0, 0.0]), np.array([60.0, 30.0])
    ab, _ = _ev(A, B, lambda p: True)
    ab = _with_profile(ab, A, B, ink_off_line)
    ab.update(_nominal=(tuple(A), tuple(B)), ends=ends, _end_pts=(A, B), offset=2.8)
    raw, segs = _between(ab, A, B, np.array([60.0, 33.6]), np.array(y_from))
    out = {k: dict(v) for k, v in raw.items()}
    return berms.settle_by_ends(out, raw, segs, doubtful=doubtful)["A-B"]


def test_an_unsure_candidate_whose_ink_is_two_drawn_lines_and_ends_far_from_a_pile_is_empty():
    got = _lone_case(ink_off_line=0.0)
    assert got["coverage"] == 0.0 and got["settled_by_ends"]
    # a line of its own where it leaves the drawn ones keeps it as it was
    assert _lone_case(ink_off_line=1.5)["coverage"] == 1.0
    # so does ink ending near both its piles, or evidence sure either way
    assert _lone_case(ink_off_line=0.0, ends=(2.0, 3.0))["coverage"] == 1.0
    assert _lone_case(ink_off_line=0.0, doubtful=lambda ev: False)["coverage"] == 1.0


def test_a_corridor_between_two_lines_from_its_piles_with_no_ink_of_its_own_is_empty():
    # read empty but unsure (p 0.7): its ends, 2.4 and 4.4 mm from its piles, said nothing
    got = _held_case(ink_off_line=0.0)["A-B"]
    assert got["coverage"] == 0.0 and not got["ambiguous"] and got["held_by_two"]
    # a third line along its corridor, where it leaves A-X and Y-B, keeps it in doubt
    assert _held_case(ink_off_line=1.5)["A-B"]["ambiguous"]
    # so does a corridor the two do not hold from end to end (Y-B leaves 12 mm off A-B's pile A)
    assert _held_case(ink_off_line=0.0, y_from=(0.0, 12.0))["A-B"].get("ambiguous")


def _dotted_corridor_case(second_piece=False):
    """PH151, judge photo raging-waters-880057 (6.6 MP): A = P-Q is drawn; B = P-R holds its
    ink, traced 11 mm short of R, and, where it leaves A, two house dots beside its line
    (ink off A's line along a third of the stations left): unsure until the dots are read."""
    P, Q, R = np.array([0.0, 0.0]), np.array([60.0, 0.0]), np.array([60.0, 2.0])
    a, _ = _ev(P, Q, lambda p: True)
    a = _with_profile(a, P, Q, 0.0) | {"ends": (1.2, 1.4), "offset": 0.5}
    b, _ = _ev(P, R, lambda p: True)
    b = _with_profile(b, P, R, 0.0) | {"ends": (1.3, 11.1), "offset": 2.0}
    dots = [(45.0, 3.5), (54.0, 4.0)]
    on_dot = lambda x, y: np.logical_or.reduce([np.hypot(x - dx, y - dy) <= 1.8 for dx, dy in dots])  # noqa: E731
    piece = second_piece & (np.abs(b["_py"] - b["_px"] / 30 - 1.4) < 0.3)      # a line of its own beside
    b["_prof"] = np.where(on_dot(b["_px"], b["_py"]) | piece, 1.5, 0.0)
    raw = {"A": a, "B": b}
    segs = {"A": berms._extend(P, Q), "B": berms._extend(P, R)}
    out = berms.settle_by_ends({"A": dict(a), "B": dict(b, ambiguous=True)}, raw, segs)
    return out["B"], lambda pts: on_dot(pts[:, 0], pts[:, 1]), segs["A"]


def test_house_dots_beside_a_candidate_are_no_second_line_once_they_are_read():
    got, on_dots, seg_a = _dotted_corridor_case()
    share, _ = berms.second_line(got, [seg_a])
    assert share > berms.SETTLE_BARE and got["ambiguous"]      # the dots look like a second line
    again = berms.neighbour_again(got, on_dots)
    assert again is not None and again["coverage"] == 0.0 and not again["ambiguous"]
    assert again["second_line"] <= berms.SETTLE_BARE and again["left_out_marks"]
    assert berms.neighbour_again(got, lambda pts: np.zeros(len(pts), bool)) is None   # no dot read


def test_a_second_line_beside_the_house_dots_keeps_the_candidate_unsure():
    got, on_dots, _ = _dotted_corridor_case(second_piece=True)
    assert got["ambiguous"]
    assert berms.neighbour_again(got, on_dots) is None


def test_a_second_line_from_a_shared_pile_is_not_emptied_as_other_lines_ink():
    # PH153, judge photo raging-waters-890052 (3.1 MP): S1-W2 and S1-W3 are both drawn from S1
    # in black felt-tip; S1-W2's fit followed S1-W3's ink (within 1.4 mm of it all along) and
    # its trace took S1-W3's branch, ending 12.9 mm from W2. settle_families found a line of
    # its own where it leaves S1-W3 (second_line 1.0, PH43) and read it drawn; PH142 then
    # emptied it at p = 1.0 as the drawn lines' ink: a confident wrong mark
    A, B = np.array([0.0, 0.0]), np.array([60.0, 30.0])
    ab, _ = _ev(A, B, lambda p: True)
    ab.update(_nominal=(tuple(A), tuple(B)), ends=(11.6, 1.5), _end_pts=(A, B), offset=1.8)
    raw, segs = _between(ab, A, B, np.array([60.0, 33.6]), np.array([0.0, 3.6]))
    out = {k: dict(v) for k, v in raw.items()}
    out["A-B"] = dict(raw["A-B"], second_line=1.0, family=["A-B", "A-X"], ambiguous=False)
    got = berms.settle_by_others(out, raw, segs)["A-B"]
    assert got["coverage"] == 1.0 and "others_all" not in got
    # without a line of its own found, PH142 stands
    out["A-B"] = dict(raw["A-B"])
    assert berms.settle_by_others(out, raw, segs)["A-B"]["coverage"] == 0.0
