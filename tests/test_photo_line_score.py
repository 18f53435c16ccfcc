"""decide.score_line where a faint line's misses all lie along print (PH66)."""
from __future__ import annotations

from scorer.photo import decide
from scorer.photo.markmap import MARKED, Mark


def _ev(coverage: float, clear_cov: float, clear_share: float, **kw) -> dict:
    ev = {"coverage": coverage, "clear_cov": clear_cov, "clear_share": clear_share, "gap": 0.0,
          "offset": 1.4, "ends": (2.8, 2.8), "clutter": 0.0}
    return ev | kw


def test_a_line_whole_on_plain_paper_and_missing_only_over_print_reads_as_drawn():
    # fresh photo raging-waters-240187 (2.6 MP): a grey pencil berm S1-W1 across a printed
    # label, inked on every station on plain paper (35 % of them run over print): coverage
    # 0.65, p = 0.973, unsure
    ev = _ev(0.652, 1.0, 0.652)
    assert decide.probability("line", decide.score_line(ev)) >= decide.CONFIDENT
    # a skip on plain paper too, with the ink not traced to both piles: the misses count (PH114)
    assert decide.probability("line", decide.score_line(ev | {"clear_cov": 0.92, "ends": (2.8, 9.0)})) \
        < decide.CONFIDENT


def test_the_coverage_on_plain_paper_counts_only_where_enough_of_it_is_plain_and_unexplained():
    base = decide.score_line(_ev(0.652, 0.652, 1.0))
    assert decide.score_line(_ev(0.5, 1.0, 0.5)) < base        # mostly over print: coverage as is
    assert decide.score_line(_ev(0.652, 1.0, 0.652, explained=0.3)) == decide.score_line(
        _ev(0.652, 0.652, 1.0, explained=0.3))                  # judged on what other lines leave


def test_a_candidate_emptied_by_a_later_stage_keeps_its_empty_coverage():
    # fresh photo raging-waters-310157: E1-S3, emptied as its neighbour's ink (coverage 0),
    # kept its corridor's figures (all of it inked on plain paper) and read unsure at 0.61
    emptied = _ev(0.0, 1.0, 1.0, gap=36.9)
    assert decide.score_line(emptied) == decide.score_line(_ev(0.0, 0.0, 1.0, gap=36.9))


def test_a_crossing_or_two_explained_by_other_lines_leaves_the_plain_paper_coverage():
    # PH71, fresh judge raging-waters-400136 (2.3 MP, blurred): a faint N1-S3 inked on every
    # station on plain paper, 8 % of its stations at crossings explained by other lines,
    # coverage 0.71, read unsure at p = 0.981
    ev = _ev(0.708, 1.0, 0.667, explained=0.078, blurred=True)
    assert decide.score_line(ev) == decide.score_line(_ev(1.0, 1.0, 0.667, explained=0.078))
    more = ev | {"explained": 0.2}                             # more than crossings: as is
    assert decide.score_line(more) == decide.score_line(_ev(0.708, 0.708, 1.0, explained=0.2))


def test_a_line_traced_from_pile_to_pile_is_judged_on_its_plain_paper():
    # PH114, fresh photo raging-waters-270045 (2.5 MP): a berm S1-W1 across the corner's two
    # labels (26 % of its stations over print) with a pen skip on plain paper: coverage 0.61,
    # 0.82 on plain paper, its ink traced to within 2.1 and 2.4 mm of its piles; read unsure
    # at p = 0.948
    ev = _ev(0.609, 0.824, 0.739, gap=1.5, offset=0.7, ends=(2.08, 2.42), explained=0.0)
    assert decide.probability("line", decide.score_line(ev)) >= decide.CONFIDENT
    # traced short of a pile, or judged on what other lines leave, or mostly over print: as is
    for other in ({"ends": (2.08, 6.5)}, {"explained": 0.2}, {"clear_share": 0.55}):
        assert decide.score_line(ev | other) == decide.score_line(ev | other | {"clear_cov": 0.609})


