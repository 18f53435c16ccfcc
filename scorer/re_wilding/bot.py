"""Re-Wilding bots, used to balance the sheet and for the benchmark.

`GreedyBot` values a sheet with a static evaluation: the score so far, plus what partial
squares, cleared lines and unused ability, protection and clean-up boxes are likely
worth, less looming hunger. It takes the move that raises that value most:

- dice placement: every action's targets are valued once (the gain of the best, the
  second best, ...), a plant group by its chance of reaching a square; a placement is
  worth the sum over its groups. A one-box ability use on the main roll is taken when
  the best placement of the changed dice gains more than the box is worth.
- targets (save, protect, clear, introduce, grow/breed, plant): the largest gain.
- plant roll: abilities only to reach a square at all; weather: abilities when the
  changed result is worth more than the box (e.g. nudging 6 or 8 to a perfect 7).

The evaluation is a sum over squares from a lookup table, so a game takes a few ms.
`RandomBot` plays any legal move.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache

from ..core import CHANCE, sample
from ..dice import DiceStream
from . import rules
from .moves import ACTIONS, Flip, Keep, Mirror, Move, Nudge, Place, Plant, Reroll
from .state import CROSSED, EMPTY, FILLED, Phase, State
from .template import ABILITIES, WEATHERS, ReWildingTemplate


@dataclass(frozen=True)
class Weights:
    """What the evaluation pays for each thing on the sheet (in points).

    The defaults were tuned by random search over 250 seeded games (see README,
    "Re-Wilding"); `Weights.casual()` is the untuned hand-set start, a weaker player.
    """

    outline: float = 0.561        # a coloured plant in a square not yet complete
    wild_outline: float = 0.858   # a coloured wildlife in a square not yet complete
    line_box: float = 2.313       # a filled cleared box
    line_done: float = 2.181      # bonus when a line is cleared
    ability: float = 0.852        # an unused ability box (first three per row)
    protection: float = 0.041     # an unused protection box (first three per row)
    cleanup: float = 0.14         # an unused clean-up box while lines are uncleared
    hunger_risk: float = 0.665    # per hunger comparison now true, per year left (up to 3)
    strike: float = 5.886         # how much to fear the weather striking the grid
    plant_hit: float = 2.113      # worth of one plant coloured by a plant group

    @classmethod
    def casual(cls) -> "Weights":
        """The hand-set weights the tuning started from."""
        return cls(outline=0.4, wild_outline=0.4, line_box=0.35, line_done=0.5, ability=0.3, protection=0.22,
                   cleanup=0.35, hunger_risk=0.35, strike=1.2, plant_hit=0.55)


class Evaluator:
    """Fast sheet values for one template and weights."""

    def __init__(self, t: ReWildingTemplate, w: Weights) -> None:
        self.t, self.w = t, w
        self.squares = tuple((sq.plants[0].index, sq.plants[1].index, sq.wildlife[0].index, sq.wildlife[1].index)
                             for sq in t.squares)
        kinds = [h.wildlife for h in t.habitats.values()]
        self.kind_of = tuple(kinds.index(sq.wildlife[0].kind) for sq in t.squares)
        self.hunger_rules = tuple((kinds.index(r.more), kinds.index(r.than), r.margin) for r in t.hunger.values())
        self.hunger_boxes = tuple(b.index for r in t.hunger.values() for b in r.boxes)
        self.lines = tuple((ln.boxes[0].index, ln.boxes[1].index) for ln in t.lines.values())
        self.rows = (tuple(tuple(b.index for b in r.boxes) for r in t.abilities.values()),
                     tuple(tuple(b.index for b in r.boxes) for r in t.protection.values()))
        self.cleanup = tuple(b.index for b in t.cleanup)
        self.sq_table, self.wc_table = self._tables()
        self.sq_at = {sq.pos: i for i, sq in enumerate(t.squares)}
        self.habitat_squares = {k: tuple(i for i, sq in enumerate(t.squares) if sq.habitat == t.habitat_of_kind(k).id)
                                for h in t.habitats.values() for k in (h.plant, h.wildlife)}

    def _tables(self) -> tuple[list[float], list[int]]:
        w = self.w
        vals, wcs = [], []
        for code in range(256):
            a, b, c, d = code >> 6, (code >> 4) & 3, (code >> 2) & 3, code & 3
            wc = (c == FILLED) + (d == FILLED)
            wcs.append(wc)
            if code == 0:
                vals.append(-1.0)   # bare
                continue
            crossed = (((a | c) & CROSSED) != 0) + (((b | d) & CROSSED) != 0)
            pc = (a == FILLED) + (b == FILLED)
            v = -crossed + (1.0 if pc == 2 else w.outline * pc) + (1.0 if wc == 2 else w.wild_outline * wc)
            vals.append(v)
        return vals, wcs

    def grid(self, m) -> tuple[float, list[int]]:
        """Sum of square values and the coloured wildlife of each kind."""
        tab, wct = self.sq_table, self.wc_table
        total = 0.0
        counts = [0, 0, 0, 0]
        for (a, b, c, d), k in zip(self.squares, self.kind_of):
            code = (m[a] << 6) | (m[b] << 4) | (m[c] << 2) | m[d]
            total += tab[code]
            counts[k] += wct[code]
        return total, counts

    def hunger(self, m, counts: list[int], year: int) -> float:
        filled = sum(1 for i in self.hunger_boxes if m[i] & FILLED)
        return -filled / 2 + self.risk(counts, year)

    def risk(self, counts: list[int], year: int) -> float:
        """The looming-hunger part of the value: comparisons true now, for the years left."""
        n = 0
        for more, than, margin in self.hunger_rules:
            if counts[more] > counts[than] + margin:
                n += 1
        return -self.w.hunger_risk * n * min(self.t.years - year + 1, 3) if n else 0.0

    def support(self, m) -> float:
        """Lines, abilities, protection and clean-up."""
        w = self.w
        v = 0.0
        all_clear = True
        for a, b in self.lines:
            n = (m[a] & FILLED != 0) + (m[b] & FILLED != 0)
            v += n * w.line_box + (w.line_done if n == 2 else 0.0)
            all_clear = all_clear and n == 2
        for row in self.rows[0]:
            v += w.ability * min(3, sum(1 for i in row if m[i] == FILLED))
        for row in self.rows[1]:
            v += w.protection * min(3, sum(1 for i in row if m[i] == FILLED))
        if not all_clear:
            v += w.cleanup * sum(1 for i in self.cleanup if m[i] == FILLED)
        return v

    def value(self, m, year: int) -> float:
        g, counts = self.grid(m)
        return g + self.hunger(m, counts, year) + self.support(m)

    def square_codes(self, m, which) -> list[int]:
        return [(m[a] << 6) | (m[b] << 4) | (m[c] << 2) | m[d] for a, b, c, d in (self.squares[i] for i in which)]

    def grid_delta(self, m0, m1, which, counts: list[int], year: int) -> float:
        """Change of grid_value from m0 to m1 when only the squares `which` changed;
        `counts` are m0's wildlife counts."""
        tab, wct = self.sq_table, self.wc_table
        d = 0.0
        new = list(counts)
        for i, c0, c1 in zip(which, self.square_codes(m0, which), self.square_codes(m1, which)):
            if c0 != c1:
                d += tab[c1] - tab[c0]
                new[self.kind_of[i]] += wct[c1] - wct[c0]
        if new != counts:
            d += self.risk(new, year) - self.risk(counts, year)
        return d

    def code_delta(self, m, i: int, code1: int, counts: list[int], year: int) -> float:
        """Change of grid_value when square i alone changes to `code1`."""
        a, b, c, d = self.squares[i]
        code0 = (m[a] << 6) | (m[b] << 4) | (m[c] << 2) | m[d]
        delta = self.sq_table[code1] - self.sq_table[code0]
        dw = self.wc_table[code1] - self.wc_table[code0]
        if dw:
            new = list(counts)
            new[self.kind_of[i]] += dw
            delta += self.risk(new, year) - self.risk(counts, year)
        return delta

    def plant_gain(self, m, i: int, counts: list[int], year: int) -> float:
        """Gain of colouring the first empty plant of square i."""
        a, b, c, d = (m[x] for x in self.squares[i])
        if a == EMPTY:
            a = FILLED
        else:
            b = FILLED
        return self.code_delta(m, i, (a << 6) | (b << 4) | (c << 2) | d, counts, year)

    def introduce_gain(self, m, i: int, counts: list[int], year: int) -> float:
        """Gain of colouring the first wildlife under a coloured plant in square i."""
        a, b, c, d = (m[x] for x in self.squares[i])
        if c == EMPTY and a == FILLED:
            c = FILLED
        else:
            d = FILLED
        return self.code_delta(m, i, (a << 6) | (b << 4) | (c << 2) | d, counts, year)

    def grid_value(self, m, year: int) -> float:
        """The parts of the value that growing, planting and introducing change."""
        g, counts = self.grid(m)
        return g + self.hunger(m, counts, year)


