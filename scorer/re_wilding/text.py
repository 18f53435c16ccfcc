"""A terminal picture of a Re-Wilding sheet, for `highwater play re-wilding`."""
from __future__ import annotations

from .rules import ability_uses, calendar_value, cleanup_left, is_cleared, protection
from .score import tally
from .state import CROSSED, FILLED, State

WEATHER_MARK = {"fire": "F", "drought": "D", "storms": "S", "flood": "L"}
LEGEND = ("# coloured  . empty  x crossed; square = habitat letter, plants/wildlife, "
          "F D S L = fire/drought/storm/flood square, 1-6 = contamination")


def _mark(m: int) -> str:
    if m & CROSSED:
        return "x"
    return "#" if m & FILLED else "."


def _boxes(state: State, boxes) -> str:
    out = []
    for b in boxes:
        m = state.marks[b.index]
        out.append("x" if m & CROSSED else ("■" if m & FILLED else "□"))
    return "".join(out)


def grid_text(state: State) -> str:
    """The 5x5 grid with the cleared boxes round it."""
    t = state.template
    head = "        " + "".join(f"  {_boxes(state, t.lines[f'col-{c}'].boxes)[0]} {c} "
                                f"{_boxes(state, t.lines[f'col-{c}'].boxes)[1]}  " for c in range(1, 6))
    rows = [head]
    for r in range(1, 6):
        ln = t.lines[f"row-{r}"].boxes
        b = _boxes(state, ln)
        cells = []
        for c in range(1, 6):
            sq = t.square(c, r)
            p = "".join(_mark(state.marks[o.index]) for o in sq.plants)
            w = "".join(_mark(state.marks[o.index]) for o in sq.wildlife)
            tag = WEATHER_MARK.get(sq.weather or "", " ") + (str(sq.contamination) if sq.contamination else " ")
            cells.append(f"{t.habitats[sq.habitat].name[0]} {p}/{w}{tag}")
        rows.append(f" {b[0]} {r} {b[1]}  " + " ".join(f"{c:<9}" for c in cells))
    return "\n".join(rows)


def panel_text(state: State) -> str:
    """Abilities, protection, clean-up, calendar and hunger, one line each."""
    t = state.template
    ab = "  ".join(f"{r.label} {_boxes(state, r.boxes)}" for r in t.abilities.values())
    pr = "  ".join(f"{r.label} {_boxes(state, r.boxes)}" for r in t.protection.values())
    cal = " ".join({1: "+1", 0: "0", -1: "-1", None: "_"}[calendar_value(state, y)] for y in range(1, t.years + 1))
    hunger = "  ".join(f"{r.more}>{r.than}{'+' + str(r.margin) if r.margin else ''} {_boxes(state, r.boxes)}"
                       for r in t.hunger.values())
    return "\n".join([f"Abilities   {ab}", f"Protection  {pr}",
                      f"Clean-up    {_boxes(state, t.cleanup)}    Calendar {cal}", f"Hunger      {hunger}"])


def sheet_text(state: State) -> str:
    """The whole sheet as text, with a one-line summary."""
    k = tally(state)
    uncleared = [lid for lid in state.template.lines if not is_cleared(state, lid)]
    summary = (f"Year {state.year}{' (over)' if state.over else ''}: flora {k.flora}, fauna {k.fauna}, "
               f"crossed sets {k.contaminated}, bare {k.bare}, hunger boxes {k.hunger_boxes} -> {k.total} points; "
               f"uncleared: {', '.join(uncleared) or 'none'}")
    return "\n".join([summary, grid_text(state), "  " + LEGEND, panel_text(state)])


def abilities_text(state: State) -> str:
    """'mirror 1, flip 0, ...': uses left."""
    names = {"mirror": "mirror", "flip": "flip", "reroll": "reroll", "plusminus": "+/-1"}
    return ", ".join(f"{names[a]} {ability_uses(state, a)}" for a in names)


def protection_text(state: State) -> str:
    return ", ".join(f"{w} {protection(state, w)}" for w in state.template.protection) + \
        f", clean-up {cleanup_left(state)}"
