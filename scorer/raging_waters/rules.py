"""Raging Waters rules: chance nodes for every roll, legal moves, apply with reasons.

Rule text quoted in comments comes from ../shared/seeds/000_96da59b51e5320bc.txt;
every choice the text leaves open is in docs/rulings.md.
"""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from itertools import permutations, product

from ..core import CHANCE, TERMINAL, ChanceSpec, Dice, sample
from ..dice import DiceStream
from ..errors import IllegalMoveError, InvalidMoveError
from . import geometry
from .state import Berm, MapState, Move, Pass, SheetState, Spot, Status, Variant, swamp_problem, swamp_room
from .template import EDGE_NAMES, MapTemplate, RagingWatersTemplate, load

name = "raging-waters"
TURN_DICE = 3
SETUP_DICE = 2


def new_game(variant: Variant = Variant(), template: RagingWatersTemplate | None = None) -> SheetState:
    """A blank sheet: setup rolls come first, then Aquaterra is in play."""
    t = template or load()
    maps = tuple(MapState(m.id, status=Status.ACTIVE if i == 0 else Status.PENDING)
                 for i, m in enumerate(t.maps))
    return SheetState(maps=maps, variant=variant, template=t)


def with_setup(setup: dict[str, tuple[tuple[Spot, ...], tuple[Spot, ...]]],
               variant: Variant = Variant(), template: RagingWatersTemplate | None = None) -> SheetState:
    """A sheet whose houses and swamps are already placed: {map id: (houses, swamps)}.

    Raises IllegalMoveError when a placement breaks the setup rules.
    """
    state = new_game(variant, template)
    for i, mt in enumerate(state.template.maps):
        houses, swamps = setup[mt.id]
        check_setup(mt, tuple(map(tuple, houses)), tuple(map(tuple, swamps)))
        state = state.with_map(i, replace(state.maps[i], houses=tuple(map(tuple, houses)),
                                          swamps=tuple(map(tuple, swamps))))
    return state


def check_setup(mt: MapTemplate, houses: tuple[Spot, ...], swamps: tuple[Spot, ...]) -> None:
    """Raise IllegalMoveError naming the first setup rule the placement breaks."""
    if len(houses) != mt.houses:
        raise IllegalMoveError(f"{mt.name} has {mt.houses} houses, not {len(houses)}")
    for k, h in enumerate(houses):
        if _house_problem(houses[:k], h):
            raise IllegalMoveError(f"{mt.name}: house {h} {_house_problem(houses[:k], h)}")
    for k, s in enumerate(swamps):
        if swamp_problem(houses, swamps[:k], s):
            raise IllegalMoveError(f"{mt.name}: swamp {s} {swamp_problem(houses, swamps[:k], s)}")
    # Fewer swamps only when no cell is left for another (six houses can block all but 3).
    if len(swamps) > mt.swamps or (len(swamps) < mt.swamps and swamp_room(houses, swamps)):
        raise IllegalMoveError(f"{mt.name} has {mt.swamps} swamps, not {len(swamps)}")


def _house_problem(houses: tuple[Spot, ...], h: Spot) -> str | None:
    if not all(1 <= v <= 6 for v in h):
        return "is off the 6x6 lattice"
    if h in houses:
        return "is on a spot already taken (reroll)"
    return None


# ---- whose turn -------------------------------------------------------------------------

def is_terminal(state: SheetState) -> bool:
    return state.over


def current_player(state: SheetState) -> int:
    """0 when the player must move, CHANCE when dice must be rolled, TERMINAL at the end."""
    if state.over:
        return TERMINAL
    if state.setting_up or state.roll is None:
        return CHANCE
    return 0


def chance_spec(state: SheetState) -> ChanceSpec:
    """The dice to roll now and the label a seeded stream rolls them under."""
    nxt = state.next_setup()
    if nxt is not None:
        i, kind, k = nxt
        return ChanceSpec(f"rw/setup/{state.template.maps[i].id}/{kind}{k}", SETUP_DICE)
    return ChanceSpec(f"rw/turn/{state.turn + 1}", TURN_DICE)


