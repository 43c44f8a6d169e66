"""``gravehold campaign …``: Legacy campaigns from the command line (Typer + Rich).

One module a part: ``commands`` (new, list, show, battle, spend, choose, place), ``play``
(the running battle), ``transfer`` (export, import), ``simulate`` (the bot sweep);
``render`` says what the commands print, ``common`` holds their options and store. The
conventions are the expedition commands' (``--db``, ``--json``, one ``error:`` line).
Importing this package registers the ``legacy`` kind on the campaign layer.
"""

from __future__ import annotations

import typer

from ...campaigns import legacy as _legacy  # noqa: F401  (registers the kind)
from ..usage import Command, Group
from . import commands, play, simulate, transfer

campaign_app = typer.Typer(cls=Group, no_args_is_help=True,
                           help="Legacy campaigns: a story of battles whose Barracks, stickers and experience "
                                "last (C-1 to C-18).")

for _name, _command in (("new", commands.new), ("list", commands.list_), ("show", commands.show),
                        ("battle", commands.battle), ("play", play.play), ("spend", commands.spend),
                        ("choose", commands.choose), ("place", commands.place), ("export", transfer.export_),
                        ("import", transfer.import_), ("simulate", simulate.simulate)):
    campaign_app.command(_name, cls=Command)(_command)

__all__ = ["campaign_app"]
