"""Blurred photos (ruling PH18): read on curves fitted on blurred photos, refused only where
no such curve exists or below the sharpness floor."""
from __future__ import annotations

import pytest

from scorer.photo import decide
from scorer.photo.decide import BLUR, curve, multi_kinds, reads_blurred, score_cross
from scorer.photo.markmap import CROSSED, EMPTY, FILLED, MARKED, Mark

BOX = Mark("ab-mirror-3", "fillbox", (0, 0, 4.2, 4.2), (EMPTY, FILLED, CROSSED), "ability", "box")
PRINTED = Mark("ab-mirror-1", "fillbox", (0, 0, 4.2, 4.2), (FILLED, CROSSED), "ability", "box")
DOT = Mark("aquaterra/house/1,1", "dot", (10.0, 10.0), (EMPTY, MARKED), "aquaterra", "dot")


@pytest.fixture
def no_blurred_curves(monkeypatch):
    """The shipped parameters less every blurred curve (a game not yet fitted on blur)."""
    kept = {k: v for k, v in decide.params().items() if not k.endswith(BLUR)}
    monkeypatch.setattr(decide, "params", lambda: kept)


@pytest.mark.parametrize("game", ["re-wilding", "raging-waters"])
def test_both_sheets_have_blurred_curves_for_every_mark(game):
    # benchmarks/calibrate_photo.py BLUR_GAMES; Raging Waters' extra fitting set draws its
    # camera blur from the top of the generator's range (BLUR_RANGE), as its sheets seldom blur
    from sheets.sheetid import SheetId
    from scorer.photo import games
    reader = games.reader(game)
    sid = SheetId(game, reader.LAYOUT().version, "blur", 1, "a4", "blank")
    assert reads_blurred(reader.mark_map(sid))


def test_blurred_evidence_picks_the_blurred_curve():
    assert curve("outline_ink", {"blurred": True}) == "outline_ink_blur"
    assert curve("outline_ink", {}) == "outline_ink"
    assert curve("dot", {"blurred": True}) == "dot_blur"
    # a blurred photo's box has one curve, whatever its resolution
    assert multi_kinds(BOX, {"blurred": True, "photo_pxmm": 8.0}, "cross") == ["fillbox_cross_blur"]
    assert multi_kinds(BOX, {"blurred": True, "photo_pxmm": 3.0}, "ink") == ["fillbox_ink_blur"]
    assert multi_kinds(PRINTED, {"blurred": True, "photo_pxmm": 3.0}, "cross") == ["printbox_cross_blur"]


def test_without_a_blurred_fit_the_sharp_curve_decides_and_the_photo_is_refused(no_blurred_curves):
    # calibration scans blurred photos before their curves exist (`fitting`); a reader of
    # such a game refuses them (pipeline: sharpness under BLURRED and not reads_blurred)
    assert curve("dot", {"blurred": True}) == "dot"
    assert multi_kinds(BOX, {"blurred": True, "photo_pxmm": 3.0}, "cross") == ["fillbox_cross_low"]
    assert not reads_blurred([DOT]) and not reads_blurred([BOX])


def test_a_cross_in_a_blurred_photo_is_measured_against_the_contrast_the_photo_kept():
    # the matched filter's contrast over the share of printed edge contrast left (sharpness)
    ev = {"cross": 0.0, "arms": 0.05, "black": 0.0, "sharpness": 0.2, "blurred": True}
    assert score_cross(ev, "fillbox_cross_blur") == pytest.approx(0.25)
    assert score_cross(ev, "printbox_cross_blur") == pytest.approx(0.25)
    assert score_cross(ev, "outline_cross_blur") == pytest.approx(0.25)
    # icons in photos that are small but not blurred keep the raw contrast
    assert score_cross(ev, "outline_cross_low") == pytest.approx(0.05)
    # over flat print too: the per-sample test loses crosses there in blurred photos (the
    # reason blurred photos were refused before PH18)
    assert score_cross(ev, "printbox_cross") == 0.0


def test_a_cross_the_blur_halved_still_reads_crossed_and_flat_print_does_not():
    # PH18 on the fitted curve: a cross over a printed box at sharpness 0.15 keeps about a
    # sixth of its contrast; print with no cross has none along its diagonals
    crossed = {"cross": 0.0, "arms": 0.09, "black": 0.0, "sharpness": 0.15, "blurred": True}
    flat = {"cross": 0.0, "arms": 0.0, "black": 0.0, "sharpness": 0.15, "blurred": True}
    x_c, x_f = score_cross(crossed, "printbox_cross_blur"), score_cross(flat, "printbox_cross_blur")
    assert decide.probability("printbox_cross_blur", x_c) >= decide.CONFIDENT
    assert decide.probability("printbox_cross_blur", x_f) <= 1 - decide.CONFIDENT


def test_a_blurred_raging_waters_photo_is_read_with_no_confident_wrong_mark():
    # 2 MP with 1.8 px of blur: sharpness about 0.15, between the floor (0.12) and BLURRED
    from benchmarks.photogen import make_sample
    from benchmarks.photogen.camera import Shot
    from scorer.photo.pipeline import scan_bytes
    shot = Shot(megapixels=2.0, tilt_deg=20.0, rotation_deg=12.0, fill=0.8, blur=1.8, noise=2.5, quality=72,
                shadow=False, exif_rotate=0, landscape=False)
    sample = make_sample(9101, "raging-waters", setup="blank", shot=shot)
    r = scan_bytes(sample.jpeg, "blurred.jpg")
    assert 0.12 <= r.calibration["sharpness"] < decide.BLURRED
    assert all(x.evidence.get("blurred") for x in r.readings)
    wrong = [x.mark.id for x in r.readings if not x.unsure and x.state != sample.truth[x.mark.id]]
    assert wrong == []
    assert sum(not x.unsure for x in r.readings) > 0.9 * len(r.readings)


def test_in_a_blurred_photo_a_drawn_line_through_a_dots_place_may_hide_a_dot():
    # blur thickens a line as much as a dot on it (a house under a berm read confidently
    # empty at 1.4 and 1.9 MP before this): such a place reads unsure, not empty
    from scorer.photo.pipeline import dot_hidden
    crossed = {"hidden": False, "band_thickness": 0.9}
    clear = {"hidden": False, "band_thickness": 0.0}
    assert dot_hidden(crossed, sharpness=0.18)
    assert not dot_hidden(crossed, sharpness=0.6)     # sharp: only a line thicker than a line
    assert not dot_hidden(clear, sharpness=0.18)
    assert dot_hidden({"hidden": True, "band_thickness": 1.5}, sharpness=0.6)
    empty = decide.decide(DOT, {"mass": 0.0, "thickness": 0.0, "visible": 1.0, "hidden": True,
                                "blurred": True, "sharpness": 0.18})
    assert empty.unsure


def test_the_blurred_berm_curve_is_no_steeper_than_the_sharp_one():
    # PH32, fresh photo raging-waters-240150: with the fitting photos' classes apart the fit
    # took the shared floor (0.025) and read a faint blurred berm scoring 0.42 empty at
    # p = 0.996. The floor of its own holds in the fit and in the shipped curve
    from benchmarks.calibrate_photo import MIN_SCALE
    assert MIN_SCALE["line_blur"] >= 0.06 > MIN_SCALE["line"]
    assert decide.params()["line_blur"]["scale"] >= MIN_SCALE["line_blur"]
    assert decide.probability("line_blur", 0.42) > 1 - decide.CONFIDENT   # that berm: unsure
