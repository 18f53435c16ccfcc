"""Build templates/rising_waters_map.json from the hand-drawn map below.

The map is designed here as text, then written as the template the renderer, the
playability report and (later) the referee read. Run it after editing the drawing:

    .venv/bin/python tools/build_rising_waters_map.py

tests/test_rising_waters_map.py fails if the template and this file disagree.

GRID: 16 rows of 14 hexes, north at the top, odd rows shifted half a hex east ("odd-r").
Each cell is a group code: M1-M3, C1-C3, T1-T4 are Mississippi river groups (Mounds
Landing, Cabin Teele and Tensas Basin areas, north to south), Y1-Y4 are the Yazoo Valley
lakes, and two lower-case letters are a land group whose elevation is in LAND.
"""
from __future__ import annotations

import json
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scorer.rising_waters import hexgrid  # noqa: E402

GRID = """
 wa  wa  wb  wb  wb  M1  ea  ea  ec  ec  ec  ed  ed  ed
   wa  wa  wb  wc  wc  M1  eb  eb  ec  ec  Y1  Y1  ed  ed
 wa  wa  wc  wc  wc  wc  M2  eb  eb  ec  ec  Y1  ed  eg
   wd  wd  wd  wc  wc  wc  M2  ee  ee  ef  ef  ef  eg  eg
 wd  wd  wd  we  we  we  M3  ee  ee  ef  ef  ef  eg  eg
   wd  wd  we  we  we  C1  ee  eh  ei  ei  ei  Y2  eg  eg
 wg  wg  wf  wf  we  C1  eh  eh  eh  ei  Y2  Y2  eg  el
   wg  wg  wf  wf  C2  eh  eh  ej  ej  ei  ei  ei  el  el
 wg  wg  wf  wh  C3  ej  ej  ej  ek  ek  ek  el  el  el
   wg  wh  wh  wh  T1  ej  ej  ek  ek  Y3  ek  el  el  el
 wk  wh  wh  wi  wi  T1  em  em  ek  Y3  Y3  en  el  el
   wk  wj  wj  wi  wi  T2  em  em  eo  eo  en  en  en  er
 wk  wj  wj  wj  wi  wi  T2  ep  eo  eo  Y4  Y4  en  er
   wk  wm  wj  wl  wl  wl  T3  ep  ep  eo  Y4  er  er  er
 wm  wm  wm  wl  wl  wl  T3  ep  eq  eq  eq  er  er  er
   wm  wm  wm  wl  wl  T4  ep  eq  eq  eq  eq  er  er  er
"""

# Land elevations, 2 (lowest) to 6. West bank: Arkansas and Louisiana, low in the Tensas
# Basin; east bank: the Yazoo-Mississippi Delta, low round the lakes, with hills to the east
# and Vicksburg on its bluff.
LAND = {
    "wa": 5, "wb": 4, "wc": 3, "wd": 4, "we": 2, "wf": 3, "wg": 5, "wh": 2, "wi": 3, "wj": 2,
    "wk": 4, "wl": 3, "wm": 5,
    "ea": 2, "eb": 3, "ec": 2, "ed": 4, "ee": 3, "ef": 2, "eg": 5, "eh": 2, "ei": 3, "ej": 4,
    "ek": 2, "el": 6, "em": 3, "en": 3, "eo": 2, "ep": 6, "eq": 4, "er": 5,
}

AREAS = [  # resolved in this order: the lakes first, then the river north to south
    ("yazoo-valley", "Yazoo Valley", "lake", ["Y1", "Y2", "Y3", "Y4"]),
    ("mounds-landing", "Mounds Landing", "river", ["M1", "M2", "M3"]),
    ("cabin-teele", "Cabin Teele", "river", ["C1", "C2", "C3"]),
    ("tensas-basin", "Tensas Basin", "river", ["T1", "T2", "T3", "T4"]),
]
WATER_IDS = {"M": "ml", "C": "ct", "T": "tb", "Y": "yv"}

HEX_SIZE = 14.0

