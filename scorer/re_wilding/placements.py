"""Placing the dice: the groups each action accepts, and every legal placement of a roll."""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import product

from .marks import show
from .moves import ACTION_RANGES, ACTIONS, Place
from .state import State

def group_problem(action: str, dice: tuple[int, ...]) -> str | None:
    """Why these dice can't go on this action (None if they can)."""
    total = sum(dice)
    if action == "save":
        return None if len(dice) == 1 else "save takes exactly one die"
    if action == "protect":
        return None if dice == (1,) else "protect takes a single die showing 1"
    lo, hi = ACTION_RANGES[action]
    if not lo <= total <= hi:
        return f"{action} needs dice summing {lo}-{hi}, not {total}"
    return None


def _set_partitions(items: tuple[int, ...]):
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for part in _set_partitions(rest):
        for i in range(len(part)):
            yield part[:i] + [(first,) + part[i]] + part[i + 1:]
        yield [(first,)] + part


@lru_cache(maxsize=None)
def placements(dice: tuple[int, ...], one_group_per_action: bool = False) -> tuple[Place, ...]:
    """Every way to split the dice into groups, each on an action whose range holds its sum.

    Every die must be placed (Save takes any single die, so one always can).
    """
    seen: dict[tuple, Place] = {}
    for part in _set_partitions(tuple(range(len(dice)))):
        groups = [tuple(sorted(dice[i] for i in block)) for block in part]
        options = [[a for a in ACTIONS if group_problem(a, g) is None] for g in groups]
        for choice in product(*options):
            if one_group_per_action and len(set(choice)) < len(choice):
                continue
            p = Place(tuple(zip(choice, groups)))
            seen.setdefault(p.groups, p)
    return tuple(sorted(seen.values(), key=str))


def placement_problem(state: State, place: Place) -> str | None:
    """Why a placement is illegal for the dice in play (None if legal)."""
    placed = sorted(v for _, d in place.groups for v in d)
    if placed != sorted(state.dice):
        missing = Counter(state.dice) - Counter(placed)
        extra = Counter(placed) - Counter(state.dice)
        if extra:
            return f"the roll {show(state.dice)} has no {show(tuple(sorted(extra.elements())))} to place"
        return f"every die must be placed; {show(tuple(sorted(missing.elements())))} left over"
    for a, d in place.groups:
        why = group_problem(a, d)
        if why:
            return f"{show(d)} on {a}: {why}"
    if state.variant.one_group_per_action:
        actions = [a for a, _ in place.groups]
        dup = [a for a in ACTIONS if actions.count(a) > 1]
        if dup:
            return f"variant one-group-per-action: {dup[0]} has {actions.count(dup[0])} groups"
    return None


