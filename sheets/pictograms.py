"""Simple silhouettes for card art, registered as icons (e.g. "umbrella", "water-gun").

Each is drawn in one colour (the style's fill, or its stroke in outline mode) with white
details, inside a size x size box. Shapes are in unit coordinates, -0.5..0.5 across.
"""
from __future__ import annotations

import math

from .canvas import Canvas, PathOp
from .icons import drop_ops, register
from .style import WHITE, Style


class _U:
    """Maps unit coordinates (-0.5..0.5) into the icon box."""

    def __init__(self, cx: float, cy: float, size: float, st: Style) -> None:
        self.cx, self.cy, self.s = cx, cy, size
        self.color = st.fill or st.stroke or "#000000"
        self.outline = st.fill is None
        self.body = Style(stroke=self.color, width=0.45, fill=None) if self.outline else Style(stroke=None, fill=self.color)
        self.detail = Style(stroke=None, fill=WHITE) if not self.outline else Style(stroke=self.color, width=0.3)

    def p(self, u: float, v: float) -> tuple[float, float]:
        return (self.cx + u * self.s, self.cy + v * self.s)

    def poly(self, pts: list[tuple[float, float]]) -> list[PathOp]:
        q = [self.p(*t) for t in pts]
        return [("M", *q[0])] + [("L", *t) for t in q[1:]] + [("Z",)]

    def ellipse(self, cv: Canvas, u: float, v: float, ru: float, rv: float, st: Style) -> None:
        x, y = self.p(u, v)
        cv.ellipse(x, y, ru * self.s, rv * self.s, st)

    def rect(self, cv: Canvas, u0: float, v0: float, u1: float, v1: float, st: Style, r: float = 0.0) -> None:
        x, y = self.p(u0, v0)
        cv.rect(x, y, (u1 - u0) * self.s, (v1 - v0) * self.s, st, radius=r * self.s)

    def line(self, cv: Canvas, pts: list[tuple[float, float]], width: float, color: str | None = None) -> None:
        q = [self.p(*t) for t in pts]
        cv.polyline(q, Style(stroke=color or self.color, width=width * self.s, cap="round"))

    def curve(self, cv: Canvas, a, b, c, d, width: float, color: str | None = None) -> None:
        cv.path([("M", *self.p(*a)), ("C", *self.p(*b), *self.p(*c), *self.p(*d))],
                Style(stroke=color or self.color, width=width * self.s, cap="round"))

    def drops(self, cv: Canvas, pts: list[tuple[float, float, float]]) -> None:
        for u, v, k in pts:
            x, y = self.p(u, v)
            cv.path(drop_ops(x, y, k * self.s), self.body)


@register("water-gun")
def water_gun(cv: Canvas, cx: float, cy: float, size: float, st: Style) -> None:
    u = _U(cx, cy, size, st)
    cv.path(u.poly([(-0.42, -0.1), (0.22, -0.1), (0.28, -0.06), (0.28, 0.04), (-0.1, 0.04), (-0.02, 0.36),
                    (-0.2, 0.36), (-0.3, 0.04), (-0.42, 0.04)]), u.body)
    u.rect(cv, 0.28, -0.07, 0.36, 0.0, u.body)            # nozzle
    u.ellipse(cv, -0.16, -0.2, 0.16, 0.11, u.body)        # tank
    u.rect(cv, -0.18, -0.23, -0.02, -0.19, u.detail, 0.02)
    u.line(cv, [(-0.08, 0.06), (-0.02, 0.16)], 0.035, WHITE if not u.outline else None)   # trigger
    u.drops(cv, [(0.42, -0.16, 0.07), (0.47, -0.02, 0.06), (0.44, 0.1, 0.05)])


@register("balloon")
def balloon(cv: Canvas, cx: float, cy: float, size: float, st: Style) -> None:
    u = _U(cx, cy, size, st)
    u.ellipse(cv, 0.0, -0.1, 0.27, 0.32, u.body)
    cv.path(u.poly([(0.0, 0.2), (0.06, 0.27), (-0.06, 0.27)]), u.body)
    u.curve(cv, (0.0, 0.27), (0.1, 0.35), (-0.1, 0.4), (0.03, 0.48), 0.02)
    u.ellipse(cv, -0.1, -0.22, 0.05, 0.09, u.detail)


