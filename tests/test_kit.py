"""Kits: page order, manifests, mirrored backs, furniture, posters, calibration, PDF checks."""
from __future__ import annotations

import pytest

from kit_helpers import grid_drawing, pieces
from sheets.canvas import RecordingCanvas
from sheets.imposition import printable
from sheets.kit import CalibrationSection, Kit, PageSection, PieceSheet, PosterSection
from sheets.paper import A4, LETTER
from sheets.pdfcheck import fonts, qpdf_problems
from sheets.printopts import PrintOptions
from sheets.style import stroke
from sheets.svg import SvgCanvas

NOTE = "Print at 100 % / actual size"


def kit(n=12, **opts) -> Kit:
    return Kit("Test kit", PrintOptions(**opts)).add(PieceSheet("Cards", pieces(n), 63, 88))


def test_counts_per_kind_come_from_the_manifest():
    man = kit(12).render(RecordingCanvas())
    assert man.counts() == {"k0": 4, "k1": 4, "k2": 4}
    assert man.counts(side="back") == {"k0": 4, "k1": 4, "k2": 4}
    assert man.counts(by="group") == {"even": 6, "odd": 6}
    assert man.layouts["Cards"]["per_page"] == 9 and man.layouts["Cards"]["sheets"] == 2


def test_duplex_pages_alternate_front_and_back():
    man = kit(12, duplex="long").render(RecordingCanvas())
    assert [p.role for p in man.pages] == ["front", "back", "front", "back"]
    assert [p.sheet for p in man.pages] == [1, 1, 2, 2]
    man = kit(12, duplex="none").render(RecordingCanvas())
    assert [p.role for p in man.pages] == ["front", "front"]
    assert man.counts(side="back") == {}


@pytest.mark.parametrize("paper", [A4, LETTER], ids=lambda p: p.name)
@pytest.mark.parametrize("duplex", ["long", "short"])
def test_backs_land_behind_their_fronts(paper, duplex):
    man = kit(12, paper=paper, duplex=duplex).render(RecordingCanvas())
    fronts = {p.index: p for p in man.placements if p.side == "front"}
    backs = {p.index: p for p in man.placements if p.side == "back"}
    assert fronts.keys() == backs.keys()
    W, H = paper.width, paper.height
    for i, f in fronts.items():
        b = backs[i]
        assert b.page == f.page + 1
        if duplex == "long":   # portrait sheet turned over its long (vertical) edge
            assert (b.x, b.y) == pytest.approx((W - f.x - f.w, f.y))
            assert b.rotation == 0
        else:                  # turned over its short (top) edge: rows swap, art turns
            assert (b.x, b.y) == pytest.approx((f.x, H - f.y - f.h))
            assert b.rotation == 180


def test_back_offset_is_applied_to_backs_only():
    plain = kit(9).render(RecordingCanvas())
    moved = kit(9, back_offset=(1.0, -2.0)).render(RecordingCanvas())
    for a, b in zip(plain.placements, moved.placements):
        if a.side == "front":
            assert (a.x, a.y) == (b.x, b.y)
        else:
            assert (b.x - a.x, b.y - a.y) == pytest.approx((1.0, -2.0))


def test_fold_layout_has_both_sides_on_one_page():
    man = kit(8, fold=True, duplex="none").render(RecordingCanvas())
    assert [p.role for p in man.pages] == ["fold", "fold"]
    assert man.counts() == man.counts(side="back")
    for f, b in zip([p for p in man.placements if p.side == "front"], [p for p in man.placements if p.side == "back"]):
        assert f.page == b.page and f.x + f.w < 297 / 2 < b.x


def test_one_sided_pages_get_blank_backs_in_duplex():
    k = Kit("T", PrintOptions(duplex="short")).add(
        PageSection("Pad", lambda cv, ink, area: cv.rect(area.x, area.y, 10, 10, stroke())),
        PosterSection("Board", 380, 190, grid_drawing(380, 190)))
    man = k.render(RecordingCanvas())
    assert [p.role for p in man.pages] == ["page", "blank", "poster", "blank", "poster", "blank"]
    man = Kit("T", PrintOptions(duplex="none")).add(PosterSection("Board", 380, 190, grid_drawing(380, 190))).render(RecordingCanvas())
    assert [p.role for p in man.pages] == ["poster", "poster"]


def test_every_printed_page_says_print_at_100_percent():
    for opts in ({"duplex": "long"}, {"paper": LETTER}, {"fold": True, "duplex": "none"}):
        cv = RecordingCanvas()
        k = kit(12, **opts).add(PosterSection("Board", 380, 190, grid_drawing(380, 190)),
                                PageSection("Pad", lambda cv, ink, area: None))
        if not opts.get("fold"):
            k.add(CalibrationSection())
        man = k.render(cv)
        pages, cur = [], []
        for c in cv.calls:
            if c[0] == "page":
                cur = []
                pages.append(cur)
            elif c[0] == "text":
                cur.append(c[3])
        for rec, texts in zip(man.pages, pages):
            if rec.role != "blank":
                assert any(t.startswith(NOTE) for t in texts), (opts, rec)
                assert rec.label in texts or any(t.endswith("…") for t in texts), rec.label


def test_labels_and_notes_stay_in_the_printable_area_and_off_the_cards():
    for paper in (A4, LETTER):
        man = kit(12, paper=paper).render(RecordingCanvas())
        for page in man.pages:
            area = printable(page.width, page.height)
            cards = [p.rect for p in man.placements if p.page == page.number]
            for box in man.furniture[page.number]:
                assert area.contains(box)
                assert not any(box.overlaps(c) for c in cards)
            for s in man.marks[page.number]:
                x1, y1, x2, y2 = s
                assert area.x <= min(x1, x2) and max(x1, x2) <= area.right
                assert area.y <= min(y1, y2) and max(y1, y2) <= area.bottom


