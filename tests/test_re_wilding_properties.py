"""Re-Wilding referee properties over whole random games (hypothesis picks every roll and move)."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer.core import CHANCE, Dice
from scorer.re_wilding import rules
from scorer.re_wilding.score import score
from scorer.re_wilding.sheet_json import dump_sheet, load_sheet
from scorer.re_wilding.state import CROSSED, FILLED, Variant

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _play(data, variant: Variant = Variant(), check=None):
    """Play a whole game, letting hypothesis choose each outcome and each move."""
    s = rules.new_game(variant)
    steps = 0
    while not rules.is_terminal(s):
        if rules.current_player(s) == CHANCE:
            outcomes = rules.chance_outcomes(s)
            roll = outcomes[data.draw(st.integers(0, len(outcomes) - 1), label="roll")][0]
            new = rules.apply(s, roll)
            if check:
                check(s, roll, new)
        else:
            moves = rules.legal_moves(s)
            assert moves, f"no legal move at {s.phase}"
            mv = moves[data.draw(st.integers(0, len(moves) - 1), label="move")]
            assert rules.parse_move(s, str(mv)) == mv, str(mv)
            new = rules.apply(s, mv)
            if check:
                check(s, mv, new)
        s = new
        steps += 1
        assert steps < 2000
    return s


def _monotone(old, action, new):
    """Marks only ever gain ink, and nothing is coloured over a crossed outline."""
    for a, b in zip(old.marks, new.marks):
        assert a & b == a, "a mark was rubbed out"
        if a & CROSSED:
            assert b == a, "a crossed mark changed"
    assert len(new.marks) == len(old.marks)


@SETTINGS
@given(st.data())
def test_rolls_never_change_the_score_only_moves_do(data):
    def check(old, action, new):
        _monotone(old, action, new)
        if isinstance(action, Dice):
            assert new.marks == old.marks
            assert score(new).to_dict() == score(old).to_dict()
    _play(data, check=check)


@SETTINGS
@given(st.data())
def test_nothing_is_coloured_over_a_crossed_outline_and_wildlife_needs_its_plant(data):
    t = rules.load()  # the template

    def check(old, action, new):
        _monotone(old, action, new)
        for sq in t.squares:
            for p, w in zip(sq.plants, sq.wildlife):
                if new.marks[w.index] & FILLED:
                    assert new.marks[p.index] & FILLED
                assert bool(new.marks[p.index] & CROSSED) == bool(new.marks[w.index] & CROSSED)
    _play(data, check=check)


@SETTINGS
@given(st.data())
def test_every_finished_game_is_a_valid_sheet_that_scores_the_same(data):
    final = _play(data, Variant(one_group_per_action=data.draw(st.booleans(), label="variant")))
    again = load_sheet(dump_sheet(final))
    assert again.marks == final.marks and again.over
    assert score(again).total == score(final).total


@SETTINGS
@given(st.data())
def test_every_row_of_boxes_is_marked_from_the_left(data):
    # the order the photo reader's settle_rows relies on (ruling PH50): boxes are filled from
    # the left (RE5, RE10) and crossed from the left (RE4, RE13, RE16), so along every row of
    # abilities, protection, clean-up and hunger no box is marked more than the one before it
    from scorer.photo.games.re_wilding import box_rows
    from scorer.re_wilding.template import load
    t = load()

    def rank(m: int) -> int:
        return 2 if m & CROSSED else 1 if m & FILLED else 0

    def check(old, action, new):
        for ids in box_rows():
            ranks = [rank(new.marks[t.index[i]]) for i in ids]
            assert ranks == sorted(ranks, reverse=True), (ids, ranks)
    _play(data, check=check)


@SETTINGS
@given(st.data())
def test_every_set_is_one_the_photo_reader_allows(data):
    # the pairs the photo reader's settle_pairs relies on (ruling PH51): a plant and the
    # wildlife under it are empty, coloured over empty, both coloured, or both crossed
    from scorer.photo.games.re_wilding import SET_STATES
    from scorer.photo.markmap import COLOURED, CROSSED as X, EMPTY
    from scorer.re_wilding.template import load
    t = load()

    def word(m: int) -> str:
        return X if m & CROSSED else COLOURED if m & FILLED else EMPTY

    def check(old, action, new):
        for sq in t.squares:
            for p, w in zip(sq.plants, sq.wildlife):
                assert (word(new.marks[p.index]), word(new.marks[w.index])) in SET_STATES, (p.id, w.id)
    _play(data, check=check)