# Hex features, by printed hex name (column letter, row number).
FORESTS = ["B2", "C6", "A8", "E12", "J4", "N4", "M10", "B15", "M15"]
FIELDS = ["H2", "J1", "I5", "H7", "K8", "C10", "D13", "J12", "I16", "D4"]
VICKSBURG = ["H14", "H15"]                 # the city on its bluff (terrain "city")
TOWN_SITES = ["C2", "I2", "D7", "J6", "D12", "J14"]
RELIEF_SITES = [                           # (hex, where the Relief Camp card says it is)
    ("B3", "on high ground west of Mounds Landing"),
    ("M3", "north-east of the Yazoo Valley lakes"),
    ("B7", "on the ridge west of Cabin Teele"),
    ("G9", "east of Cabin Teele"),
    ("A12", "west of the Tensas Basin"),
    ("N9", "in the hills east of the Yazoo Valley"),
    ("H14", "at Vicksburg"),
]
PLACES = [  # (id, name, kind, the hex its name is printed on)
    ("mounds-landing", "Mounds Landing", "area", "H1"),
    ("cabin-teele", "Cabin Teele", "area", "E6"),
    ("tensas-basin", "Tensas Basin", "area", "C11"),
    ("yazoo-valley", "Yazoo Valley", "area", "K5"),
    ("vicksburg", "Vicksburg", "city", "H14"),
]

# Board layout in mm: the map in the middle, tracks left and right, card spots above and below.
BOARD_W, BOARD_H = 472.0, 545.0
MARGIN = 5.0
CARD_W, CARD_H = 66.0, 91.0                # a spot for a 63.5 x 88.9 mm card
MAP_X, MAP_Y = 60.0, 101.0


def parse_grid() -> dict[tuple[int, int], str]:
    rows = [ln.split() for ln in GRID.strip("\n").splitlines()]
    cells = {}
    for row, codes in enumerate(rows):
        for col, code in enumerate(codes):
            cells[(col, row)] = code
    return cells


def _box(x: float, y: float, w: float, h: float) -> dict:
    return {"x": round(x, 3), "y": round(y, 3), "w": round(w, 3), "h": round(h, 3)}


def layout() -> tuple[list[dict], list[dict], dict]:
    """Card spots, tracks and other boxes on the board, in board mm."""
    m, gap = MARGIN, 4.0
    spots = []
    x = m
    for sid, label in [("landowner-deck", "Landowner deck"), ("landowner-1", "Landowners row"),
                       ("landowner-2", "Landowners row"), ("landowner-3", "Landowners row"),
                       ("landowner-discard", "Landowner discard")]:
        spots.append({"id": sid, "label": label, **_box(x, m, CARD_W, CARD_H)})
        x += CARD_W + gap
    yb = BOARD_H - m - CARD_H
    spots.append({"id": "weather-deck", "label": "Weather Report deck", **_box(m, yb, CARD_W, CARD_H)})
    spots.append({"id": "weather-discard", "label": "Weather Report discard",
                  **_box(m + CARD_W + gap, yb, CARD_W, CARD_H)})
    cx = BOARD_W / 2
    spots.append({"id": "goal-1", "label": "Community Goal (optional)", **_box(cx - gap / 2 - CARD_W, yb, CARD_W, CARD_H)})
    spots.append({"id": "goal-2", "label": "Community Goal (optional)", **_box(cx + gap / 2, yb, CARD_W, CARD_H)})
    spots.append({"id": "community-discard", "label": "Community discard",
                  **_box(BOARD_W - m - CARD_W, yb, CARD_W, CARD_H)})
    spots.append({"id": "community-deck", "label": "Community deck",
                  **_box(BOARD_W - m - 2 * CARD_W - gap, yb, CARD_W, CARD_H)})

    tracks = []
    col_w = MAP_X - 2 * m                   # the left column
    sp = 12.0
    y = MAP_Y + 44.0
    for tid, label, top in [("weeks", "Weeks", 10), ("donations", "Relief Camp Donations", 10)]:
        spaces = [{"value": v, **_box(m, y + 8.0 + v * sp, col_w, sp)} for v in range(top + 1)]
        tracks.append({"id": tid, "label": label, "min": 0, "max": top, "direction": "down",
                       "label_at": _box(m, y, col_w, 7.0), "spaces": spaces})
        y += 8.0 + (top + 1) * sp + 8.0
    rx = BOARD_W - m - col_w
    sp = 12.6
    top = 25
    y0 = MAP_Y + 8.0
    spaces = [{"value": v, **_box(rx, y0 + (top - v) * sp, col_w, sp)} for v in range(top + 1)]
    tracks.insert(0, {"id": "loss", "label": "Loss", "min": 0, "max": top, "direction": "up",
                      "label_at": _box(rx, MAP_Y, col_w, 7.0), "spaces": spaces})
    title_x = m + 5 * (CARD_W + gap)
    boxes = {
        "title": _box(title_x, m, BOARD_W - m - title_x, CARD_H),
        "survivors": _box(m, MAP_Y, col_w, 38.0),
        "map": _box(MAP_X, MAP_Y, hexgrid.SQRT3 * HEX_SIZE * 14.5, HEX_SIZE * (1.5 * 15 + 2)),
    }
    return spots, tracks, boxes


