"""Tayu drawings: tile faces and backs, and the board.

Tiles are drawn lying north-south, 1 cell wide and 3 long, from the generated types in
scorer.tayu.tiles; channels are white on land (the rules' "líneas en color blanco"),
each outlet reaching the middle of its cell edge so channels meet across tiles. The board
is drawn whole in board mm; the kit cuts it into halves and pages.
"""
from __future__ import annotations

from scorer.tayu.template import TayuTemplate
from scorer.tayu.tiles import TileType

from .canvas import Canvas
from .ink import Ink, lighten
from .kit import Face
from .style import FAINT, INK, MUTED, WATER, WHITE, Style, fill, stroke

LAND = "#55784a"
LAND_EDGE = "#3c5a35"
LAND_TEXT = "#d9e6cf"
BACK = "#efe6d2"
FIELD = "#f3f5ec"
GRID = "#a9b7a2"


def outlet_points(t: TileType, s: float) -> dict[str, tuple[float, float]]:
    """Where each of the tile's outlets meets the tile edge, and where its channel joins
    the tile's centre line (tile mm, cell size s)."""
    pts = {}
    for spot in t.outlets:
        if spot == "N":
            pts[spot] = ((s / 2, 0.0), (s / 2, 0.0))
        elif spot == "S":
            pts[spot] = ((s / 2, 3 * s), (s / 2, 3 * s))
        else:
            y = (int(spot[1]) + 0.5) * s
            pts[spot] = ((0.0 if spot[0] == "W" else s, y), (s / 2, y))
    return pts


def channel_ops(t: TileType, s: float) -> list[tuple]:
    """One path: a stub from every outlet to the centre line, and the centre line
    between the outermost stubs. All three outlets are joined."""
    pts = outlet_points(t, s)
    ys = [inner[1] for _, inner in pts.values()]
    ops: list[tuple] = [("M", s / 2, min(ys)), ("L", s / 2, max(ys))]
    for edge, inner in pts.values():
        if edge != inner:
            ops += [("M", *edge), ("L", *inner)]
    return ops


def draw_tile_front(cv: Canvas, face: Face, t: TileType, show_id: bool = True) -> None:
    s = face.w
    bg = face.ink.area(LAND)
    p = face.paint
    if bg:
        cv.rect(p.x, p.y, p.w, p.h, fill(bg))
    cv.rect(1.0, 1.0, s - 2.0, face.h - 2.0, stroke(LAND_EDGE if bg else FAINT, 0.3), radius=1.5)
    ops = channel_ops(t, s)
    if bg:
        cv.path(ops, Style(stroke=WHITE, width=s * 0.25, cap="round"))
        cv.path(ops, Style(stroke=WATER, width=s * 0.07, cap="round"))
    else:  # ink saver: the channel as two blue banks and a thin stream
        cv.path(ops, Style(stroke=WATER, width=s * 0.25, cap="round"))
        cv.path(ops, Style(stroke=WHITE, width=s * 0.25 - 0.7, cap="round"))
        cv.path(ops, Style(stroke=WATER, width=s * 0.05, cap="round"))
    if show_id:
        cv.text(1.9, 3.9, f"{t.id:02d}", size=2.0, font="cond-bold", fill=LAND_TEXT if bg else MUTED)


def draw_tile_back(cv: Canvas, face: Face, t: TileType) -> None:
    """The underside: plain, with an engraved-looking circle on three-sided types."""
    bg = face.ink.area(BACK)
    p = face.paint
    if bg:
        cv.rect(p.x, p.y, p.w, p.h, fill(bg))
    if t.three_sides:
        cx, cy = face.w / 2, face.h / 2
        cv.circle(cx, cy, face.w * 0.3, Style(stroke=INK, width=1.1))
        cv.circle(cx, cy, face.w * 0.3 - 0.9, Style(stroke=MUTED, width=0.2))


def draw_board(cv: Canvas, t: TayuTemplate, ink: Ink) -> None:
    """The whole board in board mm: coloured player edges, grid, dots, start area."""
    n, c, b, size = t.cells, t.cell, t.border, t.size
    grid_w = n * c
    field_bg = ink.area(FIELD)
    if field_bg:
        cv.rect(0, 0, size, size, fill(field_bg))
    for side, (x, y, w, h) in {"N": (b, 0, grid_w, b), "S": (b, b + grid_w, grid_w, b),
                               "W": (0, b, b, grid_w), "E": (b + grid_w, b, b, grid_w)}.items():
        color = t.players[t.sides[side].player].color
        cv.rect(x, y, w, h, Style(stroke=None, fill=ink.tint(lighten(color, 0.72), 0.6)))
    # Start area under the grid lines.
    col, row, cols, rows = t.start
    sx, sy = t.cell_xy(col, row)
    cv.rect(sx, sy, cols * c, rows * c, Style(stroke=None, fill=ink.tint("#e4ecf6", 0.5)))
    grid = stroke(GRID, 0.3)
    for k in range(1, n):
        cv.line(b + k * c, b, b + k * c, b + grid_w, grid)
        cv.line(b, b + k * c, b + grid_w, b + k * c, grid)
    cv.rect(b, b, grid_w, grid_w, stroke(INK, 0.7))
    cv.rect(sx, sy, cols * c, rows * c, Style(stroke=INK, width=0.9, dash=(3.0, 1.6), cap="butt"))
    cv.text(sx + cols * c / 2, sy + 4.2, "START · SALIDA", size=2.6, font="cond-bold", anchor="middle", fill=INK)
    cv.text(sx + cols * c / 2, sy + rows * c - 2.0, "first tile touches this square",
            size=2.0, font="cond", anchor="middle", fill=MUTED)
    _edges(cv, t)
    cv.rect(0, 0, size, size, stroke(INK, 0.4))


def _edges(cv: Canvas, t: TayuTemplate) -> None:
    """Coordinates, the 4 double spots per side and the side names, in the border."""
    n, c, b, size = t.cells, t.cell, t.border, t.size
    for side in "NSWE":
        player = t.players[t.sides[side].player]
        # Work along the side in a frame where the border runs left to right and the field
        # is below it (y grows toward the field).
        frame = {"N": (0, 0, 0), "S": (size, size, 180), "W": (0, size, -90), "E": (size, 0, 90)}[side]
        with cv.transformed(frame[0], frame[1], rotate=frame[2]):
            for i in range(n):
                k = i if side in "NE" else n - 1 - i      # keep A.. west to east, 1.. north to south
                x = b + i * c + c / 2
                label = t.col_label(k) if side in "NS" else str(k + 1)
                if k in t.dots:
                    cv.circle(x, b - 3.0, 2.3, fill(player.color))
                    cv.text(x, b - 2.35, "×2", size=1.8, font="bold", anchor="middle", fill=WHITE)
                    cv.text(x, b - 6.4, label, size=1.7, font="cond", anchor="middle", fill=MUTED)
                else:
                    cv.text(x, b - 2.2, label, size=2.2, font="cond", anchor="middle", fill=MUTED)
            name = f"{t.sides[side].name.upper()} · {t.sides[side].es.upper()}  ({player.name} / {player.es})"
            # Twice, between the dots and away from the middle, where the halves and the
            # poster pages are joined.
            for at in _name_spots(t):
                cv.text(b + at * c, b - 6.0, name, size=2.5, font="bold", anchor="middle", fill=player.color)


def _name_spots(t: TayuTemplate) -> tuple[float, float]:
    """Cell positions (in cells from the corner) midway between the first two and the
    last two dots of a side."""
    d = sorted(t.dots)
    return ((d[0] + d[1] + 1) / 2, (d[2] + d[3] + 1) / 2)
