"""Raging Waters for the photo reader: berms as ruler lines, left boxes, backhoes, and on
``--setup blank`` sheets the hand-drawn house dots and swamp squares."""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from sheets.sheetid import SheetId

from ...core import Score
from ...errors import HighwaterError
from ...raging_waters import geometry, rules, score as rw_score
from ...raging_waters.sheet_json import load_sheet, report
from ...raging_waters.template import LATTICE, load
from ..decide import CONFIDENT, OVERRULE_MAX, SETTLE_MIN, seen_favours
from ..layout import Layout, layout
from .by_referee import by_referee
from ..markmap import EMPTY, MARKED, Mark, Reading

TEMPLATE = "raging_waters"
# no shadow checks (shadow.py): berms drawn all over a map and meeting at its piles leave
# no plain paper a stripe could be told by; and the paper white stays on 1 mm blocks, where
# its berm curve was fitted (ruling PH19)
SHADOW_CHECKS = False
# the least photo px per mm its sheet is read at (`pipeline.MIN_PXMM` for the others): its
# berms and house dots are large; the 288 fresh photos refused at 1.55-2.0 px/mm read 84 %
# exact and no mark confidently wrong (ruling PH78)
MIN_PXMM = 1.8


def LAYOUT() -> Layout:  # noqa: N802 - a constant computed on first use
    return layout(TEMPLATE)


def page(sid: SheetId):
    """The blank printed page for this sheet id, as a page function (frame mm)."""
    from sheets import raging_waters as draw
    t = load()
    state = rules.rolled_setup(sid.seed) if sid.setup == "rolled" else None
    return lambda cv: draw.draw_page(cv, t, sid, state, setup=sid.setup == "rolled")


@lru_cache(maxsize=4)
def mark_map(sid: SheetId) -> tuple[Mark, ...]:
    """Every mark to read on this sheet."""
    t = load()
    marks: list[Mark] = []
    for mt in t.maps:
        for p, q in geometry.pile_pairs(mt):
            x0, y0 = mt.to_mm(*p.point)
            x1, y1 = mt.to_mm(*q.point)
            marks.append(Mark(f"{mt.id}/berm/{p.id}-{q.id}", "line", (x0, y0, x1, y1), group=mt.id,
                              label=f"berm {p.id}-{q.id} in {mt.name}"))
        lb = mt.left_box
        marks.append(Mark(f"{mt.id}/left", "box", (lb.x, lb.y, lb.w, lb.h), group=mt.id,
                          label=f"the LEFT box of {mt.name}"))
        if sid.setup == "blank":
            for c in range(1, LATTICE + 1):
                for r in range(1, LATTICE + 1):
                    x, y = mt.to_mm(c, r)
                    marks.append(Mark(f"{mt.id}/house/{c},{r}", "dot", (x, y, mt.pitch), group=mt.id,
                                      label=f"a house dot at ({c},{r}) in {mt.name}"))
            for c in range(2, LATTICE + 1):
                for r in range(2, LATTICE + 1):
                    x, y = mt.to_mm(c - 1, r)
                    marks.append(Mark(f"{mt.id}/swamp/{c},{r}", "cell", (x, y, mt.pitch, mt.pitch),
                                      group=mt.id, label=f"a swamp square at ({c},{r}) in {mt.name}"))
    for i in range(t.backhoes):
        b = t.boxes[f"backhoe-{i + 1}"]
        marks.append(Mark(f"backhoe-{i + 1}", "box", (b.x, b.y, b.w, b.h), group="backhoes",
                          label=f"backhoe {i + 1}"))
    return tuple(marks)


