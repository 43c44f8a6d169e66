"""Behaviour of Legacy of Gravehold's supply cards of the city Gravehold: a test per card.

Each test writes a small state by hand (``support``), plays, casts or recalls the card
through the public game, answers its choices and reads back where everything went.
"""

from __future__ import annotations

import copy
from typing import Any

from gravehold import Game
from gravehold.boxes.legacy_of_gravehold import BOX, supply_gravehold
from gravehold.content import registry
from gravehold.content.text import card_text
from gravehold.engine import frames

from support import base_state, choose, closed, minion, player

OPEN: dict[str, Any] = {"state": "open"}
HOLD = ["Crystal"]  # a card left in hand keeps the main phase waiting

LOG_SUPPLY = [
    ["Darklite Sample", 7], ["Scrying Sugilite", 7], ["Aether Dust", 7],
    ["Electrum Rod", 5], ["Void Anchor", 5],
    ["Cascade", 5], ["Flamequake", 5], ["Evaporating Ray", 5], ["Volcanic Shrapnel", 5],
]


def two(p0: dict[str, Any], p1: dict[str, Any] | None = None, **kw: Any) -> dict[str, Any]:
    d = base_state([p0, p1 if p1 is not None else player("Mist", hand=list(HOLD))], **kw)
    if "supply" not in kw:
        d["supply"] = copy.deepcopy(LOG_SUPPLY)
    return d


def main_of(d: dict[str, Any], i: int = 0) -> Game:
    return Game.at(d, *frames.main_phase(i), *frames.draw_phase(i), active=i, phase="main", turn=1)


def casting(d: dict[str, Any], i: int = 0) -> Game:
    return Game.at(d, ("casting_phase", i), *frames.main_phase(i), *frames.draw_phase(i),
                   active=i, phase="casting", turn=1)


def asking(g: Game) -> str:
    """The step kind whose question is pending."""
    assert g.decision is not None
    return str(g.decision.resume[4][0])


def waits_in_main(g: Game, i: int = 0) -> None:
    assert g.decision is not None and (g.decision.kind, g.decision.player) == ("main", i), g.decision


def zones(g: Game, i: int) -> dict[str, Any]:
    p = g.state.players[i]
    return {"hand": p.hand, "deck": p.deck, "discard": p.discard, "played": p.played, "aether": p.aether,
            "charges": p.charges}


def hits(g: Game) -> list[int]:
    return [e["amount"] for e in g.events if e["event"] == "nemesis_damage"]


def spell_on(b: int, spell: str) -> list[dict[str, Any]]:
    brs: list[dict[str, Any]] = [dict(OPEN), closed(1), closed(0), closed(2)]
    brs[b] = {"state": "open", "spells": [spell]}
    return brs


def test_catalogue_box_log_holds_its_gravehold_supply_cards_with_their_city() -> None:
    ours = sorted(c.name for c in registry.supply_cards() if c.city == "Gravehold")
    assert ours == sorted(c.name for c in supply_gravehold.CARDS) and len(ours) == 21
    assert all(registry.CARDS[n].box == "LOG" for n in ours)
    assert BOX.counts["supply"] == 42 == len([c for c in registry.supply_cards() if c.box == "LOG"])
    assert registry.CARDS["Crystal"].city is None


# ================================================================== gems


def test_card_darklite_sample_puts_the_deck_on_the_discard_in_order() -> None:
    g = main_of(two(player(hand=["Darklite Sample", "Crystal"], deck=["Spark", "Cascade", "Crystal"],
                           discard=["Flamequake"])))
    choose(g, ("play", "Darklite Sample"))
    choose(g, ("yes",))
    waits_in_main(g)
    # the deck's top card (Spark) ends on top of the discard pile
    assert zones(g, 0) == {"hand": ["Crystal"], "deck": [], "discard": ["Flamequake", "Crystal", "Cascade", "Spark"],
                           "played": ["Darklite Sample"], "aether": 2, "charges": 0}


def test_card_darklite_sample_may_leave_the_deck() -> None:
    g = main_of(two(player(hand=["Darklite Sample", "Crystal"], deck=["Spark"])))
    choose(g, ("play", "Darklite Sample"))
    choose(g, ("no",))
    waits_in_main(g)
    assert zones(g, 0)["deck"] == ["Spark"] and zones(g, 0)["discard"] == [] and g.state.players[0].aether == 2


