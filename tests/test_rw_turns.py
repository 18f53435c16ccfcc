"""Raging Waters turns: berms, the dice, doubles and triples, passing and leaving.

Quotes are from ../shared/seeds/000_96da59b51e5320bc.txt.
Aquaterra piles (lattice position: number): N1 (1.5,7): 3, N2 (3,7): 2, N3 (4,7): 6, N4 (5.5,7): 1 |
E1 (7,1.5): 2, E2 (7,3): 4, E3 (7,4): 1, E4 (7,5.5): 5 | S1 (2,0): 4, S2 (3.5,0): 5, S3 (4.5,0): 3,
S4 (5.5,0): 6 | W1 (0,2): 4, W2 (0,3): 3, W3 (0,4.5): 6, W4 (0,5.5): 1.
The test setup's Aquaterra has houses (2,5) (6,6) (3,1) and the swamp (5,3), the cell [4,5] x [2,3].
"""
from __future__ import annotations

from dataclasses import replace

import pytest

from scorer.core import CHANCE, TERMINAL, Dice
from scorer.errors import IllegalMoveError, InvalidMoveError
from scorer.raging_waters import Berm, Pass, Status, dice_allow, legal_berms, legal_moves, rules
from tests.rw_helpers import SETUP, at_map, rolled, state, with_berms


def test_a_berm_joins_piles_matching_two_dice():
    # "Select a dirt pile matching the number of one of the dice, then ... another die."
    st = rolled(state(), 3, 4, 6)
    after = rules.apply(st, Berm("W2", "E2"))
    assert after.maps[0].berms == (("W2", "E2"),)
    assert after.roll is None and rules.current_player(after) == CHANCE


def test_piles_must_match_the_dice():
    st = rolled(state(), 1, 3, 6)
    with pytest.raises(IllegalMoveError, match="no two dice showing 3 and 4"):
        rules.apply(st, Berm("W2", "E2"))


def test_piles_on_the_same_edge_are_illegal():
    # "You can't select piles on the same edge of the map."
    st = rolled(state(), 3, 2, 6)
    with pytest.raises(IllegalMoveError, match="both on the north edge"):
        rules.apply(st, Berm("N1", "N2"))


def test_berm_along_a_swamps_side_is_legal():
    # "You can draw a line along the side of a swamp." W2-E2 is the line y=3: the top side
    # of the swamp (5,3).
    assert Berm("W2", "E2") in legal_berms(state(), (3, 4, 6))


def test_berm_touching_only_a_swamps_corner_is_legal():
    # N2-E2 is the line x + y = 10: it touches the swamp (5,5) at its top-right corner only.
    setup = dict(SETUP, aquaterra=(((2, 5), (6, 6), (3, 1)), ((5, 5),)))
    assert Berm("N2", "E2") in legal_berms(state(setup), (2, 4, 6))


def test_berm_through_a_swamp_is_illegal():
    # "You can't draw lines through houses or swamps." N2 (3,7) to S3 (4.5,0) crosses the cell.
    st = rolled(state(), 2, 3, 1)
    assert Berm("N2", "S3") not in legal_berms(st)
    with pytest.raises(IllegalMoveError, match="through the swamp with top-right corner at column 5, row 3"):
        rules.apply(st, Berm("N2", "S3"))


def test_berm_through_a_house_is_illegal_even_exactly_on_the_line():
    # N4 (5.5,7) to S1 (2,0) runs exactly through the intersections (3,2), (4,4) and (5,6).
    setup = dict(SETUP, aquaterra=(((4, 4), (6, 6), (2, 5)), ((6, 3),)))
    st = rolled(state(setup), 1, 4, 2)
    with pytest.raises(IllegalMoveError, match="through the house at column 4, row 4"):
        rules.apply(st, Berm("N4", "S1"))


def test_unknown_pile_is_invalid_not_illegal():
    st = rolled(state(), 3, 4, 6)
    with pytest.raises(InvalidMoveError, match="no pile 'X9'"):
        rules.apply(st, Berm("W2", "X9"))


def test_the_same_two_piles_cannot_be_joined_twice():
    st = with_berms(state(), 0, [("W2", "E2")])
    with pytest.raises(IllegalMoveError, match="already joined"):
        rules.apply(rolled(st, 3, 3, 4), Berm("E2", "W2"))


def test_a_used_pile_needs_a_double():
    # "Normally, each dirt pile can only be used once."
    st = with_berms(state(), 0, [("W2", "E2")])
    with pytest.raises(IllegalMoveError, match="reusing it needs a double"):
        rules.apply(rolled(st, 3, 1, 6), Berm("W2", "E3"))


def test_doubles_reuse_a_pile_of_the_doubled_number_with_the_third_die():
    # "If 2 dice are the same number, you may select a dirt pile of that number that's already
    #  been used once. If you do, use the third die for the other dirt pile."
    st = with_berms(state(), 0, [("W2", "E2")])           # W2=3 used once
    st = rolled(st, 3, 3, 1)
    assert Berm("W2", "E3") in legal_berms(st)              # W2 (3, reused) + E3 (1, the third die)
    assert Berm("W2", "N1") not in legal_berms(st)          # the other pile must take the third die
    assert Berm("N1", "E3") in legal_berms(st)              # "or just follow the normal restrictions"
    assert dice_allow(3, 1, 1, 0, (1, 3, 3)) and not dice_allow(3, 1, 3, 0, (1, 3, 3))
    assert not dice_allow(1, 1, 3, 0, (1, 3, 3))             # only the doubled number is reused


