"""Drawing styles and the palette shared by every sheet."""
from __future__ import annotations

from dataclasses import dataclass

Color = str  # "#rrggbb"


@dataclass(frozen=True)
class Style:
    """How a shape is stroked and filled. Widths and dash lengths are in mm."""

    stroke: Color | None = "#000000"
    width: float = 0.3
    fill: Color | None = None
    dash: tuple[float, ...] | None = None
    opacity: float = 1.0
    cap: str = "round"  # butt | round | square

    def with_(self, **changes: object) -> "Style":
        """A copy with some fields changed."""
        values = {**self.__dict__, **changes}
        return Style(**values)  # type: ignore[arg-type]


BLACK: Color = "#000000"
WHITE: Color = "#ffffff"
INK: Color = "#1d2731"        # text and main outlines
MUTED: Color = "#6b7885"      # secondary text
FAINT: Color = "#c4ccd4"      # lattice and guides
WATER: Color = "#2f7fc1"
WATER_LIGHT: Color = "#dcebf7"
EARTH: Color = "#8a5a2b"
EARTH_LIGHT: Color = "#f1e2cf"
SWAMP: Color = "#5c7f3a"
SWAMP_LIGHT: Color = "#dfe9d0"
ALERT: Color = "#c0392b"

NONE = Style(stroke=None, fill=None)


def fill(color: Color) -> Style:
    """A filled shape with no outline."""
    return Style(stroke=None, fill=color)


def stroke(color: Color = INK, width: float = 0.3, **kw: object) -> Style:
    """An outline with no fill."""
    return Style(stroke=color, width=width, **kw)  # type: ignore[arg-type]
