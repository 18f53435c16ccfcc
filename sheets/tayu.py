"""The Tayu print-and-play kit: 84 tiles (with an optional cut-line back), the board in two
halves tiled as posters, bilingual player aids and a score pad.
"""
from __future__ import annotations

from scorer.tayu import score as tayu_score
from scorer.tayu.score import EdgeCount
from scorer.tayu.template import TayuTemplate, load
from scorer.tayu.tiles import COPIES, all_types

import templates

from . import richtext
from .canvas import Canvas
from .fonts import text_width
from .imposition import Rect
from .ink import Ink, lighten
from .kit import Face, Kit, PageSection, Piece, PieceSheet, PosterSection
from .printopts import PrintOptions
from .style import INK, MUTED, WHITE, Style, fill
from .tayu_art import LAND, draw_board, draw_tile_back, draw_tile_front

TITLE = "Tayu"
AID_TEXT_BOX = (6.0, 18.0, 83.0, 107.0)   # x, y, w, h in aid-card mm (the card is 95 x 130)
PARTS = ("tiles", "board", "aids", "pad")


def tile_pieces(backs: bool = True) -> list[Piece]:
    """Every type COPIES times, in type order: 84 pieces, kind 'tile-07' and so on."""
    out = []
    for t in all_types():
        for _ in range(COPIES):
            out.append(Piece(
                f"tile-{t.id:02d}",
                lambda cv, face, t=t: draw_tile_front(cv, face, t),
                (lambda cv, face, t=t: draw_tile_back(cv, face, t)) if backs else None,
                label=t.name, group="three-sides" if t.three_sides else "one-or-two-sides"))
    return out


def _aid_piece(lang: str) -> Piece:
    aid = templates.load_raw("tayu")["aids"][lang]

    def draw(cv: Canvas, face: Face) -> None:
        ink = face.ink
        p = face.paint
        frame = ink.area(LAND)
        if frame:
            cv.rect(p.x, p.y, p.w, p.h, fill(frame))
        cv.rect(3, 3, face.w - 6, face.h - 6, Style(stroke=LAND, width=0.4, fill=WHITE), radius=2.5)
        head = ink.tint(LAND, 0.85)
        cv.rect(3, 3, face.w - 6, 12, Style(stroke=None if frame else LAND, width=0.4, fill=head), radius=2.5)
        if frame:
            cv.rect(3, 9, face.w - 6, 6, fill(head))
        title_c = WHITE if frame else INK
        cv.text(7, 12.2, aid["title"], size=6.5, font="bold", fill=title_c)
        cv.text(30, 11.8, aid["subtitle"], size=3.4, font="bold", fill=title_c)
        cv.circle(face.w - 11, 9.0, 4.0, Style(stroke=title_c, width=0.5))
        cv.text(face.w - 11, 10.2, aid["lang"], size=3.2, font="bold", anchor="middle", fill=title_c)
        richtext.draw(cv, *AID_TEXT_BOX, aid["text"], 3.0, min_size=2.2, para_gap=0.3)
    return Piece(f"aid-{lang}", draw, None, label=f"player aid ({aid['lang']})", group="aid")


def aid_pieces() -> list[Piece]:
    """Two English and two Spanish aids: one of each for both players."""
    return [_aid_piece("en"), _aid_piece("es"), _aid_piece("en"), _aid_piece("es")]


