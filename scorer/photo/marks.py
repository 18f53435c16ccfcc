"""Area marks: boxes, dots, cells and outlines, measured on the ink-score image.

Each function returns evidence (plain floats) that `decide` turns into a state and a
calibrated confidence. Pixels where print is too dark for a mark to show are left out.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from .berms import _seg_dist
from .normalise import CHROMA_FLOOR, DARK_FLOOR, Normalised
from .stats import median

DOT_INK = 2.5   # a drawn dot is solid ink: well above the photo's ink threshold
INSIDE_FLOOR_MAX = 1.0   # most of an even tone inside a box that is discounted


def _window(n: Normalised, x: float, y: float, w: float, h: float) -> tuple[slice, slice]:
    p = n.pxmm
    r0, r1 = max(0, round(y * p)), min(n.ink.shape[0], round((y + h) * p))
    c0, c1 = max(0, round(x * p)), min(n.ink.shape[1], round((x + w) * p))
    return slice(r0, max(r1, r0 + 1)), slice(c0, max(c1, c0 + 1))


SUB_VISIBLE = 0.15   # share of a sub-box that must be visible for its own ink to count
# mm: the smoothing `texture` measures a square's darkness against. A pencil or felt-tip
# hatch's strokes (1-2 mm apart) stand out from it; a cast shadow's soft tone does not (PH113)
TEXTURE_MM = 1.0


def box_evidence(n: Normalised, rect: tuple[float, float, float, float], inset: float = 0.45,
                 ignore: np.ndarray | None = None, spread_of_visible: bool = False,
                 texture: bool = False) -> dict:
    """Ink inside a box: the inked fraction of the visible pixels and how spread it is,
    and `level`, the mean ink over that of the paper just around the box. With `texture`,
    also `texture`: the mean distance of that ink from its own smoothing over TEXTURE_MM
    (strokes show it, a soft even tone does not; ruling PH113).

    With `spread_of_visible` a sub-box counts as inked by the share of its visible pixels
    (at least SUB_VISIBLE of it visible): where a printed icon hides most of a box (the
    backhoes), a stroke over it shows only in the few corners left, each mostly hidden."""
    x, y, w, h = rect
    sl = _window(n, x + inset, y + inset, w - 2 * inset, h - 2 * inset)
    known = n.known[sl]
    if ignore is not None:
        known = known & ~ignore[sl]
    vis = int(known.sum())
    if vis < 4:
        return {"fraction": 0.0, "spread": 0.0, "visible": 0.0, "strong": 0.0, "level": 0.0}
    # a faint even tone over the whole inside (a shadow's edge, a tinted print) is no mark:
    # a tick, a cross or a scribble leaves at least a quarter of the inside near paper
    floor = min(INSIDE_FLOOR_MAX, float(np.percentile(n.ink[sl][known], 25)))
    offset = _local_offset(n, rect)
    above = np.clip(n.ink[sl] - offset, 0, None).astype(np.float32)
    level = float(above[known].mean())
    ink = n.ink[sl] - max(offset, floor)
    hit = (ink >= 1.0) & known
    frac = float(hit.sum()) / vis
    strong = float(((ink >= 2.0) & known).sum()) / vis
    # spread: how many of a 3x3 grid of sub-boxes hold ink (a stray dot is not a tick)
    H, W = hit.shape
    cells = 0
    for i in range(3):
        for j in range(3):
            rows, cols = slice(i * H // 3, (i + 1) * H // 3), slice(j * W // 3, (j + 1) * W // 3)
            sub = hit[rows, cols]
            if not sub.size:
                continue
            if spread_of_visible:
                seen = int(known[rows, cols].sum())
                cells += bool(seen >= SUB_VISIBLE * sub.size and sub.sum() > 0.04 * seen)
            else:
                cells += bool(sub.mean() > 0.04)
    out = {"fraction": frac, "strong": strong, "spread": cells / 9.0, "visible": vis / hit.size,
           "level": level}
    if texture:
        out["texture"] = stroke_texture(above, known, n.pxmm)
    return out


def stroke_texture(above: np.ndarray, known: np.ndarray, pxmm: float) -> float:
    """The mean distance of the ink (over the paper, `above`) of the known pixels from its
    smoothing over TEXTURE_MM, the smoothing taken over the known pixels only."""
    k = known.astype(np.float32)
    s = TEXTURE_MM * pxmm
    smooth = cv2.GaussianBlur(above * k, (0, 0), s) / np.maximum(cv2.GaussianBlur(k, (0, 0), s), 1e-3)
    return float(np.abs(above - smooth)[known].mean())


def _local_offset(n: Normalised, rect, ring: tuple[float, float] = (0.6, 2.2)) -> float:
    """The ink score plain paper shows just around a box (lighting the white estimate
    missed), as a correction for what is inside; at most half the ink threshold."""
    x, y, w, h = rect
    a, b = ring
    sl = _window(n, x - b, y - b, w + 2 * b, h + 2 * b)
    dy, dx = _gaps_from_rect(n, sl, rect)
    sel = (np.maximum(dy, dx) > a) & n.known[sl]
    if sel.sum() < 10:
        return 0.0
    return float(np.clip(median(n.ink[sl][sel]), 0.0, 0.5))


# the plain paper round a box (mm beyond its border) that a tick's overrun seldom inks but a
# shadow or a stain that darkens the box runs on over (PH34), and the ink score counted there
# (half the threshold: such a band is faint)
RING_MM = (0.8, 2.5)
RING_INK = 0.5
OTHERS_MM = 1.0   # another box's strokes may overrun it by this much


def _gaps_from_rect(n: Normalised, sl: tuple[slice, slice], rect) -> tuple[np.ndarray, np.ndarray]:
    """How far (mm) each row and each column of the window `sl` lies outside a rectangle,
    as a column and a row that broadcast over the window (0 within its span)."""
    x, y, w, h = rect
    p = n.pxmm
    rows = (np.arange(sl[0].start, sl[0].stop) + 0.5) / p
    cols = (np.arange(sl[1].start, sl[1].stop) + 0.5) / p
    dy = np.maximum(np.maximum(y - rows, rows - (y + h)), 0.0)
    dx = np.maximum(np.maximum(x - cols, cols - (x + w)), 0.0)
    return dy[:, None], dx[None, :]


def _mm_from_rect(n: Normalised, sl: tuple[slice, slice], rect) -> np.ndarray:
    """Each pixel's distance in mm from a rectangle (0 inside it), over the window `sl`."""
    return np.hypot(*_gaps_from_rect(n, sl, rect))


