"""The eight Re-Wilding icons as bold, closed outlines in a unit box.

`icon_path(kind)` returns path ops ("M", x, y), ("L", x, y)..., ("Z",) in the unit square,
origin top-left, y down: scale them into an outline's box from the template (each outline
in templates/re_wilding.json names its `kind`). Each icon is ONE closed outline, a
silhouette with no holes, so a photo reader can rasterise its interior as a mask; the
ink inside it is the player's colouring.

The outlines are designed in tools/make_re_wilding_icons.py and baked into
templates/re_wilding_icons.json.
"""
from __future__ import annotations

from functools import lru_cache

import templates

PLANTS = ("pine", "heather", "lily", "bullrush")
WILDLIFE = ("squirrel", "snake", "fish", "kingfisher")
KINDS = PLANTS + WILDLIFE

PathOps = list[tuple]


@lru_cache(maxsize=None)
def icon_points(kind: str) -> tuple[tuple[float, float], ...]:
    """The closed outline of `kind` as points in the unit box (the first is not repeated)."""
    icons = templates.load_raw("re_wilding_icons")["icons"]
    if kind not in icons:
        raise KeyError(f"unknown icon {kind!r}; choose from {', '.join(KINDS)}")
    return tuple((float(x), float(y)) for x, y in icons[kind])


def icon_path(kind: str) -> PathOps:
    """Path ops of the icon's closed outline in the unit box."""
    pts = icon_points(kind)
    return [("M", *pts[0])] + [("L", *p) for p in pts[1:]] + [("Z",)]


def icon_ops_in_box(kind: str, x: float, y: float, w: float, h: float) -> PathOps:
    """The icon's path scaled into a box (mm)."""
    pts = icon_points(kind)
    ops: PathOps = [("M", x + pts[0][0] * w, y + pts[0][1] * h)]
    ops += [("L", x + px * w, y + py * h) for px, py in pts[1:]]
    return ops + [("Z",)]
