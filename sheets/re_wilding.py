"""The Re-Wilding sheet: turn order, dice abilities, protection, clean-up, calendar,
hunger, the weather key, the selection panel, the score box and the 5x5 landscape.

`draw_page` is a pure function of (template, sheet id, state): without a state it draws
the printed sheet (pre-filled boxes in blue); with one it also draws the player's marks
(coloured outlines, filled and crossed boxes, the calendar) for `highwater render`.
"""
from __future__ import annotations

from scorer.core import Score
from scorer.re_wilding.moves import ACTION_RANGES
from scorer.re_wilding.state import CROSSED, FILLED, State
from scorer.re_wilding.template import Box, MarkBox, Outline, ReWildingTemplate, Square

from .canvas import Canvas
from .common import draw_frame_marks
from .fonts import fit_wrap, text_width
from .re_wilding_icons import icon_ops_in_box
from .sheetid import SheetId
from .style import INK, MUTED, WHITE, Style, fill, stroke

GREEN = "#2f7d4f"          # title and headings
PREFILL = "#4a90c8"        # "pre-filled with blue"
PANEL = "#f4f7f2"
RULE = "#b8c4bb"
HABITAT_TINT = {"hills": "#ecf1dc", "moors": "#f1e6f1", "river": "#d9ebf8", "banks": "#e2f0e4"}
HABITAT_INK = {"hills": "#6f7f2f", "moors": "#8a4f8c", "river": "#2f7fc1", "banks": "#3f8a5a"}
WEATHER_INK = {"fire": "#d0452b", "drought": "#c98a12", "storms": "#5a6b8c", "flood": "#2f7fc1"}
PLANT_COLOUR = "#73c05c"   # how a rendered state colours plants and wildlife in
WILD_COLOUR = "#e8a33d"
PENCIL = "#3b3b3b"
BOX_STROKE = Style(stroke=INK, width=0.3, fill=WHITE)

TURN_STEPS = ("ROLL 4 DICE", "PLACE DICE", "RESOLVE LEFT TO RIGHT", "YEAR END")
SPOTS = {
    "save": ("SAVE", "1 die", "fill the next box of an ability"),
    "protect": ("PROTECT", "1", "fill a protection box"),
    "clear": ("CLEAR", "2–3", "fill a row/column or clean-up box"),
    "plant": ("PLANT", "4–5", "roll 2 dice: column, row (6 wild)"),
    "introduce": ("INTRODUCE", "6–9", "colour wildlife under a plant"),
    "grow": ("GROW / BREED", "10–12", "one plant or wildlife type (2+ dice)"),
}
ABILITY_SYMBOL = {"mirror": "=", "flip": "7−n", "reroll": "↻", "plusminus": "±1"}
ABILITY_HELP = {"mirror": "copy a die", "flip": "n → 7−n", "reroll": "any dice", "plusminus": "one die"}
WEATHER_KEY = (
    ("2–3", "FIRE", "cross a fire box, none: strike"),
    ("4–6", "DROUGHT", "check, then breed all wildlife"),
    ("7", "PERFECT", "breed all and grow all"),
    ("8–10", "STORMS", "check, then grow all plants"),
    ("11–12", "FLOOD", "cross a flood box, none: strike"),
)
HELP_TEXT = (
    "Group the 4 dice as you like; each group's total goes on a spot whose range holds it "
    "(grow/breed needs 2+ dice). Resolve spots left to right.\n"
    "Plant only where both the column and the row are cleared (both boxes filled). Wildlife "
    "goes under a coloured plant. Grow/breed: a square with one becomes two; a full square "
    "gives one to each touching square of its habitat (diagonals too)."
)


# ---- small pieces ------------------------------------------------------------------------

def _mark_box(cv: Canvas, b: MarkBox, state: State | None, radius: float = 0.6) -> None:
    """A box: white, pre-filled blue, and for a state filled (pencil) and/or crossed."""
    filled = b.prefilled if state is None else bool(state.marks[b.index] & FILLED)
    crossed = state is not None and bool(state.marks[b.index] & CROSSED)
    colour = PREFILL if b.prefilled else (PLANT_COLOUR if filled else WHITE)
    cv.rect(b.x, b.y, b.w, b.h, Style(stroke=INK, width=0.3, fill=colour if filled else WHITE), radius=radius)
    if crossed:
        _cross(cv, b.x, b.y, b.w, b.h)