def ring_ink(n: Normalised, rect, other_marks: np.ndarray, other_boxes=()) -> float:
    """The share of the plain paper RING_MM round a box with ink of at least RING_INK.
    Print, `other_marks` (where a player may write, as `shadow.markable`) and the paper
    within OTHERS_MM of `other_boxes` are left out. A tick stays in its box but for its
    overrun; a shadow's band that darkens the box goes on past it (ruling PH34)."""
    x, y, w, h = rect
    a, b = RING_MM
    sl = _window(n, x - b, y - b, w + 2 * b, h + 2 * b)
    d = _mm_from_rect(n, sl, rect)
    sel = (d >= a) & (d < b) & n.known[sl] & ~other_marks[sl]
    for o in other_boxes:
        sel &= _mm_from_rect(n, sl, o) >= OTHERS_MM
    if sel.sum() < 10:
        return 0.0
    return float((n.ink[sl][sel] >= RING_INK).mean())


DOT_RADIUS = 2.4   # mm around a lattice point: a dot drawn up to ~1 mm off, 1.5 mm in radius
LINE_MARGIN = 0.35  # mm beyond a drawn line's half width that still belongs to the line
DOT_INNER = 1.6     # mm: a dot covers some of this disc round its point
DOT_PLACE = 2.6     # mm round a lattice point that a house dot may cover: no cell's shading there
DOT_BAND_SLACK = 0.25  # mm a line may look thicker than its measured half width
# mm: the solid ink of a house dot seen beside the lines is at least this thick (inscribed
# radius); on the 600 fitting photos every drawn dot's was 0.64 or more, blurred ones too
DOT_SOLID = 0.5


def solid_radius(n: Normalised, sl: tuple[slice, slice] = (slice(None), slice(None))) -> np.ndarray:
    """Per pixel of the window `sl`, the radius (mm) of the largest disc of solid ink
    (DOT_INK and over, known) round it: how thick a dot or a line is there."""
    solid = ((n.ink[sl] >= DOT_INK) & n.known[sl]).astype(np.uint8)
    return cv2.distanceTransform(solid, cv2.DIST_L2, 5) / n.pxmm


def dot_evidence(n: Normalised, x: float, y: float, lines=(), half: float = 0.4,
                 ignore: np.ndarray | None = None, radius: float = DOT_RADIUS) -> dict:
    """A hand-drawn dot near (x, y), told from the drawn lines passing by.

    The drawn lines near the point (`lines`: fitted end points in frame mm, `half`: their
    measured half width) are masked out with a band of half + LINE_MARGIN, and so is
    `ignore` (a shaded swamp). What is left is measured two ways: `mass`, the ink's darkness
    integrated over the disc (mm^2 of full black; blur spreads a dot but keeps its mass),
    and `thickness`, the largest inscribed radius (mm) of solid ink outside the band. A pen
    line leaves nothing outside its band; a dot of 0.8 mm radius or more always does, even
    where a line runs through it. `visible` is the share of the inner disc (DOT_INNER) that
    can be seen; `hidden` says a line through it is thicker there than a line (a dot on the
    line or a crossing), so an empty reading there would be a guess.
    """
    p = n.pxmm
    sl = _window(n, x - radius - 1, y - radius - 1, 2 * radius + 2, 2 * radius + 2)
    h, w = n.ink[sl].shape
    yy, xx = np.mgrid[0:h, 0:w]
    px = (sl[1].start + xx + 0.5) / p
    py = (sl[0].start + yy + 0.5) / p
    disc = np.hypot(px - x, py - y) <= radius
    band = _band(px, py, lines, half)
    known = n.known[sl] if ignore is None else n.known[sl] & ~ignore[sl]
    use = disc & known & ~band
    dt = solid_radius(n, sl)
    w = np.clip(n.excess[sl], 0, None) * use
    mass = float(w.sum()) / p ** 2
    thick = float(dt[use].max()) if use.any() else 0.0
    apart = [float(_seg_dist(np.array([[x, y]]), np.asarray(a, float), np.asarray(b, float))[0]) for a, b in lines]
    near = [ln for ln, dd in zip(lines, apart) if dd <= radius + half]
    along = _along_a_line(w, px, py, [ln for ln, dd in zip(lines, apart) if dd <= radius + half + ALONG_REACH])
    # where a drawn line runs through the dot's place, the band hides a dot only if the
    # line is thicker there than a line (a dot on it, or a crossing): then it is unseen
    inner = np.hypot(px - x, py - y) <= DOT_INNER
    in_band = inner & band
    band_thick = float(dt[in_band].max()) if in_band.any() else 0.0
    hidden = band_thick > half + DOT_BAND_SLACK
    seen = inner & known & ~band if hidden else inner & known
    # a shaded swamp (`ignore`) is not looked into: no house stands on a swamp's corner
    # (ruling RW4), and a dot inside shading can't be told from it (ruling PH1)
    room = inner if ignore is None else inner & ~ignore[sl]
    visible = float(seen.sum()) / int(room.sum()) if room.sum() >= 0.1 * inner.sum() else 0.0
    ev = {"mass": mass, "thickness": thick, "band_thickness": band_thick, "hidden": hidden,
          "visible": visible, "line_halfwidth": half, "along_line": along,
          "between_lines": _near_parallel(near)} | _dot_tone(n, x, y, lines, half, ignore)
    through = sorted((dd, k) for k, dd in enumerate(apart) if dd <= DOT_INNER + half)
    if through and in_band.any():
        # the line nearest the place, measured where it runs clear of the others (PH84)
        ev |= line_bulge(n, x, y, lines[through[0][1]], lines, half)
        if "bulge" in ev:
            ev["lines_through"] = len(through)
    return ev


