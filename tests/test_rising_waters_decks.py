"""Rising Waters deck data and player boards: the counts and texts the rules pin down."""
from __future__ import annotations

import copy

import pytest

import templates
from scorer.rising_waters import decks, floodmap, roles
from scorer.rising_waters.versions import VERSIONS


@pytest.fixture(scope="module")
def all_decks() -> dict[str, decks.Deck]:
    return decks.load_all()


def test_deck_sizes(all_decks):
    assert {k: d.size for k, d in all_decks.items()} == {
        "community": 100, "landowner": 100, "weather": 100, "goals": 10, "aids": 4}
    for d in all_decks.values():
        assert sum(c.count for c in d.cards) == d.size
        assert len(d.expand()) == d.size


def test_community_power_and_resistance_cards(all_decks):
    d = all_decks["community"]
    power = {c.name for c in d.cards if c.get("group") == "power"}
    resistance = {c.name for c in d.cards if c.get("group") == "resistance"}
    assert power == {"Blues", "Church", "Family", "Farm Animals", "Garden", "Education"}
    assert resistance == {"Newspaper", "Radio", "Outside Activism", "Vaudeville Fundraiser"}
    # "All Resistance cards have this icon"
    assert {c.get("corner") for c in d.cards if c.get("group") == "resistance"} == {"rw-resistance"}
    assert d.card("education").get("corner") == "rw-wild"
    assert "wild" in d.card("education").text


def test_landowner_types_marks_and_fall_deck(all_decks):
    d = all_decks["landowner"]
    counts = d.count_by_type()
    assert set(counts) == {"job-offer", "threat", "force", "race-hatred", "flees", "relief-camp", "dynamite"}
    fall = decks.composition(d, "fall1926")
    # "Keep only 5 Force cards, 5 Race Hatred cards, 10 Threat cards and all Job Offer cards."
    assert fall == {"job-offer": counts["job-offer"], "threat": 10, "force": 5, "race-hatred": 5,
                    "flees": 0, "relief-camp": 0, "dynamite": 0}
    assert decks.composition(d, "spring1927") == counts
    for c in d.cards:
        assert c.get("crisis") == (c.type != "job-offer"), c.id          # "!" on every Crisis card
        assert not c.get("star") or c.type == "job-offer"                 # stars: early-game Job Offers
        assert c.get("spring_only") == (c.type in ("flees", "relief-camp", "dynamite"))
    stars = sum(c.count for c in d.cards if c.get("star"))
    assert 3 <= stars <= 12          # enough for the first replenishes, "the initial few turns"


def test_dynamite_cards_name_an_area_with_a_dot(all_decks):
    m = floodmap.load()
    dyn = [c for c in all_decks["landowner"].cards if c.type == "dynamite"]
    assert sum(c.count for c in dyn) == 7
    for c in dyn:
        area = m.area(c.get("area"))
        assert m.groups[area.groups[0]].dotted and area.name in c.text
        assert "add 1 to the Loss track" in c.text.replace("**", "")


def test_relief_camp_cards_name_the_map_sites(all_decks):
    m = floodmap.load()
    cards = [c for c in all_decks["landowner"].cards if c.type == "relief-camp"]
    assert len(cards) == len(m.relief_sites) == 7          # one card per Relief Camp hex
    by_site = {s.number: s for s in m.relief_sites}
    for c in cards:
        s = by_site[c.get("site")]
        assert (c.get("hex"), c.get("where")) == (s.hex, s.where)
        assert s.where in c.text
        # A red camp removes a Survivor: "Adjust the loss track accordingly" is +1.
        assert "add 1 to the Loss track" in c.text.replace("**", "")


def test_weather_reports(all_decks):
    d = all_decks["weather"]
    counts = d.count_by_type()
    assert counts["heavy"] == 18
    assert decks.composition(d, "fall1926")["heavy"] == 9 == VERSIONS["fall1926"].heavy_rain_kept
    areas = {"mounds-landing", "cabin-teele", "tensas-basin", "yazoo-valley"}
    for rain, add in (("light", 1), ("medium", 2), ("heavy", 3)):
        cards = [c for c in d.cards if c.type == rain]
        assert {c.get("area") for c in cards} == areas
        assert all(c.get("water") == add for c in cards)
    assert counts["sunny"] > 0 and counts["cloudy"] > 0


