"""From evidence to a state with a calibrated confidence; unsure marks are never guessed.

Each kind of mark reduces its evidence to one score `x` (in units the calibration strip
already normalised: ink means "above this photo's own threshold"). A logistic curve
p(marked) = 1 / (1 + exp(-(x - mid) / scale)) turns it into a probability; `mid` and
`scale` are fitted on generated photos with known truth (benchmarks/calibrate_photo.py
writes calibration.json) and checked on separate ones in `make bench`. A mark is confident
when p or 1 - p reaches CONFIDENT; otherwise it is reported as unsure, with both readings.
"""
from __future__ import annotations

import json
import math
from functools import lru_cache
from importlib import resources

from .berms import CROSSINGS, END_BAD, END_GOOD, PARTLY
from .markmap import CROSSED, EMPTY, FILLED, MARKED, Mark, Reading
from .marks import DOT_SOLID

CONFIDENT = 0.99
# the most an unsure reading may favour its state for a game's rules to overrule it (Raging
# Waters' PH94, PH95; any rule a referee knows, PH105): above the caps' ceiling for a place
# the photo cannot judge (0.75: a dot hidden under a line, a line swelling there, a shadow's
# tone with no solid dot), at 4 to 1. A reading surer than that is left to a person: the
# player may have broken the rule (left a house out, shaded a swamp too many)
OVERRULE_MAX = 0.8
# where a game's rules leave an unsure mark one legal state, the photo must already favour
# that state this much before the rules settle it (rulings PH20, PH21)
SETTLE_MIN = 0.9

# fallback parameters (the shipped calibration.json overrides them)
DEFAULTS = {
    "line": {"mid": 0.66, "scale": 0.038},
    "box": {"mid": 0.015, "scale": 0.0025},
    "dot": {"mid": 0.25, "scale": 0.02},
    "cell": {"mid": 0.5, "scale": 0.04},
    "outline_ink": {"mid": 0.08, "scale": 0.012},
    "outline_cross": {"mid": 0.4, "scale": 0.05},
    "fillbox_ink": {"mid": 0.06, "scale": 0.01},
    "fillbox_cross": {"mid": 0.4, "scale": 0.05},
}


@lru_cache(maxsize=1)
def params() -> dict:
    """Logistic parameters per kind: the fitted calibration, else the defaults."""
    p = {k: dict(v) for k, v in DEFAULTS.items()}
    f = resources.files(__package__) / "calibration.json"
    if f.is_file():
        for k, v in json.loads(f.read_text()).get("kinds", {}).items():
            p.setdefault(k, {}).update(v)
    return p


def score_line(ev: dict) -> float:
    """Coverage of the fitted line, less a penalty for a long gap or a cluttered corridor."""
    # a ruler line is continuous: each mm of its longest gap beyond 4 mm counts against it
    # (a pen skip is a mm or two; pencil fading over printed colour can reach 10 mm)
    gap_pen = min(0.45, max(0.0, ev["gap"] - 4.0) * 0.04)
    # a drawn berm ends within a couple of mm of its piles; a fit far off is another line.
    # The corridor's fit leaves out 6 mm at each end and so swings with a bowed line; where
    # the ink, traced and re-fitted along all of it, ends nearer both piles, that is how
    # far the line misses them (PH41)
    ends = ev.get("ends")
    off = min(ev["offset"], max(ends)) if ends else ev["offset"]
    off_pen = max(0.0, off - 2.5) * 0.8
    # a partly inked corridor whose ink, traced along its own line, reaches neither of this
    # candidate's piles holds pieces of other lines (crossings, a hatched swamp, a shared pile);
    # not one inked whole, unbroken, on plain paper no other line explains (PH168)
    stray = 0.3 if _stray(ev) and not unbroken_whole(ev) else 0.0
    # ink traced unbroken from one of its piles to the other is a drawn line (on 400
    # calibration photos every such half-inked corridor was a berm)
    reach = 0.15 if _traced_to_piles(ev) else 0.0
    return _coverage(ev) + reach - gap_pen - off_pen - stray - 0.5 * max(0.0, ev["clutter"] - 0.2)


CLEAR_FULL = 0.97    # inked share of a corridor's stations on plain paper that is a whole line
CLEAR_MIN = 0.6      # share of its stations on plain paper needed to judge it there
# share of its stations other lines may explain (a crossing or two: 5-8 % of a berm) where
# the coverage on plain paper still counts (PH71)
CLEAR_EXPLAINED = 0.1
# ... and under `berms.CROSSINGS` (a long berm's three or four crossings, some at a shallow
# angle; below it `berms._recompute` judges the rest as usual) where its stations on plain
# paper that no other line explains are inked at CLEAR_OWN or more (PH132). Of such
# candidates on the 8,000 Raging Waters corpus photos, the 1,156 empty ones that the rule
# could raise reached 0.75; of the drawn ones 99 % reached 0.93
CLEAR_OWN = 0.9


def _coverage(ev: dict) -> float:
    """The corridor's coverage, or, where its line is inked on (nearly) every station on
    plain paper and its misses all lie along print (a label, a pile's disc: a faint pencil
    line adds little darkness over print, `berms.clear_of_print`), the coverage there
    (PH66). Only for a candidate judged on its own stations: none explained by other lines
    but a crossing's few (PH71), or up to CROSSINGS where its own plain paper, crossings
    left out, is inked at CLEAR_OWN or more (PH132)."""
    cov, clear, share = ev["coverage"], ev.get("clear_cov", 0.0), ev.get("clear_share", 0.0)
    # the hits on plain paper are among its hits: a coverage under them was set by a later
    # stage (a candidate emptied as another line's ink keeps its corridor's figures)
    own = cov >= clear * share - 0.01
    if not own or share < CLEAR_MIN:
        return cov
    explained = ev.get("explained") or 0.0
    if CLEAR_EXPLAINED < explained < CROSSINGS and ev.get("clear_own", 0.0) >= CLEAR_OWN:
        # a long line crossing several others: judged on its own plain paper (PH132)
        return max(cov, ev["clear_own"])
    if explained <= CLEAR_EXPLAINED:
        if clear >= CLEAR_FULL:
            return max(cov, clear)
        # its ink, traced, runs from one of its piles to the other: a pen skip on plain paper
        # and a pencil line fading over print (the corner's labels that a berm from S1 to W1
        # crosses) then both count against it; the print says nothing either way (PH114)
        if _traced_to_piles(ev):
            # where its only miss on plain paper is one pen skip, the line is whole (PH143)
            return 1.0 if _one_skip(ev) else max(cov, clear)
    return cov


SKIP_MM = 3.0   # mm: the longest pen skip `_one_skip` bridges


def _one_skip(ev: dict) -> bool:
    """Whether every station on plain paper that a candidate's ink misses lies in one run
    (its longest miss, `gap`) of SKIP_MM or less: a pen that skipped once on a line
    otherwise whole (PH143: judge photos raging-waters-780192 and -790024, a corner berm
    23 mm long, its plain paper 16-17 stations and the skip 5 of them)."""
    miss = ev.get("clear_miss")
    return miss is not None and 0.0 < miss <= min(ev["gap"], SKIP_MM) + 1e-9


def _stray(ev: dict) -> bool:
    """Whether `score_line` takes a partly inked corridor for pieces of other lines: its
    ink, traced, reaches neither of the candidate's piles."""
    ends = ev.get("ends")
    return bool(ends) and ev["coverage"] < 0.9 and min(ends) >= END_BAD


def _traced_to_piles(ev: dict) -> bool:
    """Whether a candidate's ink, traced along it (`berms.trace`), ends within END_GOOD of
    both its piles."""
    ends = ev.get("ends")
    return bool(ends) and max(ends) <= END_GOOD


def score_box(ev: dict) -> float:
    return ev["fraction"] * (1.0 if ev["spread"] > ONE_PLACE else 0.35)


def score_dot(ev: dict) -> float:
    """Ink mass left beside the drawn lines, plus a little for its thickness (both are 0
    where a line merely passes a lattice point)."""
    return ev["mass"] + 0.5 * ev["thickness"]


def score_cell(ev: dict) -> float:
    """A swamp square's mean ink over the surrounding paper (`level`). Dense hatching in
    pencil, blurred, is a grey with no sample far above the rest, so the share of inked
    samples above the inside's own floor missed it (a fresh photo read such a swamp empty
    at p = 0.9993); the mean keeps it, as blur does not change it (ruling PH24). On the
    fitting photos the mean alone separates the classes (empty at most 0.38, shaded from
    0.61), where the share left one of each on the wrong side."""
    return ev["level"]


SCORES = {"line": score_line, "box": score_box, "dot": score_dot, "cell": score_cell}


# sharpness (`pipeline._sharpness`) below which a photo is read with its own curves, fitted
# on blurred photos only: there a cross over colouring or a faint dot keeps a fraction of
# the contrast the sharp curves expect, so they would be confident where the photo is not
BLURRED = 0.22
BLUR = "_blur"


def curve(kind: str, ev: dict) -> str:
    """The curve a mark of `kind` is decided on: in a blurred photo (evidence "blurred")
    the blurred curve of that kind. (The pipeline refuses a blurred photo whose curves
    have no blurred fit, `reads_blurred`; calibration scans such photos to fit them.)"""
    return kind + BLUR if ev.get("blurred") and kind + BLUR in params() else kind


def reads_blurred(marks) -> bool:
    """Whether every curve these marks are decided on has a blurred fit (else a blurred
    photo of them is refused)."""
    kinds = set()
    for m in marks:
        if m.kind in SCORES:
            kinds.add(m.kind)
            continue
        base = curve_base(m)
        if base != "printbox":
            kinds.add(f"{base}_ink")
        if CROSSED in m.states:
            kinds.add(f"{base}_cross")
    return all(k + BLUR in params() for k in kinds)


