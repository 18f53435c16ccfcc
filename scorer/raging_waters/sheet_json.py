"""The Raging Waters sheet-state JSON: read (validated) and write. See docs/formats.md."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..errors import HighwaterError, SheetError
from . import geometry
from .rules import check_setup, is_completed, new_game
from .state import MapState, SheetState, Status, Variant
from .template import EDGE_NAMES, RagingWatersTemplate, load

FORMAT = "raging-waters"


def _spots(value: Any, where: str) -> tuple[tuple[int, int], ...]:
    if not isinstance(value, list):
        raise SheetError(f"{where} must be a list of [column, row] pairs")
    out = []
    for v in value:
        if (not isinstance(v, list) or len(v) != 2 or not all(isinstance(x, int) and not isinstance(x, bool) for x in v)):
            raise SheetError(f"{where}: {v!r} is not a [column, row] pair of whole numbers")
        if not all(1 <= x <= 6 for x in v):
            raise SheetError(f"{where}: {v!r} is off the 6x6 lattice (columns and rows are 1-6)")
        out.append((v[0], v[1]))
    return tuple(out)


def load_sheet(data: Any, template: RagingWatersTemplate | None = None) -> SheetState:
    """Validate an entered sheet and build its state.

    :raises SheetError: malformed JSON shape, unknown ids, or a sheet the rules forbid
        (a pile used 3 times, a berm through a house, play out of order, ...).
    """
    t = template or load()
    if not isinstance(data, dict):
        raise SheetError("a sheet must be a JSON object with 'subdivisions'")
    if data.get("game", FORMAT) != FORMAT:
        raise SheetError(f"this is a {data.get('game')!r} sheet, not raging-waters")
    version = data.get("version", t.version)
    if version != t.version:
        raise SheetError(f"sheet template version {version!r} is unknown; this Highwater knows version {t.version}")
    unknown = set(data) - {"game", "version", "variant", "backhoes_crossed", "subdivisions", "sheet_id", "player"}
    if unknown:
        raise SheetError(f"unknown field(s) {', '.join(sorted(unknown))}; see docs/formats.md")
    variant_d = data.get("variant", {}) or {}
    if not isinstance(variant_d, dict) or set(variant_d) - {"strict_swamps"}:
        raise SheetError("variant may only hold strict_swamps: true|false")
    variant = Variant(strict_swamps=bool(variant_d.get("strict_swamps", False)))
    backhoes = data.get("backhoes_crossed", 0)
    if not isinstance(backhoes, int) or isinstance(backhoes, bool) or not 0 <= backhoes <= t.backhoes:
        raise SheetError(f"backhoes_crossed must be a whole number from 0 to {t.backhoes}, not {backhoes!r}")
    subs = data.get("subdivisions")
    if not isinstance(subs, dict):
        raise SheetError("'subdivisions' must be an object keyed by subdivision id (aquaterra, boglandia, ...)")
    extra = set(subs) - {m.id for m in t.maps}
    if extra:
        raise SheetError(f"unknown subdivision(s) {', '.join(sorted(extra))}; use {', '.join(m.id for m in t.maps)}")

    state = new_game(variant, t)
    maps = []
    finished_before = True   # every earlier subdivision was completed or left
    current = None
    for i, mt in enumerate(t.maps):
        d = subs.get(mt.id)
        if d is None:
            raise SheetError(f"subdivision {mt.id!r} is missing; give its houses and swamps")
        if not isinstance(d, dict) or set(d) - {"houses", "swamps", "berms", "left"}:
            raise SheetError(f"{mt.id}: give only houses, swamps, berms and left")
        houses = _spots(d.get("houses", []), f"{mt.id}.houses")
        swamps = _spots(d.get("swamps", []), f"{mt.id}.swamps")
        try:
            check_setup(mt, houses, swamps)
        except HighwaterError as e:
            raise SheetError(str(e)) from None
        berms = _berms(mt, d.get("berms", []), houses, swamps, t)
        left = d.get("left", False)
        if not isinstance(left, bool):
            raise SheetError(f"{mt.id}.left must be true or false")
        m = MapState(mt.id, houses, swamps, berms, Status.PENDING)
        probe = replace(state, maps=state.maps[:i] + (m,) + state.maps[i + 1:])
        done = bool(berms) and is_completed(probe, i)
        if (berms or left) and not finished_before:
            prev = t.maps[i - 1].name
            raise SheetError(f"{mt.name} has {'berms' if berms else 'its left box ticked'} but {prev} "
                             "was neither completed nor left; subdivisions are played in order")
        if done and left:
            raise SheetError(f"{mt.name} is completed (every house is protected), so it can't also be left; "
                             "untick its left box")
        if done:
            status = Status.COMPLETED
        elif left:
            status = Status.LEFT
        elif finished_before:
            status = Status.ACTIVE
            current = i if current is None else current
        else:
            status = Status.PENDING
        finished_before = finished_before and status in (Status.COMPLETED, Status.LEFT)
        maps.append(replace(m, status=status))
    over = finished_before  # Delta completed or left
    return replace(state, maps=tuple(maps), backhoes_used=backhoes,
                   current=current if current is not None else len(maps) - 1, over=over)


def _berms(mt, raw: Any, houses, swamps, t: RagingWatersTemplate) -> tuple[tuple[str, str], ...]:
    if not isinstance(raw, list):
        raise SheetError(f"{mt.id}.berms must be a list of [pile, pile] pairs such as [\"N2\", \"E4\"]")
    out: list[tuple[str, str]] = []
    used: dict[str, int] = {}
    for b in raw:
        if not isinstance(b, list) or len(b) != 2 or not all(isinstance(x, str) for x in b):
            raise SheetError(f"{mt.id}: berm {b!r} must be two pile ids such as [\"N2\", \"E4\"]")
        a, c = b[0].upper(), b[1].upper()
        for pid in (a, c):
            if not mt.has_pile(pid):
                raise SheetError(f"{mt.id}: unknown pile {pid!r}; its piles are {' '.join(p.id for p in mt.piles)}")
        pa, pc = mt.pile(a), mt.pile(c)
        if a == c:
            raise SheetError(f"{mt.id}: berm {a}-{c} joins a pile to itself")
        if pa.edge == pc.edge:
            raise SheetError(f"{mt.id}: berm {a}-{c} joins two piles on the {EDGE_NAMES[pa.edge]} edge")
        if any({a, c} == set(x) for x in out):
            raise SheetError(f"{mt.id}: piles {a} and {c} are joined twice")
        why = geometry.why_blocked(mt, a, c, houses, swamps, t.house_radius)
        if why:
            raise SheetError(f"{mt.id}: berm {a}-{c} is not allowed: {why}")
        for pid in (a, c):
            used[pid] = used.get(pid, 0) + 1
            if used[pid] > 2:
                raise SheetError(f"{mt.id}: pile {pid} is used {used[pid]} times; a dirt pile can never be used more than twice")
        out.append((a, c))
    return tuple(out)


def dump_sheet(state: SheetState) -> dict:
    """The JSON form of a state (round-trips through load_sheet for finished turns)."""
    t = state.template
    return {
        "game": FORMAT,
        "version": t.version,
        "variant": {"strict_swamps": state.variant.strict_swamps},
        "backhoes_crossed": state.backhoes_used,
        "subdivisions": {
            m.id: {"houses": [list(h) for h in m.houses], "swamps": [list(s) for s in m.swamps],
                   "berms": [list(b) for b in m.berms], "left": m.status == Status.LEFT}
            for m in state.maps},
    }


def report(state: SheetState) -> dict:
    """Per subdivision: status and which houses are protected (for --json output)."""
    out = {}
    for m, mt in zip(state.maps, state.template.maps):
        prot = geometry.protected_by_regions(mt, m.houses, m.swamps, m.berms, state.variant.strict_swamps)
        used = m.usage()
        out[m.id] = {"status": m.status.value,
                     "protected": [list(h) for h, ok in zip(m.houses, prot) if ok],
                     "unprotected": [list(h) for h, ok in zip(m.houses, prot) if not ok],
                     "unused_piles": [p.id for p in mt.piles if used[p.id] == 0]}
    return out
