"""Re-Wilding photo reader: an unsure calendar box settled by the calendar's rules (one tick a
year, years in order: RE21), ruling PH20."""
from __future__ import annotations

import pytest

from scorer.photo.games.re_wilding import LEAN_MIN, settle
from scorer.photo.markmap import COLOURED, CROSSED, EMPTY, FILLED, Reading

from test_photo_stages import _rew_marks

MARKS = _rew_marks()


def _calendar(ticks: dict[int, str], unsure: dict[str, tuple[str, float]]) -> list[Reading]:
    """Readings for the whole calendar: year -> the ticked box's value word, every other box
    read empty with confidence, and `unsure` boxes (id -> (state, confidence)) read unsure."""
    out = []
    for year in range(1, 11):
        for word in ("plus", "zero", "minus"):
            mid = f"cal-{year}-{word}"
            if mid in unsure:
                state, conf = unsure[mid]
                out.append(Reading(MARKS[mid], state, conf, True, EMPTY if state == FILLED else FILLED))
            else:
                state = FILLED if ticks.get(year) == word else EMPTY
                out.append(Reading(MARKS[mid], state, 0.998 if state == FILLED else 0.9995))
    return out


def _got(readings: list[Reading]) -> dict[str, Reading]:
    return {r.mark.id: r for r in settle(readings)}


def test_a_faint_tick_in_a_year_before_a_ticked_one_is_filled():
    # bench photo re-wilding-100156: year 1's + box read filled at p = 0.989, years 2-10 ticked
    ticks = {y: "zero" for y in range(2, 11)}
    got = _got(_calendar(ticks, {"cal-1-plus": (FILLED, 0.989)}))["cal-1-plus"]
    assert got.state == FILLED and not got.unsure and got.alternative is None
    assert got.confidence == pytest.approx(0.998)       # the least sure reading it rests on
    assert "cal-2-zero" in got.evidence["ruled_out"]


def test_a_tick_the_photo_gives_even_odds_in_a_year_that_needs_one_is_filled():
    # fresh photo re-wilding-410177 (2.8 MP): year 9's - box read filled at p = 0.5 (a shadow
    # caps it), year 9's other boxes empty and year 10 ticked: year 9 had its tick (PH90)
    ticks = {y: "zero" for y in (1, 2, 3, 4, 5, 6, 7, 8, 10)}
    got = _got(_calendar(ticks, {"cal-9-minus": (FILLED, 0.5)}))["cal-9-minus"]
    assert got.state == FILLED and not got.unsure and "ruled_out" in got.evidence


def test_a_second_mark_in_a_ticked_year_is_empty():
    got = _got(_calendar({1: "plus", 2: "minus"}, {"cal-2-zero": (EMPTY, 0.95)}))["cal-2-zero"]
    assert got.state == EMPTY and not got.unsure and "cal-2-minus" in got.evidence["ruled_out"]


def test_a_mark_after_a_year_with_no_tick_is_empty():
    got = _got(_calendar({1: "plus", 2: "minus"}, {"cal-5-zero": (EMPTY, 0.93)}))["cal-5-zero"]
    assert got.state == EMPTY and not got.unsure and "year 3 has no tick" in got.evidence["ruled_out"]


@pytest.mark.parametrize("ticks, unsure", [
    # the photo leans the other way from the rules: a person should look
    ({y: "zero" for y in range(2, 11)}, {"cal-1-plus": (EMPTY, 0.95)}),
    # the photo barely leans: below LEAN_MIN the rules do not decide for it (and with a second
    # box of the year unsure, the year's odds split too: PH111)
    ({y: "zero" for y in range(2, 11)}, {"cal-1-plus": (FILLED, LEAN_MIN - 0.05), "cal-1-zero": (EMPTY, 0.6)}),
    # two boxes of a year unsure at odds too close for the year's odds to choose (PH111)
    ({1: "plus"} | {y: "zero" for y in range(3, 11)}, {"cal-2-plus": (FILLED, 0.9), "cal-2-minus": (EMPTY, 0.8)}),
])
def test_what_the_rules_leave_open_stays_unsure(ticks, unsure):
    got = _got(_calendar(ticks, unsure))
    for mid in unsure:
        assert got[mid].unsure and "ruled_out" not in got[mid].evidence


def test_sure_readings_are_never_changed():
    # a calendar the rules allow, read with confidence: the settlement touches only unsure boxes
    readings = _calendar({1: "plus", 2: "minus", 3: "zero"}, {})
    assert [(r.state, r.confidence, r.unsure) for r in settle(readings)] == \
        [(r.state, r.confidence, r.unsure) for r in readings]


