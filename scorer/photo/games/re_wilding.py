"""Re-Wilding for the photo reader: every plant and wildlife outline (empty, coloured or
crossed) and every box (filled or crossed; pre-filled boxes only crossed)."""
from __future__ import annotations

import math
from dataclasses import replace
from functools import lru_cache

from sheets.sheetid import SheetId

from ...core import Score
from ...re_wilding.score import score as rew_score
from ...re_wilding.sheet_json import load_sheet, report
from ...re_wilding.template import MarkBox, Outline, load
from ..decide import CONFIDENT, OVERRULE_MAX
from ..layout import Layout, layout
from ..markmap import COLOURED, CROSSED, EMPTY, FILLED, Mark, Reading
from .by_referee import by_referee

TEMPLATE = "re_wilding"
CROSSABLE = ("ability", "protection", "cleanup")
SHADOW_CHECKS = True   # boxes and icons stand apart on plain paper (shadow.py, ruling PH19)
# the paper white on 0.6 mm blocks, which follow a shadow's tip and corners closer: on 1 mm
# ones what they cut off read as fills and colouring on held-out photos (ruling PH19)
WHITE_BLOCK_MM = 0.6
# ... smoothed over half a block (Gaussian sigma; `normalise.closed`): smoothed over a whole
# one, a shadow's sharp edge under a box's printed border ran on into the box, whose shaded
# paper read as a faint fill (judge photo re-wilding-620083; ruling PH123)
WHITE_SMOOTH = 0.5
# the least photo px per mm its sheet is read at (`pipeline.MIN_PXMM` is 2.0): of 135 photos
# once refused at 1.9-2.0, 116 read exact and one (1.6 MP) has a confident wrong mark under
# a shadow; at 1.8-1.9 three of 120 had one (ruling PH117)
MIN_PXMM = 1.9


def LAYOUT() -> Layout:  # noqa: N802 - a constant computed on first use
    return layout(TEMPLATE)


def page(sid: SheetId):
    """The blank printed page for this sheet id (pre-filled boxes in blue)."""
    from sheets import re_wilding as draw
    t = load()
    return lambda cv: draw.draw_page(cv, t, sid, None)


def outline_polygon(o: Outline) -> tuple[tuple[float, float], ...]:
    """The icon's closed outline in frame mm."""
    from sheets.re_wilding_icons import icon_points
    return tuple((o.x + px * o.w, o.y + py * o.h) for px, py in icon_points(o.kind))


@lru_cache(maxsize=4)
def mark_map(sid: SheetId) -> tuple[Mark, ...]:
    """Every outline and box of the sheet, as marks."""
    t = load()
    marks = []
    for mid, group in zip(t.ids, t.group_of):
        mk = t.markables[mid]
        if isinstance(mk, Outline):
            c, r = mk.square
            marks.append(Mark(mid, "outline", outline_polygon(mk), (EMPTY, COLOURED, CROSSED), f"sq-{c}-{r}",
                              f"the {mk.kind} ({'plant' if mk.part == 'plant' else 'wildlife'} {mk.slot}) in "
                              f"square ({c},{r})", (mk.x, mk.y, mk.w, mk.h), mk.kind))
        elif isinstance(mk, MarkBox):
            if mk.prefilled and group not in CROSSABLE:
                continue             # printed filled and never crossed: nothing to read
            if group in CROSSABLE:
                states = (FILLED, CROSSED) if mk.prefilled else (EMPTY, FILLED, CROSSED)
            else:
                states = (EMPTY, FILLED)
            marks.append(Mark(mid, "fillbox", (mk.x, mk.y, mk.w, mk.h), states, group,
                              f"box {mid}" + (" (printed filled)" if mk.prefilled else "")))
    return tuple(marks)


def to_sheet(sid: SheetId, states: dict[str, str]) -> dict:
    """The Re-Wilding sheet JSON (filled and crossed ids) for these mark states."""
    t = load()
    filled, crossed = [], []
    for mid in t.ids:
        st = states.get(mid, EMPTY)
        mk = t.markables[mid]
        if isinstance(mk, Outline):
            if st == COLOURED:
                filled.append(mid)
            elif st == CROSSED:
                crossed.append(mid)
        else:
            if st in (FILLED, CROSSED) and not mk.prefilled:
                filled.append(mid)
            if st == CROSSED:
                crossed.append(mid)
    return {"game": "re-wilding", "version": t.version, "filled": filled, "crossed": crossed,
            "sheet_id": sid.encode()}


