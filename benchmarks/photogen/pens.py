"""Pens and strokes drawn on a page raster (float RGB, multiplied like real ink)."""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np


@dataclass(frozen=True)
class Pen:
    name: str
    colour: tuple[float, float, float]
    width: float      # mm
    alpha: float      # opacity of one pass
    grain: float = 0.0  # pencil texture: fraction of random gaps in the stroke


BALLPOINT_BLUE = Pen("ballpoint blue", (0.12, 0.18, 0.55), 0.45, 0.85)
BALLPOINT_BLACK = Pen("ballpoint black", (0.1, 0.1, 0.12), 0.45, 0.9)
FELT_BLACK = Pen("black felt-tip", (0.06, 0.06, 0.07), 0.8, 0.95)
FELT_GREEN = Pen("green felt-tip", (0.1, 0.55, 0.25), 0.9, 0.85)
HIGHLIGHTER = Pen("yellow highlighter", (1.0, 0.92, 0.15), 4.0, 0.55)
PENCIL = Pen("grey pencil", (0.33, 0.33, 0.36), 0.45, 0.75, grain=0.35)


class Page:
    """A page raster in mm coordinates with ink-like (multiplicative) drawing."""

    def __init__(self, rgb: np.ndarray, pxmm: float, rng: np.random.Generator) -> None:
        self.img = rgb.astype(np.float32) / 255.0
        self.pxmm = pxmm
        self.rng = rng
        self._shift = 4  # cv2 sub-pixel bits

    def _pts(self, pts) -> np.ndarray:
        return (np.asarray(pts, np.float64) * self.pxmm * (1 << self._shift)).round().astype(np.int32)

    def _apply(self, mask: np.ndarray, pen: Pen, x0: int, y0: int) -> None:
        a = mask.astype(np.float32) / 255.0 * pen.alpha
        if pen.grain:
            g = self.rng.random(a.shape, dtype=np.float32)
            g = cv2.GaussianBlur(g, (0, 0), 0.8)
            a *= np.clip((g - pen.grain * 0.5) * 2.2, 0.15, 1.0)
        h, w = a.shape
        sub = self.img[y0:y0 + h, x0:x0 + w]
        col = np.array(pen.colour, np.float32)
        sub *= 1.0 - a[..., None] * (1.0 - col)

    def stroke(self, pts, pen: Pen, width: float | None = None, clip=None) -> None:
        """A polyline in mm, optionally clipped to a polygon (mm)."""
        pts = np.asarray(pts, np.float64)
        wmm = width or pen.width
        pad = wmm + 2
        x0 = max(0, int((pts[:, 0].min() - pad) * self.pxmm))
        y0 = max(0, int((pts[:, 1].min() - pad) * self.pxmm))
        x1 = min(self.img.shape[1], int((pts[:, 0].max() + pad) * self.pxmm) + 1)
        y1 = min(self.img.shape[0], int((pts[:, 1].max() + pad) * self.pxmm) + 1)
        if x1 <= x0 or y1 <= y0:
            return
        mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
        p = self._pts(pts - np.array([x0, y0]) / self.pxmm)
        th = max(1, round(wmm * self.pxmm))
        cv2.polylines(mask, [p.reshape(-1, 1, 2)], False, 255, th, cv2.LINE_AA, self._shift)
        if clip is not None:
            cm = np.zeros_like(mask)
            cp = self._pts(np.asarray(clip, float) - np.array([x0, y0]) / self.pxmm)
            cv2.fillPoly(cm, [cp.reshape(-1, 1, 2)], 255, cv2.LINE_AA, self._shift)
            mask = (mask.astype(np.uint16) * cm // 255).astype(np.uint8)
        self._apply(mask, pen, x0, y0)

    def disc(self, cx: float, cy: float, r: float, pen: Pen) -> None:
        pad = r + 2
        x0, y0 = max(0, int((cx - pad) * self.pxmm)), max(0, int((cy - pad) * self.pxmm))
        size = int(2 * pad * self.pxmm) + 2
        mask = np.zeros((size, size), np.uint8)
        c = self._pts([(cx - x0 / self.pxmm, cy - y0 / self.pxmm)])[0]
        cv2.circle(mask, (int(c[0]), int(c[1])), int(r * self.pxmm * (1 << self._shift)), 255, -1, cv2.LINE_AA,
                   self._shift)
        h = min(size, self.img.shape[0] - y0)
        w = min(size, self.img.shape[1] - x0)
        self._apply(mask[:h, :w], pen, x0, y0)

    def uint8(self) -> np.ndarray:
        return (np.clip(self.img, 0, 1) * 255 + 0.5).astype(np.uint8)


def wobbly_line(rng: np.random.Generator, p0, p1, miss: float = 1.5, wobble: float = 0.2, step: float = 1.0,
                miss_min: float = 0.0):
    """A ruler line from near p0 to near p1 with a slight wobble.

    Each end misses its point by a distance drawn uniformly from [miss_min, miss] mm, in a
    random direction (so the miss across the line is smaller on average); the line then
    stops up to 1 mm short of that end or overshoots it by up to 2 mm.
    """
    p0, p1 = np.asarray(p0, float), np.asarray(p1, float)
    ends = []
    for p in (p0, p1):
        r, ang = rng.uniform(miss_min, miss), rng.uniform(0, 2 * np.pi)
        ends.append(p + r * np.array([np.cos(ang), np.sin(ang)]))
    a, b = ends
    # overshoot or stop short of the pile a little
    d = b - a
    L = float(np.linalg.norm(d))
    u = d / L
    a = a - u * rng.uniform(-1.0, 2.0)
    b = b + u * rng.uniform(-1.0, 2.0)
    L = float(np.linalg.norm(b - a))
    n = max(2, int(L / step))
    t = np.linspace(0, 1, n)
    nrm = np.array([-u[1], u[0]])
    phase = rng.uniform(0, 6.28)
    off = wobble * np.sin(t * rng.uniform(2, 6) + phase) + rng.normal(0, wobble * 0.15, n)
    return a[None] + (b - a)[None] * t[:, None] + nrm[None] * off[:, None]


def scribble(rng: np.random.Generator, x: float, y: float, w: float, h: float, spacing: float,
             gaps: float = 0.1, angle: float | None = None):
    """Back-and-forth colouring strokes covering a box, with some white gaps: list of polylines."""
    ang = rng.uniform(0, np.pi) if angle is None else angle
    u = np.array([np.cos(ang), np.sin(ang)])
    v = np.array([-u[1], u[0]])
    c = np.array([x + w / 2, y + h / 2])
    R = 0.5 * np.hypot(w, h)
    lines = []
    pts = []
    k = -R
    while k <= R:
        s = np.sqrt(max(R * R - k * k, 0))
        a = c + v * k - u * s
        b = c + v * k + u * s
        # clip to the box
        seg = _clip(a, b, x, y, w, h)
        if seg is not None:
            if pts and rng.random() > gaps:
                pts += ([seg[0], seg[1]] if len(pts) % 4 == 0 else [seg[1], seg[0]])
            else:
                if len(pts) >= 2:
                    lines.append(np.array(pts))
                pts = [seg[0], seg[1]]
        k += spacing * rng.uniform(0.8, 1.25)
    if len(pts) >= 2:
        lines.append(np.array(pts))
    return lines


def _clip(a, b, x, y, w, h):
    t0, t1 = 0.0, 1.0
    d = b - a
    for p, q in ((-d[0], a[0] - x), (d[0], x + w - a[0]), (-d[1], a[1] - y), (d[1], y + h - a[1])):
        if abs(p) < 1e-12:
            if q < 0:
                return None
            continue
        r = q / p
        if p < 0:
            t0 = max(t0, r)
        else:
            t1 = min(t1, r)
    if t0 >= t1:
        return None
    return a + d * t0, a + d * t1
