"""``gravehold expedition …``: expeditions from the command line (Typer + Rich).

One module a part: ``commands`` (new, list, show, battle, support, concede), ``play``
(the running battle), ``transfer`` (export, import), ``simulate`` (the bot sweep);
``choices`` builds a battle's X-4 choices from the options, ``session`` plays a stored
battle at the terminal, ``render`` says what the commands print, ``common`` holds their
options and store. Here the group is put together, in the order ``--help`` lists it.
"""

from __future__ import annotations

import typer

from ..usage import Command, Group
from . import commands, play, simulate, transfer

expedition_app = typer.Typer(cls=Group, no_args_is_help=True,
                             help="Expeditions: a run of battles with a Barracks, treasures and a score (X-1 to X-19).")

for _name, _command in (("new", commands.new), ("list", commands.list_), ("show", commands.show),
                        ("battle", commands.battle), ("play", play.play), ("support", commands.support),
                        ("concede", commands.concede), ("export", transfer.export_), ("import", transfer.import_),
                        ("simulate", simulate.simulate)):
    expedition_app.command(_name, cls=Command)(_command)

__all__ = ["expedition_app"]
