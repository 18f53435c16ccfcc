"""Shadow stripes (ruling PH19): a stripe of shadow narrower than the paper-white closing
must not read as filled boxes. What a small closing calls light and the 7 mm one calls
ink is a shadow where it runs on over the plain paper, and the marks it crosses are unsure;
fills, which stay within their marks, are left alone."""
from __future__ import annotations

import cv2
import numpy as np
import pytest

from benchmarks.photogen.camera import Shot, photograph
from scorer.photo import games, pipeline, shadow
from scorer.photo.expected import expected
from scorer.photo.layout import layout
from scorer.photo.markmap import COLOURED, CROSSED, EMPTY, FILLED, Mark, Reading
from scorer.photo.normalise import closed, paper_blocks, tint_ratio, unit
from scorer.photo.pipeline import scan_bytes
from sheets.paper import PAPERS
from sheets.sheetid import SheetId

from test_photo_re_wilding import _page_with_qr

PX = 6.0
SHOT = Shot(megapixels=2.6, tilt_deg=10.0, rotation_deg=4.0, fill=0.88, blur=0.5, noise=2.0, quality=85,
            shadow=False, exif_rotate=0, landscape=False)
SID = SheetId("re-wilding", layout("re_wilding").version, "shade", 1, "a4", "blank")
MARKS = {m.id: m for m in games.reader("re-wilding").mark_map(SID)}


