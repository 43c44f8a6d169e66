"""The end screen's summary, worked out from the event log, and the card a dialog names."""

from __future__ import annotations

from gravehold.agents import make_agent
from gravehold.content import registry
from gravehold.content.text import ability_text, card_text, nemesis_card_text, nemesis_text
from gravehold.engine.game import Game
from gravehold.engine.setup import PILE_SIZE
from gravehold.record import play
from gravehold.web.summary import end_summary, reason_text, source_card, tally, whole_log


def test_damage_goes_to_whoever_acts_and_gains_to_whoever_gains() -> None:
    events = [
        {"event": "setup", "turn": 0, "config": {}},
        {"event": "turn_start", "player": 0, "mage": "Brama", "turn": 1},
        {"event": "nemesis_damage", "amount": 1, "source": "Spark", "life": 69, "turn": 1},
        {"event": "cast", "player": 1, "owner": 1, "breach": 0, "card": "Spark", "turn": 1},  # the ally casts
        {"event": "minion_damage", "card": "Needlemaw", "amount": 2, "source": "Spark", "life": 3, "turn": 1},
        {"event": "play", "player": 0, "card": "Crystal", "turn": 1},  # back to the active player
        {"event": "husk_damaged", "damage": 3, "source": "Ignite", "turn": 1},
        {"event": "gain", "player": 0, "card": "Jade", "to_deck": False, "turn": 1},
        {"event": "gain", "player": 0, "card": "Jade", "to_deck": True, "turn": 1},
        {"event": "turn_end", "active": 0, "turn": 1},
        {"event": "turn_start", "player": -1, "turn": 2},  # the nemesis' turn: nobody acts
        {"event": "minion_damage", "card": "Needlemaw", "amount": 4, "source": "Unleash", "life": 0, "turn": 2},
        {"event": "ability", "player": 1, "name": "Divine Augury", "turn": 2},
        {"event": "nemesis_damage", "amount": 5, "source": "Divine Augury", "life": 64, "turn": 2},
        {"event": "gain_devoured", "player": 1, "card": "Kindle", "turn": 2},
        {"event": "corruption_gained", "player": 1, "card": "Contagion", "source": "Tempt", "to": "hand", "turn": 2},
        {"event": "turn_end", "active": -1, "turn": 2},
    ]
    assert tally(events, ["Brama", "Mist"]) == {
        "players": [
            {"seat": 0, "mage": "Brama", "damage": 4, "nemesis_damage": 1, "minion_damage": 3,
             "gained": ["Jade", "Jade"]},
            {"seat": 1, "mage": "Mist", "damage": 7, "nemesis_damage": 5, "minion_damage": 2,
             "gained": ["Kindle"]},
        ],
        "other_damage": 4,
    }


def test_reasons_are_words() -> None:
    assert reason_text("win", "nemesis_defeated", "Rageborne") == "Rageborne was defeated"
    assert reason_text("win", "nemesis_deck_empty", "Rageborne") == "Rageborne ran out of cards"
    assert reason_text("loss", "gravehold", "Rageborne") == "Gravehold fell"
    assert reason_text("loss", "exhausted", "Rageborne") == "every mage was exhausted"
    assert reason_text("loss", "nemesis_rule", "Umbra Titan") == "Umbra Titan's own loss condition was met"
    assert reason_text("win", "nemesis_rule", "Hollow Crown") == "Hollow Crown's own win condition was met"


def test_a_whole_game_summary_accounts_for_every_point_of_damage_and_every_card_taken() -> None:
    g = Game.new(mages=["Brama", "Mist"], nemesis="Rageborne", market="Deck Destruction", seed=3)
    play(g, [make_agent("heuristic", 1), make_agent("heuristic", 2)])
    assert whole_log(g) and g.over
    s = end_summary(g)
    st = g.state
    assert (s["result"], s["reason"], s["turns"]) == (st.result, st.reason, st.turn)
    assert (s["gravehold_life"], s["gravehold_max_life"]) == (st.gravehold, st.gravehold_max)
    assert (s["nemesis"], s["nemesis_life"], s["nemesis_max_life"]) == ("Rageborne", st.nemesis.life, 70)
    dealt = sum(e["amount"] for e in g.events if e["event"] in ("nemesis_damage", "minion_damage"))
    assert sum(p["damage"] for p in s["players"]) + s["other_damage"] == dealt
    assert sum(p["nemesis_damage"] for p in s["players"]) >= 70 - st.nemesis.life
    # every card gained left a supply pile: the piles are short by exactly the cards gained
    taken = sum(PILE_SIZE[registry.CARDS[n].type] - k for n, k in g.view_for(None)["supply"])
    assert sum(p["gained_count"] for p in s["players"]) == taken > 0
    for p, pl in zip(s["players"], st.players, strict=True):
        assert (p["mage"], p["life"], p["max_life"]) == (pl.mage, pl.life, pl.max_life)
        assert p["gained_count"] == len(p["gained"])
        assert all(n in pl.deck + pl.hand + pl.discard + [c for b in pl.breaches for c in b.spells] + pl.played
                   or n in st.destroyed for n in p["gained"])


def test_the_source_of_a_decision_is_shown_with_its_rendered_text() -> None:
    jl = registry.CARDS["Jagged Lightning"]
    assert source_card("Jagged Lightning", "Rageborne") == {
        "name": "Jagged Lightning", "kind": f"spell, cost {jl.cost}", "text": card_text(jl)}
    af = registry.NEMESIS_CARDS["Agony Field"]
    assert source_card("Agony Field", "Rageborne") == {
        "name": "Agony Field", "kind": f"nemesis power, tier {af.tier}", "text": nemesis_card_text(af)}
    brama = registry.MAGES["Brama"]
    mage = {"name": brama.ability.name, "kind": "Brama's ability", "text": ability_text(brama)}
    assert source_card("Brama", "Rageborne") == mage == source_card(brama.ability.name, "Rageborne")
    rules = {"name": "Rageborne", "kind": "nemesis", "text": nemesis_text(registry.NEMESES["Rageborne"])}
    assert source_card("Unleash", "Rageborne") == rules == source_card("Rageborne", "Carapace Queen")
    assert source_card("a rule", "Rageborne") == {"name": "a rule", "kind": "", "text": ""}
    assert source_card("", "Rageborne") is None
