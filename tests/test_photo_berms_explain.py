"""berms.explain on hand-made evidence: which candidate the drawn ink belongs to (PH2)."""
from __future__ import annotations

import numpy as np

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


def _neighbour_case(traced_to, ink_off_line=0.0):
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
    return berms.settle_by_neighbour({k: dict(v) for k, v in raw.items()}, raw, segs)["P-Q"]


def test_ink_traced_to_a_neighbours_pile_is_the_neighbours():
    got = _neighbour_case(traced_to=(10.2, 1.0))     # the trace followed R-Q to R
    assert got["coverage"] == 0.0 and got["owner"] == "R-Q" and not got["ambiguous"]


def test_a_second_line_along_the_corridor_keeps_the_candidate():
    got = _neighbour_case(traced_to=(10.2, 1.0), ink_off_line=1.5)
    assert got["coverage"] == 0.6 and got.get("ambiguous") is not True


def test_ink_that_stops_in_the_open_is_left_to_the_score():
    got = _neighbour_case(traced_to=(8.0, 12.0))     # short of P, but at no pile: a fading line
    assert got["coverage"] == 0.6 and "owner" not in got
