"""The heuristic agent with the Legacy keywords K-3 (Conjure) and K-4 (Recall), on test-only cards."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from gravehold import Game
from gravehold.agents import HeuristicAgent
from gravehold.agents.heuristic import buy_value
from gravehold.content.model import CardDef

from support import OPEN, at_main, base_state, closed, player, registered

CONJURER = "Test Conjuring Gem"
RECALLER = "Test Recalling Gem"
PLAIN = "Test Plain Gem"


def pick(g: Game) -> tuple[Any, ...]:
    d = g.decision
    assert d is not None
    a = HeuristicAgent(0).choose(d, lambda: g.view_for(d.seat))
    assert a in d.options
    return a


@pytest.fixture(autouse=True)
def test_cards() -> Iterator[None]:
    with registered(
        CardDef(CONJURER, "gem", 0, "WE", play=(("aether", 1), ("conjure",))),
        CardDef(RECALLER, "gem", 3, "WE", play=(("aether", 1),), recall=(("aether", 2),)),
        CardDef(PLAIN, "gem", 3, "WE", play=(("aether", 1),)),
    ):
        yield


def _conjuring(top: str) -> tuple[Any, ...]:
    g = at_main(base_state([player(hand=[CONJURER, "Crystal"], deck=[top, "Spark"],
                                   breaches=[OPEN, closed(1), {"state": "open"}, closed(2)]),
                            player("Mist", hand=["Crystal"])]))
    g.apply(("play", CONJURER))
    assert g.decision is not None and g.decision.kind == "conjure"
    return pick(g)


def test_a_cheap_top_card_is_conjured_onto_the_best_breach() -> None:
    assert _conjuring("Crystal") == ("conjure", "Crystal", 2)  # breach III: opened, +1 damage


def test_a_costly_top_card_is_kept_for_the_next_hand() -> None:
    assert _conjuring("Reduce to Ash") == ("skip",)


def test_a_recall_effect_is_used() -> None:
    g = at_main(base_state([player(hand=[], discard=[RECALLER], aether=0), player("Mist", hand=["Crystal"])]))
    assert pick(g) == ("recall", RECALLER)


def test_a_recall_effect_adds_to_a_cards_worth() -> None:
    assert buy_value(RECALLER) > buy_value(PLAIN) > 0
