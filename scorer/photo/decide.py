"""From evidence to a state with a calibrated confidence; unsure marks are never guessed.

Each kind of mark reduces its evidence to one score `x` (in units the calibration strip
already normalised: ink means "above this photo's own threshold"). A logistic curve
p(marked) = 1 / (1 + exp(-(x - mid) / scale)) turns it into a probability; `mid` and
`scale` are fitted on generated photos with known truth (benchmarks/calibrate_photo.py
writes calibration.json) and checked on separate ones in `make bench`. A mark is confident
when p or 1 - p reaches CONFIDENT; otherwise it is reported as unsure, with both readings.
"""
from __future__ import annotations

import json
import math
from functools import lru_cache
from importlib import resources

from .markmap import EMPTY, MARKED, Mark, Reading

CONFIDENT = 0.99

# fallback parameters (the shipped calibration.json overrides them)
DEFAULTS = {
    "line": {"mid": 0.66, "scale": 0.038},
    "box": {"mid": 0.015, "scale": 0.0025},
    "dot": {"mid": 0.25, "scale": 0.02},
    "cell": {"mid": 0.10, "scale": 0.011},
}


@lru_cache(maxsize=1)
def params() -> dict:
    """Logistic parameters per kind: the fitted calibration, else the defaults."""
    p = {k: dict(v) for k, v in DEFAULTS.items()}
    f = resources.files(__package__) / "calibration.json"
    if f.is_file():
        for k, v in json.loads(f.read_text()).get("kinds", {}).items():
            p.setdefault(k, {}).update(v)
    return p


def score_line(ev: dict) -> float:
    """Coverage of the fitted line, less a penalty for a long gap or a cluttered corridor."""
    gap_pen = min(0.15, max(0.0, ev["gap"] - 5.0) * 0.01)
    # a drawn berm ends within a couple of mm of its piles; a fit far off is another line
    off_pen = max(0.0, ev["offset"] - 2.5) * 0.8
    return ev["coverage"] - gap_pen - off_pen - 0.5 * max(0.0, ev["clutter"] - 0.2)


def score_box(ev: dict) -> float:
    return ev["fraction"] * (1.0 if ev["spread"] > 0.12 else 0.35)


def score_dot(ev: dict) -> float:
    return ev["thickness"] - ev.get("line_halfwidth", 0.4)


def score_cell(ev: dict) -> float:
    return ev["fraction"] * (1.0 if ev["spread"] >= 0.5 else 0.4)


SCORES = {"line": score_line, "box": score_box, "dot": score_dot, "cell": score_cell}


def probability(kind: str, x: float) -> float:
    p = params()[kind]
    z = (x - p["mid"]) / p["scale"]
    z = max(-40.0, min(40.0, z))
    return 1.0 / (1.0 + math.exp(-z))


VISIBLE_MIN = {"box": 0.12, "cell": 0.15, "dot": 0.2}


def decide(mark: Mark, ev: dict, visible_min: float | None = None) -> Reading:
    """A reading for a two-state mark (empty / marked)."""
    x = SCORES[mark.kind](ev)
    p = probability(mark.kind, x)
    if ev.get("ambiguous"):   # e.g. two near-collinear berms whose difference print hides
        p = min(max(p, 0.3), 0.7)
    state, conf = (MARKED, p) if p >= 0.5 else (EMPTY, 1.0 - p)
    alt = EMPTY if state == MARKED else MARKED
    seen = ev.get("known", ev.get("visible", 1.0))
    visible_min = VISIBLE_MIN.get(mark.kind, 0.35) if visible_min is None else visible_min
    unsure = conf < CONFIDENT
    if seen < visible_min:   # too little of it can be seen (covered, off the page, in print)
        unsure, conf = True, min(conf, 0.5 + 0.5 * seen)
    ev = {**ev, "score": x}
    return Reading(mark, state, conf, unsure, alt if unsure else None, ev)
