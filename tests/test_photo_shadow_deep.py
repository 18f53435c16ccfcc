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
    assert not _read(n, mass=0.9).unsure                        # more ink than a shadow's grey
    assert not _read(n, mark=FISH, mass=0.72).unsure            # a wide inside keeps its contrast
    assert not _read(_sheet(0.7), mass=0.72).unsure             # lit evenly: no edge
