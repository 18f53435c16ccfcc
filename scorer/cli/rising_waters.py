"""Rising Waters subcommand: `highwater sheet rising-waters`, the print-and-play kit."""
from __future__ import annotations

from pathlib import Path

import click

from .common import InputError
from .print_options import kit_options, output_options, write_kit

PARTS = ("map", "boards", "cards", "tokens")


@click.command("rising-waters", short_help="Rising Waters print kit: map, player boards, decks, tokens.")
@kit_options
@click.option("--only", type=click.Choice(PARTS), multiple=True,
              help="Print only this part (repeat for several): map, boards, cards or tokens.")
@click.option("--version", "game_version", type=click.Choice(["fall1926", "spring1927"]), default="spring1927",
              show_default=True, help="Game version: sets the deck recipe on the setup card.")
@output_options("rising-waters.pdf")
def sheet(print_opts, calibrate: bool, only: tuple[str, ...], game_version: str, output: Path, fmt: str | None,
          force: bool, as_json: bool) -> None:
    """Print the Rising Waters kit: the 1927 flood map as a poster, six player boards,
    the Community, Landowner and Weather Report decks, Community Goals, player aids, the
    setup card and the token cut sheets.

    The map is tiled across pages with overlap strips to glue; cards have bleed, crop
    marks and backs (duplex, or --fold for printers without duplex). You also need pawns
    and cubes (see the README). Print at 100 %.

    \b
    Examples:
      highwater sheet rising-waters -o kit.pdf
      highwater sheet rising-waters --version fall1926 --only cards -o fall-cards.pdf
      highwater sheet rising-waters --only map --paper letter --duplex none -o board.pdf
      highwater sheet rising-waters --only tokens --ink-saver -o tokens.pdf
    """
    from sheets.kit import CalibrationSection, Kit
    from sheets.rising_waters.kit import build_kit

    if calibrate:
        kit = Kit("Rising Waters: duplex calibration", print_opts).add(CalibrationSection())
    else:
        try:
            kit = build_kit(print_opts, game_version, only or None)
        except ValueError as e:
            raise InputError(str(e)) from None

    def summary(man) -> str:
        parts = ", ".join(p for p in PARTS if not only or p in only)
        return f"; {parts}; {game_version}"

    write_kit(kit, output, fmt, force, as_json, summary)


COMMANDS = {"sheet": sheet}
