"""Canvas.clip in all three backends."""
from __future__ import annotations

from sheets.canvas import RecordingCanvas
from sheets.pdf import PdfCanvas
from sheets.raster import pdf_pages
from sheets.style import fill
from sheets.svg import SvgCanvas


def _draw(cv):
    cv.begin_page(100, 100)
    cv.save()
    cv.clip_rect(10, 10, 30, 30)
    cv.rect(0, 0, 100, 100, fill("#ff0000"))
    cv.restore()
    cv.rect(60, 60, 10, 10, fill("#0000ff"))   # after restore(): not clipped
    cv.end_page()


def test_pdf_clip_limits_drawing_until_restore():
    cv = PdfCanvas()
    _draw(cv)
    img = pdf_pages(cv.finish(), dpi=72 * 2)[0]
    px = lambda x, y: img.getpixel((round(x / 25.4 * 144), round(y / 25.4 * 144)))
    assert px(25, 25) == (255, 0, 0)
    assert px(50, 25) == (255, 255, 255)
    assert px(65, 65) == (0, 0, 255)


def test_svg_clip_is_a_clip_path_group():
    cv = SvgCanvas()
    _draw(cv)
    svg = cv.finish()[0].decode()
    assert '<clipPath clipPathUnits="userSpaceOnUse" id="clip1">' in svg
    start = svg.index('clip-path="url(#clip1)"')
    assert svg.index("#ff0000") > start and svg.index("#0000ff") > svg.index("</g>", start)


def test_recording_logs_the_clip():
    cv = RecordingCanvas()
    _draw(cv)
    assert ("clip", (("M", 10, 10), ("L", 40, 10), ("L", 40, 40), ("L", 10, 40), ("Z",))) in cv.calls
