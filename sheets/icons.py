"""Small vector icons for cards, tiles and tokens, drawn into a square box.

Every icon is `fn(cv, cx, cy, size, style)`: centred on (cx, cy), fitting a size x size
box. Decks name icons in their data files; `letter:X` draws a letter in a ring, so any
type can carry a letter as well as a colour. Add an icon with `register`.
"""
from __future__ import annotations

import math
from collections.abc import Callable

from .canvas import Canvas, PathOp
from .style import Style

IconFn = Callable[[Canvas, float, float, float, Style], None]
ICONS: dict[str, IconFn] = {}


def register(name: str) -> Callable[[IconFn], IconFn]:
    """Decorator: make an icon available to deck data under `name`."""
    def deco(fn: IconFn) -> IconFn:
        ICONS[name] = fn
        return fn
    return deco


def draw_icon(cv: Canvas, name: str, cx: float, cy: float, size: float, style: Style) -> None:
    """Draw icon `name` (or `letter:X`) centred at (cx, cy) in a size x size box."""
    if name.startswith("letter:"):
        _letter(cv, cx, cy, size, style, name[7:])
        return
    try:
        fn = ICONS[name]
    except KeyError:
        raise ValueError(f"unknown icon {name!r}; known: {', '.join(sorted(ICONS))}, letter:X") from None
    fn(cv, cx, cy, size, style)


def known(name: str) -> bool:
    return name.startswith("letter:") and len(name) > 7 or name in ICONS


def _poly(pts: list[tuple[float, float]]) -> list[PathOp]:
    return [("M", *pts[0])] + [("L", *p) for p in pts[1:]] + [("Z",)]


def drop_ops(cx: float, cy: float, size: float) -> list[PathOp]:
    """A water drop: round bottom, pointed top."""
    r = size * 0.34
    by = cy + size * 0.5 - r          # centre of the round part
    top = cy - size * 0.5
    k = 0.5523 * r
    return [("M", cx, top),
            ("C", cx + r * 0.35, top + size * 0.22, cx + r, by - r * 0.55, cx + r, by),
            ("C", cx + r, by + k, cx + k, by + r, cx, by + r),
            ("C", cx - k, by + r, cx - r, by + k, cx - r, by),
            ("C", cx - r, by - r * 0.55, cx - r * 0.35, top + size * 0.22, cx, top), ("Z",)]


@register("drop")
def _drop(cv: Canvas, cx: float, cy: float, size: float, st: Style) -> None:
    cv.path(drop_ops(cx, cy, size), st)


def burst_ops(cx: float, cy: float, size: float, points: int = 10, inner: float = 0.68) -> list[PathOp]:
    """A splash: a star with many short points."""
    pts = []
    for i in range(points * 2):
        a = math.pi * i / points - math.pi / 2
        r = size / 2 * (1 if i % 2 == 0 else inner)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return _poly(pts)


@register("burst")
def _burst(cv: Canvas, cx: float, cy: float, size: float, st: Style) -> None:
    cv.path(burst_ops(cx, cy, size), st)


@register("star")
def _star(cv: Canvas, cx: float, cy: float, size: float, st: Style) -> None:
    cv.path(burst_ops(cx, cy + size * 0.05, size, points=5, inner=0.42), st)


@register("bolt")
def _bolt(cv: Canvas, cx: float, cy: float, size: float, st: Style) -> None:
    """Lightning: a Showdown card can strike on the opponent's turn."""
    s = size / 2
    pts = [(0.18, -1.0), (-0.55, 0.12), (-0.05, 0.12), (-0.22, 1.0), (0.6, -0.2), (0.08, -0.2), (0.32, -1.0)]
    cv.path(_poly([(cx + x * s, cy + y * s) for x, y in pts]), st)


@register("loop")
def _loop(cv: Canvas, cx: float, cy: float, size: float, st: Style) -> None:
    """A circular arrow: a Continuous card keeps working."""
    r = size * 0.34
    w = size * 0.12
    a0, a1 = math.radians(-60), math.radians(230)
    ops: list[PathOp] = []
    n = 14
    outer = [(cx + (r + w / 2) * math.cos(a0 + (a1 - a0) * i / n), cy + (r + w / 2) * math.sin(a0 + (a1 - a0) * i / n))
             for i in range(n + 1)]
    inner = [(cx + (r - w / 2) * math.cos(a1 - (a1 - a0) * i / n), cy + (r - w / 2) * math.sin(a1 - (a1 - a0) * i / n))
             for i in range(n + 1)]
    ops += _poly(outer + inner)
    # arrow head at the a0 end, pointing clockwise... back toward the start
    ax, ay = cx + r * math.cos(a0), cy + r * math.sin(a0)
    tx, ty = -math.sin(a0), math.cos(a0)          # tangent in the direction of increasing angle
    nx, ny = math.cos(a0), math.sin(a0)
    h = size * 0.26
    ops += _poly([(ax - tx * h, ay - ty * h), (ax + nx * h * 0.75, ay + ny * h * 0.75),
                  (ax - nx * h * 0.75, ay - ny * h * 0.75)])
    cv.path(ops, st)


