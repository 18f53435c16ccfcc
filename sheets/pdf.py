"""PDF backend on reportlab: deterministic (invariant) output with embedded TTF fonts."""
from __future__ import annotations

import io
from collections.abc import Sequence

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas as RLCanvas

from . import fonts
from .canvas import Canvas, PathOp
from .style import INK, Color, Style

_CAPS = {"butt": 0, "round": 1, "square": 2}


class PdfCanvas(Canvas):
    """Draws on a reportlab canvas. Same arguments give byte-identical PDFs."""

    def __init__(self, title: str = "Highwater", subject: str = "") -> None:
        self._buf = io.BytesIO()
        # initialFontName: without it reportlab puts an unembedded Helvetica on every page.
        self._c = RLCanvas(self._buf, invariant=1, pageCompression=1, initialFontName=fonts.register("sans"))
        self._c.setTitle(title)
        self._c.setAuthor("Highwater")
        self._c.setCreator("Highwater")
        self._c.setSubject(subject)
        # Ask viewers not to shrink the page to fit: sheets must print at 100 %.
        self._c.setViewerPreference("PrintScaling", "None")
        self._open = False

    def begin_page(self, width: float, height: float) -> None:
        self._c.setPageSize((width * mm, height * mm))
        self._c.saveState()
        self._c.translate(0, height * mm)
        self._c.scale(mm, -mm)
        self._open = True

    def end_page(self) -> None:
        self._c.restoreState()
        self._c.showPage()
        self._open = False

    def _apply(self, style: Style) -> tuple[int, int]:
        c = self._c
        if style.stroke:
            c.setStrokeColor(HexColor(style.stroke))
            c.setLineWidth(style.width)
            c.setLineCap(_CAPS[style.cap])
            c.setLineJoin(1)
            c.setDash(list(style.dash) if style.dash else [])
        if style.fill:
            c.setFillColor(HexColor(style.fill))
        if style.opacity < 1.0:
            c.setFillAlpha(style.opacity)
            c.setStrokeAlpha(style.opacity)
        return int(bool(style.stroke)), int(bool(style.fill))

    def _build(self, ops: Sequence[PathOp]):
        p = self._c.beginPath()
        for op in ops:
            kind = op[0]
            if kind == "M":
                p.moveTo(op[1], op[2])
            elif kind == "L":
                p.lineTo(op[1], op[2])
            elif kind == "C":
                p.curveTo(*op[1:7])
            elif kind == "Z":
                p.close()
            else:
                raise ValueError(f"unknown path op {kind!r}")
        return p

    def path(self, ops: Sequence[PathOp], style: Style) -> None:
        if not style.stroke and not style.fill:
            return
        p = self._build(ops)
        self._c.saveState()
        s, f = self._apply(style)
        self._c.drawPath(p, stroke=s, fill=f)
        self._c.restoreState()

    def text(self, x: float, y: float, s: str, *, size: float, font: str = "sans",
             anchor: str = "start", fill: Color = INK) -> None:
        c = self._c
        c.saveState()
        c.translate(x, y)
        c.scale(1, -1)
        c.setFillColor(HexColor(fill))
        c.setFont(fonts.register(font), size)
        draw = {"start": c.drawString, "middle": c.drawCentredString, "end": c.drawRightString}[anchor]
        draw(0, 0, s)
        c.restoreState()

    def clip(self, ops: Sequence[PathOp]) -> None:
        self._c.clipPath(self._build(ops), stroke=0, fill=0)

    def save(self) -> None:
        self._c.saveState()

    def restore(self) -> None:
        self._c.restoreState()

    def translate(self, dx: float, dy: float) -> None:
        self._c.translate(dx, dy)

    def rotate(self, degrees: float) -> None:
        self._c.rotate(degrees)

    def scale(self, sx: float, sy: float | None = None) -> None:
        self._c.scale(sx, sx if sy is None else sy)

    def finish(self) -> bytes:
        if self._open:
            self.end_page()
        self._c.save()
        return self._buf.getvalue()
