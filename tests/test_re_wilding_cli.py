"""`highwater sheet|play|score|render re-wilding`: outputs, replays and one-line errors."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorer.re_wilding.template import load

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "re-wilding"


def test_sheet_writes_a_pdf_and_refuses_to_overwrite(run, tmp_path):
    out = tmp_path / "rew.pdf"
    r = run("sheet", "re-wilding", "--players", "2", "--seed", "game-night", "-o", str(out))
    assert r.exit_code == 0 and out.read_bytes().startswith(b"%PDF") and "2 pages" in r.output
    first = out.read_bytes()
    r = run("sheet", "re-wilding", "--players", "2", "--seed", "game-night", "-o", str(out))
    assert r.exit_code == 2 and "already exists" in r.stderr and "--force" in r.stderr
    r = run("sheet", "re-wilding", "--players", "2", "--seed", "game-night", "-o", str(out), "--force")
    assert r.exit_code == 0 and out.read_bytes() == first          # same arguments, same bytes


def test_sheet_svg_on_letter(run, tmp_path):
    r = run("sheet", "re-wilding", "--paper", "letter", "-o", str(tmp_path / "s.svg"), "--json")
    assert r.exit_code == 0
    data = json.loads(r.output)
    assert data["paper"] == "letter" and Path(data["files"][0]).read_bytes().startswith(b"<svg")
    assert b"215.9mm" in Path(data["files"][0]).read_bytes()


def test_the_example_move_file_replays_to_the_example_sheet(run):
    r = run("play", "re-wilding", "--seed", "game-night", "--moves", str(EXAMPLES / "game.moves"), "--json")
    assert r.exit_code == 0, r.stderr
    played = json.loads(r.output)
    finished = json.loads((EXAMPLES / "finished.json").read_text())
    assert sorted(played["sheet"]["filled"]) == sorted(finished["filled"])
    assert sorted(played["sheet"]["crossed"]) == sorted(finished["crossed"])
    r = run("score", "re-wilding", str(EXAMPLES / "finished.json"), "--json")
    assert json.loads(r.output)["score"]["total"] == played["score"]["total"]


def test_replay_prints_every_roll_and_the_breakdown(run):
    r = run("play", "re-wilding", "--seed", "game-night", "--moves", str(EXAMPLES / "game.moves"))
    assert r.exit_code == 0
    for s in ("Year 1: rolled", "Plant roll", "Weather roll", "Calendar: year 10", "Final score", "Flora"):
        assert s in r.output, s


def test_the_bot_plays_a_whole_game_and_writes_its_moves(run, tmp_path):
    moves, sheet = tmp_path / "g.moves", tmp_path / "g.json"
    r = run("play", "re-wilding", "--seed", "x1", "--bot", "--save", str(moves), "--write-sheet", str(sheet))
    assert r.exit_code == 0 and "=== Year 10 of 10 ===" in r.output
    r2 = run("play", "re-wilding", "--seed", "x1", "--moves", str(moves), "--json")
    assert r2.exit_code == 0
    assert json.loads(r2.output)["sheet"] == json.loads(sheet.read_text())


def test_a_move_file_with_scripted_rolls_needs_no_seed_dice(run, tmp_path):
    text = (EXAMPLES / "game.moves").read_text()
    f = tmp_path / "other-seed.moves"
    f.write_text(text)
    r = run("play", "re-wilding", "--seed", "another-seed", "--moves", str(f), "--json")
    assert r.exit_code == 0   # the rolls in the file are used, not the seed's


def test_an_illegal_move_in_a_file_is_one_line_with_the_rule(run, tmp_path):
    f = tmp_path / "bad.moves"
    f.write_text("roll 1 2 3 4\nprotect 1, clear 2, plant 3 4\n")
    r = run("play", "re-wilding", "--moves", str(f))
    assert r.exit_code == 2
    assert "bad.moves:2" in r.stderr and "plant needs dice summing 4-5, not 7" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr


def test_a_move_file_that_ends_early(run, tmp_path):
    f = tmp_path / "short.moves"
    f.write_text("roll 1 2 3 4\n")
    r = run("play", "re-wilding", "--moves", str(f))
    assert r.exit_code == 2 and "the file ends" in r.stderr


def test_interactive_play_lists_moves_refuses_illegal_ones_and_quits(run):
    r = run("play", "re-wilding", "--seed", "game-night", input="grow 6 6 6 6\nsheet\nquit\n")
    assert "Year 1: dice" in r.output and "1) " in r.output
    assert "Illegal:" in r.output
    assert r.exit_code == 1   # quit aborts


def test_typed_dice_are_asked_for(run):
    r = run("play", "re-wilding", "--dice", "typed", input="1 2 3 4\nprotect 1, clear 2, clear 3, plant 4\nquit\n")
    assert "type them" in r.output and "Year 1: rolled 1-2-3-4" in r.output


def test_score_prints_the_breakdown(run):
    r = run("score", "re-wilding", str(EXAMPLES / "finished.json"))
    assert r.exit_code == 0 and "Flora" in r.output and "Total score" in r.output


def _sheet(tmp_path, **data) -> str:
    f = tmp_path / "s.json"
    f.write_text(json.dumps({"game": "re-wilding", "version": load().version, **data}))
    return str(f)


@pytest.mark.parametrize("data,message", [
    ({"filled": ["sq-3-2-wild-1"]}, "sq-3-2-wild-1 is coloured but sq-3-2-plant-1 above it is not"),
    ({"crossed": ["prot-drought-3"]}, "prot-drought-3 is crossed but was never filled"),
    ({"filled": ["sq-9-2-plant-1"]}, "unknown id 'sq-9-2-plant-1'"),
    ({"filled": ["sq-1-1-plant-1"], "crossed": ["sq-1-1-plant-1"]}, "sq-1-1-plant-1 is crossed but sq-1-1-wild-1 is not"),
    ({"filled": ["cal-2-plus"]}, "year 1 has no calendar tick"),
    ({"filled": ["cal-1-plus", "cal-1-zero"]}, "year 1 has 2 calendar ticks"),
    ({"filled": ["hunger-snake-1", "hunger-snake-2", "cal-1-plus"]}, "hunger row snake has 2 filled boxes after 1 year"),
    ({"crossed": ["clr-col-2-a"]}, "clr-col-2-a is crossed, but cleared boxes are only ever filled"),
    ({"filled": "sq-1-1-plant-1"}, "'filled' must be a list of ids"),
    ({"colours": []}, "unknown field(s) colours"),
])
def test_impossible_sheets_are_one_line_errors(run, tmp_path, data, message):
    r = run("score", "re-wilding", _sheet(tmp_path, **data))
    assert r.exit_code == 2, r.output
    assert message in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_score_of_a_file_that_is_not_json(run, tmp_path):
    f = tmp_path / "x.json"
    f.write_text("{oops")
    r = run("score", "re-wilding", str(f))
    assert r.exit_code == 2 and "not valid JSON" in r.stderr


def test_render_png_and_svg(run, tmp_path):
    r = run("render", "re-wilding", str(EXAMPLES / "finished.json"), "-o", str(tmp_path / "f.png"))
    assert r.exit_code == 0 and (tmp_path / "f.png").read_bytes().startswith(b"\x89PNG")
    r = run("render", "re-wilding", str(EXAMPLES / "finished.json"), "-o", str(tmp_path / "f.svg"))
    assert r.exit_code == 0 and (tmp_path / "f.svg").exists()


@pytest.mark.parametrize("sid,message", [
    ("HW1:rw:1:x:1:a4:r", "is not a Re-Wilding sheet id"),
    ("HW1:rew:1:x:1:a4:b", "printed from template version 1"),   # the 24 mm QR layout
    ("HW1:rew:3:x:1:a4:b", "printed from template version 3"),
    ("nonsense", "is not a Re-Wilding sheet id"),
])
def test_a_wrong_sheet_id_is_refused(run, tmp_path, sid, message):
    r = run("score", "re-wilding", _sheet(tmp_path, sheet_id=sid))
    assert r.exit_code == 2 and message in r.stderr
