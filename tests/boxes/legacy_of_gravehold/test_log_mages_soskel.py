"""Soskel, Tactician (LOG): his ability (Tactician's Gambit) and unique starting cards
(Blinding Gambit, Bastion Flint), each from a small exact state.

Blinding Gambit acts when a turn order card is drawn, before its turn: those tests start
from a state whose stack holds only ``next_turn``.
"""

from __future__ import annotations

import copy
from typing import Any

from gravehold import Game

from support import at_main, base_state, choose, closed, player, run_steps

HOLD = ["Crystal"]  # a card left in hand keeps the main phase waiting for a choice
GAMBIT_PREPPED = [{"state": "open", "spells": ["Blinding Gambit"]}, closed(2), closed(0), closed(0)]


def two(p0: dict[str, Any], p1: dict[str, Any] | None = None, **kw: Any) -> dict[str, Any]:
    return base_state([p0, p1 if p1 is not None else player("Brama", hand=list(HOLD))], **kw)


def waits_in_main(g: Game, i: int = 0) -> None:
    assert g.decision is not None and g.decision.kind == "main" and g.decision.player == i


def drawing(d: dict[str, Any], deck: list[str], discard: list[str] | None = None) -> Game:
    """A game about to draw the next turn order card from ``deck``."""
    d = copy.deepcopy(d)
    d["turn_order"] = {"deck": list(deck), "discard": list(discard or [])}
    d["stack"] = [["next_turn"]]
    return Game.from_dict(d)


# ============================================================== Tactician's Gambit


def test_mage_soskel_tacticians_gambit_returns_two_cards_from_any_discards_then_reorders_turn_order() -> None:
    me = player("Soskel (LOG)", hand=list(HOLD), charges=5, discard=["Spark", "Crystal"])
    ally = player("Brama", hand=list(HOLD), discard=["Jagged Lightning", "Crystal"])
    g = at_main(two(me, ally, turn_order={"deck": ["P1", "N", "P2"], "discard": ["P2"]}))
    choose(g, ("ability", 0))
    assert g.legal_actions() == [("player", 0), ("player", 1), ("done",)]
    choose(g, ("player", 1))
    choose(g, ("card", "Jagged Lightning"))
    choose(g, ("player", 0))
    choose(g, ("card", "Spark"))
    assert g.decision is not None and g.decision.kind == "order" and g.state.tokens["to_known"] == 3
    choose(g, ("card", "P2"))
    choose(g, ("card", "P1"))
    waits_in_main(g)
    p, q = g.state.players
    assert (p.hand, p.discard, p.charges) == (["Crystal", "Spark"], ["Crystal"], 0)
    assert (q.hand, q.discard) == (["Crystal", "Jagged Lightning"], ["Crystal"])
    assert (g.state.to_deck, g.state.to_discard) == (["P2", "P1", "N"], ["P2"])


def test_mage_soskel_tacticians_gambit_may_return_fewer_cards() -> None:
    me = player("Soskel (LOG)", hand=list(HOLD), charges=5, discard=["Spark"])
    g = at_main(two(me, turn_order={"deck": ["N", "N"], "discard": []}))
    choose(g, ("ability", 0))
    choose(g, ("done",))
    waits_in_main(g)  # one kind of card left in the deck: no order to choose
    assert g.state.players[0].discard == ["Spark"] and g.state.to_deck == ["N", "N"]


# ============================================================== Blinding Gambit


def test_card_blinding_gambit_puts_his_turn_order_card_under_the_deck_instead_of_his_turn() -> None:
    me = player("Soskel (LOG)", hand=list(HOLD), breaches=copy.deepcopy(GAMBIT_PREPPED))
    g = drawing(two(me), ["P1", "P2", "N"])
    d = g.decision
    assert d is not None and (d.kind, d.player, d.source) == ("yes_no", 0, "Blinding Gambit")
    choose(g, ("yes",))
    waits_in_main(g, 1)
    assert (g.state.to_deck, g.state.to_discard, g.state.active) == (["N", "P1"], ["P2"], 1)
    assert g.state.players[0].breaches[0].spells == ["Blinding Gambit"]


