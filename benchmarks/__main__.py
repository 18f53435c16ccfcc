"""Run every benchmarks/bench_*.py module's `run()` and print its figures.

    python -m benchmarks            # all
    python -m benchmarks raging     # only modules whose name contains 'raging'
"""
from __future__ import annotations

import importlib
import pkgutil
import sys
import time

import benchmarks


def main(argv: list[str]) -> int:
    names = sorted(m.name for m in pkgutil.iter_modules(benchmarks.__path__) if m.name.startswith("bench_"))
    if argv:
        names = [n for n in names if any(a in n for a in argv)]
    failed = 0
    for name in names:
        mod = importlib.import_module(f"benchmarks.{name}")
        print(f"== {name} ==", flush=True)
        t0 = time.perf_counter()
        ok = mod.run()
        print(f"   ({time.perf_counter() - t0:.1f} s)\n", flush=True)
        failed += ok is False
    if failed:
        print(f"{failed} benchmark(s) missed a target")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
