"""Raging Waters scoring: the seed's table."""
from __future__ import annotations

from dataclasses import replace

from scorer.raging_waters import Berm, Status, Variant, rules, score
from tests.rw_helpers import rolled, state, with_berms


def _completed_aquaterra():
    st = rules.apply(rolled(state(), 3, 4, 2), Berm("W2", "E2"))
    return rules.apply(rolled(st, 3, 5, 2), Berm("N1", "E4"))


def test_protected_houses_times_house_count_and_unused_piles_in_completed():
    # "For each field, the no. of protected houses × total houses in the field
    #  + No. unused dirt piles in completed fields + No. unused backhoes × 3"
    st = _completed_aquaterra()
    sc = score(st)
    assert sc.line("protected-aquaterra").count == 3 and sc.line("protected-aquaterra").points == 9
    assert sc.line("unused-piles").count == 16 - 4      # 16 piles, 4 used
    assert sc.line("unused-backhoes").points == 9
    assert sc.total == 9 + 12 + 9


def test_houses_protected_in_a_left_subdivision_still_count_but_not_its_piles():
    st = rules.apply(rolled(state(), 3, 4, 2), Berm("W2", "E2", leave=True))
    assert st.maps[0].status == Status.LEFT
    sc = score(st)
    assert sc.line("protected-aquaterra").count == 1     # (3,1) below y=3 is alone
    assert sc.line("unused-piles").count == 0


def test_unused_backhoes_score_three_each():
    st = replace(state(), backhoes_used=2)
    assert score(st).line("unused-backhoes").points == 3


def test_strict_swamp_variant_needs_a_swamp_free_region():
    # Aquaterra swamp (5,3) is the cell [4,5]x[2,3]: after W2-E2 (y=3) it shares the lower
    # region with house (3,1).
    st = with_berms(state(), 0, [("W2", "E2"), ("N1", "E4")])
    assert score(st).line("protected-aquaterra").count == 3
    strict = replace(st, variant=Variant(strict_swamps=True))
    assert score(strict).line("protected-aquaterra").count == 2
    assert not rules.is_completed(strict, 0) and rules.is_completed(st, 0)


def test_score_table_text_lists_every_line_and_the_total():
    text = score(_completed_aquaterra()).table()
    assert "Protected houses in Delta" in text and "Total score" in text and text.count("\n") >= 7
