"""Wrapped text with **bold** spans, fitted into a box: card effects and player aids.

Markup: `**bold**`, a blank line or `\\n` starts a paragraph, and a paragraph starting
with `- ` is a bullet. Measurement uses the embedded fonts' metrics, so PDF and SVG wrap
the same way.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .canvas import Canvas
from .fonts import text_width
from .style import INK, Color

Run = tuple[str, bool]          # (text, bold)
Word = tuple[Run, ...]

_BOLD = re.compile(r"\*\*(.+?)\*\*")


def parse(text: str) -> list[tuple[bool, list[Word]]]:
    """Paragraphs as (is_bullet, words); each word is a tuple of (text, bold) runs."""
    paras = []
    for raw in text.split("\n"):
        raw = raw.strip()
        bullet = raw.startswith("- ")
        if bullet:
            raw = raw[2:]
        runs: list[Run] = []
        pos = 0
        for m in _BOLD.finditer(raw):
            if m.start() > pos:
                runs.append((raw[pos:m.start()], False))
            runs.append((m.group(1), True))
            pos = m.end()
        if pos < len(raw):
            runs.append((raw[pos:], False))
        words: list[list[Run]] = [[]]
        for t, b in runs:
            parts = re.split(r"(\s+)", t)
            for part in parts:
                if not part:
                    continue
                if part.isspace():
                    if words[-1]:
                        words.append([])
                    continue
                words[-1].append((part, b))
        paras.append((bullet, [tuple(w) for w in words if w]))
    return paras


@dataclass(frozen=True)
class Fonts:
    regular: str = "sans"
    bold: str = "bold"

    def of(self, bold: bool) -> str:
        return self.bold if bold else self.regular


def word_width(word: Word, size: float, fonts: Fonts) -> float:
    return sum(text_width(t, size, fonts.of(b)) for t, b in word)


@dataclass(frozen=True)
class Line:
    words: tuple[Word, ...]
    indent: float
    bullet: bool
    para_start: bool


def layout(text: str, width: float, size: float, fonts: Fonts = Fonts()) -> list[Line]:
    """Greedy wrap at `size`."""
    space = text_width(" ", size, fonts.regular)
    indent = size * 1.25
    lines: list[Line] = []
    for bullet, words in parse(text):
        ind = indent if bullet else 0.0
        cur: list[Word] = []
        w = 0.0
        first = True
        for word in words:
            ww = word_width(word, size, fonts)
            if cur and w + space + ww > width - ind:
                lines.append(Line(tuple(cur), ind, bullet and first, first))
                first = False
                cur, w = [], 0.0
            w = ww if not cur else w + space + ww
            cur.append(word)
        lines.append(Line(tuple(cur), ind, bullet and first, first))
    return lines


def measure(lines: list[Line], size: float, leading: float, para_gap: float) -> float:
    """Height of laid-out lines, from the first line's top to the last baseline's descent."""
    if not lines:
        return 0.0
    gaps = sum(1 for i, ln in enumerate(lines) if i and ln.para_start)
    return len(lines) * size * leading + gaps * size * para_gap


def fit(text: str, width: float, height: float, size: float, fonts: Fonts = Fonts(),
        leading: float = 1.22, para_gap: float = 0.4, min_size: float = 1.8) -> tuple[float, list[Line]]:
    """The largest size <= `size` at which the text fits the box; (size, lines)."""
    s = size
    while True:
        lines = layout(text, width, s, fonts)
        too_wide = any(word_width(w, s, fonts) > width - ln.indent for ln in lines for w in ln.words)
        if (measure(lines, s, leading, para_gap) <= height and not too_wide) or s <= min_size:
            return s, lines
        s = round(s - 0.1, 2)


def draw(cv: Canvas, x: float, y: float, w: float, h: float, text: str, size: float, *,
         fonts: Fonts = Fonts(), color: Color = INK, align: str = "start", valign: str = "top",
         leading: float = 1.22, para_gap: float = 0.4, min_size: float = 1.8) -> float:
    """Fit and draw `text` in the box; returns the size used."""
    s, lines = fit(text, w, h, size, fonts, leading, para_gap, min_size)
    total = measure(lines, s, leading, para_gap)
    top = {"top": y, "middle": y + (h - total) / 2, "bottom": y + h - total}[valign]
    space = text_width(" ", s, fonts.regular)
    base = top + s * 0.92
    for i, ln in enumerate(lines):
        if i and ln.para_start:
            base += s * para_gap
        lw = sum(word_width(wd, s, fonts) for wd in ln.words) + space * max(0, len(ln.words) - 1)
        if align == "middle":
            cx = x + ln.indent + (w - ln.indent - lw) / 2
        elif align == "end":
            cx = x + w - lw
        else:
            cx = x + ln.indent
        if ln.bullet:  # just before the text, wherever the line starts
            bx = cx - ln.indent * 0.75 if align != "start" else x + ln.indent * 0.2
            cv.text(bx, base, "•", size=s, font=fonts.regular, fill=color)
        for wd in ln.words:
            for t, b in wd:
                cv.text(cx, base, t, size=s, font=fonts.of(b), fill=color)
                cx += text_width(t, s, fonts.of(b))
            cx += space
        base += s * leading
    return s