# mm round a house's place: the paper a drawn dot leaves clean (a dot of 1.7 mm radius drawn
# 1 mm off reaches 2.7 mm), where a shadow's tone runs on (PH193)
DOT_TONE_RING = (3.0, 4.5)


def _band(px: np.ndarray, py: np.ndarray, lines, half: float) -> np.ndarray:
    """Pixels within a drawn line's half width plus LINE_MARGIN of any of `lines`."""
    band = np.zeros(px.shape, bool)
    for a, b in lines:
        a, b = np.asarray(a, float), np.asarray(b, float)
        d = b - a
        t = np.clip(((px - a[0]) * d[0] + (py - a[1]) * d[1]) / max(float(d @ d), 1e-9), 0, 1)
        band |= np.hypot(px - (a[0] + t * d[0]), py - (a[1] + t * d[1])) <= half + LINE_MARGIN
    return band


def _dot_tone(n: Normalised, x: float, y: float, lines, half: float,
              ignore: np.ndarray | None) -> dict:
    """How a house's place is dark, off the drawn lines' bands and `ignore`: `core_peak`, the
    95th percentile of the darkness above the print over the inner disc (DOT_INNER; a drawn
    dot's ink is near black at its core, a shadow's tone a grey), and `ring_tone`, the share
    of the paper DOT_TONE_RING round it that is inked (a dot stops, a shadow runs on; PH193).
    Empty where too little of either is seen. A window of its own, wider than
    `dot_evidence`'s, whose solid-ink radius stays measured as its curves were fitted."""
    p, r = n.pxmm, DOT_TONE_RING[1]
    sl = _window(n, x - r - 1, y - r - 1, 2 * r + 2, 2 * r + 2)
    h, w = n.ink[sl].shape
    yy, xx = np.mgrid[0:h, 0:w]
    px, py = (sl[1].start + xx + 0.5) / p, (sl[0].start + yy + 0.5) / p
    d = np.hypot(px - x, py - y)
    clear = (n.known[sl] if ignore is None else n.known[sl] & ~ignore[sl]) & ~_band(px, py, lines, half)
    core, ring = clear & (d <= DOT_INNER), clear & (d > DOT_TONE_RING[0]) & (d < r)
    if core.sum() < 5 or ring.sum() < 10:
        return {}
    return {"core_peak": float(np.percentile(n.excess[sl][core], 95)),
            "ring_tone": float((n.ink[sl][ring] >= 1.0).mean())}


BULGE_CORE = 1.0          # mm along the line either side of the point where a dot would be
BULGE_REF = (2.5, 6.0)    # mm along the line either side where the line is measured alone
BULGE_CLEAR = 2.5         # mm from another drawn line that a reference station must be
BULGE_STATIONS = 6        # reference stations needed


def line_bulge(n: Normalised, x: float, y: float, line, lines, half: float) -> dict:
    """How much thicker the one drawn line through a house's place is at the place than
    along its own length nearby: `bulge`, in mm of inscribed radius of solid ink (ruling
    PH31), and `swell`, in mm of the ink's darkness summed across the line (full black),
    which blur and the pixel grid do not round (PH79).

    A dot drawn on a line makes it thicker there; the line's own thickness is measured on
    the same line, a few mm either side (same pen, same blur), away from other lines. Empty
    where too little of the line can be measured."""
    p = n.pxmm
    a, b = np.asarray(line[0], float), np.asarray(line[1], float)
    d = b - a
    L = float(np.linalg.norm(d))
    if L < 1e-6:
        return {}
    u = d / L
    v = np.array([-u[1], u[0]])
    tp = float((np.array([x, y]) - a) @ u)
    R = BULGE_REF[1] + half + 1.0
    sl = _window(n, x - R, y - R, 2 * R, 2 * R)
    dt = solid_radius(n, sl)
    s = np.arange(-BULGE_REF[1], BULGE_REF[1] + 1e-9, 0.25)
    o = np.arange(-(half + 0.6), half + 0.6 + 1e-9, 0.1)
    cen = a[None] + u[None] * (tp + s)[:, None]
    pts = cen[:, None, :] + v[None, None, :] * o[None, :, None]
    cols = np.clip((pts[..., 0] * p).astype(int) - sl[1].start, 0, dt.shape[1] - 1)
    rows = np.clip((pts[..., 1] * p).astype(int) - sl[0].start, 0, dt.shape[0] - 1)
    r = dt[rows, cols].max(axis=1)
    known = n.known[sl][rows, cols]
    ink = np.clip(n.excess[sl], 0, None)[rows, cols] * known
    width = ink.sum(axis=1) * (o[1] - o[0])       # mm of full black across the line
    clear = np.ones(len(s), bool)
    for c, e in lines:
        c, e = np.asarray(c, float), np.asarray(e, float)
        if np.allclose(c, a) and np.allclose(e, b):
            continue
        clear &= _seg_dist(cen, c, e) >= BULGE_CLEAR
    on = (tp + s >= 0) & (tp + s <= L)
    core = clear & (np.abs(s) <= BULGE_CORE)
    ref = clear & on & (np.abs(s) >= BULGE_REF[0]) & (r > 0)
    if not core.any() or ref.sum() < BULGE_STATIONS:
        return {}
    # a dot darker than its line: the darkest tone at the place over what the line's own
    # darkest tone (at the reference stations) gives over the print there (PH121)
    dark = n.dark[sl][rows, cols] * known
    line_tone = float(median(dark.max(axis=1)[ref]))
    over_print = 1.0 - (1.0 - line_tone) * (1.0 - n.printed[sl][rows, cols])
    # rounded to a micrometre: the inscribed radius moves in pixel steps, and float32 sums
    # would put a step on a bar just under it (PH206)
    return {"bulge": round(float(r[core].max() - median(r[ref])), 3),
            "swell": float(median(width[core]) - median(width[ref])),
            "darken": float((dark - over_print)[core].max())}


