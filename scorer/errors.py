"""Error types shared by every rules module (the engine never imports click)."""
from __future__ import annotations


class HighwaterError(ValueError):
    """Base class: a problem with the user's input, reported in one line."""


class InvalidMoveError(HighwaterError):
    """A move or roll that does not parse (bad syntax, unknown pile)."""


class IllegalMoveError(HighwaterError):
    """A well-formed move that the rules forbid in this position; the message says why."""


IllegalMove = IllegalMoveError  # the name the issues use


class AmbiguousMoveError(HighwaterError):
    """Text that matches more than one legal move."""


class SheetError(HighwaterError):
    """A sheet JSON that is malformed or contradicts the rules."""


class NotationError(HighwaterError):
    """Dice notation that does not parse."""
