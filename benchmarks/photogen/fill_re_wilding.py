"""Fill a Re-Wilding sheet the way players do, from a game the bot played: outlines
coloured with scribbles that leave gaps, crossed sets with a black X, boxes filled,
ticked or crossed."""
from __future__ import annotations

import numpy as np

from scorer.photo.games.re_wilding import outline_polygon
from scorer.photo.markmap import COLOURED, CROSSED, EMPTY, FILLED
from scorer.re_wilding import bot
from scorer.re_wilding.score import score as rew_score
from scorer.re_wilding.sheet_json import dump_sheet, load_sheet
from scorer.re_wilding.state import CROSSED as X_BIT, FILLED as F_BIT
from scorer.re_wilding.template import MarkBox, Outline, load

from . import pens
from .pens import Page, scribble, wobbly_line

COLOURING = (pens.HIGHLIGHTER, pens.FELT_GREEN, pens.BALLPOINT_BLUE, pens.PENCIL)
CROSSING = (pens.FELT_BLACK, pens.BALLPOINT_BLACK)


def _cross(page: Page, rng, x, y, w, h, pen) -> None:
    m = 0.12
    page.stroke(wobbly_line(rng, (x + m * w, y + m * h), (x + w - m * w, y + h - m * h), 0.3, 0.08, 0.4), pen)
    page.stroke(wobbly_line(rng, (x + w - m * w, y + m * h), (x + m * w, y + h - m * h), 0.3, 0.08, 0.4), pen)


def fill(page: Page, sid, origin: tuple[float, float], rng: np.random.Generator, hand: str = "typical"):
    """Draw a bot game on the page; return (mark states, sheet JSON, score)."""
    ox, oy = origin
    t = load()
    st = bot.play_game(f"{sid.seed}-{sid.player}")
    sheet = dump_sheet(st)
    sheet["sheet_id"] = sid.encode()
    score = rew_score(load_sheet(sheet)).total
    colour = COLOURING[int(rng.integers(len(COLOURING)))]
    boxpen = colour if colour is not pens.HIGHLIGHTER else pens.BALLPOINT_BLUE
    xpen = CROSSING[int(rng.integers(len(CROSSING)))]
    sh = np.array([ox, oy])
    truth = {}
    for i, mid in enumerate(t.ids):
        mk, bits = t.markables[mid], st.marks[i]
        if isinstance(mk, Outline):
            poly = np.array(outline_polygon(mk)) + sh
            if bits & F_BIT:
                spacing = colour.width * (0.9 if colour is pens.HIGHLIGHTER else 1.3)
                for ln in scribble(rng, ox + mk.x, oy + mk.y, mk.w, mk.h, spacing, 0.12):
                    page.stroke(ln, colour, clip=poly)
            if bits & X_BIT:
                _cross(page, rng, ox + mk.x, oy + mk.y, mk.w, mk.h, xpen)
            truth[mid] = CROSSED if bits & X_BIT else (COLOURED if bits & F_BIT else EMPTY)
        elif isinstance(mk, MarkBox):
            x, y, w, h = ox + mk.x, oy + mk.y, mk.w, mk.h
            if bits & F_BIT and not mk.prefilled:
                if t.group_of[i] == "calendar" or rng.random() < 0.3:
                    page.stroke(np.array([(x + 0.2 * w, y + 0.55 * h), (x + 0.42 * w, y + 0.85 * h),
                                          (x + 0.9 * w, y + 0.1 * h)]), boxpen)
                else:
                    for ln in scribble(rng, x + 0.4, y + 0.4, w - 0.8, h - 0.8, boxpen.width * 1.2, 0.05):
                        page.stroke(ln, boxpen)
            if bits & X_BIT:
                _cross(page, rng, x, y, w, h, xpen)
            if bits & X_BIT:
                truth[mid] = CROSSED
            elif bits & F_BIT or mk.prefilled:
                truth[mid] = FILLED
            else:
                truth[mid] = EMPTY
    return truth, sheet, score
