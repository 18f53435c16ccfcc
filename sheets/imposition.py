"""Imposition geometry for print kits: where pieces go on a page, and where their backs go.

Pure functions, no drawing. Millimetres, origin top-left of the page, y down.

* `grid_layout` lays same-size pieces (cards, tiles, tokens) in a grid inside the
  printable area, with an optional gap and a bleed that never reaches a neighbour;
  `honeycomb` packing nests hexagons so neighbours share their cut lines.
* `fold_layout` puts fronts on the left half of a page and their backs mirrored on the
  right half, for printers that cannot duplex: fold on the centre line, glue, cut.
* `back_rect` mirrors a front position for a long-edge or short-edge duplex flip.
* `crop_marks` are ticks in the margin at every cut line, never over any piece's bleed.
* `free_bands` finds the margin space left between the marks for page labels and notes.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Literal

from .paper import PRINT_MARGIN, Paper

Duplex = Literal["long", "short", "none"]
DUPLEX_MODES: tuple[str, ...] = ("long", "short", "none")
SHAPES: tuple[str, ...] = ("rect", "circle", "hex", "hex-flat")  # hex = pointy top

MARK_OFFSET = 0.6      # mm between a piece's bleed and the start of its crop mark
MARK_LEN = 4.0         # mm, the longest crop mark
MARK_GOOD = 2.5        # mm of mark kept before outer bleed is shortened to make room
MARK_MIN = 0.8         # mm, shorter marks are left out
EDGE_MIN = 1.0         # mm between the trim grid and the printable edge, at least
FOLD_GUTTER = 5.0      # mm between the fold line and the nearest piece
MARK_CLEAR = 1.2       # mm kept clear around a crop mark by labels and notes


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle in mm."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    @property
    def center(self) -> tuple[float, float]:
        return (self.x + self.w / 2, self.y + self.h / 2)

    def expand(self, left: float, top: float | None = None, right: float | None = None,
               bottom: float | None = None) -> "Rect":
        """Grow by the given amounts (one value grows all four sides)."""
        top = left if top is None else top
        right = left if right is None else right
        bottom = top if bottom is None else bottom
        return Rect(self.x - left, self.y - top, self.w + left + right, self.h + top + bottom)

    def moved(self, dx: float, dy: float) -> "Rect":
        return Rect(self.x + dx, self.y + dy, self.w, self.h)

    def overlaps(self, other: "Rect", tol: float = 1e-6) -> bool:
        """True when the interiors intersect (touching edges do not count)."""
        return (self.x < other.right - tol and other.x < self.right - tol
                and self.y < other.bottom - tol and other.y < self.bottom - tol)

    def contains(self, other: "Rect", tol: float = 1e-6) -> bool:
        return (other.x >= self.x - tol and other.y >= self.y - tol
                and other.right <= self.right + tol and other.bottom <= self.bottom + tol)

    def rounded(self) -> tuple[float, float, float, float]:
        return (round(self.x, 3), round(self.y, 3), round(self.w, 3), round(self.h, 3))


Segment = tuple[float, float, float, float]  # x1, y1, x2, y2


def printable(page_w: float, page_h: float, margin: float = PRINT_MARGIN) -> Rect:
    """The part of a page a home printer can reach."""
    return Rect(margin, margin, page_w - 2 * margin, page_h - 2 * margin)


def flip_axis(page_w: float, page_h: float, duplex: str) -> str:
    """'x' when backs mirror left-right, 'y' when they mirror top-bottom.

    The sheet turns over about its long edge (`long`) or its short edge (`short`). On a
    portrait page the long edges are the left and right sides, so a long-edge flip
    mirrors columns; on a landscape page it mirrors rows.
    """
    if duplex not in ("long", "short"):
        raise ValueError(f"no back pages for duplex {duplex!r}")
    portrait = page_w <= page_h
    return "x" if (duplex == "long") == portrait else "y"


def back_rect(r: Rect, page_w: float, page_h: float, duplex: str,
              offset: tuple[float, float] = (0.0, 0.0)) -> Rect:
    """Where the back of a piece printed at `r` goes on the back page.

    `offset` (mm, right and down as seen on the back page) corrects a printer that
    shifts its back pages; see the calibration page.
    """
    if flip_axis(page_w, page_h, duplex) == "x":
        m = Rect(page_w - r.x - r.w, r.y, r.w, r.h)
    else:
        m = Rect(r.x, page_h - r.y - r.h, r.w, r.h)
    return m.moved(*offset)


def back_rotation(page_w: float, page_h: float, duplex: str) -> int:
    """Degrees to turn each back in its slot so it is upright when the cut piece is
    turned over left to right: 0 for a left-right flip, 180 for a top-bottom flip."""
    return 0 if flip_axis(page_w, page_h, duplex) == "x" else 180


@dataclass(frozen=True)
class Slot:
    """One place on a page: its trim box and the area its art may paint (trim + bleed)."""

    index: int
    col: int
    row: int
    trim: Rect
    paint: Rect


@dataclass(frozen=True)
class Layout:
    """Where one page's pieces go. Backs are derived from it by `back_slots`."""

    page_w: float
    page_h: float
    item_w: float
    item_h: float
    shape: str
    cols: int
    rows: int
    gap: float
    slots: tuple[Slot, ...]
    region: Rect                  # the area the layout may use (printable area or fold half)
    marks: tuple[Segment, ...]    # crop marks of the front page
    fold_x: float | None = None   # the fold line of a fold layout
    back_slots_fold: tuple[Slot, ...] = ()

    @property
    def per_page(self) -> int:
        return len(self.slots)

    @property
    def landscape(self) -> bool:
        return self.page_w > self.page_h

    def back_slots(self, duplex: str, offset: tuple[float, float] = (0.0, 0.0)) -> tuple[Slot, ...]:
        """The back of slots[i] is back_slots(...)[i], on the back page (or, for a fold
        layout, on the same page's right half)."""
        if self.fold_x is not None:
            return self.back_slots_fold
        out = []
        for s in self.slots:
            trim = back_rect(s.trim, self.page_w, self.page_h, duplex, offset)
            paint = back_rect(s.paint, self.page_w, self.page_h, duplex, offset)
            out.append(replace(s, trim=trim, paint=paint))
        return tuple(out)

    def back_marks(self, duplex: str, offset: tuple[float, float] = (0.0, 0.0)) -> tuple[Segment, ...]:
        """The front's crop marks mirrored onto the back page (to cut from either side)."""
        out = []
        for x1, y1, x2, y2 in self.marks:
            a = back_rect(Rect(x1, y1, 0, 0), self.page_w, self.page_h, duplex, offset)
            b = back_rect(Rect(x2, y2, 0, 0), self.page_w, self.page_h, duplex, offset)
            out.append((a.x, a.y, b.x, b.y))
        return tuple(out)


