"""The python-chess style Board: push, pop and the action list (rolls included)."""
from __future__ import annotations

import pytest

from scorer.core import Board, Dice
from scorer.errors import IllegalMoveError
from scorer.raging_waters import Berm, Pass, rules
from tests.rw_helpers import state


def test_push_pop_and_replay():
    b = Board(rules, state())
    b.push(Dice((3, 4, 6)))
    b.push(Berm("W2", "E2"))
    b.push(Dice((2, 3, 3)))
    assert b.state.maps[0].berms == (("W2", "E2"),) and b.state.roll == (2, 3, 3)
    assert b.pop() == Dice((2, 3, 3)) and b.pop() == Berm("W2", "E2")
    assert b.state.maps[0].berms == () and b.state.roll == (3, 4, 6)
    again = Board(rules, state())
    again.replay([Dice((3, 4, 6)), Berm("W2", "E2")])
    assert again.state == Board(rules, state()).replay(b.actions + [Berm("W2", "E2")])


def test_illegal_push_leaves_the_board_unchanged():
    b = Board(rules, state())
    b.push(Dice((3, 4, 6)))
    with pytest.raises(IllegalMoveError):
        b.push(Berm("N1", "N2"))
    assert b.actions == [Dice((3, 4, 6))] and Pass() in b.legal_moves
