"""Fit the photo reader's confidence curves on generated photos with known truth.

    python -m benchmarks.calibrate_photo [N]

Scans N photos (seeds 200000+, kept apart from the benchmark's 100000+), collects each
mark's score with its true state, and fits p(marked) = 1 / (1 + exp(-(x - mid) / scale))
per kind by maximum likelihood (with a weak prior on the scale, so separable data does
not give infinite confidence). The curve is then widened until no mark of the fitting set
is confidently wrong. Writes scorer/photo/calibration.json.
"""
from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import numpy as np

from benchmarks.photo_corpus import corpus, load_meta

OUT = Path(__file__).resolve().parent.parent / "scorer" / "photo" / "calibration.json"
FIRST = 200_000


def _fit(x: np.ndarray, y: np.ndarray, mid0: float, scale0: float) -> tuple[float, float]:
    """Logistic MLE in (a, b) with p = sigmoid(a * x + b), Newton steps, ridge on a."""
    a, b = 1.0 / scale0, -mid0 / scale0
    ridge = 1e-3
    for _ in range(100):
        z = np.clip(a * x + b, -40, 40)
        p = 1 / (1 + np.exp(-z))
        w = p * (1 - p) + 1e-9
        g = np.array([np.sum((p - y) * x) + ridge * a, np.sum(p - y)])
        H = np.array([[np.sum(w * x * x) + ridge, np.sum(w * x)], [np.sum(w * x), np.sum(w) + 1e-9]])
        step = np.linalg.solve(H, g)
        a, b = a - step[0], b - step[1]
        if np.abs(step).max() < 1e-6:
            break
    return -b / a, 1.0 / a


def _widen(x: np.ndarray, y: np.ndarray, mid: float, scale: float, conf: float) -> float:
    """Grow the scale until no sample is confidently on the wrong side."""
    for _ in range(200):
        p = 1 / (1 + np.exp(-np.clip((x - mid) / scale, -40, 40)))
        wrong = ((p >= conf) & (y == 0)) | ((p <= 1 - conf) & (y == 1))
        if not wrong.any():
            return scale
        scale *= 1.1
    return scale


def main(n: int = 80) -> None:
    from scorer.photo.decide import CONFIDENT, DEFAULTS, SCORES
    from scorer.photo.errors import UnreadablePhoto
    from scorer.photo.pipeline import scan
    from scorer.photo import decide
    decide.params.cache_clear()
    data: dict[str, list[tuple[float, int]]] = {}
    for p in corpus("raging-waters", range(FIRST, FIRST + n)):
        truth = load_meta(p)["truth"]
        try:
            r = scan(p.with_suffix(".jpg"))
        except UnreadablePhoto:
            continue
        for x in r.readings:
            if x.evidence.get("ambiguous"):
                continue
            data.setdefault(x.mark.kind, []).append((SCORES[x.mark.kind](x.evidence), int(truth[x.mark.id] != "empty")))
    kinds = {}
    for kind, rows in data.items():
        x = np.array([r[0] for r in rows])
        y = np.array([r[1] for r in rows])
        if y.min() == y.max():
            continue
        mid, scale = _fit(x, y, DEFAULTS[kind]["mid"], DEFAULTS[kind]["scale"])
        # separable data: at least the gap between the classes must be the unsure band
        lo, hi = x[y == 0].max(), x[y == 1].min()
        if lo < hi:
            mid = (lo + hi) / 2
            scale = max(scale, (hi - lo) / (2 * math.log(CONFIDENT / (1 - CONFIDENT))))
        scale = _widen(x, y, mid, scale, CONFIDENT)
        kinds[kind] = {"mid": round(float(mid), 5), "scale": round(float(scale), 5), "samples": len(rows),
                       "marked": int(y.sum())}
        print(f"{kind}: mid {mid:.4f} scale {scale:.4f} ({len(rows)} marks, {int(y.sum())} marked)")
    OUT.write_text(json.dumps({"fitted_on": f"{n} generated photos, seeds {FIRST}+", "kinds": kinds},
                              indent=1, sort_keys=True) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 80)
