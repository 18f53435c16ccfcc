"""Small pictograms for the Rising Waters kit, drawn with Canvas paths.

Every icon is drawn centred on (cx, cy) in a square of side s mm. Card-type icons are
looked up by name through `ICONS`, so decks and boards name icons in their data files.
"""
from __future__ import annotations

import math
from typing import Callable

from ..canvas import Canvas
from ..style import INK, WHITE, Style, fill, stroke
from . import palette as P

IconFn = Callable[[Canvas, float, float, float, str], None]


def _pt(cx: float, cy: float, s: float, u: float, v: float) -> tuple[float, float]:
    """Unit-square coordinates (0..1, y down) to mm."""
    return (cx + (u - 0.5) * s, cy + (v - 0.5) * s)


def _poly(cv: Canvas, cx: float, cy: float, s: float, pts: list[tuple[float, float]], style: Style) -> None:
    cv.polyline([_pt(cx, cy, s, u, v) for u, v in pts], style, closed=True)


def _line(cv: Canvas, cx: float, cy: float, s: float, a: tuple[float, float], b: tuple[float, float],
          style: Style) -> None:
    cv.line(*_pt(cx, cy, s, *a), *_pt(cx, cy, s, *b), style)


def _w(s: float, k: float = 0.06) -> float:
    return max(0.2, s * k)


# --- map glyphs ------------------------------------------------------------------------
def forest(cv: Canvas, cx: float, cy: float, s: float) -> None:
    """Three conifers."""
    for du, dv, k in ((-0.28, 0.08, 0.8), (0.28, 0.08, 0.8), (0.0, -0.05, 1.0)):
        x, y = cx + du * s, cy + dv * s
        h = 0.55 * s * k
        cv.path([("M", x, y - h / 2), ("L", x + h * 0.38, y + h * 0.3), ("L", x - h * 0.38, y + h * 0.3), ("Z",)],
                Style(stroke=None, fill=P.FOREST))
        cv.line(x, y + h * 0.3, x, y + h * 0.5, stroke(P.FOREST, _w(s, 0.05)))


def field(cv: Canvas, cx: float, cy: float, s: float) -> None:
    """Furrows of an agricultural field with a few plants."""
    st = stroke(P.FIELD, _w(s, 0.045))
    for i in range(4):
        v = 0.3 + i * 0.14
        _line(cv, cx, cy, s, (0.15 + i * 0.03, v), (0.85 - i * 0.03, v), st)
    for u in (0.3, 0.5, 0.7):
        _line(cv, cx, cy, s, (u, 0.3), (u, 0.14), stroke(P.FOREST, _w(s, 0.04)))


def city(cv: Canvas, cx: float, cy: float, s: float) -> None:
    """A row of buildings on the bluff."""
    st = Style(stroke=P.CITY, width=_w(s, 0.035), fill="#f3ece2")
    for u0, w, h in ((0.12, 0.22, 0.42), (0.36, 0.26, 0.62), (0.64, 0.24, 0.5)):
        _poly(cv, cx, cy, s, [(u0, 0.85), (u0 + w, 0.85), (u0 + w, 0.85 - h), (u0, 0.85 - h)], st)
    _line(cv, cx, cy, s, (0.49, 0.23), (0.49, 0.1), stroke(P.CITY, _w(s, 0.04)))


def house(cv: Canvas, cx: float, cy: float, s: float, color: str = P.TOWN, outline_only: bool = False) -> None:
    """A house (a town)."""
    st = (Style(stroke=color, width=_w(s, 0.08), fill=WHITE, dash=None) if outline_only
          else Style(stroke=INK, width=_w(s, 0.05), fill=color))
    _poly(cv, cx, cy, s, [(0.15, 0.45), (0.5, 0.1), (0.85, 0.45), (0.85, 0.9), (0.15, 0.9)], st)


