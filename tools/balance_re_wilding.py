"""Balance the Re-Wilding sheet: play seeded bot games on variants of the design.

Each variant changes one of the DESIGN choices in tools/make_re_wilding_template.py
(pre-filled boxes, cleared lines, weather arrows); the template is built in memory and the
greedy bot (tuned weights) and the casual bot (hand-set weights) play N games on it.

    .venv/bin/python tools/balance_re_wilding.py            # all variants, 400 games each
    .venv/bin/python tools/balance_re_wilding.py 200 sheet more-protection
"""
from __future__ import annotations

import importlib.util
import statistics
import sys
from pathlib import Path
from unittest import mock

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import templates  # noqa: E402
from scorer.re_wilding import rules  # noqa: E402
from scorer.re_wilding.bot import GreedyBot, Weights, play_game  # noqa: E402
from scorer.re_wilding.score import tally  # noqa: E402
from scorer.re_wilding.template import load  # noqa: E402

_spec = importlib.util.spec_from_file_location("make_template", ROOT / "tools" / "make_re_wilding_template.py")
gen = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gen)  # type: ignore[union-attr]

VARIANTS: dict[str, dict] = {
    "sheet": {},   # the printed design
    "two +/-1 boxes": {"ABILITY_PREFILL": {"mirror": 1, "flip": 1, "reroll": 1, "plusminus": 2}},
    "no mirror box": {"ABILITY_PREFILL": {"mirror": 0, "flip": 1, "reroll": 1, "plusminus": 1}},
    "two fire and flood boxes": {"PROTECTION_PREFILL": {"fire": 2, "drought": 1, "storms": 1, "flood": 2}},
    "two of each protection": {"PROTECTION_PREFILL": {"fire": 2, "drought": 2, "storms": 2, "flood": 2}},
    "row 4 cleared too": {"CLEARED": {"col-2": 2, "col-4": 2, "row-2": 2, "row-4": 2, "col-3": 1, "row-3": 1}},
    "fewer half-cleared": {"CLEARED": {"col-2": 2, "col-4": 2, "row-2": 2, "row-4": 1, "row-3": 1}},
    "short arrows": {"CHAINS": {k: v[:2] for k, v in gen.CHAINS.items()}},
}


def template_for(design: dict):
    saved = {k: getattr(gen, k) for k in design}
    for k, v in design.items():
        setattr(gen, k, v)
    try:
        raw = gen.template()
    finally:
        for k, v in saved.items():
            setattr(gen, k, v)
    real = templates.load_raw
    with mock.patch.object(templates, "load_raw", lambda name: raw if name == "re_wilding_variant" else real(name)):
        load.cache_clear()
        t = load("re_wilding_variant")
    load.cache_clear()
    return t


def bands(scores: list[int]) -> str:
    n = len(scores)
    return (f"{statistics.mean(scores):5.1f} | {statistics.median(scores):4g} | {sum(s < 10 for s in scores) / n:4.0%} | "
            f"{sum(10 <= s <= 20 for s in scores) / n:4.0%} | {sum(s > 20 for s in scores) / n:4.0%}")


def main(argv: list[str]) -> None:
    n = int(argv[0]) if argv and argv[0].isdigit() else 400
    names = [a for a in argv if not a.isdigit()] or list(VARIANTS)
    print(f"| design ({n} games) | greedy mean | median | < 10 | 10-20 | > 20 | casual mean | median | < 10 | 10-20 | > 20 |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for name in names:
        t = template_for(VARIANTS[name])
        cells = []
        for w in (Weights(), Weights.casual()):
            scores = [tally(play_game(f"bench-{i}", GreedyBot(w), state=rules.new_game(template=t))).total
                      for i in range(n)]
            cells.append(bands(scores))
        print(f"| {name} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
