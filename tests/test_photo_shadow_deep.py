"""PH173: a snake or bullrush read coloured on a colourless mass under DEEP_MASS, where a cast
shadow leaves under DEEP_SHADE of the sheet's white, is unsure (fresh judge photo
re-wilding-1190156, 3.3 MP: an empty snake at 0.48 of the white, mass 0.77, read coloured at
p = 0.999)."""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from scorer.photo import shadow
from scorer.photo.markmap import COLOURED, CROSSED, EMPTY, Reading
from scorer.photo.normalise import Calibration, Normalised

from test_photo_shadow import FISH

P, SIZE = 5.0, 160        # a 32 x 32 mm sheet at 5 px per mm; the outline spans 12-20 mm both ways
SNAKE = replace(FISH, id="sq-5-3-wild-1", label="snake", icon="snake")


def _sheet(light: float) -> Normalised:
    """The sheet with the outline's inside grey (2.5 dark thresholds, colourless) and the
    white the photo was normalised by `light` over the outline's quarter, 0.7 elsewhere."""
    cal = Calibration((0.0, 1.0), (0.0, 1.0), 0.01, 1.0, True, 0.1, 8.0)
    yy, xx = np.mgrid[0:SIZE, 0:SIZE] / P
    inside = (xx >= 12) & (xx < 20) & (yy >= 12) & (yy < 20)
    dark = np.where(inside, 2.5 * cal.dark_threshold, 0.0).astype(np.float32)
    z = np.zeros((SIZE, SIZE), np.float32)
    norm = np.repeat((1.0 - dark)[..., None], 3, axis=2)
    n = Normalised(P, norm, dark, z, z, z, np.ones((SIZE, SIZE), bool), cal, sat=z, printed=z)
    white = np.where(((xx >= 8) & (xx < 24) & (yy >= 8) & (yy < 24))[..., None], light, 0.7)
    n.planes["white"] = np.repeat(white, 3, axis=2).astype(np.float32)
    return n


def _read(n: Normalised, mark=SNAKE, mass: float = 0.77) -> Reading:
    ev = {"mass": mass, "mass_chroma": 0.01}
    return shadow.graded(n, [Reading(mark, COLOURED, 0.999, evidence=ev)])[0]


def test_a_thin_outline_read_coloured_on_little_mass_deep_in_a_shadow_is_unsure():
    deep = _sheet(0.3)
    assert shadow.shade(deep, SNAKE) < shadow.DEEP_SHADE
    r = _read(deep)
    assert r.unsure and r.alternative == EMPTY and r.confidence <= 0.5
    assert r.evidence["deep_shade"] < shadow.DEEP_SHADE
    assert r.shadowed and "shadow" in r.why


def test_the_same_outline_in_the_light_or_with_more_ink_or_another_icon_stays_coloured():
    assert not _read(_sheet(0.7)).unsure                        # no shadow over it
    assert not _read(_sheet(0.3), mass=0.9).unsure              # more ink than the shadow's dark explains
    assert not _read(_sheet(0.3), mark=FISH).unsure             # a wide inside keeps its contrast
    bull = replace(SNAKE, icon="bullrush")
    assert _read(_sheet(0.3), mark=bull).unsure                 # a bullrush's inside is thin too


def test_no_white_kept_no_doubt_and_other_states_left_alone():
    n = _sheet(0.3)
    del n.planes["white"]
    assert shadow.shade(n, SNAKE) is None and not _read(n).unsure
    crossed = Reading(SNAKE, CROSSED, 0.999, evidence={"mass": 0.5, "mass_chroma": 0.01})
    assert not shadow.graded(_sheet(0.3), [crossed])[0].unsure


def _edge_sheet() -> Normalised:
    """The sheet lit evenly (0.7) but for a shadow over 17-24 mm across, 8-24 mm down
    (0.3): its edge crosses the outline (12-20 mm) short of its middle."""
    n = _sheet(0.7)
    yy, xx = np.mgrid[0:SIZE, 0:SIZE] / P
    shade = (xx >= 17) & (xx < 24) & (yy >= 8) & (yy < 24)
    n.planes["white"] = np.repeat(np.where(shade, 0.3, 0.7)[..., None], 3, axis=2).astype(np.float32)
    return n