@register("shield")
def _shield(cv: Canvas, cx: float, cy: float, size: float, st: Style) -> None:
    s = size / 2
    cv.path([("M", cx, cy - s), ("L", cx + s * 0.82, cy - s * 0.62),
             ("C", cx + s * 0.82, cy + s * 0.2, cx + s * 0.45, cy + s * 0.72, cx, cy + s),
             ("C", cx - s * 0.45, cy + s * 0.72, cx - s * 0.82, cy + s * 0.2, cx - s * 0.82, cy - s * 0.62),
             ("Z",)], st)


@register("circle")
def _circle(cv: Canvas, cx: float, cy: float, size: float, st: Style) -> None:
    cv.circle(cx, cy, size / 2, st)


@register("ring")
def _ring(cv: Canvas, cx: float, cy: float, size: float, st: Style) -> None:
    cv.circle(cx, cy, size * 0.4, Style(stroke=st.fill or st.stroke, width=size * 0.12))


@register("hex")
def _hex(cv: Canvas, cx: float, cy: float, size: float, st: Style) -> None:
    r = size / 2
    cv.path(_poly([(cx + r * math.cos(math.radians(90 + 60 * i)), cy + r * math.sin(math.radians(90 + 60 * i)))
                   for i in range(6)]), st)


@register("bang")
def _bang(cv: Canvas, cx: float, cy: float, size: float, st: Style) -> None:
    """'!' in a triangle: a crisis or warning."""
    s = size / 2
    cv.path(_poly([(cx, cy - s), (cx + s, cy + s * 0.8), (cx - s, cy + s * 0.8)]), st)
    ink = "#ffffff" if st.fill else (st.stroke or "#000000")
    cv.rect(cx - s * 0.1, cy - s * 0.35, s * 0.2, s * 0.68, Style(stroke=None, fill=ink))
    cv.circle(cx, cy + s * 0.52, s * 0.11, Style(stroke=None, fill=ink))


@register("sun")
def _sun(cv: Canvas, cx: float, cy: float, size: float, st: Style) -> None:
    r = size * 0.24
    cv.circle(cx, cy, r, st)
    ray = Style(stroke=st.fill or st.stroke, width=size * 0.08)
    for i in range(8):
        a = math.pi * i / 4
        cv.line(cx + math.cos(a) * r * 1.35, cy + math.sin(a) * r * 1.35,
                cx + math.cos(a) * size * 0.48, cy + math.sin(a) * size * 0.48, ray)


@register("wave")
def _wave(cv: Canvas, cx: float, cy: float, size: float, st: Style) -> None:
    w = Style(stroke=st.fill or st.stroke, width=size * 0.1)
    for dy in (-0.18, 0.14):
        y = cy + dy * size
        x0 = cx - size * 0.45
        step = size * 0.3
        ops: list[PathOp] = [("M", x0, y)]
        for i in range(3):
            xa = x0 + i * step
            ops.append(("C", xa + step * 0.25, y - size * 0.12, xa + step * 0.75, y + size * 0.12, xa + step, y))
        cv.path(ops, w)


@register("card")
def _card(cv: Canvas, cx: float, cy: float, size: float, st: Style) -> None:
    cv.rect(cx - size * 0.3, cy - size * 0.42, size * 0.6, size * 0.84, st, radius=size * 0.06)


@register("hand")
def _hand(cv: Canvas, cx: float, cy: float, size: float, st: Style) -> None:
    """Two fanned cards: draw or hold cards."""
    for a in (-14, 14):
        with cv.transformed(cx, cy + size * 0.1, rotate=a):
            cv.rect(-size * 0.24, -size * 0.48, size * 0.48, size * 0.7, st, radius=size * 0.05)


def _letter(cv: Canvas, cx: float, cy: float, size: float, st: Style, text: str) -> None:
    color = st.fill or st.stroke or "#000000"
    cv.circle(cx, cy, size * 0.46, Style(stroke=color, width=size * 0.08))
    cv.text(cx, cy + size * 0.2, text, size=size * 0.58, font="bold", anchor="middle", fill=color)


from . import pictograms  # noqa: E402,F401  (registers the card-art silhouettes)
