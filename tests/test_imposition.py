"""Imposition geometry: grids, bleed, crop marks, duplex mirroring, fold and honeycomb."""
from __future__ import annotations

import math

import pytest
from hypothesis import given, strategies as st

from sheets.imposition import (FOLD_GUTTER, Rect, back_rect, back_rotation, flip_axis, fold_layout,
                               free_bands, grid_layout, printable)
from sheets.paper import A4, LETTER, PRINT_MARGIN

PAPERS = [A4, LETTER]
SIZES = [(63, 88), (18, 54), (44, 63), (95, 130), (30, 30)]


def seg_rect(s):
    x1, y1, x2, y2 = s
    return Rect(min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1))


def seg_hits(s, r: Rect) -> bool:
    """Whether an axis-parallel segment touches the rectangle's interior."""
    g = seg_rect(s)
    return g.x <= r.right - 1e-6 and r.x + 1e-6 <= g.right and g.y <= r.bottom - 1e-6 and r.y + 1e-6 <= g.bottom


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_poker_cards_are_3x3_on_a4_and_letter(paper):
    lay = grid_layout(paper, 63, 88)
    assert (lay.cols, lay.rows) == (3, 3)
    assert not lay.landscape


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("gap", [0.0, 2.0, 6.0])
def test_crop_marks_inside_printable_area_and_never_over_a_piece(paper, size, gap):
    lay = grid_layout(paper, *size, gap=gap)
    area = printable(lay.page_w, lay.page_h)
    assert lay.marks, "a rectangle grid has crop marks"
    for s in lay.marks:
        assert area.contains(seg_rect(s)), s
        for slot in lay.slots:
            assert not seg_hits(s, slot.paint), (s, slot)


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_every_cut_line_has_marks_at_both_ends(paper):
    lay = grid_layout(paper, 63, 88)
    xs = {round(s.trim.x, 3) for s in lay.slots} | {round(s.trim.right, 3) for s in lay.slots}
    for x in xs:
        vertical = [m for m in lay.marks if m[0] == m[2] and round(m[0], 3) == x]
        assert len(vertical) == 2, x   # one above the grid, one below
    ys = {round(s.trim.y, 3) for s in lay.slots} | {round(s.trim.bottom, 3) for s in lay.slots}
    for y in ys:
        assert len([m for m in lay.marks if m[1] == m[3] and round(m[1], 3) == y]) == 2


@pytest.mark.parametrize("gap", [0.0, 1.0, 4.0, 8.0])
def test_bleed_never_reaches_a_neighbour(gap):
    lay = grid_layout(A4, 40, 55, bleed=3.0, gap=gap)
    paints = [s.paint for s in lay.slots]
    for i, a in enumerate(paints):
        for b in paints[i + 1:]:
            assert not a.overlaps(b)
    inner = min(3.0, gap / 2)
    middle = next(s for s in lay.slots if s.col == 1 and s.row == 1)  # neighbours on all sides
    assert middle.paint == middle.trim.expand(inner)


def test_outer_bleed_is_kept_where_the_margin_allows():
    lay = grid_layout(A4, 63, 88, bleed=3.0)
    top = lay.slots[0]
    assert top.trim.y - top.paint.y == pytest.approx(3.0)   # A4 has 16.5 mm above the grid


def test_letter_poker_grid_keeps_short_marks_in_the_thin_margin():
    lay = grid_layout(LETTER, 63, 88)
    top_marks = [m for m in lay.marks if m[0] == m[2] and min(m[1], m[3]) < lay.slots[0].trim.y]
    assert len(top_marks) == 4 and all(abs(m[3] - m[1]) >= 0.8 for m in top_marks)
    assert lay.slots[0].paint.y == pytest.approx(lay.slots[0].trim.y)  # no room for top bleed


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_long_edge_backs_mirror_columns_on_portrait(paper):
    lay = grid_layout(paper, 63, 88)
    backs = lay.back_slots("long")
    by_pos = {(s.col, s.row): s for s in lay.slots}
    for s, b in zip(lay.slots, backs):
        assert b.trim.rounded() == by_pos[(lay.cols - 1 - s.col, s.row)].trim.rounded()
    assert back_rotation(lay.page_w, lay.page_h, "long") == 0


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_short_edge_backs_mirror_rows_and_turn_on_portrait(paper):
    lay = grid_layout(paper, 63, 88)
    backs = lay.back_slots("short")
    by_pos = {(s.col, s.row): s for s in lay.slots}
    for s, b in zip(lay.slots, backs):
        assert b.trim.rounded() == by_pos[(s.col, lay.rows - 1 - s.row)].trim.rounded()
    assert back_rotation(lay.page_w, lay.page_h, "short") == 180


