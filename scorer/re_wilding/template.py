"""The Re-Wilding template (templates/re_wilding.json), validated into frozen dataclasses.

Every markable thing on the sheet (each plant and wildlife outline and every ability,
protection, clean-up, cleared, calendar and hunger box) has a stable id, a box in frame
mm and an index into the state's `marks` (see state.py). Squares are addressed by
(column, row), both 1..5, column first, as on the sheet.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import templates

ABILITIES = ("mirror", "flip", "reroll", "plusminus")
WEATHERS = ("fire", "drought", "storms", "flood")
PLANTS = ("pine", "heather", "lily", "bullrush")
WILDLIFE = ("squirrel", "snake", "fish", "kingfisher")
SIZE = 5


@dataclass(frozen=True)
class Box:
    """A rectangle in frame mm."""

    id: str
    x: float
    y: float
    w: float
    h: float

    @property
    def center(self) -> tuple[float, float]:
        return (self.x + self.w / 2, self.y + self.h / 2)


@dataclass(frozen=True)
class MarkBox(Box):
    """A box the player fills (and maybe crosses); `index` is its slot in State.marks."""

    index: int = -1
    prefilled: bool = False


@dataclass(frozen=True)
class Outline(Box):
    """A plant or wildlife outline to colour in; `kind` names its icon."""

    index: int = -1
    kind: str = ""
    square: tuple[int, int] = (0, 0)
    part: str = ""        # "plant" | "wild"
    slot: int = 0         # 1 or 2; wildlife k sits under plant k (together a "set")


@dataclass(frozen=True)
class Habitat:
    id: str
    name: str
    plant: str
    wildlife: str
    weather: str


@dataclass(frozen=True)
class Square:
    """One grid square: two plants over two wildlife of its habitat."""

    id: str
    col: int
    row: int
    habitat: str
    box: Box
    weather: str | None
    contamination: int | None
    plants: tuple[Outline, Outline]
    wildlife: tuple[Outline, Outline]

    @property
    def pos(self) -> tuple[int, int]:
        return (self.col, self.row)

    @property
    def outlines(self) -> tuple[Outline, ...]:
        return self.plants + self.wildlife


@dataclass(frozen=True)
class BoxRow:
    """An ability or protection row: its label, icon box and boxes left to right."""

    id: str
    label: str
    icon: Box
    boxes: tuple[MarkBox, ...]


@dataclass(frozen=True)
class Line:
    """A grid column or row: its number and the two 'cleared' boxes flanking it."""

    id: str            # "col-3" | "row-2"
    axis: str
    index: int
    number_at: tuple[float, float]
    boxes: tuple[MarkBox, MarkBox]


@dataclass(frozen=True)
class CalendarYear:
    year: int
    number_at: tuple[float, float]
    ticks: tuple[tuple[int, MarkBox], ...]   # (+1, box), (0, box), (-1, box)

    def tick(self, value: int) -> MarkBox:
        return dict(self.ticks)[value]


@dataclass(frozen=True)
class HungerRow:
    """'more' outnumbering 'than' + margin fills one box a year."""

    id: str
    more: str
    than: str
    margin: int
    boxes: tuple[MarkBox, ...]


@dataclass(frozen=True)
class Spot:
    """A selection-panel spot with room to write dice."""

    id: str
    box: Box
    dice: tuple[Box, ...]


@dataclass(frozen=True, eq=False)   # identity: loaded once
class ReWildingTemplate:
    version: int
    frame_w: float
    frame_h: float
    years: int
    habitats: dict[str, Habitat]
    squares: tuple[Square, ...]              # row by row, top to bottom
    chains: dict[str, tuple[tuple[int, int], ...]]
    abilities: dict[str, BoxRow]
    protection: dict[str, BoxRow]
    cleanup: tuple[MarkBox, ...]
    lines: dict[str, Line]
    calendar: tuple[CalendarYear, ...]
    hunger: dict[str, HungerRow]
    selection: tuple[Spot, ...]
    score: dict[str, Box]
    boxes: dict[str, Box]
    ids: tuple[str, ...]                     # marks index -> id
    index: dict[str, int] = field(repr=False)
    markables: dict[str, MarkBox | Outline] = field(repr=False)
    group_of: tuple[str, ...] = field(repr=False)   # marks index -> "outline" | "ability" | ...
    _sq: dict = field(repr=False, default_factory=dict)
    _nb: dict = field(repr=False, default_factory=dict)
    by_habitat: dict = field(repr=False, default_factory=dict)      # habitat id -> its squares
    contamination_order: tuple = field(repr=False, default=())     # squares by contamination number

    def square(self, col: int, row: int) -> Square:
        """The square at (column, row); KeyError off the grid."""
        return self._sq[(col, row)]

    def has_square(self, col: int, row: int) -> bool:
        return (col, row) in self._sq

    @property
    def prefilled(self) -> tuple[int, ...]:
        """Marks indices printed filled."""
        return tuple(i for i, mid in enumerate(self.ids)
                     if isinstance(self.markables[mid], MarkBox) and self.markables[mid].prefilled)

    def neighbours(self, col: int, row: int) -> tuple[Square, ...]:
        """Squares of the same habitat touching this one, diagonals included."""
        return self._nb[(col, row)]

    def habitat_of_kind(self, kind: str) -> Habitat:
        for h in self.habitats.values():
            if kind in (h.plant, h.wildlife):
                return h
        raise KeyError(kind)


def _same_habitat_neighbours(t: ReWildingTemplate, col: int, row: int) -> tuple[Square, ...]:
    me = t.square(col, row)
    out = []
    for dc in (-1, 0, 1):
        for dr in (-1, 0, 1):
            if (dc or dr) and t.has_square(col + dc, row + dr):
                other = t.square(col + dc, row + dr)
                if other.habitat == me.habitat:
                    out.append(other)
    return tuple(out)


def _box(bid: str, d: dict) -> Box:
    return Box(bid, float(d["x"]), float(d["y"]), float(d["w"]), float(d["h"]))


class _Indexer:
    def __init__(self) -> None:
        self.ids: list[str] = []
        self.groups: list[str] = []
        self.items: dict[str, MarkBox | Outline] = {}

    def mark(self, d: dict, group: str) -> MarkBox:
        bid = d["id"]
        if bid in self.items:
            raise ValueError(f"re_wilding template: duplicate id {bid!r}")
        mb = MarkBox(bid, float(d["x"]), float(d["y"]), float(d["w"]), float(d["h"]),
                     index=len(self.ids), prefilled=bool(d.get("prefilled", False)))
        self._add(mb, group)
        return mb

    def outline(self, d: dict, square: tuple[int, int]) -> Outline:
        bid = d["id"]
        if bid in self.items:
            raise ValueError(f"re_wilding template: duplicate id {bid!r}")
        part, slot = bid.rsplit("-", 2)[-2:]
        o = Outline(bid, float(d["x"]), float(d["y"]), float(d["w"]), float(d["h"]), index=len(self.ids),
                    kind=d["kind"], square=square, part=part, slot=int(slot))
        self._add(o, "outline")
        return o

    def _add(self, item, group: str) -> None:
        self.ids.append(item.id)
        self.groups.append(group)
        self.items[item.id] = item


def _check(t: ReWildingTemplate) -> None:
    """Raise ValueError if the design breaks what the rules need."""
    if len(t.squares) != SIZE * SIZE or {s.pos for s in t.squares} != {(c, r) for c in range(1, 6) for r in range(1, 6)}:
        raise ValueError("re_wilding template: the grid must be exactly 5x5 squares")
    for s in t.squares:
        h = t.habitats[s.habitat]
        if [o.kind for o in s.plants] != [h.plant] * 2 or [o.kind for o in s.wildlife] != [h.wildlife] * 2:
            raise ValueError(f"{s.id}: outlines must be two {h.plant}s over two {h.wildlife}s")
        for o in s.outlines:
            if not (s.box.x <= o.x and o.x + o.w <= s.box.x + s.box.w and s.box.y <= o.y and o.y + o.h <= s.box.y + s.box.h):
                raise ValueError(f"{o.id} does not fit inside {s.id}")
    for w in WEATHERS:
        chain = t.chains.get(w)
        if not chain:
            raise ValueError(f"re_wilding template: no chain for {w}")
        marked = [s.pos for s in t.squares if s.weather == w]
        if marked != [chain[0]]:
            raise ValueError(f"{w}: exactly one square must be marked {w.upper()} and start its chain")
        hab = [h for h in t.habitats.values() if h.weather == w]
        for a, b in zip(chain, chain[1:]):
            if max(abs(a[0] - b[0]), abs(a[1] - b[1])) != 1:
                raise ValueError(f"{w} chain: {a} and {b} do not touch")
        for p in chain:
            if t.square(*p).habitat != hab[0].id:
                raise ValueError(f"{w} chain: square {p} is not {hab[0].name}")
        if len(set(chain)) != len(chain):
            raise ValueError(f"{w} chain visits a square twice")
    nums = sorted(s.contamination for s in t.squares if s.contamination is not None)
    if nums != list(range(1, 7)):
        raise ValueError(f"contamination numbers must be 1-6 once each, not {nums}")
    for mid, item in t.markables.items():
        if not (0 <= item.x and item.x + item.w <= t.frame_w and 0 <= item.y and item.y + item.h <= t.frame_h):
            raise ValueError(f"{mid} lies outside the frame")


@lru_cache(maxsize=None)
def load(name: str = "re_wilding") -> ReWildingTemplate:
    """Load and validate templates/<name>.json."""
    raw = templates.load_raw(name)
    ix = _Indexer()
    habitats = {h["id"]: Habitat(h["id"], h["name"], h["plant"], h["wildlife"], h["weather"]) for h in raw["habitats"]}
    squares = []
    for s in raw["squares"]:
        pos = (int(s["col"]), int(s["row"]))
        outs = {o["id"].split("-", 3)[3]: ix.outline(o, pos) for o in s["outlines"]}
        squares.append(Square(s["id"], pos[0], pos[1], s["habitat"], _box(s["id"], s), s.get("weather"),
                              s.get("contamination"), (outs["plant-1"], outs["plant-2"]),
                              (outs["wild-1"], outs["wild-2"])))
    by_id = {s.id: s.pos for s in squares}
    chains = {w: tuple(by_id[sid] for sid in ids) for w, ids in raw["weather_chains"].items()}

    def rows(items: list[dict], group: str) -> dict[str, BoxRow]:
        return {d["id"]: BoxRow(d["id"], d["label"], _box(f"{d['id']}-icon", d["icon"]),
                                tuple(ix.mark(b, group) for b in d["boxes"])) for d in items}

    abilities = rows(raw["abilities"], "ability")
    protection = rows(raw["protection"], "protection")
    cleanup = tuple(ix.mark(b, "cleanup") for b in raw["cleanup"])
    lines = {}
    for d in raw["cleared"]:
        a, b = (ix.mark(x, "cleared") for x in d["boxes"])
        lines[d["id"]] = Line(d["id"], d["axis"], int(d["index"]), tuple(d["number_at"]), (a, b))
    calendar = tuple(CalendarYear(int(d["year"]), tuple(d["number_at"]),
                                  tuple((int(tk["value"]), ix.mark(tk, "calendar")) for tk in d["ticks"]))
                     for d in raw["calendar"])
    hunger = {d["id"]: HungerRow(d["id"], d["more"], d["than"], int(d["margin"]),
                                 tuple(ix.mark(b, "hunger") for b in d["boxes"])) for d in raw["hunger"]}
    selection = tuple(Spot(d["id"], _box(f"sel-{d['id']}", d), tuple(_box(x["id"], x) for x in d["dice"]))
                      for d in raw["selection"])
    t = ReWildingTemplate(
        version=int(raw["version"]), frame_w=float(raw["frame"]["width"]), frame_h=float(raw["frame"]["height"]),
        years=int(raw["years"]), habitats=habitats, squares=tuple(squares), chains=chains,
        abilities=abilities, protection=protection, cleanup=cleanup, lines=lines, calendar=calendar,
        hunger=hunger, selection=selection,
        score={k: _box(f"score-{k}", v) for k, v in raw["score"].items()},
        boxes={k: _box(k, v) for k, v in raw["boxes"].items()},
        ids=tuple(ix.ids), index={mid: i for i, mid in enumerate(ix.ids)}, markables=dict(ix.items),
        group_of=tuple(ix.groups), _sq={s.pos: s for s in squares})
    if tuple(abilities) != ABILITIES or tuple(protection) != WEATHERS:
        raise ValueError("re_wilding template: abilities and protection rows are fixed by the rules")
    if set(lines) != {f"{a}-{k}" for a in ("col", "row") for k in range(1, 6)}:
        raise ValueError("re_wilding template: every column and row needs its cleared boxes")
    if [c.year for c in calendar] != list(range(1, t.years + 1)):
        raise ValueError("re_wilding template: one calendar column per year")
    if any(len(h.boxes) < t.years for h in hunger.values()):
        raise ValueError("re_wilding template: a hunger row needs a box for every year")
    for s in t.squares:
        t._nb[s.pos] = _same_habitat_neighbours(t, s.col, s.row)
        t.by_habitat.setdefault(s.habitat, []).append(s)
    for h in list(t.by_habitat):
        t.by_habitat[h] = tuple(t.by_habitat[h])
    object.__setattr__(t, "contamination_order", tuple(sorted((s for s in t.squares if s.contamination),
                                                              key=lambda s: s.contamination)))
    _check(t)
    return t
