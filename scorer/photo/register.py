"""Registration: find the sheet in the photo and map frame mm to photo pixels.

1. ArUco corner markers (DICT_4X4_50, ids 0-3) are found on a reduced copy and their
   corners refined to sub-pixel accuracy on the full photo. The ids say which corner is
   which, so any rotation of the photo is handled.
2. A homography is fitted to all marker corners with RANSAC. With fewer than three markers
   the page outline (the paper's edges) is added; `refine` then does the rest.
3. `refine` re-fits the homography to printed features (map borders, boxes, text) found by
   normalised cross-correlation near where the current fit puts them, and reports the
   registration error in mm.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from .layout import CORNER_NAMES, CORNER_WORDS, Layout
from .stats import median

DETECT_LONG_SIDE = 1800   # px: markers are searched on a copy about this size

_DICT = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)


def _detector() -> cv2.aruco.ArucoDetector:
    p = cv2.aruco.DetectorParameters()
    p.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    # three threshold windows (5, 25, 45 px) find as many markers as seven did on the
    # benchmark's photos, in half the time
    p.adaptiveThreshWinSizeMin = 5
    p.adaptiveThreshWinSizeMax = 45
    p.adaptiveThreshWinSizeStep = 20
    p.minMarkerPerimeterRate = 0.02
    p.polygonalApproxAccuracyRate = 0.05
    return cv2.aruco.ArucoDetector(_DICT, p)


@dataclass
class Markers:
    """Detected corner markers: id -> 4x2 corners in photo px (ArUco order)."""

    corners: dict[int, np.ndarray] = field(default_factory=dict)
    duplicates: set[int] = field(default_factory=set)
    side_px: float = 0.0  # median marker side

    @property
    def ids(self) -> list[int]:
        return sorted(self.corners)


def grey(rgb: np.ndarray) -> np.ndarray:
    return cv2.cvtColor(rgb, cv2.COLOR_RGB2GRAY)


def detect_markers(g: np.ndarray, wanted: tuple[int, ...] = (0, 1, 2, 3)) -> Markers:
    """Find the corner markers in a grey photo; corners refined sub-pixel at full size."""
    h, w = g.shape
    found = Markers()
    for long_side in (DETECT_LONG_SIDE, 2900):
        scale = min(1.0, long_side / max(h, w))
        small = g if scale == 1.0 else cv2.resize(g, (round(w * scale), round(h * scale)),
                                                    interpolation=cv2.INTER_AREA)
        corners, ids, _ = _detector().detectMarkers(small)
        if ids is not None:
            by_id: dict[int, list[np.ndarray]] = {}
            for c, i in zip(corners, ids.ravel()):
                if int(i) in wanted:
                    by_id.setdefault(int(i), []).append(c.reshape(4, 2) / scale)
            by_id = _drop_false_twins(by_id)
            for i, cs in by_id.items():
                if len(cs) > 1:
                    found.duplicates.add(i)
                if i not in found.corners:
                    found.corners[i] = cs[0]
        if len(found.corners) == len(wanted) or scale == 1.0:
            break
    if found.corners:
        found.side_px = float(median([_side(c) for c in found.corners.values()]))
        win = int(np.clip(found.side_px / 14, 2, 12))
        crit = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 30, 0.01)
        for i, c in found.corners.items():
            pts = c.astype(np.float32).reshape(-1, 1, 2)
            if np.all(pts[:, 0, 0] > win + 1) and np.all(pts[:, 0, 0] < w - win - 2) and \
                    np.all(pts[:, 0, 1] > win + 1) and np.all(pts[:, 0, 1] < h - win - 2):
                refined = cv2.cornerSubPix(g, pts.copy(), (win, win), (-1, -1), crit)
                # keep the refinement only when it stayed close (it can jump to the quiet zone edge)
                if np.max(np.linalg.norm(refined - pts, axis=2)) < max(1.5, found.side_px / 20):
                    pts = refined
            found.corners[i] = pts.reshape(4, 2).astype(np.float64)
    return found


TWIN_SMALL = 0.5   # a twin under half the markers' median side is printed art, not a marker


def _side(c: np.ndarray) -> float:
    return float(np.linalg.norm(c - np.roll(c, 1, axis=0), axis=1).mean())


def _drop_false_twins(by_id: dict[int, list[np.ndarray]]) -> dict[int, list[np.ndarray]]:
    """Where an id is found more than once, leave out the finds that can't be a corner
    marker of any sheet (PH156): one under TWIN_SMALL of the median marker side (a small
    printed box read as a 4x4 code), or one inside the triangle of the three other ids
    when each is found once (a sheet's corner marker lies outside its other corners).
    Two sheets in the photo keep their twins: every id is found twice."""
    if all(len(cs) == 1 for cs in by_id.values()):
        return by_id
    ref = median([_side(c) for cs in by_id.values() for c in cs])
    out: dict[int, list[np.ndarray]] = {}
    for i, cs in by_id.items():
        if len(cs) == 1:
            out[i] = cs
            continue
        others = np.array([o[0].mean(axis=0) for j, o in by_id.items() if j != i and len(o) == 1], np.float32)
        hull = cv2.convexHull(others) if len(others) >= 3 else None

        def plausible(c: np.ndarray) -> bool:
            if _side(c) < TWIN_SMALL * ref:
                return False
            if hull is not None:
                x, y = c.mean(axis=0)
                return cv2.pointPolygonTest(hull, (float(x), float(y)), False) < 0
            return True
        keep = [c for c in cs if plausible(c)]
        out[i] = keep or cs
    return out


def marker_points(layout: Layout, markers: Markers) -> tuple[np.ndarray, np.ndarray]:
    """Matching (frame mm, photo px) point arrays for every detected marker corner."""
    src, dst = [], []
    for i in markers.ids:
        src += layout.marker_corners(i)
        dst += markers.corners[i].tolist()
    return np.array(src, np.float64).reshape(-1, 2), np.array(dst, np.float64).reshape(-1, 2)


def fit(src: np.ndarray, dst: np.ndarray, thresh_px: float) -> tuple[np.ndarray | None, np.ndarray]:
    """RANSAC homography frame mm -> photo px, then a least-squares re-fit on the inliers."""
    if len(src) < 4:
        return None, np.zeros(len(src), bool)
    method = cv2.RANSAC if len(src) > 4 else 0
    H, mask = cv2.findHomography(src, dst, method, thresh_px)
    if H is None:
        return None, np.zeros(len(src), bool)
    inl = mask.ravel().astype(bool) if mask is not None else np.ones(len(src), bool)
    if inl.sum() >= 5:
        H2, _ = cv2.findHomography(src[inl], dst[inl], 0)
        if H2 is not None:
            H = H2
    return H, inl


def project(H: np.ndarray, pts) -> np.ndarray:
    """Apply a homography to Nx2 points."""
    p = np.asarray(pts, np.float64).reshape(-1, 1, 2)
    return cv2.perspectiveTransform(p, H).reshape(-1, 2)


def page_quad(g: np.ndarray) -> np.ndarray | None:
    """The paper's four corners in photo px (largest bright convex quadrilateral), or None."""
    h, w = g.shape
    scale = min(1.0, 800 / max(h, w))
    small = cv2.resize(g, (round(w * scale), round(h * scale)), interpolation=cv2.INTER_AREA)
    small = cv2.GaussianBlur(small, (5, 5), 0)
    _, bw = cv2.threshold(small, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    bw = cv2.morphologyEx(bw, cv2.MORPH_CLOSE, np.ones((9, 9), np.uint8))
    contours, _ = cv2.findContours(bw, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return None
    c = max(contours, key=cv2.contourArea)
    if cv2.contourArea(c) < 0.1 * small.size:
        return None
    hull = cv2.convexHull(c)
    peri = cv2.arcLength(hull, True)
    for eps in (0.01, 0.02, 0.03, 0.05):
        approx = cv2.approxPolyDP(hull, eps * peri, True)
        if len(approx) == 4:
            quad = approx.reshape(4, 2).astype(np.float64) / scale
            # a corner on the photo border means the page runs off the photo
            if np.any((quad < 3 / scale) | (quad > np.array([w, h]) - 3 / scale)):
                return None
            return quad
    return None


def fit_with_outline(layout: Layout, markers: Markers, quad: np.ndarray, paper: str) -> np.ndarray | None:
    """Few markers: fit the markers' own homography, then add the page corners it predicts."""
    src, dst = marker_points(layout, markers)
    H0, _ = fit(src, dst, 3.0)
    if H0 is None:
        return None
    pc = np.array(layout.paper_corners(paper))
    pred = project(H0, pc)
    # assign each detected quad corner to the nearest predicted paper corner
    order = []
    for p in pred:
        d = np.linalg.norm(quad - p, axis=1)
        order.append(int(np.argmin(d)))
    if len(set(order)) != 4:
        return None
    q = quad[order]
    allsrc = np.vstack([src, pc])
    alldst = np.vstack([dst, q])
    H, _ = cv2.findHomography(allsrc, alldst, 0)
    return H


def missing_hint(layout: Layout, markers: Markers, H: np.ndarray | None, shape: tuple[int, int]) -> str:
    """A one-line hint naming the corner markers that were not found and why."""
    missing = [i for i, _ in layout.markers if i not in markers.corners]
    names = [CORNER_WORDS[CORNER_NAMES[i]] for i in missing]
    if H is None:
        what = " and ".join(names)
        return f"the {what} marker{'s are' if len(names) > 1 else ' is'} hidden"
    h, w = shape
    outside = []
    for i in missing:
        x, y, s, _ = layout.marker_box(i)
        c = project(H, [(x + s / 2, y + s / 2)])[0]
        if not (0 <= c[0] < w and 0 <= c[1] < h):
            outside.append(CORNER_WORDS[CORNER_NAMES[i]])
    if outside:
        return (f"the {' and '.join(outside)} corner{'s are' if len(outside) > 1 else ' is'} cut off; "
                "step back so the whole sheet is in the photo")
    what = " and ".join(names)
    return f"the {what} marker{'s are' if len(names) > 1 else ' is'} hidden (covered, in glare or too blurred)"


# ---- refinement on printed features ------------------------------------------------------

def warp(img: np.ndarray, H: np.ndarray, frame_w: float, frame_h: float, pxmm: float,
         interp: int = cv2.INTER_LINEAR, reduced: dict | None = None) -> np.ndarray:
    """Flatten the photo: the frame at `pxmm` pixels per mm, through H (frame mm -> photo px).

    When the photo has far more pixels per mm than wanted it is first reduced (area
    average), so fine print does not alias. `reduced` (a dict the caller keeps) holds
    reductions already made of this same `img`, by factor, for the next call.
    """
    scale = photo_scale(H, frame_w, frame_h)
    Hs = H
    if scale > 2.2 * pxmm:
        f = 1.0 / int(scale / (1.4 * pxmm))
        small = reduced.get(f) if reduced is not None else None
        if small is None:
            small = cv2.resize(img, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
            if reduced is not None:
                reduced[f] = small
        img = small
        Hs = np.diag([f, f, 1.0]) @ H
    S = np.diag([1.0 / pxmm, 1.0 / pxmm, 1.0])  # frame px -> mm
    M = Hs @ S
    size = (round(frame_w * pxmm), round(frame_h * pxmm))
    return cv2.warpPerspective(img, M, size, flags=interp | cv2.WARP_INVERSE_MAP,
                               borderMode=cv2.BORDER_REPLICATE)


def photo_scale(H: np.ndarray, frame_w: float, frame_h: float) -> float:
    """Photo pixels per mm at the middle of the frame (geometric mean of the two axes)."""
    cx, cy = frame_w / 2, frame_h / 2
    p = project(H, [(cx, cy), (cx + 1, cy), (cx, cy + 1)])
    return float(np.sqrt(np.linalg.norm(p[1] - p[0]) * np.linalg.norm(p[2] - p[0])))


def min_scale(H: np.ndarray, frame_w: float, frame_h: float) -> float:
    """The smallest photo px per mm anywhere on the frame (the far side of a tilted sheet)."""
    out = []
    for fx in (0.05, 0.95):
        for fy in (0.05, 0.95):
            x, y = frame_w * fx, frame_h * fy
            p = project(H, [(x, y), (x + 1, y), (x, y + 1)])
            out.append(min(np.linalg.norm(p[1] - p[0]), np.linalg.norm(p[2] - p[0])))
    return float(min(out))


@dataclass(frozen=True)
class Features:
    """Patches of the expected page with structure in two directions, to match in the photo."""

    centres: np.ndarray   # Nx2 frame px
    half: int             # patch half size, px
    textured: bool = False   # every patch is known to have contrast (see `textured`)


def feature_patches(dark: np.ndarray, pxmm: float, step_mm: float = 9.0, half_mm: float = 3.5) -> Features:
    """Pick well-textured patches on a grid (their corner strength must be high)."""
    half = round(half_mm * pxmm)
    ev = cv2.cornerMinEigenVal(dark.astype(np.float32), 2 * half + 1, 3)
    h, w = dark.shape
    step = round(step_mm * pxmm)
    pts, strength = [], []
    margin = half + round(4 * pxmm)
    for y in range(margin, h - margin, step):
        for x in range(margin, w - margin, step):
            win = ev[y - step // 2:y + step // 2, x - step // 2:x + step // 2]
            iy, ix = np.unravel_index(int(np.argmax(win)), win.shape)
            cy, cx = y - step // 2 + iy, x - step // 2 + ix
            if margin <= cy < h - margin and margin <= cx < w - margin:
                pts.append((cx, cy))
                strength.append(win[iy, ix])
    pts_a = np.array(pts, np.float64)
    s = np.array(strength)
    keep = s > max(1e-6, np.percentile(s, 40) * 0.5) if len(s) else np.zeros(0, bool)
    return Features(pts_a[keep], half)


MIN_PATCH_STD = 0.02   # a patch of the expected page flatter than this is not matched


def textured(feats: Features, edark: np.ndarray) -> Features:
    """Only the patches with contrast enough to match (`match_features` then needn't check
    each again on every photo and round)."""
    half = feats.half
    keep = [float(edark[cy - half:cy + half + 1, cx - half:cx + half + 1].std()) >= MIN_PATCH_STD
            for cx, cy in feats.centres.astype(int)]
    return Features(feats.centres[np.array(keep, bool).reshape(-1)], half, True)


def match_features(wdark: np.ndarray, edark: np.ndarray, feats: Features, search: int,
                   min_score: float = 0.55) -> tuple[np.ndarray, np.ndarray]:
    """Where each expected patch is found in the flattened photo: (centres, shifts) in px."""
    h, w = wdark.shape
    half = feats.half
    cs, ds = [], []
    for cx, cy in feats.centres.astype(int):
        x0, y0 = cx - half - search, cy - half - search
        x1, y1 = cx + half + search + 1, cy + half + search + 1
        if x0 < 0 or y0 < 0 or x1 > w or y1 > h:
            continue
        tpl = edark[cy - half:cy + half + 1, cx - half:cx + half + 1]
        if not feats.textured and float(tpl.std()) < MIN_PATCH_STD:
            continue
        res = cv2.matchTemplate(wdark[y0:y1, x0:x1], tpl, cv2.TM_CCOEFF_NORMED)
        _, mx, _, loc = cv2.minMaxLoc(res)
        if mx < min_score:
            continue
        ix, iy = loc
        dx, dy = float(ix - search), float(iy - search)
        # sub-pixel: parabola through the peak and its neighbours
        if 0 < ix < res.shape[1] - 1:
            a, b, c = res[iy, ix - 1], res[iy, ix], res[iy, ix + 1]
            den = a - 2 * b + c
            if den < 0:
                dx += 0.5 * (a - c) / den
        if 0 < iy < res.shape[0] - 1:
            a, b, c = res[iy - 1, ix], res[iy, ix], res[iy + 1, ix]
            den = a - 2 * b + c
            if den < 0:
                dy += 0.5 * (a - c) / den
        cs.append((cx, cy))
        ds.append((dx, dy))
    return np.array(cs, np.float64).reshape(-1, 2), np.array(ds, np.float64).reshape(-1, 2)


@dataclass
class Registration:
    """The refined fit and how good it is."""

    H: np.ndarray
    error_mm: float          # RMS distance of matched printed features from the fit
    p90_mm: float
    features: int            # printed features matched and kept
    matched: int             # features found at all


def refine(photo_grey: np.ndarray, H: np.ndarray, edark: np.ndarray, feats: Features, pxmm: float,
           frame_w: float, frame_h: float, search_mm: float = 2.5, extra: tuple[np.ndarray, np.ndarray] | None = None,
           rounds: int = 2) -> Registration:
    """Re-fit H to printed features found near where H puts them (see module doc)."""
    reg = Registration(H, float("inf"), float("inf"), 0, 0)
    reduced: dict = {}
    for k in range(rounds):
        wg = warp(photo_grey, H, frame_w, frame_h, pxmm, reduced=reduced).astype(np.float32) / 255.0
        white = cv2.dilate(cv2.resize(wg, None, fx=0.125, fy=0.125, interpolation=cv2.INTER_AREA),
                           np.ones((5, 5), np.uint8))
        white = cv2.resize(white, (wg.shape[1], wg.shape[0]), interpolation=cv2.INTER_LINEAR)
        wdark = np.clip(1.0 - wg / np.maximum(white, 0.05), 0, 1)
        search = max(2, round((search_mm if k == 0 else 1.0) * pxmm))
        cs, ds = match_features(wdark, edark, feats, search)
        if len(cs) < 8:
            return reg
        frame_pts = cs / pxmm
        photo_pts = project(H, (cs + ds) / pxmm)
        scale = photo_scale(H, frame_w, frame_h)
        src, dst = frame_pts, photo_pts
        if extra is not None and len(extra[0]):
            src = np.vstack([src, extra[0]])
            dst = np.vstack([dst, extra[1]])
        H2, inl = fit(src, dst, max(1.0, 0.5 * scale))
        if H2 is None:
            return reg
        back = project(np.linalg.inv(H2), photo_pts)
        err = np.linalg.norm(back - frame_pts, axis=1)
        inl_f = inl[:len(frame_pts)]
        e_in = err[inl_f] if inl_f.any() else err
        # the error counts every matched feature's miss, robustly: outliers beyond 3 mm are
        # mismatches (a drawn line over a border), not a warped sheet
        e_used = err[err < 3.0]
        rms = float(np.sqrt(np.mean(e_used ** 2))) if len(e_used) else float("inf")
        p90 = float(np.percentile(e_used, 90)) if len(e_used) else float("inf")
        H = H2
        reg = Registration(H, rms, p90, int(inl_f.sum()), len(cs))
        del e_in
    return reg
