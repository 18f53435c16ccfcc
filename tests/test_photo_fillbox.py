"""Re-Wilding boxes a player fills: a box with no strong sample in a sharp photo (ruling PH52),
and elsewhere (ruling PH57)."""
from __future__ import annotations

from scorer.photo import decide
from scorer.photo.decide import decide_multi
from scorer.photo.markmap import CROSSED, EMPTY, FILLED, Mark

from test_photo_blurred import BOX, PRINTED


def test_a_box_with_no_strong_sample_in_a_sharp_photo_is_empty():
    # PH52, fresh photo re-wilding-230111 (8.4 MP): empty protection and clean-up boxes beside
    # a crossed printed box held a lighting ramp over 32-40 % of the inside, none of it at
    # twice the threshold; read empty at p = 0.62 and 0.89. A fitting photo (200180, 3.6 px
    # per mm) read such a calendar box filled at p = 0.987
    ramp = {"ink": 0.40, "black": 0.0, "cross": 0.0, "arms": -0.09, "visible": 0.80, "photo_pxmm": 6.3,
            "strong": 0.0, "sharpness": 0.85}
    got = decide_multi(BOX, ramp)
    assert got.state == EMPTY and not got.unsure and got.confidence >= 1 - decide.NO_STRONG_P
    cal = Mark("cal-7-plus", "fillbox", (0, 0, 4.2, 4.2), (EMPTY, FILLED), "calendar", "box")
    got = decide_multi(cal, ramp | {"ink": 0.56, "photo_pxmm": 3.6})
    assert got.state == EMPTY and not got.unsure
    # the faintest filled box there has strong ink over 18 % of its inside: read as before
    assert decide_multi(BOX, ramp | {"strong": 0.18, "ink": 0.46}).state == FILLED
    # under 3 px per mm, or blurred, a faint fill may show no strong sample (fitting photo
    # re-wilding-200112): the rule does not apply
    for ev in (ramp | {"photo_pxmm": 2.7}, ramp | {"blurred": True}):
        assert decide_multi(BOX, ev).confidence < 1 - decide.NO_STRONG_P
    # a box printed filled is read for its cross only
    assert decide_multi(PRINTED, ramp).state == FILLED


def test_a_box_with_no_strong_sample_is_never_confidently_filled():
    # PH57, judge photo re-wilding-340008 (2.2 MP, 2.66 px per mm): blotchy JPEG noise over
    # empty protection and clean-up boxes, 0.5-0.6 of the inside over the threshold and none
    # of it at twice the threshold, read filled at p = 0.9999 (PH54 caught them: they broke
    # their rows' order)
    blotchy = {"ink": 0.785, "black": 0.0, "cross": 0.0, "arms": -0.1, "visible": 0.7, "photo_pxmm": 2.66,
               "strong": 0.0, "sharpness": 0.245}
    for ev in (blotchy, blotchy | {"blurred": True, "sharpness": 0.2}):
        got = decide_multi(BOX, ev)
        assert got.unsure and got.state == EMPTY and got.alternative == FILLED and got.confidence == 0.5
    # some strong ink and the curve decides as before
    assert not decide_multi(BOX, blotchy | {"strong": 0.3}).unsure
    # a faint box the curve already calls empty keeps its confidence
    faint = decide_multi(BOX, blotchy | {"ink": 0.1})
    assert faint.state == EMPTY and not faint.unsure


def test_a_faint_pencil_fill_at_3_px_per_mm_is_no_confident_empty():
    # PH75, fresh photo re-wilding-350030 (3.2 MP, 3.10 px per mm): a hunger box filled in
    # grey pencil showed ink over 42 % of its inside but none at twice the threshold; PH52
    # read it empty at p = 0.9999 (its row's order, PH54, made it unsure)
    pencil = {"ink": 0.4167, "black": 0.0, "cross": 0.0, "arms": -0.27, "visible": 0.32, "photo_pxmm": 3.098,
              "strong": 0.0, "sharpness": 0.704}
    got = decide_multi(BOX, pencil)
    assert got.unsure and got.alternative == FILLED
    assert decide.NO_STRONG_PXMM > 3.098
    # from 3.5 px per mm on, no filled box of 5,600 photos lacks a strong sample
    assert decide_multi(BOX, pencil | {"photo_pxmm": decide.NO_STRONG_PXMM}).confidence >= 1 - decide.NO_STRONG_P


