"""The Re-Wilding template and icons: stable ids, exact geometry, and a design the rules can use."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from shapely.geometry import LineString, Point, Polygon, box

from scorer.re_wilding.template import ABILITIES, WEATHERS, load
from sheets.paper import PAPERS
from sheets.re_wilding import chain_arrows, contamination_mark
from sheets.re_wilding_icons import KINDS, icon_path, icon_points

ROOT = Path(__file__).resolve().parent.parent
T = load()


@pytest.mark.parametrize("script", ["make_re_wilding_template.py", "make_re_wilding_icons.py"])
def test_committed_json_matches_its_generator(script):
    r = subprocess.run([sys.executable, str(ROOT / "tools" / script), "--check"], cwd=ROOT)
    assert r.returncode == 0, f"run tools/{script} and commit the JSON"


def test_every_markable_has_a_unique_id_and_an_index():
    assert len(T.ids) == len(set(T.ids)) == 100 + 24 + 20 + 8 + 20 + 30 + 40
    assert all(T.index[i] == k for k, i in enumerate(T.ids))
    assert T.markables["sq-3-2-plant-1"].kind == T.habitats[T.square(3, 2).habitat].plant


def test_squares_hold_two_plants_over_two_wildlife_big_enough_to_colour():
    for sq in T.squares:
        hab = T.habitats[sq.habitat]
        assert [o.kind for o in sq.plants] == [hab.plant] * 2
        assert [o.kind for o in sq.wildlife] == [hab.wildlife] * 2
        for o in sq.outlines:
            assert o.w >= 8 and o.h >= 8
            assert sq.box.x <= o.x and o.x + o.w <= sq.box.x + sq.box.w
        for p, w in zip(sq.plants, sq.wildlife):
            assert w.y > p.y + p.h - 0.01 and abs(w.x - p.x) < 0.01     # wildlife k under plant k
        boxes = [box(o.x, o.y, o.x + o.w, o.y + o.h) for o in sq.outlines]
        assert all(not a.intersection(b).area for i, a in enumerate(boxes) for b in boxes[i + 1:])


def test_the_landscape_has_four_habitats_and_a_river_with_banks():
    counts = {h: len(T.by_habitat[h]) for h in T.habitats}
    assert set(counts) == {"hills", "moors", "river", "banks"} and sum(counts.values()) == 25
    assert min(counts.values()) >= 5
    river = {s.pos for s in T.by_habitat["river"]}
    # the river runs from the top row to the bottom row, square to touching square
    assert any(r == 1 for _, r in river) and any(r == 5 for _, r in river)
    for c, r in river:
        assert any(T.has_square(c + dc, r + dr) and T.square(c + dc, r + dr).habitat == "banks"
                   for dc in (-1, 0, 1) for dr in (-1, 0, 1)), "banks lie beside the river"


def test_weather_squares_and_chains():
    marked = {s.weather: s.habitat for s in T.squares if s.weather}
    assert marked == {"fire": "moors", "drought": "river", "storms": "hills", "flood": "banks"}
    for w, chain in T.chains.items():
        assert T.square(*chain[0]).weather == w and len(chain) >= 2


def test_six_contamination_numbers():
    assert [s.contamination for s in T.contamination_order] == [1, 2, 3, 4, 5, 6]


def test_rows_of_boxes_match_the_issue():
    assert tuple(T.abilities) == ABILITIES and tuple(T.protection) == WEATHERS
    assert all(len(r.boxes) == 5 for r in T.protection.values())
    assert len(T.cleanup) == 8 and sum(b.prefilled for b in T.cleanup) == 2   # "eight squares, with two pre-filled"
    assert all(len(ln.boxes) == 2 for ln in T.lines.values()) and len(T.lines) == 10
    assert len(T.calendar) == 10 and all(len(y.ticks) == 3 for y in T.calendar)
    assert {h.id for h in T.hunger.values()} == {"snake", "kingfisher", "squirrel", "fish"}
    assert [s.id for s in T.selection] == ["save", "protect", "clear", "plant", "introduce", "grow"]
    assert set(T.score) == {"contaminated", "bare", "flora", "fauna", "hunger", "total"}
    assert any(b.prefilled for r in T.abilities.values() for b in r.boxes)
    assert any(b.prefilled for r in T.protection.values() for b in r.boxes)
    assert any(b.prefilled for ln in T.lines.values() for b in ln.boxes)


def test_the_frame_fits_a4_and_letter_with_scanner_boxes():
    for p in PAPERS.values():
        p.frame_origin(T.frame_w, T.frame_h)   # raises if it reaches the unprintable margin
    for key in ("marker-tl", "marker-tr", "marker-br", "marker-bl", "qr", "calibration", "print-note"):
        assert key in T.boxes


def test_nothing_markable_overlaps_anything_else_markable():
    items = [box(m.x, m.y, m.x + m.w, m.y + m.h) for m in T.markables.values()]
    items += [box(b.x, b.y, b.x + b.w, b.y + b.h) for k, b in T.boxes.items() if k.startswith(("marker", "qr"))]
    for i, a in enumerate(items):
        for b in items[i + 1:]:
            assert a.intersection(b).area < 1e-9


@pytest.mark.parametrize("kind", KINDS)
def test_icons_are_single_closed_outlines_in_the_unit_box(kind):
    pts = icon_points(kind)
    poly = Polygon(pts)
    assert poly.is_valid and poly.area > 0.15, (kind, poly.area)
    minx, miny, maxx, maxy = poly.bounds
    assert 0 <= minx and 0 <= miny and maxx <= 1 and maxy <= 1
    assert max(maxx - minx, maxy - miny) > 0.85       # the icon fills its box
    ops = icon_path(kind)
    assert ops[0][0] == "M" and ops[-1] == ("Z",) and all(op[0] == "L" for op in ops[1:-1])


def test_chain_arrows_stay_clear_of_outlines_and_numbers():
    outlines = [box(o.x, o.y, o.x + o.w, o.y + o.h) for s in T.squares for o in s.outlines]
    numbers = [Point(*contamination_mark(s)[:2]).buffer(contamination_mark(s)[2]) for s in T.squares if s.contamination]
    assert not any(n.intersects(b) for n in numbers for b in outlines)
    arrows = chain_arrows(T)
    assert len(arrows) == sum(len(c) - 1 for c in T.chains.values())
    for weather, (x1, y1, x2, y2) in arrows:
        shaft = LineString([(x1, y1), (x2, y2)]).buffer(0.8)
        assert not any(shaft.intersects(b) for b in outlines), weather
        assert not any(shaft.intersects(n) for n in numbers), weather
