"""Tayu tile types: the 28-type proof, channels that join all three outlets, and scoring."""
from __future__ import annotations

from itertools import combinations

import pytest

from scorer.errors import HighwaterError
from scorer.tayu import COPIES, SPOTS, EdgeCount, all_types, canonical, half_turn, score
from scorer.tayu.tiles import type_of
from sheets.tayu_art import channel_ops, outlet_points


def test_there_are_exactly_28_types():
    """8 spots, 3 outlets: C(8,3) = 56 sets. The half-turn moves every spot, so no set is
    its own half-turn and the sets pair up: 56 / 2 = 28 types (the rules: "28 fichas
    diferentes")."""
    sets = [frozenset(c) for c in combinations(SPOTS, 3)]
    assert len(sets) == 56
    assert all(half_turn(s) != s for s in sets)
    assert all(half_turn(half_turn(s)) == s for s in sets)
    types = all_types()
    assert len(types) == 28 == len({canonical(s) for s in sets})
    reps = [t.outlets for t in types]
    assert len(set(reps)) == 28
    # every set is exactly one type, in one of its two orientations
    for s in sets:
        matches = [t for t in types if s in (t.outlets, half_turn(t.outlets))]
        assert len(matches) == 1
        assert type_of(s) == matches[0]
    assert [t.id for t in types] == list(range(1, 29))
    assert COPIES * len(types) == 84


def test_three_sided_tiles_carry_the_circle():
    three = [t for t in all_types() if t.three_sides]
    # 3 sides of 4 with one spot each: {W,E,N},{W,E,S} 3*3 each, {W,N,S},{E,N,S} 3 each = 24 sets, 12 types
    assert len(three) == 12
    one_side = [t for t in all_types() if len(t.sides) == 1]
    assert [t.name for t in one_side] == ["W0-W1-W2"]      # all three on one long side
    assert len([t for t in all_types() if len(t.sides) == 2]) == 15


@pytest.mark.parametrize("t", all_types(), ids=lambda t: t.name)
def test_channel_joins_all_three_outlets(t):
    s = 18.0
    ops = channel_ops(t, s)
    segs = [(ops[i][1:], ops[i + 1][1:]) for i in range(0, len(ops), 2)]
    spine = segs[0]
    assert spine[0][0] == spine[1][0] == s / 2
    lo, hi = sorted((spine[0][1], spine[1][1]))
    for spot, (edge, inner) in outlet_points(t, s).items():
        # the outlet sits at the middle of its cell edge, on the tile's border
        x, y = edge
        assert x in (0.0, s / 2, s) and (y in (0.0, 3 * s) or (y - s / 2) % s == 0)
        assert x in (0.0, s) or y in (0.0, 3 * s)
        # it reaches the spine, so all three are connected
        assert inner[0] == s / 2 and lo <= inner[1] <= hi
        assert edge == inner or (edge, inner) in segs


RULE_EXAMPLES = [
    # "el jugador A tiene 4 puntos en un extremo y 5 en el otro ... 4 x 5 = 20"
    ((4, 0), (5, 0), 20),
    # "(jugador B) tiene 6 y 3 y consigue una puntuación de 3 x 6 = 18"
    ((6, 0), (3, 0), 18),
    # "una salida de agua en un punto especial ... (5+1) x (4) = 24"
    ((5, 1), (4, 0), 24),
    # "en ambos extremos ... (5+1) x (4+1) = 30"
    ((5, 1), (4, 1), 30),
    # "si tuviera un gran número en un extremo, pero ninguna salida en el otro, no conseguiría ningún punto"
    ((9, 2), (0, 0), 0),
]


@pytest.mark.parametrize("a, b, expected", RULE_EXAMPLES)
def test_scores_from_the_rule_text(a, b, expected):
    assert score(EdgeCount(*a), EdgeCount(*b)) == expected


def test_impossible_edge_counts_are_refused():
    with pytest.raises(HighwaterError, match="only 1 outlets"):
        EdgeCount(1, 2)
    with pytest.raises(HighwaterError, match="4 dots"):
        EdgeCount(10, 5)
