"""PH139, PH140: an outline read coloured, or a box that can only be filled read filled,
colourless, with the paper beside it as dark as its inside in some direction is unsure (a
shadow's tip over it: judge photos re-wilding-600054, -650138, -760151)."""
from __future__ import annotations

import numpy as np

from scorer.photo import shadow
from scorer.photo.markmap import COLOURED, CROSSED, EMPTY, FILLED, Mark, Reading
from scorer.photo.normalise import Calibration, Normalised

from test_photo_shadow import FISH

P, SIZE = 5.0, 160        # a 32 x 32 mm sheet at 5 px per mm; FISH spans 12-20 mm both ways


def _sheet(dark_mm) -> Normalised:
    """The sheet with darkness `dark_mm(x, y)` (dark thresholds) over the print, none printed."""
    cal = Calibration((0.0, 1.0), (0.0, 1.0), 0.01, 1.0, True, 0.1, 8.0)
    yy, xx = np.mgrid[0:SIZE, 0:SIZE] / P
    dark = (dark_mm(xx, yy) * cal.dark_threshold).astype(np.float32)
    z = np.zeros((SIZE, SIZE), np.float32)
    norm = np.repeat(np.clip(1.0 - dark, 0.0, 1.0)[..., None], 3, axis=2)   # the photo as dark as that
    return Normalised(P, norm, dark, z, z, z, np.ones((SIZE, SIZE), bool), cal,
                      sat=z, printed=z)


def _in_fish(x, y):
    return (x >= 12) & (x < 20) & (y >= 12) & (y < 20)


def test_an_even_grey_that_runs_on_beyond_the_outline_is_a_shadows_tip():
    # 650138: the kingfisher's inside evenly grey (2.5 thresholds, no slope for PH70) and a
    # tongue of the same shade running on to its right
    tip = _sheet(lambda x, y: np.where(_in_fish(x, y) | ((x >= 12) & (x < 27) & (y >= 13) & (y < 19)), 2.5, 0.0))
    assert shadow.gradient(tip, FISH) < shadow.GRADIENT
    assert shadow.shade_beside(tip, FISH) > 0.9
    out = shadow.graded(tip, [Reading(FISH, COLOURED, 0.997, evidence={"mass_chroma": 0.01})])
    assert out[0].unsure and out[0].alternative == EMPTY and out[0].evidence["shadow_beside"] > 0.9


def test_colouring_that_stays_inside_or_overruns_in_strokes_stays_coloured():
    fill = _sheet(lambda x, y: np.where(_in_fish(x, y), 2.5, 0.0))
    assert shadow.shade_beside(fill, FISH) is None          # clean paper all round
    # strokes overrunning the outline by a millimetre, 0.3 mm wide every 1.2 mm on each side
    def overrun(x, y):
        strokes = (np.mod(x, 1.2) < 0.3) & (x > 11) & (x < 21) & (y > 11) & (y < 21)
        return np.where(_in_fish(x, y) | strokes, 2.5, 0.0)
    over = _sheet(overrun)
    beside = shadow.shade_beside(over, FISH)
    assert beside is None or beside < shadow.SHADE_SHARE
    assert not shadow.graded(over, [Reading(FISH, COLOURED, 0.999, evidence={"mass_chroma": 0.01})])[0].unsure


def test_a_colour_no_shadow_gives_keeps_the_outline_coloured():
    tip = _sheet(lambda x, y: np.where(_in_fish(x, y) | ((x >= 12) & (x < 27) & (y >= 13) & (y < 19)), 2.5, 0.0))
    tip.sat = np.where(_in_fish(*np.mgrid[0:SIZE, 0:SIZE][::-1] / P), 30.0, 0.0).astype(np.float32)
    assert not shadow.graded(tip, [Reading(FISH, COLOURED, 0.999, evidence={"mass_chroma": 0.01})])[0].unsure


# PH140: hunger boxes 4 mm wide, 1 mm apart, at y 14-18 mm
def _hunger(k: int, states=(EMPTY, FILLED)) -> Mark:
    return Mark(f"hunger-fish-{k}", "fillbox", (6.0 + 5 * (k - 1), 14.0, 4.0, 4.0), states, "hunger")


def _in_box(x, y, k: int):
    return (x >= 6 + 5 * (k - 1)) & (x < 10 + 5 * (k - 1)) & (y >= 14) & (y < 18)


def _filled(mk: Mark) -> Reading:
    return Reading(mk, FILLED, 1.0, evidence={"score": 0.63})


