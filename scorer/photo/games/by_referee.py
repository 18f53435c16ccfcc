"""Settle the one unsure mark of a sheet by what the game's referee accepts (ruling PH105)."""
from __future__ import annotations

from dataclasses import replace
from typing import Callable

from sheets.sheetid import SheetId

from ...errors import HighwaterError
from ..markmap import Reading


def by_referee(readings: list[Reading], sid: SheetId, to_sheet: Callable, referee: Callable,
               favours: Callable[[Reading], float], lean: float, overrule: float) -> dict[str, Reading]:
    """The one unsure mark of a sheet otherwise read with confidence, where the referee
    accepts the sheet with only one of its states: that state, where the photo favours it
    (`favours(r) >= lean`: it is the reading's state) or it is the reading's alternative and
    the photo favours its own state by no more than `overrule`; as sure as the least sure of
    the other readings, named in its evidence. Returns the settled reading by id, or {}."""
    open_ = [r for r in readings if r.unsure]
    if len(open_) != 1:
        return {}
    r = open_[0]
    states = {x.mark.id: x.state for x in readings}
    legal = []
    for st in r.mark.states:
        try:
            referee(to_sheet(sid, {**states, r.mark.id: st}))
        except HighwaterError:
            continue
        legal.append(st)
    if len(legal) != 1:
        return {}
    st = legal[0]
    if st == r.state and favours(r) < lean or st != r.state and (st != r.alternative or r.confidence > overrule):
        return {}
    conf = min(x.confidence for x in readings if x is not r)
    why = f"the referee accepts the sheet only with it {st}"
    if st != r.state:
        why += f"; the photo alone leaned to {r.state} at p = {r.confidence:.2f}"
    return {r.mark.id: replace(r, state=st, confidence=conf, unsure=False, alternative=None,
                               evidence={**r.evidence, "ruled_out": why})}
