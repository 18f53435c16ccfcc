"""Helpers for the Re-Wilding tests: build sheets by id and script rolls and moves."""
from __future__ import annotations

from dataclasses import replace

from scorer.core import Dice
from scorer.re_wilding import rules
from scorer.re_wilding.state import CROSSED, FILLED, Phase, State, Variant
from scorer.re_wilding.template import load

T = load()
ALL_LINES = [b.id for ln in T.lines.values() for b in ln.boxes]


def sheet(filled=(), crossed=(), unfilled=(), state: State | None = None, variant: Variant = Variant(),
          **fields) -> State:
    """A fresh sheet with extra marks by template id (unfilled clears pre-printed boxes)."""
    st = state or rules.new_game(variant)
    m = bytearray(st.marks)
    for i in unfilled:
        m[T.index[i]] = 0
    for i in filled:
        m[T.index[i]] |= FILLED
    for i in crossed:
        m[T.index[i]] |= CROSSED
    return replace(st, marks=bytes(m), **fields)


def sq(col: int, row: int, *parts: str) -> list[str]:
    """Outline ids of a square: sq(2, 3, "plant-1", "wild-1")."""
    return [f"sq-{col}-{row}-{p}" for p in parts]


def full(col: int, row: int, wildlife: int = 0) -> list[str]:
    """Both plants of a square, and the first `wildlife` wildlife."""
    return sq(col, row, "plant-1", "plant-2") + sq(col, row, *[f"wild-{k}" for k in range(1, wildlife + 1)])


def run(st: State, *actions: str) -> State:
    """Apply 'roll 1 2 3 4' rolls and typed moves in order."""
    for a in actions:
        if a.startswith("roll"):
            st = rules.apply(st, Dice(tuple(int(v) for v in a[4:].split())))
        else:
            st = rules.apply(st, rules.parse_move(st, a))
    return st


def at(phase: Phase, st: State | None = None, **fields) -> State:
    """The state moved to a phase (e.g. WEATHER_ROLL of year 3) without playing."""
    return replace(st or rules.new_game(), phase=phase, **fields)


def coloured(st: State, mid: str) -> bool:
    return st.mark(mid) == FILLED


def crossed(st: State, mid: str) -> bool:
    return bool(st.mark(mid) & CROSSED)