def test_a_shadows_tip_over_a_box_and_the_paper_beside_it_leaves_it_unsure():
    # 760151: a tip evenly over the empty hunger-fish-1 and the paper left of it
    boxes = [_hunger(k) for k in (1, 2, 3, 4)]
    tip = _sheet(lambda x, y: np.where((x >= 1) & (x < 10) & (y >= 13) & (y < 19.5), 2.0, 0.0))
    assert shadow.shade_beside(tip, boxes[0], tuple(boxes[1:])) > 0.9
    out = shadow.graded(tip, [_filled(boxes[0])] + [Reading(b, EMPTY, 1.0) for b in boxes[1:]])
    assert out[0].unsure and out[0].alternative == EMPTY and out[0].evidence["shadow_beside"] > 0.9


def test_a_box_filled_beside_filled_boxes_stays_filled():
    # the track filled in order: the neighbours' fills are left out of the paper beside
    boxes = [_hunger(k) for k in (1, 2, 3, 4)]
    track = _sheet(lambda x, y: np.where(_in_box(x, y, 1) | _in_box(x, y, 2) | _in_box(x, y, 3), 2.5, 0.0))
    beside = shadow.shade_beside(track, boxes[1], (boxes[0], boxes[2], boxes[3]))
    assert beside is None or beside < shadow.SHADE_BOX_SHARE
    out = shadow.graded(track, [_filled(b) for b in boxes[:3]] + [Reading(boxes[3], EMPTY, 1.0)])
    assert not any(r.unsure for r in out)
    # without leaving them out, the neighbours would read as shade beside
    assert shadow.shade_beside(track, boxes[1]) > shadow.SHADE_BOX_SHARE


def test_a_box_that_can_be_crossed_is_left_alone():
    box = _hunger(1, (EMPTY, FILLED, CROSSED))
    tip = _sheet(lambda x, y: np.where((x >= 1) & (x < 10) & (y >= 13) & (y < 19.5), 2.0, 0.0))
    assert not shadow.graded(tip, [_filled(box)])[0].unsure


def test_an_outline_read_coloured_with_a_bare_colourless_inside_is_unsure():
    # PH160, judge re-wilding-940045 (2.0 MP, a cast shadow): empty snakes whose blurred,
    # shaded print gave a colourless mass read coloured at p = 1.0; their insides, clear of
    # print, were 0.014-0.123 darker than the white. Coloured outlines that colourless show
    # 0.133 and more (37,049 on 3,001 photos)
    def read(sheet):
        return shadow.graded(sheet, [Reading(FISH, COLOURED, 0.9999, evidence={"mass_chroma": 0.01})])[0]
    bare = read(_sheet(lambda x, y: np.where(_in_fish(x, y), 0.5, 0.0)))     # 0.05 of the white
    assert bare.unsure and bare.alternative == EMPTY and bare.evidence["bare_inside"] < shadow.BARE_INSIDE
    assert "nearly white" in bare.why
    assert not read(_sheet(lambda x, y: np.where(_in_fish(x, y), 1.33, 0.0))).unsure   # faint pencil
    # a light colour (a highlighter) is colouring, however pale
    pale = _sheet(lambda x, y: np.where(_in_fish(x, y), 0.5, 0.0))
    pale.sat = np.where(_in_fish(*np.mgrid[0:SIZE, 0:SIZE][::-1] / P), 30.0, 0.0).astype(np.float32)
    assert not read(pale).unsure


def test_an_outline_whose_inside_holds_a_highlighters_chroma_is_left_alone():
    # PH205, judge re-wilding-2400187 (9.6 MP): a snake in yellow highlighter, its inside's
    # chroma over the paper round it 1.06 (PH88's measure; empty outlines reach 0.32), was made
    # unsure by PH160: its median colour, over the few pixels a snake's inside keeps clear of
    # print, 8.3 (under OWN_SAT) and 0.02 dark
    bare = _sheet(lambda x, y: np.where(_in_fish(x, y), 0.2, 0.0))
    ev = {"mass_chroma": 0.36, "chroma_inside": 1.055}
    assert not shadow.graded(bare, [Reading(FISH, COLOURED, 0.9999, evidence=ev)])[0].unsure
    doubted = shadow.graded(bare, [Reading(FISH, COLOURED, 0.9999, evidence=ev | {"chroma_inside": 0.3})])[0]
    assert doubted.unsure and "bare_inside" in doubted.evidence