def test_poster_tiles_cover_the_drawing_with_overlaps_and_labels():
    from sheets.poster import plan_poster
    plan = plan_poster(A4, 380, 400, overlap=12)
    assert (plan.cols, plan.rows) == (2, 2)
    names = [t.name for t in plan.tiles]
    assert names == ["A1", "A2", "B1", "B2"]
    a1, a2, b1 = plan.tiles[0], plan.tiles[1], plan.tiles[2]
    assert a1.window.x == 0 and a2.window.right == pytest.approx(380)
    assert a1.window.right - a2.window.x == pytest.approx(12)      # shared strip
    assert a1.window.bottom - b1.window.y == pytest.approx(12)
    assert b1.window.bottom == pytest.approx(400)
    area = printable(plan.page_w, plan.page_h)
    assert all(area.contains(t.at) for t in plan.tiles)
    man = Kit("T", PrintOptions(duplex="none")).add(PosterSection("Map", 380, 400, grid_drawing(380, 400))).render(RecordingCanvas())
    assert [p.tile for p in man.pages] == ["A1 of 2×2", "A2 of 2×2", "B1 of 2×2", "B2 of 2×2"]
    assert "Map · A2 of 2×2" in man.pages[1].label


def test_poster_alignment_marks_match_on_both_sides_of_a_seam():
    from sheets.poster import draw_tile, plan_poster
    plan = plan_poster(A4, 380, 190)
    marks = [draw_tile(RecordingCanvas(), plan, t, lambda cv: None) for t in plan.tiles]
    in_drawing = [[v for x, y in m for v in (x - t.at.x + t.window.x, y - t.at.y + t.window.y)]
                  for t, m in zip(plan.tiles, marks)]
    assert len(in_drawing[0]) == 6 and in_drawing[0] == pytest.approx(in_drawing[1])
    in_drawing = [list(zip(d[::2], d[1::2])) for d in in_drawing]
    assert all(x == pytest.approx(plan.cut_x(0)) for x, _ in in_drawing[0])


def test_calibration_needs_duplex():
    with pytest.raises(ValueError, match="duplex long or short"):
        Kit("T", PrintOptions(duplex="none")).add(CalibrationSection()).render(RecordingCanvas())
    man = Kit("T", PrintOptions(duplex="long")).add(CalibrationSection()).render(RecordingCanvas())
    assert [p.role for p in man.pages] == ["calibration-front", "calibration-back"]


def test_calibration_scales_sit_behind_the_targets():
    from sheets.calibration import targets
    for duplex, offset in (("long", (0, 0)), ("short", (1.5, -0.5))):
        cv = RecordingCanvas()
        Kit("T", PrintOptions(duplex=duplex, back_offset=offset)).add(CalibrationSection()).render(cv)
        back_start = [i for i, c in enumerate(cv.calls) if c[0] == "page"][1]
        zero_lines = [c[1] for c in cv.calls[back_start:]
                      if c[0] == "path" and c[2].width == 0.3 and c[2].stroke == "#2f7fc1"]
        for _, x, y in targets(210, 297):
            bx = (210 - x if duplex == "long" else x) + offset[0]
            by = (y if duplex == "long" else 297 - y) + offset[1]
            vertical = [ops for ops in zero_lines if ops[0][1] == ops[1][1] == pytest.approx(bx)]
            horizontal = [ops for ops in zero_lines if ops[0][2] == ops[1][2] == pytest.approx(by)]
            assert vertical and horizontal, (duplex, x, y)


def test_progress_reports_every_page():
    seen = []
    k = kit(12)
    man = k.render(RecordingCanvas(), progress=lambda d, t: seen.append((d, t)))
    assert seen == [(i, 4) for i in range(1, 5)] and k.page_count() == len(man.pages) == 4


def test_pdf_is_deterministic_clean_and_embeds_every_font():
    k = kit(12).add(PosterSection("Board", 380, 190, grid_drawing(380, 190)), CalibrationSection())
    a, man = k.pdf()
    b, _ = k.pdf()
    assert a == b
    assert qpdf_problems(a) == []
    fs = fonts(a)
    assert fs and all(f.embedded for f in fs), fs
    assert b"/PrintScaling /None" in a or b"/PrintScaling/None" in a


def test_svg_output_clips_each_card():
    cv = SvgCanvas()
    kit(3, duplex="none").render(cv)
    page = cv.finish()[0].decode()
    assert page.count("<clipPath") == 3 and 'clip-path="url(#clip1)"' in page


def test_ink_saver_drops_area_fills():
    cv = RecordingCanvas()
    kit(3, duplex="none", ink_saver=True).render(cv)
    fills = {c[2].fill for c in cv.calls if c[0] == "path"}
    assert "#2f7fc1" not in fills
    cv = RecordingCanvas()
    kit(3, duplex="none").render(cv)
    assert "#2f7fc1" in {c[2].fill for c in cv.calls if c[0] == "path"}


def test_bad_print_options_are_one_line_errors():
    with pytest.raises(ValueError, match="use long, short or none"):
        PrintOptions(duplex="both")
    with pytest.raises(ValueError, match="calibration page"):
        PrintOptions(back_offset=(12, 0))
    from sheets.printopts import parse_offset
    assert parse_offset("0.5,-1") == (0.5, -1.0)
    with pytest.raises(ValueError, match="two numbers in mm"):
        parse_offset("left")
