"""Re-Wilding: a solo roll-and-write on a 5x5 landscape (rules: docs/rulings.md)."""
from .moves import (Clear, Flip, Grow, Introduce, Keep, Mirror, Nudge, Place, Plant, Protect, Reroll, Save)
from .rules import (ability_moves, ability_uses, apply, calendar_value, chance_outcomes, chance_spec,
                    current_player, is_cleared, is_terminal, legal_moves, name, new_game, parse_move,
                    placements, protection)
from .score import score, tally
from .state import Phase, State, Variant
from .template import load as load_template

__all__ = ["Clear", "Flip", "Grow", "Introduce", "Keep", "Mirror", "Nudge", "Place", "Plant", "Protect",
           "Reroll", "Save", "ability_moves", "ability_uses", "apply", "calendar_value", "chance_outcomes",
           "chance_spec", "current_player", "is_cleared", "is_terminal", "legal_moves", "name", "new_game",
           "parse_move", "placements", "protection", "score", "tally", "Phase", "State", "Variant",
           "load_template"]