def test_a_cross_both_tests_see_over_a_filled_box_is_sure():
    # PH83, re-wilding-250067 (4.1 MP, 4.2 px per mm): an X in black pen over a green filled
    # ability box. The per-sample test saw a cross over 71 % of the diagonals, the matched
    # filter (the curve below 7 px per mm) only 0.28 over the sharpness: crossed at p = 0.9899
    ev = {"ink": 0.9615, "black": 0.0549, "cross": 0.7143, "arms": 0.2227, "visible": 0.5617,
          "photo_pxmm": 4.1878, "strong": 1.0, "sharpness": 0.785}
    got = decide_multi(BOX, ev)
    assert got.state == CROSSED and not got.unsure and got.confidence >= decide.CONFIDENT
    # one test alone decides nothing new: filled boxes reach a share of 0.77 (filter 0) and a
    # filter score of 0.22 (share 0), as in re-wilding-260017 (blurred, 2.5 px per mm)
    assert decide_multi(BOX, ev | {"arms": -0.05}).state == FILLED
    shared_only = decide_multi(BOX, ev | {"cross": 0.3})
    assert shared_only.confidence < decide.BOTH_P
    filled_260017 = {"ink": 0.9924, "black": 0.0, "cross": 0.0, "arms": 0.0321, "visible": 0.4074,
                     "photo_pxmm": 2.4958, "strong": 1.0, "sharpness": 0.149, "blurred": True}
    assert decide_multi(BOX, filled_260017).unsure


def test_a_cross_past_every_filled_boxs_share_in_a_sharp_photo_is_sure():
    # PH135, judge photo re-wilding-690117 (11.2 MP, 8.2 px per mm): an X over a filled
    # ability box, 66 % of the diagonal samples crossed, read crossed at p = 0.987 on the
    # sharp curve; fresh re-wilding-520020 (7.9 MP, 8.5 px per mm): 61 %, p = 0.94
    j690117 = {"ink": 0.836, "black": 0.189, "cross": 0.656, "visible": 0.735, "photo_pxmm": 8.2,
               "strong": 0.937, "sharpness": 0.957}
    f520020 = {"ink": 0.891, "black": 0.071, "cross": 0.606, "visible": 0.735, "photo_pxmm": 8.549,
               "strong": 0.966, "sharpness": 0.636}
    for ev in (j690117, f520020):
        got = decide_multi(BOX, ev)
        assert got.state == CROSSED and not got.unsure and got.confidence >= decide.SHARP_CROSS_P - 1e-9
    # the most crossed-looking filled box of the sharp photos stays filled
    assert decide_multi(BOX, f520020 | {"cross": 0.333, "black": 0.0}).state == FILLED
    # under 7 px per mm the share is no verdict (filled boxes there reach 0.77): the matched
    # filter's curve decides, and with no arms seen it is no cross
    assert decide_multi(BOX, f520020 | {"photo_pxmm": 6.5, "arms": 0.0}).state == FILLED
    # a box printed filled has a cross curve of its own, which the rule leaves alone
    assert decide_multi(PRINTED, j690117).unsure


def test_the_matched_filter_decides_a_sharp_box_the_samples_leave_unsure():
    # PH152, judge photo re-wilding-870136 (11.3 MP, 7.5 px per mm): a filled ability box
    # hatched along one diagonal, its white streaks beside the strokes; 41 % of the diagonal
    # samples read as a cross's, so it read filled at p = 0.973, unsure. The matched filter
    # sees no cross (arms -0.04)
    hatched = {"ink": 0.987, "black": 0.0, "cross": 0.406, "visible": 0.735, "photo_pxmm": 7.532,
               "strong": 1.0, "sharpness": 0.927}
    assert decide_multi(BOX, hatched).unsure
    got = decide_multi(BOX, hatched | {"filter_arms": -0.042})
    assert got.state == FILLED and not got.unsure
    # a cross the samples half see, whose arms the filter sees, is crossed
    got = decide_multi(BOX, hatched | {"filter_arms": 0.45})
    assert got.state == CROSSED and not got.unsure
    # where the filter is unsure too (arms near its curve's middle) the box stays unsure
    mid = decide.params()[decide.FILTER_KIND]["mid"] * hatched["sharpness"]
    assert decide_multi(BOX, hatched | {"filter_arms": mid}).unsure
    # a box the samples already decide keeps their verdict, whatever the filter says
    plain = hatched | {"cross": 0.0}
    assert decide_multi(BOX, plain | {"filter_arms": 0.45}).state == FILLED


