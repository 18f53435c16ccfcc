"""A cached corpus of generated photos (bench-out/photos/), shared by the benchmark and the
calibration fit. Generation runs in parallel; reading is timed one photo at a time."""
from __future__ import annotations

import hashlib
import json
import os
from concurrent.futures import ProcessPoolExecutor
from functools import lru_cache
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent


# the libraries whose output a photo depends on: the page's drawing and rasterising, the
# camera's warps, blur and JPEG
_LIBRARIES = ("numpy", "opencv-python-headless", "pillow", "reportlab", "pypdfium2")


@lru_cache(maxsize=1)
def _out() -> Path:
    """bench-out/photos/<key>/: the key changes with the generator's code, the templates,
    the code that draws the sheets and the versions of the libraries it all runs on, so a
    changed generator, sheet or library never reuses stale photos."""
    from importlib import metadata
    h = hashlib.sha1()
    files = sorted((ROOT / "benchmarks" / "photogen").glob("*.py")) + sorted((ROOT / "templates").glob("*.json")) \
        + sorted((ROOT / "sheets").rglob("*.py"))
    for f in files:
        h.update(str(f.relative_to(ROOT)).encode() + f.read_bytes())
    for lib in _LIBRARIES:
        try:
            h.update(f"{lib}=={metadata.version(lib)}".encode())
        except metadata.PackageNotFoundError:
            h.update(f"{lib} missing".encode())
    return ROOT / "bench-out" / "photos" / h.hexdigest()[:10]


DEFAULT_MP = (1.0, 12.0)


def photo_name(game: str, seed: int, mp: tuple[float, float] = DEFAULT_MP, hand: str = "typical",
               blur: tuple[float, float] | None = None) -> str:
    """The cache's name for one photo, without a suffix and without a dot (callers add
    ".jpg" and ".json" with `Path.with_suffix`, which would take "1.5-3.5mp" for one)."""
    name = f"{game}-{seed}" if hand == "typical" else f"{game}-{hand}-{seed}"
    if tuple(mp) != DEFAULT_MP:   # another resolution range is another photo of that seed
        name += f"-{mp[0]:g}-{mp[1]:g}mp".replace(".", "_")
    return name if blur is None else name.replace(game, f"{game}-blurry", 1)


def blurry_shot(seed: int, mp: tuple[float, float], blur: tuple[float, float]):
    """The camera of a photo of the generator's own kind, its blur (Gaussian sigma, px)
    drawn from `blur`: the shot of the photo `corpus(..., blur=blur)` names <game>-blurry-<seed>."""
    from dataclasses import replace
    from benchmarks.photogen.camera import random_shot
    rng = np.random.default_rng([seed, 99])
    return replace(random_shot(rng, mp), blur=float(rng.uniform(*blur)))


def _one(args) -> str:
    game, seed, mp, hand, blur = args
    from benchmarks.photogen import make_sample
    base = _out() / photo_name(game, seed, mp, hand, blur)
    if not (base.with_suffix(".json")).exists():
        shot = None if blur is None else blurry_shot(seed, mp, blur)
        s = make_sample(seed, game, mp=mp, hand=hand, shot=shot)
        base.with_suffix(".jpg").write_bytes(s.jpeg)
        meta = s.meta() | {"H": s.H.tolist()}
        base.with_suffix(".json").write_text(json.dumps(meta))
    return str(base)


def corpus(game: str, seeds: range, mp: tuple[float, float] = DEFAULT_MP, workers: int | None = None,
           hand: str = "typical", blur: tuple[float, float] | None = None) -> list[Path]:
    """Make (or reuse) the photos for these seeds; returns their base paths (no suffix).
    `blur`: draw the camera's blur (Gaussian sigma, px) from this range, for a fitting set
    richer in blurred photos (named <game>-blurry-<seed>)."""
    _out().mkdir(parents=True, exist_ok=True)
    jobs = [(game, s, mp, hand, blur) for s in seeds]
    workers = workers or max(1, (os.cpu_count() or 1))
    if workers > 1:
        with ProcessPoolExecutor(workers) as ex:
            paths = list(ex.map(_one, jobs, chunksize=2))
    else:
        paths = [_one(j) for j in jobs]
    return [Path(p) for p in paths]


def load_meta(base: Path) -> dict:
    return json.loads(base.with_suffix(".json").read_text())


def compare(result, truth: dict) -> dict:
    """Per-mark comparison of a scan with the truth."""
    wrong, unsure, right = [], [], 0
    for r in result.readings:
        t = truth.get(r.mark.id)
        if t is None:
            continue
        if r.unsure:
            unsure.append(r.mark.id)
        elif r.state != t:
            wrong.append(r.mark.id)
        else:
            right += 1
    acc_right = sum(1 for r in result.readings if r.state == truth.get(r.mark.id))
    return {"wrong": wrong, "unsure": unsure, "right": right, "marks": len(result.readings),
            "state_right": acc_right}


__all__ = ["corpus", "load_meta", "compare", "np"]