def tent(cv: Canvas, cx: float, cy: float, s: float, color: str = P.RELIEF_GREEN, number: str = "") -> None:
    """A relief camp tent, with a site number under it."""
    _poly(cv, cx, cy, s, [(0.5, 0.1), (0.95, 0.85), (0.05, 0.85)], Style(stroke=WHITE, width=_w(s, 0.05), fill=color))
    _poly(cv, cx, cy, s, [(0.5, 0.45), (0.65, 0.85), (0.35, 0.85)], fill(WHITE))
    if number:
        cv.text(cx, cy + s * 0.9, number, size=s * 0.4, font="bold", anchor="middle", fill=color)


def pawn(cv: Canvas, cx: float, cy: float, s: float, color: str = INK) -> None:
    """A pawn seen from the side."""
    st = Style(stroke=INK, width=_w(s, 0.05), fill=color)
    cv.circle(cx, cy - 0.22 * s, 0.17 * s, st)
    cv.path([("M", cx - 0.3 * s, cy + 0.45 * s), ("C", cx - 0.3 * s, cy - 0.05 * s, cx - 0.15 * s, cy - 0.05 * s,
                                                   cx, cy - 0.05 * s),
             ("C", cx + 0.15 * s, cy - 0.05 * s, cx + 0.3 * s, cy - 0.05 * s, cx + 0.3 * s, cy + 0.45 * s), ("Z",)], st)


def arrowhead(cv: Canvas, x: float, y: float, ux: float, uy: float, size: float, color: str) -> None:
    """A filled arrowhead with its tip at (x, y) pointing along (ux, uy)."""
    px, py = -uy, ux
    bx, by = x - ux * size, y - uy * size
    cv.path([("M", x, y), ("L", bx + px * size * 0.45, by + py * size * 0.45),
             ("L", bx - px * size * 0.45, by - py * size * 0.45), ("Z",)], fill(color))


# --- card and board icons --------------------------------------------------------------
def note(cv: Canvas, cx: float, cy: float, s: float, color: str) -> None:
    """Blues: two joined eighth notes."""
    st = Style(stroke=None, fill=color)
    for u in (0.3, 0.72):
        cv.ellipse(*_pt(cx, cy, s, u - 0.08, 0.78), 0.12 * s, 0.09 * s, st)
        _line(cv, cx, cy, s, (u + 0.03, 0.78), (u + 0.03, 0.2), stroke(color, _w(s, 0.07), cap="butt"))
    _poly(cv, cx, cy, s, [(0.31, 0.18), (0.77, 0.1), (0.77, 0.22), (0.31, 0.3)], st)


def church(cv: Canvas, cx: float, cy: float, s: float, color: str) -> None:
    """Church: a chapel with a steeple and a cross."""
    st = Style(stroke=None, fill=color)
    _poly(cv, cx, cy, s, [(0.15, 0.55), (0.5, 0.32), (0.85, 0.55), (0.85, 0.92), (0.15, 0.92)], st)
    _poly(cv, cx, cy, s, [(0.42, 0.36), (0.5, 0.2), (0.58, 0.36)], st)
    _line(cv, cx, cy, s, (0.5, 0.2), (0.5, 0.04), stroke(color, _w(s, 0.06), cap="butt"))
    _line(cv, cx, cy, s, (0.43, 0.1), (0.57, 0.1), stroke(color, _w(s, 0.06), cap="butt"))
    _poly(cv, cx, cy, s, [(0.43, 0.92), (0.43, 0.7), (0.57, 0.7), (0.57, 0.92)], fill(WHITE))


