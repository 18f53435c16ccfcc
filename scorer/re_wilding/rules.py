"""Re-Wilding rules: explicit chance nodes for every roll, legal moves, apply with reasons.

Applying a roll only records it (the marks never change on a roll); every consequence
follows a move. Where the rules leave no choice the only legal move is Keep (accept the
weather roll or check die, or give up a plant the dice can't place), which drivers may
play automatically (see `forced_move`).

A year: ROLL (4 dice) -> MAIN (abilities, then place the dice in groups) -> the groups
resolve left to right (ACTION targets; a plant rolls 2 dice: PLANT_ROLL -> PLANT) ->
year end: hunger, WEATHER_ROLL -> WEATHER (abilities or keep) -> maybe CHECK_ROLL ->
CHECK -> breeding/growing, calendar, contamination. Re-rolls are chance nodes too
(REROLL), reached through the Reroll ability move. Everything goes through `apply`.

Quotes are from ../shared/seeds/003_1cf913021d941599.txt; every choice the text leaves
open is in docs/rulings.md ("Re-Wilding").
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import product
from operator import itemgetter

from ..core import CHANCE, TERMINAL, ChanceSpec, Dice
from ..errors import IllegalMoveError, InvalidMoveError
from .moves import (ABILITY_OF, ACTION_RANGES, ACTIONS, KINDS, Clear, Flip, Grow, Introduce, Keep, Mirror, Move,
                    Nudge, Place, Plant, Protect, Reroll, Save, parse_ability, parse_placement, parse_square)
from .state import (CHANCE_PHASES, CROSSED, DICE_PHASES, EMPTY, FILLED, USED, Phase, State, Variant)
from .template import ABILITIES, PLANTS, WEATHERS, ReWildingTemplate, Square, load

name = "re-wilding"
MAIN_DICE = 4
WEATHER_NAMES = {"fire": "Fire", "drought": "Drought", "storms": "Storms", "flood": "Flood"}


def new_game(variant: Variant = Variant(), template: ReWildingTemplate | None = None) -> State:
    """A fresh printed sheet (pre-filled boxes filled), waiting for year 1's roll."""
    t = template or load()
    marks = bytearray(len(t.ids))
    for i in t.prefilled:
        marks[i] = FILLED
    return State(bytes(marks), variant=variant, template=t)


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


def _line_cleared(marks, t: ReWildingTemplate, line_id: str) -> bool:
    a, b = t.lines[line_id].boxes
    return bool(marks[a.index] & FILLED and marks[b.index] & FILLED)


def is_cleared(state: State, line_id: str) -> bool:
    """'If both squares are blue, it's clear and you can plant in that column/row.'"""
    return _line_cleared(state.marks, state.template, line_id)


def _square_cleared(marks, t: ReWildingTemplate, sq: Square) -> bool:
    return _line_cleared(marks, t, f"col-{sq.col}") and _line_cleared(marks, t, f"row-{sq.row}")


def _struck(marks, sq: Square) -> bool:
    return any(marks[o.index] & CROSSED for o in sq.outlines)


def is_struck(state: State, col: int, row: int) -> bool:
    """Has weather or contamination crossed a set in this square?"""
    return _struck(state.marks, state.template.square(col, row))


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


# ---- whose turn ------------------------------------------------------------------------

def is_terminal(state: State) -> bool:
    return state.phase == Phase.OVER


def current_player(state: State) -> int:
    """0 when the player decides, CHANCE when dice must be rolled, TERMINAL at the end."""
    if state.phase == Phase.OVER:
        return TERMINAL
    return CHANCE if state.phase in CHANCE_PHASES else 0


_SPEC = {Phase.ROLL: ("main", MAIN_DICE), Phase.PLANT_ROLL: ("plant", 2), Phase.WEATHER_ROLL: ("weather", 2),
         Phase.CHECK_ROLL: ("check", 1)}


def chance_spec(state: State) -> ChanceSpec:
    """The dice to roll now, under a label per year and kind of roll (so a re-roll never
    shifts the weather a seed gives)."""
    if state.phase == Phase.REROLL:
        return ChanceSpec(f"rew/y{state.year}/reroll", state.rerolling)
    if state.phase not in _SPEC:
        raise IllegalMoveError(f"no dice to roll now: the game is at {state.phase.value}")
    label, n = _SPEC[state.phase]
    return ChanceSpec(f"rew/y{state.year}/{label}", n)


