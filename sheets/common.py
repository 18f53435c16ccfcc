"""Pieces every roll-and-write sheet shares: the page frame, corner markers, QR and notes."""
from __future__ import annotations

from collections.abc import Callable

from .canvas import Canvas
from .marks import CORNER_IDS, aruco_marker, calibration_strip, print_note, qr_code
from .paper import Paper
from .sheetid import SheetId
from .style import MUTED

Box = tuple[float, float, float, float]


def draw_frame_marks(cv: Canvas, boxes: dict, sheet_id: SheetId | None) -> None:
    """Corner ArUco markers, the sheet-id QR, the calibration strip and the print note.

    `boxes` maps 'marker-tl', ..., 'qr', 'calibration', 'print-note' to objects with
    x, y, w, h in frame mm.
    """
    for corner, mid in CORNER_IDS.items():
        b = boxes[f"marker-{corner}"]
        aruco_marker(cv, b.x, b.y, b.w, mid)
    q = boxes["qr"]
    if sheet_id is not None:
        payload = sheet_id.encode()
        qr_code(cv, q.x, q.y, q.w, payload)
        cv.text(q.x + q.w / 2, q.y + q.h + 2.6, payload, size=1.9, font="cond", anchor="middle", fill=MUTED)
    c = boxes["calibration"]
    calibration_strip(cv, c.x, c.y, patch=c.h)
    n = boxes["print-note"]
    print_note(cv, n.x, n.y + n.h)


def render_pages(cv: Canvas, paper: Paper, frame_w: float, frame_h: float,
                 pages: list[Callable[[Canvas], None]]) -> None:
    """Draw each page function inside the frame, centred on the paper."""
    ox, oy = paper.frame_origin(frame_w, frame_h)
    for draw in pages:
        cv.begin_page(paper.width, paper.height)
        with cv.transformed(ox, oy):
            draw(cv)
        cv.end_page()


def render_document(fmt: str, paper_name: str, frame_w: float, frame_h: float,
                    pages: list[Callable[[Canvas], None]], title: str = "Highwater") -> bytes | list[bytes]:
    """Draw page functions on a new PDF (bytes) or SVG (one document per page) canvas."""
    from .paper import paper
    from .pdf import PdfCanvas
    from .svg import SvgCanvas

    cv: Canvas = PdfCanvas(title=title) if fmt == "pdf" else SvgCanvas()
    render_pages(cv, paper(paper_name), frame_w, frame_h, pages)
    return cv.finish()