def test_card_scrying_sugilite_gains_one_more_over_a_spell_only() -> None:
    g = main_of(two(player(hand=["Scrying Sugilite", "Scrying Sugilite", "Crystal"], deck=["Spark", "Crystal"])))
    choose(g, ("play", "Scrying Sugilite"))
    waits_in_main(g)
    assert g.state.players[0].aether == 3 and g.state.players[0].deck == ["Spark", "Crystal"]
    g.state.players[0].deck.reverse()
    choose(g, ("play", "Scrying Sugilite"))
    waits_in_main(g)
    assert g.state.players[0].aether == 5
    assert [e["card"] for e in g.events if e["event"] == "revealed"] == ["Spark", "Crystal"]


def test_card_glint_splinter_recall_discards_a_prepped_spell_for_aether_and_a_gain_on_top() -> None:
    d = two(player(hand=list(HOLD), discard=["Glint Splinter"], breaches=spell_on(0, "Spark"), aether=3))
    g = main_of(d)
    choose(g, ("recall", "Glint Splinter"))
    choose(g, ("spell", 0, 0, 0))
    waits_in_main(g)
    me = g.state.players[0]
    assert me.aether == 4 and me.breaches[0].spells == [] and me.discard == ["Glint Splinter", "Spark"]
    assert g.state.flags.get("gain_to_deck") is True


def test_card_glint_splinter_plays_for_two() -> None:
    g = main_of(two(player(hand=["Glint Splinter", "Crystal"])))
    choose(g, ("play", "Glint Splinter"))
    waits_in_main(g)
    assert zones(g, 0)["aether"] == 2 and zones(g, 0)["played"] == ["Glint Splinter"]


def test_card_aether_dust_gives_each_ally_a_token() -> None:
    d = base_state([player(hand=["Aether Dust", "Crystal"]), player("Mist"), player("Adelheim")])
    d["supply"] = copy.deepcopy(LOG_SUPPLY)
    d["turn_order"] = {"deck": ["P1", "P2", "P3", "N"], "discard": []}
    g = main_of(d)
    choose(g, ("play", "Aether Dust"))
    waits_in_main(g)
    assert [(p.aether, p.aether_tokens) for p in g.state.players] == [(2, 0), (0, 1), (0, 1)]


# ================================================================== relics


def test_card_electrum_rod_focuses_a_players_breach_and_charges_for_a_costly_prepped_spell() -> None:
    ally = player("Mist", hand=list(HOLD), breaches=spell_on(0, "Flamequake"))
    g = main_of(two(player(hand=["Electrum Rod", "Crystal"]), ally))
    choose(g, ("play", "Electrum Rod"))
    assert ("skip",) in g.legal_actions() and ("breach", 1, 0) not in g.legal_actions()  # opened: no focus
    choose(g, ("breach", 1, 1))
    waits_in_main(g)
    assert g.state.players[1].breaches[1].stage == 2 and g.state.players[0].charges == 1


def test_card_electrum_rod_gives_no_charge_without_a_costly_prepped_spell() -> None:
    g = main_of(two(player(hand=["Electrum Rod", "Crystal"], breaches=spell_on(0, "Spark"))))
    choose(g, ("play", "Electrum Rod"))
    choose(g, ("breach", 0, 2))
    waits_in_main(g)
    assert g.state.players[0].breaches[2].stage == 1 and g.state.players[0].charges == 0


def test_card_chaos_charm_two_players_destroy_then_it_trades_itself_for_a_fire_token() -> None:
    d = two(player(hand=["Chaos Charm", "Crystal", "Spark"]), player("Mist", hand=["Spark", "Crystal"]))
    d["tokens"] = {"fire": 3}
    g = main_of(d)
    choose(g, ("play", "Chaos Charm"))
    choose(g, ("player", 1))
    assert g.decision is not None and g.decision.player == 1 and ("skip",) in g.legal_actions()
    choose(g, ("card", "Spark"))
    assert g.decision is not None and g.decision.player == 0  # the other of two players, asked at once
    choose(g, ("card", "Spark"))
    choose(g, ("yes",))
    waits_in_main(g)
    assert sorted(g.state.destroyed) == ["Chaos Charm", "Spark", "Spark"]
    assert g.state.tokens["fire"] == 2
    assert g.state.players[0].hand == ["Crystal"] and g.state.players[1].hand == ["Crystal"]


