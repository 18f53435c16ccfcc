"""Re-Wilding referee: cases from the rule text (../shared/seeds/003_1cf913021d941599.txt)
and the rulings in docs/rulings.md ("Re-Wilding")."""
from __future__ import annotations

import pytest
from rewilding_helpers import ALL_LINES, T, at, coloured, crossed, full, run, sheet, sq

from scorer.core import CHANCE, TERMINAL, Dice
from scorer.errors import IllegalMoveError, InvalidMoveError
from scorer.re_wilding import rules
from scorer.re_wilding.moves import Flip, Keep, Place, parse_placement
from scorer.re_wilding.score import band, score, tally
from scorer.re_wilding.state import FILLED, Phase, Variant

# ---- the turn as chance nodes ----------------------------------------------------------


def test_a_year_starts_with_a_chance_node_of_four_dice():
    st = rules.new_game()
    assert rules.current_player(st) == CHANCE
    assert rules.chance_spec(st).dice == 4 and rules.chance_spec(st).label == "rew/y1/main"
    st = run(st, "roll 5 1 3 3")
    assert st.phase == Phase.MAIN and st.dice == (1, 3, 3, 5) and rules.current_player(st) == 0


@pytest.mark.parametrize("phase,dice", [(Phase.ROLL, 4), (Phase.PLANT_ROLL, 2), (Phase.WEATHER_ROLL, 2),
                                        (Phase.CHECK_ROLL, 1)])
def test_chance_outcomes_sum_to_one_and_are_all_legal(phase, dice):
    st = at(phase, queue=(("plant", (4,)),) if phase == Phase.PLANT_ROLL else (), weather=5)
    outcomes = rules.chance_outcomes(st)
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-12
    assert len({d for d, _ in outcomes}) == len(outcomes)
    for d, p in outcomes:
        assert 0 < p <= 1 and len(d.values) == dice
        after = rules.apply(st, d)
        assert after.marks == st.marks   # a roll only records the dice


def test_the_main_roll_folds_into_126_multisets():
    outcomes = rules.chance_outcomes(rules.new_game())
    assert len(outcomes) == 126
    assert dict(outcomes)[Dice((1, 1, 1, 1))] == pytest.approx(1 / 1296)
    assert dict(outcomes)[Dice((1, 2, 3, 4))] == pytest.approx(24 / 1296)


def test_rolls_are_refused_when_a_move_is_due_and_moves_when_a_roll_is_due():
    st = rules.new_game()
    with pytest.raises(IllegalMoveError, match="roll the dice first"):
        rules.apply(st, Keep())
    st = run(st, "roll 1 2 3 4")
    with pytest.raises(IllegalMoveError, match="wait to be placed"):
        rules.apply(st, Dice((1, 2, 3, 4)))
    with pytest.raises(InvalidMoveError):
        rules.apply(rules.new_game(), Dice((1, 2, 3)))


# ---- placing the dice --------------------------------------------------------------------

def test_placements_cover_the_seed_options():
    texts = {str(p) for p in rules.placements((1, 2, 3, 4))}
    assert "protect 1, clear 2, clear 3, plant 4" in texts     # each die alone
    assert "save 1, save 2, save 3, save 4" in texts            # save takes any single die
    assert "grow 1 2 3 4" in texts                              # 10 from four dice
    assert "clear 1 2, introduce 3 4" in texts                  # 3 and 7
    assert "plant 1 3, introduce 2 4" in texts


@pytest.mark.parametrize("text,reason", [
    ("protect 1 1, clear 2 4", "protect takes a single die showing 1"),
    ("save 1 2, clear 3, plant 4", "save takes exactly one die"),
    ("grow 4 6 6, protect 1", "grow needs dice summing 10-12, not 16"),
    ("clear 4, plant 1 2 3", "clear needs dice summing 2-3, not 4"),
])
def test_illegal_groups_say_which_rule(text, reason):
    dice = tuple(sorted(int(v) for v in text.replace(",", " ").split() if v.isdigit()))
    st = run(rules.new_game(), "roll " + " ".join(map(str, dice)))
    with pytest.raises(IllegalMoveError, match=reason):
        rules.apply(st, parse_placement(text))


def test_every_die_must_be_placed_and_only_the_dice_rolled():
    st = run(rules.new_game(), "roll 1 2 3 4")
    with pytest.raises(IllegalMoveError, match="every die must be placed; 4 left over"):
        rules.apply(st, parse_placement("protect 1, clear 2, clear 3"))
    with pytest.raises(IllegalMoveError, match="has no 6 to place"):
        rules.apply(st, parse_placement("protect 1, clear 2, clear 3, introduce 6"))


