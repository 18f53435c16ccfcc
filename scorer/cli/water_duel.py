"""The water-fight card duel: `highwater sheet water-duel`."""
from __future__ import annotations

from pathlib import Path

import click

from .common import InputError
from .print_options import kit_options, output_options, write_kit


@click.command("water-duel", short_help="The water-fight duel deck: 72 cards with backs.")
@kit_options
@output_options("water-duel.pdf")
def sheet(print_opts, calibrate: bool, output: Path, fmt: str | None, force: bool, as_json: bool) -> None:
    """Print the water-fight duel deck: the 68 cards of the deck list, 2 Reference cards
    and 2 Water Meter cards (0-20), poker size, 3 x 3 per page with crop marks.

    Backs follow each sheet, mirrored for your printer's flip (--duplex long or short);
    without a duplex printer use --fold, or --duplex none for fronts only. Card texts are
    in templates/water_duel.json; the ones the rulebook does not give are marked there and
    in docs/rulings.md, so a group can change them.

    \b
    Examples:
      highwater sheet water-duel -o deck.pdf
      highwater sheet water-duel --paper letter --duplex short -o deck.pdf
      highwater sheet water-duel --calibrate -o calibration.pdf
      highwater sheet water-duel --back-offset 0.5,-1 --ink-saver -o deck.pdf
    """
    from sheets.deck import DeckError
    from sheets.water_duel import build_kit
    try:
        kit = build_kit(print_opts, calibrate=calibrate)
    except DeckError as e:
        raise InputError(str(e)) from None

    def summary(man) -> str:
        if calibrate:
            return "; the duplex calibration sheet"
        n = sum(man.counts().values())
        return f"; {n} cards, {man.layouts['Cards']['sheets']} sheets"
    write_kit(kit, output, fmt, force, as_json, summary)


COMMANDS = {"sheet": sheet}
