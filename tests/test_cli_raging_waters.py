"""The `highwater` command for Raging Waters, and its one-line errors (exit 2)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FINISHED = ROOT / "examples" / "raging-waters" / "finished.json"
MOVES = ROOT / "examples" / "raging-waters" / "game.moves"


def one_line_error(res) -> str:
    assert res.exit_code == 2, (res.output, res.stderr)
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and "Traceback" not in res.stderr
    return lines[0]


def test_sheet_writes_one_page_per_player(run, tmp_path):
    out = tmp_path / "night.pdf"
    res = run("sheet", "raging-waters", "--players", "4", "--seed", "game-night", "-o", str(out), "--json")
    assert res.exit_code == 0
    info = json.loads(res.output)
    assert info["pages"] == 4 and out.read_bytes().startswith(b"%PDF")
    import pikepdf
    with pikepdf.open(out) as doc:
        assert len(doc.pages) == 4


def test_sheet_refuses_to_overwrite_without_force(run, tmp_path):
    out = tmp_path / "s.pdf"
    out.write_bytes(b"my file")
    err = one_line_error(run("sheet", "raging-waters", "-o", str(out)))
    assert "already exists" in err and "--force" in err
    assert out.read_bytes() == b"my file"
    assert run("sheet", "raging-waters", "-o", str(out), "--force").exit_code == 0
    assert out.read_bytes().startswith(b"%PDF")


def test_sheet_svg_writes_a_file_per_page(run, tmp_path):
    res = run("sheet", "raging-waters", "--players", "2", "--seed", "s", "-o", str(tmp_path / "p.svg"))
    assert res.exit_code == 0
    assert (tmp_path / "p-1.svg").exists() and (tmp_path / "p-2.svg").exists()


def test_output_format_must_be_clear(run, tmp_path):
    assert "cannot tell the format" in one_line_error(run("sheet", "raging-waters", "-o", str(tmp_path / "x.png")))
    assert "does not match" in one_line_error(
        run("sheet", "raging-waters", "--format", "svg", "-o", str(tmp_path / "x.pdf")))
    assert not (tmp_path / "x.pdf").exists()


def test_unknown_game_is_one_line(run):
    err = one_line_error(run("sheet", "monopoly"))
    assert "unknown game 'monopoly'" in err and "raging-waters" in err


def test_bad_seed_is_one_line(run):
    err = one_line_error(run("setup", "raging-waters", "--seed", "no spaces please"))
    assert "--seed" in err


def test_roll_json_and_bad_notation(run):
    res = run("roll", "3d6", "--seed", "game-night", "--json")
    assert res.exit_code == 0 and json.loads(res.output)["rolls"][0]["dice"] == [2, 1, 4]
    assert "3q6" in one_line_error(run("roll", "3q6"))


def test_setup_prints_the_seeds_houses(run):
    res = run("setup", "raging-waters", "--seed", "game-night", "--json")
    data = json.loads(res.output)["subdivisions"]
    assert [len(data[m]["houses"]) for m in ("aquaterra", "boglandia", "canalville", "delta")] == [3, 4, 5, 6]


def test_score_example_text_and_json(run):
    res = run("score", "raging-waters", str(FINISHED))
    assert res.exit_code == 0 and "Total score" in res.output
    js = json.loads(run("score", "raging-waters", str(FINISHED), "--json").output)
    assert js["score"]["total"] == sum(line["points"] for line in js["score"]["lines"])


@pytest.mark.parametrize("mutate,needle", [
    (lambda d: d["subdivisions"]["aquaterra"]["berms"].append(["Z1", "N1"]), "unknown pile 'Z1'"),
    (lambda d: d.update(backhoes_crossed=-1), "backhoes_crossed"),
])
def test_score_bad_sheets_are_one_line(run, tmp_path, mutate, needle):
    d = json.loads(FINISHED.read_text())
    mutate(d)
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(d))
    assert needle in one_line_error(run("score", "raging-waters", str(p)))


def test_score_unreadable_files_are_one_line(run, tmp_path):
    p = tmp_path / "broken.json"
    p.write_text("{not json")
    assert "not valid JSON" in one_line_error(run("score", "raging-waters", str(p)))
    assert "does not exist" in one_line_error(run("score", "raging-waters", str(tmp_path / "nope.json")))


def test_play_replays_the_example_moves_to_the_examples_score(run):
    res = run("play", "raging-waters", "--seed", "flood-watch", "--moves", str(MOVES), "--json")
    assert res.exit_code == 0, res.stderr
    played = json.loads(res.output)["players"][0]
    expected = json.loads(run("score", "raging-waters", str(FINISHED), "--json").output)
    assert played["score"]["total"] == expected["score"]["total"]


def test_play_rejects_an_illegal_move_in_a_file_with_its_line(run, tmp_path):
    p = tmp_path / "bad.moves"
    p.write_text("N1 N2\n")
    err = one_line_error(run("play", "raging-waters", "--seed", "game-night", "--moves", str(p)))
    assert "bad.moves:1" in err and "north edge" in err


def test_hot_seat_players_share_each_roll(run, tmp_path):
    # Two players, scripted rolls: both pass on turn 1, then both leave and the game goes on.
    p = tmp_path / "two.moves"
    p.write_text("roll 1 2 3\np1: pass\np2: pass leave\n" + "roll 6 6 6\np1: pass\np2: pass\n"
                 + "roll 6 6 6\np1: pass\np2: pass\n" + "roll 6 6 6\np1: pass\np2: pass\n")
    res = run("play", "raging-waters", "--seed", "s", "--players", "2", "--moves", str(p), "--json",
              "--save", str(tmp_path / "rec.moves"))
    assert res.exit_code == 0, res.stderr
    players = json.loads(res.output)["players"]
    assert players[0]["score"]["lines"][-1]["count"] == 0 and players[1]["sheet"]["subdivisions"]["aquaterra"]["left"]
    rec = (tmp_path / "rec.moves").read_text()
    assert rec.count("roll ") == 4 and "p2: pass leave" in rec


def test_interactive_play_rejects_illegal_moves_with_the_reason(run):
    # Typed dice, a same-edge berm (refused with the reason), then passes until the game ends.
    typed = "1 2 3\nN1 N2\npass\n" + "4 5 6\npass\n" * 3
    res = run("play", "raging-waters", "--seed", "s", "--dice", "typed", input=typed)
    assert res.exit_code == 0, res.stderr
    assert "Illegal: N1 and N2 are both on the north edge" in res.output
    assert "Total score" in res.output and "Legal berms" in res.output