@lru_cache(maxsize=None)
def _multisets(n: int) -> tuple[tuple[Dice, float], ...]:
    counts: Counter = Counter(tuple(sorted(p)) for p in product(range(1, 7), repeat=n))
    return tuple((Dice(k), c / 6 ** n) for k, c in sorted(counts.items()))


def chance_outcomes(state: State) -> list[tuple[Dice, float]]:
    """[(outcome, probability)] at a chance node. Dice are a multiset (their colours never
    matter), so n dice fold into sorted outcomes: 126 for the main roll, 21 for two dice."""
    if current_player(state) != CHANCE:
        return []
    return list(_multisets(chance_spec(state).dice))


# ---- placements ------------------------------------------------------------------------

def group_problem(action: str, dice: tuple[int, ...]) -> str | None:
    """Why these dice can't go on this action (None if they can)."""
    total = sum(dice)
    if action == "save":
        return None if len(dice) == 1 else "save takes exactly one die"
    if action == "protect":
        return None if dice == (1,) else "protect takes a single die showing 1"
    lo, hi = ACTION_RANGES[action]
    if not lo <= total <= hi:
        return f"{action} needs dice summing {lo}-{hi}, not {total}"
    return None


def _set_partitions(items: tuple[int, ...]):
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for part in _set_partitions(rest):
        for i in range(len(part)):
            yield part[:i] + [(first,) + part[i]] + part[i + 1:]
        yield [(first,)] + part


@lru_cache(maxsize=None)
def placements(dice: tuple[int, ...], one_group_per_action: bool = False) -> tuple[Place, ...]:
    """Every way to split the dice into groups, each on an action whose range holds its sum.

    Every die must be placed (Save takes any single die, so one always can).
    """
    seen: dict[tuple, Place] = {}
    for part in _set_partitions(tuple(range(len(dice)))):
        groups = [tuple(sorted(dice[i] for i in block)) for block in part]
        options = [[a for a in ACTIONS if group_problem(a, g) is None] for g in groups]
        for choice in product(*options):
            if one_group_per_action and len(set(choice)) < len(choice):
                continue
            p = Place(tuple(zip(choice, groups)))
            seen.setdefault(p.groups, p)
    return tuple(sorted(seen.values(), key=str))


def placement_problem(state: State, place: Place) -> str | None:
    """Why a placement is illegal for the dice in play (None if legal)."""
    placed = sorted(v for _, d in place.groups for v in d)
    if placed != sorted(state.dice):
        missing = Counter(state.dice) - Counter(placed)
        extra = Counter(placed) - Counter(state.dice)
        if extra:
            return f"the roll {_show(state.dice)} has no {_show(tuple(sorted(extra.elements())))} to place"
        return f"every die must be placed; {_show(tuple(sorted(missing.elements())))} left over"
    for a, d in place.groups:
        why = group_problem(a, d)
        if why:
            return f"{_show(d)} on {a}: {why}"
    if state.variant.one_group_per_action:
        actions = [a for a, _ in place.groups]
        dup = [a for a in ACTIONS if actions.count(a) > 1]
        if dup:
            return f"variant one-group-per-action: {dup[0]} has {actions.count(dup[0])} groups"
    return None


def _show(d: tuple[int, ...]) -> str:
    return "-".join(map(str, d))


# ---- targets ---------------------------------------------------------------------------

def _matches(v: int, n: int) -> bool:
    return v == n or v == 6   # "Six is wild"


def plant_squares(state: State, dice: tuple[int, ...] | None = None) -> list[tuple[int, int]]:
    """Squares the plant dice allow: either die the column, the other the row (6 is wild);
    both lines cleared; an empty plant outline left."""
    d = state.dice if dice is None else dice
    return sorted((c, r) for c, r in plantable_squares(state)
                  if (_matches(d[0], c) and _matches(d[1], r)) or (_matches(d[1], c) and _matches(d[0], r)))