def _cross(cv: Canvas, x: float, y: float, w: float, h: float, width: float = 0.5) -> None:
    st = stroke("#111111", width)
    cv.line(x + 0.4, y + 0.4, x + w - 0.4, y + h - 0.4, st)
    cv.line(x + w - 0.4, y + 0.4, x + 0.4, y + h - 0.4, st)


def _heading(cv: Canvas, x: float, y: float, text: str, size: float = 3.0, colour: str = GREEN) -> None:
    cv.text(x, y, text, size=size, font="bold", fill=colour)


def _panel(cv: Canvas, b: Box) -> None:
    cv.rect(b.x, b.y, b.w, b.h, Style(stroke=RULE, width=0.25, fill=PANEL), radius=1.8)


def _arrow(cv: Canvas, x1: float, y1: float, x2: float, y2: float, colour: str, width: float = 0.6,
           head: float = 1.5) -> None:
    """A straight arrow with a filled head at (x2, y2)."""
    import math
    dx, dy = x2 - x1, y2 - y1
    ln = math.hypot(dx, dy) or 1.0
    ux, uy = dx / ln, dy / ln
    bx, by = x2 - ux * head, y2 - uy * head
    cv.line(x1, y1, bx, by, stroke(colour, width, cap="butt"))
    nx, ny = -uy * head * 0.55, ux * head * 0.55
    cv.path([("M", x2, y2), ("L", bx + nx, by + ny), ("L", bx - nx, by - ny), ("Z",)], fill(colour))


def _weather_icon(cv: Canvas, kind: str, x: float, y: float, s: float) -> None:
    """Tiny bold pictograms for the protection rows (drawn in a box of side s)."""
    c = WEATHER_INK[kind]
    k = s / 10
    if kind == "fire":
        cv.path([("M", x + 5 * k, y + 0.5 * k), ("C", x + 9 * k, y + 4 * k, x + 9.5 * k, y + 9.5 * k, x + 5 * k, y + 9.5 * k),
                 ("C", x + 0.5 * k, y + 9.5 * k, x + 1 * k, y + 5 * k, x + 3 * k, y + 3.5 * k),
                 ("C", x + 3.2 * k, y + 5.5 * k, x + 4.5 * k, y + 5.5 * k, x + 5 * k, y + 0.5 * k), ("Z",)], fill(c))
    elif kind == "drought":
        cv.circle(x + 5 * k, y + 5 * k, 2.3 * k, fill(c))
        for i in range(8):
            import math
            a = i * math.pi / 4
            cv.line(x + 5 * k + math.cos(a) * 3.2 * k, y + 5 * k + math.sin(a) * 3.2 * k,
                    x + 5 * k + math.cos(a) * 4.6 * k, y + 5 * k + math.sin(a) * 4.6 * k, stroke(c, 0.35))
    elif kind == "storms":
        cv.ellipse(x + 5 * k, y + 3.6 * k, 4.4 * k, 2.6 * k, fill(c))
        cv.path([("M", x + 5.2 * k, y + 5 * k), ("L", x + 3.4 * k, y + 7.6 * k), ("L", x + 5 * k, y + 7.6 * k),
                 ("L", x + 4.2 * k, y + 10 * k), ("L", x + 7 * k, y + 6.6 * k), ("L", x + 5.4 * k, y + 6.6 * k),
                 ("L", x + 6.6 * k, y + 5 * k), ("Z",)], fill("#e0b422"))
    else:
        for row in range(3):
            yy = y + (2.2 + row * 2.8) * k
            ops = [("M", x + 0.5 * k, yy)]
            for i in range(3):
                x0 = x + (0.5 + i * 3) * k
                ops.append(("C", x0 + 0.75 * k, yy - 1.2 * k, x0 + 2.25 * k, yy - 1.2 * k, x0 + 3 * k, yy))
            cv.path(ops, stroke(c, 0.45))