ALONG_ELONGATION = 3.0   # a piece of line left beside its band: this many times longer than wide
# mm beyond the disc that a drawn line's fit may sit from its own ink, whose strip then lies
# in the disc with the fit outside it (a house dot by the corridor pulls the fit; PH53)
ALONG_REACH = 2.0
BETWEEN_ANGLE = 25.0     # degrees: two drawn lines this near parallel hold a strip between them


def _near_parallel(lines) -> bool:
    """Whether two of these drawn lines (end points, mm) run within BETWEEN_ANGLE of each
    other: past a house's place, blur and their own ink fill the strip between them (PH38)."""
    dirs = [np.arctan2(b[1] - a[1], b[0] - a[0]) for a, b in lines]
    for i, u in enumerate(dirs):
        for v in dirs[i + 1:]:
            d = abs(np.degrees(u - v)) % 180.0
            if min(d, 180.0 - d) < BETWEEN_ANGLE:
                return True
    return False


ALONG_ANGLE = 15.0       # degrees within a drawn line's direction


def _along_a_line(w: np.ndarray, px: np.ndarray, py: np.ndarray, lines) -> bool:
    """Whether the ink left beside the masked lines (`w`, weights) is a thin strip along
    one of them: that line's own ink where its fit strays from it, not a dot (a dot, even
    cut by a band, leaves a compact patch; ruling PH29)."""
    tot = float(w.sum())
    if tot <= 0 or not len(lines):
        return False
    mx, my = float((w * px).sum()) / tot, float((w * py).sum()) / tot
    dx, dy = px - mx, py - my
    cov = np.array([[(w * dx * dx).sum(), (w * dx * dy).sum()], [(w * dx * dy).sum(), (w * dy * dy).sum()]]) / tot
    vals, vecs = np.linalg.eigh(cov)
    if vals[1] < ALONG_ELONGATION ** 2 * max(float(vals[0]), 1e-6):
        return False
    axis = vecs[:, 1]
    for a, b in lines:
        d = np.asarray(b, float) - np.asarray(a, float)
        cos = abs(float(axis @ d)) / max(float(np.linalg.norm(d)), 1e-9)
        if cos >= np.cos(np.radians(ALONG_ANGLE)):
            return True
    return False


def line_halfwidth(n: Normalised, segs, default: float = 0.4) -> float:
    """How thick drawn lines look in this photo (mm, inscribed radius), from the lines read."""
    if not segs:
        return default
    dt = solid_radius(n)
    vals = []
    for p0, p1 in segs:
        d = np.asarray(p1, float) - np.asarray(p0, float)
        L = float(np.linalg.norm(d))
        u = d / max(L, 1e-9)
        v = np.array([-u[1], u[0]])
        t = np.arange(0.2 * L, 0.8 * L, 1.0)
        o = np.arange(-1.0, 1.01, 0.2)
        pts = np.asarray(p0, float)[None, None] + u[None, None] * t[:, None, None] + v[None, None] * o[None, :, None]
        xs = np.clip((pts[..., 0] * n.pxmm).astype(int), 0, dt.shape[1] - 1)
        ys = np.clip((pts[..., 1] * n.pxmm).astype(int), 0, dt.shape[0] - 1)
        prof = dt[ys, xs].max(axis=1)
        vals.extend(prof[prof > 0].tolist())
    return float(median(vals)) if vals else default


def polygon_mask(shape: tuple[int, int], pts_mm, pxmm: float, inset_px: int = 0) -> np.ndarray:
    """A filled polygon mask (frame px), optionally eroded by `inset_px`."""
    m = np.zeros(shape, np.uint8)
    p = (np.asarray(pts_mm, np.float64) * pxmm * 16).round().astype(np.int32)
    cv2.fillPoly(m, [p.reshape(-1, 1, 2)], 1, cv2.LINE_8, 4)
    if inset_px > 0:
        m = cv2.erode(m, np.ones((2 * inset_px + 1, 2 * inset_px + 1), np.uint8))
    return m.astype(bool)


BLACK_DARK = 0.6    # calibrated darkness of black pen strokes (a cross), well above pencil shading
BLACK_SAT = 18.0    # Lab a*b* magnitude below which ink is colourless


def crop_mask(n: Normalised, pts_mm, inset_mm: float, margin_mm: float = 1.0) -> tuple[tuple[slice, slice], np.ndarray]:
    """A window round a polygon (mm, `margin_mm` margin) and the polygon's mask in it,
    eroded by `inset_mm`."""
    pts = np.asarray(pts_mm, float)
    x0, y0 = pts.min(axis=0) - margin_mm
    x1, y1 = pts.max(axis=0) + margin_mm
    sl = _window(n, x0, y0, x1 - x0, y1 - y0)
    h, w = n.ink[sl].shape
    m = np.zeros((h, w), np.uint8)
    p = ((pts - [sl[1].start / n.pxmm, sl[0].start / n.pxmm]) * n.pxmm * 16).round().astype(np.int32)
    cv2.fillPoly(m, [p.reshape(-1, 1, 2)], 1, cv2.LINE_8, 4)
    r = max(0, round(inset_mm * n.pxmm))
    if r:
        m = cv2.erode(m, np.ones((2 * r + 1, 2 * r + 1), np.uint8))
    return sl, m.astype(bool)


