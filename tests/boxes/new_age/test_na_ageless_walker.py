"""Ageless Walker (The New Age): its mat, the exiled pile, Curse of Aging and its nine cards.

Each test builds a small exact state, runs the nemesis turn (``at_nemesis_turn``: attacks on
top of the nemesis deck, minions and powers in play), a player's turn or main phase, or
effect steps directly (``run_steps``), and compares a snapshot of every zone this nemesis
can touch with the starting snapshot plus only the expected changes. After a nemesis turn
the turn order deck starts with P1, so the game stops at P1's main phase (P1, Brama, holds
a Crystal so that phase is a real decision). The nemesis draws Needlemaw (a basic minion
that only enters play) after a test's own card.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from gravehold import Game, IllegalAction
from gravehold.agents import make_agent
from gravehold.content import registry
from gravehold.content.text import card_text, nemesis_card_text, nemesis_text
from gravehold.engine.game import card_census
from gravehold.events_text import event_text
from gravehold.terminal.render import nemesis_pane

from support import (
    DEFAULT_SUPPLY,
    SNAP_BASE,
    Snapshot,
    at_main,
    at_nemesis_turn,
    at_player_turn,
    base_state,
    check_pay,
    choose,
    minion,
    player,
    power,
    run_steps,
)

AW = "Ageless Walker"
CURSE = "Curse of Aging"
FILLER = "Needlemaw"
MARKET = [name for name, _ in DEFAULT_SUPPLY]
FULL = [k for _, k in DEFAULT_SUPPLY]
ASH = MARKET.index("Reduce to Ash")
OWN = ["Temporal Leap", "Age Siphon", "Enveloping Ooze", "Rush of Madness", "Timeless Serpent",
       "Burden of Knowledge", "Siege of Dust", "Spire of Bone", "Forget"]


def make(*top: str, exiled: tuple[str, ...] = (), in_play: tuple[dict[str, Any], ...] = (),
         p0: dict[str, Any] | None = None, p1: dict[str, Any] | None = None, expert: bool = False,
         solo: bool = False) -> dict[str, Any]:
    """Brama and Mist (a Crystal each) against Ageless Walker; ``top`` on its deck, then the filler."""
    a = player("Brama", **{"hand": ["Crystal"], **(p0 or {})})
    b = player("Mist", **{"hand": ["Crystal"], **(p1 or {})})
    d = base_state([a] if solo else [a, b])
    d["config"]["nemesis"] = AW
    d["config"]["expert"] = expert
    if expert:
        d["config"]["difficulty"] = "expert"
    if solo:
        d["turn_order"] = {"deck": ["P1", "P1", "N", "P1", "N"], "discard": []}
    n = d["nemesis"]
    n["id"] = AW
    n["life"] = n["max_life"] = 80
    n["deck"] = [*top, FILLER]
    n["discard"] = []
    n["in_play"] = [dict(c) for c in in_play]
    n["tokens"] = {}
    n["decks"] = {"exiled": list(exiled)}
    return d


SNAPSHOT = Snapshot(*SNAP_BASE, "decks", "resolving", "played", "supply")
snap, expect, now = SNAPSHOT.snap, SNAPSHOT.expect, SNAPSHOT.now
FILLED = [(FILLER, 11, 0)]  # the filler minion, drawn after the test's own card


def at_main_of(g: Game, i: int) -> None:
    assert not g.over, g.reason
    assert g.decision is not None and g.decision.kind == "main" and g.decision.player == i, g.decision


def at_main_with_hooks(d: dict[str, Any], i: int = 0) -> Game:
    """Player i's main phase with the nemesis' main-end hook still to come, as in a real turn."""
    d = copy.deepcopy(d)
    d["active"] = i
    d["phase"] = "main"
    d["turn"] = d.get("turn", 1)
    d["stack"] = [["end_turn"], ["draw_phase", i], ["hook_main_end", i], ["main_phase", i]]
    return Game.from_dict(d)


def events(g: Game, kind: str) -> list[dict[str, Any]]:
    return [e for e in g.events if e["event"] == kind]


def exiled(*cards: str) -> dict[str, list[str]]:
    return {"exiled": list(cards)}


# =========================================================================== the mat


def test_S_7_ageless_walker_setup_a_curse_in_every_discard_and_the_costliest_card_exiled() -> None:
    g = Game.new(mages=["Brama", "Mist"], nemesis=AW, market=MARKET, seed=4, basics="AE")
    st = g.state
    assert (st.nemesis.life, st.nemesis.max_life) == (80, 80)
    assert st.nemesis.decks["exiled"] == ["Reduce to Ash"]
    assert st.supply_counts == [*FULL[:ASH], FULL[ASH] - 1]
    assert [p.discard.count(CURSE) for p in st.players] == [1, 1]
    assert sum(p.hand.count(CURSE) + p.deck.count(CURSE) for p in st.players) == 0
    assert sorted(st.nemesis.deck) == sorted(st.nemesis.deck)  # built as any other deck: 9 own + basics
    assert set(OWN) <= set(st.nemesis.deck)


def test_S_7_N_6_ageless_walker_tied_costliest_piles_are_the_players_pick() -> None:
    market = ["Jade", "Sifter's Pearl", "Burning Opal", "Flexing Dagger", "Bottled Vortex", "Spectral Echo",
              "Phoenix Flame", "Arcane Nexus", "Consuming Void"]
    g = Game.new(mages=["Brama", "Mist"], nemesis=AW, market=market, seed=4, basics="AE")
    assert g.decision.kind == "pile" and g.decision.player == 0
    assert g.legal_actions() == [("pile", "Arcane Nexus"), ("pile", "Consuming Void")]
    choose(g, ("pile", "Consuming Void"))
    assert g.state.nemesis.decks["exiled"] == ["Consuming Void"]
    assert g.state.supply_counts == [7, 7, 7, 5, 5, 5, 5, 5, 4]


def test_K_17_ageless_walker_the_exiled_pile_stays_out_of_the_nemesis_deck_and_its_tier() -> None:
    g = Game.new(mages=["Brama", "Mist"], nemesis=AW, market=MARKET, seed=4, basics="AE")
    n = g.state.nemesis
    tiers = [registry.NEMESIS_CARDS[c].tier for c in n.deck]
    assert tiers == sorted(tiers) and Counter(tiers) == Counter({1: 6, 2: 8, 3: 10})  # its 9 and 15 basics
    assert Counter(registry.NEMESIS_CARDS[c].nemesis for c in n.deck) == Counter({AW: 9, None: 15})
    assert n.decks["exiled"] == ["Reduce to Ash"] and CURSE not in n.deck
    d = make(exiled=("Reduce to Ash", CURSE))
    assert Game.from_dict(d).engine.tier() == 1  # player cards on the pile are no nemesis tier


def test_G_1_ageless_walker_cards_on_the_exiled_pile_do_not_keep_the_board_from_clearing() -> None:
    d = make(exiled=("Reduce to Ash", CURSE))
    d["nemesis"]["deck"] = []
    g = at_main(d, 0)
    choose(g, ("end_main",))
    assert g.over and (g.result, g.reason) == ("win", "nemesis_deck_empty")


def test_N_4_N_6_ageless_walker_unleash_exiles_a_card_in_hand_or_the_discard_top() -> None:
    d = make(p0={"hand": ["Crystal"], "discard": ["Spark", "Frozen Magmite"]}, p1={"hand": []})
    g = run_steps(d, [("unleash", 1)])
    # N-6: only P1 can exile, so no player is asked for; P1 picks from hand or the discard top
    assert g.decision.kind == "exile" and g.decision.player == 0
    assert g.legal_actions() == [("card", "discard", "Frozen Magmite"), ("card", "hand", "Crystal")]
    choose(g, ("card", "discard", "Frozen Magmite"))
    at_main_of(g, 0)
    assert now(g) == expect(d, discard=[["Spark"], []], decks=exiled("Frozen Magmite"))
    assert event_text(events(g, "exiled")[0]) == "P1 exiles Frozen Magmite from their discard pile (Unleash)"


def test_N_4_ageless_walker_unleash_goes_on_top_of_the_exiled_pile() -> None:
    d = make(exiled=("Reduce to Ash",), p0={"hand": ["Crystal", "Spark"]}, p1={"hand": []})
    g = run_steps(d, [("unleash", 1)])
    choose(g, ("card", "hand", "Spark"))
    at_main_of(g, 0)
    assert now(g) == expect(d, hand=[["Crystal"], []], decks=exiled("Spark", "Reduce to Ash"))


def test_N_6_ageless_walker_unleash_with_nothing_to_exile_does_nothing() -> None:
    d = make(p0={"hand": ["Crystal"]}, p1={"hand": []}, solo=False)
    d["players"][0]["hand"] = []
    d["players"][0]["deck"] = ["Crystal"]
    g = run_steps(d, [("unleash", 1)])
    assert g.decision.kind == "player"  # nobody can exile: the players name anyone, to no effect
    choose(g, ("player", 1))
    assert now(g)["decks"] == {"exiled": []}


def test_P_8_ageless_walker_gain_the_top_exiled_card_for_its_cost_plus_one() -> None:
    d = make(exiled=("Frozen Magmite", "Reduce to Ash"), p0={"aether": 4})
    g = at_main(d, 0)
    assert ("gain_exiled", "Frozen Magmite") in g.legal_actions()
    assert not any(a[0] == "gain_exiled" and a[1] == "Reduce to Ash" for a in g.legal_actions())
    choose(g, ("gain_exiled", "Frozen Magmite"))
    at_main_of(g, 0)
    assert now(g) == expect(d, aether=[0, 0], discard=[["Frozen Magmite"], []], decks=exiled("Reduce to Ash"))
    assert not any(a[0] == "gain_exiled" for a in g.legal_actions())  # 8 Æ for Reduce to Ash, none left
    assert event_text(events(g, "gain_exiled")[0]) == "P1 gains Frozen Magmite from the exiled pile"


def test_P_8_ageless_walker_its_cost_alone_is_not_enough() -> None:
    g = at_main(make(exiled=("Frozen Magmite",), p0={"aether": 3}), 0)
    assert not any(a[0] == "gain_exiled" for a in g.legal_actions())
    assert ("gain", "Frozen Magmite") in g.legal_actions()  # the supply pile costs 3


def test_K_11_ageless_walker_aether_for_gaining_pays_for_the_exiled_pile() -> None:
    d = make(exiled=("Frozen Magmite",), p0={"aether": 1, "aether_for": {"gem": 3}})
    g = at_main(d, 0)
    choose(g, ("gain_exiled", "Frozen Magmite"))
    at_main_of(g, 0)
    assert now(g) == expect(d, aether=[0, 0], discard=[["Frozen Magmite"], []], decks=exiled())
    assert g.state.players[0].aether_for == {}
    # aether that may only gain a spell cannot gain a gem, the surcharge included
    g2 = at_main(make(exiled=("Frozen Magmite",), p0={"aether": 1, "aether_for": {"spell": 5}}), 0)
    assert not any(a[0] == "gain_exiled" for a in g2.legal_actions())


def test_P_8_ageless_walker_no_gain_from_an_empty_exiled_pile() -> None:
    g = at_main(make(p0={"aether": 9}), 0)
    assert not any(a[0] == "gain_exiled" for a in g.legal_actions())


def test_nemesis_ageless_walker_the_exiled_pile_is_public_in_its_order() -> None:
    g = at_main(make(exiled=("Spark", "Reduce to Ash", CURSE)), 0)
    for seat in (0, 1, None):
        n = g.view_for(seat)["nemesis"]
        assert n["decks"]["exiled"] == ["Spark", "Reduce to Ash", CURSE]
        assert "exiled" in n["face_up_decks"]
    assert "exiled pile 3" in nemesis_pane(g.view_for(0), 1).plain


def test_nemesis_ageless_walker_mat_reads_from_its_encoding() -> None:
    text = nemesis_text(registry.NEMESES[AW])
    assert text.splitlines()[0] == ("Unleash: A player of your choice exiles a card from their hand, or their "
                                    "discard pile's top card.")
    assert "paying its cost plus 1 Æ" in text
    assert "On expert and extinction: A player who resolves Curse of Aging draws no card for it." in text
    assert card_text(registry.CARDS[CURSE]) == "Exile this card. Draw 1 card."


# =========================================================================== Curse of Aging


def test_card_curse_of_aging_resolves_from_the_hand_when_the_turn_starts() -> None:
    d = make(p0={"hand": ["Crystal", CURSE], "deck": ["Spark", "Jade"]}, exiled=("Reduce to Ash",))
    g = at_player_turn(d, 0)
    at_main_of(g, 0)
    assert now(g) == expect(d, hand=[["Crystal", "Spark"], ["Crystal"]], deck=[["Jade"], []],
                            decks=exiled(CURSE, "Reduce to Ash"))
    assert [event_text(e) for e in events(g, "curse_resolved")] == ["P1 resolves Curse of Aging"]


def test_S_9_curse_of_aging_expert_its_holder_draws_no_card() -> None:
    d = make(p0={"hand": ["Crystal", CURSE], "deck": ["Spark", "Jade"]}, expert=True)
    g = at_player_turn(d, 0)
    at_main_of(g, 0)
    assert now(g) == expect(d, hand=[["Crystal"], ["Crystal"]], decks=exiled(CURSE))


def test_card_curse_of_aging_a_curse_it_draws_resolves_too() -> None:
    d = make(p0={"hand": ["Crystal", CURSE], "deck": [CURSE, "Spark", "Jade"]})
    g = at_player_turn(d, 0)
    at_main_of(g, 0)
    assert now(g) == expect(d, hand=[["Crystal", "Spark"], ["Crystal"]], deck=[["Jade"], []],
                            decks=exiled(CURSE, CURSE))


def test_card_curse_of_aging_is_never_played() -> None:
    g = at_main(make(p0={"hand": ["Crystal", CURSE]}), 0)
    assert ("play", CURSE) not in g.legal_actions()
    with pytest.raises(IllegalAction, match="curse: it is never played"):
        g.apply(("play", CURSE))


def test_card_curse_of_aging_in_hand_when_the_main_phase_ends_resolves_then() -> None:
    d = make(p0={"hand": ["Crystal", CURSE], "deck": ["Spark", "Jade", "Crystal", "Spark", "Jade", "Jade"]})
    d["turn_order"] = {"deck": ["P2", "N", "P1"], "discard": []}
    g = at_main_with_hooks(d, 0)
    choose(g, ("end_main",))
    # the curse went before the draw phase: P1 drew Spark for it, then four up to five cards
    assert g.state.active == 1
    p = g.state.players[0]
    assert (p.hand, p.deck) == (["Crystal", "Spark", "Jade", "Crystal", "Spark"], ["Jade", "Jade"])
    assert g.state.nemesis.decks["exiled"] == [CURSE]


def test_card_curse_of_aging_drawn_in_the_draw_phase_waits_for_the_next_turn() -> None:
    d = make(p0={"hand": [], "deck": ["Crystal", "Crystal", CURSE, "Spark", "Spark", "Jade"]})
    d["turn_order"] = {"deck": ["P2", "N", "P1"], "discard": []}
    g = at_main_with_hooks(d, 0)
    assert g.state.active == 1  # with no card in hand P1's main phase ended at once
    p = g.state.players[0]
    assert p.hand == ["Crystal", "Crystal", CURSE, "Spark", "Spark"]
    assert g.state.nemesis.decks["exiled"] == []


def test_S_2_curse_of_aging_never_in_the_supply_or_a_market() -> None:
    card = registry.CARDS[CURSE]
    assert (card.type, card.cost, card.box, card.starter) == ("curse", 0, "NA", True)
    assert CURSE not in {c.name for c in registry.supply_cards()}
    assert registry.box("NA").census()["supply"] == sum(
        1 for c in registry.box("NA").cards if c.name != CURSE and not c.starter)
    for seed in range(5):
        g = Game.new(mages=["Brama", "Mist"], nemesis=AW, market="random", seed=seed, basics="AE")
        assert CURSE not in g.state.supply_names


def test_card_curse_of_aging_gained_back_from_the_exiled_pile_for_one_aether() -> None:
    d = make(exiled=(CURSE, "Frozen Magmite"), p0={"aether": 1})
    g = at_main(d, 0)
    choose(g, ("gain_exiled", CURSE))
    at_main_of(g, 0)
    assert now(g) == expect(d, aether=[0, 0], discard=[[CURSE], []], decks=exiled("Frozen Magmite"))


# =========================================================================== tier 1


def test_nemesis_card_temporal_leap_power_the_players_exile_two_cards_in_hand_between_them() -> None:
    d = make(in_play=(power("Temporal Leap", 1),), p0={"hand": ["Crystal", "Spark"]}, p1={"hand": ["Jade"]})
    g = at_nemesis_turn(d)
    assert g.decision.kind == "player" and g.legal_actions() == [("player", 0), ("player", 1)]
    choose(g, ("player", 0))
    assert g.decision.kind == "exile" and g.decision.player == 0
    assert g.legal_actions() == [("card", "Crystal"), ("card", "Spark")]
    choose(g, ("card", "Spark"))
    choose(g, ("player", 1))  # Mist's one card goes at once
    at_main_of(g, 0)
    assert now(g) == expect(d, hand=[["Crystal"], []], n_deck=[], in_play=FILLED, n_discard=["Temporal Leap"],
                            decks=exiled("Jade", "Spark"))


def test_nemesis_card_temporal_leap_counts_down_first() -> None:
    d = make(in_play=(power("Temporal Leap", 3),))
    g = at_nemesis_turn(d)
    at_main_of(g, 0)
    assert now(g) == expect(d, n_deck=[], in_play=[("Temporal Leap", 0, 2), *FILLED])


def test_nemesis_card_age_siphon_exiles_a_spell_from_hand_or_discard_and_gravehold_suffers_two() -> None:
    d = make("Age Siphon", exiled=("Crystal",),
             p0={"hand": ["Crystal", "Spark"], "discard": ["Jagged Lightning", "Jade"]}, p1={"hand": ["Jade"]})
    g = at_nemesis_turn(d)
    assert g.decision.kind == "exile" and g.decision.player == 0  # N-6: Mist holds no spell
    assert g.legal_actions() == [("card", "discard", "Jagged Lightning"), ("card", "hand", "Spark")]
    choose(g, ("card", "discard", "Jagged Lightning"))
    at_main_of(g, 0)
    assert now(g) == expect(d, n_deck=[FILLER], n_discard=["Age Siphon"], gravehold=28,
                            discard=[["Jade"], []], decks=exiled("Jagged Lightning", "Crystal"))


def test_nemesis_card_enveloping_ooze_persistent_gravehold_two_and_a_deck_top_discarded() -> None:
    d = make(in_play=(minion("Enveloping Ooze"),), p1={"deck": ["Spark", "Jade"]})
    g = at_nemesis_turn(d)
    assert g.decision.kind == "player"
    choose(g, ("player", 1))
    at_main_of(g, 0)
    assert now(g) == expect(d, gravehold=28, deck=[[], ["Jade"]], discard=[[], ["Spark"]],
                            n_deck=[], in_play=[("Enveloping Ooze", 5, 0), *FILLED])


def test_P_16_enveloping_ooze_an_empty_deck_turns_the_discard_over_first() -> None:
    d = make(p0={"deck": [], "discard": ["Spark", "Jade", "Crystal"]})
    g = run_steps(d, [("player", "any", (("discard_deck_top",),))])
    choose(g, ("player", 0))
    at_main_of(g, 0)
    assert now(g) == expect(d, deck=[["Jade", "Crystal"], []], discard=[["Spark"], []])


# =========================================================================== tier 2


def test_nemesis_card_rush_of_madness_power_unleash_twice_exile_the_costliest_gravehold_four() -> None:
    d = make(in_play=(power("Rush of Madness", 1),), p0={"hand": ["Crystal", "Crystal"]}, p1={"hand": ["Spark"]})
    g = at_nemesis_turn(d)
    choose(g, ("player", 0))  # the first unleash: either player could exile; P1 loses one Crystal
    choose(g, ("player", 1))  # the second: Mist loses her Spark
    at_main_of(g, 0)
    assert now(g) == expect(d, hand=[["Crystal"], []], gravehold=26, n_deck=[], in_play=FILLED,
                            n_discard=["Rush of Madness"], supply=[*FULL[:ASH], FULL[ASH] - 1],
                            decks=exiled("Reduce to Ash", "Spark", "Crystal"))


def test_P_14_rush_of_madness_pay_seven_aether_to_discard_it() -> None:
    check_pay(make, SNAPSHOT, "Rush of Madness", ok={"aether": 7}, short={"aether": 6}, aether=[0, 0])


def test_nemesis_card_rush_of_madness_exiles_nothing_once_the_supply_is_empty() -> None:
    d = make()
    for pile in d["supply"]:
        pile[1] = 0
    g = run_steps(d, [("exile_costliest_pile",)])
    at_main_of(g, 0)
    assert now(g) == expect(d)


def test_N_11_N_12_timeless_serpent_exiles_before_it_enters_play_and_its_persistent_waits() -> None:
    d = make("Timeless Serpent", p0={"hand": ["Crystal", "Jagged Lightning"]}, p1={"hand": ["Jade"]})
    g = at_nemesis_turn(d)
    assert g.decision.kind == "player"
    st = g.state.nemesis
    assert st.in_play == [] and st.resolving == ["Timeless Serpent"]  # N-12: not in play while it acts
    choose(g, ("player", 1))
    at_main_of(g, 0)
    # N-11: entering play mid-turn, its PERSISTENT waits for the next nemesis main phase
    assert now(g) == expect(d, n_deck=[FILLER], hand=[["Crystal", "Jagged Lightning"], []],
                            in_play=[("Timeless Serpent", 12, 0)], decks=exiled("Jade"))


def test_nemesis_card_timeless_serpent_persistent_a_player_discards_their_costliest_card() -> None:
    d = make(in_play=(minion("Timeless Serpent"),), p0={"hand": ["Crystal", "Jagged Lightning", "Jade"]})
    g = at_nemesis_turn(d)
    choose(g, ("player", 0))
    at_main_of(g, 0)
    assert now(g) == expect(d, hand=[["Crystal", "Jade"], ["Crystal"]], discard=[["Jagged Lightning"], []],
                            n_deck=[], in_play=[("Timeless Serpent", 12, 0), *FILLED])


def test_nemesis_card_burden_of_knowledge_exiles_two_cards_costing_two_or_more() -> None:
    d = make(in_play=(power("Burden of Knowledge", 1),),
             p0={"hand": ["Crystal", "Jagged Lightning"], "discard": ["Mage's Totem", "Spark"]},
             p1={"hand": ["Crystal"], "discard": ["Spark"]})
    g = at_nemesis_turn(d)
    # only P1 holds such cards: they are named at once and pick the first of the two
    assert g.decision.kind == "exile" and g.decision.player == 0
    assert g.legal_actions() == [("card", "discard", "Mage's Totem"), ("card", "hand", "Jagged Lightning")]
    choose(g, ("card", "hand", "Jagged Lightning"))
    at_main_of(g, 0)
    assert now(g) == expect(d, hand=[["Crystal"], ["Crystal"]], discard=[["Spark"], ["Spark"]],
                            n_deck=[], in_play=FILLED, n_discard=["Burden of Knowledge"],
                            decks=exiled("Mage's Totem", "Jagged Lightning"))


def test_N_6_burden_of_knowledge_exiles_as_many_as_qualify() -> None:
    d = make(in_play=(power("Burden of Knowledge", 1),), p0={"hand": ["Crystal", "Frozen Magmite"]})
    g = at_nemesis_turn(d)
    at_main_of(g, 0)
    assert now(g) == expect(d, hand=[["Crystal"], ["Crystal"]], n_deck=[], in_play=FILLED,
                            n_discard=["Burden of Knowledge"], decks=exiled("Frozen Magmite"))


# =========================================================================== tier 3


@pytest.mark.parametrize(("gone", "damage"), [("Frozen Magmite", 4), ("Crystal", 8)])
def test_nemesis_card_siege_of_dust_damage_follows_the_top_exiled_card_after_the_unleash(
        gone: str, damage: int) -> None:
    d = make(in_play=(power("Siege of Dust", 1),), exiled=("Spark",),
             p0={"hand": ["Crystal", "Frozen Magmite"]}, p1={"hand": []})
    g = at_nemesis_turn(d)
    choose(g, ("card", "hand", gone))
    at_main_of(g, 0)
    kept = "Crystal" if gone != "Crystal" else "Frozen Magmite"
    assert now(g) == expect(d, hand=[[kept], []], gravehold=30 - damage, n_deck=[], in_play=FILLED,
                            n_discard=["Siege of Dust"], decks=exiled(gone, "Spark"))


def test_nemesis_card_siege_of_dust_an_empty_exiled_pile_means_the_larger_damage() -> None:
    d = make(in_play=(power("Siege of Dust", 1),), p0={"hand": []}, p1={"hand": []})
    d["config"]["human_seats"] = [0]  # P1's empty main phase waits for them
    g = at_nemesis_turn(d)
    choose(g, ("player", 0))  # nobody can exile: the unleash does nothing
    at_main_of(g, 0)
    assert now(g) == expect(d, gravehold=22, n_deck=[], in_play=FILLED, n_discard=["Siege of Dust"])


def test_nemesis_card_spire_of_bone_immediately_destroys_the_exiled_pile() -> None:
    d = make("Spire of Bone", exiled=("Crystal", "Reduce to Ash", CURSE))
    g = at_nemesis_turn(d)
    at_main_of(g, 0)
    assert now(g) == expect(d, n_deck=[FILLER], in_play=[("Spire of Bone", 16, 0)], decks=exiled(),
                            destroyed=["Crystal", "Reduce to Ash", CURSE])
    assert card_census(g.state) == card_census(Game.from_dict(d).state)  # destroyed, not gone


def test_nemesis_card_spire_of_bone_persistent_exile_draw_and_gravehold_two() -> None:
    d = make(in_play=(minion("Spire of Bone"),), p0={"hand": ["Crystal", "Spark"], "deck": ["Jagged Lightning"]},
             p1={"hand": []})
    g = at_nemesis_turn(d)
    assert g.decision.kind == "exile" and g.decision.player == 0
    choose(g, ("card", "Spark"))
    at_main_of(g, 0)
    assert now(g) == expect(d, hand=[["Crystal", "Jagged Lightning"], []], deck=[[], []], gravehold=28,
                            n_deck=[], in_play=[("Spire of Bone", 16, 0), *FILLED], decks=exiled("Spark"))


def test_nemesis_card_forget_exiles_two_draws_two_gravehold_five() -> None:
    d = make("Forget", p0={"hand": ["Crystal", "Spark", "Crystal"],
                           "deck": ["Jagged Lightning", "Fiery Torrent", "Mage's Totem"]})
    g = at_nemesis_turn(d)
    # N-6: P1 can exile both cards, Mist only one, so P1 is the one
    assert g.decision.kind == "exile" and g.decision.player == 0
    choose(g, ("card", "Spark"))
    at_main_of(g, 0)
    assert now(g) == expect(d, n_deck=[FILLER], n_discard=["Forget"], gravehold=25,
                            hand=[["Crystal", "Jagged Lightning", "Fiery Torrent"], ["Crystal"]],
                            deck=[["Mage's Totem"], []], decks=exiled("Crystal", "Spark"))


# =========================================================================== whole games


def _play(seed: int, n: int, agent: str, difficulty: str = "normal") -> Game:
    mages = ["Brama", "Mist", "Adelheim", "Kadir"][:n]
    g = Game.new(mages=mages, nemesis=AW, seed=seed, difficulty=difficulty, events=False, basics="AE")
    census = card_census(g.state)
    agents = [make_agent(agent, seed * 7 + i) for i in range(n)]
    k = 0
    while not g.over:
        d = g.decision
        assert d is not None and k < 20_000
        seat = d.seat
        g.apply(agents[seat].choose(d, lambda seat=seat: g.view_for(seat)))  # type: ignore[misc]
        k += 1
        if k % 29 == 0:
            assert card_census(g.state) == census
            assert Game.from_json(g.to_json()) == g
        assert all(c in registry.CARDS for c in g.state.nemesis.decks["exiled"])
    assert card_census(g.state) == census
    return g


@pytest.mark.parametrize("agent", ["random", "heuristic"])
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_nemesis_ageless_walker_seeded_games_finish(agent: str, players: int) -> None:
    results = Counter()
    for seed in range(2):
        g = _play(seed, players, agent, difficulty=("normal", "expert")[seed])
        assert g.result in ("win", "loss")
        results[g.reason] += 1
    assert sum(results.values()) == 2


def _replayed(pile: list[str], e: dict[str, Any]) -> list[str]:
    """The exiled pile after one event, as the events tell it."""
    if e["event"] == "exiled":
        return [e["card"], *pile]
    if e["event"] == "gain_exiled":
        assert pile and pile[0] == e["card"]  # only the top card is ever gained
        return pile[1:]
    if e["event"] == "exiled_destroyed":
        assert e["cards"] == pile
        return []
    return pile


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=hs.integers(0, 10_000), players=hs.integers(1, 4), expert=hs.booleans())
def test_nemesis_ageless_walker_exiled_pile_changes_only_by_its_events_and_keeps_the_census(
        seed: int, players: int, expert: bool) -> None:
    """The exiled pile is exactly what its events build (an exile adds on top, a gain takes
    the top card, Spire of Bone destroys the lot), it only ever holds player cards, and no
    card appears or vanishes (the census)."""
    mages = ["Brama", "Mist", "Adelheim", "Kadir"][:players]
    g = Game.new(mages=mages, nemesis=AW, seed=seed, basics="AE", difficulty="expert" if expert else "normal")
    census = card_census(g.state)
    r = random.Random(seed)
    pile: list[str] = []
    seen = 0
    for _ in range(400):
        for e in g.events[seen:]:
            pile = _replayed(pile, e)
        seen = len(g.events)
        assert g.state.nemesis.decks["exiled"] == pile
        assert all(c in registry.CARDS for c in pile)
        assert card_census(g.state) == census
        if g.over:
            break
        g.apply(r.choice(g.legal_actions()))


def test_nemesis_ageless_walker_every_card_renders() -> None:
    for name in OWN:
        card = registry.NEMESIS_CARDS[name]
        assert (card.box, card.nemesis) == ("NA", AW)
        assert nemesis_card_text(card)
    assert sorted(registry.NEMESIS_CARDS[c].tier for c in registry.NEMESES[AW].cards) == [1, 1, 1, 2, 2, 2, 3, 3, 3]


def test_nemesis_ageless_walker_a_hand_made_state_round_trips() -> None:
    d = make(exiled=(CURSE, "Spark"), p0={"hand": ["Crystal", CURSE]})
    g = at_main(d, 0)
    assert Game.from_json(g.to_json()) == g
    h = copy.deepcopy(g.to_dict())
    assert h["nemesis"]["decks"]["exiled"] == [CURSE, "Spark"]
