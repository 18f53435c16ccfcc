"""Ink policy for print kits: full colour, or `--ink-saver` (light background, outlines).

Renderers never pick a fill colour directly for large areas; they ask an `Ink`:

    ink.area(color)   # big areas (card backgrounds, board fields): white when saving ink
    ink.tint(color)   # light panels: a pale tint of the colour when saving ink
    ink.solid(color)  # small marks (symbols, numbers, channels): kept as they are

Colour is never the only cue: every type also carries a symbol or letter, so an
ink-saver print (or a colour-blind player) loses nothing.
"""
from __future__ import annotations

from dataclasses import dataclass

from .style import WHITE, Color


def mix(color: Color, other: Color, t: float) -> Color:
    """Blend `color` toward `other` by t (0 = color, 1 = other)."""
    a = [int(color[i:i + 2], 16) for i in (1, 3, 5)]
    b = [int(other[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(a, b))


def lighten(color: Color, t: float) -> Color:
    """Blend toward white by t."""
    return mix(color, WHITE, t)


@dataclass(frozen=True)
class Ink:
    """How much ink a kit may use. `Ink()` is full colour; `Ink(saver=True)` outlines only."""

    saver: bool = False

    def area(self, color: Color | None) -> Color | None:
        """Fill for a large area: the colour, or None (bare paper) when saving ink."""
        if color is None or self.saver:
            return None
        return color

    def tint(self, color: Color | None, amount: float = 0.88) -> Color | None:
        """Fill for a panel: the colour, or a pale tint of it when saving ink."""
        if color is None:
            return None
        return lighten(color, amount) if self.saver else color

    def solid(self, color: Color) -> Color:
        """Colour for small solid marks; unchanged in both modes."""
        return color

    def on(self, background: Color | None, normal: Color, saver: Color) -> Color:
        """Text colour that stays readable on an area drawn with area(background)."""
        return saver if self.saver or background is None else normal


FULL = Ink()
SAVER = Ink(saver=True)
