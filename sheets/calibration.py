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
from .imposition import Rect, back_rect
from .marks import registration_mark
from .style import INK, MUTED, WATER, stroke

SPAN = 8          # the scales run from -SPAN to +SPAN mm


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
        f"{title}: duplex calibration (flip on the {flip} edge)",
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
    x0, width = page_w / 2 - 70, 140.0
    y = page_h / 2 + 22
    cv.text(x0, y, lines[0], size=4.2, font="bold", fill=INK)
    y += 7
    for para in lines[1:]:
        for ln in wrap(para, width, 3.0):
            cv.text(x0, y, ln, size=3.0, fill=INK)
            y += 4.0
        y += 1.2


def draw_back(cv: Canvas, page_w: float, page_h: float, duplex: str, offset: tuple[float, float]) -> None:
    """The back: a +-SPAN mm scale pair where each front target should come through."""
    for tid, x, y in targets(page_w, page_h):
        r = back_rect(Rect(x, y, 0, 0), page_w, page_h, duplex, offset)
        _scales(cv, r.x, r.y, tid)
    cv.text(page_w / 2, page_h / 2 + 26, "Back of the calibration sheet: read X and Y where each hole lies",
            size=3.4, font="bold", anchor="middle", fill=INK)
    cv.text(page_w / 2, page_h / 2 + 31, f"printed with --back-offset {offset[0]:g},{offset[1]:g}; "
            "X is + to the right, Y is + downward, as you look at this side",
            size=2.8, anchor="middle", fill=MUTED)
    cv.text(page_w / 2, page_h / 2 + 36, "new --back-offset = (this offset) + (your reading)",
            size=2.8, anchor="middle", fill=MUTED)


def _scales(cv: Canvas, x: float, y: float, tid: str) -> None:
    """A +-SPAN mm square of millimetre graph paper, zero lines bold, labelled on two sides."""
    fine, zero = stroke(MUTED, 0.08, cap="butt"), stroke(WATER, 0.3, cap="butt")
    five = stroke(INK, 0.18, cap="butt")
    for k in range(-SPAN, SPAN + 1):
        st = zero if k == 0 else (five if k % 5 == 0 else fine)
        cv.line(x + k, y - SPAN, x + k, y + SPAN, st)     # lines of constant X
        cv.line(x - SPAN, y + k, x + SPAN, y + k, st)     # lines of constant Y
        if k % 4 == 0:
            cv.text(x + k, y - SPAN - 1.0, f"{k:+d}" if k else "0", size=1.6, font="cond", anchor="middle", fill=INK)
            cv.text(x - SPAN - 0.8, y + k + 0.55, f"{k:+d}" if k else "0", size=1.6, font="cond", anchor="end", fill=INK)
    cv.text(x + SPAN + 1.2, y - SPAN - 1.0, "X mm, + right", size=1.8, font="cond-bold", fill=INK)
    cv.text(x - SPAN - 0.8, y + SPAN + 2.6, "Y mm, + down", size=1.8, font="cond-bold", fill=INK)
    cv.text(x + SPAN + 1.2, y + SPAN, tid, size=3.0, font="bold", fill=MUTED)