def _stripe(h: int, w: int, pxmm: float, through: tuple[float, float], angle_deg: float, sigma_mm: float,
            depth: float, origin: tuple[float, float] = (0.0, 0.0)) -> np.ndarray:
    """The light under a soft straight shadow through a frame point (mm): HxW factors."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32) / pxmm
    a = np.deg2rad(angle_deg)
    dist = (xx - origin[0] - through[0]) * np.sin(a) - (yy - origin[1] - through[1]) * np.cos(a)
    return 1.0 - depth * np.exp(-0.5 * (dist / sigma_mm) ** 2)


def _centre(mark_id: str) -> tuple[float, float]:
    x, y, w, h = MARKS[mark_id].geom
    return x + w / 2, y + h / 2


@pytest.fixture(scope="module")
def striped_photo() -> bytes:
    """A blank sheet under a pen's shadow (4.7 mm across at half depth, 30 % deep) that
    crosses the calendar, the hunger rows and the protection boxes."""
    page = _page_with_qr(SID, SID.encode(), PX)
    lay = layout("re_wilding")
    origin = ((PAPERS["a4"].width - lay.frame_w) / 2, (PAPERS["a4"].height - lay.frame_h) / 2)
    light = _stripe(page.shape[0], page.shape[1], PX, _centre("hunger-snake-3"), 60.0, 2.0, 0.3, origin)
    jpeg, _, _ = photograph((page * light[..., None]).round().astype(np.uint8), PX, SHOT, np.random.default_rng(5))
    return jpeg


def _marked(readings, confident: bool = True) -> list[str]:
    return [r.mark.id for r in readings if r.state != r.mark.states[0] and not (confident and r.unsure)]


def test_a_shadow_stripe_over_a_blank_sheet_reads_no_confident_mark(striped_photo, monkeypatch):
    got = scan_bytes(striped_photo).readings
    assert _marked(got) == []
    # the stripe doubts hunger-snake-3 (read filled); the box before it is empty with
    # confidence, so the row's order settles it empty, the runner-up the doubt named (PH109)
    snake = {r.mark.id: r for r in got}["hunger-snake-3"]
    assert snake.evidence["shadow"] > 0.1 and snake.state == EMPTY and not snake.unsure
    assert "hunger-snake-2 before it is empty" in snake.evidence["ruled_out"]
    # without the check the stripe reads as a run of filled boxes, and some of them break
    # their rows' order (PH54 then makes them unsure as well)
    monkeypatch.setattr(pipeline, "SHADOWS", False)
    doubted = [r.mark.id for r in scan_bytes(striped_photo).readings if "order_broken" in r.evidence]
    assert "hunger-snake-3" in doubted
    from scorer.photo.games import re_wilding
    monkeypatch.setattr(re_wilding, "doubt_orders", lambda readings: readings)
    first = _marked(scan_bytes(striped_photo).readings)
    assert "hunger-snake-3" in first and len(first) >= 5


def test_the_tip_of_a_shadow_reads_no_confident_mark():
    """A large shadow (30 % deep, edges blurred 1 mm) narrowing to a 20 degree tip at the
    hunger rows: the 7 mm closing cuts the tip off, the plain paper's white keeps it. (Since
    boxes are scored by their strong core at every resolution, PH16, the tip leaves no box
    filled even without the stripe check; the stripe test above still needs it.)"""
    page = _page_with_qr(SID, SID.encode(), PX)
    lay = layout("re_wilding")
    ox, oy = (PAPERS["a4"].width - lay.frame_w) / 2, (PAPERS["a4"].height - lay.frame_h) / 2
    cx, cy = _centre("hunger-snake-3")
    tip = np.array([(cx + ox) * PX, (cy + oy) * PX])
    reach = 150 * PX
    corners = [tip] + [tip + reach * np.array([np.cos(np.deg2rad(a)), np.sin(np.deg2rad(a))]) for a in (190, 210)]
    m = np.zeros(page.shape[:2], np.float32)
    cv2.fillPoly(m, [np.array(corners, np.int32)], 1.0)
    m = cv2.GaussianBlur(m, (0, 0), 1.0 * PX)
    jpeg, _, _ = photograph((page * (1 - 0.3 * m)[..., None]).round().astype(np.uint8), PX, SHOT,
                            np.random.default_rng(5))
    assert _marked(scan_bytes(jpeg).readings) == []


def test_a_sharp_shadow_edge_across_a_box_leaves_it_empty(monkeypatch):
    """PH123, judge photo re-wilding-620083: a shadow's sharp edge (half depth, penumbra
    0.3 mm) runs down the boxes' left sides in the last column of the ability rows. The
    edge lies under the printed borders, where the paper white is filled in from both
    sides; smoothed over a block on top of that, it runs on into the boxes, whose shaded
    paper then reads as faint fills. Smoothed over half a block the boxes read empty; so
    they do once the white's closing no longer sits a block off (PH138)."""
    page = _page_with_qr(SID, SID.encode(), PX)
    lay = layout("re_wilding")
    ox = (PAPERS["a4"].width - lay.frame_w) / 2
    x0 = round((MARKS["ab-reroll-6"].geom[0] + ox + 0.3) * PX)
    m = np.zeros(page.shape[:2], np.float32)
    m[:, x0:] = 1.0
    m = cv2.GaussianBlur(m, (0, 0), 0.3 * PX)
    jpeg, _, _ = photograph((page * (1 - 0.5 * m)[..., None]).round().astype(np.uint8), PX, SHOT,
                            np.random.default_rng(5))
    column = [f"ab-{a}-6" for a in ("mirror", "flip", "reroll", "plusminus")]

    def read() -> dict[str, Reading]:
        return {r.mark.id: r for r in scan_bytes(jpeg).readings if r.mark.id in column}

    assert all(r.state == EMPTY and not r.unsure for r in read().values())
    from scorer.photo import normalise
    from scorer.photo.games import re_wilding
    monkeypatch.setattr(re_wilding, "WHITE_SMOOTH", 1.0)   # as before PH123
    # the exact closing (PH138) alone keeps them empty too
    assert [i for i, r in read().items() if r.evidence["probs"][FILLED] > 0.5] == []
    # with OpenCV's closing, a block off, as before PH138 too, the photo reads them filled
    # (PH131's row odds may settle them empty after)
    monkeypatch.setattr(normalise, "closing", lambda img, k: cv2.morphologyEx(img, cv2.MORPH_CLOSE, k))
    assert [i for i, r in read().items() if r.evidence["probs"][FILLED] > 0.5] == column


def _frame(light: np.ndarray | None = None, fills: tuple[str, ...] = ()) -> tuple[np.ndarray, object]:
    """The flattened blank sheet (paper at 90 %), with `fills` pencilled solid grey."""
    e = expected(SID, pipeline.PXMM, 0.6)
    frame = e.rgb * 230.0
    for mid in fills:
        x, y, w, h = MARKS[mid].geom
        p = pipeline.PXMM
        frame[round((y + 0.6) * p):round((y + h - 0.6) * p), round((x + 0.6) * p):round((x + w - 0.6) * p)] *= 0.55
    if light is not None:
        frame = frame * light[..., None]
    return frame.round().astype(np.uint8), e


def _striped(rgb: np.ndarray, e) -> dict[str, float]:
    w = unit(rgb)
    mark_map = list(MARKS.values())
    marks = shadow.markable(mark_map, e.paper.shape, e.pxmm)
    paper = paper_blocks(tint_ratio(w, e), e, e.paper, 0.6)
    return shadow.striped(mark_map, *shadow.stripes(paper, closed(paper, 7), e, marks)[:2])


