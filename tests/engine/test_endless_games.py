"""A game the rules cannot end (G-1, G-2 say nothing of it) still hands its decisions back.

Players stripped of every card by Ageless Walker, with a minion nobody can damage in play
and the nemesis deck empty, play on for ever: with every decision forced, one call of the
engine would play turns without end. ``core.FORCED_TURNS`` bounds what one call plays; the
test lowers it so an ordinary game shows the mechanism.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gravehold.engine import core
from gravehold.engine.game import Game

ENDLESS = Path(__file__).parents[1] / "fixtures" / "ageless_walker_endless.json"


def _endless() -> Game:
    """Turn 1011 of a bot battle against Ageless Walker: no player holds a card, the nemesis
    deck is empty and Burialskulk (18 life) unleashes twice a turn, to no effect."""
    g = Game.from_json(ENDLESS.read_text())
    st = g.state
    assert not st.nemesis.deck and [c.name for c in st.nemesis.in_play] == ["Burialskulk"]
    assert all(not (p.hand or p.deck or p.discard) for p in st.players)
    return g


def test_G_1_G_2_a_game_that_cannot_end_still_asks_at_each_nemesis_turn() -> None:
    g = _endless()
    for _ in range(20):
        d = g.decision
        assert d is not None and not g.over and d.options == [("player", 0), ("player", 1)]  # the unleash
        turn = g.state.turn
        g.apply(d.options[0])
        assert turn <= g.state.turn <= turn + 10  # each answer plays at most a round on
    assert not g.engine.held and g.engine.auto


def test_G_1_G_2_past_the_bound_the_next_decision_is_held_for_someone(monkeypatch: pytest.MonkeyPatch) -> None:
    g = _endless()
    monkeypatch.setattr(core, "FORCED_TURNS", 0)  # any turn begun inside one call counts
    held = []
    for _ in range(12):
        d = g.decision
        assert d is not None
        held.append(g.engine.held)
        assert g.engine.held == (not g.engine.auto)
        g.apply(d.options[0])
    assert True in held and False in held  # held at the first decision of a new turn, then freed


def test_G_1_the_forced_turn_bound_never_touches_an_ordinary_game() -> None:
    g = Game.new(mages=["Brama", "Mist"], nemesis="Rageborne", market="Deck Destruction", seed=5)
    while not g.over:
        d = g.decision
        assert d is not None and len(d.options) > 1 or d is not None and d.kind == "main"
        g.apply(d.options[-1])
    assert not g.engine.held