def family(cv: Canvas, cx: float, cy: float, s: float, color: str) -> None:
    """Family: two adults and a child."""
    st = Style(stroke=None, fill=color)
    for u, k in ((0.24, 1.0), (0.76, 1.0), (0.5, 0.72)):
        head_v = 0.22 if k == 1.0 else 0.45
        cv.circle(*_pt(cx, cy, s, u, head_v), 0.09 * s * k, st)
        top = head_v + 0.12 * k
        cv.path([("M", *_pt(cx, cy, s, u - 0.14 * k, 0.92)),
                 ("L", *_pt(cx, cy, s, u - 0.14 * k, top + 0.08)),
                 ("C", *_pt(cx, cy, s, u - 0.14 * k, top), *_pt(cx, cy, s, u - 0.1 * k, top),
                  *_pt(cx, cy, s, u, top)),
                 ("C", *_pt(cx, cy, s, u + 0.1 * k, top), *_pt(cx, cy, s, u + 0.14 * k, top),
                  *_pt(cx, cy, s, u + 0.14 * k, top + 0.08)),
                 ("L", *_pt(cx, cy, s, u + 0.14 * k, 0.92)), ("Z",)], st)


def horseshoe(cv: Canvas, cx: float, cy: float, s: float, color: str) -> None:
    """Farm Animals: a mule's horseshoe."""
    r = 0.3 * s
    x, y = cx, cy - 0.02 * s
    st = stroke(color, 0.14 * s, cap="butt")
    k = 0.5523 * r
    cv.path([("M", x - r, y + 0.38 * s), ("L", x - r, y), ("C", x - r, y - k, x - k, y - r, x, y - r),
             ("C", x + k, y - r, x + r, y - k, x + r, y), ("L", x + r, y + 0.38 * s)], st)
    for dx, dy in ((-r, 0.0), (r, 0.0), (-r * 0.7, -r * 0.7), (r * 0.7, -r * 0.7)):
        cv.circle(x + dx, y + dy, 0.025 * s, fill(WHITE))


def garden(cv: Canvas, cx: float, cy: float, s: float, color: str) -> None:
    """Vegetable Garden: a sprout with two leaves over a row of soil."""
    st = Style(stroke=None, fill=color)
    _line(cv, cx, cy, s, (0.5, 0.82), (0.5, 0.35), stroke(color, _w(s, 0.07), cap="butt"))
    for sgn in (-1, 1):
        p0 = _pt(cx, cy, s, 0.5, 0.5)
        p1 = _pt(cx, cy, s, 0.5 + sgn * 0.38, 0.2)
        c1 = _pt(cx, cy, s, 0.5 + sgn * 0.08, 0.18)
        c2 = _pt(cx, cy, s, 0.5 + sgn * 0.36, 0.48)
        cv.path([("M", *p0), ("C", *_pt(cx, cy, s, 0.5 + sgn * 0.05, 0.3), *c1, *p1), ("C", *c2,
                 *_pt(cx, cy, s, 0.5 + sgn * 0.12, 0.55), *p0), ("Z",)], st)
    _poly(cv, cx, cy, s, [(0.12, 0.82), (0.88, 0.82), (0.8, 0.92), (0.2, 0.92)], st)


def book(cv: Canvas, cx: float, cy: float, s: float, color: str) -> None:
    """Education: an open book."""
    st = Style(stroke=color, width=_w(s, 0.06), fill=WHITE)
    _poly(cv, cx, cy, s, [(0.5, 0.3), (0.08, 0.2), (0.08, 0.78), (0.5, 0.88)], st)
    _poly(cv, cx, cy, s, [(0.5, 0.3), (0.92, 0.2), (0.92, 0.78), (0.5, 0.88)], st)
    for i in range(3):
        v = 0.38 + i * 0.13
        _line(cv, cx, cy, s, (0.16, v - 0.02), (0.42, v + 0.04), stroke(color, _w(s, 0.035)))
        _line(cv, cx, cy, s, (0.58, v + 0.04), (0.84, v - 0.02), stroke(color, _w(s, 0.035)))