def test_card_void_anchor_silences_and_gives_an_ally_two_tokens_and_recalls_for_life() -> None:
    d = two(player(hand=["Void Anchor", "Crystal"], discard=["Void Anchor"]))
    d["nemesis"]["in_play"] = [minion("Bane Sire")]
    d["gravehold"] = {"life": 20, "max_life": 30}
    g = main_of(d)
    choose(g, ("play", "Void Anchor"))
    waits_in_main(g)  # the only minion, the only ally: nothing to choose
    assert g.state.nemesis.in_play[0].silenced is True
    assert [p.aether_tokens for p in g.state.players] == [0, 2]
    choose(g, ("recall", "Void Anchor"))
    waits_in_main(g)
    assert g.state.gravehold == 21


# ================================================================== spells


def test_card_evaporating_ray_deals_five_when_an_ally_discards_a_costly_card() -> None:
    ally = player("Mist", hand=["Crystal", "Cascade"])
    g = casting(two(player(hand=list(HOLD), breaches=spell_on(0, "Evaporating Ray")), ally))
    choose(g, ("cast", 0, 0))
    assert ("gem", 1, "Crystal") not in g.legal_actions()  # costs 0
    choose(g, ("gem", 1, "Cascade"))
    assert hits(g) == [5] and g.state.players[1].hand == ["Crystal"] and g.state.players[1].discard == ["Cascade"]


def test_card_evaporating_ray_deals_three_alone() -> None:
    g = casting(two(player(hand=list(HOLD), breaches=spell_on(0, "Evaporating Ray"))))
    choose(g, ("cast", 0, 0))
    assert hits(g) == [3]


def test_card_cascade_returns_a_card_costing_four_or_less() -> None:
    d = two(player(hand=list(HOLD), discard=["Flamequake", "Glint Splinter"], breaches=spell_on(0, "Cascade")))
    g = casting(d)
    choose(g, ("cast", 0, 0))
    assert ("card", "Flamequake") not in g.legal_actions()
    choose(g, ("card", "Glint Splinter"))
    assert hits(g) == [3]
    assert g.state.players[0].hand == ["Crystal", "Glint Splinter"]
    assert g.state.players[0].discard == ["Flamequake", "Cascade"]


def test_card_flamequake_deals_five_and_recalls_two_charges_for_a_fire_token() -> None:
    g = casting(two(player(hand=list(HOLD), breaches=spell_on(0, "Flamequake"))))
    choose(g, ("cast", 0, 0))
    assert hits(g) == [5]
    d = two(player(hand=list(HOLD), discard=["Flamequake"], charges=3))
    d["tokens"] = {"fire": 2}
    g = main_of(d)
    choose(g, ("recall", "Flamequake"))
    choose(g, ("yes",))
    waits_in_main(g)
    assert g.state.players[0].charges == 1 and g.state.tokens["fire"] == 1


def test_card_volcanic_shrapnel_deals_three_ones_and_returns_two_free_cards() -> None:
    d = two(player(hand=list(HOLD), discard=["Spark", "Crystal", "Cascade"], breaches=spell_on(0, "Volcanic Shrapnel")))
    g = casting(d)
    choose(g, ("cast", 0, 0))
    assert hits(g) == [1, 1, 1]
    assert ("card", "Cascade") not in g.legal_actions()
    choose(g, ("card", "Spark"))
    choose(g, ("card", "Crystal"))
    assert sorted(g.state.players[0].hand) == ["Crystal", "Crystal", "Spark"]
    assert g.state.players[0].discard == ["Cascade", "Volcanic Shrapnel"]


# ================================================================== gains that wait, and marks (K-9)


