"""K-18: Xaxos: Outcast (ruleset option ``xaxos_outcast``): setup with the option on and off,
his charges from the four cards that give them, his ability at the charge limit, the
reshuffle of his ability deck, and every ability card from an exact state."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from test_oc_supply import HOLD, OC_SUPPLY, casting, main_of, spell_on, waits_in_main

from gravehold import Game
from gravehold.boxes.outcasts import xaxos
from gravehold.errors import RulesetError, StateFormatError

from support import base_state, choose, minion, player, power, run_steps


def key(name: str) -> str:
    return "xaxos_card:" + name.lower().replace(" ", "_")


def with_xaxos(d: dict[str, Any], deck: list[str], discard: tuple[str, ...] = (), charges: int = 0) -> dict[str, Any]:
    """``d`` with Xaxos: Outcast on the table: his charges and ability deck (top first)."""
    d = copy.deepcopy(d)
    d["tokens"] = {"xaxos_charges": charges, **{key(n): k for k, n in enumerate(deck)},
                   **{key(n): -1 for n in discard}}
    return d


def two(p0: dict[str, Any], p1: dict[str, Any] | None = None, **kw: Any) -> dict[str, Any]:
    d = base_state([p0, p1 if p1 is not None else player("Mist", hand=list(HOLD))], **kw)
    if "supply" not in kw:
        d["supply"] = copy.deepcopy(OC_SUPPLY)
    return d


def ability(name: str, d: dict[str, Any]) -> Game:
    """His ability card ``name`` resolving, from the exact state ``d`` (player 0's main phase)."""
    return run_steps(d, list(xaxos.ABILITY_CARDS[name][1]), you=0, source=name)


# ------------------------------------------------------------------ setup, option on and off


def test_K_18_option_on_sets_up_his_charges_and_the_ten_retail_ability_cards() -> None:
    g = Game.new(["Brama", "Mist"], "Rageborne", seed=3, ruleset={"preset": "oc", "xaxos_outcast": True})
    st = g.state
    assert st.tokens["xaxos_charges"] == 0 and st.gravehold == 30
    assert sorted(xaxos.deck(st)) == sorted(n for n, (kind, _) in xaxos.ABILITY_CARDS.items() if kind == "retail")
    assert len(xaxos.deck(st)) == 10 and xaxos.discard(st) == []
    assert st.config["ruleset"]["xaxos_outcast"] is True
    assert Game.from_dict(g.to_dict()).state.tokens == st.tokens


def test_K_18_option_xaxos_promos_adds_the_three_promo_cards() -> None:
    g = Game.new(["Brama", "Mist"], "Rageborne", seed=3,
                 ruleset={"preset": "oc", "xaxos_outcast": True, "xaxos_promos": True})
    assert sorted(xaxos.deck(g.state)) == sorted(xaxos.ABILITY_CARDS)


def test_K_18_option_off_leaves_him_out_and_the_config_unchanged() -> None:
    g = Game.new(["Brama", "Mist"], "Rageborne", seed=3, ruleset="oc")
    assert not any(k.startswith("xaxos") for k in g.state.tokens)
    assert "xaxos_outcast" not in g.state.config["ruleset"]


def test_K_18_option_refuses_a_value_that_is_not_a_bool() -> None:
    with pytest.raises(RulesetError, match="xaxos_outcast"):
        Game.new(["Brama", "Mist"], "Rageborne", seed=3, ruleset={"preset": "oc", "xaxos_outcast": 1})


def test_K_18_a_saved_charge_count_above_his_limit_is_refused() -> None:
    d = with_xaxos(two(player(hand=list(HOLD))), ["Obsidian Burst"], charges=9)
    with pytest.raises(StateFormatError, match="xaxos_charges"):
        main_of(d)


# ------------------------------------------------------------------ charges and his ability


def test_K_18_galvanized_sapphire_gives_him_the_charge_not_its_player() -> None:
    d = with_xaxos(two(player(hand=["Galvanized Sapphire", "Crystal"])), ["Obsidian Burst"], charges=2)
    g = main_of(d)
    choose(g, ("play", "Galvanized Sapphire"))
    waits_in_main(g)
    assert (g.state.players[0].aether, g.state.players[0].charges, g.state.tokens["xaxos_charges"]) == (2, 0, 3)


def test_K_18_the_eighth_charge_fires_his_ability_after_the_card_finishes() -> None:
    """Reconstituting Circuit: his charge, then its destroy; only then the ability (3 x 4 damage)."""
    d = with_xaxos(two(player(hand=["Reconstituting Circuit", "Spark", "Crystal"])),
                   ["Obsidian Burst", "Imbued Aura"], charges=7)
    g = main_of(d)
    choose(g, ("play", "Reconstituting Circuit"))
    assert g.decision is not None and g.state.nemesis.life == 70  # the destroy comes first
    choose(g, ("card", "Spark"))
    waits_in_main(g)
    st = g.state
    assert st.destroyed == ["Spark"] and st.nemesis.life == 70 - 12
    assert st.tokens["xaxos_charges"] == 0
    assert (xaxos.deck(st), xaxos.discard(st)) == (["Imbued Aura"], ["Obsidian Burst"])


def test_K_18_bottled_sun_stops_at_his_limit_and_an_empty_deck_is_reshuffled() -> None:
    d = with_xaxos(two(player(hand=["Bottled Sun", "Crystal"])), [], ("Obsidian Burst",), charges=6)
    g = main_of(d)
    choose(g, ("play", "Bottled Sun"))
    waits_in_main(g)
    st = g.state
    assert st.nemesis.life == 58 and st.tokens["xaxos_charges"] == 0
    assert (xaxos.deck(st), xaxos.discard(st)) == ([], ["Obsidian Burst"])
    assert [e["charges"] for e in g.events if e["event"] == "xaxos_charge"] == [8]


def test_K_18_infused_ignition_reads_his_charges() -> None:
    spell = spell_on(0, "Infused Ignition")
    g = casting(with_xaxos(two(player(hand=list(HOLD), breaches=spell)), ["Obsidian Burst"], charges=4))
    choose(g, ("cast", 0, 0))
    g2 = casting(with_xaxos(two(player(hand=list(HOLD), breaches=spell)), ["Obsidian Burst"], charges=5))
    choose(g2, ("cast", 0, 0))
    assert (g.state.tokens["xaxos_charges"], g2.state.tokens["xaxos_charges"]) == (5, 5)
    assert g.state.players[0].charges == 0


def test_K_18_damage_to_gravehold_is_his_life() -> None:
    d = with_xaxos(two(player(hand=list(HOLD))), ["Obsidian Burst"])
    g = run_steps(d, [["gravehold_damage", 5]])
    assert g.state.gravehold == 25


# ------------------------------------------------------------------ each ability card


def test_K_18_obsidian_burst_deals_4_three_times() -> None:
    g = ability("Obsidian Burst", two(player(hand=list(HOLD))))
    waits_in_main(g)
    assert g.state.nemesis.life == 58


def test_K_18_clarifying_light_opens_a_breach_and_gives_charges_and_life() -> None:
    g = ability("Clarifying Light", two(player(hand=list(HOLD), life=5)))
    choose(g, ("player", 0))
    choose(g, ("breach", 1))
    waits_in_main(g)
    p = g.state.players[0]
    assert (p.breaches[1].state, p.charges, p.life) == ("open", 2, 7)


def test_K_18_glowing_insight_draws_four_and_preps_to_a_closed_breach() -> None:
    g = ability("Glowing Insight", two(player(hand=list(HOLD), deck=["Spark", "Crystal", "Crystal", "Crystal"])))
    choose(g, ("player", 0))
    choose(g, ("prep", "Spark", 1))
    waits_in_main(g)
    p = g.state.players[0]
    assert (p.breaches[1].spells, sorted(p.hand), p.deck) == (["Spark"], ["Crystal"] * 4, [])


def test_K_18_crystalline_shield_takes_him_or_a_player_above_the_maximum() -> None:
    g = ability("Crystalline Shield", two(player(hand=list(HOLD))))
    choose(g, ("choose", 0))
    waits_in_main(g)
    g2 = ability("Crystalline Shield", two(player(hand=list(HOLD), life=9)))
    choose(g2, ("choose", 1))
    choose(g2, ("player", 0))
    waits_in_main(g2)
    assert (g.state.gravehold, g.state.gravehold_max, g2.state.players[0].life, g2.state.players[0].max_life) == (
        38, 38, 15, 15)
    assert Game.from_dict(g.to_dict()).state.gravehold == 38  # a save above 30 still loads


def test_K_18_shattered_rewind_shuffles_a_turn_card_back_or_draws_and_destroys() -> None:
    d = two(player(hand=list(HOLD), life=5), turn_order={"deck": ["N", "P2", "N"], "discard": ["P1", "P2", "P1"]})
    g = ability("Shattered Rewind", d)
    choose(g, ("choose", 0))
    choose(g, ("turn_card", "P1", 0))
    waits_in_main(g)
    assert (sorted(g.state.to_deck), g.state.to_discard, g.state.players[0].life) == (
        ["N", "N", "P1", "P2"], ["P2", "P1"], 7)
    g2 = ability("Shattered Rewind", two(player(hand=list(HOLD), deck=["Spark", "Spark"], discard=["Crystal"])))
    choose(g2, ("choose", 1))
    choose(g2, ("player", 0))
    choose(g2, ("card", "hand", "Spark"))
    choose(g2, ("card", "discard", "Crystal"))
    choose(g2, ("done",))
    waits_in_main(g2)
    p = g2.state.players[0]
    assert (sorted(p.hand), p.discard, sorted(g2.state.destroyed)) == (["Crystal", "Spark"], [], ["Crystal", "Spark"])


def test_K_18_imbued_aura_returns_discards_to_two_hands_or_gives_10_aether() -> None:
    g = ability("Imbued Aura", two(player(hand=list(HOLD), discard=["Spark", "Spark", "Crystal"]),
                                  player("Mist", hand=list(HOLD), discard=["Spark"])))
    choose(g, ("choose", 0))
    choose(g, ("player", 0))
    choose(g, ("card", "Spark"))
    choose(g, ("card", "Crystal"))
    choose(g, ("card", "Spark"))  # the other player is the only one left
    waits_in_main(g)
    ps = g.state.players
    assert (sorted(ps[0].hand), ps[0].discard, sorted(ps[1].hand)) == (
        ["Crystal", "Crystal", "Spark"], ["Spark"], ["Crystal", "Spark"])
    g2 = ability("Imbued Aura", two(player(hand=list(HOLD))))
    choose(g2, ("choose", 1))
    waits_in_main(g2)
    assert g2.state.players[0].aether == 10


def test_K_18_interceding_flare_discards_a_power_or_gives_two_spells() -> None:
    d = two(player(hand=list(HOLD)))
    d["nemesis"]["in_play"] = [power("Legion Beacon")]
    d["nemesis"]["deck"] = ["Slaughter", "Skewer"]
    g = ability("Interceding Flare", d)
    choose(g, ("choose", 0))
    waits_in_main(g)
    assert (g.state.nemesis.in_play, g.state.nemesis.discard) == ([], ["Legion Beacon"])
    g2 = ability("Interceding Flare", two(player(hand=list(HOLD))))
    choose(g2, ("choose", 1))
    choose(g2, ("player", 0))
    choose(g2, ("gain", "Paired Storm"))
    choose(g2, ("gain", "Arcane Relay"))
    waits_in_main(g2)
    assert sorted(g2.state.players[0].discard) == ["Arcane Relay", "Paired Storm"]


def test_K_18_twisting_flame_casts_keeping_the_spell_or_gives_two_gems_to_hand() -> None:
    g = ability("Twisting Flame", two(player(hand=list(HOLD), breaches=spell_on(0, "Spark"))))
    choose(g, ("choose", 0))
    for _ in range(3):
        choose(g, ("spell", 0, 0, 0))
        while g.decision is not None and g.decision.kind == "target":
            choose(g, ("target", "nemesis"))
    waits_in_main(g)
    assert g.state.players[0].breaches[0].spells == ["Spark"] and g.state.nemesis.life == 70 - 3
    g2 = ability("Twisting Flame", two(player(hand=list(HOLD))))
    choose(g2, ("choose", 1))
    choose(g2, ("player", 0))
    choose(g2, ("gain", "Unstable Pyrite"))
    choose(g2, ("gain", "Unstable Pyrite"))  # the other player is the only one left
    waits_in_main(g2)
    assert [p.hand.count("Unstable Pyrite") for p in g2.state.players] == [1, 1]


def test_K_18_fortifying_blaze_discards_a_minion_or_puts_two_relics_on_a_deck() -> None:
    d = two(player(hand=list(HOLD)))
    d["nemesis"]["in_play"] = [minion("Bane Sire")]
    d["nemesis"]["deck"] = ["Slaughter", "Skewer"]
    g = ability("Fortifying Blaze", d)
    choose(g, ("choose", 0))
    waits_in_main(g)
    assert (g.state.nemesis.in_play, g.state.nemesis.discard) == ([], ["Bane Sire"])
    g2 = ability("Fortifying Blaze", two(player(hand=list(HOLD), deck=["Crystal"])))
    choose(g2, ("choose", 1))
    choose(g2, ("player", 0))
    choose(g2, ("gain", "Rift Dagger"))
    choose(g2, ("gain", "Orb of the Deep"))
    waits_in_main(g2)
    assert g2.state.players[0].deck == ["Orb of the Deep", "Rift Dagger", "Crystal"]


def test_K_18_flickering_spirit_divides_10_among_minions_or_deals_15_to_the_nemesis() -> None:
    d = two(player(hand=list(HOLD)))
    d["nemesis"]["in_play"] = [minion("Bane Sire", 4)]
    g = ability("Flickering Spirit", d)
    choose(g, ("choose", 0))  # one minion: it takes all 10
    waits_in_main(g)
    assert g.state.nemesis.in_play == [] and g.state.nemesis.life == 70
    g2 = ability("Flickering Spirit", two(player(hand=list(HOLD))))
    choose(g2, ("choose", 1))
    waits_in_main(g2)
    assert g2.state.nemesis.life == 55


def test_K_18_divided_detonation_puts_nemesis_discards_back_on_the_deck() -> None:
    d = two(player(hand=list(HOLD)))
    d["nemesis"]["discard"] = ["Slaughter", "Skewer"]
    d["nemesis"]["deck"] = ["Bane Sire"]
    g = ability("Divided Detonation", d)
    choose(g, ("choose", 1))
    choose(g, ("card", "Skewer"))
    choose(g, ("card", "Slaughter"))
    waits_in_main(g)
    assert (g.state.nemesis.deck, g.state.nemesis.discard) == (["Slaughter", "Skewer", "Bane Sire"], [])


def test_K_18_divided_detonation_casts_prepped_spells_for_3_more() -> None:
    g = ability("Divided Detonation", two(player(hand=list(HOLD), breaches=spell_on(0, "Spark"))))
    choose(g, ("choose", 0))
    choose(g, ("spell", 0, 0, 0))
    while g.decision is not None and g.decision.kind == "target":
        choose(g, ("target", "nemesis"))
    waits_in_main(g)
    assert g.state.nemesis.life == 70 - 4 and g.state.players[0].discard == ["Spark"]


def test_K_18_quicken_cast_destroys_up_to_five_between_the_players() -> None:
    g = ability("Quicken Cast", two(player(hand=["Crystal", "Spark"]), player("Mist", hand=list(HOLD),
                                                                             discard=["Spark"])))
    choose(g, ("choose", 1))
    before = len([a for a in g.legal_actions() if a[0] != "done"])
    assert before >= 2
    choose(g, ("done",))
    waits_in_main(g)
    assert g.state.destroyed == []


def test_K_18_clairvoyant_conflagration_orders_the_decks_and_preps_ignoring_occupancy() -> None:
    d = two(player(hand=["Spark", "Spark", "Crystal"], breaches=spell_on(0, "Spark")),
            turn_order={"deck": ["P1", "N"], "discard": []})
    d["nemesis"]["deck"] = ["Slaughter", "Skewer", "Bane Sire", "Slaughter"]
    g = ability("Clairvoyant Conflagration", d)
    choose(g, ("order", "Bane Sire"))
    choose(g, ("order", "Skewer"))
    choose(g, ("card", "N"))
    choose(g, ("prep", "Spark", 0))
    choose(g, ("prep", "Spark", 0))
    while g.decision is not None and g.decision.kind == "prep":
        choose(g, ("done",))
    waits_in_main(g)
    st = g.state
    assert st.nemesis.deck == ["Bane Sire", "Skewer", "Slaughter", "Slaughter"] and st.to_deck == ["N", "P1"]
    assert st.players[0].breaches[0].spells == ["Spark", "Spark", "Spark"] and st.players[0].hand == ["Crystal"]


# ------------------------------------------------------------------ what the boards show


def test_K_18_a_view_hides_his_ability_deck_order_and_both_boards_show_him() -> None:
    from gravehold.terminal.render import nemesis_pane

    d = with_xaxos(two(player(hand=list(HOLD))), ["Obsidian Burst", "Imbued Aura"], ("Quicken Cast",), charges=3)
    d["gravehold"] = {"life": 24, "max_life": 30}
    g = main_of(d)
    v = g.view_for(0)
    assert {k: n for k, n in v["tokens"].items() if k.startswith("xaxos")} == {
        "xaxos_charges": 3, key("Obsidian Burst"): 0, key("Imbued Aura"): 0, key("Quicken Cast"): -1}
    shown = "life 24/30, 3/8 charges, ability deck 2, ability discard: Quicken Cast"
    assert shown in str(nemesis_pane(v, 1))
    assert xaxos._panel(v) is not None and shown in xaxos._panel(v)[1]


def test_K_18_without_him_no_board_shows_a_panel() -> None:
    g = main_of(two(player(hand=list(HOLD))))
    assert xaxos._panel(g.view_for(0)) is None


# ------------------------------------------------------------------ a player's charges given to him


def test_K_18_a_player_buying_a_charge_may_give_it_to_him() -> None:
    """The question after a bought charge is the step ``xaxos_offer``."""
    d = with_xaxos(two(player(hand=list(HOLD), aether=4)), ["Obsidian Burst"], charges=7)
    g = main_of(d)
    choose(g, ("charge",))
    assert g.decision is not None and g.decision.kind == "yes_no"
    choose(g, ("yes",))
    waits_in_main(g)
    st = g.state
    assert (st.players[0].charges, st.players[0].aether, st.tokens["xaxos_charges"]) == (0, 2, 0)
    assert st.nemesis.life == 58 and xaxos.discard(st) == ["Obsidian Burst"]


def test_K_18_a_player_who_keeps_the_charges_gains_them() -> None:
    g = ability("Clarifying Light", with_xaxos(two(player(hand=list(HOLD))), ["Obsidian Burst"], charges=1))
    choose(g, ("player", 0))
    choose(g, ("breach", 1))
    choose(g, ("no",))
    waits_in_main(g)
    assert (g.state.players[0].charges, g.state.tokens["xaxos_charges"]) == (2, 1)


def test_K_18_without_him_a_charge_is_gained_without_an_offer() -> None:
    g = main_of(two(player(hand=list(HOLD), aether=4)))
    choose(g, ("charge",))
    waits_in_main(g)
    assert g.state.players[0].charges == 1


def test_K_18_bots_give_him_only_the_charges_their_slots_cannot_hold() -> None:
    from gravehold.agents.heuristic import HeuristicAgent

    for have, answer in ((2, ("no",)), (3, ("yes",))):  # Clarifying Light's 2 charges, 4 slots
        d = with_xaxos(two(player(hand=list(HOLD), charges=have, max_charges=4)), ["Obsidian Burst"])
        g = ability("Clarifying Light", d)
        choose(g, ("player", 0))
        choose(g, ("breach", 1))
        dec = g.decision
        assert dec is not None and dec.kind == "yes_no"
        assert HeuristicAgent(0).choose(dec, lambda g=g: g.view_for(0)) == answer


def test_K_18_a_bots_sampled_world_deals_his_hidden_ability_deck_an_order() -> None:
    from gravehold.agents.worlds import World

    d = with_xaxos(two(player(hand=list(HOLD))), ["Obsidian Burst", "Imbued Aura", "Twisting Flame"], ("Quicken Cast",))
    g = main_of(d)
    s = World(g.view_for(0), g.decision).sample(random.Random(1))
    assert sorted(xaxos.deck(s)) == ["Imbued Aura", "Obsidian Burst", "Twisting Flame"]
    assert sorted(s.tokens[key(n)] for n in xaxos.deck(s)) == [0, 1, 2] and xaxos.discard(s) == ["Quicken Cast"]
