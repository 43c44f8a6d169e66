"""Behaviour of The New Age mages, their unique starting cards and unique breaches (K-13).

One or more tests per unique card (``test_card_<name>_...``) and per mage
(``test_mage_<name>_...``), each from a small exact state: act, make the choices, check
where everything ended up. Then the setups (hands, decks, breaches, the Forged deck), the
catalogue, and whole bot games with these mages against Aeon's End and War Eternal
nemeses.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from gravehold import Game
from gravehold.agents import make_agent
from gravehold.boxes.new_age import mages as na
from gravehold.content import registry
from gravehold.content.text import ability_text, card_text
from gravehold.engine.game import card_census
from gravehold.testing.conformance import _check_one_game

from support import at_casting, at_main, at_player_turn, base_state, choose, closed, player, run_steps

HOLD = ["Crystal"]  # a card left in hand keeps the main phase waiting for a choice
OPEN: dict[str, Any] = {"state": "open"}


def two(p0: dict[str, Any], p1: dict[str, Any] | None = None, **kw: Any) -> dict[str, Any]:
    return base_state([p0, p1 if p1 is not None else player("Brama", hand=list(HOLD))], **kw)


def waits_in_main(g: Game, i: int = 0) -> None:
    assert g.decision is not None and g.decision.kind == "main" and g.decision.player == i


def supply(g: Game, name: str) -> int:
    return g.state.supply_counts[g.state.supply_names.index(name)]


def cast_from(mage: str, b: int, spell: str, breaches: list[dict[str, Any]], **kw: Any) -> Game:
    brs = copy.deepcopy(breaches)
    brs[b]["spells"] = [spell]
    return at_casting(two(player(mage, hand=list(HOLD), breaches=brs, **kw)))


# ============================================================== Sahala


def test_card_sparkling_meteorite_one_aether_branch() -> None:
    g = at_main(two(player("Sahala", hand=["Sparkling Meteorite", "Crystal"], max_charges=4)))
    choose(g, ("play", "Sparkling Meteorite"))
    choose(g, ("choose", 0))
    waits_in_main(g)
    assert g.state.players[0].aether == 1 and g.state.players[0].aether_for == {}


def test_card_sparkling_meteorite_three_aether_only_for_breaches_K_11() -> None:
    me = player("Sahala", hand=["Sparkling Meteorite", "Crystal"], max_charges=4,
                breaches=[OPEN, closed(2), closed(0), closed(0)])
    g = at_main(two(me))
    choose(g, ("play", "Sparkling Meteorite"))
    choose(g, ("choose", 1))
    waits_in_main(g)
    p = g.state.players[0]
    assert (p.aether, p.aether_for) == (0, {"breach": 3})
    acts = g.legal_actions()
    assert {a for a in acts if a[0] in ("focus", "open")} == {("focus", 1), ("focus", 2), ("open", 1)}
    assert not any(a[0] in ("gain", "charge") for a in acts)  # never a card or a charge
    choose(g, ("focus", 2))  # 3 Æ: breach III's focus
    assert p.aether_for == {} and g.state.players[0].breaches[2].stage == 1
    assert not any(a[0] in ("focus", "open") for a in g.legal_actions())


def test_mage_sahala_star_bind_reveals_takes_a_spell_and_preps_two_to_the_celestial_breach_P_13() -> None:
    me = player("Sahala", hand=["Spark", "Jagged Lightning", "Crystal"], charges=4, max_charges=4,
                deck=["Crystal", "Fiery Torrent", "Scoria Slag", "Crystal"],
                breaches=[OPEN, closed(2), closed(0), closed(0)])
    g = at_main(two(me))
    choose(g, ("ability", 0))
    # one spell revealed: it goes to hand at once; the other two are ordered
    assert g.decision is not None and g.decision.kind == "order"
    choose(g, ("card", "Scoria Slag"))
    p = g.state.players[0]
    assert p.deck == ["Scoria Slag", "Crystal", "Crystal"] and "Fiery Torrent" in p.hand
    assert g.decision.kind == "prep"
    choose(g, ("prep", "Fiery Torrent", 3))
    choose(g, ("prep", "Spark", 3))  # two spells share the closed Celestial Breach
    waits_in_main(g)
    assert p.breaches[3].spells == ["Fiery Torrent", "Spark"] and p.hand == ["Jagged Lightning", "Crystal"]
    assert p.charges == 0


def test_mage_sahala_star_bind_in_the_casting_phase_then_casts_the_new_spells_P_1_P_10() -> None:
    me = player("Sahala", hand=["Spark"], charges=4, max_charges=4, deck=["Crystal", "Crystal", "Crystal"],
                breaches=[OPEN, closed(2), closed(0), {"state": "open"}])
    g = at_player_turn(two(me))  # nothing prepped: the casting phase is still offered for the ability
    assert g.decision is not None and g.decision.kind == "casting"
    assert g.legal_actions() == [("ability", 0), ("end_casting",)]
    choose(g, ("ability", 0))  # no spell revealed: the Crystals stay; Spark goes to the Celestial Breach
    choose(g, ("prep", "Spark", 3))
    assert g.decision.kind == "casting" and ("cast", 3, 0) in g.legal_actions()
    choose(g, ("cast", 3, 0))
    # opened Celestial Breach: 1 + 2, not the standard breach IV's 1 as well (K-13)
    assert g.state.nemesis.life == 67
    assert g.state.players[0].hand == ["Crystal", "Crystal", "Crystal", "Spark"]  # the turn went on to the draw


def test_mage_sahala_star_bind_preps_nothing_when_the_celestial_breach_holds_a_spell() -> None:
    me = player("Sahala", hand=["Spark", "Crystal"], charges=4, max_charges=4, deck=["Spark", "Crystal"],
                discard=["Fiery Torrent"],
                breaches=[OPEN, closed(2), closed(0), {"state": "open", "spells": ["Spark"]}])
    g = at_main(two(me))
    choose(g, ("ability", 0))  # two in the deck: the discard turns over beneath them (P-16)
    p = g.state.players[0]
    assert g.decision.kind == "to_hand"
    choose(g, ("card", "Fiery Torrent"))
    assert g.decision.kind == "order"
    choose(g, ("card", "Crystal"))
    waits_in_main(g)
    assert p.deck == ["Crystal", "Spark"] and p.discard == [] and p.breaches[3].spells == ["Spark"]
    assert sorted(p.hand) == ["Crystal", "Fiery Torrent", "Spark"]


def test_K_13_celestial_breach_closed_adds_nothing() -> None:
    g = cast_from("Sahala", 3, "Spark", [OPEN, closed(2), closed(0), closed(0)], max_charges=4)
    waits_in_main(g)  # a spell on a closed breach must be cast: the one option is taken at once (P-1)
    assert g.state.nemesis.life == 69 and g.state.players[0].discard == ["Spark"]


# ============================================================== Gygar


def test_card_tidal_surge_gains_a_charge_and_takes_the_breach_bonus_as_damage_P_3() -> None:
    g = cast_from("Gygar", 2, "Tidal Surge", [OPEN, OPEN, OPEN, closed(1)], charges=1)
    choose(g, ("cast", 2, 0))
    assert g.state.players[0].charges == 2 and g.state.nemesis.life == 69  # breach III's +1 as its own source


def test_mage_gygar_high_tide_places_surge_tokens_up_to_ten_K_13() -> None:
    g = at_main(two(player("Gygar", hand=list(HOLD), charges=5, tokens={"surge": 9})))
    choose(g, ("ability", 0))  # no spell on the Ancient Breach: the surge branch is taken at once (P-7)
    waits_in_main(g)
    p = g.state.players[0]
    assert p.tokens == {"surge": 10} and p.charges == 0
    g = at_main(two(player("Gygar", hand=list(HOLD), charges=5, tokens={"surge": 10})))
    choose(g, ("ability", 0))
    assert g.decision.kind == "or" and g.legal_actions() == [("choose", 0), ("choose", 1)]  # neither resolves


def test_mage_gygar_high_tide_casts_the_ancient_breach_spell_with_surge_damage_and_gains_two_charges() -> None:
    me = player("Gygar", hand=list(HOLD), charges=5, tokens={"surge": 3},
                breaches=[{"state": "open", "spells": ["Spark"]}, OPEN, closed(1), closed(1)])
    g = at_main(two(me))
    choose(g, ("ability", 0))
    choose(g, ("choose", 1))
    waits_in_main(g)
    p = g.state.players[0]
    assert g.state.nemesis.life == 66 and p.charges == 2 and p.discard == ["Spark"] and p.breaches[0].spells == []


def test_K_13_ancient_breach_surge_bonus_raises_every_source_P_20() -> None:
    from gravehold.content.model import CardDef

    from support import registered

    twice = CardDef("Test Twin Bolt", "spell", 0, "NA", cast=(("damage", 1), ("damage", 1)))
    with registered(twice):
        g = cast_from("Gygar", 0, "Test Twin Bolt", [OPEN, OPEN, closed(1), closed(1)], tokens={"surge": 2})
        choose(g, ("cast", 0, 0))
        assert g.state.nemesis.life == 64  # two sources, each 1 + 2 surge


# ============================================================== Soskel


def test_card_lucky_coin_may_trade_a_charge_for_two_aether_K_15() -> None:
    g = at_main(two(player("Soskel", hand=["Lucky Coin", "Crystal"], charges=2, max_charges=4)))
    choose(g, ("play", "Lucky Coin"))
    assert g.decision.kind == "yes_no"
    choose(g, ("yes",))
    waits_in_main(g)
    assert (g.state.players[0].aether, g.state.players[0].charges) == (3, 1)


def test_card_lucky_coin_declined_or_without_charges_gives_one() -> None:
    g = at_main(two(player("Soskel", hand=["Lucky Coin", "Crystal"], charges=1, max_charges=4)))
    choose(g, ("play", "Lucky Coin"))
    choose(g, ("no",))
    assert (g.state.players[0].aether, g.state.players[0].charges) == (1, 1)
    g = at_main(two(player("Soskel", hand=["Lucky Coin", "Crystal"], max_charges=4)))
    choose(g, ("play", "Lucky Coin"))
    waits_in_main(g)  # nothing asked
    assert g.state.players[0].aether == 1


def test_mage_soskel_energized_sigil_places_a_token_on_an_allys_breach_and_its_caster_gains_a_charge() -> None:
    ally = player("Brama", hand=list(HOLD), breaches=[{"state": "open", "spells": ["Spark"]}, closed(1),
                                                      closed(0), closed(2)])
    g = at_main(two(player("Soskel", hand=list(HOLD), charges=4, max_charges=4), ally))
    choose(g, ("ability", 0))  # no token anywhere: only the placing branch resolves (P-7)
    assert ("breach", 1, 0) in g.legal_actions() and g.decision.kind == "breach"
    choose(g, ("breach", 1, 0))
    waits_in_main(g)
    assert g.state.players[1].tokens == {"energize_I": 1}
    # the ally casts from that breach: the ally (the caster) gains 1 charge
    g2 = at_casting(two(player("Soskel", hand=list(HOLD), max_charges=4), g.to_dict()["players"][1]), i=1)
    choose(g2, ("cast", 0, 0))
    assert g2.state.players[1].charges == 1 and g2.state.nemesis.life == 69


def test_mage_soskel_energized_sigil_discards_a_token_and_heals_that_player() -> None:
    ally = player("Brama", hand=list(HOLD), life=3, tokens={"energize_II": 1})
    g = at_main(two(player("Soskel", hand=list(HOLD), charges=4, max_charges=4), ally))
    choose(g, ("ability", 0))
    choose(g, ("choose", 1))
    waits_in_main(g)  # one token: taken at once
    assert g.state.players[1].tokens == {} and g.state.players[1].life == 7


def test_K_13_energize_token_gives_a_charge_per_resolution_of_an_echo_spell_P_5() -> None:
    from gravehold.content.model import CardDef

    from support import registered

    echo = CardDef("Test Echo Bolt", "spell", 0, "NA", cast=(("damage", 1),), echo=True)
    with registered(echo):
        g = cast_from("Soskel", 0, "Test Echo Bolt", [OPEN, closed(1), closed(0), closed(0)], max_charges=4,
                      tokens={"energize_I": 1})
        choose(g, ("cast", 0, 0))
        assert g.state.players[0].charges == 2 and g.state.nemesis.life == 68


# ============================================================== Taqren


def test_card_gift_of_spirit_deals_one_or_lets_an_ally_draw() -> None:
    g = cast_from("Taqren", 0, "Gift of Spirit", [OPEN, closed(1), closed(0), closed(1)], max_charges=4)
    choose(g, ("cast", 0, 0))
    choose(g, ("choose", 0))
    assert g.state.nemesis.life == 69
    d = two(player("Taqren", hand=list(HOLD), max_charges=4,
                   breaches=[{"state": "open", "spells": ["Gift of Spirit"]}, closed(1), closed(0), closed(1)]),
            player("Brama", hand=[], deck=["Spark", "Crystal"]))
    g = at_casting(d)
    choose(g, ("cast", 0, 0))
    choose(g, ("choose", 1))
    waits_in_main(g)
    assert g.state.players[1].hand == ["Spark"] and g.state.nemesis.life == 70


def test_mage_taqren_breach_siphon_focuses_then_heals_per_opened_breach() -> None:
    me = player("Taqren", hand=list(HOLD), charges=4, max_charges=4, breaches=[OPEN, closed(3), closed(0), closed(1)])
    ally = player("Brama", hand=list(HOLD), life=4)
    g = at_main(two(me, ally))
    choose(g, ("ability", 0))
    choose(g, ("breach", 0, 1))  # breach II at its last stage opens (P-11, NA)
    choose(g, ("player", 1))
    waits_in_main(g)
    assert g.state.players[0].breaches[1].state == "open" and g.state.players[1].life == 6


def test_K_13_defender_breach_opened_heals_gravehold_without_the_standard_bonus() -> None:
    d = two(player("Taqren", hand=list(HOLD), max_charges=4,
                   breaches=[OPEN, closed(1), closed(0), {"state": "open", "spells": ["Spark"]}]),
            gravehold={"life": 20, "max_life": 30})
    g = at_casting(d)
    choose(g, ("cast", 3, 0))
    assert g.state.nemesis.life == 69 and g.state.gravehold == 21


# ============================================================== Talix


def test_card_furnacium_discards_spells_for_aether_and_may_go_on_top_of_the_deck() -> None:
    me = player("Talix", hand=["Furnacium", "Spark", "Spark", "Jagged Lightning", "Crystal"], deck=["Crystal"])
    g = at_main(two(me))
    choose(g, ("play", "Furnacium"))
    choose(g, ("card", "Spark"))
    choose(g, ("card", "Spark"))
    choose(g, ("done",))
    choose(g, ("yes",))
    waits_in_main(g)
    p = g.state.players[0]
    assert (p.aether, p.hand, p.discard, p.played, p.deck) == (
        3, ["Jagged Lightning", "Crystal"], ["Spark", "Spark"], [], ["Furnacium", "Crystal"])


def test_mage_talix_soaring_ash_destroys_two_sparks_and_shuffles_his_turn_card_back_T_1() -> None:
    me = player("Talix", hand=["Spark", "Forged Spark", "Crystal"], charges=5)
    d = two(me, turn_order={"deck": ["N", "P2", "N"], "discard": ["P1", "P2", "P1"]})
    g = at_main(d)
    choose(g, ("ability", 0))
    choose(g, ("choose", 0))
    choose(g, ("card", "Forged Spark"))
    waits_in_main(g)  # the other Spark is taken at once
    st = g.state
    assert st.players[0].hand == ["Crystal"] and sorted(st.destroyed) == ["Forged Spark", "Spark"]
    assert st.to_discard == ["P1", "P2"] and sorted(st.to_deck) == ["N", "N", "P1", "P2"]


def test_mage_talix_soaring_ash_gravehold_branch_when_sparks_are_short() -> None:
    g = at_main(two(player("Talix", hand=["Spark", "Crystal"], charges=5), gravehold={"life": 20, "max_life": 30}))
    choose(g, ("ability", 0))
    waits_in_main(g)  # only the Gravehold branch resolves fully: taken at once (P-7)
    assert g.state.gravehold == 25 and g.state.players[0].hand == ["Spark", "Crystal"]


def test_mage_talix_your_turn_card_reading() -> None:
    st = Game.from_dict(two(player("Talix"))).state
    st.to_discard = ["P1", "W", "N"]
    from gravehold.engine.turn import own_turn_card  # the engine's reading, Refined Breach's too

    assert own_turn_card(st, 0) == 0 and own_turn_card(st, 1) is None
    st.to_discard = ["P2", "W"]
    assert own_turn_card(st, 0) == 1  # the wild card on top gave this turn


# ============================================================== Rhia


def test_card_planar_pocket_aether_for_relics_K_11() -> None:
    g = at_main(two(player("Rhia", hand=["Planar Pocket", "Crystal"], max_charges=4)))
    choose(g, ("play", "Planar Pocket"))
    waits_in_main(g)
    gains = {a[1] for a in g.legal_actions() if a[0] == "gain"}
    assert gains == {"Mage's Totem"}  # 1 general + 2 relic-only: a 2-cost relic, no 3-cost gem
    assert ("charge",) not in g.legal_actions()


def test_mage_rhia_sublimate_returns_a_card_and_takes_one_up_to_two_more_into_hand() -> None:
    me = player("Rhia", hand=["Crystal"], discard=["Frozen Magmite"], charges=4, max_charges=4)
    g = at_main(two(me))
    choose(g, ("ability", 0))  # the Crystal has no pile: the Magmite is the one card offered, taken at once
    assert g.decision.kind == "gain" and supply(g, "Frozen Magmite") == 8
    gains = {a[1] for a in g.legal_actions()}
    assert gains == {"Frozen Magmite", "Scoria Slag", "Erratic Ingot", "Mage's Totem", "Primordial Fetish",
                     "Jagged Lightning", "Fiery Torrent"}  # cost 3 + 2
    choose(g, ("gain", "Erratic Ingot"))
    waits_in_main(g)
    p = g.state.players[0]
    assert p.hand == ["Crystal", "Erratic Ingot"] and p.discard == []
    assert supply(g, "Frozen Magmite") == 8 and supply(g, "Erratic Ingot") == 6


def test_mage_rhia_sublimate_a_relic_allows_three_more() -> None:
    me = player("Rhia", hand=["Mage's Totem", "Crystal"], charges=4, max_charges=4)
    g = at_main(two(me))
    choose(g, ("ability", 0))  # the relic is the one returnable card
    assert supply(g, "Mage's Totem") == 6
    assert ("gain", "Fiery Torrent") in g.legal_actions() and ("gain", "Conjure the Lost") not in g.legal_actions()
    choose(g, ("gain", "Erratic Ingot"))
    assert g.state.players[0].hand == ["Crystal", "Erratic Ingot"]


# ============================================================== Claudia


def test_card_aetherscope_an_ally_loses_a_charge_and_claudia_gains_two() -> None:
    ally = player("Brama", hand=list(HOLD), charges=3)
    g = at_main(two(player("Claudia", hand=["Aetherscope", "Crystal"], charges=1), ally))
    choose(g, ("play", "Aetherscope"))
    choose(g, ("choose", 1))
    choose(g, ("player", 1))
    waits_in_main(g)
    assert [p.charges for p in g.state.players] == [3, 2] and g.state.players[0].aether == 0


def test_card_aetherscope_without_an_ally_charge_gives_one_aether_P_7() -> None:
    g = at_main(two(player("Claudia", hand=["Aetherscope", "Crystal"])))
    choose(g, ("play", "Aetherscope"))
    waits_in_main(g)
    assert g.state.players[0].aether == 1


def test_mage_claudia_aeplosion_only_in_an_allys_main_phase_P_10() -> None:
    g = at_main(two(player("Claudia", hand=list(HOLD), charges=5)))
    assert ("ability", 0) not in g.legal_actions()
    g = at_main(two(player("Claudia", hand=list(HOLD), charges=5), player("Brama", hand=list(HOLD))), i=1)
    assert ("ability", 0) in g.legal_actions()
    choose(g, ("ability", 0))
    choose(g, ("choose", 1))
    waits_in_main(g, 1)
    assert g.state.players[1].aether == 5 and g.state.players[0].charges == 0


def test_mage_claudia_aeplosion_copies_the_allys_next_supply_gain() -> None:
    g = at_main(two(player("Claudia", hand=list(HOLD), charges=5), player("Brama", hand=list(HOLD), aether=5)), i=1)
    choose(g, ("ability", 0))
    choose(g, ("choose", 0))
    choose(g, ("gain", "Primordial Fetish"))
    assert g.state.players[1].discard == ["Primordial Fetish"] and g.state.players[0].discard == ["Primordial Fetish"]
    assert supply(g, "Primordial Fetish") == 3 and "copy_gain" not in g.state.flags
    choose(g, ("gain", "Frozen Magmite"))  # only the next gain is copied
    assert g.state.players[0].discard == ["Primordial Fetish"]


def test_mage_claudia_aeplosion_in_true_solo_is_her_own_SO_1() -> None:
    g = at_main(base_state([player("Claudia", hand=list(HOLD), charges=5)],
                           turn_order={"deck": ["P1", "N"], "discard": []}))
    assert ("ability", 0) in g.legal_actions()


# ============================================================== Lost


def _lost(**kw: Any) -> dict[str, Any]:
    kw.setdefault("set_aside", ["Forged Crystal"] * 5 + ["Forged Spark"] * 4)
    return player("Lost", **kw)


def test_card_heart_forge_destroys_a_crystal_and_takes_a_forged_crystal_into_hand() -> None:
    g = at_main(two(_lost(hand=["Heart Forge", "Crystal", "Spark"])))
    choose(g, ("play", "Heart Forge"))
    choose(g, ("choose", 1))
    choose(g, ("card", "Crystal"))
    waits_in_main(g)
    p = g.state.players[0]
    assert p.hand == ["Spark", "Forged Crystal"] and g.state.destroyed == ["Crystal"]
    assert p.set_aside.count("Forged Crystal") == 4 and p.set_aside.count("Forged Spark") == 4
    choose(g, ("play", "Forged Crystal"))
    assert p.aether == 2


def test_card_heart_forge_empty_kind_offers_only_the_other_and_forged_ones_count() -> None:
    g = at_main(two(_lost(hand=["Heart Forge", "Crystal", "Forged Spark"], set_aside=["Forged Spark"])))
    choose(g, ("play", "Heart Forge"))
    choose(g, ("choose", 1))
    waits_in_main(g)  # no Forged Crystal left: the Forged Spark is the only choice, taken at once
    p = g.state.players[0]
    assert p.hand == ["Crystal", "Forged Spark"] and p.set_aside == [] and g.state.destroyed == ["Forged Spark"]


def test_card_forged_crystal_gains_two_aether() -> None:
    g = at_main(two(_lost(hand=["Forged Crystal", "Crystal"])))
    choose(g, ("play", "Forged Crystal"))
    assert g.state.players[0].aether == 2


def test_card_forged_spark_deals_two_damage() -> None:
    g = cast_from("Lost", 0, "Forged Spark", [OPEN, closed(2), closed(0), closed(0)])
    choose(g, ("cast", 0, 0))
    assert g.state.nemesis.life == 68


def test_mage_lost_meeks_might_returns_up_to_four_zero_cost_cards() -> None:
    me = player("Lost", hand=list(HOLD), charges=5, discard=["Crystal", "Frozen Magmite", "Spark", "Heart Forge",
                                                               "Crystal", "Spark"])
    g = at_main(two(me))
    choose(g, ("ability", 0))
    for name in ("Spark", "Crystal", "Heart Forge", "Spark"):
        choose(g, ("card", name))
    waits_in_main(g)
    p = g.state.players[0]
    assert p.discard == ["Crystal", "Frozen Magmite"] and sorted(p.hand) == ["Crystal", "Crystal", "Heart Forge",
                                                                             "Spark", "Spark"]


def test_K_13_forged_deck_is_set_aside_at_setup_counted_and_saved() -> None:
    g = Game.new(mages=["Lost", "Sahala"], nemesis="Rageborne", seed=3)
    p = g.state.players[0]
    assert sorted(p.set_aside) == ["Forged Crystal"] * 5 + ["Forged Spark"] * 4
    assert g.state.players[1].set_aside == [] and "set_aside" not in g.to_dict()["players"][1]
    census = card_census(g.state)
    assert census["Forged Crystal"] == 5 and census["Forged Spark"] == 4
    again = Game.from_json(g.to_json())
    assert again == g and again.state.players[0].set_aside == p.set_aside
    clone = g.state.clone()
    clone.players[0].set_aside.pop()
    assert len(p.set_aside) == 9


def test_K_13_a_forged_card_cannot_appear_from_nowhere() -> None:
    d = Game.new(mages=["Lost", "Sahala"], nemesis="Rageborne", seed=3).to_dict()
    d["players"][0]["set_aside"].append("Forged Spark")
    with pytest.raises(Exception, match="Forged Spark"):
        Game.from_dict(d)


# ============================================================== setups and catalogue


SETUPS = {  # mage: (charges, breaches as (state, stage, special))
    "Sahala": (4, [("open", 0, None), ("closed", 2, None), ("closed", 0, None), ("closed", 0, "Celestial Breach")]),
    "Gygar": (5, [("open", 0, "Ancient Breach"), ("open", 0, None), ("closed", 1, None), ("closed", 1, None)]),
    "Soskel": (4, [("open", 0, None), ("closed", 1, None), ("closed", 0, None), ("closed", 0, None)]),
    "Taqren": (4, [("open", 0, None), ("closed", 1, None), ("closed", 0, None), ("closed", 1, "Defender Breach")]),
    "Talix": (5, [("open", 0, None), ("closed", 2, None), ("closed", 1, None), ("closed", 1, None)]),
    "Rhia": (4, [("none", 0, None), ("closed", 2, None), ("closed", 1, None), ("closed", 1, None)]),
    "Claudia": (5, [("none", 0, None), ("closed", 0, None), ("closed", 1, None), ("closed", 3, None)]),
    "Lost": (5, [("open", 0, None), ("closed", 2, None), ("closed", 0, None), ("closed", 0, None)]),
}


@pytest.mark.parametrize("mage", sorted(SETUPS))
def test_mage_setup_breaches_charges_hand_and_deck_S_2_S_3(mage: str) -> None:
    m = registry.mage(mage)
    charges, brs = SETUPS[mage]
    assert (m.box, m.ability.charges) == ("NA", charges)
    assert [(b.state, b.stage, b.special) for b in m.breaches] == brs
    assert len(m.hand) == len(m.deck) == 5 and all(c in registry.CARDS for c in (*m.hand, *m.deck))
    for u in m.uniques:
        c = registry.card(u)
        assert (c.starter, c.mage, c.box, c.cost) == (True, mage, "NA", 0) and u in (*m.hand, *m.deck)
    g = Game.new(mages=[mage, "Brama"], nemesis="Rageborne", seed=1)
    p = g.state.players[0]
    assert p.max_charges == charges and [(b.state, b.stage) for b in p.breaches] == [(s, t) for s, t, _ in brs]
    assert ability_text(m).startswith(m.ability.name)


def test_mage_catalogue_shows_unique_breaches_and_the_box_count() -> None:
    from gravehold import catalog

    rows = {r["id"]: r for r in catalog.mages("NA", words="classic")}
    assert sorted(rows) == sorted(SETUPS) and registry.box("NA").counts["mages"] == 8
    assert rows["Sahala"]["breaches"][3] == "closed 0 (Celestial Breach)"
    # in the box's own words (the default), a closed breach is a dark one
    assert catalog.mages("NA")[0]["breaches"][3].startswith("dark ")
    assert rows["Claudia"]["window"] == "ally_main" and "any ally's main phase" in rows["Claudia"]["text"]
    for c in na.UNIQUE_CARDS:
        assert card_text(c)


# ============================================================== bots and whole games


@pytest.mark.parametrize(("nemesis", "mages", "agent"), [
    ("Rageborne", ["Sahala", "Gygar"], "heuristic"),
    ("Carapace Queen", ["Soskel", "Taqren", "Talix"], "random"),
    ("Crooked Mask", ["Rhia", "Claudia", "Lost", "Sahala"], "heuristic"),
    ("Prince of Gluttons", ["Lost"], "random"),
])
def test_mage_na_mages_play_whole_games_against_aeons_end_nemeses(nemesis: str, mages: list[str], agent: str) -> None:
    """The conformance kit's game: declared decisions, card census, JSON reload, replay."""
    assert _check_one_game(nemesis, mages, agent, 5, f"{nemesis} {agent}") == []