def draw_score_pad(cv: Canvas, ink: Ink, area: Rect, t: TayuTemplate) -> None:
    """Games in blocks: for each player, the outlets and ×2 dots on both edges and the product."""
    x0, y = area.x + 2, area.y + 7
    w = area.w - 4
    cv.text(x0, y, "TAYU · Score pad", size=6.5, font="bold", fill=INK)
    cv.text(x0 + 70, y, "Hoja de puntuación", size=4.2, font="bold", fill=MUTED)
    y += 7
    cv.text(x0, y, "Score = (outlets + ×2 dots on one edge) × (outlets + ×2 dots on the opposite edge). "
                   "Outlets that do not touch the edge do not count.", size=2.6, fill=INK)
    y += 4.2
    cv.text(x0, y, "Puntos = (salidas + puntos ×2 en un borde) × (salidas + puntos ×2 en el borde opuesto). "
                   "Las salidas que no tocan el borde no cuentan.", size=2.6, fill=MUTED)
    y += 5
    ex = (EdgeCount(5, 1), EdgeCount(4, 0))
    y = _block(cv, ink, x0, y, w, t, "Example · Ejemplo (from the rules: North 5 outlets, one on a dot; South 4)",
               example=ex)
    games = int((area.bottom - y) // BLOCK_H)
    for g in range(1, games + 1):
        y = _block(cv, ink, x0, y, w, t, f"Game · Partida {g}")


# (header, width share, kind): kind "box" is a cell to write in, "op" an operator between cells.
COLS = [("Player · Jugador", 0.2, "name"), ("", 0.055, "edge"), ("outlets · salidas", 0.09, "box"),
        ("+", 0.03, "op"), ("×2 dots · puntos", 0.09, "box"), ("=", 0.03, "op"), ("", 0.075, "box"),
        ("×", 0.04, "op"),
        ("", 0.055, "edge"), ("outlets · salidas", 0.09, "box"), ("+", 0.03, "op"),
        ("×2 dots · puntos", 0.09, "box"), ("=", 0.03, "op"), ("", 0.075, "box"), ("=", 0.03, "op"),
        ("score · puntos", 0.1, "score")]
BLOCK_H = 32.0   # title 5 + headers 3.8 + two rows + gaps


def _block(cv: Canvas, ink: Ink, x0: float, y: float, w: float, t: TayuTemplate, title: str,
           example: tuple[EdgeCount, EdgeCount] | None = None) -> float:
    cv.text(x0, y + 3.2, title, size=3.2, font="bold", fill=INK)
    if example is None:
        cv.text(x0 + w, y + 3.2, "date · fecha ________    3 players, target · 3 jugadores, meta ____", size=2.3,
                anchor="end", fill=MUTED)
    y += 5
    total = sum(c[1] for c in COLS)
    xs = [x0]
    for _, share, _ in COLS:
        xs.append(xs[-1] + share / total * w)
    for (label, _, kind), xa, xb in zip(COLS, xs, xs[1:]):
        if kind != "op" and label:
            cv.text((xa + xb) / 2, y + 2.6, label, size=1.9, font="cond", anchor="middle", fill=MUTED)
    y += 3.8
    row_h = 9.0
    for i, (pid, edges) in enumerate((("ns", "NS"), ("ew", "EW"))):
        p = t.players[pid]
        ry = y + i * (row_h + 1.2)
        tint = ink.tint(lighten(p.color, 0.88), 0.95)
        values: list[int] = []
        if example is not None and pid == "ns":
            a, b = example
            values = [a.outlets, a.dots, a.points, b.outlets, b.dots, b.points, tayu_score(a, b)]
        edge_i = 0
        for k, ((label, _, kind), xa, xb) in enumerate(zip(COLS, xs, xs[1:])):
            cx = (xa + xb) / 2
            if kind == "op":
                cv.text(cx, ry + 6.0, label, size=3.6, font="bold", anchor="middle", fill=MUTED)
                continue
            cv.rect(xa, ry, xb - xa, row_h, Style(stroke=INK, width=0.6 if kind == "score" else 0.25, fill=tint))
            if kind == "name":
                name = f"{p.name} · {p.es}"
                size = 2.4
                while text_width(name, size, "cond-bold") > xb - xa - 3 and size > 1.6:
                    size = round(size - 0.1, 2)
                cv.text(xa + 1.8, ry + 4.0, name, size=size, font="cond-bold", fill=p.color)
                cv.text(xa + 1.8, ry + 7.4, "name · nombre:", size=1.8, font="cond", fill=MUTED)
            elif kind == "edge":
                cv.text(cx, ry + 6.2, edges[edge_i], size=4.4, font="bold", anchor="middle", fill=p.color)
                edge_i += 1
            elif values:
                cv.text(cx, ry + 6.4, str(values.pop(0)), size=4.4, font="bold", anchor="middle", fill="#3b3b3b")
    return y + 2 * row_h + 1.2 + 4.0


def build_kit(options: PrintOptions, parts: tuple[str, ...] = PARTS, tile_backs: bool = True) -> Kit:
    """The Tayu kit: the chosen parts, in the order tiles, board, aids, pad."""
    t = load()
    kit = Kit(TITLE, options)
    if "tiles" in parts:
        kit.add(PieceSheet("Tiles", tile_pieces(tile_backs), t.cell, 3 * t.cell, cut_lines="back" if tile_backs else "none"))
    if "board" in parts:
        for half in t.halves:
            top, height = t.half_box(half)
            kit.add(PosterSection(half.name, t.size, height,
                                  lambda cv, ink, top=top: _board_window(cv, ink, t, top)))
    if "aids" in parts:
        w, h = templates.load_raw("tayu")["aid_card_mm"]
        kit.add(PieceSheet("Player aids", aid_pieces(), w, h, backs=False))
    if "pad" in parts:
        kit.add(PageSection("Score pad", lambda cv, ink, area: draw_score_pad(cv, ink, area, t)))
    return kit


def _board_window(cv: Canvas, ink: Ink, t: TayuTemplate, top: float) -> None:
    with cv.transformed(0, -top):
        draw_board(cv, t, ink)
