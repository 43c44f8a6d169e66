"""Rules of the engine keywords that act on a card from a player's hand outside their own
turn or instead of its leaving (``engine/keywords/ally_hand.py``, ``keep_self.py``), named
by the rule ids they meet: P-20 (a bonus raises every source), SO-1 (true solo), K-10
(destroy)."""

from __future__ import annotations

from typing import Any

import pytest

from gravehold import Game
from gravehold.engine import frames
from gravehold.engine.effects.cards import destroy_from
from gravehold.errors import IllegalAction

from support import base_state, choose, closed, player


def _casting(d: dict[str, Any]) -> Game:
    return Game.at(d, ("casting_phase", 0), *frames.main_phase(0), *frames.draw_phase(0),
                   active=0, phase="casting", turn=1)


def _main(d: dict[str, Any]) -> Game:
    return Game.at(d, *frames.main_phase(0), *frames.draw_phase(0), active=0, phase="main", turn=1)


def _hits(g: Game) -> list[int]:
    return [e["amount"] for e in g.events if e["event"] == "nemesis_damage"]


def test_P_20_a_bonus_decided_as_the_cast_begins_raises_each_damage_source() -> None:
    d = base_state([player(hand=["Crystal"], breaches=[{"state": "open", "spells": ["Volcanic Shrapnel"]},
                                                      *[closed(k) for k in (1, 0, 2)]]),
                    player("Mist", hand=["Voidsteel Vein"])])
    g = _casting(d)
    choose(g, ("cast", 0, 0))
    choose(g, ("yes",))  # player 1 discards Voidsteel Vein
    while g.decision is not None and g.decision.kind == "target":
        choose(g, ("target", "nemesis"))
    assert _hits(g) == [1 + 2, 1 + 2, 1 + 2]  # three sources, each 2 more
    assert g.state.cast_bonus == []


def test_SO_1_in_true_solo_your_own_hand_card_is_used_in_your_main_phase() -> None:
    d = base_state([player(hand=["Echo Rune", "Crystal"])])
    g = _main(d)
    choose(g, ("ally_hand", 0, "Echo Rune"))
    assert g.state.players[0].aether == 1 and g.state.players[0].discard == ["Echo Rune"]
    with pytest.raises(IllegalAction):
        g.apply(("ally_hand", 0, "Crystal"))  # a card without such a rule is never offered


def test_K_10_a_card_that_keeps_itself_is_asked_before_it_leaves_and_not_by_its_own_effect() -> None:
    d = base_state([player(hand=["Crystal"], discard=["Shattered Rupix", "Shattered Rupix"]),
                    player("Mist", hand=["Crystal"])])
    g = _main(d)
    # its own destruction (no effect of another card): nothing asked, it leaves
    destroy_from(g.engine, 0, "discard", "Shattered Rupix", "Shattered Rupix")
    assert g.state.destroyed == ["Shattered Rupix"] and g.state.stack[-1][0] != "s"
    # another card's: it stays where it lies and its owner's question is next
    destroy_from(g.engine, 0, "discard", "Shattered Rupix", "Chaos Charm")
    assert g.state.players[0].discard == ["Shattered Rupix"] and g.state.destroyed == ["Shattered Rupix"]
    assert g.state.stack[-1] == ("s", 0, 0, "Shattered Rupix",
                                 ("keep_self", "discard", "Shattered Rupix", True, "Chaos Charm", -1))


def test_K_10_a_card_that_keeps_itself_in_a_deck_is_destroyed_without_a_question() -> None:
    d = base_state([player(hand=["Crystal"], deck=["Shattered Rupix", "Spark"]), player("Mist", hand=["Crystal"])])
    g = _main(d)
    destroy_from(g.engine, 0, "deck", "Shattered Rupix", "Gather Darkness")
    assert g.state.destroyed == ["Shattered Rupix"] and g.state.players[0].deck == ["Spark"]
