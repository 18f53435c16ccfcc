"""The Rising Waters print kit: the main board as a poster, six player boards, the decks
with their backs, the setup card for the chosen version, and the token cut sheets."""
from __future__ import annotations

from collections.abc import Iterable

from scorer.rising_waters import floodmap, roles as rules_roles
from scorer.rising_waters.versions import VERSIONS

from ..deck import deck_pieces
from ..ink import Ink
from ..kit import Face, Kit, Piece, PieceSheet, PosterSection
from ..printopts import PrintOptions
from .board import draw_board
from .cards import CARD_H, CARD_W, print_deck, setup_deck
from .player_board import draw_player_board
from .tokens import token_sets

PARTS = ("map", "boards", "cards", "tokens")
TITLE = "Rising Waters"


def map_sections() -> list[PosterSection]:
    m = floodmap.load()

    def draw(cv, ink: Ink) -> None:
        draw_board(cv, m, ink)

    return [PosterSection("Main board", m.width, m.height, draw)]


def board_sections() -> list[PieceSheet]:
    rs = rules_roles.load()
    pieces = []
    for role in rs.roles:
        def front(cv, face: Face, role=role) -> None:
            draw_player_board(cv, rs, role, face.ink)
        pieces.append(Piece(f"board-{role.id}", front, None, label=role.name, group="player-board"))
    return [PieceSheet("Player boards", pieces, rs.width, rs.height, backs=False, bleed=0.0)]


def card_sections(version: str) -> list[PieceSheet]:
    """One cut sheet per big deck; goals, aids and the setup card share one."""
    sheets = [PieceSheet(f"{print_deck(d).title.split(': ')[1]} cards", deck_pieces(print_deck(d)), CARD_W, CARD_H)
              for d in ("community", "landowner", "weather")]
    small = deck_pieces(print_deck("goals")) + deck_pieces(print_deck("aids")) + deck_pieces(setup_deck(version))
    sheets.append(PieceSheet("Community Goals, player aids and setup card", small, CARD_W, CARD_H))
    return sheets


def token_sections() -> list[PieceSheet]:
    out = []
    for ts in token_sets():
        pieces = [Piece(kind, front, back, label=label, group=ts.id) for kind, label, front, back in ts.tokens]
        out.append(PieceSheet(ts.name, pieces, ts.w, ts.h, shape=ts.shape,
                              pack="honeycomb" if ts.shape == "hex" else "grid"))
    return out


def build_kit(options: PrintOptions, version: str = "spring1927", only: Iterable[str] | None = None) -> Kit:
    """The kit, or only some of its parts (map, boards, cards, tokens), in that order."""
    if version not in VERSIONS:
        raise ValueError(f"unknown version {version!r}; use {' or '.join(VERSIONS)}")
    parts = list(PARTS) if not only else [p for p in PARTS if p in set(only)]
    unknown = set(only or ()) - set(PARTS)
    if unknown:
        raise ValueError(f"unknown part {sorted(unknown)[0]!r}; choose from {', '.join(PARTS)}")
    kit = Kit(f"{TITLE} ({VERSIONS[version].name})", options)
    builders = {"map": map_sections, "boards": board_sections, "cards": lambda: card_sections(version),
                "tokens": token_sections}
    for p in parts:
        kit.add(*builders[p]())
    return kit
