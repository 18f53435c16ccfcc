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


@pytest.mark.parametrize("game, reads", [("re-wilding", True), ("raging-waters", False)])
def test_re_wilding_reads_blurred_photos_and_raging_waters_refuses_them(game, reads):
    # benchmarks/calibrate_photo.py BLUR_GAMES: Raging Waters' few blurred fitting photos
    # gave curves that read a house and a swamp on the bench confidently wrong
    from sheets.sheetid import SheetId
    from scorer.photo import games
    reader = games.reader(game)
    sid = SheetId(game, reader.LAYOUT().version, "blur", 1, "a4", "blank")
    assert reads_blurred(reader.mark_map(sid)) is reads


def test_blurred_evidence_picks_the_blurred_curve():
    assert curve("outline_ink", {"blurred": True}) == "outline_ink_blur"
    assert curve("outline_ink", {}) == "outline_ink"
    assert curve("dot", {"blurred": True}) == "dot"      # no blurred fit: see reads_blurred
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


def test_a_blurred_raging_waters_photo_is_refused_as_too_blurred_and_read_only_when_fitting():
    # 2 MP with 1.8 px of blur: sharpness about 0.15, between the floor (0.12) and BLURRED
    from benchmarks.photogen import make_sample
    from benchmarks.photogen.camera import Shot
    from scorer.photo.errors import UnreadablePhoto
    from scorer.photo.pipeline import scan_bytes
    shot = Shot(megapixels=2.0, tilt_deg=20.0, rotation_deg=12.0, fill=0.8, blur=1.8, noise=2.5, quality=72,
                shadow=False, exif_rotate=0, landscape=False)
    jpeg = make_sample(9101, "raging-waters", setup="rolled", shot=shot).jpeg
    with pytest.raises(UnreadablePhoto, match="too blurred"):
        scan_bytes(jpeg, "blurred.jpg")
    sharpness = scan_bytes(jpeg, "blurred.jpg", fitting=True).calibration["sharpness"]
    assert 0.12 <= sharpness < decide.BLURRED
