"""Reproducible dice: HMAC-SHA256 of (seed, label, counter), never `random`.

The same seed gives the same rolls on every machine and Python version, so a table can
share a seed and play remotely. The algorithm is specified in docs/formats.md:

    die(seed, label, counter, sides):
        for attempt in 0, 1, 2, ...:
            mac = HMAC-SHA256(key=utf8(seed), msg=utf8(f"{label}|{counter}|{attempt}"))
            v = big-endian integer of mac[0:8]
            if v < 2**64 - (2**64 % sides): return v % sides + 1
"""
from __future__ import annotations

import hmac
import re
from dataclasses import dataclass, field

from .errors import NotationError

_LIMIT = 1 << 64


def die(seed: str, label: str, counter: int, sides: int = 6) -> int:
    """One unbiased die from the seed, label and counter (1..sides)."""
    if sides < 1:
        raise ValueError("a die needs at least one side")
    cap = _LIMIT - (_LIMIT % sides)
    attempt = 0
    while True:
        mac = hmac.digest(seed.encode(), f"{label}|{counter}|{attempt}".encode(), "sha256")
        v = int.from_bytes(mac[:8], "big")
        if v < cap:
            return v % sides + 1
        attempt += 1


@dataclass
class DiceStream:
    """A seeded source of dice; each label counts its own dice from 0."""

    seed: str
    counters: dict[str, int] = field(default_factory=dict)

    def roll(self, label: str, n: int = 1, sides: int = 6) -> tuple[int, ...]:
        """Roll n dice under `label`, advancing that label's counter by n."""
        start = self.counters.get(label, 0)
        self.counters[label] = start + n
        return tuple(die(self.seed, label, start + i, sides) for i in range(n))


# ---- notation -------------------------------------------------------------------------

_NOTATION = re.compile(r"(?P<n>\d*)d(?P<sides>\d+)(?P<mods>(?:r[ro]\d+|k[hl]\d+)*)(?P<add>[+-]\d+)?")
_MOD = re.compile(r"(rr|ro|kh|kl)(\d+)")


@dataclass(frozen=True)
class Notation:
    """A parsed dice expression such as 3d6, 2d6rr1, 4d6kh3 or d20+2."""

    text: str
    count: int
    sides: int
    reroll_always: frozenset[int] = frozenset()
    reroll_once: frozenset[int] = frozenset()
    keep: tuple[str, int] | None = None   # ("h"|"l", n)
    add: int = 0

    @classmethod
    def parse(cls, text: str) -> "Notation":
        """Parse notation; raises NotationError with the fix."""
        src = text.strip().lower().replace(" ", "")
        m = _NOTATION.fullmatch(src)
        if not m:
            raise NotationError(f"cannot read dice notation {text!r}; try 3d6, 2d6rr1, 2d6ro1, 4d6kh3 or 2d6+1")
        count = int(m["n"] or 1)
        sides = int(m["sides"])
        if not 1 <= count <= 100:
            raise NotationError(f"{text!r}: roll between 1 and 100 dice")
        if not 2 <= sides <= 1000:
            raise NotationError(f"{text!r}: dice need 2 to 1000 sides")
        always: set[int] = set()
        once: set[int] = set()
        keep = None
        for kind, num in _MOD.findall(m["mods"]):
            v = int(num)
            if kind in ("rr", "ro"):
                if not 1 <= v <= sides:
                    raise NotationError(f"{text!r}: cannot reroll {v} on a d{sides}")
                (always if kind == "rr" else once).add(v)
            else:
                if keep is not None:
                    raise NotationError(f"{text!r}: use one kh or kl, not several")
                if not 1 <= v <= count:
                    raise NotationError(f"{text!r}: can only keep 1 to {count} dice")
                keep = (kind[1], v)
        if len(always) >= sides:
            raise NotationError(f"{text!r}: rerolling every face would never stop")
        return cls(src, count, sides, frozenset(always), frozenset(once), keep, int(m["add"] or 0))


@dataclass(frozen=True)
class RollResult:
    """What a notation rolled: every face seen, the dice kept and the total."""

    notation: str
    seed: str
    label: str
    rolls: tuple[tuple[int, ...], ...]   # per die, every face rolled in order (last one stands)
    kept: tuple[int, ...]
    dropped: tuple[int, ...]
    total: int

    @property
    def dice(self) -> tuple[int, ...]:
        """The final face of each die, before keep/drop."""
        return tuple(r[-1] for r in self.rolls)

    def to_dict(self) -> dict:
        """JSON-ready form."""
        return {"notation": self.notation, "seed": self.seed, "label": self.label,
                "dice": list(self.dice), "rerolled": [list(r) for r in self.rolls if len(r) > 1],
                "kept": list(self.kept), "dropped": list(self.dropped), "total": self.total}

    def __str__(self) -> str:
        parts = []
        for r in self.rolls:
            parts.append("→".join(map(str, r)) if len(r) > 1 else str(r[0]))
        s = f"{self.notation}: [{', '.join(parts)}]"
        if self.dropped:
            s += f" keep {list(self.kept)}"
        return s + f" = {self.total}"


def roll_notation(notation: Notation | str, stream: DiceStream, label: str | None = None) -> RollResult:
    """Roll a notation from a dice stream under `label` (default: the notation)."""
    n = Notation.parse(notation) if isinstance(notation, str) else notation
    lab = label if label is not None else n.text
    rolls: list[tuple[int, ...]] = []
    for _ in range(n.count):
        faces = list(stream.roll(lab, 1, n.sides))
        if faces[-1] in n.reroll_once:
            faces += stream.roll(lab, 1, n.sides)
        while faces[-1] in n.reroll_always:
            faces += stream.roll(lab, 1, n.sides)
        rolls.append(tuple(faces))
    finals = [r[-1] for r in rolls]
    if n.keep:
        order = sorted(range(len(finals)), key=lambda i: (finals[i], i), reverse=n.keep[0] == "h")
        keep_idx = sorted(order[: n.keep[1]])
    else:
        keep_idx = list(range(len(finals)))
    kept = tuple(finals[i] for i in keep_idx)
    dropped = tuple(finals[i] for i in range(len(finals)) if i not in keep_idx)
    return RollResult(n.text, stream.seed, lab, tuple(rolls), kept, dropped, sum(kept) + n.add)