def to_sheet(sid: SheetId, states: dict[str, str]) -> dict:
    """The sheet JSON (docs/formats.md) for these mark states."""
    t = load()
    rolled = rules.rolled_setup(sid.seed) if sid.setup == "rolled" else None
    subs = {}
    for i, mt in enumerate(t.maps):
        if rolled is not None:
            houses = [list(h) for h in rolled.maps[i].houses]
            swamps = [list(s) for s in rolled.maps[i].swamps]
        else:
            houses = [[c, r] for c in range(1, LATTICE + 1) for r in range(1, LATTICE + 1)
                      if states.get(f"{mt.id}/house/{c},{r}") == MARKED]
            swamps = [[c, r] for c in range(2, LATTICE + 1) for r in range(2, LATTICE + 1)
                      if states.get(f"{mt.id}/swamp/{c},{r}") == MARKED]
        berms = [[p.id, q.id] for p, q in geometry.pile_pairs(mt)
                 if states.get(f"{mt.id}/berm/{p.id}-{q.id}") == MARKED]
        subs[mt.id] = {"houses": houses, "swamps": swamps, "berms": berms,
                       "left": states.get(f"{mt.id}/left") == MARKED}
    crossed = sum(states.get(f"backhoe-{i + 1}") == MARKED for i in range(t.backhoes))
    return {"game": "raging-waters", "version": t.version, "backhoes_crossed": crossed,
            "subdivisions": subs, "sheet_id": sid.encode()}


def referee(sheet: dict) -> tuple[Score, dict]:
    """Validate and score a sheet dict; raises SheetError for an illegal sheet."""
    state = load_sheet(sheet)
    return rw_score(state), report(state)


RULE_BROKEN = 0.5   # the confidence left to each sure reading of a set the rules can't all have


_PRINTED = {"dot": "house", "cell": "swamp"}


def printed_spots(sid: SheetId | None) -> list[list[tuple[str, tuple[int, int]]]]:
    """Per subdivision, the houses ("dot") and swamps ("cell") printed on a ``--setup rolled``
    sheet; empty lists for a blank sheet (or no sheet id)."""
    t = load()
    if sid is None or sid.setup != "rolled":
        return [[] for _ in t.maps]
    rolled = rules.rolled_setup(sid.seed)
    return [[("dot", tuple(h)) for h in m.houses] + [("cell", tuple(c)) for c in m.swamps] for m in rolled.maps]