def torch(cv: Canvas, cx: float, cy: float, s: float, color: str) -> None:
    """The resistance icon: a raised torch."""
    _poly(cv, cx, cy, s, [(0.42, 0.45), (0.58, 0.45), (0.54, 0.95), (0.46, 0.95)], fill(color))
    cv.path([("M", *_pt(cx, cy, s, 0.5, 0.05)),
             ("C", *_pt(cx, cy, s, 0.72, 0.2), *_pt(cx, cy, s, 0.7, 0.38), *_pt(cx, cy, s, 0.6, 0.42)),
             ("L", *_pt(cx, cy, s, 0.4, 0.42)),
             ("C", *_pt(cx, cy, s, 0.3, 0.38), *_pt(cx, cy, s, 0.32, 0.22), *_pt(cx, cy, s, 0.44, 0.14)),
             ("C", *_pt(cx, cy, s, 0.46, 0.22), *_pt(cx, cy, s, 0.5, 0.2), *_pt(cx, cy, s, 0.5, 0.05)), ("Z",)],
            Style(stroke=color, width=_w(s, 0.04), fill="#f2b632"))


def newspaper(cv: Canvas, cx: float, cy: float, s: float, color: str) -> None:
    st = Style(stroke=color, width=_w(s, 0.06), fill=WHITE)
    _poly(cv, cx, cy, s, [(0.12, 0.15), (0.88, 0.15), (0.88, 0.88), (0.12, 0.88)], st)
    _poly(cv, cx, cy, s, [(0.2, 0.24), (0.8, 0.24), (0.8, 0.36), (0.2, 0.36)], fill(color))
    for i in range(4):
        v = 0.47 + i * 0.11
        _line(cv, cx, cy, s, (0.2, v), (0.46, v), stroke(color, _w(s, 0.035)))
        _line(cv, cx, cy, s, (0.54, v), (0.8, v), stroke(color, _w(s, 0.035)))


def radio(cv: Canvas, cx: float, cy: float, s: float, color: str) -> None:
    st = Style(stroke=color, width=_w(s, 0.06), fill=WHITE)
    _line(cv, cx, cy, s, (0.3, 0.32), (0.7, 0.05), stroke(color, _w(s, 0.05)))
    cv.rect(*_pt(cx, cy, s, 0.1, 0.32), 0.8 * s, 0.56 * s, st, radius=0.1 * s)
    cv.circle(*_pt(cx, cy, s, 0.34, 0.6), 0.16 * s, Style(stroke=color, width=_w(s, 0.04), fill=None))
    cv.circle(*_pt(cx, cy, s, 0.72, 0.5), 0.05 * s, fill(color))
    cv.circle(*_pt(cx, cy, s, 0.72, 0.7), 0.05 * s, fill(color))


def megaphone(cv: Canvas, cx: float, cy: float, s: float, color: str) -> None:
    """Outside Activism: a speaking trumpet."""
    _poly(cv, cx, cy, s, [(0.15, 0.4), (0.35, 0.4), (0.85, 0.15), (0.85, 0.85), (0.35, 0.6), (0.15, 0.6)],
          Style(stroke=color, width=_w(s, 0.05), fill=color))
    _poly(cv, cx, cy, s, [(0.3, 0.6), (0.42, 0.64), (0.4, 0.85), (0.3, 0.85)], fill(color))


def ticket(cv: Canvas, cx: float, cy: float, s: float, color: str) -> None:
    """Vaudeville Fundraiser: a theatre ticket with a star."""
    st = Style(stroke=color, width=_w(s, 0.06), fill=WHITE)
    _poly(cv, cx, cy, s, [(0.08, 0.25), (0.92, 0.25), (0.92, 0.42), (0.86, 0.5), (0.92, 0.58), (0.92, 0.75),
                          (0.08, 0.75), (0.08, 0.58), (0.14, 0.5), (0.08, 0.42)], st)
    star(cv, cx, cy, s * 0.5, color)


