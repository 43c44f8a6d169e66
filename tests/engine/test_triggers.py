"""The trigger registry (``engine.triggers``): declarations, how answers combine, the per-game index."""

from __future__ import annotations

from typing import Any

import pytest

from gravehold import Game
from gravehold.engine import trigger_index, triggers

from support import base_state, closed, player


def _game(**kw: Any) -> Game:
    return Game.from_dict(base_state(**kw))


def test_a_game_without_a_source_has_no_entry_for_its_point() -> None:
    """The per-game index holds only the sources of that game: no Equilibrium, no damage modifier."""
    g = _game()
    assert "player_damage" not in g.engine.on and "charge" not in g.engine.on
    with_it = _game(players=[player("Brama", discard=["Equilibrium"]), player("Mist")])
    assert "player_damage" in with_it.engine.on and "charge" not in with_it.engine.on


def test_a_prepped_card_modifies_damage_from_its_zone_only() -> None:
    """Equilibrium (reduce_damage 1) cuts damage to its owner only while prepped, never below 1."""
    prepped = [{"state": "open", "spells": ["Equilibrium"]}, closed(1), closed(0), closed(2)]
    g = _game(players=[player("Brama", breaches=prepped), player("Mist", discard=["Equilibrium"])])
    h = g.engine.on["player_damage"]
    assert (h(g.engine, 0, 4), h(g.engine, 0, 1), h(g.engine, 1, 4)) == (3, 1, 4)


def test_several_sources_at_one_point_combine_in_declaration_order() -> None:
    """A fold point passes the value from one source to the next; an ``any`` point stops at
    the first True; a ``collect`` point lists the answers that are not None."""
    seen: list[str] = []
    first = triggers.source("keyword", "test first")
    second = triggers.source("keyword", "test second", present=lambda st: st.gravehold == 30)
    first("player_damage")(lambda g, i, amount: amount * 10)
    second("player_damage")(lambda g, i, amount: amount + 1)
    first("exhaust")(lambda g, i: seen.append("first") or True)
    second("exhaust")(lambda g, i: seen.append("second") or True)
    first("cast_bonus")(lambda *a: None)
    second("cast_bonus")(lambda *a: "bonus")
    try:
        g = _game()
        on = g.engine.on
        assert on["player_damage"](g.engine, 0, 2) == 21
        assert on["exhaust"](g.engine, 0) is True and seen == ["first"]
        assert on["cast_bonus"](g.engine, 0, 0, 0, "Spark") == ["bonus"]
        absent = _game(gravehold={"life": 29, "max_life": 30})  # ``second`` is not in this game
        assert absent.engine.on["player_damage"](absent.engine, 0, 2) == 20
    finally:
        triggers.withdraw("keyword", "test first")
        triggers.withdraw("keyword", "test second")
    assert "player_damage" not in _game().engine.on


def test_a_bad_declaration_names_what_is_wrong() -> None:
    with pytest.raises(ValueError, match="unknown trigger point 'no_such_point'"):
        triggers.source("nemesis", "Rageborne")("no_such_point")
    with pytest.raises(ValueError, match="unknown source kind 'planet'"):
        triggers.source("planet", "Mars")
    with pytest.raises(ValueError, match="a card's handler names its zone"):
        triggers.declare("card", "Spark", "charge", lambda g, i, b, n: None)
    with pytest.raises(ValueError, match="one source per game; 2 declare it"):
        trigger_index._combined(triggers.Point("test_one", "one", "(g)"), [print, print])


def test_the_treasures_answer_only_in_a_game_set_up_with_treasures() -> None:
    """A game without treasures never asks them: none of their points is in its index."""
    points = {"breach_opened", "ability", "gained", "played", "cast", "pile_emptied", "turn_begins",
              "damage_dealt", "gain_cost"}
    plain = Game.new(mages=["Brama", "Mist"], nemesis="Rageborne", seed=3)
    assert points & set(plain.engine.on) == set()
    rich = Game.new(mages=["Brama", "Mist"], nemesis="Rageborne", seed=3,
                    treasures={"group": "Imbued Shackles"})
    assert points <= set(rich.engine.on)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_card_rule_is_in_a_game_index_exactly_when_a_card_of_the_game_writes_it(seed: int) -> None:
    """Each card rule (a prepped spell's casting-start or on-charge rule, a relic's attached
    bonus ...) answers in a game only if one of that game's cards writes its kind."""
    from gravehold.content import registry

    g = Game.new(mages=["Brama", "Mist"], nemesis="Rageborne", market="random", seed=seed, events=False)
    cards = triggers.game_cards(g.state)
    for r in triggers.CARD_RULES.values():
        if r.point == "cast_bonus":
            continue  # other sources answer there too
        writes = any(h[0] in r.kinds for n in cards if n in registry.CARDS for h in getattr(registry.CARDS[n], r.field))
        assert (r.point in g.engine.on) == writes, (r.point, sorted(cards))
