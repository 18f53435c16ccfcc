"""Immutable Re-Wilding state: every mark on the sheet plus where the year stands.

`marks` holds one byte per markable id of the template (template.ids): bit 1 = filled
(a box coloured in, an outline coloured in), bit 2 = crossed (crossed off or blacked
out). So 0 is empty, 1 filled, 2 crossed while empty (an outline the weather took before
it was coloured), 3 filled then crossed.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from .template import ReWildingTemplate, load

EMPTY, FILLED, CROSSED = 0, 1, 2
USED = FILLED | CROSSED   # a filled box crossed off


class Phase(str, Enum):
    """Where the year stands; *_ROLL phases are chance nodes."""

    ROLL = "roll"                  # roll the year's 4 dice
    MAIN = "main"                  # use abilities on them, then place them
    REROLL = "reroll"              # the dice picked for a re-roll are rolled again
    ACTION = "action"              # choose the target of the next placed group
    PLANT_ROLL = "plant-roll"      # roll 2 dice for a plant action
    PLANT = "plant"                # use abilities, then pick the square
    WEATHER_ROLL = "weather-roll"  # year end: roll 2d6 for the weather
    WEATHER = "weather"            # use abilities on the weather roll, or keep it
    CHECK_ROLL = "check-roll"      # roll 1 die for a drought or storm check
    CHECK = "check"                # use abilities on the check die, or keep it
    OVER = "over"


CHANCE_PHASES = frozenset({Phase.ROLL, Phase.REROLL, Phase.PLANT_ROLL, Phase.WEATHER_ROLL, Phase.CHECK_ROLL})
DICE_PHASES = frozenset({Phase.MAIN, Phase.PLANT, Phase.WEATHER, Phase.CHECK})  # abilities usable here


@dataclass(frozen=True)
class Variant:
    """Rule variants. one_group_per_action: each action takes at most one dice group."""

    one_group_per_action: bool = False


Group = tuple[str, tuple[int, ...]]   # (action id, the dice placed on it)


@dataclass(frozen=True)
class State:
    """A whole sheet in play.

    dice: the roll in play (sorted) in MAIN/PLANT/WEATHER/CHECK; the dice kept during a
    re-roll. queue: placed groups still to resolve, leftmost action first. weather: the
    year's weather result while a drought or storm check is pending.
    """

    marks: bytes
    year: int = 1
    phase: Phase = Phase.ROLL
    dice: tuple[int, ...] = ()
    queue: tuple[Group, ...] = ()
    rerolling: int = 0
    resume: Phase | None = None
    weather: int | None = None
    variant: Variant = Variant()
    template: ReWildingTemplate = field(default_factory=load, compare=False, repr=False)
    events: tuple[str, ...] = field(default=(), compare=False, repr=False)

    @property
    def over(self) -> bool:
        return self.phase == Phase.OVER

    def mark(self, mark_id: str) -> int:
        """The mark (0-3) of a template id."""
        return self.marks[self.template.index[mark_id]]

    def filled_ids(self) -> list[str]:
        return [i for i, m in zip(self.template.ids, self.marks) if m & FILLED]

    def crossed_ids(self) -> list[str]:
        return [i for i, m in zip(self.template.ids, self.marks) if m & CROSSED]
