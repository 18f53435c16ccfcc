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

from ..core import CHANCE, TERMINAL, ChanceSpec, Dice
from ..errors import IllegalMoveError, InvalidMoveError
from .marks import (WEATHER_NAMES, Work, ability_uses, calendar_value, cleanup_left, clear_targets, contaminate,
                    first, grow, grow_all, hit, introduce_squares, is_cleared, is_struck, mark_target, matches,
                    plant_squares, plantable_squares, protection, show, square_cleared, wildlife_counts)
from .moves import (ABILITY_OF, KINDS, Clear, Flip, Grow, Introduce, Keep, Mirror, Move, Nudge, Place, Plant,
                    Protect, Reroll, Save, hint, parse_move, waiting)
from .placements import group_problem, placement_problem, placements
from .state import CHANCE_PHASES, DICE_PHASES, EMPTY, FILLED, USED, Phase, State, Variant
from .template import ABILITIES, WEATHERS, ReWildingTemplate, load

name = "re-wilding"
MAIN_DICE = 4
__all__ = ["new_game", "is_terminal", "current_player", "chance_spec", "chance_outcomes", "legal_moves",
           "ability_moves", "forced_move", "targets", "apply", "parse_move", "weather_result", "placements",
           "group_problem", "placement_problem", "ability_uses", "protection", "cleanup_left", "is_cleared",
           "is_struck", "wildlife_counts", "calendar_value", "plant_squares", "plantable_squares",
           "introduce_squares", "clear_targets", "grow", "mark_target", "Work", "load"]


def new_game(variant: Variant = Variant(), template: ReWildingTemplate | None = None) -> State:
    """A fresh printed sheet (pre-filled boxes filled), waiting for year 1's roll."""
    t = template or load()
    marks = bytearray(len(t.ids))
    for i in t.prefilled:
        marks[i] = FILLED
    return State(bytes(marks), variant=variant, template=t)


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


# ---- targets ---------------------------------------------------------------------------

def targets(state: State, action: str) -> list[Move]:
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
        return targets(state, state.queue[0][0])
    if ph == Phase.PLANT:
        squares = [Plant(c, r) for c, r in plant_squares(state)]
        return ability_moves(state) + (squares or [Keep()])
    if ph in (Phase.WEATHER, Phase.CHECK):
        return ability_moves(state) + [Keep()]
    return []


# ---- the flow --------------------------------------------------------------------------

def _next_group(w: Work) -> None:
    """Resolve the placed groups left to right until one needs the player or the dice."""
    while w.queue:
        action = w.queue[0][0]
        if action == "plant":
            if plantable_squares(w.view()):
                w.phase, w.dice = Phase.PLANT_ROLL, ()
                return
            w.say("Plant: no cleared square has an empty plant, so the plant is lost")
        elif targets(w.view(), action):
            w.phase, w.dice = Phase.ACTION, ()
            return
        else:
            w.say(f"{action.capitalize()}: nothing left to mark, so the group is lost")
        w.queue = w.queue[1:]
    _year_end(w)


def _year_end(w: Work) -> None:
    """Hunger, then the weather roll."""
    counts = wildlife_counts(w.view())
    for row in w.t.hunger.values():
        if counts[row.more] > counts[row.than] + row.margin:
            box = first(w.m, row.boxes, EMPTY)
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


def _resolve_weather(w: Work) -> None:
    last = calendar_value(w.view(), w.year - 1) if w.year > 1 else None
    raw, result = weather_result(w.year, w.dice, last)
    note = f" {last:+d} from last year's calendar" if last and raw != 7 else ""
    w.say(f"Weather: rolled {show(w.dice)} = {raw}{note} -> {result}")
    if result <= 3:
        hit(w, "fire")
    elif result >= 11:
        hit(w, "flood")
    elif result != 7:
        w.weather, w.phase, w.dice = result, Phase.CHECK_ROLL, ()
        return
    _after_weather(w, result)


def _resolve_check(w: Work) -> None:
    result = w.weather or 0
    weather = "drought" if result <= 6 else "storms"
    have = protection(w.view(), weather)
    die = w.dice[0]
    if die <= have:
        w.say(f"{WEATHER_NAMES[weather]} check: {die} <= {have} protection, no harm")
    else:
        w.say(f"{WEATHER_NAMES[weather]} check: {die} > {have} protection")
        hit(w, weather)
    _after_weather(w, result)


def _after_weather(w: Work, result: int) -> None:
    """Breeding/growing, the calendar, contamination, and on to the next year."""
    if result == 7 or 4 <= result <= 6:
        grow_all(w, plants=False)
    if result == 7 or 8 <= result <= 10:
        grow_all(w, plants=True)
    value = 1 if result <= 6 else (0 if result == 7 else -1)
    tick = w.t.calendar[w.year - 1].tick(value)
    w.m[tick.index] = FILLED
    w.say(f"Calendar: year {w.year} gets {'+1' if value > 0 else ('0' if value == 0 else '-1')}")
    contaminate(w)
    w.weather, w.dice = None, ()
    if w.year >= w.t.years:
        w.phase = Phase.OVER
        w.say("The tenth year is over: score the sheet")
    else:
        w.year += 1
        w.phase = Phase.ROLL


# ---- apply -----------------------------------------------------------------------------