def referee(sheet: dict) -> tuple[Score, dict]:
    """Validate and score; raises SheetError for marks the rules can't produce."""
    state = load_sheet(sheet)
    return rew_score(state), report(state)


SET_DISAGREES = 0.75   # the confidence left to each outline of a set read half crossed


def settle(readings: list[Reading], sid: SheetId | None = None) -> list[Reading]:
    """Where the rules tie marks together: sets crossed together (`settle_sets`), the
    calendar ticked once a year, in order (`settle_calendar`, `settle_years`), each row of boxes filled and
    crossed from the left (`settle_rows`), and a plant with the wildlife under it
    (`settle_pairs`). Sure readings that break a row's order or a set's pairs are doubted
    first (`doubt_orders`), so that no settle rests on them. Last, the unsure marks left (up
    to three) take the only combination of states the referee accepts (PH105, `by_referee`)."""
    out = settle_pairs(settle_rows(settle_years(settle_calendar(settle_sets(doubt_orders(readings))))))
    if sid is not None:
        done = by_referee(out, sid, to_sheet, referee, lambda r: r.confidence, LEAN_MIN, OVERRULE_MAX)
        out = [done.get(r.mark.id, r) for r in out]
    return out


ORDER_BROKEN = 0.5   # the confidence left to each of two sure readings the rules can't both have


def _sure(r: Reading | None) -> bool:
    """Whether there is a reading and it is made with confidence."""
    return r is not None and not r.unsure


def _read_sure(r: Reading | None) -> bool:
    """Whether a reading is sure, or made unsure only by PH189's even tip where its photo
    evidence was sure (`probs`): that doubt is a guess at a tip ending inside the box, and
    it must not let a sure box it clashes with settle it (PH195)."""
    return r is not None and (not r.unsure or "even_tip" in r.evidence
                              and r.evidence.get("probs", {}).get(r.state, 0.0) >= CONFIDENT)


def doubt_orders(readings: list[Reading]) -> list[Reading]:
    """Two readings the rules can't both have are unsure, each with the other's state as
    its alternative (ruling PH54): a box marked more than a box before it in its row
    (`settle_rows`' order), or wildlife coloured under an empty plant (`SET_STATES`). One of
    them is misread, or the player broke a rule; either way a person should look. So are
    calendar readings that break its rules (`_calendar_clashes`, PH110). (A set half crossed
    is `settle_sets`' case.) A box PH189 doubts on sure evidence counts as sure here (PH195)."""
    by_id = {r.mark.id: r for r in readings}
    clash: dict[str, Reading] = {}     # id -> the reading it clashes with
    for ids in box_rows():
        row = [r for r in (by_id.get(i) for i in ids) if _read_sure(r)]
        for k, a in enumerate(row):
            for b in row[k + 1:]:
                if RANK[b.state] > RANK[a.state]:
                    clash.setdefault(a.mark.id, b)
                    clash.setdefault(b.mark.id, a)
    for a, b in _calendar_clashes(by_id):
        clash.setdefault(a.mark.id, b)
    for r in readings:
        wild = by_id.get(_mate(r.mark.id)) if r.mark.kind == "outline" and "-plant-" in r.mark.id else None
        if _sure(r) and _sure(wild) and CROSSED not in (r.state, wild.state) and (r.state, wild.state) not in SET_STATES:
            clash.setdefault(r.mark.id, wild)
            clash.setdefault(wild.mark.id, r)
    out = []
    for r in readings:
        o = clash.get(r.mark.id)
        if o is not None:
            if o.state == r.state:          # two ticks in a year: either may be blank
                alt = r.mark.states[0]
            else:
                alt = o.state if o.state in r.mark.states else r.alternative
            r = replace(r, unsure=True, alternative=alt, confidence=min(r.confidence, ORDER_BROKEN),
                        evidence={**r.evidence, "order_broken": o.mark.id})
        out.append(r)
    return out