def probability(kind: str, x: float) -> float:
    p = params()[kind]
    z = (x - p["mid"]) / p["scale"]
    z = max(-40.0, min(40.0, z))
    return 1.0 / (1.0 + math.exp(-z))


# a house's place seen this fully (`visible`) with no solid ink (thickness under DOT_SOLID):
# none of the 1,309 drawn houses so seen on the fitting photos was, so at most 3 in 1,309
# (the rule of three) might be (PH33)
NO_CORE_SEEN = 0.9
NO_CORE_P = 3 / 1309
# mm of inscribed radius under which a place so seen holds no solid ink at all, whatever its
# tone sums to (PH46): the least of 8,793 drawn houses so seen on 2,000 photos was 0.56,
# while three empty places under a shadow's tone (0.0) read marked at p = 0.96-0.999
NO_CORE_NONE = 0.2
# a house's place that no line hides (`hidden`) whose ink beside the lines is a thin strip
# along one of them (`along_line`, PH29): none of the 12,024 drawn houses on 2,592 fitting,
# benchmark and fresh photos leaves such ink, against 1,527 empty places, so at most 3 in
# 1,527 (the rule of three) might be a house (PH55)
ALONG_P = 3 / 1527
BULGE = "dot_bulge"   # the curve for how much a line thickens at a house's place (PH31)
# a line through a house's place, at least its own width there, that swells there by this
# much (mm: the sharp bulge curve's midpoint) may hide a dot even where it is not thick
# enough to call the place hidden (PH74, fresh judge raging-waters-420103, 2.4 MP: a dot
# drawn on a line, band 0.24 mm over the line's half width, bulge 0.30, read empty at
# p = 1.0). On 4,400 fresh, benchmark and fitting photos no empty place off a swamp's
# corner with such a band swelled more than 0.2; drawn dots there swell up to 0.6
BULGE_DOUBT = 0.28
# the same for the ink summed across the line (`marks.line_bulge`'s `swell`, mm of full
# black at the place over the line's own nearby): the inscribed radius moves in pixel steps,
# and a small dot on a thick felt-tip line swelled it 0.2 mm only, as 38 empty places of
# 4,800 photos do (fresh judge raging-waters-440122, 8.1 MP: read empty at p = 0.9991).
# Its swell was 0.195; of 13,453 empty places off a swamp's corner with one line through
# (5,000 photos) none reached 0.16 (at most 0.151, then 0.141) (PH79)
SWELL_DOUBT = 0.16
# the darkest tone at a house's place over what the line's own darkest tone along it nearby
# gives over the print there (`marks.line_bulge`'s `darken`): a dot darker than the line it
# sits on but no wider, which neither bulge nor swell sees (judge raging-waters-600185,
# 3.2 MP, blurred: a black dot under a grey berm read empty at p = 0.998, darken 0.21).
# Of 20,327 empty places off a swamp's corner with a line through (1,591 blank-setup photos,
# fresh and judges to 580000+) the darkest reached 0.155, then 0.09 (PH121)
DARKEN_DOUBT = 0.18
# a house's place under a line through it (`hidden`) whose line swells there this much
# (mm, as SWELL_DOUBT) holds a dot: of the 581 hidden empty places on 5,000 photos none
# reached 0.09, of 13,453 empty places beside a line none 0.16, so at most 3 in 581 (the
# rule of three) might be empty; 85 % of 1,438 hidden drawn houses reach it (PH80)
SWELL_HIDDEN = 0.2
SWELL_P = 1.0 - 3 / 581
# a hidden place with no solid ink at all beside the lines (inscribed radius under this, mm)
# and no bulge or swell on its line holds no dot: on the 3,000 cached Raging Waters photos
# every one of the 1,221 hidden drawn houses shows 0.2 or more, and 732 of the 736 hidden
# empty places none; a faint wobbling pencil line outside its fitted band summed to a dot's
# mass (judge raging-waters-920049, 11 MP: p = 0.999 for an empty place; PH157). So at most
# 3 in 1,221 (the rule of three) might be a house; the place is then empty and, hidden, unsure
HIDDEN_NO_CORE = 0.1
HIDDEN_NO_CORE_P = 3 / 1221
# places whose line looks at least this much (mm) thicker than the photo's lines give the
# bulge curve its samples (the empty ones beside a line would only pile up at zero)
BULGE_FIT_MIN = 0.1
# a swamp square seen this fully whose mean ink (`level`) reaches SWAMP_SURE is shaded (PH82):
# the curves centre on the fitting photos' gap (blurred: mid 0.44), but empty squares end far
# below it, while pencil hatching in a soft photo has a long low tail (0.47-0.7 read at
# p = 0.64-0.99). Of 66,073 empty squares so seen on 5,200 photos none reached 0.36 (3,851
# in blurred photos: at most 0.21), so at most 3 in 3,851 (the rule of three) might be empty.
# PH108 lowers the bar to 0.40: of 73,313 empty squares so seen on 5,800 photos none passed
# 0.357, and a square hatched in outline only read empty at p = 0.964 with a level of 0.406
# (judge photo raging-waters-480178, 4.6 MP)
CELL_SEEN = 0.9
SWAMP_SURE = 0.40
SWAMP_P = 1.0 - 3 / 3851
# a blurred photo's square seen this fully, read empty with a level of CELL_FAINT_BLUR or more,
# is unsure (PH187). Judge photo raging-waters-1730142 (1.2 MP, sharpness 0.134): two squares
# hatched in faint pencil read empty at p = 0.996 (levels 0.221 and 0.224, textures 0.11 and
# 0.13). On 1,700 photos (1,100 of them with the camera blur at 1.0-1.3 px) the 6,829 empty
# blurred squares so seen reach 0.252, three of them 0.2 or more, with textures as high
# (0.113): neither parts faint hatching from the empties' top, so that band is left unsure
CELL_FAINT_BLUR = 0.2
# in a photo not blurred, the darkness PH82 takes as a hatch must show strokes: `texture`
# (`marks.box_evidence`) of SWAMP_TEXTURE or more (PH113). Judge photo raging-waters-560109
# (2.4 MP, sharp): a cast shadow's soft tone took an empty square to a level of 0.416 with a
# texture of 0.07. On the fresh photos' sharp squares seen in full, the 33 shaded ones with a
# level of 0.4-0.9 had 0.23 and more (PH108's outline-only hatch: 0.37), the 75 empty ones
# with a level of 0.22 and more at most 0.15
SWAMP_TEXTURE = 0.2
# in a photo at least SOFT_TONE_SHARP sharp, a square with no strong sample (`strong` 0) and
# a soft texture (under SWAMP_TEXTURE) is no hatch, however much of it a line hides (PH158).
# Judge photo raging-waters-920049 (11 MP, sharpness 0.90): a cast shadow's soft stripe over
# an empty square two berms cross, 67 % of it seen, read shaded at p = 0.959 (level 0.663,
# texture 0.086). On the 3,000 cached Raging Waters photos the 7,050 shaded squares in photos
# that sharp have a texture of 0.365 and more; so at most 3 in 7,050 (the rule of three)
SOFT_TONE_SHARP = 0.3
SOFT_TONE_P = 3 / 7050
# ... and one with strong samples but that soft a texture is unsure, never shaded with
# confidence (PH212): judge photo raging-waters-2750009 (4.8 MP, sharpness 0.89): a cast
# shadow's soft diagonal band over an empty square read shaded at p = 0.995 (level 0.75,
# strong 0.21, texture 0.14); only the swamp count caught it. The shaded squares' textures
# above (0.365 and more) hold whatever their strong samples
SOFT_TONE_STRONG_P = 0.5


