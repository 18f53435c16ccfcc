"""The Raging Waters sheet: one page per player with the four maps, backhoes, the
"left" boxes, the score table, corner markers and the sheet-id QR.

`draw_page` is a pure function of (template, sheet id, state); with a state it also
draws berms, ticks and the score, which `highwater render` uses.
"""
from __future__ import annotations

from scorer.core import Score
from scorer.raging_waters.state import SheetState, Status
from scorer.raging_waters.template import FIELD, LATTICE, MapTemplate, RagingWatersTemplate

from .canvas import Canvas
from .common import draw_frame_marks
from .fonts import fit_wrap, text_width
from .sheetid import SheetId
from .style import (EARTH, EARTH_LIGHT, FAINT, INK, MUTED, SWAMP, SWAMP_LIGHT, WATER, WATER_LIGHT, WHITE,
                    Style, fill, stroke)

PILE_R = 3.1          # mm, radius of a dirt-pile mound
MEADOW = "#f6f9f1"
PENCIL = "#3b3b3b"
PROTECTED = "#2e8b57"

RULES_REMINDER = (
    "Set-up: a house is 2 dice (column, row); reroll a taken spot. A swamp is 2 dice, reroll 1s; "
    "the dot is the square's top-right corner.\n"
    "Turn: roll 3 dice. Join two piles on different edges that match two dice, not through a house "
    "or a swamp (along its side is fine). Each pile once.\n"
    "Doubles: reuse a pile of the doubled number; the other pile takes the third die. "
    "Triples: reuse one or both. Never more than twice.\n"
    "Or pass and cross off a backhoe (none left: the game ends). After any turn you may leave."
)


def _pile_geometry(m: MapTemplate, edge: str, at: float) -> tuple[float, float, float, float]:
    """Anchor (x, y) in mm and the outward unit normal for a pile."""
    if edge == "N":
        x, y = m.to_mm(at, FIELD)
        return x, y, 0.0, -1.0
    if edge == "S":
        x, y = m.to_mm(at, 0)
        return x, y, 0.0, 1.0
    if edge == "W":
        x, y = m.to_mm(0, at)
        return x, y, -1.0, 0.0
    x, y = m.to_mm(FIELD, at)
    return x, y, 1.0, 0.0


def _mound(cv: Canvas, x: float, y: float, nx: float, ny: float) -> None:
    """A half-disc mound outside the border with its flat side on the border."""
    r, k = PILE_R, 0.5523 * PILE_R
    tx, ty = -ny, nx  # along the edge
    p0 = (x + tx * r, y + ty * r)
    p1 = (x - tx * r, y - ty * r)
    top = (x + nx * r, y + ny * r)
    ops = [("M", *p0),
           ("C", p0[0] + nx * k, p0[1] + ny * k, top[0] + tx * k, top[1] + ty * k, *top),
           ("C", top[0] - tx * k, top[1] - ty * k, p1[0] + nx * k, p1[1] + ny * k, *p1),
           ("Z",)]
    cv.path(ops, Style(stroke=EARTH, width=0.3, fill=EARTH_LIGHT))