def test_community_goals_are_the_five_pairs_the_rules_list(all_decks):
    d = all_decks["goals"]
    pairs = {(c.get("theme"), c.get("level"), c.name) for c in d.cards}
    assert pairs == {
        ("Spread African American Music", "A", "Write New Blues Songs"),
        ("Spread African American Music", "B", "Found a New Record Label"),
        ("Build Rescue Equipment", "A", "Build Rafts"),
        ("Build Rescue Equipment", "B", "Build Makeshift Motorboat"),
        ("Increase Community Communication", "A", "Raise Education Levels"),
        ("Increase Community Communication", "B", "Establish an African American Newspaper"),
        ("Labor Organizing", "A", "Hold a Labor Meeting"),
        ("Labor Organizing", "B", "Form a Sharecroppers Union"),
        ("Increase Self-Help Efforts", "A", "Feed Local Survivors"),
        ("Increase Self-Help Efforts", "B", "Form a Mutual Aid Society"),
    }
    a_names = {c.get("theme"): c.name for c in d.cards if c.get("level") == "A"}
    for c in d.cards:
        # An A card moves the loss track down one, a B card two; B needs its A first.
        assert c.get("losses") == (1 if c.get("level") == "A" else 2)
        assert (c.get("requires") or None) == (a_names[c.get("theme")] if c.get("level") == "B" else None)


def test_player_aids_list_five_phases_and_four_actions(all_decks):
    aid = all_decks["aids"].card("aid")
    phases = [p for p in aid.get("phases").split("\n") if p]
    assert len(phases) == 5 and aid.count == 4
    for word in ("Upgrade", "Landowner", "Player actions", "Weather Report", "Clean up"):
        assert any(word in p for p in phases), word
    actions = aid.get("actions")
    for word in ("**Move**", "**Donate**", "**Work**", "**Resist**"):
        assert word in actions


def test_a_deck_that_does_not_add_up_is_rejected():
    raw = copy.deepcopy(templates.load_raw("rising_waters_landowner"))
    raw["cards"][0]["count"] += 1
    with pytest.raises(decks.DeckError, match="add up to 101"):
        decks._build("landowner", raw)
    raw = copy.deepcopy(templates.load_raw("rising_waters_landowner"))
    raw["composition"]["fall1926"]["force"] = 11
    with pytest.raises(decks.DeckError, match="keeps 11 force"):
        decks._build("landowner", raw)


def test_player_boards():
    r = roles.load()
    assert [x.name for x in r.roles] == ["Blues Singer", "Outside Activist", "Preacher", "Sharecropper",
                                         "Child/Young Person", "Teacher"]
    tracks = {p.id: p for p in r.perpetual}
    assert list(tracks) == ["actions", "movement", "donations", "pawns", "swim"]
    assert (tracks["actions"].start, tracks["movement"].start, tracks["pawns"].start) == ("2", "3", "4")
    # "discard the two Farm Animal cards to increase their Movement ability from 3 to 4 ...
    # to upgrade from 4 to 5 they would have to discard three"
    assert [(s.value, s.cost) for s in tracks["movement"].steps[:2]] == [("4", 2), ("5", 3)]
    assert tracks["movement"].card == "farm-animals"
    # The rules' Garden paragraph repeats the Farm Animals text; Garden raises Actions.
    assert tracks["actions"].card == "garden"
    # Pawns start at 4 with loss boxes to the left; recovering a lost pawn costs Family.
    assert tracks["pawns"].lost == ("0", "1", "2", "3") and tracks["pawns"].lost_cost == 1
    assert [(s.value, s.cost) for s in tracks["swim"].steps] == [("yes", 2)] and tracks["swim"].card == "blues"
    ren = {x.id: x for x in r.renewable}
    assert set(ren["work-discount"].cost) == {("garden", 1), ("farm-animals", 1)}
    assert "raft" in ren
    assert r.cubes == 11          # "11 cubes" per player in the components
    teacher = r.role("teacher")
    assert "Education" in teacher.power and "Resistance" in teacher.power
