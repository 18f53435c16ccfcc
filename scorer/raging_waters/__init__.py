"""Raging Waters: a roll-and-write on four subdivision maps (rules: docs/rulings.md)."""
from .rules import (apply, chance_outcomes, chance_spec, check_setup, current_player, dice_allow,
                    is_completed, is_terminal, legal_berms, legal_moves, name, new_game, parse_move,
                    with_setup)
from .score import score
from .state import Berm, MapState, Pass, SheetState, Status, Variant
from .template import load as load_template

__all__ = ["apply", "chance_outcomes", "chance_spec", "check_setup", "current_player", "dice_allow",
           "is_completed", "is_terminal", "legal_berms", "legal_moves", "name", "new_game", "parse_move",
           "with_setup", "score", "Berm", "MapState", "Pass", "SheetState", "Status", "Variant",
           "load_template"]