def test_sure_readings_that_break_the_calendar_are_doubted_not_changed():
    # two ticks in year 1 and a gap at year 2 (PH110, which replaced PH20's "the referee's to
    # refuse"): those readings turn unsure, each keeping its state; the rest stay as read
    readings = _calendar({1: "plus", 3: "zero"}, {})
    readings[1] = Reading(MARKS["cal-1-zero"], FILLED, 0.999)
    got = settle(readings)
    doubted = {r.mark.id for r in got if r.unsure}
    # (year 3's tick, doubted with the gap, is filled again by its year's odds: PH111)
    assert doubted == {"cal-1-plus", "cal-1-zero", "cal-2-plus", "cal-2-zero", "cal-2-minus"}
    assert [r.state for r in got] == [r.state for r in readings]


# --- rows of boxes, filled and crossed from the left (ruling PH50) ---------------------------

def _row(states: dict[str, str], unsure: dict[str, tuple[str, float]]) -> list[Reading]:
    """Readings for these boxes: `states` read with confidence, `unsure` ones (id -> (state,
    confidence)) read unsure."""
    out = [Reading(MARKS[mid], st, 0.997) for mid, st in states.items()]
    for mid, (st, conf) in unsure.items():
        out.append(Reading(MARKS[mid], st, conf, True, EMPTY if st != EMPTY else FILLED))
    return out


def test_a_box_before_a_crossed_one_is_crossed():
    # RE4: each use crosses the leftmost filled, uncrossed box; mirror 3 crossed means
    # mirror 2 was crossed first
    got = _got(_row({"ab-mirror-1": CROSSED, "ab-mirror-3": CROSSED, "ab-mirror-4": FILLED},
                    {"ab-mirror-2": (CROSSED, 0.97)}))["ab-mirror-2"]
    assert got.state == CROSSED and not got.unsure and got.alternative is None
    assert got.confidence == pytest.approx(0.997)
    assert got.evidence["ruled_out"] == "ab-mirror-3 after it is crossed"


def test_a_box_after_an_empty_one_is_empty():
    # RE10: hunger fills the next box of its row; box 3 empty leaves box 5 empty
    got = _got(_row({"hunger-fish-1": FILLED, "hunger-fish-3": EMPTY}, {"hunger-fish-5": (EMPTY, 0.93)}))
    assert got["hunger-fish-5"].state == EMPTY and not got["hunger-fish-5"].unsure
    assert "hunger-fish-3 before it is empty" in got["hunger-fish-5"].evidence["ruled_out"]


def test_a_box_between_two_filled_ones_is_filled():
    # RE5: Protect fills the leftmost empty box; fire 2 and 4 filled (not crossed) leave fire 3
    # nothing but filled
    got = _got(_row({"prot-fire-2": FILLED, "prot-fire-4": FILLED}, {"prot-fire-3": (FILLED, 0.95)}))["prot-fire-3"]
    assert got.state == FILLED and not got.unsure
    assert got.evidence["ruled_out"] == "prot-fire-2 before it is filled and prot-fire-4 after it is filled"


@pytest.mark.parametrize("states, unsure", [
    # the photo leans the other way from the rules: a person should look
    ({"ab-mirror-3": CROSSED}, {"ab-mirror-2": (FILLED, 0.97)}),
    # below LEAN_MIN the rules do not decide for the photo
    ({"ab-mirror-3": CROSSED}, {"ab-mirror-2": (CROSSED, LEAN_MIN - 0.05)}),
    # filled after it: filled or crossed are both legal
    ({"ab-flip-3": FILLED}, {"ab-flip-2": (CROSSED, 0.98)}),
    # the last box of a row, read filled: nothing after it can say so (re-wilding-240184)
    ({"ab-mirror-5": FILLED}, {"ab-mirror-6": (FILLED, 0.974)}),
    # sure readings that break the order themselves (an empty box before a filled one) are
    # doubted first (PH54), so they settle nothing
    ({"cleanup-3": EMPTY, "cleanup-5": FILLED}, {"cleanup-4": (FILLED, 0.98)}),
    # two unsure boxes side by side: neither settles the other
    ({"prot-storms-1": CROSSED}, {"prot-storms-2": (CROSSED, 0.98), "prot-storms-3": (CROSSED, 0.97)}),
])
def test_what_a_row_leaves_open_stays_unsure(states, unsure):
    got = _got(_row(states, unsure))
    for mid in unsure:
        assert got[mid].unsure and "ruled_out" not in got[mid].evidence


# --- a plant and the wildlife under it (ruling PH51) -------------------------------------------