def test_card_cobalt_clump_silences_at_the_next_gain_costing_five_or_more() -> None:
    d = two(player(hand=["Cobalt Clump", "Crystal"], aether=6))
    d["nemesis"]["in_play"] = [minion("Bane Sire")]
    g = main_of(d)
    choose(g, ("play", "Cobalt Clump"))
    waits_in_main(g)
    choose(g, ("gain", "Darklite Sample"))  # costs 3: it keeps waiting
    assert g.state.nemesis.in_play[0].silenced is False
    choose(g, ("gain", "Aether Dust"))  # costs 5
    waits_in_main(g)
    assert g.state.nemesis.in_play[0].silenced is True
    assert zones(g, 0)["discard"] == ["Darklite Sample", "Aether Dust"] and zones(g, 0)["aether"] == 0
    assert "log_costly_gain" not in g.state.flags


def test_card_galactum_cache_is_boosted_by_a_gain_of_six_and_then_makes_an_ally_cycle() -> None:
    supply = [*LOG_SUPPLY[:8], ["Rainbow Surge", 5]]
    d = two(player(hand=["Galactum Cache", "Crystal"], aether=5), supply=supply)
    g = main_of(d)
    choose(g, ("play", "Galactum Cache"))
    waits_in_main(g)  # no boost mark yet: the ally draws nothing
    choose(g, ("gain", "Rainbow Surge"))
    waits_in_main(g)
    boosted = "Galactum Cache{boost}"
    assert zones(g, 0)["played"] == [boosted] and registry.CARDS[boosted].boosts == 1
    # the boosted copy, played again: the ally draws one, then discards one
    ally = player("Mist", hand=["Crystal"], deck=["Spark", "Cascade"])
    g = main_of(two(player(hand=[boosted, "Crystal"]), ally))
    choose(g, ("play", boosted))
    choose(g, ("card", "Crystal"))
    waits_in_main(g)
    assert g.state.players[1].hand == ["Spark"] and g.state.players[1].discard == ["Crystal"]
    assert g.state.players[1].deck == ["Cascade"] and g.state.players[0].aether == 2


def test_card_rainbow_surge_boosts_when_it_defeats_a_minion_and_heals_per_boost() -> None:
    d = two(player(hand=list(HOLD), breaches=spell_on(0, "Rainbow Surge"), life=5))
    d["nemesis"]["in_play"] = [minion("Bane Sire", 4)]
    g = casting(d)
    choose(g, ("cast", 0, 0))
    choose(g, ("target", "Bane Sire"))
    assert g.state.nemesis.in_play == [] and "Bane Sire" in g.state.nemesis.discard
    assert g.state.players[0].discard == ["Rainbow Surge{boost}"] and g.state.players[0].life == 5
    # cast again with its boost: 1 life; no minion: no second boost
    d = two(player(hand=list(HOLD), breaches=spell_on(0, "Rainbow Surge{boost}"), life=5))
    g = casting(d)
    choose(g, ("cast", 0, 0))
    assert hits(g) == [5] and g.state.players[0].life == 6
    assert g.state.players[0].discard == ["Rainbow Surge{boost}"]


def test_card_fractured_lightning_overheats_on_an_attack_and_its_third_overheat_unleashes() -> None:
    d = two(player(hand=list(HOLD), breaches=spell_on(0, "Fractured Lightning")))
    d["nemesis"]["deck"] = ["Slaughter", "Bane Sire"]
    g = casting(d)
    choose(g, ("cast", 0, 0))
    assert hits(g) == [5] and g.state.players[0].discard == ["Fractured Lightning{overheat}"]
    assert g.state.nemesis.deck == ["Slaughter", "Bane Sire"]  # revealed, left on top
    # a minion on top: no mark
    d["nemesis"]["deck"] = ["Bane Sire"]
    g = casting(d)
    choose(g, ("cast", 0, 0))
    assert g.state.players[0].discard == ["Fractured Lightning"]
    # the third overheat: destroyed, and the nemesis Unleashes
    twice = "Fractured Lightning{overheat,overheat}"
    d = two(player(hand=list(HOLD), breaches=spell_on(0, twice)))
    d["nemesis"]["deck"] = ["Slaughter"]
    g = casting(d)
    choose(g, ("cast", 0, 0))
    assert g.state.players[0].discard == []
    assert g.state.destroyed == ["Fractured Lightning{overheat,overheat,overheat}"]
    assert [e for e in g.events if e["event"] == "unleash"] == [{"event": "unleash", "turn": 1}]
    assert g.state.nemesis.tokens == {"fury": 2}  # Rageborne's Unleash: one more fury


