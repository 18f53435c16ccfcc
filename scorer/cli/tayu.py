"""Tayu: `highwater sheet tayu`."""
from __future__ import annotations

from pathlib import Path

import click

from .print_options import kit_options, output_options, write_kit


@click.command("tayu", short_help="The Tayu kit: 84 tiles, the board in two halves, aids, score pad.")
@kit_options
@click.option("--only", "only", type=click.Choice(["tiles", "board", "aids", "pad"]), multiple=True,
              help="Print only these parts (repeat the option for several).")
@click.option("--tile-backs/--no-tile-backs", default=True, show_default=True,
              help="The tiles' back: cut lines, and a circle on tiles with outlets on three sides "
                   "(for the advanced way of choosing tiles).")
@output_options("tayu.pdf")
def sheet(print_opts, calibrate: bool, only: tuple[str, ...], tile_backs: bool, output: Path, fmt: str | None,
          force: bool, as_json: bool) -> None:
    """Print the Tayu kit: the 28 tile types 3 times each (84 tiles, 18 x 54 mm), the
    20 x 20 board in two halves (each glued from two pages), player aids in English and
    Spanish, and a score pad.

    Cut the tiles on the crop marks (or along the lines on their back). For each board
    half, cut the second page on its dashed line, lay it over the first so the half
    circles meet, and glue.

    \b
    Examples:
      highwater sheet tayu -o kit.pdf
      highwater sheet tayu --paper letter --duplex short -o kit.pdf
      highwater sheet tayu --only board --only pad -o board.pdf
      highwater sheet tayu --ink-saver --no-tile-backs --duplex none -o kit.pdf
    """
    from sheets.kit import CalibrationSection, Kit
    from sheets.tayu import PARTS, TITLE, build_kit

    if calibrate:
        kit = Kit(TITLE, print_opts).add(CalibrationSection())
    else:
        kit = build_kit(print_opts, parts=tuple(p for p in PARTS if not only or p in only), tile_backs=tile_backs)

    def summary(man) -> str:
        if calibrate:
            return "; the duplex calibration sheet"
        bits = []
        tiles = sum(man.counts("Tiles").values())
        if tiles:
            bits.append(f"{tiles} tiles")
        halves = {p.section for p in man.pages if p.role == "poster"}
        if halves:
            bits.append(f"board in {len(halves)} halves")
        if sum(man.counts("Player aids").values()):
            bits.append("player aids (EN, ES)")
        if any(p.section == "Score pad" for p in man.pages):
            bits.append("score pad")
        return "; " + ", ".join(bits)
    write_kit(kit, output, fmt, force, as_json, summary)


COMMANDS = {"sheet": sheet}
