"""Shadow stripes: a cast shadow too narrow for the paper-white estimate to see as light.

`normalise.paper_white` closes over 7 mm, so where a cast shadow is narrower than that (a
pen's or a phone edge's stripe, the tip of a larger shadow) it stays in the picture as
ink, and inside a box or an outline it can't be told from a faint fill. A closing over
only 3 mm keeps such a stripe as light, and fills as well; what tells them apart is where
the difference reaches: a fill stays within its mark and the stroke's overrun, a shadow
runs on over the plain paper. A mark read as marked where such a stripe passes, and no
darker than the stripe could make it, is unsure (ruling PH19).
"""
from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from .decide import CHROMA_INSIDE_SURE, LOW_INSIDE_ICONS
from .expected import Expected, luminance
from .markmap import COLOURED, CROSSED, EMPTY, FILLED, Mark, Reading, bbox
from .marks import DOT_PLACE, crop_mask, stroke_texture
from .normalise import Blocks, closed
from .stats import median, plane_fit

CLOSE_MM = 3          # the small closing: darker patches wider than this are light to it
DEPTH = 0.04          # share of the white a shadow takes off to count
REACH_MM = 3.0        # a stripe reaches this far onto plain paper (beyond the overrun)
STRIPE = 0.075        # ... and takes at least this share of the white off there (PH58)
EXPLAINS = 2.0        # a mark darker than this many times the stripe is inked anyway
# a fainter stripe (DEPTH to STRIPE over the plain paper) doubts only a box read marked on
# faint ink: a strong share (`strong`, samples at twice the ink threshold) under FAINT_STRONG.
# On 8,200 Re-Wilding photos the 56 boxes read marked under such stripes were all marked,
# with strong shares of 0.62 and more; judge re-wilding-640025's three empty hunger boxes
# under a 7.4 % stripe read filled at 0.10-0.14 (PH126)
FAINT_STRONG = 0.4
OVERRUN_MM = 1.0      # round every mark: strokes that overrun it
# an outline's colour (`marks.ink_mass`'s chroma, in units of the chroma floor) that no shadow can
# give: empty outlines reach 0.25 on the 2,400 fitting and fresh Re-Wilding photos
COLOURED_CHROMA = 0.5
# a cross's arms (`marks.cross_contrast`: darker than the paper beside them, along both
# diagonals) that no shadow gives, whose tone is even across a box (PH44). On 1,400 fresh
# Re-Wilding photos, boxes not crossed reached 0.06 (148,000 of them), outlines 0.17
# (117,000); crossed boxes have a median of 0.48, crossed outlines 0.93
CROSSED_ARMS = 0.3
# ... and for a Re-Wilding box (a fillbox: no printed icon in it gives arms), three times
# the most a box not crossed reached: a crossed box in a blurred photo near the floor keeps
# less contrast (judge re-wilding-1050076, 2.5 px per mm: 0.27). Of the 5,201 cached
# Re-Wilding photos, the one crossed box a stripe doubted is that one (PH167)
BOX_CROSSED_ARMS = 0.2


def markable(mark_map, shape: tuple[int, int], pxmm: float) -> np.ndarray:
    """Where a player may write, in frame pixels: boxes, cells, outlines (and the icon box
    a cross spans) and dots, with OVERRUN_MM round them. Ruler lines are left out:
    narrower than the small closing, a line is ink to both closings."""
    m = np.zeros(shape, np.uint8)
    for mk in mark_map:
        if mk.kind in ("box", "fillbox", "cell"):
            x, y, w, h = mk.geom
            pts = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
        elif mk.kind == "outline":
            pts = mk.geom
            if mk.box:   # a cross over an icon spans its box
                bx, by, bw, bh = mk.box
                cv2.rectangle(m, (round(bx * pxmm), round(by * pxmm)),
                              (round((bx + bw) * pxmm), round((by + bh) * pxmm)), 1, -1)
        elif mk.kind == "dot":
            cv2.circle(m, (round(mk.geom[0] * pxmm), round(mk.geom[1] * pxmm)), round(DOT_PLACE * pxmm), 1, -1)
            continue
        else:
            continue
        cv2.fillPoly(m, [(np.asarray(pts, np.float64) * pxmm).round().astype(np.int32).reshape(-1, 1, 2)], 1)
    g = max(1, round(OVERRUN_MM * pxmm))
    return cv2.dilate(m, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * g + 1, 2 * g + 1))).astype(bool)