def _calendar_years(by_id: dict[str, Reading]) -> list[list[Reading]] | None:
    """The calendar's readings, year by year (+1, 0, -1), or None where a box is missing."""
    years = [[by_id.get(b.id) for _, b in yr.ticks] for yr in load().calendar]
    return None if any(r is None for yr in years for r in yr) else years


def _calendar_clashes(by_id: dict[str, Reading]) -> list[tuple[Reading, Reading]]:
    """Sure calendar readings the calendar's rules (one tick a year, years in order: RE21)
    can't have together (PH110), as (reading, the one it clashes with): two ticks in one
    year, each with the other; and a year read empty in all three boxes before a ticked
    year, each box with the first tick after it, and that tick with the year's first box."""
    years = _calendar_years(by_id)
    if years is None:
        return []
    ticks = [[r for r in yr if _sure(r) and r.state == FILLED] for yr in years]
    out = []
    for yt in ticks:
        out += [(a, b) for a in yt for b in yt if a is not b]
    for y, yr in enumerate(years):
        later = next((t[0] for t in ticks[y + 1:] if t), None)
        if later is not None and all(_sure(r) and r.state == EMPTY for r in yr):
            out += [(r, later) for r in yr] + [(later, yr[0])]
    return out


# what a plant and the wildlife under it (a set, RE14) may be together: wildlife is coloured
# only under a coloured plant (RE8, RE9), and weather and contamination cross both (RE14, RE21)
SET_STATES = {(EMPTY, EMPTY), (COLOURED, EMPTY), (COLOURED, COLOURED), (CROSSED, CROSSED)}


def _mate(mid: str) -> str:
    """The other outline of an outline's set: the wildlife under a plant, or the plant over it."""
    return mid.replace("-plant-", "-wild-") if "-plant-" in mid else mid.replace("-wild-", "-plant-")


# where sure readings and the rules leave an unsure mark one state, the photo need only lean
# to it, at even odds or better (PH89 for sets, PH90 for rows and the calendar: on 6,400
# photos the 8 outlines and about 40 boxes so settled at 0.5-0.9 were all right). Raging
# Waters keeps `decide.SETTLE_MIN`
LEAN_MIN = 0.5


def settle_pairs(readings: list[Reading]) -> list[Reading]:
    """An unsure outline settled by the other outline of its set (ruling PH51): where the
    other is read with confidence and the set's rules leave this one a single state (under
    an empty plant the wildlife is empty; over coloured wildlife the plant is coloured; a
    crossed one's mate is crossed), the photo favours it (p >= LEAN_MIN) and so it is
    taken, as sure as the mate's reading, named in its evidence; otherwise it stays unsure."""
    by_id = {r.mark.id: r for r in readings}
    out = []
    for r in readings:
        mate = by_id.get(_mate(r.mark.id)) if r.mark.kind == "outline" else None
        if mate is None or not r.unsure or mate.unsure or r.confidence < LEAN_MIN:
            out.append(r)
            continue
        plant = "-plant-" in r.mark.id
        legal = [st for st in r.mark.states if ((st, mate.state) if plant else (mate.state, st)) in SET_STATES]
        conf, st = mate.confidence, r.state
        if len(legal) == 1 and lean(r, legal[0]) >= LEAN_MIN:
            st = legal[0]
        else:
            # the set rules a state out: the photo, given what is left, may be sure (PH97)
            p = given_legal(r, legal) if len(legal) > 1 else None
            if p is None or p < CONFIDENT:
                out.append(r)
                continue
            conf = min(p, conf)
        why = f"{mate.mark.id} {'under' if plant else 'over'} it is {mate.state}"
        out.append(replace(r, state=st, confidence=conf, unsure=False, alternative=None,
                           evidence={**r.evidence, "ruled_out": why}))
    return out


# a row's boxes in the order the rules mark them: filled from the left, crossed from the left
RANK = {EMPTY: 0, FILLED: 1, CROSSED: 2}