@lru_cache(maxsize=None)
def _triples() -> tuple[tuple[Dice, float], ...]:
    counts: dict[tuple[int, ...], int] = {}
    for t in product(range(1, 7), repeat=3):
        k = tuple(sorted(t))
        counts[k] = counts.get(k, 0) + 1
    return tuple((Dice(k), n / 216) for k, n in sorted(counts.items()))


def chance_outcomes(state: SheetState) -> list[tuple[Dice, float]]:
    """[(outcome, probability)] at a chance node.

    Setup rolls are ordered (column die, row die) pairs, 1/36 each; a pair that must be
    rerolled is still an outcome and leaves the state unchanged. Turn rolls are folded
    into sorted triples (56 outcomes) since the dice's colours never matter.
    """
    if current_player(state) != CHANCE:
        return []
    if state.setting_up:
        return [(Dice((c, r)), 1 / 36) for c in range(1, 7) for r in range(1, 7)]
    return list(_triples())


# ---- moves ------------------------------------------------------------------------------

def dice_allow(n1: int, used1: int, n2: int, used2: int, dice: tuple[int, ...]) -> bool:
    """Do these dice let a berm join a pile numbered n1 (used `used1` times) to one
    numbered n2 (used `used2` times)?

    - Normally each pile matches a different die and neither pile has been used.
    - "If 2 dice are the same number, you may select a dirt pile of that number that's
      already been used once. If you do, use the third die for the other dirt pile."
    - "If all 3 dice are the same number, one or both dirt piles may be used a second time."
    - "A dirt pile can never be used more than twice."
    """
    if used1 >= 2 or used2 >= 2:
        return False
    if dice[0] == dice[1] == dice[2]:
        return n1 == n2 == dice[0]
    for i, j in permutations(range(3), 2):
        if dice[i] != n1 or dice[j] != n2:
            continue
        k = 3 - i - j
        if used1 == 0 and used2 == 0:
            return True
        if used1 == 1 and used2 == 0 and dice[k] == dice[i]:
            return True
        if used2 == 1 and used1 == 0 and dice[k] == dice[j]:
            return True
    return False


def _blocked(state: SheetState, mt: MapTemplate, m: MapState) -> tuple[bool, ...]:
    return geometry.blocked_pairs(mt, m.houses, m.swamps, state.template.house_radius)


@lru_cache(maxsize=None)
def _pairs_by_numbers(mt: MapTemplate) -> dict[tuple[int, int], tuple]:
    """Pile pairs on different edges grouped by their sorted numbers."""
    out: dict[tuple[int, int], list] = {}
    for k, (p, q) in enumerate(geometry.pair_table(mt)[0]):
        key = (min(p.number, q.number), max(p.number, q.number))
        out.setdefault(key, []).append((p, q, frozenset((p.id, q.id)), k))
    return {k: tuple(v) for k, v in out.items()}


def legal_berms(state: SheetState, roll: tuple[int, ...] | None = None) -> list[Berm]:
    """Berms the roll allows on the subdivision in play (without the leave choice)."""
    dice = tuple(sorted(roll)) if roll is not None else state.roll
    if state.over or dice is None or state.setting_up:
        return []
    mt = state.template.maps[state.current]
    m = state.map
    usage = m.usage()
    blocked = _blocked(state, mt, m)
    drawn = {frozenset(b) for b in m.berms}
    groups = _pairs_by_numbers(mt)
    keys = {(min(dice[i], dice[j]), max(dice[i], dice[j])) for i, j in ((0, 1), (0, 2), (1, 2))}
    out = []
    for key in sorted(keys):
        for p, q, pair, k in groups.get(key, ()):
            if blocked[k] or pair in drawn:
                continue
            if dice_allow(p.number, usage[p.id], q.number, usage[q.id], dice):
                out.append(Berm(p.id, q.id))
    return out


