"""Design the eight Re-Wilding icons and bake them into templates/re_wilding_icons.json.

Each silhouette is built from simple shapes (ellipses, polygons, swept strokes) merged
with shapely in a 100-unit design box, simplified, and scaled to the unit box. Baking
keeps sheet drawing fast and the outlines identical everywhere; sheets/re_wilding_icons.py
reads the JSON. Run after changing a design:

    .venv/bin/python tools/make_re_wilding_icons.py
"""
from __future__ import annotations

import json
import math
import sys
from pathlib import Path

from shapely import affinity
from shapely.geometry import LineString, Point, Polygon
from shapely.ops import unary_union

PLANTS = ("pine", "heather", "lily", "bullrush")
WILDLIFE = ("squirrel", "snake", "fish", "kingfisher")
KINDS = PLANTS + WILDLIFE

PathOps = list[tuple]


def _ellipse(cx: float, cy: float, rx: float, ry: float, angle: float = 0.0):
    e = affinity.scale(Point(cx, cy).buffer(1.0, 32), rx, ry)
    return affinity.rotate(e, angle, origin=(cx, cy)) if angle else e


def _stroke(points: list[tuple[float, float]], width: float):
    return LineString(points).buffer(width / 2, 16)


def _taper(points: list[tuple[float, float]], w0: float, w1: float):
    """A swept stroke whose width goes from w0 at the start to w1 at the end."""
    pieces = []
    n = len(points)
    for i in range(n - 1):
        a, b = points[i], points[i + 1]
        ra = (w0 + (w1 - w0) * i / (n - 1)) / 2
        rb = (w0 + (w1 - w0) * (i + 1) / (n - 1)) / 2
        pieces.append(unary_union([Point(a).buffer(ra, 16), Point(b).buffer(rb, 16)]).convex_hull)
    return unary_union(pieces)


def _curve(ctrl: list[tuple[float, float]], steps: int = 40) -> list[tuple[float, float]]:
    """Points on a Catmull-Rom spline through the control points."""
    pts = [ctrl[0]] + ctrl + [ctrl[-1]]
    out = []
    for i in range(1, len(pts) - 2):
        p0, p1, p2, p3 = pts[i - 1], pts[i], pts[i + 1], pts[i + 2]
        for k in range(steps):
            t = k / steps
            t2, t3 = t * t, t * t * t
            out.append(tuple(0.5 * (2 * p1[j] + (-p0[j] + p2[j]) * t + (2 * p0[j] - 5 * p1[j] + 4 * p2[j] - p3[j]) * t2
                                    + (-p0[j] + 3 * p1[j] - 3 * p2[j] + p3[j]) * t3) for j in (0, 1)))
    out.append(ctrl[-1])
    return out


def _pine():
    tiers = [Polygon([(50, 3), (27, 33), (73, 33)]),
             Polygon([(50, 17), (18, 55), (82, 55)]),
             Polygon([(50, 35), (8, 80), (92, 80)])]
    trunk = Polygon([(42, 78), (58, 78), (58, 97), (42, 97)])
    return unary_union(tiers + [trunk])


def _heather():
    parts = [_ellipse(50, 89, 28, 8)]
    for angle, length in ((-30, 70), (0, 84), (30, 70)):
        a = math.radians(angle)
        base = (50, 91)
        top = (base[0] + length * math.sin(a), base[1] - length * math.cos(a))
        parts.append(_stroke([base, top], 5))
        n = 6
        for k in range(n):
            t = 0.32 + 0.62 * k / (n - 1)
            size = 1.0 - 0.45 * k / (n - 1)
            cx, cy = base[0] + (top[0] - base[0]) * t, base[1] + (top[1] - base[1]) * t
            for side in (-1, 1):
                ox, oy = math.cos(a) * side * 5.5 * size, math.sin(a) * side * 5.5 * size
                parts.append(_ellipse(cx + ox, cy + oy, 7.5 * size, 4.2 * size, angle - side * 40))
        parts.append(Point(top).buffer(3.5, 16))
    return unary_union(parts)


def _petal(base: tuple[float, float], tip: tuple[float, float], width: float):
    dx, dy = tip[0] - base[0], tip[1] - base[1]
    ln = math.hypot(dx, dy)
    nx, ny = -dy / ln, dx / ln
    side = [(base[0] + dx * t + nx * width / 2 * math.sin(math.pi * t) ** 0.8,
             base[1] + dy * t + ny * width / 2 * math.sin(math.pi * t) ** 0.8) for t in [i / 16 for i in range(17)]]
    other = [(base[0] + dx * t - nx * width / 2 * math.sin(math.pi * t) ** 0.8,
              base[1] + dy * t - ny * width / 2 * math.sin(math.pi * t) ** 0.8) for t in [i / 16 for i in range(16, 0, -1)]]
    return Polygon(side + other).buffer(0)


