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


def _hidden_stretch(y0: float, y1: float, line: tuple[np.ndarray, np.ndarray], others: list, level: float = 1.6):
    """A 77 mm corridor whose drawn `line` runs along print (not clear, no ink seen) from
    y0 to y1 mm, with darker `others` lines crossing it."""
    seg = (0.0, 0.0, 0.0, 77.0)
    g = berms._geometry(seg)
    px, py = g[6], g[7]
    pts = np.stack([px.ravel(), py.ravel()], axis=1)
    d = berms._seg_dist(pts, *line)
    along_print = (pts[:, 1] >= y0) & (pts[:, 1] <= y1) & (d <= 1.0)
    ink = np.where((d <= 0.35) & ~along_print, level, 0.0)
    for a, b in others:
        ink = np.maximum(ink, np.where(berms._seg_dist(pts, a, b) <= 0.35, 2.5, 0.0))
    clear = ~along_print
    return berms._evidence_core(seg, g, ink.reshape(px.shape), np.ones(px.shape, bool), clear.reshape(px.shape))


def test_a_line_hidden_along_print_is_fitted_on_where_it_shows():
    # fresh judge raging-waters-430072 (2.8 MP): Delta's N3-S3 runs 1 mm beside its piles,
    # along a shaded swamp's printed side for 11 mm (no ink seen there), and N2-S4 crosses it
    # at 20 degrees. The fit through the darkest peaks followed N2-S4's ink and tilted 3 mm
    # off at S3; the line's plain end near N3 missed the fit, and it read empty at p = 0.9999
    # with a 14.5 mm gap (PH76)
    own = (np.array([-0.8, 0.0]), np.array([-1.3, 77.0]))
    crossing = (np.array([-12.0, 0.0]), np.array([5.0, 77.0]))
    ev = _hidden_stretch(11.0, 22.0, own, [crossing])
    a, b = ev["fit"]                             # offsets run to -x: the line lies at +0.8, +1.3
    assert abs(a - 0.8) < 0.3 and abs(a + b * 77.0 - 1.3) < 0.3
    assert ev["gap"] <= 4.0 and ev["coverage"] >= 0.8   # the hidden stretch runs along print


def _seen_case(seen_share: float, inked_share: float) -> bool:
    """`_whole_where_seen` for a line at offset 0 along 100 stations, seen on the first
    `seen_share` of them and inked on the first `inked_share` of those."""
    t = np.arange(100) * 0.5
    offs = np.arange(-3.5, 3.5 + 1e-9, 0.2)
    seen = np.zeros((100, len(offs)), bool)
    nseen = int(round(seen_share * 100))
    seen[:nseen] = True
    rows = np.arange(int(round(inked_share * nseen)))
    return berms._whole_where_seen(t, (rows, np.zeros(len(rows))), 0.0, 0.0, offs, seen)


def test_a_line_found_where_it_shows_must_show_on_most_of_its_corridor():
    # PH76: inked on WHOLE (85 %) of the stations where it shows, and those are SEEN_MIN
    # (60 %) of the corridor at least; a line seen on half of it is never found so
    assert _seen_case(0.7, 0.9)
    assert not _seen_case(0.7, 0.8)
    assert not _seen_case(0.5, 1.0)


def _two_from_one_pile(skip_mm: float, fit: tuple[float, float]):
    """`_best_supported` on a 47 mm corridor (judge raging-waters-600099's delta N1-W2):
    its own line, 0 to 0.4 mm off its piles, skips `skip_mm` mid-way; a darker line from the
    same pile leaves the corridor 4.3 mm off at the far pile. `fit`: the peaks' fit."""
    seg = (0.0, 0.0, 0.0, 47.0)
    L, _, _, t, offs = berms._geometry(seg)[:5]
    inner = np.zeros((len(t), len(offs)))
    for i, ti in enumerate(t):
        if not 22.0 <= ti < 22.0 + skip_mm:
            inner[i, np.abs(offs + 0.4 * ti / L) <= 0.35] = 1.6
        inner[i, np.abs(offs + 4.3 * ti / L) <= 0.35] = 2.5
    k = np.ones(inner.shape, bool)
    have = int(berms._support(t, berms._runs(inner, k, offs), np.array([fit[0]]), np.array([fit[1]]))[0])
    return berms._best_supported(t, L, offs, inner, k, *fit, k), have / len(t)


def test_a_fit_between_two_lines_from_one_pile_takes_the_line_along_most_of_it():
    # PH122, judge raging-waters-600099 (2.2 MP): delta's N1-W2 and N1-W1, both drawn, share
    # N1-W2's corridor for 38 mm. The fit through the darkest peaks ran between them, on ink
    # at 11 of 70 stations, 2.7 mm off at W2; N1-W2's own line (a 6 mm skip) has ink at 58 of
    # them (83 %, under WHOLE), so the fit stayed and the trace ran on to W1: p = 0.983
    between = (2.2, -0.02)
    (a, b), have = _two_from_one_pile(6.0, between)
    assert have < berms.LOST
    assert abs(a) < 0.3 and abs(a + b * 47.0 + 0.4) < 0.3
    # a longer skip leaves under MOST of the corridor inked: the fit stays
    assert _two_from_one_pile(13.0, between)[0] == between
    # a fit with ink under it at LOST of the stations or more stays too (PH65 as before)
    partly = (1.0, -0.06)
    got, have = _two_from_one_pile(6.0, partly)
    assert berms.LOST <= have < berms.MOST and got == partly


