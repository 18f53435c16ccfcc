"""The sheet-id QR: read where the registration says the template printed it.

The cheap read samples the module grid at the fitted module centres and decodes a clean
redraw; a blurred grid is equalised (the spill between neighbouring modules taken out);
then a flattened crop goes to OpenCV's detector; last, the modules are fitted to every
photo pixel over the code (`qrfit`).
"""
from __future__ import annotations

import cv2
import numpy as np

from .register import project

_QR = cv2.QRCodeDetector()


def _decode(img: np.ndarray) -> str | None:
    try:
        text, _, _ = _QR.detectAndDecode(img)
    except cv2.error:
        return None
    return text or None


# A QR's three finder patterns (7x7: a dark ring, a light ring, a dark 3x3 core), dark = True.
_FINDER = np.ones((7, 7), bool)
_FINDER[1:6, 1:6] = False
_FINDER[2:5, 2:5] = True
FINDER_MIN = 0.8   # share of the 147 finder modules that must read right before decoding:
                   # on the benchmark's photos a sampled grid that decodes has them all right,
                   # one of the wrong size or place at most 0.66


def _finder_agreement(light: np.ndarray) -> float:
    """The share of the finder-pattern modules of an n x n module grid (True = light) that
    read as a QR's finder patterns do."""
    n = light.shape[0]
    dark = ~light
    hits = sum(int((dark[r:r + 7, c:c + 7] == _FINDER).sum()) for r, c in ((0, 0), (0, n - 7), (n - 7, 0)))
    return hits / (3 * 49)


def _function_modules(n: int) -> tuple[np.ndarray, np.ndarray]:
    """The modules every QR of size n x n prints the same (finder patterns with their light
    separators, the timing rows and, from version 2, the bottom-right alignment pattern):
    a mask and their values (True = light)."""
    known = np.zeros((n, n), bool)
    light = np.ones((n, n), bool)
    for r, c in ((0, 0), (0, n - 7), (n - 7, 0)):
        known[max(0, r - 1):r + 8, max(0, c - 1):c + 8] = True   # with the separator
        light[r:r + 7, c:c + 7] = ~_FINDER
    t = np.arange(8, n - 8)
    known[6, t] = known[t, 6] = True
    light[6, t] = light[t, 6] = t % 2 == 1
    if n >= 25:
        a = n - 7
        ring = np.ones((5, 5), bool)
        ring[1:4, 1:4] = False
        ring[2, 2] = True
        known[a - 2:a + 3, a - 2:a + 3] = True
        light[a - 2:a + 3, a - 2:a + 3] = ~ring
    return known, light


def _equalised(vals: np.ndarray, start: np.ndarray, rounds: int = 4) -> np.ndarray:
    """Module colours (True = light) undoing the blur's spill between neighbours.

    A blurred module's sample is a + b*(itself) + c*(its 4 neighbours) + d*(its 4 diagonal
    neighbours), 1 for light. The coefficients are fitted on the function modules, whose
    colours are known, with the current guess for their neighbours; each module then takes
    the colour whose prediction is nearer its sample. A light module among dark ones, which
    a blurred photo shows darker than the threshold, reads light again.
    """
    n = vals.shape[0]
    known, light = _function_modules(n)
    est = start.astype(np.float64)
    v = vals.astype(np.float64)
    for _ in range(rounds):
        t = np.where(known, light, est)
        tp = np.pad(t, 1, constant_values=1.0)     # the quiet zone is light
        s4 = tp[:-2, 1:-1] + tp[2:, 1:-1] + tp[1:-1, :-2] + tp[1:-1, 2:]
        sd = tp[:-2, :-2] + tp[2:, 2:] + tp[:-2, 2:] + tp[2:, :-2]
        A = np.stack([np.ones(known.sum()), t[known], s4[known], sd[known]], axis=1)
        coef, *_ = np.linalg.lstsq(A, v[known], rcond=None)
        if coef[1] <= 0:
            break
        base = coef[0] + coef[2] * s4 + coef[3] * sd
        new = (np.abs(v - base - coef[1]) < np.abs(v - base)).astype(np.float64)
        if np.array_equal(new, est):
            break
        est = new
    return est > 0.5


def _decode_modules(light: np.ndarray) -> str | None:
    """Decode an n x n module grid (True = light), redrawn clean with a quiet zone."""
    n = light.shape[0]
    img = np.full((n + 8, n + 8), 255, np.uint8)
    img[4:4 + n, 4:4 + n] = light.astype(np.uint8) * 255
    big = cv2.resize(img, None, fx=8, fy=8, interpolation=cv2.INTER_NEAREST)
    return _decode_at(big, 32.0, 8.0 * (n + 4)) or _decode(big)