def region_evidence(n: Normalised, polygon, box, inset_mm: float = 0.35, mass: bool = False,
                    arms: float | None = None) -> dict:
    """Ink inside an outline or box and whether a black cross or scribble is on it.

    ink: inked share of the visible interior (any colour, pencil included);
    black: share covered by dark colourless strokes; cross: both diagonals of the box
    crossed by such strokes; `arms`, where given, is both diagonals' mean contrast
    (`cross_contrast`, for small photos); with `mass` (an icon), also the ink over the
    outline (`ink_mass`).
    """
    sl, mask = crop_mask(n, polygon, inset_mm)
    extra = {} if arms is None else {"arms": float(arms)}
    # an icon's curves read the matched filter where it is given, never the per-sample test
    cover = {} if mass and arms is not None else {"cross": cross_coverage(n, sl, mask, box)}
    known = mask & n.known[sl]
    vis = int(known.sum())
    if vis < 4:
        ev = {"ink": 0.0, "black": 0.0, **cover, **extra,
              "visible": 0.0, "photo_pxmm": n.photo_pxmm}
        return ev | ink_mass(n, polygon) if mass else ev
    ink = (n.ink[sl] >= 1.0)
    sat = n.sat[sl] if n.sat is not None else np.zeros_like(n.ink[sl])
    dk = n.dark[sl]
    # black strokes: dark and colourless where the print is light (they may run over the
    # print's tolerance zone, where a lighter mark would not count)
    light_print = n.printed[sl] < 0.6 if n.printed is not None else ink
    black_all = light_print & (dk >= BLACK_DARK) & (sat < BLACK_SAT) & (dk - n.printed[sl] >= 0.35
                                                                                         if n.printed is not None else ink)
    ev = {"ink": float((ink & known).sum()) / vis, "black": float((black_all & known).sum()) / vis,
          **cover, **extra,
          "visible": vis / max(1, int(mask.sum())), "photo_pxmm": n.photo_pxmm}
    if mass:
        return ev | ink_mass(n, polygon)
    # a box: also the share near strong ink (`strong_ink`), which small photos' curve reads
    return ev | {"strong": float((strong_ink(n.ink[sl]) & known).sum()) / vis}


# A pencil tick in a small photo is a faint, broken stroke: only part of it reaches the ink
# threshold, so a ticked box shows 0.35-0.45 inked where a filled one shows 0.9; ink that
# strays in from outside (a neighbour's scribble, a highlighter's edge) reaches that much
# too. What the tick has and the stray lacks is a core of strong ink: pixels at twice the
# threshold, grown by one pixel (0.2 mm) to the stroke's width. On the 200 calibration
# photos under 4.5 px/mm, empty boxes show at most 0.06 of that and ticks at least 0.47
# (a faint pencil fill may have none: `decide.score_ink` takes the larger of the two).
STRONG_INK = 2.0


def strong_ink(ink: np.ndarray) -> np.ndarray:
    """Where ink reaches STRONG_INK within one pixel (a 3 x 3 neighbourhood)."""
    return cv2.dilate(np.ascontiguousarray(ink, np.float32), np.ones((3, 3), np.uint8)) >= STRONG_INK


# --- crosses over outlines and boxes -------------------------------------------------
# A cross is two dark, colourless strokes along the two diagonals of the icon's box, on
# the paper outside the icon as well as over whatever colour is inside. Colouring is
# chromatic (ballpoint, felt-tip, highlighter) or, for pencil, about as dark all over the
# inside as along any line. So a sample on a diagonal counts as crossed when its grey
# darkness stands above both sides of the line and above what the colouring inside shows.
CROSS_T = (0.1, 0.9)      # the part of each diagonal sampled (a cross may stop short)
CROSS_SIDE = 1.0          # mm from the line to the paper (or colour) beside a stroke
CROSS_SHIFT = 0.14        # how far each end of a stroke may miss the corner (share of the box):
                          # 1.3 mm on an icon, 0.6 mm on a box (a tick's short stroke is 1.2 mm off)
CROSS_CONTRAST = 0.2      # black a stroke shows above both its sides
CROSS_ABOVE = 0.15        # ... and above the colouring inside (its median off the diagonals)
OFF_DIAGONAL = 0.9        # mm from both diagonals: where the colouring's level is taken
MIN_SAMPLES = 6           # of 40 along a diagonal: fewer seen, the coverage counts for less


def _black(norm: np.ndarray) -> np.ndarray:
    """How much of every colour the ink absorbs (CMYK's K: 1 - the brightest channel).

    Black pen absorbs all three (0.9), pencil about half; a coloured ink leaves one channel
    bright (highlighter none absorbed, ballpoint blue or green felt-tip about 0.4, and a
    thin or blurred stroke proportionally less), while black over any colouring stays black.
    """
    brightest = np.maximum(np.maximum(norm[..., 0], norm[..., 1]), norm[..., 2])
    return np.clip(1.0 - brightest, 0.0, 1.0)


@lru_cache(maxsize=64)
def _line_offsets(shift: float, n: int, step: float) -> tuple[np.ndarray, np.ndarray]:
    """Where along a diagonal the samples are (ts) and how far each candidate line's
    samples lie beside it (one row per pair of end shifts), in mm."""
    sh = np.linspace(-shift, shift, 2 * max(1, round(shift / step)) + 1)
    s0, s1 = (m.ravel() for m in np.meshgrid(sh, sh, indexing="ij"))
    ts = np.linspace(CROSS_T[0], CROSS_T[1], n)
    off = s0[:, None] * (1 - ts[None]) + s1[:, None] * ts[None]
    return ts[None, :, None], off[..., None]


