"""The ``gravehold`` command: the Typer app, its commands in the order ``--help`` lists
them, and the ``expedition``, ``campaign`` and ``challenge`` groups.

A command is a plain function in the module of its part (``play``, ``catalogue``,
``simulate``, ``serve``, ``expedition``); it is added here, so this module is the one
place that says what the command line holds.
"""

from __future__ import annotations

from typing import Annotated

import typer

from .. import __version__
from . import catalogue, common, plans, play, rules, serve, simulate, usage
from .campaign import campaign_app
from .challenge import challenge_app
from .expedition import expedition_app

app = typer.Typer(cls=usage.Group, add_completion=True, no_args_is_help=True,
                  help="gravehold: play and simulate Aeon's End.")


def _show_version(value: bool) -> None:
    if value:
        print(f"gravehold {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[bool, typer.Option("--version", callback=_show_version, is_eager=True,
                                          help="Print the version and exit.")] = False,
) -> None:
    """gravehold: play and simulate Aeon's End."""
    common.fresh_consoles()  # per command, so each reads the terminal's width (or COLUMNS) now


for _name, _command in (("play", play.play), ("replay", play.replay), ("fuzz", simulate.fuzz),
                        ("bench", simulate.bench), ("simulate", simulate.simulate), ("serve", serve.serve),
                        ("cards", catalogue.cards), ("mages", catalogue.mages), ("nemeses", catalogue.nemeses),
                        ("treasures", catalogue.treasures), ("boxes", catalogue.boxes_cmd),
                        ("markets", catalogue.markets), ("rules", rules.rules), ("plans", plans.plans)):
    app.command(_name, cls=usage.Command)(_command)

app.add_typer(expedition_app, name="expedition")
app.add_typer(campaign_app, name="campaign")
app.add_typer(challenge_app, name="challenge")


def main() -> None:  # pragma: no cover
    app()