def _decode_at(img: np.ndarray, a: float, b: float) -> str | None:
    """Decode a QR known to span the square a..b (px) of `img`, without searching for it."""
    try:
        text, _ = _QR.decode(img, np.float32([[a, a], [b, a], [b, b], [a, b]]).reshape(1, 4, 2))
    except cv2.error:
        return None
    return text or None


def _grid_qr(photo_grey: np.ndarray, H: np.ndarray, qr: tuple[float, float, float, float], quiet: int = 2) -> str | None:
    """Sample the QR's modules where the template says they are and decode a clean redraw.

    The printed QR has `quiet` modules of margin inside its box; its module count depends
    on the payload length, so versions 1-4 are tried.
    """
    x, y, w, _ = qr
    sizes = (25, 29, 21, 33)
    grids = []
    for n in sizes:
        m = w / (n + 2 * quiet)
        c = (np.arange(n) + quiet + 0.5) * m
        gx, gy = np.meshgrid(x + c, y + c)
        grids.append(project(H, np.stack([gx.ravel(), gy.ravel()], axis=1)).astype(np.float32))
    # blur only the part of the photo the samples reach (plus the kernel and the
    # interpolation's reach): the same values as blurring the whole photo, at a fraction
    blur, off = _blur_around(photo_grey, np.vstack(grids), 0.7)
    for n, pts in zip(sizes, grids):
        p = pts - off
        vals = cv2.remap(blur, p[:, 0].reshape(n, n), p[:, 1].reshape(n, n), cv2.INTER_LINEAR,
                         borderMode=cv2.BORDER_REPLICATE)
        thr, _ = cv2.threshold(vals.astype(np.uint8), 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
        light = vals > thr
        if _finder_agreement(light) < FINDER_MIN:   # not a QR of this size here: skip the slow decoder
            continue
        text = _decode_modules(light)
        if text:
            return text
        # too blurred for one threshold (a light module among dark ones reads dark): read
        # the unblurred samples with the spill between neighbours taken out
        raw = cv2.remap(photo_grey, pts[:, 0].reshape(n, n), pts[:, 1].reshape(n, n), cv2.INTER_LINEAR,
                        borderMode=cv2.BORDER_REPLICATE)
        thr, _ = cv2.threshold(raw.astype(np.uint8), 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
        text = _decode_modules(_equalised(raw, raw > thr))
        if text:
            return text
    return None


def _blur_around(img: np.ndarray, pts: np.ndarray, sigma: float) -> tuple[np.ndarray, np.ndarray]:
    """Gaussian-blur the part of `img` that bilinear samples at `pts` (x, y px) read, with a
    margin wider than the kernel, so every sample sees what a blur of the whole image gives.
    Returns the blurred crop and the (x, y) offset to subtract from the points."""
    h, w = img.shape[:2]
    pad = 3 * int(np.ceil(3 * sigma)) + 4
    if len(pts) and np.isfinite(pts).all():
        x0, y0 = np.floor(pts.min(axis=0)).astype(int) - pad
        x1, y1 = np.ceil(pts.max(axis=0)).astype(int) + pad
        x0, y0, x1, y1 = max(0, x0), max(0, y0), min(w, x1), min(h, y1)
        if x1 > x0 and y1 > y0:
            # the crop's sides either lie `pad` px beyond every sample or are the image's
            # own sides, where BORDER_REPLICATE and the blur's border act as on the whole
            return cv2.GaussianBlur(img[y0:y1, x0:x1], (0, 0), sigma), np.float32([x0, y0])
    return cv2.GaussianBlur(img, (0, 0), sigma), np.float32([0, 0])


def read_qr(photo_grey: np.ndarray, H: np.ndarray, qr: tuple[float, float, float, float],
            how: str = "all") -> str | None:
    """Decode the sheet-id QR, which the fit says is at box `qr` (frame mm).

    The module grid is sampled first (cheap, and enough for most photos), then a flattened
    crop is handed to the detector. `how` picks "grid", "crop" or "all" (both, in that order).
    """
    if how in ("grid", "all"):
        text = _grid_qr(photo_grey, H, qr)
        if text or how == "grid":
            return text
    x, y, w, h = qr
    pad = 0.15 * w
    for ppm in (10.0, 7.0):
        size = round((w + 2 * pad) * ppm)
        S = np.array([[1 / ppm, 0, x - pad], [0, 1 / ppm, y - pad], [0, 0, 1]])
        crop = cv2.warpPerspective(photo_grey, H @ S, (size, size), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                                   borderValue=255)
        for img in (crop, cv2.resize(crop, None, fx=2, fy=2, interpolation=cv2.INTER_NEAREST)):
            text = _decode(img)
            if text:
                return text
    return None
