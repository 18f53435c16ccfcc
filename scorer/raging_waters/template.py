"""The Raging Waters template, validated into frozen dataclasses.

Lattice coordinates: a field runs from 0 to FIELD (7) on both axes, x left to right and
y bottom to top; intersections (houses) sit at 1..6. Piles stand on the border. All rule
geometry uses these exact coordinates; `MapTemplate.to_mm` places them on the page.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

import templates
from templates import Box

EDGES = ("N", "E", "S", "W")
EDGE_NAMES = {"N": "north", "E": "east", "S": "south", "W": "west"}
FIELD = 7          # border at 0 and 7
LATTICE = 6        # intersections 1..6


@dataclass(frozen=True)
class Pile:
    """A numbered dirt pile on one edge of a field."""

    id: str          # e.g. "N2": edge letter and order along the edge
    edge: str
    at: Fraction     # lattice position along the edge (x on N/S, y on E/W)
    number: int      # 1-6, the die face that selects it

    @property
    def point(self) -> tuple[Fraction, Fraction]:
        """The pile's anchor on the border, in lattice units."""
        return {"N": (self.at, Fraction(FIELD)), "S": (self.at, Fraction(0)),
                "W": (Fraction(0), self.at), "E": (Fraction(FIELD), self.at)}[self.edge]

    @property
    def xy2(self) -> tuple[int, int]:
        """The anchor in doubled lattice units: exact integers for the geometry."""
        return _XY2[(self.edge, self.at)]


_XY2: dict[tuple[str, Fraction], tuple[int, int]] = {
    (e, Fraction(k, 2)): (int(2 * x), int(2 * y))
    for k in range(0, 2 * FIELD + 1) for e in EDGES
    for x, y in [{"N": (Fraction(k, 2), FIELD), "S": (Fraction(k, 2), 0),
                  "W": (0, Fraction(k, 2)), "E": (FIELD, Fraction(k, 2))}[e]]}


@dataclass(frozen=True, eq=False)  # identity: templates are loaded once
class MapTemplate:
    """One subdivision: its counts, its field's place on the page and its piles."""

    id: str
    name: str
    houses: int
    swamps: int
    multiplier: int
    x: float         # mm, left of the field border
    y: float         # mm, top of the field border
    pitch: float     # mm per lattice unit
    piles: tuple[Pile, ...]
    left_box: Box
    panel: Box
    _index: dict = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", {p.id: p for p in self.piles})

    def pile(self, pile_id: str) -> Pile:
        """The pile with this id; KeyError if the map has none."""
        return self._index[pile_id.upper()]

    def has_pile(self, pile_id: str) -> bool:
        return pile_id.upper() in self._index

    def to_mm(self, lx: float, ly: float) -> tuple[float, float]:
        """Lattice coordinates to frame mm (y down)."""
        return (self.x + float(lx) * self.pitch, self.y + (FIELD - float(ly)) * self.pitch)

    @property
    def size(self) -> float:
        """Side of the field in mm."""
        return FIELD * self.pitch


@dataclass(frozen=True, eq=False)
class RagingWatersTemplate:
    """The whole sheet: frame size, maps, boxes and scanner marks."""

    version: int
    frame_w: float
    frame_h: float
    house_radius: Fraction   # lattice units; a berm touching the printed dot hits the house
    backhoes: int
    maps: tuple[MapTemplate, ...]
    boxes: dict[str, Box]

    def map(self, map_id: str) -> MapTemplate:
        """The map with this id."""
        for m in self.maps:
            if m.id == map_id:
                return m
        raise KeyError(map_id)


def _box(bid: str, d: dict) -> Box:
    return Box(bid, float(d["x"]), float(d["y"]), float(d["w"]), float(d["h"]))


def _check_map(m: MapTemplate) -> None:
    seen: dict[str, set[Fraction]] = {e: set() for e in EDGES}
    for p in m.piles:
        if p.edge not in EDGES:
            raise ValueError(f"{m.id}/{p.id}: edge {p.edge!r} is not one of N E S W")
        if not 0 < p.at < FIELD:
            raise ValueError(f"{m.id}/{p.id}: a pile may not stand on a corner or off the edge")
        if p.at * 2 != int(p.at * 2):
            raise ValueError(f"{m.id}/{p.id}: piles stand on whole or half lattice units")
        if not 1 <= p.number <= 6:
            raise ValueError(f"{m.id}/{p.id}: number {p.number} is not a die face")
        if p.at in seen[p.edge]:
            raise ValueError(f"{m.id}/{p.id}: two piles at the same spot")
        seen[p.edge].add(p.at)
    for n in range(1, 7):
        edges = {p.edge for p in m.piles if p.number == n}
        if len(edges) < 2:
            raise ValueError(f"{m.id}: number {n} must be on at least two edges")


@lru_cache(maxsize=None)
def load(name: str = "raging_waters") -> RagingWatersTemplate:
    """Load and validate templates/<name>.json."""
    raw = templates.load_raw(name)
    maps = []
    for md in raw["maps"]:
        piles = tuple(Pile(p["id"], p["edge"], Fraction(str(p["at"])), int(p["number"])) for p in md["piles"])
        m = MapTemplate(md["id"], md["name"], int(md["houses"]), int(md["swamps"]), int(md["multiplier"]),
                        float(md["field"]["x"]), float(md["field"]["y"]), float(md["field"]["pitch"]),
                        piles, _box(f"left-{md['id']}", md["left_box"]), _box(f"panel-{md['id']}", md["panel"]))
        _check_map(m)
        maps.append(m)
    boxes = {bid: _box(bid, b) for bid, b in raw["boxes"].items()}
    return RagingWatersTemplate(int(raw["version"]), float(raw["frame"]["width"]), float(raw["frame"]["height"]),
                                Fraction(str(raw["house_radius"])), int(raw["backhoes"]), tuple(maps), boxes)