@register("bucket")
def bucket(cv: Canvas, cx: float, cy: float, size: float, st: Style) -> None:
    u = _U(cx, cy, size, st)
    u.curve(cv, (-0.3, -0.15), (-0.3, -0.55), (0.3, -0.55), (0.3, -0.15), 0.035)
    cv.path(u.poly([(-0.34, -0.15), (0.34, -0.15), (0.25, 0.4), (-0.25, 0.4)]), u.body)
    u.ellipse(cv, 0.0, -0.15, 0.3, 0.05, u.detail)
    u.rect(cv, -0.3, 0.05, 0.3, 0.1, u.detail)


@register("bottle")
def bottle(cv: Canvas, cx: float, cy: float, size: float, st: Style) -> None:
    u = _U(cx, cy, size, st)
    u.rect(cv, -0.15, -0.17, 0.15, 0.45, u.body, 0.06)
    cv.path(u.poly([(-0.15, -0.12), (-0.06, -0.28), (0.06, -0.28), (0.15, -0.12)]), u.body)
    u.rect(cv, -0.08, -0.42, 0.08, -0.3, u.body, 0.02)
    u.rect(cv, -0.15, 0.02, 0.15, 0.2, u.detail)
    u.drops(cv, [(0.0, 0.11, 0.12)])


@register("umbrella")
def umbrella(cv: Canvas, cx: float, cy: float, size: float, st: Style) -> None:
    u = _U(cx, cy, size, st)
    ops: list[PathOp] = [("M", *u.p(-0.46, 0.0)), ("C", *u.p(-0.44, -0.52), *u.p(0.44, -0.52), *u.p(0.46, 0.0))]
    for i in range(4):  # scalloped edge, right to left
        a, b = 0.46 - i * 0.23, 0.46 - (i + 1) * 0.23
        ops.append(("C", *u.p(a - 0.04, -0.07), *u.p(b + 0.04, -0.07), *u.p(b, 0.0)))
    ops.append(("Z",))
    cv.path(ops, u.body)
    u.line(cv, [(0.0, -0.42), (0.0, -0.48)], 0.04)
    u.line(cv, [(0.0, -0.02), (0.0, 0.34)], 0.045)
    u.curve(cv, (0.0, 0.34), (0.0, 0.46), (-0.14, 0.46), (-0.14, 0.36), 0.045)
    u.drops(cv, [(-0.38, 0.3, 0.08), (0.3, 0.22, 0.08), (0.4, 0.42, 0.07)])


@register("towel")
def towel(cv: Canvas, cx: float, cy: float, size: float, st: Style) -> None:
    u = _U(cx, cy, size, st)
    u.rect(cv, -0.34, -0.4, 0.34, 0.3, u.body, 0.03)
    cv.path(u.poly([(-0.34, 0.28), (0.34, 0.28), (0.28, 0.44), (-0.4, 0.44)]), u.body)
    for v in (-0.26, -0.2, 0.12, 0.18):
        u.rect(cv, -0.34, v, 0.34, v + 0.03, u.detail)
    for k in range(7):
        x = -0.3 + k * 0.1
        u.line(cv, [(x, 0.44), (x - 0.02, 0.5)], 0.02)


@register("snorkel")
def snorkel(cv: Canvas, cx: float, cy: float, size: float, st: Style) -> None:
    u = _U(cx, cy, size, st)
    u.rect(cv, -0.42, -0.06, 0.2, 0.28, u.body, 0.12)
    u.rect(cv, -0.36, 0.0, -0.1, 0.21, u.detail, 0.07)
    u.rect(cv, -0.06, 0.0, 0.14, 0.21, u.detail, 0.07)
    u.line(cv, [(0.32, 0.3), (0.32, -0.42)], 0.08)
    u.curve(cv, (0.32, 0.3), (0.32, 0.42), (0.16, 0.42), (0.14, 0.32), 0.08)
    u.rect(cv, 0.25, -0.48, 0.39, -0.4, u.body, 0.02)


