"""`highwater roll`: reproducible dice from a seed."""
from __future__ import annotations

import click

from ..dice import DiceStream, roll_notation
from ..errors import NotationError
from .common import emit_json, fail, json_option, new_seed, seed_option


@click.command(short_help="Roll dice from a shared seed (e.g. 3d6, 2d6rr1, 4d6kh3).")
@click.argument("notation")
@seed_option()
@click.option("--label", "-l", default=None, help="Name of the roll; each label has its own dice. Default: the notation.")
@click.option("--times", "-n", default=1, show_default=True, type=click.IntRange(1, 1000),
              help="How many times to roll the notation.")
@json_option
def roll(notation: str, seed: str | None, label: str | None, times: int, as_json: bool) -> None:
    """Roll NOTATION with dice drawn from an HMAC-SHA256 of the seed, label and counter.

    The same seed and label give the same dice on every machine, so a table can play
    remotely. Without --seed a fresh seed is chosen and printed.

    \b
    Notation: NdS, then optional modifiers
      rrX   reroll a die while it shows X      2d6rr1
      roX   reroll a die once if it shows X    2d6ro1
      khN   keep the N highest dice            4d6kh3
      klN   keep the N lowest dice             2d20kl1
      +K/-K add or subtract a constant         2d6+1

    \b
    Examples:
      highwater roll 3d6 --seed game-night
      highwater roll 2d6rr1 --seed game-night --label swamp --times 3 --json
    """
    seed = seed or new_seed()
    stream = DiceStream(seed)
    try:
        results = [roll_notation(notation, stream, label) for _ in range(times)]
    except NotationError as e:
        fail(str(e))
    if as_json:
        emit_json({"seed": seed, "rolls": [r.to_dict() for r in results]})
        return
    click.echo(f"seed {seed}")
    for r in results:
        click.echo(str(r))
