"""Rising Waters: the whole print kit (map poster, boards, 315 cards, tokens) under 5 s."""
from __future__ import annotations

import time

from benchmarks.util import best_of, target


def _kit(**opts):
    from sheets.printopts import PrintOptions
    from sheets.rising_waters.kit import build_kit

    return build_kit(PrintOptions(**opts), "spring1927")


def run() -> bool:
    t0 = time.perf_counter()
    pdf, man = _kit().pdf()                     # first run: imports, fonts, deck loading
    first = time.perf_counter() - t0
    print(f"   whole kit: {len(man.pages)} pages, {len(pdf) / 1e6:.2f} MB; first run {first:.2f} s")
    ok = target("whole kit, A4, duplex (best of 3)", best_of(lambda: _kit().pdf(), repeat=3), 5.0)
    ok &= target("whole kit, Letter, fold, ink saver (best of 3)",
                 best_of(lambda: _kit(paper=__import__("sheets.paper", fromlist=["LETTER"]).LETTER, fold=True,
                                      ink_saver=True).pdf(), repeat=3), 5.0)
    for part in ("map", "boards", "cards", "tokens"):
        from sheets.printopts import PrintOptions
        from sheets.rising_waters.kit import build_kit
        secs = best_of(lambda: build_kit(PrintOptions(), "spring1927", [part]).pdf(), repeat=3)
        print(f"   {part:<7} {secs:.2f} s")
    return ok
