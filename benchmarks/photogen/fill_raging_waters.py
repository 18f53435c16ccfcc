"""Fill a Raging Waters sheet the way players do, from a game the bot played."""
from __future__ import annotations

import numpy as np

from scorer.core import CHANCE, sample as roll
from scorer.dice import DiceStream
from scorer.photo import games
from scorer.raging_waters import rules
from scorer.raging_waters.bot import GreedyBot
from scorer.raging_waters.sheet_json import dump_sheet, load_sheet
from scorer.raging_waters import score as rw_score
from scorer.raging_waters.state import Status
from scorer.raging_waters.template import load

from . import pens
from .corpus import PEN_CHOICES, all_states
from .pens import Page, scribble, wobbly_line


def _play(sid, rng: np.random.Generator):
    """A bot game on this sheet's setup, stopped at a random point (sometimes the end)."""
    stream = DiceStream(f"{sid.seed}-{sid.player}")
    st = rules.rolled_setup(sid.seed) if sid.setup == "rolled" else rules.new_game()
    bot = GreedyBot(patience=int(rng.integers(1, 4)))
    stop = None if rng.random() < 0.6 else int(rng.integers(3, 30))
    steps = 0
    while not st.over:
        if rules.current_player(st) == CHANCE:
            st = rules.apply(st, roll(stream, rules.chance_spec(st)))
        else:
            if stop is not None and steps >= stop and not st.setting_up:
                break
            st = rules.apply(st, bot.choose(st))
            steps += 1
    return st


def _tick(page: Page, rng, x, y, w, h, pen, style: str) -> None:
    if style == "x":
        m = 0.15 * w
        page.stroke(wobbly_line(rng, (x + m, y + m), (x + w - m, y + h - m), 0.4, 0.1, 0.5), pen)
        page.stroke(wobbly_line(rng, (x + w - m, y + m), (x + m, y + h - m), 0.4, 0.1, 0.5), pen)
    elif style == "tick":
        a = (x + 0.2 * w + rng.uniform(-0.3, 0.3), y + 0.55 * h)
        b = (x + 0.42 * w, y + 0.85 * h + rng.uniform(-0.3, 0.3))
        c = (x + 0.95 * w + rng.uniform(-0.5, 1.0), y + 0.05 * h + rng.uniform(-1.0, 0.3))
        page.stroke(np.array([a, b, c]), pen)
    elif style == "slash":
        page.stroke(wobbly_line(rng, (x + 0.1 * w, y + 0.9 * h), (x + 0.9 * w, y + 0.1 * h), 0.5, 0.1, 0.5), pen)
    else:  # filled
        for ln in scribble(rng, x + 0.4, y + 0.4, w - 0.8, h - 0.8, pen.width * 1.3, 0.05):
            page.stroke(ln, pen)


# How far a ruler line's ends miss the pile centres (mm, uniform, each end in a random
# direction): "a millimetre or two" (issue 4) for a typical hand; a sloppy hand misses by
# 2-3 mm, more than half the gap between the closest candidate berms (3.2 mm).
MISS = {"typical": (0.0, 2.0), "sloppy": (2.0, 3.0)}


def fill(page: Page, sid, origin: tuple[float, float], rng: np.random.Generator, hand: str = "typical"):
    """Draw the bot's game on the page; return (mark states, sheet JSON, score)."""
    ox, oy = origin
    t = load()
    st = _play(sid, rng)
    sheet = dump_sheet(st)
    sheet["sheet_id"] = sid.encode()
    state = load_sheet(sheet)
    score = rw_score(state).total
    marked: set[str] = set()
    pen = PEN_CHOICES[int(rng.integers(len(PEN_CHOICES)))]
    sh = lambda pts: np.asarray(pts, float) + np.array([ox, oy])  # noqa: E731 - frame -> page mm
    for i, (m, mt) in enumerate(zip(st.maps, t.maps)):
        if sid.setup == "blank":
            for c, r in m.houses:
                x, y = mt.to_mm(c, r)
                page.disc(ox + x + rng.uniform(-0.7, 0.7), oy + y + rng.uniform(-0.7, 0.7),
                          rng.uniform(0.8, 1.5), pen if pen is not pens.PENCIL else pens.BALLPOINT_BLACK)
                marked.add(f"{mt.id}/house/{c},{r}")
            for c, r in m.swamps:
                x, y = mt.to_mm(c - 1, r)
                s = mt.pitch
                inset = rng.uniform(0.6, 1.6)
                hatch = pens.FELT_GREEN if rng.random() < 0.5 else pen
                for ln in scribble(rng, ox + x + inset, oy + y + inset, s - 2 * inset, s - 2 * inset,
                                   rng.uniform(1.2, 2.2), 0.1):
                    page.stroke(ln, hatch)
                marked.add(f"{mt.id}/swamp/{c},{r}")
        for a, b in m.berms:
            p0 = mt.to_mm(*mt.pile(a).point)
            p1 = mt.to_mm(*mt.pile(b).point)
            lo, hi = MISS[hand]
            line = wobbly_line(rng, p0, p1, miss=hi, miss_min=lo, wobble=rng.uniform(0.05, 0.3))
            if rng.random() < 0.15:   # the pen skips once
                k = int(rng.integers(len(line) // 4, 3 * len(line) // 4))
                page.stroke(sh(line[:k]), pen)
                page.stroke(sh(line[k + int(rng.integers(1, 3)):]), pen)
            else:
                page.stroke(sh(line), pen)
            key = f"{mt.id}/berm/{a}-{b}"
            if key not in {mk.id for mk in games.reader("raging-waters").mark_map(sid)}:
                key = f"{mt.id}/berm/{b}-{a}"
            marked.add(key)
        if m.status == Status.LEFT:
            lb = mt.left_box
            _tick(page, rng, ox + lb.x, oy + lb.y, lb.w, lb.h, pen, str(rng.choice(["x", "tick", "filled"])))
            marked.add(f"{mt.id}/left")
    style = str(rng.choice(["x", "slash", "x"]))
    for k in range(st.backhoes_used):
        b = t.boxes[f"backhoe-{k + 1}"]
        _tick(page, rng, ox + b.x, oy + b.y, b.w, b.h, pen, style)
        marked.add(f"backhoe-{k + 1}")
    # the score written in (a distractor that must not be read)
    if st.over and rng.random() < 0.5:
        tb = t.boxes["score-total"]
        page.stroke(wobbly_line(rng, (ox + tb.x + 2, oy + tb.y + tb.h - 1), (ox + tb.x + tb.w - 2, oy + tb.y + 1), 0.3,
                                0.4, 0.5), pen)
    marks = games.reader("raging-waters").mark_map(sid)
    return all_states(marks, marked), sheet, score