def _fan(**kw) -> dict:
    """Fresh photo raging-waters-470182 (5.6 MP): canalville's empty N1-E2, between a drawn
    N1-E3 from its own pile and a drawn N2-E2 to its other one."""
    ev = {"coverage": 0.855, "gap": 4.5, "clear_cov": 0.892, "clear_share": 0.841, "known": 1.0,
          "clutter": 0.0, "strength": 5.753, "offset": 2.257, "length": 78.17, "ends": (3.6, 21.3),
          "sharpness": 0.437, "halfwidth": 0.8, "explained": 0.53}
    return ev | kw


def _p(ev: dict) -> float:
    """p of drawn."""
    r = decide.decide(Mark("canalville/berm/N1-E2", "line", (0, 0, 1, 1)), ev)
    return r.confidence if r.state == MARKED else 1.0 - r.confidence


def test_a_corridor_of_other_lines_ink_that_stops_short_of_a_pile_is_no_berm():
    # PH118: read drawn at p = 0.984 on the ink of the two lines beside it (53 % of its
    # stations explained by them), its ink traced to 3.6 mm of N1 and 21.3 mm of E2
    assert decide.probability("line", decide.score_line(_fan())) > 0.9
    assert _p(_fan()) <= decide.OTHERS_P
    # a drawn line's own: traced to both piles (those with so much explained end within
    # 7.5 mm), a pen skip with little explained (at most 0.28 on the fresh photos), a corridor
    # its ink fills, or an unresolved family's doubt: all left to the curve and PH28
    for own in ({"ends": (3.6, 7.5)}, {"explained": 0.28}, {"coverage": 0.95},
                {"ambiguous": True}):
        assert _p(_fan(**own)) > decide.OTHERS_P
    assert _p(_fan(ends=(3.6, 7.5))) > 0.9


def test_a_corridor_inked_whole_on_its_own_is_no_other_lines_ink_however_much_they_explain():
    # PH170, judge photo raging-waters-1090133 (1.2 MP, blurred): Delta's drawn E3-W3, no miss
    # along its corridor but over print, every station on plain paper inked (68 % of it),
    # those no other line explains too; a shallow crossing and E3-W2, a candidate never drawn
    # and left in doubt, explained 70 % of it, and its faint trace stopped 20 mm from W3 in
    # print: PH118 read it empty at p = 1.0, a confident wrong mark
    ev = {"coverage": 0.615, "gap": 0.0, "clear_cov": 1.0, "clear_share": 0.677, "clear_miss": 0.0,
          "known": 1.0, "clutter": 0.008, "strength": 2.09, "offset": 1.484, "length": 77.196,
          "ends": (1.34, 20.22), "sharpness": 0.168, "blurred": True, "halfwidth": 0.7,
          "explained": 0.7, "clear_own": 1.0}
    assert decide.whole_own(ev) and not decide.others_ink(ev)
    assert _p(ev) > 0.5
    # its own stations or its plain paper less than whole, a miss longer than STRAY_GAP on
    # them, or mostly over print: other lines' ink, as PH118 says (470182's fan: 0.83, 0.89)
    for other in ({"clear_own": 0.83}, {"clear_cov": 0.89}, {"gap": 4.5}, {"clear_share": 0.55}):
        assert decide.others_ink(ev | other) and _p(ev | other) <= decide.OTHERS_P


def test_a_long_line_crossing_several_others_is_judged_on_its_own_plain_paper():
    # PH132, judge photo raging-waters-680178 (2.2 MP): Canalville's E2-W2, 77 mm long, runs
    # along a swamp's printed edge (37 % of its stations over print) and crosses other lines
    # (15 % of its stations explained by them); inked on 97 % of its own stations on plain
    # paper: coverage 0.65, read unsure at p = 0.75
    ev = _ev(0.648, 0.974, 0.634, gap=1.0, offset=1.87, ends=(2.42, 28.98), explained=0.146, clear_own=0.968)
    assert decide.probability("line", decide.score_line(ev)) >= decide.CONFIDENT
    as_is = decide.score_line(ev | {"clear_own": 0.0})
    assert as_is == decide.score_line(_ev(0.648, 0.648, 1.0, gap=1.0, offset=1.87, ends=(2.42, 28.98), explained=0.146))
    # its own plain paper inked as an empty corridor's in that band may be (0.75 at most on
    # the corpus), more than crossings explained, or mostly over print: as is
    for other in ({"clear_own": 0.75}, {"explained": 0.3}, {"clear_share": 0.55}):
        assert decide.score_line(ev | other) == decide.score_line(ev | other | {"clear_own": 0.0})


