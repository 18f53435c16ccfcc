"""Raging Waters: referee speed, sheet speed, and 1,000 greedy-bot games (balance figures)."""
from __future__ import annotations

import statistics
import time
from collections import Counter
from dataclasses import replace

from benchmarks.util import best_of, histogram, summary, target
from scorer.core import Dice
from scorer.dice import DiceStream
from scorer.raging_waters import bot, geometry, legal_moves, rules, score
from scorer.raging_waters.state import Status

GAMES = 1000


def _full_delta():
    """A Delta in play with its 6 houses, 4 swamps and a few berms drawn."""
    for i in range(200):
        st = rules.rolled_setup(f"delta{i}")
        maps = tuple(replace(m, status=Status.LEFT) for m in st.maps[:3]) + (replace(st.maps[3], status=Status.ACTIVE),)
        st = replace(st, maps=maps, current=3)
        stream = DiceStream(f"delta{i}")
        b = bot.GreedyBot(patience=99)
        for _ in range(6):
            st = rules.apply(st, Dice(stream.roll("t", 3)))
            mv = b.choose(st)
            st = rules.apply(st, replace(mv, leave=False))
        if len(st.maps[3].berms) >= 3 and not st.over:
            return st
    raise RuntimeError("no busy Delta found")


def run() -> bool:
    ok = True
    st = _full_delta()
    rolls = [Dice(tuple(sorted(DiceStream("r").roll("x", 3)))) for _ in range(200)]
    st = replace(st, roll=None)
    warm = best_of(lambda: [legal_moves(st, d) for d in rolls], repeat=5) / len(rolls)
    m, mt = st.maps[3], st.template.maps[3]

    def cold() -> None:
        geometry.blocked_pairs.cache_clear()
        legal_moves(st, rolls[0])

    print(f"   full Delta: {len(m.houses)} houses, {len(m.swamps)} swamps, {len(m.berms)} berms, "
          f"{len(mt.piles)} piles; {sum(len(legal_moves(st, d)) for d in rolls) / len(rolls):.1f} legal moves per roll")
    ok &= target("legal_moves per turn on a full Delta (cached setup)", warm * 1000, 2.0, "ms")
    ok &= target("legal_moves on a new setup (cold, computes every pile pair)", best_of(cold) * 1000, 2.0, "ms")

    from scorer.cli.raging_waters import build_pdf_or_svg, sheet_pages
    build_pdf_or_svg("pdf", "a4", sheet_pages("warmup", 1, "a4", "rolled"))
    pdf_t = best_of(lambda: build_pdf_or_svg("pdf", "a4", sheet_pages("game-night", 4, "a4", "rolled")), repeat=3)
    ok &= target("4-player PDF", pdf_t, 0.5)

    t0 = time.perf_counter()
    finals = [bot.play_game(f"bench{i}") for i in range(GAMES)]
    play_t = time.perf_counter() - t0
    ok &= target(f"{GAMES} greedy-bot games (play only)", play_t, 10.0)
    scores = [score(s).total for s in finals]
    print(f"   scores: {summary(scores)}, stdev {statistics.pstdev(scores):.1f}")
    print(histogram(scores))
    reached, done, left = Counter(), Counter(), Counter()
    for s in finals:
        for mm in s.maps:
            reached[mm.id] += mm.status != Status.PENDING
            done[mm.id] += mm.status == Status.COMPLETED
            left[mm.id] += mm.status == Status.LEFT
    print("   subdivision   reached  completed  left")
    for mt_ in finals[0].template.maps:
        print(f"   {mt_.name:<12} {reached[mt_.id] / GAMES:7.1%} {done[mt_.id] / GAMES:10.1%} {left[mt_.id] / GAMES:6.1%}")
    backhoes = Counter(s.backhoes_used for s in finals)
    print("   backhoes used: " + ", ".join(f"{k}: {backhoes[k] / GAMES:.0%}" for k in sorted(backhoes)))
    return ok
