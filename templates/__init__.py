"""Template data files: one JSON file per sheet or deck, in mm, with stable ids.

A template is the single source of truth: the renderer draws it, the photo reader knows
where to look from it, and the referee names things by its ids. Typed loaders that
validate a template live beside the code that uses it (e.g. scorer.raging_waters.template).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources


@dataclass(frozen=True)
class Box:
    """A rectangle in template mm (frame or board coordinates) with a stable id."""

    id: str
    x: float
    y: float
    w: float
    h: float

    @property
    def center(self) -> tuple[float, float]:
        return (self.x + self.w / 2, self.y + self.h / 2)


@lru_cache(maxsize=None)
def load_raw(name: str) -> dict:
    """The parsed JSON of templates/<name>.json."""
    path = resources.files(__name__) / f"{name}.json"
    if not path.is_file():
        raise FileNotFoundError(f"no template named {name!r}")
    return json.loads(path.read_text(encoding="utf-8"))
