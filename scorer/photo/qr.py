"""The sheet-id QR: read where the registration says the template printed it.

The cheap read samples the module grid at the fitted module centres and decodes a clean
redraw; a blurred grid is equalised (the spill between neighbouring modules taken out);
then a flattened crop goes to OpenCV's detector; last, the modules are fitted to every
photo pixel over the code (`fitted_grids`, PH147).
"""
from __future__ import annotations

from collections.abc import Iterator

import cv2
import numpy as np

from .register import project

_QR = cv2.QRCodeDetector()
QR_SIZES = (25, 29, 21, 33)   # module counts tried, likeliest first (versions 2, 3, 1, 4)


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
    grids = [_module_centres(H, x, y, w / (n + 2 * quiet), n, quiet) for n in QR_SIZES]
    # blur only the part of the photo the samples reach (plus the kernel and the
    # interpolation's reach): the same values as blurring the whole photo, at a fraction
    blur, off = _blur_around(photo_grey, np.vstack(grids), 0.7)
    for n, pts in zip(QR_SIZES, grids):
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


def _module_centres(H: np.ndarray, x: float, y: float, m: float, n: int, quiet: int,
                    dx: float = 0.0, dy: float = 0.0) -> np.ndarray:
    """Photo (x, y) px of the n x n modules' centres (row by row) of a QR whose box starts
    at (x, y) frame mm, with `quiet` modules of `m` mm inside it, shifted by (dx, dy) mm."""
    c = (np.arange(n) + quiet + 0.5) * m
    gx, gy = np.meshgrid(x + c + dx, y + c + dy)
    return project(H, np.stack([gx.ravel(), gy.ravel()], axis=1)).astype(np.float32)


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
    crop is handed to the detector, and last the modules are fitted to the photo's pixels
    (`fitted_grids`, slow). `how` picks "grid", "crop", "fit" or "all" (all three, in that order).
    """
    if how in ("grid", "all"):
        text = _grid_qr(photo_grey, H, qr)
        if text or how == "grid":
            return text
    if how in ("crop", "all"):
        text = _crop_qr(photo_grey, H, qr)
        if text or how == "crop":
            return text
    for light in fitted_grids(photo_grey, H, qr):
        text = _decode_modules(light)
        if text:
            return text
    return None


def _crop_qr(photo_grey: np.ndarray, H: np.ndarray, qr: tuple[float, float, float, float]) -> str | None:
    """Hand a flattened crop of the QR's box to OpenCV's detector."""
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


# ---- fitting the modules to the photo's pixels (analysis by synthesis) ---------------------

FIT_SIGMAS = (0.4, 0.5, 0.6, 0.7)   # the blur tried (Gaussian sigma, in modules)
FIT_SHIFT = (0.4, 0.1)              # mm: how far the module grid may sit off the fit, and the step
FIT_RIDGE = 0.02                    # pull of each data module's darkness towards grey
FIT_PIXELS = 12_000                 # photo pixels used at most (every k-th row and column)
FIT_MATCH = 0.5                     # correlation of the centre samples with the function
                                    # patterns below which no QR of that size is there


def _phi(z: np.ndarray) -> np.ndarray:
    """The standard normal distribution function (Abramowitz and Stegun 7.1.26, error < 2e-7)."""
    a = np.abs(z) / np.sqrt(2.0)
    t = 1.0 / (1.0 + 0.3275911 * a)
    poly = ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t
    return 0.5 + 0.5 * np.sign(z) * (1.0 - poly * np.exp(-a * a))


def _grid_shift(photo_grey: np.ndarray, H: np.ndarray, x: float, y: float, m: float, n: int,
                quiet: int) -> tuple[float, float, float]:
    """The shift (dx, dy mm) of the n x n module grid whose centre samples correlate best
    with the function patterns' known colours, and that correlation."""
    known, light = _function_modules(n)
    reach, step = FIT_SHIFT
    shifts = np.round(np.arange(-reach, reach + 1e-9, step), 6)
    best = (-1.0, 0.0, 0.0)
    for dx in shifts:
        for dy in shifts:
            pts = _module_centres(H, x, y, m, n, quiet, dx, dy)
            vals = cv2.remap(photo_grey, pts[:, 0].reshape(n, n), pts[:, 1].reshape(n, n), cv2.INTER_LINEAR,
                             borderMode=cv2.BORDER_REPLICATE).astype(np.float64)[known]
            if vals.std() > 0:
                r = float(np.corrcoef(vals, light[known])[0, 1])
                if r > best[0]:
                    best = (r, float(dx), float(dy))
    return best[1], best[2], best[0]