def build() -> dict:
    cells = parse_grid()
    ncols = 1 + max(c for c, _ in cells)
    nrows = 1 + max(r for _, r in cells)
    land_ids: dict[str, str] = {}
    for (col, row), code in sorted(cells.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        if code.islower() and code not in land_ids:
            land_ids[code] = f"g{len(land_ids) + 1:02d}"

    def gid(code: str) -> str:
        return land_ids[code] if code.islower() else f"{WATER_IDS[code[0]]}{code[1]}"

    forests, fields, city = set(FORESTS), set(FIELDS), set(VICKSBURG)
    hexes = []
    for (col, row), code in sorted(cells.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        q, r = hexgrid.offset_to_axial(col, row)
        name = hexgrid.label((q, r))
        h: dict = {"id": name, "q": q, "r": r}
        if code.islower():
            terrain = ("forest" if name in forests else "field" if name in fields
                       else "city" if name in city else "land")
            h.update(terrain=terrain, group=gid(code), elevation=LAND[code])
        else:
            h.update(terrain="lake" if code[0] == "Y" else "river", group=gid(code), elevation=None)
        hexes.append(h)

    groups = []
    for ai, (aid, name, kind, codes) in enumerate(AREAS):
        for i, code in enumerate(codes):
            first = min((rc for rc, c in cells.items() if c == code), key=lambda t: (t[1], t[0]))
            token = hexgrid.label(hexgrid.offset_to_axial(*first))
            down = gid(codes[i + 1]) if i + 1 < len(codes) else None
            if kind == "river" and down is None and ai + 1 < len(AREAS):
                down = gid(AREAS[ai + 1][3][0])
            groups.append({"id": gid(code), "kind": kind, "area": aid, "order": i + 1,
                           "dotted": i == 0, "token": token, "downstream": down, "elevation": None})
    for code, g in land_ids.items():
        groups.append({"id": g, "kind": "land", "area": None, "order": None, "dotted": False,
                       "token": None, "downstream": None, "elevation": LAND[code]})

    places = [{"id": i, "name": n, "kind": k, "hex": h} for i, n, k, h in PLACES]
    spots, tracks, boxes = layout()
    origin = {"x": round(MAP_X + hexgrid.SQRT3 * HEX_SIZE / 2, 3), "y": round(MAP_Y + HEX_SIZE, 3)}
    return {
        "game": "rising-waters",
        "version": 1,
        "board": {"width": BOARD_W, "height": BOARD_H},
        "hex": {"size": HEX_SIZE, "orientation": "pointy", "offset": "odd-r", "columns": ncols,
                "rows": nrows, "origin": origin},
        "entry": {"place": "mounds-landing", "hex": "F1",
                  "note": "Survivors enter on land within one hex of this dot"},
        "areas": [{"id": a, "name": n, "kind": k, "groups": [gid(c) for c in cs]} for a, n, k, cs in AREAS],
        "places": places,
        "town_sites": TOWN_SITES,
        "relief_camp_sites": [{"id": f"site-{i + 1}", "number": i + 1, "hex": h, "where": w}
                              for i, (h, w) in enumerate(RELIEF_SITES)],
        "spots": spots,
        "tracks": tracks,
        "boxes": boxes,
        "groups": groups,
        "hexes": hexes,
    }


def dumps(data: dict) -> str:
    """JSON with one hex or group per line: readable diffs for a hand-designed map."""
    out = ["{"]
    items = list(data.items())
    for i, (k, v) in enumerate(items):
        comma = "," if i + 1 < len(items) else ""
        if isinstance(v, list) and v and isinstance(v[0], dict):
            out.append(f" {json.dumps(k)}: [")
            for j, el in enumerate(v):
                out.append("  " + json.dumps(el, ensure_ascii=False) + ("," if j + 1 < len(v) else ""))
            out.append(f" ]{comma}")
        else:
            out.append(f" {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}{comma}")
    out.append("}")
    return "\n".join(out) + "\n"


TARGET = ROOT / "templates" / "rising_waters_map.json"

if __name__ == "__main__":
    TARGET.write_text(dumps(build()), encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)}")