def test_a_stripe_is_found_along_its_length_and_nowhere_else():
    e = expected(SID, pipeline.PXMM, 0.6)
    h, w = e.paper.shape
    cx, cy = _centre("hunger-snake-3")
    rgb, _ = _frame(_stripe(h, w, pipeline.PXMM, (cx, cy), 60.0, 2.0, 0.3))
    found = _striped(rgb, e)
    assert found.get("hunger-snake-3", 0.0) > 0.1
    a = np.deg2rad(60.0)
    far = [m.id for m in MARKS.values() if m.kind == "fillbox"
           and abs((_centre(m.id)[0] - cx) * np.sin(a) - (_centre(m.id)[1] - cy) * np.cos(a)) > 12]
    assert far and not set(far) & set(found)


def test_a_faint_stripe_over_the_ability_boxes_is_found():
    # PH58, judge photo re-wilding-350142 (examples/photos/shadow-tip.jpg): a shadow's tip
    # taking 7.9 % of the white off the paper beside the boxes read ab-flip-6 filled; a
    # stripe 12.5 % deep at its middle takes 7.7 % off the 1 mm blocks of plain paper
    e = expected(SID, pipeline.PXMM, 0.6)
    h, w = e.paper.shape
    rgb, _ = _frame(_stripe(h, w, pipeline.PXMM, _centre("ab-flip-6"), 60.0, 1.5, 0.125))
    found = _striped(rgb, e)
    assert shadow.STRIPE <= found.get("ab-flip-6", 0.0) < 0.08


def test_fills_in_a_row_of_boxes_are_no_stripe():
    # a run of filled hunger boxes is as dark and as long as a shadow, but stays in its boxes
    rgb, e = _frame(fills=tuple(f"hunger-snake-{i}" for i in range(1, 8)) + ("ab-mirror-2", "ab-mirror-3"))
    assert _striped(rgb, e) == {}


BOX = Mark("hunger-snake-3", "fillbox", (0, 0, 4.2, 4.2), (EMPTY, FILLED), "hunger", "box")
PRINTED = Mark("ab-mirror-1", "fillbox", (0, 0, 4.2, 4.2), (FILLED, CROSSED), "ability", "box")


def test_doubt_makes_only_confident_marked_readings_unsure():
    out = shadow.doubt([Reading(BOX, FILLED, 0.999), Reading(BOX, EMPTY, 0.999), Reading(PRINTED, FILLED, 0.99),
                        Reading(PRINTED, CROSSED, 0.99)], {BOX.id: 0.2, PRINTED.id: 0.2})
    assert out[0].unsure and out[0].alternative == EMPTY and out[0].confidence <= 0.5
    assert out[0].evidence["shadow"] == 0.2
    assert not out[1].unsure                       # a shadow only adds darkness: empty stays
    assert not out[2].unsure                       # a box printed filled read as printed
    assert out[3].unsure and out[3].alternative == FILLED
    assert not shadow.doubt([Reading(BOX, FILLED, 0.999)], {})[0].unsure




def test_a_fainter_stripe_doubts_only_a_box_read_filled_on_faint_ink():
    # PH126, judge re-wilding-640025 (5.6 MP): a shadow's soft edge, 7.4 % deep over the
    # paper (under STRIPE), down the first hunger column; three empty boxes read filled at
    # p = 1.0 on strong shares of 0.10-0.14. Marked boxes under such stripes show 0.62 and more
    s = 0.074
    assert shadow.DEPTH <= s < shadow.STRIPE
    faint = Reading(BOX, FILLED, 0.9999, evidence={"strong": 0.12})
    dark = Reading(BOX, FILLED, 0.9999, evidence={"strong": 0.65})
    coloured = Reading(ICON, COLOURED, 0.999, evidence={"mass_chroma": 0.1})
    out = shadow.doubt([faint, dark, coloured], {BOX.id: s, ICON.id: s})
    assert out[0].unsure and out[0].alternative == EMPTY
    assert not out[1].unsure and not out[2].unsure
    # past STRIPE every confident marked reading is doubted, as before (PH19, PH58)
    assert all(r.unsure for r in shadow.doubt([dark, coloured], {BOX.id: 0.08, ICON.id: 0.08}))