def _fit_pixels(photo_grey: np.ndarray, H: np.ndarray, x: float, y: float, w: float,
                m: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The photo pixels over the QR's box and one module around it (every k-th row and
    column, at most about FIT_PIXELS): their values, photo (x, y) and frame (x, y) mm."""
    box = np.array([[x - m, y - m], [x + w + m, y - m], [x + w + m, y + w + m], [x - m, y + w + m]])
    corners = project(H, box)
    h_img, w_img = photo_grey.shape
    x0, y0 = np.maximum(np.floor(corners.min(axis=0)).astype(int), 0)
    x1, y1 = np.minimum(np.ceil(corners.max(axis=0)).astype(int) + 1, (w_img, h_img))
    if x1 - x0 < 4 or y1 - y0 < 4:
        return np.empty(0), np.empty((0, 2)), np.empty((0, 2))
    k = max(1, int(np.ceil(np.sqrt((x1 - x0) * (y1 - y0) / FIT_PIXELS))))
    ys, xs = np.mgrid[y0:y1:k, x0:x1:k]
    px = np.stack([xs.ravel(), ys.ravel()], axis=1).astype(np.float64)
    vals = photo_grey[ys.ravel(), xs.ravel()].astype(np.float64)
    return vals, px, project(np.linalg.inv(H), px)


def _fit_darkness(vals: np.ndarray, px: np.ndarray, u: np.ndarray, v: np.ndarray, n: int,
                  sigma: float) -> tuple[np.ndarray, float]:
    """Each module's darkness (n x n, 0 light .. 1 dark) fitted to the pixels, and the rms
    residual. A pixel at module coordinates (u, v) (module (i, j) spans [j, j+1) x [i, i+1))
    is modelled as paper (a plane over the photo, for the light's gradient) less `beta`
    times the darkness of its 4 x 4 nearest modules, each a unit square blurred by `sigma`."""
    known, light = _function_modules(n)
    kd = (~light).astype(np.float64).ravel()
    free = ~known.ravel()
    fidx = np.full(n * n, -1)
    fidx[free] = np.arange(int(free.sum()))
    nf = int(free.sum())
    # the 4 nearest modules along each axis and the blurred unit box's weight there
    su, sv = np.floor(u + 0.5).astype(int) - 2, np.floor(v + 0.5).astype(int) - 2
    cu = su[:, None] + np.arange(4)[None, :]
    cv_ = sv[:, None] + np.arange(4)[None, :]
    wu = _phi((u[:, None] - cu) / sigma) - _phi((u[:, None] - cu - 1) / sigma)
    wv = _phi((v[:, None] - cv_) / sigma) - _phi((v[:, None] - cv_ - 1) / sigma)
    inside_u, inside_v = (cu >= 0) & (cu < n), (cv_ >= 0) & (cv_ < n)
    W = (wv[:, :, None] * wu[:, None, :]).reshape(len(u), 16)          # rows: (v, u) pairs
    idx = (cv_[:, :, None] * n + cu[:, None, :]).reshape(len(u), 16)
    ok = (inside_v[:, :, None] & inside_u[:, None, :]).reshape(len(u), 16)   # the quiet zone is light
    W = np.where(ok, W, 0.0)
    idx = np.where(ok, idx, 0)
    on_known = (W * np.where(fidx[idx] < 0, kd[idx], 0.0)).sum(axis=1)
    on_free = (W * (fidx[idx] >= 0)).sum(axis=1)
    # paper plane and contrast from the known modules (free ones taken as grey)
    M = np.stack([np.ones(len(vals)), px[:, 0] - px[:, 0].mean(), px[:, 1] - px[:, 1].mean(),
                  on_known + 0.5 * on_free], axis=1)
    coef, *_ = np.linalg.lstsq(M, vals, rcond=None)
    beta = -coef[3]
    if not beta > 0:
        return np.full((n, n), 0.5), float("inf")
    paper = M[:, :3] @ coef[:3]
    r = (paper - vals) / beta - on_known           # = the free modules' blurred darkness
    fi = np.where(fidx[idx] >= 0, fidx[idx], nf)   # nf: a dummy for known / outside modules
    Wf = np.where(fidx[idx] >= 0, W, 0.0)
    G = np.bincount((fi[:, :, None] * (nf + 1) + fi[:, None, :]).ravel(),
                    (Wf[:, :, None] * Wf[:, None, :]).ravel(), (nf + 1) ** 2).reshape(nf + 1, nf + 1)[:nf, :nf]
    rhs = np.bincount(fi.ravel(), (Wf * r[:, None]).ravel(), nf + 1)[:nf]
    d = np.linalg.solve(G + FIT_RIDGE * np.eye(nf), rhs + FIT_RIDGE * 0.5)
    dark = kd.copy()
    dark[free] = d
    model = paper - beta * (W * np.clip(dark, 0.0, 1.0)[idx]).sum(axis=1)
    return dark.reshape(n, n), float(np.sqrt(np.mean((vals - model) ** 2)))


def fitted_grids(photo_grey: np.ndarray, H: np.ndarray, qr: tuple[float, float, float, float],
                 quiet: int = 2) -> Iterator[np.ndarray]:
    """Module grids (True = light) fitted to every photo pixel over the QR, likeliest first.

    At about 2 px per module (a 2-2.5 MP photo), blur and JPEG leave too many modules
    wrong for the error correction when each is judged by its centre sample, even with
    the spill between neighbours taken out (`_equalised`); fitted to all the pixels, with
    the blur modelled, far fewer are. For each module count whose function patterns show
    at the grid's best shift (`FIT_MATCH`), a grid is fitted per blur in `FIT_SIGMAS` and
    they are given in order of the fit's residual.
    """
    x, y, w, _ = qr
    vals, px, mm = _fit_pixels(photo_grey, H, x, y, w, w / (max(QR_SIZES) + 2 * quiet))
    if len(vals) < 16:
        return
    sizes = []
    for n in QR_SIZES:
        m = w / (n + 2 * quiet)
        dx, dy, r = _grid_shift(photo_grey, H, x, y, m, n, quiet)
        if r >= FIT_MATCH:
            sizes.append((r, n, m, dx, dy))
    for _, n, m, dx, dy in sorted(sizes, reverse=True):
        known, light = _function_modules(n)
        u = (mm[:, 0] - x - dx) / m - quiet
        v = (mm[:, 1] - y - dy) / m - quiet
        fits = [_fit_darkness(vals, px, u, v, n, s) for s in FIT_SIGMAS]
        for dark, _rms in sorted(fits, key=lambda f: f[1]):
            yield np.where(known, light, dark < 0.5)
