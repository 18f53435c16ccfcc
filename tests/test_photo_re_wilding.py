"""Re-Wilding photo reading: crosses over printed boxes, colouring of thin icons, and the
template version in the QR (version 1 had a 24 mm QR; its sheets are refused, not misread)."""
from __future__ import annotations

import numpy as np
import pytest

from benchmarks.photogen.camera import Shot, photograph
from scorer.photo import decide, marks as area
from scorer.photo.errors import UnreadablePhoto
from scorer.photo.expected import expected
from scorer.photo.layout import layout
from scorer.photo.pipeline import scan_bytes
from sheets.sheetid import SheetId

from test_photo_stages import PX, REW, _line, _rew_marks, _rew_read, _scribble, _x

SHOT = Shot(megapixels=4.0, tilt_deg=10.0, rotation_deg=4.0, fill=0.88, blur=0.4, noise=2.0, quality=85,
            shadow=False, exif_rotate=0, landscape=False)


def _page_with_qr(sid: SheetId, payload: str, pxmm: float = 6.0) -> np.ndarray:
    from scorer.cli.raging_waters import build_pdf_or_svg
    from scorer.photo.games import re_wilding as rew
    from sheets.marks import qr_code
    from sheets.raster import pdf_pages
    draw, (x, y, w, _) = rew.page(sid), rew.LAYOUT().qr

    def with_qr(cv):
        draw(cv)
        qr_code(cv, x, y, w, payload)

    return np.asarray(pdf_pages(build_pdf_or_svg("pdf", sid.paper, [with_qr]), dpi=pxmm * 25.4)[0])


def test_a_sheet_of_the_old_template_version_is_refused_in_one_line(run, tmp_path):
    sid = SheetId("re-wilding", layout("re_wilding").version, "old", 1, "a4", "blank")
    old = SheetId("re-wilding", 1, "old", 1, "a4", "blank")
    assert layout("re_wilding").version >= 2 and old.version == 1
    jpeg, _, _ = photograph(_page_with_qr(sid, old.encode()), 6.0, SHOT, np.random.default_rng(3))
    with pytest.raises(UnreadablePhoto, match="template version 1"):
        scan_bytes(jpeg)
    f = tmp_path / "old.jpg"
    f.write_bytes(jpeg)
    r = run("scan", str(f))
    assert r.exit_code == 2 and "template version 1" in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_the_current_sheet_reads_its_qr_at_two_megapixels():
    """The 30 mm QR of template version 2 (version 1's 24 mm one failed most 1-3 MP photos)."""
    sid = SheetId("re-wilding", layout("re_wilding").version, "game-night", 3, "a4", "blank")
    shot = Shot(megapixels=2.0, tilt_deg=20.0, rotation_deg=30.0, fill=0.8, blur=0.6, noise=3.0, quality=70,
                shadow=False, exif_rotate=0, landscape=True)
    jpeg, _, _ = photograph(_page_with_qr(sid, sid.encode()), 6.0, shot, np.random.default_rng(4))
    assert scan_bytes(jpeg).sheet_id == sid


def test_a_cross_over_a_box_printed_filled_reads_crossed():
    marks = _rew_marks()
    img = (expected(REW, PX).rgb * 255).astype(np.uint8).copy()
    pre = [m for m in marks.values() if m.kind == "fillbox" and m.states[0] == "filled"]
    crossed, plain = pre[0], pre[1]
    x, y, w, h = crossed.geom
    _line(img, (x + 0.5, y + 0.5), (x + w - 0.5, y + h - 0.5), (20, 20, 20), 0.45)
    _line(img, (x + w - 0.5, y + 0.5), (x + 0.5, y + h - 0.5), (20, 20, 20), 0.45)
    got = _rew_read(img, [crossed.id, plain.id])
    assert got[crossed.id].state == "crossed"
    assert got[plain.id].state == "filled" and not got[plain.id].unsure


def test_a_tick_in_an_ability_box_is_filled_not_crossed():
    marks = _rew_marks()
    img = (expected(REW, PX).rgb * 255).astype(np.uint8).copy()
    m = next(m for m in marks.values() if m.kind == "fillbox" and m.states == ("empty", "filled", "crossed"))
    x, y, w, h = m.geom
    _line(img, (x + 0.2 * w, y + 0.55 * h), (x + 0.42 * w, y + 0.85 * h), (25, 25, 30), 0.45)
    _line(img, (x + 0.42 * w, y + 0.85 * h), (x + 0.9 * w, y + 0.1 * h), (25, 25, 30), 0.45)
    ev = area.region_evidence(_normalised(img), ((x, y), (x + w, y), (x + w, y + h), (x, y + h)), m.geom,
                              inset_mm=0.45)
    assert ev["cross"] < 0.2 and ev["ink"] > 0.05