def _line_coverage(G: np.ndarray, E: np.ndarray, valid: np.ndarray, above: np.ndarray, pxmm: float,
                   origin: tuple[int, int], a, b, shift: float, n: int = 40, step: float = 0.3) -> float:
    """The best share of a straight stroke near a->b (each end shifted up to `shift` mm):
    samples where G at the line beats E on both sides by CROSS_CONTRAST and stands above
    the colouring (`above`: G > floor + CROSS_ABOVE, per pixel)."""
    H, W = G.shape
    a, b = np.asarray(a, float), np.asarray(b, float)
    d = b - a
    u = d / max(float(np.linalg.norm(d)), 1e-9)
    v = np.array([-u[1], u[0]])
    # per pixel first (the crop is small), then only looked up along each candidate line:
    # E on both sides of a line through the pixel, in the direction across the diagonal
    dx, dy = v * CROSS_SIDE * pxmm
    side = [cv2.warpAffine(E, np.float32([[1, 0, sx], [0, 1, sy]]), (W, H),
                           flags=cv2.INTER_NEAREST | cv2.WARP_INVERSE_MAP, borderMode=cv2.BORDER_REPLICATE)
            for sx, sy in ((dx, dy), (-dx, -dy))]
    hitmap = ((G - np.maximum(side[0], side[1])) > CROSS_CONTRAST) & above
    if not hitmap.any():     # no sample can hit: every candidate covers nothing
        return 0.0
    ts, off = _line_offsets(shift, n, step)
    base = a + d * ts + v * off
    oy, ox = origin
    # a sample over dark print (within the registration tolerance of an icon's lines) is
    # unknown: it counts only when a stroke shows darker than that print
    okmap = valid | hitmap
    xs = np.clip(np.round(base[..., 0] * pxmm - ox - 0.5).astype(np.int32), 0, W - 1)
    ys = np.clip(np.round(base[..., 1] * pxmm - oy - 0.5).astype(np.int32), 0, H - 1)
    hit, ok = hitmap[ys, xs], okmap[ys, xs]
    # where print hides most of a diagonal, the few samples left count for less
    cov = hit.sum(axis=1) / np.maximum(ok.sum(axis=1), MIN_SAMPLES)
    return float(cov.max())


def cross_coverage(n: Normalised, sl, inside: np.ndarray, box) -> float:
    """How much of both diagonals of `box` a hand-drawn black cross covers (the smaller).

    `sl` is the crop (frame px) and `inside` the outline's interior in it. Over print
    (within the registration tolerance) only darkness above the print counts, and dark
    print (an icon's lines) is left out.
    """
    dark, printed = n.dark[sl], (n.printed[sl] if n.printed is not None else np.zeros_like(n.dark[sl]))
    pmax = dark - n.excess[sl]                       # the print dilated by the tolerance
    light = pmax < 0.3                               # paper, a tint, or no print near
    valid = pmax < 0.6                               # elsewhere a stroke must beat the print
    # over light print a stroke must be black; over coloured print only darker
    tone = np.where(printed < 0.2, _black(n.norm[sl]), dark)
    # ink multiplies: over print of darkness p a black stroke can add at most 1 - p, so the
    # darkness a stroke adds is measured as a share of the light the print leaves
    over = np.maximum(tone - pmax, 0.0) / np.maximum(1.0 - pmax, 0.2)
    G = np.where(light, tone, over).astype(np.float32)       # at the line
    E = over.astype(np.float32)                               # beside it: print is not a mark
    if not (G > CROSS_CONTRAST).any():     # no sample could show a stroke (most marks: empty)
        return 0.0
    x, y, w, h = box
    origin = (sl[0].start, sl[1].start)
    # the colouring's own level: the inside away from both diagonals (where a cross is not)
    hh, ww = G.shape
    X = (origin[1] + np.arange(ww) + 0.5) / n.pxmm - (x + w / 2)
    Y = (origin[0] + np.arange(hh) + 0.5) / n.pxmm - (y + h / 2)
    u = np.hypot(w, h)
    d1 = np.abs(Y[:, None] * w - X[None, :] * h) / u
    d2 = np.abs(Y[:, None] * w + X[None, :] * h) / u
    sel = inside & valid
    off = sel & (np.minimum(d1, d2) > OFF_DIAGONAL)
    if off.sum() >= 10:
        q = float(median(G[off]))
    else:     # a small box: the inside is mostly diagonal; its lower quartile is the colouring
        q = float(np.percentile(G[sel], 25)) if sel.sum() > 10 else 0.0
    inner = cv2.dilate(inside.astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool)
    floor = np.where(inner, q, 0.0)
    above = G > floor + CROSS_ABOVE
    shift = CROSS_SHIFT * min(w, h)
    c1 = _line_coverage(G, E, valid, above, n.pxmm, origin, (x, y), (x + w, y + h), shift)
    if c1 == 0.0:            # the smaller of the two is 0 whatever the other diagonal holds
        return 0.0
    c2 = _line_coverage(G, E, valid, above, n.pxmm, origin, (x + w, y), (x, y + h), shift)
    return min(c1, c2)


# --- crosses in small photos: a matched filter -----------------------------------------
# Below ~4.5 px per mm a pen stroke is one or two blurred pixels and JPEG keeps colour at half
# resolution, so a black stroke over colouring rarely stands CROSS_CONTRAST above its sides at
# any one sample, yet it darkens the whole diagonal a little. Compared point by point with
# what lies ARM_SIDE mm beside it and averaged along the diagonal, that small contrast adds
# up where single samples are noise (a matched filter).
ARM_WOBBLE = 0.15        # mm across the diagonal: a hand-drawn stroke is taken where darkest
ARM_SIDE = 0.9           # mm beside the diagonal: the colouring or paper a stroke is compared with


