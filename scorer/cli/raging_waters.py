"""Raging Waters subcommands: sheet, setup, play, score and render."""
from __future__ import annotations

from pathlib import Path

import click

from ..errors import HighwaterError, SheetError
from ..raging_waters import rules, score as rw_score
from ..raging_waters.sheet_json import dump_sheet, load_sheet, report
from ..raging_waters.state import SheetState, Variant
from .common import (render_options, emit_json, fail, force_option, guess_format, json_option, new_seed, read_json,
                     seed_option, write_pages, write_rendered)
from .rw_play import play


def build_pdf_or_svg(fmt: str, paper_name: str, pages_fn) -> bytes | list[bytes]:
    """Draw Raging Waters page functions on a PDF or SVG canvas."""
    from sheets.common import render_document
    from ..raging_waters.template import load

    t = load()
    return render_document(fmt, paper_name, t.frame_w, t.frame_h, pages_fn, title="Raging Waters")


def sheet_pages(seed: str, players: int, paper_name: str, setup: str, variant: Variant = Variant()) -> list:
    """Page functions for every player's sheet."""
    from sheets import raging_waters as draw
    from sheets.sheetid import SheetId

    from ..raging_waters.template import load

    t = load()
    state = rules.rolled_setup(seed, variant) if setup == "rolled" else None
    pages = []
    for p in range(1, players + 1):
        sid = SheetId("raging-waters", t.version, seed, p, paper_name, setup)
        pages.append(lambda cv, sid=sid: draw.draw_page(cv, t, sid, state, setup=setup == "rolled"))
    return pages


@click.command("raging-waters", short_help="Raging Waters sheets, one page per player.")
@click.option("--players", "-p", default=1, show_default=True, type=click.IntRange(1, 99), help="Pages to print, one per player.")
@seed_option(help="Shared seed: everyone's houses and swamps, and the QR sheet ids. Default: a fresh one.")
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True, help="Paper size.")
@click.option("--setup", type=click.Choice(["rolled", "blank"]), default="rolled", show_default=True,
              help="rolled prints the seed's houses and swamps; blank leaves them for the players to roll.")
@click.option("--format", "fmt", type=click.Choice(["pdf", "svg"]), default=None,
              help="Output format (default: from the -o suffix, else pdf). SVG writes one file per page.")
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path), default=Path("raging-waters.pdf"),
              show_default=True, help="Output file.")
@force_option
@json_option
def sheet(players: int, seed: str | None, paper: str, setup: str, fmt: str | None, output: Path, force: bool,
          as_json: bool) -> None:
    """Print Raging Waters sheets: the four maps, backhoes, left boxes and the score table.

    Every page carries four ArUco corner markers and a QR code with the sheet id, so a
    photo of the finished sheet can be scored with `highwater scan`. Print at 100 %.

    \b
    Examples:
      highwater sheet raging-waters --players 4 --seed game-night -o night.pdf
      highwater sheet raging-waters --setup blank --paper letter -o blank.pdf
      highwater sheet raging-waters --seed game-night -o sheet.svg
    """
    seed = seed or new_seed()
    fmt = guess_format(output, fmt)
    data = build_pdf_or_svg(fmt, paper, sheet_pages(seed, players, paper, setup))
    files = write_pages(output, fmt, data, force)
    if as_json:
        emit_json({"files": [str(f) for f in files], "pages": players, "seed": seed, "paper": paper, "setup": setup})
        return
    names = ", ".join(str(f) for f in files)
    click.echo(f"Wrote {names}: {players} page{'s' if players > 1 else ''} (seed {seed}, {paper}, {setup} setup). "
               "Print at 100 % / actual size.")


def setup_dict(state: SheetState) -> dict:
    return {m.id: {"houses": [list(h) for h in m.houses], "swamps": [list(s) for s in m.swamps]} for m in state.maps}


@click.command("raging-waters", short_help="The houses and swamps a seed rolls.")
@seed_option(required=True)
@json_option
def setup(seed: str, as_json: bool) -> None:
    """Show the houses and swamps SEED rolls: the same for every player at the table.

    Houses are (column, row); a swamp is the (column, row) of its top-right corner.

    \b
    Example:
      highwater setup raging-waters --seed game-night
    """
    state = rules.rolled_setup(seed)
    if as_json:
        emit_json({"seed": seed, "subdivisions": setup_dict(state)})
        return
    click.echo(f"Raging Waters setup for seed {seed} (column, row; swamps by top-right corner):")
    for m, mt in zip(state.maps, state.template.maps):
        houses = " ".join(f"({c},{r})" for c, r in m.houses)
        swamps = " ".join(f"({c},{r})" for c, r in m.swamps)
        click.echo(f"  {mt.name:<11} houses {houses:<42} swamps {swamps}")


def _load_state(path: Path, strict_swamps: bool) -> SheetState:
    data = read_json(path)
    if strict_swamps and isinstance(data, dict):
        data = {**data, "variant": {"strict_swamps": True}}
    try:
        return load_sheet(data)
    except SheetError as e:
        fail(f"{path}: {e}")
    raise AssertionError


@click.command("raging-waters", short_help="Score an entered Raging Waters sheet.")
@click.argument("sheet_json", type=click.Path(path_type=Path))
@click.option("--strict-swamps", is_flag=True, help="Variant: a protected house's region must hold no swamp either.")
@json_option
def score(sheet_json: Path, strict_swamps: bool, as_json: bool) -> None:
    """Check SHEET_JSON against the rules and print its score table.

    The sheet lists each subdivision's houses, swamps, berms (as pile pairs) and left box,
    and the backhoes crossed (see docs/formats.md). A berm through a house, a pile used
    three times or an unknown pile is reported with exit code 2.

    \b
    Examples:
      highwater score raging-waters examples/raging-waters/finished.json
      highwater score raging-waters sheet.json --json
    """
    state = _load_state(sheet_json, strict_swamps)
    sc = rw_score(state)
    if as_json:
        emit_json({"game": "raging-waters", "score": sc.to_dict(), "subdivisions": report(state),
                   "sheet": dump_sheet(state)})
        return
    click.echo(sc.table())


@click.command("raging-waters", short_help="Draw a Raging Waters sheet JSON to SVG, PNG or PDF.")
@render_options
def render(sheet_json: Path, output: Path, paper: str, dpi: int, force: bool, as_json: bool) -> None:
    """Draw SHEET_JSON as it stands: berms, protected houses (ringed), ticks and score.

    \b
    Examples:
      highwater render raging-waters examples/raging-waters/finished.json -o finished.png
    """
    state = _load_state(sheet_json, False)
    from sheets import raging_waters as draw
    sc = rw_score(state)
    pages = [lambda cv: draw.draw_page(cv, state.template, None, state, setup=True, score=sc)]
    fmt = write_rendered(output, lambda f: build_pdf_or_svg(f, paper, pages), force, dpi)
    if as_json:
        emit_json({"file": str(output), "format": fmt, "score": sc.to_dict()})
        return
    click.echo(f"Wrote {output} (score {sc.total}).")


COMMANDS = {"sheet": sheet, "setup": setup, "play": play, "score": score, "render": render}