def test_a_stripe_fainter_than_stripe_is_found_for_the_faint_check():
    e = expected(SID, pipeline.PXMM, 0.6)
    h, w = e.paper.shape
    rgb, _ = _frame(_stripe(h, w, pipeline.PXMM, _centre("ab-flip-6"), 60.0, 1.5, 0.09))
    found = _striped(rgb, e)
    assert shadow.DEPTH <= found.get("ab-flip-6", 0.0) < shadow.STRIPE

ICON = Mark("sq-1-1-plant-1", "outline", ((0, 0), (5, 0), (5, 5)), (EMPTY, COLOURED, CROSSED), "sq-1-1", "icon")


def test_a_shadow_gives_no_colour_so_a_colourful_outline_stays_coloured():
    # re-wilding-250014: a stripe over a row of icons coloured in felt-tip and ballpoint
    # (chroma 1.3-1.6) left all of them unsure; grey pencil colouring could be the shadow
    ev = {"mass_chroma": shadow.COLOURED_CHROMA + 0.8}
    out = shadow.doubt([Reading(ICON, COLOURED, 0.999, evidence=ev),
                        Reading(ICON, COLOURED, 0.999, evidence={"mass_chroma": 0.02}),
                        Reading(ICON, CROSSED, 0.999, evidence=ev)], {ICON.id: 0.1})
    assert not out[0].unsure
    assert out[1].unsure and out[1].alternative == EMPTY
    assert out[2].unsure           # a cross is dark, and a shadow adds darkness


def test_a_shadow_draws_no_cross_so_a_box_crossed_with_clear_arms_stays_crossed():
    # PH44, fresh photos re-wilding-240093 and -250180: crossed boxes under a stripe (arms
    # 0.63-0.72 against the paper beside them) read unsure; boxes not crossed reach 0.06
    out = shadow.doubt([Reading(PRINTED, CROSSED, 0.999, evidence={"arms": 0.65}),
                        Reading(PRINTED, CROSSED, 0.999, evidence={"arms": 0.06}),
                        Reading(BOX, FILLED, 0.999, evidence={"arms": 0.65})], {PRINTED.id: 0.2, BOX.id: 0.2})
    assert not out[0].unsure and out[0].state == CROSSED
    assert out[1].unsure and out[1].alternative == FILLED
    assert out[2].unsure                 # arms say nothing of a fill


def test_a_blurred_crossed_box_keeps_its_cross_under_a_stripe_from_a_lower_bar():
    # PH167, judge re-wilding-1050076 (2.2 MP, 2.5 px per mm, blurred): the crossed
    # prot-flood-1 under a stripe 0.125 deep showed arms of 0.27, under the 0.3 outlines
    # need (empty ones reach 0.17), and read unsure; boxes not crossed reach 0.06
    box = Mark("prot-flood-1", "fillbox", (0, 0, 4.6, 4.6), (EMPTY, FILLED, CROSSED), "prot-flood")
    out = shadow.doubt([Reading(box, CROSSED, 0.999, evidence={"arms": 0.271}),
                        Reading(box, CROSSED, 0.999, evidence={"arms": 0.06}),
                        Reading(ICON, CROSSED, 0.999, evidence={"arms": 0.271})], {box.id: 0.125, ICON.id: 0.125})
    assert not out[0].unsure and out[0].state == CROSSED
    assert out[1].unsure and out[1].alternative == EMPTY
    assert out[2].unsure                 # an outline still needs CROSSED_ARMS


FISH = Mark("sq-4-1-wild-1", "outline", ((12, 12), (20, 12), (20, 20), (12, 20)), (EMPTY, COLOURED, CROSSED),
            "sq-4-1", "fish", icon="fish")


def _inside(fill) -> "Normalised":
    """A 32 x 32 mm sheet at 5 px per mm, the darkness (dark thresholds) inside FISH given
    by `fill(x_mm, y_mm)`."""
    from scorer.photo.normalise import Calibration, Normalised
    cal = Calibration((0.0, 1.0), (0.0, 1.0), 0.01, 1.0, True, 0.1, 8.0)
    p, size = 5.0, 160
    yy, xx = np.mgrid[0:size, 0:size] / p
    dark = np.where((xx >= 12) & (xx < 20) & (yy >= 12) & (yy < 20), fill(xx, yy), 0.0) * cal.dark_threshold
    z = np.zeros((size, size), np.float32)
    norm = np.repeat(np.clip(1.0 - dark, 0.0, 1.0)[..., None], 3, axis=2).astype(np.float32)
    return Normalised(p, norm, dark.astype(np.float32), z, z, z,
                      np.ones((size, size), bool), cal, sat=z, printed=z)


