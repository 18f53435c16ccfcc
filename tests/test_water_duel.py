"""The water-fight duel deck: the rulebook's deck list, its pinned effects, and the print."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from sheets import richtext
from sheets.canvas import RecordingCanvas
from sheets.pdfcheck import fonts, qpdf_problems
from sheets.printopts import PrintOptions
from sheets.water_duel import build_kit, deck

# The rulebook's "Full Deck List": (name, count, Water Cost, Attack Value).
DECK_LIST = [
    ("Sun", 2, 0, None), ("Snorkel", 2, 0, None), ("Life Preserver", 3, 0, None), ("Water Balloons", 3, 0, 1),
    ("Whale Bath Toy", 2, 1, None), ("Water Elephant Toy", 2, 1, None), ("Water Droplet", 2, 1, 1),
    ("Water Buckets", 2, 1, 2), ("Little Green Water Gun", 3, 1, 2), ("Pink Water Gun", 3, 1, 2),
    ("Medium Water Gun", 3, 1, 3), ("Water Bottles", 3, 1, 1), ("Sunglasses & Vacation Hat", 3, 1, None),
    ("Beavor", 2, 2, None), ("Fountain", 2, 2, None), ("Swimming Fins", 2, 2, 2), ("Shark Fin Water Gun", 3, 2, 4),
    ("Medium Blue Water Gun", 3, 2, 3), ("Beach Towels", 3, 2, None),
    ("Dog", 2, 3, None), ("Cat", 2, 3, None), ("Water Jug", 2, 3, None), ("Rain Coat", 2, 3, None),
    ("Umbrella", 3, 3, None),
    ("Dolphin", 2, 4, None), ("Beach Ball", 2, 4, None), ("Flamingo", 2, 4, None), ("Big Water Gun", 3, 4, 5),
]


def by_name():
    return {c.name: c for c in deck().cards}


def test_deck_list_matches_the_rulebook_exactly():
    cards = [c for c in deck().cards if c.type not in ("reference", "meter")]
    got = [(c.name, c.count, c.get("cost"), c.get("attack")) for c in cards]
    assert got == DECK_LIST
    assert sum(c.count for c in cards) == 68
    names = by_name()
    assert names["Reference"].count == 2 and names["Water Meter"].count == 2
    assert deck().size == 72


def test_rulebook_pins_these_effects():
    t = {name: c.get("text") for name, c in by_name().items()}
    assert "**Defend 5.**" in t["Umbrella"]
    assert "**Defend 3.**" in t["Beach Towels"]
    assert "**Negate**" in t["Flamingo"] and "Water Cost" in t["Flamingo"]
    assert "top card of the discard pile" in t["Snorkel"]
    assert "**2 less**" in t["Sun"] and "**Action**" in t["Sun"]
    for name in ("Water Bottles", "Swimming Fins"):
        assert t[name].startswith("Choose one:") and t[name].count("\n- ") == 2
        assert "no Attack" in t[name].split("\n")[2]
    for name, count, cost, attack in DECK_LIST:
        if attack == 3:
            assert re.match(r"First \*\*discard a card\*\* from your hand, then \*\*Attack\*\*", t[name]), name
    assert "counts as damage" in t["Dog"]


def test_showdown_and_continuous_symbols():
    for c in deck().cards:
        text = c.get("text", "")
        if "Defend" in text and c.type != "reference":
            assert c.get("timing") == "showdown", c.name
        if text.startswith("**Continuous.**"):
            assert c.get("timing") == "continuous" and c.type == "continuous", c.name
    names = by_name()
    assert names["Flamingo"].get("timing") == "showdown"
    assert names["Snorkel"].get("timing") is None


def test_designed_texts_are_listed_in_the_rulings():
    rulings = Path(__file__).resolve().parents[1].joinpath("docs", "rulings.md").read_text(encoding="utf-8")
    section = rulings.split("## Water Duel", 1)[1].split("\n## ", 1)[0]
    for c in deck().cards:
        source = c.get("source")
        assert source in ("rulebook", "designed", "rulebook choice, designed second effect"), c.name
        if source != "rulebook":
            assert c.get("why"), c.name
            row = next((ln for ln in section.splitlines() if ln.startswith(f"| {c.name} (")), None)
            assert row is not None, f"{c.name} missing from docs/rulings.md"
            first = c.get("text").split("\n")[-1].replace("- ", "")
            assert first in row, (c.name, first)


def test_every_card_text_fits_at_a_readable_size():
    d = deck()
    for c in d.cards:
        for el in d.layouts[c.layout] + (d.layouts[c.back] if c.back else ()):
            if el["kind"] != "textbox":
                continue
            text = el["text"].format_map({**c.fields})
            x, y, w, h = el["box"]
            size, lines = richtext.fit(text, w, h, el["size"], min_size=el.get("min_size", 1.8))
            assert size >= 2.5, (c.name, size)
            assert richtext.measure(lines, size, 1.22, el.get("para_gap", 0.4)) <= h + 1e-6, c.name


def test_deck_prints_on_eight_sheets():
    man = build_kit(PrintOptions()).render(RecordingCanvas())
    assert man.layouts["Cards"]["per_page"] == 9 and man.layouts["Cards"]["sheets"] == 8
    assert len(man.pages) == 16 and [p.role for p in man.pages[:2]] == ["front", "back"]
    assert man.counts() == deck().counts()
    assert man.counts(side="back") == deck().counts()
    assert man.counts(by="group") == {"attack": 30, "continuous": 6, "defend": 11, "meter": 2,
                                      "reference": 2, "utility": 21}


def _page_texts(cv):
    pages, cur = [], None
    for c in cv.calls:
        if c[0] == "page":
            cur = []
            pages.append(cur)
        elif c[0] == "text":
            cur.append(c[3])
    return pages


def test_reference_card_has_the_turn_sequence():
    ref = by_name()["Reference"].get("text")
    for phrase in ("**Activate**", "**Draw 2**", "up to **2 Actions**", "**Set 1**", "**play Set cards**",
                   "**First turn:**", "draws nothing", "only **1 Action**", "draws only **1 card**"):
        assert phrase in ref, phrase
    cv = RecordingCanvas()
    build_kit(PrintOptions(duplex="none"), cards=["reference"]).render(cv)
    texts = " ".join(_page_texts(cv)[0])
    assert "REFERENCE" in texts and "Draw 2" in texts


def test_water_meter_runs_from_20_to_0():
    cv = RecordingCanvas()
    man = build_kit(PrintOptions(duplex="none"), cards=["water-meter"]).render(cv)
    assert man.counts() == {"water-meter": 2}
    texts = _page_texts(cv)[0]
    for v in range(21):
        assert texts.count(str(v)) >= 2, v


@pytest.mark.parametrize("opts", [dict(), dict(paper="letter", duplex="short", ink_saver=True, back_offset=(0.5, -1.0)),
                                  dict(fold=True, duplex="none")])
def test_cli_writes_a_clean_deterministic_pdf(run, tmp_path, opts):
    args = []
    for k, v in opts.items():
        if v is True:
            args.append(f"--{k.replace('_', '-')}")
        elif isinstance(v, tuple):
            args += [f"--{k.replace('_', '-')}", f"{v[0]},{v[1]}"]
        else:
            args += [f"--{k}", v]
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    r = run("sheet", "water-duel", *args, "-o", str(a))
    assert r.exit_code == 0, r.stderr
    assert "72 cards" in r.output and "Print at 100 %" in r.output
    assert run("sheet", "water-duel", *args, "-o", str(b)).exit_code == 0
    pdf = a.read_bytes()
    assert pdf == b.read_bytes()
    assert qpdf_problems(pdf) == []
    assert all(f.embedded for f in fonts(pdf))


def test_cli_errors_are_one_line(run, tmp_path):
    out = tmp_path / "d.pdf"
    out.write_bytes(b"keep")
    r = run("sheet", "water-duel", "-o", str(out))
    assert r.exit_code == 2 and "--force" in r.stderr and out.read_bytes() == b"keep"
    r = run("sheet", "water-duel", "--back-offset", "1;2;3", "-o", str(tmp_path / "x.pdf"))
    assert r.exit_code == 2 and "two numbers in mm" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    r = run("sheet", "water-duel", "--duplex", "none", "--calibrate", "-o", str(tmp_path / "x.pdf"))
    assert r.exit_code == 2 and "--calibrate" in r.stderr


def test_cli_json_reports_counts_and_calibration(run, tmp_path):
    import json
    r = run("sheet", "water-duel", "--json", "-o", str(tmp_path / "d.pdf"))
    data = json.loads(r.output)
    assert data["counts"]["Cards"]["umbrella"] == 3 and data["page_count"] == 16
    r = run("sheet", "water-duel", "--calibrate", "--duplex", "short", "--json", "-o", str(tmp_path / "c.pdf"))
    assert [p["role"] for p in json.loads(r.output)["pages"]] == ["calibration-front", "calibration-back"]


def test_format_must_match_the_file_name(run, tmp_path):
    r = run("sheet", "water-duel", "--format", "svg", "-o", str(tmp_path / "deck.pdf"))
    assert r.exit_code == 2 and "name it" in r.stderr and not (tmp_path / "deck.pdf").exists()
