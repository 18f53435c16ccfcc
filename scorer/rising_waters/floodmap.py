"""The Rising Waters main board: the hex map of the Delta, validated into frozen dataclasses.

Every hex has axial coordinates, a terrain, a group and (for land) an elevation. Hexes of a
group share one water level or one elevation. Water groups belong to one of the four
weather areas (the Yazoo Valley lakes, then Mounds Landing, Cabin Teele and Tensas Basin on
the Mississippi), in order from the dotted first group southwards, and each names the group
its water moves on to ("downstream"). The board's tracks and card spots are boxes in mm.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from functools import lru_cache

import templates

from . import hexgrid
from .hexgrid import Axial

WATER = ("river", "lake")
LAND_TERRAINS = ("land", "forest", "field", "city")
TERRAINS = WATER + LAND_TERRAINS
ELEVATIONS = range(2, 7)       # land is 2 (lowest) to 6; water starts at 1 or 2


class MapError(ValueError):
    """The map template contradicts itself (bad adjacency, a broken river, ...)."""


@dataclass(frozen=True)
class Box:
    """A rectangle on the board in mm."""

    id: str
    x: float
    y: float
    w: float
    h: float
    label: str = ""


@dataclass(frozen=True)
class Hex:
    """One hex of the map."""

    id: str                  # printed name, e.g. "E7"
    q: int
    r: int
    terrain: str             # river | lake | land | forest | field | city
    group: str
    elevation: int | None    # None for water

    @property
    def axial(self) -> Axial:
        return (self.q, self.r)

    @property
    def is_water(self) -> bool:
        return self.terrain in WATER


@dataclass(frozen=True)
class Group:
    """A hex group: one elevation (land) or one water level (river, lake)."""

    id: str
    kind: str                # river | lake | land
    hexes: tuple[str, ...]   # hex ids, north to south
    elevation: int | None = None
    area: str | None = None
    order: int | None = None  # 1 = the dotted group of its area
    dotted: bool = False
    token: str | None = None  # the hex the water level token sits on
    downstream: str | None = None

    @property
    def is_water(self) -> bool:
        return self.kind in WATER


@dataclass(frozen=True)
class Area:
    """A weather area: its water groups from the dotted one southwards."""

    id: str
    name: str
    kind: str
    groups: tuple[str, ...]


@dataclass(frozen=True)
class Track:
    """A numbered track (Loss, Weeks, Relief Camp Donations): one box per value."""

    id: str
    label: str
    min: int
    max: int
    direction: str
    label_box: Box
    spaces: tuple[Box, ...]

    def space(self, value: int) -> Box:
        return self.spaces[value - self.min]


@dataclass(frozen=True)
class Place:
    id: str
    name: str
    kind: str
    hex: str


@dataclass(frozen=True)
class ReliefSite:
    id: str
    number: int
    hex: str
    where: str


@dataclass(frozen=True)
class Neighbour:
    """A group touching a water group, as the clock hand meets it."""

    group: str
    bearing: float           # degrees clockwise from north, seen from the token hex
    hex: str                 # the first hex of that group the hand meets


@dataclass(frozen=True, eq=False)
class FloodMap:
    """The whole board. Build it with `load()`."""

    version: int
    width: float
    height: float
    hex_size: float
    origin: tuple[float, float]
    columns: int
    rows: int
    hexes: dict[str, Hex]
    groups: dict[str, Group]
    areas: tuple[Area, ...]
    places: tuple[Place, ...]
    entry: str
    entry_place: str
    town_sites: tuple[str, ...]
    relief_sites: tuple[ReliefSite, ...]
    spots: dict[str, Box]
    tracks: dict[str, Track]
    boxes: dict[str, Box]
    _by_axial: dict[Axial, Hex] = field(init=False, repr=False)
    _adj: dict[str, frozenset[str]] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_axial", {h.axial: h for h in self.hexes.values()})
        adj: dict[str, set[str]] = {g: set() for g in self.groups}
        for h in self.hexes.values():
            for n in self.hex_neighbours(h.id):
                g2 = self.hexes[n].group
                if g2 != h.group:
                    adj[h.group].add(g2)
        object.__setattr__(self, "_adj", {g: frozenset(s) for g, s in adj.items()})

    # --- hexes ---------------------------------------------------------------------------
    def hex_at(self, h: Axial) -> Hex | None:
        """The hex at axial h, or None off the map."""
        return self._by_axial.get(h)

    def hex_neighbours(self, hex_id: str) -> list[str]:
        """Ids of the hexes next to this one on the map, clockwise from north-east."""
        h = self.hexes[hex_id]
        return [n.id for a in hexgrid.neighbors(h.axial) if (n := self._by_axial.get(a)) is not None]

    def center(self, hex_id: str) -> tuple[float, float]:
        """Centre of a hex on the board in mm."""
        cx, cy = hexgrid.center(self.hexes[hex_id].axial, self.hex_size)
        return (self.origin[0] + cx, self.origin[1] + cy)

    # --- groups --------------------------------------------------------------------------
    def neighbours(self, group_id: str) -> frozenset[str]:
        """Groups sharing a hex edge with this group."""
        return self._adj[group_id]

    def land_neighbours(self, group_id: str) -> list[Group]:
        """Land groups touching a group, in clockwise order from north (for water groups)."""
        if self.groups[group_id].is_water:
            return [self.groups[n.group] for n in self.clockwise(group_id) if not self.groups[n.group].is_water]
        return sorted((self.groups[g] for g in self._adj[group_id] if not self.groups[g].is_water),
                      key=lambda g: g.id)

    def clockwise(self, group_id: str, origin: str | None = None) -> tuple[Neighbour, ...]:
        """The groups touching `group_id` in the order the Clockwise Rule meets them.

        A clock is laid on the group's water level token (or on `origin`); the hand sweeps
        from 12 o'clock and meets each neighbouring group at its first touching hex.
        """
        return _clockwise(self, group_id, origin)

    def area(self, area_id: str) -> Area:
        for a in self.areas:
            if a.id == area_id:
                return a
        raise KeyError(area_id)

    def water_groups(self) -> list[Group]:
        """Water groups in resolution order: lakes, then the river north to south."""
        return [self.groups[g] for a in self.areas for g in a.groups]

    def land_groups(self) -> list[Group]:
        return [g for g in self.groups.values() if g.kind == "land"]


@lru_cache(maxsize=None)
def _clockwise(m: FloodMap, group_id: str, origin: str | None) -> tuple[Neighbour, ...]:
    g = m.groups[group_id]
    start = origin or g.token or g.hexes[0]
    o = hexgrid.center(m.hexes[start].axial)
    own = set(g.hexes)
    touching = {n for h in g.hexes for n in m.hex_neighbours(h) if n not in own}
    ordered = hexgrid.clockwise(m.hexes[start].axial, [m.hexes[t].axial for t in touching])
    seen: dict[str, Neighbour] = {}
    for a in ordered:
        h = m.hex_at(a)
        assert h is not None
        if h.group not in seen:
            seen[h.group] = Neighbour(h.group, hexgrid.bearing(o, hexgrid.center(a)), h.id)
    return tuple(seen.values())


def _box(bid: str, d: dict, label: str = "") -> Box:
    return Box(bid, float(d["x"]), float(d["y"]), float(d["w"]), float(d["h"]), label or d.get("label", ""))


def _connected(m: FloodMap, g: Group) -> bool:
    hexes = set(g.hexes)
    todo, seen = deque([g.hexes[0]]), {g.hexes[0]}
    while todo:
        for n in m.hex_neighbours(todo.popleft()):
            if n in hexes and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == hexes


def validate(m: FloodMap) -> None:
    """Raise MapError for any inconsistency a renderer or referee would trip over."""
    for h in m.hexes.values():
        if h.terrain not in TERRAINS:
            raise MapError(f"hex {h.id}: unknown terrain {h.terrain!r}")
        if hexgrid.label(h.axial) != h.id:
            raise MapError(f"hex {h.id}: its name does not match q={h.q}, r={h.r} ({hexgrid.label(h.axial)})")
        g = m.groups.get(h.group)
        if g is None:
            raise MapError(f"hex {h.id}: unknown group {h.group!r}")
        if h.is_water != g.is_water or (h.is_water and h.terrain != g.kind):
            raise MapError(f"hex {h.id}: terrain {h.terrain} does not fit {g.kind} group {g.id}")
        if not h.is_water and h.elevation != g.elevation:
            raise MapError(f"hex {h.id}: elevation {h.elevation} differs from its group {g.id} ({g.elevation})")
    for g in m.groups.values():
        if not g.hexes:
            raise MapError(f"group {g.id} has no hexes")
        if not _connected(m, g):
            raise MapError(f"group {g.id} is not one connected piece")
        if g.kind == "land" and g.elevation not in ELEVATIONS:
            raise MapError(f"land group {g.id}: elevation {g.elevation} is not 2-6")
    for a, nbrs in m._adj.items():
        for b in nbrs:
            if a not in m._adj[b]:
                raise MapError(f"adjacency is not symmetric: {a} touches {b} but not back")
    in_area = set()
    for area in m.areas:
        for i, gid in enumerate(area.groups):
            g = m.groups.get(gid)
            if g is None or not g.is_water:
                raise MapError(f"area {area.id}: {gid!r} is not a water group")
            if g.area != area.id or g.order != i + 1 or g.dotted != (i == 0):
                raise MapError(f"group {gid}: area, order or dot disagree with area {area.id}")
            if g.token not in g.hexes:
                raise MapError(f"group {gid}: token hex {g.token} is not one of its hexes")
            in_area.add(gid)
    south_ends = []
    for g in m.groups.values():
        if not g.is_water:
            continue
        if g.id not in in_area:
            raise MapError(f"water group {g.id} belongs to no weather area")
        if g.downstream is None:
            if g.kind == "river":
                south_ends.append(g.id)
            continue
        d = m.groups.get(g.downstream)
        if d is None or d.kind != g.kind:
            raise MapError(f"group {g.id}: downstream {g.downstream!r} is not a {g.kind} group")
        if g.kind == "river" and d.id not in m.neighbours(g.id):
            raise MapError(f"river group {g.id}: downstream {d.id} does not touch it")
        if _south(m, d) <= _south(m, g):
            raise MapError(f"group {g.id}: downstream {d.id} is not further south")
    if len(south_ends) != 1:
        raise MapError(f"the river must have exactly one south end, found {south_ends}")
    for hid in [m.entry, *m.town_sites, *(s.hex for s in m.relief_sites), *(p.hex for p in m.places)]:
        if hid not in m.hexes:
            raise MapError(f"{hid!r} is not a hex on the map")
    for hid in [*m.town_sites, *(s.hex for s in m.relief_sites)]:
        if m.hexes[hid].is_water:
            raise MapError(f"site {hid} is on water")
    if not m.groups[m.hexes[m.entry].group].dotted:
        raise MapError(f"the entry dot {m.entry} is not in a dotted group")


def _south(m: FloodMap, g: Group) -> float:
    """Mean row of a group's hexes: larger is further south."""
    return sum(m.hexes[h].r for h in g.hexes) / len(g.hexes)


