"""The Tayu kit: tiles on the board grid, board halves as posters, aids, score pad, PDF checks."""
from __future__ import annotations

import pytest

import templates
from scorer.tayu.template import load
from scorer.tayu.tiles import all_types
from sheets import richtext
from sheets.canvas import RecordingCanvas
from sheets.pdfcheck import fonts, qpdf_problems
from sheets.printopts import PrintOptions
from sheets.tayu import AID_TEXT_BOX, build_kit


def test_board_and_tiles_share_the_cell_size():
    t = load()
    man = build_kit(PrintOptions(duplex="none"), parts=("tiles",)).render(RecordingCanvas())
    tiles = [p for p in man.placements if p.section == "Tiles"]
    assert {(p.w, p.h) for p in tiles} == {(t.cell, 3 * t.cell)}
    assert t.cells == 20 and t.size == 2 * t.border + 20 * t.cell


def test_board_template_marks_four_dots_per_side_and_a_central_start():
    t = load()
    assert len(t.dots) == 4 and sorted(t.dots) == sorted(t.cells - 1 - d for d in t.dots)
    col, row, cols, rows = t.start
    assert col + cols / 2 == row + rows / 2 == t.cells / 2
    (n0, h0), (n1, h1) = (t.half_box(h) for h in t.halves)
    assert n0 == 0 and n0 + h0 == n1 and n1 + h1 == t.size


def test_84_tiles_three_of_each_type():
    man = build_kit(PrintOptions(), parts=("tiles",)).render(RecordingCanvas())
    counts = man.counts("Tiles")
    assert counts == {f"tile-{t.id:02d}": 3 for t in all_types()}
    assert sum(counts.values()) == 84
    assert man.counts("Tiles", by="group") == {"one-or-two-sides": 48, "three-sides": 36}
    assert man.counts("Tiles", side="back") == counts


def test_cut_line_back_circles_only_three_sided_tiles():
    cv = RecordingCanvas()
    man = build_kit(PrintOptions(duplex="long"), parts=("tiles",)).render(cv)
    back_pages = {p.number for p in man.pages if p.role == "back"}
    circles, page = 0, 0
    for c in cv.calls:
        if c[0] == "page":
            page += 1
        elif page in back_pages and c[0] == "path" and c[2].width == 1.1:   # the engraved ring
            circles += 1
    assert circles == 36
    # and the backs carry the cut lines
    cut_lines = sum(1 for c in cv.calls if c[0] == "path" and c[2].width == 0.18)
    assert cut_lines == 84


def test_no_tile_backs_option():
    man = build_kit(PrintOptions(duplex="long"), parts=("tiles",), tile_backs=False).render(RecordingCanvas())
    assert [p.role for p in man.pages] == ["front", "blank", "front", "blank"]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_board_halves_are_posters_with_page_labels(paper):
    from sheets.paper import paper as get
    man = build_kit(PrintOptions(paper=get(paper), duplex="none"), parts=("board",)).render(RecordingCanvas())
    posters = [p for p in man.pages if p.role == "poster"]
    assert [(p.section, p.tile) for p in posters] == [
        ("Board, north half", "A1 of 2×1"), ("Board, north half", "A2 of 2×1"),
        ("Board, south half", "A1 of 2×1"), ("Board, south half", "A2 of 2×1")]
    assert all("Tayu · Board, north half · A1 of 2×1" in posters[0].label for _ in [0])


def test_aids_are_two_english_and_two_spanish_and_readable():
    man = build_kit(PrintOptions(), parts=("aids",)).render(RecordingCanvas())
    assert man.counts("Player aids") == {"aid-en": 2, "aid-es": 2}
    aids = templates.load_raw("tayu")["aids"]
    x, y, w, h = AID_TEXT_BOX
    for lang in ("en", "es"):
        size, _ = richtext.fit(aids[lang]["text"], w, h, 3.0, min_size=2.2, para_gap=0.3)
        assert size >= 2.6, (lang, size)
    # both say the same things: same paragraphs and the same worked example
    en, es = aids["en"]["text"].split("\n"), aids["es"]["text"].split("\n")
    assert len(en) == len(es)
    assert "(5+1) × 4 = 24" in aids["en"]["text"] and "(5+1) × 4 = 24" in aids["es"]["text"]


def test_score_pad_shows_edges_dots_and_product():
    cv = RecordingCanvas()
    build_kit(PrintOptions(duplex="none"), parts=("pad",)).render(cv)
    texts = cv.texts()
    for s in ("N", "S", "E", "W", "×", "=", "+", "×2 dots · puntos", "outlets · salidas"):
        assert s in texts
    assert ["5", "1", "6", "4", "0", "4", "24"] == [t for t in texts if t in {"5", "1", "6", "4", "0", "24"}][:7]
    assert sum(1 for t in texts if t.startswith("Game · Partida")) >= 5


def test_full_kit_pdf_is_clean_deterministic_and_embeds_fonts():
    k = build_kit(PrintOptions(duplex="short"))
    a, man = k.pdf()
    assert a == k.pdf()[0]
    assert qpdf_problems(a) == []
    assert all(f.embedded for f in fonts(a))
    roles = [p.role for p in man.pages]
    assert roles.count("front") == 3 and roles.count("back") == 2 and roles.count("poster") == 4  # 2 tile sheets + aids
    assert sum(man.counts().values()) == 84 + 4


def test_cli(run, tmp_path):
    out = tmp_path / "kit.pdf"
    r = run("sheet", "tayu", "-o", str(out))
    assert r.exit_code == 0, r.stderr
    assert "84 tiles" in r.output and "board in 2 halves" in r.output and "score pad" in r.output
    r = run("sheet", "tayu", "--only", "pad", "--only", "aids", "--duplex", "none", "-o", str(tmp_path / "p.pdf"))
    assert r.exit_code == 0 and "84 tiles" not in r.output and "player aids" in r.output
    r = run("sheet", "tayu", "--only", "dice", "-o", str(tmp_path / "x.pdf"))
    assert r.exit_code == 2