def doubt_rules(readings: list[Reading], sid: SheetId | None = None) -> list[Reading]:
    """Sure readings that together break a rule are all unsure (ruling PH60), as Re-Wilding's
    `doubt_orders` does (PH54): one of them is misread, or the player broke the rule, and
    either way a person should look; but where one house too many is read and exactly one of
    them breaks a second rule, that one is empty (PH98, `extra_house`). The rules: a dirt
    pile is used at most twice (RW21); and
    on a ``--setup blank`` sheet a subdivision has exactly its number of houses and at most
    its number of swamps (RW5, RW21), no berm goes through a house or a swamp's inside (RW7,
    RW8), and no house stands on a swamp's corner (RW4). Too few houses read, with no point
    of the subdivision unsure, doubts the empty points a drawn line runs through, where a
    dot may swell the line too little to see (PH179); a place with no line through it shows
    a dot plainly, so no other reading is singled out by the count. On a ``--setup rolled``
    sheet a berm through a printed house or swamp is doubted alone (PH107). A doubted berm's
    fellows that the ends of its ink emptied (`berms.settle_families`) are doubted with it:
    the ink may be theirs (PH107).
    Runs before `settle`, so no settle rests on them."""
    t = load()
    sure = [r for r in readings if not r.unsure and r.state == MARKED]
    why: dict[str, str] = {}
    extra: dict[str, tuple[list[Reading], str]] = {}   # id -> (the readings that rule it out, why)
    for mt, printed in zip(t.maps, printed_spots(sid)):
        mine = [r for r in sure if r.mark.group == mt.id]
        for b in (r for r in mine if r.mark.kind == "line"):
            for kind, spot in printed:
                if _through(mt, b.mark.id, spot, kind, t.house_radius):
                    why.setdefault(b.mark.id, f"it would go through the {_PRINTED[kind]} printed at "
                                              f"({spot[0]},{spot[1]}) in {mt.name}")
        one = extra_house(mt, mine, t.house_radius)
        if one is not None:
            extra[one[0].mark.id] = one[1:]
            mine = [r for r in mine if r is not one[0]]
        berms = [r for r in mine if r.mark.kind == "line"]
        piles: dict[str, list[Reading]] = {}
        for b in berms:
            for pile in _piles(b.mark.id):
                piles.setdefault(pile, []).append(b)
        for pile, used in piles.items():
            if len(used) > 2:
                for b in used:
                    why.setdefault(b.mark.id, f"pile {pile} would be used {len(used)} times")
        for kind, need, what in (("dot", mt.houses, "houses"), ("cell", mt.swamps, "swamps")):
            spots = [r for r in mine if r.mark.kind == kind]
            if len(spots) > need:
                for r in spots:
                    why.setdefault(r.mark.id, f"{len(spots)} {what} would be in {mt.name}, not {need}")
            for r in spots:
                for b in berms:
                    if _through(mt, b.mark.id, _spot(r.mark.id), kind, t.house_radius):
                        why.setdefault(r.mark.id, f"{b.mark.name} would go through it")
                        why.setdefault(b.mark.id, f"it would go through {r.mark.name}")
        for h in (r for r in mine if r.mark.kind == "dot"):
            for c in (r for r in mine if r.mark.kind == "cell"):
                if geometry.house_point(_spot(h.mark.id)) in geometry.swamp_corners(_spot(c.mark.id)):
                    why.setdefault(h.mark.id, f"it would stand on a corner of {c.mark.name}")
                    why.setdefault(c.mark.id, f"{h.mark.name} would stand on its corner")
    for mt in t.maps:
        # too few houses read, none of the subdivision's points in doubt: a house drawn on
        # a line may swell it too little to see; the empty points a line runs through are
        # where it may be, and are doubted (PH179)
        dots = [r for r in readings if r.mark.group == mt.id and r.mark.kind == "dot"]
        drawn = sum(r.state == MARKED for r in dots)
        if dots and drawn < mt.houses and not any(r.unsure for r in dots):
            for r in dots:
                if r.state == EMPTY and r.evidence.get("lines_through", 0) >= 1:
                    why.setdefault(r.mark.id, f"{drawn} houses read in {mt.name}, not {mt.houses}: "
                                              "a house may hide under the line here")
    by_id = {r.mark.id: r for r in readings}
    for bid in [k for k in why if by_id[k].mark.kind == "line"]:
        for fid in by_id[bid].evidence.get("family", ()):
            f = by_id.get(fid)
            if f is not None and f is not by_id[bid] and not f.unsure and f.state == EMPTY \
                    and f.evidence.get("explained_by_ends"):
                why.setdefault(fid, f"its ink was given to {by_id[bid].mark.name}, which breaks a rule")
    out = []
    for r in readings:
        if r.mark.id in extra:
            rests, reason = extra[r.mark.id]
            r = replace(r, state=EMPTY, unsure=False, alternative=None,
                        confidence=min(x.confidence for x in rests),
                        evidence={**r.evidence, "ruled_out": reason})
        elif r.mark.id in why:
            r = replace(r, unsure=True, alternative=EMPTY if r.state == MARKED else MARKED,
                        confidence=min(r.confidence, RULE_BROKEN),
                        evidence={**r.evidence, "rule_broken": why[r.mark.id]})
        out.append(r)
    return out


def extra_house(mt, mine: list[Reading], radius) -> tuple[Reading, list[Reading], str] | None:
    """One house too many read with confidence in a subdivision, where exactly one of them
    also breaks a second rule with a sure reading (a berm through it, RW7; a swamp it would
    stand on the corner of, RW4): that one, the readings that rule it out and why (PH98).
    One misread explains both broken rules; any other reading of the sheet needs two."""
    dots = [r for r in mine if r.mark.kind == "dot"]
    if len(dots) != mt.houses + 1:
        return None
    found = []
    for d in dots:
        spot = _spot(d.mark.id)
        by = [b for b in mine if b.mark.kind == "line" and _through(mt, b.mark.id, spot, "dot", radius)]
        by += [c for c in mine if c.mark.kind == "cell"
               and geometry.house_point(spot) in geometry.swamp_corners(_spot(c.mark.id))]
        if by:
            found.append((d, by))
    if len(found) != 1:
        return None
    d, by = found[0]
    others = [x for x in dots if x is not d]
    what = "; ".join(f"{b.mark.name} {'runs through it' if b.mark.kind == 'line' else 'has a corner there'}" for b in by)
    return d, others + by, f"{len(dots)} houses would be in {mt.name}, not {mt.houses}, and {what}"


