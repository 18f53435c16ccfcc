"""`highwater play raging-waters`: hot-seat terminal play sharing every roll, or a replay."""
from __future__ import annotations

import textwrap
from pathlib import Path

import click

from ..core import Dice, sample
from ..dice import DiceStream
from ..errors import HighwaterError
from ..raging_waters import rules, score as rw_score
from ..raging_waters.sheet_json import dump_sheet
from ..raging_waters.state import SheetState, Variant
from ..raging_waters.text import ascii_map
from .common import emit_json, fail, json_option, new_seed, seed_option, write_output
from .move_script import MoveScript

def _legal_text(state: SheetState) -> str:
    berms = rules.legal_berms(state)
    if not berms:
        return "No berm fits this roll: type 'pass' (cross off a backhoe)."
    body = "  ".join(f"{b.a}-{b.b}" for b in berms)
    return "Legal berms: " + textwrap.fill(body, 100, subsequent_indent="  ")


@click.command("raging-waters", short_help="Play Raging Waters in the terminal (hot-seat).")
@seed_option(help="Shared seed for the setup and every roll. Default: a fresh one.")
@click.option("--players", "-p", default=1, show_default=True, type=click.IntRange(1, 8),
              help="Players at this terminal; each has a sheet and all share each roll.")
@click.option("--dice", type=click.Choice(["seeded", "typed"]), default="seeded", show_default=True,
              help="seeded rolls from the seed; typed asks for the real dice rolled at the table.")
@click.option("--moves", "moves_file", type=click.Path(path_type=Path), default=None,
              help="Replay a move file instead of asking (see docs/formats.md).")
@click.option("--save", "save_file", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the whole game, rolls included, as a move file.")
@click.option("--strict-swamps", is_flag=True, help="Variant: a protected house's region must hold no swamp.")
@click.option("--force", is_flag=True, help="Overwrite the --save file.")
@json_option
def play(seed: str | None, players: int, dice: str, moves_file: Path | None, save_file: Path | None,
         strict_swamps: bool, force: bool, as_json: bool) -> None:
    """Roll, list the legal berms by pile labels, take a berm, a pass or a leave, and
    score at the end. Illegal moves are refused with the reason.

    \b
    Moves: two piles such as 'N2 E4'; 'pass' crosses off a backhoe; add 'leave' to
    leave the subdivision after the move ('N2 E4 leave', 'pass leave'). Also: 'map',
    'moves', 'score', 'quit'.

    \b
    Examples:
      highwater play raging-waters --seed game-night
      highwater play raging-waters --seed game-night --players 3
      highwater play raging-waters --seed game-night --moves examples/raging-waters/game.moves
    """
    seed = seed or new_seed()
    variant = Variant(strict_swamps=strict_swamps)
    start = rules.rolled_setup(seed, variant)
    states = [start] * players
    stream = DiceStream(seed)
    script = MoveScript(moves_file) if moves_file else None
    scripted_rolls = script is not None and script.has_rolls
    record = [f"# highwater play raging-waters --seed {seed} --players {players}"
              + (" --strict-swamps" if strict_swamps else "")]
    quiet = as_json or script is not None
    say = (lambda *a, **k: None) if as_json else click.echo

    say(f"Raging Waters, seed {seed}, {players} player{'s' if players > 1 else ''}.")
    while any(not s.over for s in states):
        active = [i for i, s in enumerate(states) if not s.over]
        spec = rules.chance_spec(states[active[0]])
        if scripted_rolls:
            e = script.next("a roll")
            if not e.is_roll:
                fail(f"{script.where(e)}: expected 'roll a b c' for turn {states[active[0]].turn + 1}, got {e.text!r}")
            roll = _parse_dice(e.text[4:], script.where(e))
        elif dice == "typed" and script is None:
            roll = None
            while roll is None:
                text = click.prompt(f"Turn {states[active[0]].turn + 1}: type the 3 dice", prompt_suffix=" > ")
                try:
                    roll = Dice.parse(text, 3)
                except HighwaterError as err:
                    click.echo(f"  {err}")
        else:
            roll = sample(stream, spec)
        states = [rules.apply(s, roll) if not s.over else s for s in states]
        record.append(f"roll {' '.join(map(str, roll.values))}")
        say(f"\nTurn {states[active[0]].turn}: roll {'-'.join(map(str, sorted(roll.values)))}")
        for i in active:
            tag = f"Player {i + 1}" if players > 1 else "You"
            st = states[i]
            while True:
                if script is not None:
                    e = script.next(f"a move for player {i + 1}")
                    if e.is_roll:
                        fail(f"{script.where(e)}: expected a move for player {i + 1}, got a roll")
                    if e.player is not None and e.player != i + 1:
                        fail(f"{script.where(e)}: expected a move for player {i + 1}, got one for player {e.player}")
                    text, where = e.text, f"{script.where(e)}: "
                else:
                    if not quiet:
                        click.echo(ascii_map(st))
                        click.echo(_legal_text(st))
                    text = click.prompt(f"{tag} ({st.template.maps[st.current].name}, backhoes left "
                                        f"{st.template.backhoes - st.backhoes_used})", prompt_suffix=" > ")
                    where = ""
                word = text.strip().lower()
                if script is None and word in ("map", "moves", "score", "quit", "?", "help"):
                    if word == "quit":
                        raise click.Abort()
                    click.echo({"map": ascii_map(st), "score": rw_score(st).table()}.get(word, _legal_text(st)))
                    continue
                try:
                    mv = rules.parse_move(st, text)
                    st = rules.apply(st, mv)
                except HighwaterError as err:
                    if script is not None:
                        fail(f"{where}{text!r}: {err}")
                    click.echo(f"  Illegal: {err}")
                    continue
                states[i] = st
                record.append((f"p{i + 1}: " if players > 1 else "") + str(mv))
                say(f"  {tag}: {mv}" + _after(st))
                break
    results = [rw_score(s) for s in states]
    if save_file:
        write_output(save_file, ("\n".join(record) + "\n").encode(), force)
    if as_json:
        emit_json({"seed": seed, "players": [{"player": i + 1, "score": r.to_dict(), "sheet": dump_sheet(s)}
                                             for i, (r, s) in enumerate(zip(results, states))],
                   "actions": record[1:]})
        return
    for i, r in enumerate(results):
        click.echo(f"\n{'Player ' + str(i + 1) if players > 1 else 'Final score'}:")
        click.echo(r.table())


def _after(st: SheetState) -> str:
    if st.over:
        return "  (game over)"
    return ""


def _parse_dice(text: str, where: str) -> Dice:
    try:
        return Dice.parse(text, 3)
    except HighwaterError as e:
        fail(f"{where}: {e}")
    raise AssertionError