@dataclass(frozen=True)
class ArmFilter:
    """Where along the diagonals the filter looks, and what it compares a point with."""

    span: tuple[float, float]    # the part of each diagonal sampled (a cross may stop short)
    samples: int
    icon: bool                   # compare with the side on lighter print, and leave out
                                 # points on dark print; else with the darker side
    print_limit: float = 0.3     # (icons) expected print darkness that leaves a point out


# a box: pencil or ballpoint filling is a scribble whose strokes darken both sides of any
# line alike, so the darker side is the fair comparison; the ends are the printed border
BOX_ARMS = ArmFilter((0.2, 0.8), 16, icon=False)
# an icon: its printed lines are dense (heather's fingers, a snake's coils) and would hide
# the stroke at one end of the comparison or the other
ICON_ARMS = ArmFilter((0.1, 0.9), 24, icon=True)


def _arm_planes(n: Normalised) -> tuple[np.ndarray, np.ndarray]:
    """Black plus darkness, and the print's expected darkness, over the whole sheet (made
    once per photo: every box and icon samples them)."""
    if "arms" not in n.planes:
        T = np.ascontiguousarray(_black(n.norm) + n.dark, np.float32)
        P = np.ascontiguousarray(n.printed if n.printed is not None else np.zeros_like(T), np.float32)
        n.planes["arms"] = (T, P)
    return n.planes["arms"]


def cross_contrast(n: Normalised, box, f: ArmFilter = BOX_ARMS) -> float:
    """How much darker both diagonals of `box` are than what lies beside them, averaged
    along each (the smaller of the two): black (1 - the brightest channel) plus darkness.

    A cross scores about its stroke's contrast; colouring, a tick (one diagonal) or nothing
    about 0. Used below the resolution split, where `cross_coverage` loses blurred strokes.
    """
    return float(cross_contrasts(n, [box], f)[0])


def cross_contrasts(n: Normalised, boxes, f: ArmFilter = BOX_ARMS) -> np.ndarray:
    """`cross_contrast` for many boxes at once (one sampling pass over the sheet)."""
    return arm_contrasts(n, boxes, f).min(axis=1)


def arm_contrasts(n: Normalised, boxes, f: ArmFilter = BOX_ARMS) -> np.ndarray:
    """Each diagonal's mean contrast (M x 2: top-left to bottom-right, then top-right to
    bottom-left), as `cross_contrast` takes them."""
    if not len(boxes):
        return np.zeros((0, 2))
    T, P = _arm_planes(n)
    b = np.asarray(boxes, np.float64).reshape(-1, 4)
    x, y, w, h = b.T
    # both diagonals of every box: start a, direction d (M x 2 diagonals x 2)
    a = np.stack([np.stack([x, y], 1), np.stack([x + w, y], 1)], 1)
    d = np.stack([np.stack([w, h], 1), np.stack([-w, h], 1)], 1)
    u = d / np.maximum(np.linalg.norm(d, axis=2, keepdims=True), 1e-9)
    v = np.stack([-u[..., 1], u[..., 0]], axis=2)
    ts = np.linspace(f.span[0], f.span[1], f.samples)
    offs = np.array([-ARM_WOBBLE, 0.0, ARM_WOBBLE, ARM_SIDE, -ARM_SIDE])
    # M x 2 x samples x 5 offsets x 2 (mm)
    pts = (a[:, :, None, None, :] + ts[None, None, :, None, None] * d[:, :, None, None, :]
           + offs[None, None, None, :, None] * v[:, :, None, None, :])
    k = n.pxmm
    px = (pts[..., 0] * k - 0.5).astype(np.float32).reshape(-1, 5)
    py = (pts[..., 1] * k - 0.5).astype(np.float32).reshape(-1, 5)
    vals = cv2.remap(T, px, py, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE).reshape(len(b), 2, -1, 5)
    line = vals[..., :3].max(axis=3)
    if not f.icon:
        return (line - vals[..., 3:].max(axis=3)).mean(axis=2)
    pv = cv2.remap(P, px, py, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE).reshape(len(b), 2, -1, 5)
    c = line - np.where(pv[..., 3] <= pv[..., 4], vals[..., 3], vals[..., 4])
    clear = pv[..., :3].max(axis=3) < f.print_limit
    n_clear = clear.sum(axis=2)
    mean_clear = np.where(clear, c, 0.0).sum(axis=2) / np.maximum(n_clear, 1)
    return np.where(n_clear >= 4, mean_clear, c.mean(axis=2))


# --- colouring over thin outlines ------------------------------------------------------
# A thin icon (a snake, a bullrush) has almost no inside that lies clear of its printed
# lines once the registration tolerance is left out, so the inked share of the visible
# inside says nothing at 1-4 MP. What moves with misregistration and blur but keeps its
# sum is the ink itself: over the outline grown by MASS_GROW, the photo's darkness less
# the print's (and its chroma less the paper's around it) averages to ~0 for an empty
# outline, whatever the fit's error, and to the colour's darkness times its share when
# coloured.
MASS_GROW = 0.8     # mm around the outline: holds the print wherever the fit puts it
MASS_RING = 0.8     # mm of paper beyond that: the local baseline (tint, lighting)
# chroma counts this much more than darkness in the mass (PH45): on plain paper JPEG's
# colour noise leaves less chroma than lighting and shadows leave darkness (over 73,000
# empty outlines of 1,400 fresh photos, at most 0.24 chroma thresholds against 0.47 dark
# ones), while a highlighter's colouring shows as chroma alone. Doubled, a yellow snake at
# 2-4 px/mm (chroma 0.33-0.47, a darkness of 0.1) stands clear of the empty ones
CHROMA_WEIGHT = 2.0
# the mass averages the grown outline, whose paper round the icon dilutes a light fill, and
# counts print that comes out darker than the page says as ink. The darkness over the
# outline's own inside where the page prints next to nothing (rendered darkness under
# INSIDE_PRINT), less the same ring's, is the fill's alone (`mass_inside`, floor units):
# blur spreads the print in, so an empty outline keeps a floor there, not 0 (PH87). Its
# chroma there less the ring's is a highlighter's own (`chroma_inside`, PH88)
INSIDE_PRINT = 0.2


