"""Re-Wilding subcommands: sheet, play, score and render."""
from __future__ import annotations

from pathlib import Path

import click

from ..errors import SheetError
from ..re_wilding import score as rew_score
from ..re_wilding.sheet_json import dump_sheet, load_sheet, report
from ..re_wilding.state import State
from .common import (render_options, emit_json, fail, force_option, guess_format, json_option, new_seed, read_json, seed_option,
                     write_output, write_pages, write_rendered)
from .rew_play import play

# The printed sheet is the same for every seed: Re-Wilding has no set-up roll. The sheet
# id records setup "blank" and the seed a table shares for `highwater play`.
SETUP = "blank"


def build(fmt: str, paper_name: str, pages_fn: list) -> bytes | list[bytes]:
    """Draw Re-Wilding page functions on a PDF or SVG canvas."""
    from sheets.common import render_document

    from ..re_wilding.template import load

    t = load()
    return render_document(fmt, paper_name, t.frame_w, t.frame_h, pages_fn, title="Re-Wilding")


def sheet_pages(seed: str, players: int, paper_name: str) -> list:
    """Page functions for every player's sheet."""
    from sheets import re_wilding as draw
    from sheets.sheetid import SheetId

    from ..re_wilding.template import load

    t = load()
    pages = []
    for p in range(1, players + 1):
        sid = SheetId("re-wilding", t.version, seed, p, paper_name, SETUP)
        pages.append(lambda cv, sid=sid: draw.draw_page(cv, t, sid))
    return pages


@click.command("re-wilding", short_help="Re-Wilding sheets, one page per player.")
@click.option("--players", "-p", default=1, show_default=True, type=click.IntRange(1, 99), help="Pages to print, one per player.")
@seed_option(help="Seed printed in the QR sheet id, for sharing the dice in `highwater play`. Default: a fresh one.")
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True, help="Paper size.")
@click.option("--format", "fmt", type=click.Choice(["pdf", "svg"]), default=None,
              help="Output format (default: from the -o suffix, else pdf). SVG writes one file per page.")
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path), default=Path("re-wilding.pdf"),
              show_default=True, help="Output file.")
@force_option
@json_option
def sheet(players: int, seed: str | None, paper: str, fmt: str | None, output: Path, force: bool,
          as_json: bool) -> None:
    """Print Re-Wilding sheets: abilities, protection, clean-up, calendar, hunger, the
    selection panel, the score box and the 5x5 landscape of hills, moors, river and banks.

    Every page carries four ArUco corner markers and a QR code with the sheet id. The
    pre-filled boxes are printed blue; colour plants green and wildlife in another colour,
    and cross boxes off in black. Print at 100 %.

    \b
    Examples:
      highwater sheet re-wilding --players 4 --seed game-night -o rewild.pdf
      highwater sheet re-wilding --paper letter -o rewild.svg
    """
    seed = seed or new_seed()
    fmt = guess_format(output, fmt)
    data = build(fmt, paper, sheet_pages(seed, players, paper))
    files = write_pages(output, fmt, data, force)
    if as_json:
        emit_json({"files": [str(f) for f in files], "pages": players, "seed": seed, "paper": paper})
        return
    names = ", ".join(str(f) for f in files)
    click.echo(f"Wrote {names}: {players} page{'s' if players > 1 else ''} (seed {seed}, {paper}). "
               "Print at 100 % / actual size.")


def load_state(path: Path) -> State:
    """Read and validate a sheet JSON file, as a one-line error on any problem."""
    data = read_json(path)
    try:
        return load_sheet(data)
    except SheetError as e:
        fail(f"{path}: {e}")
    raise AssertionError


@click.command("re-wilding", short_help="Score an entered Re-Wilding sheet.")
@click.argument("sheet_json", type=click.Path(path_type=Path))
@json_option
def score(sheet_json: Path, as_json: bool) -> None:
    """Check SHEET_JSON against the rules and print its score box.

    The sheet lists the ids of everything filled (coloured outlines, filled boxes,
    calendar ticks, hunger boxes) and everything crossed off (see docs/formats.md).
    Impossible marks (wildlife without its plant, a box crossed but never filled, a plant
    crossed without its wildlife, unknown ids) are reported with exit code 2.

    \b
    Examples:
      highwater score re-wilding examples/re-wilding/finished.json
      highwater score re-wilding sheet.json --json
    """
    state = load_state(sheet_json)
    sc = rew_score(state)
    if as_json:
        emit_json({"game": "re-wilding", "score": sc.to_dict(), "report": report(state), "sheet": dump_sheet(state)})
        return
    click.echo(sc.table())


@click.command("re-wilding", short_help="Draw a Re-Wilding sheet JSON to SVG, PNG or PDF.")
@render_options
def render(sheet_json: Path, output: Path, paper: str, dpi: int, force: bool, as_json: bool) -> None:
    """Draw SHEET_JSON as it stands: coloured outlines, filled and crossed boxes, the
    calendar, hunger and the score box filled in.

    \b
    Examples:
      highwater render re-wilding examples/re-wilding/finished.json -o finished.png
    """
    state = load_state(sheet_json)
    from sheets import re_wilding as draw
    sc = rew_score(state)
    pages = [lambda cv: draw.draw_page(cv, state.template, None, state, sc)]
    fmt = write_rendered(output, lambda f: build(f, paper, pages), force, dpi)
    if as_json:
        emit_json({"file": str(output), "format": fmt, "score": sc.to_dict()})
        return
    click.echo(f"Wrote {output} (score {sc.total}).")


COMMANDS = {"sheet": sheet, "play": play, "score": score, "render": render}
__all__ = ["COMMANDS", "dump_sheet", "write_output"]