def settle(readings: list[Reading], sid: SheetId | None = None) -> list[Reading]:
    """On a ``--setup blank`` sheet, settle an unsure house dot or swamp square where the
    rules leave it one legal state. A subdivision has exactly its number of houses and at
    most its number of swamps (RW21, RW5), no berm goes through a house or a swamp's
    inside (RW7, RW8), and no house stands on a swamp's corner (RW4).

    - A house dot favoured empty at a corner of a square read as a swamp with confidence is
      empty (shading there hides the point; PH25).
    - Its count read with confidence elsewhere, a spot read empty is empty where a berm read
      with confidence runs through it (a house there would break two rules at once, PH17),
      or where what the photo shows of it favours empty (p >= SETTLE_MIN before the caps for
      a dot hidden under a line or a place mostly covered, `seen_favours`; PH21, PH25); a
      spot read marked is empty where the photo favours it no more than OVERRULE_MAX (PH95).
    - One house missing, every other point read with confidence, the one unsure point is the
      house where the photo favours it or favours empty no more than OVERRULE_MAX (PH21,
      PH94: a line hides the point or swells there), unless a berm read with confidence runs
      through it (the rules then disagree, and a person should look).
    - A finished sheet not over at Delta has all its backhoes crossed (PH104,
      `last_backhoes`); the unsure marks of a sheet (up to three) take the only combination
      of states the referee accepts (PH105, `by_referee`).
    - An unsure berm read as drawn through a house or swamp read with confidence is empty
      where the odds of both readings together say so with confidence (PH99, `blocked_berm`);
      so is an unsure berm at a pile two sure berms already use (PH100, `full_pile`).

    It is as sure as the least sure of the readings it rests on, named in its evidence.
    Anything short of that stays unsure.
    """
    readings = doubt_rules(readings, sid)
    t = load()
    out = {r.mark.id: r for r in readings}
    for mt in t.maps:
        mine = [r for r in readings if r.mark.group == mt.id]
        berms = [r for r in mine if r.mark.kind == "line" and r.state == MARKED and not r.unsure]
        swamps = [r for r in mine if r.mark.kind == "cell" and r.state == MARKED and not r.unsure]
        for kind, need, exact in (("dot", mt.houses, True), ("cell", mt.swamps, False)):
            spots = [r for r in mine if r.mark.kind == kind]
            open_ = [r for r in spots if r.unsure]
            sure = [r for r in spots if r.state == MARKED and not r.unsure]
            what = "houses" if kind == "dot" else "swamps"
            # the open points the photo does not already favour empty (PH25's bar): where one
            # house is missing and one such point is left, it is the house (PH102)
            cands = [x for x in open_ if not (x.state == EMPTY and seen_favours(x) >= SETTLE_MIN)] \
                if len(open_) > 1 else open_
            last = cands[0] if exact and len(sure) == need - 1 and len(cands) == 1 else None
            last_ok = last is not None and last_fits(last, berms, mt, t.house_radius)
            for r in open_:
                spot = _spot(r.mark.id)
                through = [b for b in berms if _through(mt, b.mark.id, spot, kind, t.house_radius)]
                corner = [c for c in swamps if kind == "dot"
                          and geometry.house_point(spot) in geometry.swamp_corners(_spot(c.mark.id))]
                state = r.state
                if r.state == EMPTY and corner:
                    by = max(corner, key=lambda c: c.confidence)
                    rests, why = [by], f"it is a corner of {by.mark.name}, and no house stands there"
                elif sure and len(sure) >= need and (
                        r.state == EMPTY and (through or seen_favours(r) >= SETTLE_MIN)
                        or r.state == MARKED and r.confidence <= OVERRULE_MAX):
                    # one more would break the count; a mark the photo can't judge is not it (PH95)
                    rests, why, state = sure, f"{len(sure)} {what} read in {mt.name}", EMPTY
                    if r.state != EMPTY:
                        why += f"; the photo alone leaned to one more at p = {r.confidence:.2f}"
                    if through:
                        by = max(through, key=lambda b: b.confidence)
                        rests, why = sure + [by], f"{why}; {by.mark.name} runs through it"
                elif r is last and last_ok:
                    # the last house: the count leaves it no other state (PH94, PH102)
                    # (the other unsure points, favoured empty, are PH25's to settle: as there,
                    # the photo need only not contradict the count)
                    rests, state = [x for x in spots if x is not r and not x.unsure], MARKED
                    why = f"{len(sure)} other {what} read in {mt.name}, and {need} are drawn"
                    if len(open_) > 1:
                        why += "; the other unsure points are favoured empty"
                    if r.state != MARKED:
                        why += f"; the photo alone leaned to empty at p = {r.confidence:.2f}"
                elif last_ok and r is not last:
                    # with the last house found, the count is full (PH102, as PH25)
                    rests, why = sure, f"{last.mark.name} is the last of {need} {what}"
                else:
                    continue
                out[r.mark.id] = replace(r, state=state, confidence=min(x.confidence for x in rests),
                                         unsure=False, alternative=None,
                                         evidence={**r.evidence, "ruled_out": why})
    for mt, printed in zip(t.maps, printed_spots(sid)):
        mine = [x for x in out.values() if x.mark.group == mt.id]
        for r in mine:
            if r.mark.kind == "line" and r.unsure and r.state == MARKED:
                blocked = blocked_berm(mt, r, mine, printed, t.house_radius)
                if blocked is not None:
                    out[r.mark.id] = blocked
        for r in (out[x.mark.id] for x in mine):
            if r.mark.kind == "line" and r.unsure:
                full = full_pile(r, [x for x in out.values() if x.mark.group == mt.id])
                if full is not None:
                    out[r.mark.id] = full
    if sid is not None:
        out.update(last_backhoes(list(out.values()), sid))
        out.update(by_referee(list(out.values()), sid, to_sheet, referee, seen_favours, SETTLE_MIN, OVERRULE_MAX))
    return [out[r.mark.id] for r in readings]