def test_three_ones_may_clear_and_a_single_six_introduces():
    texts = {str(p) for p in rules.placements((1, 1, 1, 6))}
    assert "clear 1 1 1, introduce 6" in texts
    assert all("grow" not in t or "grow 1 1 1 6" not in t for t in texts)   # 9 is not 10-12


def test_several_groups_may_share_an_action_unless_the_variant_forbids_it():
    st = run(rules.new_game(), "roll 2 2 3 3")
    assert Place((("clear", (2,)), ("clear", (2,)), ("clear", (3,)), ("clear", (3,)))) in rules.legal_moves(st)
    st2 = run(rules.new_game(Variant(one_group_per_action=True)), "roll 2 2 3 3")
    moves = rules.legal_moves(st2)
    assert all(len({a for a, _ in m.groups}) == len(m.groups) for m in moves if isinstance(m, Place))
    with pytest.raises(IllegalMoveError, match="one-group-per-action"):
        rules.apply(st2, parse_placement("clear 2, clear 3, plant 2 3"))


def test_the_variant_still_places_every_roll():
    for d, _ in rules.chance_outcomes(rules.new_game()):
        assert rules.placements(d.values, True), d


def test_groups_resolve_left_to_right():
    st = run(rules.new_game(), "roll 2 4 6 1", "grow 4 6, protect 1, clear 2")
    assert [a for a, _ in st.queue] == ["protect", "clear", "grow"] and st.phase == Phase.ACTION
    st = run(st, "protect fire")
    assert st.queue[0][0] == "clear"


# ---- abilities ----------------------------------------------------------------------

def test_mirror_flip_and_nudge_change_a_die_and_cross_a_filled_box():
    st = run(sheet(filled=["ab-mirror-2"]), "roll 2 2 5 6")
    st = run(st, "mirror 2>5")
    assert st.dice == (2, 5, 5, 6) and crossed(st, "ab-mirror-1") and not crossed(st, "ab-mirror-2")
    st = run(st, "flip 6")            # 6 becomes 1
    assert st.dice == (1, 2, 5, 5) and crossed(st, "ab-flip-1")
    st = run(st, "+1 1")
    assert st.dice == (2, 2, 5, 5)


def test_abilities_need_a_filled_box_and_stay_within_one_to_six():
    st = run(sheet(unfilled=["ab-flip-1"]), "roll 1 2 6 6")
    with pytest.raises(IllegalMoveError, match="no flip ability left"):
        run(st, "flip 6")
    with pytest.raises(IllegalMoveError, match="keeps a die within 1-6"):
        run(st, "+1 6")
    with pytest.raises(IllegalMoveError, match="no other die shows 3"):
        run(st, "mirror 2>3")


def test_reroll_is_a_chance_node_for_the_chosen_dice():
    st = run(rules.new_game(), "roll 1 1 5 6", "reroll 1 1")
    assert st.phase == Phase.REROLL and rules.current_player(st) == CHANCE
    spec = rules.chance_spec(st)
    assert (spec.dice, spec.label) == (2, "rew/y1/reroll")
    assert crossed(st, "ab-reroll-1")
    st = run(st, "roll 4 3")
    assert st.phase == Phase.MAIN and st.dice == (3, 4, 5, 6)


def test_abilities_work_on_the_plant_roll_and_the_weather_roll():
    st = sheet(filled=ALL_LINES)
    st = run(st, "roll 1 1 2 4", "save 1, save 1, save 2, plant 4", "save flip", "save flip", "save flip")
    assert st.phase == Phase.PLANT_ROLL
    st = run(st, "roll 6 6", "flip 6")        # a saved flip used on the plant roll
    assert st.dice == (1, 6)
    st = run(st, "plant 1 4", "roll 3 3")
    assert st.phase == Phase.WEATHER and st.dice == (3, 3)
    st = run(st, "+1 3")                       # 3 3 -> 3 4 = 7, perfect weather
    st = run(st, "keep")
    assert rules.calendar_value(st, 1) == 0


def test_abilities_are_not_usable_without_dice_in_play():
    st = run(rules.new_game(), "roll 1 2 3 4", "protect 1, clear 2, clear 3, plant 4")
    with pytest.raises(IllegalMoveError, match="abilities change dice in play"):
        rules.apply(st, Flip(3))