# ================================================================== the bots


def test_bots_value_the_gravehold_cards_and_play_them_in_seeded_games() -> None:
    from gravehold.agents.knowledge import aether_of, damage_of
    from gravehold.agents.spending import PLAN, buy_value
    from gravehold.sim.run import play_out

    assert damage_of("Evaporating Ray") == 4.0 and damage_of("Rainbow Surge") == 5.0
    assert aether_of("Aether Dust") == 2.5
    assert all(buy_value(r) >= PLAN.min_buy for r in ("Electrum Rod", "Chaos Charm", "Void Anchor"))
    # markets turned round the written cards (3 gems, 2 relics, 4 spells each)
    by_type = {t: [c.name for c in supply_gravehold.CARDS if c.type == t] for t in ("gem", "relic", "spell")}
    shape = {"gem": 3, "relic": 2, "spell": 4}
    used: set[str] = set()
    for seed in range(16):
        market = [by_type[t][(seed + k) % len(by_type[t])] for t, n in shape.items() for k in range(n)]
        g = Game.new(["Brama", "Mist"], "Rageborne", market=market, seed=seed)
        play_out(g, "heuristic", seed)
        assert g.over
        used |= {str(e["card"]).split("{")[0] for e in g.events if e["event"] in ("play", "cast", "recall")}
    # every gem and spell worth its price to the generic rules, and the relics of the hints
    assert {"Darklite Sample", "Scrying Sugilite", "Glint Splinter", "Electrum Rod", "Void Anchor",
            "Evaporating Ray", "Cascade", "Flamequake", "Fractured Lightning"} <= used


# ================================================================== the steps a card pushes


def test_step_destroy_if_overheated_destroys_only_a_full_copy_and_unleashes() -> None:
    from support import run_steps

    full = "Fractured Lightning{overheat,overheat,overheat}"
    d = two(player(hand=list(HOLD), discard=["Fractured Lightning{overheat}", full]))
    g = run_steps(d, [("destroy_if_overheated",)], source=full)
    assert g.state.players[0].discard == ["Fractured Lightning{overheat}"] and g.state.destroyed == [full]
    assert g.state.nemesis.tokens == {"fury": 2}
    g = run_steps(two(player(hand=list(HOLD), discard=["Fractured Lightning{overheat}"])), [("destroy_if_overheated",)],
                  source="Fractured Lightning{overheat}")
    assert g.state.players[0].discard == ["Fractured Lightning{overheat}"] and g.state.destroyed == []


def test_step_boost_if_minion_discarded_compares_with_the_count_before() -> None:
    from support import run_steps

    d = two(player(hand=list(HOLD), discard=["Rainbow Surge"]))
    d["nemesis"]["discard"] = ["Bane Sire"]
    d["flags"] = {"log_minions_before:Rainbow Surge": 0}
    g = run_steps(d, [("boost_if_minion_discarded",)], source="Rainbow Surge")
    assert g.state.players[0].discard == ["Rainbow Surge{boost}"]
    assert "log_minions_before:Rainbow Surge" not in g.state.flags
    d["flags"] = {"log_minions_before:Rainbow Surge": 1}
    g = run_steps(d, [("boost_if_minion_discarded",)], source="Rainbow Surge")
    assert g.state.players[0].discard == ["Rainbow Surge"]


# ================================================================== from a hand in an ally's main phase


def test_card_echo_rune_gives_a_charge_and_is_discarded_in_an_allys_main_phase_for_their_aether() -> None:
    d = two(player(hand=["Echo Rune", "Crystal"]), player("Mist", hand=["Echo Rune", "Echo Rune", "Spark"]))
    g = main_of(d)
    choose(g, ("play", "Echo Rune"))
    choose(g, ("player", 1))
    assert g.state.players[1].charges == 1 and g.state.players[0].charges == 0
    # the ally's copies are offered once by name, in player 0's main phase; player 0's own is not
    assert [a for a in g.legal_actions() if a[0] == "ally_hand"] == [("ally_hand", 1, "Echo Rune")]
    choose(g, ("ally_hand", 1, "Echo Rune"))
    waits_in_main(g)
    assert zones(g, 1)["hand"] == ["Echo Rune", "Spark"] and zones(g, 1)["discard"] == ["Echo Rune"]
    assert g.state.players[0].aether == 1 and g.state.players[1].aether == 0
    assert g.state.destroyed == []


