"""Decks as data: a deck file in templates/ lists its cards; one renderer draws any deck.

A deck file (see docs/formats.md, "Deck files") has a title, a trim size, named colours,
card types (label, colour, icon, letter), named layouts (lists of drawing elements, in
mm from the card's trim top-left) and the cards, each with an id, a count, a type and
any fields its layouts print. `load_deck` validates the file into a frozen `Deck`;
`deck_pieces` turns it into kit pieces, one per physical card.
"""
from __future__ import annotations

import json
import re
import string
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from .cardface import ELEMENT_KINDS, draw_layout
from .icons import known as icon_known
from .kit import Face, Piece

_ID = re.compile(r"[a-z0-9][a-z0-9-]*")


class DeckError(ValueError):
    """A deck file that does not validate; the message names the card or element."""


@dataclass(frozen=True)
class CardType:
    id: str
    label: str
    color: str
    icon: str
    letter: str


@dataclass(frozen=True)
class Card:
    """One card design. `fields` holds every key of the card's entry in the file."""

    id: str
    name: str
    count: int
    type: str
    layout: str
    back: str | None
    fields: Mapping[str, Any]

    def get(self, key: str, default: Any = None) -> Any:
        return self.fields.get(key, default)


@dataclass(frozen=True)
class Deck:
    id: str
    title: str
    version: int
    w: float
    h: float
    colors: Mapping[str, str]
    types: Mapping[str, CardType]
    layouts: Mapping[str, tuple[Mapping[str, Any], ...]]
    cards: tuple[Card, ...]

    @property
    def size(self) -> int:
        """Total physical cards."""
        return sum(c.count for c in self.cards)

    def card(self, card_id: str) -> Card:
        for c in self.cards:
            if c.id == card_id:
                return c
        raise KeyError(card_id)

    def counts(self, by: str = "id") -> dict[str, int]:
        """Physical cards per card id (or per type with by='type')."""
        out: dict[str, int] = {}
        for c in self.cards:
            key = c.id if by == "id" else c.type
            out[key] = out.get(key, 0) + c.count
        return dict(sorted(out.items()))


def _need(d: Mapping[str, Any], key: str, kind: type | tuple, where: str) -> Any:
    if key not in d:
        raise DeckError(f"{where}: missing {key!r}")
    v = d[key]
    if not isinstance(v, kind) or isinstance(v, bool) and kind is not bool:
        raise DeckError(f"{where}: {key!r} must be {getattr(kind, '__name__', kind)}")
    return v


def _check_color(value: Any, colors: Mapping[str, str], where: str) -> None:
    if value is None:
        return
    if not isinstance(value, str):
        raise DeckError(f"{where}: colour {value!r} must be a string")
    if re.fullmatch(r"\{[a-z_]+\}", value):  # a card field; checked per card
        return
    if re.fullmatch(r"#[0-9a-fA-F]{6}", value) or value in colors or value in ("type", "type-light") \
            or value in _BUILTIN_COLORS:
        return
    raise DeckError(f"{where}: unknown colour {value!r}; use #rrggbb, 'type', 'type-light' or a name "
                    f"from the deck's colors")


_BUILTIN_COLORS = ("ink", "muted", "faint", "white", "water", "water-light", "alert", "black")