@lru_cache(maxsize=None)
def load(name: str = "rising_waters_map") -> FloodMap:
    """Load and validate templates/<name>.json."""
    raw = templates.load_raw(name)
    try:
        return _build(raw)
    except (KeyError, TypeError, ValueError) as e:
        if isinstance(e, MapError):
            raise
        raise MapError(f"{name}.json: {e!r}") from e


def _build(raw: dict) -> FloodMap:
    hexes: dict[str, Hex] = {}
    members: dict[str, list[str]] = {}
    for d in raw["hexes"]:
        h = Hex(d["id"], int(d["q"]), int(d["r"]), d["terrain"], d["group"],
                None if d["elevation"] is None else int(d["elevation"]))
        if h.id in hexes:
            raise MapError(f"hex {h.id} appears twice")
        hexes[h.id] = h
        members.setdefault(h.group, []).append(h.id)
    groups = {}
    for d in raw["groups"]:
        hs = tuple(sorted(members.get(d["id"], []), key=lambda i: (hexes[i].r, hexes[i].q)))
        groups[d["id"]] = Group(d["id"], d["kind"], hs, d["elevation"], d["area"], d["order"], bool(d["dotted"]),
                                d["token"], d["downstream"])
    areas = tuple(Area(a["id"], a["name"], a["kind"], tuple(a["groups"])) for a in raw["areas"])
    tracks = {}
    for t in raw["tracks"]:
        spaces = tuple(_box(f"{t['id']}-{s['value']}", s) for s in t["spaces"])
        tracks[t["id"]] = Track(t["id"], t["label"], int(t["min"]), int(t["max"]), t["direction"],
                                _box(f"{t['id']}-label", t["label_at"]), spaces)
    hx = raw["hex"]
    m = FloodMap(
        version=int(raw["version"]), width=float(raw["board"]["width"]), height=float(raw["board"]["height"]),
        hex_size=float(hx["size"]), origin=(float(hx["origin"]["x"]), float(hx["origin"]["y"])),
        columns=int(hx["columns"]), rows=int(hx["rows"]), hexes=hexes, groups=groups, areas=areas,
        places=tuple(Place(p["id"], p["name"], p["kind"], p["hex"]) for p in raw["places"]),
        entry=raw["entry"]["hex"], entry_place=raw["entry"]["place"], town_sites=tuple(raw["town_sites"]),
        relief_sites=tuple(ReliefSite(s["id"], int(s["number"]), s["hex"], s["where"])
                           for s in raw["relief_camp_sites"]),
        spots={s["id"]: _box(s["id"], s) for s in raw["spots"]},
        tracks=tracks, boxes={k: _box(k, v) for k, v in raw["boxes"].items()})
    validate(m)
    return m