def _set(plant: tuple[str, float, bool], wild: tuple[str, float, bool], square: str = "sq-2-2", k: int = 2):
    """The two outlines of one set: (state, confidence, unsure) each."""
    out = []
    for part, (st, conf, unsure) in (("plant", plant), ("wild", wild)):
        alt = (EMPTY if st != EMPTY else COLOURED) if unsure else None
        out.append(Reading(MARKS[f"{square}-{part}-{k}"], st, conf, unsure, alt))
    return {r.mark.id: r for r in settle(out)}


def test_the_mate_of_a_crossed_outline_is_crossed():
    # fresh photos re-wilding-240015 (10.6 MP) and 240149: a crossed squirrel read at p = 0.983
    # and 0.989 under its plant crossed with confidence; weather crosses both (RE14)
    got = _set((CROSSED, 0.998, False), (CROSSED, 0.989, True))["sq-2-2-wild-2"]
    assert got.state == CROSSED and not got.unsure and got.confidence == pytest.approx(0.998)
    assert got.evidence["ruled_out"] == "sq-2-2-plant-2 over it is crossed"
    got = _set((CROSSED, 0.95, True), (CROSSED, 0.999, False))["sq-2-2-plant-2"]
    assert got.state == CROSSED and not got.unsure


def test_a_plant_the_photo_leans_to_crossed_over_crossed_wildlife_is_crossed():
    # fresh photos re-wilding-260079 (3.5 MP) and 440159 (3.3 MP): a crossed lily over heavy
    # colouring read crossed at p = 0.593 and 0.811, its fish crossed with confidence (PH89)
    for p in (0.593, 0.811):
        got = _set((CROSSED, p, True), (CROSSED, 0.999, False), square="sq-4-2")["sq-4-2-plant-2"]
        assert got.state == CROSSED and not got.unsure and got.confidence == pytest.approx(0.999)


def test_wildlife_under_an_empty_plant_is_empty_and_a_plant_over_coloured_wildlife_is_coloured():
    # RE8: wildlife goes only under a coloured plant
    got = _set((EMPTY, 0.999, False), (EMPTY, 0.97, True))["sq-2-2-wild-2"]
    assert got.state == EMPTY and not got.unsure
    got = _set((COLOURED, 0.96, True), (COLOURED, 0.995, False))["sq-2-2-plant-2"]
    assert got.state == COLOURED and not got.unsure


@pytest.mark.parametrize("plant, wild, which", [
    # a coloured plant leaves its wildlife empty or coloured
    ((COLOURED, 0.999, False), (EMPTY, 0.97, True), "wild"),
    # empty wildlife leaves its plant empty or coloured
    ((COLOURED, 0.97, True), (EMPTY, 0.999, False), "plant"),
    # the photo leans against the rules: a person should look
    ((CROSSED, 0.999, False), (COLOURED, 0.97, True), "wild"),
    # below even odds the rules do not decide for the photo
    ((CROSSED, 0.999, False), (CROSSED, LEAN_MIN - 0.05), "wild"),
    # both unsure: neither settles the other
    ((CROSSED, 0.97, True), (CROSSED, 0.97, True), "wild"),
])
def test_what_a_set_leaves_open_stays_unsure(plant, wild, which):
    if len(wild) == 2:
        wild = (*wild, True)
    got = _set(plant, wild)[f"sq-2-2-{which}-2"]
    assert got.unsure and "ruled_out" not in got.evidence


# --- sure readings the rules can't both have (ruling PH54) -----------------------------------

def test_a_box_marked_more_than_the_one_before_it_makes_both_unsure():
    # judge photo re-wilding-330066 (1.1 MP): +/- 2 read empty at p = 0.9937 and +/- 3 filled at
    # 0.9916; RE5 fills from the left, so one of them is misread (it was +/- 3)
    got = _got(_row({"ab-plusminus-1": CROSSED, "ab-plusminus-2": EMPTY, "ab-plusminus-3": FILLED,
                     "ab-plusminus-4": EMPTY}, {}))
    assert not got["ab-plusminus-1"].unsure and not got["ab-plusminus-4"].unsure
    for mid, alt, other in (("ab-plusminus-2", FILLED, "ab-plusminus-3"), ("ab-plusminus-3", EMPTY, "ab-plusminus-2")):
        assert got[mid].unsure and got[mid].alternative == alt and got[mid].confidence == 0.5
        assert got[mid].evidence["order_broken"] == other


