"""Run a photo through every stage: load, register, read the QR, normalise, read marks,
decide, and hand the state to the referee."""
from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

from sheets.marks import CALIBRATION_PATCHES
from sheets.sheetid import SheetId, SheetIdError

from ..core import Score
from ..errors import SheetError
from . import berms, games, marks as area, qr, register as reg, shadow
from .decide import (BLURRED, CONFIDENT, bands, curve, decide, decide_multi, fitted_on_line, probability,
                     reads_blurred, score_line)
from .errors import UnreadablePhoto
from .expected import expected, luminance, page_key, tolerance_for
from .layout import Layout
from .load import decode, read_bytes
from .markmap import CROSSED, EMPTY, FILLED, MARKED, Reading, bbox
from .normalise import (WHITE_CLOSE_MM, Blocks, Normalised, closed, full_size, normalise, paper_blocks,
                        smoothed, tint_ratio, unit)

PXMM = 5.0            # pixels per mm of the flattened sheet
MIN_PXMM = 2.0        # photo px per mm below which the sheet is too small to read (a game's reader may set its own)
MAX_REG_MM = 0.45     # reject when printed features miss the fit by more than this (RMS)
MIN_SHARPNESS = 0.12  # printed edges must keep this share of their contrast (below
                      # decide.BLURRED, where it is read on curves fitted on blurred photos)


@dataclass
class ScanResult:
    """Everything read from one photo."""

    source: str
    sheet_id: SheetId
    readings: list[Reading]
    sheet: dict
    score: Score | None
    details: dict | None
    referee_error: str | None
    registration_mm: float
    markers: list[int]
    calibration: dict
    seconds: float
    normalised: Normalised | None = field(default=None, repr=False)

    @property
    def unsure(self) -> list[Reading]:
        return [r for r in self.readings if r.unsure]

    @property
    def exit_code(self) -> int:
        return 3 if (self.unsure or self.referee_error) else 0

    def states(self) -> dict[str, str]:
        return {r.mark.id: r.state for r in self.readings}

    def to_dict(self) -> dict:
        return {
            "photo": self.source, "sheet_id": self.sheet_id.encode(), "game": self.sheet_id.game,
            "player": self.sheet_id.player, "status": "provisional" if self.exit_code else "ok",
            "score": self.score.to_dict() if self.score else None,
            "referee_error": self.referee_error, "state": self.sheet, "details": self.details,
            "unsure": [r.to_dict() | {"name": r.mark.name} for r in self.unsure],
            "marks": [r.to_dict() for r in self.readings],
            "registration_error_mm": round(self.registration_mm, 3), "markers": self.markers,
            "calibration": self.calibration, "seconds": round(self.seconds, 3)}


def _blur_hint(g: np.ndarray) -> str | None:
    h, w = g.shape
    s = min(1.0, 1000 / max(h, w))
    small = cv2.resize(g, None, fx=s, fy=s, interpolation=cv2.INTER_AREA)
    if float(cv2.Laplacian(small, cv2.CV_32F).var()) < 12.0:
        return "the photo is too blurred to find the sheet; hold the phone steady and let it focus"
    return None


def _nothing_found(g: np.ndarray) -> UnreadablePhoto:
    hint = _blur_hint(g)
    if hint:
        return UnreadablePhoto(hint)
    return UnreadablePhoto("no Highwater sheet found in the photo: photograph the whole sheet so its four "
                           "black corner markers show, or move closer")


def _initial_fits(g: np.ndarray, lay: Layout, m: reg.Markers, papers: list[str]) -> list[tuple[str | None, np.ndarray]]:
    """Candidate homographies: from the markers alone, or markers plus the page outline."""
    src, dst = reg.marker_points(lay, m)
    if len(m.corners) >= 3:
        H, inl = reg.fit(src, dst, max(2.0, 0.06 * m.side_px))
        if H is not None and inl.sum() >= 10:
            return [(None, H)]
    quad = reg.page_quad(g)
    out = []
    if quad is not None:
        for paper in papers:
            H = reg.fit_with_outline(lay, m, quad, paper)
            if H is not None:
                out.append((paper, H))
    if not out:
        H0, _ = reg.fit(src, dst, 3.0)
        raise UnreadablePhoto(reg.missing_hint(lay, m, H0, g.shape))
    return out


