"""Raging Waters scoring: the seed's score table, with regions from shapely."""
from __future__ import annotations

from ..core import Score, ScoreLine
from . import geometry
from .state import SheetState, Status


def protected_counts(state: SheetState) -> list[int]:
    """Protected houses per subdivision, from shapely regions."""
    out = []
    for m, mt in zip(state.maps, state.template.maps):
        prot = geometry.protected_by_regions(mt, m.houses, m.swamps, m.berms, state.variant.strict_swamps)
        out.append(sum(prot))
    return out


def score(state: SheetState) -> Score:
    """The score table.

    "For each field, the no. of protected houses × total houses in the field
     + No. unused dirt piles in completed fields + No. unused backhoes × 3"
    Houses protected in a subdivision that was left still count.
    """
    t = state.template
    lines = []
    for m, mt, n in zip(state.maps, t.maps, protected_counts(state)):
        lines.append(ScoreLine(f"protected-{mt.id}", f"Protected houses in {mt.name}", n, mt.multiplier,
                               n * mt.multiplier))
    unused = 0
    for m, mt in zip(state.maps, t.maps):
        if m.status == Status.COMPLETED:
            used = m.usage()
            unused += sum(1 for p in mt.piles if used[p.id] == 0)
    lines.append(ScoreLine("unused-piles", "Unused dirt piles in completed subdivisions", unused, 1, unused))
    left = t.backhoes - state.backhoes_used
    lines.append(ScoreLine("unused-backhoes", "Unused backhoes", left, 3, left * 3))
    notes = tuple(f"{mt.name}: {m.status.value}" for m, mt in zip(state.maps, t.maps))
    return Score(tuple(lines), notes)
