"""Re-Wilding photo reader: an unsure calendar box settled by the calendar's rules (one tick a
year, years in order: RE21), ruling PH20."""
from __future__ import annotations

import pytest

from scorer.photo.decide import SETTLE_MIN
from scorer.photo.games.re_wilding import settle
from scorer.photo.markmap import EMPTY, FILLED, Reading

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


def test_a_second_mark_in_a_ticked_year_is_empty():
    got = _got(_calendar({1: "plus", 2: "minus"}, {"cal-2-zero": (EMPTY, 0.95)}))["cal-2-zero"]
    assert got.state == EMPTY and not got.unsure and "cal-2-minus" in got.evidence["ruled_out"]


def test_a_mark_after_a_year_with_no_tick_is_empty():
    got = _got(_calendar({1: "plus", 2: "minus"}, {"cal-5-zero": (EMPTY, 0.93)}))["cal-5-zero"]
    assert got.state == EMPTY and not got.unsure and "year 3 has no tick" in got.evidence["ruled_out"]


@pytest.mark.parametrize("ticks, unsure", [
    # the photo leans the other way from the rules: a person should look
    ({y: "zero" for y in range(2, 11)}, {"cal-1-plus": (EMPTY, 0.95)}),
    # the photo barely leans: below SETTLE_MIN the rules do not decide for it
    ({y: "zero" for y in range(2, 11)}, {"cal-1-plus": (FILLED, SETTLE_MIN - 0.05)}),
    # the last year ticked: nothing later says the year was played
    ({1: "plus", 2: "zero"}, {"cal-3-minus": (FILLED, 0.98)}),
    # two boxes of a year unsure: neither is settled by the other
    ({1: "plus"} | {y: "zero" for y in range(3, 11)}, {"cal-2-plus": (FILLED, 0.98), "cal-2-minus": (EMPTY, 0.97)}),
])
def test_what_the_rules_leave_open_stays_unsure(ticks, unsure):
    got = _got(_calendar(ticks, unsure))
    for mid in unsure:
        assert got[mid].unsure and "ruled_out" not in got[mid].evidence


def test_sure_readings_are_never_changed():
    # a sheet that breaks the rules (two ticks in year 1, a gap at year 2) is the referee's to
    # refuse; the settlement touches only unsure boxes
    readings = _calendar({1: "plus", 3: "zero"}, {})
    readings[1] = Reading(MARKS["cal-1-zero"], FILLED, 0.999)
    assert [(r.state, r.confidence, r.unsure) for r in settle(readings)] == \
        [(r.state, r.confidence, r.unsure) for r in readings]