def legal_moves(state: SheetState, roll: Dice | tuple[int, ...] | None = None) -> list[Move]:
    """Every legal move for the roll (default: the state's pending roll).

    Each berm and the pass come twice: staying, and leaving the subdivision after the turn.
    Empty at chance nodes (unless a hypothetical `roll` is given) and at the end.
    """
    dice = roll.values if isinstance(roll, Dice) else roll
    if state.over or state.setting_up or (dice is None and state.roll is None):
        return []
    berms = legal_berms(state, dice)
    moves: list[Move] = []
    for b in berms:
        moves += [b, Berm(b.a, b.b, leave=True)]
    return moves + [Pass(), Pass(leave=True)]


def _pile_list(mt: MapTemplate) -> str:
    return " ".join(p.id for p in mt.piles)


def check_berm(state: SheetState, berm: Berm, dice: tuple[int, ...] | None) -> None:
    """Raise with the reason if the berm is not legal now (dice=None skips the dice test)."""
    mt = state.template.maps[state.current]
    m = state.map
    for pid in (berm.a, berm.b):
        if not mt.has_pile(pid):
            raise InvalidMoveError(f"{mt.name} has no pile {pid!r}; its piles are {_pile_list(mt)}")
    p, q = mt.pile(berm.a), mt.pile(berm.b)
    if p.id == q.id:
        raise IllegalMoveError(f"a berm joins two different piles, not {p.id} to itself")
    if p.edge == q.edge:
        raise IllegalMoveError(f"{p.id} and {q.id} are both on the {EDGE_NAMES[p.edge]} edge; "
                               "piles must be on different edges")
    if m.joined(p.id, q.id):
        raise IllegalMoveError(f"{p.id} and {q.id} are already joined; the same two piles can't be joined twice")
    usage = m.usage()
    for pile in (p, q):
        if usage[pile.id] >= 2:
            raise IllegalMoveError(f"pile {pile.id} has been used twice; a dirt pile can never be used more than twice")
    if dice is not None and not dice_allow(p.number, usage[p.id], q.number, usage[q.id], dice):
        raise IllegalMoveError(_dice_reason(p.id, p.number, usage[p.id], q.id, q.number, usage[q.id], dice))
    k = geometry.pair_index(mt)[frozenset((p.id, q.id))]
    if _blocked(state, mt, m)[k]:
        why = geometry.why_blocked(mt, p.id, q.id, m.houses, m.swamps, state.template.house_radius)
        raise IllegalMoveError(f"berm {p.id}-{q.id} is blocked: {why}")


def _dice_reason(a: str, na: int, ua: int, b: str, nb: int, ub: int, dice: tuple[int, ...]) -> str:
    shown = "-".join(map(str, dice))
    if sorted((na, nb)) not in ([dice[0], dice[1]], [dice[0], dice[2]], [dice[1], dice[2]]):
        return f"the roll {shown} has no two dice showing {na} and {nb} for piles {a} and {b}"
    used = [pid for pid, u in ((a, ua), (b, ub)) if u]
    if len(used) == 2:
        return f"piles {a} and {b} were both used once; reusing both needs a triple"
    return (f"pile {used[0]} was used once; reusing it needs a double of its number, "
            f"with the third die matching the other pile")


def _advance(state: SheetState, new_status: Status) -> SheetState:
    """Close the subdivision in play with `new_status` and move to the next one."""
    st = state.with_map(state.current, replace(state.map, status=new_status))
    nxt = st.current + 1
    if nxt >= len(st.maps):
        return replace(st, over=True)
    st = st.with_map(nxt, replace(st.maps[nxt], status=Status.ACTIVE))
    return replace(st, current=nxt)


