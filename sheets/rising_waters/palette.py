"""Rising Waters colours: land tinted by elevation, blue water, and the card-type colours."""
from __future__ import annotations

from ..style import Color

RIVER: Color = "#7fb0da"
RIVER_DEEP: Color = "#2f6ea5"
LAKE: Color = "#8dbbe0"
BANK: Color = "#24507a"        # the line where water meets land
GROUP_LINE: Color = "#ffffff"  # thick white lines between hex groups, as on the original board
HEX_LINE: Color = "#8f9a86"    # thin lines between hexes of one group
DOT: Color = "#163b5c"

# Land tints from low (2) to high (6): green bottomland up to brown bluffs.
ELEVATION: dict[int, Color] = {
    2: "#dcebc6",
    3: "#c9dfa6",
    4: "#ecdcaa",
    5: "#dcc08e",
    6: "#c6a173",
}
ELEVATION_INK: Color = "#2c3a22"

FOREST: Color = "#3f6b35"
FIELD: Color = "#9a7b2f"
CITY: Color = "#5b4a3a"
TOWN: Color = "#7a3b2e"
RELIEF_GREEN: Color = "#2e7d4f"
RELIEF_RED: Color = "#b03a2e"
TRACK: Color = "#f7f3ea"
CRISIS: Color = "#b03a2e"
STAR: Color = "#c99a1e"
PAPER: Color = "#fbf8f1"
