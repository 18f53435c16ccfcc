"""Page furniture for kits: the page label and the "Print at 100 %" note with its scale bar.

Both go into margin bands that `imposition.free_bands` found between the crop marks; a
band on the left or right side carries its text along the edge.
"""
from __future__ import annotations

from collections.abc import Callable

from .canvas import Canvas
from .fonts import text_width
from .imposition import Rect
from .style import INK, MUTED, stroke

DEPTH = 2.9            # mm a band needs for one line of furniture
SIZE = 2.0             # text size in mm
MIN_SIZE = 1.5
NOTE_TEXT = "Print at 100 % / actual size"
FONT = "cond"


def note_length(bar: float, size: float = SIZE) -> float:
    """Length of the note with a scale bar of `bar` mm."""
    return bar + 1.5 + text_width(f"{NOTE_TEXT}: bar = {bar:g} mm", size, FONT)


def draw_note(cv: Canvas, x: float, baseline: float, bar: float, size: float = SIZE) -> None:
    """The scale bar (ticks every 10 mm, or 5 mm on a short bar) and the note after it."""
    s = stroke(INK, 0.25, cap="butt")
    cv.line(x, baseline, x + bar, baseline, s)
    step = 10 if bar >= 30 else 5
    for t in range(0, int(bar) + 1, step):
        cv.line(x + t, baseline - (1.4 if t in (0, bar) else 0.9), x + t, baseline, s)
    cv.text(x + bar + 1.5, baseline, f"{NOTE_TEXT}: bar = {bar:g} mm", size=size, font=FONT, fill=MUTED)


def in_band(cv: Canvas, band: Rect, side: str, draw: Callable[[Canvas, float, float], None]) -> None:
    """Run `draw(cv, length, depth)` in the band's own frame: x along the band, y across it.

    Text on a left band reads bottom to top, on a right band top to bottom.
    """
    if side in ("top", "bottom"):
        with cv.transformed(band.x, band.y):
            draw(cv, band.w, band.h)
    elif side == "right":
        with cv.transformed(band.right, band.y, rotate=90):
            draw(cv, band.h, band.w)
    else:
        with cv.transformed(band.x, band.bottom, rotate=-90):
            draw(cv, band.h, band.w)


def fit_label(label: str, length: float, size: float = SIZE) -> tuple[str, float]:
    """The label at a size that fits `length`, shortened with an ellipsis if it must be."""
    s = size
    while text_width(label, s, FONT) > length and s > MIN_SIZE:
        s = round(s - 0.1, 2)
    text = label
    while text_width(text, s, FONT) > length and len(text) > 4:
        text = text[:-2].rstrip() + "…"
    return text, s


def place(cv: Canvas, bands: list[tuple[Rect, str]], label: str) -> list[Rect]:
    """Draw the note and the label in the bands; returns the boxes used.

    The note takes the first band long enough for it (a 50, 30 or 20 mm bar), the label
    the rest of that band or the next longest one.
    """
    used: list[Rect] = []
    rest: list[tuple[Rect, str]] = list(bands)
    for bar in (50, 30, 20, 10):
        need = note_length(bar)
        hit = next((i for i, (b, side) in enumerate(rest) if _length(b, side) >= need), None)
        if hit is None:
            continue
        band, side = rest.pop(hit)
        length = _length(band, side)

        def note(c: Canvas, ln: float, depth: float, bar: float = bar, need: float = need) -> None:
            draw_note(c, ln - need, depth / 2 + SIZE * 0.35, bar)
        in_band(cv, band, side, note)
        used.append(_sub(band, side, length - need, need))
        leftover = length - need - 3.0
        if leftover > 20:
            rest.insert(0, (_sub(band, side, 0, leftover), side))
        break
    if rest:
        band, side = max(rest, key=lambda t: _length(*t))
        length = _length(band, side)
        text, size = fit_label(label, length)

        def lab(c: Canvas, ln: float, depth: float) -> None:
            c.text(0, depth / 2 + size * 0.35, text, size=size, font=FONT, fill=MUTED)
        in_band(cv, band, side, lab)
        used.append(_sub(band, side, 0, min(length, text_width(text, size, FONT))))
    return used


def _length(band: Rect, side: str) -> float:
    return band.w if side in ("top", "bottom") else band.h


def _sub(band: Rect, side: str, start: float, length: float) -> Rect:
    """The part of a band from `start` along it, `length` long, in page coordinates."""
    if side in ("top", "bottom"):
        return Rect(band.x + start, band.y, length, band.h)
    if side == "right":
        return Rect(band.x, band.y + start, band.w, length)
    return Rect(band.x, band.bottom - start - length, band.w, length)
