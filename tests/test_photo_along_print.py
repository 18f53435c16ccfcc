"""A faint berm along print, where no line is found, is unsure, not empty (PH184)."""
from __future__ import annotations

import numpy as np

from scorer.photo import berms, decide
from scorer.photo.markmap import EMPTY, MARKED, Mark

SEG = (10.0, 20.0, 87.0, 20.0)     # Aquaterra's E2-W2 runs 77 mm along a lattice line


def _profile(level: float, print_share: float):
    """Sampled corridor arrays for SEG: ink `level` on the nominal line at every station,
    nothing elsewhere; the first `print_share` of the stations have print on the line."""
    _, _, _, t, offs, side, _, _ = berms._geometry(SEG)
    cols = len(offs) + len(side)
    ink = np.zeros((len(t), cols), np.float32)
    ink[:, : len(offs)][:, np.abs(offs) <= 0.3] = level
    kn = np.ones_like(ink, bool)
    clear = np.ones_like(ink, bool)
    clear[: round(print_share * len(t)), : len(offs)][:, np.abs(offs) <= 1.0] = False
    return offs, ink, kn, clear


def _reading(along: dict):
    # what `berms.lines_evidence` gives a corridor with too few strong peaks for a line
    # (raging-waters-blurry-2300042: coverage 0.16, strength 0, the whole length its gap)
    ev = berms._no_line(77.0, 130, 130, 21) | along | {"blurred": True}
    return decide.decide(Mark("aquaterra/berm/E2-W2", "line", SEG), ev)


def test_a_faint_line_along_print_makes_a_line_read_empty_unsure():
    # raging-waters-blurry-2300042 (1.2 MP, sharpness 0.125): a drawn E2-W2 in faint
    # pencil, its excess over the lattice line 0.54 along the print, read empty at p = 1.0
    along = berms._along_print(*_profile(0.55, 0.88))
    assert along["print_share"] >= berms.ALONG_SHARE and along["print_ink"] >= decide.PRINT_FAINT
    r = _reading(along)
    assert r.state == EMPTY and r.unsure and r.alternative == MARKED


def test_a_bare_lattice_line_leaves_an_empty_candidate_sure():
    # empty candidates run along print reach 0.33 (on 600 photos, blurred ones among them)
    along = berms._along_print(*_profile(0.3, 0.88))
    r = _reading(along)
    assert along["print_ink"] < decide.PRINT_FAINT and r.state == EMPTY and not r.unsure


def test_faint_ink_on_plain_paper_is_not_read_as_a_line_along_print():
    # on plain paper a noisy blurred photo's empty corridors reach 0.63: no doubt there
    along = berms._along_print(*_profile(0.7, 0.3))
    assert "print_ink" not in along
    assert not _reading(along).unsure


def test_the_reading_says_why_it_is_unsure():
    r = _reading(berms._along_print(*_profile(0.55, 0.88)))
    assert r.why and "along the print" in r.why
    assert _reading(berms._along_print(*_profile(0.3, 0.88))).why is None