def _lily():
    pad = _ellipse(50, 82, 47, 13)
    petals = [_petal((50, 76), (50, 8), 24), _petal((46, 76), (20, 22), 22), _petal((54, 76), (80, 22), 22),
              _petal((44, 78), (4, 50), 18), _petal((56, 78), (96, 50), 18)]
    cup = _ellipse(50, 72, 16, 7)
    return unary_union([pad, cup] + petals)


def _bullrush():
    stem = _stroke([(50, 97), (50, 6)], 4.5)
    head = unary_union([_ellipse(50, 36, 9.5, 21), Polygon([(40.5, 36), (59.5, 36), (59.5, 40), (40.5, 40)])])
    leaf1 = _taper(_curve([(48, 96), (34, 70), (22, 46), (18, 28)]), 11, 1.5)
    leaf2 = _taper(_curve([(52, 96), (66, 72), (78, 52), (86, 40)]), 11, 1.5)
    return unary_union([stem, head, leaf1, leaf2])


def _squirrel():
    body = _ellipse(40, 66, 17, 24, -18)
    head = _ellipse(26, 36, 13, 12)
    snout = _ellipse(14, 40, 8, 6.5, 10)
    ear = Polygon([(23, 28), (31, 9), (36, 29)])
    haunch = _ellipse(50, 78, 15, 14)
    feet = _ellipse(40, 92, 17, 5)
    paws = _ellipse(24, 60, 6, 4, -30)
    tail = _taper(_curve([(58, 86), (80, 76), (92, 52), (88, 28), (74, 14), (60, 16), (56, 28)]), 18, 13)
    return unary_union([body, head, snout, ear, haunch, feet, paws, tail])


def _snake():
    spine = _curve([(92, 88), (62, 91), (34, 85), (22, 68), (38, 54), (68, 50), (80, 36), (68, 22), (46, 21)])
    body = _taper(spine, 3.5, 11)
    head = _ellipse(28, 21, 15, 11)
    tongue = unary_union([_stroke([(12, 21), (4, 21)], 3), _stroke([(4, 21), (0.5, 16)], 2.6),
                          _stroke([(4, 21), (0.5, 26)], 2.6)])
    return unary_union([body, head, tongue])


def _fish():
    body = _ellipse(56, 50, 34, 22)
    tail = Polygon([(30, 50), (4, 24), (15, 50), (4, 76)])
    dorsal = Polygon([(40, 33), (56, 15), (70, 32)])
    belly_fin = Polygon([(50, 68), (58, 82), (66, 67)])
    return unary_union([body, tail, dorsal, belly_fin])


def _kingfisher():
    head = _ellipse(38, 30, 17, 16)
    bill = Polygon([(26, 23), (0, 35), (27, 39)])
    body = _ellipse(54, 54, 17, 27, -38)
    tail = Polygon([(62, 68), (74, 94), (84, 90), (74, 64)])
    feet = _stroke([(46, 74), (46, 84)], 5)
    perch = _stroke([(14, 86), (90, 86)], 6)
    return unary_union([head, bill, body, tail, feet, perch])


_SHAPES = {"pine": _pine, "heather": _heather, "lily": _lily, "bullrush": _bullrush,
           "squirrel": _squirrel, "snake": _snake, "fish": _fish, "kingfisher": _kingfisher}


OUT = Path(__file__).resolve().parent.parent / "templates" / "re_wilding_icons.json"


def icon_points(kind: str) -> list[list[float]]:
    """The closed outline of `kind` as points in the unit box (first point not repeated)."""
    shape = _SHAPES[kind]()
    if shape.geom_type != "Polygon":  # merged pieces must touch; keep the biggest if not
        shape = max(shape.geoms, key=lambda g: g.area)
    ring = Polygon(shape.exterior).simplify(0.35, preserve_topology=True).exterior
    # Fit the silhouette into the box with a 2 % margin, keeping its proportions, centred.
    minx, miny, maxx, maxy = ring.bounds
    k = 96.0 / max(maxx - minx, maxy - miny)
    ox, oy = 50 - (minx + maxx) / 2 * k, 50 - (miny + maxy) / 2 * k
    return [[round((x * k + ox) / 100.0, 4), round((y * k + oy) / 100.0, 4)] for x, y in ring.coords[:-1]]


def render() -> str:
    data = {"unit": "box 0..1, origin top-left, y down; one closed outline per kind",
            "icons": {k: icon_points(k) for k in KINDS}}
    return json.dumps(data, separators=(",", ":")) + "\n"


if __name__ == "__main__":
    text = render()
    if "--check" in sys.argv:
        sys.exit(0 if OUT.read_text() == text else 1)
    OUT.write_text(text)
    print(f"wrote {OUT}")
