"""S-6 with a declared deck shape: a nemesis' own cards per tier (three each unless its mat
says otherwise, as Legacy's 3/4/3 or 3/3/10), checked as the catalogue loads it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gravehold import Game
from gravehold.content import registry
from gravehold.content.model import NemesisDef
from gravehold.errors import ContentError

RAGEBORNE = registry.NEMESES["Rageborne"]
VEX = "Vex"  # a tier-2 card of another nemesis, for a 3/4/3 deck


def _shaped(shape: tuple[int, int, int], cards: tuple[str, ...]) -> NemesisDef:
    return replace(RAGEBORNE, id="Test Shaped", name="Test Shaped", cards=cards, deck_shape=shape)


def test_S_6_a_nemesis_of_another_shape_deals_its_own_cards_by_tier_and_the_usual_basics() -> None:
    assert registry.NEMESIS_CARDS[VEX].tier == 2 and RAGEBORNE.deck_shape == (3, 3, 3)
    registry.register_nemesis(_shaped((3, 4, 3), (*RAGEBORNE.cards, VEX)))
    try:
        g = Game.new(mages=["Brama", "Mist"], nemesis="Test Shaped", market="random", seed=3, basics="AE")
        deck = g.state.nemesis.deck + [c.name for c in g.state.nemesis.in_play] + g.state.nemesis.discard
        tiers = [registry.NEMESIS_CARDS[c].tier for c in deck]
        own = [c for c in deck if c in (*RAGEBORNE.cards, VEX)]
        assert sorted(own) == sorted((*RAGEBORNE.cards, VEX))
        # two players: 3, 5 and 7 basics (S-6) beside 3, 4 and 3 own cards
        assert [tiers.count(t) for t in (1, 2, 3)] == [3 + 3, 4 + 5, 3 + 7]
        assert tiers == sorted(tiers)  # tier 1 on top, tier 3 at the bottom
    finally:
        registry.NEMESES.pop("Test Shaped", None)


@pytest.mark.parametrize(("shape", "cards", "message"), [
    ((3, 3, 3), (*RAGEBORNE.cards, VEX), "must hold 3/3/3 cards of tiers 1/2/3 (deck_shape), got 3/4/3"),
    ((3, 4, 3), RAGEBORNE.cards, "must hold 3/4/3 cards of tiers 1/2/3 (deck_shape), got 3/3/3"),
    ((3, 3), RAGEBORNE.cards, "field deck_shape must be three counts (tiers 1, 2, 3), got (3, 3)"),
])
def test_S_6_a_nemesis_whose_cards_do_not_fit_its_shape_is_refused_naming_both(
        shape: tuple[int, ...], cards: tuple[str, ...], message: str) -> None:
    with pytest.raises(ContentError, match=message.replace("(", r"\(").replace(")", r"\)")):
        registry.register_nemesis(_shaped(shape, cards))  # type: ignore[arg-type]
    assert "Test Shaped" not in registry.NEMESES