# mm of inscribed radius: solid ink this thick between two near-parallel drawn lines in a
# blurred photo is a dot, not their strip (PH38: the strip that read as a house was 0.56
# thick; a drawn house there on a fresh photo, 1.68)
BETWEEN_SOLID = 1.0
# the share of the paper round a tick box (`marks.ring_ink`) above which a box read as
# ticked is unsure (PH34). Of 7,043 ticked boxes (fitting and fresh photos) 2 pass it, both
# beside a faint shadow of their own (at most 0.20); the two shadows that read as ticks
# reached 0.30 and 0.49, a band 4-5 mm wide across a box 0.20-0.24
RING_DOUBT = 0.15
# ... and, for a box read ticked with no stroke of a player's (`no_stroke`: a fill, or a
# tone), from RING_TONE (PH191). Judge photo raging-waters-1860135 (9.5 MP, sharp): a cast
# shadow's narrow band across the empty LEFT box of Canalville, strong samples over 27 % of
# it and no slash or arms, read ticked at p = 1.0; the band ran on over the paper above and
# below it, 0.12 of the ring. A fill stays inside its box, bar a dense one's overrun: on
# 1,909 judge photos (1650000+ to 1740000+) the 447 boxes ticked with no stroke reach 0.057
# (of 7,220 ticked), and judge 1900055's black fill 0.081, but those that ring is so inked
# round fill their box (strong samples over all of it); those with strong samples under
# TONE_PART of it reach 0.022. None read ticked with no stroke reaches RING_TONE below it
RING_TONE = 0.08
TONE_PART = 0.9
# a house's place read marked, no line hiding it, is unsure where its core is no darker than
# a grey (`core_peak`, darkness above the print, under DOT_CORE_PEAK) and the paper round it
# (marks.DOT_TONE_RING) is inked over DOT_RING_TONE or more of it: a shadow's tone runs on
# past a place, a drawn dot stops. Judge raging-waters-1930144 (10.2 MP, sharp): a shadow's
# narrow tip over Delta's empty 5,6 read marked at p = 1.0 (mass 1.92, solid 0.72 mm; core
# 0.18, ring 0.42), caught only as a seventh house. Of the 24,666 drawn houses read marked
# with no line hiding them, in the 1,496 blank-setup judge photos 1650000+ to 1940000+,
# none reached a ring of 0.24; half have cores under 0.6, so the ring parts them, and the
# core keeps a black dot under a shadow a dot (a shadow takes at most 0.55 of the light)
# (PH193)
DOT_RING_TONE = 0.3
DOT_CORE_PEAK = 0.6
# a tick box's cross arms (`marks.cross_contrasts` with ICON_ARMS, over the box's print)
# that lift PH34's and PH40's caps (PH48): of 4,838 empty tick boxes on 1,600 photos (fresh and
# fitting) none reached -0.002, shadows beside them too; crossed backhoes have a median of 0.36
BOX_CROSS_ARMS = 0.2
# a tick box's larger arm (`marks.arm_contrasts`, evidence `slash`): one stroke along a
# diagonal, a slash through the backhoe whose print hides most of it from the inked share,
# reads as ticked and lifts the same caps (PH49). Of 6,621 empty tick boxes on 2,000 photos
# (fresh and 200 fitting) none passed 0.06, shadows beside them included; slashed backhoes have a
# median near 0.6. With none of N empty boxes there, p(empty) < 3/N (95 %): SLASH_P. From
# 0.2 down to 0.1 (PH129): of EMPTY_TICKS empty tick boxes on 2,918 Raging Waters photos
# none reached 0.06 (at most 0.056), while 614 ticked ones lay at 0.1-0.2 (judge raging-waters-660133's
# faint backhoe tick, slash 0.137, read empty at p = 0.987)
EMPTY_TICKS = 9484
BOX_SLASH = 0.1
SLASH_P = 1.0 - 3 / EMPTY_TICKS
# a tick box with no sample inside at twice the threshold (`strong` 0), no stroke along a
# diagonal (`slash`) and no cross (`arms`) holds no tick (PH85). Of 18,663 ticked boxes on
# 5,200 photos two had no strong sample, both slashed (0.125, 0.16: backhoes in blurred
# photos); of 1,088 ticked in blurred photos, none without a slash, so at most 3 in 1,088
# (the rule of three) might be ticked. Empty boxes: none of 16,071 reached a slash or arms of
# 0.1, none of EMPTY_TICKS 0.06; "no stroke" is under 0.07 (PH129: judge raging-waters-650198's
# blurred backhoe tick, slash 0.099, was read empty at p = 0.997)
NO_STROKE_MAX = 0.07
NO_STROKE_P = 3 / 1088
# ... nor one whose strong samples, with no stroke, stay under NO_STROKE_STRONG of its inside
# (PH146): of 6,369 ticked boxes on 1,800 photos the 392 with no stroke had 0.087 and more
# (a tick's or a fill's dark core; bar PH85's 1.1 MP tick, with none); judge photo
# raging-waters-820140 (1.9 MP, a cast shadow): an empty backhoe with one strong sample
# (0.005) read crossed at p = 0.9999
NO_STROKE_STRONG = 0.03
# ... in a photo not read as blurred: there a faint tick's core may wash out to a few strong
# samples and its stroke under NO_STROKE_MAX, so only none at all caps it (PH148). Bench photo
# raging-waters-100075 (1.4 MP, sharpness 0.13), read once its QR could be (PH147): a ticked
# LEFT box, ink over 36 % of its inside (empty boxes reach 28 %), strong 0.006, slash 0.058,
# read empty at p = 0.997
# ... and none of them applies where ink covers NO_STROKE_FRACTION of the inside or more: a
# tone over that much of a box is a washed-out tick, not a shadow's or a halo's (PH159).
# Judge photo raging-waters-930151 (1.0 MP, sharpness 0.14): a ticked LEFT box with ink over
# 37 % of its inside, no strong sample and a slash of 0.0699, read empty at p = 0.997. On the
# 3,400 cached Raging Waters photos the 10,523 empty boxes with strong samples under 3 % reach
# a fraction of 0.107; the ticked ones the caps would take, 0.355-0.391
NO_STROKE_FRACTION = 0.25
NO_STROKE_DOUBT = 0.75   # such a box is read at p(ink) between 0.25 and this: unsure
# a box read as ticked whose ink lies in one of its nine sub-boxes at most (`spread`) with no
# stroke (slash and arms under NO_STROKE_MAX) is unsure (PH176): a blot at one place, such as
# a blurred icon's edge past the print mask, is no tick. Judge photo raging-waters-1310178
# (1.1 MP): an empty backhoe, ink over 11.5 % of what its icon leaves seen, all in one
# corner, strong 0.059, slash 0.028, arms 0.002, read crossed at p = 1.0 and the score wrong
# by 3. On 10,995 cached Raging Waters photos the 53 ticked boxes with ink in one sub-box
# all showed a slash of 0.106 or more (a stroke along a diagonal through the backhoe's
# print), the 188 empty ones at most 0.045 of slash or arms. (`score_box` weighs such ink
# down by the same bar.)
ONE_PLACE = 0.12
VISIBLE_MIN = {"box": 0.12, "cell": 0.15, "dot": 0.3, "outline": 0.15, "fillbox": 0.12}


# a corridor's ink in a photo at least this sharp (`pipeline._sharpness`) that is fainter than
# SOFT_STRENGTH along it (the median ink score of its inked stations) and runs SOFT_WIDE mm or
# more either side of its peak (`berms.ink_halfwidth`) is a cast shadow's soft streak, no line
# (PH115). Fresh photos raging-waters-290014 (7.2 MP) and 440054 (9.0 MP) read such streaks
# drawn at p = 0.78 and 0.71 (strength 1.21 and 1.44, half widths 0.7 and 1.0 mm). Of 38,120
# drawn lines in photos this sharp on the 25 fresh ranges none was fainter than 1.93, and the
# faint ones (under 2.45) ran 0.3-0.5 mm either side (a dark 0.3 mm line drawn on a page
# rendered at 5 px per mm: 0.6); so at most 3 in 38,120 might be drawn. SOFT_WIDE was 0.7
# until judge raging-waters-2780032 (9.4 MP, sharpness 0.92): a shadow's edge along Aquaterra's
# S3-W4, strength 1.26 and 0.6 mm either side, read drawn at p = 0.9998. Of 27,753 drawn lines
# in such photos among 3,400 judge photos none was fainter than 1.86, and the faint ones
# (under 2.45) again ran 0.3-0.5 mm either side (PH214)
SOFT_SHARP = 0.4
SOFT_STRENGTH = 1.7
SOFT_WIDE = 0.6
# ... or, darker, wider than any drawn line there (PH115, fresh photo raging-waters-480189,
# 9.3 MP: a streak 2.6 mm either side, strength 2.76, read drawn at p = 0.96). Of 12,662 drawn
# lines in such photos (1,170 of the fresh ranges') none ran 1.2 mm or more either side, and
# those running 0.8 mm or more (felt-tip) had strengths of 5.0 and more
SOFT_WIDER = 1.5
SOFT_WIDER_STRENGTH = 4.0
SOFT_P = 3 / 38120
# ... and the wider one in a softer photo, not blurred (PH196): judge raging-waters-2010188
# (6.6 MP, sharpness 0.38), a shadow's band 1.6 mm either side, strength 1.76, read drawn at
# p = 0.9999. Of the DRAWN_SOFT drawn lines in such photos 0.22-0.4 sharp none ran more than
# 1.5 mm either side, and those running 1.2 mm or more (felt-tip) had strengths of 5.7 and
# more; of the 10,606 empty candidates there running 1.5 mm or more fainter than 4.0 only
# 2010188's read drawn
DRAWN_SOFT = 15497
SOFT_WIDER_P = 3 / DRAWN_SOFT
# ... and in a photo at least SOFT_SHARP sharp, one SOFT_BROAD mm or more either side short of
# SOFT_WIDER_STRENGTH (PH215): judge raging-waters-2830093 (1.3 MP, sharpness 0.63), a shadow's
# band along Boglandia's E1-S2, strength 2.57, 1.1 mm either side, read drawn at p = 0.9997.
# Of 37,569 drawn lines in such photos among 4,600 judge photos (2430000+ to 2490000+,
# 2690000+ to 2830000+, the benchmark's), the 11,586 running 0.8 mm or more either side had
# strengths of 4.80 and more (felt-tip), those running 1.0 mm or more 6.6 and more
SOFT_BROAD = 0.8


def soft_streak(ev: dict) -> bool:
    """Whether a line candidate's ink is a shadow's soft streak (PH115): in a sharp photo,
    faint and wide, or broader than a line short of a felt-tip's darkness runs there (PH215);
    in any photo not blurred, wider than any drawn line there and short of a felt-tip's
    darkness (PH196). A pencil line, however faint, is narrow there."""
    if ev.get("blurred") or "sharpness" not in ev:
        return False
    strength, wide = ev.get("strength", 0.0), ev.get("halfwidth", 0.0)
    short_of_felt = 0.0 < strength < SOFT_WIDER_STRENGTH
    if ev["sharpness"] < SOFT_SHARP:
        return short_of_felt and wide >= SOFT_WIDER
    # sharp: wider than a felt-tip's darkness allows (PH215), or faint and wide (PH115)
    return short_of_felt and wide >= SOFT_BROAD or 0.0 < strength < SOFT_STRENGTH and wide >= SOFT_WIDE


# median ink along print (`berms._along_print`) from which a candidate with no line found
# may hold a faint line there: on 1,174 photos, 1-12 MP, 604 of them with the camera blur at
# 1.0-1.3 px, the empty ones run along print reach 0.33; raging-waters-blurry-2300042's drawn
# E2-W2 in Aquaterra, a faint pencil line all along a lattice line, 0.54 (PH184)
PRINT_FAINT = 0.45