def test_card_blinding_gambit_declined_gives_his_turn() -> None:
    me = player("Soskel (LOG)", hand=list(HOLD), breaches=copy.deepcopy(GAMBIT_PREPPED))
    g = drawing(two(me), ["P1", "P2", "N"])
    choose(g, ("no",))
    assert g.decision is not None and g.decision.kind == "casting" and g.state.active == 0
    assert (g.state.to_deck, g.state.to_discard) == (["P2", "N"], ["P1"])


def test_card_blinding_gambit_asks_only_for_his_card_while_prepped_and_a_card_not_his_is_left() -> None:
    prepped = player("Soskel (LOG)", hand=list(HOLD), breaches=copy.deepcopy(GAMBIT_PREPPED))
    g = drawing(two(prepped), ["P2", "P1"])  # an ally's card
    waits_in_main(g, 1)
    for deck in (["P1"], ["P1", "P1"]):  # no card left that is not his: his turn would only come back
        g = drawing(two(prepped), deck, ["P2", "N"])
        assert g.decision is not None and g.decision.kind == "casting" and g.state.active == 0
    in_hand = player("Soskel (LOG)", hand=["Blinding Gambit", "Crystal"])
    g = drawing(two(in_hand), ["P1", "P2"])
    assert g.decision is not None and g.decision.kind == "main" and g.state.active == 0


# ============================================================== Bastion Flint


def test_card_bastion_flint_gives_a_charge_with_three_player_cards_in_the_turn_order_discard() -> None:
    me = player("Soskel (LOG)", hand=["Bastion Flint", "Crystal"])
    g = at_main(two(me, turn_order={"deck": ["N"], "discard": ["P1", "N", "P2", "P1"]}))
    choose(g, ("play", "Bastion Flint"))
    waits_in_main(g)
    assert (g.state.players[0].aether, g.state.players[0].charges) == (1, 1)
    g = at_main(two(me, turn_order={"deck": ["P1"], "discard": ["P1", "N", "P2", "N"]}))
    choose(g, ("play", "Bastion Flint"))
    waits_in_main(g)
    assert (g.state.players[0].aether, g.state.players[0].charges) == (1, 0)


def test_step_log_return_from_discard_of_returns_one_card_of_that_players_discard() -> None:
    """The second half of Tactician's Gambit's return, resolved on its own: with one card
    left to return, no other pick follows."""
    g = run_steps(two(player("Soskel (LOG)", hand=list(HOLD)),
                      player("Brama", hand=list(HOLD), discard=["Spark", "Crystal", "Spark"])),
                  [("log_return_from_discard_of", 1, 1)])
    assert g.legal_actions() == [("card", "Spark"), ("card", "Crystal")]
    choose(g, ("card", "Spark"))
    waits_in_main(g)
    q = g.state.players[1]
    assert (q.hand, q.discard) == (["Crystal", "Spark"], ["Spark", "Crystal"])


def test_step_log_set_path_aside_and_log_resolve_paths_on_their_own() -> None:
    """Kadir's two later Path steps, resolved directly: one token set aside, then the mat
    resolves (ember side 1: 2 damage; lens side 1: a card drawn)."""
    me = player("Kadir (LOG)", hand=list(HOLD), deck=["Spark"], tokens={"path ember": 1, "path lens": 1,
                                                                          "path facet": 1})
    g = run_steps(two(me), [("log_set_path_aside",), ("log_resolve_paths",)])
    choose(g, ("path", 3))  # facet
    waits_in_main(g)
    p = g.state.players[0]
    assert p.tokens == {"path ember": 1, "path lens": 1} and p.hand == ["Crystal", "Spark"]
    assert g.state.nemesis.life == 68