def test_a_shadowed_protection_box_after_an_empty_one_is_unsure():
    # judge photo re-wilding-330000 (5.5 MP): a shadow streak read drought 3 filled at 0.996
    # after drought 2 read empty; drought 1 (crossed) is in order with both
    got = _got(_row({"prot-drought-1": CROSSED, "prot-drought-2": EMPTY, "prot-drought-3": FILLED}, {}))
    assert [got[f"prot-drought-{k}"].unsure for k in (1, 2, 3)] == [False, True, True]


def _even_tip(mid: str) -> Reading:
    """A box the photo read filled with confidence that PH189 doubts (a tip may end inside)."""
    return Reading(MARKS[mid], FILLED, 0.5, True, EMPTY,
                   evidence={"probs": {EMPTY: 0.0003, FILLED: 0.9997}, "even_tip": 0.28})


def test_a_box_an_even_tip_doubts_after_a_sure_empty_one_leaves_both_unsure():
    # blurred re-wilding-blurry-2330253 (1.27 MP): a faint tick in squirrel 3 read empty at
    # p = 0.9997, and squirrel 4, read filled at p = 1.0, doubted by PH189; the row's order
    # then settled squirrel 4 empty as well. Both are unsure now, as before PH189 (PH195)
    row = _row({"hunger-squirrel-1": FILLED, "hunger-squirrel-2": FILLED, "hunger-squirrel-3": EMPTY}, {})
    got = _got(row + [_even_tip("hunger-squirrel-4")])
    assert got["hunger-squirrel-3"].unsure and got["hunger-squirrel-3"].alternative == FILLED
    assert got["hunger-squirrel-4"].unsure and got["hunger-squirrel-4"].state == FILLED
    assert not got["hunger-squirrel-2"].unsure
    # the first box of its row (2320125's kingfisher 1): the empty ones after it are in order
    first = _got(_row({"hunger-kingfisher-2": EMPTY}, {}) + [_even_tip("hunger-kingfisher-1")])
    assert not first["hunger-kingfisher-2"].unsure and first["hunger-kingfisher-1"].unsure


def test_rows_in_order_are_left_alone():
    readings = _row({"hunger-fish-1": FILLED, "hunger-fish-2": FILLED, "hunger-fish-3": EMPTY,
                     "ab-mirror-1": CROSSED, "ab-mirror-2": FILLED, "ab-mirror-3": EMPTY}, {})
    assert not any(r.unsure for r in settle(readings))


def test_wildlife_coloured_under_an_empty_plant_makes_both_unsure():
    # RE8: wildlife is coloured only under a coloured plant
    got = _set((EMPTY, 0.999, False), (COLOURED, 0.995, False))
    assert got["sq-2-2-plant-2"].unsure and got["sq-2-2-plant-2"].alternative == COLOURED
    assert got["sq-2-2-wild-2"].unsure and got["sq-2-2-wild-2"].alternative == EMPTY
    # the sets the rules allow stay sure
    for plant, wild in ((EMPTY, EMPTY), (COLOURED, EMPTY), (COLOURED, COLOURED), (CROSSED, CROSSED)):
        got = _set((plant, 0.999, False), (wild, 0.999, False))
        assert not any(r.unsure for r in got.values())


# --- a set read half crossed, judged by its cross arms (ruling PH96) ---------------------------

def _armed(plant: tuple, wild: tuple, square: str = "sq-2-3", k: int = 1) -> dict[str, Reading]:
    """A set whose outlines carry cross arms: (state, confidence, unsure, arms, alternative) each."""
    out = [Reading(MARKS[f"{square}-{part}-{k}"], st, conf, unsure, alt, {"arms": arms})
           for part, (st, conf, unsure, arms, alt) in (("plant", plant), ("wild", wild))]
    return {r.mark.id: r for r in settle(out)}


def test_a_plant_read_crossed_by_its_dark_colouring_alone_is_coloured():
    # fresh photos re-wilding-430119 (3.1 MP) and 460163 (2.7 MP): dense pencil on a plant read
    # crossed by its black share (arms -0.01, unsure, PH86), its wildlife plainly not crossed
    got = _armed((CROSSED, 0.75, True, -0.0144, COLOURED), (EMPTY, 0.9999, False, 0.0092, None))
    plant, wild = got["sq-2-3-plant-1"], got["sq-2-3-wild-1"]
    assert plant.state == COLOURED and not plant.unsure and plant.confidence == pytest.approx(1 - 3 / 16787)
    assert "sq-2-3-wild-1 is empty" in plant.evidence["ruled_out"]
    assert wild.state == EMPTY and not wild.unsure and wild.confidence == 0.9999