@pytest.mark.parametrize("agent", ["random", "heuristic"])
def test_mage_na_mages_play_whole_games_against_war_eternal_nemeses(agent: str) -> None:
    we = sorted(n.id for n in registry.NEMESES.values() if n.box == "WE")
    for k, nemesis in enumerate(we[:3]):
        ms = [m.id for m in na.MAGES][k * 2:k * 2 + 2]
        assert _check_one_game(nemesis, ms, agent, 11 + k, f"{nemesis} {agent}") == []


def test_mage_heuristic_uses_each_ability() -> None:
    """Over a few seeded heuristic games every New Age ability is activated."""
    seen: set[str] = set()
    ids = [m.id for m in na.MAGES]
    # each pair of mages plays seeded games until both have used their ability (at most 12)
    pairs = [(k, seed) for k in range(0, 8, 2) for seed in range(1, 13)]
    for k, seed in pairs:
        if {m.ability.name for m in na.MAGES[k:k + 2]} <= seen:
            continue
        # the market pool is pinned to the boxes it was measured on: a new box's cards change the draws
        g = Game.new(mages=ids[k:k + 2], nemesis="Rageborne", seed=seed, market="random",
                     boxes=["AE", "WE", "NA", "O"])
        agents = [make_agent("heuristic", seed * 7 + i) for i in range(4)]
        n = 0
        while not g.over and n < 20000:
            d = g.decision
            assert d is not None
            seat = d.seat
            g.apply(agents[seat].choose(d, lambda seat=seat, g=g: g.view_for(seat)))  # type: ignore[misc]
            n += 1
        seen |= {e["name"] for e in g.events if e.get("event") == "ability"}
    assert seen == {m.ability.name for m in na.MAGES}