def _normalised(img):
    from scorer.photo.normalise import normalise
    from sheets.marks import CALIBRATION_PATCHES
    lay = layout("re_wilding")
    return normalise(img, expected(REW, PX, 0.4), lay.calibration, len(CALIBRATION_PATCHES))


def test_a_thin_icon_coloured_in_pencil_shows_ink_mass_even_shifted():
    """A snake is a thin tube: little of its inside is clear of its printed lines, but the
    ink over the whole outline shows the colouring, wherever the fit puts the print."""
    marks = _rew_marks()
    snake = next(m for m in marks.values() if m.kind == "outline" and "snake" in m.label)
    img = (expected(REW, PX).rgb * 255).astype(np.uint8).copy()
    _scribble(img, snake.geom, (120, 120, 125), 0.5, spacing=0.6)
    shifted = np.roll(img, (2, -2), axis=(0, 1))       # 0.4 mm off: a registration error
    for im in (img, shifted):
        n = _normalised(im)
        coloured = area.ink_mass(n, snake.geom)["mass"]
        empty = area.ink_mass(n, marks[next(k for k in marks if k != snake.id and "snake" in marks[k].label)].geom)
        assert coloured > 0.5 > empty["mass"]


def test_a_black_cross_over_green_colouring_is_black():
    marks = _rew_marks()
    img = (expected(REW, PX).rgb * 255).astype(np.uint8).copy()
    _scribble(img, marks["sq-4-4-plant-1"].geom, (40, 150, 70), 0.9)
    _scribble(img, marks["sq-4-4-plant-2"].geom, (40, 150, 70), 0.9)
    _x(img, marks["sq-4-4-plant-1"])
    got = _rew_read(img, ["sq-4-4-plant-1", "sq-4-4-plant-2"])
    assert got["sq-4-4-plant-1"].state == "crossed"
    assert got["sq-4-4-plant-2"].state == "coloured"


def test_curves_split_at_one_resolution_each():
    # PH16: below 7 px/mm a black cross over a filled box or a printed icon is measured by
    # the matched filter, with its own curve; from 7 on only the per-sample test's curve
    # decides. Ink has its own split, at 4.5 px/mm.
    from scorer.photo.decide import bands, multi_kinds
    from scorer.photo.markmap import CROSSED, EMPTY, FILLED, Mark
    box = Mark("ab-mirror-3", "fillbox", (0, 0, 4.2, 4.2), (EMPTY, FILLED, CROSSED), "ability", "box")
    assert bands("cross", 6.9) == ["_low"] and bands("cross", 7.0) == [""]
    assert bands("ink", 4.4) == ["_low"] and bands("ink", 4.5) == [""]
    assert multi_kinds(box, {"photo_pxmm": 6.9}, "cross") == ["fillbox_cross_low"]
    assert multi_kinds(box, {"photo_pxmm": 7.1}, "cross") == ["fillbox_cross"]
    assert multi_kinds(box, {"photo_pxmm": 4.6}, "ink") == ["fillbox_ink"]


