"""Design invariants of the Raging Waters template (templates/raging_waters.json)."""
from __future__ import annotations

from collections import Counter

from scorer.raging_waters import geometry, load_template

MIN_SEPARATION_MM = 3.0


def test_every_number_is_on_at_least_two_edges_and_no_pile_on_a_corner():
    for m in load_template().maps:
        for n in range(1, 7):
            assert len({p.edge for p in m.piles if p.number == n}) >= 2, (m.id, n)
        assert all(0 < p.at < 7 for p in m.piles)


def test_no_two_candidate_berms_are_nearly_the_same_line():
    """A hand-drawn berm must say which two piles it joins: every pair of candidate berms
    is at least 3 mm apart somewhere along its length (the photo reader relies on it)."""
    for m in load_template().maps:
        closest = geometry.berm_separation(m)[0]
        assert closest[0] >= MIN_SEPARATION_MM, (m.id, closest)


def test_house_counts_multipliers_and_pile_counts():
    t = load_template()
    assert [(m.houses, m.swamps, m.multiplier) for m in t.maps] == [(3, 1, 3), (4, 2, 4), (5, 3, 5), (6, 4, 6)]
    assert all(Counter(p.edge for p in m.piles) == {"N": 4, "E": 4, "S": 4, "W": 4} for m in t.maps)
    assert t.version == 2


def test_some_berm_can_run_along_a_swamp_side():
    """The rules allow a line along a swamp's side; Aquaterra's W2-E2 (y = 3) makes it possible."""
    m = load_template().map("aquaterra")
    assert m.pile("W2").xy2[1] == m.pile("E2").xy2[1] == 6
