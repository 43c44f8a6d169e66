"""The --plain prompts: a board, the question in words, numbered options, a number back."""

from __future__ import annotations

import io

from rich.console import Console

from gravehold import Game
from gravehold.cli.prompts import prompt_action


def test_the_plain_prompt_asks_in_words_and_takes_the_number_typed() -> None:
    g = Game.new(mages=["Brama", "Mist"], nemesis="Rageborne", market="Deck Destruction", seed=3)
    d = g.decision
    assert d is not None
    out = io.StringIO()
    console = Console(file=out, width=100, force_terminal=False)
    typed = iter(["x", str(len(d.options) + 1), "1"])
    console.input = lambda prompt="": next(typed)  # type: ignore[method-assign]
    assert prompt_action(console, g, d.seat) == d.options[0]
    text = out.getvalue()
    assert f"\n{d.prompt}\n" in text  # the question alone: no "(main, Brama)" after it
    assert f"({d.kind}, " not in text
    assert text.count(f"Please type a number from 1 to {len(d.options)}.") == 2  # "x", then one too many
