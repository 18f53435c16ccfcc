"""Raging Waters set-up rolls: houses and swamps as chance outcomes."""
from __future__ import annotations

import pytest

from scorer.core import CHANCE, Dice
from scorer.errors import IllegalMoveError
from scorer.raging_waters import check_setup, load_template, rules


def test_houses_then_swamps_map_by_map():
    st = rules.new_game()
    assert rules.current_player(st) == CHANCE
    assert rules.chance_spec(st).label == "rw/setup/aquaterra/house1"
    for d in [(2, 5), (6, 6), (3, 1)]:
        st = rules.apply(st, Dice(d))
    assert st.maps[0].houses == ((2, 5), (6, 6), (3, 1))
    assert rules.chance_spec(st).label == "rw/setup/aquaterra/swamp1"


def test_house_on_a_taken_spot_is_rerolled():
    # "Houses: each house is 2d6 (column, row) onto an intersection, rerolled if the spot is taken."
    st = rules.apply(rules.new_game(), Dice((2, 5)))
    again = rules.apply(st, Dice((2, 5)))
    assert again.maps[0].houses == ((2, 5),)
    assert rules.chance_spec(again).label == "rw/setup/aquaterra/house2"


def _to_swamps(houses):
    st = rules.new_game()
    for h in houses:
        st = rules.apply(st, Dice(h))
    return st


@pytest.mark.parametrize("roll,why", [((1, 4), "a 1 is rerolled"), ((4, 1), "a 1 is rerolled"),
                                      ((3, 6), "house (2,5) at the top-left corner"),
                                      ((6, 6), "house (6,6) at the top-right corner"),
                                      ((4, 2), "house (3,1) at the bottom-left corner")])
def test_swamp_rerolls(roll, why):
    # "Roll 2 dice, rerolling any 1s." "Reroll a swamp that ... has a house at a corner."
    st = _to_swamps([(2, 5), (6, 6), (3, 1)])
    assert rules.apply(st, Dice(roll)).maps[0].swamps == (), why


def test_swamp_overlap_rerolled_but_sharing_a_side_allowed():
    st = _to_swamps([(2, 5), (6, 6), (3, 1), (5, 3), (1, 1), (1, 2), (1, 3), (1, 4)])
    assert st.maps[0].swamps == ((5, 3),)          # Aquaterra's one swamp
    assert st.maps[1].houses == ((1, 1), (1, 2), (1, 3), (1, 4))
    st = rules.apply(st, Dice((4, 4)))
    st = rules.apply(st, Dice((4, 4)))          # same cell: rerolled
    assert st.maps[1].swamps == ((4, 4),)
    st = rules.apply(st, Dice((5, 4)))          # shares a side: fine
    assert st.maps[1].swamps == ((4, 4), (5, 4))


def test_chance_outcomes_sum_to_one_and_all_apply():
    st = rules.new_game()
    outs = rules.chance_outcomes(st)
    assert len(outs) == 36 and abs(sum(p for _, p in outs) - 1) < 1e-12
    for d, _ in outs:
        rules.apply(st, d)
    ready = rules.with_setup({m.id: _setup_for(m) for m in load_template().maps})
    outs = rules.chance_outcomes(ready)
    assert len(outs) == 56 and abs(sum(p for _, p in outs) - 1) < 1e-12
    assert dict((d.values, p) for d, p in outs)[(1, 2, 3)] == pytest.approx(6 / 216)


def _setup_for(m):
    from tests.rw_helpers import SETUP
    return SETUP[m.id]


def test_check_setup_rejects_contradictions():
    m = load_template().map("aquaterra")
    with pytest.raises(IllegalMoveError, match="3 houses"):
        check_setup(m, ((1, 1),), ((5, 3),))
    with pytest.raises(IllegalMoveError, match="house at a corner"):
        check_setup(m, ((2, 5), (6, 6), (4, 2)), ((5, 3),))
    with pytest.raises(IllegalMoveError, match="already taken"):
        check_setup(m, ((2, 5), (2, 5), (4, 2)), ((5, 3),))


def test_rolled_setup_is_deterministic_and_legal():
    a = rules.rolled_setup("game-night")
    b = rules.rolled_setup("game-night")
    assert a == b and not a.setting_up
    assert rules.rolled_setup("other") != a
    for m, mt in zip(a.maps, a.template.maps):
        check_setup(mt, m.houses, m.swamps)


def test_swamps_stop_when_no_cell_is_left():
    """Six houses can block all but three cells (ruling: Delta then gets three swamps)."""
    import itertools
    from scorer.raging_waters.state import swamp_problem

    def free_cells(houses):
        return [(c, r) for c in range(2, 7) for r in range(2, 7) if swamp_problem(houses, (), (c, r)) is None]

    interior = [(c, r) for c in range(2, 6) for r in range(2, 6)]
    tight = next(h for h in itertools.combinations(interior, 6) if len(free_cells(h)) == 3)
    free = free_cells(tight)
    from tests.rw_helpers import SETUP
    st = rules.new_game()
    for mid in ("aquaterra", "boglandia", "canalville"):
        houses, swamps = SETUP[mid]
        for d in houses + swamps:
            st = rules.apply(st, Dice(d))
    for d in tight + tuple(free):
        st = rules.apply(st, Dice(d))
    assert st.maps[3].swamps == tuple(free) and not st.setting_up
    assert rules.current_player(st) == CHANCE and rules.chance_spec(st).label == "rw/turn/1"
    check_setup(load_template().map("delta"), tight, tuple(free))
    with pytest.raises(IllegalMoveError, match="4 swamps, not 3"):
        check_setup(load_template().map("delta"), SETUP["delta"][0], SETUP["delta"][1][:3])