@register("life-ring")
def life_ring(cv: Canvas, cx: float, cy: float, size: float, st: Style) -> None:
    u = _U(cx, cy, size, st)
    x, y = u.p(0, 0)
    cv.circle(x, y, 0.33 * size, Style(stroke=u.color, width=0.17 * size))
    for k in range(4):
        a = math.pi / 4 + k * math.pi / 2
        p0 = (x + math.cos(a) * 0.245 * size, y + math.sin(a) * 0.245 * size)
        p1 = (x + math.cos(a) * 0.415 * size, y + math.sin(a) * 0.415 * size)
        cv.line(*p0, *p1, Style(stroke=WHITE, width=0.09 * size, cap="butt"))
    cv.circle(x, y, 0.45 * size, Style(stroke=u.color, width=0.015 * size, dash=(0.8, 0.8)))


@register("whale")
def whale(cv: Canvas, cx: float, cy: float, size: float, st: Style) -> None:
    u = _U(cx, cy, size, st)
    cv.path([("M", *u.p(-0.4, 0.1)), ("C", *u.p(-0.4, -0.22), *u.p(0.2, -0.25), *u.p(0.28, 0.02)),
             ("L", *u.p(0.42, -0.14)), ("L", *u.p(0.46, 0.0)), ("L", *u.p(0.36, 0.1)), ("L", *u.p(0.46, 0.2)),
             ("L", *u.p(0.4, 0.26)), ("L", *u.p(0.26, 0.16)),
             ("C", *u.p(0.12, 0.36), *u.p(-0.4, 0.38), *u.p(-0.4, 0.1)), ("Z",)], u.body)
    u.ellipse(cv, -0.24, 0.02, 0.03, 0.03, u.detail)
    u.curve(cv, (-0.36, 0.16), (-0.2, 0.24), (0.0, 0.22), (0.12, 0.16), 0.02, WHITE if not u.outline else None)
    u.curve(cv, (-0.12, -0.16), (-0.14, -0.3), (-0.2, -0.34), (-0.28, -0.36), 0.035)
    u.curve(cv, (-0.12, -0.16), (-0.1, -0.3), (-0.04, -0.34), (0.04, -0.36), 0.035)
    u.drops(cv, [(-0.3, -0.44, 0.07), (0.06, -0.44, 0.07), (-0.12, -0.46, 0.07)])


@register("elephant")
def elephant(cv: Canvas, cx: float, cy: float, size: float, st: Style) -> None:
    u = _U(cx, cy, size, st)
    u.ellipse(cv, 0.1, 0.08, 0.3, 0.2, u.body)                 # body
    for x in (-0.1, 0.04, 0.2, 0.32):
        u.rect(cv, x - 0.04, 0.15, x + 0.05, 0.4, u.body, 0.02)
    u.ellipse(cv, -0.22, -0.08, 0.16, 0.15, u.body)            # head
    u.ellipse(cv, -0.14, -0.06, 0.1, 0.13, u.detail if not u.outline else u.body)  # ear
    u.curve(cv, (-0.34, -0.02), (-0.42, 0.12), (-0.5, 0.0), (-0.44, -0.22), 0.06)   # trunk up
    u.ellipse(cv, -0.27, -0.13, 0.02, 0.02, u.detail if not u.outline else u.body)
    u.drops(cv, [(-0.4, -0.36, 0.08), (-0.3, -0.44, 0.07), (-0.48, -0.44, 0.06)])