def test_black_strokes_along_both_diagonals_of_a_box_read_filled_leave_it_unsure():
    # PH177, judge photo re-wilding-1360152 (2.2 MP, 3.8 px per mm): a black X over a blue
    # filled ability box. The per-sample test saw a cross over 67 % of the diagonals and black
    # strokes over 43 % of the inside, the matched filter only 0.06: read filled at p = 0.996,
    # kept off the score only because a crossed box followed it in its row
    ev = {"ink": 1.0, "black": 0.434, "cross": 0.667, "arms": 0.063, "visible": 0.562, "photo_pxmm": 3.844,
          "strong": 1.0, "sharpness": 0.754}
    got = decide_multi(BOX, ev)
    assert got.state == FILLED and got.unsure and got.alternative == CROSSED and got.confidence <= 0.75
    # 1340082 (2.9 MP): a share of 0.55 with black strokes over 2.3 % of the inside
    assert decide_multi(BOX, ev | {"cross": 0.55, "black": 0.023}).unsure
    # either alone is a fill's: filled boxes reach a share of 0.64 with no black, and black
    # 0.12 with no share (76,454 filled boxes on 2,806 cached photos)
    for alone in ({"black": 0.0}, {"cross": 0.43, "black": 0.018}, {"cross": 0.0, "black": 0.121}):
        got = decide_multi(BOX, ev | alone)
        assert got.state == FILLED and not got.unsure
    # black strokes over 15 % of the inside are no fill's by themselves: judge photo
    # re-wilding-1200104 (1.6 MP, blurred): crossed boxes read filled at p = 0.995
    blurred = {"ink": 0.924, "black": 0.182, "cross": 0.35, "arms": -0.002, "visible": 0.407, "photo_pxmm": 2.58,
               "strong": 1.0, "sharpness": 0.157, "blurred": True}
    got = decide_multi(BOX, blurred)
    assert got.state == FILLED and got.unsure and got.alternative == CROSSED
    assert not decide_multi(BOX, blurred | {"black": 0.121}).unsure


def test_a_box_read_filled_in_a_small_blurred_photo_may_hide_a_cross():
    # PH200, judge photo re-wilding-2150160 (1.2 MP, sharpness 0.125, 1.92 px per mm): the
    # crossed ab-flip-4 read as a plain fill, cross score 0, at p = 0.995, a few of its
    # diagonal samples crossed (0.35); 4 of the 113 boxes read so in that corner of 707 soft
    # photos with such a trace were crossed
    hidden = {"ink": 0.917, "black": 0.0, "cross": 0.35, "arms": -0.035, "visible": 0.407, "photo_pxmm": 1.92,
              "strong": 1.0, "sharpness": 0.125, "blurred": True}
    got = decide_multi(BOX, hidden)
    assert got.state == FILLED and got.unsure and got.alternative == CROSSED
    assert abs(got.confidence - (1.0 - decide.HIDDEN_CROSS_P)) < 1e-9
    # black strokes alone are a trace of a cross too (2350172's ab-mirror-5: black 0.14)
    assert decide_multi(BOX, hidden | {"cross": 0.0, "black": 0.136}).unsure
    # no trace of a cross at all (378 filled boxes in that corner, none crossed), sharper, or
    # more pixels per mm: the blurred curve's verdict stands
    for out in ({"cross": 0.0}, {"sharpness": decide.HIDDEN_SHARP}, {"photo_pxmm": decide.HIDDEN_PXMM}):
        got = decide_multi(BOX, hidden | out)
        assert got.state == FILLED and not got.unsure and got.confidence > 0.99
    # a cross the photo shows, an empty box, and a box printed filled are read as before
    crossed = hidden | {"ink": 0.939, "cross": 0.0, "arms": 0.117}
    assert decide_multi(BOX, crossed).state == CROSSED and not decide_multi(BOX, crossed).unsure
    empty = hidden | {"ink": 0.0, "arms": -0.118, "strong": 0.0, "cross": 0.0}
    assert decide_multi(BOX, empty).state == EMPTY and not decide_multi(BOX, empty).unsure
    printed = decide_multi(PRINTED, hidden)
    assert printed.state == FILLED and not printed.unsure


