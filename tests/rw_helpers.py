"""Builders for Raging Waters test states."""
from __future__ import annotations

from dataclasses import replace

from scorer.core import Dice
from scorer.raging_waters import rules
from scorer.raging_waters.state import SheetState, Status, Variant

# A legal setup used across tests: {map: (houses, swamps)}.
SETUP = {
    "aquaterra": (((2, 5), (6, 6), (3, 1)), ((5, 3),)),
    "boglandia": (((1, 1), (2, 4), (5, 5), (6, 2)), ((3, 3), (4, 3))),
    "canalville": (((1, 6), (2, 2), (4, 4), (6, 1), (5, 6)), ((3, 4), (6, 4), (2, 5))),
    "delta": (((1, 1), (2, 3), (3, 5), (4, 2), (5, 4), (6, 6)), ((6, 3), (4, 4), (6, 2), (2, 6))),
}


def state(setup=SETUP, variant: Variant = Variant(), **changes) -> SheetState:
    """A sheet with SETUP placed, in Aquaterra, no roll yet."""
    return replace(rules.with_setup(setup, variant), **changes)


def rolled(st: SheetState, *dice: int) -> SheetState:
    return rules.apply(st, Dice(tuple(dice)))


def with_berms(st: SheetState, index: int, berms) -> SheetState:
    return st.with_map(index, replace(st.maps[index], berms=tuple(tuple(b) for b in berms)))


def at_map(st: SheetState, index: int) -> SheetState:
    """Move play to subdivision `index`, earlier ones left."""
    for i in range(index):
        st = st.with_map(i, replace(st.maps[i], status=Status.LEFT))
    st = st.with_map(index, replace(st.maps[index], status=Status.ACTIVE))
    return replace(st, current=index)