@register("sunglasses")
def sunglasses(cv: Canvas, cx: float, cy: float, size: float, st: Style) -> None:
    u = _U(cx, cy, size, st)
    u.ellipse(cv, 0.0, -0.12, 0.46, 0.07, u.body)                               # brim
    cv.path([("M", *u.p(-0.22, -0.14)), ("C", *u.p(-0.22, -0.46), *u.p(0.22, -0.46), *u.p(0.22, -0.14)),
             ("Z",)], u.body)                                                    # crown
    u.rect(cv, -0.22, -0.22, 0.22, -0.16, u.detail)                               # band
    u.rect(cv, -0.36, 0.08, -0.04, 0.3, u.body, 0.08)
    u.rect(cv, 0.04, 0.08, 0.36, 0.3, u.body, 0.08)
    u.line(cv, [(-0.04, 0.13), (0.04, 0.13)], 0.035)
    u.line(cv, [(-0.36, 0.12), (-0.46, 0.08)], 0.03)
    u.line(cv, [(0.36, 0.12), (0.46, 0.08)], 0.03)
    u.line(cv, [(-0.3, 0.13), (-0.2, 0.13)], 0.03, WHITE if not u.outline else None)
    u.line(cv, [(0.1, 0.13), (0.2, 0.13)], 0.03, WHITE if not u.outline else None)


@register("beaver")
def beaver(cv: Canvas, cx: float, cy: float, size: float, st: Style) -> None:
    u = _U(cx, cy, size, st)
    u.ellipse(cv, 0.3, 0.24, 0.17, 0.09, u.body)             # flat tail
    for k in range(3):
        u.line(cv, [(0.2 + k * 0.08, 0.19), (0.2 + k * 0.08, 0.29)], 0.012, WHITE if not u.outline else None)
    u.ellipse(cv, 0.02, 0.12, 0.24, 0.2, u.body)             # body
    u.ellipse(cv, -0.22, -0.14, 0.16, 0.14, u.body)          # head
    u.ellipse(cv, -0.3, -0.28, 0.04, 0.04, u.body)           # ear
    u.ellipse(cv, -0.26, -0.17, 0.025, 0.025, u.detail)
    u.rect(cv, -0.36, -0.06, -0.28, 0.04, u.detail)          # teeth
    u.rect(cv, -0.34, 0.36, 0.32, 0.42, u.body)              # log
    u.line(cv, [(-0.44, 0.39), (-0.34, 0.39)], 0.03)


@register("fountain")
def fountain(cv: Canvas, cx: float, cy: float, size: float, st: Style) -> None:
    u = _U(cx, cy, size, st)
    cv.path(u.poly([(-0.42, 0.16), (0.42, 0.16), (0.32, 0.32), (-0.32, 0.32)]), u.body)
    u.rect(cv, -0.08, 0.3, 0.08, 0.42, u.body)
    u.rect(cv, -0.24, 0.4, 0.24, 0.46, u.body, 0.02)
    u.rect(cv, -0.04, -0.1, 0.04, 0.16, u.body)
    for sx in (-1, 1):
        u.curve(cv, (0.0, -0.1), (sx * 0.05, -0.42), (sx * 0.3, -0.42), (sx * 0.34, 0.1), 0.035)
    u.line(cv, [(0.0, -0.1), (0.0, -0.4)], 0.035)
    u.drops(cv, [(0.0, -0.46, 0.08), (-0.36, 0.04, 0.06), (0.36, 0.04, 0.06)])


@register("fins")
def fins(cv: Canvas, cx: float, cy: float, size: float, st: Style) -> None:
    u = _U(cx, cy, size, st)
    for dx, a in ((-0.2, -8), (0.2, 8)):
        with cv.transformed(*u.p(dx, 0.0), rotate=a):
            v = _U(0, 0, size, st)
            cv.path([("M", *v.p(-0.08, -0.42)), ("L", *v.p(0.08, -0.42)), ("L", *v.p(0.1, -0.1)),
                     ("L", *v.p(0.2, 0.42)), ("C", *v.p(0.1, 0.36), *v.p(-0.1, 0.36), *v.p(-0.2, 0.42)),
                     ("L", *v.p(-0.1, -0.1)), ("Z",)], v.body)
            v.rect(cv, -0.09, -0.38, 0.09, -0.2, v.detail, 0.05)
            v.line(cv, [(0.0, -0.05), (0.0, 0.3)], 0.02, WHITE if not v.outline else None)