def is_completed(state: SheetState, index: int | None = None) -> bool:
    """Every house of the subdivision protected (by the state's variant)."""
    i = state.current if index is None else index
    m, mt = state.maps[i], state.template.maps[i]
    return all(geometry.protected(mt, m.houses, m.swamps, m.berms, state.variant.strict_swamps))


def _apply_setup(state: SheetState, dice: tuple[int, ...]) -> SheetState:
    i, kind, _ = state.next_setup()  # type: ignore[misc]
    m = state.maps[i]
    spot = (dice[0], dice[1])
    if kind == "house":
        if _house_problem(m.houses, spot):
            return state  # "rerolled if the spot is taken"
        return state.with_map(i, replace(m, houses=m.houses + (spot,)))
    if swamp_problem(m.houses, m.swamps, spot):
        return state  # rerolled
    return state.with_map(i, replace(m, swamps=m.swamps + (spot,)))


def apply(state: SheetState, action: Dice | Move) -> SheetState:
    """Apply a roll or a move and return the new state.

    :raises IllegalMoveError: the action is not allowed now; the message says why.
    :raises InvalidMoveError: the action names something that does not exist.
    """
    if state.over:
        raise IllegalMoveError("the game is over")
    if isinstance(action, Dice):
        if current_player(state) != CHANCE:
            raise IllegalMoveError(f"the roll {'-'.join(map(str, state.roll or ()))} is waiting for a berm or a pass")
        spec = chance_spec(state)
        if len(action.values) != spec.dice or not all(1 <= v <= 6 for v in action.values):
            raise InvalidMoveError(f"this roll needs {spec.dice} dice from 1 to 6, not {action.values}")
        if state.setting_up:
            return _apply_setup(state, action.values)
        return replace(state, roll=tuple(sorted(action.values)), turn=state.turn + 1)
    if current_player(state) == CHANCE:
        raise IllegalMoveError("roll the dice first")
    if isinstance(action, Berm):
        check_berm(state, action, state.roll)
        m = state.map
        st = replace(state.with_map(state.current, replace(m, berms=m.berms + ((action.a, action.b),))), roll=None)
        if is_completed(st):
            return _advance(st, Status.COMPLETED)
        return _advance(st, Status.LEFT) if action.leave else st
    if isinstance(action, Pass):
        if state.backhoes_used >= state.template.backhoes:
            # "Once all 3 are used, if you would need to mark off another, the game ends."
            return replace(state, roll=None, over=True)
        st = replace(state, roll=None, backhoes_used=state.backhoes_used + 1)
        return _advance(st, Status.LEFT) if action.leave else st
    raise InvalidMoveError(f"not a Raging Waters action: {action!r}")


def parse_move(state: SheetState, text: str) -> Move:
    """Read 'N2 E4', 'n2-e4 leave', 'pass' or 'pass leave'.

    :raises InvalidMoveError: text that is not a move.
    """
    words = text.replace("-", " ").replace(",", " ").lower().split()
    leave = bool(words) and words[-1] == "leave"
    if leave:
        words = words[:-1]
    if words == ["pass"]:
        return Pass(leave)
    if not words and leave:
        raise InvalidMoveError("leaving comes after your turn: type a berm then 'leave' (N2 E4 leave) or 'pass leave'")
    if len(words) == 1 and len(words[0]) >= 4:  # "n2e4"
        w = words[0]
        for cut in range(2, len(w) - 1):
            if w[cut].isalpha():
                words = [w[:cut], w[cut:]]
                break
    if len(words) != 2:
        raise InvalidMoveError(f"cannot read move {text!r}; type two piles (N2 E4), 'pass', and add 'leave' to leave after it")
    return Berm(words[0], words[1], leave)


def rolled_setup(seed: str, variant: Variant = Variant(), template: RagingWatersTemplate | None = None) -> SheetState:
    """The houses and swamps a seed rolls (every player at the table gets the same)."""
    state = new_game(variant, template)
    stream = DiceStream(seed)
    while state.setting_up:
        state = apply(state, sample(stream, chance_spec(state)))
    return state
