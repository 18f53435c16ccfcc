"""Pointy-top hex maths in axial coordinates (q, r), north at the top.

Axial (q, r): q grows to the east along a row, r grows to the south. The printed map
uses "odd-r" offset labels (odd rows sit half a hex to the east), so a hex is also named
by its column letter and row number, e.g. "E7". Centres are in units of the hex size s
(centre to corner); multiply by s mm to place them on the board.
"""
from __future__ import annotations

import math

Axial = tuple[int, int]

# The six neighbours of a pointy-top hex, in clockwise order starting north-east.
DIRECTIONS: tuple[Axial, ...] = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))
SQRT3 = math.sqrt(3.0)
COLUMNS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def neighbors(h: Axial) -> list[Axial]:
    """The six axial neighbours of h, clockwise from north-east."""
    q, r = h
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def distance(a: Axial, b: Axial) -> int:
    """Hex distance: the number of steps between a and b."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def offset_to_axial(col: int, row: int) -> Axial:
    """Odd-r offset (col, row) to axial (q, r)."""
    return (col - (row - (row & 1)) // 2, row)


def axial_to_offset(h: Axial) -> tuple[int, int]:
    """Axial (q, r) to odd-r offset (col, row)."""
    q, r = h
    return (q + (r - (r & 1)) // 2, r)


def label(h: Axial) -> str:
    """The printed name of a hex: column letter and 1-based row, e.g. 'E7'."""
    col, row = axial_to_offset(h)
    return f"{COLUMNS[col]}{row + 1}"


def parse_label(text: str) -> Axial:
    """Inverse of `label`; raises ValueError for text that is not a hex name."""
    t = text.strip().upper()
    if len(t) < 2 or t[0] not in COLUMNS or not t[1:].isdigit() or int(t[1:]) < 1:
        raise ValueError(f"{text!r} is not a hex name like 'E7'")
    return offset_to_axial(COLUMNS.index(t[0]), int(t[1:]) - 1)


def center(h: Axial, size: float = 1.0) -> tuple[float, float]:
    """Centre of hex h (x east, y south) for a hex of the given size."""
    q, r = h
    return (size * SQRT3 * (q + r / 2.0), size * 1.5 * r)


def corners(cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    """The six corners of a pointy-top hex, clockwise from the top corner (y down)."""
    return [(cx + size * math.sin(math.radians(a)), cy - size * math.cos(math.radians(a)))
            for a in range(0, 360, 60)]


def bearing(frm: tuple[float, float], to: tuple[float, float]) -> float:
    """Clock bearing in degrees from `frm` to `to`: 0 = due north (12 o'clock), 90 = east.

    Rounded to 1e-6 degrees so equal directions compare equal on every platform.
    """
    dx, dy = to[0] - frm[0], to[1] - frm[1]
    deg = math.degrees(math.atan2(dx, -dy)) % 360.0
    return round(deg, 6) % 360.0


def clockwise(origin: Axial, hexes: list[Axial]) -> list[Axial]:
    """Hexes sorted as a clock hand sweeps them: clockwise from due north of `origin`.

    Hexes in the same direction come nearest first.
    """
    o = center(origin)
    return sorted(hexes, key=lambda h: (bearing(o, center(h)), distance(origin, h), h))
