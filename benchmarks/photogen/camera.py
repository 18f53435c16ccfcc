"""Photograph a page raster: perspective, rotation, table, light, shadow, blur, noise, JPEG."""
from __future__ import annotations

import io
from dataclasses import dataclass

import cv2
import numpy as np
from PIL import Image


@dataclass(frozen=True)
class Shot:
    """How a photo is taken (all random choices, recorded for the truth file)."""

    megapixels: float
    tilt_deg: float        # angle between the camera axis and the page normal
    rotation_deg: float    # page rotation in the image
    fill: float            # fraction of the image's short side the page spans
    blur: float            # Gaussian sigma in px
    noise: float           # sigma in 0..255
    quality: int           # JPEG quality
    shadow: bool
    exif_rotate: int       # 0, 90, 180 or 270: stored rotated with an EXIF orientation tag
    landscape: bool


def random_shot(rng: np.random.Generator, mp: tuple[float, float] = (1.0, 12.0), max_tilt: float = 40.0) -> Shot:
    return Shot(megapixels=float(np.exp(rng.uniform(np.log(mp[0]), np.log(mp[1])))),
                tilt_deg=float(rng.uniform(0, max_tilt)), rotation_deg=float(rng.uniform(0, 360)),
                fill=float(rng.uniform(0.72, 0.93)), blur=float(rng.uniform(0.0, 1.3)),
                noise=float(rng.uniform(1.0, 5.0)), quality=int(rng.integers(60, 91)),
                shadow=bool(rng.random() < 0.5), exif_rotate=int(rng.choice([0, 0, 90, 180, 270])),
                landscape=bool(rng.random() < 0.5))


def _table(rng: np.random.Generator, w: int, h: int) -> np.ndarray:
    base = np.array(rng.choice([(0.45, 0.3, 0.18), (0.3, 0.3, 0.32), (0.6, 0.5, 0.38), (0.2, 0.22, 0.25)]), np.float32)
    y = np.linspace(0, 1, h, dtype=np.float32)[:, None]
    x = np.linspace(0, 1, w, dtype=np.float32)[None, :]
    f = rng.uniform(20, 60)
    grain = 0.08 * np.sin((x * rng.uniform(0.5, 2) + y * 0.05) * f + rng.uniform(0, 6)) 
    img = np.empty((h, w, 3), np.float32)
    for c in range(3):
        img[..., c] = base[c] * (1 + grain)
    return img


def homography_for(page_w: float, page_h: float, shot: Shot, rng: np.random.Generator, out_w: int, out_h: int,
                   offset_frac: float = 0.06) -> np.ndarray:
    """Page mm -> output px: the page rotated and tilted in 3D, seen through a pinhole camera."""
    corners = np.array([[0, 0], [page_w, 0], [page_w, page_h], [0, page_h]], np.float64)
    c = corners - np.array([page_w / 2, page_h / 2])
    P = np.hstack([c, np.zeros((4, 1))])
    rot = np.deg2rad(shot.rotation_deg)
    Rz = np.array([[np.cos(rot), -np.sin(rot), 0], [np.sin(rot), np.cos(rot), 0], [0, 0, 1]])
    axis_ang = rng.uniform(0, 2 * np.pi)
    ax = np.array([np.cos(axis_ang), np.sin(axis_ang), 0.0])
    t = np.deg2rad(shot.tilt_deg)
    K = np.array([[0, -ax[2], ax[1]], [ax[2], 0, -ax[0]], [-ax[1], ax[0], 0]])
    Rt = np.eye(3) + np.sin(t) * K + (1 - np.cos(t)) * K @ K
    Q = (Rt @ Rz @ P.T).T
    f = 1.2 * max(page_w, page_h)       # a phone's field of view, roughly
    Q[:, 2] += 2.2 * max(page_w, page_h)
    proj = f * Q[:, :2] / Q[:, 2:3]
    # scale and place so the page spans `fill` of the short side, with a random offset
    span = proj.max(axis=0) - proj.min(axis=0)
    s = shot.fill * min(out_w / span[0], out_h / span[1])
    proj = (proj - proj.min(axis=0)) * s
    free = np.array([out_w, out_h]) - (proj.max(axis=0))
    off = free / 2 + rng.uniform(-1, 1, 2) * free / 2 * offset_frac * 8
    off = np.clip(off, 2, np.maximum(free - 2, 2))
    proj += off
    H, _ = cv2.findHomography(corners, proj.astype(np.float64))
    return H


