"""K-12 (Outcasts' curse deck) and K-17 (a special deck outside the nemesis deck), from exact states.

The curse deck lies beside the nemesis deck in every game whose nemesis cards hand out
curses, whatever the nemesis; a player told to take a curse searches it by name.
"""

from __future__ import annotations

from typing import Any

import pytest

from gravehold import Game
from gravehold.errors import StateFormatError

from support import at_main, base_state, choose, player, run_steps

CURSES = ["Cursed Bolt", "Cursed Bolt", "Cursed Bolt", "Cursed Manacles", "Cursed Manacles",
          "Cursed Shard", "Cursed Shard", "Cursed Shard", "Cursed Shard", "Curse of Rot"]


def table(curses: list[str] | None = None, **p0: Any) -> dict[str, Any]:
    d = base_state([player("Brama", **{"hand": ["Crystal"], **p0}), player("Mist", hand=["Crystal"])])
    if curses is not None:
        d["nemesis"]["decks"]["curse"] = list(curses)
    return d


def test_K_12_setup_lays_the_curse_deck_only_when_a_card_gives_curses() -> None:
    g = Game.new(["Brama", "Mist"], "Rageborne", seed=3, upgraded=["Chaos Strike"])
    assert sorted(g.state.nemesis.decks["curse"]) == sorted(CURSES)
    assert "Chaos Strike" in g.state.nemesis.deck
    plain = Game.new(["Brama", "Mist"], "Rageborne", seed=3, upgraded=["Hunt the Weak"])
    assert "curse" not in plain.state.nemesis.decks
    assert set(plain.state.nemesis.decks) == {"strike"}


def test_K_12_taking_a_curse_searches_the_deck_by_name() -> None:
    d = table(["Cursed Shard", "Cursed Bolt", "Cursed Shard"])
    g = run_steps(d, [("gain_curse", "Cursed Bolt", "discard"), ("gain_curse", "Cursed Shard", "deck")])
    p = g.state.players[0]
    assert p.discard == ["Cursed Bolt"] and p.deck == ["Cursed Shard"]
    assert g.state.nemesis.decks["curse"] == ["Cursed Shard"]
    assert [(e["card"], e["zone"]) for e in g.events if e["event"] == "curse_gained"] == [
        ("Cursed Bolt", "discard"), ("Cursed Shard", "deck")]


def test_K_12_a_curse_asked_for_when_none_is_left_gives_nothing() -> None:
    d = table(["Cursed Shard"])
    g = run_steps(d, [("gain_curse", "Cursed Bolt", "hand"), ("you_suffer", 1)])
    p = g.state.players[0]
    assert p.hand == ["Crystal"] and p.discard == [] and p.life == 9  # the rest resolves
    assert g.state.nemesis.decks["curse"] == ["Cursed Shard"]
    assert [e["card"] for e in g.events if e["event"] == "no_curse_left"] == ["Cursed Bolt"]


def test_K_12_curse_of_rot_taken_into_the_hand_acts_at_once() -> None:
    d = table(["Curse of Rot"], charges=3, deck=["Spark"])
    g = run_steps(d, [("gain_curse", "Curse of Rot", "hand")])
    assert g.decision is not None and g.decision.kind == "curse"
    choose(g, ("choose", 1))
    p = g.state.players[0]
    assert p.hand == ["Crystal", "Spark"] and p.charges == 0 and g.state.destroyed == ["Curse of Rot"]
    assert g.state.nemesis.decks["curse"] == []


def test_K_12_a_state_whose_curse_deck_holds_another_card_is_refused() -> None:
    with pytest.raises(StateFormatError) as e:
        Game.from_dict(table(["Cursed Shard", "Spark"]))
    assert e.value.field == "nemesis.decks.curse[1]"
    assert "Spark does not belong in the curse deck" in str(e.value)


def test_K_17_the_curse_deck_is_no_part_of_the_nemesis_deck_and_never_raises_the_tier() -> None:
    d = table(list(CURSES))
    d["nemesis"]["deck"] = ["Withering Rot", "Needlemaw"]
    g = at_main(d)
    assert g.engine.tier() == 1
    assert g.state.nemesis.deck == ["Withering Rot", "Needlemaw"]
    assert len(g.state.nemesis.decks["curse"]) == 10
