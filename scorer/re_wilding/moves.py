"""Re-Wilding moves: frozen values whose str() parses back with `parse_move`.

Dice are a multiset, so moves name dice by value ("flip 3>4" turns a 3 into a 4).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import InvalidMoveError
from .template import ABILITIES, PLANTS, WEATHERS, WILDLIFE

ACTIONS = ("save", "protect", "clear", "plant", "introduce", "grow")   # the panel, left to right
ACTION_ORDER = {a: i for i, a in enumerate(ACTIONS)}
ACTION_RANGES = {"protect": (1, 1), "clear": (2, 3), "plant": (4, 5), "introduce": (6, 9), "grow": (10, 12)}
ABILITY_NAMES = {"mirror": "Mirror", "flip": "Flip", "reroll": "Re-roll", "plusminus": "+/-1"}
KINDS = PLANTS + WILDLIFE


def _dice(d: tuple[int, ...]) -> str:
    return " ".join(map(str, d))


@dataclass(frozen=True)
class Place:
    """Place the year's dice: groups of dice on actions, e.g. save 6, clear 2, plant 1 3."""

    groups: tuple[tuple[str, tuple[int, ...]], ...]

    def __post_init__(self) -> None:
        canon = tuple(sorted(((a, tuple(sorted(d))) for a, d in self.groups), key=lambda g: (ACTION_ORDER[g[0]], g[1])))
        object.__setattr__(self, "groups", canon)

    def __str__(self) -> str:
        return ", ".join(f"{a} {_dice(d)}" for a, d in self.groups)


@dataclass(frozen=True)
class Mirror:
    """Change one die to match another die: a `die` becomes `to`."""

    die: int
    to: int

    def __str__(self) -> str:
        return f"mirror {self.die}>{self.to}"


@dataclass(frozen=True)
class Flip:
    """Turn a die over: n becomes 7 - n."""

    die: int

    def __str__(self) -> str:
        return f"flip {self.die}>{7 - self.die}"


@dataclass(frozen=True)
class Nudge:
    """The +/-1 ability: a die goes up or down by one, staying 1-6."""

    die: int
    delta: int

    def __str__(self) -> str:
        return f"nudge {self.die}>{self.die + self.delta}"


@dataclass(frozen=True)
class Reroll:
    """Re-roll any number of the dice in play (one ability use)."""

    dice: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "dice", tuple(sorted(self.dice)))

    def __str__(self) -> str:
        return f"reroll {_dice(self.dice)}"


@dataclass(frozen=True)
class Keep:
    """Accept the weather roll or check die; on a plant roll with no square, give up."""

    def __str__(self) -> str:
        return "keep"


@dataclass(frozen=True)
class Save:
    """Resolve a Save group: fill the next empty box of an ability."""

    ability: str

    def __str__(self) -> str:
        return f"save {self.ability}"


@dataclass(frozen=True)
class Protect:
    """Resolve a Protect group: fill a protection box."""

    weather: str

    def __str__(self) -> str:
        return f"protect {self.weather}"


@dataclass(frozen=True)
class Clear:
    """Resolve a Clear group: a box beside a column or row ("col-3", "row-2") or a clean-up box."""

    target: str

    def __str__(self) -> str:
        return "clear cleanup" if self.target == "cleanup" else f"clear {self.target.replace('-', ' ')}"


@dataclass(frozen=True)
class Plant:
    """Colour a plant in the square at (column, row) that the plant dice allow."""

    col: int
    row: int

    def __str__(self) -> str:
        return f"plant {self.col} {self.row}"


@dataclass(frozen=True)
class Introduce:
    """Colour a wildlife outline under a coloured plant in the square at (column, row)."""

    col: int
    row: int

    def __str__(self) -> str:
        return f"introduce {self.col} {self.row}"


@dataclass(frozen=True)
class Grow:
    """Grow a plant type or breed a wildlife type (a kind such as 'pine' or 'fish')."""

    kind: str

    def __str__(self) -> str:
        return f"{'grow' if self.kind in PLANTS else 'breed'} {self.kind}"


AbilityMove = Mirror | Flip | Nudge | Reroll
Move = Place | AbilityMove | Keep | Save | Protect | Clear | Plant | Introduce | Grow
ABILITY_OF = {Mirror: "mirror", Flip: "flip", Reroll: "reroll", Nudge: "plusminus"}

# ---- parsing --------------------------------------------------------------------------

_ALIASES = {"breed": "grow", "grow/breed": "grow", "intro": "introduce", "sav": "save"}
_CHANGE = re.compile(r"^(\d)\s*(?:>|->|to)\s*(\d)$")


