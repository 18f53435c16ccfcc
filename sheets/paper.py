"""Paper sizes, the printable margin and where a sheet's frame sits on the page."""
from __future__ import annotations

from dataclasses import dataclass

PRINT_MARGIN = 6.35  # mm a home printer may not print; nothing important goes there


@dataclass(frozen=True)
class Paper:
    """A paper size in mm, portrait."""

    name: str
    width: float
    height: float

    @property
    def landscape(self) -> "Paper":
        """The same paper turned sideways."""
        return Paper(self.name, self.height, self.width)

    def frame_origin(self, frame_w: float, frame_h: float) -> tuple[float, float]:
        """Top-left of a frame of the given size centred on this page.

        Raises ValueError when the frame would reach into the unprintable margin.
        """
        x, y = (self.width - frame_w) / 2, (self.height - frame_h) / 2
        if x < PRINT_MARGIN - 1e-9 or y < PRINT_MARGIN - 1e-9:
            raise ValueError(f"a {frame_w}x{frame_h} mm frame does not fit {self.name} "
                             f"inside the {PRINT_MARGIN} mm printable margin")
        return x, y


A4 = Paper("a4", 210.0, 297.0)
LETTER = Paper("letter", 215.9, 279.4)
PAPERS = {"a4": A4, "letter": LETTER}


def paper(name: str) -> Paper:
    """Look a paper size up by name (a4 or letter)."""
    try:
        return PAPERS[name.lower()]
    except KeyError:
        raise ValueError(f"unknown paper {name!r}; use a4 or letter") from None