def plantable_squares(state: State) -> list[tuple[int, int]]:
    """Squares some plant roll could reach: cleared, with an empty plant outline."""
    t, m = state.template, state.marks
    cols = [c for c in range(1, 6) if _line_cleared(m, t, f"col-{c}")]
    rows = [r for r in range(1, 6) if _line_cleared(m, t, f"row-{r}")]
    out = []
    for c in cols:
        for r in rows:
            p1, p2 = t.square(c, r).plants
            if m[p1.index] == EMPTY or m[p2.index] == EMPTY:
                out.append((c, r))
    return out


def _introduce_slot(m, sq: Square) -> int | None:
    for k in (0, 1):
        if m[sq.wildlife[k].index] == EMPTY and m[sq.plants[k].index] == FILLED:
            return k
    return None


def introduce_squares(state: State) -> list[tuple[int, int]]:
    """Squares with an empty wildlife outline under a coloured plant."""
    m = state.marks
    return [sq.pos for sq in state.template.squares if _introduce_slot(m, sq) is not None]


def clear_targets(state: State) -> list[str]:
    """Lines with an empty cleared box, and 'cleanup' if a clean-up box is empty."""
    t, m = state.template, state.marks
    out = [lid for lid, ln in t.lines.items() if any(m[b.index] == EMPTY for b in ln.boxes)]
    if any(m[b.index] == EMPTY for b in t.cleanup):
        out.append("cleanup")
    return out


def _targets(state: State, action: str) -> list[Move]:
    t, m = state.template, state.marks
    if action == "save":
        return [Save(a) for a in ABILITIES if any(m[b.index] == EMPTY for b in t.abilities[a].boxes)]
    if action == "protect":
        return [Protect(w) for w in WEATHERS if any(m[b.index] == EMPTY for b in t.protection[w].boxes)]
    if action == "clear":
        return [Clear(x) for x in clear_targets(state)]
    if action == "introduce":
        return [Introduce(c, r) for c, r in introduce_squares(state)]
    if action == "grow":
        return [Grow(k) for k in KINDS]
    raise ValueError(action)


