"""The Rising Waters hex map: template, adjacency, rivers, the clockwise order and playability."""
from __future__ import annotations

import copy
import importlib.util
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import templates
from scorer.rising_waters import floodmap, hexgrid, playability
from scorer.rising_waters.floodmap import MapError

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def m() -> floodmap.FloodMap:
    return floodmap.load()


def _builder():
    spec = importlib.util.spec_from_file_location("build_rw_map", ROOT / "tools" / "build_rising_waters_map.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)  # type: ignore[union-attr]
    return mod


def test_template_is_built_from_the_drawing():
    b = _builder()
    assert (ROOT / "templates" / "rising_waters_map.json").read_text(encoding="utf-8") == b.dumps(b.build()), \
        "run tools/build_rising_waters_map.py after editing the map drawing"


def test_every_hex_has_coordinates_terrain_group_and_elevation(m):
    raw = templates.load_raw("rising_waters_map")
    assert len(raw["hexes"]) == m.columns * m.rows == 224
    for h in raw["hexes"]:
        assert set(h) >= {"q", "r", "terrain", "group", "elevation"}
        assert (h["elevation"] is None) == (h["terrain"] in ("river", "lake"))


@given(st.integers(0, 25), st.integers(0, 40))
def test_offset_axial_and_labels_round_trip(col, row):
    a = hexgrid.offset_to_axial(col, row)
    assert hexgrid.axial_to_offset(a) == (col, row)
    assert hexgrid.parse_label(hexgrid.label(a)) == a


def test_neighbours_are_one_step_away_and_clockwise_from_north():
    o = (3, 4)
    ring = hexgrid.neighbors(o)
    assert all(hexgrid.distance(o, n) == 1 for n in ring)
    bearings = [hexgrid.bearing(hexgrid.center(o), hexgrid.center(n)) for n in ring]
    assert bearings == [30.0, 90.0, 150.0, 210.0, 270.0, 330.0]
    assert hexgrid.clockwise(o, list(reversed(ring))) == ring


def test_hex_adjacency_is_symmetric(m):
    for h in m.hexes.values():
        for n in m.hex_neighbours(h.id):
            assert h.id in m.hex_neighbours(n)
    for g in m.groups:
        for n in m.neighbours(g):
            assert g in m.neighbours(n), f"{g} touches {n} but not back"


def test_every_group_is_connected_and_land_is_2_to_6(m):
    for g in m.groups.values():
        assert floodmap._connected(m, g)
        if g.kind == "land":
            assert 2 <= g.elevation <= 6
            assert all(m.hexes[h].elevation == g.elevation for h in g.hexes)


def test_river_groups_drain_south_to_one_south_end(m):
    rivers = [g for g in m.groups.values() if g.kind == "river"]
    ends = [g.id for g in rivers if g.downstream is None]
    assert ends == ["tb4"]
    for g in rivers:
        if g.downstream:
            d = m.groups[g.downstream]
            assert d.kind == "river" and d.id in m.neighbours(g.id)
            assert floodmap._south(m, d) > floodmap._south(m, g)
    # Following downstream from Mounds Landing's dot visits every river group once.
    seen, g = [], "ml1"
    while g:
        seen.append(g)
        g = m.groups[g].downstream
    assert sorted(seen) == sorted(r.id for r in rivers)


def test_areas_resolve_lakes_first_then_north_to_south(m):
    assert [a.id for a in m.areas] == ["yazoo-valley", "mounds-landing", "cabin-teele", "tensas-basin"]
    assert [a.kind for a in m.areas] == ["lake", "river", "river", "river"]
    assert len(m.area("yazoo-valley").groups) == 4            # "the 4 lakes"
    for a in m.areas:
        first = m.groups[a.groups[0]]
        assert first.dotted and first.order == 1
        assert not any(m.groups[g].dotted for g in a.groups[1:])
    # Lakes are separate oxbows: no lake touches another lake or the river.
    for g in m.groups.values():
        if g.kind == "lake":
            assert not any(m.groups[n].is_water for n in m.neighbours(g.id))


def test_places_sit_where_the_rules_put_them(m):
    rows = m.rows
    row = {p.id: m.hexes[p.hex].r for p in m.places}
    assert m.hexes[m.entry].group == "ml1" and m.hexes[m.entry].r == 0        # north
    assert abs(m.hexes[m.groups["ct1"].token].r / rows - 1 / 3) < 0.08         # about a third down
    assert abs(m.hexes[m.groups["tb1"].token].r / rows - 1 / 2) < 0.08         # about half way down
    assert row["vicksburg"] > row["tensas-basin"]
    east = [m.hexes[h].q + m.hexes[h].r / 2 for g in m.area("yazoo-valley").groups for h in m.groups[g].hexes]
    river = [m.hexes[h].q + m.hexes[h].r / 2 for g in m.groups.values() if g.kind == "river" for h in g.hexes]
    assert min(east) > max(river)                                               # the lakes lie east
    assert any(m.hexes[h].terrain == "city" for h in m.hexes if m.hexes[h].group == m.hexes["H14"].group)
    assert len(m.town_sites) == 6 and len(m.relief_sites) == 7
    assert {m.hexes[h].terrain for h in m.hexes} == {"river", "lake", "land", "forest", "field", "city"}
    # Survivors enter on land within one hex of the dot.
    assert any(not m.hexes[n].is_water for n in m.hex_neighbours(m.entry))


def test_clockwise_order_from_the_token(m):
    # ml1's token is F1; the hand meets G1 (Mounds Landing bank, 2) first, then east-bank
    # 3s, the river below, the west bank 3s and the 4s to the west.
    assert [n.group for n in m.clockwise("ml1")] == ["g03", "g07", "ml2", "g06", "g02"]
    bearings = [n.bearing for n in m.clockwise("tb1")]
    assert bearings == sorted(bearings)
    assert [g.elevation for g in m.land_neighbours("tb1")] == [4, 3, 3, 2]


def test_validator_rejects_a_broken_map():
    raw = copy.deepcopy(templates.load_raw("rising_waters_map"))
    for g in raw["groups"]:
        if g["id"] == "ml1":
            g["downstream"] = "tb4"
    with pytest.raises(MapError, match="does not touch"):
        floodmap._build(raw)
    raw = copy.deepcopy(templates.load_raw("rising_waters_map"))
    raw["hexes"][0]["elevation"] = 9
    with pytest.raises(MapError, match="elevation"):
        floodmap._build(raw)


def test_fall_setup_floods_nothing_without_rain(m):
    assert playability.start_floods(m, "fall1926") == []
    assert playability.start_floods(m, "spring1927") == []


def test_heavy_rain_at_mounds_landing_threatens_several_land_groups(m):
    t = playability.rain_threat(m, "fall1926", "mounds-landing", "heavy")
    assert t.level == 4 and len(t.land) >= 3
    # Light rain in the Fall threatens nothing anywhere: the lowest land is 2.
    for a in m.areas:
        assert playability.rain_threat(m, "fall1926", a.id, "light").land == ()


def test_board_boxes_do_not_overlap_and_fit(m):
    boxes = [*m.spots.values(), *m.boxes.values()]
    boxes += [t.label_box for t in m.tracks.values()] + [s for t in m.tracks.values() for s in t.spaces]
    for b in boxes:
        assert 0 <= b.x and b.x + b.w <= m.width and 0 <= b.y and b.y + b.h <= m.height, b.id
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            overlap = a.x < b.x + b.w - 1e-6 and b.x < a.x + a.w - 1e-6 and a.y < b.y + b.h - 1e-6 \
                and b.y < a.y + a.h - 1e-6
            assert not overlap, (a.id, b.id)
    # Every hex lies inside the map box.
    mb = m.boxes["map"]
    for h in m.hexes:
        for x, y in hexgrid.corners(*m.center(h), m.hex_size):
            assert mb.x - 0.01 <= x <= mb.x + mb.w + 0.01 and mb.y - 0.01 <= y <= mb.y + mb.h + 0.01


def test_tracks_run_the_lengths_the_rules_give(m):
    assert (m.tracks["loss"].min, m.tracks["loss"].max) == (0, 25)
    assert (m.tracks["weeks"].min, m.tracks["weeks"].max) == (0, 10)
    assert m.tracks["donations"].max >= 8                    # 4 players bank 8 cards
    assert {"landowner-deck", "landowner-1", "landowner-2", "landowner-3", "weather-deck",
            "community-deck"} <= set(m.spots)
    lo, we, co = m.spots["landowner-deck"], m.spots["weather-deck"], m.spots["community-deck"]
    assert lo.y < m.height / 2 and lo.x < m.width / 2         # upper left
    assert we.y > m.height / 2 and we.x < m.width / 2         # lower left
    assert co.y > m.height / 2 and co.x > m.width / 2         # lower right
