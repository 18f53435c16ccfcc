"""Rising Waters tokens: what the cut sheets hold and how each token face is drawn.

Counts follow the components list: 60 water level tokens, 60 levee tokens, 89 flood hexes,
7 Relief Camp hexes (green side / red side), 10 rafts, the First Player marker and 3 track
markers; plus 6 town tokens for tables without little houses. Tokens of one shape and size
share a cut sheet. A token's draw function gets
the piece's face (trim size, bleed, ink policy, side) and draws in piece mm with the trim's
top-left at (0, 0); the cut-sheet machinery clips it to the token's outline.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from scorer.rising_waters import hexgrid

from ..canvas import Canvas
from ..fonts import text_width
from ..style import INK, WHITE, Style, fill, stroke
from . import icons
from . import palette as P

HEX_ACROSS = 14.0 * hexgrid.SQRT3     # a map hex across its flats (the map's hex size is 14 mm)
HEX_TALL = 28.0                       # and point to point
EARTH = "#8a5a2b"
GOLD = "#c99a1e"

TokenDraw = Callable[[Canvas, Any], None]   # (canvas, face)


@dataclass(frozen=True)
class TokenSet:
    """One kind of token: its cut sheet shape and size, and one entry per printed token."""

    id: str
    name: str
    shape: str                        # circle | rect | hex
    w: float
    h: float
    tokens: tuple[tuple[str, str, TokenDraw, TokenDraw], ...]   # (kind, label, front, back)

    @property
    def count(self) -> int:
        return len(self.tokens)


def _paint(cv: Canvas, face: Any, color: str) -> None:
    """Fill the token's paintable area (trim plus bleed) unless saving ink."""
    c = face.ink.area(color)
    if c is not None:
        p = face.paint
        cv.rect(p.x, p.y, p.w, p.h, fill(c))


def _ring(cv: Canvas, face: Any, color: str, inset: float = 1.2) -> None:
    """An inner ring in the token's colour: the cue that stays when saving ink."""
    r = min(face.w, face.h) / 2 - inset
    cv.circle(face.w / 2, face.h / 2, r, Style(stroke=color if face.ink.saver else WHITE, width=0.35, fill=None))


def _on(face: Any, color: str) -> str:
    """Text colour on a token painted `color`."""
    return face.ink.on(color, WHITE, color)


def water_level(n: int) -> TokenDraw:
    def draw(cv: Canvas, face: Any) -> None:
        _paint(cv, face, P.RIVER_DEEP)
        _ring(cv, face, P.RIVER_DEEP)
        cx, cy = face.w / 2, face.h / 2
        cv.text(cx, cy + 2.4, str(n), size=7.4, font="bold", anchor="middle", fill=_on(face, P.RIVER_DEEP))
        icons.waves(cv, cx, cy + 4.7, 4.6, _on(face, P.RIVER_DEEP))
    return draw


def levee(n: int) -> TokenDraw:
    def draw(cv: Canvas, face: Any) -> None:
        _paint(cv, face, EARTH)
        _ring(cv, face, EARTH)
        cx, cy = face.w / 2, face.h / 2
        cv.text(cx, cy + 2.2, str(n), size=7.0, font="bold", anchor="middle", fill=_on(face, EARTH))
        cv.text(cx, cy + 5.4, "LEVEE", size=1.9, font="bold", anchor="middle", fill=_on(face, EARTH))
        cv.path([("M", cx - 4.0, cy - 3.6), ("L", cx - 2.0, cy - 5.2), ("L", cx + 2.0, cy - 5.2),
                 ("L", cx + 4.0, cy - 3.6), ("Z",)], fill(_on(face, EARTH)))
    return draw


def flood(cv: Canvas, face: Any) -> None:
    _paint(cv, face, P.RIVER)
    p = face.paint
    wave = Style(stroke=P.RIVER_DEEP if face.ink.saver else "#a9cbe8", width=0.45)
    y = p.y + 2.5
    while y < p.y + p.h:
        ops: list[tuple] = [("M", p.x, y)]
        x = p.x
        while x < p.x + p.w:
            ops.append(("C", x + 1.5, y - 1.0, x + 4.5, y + 1.0, x + 6.0, y))
            x += 6.0
        cv.path(ops, wave)
        y += 4.2
    cv.text(face.w / 2, face.h / 2 + 1.0, "FLOODED", size=2.6, font="bold", anchor="middle",
            fill=P.RIVER_DEEP if face.ink.saver else WHITE)


def relief_camp(color: str, side: str) -> TokenDraw:
    def draw(cv: Canvas, face: Any) -> None:
        _paint(cv, face, color)
        cx, cy = face.w / 2, face.h / 2
        mark = color if face.ink.saver else WHITE
        icons.tent(cv, cx, cy - 3.0, 10.0, mark if face.ink.saver else "#f3f0e8")
        if not face.ink.saver:
            icons._poly(cv, cx, cy - 3.0, 10.0, [(0.5, 0.45), (0.65, 0.85), (0.35, 0.85)], fill(color))
        cv.text(cx, cy + 5.2, "RELIEF", size=2.5, font="bold", anchor="middle", fill=mark)
        cv.text(cx, cy + 8.0, "CAMP", size=2.5, font="bold", anchor="middle", fill=mark)
        cv.text(cx, cy + 10.6, side, size=1.8, font="cond", anchor="middle", fill=mark)
    return draw


