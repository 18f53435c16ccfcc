"""Print kits: the 72-card Water Duel deck with backs, and the full Tayu kit (target < 2 s each)."""
from __future__ import annotations

from benchmarks.util import best_of, target


def run() -> bool:
    from sheets.printopts import PrintOptions
    from sheets.water_duel import build_kit as duel_kit

    ok = True
    sizes = {}

    def duel() -> None:
        pdf, man = duel_kit(PrintOptions()).pdf()
        sizes["duel"] = (len(pdf), len(man.pages), sum(man.counts().values()))

    duel()  # warm fonts and imports
    ok &= target("Water Duel deck, 72 cards with backs (PDF)", best_of(duel, repeat=3), 2.0)
    print(f"   {sizes['duel'][2]} cards on {sizes['duel'][1]} pages, {sizes['duel'][0] / 1024:.0f} KiB")
    try:
        from sheets.tayu import build_kit as tayu_kit
    except ImportError:
        print("   Tayu kit: not built yet")
        return ok

    def tayu() -> None:
        pdf, man = tayu_kit(PrintOptions()).pdf()
        sizes["tayu"] = (len(pdf), len(man.pages), sum(man.counts("Tiles").values()))

    tayu()
    ok &= target("Tayu kit, 84 tiles with backs, board, aids, pad (PDF)", best_of(tayu, repeat=3), 2.0)
    print(f"   {sizes['tayu'][2]} tiles, {sizes['tayu'][1]} pages, {sizes['tayu'][0] / 1024:.0f} KiB")
    return ok