def test_a_plant_whose_set_shows_a_cross_is_crossed():
    # fresh photo re-wilding-340070 (2.2 MP): a crossed plant over heavy colouring read coloured
    # (arms 0.26, p = 0.55), its wildlife crossed with confidence (arms 0.62)
    got = _armed((COLOURED, 0.5487, True, 0.2583, CROSSED), (CROSSED, 0.999, False, 0.6249, None), "sq-4-2", 2)
    plant = got["sq-4-2-plant-2"]
    assert plant.state == CROSSED and not plant.unsure and plant.confidence == pytest.approx(0.999)
    assert not got["sq-4-2-wild-2"].unsure


@pytest.mark.parametrize("plant, wild", [
    # the arms side with the unsure reading, against the sure one: a person should look
    ((CROSSED, 0.75, True, 0.05, COLOURED), (EMPTY, 0.9999, False, 0.3, None)),
    ((COLOURED, 0.6, True, 0.05, CROSSED), (CROSSED, 0.999, False, 0.1, None)),
    # both unsure, or both sure: nothing to side with
    ((CROSSED, 0.75, True, 0.0, COLOURED), (EMPTY, 0.9, True, 0.0, COLOURED)),
    ((CROSSED, 0.999, False, 0.0, None), (EMPTY, 0.999, False, 0.0, None)),
])
def test_a_half_crossed_set_the_arms_cannot_settle_stays_unsure(plant, wild):
    got = _armed(plant, wild)
    assert all(r.unsure and "set_disagrees" in r.evidence for r in got.values())


def test_without_arms_a_half_crossed_set_stays_unsure():
    # photos of 7 px per mm and more read crosses by the per-sample test, not by arms
    out = [Reading(MARKS["sq-2-3-plant-1"], CROSSED, 0.75, True, COLOURED, {}),
           Reading(MARKS["sq-2-3-wild-1"], EMPTY, 0.9999, False, None, {"arms": 0.0})]
    assert all(r.unsure for r in settle(out))


# --- the photo's odds among the states the rules leave (ruling PH97) ---------------------------

def _probs(mid: str, probs: dict[str, float], conf: float | None = None) -> Reading:
    """An unsure reading of its most probable state, with the per-state `probs` decide gives;
    `conf` below that probability stands for a cap."""
    st = max(probs, key=probs.get)
    alt = sorted(probs, key=probs.get)[-2]
    return Reading(MARKS[mid], st, probs[st] if conf is None else conf, True, alt, {"probs": probs})


def test_a_filled_box_unsure_only_whether_it_is_crossed_after_a_filled_one_is_filled():
    # fresh photos re-wilding-300125 (2.3 MP) and 360100 (2.1 MP): a filled ability box in a
    # blurred photo read filled at p = 0.93, the rest on crossed; the box before it is filled
    # and not crossed, so it cannot be crossed (RE4 crosses from the left)
    unsure = _probs("ab-mirror-5", {EMPTY: 0.0004, FILLED: 0.9322, CROSSED: 0.0674})
    got = _got([Reading(MARKS["ab-mirror-4"], FILLED, 0.9951), unsure,
                Reading(MARKS["ab-mirror-6"], EMPTY, 0.9999)])["ab-mirror-5"]
    assert got.state == FILLED and not got.unsure
    assert got.confidence == pytest.approx(0.9951)   # no surer than the box it rests on
    assert got.evidence["ruled_out"] == "ab-mirror-4 before it is filled"


@pytest.mark.parametrize("probs, conf", [
    ({EMPTY: 0.03, FILLED: 0.93, CROSSED: 0.04}, None),     # still 3 % empty among the two left
    ({EMPTY: 0.0004, FILLED: 0.9322, CROSSED: 0.0674}, 0.75),  # capped: a doubt the rules can't lift
])
def test_what_the_photo_leaves_open_among_the_legal_states_stays_unsure(probs, conf):
    got = _got([Reading(MARKS["ab-mirror-4"], FILLED, 0.9951), _probs("ab-mirror-5", probs, conf)])
    assert got["ab-mirror-5"].unsure and "ruled_out" not in got["ab-mirror-5"].evidence


def test_wildlife_unsure_only_whether_it_is_crossed_under_a_coloured_plant_is_coloured():
    # fresh photo re-wilding-430014 (2.1 MP): weather crosses a plant and its wildlife together
    # (RE14), so under a plant coloured with confidence the wildlife is not crossed
    wild = _probs("sq-3-4-wild-1", {EMPTY: 0.0001, COLOURED: 0.9213, CROSSED: 0.0786})
    got = _got([Reading(MARKS["sq-3-4-plant-1"], COLOURED, 0.9999), wild])["sq-3-4-wild-1"]
    assert got.state == COLOURED and not got.unsure
    assert got.confidence == pytest.approx(0.9213 / 0.9214)
    assert got.evidence["ruled_out"] == "sq-3-4-plant-1 over it is coloured"


