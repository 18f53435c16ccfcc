"""The Rising Waters main board: the 1927 flood map with its tracks and card spots.

`draw_board(cv, m)` is one pure drawing function of the map template, in board mm with
the origin at the board's top-left; the poster machinery tiles it across pages.
"""
from __future__ import annotations

from scorer.rising_waters import hexgrid
from scorer.rising_waters.floodmap import Box, FloodMap, Group, Hex, Track
from scorer.rising_waters.versions import DONATIONS_FOR_GREEN_CAMP, VERSIONS

from ..canvas import Canvas
from ..fonts import text_width, wrap
from ..ink import FULL, Ink
from ..style import INK, MUTED, WHITE, Style, fill
from . import icons
from . import palette as P


GROUP_LINE_SAVER = "#5d6670"   # group lines on bare paper


def hex_poly(m: FloodMap, h: Hex, inset: float = 0.0) -> list[tuple[float, float]]:
    cx, cy = m.center(h.id)
    return hexgrid.corners(cx, cy, m.hex_size - inset)


def _edge(m: FloodMap, h: Hex, direction: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two corners of h's edge facing hexgrid.DIRECTIONS[direction]."""
    c = hex_poly(m, h)
    return c[direction], c[(direction + 1) % 6]


def _perimeter(m: FloodMap, g: Group) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    own = set(g.hexes)
    segs = []
    for hid in g.hexes:
        h = m.hexes[hid]
        for d, a in enumerate(hexgrid.neighbors(h.axial)):
            n = m.hex_at(a)
            if n is None or n.id not in own:
                segs.append(_edge(m, h, d))
    return segs


def _chain(segs: list) -> list[list[tuple[float, float]]]:
    """Join edge segments that share corners into polylines (for clean dashes)."""
    def key(p):
        return (round(p[0], 2), round(p[1], 2))
    left = [list(s) for s in segs]
    lines = []
    while left:
        line = left.pop(0)
        grown = True
        while grown:
            grown = False
            for i, (a, b) in enumerate(left):
                if key(a) == key(line[-1]):
                    line.append(b)
                elif key(b) == key(line[-1]):
                    line.append(a)
                else:
                    continue
                left.pop(i)
                grown = True
                break
        lines.append(line)
    return lines


def hex_fill(h: Hex, ink: Ink) -> str | None:
    """A hex's fill: tinted by elevation, blue for water; paler when saving ink."""
    if h.is_water:
        return ink.tint(P.RIVER if h.terrain == "river" else P.LAKE, 0.55)
    return ink.tint(P.ELEVATION[h.elevation], 0.75)  # type: ignore[index]


def draw_hexes(cv: Canvas, m: FloodMap, ink: Ink = FULL) -> None:
    """Hex fills, thin hex lines, elevation numbers and the small hex names."""
    by_fill: dict[str | None, list[tuple]] = {}
    for h in m.hexes.values():       # one path per colour: far fewer drawing calls per poster tile
        pts = hex_poly(m, h)
        by_fill.setdefault(hex_fill(h, ink), []).extend([("M", *pts[0]), *(("L", *q) for q in pts[1:]), ("Z",)])
    for color, ops in by_fill.items():
        cv.path(ops, Style(stroke=P.HEX_LINE, width=0.3, fill=color))
    s = m.hex_size
    for h in m.hexes.values():
        cx, cy = m.center(h.id)
        if h.terrain == "forest":
            icons.forest(cv, cx, cy + 0.5, s * 0.55)
        elif h.terrain == "field":
            icons.field(cv, cx, cy + 0.8, s * 0.55)
        elif h.terrain == "city":
            icons.city(cv, cx, cy + 1.0, s * 0.5)
        if not h.is_water:
            cv.text(cx, cy - s * 0.42, str(h.elevation), size=s * 0.36, font="bold", anchor="middle",
                    fill=P.ELEVATION_INK)
        cv.text(cx, cy + s * 0.7, h.id, size=s * 0.17, font="cond", anchor="middle",
                fill=(P.RIVER_DEEP if ink.saver else WHITE) if h.is_water else MUTED)


def draw_group_lines(cv: Canvas, m: FloodMap, ink: Ink = FULL) -> None:
    """Thick white lines between groups (dark grey when saving ink); a dark bank line
    where water meets land."""
    group_line = (Style(stroke=GROUP_LINE_SAVER, width=1.1, cap="round") if ink.saver
                  else Style(stroke=P.GROUP_LINE, width=2.2, cap="round"))
    bank = Style(stroke=P.BANK, width=0.7, cap="round")
    banks: list[tuple] = []
    groups: list[tuple] = []
    for h in m.hexes.values():
        for d, a in enumerate(hexgrid.neighbors(h.axial)):
            n = m.hex_at(a)
            if n is None or n.group == h.group or (n.q, n.r) < (h.q, h.r):
                continue
            (x1, y1), (x2, y2) = _edge(m, h, d)
            (banks if h.is_water != n.is_water else groups).extend([("M", x1, y1), ("L", x2, y2)])
    cv.path(groups, group_line)
    cv.path(banks, bank)


def draw_dotted_groups(cv: Canvas, m: FloodMap) -> None:
    """Dotted outlines round each area's first group and the dot where its first token goes."""
    for g in m.groups.values():
        if not g.dotted:
            continue
        for line in _chain(_perimeter(m, g)):
            cv.polyline(line, Style(stroke=P.DOT, width=0.8, dash=(0.1, 1.6), cap="round"))
        cx, cy = m.center(g.token)  # type: ignore[arg-type]
        cv.circle(cx, cy, 2.6, Style(stroke=WHITE, width=0.6, fill=P.DOT))


def draw_bayous(cv: Canvas, m: FloodMap) -> None:
    """Dashed arrows from each Yazoo lake to the one its water moves on to."""
    for g in m.groups.values():
        if g.kind != "lake" or g.downstream is None:
            continue
        a = m.center(g.hexes[-1])
        b = m.center(m.groups[g.downstream].hexes[0])
        dx, dy = b[0] - a[0], b[1] - a[1]
        ln = (dx * dx + dy * dy) ** 0.5
        ux, uy = dx / ln, dy / ln
        p0 = (a[0] + ux * m.hex_size * 0.75, a[1] + uy * m.hex_size * 0.75)
        p1 = (b[0] - ux * m.hex_size * 0.75, b[1] - uy * m.hex_size * 0.75)
        cv.line(*p0, *p1, Style(stroke=P.RIVER_DEEP, width=0.7, dash=(2.0, 1.4), cap="butt"))
        icons.arrowhead(cv, p1[0], p1[1], ux, uy, 2.4, P.RIVER_DEEP)


def _tag(cv: Canvas, x: float, y: float, text: str, size: float, color: str = INK, font: str = "bold") -> None:
    """A label on a white rounded tag centred at (x, y)."""
    w = text_width(text, size, font) + size * 0.9
    h = size * 1.35
    cv.rect(x - w / 2, y - h / 2, w, h, Style(stroke=color, width=0.3, fill=WHITE), radius=h / 2)
    cv.text(x, y + size * 0.36, text, size=size, font=font, anchor="middle", fill=color)


def draw_places(cv: Canvas, m: FloodMap) -> None:
    """Town sites, Relief Camp sites, the Survivors' entry note and the place names."""
    s = m.hex_size
    for hid in m.town_sites:
        cx, cy = m.center(hid)
        icons.house(cv, cx + s * 0.4, cy + s * 0.12, s * 0.46, outline_only=True)
    for site in m.relief_sites:
        cx, cy = m.center(site.hex)
        icons.tent(cv, cx - s * 0.4, cy + s * 0.02, s * 0.46, P.RELIEF_GREEN, str(site.number))
    for p in m.places:
        cx, cy = m.center(p.hex)
        size = 4.2 if p.kind == "area" else 3.6
        _tag(cv, cx, cy + (0 if p.kind == "area" else s * 0.55), p.name.upper(), size,
             P.RIVER_DEEP if p.kind == "area" else P.CITY)
    ml = next(p for p in m.places if p.id == m.entry_place)
    cx, cy = m.center(ml.hex)
    cv.text(cx, cy + 5.0, "Survivors enter on land", size=2.3, font="cond-bold", anchor="middle", fill=P.DOT)
    cv.text(cx, cy + 7.5, "within one hex of the dot", size=2.3, font="cond-bold", anchor="middle", fill=P.DOT)


def draw_compass(cv: Canvas, x: float, y: float) -> None:
    cv.path([("M", x, y - 7), ("L", x + 3, y + 3), ("L", x, y + 1.2), ("L", x - 3, y + 3), ("Z",)],
            Style(stroke=INK, width=0.3, fill=INK))
    cv.text(x, y - 8.5, "N", size=4.0, font="bold", anchor="middle", fill=INK)


def draw_track(cv: Canvas, t: Track, notes: dict[int, str], marker_note: str = "", ink: Ink = FULL) -> None:
    """One numbered track: a label, a box per value and small notes beside some values."""
    lb = t.label_box
    cv.text(lb.x + lb.w / 2, lb.y + lb.h - 1.6, t.label.upper(), size=3.2, font="bold", anchor="middle", fill=INK)
    for b in t.spaces:
        v = int(b.id.rsplit("-", 1)[1])
        tint = ink.tint(P.TRACK if v % 5 else "#ece4d2", 0.5)
        cv.rect(b.x, b.y, b.w, b.h, Style(stroke=INK, width=0.3, fill=tint))
        cv.text(b.x + 2.0, b.y + b.h / 2 + 1.5, str(v), size=4.2, font="bold", fill=INK)
        note = notes.get(v)
        if note:
            lines = note.split("\n")
            for i, ln in enumerate(lines):
                cv.text(b.x + b.w - 1.2, b.y + b.h / 2 + 0.9 + (i - (len(lines) - 1) / 2) * 2.3, ln, size=2.0,
                        font="cond-bold", anchor="end", fill=P.CRISIS)
    if marker_note:
        last = t.spaces[-1] if t.direction == "down" else t.spaces[0]
        cv.text(lb.x + lb.w / 2, last.y + last.h + 3.2, marker_note, size=2.1, font="cond", anchor="middle",
                fill=MUTED)


def loss_notes() -> dict[int, str]:
    """Where the game is lost: each version's maximum for 2, 3 and 4 players."""
    notes: dict[int, list[str]] = {}
    for v in VERSIONS.values():
        short = v.name.split(",")[0]
        for players, limit in v.max_losses.items():
            notes.setdefault(limit, []).append(f"{short} {players}p")
    return {k: "\n".join(v) for k, v in notes.items()}


def draw_tracks(cv: Canvas, m: FloodMap, ink: Ink = FULL) -> None:
    draw_track(cv, m.tracks["loss"], loss_notes(), "", ink)
    ends = {v.rounds: f"{v.name.split(',')[0]} ends" for v in VERSIONS.values()}
    draw_track(cv, m.tracks["weeks"], ends, "", ink)
    draw_track(cv, m.tracks["donations"], {n: f"{p} players" for p, n in DONATIONS_FOR_GREEN_CAMP.items()},
               "Spring, 1927 only", ink)


def draw_spot(cv: Canvas, b: Box, kind: str, ink: Ink = FULL) -> None:
    """A card spot: a rounded outline, the deck's mark and its name."""
    cv.rect(b.x, b.y, b.w, b.h, Style(stroke=MUTED, width=0.5, fill=ink.tint("#f4efe4", 0.5), dash=(2.5, 1.5)),
            radius=3.0)
    icons.deck_mark(cv, kind, b.x + b.w / 2, b.y + b.h / 2 - 6, 14.0)
    for i, ln in enumerate(wrap(b.label.upper(), b.w - 8, 3.0, "bold")):
        cv.text(b.x + b.w / 2, b.y + b.h / 2 + 12 + i * 3.8, ln, size=3.0, font="bold", anchor="middle", fill=MUTED)


def draw_spots(cv: Canvas, m: FloodMap, ink: Ink = FULL) -> None:
    for sid, b in m.spots.items():
        draw_spot(cv, b, sid.split("-")[0], ink)


def draw_survivors(cv: Canvas, b: Box, ink: Ink = FULL) -> None:
    cv.rect(b.x, b.y, b.w, b.h, Style(stroke=P.DOT, width=0.5, fill=ink.tint("#eef3f8", 0.5)), radius=2.5)
    cv.text(b.x + b.w / 2, b.y + 6, "SURVIVORS", size=3.4, font="bold", anchor="middle", fill=P.DOT)
    for i, ln in enumerate(["Unused pawns wait here.", "One enters near the dot", "at Mounds Landing",
                            "in every Clean Up."]):
        cv.text(b.x + b.w / 2, b.y + 11.5 + i * 3.2, ln, size=2.4, font="cond", anchor="middle", fill=INK)
    icons.pawn(cv, b.x + b.w / 2, b.y + b.h - 4.5, 6.0, "#7b5ea7")


def draw_title(cv: Canvas, b: Box, ink: Ink = FULL) -> None:
    cv.text(b.x + 2, b.y + 11, "RISING WATERS", size=9.5, font="bold", fill=P.RIVER_DEEP)
    cv.text(b.x + 2, b.y + 17.5, "The Mississippi Delta, 1927", size=3.8, font="sans", fill=INK)
    cv.text(b.x + 2, b.y + 22.5, "A co-operative game designed by Scout Blum", size=2.8, font="cond", fill=MUTED)
    y = b.y + 30
    cv.text(b.x + 2, y, "LAND ELEVATION", size=2.6, font="bold", fill=INK)
    for i, (e, c) in enumerate(sorted(P.ELEVATION.items())):
        x = b.x + 2 + i * 13
        cv.rect(x, y + 2, 11, 7, Style(stroke=INK, width=0.25, fill=ink.tint(c, 0.75)))
        cv.text(x + 5.5, y + 7.3, str(e), size=3.6, font="bold", anchor="middle", fill=P.ELEVATION_INK)
    cv.text(b.x + 68, y + 5, "2 is lowest:", size=2.4, font="cond", fill=MUTED)
    cv.text(b.x + 68, y + 8.2, "it floods first", size=2.4, font="cond", fill=MUTED)
    rows = [
        ("dot", "Dotted group: an area's first water level token goes on the dot"),
        ("group", "Thick white lines enclose a hex group: one elevation or water level"),
        ("forest", "Forest / agricultural field: +1 card when working for the community"),
        ("house", "Town site: each player's town (house) starts on one"),
        ("tent", "Relief Camp site named by a Relief Camp card"),
        ("bayou", "The Yazoo lakes pass water south along the dashed arrows"),
    ]
    y += 14
    for i, (kind, text) in enumerate(rows):
        yy = y + i * 7.6
        icons.legend_glyph(cv, kind, b.x + 5, yy, ink.tint(P.ELEVATION[3], 0.75) or WHITE,
                           GROUP_LINE_SAVER if ink.saver else P.GROUP_LINE)
        for j, ln in enumerate(wrap(text, b.w - 14, 2.5, "cond")[:2]):
            cv.text(b.x + 11, yy - 0.6 + j * 2.9, ln, size=2.5, font="cond", fill=INK)


def draw_board(cv: Canvas, m: FloodMap, ink: Ink = FULL) -> None:
    """Draw the whole main board in board mm (origin top-left).

    With an ink-saving `ink`, the paper stays bare, hexes and panels are pale tints and
    the group lines turn dark so they still show.
    """
    paper = ink.area(P.PAPER)
    if paper:
        cv.rect(0, 0, m.width, m.height, fill(paper))
    mb = m.boxes["map"]
    cv.rect(mb.x - 1.5, mb.y - 1.5, mb.w + 3, mb.h + 3, Style(stroke=INK, width=0.6, fill=None))
    draw_hexes(cv, m, ink)
    draw_group_lines(cv, m, ink)
    draw_bayous(cv, m)
    draw_dotted_groups(cv, m)
    draw_places(cv, m)
    tb = m.boxes["title"]
    draw_compass(cv, tb.x + tb.w - 6, tb.y + 19)
    draw_tracks(cv, m, ink)
    draw_spots(cv, m, ink)
    draw_survivors(cv, m.boxes["survivors"], ink)
    draw_title(cv, m.boxes["title"], ink)