def _ability_icon(cv: Canvas, aid: str, b: Box) -> None:
    cv.rect(b.x, b.y, b.w, b.h, Style(stroke=INK, width=0.35, fill=WHITE), radius=1.2)
    sym = ABILITY_SYMBOL[aid]
    size = 3.4 if len(sym) == 1 else (2.5 if len(sym) == 2 else 1.9)
    cv.text(b.x + b.w / 2, b.y + b.h / 2 + size * 0.36, sym, size=size, font="bold", anchor="middle", fill=INK)


# ---- sections ----------------------------------------------------------------------------

def draw_header(cv: Canvas, t: ReWildingTemplate, sheet_id: SheetId | None) -> None:
    b = t.boxes["title"]
    cv.text(b.x + 1, b.y + 8.2, "RE~WILDING", size=8.2, font="bold", fill=GREEN)
    cv.text(b.x + 1, b.y + 13.2, "Clear the land, plant, bring wildlife back, and weather ten years.",
            size=2.3, fill=MUTED)
    x = b.x + 92
    cv.text(x, b.y + 7.0, "Ranger: ______________________", size=2.6, fill=INK)
    if sheet_id is not None:
        cv.text(x, b.y + 11.6, f"Player {sheet_id.player} · dice seed {sheet_id.seed}", size=2.0, fill=MUTED)
    s = t.boxes["turn-order"]
    cv.rect(s.x, s.y, s.w, s.h, Style(stroke=None, fill=GREEN), radius=1.6)
    cv.text(s.x + 2.5, s.y + 4.3, "TURN ORDER", size=2.7, font="bold", fill=WHITE)
    x = s.x + 24
    for i, step in enumerate(TURN_STEPS):
        label = f"{i + 1} {step}"
        cv.text(x, s.y + 4.3, label, size=2.7, font="cond-bold", fill=WHITE)
        x += text_width(label, 2.7, "cond-bold") + 3
        if i < len(TURN_STEPS) - 1:
            _arrow(cv, x - 0.5, s.y + 3.3, x + 5, s.y + 3.3, WHITE, 0.5, 1.3)
            x += 8
    cv.text(s.x + s.w - 2.5, s.y + 4.3, "× 10 years", size=2.5, font="cond", anchor="end", fill=WHITE)


def draw_abilities(cv: Canvas, t: ReWildingTemplate, state: State | None) -> None:
    p = t.boxes["abilities-panel"]
    _panel(cv, p)
    _heading(cv, p.x + 2, p.y + 4.4, "DICE ABILITIES")
    cv.text(p.x + 2, p.y + 7.4, "use on any roll: cross a filled box", size=2.0, fill=MUTED)
    for aid, row in t.abilities.items():
        _ability_icon(cv, aid, row.icon)
        cv.text(row.icon.x + row.icon.w + 1.4, row.boxes[0].y + 2.2, row.label, size=2.4, font="bold", fill=INK)
        cv.text(row.icon.x + row.icon.w + 1.4, row.boxes[0].y + 4.6, ABILITY_HELP[aid], size=1.8, font="cond",
                fill=MUTED)
        for b in row.boxes:
            _mark_box(cv, b, state)
    last = list(t.abilities.values())[-1].boxes[0]
    y0 = last.y + last.h + 4.0
    width, height = p.w - 4, p.y + p.h - y0 - 1.0
    size, lines = fit_wrap(HELP_TEXT, width, height, 2.1, font="cond", leading=1.2)
    for i, line in enumerate(lines):
        cv.text(p.x + 2, y0 + size + i * size * 1.2, line, size=size, font="cond", fill=INK)