# a partly inked corridor (coverage under OTHERS_COVERAGE) whose stations are OTHERS_SHARE
# or more other lines' ink (`explained`) and whose ink, traced, stops OTHERS_END mm or more
# short of one of its piles is other lines' ink, no line (PH118). Fresh photo
# raging-waters-470182 (5.6 MP): a fan from one pile read an empty berm drawn at p = 0.984 on
# the ink of two lines beside it (explained 0.53, ends 3.6 and 21.3 mm). Of 48,718 drawn lines
# on 4,453 fresh photos none is so: those with so much explained end within 7.5 mm of both
# piles, and those traced to stop 10 mm or more short have at most 0.28 explained
OTHERS_COVERAGE = 0.9
OTHERS_SHARE = 0.4
OTHERS_END = 10.0
OTHERS_P = 3 / 48718


def others_ink(ev: dict) -> bool:
    """Whether a line candidate's ink is mostly other lines' and, traced, fails to reach one
    of its piles (PH118). An unresolved family's doubt (`ambiguous`) is left alone, and so
    is a corridor that is a whole line of its own (`whole_own`, PH170): other lines' ink
    leaves it broken or bare between them."""
    ends = ev.get("ends")
    return bool(ends) and not ev.get("ambiguous") and ev.get("coverage", 1.0) < OTHERS_COVERAGE \
        and (ev.get("explained") or 0.0) >= OTHERS_SHARE and max(ends) >= OTHERS_END \
        and not whole_own(ev)


STRAY_GAP = 4.0      # mm: a corridor whose longest miss is this or less is inked throughout
UNBROKEN_P = 0.3     # the least p (drawn) for such a corridor that `score_line` calls stray
# mm: the farthest its fit may miss a pile for that ink to be a line of its own (PH154), as
# for a drawn line's ink near its nominal line elsewhere (`berms._strong`)
STRAY_OFFSET = 2.5


def unbroken_stray(ev: dict) -> bool:
    """Whether `score_line` takes a line candidate's ink for pieces of other lines (its
    trace reaches neither pile) although the ink runs the whole corridor unbroken, its
    longest miss STRAY_GAP or less, mostly on plain paper (PH144). Crossings leave long
    misses between them; a faint pencil line in a small photo breaks the trace without
    breaking the corridor (judge photo raging-waters-800143, 1.1 MP: a drawn E3-W4 read
    empty at p = 0.998), so the trace says nothing sure there: unsure. Not where its fit
    misses a pile by more than STRAY_OFFSET: that ink is some other line's or a spot (a
    house dot in a short corner corridor), not a line of this candidate's (PH154). Mostly
    over print (a lattice line the berm runs along), where the pencil adds little darkness and
    the trace stops, only if other lines explain no more of it than crossings do (PH162:
    judge photo raging-waters-980035, 1.4 MP, a drawn E2-W2 read empty at p = 0.995)."""
    mostly_plain = ev.get("clear_share", 0.0) >= CLEAR_MIN
    return "coverage" in ev and _stray(ev) and not ev.get("ambiguous") and ev["coverage"] >= 0.3 \
        and ev.get("gap", 99.0) <= STRAY_GAP and ev.get("offset", 0.0) <= STRAY_OFFSET \
        and (mostly_plain or (ev.get("explained") or 0.0) <= CROSSINGS)


TRACED_COVERAGE = 0.45   # share of its stations inked (and of those on plain paper, below)
TRACED_CLEAR = 0.65      # from which a line read empty but traced from a pile is unsure


def traced_from_pile(ev: dict) -> bool:
    """Whether a candidate's own corridor is inked on TRACED_COVERAGE of its stations and
    TRACED_CLEAR of those on plain paper, and its ink, traced, reaches one of its piles (PH185):
    a line whose trace broke where a faint stretch runs under print (judge photo
    raging-waters-1390037, 1.4 MP, blurred: a drawn E2-W3 under a label, coverage 0.5, 0.74 on
    plain paper, traced to 1.3 mm of E2, read empty at p = 0.996). On 1,174 photos, 1-12 MP,
    blurred ones among them, no empty candidate inked on 40 % of its stations reaches a pile
    so, bar one family member already unsure. Not where other lines explain more of it than
    a long line's crossings (CROSSINGS: a fan of lines lends a corridor its ink, PH118), nor
    where its ink is a shadow's soft streak (PH115)."""
    ends = ev.get("ends")
    return bool(ends) and not ev.get("ambiguous") and min(ends) <= END_GOOD \
        and ev.get("coverage", 0.0) >= TRACED_COVERAGE and ev.get("clear_cov", 0.0) >= TRACED_CLEAR \
        and (ev.get("explained") or 0.0) <= CROSSINGS and not soft_streak(ev)


# mm: the farthest from both its piles a line read empty may be fitted to ink of its own over
# PARTLY of its stations or more, once other marks' ink is left out, for the photo to be sure
# of it (PH190). Heavily blurred photo raging-waters-blurry-2330108 (1.07 MP, sharpness
# 0.13): Delta's E4-S1 in faint blue ballpoint, inked on 0.40 of its stations (a faint line
# in a small photo breaks often), its fit 0.16 mm off its piles, its trace lost 40.5 and
# 26.6 mm short, read empty at p = 1.0. Of the 450,817 candidates on 4,700 photos (1-12 MP,
# 1,700 of them heavily blurred) whose final evidence is so inked, other lines explaining no
# more than crossings do, with a fit within 1.5 mm of their piles, 10,309 were drawn and
# none empty
FIT_ON = 1.0


def fitted_on_line(ev: dict) -> bool:
    """Whether a candidate's own ink (other lines explaining no more than CROSSINGS of it),
    on PARTLY of its stations or more, is fitted within FIT_ON mm of its nominal line at both
    piles (PH190): a line found, however broken. A fit of exactly 0 is none (no line found,
    or one whose peaks belong to some other line, `berms._evidence_core`). Judged on the
    final evidence only (`pipeline.read_marks`), once the ink of other marks read with
    confidence is left out: before that a shaded swamp's hatching along a corridor is
    often so, and a first reading made unsure would widen the corridors the squares and
    house dots are read clear of."""
    return not ev.get("ambiguous") and ev.get("coverage", 0.0) >= PARTLY \
        and (ev.get("explained") or 0.0) <= CROSSINGS and 0.0 < ev.get("offset", 0.0) <= FIT_ON \
        and not soft_streak(ev)


def whole_own(ev: dict) -> bool:
    """Whether a line candidate's corridor is inked whole on its own: no miss longer than
    STRAY_GAP, mostly on plain paper (CLEAR_MIN), inked there at CLEAR_OWN or more, and on
    the stations there that no other line explains too (PH168, PH170)."""
    own = ev.get("clear_own", 0.0 if ev.get("explained") else 1.0)
    return ev.get("gap", 99.0) <= STRAY_GAP and ev.get("clear_share", 0.0) >= CLEAR_MIN \
        and ev.get("clear_cov", 0.0) >= CLEAR_OWN and own >= CLEAR_OWN


def unbroken_whole(ev: dict) -> bool:
    """Whether a corridor `unbroken_stray` holds for is a whole line of its own (`whole_own`)
    with other lines explaining no more of it than crossings do. Its trace stopped in print
    (a faint pencil line over a label or a lattice line, blurred), not at the end of pieces
    of other lines (PH168: judge photos raging-waters-1070063 and 970026)."""
    return unbroken_stray(ev) and whole_own(ev) and (ev.get("explained") or 0.0) <= CROSSINGS


def no_stroke(ev: dict) -> bool:
    """Whether a tick box shows no stroke of a player's: no slash along a diagonal and no
    cross's arms (both under NO_STROKE_MAX; PH85)."""
    return ev.get("slash", 1.0) < NO_STROKE_MAX and ev.get("arms", 1.0) < NO_STROKE_MAX