def last_backhoes(readings: list[Reading], sid: SheetId) -> dict[str, Reading]:
    """A finished sheet whose game did not end at Delta (completed or left) ended on its
    backhoes: a pass needed one more than the three (RW: "Once all 3 are used, if you would
    need to mark off another, the game ends"), so all are crossed (PH104). Where every other
    mark is read with confidence and the sheet is not over, an unsure backhoe the photo
    favours empty by no more than OVERRULE_MAX is crossed, as sure as the least sure of the
    rest. Returns the settled readings by id."""
    hoes = [r for r in readings if r.mark.group == "backhoes"]
    rest = [r for r in readings if r.mark.group != "backhoes"]
    open_ = [r for r in hoes if r.unsure and (r.state == MARKED or r.confidence <= OVERRULE_MAX)]
    if not open_ or any(r.unsure for r in rest):
        return {}
    try:
        state = load_sheet(to_sheet(sid, {r.mark.id: r.state for r in readings}))
    except HighwaterError:
        return {}
    if state.over:
        return {}
    conf = min(r.confidence for r in rest)
    why = "the game did not end at Delta, so it ended on the backhoes: all are crossed"
    return {r.mark.id: replace(r, state=MARKED, confidence=conf, unsure=False, alternative=None,
                               evidence={**r.evidence, "ruled_out": why}) for r in open_}


def odds_together(q: float, c: float) -> float:
    """The probability a berm is empty where the photo gives it `q` and readings that rule it
    out (two rules can't both hold) are right with probability `c`, each independent:
    q c / (q c + (1 - q)(1 - c)) (PH99, PH100)."""
    return q * c / (q * c + (1.0 - q) * (1.0 - c)) if c < 1.0 else 1.0


def _piles(berm_id: str) -> list[str]:
    """The two dirt piles a berm's id names."""
    return berm_id.rsplit("/", 1)[1].split("-")