def star(cv: Canvas, cx: float, cy: float, s: float, color: str) -> None:
    """A five-pointed star (the early-game mark on Landowner cards)."""
    pts = []
    for i in range(10):
        r = 0.48 * s if i % 2 == 0 else 0.2 * s
        a = math.radians(i * 36)
        pts.append((cx + r * math.sin(a), cy - r * math.cos(a) + 0.04 * s))
    cv.polyline(pts, Style(stroke=None, fill=color), closed=True)


def shovel(cv: Canvas, cx: float, cy: float, s: float, color: str) -> None:
    """Job Offer: a shovel for levee work."""
    _line(cv, cx, cy, s, (0.5, 0.1), (0.5, 0.6), stroke(color, _w(s, 0.08), cap="butt"))
    _line(cv, cx, cy, s, (0.38, 0.1), (0.62, 0.1), stroke(color, _w(s, 0.08)))
    cv.path([("M", *_pt(cx, cy, s, 0.34, 0.58)), ("L", *_pt(cx, cy, s, 0.66, 0.58)),
             ("L", *_pt(cx, cy, s, 0.66, 0.78)), ("C", *_pt(cx, cy, s, 0.66, 0.9), *_pt(cx, cy, s, 0.55, 0.95),
                                                   *_pt(cx, cy, s, 0.5, 0.97)),
             ("C", *_pt(cx, cy, s, 0.45, 0.95), *_pt(cx, cy, s, 0.34, 0.9), *_pt(cx, cy, s, 0.34, 0.78)), ("Z",)],
            fill(color))


def levee(cv: Canvas, cx: float, cy: float, s: float, color: str) -> None:
    """A levee bank beside water."""
    _poly(cv, cx, cy, s, [(0.05, 0.8), (0.35, 0.4), (0.65, 0.4), (0.95, 0.8)], fill(color))
    for v in (0.62, 0.74):
        _line(cv, cx, cy, s, (0.05, v + 0.14), (0.95, v + 0.14), stroke(P.RIVER_DEEP, _w(s, 0.05)))


def envelope(cv: Canvas, cx: float, cy: float, s: float, color: str) -> None:
    """Threat: a sealed letter."""
    st = Style(stroke=color, width=_w(s, 0.06), fill=WHITE)
    _poly(cv, cx, cy, s, [(0.1, 0.25), (0.9, 0.25), (0.9, 0.78), (0.1, 0.78)], st)
    cv.polyline([_pt(cx, cy, s, 0.1, 0.25), _pt(cx, cy, s, 0.5, 0.55), _pt(cx, cy, s, 0.9, 0.25)],
                stroke(color, _w(s, 0.06)))


def weight(cv: Canvas, cx: float, cy: float, s: float, color: str) -> None:
    """Force: a heavy weight pressing down."""
    _poly(cv, cx, cy, s, [(0.3, 0.3), (0.7, 0.3), (0.88, 0.85), (0.12, 0.85)], fill(color))
    cv.circle(*_pt(cx, cy, s, 0.5, 0.2), 0.1 * s, Style(stroke=color, width=_w(s, 0.07), fill=None))


def broken(cv: Canvas, cx: float, cy: float, s: float, color: str) -> None:
    """Race Hatred: a cracked circle."""
    cv.circle(cx, cy, 0.38 * s, Style(stroke=color, width=_w(s, 0.1), fill=None))
    cv.polyline([_pt(cx, cy, s, 0.55, 0.08), _pt(cx, cy, s, 0.44, 0.38), _pt(cx, cy, s, 0.58, 0.55),
                 _pt(cx, cy, s, 0.45, 0.92)], stroke(WHITE, _w(s, 0.12)))
    cv.polyline([_pt(cx, cy, s, 0.55, 0.08), _pt(cx, cy, s, 0.44, 0.38), _pt(cx, cy, s, 0.58, 0.55),
                 _pt(cx, cy, s, 0.45, 0.92)], stroke(color, _w(s, 0.04)))