def _numbers(s: str, text: str) -> tuple[int, ...]:
    """Every number in s: '1 3', '1+3', '1,3'."""
    found = re.findall(r"\d+", s)
    if re.sub(r"[\d\s,+;]", "", s):
        raise InvalidMoveError(f"cannot read {text!r}: expected numbers, got {s.strip()!r}")
    return tuple(int(n) for n in found)


def parse_placement(text: str) -> Place:
    """'save 6, clear 2, plant 1 3' or 'grow 4+6 protect 1' (repeat an action for two groups)."""
    src = text.strip().lower()
    if src.startswith("place"):
        src = src[5:]
    tokens = re.findall(r"[a-z/]+|[^a-z/]+", src)
    groups: list[tuple[str, tuple[int, ...]]] = []
    action = None
    for tok in tokens:
        if tok.isalpha() or "/" in tok:
            name = _ALIASES.get(tok, tok)
            if name not in ACTIONS:
                raise InvalidMoveError(f"cannot read {text!r}: {tok!r} is not an action; use {', '.join(ACTIONS)}")
            action = name
            groups.append((name, ()))
            continue
        nums = _numbers(tok, text)
        if not nums:
            continue
        if action is None:
            raise InvalidMoveError(f"cannot read {text!r}: name the action before its dice, e.g. 'clear 2, plant 1 3'")
        a, d = groups[-1]
        groups[-1] = (a, d + nums)
    if not groups:
        raise InvalidMoveError(f"cannot read {text!r}: place dice like 'save 6, clear 2, plant 1 3'")
    for a, d in groups:
        if not d:
            raise InvalidMoveError(f"cannot read {text!r}: '{a}' has no dice after it")
        if not all(1 <= v <= 6 for v in d):
            raise InvalidMoveError(f"cannot read {text!r}: dice show 1 to 6")
    return Place(tuple(groups))


def _change(rest: str, text: str) -> tuple[int, int] | tuple[int]:
    m = _CHANGE.match(rest)
    if m:
        return (int(m[1]), int(m[2]))
    nums = _numbers(rest, text)
    return nums  # type: ignore[return-value]


def parse_ability(text: str) -> AbilityMove | None:
    """An ability use, or None if the text is not one."""
    src = text.strip().lower()
    m = re.match(r"^(mirror|flip|nudge|reroll|re-roll|plus|minus|up|down|\+1|-1)\b\s*(.*)$", src)
    if not m:
        return None
    word, rest = m[1], m[2].strip()
    if word in ("reroll", "re-roll"):
        nums = _numbers(rest, text)
        if not nums:
            raise InvalidMoveError(f"cannot read {text!r}: say which dice to re-roll, e.g. 'reroll 2 5'")
        return Reroll(nums)
    vals = _change(rest, text)
    if word == "mirror":
        if len(vals) != 2:
            raise InvalidMoveError(f"cannot read {text!r}: mirror names a die and the die it copies, e.g. 'mirror 2>5'")
        return Mirror(vals[0], vals[1])
    if word == "flip":
        if len(vals) not in (1, 2) or (len(vals) == 2 and vals[1] != 7 - vals[0]):
            raise InvalidMoveError(f"cannot read {text!r}: flip names one die, e.g. 'flip 3' (3 becomes 4)")
        return Flip(vals[0])
    if word == "nudge":
        if len(vals) != 2 or abs(vals[1] - vals[0]) != 1:
            raise InvalidMoveError(f"cannot read {text!r}: nudge moves a die by one, e.g. 'nudge 3>4'")
        return Nudge(vals[0], vals[1] - vals[0])
    if len(vals) != 1:
        raise InvalidMoveError(f"cannot read {text!r}: name one die, e.g. '+1 3'")
    return Nudge(vals[0], 1 if word in ("plus", "up", "+1") else -1)


def parse_square(rest: str, text: str) -> tuple[int, int]:
    """'2 3', '2,3', 'sq-2-3' or '23' as (column, row)."""
    rest = rest.strip()
    m = re.fullmatch(r"sq-(\d)-(\d)", rest)
    if m:
        return int(m[1]), int(m[2])
    if re.fullmatch(r"\d\d", rest):
        return int(rest[0]), int(rest[1])
    nums = _numbers(rest, text)
    if len(nums) != 2:
        raise InvalidMoveError(f"cannot read {text!r}: give the square as column and row, e.g. '2 3'")
    return nums[0], nums[1]