def test_triples_reuse_one_or_both_piles():
    # "If all 3 dice are the same number, one or both dirt piles may be used a second time."
    st = with_berms(state(), 0, [("W2", "S1"), ("N1", "E1")])   # W2=3 and N1=3 used once
    st = rolled(st, 3, 3, 3)
    assert Berm("W2", "N1") in legal_berms(st)
    assert Berm("N1", "S3") in legal_berms(st)
    assert dice_allow(3, 1, 3, 1, (3, 3, 3)) and not dice_allow(3, 0, 2, 0, (3, 3, 3))


def test_no_pile_is_ever_used_more_than_twice():
    # "A dirt pile can never be used more than twice, even if you roll doubles or triples."
    st = with_berms(state(), 0, [("W2", "S1"), ("W2", "E2")])
    st = rolled(st, 3, 3, 3)
    assert all("W2" not in (b.a, b.b) for b in legal_berms(st))
    with pytest.raises(IllegalMoveError, match="used twice"):
        rules.apply(st, Berm("W2", "N1"))
    assert not dice_allow(3, 2, 3, 0, (3, 3, 3))


def test_berms_may_cross():
    st = with_berms(state(), 0, [("W2", "E2")])
    assert rules.apply(rolled(st, 2, 5, 1), Berm("N2", "S2")).maps[0].berms[-1] == ("N2", "S2")


def test_pass_crosses_off_a_backhoe_and_is_always_legal():
    # "If you can't (or choose not to) build a berm, cross off one of the backhoes instead."
    st = rolled(state(), 3, 4, 6)
    assert Pass() in legal_moves(st)
    after = rules.apply(st, Pass())
    assert after.backhoes_used == 1 and not after.over


def test_passing_with_no_backhoe_left_ends_the_game():
    # "Once all 3 are used, if you would need to mark off another, the game ends."
    st = rolled(state(backhoes_used=3), 3, 4, 6)
    after = rules.apply(st, Pass())
    assert after.over and rules.current_player(after) == TERMINAL
    assert after.maps[0].status == Status.ACTIVE   # left incomplete; its protected houses still count
    with pytest.raises(IllegalMoveError, match="game is over"):
        rules.apply(after, Dice((1, 2, 3)))


def test_leaving_is_declared_with_the_turns_move():
    # "After any turn, you may leave a subdivision and move onto the next one."
    st = rolled(state(), 3, 4, 6)
    after = rules.apply(st, Berm("W2", "E2", leave=True))
    assert after.maps[0].status == Status.LEFT and after.current == 1
    assert after.maps[1].status == Status.ACTIVE
    assert rules.apply(st, Pass(leave=True)).current == 1
    with pytest.raises(InvalidMoveError, match="leaving comes after your turn"):
        rules.parse_move(st, "leave")


def test_completing_a_subdivision_moves_on_even_without_leave():
    # W2-E2 (y=3) splits off (3,1); N1-E4 then cuts off the corner with (6,6).
    st = rules.apply(rolled(state(), 3, 4, 2), Berm("W2", "E2"))
    st = rules.apply(rolled(st, 3, 5, 2), Berm("N1", "E4", leave=True))
    assert st.maps[0].status == Status.COMPLETED and st.current == 1


def test_leaving_or_completing_delta_ends_the_game():
    # "Once you complete or leave the final Subdivision (Delta), the game ends."
    st = at_map(state(), 3)
    after = rules.apply(rolled(st, 1, 2, 3), Pass(leave=True))
    assert after.over and after.maps[3].status == Status.LEFT


def test_moves_need_a_roll_and_rolls_need_a_move():
    st = state()
    with pytest.raises(IllegalMoveError, match="roll the dice first"):
        rules.apply(st, Pass())
    st = rolled(st, 1, 2, 3)
    with pytest.raises(IllegalMoveError, match="waiting for a berm or a pass"):
        rules.apply(st, Dice((4, 5, 6)))
    with pytest.raises(InvalidMoveError, match="needs 3 dice"):
        rules.apply(state(), Dice((4, 5)))


def test_legal_moves_offer_stay_and_leave_variants():
    st = rolled(state(), 3, 4, 6)
    moves = legal_moves(st)
    assert Berm("W2", "E2") in moves and Berm("W2", "E2", leave=True) in moves
    assert moves[-2:] == [Pass(), Pass(leave=True)]
    assert legal_moves(state()) == []                      # a chance node
    assert legal_moves(state(), Dice((3, 4, 6))) == moves  # a hypothetical roll


@pytest.mark.parametrize("text,move", [("N2 E4", Berm("N2", "E4")), ("n2-e4", Berm("N2", "E4")),
                                       ("N2E4", Berm("N2", "E4")), ("w1 s10 leave", Berm("W1", "S10", True)),
                                       ("pass", Pass()), ("PASS leave", Pass(True))])
def test_parse_move(text, move):
    assert rules.parse_move(state(), text) == move


def test_parse_move_rejects_nonsense():
    with pytest.raises(InvalidMoveError, match="cannot read move"):
        rules.parse_move(state(), "build a wall")


def test_map_status_after_replace_is_independent():
    st = state()
    other = replace(st, backhoes_used=2)
    assert st.backhoes_used == 0 and other.backhoes_used == 2