def draw_map(cv: Canvas, m: MapTemplate, state: SheetState | None, index: int, setup: bool) -> None:
    """One subdivision panel."""
    p = m.panel
    cv.rect(p.x, p.y, p.w, p.h, Style(stroke=FAINT, width=0.25, fill=None), radius=2.0)
    cv.text(p.x + 3, p.y + 5.6, m.name.upper(), size=4.4, font="bold", fill=WATER)
    cv.text(p.x + 3 + text_width(m.name.upper(), 4.4, "bold") + 2.5, p.y + 5.4,
            f"{m.houses} houses · {m.swamps} swamp{'s' if m.swamps > 1 else ''} · scores × {m.multiplier}",
            size=2.2, fill=MUTED)
    lb = m.left_box
    cv.text(lb.x - 1.2, lb.y + lb.h - 1.0, "LEFT", size=2.4, font="bold", anchor="end", fill=MUTED)
    cv.rect(lb.x, lb.y, lb.w, lb.h, stroke(INK, 0.3))
    ms = state.maps[index] if state is not None else None
    if ms is not None and ms.status == Status.LEFT:
        _tick(cv, lb.x, lb.y, lb.w)

    size = m.size
    cv.rect(m.x, m.y, size, size, Style(stroke=None, fill=MEADOW))
    faint = stroke(FAINT, 0.2)
    for k in range(1, LATTICE + 1):
        x0, y0 = m.to_mm(k, 1)
        x1, y1 = m.to_mm(k, LATTICE)
        cv.line(x0, y0, x1, y1, faint)
        x0, y0 = m.to_mm(1, k)
        x1, y1 = m.to_mm(LATTICE, k)
        cv.line(x0, y0, x1, y1, faint)
    for k in range(1, LATTICE + 1):
        x, y = m.to_mm(k, 0.28)
        cv.text(x, y, str(k), size=2.3, anchor="middle", fill=MUTED)
        x, y = m.to_mm(0.3, k)
        cv.text(x, y + 0.8, str(k), size=2.3, anchor="middle", fill=MUTED)
    for cx in range(1, LATTICE + 1):
        for cy in range(1, LATTICE + 1):
            x, y = m.to_mm(cx, cy)
            cv.circle(x, y, 0.35, fill(FAINT))
    cv.rect(m.x, m.y, size, size, stroke(INK, 0.5))

    for pile in m.piles:
        x, y, nx, ny = _pile_geometry(m, pile.edge, float(pile.at))
        _mound(cv, x, y, nx, ny)
        base = {"N": -0.85, "S": 2.95}.get(pile.edge, 1.1)
        cv.text(x + nx * 1.65, y + base, str(pile.number), size=3.1, font="bold", anchor="middle", fill=INK)
        cv.circle(x, y, 0.45, fill(INK))
        lx, ly = x + nx * (PILE_R + 1.6) - ny * 0.0, y + ny * (PILE_R + 1.6)
        if pile.edge in "NS":
            cv.text(lx, ly + (0.6 if pile.edge == "N" else 0.9), pile.id, size=1.6, anchor="middle", fill=MUTED)
        else:
            cv.text(lx, ly + 0.6, pile.id, size=1.6, anchor="middle", fill=MUTED)

    if ms is None or not setup:
        return
    for c, r in ms.swamps:
        x, y = m.to_mm(c - 1, r)
        cv.rect(x, y, m.pitch, m.pitch, Style(stroke=SWAMP, width=0.35, fill=SWAMP_LIGHT))
        for i in range(3):
            gx, gy = x + m.pitch * (0.25 + 0.25 * i), y + m.pitch * (0.62 if i % 2 == 0 else 0.45)
            tuft = stroke(SWAMP, 0.25)
            cv.line(gx, gy, gx - 0.6, gy - 1.4, tuft)
            cv.line(gx, gy, gx, gy - 1.7, tuft)
            cv.line(gx, gy, gx + 0.6, gy - 1.4, tuft)
    for c, r in ms.houses:
        x, y = m.to_mm(c, r)
        cv.circle(x, y, float(state.template.house_radius) * m.pitch, fill(INK))


def draw_berms(cv: Canvas, m: MapTemplate, state: SheetState, index: int) -> None:
    """Berms as pencil lines and protected houses ringed (for rendered states)."""
    from scorer.raging_waters import geometry  # state rendering only

    ms = state.maps[index]
    for a, b in ms.berms:
        pa, pb = m.pile(a).point, m.pile(b).point
        x0, y0 = m.to_mm(*pa)
        x1, y1 = m.to_mm(*pb)
        cv.line(x0, y0, x1, y1, stroke(PENCIL, 0.55))
    prot = geometry.protected_by_regions(m, ms.houses, ms.swamps, ms.berms, state.variant.strict_swamps)
    for (c, r), ok in zip(ms.houses, prot):
        if ok:
            x, y = m.to_mm(c, r)
            cv.circle(x, y, 2.4, stroke(PROTECTED, 0.45))


def _tick(cv: Canvas, x: float, y: float, s: float) -> None:
    st = stroke(PENCIL, 0.5)
    cv.line(x + 0.5, y + 0.5, x + s - 0.5, y + s - 0.5, st)
    cv.line(x + s - 0.5, y + 0.5, x + 0.5, y + s - 0.5, st)


def _backhoe_icon(cv: Canvas, x: float, y: float, s: float) -> None:
    """A small excavator drawn in a box of side s."""
    k = s / 10
    ink = Style(stroke=INK, width=0.3, fill=WATER_LIGHT)
    cv.rect(x + 1 * k, y + 6.2 * k, 6 * k, 1.8 * k, ink, radius=0.9 * k)         # tracks
    cv.rect(x + 1.6 * k, y + 3.6 * k, 4.2 * k, 2.6 * k, ink)                     # body
    cv.rect(x + 3.6 * k, y + 2.0 * k, 2.2 * k, 1.6 * k, ink)                     # cab
    arm = stroke(INK, 0.45)
    cv.line(x + 5.8 * k, y + 4.2 * k, x + 7.6 * k, y + 2.2 * k, arm)
    cv.line(x + 7.6 * k, y + 2.2 * k, x + 8.8 * k, y + 5.0 * k, arm)
    cv.path([("M", x + 8.2 * k, y + 5.0 * k), ("L", x + 9.4 * k, y + 5.0 * k),
             ("L", x + 9.0 * k, y + 6.4 * k), ("Z",)], Style(stroke=INK, width=0.3, fill=EARTH_LIGHT))


