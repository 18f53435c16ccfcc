"""Synthetic photos of filled-in sheets with exact ground truth (its own seeds).

`fill` draws on a rendered page the way players do; `camera` photographs the page;
`corpus` ties them together per game. Used by the tests (small photos) and by
`benchmarks/bench_photo.py` (hundreds of photos, 1-12 MP).
"""
from .corpus import Sample, make_sample

__all__ = ["Sample", "make_sample"]
