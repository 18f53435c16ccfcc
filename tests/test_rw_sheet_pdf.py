"""The printed Raging Waters sheet: deterministic, embedded fonts, readable markers and QR."""
from __future__ import annotations

import io

import cv2
import numpy as np
import pikepdf
import pytest

from scorer.cli.raging_waters import build_pdf_or_svg, sheet_pages
from sheets.canvas import RecordingCanvas
from sheets.common import render_pages
from sheets.paper import A4, LETTER
from sheets.raster import pdf_pages
from sheets.sheetid import SheetId


def qpdf_check(doc: pikepdf.Pdf) -> list[str]:
    """qpdf's checks through pikepdf (the method was renamed in pikepdf 10)."""
    check = getattr(doc, "check_pdf_syntax", None) or doc.check
    return list(check())


@pytest.fixture(scope="module")
def pdf() -> bytes:
    return build_pdf_or_svg("pdf", "a4", sheet_pages("game-night", 2, "a4", "rolled"))


def test_same_arguments_give_byte_identical_pdfs(pdf):
    assert build_pdf_or_svg("pdf", "a4", sheet_pages("game-night", 2, "a4", "rolled")) == pdf
    assert build_pdf_or_svg("pdf", "a4", sheet_pages("other", 2, "a4", "rolled")) != pdf


def test_pdf_is_clean_and_fonts_are_embedded(pdf):
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        assert qpdf_check(doc) == []          # qpdf's structural check (qpdf --check)
        assert len(doc.pages) == 2
        assert str(doc.Root.ViewerPreferences.PrintScaling) == "/None"
        for page in doc.pages:
            for name, font in page.Resources.Font.items():
                desc = font.get("/FontDescriptor") or font.DescendantFonts[0].FontDescriptor
                assert "/FontFile2" in desc, f"{name} is not embedded"
                assert "Helvetica" not in str(font.BaseFont)


def test_page_size_and_frame_fit_both_papers():
    for paper in (A4, LETTER):
        data = build_pdf_or_svg("pdf", paper.name, sheet_pages("s", 1, paper.name, "blank"))
        with pikepdf.open(io.BytesIO(data)) as doc:
            box = [float(v) for v in doc.pages[0].MediaBox]
            assert box[2] == pytest.approx(paper.width / 25.4 * 72, abs=0.01)
            assert box[3] == pytest.approx(paper.height / 25.4 * 72, abs=0.01)


def test_markers_and_qr_read_back_from_the_rendered_page(pdf):
    img = np.array(pdf_pages(pdf, dpi=100, pages=[1])[0])
    gray = cv2.cvtColor(img, cv2.COLOR_RGB2GRAY)
    det = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50))
    corners, ids, _ = det.detectMarkers(gray)
    assert sorted(ids.ravel().tolist()) == [0, 1, 2, 3]
    text, _, _ = cv2.QRCodeDetector().detectAndDecode(gray)
    from scorer.raging_waters.template import load
    assert SheetId.parse(text) == SheetId("raging-waters", load().version, "game-night", 2, "a4", "rolled")


def test_rolled_setup_draws_every_house_and_blank_draws_none():
    from scorer.raging_waters import rules
    from scorer.raging_waters.template import load
    t = load()
    st = rules.rolled_setup("game-night")

    def count_houses(setup: str) -> int:
        cv = RecordingCanvas()
        render_pages(cv, A4, t.frame_w, t.frame_h, sheet_pages("game-night", 1, "a4", setup))
        r = round(float(t.house_radius) * t.maps[0].pitch, 3)   # houses are dots of the printed radius
        return sum(1 for c in cv.calls if c[0] == "circle" and c[3] == r and c[4].fill == "#1d2731")

    assert count_houses("rolled") == sum(len(m.houses) for m in st.maps) == 18
    assert count_houses("blank") == 0


def test_svg_output_has_one_document_per_page():
    pages = build_pdf_or_svg("svg", "letter", sheet_pages("s", 2, "letter", "rolled"))
    assert len(pages) == 2 and all(p.startswith(b"<?xml") or p.startswith(b"<svg") for p in pages)
    assert b"RAGING WATERS" in pages[0] and b"@font-face" in pages[0]


@pytest.mark.skipif(__import__("shutil").which("qpdf") is None, reason="qpdf binary not installed (pikepdf covers it)")
def test_qpdf_binary_check_is_clean(pdf, tmp_path):
    import subprocess
    p = tmp_path / "s.pdf"
    p.write_bytes(pdf)
    res = subprocess.run(["qpdf", "--check", str(p)], capture_output=True, text=True)
    assert res.returncode == 0 and "No syntax or stream encoding errors" in res.stdout
