"""The bundled TTF fonts: registration with reportlab and text measurement.

Layout measures text with the same metrics the PDF embeds, so SVG and PDF wrap alike.
"""
from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

# logical name -> (reportlab name, file, CSS family, CSS weight, CSS stretch)
FONTS: dict[str, tuple[str, str, str, str, str]] = {
    "sans": ("HW-Sans", "DejaVuSans.ttf", "HW Sans", "normal", "normal"),
    "bold": ("HW-Sans-Bold", "DejaVuSans-Bold.ttf", "HW Sans", "bold", "normal"),
    "cond": ("HW-Cond", "DejaVuSansCondensed.ttf", "HW Cond", "normal", "normal"),
    "cond-bold": ("HW-Cond-Bold", "DejaVuSansCondensed-Bold.ttf", "HW Cond", "bold", "normal"),
}


def font_path(name: str) -> Path:
    """Filesystem path of a bundled font file."""
    return Path(str(resources.files("sheets") / "fonts" / FONTS[name][1]))


@lru_cache(maxsize=None)
def register(name: str) -> str:
    """Register a bundled font with reportlab (once) and return its reportlab name."""
    if name not in FONTS:
        raise KeyError(f"unknown font {name!r}; choose from {', '.join(FONTS)}")
    rl_name = FONTS[name][0]
    pdfmetrics.registerFont(TTFont(rl_name, str(font_path(name))))
    return rl_name


def text_width(text: str, size: float, font: str = "sans") -> float:
    """Width of `text` in the same units as `size` (mm in, mm out)."""
    return pdfmetrics.stringWidth(text, register(font), size)


def wrap(text: str, width: float, size: float, font: str = "sans") -> list[str]:
    """Greedy word wrap into lines no wider than `width`; explicit newlines are kept."""
    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split()
        if not words:
            lines.append("")
            continue
        line = words[0]
        for word in words[1:]:
            trial = f"{line} {word}"
            if text_width(trial, size, font) <= width:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def fit_wrap(text: str, width: float, height: float, size: float, font: str = "sans",
             min_size: float = 1.6, leading: float = 1.2) -> tuple[float, list[str]]:
    """Largest size <= `size` at which `text` wraps into the box; returns (size, lines)."""
    s = size
    while True:
        lines = wrap(text, width, s, font)
        fits = len(lines) * s * leading <= height and all(
            text_width(ln, s, font) <= width for ln in lines)
        if fits or s <= min_size:
            return s, lines
        s = round(s - 0.1, 2)