# PH175: a box that can be crossed, under a shadow's tip, where the white itself is uneven
def _lit(sheet: Normalised, white_mm) -> Normalised:
    """`sheet` with the white it was normalised by: `white_mm(x, y)` of the paper's."""
    yy, xx = np.mgrid[0:SIZE, 0:SIZE] / P
    sheet.planes["white"] = np.repeat(white_mm(xx, yy).astype(np.float32)[..., None], 3, axis=2)
    return sheet


def test_a_shadows_tip_over_a_box_that_can_be_crossed_where_the_white_is_uneven_is_unsure():
    # 1220034: the tip over the box and the paper left of it; the shadow's body, which the
    # white follows, a millimetre right of the box (white 0.6 of the paper's there)
    box = _hunger(1, (EMPTY, FILLED, CROSSED))
    tip = _lit(_sheet(lambda x, y: np.where((x >= 1) & (x < 10) & (y >= 13) & (y < 19.5), 2.0, 0.0)),
               lambda x, y: np.where(x >= 11, 0.6, 1.0))
    assert shadow.white_span(tip, box) < shadow.WHITE_SPAN
    out = shadow.graded(tip, [_filled(box)])[0]
    assert out.unsure and out.alternative == EMPTY and out.evidence["white_span"] < shadow.WHITE_SPAN
    assert out.shadowed and "shadow" in out.why


def test_a_box_that_can_be_crossed_under_an_even_white_stays_filled():
    box = _hunger(1, (EMPTY, FILLED, CROSSED))
    tip = _lit(_sheet(lambda x, y: np.where((x >= 1) & (x < 10) & (y >= 13) & (y < 19.5), 2.0, 0.0)),
               lambda x, y: 0.9 + 0.001 * x)        # the lamp's slow gradient only
    assert shadow.white_span(tip, box) > shadow.WHITE_SPAN
    assert not shadow.graded(tip, [_filled(box)])[0].unsure


def test_a_tick_by_a_shadows_edge_with_clean_paper_beside_stays_filled():
    # the white uneven, but nothing beside the box as dark as its inside
    box = _hunger(1, (EMPTY, FILLED, CROSSED))
    tick = _lit(_sheet(lambda x, y: np.where(_in_box(x, y, 1), 2.0, 0.0)), lambda x, y: np.where(x >= 11, 0.6, 1.0))
    assert not shadow.graded(tick, [_filled(box)])[0].unsure


def test_a_coloured_or_thin_mark_by_a_shadows_edge_stays_filled():
    # a shadow's grey is neutral and even: coloured pencil (a*b* 5) or a thin tick whose
    # inside stays near white is ink, however uneven the white round it
    box = _hunger(1, (EMPTY, FILLED, CROSSED))
    uneven = lambda x, y: np.where(x >= 11, 0.6, 1.0)
    tip = lambda x, y: np.where((x >= 1) & (x < 10) & (y >= 13) & (y < 19.5), 2.0, 0.0)
    coloured = _lit(_sheet(tip), uneven)
    coloured.sat = np.full((SIZE, SIZE), 5.0, np.float32)
    assert not shadow.graded(coloured, [_filled(box)])[0].unsure
    # a stroke across the box under a faint shade (0.06 of the white) that runs on beside it
    faint = lambda x, y: np.where((x >= 1) & (x < 10) & (y >= 13) & (y < 19.5), 0.6, 0.0)
    stroke = lambda x, y: np.where((np.abs((x - 6) - (y - 14)) < 0.3) & _in_box(x, y, 1), 6.0, faint(x, y))
    thin = _lit(_sheet(stroke), uneven)
    assert shadow.own_ink(thin, box)[0] < shadow.EVEN_GREY
    assert shadow.shade_beside(thin, box) >= shadow.SHADE_BOX_SHARE
    assert not shadow.graded(thin, [_filled(box)])[0].unsure


# PH189: a shadow's tip that ends inside a fill-only box, the paper beside it clean
def _tip_inside(grey) -> Normalised:
    """A fill-only box (hunger-fish-1) whose inside holds `grey(x, y)` (dark thresholds) and
    nothing beside it, under a white that is uneven round it (0.6 of the paper's to its right)."""
    return _lit(_sheet(lambda x, y: np.where(_in_box(x, y, 1), grey(x, y), 0.0)),
                lambda x, y: np.where(x >= 11, 0.6, 1.0))


