"""SVG backend on svgwrite: one SVG document per page, fonts embedded as @font-face."""
from __future__ import annotations

import base64
from collections.abc import Sequence
from functools import lru_cache

import svgwrite

from . import fonts
from .canvas import Canvas, PathOp
from .style import INK, Color, Style

_ANCHOR = {"start": "start", "middle": "middle", "end": "end"}


def _n(v: float) -> str:
    return f"{v:.3f}".rstrip("0").rstrip(".") or "0"


@lru_cache(maxsize=None)
def _font_face(name: str) -> str:
    _, file, family, weight, stretch = fonts.FONTS[name]
    data = base64.b64encode(fonts.font_path(name).read_bytes()).decode()
    return (f"@font-face{{font-family:'{family}';font-weight:{weight};"
            f"src:url(data:font/ttf;base64,{data}) format('truetype');}}")


class SvgCanvas(Canvas):
    """Collects pages as svgwrite drawings; `finish()` returns one SVG per page."""

    def __init__(self, embed_fonts: bool = True) -> None:
        self._pages: list[bytes] = []
        self._dwg: svgwrite.Drawing | None = None
        self._cur = None          # the group later drawing goes into
        self._saved: list = []    # groups to return to on restore()
        self._clips = 0           # clip paths on this page, for stable ids
        self._used_fonts: set[str] = set()
        self._embed = embed_fonts

    def begin_page(self, width: float, height: float) -> None:
        self._dwg = svgwrite.Drawing(size=(f"{_n(width)}mm", f"{_n(height)}mm"),
                                     viewBox=f"0 0 {_n(width)} {_n(height)}", debug=False)
        self._used_fonts = set()
        self._cur = self._dwg.g()
        self._dwg.add(self._cur)
        self._saved = []
        self._clips = 0

    def end_page(self) -> None:
        assert self._dwg is not None
        if self._embed and self._used_fonts:
            css = "".join(_font_face(f) for f in sorted(self._used_fonts))
            self._dwg.defs.add(self._dwg.style(css))
        self._pages.append(self._dwg.tostring().encode())
        self._dwg = None

    def _attrs(self, style: Style) -> dict:
        a: dict = {"fill": style.fill or "none"}
        if style.stroke:
            a.update(stroke=style.stroke, stroke_width=_n(style.width),
                     stroke_linecap=style.cap, stroke_linejoin="round")
            if style.dash:
                a["stroke_dasharray"] = ",".join(_n(d) for d in style.dash)
        if style.opacity < 1.0:
            a["opacity"] = _n(style.opacity)
        return a

    @staticmethod
    def _d(ops: Sequence[PathOp]) -> str:
        return " ".join(op[0] + " " + " ".join(_n(v) for v in op[1:]) if len(op) > 1 else op[0]
                        for op in ops)

    def path(self, ops: Sequence[PathOp], style: Style) -> None:
        if not style.stroke and not style.fill:
            return
        self._cur.add(self._dwg.path(d=self._d(ops), **self._attrs(style)))

    def clip(self, ops: Sequence[PathOp]) -> None:
        # The clip path lives in <defs>; userSpaceOnUse puts it in the coordinates of
        # the group that references it, which has no transform of its own.
        self._clips += 1
        cid = f"clip{self._clips}"
        cp = self._dwg.clipPath(id=cid, clipPathUnits="userSpaceOnUse")
        cp.add(self._dwg.path(d=self._d(ops)))
        self._dwg.defs.add(cp)
        g = self._dwg.g(clip_path=f"url(#{cid})")
        self._cur.add(g)
        self._cur = g

    def text(self, x: float, y: float, s: str, *, size: float, font: str = "sans",
             anchor: str = "start", fill: Color = INK) -> None:
        _, file, family, weight, stretch = fonts.FONTS[font]
        self._used_fonts.add(font)
        # The embedded face first, then the same font installed locally (for renderers that
        # ignore @font-face data URIs), then any sans.
        local = "DejaVu Sans Condensed" if "Condensed" in file else "DejaVu Sans"
        attrs = {"font_stretch": "condensed"} if "Condensed" in file else {}
        self._cur.add(self._dwg.text(
            s, insert=(_n(x), _n(y)), font_size=_n(size), font_family=f"'{family}', '{local}', sans-serif",
            font_weight=weight, text_anchor=_ANCHOR[anchor], fill=fill, **attrs))

    def save(self) -> None:
        self._saved.append(self._cur)

    def restore(self) -> None:
        self._cur = self._saved.pop()

    def _push_transform(self, t: str) -> None:
        g = self._dwg.g(transform=t)
        self._cur.add(g)
        self._cur = g

    def translate(self, dx: float, dy: float) -> None:
        self._push_transform(f"translate({_n(dx)},{_n(dy)})")

    def rotate(self, degrees: float) -> None:
        self._push_transform(f"rotate({_n(degrees)})")

    def scale(self, sx: float, sy: float | None = None) -> None:
        self._push_transform(f"scale({_n(sx)},{_n(sx if sy is None else sy)})")

    def finish(self) -> list[bytes]:
        if self._dwg is not None:
            self.end_page()
        return self._pages