def _apply_roll(state: State, roll: Dice) -> State:
    spec = chance_spec(state)
    if len(roll.values) != spec.dice or not all(1 <= v <= 6 for v in roll.values):
        raise InvalidMoveError(f"this roll needs {spec.dice} dice from 1 to 6, not {roll.values}")
    w = Work(state)
    dice = tuple(sorted(roll.values))
    if state.phase == Phase.REROLL:
        w.dice, w.phase, w.resume, w.rerolling = tuple(sorted(state.dice + dice)), state.resume, None, 0
        w.say(f"Re-roll: {show(dice)}; the dice are now {show(w.dice)}")
        return w.freeze()
    w.dice = dice
    w.phase = {Phase.ROLL: Phase.MAIN, Phase.PLANT_ROLL: Phase.PLANT, Phase.WEATHER_ROLL: Phase.WEATHER,
               Phase.CHECK_ROLL: Phase.CHECK}[state.phase]
    if state.phase == Phase.ROLL:
        w.say(f"Year {state.year}: rolled {show(dice)}")
    elif state.phase == Phase.PLANT_ROLL:
        w.say(f"Plant roll: {show(dice)}")
    elif state.phase == Phase.WEATHER_ROLL:
        w.say(f"Weather roll: {show(dice)}")
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
            return f"no die shows {move.die} in {show(state.dice)}"
        if move.die == move.to or not dice[move.to]:
            return f"mirror changes a die to match another die; no other die shows {move.to}"
    elif isinstance(move, (Flip, Nudge)):
        if not dice[move.die]:
            return f"no die shows {move.die} in {show(state.dice)}"
        if isinstance(move, Nudge) and not 1 <= move.die + move.delta <= 6:
            return f"+/-1 keeps a die within 1-6; {move.die} can't become {move.die + move.delta}"
    elif isinstance(move, Reroll):
        if Counter(move.dice) - dice:
            return f"the dice in play are {show(state.dice)}; there is no {show(move.dice)} to re-roll"
    return None


def _apply_ability(state: State, move: Move) -> State:
    why = _ability_problem(state, move)
    if why:
        raise IllegalMoveError(why)
    w = Work(state)
    ability = ABILITY_OF[type(move)]
    box = first(w.m, w.t.abilities[ability].boxes, FILLED)
    w.m[box.index] = USED
    dice = list(state.dice)
    if isinstance(move, Reroll):
        for v in move.dice:
            dice.remove(v)
        w.dice, w.rerolling, w.resume, w.phase = tuple(dice), len(move.dice), state.phase, Phase.REROLL
        w.say(f"Re-roll {show(move.dice)} (crossed {box.id})")
        return w.freeze()
    new = move.to if isinstance(move, Mirror) else (7 - move.die if isinstance(move, Flip) else move.die + move.delta)
    dice[dice.index(move.die)] = new
    w.dice = tuple(sorted(dice))
    w.say(f"{type(move).__name__}: {move.die} becomes {new} (crossed {box.id}); dice {show(w.dice)}")
    return w.freeze()


def _apply_target(state: State, move: Move) -> State:
    action = state.queue[0][0]
    want = {"save": Save, "protect": Protect, "clear": Clear, "introduce": Introduce, "grow": Grow}[action]
    if not isinstance(move, want):
        raise IllegalMoveError(f"the next group to resolve is on {action}; {hint(action)}")
    if move not in targets(state, action):
        raise IllegalMoveError(_target_problem(state, move))
    w = Work(state)
    mark_target(w, move)
    w.queue = w.queue[1:]
    _next_group(w)
    return w.freeze()


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
        if not ((matches(d[0], sq.col) and matches(d[1], sq.row)) or (matches(d[1], sq.col) and matches(d[0], sq.row))):
            why = f"the plant dice {show(d)} don't give column {sq.col} and row {sq.row} (6 is wild)"
        elif not square_cleared(state.marks, t, sq):
            lines = [x for x in (f"col-{sq.col}", f"row-{sq.row}") if not is_cleared(state, x)]
            why = f"{' and '.join(x.replace('-', ' ') for x in lines)} not cleared; both boxes of the column and row must be filled"
        else:
            why = f"square ({sq.col}, {sq.row}) has no empty plant outline"
        raise IllegalMoveError(why)
    w = Work(state)
    sq = t.square(move.col, move.row)
    o = first(w.m, sq.plants, EMPTY)
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
            raise IllegalMoveError(f"no dice to roll now: {waiting(state)}")
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
            raise IllegalMoveError(f"place the dice {show(state.dice)} first, e.g. '{placements(state.dice)[0]}'")
        why = placement_problem(state, action)
        if why:
            raise IllegalMoveError(why)
        w = Work(state)
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
                raise IllegalMoveError(f"the dice {show(state.dice)} reach a square; plant one: "
                                       + ", ".join(f"plant {c} {r}" for c, r in plant_squares(state)))
            w = Work(state)
            w.say(f"Plant: the dice {show(state.dice)} reach no cleared square with an empty plant; the plant is lost")
            w.queue = w.queue[1:]
            _next_group(w)
            return w.freeze()
        raise IllegalMoveError(f"pick a square for the plant dice {show(state.dice)}: plant COL ROW")
    if ph in (Phase.WEATHER, Phase.CHECK):
        if not isinstance(action, Keep):
            raise IllegalMoveError(f"use an ability on the {'weather roll' if ph == Phase.WEATHER else 'check die'} "
                                   "or 'keep' it")
        w = Work(state)
        (_resolve_weather if ph == Phase.WEATHER else _resolve_check)(w)
        return w.freeze()
    raise IllegalMoveError(f"{action} is not possible now")