def full_pile(r: Reading, mine: list[Reading]) -> Reading | None:
    """An unsure berm one of whose dirt piles two berms read with confidence already use
    (a pile is used at most twice, RW21) is empty where the odds of the three readings
    together make it so with confidence (PH100): the photo's odds against it times the odds
    for both of the others. None otherwise."""
    q = r.confidence if r.state == EMPTY else 1.0 - r.confidence
    best = None
    for pile in _piles(r.mark.id):
        users = [x for x in mine if x.mark.kind == "line" and x is not r and not x.unsure
                 and x.state == MARKED and pile in _piles(x.mark.id)]
        if len(users) < 2:
            continue
        a, b = sorted(users, key=lambda x: x.confidence, reverse=True)[:2]
        c = a.confidence * b.confidence
        p_empty = odds_together(q, c)
        if p_empty >= CONFIDENT and (best is None or p_empty > best[0]):
            best = (p_empty, pile, a, b)
    if best is None:
        return None
    p_empty, pile, a, b = best
    why = f"pile {pile} is used by {a.mark.name} and {b.mark.name}"
    if r.state != EMPTY:
        why += f"; the photo alone leaned to a berm at p = {r.confidence:.2f}"
    return replace(r, state=EMPTY, confidence=p_empty, unsure=False, alternative=None,
                   evidence={**r.evidence, "ruled_out": why})


def last_fits(last: Reading, berms: list[Reading], mt, radius) -> bool:
    """Whether PH102's last house may be settled: no sure berm through it, and the photo
    favours it or favours empty no more than OVERRULE_MAX."""
    through = any(_through(mt, b.mark.id, _spot(last.mark.id), "dot", radius) for b in berms)
    return not through and (last.state == MARKED or last.confidence <= OVERRULE_MAX)


def blocked_berm(mt, r: Reading, mine: list[Reading], printed: list[tuple[str, tuple[int, int]]],
                 radius) -> Reading | None:
    """An unsure berm that would run through a house or a swamp (RW7, RW8) is empty (PH99):
    through one read with confidence, where the two readings' odds taken together make it so
    with confidence (the photo's odds against the berm times the odds for the house); through
    one printed on a ``--setup rolled`` sheet, where the photo favours the berm no more than
    OVERRULE_MAX (as PH94, PH95). None otherwise."""
    best = None
    for x in mine:
        if x.unsure or x.state != MARKED or x.mark.kind not in ("dot", "cell"):
            continue
        if not _through(mt, r.mark.id, _spot(x.mark.id), x.mark.kind, radius):
            continue
        q, c = 1.0 - r.confidence, x.confidence
        p_empty = odds_together(q, c)
        if p_empty >= CONFIDENT and (best is None or p_empty > best[0]):
            best = (p_empty, x.mark.name)
    if best is None and r.confidence <= OVERRULE_MAX:
        for kind, spot in printed:
            if _through(mt, r.mark.id, spot, kind, radius):
                best = (1.0, f"the {_PRINTED[kind]} printed at ({spot[0]},{spot[1]}) in {mt.name}")
                break
    if best is None:
        return None
    p_empty, name = best
    why = f"it would run through {name}; the photo alone read a berm at p = {r.evidence.get('p', r.confidence):.2f}"
    return replace(r, state=EMPTY, confidence=p_empty, unsure=False, alternative=None,
                   evidence={**r.evidence, "ruled_out": why})


def _spot(mark_id: str) -> tuple[int, int]:
    """The lattice point (house) or square (swamp) a dot's or cell's id names."""
    c, r = mark_id.rsplit("/", 1)[1].split(",")
    return int(c), int(r)


def _through(mt, berm_id: str, spot: tuple[int, int], kind: str, radius) -> bool:
    """Does this berm go through the house at `spot` (a dot) or the swamp there (a cell)?"""
    a, b = _piles(berm_id)
    p, q = geometry.berm_points(mt, (a, b))
    if kind == "dot":
        return geometry.hits_house(p, q, geometry.house_point(spot), radius)
    return geometry.crosses_swamp(p, q, spot)