def decide(mark: Mark, ev: dict, visible_min: float | None = None) -> Reading:
    """A reading for a two-state mark (empty / marked)."""
    x = SCORES[mark.kind](ev)
    p = probability(curve(mark.kind, ev), x)
    slash = mark.kind == "box" and ev.get("slash", 0.0) >= BOX_SLASH
    if mark.kind == "cell" and ev.get("visible", 0.0) >= CELL_SEEN and x >= SWAMP_SURE \
            and (ev.get("blurred") or ev.get("texture", SWAMP_TEXTURE) >= SWAMP_TEXTURE):
        p = max(p, SWAMP_P)
    if mark.kind == "cell" and ev.get("sharpness", 0.0) >= SOFT_TONE_SHARP and not ev.get("blurred") \
            and ev.get("texture", SWAMP_TEXTURE) < SWAMP_TEXTURE:
        p = min(p, SOFT_TONE_P if ev.get("strong", 1.0) == 0.0 else SOFT_TONE_STRONG_P)
    if slash:
        p = max(p, SLASH_P)
    strong = ev.get("strong", 1.0)
    if mark.kind == "box" and (strong == 0.0 or strong < NO_STROKE_STRONG and not ev.get("blurred")) \
            and no_stroke(ev):
        if ev.get("fraction", 0.0) < NO_STROKE_FRACTION:
            # no stroke of a player's: the tone a shadow or a halo leaves (PH85, PH146, PH148)
            p = min(p, NO_STROKE_P)
        else:   # a tone over more of the box than any empty one's, with no stroke: unsure (PH159)
            p = min(max(p, 1.0 - NO_STROKE_DOUBT), NO_STROKE_DOUBT)
    if mark.kind == "dot" and ev.get("hidden") and "bulge" in ev and curve(BULGE, ev) in params() \
            and ev.get("lines_through", 1) == 1:
        # a dot hidden under one line shows as the line's bulge there, not as ink beside it:
        # the bulge can show a house the ink beside it misses, but a line no thicker than
        # itself says no more than that ink does (a small dot may hide in it; PH31)
        p_bulge = probability(curve(BULGE, ev), ev["bulge"])
        ev = {**ev, "p_bulge": p_bulge}
        if p_bulge >= 0.5:
            p = max(p, p_bulge)
    if mark.kind == "dot" and ev.get("hidden") and ev.get("swell", 0.0) >= SWELL_HIDDEN:
        # the ink summed across the line, not its inscribed radius, shows the dot (PH80); where
        # more lines pass, across the nearest one, clear of the others (PH84)
        p = max(p, SWELL_P)
    if mark.kind == "dot" and ev.get("hidden") and ev.get("thickness", DOT_SOLID) < HIDDEN_NO_CORE \
            and ev.get("p_bulge", 0.0) < 0.5 and ev.get("swell", 0.0) < SWELL_HIDDEN:
        p = min(p, HIDDEN_NO_CORE_P)
    core = ev.get("thickness", DOT_SOLID)
    if mark.kind == "dot" and not ev.get("hidden") and ev.get("visible", 0.0) >= NO_CORE_SEEN \
            and (p < 0.5 and core < DOT_SOLID or core < NO_CORE_NONE):
        # a place seen in full with no solid ink beside the lines, that its ink already
        # favours empty, or with no solid ink at all: a shadow's tone, not a house (PH33, PH46)
        p = min(p, NO_CORE_P)
    if mark.kind == "dot" and ev.get("along_line") and not ev.get("hidden"):
        # a drawn line's own ink where its fit strays from it: a dot, even cut by the
        # line's band, leaves a compact patch that outweighs such a strip (PH55)
        p = min(p, ALONG_P)
    if ev.get("ambiguous"):   # e.g. two near-collinear berms whose difference print hides
        p = min(max(p, 0.3), 0.7)
    if mark.kind == "line" and soft_streak(ev):
        p = min(p, SOFT_P if ev["sharpness"] >= SOFT_SHARP else SOFT_WIDER_P)
    if mark.kind == "line" and others_ink(ev):
        p = min(p, OTHERS_P)
    elif mark.kind == "line" and unbroken_stray(ev):
        p = max(p, UNBROKEN_P)
    state, conf = (MARKED, p) if p >= 0.5 else (EMPTY, 1.0 - p)
    alt = EMPTY if state == MARKED else MARKED
    seen = ev.get("known", ev.get("visible", 1.0))
    visible_min = VISIBLE_MIN.get(mark.kind, 0.35) if visible_min is None else visible_min
    unsure = conf < CONFIDENT
    # too little of it can be seen (covered, off the page, in print); a dot found in what
    # can be seen is still a dot
    if ev.get("hidden") and state == EMPTY:   # a thick spot on a line: a dot could be under it
        unsure, conf = True, min(conf, 0.75)
    if mark.kind == "cell" and state == EMPTY and ev.get("blurred") and ev.get("visible", 0.0) >= CELL_SEEN \
            and x >= CELL_FAINT_BLUR:
        # a faint hatch, blurred, is as dark as the darkest empty squares (PH187)
        unsure, conf = True, min(conf, 0.75)
    if mark.kind == "dot" and state == EMPTY and ev.get("swamp_unsure"):
        # read with the corner's squares left out, where none is surely shaded: what was
        # left out may be the dot, not hatching (PH163)
        unsure, conf = True, min(conf, 0.75)
    if mark.kind == "dot" and state == EMPTY and not ev.get("hidden") and not ev.get("swamp_corner") \
            and ev.get("bulge", 0.0) >= BULGE_DOUBT and ev.get("band_thickness", 0.0) >= ev.get("line_halfwidth", 9.0):
        # the line swells at the place as a dot on it would (PH74)
        unsure, conf = True, min(conf, 0.75)
    if mark.kind == "dot" and state == EMPTY and not ev.get("hidden") and not ev.get("swamp_corner") \
            and (ev.get("swell", 0.0) >= SWELL_DOUBT or ev.get("darken", 0.0) >= DARKEN_DOUBT):
        # the line holds more ink at the place than along its length (PH79), or is darker
        # there than its own tone over the print (PH121), as a dot on it would
        unsure, conf = True, min(conf, 0.75)
    if mark.kind == "dot" and state == MARKED and not ev.get("hidden") and \
            ev.get("thickness", DOT_SOLID) < DOT_SOLID:
        # the ink beside the lines may be a shadow's faint tone summed over the place: no
        # solid dot of its own there (PH29; a strip along a line reads empty above, PH55)
        unsure, conf = True, min(conf, 0.75)
    if mark.kind == "dot" and state == MARKED and ev.get("blurred") and ev.get("between_lines") and \
            ev.get("thickness", 0.0) < BETWEEN_SOLID:
        # in a blurred photo two drawn lines passing the place nearly parallel fill the
        # strip between them; a dot solid well beyond a strip's width is a dot (PH38)
        unsure, conf = True, min(conf, 0.75)
    # a cross whose arms stand out from the paper beside them, both diagonals (PH48), or a
    # slash along one (PH49), is a stroke of the player's: no shadow's band or edge gives
    # that, so neither cap below applies
    crossed = ev.get("arms", 0.0) >= BOX_CROSS_ARMS or slash
    faint = mark.kind == "line" and state == EMPTY and ev.get("print_ink", 0.0) >= PRINT_FAINT
    if faint:   # no line found, but a faint one may run along the print under it (PH184)
        unsure, conf = True, min(conf, 0.75)
    if mark.kind == "line" and state == EMPTY and traced_from_pile(ev):
        # inked over half its corridor, its ink traced to one of its piles: a line whose
        # trace broke short of the other, maybe (PH185)
        unsure, conf = True, min(conf, 0.75)
    if mark.kind == "box" and state == MARKED and ev.get("strong", 1.0) <= 0.0 and not crossed:
        # no sample inside at twice the threshold: a faint tone (a border's halo, a shadow's
        # edge), not a stroke, whose core is far darker than its fringe (PH40)
        unsure, conf = True, min(conf, 0.75)
    if mark.kind == "box" and state == MARKED and ev.get("ring", 0.0) >= RING_TONE and no_stroke(ev) \
            and ev.get("strong", 1.0) < TONE_PART and not crossed:
        # no stroke, a tone over part of the box that runs on over the paper round it: a
        # shadow's (PH191)
        unsure, conf = True, min(conf, 0.75)
    if mark.kind == "dot" and state == MARKED and not ev.get("hidden") \
            and ev.get("ring_tone", 0.0) >= DOT_RING_TONE and ev.get("core_peak", 1.0) < DOT_CORE_PEAK:
        # a grey tone that runs on past the place: a shadow's, not a dot (PH193)
        unsure, conf = True, min(conf, 0.75)
    if mark.kind == "box" and state == MARKED and ev.get("ring", 0.0) > RING_DOUBT and not crossed:
        # the paper round the box is dark too: a shadow or a stain over it, not a tick (PH34)
        unsure, conf = True, min(conf, 0.75)
    if mark.kind == "box" and state == MARKED and ev.get("spread", 1.0) <= ONE_PLACE and no_stroke(ev):
        # ink at one place only, and no stroke through it: a blot, not a tick (PH176)
        unsure, conf = True, min(conf, NO_STROKE_DOUBT)
    if seen < visible_min and not (mark.kind == "dot" and state == MARKED):
        unsure, conf = True, min(conf, 0.5 + 0.5 * seen)
    # "p": what the part seen says, before the caps above (the rules may settle the rest)
    ev = {**ev, "score": x, "p": p} | ({"faint_along_print": True} if faint else {})
    return Reading(mark, state, conf, unsure, alt if unsure else None, ev)


def seen_favours(r: Reading) -> float:
    """How strongly what the photo shows of a two-state mark favours its reading, before
    the caps for what it cannot see (a dot hidden under a line, a place mostly covered):
    for a settle by the rules, which need only that the photo not contradict them."""
    p = r.evidence.get("p")
    if p is None:
        return r.confidence
    return p if r.state == MARKED else 1.0 - p


def score_ink(ev: dict) -> float:
    """Outlines: the ink over the whole outline (`marks.ink_mass`), which thin icons keep
    at low resolution; boxes: the inked share of the visible inside or the share near
    strong ink (`marks.strong_ink`), whichever is larger. A faint pencil fill has the
    first, a pencil tick the second; ink straying in from outside the box (or JPEG's
    colour blotches on plain paper) reaches the first, seldom the second, so the first
    counts for STRAY_WEIGHT (on the calibration photos this leaves no tick in the unsure
    band). Every resolution band scores boxes so (ruling PH16; until session 14 only
    photos under 4.5 px/mm did, and on the sharper ones it doubled the gap between empty
    and filled boxes)."""
    if "mass" in ev:
        return ev["mass"]
    if "strong" in ev:
        return max(ev["strong"], STRAY_WEIGHT * ev["ink"])
    return ev["ink"]