def ink_mass(n: Normalised, polygon) -> dict:
    """Excess darkness and chroma over an outline, in units of the floors (DARK_FLOOR,
    CHROMA_FLOOR); the mass is the larger of the darkness and CHROMA_WEIGHT times the
    chroma; `mass_inside` and `chroma_inside` are the excess darkness and chroma inside the
    outline clear of its print."""
    sl, inner = crop_mask(n, polygon, 0.0)
    pad = round((MASS_GROW + MASS_RING) * n.pxmm) + 1
    r0, c0 = max(0, sl[0].start - pad), max(0, sl[1].start - pad)
    r1, c1 = min(n.dark.shape[0], sl[0].stop + pad), min(n.dark.shape[1], sl[1].stop + pad)
    m = np.zeros((r1 - r0, c1 - c0), np.uint8)
    m[sl[0].start - r0:sl[0].start - r0 + inner.shape[0], sl[1].start - c0:sl[1].start - c0 + inner.shape[1]] = inner
    k1, k2 = round(MASS_GROW * n.pxmm), round((MASS_GROW + MASS_RING) * n.pxmm)
    disc = lambda k: cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * k + 1, 2 * k + 1))  # noqa: E731
    region = cv2.dilate(m, disc(k1)).astype(bool)
    ring = cv2.dilate(m, disc(k2)).astype(bool) & ~region
    if ring.sum() < 5 or region.sum() < 5:
        return {"mass": 0.0, "mass_dark": 0.0, "mass_chroma": 0.0, "mass_inside": 0.0, "chroma_inside": 0.0}
    win = (slice(r0, r1), slice(c0, c1))
    printed = n.printed[win] if n.printed is not None else np.zeros_like(n.dark[win])
    ex = n.dark[win] - printed
    sat = n.sat[win] if n.sat is not None else np.zeros_like(ex)
    paper = float(median(ex[ring]))
    md = float(ex[region].mean()) - paper
    inside = m.astype(bool) & (printed < INSIDE_PRINT)
    mi = float(ex[inside].mean()) - paper if inside.any() else 0.0
    # colour: chroma above the paper's around it (print is grey, so it adds none)
    tint = float(median(sat[ring]))
    mc = float(np.maximum(sat[region] - tint, 0.0).mean())
    ci = float(sat[inside].mean()) - tint if inside.any() else 0.0
    # means over a region are measured in the floors' units, not the photo's thresholds: a
    # noisy photo raises its per-pixel thresholds, but a mean's own noise is far below them,
    # and a colouring darkens the paper as much whatever the noise (PH130)
    t, ct = DARK_FLOOR, CHROMA_FLOOR
    md_u, mc_u = md / t, mc / ct
    return {"mass": _mass(md_u, mc_u), "mass_dark": md_u, "mass_chroma": mc_u,
            "mass_inside": mi / t, "chroma_inside": ci / ct}


def _mass(dark: float, chroma: float) -> float:
    """An outline's ink mass from its darkness and chroma (floor units)."""
    return max(dark, CHROMA_WEIGHT * chroma)


# An empty outline's mass is not 0 but the photo's own offset: the print of every icon comes
# out a little darker or lighter than the rendered page says (the tone curve is calibrated
# on flat patches, and thin print goes through blur, sharpening and JPEG), and the chroma's
# floor is the photo's colour noise. Over 2,150 fresh photos the median empty outline's
# darkness of one icon follows that of the other icons in the same photo (correlation
# 0.8-0.93), so the offset is the photo's, not the icon's. Measured against the median of
# the photo's outlines that hold no colouring (mass under BASE_CUT: coloured ones show 0.5
# and more), an empty outline sits at about 0 in every photo (ruling PH61).
BASE_CUT = 0.5
BASE_MIN = 10      # outlines under the cut needed for a baseline (else none is taken)


def mass_baseline(evs: list[dict]) -> tuple[float, float]:
    """The photo's offset of darkness and chroma (floor units) over an outline that holds
    no colouring: the medians over the outlines whose mass is under BASE_CUT; (0, 0) where
    fewer than BASE_MIN are."""
    base = [ev for ev in evs if ev["mass"] < BASE_CUT]
    if len(base) < BASE_MIN:
        return 0.0, 0.0
    return (float(median([ev["mass_dark"] for ev in base])),
            float(median([ev["mass_chroma"] for ev in base])))


def arms_baselines(icons: list[str], evs: list[dict]) -> dict[str, float]:
    """Per icon, the median of its outlines' cross arms (`arms`) in this photo: what the
    icon's own print gives the matched filter. Heather's fingers run along its diagonals, so
    in a blurred photo, its arms divided by the photo's sharpness, an empty heather shows
    0.4-1.25 where other empty icons stay under 0.55 and crossed ones start at 1.3 (ruling
    PH62). A sheet holds 12-14 of each icon, few of them crossed."""
    per: dict[str, list[float]] = {}
    for icon, ev in zip(icons, evs):
        if "arms" in ev:
            per.setdefault(icon, []).append(ev["arms"])
    return {icon: float(median(v)) for icon, v in per.items() if len(v) >= BASE_MIN}


def against_baseline(ev: dict, base: tuple[float, float]) -> dict:
    """An outline's evidence with its mass measured against the photo's baseline
    (`mass_baseline`); the raw darkness and chroma stay in `mass_dark` and `mass_chroma`."""
    bd, bc = base
    return ev | {"mass": _mass(ev["mass_dark"] - bd, ev["mass_chroma"] - bc), "mass_base": (round(bd, 4), round(bc, 4))}
