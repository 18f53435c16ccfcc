"""Small pieces and drawings for kit tests."""
from __future__ import annotations

from sheets.kit import Face, Piece
from sheets.style import EARTH, INK, WATER, WHITE, Style, fill, stroke


def face_fn(tag: str, color: str = WATER):
    def draw(cv, face: Face) -> None:
        p = face.paint
        cv.rect(p.x, p.y, p.w, p.h, fill(face.ink.area(color) or WHITE))
        cv.text(face.w / 2, face.h / 2, tag, size=6, font="bold", anchor="middle", fill=INK)
    return draw


def pieces(n: int, kinds: int = 3, backs: bool = True) -> list[Piece]:
    return [Piece(f"k{i % kinds}", face_fn(f"F{i}"), face_fn(f"B{i}", EARTH) if backs else None, label=f"card {i}",
                  group="even" if i % 2 == 0 else "odd") for i in range(n)]


def grid_drawing(w: float, h: float):
    def draw(cv, ink) -> None:
        cv.rect(0, 0, w, h, Style(stroke=INK, width=0.8, fill=ink.area("#dcebf7")))
        for k in range(0, int(w) + 1, 20):
            cv.line(k, 0, k, h, stroke(INK, 0.3))
    return draw