def _fields_in(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def parse_deck(data: Any, source: str = "deck") -> Deck:
    """Validate parsed deck JSON into a Deck; raises DeckError naming the problem."""
    if not isinstance(data, dict):
        raise DeckError(f"{source}: a deck file is a JSON object")
    did = _need(data, "deck", str, source)
    title = _need(data, "title", str, source)
    version = _need(data, "version", int, source)
    size = _need(data, "size", list, source)
    if len(size) != 2 or not all(isinstance(v, (int, float)) and v > 0 for v in size):
        raise DeckError(f"{source}: size must be [width, height] in mm")
    colors = data.get("colors", {})
    for k, v in colors.items():
        if not re.fullmatch(r"#[0-9a-fA-F]{6}", str(v)):
            raise DeckError(f"{source}: colour {k!r} must be #rrggbb, not {v!r}")
    types: dict[str, CardType] = {}
    for tid, t in _need(data, "types", dict, source).items():
        where = f"{source}: type {tid!r}"
        icon = _need(t, "icon", str, where)
        if not icon_known(icon):
            raise DeckError(f"{where}: unknown icon {icon!r}")
        color = _need(t, "color", str, where)
        _check_color(color, colors, where)
        types[tid] = CardType(tid, _need(t, "label", str, where), colors.get(color, color), icon,
                              _need(t, "letter", str, where))
    layouts: dict[str, tuple] = {}
    for name, elements in _need(data, "layouts", dict, source).items():
        if not isinstance(elements, list):
            raise DeckError(f"{source}: layout {name!r} must be a list of elements")
        for i, el in enumerate(elements):
            where = f"{source}: layout {name!r} element {i + 1}"
            kind = _need(el, "kind", str, where)
            if kind not in ELEMENT_KINDS:
                raise DeckError(f"{where}: unknown kind {kind!r}; use {', '.join(sorted(ELEMENT_KINDS))}")
            if kind != "fill" and kind != "line" and "box" in el:
                box = el["box"]
                if not (isinstance(box, list) and len(box) == 4 and all(isinstance(v, (int, float)) for v in box)):
                    raise DeckError(f"{where}: box must be [x, y, w, h] in mm")
            for key in ("color", "fill", "stroke"):
                _check_color(el.get(key), colors, where)
            if kind == "icon" and "icon" in el and "{" not in el["icon"] and not icon_known(el["icon"]):
                raise DeckError(f"{where}: unknown icon {el['icon']!r}")
            for icon in el.get("map", {}).values():
                if not icon_known(icon):
                    raise DeckError(f"{where}: unknown icon {icon!r} in map")
        layouts[name] = tuple(elements)
    defaults = data.get("defaults", {})
    default_layout = defaults.get("layout", "card")
    default_back = defaults.get("back")
    cards: list[Card] = []
    seen: set[str] = set()
    for i, c in enumerate(_need(data, "cards", list, source)):
        where = f"{source}: card {i + 1}"
        cid = _need(c, "id", str, where)
        where = f"{source}: card {cid!r}"
        if not _ID.fullmatch(cid):
            raise DeckError(f"{where}: ids are lower-case letters, digits and '-'")
        if cid in seen:
            raise DeckError(f"{where}: duplicate id")
        seen.add(cid)
        count = _need(c, "count", int, where)
        if count < 1:
            raise DeckError(f"{where}: count must be at least 1")
        ctype = _need(c, "type", str, where)
        if ctype not in types:
            raise DeckError(f"{where}: unknown type {ctype!r}; the deck has {', '.join(types)}")
        layout = c.get("layout", default_layout)
        back = c.get("back", default_back)
        for name in (layout, back):
            if name is not None and name not in layouts:
                raise DeckError(f"{where}: no layout named {name!r}")
        card = Card(cid, _need(c, "name", str, where), count, ctype, layout, back, dict(c))
        for name in (layout, back):
            if name is None:
                continue
            for el in layouts[name]:
                for key in ("text", "icon", "color", "fill", "stroke"):
                    for f in _fields_in(str(el.get(key, ""))):
                        if f not in card.fields and f not in _DERIVED:
                            raise DeckError(f"{where}: layout {name!r} prints {{{f}}} but the card has no {f!r}")
        _check_card_icons(card, layouts, types, where)
        cards.append(card)
    return Deck(did, title, version, float(size[0]), float(size[1]), colors, types, layouts, tuple(cards))


def _check_card_icons(card: Card, layouts: Mapping[str, tuple], types: Mapping[str, CardType], where: str) -> None:
    """Every icon a card's layouts will draw, after filling placeholders, must exist."""
    t = types[card.type]
    vals = {**{k: ("" if v is None else v) for k, v in card.fields.items()},
            "type_label": t.label, "type_letter": t.letter, "type_icon": t.icon, "copy": 1, "deck_title": ""}
    for name in (card.layout, card.back):
        for el in layouts.get(name, ()) if name else ():
            for key in ("color", "fill", "stroke"):
                value = str(el.get(key) or "")
                if "{" in value:
                    _check_color(value.format_map(vals), {}, f"{where}: {value}")
            if el.get("kind") != "icon" or "{" not in str(el.get("icon", "")):
                continue
            icon = str(el["icon"]).format_map(vals)
            if "map" in el:
                icon = el["map"].get(icon, "")
            if icon and not icon_known(icon):
                raise DeckError(f"{where}: layout {name!r} draws icon {icon!r}, which does not exist")


_DERIVED = ("type_label", "type_letter", "type_icon", "copy", "deck_title")


def load_deck(name_or_path: str | Path) -> Deck:
    """Load a deck by template name (templates/<name>.json) or from a file path."""
    p = Path(name_or_path)
    if p.suffix == ".json" and p.exists():
        try:
            data = json.loads(p.read_text(encoding="utf-8"))
        except json.JSONDecodeError as e:
            raise DeckError(f"{p}: not valid JSON: {e.msg} at line {e.lineno}") from None
        return parse_deck(data, str(p))
    import templates
    try:
        data = templates.load_raw(str(name_or_path))
    except FileNotFoundError:
        raise DeckError(f"no deck named {name_or_path!r} in templates/") from None
    return parse_deck(data, f"templates/{name_or_path}.json")


def card_values(deck: Deck, card: Card, copy: int = 1) -> dict[str, Any]:
    """The values a layout's {placeholders} can use."""
    t = deck.types[card.type]
    vals = {k: ("" if v is None else v) for k, v in card.fields.items()}
    vals.update(type_label=t.label, type_letter=t.letter, type_icon=t.icon, copy=copy,
                deck_title=deck.title)
    return vals


def deck_pieces(deck: Deck, cards: list[str] | None = None) -> list[Piece]:
    """One kit piece per physical card, in deck order (copies together).

    `cards` limits the output to those ids.
    """
    pieces = []
    for card in deck.cards:
        if cards is not None and card.id not in cards:
            continue
        for k in range(1, card.count + 1):
            vals = card_values(deck, card, k)
            t = deck.types[card.type]

            def front(cv, face: Face, card=card, vals=vals, t=t) -> None:
                draw_layout(cv, face, deck.layouts[card.layout], vals, deck.colors, t.color)

            back = None
            if card.back is not None:
                def back(cv, face: Face, card=card, vals=vals, t=t) -> None:
                    draw_layout(cv, face, deck.layouts[card.back], vals, deck.colors, t.color)
            pieces.append(Piece(card.id, front, back, label=card.name, group=card.type))
    return pieces