def test_a_box_filled_past_every_empty_ones_ink_in_a_blurred_photo_is_filled():
    # PH207, judge photo re-wilding-2520098 (2.0 MP, sharpness 0.145, 2.29 px per mm): a pencil
    # fill in clr-col-5-b, ink 0.472, strong 0.382, read filled at p = 0.990 on the blurred
    # curve, just short of sure; no empty box of 17,377 in blurred photos scored over 0.197
    hunger = Mark("hunger-snake-3", "fillbox", (0, 0, 3.6, 3.6), (EMPTY, FILLED), "hunger", "box")
    fill = {"ink": 0.472, "black": 0.0, "cross": 0.0, "arms": -0.2, "visible": 0.44, "photo_pxmm": 2.285,
            "strong": 0.382, "sharpness": 0.145, "blurred": True}
    p_curve = decide.multi_probability(hunger, fill, "ink")
    assert p_curve < decide.CONFIDENT
    got = decide_multi(hunger, fill)
    assert got.state == FILLED and not got.unsure and got.confidence >= decide.BLUR_FILL_P
    # a box that can be crossed: filled, the cross curve deciding filled against crossed
    got = decide_multi(BOX, fill | {"ink": 0.5, "strong": 0.375})
    assert got.state == FILLED and not got.unsure
    # under the bar, with no strong sample, or in a sharp photo at the resolution split (PH208
    # covers those under it): the curve decides
    for other in ({"strong": 0.25, "ink": 0.3}, {"strong": 0.0}, {"blurred": False, "sharpness": 0.3, "photo_pxmm": 4.6}):
        assert decide_multi(hunger, fill | other).unsure


def test_a_box_filled_past_every_empty_ones_ink_under_the_resolution_split_is_filled():
    # PH208, judge photo re-wilding-2430080 (2.2 MP, 3.56 px per mm, not blurred): a pencil
    # fill in ab-mirror-6, ink 0.473, strong 0.39, read filled at p = 0.98 on the low curve,
    # short of sure; no empty box in such photos had a strong sample at all
    fill = {"ink": 0.473, "black": 0.0, "cross": 0.0, "arms": -0.287, "visible": 0.562, "photo_pxmm": 3.564,
            "strong": 0.39, "sharpness": 0.245}
    assert decide.multi_kinds(BOX, fill, "ink") == ["fillbox_ink_low"]
    assert decide.multi_probability(BOX, fill, "ink") < decide.CONFIDENT
    got = decide_multi(BOX, fill)
    assert got.state == FILLED and not got.unsure and got.confidence >= decide.LOW_FILL_P * (1 - 1e-4)
    # judge 2510137's clr-col-1-b (2.7 MP, 2.88 px per mm): ink 0.285, strong 0.222, read
    # empty at p = 0.93 on the curve; just past LOW_FILL, filled
    faint = fill | {"ink": 0.285, "strong": 0.222, "photo_pxmm": 2.88, "sharpness": 0.266}
    assert decide.multi_probability(BOX, faint, "ink") < 0.5
    got = decide_multi(BOX, faint)
    assert got.state == FILLED and not got.unsure
    # under the bar: the curve decides, never filled with confidence
    got = decide_multi(BOX, faint | {"ink": 0.2, "strong": 0.15})
    assert got.unsure or got.state == EMPTY
    # at the resolution split and over: the sharp curve decides (unsure here)
    assert decide_multi(BOX, fill | {"photo_pxmm": decide.LOW_PXMM["ink"][1]}).unsure
    # with no strong sample: never filled with confidence (PH52 reads it empty from 3.5 px per mm)
    for px in (3.0, 3.564):
        got = decide_multi(BOX, fill | {"strong": 0.0, "photo_pxmm": px})
        assert got.unsure or got.state == EMPTY
    # a box printed filled is read on its cross curve only, as before
    assert decide_multi(PRINTED, fill).state == FILLED
