"""Print options every kit shares: paper, duplex, fold, back offset, gap, bleed, ink."""
from __future__ import annotations

from dataclasses import dataclass

from .imposition import DUPLEX_MODES
from .ink import Ink
from .paper import A4, Paper

MAX_BACK_OFFSET = 10.0   # mm; more than this is a wrong setting, not printer drift
MAX_GAP = 20.0
MAX_BLEED = 6.0


@dataclass(frozen=True)
class PrintOptions:
    """How a kit is printed.

    duplex: `long` or `short` interleaves back pages mirrored for that flip; `none`
    prints fronts only. fold: fronts and backs side by side on one page instead (for
    printers that cannot duplex). back_offset: (x, y) mm added to everything on back
    pages, right and down as seen on the back page; measure it with the calibration page.
    """

    paper: Paper = A4
    duplex: str = "long"
    fold: bool = False
    back_offset: tuple[float, float] = (0.0, 0.0)
    gap: float = 0.0
    bleed: float = 3.0
    ink_saver: bool = False
    crop_marks: bool = True

    def __post_init__(self) -> None:
        if self.duplex not in DUPLEX_MODES:
            raise ValueError(f"unknown duplex mode {self.duplex!r}; use long, short or none")
        if not all(abs(v) <= MAX_BACK_OFFSET for v in self.back_offset):
            raise ValueError(f"back offset {self.back_offset[0]:g},{self.back_offset[1]:g} mm is more than "
                             f"{MAX_BACK_OFFSET:g} mm; measure it again with the calibration page")
        if not 0 <= self.gap <= MAX_GAP:
            raise ValueError(f"gap {self.gap:g} mm is out of range; use 0 to {MAX_GAP:g} mm")
        if not 0 <= self.bleed <= MAX_BLEED:
            raise ValueError(f"bleed {self.bleed:g} mm is out of range; use 0 to {MAX_BLEED:g} mm")

    @property
    def ink(self) -> Ink:
        return Ink(saver=self.ink_saver)

    @property
    def backs(self) -> bool:
        """Whether back pages (or fold halves) are printed at all."""
        return self.fold or self.duplex != "none"

    @property
    def sides(self) -> str:
        """A short description for page labels and CLI messages."""
        if self.fold:
            return "fold layout"
        return {"long": "duplex, flip on long edge", "short": "duplex, flip on short edge",
                "none": "single-sided"}[self.duplex]


def parse_offset(text: str) -> tuple[float, float]:
    """Parse 'X,Y' in mm (e.g. '0.5,-1'); raises ValueError with the fix."""
    parts = text.replace(";", ",").split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        x, y = (float(p) for p in parts)
    except ValueError:
        raise ValueError(f"back offset {text!r} must be two numbers in mm, e.g. 0.5,-1") from None
    return (x, y)
