"""Reading and marking a Re-Wilding sheet: counts, cleared lines, the squares a plant or an
introduction can reach, and the effects that mark the sheet (growth, strikes, protection,
contamination). The referee's flow in rules.py calls these on a mutable `Work` copy.
"""
from __future__ import annotations

from functools import lru_cache
from operator import itemgetter

from .moves import Clear, Introduce, Move, Protect, Save
from .state import CROSSED, EMPTY, FILLED, USED, State
from .template import ReWildingTemplate, Square

WEATHER_NAMES = {"fire": "Fire", "drought": "Drought", "storms": "Storms", "flood": "Flood"}


def show(d: tuple[int, ...]) -> str:
    """Dice as '1-3-3-5'."""
    return "-".join(map(str, d))


# ---- reading the sheet -----------------------------------------------------------------

def _count(marks, boxes) -> int:
    return sum(1 for b in boxes if marks[b.index] == FILLED)


def ability_uses(state: State, ability: str) -> int:
    """Filled, uncrossed boxes of an ability: how many uses are left."""
    return _count(state.marks, state.template.abilities[ability].boxes)


def protection(state: State, weather: str) -> int:
    """Filled, uncrossed protection boxes against a weather."""
    return _count(state.marks, state.template.protection[weather].boxes)


def cleanup_left(state: State) -> int:
    return _count(state.marks, state.template.cleanup)


def line_cleared(marks, t: ReWildingTemplate, line_id: str) -> bool:
    """Both boxes beside a column or row number filled."""
    a, b = t.lines[line_id].boxes
    return bool(marks[a.index] & FILLED and marks[b.index] & FILLED)


def is_cleared(state: State, line_id: str) -> bool:
    """'If both squares are blue, it's clear and you can plant in that column/row.'"""
    return line_cleared(state.marks, state.template, line_id)


def square_cleared(marks, t: ReWildingTemplate, sq: Square) -> bool:
    """The square's column and row both cleared."""
    return line_cleared(marks, t, f"col-{sq.col}") and line_cleared(marks, t, f"row-{sq.row}")


def struck(marks, sq: Square) -> bool:
    """A set of the square has been crossed (by weather or contamination)."""
    return any(marks[o.index] & CROSSED for o in sq.outlines)


def is_struck(state: State, col: int, row: int) -> bool:
    """Has weather or contamination crossed a set in this square?"""
    return struck(state.marks, state.template.square(col, row))


def wildlife_counts(state: State) -> dict[str, int]:
    """Coloured, uncrossed wildlife outlines of each kind."""
    out = {h.wildlife: 0 for h in state.template.habitats.values()}
    m = state.marks
    for sq in state.template.squares:
        for o in sq.wildlife:
            if m[o.index] == FILLED:
                out[o.kind] += 1
    return out


def calendar_value(state: State, year: int) -> int | None:
    """The +1 / 0 / -1 written for a year, or None if the year is not done."""
    for value, tick in state.template.calendar[year - 1].ticks:
        if state.marks[tick.index] & FILLED:
            return value
    return None


# ---- squares within reach ------------------------------------------------------------

def matches(v: int, n: int) -> bool:
    """A plant die showing v gives number n: itself, or anything when it shows 6."""
    return v == n or v == 6   # "Six is wild"


def plant_squares(state: State, dice: tuple[int, ...] | None = None) -> list[tuple[int, int]]:
    """Squares the plant dice allow: either die the column, the other the row (6 is wild);
    both lines cleared; an empty plant outline left."""
    d = state.dice if dice is None else dice
    return sorted((c, r) for c, r in plantable_squares(state)
                  if (matches(d[0], c) and matches(d[1], r)) or (matches(d[1], c) and matches(d[0], r)))


def plantable_squares(state: State) -> list[tuple[int, int]]:
    """Squares some plant roll could reach: cleared, with an empty plant outline."""
    t, m = state.template, state.marks
    cols = [c for c in range(1, 6) if line_cleared(m, t, f"col-{c}")]
    rows = [r for r in range(1, 6) if line_cleared(m, t, f"row-{r}")]
    out = []
    for c in cols:
        for r in rows:
            p1, p2 = t.square(c, r).plants
            if m[p1.index] == EMPTY or m[p2.index] == EMPTY:
                out.append((c, r))
    return out