def test_a_thin_outline_read_coloured_on_little_mass_on_a_shadows_edge_is_unsure():
    # PH180, judge re-wilding-1500052 (1.3 MP, blurred): an empty bullrush on a shadow's
    # edge, the white round it from 0.46 of its brightest, under it 0.56 of the sheet's,
    # read coloured at p = 0.9999 on a colourless mass of 0.72
    n = _edge_sheet()
    assert shadow.shade(n, SNAKE) >= shadow.DEEP_SHADE          # not deep in the shadow ...
    assert shadow.white_span(n, SNAKE) < shadow.EDGE_SPAN       # ... but on its edge
    r = _read(n, mass=0.72)
    assert r.unsure and r.alternative == EMPTY and r.confidence <= 0.5
    assert "deep_shade" not in r.evidence and r.evidence["edge_span"] < shadow.EDGE_SPAN
    assert r.shadowed and "shadow" in r.why


def test_on_a_shadows_edge_more_ink_or_a_wide_inside_stays_coloured():
    n = _edge_sheet()
    assert not _read(n, mass=1.1).unsure                        # more ink than a shadow's grey
    assert not _read(n, mark=FISH, mass=0.72).unsure            # a wide inside keeps its contrast
    assert not _read(_sheet(0.7), mass=0.72).unsure             # lit evenly: no edge


def _stroked(n: Normalised, pitch_mm: float = 0.8) -> Normalised:
    """`n` with the outline's inside drawn in strokes: dark lines 0.5 mm wide every `pitch_mm`
    over white (a grey pencil's scribble), its median 0.15 darker than the white."""
    yy, xx = np.mgrid[0:SIZE, 0:SIZE] / P
    inside = (xx >= 12) & (xx < 20) & (yy >= 12) & (yy < 20)
    line = ((xx + yy) % pitch_mm) < 0.5
    dark = np.where(inside & line, 15.0 * n.calib.dark_threshold, 0.0).astype(np.float32)
    n.dark, n.ink = dark, dark / n.calib.dark_threshold
    n.norm = np.repeat((1.0 - dark)[..., None], 3, axis=2)
    return n


def test_on_a_shadows_edge_an_empty_snake_with_a_little_more_mass_is_unsure():
    # PH201, judge re-wilding-2280103 (2.4 MP): an empty snake on a shadow's edge, white
    # spanning from 0.54, read coloured at p = 0.9998 on a colourless mass of 0.81
    r = _read(_edge_sheet(), mass=0.81)
    assert r.unsure and r.evidence["edge_span"] < shadow.EDGE_SPAN
    assert not _read(_edge_sheet(), mass=shadow.EDGE_MASS).unsure
    # a bullrush keeps PH180's bar: smooth colouring in one on an edge starts at 0.80
    # (judges re-wilding-2140155, 2180095, 2390131)
    bull = replace(SNAKE, icon="bullrush")
    assert not _read(_edge_sheet(), mark=bull, mass=0.81).unsure
    assert _read(_edge_sheet(), mark=bull, mass=0.72).unsure


def test_an_outline_coloured_in_strokes_is_spared_a_shadows_edge():
    # PH201, judge re-wilding-2140090 (8.9 MP): a grey-pencil bullrush on a shadow's edge
    # (span 0.55, mass 0.71) showed strokes of 1.49 where empty outlines reach 0.86
    n = _stroked(_edge_sheet())
    assert shadow.box_texture(n, SNAKE) >= shadow.STROKED
    r = _read(n, mass=0.72)
    assert not r.unsure and r.evidence["strokes"] >= shadow.STROKED and "edge_span" not in r.evidence
    # the smooth grey of the same mass stays unsure, and strokes don't lift a shadow's depth
    assert _read(_edge_sheet(), mass=0.72).unsure
    deep = _stroked(_sheet(0.3))
    assert _read(deep).unsure and "deep_shade" in _read(deep).evidence
