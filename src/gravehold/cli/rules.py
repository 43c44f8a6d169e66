"""``gravehold rules [TOPIC]``: the rules guide (``gravehold.guide``) at the command line,
the same text the boards show: the list of topics, or one topic in full."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from .. import guide
from ..errors import GraveholdError
from .common import WordsOpt, console, fail


def rules(
    topic: Annotated[str | None, typer.Argument(help="A topic's name or title, e.g. echo, breaches, "
                                                     "\"to discard\" (none: list them).")] = None,
    words: WordsOpt = "auto",
) -> None:
    """The rules a player needs, in short: list the topics, or print one."""
    wording = "classic" if words == "auto" else words  # the guide belongs to no box
    if topic is None:
        _listing(wording)
        return
    try:
        section = guide.find(topic, wording)
    except GraveholdError as e:
        fail(e)
    out = console()
    out.print(Text(section.title, style="bold"))
    out.print(Text(section.body), highlight=False)


def _listing(wording: str) -> None:
    """Every topic, by group: its name to type, and its title."""
    out = console()
    for group, heading in guide.GROUPS.items():
        table = Table(title=heading, title_justify="left", title_style="bold", show_header=False, box=None,
                      padding=(0, 2, 0, 0))
        table.add_column("topic", style="cyan", no_wrap=True)
        table.add_column("title")
        for s in guide.sections(wording):
            if s.group == group:
                table.add_row(s.id, s.title)
        out.print(table)
        out.print()
    out.print("`gravehold rules TOPIC` prints one topic.", highlight=False, markup=False)