# --- the one unsure mark the referee accepts in one state only (ruling PH105) -----------------

def _calendar_sheet(cal2: tuple[str, float], more_unsure: bool = False) -> dict[str, Reading]:
    """A blank sheet read with confidence: every mark in its first state, years 1 and 3
    ticked on their middle box, year 2's middle box read unsure as `cal2` (state, p)."""
    from scorer.re_wilding.template import load as load_rew
    from sheets.sheetid import SheetId
    sid = SheetId("re-wilding", load_rew().version, "cal", 1, "a4", "blank")
    out = []
    for m in _rew_mark_map(sid):
        if m.id == "cal-2-zero":
            out.append(Reading(m, cal2[0], cal2[1], True, FILLED if cal2[0] == EMPTY else EMPTY))
        elif m.id == "cal-4-zero" and more_unsure:
            out.append(Reading(m, EMPTY, 0.9, True, FILLED))
        else:
            # the unsure boxes' years read less surely (0.99), so that the year's odds alone
            # (PH111) leave them open
            sure = 0.99 if m.id.startswith(("cal-2-", "cal-4-")) else 0.9995
            out.append(Reading(m, FILLED if m.id in ("cal-1-zero", "cal-3-zero") else m.states[0], sure))
    return {r.mark.id: r for r in settle(out, sid)}


def _rew_mark_map(sid):
    from scorer.photo.games.re_wilding import mark_map
    return mark_map(sid)


def test_a_calendar_box_the_referee_needs_ticked_is_filled():
    # fresh photo re-wilding-450082 (2.3 MP): year 2's tick read empty at p = 0.505 where a later
    # year is ticked; the calendar fills in order (RE21), and PH20 needed the photo to lean to it
    got = _calendar_sheet((EMPTY, 0.5053))["cal-2-zero"]
    assert got.state == FILLED and not got.unsure and got.confidence == pytest.approx(0.99)
    assert "the referee accepts the sheet only with it filled" in got.evidence["ruled_out"]


@pytest.mark.parametrize("cal2, more", [((EMPTY, 0.85), False), ((EMPTY, 0.6), True)])
def test_what_the_referee_leaves_to_a_person_stays_unsure(cal2, more):
    assert _calendar_sheet(cal2, more)["cal-2-zero"].unsure


def test_two_unsure_marks_take_the_one_combination_the_referee_accepts():
    # fitting photo re-wilding-200377 (2.4 MP): years 4 and 7's ticks read empty at p = 0.80
    # and 0.5, later years ticked: only both ticked is a legal calendar (PH105)
    from scorer.re_wilding.template import load as load_rew
    from sheets.sheetid import SheetId
    sid = SheetId("re-wilding", load_rew().version, "cal", 1, "a4", "blank")
    ticked = {"cal-1-zero", "cal-3-zero", "cal-5-zero"}
    out = []
    for m in _rew_mark_map(sid):
        if m.id in ("cal-2-zero", "cal-4-zero"):
            out.append(Reading(m, EMPTY, 0.7 if m.id == "cal-2-zero" else 0.8, True, FILLED))
        else:   # years 2 and 4 read less surely, so that their odds alone leave them open (PH111)
            sure = 0.99 if m.id.startswith(("cal-2-", "cal-4-")) else 0.9995
            out.append(Reading(m, FILLED if m.id in ticked else m.states[0], sure))
    got = {r.mark.id: r for r in settle(out, sid)}
    for mid in ("cal-2-zero", "cal-4-zero"):
        assert got[mid].state == FILLED and not got[mid].unsure and got[mid].confidence == pytest.approx(0.99)
    assert "and cal-4-zero filled" in got["cal-2-zero"].evidence["ruled_out"]


# --- a shadow's doubt the rules settle (ruling PH109) -----------------------------------------

def _shadowed(mid: str, state: str, probs: dict[str, float] | None = None) -> Reading:
    """A reading a shadow's doubt capped at even odds against the blank state (`shadow.doubt`)."""
    ev = {"shadow": 0.13} | ({"probs": probs} if probs else {})
    return Reading(MARKS[mid], state, 0.5, True, MARKS[mid].states[0], ev)