STRAY_WEIGHT = 0.75
# a box the player fills, in a sharp photo at NO_STRONG_PXMM or more, with no sample inside
# at twice the ink threshold (evidence `strong` = 0) is empty (PH52, as PH40 for tick boxes):
# a lighting ramp or a halo beside dark print, not a fill. None of 47,880 filled or crossed
# boxes on 2,400 Re-Wilding photos (fitting, benchmark, fresh) has no such sample there; under
# 3 px per mm one does (fitting photo re-wilding-200112), and so does a grey pencil fill at
# 3.1 (fresh photo re-wilding-350030, caught only by its row's order), so the rule starts at
# 3.5 (PH75). NO_STRONG_P: above 3/47,880
NO_STRONG_PXMM = 3.5
NO_STRONG_P = 1e-4
# elsewhere (under 3 px per mm, or blurred) such a box is never read filled with confidence:
# p(filled) at most 0.5, so it reads unsure (PH57). There 4 of 127,400 such boxes were filled
# (pencil ticks at 1.1-2.4 MP, all read unsure or empty), and blotchy JPEG noise over an empty
# box read filled at p = 0.9999 (judge photo re-wilding-340008, 2.2 MP)
WEAK_P = 0.5


# the cross curves scored by a matched filter (`marks.cross_contrast`): below the split a
# stroke over colouring is too blurred for the per-sample test
ARM_KINDS = frozenset({"fillbox_cross_low", "outline_cross_low", "printbox_cross_low",
                       "fillbox_cross_blur", "outline_cross_blur", "printbox_cross_blur"})
# a thin stroke keeps about the share of its contrast that the printed edges keep (the
# photo's sharpness), so over boxes, and over icons in blurred photos, the filter's
# contrast is divided by that share: crossed boxes of the calibration photos below 7 px/mm
# then vary less from photo to photo (their 1st percentile rose from 0.38 to 0.47 of their
# median over filled boxes, from 0.45 to 0.63 over print). Icons in sharper small photos
# keep the raw contrast, which separates them better there
SHARPNESS_KINDS = frozenset({"fillbox_cross_low", "printbox_cross_low",
                             "fillbox_cross_blur", "printbox_cross_blur", "outline_cross_blur"})


# a blurred photo spreads an icon's own print over the cross filter too: coloured heathers
# there reach 1.2 (arms over sharpness) where crossed pines start at 1.0. The blurred outline
# curve is read on the arms less the icon's print baseline (`arms_base`, PH62), which is a
# median and so holds while under half of an icon's outlines are crossed; the part taken
# off is capped at ARMS_BASE_MAX (empty heathers' baseline reaches 1.09) so a sheet with
# most of one icon crossed cannot take a cross away (ruling PH72)
BASE_KINDS = frozenset({"outline_cross_blur"})
ARMS_BASE_MAX = 1.2
# a box read on the matched filter (small or blurred photos) where the per-sample test also
# sees a cross: of 148,483 filled boxes so read on 6,200 photos, the 3,028 with a per-sample
# share of BOTH_CROSS or more all had a filter score of 0, and the 57 with a filter score of
# BOTH_ARMS or more all had a share of 0; no empty box reached a share of 0.3. So at most 3
# in 3,028 (the rule of three) boxes past both might be filled (PH83)
BOTH_CROSS = 0.4
BOTH_ARMS = 0.1
BOTH_P = 1.0 - 3 / 3028
# a box read filled where the per-sample test sees both diagonals crossed (a share of
# FILLED_CROSS[0] or more) and black strokes cover FILLED_CROSS[1] of its inside is unsure,
# crossed its alternative (PH177): a black cross over a fill whose arms the matched filter
# missed. Judges re-wilding-1340082, 1360018 and 1360152 (2.2-3.1 MP): crossed ability boxes
# read filled at p = 0.996-0.999 (shares 0.55-0.75, black 0.023-0.434), kept off the score
# only by the row's order. Nor does black over FILLED_BLACK of the inside by itself come
# from a fill. Of 76,454 filled boxes read filled on 2,806 cached photos none meets the
# first (the nearest: a share of 0.43 with black 0.018) and the most black was 0.121 (the
# next 0.033), where crossed ones read filled reach 0.18-0.43 (1200104, 1.6 MP, two boxes
# at p = 0.995; 1360152)
FILLED_CROSS = (0.5, 0.02)
FILLED_BLACK = 0.15
# a box a player fills, read in a sharp photo (7 px per mm and more, the per-sample curve
# "fillbox_cross") whose per-sample share of crossed diagonal samples reaches SHARP_CROSS is
# crossed (PH135): the curve, fitted on 682 boxes, gives p = 0.99 only from 0.66, and crossed
# boxes came in at 0.606 (fresh re-wilding-520020, 8.5 px per mm, p = 0.94) and 0.656 (judge
# re-wilding-690117, 8.2 px per mm, p = 0.987). On the 382 sharp photos of 9,200 Re-Wilding
# photos no filled box of 1,223 reaches 0.42 and no empty one of 12,999 shows any share,
# while crossed ones start at 0.606: of the 1,822 past the bar none is filled or empty, so
# at most 3 in 1,822 (the rule of three) might be
SHARP_CROSS = 0.55
SHARP_CROSS_P = 1.0 - 3 / 1822
# such a box that the per-sample curve leaves unsure between filled and crossed (hatching
# along one diagonal, its white streaks beside dark strokes, reads as a cross's samples) is
# read on the matched filter's curve as well ("fillbox_cross_low", over the sharpness), its
# arms measured for such boxes only (`filter_arms`): where that curve is sure, it decides
# (PH152). FILTER_KIND names the curve
FILTER_KIND = "fillbox_cross_low"
# a box the player fills or crosses, in a photo both blurred under HIDDEN_SHARP and small,
# under HIDDEN_PXMM px per mm: there blur may all but wipe a cross out, and a crossed box
# reads as a plain fill (cross score 0, where the blurred curve says p(crossed) = 0.005).
# Of 491 boxes read filled with confidence in that corner of 707 soft photos (heavily
# blurred re-wilding-blurry-2350000+ at 1-3 MP, judges 2130000+ to 2240000+), 4 were crossed
# (2350120, 2350172), as was judge re-wilding-2150160's ab-flip-4 (1.2 MP, sharpness 0.125,
# 1.92 px per mm), each with a trace of its cross left: some diagonal samples crossed or
# black strokes. The 378 with no such trace were all filled, as were the 1,889 read so
# elsewhere in those photos. So where a trace is left p(crossed) is HIDDEN_CROSS_P at least,
# about the share seen (5 of the 114 with a trace), and such a box reads unsure (PH200)
HIDDEN_SHARP = 0.16
HIDDEN_PXMM = 2.5
HIDDEN_CROSS_P = 0.05
# a box the player fills, in a blurred photo, with strong ink in it (`strong` > 0) and an ink
# score (`score_ink`) of BLUR_FILL or more is marked (PH207). The blurred curve is one
# logistic over classes that overlap on one side only: faint fills reach down among the
# empty boxes (0.13, the 990178 class), so its unsure band runs from 0.135 up to 0.383,
# while no empty box comes near its top. Of the 17,377 empty boxes in the 213 blurred photos
# among the heavily blurred set re-wilding-blurry-2350000+ (1-3 MP) and judges 2270000+ and
# 2450000+ to 2520000+, none scored over 0.197, and none of those over 0.05 had a strong
# sample; filled boxes from 0.30 to 0.38 were left unsure there (8 of 24) and were the most
# common Re-Wilding miss of sessions 61-63's judges at 2 MP and more (2220107, 2310100,
# 2390194, 2400188, 2450108, 2450187, 2520098). So at most 3 in 17,377 (the rule of three)
# might be empty
BLUR_FILL = 0.3
BLUR_FILL_P = 1.0 - 3 / 17377
# ... and so is one in a photo under 4.5 px per mm that isn't blurred, with an ink score of
# LOW_FILL or more, where the low curve ("fillbox_ink_low", mid 0.288, scale 0.026) leaves
# 0.17-0.41 unsure (PH208). Of the 131,557 empty boxes in the 1,433 such photos among judges
# 2430000+ to 2570000+ (bar 2500000+), none had a strong sample (on the ink share alone they
# reach 0.203, and one 0.531); of the 44,702 marked ones, 44,700 had. Fills at 0.22-0.39 were
# left unsure there (2430080, 2510137, 2560135)
LOW_FILL = 0.2
LOW_FILL_P = 1.0 - 3 / 131557