def draw_footer(cv: Canvas, t: RagingWatersTemplate, state: SheetState | None, score: Score | None) -> None:
    """Backhoes and the score table."""
    b1 = t.boxes["backhoe-1"]
    cv.text(b1.x, b1.y - 2.0, "BACKHOES", size=2.8, font="bold", fill=INK)
    cv.text(b1.x, b1.y + b1.h + 3.0, "cross one off per pass", size=2.1, fill=MUTED)
    for i in range(t.backhoes):
        b = t.boxes[f"backhoe-{i + 1}"]
        cv.rect(b.x, b.y, b.w, b.h, stroke(INK, 0.35), radius=1.0)
        _backhoe_icon(cv, b.x + 0.5, b.y + 0.5, b.w - 1.0)
        if state is not None and i < state.backhoes_used:
            _tick(cv, b.x, b.y, b.w)

    tb = t.boxes["score-table"]
    rh = (tb.h) / (len(t.maps) + 4)
    cv.text(tb.x, tb.y + rh - 1.2, "SCORING", size=2.8, font="bold", fill=INK)
    cv.text(tb.x + 56.5, tb.y + rh - 1.2, "count", size=2.1, anchor="middle", fill=MUTED)
    cv.text(tb.x + 79.0, tb.y + rh - 1.2, "score", size=2.1, anchor="middle", fill=MUTED)
    rows = [(f"protected-{m.id}", f"Protected houses in {m.name}", m.multiplier) for m in t.maps]
    rows += [("unused-piles", "Unused dirt piles in completed subdivisions", 1),
             ("unused-backhoes", "Unused backhoes", 3)]
    for i, (rid, label, mult) in enumerate(rows):
        y = tb.y + rh * (i + 1)
        if i % 2 == 0:
            cv.rect(tb.x, y, tb.w, rh, fill("#f3f6f9"))
        cv.text(tb.x + 1, y + rh - 1.3, label, size=2.25, font="cond", fill=INK)
        c = t.boxes[f"score-count-{rid}"]
        pbox = t.boxes[f"score-points-{rid}"]
        cv.rect(c.x, c.y, c.w, c.h, Style(stroke=INK, width=0.25, fill=WHITE))
        cv.text(c.x + c.w + 2.2, y + rh - 1.3, "×", size=2.4, anchor="middle", fill=MUTED)
        cv.text(c.x + c.w + 5.6, y + rh - 1.3, str(mult), size=2.5, font="bold", anchor="middle", fill=INK)
        cv.text(c.x + c.w + 9.5, y + rh - 1.3, "=", size=2.4, anchor="middle", fill=MUTED)
        cv.rect(pbox.x, pbox.y, pbox.w, pbox.h, Style(stroke=INK, width=0.25, fill=WHITE))
        if score is not None:
            ln = score.line(rid)
            cv.text(c.x + c.w / 2, c.y + c.h - 0.9, str(ln.count), size=2.6, anchor="middle", fill=PENCIL)
            cv.text(pbox.x + pbox.w / 2, pbox.y + pbox.h - 0.9, str(ln.points), size=2.6, anchor="middle",
                    fill=PENCIL)
    tot = t.boxes["score-total"]
    cv.text(tot.x - 2.0, tot.y + tot.h - 0.9, "TOTAL SCORE", size=2.6, font="bold", anchor="end", fill=INK)
    cv.rect(tot.x, tot.y, tot.w, tot.h, Style(stroke=INK, width=0.45, fill=WHITE))
    if score is not None:
        cv.text(tot.x + tot.w / 2, tot.y + tot.h - 0.9, str(score.total), size=2.8, font="bold",
                anchor="middle", fill=PENCIL)


def draw_header(cv: Canvas, t: RagingWatersTemplate, sheet_id: SheetId | None) -> None:
    """Title, player line and a rules reminder."""
    b = t.boxes["title"]
    cv.text(b.x + 1, b.y + 7.0, "RAGING WATERS", size=6.4, font="bold", fill=WATER)
    who = "Town planner: ____________________"
    cv.text(b.x + 1, b.y + 12.2, who, size=2.6, fill=INK)
    if sheet_id is not None:
        cv.text(b.x + 1, b.y + 15.4, f"Player {sheet_id.player} · seed {sheet_id.seed} · "
                f"{'houses and swamps rolled for you' if sheet_id.setup == 'rolled' else 'roll your own houses and swamps'}",
                size=2.1, fill=MUTED)
    x, width = b.x + 64, b.w - 66
    size, lines = fit_wrap(RULES_REMINDER, width, b.h - 0.5, 2.0, font="cond", leading=1.18)
    for i, line in enumerate(lines):
        cv.text(x, b.y + size + i * size * 1.18, line, size=size, font="cond", fill=INK)


def draw_page(cv: Canvas, t: RagingWatersTemplate, sheet_id: SheetId | None, state: SheetState | None,
              setup: bool = True, score: Score | None = None) -> None:
    """Draw one player's page in frame coordinates.

    state supplies houses and swamps (when `setup`), and for rendered games the berms,
    ticks and score; None gives an empty printed sheet.
    """
    draw_header(cv, t, sheet_id)
    for i, m in enumerate(t.maps):
        draw_map(cv, m, state, i, setup)
        if state is not None and state.maps[i].berms:
            draw_berms(cv, m, state, i)
    draw_footer(cv, t, state, score)
    draw_frame_marks(cv, t.boxes, sheet_id)