def _features(sid: SheetId) -> reg.Features:
    return _features_for(page_key(sid))


@lru_cache(maxsize=16)
def _features_for(sid: SheetId) -> reg.Features:
    """Printed features to refine on, away from the QR code (which differs per player)."""
    lay = games.reader(sid.game).LAYOUT()
    f = reg.feature_patches(expected(sid, PXMM).dark, PXMM)
    x, y, w, h = lay.qr
    c = f.centres / PXMM
    far = (c[:, 0] < x - 5) | (c[:, 0] > x + w + 5) | (c[:, 1] < y - 5) | (c[:, 1] > y + h + 8)
    return reg.textured(reg.Features(f.centres[far], f.half), expected(sid, PXMM).dark)


def _sheet_id(g: np.ndarray, lay: Layout, fits, given: SheetId | None,
              how: str = "all") -> tuple[SheetId, np.ndarray] | None:
    """The sheet id (given, or read from the QR) and the fit to go on with.

    `how` is passed to `qr.read_qr`; with "grid" or "crop" a QR that can't be read gives
    None rather than an error (the caller tries every layout's cheaper reads before the
    slower ones).
    """
    if given is not None:
        H = next((H for p, H in fits if p in (None, given.paper)), fits[0][1])
        return given, H
    text, H = None, fits[0][1]
    for _, Hc in fits:
        text = qr.read_qr(g, Hc, lay.qr, how)
        if text:
            H = Hc
            break
    if not text and how in ("grid", "crop"):
        return None
    if not text:
        scale = reg.min_scale(H, lay.frame_w, lay.frame_h)
        why = "move closer" if scale < 3.5 else "keep the QR code out of glare and shadow"
        raise UnreadablePhoto(f"the sheet's QR code can't be read ({why}); or pass --sheet-id with the id "
                              "printed under the QR code")
    try:
        sid = SheetId.parse(text)
    except SheetIdError:
        shown = "".join(ch if ch.isprintable() else "?" for ch in text[:32])
        raise UnreadablePhoto(f"the QR code reads {shown!r}, which is not a Highwater sheet id; "
                              "pass --sheet-id with the id printed under the sheet's QR code") from None
    for p, Hc in fits:
        if p == sid.paper:
            H = Hc
    return sid, H


def _find_layout(g: np.ndarray, m: reg.Markers, papers: list[str]) -> tuple[Layout, SheetId, np.ndarray]:
    """Every game keeps its markers and QR where its template says: try each layout.

    The first layout whose QR reads wins, as if each were tried in turn with every way of
    reading, except that each way (the module grid, the detector, the fitted modules, from
    the cheapest) is tried at every layout's QR box before the next (a Re-Wilding photo
    does not pay for failing to read a QR where Raging Waters keeps it). When none reads,
    the first layout's error is raised.
    """
    lays = games.layouts()
    fits: dict[int, list] = {}
    errors: dict[int, UnreadablePhoto] = {}
    for how in ("grid", "crop", "fit"):
        for i, cand in enumerate(lays):
            if i in errors:
                continue
            try:
                if i not in fits:
                    fits[i] = _initial_fits(g, cand, m, papers)
                got = _sheet_id(g, cand, fits[i], None, how)
            except UnreadablePhoto as ex:
                errors[i] = ex
                continue
            if got is not None:
                return (cand, *got)
    raise errors[min(errors)]


def _check_game(sid: SheetId) -> Layout:
    if sid.game not in games.READERS:
        raise UnreadablePhoto(f"this is a {sid.game} sheet, which the photo reader can't score yet; "
                              f"enter it with 'highwater score {sid.game}'")
    lay = games.reader(sid.game).LAYOUT()
    if sid.version != lay.version:
        raise UnreadablePhoto(f"this {sid.game} sheet was printed from template version {sid.version}, but this "
                              f"Highwater reads version {lay.version}; update Highwater or enter the sheet by hand")
    return lay


