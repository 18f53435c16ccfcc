"""Area marks: boxes, dots, cells and outlines, measured on the ink-score image.

Each function returns evidence (plain floats) that `decide` turns into a state and a
calibrated confidence. Pixels where print is too dark for a mark to show are left out.
"""
from __future__ import annotations

import cv2
import numpy as np

from .normalise import Normalised


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
    ink = n.ink[sl]
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


def dot_evidence(n: Normalised, x: float, y: float, search: float, ignore: np.ndarray | None = None) -> dict:
    """A hand-drawn dot near (x, y): the largest compact blob (ink surviving an opening)."""
    sl = _window(n, x - search, y - search, 2 * search, 2 * search)
    hit = ((n.ink[sl] >= 1.0) & n.known[sl]).astype(np.uint8)
    if ignore is not None:
        hit &= ~ignore[sl]
    r = max(1, round(0.65 * n.pxmm))
    k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1))
    blob = cv2.morphologyEx(hit, cv2.MORPH_OPEN, k)
    # keep blobs whose centre is within the search disc
    num, lab, stats, cent = cv2.connectedComponentsWithStats(blob, connectivity=8)
    best = 0.0
    h, w = blob.shape
    for i in range(1, num):
        cx, cy = cent[i]
        if np.hypot(cx - w / 2, cy - h / 2) <= search * n.pxmm * 0.75:
            best = max(best, float(stats[i, cv2.CC_STAT_AREA]))
    area_mm2 = best / (n.pxmm ** 2)
    raw = float(hit.sum()) / (n.pxmm ** 2)
    return {"area": area_mm2, "ink_area": raw}


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
