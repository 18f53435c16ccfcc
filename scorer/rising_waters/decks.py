"""The Rising Waters decks as the referee sees them: card designs, counts and types.

The deck files (templates/rising_waters_<deck>.json) are in the shared deck-file format
that the card renderer draws (types, layouts, cards); this loader reads only what the
rules need and checks the numbers: each file's cards add up to its `total`, and Landowner
and Weather decks give their composition per version (how many of each type the
Fall, 1926 and Spring, 1927 decks keep). `Deck.expand()` gives one entry per printed card.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import templates

from .versions import VERSIONS

DECKS = ("community", "landowner", "weather", "goals", "aids")
AREAS = ("mounds-landing", "cabin-teele", "tensas-basin", "yazoo-valley")


class DeckError(ValueError):
    """A deck file that contradicts itself or the rules."""


@dataclass(frozen=True)
class Card:
    """One card design; `count` copies are printed."""

    id: str
    type: str
    name: str
    count: int
    text: str = ""
    icon: str = ""
    note: str = ""
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def get(self, key: str, default: Any = None) -> Any:
        """A deck-specific field (corner, star, crisis, area, water, level, ...)."""
        return self.extra.get(key, default)


@dataclass(frozen=True)
class Deck:
    id: str                               # community, landowner, weather, goals, aids
    title: str
    size: int                             # printed cards
    types: dict[str, str]                 # type id -> printed name
    cards: tuple[Card, ...]
    composition: dict[str, dict[str, int]]  # version -> type -> cards kept

    def count_by_type(self) -> dict[str, int]:
        """Printed cards per type."""
        out = {t: 0 for t in self.types}
        for c in self.cards:
            out[c.type] += c.count
        return out

    def expand(self) -> list[tuple[Card, int]]:
        """Every printed card as (design, copy number 1..count), in file order."""
        return [(c, i + 1) for c in self.cards for i in range(c.count)]

    def card(self, card_id: str) -> Card:
        for c in self.cards:
            if c.id == card_id:
                return c
        raise KeyError(card_id)


_KNOWN = {"id", "type", "name", "count", "text", "icon", "note"}


def _build(deck_id: str, raw: dict) -> Deck:
    types = {t: d["label"] for t, d in raw["types"].items()}
    cards = tuple(Card(c["id"], c["type"], c["name"], int(c["count"]), c.get("text", ""),
                       raw["types"][c["type"]]["icon"], c.get("note", ""),
                       {k: v for k, v in c.items() if k not in _KNOWN}) for c in raw["cards"])
    deck = Deck(deck_id, raw["title"], int(raw["total"]), types, cards,
                {v: dict(t) for v, t in raw.get("composition", {}).items()})
    validate(deck)
    return deck


def validate(d: Deck) -> None:
    """Raise DeckError when counts, types or compositions do not add up."""
    ids = [c.id for c in d.cards]
    if len(ids) != len(set(ids)):
        raise DeckError(f"{d.id}: duplicate card ids")
    for c in d.cards:
        if c.type not in d.types:
            raise DeckError(f"{d.id}/{c.id}: unknown type {c.type!r}")
        if c.count < 1:
            raise DeckError(f"{d.id}/{c.id}: count must be at least 1")
    total = sum(c.count for c in d.cards)
    if total != d.size:
        raise DeckError(f"{d.id}: the cards add up to {total}, not {d.size}")
    counts = d.count_by_type()
    for vid, comp in d.composition.items():
        if vid not in VERSIONS:
            raise DeckError(f"{d.id}: unknown version {vid!r} in composition")
        if set(comp) != set(d.types):
            raise DeckError(f"{d.id}: the {vid} composition must name every type")
        for t, n in comp.items():
            if not 0 <= n <= counts[t]:
                raise DeckError(f"{d.id}: {vid} keeps {n} {t} but the deck has {counts[t]}")


@lru_cache(maxsize=None)
def load(deck: str) -> Deck:
    """Load and validate templates/rising_waters_<deck>.json."""
    if deck not in DECKS:
        raise KeyError(f"unknown deck {deck!r}; choose from {', '.join(DECKS)}")
    try:
        return _build(deck, templates.load_raw(f"rising_waters_{deck}"))
    except DeckError:
        raise
    except (KeyError, TypeError, ValueError) as e:
        raise DeckError(f"rising_waters_{deck}.json: {e!r}") from e


def load_all() -> dict[str, Deck]:
    """Every deck by id."""
    return {d: load(d) for d in DECKS}


def composition(deck: Deck, version: str) -> dict[str, int]:
    """Cards of each type in this version's deck (every card when the deck has no composition)."""
    return dict(deck.composition.get(version, deck.count_by_type()))
