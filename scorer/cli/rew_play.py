"""`highwater play re-wilding`: the whole ten-year solo game in the terminal, or a replay."""
from __future__ import annotations

from pathlib import Path

import click

from ..core import CHANCE, Dice, sample
from ..dice import DiceStream
from ..errors import HighwaterError
from ..re_wilding import rules, score as rew_score
from ..re_wilding.moves import Flip, Mirror, Nudge, Reroll
from ..re_wilding.sheet_json import dump_sheet
from ..re_wilding.state import Phase, State, Variant
from ..re_wilding.text import abilities_text, protection_text, sheet_text
from .common import emit_json, fail, json_option, new_seed, seed_option, write_output
from .move_script import MoveScript

COMMANDS_HELP = "Also: 'sheet' (show the sheet), 'moves' (list them again), 'score', 'quit'."


def menu(state: State) -> list:
    """The numbered choices shown to the player: placements and targets first, then
    ability uses (re-rolls are typed, not listed)."""
    moves = [m for m in rules.legal_moves(state) if not isinstance(m, Reroll)]
    abilities = [m for m in moves if isinstance(m, (Mirror, Flip, Nudge))]
    return [m for m in moves if m not in abilities] + abilities


def _columns(items: list[str], width: int = 110) -> list[str]:
    """Numbered items in aligned columns."""
    cells = [f"{i + 1:>2}) {s}" for i, s in enumerate(items)]
    if not cells:
        return []
    w = max(len(c) for c in cells) + 2
    per = max(1, width // w)
    rows = -(-len(cells) // per)
    return ["  " + "".join(cells[r + k * rows].ljust(w) for k in range(per) if r + k * rows < len(cells)).rstrip()
            for r in range(rows)]


def prompt_text(state: State) -> str:
    """What the player is asked now, with the numbered legal moves."""
    ph = state.phase
    dice = "-".join(map(str, state.dice))
    if ph == Phase.MAIN:
        head = f"Year {state.year}: dice {dice}. Place them (e.g. 'save 6, clear 2, plant 1 3') or use an ability."
    elif ph == Phase.ACTION:
        action, group = state.queue[0]
        head = f"Resolve {action} ({'-'.join(map(str, group))}): choose a target."
    elif ph == Phase.PLANT:
        head = f"Plant dice {dice}: choose a square (column row; 6 is wild) or use an ability."
    elif ph == Phase.WEATHER:
        head = f"Weather roll {dice}: 'keep' it or use an ability."
    else:
        head = f"Check die {dice}: 'keep' it or use an ability."
    lines = [head] + _columns([str(m) for m in menu(state)])
    if ph in (Phase.WEATHER, Phase.CHECK):
        lines.append("  Protection: " + protection_text(state))
    if ph in (Phase.MAIN, Phase.PLANT, Phase.WEATHER, Phase.CHECK):
        extra = "  Abilities left: " + abilities_text(state)
        if rules.ability_uses(state, "reroll"):
            extra += "  (re-roll: 'reroll 2 5')"
        lines.append(extra)
    return "\n".join(lines)


def _read_move(state: State, text: str) -> object:
    word = text.strip()
    if word.isdigit():
        items = menu(state)
        k = int(word)
        if not 1 <= k <= len(items):
            raise HighwaterError(f"choose a number from 1 to {len(items)}")
        return items[k - 1]
    return rules.parse_move(state, text)


@click.command("re-wilding", short_help="Play Re-Wilding in the terminal (solo, ten years).")
@seed_option(help="Seed for every roll. Default: a fresh one.")
@click.option("--dice", type=click.Choice(["seeded", "typed"]), default="seeded", show_default=True,
              help="seeded rolls from the seed; typed asks for the real dice rolled at the table.")
@click.option("--moves", "moves_file", type=click.Path(path_type=Path), default=None,
              help="Replay a move file instead of asking (see docs/formats.md).")
@click.option("--bot", is_flag=True, help="Let the greedy bot play and watch every roll and move.")
@click.option("--save", "save_file", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the whole game, rolls included, as a move file.")
@click.option("--write-sheet", "sheet_file", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the final sheet as JSON (for `highwater score` and `highwater render`).")
@click.option("--one-group-per-action", is_flag=True, help="Variant: at most one dice group on each action.")
@click.option("--force", is_flag=True, help="Overwrite the --save and --write-sheet files.")
@json_option
def play(seed: str | None, dice: str, moves_file: Path | None, bot: bool, save_file: Path | None,
         sheet_file: Path | None, one_group_per_action: bool, force: bool, as_json: bool) -> None:
    """Roll, list the legal placements, apply abilities, resolve the groups left to right
    and run each year end with every roll shown; the sheet is shown every year and the
    score breakdown at the end. Illegal moves are refused with the reason.

    \b
    Moves (or type the number of a listed move):
      placing       save 6, clear 2, plant 1 3     (groups of dice on actions)
      abilities     mirror 2>5   flip 3   +1 3 / -1 4   reroll 2 5
      targets       save flip | protect fire | clear col 3 / row 2 / cleanup
                    introduce 2 3 | grow pine / breed fish | plant 2 3 (column row)
      rolls         keep (accept a weather roll or check die)
    Also: 'sheet', 'moves', 'score', 'quit'.

    \b
    Examples:
      highwater play re-wilding --seed game-night
      highwater play re-wilding --seed game-night --bot --save game.moves
      highwater play re-wilding --seed game-night --moves examples/re-wilding/game.moves
    """
    if bot and moves_file:
        fail("use --bot or --moves, not both")
    seed = seed or new_seed()
    variant = Variant(one_group_per_action=one_group_per_action)
    st = rules.new_game(variant)
    stream = DiceStream(seed)
    script = MoveScript(moves_file) if moves_file else None
    scripted_rolls = script is not None and script.has_rolls
    record = [f"# highwater play re-wilding --seed {seed}" + (" --one-group-per-action" if one_group_per_action else "")]
    say = (lambda *a, **k: None) if as_json else click.echo
    interactive = script is None and not bot
    greedy = None
    if bot:
        from ..re_wilding.bot import GreedyBot
        greedy = GreedyBot()
    say(f"Re-Wilding, seed {seed}{' (variant: one group per action)' if one_group_per_action else ''}.")
    shown_year = 0
    while not st.over:
        if rules.current_player(st) == CHANCE:
            spec = rules.chance_spec(st)
            if st.phase == Phase.ROLL and st.year != shown_year and not as_json:
                shown_year = st.year
                say(f"\n=== Year {st.year} of {st.template.years} ===")
                if interactive or bot:
                    say(sheet_text(st))
            if scripted_rolls:
                e = script.next(f"a roll of {spec.dice} dice")
                if not e.is_roll:
                    fail(f"{script.where(e)}: expected 'roll' with {spec.dice} dice for {spec.label}, got {e.text!r}")
                roll = _parse_dice(e.text[4:], spec.dice, script.where(e))
            elif dice == "typed" and script is None:
                roll = None
                while roll is None:
                    text = click.prompt(f"Roll {spec.dice} dice ({spec.label.split('/')[-1]}) and type them",
                                        prompt_suffix=" > ")
                    try:
                        roll = Dice.parse(text, spec.dice)
                    except HighwaterError as err:
                        click.echo(f"  {err}")
            else:
                roll = sample(stream, spec)
            st = rules.apply(st, roll)
            record.append(f"roll {' '.join(map(str, roll.values))}")
            for ev in st.events:
                say(f"  {ev}")
            continue
        forced = rules.forced_move(st)
        if forced is not None:
            # No choice: play it, consuming a matching line of a move file if there is one.
            nxt = script.peek() if script is not None else None
            if nxt is not None and nxt.text.strip().lower() == str(forced):
                script.next(str(forced))
            st = rules.apply(st, forced)
            for ev in st.events:
                say(f"  {ev}")
            continue
        asked = False
        while True:
            if script is not None:
                e = script.next(f"a move ({st.phase.value})")
                if e.is_roll:
                    fail(f"{script.where(e)}: expected a move ({st.phase.value}), got a roll")
                text, where = e.text, f"{script.where(e)}: "
            elif greedy is not None:
                text, where = str(greedy.choose(st)), "bot: "
            else:
                if not asked:
                    click.echo(prompt_text(st))
                    asked = True
                text, where = click.prompt("Move (number or text)", prompt_suffix=" > "), ""
                word = text.strip().lower()
                if word in ("sheet", "moves", "score", "quit", "?", "help"):
                    if word == "quit":
                        raise click.Abort()
                    click.echo({"sheet": sheet_text(st), "score": rew_score(st).table()}.get(
                        word, f"{prompt_text(st)}\n{COMMANDS_HELP}"))
                    continue
            try:
                mv = _read_move(st, text)
                st = rules.apply(st, mv)
            except HighwaterError as err:
                if not interactive:
                    fail(f"{where}{text!r}: {err}")
                click.echo(f"  Illegal: {err}")
                continue
            record.append(str(mv))
            say(f"> {mv}")
            for ev in st.events:
                say(f"  {ev}")
            break
    result = rew_score(st)
    if save_file:
        write_output(save_file, ("\n".join(record) + "\n").encode(), force)
    if sheet_file:
        import json
        write_output(sheet_file, (json.dumps(dump_sheet(st), indent=1) + "\n").encode(), force)
    if as_json:
        emit_json({"seed": seed, "score": result.to_dict(), "sheet": dump_sheet(st), "actions": record[1:]})
        return
    say("\n" + sheet_text(st))
    say("\nFinal score:")
    say(result.table())


def _parse_dice(text: str, n: int, where: str) -> Dice:
    try:
        return Dice.parse(text, n)
    except HighwaterError as e:
        fail(f"{where}: {e}")
    raise AssertionError