@lru_cache(maxsize=None)
def _submultisets(dice: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    c = sorted(Counter(dice).items())
    out = []
    for counts in product(*(range(n + 1) for _, n in c)):
        sub = tuple(v for (v, _), k in zip(c, counts) for _ in range(k))
        if sub:
            out.append(sub)
    return tuple(out)


def ability_moves(state: State) -> list[Move]:
    """Ability uses possible on the dice in play (each crosses a filled box)."""
    if state.phase not in DICE_PHASES:
        return []
    vals = sorted(set(state.dice))
    out: list[Move] = []
    if ability_uses(state, "mirror"):
        out += [Mirror(a, b) for a in vals for b in vals if a != b]
    if ability_uses(state, "flip"):
        out += [Flip(a) for a in vals]
    if ability_uses(state, "plusminus"):
        out += [Nudge(a, d) for a in vals for d in (-1, 1) if 1 <= a + d <= 6]
    if ability_uses(state, "reroll"):
        out += [Reroll(s) for s in _submultisets(state.dice)]
    return out


def forced_move(state: State) -> Move | None:
    """The move to play when the player has no choice at all (a lone Keep), else None."""
    if state.phase not in (Phase.PLANT, Phase.WEATHER, Phase.CHECK):
        return None
    if any(ability_uses(state, a) for a in ("flip", "plusminus", "reroll")):
        return None
    if ability_uses(state, "mirror") and len(set(state.dice)) > 1:
        return None
    if state.phase == Phase.PLANT and plant_squares(state):
        return None
    return Keep()


def legal_moves(state: State, roll: Dice | tuple[int, ...] | None = None) -> list[Move]:
    """Every legal move now; with `roll` at a chance node, the moves after that roll."""
    if roll is not None and current_player(state) == CHANCE:
        return legal_moves(apply(state, roll if isinstance(roll, Dice) else Dice(tuple(roll))))
    if current_player(state) != 0:
        return []
    ph = state.phase
    if ph == Phase.MAIN:
        return ability_moves(state) + list(placements(state.dice, state.variant.one_group_per_action))
    if ph == Phase.ACTION:
        return _targets(state, state.queue[0][0])
    if ph == Phase.PLANT:
        squares = [Plant(c, r) for c, r in plant_squares(state)]
        return ability_moves(state) + (squares or [Keep()])
    if ph in (Phase.WEATHER, Phase.CHECK):
        return ability_moves(state) + [Keep()]
    return []


# ---- the mutable working copy apply() uses ---------------------------------------------

class _Work:
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


def _first(m, boxes, mark: int):
    for b in boxes:
        if m[b.index] == mark:
            return b
    return None


def _cross_set(w: _Work, sq: Square, why: str) -> None:
    """Cross one plant and the wildlife under it: the least coloured set (ties: set 2)."""
    m = w.m
    dev = [(m[sq.plants[k].index] == FILLED) + (m[sq.wildlife[k].index] == FILLED) for k in (0, 1)]
    k = 0 if dev[0] < dev[1] else 1
    m[sq.plants[k].index] |= CROSSED
    m[sq.wildlife[k].index] |= CROSSED
    w.say(f"{why}: crosses {sq.plants[k].id} and {sq.wildlife[k].id}")


def _strike(w: _Work, weather: str) -> None:
    """The weather hits its square, or follows the arrows past squares already struck."""
    for pos in w.t.chains[weather]:
        sq = w.t.square(*pos)
        if not _struck(w.m, sq):
            _cross_set(w, sq, f"{WEATHER_NAMES[weather]} strikes {sq.id}")
            return
    w.say(f"{WEATHER_NAMES[weather]}: every square along its arrows is already struck; nothing more to cross")


def _hit(w: _Work, weather: str) -> None:
    """Cross a filled protection box, or strike the grid if there is none."""
    box = _first(w.m, w.t.protection[weather].boxes, FILLED)
    if box is not None:
        w.m[box.index] = USED
        w.say(f"{WEATHER_NAMES[weather]}: protection {box.id} crossed off")
    else:
        _strike(w, weather)


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


def grow(w: _Work, kind: str) -> int:
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


def _grow_all(w: _Work, plants: bool) -> None:
    for h in w.t.habitats.values():
        kind = h.plant if plants else h.wildlife
        n = grow(w, kind)
        if n:
            w.say(f"{'Grow' if plants else 'Breed'} {kind}: {n} outline{'s' if n > 1 else ''} coloured")


# ---- the flow --------------------------------------------------------------------------

def _next_group(w: _Work) -> None:
    """Resolve the placed groups left to right until one needs the player or the dice."""
    while w.queue:
        action = w.queue[0][0]
        if action == "plant":
            if plantable_squares(w.view()):
                w.phase, w.dice = Phase.PLANT_ROLL, ()
                return
            w.say("Plant: no cleared square has an empty plant, so the plant is lost")
        elif _targets(w.view(), action):
            w.phase, w.dice = Phase.ACTION, ()
            return
        else:
            w.say(f"{action.capitalize()}: nothing left to mark, so the group is lost")
        w.queue = w.queue[1:]
    _year_end(w)


def _year_end(w: _Work) -> None:
    """Hunger, then the weather roll."""
    counts = wildlife_counts(w.view())
    for row in w.t.hunger.values():
        if counts[row.more] > counts[row.than] + row.margin:
            box = _first(w.m, row.boxes, EMPTY)
            if box is not None:
                w.m[box.index] = FILLED
                extra = f" + {row.margin}" if row.margin else ""
                w.say(f"Hunger: {counts[row.more]} {row.more} > {counts[row.than]} {row.than}{extra}, fill {box.id}")
    w.phase, w.dice, w.queue = Phase.WEATHER_ROLL, (), ()


def weather_result(state_year: int, dice: tuple[int, ...], last: int | None) -> tuple[int, int]:
    """(raw roll, result): the calendar modifier counts from year 2 on, except on a raw 7;
    the result is clamped to 2-12."""
    raw = sum(dice)
    mod = 0 if raw == 7 or state_year == 1 or last is None else last
    return raw, max(2, min(12, raw + mod))


def _resolve_weather(w: _Work) -> None:
    last = calendar_value(w.view(), w.year - 1) if w.year > 1 else None
    raw, result = weather_result(w.year, w.dice, last)
    note = f" {last:+d} from last year's calendar" if last and raw != 7 else ""
    w.say(f"Weather: rolled {_show(w.dice)} = {raw}{note} -> {result}")
    if result <= 3:
        _hit(w, "fire")
    elif result >= 11:
        _hit(w, "flood")
    elif result != 7:
        w.weather, w.phase, w.dice = result, Phase.CHECK_ROLL, ()
        return
    _after_weather(w, result)


def _resolve_check(w: _Work) -> None:
    result = w.weather or 0
    weather = "drought" if result <= 6 else "storms"
    have = protection(w.view(), weather)
    die = w.dice[0]
    if die <= have:
        w.say(f"{WEATHER_NAMES[weather]} check: {die} <= {have} protection, no harm")
    else:
        w.say(f"{WEATHER_NAMES[weather]} check: {die} > {have} protection")
        _hit(w, weather)
    _after_weather(w, result)


def _after_weather(w: _Work, result: int) -> None:
    """Breeding/growing, the calendar, contamination, and on to the next year."""
    if result == 7 or 4 <= result <= 6:
        _grow_all(w, plants=False)
    if result == 7 or 8 <= result <= 10:
        _grow_all(w, plants=True)
    value = 1 if result <= 6 else (0 if result == 7 else -1)
    tick = w.t.calendar[w.year - 1].tick(value)
    w.m[tick.index] = FILLED
    w.say(f"Calendar: year {w.year} gets {'+1' if value > 0 else ('0' if value == 0 else '-1')}")
    _contaminate(w)
    w.weather, w.dice = None, ()
    if w.year >= w.t.years:
        w.phase = Phase.OVER
        w.say("The tenth year is over: score the sheet")
    else:
        w.year += 1
        w.phase = Phase.ROLL


def _contaminate(w: _Work) -> None:
    t, m = w.t, w.m
    if all(_line_cleared(m, t, lid) for lid in t.lines):
        return   # "This happens until there are no more rows or columns left to clear."
    box = _first(m, t.cleanup, FILLED)
    if box is not None:
        m[box.index] = USED
        w.say(f"Contamination: clean-up resource {box.id} crossed off")
        return
    for sq in t.contamination_order:
        if (not _line_cleared(m, t, f"col-{sq.col}") and not _line_cleared(m, t, f"row-{sq.row}")
                and not _struck(m, sq)):
            _cross_set(w, sq, f"Contamination {sq.contamination} strikes {sq.id}")
            return
    w.say("Contamination: no clean-up left, but no numbered square has both lines uncleared")


# ---- apply -----------------------------------------------------------------------------

def _apply_roll(state: State, roll: Dice) -> State:
    spec = chance_spec(state)
    if len(roll.values) != spec.dice or not all(1 <= v <= 6 for v in roll.values):
        raise InvalidMoveError(f"this roll needs {spec.dice} dice from 1 to 6, not {roll.values}")
    w = _Work(state)
    dice = tuple(sorted(roll.values))
    if state.phase == Phase.REROLL:
        w.dice, w.phase, w.resume, w.rerolling = tuple(sorted(state.dice + dice)), state.resume, None, 0
        w.say(f"Re-roll: {_show(dice)}; the dice are now {_show(w.dice)}")
        return w.freeze()
    w.dice = dice
    w.phase = {Phase.ROLL: Phase.MAIN, Phase.PLANT_ROLL: Phase.PLANT, Phase.WEATHER_ROLL: Phase.WEATHER,
               Phase.CHECK_ROLL: Phase.CHECK}[state.phase]
    if state.phase == Phase.ROLL:
        w.say(f"Year {state.year}: rolled {_show(dice)}")
    elif state.phase == Phase.PLANT_ROLL:
        w.say(f"Plant roll: {_show(dice)}")
    elif state.phase == Phase.WEATHER_ROLL:
        w.say(f"Weather roll: {_show(dice)}")
    elif state.phase == Phase.CHECK_ROLL:
        w.say(f"Check die: {dice[0]}")
    return w.freeze()


def _ability_problem(state: State, move: Move) -> str | None:
    ability = ABILITY_OF[type(move)]
    if ability_uses(state, ability) == 0:
        return f"no {ability} ability left: it needs a filled, uncrossed box (Save fills one)"
    dice = Counter(state.dice)
    if isinstance(move, Mirror):
        if not dice[move.die]:
            return f"no die shows {move.die} in {_show(state.dice)}"
        if move.die == move.to or not dice[move.to]:
            return f"mirror changes a die to match another die; no other die shows {move.to}"
    elif isinstance(move, (Flip, Nudge)):
        if not dice[move.die]:
            return f"no die shows {move.die} in {_show(state.dice)}"
        if isinstance(move, Nudge) and not 1 <= move.die + move.delta <= 6:
            return f"+/-1 keeps a die within 1-6; {move.die} can't become {move.die + move.delta}"
    elif isinstance(move, Reroll):
        if Counter(move.dice) - dice:
            return f"the dice in play are {_show(state.dice)}; there is no {_show(move.dice)} to re-roll"
    return None


def _apply_ability(state: State, move: Move) -> State:
    why = _ability_problem(state, move)
    if why:
        raise IllegalMoveError(why)
    w = _Work(state)
    ability = ABILITY_OF[type(move)]
    box = _first(w.m, w.t.abilities[ability].boxes, FILLED)
    w.m[box.index] = USED
    dice = list(state.dice)
    if isinstance(move, Reroll):
        for v in move.dice:
            dice.remove(v)
        w.dice, w.rerolling, w.resume, w.phase = tuple(dice), len(move.dice), state.phase, Phase.REROLL
        w.say(f"Re-roll {_show(move.dice)} (crossed {box.id})")
        return w.freeze()
    new = move.to if isinstance(move, Mirror) else (7 - move.die if isinstance(move, Flip) else move.die + move.delta)
    dice[dice.index(move.die)] = new
    w.dice = tuple(sorted(dice))
    w.say(f"{type(move).__name__}: {move.die} becomes {new} (crossed {box.id}); dice {_show(w.dice)}")
    return w.freeze()


def _apply_target(state: State, move: Move) -> State:
    action = state.queue[0][0]
    want = {"save": Save, "protect": Protect, "clear": Clear, "introduce": Introduce, "grow": Grow}[action]
    if not isinstance(move, want):
        raise IllegalMoveError(f"the next group to resolve is on {action}; {_hint(action)}")
    if move not in _targets(state, action):
        raise IllegalMoveError(_target_problem(state, move))
    w = _Work(state)
    mark_target(w, move)
    w.queue = w.queue[1:]
    _next_group(w)
    return w.freeze()


def mark_target(w: _Work, move: Move) -> None:
    """Mark what a Save/Protect/Clear/Introduce/Grow target fills (already checked legal)."""
    t, m = w.t, w.m
    if isinstance(move, Save):
        box = _first(m, t.abilities[move.ability].boxes, EMPTY)
        m[box.index] = FILLED
        w.say(f"Save: {box.id} filled")
    elif isinstance(move, Protect):
        box = _first(m, t.protection[move.weather].boxes, EMPTY)
        m[box.index] = FILLED
        w.say(f"Protect: {box.id} filled")
    elif isinstance(move, Clear):
        boxes = t.cleanup if move.target == "cleanup" else t.lines[move.target].boxes
        box = _first(m, boxes, EMPTY)
        m[box.index] = FILLED
        done = move.target != "cleanup" and _line_cleared(m, t, move.target)
        w.say(f"Clear: {box.id} filled" + (f"; {move.target.replace('-', ' ')} is cleared" if done else ""))
    elif isinstance(move, Introduce):
        sq = t.square(move.col, move.row)
        k = _introduce_slot(m, sq)
        m[sq.wildlife[k].index] = FILLED
        w.say(f"Introduce: {sq.wildlife[k].id} coloured")
    else:
        n = grow(w, move.kind)
        w.say(f"{str(move).capitalize()}: {n} outline{'s' if n != 1 else ''} coloured")


def _hint(action: str) -> str:
    return {"save": "choose an ability: save mirror|flip|reroll|plusminus",
            "protect": "choose a weather: protect fire|drought|storms|flood",
            "clear": "choose a box: clear col N | clear row N | clear cleanup",
            "introduce": "choose a square: introduce COL ROW",
            "grow": "choose a type: grow pine|heather|lily|bullrush or breed squirrel|snake|fish|kingfisher"}[action]


def _target_problem(state: State, move: Move) -> str:
    t = state.template
    if isinstance(move, Save):
        if move.ability not in ABILITIES:
            return f"unknown ability {move.ability!r}; choose mirror, flip, reroll or plusminus"
        return f"the {move.ability} row has no empty box left to fill"
    if isinstance(move, Protect):
        if move.weather not in WEATHERS:
            return f"unknown weather {move.weather!r}; choose fire, drought, storms or flood"
        return f"the {move.weather} protection row has no empty box left"
    if isinstance(move, Clear):
        if move.target != "cleanup" and move.target not in t.lines:
            return f"unknown line {move.target!r}; use col 1-5, row 1-5 or cleanup"
        return f"{move.target.replace('-', ' ')} has no empty box left to fill"
    if isinstance(move, Introduce):
        if not t.has_square(move.col, move.row):
            return f"there is no square ({move.col}, {move.row}); columns and rows are 1-5"
        return (f"square ({move.col}, {move.row}) has no empty wildlife outline under a coloured plant; "
                "wildlife must go beneath a plant that is already coloured in")
    if isinstance(move, Grow):
        return f"unknown type {move.kind!r}; choose {', '.join(KINDS)}"
    return f"{move} is not possible now"


def _apply_plant(state: State, move: Plant) -> State:
    t, d = state.template, state.dice
    if not t.has_square(move.col, move.row):
        raise IllegalMoveError(f"there is no square ({move.col}, {move.row}); columns and rows are 1-5")
    if (move.col, move.row) not in plant_squares(state):
        sq = t.square(move.col, move.row)
        if not ((_matches(d[0], sq.col) and _matches(d[1], sq.row)) or (_matches(d[1], sq.col) and _matches(d[0], sq.row))):
            why = f"the plant dice {_show(d)} don't give column {sq.col} and row {sq.row} (6 is wild)"
        elif not _square_cleared(state.marks, t, sq):
            lines = [x for x in (f"col-{sq.col}", f"row-{sq.row}") if not is_cleared(state, x)]
            why = f"{' and '.join(x.replace('-', ' ') for x in lines)} not cleared; both boxes of the column and row must be filled"
        else:
            why = f"square ({sq.col}, {sq.row}) has no empty plant outline"
        raise IllegalMoveError(why)
    w = _Work(state)
    sq = t.square(move.col, move.row)
    o = _first(w.m, sq.plants, EMPTY)
    w.m[o.index] = FILLED
    w.say(f"Plant: {o.id} coloured")
    w.queue = w.queue[1:]
    _next_group(w)
    return w.freeze()


def apply(state: State, action: Dice | Move) -> State:
    """Apply a roll or a move and return the new state (its `events` say what happened).

    :raises IllegalMoveError: the action is not allowed now; the message says why.
    :raises InvalidMoveError: a roll with the wrong number of dice.
    """
    ph = state.phase
    if ph == Phase.OVER:
        raise IllegalMoveError("the game is over")
    if isinstance(action, Dice):
        if ph not in CHANCE_PHASES:
            raise IllegalMoveError(f"no dice to roll now: {_waiting(state)}")
        return _apply_roll(state, action)
    if ph in CHANCE_PHASES:
        raise IllegalMoveError(f"roll the dice first ({chance_spec(state).dice} dice)")
    if isinstance(action, (Mirror, Flip, Nudge, Reroll)):
        if ph not in DICE_PHASES:
            raise IllegalMoveError("abilities change dice in play: the main roll, a plant roll, the weather "
                                   "roll or a check die; there are none now")
        return _apply_ability(state, action)
    if ph == Phase.MAIN:
        if not isinstance(action, Place):
            raise IllegalMoveError(f"place the dice {_show(state.dice)} first, e.g. '{placements(state.dice)[0]}'")
        why = placement_problem(state, action)
        if why:
            raise IllegalMoveError(why)
        w = _Work(state)
        w.queue, w.dice = action.groups, ()
        w.say(f"Placed: {action}")
        _next_group(w)
        return w.freeze()
    if ph == Phase.ACTION:
        return _apply_target(state, action)
    if ph == Phase.PLANT:
        if isinstance(action, Plant):
            return _apply_plant(state, action)
        if isinstance(action, Keep):
            if plant_squares(state):
                raise IllegalMoveError(f"the dice {_show(state.dice)} reach a square; plant one: "
                                       + ", ".join(f"plant {c} {r}" for c, r in plant_squares(state)))
            w = _Work(state)
            w.say(f"Plant: the dice {_show(state.dice)} reach no cleared square with an empty plant; the plant is lost")
            w.queue = w.queue[1:]
            _next_group(w)
            return w.freeze()
        raise IllegalMoveError(f"pick a square for the plant dice {_show(state.dice)}: plant COL ROW")
    if ph in (Phase.WEATHER, Phase.CHECK):
        if not isinstance(action, Keep):
            raise IllegalMoveError(f"use an ability on the {'weather roll' if ph == Phase.WEATHER else 'check die'} "
                                   "or 'keep' it")
        w = _Work(state)
        (_resolve_weather if ph == Phase.WEATHER else _resolve_check)(w)
        return w.freeze()
    raise IllegalMoveError(f"{action} is not possible now")


def _waiting(state: State) -> str:
    return {Phase.MAIN: f"the dice {_show(state.dice)} wait to be placed",
            Phase.ACTION: f"choose where the {state.queue[0][0] if state.queue else ''} group goes",
            Phase.PLANT: f"choose a square for the plant dice {_show(state.dice)}",
            Phase.WEATHER: f"keep the weather roll {_show(state.dice)} or change it",
            Phase.CHECK: f"keep the check die {_show(state.dice)} or change it"}.get(state.phase, state.phase.value)


# ---- text ------------------------------------------------------------------------------

def parse_move(state: State, text: str) -> Move:
    """Read a move typed for the current phase (see `highwater play re-wilding --help`).

    :raises InvalidMoveError: text that is not a move here.
    """
    src = " ".join(text.strip().lower().split())
    if not src:
        raise InvalidMoveError("type a move")
    if src in ("keep", "k", "ok", "accept", "pass", "give up"):
        return Keep()
    word, _, rest = src.partition(" ")
    ph = state.phase
    if ph == Phase.ACTION:   # no dice in play: "mirror" here is a Save target
        action = state.queue[0][0]
        if word == action or (action == "grow" and word == "breed"):
            src = rest
        elif word in ACTIONS or word == "breed":
            raise InvalidMoveError(f"the next group to resolve is on {action}; {_hint(action)}")
        return _parse_target(action, src, text)
    if src in ("reroll all", "re-roll all"):
        return Reroll(state.dice)
    ab = parse_ability(src)
    if ab is not None:
        return ab
    if ph == Phase.MAIN:
        return parse_placement(src)
    if ph == Phase.PLANT:
        if word == "plant":
            src = rest
        c, r = parse_square(src, text)
        return Plant(c, r)
    raise InvalidMoveError(f"cannot read {text!r} now: {_waiting(state)}")


def _parse_target(action: str, src: str, text: str) -> Move:
    if action == "save":
        a = {"+/-1": "plusminus", "+-1": "plusminus", "pm": "plusminus", "nudge": "plusminus",
             "re-roll": "reroll"}.get(src, src)
        return Save(a)
    if action == "protect":
        return Protect({"storm": "storms", "floods": "flood", "fires": "fire"}.get(src, src))
    if action == "clear":
        if src in ("cleanup", "clean-up", "clean up", "resources"):
            return Clear("cleanup")
        parts = src.replace("-", " ").split()
        if len(parts) == 2 and parts[0] in ("col", "column", "c", "row", "r") and parts[1].isdigit():
            axis = "row" if parts[0].startswith("r") else "col"
            return Clear(f"{axis}-{parts[1]}")
        if len(parts) == 1 and len(parts[0]) == 2 and parts[0][0] in "cr" and parts[0][1].isdigit():
            return Clear(f"{'row' if parts[0][0] == 'r' else 'col'}-{parts[0][1]}")
        raise InvalidMoveError(f"cannot read {text!r}: clear col N, clear row N or clear cleanup")
    if action == "introduce":
        c, r = parse_square(src, text)
        return Introduce(c, r)
    kind = src.split()[-1] if src else ""
    kind = {"pines": "pine", "lilies": "lily", "bullrushes": "bullrush", "squirrels": "squirrel",
            "snakes": "snake", "kingfishers": "kingfisher"}.get(kind, kind)
    if kind not in KINDS:
        raise InvalidMoveError(f"cannot read {text!r}: grow {'|'.join(PLANTS)} or breed squirrel|snake|fish|kingfisher")
    return Grow(kind)