def _small_photo(img: np.ndarray, pxmm: float, quality: int = 75) -> np.ndarray:
    """The page as a phone takes it from afar: `pxmm` px per mm, a little blur, JPEG with
    colour at half resolution; scaled back to the reader's 5 px per mm."""
    import cv2
    f = pxmm / PX
    small = cv2.resize(cv2.GaussianBlur(img, (0, 0), 0.5 / f), None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
    ok, buf = cv2.imencode(".jpg", cv2.cvtColor(small, cv2.COLOR_RGB2BGR), [cv2.IMWRITE_JPEG_QUALITY, quality])
    back = cv2.cvtColor(cv2.imdecode(buf, cv2.IMREAD_COLOR), cv2.COLOR_BGR2RGB)
    return cv2.resize(back, (img.shape[1], img.shape[0]), interpolation=cv2.INTER_LINEAR)


def test_a_cross_over_a_filled_box_in_a_small_photo_darkens_both_diagonals():
    """PH16: at 3 px per mm a ballpoint cross over a box filled in blue ballpoint is a blurred
    pixel wide; averaged along both diagonals it still stands out, where colouring and a tick
    (one diagonal) do not."""
    marks = _rew_marks()
    boxes = [m for m in marks.values() if m.kind == "fillbox" and m.states == ("empty", "filled", "crossed")]
    filled, crossed, ticked = boxes[:3]
    img = (expected(REW, PX).rgb * 255).astype(np.uint8).copy()
    for m in (filled, crossed):
        x, y, w, h = m.geom
        _scribble(img, ((x, y), (x + w, y), (x + w, y + h), (x, y + h)), (35, 50, 150), 0.5, spacing=0.6)
    x, y, w, h = crossed.geom
    _line(img, (x + 0.3, y + 0.3), (x + w - 0.3, y + h - 0.3), (20, 20, 25), 0.45)
    _line(img, (x + w - 0.3, y + 0.3), (x + 0.3, y + h - 0.3), (20, 20, 25), 0.45)
    x, y, w, h = ticked.geom
    _line(img, (x + 0.2 * w, y + 0.55 * h), (x + 0.42 * w, y + 0.85 * h), (25, 25, 30), 0.45)
    _line(img, (x + 0.42 * w, y + 0.85 * h), (x + 0.9 * w, y + 0.1 * h), (25, 25, 30), 0.45)
    n = _normalised(_small_photo(img, 3.0))
    got = {m.id: area.cross_contrast(n, m.geom) for m in (filled, crossed, ticked)}
    # the fitted curve (calibration.json, fillbox_cross_low) has its midpoint near 0.12 and
    # its unsure band at about 0.03-0.21: this cross reads crossed (if not surely), the
    # filled and the ticked box surely not crossed
    assert got[crossed.id] > 0.15
    assert got[filled.id] < 0.0 and got[ticked.id] < 0.0


def test_small_photos_use_the_matched_filter_and_measure_box_crosses_against_the_sharpness():
    # PH16: below the split a cross is measured along its whole diagonals; over a box (filled
    # or printed filled) that contrast is divided by the photo's sharpness (PH18), over an
    # icon it is not; sharp photos keep the per-sample test
    from scorer.photo.decide import score_cross
    ev = {"cross": 0.1, "arms": 0.15, "black": 0.0, "sharpness": 0.3}
    assert score_cross(ev, "outline_cross_low") == 0.15
    assert score_cross(ev, "fillbox_cross_low") == score_cross(ev, "printbox_cross_low") == pytest.approx(0.5)
    assert score_cross(ev, "fillbox_cross") == score_cross(ev, "outline_cross") == score_cross(ev, "printbox_cross") == 0.1


def test_a_set_read_half_crossed_is_unsure_on_both_outlines():
    # RE14: a strike crosses a plant and the wildlife under it together; a photo that shows
    # one crossed and not the other has one reading wrong, and it can't tell which
    from scorer.photo.games.re_wilding import settle
    from scorer.photo.markmap import COLOURED, CROSSED, Reading
    marks = _rew_marks()
    rd = lambda mid, state: Reading(marks[mid], state, 0.999)  # noqa: E731
    got = {r.mark.id: r for r in settle([rd("sq-5-3-plant-2", COLOURED), rd("sq-5-3-wild-2", CROSSED),
                                         rd("sq-5-3-plant-1", CROSSED), rd("sq-5-3-wild-1", CROSSED),
                                         rd("sq-4-3-plant-1", COLOURED), rd("sq-4-3-wild-1", COLOURED)])}
    assert got["sq-5-3-plant-2"].unsure and got["sq-5-3-plant-2"].alternative == CROSSED
    assert got["sq-5-3-wild-2"].unsure and got["sq-5-3-wild-2"].alternative == COLOURED
    assert got["sq-5-3-plant-2"].state == COLOURED and got["sq-5-3-wild-2"].state == CROSSED
    assert not any(got[i].unsure for i in ("sq-5-3-plant-1", "sq-5-3-wild-1", "sq-4-3-plant-1", "sq-4-3-wild-1"))


def test_a_cross_over_a_dark_coloured_icon_in_a_small_photo_stands_above_its_sides():
    """PH16: heather coloured in blue ballpoint, at 3 px per mm: a black cross over it darkens
    both diagonals against the points beside them; colouring alone does not."""
    marks = _rew_marks()
    a, b = marks["sq-5-3-plant-1"], marks["sq-5-3-plant-2"]
    img = (expected(REW, PX).rgb * 255).astype(np.uint8).copy()
    for m in (a, b):
        _scribble(img, m.geom, (35, 50, 150), 0.5, spacing=0.6)
    x, y, w, h = b.box
    _line(img, (x + 0.5, y + 0.5), (x + w - 0.5, y + h - 0.5), (20, 20, 25), 0.45)
    _line(img, (x + w - 0.5, y + 0.5), (x + 0.5, y + h - 0.5), (20, 20, 25), 0.45)
    n = _normalised(_small_photo(img, 3.0))
    crossed, coloured = area.cross_contrast(n, b.box, area.ICON_ARMS), area.cross_contrast(n, a.box, area.ICON_ARMS)
    # the fitted curve's unsure band is about 0.07-0.26 (calibration.json, outline_cross_low)
    assert crossed > 0.26 and coloured < 0.07


def test_a_pencil_tick_in_a_small_photo_has_a_core_of_strong_ink():
    """PH16: at 3 px per mm a grey pencil tick, broken by the pencil's grain, still has a
    core at twice the ink threshold, and the small photos' curve reads it filled; an empty
    box has no such core and reads empty."""
    from scorer.photo.decide import probability, score_ink
    marks = _rew_marks()
    boxes = [m for m in marks.values() if m.kind == "fillbox" and m.states == ("empty", "filled", "crossed")]
    ticked, empty = boxes[0], boxes[2]
    img = (expected(REW, PX).rgb * 255).astype(np.uint8).copy()
    x, y, w, h = ticked.geom
    for (x0, y0), (x1, y1) in (((0.2, 0.55), (0.42, 0.85)), ((0.42, 0.85), (0.9, 0.1))):
        for t in np.arange(0.0, 1.0, 0.1):     # dashes: about half the stroke left on paper
            p0 = (x + (x0 + (x1 - x0) * t) * w, y + (y0 + (y1 - y0) * t) * h)
            p1 = (x + (x0 + (x1 - x0) * (t + 0.05)) * w, y + (y0 + (y1 - y0) * (t + 0.05)) * h)
            _line(img, p0, p1, (110, 110, 118), 0.45)
    n = _normalised(_small_photo(img, 3.0))
    ev = {}
    for m in (ticked, empty):
        bx, by, bw, bh = m.geom
        ev[m.id] = area.region_evidence(n, ((bx, by), (bx + bw, by), (bx + bw, by + bh), (bx, by + bh)), m.geom,
                                        inset_mm=0.45)
    assert ev[ticked.id]["strong"] > 0.5 and ev[empty.id]["strong"] == 0.0
    assert probability("fillbox_ink_low", score_ink(ev[ticked.id])) > 0.99
    assert probability("fillbox_ink_low", score_ink(ev[empty.id])) < 0.01


def test_boxes_are_scored_by_their_strong_core_or_three_quarters_of_their_inked_share():
    # PH16, with cases from generated photos: a pencil fill in a 3.6 MP bench photo
    # (re-wilding-100045, inked 0.57, strong core 0.61) reads filled; a highlighter's edge
    # straying into an empty calendar box (calibration photo re-wilding-200180, inked 0.38,
    # no core) is not read surely filled; JPEG's colour blotches in an empty hunger box of a
    # sharp 5 MP photo (bench photo re-wilding-100183, inked 0.20, no core) read empty
    from scorer.photo.decide import probability, score_ink
    assert score_ink({"ink": 0.4, "strong": 0.6}) == 0.6
    assert score_ink({"ink": 0.63, "strong": 0.05}) == pytest.approx(0.4725)
    assert score_ink({"mass": 0.3, "ink": 0.9, "strong": 0.9}) == 0.3      # outlines: their ink mass
    assert probability("fillbox_ink_low", score_ink({"ink": 0.566, "strong": 0.61})) > 0.99
    assert probability("fillbox_ink", score_ink({"ink": 0.201, "strong": 0.0})) < 0.02
    assert probability("fillbox_ink_low", score_ink({"ink": 0.384, "strong": 0.0})) < 0.99


def test_colour_noise_on_plain_paper_is_no_ink_but_a_highlighter_is():
    """PH22: JPEG keeps colour at half resolution, in blotches a few pixels across that lift
    plain paper over the chroma threshold here and there (an empty hunger box of bench photo
    re-wilding-100183 read 26 % inked). Colour is smoothed like darkness (SMOOTH_MM) before
    it is scored: blotches next to plain paper average out; a highlighter's stroke does not."""
    marks = _rew_marks()
    boxes = [m for m in marks.values() if m.kind == "fillbox" and m.states == ("empty", "filled")]
    noisy, lit = boxes[0], boxes[3]
    img = (expected(REW, PX).rgb * 255).astype(np.uint8).copy()
    x, y, w, h = noisy.geom
    r0, r1, c0, c1 = round(y * PX) + 2, round((y + h) * PX) - 2, round(x * PX) + 2, round((x + w) * PX) - 2
    for r in range(r0, r1, 2):                     # 2 x 2 px yellowish blotches (Lab b* 14)
        for c in range(c0, c1, 2):
            if (r // 2 + c // 2) % 2:
                img[r:r + 2, c:c + 2] = (255, 250, 222)
    x, y, w, h = lit.geom
    img[round(y * PX) + 2:round((y + h) * PX) - 2, round(x * PX) + 2:round((x + w) * PX) - 2] = (250, 240, 120)
    n = _normalised(img)
    ev = {m.id: area.region_evidence(n, ((m.geom[0], m.geom[1]), (m.geom[0] + m.geom[2], m.geom[1]),
                                         (m.geom[0] + m.geom[2], m.geom[1] + m.geom[3]),
                                         (m.geom[0], m.geom[1] + m.geom[3])), m.geom, inset_mm=0.45)
          for m in (noisy, lit)}
    assert ev[noisy.id]["ink"] < 0.05 and ev[lit.id]["ink"] > 0.6


def test_thin_icons_are_coloured_on_ink_curves_of_their_own(monkeypatch):
    """PH23: a snake's or a bullrush's colouring is read on its own ink curves (its crosses
    on the outlines'), once all three are fitted; a snake coloured in yellow highlighter in
    a small photo (fresh photo re-wilding-230132, ink mass 0.28 at 3.3 px/mm) is not read
    confidently empty, as the curve fitted on all icons read it (p = 0.9965)."""
    from scorer.photo import decide
    marks = _rew_marks()
    snake, fish, bullrush = marks["sq-5-1-wild-1"], marks["sq-4-1-wild-1"], marks["sq-3-1-plant-1"]
    assert snake.icon == "snake" and fish.icon == "fish" and bullrush.icon == "bullrush"
    small = {"photo_pxmm": 3.3}
    assert decide.multi_kinds(bullrush, small, "ink") == ["bullrush_ink_low"]
    assert decide.multi_kinds(snake, small, "ink") == ["snake_ink_low"]
    assert decide.multi_kinds(snake, {"blurred": True, "photo_pxmm": 3.3}, "ink") == ["snake_ink_blur"]
    assert decide.multi_kinds(snake, small, "cross") == ["outline_cross_low"]
    assert decide.multi_kinds(fish, small, "ink") == ["outline_ink_low"]
    # (that mass was its chroma, 0.279 thresholds, with no darkness: since PH45 chroma
    # counts CHROMA_WEIGHT times, and the snake now favours coloured)
    from scorer.photo.marks import CHROMA_WEIGHT
    assert decide.probability("outline_ink_low", CHROMA_WEIGHT * 0.279) < 0.5 < \
        decide.probability("snake_ink_low", CHROMA_WEIGHT * 0.279)
    # PH26: nor at 0.261 (fresh photo re-wilding-240181, 2.2 px/mm) confidently empty, as the
    # curve at the outlines' floor read it (p = 0.9922); the thin icons' curves are at least
    # THIN_INK_SCALE wide. (Fitted on 1,600 photos, whose empty snakes reach 0.449, the curve
    # leaves it unsure, p = 0.39, where the 800-photo fit favoured coloured.)
    assert decide.probability("snake_ink_low", CHROMA_WEIGHT * 0.261) > 1 - decide.CONFIDENT
    from benchmarks.calibrate_photo import THIN_INK_SCALE
    for icon in decide.OWN_INK_CURVES:
        for band in ("", "_low", decide.BLUR):
            assert decide.params()[f"{icon}_ink{band}"]["scale"] >= THIN_INK_SCALE
    # without all three of its curves fitted, a snake falls back on the outlines'
    params = {k: v for k, v in decide.params().items() if k != "snake_ink_blur"}
    monkeypatch.setattr(decide, "params", lambda: params)
    assert decide.multi_kinds(snake, small, "ink") == ["outline_ink_low"]


def test_the_blurred_box_cross_curve_is_no_steeper_than_its_floor():
    # PH36, fresh photo re-wilding-250115: a filled box in a blurred 1.7 MP photo scored
    # 0.345 for a cross and read crossed at p = 0.9997 on a curve at the shared floor
    from benchmarks.calibrate_photo import MIN_SCALE
    assert MIN_SCALE["fillbox_cross_blur"] >= 0.04 > MIN_SCALE["fillbox_cross"]
    assert decide.params()["fillbox_cross_blur"]["scale"] >= MIN_SCALE["fillbox_cross_blur"]
    assert decide.probability("fillbox_cross_blur", 0.345) < decide.CONFIDENT   # that box: unsure
