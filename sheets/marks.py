"""Printer's and scanner's marks: ArUco corners, the sheet-id QR, crop and registration
marks, the calibration strip and the "print at 100 %" note with its scale bar."""
from __future__ import annotations

from functools import lru_cache

from .canvas import Canvas
from .style import BLACK, INK, MUTED, WHITE, Style, fill, stroke

ARUCO_DICT = "DICT_4X4_50"
CORNER_IDS = {"tl": 0, "tr": 1, "br": 2, "bl": 3}  # marker id per frame corner
QUIET_ZONE = 3.0  # mm of white kept around every marker


@lru_cache(maxsize=None)
def aruco_bits(marker_id: int) -> tuple[tuple[bool, ...], ...]:
    """The marker's cells including its black border; True means black."""
    import cv2  # imported lazily: drawing a sheet should not pay for OpenCV unless it needs it

    d = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, ARUCO_DICT))
    img = cv2.aruco.generateImageMarker(d, marker_id, d.markerSize + 2, borderBits=1)
    return tuple(tuple(bool(v < 128) for v in row) for row in img)


def _cells_path(cells: list[tuple[int, int, int]], x: float, y: float, m: float) -> list[tuple]:
    """One path of rectangles from horizontal runs (row, col, run length)."""
    ops: list[tuple] = []
    for r, c, n in cells:
        x0, y0 = x + c * m, y + r * m
        ops += [("M", x0, y0), ("L", x0 + n * m, y0), ("L", x0 + n * m, y0 + m),
                ("L", x0, y0 + m), ("Z",)]
    return ops


def _runs(rows) -> list[tuple[int, int, int]]:
    runs = []
    for r, row in enumerate(rows):
        c = 0
        while c < len(row):
            if row[c]:
                start = c
                while c < len(row) and row[c]:
                    c += 1
                runs.append((r, start, c - start))
            else:
                c += 1
    return runs


def aruco_marker(cv: Canvas, x: float, y: float, size: float, marker_id: int) -> None:
    """Draw an ArUco marker with its top-left at (x, y), on a white quiet zone."""
    bits = aruco_bits(marker_id)
    cv.rect(x - QUIET_ZONE, y - QUIET_ZONE, size + 2 * QUIET_ZONE, size + 2 * QUIET_ZONE, fill(WHITE))
    cv.path(_cells_path(_runs(bits), x, y, size / len(bits)), fill(BLACK))


@lru_cache(maxsize=64)
def qr_matrix(payload: str) -> tuple[tuple[bool, ...], ...]:
    """QR modules for a payload (error correction M), without quiet zone."""
    import segno

    code = segno.make_qr(payload, error="m", boost_error=False)
    return tuple(tuple(bool(v) for v in row) for row in code.matrix)


def qr_code(cv: Canvas, x: float, y: float, size: float, payload: str, quiet: int = 2) -> None:
    """Draw a QR code of outer size `size` mm (quiet zone included) with top-left (x, y)."""
    bits = qr_matrix(payload)
    m = size / (len(bits) + 2 * quiet)
    cv.rect(x, y, size, size, fill(WHITE))
    cv.path(_cells_path(_runs(bits), x + quiet * m, y + quiet * m, m), fill(BLACK))


def crop_marks(cv: Canvas, x: float, y: float, w: float, h: float, length: float = 4.0,
               gap: float = 1.0, style: Style = stroke(BLACK, 0.2)) -> None:
    """Crop marks at the four corners of a trim box, outside it and clear of it by `gap`."""
    for cx, sx in ((x, -1), (x + w, 1)):
        for cy, sy in ((y, -1), (y + h, 1)):
            cv.line(cx + sx * gap, cy, cx + sx * (gap + length), cy, style)
            cv.line(cx, cy + sy * gap, cx, cy + sy * (gap + length), style)


def registration_mark(cv: Canvas, cx: float, cy: float, r: float = 2.5) -> None:
    """A circle-and-cross target, used to line up front and back pages and poster tiles."""
    s = stroke(BLACK, 0.2)
    cv.circle(cx, cy, r * 0.6, s)
    cv.line(cx - r, cy, cx + r, cy, s)
    cv.line(cx, cy - r, cx, cy + r, s)


# Patches of the calibration strip: (id, grey level 0=black..1=white, or a colour).
CALIBRATION_PATCHES: tuple[tuple[str, str], ...] = (
    ("paper", "#ffffff"), ("grey25", "#bfbfbf"), ("grey50", "#808080"),
    ("grey75", "#404040"), ("black", "#000000"),
)


def calibration_strip(cv: Canvas, x: float, y: float, patch: float = 4.0) -> list[tuple[str, float, float, float, float]]:
    """Draw the reference patches in a row; returns their boxes (id, x, y, w, h).

    A photo reader measures these instead of trusting hand-tuned thresholds.
    """
    boxes = []
    for i, (pid, color) in enumerate(CALIBRATION_PATCHES):
        px = x + i * patch
        cv.rect(px, y, patch, patch, Style(stroke=None, fill=color))
        boxes.append((pid, px, y, patch, patch))
    cv.rect(x, y, patch * len(CALIBRATION_PATCHES), patch, stroke(INK, 0.15))
    return boxes


def print_note(cv: Canvas, x: float, y: float, bar: float = 50.0, size: float = 2.2) -> None:
    """'Print at 100 % / actual size' with a scale bar of `bar` mm to check it."""
    s = stroke(INK, 0.25, cap="butt")
    cv.line(x, y, x + bar, y, s)
    for t in range(0, int(bar) + 1, 10):
        tick = 1.2 if t % 50 else 1.8
        cv.line(x + t, y - tick, x + t, y, s)
    cv.text(x + bar + 2, y + 0.2, f"Print at 100 % / actual size: this bar is {bar:g} mm",
            size=size, fill=MUTED)
