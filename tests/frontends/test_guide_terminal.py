"""The terminal board's ``?``: the keys and the rules guide, one topic at a time, at 80x24."""

from __future__ import annotations

import asyncio

from textual.widgets import Static

from gravehold import Game, guide
from gravehold.agents import make_agent
from gravehold.terminal.app import GameApp
from gravehold.terminal.screens import HelpScreen
from gravehold.terminal.session import Session


def test_question_mark_opens_the_guide_with_each_topics_text_in_the_games_words() -> None:
    async def main() -> None:
        g = Game.new(mages=["Brama", "Mist"], nemesis="Carapace Queen", market="Deck Destruction", seed=1)
        session = Session(g, frozenset({0}), {1: make_agent("random", 11)}, words="new_age")
        app = GameApp(session, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert app.active_bindings["question_mark"].binding.description == "Rules"  # the key bar
            assert str(app.query_one("#status", Static).content).endswith("? rules")
            before = g.to_json()
            await pilot.press("question_mark")
            screen = app.screen
            assert isinstance(screen, HelpScreen)
            assert screen.shown.startswith("Keys of this board\n\nKeys\n")  # the keys come first
            topics = guide.sections("new_age")
            await pilot.press("down", "down")
            assert screen.shown == f"{topics[1].title}\n\n{topics[1].body}"
            tiers = next(k for k, s in enumerate(topics) if s.id == "tiers")
            await pilot.press(*["j"] * (tiers - 1))
            assert screen.shown.startswith("Levels\n\nThe nemesis deck is built in three levels")
            await pilot.pause()
            text = screen.query_one("#help-text", Static).region
            assert text.width >= 70 and text.height >= 5 and text.bottom <= 24  # room to read it at 80x24
            await pilot.press("1")  # a digit answers nothing while the guide is open
            assert g.to_json() == before
            await pilot.press("escape")
            assert not isinstance(app.screen, HelpScreen)

    asyncio.run(main())