@settings(max_examples=15, deadline=None)
@given(hs.integers(min_value=0, max_value=10_000), hs.sampled_from(["random", "heuristic"]))
def test_mage_forged_deck_census_holds_in_random_games_K_13(seed: int, agent: str) -> None:
    """Whatever happens, the Forged cards only move between the pile, Lost's cards and the destroyed pile."""
    g = Game.new(mages=["Lost", "Talix"], nemesis="Rageborne", seed=seed, market="random", events=False)
    start = card_census(g.state)
    agents = [make_agent(agent, seed + i) for i in range(2)]
    rnd = random.Random(seed)
    n = 0
    while not g.over and n < 3000:
        d = g.decision
        assert d is not None
        seat = d.seat
        g.apply(agents[seat].choose(d, lambda seat=seat: g.view_for(seat)) if rnd.random() < 0.9
                else rnd.choice(d.options))
        n += 1
        assert card_census(g.state) == start
    lost = g.state.players[0]
    forged = sum(1 for z in (lost.hand, lost.deck, lost.discard, lost.played, lost.set_aside, g.state.destroyed)
                 for c in z if c.startswith("Forged"))
    prepped = sum(1 for br in lost.breaches for c in br.spells if c.startswith("Forged"))
    assert forged + prepped == 9


def test_mage_steps_render_and_run_directly() -> None:
    """run_steps of the ability steps from a plain state: Taqren's healing counts opened breaches."""
    d = two(player("Taqren", hand=list(HOLD), life=5, breaches=[OPEN, OPEN, closed(0), closed(1)]))
    g = run_steps(d, [("life_per_opened",)])
    choose(g, ("player", 0))
    assert g.state.players[0].life == 7


def test_mage_K_13_each_mat_says_the_rule_of_its_unique_breach() -> None:
    from gravehold.content.text import mat_text

    sahala = mat_text(registry.mage("Sahala"))
    assert sahala.startswith(ability_text(registry.mage("Sahala")))
    assert sahala.splitlines()[-1] == (
        "Celestial Breach (IV): while it is opened, a spell cast from it deals 2 more damage each time it "
        "deals damage.")
    assert mat_text(registry.mage("Gygar")).splitlines()[-1].startswith("Ancient Breach (I): holds up to 10 Surge")
    assert "Gravehold gains 1 life" in mat_text(registry.mage("Taqren")).splitlines()[-1]
    assert mat_text(registry.mage("Soskel")) == ability_text(registry.mage("Soskel"))  # no unique breach