def stripes(paper: Blocks, white: Blocks, e: Expected, marks: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per 1 mm block: the share of the white (`white`: `paper` closed over 7 mm) a closing
    over CLOSE_MM takes off, and the depth of the stripe that block belongs to, as seen on
    the plain paper at least REACH_MM beyond every mark (`marks`, from `markable`), from
    DEPTH (a stripe under STRIPE doubts only faintly inked boxes, `doubt`); 0 where the block
    is in no stripe; and that stripe's depth on its plain paper within NEAR_MM of the block
    where it has any there (`_near`, PH203), else its whole depth."""
    small = closed(paper, CLOSE_MM)
    depth = np.maximum(1.0 - luminance(small.white) / np.maximum(luminance(white.white), 1e-3), 0.0)
    hs, ws = (round(n / e.pxmm) for n in e.paper.shape)
    d = cv2.resize(depth, (ws, hs), interpolation=cv2.INTER_AREA)
    mk = cv2.resize(marks.astype(np.float32), (ws, hs), interpolation=cv2.INTER_AREA) > 0
    on_paper = cv2.resize(e.paper.astype(np.float32), (ws, hs), interpolation=cv2.INTER_AREA) > 0.5
    far = cv2.distanceTransform((~mk).astype(np.uint8), cv2.DIST_L2, 5) >= REACH_MM
    on = d >= DEPTH
    count, labels = cv2.connectedComponents(on.astype(np.uint8), connectivity=8)
    level = np.zeros(count, np.float32)
    out = on & far & on_paper
    np.maximum.at(level, labels[out], d[out])
    level[0] = 0.0     # a stripe's level is DEPTH or more: its blocks are `on`
    whole = level[labels]
    return d, whole, _near(d, labels, out, whole)


# a stripe's depth changes along it (a cast shadow's soft edge deepens toward the shadow), and
# its blocks join whatever ink they touch, so one stripe may run from a faint band beside a
# box to a deep one a hand's width away. Whether a mark's inside is darker than the stripe
# could make it (OWN_DARK, `inked`) is judged on the depth the stripe shows on the plain paper
# within NEAR_MM of the mark, where it shows any (PH203). Judge re-wilding-2280147 (3.0 MP):
# a pencil-filled box (strong share 1.0, its inside 0.34 under the white) beside a band
# 0.05-0.065 deep within 12 mm was doubted on the 0.19 the band reaches 20 mm away. Whether a
# mark is under a stripe at all, and how faint that stripe is (STRIPE), stay the whole
# stripe's: measured on fewer blocks, the depth nearby runs low (a uniform stripe 7.7 % deep
# shows 6.9 % within 8 mm of a box)
NEAR_MM = 8


def _near(d: np.ndarray, labels: np.ndarray, out: np.ndarray, level: np.ndarray) -> np.ndarray:
    """Per block, the deepest plain-paper block (`out`) of its own stripe within NEAR_MM
    (blocks, in each direction); `level` (the whole stripe's) where there is none."""
    near = level.copy()
    kernel = np.ones((2 * NEAR_MM + 1, 2 * NEAR_MM + 1), np.uint8)
    for lab in np.unique(labels[out]):
        own = labels == lab
        reach = cv2.dilate(np.where(out & own, d, 0.0).astype(np.float32), kernel)
        take = own & (reach > 0)
        near[take] = reach[take]
    return near


def _rect(mk: Mark) -> tuple[float, float, float, float]:
    if mk.kind in ("box", "fillbox", "cell"):
        return mk.geom
    if mk.kind == "dot":
        x, y = mk.geom[:2]
        return x - 1.0, y - 1.0, 2.0, 2.0
    return bbox(mk.geom)


def _window(mk: Mark, pxmm: float, shape: tuple[int, int], grow: float = 0.0) -> tuple[slice, slice] | None:
    x, y, w, h = _rect(mk)
    x, y, w, h = x - grow, y - grow, w + 2 * grow, h + 2 * grow
    r0, r1 = max(0, round(y * pxmm)), min(shape[0], round((y + h) * pxmm) + 1)
    c0, c1 = max(0, round(x * pxmm)), min(shape[1], round((x + w) * pxmm) + 1)
    return (slice(r0, r1), slice(c0, c1)) if r1 > r0 and c1 > c0 else None


def striped(mark_map, d: np.ndarray, level: np.ndarray) -> dict[str, float]:
    """The area marks a stripe (`stripes`, 1 mm blocks) may have darkened: id -> the
    stripe's depth. A mark darker through most of it than EXPLAINS times the stripe has
    ink of its own beside the stripe's and is left out."""
    out = {}
    for mk in mark_map:
        win = None if mk.kind == "line" else _window(mk, 1.0, d.shape)
        if win is None:
            continue
        s = float(level[win].max())
        if s > 0 and float(median(d[win])) <= EXPLAINS * s:
            out[mk.id] = s
    return out


# what a stripe can't give a mark's inside (clear of print; ruling PH73). Of the marks under
# a stripe on 3,800 fresh and 1,800 fitting and benchmark Re-Wilding photos (219), the empty
# ones' inside reached a median darkness (share of the white) 1.76 times the stripe's depth
# (a stripe runs deeper over the grid than on the paper it is measured on), where dark
# pencil shows 2.66 and more (fainter pencil stays unsure), and a median colour (the photo's
# a*b*) of 2.8, where ballpoint, felt-tip and highlighter give 10 and more
OWN_DARK = 2.5
OWN_SAT = 10.0
# an outline read coloured on a colourless mass whose inside, clear of print, is colourless
# (OWN_SAT) and darker than the white by less than BARE_INSIDE (a share of the white) shows no
# colouring of its own: its outline's print, thickened by blur or a shadow, may be all the
# mass is (PH160). Judge photo re-wilding-940045 (2.0 MP, sharpness 0.25, a cast shadow):
# twelve empty snakes read coloured, eight at p = 1.0, insides 0.014-0.123. On the 3,001
# cached Re-Wilding photos the 37,049 coloured outlines that colourless reach 0.133 and more
BARE_INSIDE = 0.1
# ... none of these doubts (PH160's nor the other shadow doubts `graded` makes) falls on an outline
# whose inside holds a highlighter's chroma over the paper round it (`decide.CHROMA_INSIDE_SURE`,
# PH136: no empty outline of 372,493 reached 0.32): judge re-wilding-2400187 (9.6 MP), a snake in
# yellow highlighter, inside chroma 1.06, its few clear pixels 8.3 colourful (under OWN_SAT) and
# 0.02 dark, was made unsure by PH160 (PH205)


def _clear_inside(n, mk: Mark) -> tuple[tuple[slice, slice], np.ndarray] | None:
    """A box's or an outline's inside clear of print (a window and its mask), or None where
    fewer than OWN_SAMPLES of its pixels are clear."""
    if mk.kind == "outline":
        sl, inside = crop_mask(n, mk.geom, INSET_MM)
    elif mk.kind in ("box", "fillbox", "cell"):
        sl, inside = _box_inside(n, mk)
    else:
        return None
    inside = _off_print(n, sl, inside)
    return (sl, inside) if inside.sum() >= OWN_SAMPLES else None


def own_ink(n, mk: Mark, clear=None) -> tuple[float, float] | None:
    """The median darkness (share of the white) and colour (Lab a*b*) of a box's or an
    outline's inside, clear of print; None where too little of it is clear. `clear` is
    `_clear_inside`'s answer where the caller has it."""
    clear = clear or _clear_inside(n, mk)
    if clear is None:
        return None
    sl, inside = clear
    dark = float(median(1.0 - luminance(n.norm[sl])[inside]))
    sat = float(median(n.sat[sl][inside])) if n.sat is not None else 0.0
    return dark, sat


# strokes no stripe gives a box (ruling PH133): a tick or a scribble stands out from its own
# smoothing over 1 mm (`marks.stroke_texture`, in ink thresholds, as PH113 measures a hatch), a
# shadow's tone hardly does, even where its edge crosses the box. Over the boxes under
# stripes on the 4,796 Re-Wilding photos with a cast shadow, the 375 empty ones reached
# 1.19 (0.90 at 2 MP and more); ticked ones show 1.78 and more, solid fills less
TICK_TEXTURE = 1.6
# ... and an outline coloured in strokes (PH164): over the 64 outlines under stripes on the
# 4,201 cached Re-Wilding photos, the 28 empty ones reached 0.94; judge re-wilding-1000195's
# grey-pencil plants under a stripe 0.19 deep, read coloured, showed 1.93 and 2.03
TEXTURED_KINDS = ("box", "fillbox", "outline")
# ... from a lower bar (PH204): grey pencil on a plant or an animal leaves gaps a box's fill
# doesn't, and judges re-wilding-2160149 (7.3 MP, a squirrel) and -2280177 (3.9 MP, two
# plants) showed 1.59, 1.55 and 1.46 under stripes 0.24-0.31 deep, read unsure. Empty outlines
# stay far under it: 0.94 under stripes (PH164's 28), 0.19 under the 12 stripes of session
# 63's sweep, 0.86 anywhere (36,338 on 838 judge photos, PH201); and it stays over the 1.19 a
# stripe's tone gave an empty box
OUTLINE_TEXTURE = 1.4


def box_texture(n, mk: Mark, clear=None) -> float | None:
    """The texture (`marks.stroke_texture`) of a box's or an outline's inside clear of print;
    None where too little of it is clear. `clear` as for `own_ink`."""
    clear = clear or _clear_inside(n, mk)
    if clear is None:
        return None
    sl, inside = clear
    return stroke_texture(np.clip(n.ink[sl], 0.0, None).astype(np.float32), inside, n.pxmm)


def nearby(mark_map, near: np.ndarray, found: dict[str, float]) -> dict[str, float]:
    """The depth of the stripe under each mark `striped` found, as it shows on the plain
    paper near the mark (`stripes`' third map, PH203; never above the whole stripe's, as
    `_near` takes it from that stripe's own blocks): id -> depth."""
    return {mk.id: float(near[_window(mk, 1.0, near.shape)].max()) for mk in mark_map if mk.id in found}


def inked(n, readings: list[Reading], stripes: dict[str, float], near: dict[str, float] | None = None) -> set[str]:
    """The marks under a stripe (`striped`) read as marked whose inside is darker than
    OWN_DARK times the stripe (as deep as it shows near the mark, `nearby`, where given;
    PH203) or more colourful than OWN_SAT, or a box or an outline whose inside shows strokes
    (`box_texture` of TICK_TEXTURE or more, OUTLINE_TEXTURE for an outline; PH133, PH164,
    PH204): ink no stripe gives."""
    out = set()
    near = near or {}
    for r in readings:
        s = stripes.get(r.mark.id)
        if s is None or r.unsure or r.state == r.mark.states[0]:
            continue
        clear = _clear_inside(n, r.mark)   # too little clear of print: nothing to measure
        if clear is None:
            continue
        own = own_ink(n, r.mark, clear)
        if own[0] >= OWN_DARK * near.get(r.mark.id, s) or own[1] >= OWN_SAT:
            out.add(r.mark.id)
        elif r.mark.kind in TEXTURED_KINDS and box_texture(n, r.mark, clear) >= \
                (OUTLINE_TEXTURE if r.mark.kind == "outline" else TICK_TEXTURE):
            out.add(r.mark.id)
    return out


def doubt(readings: list[Reading], stripes: dict[str, float], inked: set[str] = frozenset()) -> list[Reading]:
    """A confident mark read as marked where a stripe passes is unsure: the stripe alone
    could have darkened it. One read as empty stays (a shadow only adds darkness), and so
    does one whose inside shows ink no stripe gives (`inked`), an outline read as coloured
    whose colour no shadow gives (COLOURED_CHROMA), or a box or outline read as crossed
    whose arms stand out from the paper beside them (BOX_CROSSED_ARMS for a Re-Wilding box,
    CROSSED_ARMS). A stripe under STRIPE doubts only boxes read marked on a strong share
    under FAINT_STRONG (PH126)."""
    out = []
    for r in readings:
        s = stripes.get(r.mark.id)
        coloured = r.state == COLOURED and r.evidence.get("mass_chroma", 0.0) >= COLOURED_CHROMA
        bar = BOX_CROSSED_ARMS if r.mark.kind == "fillbox" else CROSSED_ARMS
        crossed = r.state == CROSSED and r.evidence.get("arms", 0.0) >= bar
        spared = s is not None and s < STRIPE and not (   # a faint stripe makes only faint ink
            r.mark.kind in ("box", "fillbox") and r.evidence.get("strong", 1.0) < FAINT_STRONG)
        if s is not None and not spared and not r.unsure and r.state != r.mark.states[0] and not (coloured or crossed) \
                and r.mark.id not in inked:
            r = _doubted(r, shadow=round(s, 3))
        out.append(r)
    return out


def _doubted(r: Reading, **why: float) -> Reading:
    """`r` made unsure, with the blank state as the other reading and `why` in its evidence."""
    return replace(r, unsure=True, alternative=r.mark.states[0], confidence=min(r.confidence, 0.5),
                   evidence=r.evidence | why)


# --- a shadow's edge across an outline ----------------------------------------------------
# In the habitat grid icons stand too close for any paper REACH_MM clear of them, so a
# shadow's tip or edge that ends there is never seen as a stripe (fresh judge photo
# re-wilding-400066, 6.6 MP: an empty fish under a shadow's tip read coloured at p = 1.0).
# Colouring is even across an outline at the scale of millimetres (a pencil's strokes and
# gaps are finer); a shadow's edge darkens it from one side. The darkness of the inside,
# fitted with a plane, changes by GRADIENT of its mean per mm or more only under a shadow:
# on 3,764 fitting and fresh photos no coloured outline with an inside of GRADIENT_SAMPLES
# or more reached 0.3 (35,615 of them); the two empty ones read coloured under a shadow's
# tip, 0.56 and 0.57 (judge photos re-wilding-350142 and -400066; ruling PH70)
GRADIENT = 0.4
GRADIENT_SAMPLES = 80   # inside samples (5 px per mm, clear of print) for a steady plane
PRINT_CUT = 0.05        # expected print darkness from which a pixel is print
MEAN_FLOOR = 0.3        # dark thresholds: the least mean a gradient is measured against
INSET_MM = 0.2          # the inside starts a pixel (at 5 px per mm) in from the outline
BOX_INSET_MM = 0.45     # a box's inside starts clear of its printed border (as `marks.box_evidence`)
OWN_SAMPLES = 10        # inside samples clear of print for `own_ink`


def _corners(mk: Mark) -> np.ndarray:
    """A mark's outline in frame mm: a box's four corners, an outline's polygon."""
    if mk.kind in ("box", "fillbox"):
        x, y, w, h = mk.geom[:4]
        return np.array([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], float)
    return np.asarray(mk.geom, float)


def _box_inside(n, mk: Mark) -> tuple[tuple[slice, slice], np.ndarray]:
    """A window round a box and its inside in it, BOX_INSET_MM in from its border."""
    return crop_mask(n, _corners(mk), BOX_INSET_MM)


def _off_print(n, sl: tuple[slice, slice], inside: np.ndarray, cut: float = PRINT_CUT) -> np.ndarray:
    """`inside` (a mask over the window `sl`) less the expected print darker than `cut`,
    grown by a pixel."""
    if n.printed is None:
        return inside
    return inside & ~cv2.dilate((n.printed[sl] > cut).astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)


def _plane(n, sl: tuple[slice, slice], inside: np.ndarray, samples: int) -> tuple[float, float] | None:
    """A plane fitted (least squares) to the darkness over the print, in dark thresholds,
    across `inside` clear of print: its slope per mm and the residuals' spread, both over
    the mean (at least MEAN_FLOOR); None under `samples` samples."""
    dark = n.dark[sl]
    printed = n.printed[sl] if n.printed is not None else np.zeros_like(dark)
    inside = _off_print(n, sl, inside)
    if inside.sum() < samples:
        return None
    v = (dark - printed)[inside] / n.calib.dark_threshold
    yy, xx = np.nonzero(inside)
    coef, res = plane_fit(xx / n.pxmm, yy / n.pxmm, v)
    mean = max(float(v.mean()), MEAN_FLOOR)
    return float(np.hypot(coef[0], coef[1])) / mean, float(np.std(res)) / mean


def gradient(n, mk: Mark) -> float | None:
    """The darkness's slope across an outline's inside, clear of print (a plane fitted by
    least squares, dark thresholds per mm), over its mean; None where the inside is small."""
    sl, inside = crop_mask(n, mk.geom, INSET_MM)
    plane = _plane(n, sl, inside, GRADIENT_SAMPLES)
    return None if plane is None else plane[0]


# --- a shadow's tip over an outline, beyond it as well -----------------------------------
# A shadow's tip narrower than the white's closing (WHITE_CLOSE_MM) is taken for ink, and
# where it lies over an outline evenly, its inside reads as a grey fill with no slope for
# `gradient`. Once the white was closed exactly (PH138), two empty outlines under such tips
# read coloured with confidence: judge photos re-wilding-600054 (a snake, 10.2 MP,
# p = 0.997) and -650138 (a kingfisher, 1.5 MP, p = 0.995). A shadow does not stop at the
# outline: the plain paper beside it is as dark in some direction (the darkest of
# SHADE_SECTORS sectors of the ring SHADE_RING_MM beyond it, over the print) as the inside
# is (0.48 and 0.73 of it). Colouring stays inside, overrunning in strokes: over 11,960
# colourless outlines coloured in 1,000 photos (the 2-4 MP set, the benchmark's, judge
# 750000+) the darkest sector reached 0.28 of the inside, 0.12 at the 99.9th percentile
# (ruling PH139)
SHADE_RING_MM = (0.6, 2.2)
SHADE_SECTORS = 8
SHADE_SHARE = 0.3
SHADE_FLOOR = 0.5     # dark thresholds: a sector fainter than this is clean paper
TINT_CUT = 0.15       # expected print darkness from which a pixel is print, not a cell's tint

# The same for a box that can only be filled (the calendar, the cleared rows and columns,
# the hunger tracks: no cross's arms run out of them), its neighbours, grown by
# SHADE_AWAY_MM, left out of the paper. Fresh judge photo re-wilding-760151 (2.7 MP, just
# sharper than BLURRED): a shadow's tip evenly over the empty hunger-fish-1, read filled at
# p = 1.0, the paper left of it 0.83 as dark as its inside. Over 14,157 such boxes filled
# with a colourless inside in 1,200 photos (the 2-4 MP set, the benchmark's, judges 750000+
# and 760000+) the most is 0.45 (a cleared row's), so the bar stands between (ruling
# PH140). Boxes that can be crossed are left alone: crosses in the next boxes overrun,
# and filled ones reach 3.3 there. A box whose inside shows strokes (PH133's `box_texture`,
# TICK_TEXTURE) is inked, whatever lies beside it: a tick leaves a box's median near white,
# so faint paper beside it reaches the share. Judge re-wilding-1850006 (2.4 MP): a ticked
# cleared-column box, 0.67 beside and texture 1.90, had been made unsure; 760151's tip
# shows 0.80, and empty boxes under stripes 1.19 at most (ruling PH194)
SHADE_BOX_SHARE = 0.6
SHADE_AWAY_MM = 0.5


def shade_beside(n, mk: Mark, away: tuple[Mark, ...] = ()) -> float | None:
    """The darkest sector of the plain paper round an outline or box (SHADE_RING_MM beyond
    it, SHADE_SECTORS of them round its centre, each its median darkness over the print),
    over the median of its inside, both in dark thresholds; None where either is not seen
    or the sector is fainter than SHADE_FLOOR. The marks `away` (bar `mk` itself), grown by
    SHADE_AWAY_MM, are left out of the paper (PH140)."""
    pts = _corners(mk)
    (x0, y0), (x1, y1) = pts.min(axis=0), pts.max(axis=0)
    b = SHADE_RING_MM[1] + 0.5
    sl, own = crop_mask(n, pts, 0.0, b)
    if not own.any():
        return None
    m = own.astype(np.uint8)
    h, w = m.shape
    origin = np.array([sl[1].start / n.pxmm, sl[0].start / n.pxmm])
    near = np.zeros((h, w), np.uint8)
    for o in away:
        if o is mk:
            continue
        (ox0, oy0), (ox1, oy1) = (c := _corners(o)).min(axis=0), c.max(axis=0)
        if ox0 > x1 + b or oy0 > y1 + b or ox1 < x0 - b or oy1 < y0 - b:
            continue
        q0 = ((np.array([ox0, oy0]) - SHADE_AWAY_MM - origin) * n.pxmm).round().astype(int)
        q1 = ((np.array([ox1, oy1]) + SHADE_AWAY_MM - origin) * n.pxmm).round().astype(int)
        cv2.rectangle(near, tuple(map(int, q0)), tuple(map(int, q1)), 1, -1)
    gap = cv2.distanceTransform((1 - m).astype(np.uint8), cv2.DIST_L2, 5) / n.pxmm
    ring = _off_print(n, sl, (gap > SHADE_RING_MM[0]) & (gap < SHADE_RING_MM[1]) & n.known[sl] & (near == 0), TINT_CUT)
    inside = _off_print(n, sl, cv2.erode(m, np.ones((3, 3), np.uint8)).astype(bool), TINT_CUT)
    if inside.sum() < OWN_SAMPLES or ring.sum() < OWN_SAMPLES:
        return None
    over = (n.dark[sl] - (n.printed[sl] if n.printed is not None else 0.0)) / n.calib.dark_threshold
    level = float(median(over[inside]))
    yy, xx = np.nonzero(ring)
    cy, cx = np.argwhere(m).mean(axis=0)
    sector = (((np.arctan2(yy - cy, xx - cx) + np.pi) / (2 * np.pi) * SHADE_SECTORS).astype(int)) % SHADE_SECTORS
    v = over[ring]
    darkest = max((float(median(v[sector == k])) for k in range(SHADE_SECTORS) if (sector == k).sum() >= 5),
                  default=0.0)
    if darkest < SHADE_FLOOR or level <= 0.0:
        return None
    return darkest / level


# --- a thin outline deep in a shadow ------------------------------------------------------
# Where a cast shadow takes half the light or more, a snake's or bullrush's thin white inside,
# between its dark outlines, keeps half its contrast over the same sensor noise and JPEG
# steps, and can read as grey colouring. Fresh judge photo re-wilding-1190156 (3.3 MP, a
# shadow's edge beside it): an empty snake where the white is 0.48 of the sheet's (median
# over the outline's box, over the frame's), its outline's mass 0.77 and colourless, read
# coloured at p = 0.999; with the shadow taken out of the same photo it reads 0.03. On the
# 3,857 cached Re-Wilding photos with a cast shadow, the snakes and bullrushes read coloured
# on a colourless mass under DEEP_MASS where the white is under DEEP_SHADE of the sheet's
# are that one and 8 coloured ones in three photos under 2 MP (1170079, 900065, 960012),
# which stay coloured, unsure; coloured ones in photos of 2 MP and more start at a mass of
# 0.83 there (ruling PH173)
DEEP_SHADE = 0.5
DEEP_MASS = 0.8
# ... and the same thin outline where a shadow's edge crosses it: the white the photo was
# normalised by, round it, spans from light to shade (`white_span` under EDGE_SPAN). Judge
# photo re-wilding-1500052 (1.3 MP, blurred): an empty bullrush on a shadow's edge, the
# white round it from 0.46 of its brightest, read coloured at p = 0.9999 on a colourless
# mass of 0.72 (its inside 4.92, past PH87's bar); the shade under it, 0.56 of the sheet's,
# just short of DEEP_SHADE (ruling PH180)
EDGE_SPAN = 0.6
# ... and a snake on a shadow's edge up to EDGE_MASS (PH201): fresh judge re-wilding-2280103
# (2.4 MP, sharpness 0.32): an empty snake whose white spans from 0.54 of its brightest read
# coloured at p = 0.9998 on a colourless mass of 0.81, just past DEEP_MASS. On 838 judge
# photos empty snakes and bullrushes on a shadow's edge reach 0.55, and the coloured snakes
# there under 1.0 show strokes (STROKED); bullrushes keep DEEP_MASS, since smooth colouring
# in them on an edge starts at 0.80 (judges 2140155, 2180095, 2390131, left unsure at 1.0)
EDGE_MASS = 1.0
# an outline read coloured whose inside, clear of print, shows strokes (`box_texture`, PH133's
# measure) at STROKED or more is not doubted for a shadow's edge, its tip beside it, or a
# gradient (PH201): a shadow is smooth at a pencil stroke's scale. Over the 83,800 outlines of
# 838 judge photos (2140000+, 2200000+ to 2220000+, 2260000+) the 36,338 empty ones reach
# 0.86 (a snake on a shadow's edge, span 0.46, at 8.2 MP), those on a shadow's edge (span
# under EDGE_SPAN, 126) 0.86, with a gradient of 0.3 or more (4,505) 0.30, with paper beside
# as dark as SHADE_SHARE (96) 0.41; grey pencil so doubted shows 1.06-1.49 (judges
# re-wilding-2140090, 2160149, 2180157, 2220152). Stripes keep PH164's TICK_TEXTURE
STROKED = 1.0


def shade(n, mk: Mark) -> float | None:
    """The paper white under a mark's box (median luminance of the white the photo was
    normalised by) over the frame's median; None where the pipeline kept no white."""
    under = _white_under(n, mk)
    if under is None:
        return None
    if "white_median" not in n.planes:     # every 4th pixel each way: the frame's median
        n.planes["white_median"] = float(np.median(luminance(n.planes["white"][::4, ::4])))
    whole = n.planes["white_median"]
    return float(np.median(under)) / whole if whole > 0 else None


def _white_under(n, mk: Mark, grow: float = 0.0) -> np.ndarray | None:
    """The luminance of the white the photo was normalised by over a mark's box grown by
    `grow` mm; None where the pipeline kept no white or the box is off the frame."""
    white = n.planes.get("white")
    win = None if white is None else _window(mk, n.pxmm, white.shape[:2], grow)
    return None if win is None else luminance(white[win])


# --- a shadow's tip over a box that can be crossed ---------------------------------------
# PH140 leaves boxes that can be crossed alone: crosses in the next boxes overrun into the
# paper beside them. Fresh judge photo re-wilding-1220034 (3.8 MP): a cast shadow's tip over
# the empty prot-storms-2 and -3 read them filled at p = 1.0, the paper beside as dark as
# 1.06 and 0.85 of their insides. Such a tip is narrower than the white's closing
# (WHITE_CLOSE_MM), but the shadow's body a few millimetres on is followed by the white
# itself: over the box grown by WHITE_SPAN_MM the white's 2nd percentile is 0.71 and 0.56 of
# its 98th, where ink leaves the white even (ticks beside crossed boxes: 0.96 and more). And
# a shadow's grey is even and neutral: the inside's median 0.14 and 0.17 darker than the
# white (EVEN_GREY; a thin tick leaves it near white), its colour a*b* 1.6 and 1.1 (GREY_SAT).
# On the 4,349 cached Re-Wilding photos with a cast shadow, of the 5,399 such boxes read
# filled with a colourless inside (OWN_SAT) none marked meets all four bars; those nearest
# are a tick at a span of 0.86 (980043) and coloured pencil at 1-1.4 MP (a*b* 4.9-7.5).
# Besides 1220034's two, 1050014's four empty boxes meet them, already unsure (ruling PH175)
WHITE_SPAN_MM = 2.0
WHITE_SPAN = 0.8
EVEN_GREY = 0.08
GREY_SAT = 2.5


def white_span(n, mk: Mark) -> float | None:
    """How unevenly the photo was lit round a mark: the white it was normalised by, over its
    box grown by WHITE_SPAN_MM, its 2nd percentile of luminance over its 98th; None where the
    pipeline kept no white."""
    under = _white_under(n, mk, WHITE_SPAN_MM)
    if under is None:
        return None
    lo, hi = np.percentile(under, (2, 98))
    return float(lo / hi) if hi > 0 else None


def _thin_and_faint(r: Reading, mass: float = DEEP_MASS) -> bool:
    """Whether a reading is of a snake or bullrush with a mass under `mass`."""
    return r.mark.icon in LOW_INSIDE_ICONS and r.evidence.get("mass", 99.0) < mass


def _deep_shade(n, r: Reading) -> float | None:
    """The shade (`shade`) of a snake or bullrush read coloured on a colourless mass under
    DEEP_MASS where it is under DEEP_SHADE; else None (PH173)."""
    if not _thin_and_faint(r):
        return None
    s = shade(n, r.mark)
    return s if s is not None and s < DEEP_SHADE else None


def _edge_span(n, r: Reading) -> float | None:
    """The white's span (`white_span`) round a snake or bullrush read coloured on a
    colourless mass under DEEP_MASS (a snake: EDGE_MASS) where it is under EDGE_SPAN; else
    None (PH180, PH201)."""
    if not _thin_and_faint(r, EDGE_MASS if r.mark.icon == "snake" else DEEP_MASS):
        return None
    s = white_span(n, r.mark)
    return s if s is not None and s < EDGE_SPAN else None


def graded(n, readings: list[Reading]) -> list[Reading]:
    """An outline confidently read coloured with no colour a shadow can't give
    (COLOURED_CHROMA over its ink, `decide.CHROMA_INSIDE_SURE` inside it, PH205), whose
    inside darkens from one side (`gradient` at GRADIENT or more), is unsure: a shadow's
    edge may lie across it. So is one whose inside is colourless
    (`own_ink` under OWN_SAT) and nearly white (under BARE_INSIDE: no colouring of its own,
    PH160), or colourless and the paper beside it in some direction nearly as dark
    (`shade_beside` at SHADE_SHARE or more): a shadow's tip may lie over it; and so is a
    box read filled, colourless, with the paper beside it, away from its neighbours, at
    SHADE_BOX_SHARE of its inside or more, where it can only be filled or the white round it
    is uneven (`_tip_over_box`); and a snake or bullrush read coloured on a colourless mass
    under DEEP_MASS deep in a shadow (`shade` under DEEP_SHADE, PH173) or on a shadow's edge
    (`white_span` under EDGE_SPAN, PH180; a snake under EDGE_MASS, PH201). An outline whose inside
    shows strokes (STROKED) is spared the gradient, the tip beside it and the edge. So is a box
    confidently read filled in a blurred photo, short of SMEAR_INK, whose inside darkens from
    one side, smoothly (`smear`)."""
    out, marks = [], tuple(r.mark for r in readings)
    for r in readings:
        if r.mark.kind == "outline" and r.state == COLOURED and not r.unsure \
                and r.evidence.get("mass_chroma", 0.0) < COLOURED_CHROMA \
                and r.evidence.get("chroma_inside", 0.0) < CHROMA_INSIDE_SURE:   # PH205
            strokes = _Strokes(n, r.mark)
            g = gradient(n, r.mark)
            if g is not None and g >= GRADIENT:
                r = strokes.spare(r) or _doubted(r, shadow_edge=round(g, 3))
            else:
                own = own_ink(n, r.mark)
                if own is not None and own[1] < OWN_SAT:     # a colourless inside
                    if own[0] < BARE_INSIDE:
                        r = _doubted(r, bare_inside=round(own[0], 3))
                    else:
                        beside = shade_beside(n, r.mark)
                        if beside is not None and beside >= SHADE_SHARE:
                            r = strokes.spare(r) or _doubted(r, shadow_beside=round(beside, 3))
            if not r.unsure and (deep := _deep_shade(n, r)) is not None:
                r = _doubted(r, deep_shade=round(deep, 3))
            if not r.unsure and (span := _edge_span(n, r)) is not None:
                r = strokes.spare(r) or _doubted(r, edge_span=round(span, 3))
        elif r.mark.kind == "fillbox" and r.state == FILLED and r.mark.states[0] != FILLED and not r.unsure \
                and r.evidence.get("blurred") and r.evidence.get("score", 1.0) < SMEAR_INK:
            s = smear(n, r.mark)
            if s is not None:
                r = _doubted(r, smear=round(s, 3))
        if r.mark.kind == "fillbox" and r.mark.states[:2] == (EMPTY, FILLED) and r.state == FILLED and not r.unsure:
            r = _tip_over_box(n, r, marks)
        out.append(r)
    return out


class _Strokes:
    """An outline's inside texture (`box_texture`), measured once and only when a doubt asks."""

    def __init__(self, n, mk: Mark):
        self.n, self.mk, self.tex = n, mk, None

    def spare(self, r: Reading) -> Reading | None:
        """`r` with the texture in its evidence (`strokes`) where its inside shows strokes
        (STROKED or more) no shadow gives (PH201); else None, for the doubt to stand."""
        if self.tex is None:
            self.tex = box_texture(self.n, self.mk) or 0.0
        return replace(r, evidence=r.evidence | {"strokes": round(self.tex, 3)}) if self.tex >= STROKED else None


def _tip_over_box(n, r: Reading, marks: tuple[Mark, ...]) -> Reading:
    """A box read filled, colourless inside, made unsure where the paper beside it, away from
    its neighbours, is SHADE_BOX_SHARE as dark as its inside or more (PH140); for a box that
    can be crossed, only where its inside is an even, neutral grey (EVEN_GREY, GREY_SAT) and
    the white round it uneven (`white_span` under WHITE_SPAN, PH175); for a fill-only box,
    not where its inside shows strokes (`box_texture` of TICK_TEXTURE or more, PH194), and
    with clean paper beside it, where its grey is faint and even (`_even_tip`, PH189)."""
    own = own_ink(n, r.mark)
    if own is None or own[1] >= OWN_SAT:
        return r
    span = None
    if len(r.mark.states) > 2:
        if own[0] < EVEN_GREY or own[1] >= GREY_SAT:
            return r
        span = white_span(n, r.mark)
        if span is None or span >= WHITE_SPAN:
            return r
    beside = shade_beside(n, r.mark, marks)
    if beside is None or beside < SHADE_BOX_SHARE:
        return _even_tip(n, r, own) if len(r.mark.states) == 2 else r
    if len(r.mark.states) == 2 and (tex := box_texture(n, r.mark)) is not None and tex >= TICK_TEXTURE:
        return r    # strokes inside: a tick's or a scribble's, not a tip's smooth tone (PH194)
    why = {"shadow_beside": round(beside, 3)} | ({} if span is None else {"white_span": round(span, 3)})
    return _doubted(r, **why)


# --- a shadow's tip that ends inside a fill-only box ------------------------------------
# PH140 needs the paper beside a box to be shaded as well, but a tip may end inside the box.
# Heavily blurred photo re-wilding-blurry-2320125 (1.7 MP, sharpness 0.18): the empty
# hunger-kingfisher-1, a 3.6 mm box, read filled at p = 1.0 under a tip the white's closing
# missed; its inside an even, neutral grey (0.147 under the white, a*b* 1.6: PH175's bars),
# the white round it uneven (span 0.70), the paper beside it clean (`shade_beside` None).
# What parts it from a faint fill is how even its tone is: spread about a plane fitted to it,
# over its mean (`_plane`), of 0.26, where a faint fill's scribble leaves strokes and gaps.
# Of the 22,155 fill-only boxes read filled with a colourless inside in the 1,332 photos
# with a cast shadow among blurred set 2320000+ and judges 1650000+ to 1810000+, the 2,167
# with a neutral grey of EVEN_GREY to TIP_GREY spread 0.31 and more, the 23 of those with an
# uneven white round them 0.33 and more; only 2320125's box meets every bar (ruling PH189).
# A tip that ends inside a box leaves part of it at the paper's tone (2320125: strong
# samples over 0.625 of it); one over all of it shades the paper beside it too (PH140).
# Fresh judge re-wilding-1850052 (4.0 MP): a light pencil fill, grey 0.1 and spread 0.26,
# its strong samples over 0.993 of the box, had been made unsure (TIP_PART, PH192)
TIP_GREY = 0.2
TIP_EVEN = 0.3
TIP_PART = 0.9


def _even_tip(n, r: Reading, own: tuple[float, float]) -> Reading:
    """A fill-only box read filled, its inside a faint, even, neutral grey (EVEN_GREY to
    TIP_GREY, under GREY_SAT, spread under TIP_EVEN) where the white round it is uneven
    (`white_span` under WHITE_SPAN), its strong samples over less than TIP_PART of it, made
    unsure: a shadow's tip may end inside it (PH189, PH192)."""
    if not (EVEN_GREY <= own[0] < TIP_GREY and own[1] < GREY_SAT) \
            or r.evidence.get("strong", 0.0) >= TIP_PART:
        return r
    span = white_span(n, r.mark)
    if span is None or span >= WHITE_SPAN:
        return r
    plane = _plane(n, *_box_inside(n, r.mark), SMEAR_SAMPLES)
    if plane is None or plane[1] >= TIP_EVEN:
        return r
    return _doubted(r, even_tip=round(plane[1], 3), white_span=round(span, 3))


# --- ink run in from beside a box -----------------------------------------------------------
# A neighbour's stroke that overruns into a box, blurred, darkens it from one side, smoothly:
# fresh judge photo re-wilding-520044 (2.5 MP, blurred), the empty prot-fire-2 beside a
# crossed box read filled at p = 0.995 (slope 0.46 of its mean per mm, residuals 0.24 of
# it). A box's own ink darkens it all over (a scribble) or unevenly (a tick is a stroke, a
# scribble has strokes and gaps). In a sharp photo a stroke run in shows as a stroke, and a
# fill may slope smoothly: fitting photo re-wilding-200112 (1.7 MP, sharp), a pencil fill
# at 0.48 with small residuals. So blurred photos only: of 3,618 marked boxes read filled
# in blurred photos (of 1,200 Re-Wilding photos: 510000+ at 2-4 MP, three judges at
# 1-12 MP), those whose residuals stay under 0.33 of the mean slope at most 0.30 of it, and
# the two sloping 0.42 or more have residuals of 0.67 and more. Under 2 MP, at 2.1-2.4 px
# per mm, two blurred fills slope so (0.51, 0.53; 340083, 460059 of the fresh ranges), but
# fill their boxes: ink scores (`decide.score_ink`) of 1.0 and 0.92, where ink run in
# fades to paper on the far side (520044: 0.58) (ruling PH112)
SMEAR_SLOPE = 0.42
SMEAR_INK = 0.8      # a box's ink score (the strong share, or 0.75 of the inked share) from which it is filled
SMEAR_EVEN = 0.33
SMEAR_SAMPLES = 20   # inside samples clear of print (a 4.2 mm box at 2 px per mm has 40)


def smear(n, mk: Mark) -> float | None:
    """The slope (over the mean, per mm) of a box's darkness where it darkens from one side
    smoothly (SMEAR_SLOPE or more, residuals under SMEAR_EVEN), as ink run in from a
    neighbour's mark does; else None."""
    plane = _plane(n, *_box_inside(n, mk), SMEAR_SAMPLES)
    if plane is None or plane[0] < SMEAR_SLOPE or plane[1] >= SMEAR_EVEN:
        return None
    return plane[0]
