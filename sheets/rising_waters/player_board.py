"""A Rising Waters player board: Renewable powers on the left, Perpetual powers on the
right, the role's red starting-power box and its individual goal with a point track.

`draw_player_board(cv, roles, role)` draws one board in board mm (origin top-left).
"""
from __future__ import annotations

from scorer.rising_waters.roles import Perpetual, Renewable, Role, Roles

from ..canvas import Canvas
from ..fonts import fit_wrap, text_width
from ..ink import FULL, Ink
from ..style import INK, MUTED, WHITE, Style
from . import icons
from . import palette as P

CARD_COLORS = {
    "blues": "#2f5f9e", "church": "#6a4c93", "family": "#a0522d", "farm-animals": "#7b5b2e",
    "garden": "#3f7d3a", "education": "#b8860b", "job-offer": "#4a4f57",
}
CUBE = 11.0       # a cube space, mm
RED = "#c0392b"


def mini_card(cv: Canvas, kind: str, x: float, y: float, w: float = 4.6, h: float = 6.2) -> None:
    """The small rectangular card icon that shows an upgrade cost."""
    color = CARD_COLORS.get(kind, INK)
    cv.rect(x, y, w, h, Style(stroke=color, width=0.3, fill=WHITE), radius=0.7)
    icons.draw_icon(cv, kind, x + w / 2, y + h / 2, w * 0.86, color)


def cost_icons(cv: Canvas, kind: str, n: int, x: float, y: float, width: float) -> None:
    """n mini cards of a kind, fanned to fit `width` and centred on x + width / 2."""
    w = 4.6
    step = min(w + 0.6, (width - w) / max(n - 1, 1)) if n > 1 else 0
    total = w + step * (n - 1)
    x0 = x + (width - total) / 2
    for i in range(n):
        mini_card(cv, kind, x0 + i * step, y)


def _fit(s: str, width: float, size: float, font: str) -> float:
    """The largest size <= size at which s fits width on one line."""
    while text_width(s, size, font) > width and size > 1.4:
        size = round(size - 0.1, 2)
    return size


def _text(cv: Canvas, x: float, y: float, w: float, h: float, s: str, size: float, font: str = "cond",
          color: str = INK, leading: float = 1.22) -> None:
    size, lines = fit_wrap(s, w, h, size, font=font, leading=leading)
    for i, ln in enumerate(lines):
        cv.text(x, y + size + i * size * leading, ln, size=size, font=font, fill=color)


def draw_renewable(cv: Canvas, r: Renewable, x: float, y: float, w: float, h: float) -> None:
    cv.rect(x, y, w, h, Style(stroke=MUTED, width=0.3, fill=WHITE), radius=1.5)
    icons.draw_icon(cv, r.icon, x + 7, y + 7.5, 10.0, P.RIVER_DEEP)
    room = w - 2.5 - r.boxes * (CUBE + 1.5) - 14 - 1.0
    cv.text(x + 14, y + 6.0, r.label.upper(), size=_fit(r.label.upper(), room, 3.3, "cond-bold"),
            font="cond-bold", fill=INK)
    cx = x + 14
    for card, n in r.cost:
        for _ in range(n):
            mini_card(cv, card, cx, y + 8.0)
            cx += 5.4
        cx += 1.2
    cv.text(cx + 0.3, y + 12.6, "buys one", size=2.2, font="cond", fill=MUTED)
    for i in range(r.boxes):
        bx = x + w - 2.5 - (r.boxes - i) * (CUBE + 1.5)
        cv.rect(bx, y + 2.5, CUBE, CUBE, Style(stroke=INK, width=0.4, fill=WHITE), radius=1.0)
    _text(cv, x + 2.5, y + 15.5, w - 5, h - 16.5, r.text, 2.5)


def draw_perpetual(cv: Canvas, p: Perpetual, x: float, y: float, w: float, h: float) -> None:
    icons.draw_icon(cv, p.icon, x + 4.5, y + h / 2, 8.0, P.RIVER_DEEP)
    cv.text(x + 10, y + h / 2 - 0.4, p.label.upper(), size=3.0, font="bold", fill=INK)
    color = CARD_COLORS[p.card]
    cv.text(x + 10, y + h / 2 + 3.2, f"raise with {p.card.replace('-', ' ').title()}", size=2.1, font="cond",
            fill=color)
    bx = x + 37
    bh = h
    by = y
    for v in p.lost:
        cv.rect(bx, by + 1.5, 6.4, bh - 3, Style(stroke=MUTED, width=0.25, fill="#efece5"), radius=0.8)
        cv.text(bx + 3.2, by + bh / 2 + 1.1, v, size=3.0, font="bold", anchor="middle", fill=MUTED)
        bx += 7.0
    # The start box: empty but for its value, outlined heavily.
    sw = 12.0
    cv.rect(bx, by, sw, bh, Style(stroke=INK, width=0.7, fill=WHITE), radius=1.0)
    cv.text(bx + sw / 2, by + bh / 2 + 1.4, p.start, size=4.4 if len(p.start) < 3 else 3.4, font="bold",
            anchor="middle", fill=INK)
    cv.text(bx + sw / 2, by + bh - 1.0, "start", size=1.8, font="cond", anchor="middle", fill=MUTED)
    bx += sw + 1.2
    for s in p.steps:
        bw = 4.6 + 4.2 * max(s.cost - 1, 0) + 2.4 if s.cost > 1 else 9.0
        bw = max(bw, 10.0)
        cv.rect(bx, by, bw, bh, Style(stroke=INK, width=0.35, fill=WHITE), radius=1.0)
        cv.text(bx + bw / 2, by + 3.9, s.value, size=3.2 if len(s.value) < 3 else 2.8, font="bold",
                anchor="middle", fill=INK)
        cost_icons(cv, p.card, s.cost, bx + 0.6, by + bh - 7.0, bw - 1.2)
        bx += bw + 1.2
    if p.lost:
        cv.text(x + 37, by + bh + 2.3, f"Lost a pawn: move the cube back one box. Back up one box: "
                f"{p.lost_cost} {p.card.replace('-', ' ').title()}.", size=2.0, font="cond", fill=MUTED)


