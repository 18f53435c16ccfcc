"""A greedy Raging Waters bot, used for benchmarks and to balance the pile layouts.

It precomputes, for every pile pair of a setup, which pairs of houses (and, in the strict
variant, house-swamp pairs) the berm would separate, as a bitmask; then each turn it draws
the legal berm that separates the most still-joined pairs.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ..core import CHANCE, sample
from ..dice import DiceStream
from . import geometry, rules
from .state import Berm, Move, Pass, SheetState
from .template import MapTemplate


@lru_cache(maxsize=8192)
def _separation(mt: MapTemplate, houses: tuple, swamps: tuple, strict: bool) -> tuple[dict, int]:
    """Per pile pair (rows of geometry.pair_table): bitmask of the point pairs it separates;
    plus the mask of all pairs that must be separated."""
    pts = [geometry.house_point(h) for h in houses]
    if strict:
        pts += [geometry.swamp_center(s) for s in swamps]
    nh = len(houses)
    needed = [(i, j) for i in range(nh) for j in range(i + 1, len(pts))]
    sides = geometry.sides_matrix(mt, pts)
    mask = np.zeros(len(sides), dtype=np.int64)
    for k, (i, j) in enumerate(needed):
        mask |= (sides[:, i] != sides[:, j]).astype(np.int64) << k
    return mask.tolist(), (1 << len(needed)) - 1


@dataclass
class GreedyBot:
    """Draws the berm that separates most; passes or leaves when nothing helps.

    patience: turns without progress before leaving a subdivision.
    """

    patience: int = 2
    _stalled: int = 0
    _map: int = -1

    def choose(self, state: SheetState) -> Move:
        if state.current != self._map:
            self._map, self._stalled = state.current, 0
        mt, m = state.template.maps[state.current], state.map
        masks, full = _separation(mt, m.houses, m.swamps, state.variant.strict_swamps)
        index = geometry.pair_index(mt)
        have = 0
        for b in m.berms:
            have |= masks[index[frozenset(b)]]
        best, gain = None, 0
        for b in rules.legal_berms(state):
            g = bin(masks[index[b.pair]] & ~have).count("1")
            if g > gain:
                best, gain = b, g
        if best is not None:
            self._stalled = 0
            return best
        self._stalled += 1
        leave = self._stalled > self.patience or not self._hope(state, masks, have, full)
        backhoes_left = state.template.backhoes - state.backhoes_used
        if backhoes_left > 1 or (leave and backhoes_left > 0):
            return Pass(leave=leave)
        # Keep the last backhoe: a harmless berm keeps the game going.
        legal = rules.legal_berms(state)
        if legal:
            b = legal[0]
            return Berm(b.a, b.b, leave=leave)
        return Pass(leave=leave)

    @staticmethod
    def _hope(state: SheetState, masks: list[int], have: int, full: int) -> bool:
        """Could the piles not yet used twice still separate what is left, ignoring the dice?"""
        mt = state.template.maps[state.current]
        used = state.map.usage()
        blocked = geometry.blocked_pairs(mt, state.map.houses, state.map.swamps, state.template.house_radius)
        reach = have
        for (p, q), mask, blk in zip(geometry.pair_table(mt)[0], masks, blocked):
            if not blk and used[p.id] < 2 and used[q.id] < 2:
                reach |= mask
        return reach == full


def play_game(seed: str, bot: GreedyBot | None = None, state: SheetState | None = None,
              max_steps: int = 10_000) -> SheetState:
    """Play one whole seeded game (setup included) with the bot; returns the final state."""
    bot = bot or GreedyBot()
    stream = DiceStream(seed)
    st = state or rules.new_game()
    for _ in range(max_steps):
        if st.over:
            return st
        if rules.current_player(st) == CHANCE:
            st = rules.apply(st, sample(stream, rules.chance_spec(st)))
        else:
            st = rules.apply(st, bot.choose(st))
    raise RuntimeError("game did not finish")
