"""The Rising Waters print kit: manifest counts against the data, pages, PDF checks, CLI."""
from __future__ import annotations

import json
import shutil
import subprocess

import numpy as np
import pytest

from scorer.rising_waters import decks as rules_decks, floodmap, roles
from sheets.canvas import RecordingCanvas
from sheets.ink import SAVER
from sheets.kit import Kit
from sheets.pdfcheck import fonts, qpdf_problems
from sheets.printopts import PrintOptions
from sheets.raster import pdf_pages
from sheets.rising_waters import cards, tokens
from sheets.rising_waters.board import draw_board
from sheets.rising_waters.kit import build_kit


@pytest.fixture(scope="module")
def full() -> tuple[bytes, object]:
    """The whole kit as printed by default (A4, duplex long edge, Spring, 1927)."""
    return build_kit(PrintOptions()).pdf()


def _section(man, prefix: str) -> str:
    names = {p.section for p in man.placements if p.section.startswith(prefix)}
    assert len(names) == 1, names
    return names.pop()


@pytest.mark.parametrize("deck, section", [("community", "Community cards"), ("landowner", "Landowner cards"),
                                           ("weather", "Weather Report cards")])
def test_card_counts_per_type_in_the_manifest_match_the_deck_data(full, deck, section):
    _, man = full
    data = rules_decks.load(deck)
    per_design = {c.id: c.count for c in data.cards}
    assert man.counts(section) == dict(sorted(per_design.items()))
    assert man.counts(section, side="back") == man.counts(section)          # every card has its back
    assert man.counts(section, by="group") == {t: n for t, n in sorted(data.count_by_type().items()) if n}
    assert sum(man.counts(section).values()) == data.size == 100


def test_small_decks_and_the_setup_card(full):
    _, man = full
    sec = _section(man, "Community Goals")
    counts = man.counts(sec)
    for deck in ("goals", "aids"):
        for c in rules_decks.load(deck).cards:
            assert counts[c.id] == c.count
    assert counts["setup-spring1927"] == 1 and "setup-fall1926" not in counts
    assert sum(counts.values()) == 10 + 4 + 1
    assert man.counts(sec, side="back") == counts


def test_the_version_sets_the_setup_card():
    fall = cards.setup_summary("fall1926")
    assert "7 rounds" in fall and "starts at **1**" in fall
    assert "**Landowner deck (60)**: 40 Job Offer, 10 Threat, 5 Force, 5 Race Hatred." in fall
    assert "keep 9" in fall and "Weather Report deck (91)" in fall
    spring = cards.setup_summary("spring1927")
    assert "10 rounds" in spring and "Landowner deck (100)" in spring and "Landowner Flees into the rest" in spring
    man = build_kit(PrintOptions(duplex="none"), "fall1926", ["cards"]).render(RecordingCanvas())
    assert man.counts(_section(man, "Community Goals"))["setup-fall1926"] == 1


def test_tokens_in_the_manifest(full):
    _, man = full
    got: dict[str, int] = {}
    for s in tokens.token_sets():
        for k, n in man.counts(s.name).items():
            got[k] = got.get(k, 0) + n
    assert got == tokens.counts()
    assert sum(n for k, n in got.items() if k.startswith("water-")) == 60          # 60 water level tokens
    assert {got[f"water-{v}"] for v in range(1, 7)} == {10}
    assert sum(n for k, n in got.items() if k.startswith("levee-")) == 60          # 60 levee tokens
    assert got["flood"] == 89 and got["relief-camp"] == 7 and got["raft"] == 10
    assert got["first-player"] == 1
    assert sum(n for k, n in got.items() if k.startswith("marker-")) == 3
    # Relief Camp hexes have a green side and a red side.
    assert man.counts("Flood and Relief Camp hexes", side="back") == {"flood": 89, "relief-camp": 7}
    shapes = {p.kind: p.shape for p in man.placements}
    assert shapes["flood"] == shapes["relief-camp"] == "hex" and shapes["water-1"] == "circle"


def test_flood_hexes_are_the_size_of_a_map_hex():
    m = floodmap.load()
    flood = next(s for s in tokens.token_sets() if s.id == "hex")
    assert flood.w == pytest.approx(m.hex_size * 3 ** 0.5) and flood.h == pytest.approx(2 * m.hex_size)


def test_player_boards_and_the_poster(full):
    _, man = full
    assert man.counts("Player boards") == {f"board-{r.id}": 1 for r in sorted(roles.load().roles, key=lambda r: r.id)}
    assert man.layouts["Player boards"]["per_page"] == 2
    tiles = [p for p in man.pages if p.role == "poster"]
    assert len(tiles) == 6 and {p.section for p in tiles} == {"Main board"}      # 2 x 3 tiles on A4