def introduce_slot(m, sq: Square) -> int | None:
    """The first wildlife slot (0 or 1) that is empty under a coloured plant."""
    for k in (0, 1):
        if m[sq.wildlife[k].index] == EMPTY and m[sq.plants[k].index] == FILLED:
            return k
    return None


def introduce_squares(state: State) -> list[tuple[int, int]]:
    """Squares with an empty wildlife outline under a coloured plant."""
    m = state.marks
    return [sq.pos for sq in state.template.squares if introduce_slot(m, sq) is not None]


def clear_targets(state: State) -> list[str]:
    """Lines with an empty cleared box, and 'cleanup' if a clean-up box is empty."""
    t, m = state.template, state.marks
    out = [lid for lid, ln in t.lines.items() if any(m[b.index] == EMPTY for b in ln.boxes)]
    if any(m[b.index] == EMPTY for b in t.cleanup):
        out.append("cleanup")
    return out


# ---- the mutable working copy apply() uses ---------------------------------------------

class Work:
    """A state being changed by one apply(); frozen back into a State at the end."""

    __slots__ = ("t", "m", "year", "phase", "dice", "queue", "rerolling", "resume", "weather", "variant", "events")

    def __init__(self, s: State) -> None:
        self.t, self.m = s.template, bytearray(s.marks)
        self.year, self.phase, self.dice, self.queue = s.year, s.phase, s.dice, s.queue
        self.rerolling, self.resume, self.weather, self.variant = s.rerolling, s.resume, s.weather, s.variant
        self.events: list[str] = []

    def freeze(self) -> State:
        return State(bytes(self.m), self.year, self.phase, self.dice, self.queue, self.rerolling, self.resume,
                     self.weather, self.variant, self.t, tuple(self.events))

    def view(self) -> State:
        """A read-only snapshot for the query helpers."""
        return self.freeze()

    def say(self, text: str) -> None:
        self.events.append(text)


def first(m, boxes, mark: int):
    """The first box (or outline) with exactly this mark, or None."""
    for b in boxes:
        if m[b.index] == mark:
            return b
    return None


def cross_set(w: Work, sq: Square, why: str) -> None:
    """Cross one plant and the wildlife under it: the least coloured set (ties: set 2)."""
    m = w.m
    dev = [(m[sq.plants[k].index] == FILLED) + (m[sq.wildlife[k].index] == FILLED) for k in (0, 1)]
    k = 0 if dev[0] < dev[1] else 1
    m[sq.plants[k].index] |= CROSSED
    m[sq.wildlife[k].index] |= CROSSED
    w.say(f"{why}: crosses {sq.plants[k].id} and {sq.wildlife[k].id}")


def strike(w: Work, weather: str) -> None:
    """The weather hits its square, or follows the arrows past squares already struck."""
    for pos in w.t.chains[weather]:
        sq = w.t.square(*pos)
        if not struck(w.m, sq):
            cross_set(w, sq, f"{WEATHER_NAMES[weather]} strikes {sq.id}")
            return
    w.say(f"{WEATHER_NAMES[weather]}: every square along its arrows is already struck; nothing more to cross")


def hit(w: Work, weather: str) -> None:
    """Cross a filled protection box, or strike the grid if there is none."""
    box = first(w.m, w.t.protection[weather].boxes, FILLED)
    if box is not None:
        w.m[box.index] = USED
        w.say(f"{WEATHER_NAMES[weather]}: protection {box.id} crossed off")
    else:
        strike(w, weather)


@lru_cache(maxsize=64)
def _grow_plan(t: ReWildingTemplate, kind: str) -> tuple:
    """For a kind: the marks indices its growth reads, and per square of its habitat
    (outline indices, plant indices above them or None, neighbour positions in the list)."""
    hab = t.habitat_of_kind(kind)
    squares = t.by_habitat[hab.id]
    where = {s.pos: i for i, s in enumerate(squares)}
    plant = kind == hab.plant
    plan = tuple((tuple(o.index for o in (s.plants if plant else s.wildlife)),
                  None if plant else tuple(o.index for o in s.plants),
                  tuple(where[n.pos] for n in t.neighbours(s.col, s.row))) for s in squares)
    reads = tuple(i for outs, above, _ in plan for i in outs + (above or ()))
    return itemgetter(*reads), plan


