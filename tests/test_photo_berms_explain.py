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