def draw_protection(cv: Canvas, t: ReWildingTemplate, state: State | None) -> None:
    p = t.boxes["protection-panel"]
    _panel(cv, p)
    _heading(cv, p.x + 2, p.y + 4.4, "PROTECTION")
    cv.text(p.x + 2, p.y + 7.4, "protect fills one; weather crosses one", size=2.0, fill=MUTED)
    for wid, row in t.protection.items():
        _weather_icon(cv, wid, row.icon.x, row.icon.y, row.icon.w)
        cv.text(row.icon.x + row.icon.w + 1.6, row.boxes[0].y + 3.5, row.label, size=2.7, font="bold",
                fill=WEATHER_INK[wid])
        for b in row.boxes:
            _mark_box(cv, b, state)
    c0 = t.cleanup[0]
    cv.text(p.x + 2, c0.y + 2.1, "CLEAN-UP", size=2.5, font="bold", fill=GREEN)
    cv.text(p.x + 2, c0.y + 4.4, "RESOURCES", size=2.5, font="bold", fill=GREEN)
    for b in t.cleanup:
        _mark_box(cv, b, state)
    # weather key
    y = c0.y + c0.h + 4.4
    _heading(cv, p.x + 2, y, "WEATHER", 2.8)
    cv.text(p.x + 18, y, "2 dice + last year's calendar (not on a 7)", size=1.9, fill=MUTED)
    y += 0.6
    for rng, name, what in WEATHER_KEY:
        y += 3.2
        colour = WEATHER_INK.get(name.lower(), GREEN)
        cv.text(p.x + 2, y, rng, size=2.3, font="bold", fill=INK)
        cv.text(p.x + 11, y, name, size=2.3, font="cond-bold", fill=colour)
        cv.text(p.x + 25, y, what, size=2.1, font="cond", fill=INK)
    y += 3.2
    cv.text(p.x + 2, y, "Check: roll 1 die; above your boxes? cross one, none left: strike.", size=1.9,
            font="cond", fill=MUTED)
    y += 2.5
    cv.text(p.x + 2, y, "Strike: cross a plant and its wildlife; struck? follow the arrows.", size=1.9,
            font="cond", fill=MUTED)


def draw_year_end(cv: Canvas, t: ReWildingTemplate, state: State | None) -> None:
    p = t.boxes["year-end-panel"]
    _panel(cv, p)
    _heading(cv, p.x + 2, p.y + 4.4, "CALENDAR")
    cv.text(p.x + 22, p.y + 4.4, "tick the weather's +1 / 0 / −1", size=2.0, fill=MUTED)
    for yr in t.calendar:
        cv.text(yr.number_at[0], yr.number_at[1], str(yr.year), size=2.4, font="bold", anchor="middle", fill=INK)
        for value, b in yr.ticks:
            _mark_box(cv, b, state, radius=0.4)
    first = t.calendar[0]
    for value, b in first.ticks:
        label = {1: "+1  (≤6)", 0: "0  (7)", -1: "−1  (≥8)"}[value]
        cv.text(b.x - 1.0, b.y + b.h - 0.9, label, size=1.9, font="cond-bold", anchor="end", fill=INK)
    # hunger
    h0 = list(t.hunger.values())[0].boxes[0]
    y = h0.y - 2.0
    _heading(cv, p.x + 2, y, "YEAR END", 2.8)
    cv.text(p.x + 19.5, y, "1 HUNGER  −1 per 2 boxes", size=2.2, font="cond-bold", fill=INK)
    for row in t.hunger.values():
        b = row.boxes[0]
        x = p.x + 2
        s = 4.2
        _mini_icon(cv, row.more, x, b.y - 0.3, s)
        cv.text(x + s + 1.6, b.y + 2.9, ">", size=2.6, font="bold", anchor="middle", fill=INK)
        _mini_icon(cv, row.than, x + s + 3.2, b.y - 0.3, s)
        if row.margin:
            cv.text(x + 2 * s + 3.8, b.y + 2.9, f"+{row.margin}", size=2.3, font="bold", fill=INK)
        for bx in row.boxes:
            _mark_box(cv, bx, state, radius=0.4)
    last = list(t.hunger.values())[-1].boxes[0]
    y = last.y + last.h + 4.0
    cv.text(p.x + 2, y, "2 WEATHER  see the key", size=2.2, font="cond-bold", fill=INK)
    y += 3.6
    cv.text(p.x + 2, y, "3 CONTAMINATION", size=2.2, font="cond-bold", fill=INK)
    note = ("While any row or column is uncleared, cross a clean-up box. None left: cross a plant and its "
            "wildlife on the lowest numbered square whose row and column are both uncleared.")
    size, lines = fit_wrap(note, p.w - 4, p.y + p.h - y - 1.0, 2.0, font="cond", leading=1.2)
    for i, line in enumerate(lines):
        cv.text(p.x + 2, y + 0.6 + (i + 1) * size * 1.2, line, size=size, font="cond", fill=INK)


def _mini_icon(cv: Canvas, kind: str, x: float, y: float, s: float) -> None:
    cv.path(icon_ops_in_box(kind, x, y, s, s), Style(stroke=INK, width=0.2, fill=WHITE))