def _fit(avail: float, size: float, gap: float) -> int:
    """How many items of `size` with `gap` between them fit in `avail`."""
    if size > avail + 1e-9:
        return 0
    return int((avail + gap + 1e-9) // (size + gap))


def _grid(region: Rect, page_w: float, page_h: float, w: float, h: float, *, bleed: float,
          gap: float, shape: str, marks: bool, limit: Rect, max_count: int | None,
          edge_min: float, align: str = "center") -> Layout | None:
    cols = _fit(region.w - 2 * edge_min, w, gap)
    rows = _fit(region.h - 2 * edge_min, h, gap)
    if cols == 0 or rows == 0:
        return None
    if max_count is not None and cols * rows > max_count:
        # Fewer rows when a short run does not need the whole page.
        rows = max(1, min(rows, math.ceil(max_count / cols)))
    gw, gh = cols * w + (cols - 1) * gap, rows * h + (rows - 1) * gap
    x0 = {"center": region.x + (region.w - gw) / 2, "right": region.right - edge_min - gw,
          "left": region.x + edge_min}[align]
    y0 = region.y + (region.h - gh) / 2
    inner = min(bleed, gap / 2)
    room = {  # space between the trim grid and what limits it, per side
        "l": x0 - limit.x, "t": y0 - limit.y,
        "r": limit.right - (x0 + gw), "b": limit.bottom - (y0 + gh)}
    reserve = (MARK_OFFSET + MARK_GOOD) if marks else 0.0
    outer = {k: max(0.0, min(bleed, v - reserve)) for k, v in room.items()}
    slots = []
    for r in range(rows):
        for c in range(cols):
            x, y = x0 + c * (w + gap), y0 + r * (h + gap)
            trim = Rect(x, y, w, h)
            paint = trim.expand(outer["l"] if c == 0 else inner, outer["t"] if r == 0 else inner,
                                outer["r"] if c == cols - 1 else inner,
                                outer["b"] if r == rows - 1 else inner)
            slots.append(Slot(r * cols + c, c, r, trim, paint))
    segs: list[Segment] = []
    if marks and shape == "rect":
        xs = sorted({round(x0 + c * (w + gap) + d, 4) for c in range(cols) for d in (0, w)})
        ys = sorted({round(y0 + r * (h + gap) + d, 4) for r in range(rows) for d in (0, h)})
        # A tight side (3x3 poker cards on Letter leave 1.35 mm) gets short marks closer in.
        off = {k: MARK_OFFSET if room[k] - outer[k] >= MARK_OFFSET + 2 * MARK_MIN else 0.25
               for k in room}
        top, bottom = y0 - outer["t"] - off["t"], y0 + gh + outer["b"] + off["b"]
        left, right = x0 - outer["l"] - off["l"], x0 + gw + outer["r"] + off["r"]
        for x in xs:
            end = max(limit.y, top - MARK_LEN)
            if top - end >= MARK_MIN:
                segs.append((x, top, x, end))
            end = min(limit.bottom, bottom + MARK_LEN)
            if end - bottom >= MARK_MIN:
                segs.append((x, bottom, x, end))
        for y in ys:
            end = max(limit.x, left - MARK_LEN)
            if left - end >= MARK_MIN:
                segs.append((left, y, end, y))
            end = min(limit.right, right + MARK_LEN)
            if end - right >= MARK_MIN:
                segs.append((right, y, end, y))
    return Layout(page_w, page_h, w, h, shape, cols, rows, gap, tuple(slots), region, tuple(segs))


def _honeycomb(region: Rect, page_w: float, page_h: float, w: float, h: float, *, bleed: float,
               gap: float, shape: str, max_count: int | None, edge_min: float) -> Layout | None:
    """Hexagons nested in offset rows (pointy top) or offset columns (flat top)."""
    pointy = shape == "hex"
    # Pitch between centres: along the offset direction a full width (+gap); across it,
    # 3/4 of the long diameter (+gap * sin 60).
    if pointy:
        px, py = w + gap, 0.75 * h + gap * math.sqrt(3) / 2
        cols = _fit(region.w - 2 * edge_min - (w + gap) / 2, w, gap)
        rows = max(0, int((region.h - 2 * edge_min - h + 1e-9) // py) + 1) if region.h - 2 * edge_min >= h else 0
    else:
        px, py = 0.75 * w + gap * math.sqrt(3) / 2, h + gap
        rows = _fit(region.h - 2 * edge_min - (h + gap) / 2, h, gap)
        cols = max(0, int((region.w - 2 * edge_min - w + 1e-9) // px) + 1) if region.w - 2 * edge_min >= w else 0
    if cols == 0 or rows == 0:
        return None
    if max_count is not None and cols * rows > max_count:
        if pointy:
            rows = max(1, min(rows, math.ceil(max_count / cols)))
        else:
            cols = max(1, min(cols, math.ceil(max_count / rows)))
    gw = (cols - 1) * px + w + (px / 2 if pointy and rows > 1 else 0)
    gh = (rows - 1) * py + h + (py / 2 if not pointy and cols > 1 else 0)
    x0, y0 = region.x + (region.w - gw) / 2, region.y + (region.h - gh) / 2
    b = min(bleed, gap / 2)
    slots = []
    for r in range(rows):
        for c in range(cols):
            x = x0 + c * px + (px / 2 if pointy and r % 2 else 0)
            y = y0 + r * py + (py / 2 if not pointy and c % 2 else 0)
            trim = Rect(x, y, w, h)
            slots.append(Slot(r * cols + c, c, r, trim, trim.expand(b)))
    return Layout(page_w, page_h, w, h, shape, cols, rows, gap, tuple(slots), region, ())


def grid_layout(paper: Paper, w: float, h: float, *, bleed: float = 3.0, gap: float = 0.0,
                shape: str = "rect", pack: str = "grid", marks: bool = True,
                orientation: str = "auto", max_count: int | None = None,
                margin: float = PRINT_MARGIN) -> Layout:
    """Lay pieces of trim size w x h in a grid on `paper`, as many as fit.

    `bleed` is how far art may paint past the trim; between neighbours it is cut to half
    the gap, and on the outside it is shortened where the printable margin would leave
    crop marks too little room. `orientation` is portrait, landscape or auto (the one
    that holds more pieces, portrait on a tie). `pack="honeycomb"` nests hexagons.
    `max_count` drops empty rows from a short run.

    Raises ValueError when not even one piece fits.
    """
    if shape not in SHAPES:
        raise ValueError(f"unknown shape {shape!r}; choose from {', '.join(SHAPES)}")
    if pack not in ("grid", "honeycomb"):
        raise ValueError(f"unknown packing {pack!r}; use grid or honeycomb")
    if pack == "honeycomb" and not shape.startswith("hex"):
        raise ValueError("honeycomb packing is for hex shapes")
    options = {"portrait": [paper], "landscape": [paper.landscape],
               "auto": [paper, paper.landscape]}[orientation]
    best: Layout | None = None
    for p in options:
        region = printable(p.width, p.height, margin)
        if pack == "honeycomb":
            lay = _honeycomb(region, p.width, p.height, w, h, bleed=bleed, gap=gap, shape=shape,
                             max_count=max_count, edge_min=EDGE_MIN)
        else:
            lay = _grid(region, p.width, p.height, w, h, bleed=bleed, gap=gap, shape=shape,
                        marks=marks, limit=region, max_count=max_count, edge_min=EDGE_MIN)
        full = _capacity(lay)
        if lay is not None and (best is None or full > _capacity(best)):
            best = lay
    if best is None:
        raise ValueError(f"a {w:g} x {h:g} mm piece with a {gap:g} mm gap does not fit on "
                         f"{paper.name} inside the {margin} mm printable margin")
    return best


def _capacity(lay: Layout | None) -> int:
    return 0 if lay is None else lay.cols * lay.rows


def fold_layout(paper: Paper, w: float, h: float, *, bleed: float = 3.0, gap: float = 0.0,
                shape: str = "rect", marks: bool = True, max_count: int | None = None,
                margin: float = PRINT_MARGIN) -> Layout:
    """Fronts on the left half, backs mirrored on the right half: fold on the centre line.

    The page is turned to whichever orientation holds more pairs. Backs need no
    rotation: folding about a vertical line turns a piece over left to right.
    """
    best: Layout | None = None
    for p in (paper.landscape, paper):
        full = printable(p.width, p.height, margin)
        fold_x = p.width / 2
        half = Rect(full.x, full.y, fold_x - FOLD_GUTTER - full.x, full.h)
        limit = Rect(full.x, full.y, fold_x - 1.0 - full.x, full.h)
        lay = _grid(half, p.width, p.height, w, h, bleed=bleed, gap=gap, shape=shape, marks=marks,
                    limit=limit, max_count=max_count, edge_min=EDGE_MIN, align="right")
        if lay is None:
            continue
        backs = tuple(replace(s, trim=Rect(p.width - s.trim.right, s.trim.y, s.trim.w, s.trim.h),
                              paint=Rect(p.width - s.paint.right, s.paint.y, s.paint.w, s.paint.h))
                      for s in lay.slots)
        lay = replace(lay, fold_x=fold_x, back_slots_fold=backs, region=full)
        if best is None or lay.per_page > best.per_page:
            best = lay
    if best is None:
        raise ValueError(f"a {w:g} x {h:g} mm piece does not fit half of a {paper.name} page "
                         "for the fold layout")
    return best


def free_bands(lay: Layout, depth: float, margin: float = PRINT_MARGIN,
               blocked: tuple[Rect, ...] = ()) -> list[tuple[Rect, str]]:
    """Margin space at least `depth` mm deep, split around crop marks, longest first.

    Returns (rect, side) pairs; side is top, bottom, left or right, and tells a label
    on a left or right band to run along the edge. `blocked` keeps other boxes clear.
    """
    area = printable(lay.page_w, lay.page_h, margin)
    paints = [s.paint for s in lay.slots] + [s.paint for s in lay.back_slots_fold] + list(blocked)
    if lay.fold_x is not None:
        paints.append(Rect(lay.fold_x - FOLD_GUTTER, area.y, 2 * FOLD_GUTTER, area.h))
    top = min(p.y for p in paints)
    bottom = max(p.bottom for p in paints)
    left = min(p.x for p in paints)
    right = max(p.right for p in paints)
    reach = MARK_OFFSET + 0.3
    bands = {
        "top": Rect(area.x, area.y, area.w, top - reach - area.y),
        "bottom": Rect(area.x, bottom + reach, area.w, area.bottom - bottom - reach),
        "left": Rect(area.x, area.y, left - reach - area.x, area.h),
        "right": Rect(right + reach, area.y, area.right - right - reach, area.h),
    }
    out: list[tuple[Rect, str]] = []
    for side, band in bands.items():
        if band.w < depth - 1e-9 and side in ("left", "right"):
            continue
        if band.h < depth - 1e-9 and side in ("top", "bottom"):
            continue
        along_x = side in ("top", "bottom")
        lo, hi = (band.x, band.right) if along_x else (band.y, band.bottom)
        cuts = []
        for x1, y1, x2, y2 in lay.marks:
            seg = Rect(min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1))
            if seg.expand(0.01).overlaps(band):
                cuts.append(seg.x if along_x else seg.y)
        edges = [lo] + [v for c in sorted(cuts) for v in (c - MARK_CLEAR, c + MARK_CLEAR)] + [hi]
        for a, b in zip(edges[::2], edges[1::2]):
            if b - a <= 1.0:
                continue
            r = Rect(a, band.y, b - a, band.h) if along_x else Rect(band.x, a, band.w, b - a)
            if not any(p.overlaps(r) for p in paints):
                out.append((r, side))
    out.sort(key=lambda t: -(t[0].w if t[1] in ("top", "bottom") else t[0].h))
    return out
