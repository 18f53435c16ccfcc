"""The two versions of Rising Waters and the numbers the rules give for each."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Version:
    """Fall, 1926 (the shorter, gentler game) or Spring, 1927 (the full flood)."""

    id: str
    name: str
    rounds: int
    water_start: int                  # every water level token starts here
    max_losses: dict[int, int]        # players -> the loss total that ends the game
    relief_camps: bool                # Relief Camp hexes and the Donations track are used
    heavy_rain_kept: int              # heavy rain Weather Reports kept in the deck (of 18)


VERSIONS: dict[str, Version] = {
    "fall1926": Version("fall1926", "Fall, 1926", 7, 1, {2: 22, 3: 18, 4: 14}, False, 9),
    "spring1927": Version("spring1927", "Spring, 1927", 10, 2, {2: 25, 3: 22, 4: 19}, True, 18),
}
DONATIONS_FOR_GREEN_CAMP: dict[int, int] = {2: 4, 3: 6, 4: 8}
HAND_LIMIT = 7
CLEAN_UP_HAND = 5


def version(vid: str) -> Version:
    """Look a version up by id (fall1926 or spring1927)."""
    try:
        return VERSIONS[vid]
    except KeyError:
        raise ValueError(f"unknown version {vid!r}; use fall1926 or spring1927") from None