@lru_cache(maxsize=16)
def evaluator(t: ReWildingTemplate, w: Weights) -> Evaluator:
    return Evaluator(t, w)


def evaluate(state: State, w: Weights = Weights()) -> float:
    """The static value of a sheet (see module docstring)."""
    return evaluator(state.template, w).value(state.marks, state.year)


@lru_cache(maxsize=None)
def _hit_fraction(squares: frozenset) -> float:
    """Chance that two dice (6 wild, either order) reach one of these squares."""
    hits = 0
    for a in range(1, 7):
        for b in range(1, 7):
            if any((a in (c, 6) and b in (r, 6)) or (b in (c, 6) and a in (r, 6)) for c, r in squares):
                hits += 1
    return hits / 36


@lru_cache(maxsize=None)
def _signatures(dice: tuple[int, ...], flag: bool) -> tuple[tuple[tuple[int, ...], Place], ...]:
    """Placements grouped by how many groups go on each action (value depends only on that)."""
    seen: dict[tuple, Place] = {}
    for p in rules.placements(dice, flag):
        counts = tuple(sum(1 for a, _ in p.groups if a == act) for act in ACTIONS)
        seen.setdefault(tuple((i, c) for i, c in enumerate(counts) if c), p)
    return tuple(seen.items())


def _uncleared(state: State) -> list[str]:
    return [lid for lid in state.template.lines if not rules.is_cleared(state, lid)]


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
class GreedyBot:
    """A one-step greedy player over the static evaluation; see the module docstring."""

    weights: Weights = field(default_factory=Weights)
    use_abilities: bool = True

    def choose(self, state: State) -> Move:
        ph = state.phase
        ev = evaluator(state.template, self.weights)
        if ph == Phase.MAIN:
            return self._main(state, ev)
        if ph == Phase.ACTION:
            action = state.queue[0][0]
            counts, uncleared = ev.grid(state.marks)[1], _uncleared(state)
            return max(rules.legal_moves(state), key=lambda mv: self._gain(state, ev, action, mv, counts, uncleared))
        if ph == Phase.PLANT:
            return self._plant(state, ev)
        if ph == Phase.WEATHER:
            return self._weather(state, ev)
        return Keep()

    # -- gains -----------------------------------------------------------------------
    def _gain(self, state: State, ev: Evaluator, action: str, mv: Move, counts: list[int],
              uncleared: list[str]) -> float:
        """Value gained by marking a target, given the sheet's wildlife counts and uncleared lines."""
        w, m, t = self.weights, state.marks, state.template
        if action == "save":
            return w.ability if rules.ability_uses(state, mv.ability) < 3 else 0.0  # type: ignore[union-attr]
        if action == "protect":
            return w.protection if rules.protection(state, mv.weather) < 3 else 0.0  # type: ignore[union-attr]
        if action == "clear":
            if mv.target == "cleanup":  # type: ignore[union-attr]
                return w.cleanup if uncleared else 0.0
            a, b = t.lines[mv.target].boxes  # type: ignore[union-attr]
            completes = bool(m[a.index] & FILLED or m[b.index] & FILLED)
            g = w.line_box + (w.line_done if completes else 0.0)
            if completes and uncleared == [mv.target]:  # type: ignore[union-attr]
                g -= w.cleanup * rules.cleanup_left(state)
            return g
        if action == "introduce":
            return ev.introduce_gain(m, ev.sq_at[(mv.col, mv.row)], counts, state.year)  # type: ignore[union-attr]
        work = rules._Work(state)
        rules.grow(work, mv.kind)  # type: ignore[union-attr]
        return ev.grid_delta(m, work.m, ev.habitat_squares[mv.kind], counts, state.year)  # type: ignore[union-attr]

    def _action_gains(self, state: State, ev: Evaluator) -> list[list[float]]:
        """Per action (panel order), cumulative gains of 0, 1, 2, ... groups on it."""
        out = []
        counts = ev.grid(state.marks)[1]
        uncleared = _uncleared(state)
        for action in ACTIONS:
            if action == "plant":
                plantable = rules.plantable_squares(state)
                gains = []
                if plantable:
                    p = _hit_fraction(frozenset(plantable))
                    if self.use_abilities and any(rules.ability_uses(state, a) for a in ABILITIES):
                        p = 1 - (1 - p) * 0.45
                    g = p * self.weights.plant_hit
                    gains = [g, g * 0.9, g * 0.8, g * 0.7]
            else:
                gains = sorted((self._gain(state, ev, action, mv, counts, uncleared) for mv in rules._targets(state, action)),
                               reverse=True)
            cum = [0.0]
            for g in gains[:4]:
                cum.append(cum[-1] + max(g, 0.0))
            cum += [cum[-1]] * (5 - len(cum))
            out.append(cum)
        return out

    def _best_place(self, dice: tuple[int, ...], flag: bool, gains: list[list[float]]) -> tuple[float, Place]:
        best_v, best = float("-inf"), None
        for pairs, place in _signatures(dice, flag):
            v = 0.0
            for i, c in pairs:
                v += gains[i][c]
            if v > best_v:
                best_v, best = v, place
        return best_v, best  # type: ignore[return-value]

    def _main(self, state: State, ev: Evaluator) -> Move:
        gains = self._action_gains(state, ev)
        flag = state.variant.one_group_per_action
        best_v, best = self._best_place(state.dice, flag, gains)
        if self.use_abilities:
            cost = self.weights.ability * 1.2
            tried = {state.dice}
            for mv in rules.ability_moves(state):
                if isinstance(mv, Reroll):
                    continue
                dice = _changed(state.dice, mv)
                if dice in tried:
                    continue
                tried.add(dice)
                v, _ = self._best_place(dice, flag, gains)
                if v - cost > best_v + 1e-9:
                    return mv
        return best

    # -- plant -----------------------------------------------------------------------
    def _plant(self, state: State, ev: Evaluator) -> Move:
        squares = rules.plant_squares(state)
        if squares:
            counts = ev.grid(state.marks)[1]

            def gain(pos: tuple[int, int]) -> float:
                return ev.plant_gain(state.marks, ev.sq_at[pos], counts, state.year)
            c, r = max(squares, key=gain)
            return Plant(c, r)
        if self.use_abilities:
            moves = rules.ability_moves(state)
            for mv in moves:
                if not isinstance(mv, Reroll) and rules.plant_squares(state, _changed(state.dice, mv)):
                    return mv
            rerolls = [mv for mv in moves if isinstance(mv, Reroll) and len(mv.dice) == 2]
            if rerolls:
                return rerolls[0]
        return Keep()

    # -- weather ---------------------------------------------------------------------
    def _weather_value(self, state: State, result: int, growth: dict) -> float:
        """Rough worth of a weather result; `growth` holds the gains of breeding all,
        growing all and both."""
        w = self.weights

        def harm(weather: str, chance: float) -> float:
            return -chance * (w.protection if rules.protection(state, weather) else w.strike)

        if result <= 3:
            return harm("fire", 1.0)
        if result >= 11:
            return harm("flood", 1.0)
        if result == 7:
            return growth["both"]
        weather = "drought" if result <= 6 else "storms"
        fail = (6 - min(rules.protection(state, weather), 6)) / 6
        return harm(weather, fail) + growth["grow" if result > 7 else "breed"]

    def _growth(self, state: State, ev: Evaluator) -> dict:
        base = ev.grid_value(state.marks, state.year)
        out = {}
        for key, wild, plants in (("breed", True, False), ("grow", False, True), ("both", True, True)):
            work = rules._Work(state)
            for h in state.template.habitats.values():
                if wild:
                    rules.grow(work, h.wildlife)
                if plants:
                    rules.grow(work, h.plant)
            out[key] = ev.grid_value(work.m, state.year) - base
        return out

    def _weather(self, state: State, ev: Evaluator) -> Move:
        last = rules.calendar_value(state, state.year - 1) if state.year > 1 else None
        growth = self._growth(state, ev)
        cache: dict[int, float] = {}

        def val(dice: tuple[int, ...]) -> float:
            _, res = rules.weather_result(state.year, dice, last)
            if res not in cache:
                cache[res] = self._weather_value(state, res, growth)
            return cache[res]

        best, best_v = Keep(), val(state.dice)
        cost = self.weights.ability * 1.5
        for mv in rules.ability_moves(state):
            if isinstance(mv, Reroll):
                continue
            v = val(_changed(state.dice, mv)) - cost
            if v > best_v + 0.05:
                best, best_v = mv, v
        return best


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
        if rules.current_player(st) == CHANCE:
            action = sample(stream, rules.chance_spec(st))
        else:
            action = rules.forced_move(st) or bot.choose(st)
        if record is not None:
            record.append(action)
        st = rules.apply(st, action)
    raise RuntimeError("game did not finish")


__all__ = ["GreedyBot", "RandomBot", "Weights", "Evaluator", "evaluate", "play_game", "WEATHERS"]
