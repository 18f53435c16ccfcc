"""Write templates/re_wilding.json: the Re-Wilding sheet's layout and design choices.

The JSON is the single source of truth (renderer, referee and photo reader read it);
this script only saves typing its ~250 boxes by hand. Edit the DESIGN block (the choices
balanced with the bot, see README "Re-Wilding") or the layout, then run

    .venv/bin/python tools/make_re_wilding_template.py

tests/test_re_wilding_template.py checks the committed JSON matches this script.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "templates" / "re_wilding.json"

# ---- DESIGN: the choices balanced with the bot ----------------------------------------
# Habitat of each square, rows top to bottom, columns left to right:
# H hills (pine, squirrel), M moors (heather, snake), R river (lily, fish), B banks (bullrush, kingfisher).
MAP = ("HHBRM",
       "HHBRM",
       "HBRRM",
       "HBRBM",
       "BRBMM")
# Weather chains: the marked square first, then where the arrows lead, as (column, row).
CHAINS = {
    "fire": [(5, 3), (5, 4), (5, 5), (4, 5)],       # moors
    "drought": [(4, 2), (4, 3), (3, 3), (3, 4)],    # river
    "storms": [(2, 2), (1, 2), (1, 3), (1, 4)],     # hills
    "flood": [(2, 4), (2, 3), (3, 2), (3, 1)],      # banks
}
# Contamination numbers 1..6 -> square (column, row).
CONTAMINATION = {1: (3, 3), 2: (5, 1), 3: (1, 5), 4: (5, 5), 5: (1, 1), 6: (3, 5)}
# Pre-filled cleared boxes: line id -> how many of its two boxes are pre-filled.
CLEARED = {"col-2": 2, "col-4": 2, "row-2": 2, "col-3": 1, "row-3": 1, "row-4": 1}
ABILITY_BOXES, ABILITY_PREFILL = 6, {"mirror": 1, "flip": 1, "reroll": 1, "plusminus": 1}
PROTECTION_BOXES, PROTECTION_PREFILL = 5, {"fire": 1, "drought": 1, "storms": 1, "flood": 1}
CLEANUP_BOXES, CLEANUP_PREFILL = 8, 2       # the seed: eight boxes, two pre-filled
HUNGER_BOXES = 10                           # one a year at most, so a row never runs out
YEARS = 10

HABITATS = [
    {"id": "hills", "letter": "H", "name": "Hills", "plant": "pine", "wildlife": "squirrel", "weather": "storms"},
    {"id": "moors", "letter": "M", "name": "Moors", "plant": "heather", "wildlife": "snake", "weather": "fire"},
    {"id": "river", "letter": "R", "name": "River", "plant": "lily", "wildlife": "fish", "weather": "drought"},
    {"id": "banks", "letter": "B", "name": "Banks", "plant": "bullrush", "wildlife": "kingfisher", "weather": "flood"},
]

# ---- LAYOUT (frame mm, origin top-left, y down) ---------------------------------------
FRAME_W, FRAME_H = 196.0, 266.0
BOX = 4.6        # side of an ability / protection / clean-up box
PITCH = 5.2      # box pitch in those rows
GRID_X, GRID_Y, CELL = 34.0, 128.0, 25.0
ICON = 9.0       # plant and wildlife outlines, mm
ICON_SLOTS = {"plant-1": (2.5, 1.2), "plant-2": (13.5, 1.2), "wild-1": (2.5, 12.6), "wild-2": (13.5, 12.6)}
CLR = 4.2        # cleared box side


def r(v: float) -> float:
    return round(v, 3)


def box(x: float, y: float, w: float, h: float, **extra) -> dict:
    return {"x": r(x), "y": r(y), "w": r(w), "h": r(h), **extra}


def squares() -> list[dict]:
    by_letter = {h["letter"]: h for h in HABITATS}
    weather_at = {tuple(chain[0]): w for w, chain in CHAINS.items()}
    contam_at = {tuple(sq): n for n, sq in CONTAMINATION.items()}
    out = []
    for row in range(1, 6):
        for col in range(1, 6):
            hab = by_letter[MAP[row - 1][col - 1]]
            x, y = GRID_X + (col - 1) * CELL, GRID_Y + (row - 1) * CELL
            sid = f"sq-{col}-{row}"
            outlines = []
            for slot, (dx, dy) in ICON_SLOTS.items():
                kind = hab["plant"] if slot.startswith("plant") else hab["wildlife"]
                outlines.append({"id": f"{sid}-{slot}", "kind": kind, **box(x + dx, y + dy, ICON, ICON)})
            out.append({"id": sid, "col": col, "row": row, "habitat": hab["id"], **box(x, y, CELL, CELL),
                        "weather": weather_at.get((col, row)), "contamination": contam_at.get((col, row)),
                        "outlines": outlines})
    return out


def cleared() -> list[dict]:
    out = []
    for axis in ("col", "row"):
        for k in range(1, 6):
            lid = f"{axis}-{k}"
            pre = CLEARED.get(lid, 0)
            if axis == "col":
                cx, cy = GRID_X + (k - 0.5) * CELL, 123.6
                a, b = (cx - 8.4, cy - CLR / 2), (cx + 4.2, cy - CLR / 2)
            else:
                cx, cy = 26.4, GRID_Y + (k - 0.5) * CELL
                a, b = (19.6, cy - CLR / 2), (29.0, cy - CLR / 2)
            boxes = [box(*a, CLR, CLR, id=f"clr-{lid}-a", prefilled=pre >= 1),
                     box(*b, CLR, CLR, id=f"clr-{lid}-b", prefilled=pre >= 2)]
            out.append({"id": lid, "axis": axis, "index": k, "number_at": [r(cx), r(cy)], "boxes": boxes})
    return out


def row_of_boxes(prefix: str, n: int, prefilled: int, x: float, y: float, size: float = BOX,
                 pitch: float = PITCH) -> list[dict]:
    return [box(x + i * pitch, y, size, size, id=f"{prefix}-{i + 1}", prefilled=i < prefilled) for i in range(n)]


def abilities() -> list[dict]:
    labels = {"mirror": "Mirror", "flip": "Flip", "reroll": "Re-roll", "plusminus": "+/- 1"}
    out = []
    for i, (aid, label) in enumerate(labels.items()):
        y = 37.4 + i * 6.6
        out.append({"id": aid, "label": label, "icon": box(5.0, y - 0.9, 6.0, 6.0),
                    "boxes": row_of_boxes(f"ab-{aid}", ABILITY_BOXES, ABILITY_PREFILL[aid], 28.4, y, 4.2, 4.8)})
    return out


def protection() -> list[dict]:
    labels = {"fire": "Fire", "drought": "Drought", "storms": "Storms", "flood": "Flood"}
    out = []
    for i, (wid, label) in enumerate(labels.items()):
        y = 37.4 + i * 6.4
        out.append({"id": wid, "label": label, "icon": box(64.0, y - 0.3, 5.2, 5.2),
                    "boxes": row_of_boxes(f"prot-{wid}", PROTECTION_BOXES, PROTECTION_PREFILL[wid], 86.0, y)})
    return out


def calendar() -> list[dict]:
    out = []
    for yr in range(1, YEARS + 1):
        x = 141.2 + (yr - 1) * 5.2
        ticks = [box(x, 40.2 + k * 4.6, 4.2, 3.8, id=f"cal-{yr}-{name}", value=v)
                 for k, (name, v) in enumerate((("plus", 1), ("zero", 0), ("minus", -1)))]
        out.append({"year": yr, "number_at": [r(x + 2.1), 38.6], "ticks": ticks})
    return out


def hunger() -> list[dict]:
    rows = [("snake", "snake", "squirrel", 0), ("kingfisher", "kingfisher", "fish", 0),
            ("squirrel", "squirrel", "snake", 2), ("fish", "fish", "kingfisher", 2)]
    out = []
    for i, (hid, more, than, margin) in enumerate(rows):
        y = 62.0 + i * 5.4
        out.append({"id": hid, "more": more, "than": than, "margin": margin,
                    "boxes": row_of_boxes(f"hunger-{hid}", HUNGER_BOXES, 0, 152.6, y, 3.6, 4.0)})
    return out


def selection() -> list[dict]:
    spots = [("save", 22.0), ("protect", 33.2), ("clear", 33.2), ("plant", 33.2), ("introduce", 33.2), ("grow", 33.2)]
    out, x = [], 4.0
    for sid, w in spots:
        size, pitch = (4.2, 4.6) if sid == "save" else (4.6, 5.4)
        dice = [box(x + 2.0 + k * pitch, 112.6, size, size, id=f"sel-{sid}-die-{k + 1}") for k in range(4)]
        out.append({"id": sid, **box(x, 101.0, w, 17.6), "dice": dice})
        x += w
    return out


def score_boxes() -> dict:
    rows = ["flora", "fauna", "contaminated", "bare", "hunger", "total"]
    return {rid: box(183.0, 127.6 + i * 6.0, 9.6, 4.6) for i, rid in enumerate(rows)}


def template() -> dict:
    chains = {w: [f"sq-{c}-{rw}" for c, rw in chain] for w, chain in CHAINS.items()}
    return {
        "game": "re-wilding",
        # version 2: a 30 mm QR (24 mm in version 1 could not be read in most 1-3 MP photos)
        "version": 2,
        "frame": {"width": FRAME_W, "height": FRAME_H},
        "years": YEARS,
        "habitats": HABITATS,
        "grid": {"x": GRID_X, "y": GRID_Y, "cell": CELL, "cols": 5, "rows": 5},
        "squares": squares(),
        "weather_chains": chains,
        "abilities": abilities(),
        "protection": protection(),
        "cleanup": row_of_boxes("cleanup", CLEANUP_BOXES, CLEANUP_PREFILL, 84.6, 64.4, 4.4, 4.95),
        "cleared": cleared(),
        "calendar": calendar(),
        "hunger": hunger(),
        "selection": selection(),
        "score": score_boxes(),
        "boxes": {
            "marker-tl": box(3, 3, 12, 12), "marker-tr": box(181, 3, 12, 12),
            "marker-br": box(181, 251, 12, 12), "marker-bl": box(3, 251, 12, 12),
            "qr": box(163.0, 196.5, 30.0, 30.0),
            "calibration": box(168.0, 232.5, 20.0, 4.0),
            "print-note": box(19.0, 258.0, 120.0, 3.0),
            "title": box(19.0, 3.0, 158.0, 15.0),
            "turn-order": box(4.0, 19.6, 188.0, 6.4),
            "abilities-panel": box(4.0, 28.0, 55.0, 71.0),
            "protection-panel": box(62.0, 28.0, 64.0, 71.0),
            "year-end-panel": box(129.0, 28.0, 63.0, 71.0),
            "score-panel": box(163.0, 120.0, 30.0, 74.5),
        },
    }


def render() -> str:
    return json.dumps(template(), indent=1) + "\n"


if __name__ == "__main__":
    text = render()
    if "--check" in sys.argv:
        sys.exit(0 if OUT.read_text() == text else 1)
    OUT.write_text(text)
    print(f"wrote {OUT}")