def departing(cv: Canvas, cx: float, cy: float, s: float, color: str) -> None:
    """Landowner Flees: a house with an arrow leaving it."""
    house(cv, cx - 0.18 * s, cy, 0.6 * s, color=WHITE)
    _line(cv, cx, cy, s, (0.55, 0.6), (0.88, 0.6), stroke(color, _w(s, 0.08), cap="butt"))
    arrowhead(cv, *_pt(cx, cy, s, 0.98, 0.6), 1.0, 0.0, 0.16 * s, color)


def tent_icon(cv: Canvas, cx: float, cy: float, s: float, color: str) -> None:
    tent(cv, cx, cy, s, color)


def dynamite(cv: Canvas, cx: float, cy: float, s: float, color: str) -> None:
    """Dynamite: a stick with a fuse."""
    cv.rect(*_pt(cx, cy, s, 0.3, 0.35), 0.4 * s, 0.55 * s, fill(color), radius=0.04 * s)
    _line(cv, cx, cy, s, (0.3, 0.5), (0.7, 0.5), stroke(WHITE, _w(s, 0.04)))
    cv.path([("M", *_pt(cx, cy, s, 0.5, 0.35)),
             ("C", *_pt(cx, cy, s, 0.5, 0.2), *_pt(cx, cy, s, 0.65, 0.25), *_pt(cx, cy, s, 0.68, 0.1))],
            stroke(INK, _w(s, 0.04)))
    star(cv, *_pt(cx, cy, s, 0.7, 0.08), 0.2 * s, "#e08a1e")


def cloud(cv: Canvas, cx: float, cy: float, s: float, color: str) -> None:
    """A cloud with a flat base: one outlined path of three bumps."""
    def p(u: float, v: float) -> tuple[float, float]:
        return _pt(cx, cy, s, u, v)
    ops = [("M", *p(0.2, 0.66)),
           ("C", *p(0.06, 0.66), *p(0.06, 0.44), *p(0.22, 0.44)),
           ("C", *p(0.24, 0.28), *p(0.42, 0.24), *p(0.48, 0.34)),
           ("C", *p(0.54, 0.16), *p(0.8, 0.18), *p(0.78, 0.42)),
           ("C", *p(0.94, 0.42), *p(0.96, 0.66), *p(0.8, 0.66)), ("Z",)]
    cv.path(ops, Style(stroke=color, width=_w(s, 0.05), fill="#e8eef4"))


def rain(cv: Canvas, cx: float, cy: float, s: float, color: str, drops: int = 1) -> None:
    """A cloud with 1 (light), 2 (medium) or 3 (heavy) drops."""
    cloud(cv, cx, cy - 0.12 * s, s, INK)
    for i in range(drops):
        u = 0.5 + (i - (drops - 1) / 2) * 0.2
        x, y = _pt(cx, cy, s, u, 0.8)
        r = 0.055 * s
        cv.path([("M", x, y - 2.4 * r), ("C", x + r * 0.3, y - 1.4 * r, x + r, y - r * 0.6, x + r, y),
                 ("C", x + r, y + r * 0.6, x + r * 0.5, y + r, x, y + r),
                 ("C", x - r * 0.5, y + r, x - r, y + r * 0.6, x - r, y),
                 ("C", x - r, y - r * 0.6, x - r * 0.3, y - 1.4 * r, x, y - 2.4 * r), ("Z",)], fill(color))


def sun(cv: Canvas, cx: float, cy: float, s: float, color: str) -> None:
    cv.circle(cx, cy, 0.2 * s, Style(stroke=None, fill=color))
    for i in range(8):
        a = math.radians(i * 45)
        cv.line(cx + 0.28 * s * math.sin(a), cy - 0.28 * s * math.cos(a), cx + 0.42 * s * math.sin(a),
                cy - 0.42 * s * math.cos(a), stroke(color, _w(s, 0.06)))


