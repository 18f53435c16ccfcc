"""Decks as data: validation of deck files and the one renderer that draws any deck."""
from __future__ import annotations

import copy

import pytest

from sheets.canvas import RecordingCanvas
from sheets.deck import DeckError, deck_pieces, load_deck, parse_deck
from sheets.kit import Kit, PieceSheet
from sheets.printopts import PrintOptions

MINI = {
    "deck": "mini", "title": "Mini", "version": 1, "size": [63, 88],
    "colors": {"frame": "#223344"},
    "types": {"a": {"label": "Alpha", "color": "#aa3322", "icon": "burst", "letter": "A"},
              "b": {"label": "Beta", "color": "frame", "icon": "letter:B", "letter": "B"}},
    "defaults": {"layout": "card", "back": "back"},
    "layouts": {
        "card": [{"kind": "fill", "color": "frame"},
                 {"kind": "badge", "box": [3, 3, 10, 10], "shape": "drop", "fill": "water", "text": "{cost}"},
                 {"kind": "text", "box": [3, 15, 57, 8], "text": "{name}", "font": "bold", "size": 4},
                 {"kind": "icon", "box": [20, 30, 20, 20], "icon": "{type_icon}", "color": "type"},
                 {"kind": "textbox", "box": [5, 55, 53, 25], "text": "{text}", "size": 3}],
        "back": [{"kind": "fill", "color": "frame"}, {"kind": "pattern", "color": "#334455"}]},
    "cards": [{"id": "one", "name": "One", "count": 3, "type": "a", "cost": 0, "text": "**Attack.**"},
              {"id": "two", "name": "Two", "count": 2, "type": "b", "cost": 2, "text": "Draw 1.\n- a bullet"}],
}


def test_a_deck_renders_one_piece_per_physical_card():
    deck = parse_deck(MINI)
    assert deck.size == 5 and deck.counts() == {"one": 3, "two": 2}
    ps = deck_pieces(deck)
    assert [p.kind for p in ps] == ["one"] * 3 + ["two"] * 2
    man = Kit("Mini", PrintOptions()).add(PieceSheet("Mini", ps, deck.w, deck.h)).render(RecordingCanvas())
    assert man.counts() == deck.counts()
    assert man.counts(side="back") == deck.counts()
    assert man.counts(by="group") == deck.counts(by="type")


def test_cost_zero_is_printed():
    cv = RecordingCanvas()
    Kit("Mini", PrintOptions(duplex="none")).add(PieceSheet("Mini", deck_pieces(parse_deck(MINI)), 63, 88)).render(cv)
    texts = cv.texts()
    assert texts.count("0") == 3 and texts.count("2") == 2 and "Attack." in texts


def _broken(**change):
    d = copy.deepcopy(MINI)
    for path, value in change.items():
        target = d
        keys = path.split("__")
        for k in keys[:-1]:
            target = target[int(k)] if k.isdigit() else target[k]
        target[keys[-1]] = value
    return d


@pytest.mark.parametrize("change, message", [
    ({"cards__0__type": "zzz"}, "card 'one': unknown type 'zzz'"),
    ({"cards__1__id": "one"}, "card 'one': duplicate id"),
    ({"cards__0__count": 0}, "card 'one': count must be at least 1"),
    ({"cards__0__layout": "nope"}, "card 'one': no layout named 'nope'"),
    ({"layouts__card__2__text": "{flavour}"}, "prints {flavour} but the card has no 'flavour'"),
    ({"layouts__card__3__icon": "{name}"}, "draws icon 'One', which does not exist"),
    ({"layouts__card__1__kind": "blob"}, "unknown kind 'blob'"),
    ({"layouts__card__1__fill": "blueish"}, "unknown colour 'blueish'"),
    ({"types__a__icon": "zzz"}, "type 'a': unknown icon 'zzz'"),
    ({"size": [63]}, "size must be [width, height]"),
])
def test_bad_deck_files_name_the_problem(change, message):
    with pytest.raises(DeckError, match=__import__("re").escape(message)):
        parse_deck(_broken(**change), "mini.json")


def test_unknown_deck_name():
    with pytest.raises(DeckError, match="no deck named 'nope'"):
        load_deck("nope")


def test_ink_saver_card_has_no_dark_fills():
    cv = RecordingCanvas()
    Kit("Mini", PrintOptions(duplex="long", ink_saver=True)).add(
        PieceSheet("Mini", deck_pieces(parse_deck(MINI)), 63, 88)).render(cv)
    fills = {c[2].fill for c in cv.calls if c[0] == "path"}
    assert "#223344" not in fills and "#aa3322" in {c[2].stroke for c in cv.calls if c[0] == "path"} | fills