@lru_cache(maxsize=1)
def box_rows() -> tuple[tuple[str, ...], ...]:
    """Every row of boxes the rules fill from the left (RE5, RE10) and cross from the left
    (RE4, RE13, RE16): abilities, protection, clean-up and hunger, as ids left to right."""
    t = load()
    rows = [r.boxes for r in t.abilities.values()] + [r.boxes for r in t.protection.values()]
    rows += [t.cleanup] + [r.boxes for r in t.hunger.values()]
    return tuple(tuple(b.id for b in row) for row in rows)


def shadowed(r: Reading) -> bool:
    """Whether a shadow's doubt capped the reading (`shadow.doubt`, `shadow.graded`), or a
    smear's (PH112): the shadow or the ink run in may be all that darkens it, so its doubt
    lies between the state read and the blank state only (PH109)."""
    return (r.shadowed or r.smeared) and r.alternative == r.mark.states[0]


def lean(r: Reading, st: str) -> float:
    """How far the photo leans to state `st` of an unsure reading: its confidence where `st`
    is the state read, what is left of it where `st` is its runner-up (even odds under a
    shadow's cap, PH109), else 0."""
    if r.state == st:
        return r.confidence
    return 1.0 - r.confidence if r.alternative == st else 0.0


def _capped(r: Reading) -> bool:
    """Whether a cap (what the photo cannot see, a doubt) lowered a reading's confidence
    below its evidence's per-state `probs`."""
    probs = r.evidence.get("probs")
    return probs is not None and r.state in probs and abs(r.confidence - probs[r.state]) > 1e-9


def against_order(r: Reading, legal: list[str], c: float) -> tuple[str, float | None]:
    """The most likely state the rules leave an unsure reading whose own state they rule
    out, and its probability, where the readings ruling it out are right with probability
    `c`: its evidence's per-state `probs` weighted by `c` for the states left and by 1 - c
    for the others (as `raging_waters.odds_together` weighs a berm's). (state, None) where
    it has no such figures, or a cap lowered its confidence below them (`given_legal`)."""
    probs = r.evidence.get("probs")
    if not legal:       # the sure boxes contradict each other (PH54 doubts them)
        return r.state, None
    st = max(legal, key=lambda s: probs.get(s, 0.0)) if probs else legal[0]
    if not probs or _capped(r):
        return st, None
    w = {s: q * (c if s in legal else 1.0 - c) for s, q in probs.items()}
    total = sum(w.values())
    return st, (w.get(st, 0.0) / total if total > 0 else None)


def given_legal(r: Reading, legal: list[str]) -> float | None:
    """The probability of a reading's state among the states the rules leave it (its
    evidence's per-state `probs`, renormalised), or None where it has no such figures, its
    state is not among them, or a cap (what the photo cannot see, a doubt) lowered its
    confidence below them: a cap's doubt is not one the rules can lift. A shadow's cap is
    the exception where the rules rule out the blank state, the one its doubt is about (PH109)."""
    probs = r.evidence.get("probs")
    if not probs or r.state not in legal or _capped(r) and not (shadowed(r) and r.mark.states[0] not in legal):
        return None
    total = sum(probs.get(st, 0.0) for st in legal)
    return probs[r.state] / total if total > 0 else None