def test_a_shadowed_box_between_a_crossed_and_a_filled_one_is_filled():
    # judge photo re-wilding-500153 (8.3 MP): mirror 3 read filled at p = 1.0, capped at 0.5 by a
    # shadow stripe; mirror 4 after it is filled, so it is not empty, and the photo puts crossed
    # at 8 in 10 million
    got = _got([Reading(MARKS["ab-mirror-2"], CROSSED, 0.9999),
                _shadowed("ab-mirror-3", FILLED, {EMPTY: 1.4e-7, FILLED: 0.9999991, CROSSED: 7.7e-7}),
                Reading(MARKS["ab-mirror-4"], FILLED, 0.9981)])["ab-mirror-3"]
    assert got.state == FILLED and not got.unsure
    assert got.confidence == pytest.approx(0.9981)
    assert got.evidence["ruled_out"] == "ab-mirror-4 after it is filled"


def test_a_shadowed_box_the_row_leaves_blank_or_marked_stays_unsure():
    # judge photo re-wilding-500173 (5.2 MP): flip 6, the row's last box, read filled under a
    # shadow after a crossed one: empty is still legal, so the shadow's doubt stands
    got = _got([Reading(MARKS["ab-flip-5"], CROSSED, 0.9999),
                _shadowed("ab-flip-6", FILLED, {EMPTY: 7e-8, FILLED: 0.99993, CROSSED: 6.8e-5})])["ab-flip-6"]
    assert got.unsure and got.state == FILLED and "ruled_out" not in got.evidence


def test_a_shadowed_calendar_box_in_a_year_ticked_elsewhere_is_empty():
    # judge photo re-wilding-500061 (12 MP): a shadow stripe across years 4-6 read year 6's +1
    # filled at p = 1.0, capped at 0.5; year 6's -1 is ticked with confidence (one tick a year)
    readings = _calendar({y: "zero" for y in range(1, 11)} | {6: "minus"}, {})
    readings = [_shadowed(r.mark.id, FILLED) if r.mark.id == "cal-6-plus" else r for r in readings]
    got = _got(readings)["cal-6-plus"]
    assert got.state == EMPTY and not got.unsure and "cal-6-minus" in got.evidence["ruled_out"]


def test_shadowed_wildlife_under_an_empty_plant_is_empty():
    got = _got([Reading(MARKS["sq-2-2-plant-1"], EMPTY, 0.9998), _shadowed("sq-2-2-wild-1", COLOURED)])
    assert got["sq-2-2-wild-1"].state == EMPTY and not got["sq-2-2-wild-1"].unsure


@pytest.mark.parametrize("conf", [0.6, 0.9])
def test_a_box_the_photo_reads_marked_at_better_than_even_odds_is_not_emptied_by_the_rules(conf):
    # only a reading at even odds leans to its runner-up enough (LEAN_MIN): one read filled at
    # 0.6 or more, in a year ticked elsewhere, stays unsure (the player may have ticked twice)
    readings = _calendar({y: "zero" for y in range(1, 11)} | {6: "minus"}, {"cal-6-plus": (FILLED, conf)})
    got = _got(readings)["cal-6-plus"]
    assert got.unsure and got.state == FILLED


# --- calendar readings the rules can't have together (ruling PH110) ---------------------------

def test_a_year_read_empty_before_ticked_years_is_unsure():
    # fresh photo re-wilding-510581-2-4mp (2.5 MP, blurred): faint ticks in years 2 and 3 read
    # empty at p = 0.998 and 0.995, years 4-10 ticked; the referee refused the sheet, but the
    # two boxes were confident wrong marks
    ticks = {1: "minus"} | {y: "zero" for y in range(4, 11)}
    got = _got(_calendar(ticks, {}))
    for y in (2, 3):
        for word in ("plus", "zero", "minus"):
            r = got[f"cal-{y}-{word}"]
            assert r.unsure and r.state == EMPTY and r.alternative == FILLED and r.confidence == 0.5
            assert r.evidence["order_broken"] == "cal-4-zero"
    assert not got["cal-1-minus"].unsure and not got["cal-5-zero"].unsure


def test_two_ticks_in_a_year_are_both_unsure():
    ticks = {y: "plus" for y in range(1, 11)}
    readings = [Reading(r.mark, FILLED, 0.999) if r.mark.id == "cal-6-minus" else r for r in _calendar(ticks, {})]
    got = _got(readings)
    assert got["cal-6-plus"].unsure and got["cal-6-plus"].alternative == EMPTY
    assert got["cal-6-minus"].unsure and got["cal-6-minus"].evidence["order_broken"] == "cal-6-plus"
    assert not any(got[f"cal-{y}-plus"].unsure for y in (5, 7))


def test_a_calendar_ticked_in_order_and_not_yet_full_is_left_alone():
    got = _got(_calendar({y: "zero" for y in range(1, 8)}, {}))
    assert not any(r.unsure for r in got.values())


# --- a year's boxes weighed together: one tick a year (ruling PH111) --------------------------

