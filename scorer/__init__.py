"""Highwater's referee: dice, one rules module per game, and the photo reader.

Rules modules never call `random` and never import a renderer or click: a roll is an
explicit chance outcome applied through the same `apply` as a player's move.
"""
