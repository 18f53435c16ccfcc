"""Exact berm geometry and shapely regions (issue: "a house exactly on a line is caught")."""
from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.raging_waters import geometry, load_template
from scorer.raging_waters.geometry import crosses_swamp, hits_house, house_point

R = Fraction(12, 100)


def test_house_exactly_on_a_steep_line_is_caught():
    # (0,0)-(7,7) doubled: the diagonal through every (k,k) intersection.
    assert hits_house((0, 0), (14, 14), house_point((3, 3)), R)
    # a line missing the house by a sliver that floats could round either way
    a, b = (0, 1), (14, 13)                     # y = 0.5 + 6x/7 in lattice units
    assert not hits_house(a, b, house_point((3, 3)), Fraction(0))
    assert hits_house(a, b, house_point((3, 3)), R)  # but it touches the printed dot


def test_near_miss_beyond_the_dot_is_clear():
    # Line x = 3.5 passes half a unit from houses at x=3: clear of the dot.
    assert not hits_house((7, 0), (7, 14), house_point((3, 3)), R)


def test_swamp_side_and_corner_are_not_interior():
    s = (5, 3)  # cell [4,5] x [2,3]
    assert not crosses_swamp((0, 6), (14, 6), s)     # along the top side y=3
    assert not crosses_swamp((8, 0), (8, 14), s)     # along the left side x=4
    assert not crosses_swamp((0, 12), (12, 0), s)    # x + y = 6 touches only the corner (4,2)
    assert crosses_swamp((0, 0), (14, 7), s)         # y = x/2 enters at that corner
    assert crosses_swamp((0, 5), (14, 5), s)         # y=2.5 through the middle


def test_vectorised_blocking_matches_the_scalar_definition():
    t = load_template()
    for m in t.maps:
        houses = ((2, 5), (4, 4), (6, 1))
        swamps = ((3, 3), (6, 6))
        blocked = geometry.blocked_pairs(m, houses, swamps, t.house_radius)
        pairs = geometry.pair_table(m)[0]
        for (p, q), blk in zip(pairs, blocked):
            assert blk == (geometry.why_blocked(m, p.id, q.id, houses, swamps, t.house_radius) is not None)


spots = st.tuples(st.integers(1, 6), st.integers(1, 6))


@settings(max_examples=60, deadline=None)
@given(houses=st.lists(spots, min_size=2, max_size=6, unique=True), data=st.data())
def test_sign_regions_agree_with_shapely_polygonize(houses, data):
    """The referee's exact side test and shapely's polygonized regions agree."""
    t = load_template()
    m = t.maps[data.draw(st.integers(0, 3))]
    houses = tuple(houses)
    blocked = geometry.blocked_pairs(m, houses, (), t.house_radius)
    open_pairs = [(p.id, q.id) for (p, q), b in zip(geometry.pair_table(m)[0], blocked) if not b]
    if not open_pairs:
        return
    berms = tuple(data.draw(st.lists(st.sampled_from(open_pairs), max_size=7, unique=True)))
    fast = geometry.protected(m, houses, (), berms)
    slow = geometry.protected_by_regions(m, houses, (), berms)
    assert fast == slow