def test_an_outline_darkened_from_one_side_is_unsure():
    # PH70, fresh judge re-wilding-400066 (6.6 MP): a shadow's tip over an empty fish, inside
    # the grid where no stripe shows on plain paper, read coloured at p = 1.0 (0.57 per mm)
    tip = _inside(lambda x, y: np.clip(4.0 - 1.0 * (x - 12), 0, None))     # dark left, paper right (0.51)
    assert shadow.gradient(tip, FISH) > shadow.GRADIENT
    out = shadow.graded(tip, [Reading(FISH, COLOURED, 0.9999, evidence={"mass_chroma": 0.01}),
                              Reading(FISH, COLOURED, 0.9999, evidence={"mass_chroma": 1.2})])
    assert out[0].unsure and out[0].alternative == EMPTY and out[0].evidence["shadow_edge"] >= shadow.GRADIENT
    assert not out[1].unsure            # a colour no shadow gives


def test_pencil_strokes_across_an_outline_are_even_colouring():
    # hatching: strokes and gaps finer than a millimetre, even across the outline
    pencil = _inside(lambda x, y: 2.0 + 1.5 * np.sin(2 * np.pi * (x + y) / 0.8))
    assert shadow.gradient(pencil, FISH) < 0.1
    assert not shadow.graded(pencil, [Reading(FISH, COLOURED, 0.9999, evidence={"mass_chroma": 0.0})])[0].unsure


def _under(dark: float, sat: float = 0.0) -> "Normalised":
    """A 32 x 32 mm sheet at 5 px per mm whose inside of FISH is `dark` (share of the white)
    with colour `sat` (Lab a*b*), printed nowhere."""
    n = _inside(lambda x, y: 0.0)
    inside = np.zeros(n.norm.shape[:2], bool)
    inside[60:100, 60:100] = True
    n.norm[inside] = 1.0 - dark
    n.sat = np.where(inside, sat, 0.0).astype(np.float32)
    return n


def test_a_mark_darker_than_any_stripe_makes_it_stays_marked():
    # PH73, fresh photo re-wilding-370053 (6.5 MP): two boxes pencilled grey, inside 0.31 and
    # 0.38 of the white dark, under a stripe 0.104 deep, read unsure; empty marks under a
    # stripe reach 1.76 times its depth
    s = 0.104
    coloured = Reading(FISH, COLOURED, 0.9999, evidence={"mass_chroma": 0.01})
    assert shadow.inked(_under(0.314), [coloured], {FISH.id: s}) == {FISH.id}
    assert shadow.inked(_under(1.76 * s), [coloured], {FISH.id: s}) == set()
    out = shadow.doubt([coloured], {FISH.id: s}, {FISH.id})
    assert not out[0].unsure
    assert shadow.doubt([coloured], {FISH.id: s}, set())[0].unsure


def test_an_outline_coloured_in_lighter_strokes_under_a_stripe_shows_ink_no_stripe_gives():
    # PH204, judges re-wilding-2160149 and -2280177: grey pencil on a squirrel and two plants
    # under stripes 0.24-0.31 deep, textures 1.46-1.59, read unsure; empty outlines reach 0.94
    # under stripes, and a stripe's tone gave an empty box 1.19
    s = 0.236
    strokes = _box_ink(lambda x, y: np.where((x + y) % 1.4 < 0.5, 3.0, 0.0))
    assert shadow.OUTLINE_TEXTURE <= shadow.box_texture(strokes, FISH) < shadow.TICK_TEXTURE
    coloured = Reading(FISH, COLOURED, 0.9999, evidence={"mass_chroma": 0.02})
    assert shadow.inked(strokes, [coloured], {FISH.id: s}) == {FISH.id}
    # a box so textured stays doubted: its bar is PH133's
    box = Mark("ab-flip-6", "fillbox", (12.0, 12.0, 8.0, 8.0), (EMPTY, FILLED, CROSSED), "ab-flip")
    assert shadow.box_texture(strokes, box) < shadow.TICK_TEXTURE
    assert shadow.inked(strokes, [Reading(box, FILLED, 0.9999, evidence={"strong": 0.67})], {box.id: s}) == set()
    # lighter still, as empty outlines under stripes: doubted
    faint = _box_ink(lambda x, y: np.where((x + y) % 1.4 < 0.5, 2.0, 0.0))
    assert shadow.box_texture(faint, FISH) < shadow.OUTLINE_TEXTURE
    assert shadow.inked(faint, [coloured], {FISH.id: s}) == set()


