"""The water-fight card duel kit: 68 deck cards, 2 Reference and 2 Water Meter cards.

Everything about the cards lives in templates/water_duel.json; this module only puts the
deck into a kit (72 cards = 8 sheets of 9 poker cards, with backs).
"""
from __future__ import annotations

from .deck import Deck, deck_pieces, load_deck
from .kit import CalibrationSection, Kit, PieceSheet
from .printopts import PrintOptions

DECK = "water_duel"
TITLE = "Water Duel"


def deck() -> Deck:
    """The validated deck data."""
    return load_deck(DECK)


def build_kit(options: PrintOptions, calibrate: bool = False, cards: list[str] | None = None) -> Kit:
    """The printable deck (or, with calibrate, only the duplex calibration sheet)."""
    kit = Kit(TITLE, options)
    if calibrate:
        return kit.add(CalibrationSection())
    d = deck()
    return kit.add(PieceSheet("Cards", deck_pieces(d, cards), d.w, d.h))
