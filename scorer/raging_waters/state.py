"""Immutable Raging Waters sheet state and the moves a player makes."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from functools import cached_property
from enum import Enum

from .template import RagingWatersTemplate, load

Spot = tuple[int, int]          # (column, row), 1..6
BermIds = tuple[str, str]       # pile ids as drawn


class Status(str, Enum):
    """Where a subdivision stands."""

    PENDING = "pending"       # not reached yet
    ACTIVE = "active"         # being played
    COMPLETED = "completed"   # every house protected
    LEFT = "left"             # the player moved on before completing it


def swamp_problem(houses: tuple[Spot, ...], swamps: tuple[Spot, ...], s: Spot) -> str | None:
    """Why a swamp may not go with its top-right corner at s (None if it may)."""
    # "Roll 2 dice, rerolling any 1s ... that dot being the top-right point of the square."
    if not all(1 <= v <= 6 for v in s):
        return "is off the 6x6 lattice"
    if 1 in s:
        return "has a 1, which is rerolled (the cell would fall off the lattice)"
    if s in swamps:
        return "overlaps another swamp (reroll)"
    c, r = s
    if {(c, r), (c - 1, r), (c, r - 1), (c - 1, r - 1)} & set(houses):
        return "has a house at a corner (reroll)"
    return None


def swamp_room(houses: tuple[Spot, ...], swamps: tuple[Spot, ...]) -> bool:
    """Is there any cell left where another swamp may go?"""
    return any(swamp_problem(houses, swamps, (c, r)) is None for c in range(2, 7) for r in range(2, 7))


class SetupMode(str, Enum):
    ROLLED = "rolled"
    BLANK = "blank"


@dataclass(frozen=True, eq=False)
class Berm:
    """Draw a berm between two piles, then optionally leave the subdivision.

    A berm has no direction: Berm("N2", "E4") == Berm("E4", "N2").
    """

    a: str
    b: str
    leave: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "a", self.a.upper())
        object.__setattr__(self, "b", self.b.upper())

    @property
    def pair(self) -> frozenset[str]:
        return frozenset((self.a, self.b))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Berm) and self.pair == other.pair and self.leave == other.leave

    def __hash__(self) -> int:
        return hash((self.pair, self.leave))

    def __str__(self) -> str:
        return f"{self.a}-{self.b}" + (" leave" if self.leave else "")


@dataclass(frozen=True)
class Pass:
    """Cross off a backhoe instead of drawing; optionally leave the subdivision."""

    leave: bool = False

    def __str__(self) -> str:
        return "pass" + (" leave" if self.leave else "")


Move = Berm | Pass


@dataclass(frozen=True)
class Variant:
    """Rule variants. strict_swamps: a protected house's region must hold no swamp."""

    strict_swamps: bool = False


@dataclass(frozen=True)
class MapState:
    """One subdivision on one player's sheet."""

    id: str
    houses: tuple[Spot, ...] = ()
    swamps: tuple[Spot, ...] = ()
    berms: tuple[BermIds, ...] = ()
    status: Status = Status.PENDING

    def usage(self) -> Counter:
        """How many berms end at each pile."""
        c: Counter = Counter()
        for a, b in self.berms:
            c[a] += 1
            c[b] += 1
        return c

    def joined(self, a: str, b: str) -> bool:
        pair = {a, b}
        return any(set(bm) == pair for bm in self.berms)


@dataclass(frozen=True)
class SheetState:
    """A whole sheet: four subdivisions, backhoes, and where play stands.

    `roll` holds the turn's three dice (sorted) once rolled, until the player moves.
    """

    maps: tuple[MapState, ...]
    backhoes_used: int = 0
    current: int = 0
    turn: int = 0
    roll: tuple[int, ...] | None = None
    over: bool = False
    variant: Variant = Variant()
    template: RagingWatersTemplate = field(default_factory=load, compare=False, repr=False)

    @property
    def setting_up(self) -> bool:
        """True while houses or swamps remain to be rolled."""
        return self.next_setup() is not None

    @cached_property
    def _next_setup(self) -> tuple[int, str, int] | None:
        for i, (m, mt) in enumerate(zip(self.maps, self.template.maps)):
            if len(m.houses) < mt.houses:
                return (i, "house", len(m.houses) + 1)
            if len(m.swamps) < mt.swamps and swamp_room(m.houses, m.swamps):
                return (i, "swamp", len(m.swamps) + 1)
        return None

    def next_setup(self) -> tuple[int, str, int] | None:
        """(map index, 'house'|'swamp', ordinal) of the next setup roll, or None."""
        return self._next_setup

    @property
    def map(self) -> MapState:
        """The subdivision in play."""
        return self.maps[self.current]

    def with_map(self, i: int, m: MapState) -> "SheetState":
        maps = list(self.maps)
        maps[i] = m
        return replace(self, maps=tuple(maps))