def draw_player_board(cv: Canvas, roles: Roles, role: Role, ink: Ink = FULL) -> None:
    """One role's board in board mm (196 x 128 by default), origin at its top-left."""
    W, H = roles.width, roles.height
    cv.rect(0, 0, W, H, Style(stroke=INK, width=0.5, fill=ink.area(P.PAPER)), radius=3.0)
    band = ink.area(P.RIVER_DEEP)
    if band:
        cv.path([("M", 0, 15), ("L", 0, 3), ("C", 0, 1.3, 1.3, 0, 3, 0), ("L", W - 3, 0),
                 ("C", W - 1.3, 0, W, 1.3, W, 3), ("L", W, 15), ("Z",)], Style(stroke=None, fill=band))
    else:
        cv.line(0, 15, W, 15, Style(stroke=P.RIVER_DEEP, width=0.6))
    head = ink.on(P.RIVER_DEEP, WHITE, P.RIVER_DEEP)
    cv.text(6, 10.8, role.name.upper(), size=7.0, font="bold", fill=head)
    cv.text(W - 6, 6.6, "RISING WATERS · PLAYER BOARD", size=2.5, font="bold", anchor="end", fill=head)
    cv.text(W - 6, 11.4, "your color: ____________", size=2.6, font="cond", anchor="end", fill=head)

    # Renewable powers (left).
    lx, lw = 4.0, 70.0
    cv.text(lx, 21.5, "RENEWABLE POWERS", size=3.2, font="bold", fill=P.RIVER_DEEP)
    cv.text(lx, 25.3, "Buy in the Upgrade phase (a cube in a box);", size=2.3, font="cond", fill=MUTED)
    cv.text(lx, 28.2, "use it once, then remove the cube.", size=2.3, font="cond", fill=MUTED)
    y = 30.5
    rh = (92.0 - y) / len(roles.renewable) - 1.5
    for r in roles.renewable:
        draw_renewable(cv, r, lx, y, lw, rh)
        y += rh + 1.5

    # Perpetual powers (right).
    px, pw = 79.0, W - 83.0
    cv.text(px, 21.5, "PERPETUAL POWERS", size=3.2, font="bold", fill=P.RIVER_DEEP)
    sub = "Kept all game. Move right by discarding the cards in the next box."
    room = pw - text_width("PERPETUAL POWERS", 3.2, "bold") - 3
    cv.text(px + text_width("PERPETUAL POWERS", 3.2, "bold") + 3, 21.5, sub, size=_fit(sub, room, 2.3, "cond"),
            font="cond", fill=MUTED)
    y = 24.0
    rowh = 11.6
    for p in roles.perpetual:
        draw_perpetual(cv, p, px, y, pw, rowh)
        y += rowh + 1.0 + (2.6 if p.lost else 0.0)
    note = ("Education is wild for any Power card, but at least one card of each set must be the real type. "
            "Job Offers kept in hand also pay for Renewable powers.")
    _text(cv, px, y - 1.0, pw, 5.0, note, 2.1, color=MUTED, leading=1.15)

    # The red starting-power box and the individual goal (optional rules).
    by = 94.5
    cv.rect(lx, by, lw, H - by - 4, Style(stroke=RED, width=0.9, fill=ink.tint("#fbeae7", 0.5)), radius=1.5)
    cv.rect(lx + lw - CUBE - 3, by + 3, CUBE, CUBE, Style(stroke=RED, width=0.5, fill=WHITE), radius=1.0)
    cv.text(lx + 3, by + 5.5, "STARTING POWER", size=3.0, font="bold", fill=RED)
    cv.text(lx + 3, by + 9.0, "individual goals only", size=2.1, font="cond", fill=MUTED)
    _text(cv, lx + 3, by + 10.5, lw - CUBE - 8, H - by - 16, role.power, 2.6)

    gx, gw = px, pw
    gy = by + 4.0
    cv.text(gx, gy, "INDIVIDUAL GOAL", size=3.0, font="bold", fill=P.RIVER_DEEP)
    cv.text(gx + text_width("INDIVIDUAL GOAL", 3.0, "bold") + 2, gy, role.goal, size=2.6, font="cond-bold",
            fill=INK)
    _text(cv, gx, gy + 0.8, gw, H - 4 - 8.0 - gy - 1.8, role.scoring, 2.4)
    n = roles.goal_max + 1
    bw = gw / n
    ty = H - 4 - 8.0
    for v in range(n):
        cv.rect(gx + v * bw, ty, bw, 8.0, Style(stroke=INK, width=0.25, fill=WHITE if v % 5 else "#f1ead9"))
        cv.text(gx + v * bw + bw / 2, ty + 5.4, str(v), size=2.6, font="bold", anchor="middle", fill=INK)