def test_save_fills_the_next_empty_box_of_the_chosen_ability():
    start = {a: rules.ability_uses(rules.new_game(), a) for a in T.abilities}
    st = run(rules.new_game(), "roll 3 3 3 3", "save 3, save 3, save 3, save 3")
    st = run(st, "save mirror", "save mirror", "save reroll", "save plusminus")
    n = start["mirror"]
    assert [st.mark(f"ab-mirror-{k}") for k in range(1, n + 4)] == [FILLED] * (n + 2) + [0]
    assert rules.ability_uses(st, "plusminus") == start["plusminus"] + 1
    assert rules.ability_uses(st, "reroll") == start["reroll"] + 1


# ---- clear, plant, introduce ------------------------------------------------------------

def test_clear_fills_a_line_box_and_two_boxes_clear_it():
    st = sheet(unfilled=["clr-col-3-a", "clr-col-3-b"])
    st = run(st, "roll 2 2 5 6", "clear 2, clear 2, save 5, save 6")
    st = run(st, "save mirror", "save mirror", "clear col 3")
    assert not rules.is_cleared(st, "col-3")
    st = run(st, "clear col 3")
    assert rules.is_cleared(st, "col-3")


def test_clear_may_fill_a_clean_up_box():
    st = run(rules.new_game(), "roll 2 4 4 4", "clear 2, introduce 4 4, save 4", "save flip", "clear cleanup")
    assert st.mark("cleanup-3") == FILLED


def _plant_state(dice: str, **kw):
    st = sheet(filled=ALL_LINES, **kw)
    return run(st, "roll 1 1 2 4", "protect 1, clear 1 2, plant 4", "protect fire", "clear cleanup", dice)


def test_six_is_wild_on_the_plant_roll_and_either_die_is_the_column():
    st = _plant_state("roll 6 2")
    squares = rules.plant_squares(st)
    assert {(c, 2) for c in range(1, 6)} <= set(squares) and {(2, r) for r in range(1, 6)} <= set(squares)
    st = _plant_state("roll 3 2")
    assert rules.plant_squares(st) == [(2, 3), (3, 2)]


def test_planting_needs_the_column_and_the_row_cleared():
    st = run(sheet(unfilled=["clr-row-3-a"], filled=["clr-col-1-a", "clr-col-1-b"]),
             "roll 1 1 2 4", "protect 1, clear 1 2, plant 4", "protect fire", "clear cleanup", "roll 1 3")
    with pytest.raises(IllegalMoveError, match="row 3 not cleared"):
        run(st, "plant 1 3")
    assert (1, 3) not in rules.plant_squares(st)


def test_plant_colours_one_empty_plant_and_never_a_crossed_one():
    st = _plant_state("roll 3 2", crossed=sq(3, 2, "plant-1", "wild-1"))
    st = run(st, "plant 3 2")
    assert crossed(st, "sq-3-2-plant-1") and coloured(st, "sq-3-2-plant-2")


def test_a_plant_the_dice_cant_place_is_given_up_with_keep():
    st = sheet(filled=["clr-col-1-a", "clr-col-1-b"])   # squares of column 1 in rows 2 and 4
    st = run(st, "roll 1 1 2 4", "protect 1, clear 1 2, plant 4", "protect fire", "clear cleanup", "roll 5 5")
    assert rules.plant_squares(st) == []
    assert Keep() in rules.legal_moves(st)
    st = run(st, "keep")
    assert st.phase == Phase.WEATHER_ROLL


def test_keep_is_refused_when_the_dice_reach_a_square():
    st = _plant_state("roll 3 2")
    with pytest.raises(IllegalMoveError, match="plant one"):
        run(st, "keep")


def test_introduce_needs_a_coloured_plant_above():
    st = sheet(filled=sq(1, 1, "plant-2"))
    st = run(st, "roll 6 1 1 2", "introduce 6, clear 1 1, save 2", "save flip", "clear cleanup")
    with pytest.raises(IllegalMoveError, match="wildlife must go beneath a plant"):
        run(st, "introduce 2 1")
    st = run(st, "introduce 1 1")            # row 1 and column 1 are not cleared: still fine
    assert coloured(st, "sq-1-1-wild-2") and not coloured(st, "sq-1-1-wild-1")


# ---- grow and breed ---------------------------------------------------------------

def _grow(st, kind: str):
    return run(st, "roll 4 6 2 2", "grow 4 6, clear 2, clear 2", "clear cleanup", "clear cleanup", f"grow {kind}")


