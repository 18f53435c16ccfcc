"""Lighting and ink: divide out the paper white, calibrate darkness on the printed patches,
and subtract the expected printed ink so only what a player drew remains.

The result is an *ink score* per pixel in units of the photo's own detection threshold:
1.0 means "just clearly ink". The threshold comes from the calibration strip (its paper
patch gives the noise, its grey steps the tone curve), not from hand-tuned constants.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from .expected import Expected, luminance
from .stats import median, plane_fit

DARK_FLOOR = 0.06      # nominal darkness: below a quarter of the 25 % grey patch is not ink
CHROMA_FLOOR = 9.0     # Lab a*b* distance: below this a colour cast is not ink
WHITE_CLOSE_MM = 7     # the paper white's closing: darker patches narrower than this are ink
KNOWN_MAX = 0.55       # where print is darker than this, a mark can't be seen over it
SMOOTH_MM = 0.25       # darkness and colour are averaged over this (Gaussian sigma) before scoring


@dataclass
class Calibration:
    """What the printed reference patches measured."""

    observed: tuple[float, ...]   # darkness of paper, 25/50/75 % grey and black as photographed
    nominal: tuple[float, ...]    # the same patches as printed (from the rendered page)
    noise: float                  # darkness noise on paper (std)
    chroma_noise: float           # Lab a*b* spread on the grey patches
    ok: bool                      # the patches were readable and in order
    dark_threshold: float
    chroma_threshold: float

    def to_dict(self) -> dict:
        return {"observed": [round(v, 3) for v in self.observed], "nominal": [round(v, 3) for v in self.nominal],
                "noise": round(self.noise, 4), "chroma_noise": round(self.chroma_noise, 2), "ok": self.ok}


@dataclass
class Normalised:
    """The flattened sheet ready for reading."""

    pxmm: float
    norm: np.ndarray       # HxWx3 float32, paper white = 1
    dark: np.ndarray       # calibrated darkness (nominal units)
    excess: np.ndarray     # darkness above the darkest print expected nearby
    chroma: np.ndarray     # Lab a*b* distance from the expected colour (flat print only)
    ink: np.ndarray        # ink score: max(excess / dark threshold, chroma / chroma threshold)
    known: np.ndarray      # bool: a mark could show here
    calib: Calibration
    sat: np.ndarray | None = None   # Lab a*b* magnitude of the photo itself (black ink is grey)
    printed: np.ndarray | None = None   # the expected print's darkness (not dilated)
    photo_pxmm: float = 0.0   # the photo's own resolution on the sheet (px per mm, least)
    sharpness: float = 1.0    # the share of printed edges' contrast the photo kept
    planes: dict = field(default_factory=dict, repr=False, compare=False)   # derived planes, made on first use


def paper_white(w: np.ndarray, e: Expected, block_mm: float = 1.0) -> np.ndarray:
    """Estimate the paper white under the photo's lighting, per channel (HxWx3), on blocks
    of `block_mm` (a game's reader may set a finer one: `games`).

    A closing on brightness removes drawn lines and fills narrower than ~7 mm and keeps
    shadow edges; a shadow narrower than that is taken for ink (see `shadow`)."""
    return full_size(closed(paper_blocks(tint_ratio(w, e), e, e.paper, block_mm), WHITE_CLOSE_MM), w.shape)


@dataclass
class Blocks:
    """The paper's white per block, seen where a mask says paper and filled in elsewhere."""

    white: np.ndarray      # hs x ws x 3
    block_mm: float
    bpm: float             # blocks per mm


def tint_ratio(w: np.ndarray, e: Expected) -> np.ndarray:
    """The photo over the printed page's colour: the meadow's tint divided out (HxWx3)."""
    return w / np.maximum(e.rgb, 0.5)


def paper_blocks(ratio: np.ndarray, e: Expected, mask: np.ndarray, block_mm: float = 1.0) -> Blocks:
    """The white seen on the pixels of `mask` (plain paper) per block of `block_mm`, filled
    in where a block has none from its nearest neighbours. `ratio`: `tint_ratio` of the
    flattened photo."""
    f = max(1, round(e.pxmm * block_mm))
    bpm = e.pxmm / f
    m = mask.astype(np.float32)
    hs, ws = ratio.shape[0] // f, ratio.shape[1] // f
    num = cv2.resize(ratio * m[..., None], (ws, hs), interpolation=cv2.INTER_AREA)
    den = cv2.resize(m, (ws, hs), interpolation=cv2.INTER_AREA)
    valid = den > 0.3
    coarse = num / np.maximum(den, 1e-3)[..., None]
    # fill blocks without paper from their nearest neighbours (normalised convolution,
    # finest scale that has support), so a shadow edge is not smeared across print
    vf = valid.astype(np.float32)
    fill = np.zeros_like(coarse)
    todo = ~valid
    for sig in (1.0 * bpm, 2.5 * bpm, 6.0 * bpm, 15.0 * bpm):
        if not todo.any():
            break
        sup = cv2.GaussianBlur(vf, (0, 0), sig)
        val = cv2.GaussianBlur(coarse * vf[..., None], (0, 0), sig) / np.maximum(sup, 1e-6)[..., None]
        use = todo & (sup > 0.02)
        fill[use] = val[use]
        todo &= ~use
    fill[todo] = np.median(coarse[valid], axis=0) if valid.any() else 1.0
    return Blocks(np.where(valid[..., None], coarse, fill), block_mm, bpm)


def closing(img: np.ndarray, k: np.ndarray) -> np.ndarray:
    """A morphological closing that moves no edge, for any kernel (PH138).

    OpenCV's MORPH_CLOSE dilates and erodes with the same kernel and anchor: for a kernel
    not symmetric about its anchor (any even size) every slope comes out shifted by a
    block. Here the erosion's kernel is the dilation's mirrored about its anchor, which is
    the closing; for an odd symmetric kernel it is MORPH_CLOSE exactly."""
    h, w = k.shape
    grown = cv2.dilate(img, k, anchor=(w // 2, h // 2))
    return cv2.erode(grown, np.ascontiguousarray(k[::-1, ::-1]), anchor=(w - 1 - w // 2, h - 1 - h // 2))


def closed(b: Blocks, close_mm: float, smooth: float = 1.0, exact: bool = True) -> Blocks:
    """The blocks closed over `close_mm` (darker spots narrower than that count as ink,
    not light) and smoothed over `smooth` blocks (Gaussian sigma; 0: not smoothed).
    `exact=False`: OpenCV's MORPH_CLOSE, a block off for an even kernel, which the shadow
    stripes' and the sharpness's thresholds were fitted on (PH138)."""
    c = max(1, round(close_mm * b.bpm))
    k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (c, c))
    out = closing(b.white, k) if exact else cv2.morphologyEx(b.white, cv2.MORPH_CLOSE, k)
    return smoothed(Blocks(out, b.block_mm, b.bpm), smooth)


def smoothed(b: Blocks, smooth: float) -> Blocks:
    """The blocks smoothed over `smooth` blocks (Gaussian sigma; 0: as they are)."""
    if smooth <= 0:
        return b
    return Blocks(cv2.GaussianBlur(b.white, (0, 0), smooth * b.block_mm * b.bpm), b.block_mm, b.bpm)


def full_size(b: Blocks, shape: tuple[int, ...]) -> np.ndarray:
    """The blocks' white at every pixel of a frame of `shape` (HxWx3)."""
    return np.maximum(cv2.resize(b.white, (shape[1], shape[0]), interpolation=cv2.INTER_LINEAR), 0.03)


def _patch_stats(img: np.ndarray, box: tuple[float, float, float, float], pxmm: float):
    x, y, s, _ = box
    m = 0.25 * s
    r0, r1 = round((y + m) * pxmm), round((y + s - m) * pxmm)
    c0, c1 = round((x + m) * pxmm), round((x + s - m) * pxmm)
    return img[r0:max(r1, r0 + 1), c0:max(c1, c0 + 1)]


def patch_noise(d: np.ndarray) -> float:
    """The darkness noise on a plain patch: the spread about a plane fitted to it. A cast
    shadow's edge or a lighting ramp across the patch tilts it; that is light, not noise
    (PH216: judge raging-waters-2830039, a shadow's edge across the white patch read as a
    spread of 0.052, which raised the ink threshold to 0.21 and hid every pencil line)."""
    h, w = d.shape
    if h * w < 4:
        return float(np.std(d))
    yy, xx = np.mgrid[0:h, 0:w]
    return float(np.std(plane_fit(xx.ravel(), yy.ravel(), d.ravel().astype(np.float64))[1]))


def calibrate(dark: np.ndarray, lab: np.ndarray, e: Expected, calibration_box, n_patches: int) -> Calibration:
    """Read the calibration strip: tone curve observed -> nominal darkness, and noise."""
    x, y, w, h = calibration_box
    size = w / n_patches
    obs, nom, ab = [], [], []
    noise = 0.02
    for i in range(n_patches):
        box = (x + i * size, y, size, h)
        d = _patch_stats(dark, box, e.pxmm)
        obs.append(float(median(d)))
        nom.append(float(median(_patch_stats(e.dark, box, e.pxmm))))
        ab.append(np.median(_patch_stats(lab[..., 1:], box, e.pxmm).reshape(-1, 2), axis=0))
        if i == 0:
            noise = patch_noise(d)
    ok = all(b - a > 0.04 for a, b in zip(obs, obs[1:])) and obs[0] < 0.25 and obs[-1] > 0.5
    abs_ = np.array(ab)
    chroma_noise = float(np.max(np.linalg.norm(abs_ - abs_.mean(axis=0), axis=1))) if len(abs_) else 0.0
    if not ok:
        obs, nom = [0.0, 1.0], [0.0, 1.0]
    dt = max(DARK_FLOOR, 4.0 * noise)
    ct = max(CHROMA_FLOOR, 2.0 * chroma_noise)
    return Calibration(tuple(obs), tuple(nom), noise, chroma_noise, ok, dt, ct)


_UNIT = np.arange(256, dtype=np.float32) / 255.0   # uint8 -> 0..1, as astype(float32) / 255


def unit(w_rgb: np.ndarray) -> np.ndarray:
    """uint8 RGB as float32 in 0..1."""
    return cv2.LUT(w_rgb, _UNIT)


def normalise(w_rgb: np.ndarray, e: Expected, calibration_box, n_patches: int,
              white: np.ndarray | None = None) -> Normalised:
    """From the flattened photo (uint8 RGB, frame pixels) to ink scores, against `white`
    (default: `paper_white`)."""
    w = unit(w_rgb)
    if white is None:
        white = paper_white(w, e)
    norm = np.divide(w, white, out=w)
    np.clip(norm, 0.0, 1.2, out=norm)
    # a light smoothing (SMOOTH_MM) averages sensor and JPEG noise across a pen stroke's width
    dark_obs = cv2.GaussianBlur(1.0 - luminance(norm), (0, 0), SMOOTH_MM * e.pxmm)
    lab = cv2.cvtColor(np.clip(norm, 0, 1), cv2.COLOR_RGB2Lab)
    cal = calibrate(dark_obs, lab, e, calibration_box, n_patches)
    xs = np.array(cal.observed)
    order = np.argsort(xs)
    dark = np.interp(dark_obs, xs[order], np.array(cal.nominal)[order]).astype(np.float32)
    if cal.ok:   # beyond the black patch keep the slope of the last step
        below = dark_obs < xs[0]
        dark[below] = dark_obs[below] - xs[0] + cal.nominal[0]
    excess = dark - e.dark_max
    # colour gets the same smoothing: JPEG keeps it at half resolution, in blotches that
    # lift single pixels of plain paper over the chroma threshold (ruling PH22)
    _, la, lb = cv2.split(lab)
    la, lb = (cv2.GaussianBlur(c, (0, 0), SMOOTH_MM * e.pxmm) for c in (la, lb))
    ea, eb = _expected_ab(e)
    chroma = _hypot(la - ea, lb - eb)
    chroma[~e.flat] = 0.0
    ink = excess / cal.dark_threshold
    np.maximum(ink, chroma / cal.chroma_threshold, out=ink)
    known = e.dark_max < KNOWN_MAX
    sat = _hypot(la, lb)
    return Normalised(e.pxmm, norm, dark, excess, chroma, ink, known, cal, sat, e.dark)


def _hypot(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """sqrt(a ** 2 + b ** 2) for float32 planes, in a new array (np.hypot rounds differently)."""
    out = a * a
    out += b * b
    return np.sqrt(out, out=out)


_LAB_CACHE: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}


def _expected_ab(e: Expected) -> tuple[np.ndarray, np.ndarray]:
    """The expected page's Lab a* and b* planes, cached per rendered page (every
    tolerance of a page shares its RGB array, which the cache holds on to)."""
    hit = _LAB_CACHE.get(id(e.rgb))
    if hit is None or hit[0] is not e.rgb:
        if len(_LAB_CACHE) > 8:
            _LAB_CACHE.clear()
        _, a, b = cv2.split(cv2.cvtColor(e.rgb, cv2.COLOR_RGB2Lab))
        hit = _LAB_CACHE[id(e.rgb)] = (e.rgb, a, b)
    return hit[1], hit[2]