def draw_selection(cv: Canvas, t: ReWildingTemplate) -> None:
    for spot in t.selection:
        b = spot.box
        title, rng, what = SPOTS[spot.id]
        cv.rect(b.x + 0.4, b.y, b.w - 0.8, b.h, Style(stroke=GREEN, width=0.4, fill=WHITE), radius=1.6)
        rng_size = 3.4 if spot.id != "save" else 2.0
        rng_w = text_width(rng, rng_size, "bold")
        size = 2.8
        while text_width(title, size, "bold") > b.w - 6.0 - rng_w and size > 1.8:
            size = round(size - 0.1, 2)
        cv.text(b.x + 2.0, b.y + 4.2, title, size=size, font="bold", fill=GREEN)
        cv.text(b.x + b.w - 2.0, b.y + 4.3, rng, size=rng_size, font="bold", anchor="end", fill=INK)
        fs, lines = fit_wrap(what, b.w - 3.6, 5.0, 1.9, font="cond", min_size=1.5, leading=1.15)
        for i, line in enumerate(lines[:2]):
            cv.text(b.x + 2.0, b.y + 7.2 + i * fs * 1.15, line, size=fs, font="cond", fill=MUTED)
        for d in spot.dice:
            cv.rect(d.x, d.y, d.w, d.h, Style(stroke=RULE, width=0.3, fill=None, dash=(0.6, 0.5)), radius=0.9)


def _square(cv: Canvas, t: ReWildingTemplate, sq: Square, state: State | None) -> None:
    b = sq.box
    cv.rect(b.x, b.y, b.w, b.h, Style(stroke=None, fill=HABITAT_TINT[sq.habitat]))
    for o in sq.outlines:
        _outline(cv, o, state)
    if sq.weather:
        cv.text(b.x + 1.0, b.y + 24.3, sq.weather.upper() if sq.weather != "storms" else "STORM", size=2.1,
                font="cond-bold", fill=WEATHER_INK[sq.weather])
    if sq.contamination:
        cx, cy, r = contamination_mark(sq)
        cv.circle(cx, cy, r, Style(stroke=INK, width=0.25, fill=WHITE))
        cv.text(cx, cy + 0.75, str(sq.contamination), size=2.1, font="bold", anchor="middle", fill=INK)


def contamination_mark(sq: Square) -> tuple[float, float, float]:
    """Centre and radius of a square's circled contamination number (lower-right corner)."""
    return sq.box.x + 22.4, sq.box.y + 23.3, 1.45


def _outline(cv: Canvas, o: Outline, state: State | None) -> None:
    m = state.marks[o.index] if state is not None else 0
    colour = (PLANT_COLOUR if o.part == "plant" else WILD_COLOUR) if m & FILLED else WHITE
    cv.path(icon_ops_in_box(o.kind, o.x, o.y, o.w, o.h), Style(stroke=INK, width=0.3, fill=colour))
    if m & CROSSED:
        _cross(cv, o.x, o.y, o.w, o.h, 0.7)


def chain_arrows(t: ReWildingTemplate) -> list[tuple[str, tuple[float, float, float, float]]]:
    """(weather, (x1, y1, x2, y2)) for each arrow from a square to the next of its chain,
    kept clear of the outlines: along the gap between the rows or the columns of
    outlines, or across the shared corner for a diagonal step."""
    cell = t.squares[0].box.w
    out = []
    for weather, chain in t.chains.items():
        for (c1, r1), (c2, r2) in zip(chain, chain[1:]):
            a = t.square(c1, r1).box
            dc, dr = c2 - c1, r2 - r1
            if dr == 0:
                y = a.y + 11.4
                x1 = a.x + (22.7 if dc > 0 else 2.3)
                seg = (x1, y, x1 + dc * 4.6, y)
            elif dc == 0:
                x = a.x + 12.5
                y1 = a.y + (21.9 if dr > 0 else 1.0)
                seg = (x, y1, x, y1 + dr * 4.4)
            else:
                cx, cy = a.x + (cell if dc > 0 else 0), a.y + (cell if dr > 0 else 0)
                seg = (cx - dc * 1.4, cy - dr * 1.4, cx + dc * 2.4, cy + dr * 2.4)
            out.append((weather, seg))
    return out