@register("dog")
def dog(cv: Canvas, cx: float, cy: float, size: float, st: Style) -> None:
    u = _U(cx, cy, size, st)
    u.ellipse(cv, 0.0, 0.02, 0.24, 0.26, u.body)                 # head
    for sx in (-1, 1):
        cv.path([("M", *u.p(sx * 0.18, -0.2)), ("C", *u.p(sx * 0.42, -0.22), *u.p(sx * 0.4, 0.12),
                                                       *u.p(sx * 0.3, 0.18)), ("L", *u.p(sx * 0.2, 0.0)), ("Z",)], u.body)
    u.ellipse(cv, 0.0, 0.16, 0.13, 0.1, u.detail)                # muzzle
    u.ellipse(cv, 0.0, 0.11, 0.05, 0.035, u.body)                # nose
    u.ellipse(cv, -0.09, -0.04, 0.03, 0.035, u.detail)
    u.ellipse(cv, 0.09, -0.04, 0.03, 0.035, u.detail)
    u.drops(cv, [(-0.44, -0.3, 0.08), (0.44, -0.3, 0.08), (-0.46, 0.0, 0.07), (0.46, 0.0, 0.07), (0.0, -0.42, 0.08)])


@register("cat")
def cat(cv: Canvas, cx: float, cy: float, size: float, st: Style) -> None:
    u = _U(cx, cy, size, st)
    u.ellipse(cv, 0.0, 0.06, 0.26, 0.23, u.body)
    cv.path(u.poly([(-0.24, -0.02), (-0.22, -0.38), (-0.04, -0.16)]), u.body)
    cv.path(u.poly([(0.24, -0.02), (0.22, -0.38), (0.04, -0.16)]), u.body)
    for sx in (-1, 1):
        u.ellipse(cv, sx * 0.1, 0.0, 0.045, 0.06, u.detail)
        for dv in (-0.02, 0.04):
            u.line(cv, [(sx * 0.12, 0.14 + dv), (sx * 0.44, 0.1 + dv * 2)], 0.012)
    cv.path(u.poly([(-0.04, 0.1), (0.04, 0.1), (0.0, 0.15)]), u.detail)
    u.drops(cv, [(-0.38, -0.38, 0.09), (0.36, -0.42, 0.07)])


@register("jug")
def jug(cv: Canvas, cx: float, cy: float, size: float, st: Style) -> None:
    u = _U(cx, cy, size, st)
    x, y = u.p(0.26, 0.02)
    cv.ellipse(x, y, 0.12 * size, 0.16 * size, Style(stroke=u.color, width=0.06 * size))
    cv.path([("M", *u.p(-0.14, -0.36)), ("L", *u.p(0.14, -0.36)), ("L", *u.p(0.16, -0.22)),
             ("C", *u.p(0.34, -0.1), *u.p(0.34, 0.36), *u.p(0.22, 0.42)), ("L", *u.p(-0.22, 0.42)),
             ("C", *u.p(-0.34, 0.36), *u.p(-0.34, -0.1), *u.p(-0.16, -0.22)), ("Z",)], u.body)
    cv.path(u.poly([(-0.14, -0.36), (-0.3, -0.42), (-0.14, -0.28)]), u.body)
    u.rect(cv, -0.26, 0.02, 0.26, 0.08, u.detail)
    u.drops(cv, [(-0.38, -0.28, 0.08)])


@register("raincoat")
def raincoat(cv: Canvas, cx: float, cy: float, size: float, st: Style) -> None:
    u = _U(cx, cy, size, st)
    cv.path([("M", *u.p(-0.12, -0.3)), ("C", *u.p(-0.12, -0.5), *u.p(0.12, -0.5), *u.p(0.12, -0.3)),
             ("L", *u.p(0.26, -0.22)), ("L", *u.p(0.42, 0.12)), ("L", *u.p(0.32, 0.16)), ("L", *u.p(0.24, 0.0)),
             ("L", *u.p(0.28, 0.44)), ("L", *u.p(-0.28, 0.44)), ("L", *u.p(-0.24, 0.0)), ("L", *u.p(-0.32, 0.16)),
             ("L", *u.p(-0.42, 0.12)), ("L", *u.p(-0.26, -0.22)), ("Z",)], u.body)
    u.line(cv, [(0.0, -0.22), (0.0, 0.44)], 0.015, WHITE if not u.outline else None)
    for v in (-0.08, 0.08, 0.24):
        u.ellipse(cv, 0.05, v, 0.02, 0.02, u.detail)
    u.drops(cv, [(-0.42, -0.36, 0.08), (0.4, -0.4, 0.08), (0.44, -0.12, 0.06)])


