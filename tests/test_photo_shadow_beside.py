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