def test_landscape_pages_swap_the_axes():
    assert flip_axis(297, 210, "long") == "y"
    assert flip_axis(297, 210, "short") == "x"
    assert flip_axis(210, 297, "long") == "x"
    with pytest.raises(ValueError):
        flip_axis(210, 297, "none")


def test_back_offset_moves_backs_right_and_down():
    r = Rect(10, 20, 63, 88)
    plain = back_rect(r, 210, 297, "long")
    moved = back_rect(r, 210, 297, "long", (1.5, -0.5))
    assert (moved.x - plain.x, moved.y - plain.y) == pytest.approx((1.5, -0.5))


@given(fx=st.floats(0, 1), fy=st.floats(0, 1), duplex=st.sampled_from(["long", "short"]),
       landscape=st.booleans())
def test_mirroring_twice_is_the_identity(fx, fy, duplex, landscape):
    w, h = (297.0, 210.0) if landscape else (210.0, 297.0)
    r = Rect(fx * (w - 50), fy * (h - 60), 50, 60)
    once = back_rect(r, w, h, duplex)
    assert Rect(0, 0, w, h).contains(once)
    twice = back_rect(once, w, h, duplex)
    assert (twice.x, twice.y, twice.w, twice.h) == pytest.approx((r.x, r.y, r.w, r.h))


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_fold_layout_puts_backs_mirrored_across_the_fold(paper):
    lay = fold_layout(paper, 63, 88)
    assert lay.landscape and lay.per_page == 4
    for f, b in zip(lay.slots, lay.back_slots("long")):
        assert f.trim.right <= lay.fold_x - FOLD_GUTTER + 1e-6
        assert b.trim.x >= lay.fold_x + FOLD_GUTTER - 1e-6
        assert b.trim.x - lay.fold_x == pytest.approx(lay.fold_x - f.trim.right)
        assert b.trim.y == f.trim.y
    area = printable(lay.page_w, lay.page_h)
    for s in lay.marks:
        assert area.contains(seg_rect(s)) and seg_rect(s).right <= lay.fold_x


def test_honeycomb_hexes_share_their_edges():
    w, h = 30.0, 30.0 / math.cos(math.radians(30))
    lay = grid_layout(A4, w, h, shape="hex", pack="honeycomb", gap=0.0)
    a, b = lay.slots[0], lay.slots[1]
    assert b.trim.x - a.trim.x == pytest.approx(w)           # side by side in a row
    c = next(s for s in lay.slots if s.row == 1)
    assert c.trim.y - a.trim.y == pytest.approx(0.75 * h)     # rows nest
    assert not lay.marks                                       # cut along the outlines instead
    assert lay.per_page > grid_layout(A4, w, h, shape="hex", gap=0.0).per_page - 1


def test_a_piece_too_big_is_a_clear_error():
    with pytest.raises(ValueError, match="does not fit on a4"):
        grid_layout(A4, 250, 300)
    with pytest.raises(ValueError, match="unknown shape"):
        grid_layout(A4, 20, 20, shape="star")


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_free_bands_stay_clear_of_marks_and_pieces(paper):
    lay = grid_layout(paper, 63, 88)
    bands = free_bands(lay, 2.9)
    assert bands
    area = printable(lay.page_w, lay.page_h)
    for r, side in bands:
        assert area.contains(r)
        assert not any(seg_hits(m, r) for m in lay.marks)
        assert not any(s.paint.overlaps(r) for s in lay.slots)
    if paper is LETTER:   # 1.35 mm above and below the cards: labels go up the sides
        assert {side for _, side in bands} == {"left", "right"}
    assert PRINT_MARGIN == 6.35