def test_one_pen_skip_on_a_line_otherwise_whole_is_bridged():
    # PH143, judge photo raging-waters-790024 (4.5 MP): a corner berm S1-W1, 23 mm long, 30 %
    # of it over the corner's labels and piles; its 16 stations on plain paper inked but for
    # one pen skip of 2.5 mm (5 stations), its ink traced to 2.0 and 3.1 mm of its piles:
    # coverage 0.52, 0.69 on plain paper, read unsure at p = 0.985 (780192: the same at 0.989)
    ev = _ev(0.522, 0.688, 0.696, gap=2.5, clear_miss=2.5, offset=1.42, ends=(2.04, 3.06), explained=0.0)
    assert decide.probability("line", decide.score_line(ev | {"clear_miss": None})) < decide.CONFIDENT
    assert decide.probability("line", decide.score_line(ev)) >= decide.CONFIDENT
    # misses on plain paper beyond the one run, a longer skip, or ink not traced to both
    # piles: the misses count as before
    for other in ({"clear_miss": 3.0}, {"gap": 3.5, "clear_miss": 3.5}, {"ends": (2.04, 6.5)}):
        assert decide.score_line(ev | other) == decide.score_line(ev | other | {"clear_miss": None})


def test_a_faint_line_whose_trace_breaks_but_whose_corridor_does_not_is_unsure():
    # PH144, judge photo raging-waters-800143 (1.1 MP, a faint pencil): Delta's drawn E3-W4,
    # its corridor inked at 49 % with no miss longer than 4 mm, but its trace broken 41 and
    # 37 mm from its piles; the stray penalty read it empty at p = 0.998
    ev = {"coverage": 0.491, "gap": 4.0, "clear_cov": 0.753, "clear_share": 0.679, "clear_miss": 11.0,
          "known": 1.0, "clutter": 0.0, "strength": 1.263, "offset": 0.674, "length": 77.8,
          "ends": (40.75, 36.78), "sharpness": 0.501, "halfwidth": 0.3, "explained": 0.13}
    r = decide.decide(Mark("delta/berm/E3-W4", "line", (0, 0, 1, 1)), ev)
    assert r.unsure and r.confidence <= 1.0 - decide.UNBROKEN_P
    # a longer miss (crossings leave them), a trace that reaches a pile, or a corridor
    # mostly over print that other lines explain beyond their crossings (PH162): the
    # penalty stands and the reading is as sure as before
    for other in ({"gap": 5.5}, {"ends": (5.0, 36.78)}, {"clear_share": 0.5, "explained": 0.4}):
        assert not decide.unbroken_stray(ev | other)
    r = decide.decide(Mark("delta/berm/E3-W4", "line", (0, 0, 1, 1)), ev | {"gap": 5.5})
    assert not r.unsure and r.state != MARKED


