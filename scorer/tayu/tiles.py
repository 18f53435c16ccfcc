"""Tayu tiles: 1 x 3 cells, each with exactly 3 water outlets among 8 possible spots.

A tile lying north-south has 3 spots on its west long side (W0, W1, W2, from the north
end), 3 on its east long side (E0, E1, E2) and one on each short end (N, S). A tile may be
turned end for end on the board, so a set of outlets and its half-turn are the same type;
tiles are never flipped face down in play. No 3-outlet set is its own half-turn (the
half-turn moves every spot), so the 56 sets pair up into exactly 28 types, and the game
has each type 3 times: 84 tiles.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

SPOTS: tuple[str, ...] = ("N", "W0", "W1", "W2", "E0", "E1", "E2", "S")
HALF_TURN: dict[str, str] = {"N": "S", "S": "N", "W0": "E2", "W1": "E1", "W2": "E0",
                             "E0": "W2", "E1": "W1", "E2": "W0"}
COPIES = 3
_ORDER = {s: i for i, s in enumerate(SPOTS)}


def side(spot: str) -> str:
    """The side a spot is on: N, S (the short ends), W or E (the long sides)."""
    return spot[0]


def half_turn(outlets: frozenset[str]) -> frozenset[str]:
    """The same tile turned end for end."""
    return frozenset(HALF_TURN[s] for s in outlets)


def _key(outlets: frozenset[str]) -> tuple[int, ...]:
    return tuple(sorted(_ORDER[s] for s in outlets))


def canonical(outlets: frozenset[str] | set[str]) -> frozenset[str]:
    """The representative of a tile's type: the smaller of it and its half-turn."""
    a = frozenset(outlets)
    b = half_turn(a)
    return a if _key(a) <= _key(b) else b


@dataclass(frozen=True)
class TileType:
    """One of the 28 tile types."""

    id: int                       # 1..28, in print order
    outlets: frozenset[str]       # canonical orientation

    @property
    def sides(self) -> frozenset[str]:
        return frozenset(side(s) for s in self.outlets)

    @property
    def three_sides(self) -> bool:
        """Outlets on three different sides: these tiles carry the circle on the back."""
        return len(self.sides) == 3

    @property
    def name(self) -> str:
        """e.g. 'N-W1-E2' (spots in a fixed order)."""
        return "-".join(sorted(self.outlets, key=_ORDER.__getitem__))


@lru_cache(maxsize=None)
def all_types() -> tuple[TileType, ...]:
    """Every type, generated from the 3-of-8 choices: those on one or two sides first."""
    reps = {canonical(frozenset(c)) for c in combinations(SPOTS, 3)}
    ordered = sorted(reps, key=lambda o: (len({side(s) for s in o}), _key(o)))
    return tuple(TileType(i, o) for i, o in enumerate(ordered, 1))


def type_of(outlets: set[str] | frozenset[str]) -> TileType:
    """The type of a tile with these outlets, in either orientation."""
    c = canonical(frozenset(outlets))
    for t in all_types():
        if t.outlets == c:
            return t
    raise ValueError(f"{sorted(outlets)} is not a set of 3 outlet spots")