def test_a_square_with_one_outline_becomes_two():
    st = _grow(sheet(filled=sq(1, 1, "plant-1")), "pine")
    assert coloured(st, "sq-1-1-plant-2")


def test_a_full_square_spreads_to_every_neighbour_of_its_type_diagonals_included():
    # hills: (1,1) (2,1) (1,2) (2,2) (1,3) (1,4)... (2,2) full spreads to its hill neighbours.
    centre = T.square(2, 2)
    st = _grow(sheet(filled=full(2, 2)), "pine")
    for n in T.neighbours(2, 2):
        assert coloured(st, n.plants[0].id) and not coloured(st, n.plants[1].id), n.id
    others = [s for s in T.squares if s.habitat != centre.habitat]
    assert all(not coloured(st, s.plants[0].id) for s in others)


def test_growth_from_two_directions_fills_an_empty_square():
    a, b = T.chains["storms"][1], T.chains["storms"][3]   # (1,2) and (1,4) both touch (1,3)
    st = _grow(sheet(filled=full(*a) + full(*b)), "pine")
    assert coloured(st, "sq-1-3-plant-1") and coloured(st, "sq-1-3-plant-2")


def test_growth_is_worked_out_from_the_state_before_the_action():
    # (1,3) fills up from (1,2) this time, but does not pass growth on to (1,4) yet.
    st = _grow(sheet(filled=full(1, 2) + sq(1, 3, "plant-1")), "pine")
    assert coloured(st, "sq-1-3-plant-2")
    assert not coloured(st, "sq-1-4-plant-1")


def test_breeding_only_colours_wildlife_under_coloured_plants():
    st = _grow(sheet(filled=full(1, 2, wildlife=2) + sq(1, 3, "plant-2")), "squirrel")
    assert coloured(st, "sq-1-3-wild-2") and not coloured(st, "sq-1-3-wild-1")
    assert not coloured(st, "sq-1-1-wild-1")     # no plant there


def test_growth_never_colours_a_crossed_outline():
    st = _grow(sheet(filled=sq(1, 1, "plant-1"), crossed=sq(1, 1, "plant-2", "wild-2")), "pine")
    assert crossed(st, "sq-1-1-plant-2") and st.mark("sq-1-1-plant-2") & FILLED == 0


# ---- year end: hunger -----------------------------------------------------------------

def _year_end(st):
    """Finish the current turn by resolving a lone save, to reach the weather roll."""
    return run(st, "roll 3 3 3 3", "save 3, save 3, save 3, save 3", "save mirror", "save mirror",
               "save flip", "save flip")


