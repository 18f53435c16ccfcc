"""Area marks: boxes, dots, cells and outlines, measured on the ink-score image.

Each function returns evidence (plain floats) that `decide` turns into a state and a
calibrated confidence. Pixels where print is too dark for a mark to show are left out.
"""
from __future__ import annotations

import cv2
import numpy as np

from .normalise import Normalised

DOT_INK = 2.5   # a drawn dot is solid ink: well above the photo's ink threshold


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
    ink = n.ink[sl] - _local_offset(n, rect)
    known = n.known[sl]
    if ignore is not None:
        known = known & ~ignore[sl]
    vis = int(known.sum())
    if vis < 4:
        return {"fraction": 0.0, "spread": 0.0, "visible": 0.0, "strong": 0.0}
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


def dot_evidence(n: Normalised, x: float, y: float, search: float, ignore: np.ndarray | None = None) -> dict:
    """A hand-drawn dot near (x, y): how thick the ink gets (a dot is thicker than a line).

    `thickness` is the largest inscribed radius (mm) of the ink near the point, from a
    distance transform; a pen line is at most about 0.6 mm thick there, a dot 0.8 mm or
    more, even where the dot sits on a line. Crossings of drawn lines are left out by
    `ignore`.
    """
    pad = 1.5
    sl = _window(n, x - search - pad, y - search - pad, 2 * (search + pad), 2 * (search + pad))
    hit = ((n.ink[sl] >= DOT_INK) & n.known[sl]).astype(np.uint8)
    dt = cv2.distanceTransform(hit, cv2.DIST_L2, 5)
    h, w = hit.shape
    yy, xx = np.mgrid[0:h, 0:w]
    cx, cy = x * n.pxmm - sl[1].start - 0.5, y * n.pxmm - sl[0].start - 0.5
    inside = np.hypot(xx - cx, yy - cy) <= search * n.pxmm
    if ignore is not None:
        inside &= ~ignore[sl]
    thick = float(dt[inside].max()) / n.pxmm if inside.any() else 0.0
    raw = float(hit[inside].sum()) / (n.pxmm ** 2) if inside.any() else 0.0
    return {"thickness": thick, "ink_area": raw, "visible": float(inside.mean())}


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


def region_evidence(n: Normalised, mask: np.ndarray) -> dict:
    """Colour and darkness inside a region (Re-Wilding outlines): coverage by each kind of ink.

    coloured: chroma or mid darkness (highlighter, felt-tip, ballpoint, pencil colouring);
    crossed: near-black, colourless strokes (a cross or a scribble).
    """
    known = mask & n.known
    vis = int(known.sum())
    if vis < 4:
        return {"ink": 0.0, "dark": 0.0, "colour": 0.0, "visible": 0.0}
    ink = (n.ink >= 1.0) & known
    black = (n.dark >= 0.62) & (n.chroma < 2.5 * n.calib.chroma_threshold) & ink
    colour = ink & ~black
    return {"ink": float(ink.sum()) / vis, "dark": float(black.sum()) / vis,
            "colour": float(colour.sum()) / vis, "visible": vis / max(1, int(mask.sum()))}


def line_pixels(hit: np.ndarray, p0, p1, pxmm: float, length_mm: float = 4.0, corridor_mm: float = 1.8) -> np.ndarray:
    """The pixels of `hit` that belong to a straight stroke along p0-p1 (a drawn line).

    A directional opening with a 4 mm segment keeps what is long in that direction; a
    dot (under 4 mm across) does not survive it, so a dot touching a line keeps its body.
    """
    x0, y0 = p0
    x1, y1 = p1
    d = np.array([x1 - x0, y1 - y0], float)
    L = float(np.linalg.norm(d))
    u = d / max(L, 1e-9)
    k = max(3, int(round(length_mm * pxmm)) | 1)
    ker = np.zeros((k, k), np.uint8)
    c = k // 2
    cv2.line(ker, (int(round(c - u[0] * c)), int(round(c - u[1] * c))),
             (int(round(c + u[0] * c)), int(round(c + u[1] * c))), 1, 1)
    band = np.zeros(hit.shape, np.uint8)
    cv2.line(band, (int(x0 * pxmm), int(y0 * pxmm)), (int(x1 * pxmm), int(y1 * pxmm)), 1,
             max(1, int(2 * corridor_mm * pxmm)))
    ys, xs = np.nonzero(band)
    if not len(ys):
        return np.zeros(hit.shape, bool)
    r0, r1, c0, c1 = max(0, ys.min() - k), min(hit.shape[0], ys.max() + k + 1), max(0, xs.min() - k), \
        min(hit.shape[1], xs.max() + k + 1)
    sub = (hit[r0:r1, c0:c1] & band[r0:r1, c0:c1].astype(bool)).astype(np.uint8)
    opened = cv2.morphologyEx(sub, cv2.MORPH_OPEN, ker)
    out = np.zeros(hit.shape, bool)
    out[r0:r1, c0:c1] = cv2.dilate(opened, np.ones((3, 3), np.uint8)).astype(bool)
    return out
