"""Where the scanner marks sit on a sheet, read from a template's boxes (frame mm)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import templates
from sheets.marks import CORNER_IDS
from sheets.paper import PAPERS

Rect = tuple[float, float, float, float]  # x, y, w, h in frame mm
CORNER_NAMES = {v: k for k, v in CORNER_IDS.items()}
CORNER_WORDS = {"tl": "top-left", "tr": "top-right", "br": "bottom-right", "bl": "bottom-left"}


@dataclass(frozen=True)
class Layout:
    """The frame of one template and its scanner boxes."""

    template: str                      # template file name, e.g. "raging_waters"
    game: str
    version: int
    frame_w: float
    frame_h: float
    markers: tuple[tuple[int, Rect], ...]   # ArUco id -> box
    qr: Rect
    calibration: Rect

    def marker_box(self, marker_id: int) -> Rect:
        return dict(self.markers)[marker_id]

    def marker_corners(self, marker_id: int) -> list[tuple[float, float]]:
        """The marker's corners in ArUco order (its own TL, TR, BR, BL) in frame mm."""
        x, y, w, h = self.marker_box(marker_id)
        return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]

    def paper_corners(self, paper: str) -> list[tuple[float, float]]:
        """The paper's corners in frame mm (the frame is centred on the paper)."""
        p = PAPERS[paper]
        ox, oy = (p.width - self.frame_w) / 2, (p.height - self.frame_h) / 2
        return [(-ox, -oy), (p.width - ox, -oy), (p.width - ox, p.height - oy), (-ox, p.height - oy)]


def _rect(d: dict) -> Rect:
    return (float(d["x"]), float(d["y"]), float(d["w"]), float(d["h"]))


@lru_cache(maxsize=None)
def layout(template: str) -> Layout:
    """The scanner layout of templates/<template>.json."""
    raw = templates.load_raw(template)
    b = raw["boxes"]
    markers = tuple((mid, _rect(b[f"marker-{corner}"])) for corner, mid in CORNER_IDS.items())
    return Layout(template, raw["game"], int(raw["version"]), float(raw["frame"]["width"]),
                  float(raw["frame"]["height"]), markers, _rect(b["qr"]), _rect(b["calibration"]))