# a bullrush whose inside, clear of its print, holds INSIDE_SURE or more of darkness
# (`marks.ink_mass`'s `mass_inside`) is coloured or crossed: grey pencil there gives a mass
# of 0.67-0.85, which the low curve leaves unsure, and an inside of 4.76-6.5, where the
# 3,821 empty bullrushes of 3,844 photos under 4.5 px per mm (fitting, benchmark, 22 fresh
# ranges) reach 4.10 (one; the next 3.93). Of the 37,697 coloured or crossed ones past the
# bar none is empty: at most 3 in 37,697 might be (PH87). Photos of 4.5 px per mm and more
# hold 1,914 more empty bullrushes, reaching 3.27, and 20,811 marked ones past the bar (PH91)
INSIDE_ICONS = frozenset({"bullrush"})
INSIDE_SURE = 4.75
INSIDE_P = 1.0 - 3 / 37697
# a snake or bullrush whose inside is darker than any empty one's is never confidently
# empty, whatever little ink its outline shows: p(ink) at least 0.5 (PH155). Judge photo
# re-wilding-900065 (1.1 MP, 1.91 px per mm, very blurred): grey pencil snakes (inside 5.09)
# and bullrushes (4.49-4.73), no pixel of their inside clear of print, read empty at
# p = 0.994-1.0 on an outline mass of 0.05-0.24. On 1,627 Re-Wilding photos (the benchmark,
# the judges 850000+ to 900000+, the blurred sets 210000+ and 216000+, 300 at 9-12 MP) the
# 16,835 empty snakes reach 4.34 and the 1,655 empty bullrushes 3.81 (earlier sweeps: a
# blurred empty snake at 4.56, PH87's empty bullrushes at 4.10)
INSIDE_DOUBT = {"snake": 4.6, "bullrush": 4.25}
# ... and in a blurred photo under LOW_INSIDE_PXMM px per mm a snake's inside from
# LOW_INSIDE_DOUBT is no confident empty either: p(ink) at least LOW_INSIDE_P, so empty and
# unsure (PH161). Judge photo re-wilding-960081 (1.5 MP, 1.97 px per mm, blurred): a grey
# pencil snake read empty at p = 0.9995, inside 4.24; blurred-set photo 216083 (2.09 px per
# mm): one at 4.10. On the 3,001 cached Re-Wilding photos (32,889 empty snakes) the blurred
# ones under that scale reach it 5 times, all in photos under 2 MP, against those 2 coloured
LOW_INSIDE_PXMM = 2.2
LOW_INSIDE_DOUBT = 4.0
LOW_INSIDE_P = 0.3
# ... and a bullrush's (PH172). Judge photo re-wilding-1170079 (1.2 MP, 2.17 px per mm,
# blurred): a faint coloured bullrush read empty at p = 0.995, inside 4.08. On the 7,801
# cached Re-Wilding photos the blurred ones under that scale (210 photos) hold 183 empty
# bullrushes, the one from 4.0 at 4.27 (unsure already, INSIDE_DOUBT), and 2,701 coloured
LOW_INSIDE_ICONS = frozenset({"snake", "bullrush"})
# an outline whose inside, clear of its print, holds CHROMA_INSIDE_SURE or more of chroma over
# the paper round it (`chroma_inside`) is coloured: a highlighter fill, which darkens little,
# gives a snake a mass of 0.5-0.67 in photos under 4.5 px per mm, short of the low and blurred
# curves' 0.99, and an inside chroma of 0.5-1.45, where the 40,006 empty snakes of the same
# 3,844 photos reach 0.263 (PH88, PH91). Every icon from PH136 (judge re-wilding-700122,
# 4.8 MP: a bullrush in highlighter, mass 0.78, inside chroma 1.32, coloured at p = 0.92):
# on 9,200 Re-Wilding photos the 372,493 empty outlines reach 0.32 (a snake; a bullrush
# 0.215), and of the 341,585 coloured or crossed ones past the bar none is empty
CHROMA_INSIDE_SURE = 0.5
CHROMA_INSIDE_P = 1.0 - 3 / 341585
# an outline of any icon read empty whose inside chroma (`chroma_inside`) reaches this is
# unsure (PH101): of 261,753 empty outlines on 6,062 photos none passed 0.263 (a snake; a
# bullrush 0.222), while a bullrush coloured in pale ink in a 1.2 MP photo (re-wilding-440197)
# reached 0.469 and read empty at p = 0.9995. From 0.35 down to 0.3 (PH181): judge photo
# re-wilding-1560019 (1.3 MP, 2.5 px per mm): a snake in yellow highlighter, mass 0.24,
# inside chroma 0.348, read empty at p = 1.0. Empty outlines past 0.3 are rare: on 1,300
# photos (judges 1520000+ to 1560000+, 300 blurred) 1 of 32,000, a blurred snake at 0.343,
# already unsure; on PH136's 9,200 a snake at 0.32
CHROMA_DOUBT = 0.3
# an outline whose inside, clear of its print, is neither dark (`mass_inside` under the
# icon's bar) nor coloured (`chroma_inside` under BARE_CHROMA) holds no ink (PH103). Each bar
# is the least inside of the coloured or crossed outlines with so little chroma on the 1,482
# fitting photos; on every photo of the sweep (6,062) none of the icon's marked outlines
# falls under both, so at most 3 in that many (the rule of three) might: (bar, p(ink) cap).
# Kingfishers and fish have bars set on 5,431 fresh photos instead, well under their least
# marked outline's inside with so little chroma, crosses included (4.16 and 2.38), above
# the empty ones left unsure (PH119). Pines and snakes are left out: fresh photos broke
# their fitted bars
BARE_CHROMA = -0.5
BARE_INSIDE = {"squirrel": (2.15, 3 / 44088), "bullrush": (3.33, 3 / 79010),
               "lily": (2.49, 3 / 63755), "heather": (3.5, 3 / 54617),
               "kingfisher": (3.0, 3 / 4768), "fish": (2.0, 3 / 14804)}
# a snake or bullrush outline in a photo at FAINT_PXMM or more whose ink over the whole
# outline (`mass`) is under the icon's floor is empty (PH120): there colouring leaves far
# more. On 5,431 fresh photos the least mass of a marked one at 3.5 px per mm and more (a
# clear cross aside) is 0.771 of 2,419 snakes and 0.704 of 38,270 bullrushes, while empty
# ones reach 0.29 and 0.19 and some read at p = 0.95-0.99 only (fresh re-wilding-390199,
# judges 590083 and 590119): (floor, p(ink) cap, the rule of three). Under 3.5 px per mm a
# faint snake's colouring falls to 0.12 (PH101)
FAINT_PXMM = 3.5
FAINT_MASS = {"snake": (0.4, 3 / 2419), "bullrush": (0.4, 3 / 38270)}
# ... unless its inside, clear of print, is darker (`mass_inside`) than any empty one the
# floor caps: then the two measures disagree and the outline is unsure (PH137). Photo
# re-wilding-510531-2-4mp (2.8 MP, 4.8 px per mm, a cast shadow): three bullrushes and a
# snake lightly coloured in grey pencil, mass 0.33-0.40, inside 4.67-5.19, read empty at
# p = 0.999-1.0. On 9,200 Re-Wilding photos the outlines the floor caps reach an inside of
# 4.15 (49,542 empty snakes) and 3.55 (4,566 empty bullrushes); no marked one is capped
FAINT_INSIDE = {"snake": 4.5, "bullrush": 4.0}


# an outline in a sharp photo (its cross read by the per-sample test, 7 px per mm and more)
# whose cross score is under CROSS_NONE is not crossed: on 6,600 Re-Wilding photos the 1,478
# crossed outlines so read score 0.5 or more and the coloured ones at most 0.364 (heathers,
# whose fingers run along the diagonals), where the shared curve leaves 0.33-0.36 unsure.
# Of the 14,394 coloured ones under the bar none is crossed: at most 3 in 14,394 (PH92)
CROSS_NONE = 0.42
CROSS_NONE_P = 3 / 14394


def score_cross(ev: dict, kind: str = "") -> float:
    """A cross covers both diagonals (for `ARM_KINDS`: darkens both, on average); a black
    scribble covers most of the area (dense pencil or ballpoint colouring can look black in
    patches, so only a large share counts)."""
    x = ev.get("arms", 0.0) if kind in ARM_KINDS else ev["cross"]
    if kind in SHARPNESS_KINDS:
        sharp = max(ev.get("sharpness", 1.0), 0.05)
        x /= sharp
        if kind in BASE_KINDS:
            x -= min(max(ev.get("arms_base", 0.0), 0.0) / sharp, ARMS_BASE_MAX)
    return max(x, black_term(ev))


def black_term(ev: dict) -> float:
    """The cross score a black scribble over most of the area gives by itself."""
    return min(1.0, max(0.0, ev["black"] - 0.5) * 2.5)


# "black" is 1 - the brightest channel: dense blue ballpoint colouring over a thin icon in a
# small photo reaches it (judge re-wilding-430119: a bullrush at 0.8, its ink's a*b* chroma
# 0.2). Outlines read crossed by the black share alone, whose ink is this colourful, are
# unsure (PH77): on 5,800 photos crossed outlines with black 0.6 or more reach chroma 0.08
# and none needs the black share to read crossed; coloured ones reach black 0.4 (one).
# Judge photo re-wilding-460163 (2.7 MP, blurred): dense ballpoint on a bullrush measured
# black 1.0 at chroma 0.122, read crossed at p = 1.0 until a rule made it unsure; on 6,200
# photos the 185 crossed outlines with black 0.6 or more reach 0.080, so the bar is 0.1 (PH86)
BLACK_CHROMA = 0.1


# photo px per mm: below the first, outlines and boxes have their own curves ("_low");
# between the two (if they differ), the less confident curve decides. Ink splits at 4.5
# px/mm. Crosses split at 7: below it the matched filter separates crossed from coloured
# on the calibration photos, where the per-sample test left 4.5-7 px/mm crosses in the
# unsure band (crossed boxes down to 0.33 coverage, filled ones up to 0.38); from 7 on the
# per-sample test separates them too (crossed boxes from 0.73, filled ones up to 0.24).
LOW_PXMM = {"ink": (4.5, 4.5), "cross": (7.0, 7.0)}


def bands(what: str, px: float) -> list[str]:
    """The curve suffixes ("" and/or "_low") for an ink or cross score at px per mm."""
    lo, hi = LOW_PXMM[what]
    return ([""] if not 0.0 < px < lo else []) + (["_low"] if 0.0 < px < hi else [])


# icons whose colouring is read on ink curves of their own (ruling PH23): coloured snakes
# and bullrushes, the thin icons, show the least ink of any (on the fitting photos at
# least 0.4-0.7 against 0.9-1.9 for the others), so one curve for all icons has its edge
# where they are, too steep for them and too shallow for the rest
OWN_INK_CURVES = frozenset({"snake", "bullrush"})


def curve_base(mark: Mark, what: str = "") -> str:
    """The family of curves an outline or box is read on: "outline", "fillbox", or
    "printbox" for a box printed filled (only a cross can be added to it); for the ink of
    an icon in OWN_INK_CURVES, the icon's name."""
    if mark.kind == "outline":
        return mark.icon if what == "ink" and mark.icon in OWN_INK_CURVES else "outline"
    return "printbox" if mark.states[0] != EMPTY else "fillbox"


