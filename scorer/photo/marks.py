"""Area marks: boxes, dots, cells and outlines, measured on the ink-score image.

Each function returns evidence (plain floats) that `decide` turns into a state and a
calibrated confidence. Pixels where print is too dark for a mark to show are left out.
"""
from __future__ import annotations

import cv2
import numpy as np

from .normalise import Normalised

DOT_INK = 2.5   # a drawn dot is solid ink: well above the photo's ink threshold
INSIDE_FLOOR_MAX = 1.0   # most of an even tone inside a box that is discounted


def _window(n: Normalised, x: float, y: float, w: float, h: float) -> tuple[slice, slice]:
    p = n.pxmm
    r0, r1 = max(0, round(y * p)), min(n.ink.shape[0], round((y + h) * p))
    c0, c1 = max(0, round(x * p)), min(n.ink.shape[1], round((x + w) * p))
    return slice(r0, max(r1, r0 + 1)), slice(c0, max(c1, c0 + 1))


def box_evidence(n: Normalised, rect: tuple[float, float, float, float], inset: float = 0.45,
                 ignore: np.ndarray | None = None) -> dict:
    """Ink inside a box: the inked fraction of the visible pixels and how spread it is."""
    x, y, w, h = rect
    sl = _window(n, x + inset, y + inset, w - 2 * inset, h - 2 * inset)
    known = n.known[sl]
    if ignore is not None:
        known = known & ~ignore[sl]
    vis = int(known.sum())
    if vis < 4:
        return {"fraction": 0.0, "spread": 0.0, "visible": 0.0, "strong": 0.0}
    # a faint even tone over the whole inside (a shadow's edge, a tinted print) is no mark:
    # a tick, a cross or a scribble leaves at least a quarter of the inside near paper
    floor = min(INSIDE_FLOOR_MAX, float(np.percentile(n.ink[sl][known], 25)))
    ink = n.ink[sl] - max(_local_offset(n, rect), floor)
    hit = (ink >= 1.0) & known
    frac = float(hit.sum()) / vis
    strong = float(((ink >= 2.0) & known).sum()) / vis
    # spread: how many of a 3x3 grid of sub-boxes hold ink (a stray dot is not a tick)
    H, W = hit.shape
    cells = 0
    for i in range(3):
        for j in range(3):
            sub = hit[i * H // 3:(i + 1) * H // 3, j * W // 3:(j + 1) * W // 3]
            cells += bool(sub.mean() > 0.04) if sub.size else 0
    return {"fraction": frac, "strong": strong, "spread": cells / 9.0, "visible": vis / hit.size}


def _local_offset(n: Normalised, rect, ring: tuple[float, float] = (0.6, 2.2)) -> float:
    """The ink score plain paper shows just around a box (lighting the white estimate
    missed), as a correction for what is inside; at most half the ink threshold."""
    x, y, w, h = rect
    a, b = ring
    sl = _window(n, x - b, y - b, w + 2 * b, h + 2 * b)
    p = n.pxmm
    hh, ww = n.ink[sl].shape
    yy, xx = np.mgrid[0:hh, 0:ww]
    r0, c0 = sl[0].start / p, sl[1].start / p
    X, Y = c0 + (xx + 0.5) / p, r0 + (yy + 0.5) / p
    outside = (X < x - a) | (X > x + w + a) | (Y < y - a) | (Y > y + h + a)
    sel = outside & n.known[sl]
    if sel.sum() < 10:
        return 0.0
    return float(np.clip(np.median(n.ink[sl][sel]), 0.0, 0.5))


DOT_RADIUS = 2.4   # mm around a lattice point: a dot drawn up to ~1 mm off, 1.5 mm in radius
LINE_MARGIN = 0.35  # mm beyond a drawn line's half width that still belongs to the line
DOT_INNER = 1.6     # mm: a dot covers some of this disc round its point
DOT_BAND_SLACK = 0.25  # mm a line may look thicker than its measured half width


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
    band = np.zeros(disc.shape, bool)
    for a, b in lines:
        a, b = np.asarray(a, float), np.asarray(b, float)
        d = b - a
        t = np.clip(((px - a[0]) * d[0] + (py - a[1]) * d[1]) / max(float(d @ d), 1e-9), 0, 1)
        band |= np.hypot(px - (a[0] + t * d[0]), py - (a[1] + t * d[1])) <= half + LINE_MARGIN
    known = n.known[sl] if ignore is None else n.known[sl] & ~ignore[sl]
    use = disc & known & ~band
    solid = ((n.ink[sl] >= DOT_INK) & n.known[sl]).astype(np.uint8)
    dt = cv2.distanceTransform(solid, cv2.DIST_L2, 5) / p
    mass = float(np.clip(n.excess[sl], 0, None)[use].sum()) / p ** 2
    thick = float(dt[use].max()) if use.any() else 0.0
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
    return {"mass": mass, "thickness": thick, "band_thickness": band_thick, "hidden": hidden,
            "visible": visible, "line_halfwidth": half}


def line_halfwidth(n: Normalised, segs, default: float = 0.4) -> float:
    """How thick drawn lines look in this photo (mm, inscribed radius), from the lines read."""
    if not segs:
        return default
    hit = ((n.ink >= DOT_INK) & n.known).astype(np.uint8)
    dt = cv2.distanceTransform(hit, cv2.DIST_L2, 5) / n.pxmm
    vals = []
    for p0, p1 in segs:
        d = np.asarray(p1, float) - np.asarray(p0, float)
        L = float(np.linalg.norm(d))
        u = d / max(L, 1e-9)
        v = np.array([-u[1], u[0]])
        t = np.arange(0.2 * L, 0.8 * L, 1.0)
        o = np.arange(-1.0, 1.01, 0.2)
        pts = np.asarray(p0, float)[None, None] + u[None, None] * t[:, None, None] + v[None, None] * o[None, :, None]
        xs = np.clip((pts[..., 0] * n.pxmm).astype(int), 0, hit.shape[1] - 1)
        ys = np.clip((pts[..., 1] * n.pxmm).astype(int), 0, hit.shape[0] - 1)
        prof = dt[ys, xs].max(axis=1)
        vals.extend(prof[prof > 0].tolist())
    return float(np.median(vals)) if vals else default


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


def _crop_mask(n: Normalised, pts_mm, inset_mm: float):
    pts = np.asarray(pts_mm, float)
    x0, y0 = pts.min(axis=0) - 1.0
    x1, y1 = pts.max(axis=0) + 1.0
    sl = _window(n, x0, y0, x1 - x0, y1 - y0)
    h, w = n.ink[sl].shape
    m = np.zeros((h, w), np.uint8)
    p = ((pts - [sl[1].start / n.pxmm, sl[0].start / n.pxmm]) * n.pxmm * 16).round().astype(np.int32)
    cv2.fillPoly(m, [p.reshape(-1, 1, 2)], 1, cv2.LINE_8, 4)
    r = max(0, round(inset_mm * n.pxmm))
    if r:
        m = cv2.erode(m, np.ones((2 * r + 1, 2 * r + 1), np.uint8))
    return sl, m.astype(bool)


def _diagonals(n: Normalised, black: np.ndarray, sl, box) -> float:
    """How much of both diagonals of a box a black stroke covers (a cross): the smaller."""
    x, y, w, h = box
    covs = []
    for (ax, ay), (bx, by) in (((x, y), (x + w, y + h)), ((x + w, y), (x, y + h))):
        t = np.linspace(0.15, 0.85, 24)
        px = (ax + (bx - ax) * t) * n.pxmm - sl[1].start
        py = (ay + (by - ay) * t) * n.pxmm - sl[0].start
        r = max(1, round(0.9 * n.pxmm))
        hits = 0
        for cx, cy in zip(px.astype(int), py.astype(int)):
            win = black[max(0, cy - r):cy + r + 1, max(0, cx - r):cx + r + 1]
            hits += bool(win.any())
        covs.append(hits / len(t))
    return float(min(covs))


def region_evidence(n: Normalised, polygon, box, inset_mm: float = 0.35) -> dict:
    """Ink inside an outline or box and whether a black cross or scribble is on it.

    ink: inked share of the visible interior (any colour, pencil included);
    black: share covered by dark colourless strokes; cross: both diagonals of the box
    crossed by such strokes.
    """
    sl, mask = _crop_mask(n, polygon, inset_mm)
    known = mask & n.known[sl]
    vis = int(known.sum())
    if vis < 4:
        return {"ink": 0.0, "black": 0.0, "cross": 0.0, "visible": 0.0}
    ink = (n.ink[sl] >= 1.0)
    sat = n.sat[sl] if n.sat is not None else np.zeros_like(n.ink[sl])
    dk = n.dark[sl]
    # black strokes: dark and colourless where the print is light (they may run over the
    # print's tolerance zone, where a lighter mark would not count)
    light_print = n.printed[sl] < 0.6 if n.printed is not None else ink
    black_all = light_print & (dk >= BLACK_DARK) & (sat < BLACK_SAT) & (dk - n.printed[sl] >= 0.35
                                                                                         if n.printed is not None else ink)
    x, y, w, h = box
    return {"ink": float((ink & known).sum()) / vis, "black": float((black_all & known).sum()) / vis,
            "cross": _diagonals(n, black_all, sl, box), "visible": vis / max(1, int(mask.sum()))}
