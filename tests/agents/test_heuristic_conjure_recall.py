"""The heuristic agent with the Legacy keywords K-3 (Conjure) and K-4 (Recall), on test-only cards."""

from __future__ import annotations

import random
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


def test_a_searching_bot_samples_worlds_around_another_seats_face_down_card() -> None:
    """ISMCTS builds its worlds from the view: the "?" of another seat's face-down card
    becomes a card a state can hold, under the same face-down spell (nothing else changes)."""
    from gravehold.agents.worlds import FACE_DOWN_GUESS, World
    from gravehold.engine.keywords.conjure import FACE_DOWN

    brs = [{"state": "open", "spells": [FACE_DOWN], "face_down": ["Reduce to Ash"]}, closed(1), closed(0), closed(2)]
    g = at_main(base_state([player("Mist", hand=["Crystal"]), player(hand=["Spark"], breaches=brs)]))
    world = World(g.view_for(0), g.decision)
    s = world.sample(random.Random(1))
    guessed = {"state": "open", "spells": [FACE_DOWN], "face_down": [FACE_DOWN_GUESS]}
    assert s.players[1].breaches[0].to_dict() == guessed
    assert [b.to_dict() for b in s.players[0].breaches] == [b.to_dict() for b in g.state.players[0].breaches]