@register("dolphin")
def dolphin(cv: Canvas, cx: float, cy: float, size: float, st: Style) -> None:
    u = _U(cx, cy, size, st)
    cv.path([("M", *u.p(-0.44, 0.0)), ("L", *u.p(-0.3, -0.04)),
             ("C", *u.p(-0.2, -0.3), *u.p(0.2, -0.34), *u.p(0.34, -0.04)),
             ("L", *u.p(0.46, -0.16)), ("L", *u.p(0.44, 0.06)), ("L", *u.p(0.48, 0.2)), ("L", *u.p(0.34, 0.1)),
             ("C", *u.p(0.1, 0.12), *u.p(-0.16, 0.12), *u.p(-0.3, 0.05)), ("Z",)], u.body)
    cv.path(u.poly([(-0.02, -0.22), (0.1, -0.38), (0.12, -0.2)]), u.body)
    u.ellipse(cv, -0.22, -0.06, 0.025, 0.025, u.detail)
    u.curve(cv, (-0.46, 0.3), (-0.3, 0.22), (-0.15, 0.38), (0.0, 0.3), 0.03)
    u.curve(cv, (0.0, 0.3), (0.15, 0.22), (0.3, 0.38), (0.46, 0.3), 0.03)


@register("beach-ball")
def beach_ball(cv: Canvas, cx: float, cy: float, size: float, st: Style) -> None:
    u = _U(cx, cy, size, st)
    x, y = u.p(0, 0)
    r = 0.4 * size
    cv.circle(x, y, r, u.body)
    if not u.outline:
        for a0 in (0, 120, 240):
            a, b = math.radians(a0 - 90 - 20), math.radians(a0 - 90 + 20)
            cv.path([("M", x, y), ("L", x + r * math.cos(a), y + r * math.sin(a)),
                     ("L", x + r * math.cos(b), y + r * math.sin(b)), ("Z",)], Style(stroke=None, fill=WHITE))
    cv.circle(x, y, r * 0.16, u.detail)
    cv.circle(x, y, r, Style(stroke=u.color, width=0.02 * size))


@register("flamingo")
def flamingo(cv: Canvas, cx: float, cy: float, size: float, st: Style) -> None:
    u = _U(cx, cy, size, st)
    cv.path([("M", *u.p(-0.3, 0.0)), ("C", *u.p(-0.3, -0.16), *u.p(0.1, -0.2), *u.p(0.3, -0.06)),
             ("L", *u.p(0.42, 0.0)), ("L", *u.p(0.28, 0.04)), ("C", *u.p(0.1, 0.14), *u.p(-0.3, 0.14), *u.p(-0.3, 0.0)),
             ("Z",)], u.body)
    u.curve(cv, (-0.22, -0.04), (-0.34, -0.3), (-0.06, -0.36), (-0.16, -0.46), 0.045)
    u.ellipse(cv, -0.18, -0.46, 0.06, 0.045, u.body)
    cv.path(u.poly([(-0.24, -0.46), (-0.32, -0.4), (-0.24, -0.42)]), u.body)
    u.line(cv, [(0.0, 0.08), (0.0, 0.48)], 0.025)
    u.line(cv, [(0.0, 0.24), (0.12, 0.18), (0.04, 0.12)], 0.022)
    u.curve(cv, (-0.1, -0.02), (0.0, -0.1), (0.12, -0.08), (0.2, -0.02), 0.02, WHITE if not u.outline else None)
