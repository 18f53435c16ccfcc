"""Per-game photo readers: the mark map, the blank page and how marks become a state.

A reader module provides ``LAYOUT()``, ``page(sheet_id)``, ``mark_map(sheet_id)``,
``to_sheet(sheet_id, states)`` and ``referee(sheet_dict) -> (score, details)``; optionally
``settle(readings, sheet_id) -> readings``, where the game's rules tie marks together, and
``SHADOW_CHECKS = True`` where marks stand apart on plain paper (see `shadow.py`) and
``WHITE_BLOCK_MM`` for a paper-white estimate finer than 1 mm blocks, ``WHITE_SMOOTH`` for
one smoothed over less than a block.
"""
from __future__ import annotations

import importlib
from types import ModuleType

READERS = {"raging-waters": "scorer.photo.games.raging_waters", "re-wilding": "scorer.photo.games.re_wilding"}


def reader(game: str) -> ModuleType:
    """The photo reader module for a game (KeyError when the game has none)."""
    return importlib.import_module(READERS[game])


def layouts():
    """Every known template layout, for registering a photo before its QR is read."""
    return [reader(g).LAYOUT() for g in READERS]
