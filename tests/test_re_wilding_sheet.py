"""The Re-Wilding sheet renderer: what it draws, deterministic output, embedded fonts."""
from __future__ import annotations

from rewilding_helpers import full, sheet, sq

from scorer.cli.re_wilding import build, sheet_pages
from scorer.re_wilding.score import score
from scorer.re_wilding.template import load
from sheets import re_wilding as draw
from sheets.canvas import RecordingCanvas
from sheets.re_wilding_icons import icon_ops_in_box

T = load()


def _record(state=None, sc=None) -> RecordingCanvas:
    cv = RecordingCanvas()
    cv.begin_page(T.frame_w, T.frame_h)
    draw.draw_page(cv, T, None, state, sc)
    cv.end_page()
    return cv


def _paths_with_fill(cv: RecordingCanvas, colour: str) -> list:
    return [c for c in cv.calls if c[0] == "path" and c[2].fill == colour]


def test_the_printed_sheet_has_every_section():
    texts = _record().texts()
    for s in ("RE~WILDING", "TURN ORDER", "DICE ABILITIES", "PROTECTION", "CLEAN-UP", "CALENDAR", "YEAR END",
              "WEATHER", "SCORE", "SAVE", "PROTECT", "CLEAR", "PLANT", "INTRODUCE", "GROW / BREED",
              "Contaminated", "Bare", "Flora", "Fauna", "FIRE", "DROUGHT", "STORM", "FLOOD", "1 ROLL 4 DICE"):
        assert any(s in t for t in texts), s
    for n in "123456":
        assert texts.count(n) >= 2            # contamination numbers and line numbers


def test_every_outline_is_drawn_from_its_icon_in_its_box():
    cv = _record()
    drawn = {c[1] for c in cv.calls if c[0] == "path"}
    for s in T.squares:
        for o in s.outlines:
            ops = tuple(tuple(round(v, 3) if isinstance(v, float) else v for v in op)
                        for op in icon_ops_in_box(o.kind, o.x, o.y, o.w, o.h))
            assert ops in drawn, o.id


def test_pre_filled_boxes_are_blue_and_the_rest_white():
    cv = _record()
    blue = _paths_with_fill(cv, draw.PREFILL)
    assert len(blue) == len(T.prefilled)


def test_a_rendered_state_shows_colouring_crosses_and_the_score():
    st = sheet(filled=full(1, 1, wildlife=1) + sq(5, 5, "plant-1"), crossed=sq(5, 5, "plant-2", "wild-2"))
    cv = _record(st, score(st))
    assert len(_paths_with_fill(cv, draw.PLANT_COLOUR)) == 3
    assert len(_paths_with_fill(cv, draw.WILD_COLOUR)) == 1
    assert str(score(st).total) in cv.texts()


def test_the_pdf_is_deterministic_and_draws_text_only_in_embedded_fonts():
    import io

    import pikepdf
    a = build("pdf", "a4", sheet_pages("game-night", 2, "a4"))
    b = build("pdf", "a4", sheet_pages("game-night", 2, "a4"))
    assert a == b and b"Helvetica" not in a     # no base-14 font anywhere
    pdf = pikepdf.open(io.BytesIO(a))
    assert len(pdf.pages) == 2
    page = pdf.pages[0]
    embedded = {str(k) for k, f in page.Resources.Font.items()
                if "/FontDescriptor" in f or "/DescendantFonts" in f
                if (f.get("/FontDescriptor") or f.DescendantFonts[0].FontDescriptor).get("/FontFile2") is not None}
    used, font = set(), None
    for operands, op in pikepdf.parse_content_stream(page):
        if str(op) == "Tf":
            font = str(operands[0])
        elif str(op) in ("Tj", "TJ", "'", '"'):
            used.add(font)
    assert used and used <= embedded, (used, embedded)


def test_letter_paper_and_svg():
    svgs = build("svg", "letter", sheet_pages("s", 1, "letter"))
    assert len(svgs) == 1 and b"RE~WILDING" in svgs[0] and b"@font-face" in svgs[0]