def waves(cv: Canvas, cx: float, cy: float, s: float, color: str) -> None:
    """Swim: two wave lines."""
    for v in (0.38, 0.66):
        ops: list[tuple] = [("M", *_pt(cx, cy, s, 0.08, v))]
        for i in range(6):
            u0 = 0.08 + i * 0.14
            dv = -0.1 if i % 2 == 0 else 0.1
            ops.append(("C", *_pt(cx, cy, s, u0 + 0.03, v + dv), *_pt(cx, cy, s, u0 + 0.11, v + dv),
                        *_pt(cx, cy, s, u0 + 0.14, v)))
        cv.path(ops, stroke(color, _w(s, 0.07)))


def footsteps(cv: Canvas, cx: float, cy: float, s: float, color: str) -> None:
    """Movement: an arrow along a path of steps."""
    for u, v in ((0.2, 0.75), (0.38, 0.58), (0.56, 0.7), (0.74, 0.52)):
        cv.ellipse(*_pt(cx, cy, s, u, v), 0.07 * s, 0.1 * s, fill(color))
    arrowhead(cv, *_pt(cx, cy, s, 0.92, 0.22), 0.6, -0.8, 0.2 * s, color)


def hand_card(cv: Canvas, cx: float, cy: float, s: float, color: str) -> None:
    """Donate: a card passing along an arrow."""
    cv.rect(*_pt(cx, cy, s, 0.12, 0.2), 0.36 * s, 0.5 * s, Style(stroke=color, width=_w(s, 0.06), fill=WHITE),
            radius=0.04 * s)
    _line(cv, cx, cy, s, (0.52, 0.5), (0.82, 0.5), stroke(color, _w(s, 0.08), cap="butt"))
    arrowhead(cv, *_pt(cx, cy, s, 0.95, 0.5), 1.0, 0.0, 0.16 * s, color)


def action(cv: Canvas, cx: float, cy: float, s: float, color: str) -> None:
    """Actions: a hand-held hoe over a circular arrow (a turn of work)."""
    r = 0.34 * s
    k = 0.5523 * r
    cv.path([("M", cx + r, cy), ("C", cx + r, cy + k, cx + k, cy + r, cx, cy + r),
             ("C", cx - k, cy + r, cx - r, cy + k, cx - r, cy), ("C", cx - r, cy - k, cx - k, cy - r, cx, cy - r)],
            stroke(color, _w(s, 0.09)))
    arrowhead(cv, cx + 0.16 * s, cy - r, 1.0, 0.0, 0.18 * s, color)
    cv.text(cx, cy + 0.14 * s, "+1", size=0.36 * s, font="bold", anchor="middle", fill=color)


def wild(cv: Canvas, cx: float, cy: float, s: float, color: str) -> None:
    """Education is wild: a star with 'any'."""
    star(cv, cx, cy - 0.06 * s, 0.8 * s, color)
    cv.text(cx, cy + 0.45 * s, "ANY", size=0.22 * s, font="bold", anchor="middle", fill=color)


def raft(cv: Canvas, cx: float, cy: float, s: float, color: str) -> None:
    """A raft of logs."""
    for i in range(4):
        x = cx - 0.33 * s + i * 0.22 * s
        cv.rect(x - 0.09 * s, cy - 0.3 * s, 0.18 * s, 0.6 * s, Style(stroke=INK, width=_w(s, 0.03), fill=color),
                radius=0.08 * s)
    for v in (-0.16, 0.16):
        cv.line(cx - 0.44 * s, cy + v * s, cx + 0.44 * s, cy + v * s, stroke(INK, _w(s, 0.05)))


def discount(cv: Canvas, cx: float, cy: float, s: float, color: str) -> None:
    """Work discount: a shovel with -1."""
    shovel(cv, cx - 0.18 * s, cy, 0.8 * s, color)
    cv.text(cx + 0.28 * s, cy + 0.12 * s, "−1", size=0.38 * s, font="bold", anchor="middle", fill=color)