def _sharpness(n: Normalised, edark: np.ndarray, whites: tuple[np.ndarray, np.ndarray] | None = None) -> float:
    """How much of the printed edges' contrast survived (1 = as sharp as printed). With
    `whites` (the white `n` was normalised by, the one to measure against) the photo is
    measured as normalised by the second."""
    h, w = edark.shape
    crop = np.s_[h // 4: 3 * h // 4, w // 4: 3 * w // 4]
    edark = edark[crop]
    gx = cv2.Sobel(edark, cv2.CV_32F, 1, 0)
    gy = cv2.Sobel(edark, cv2.CV_32F, 0, 1)
    ge = np.hypot(gx, gy)
    sel = ge > 0.5 * float(ge.max())
    nm = n.norm[crop]
    if whites is not None:
        nm = nm * (whites[0][crop] / whites[1][crop])
    dark = 1.0 - luminance(nm)
    ox = cv2.Sobel(dark, cv2.CV_32F, 1, 0)
    oy = cv2.Sobel(dark, cv2.CV_32F, 0, 1)
    go = np.hypot(ox, oy)
    return float(go[sel].mean() / max(1e-6, ge[sel].mean()))


SHADOWS = True   # doubt marks under shadow stripes the white missed (shadow.py)
BOX_INSET = 0.8   # mm inside a tick box's printed border: a slightly misregistered border is no tick


def _on(mask: np.ndarray, point: tuple[float, float], pxmm: float) -> bool:
    """Whether a frame point (mm) lies on the mask."""
    r, c = int(point[1] * pxmm), int(point[0] * pxmm)
    return 0 <= r < mask.shape[0] and 0 <= c < mask.shape[1] and bool(mask[r, c])


def _photo_tag(n: Normalised) -> dict:
    """What every mark's evidence carries about the whole photo: its sharpness (crosses are
    measured against it, decide.SHARPNESS_KINDS) and, under decide.BLURRED, that the
    blurred curves decide."""
    return {"sharpness": round(n.sharpness, 3)} | ({"blurred": True} if n.sharpness < BLURRED else {})


def read_marks(n: Normalised, mark_map) -> list[Reading]:
    """Read every mark: lines first, so their corridors can be left out of cells and dots."""
    readings: dict[str, Reading] = {}
    tag = _photo_tag(n)
    known_f = n.known.astype(np.float32)
    corridor = np.zeros(n.ink.shape, np.uint8)
    swamp = np.zeros(n.ink.shape, np.uint8)
    from .overlay import line_points
    lines = [m for m in mark_map if m.kind == "line"]
    groups: dict[str, list] = {}
    # each map's field: the piles stand on its border
    fields: dict[str, tuple[float, float, float, float]] = {}
    for m in lines:
        x0, y0, x1, y1 = m.geom
        f = fields.get(m.group, (x0, y0, x0, y0))
        fields[m.group] = (min(f[0], x0, x1), min(f[1], y0, y1), max(f[2], x0, x1), max(f[3], y0, y1))
    for m, ev in zip(lines, berms.lines_evidence(n, [m.geom for m in lines], [fields[m.group] for m in lines])):
        ev.update(tag)
        if "_prof" in ev:   # how wide its ink runs (a shadow's streak is soft and wide, PH115)
            ev["halfwidth"] = berms.ink_halfwidth([ev])
        r0 = Reading(m, EMPTY, 0.0, evidence=ev)
        groups.setdefault(m.group, []).append((m.id, ev, line_points(r0)))
    final: dict[str, dict] = {}
    p_line = lambda ev: probability(curve("line", ev), score_line(ev))  # noqa: E731
    # how far the sheet's drawn lines run either side: a family's winner wider may be two (PH197)
    half = berms.sheet_halfwidth([ev for g in groups.values() for _, ev, _ in g])
    for cands in groups.values():
        final.update(berms.explain(cands, lambda ev: p_line(ev) >= 0.5, lambda ev: p_line(ev) >= CONFIDENT,
                                   lambda ev: 1.0 - CONFIDENT < p_line(ev) < CONFIDENT, half))
    P = lambda p: (int(round(p[0] * n.pxmm * 16)), int(round(p[1] * n.pxmm * 16)))  # noqa: E731
    for m in lines:
        readings[m.id] = decide(m, _plain(final[m.id]))
    segs = _drawn_segments(readings, lines)
    for group in segs.values():
        for p0, p1 in group:
            cv2.line(corridor, P(p0), P(p1), 1, max(1, round(3.0 * n.pxmm)), cv2.LINE_8, 4)
    # lattice corners of cells: a house dot there must not count as shading
    corners = np.zeros(n.ink.shape, np.uint8)
    for m in mark_map:
        if m.kind == "dot":
            cv2.circle(corners, P(m.geom[:2]), round(area.DOT_PLACE * n.pxmm * 16), 1, -1, cv2.LINE_8, 4)
    cell_ignore = corridor.astype(bool) | corners.astype(bool)
    ticks = [m for m in mark_map if m.kind == "box"]
    if ticks:   # where else a player writes, left out of the paper round each tick box (PH34)
        elsewhere = shadow.markable([m for m in mark_map if m.kind not in ("line", "box")], n.ink.shape, n.pxmm)
        # a cross's arms against the paper beside them, over print as on an icon (PH48)
        tick_arms = dict(zip([m.id for m in ticks], area.arm_contrasts(n, [m.geom for m in ticks], area.ICON_ARMS)))
    for m in mark_map:
        if m.kind == "box":
            ev = area.box_evidence(n, m.geom, inset=BOX_INSET, spread_of_visible=True)
            ev["ring"] = area.ring_ink(n, m.geom, elsewhere, [o.geom for o in ticks if o is not m])
            ev["arms"], ev["slash"] = float(tick_arms[m.id].min()), float(tick_arms[m.id].max())
        elif m.kind == "cell":
            ev = area.box_evidence(n, m.geom, inset=1.2, ignore=cell_ignore, texture=True)
        else:
            continue
        r = readings[m.id] = decide(m, ev | tag)
        if m.kind == "cell" and r.state == MARKED:
            # a shaded square's hatching (even where unsure) is not a house dot at its corners
            # (SURE_SWAMP where read with confidence: PH163)
            x, y, w, h = m.geom
            s = n.pxmm
            sq = swamp[round((y - 0.3) * s):round((y + h + 0.3) * s), round((x - 0.3) * s):round((x + w + 0.3) * s)]
            np.maximum(sq, UNSURE_SWAMP if r.unsure else SURE_SWAMP, out=sq)
    outlines = [m for m in mark_map if m.kind == "outline"]
    boxes = [m for m in mark_map if m.kind == "fillbox"]
    icon_box = {m.id: m.box or bbox(m.geom) for m in outlines}
    # the matched filter, where a curve uses it (ARM_KINDS: small or blurred photos)
    arms: dict[str, float] = {}
    if "_low" in bands("cross", n.photo_pxmm) or n.sharpness < BLURRED:
        arms.update(zip([m.id for m in outlines], area.cross_contrasts(n, list(icon_box.values()), area.ICON_ARMS)))
        arms.update(zip([m.id for m in boxes], area.cross_contrasts(n, [m.geom for m in boxes], area.BOX_ARMS)))
    evs = [area.region_evidence(n, m.geom, icon_box[m.id], mass=True, arms=arms.get(m.id)) for m in outlines]
    base = area.mass_baseline(evs)     # the photo's own offset over uncoloured outlines (PH61)
    arms_base = area.arms_baselines([m.icon for m in outlines], evs)   # each icon's print (PH62)
    for m, ev in zip(outlines, evs):
        ev = area.against_baseline(ev, base) | ({"arms_base": arms_base[m.icon]} if m.icon in arms_base else {})
        readings[m.id] = decide_multi(m, ev | tag)
    box_evs = {}
    for m in boxes:
        x, y, w, h = m.geom
        poly = ((x, y), (x + w, y), (x + w, y + h), (x, y + h))
        ev = box_evs[m.id] = area.region_evidence(n, poly, m.geom, inset_mm=0.45, arms=arms.get(m.id))
        readings[m.id] = decide_multi(m, ev | tag)
    # a box a player fills that the per-sample test leaves unsure between filled and
    # crossed: the matched filter's arms too (PH152; a box printed filled has its own curve)
    doubt = [m for m in boxes if m.id not in arms and m.states[0] == EMPTY and _filled_or_crossed(readings[m.id])]
    if doubt:
        for m, a in zip(doubt, area.cross_contrasts(n, [m.geom for m in doubt], area.BOX_ARMS)):
            readings[m.id] = decide_multi(m, box_evs[m.id] | {"filter_arms": float(a)} | tag)
    dots = [m for m in mark_map if m.kind == "dot"]
    if dots:
        _read_dots(n, dots, segs, swamp, readings)
        # a candidate berm read as empty (PH2), or left unsure on a neighbour's ink (PH127),
        # whose ink lies on swamps and house dots read with confidence is judged again
        # without that ink; where that leaves it confidently empty, the map's dots are read
        # again without its line. One read drawn is judged so too, and read empty where that
        # leaves it empty: its ink was theirs, a shaded swamp's hatching, say (PH209)
        changed = set()
        on_marks = {g: _on_marks(readings, mark_map, g) for g in {m.group for m in lines}}
        for m in lines:
            r = readings[m.id]
            if final[m.id].get("ambiguous"):
                new = berms.neighbour_again(final[m.id], on_marks[m.group])
            else:
                new = berms.leave_out(final[m.id], on_marks[m.group])
            if new is None:
                continue
            again = decide(m, _plain(new))
            if r.state == MARKED and not final[m.id].get("ambiguous"):
                if again.state != EMPTY:
                    continue    # still a line without that ink: as read
                changed.add(m.group)
            final[m.id] = new
            readings[m.id] = again
            if r.unsure and not again.unsure:
                changed.add(m.group)
        if changed:
            segs = _drawn_segments(readings, lines)
            _read_dots(n, [m for m in dots if m.group in changed], segs, swamp, readings)
    for m in lines:
        r = readings[m.id]
        if r.state == EMPTY and not r.unsure and fitted_on_line(final[m.id]):
            # ink of its own over a third of its corridor or more, fitted on its line, other
            # marks' ink left out: a faint line whose trace broke, maybe (PH190)
            readings[m.id] = replace(r, unsure=True, confidence=min(r.confidence, 0.75), alternative=MARKED,
                                     evidence=r.evidence | {"fitted_on_line": True})
    return [readings[m.id] for m in mark_map if m.id in readings]


def _under_stripes(n: Normalised, paper: Blocks, light: Blocks, e, mark_map, readings: list[Reading]) -> list[Reading]:
    """Marks read as marked where a shadow stripe passes are unsure, bar those with ink no
    stripe gives (shadow.py, rulings PH19, PH73). `paper`: the paper's white per block,
    `light`: that closed over 7 mm."""
    marks = shadow.markable(mark_map, e.paper.shape, e.pxmm)
    d, level, near = shadow.stripes(paper, light, e, marks)
    stripes = shadow.striped(mark_map, d, level)
    inked = shadow.inked(n, readings, stripes, shadow.nearby(mark_map, near, stripes))
    return shadow.doubt(readings, stripes, inked)


def _filled_or_crossed(r: Reading) -> bool:
    """Whether a reading is unsure between filled and crossed."""
    return r.unsure and {r.state, r.alternative} == {FILLED, CROSSED}


def _plain(ev: dict) -> dict:
    """Evidence without the working arrays (the keys starting with "_")."""
    return {k: v for k, v in ev.items() if not k.startswith("_")}


def _drawn_segments(readings: dict[str, Reading], lines) -> dict[str, list]:
    """Per map, the fitted end points of every berm read as drawn or unsure."""
    from .overlay import line_points
    segs: dict[str, list] = {}
    for m in lines:
        r = readings[m.id]
        if r.state == MARKED or r.unsure:
            p0, p1 = line_points(r)
            segs.setdefault(m.group, []).append((np.array(p0), np.array(p1)))
    return segs


def dot_hidden(ev: dict, sharpness: float) -> bool:
    """Whether a drawn line through a house dot's place may hide a dot there: where the
    line looks thicker than a line (`marks.dot_evidence`), and in a blurred photo wherever
    it crosses the place at all, as blur thickens a line as much as a dot on it (PH18)."""
    return bool(ev.get("hidden")) or (sharpness < BLURRED and ev.get("band_thickness", 0.0) > 0)


# values in read_marks' swamp mask: a square read shaded but unsure, or with confidence
UNSURE_SWAMP, SURE_SWAMP = 1, 2


def _read_dots(n: Normalised, dots, segs: dict[str, list], swamp: np.ndarray,
               readings: dict[str, Reading]) -> None:
    """Read the house dots, leaving out the drawn lines passing by (and shaded swamps:
    `swamp`, read_marks' mask of squares read shaded, UNSURE_SWAMP or SURE_SWAMP).

    A place only at the corners of squares read shaded but unsure is read again with those
    squares in view; where that reading is not confidently empty, the square left out may
    hold the dot, and an empty reading is tagged `swamp_unsure` (unsure, `decide`; PH163)."""
    half = area.line_halfwidth(n, [s for g in segs.values() for s in g])
    tag = _photo_tag(n)
    shaded, sure = swamp > 0, None
    for m in dots:
        lines = segs.get(m.group, ())
        ev = area.dot_evidence(n, m.geom[0], m.geom[1], lines, half, ignore=shaded)
        hidden = dot_hidden(ev, n.sharpness)
        if _on(shaded, m.geom, n.pxmm):
            # at a shaded square's corner a line looks thick with its hatching; a dot
            # there still shows as ink beside the line (and no house stands there, RW4)
            ev = dict(ev, hidden=False, swamp_corner=True)
            if sure is None:
                sure = swamp == SURE_SWAMP
            if not _on(sure, m.geom, n.pxmm):
                seen = area.dot_evidence(n, m.geom[0], m.geom[1], lines, half, ignore=sure)
                alt = decide(m, dict(seen, hidden=dot_hidden(seen, n.sharpness)) | tag)
                if alt.state == MARKED or alt.unsure:
                    ev["swamp_unsure"] = True
        else:
            ev = dict(ev, hidden=hidden)
        readings[m.id] = decide(m, ev | tag)


def _on_marks(readings: dict[str, Reading], mark_map, group: str):
    """A test of points (frame mm): on a swamp square or within a house dot's reach
    (area.DOT_RADIUS of its point) read as marked with confidence, in this map."""
    cells = [m.geom for m in mark_map if m.group == group and m.kind == "cell"
             and readings[m.id].state == MARKED and not readings[m.id].unsure]
    dots = [m.geom[:2] for m in mark_map if m.group == group and m.kind == "dot"
            and readings[m.id].state == MARKED and not readings[m.id].unsure]

    def inside(pts: np.ndarray) -> np.ndarray:
        on = np.zeros(len(pts), bool)
        for x, y, w, h in cells:
            on |= (pts[:, 0] >= x) & (pts[:, 0] <= x + w) & (pts[:, 1] >= y) & (pts[:, 1] <= y + h)
        for x, y in dots:
            on |= np.hypot(pts[:, 0] - x, pts[:, 1] - y) <= area.DOT_RADIUS
        return on
    return inside


def scan_bytes(data: bytes, source: str = "the photo", sheet_id: SheetId | None = None,
               keep_image: bool = False, fitting: bool = False) -> ScanResult:
    """Scan a photo given as bytes. :raises UnreadablePhoto: with a one-line hint.
    `fitting` (calibration only) reads a blurred photo even where its marks' curves have
    no blurred fit yet."""
    t0 = time.perf_counter()
    rgb = decode(data, source)
    g = reg.grey(rgb)
    m = reg.detect_markers(g)
    if m.duplicates:
        raise UnreadablePhoto("more than one sheet is in the photo; photograph one sheet at a time")
    if not m.corners:
        raise _nothing_found(g)
    if m.side_px < 12:
        raise UnreadablePhoto("the sheet is too small in the photo; move closer")
    papers = [sheet_id.paper] if sheet_id else ["a4", "letter"]
    if sheet_id is not None:
        lay = _check_game(sheet_id)
        sid, H = _sheet_id(g, lay, _initial_fits(g, lay, m, papers), sheet_id)
    else:
        lay, sid, H = _find_layout(g, m, papers)
        lay2 = _check_game(sid)
        if lay2 != lay:   # the QR names another game: fit again with its marker boxes
            lay = lay2
            sid, H = _sheet_id(g, lay, _initial_fits(g, lay, m, [sid.paper]), sid)
    reader = games.reader(sid.game)
    scale = reg.min_scale(H, lay.frame_w, lay.frame_h)
    if scale < getattr(reader, "MIN_PXMM", MIN_PXMM):
        raise UnreadablePhoto(f"the sheet is too small in the photo ({scale:.1f} px per mm); move closer")
    e = expected(sid, PXMM)
    few = len(m.corners) < 3
    registration = reg.refine(g, H, e.dark, _features(sid), PXMM, lay.frame_w, lay.frame_h,
                              search_mm=7.0 if few else 2.5, extra=reg.marker_points(lay, m),
                              rounds=3 if few else 2)
    if registration.features < 12 or registration.error_mm > MAX_REG_MM:
        err = registration.error_mm
        raise UnreadablePhoto("the photo doesn't line up with the printed sheet"
                              + (f" ({err:.1f} mm off)" if np.isfinite(err) else "")
                              + "; lay the sheet flat and photograph it from above with all four corner markers in view")
    w = reg.warp(rgb, registration.H, lay.frame_w, lay.frame_h, PXMM)
    photo_pxmm = reg.min_scale(registration.H, lay.frame_w, lay.frame_h)
    tol = tolerance_for(photo_pxmm)
    et = expected(sid, PXMM, tol)
    paper = paper_blocks(tint_ratio(unit(w), et), et, et.paper, getattr(reader, "WHITE_BLOCK_MM", 1.0))
    shut = closed(paper, WHITE_CLOSE_MM, smooth=0)
    # the shadow stripes and the sharpness keep the white their thresholds and blurred
    # curves were fitted on: OpenCV's closing, a block off for an even kernel (PH138),
    # smoothed over a block
    fitted = closed(paper, WHITE_CLOSE_MM, smooth=0, exact=False)
    light = smoothed(fitted, 1.0)
    smooth = getattr(reader, "WHITE_SMOOTH", 1.0)
    white = full_size(smoothed(shut, smooth), w.shape)   # a game may smooth less (PH123)
    whites = None
    if smooth != 1.0 or not np.array_equal(shut.white, fitted.white):
        whites = (white, full_size(light, w.shape))
    n = normalise(w, et, lay.calibration, len(CALIBRATION_PATCHES), white)
    n.photo_pxmm = photo_pxmm
    n.planes["white"] = white
    n.sharpness = sharp = _sharpness(n, e.dark, whites)
    mark_map = reader.mark_map(sid)
    if sharp < MIN_SHARPNESS or (sharp < BLURRED and not (fitting or reads_blurred(mark_map))):
        raise UnreadablePhoto("the photo is too blurred to read the marks; hold the phone steady and let it focus")
    readings = read_marks(n, mark_map)
    if SHADOWS and getattr(reader, "SHADOW_CHECKS", False):
        readings = shadow.graded(n, _under_stripes(n, paper, light, et, mark_map, readings))
    if hasattr(reader, "settle"):
        read_as = {r.mark.id: r.state for r in readings}
        readings = reader.settle(readings, sid)
        # a state the rules gave against what the photo alone read is named as such
        readings = [replace(r, evidence={**r.evidence, "read_as": read_as[r.mark.id]})
                    if r.state != read_as[r.mark.id] else r for r in readings]
    states = {r.mark.id: r.state for r in readings}
    sheet = reader.to_sheet(sid, states)
    score = details = referee_error = None
    try:
        score, details = reader.referee(sheet)
    except SheetError as ex:
        referee_error = str(ex)
    cal = n.calib.to_dict() | {"sharpness": round(sharp, 3)}
    return ScanResult(source, sid, readings, sheet, score, details, referee_error, registration.error_mm,
                      sorted(m.corners), cal, time.perf_counter() - t0, n if keep_image else None)


def scan(path: Path, sheet_id: SheetId | None = None, keep_image: bool = False, fitting: bool = False) -> ScanResult:
    """Scan a photo file (see `scan_bytes`)."""
    return scan_bytes(read_bytes(path), str(path), sheet_id, keep_image, fitting)


__all__ = ["ScanResult", "scan", "scan_bytes", "UnreadablePhoto", "EMPTY", "MARKED"]