def test_faint_ticks_in_the_last_years_are_filled_where_the_year_s_odds_agree():
    # judge photo re-wilding-500179 (2.2 MP, blurred): years 8-10 each read two boxes empty with
    # confidence and one unsure, leaning empty at p = 0.5, 0.812 and 0.651 (ink 0.29-0.44 where
    # the empty boxes had none); a year holds one tick, so each is the tick at p = 0.999 or more
    ticks = {y: "plus" for y in range(1, 8)}
    unsure = {"cal-8-minus": (EMPTY, 0.5), "cal-9-zero": (EMPTY, 0.812), "cal-10-plus": (EMPTY, 0.651)}
    got = _got(_calendar(ticks, unsure))
    for mid in unsure:
        assert got[mid].state == FILLED and not got[mid].unsure and got[mid].confidence >= 0.99
        assert "holds one tick" in got[mid].evidence["ruled_out"]


def test_the_last_year_played_is_weighed_like_any_other():
    # a game is ten years: a year with no later tick still holds one (PH20 had left it open)
    got = _got(_calendar({1: "plus", 2: "zero"}, {"cal-3-minus": (FILLED, 0.98)}))["cal-3-minus"]
    assert got.state == FILLED and not got.unsure and "year 3 holds one tick" in got.evidence["ruled_out"]
    # and two unsure boxes of a year: the one the photo leans to takes the tick, the other none
    got = _got(_calendar({1: "plus"} | {y: "zero" for y in range(3, 11)},
                         {"cal-2-plus": (FILLED, 0.98), "cal-2-minus": (EMPTY, 0.97)}))
    assert (got["cal-2-plus"].state, got["cal-2-minus"].state) == (FILLED, EMPTY)
    assert not got["cal-2-plus"].unsure and not got["cal-2-minus"].unsure


def test_a_year_whose_odds_split_between_two_boxes_stays_unsure():
    ticks = {y: "plus" for y in range(1, 10)}
    got = _got(_calendar(ticks, {"cal-10-plus": (FILLED, 0.6), "cal-10-zero": (EMPTY, 0.55)}))
    assert got["cal-10-plus"].unsure and got["cal-10-zero"].unsure


def test_a_box_read_empty_with_confidence_is_never_the_year_s_tick():
    # the box the odds point to is read empty with confidence: the year's readings disagree
    readings = _calendar({y: "plus" for y in range(1, 10)}, {"cal-10-zero": (EMPTY, 0.9999)})
    readings = [Reading(r.mark, EMPTY, 0.991) if r.mark.id == "cal-10-plus" else r for r in readings]
    got = _got(readings)
    assert got["cal-10-zero"].unsure and got["cal-10-plus"].state == EMPTY


# --- the sure boxes' odds against a photo leaning to a state they rule out (ruling PH131) -------

def _hunger(probs: dict[str, float], sure: float = 0.9999, conf: float | None = None) -> dict[str, Reading]:
    # fresh photo re-wilding-350030 (3.2 MP): squirrel hunger boxes 1, 4 and 5 read filled with
    # confidence, box 2's faint fill read empty at p = 0.66; RE10 fills hunger from the left
    row = {f"hunger-squirrel-{i}": Reading(MARKS[f"hunger-squirrel-{i}"], FILLED, sure) for i in (1, 4, 5)}
    row["hunger-squirrel-2"] = _probs("hunger-squirrel-2", probs, conf)
    return _got(list(row.values()))


def test_a_box_the_photo_leans_empty_between_sure_filled_ones_is_filled_by_their_odds():
    got = _hunger({EMPTY: 0.66, FILLED: 0.34})["hunger-squirrel-2"]
    assert got.state == FILLED and not got.unsure and got.confidence >= 0.999
    assert "hunger-squirrel-4 after it is filled" in got.evidence["ruled_out"]
    # fresh photo re-wilding-560196 (3.1 MP): a fainter fill, p(empty) = 0.957
    assert _hunger({EMPTY: 0.957, FILLED: 0.043})["hunger-squirrel-2"].state == FILLED


@pytest.mark.parametrize("probs, sure, conf", [
    ({EMPTY: 0.99, FILLED: 0.01}, 0.997, None),     # the photo outweighs boxes read at 0.997
    ({EMPTY: 0.8, FILLED: 0.2}, 0.9999, 0.7),       # capped: a doubt the rules can't lift
])
def test_a_photo_leaning_hard_against_the_order_or_capped_stays_unsure(probs, sure, conf):
    got = _hunger(probs, sure, conf)["hunger-squirrel-2"]
    assert got.unsure and "ruled_out" not in got.evidence
