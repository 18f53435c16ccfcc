"""Drawing elements of a data-driven card layout (the deck file's `layouts`).

Every element is a dict with a `kind` and, usually, a `box` [x, y, w, h] in mm from the
card's trim top-left. Text may hold {placeholders} for card fields (plus type_label,
type_letter, type_icon, copy, deck_title). `when` / `unless` name a field ("attack",
or "timing=showdown") that must be set (or unset) for the element to be drawn; 0 counts
as set, null and "" do not.

Kinds: fill, rect, text, textbox, badge, icon, line, track, pattern (see docs/formats.md).
With --ink-saver, filled areas turn into outlines of the same colour and light text on
colour turns dark, so nothing depends on a fill being printed.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

from . import richtext
from .canvas import Canvas
from .fonts import text_width
from .icons import draw_icon
from .ink import Ink, lighten, mix
from .style import ALERT, BLACK, FAINT, INK, MUTED, WATER, WATER_LIGHT, WHITE, Style

BUILTIN = {"ink": INK, "muted": MUTED, "faint": FAINT, "white": WHITE, "water": WATER,
           "water-light": WATER_LIGHT, "alert": ALERT, "black": BLACK}


class _Ctx:
    def __init__(self, cv: Canvas, face, values: Mapping[str, Any], colors: Mapping[str, str], type_color: str):
        self.cv, self.face, self.values, self.colors, self.type_color = cv, face, values, colors, type_color
        self.ink: Ink = face.ink

    def color(self, name: str | None, default: str | None = None) -> str | None:
        if name is None:
            return default
        if "{" in name:  # a card field naming a colour, e.g. "{art_color}"
            name = self.fmt(name)
        if name == "type":
            return self.type_color
        if name == "type-light":
            return lighten(self.type_color, 0.8)
        if name in self.colors:
            return self.colors[name]
        return BUILTIN.get(name, name)

    def fmt(self, template: Any) -> str:
        return str(template).format_map(self.values)


def _light(color: str) -> bool:
    r, g, b = (int(color[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b > 200


def _text_color(ctx: _Ctx, el: Mapping[str, Any], default: str = INK) -> str:
    c = ctx.color(el.get("color"), default) or default
    if ctx.ink.saver and _light(c):
        return ctx.color(el.get("saver_color"), INK) or INK
    return c


def _enabled(el: Mapping[str, Any], values: Mapping[str, Any]) -> bool:
    def present(spec: str) -> bool:
        if "!=" in spec:
            k, v = spec.split("!=", 1)
            return str(values.get(k, "")) != v
        if "=" in spec:
            k, v = spec.split("=", 1)
            return str(values.get(k, "")) == v
        v = values.get(spec)
        return v is not None and v != "" and v is not False
    if "when" in el and not present(el["when"]):
        return False
    if "unless" in el and present(el["unless"]):
        return False
    return True


def _box(el: Mapping[str, Any]) -> tuple[float, float, float, float]:
    x, y, w, h = el["box"]
    return float(x), float(y), float(w), float(h)


def _fill(ctx: _Ctx, el: Mapping[str, Any]) -> None:
    c = ctx.ink.area(ctx.color(el.get("color"), WHITE))
    if c is not None:
        p = ctx.face.paint
        ctx.cv.rect(p.x, p.y, p.w, p.h, Style(stroke=None, fill=c))


def _rect(ctx: _Ctx, el: Mapping[str, Any]) -> None:
    x, y, w, h = _box(el)
    fill_c = ctx.color(el.get("fill"))
    stroke_c = ctx.color(el.get("stroke"))
    width = float(el.get("width", 0.3))
    if fill_c is not None:
        shown = ctx.ink.area(fill_c) if el.get("area") else ctx.ink.tint(fill_c, float(el.get("saver_tint", 0.9)))
        if ctx.ink.saver and stroke_c is None and not _light(fill_c) and el.get("saver_outline", True):
            stroke_c, width = fill_c, max(width, 0.35)
        fill_c = shown
    dash = tuple(el["dash"]) if el.get("dash") else None
    ctx.cv.rect(x, y, w, h, Style(stroke=stroke_c, width=width, fill=fill_c, dash=dash), radius=float(el.get("radius", 0)))


def _text(ctx: _Ctx, el: Mapping[str, Any]) -> None:
    x, y, w, h = _box(el)
    s = ctx.fmt(el.get("text", ""))
    if el.get("upper"):
        s = s.upper()
    if not s:
        return
    font = el.get("font", "sans")
    size = float(el.get("size", 3.0))
    min_size = float(el.get("min_size", 1.6))
    while text_width(s, size, font) > w and size > min_size:
        size = round(size - 0.1, 2)
    anchor = el.get("align", "start")
    tx = {"start": x, "middle": x + w / 2, "end": x + w}[anchor]
    valign = el.get("valign", "middle")
    base = {"top": y + size * 0.8, "middle": y + h / 2 + size * 0.36, "bottom": y + h - size * 0.22}[valign]
    rot = float(el.get("rotate", 0))
    if rot:
        with ctx.cv.transformed(x + w / 2, y + h / 2, rotate=rot):
            ctx.cv.text(0, size * 0.36, s, size=size, font=font, anchor="middle", fill=_text_color(ctx, el))
        return
    ctx.cv.text(tx, base, s, size=size, font=font, anchor=anchor, fill=_text_color(ctx, el))


def _textbox(ctx: _Ctx, el: Mapping[str, Any]) -> None:
    x, y, w, h = _box(el)
    s = ctx.fmt(el.get("text", ""))
    if not s.strip():
        return
    fonts = richtext.Fonts(el.get("font", "sans"), el.get("bold_font", "bold"))
    richtext.draw(ctx.cv, x, y, w, h, s, float(el.get("size", 3.0)), fonts=fonts, color=_text_color(ctx, el),
                  align=el.get("align", "start"), valign=el.get("valign", "top"),
                  leading=float(el.get("leading", 1.22)), para_gap=float(el.get("para_gap", 0.4)),
                  min_size=float(el.get("min_size", 1.8)))


def _badge(ctx: _Ctx, el: Mapping[str, Any]) -> None:
    x, y, w, h = _box(el)
    size = min(w, h)
    cx, cy = x + w / 2, y + h / 2
    fill_c = ctx.color(el.get("fill"), INK) or INK
    stroke_c = ctx.color(el.get("stroke"))
    text_c = ctx.color(el.get("color"), WHITE) or WHITE
    if ctx.ink.saver:
        style = Style(stroke=fill_c, width=0.45, fill=WHITE)
        text_c = fill_c if _light(text_c) else text_c
    else:
        style = Style(stroke=stroke_c, width=float(el.get("width", 0.35)), fill=fill_c)
    draw_icon(ctx.cv, el.get("shape", "circle"), cx, cy, size, style)
    s = ctx.fmt(el.get("text", ""))
    if s:
        ts = float(el.get("size", size * 0.5))
        font = el.get("font", "bold")
        while text_width(s, ts, font) > size * 0.8 and ts > 1.6:
            ts = round(ts - 0.1, 2)
        dy = float(el.get("text_dy", 0.0))
        ctx.cv.text(cx, cy + ts * 0.36 + dy, s, size=ts, font=font, anchor="middle", fill=text_c)


def _icon(ctx: _Ctx, el: Mapping[str, Any]) -> None:
    x, y, w, h = _box(el)
    name = ctx.fmt(el.get("icon", ""))
    if "map" in el:
        name = el["map"].get(name, "")
    if not name:
        return
    color = ctx.color(el.get("color"), INK) or INK
    if ctx.ink.saver and _light(color):   # white on a band that is no longer printed
        color = ctx.color(el.get("saver_color"), INK) or INK
    if el.get("outline") or (ctx.ink.saver and el.get("saver_outline")):
        style = Style(stroke=color, width=float(el.get("width", 0.4)), fill=None)
    else:
        style = Style(stroke=None, fill=ctx.ink.tint(color, 0.6) if el.get("faint") else color)
    draw_icon(ctx.cv, name, x + w / 2, y + h / 2, min(w, h), style)


def _line(ctx: _Ctx, el: Mapping[str, Any]) -> None:
    (x1, y1), (x2, y2) = el["from"], el["to"]
    dash = tuple(el["dash"]) if el.get("dash") else None
    ctx.cv.line(x1, y1, x2, y2, Style(stroke=ctx.color(el.get("color"), INK), width=float(el.get("width", 0.3)),
                                       dash=dash, cap="butt"))


def _track(ctx: _Ctx, el: Mapping[str, Any]) -> None:
    """Numbered cells from `from` to `to`, `cols` per row: a meter to mark with a coin."""
    x, y, w, h = _box(el)
    a, b = int(el["from"]), int(el["to"])
    step = 1 if b >= a else -1
    values = list(range(a, b + step, step))
    cols = int(el.get("cols", 3))
    rows = math.ceil(len(values) / cols)
    gap = float(el.get("gap", 1.0))
    cw, ch = (w - (cols - 1) * gap) / cols, (h - (rows - 1) * gap) / rows
    color = ctx.color(el.get("color"), WATER) or WATER
    low = ctx.color(el.get("low_color"), ALERT) or ALERT
    top = max(values)
    bottom = min(values)
    for i, v in enumerate(values):
        r, c = divmod(i, cols)
        cx, cy = x + c * (cw + gap), y + r * (ch + gap)
        t = (v - bottom) / max(1, top - bottom)
        base = low if v == bottom and el.get("mark_low", True) else color
        shade = mix(lighten(base, 0.85), base, t * 0.75) if base == color else lighten(base, 0.55)
        fill_c = ctx.ink.tint(shade, 0.85) if not ctx.ink.saver else None
        ctx.cv.rect(cx, cy, cw, ch, Style(stroke=base, width=0.35, fill=fill_c), radius=1.2)
        dark = not ctx.ink.saver and t > 0.55 and base == color
        size = float(el.get("size", min(ch * 0.55, cw * 0.45)))
        ctx.cv.text(cx + cw / 2, cy + ch / 2 + size * 0.36, str(v), size=size, font="bold", anchor="middle",
                    fill=WHITE if dark else (base if base != color else INK))


def _pattern(ctx: _Ctx, el: Mapping[str, Any]) -> None:
    """Decoration for backs: rows of waves (or dots) over the paint area or a box."""
    if "box" in el:
        x, y, w, h = _box(el)
    else:
        p = ctx.face.paint
        x, y, w, h = p.x, p.y, p.w, p.h
    color = ctx.color(el.get("color"), WATER_LIGHT) or WATER_LIGHT
    if ctx.ink.saver:
        color = lighten(color, 0.5) if not _light(color) else color
    pitch = float(el.get("pitch", 6.0))
    amp = float(el.get("amplitude", 1.2))
    st = Style(stroke=color, width=float(el.get("width", 0.5)))
    if el.get("pattern", "waves") == "dots":
        for j in range(int(h // pitch) + 1):
            for i in range(int(w // pitch) + 1):
                ctx.cv.circle(x + i * pitch + (pitch / 2 if j % 2 else 0), y + j * pitch, pitch * 0.12,
                              Style(stroke=None, fill=color))
        return
    spacing = pitch * float(el.get("spacing", 0.7))
    ops: list[tuple] = []   # one path for every row: the pattern is drawn on every back
    j = 0
    yy = y + spacing / 2
    while yy < y + h:
        xx = x - (pitch / 2 if j % 2 else 0)
        ops.append(("M", xx, yy))
        while xx < x + w:
            ops.append(("C", xx + pitch * 0.25, yy - amp, xx + pitch * 0.75, yy + amp, xx + pitch, yy))
            xx += pitch
        yy += spacing
        j += 1
    ctx.cv.path(ops, st)


ELEMENT_KINDS: dict[str, Callable[[_Ctx, Mapping[str, Any]], None]] = {
    "fill": _fill, "rect": _rect, "text": _text, "textbox": _textbox, "badge": _badge, "icon": _icon,
    "line": _line, "track": _track, "pattern": _pattern,
}


def draw_layout(cv: Canvas, face, elements, values: Mapping[str, Any], colors: Mapping[str, str],
                type_color: str) -> None:
    """Draw a layout's elements in order for one card."""
    ctx = _Ctx(cv, face, values, colors, type_color)
    for el in elements:
        if _enabled(el, values):
            ELEMENT_KINDS[el["kind"]](ctx, el)
