"""Shapes every game shares: chance outcomes, score breakdowns, and a push/pop Board.

A game is its list of actions, rolls included (OpenSpiel's explicit chance nodes). A rules
module is any object with this interface (see `Rules`); the referee never samples dice.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Generic, Iterable, Protocol, TypeVar

from .dice import DiceStream
from .errors import InvalidMoveError

CHANCE = -1    # current_player() while the dice must be rolled
TERMINAL = -2  # current_player() once the game is over


@dataclass(frozen=True)
class Dice:
    """A chance outcome: the faces rolled, in the order the rules module keeps them."""

    values: tuple[int, ...]

    @classmethod
    def parse(cls, text: str, count: int, sides: int = 6) -> "Dice":
        """Read dice typed at the table: '3 5 1', '3,5,1' or '351'."""
        raw = text.replace(",", " ").split()
        if len(raw) == 1 and len(raw[0]) == count and raw[0].isdigit():
            raw = list(raw[0])
        try:
            vals = tuple(int(v) for v in raw)
        except ValueError:
            raise InvalidMoveError(f"cannot read dice {text!r}; type {count} numbers like '3 5 1'") from None
        if len(vals) != count or not all(1 <= v <= sides for v in vals):
            raise InvalidMoveError(f"dice {text!r}: need {count} numbers from 1 to {sides}")
        return cls(vals)

    def __str__(self) -> str:
        return "roll " + " ".join(map(str, self.values))


@dataclass(frozen=True)
class ChanceSpec:
    """How to roll the current chance node: which dice and under which label."""

    label: str
    dice: int
    sides: int = 6


def sample(stream: DiceStream, spec: ChanceSpec) -> Dice:
    """Roll a chance node from a seeded stream (the CLI's and the bots' driver)."""
    return Dice(stream.roll(spec.label, spec.dice, spec.sides))


@dataclass(frozen=True)
class ScoreLine:
    """One line of a score table: count × multiplier = points."""

    id: str
    label: str
    count: int
    multiplier: int
    points: int

    def to_dict(self) -> dict:
        return {"id": self.id, "label": self.label, "count": self.count,
                "multiplier": self.multiplier, "points": self.points}


@dataclass(frozen=True)
class Score:
    """A score breakdown and its total, plus notes (e.g. a subdivision's status)."""

    lines: tuple[ScoreLine, ...]
    notes: tuple[str, ...] = ()

    @property
    def total(self) -> int:
        return sum(line.points for line in self.lines)

    def line(self, line_id: str) -> ScoreLine:
        """The line with this id."""
        for ln in self.lines:
            if ln.id == line_id:
                return ln
        raise KeyError(line_id)

    def to_dict(self) -> dict:
        return {"lines": [ln.to_dict() for ln in self.lines], "total": self.total,
                "notes": list(self.notes)}

    def table(self) -> str:
        """The score table as aligned text, like the one printed on the sheet."""
        width = max([len(ln.label) for ln in self.lines] + [12])
        out = [f"{'Scoring':<{width}}  count   x  mult  =  score"]
        for ln in self.lines:
            out.append(f"{ln.label:<{width}}  {ln.count:>5}   x  {ln.multiplier:>4}  =  {ln.points:>5}")
        out.append(f"{'Total score':<{width}}  {'':>5}      {'':>4}     {self.total:>5}")
        return "\n".join(out + [f"  {n}" for n in self.notes])


class Rules(Protocol):
    """What the CLI, bots and tests need from a rules module."""

    name: str

    def current_player(self, state: Any) -> int: ...
    def chance_spec(self, state: Any) -> ChanceSpec: ...
    def chance_outcomes(self, state: Any) -> list[tuple[Dice, float]]: ...
    def legal_moves(self, state: Any, roll: Dice | None = None) -> list[Any]: ...
    def apply(self, state: Any, action: Any) -> Any: ...
    def is_terminal(self, state: Any) -> bool: ...
    def score(self, state: Any) -> Score: ...


S = TypeVar("S")


@dataclass
class Board(Generic[S]):
    """python-chess style wrapper: push/pop over immutable states, with the action list."""

    rules: Any
    state: S
    actions: list = field(default_factory=list)
    _stack: list = field(default_factory=list, repr=False)

    def push(self, action: Any) -> S:
        """Apply an action (a roll or a move); raises IllegalMoveError with the reason."""
        new = self.rules.apply(self.state, action)
        self._stack.append(self.state)
        self.actions.append(action)
        self.state = new
        return new

    def pop(self) -> Any:
        """Undo the last action and return it."""
        if not self._stack:
            raise IndexError("nothing to undo")
        self.state = self._stack.pop()
        return self.actions.pop()

    @property
    def legal_moves(self) -> list:
        return self.rules.legal_moves(self.state)

    def is_terminal(self) -> bool:
        return self.rules.is_terminal(self.state)

    def score(self) -> Score:
        return self.rules.score(self.state)

    def replay(self, actions: Iterable[Any]) -> S:
        """Push a sequence of actions."""
        for a in actions:
            self.push(a)
        return self.state