def draw_grid(cv: Canvas, t: ReWildingTemplate, state: State | None) -> None:
    for sq in t.squares:
        _square(cv, t, sq, state)
    g = t.squares[0].box
    size = 5 * g.w
    grid_line = stroke("#8fa39a", 0.3)
    for k in range(6):
        cv.line(g.x + k * g.w, g.y, g.x + k * g.w, g.y + size, grid_line)
        cv.line(g.x, g.y + k * g.w, g.x + size, g.y + k * g.w, grid_line)
    cv.rect(g.x, g.y, size, size, stroke(INK, 0.5))
    for weather, seg in chain_arrows(t):
        _arrow(cv, *seg, WEATHER_INK[weather])
    for ln in t.lines.values():
        cx, cy = ln.number_at
        cv.text(cx, cy + 1.4, str(ln.index), size=4.0, font="bold", anchor="middle", fill=INK)
        for b in ln.boxes:
            _mark_box(cv, b, state, radius=0.5)
    cv.text(g.x - 1.0, g.y - 5.6, "COLUMN", size=1.8, font="cond-bold", anchor="end", fill=MUTED)
    cv.text(19.6, g.y - 1.0, "ROW", size=1.8, font="cond-bold", fill=MUTED)


def draw_score(cv: Canvas, t: ReWildingTemplate, score: Score | None) -> None:
    p = t.boxes["score-panel"]
    _panel(cv, p)
    _heading(cv, p.x + 2, p.y + 4.6, "SCORE")
    rows = [("flora", "Flora", "+"), ("fauna", "Fauna", "+"), ("contaminated", "Contaminated", "−"),
            ("bare", "Bare", "−"), ("hunger", "Hunger ½", "−"), ("total", "TOTAL", "=")]
    for rid, label, sign in rows:
        b = t.score[rid]
        bold = rid == "total"
        cv.text(p.x + 2, b.y + 3.4, label, size=2.4 if bold else 2.2, font="bold" if bold else "cond", fill=INK)
        cv.text(b.x - 1.2, b.y + 3.4, sign, size=2.6, font="bold", anchor="end", fill=MUTED)
        cv.rect(b.x, b.y, b.w, b.h, Style(stroke=INK, width=0.45 if bold else 0.3, fill=WHITE), radius=0.6)
        if score is not None:
            value = score.total if rid == "total" else abs(score.line(rid).points)
            cv.text(b.x + b.w / 2, b.y + 3.5, str(value), size=2.8, font="bold", anchor="middle", fill=PENCIL)
    y = t.score["total"].y + 9.6
    cv.text(p.x + 2, y, "Flora / Fauna: squares with", size=1.8, font="cond", fill=MUTED)
    cv.text(p.x + 2, y + 2.4, "both plants / both wildlife.", size=1.8, font="cond", fill=MUTED)
    y += 6.2
    for limit, verdict in (("< 10", "not good"), ("10–20", "success"), ("> 20", "well done!")):
        cv.text(p.x + 2, y, limit, size=2.1, font="bold", fill=INK)
        cv.text(p.x + 11, y, verdict, size=2.1, font="cond", fill=INK)
        y += 2.9
    y += 1.4
    for i, h in enumerate(t.habitats.values()):
        x = p.x + 2 + (i % 2) * 13.5
        yy = y + (i // 2) * 4.0
        cv.rect(x, yy - 2.5, 3.2, 3.2, Style(stroke=RULE, width=0.2, fill=HABITAT_TINT[h.id]))
        cv.text(x + 4.2, yy, h.name, size=2.2, font="cond-bold", fill=HABITAT_INK[h.id])


def draw_page(cv: Canvas, t: ReWildingTemplate, sheet_id: SheetId | None, state: State | None = None,
              score: Score | None = None) -> None:
    """Draw one player's page in frame coordinates (see module docstring)."""
    draw_header(cv, t, sheet_id)
    draw_abilities(cv, t, state)
    draw_protection(cv, t, state)
    draw_year_end(cv, t, state)
    draw_selection(cv, t)
    draw_grid(cv, t, state)
    draw_score(cv, t, score)
    draw_frame_marks(cv, t.boxes, sheet_id)


__all__ = ["draw_page", "ACTION_RANGES"]