def test_a_faint_even_grey_inside_a_box_by_a_shadows_edge_is_unsure():
    # blurred re-wilding-2320125 (1.7 MP): an even grey 0.147 under the white, spread 0.26
    # about its plane, read filled at p = 1.0 with clean paper beside it (PH140 saw nothing)
    box = _hunger(1)
    tip = _tip_inside(lambda x, y: 1.5 + 0.1 * np.sin(3 * x))
    assert shadow.shade_beside(tip, box, ()) is None
    out = shadow.graded(tip, [_filled(box)])[0]
    assert out.unsure and out.alternative == EMPTY and out.evidence["even_tip"] < shadow.TIP_EVEN
    assert out.shadowed and "shadow" in out.why


def test_a_faint_fill_with_strokes_and_gaps_or_a_dark_one_or_an_even_white_stays_filled():
    box = _hunger(1)
    # a pencil scribble: strokes and gaps (spread 0.31 of its mean and more on 2,167 such fills)
    strokes = _tip_inside(lambda x, y: np.where(np.mod(x + y, 1.0) < 0.5, 2.0, 1.0))
    assert shadow._plane(strokes, *shadow._box_inside(strokes, box), shadow.SMEAR_SAMPLES)[1] >= shadow.TIP_EVEN
    assert not shadow.graded(strokes, [_filled(box)])[0].unsure
    # a dense fill, even but dark (0.25 under the white)
    assert not shadow.graded(_tip_inside(lambda x, y: np.full_like(x, 2.5)), [_filled(box)])[0].unsure
    # a faint, even grey under an even white: no shadow's edge near
    even = _lit(_sheet(lambda x, y: np.where(_in_box(x, y, 1), 1.5, 0.0)), lambda x, y: 0.9 + 0.001 * x)
    assert not shadow.graded(even, [_filled(box)])[0].unsure
    # a box that can be crossed is PH175's, which asks for shade beside it
    crossable = _hunger(1, (EMPTY, FILLED, CROSSED))
    assert not shadow.graded(_tip_inside(lambda x, y: np.full_like(x, 1.5)), [_filled(crossable)])[0].unsure


def test_a_faint_even_fill_over_all_of_its_box_stays_filled():
    # judge re-wilding-1850052 (4.0 MP): a light pencil fill, even (spread 0.26) and faint,
    # but its strong samples over 0.993 of the box; a tip ending inside leaves part at paper
    box = _hunger(1)
    tip = _tip_inside(lambda x, y: 1.5 + 0.1 * np.sin(3 * x))
    whole = Reading(box, FILLED, 1.0, evidence={"score": 0.99, "strong": 0.993})
    assert not shadow.graded(tip, [whole])[0].unsure
    part = Reading(box, FILLED, 1.0, evidence={"score": 0.63, "strong": 0.625})
    assert shadow.graded(tip, [part])[0].unsure


# PH194: strokes inside a fill-only box are ink, whatever lies beside it
def _beside_and_inside(inside) -> Normalised:
    """hunger-fish-1 holding `inside(x, y)` (dark thresholds) over a faint tone (0.8), with the
    paper left of it as dark; the ink map follows the darkness, for `box_texture`."""
    beside = lambda x, y: (x >= 1) & (x < 5.5) & (y >= 13) & (y < 19.5)
    n = _sheet(lambda x, y: np.where(_in_box(x, y, 1), np.maximum(inside(x, y), 0.8), np.where(beside(x, y), 0.8, 0.0)))
    n.ink = n.dark / n.calib.dark_threshold
    return n


def test_a_box_with_a_tick_inside_stays_filled_beside_a_faint_tone():
    # judge re-wilding-1850006 (2.4 MP): a ticked cleared-column box, the paper beside it 0.67
    # as dark as its inside (a tick leaves the median near white), its texture 1.90
    box = _hunger(1)
    check = lambda x, y: (np.abs((y - 16) - (x - 6.5)) < 0.3) & (x < 7.8) | (np.abs((y - 17.3) + (x - 7.8)) < 0.3) & (x >= 7.8)
    tick = _beside_and_inside(lambda x, y: np.where(check(x, y), 8.0, 0.0))
    assert shadow.shade_beside(tick, box, ()) >= shadow.SHADE_BOX_SHARE
    assert shadow.box_texture(tick, box) >= shadow.TICK_TEXTURE
    assert not shadow.graded(tick, [_filled(box)])[0].unsure
    # the same tone with no stroke is a shadow's tip (PH140)
    smooth = _beside_and_inside(lambda x, y: np.zeros_like(x))
    assert shadow.box_texture(smooth, box) < shadow.TICK_TEXTURE
    assert shadow.graded(smooth, [_filled(box)])[0].unsure
