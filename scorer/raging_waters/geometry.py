"""Exact berm geometry.

Rule tests use integer arithmetic on doubled lattice coordinates (piles stand on whole or
half units), so a house exactly on a line is always caught. Every berm runs from border
to border of the convex field, so it splits the field in two: two points share a region
exactly when no berm separates them. `regions()` builds the same regions with shapely
(polygonize the berms and the border) for scoring and drawing; tests check both agree.
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import numpy as np
from shapely.geometry import LineString, Point, Polygon
from shapely.ops import polygonize, unary_union

from .template import FIELD, MapTemplate, Pile

IPoint = tuple[int, int]


def house_point(h: tuple[int, int]) -> IPoint:
    """A house intersection in doubled coordinates."""
    return (2 * h[0], 2 * h[1])


def swamp_corners(s: tuple[int, int]) -> tuple[IPoint, ...]:
    """Corners of the swamp cell whose top-right corner is s, doubled."""
    c, r = 2 * s[0], 2 * s[1]
    return ((c - 2, r - 2), (c, r - 2), (c, r), (c - 2, r))


def swamp_center(s: tuple[int, int]) -> IPoint:
    return (2 * s[0] - 1, 2 * s[1] - 1)


def _cross(a: IPoint, b: IPoint, p: IPoint) -> int:
    return (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])


def side(a: IPoint, b: IPoint, p: IPoint) -> int:
    """+1 left of a→b, -1 right, 0 on the line."""
    c = _cross(a, b, p)
    return (c > 0) - (c < 0)


def hits_house(a: IPoint, b: IPoint, h: IPoint, radius: Fraction) -> bool:
    """True when segment a-b comes within `radius` lattice units of house h (exact)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    len2 = dx * dx + dy * dy
    t = (h[0] - a[0]) * dx + (h[1] - a[1]) * dy
    r2 = (radius * 2) ** 2  # doubled coordinates
    if t <= 0:
        return ((h[0] - a[0]) ** 2 + (h[1] - a[1]) ** 2) * r2.denominator <= r2.numerator
    if t >= len2:
        return ((h[0] - b[0]) ** 2 + (h[1] - b[1]) ** 2) * r2.denominator <= r2.numerator
    cr = _cross(a, b, h)
    return cr * cr * r2.denominator <= r2.numerator * len2


def crosses_swamp(a: IPoint, b: IPoint, s: tuple[int, int]) -> bool:
    """True when the berm passes through the swamp's interior (along a side is fine).

    The berm spans the field border to border and the swamp lies inside the field, so the
    berm meets the open cell exactly when cell corners lie strictly on both sides of it.
    """
    sides = {side(a, b, c) for c in swamp_corners(s)}
    return 1 in sides and -1 in sides


@lru_cache(maxsize=None)
def pair_table(m: MapTemplate) -> tuple[tuple[tuple[Pile, Pile], ...], np.ndarray, np.ndarray]:
    """Every pile pair on different edges, with their doubled end points as int arrays."""
    pairs = tuple(pile_pairs(m))
    a = np.array([p.xy2 for p, _ in pairs], dtype=np.int64).reshape(-1, 2)
    b = np.array([q.xy2 for _, q in pairs], dtype=np.int64).reshape(-1, 2)
    return pairs, a, b


def sides_matrix(m: MapTemplate, points: list[IPoint]) -> np.ndarray:
    """sign of every point (columns) against every pile pair's line (rows), exactly."""
    _, a, b = pair_table(m)
    if not points:
        return np.zeros((len(a), 0), dtype=np.int64)
    p = np.array(points, dtype=np.int64)
    d = b - a
    cr = d[:, :1] * (p[None, :, 1] - a[:, 1:2]) - d[:, 1:2] * (p[None, :, 0] - a[:, :1])
    return np.sign(cr)


@lru_cache(maxsize=4096)
def blocked_pairs(m: MapTemplate, houses: tuple[tuple[int, int], ...], swamps: tuple[tuple[int, int], ...],
                  radius: Fraction) -> tuple[bool, ...]:
    """Per row of `pair_table`: is that pile pair's berm blocked by a house or a swamp?

    Vectorised with exact int64 arithmetic; `why_blocked` gives the reason for one pair
    from the scalar definitions, which tests check agree with this.
    """
    pairs, a, b = pair_table(m)
    hit = np.zeros(len(pairs), dtype=bool)
    if houses:
        hp = np.array([house_point(h) for h in houses], dtype=np.int64)      # H x 2
        d = (b - a)[:, None, :]                                               # P x 1 x 2
        rel_a = hp[None, :, :] - a[:, None, :]                                # P x H x 2
        rel_b = hp[None, :, :] - b[:, None, :]
        len2 = (d * d).sum(axis=2)                                            # P x 1
        t = (rel_a * d).sum(axis=2)                                           # P x H
        cr = d[:, :, 0] * rel_a[:, :, 1] - d[:, :, 1] * rel_a[:, :, 0]
        r2 = (radius * 2) ** 2
        num, den = r2.numerator, r2.denominator
        near = ((t > 0) & (t < len2) & (cr * cr * den <= num * len2)) \
            | ((rel_a * rel_a).sum(axis=2) * den <= num) | ((rel_b * rel_b).sum(axis=2) * den <= num)
        hit |= near.any(axis=1)
    if swamps:
        corners = [c for s in swamps for c in swamp_corners(s)]
        sg = sides_matrix(m, corners).reshape(len(pairs), len(swamps), 4)
        hit |= ((sg > 0).any(axis=2) & (sg < 0).any(axis=2)).any(axis=1)
    return tuple(hit.tolist())