def test_card_grassblade_is_destroyed_from_an_allys_hand_and_they_draw_a_card() -> None:
    d = two(player(hand=list(HOLD)), player("Mist", hand=["Grassblade", "Spark"], deck=["Jade", "Spark"]))
    g = main_of(d)
    choose(g, ("ally_hand", 1, "Grassblade"))
    waits_in_main(g)
    assert g.state.destroyed == ["Grassblade"]
    assert zones(g, 1)["hand"] == ["Spark", "Jade"] and zones(g, 1)["deck"] == ["Spark"]
    assert zones(g, 0)["hand"] == HOLD and g.state.players[0].aether == 0
    assert ("ally_hand", 1, "Grassblade") not in g.legal_actions()
    text = card_text(registry.CARDS["Grassblade"])
    assert text.startswith("You may destroy this from your hand") and "any ally's main phase" in text


def test_bots_use_the_cards_from_an_allys_hand_in_seeded_games() -> None:
    from gravehold.sim.run import play_out

    market = ["Sunken Onyx", "Frozen Light", "Voidsteel Vein", "Echo Rune", "Void Anchor",
              "Grassblade", "Temporal Strike", "Cascade", "Flamequake"]
    used: set[str] = set()
    for seed in range(8):
        g = Game.new(["Brama", "Mist", "Rhia"], "Rageborne", market=market, seed=seed)
        play_out(g, "heuristic", seed)
        assert g.over
        # a card leaving a hand by its own rule names itself as the source
        used |= {str(e["source"]) for e in g.events if e["event"] in ("discard", "destroyed")
                 and e.get("source") == e.get("card") and e.get("zone") == "hand"}
    assert {"Echo Rune", "Frozen Light", "Voidsteel Vein", "Grassblade", "Sunken Onyx"} <= used


# ================================================================== back to hand instead of leaving


def test_card_shattered_rupix_its_owner_keeps_it_from_another_cards_destruction() -> None:
    d = two(player(hand=["Chaos Charm", "Crystal", "Spark"]), player("Mist", hand=["Shattered Rupix", "Crystal"]))
    g = main_of(d)
    choose(g, ("play", "Chaos Charm"))
    choose(g, ("player", 1))
    choose(g, ("card", "Shattered Rupix"))
    assert g.decision is not None and (g.decision.kind, g.decision.player) == ("yes_no", 1)
    assert g.state.players[1].hand == ["Shattered Rupix", "Crystal"]  # it lies where it was while asked
    choose(g, ("yes",))
    choose(g, ("card", "Spark"))  # player 0, the other of the two
    choose(g, ("no",))  # Chaos Charm stays
    waits_in_main(g)
    assert g.state.destroyed == ["Spark"]
    assert g.state.players[1].hand == ["Crystal", "Shattered Rupix"] and g.state.players[1].discard == []


def test_card_shattered_rupix_declined_is_destroyed_as_the_effect_says() -> None:
    d = two(player(hand=["Chaos Charm", "Crystal"]), player("Mist", hand=["Shattered Rupix", "Crystal"]))
    g = main_of(d)
    choose(g, ("play", "Chaos Charm"))
    choose(g, ("player", 1))
    choose(g, ("card", "Shattered Rupix"))
    choose(g, ("no",))
    choose(g, ("skip",))  # player 0 destroys nothing
    choose(g, ("no",))  # Chaos Charm stays
    waits_in_main(g)
    assert g.state.destroyed == ["Shattered Rupix"] and g.state.players[1].hand == ["Crystal"]