@lru_cache(maxsize=65536)
def _grow_fills(t: ReWildingTemplate, kind: str, seen: tuple[int, ...]) -> tuple[int, ...]:
    """The outlines a growth colours, given the marks it reads (pure, so cached)."""
    _, plan = _grow_plan(t, kind)
    reads = [i for outs, above, _ in plan for i in outs + (above or ())]
    m = dict(zip(reads, seen))
    before = [(m[o[0]] == FILLED) + (m[o[1]] == FILLED) for o, _, _ in plan]
    fills = []
    for (outs, above, nbrs), had in zip(plan, before):
        add = (had == 1) + sum(1 for n in nbrs if before[n] == 2)
        for k in (0, 1):
            if add == 0:
                break
            if m[outs[k]] != EMPTY or (above is not None and m[above[k]] != FILLED):
                continue
            fills.append(outs[k])
            add -= 1
    return tuple(fills)


def grow(w: Work, kind: str) -> int:
    """Grow a plant type or breed a wildlife type; returns the outlines coloured.

    Worked out from the state before the action: a square with one outline gets its
    second; a full square gives one outline to each same-type neighbour (diagonals too);
    additions add up, capped at two. Wildlife only goes under a coloured plant.
    """
    m = w.m
    read, _ = _grow_plan(w.t, kind)
    fills = _grow_fills(w.t, kind, read(m))
    for i in fills:
        m[i] = FILLED
    return len(fills)


def grow_all(w: Work, plants: bool) -> None:
    """Grow every plant type, or breed every wildlife type (habitats never interact)."""
    for h in w.t.habitats.values():
        kind = h.plant if plants else h.wildlife
        n = grow(w, kind)
        if n:
            w.say(f"{'Grow' if plants else 'Breed'} {kind}: {n} outline{'s' if n > 1 else ''} coloured")


# ---- contamination --------------------------------------------------------------------

def contaminate(w: Work) -> None:
    """The year end's contamination step (RE16)."""
    t, m = w.t, w.m
    if all(line_cleared(m, t, lid) for lid in t.lines):
        return   # "This happens until there are no more rows or columns left to clear."
    box = first(m, t.cleanup, FILLED)
    if box is not None:
        m[box.index] = USED
        w.say(f"Contamination: clean-up resource {box.id} crossed off")
        return
    for sq in t.contamination_order:
        if (not line_cleared(m, t, f"col-{sq.col}") and not line_cleared(m, t, f"row-{sq.row}")
                and not struck(m, sq)):
            cross_set(w, sq, f"Contamination {sq.contamination} strikes {sq.id}")
            return
    w.say("Contamination: no clean-up left, but no numbered square has both lines uncleared")


def mark_target(w: Work, move: Move) -> None:
    """Mark what a Save/Protect/Clear/Introduce/Grow target fills (already checked legal)."""
    t, m = w.t, w.m
    if isinstance(move, Save):
        box = first(m, t.abilities[move.ability].boxes, EMPTY)
        m[box.index] = FILLED
        w.say(f"Save: {box.id} filled")
    elif isinstance(move, Protect):
        box = first(m, t.protection[move.weather].boxes, EMPTY)
        m[box.index] = FILLED
        w.say(f"Protect: {box.id} filled")
    elif isinstance(move, Clear):
        boxes = t.cleanup if move.target == "cleanup" else t.lines[move.target].boxes
        box = first(m, boxes, EMPTY)
        m[box.index] = FILLED
        done = move.target != "cleanup" and line_cleared(m, t, move.target)
        w.say(f"Clear: {box.id} filled" + (f"; {move.target.replace('-', ' ')} is cleared" if done else ""))
    elif isinstance(move, Introduce):
        sq = t.square(move.col, move.row)
        k = introduce_slot(m, sq)
        m[sq.wildlife[k].index] = FILLED
        w.say(f"Introduce: {sq.wildlife[k].id} coloured")
    else:
        n = grow(w, move.kind)
        w.say(f"{str(move).capitalize()}: {n} outline{'s' if n != 1 else ''} coloured")