def test_an_unbroken_faint_line_along_print_is_unsure_unless_other_lines_explain_it():
    # PH162, judge photo raging-waters-980035 (1.4 MP, blurred): Aquaterra's drawn E2-W2
    # runs along a printed lattice line (24 % of its stations on plain paper); the pencil
    # over the print breaks the trace 34 and 38 mm from the piles, its longest miss 1.5 mm.
    # The stray penalty read it empty at p = 0.995
    ev = {"coverage": 0.449, "gap": 1.5, "clear_cov": 0.871, "clear_share": 0.24, "clear_miss": 2.0,
          "known": 0.992, "clutter": 0.0, "strength": 1.2, "offset": 0.999, "length": 77.0,
          "ends": (34.5, 38.25), "sharpness": 0.141, "blurred": True, "halfwidth": 0.2,
          "explained": 0.085, "clear_own": 0.871}
    r = decide.decide(Mark("aquaterra/berm/E2-W2", "line", (0, 0, 1, 1)), ev)
    assert r.unsure and r.confidence <= 1.0 - decide.UNBROKEN_P
    # pieces of two lines drawn from its piles (benchmark photo raging-waters-100023, 4.5 MP:
    # Canalville's empty E4-W3, 79 % of it explained by the lines crossing it): sure as before
    pieces = ev | {"coverage": 0.464, "gap": 2.0, "clear_share": 0.598, "explained": 0.786, "offset": 2.45,
                   "ends": (36.3, 35.4), "blurred": False, "sharpness": 0.9}
    assert not decide.unbroken_stray(pieces)
    r = decide.decide(Mark("canalville/berm/E4-W3", "line", (0, 0, 1, 1)), pieces)
    assert not r.unsure and r.state != MARKED


def test_ink_whose_fit_misses_a_pile_by_more_than_a_berm_is_no_unbroken_line():
    # PH154, judge photo raging-waters-890019 (10.7 MP): Delta's empty corner berm N4-E4
    # (23 mm) passes a drawn house dot; the dot fills 30 % of its short corridor, with 4 mm
    # of paper on either side, so PH144 took it for an unbroken line and left it unsure
    # (p = 0.7). The fit through the dot misses the piles by 3.2 mm, more than a drawn berm
    spot = {"coverage": 0.304, "gap": 4.0, "clear_cov": 0.304, "clear_share": 1.0, "clear_miss": 8.0,
            "known": 1.0, "clutter": 0.0, "strength": 11.436, "offset": 3.207, "length": 23.335,
            "ends": (10.46, 10.77), "sharpness": 0.911, "halfwidth": 0.9}
    assert not decide.unbroken_stray(spot)
    r = decide.decide(Mark("delta/berm/N4-E4", "line", (0, 0, 1, 1)), spot)
    assert not r.unsure and r.state != MARKED
    # within a berm's miss of its piles, PH144 stands
    assert decide.unbroken_stray(spot | {"offset": decide.STRAY_OFFSET})


def test_a_faint_line_inked_whole_on_its_own_plain_paper_is_drawn_where_its_trace_stops_in_print():
    # PH168, judge photo raging-waters-1070063 (2.2 MP, blurred): Delta's drawn N4-S3, no
    # miss anywhere along its corridor, 93 % of its stations on plain paper inked (91 % of
    # those no other line explains), its fit 0.4 mm from its piles; the faint pencil over
    # print stopped its trace 24 and 21 mm short, and PH144 left it unsure at p = 0.62
    ev = {"coverage": 0.69, "gap": 0.0, "clear_cov": 0.933, "clear_share": 0.659, "clear_miss": 3.0,
          "known": 1.0, "clutter": 0.044, "strength": 2.305, "offset": 0.424, "length": 80.081,
          "ends": (24.0, 21.08), "sharpness": 0.239, "blurred": True, "halfwidth": 0.7,
          "explained": 0.259, "clear_own": 0.909}
    assert decide.unbroken_whole(ev)
    r = decide.decide(Mark("delta/berm/N4-S3", "line", (0, 0, 1, 1)), ev)
    assert not r.unsure and r.state == MARKED
    # its plain paper less than whole, more of it over print, or more than crossings
    # explained (100023's pieces of two lines: 0.79): unbroken, unsure or empty as before
    for other in ({"clear_cov": 0.87}, {"clear_own": 0.85}, {"clear_share": 0.55}, {"explained": 0.4}):
        assert not decide.unbroken_whole(ev | other)
        assert decide.decide(Mark("delta/berm/N4-S3", "line", (0, 0, 1, 1)), ev | other).unsure \
            or decide.decide(Mark("delta/berm/N4-S3", "line", (0, 0, 1, 1)), ev | other).state != MARKED
