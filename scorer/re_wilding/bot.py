"""Re-Wilding bots, used to balance the sheet and for the benchmark.

`GreedyBot` values a sheet with a static evaluation (score so far plus the worth of
partial squares, cleared lines, abilities, protection and clean-up, less looming hunger)
and takes the move that raises it most. Placements are valued group by group from the
best target of each action (a plant group by its chance of reaching a square); ability
uses are weighed against the boxes they cost. `RandomBot` plays any legal move.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache

from ..core import CHANCE, sample
from ..dice import DiceStream
from . import rules
from .moves import Flip, Grow, Keep, Mirror, Move, Nudge, Place, Plant, Reroll
from .state import CROSSED, EMPTY, FILLED, Phase, State
from .template import ReWildingTemplate


@dataclass(frozen=True)
class Weights:
    """What the evaluation pays for each thing on the sheet (points)."""

    outline: float = 0.4          # a coloured outline in a square not yet complete
    line_box: float = 0.35        # a filled cleared box
    line_done: float = 0.5        # bonus when a line is cleared
    ability: float = 0.3          # an unused ability box (first three per row)
    protection: float = 0.22      # an unused protection box (first three per row)
    cleanup: float = 0.35         # an unused clean-up box while lines are uncleared
    hunger_risk: float = 0.35     # per hunger comparison currently true, per year left (up to 3)
    strike: float = 1.2           # expected loss when weather strikes the grid


@lru_cache(maxsize=8)
def _layout(t: ReWildingTemplate) -> dict:
    """Index tuples for fast evaluation."""
    return {
        "squares": tuple((tuple(o.index for o in sq.plants), tuple(o.index for o in sq.wildlife)) for sq in t.squares),
        "lines": tuple(tuple(b.index for b in ln.boxes) for ln in t.lines.values()),
        "abilities": tuple(tuple(b.index for b in r.boxes) for r in t.abilities.values()),
        "protection": tuple(tuple(b.index for b in r.boxes) for r in t.protection.values()),
        "cleanup": tuple(b.index for b in t.cleanup),
        "hunger": tuple(tuple(b.index for b in r.boxes) for r in t.hunger.values()),
        "hunger_rules": tuple((r.more, r.than, r.margin) for r in t.hunger.values()),
        "wild_kind": tuple(sq.wildlife[0].kind for sq in t.squares),
    }


def evaluate(marks, t: ReWildingTemplate, year: int, w: Weights = Weights()) -> float:
    """Static value of a sheet: its score plus what its marks are likely worth later."""
    L = _layout(t)
    v = 0.0
    counts: dict[str, int] = {}
    for (p, wl), kind in zip(L["squares"], L["wild_kind"]):
        a, b = marks[p[0]], marks[p[1]]
        c, d = marks[wl[0]], marks[wl[1]]
        if (a | b | c | d) == 0:
            v -= 1.0                                    # bare
            continue
        crossed = ((a | c) & CROSSED != 0) + ((b | d) & CROSSED != 0)
        v -= crossed
        pc = (a == FILLED) + (b == FILLED)
        wc = (c == FILLED) + (d == FILLED)
        counts[kind] = counts.get(kind, 0) + wc
        v += 1.0 if pc == 2 else w.outline * pc
        v += 1.0 if wc == 2 else w.outline * wc
    hunger = sum(1 for row in L["hunger"] for i in row if marks[i] & FILLED)
    v -= hunger / 2
    left = t.years - year + 1
    for more, than, margin in L["hunger_rules"]:
        if counts.get(more, 0) > counts.get(than, 0) + margin:
            v -= w.hunger_risk * min(left, 3)
    all_clear = True
    for a, b in L["lines"]:
        n = (marks[a] & FILLED != 0) + (marks[b] & FILLED != 0)
        v += n * w.line_box + (w.line_done if n == 2 else 0.0)
        all_clear &= n == 2
    for row in L["abilities"]:
        v += w.ability * min(3, sum(1 for i in row if marks[i] == FILLED))
    for row in L["protection"]:
        v += w.protection * min(3, sum(1 for i in row if marks[i] == FILLED))
    if not all_clear:
        v += w.cleanup * sum(1 for i in L["cleanup"] if marks[i] == FILLED)
    return v


def _value(state: State, w: Weights) -> float:
    return evaluate(state.marks, state.template, state.year, w)


@lru_cache(maxsize=None)
def _hit_fraction(squares: frozenset) -> float:
    """Chance that two dice (6 wild, either order) reach one of these squares."""
    hits = 0
    for a in range(1, 7):
        for b in range(1, 7):
            if any((a in (c, 6) and b in (r, 6)) or (b in (c, 6) and a in (r, 6)) for c, r in squares):
                hits += 1
    return hits / 36


@dataclass
class GreedyBot:
    """A one-step greedy player over `evaluate`; see the module docstring."""

    weights: Weights = field(default_factory=Weights)
    use_abilities: bool = True

    # -- the dispatcher --------------------------------------------------------------
    def choose(self, state: State) -> Move:
        ph = state.phase
        if ph == Phase.MAIN:
            return self._main(state)
        if ph == Phase.ACTION:
            return self._best_target(state)
        if ph == Phase.PLANT:
            return self._plant(state)
        if ph == Phase.WEATHER:
            return self._weather(state)
        return Keep()

    # -- placing the dice ------------------------------------------------------------
    def _action_values(self, state: State) -> dict[str, list[float]]:
        """Per action, the gains of its best targets in order (for 1, 2, ... groups)."""
        base = _value(state, self.weights)
        out: dict[str, list[float]] = {}
        for action in ("save", "protect", "clear", "introduce", "grow"):
            gains = []
            for mv in rules._targets(state, action):
                gains.append(self._after_target(state, action, mv) - base)
            gains.sort(reverse=True)
            out[action] = gains[:4] or [0.0]
        plantable = rules.plantable_squares(state)
        if plantable:
            p = _hit_fraction(frozenset(plantable))
            if self.use_abilities:
                spare = sum(rules.ability_uses(state, a) for a in ("flip", "plusminus", "reroll", "mirror"))
                p = 1 - (1 - p) * (0.45 if spare else 1.0)
            gain = p * (self.weights.outline + 0.15)
            out["plant"] = [gain, gain * 0.9, gain * 0.8, gain * 0.7]
        else:
            out["plant"] = [0.0]
        return out

    def _after_target(self, state: State, action: str, mv: Move) -> float:
        w = rules._Work(state)
        rules.mark_target(w, mv)
        return evaluate(w.m, w.t, state.year, self.weights)

    def _place_value(self, place: Place, values: dict[str, list[float]]) -> float:
        seen: dict[str, int] = {}
        total = 0.0
        for action, _ in place.groups:
            k = seen.get(action, 0)
            seen[action] = k + 1
            gains = values[action]
            total += gains[k] if k < len(gains) else 0.0
        return total

    def _main(self, state: State) -> Move:
        values = self._action_values(state)
        flag = state.variant.one_group_per_action
        best = max(rules.placements(state.dice, flag), key=lambda p: self._place_value(p, values))
        best_v = self._place_value(best, values)
        if self.use_abilities:
            for mv in rules.ability_moves(state):
                if isinstance(mv, Reroll):
                    continue
                dice = _changed(state.dice, mv)
                cand = max(rules.placements(dice, flag), key=lambda p: self._place_value(p, values))
                v = self._place_value(cand, values) - self.weights.ability * 1.2
                if v > best_v + 1e-9:
                    return mv
        return best

    # -- targets ---------------------------------------------------------------------
    def _best_target(self, state: State) -> Move:
        action = state.queue[0][0]
        return max(rules.legal_moves(state), key=lambda mv: self._after_target(state, action, mv))

    def _plant(self, state: State) -> Move:
        squares = rules.plant_squares(state)
        if squares:
            return max((Plant(c, r) for c, r in squares), key=lambda mv: self._plant_value(state, mv))
        if self.use_abilities:
            for mv in rules.ability_moves(state):
                if not isinstance(mv, Reroll) and rules.plant_squares(state, _changed(state.dice, mv)):
                    return mv
            rerolls = [mv for mv in rules.ability_moves(state) if isinstance(mv, Reroll) and len(mv.dice) == 2]
            if rerolls:
                return rerolls[0]
        return Keep()

    def _plant_value(self, state: State, mv: Plant) -> float:
        w = rules._Work(state)
        sq = state.template.square(mv.col, mv.row)
        o = rules._first(w.m, sq.plants, EMPTY)
        w.m[o.index] = FILLED
        return evaluate(w.m, w.t, state.year, self.weights)

    # -- the weather -----------------------------------------------------------------
    def _weather_value(self, state: State, result: int) -> float:
        """Rough worth of a weather result for this sheet."""
        w = self.weights
        t = state.template

        def harm(weather: str, chance: float) -> float:
            have = rules.protection(state, weather)
            cost = w.protection if have else w.strike
            return -chance * cost

        def grow_gain(plants: bool) -> float:
            work = rules._Work(state)
            for h in t.habitats.values():
                rules.grow(work, h.plant if plants else h.wildlife)
            return evaluate(work.m, t, state.year, w) - _value(state, w)

        if result <= 3:
            return harm("fire", 1.0)
        if result >= 11:
            return harm("flood", 1.0)
        if result == 7:
            return grow_gain(False) + grow_gain(True)
        if result <= 6:
            n = rules.protection(state, "drought")
            return harm("drought", (6 - min(n, 6)) / 6) + grow_gain(False)
        n = rules.protection(state, "storms")
        return harm("storms", (6 - min(n, 6)) / 6) + grow_gain(True)

    def _weather(self, state: State) -> Move:
        last = rules.calendar_value(state, state.year - 1) if state.year > 1 else None
        cache: dict[int, float] = {}

        def val(dice: tuple[int, ...]) -> float:
            _, res = rules.weather_result(state.year, dice, last)
            if res not in cache:
                cache[res] = self._weather_value(state, res)
            return cache[res]

        keep = val(state.dice)
        best, best_v = Keep(), keep
        for mv in rules.ability_moves(state):
            if isinstance(mv, Reroll):
                continue
            v = val(_changed(state.dice, mv)) - self.weights.ability * 1.5
            if v > best_v + 0.05:
                best, best_v = mv, v
        return best


def _changed(dice: tuple[int, ...], mv: Move) -> tuple[int, ...]:
    d = list(dice)
    if isinstance(mv, Mirror):
        d[d.index(mv.die)] = mv.to
    elif isinstance(mv, Flip):
        d[d.index(mv.die)] = 7 - mv.die
    elif isinstance(mv, Nudge):
        d[d.index(mv.die)] = mv.die + mv.delta
    return tuple(sorted(d))


@dataclass
class RandomBot:
    """Any legal move, uniformly (seeded)."""

    seed: int = 0

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)

    def choose(self, state: State) -> Move:
        return self._rng.choice(rules.legal_moves(state))


def play_game(seed: str, bot=None, state: State | None = None, record: list | None = None,
              max_steps: int = 5000) -> State:
    """Play one whole seeded game with the bot; returns the final state.

    `record`, if given, receives every action (rolls included) in order.
    """
    bot = bot or GreedyBot()
    stream = DiceStream(seed)
    st = state or rules.new_game()
    for _ in range(max_steps):
        if st.phase == Phase.OVER:
            return st
        action = sample(stream, rules.chance_spec(st)) if rules.current_player(st) == CHANCE else bot.choose(st)
        if record is not None:
            record.append(action)
        st = rules.apply(st, action)
    raise RuntimeError("game did not finish")
