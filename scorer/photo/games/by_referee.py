"""Settle the unsure marks of a sheet by what the game's referee accepts (ruling PH105)."""
from __future__ import annotations

from dataclasses import replace
from itertools import product
from typing import Callable

from sheets.sheetid import SheetId

from ...errors import HighwaterError
from ..markmap import Reading

MAX_OPEN = 3   # the most unsure marks whose states are tried together (at most 3 ** 3 sheets)


def by_referee(readings: list[Reading], sid: SheetId, to_sheet: Callable, referee: Callable,
               favours: Callable[[Reading], float], lean: float, overrule: float) -> dict[str, Reading]:
    """The unsure marks (up to MAX_OPEN) of a sheet otherwise read with confidence, where the
    referee accepts only one combination of their states: each takes its
    state in it, where that is its reading and the photo favours it (`favours(r) >= lean`),
    or its alternative and the photo favours its own reading by no more than `overrule`; as
    sure as the least sure of the other readings, named in its evidence. Returns the settled
    readings by id, or {}."""
    open_ = [r for r in readings if r.unsure]
    if not open_ or len(open_) > MAX_OPEN or any(r.alternative is None for r in open_):
        return {}
    states = {x.mark.id: x.state for x in readings}
    legal = []
    for combo in product(*[r.mark.states for r in open_]):
        try:
            referee(to_sheet(sid, {**states, **{r.mark.id: st for r, st in zip(open_, combo)}}))
        except HighwaterError:
            continue
        legal.append(combo)
        if len(legal) > 1:
            return {}
    if len(legal) != 1:
        return {}
    for r, st in zip(open_, legal[0]):
        if st == r.state and favours(r) < lean or st != r.state and r.confidence > overrule:
            return {}
    conf = min(x.confidence for x in readings if not x.unsure)
    out = {}
    for r, st in zip(open_, legal[0]):
        why = f"the referee accepts the sheet only with it {st}"
        if len(open_) > 1:
            why += " and " + ", ".join(f"{o.mark.id} {s}" for o, s in zip(open_, legal[0]) if o is not r)
        if st != r.state:
            why += f"; the photo alone leaned to {r.state} at p = {r.confidence:.2f}"
        out[r.mark.id] = replace(r, state=st, confidence=conf, unsure=False, alternative=None,
                                 evidence={**r.evidence, "ruled_out": why})
    return out
