"""The one small drawing interface every renderer draws on.

Units are mm, origin top-left, y down. Text is placed by its baseline. Backends:
`sheets.pdf.PdfCanvas` (reportlab), `sheets.svg.SvgCanvas` (svgwrite) and
`RecordingCanvas` here, which logs calls so tests can diff them against golden data.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from contextlib import contextmanager
from typing import Iterator

from .style import INK, Color, Style

Point = tuple[float, float]
PathOp = tuple  # ("M", x, y) | ("L", x, y) | ("C", x1, y1, x2, y2, x, y) | ("Z",)


class Canvas(ABC):
    """Abstract page canvas in millimetres."""

    @abstractmethod
    def begin_page(self, width: float, height: float) -> None:
        """Start a new page of the given size in mm."""

    @abstractmethod
    def end_page(self) -> None:
        """Finish the current page."""

    @abstractmethod
    def path(self, ops: Sequence[PathOp], style: Style) -> None:
        """Draw a path made of M/L/C/Z operations."""

    @abstractmethod
    def text(self, x: float, y: float, s: str, *, size: float, font: str = "sans",
             anchor: str = "start", fill: Color = INK) -> None:
        """Draw one line of text with its baseline at y; anchor is start|middle|end."""

    @abstractmethod
    def save(self) -> None:
        """Push the current transform."""

    @abstractmethod
    def restore(self) -> None:
        """Pop the transform pushed by the matching save()."""

    @abstractmethod
    def translate(self, dx: float, dy: float) -> None:
        """Move the origin by (dx, dy) mm."""

    @abstractmethod
    def rotate(self, degrees: float) -> None:
        """Rotate later drawing clockwise on the page by `degrees` about the origin."""

    @abstractmethod
    def scale(self, sx: float, sy: float | None = None) -> None:
        """Scale later drawing; a negative factor mirrors."""

    @abstractmethod
    def clip(self, ops: Sequence[PathOp]) -> None:
        """Restrict later drawing to the inside of the path until the matching restore().

        Call it between save() and restore(); the path is in the current coordinates.
        """

    def finish(self) -> bytes | list[bytes]:
        """Return the finished document."""
        raise NotImplementedError

    def clip_rect(self, x: float, y: float, w: float, h: float) -> None:
        """Clip later drawing to an axis-aligned rectangle (see clip())."""
        self.clip([("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",)])

    # Shapes built on path(); backends may override for nicer output.
    def line(self, x1: float, y1: float, x2: float, y2: float, style: Style) -> None:
        """A straight segment."""
        self.path([("M", x1, y1), ("L", x2, y2)], style)

    def polyline(self, points: Sequence[Point], style: Style, closed: bool = False) -> None:
        """Segments through the points; closed gives a polygon."""
        ops: list[PathOp] = [("M", *points[0])] + [("L", *p) for p in points[1:]]
        if closed:
            ops.append(("Z",))
        self.path(ops, style)

    def rect(self, x: float, y: float, w: float, h: float, style: Style, radius: float = 0.0) -> None:
        """An axis-aligned rectangle, optionally with rounded corners."""
        if radius <= 0:
            self.polyline([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], style, closed=True)
            return
        r = min(radius, w / 2, h / 2)
        k = 0.5523 * r
        self.path([
            ("M", x + r, y), ("L", x + w - r, y),
            ("C", x + w - r + k, y, x + w, y + r - k, x + w, y + r), ("L", x + w, y + h - r),
            ("C", x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h), ("L", x + r, y + h),
            ("C", x + r - k, y + h, x, y + h - r + k, x, y + h - r), ("L", x, y + r),
            ("C", x, y + r - k, x + r - k, y, x + r, y), ("Z",)], style)

    def circle(self, cx: float, cy: float, r: float, style: Style) -> None:
        """A circle of radius r mm."""
        self.ellipse(cx, cy, r, r, style)

    def ellipse(self, cx: float, cy: float, rx: float, ry: float, style: Style) -> None:
        """An axis-aligned ellipse."""
        kx, ky = 0.5523 * rx, 0.5523 * ry
        self.path([
            ("M", cx + rx, cy),
            ("C", cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry),
            ("C", cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy),
            ("C", cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry),
            ("C", cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy), ("Z",)], style)

    @contextmanager
    def transformed(self, dx: float = 0.0, dy: float = 0.0, rotate: float = 0.0,
                    scale: float | tuple[float, float] = 1.0) -> Iterator["Canvas"]:
        """Draw in a moved, rotated and scaled frame for the duration of a `with` block."""
        self.save()
        try:
            self.translate(dx, dy)
            if rotate:
                self.rotate(rotate)
            if scale != 1.0:
                sx, sy = scale if isinstance(scale, tuple) else (scale, scale)
                self.scale(sx, sy)
            yield self
        finally:
            self.restore()


def _r(v: object) -> object:
    return round(v, 3) if isinstance(v, float) else v


class RecordingCanvas(Canvas):
    """Logs every call as a tuple; renderer tests diff the log instead of PDF bytes."""

    def __init__(self) -> None:
        self.calls: list[tuple] = []
        self.pages: list[tuple[float, float]] = []

    def _log(self, *call: object) -> None:
        self.calls.append(tuple(_r(c) for c in call))

    def begin_page(self, width: float, height: float) -> None:
        self.pages.append((width, height))
        self._log("page", width, height)

    def end_page(self) -> None:
        self._log("end_page")

    def path(self, ops: Sequence[PathOp], style: Style) -> None:
        self._log("path", tuple(tuple(_r(v) for v in op) for op in ops), style)

    def text(self, x: float, y: float, s: str, *, size: float, font: str = "sans",
             anchor: str = "start", fill: Color = INK) -> None:
        self._log("text", x, y, s, size, font, anchor, fill)

    # Shapes are logged as themselves and then as the path they draw, so tests can ask
    # either "which circles?" or "which paths?".
    def circle(self, cx: float, cy: float, r: float, style: Style) -> None:
        self._log("circle", cx, cy, r, style)
        super().circle(cx, cy, r, style)

    def rect(self, x: float, y: float, w: float, h: float, style: Style, radius: float = 0.0) -> None:
        self._log("rect", x, y, w, h, style, radius)
        super().rect(x, y, w, h, style, radius)

    def line(self, x1: float, y1: float, x2: float, y2: float, style: Style) -> None:
        self._log("line", x1, y1, x2, y2, style)
        super().line(x1, y1, x2, y2, style)

    def save(self) -> None:
        self._log("save")

    def restore(self) -> None:
        self._log("restore")

    def translate(self, dx: float, dy: float) -> None:
        self._log("translate", dx, dy)

    def rotate(self, degrees: float) -> None:
        self._log("rotate", degrees)

    def scale(self, sx: float, sy: float | None = None) -> None:
        self._log("scale", sx, sx if sy is None else sy)

    def clip(self, ops: Sequence[PathOp]) -> None:
        self._log("clip", tuple(tuple(_r(v) for v in op) for op in ops))

    def texts(self) -> list[str]:
        """Every string drawn, in order."""
        return [c[3] for c in self.calls if c[0] == "text"]

    def finish(self) -> bytes:
        return "\n".join(repr(c) for c in self.calls).encode()
