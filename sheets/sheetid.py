"""The compact sheet id printed in every sheet's QR code.

Format: ``HW1:<game>:<template version>:<seed>:<player>:<paper>:<setup>``, for example
``HW1:rw:2:game-night:2:a4:r``. A photo reader rebuilds the printed sheet from it, so the
parser is strict: the payload is untrusted input and never used as a path or code.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

PREFIX = "HW1"
GAME_CODES = {"rw": "raging-waters", "rew": "re-wilding"}
CODES_BY_GAME = {v: k for k, v in GAME_CODES.items()}
PAPER_CODES = {"a4": "a4", "lt": "letter"}
SETUP_CODES = {"r": "rolled", "b": "blank"}
SEED_RE = re.compile(r"[A-Za-z0-9_-]{1,24}")
_ID_RE = re.compile(
    r"HW1:(?P<game>[a-z]{2,3}):(?P<version>[1-9][0-9]{0,2}):(?P<seed>[A-Za-z0-9_-]{1,24})"
    r":(?P<player>[1-9][0-9]?):(?P<paper>a4|lt):(?P<setup>[rb])")


class SheetIdError(ValueError):
    """A sheet id that does not parse."""


def check_seed(seed: str) -> str:
    """Return the seed if it can go in a sheet id, else raise SheetIdError."""
    if not SEED_RE.fullmatch(seed):
        raise SheetIdError(f"seed {seed!r} must be 1-24 letters, digits, '-' or '_'")
    return seed


@dataclass(frozen=True)
class SheetId:
    """Everything needed to rebuild a printed sheet."""

    game: str          # e.g. "raging-waters"
    version: int       # template version
    seed: str
    player: int        # 1-based
    paper: str         # "a4" | "letter"
    setup: str = "rolled"  # "rolled" | "blank"

    def __post_init__(self) -> None:
        if self.game not in CODES_BY_GAME:
            raise SheetIdError(f"unknown game {self.game!r}")
        check_seed(self.seed)
        if not 1 <= self.player <= 99:
            raise SheetIdError(f"player {self.player} must be 1-99")
        if self.paper not in ("a4", "letter"):
            raise SheetIdError(f"paper {self.paper!r} must be a4 or letter")
        if self.setup not in ("rolled", "blank"):
            raise SheetIdError(f"setup {self.setup!r} must be rolled or blank")

    def encode(self) -> str:
        """The QR payload."""
        paper = "lt" if self.paper == "letter" else "a4"
        return ":".join([PREFIX, CODES_BY_GAME[self.game], str(self.version), self.seed,
                         str(self.player), paper, self.setup[0]])

    @classmethod
    def parse(cls, text: str) -> "SheetId":
        """Parse a payload strictly; raises SheetIdError naming what is wrong."""
        if not isinstance(text, str) or len(text) > 64:
            raise SheetIdError("sheet id is not a Highwater id (too long)")
        m = _ID_RE.fullmatch(text.strip())
        if not m:
            raise SheetIdError(f"{text[:40]!r} is not a Highwater sheet id (expected HW1:game:version:seed:player:paper:setup)")
        game = GAME_CODES.get(m["game"])
        if game is None:
            raise SheetIdError(f"sheet id names unknown game code {m['game']!r}")
        return cls(game=game, version=int(m["version"]), seed=m["seed"], player=int(m["player"]),
                   paper=PAPER_CODES[m["paper"]], setup=SETUP_CODES[m["setup"]])

    def __str__(self) -> str:
        return self.encode()
