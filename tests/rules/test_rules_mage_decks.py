"""K-13: a mage's own decks beside the mat (``engine/keywords/mage_decks.py``).

Legacy of Gravehold's personal decks (an upgrade deck, a deck of inventions) use this; the
tests use a test-only mage with one deck of each face and test-only cards that take from them.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest

from gravehold import Game, StateFormatError
from gravehold.content import registry
from gravehold.content.model import AbilityDef, BreachSetup, CardDef, MageDef
from gravehold.content.text import card_text
from gravehold.engine.game import card_census
from gravehold.engine.observe import board_of_view, observe
from gravehold.errors import ContentError

from support import at_main, base_state, player, registered

MAGE = "Test Keeper"
UP, DOWN, SECRET = "Upgrade deck", "Invention deck", "Secret deck"
TAKER, TOPPER, RETURNER = "Test Taker", "Test Topper", "Test Returner"
BREACHES = (BreachSetup("open"), BreachSetup("closed", 1), BreachSetup("closed", 0), BreachSetup("closed", 2))


def _mage(**kw: Any) -> MageDef:
    fields: dict[str, Any] = {
        "decks": {UP: ("Spark", "Crystal", "Spark"), DOWN: ("Crystal", "Spark", "Crystal", "Spark"),
                  SECRET: ("Spark",)},
        "deck_faces": {UP: "up", SECRET: "secret"}}
    fields.update(kw)
    return MageDef(MAGE, MAGE, "test", "AE", AbilityDef("Nothing", "your_main", 4, (("gravehold_life", 1),)),
                   hand=("Crystal",) * 5, deck=("Crystal",) * 5, breaches=BREACHES, **fields)


@pytest.fixture
def keeper() -> Iterator[None]:
    with registered(CardDef(TAKER, "gem", 0, "AE", play=(("gain_from_own_deck", UP, "choose", "discard"),)),
                    CardDef(TOPPER, "gem", 0, "AE", play=(("gain_from_own_deck", DOWN, "top", "hand"),)),
                    CardDef(RETURNER, "gem", 0, "AE", play=(("aether", 1), ("to_own_deck", UP, "played", "bottom")))):
        registry.register_mage(_mage())
        try:
            yield
        finally:
            del registry.MAGES[MAGE]


def _state(**decks: list[str]) -> dict[str, Any]:
    d = base_state([player(MAGE, hand=[TAKER, TOPPER, RETURNER], deck=["Crystal"] * 5,
                           decks=decks or {UP: ["Spark", "Crystal", "Spark"], DOWN: ["Spark", "Crystal"],
                                           SECRET: ["Spark"]}),
                    player("Mist", deck=["Crystal"] * 5)])
    return d


def test_K_13_a_mages_own_decks_are_dealt_face_up_in_order_the_others_shuffled(keeper: None) -> None:
    orders = set()
    for seed in range(8):
        g = Game.new([MAGE, "Brama"], seed=seed)
        decks = g.state.players[0].decks
        assert list(decks) == [UP, DOWN, SECRET]
        assert decks[UP] == ["Spark", "Crystal", "Spark"]  # as the mat gives it
        assert sorted(decks[DOWN]) == ["Crystal", "Crystal", "Spark", "Spark"] and decks[SECRET] == ["Spark"]
        orders.add(tuple(decks[DOWN]))
        assert g.state.players[1].decks == {}
        assert "decks" not in g.to_dict()["players"][1]  # a mage without decks writes no field
    assert len(orders) > 1  # shuffled with the game's generator


def test_K_13_every_seat_sees_a_face_up_deck_in_order_a_face_down_one_sorted_a_secret_one_hidden(
        keeper: None) -> None:
    g = at_main(_state(**{UP: ["Spark", "Crystal"], DOWN: ["Spark", "Crystal"], SECRET: ["Spark"]}))
    for seat in (0, 1, None):
        p = g.view_for(seat)["players"][0]
        assert p["decks"] == {UP: ["Spark", "Crystal"], DOWN: ["Crystal", "Spark"], SECRET: ["?"]}
        assert p["face_up_decks"] == [UP]
        # the bots' board reads the same, from the state or from the view
        assert observe(g.state, seat, 0).players[0].decks == p["decks"]
        assert board_of_view(g.view_for(seat), 0).players[0].decks == p["decks"]


def test_K_13_gaining_a_chosen_card_of_a_face_up_deck(keeper: None) -> None:
    g = at_main(_state())
    g.apply(("play", TAKER))
    assert g.decision is not None and g.decision.kind == "card"
    assert g.legal_actions() == [("card", "Spark"), ("card", "Crystal")]  # each card once
    g.apply(("card", "Crystal"))
    p = g.state.players[0]
    assert p.decks[UP] == ["Spark", "Spark"] and p.discard == ["Crystal"] and p.played == [TAKER]
    assert any(e["event"] == "gain" and e["card"] == "Crystal" for e in g.events)


def test_K_13_gaining_the_top_card_of_a_face_down_deck_into_hand(keeper: None) -> None:
    g = at_main(_state())
    g.apply(("play", TOPPER))
    p = g.state.players[0]
    assert p.decks[DOWN] == ["Crystal"] and p.hand == [TAKER, RETURNER, "Spark"] and p.discard == []


def test_K_13_an_empty_deck_gives_nothing_and_the_card_still_plays(keeper: None) -> None:
    g = at_main(_state(**{UP: [], DOWN: []}))
    g.apply(("play", TOPPER))
    p = g.state.players[0]
    assert p.hand == [TAKER, RETURNER] and p.played == [TOPPER] and p.decks[DOWN] == []


def test_K_13_a_card_put_back_under_its_deck(keeper: None) -> None:
    g = at_main(_state())
    g.apply(("play", RETURNER))
    p = g.state.players[0]
    assert p.aether == 1 and p.played == [] and p.decks[UP] == ["Spark", "Crystal", "Spark", RETURNER]
    assert card_census(g.state)[RETURNER] == 1  # moved, never lost


def test_K_13_the_cards_in_a_mages_decks_count_in_the_census(keeper: None) -> None:
    g = at_main(_state())
    census = card_census(g.state)
    plain = copy.deepcopy(_state())
    plain["players"][0]["decks"] = {}
    assert census["Spark"] - card_census(at_main(plain).state)["Spark"] == 4


def test_K_13_the_decks_survive_a_save_and_a_load(keeper: None) -> None:
    g = at_main(_state())
    d = g.to_dict()
    assert d["players"][0]["decks"] == {UP: ["Spark", "Crystal", "Spark"], DOWN: ["Spark", "Crystal"],
                                        SECRET: ["Spark"]}
    assert Game.from_dict(d).to_dict() == d


@pytest.mark.parametrize(("decks", "message"), [
    ({"Rip deck": ["Spark"]}, r"players\[0\]\.decks\.Rip deck: Test Keeper has no deck of that name"),
    ({UP: ["Moon Pie"]}, r"players\[0\]\.decks\.Upgrade deck\[0\]: unknown card 'Moon Pie'"),
])
def test_K_13_a_saved_game_with_a_bad_deck_is_refused_naming_the_field(keeper: None, decks: dict[str, list[str]],
                                                                      message: str) -> None:
    with pytest.raises(StateFormatError, match=message):
        at_main(_state(**decks))


def test_K_13_a_mage_whose_deck_is_malformed_is_refused_naming_it(keeper: None) -> None:
    with pytest.raises(ContentError, match="deck Upgrade deck names unknown card 'Moon Pie'"):
        registry.register_mage(_mage(decks={UP: ("Moon Pie",)}, deck_faces={}))
    with pytest.raises(ContentError, match=r"deck_faces\.Rip deck must name one of its decks"):
        registry.register_mage(_mage(deck_faces={"Rip deck": "up"}))


def test_K_13_the_steps_read_right(keeper: None) -> None:
    assert card_text(registry.CARDS[TAKER]) == "Gain a card of your choice from your Upgrade deck."
    assert card_text(registry.CARDS[TOPPER]) == "Gain the top card of your Invention deck into your hand."
    assert card_text(registry.CARDS[RETURNER]).endswith(
        "Put this from your play area at the bottom of your Upgrade deck.")


def test_K_13_the_terminal_board_shows_each_deck_as_its_face_allows(keeper: None) -> None:
    from gravehold.terminal.render import players_pane

    g = at_main(_state())
    text = players_pane(g.view_for(1), ["human", "bot"]).plain
    assert "Upgrade deck: 3 cards (in order: Spark, Crystal, Spark)" in text
    assert "Invention deck: 2 cards (face down: Crystal, Spark)" in text
    assert "Secret deck: 1 card\n" in text
