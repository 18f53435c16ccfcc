"""The flattened sheet with what was read drawn on top: green = read as marked, grey =
read as empty, orange circles = unsure (check these by eye)."""
from __future__ import annotations

import cv2
import numpy as np

from .markmap import Reading

GREEN = (20, 160, 60)
GREY = (150, 150, 150)
ORANGE = (255, 140, 0)
RED = (210, 40, 40)


def line_points(r: Reading) -> tuple[tuple[float, float], tuple[float, float]]:
    """The fitted line of a line mark in frame mm (or its nominal segment)."""
    x0, y0, x1, y1 = r.mark.geom
    a, b = r.evidence.get("fit", (0.0, 0.0))
    d = np.array([x1 - x0, y1 - y0])
    L = float(np.linalg.norm(d))
    u = d / L
    v = np.array([-u[1], u[0]])
    p0 = np.array([x0, y0]) + v * a
    p1 = np.array([x1, y1]) + v * (a + b * L)
    return (float(p0[0]), float(p0[1])), (float(p1[0]), float(p1[1]))


def draw(norm: np.ndarray, readings: list[Reading], pxmm: float, note: str | None = None) -> np.ndarray:
    """An RGB uint8 overlay image."""
    img = (np.clip(norm, 0, 1) * 255).astype(np.uint8)
    img = (img.astype(np.float32) * 0.75 + 64).astype(np.uint8)  # fade the photo a little
    P = lambda x, y: (int(round(x * pxmm * 16)), int(round(y * pxmm * 16)))  # noqa: E731
    th = max(1, round(0.5 * pxmm))
    for r in readings:
        k = r.mark.kind
        empty = r.state == r.mark.states[0]   # a box printed filled reads "filled" when untouched
        col = ORANGE if r.unsure else (GREY if empty else GREEN)
        if k == "line":
            if empty and not r.unsure:
                continue
            p0, p1 = line_points(r)
            cv2.line(img, P(*p0), P(*p1), col, th, cv2.LINE_AA, 4)
            if r.unsure:
                cx, cy = (p0[0] + p1[0]) / 2, (p0[1] + p1[1]) / 2
                cv2.circle(img, P(cx, cy), int(5 * pxmm * 16), ORANGE, th, cv2.LINE_AA, 4)
        elif k in ("box", "fillbox", "cell"):
            x, y, w, h = r.mark.geom
            if k == "cell" and empty and not r.unsure:
                continue
            cv2.rectangle(img, P(x - 0.6, y - 0.6), P(x + w + 0.6, y + h + 0.6), col, th, cv2.LINE_AA, 4)
            if r.unsure:
                cv2.circle(img, P(x + w / 2, y + h / 2), int((max(w, h) / 2 + 2.5) * pxmm * 16), ORANGE, th,
                           cv2.LINE_AA, 4)
        elif k == "dot":
            if empty and not r.unsure:
                continue
            x, y = r.mark.geom[:2]
            cv2.circle(img, P(x, y), int((3.5 if r.unsure else 2.5) * pxmm * 16), col, th, cv2.LINE_AA, 4)
        elif k == "outline":
            pts = np.array([P(*p) for p in r.mark.geom], np.int32).reshape(-1, 1, 2)
            if not empty or r.unsure:
                cv2.polylines(img, [pts], True, col, th, cv2.LINE_AA, 4)
            if r.unsure:
                c = np.mean(np.array(r.mark.geom), axis=0)
                cv2.circle(img, P(*c), int(6 * pxmm * 16), ORANGE, th, cv2.LINE_AA, 4)
    if note:
        cv2.putText(img, note, (int(4 * pxmm), int(img.shape[0] - 1.5 * pxmm)), cv2.FONT_HERSHEY_SIMPLEX,
                    0.12 * pxmm, RED, max(1, round(0.3 * pxmm)), cv2.LINE_AA)
    return img


def png(img: np.ndarray) -> bytes:
    ok, buf = cv2.imencode(".png", cv2.cvtColor(img, cv2.COLOR_RGB2BGR))
    return buf.tobytes()