def _astray(fit: tuple[float, float]):
    """`_best_supported` on a 32 mm corridor (judge raging-waters-640061's delta S2-W1,
    felt-tip): its own line at offset 0, and a second drawn line to the same far pile
    beside it, 3.1 mm off at the first stations, 2.3 mm at the tenth, then merged with it
    into one wide run for 4 mm. `fit`: the peaks' fit."""
    seg = (0.0, 0.0, 0.0, 32.0)
    L, _, _, t, offs = berms._geometry(seg)[:5]
    inner = np.zeros((len(t), len(offs)))
    for i, ti in enumerate(t):
        if 12.0 <= ti < 16.0:
            inner[i, (offs >= -0.4) & (offs <= 2.2)] = 12.0     # the two lines merged
            continue
        inner[i, np.abs(offs) <= 0.6] = 12.0
        if ti < 12.0:
            inner[i, np.abs(offs - (3.1 - 0.13 * (ti - 6.0))) <= 0.3] = 12.0
    k = np.ones(inner.shape, bool)
    runs = berms._runs(inner, k, offs)
    have = int(berms._support(t, runs, np.array([fit[0]]), np.array([fit[1]]))[0])
    own = int(berms._support(t, runs, np.array([0.0]), np.array([0.0]))[0])
    return berms._best_supported(t, L, offs, inner, k, *fit, k), have, own, len(t)


def test_a_fit_missing_its_pile_by_more_than_a_berm_does_takes_the_line_from_pile_to_pile():
    # PH125, judge raging-waters-640061 (6.8 MP): the fit through the peaks ran 2.85 mm off
    # S2 (ink under it at 27 of 41 stations); the line through both piles, ink at 31 of them,
    # runs along under PH65's WHOLE of the corridor, so the fit stayed, the trace stopped
    # 8.4 mm short of S2 and the drawn S2-W1 read at p = 0.91
    astray = (2.85, -0.138)
    (a, b), have, own, n = _astray(astray)
    assert have < own < berms.WHOLE * n and own >= berms.MOST * n
    assert abs(a) < 0.3 and abs(a + b * 32.0) < 0.3
    # a fit within HOUGH_MISS of both piles could be a drawn line: it stays, as before
    near = (2.2, -0.1)
    got, have, own, _ = _astray(near)
    assert have < own < berms.WHOLE * n and got == near


def _crossed(own: bool):
    """`_best_supported` on a 32 mm corridor (judge raging-waters-2750153's delta S2-W1): a
    drawn line of another pile's runs through it at a slant, 3.2 mm off at the first station
    and 3.84 mm off the near pile, so that the fit through the peaks, on it, misses that pile
    by more than the corridor keeps (HALF - 0.2). With `own`, this candidate's line, 0.4 mm
    off its near pile and 2.0 mm off its far one, hidden under a printed digit at the first
    five stations."""
    seg = (0.0, 0.0, 0.0, 32.0)
    L, _, _, t, offs = berms._geometry(seg)[:5]
    inner = np.zeros((len(t), len(offs)))
    k = np.ones(inner.shape, bool)
    for i, ti in enumerate(t):
        inner[i, np.abs(offs - (3.84 - 0.1 * ti)) <= 0.3] = 4.0
        if own:
            on = np.abs(offs - (0.4 + 0.05 * ti)) <= 0.3
            inner[i, on] = 4.0
            if ti < 8.5:
                k[i, on] = False
    fit = (3.84, -0.1)
    return berms._best_supported(t, L, offs, inner, k, *fit, k), fit, len(t)


def test_a_fit_the_corridor_rejects_gives_way_to_a_line_of_its_own():
    # PH211, judge raging-waters-2750153 (3.1 MP): Delta's drawn S2-W1, 2 mm off W1, hidden
    # over a square's printed digit near S2, with S3-W1 running through its corridor to W1.
    # The fit through the peaks followed S3-W1 (3.84 mm off S2), which the corridor then
    # threw out as another line's; the line of its own, on ink where it shows, had no more
    # support than that fit, so the fit stayed, the nominal line took its place, and S2-W1
    # read empty at p = 0.9999 on 29 % of it: a confident wrong mark
    (a, b), fit, n = _crossed(own=True)
    assert abs(a - 0.4) < 0.3 and abs(a + b * 32.0 - 2.0) < 0.3
    # no line of its own there: the fit stays (and the corridor rejects it, as before)
    got, fit, _ = _crossed(own=False)
    assert got == fit