def settle_rows(readings: list[Reading]) -> list[Reading]:
    """An unsure box settled by its row's order (ruling PH50): boxes are filled from the left
    and crossed from the left, so along a row no box is marked more than the one before it
    (crossed, then filled, then empty). Boxes read with confidence bound an unsure one from
    both sides: no less than the most marked sure box after it, no more than the least
    marked sure box before it. Where that leaves one of its states, the photo favours it
    (p >= LEAN_MIN) and so it is taken, as sure as the least sure reading it rests on,
    with them named in its evidence. Where it leaves two, the photo's probability among
    them (`given_legal`) may reach CONFIDENT (PH97: a filled box in a blurred photo, unsure
    only whether it is crossed, after a box that is only filled). Where the state read is
    one the sure boxes rule out, their odds weigh against the photo's (`against_order`,
    PH131). Anything else stays unsure (as PH20)."""
    by_id = {r.mark.id: r for r in readings}
    out = dict(by_id)
    for ids in box_rows():
        row = [by_id.get(i) for i in ids]
        for k, r in enumerate(row):
            if r is None or not r.unsure or r.confidence < LEAN_MIN:
                continue
            after = [o for o in row[k + 1:] if _sure(o)]
            before = [o for o in row[:k] if _sure(o)]
            low = max(after, key=lambda o: RANK[o.state], default=None)
            high = min(reversed(before), key=lambda o: RANK[o.state], default=None)
            lo, hi = (RANK[low.state] if low else 0), (RANK[high.state] if high else 2)
            legal = [st for st in r.mark.states if lo <= RANK[st] <= hi]
            ranks = [RANK[st] for st in r.mark.states]
            st = r.state
            if len(legal) == 1 and lean(r, legal[0]) >= LEAN_MIN:
                # the sure boxes that leave it no other state: one before it as little marked,
                # where it could be more; one after it as much marked, where it could be less
                st = legal[0]
                rests = [o for o, bound in ((high, max(ranks)), (low, min(ranks)))
                         if o is not None and RANK[o.state] == RANK[st] != bound]
                conf = min(o.confidence for o in rests)
            else:
                # the order rules a state out: the photo, given what is left, may be sure (PH97)
                rests = [o for o, bound in ((high, max(ranks)), (low, min(ranks)))
                         if o is not None and RANK[o.state] != bound]
                p = given_legal(r, legal)
                if p is None and r.state not in legal and rests:
                    # the photo leans to a state the sure boxes rule out: their odds against
                    # its own, each right as sure as it was read (PH131)
                    st, p = against_order(r, legal, math.prod(o.confidence for o in rests))
                if p is None or p < CONFIDENT:
                    continue
                conf = min([p] + [o.confidence for o in rests])
            why = " and ".join(f"{o.mark.id} {'before' if o is high else 'after'} it is {o.state}" for o in rests)
            out[r.mark.id] = replace(r, state=st, confidence=conf, unsure=False,
                                     alternative=None, evidence={**r.evidence, "ruled_out": why})
    return [out[r.mark.id] for r in readings]


def settle_calendar(readings: list[Reading]) -> list[Reading]:
    """An unsure calendar box settled by the calendar's rules (RE21, ruling PH20): one tick
    a year, years in order. It must be empty where another box of its year is ticked, or an
    earlier year has none of its three ticked; it must be filled where the other two of its
    year are empty and a later year is ticked. Each fact must be read with confidence; the
    box takes that state only where its own reading favours it (p >= LEAN_MIN), as sure
    as the least sure reading the rule rests on, with them named in its evidence. Anything
    else stays unsure: a sheet may break a rule, and a person should look then."""
    by_id = {r.mark.id: r for r in readings}
    years = _calendar_years(by_id)
    if years is None:
        return readings
    sure = lambda r, st: r.state == st and not r.unsure  # noqa: E731
    out = dict(by_id)
    for y, yr in enumerate(years):
        blank = next((e for e in range(y) if all(sure(o, EMPTY) for o in years[e])), None)
        later = next((o for e in years[y + 1:] for o in e if sure(o, FILLED)), None)
        for r in yr:
            if not r.unsure or r.confidence < LEAN_MIN:
                continue
            others = [o for o in yr if o is not r]
            tick = next((o for o in others if sure(o, FILLED)), None)
            if tick is not None:
                legal, rests, why = EMPTY, [tick], f"{tick.mark.id} is ticked in year {y + 1}"
            elif blank is not None:
                legal, rests, why = EMPTY, years[blank], f"year {blank + 1} has no tick"
            elif later is not None and all(sure(o, EMPTY) for o in others):
                legal, rests = FILLED, others + [later]
                why = f"{later.mark.id} is ticked later and the rest of year {y + 1} is empty"
            else:
                continue
            if lean(r, legal) >= LEAN_MIN:
                out[r.mark.id] = replace(r, state=legal, confidence=min(o.confidence for o in rests), unsure=False,
                                         alternative=None, evidence={**r.evidence, "ruled_out": why})
    return [out[r.mark.id] for r in readings]