def test_card_crystal_carapace_leaves_a_breach_for_the_hand_and_may_be_prepped_again() -> None:
    d = two(player(hand=list(HOLD), discard=["Glint Splinter"], breaches=spell_on(0, "Crystal Carapace")))
    g = main_of(d)
    choose(g, ("recall", "Glint Splinter"))
    choose(g, ("spell", 0, 0, 0))
    assert g.decision is not None and (g.decision.kind, g.decision.player) == ("yes_no", 0)
    assert asking(g) == "keep_self" and g.state.players[0].breaches[0].spells == ["Crystal Carapace"]
    choose(g, ("yes",))
    assert g.state.players[0].hand == ["Crystal", "Crystal Carapace"]
    assert asking(g) == "may_reprep"
    choose(g, ("yes",))  # prep it again, to the breach it left
    waits_in_main(g)
    assert g.state.players[0].breaches[0].spells == ["Crystal Carapace"]
    assert g.state.players[0].hand == ["Crystal"] and g.state.players[0].discard == ["Glint Splinter"]


def test_card_sunken_onyx_its_holder_discards_it_after_an_allys_focus_and_the_breach_turns_again() -> None:
    d = two(player(hand=list(HOLD), aether=3), player("Mist", hand=["Sunken Onyx", "Crystal"]))
    g = main_of(d)
    before = g.state.players[0].breaches[1].stage
    choose(g, ("focus", 1))
    assert g.decision is not None and (g.decision.kind, g.decision.player) == ("yes_no", 1)
    assert asking(g) == "ally_may_discard_to_refocus"
    choose(g, ("yes",))
    waits_in_main(g)
    assert g.state.players[0].breaches[1].stage == before + 2
    assert zones(g, 1)["hand"] == ["Crystal"] and zones(g, 1)["discard"] == ["Sunken Onyx"]
    # declined: one quarter turn only, the card kept
    d = two(player(hand=list(HOLD), aether=3), player("Mist", hand=["Sunken Onyx", "Crystal"]))
    g = main_of(d)
    choose(g, ("focus", 1))
    choose(g, ("no",))
    assert g.state.players[0].breaches[1].stage == before + 1 and zones(g, 1)["hand"] == ["Sunken Onyx", "Crystal"]


# ================================================================== Quicksilver Bolt


def test_card_quicksilver_bolt_prepped_in_your_own_main_phase_is_boosted_on_its_breach() -> None:
    d = two(player(hand=["Quicksilver Bolt", "Crystal"], breaches=[dict(OPEN), closed(1), closed(0), closed(2)]))
    g = main_of(d)
    choose(g, ("prep", "Quicksilver Bolt", 0))
    waits_in_main(g)
    assert g.state.players[0].breaches[0].spells == ["Quicksilver Bolt{boost}"]
    assert g.state.players[0].hand == ["Crystal"]


def test_card_quicksilver_bolt_is_prepped_from_an_allys_hand_in_your_main_phase_without_a_boost() -> None:
    d = two(player(hand=list(HOLD)), player("Mist", hand=["Quicksilver Bolt", "Crystal"],
                                             breaches=[dict(OPEN), closed(1), {"state": "open"}, closed(2)]))
    g = main_of(d)
    choose(g, ("ally_hand", 1, "Quicksilver Bolt"))
    assert g.decision is not None and (g.decision.kind, g.decision.player) == ("breach", 1)
    assert asking(g) == "prep_to_opened"
    assert g.legal_actions() == [("breach", 0), ("breach", 2)]  # opened breaches only
    choose(g, ("breach", 2))
    waits_in_main(g)
    assert g.state.players[1].breaches[2].spells == ["Quicksilver Bolt"]
    assert g.state.players[1].hand == ["Crystal"] and g.state.players[1].discard == []


def test_card_quicksilver_bolt_fully_boosted_deals_one_more() -> None:
    full = "Quicksilver Bolt{boost,boost,boost}"
    g = casting(two(player(hand=list(HOLD), breaches=spell_on(0, full))))
    choose(g, ("cast", 0, 0))
    assert hits(g) == [3 + 1] and g.state.players[0].discard == [full]
    g = casting(two(player(hand=list(HOLD), breaches=spell_on(0, "Quicksilver Bolt{boost,boost}"))))
    choose(g, ("cast", 0, 0))
    assert hits(g) == [3]
