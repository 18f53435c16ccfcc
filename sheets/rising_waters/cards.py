"""Rising Waters cards: the deck files, drawn by the shared deck renderer.

Five decks are plain deck files (templates/rising_waters_<deck>.json). The setup card's
layout is a deck file too, but its text is written here from the versions and the
Landowner and Weather compositions, so `--version` prints the right deck recipe.
"""
from __future__ import annotations

import copy

import templates
from scorer.rising_waters import decks as rules_decks
from scorer.rising_waters.versions import DONATIONS_FOR_GREEN_CAMP, version as get_version

from ..deck import Deck, load_deck, parse_deck
from . import icons  # noqa: F401  (registers the rw-* icons the deck files name)

PRINT_DECKS = ("community", "landowner", "weather", "goals", "aids")
CARD_W, CARD_H = 63.5, 88.9


def print_deck(name: str) -> Deck:
    """One of the five decks, validated by the shared deck loader."""
    if name not in PRINT_DECKS:
        raise KeyError(f"unknown deck {name!r}; choose from {', '.join(PRINT_DECKS)}")
    return load_deck(f"rising_waters_{name}")


def _list(parts: list[tuple[int, str]]) -> str:
    return ", ".join(f"{n} {label}" for n, label in parts if n)


def setup_summary(version_id: str) -> str:
    """The setup card's front for one version: rounds, losses, water and the deck recipes."""
    v = get_version(version_id)
    lo = rules_decks.load("landowner")
    we = rules_decks.load("weather")
    lo_keep = rules_decks.composition(lo, v.id)
    lo_all = lo.count_by_type()
    we_keep = rules_decks.composition(we, v.id)
    losses = ", ".join(f"{n} ({p} players)" for p, n in sorted(v.max_losses.items()))
    lines = [f"**{v.rounds} rounds** (weeks). **Water** starts at **{v.water_start}** in every group.",
             f"**The game is lost at** {losses} losses."]
    kept = _list([(n, lo.types[t]) for t, n in lo_keep.items()])
    lines.append(f"**Landowner deck ({sum(lo_keep.values())})**: {kept}.")
    out = [(lo_all[t] - n, lo.types[t]) for t, n in lo_keep.items() if n < lo_all[t]]
    if out:
        lines.append(f"Back in the box: {_list(out)}.")
    if lo_keep.get("flees"):
        lines.append("Shuffle the starred cards and the rest apart; shuffle the Landowner Flees into the rest; "
                     "put the starred cards on top.")
    else:
        lines.append("Shuffle the starred cards and the rest apart; put the starred cards on top.")
    we_all = we.count_by_type()
    if we_keep["heavy"] < we_all["heavy"]:
        lines.append(f"**Weather Report deck ({sum(we_keep.values())})**: shuffle the {we_all['heavy']} heavy rain "
                     f"cards and keep {we_keep['heavy']}; every other card.")
    else:
        lines.append(f"**Weather Report deck ({sum(we_keep.values())})**: every card, all {we_all['heavy']} heavy rain.")
    if v.relief_camps:
        need = " / ".join(str(n) for _, n in sorted(DONATIONS_FOR_GREEN_CAMP.items()))
        lines.append(f"**Relief Camps**: {need} banked donations (2 / 3 / 4 players) place a green camp.")
    else:
        lines.append("**Not used**: the Relief Camp hexes and the Relief Camp Donations track.")
    return "\n".join(lines)


def setup_deck(version_id: str) -> Deck:
    """The setup card for one version (its back lists the setup steps)."""
    get_version(version_id)
    raw = copy.deepcopy(templates.load_raw("rising_waters_setup"))
    raw["cards"] = [c for c in raw["cards"] if c["version_id"] == version_id]
    for c in raw["cards"]:
        c["summary"] = setup_summary(version_id)
    return parse_deck(raw, "templates/rising_waters_setup.json")
