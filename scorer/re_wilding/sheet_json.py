"""The Re-Wilding sheet-state JSON: read (validated) and write. See docs/formats.md.

    {"game": "re-wilding", "version": 2,
     "filled":  ["sq-2-2-plant-1", "sq-2-2-wild-1", "ab-flip-2", "cal-1-plus", ...],
     "crossed": ["ab-mirror-1", "sq-5-3-plant-2", "sq-5-3-wild-2", ...]}

Every id is a template id (templates/re_wilding.json). `filled` lists coloured outlines
and filled boxes (pre-printed blue boxes count as filled whether listed or not);
`crossed` lists what was crossed off or blacked out. A photo reader reports the same two
things per id: ink, and a cross.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import replace
from typing import Any

from ..errors import SheetError
from .rules import calendar_value, new_game
from .score import tally
from .state import CROSSED, FILLED, Phase, State, Variant
from .template import ReWildingTemplate, load

FORMAT = "re-wilding"
ID_HINT = ("ids look like sq-3-2-plant-1 / sq-3-2-wild-2 (column, row 1-5), ab-mirror-1, prot-fire-1, "
           "cleanup-1, clr-col-3-a, clr-row-2-b, cal-4-plus|zero|minus, hunger-snake-1; see docs/formats.md")
# The QR payload (sheets/sheetid.py; rules modules don't import sheets), for Re-Wilding only.
_SHEET_ID = re.compile(r"HW1:rew:(?P<version>[1-9][0-9]{0,2}):[A-Za-z0-9_-]{1,24}:[1-9][0-9]?:(a4|lt):[rb]")
NEVER_CROSSED = {"cleared": "cleared boxes are only ever filled", "calendar": "calendar ticks are only ever filled",
                 "hunger": "hunger boxes are only ever filled"}


def _ids(value: Any, where: str, t: ReWildingTemplate) -> list[int]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise SheetError(f"'{where}' must be a list of ids such as \"sq-3-2-plant-1\"")
    out, seen = [], set()
    for v in value:
        if v not in t.index:
            close = difflib.get_close_matches(v, t.ids, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else f"; {ID_HINT}"
            raise SheetError(f"'{where}' names unknown id {v!r}{hint}")
        if v in seen:
            raise SheetError(f"{v!r} is listed twice in '{where}'")
        seen.add(v)
        out.append(t.index[v])
    return out


def load_sheet(data: Any, template: ReWildingTemplate | None = None) -> State:
    """Validate an entered sheet and build its state (at the start of the next year, or
    over after ten).

    :raises SheetError: malformed JSON, unknown ids, or marks the rules can't produce
        (wildlife without its plant, a box both crossed and empty, a plant crossed without
        its wildlife, a gap in the calendar, more hunger or crossings than years ...).
    """
    t = template or load()
    if not isinstance(data, dict):
        raise SheetError("a Re-Wilding sheet must be a JSON object with 'filled' and 'crossed' lists")
    if data.get("game", FORMAT) != FORMAT:
        raise SheetError(f"this is a {data.get('game')!r} sheet, not re-wilding")
    version = data.get("version", t.version)
    if version != t.version:
        raise SheetError(f"sheet template version {version!r} is unknown; this Highwater knows version {t.version}")
    unknown = set(data) - {"game", "version", "filled", "crossed", "variant", "sheet_id", "player"}
    if unknown:
        raise SheetError(f"unknown field(s) {', '.join(sorted(unknown))}; a sheet has filled, crossed and variant")
    sid = data.get("sheet_id")
    if sid is not None:
        m = _SHEET_ID.fullmatch(sid) if isinstance(sid, str) else None
        if m is None:
            raise SheetError(f"sheet_id {str(sid)[:40]!r} is not a Re-Wilding sheet id "
                             "(HW1:rew:<version>:<seed>:<player>:<a4|lt>:<r|b>; see docs/formats.md)")
        if int(m["version"]) != version:
            raise SheetError(f"sheet_id {sid!r} was printed from template version {m['version']}, not {version}")
    vd = data.get("variant", {}) or {}
    if not isinstance(vd, dict) or set(vd) - {"one_group_per_action"} or not all(isinstance(v, bool) for v in vd.values()):
        raise SheetError("variant may only hold one_group_per_action: true|false")
    variant = Variant(one_group_per_action=vd.get("one_group_per_action", False))
    filled = _ids(data.get("filled", []), "filled", t)
    crossed = _ids(data.get("crossed", []), "crossed", t)

    marks = bytearray(new_game(variant, t).marks)
    for i in filled:
        marks[i] |= FILLED
    for i in crossed:
        marks[i] |= CROSSED
    _check_boxes(t, marks)
    years = _check_calendar(t, marks)
    _check_grid(t, marks)
    state = new_game(variant, t)
    over = years >= t.years
    state = replace(state, marks=bytes(marks), year=min(years + 1, t.years),
                    phase=Phase.OVER if over else Phase.ROLL)
    _check_counts(t, state, years)
    return state


def _check_boxes(t: ReWildingTemplate, marks: bytearray) -> None:
    for i, (mid, group) in enumerate(zip(t.ids, t.group_of)):
        m = marks[i]
        if not m & CROSSED or group == "outline":
            continue
        if group in NEVER_CROSSED:
            raise SheetError(f"{mid} is crossed, but {NEVER_CROSSED[group]}")
        if not m & FILLED:
            raise SheetError(f"{mid} is crossed but was never filled: only a filled box can be crossed off "
                             "(a box can't be both crossed and empty)")


def _check_calendar(t: ReWildingTemplate, marks: bytearray) -> int:
    """The number of years done; raises if the calendar has gaps or double ticks."""
    done = []
    for yr in t.calendar:
        ticks = [v for v, b in yr.ticks if marks[b.index] & FILLED]
        if len(ticks) > 1:
            raise SheetError(f"year {yr.year} has {len(ticks)} calendar ticks; tick exactly one of +1, 0, -1")
        done.append(bool(ticks))
    years = sum(done)
    if done != [True] * years + [False] * (len(done) - years):
        gap = done.index(False) + 1
        raise SheetError(f"year {gap} has no calendar tick but a later year has one; the calendar fills in order")
    return years


def _check_grid(t: ReWildingTemplate, marks: bytearray) -> None:
    strikable = {p for chain in t.chains.values() for p in chain} | {s.pos for s in t.squares if s.contamination}
    for sq in t.squares:
        sets = 0
        for p, w in zip(sq.plants, sq.wildlife):
            if marks[w.index] & FILLED and not marks[p.index] & FILLED:
                raise SheetError(f"{w.id} is coloured but {p.id} above it is not: wildlife only goes under a "
                                 "coloured plant")
            if bool(marks[p.index] & CROSSED) != bool(marks[w.index] & CROSSED):
                one, other = (p, w) if marks[p.index] & CROSSED else (w, p)
                raise SheetError(f"{one.id} is crossed but {other.id} is not: weather and contamination cross a "
                                 "plant and the wildlife under it together")
            sets += bool(marks[p.index] & CROSSED)
        if sets > 1:
            raise SheetError(f"{sq.id} has both sets crossed; a square is struck once at most (later strikes "
                             "follow the arrows)")
        if sets and sq.pos not in strikable:
            raise SheetError(f"{sq.id} has a crossed set, but no weather arrow reaches it and it has no "
                             "contamination number")


def _check_counts(t: ReWildingTemplate, state: State, years: int) -> None:
    m = state.marks
    for row in t.hunger.values():
        n = sum(1 for b in row.boxes if m[b.index] & FILLED)
        if n > years:
            raise SheetError(f"hunger row {row.id} has {n} filled boxes after {years} year(s); "
                             "a hunger box fills at most once a year")
    used = sum(1 for b in t.cleanup if m[b.index] & CROSSED)
    if used > years:
        raise SheetError(f"{used} clean-up boxes are crossed after {years} year(s); contamination crosses "
                         "one a year at most")
    weather = sum(1 for r in t.protection.values() for b in r.boxes if m[b.index] & CROSSED)
    if weather > years:
        raise SheetError(f"{weather} protection boxes are crossed after {years} year(s); the weather crosses "
                         "one a year at most")
    sets = tally(state).contaminated
    if sets > 2 * years:
        raise SheetError(f"{sets} sets are crossed after {years} year(s); weather and contamination cross "
                         "two a year at most")


def dump_sheet(state: State) -> dict:
    """The JSON form of a state's marks (round-trips through load_sheet at a year's start)."""
    out: dict[str, Any] = {"game": FORMAT, "version": state.template.version,
                           "filled": state.filled_ids(), "crossed": state.crossed_ids()}
    if state.variant.one_group_per_action:
        out["variant"] = {"one_group_per_action": True}
    return out


def report(state: State) -> dict:
    """Per square: habitat, plants and wildlife coloured, crossed, flora/fauna; plus the
    sheet's other counts (for --json output)."""
    t, m = state.template, state.marks
    squares = {}
    for sq in t.squares:
        p = [m[o.index] for o in sq.plants]
        wl = [m[o.index] for o in sq.wildlife]
        squares[sq.id] = {"habitat": sq.habitat,
                          "plants": sum(v == FILLED for v in p), "wildlife": sum(v == FILLED for v in wl),
                          "crossed_sets": sum(1 for k in (0, 1) if (p[k] | wl[k]) & CROSSED),
                          "flora": all(v == FILLED for v in p), "fauna": all(v == FILLED for v in wl),
                          "bare": all(v == 0 for v in p + wl)}
    years = [calendar_value(state, y) for y in range(1, t.years + 1)]
    return {"squares": squares, "calendar": [v for v in years if v is not None],
            "years_done": sum(v is not None for v in years), "over": state.over}
