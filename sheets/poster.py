"""Posters: a drawing bigger than the paper, tiled across pages with overlap strips.

Tiles are named like a map grid: rows A, B, ... from the top, columns 1, 2, ... from
the left; "A2 of 2×1" is the top row's second tile of a poster 2 tiles wide and 1 high.
Neighbouring tiles share an `overlap` strip of the drawing. To assemble: cut the right
(or lower) tile along its dashed line through the middle of the strip, lay it over its
neighbour so the half alignment marks on both make whole circles, and glue it down on
the strip marked "glue".
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from .canvas import Canvas
from .fonts import text_width
from .imposition import Rect, printable
from .marks import registration_mark
from .paper import PRINT_MARGIN, Paper
from .style import INK, MUTED, WHITE, Style, fill, stroke

BAND = 7.0          # mm kept at the bottom of the printable area for the label and note
OVERLAP = 12.0      # mm of drawing repeated on both sides of a seam
CROP = 4.0          # mm, crop marks at the drawing's outer corners


@dataclass(frozen=True)
class Tile:
    """One page of a poster: which part of the drawing, and where it goes on the page."""

    row: int
    col: int
    name: str        # "A1"
    window: Rect     # the part of the drawing, in drawing mm
    at: Rect         # where that part is printed, in page mm


@dataclass(frozen=True)
class PosterPlan:
    """How a w x h drawing is cut into pages."""

    width: float
    height: float
    page_w: float
    page_h: float
    cols: int
    rows: int
    overlap: float
    tiles: tuple[Tile, ...]

    @property
    def grid(self) -> str:
        """'2×1': tiles across by tiles down."""
        return f"{self.cols}×{self.rows}"

    def cut_x(self, col: int) -> float:
        """Drawing x of the seam between column `col` and `col + 1` (mid-strip)."""
        step = self.tiles[0].window.w - self.overlap
        return (col + 1) * step + self.overlap / 2

    def cut_y(self, row: int) -> float:
        step = self.tiles[0].window.h - self.overlap
        return (row + 1) * step + self.overlap / 2


def tile_name(row: int, col: int) -> str:
    return f"{chr(ord('A') + row)}{col + 1}"


def _count(length: float, window: float, overlap: float) -> int:
    if length <= window + 1e-9:
        return 1
    return math.ceil((length - overlap) / (window - overlap) - 1e-9)


def plan_poster(paper: Paper, width: float, height: float, overlap: float = OVERLAP,
                orientation: str = "auto", margin: float = PRINT_MARGIN) -> PosterPlan:
    """Cut a width x height mm drawing into as few pages as possible.

    `orientation` is portrait, landscape or auto (fewer pages; landscape on a tie).
    """
    options = {"portrait": [paper], "landscape": [paper.landscape],
               "auto": [paper.landscape, paper]}[orientation]
    best: PosterPlan | None = None
    for p in options:
        area = printable(p.width, p.height, margin)
        uw, uh = area.w, area.h - BAND
        if uw <= overlap * 2 or uh <= overlap * 2:
            continue
        cols, rows = _count(width, uw, overlap), _count(height, uh, overlap)
        tw = (width + (cols - 1) * overlap) / cols
        th = (height + (rows - 1) * overlap) / rows
        x0, y0 = area.x + (uw - tw) / 2, area.y + (uh - th) / 2
        tiles = tuple(
            Tile(r, c, tile_name(r, c), Rect(c * (tw - overlap), r * (th - overlap), tw, th),
                 Rect(x0, y0, tw, th))
            for r in range(rows) for c in range(cols))
        plan = PosterPlan(width, height, p.width, p.height, cols, rows, overlap, tiles)
        if best is None or cols * rows < best.cols * best.rows:
            best = plan
    if best is None:
        raise ValueError(f"{paper.name} is too small for a poster with a {overlap:g} mm overlap")
    return best


def draw_tile(cv: Canvas, plan: PosterPlan, tile: Tile, draw: Callable[[Canvas], None],
              glue_color: str = MUTED) -> list[tuple[float, float]]:
    """Draw one tile: its part of the drawing, the seams and the outer crop marks.

    Returns the page positions of its alignment marks (for tests and the manifest).
    """
    win, at = tile.window, tile.at
    dx, dy = at.x - win.x, at.y - win.y
    cv.save()
    cv.clip_rect(at.x, at.y, at.w, at.h)
    with cv.transformed(dx, dy):
        draw(cv)
    cv.restore()

    marks: list[tuple[float, float]] = []
    cut = Style(stroke=INK, width=0.3, dash=(2.0, 1.2), cap="butt")
    wash = Style(stroke=None, fill=WHITE, opacity=0.55)
    # Vertical seams: this tile's right strip is glued under the next tile; its left
    # strip is cut away after laying it over the previous one.
    if tile.col < plan.cols - 1:
        x = plan.cut_x(tile.col) + dx
        cv.rect(x, at.y, at.right - x, at.h, wash)
        _strip_text(cv, x, at, "glue", vertical=True, after=True, color=glue_color)
        cv.line(x, at.y, x, at.bottom, stroke(MUTED, 0.2, dash=(0.6, 0.8)))
        marks += _seam_marks(cv, x, at, vertical=True)
    if tile.col > 0:
        x = plan.cut_x(tile.col - 1) + dx
        prev = tile_name(tile.row, tile.col - 1)
        _strip_text(cv, x, at, f"cut, lay over {prev}", vertical=True, after=False, color=INK)
        cv.line(x, at.y, x, at.bottom, cut)
        marks += _seam_marks(cv, x, at, vertical=True)
    if tile.row < plan.rows - 1:
        y = plan.cut_y(tile.row) + dy
        cv.rect(at.x, y, at.w, at.bottom - y, wash)
        _strip_text(cv, y, at, "glue", vertical=False, after=True, color=glue_color)
        cv.line(at.x, y, at.right, y, stroke(MUTED, 0.2, dash=(0.6, 0.8)))
        marks += _seam_marks(cv, y, at, vertical=False)
    if tile.row > 0:
        y = plan.cut_y(tile.row - 1) + dy
        prev = tile_name(tile.row - 1, tile.col)
        _strip_text(cv, y, at, f"cut, lay over {prev}", vertical=False, after=False, color=INK)
        cv.line(at.x, y, at.right, y, cut)
        marks += _seam_marks(cv, y, at, vertical=False)
    _outer_crops(cv, plan, tile)
    return marks


def _seam_marks(cv: Canvas, pos: float, at: Rect, vertical: bool) -> list[tuple[float, float]]:
    """Alignment targets centred on the seam, near both ends and in the middle."""
    out = []
    length = at.h if vertical else at.w
    for t in (0.12, 0.5, 0.88):
        p = (pos, at.y + t * length) if vertical else (at.x + t * length, pos)
        cv.circle(p[0], p[1], 2.0, fill(WHITE))
        registration_mark(cv, p[0], p[1], r=3.0)
        out.append(p)
    return out


def _strip_text(cv: Canvas, pos: float, at: Rect, text: str, vertical: bool, after: bool, color: str) -> None:
    """A small label inside the overlap strip, on the glued or the cut-away side."""
    size = 2.2
    w = text_width(text, size, "cond-bold")
    off = 2.8 if after else -1.0 - 0.8 * size  # glyphs grow toward +x when turned 90°
    for t in (0.31, 0.69):
        if vertical:
            x, y = pos + off, at.y + t * at.h - w / 2
            with cv.transformed(x, y, rotate=90):
                cv.text(0, 0, text, size=size, font="cond-bold", fill=color)
        else:
            x, y = at.x + t * at.w - w / 2, pos + (off + 1.0 if after else off)
            cv.text(x, y, text, size=size, font="cond-bold", fill=color)


def _outer_crops(cv: Canvas, plan: PosterPlan, tile: Tile) -> None:
    """Crop marks at the drawing's outer corners that fall on this tile."""
    s = stroke(INK, 0.2)
    win, at = tile.window, tile.at
    left, top = win.x <= 1e-6, win.y <= 1e-6
    right, bottom = win.right >= plan.width - 1e-6, win.bottom >= plan.height - 1e-6
    area = printable(plan.page_w, plan.page_h)
    for (on, x, sx) in ((left, at.x, -1), (right, at.right, 1)):
        for (on2, y, sy) in ((top, at.y, -1), (bottom, at.bottom, 1)):
            if on and on2:
                x_end = min(max(x + sx * (1 + CROP), area.x), area.right)
                y_end = min(max(y + sy * (1 + CROP), area.y), area.bottom - BAND)
                if abs(x_end - (x + sx)) > 0.5:
                    cv.line(x + sx, y, x_end, y, s)
                if abs(y_end - (y + sy)) > 0.5:
                    cv.line(x, y + sy, x, y_end, s)


def draw_minimap(cv: Canvas, x: float, y: float, plan: PosterPlan, tile: Tile, cell: float = 2.6) -> float:
    """A tiny grid of the poster's pages with this one filled; returns its width."""
    ch = cell * 0.75
    for r in range(plan.rows):
        for c in range(plan.cols):
            st = Style(stroke=INK, width=0.15, fill=INK if (r, c) == (tile.row, tile.col) else None)
            cv.rect(x + c * cell, y + r * ch, cell, ch, st)
    return plan.cols * cell
