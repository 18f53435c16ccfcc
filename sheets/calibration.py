"""The duplex calibration sheet: measure how far a printer shifts its back pages.

The front has five targets; the back has a millimetre scale pair centred where each
target should come through. Push a pin through the centre of each target (or hold the
sheet to a light), read the scales on the back, and pass the reading as
`--back-offset X,Y`. The scales are printed with the offset in use, so a corrected
printer reads 0,0; a reading is always added to the offset the sheet was printed with.
"""
from __future__ import annotations

from .canvas import Canvas
from .fonts import wrap
from .imposition import back_rect
from .imposition import Rect
from .marks import registration_mark
from .style import INK, MUTED, WATER, Style, stroke

SPAN = 6          # the scales run from -SPAN to +SPAN mm


def targets(page_w: float, page_h: float) -> list[tuple[str, float, float]]:
    """The five targets (id, x, y) on the front: centre and four corners of a box."""
    cx, cy = page_w / 2, page_h / 2
    dx, dy = min(65.0, page_w / 2 - 30), min(95.0, page_h / 2 - 35)
    return [("T1", cx - dx, cy - dy), ("T2", cx + dx, cy - dy), ("T3", cx, cy),
            ("T4", cx - dx, cy + dy), ("T5", cx + dx, cy + dy)]


def draw_front(cv: Canvas, page_w: float, page_h: float, duplex: str, offset: tuple[float, float],
               title: str) -> None:
    """The front: targets and the instructions."""
    for tid, x, y in targets(page_w, page_h):
        cv.circle(x, y, 6.0, stroke(MUTED, 0.2))
        registration_mark(cv, x, y, r=4.5)
        cv.text(x + 7, y - 4, tid, size=2.6, font="bold", fill=MUTED)
    flip = "long" if duplex == "long" else "short"
    lines = [
        f"{title}: duplex calibration (flip on {flip} edge)",
        "1. Print this sheet double-sided with the settings you will use for the cards "
        f"(flip on {flip} edge, actual size / 100 %).",
        "2. Push a pin through the centre of each target T1-T5, or hold the sheet up to a light.",
        "3. On the back, read where the hole (or the shadow of the cross) falls: X on the "
        "horizontal scale, Y on the vertical one, in mm.",
        f"4. Add your readings to the offset this sheet was printed with ({offset[0]:g},{offset[1]:g}) "
        "and print the kit with --back-offset X,Y. The five readings should agree; if they "
        "differ, the printer also scales or turns the back, and the middle one (T3) is the "
        "best single value.",
    ]
    y = 14.0
    cv.text(14, y, lines[0], size=4.2, font="bold", fill=INK)
    y += 7
    for para in lines[1:]:
        for ln in wrap(para, page_w - 28, 3.0):
            cv.text(14, y, ln, size=3.0, fill=INK)
            y += 4.0
        y += 1.2


def draw_back(cv: Canvas, page_w: float, page_h: float, duplex: str, offset: tuple[float, float]) -> None:
    """The back: a +-SPAN mm scale pair where each front target should come through."""
    for tid, x, y in targets(page_w, page_h):
        r = back_rect(Rect(x, y, 0, 0), page_w, page_h, duplex, offset)
        _scales(cv, r.x, r.y, tid)
    cv.text(page_w / 2, 16, "Back of the calibration sheet: read X and Y where each hole lies",
            size=3.4, font="bold", anchor="middle", fill=INK)
    cv.text(page_w / 2, 21, f"printed with --back-offset {offset[0]:g},{offset[1]:g}; "
            "X is + to the right, Y is + downward, as you look at this side",
            size=2.8, anchor="middle", fill=MUTED)


def _scales(cv: Canvas, x: float, y: float, tid: str) -> None:
    thin, bold = stroke(INK, 0.12, cap="butt"), stroke(INK, 0.25, cap="butt")
    cv.line(x - SPAN, y, x + SPAN, y, stroke(WATER, 0.15))
    cv.line(x, y - SPAN, x, y + SPAN, stroke(WATER, 0.15))
    for k in range(-2 * SPAN, 2 * SPAN + 1):
        v = k / 2
        whole = k % 2 == 0
        n = 1.6 if whole else 0.9
        st = bold if k == 0 else thin
        cv.line(x + v, y - n, x + v, y + n, st)  # X scale
        cv.line(x - n, y + v, x + n, y + v, st)  # Y scale
        if whole and k and k % 4 == 0:
            cv.text(x + v, y - 2.3, f"{int(v):+d}", size=1.5, font="cond", anchor="middle", fill=MUTED)
            cv.text(x + 2.2, y + v + 0.5, f"{int(v):+d}", size=1.5, font="cond", fill=MUTED)
    cv.text(x + SPAN + 1.2, y + 0.6, "X", size=2.2, font="bold", fill=INK)
    cv.text(x - 0.8, y + SPAN + 3.0, "Y", size=2.2, font="bold", fill=INK)
    cv.text(x - SPAN - 1.0, y - SPAN + 1, tid, size=2.4, font="bold", anchor="end", fill=MUTED)
    cv.rect(x - SPAN - 0.5, y - SPAN - 0.5, 2 * SPAN + 1, 2 * SPAN + 1, Style(stroke=MUTED, width=0.1))
