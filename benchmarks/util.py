"""Small helpers for benchmarks: best-of timing and target lines."""
from __future__ import annotations

import statistics
import time
from typing import Callable


def best_of(fn: Callable[[], object], repeat: int = 5, number: int = 1) -> float:
    """Best wall time in seconds of `number` calls, over `repeat` rounds."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        for _ in range(number):
            fn()
        best = min(best, (time.perf_counter() - t0) / number)
    return best


def target(label: str, value: float, limit: float, unit: str = "s") -> bool:
    """Print 'label: value (target < limit) OK|MISSED' and return whether it was met."""
    ok = value < limit
    print(f"   {label}: {value:.4g} {unit} (target < {limit:g} {unit}) {'OK' if ok else 'MISSED'}")
    return ok


def histogram(values: list[int], width: int = 40, bins: int = 12) -> str:
    """A text histogram."""
    lo, hi = min(values), max(values)
    step = max(1, -(-(hi - lo + 1) // bins))
    rows = []
    counts = {}
    for v in values:
        counts[(v - lo) // step] = counts.get((v - lo) // step, 0) + 1
    top = max(counts.values())
    for b in range(0, (hi - lo) // step + 1):
        c = counts.get(b, 0)
        rows.append(f"   {lo + b * step:>4}-{lo + b * step + step - 1:<4} {'#' * round(c / top * width):<{width}} {c}")
    return "\n".join(rows)


def summary(values: list[float]) -> str:
    return (f"mean {statistics.mean(values):.1f}, median {statistics.median(values):g}, "
            f"min {min(values):g}, max {max(values):g}")
