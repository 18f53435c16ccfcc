"""Move files for `highwater play ... --moves FILE`: one action a line, read in order."""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .common import fail

_LINE = re.compile(r"^(?:p(?P<player>\d+)\s*:\s*)?(?P<body>.+)$", re.I)


@dataclass
class Entry:
    """One action line: its line number, the optional 'pN:' player and the text."""

    line: int
    player: int | None
    text: str

    @property
    def is_roll(self) -> bool:
        return self.text.lower().startswith("roll")


def read_moves(path: Path) -> list[Entry]:
    """Parse a move file: one action a line, '#' comments, optional 'pN:' prefixes."""
    try:
        raw = Path(path).read_text(encoding="utf-8").splitlines()
    except (FileNotFoundError, IsADirectoryError, UnicodeDecodeError):
        fail(f"cannot read move file {path}; give a text file with one move per line")
    out = []
    for n, line in enumerate(raw, 1):
        body = line.split("#", 1)[0].strip()
        if not body:
            continue
        m = _LINE.match(body)
        assert m
        out.append(Entry(n, int(m["player"]) if m["player"] else None, m["body"].strip()))
    return out


class MoveScript:
    """A move file being replayed, with a cursor."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.entries = read_moves(path)
        self.pos = 0

    @property
    def has_rolls(self) -> bool:
        """A file with any roll line must give every roll (a full game record)."""
        return any(e.is_roll for e in self.entries)

    def peek(self) -> Entry | None:
        return self.entries[self.pos] if self.pos < len(self.entries) else None

    def next(self, expect: str) -> Entry:
        """The next line; a one-line error if the file ends while the game needs `expect`."""
        e = self.peek()
        if e is None:
            fail(f"{self.path}: the file ends but the game needs {expect}")
        self.pos += 1
        return e  # type: ignore[return-value]

    def where(self, e: Entry) -> str:
        return f"{self.path}:{e.line}"
