"""Fit the photo reader's confidence curves on generated photos with known truth.

    python -m benchmarks.calibrate_photo [N_RAGING_WATERS [N_OTHER_GAMES [N_BLURRED]]]

N=0 leaves a game out; the kinds it alone gives keep their previous fit.

Scans N photos per game (seeds 200000+, kept apart from the benchmark's 100000+), collects each
mark's score with its true state, and fits p(marked) = 1 / (1 + exp(-(x - mid) / scale))
per kind by maximum likelihood (a grid search, so separable data does
not give infinite confidence), under the constraint that no mark of the fitting set is
confidently wrong (bar, for kinds with 2000+ samples, the most extreme of each class:
0.3 % of the smaller class). Writes
scorer/photo/calibration.json.

Blurred photos (sharpness under decide.BLURRED) give the "_blur" curves only, for the games
in BLUR_GAMES (the others' blurred photos are refused). Few photos of the main set are that
blurred, so N_BLURRED more per game (seeds 210000+, 1.5-3.5 MP, where blur tells most) add
theirs; the sharper photos of that set are left out.

The shipped fit: `400 0 400` for Raging Waters, then `0 1600 200` for Re-Wilding (ruling
PH56: 1,600 photos, where 800 left the classes' extremes too close in; 200 blurred ones,
as 400 added a cross lost in blur that pulled the blurred box-cross curve under the
filled boxes; refitted once outlines' ink was measured against the photo's own, PH61).
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
BLUR_FIRST, BLUR_MP = 210_000, (1.5, 3.5)
# the games whose blurred photos are read (ruling PH18). Raging Waters' photos seldom blur
# that far (26 of 592 fitting photos), so its extra blurred set draws the camera's blur from
# the top of the generator's range (BLUR_RANGE: about half of those photos come out blurred)
BLUR_GAMES = ("re-wilding", "raging-waters")
BLUR_RANGE = {"raging-waters": (1.0, 1.3)}
# the least scale per kind, in its score's units (coverage, share, mm^2 of black, mean ink
# over the paper for a swamp square): with it
# the unsure band is at least +-4.6 scales wide round the midpoint
MIN_SCALE = {"line": 0.025, "dot": 0.03, "box": 0.0025, "cell": 0.04,
             # mm of inscribed radius: a third of a pixel of the flattened sheet (5 px/mm)
             "dot_bulge": 0.06,
             # blurred lines no steeper than the sharp ones' fit (0.062 on 138,000 berms):
             # their fitting photos are few, and once the near-collinear swaps were gone
             # (PH30) the gap between the classes there was luck; at 0.025 a faint pencil
             # berm of a fresh blurred photo (raging-waters-240150, score 0.42) read empty
             # at p = 0.996
             "line_blur": 0.06,
             # crosses over boxes a player filled, in blurred photos: the fitting photos
             # left a gap (filled at most 0.06, crossed from 0.30) and the fit took the
             # floor, but fresh ones fill it (re-wilding-250115, 1.7 MP: a filled box at
             # 0.35 read crossed at p = 0.9997; crossed ones from 0.15)
             "fillbox_cross_blur": 0.04,
             # the thin icons' colouring in blurred photos: the fitting photos hold few
             # coloured blurred snakes (306, the faintest at 0.58), while the fresh judge
             # 370000+ read a highlighter snake at 0.295 (1.2 MP) confidently empty on the
             # THIN_INK_SCALE floor (p = 0.997); at this floor it is unsure (PH63)
             "snake_ink_blur": 0.045, "bullrush_ink_blur": 0.045,
             # Re-Wilding: ink and cross scores are shares (0-1) of an outline or box
             "outline_ink": 0.015, "fillbox_ink": 0.015, "outline_cross": 0.02, "fillbox_cross": 0.02,
             "printbox_cross": 0.02}
# the thin icons' own ink curves (PH23) are at least twice as shallow as the outlines': their
# coloured class has a long low tail (at under 4.5 px/mm from 0.41 on the fitting photos,
# median 1.4) that fresh photos extend (a highlighter snake at 0.26 before PH45 doubled
# chroma, 2.2 px/mm; PH26)
THIN_INK_SCALE = 0.03


def _fit(x: np.ndarray, y: np.ndarray, conf: float, min_scale: float = 0.0) -> tuple[float, float]:
    """The logistic (mid, scale) of least negative log-likelihood among those that leave no
    sample of the fitting set confidently on the wrong side and are no steeper than
    `min_scale` (grid search)."""
    lo, hi = np.percentile(x[y == 1], 1), np.percentile(x[y == 0], 99)
    span = max(abs(hi - lo), float(np.std(x)) * 0.1, 1e-3)
    mids = np.linspace(min(lo, hi) - span, max(lo, hi) + span, 81)
    scales = np.maximum(span * np.exp(np.linspace(np.log(1e-3), np.log(3.0), 60)), min_scale)
    best, arg = np.inf, (float(np.median(x)), span)
    k = np.log(conf / (1 - conf))
    # the constraint ignores the most extreme 0.3 % of each class: a handful of marks the
    # reader cannot see at all (a cross lost in blur) must not flatten the whole curve;
    # the benchmark, on other photos, counts what that costs. They stay in the likelihood:
    # left out of it too, the curves grew steep enough to read 8 marks of the 800
    # calibration photos confidently wrong, against 4 with them in
    neg, pos = np.sort(x[y == 0]), np.sort(x[y == 1])
    if len(x) >= 2000:     # only with plenty of samples is an extreme one an outlier
        # a handful: 0.3 % of the smaller class from each (most empty candidates are far
        # from any ink, so 0.3 % of the empty class would drop the hard cases themselves)
        drop = int(np.ceil(min(len(neg), len(pos)) * 0.003))
        neg, pos = neg[: len(neg) - drop], pos[drop:]
    for m in mids:
        for sc in scales:
            # constraint: no empty at p >= conf, no marked at p <= 1 - conf
            if neg.size and (neg.max() - m) / sc >= k:
                continue
            if pos.size and (pos.min() - m) / sc <= -k:
                continue
            z = np.clip((x - m) / sc, -40, 40)
            nll = float(np.sum(np.logaddexp(0, -z) * y + np.logaddexp(0, z) * (1 - y)))
            if nll < best:
                best, arg = nll, (float(m), float(sc))
    return arg


def main(n: int = 160, n_other: int = 60, n_blur: int = 200) -> None:
    from scorer.photo.decide import (BLUR, BLURRED, BULGE, BULGE_FIT_MIN, CONFIDENT, OWN_INK_CURVES, SCORES, VISIBLE_MIN, bands, curve_base,
                                     score_cross, score_ink)
    from scorer.photo.errors import UnreadablePhoto
    from scorer.photo.pipeline import scan
    from scorer.photo import decide, games
    decide.params.cache_clear()
    floors = MIN_SCALE | {f"{icon}_ink": THIN_INK_SCALE for icon in OWN_INK_CURVES}
    data: dict[str, list[tuple[float, int]]] = {}
    counts = {game: n if game == "raging-waters" else n_other for game in games.READERS}
    paths = [p for game in games.READERS for p in corpus(game, range(FIRST, FIRST + counts[game]))]
    extra = [p for game in BLUR_GAMES if counts[game]
             for p in corpus(game, range(BLUR_FIRST, BLUR_FIRST + n_blur), mp=BLUR_MP, blur=BLUR_RANGE.get(game))]
    for p in paths + extra:
        truth = load_meta(p)["truth"]
        try:
            r = scan(p.with_suffix(".jpg"), fitting=True)
        except UnreadablePhoto:
            continue
        blurred = r.calibration["sharpness"] < BLURRED
        if blurred and r.sheet_id.game not in BLUR_GAMES or p in extra and not blurred:
            continue
        for x in r.readings:
            ev, t = x.evidence, truth[x.mark.id]
            if ev.get("ambiguous"):
                continue     # reported unsure whatever the curve says
            if x.mark.kind in ("outline", "fillbox") and "mass" not in ev and \
                    ev.get("visible", 1.0) < VISIBLE_MIN[x.mark.kind]:
                continue
            # the bulge curve decides hidden places (`pipeline.dot_hidden`: in a blurred photo
            # any a line crosses); in a sharp one it is fitted on more empty places than that,
            # those where the line looks even a little thicker than a line (PH31)
            if x.mark.kind == "dot" and "bulge" in ev and not ev.get("swamp_corner") and (
                    blurred or ev["band_thickness"] - ev["line_halfwidth"] > BULGE_FIT_MIN):
                data.setdefault(BULGE + (BLUR if blurred else ""), []).append(
                    (ev["bulge"], int(t != "empty"), f"{p.name} {x.mark.id}"))
            if x.mark.kind in SCORES:
                data.setdefault(x.mark.kind + (BLUR if blurred else ""), []).append((SCORES[x.mark.kind](ev), int(t != "empty"),
                                                         f"{p.name} {x.mark.id}"))
                continue
            base = curve_base(x.mark)
            # curves overlap around the resolution split: each is fitted on its side of it
            # and on the band between, where the reader takes the less confident of the two
            px = ev.get("photo_pxmm", 0.0)
            for low in ([BLUR] if blurred else bands("ink", px)):
                if base != "printbox":     # a box printed filled has no ink curve
                    ik = f"{curve_base(x.mark, 'ink')}_ink{low}"
                    data.setdefault(ik, []).append((score_ink(ev), int(t != "empty"), f"{p.name} {x.mark.id}"))
            for low in ([BLUR] if blurred else bands("cross", px)):
                if "crossed" in x.mark.states and t != "empty":
                    ck = f"{base}_cross{low}"
                    data.setdefault(ck, []).append((score_cross(ev, ck), int(t == "crossed"),
                                                    f"{p.name} {x.mark.id}"))
    # kinds with no new samples (a game left out with N=0) keep their previous fit
    old = json.loads(OUT.read_text()) if OUT.exists() else {}
    kinds = dict(old.get("kinds", {}))
    fitted_on = dict(old.get("fitted_on_games", {}))
    for game, k in counts.items():
        if k:
            fitted_on[game] = f"{k} generated photos, seeds {FIRST}+" + (
                f"; the blurred ones of {n_blur} more, seeds {BLUR_FIRST}+ at {BLUR_MP[0]}-{BLUR_MP[1]} MP"
                + (f", camera blur {BLUR_RANGE[game][0]}-{BLUR_RANGE[game][1]} px" if game in BLUR_RANGE else "")
                if game in BLUR_GAMES else "")
    for kind, rows in data.items():
        x = np.array([r[0] for r in rows])
        y = np.array([r[1] for r in rows])
        if y.min() == y.max():
            continue
        floor = floors.get(kind, floors.get(kind.removesuffix("_low").removesuffix(BLUR), 0.0))
        mid, scale = _fit(x, y, CONFIDENT, floor)
        lo, hi = x[y == 0].max(), x[y == 1].min()
        edge = (1 + CONFIDENT) / 2
        gap_scale = (hi - lo) / (2 * math.log(edge / (1 - edge))) if lo < hi else 0.0
        if gap_scale >= floor and lo < hi:
            # separable: the gap between the classes is the unsure band; each class's
            # extreme sample is itself confident (halfway from CONFIDENT to 1), so a class piled
            # up at one value (no cross at all: 0) is not left at the band's edge, all unsure.
            # (A gap narrower than the floor allows keeps the likelihood fit, which has it.)
            mid = (lo + hi) / 2
            scale = max(scale, gap_scale)
        # never steeper than this: a narrow gap in one sample of photos is luck, not a law
        scale = max(scale, floor)
        names = [r[2] for r in rows]
        for cls in (0, 1):
            idx = np.nonzero(y == cls)[0]
            worst = idx[np.argsort(x[idx])[::-1 if cls == 0 else 1][:3]]
            print(f"   {kind} hardest {'empty' if cls == 0 else 'marked'}: "
                  + ", ".join(f"{x[i]:.3f} {names[i]}" for i in worst))
        z = (x - mid) / scale
        k = math.log(CONFIDENT / (1 - CONFIDENT))
        wrong = int(((z >= k) & (y == 0)).sum() + ((z <= -k) & (y == 1)).sum())
        kinds[kind] = {"mid": round(float(mid), 5), "scale": round(float(scale), 5), "samples": len(rows),
                       "marked": int(y.sum()), "confident_wrong": wrong}
        print(f"{kind}: mid {mid:.4f} scale {scale:.4f} ({len(rows)} marks, {int(y.sum())} marked, "
              f"{wrong} of them confidently wrong)")
    OUT.write_text(json.dumps({"fitted_on_games": fitted_on, "kinds": kinds},
                              indent=1, sort_keys=True) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:4]))