def photograph(page: np.ndarray, pxmm: float, shot: Shot, rng: np.random.Generator,
               occlude: list[tuple[float, float, float]] | None = None) -> tuple[bytes, np.ndarray, tuple[int, int]]:
    """The JPEG bytes, H (page mm -> upright output px) and the upright output size.

    occlude: discs (x, y, r) in page mm covered by a "thumb" (skin colour).
    """
    ph, pw = page.shape[:2]
    page_w, page_h = pw / pxmm, ph / pxmm
    mp = shot.megapixels * 1e6
    short = int(np.sqrt(mp * 3 / 4))
    long_ = int(short * 4 / 3)
    out_w, out_h = (long_, short) if shot.landscape else (short, long_)
    H = homography_for(page_w, page_h, shot, rng, out_w, out_h)
    Hpx = H @ np.diag([1 / pxmm, 1 / pxmm, 1])
    img = _table(rng, out_w, out_h)
    src = page.astype(np.float32) / 255.0
    if occlude:
        src = src.copy()
        for x, y, r in occlude:
            cv2.circle(src, (int(x * pxmm), int(y * pxmm)), int(r * pxmm), (0.85, 0.62, 0.5), -1, cv2.LINE_AA)
    # average down first when the page raster is much finer than the photo
    scale = np.sqrt(abs(np.linalg.det(Hpx[:2, :2]))) if abs(Hpx[2, 2]) > 0 else 1
    if scale < 0.5:
        k = 0.5 / scale
        f = 1 / k
        src = cv2.resize(src, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
        Hpx = Hpx @ np.diag([k, k, 1])
    warped = cv2.warpPerspective(src, Hpx, (out_w, out_h), flags=cv2.INTER_LINEAR, borderValue=(-1, -1, -1))
    inside = warped[..., 0] >= 0
    img[inside] = warped[inside]
    # lighting: gradient, colour cast, cast shadow
    y = np.linspace(-1, 1, out_h, dtype=np.float32)[:, None]
    x = np.linspace(-1, 1, out_w, dtype=np.float32)[None, :]
    a = rng.uniform(0, 2 * np.pi)
    grad = 1.0 - rng.uniform(0.05, 0.35) * (0.5 + 0.5 * (np.cos(a) * x + np.sin(a) * y))
    light = np.repeat(grad[..., None], 3, axis=2) * np.array(
        [rng.uniform(0.9, 1.05), 1.0, rng.uniform(0.85, 1.05)], np.float32) * rng.uniform(0.75, 1.0)
    if shot.shadow:
        # drawn and blurred at a quarter size (a soft shadow has no fine detail), then scaled up
        q = 4
        m = np.zeros((out_h // q, out_w // q), np.float32)
        cx, cy = rng.uniform(0, out_w), rng.uniform(0, out_h)
        pts = np.array([[cx + rng.normal(0, out_w / 3), cy + rng.normal(0, out_h / 3)] for _ in range(5)], np.int32)
        cv2.fillPoly(m, [cv2.convexHull(pts // q)], 1.0)
        m = cv2.GaussianBlur(m, (0, 0), max(0.5, rng.uniform(3, 25) * out_w / 1000 / q))
        m = cv2.resize(m, (out_w, out_h), interpolation=cv2.INTER_LINEAR)
        light *= (1.0 - rng.uniform(0.25, 0.55) * m)[..., None]
    img = img * light
    if shot.blur > 0.2:
        img = cv2.GaussianBlur(img, (0, 0), shot.blur)
    img = img * 255 + rng.normal(0, shot.noise, img.shape).astype(np.float32)
    out = np.clip(img, 0, 255).astype(np.uint8)
    pil = Image.fromarray(out)
    exif = None
    if shot.exif_rotate:
        # store the pixels turned; the EXIF tag says how to turn them back
        tag = {90: 6, 180: 3, 270: 8}[shot.exif_rotate]
        turn = {90: Image.Transpose.ROTATE_90, 180: Image.Transpose.ROTATE_180,
                270: Image.Transpose.ROTATE_270}[shot.exif_rotate]
        pil = pil.transpose(turn)
        exif = Image.Exif()
        exif[0x0112] = tag
    buf = io.BytesIO()
    pil.save(buf, format="JPEG", quality=shot.quality, exif=exif.tobytes() if exif else b"")
    return buf.getvalue(), H, (out_w, out_h)