def why_blocked(m: MapTemplate, a_id: str, b_id: str, houses: tuple[tuple[int, int], ...],
                swamps: tuple[tuple[int, int], ...], radius: Fraction) -> str | None:
    """Why a berm between two piles is blocked, or None if it is not."""
    a, b = m.pile(a_id).xy2, m.pile(b_id).xy2
    for h in houses:
        if hits_house(a, b, house_point(h), radius):
            return f"it passes through the house at column {h[0]}, row {h[1]}"
    for s in swamps:
        if crosses_swamp(a, b, s):
            return f"it passes through the swamp with top-right corner at column {s[0]}, row {s[1]}"
    return None


@lru_cache(maxsize=None)
def pair_index(m: MapTemplate) -> dict[frozenset[str], int]:
    """Row of each pile pair in `pair_table`."""
    return {frozenset((p.id, q.id)): k for k, (p, q) in enumerate(pair_table(m)[0])}


def berm_points(m: MapTemplate, berm: tuple[str, str]) -> tuple[IPoint, IPoint]:
    return m.pile(berm[0]).xy2, m.pile(berm[1]).xy2


def signature(m: MapTemplate, berms: tuple[tuple[str, str], ...], p: IPoint) -> tuple[int, ...]:
    """Which side of every berm a point lies on: equal signatures share a region."""
    return tuple(side(*berm_points(m, b), p) for b in berms)


def protected(m: MapTemplate, houses: tuple[tuple[int, int], ...], swamps: tuple[tuple[int, int], ...],
              berms: tuple[tuple[str, str], ...], strict_swamps: bool = False) -> tuple[bool, ...]:
    """Per house: alone in its region (and, in the strict variant, with no swamp there)."""
    lines = [berm_points(m, b) for b in berms]

    def sig(p: IPoint) -> tuple[int, ...]:
        return tuple(side(a, b, p) for a, b in lines)

    hs = [sig(house_point(h)) for h in houses]
    others = [sig(swamp_center(s)) for s in swamps] if strict_swamps else []
    out = []
    for i, s in enumerate(hs):
        alone = all(s != t for j, t in enumerate(hs) if j != i)
        out.append(alone and all(s != t for t in others))
    return tuple(out)


def _float(p: tuple[Fraction, Fraction]) -> tuple[float, float]:
    return (float(p[0]), float(p[1]))


def regions(m: MapTemplate, berms: tuple[tuple[str, str], ...]) -> list[Polygon]:
    """The field's regions: polygonize the border and the berms with shapely."""
    border = LineString([(0, 0), (FIELD, 0), (FIELD, FIELD), (0, FIELD), (0, 0)])
    lines = [border] + [LineString([_float(m.pile(a).point), _float(m.pile(b).point)]) for a, b in berms]
    return list(polygonize(unary_union(lines)))


def region_of(polys: list[Polygon], x: float, y: float) -> int:
    """Index of the region holding a point (lattice units); -1 if it lies on a berm."""
    pt = Point(x, y)
    for i, poly in enumerate(polys):
        if poly.contains(pt):
            return i
    return -1


def protected_by_regions(m: MapTemplate, houses, swamps, berms, strict_swamps: bool = False) -> tuple[bool, ...]:
    """The same answer as `protected`, computed from shapely regions."""
    polys = regions(m, berms)
    hr = [region_of(polys, h[0], h[1]) for h in houses]
    sr = {region_of(polys, s[0] - 0.5, s[1] - 0.5) for s in swamps} if strict_swamps else set()
    return tuple(r >= 0 and hr.count(r) == 1 and r not in sr for r in hr)


def pile_pairs(m: MapTemplate) -> list[tuple[Pile, Pile]]:
    """Every pair of piles on different edges."""
    return [(p, q) for i, p in enumerate(m.piles) for q in m.piles[i + 1:] if p.edge != q.edge]


def berm_separation(m: MapTemplate) -> list[tuple[float, str, str]]:
    """How close each pair of candidate berms comes to being the same line, in mm.

    For two berms, the larger distance of one berm's end points from the other's line
    (the smaller of the two ways round): a berm drawn by hand misses pile centres by a
    millimetre or two, so two candidates closer than that could not be told apart on the
    sheet or in a photo. Sorted, closest first.
    """
    lines = [(p.xy2, q.xy2, f"{p.id}-{q.id}") for p, q in pile_pairs(m)]

    def far(l1, l2) -> float:
        (ax, ay), (bx, by) = l1[0], l1[1]
        dx, dy = bx - ax, by - ay
        n = (dx * dx + dy * dy) ** 0.5
        return max(abs(dx * (py - ay) - dy * (px - ax)) / n for px, py in (l2[0], l2[1]))

    out = []
    for i, l1 in enumerate(lines):
        for l2 in lines[i + 1:]:
            out.append((min(far(l1, l2), far(l2, l1)) / 2 * m.pitch, l1[2], l2[2]))  # doubled units -> mm
    return sorted(out)