def pawn_icon(cv: Canvas, cx: float, cy: float, s: float, color: str) -> None:
    pawn(cv, cx, cy, s, color)


ICONS: dict[str, IconFn] = {
    "blues": note, "church": church, "family": family, "farm-animals": horseshoe, "garden": garden,
    "education": book, "resistance": torch, "newspaper": newspaper, "radio": radio, "activism": megaphone,
    "vaudeville": ticket, "job-offer": shovel, "threat": envelope, "force": weight, "race-hatred": broken,
    "flees": departing, "relief-camp": tent_icon, "dynamite": dynamite, "cloud": cloud, "sun": sun,
    "swim": waves, "movement": footsteps, "donate": hand_card, "actions": action, "pawns": pawn_icon,
    "wild": wild, "raft": raft, "discount": discount, "levee": levee, "star": star,
}


def draw_icon(cv: Canvas, name: str, cx: float, cy: float, s: float, color: str = INK) -> None:
    """Draw the icon called `name` (a key of ICONS)."""
    if name.startswith("rain-"):
        rain(cv, cx, cy, s, P.RIVER_DEEP, {"light": 1, "medium": 2, "heavy": 3}[name[5:]])
        return
    ICONS[name](cv, cx, cy, s, color)


DECK_ICON = {"landowner": "job-offer", "weather": "rain-medium", "community": "family", "goal": "star"}


def deck_mark(cv: Canvas, kind: str, cx: float, cy: float, s: float) -> None:
    """The faint mark printed in a card spot on the board."""
    draw_icon(cv, DECK_ICON.get(kind, "star"), cx, cy, s, "#a59d8e")


def legend_glyph(cv: Canvas, kind: str, cx: float, cy: float, land: str = P.ELEVATION[3],
                 group_line: str = WHITE) -> None:
    """Small glyphs for the board's legend, in the colours the map uses."""
    if kind == "dot":
        cv.circle(cx, cy, 1.8, Style(stroke=WHITE, width=0.4, fill=P.DOT))
    elif kind == "group":
        cv.rect(cx - 4, cy - 2.5, 8, 5, Style(stroke=P.HEX_LINE, width=0.2, fill=land))
        cv.line(cx, cy - 2.5, cx, cy + 2.5, stroke(group_line, 1.0))
    elif kind == "forest":
        forest(cv, cx - 2, cy, 5)
        field(cv, cx + 2.5, cy, 5)
    elif kind == "house":
        house(cv, cx, cy, 5, outline_only=True)
    elif kind == "tent":
        tent(cv, cx, cy, 5)
    elif kind == "bayou":
        cv.line(cx - 4, cy, cx + 2, cy, Style(stroke=P.RIVER_DEEP, width=0.6, dash=(1.5, 1.0), cap="butt"))
        arrowhead(cv, cx + 4, cy, 1, 0, 2.0, P.RIVER_DEEP)


# --- the shared icon registry ------------------------------------------------------------
def _adapt(fn: IconFn) -> Callable[[Canvas, float, float, float, Style], None]:
    def draw(cv: Canvas, cx: float, cy: float, size: float, style: Style) -> None:
        fn(cv, cx, cy, size, style.fill or style.stroke or INK)
    return draw


def _rain(drops: int) -> Callable[[Canvas, float, float, float, Style], None]:
    def draw(cv: Canvas, cx: float, cy: float, size: float, style: Style) -> None:
        rain(cv, cx, cy, size, P.RIVER_DEEP, drops)
    return draw


def register_all() -> None:
    """Make every icon available to deck files as `rw-<name>` (idempotent)."""
    from .. import icons as shared

    for name, fn in ICONS.items():
        shared.register(f"rw-{name}")(_adapt(fn))
    for name, drops in (("light", 1), ("medium", 2), ("heavy", 3)):
        shared.register(f"rw-rain-{name}")(_rain(drops))


register_all()