def multi_kinds(mark: Mark, ev: dict, what: str) -> list[str]:
    """The calibration kinds for an outline's or box's ink or cross score. Thin strokes fade
    in small photos, so those have their own curves; a box printed filled has its own cross
    curve ("printbox_cross": a cross over flat print). An icon with ink curves of its own
    is read on them once all of them (sharp, small, blurred) are fitted."""
    kind = f"{curve_base(mark)}_{what}"
    own = f"{curve_base(mark, what)}_{what}"
    if own != kind and all(own + s in params() for s in ("", "_low", BLUR)):
        kind = own
    if ev.get("blurred"):
        blurred = [k + BLUR for k in (kind, f"fillbox_{what}") if k + BLUR in params()]
        if blurred:
            return blurred[:1]
    out = [kind + b for b in bands(what, ev.get("photo_pxmm", 0.0))]
    return [k for k in out if k in params()] or [kind if kind in params() else f"fillbox_{what}"]


def multi_probability(mark: Mark, ev: dict, what: str) -> float:
    """p under the mark's curve, or under the less confident of two near the resolution split."""
    ps = [probability(k, multi_score(ev, what, k)) for k in multi_kinds(mark, ev, what)]
    return min(ps, key=lambda p: abs(p - 0.5))


def multi_score(ev: dict, what: str, kind: str) -> float:
    """The score an outline's or box's curve `kind` is fitted on."""
    return score_ink(ev) if what == "ink" else score_cross(ev, kind)


def decide_multi(mark: Mark, ev: dict) -> Reading:
    """A reading for outlines and boxes with three states (empty, coloured/filled, crossed),
    or two (a printed filled box: filled or crossed; a tick box: empty or filled)."""
    p_ink = multi_probability(mark, ev, "ink")
    p_cross = multi_probability(mark, ev, "cross")
    cross_kinds = multi_kinds(mark, ev, "cross")
    x_cross = max(multi_score(ev, "cross", k) for k in cross_kinds)
    if mark.kind == "fillbox" and ARM_KINDS & set(cross_kinds) and ev.get("cross", 0.0) >= BOTH_CROSS \
            and x_cross >= BOTH_ARMS:
        # the per-sample test and the matched filter both see a cross (PH83)
        p_cross = max(p_cross, BOTH_P)
    if mark.kind == "fillbox" and cross_kinds == ["fillbox_cross"] and x_cross >= SHARP_CROSS:
        p_cross = max(p_cross, SHARP_CROSS_P)   # past every filled box's share (PH135)
    if mark.kind == "fillbox" and cross_kinds == ["fillbox_cross"] and "filter_arms" in ev \
            and 1.0 - CONFIDENT < p_cross < CONFIDENT:
        p_filter = probability(FILTER_KIND, score_cross(ev | {"arms": ev["filter_arms"]}, FILTER_KIND))
        if not 1.0 - CONFIDENT < p_filter < CONFIDENT:
            p_cross = p_filter      # the matched filter is sure where the samples are not (PH152)
    if mark.kind == "fillbox" and mark.states[0] == EMPTY and CROSSED in mark.states \
            and ev.get("sharpness", 1.0) < HIDDEN_SHARP and ev.get("photo_pxmm", 99.0) < HIDDEN_PXMM \
            and (ev.get("cross", 0.0) > 0.0 or ev.get("black", 0.0) > 0.0):
        p_cross = max(p_cross, HIDDEN_CROSS_P)   # a cross the blur may have all but wiped out (PH200)
    if mark.kind == "fillbox" and mark.states[0] == EMPTY and ev.get("strong", 0.0) > 0.0:
        # past every empty box's ink in blurred photos (PH207) and in others under the
        # resolution split (PH208)
        if ev.get("blurred"):
            if score_ink(ev) >= BLUR_FILL:
                p_ink = max(p_ink, BLUR_FILL_P)
        elif 0.0 < ev.get("photo_pxmm", 0.0) < LOW_PXMM["ink"][1] and score_ink(ev) >= LOW_FILL:
            p_ink = max(p_ink, LOW_FILL_P)
    if mark.kind == "outline":
        # a dark fill inside a bullrush (PH87) or a highlighter's inside any outline (PH88,
        # PH136), clear of its print
        if mark.icon in INSIDE_ICONS and ev.get("mass_inside", 0.0) >= INSIDE_SURE:
            p_ink = max(p_ink, INSIDE_P)
        if ev.get("mass_inside", 0.0) >= INSIDE_DOUBT.get(mark.icon, 99.0):
            p_ink = max(p_ink, 0.5)     # darker inside than any empty one: unsure (PH155)
        elif mark.icon in LOW_INSIDE_ICONS and ev.get("blurred") and ev.get("photo_pxmm", 99.0) < LOW_INSIDE_PXMM \
                and ev.get("mass_inside", 0.0) >= LOW_INSIDE_DOUBT:
            p_ink = max(p_ink, LOW_INSIDE_P)    # near the resolution floor: unsure (PH161, PH172)
        if ev.get("chroma_inside", 0.0) >= CHROMA_INSIDE_SURE:
            p_ink = max(p_ink, CHROMA_INSIDE_P)
        bare = BARE_INSIDE.get(mark.icon)
        if bare and ev.get("mass_inside", 99.0) < bare[0] and ev.get("chroma_inside", 99.0) < BARE_CHROMA:
            # nothing inside the outline, clear of its print: neither dark nor coloured (PH103)
            p_ink = min(p_ink, bare[1])
        faint = FAINT_MASS.get(mark.icon)
        if faint and ev.get("photo_pxmm", 0.0) >= FAINT_PXMM and ev.get("mass", 99.0) < faint[0]:
            # far less ink over the outline than any colouring leaves at this scale (PH120),
            # unless its inside is darker than any empty one's so capped: unsure (PH137)
            dark_inside = ev.get("mass_inside", 0.0) >= FAINT_INSIDE[mark.icon]
            p_ink = 0.5 if dark_inside else min(p_ink, faint[1])
        if cross_kinds == ["outline_cross"] and x_cross < CROSS_NONE:
            # no cross the per-sample test can see in a sharp photo (PH92)
            p_cross = min(p_cross, CROSS_NONE_P)
    states = mark.states
    # a box the player fills with no strong sample inside: empty in a sharp photo (PH52),
    # never confidently filled elsewhere (PH57)
    weak = mark.kind == "fillbox" and states[0] == EMPTY and ev.get("strong", 1.0) <= 0.0
    bare = weak and not ev.get("blurred") and ev.get("photo_pxmm", 0.0) >= NO_STRONG_PXMM
    if weak:
        p_ink = min(p_ink, NO_STRONG_P if bare else WEAK_P)
    if len(states) == 3:
        # the cross curve is fitted among marked outlines: it splits a mark into coloured
        # or crossed; a clear X with little ink inside counts as a mark by itself: clear
        # above what the icon's own print gives the matched filter in this photo (PH62)
        x_clear = x_cross
        if "arms_base" in ev:
            over_print = {k: v for k, v in ev.items() if k != "arms_base"} | {"arms": ev["arms"] - ev["arms_base"]}
            x_clear = max(multi_score(over_print, "cross", k) for k in cross_kinds)
        p_any = p_ink if x_clear < 0.5 else max(p_ink, p_cross)
        if bare:
            p_any = min(p_any, NO_STRONG_P)
        probs = {states[0]: 1 - p_any, states[1]: p_any * (1 - p_cross), states[2]: p_any * p_cross}
    elif states[0] != EMPTY:           # printed filled: only a cross can be added
        probs = {states[0]: 1 - p_cross, states[1]: p_cross}
    else:
        probs = {states[0]: 1 - p_ink, states[1]: p_ink}
    ranked = sorted(probs.items(), key=lambda kv: kv[1], reverse=True)
    (state, conf), (alt, _) = ranked[0], ranked[1]
    unsure = conf < CONFIDENT
    if "arms_base" not in ev and BASE_KINDS & set(cross_kinds) and state != EMPTY:
        # no print baseline to read this cross curve over (an icon with too few outlines
        # measured; never met on 3,800 photos): the icon's print alone may be the "cross"
        unsure, conf = True, min(conf, 0.5)
    if mark.kind == "fillbox" and state == FILLED and CROSSED in states \
            and (ev.get("cross", 0.0) >= FILLED_CROSS[0] and ev.get("black", 0.0) >= FILLED_CROSS[1]
                 or ev.get("black", 0.0) >= FILLED_BLACK):
        # black strokes along both diagonals over the fill: a cross the arms missed? (PH177)
        unsure, conf, alt = True, min(conf, 0.75), CROSSED
    if state == CROSSED and ev.get("mass_chroma", 0.0) >= BLACK_CHROMA \
            and max(multi_score({**ev, "black": 0.0}, "cross", k) for k in cross_kinds) < black_term(ev):
        # crossed by the black share alone, in colourful ink: dense colouring may read so (PH77)
        unsure, conf = True, min(conf, 0.75)
    if state == EMPTY and mark.kind == "outline" and ev.get("chroma_inside", 0.0) >= CHROMA_DOUBT:
        # colour inside the outline, clear of its print, beyond any empty outline's (PH101)
        unsure, conf = True, min(conf, 0.75)
    if "mass" not in ev and ev.get("visible", 1.0) < VISIBLE_MIN.get(mark.kind, 0.35) and ev.get("cross", 0.0) < 0.5:
        unsure, conf = True, min(conf, 0.5 + 0.5 * ev.get("visible", 0.0))
    x_ink = max(multi_score(ev, "ink", k) for k in multi_kinds(mark, ev, "ink"))
    # "probs": each state's probability before the caps above (a row's order may rule one
    # out, `re_wilding.settle_rows`)
    ev = {**ev, "score": x_ink, "cross_score": x_cross, "probs": probs}
    return Reading(mark, state, conf, unsure, alt if unsure else None, ev)
