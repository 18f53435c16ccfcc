"""Re-Wilding scoring: Flora + Fauna - Contaminated - Bare - Hunger.

"Positive points are the number of squares on the grid containing two coloured in
plants (not coloured black or crossed out) [and] two coloured in wildlife ... Negative
points are plant/wildlife sets which have been crossed out ..., squares on the grid which
are completely untouched and empty, [and] hunger points, which are -1 point for every two
filled in squares."
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core import Score, ScoreLine
from .state import CROSSED, EMPTY, FILLED, State

BANDS = ((10, "not good at all"), (21, "success, but could do better"), (10 ** 9, "well done!"))


@dataclass(frozen=True)
class Tally:
    flora: int
    fauna: int
    contaminated: int
    bare: int
    hunger_boxes: int

    @property
    def hunger(self) -> int:
        return self.hunger_boxes // 2

    @property
    def total(self) -> int:
        return self.flora + self.fauna - self.contaminated - self.bare - self.hunger


def tally(state: State) -> Tally:
    """The counts behind the score."""
    t, m = state.template, state.marks
    flora = fauna = crossed = bare = 0
    for sq in t.squares:
        p = [m[o.index] for o in sq.plants]
        wl = [m[o.index] for o in sq.wildlife]
        flora += all(v == FILLED for v in p)
        fauna += all(v == FILLED for v in wl)
        crossed += sum(1 for k in (0, 1) if (p[k] | wl[k]) & CROSSED)
        bare += all(v == EMPTY for v in p + wl)
    hunger = sum(1 for row in t.hunger.values() for b in row.boxes if m[b.index] & FILLED)
    return Tally(flora, fauna, crossed, bare, hunger)


def band(total: int) -> str:
    """The seed's verdict: under 10 not good, 10-20 success, over 20 well done."""
    for limit, text in BANDS:
        if total < limit:
            return text
    return BANDS[-1][1]


def score(state: State) -> Score:
    """The score box as a breakdown."""
    k = tally(state)
    lines = (
        ScoreLine("flora", "Flora: squares with both plants", k.flora, 1, k.flora),
        ScoreLine("fauna", "Fauna: squares with both wildlife", k.fauna, 1, k.fauna),
        ScoreLine("contaminated", "Contaminated: crossed-out sets", k.contaminated, -1, -k.contaminated),
        ScoreLine("bare", "Bare: untouched squares", k.bare, -1, -k.bare),
        ScoreLine("hunger", f"Hunger: pairs of filled boxes ({k.hunger_boxes} filled)", k.hunger, -1, -k.hunger),
    )
    total = k.total
    notes = [f"{band(total)} ({'under 10' if total < 10 else ('10-20' if total <= 20 else 'over 20')})"]
    if not state.over:
        notes.append(f"the game is not over: year {state.year} of {state.template.years}")
    return Score(lines, tuple(notes))
