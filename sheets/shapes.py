"""Outlines of cut pieces: rectangle, circle and hexagons, as Canvas path operations.

A piece's shape is its cut line; the same outline grown by the bleed is the clip for its
art. Hexagons fill their w x h box: `hex` has a point at the top (w = h * sqrt(3) / 2
for a regular one), `hex-flat` a flat top.
"""
from __future__ import annotations

import math

from .canvas import PathOp
from .imposition import Rect

COS30 = math.sqrt(3) / 2


def hex_size(across_flats: float, shape: str = "hex") -> tuple[float, float]:
    """(w, h) of a regular hexagon measured across its flat sides."""
    corners = across_flats / COS30
    return (across_flats, corners) if shape == "hex" else (corners, across_flats)


def shape_ops(shape: str, r: Rect, grow: float = 0.0) -> list[PathOp]:
    """The closed outline of `shape` filling `r`, pushed out by `grow` mm all round."""
    if shape == "rect":
        g = r.expand(grow)
        return [("M", g.x, g.y), ("L", g.right, g.y), ("L", g.right, g.bottom), ("L", g.x, g.bottom), ("Z",)]
    if shape == "circle":
        cx, cy = r.center
        rx, ry = r.w / 2 + grow, r.h / 2 + grow
        kx, ky = 0.5523 * rx, 0.5523 * ry
        return [("M", cx + rx, cy),
                ("C", cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry),
                ("C", cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy),
                ("C", cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry),
                ("C", cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy), ("Z",)]
    if shape in ("hex", "hex-flat"):
        pts = hex_points(shape, r, grow)
        return [("M", *pts[0])] + [("L", *p) for p in pts[1:]] + [("Z",)]
    raise ValueError(f"unknown shape {shape!r}")


def hex_points(shape: str, r: Rect, grow: float = 0.0) -> list[tuple[float, float]]:
    """Corners of a hexagon in its box, clockwise from the top (or top-left)."""
    if shape == "hex":
        g = r.expand(grow, grow / COS30)
        x, y, w, h = g.x, g.y, g.w, g.h
        return [(x + w / 2, y), (x + w, y + h / 4), (x + w, y + 3 * h / 4), (x + w / 2, y + h),
                (x, y + 3 * h / 4), (x, y + h / 4)]
    g = r.expand(grow / COS30, grow)
    x, y, w, h = g.x, g.y, g.w, g.h
    return [(x + w / 4, y), (x + 3 * w / 4, y), (x + w, y + h / 2), (x + 3 * w / 4, y + h),
            (x + w / 4, y + h), (x, y + h / 2)]
