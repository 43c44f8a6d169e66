"""The terminal board and the action labels with K-3 (face-down spells) and K-4 (Recall)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from gravehold import Game, catalog
from gravehold.content.model import CardDef
from gravehold.engine.decisions import describe, label
from gravehold.engine.keywords.conjure import FACE_DOWN
from gravehold.terminal.render import breach_line

from support import at_main, base_state, player, registered

RECALLER = "Test Recalling Gem"


@pytest.fixture(autouse=True)
def test_cards() -> Iterator[None]:
    with registered(CardDef(RECALLER, "gem", 3, "WE", play=(("aether", 1),), recall=(("aether", 2),))):
        yield


def _game() -> Game:
    brs = [{"state": "open", "spells": [FACE_DOWN], "face_down": ["Frozen Magmite"]},
           {"state": "closed", "stage": 1}, {"state": "closed", "stage": 0}, {"state": "closed", "stage": 2}]
    return at_main(base_state([player(hand=["Crystal"], discard=[RECALLER], breaches=brs),
                               player("Mist", hand=["Crystal"])]))


def test_the_owner_reads_the_face_down_card_and_the_others_only_that_there_is_one() -> None:
    g = _game()
    own = g.view_for(0)["players"][0]["breaches"][0]
    other = g.view_for(1)["players"][0]["breaches"][0]
    assert breach_line(0, own) == f"  I opened [{FACE_DOWN}] face down: Frozen Magmite"
    assert breach_line(0, other) == f"  I opened [{FACE_DOWN}]"


def test_the_recall_action_is_worded_with_its_effect() -> None:
    g = _game()
    assert ("recall", RECALLER) in g.legal_actions()
    assert label(("recall", RECALLER)) == f"use the Recall effect of {RECALLER} in your discard pile"
    assert describe(g.state, g.decision, ("recall", RECALLER)) == f"Recall {RECALLER}: Gain 2 Æ."


def test_the_stand_in_is_no_card_of_the_catalogue_listing() -> None:
    assert FACE_DOWN not in {r["id"] for r in catalog.cards(starters=True)}