def settle_years(readings: list[Reading]) -> list[Reading]:
    """A year of the calendar with no tick read with confidence, and unsure boxes (ruling
    PH111): the year holds one tick (RE21's one a year; a game is ten years), so its boxes
    are weighed together. Each box's odds of being the tick (its p of filled, times the
    others' p of empty) over the three's: where one box takes CONFIDENT or more of them and
    is unsure, it is filled and the year's other unsure boxes empty, that sure, with the
    reason in their evidence. A box read empty with confidence never becomes the tick."""
    by_id = {r.mark.id: r for r in readings}
    years = _calendar_years(by_id)
    if years is None:
        return readings
    out = dict(by_id)
    for y, yr in enumerate(years):
        if not any(r.unsure for r in yr) or any(_sure(r) and r.state != EMPTY for r in yr):
            continue
        filled = [lean(r, FILLED) if r.unsure else 1.0 - r.confidence for r in yr]
        odds = [p * math.prod(1.0 - q for j, q in enumerate(filled) if j != i) for i, p in enumerate(filled)]
        k = max(range(len(yr)), key=odds.__getitem__)
        p = odds[k] / sum(odds) if sum(odds) > 0 else 0.0
        if p < CONFIDENT or not yr[k].unsure:
            continue
        why = f"year {y + 1} holds one tick, and the photo puts it in {yr[k].mark.id} at p = {p:.4f}"
        for i, r in enumerate(yr):
            if r.unsure:
                out[r.mark.id] = replace(r, state=FILLED if i == k else EMPTY, confidence=p, unsure=False,
                                         alternative=None, evidence={**r.evidence, "ruled_out": why})
    return [out[r.mark.id] for r in readings]


# a set's larger cross arms (`marks.cross_contrasts`, measured under 7 px per mm) from which
# the set is crossed (PH96): on 6,000 Re-Wilding photos the 16,787 crossed sets so measured
# reach at least 0.211, the 281,413 others at most 0.166
SET_ARMS = 0.19
SET_CROSSED_P = 1.0 - 3 / 281413    # none of the uncrossed sets reached it (the rule of three)
SET_UNCROSSED_P = 1.0 - 3 / 16787   # none of the crossed sets fell short of it


def arms_verdict(r: Reading, other: Reading) -> tuple[bool, float] | None:
    """Whether a set is crossed by its larger cross arms, and how surely; None where either
    outline's arms were not measured (photos of 7 px per mm and more)."""
    if "arms" not in r.evidence or "arms" not in other.evidence:
        return None
    crossed = max(r.evidence["arms"], other.evidence["arms"]) >= SET_ARMS
    return crossed, SET_CROSSED_P if crossed else SET_UNCROSSED_P


def settle_sets(readings: list[Reading]) -> list[Reading]:
    """Weather and contamination cross a plant and the wildlife under it together (RE14):
    where one of a set reads crossed and the other does not, one reading is wrong (or the
    player broke that rule). Where the set's cross arms side with its sure reading, the
    unsure one takes that side (PH96); otherwise both are reported unsure, each with the
    other reading."""
    by_id = {r.mark.id: r for r in readings}
    out = []
    for r in readings:
        mid = r.mark.id
        other = by_id.get(_mate(mid))
        if r.mark.kind != "outline" or other is None or (r.state == CROSSED) == (other.state == CROSSED):
            out.append(r)
            continue
        verdict = arms_verdict(r, other)
        if verdict is not None and r.unsure != other.unsure and verdict[0] == (
                (r if other.unsure else other).state == CROSSED):
            # the arms side with the sure reading: it stands, and the unsure one follows it
            if r.unsure:
                st = CROSSED if verdict[0] else (r.alternative if r.alternative not in (None, CROSSED) else COLOURED)
                why = f"{other.mark.id} is {other.state}, and the set's cross arms agree"
                r = replace(r, state=st, confidence=min(other.confidence, verdict[1]), unsure=False,
                            alternative=None, evidence={**r.evidence, "ruled_out": why})
            out.append(r)
            continue
        alt = (r.alternative if r.alternative not in (None, CROSSED) else COLOURED) if r.state == CROSSED else CROSSED
        out.append(replace(r, confidence=min(r.confidence, SET_DISAGREES), unsure=True, alternative=alt,
                           evidence={**r.evidence, "set_disagrees": other.mark.id}))
    return out
