"""The Tayu board template (templates/tayu.json), validated into frozen dataclasses.

Cells are (col, row) from 0 at the north-west corner; columns are lettered A.. and rows
numbered 1.. on the board. A cell is `cell_mm` square, the same as one third of a tile,
so tiles (1 x 3 cells) sit on the grid.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import templates


@dataclass(frozen=True)
class Half:
    id: str
    name: str
    row0: int       # first row (inclusive)
    row1: int       # last row (exclusive)


@dataclass(frozen=True)
class Side:
    id: str         # N, S, E, W
    name: str
    es: str
    player: str


@dataclass(frozen=True)
class Player:
    id: str
    name: str
    es: str
    color: str
    letter: str


@dataclass(frozen=True)
class TayuTemplate:
    version: int
    title: str
    cells: int
    cell: float                 # mm
    border: float               # mm around the grid
    start: tuple[int, int, int, int]   # col, row, cols, rows
    dots: tuple[int, ...]       # cell index along every side (0-based)
    sides: dict[str, Side]
    players: dict[str, Player]
    halves: tuple[Half, ...]

    @property
    def size(self) -> float:
        """The whole board, border included, in mm."""
        return 2 * self.border + self.cells * self.cell

    def cell_xy(self, col: float, row: float) -> tuple[float, float]:
        """Top-left of a cell, in board mm."""
        return (self.border + col * self.cell, self.border + row * self.cell)

    def half_box(self, half: Half) -> tuple[float, float]:
        """(top y, height) of a half in board mm: border on the outer side only."""
        top = 0.0 if half.row0 == 0 else self.border + half.row0 * self.cell
        bottom = self.size if half.row1 == self.cells else self.border + half.row1 * self.cell
        return top, bottom - top

    @staticmethod
    def col_label(col: int) -> str:
        return chr(ord("A") + col)


@lru_cache(maxsize=None)
def load() -> TayuTemplate:
    """Load and check templates/tayu.json."""
    d = templates.load_raw("tayu")
    n = d["cells"]
    col, row, cols, rows = (d["start"][k] for k in ("col", "row", "cols", "rows"))
    if not (0 <= col and col + cols <= n and 0 <= row and row + rows <= n):
        raise ValueError("tayu template: the start area must lie on the board")
    dots = tuple(d["dots"])
    if len(dots) != 4 or any(not 0 <= i < n for i in dots) or sorted(i for i in dots) != sorted(n - 1 - i for i in dots):
        raise ValueError("tayu template: 4 dots per side, symmetric about the middle")
    halves = tuple(Half(h["id"], h["name"], *h["rows"]) for h in d["halves"])
    if [halves[0].row0, halves[0].row1, halves[1].row0, halves[1].row1] != [0, halves[1].row0, halves[0].row1, n]:
        raise ValueError("tayu template: the two halves must cover the board, north then south")
    return TayuTemplate(
        d["version"], d["title"], n, float(d["cell_mm"]), float(d["border_mm"]), (col, row, cols, rows), dots,
        {k: Side(k, v["name"], v["es"], v["player"]) for k, v in d["sides"].items()},
        {k: Player(k, v["name"], v["es"], v["color"], v["letter"]) for k, v in d["players"].items()},
        halves)
