"""Tayu scoring: (outlets + dots on one edge) x (outlets + dots on the opposite edge).

"Cuente el número de salidas de agua que se encuentran junto al extremo del tablero de un
lado ... y multiplique el resultado por el número de salidas de agua del otro extremo";
an outlet on one of the 4 marked spots of a side counts double.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import HighwaterError

SPOTS_PER_SIDE = 4


@dataclass(frozen=True)
class EdgeCount:
    """Outlets touching one board edge, and how many of them are on a dot."""

    outlets: int
    dots: int = 0

    def __post_init__(self) -> None:
        if self.outlets < 0 or self.dots < 0:
            raise HighwaterError("outlet and dot counts cannot be negative")
        if self.dots > self.outlets:
            raise HighwaterError(f"{self.dots} dots but only {self.outlets} outlets on that edge; "
                                 "a dot only counts under an outlet")
        if self.dots > SPOTS_PER_SIDE:
            raise HighwaterError(f"an edge has {SPOTS_PER_SIDE} dots, not {self.dots}")

    @property
    def points(self) -> int:
        """An outlet on a dot counts twice."""
        return self.outlets + self.dots


def score(edge_a: EdgeCount, edge_b: EdgeCount) -> int:
    """A player's (or team's) score from their two opposite edges."""
    return edge_a.points * edge_b.points
