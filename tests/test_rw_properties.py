"""Hypothesis properties of the Raging Waters referee (random seeded games)."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.core import CHANCE, TERMINAL, Dice, sample
from scorer.dice import DiceStream
from scorer.errors import IllegalMoveError
from scorer.raging_waters import Berm, geometry, legal_moves, rules, score


def _random_game(seed: str, choices):
    """Yield states of a game where the moves are drawn by hypothesis."""
    stream = DiceStream(seed)
    st_ = rules.rolled_setup(seed)
    for _ in range(200):
        if st_.over:
            return
        if rules.current_player(st_) == CHANCE:
            st_ = rules.apply(st_, sample(stream, rules.chance_spec(st_)))
            continue
        yield st_
        moves = legal_moves(st_)
        st_ = rules.apply(st_, moves[choices.draw(st.integers(0, len(moves) - 1))])


@settings(max_examples=40, deadline=None)
@given(seed=st.text("abcdef0123456789", min_size=1, max_size=8), data=st.data())
def test_every_legal_move_applies_cleanly(seed, data):
    for state in _random_game(seed, data):
        for mv in legal_moves(state):
            after = rules.apply(state, mv)
            assert after.backhoes_used <= state.template.backhoes
            assert all(max(m.usage().values(), default=0) <= 2 for m in after.maps)


@settings(max_examples=40, deadline=None)
@given(seed=st.text("abcdef0123456789", min_size=1, max_size=8), data=st.data())
def test_a_berm_through_a_house_is_never_legal(seed, data):
    for state in _random_game(seed, data):
        mt, m = state.template.maps[state.current], state.map
        for mv in legal_moves(state):
            if isinstance(mv, Berm):
                a, b = mt.pile(mv.a).xy2, mt.pile(mv.b).xy2
                assert not any(geometry.hits_house(a, b, geometry.house_point(h), state.template.house_radius)
                               for h in m.houses)
                assert not any(geometry.crosses_swamp(a, b, s) for s in m.swamps)
        # and every blocked pair is refused by apply
        for (p, q), blk in zip(geometry.pair_table(mt)[0],
                               geometry.blocked_pairs(mt, m.houses, m.swamps, state.template.house_radius)):
            if blk:
                try:
                    rules.apply(state, Berm(p.id, q.id))
                except IllegalMoveError:
                    pass
                else:
                    raise AssertionError(f"{p.id}-{q.id} crosses a house or swamp but applied")


@settings(max_examples=25, deadline=None)
@given(seed=st.text("abcdef0123456789", min_size=1, max_size=8), data=st.data())
def test_games_end_and_scores_are_consistent(seed, data):
    last = None
    for last in _random_game(seed, data):
        pass
    if last is None:
        return
    sc = score(last)
    assert sc.total == sum(line.points for line in sc.lines)
    assert sc.line("unused-backhoes").count == last.template.backhoes - last.backhoes_used


def test_chance_nodes_are_proper_distributions():
    """OpenSpiel-style: probabilities in (0,1], sum to 1, no duplicates, each outcome applies."""
    state = rules.new_game()
    stream = DiceStream("chance")
    seen = 0
    while not state.over and seen < 60:
        if rules.current_player(state) == CHANCE:
            outs = rules.chance_outcomes(state)
            assert abs(sum(p for _, p in outs) - 1) < 1e-9
            assert all(0 < p <= 1 for _, p in outs)
            assert len({d for d, _ in outs}) == len(outs)
            for d, _ in outs:
                rules.apply(state, d)
            state = rules.apply(state, sample(stream, rules.chance_spec(state)))
            seen += 1
        else:
            assert rules.chance_outcomes(state) == []
            state = rules.apply(state, legal_moves(state)[-2])   # pass
    assert rules.current_player(state) in (CHANCE, TERMINAL, 0)
