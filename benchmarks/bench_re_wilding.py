"""Re-Wilding: 1,000 seeded bot games (score histogram, mean/median, bands), the time of a
whole bot game (target < 20 ms) and of the sheet PDF (target < 0.3 s)."""
from __future__ import annotations

import statistics
import time

from .util import best_of, histogram, summary, target

GAMES = 1000


def _bands(scores: list[int]) -> str:
    n = len(scores)
    return (f"under 10 {sum(s < 10 for s in scores) / n:.0%}, 10-20 {sum(10 <= s <= 20 for s in scores) / n:.0%}, "
            f"over 20 {sum(s > 20 for s in scores) / n:.0%}")


def run() -> bool:
    from scorer.cli.re_wilding import build, sheet_pages
    from scorer.re_wilding.bot import GreedyBot, RandomBot, Weights, play_game
    from scorer.re_wilding.score import tally

    ok = True
    play_game("warm-up")
    for name, make in (("greedy bot", lambda i: GreedyBot()), ("casual bot", lambda i: GreedyBot(Weights.casual())),
                       ("random bot", lambda i: RandomBot(i))):
        t0 = time.perf_counter()
        tallies = [tally(play_game(f"bench-{i}", make(i))) for i in range(GAMES)]
        per_game = (time.perf_counter() - t0) / GAMES
        scores = [k.total for k in tallies]
        print(f"   {name}, {GAMES} games (seeds bench-0..bench-{GAMES - 1}): {summary(scores)}, "
              f"sd {statistics.pstdev(scores):.1f}; {per_game * 1000:.1f} ms a game on average")
        print(f"   bands: {_bands(scores)}")
        parts = ", ".join(f"{a} {statistics.mean(getattr(k, a) for k in tallies):.1f}"
                          for a in ("flora", "fauna", "contaminated", "bare", "hunger"))
        print(f"   mean breakdown: {parts}")
        if name == "greedy bot":
            print(histogram(scores))
    game = best_of(lambda: play_game("bench-timing"), repeat=20)
    ok &= target("a whole greedy-bot game (best of 20)", game * 1000, 20, "ms")
    build("pdf", "a4", sheet_pages("bench", 1, "a4"))   # fonts, icons and ArUco codes loaded once
    pdf = best_of(lambda: build("pdf", "a4", sheet_pages("bench", 1, "a4")), repeat=5)
    ok &= target("the sheet PDF, one A4 page (best of 5)", pdf, 0.3)
    return ok