def raft(cv: Canvas, face: Any) -> None:
    _paint(cv, face, P.RIVER)
    logs = 5
    lw = (face.w - 3.0) / logs
    for i in range(logs):
        x = 1.5 + i * lw
        cv.rect(x + 0.2, 1.2, lw - 0.4, face.h - 2.4, Style(stroke=INK, width=0.25, fill="#c8a06a"), radius=lw / 2)
    for y in (face.h * 0.3, face.h * 0.7):
        cv.line(1.0, y, face.w - 1.0, y, stroke(INK, 0.45))
    cv.text(face.w / 2, face.h / 2 + 1.0, "RAFT", size=2.8, font="bold", anchor="middle", fill=INK)


def first_player(cv: Canvas, face: Any) -> None:
    _paint(cv, face, P.RIVER_DEEP)
    mark = _on(face, P.RIVER_DEEP)
    icons.star(cv, 5.5, face.h / 2, 7.0, GOLD)
    cv.text(10.0 + (face.w - 10.0) / 2, face.h / 2 - 0.4, "FIRST", size=3.4, font="bold", anchor="middle", fill=mark)
    cv.text(10.0 + (face.w - 10.0) / 2, face.h / 2 + 3.4, "PLAYER", size=3.4, font="bold", anchor="middle",
            fill=mark)
    cv.rect(1.0, 1.0, face.w - 2, face.h - 2, Style(stroke=mark, width=0.3, fill=None), radius=1.5)


def track_marker(label: str, color: str) -> TokenDraw:
    def draw(cv: Canvas, face: Any) -> None:
        _paint(cv, face, color)
        _ring(cv, face, color, 0.8)
        size = 2.4
        while text_width(label, size, "cond-bold") > face.w - 3.4 and size > 1.4:
            size = round(size - 0.1, 2)
        cv.text(face.w / 2, face.h / 2 + size * 0.36, label, size=size, font="cond-bold", anchor="middle",
                fill=_on(face, color))
    return draw


def town(cv: Canvas, face: Any) -> None:
    _paint(cv, face, "#f3ece2")
    _ring(cv, face, P.TOWN)
    icons.house(cv, face.w / 2, face.h / 2 - 1.0, 8.0, P.TOWN)
    cv.text(face.w / 2, face.h / 2 + 5.6, "TOWN", size=1.9, font="bold", anchor="middle", fill=P.TOWN)


def token_sets() -> list[TokenSet]:
    """Every token cut sheet of the kit, in print order: round, hex and oblong tokens."""
    def same(kind: str, label: str, fn: TokenDraw, n: int) -> list[tuple[str, str, TokenDraw, TokenDraw]]:
        return [(kind, label, fn, fn)] * n

    water = [t for v in range(1, 7) for t in same(f"water-{v}", f"Water level {v}", water_level(v), 10)]
    levees = [t for v in range(3, 9) for t in same(f"levee-{v}", f"Levee {v}", levee(v), 10)]
    markers = [same(f"marker-{k}", f"{name} marker", track_marker(word, color), 1)[0]
               for k, name, word, color in (("loss", "Loss", "LOSS", P.CRISIS), ("weeks", "Weeks", "WEEK", "#4a4f57"),
                                            ("donations", "Donations", "DONATIONS", P.RELIEF_GREEN))]
    towns = same("town", "Town", town, 6)
    camps = [("relief-camp", "Relief Camp", relief_camp(P.RELIEF_GREEN, "built with donations"),
              relief_camp(P.RELIEF_RED, "not enough donations"))] * 7
    return [
        TokenSet("round", "Water level, levee, marker and town tokens", "circle", 15.0, 15.0,
                 tuple(water + levees + markers + towns)),
        TokenSet("hex", "Flood and Relief Camp hexes", "hex", HEX_ACROSS, HEX_TALL,
                 tuple(same("flood", "Flood hex", flood, 89) + camps)),
        TokenSet("oblong", "Rafts and the First Player marker", "rect", 26.0, 16.0,
                 tuple(same("raft", "Raft", raft, 10) + same("first-player", "First Player", first_player, 1))),
    ]


def counts() -> dict[str, int]:
    """Printed tokens per kind."""
    out: dict[str, int] = {}
    for s in token_sets():
        for kind, *_ in s.tokens:
            out[kind] = out.get(kind, 0) + 1
    return out


def tokens_of(prefix: str) -> int:
    """Printed tokens whose kind starts with prefix (e.g. 'water-')."""
    return sum(n for k, n in counts().items() if k.startswith(prefix))