def test_every_page_renders_with_ink_on_it(full):
    pdf, man = full
    imgs = pdf_pages(pdf, dpi=12)
    assert len(imgs) == len(man.pages)
    for img, page in zip(imgs, man.pages):
        if page.role == "blank":
            continue
        inked = float((np.asarray(img.convert("L")) < 235).mean())
        assert inked > 0.01, f"page {page.number} ({page.label}) looks empty"


def test_pdf_is_clean_deterministic_and_embeds_its_fonts(full):
    pdf, _ = full
    assert qpdf_problems(pdf) == []
    fs = fonts(pdf)
    assert fs and all(f.embedded for f in fs), fs
    assert not any("Helvetica" in f.name for f in fs)
    again, _ = build_kit(PrintOptions()).pdf()
    assert again == pdf


@pytest.mark.skipif(shutil.which("qpdf") is None, reason="the qpdf program is not installed")
def test_qpdf_check_passes(full, tmp_path):
    pdf, _ = full
    f = tmp_path / "kit.pdf"
    f.write_bytes(pdf)
    r = subprocess.run(["qpdf", "--check", str(f)], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_ink_saver_keeps_the_board_paper_bare():
    m = floodmap.load()
    full_cv, saver_cv = RecordingCanvas(), RecordingCanvas()
    draw_board(full_cv, m)
    draw_board(saver_cv, m, SAVER)
    paper = "#fbf8f1"
    assert any(c[0] == "rect" and c[5].fill == paper for c in full_cv.calls)
    assert not any(c[0] == "rect" and c[5].fill == paper for c in saver_cv.calls)
    # Group lines turn dark when saving ink, so the groups still show on bare paper.
    def white_lines(cv):
        return [c for c in cv.calls if (c[0] == "line" and c[5].stroke == "#ffffff")
                or (c[0] == "path" and c[2].stroke == "#ffffff" and c[2].fill is None)]
    assert white_lines(full_cv) and not white_lines(saver_cv)


def test_the_board_prints_every_hex_name_and_elevation():
    m = floodmap.load()
    cv = RecordingCanvas()
    draw_board(cv, m)
    texts = cv.texts()
    assert set(m.hexes) <= set(texts)
    land = [h for h in m.hexes.values() if not h.is_water]
    assert sum(1 for t in texts if t in {"2", "3", "4", "5", "6"}) >= len(land)
    for p in m.places:
        assert p.name.upper() in texts


def test_only_and_order_of_parts():
    kit = build_kit(PrintOptions(duplex="none"), "spring1927", ["tokens", "map"])
    sections = [s.name for s in kit.sections]
    assert sections[0] == "Main board" and "Community cards" not in sections
    with pytest.raises(ValueError, match="unknown part"):
        build_kit(PrintOptions(), "spring1927", ["dice"])
    with pytest.raises(ValueError, match="unknown version"):
        build_kit(PrintOptions(), "summer1928")


def test_cli_writes_the_kit(run, tmp_path):
    out = tmp_path / "kit.pdf"
    r = run("sheet", "rising-waters", "--only", "boards", "--version", "fall1926", "-o", str(out))
    assert r.exit_code == 0, r.stderr
    assert out.read_bytes().startswith(b"%PDF") and "boards; fall1926" in r.output
    r = run("sheet", "rising-waters", "--only", "boards", "-o", str(out))
    assert r.exit_code == 2 and "--force" in r.stderr
    r = run("sheet", "rising-waters", "--only", "map", "--json", "--duplex", "none", "-o", str(out), "--force")
    assert r.exit_code == 0
    data = json.loads(r.output)
    assert data["page_count"] == 6 and data["duplex"] == "none"


@pytest.mark.parametrize("args, message", [
    (["--only", "dice"], "--only"),
    (["--version", "1928"], "--version"),
    (["--paper", "a3"], "--paper"),
    (["--back-offset", "30,0"], "back"),
])
def test_cli_bad_input_is_one_line_and_exit_2(run, tmp_path, args, message):
    r = run("sheet", "rising-waters", *args, "-o", str(tmp_path / "x.pdf"))
    assert r.exit_code == 2
    assert message in r.stderr and "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


def test_cli_calibration_sheet(run, tmp_path):
    out = tmp_path / "cal.pdf"
    r = run("sheet", "rising-waters", "--calibrate", "-o", str(out))
    assert r.exit_code == 0 and out.exists()


def test_kit_is_a_kit():
    assert isinstance(build_kit(PrintOptions(), "fall1926", ["boards"]), Kit)


def test_fold_layout_prints_the_whole_kit_on_letter():
    man = build_kit(PrintOptions(fold=True, paper=__import__("sheets.paper", fromlist=["LETTER"]).LETTER),
                    "fall1926").render(RecordingCanvas())
    roles_seen = {p.role for p in man.pages}
    assert "fold" in roles_seen and "back" not in roles_seen
    assert man.counts("Community cards", side="back") == man.counts("Community cards")
    assert len(man.counts("Player boards")) == 6          # boards have no backs: printed flat, not folded
