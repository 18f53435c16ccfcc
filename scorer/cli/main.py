"""The `highwater` console command: one click group with lazily loaded subcommands."""
from __future__ import annotations

import importlib
import sys

import click

from .common import InputError

# game name -> (CLI module, the subcommands it provides)
GAMES: dict[str, tuple[str, tuple[str, ...]]] = {
    "raging-waters": ("scorer.cli.raging_waters", ("sheet", "setup", "play", "score", "render")),
    "tayu": ("scorer.cli.tayu", ("sheet",)),
    "water-duel": ("scorer.cli.water_duel", ("sheet",)),
    "rising-waters": ("scorer.cli.rising_waters", ("sheet",)),
    "re-wilding": ("scorer.cli.re_wilding", ("sheet", "play", "score", "render")),
}


class GameGroup(click.Group):
    """`highwater <verb> <game>`: the game is a subcommand loaded only when used."""

    def __init__(self, verb: str, **kw) -> None:
        super().__init__(**kw)
        self.verb = verb

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [g for g, (_, verbs) in GAMES.items() if self.verb in verbs]

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        games = self.list_commands(ctx)
        if name not in games:
            known = ", ".join(games)
            if name in GAMES:
                raise InputError(f"'highwater {self.verb}' does not support {name} yet; it supports {known}")
            raise InputError(f"unknown game {name!r}; choose from {known}")
        module = importlib.import_module(GAMES[name][0])
        return module.COMMANDS[self.verb]


VERB_HELP = {
    "sheet": "Print sheets: PDF (or SVG) ready for home printers.",
    "setup": "Show the houses, swamps or other setup a seed rolls.",
    "play": "Play in the terminal: the referee rolls, checks and scores.",
    "score": "Score a finished sheet typed in as JSON.",
    "render": "Draw a sheet JSON as SVG, PNG or PDF.",
}


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="highwater")
def cli() -> None:
    """Highwater: print, roll, referee and score water-themed tabletop games.

    \b
    Examples:
      highwater sheet raging-waters --players 4 --seed game-night -o night.pdf
      highwater roll 3d6 --seed game-night
      highwater play raging-waters --seed game-night
      highwater score raging-waters examples/raging-waters/finished.json
      highwater scan sheet.jpg --overlay check.png
    """


for _verb, _help in VERB_HELP.items():
    cli.add_command(GameGroup(_verb, name=_verb, help=_help, short_help=_help))


def _register_plain() -> None:
    from .roll import roll
    from .scan import scan
    cli.add_command(roll)
    cli.add_command(scan)


_register_plain()


def main(argv: list[str] | None = None) -> int:
    """Console entry point: every usage or input error is one line and exit code 2."""
    try:
        rv = cli.main(args=argv, prog_name="highwater", standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("Aborted.", err=True)
        return 1
    except click.UsageError as e:
        hint = f" (see '{e.ctx.command_path} --help')" if e.ctx is not None else ""
        click.echo(f"Error: {e.format_message()}{hint}", err=True)
        return 2
    except click.ClickException as e:
        e.show()
        return e.exit_code
    except KeyboardInterrupt:
        click.echo("Interrupted.", err=True)
        return 130
    return rv if isinstance(rv, int) else 0


if __name__ == "__main__":
    sys.exit(main())
