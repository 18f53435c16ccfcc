"""A terminal picture of a subdivision, for `highwater play`."""
from __future__ import annotations

from . import geometry
from .state import SheetState
from .template import FIELD

SX, SY = 4, 2  # characters per lattice unit across and down


def ascii_map(state: SheetState, index: int | None = None) -> str:
    """The subdivision as text: piles with numbers round the edge, houses (H, or P when
    protected), swamps (~), lattice dots and berms (*)."""
    i = state.current if index is None else index
    m, mt = state.maps[i], state.template.maps[i]
    w, h = FIELD * SX + 1, FIELD * SY + 1
    ox, oy = 3, 1
    grid = [[" "] * (w + 2 * ox) for _ in range(h + 2 * oy)]

    def put(lx: float, ly: float, ch: str) -> None:
        c, r = ox + round(lx * SX), oy + round((FIELD - ly) * SY)
        grid[r][c] = ch

    for k in range(w):
        grid[oy][ox + k] = grid[oy + h - 1][ox + k] = "-"
    for k in range(h):
        grid[oy + k][ox] = grid[oy + k][ox + w - 1] = "|"
    for cx in range(1, 7):
        for cy in range(1, 7):
            put(cx, cy, ".")
    for c, r in m.swamps:
        for fx in (0.25, 0.5, 0.75):
            for fy in (0.5,):
                put(c - 1 + fx, r - 1 + fy, "~")
    for a, b in m.berms:
        (x0, y0), (x1, y1) = mt.pile(a).point, mt.pile(b).point
        n = 80
        for k in range(1, n):
            t = k / n
            x, y = float(x0) + (float(x1) - float(x0)) * t, float(y0) + (float(y1) - float(y0)) * t
            c, r = ox + round(x * SX), oy + round((FIELD - y) * SY)
            if 0 < r < h + 2 * oy - 1 and grid[r][c] in " .~":
                grid[r][c] = "*"
    prot = geometry.protected(mt, m.houses, m.swamps, m.berms, state.variant.strict_swamps)
    for (c, r), ok in zip(m.houses, prot):
        put(c, r, "P" if ok else "H")
    for p in mt.piles:
        x, y = p.point
        if p.edge == "N":
            grid[0][ox + round(float(x) * SX)] = str(p.number)
        elif p.edge == "S":
            grid[h + 2 * oy - 1][ox + round(float(x) * SX)] = str(p.number)
        elif p.edge == "W":
            grid[oy + round((FIELD - float(y)) * SY)][ox - 2] = str(p.number)
        else:
            grid[oy + round((FIELD - float(y)) * SY)][ox + w + 1] = str(p.number)
    lines = ["".join(row).rstrip() for row in grid]
    used = m.usage()
    legend = []
    for edge in "NESW":
        piles = [p for p in mt.piles if p.edge == edge]
        legend.append("  ".join(f"{p.id}={p.number}{'′' * used[p.id]}" for p in piles))
    head = f"{mt.name} ({m.status.value}): {sum(prot)}/{len(prot)} houses protected, {len(m.berms)} berms"
    return "\n".join([head] + lines + ["piles (′ = used once, ″ = twice):"] + ["  " + s for s in legend])