def test_a_mark_darker_than_its_stripe_nearby_stays_marked_whatever_the_stripe_reaches_far_off():
    # PH203, judge re-wilding-2280147 (3.0 MP): a box pencilled solid grey (inside 0.34) beside
    # a band 0.05-0.065 deep within 12 mm, doubted on the 0.19 the band reaches 20 mm away
    filled = Reading(FISH, COLOURED, 0.9999, evidence={"mass_chroma": 0.01})
    n = _under(0.343)
    assert shadow.inked(n, [filled], {FISH.id: 0.189}) == set()
    assert shadow.inked(n, [filled], {FISH.id: 0.189}, {FISH.id: 0.065}) == {FISH.id}
    # an empty mark's inside under its stripe (1.76 times the stripe, PH73) stays doubted
    assert shadow.inked(_under(1.76 * 0.065), [filled], {FISH.id: 0.189}, {FISH.id: 0.065}) == set()


def _ramp(h: int, w: int, pxmm: float, through: tuple[float, float], angle_deg: float, sigma_mm: float,
          depths: tuple[float, float], span_mm: tuple[float, float]) -> np.ndarray:
    """As `_stripe`, its depth rising from depths[0] to depths[1] between span_mm along it."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32) / pxmm
    a = np.deg2rad(angle_deg)
    dist = (xx - through[0]) * np.sin(a) - (yy - through[1]) * np.cos(a)
    t = (xx - through[0]) * np.cos(a) + (yy - through[1]) * np.sin(a)
    depth = depths[0] + (depths[1] - depths[0]) * np.clip((t - span_mm[0]) / (span_mm[1] - span_mm[0]), 0, 1)
    return 1.0 - depth * np.exp(-0.5 * (dist / sigma_mm) ** 2)


def _near_and_whole(light: np.ndarray, mark_id: str) -> tuple[float, float]:
    rgb, e = _frame(light)
    mark_map = list(MARKS.values())
    marks = shadow.markable(mark_map, e.paper.shape, e.pxmm)
    paper = paper_blocks(tint_ratio(unit(rgb), e), e, e.paper, 0.6)
    d, level, near = shadow.stripes(paper, closed(paper, 7), e, marks)
    found = shadow.striped(mark_map, d, level)
    return shadow.nearby(mark_map, near, found)[mark_id], found[mark_id]


def test_a_stripe_is_measured_near_a_mark_where_its_plain_paper_comes_near():
    # PH203: a band 10 % deep over hunger-snake-3 deepening to 35 % from 12 to 30 mm along it,
    # as a cast shadow's soft edge does; the whole stripe is as deep as its deepest plain
    # paper, near the box it is as faint as it is there. A uniform stripe shows about its
    # own depth near the box too.
    e = expected(SID, pipeline.PXMM, 0.6)
    h, w = e.paper.shape
    at = _centre("hunger-snake-3")
    near, whole = _near_and_whole(_ramp(h, w, pipeline.PXMM, at, 60.0, 2.0, (0.1, 0.35), (12, 30)), "hunger-snake-3")
    assert whole > 0.2 and 0.04 < near < 0.08
    near, whole = _near_and_whole(_stripe(h, w, pipeline.PXMM, at, 60.0, 2.0, 0.3), "hunger-snake-3")
    assert near > 0.8 * whole > 0.1


def test_a_colour_no_stripe_gives_keeps_a_mark_marked():
    # PH73, fresh judge re-wilding-250014 (7.9 MP): a box filled in felt-tip (a*b* 25) under a
    # stripe; empty marks under stripes show at most 2.8
    s = 0.078
    filled = Reading(FISH, COLOURED, 0.9999)
    assert shadow.inked(_under(0.1, sat=24.9), [filled], {FISH.id: s}) == {FISH.id}
    assert shadow.inked(_under(0.1, sat=2.8), [filled], {FISH.id: s}) == set()
    # marks read empty or already unsure, or under no stripe, are not measured
    assert shadow.inked(_under(0.5), [Reading(FISH, EMPTY, 0.9999)], {FISH.id: s}) == set()
    assert shadow.inked(_under(0.5), [Reading(FISH, COLOURED, 0.9, unsure=True)], {FISH.id: s}) == set()
    assert shadow.inked(_under(0.5), [filled], {}) == set()


def _box_ink(fill) -> "Normalised":
    """As `_inside`, with the ink scores (dark thresholds) the darkness gives."""
    n = _inside(fill)
    n.ink = (n.dark / n.calib.dark_threshold).astype(np.float32)
    return n


def test_a_tick_under_a_stripe_shows_strokes_no_stripe_gives():
    # PH133, judge photos re-wilding-500173 (5.2 MP: ab-flip-6 ticked under a stripe 0.145
    # deep, texture 2.16) and 500061 (12 MP: two calendar ticks, 2.17 and 2.35), read unsure
    # at p = 0.5; an empty box whose fill a stripe's edge fakes shows 1.19 at most
    box, s = Mark("ab-flip-6", "fillbox", (12.0, 12.0, 4.6, 4.6), (EMPTY, FILLED, CROSSED), "ab-flip"), 0.145
    filled = Reading(box, FILLED, 0.9999, evidence={"strong": 0.67})
    ticked = _box_ink(lambda x, y: 1.4 * _tick(x, y))       # a ballpoint tick, 7 thresholds
    assert shadow.box_texture(ticked, box) >= shadow.TICK_TEXTURE
    assert shadow.inked(ticked, [filled], {box.id: s}) == {box.id}
    # a sharp shadow edge 3 thresholds deep across the box, an even tone, a pencil scribble:
    # the stripe may be all that darkens them (a scribble stays unsure as before)
    for fill in (lambda x, y: 3.0 / (1 + np.exp(-(x - 14.3) / 0.2)), lambda x, y: 2.0 + 0 * x,
                 lambda x, y: 2.0 + 1.5 * np.sin(2 * np.pi * (x + y) / 0.8)):
        n = _box_ink(fill)
        assert shadow.box_texture(n, box) < 0.8
        assert shadow.inked(n, [filled], {box.id: s}) == set()


def test_an_outline_coloured_in_strokes_under_a_stripe_shows_ink_no_stripe_gives():
    # PH164, judge photo re-wilding-1000195 (3.6 MP): two plants coloured in grey pencil
    # (colourless, insides 0.35-0.39 under a stripe 0.192 deep) read unsure at p = 0.5;
    # their strokes give a texture of 1.93 and 2.03, empty outlines under stripes 0.94 at most
    s = 0.192
    coloured = Reading(FISH, COLOURED, 0.9999, evidence={"mass_chroma": 0.06})
    strokes = _box_ink(lambda x, y: np.where((x + y) % 1.4 < 0.5, 4.0, 0.0))
    assert shadow.box_texture(strokes, FISH) >= shadow.TICK_TEXTURE
    assert shadow.inked(strokes, [coloured], {FISH.id: s}) == {FISH.id}
    assert not shadow.doubt([coloured], {FISH.id: s}, {FISH.id})[0].unsure
    # an even tone, or a shadow's edge across it, as dark: the stripe may give it
    for fill in (lambda x, y: 2.0 + 0 * x, lambda x, y: 3.0 / (1 + np.exp(-(x - 16) / 0.2))):
        n = _box_ink(fill)
        assert shadow.box_texture(n, FISH) < 0.5
        assert shadow.inked(n, [coloured], {FISH.id: s}) == set()


# --- PH112: ink run in from beside a box ----------------------------------------------------
BOX = Mark("prot-fire-2", "fillbox", (12.0, 12.0, 4.6, 4.6), (EMPTY, FILLED, CROSSED), "prot-fire")
PRINTED_BOX = Mark("prot-fire-1", "fillbox", (12.0, 12.0, 4.6, 4.6), (FILLED, CROSSED), "prot-fire")


def _tick(x, y):
    """A tick's stroke, 0.5 mm wide, as the photo generator draws it in BOX."""
    pts = [(12 + 0.2 * 4.6, 12 + 0.55 * 4.6), (12 + 0.42 * 4.6, 12 + 0.85 * 4.6), (12 + 0.9 * 4.6, 12 + 0.1 * 4.6)]
    d = np.full(np.shape(x), np.inf)
    for (ax, ay), (bx, by) in zip(pts, pts[1:]):
        t = np.clip(((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2), 0, 1)
        d = np.minimum(d, np.hypot(x - ax - t * (bx - ax), y - ay - t * (by - ay)))
    return np.where(d < 0.25, 5.0, 0.0)


def _run_in(x, y):
    """520044's prot-fire-2: 5.1 dark thresholds at the inside's left falling 1.26 per mm
    (mean 2.8), with blotches of 0.9 (residuals 0.23 of the mean)."""
    return 5.67 - 1.26 * (x - 12) + 0.9 * np.sin(2 * np.pi * (x + y) / 0.8)


def test_a_box_darkened_smoothly_from_one_side_is_unsure():
    # PH112, fresh judge re-wilding-520044 (2.5 MP, blurred): a crossed neighbour's overrun,
    # blurred, greyed the empty prot-fire-2 from the left; read filled at p = 0.995 (its
    # plane: slope 0.46 of the mean per mm, residuals 0.24 of it)
    run_in = _inside(_run_in)
    assert 0.42 < shadow.smear(run_in, BOX) < 0.5
    out = shadow.graded(run_in, [Reading(BOX, FILLED, 0.995, evidence={"blurred": True, "score": 0.58})])
    assert out[0].unsure and out[0].alternative == EMPTY and out[0].state == FILLED
    assert out[0].smeared and "from one side" in out[0].why
    # the rules may lift the doubt as they lift a shadow's: only blank is in question (PH109)
    from scorer.photo.games.re_wilding import shadowed
    assert shadowed(out[0])


def test_a_tick_or_a_scribble_in_a_box_is_no_smear():
    # a tick slopes too (0.4 of its mean on the corpus), but as a stroke: its residuals are
    # 0.42 of the mean and more where it slopes past SMEAR_SLOPE
    tick = _inside(_tick)
    assert shadow.smear(tick, BOX) is None
    scribble = _inside(lambda x, y: 4.0 + 2.0 * np.sin(2 * np.pi * (x + y) / 0.8))
    assert shadow.smear(scribble, BOX) is None
    flat = _inside(lambda x, y: 3.0 + 0 * x)
    assert shadow.smear(flat, BOX) is None
    assert not shadow.graded(tick, [Reading(BOX, FILLED, 0.9999, evidence={"blurred": True, "score": 0.6})])[0].unsure


def test_only_a_confident_filled_box_the_player_fills_in_a_blurred_photo_is_measured_for_a_smear():
    run_in = _inside(_run_in)
    blur = {"blurred": True, "score": 0.58}
    printed = Reading(PRINTED_BOX, FILLED, 0.9999, evidence=blur)     # printed filled: only a cross is the player's
    empty = Reading(BOX, EMPTY, 0.9999, evidence=blur)
    unsure = Reading(BOX, FILLED, 0.8, unsure=True, alternative=EMPTY, evidence=blur)
    # a sharp photo shows a stroke run in as a stroke, while a pencil fill may slope smoothly
    # (fitting photo re-wilding-200112, 1.7 MP: a filled squirrel box at 0.48)
    sharp = Reading(BOX, FILLED, 0.9999, evidence={"score": 0.58})
    # a box its ink fills (score 0.8 or more) is the player's fill, however it slopes: blurred
    # fresh photos re-wilding-340083 and 460059 (1.2-1.6 MP): 1.0 and 0.92, sloping 0.51-0.53
    full = Reading(BOX, FILLED, 0.9999, evidence={"blurred": True, "score": 0.92})
    keep = [printed, empty, unsure, sharp, full]
    assert shadow.graded(run_in, keep) == keep


def test_the_sharpness_is_measured_as_against_the_white_smoothed_over_a_block():
    """PH123: a game's white may be smoothed less, but the photo's sharpness (which refuses
    a photo under 0.12 and picks the blurred curves under 0.22) is measured as if normalised
    by the white those thresholds were fitted on. A photo at 0.1199 (re-wilding-370080,
    2.2 MP) rose to 0.1200 against the finer white and was read, with eight faint ticks
    confidently empty."""
    from types import SimpleNamespace
    rng = np.random.default_rng(3)
    edark = np.zeros((80, 80), np.float32)
    edark[20:60, 38:42] = 0.9                                     # a printed rule
    raw = (0.9 - 0.6 * edark)[..., None] * np.ones(3, np.float32) + rng.normal(0, 0.01, (80, 80, 3)).astype(np.float32)
    xx = np.linspace(0.6, 1.0, 80, dtype=np.float32)[None, :, None]
    fine = np.broadcast_to(0.9 * xx, raw.shape).copy()            # a shadow's edge, kept
    smooth = np.broadcast_to(0.9 * np.sqrt(xx), raw.shape).copy()  # ... and smoothed
    on_fine = pipeline._sharpness(SimpleNamespace(norm=raw / fine), edark, (fine, smooth))
    on_smooth = pipeline._sharpness(SimpleNamespace(norm=raw / smooth), edark)
    assert on_fine == pytest.approx(on_smooth, rel=1e-5)
    assert pipeline._sharpness(SimpleNamespace(norm=raw / fine), edark) != pytest.approx(on_smooth, rel=1e-3)
