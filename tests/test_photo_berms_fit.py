"""berms._evidence_core's line fit where two drawn lines share a candidate's corridor (PH65)."""
from __future__ import annotations

import numpy as np

from scorer.photo import berms

P, Q = np.array([0.0, 0.0]), np.array([0.0, 54.0])


def _corridor(lines: list[tuple[np.ndarray, np.ndarray, float]]):
    """P-Q's sampled corridor holding ink (level `ink`) within 0.35 mm of each drawn line."""
    seg = (*P, *Q)
    g = berms._geometry(seg)
    px, py = g[6], g[7]
    pts = np.stack([px.ravel(), py.ravel()], axis=1)
    ink = np.zeros(len(pts))
    for a, b, level in lines:
        ink = np.maximum(ink, np.where(berms._seg_dist(pts, a, b) <= 0.35, level, 0.0))
    ink = ink.reshape(px.shape)
    return berms._evidence_core(seg, g, ink, np.ones(px.shape, bool), np.ones(px.shape, bool))


def test_the_line_along_the_whole_corridor_is_fitted_not_the_one_leaving_it():
    # fresh judge raging-waters-380127 (2.3 MP): N1-W2 drawn from 0.9 mm left of N1 to
    # 0.6 mm right of W2; N1-W1, drawn from the same pile, leaves N1-W2's corridor half
    # way and is darker. The fit followed N1-W1: N1-W2 read inked only half way (0.54)
    own = (P + [-0.9, 0.0], Q + [0.6, 0.0], 1.6)
    other = (P + [-0.9, 0.0], np.array([-6.1, 54.0]), 2.5)
    ev = _corridor([own, other])
    a, b = ev["fit"]
    assert abs(a - 0.9) < 0.4 or abs(a + 0.9) < 0.4
    assert ev["coverage"] >= 0.95 and ev["gap"] == 0.0
    alone = _corridor([own])                 # the same line alone: the same line fitted
    at_piles = lambda e: np.array([e["fit"][0], e["fit"][0] + e["fit"][1] * 54.0])   # noqa: E731
    assert np.abs(at_piles(alone) - at_piles(ev)).max() < 0.3
    assert np.abs(at_piles(ev) - [0.9, -0.6]).max() < 0.2


def test_a_neighbours_line_leaving_the_corridor_is_no_line_of_its_own():
    # alone in the corridor, the line leaving it half way is fitted as before, running out of
    # the corridor at the far pile: the peaks are some other line's, and nothing lies on P-Q
    other = (P + [-0.9, 0.0], np.array([-6.1, 54.0]), 2.5)
    ev = _corridor([other])
    assert ev["fit"] == (0.0, 0.0) and ev["coverage"] <= 0.3