def _wildlife(kind_squares: dict[str, int]) -> list[str]:
    ids = []
    for kind, n in kind_squares.items():
        squares = [s for s in T.squares if s.wildlife[0].kind == kind]
        for k in range(n):
            s = squares[k // 2]
            ids += [s.plants[k % 2].id, s.wildlife[k % 2].id]
    return ids


def test_the_seeds_example_five_squirrels_and_two_snakes_fill_the_squirrel_box():
    # "If there are more squirrels than the number of snakes plus two (ie, there are 5 squirrels
    #  and 2 snakes) then fill in that square."
    st = _year_end(sheet(filled=_wildlife({"squirrel": 5, "snake": 2})))
    assert st.phase == Phase.WEATHER_ROLL
    assert st.mark("hunger-squirrel-1") == FILLED
    assert st.mark("hunger-snake-1") == 0


def test_four_squirrels_and_two_snakes_are_not_hungry():
    st = _year_end(sheet(filled=_wildlife({"squirrel": 4, "snake": 2})))
    assert st.mark("hunger-squirrel-1") == 0


@pytest.mark.parametrize("counts,box", [
    ({"snake": 2, "squirrel": 1}, "hunger-snake-1"),             # more snakes than squirrels
    ({"kingfisher": 1}, "hunger-kingfisher-1"),                 # more kingfishers than fish
    ({"fish": 3}, "hunger-fish-1"),                             # fish > kingfishers + 2
])
def test_hunger_comparisons(counts, box):
    st = _year_end(sheet(filled=_wildlife(counts)))
    assert st.mark(box) == FILLED


def test_crossed_wildlife_does_not_count_for_hunger():
    ids = _wildlife({"kingfisher": 1})
    st = _year_end(sheet(filled=ids, crossed=[i for i in ids] + [i.replace("wild", "plant") for i in ids]))
    assert st.mark("hunger-kingfisher-1") == 0


# ---- year end: weather ----------------------------------------------------------------

def _weather(roll: str, year: int = 1, **kw):
    st = at(Phase.WEATHER_ROLL, sheet(**kw), year=year)
    return run(st, roll)


def _settle(st):
    while not rules.current_player(st) in (CHANCE, TERMINAL) and rules.forced_move(st) is None:
        st = run(st, "keep")
    return st


@pytest.mark.parametrize("raw,last,result", [
    ((3, 3), 1, 7), ((3, 5), -1, 7), ((3, 4), 1, 7), ((3, 4), -1, 7), ((6, 6), 1, 12), ((1, 1), -1, 2)])
def test_the_calendar_modifier_applies_from_year_two_except_on_a_raw_seven(raw, last, result):
    assert rules.weather_result(2, raw, last)[1] == result
    assert rules.weather_result(1, raw, None)[1] == sum(raw)


def test_fire_crosses_a_fire_protection_box_first():
    st = run(_weather("roll 1 2"), "keep")
    assert crossed(st, "prot-fire-1") and not crossed(st, "prot-fire-2")
    assert rules.calendar_value(st, 1) == 1


def test_fire_without_protection_strikes_its_square_then_follows_the_arrows():
    chain = T.chains["fire"]
    target = T.square(*chain[0])
    assert target.weather == "fire" and target.habitat == "moors"
    no_fire = ["prot-fire-1", "prot-fire-2"]
    st = run(_weather("roll 1 1", unfilled=no_fire, filled=full(*chain[0], wildlife=1)), "keep")
    # the least coloured set goes: set 2 (plant only) rather than set 1 (plant and snake)
    assert crossed(st, target.plants[1].id) and crossed(st, target.wildlife[1].id)
    assert not crossed(st, target.plants[0].id)
    nxt = T.square(*chain[1])
    st = run(at(Phase.WEATHER_ROLL, st, year=2), "roll 1 1", "keep")
    assert crossed(st, nxt.plants[1].id) and crossed(st, nxt.wildlife[1].id)


def test_weather_skips_squares_contamination_already_struck():
    chain = T.chains["flood"]
    first = T.square(*chain[0])
    st = _weather("roll 6 6", unfilled=["prot-flood-1", "prot-flood-2"], crossed=[first.plants[0].id,
                                                                                   first.wildlife[0].id])
    st = run(st, "keep")
    nxt = T.square(*chain[1])
    assert crossed(st, nxt.plants[1].id)
    assert not crossed(st, first.plants[1].id)     # struck at most once


def test_drought_check_at_or_below_the_protection_does_nothing_then_breeds():
    st = _weather("roll 2 3", filled=["prot-drought-2"] + full(4, 1, wildlife=1))   # 2 drought boxes
    st = run(st, "keep")
    assert st.phase == Phase.CHECK_ROLL and rules.chance_spec(st).dice == 1
    st = run(st, "roll 2", "keep")
    assert rules.protection(st, "drought") == 2
    assert coloured(st, "sq-4-1-wild-2")            # then breed all wildlife
    assert rules.calendar_value(st, 1) == 1


def test_drought_check_above_the_protection_crosses_a_box():
    st = run(_weather("roll 2 3"), "keep", "roll 4", "keep")
    assert crossed(st, "prot-drought-1")


def test_storm_check_with_no_protection_strikes_then_grows():
    target = T.square(*T.chains["storms"][0])
    st = _weather("roll 4 5", unfilled=["prot-storms-1"], filled=sq(1, 1, "plant-1"))
    st = run(st, "keep", "roll 1", "keep")
    assert crossed(st, target.plants[1].id)
    assert coloured(st, "sq-1-1-plant-2")            # then grow all plants
    assert rules.calendar_value(st, 1) == -1


def test_seven_breeds_all_wildlife_and_grows_all_plants():
    st = run(_weather("roll 3 4", filled=full(1, 1, wildlife=1) + sq(5, 1, "plant-1")), "keep")
    assert coloured(st, "sq-1-1-wild-2") and coloured(st, "sq-5-1-plant-2")
    assert rules.calendar_value(st, 1) == 0


def test_seven_breeds_before_it_grows():
    # Breeding first: the pine that grows into (1,2) this year gets no squirrel yet.
    st = run(_weather("roll 3 4", filled=full(1, 1, wildlife=2)), "keep")
    assert coloured(st, "sq-1-2-plant-1") and not coloured(st, "sq-1-2-wild-1")


def test_flood_with_protection():
    st = run(_weather("roll 5 6"), "keep")
    assert crossed(st, "prot-flood-1") and rules.calendar_value(st, 1) == -1


# ---- year end: contamination and the end ------------------------------------------------

def test_contamination_crosses_a_clean_up_box_while_anything_is_uncleared():
    st = run(_weather("roll 3 4"), "keep")
    assert crossed(st, "cleanup-1") and not crossed(st, "cleanup-2")
    assert st.year == 2 and st.phase == Phase.ROLL


def test_contamination_strikes_the_lowest_numbered_square_with_both_lines_uncleared():
    first = T.contamination_order[0]
    st = run(_weather("roll 3 4", unfilled=["cleanup-1", "cleanup-2"]), "keep")
    assert crossed(st, first.plants[1].id)
    # with its column cleared, the next qualifying number is struck instead
    col = [f"clr-col-{first.col}-a", f"clr-col-{first.col}-b"]
    st = run(_weather("roll 3 4", unfilled=["cleanup-1", "cleanup-2"], filled=col), "keep")
    assert not any(crossed(st, o.id) for o in first.outlines)
    assert any(crossed(st, o.id) for s in T.contamination_order[1:] for o in s.outlines)


def test_no_contamination_once_everything_is_cleared():
    st = run(_weather("roll 3 4", filled=ALL_LINES, unfilled=["cleanup-1", "cleanup-2"]), "keep")
    assert not st.crossed_ids()


def test_the_game_ends_after_the_tenth_year():
    st = run(_weather("roll 3 4", year=10), "keep")
    assert st.over and rules.current_player(st) == TERMINAL and rules.legal_moves(st) == []
    with pytest.raises(IllegalMoveError, match="over"):
        rules.apply(st, Keep())


# ---- scoring ----------------------------------------------------------------------------

def test_score_counts_flora_fauna_crossed_sets_bare_squares_and_half_the_hunger():
    filled = full(1, 1, wildlife=2) + full(2, 1, wildlife=1) + sq(3, 1, "plant-1")
    filled += [f"hunger-snake-{k}" for k in (1, 2, 3)]
    st = sheet(filled=filled + full(5, 5), crossed=sq(5, 5, "plant-2", "wild-2"))
    k = tally(st)
    assert (k.flora, k.fauna, k.contaminated, k.hunger_boxes, k.hunger) == (2, 1, 1, 3, 1)
    assert k.bare == 25 - 4
    sc = score(st)
    assert sc.total == 2 + 1 - 1 - 21 - 1
    assert sc.line("hunger").points == -1


def test_score_bands():
    assert band(9).startswith("not good") and band(10).startswith("success")
    assert band(20).startswith("success") and band(21).startswith("well done")


# ---- text ----------------------------------------------------------------------------

def test_moves_print_in_a_form_that_parses_back():
    st = run(sheet(filled=ALL_LINES + ["ab-mirror-2"]), "roll 1 2 5 6")
    for mv in rules.legal_moves(st):
        assert rules.parse_move(st, str(mv)) == mv


@pytest.mark.parametrize("text", ["plant", "mirror 2", "save", "clear 2 9", "nudge 3>5", "grow 7 7 7 7 7"])
def test_unreadable_moves_raise_invalid_move(text):
    st = run(rules.new_game(), "roll 1 2 5 6")
    with pytest.raises((InvalidMoveError, IllegalMoveError)):
        rules.apply(st, rules.parse_move(st, text))


def test_the_package_plays_through_core_board_with_push_and_pop():
    import scorer.re_wilding as rew
    from scorer.core import Board
    b = Board(rew, rew.new_game())
    b.push(Dice((1, 2, 3, 4)))
    assert Place((("protect", (1,)), ("clear", (2,)), ("clear", (3,)), ("plant", (4,)))) in b.legal_moves
    b.push(rules.parse_move(b.state, "protect 1, clear 2, clear 3, plant 4"))
    b.push(rules.parse_move(b.state, "protect fire"))
    assert b.state.mark("prot-fire-2") == FILLED
    assert str(b.pop()) == "protect fire" and b.state.mark("prot-fire-2") == 0
    assert b.score().total == -25


def test_reroll_all_rerolls_every_die_in_play():
    st = run(rules.new_game(), "roll 1 2 5 6")
    assert rules.parse_move(st, "reroll all") == rules.parse_move(st, "reroll 1 2 5 6")
