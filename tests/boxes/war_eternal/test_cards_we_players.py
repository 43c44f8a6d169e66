"""Behaviour of the War Eternal player content: supply cards, unique starters, mages.

One or more tests per card (``test_card_<name>_...``) and per mage ability
(``test_ability_<mage>_...``). Each builds a small exact state, acts, makes the choices
and checks where everything ended up. The coverage test at the end keeps every War
Eternal card and mage named by a test of this module.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest

from gravehold import Game
from gravehold.boxes.war_eternal import supply as we_supply
from gravehold.content import registry
from gravehold.content.model import NemesisCardDef
from gravehold.content.text import ability_text, card_text

from support import at_casting, at_main, base_state, card_census, choose, closed, player, run_steps

HOLD = ["Crystal"]  # a card left in hand keeps the main phase waiting for a choice
OPEN: dict[str, Any] = {"state": "open"}

WE_SUPPLY = [
    ["Dread Diamond", 7], ["Frozen Magmite", 7], ["Scoria Slag", 7], ["Erratic Ingot", 7],
    ["Fiend Catcher", 5], ["Conclave Scroll", 5],
    ["Carbonize", 5], ["Equilibrium", 5], ["Convection Field", 5], ["Celestial Spire", 5],
    ["Pyrotechnic Surge", 5], ["Aurora", 5],
]


def two(p0: dict[str, Any], p1: dict[str, Any] | None = None, **kw: Any) -> dict[str, Any]:
    d = base_state([p0, p1 if p1 is not None else player("Brama", hand=list(HOLD))], **kw)
    if "supply" not in kw:
        d["supply"] = copy.deepcopy(WE_SUPPLY)
    return d


def zones(g: Game, i: int) -> dict[str, Any]:
    p = g.state.players[i]
    return {"hand": p.hand, "deck": p.deck, "discard": p.discard, "played": p.played,
            "aether": p.aether, "aether_for": p.aether_for}


def breaches(g: Game, i: int) -> list[dict[str, Any]]:
    return [b.to_dict() for b in g.state.players[i].breaches]


def waits_in_main(g: Game, i: int) -> None:
    assert g.decision is not None and g.decision.kind == "main" and g.decision.player == i


def supply(g: Game, name: str) -> int:
    return g.state.supply_counts[g.state.supply_names.index(name)]


def with_pile(d: dict[str, Any], name: str, count: int) -> dict[str, Any]:
    for pile in d["supply"]:
        if pile[0] == name:
            pile[1] = count
    return d


def minions(g: Game) -> list[dict[str, Any]]:
    return [c.to_dict() for c in g.state.nemesis.in_play]


# ============================================================== supply: gems and relics


def test_card_dread_diamond_discards_a_prepped_spell_for_one_more_aether() -> None:
    me = player("Brama", hand=["Dread Diamond", "Crystal"],
                breaches=[{"state": "open", "spells": ["Spark"]}, closed(1), closed(0), closed(2)])
    g = at_main(two(me))
    choose(g, ("play", "Dread Diamond"))
    assert g.decision.kind == "spell" and set(g.legal_actions()) == {("spell", 0, 0, 0), ("skip",)}
    choose(g, ("spell", 0, 0, 0))
    waits_in_main(g, 0)
    assert zones(g, 0) == {"hand": ["Crystal"], "deck": [], "discard": ["Spark"], "played": ["Dread Diamond"],
                           "aether": 3, "aether_for": {}}
    assert breaches(g, 0)[0] == OPEN


def test_card_dread_diamond_may_keep_its_spells_and_without_any_asks_nothing() -> None:
    me = player("Brama", hand=["Dread Diamond", "Dread Diamond", "Crystal"],
                breaches=[{"state": "open", "spells": ["Spark"]}, closed(1), closed(0), closed(2)])
    g = at_main(two(me))
    choose(g, ("play", "Dread Diamond"))
    choose(g, ("skip",))
    waits_in_main(g, 0)
    assert g.state.players[0].aether == 2 and breaches(g, 0)[0] == {"state": "open", "spells": ["Spark"]}
    bare = at_main(two(player("Brama", hand=["Dread Diamond", "Crystal"])))
    choose(bare, ("play", "Dread Diamond"))
    waits_in_main(bare, 0)  # no prepped spell: no question
    assert bare.state.players[0].aether == 2


def test_card_fiend_catcher_destroys_a_card_and_sends_a_nemesis_turn_card_under_K_10() -> None:
    d = two(player("Brama", hand=["Fiend Catcher", "Crystal"], discard=["Spark", "Crystal"]))
    d["turn_order"] = {"deck": ["N", "P1", "P2"], "discard": ["P2", "N", "P1"]}
    g = at_main(d)
    choose(g, ("play", "Fiend Catcher"))
    assert g.decision.kind == "destroy"
    assert set(g.legal_actions()) == {("hand", "Crystal"), ("discard", "Crystal"), ("discard", "Spark"), ("skip",)}
    choose(g, ("discard", "Spark"))
    assert g.decision.kind == "turn_order" and set(g.legal_actions()) == {("bottom",), ("top",)}
    choose(g, ("bottom",))
    waits_in_main(g, 0)
    assert g.state.destroyed == ["Spark"]
    assert zones(g, 0) == {"hand": ["Crystal"], "deck": [], "discard": ["Crystal"], "played": ["Fiend Catcher"],
                           "aether": 0, "aether_for": {}}
    assert (g.state.to_deck, g.state.to_discard) == (["P1", "P2", "N"], ["P2", "N", "P1"])
    assert g.state.tokens.get("to_known", 0) == 0  # the new top card is unknown


def test_card_fiend_catcher_player_turn_card_stays_on_top_T_2() -> None:
    d = two(player("Brama", hand=["Fiend Catcher", "Crystal"]))
    d["turn_order"] = {"deck": [], "discard": ["P2", "P2"]}  # revealing from an empty deck reshuffles
    g = at_main(d)
    choose(g, ("play", "Fiend Catcher"))
    assert g.decision.kind == "destroy"  # only the hand card may be destroyed, or none
    choose(g, ("skip",))
    waits_in_main(g, 0)  # a player card was revealed: nothing to move
    assert (g.state.to_deck, g.state.to_discard) == (["P2", "P2"], [])
    assert g.state.tokens["to_known"] == 1 and g.state.destroyed == []


def test_card_conclave_scroll_gains_a_charge_while_its_pile_lasts_P_9() -> None:
    ally = player("Mist", hand=list(HOLD), discard=["Spark"])
    g = at_main(two(player("Brama", hand=["Conclave Scroll", "Conclave Scroll", "Crystal"], charges=4), ally))
    choose(g, ("play", "Conclave Scroll"))
    waits_in_main(g, 0)  # the pile is not empty: no destroying
    assert g.state.players[0].charges == 5
    choose(g, ("play", "Conclave Scroll"))
    waits_in_main(g, 0)
    assert g.state.players[0].charges == 5  # never more than the mat's slots
    assert zones(g, 1)["discard"] == ["Spark"] and g.state.destroyed == []


def test_card_conclave_scroll_empty_pile_destroys_an_ally_discard_top_K_10() -> None:
    ally = player("Mist", hand=list(HOLD), discard=["Kindle", "Spark"])
    g = at_main(with_pile(two(player("Brama", hand=["Conclave Scroll", "Crystal"]), ally), "Conclave Scroll", 0))
    choose(g, ("play", "Conclave Scroll"))
    assert set(g.legal_actions()) == {("player", 1), ("skip",)}
    choose(g, ("player", 1))
    waits_in_main(g, 0)
    assert g.state.players[0].charges == 1
    assert zones(g, 1)["discard"] == ["Kindle"] and g.state.destroyed == ["Spark"]
    assert zones(g, 0)["played"] == ["Conclave Scroll"]


# ============================================================== supply: spells


def test_card_carbonize_deals_three_and_may_send_the_top_turn_order_card_under() -> None:
    d = two(player("Brama", hand=list(HOLD), breaches=[{"state": "open", "spells": ["Carbonize"]},
                                                     closed(1), closed(0), closed(2)]))
    d["turn_order"] = {"deck": ["P2", "N", "P1"], "discard": []}
    g = at_casting(d)
    choose(g, ("cast", 0, 0))
    assert g.state.nemesis.life == 67
    assert g.decision.kind == "turn_order"
    choose(g, ("bottom",))
    waits_in_main(g, 0)
    assert g.state.to_deck == ["N", "P1", "P2"] and g.state.tokens["to_known"] == 0
    assert zones(g, 0)["discard"] == ["Carbonize"] and breaches(g, 0)[0] == OPEN


def test_card_carbonize_may_leave_the_card_on_top() -> None:
    d = two(player("Brama", hand=list(HOLD), breaches=[{"state": "open", "spells": ["Carbonize"]},
                                                     closed(1), closed(0), closed(2)]))
    d["turn_order"] = {"deck": ["N", "P1"], "discard": []}
    g = at_casting(d)
    choose(g, ("cast", 0, 0))
    choose(g, ("top",))
    waits_in_main(g, 0)
    assert g.state.to_deck == ["N", "P1"] and g.state.tokens["to_known"] == 1
    assert g.state.nemesis.life == 67


def test_card_equilibrium_cuts_each_damage_by_one_but_not_below_one() -> None:
    me = player("Brama", hand=list(HOLD), breaches=[{"state": "open", "spells": ["Equilibrium"]},
                                                   closed(1), closed(0), closed(2)])
    g = run_steps(two(me), [("suffer", 3), ("suffer", 1)], source="Slaughter")
    waits_in_main(g, 0)
    assert g.state.players[0].life == 7  # 2 + 1
    assert g.state.players[1].life == 10


def test_card_equilibrium_applies_before_exhausted_redirection_E_3() -> None:
    me = player("Brama", hand=list(HOLD), life=0, exhausted=True,
                breaches=[{"state": "open", "spells": ["Equilibrium"]}, closed(1), closed(0), closed(2)])
    g = run_steps(two(me), [("suffer", 3)], source="Slaughter")
    assert g.state.gravehold == 26  # (3 - 1) doubled


def test_card_equilibrium_cast_deals_four_and_stops_protecting() -> None:
    me = player("Brama", hand=list(HOLD), breaches=[{"state": "open", "spells": ["Equilibrium"]},
                                                   closed(1), closed(0), closed(2)])
    g = at_casting(two(me))
    choose(g, ("cast", 0, 0))
    waits_in_main(g, 0)
    assert g.state.nemesis.life == 66 and zones(g, 0)["discard"] == ["Equilibrium"]
    g2 = run_steps(two(player("Brama", hand=list(HOLD))), [("suffer", 3)], source="Slaughter")
    assert g2.state.players[0].life == 7


def test_card_convection_field_four_damage_branch() -> None:
    me = player("Brama", hand=list(HOLD), breaches=[OPEN, closed(1), {"state": "open",
                                                                      "spells": ["Convection Field"]}, closed(2)])
    g = at_casting(two(me))
    choose(g, ("cast", 2, 0))
    assert g.decision.kind == "or" and set(g.legal_actions()) == {("choose", 0), ("choose", 1)}
    choose(g, ("choose", 0))
    waits_in_main(g, 0)
    assert g.state.nemesis.life == 65  # 4 + breach III's bonus
    assert g.state.destroyed == [] and zones(g, 0)["discard"] == ["Convection Field"]


def test_card_convection_field_two_damage_and_the_ally_destroys_a_card_K_10() -> None:
    me = player("Brama", hand=list(HOLD), breaches=[{"state": "open", "spells": ["Convection Field"]},
                                                   closed(1), closed(0), closed(2)])
    ally = player("Mist", hand=["Crystal", "Spark"])
    g = at_casting(two(me, ally))
    choose(g, ("cast", 0, 0))
    choose(g, ("choose", 1))
    assert g.state.nemesis.life == 68
    assert g.decision.player == 0 and set(g.legal_actions()) == {("player", 1), ("skip",)}
    choose(g, ("player", 1))
    assert g.decision.kind == "destroy" and g.decision.player == 1
    assert set(g.legal_actions()) == {("card", "Crystal"), ("card", "Spark"), ("skip",)}
    choose(g, ("card", "Crystal"))
    waits_in_main(g, 0)
    assert zones(g, 1)["hand"] == ["Spark"] and g.state.destroyed == ["Crystal"]
    assert zones(g, 0) == {"hand": HOLD, "deck": [], "discard": ["Convection Field"], "played": [],
                           "aether": 0, "aether_for": {}}


def test_card_celestial_spire_empty_pile_lets_an_ally_draw() -> None:
    me = player("Brama", hand=list(HOLD), breaches=[{"state": "open", "spells": ["Celestial Spire"]},
                                                   closed(1), closed(0), closed(2)])
    ally = player("Mist", hand=list(HOLD), deck=["Kindle", "Spark"])
    g = at_casting(with_pile(two(me, ally), "Celestial Spire", 0))
    choose(g, ("cast", 0, 0))
    waits_in_main(g, 0)  # the only ally draws at once
    assert g.state.nemesis.life == 67
    assert zones(g, 1)["hand"] == ["Crystal", "Kindle"] and zones(g, 1)["deck"] == ["Spark"]
    assert zones(g, 0)["discard"] == ["Celestial Spire"]


def test_card_celestial_spire_pile_left_means_no_draw() -> None:
    me = player("Brama", hand=list(HOLD), breaches=[{"state": "open", "spells": ["Celestial Spire"]},
                                                   closed(1), closed(0), closed(2)])
    ally = player("Mist", hand=list(HOLD), deck=["Kindle"])
    g = at_casting(two(me, ally))
    choose(g, ("cast", 0, 0))
    waits_in_main(g, 0)
    assert g.state.nemesis.life == 67 and zones(g, 1)["hand"] == HOLD


def test_card_pyrotechnic_surge_prepped_across_two_adjacent_breaches_P_13() -> None:
    me = player("Brama", hand=["Pyrotechnic Surge", "Crystal"], breaches=[OPEN, OPEN, closed(0), closed(2)])
    g = at_main(two(me))
    assert [a for a in g.legal_actions() if a[0] == "prep"] == [("prep", "Pyrotechnic Surge", 0)]
    choose(g, ("prep", "Pyrotechnic Surge", 0))
    waits_in_main(g, 0)
    assert breaches(g, 0)[:2] == [{"state": "open", "spells": ["Pyrotechnic Surge"]},
                                  {"state": "open", "covered_by": 0}]
    assert not [a for a in g.legal_actions() if a[0] == "prep"]


def test_card_pyrotechnic_surge_four_damage_best_bonus_and_destroys_from_discard_K_10() -> None:
    me = player("Brama", hand=list(HOLD), discard=["Spark"],
                breaches=[OPEN, {"state": "open", "spells": ["Pyrotechnic Surge"]},
                          {"state": "open", "covered_by": 1}, closed(2)])
    g = at_casting(two(me))
    choose(g, ("cast", 1, 0))
    assert g.state.nemesis.life == 65  # 4 + breach III's bonus
    assert set(g.legal_actions()) == {("card", "Spark"), ("card", "Pyrotechnic Surge"), ("skip",)}
    choose(g, ("card", "Spark"))
    waits_in_main(g, 0)
    assert zones(g, 0)["discard"] == ["Pyrotechnic Surge"] and g.state.destroyed == ["Spark"]
    assert breaches(g, 0)[1:3] == [OPEN, OPEN]


def test_card_aurora_gains_a_charge_once_per_turn_P_14() -> None:
    me = player("Brama", hand=list(HOLD), charges=2, breaches=[{"state": "open", "spells": ["Aurora"]},
                                                              closed(1), closed(0), closed(2)])
    g = at_main(two(me))
    choose(g, ("use", 0, "Aurora"))
    waits_in_main(g, 0)
    assert g.state.players[0].charges == 3
    assert ("use", 0, "Aurora") not in g.legal_actions()


def test_card_aurora_cast_deals_three() -> None:
    me = player("Brama", hand=list(HOLD), breaches=[{"state": "open", "spells": ["Aurora"]},
                                                   closed(1), closed(0), closed(2)])
    g = at_casting(two(me))
    choose(g, ("cast", 0, 0))
    waits_in_main(g, 0)
    assert g.state.nemesis.life == 67 and g.state.players[0].charges == 0


# ============================================================== unique starting cards


def test_card_oblivion_shard_aether_pays_gems_and_charges_not_relics_or_spells_K_11() -> None:
    g = at_main(two(player("Dezmodia", hand=["Oblivion Shard", "Crystal"], aether=2, max_charges=6)))
    choose(g, ("play", "Oblivion Shard"))
    waits_in_main(g, 0)
    assert zones(g, 0)["aether_for"] == {"no_relic_spell": 2} and g.state.players[0].aether == 2
    gains = {a[1] for a in g.legal_actions() if a[0] == "gain"}
    assert gains == {"Dread Diamond", "Frozen Magmite", "Scoria Slag"}  # no 3-cost relic, no 4-cost spell
    assert ("charge",) in g.legal_actions()
    choose(g, ("gain", "Scoria Slag"))
    assert zones(g, 0)["aether_for"] == {} and g.state.players[0].aether == 0
    assert zones(g, 0)["discard"] == ["Scoria Slag"]


def test_card_torch_deals_one_damage_with_breach_bonus_P_3() -> None:
    me = player("Garu", hand=list(HOLD), breaches=[OPEN, closed(0), {"state": "open", "spells": ["Torch"]},
                                                  closed(1)])
    g = at_casting(two(me))
    choose(g, ("cast", 2, 0))
    assert set(g.legal_actions()) == {("choose", 0), ("choose", 1)}
    choose(g, ("choose", 0))
    waits_in_main(g, 0)
    assert g.state.nemesis.life == 68 and zones(g, 0)["discard"] == ["Torch"]


def test_card_torch_focuses_any_breach_and_the_bonus_still_hits_P_3() -> None:
    me = player("Garu", hand=list(HOLD), breaches=[OPEN, closed(0), {"state": "open", "spells": ["Torch"]},
                                                  closed(1)])
    ally = player("Brama", hand=list(HOLD), breaches=[OPEN, closed(3), {"state": "destroyed"}, {"state": "none"}])
    g = at_casting(two(me, ally))
    choose(g, ("cast", 2, 0))
    choose(g, ("choose", 1))
    assert set(g.legal_actions()) == {("breach", 0, 1), ("breach", 0, 3), ("breach", 1, 1)}
    choose(g, ("breach", 1, 1))  # at its last stage: focusing opens it
    waits_in_main(g, 0)
    assert breaches(g, 1)[1] == OPEN
    assert g.state.nemesis.life == 69  # "deal 0 damage" + breach III's bonus


def test_card_shattered_geode_takes_the_top_of_an_ally_discard_pile() -> None:
    ally = player("Brama", hand=list(HOLD), discard=["Spark", "Kindle"])
    g = at_main(two(player("Gex", hand=["Shattered Geode", "Crystal"],
                           breaches=[{"state": "none"}, OPEN, closed(1), closed(1)]), ally))
    choose(g, ("play", "Shattered Geode"))
    assert set(g.legal_actions()) == {("player", 1), ("skip",)}
    choose(g, ("player", 1))
    waits_in_main(g, 0)
    assert zones(g, 0) == {"hand": ["Crystal", "Kindle"], "deck": [], "discard": [], "played": ["Shattered Geode"],
                           "aether": 1, "aether_for": {}}
    assert zones(g, 1)["discard"] == ["Spark"]


def test_card_shattered_geode_solo_takes_your_own_discard_top_SO_1() -> None:
    d = base_state([player("Gex", hand=["Shattered Geode"], discard=["Spark", "Crystal"])])
    d["turn_order"] = {"deck": ["P1", "N", "P1", "P1", "N"], "discard": []}
    g = at_main(d)
    choose(g, ("play", "Shattered Geode"))
    choose(g, ("player", 0))
    waits_in_main(g, 0)
    assert zones(g, 0)["hand"] == ["Crystal"] and zones(g, 0)["discard"] == ["Spark"]


def test_card_worldheart_shard_one_aether_branch() -> None:
    g = at_main(two(player("Mazahaedron", hand=["Worldheart Shard", "Crystal"])))
    choose(g, ("play", "Worldheart Shard"))
    choose(g, ("choose", 0))
    waits_in_main(g, 0)
    assert zones(g, 0)["aether"] == 1 and zones(g, 0)["aether_for"] == {}


def test_card_worldheart_shard_card_aether_and_the_next_gain_goes_to_an_ally_K_11() -> None:
    me = player("Mazahaedron", hand=["Worldheart Shard", "Crystal"], aether=4)
    ally = player("Brama", hand=list(HOLD), discard=["Spark"])
    g = at_main(two(me, ally))
    choose(g, ("play", "Worldheart Shard"))
    choose(g, ("choose", 1))
    assert zones(g, 0)["aether_for"] == {"card": 2}
    assert ("charge",) in g.legal_actions()  # the 4 general Æ
    choose(g, ("gain", "Dread Diamond"))  # the only ally takes it at once
    waits_in_main(g, 0)
    assert zones(g, 1)["discard"] == ["Spark", "Dread Diamond"]
    assert zones(g, 0)["discard"] == [] and zones(g, 0)["aether"] == 3 and zones(g, 0)["aether_for"] == {}
    choose(g, ("gain", "Dread Diamond"))  # only the next card: this one stays with you
    waits_in_main(g, 0)
    assert zones(g, 0)["discard"] == ["Dread Diamond"] and supply(g, "Dread Diamond") == 5


def test_card_amethyst_paragon_ally_preps_from_hand_to_a_closed_breach_P_13() -> None:
    ally = player("Brama", hand=["Spark", "Crystal"],
                  breaches=[{"state": "open", "spells": ["Kindle"]}, closed(1), closed(0), closed(2)])
    g = at_main(two(player("Mist (WE)", hand=["Amethyst Paragon", "Crystal"], max_charges=6), ally))
    choose(g, ("play", "Amethyst Paragon"))
    assert g.decision.player == 0 and set(g.legal_actions()) == {("player", 1), ("skip",)}
    choose(g, ("player", 1))
    assert g.decision.kind == "prep" and g.decision.player == 1
    # Kindle lets a Spark in only during its owner's own main phase
    assert set(g.legal_actions()) == {("prep", "Spark", b) for b in (1, 2, 3)} | {("skip",)}
    choose(g, ("prep", "Spark", 2))
    waits_in_main(g, 0)
    assert zones(g, 0)["aether"] == 1
    assert zones(g, 1)["hand"] == ["Crystal"]
    assert breaches(g, 1)[2] == {"state": "closed", "stage": 0, "spells": ["Spark"]}


def test_card_amethyst_paragon_ally_may_decline() -> None:
    ally = player("Brama", hand=["Spark"])
    g = at_main(two(player("Mist (WE)", hand=["Amethyst Paragon", "Crystal"]), ally))
    choose(g, ("play", "Amethyst Paragon"))
    choose(g, ("player", 1))
    choose(g, ("skip",))
    waits_in_main(g, 0)
    assert zones(g, 1)["hand"] == ["Spark"] and all("spells" not in b for b in breaches(g, 1))


def _quilius(spell_breach: int = 1, **kw: Any) -> dict[str, Any]:
    brs: list[dict[str, Any]] = [OPEN, OPEN, closed(0), closed(1)]
    brs = copy.deepcopy(brs)
    brs[spell_breach] = {"state": "open", "spells": ["Extinguish"]}
    return player("Quilius", hand=list(HOLD), breaches=brs, **kw)


def test_card_extinguish_defeating_a_nemesis_deck_minion_earns_a_trophy_K_13() -> None:
    d = two(_quilius())
    d["nemesis"]["in_play"] = [{"name": "Bane Sire", "life": 1}]
    g = at_casting(d)
    choose(g, ("cast", 1, 0))
    choose(g, ("target", "Bane Sire"))
    waits_in_main(g, 0)
    assert minions(g) == [] and g.state.nemesis.discard == ["Bane Sire"]
    assert g.state.players[0].tokens == {"trophy": 1}
    assert zones(g, 0)["discard"] == ["Extinguish"]


def test_card_extinguish_breach_bonus_counts_for_the_trophy_P_3() -> None:
    d = two(_quilius(2))
    d["nemesis"]["in_play"] = [{"name": "Bane Sire", "life": 2}]
    g = at_casting(d)
    choose(g, ("cast", 2, 0))
    choose(g, ("target", "Bane Sire"))
    assert minions(g) == [] and g.state.players[0].tokens == {"trophy": 1}


def test_card_extinguish_no_trophy_when_the_minion_survives_or_the_nemesis_is_hit() -> None:
    d = two(_quilius())
    d["nemesis"]["in_play"] = [{"name": "Bane Sire", "life": 3}]
    g = at_casting(d)
    choose(g, ("cast", 1, 0))
    choose(g, ("target", "Bane Sire"))
    assert minions(g) == [{"name": "Bane Sire", "life": 2}] and g.state.players[0].tokens == {}
    g2 = at_casting(d)
    choose(g2, ("cast", 1, 0))
    choose(g2, ("target", "nemesis"))
    assert g2.state.nemesis.life == 69 and g2.state.players[0].tokens == {}


def test_card_extinguish_no_trophy_for_a_special_deck_minion(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = NemesisCardDef("Test Acolyte", "minion", 0, "WE", nemesis="Rageborne", life=1, deck="acolyte")
    monkeypatch.setitem(registry.NEMESIS_CARDS, "Test Acolyte", fake)
    d = two(_quilius())
    d["nemesis"]["in_play"] = [{"name": "Test Acolyte", "life": 1}]
    g = at_casting(d)
    choose(g, ("cast", 1, 0))
    choose(g, ("target", "Test Acolyte"))
    assert minions(g) == [] and g.state.players[0].tokens == {}


def test_card_extinguish_cast_by_an_ally_gives_quilius_the_trophy_P_18() -> None:
    me = player("Brama", hand=list(HOLD), breaches=[{"state": "open", "spells": ["Extinguish"]},
                                                   closed(1), closed(0), closed(2)])
    d = two(me, player("Quilius", hand=list(HOLD), breaches=[OPEN, OPEN, closed(0), closed(1)]))
    d["nemesis"]["in_play"] = [{"name": "Bane Sire", "life": 1}]
    g = at_casting(d)
    choose(g, ("cast", 0, 0))
    choose(g, ("target", "Bane Sire"))
    assert [p.tokens for p in g.state.players] == [{}, {"trophy": 1}]


def test_card_coal_shard_three_aether_a_charge_and_two_damage() -> None:
    g = at_main(two(player("Ulgimor", hand=["Coal Shard", "Crystal"], life=5, max_charges=6)))
    choose(g, ("play", "Coal Shard"))
    waits_in_main(g, 0)
    p = g.state.players[0]
    assert (p.life, p.charges, p.aether, p.played) == (3, 1, 3, ["Coal Shard"])
    assert g.state.destroyed == []


def test_card_coal_shard_destroys_itself_at_two_life_K_10() -> None:
    g = at_main(two(player("Ulgimor", hand=["Coal Shard", "Crystal"], life=2, max_charges=6)))
    choose(g, ("play", "Coal Shard"))
    waits_in_main(g, 0)
    p = g.state.players[0]
    assert (p.life, p.charges, p.aether, p.played) == (2, 0, 0, [])
    assert g.state.destroyed == ["Coal Shard"]


def _yan(**kw: Any) -> dict[str, Any]:
    return player("Yan Magda", hand=list(HOLD), breaches=[{"state": "open", "spells": ["Illuminate"]},
                                                          closed(0), closed(2), closed(0)], **kw)


def test_card_illuminate_deals_one_damage_per_focus_and_open_on_your_turn() -> None:
    g = at_main(two(_yan(aether=12)))
    choose(g, ("focus", 1))
    waits_in_main(g, 0)
    assert g.state.nemesis.life == 69
    choose(g, ("open", 1))  # stage 1: 4 Æ
    waits_in_main(g, 0)
    assert g.state.nemesis.life == 68
    assert breaches(g, 0)[1] == OPEN and g.state.players[0].aether == 6


def test_card_illuminate_focus_at_the_last_stage_fires_once_P_11() -> None:
    me = player("Yan Magda", hand=["Primordial Fetish", "Crystal"],
                breaches=[{"state": "open", "spells": ["Illuminate"]}, closed(3), closed(0), closed(0)])
    d = two(me)
    d["supply"].append(["Primordial Fetish", 5])
    g = at_main(d)
    choose(g, ("play", "Primordial Fetish"))
    choose(g, ("choose", 0))
    choose(g, ("breach", 0, 1))
    waits_in_main(g, 0)
    assert breaches(g, 0)[1] == OPEN and g.state.nemesis.life == 69


def test_card_illuminate_silent_when_an_ally_focuses_it_on_their_turn() -> None:
    ally = player("Brama", hand=["Primordial Fetish", "Crystal"])
    d = two(ally, _yan())
    d["supply"].append(["Primordial Fetish", 5])
    g = at_main(d)
    choose(g, ("play", "Primordial Fetish"))
    choose(g, ("choose", 0))
    choose(g, ("breach", 1, 1))
    waits_in_main(g, 0)
    assert breaches(g, 1)[1] == {"state": "closed", "stage": 1, "focused": True}
    assert g.state.nemesis.life == 70


def test_card_illuminate_cast_deals_one() -> None:
    g = at_casting(two(_yan()))
    choose(g, ("cast", 0, 0))
    waits_in_main(g, 0)
    assert g.state.nemesis.life == 69 and zones(g, 0)["discard"] == ["Illuminate"]


# ============================================================== abilities


def test_ability_dezmodia_sigil_breach_returns_spells_and_the_player_may_prep_K_13() -> None:
    me = player("Dezmodia", hand=list(HOLD), charges=6, max_charges=6,
                breaches=[OPEN, closed(1), closed(0), closed(1)])
    ally = player("Brama", hand=list(HOLD), breaches=[{"state": "open", "spells": ["Spark"]},
                                                     OPEN, closed(0), closed(2)])
    g = at_main(two(me, ally))
    choose(g, ("ability", 0))
    assert set(g.legal_actions()) == {("breach", 0, 0), ("breach", 1, 0), ("breach", 1, 1)}
    choose(g, ("breach", 1, 0))
    assert g.decision.kind == "prep" and g.decision.player == 1
    assert set(g.legal_actions()) == {("prep", "Spark", 0), ("prep", "Spark", 1), ("skip",)}
    choose(g, ("prep", "Spark", 0))
    waits_in_main(g, 0)
    assert g.state.players[0].charges == 0
    assert g.state.players[1].tokens == {"sigil_I": 1}
    assert breaches(g, 1)[0] == {"state": "open", "spells": ["Spark"]}
    assert zones(g, 1)["hand"] == HOLD


def test_ability_dezmodia_sigil_breach_adds_two_damage_P_3() -> None:
    me = player("Dezmodia", hand=list(HOLD), tokens={"sigil_II": 1}, max_charges=6,
                breaches=[OPEN, {"state": "open", "spells": ["Spark"]}, closed(0), closed(1)])
    g = at_casting(two(me))
    choose(g, ("cast", 1, 0))
    waits_in_main(g, 0)
    assert g.state.nemesis.life == 67  # 1 + 2


def test_ability_dezmodia_sigil_returns_a_two_breach_spell_lying_on_it() -> None:
    me = player("Dezmodia", hand=list(HOLD), charges=6, max_charges=6,
                breaches=[{"state": "open", "spells": ["Pyrotechnic Surge"]}, {"state": "open", "covered_by": 0},
                          closed(0), closed(1)])
    ally = player("Brama", hand=list(HOLD), breaches=[closed(1), closed(1), closed(0), closed(2)])
    g = at_main(two(me, ally))
    choose(g, ("ability", 0))
    assert set(g.legal_actions()) == {("breach", 0, 0), ("breach", 0, 1)}
    choose(g, ("breach", 0, 1))
    assert set(g.legal_actions()) == {("prep", "Pyrotechnic Surge", 0), ("skip",)}
    choose(g, ("skip",))
    waits_in_main(g, 0)
    assert breaches(g, 0)[:2] == [OPEN, OPEN] and g.state.players[0].tokens == {"sigil_II": 1}
    assert zones(g, 0)["hand"] == ["Crystal", "Pyrotechnic Surge"]


def test_ability_dezmodia_nothing_without_an_opened_breach_i_or_ii() -> None:
    me = player("Dezmodia", hand=list(HOLD), charges=6, max_charges=6,
                breaches=[closed(1), closed(1), OPEN, closed(1)])
    ally = player("Gex", hand=list(HOLD), breaches=[{"state": "none"}, closed(1), OPEN, OPEN])
    g = at_main(two(me, ally))
    choose(g, ("ability", 0))
    waits_in_main(g, 0)
    assert g.state.players[0].charges == 0 and [p.tokens for p in g.state.players] == [{}, {}]


def test_ability_garu_discards_spells_and_divides_the_damage() -> None:
    me = player("Garu", hand=list(HOLD), charges=5,
                breaches=[{"state": "open", "spells": ["Spark"]}, {"state": "open", "spells": ["Torch"]},
                          closed(1), closed(1)])
    d = two(me)
    d["nemesis"]["in_play"] = [{"name": "Bane Sire", "life": 6}]
    g = at_main(d)
    choose(g, ("ability", 0))
    assert set(g.legal_actions()) == {("spell", 0, 0, 0), ("spell", 0, 1, 0), ("done",)}
    choose(g, ("spell", 0, 0, 0))
    assert set(g.legal_actions()) == {("spell", 0, 1, 0), ("done",)}
    choose(g, ("done",))
    assert g.decision.kind == "divide"
    assert set(g.legal_actions()) == {("assign", t, k) for t in ("nemesis", "Bane Sire") for k in range(1, 7)}
    choose(g, ("assign", "Bane Sire", 4))
    waits_in_main(g, 0)  # the rest goes to the last target at once
    assert minions(g) == [{"name": "Bane Sire", "life": 2}] and g.state.nemesis.life == 68
    assert zones(g, 0)["discard"] == ["Spark"]
    assert breaches(g, 0)[:2] == [OPEN, {"state": "open", "spells": ["Torch"]}]
    assert g.state.players[0].charges == 0


def test_ability_garu_each_share_is_its_own_source_P_4() -> None:
    me = player("Garu", hand=list(HOLD), charges=5,
                breaches=[{"state": "open", "spells": ["Spark"]}, OPEN, closed(1), closed(1)])
    d = two(me)
    d["nemesis"]["in_play"] = [{"name": "Bane Sire", "life": 6, "shields": 1}]
    g = at_main(d)
    choose(g, ("ability", 0))
    choose(g, ("spell", 0, 0, 0))  # the last prepped spell: on to dividing 6
    choose(g, ("assign", "Bane Sire", 1))  # the shield soaks this share only
    waits_in_main(g, 0)
    assert minions(g) == [{"name": "Bane Sire", "life": 6}] and g.state.nemesis.life == 65


def test_ability_garu_without_spells_deals_two() -> None:
    g = at_main(two(player("Garu", hand=list(HOLD), charges=5)))
    choose(g, ("ability", 0))
    waits_in_main(g, 0)
    assert g.state.nemesis.life == 68


CQ = "Carapace Queen"


def garu_vs_queen(husks: int, spells: int = 1, in_play: tuple[dict[str, Any], ...] = (),
                  hurt: int = 0) -> dict[str, Any]:
    """Garu (5 charges, ``spells`` Sparks prepped) against Carapace Queen with ``husks`` husks."""
    preps = [{"state": "open", "spells": ["Spark"]} if b < spells else OPEN for b in range(2)]
    d = two(player("Garu", hand=list(HOLD), charges=5, breaches=[*preps, closed(1), closed(1)]))
    d["config"]["nemesis"] = CQ
    d["nemesis"].update(id=CQ, life=60, max_life=60, deck=["Hatch"], decks={},
                        in_play=[dict(c) for c in in_play],
                        tokens={"husk": husks, **({"husk_damaged": hurt} if hurt else {})})
    return d


def colossal_force(d: dict[str, Any], spells: int = 1) -> Game:
    """Garu's ability with ``spells`` prepped Sparks discarded: 2 + 4 per spell to divide."""
    g = at_main(d)
    choose(g, ("ability", 0))
    for b in range(spells):
        choose(g, ("spell", 0, b, 0))
    if g.decision is not None and g.decision.kind == "spell":
        choose(g, ("done",))
    return g


def assign(left: int, *husk_shares: int, minion: str = "") -> list[tuple[Any, ...]]:
    """The divide options: any amount to the nemesis (and ``minion``), the given ones to a husk."""
    any_amount = [("assign", t, k) for t in ("nemesis", minion) if t for k in range(1, left + 1)]
    return any_amount + [("assign", "husk", k) for k in husk_shares]


def test_ability_garu_P_3_colossal_force_kills_each_husk_with_its_own_share() -> None:
    """Three husks, 6 damage: one share of 1 per husk, the rest to the nemesis, Garu unhurt."""
    d = garu_vs_queen(3)
    census = card_census(at_main(d).state)
    g = colossal_force(d)
    assert g.decision.kind == "divide"
    assert g.legal_actions() == assign(6, 1)
    for husks, left in ((2, 5), (1, 4)):
        choose(g, ("assign", "husk", 1))
        assert g.state.nemesis.tokens == {"husk": husks}
        assert g.legal_actions() == assign(left, 1)  # the next husk is a target too
    choose(g, ("assign", "husk", 1))
    waits_in_main(g, 0)  # no husk left: the nemesis takes the other 3 at once
    assert g.state.nemesis.tokens == {"husk": 0} and g.state.nemesis.life == 57
    assert g.state.players[0].life == 10
    assert not [e for e in g.events if e["event"] in ("player_damage", "husk_spread")]
    assert card_census(g.state) == census


def test_ability_garu_P_3_colossal_force_rest_goes_to_the_husks_one_by_one() -> None:
    """The nemesis took its share: each husk left is still a target, one share each."""
    g = colossal_force(garu_vs_queen(3, spells=2), spells=2)
    choose(g, ("assign", "nemesis", 7))  # 3 left for three husks: each one the last choice
    waits_in_main(g, 0)
    assert g.state.nemesis.tokens == {"husk": 0} and g.state.nemesis.life == 53
    assert g.state.players[0].life == 10


def test_ability_garu_colossal_force_splits_between_husks_and_a_minion() -> None:
    """Husks first, then Broodwomb is no longer shielded by them and takes its share."""
    d = garu_vs_queen(2, in_play=({"name": "Broodwomb", "life": 5},))
    g = colossal_force(d)
    assert g.legal_actions() == assign(6, 1, minion="Broodwomb")
    choose(g, ("assign", "husk", 1))
    choose(g, ("assign", "husk", 1))
    assert g.legal_actions() == assign(4, minion="Broodwomb")
    choose(g, ("assign", "Broodwomb", 3))
    waits_in_main(g, 0)
    assert minions(g) == [{"name": "Broodwomb", "life": 2}]
    assert g.state.nemesis.tokens == {"husk": 0} and g.state.nemesis.life == 59
    assert g.state.players[0].life == 10


def test_ability_garu_colossal_force_against_foul_multitudes_two_life_husks() -> None:
    """Foul Multitudes: a share kills its husk, 1 for the damaged one and 2 for another."""
    fm = {"name": "Foul Multitudes", "power": 2}
    g = colossal_force(garu_vs_queen(3, in_play=(fm,), hurt=1))
    assert g.legal_actions() == assign(6, 1, 2)
    choose(g, ("assign", "husk", 1))  # the damaged husk dies
    assert g.state.nemesis.tokens == {"husk": 2}
    assert g.legal_actions() == assign(5, 2)  # no share that only damages a husk
    choose(g, ("assign", "husk", 2))
    choose(g, ("assign", "husk", 2))
    waits_in_main(g, 0)  # the last 1 goes to the nemesis
    assert g.state.nemesis.tokens == {"husk": 0} and g.state.nemesis.life == 59
    assert g.state.players[0].life == 10


def test_ability_garu_colossal_force_never_leaves_a_husk_damaged() -> None:
    """With 2-life husks and 1 damage left after the nemesis' share, no husk can take it."""
    fm = {"name": "Foul Multitudes", "power": 2}
    g = colossal_force(garu_vs_queen(2, spells=0, in_play=(fm,)), spells=0)
    assert g.legal_actions() == assign(2, 2)
    choose(g, ("assign", "nemesis", 1))
    waits_in_main(g, 0)
    assert g.state.nemesis.tokens == {"husk": 2} and g.state.nemesis.life == 59


def test_ability_garu_colossal_force_over_husks_survives_a_json_round_trip() -> None:
    """The division's frame (the husk named once per share given) is plain state."""
    d = garu_vs_queen(3)
    g = colossal_force(d)
    choose(g, ("assign", "husk", 1))
    again = Game.from_json(g.to_json())
    assert again == g and again.legal_actions() == g.legal_actions()
    for h in (again, g):
        choose(h, ("assign", "husk", 1))
        choose(h, ("assign", "nemesis", 3))
        waits_in_main(h, 0)
    assert again.state == g.state and g.state.nemesis.tokens == {"husk": 0}
    assert card_census(g.state) == card_census(at_main(d).state)


def test_ability_garu_a_single_hit_on_husks_still_spreads_for_one_damage() -> None:
    """Ordinary damage is one hit: one husk, and spreading the surplus costs Garu 1 as before."""
    d = garu_vs_queen(3, spells=0)
    g = run_steps(d, [("damage", 3)], source="Torch")
    choose(g, ("target", "husk"))
    assert g.decision.kind == "husk_spread" and g.legal_actions() == [("yes",), ("no",)]
    choose(g, ("yes",))
    waits_in_main(g, 0)
    assert g.state.nemesis.tokens == {"husk": 0} and g.state.players[0].life == 9


def test_ability_gex_destroys_zero_cost_cards_and_an_ally_draws_and_heals_K_10() -> None:
    me = player("Gex", hand=list(HOLD), charges=5, discard=["Crystal", "Kindle", "Spark", "Crystal"],
                breaches=[{"state": "none"}, OPEN, closed(1), closed(1)])
    ally = player("Brama", hand=list(HOLD), life=7, deck=["Spark", "Crystal"])
    g = at_main(two(me, ally))
    choose(g, ("ability", 0))
    assert set(g.legal_actions()) == {("card", "Crystal"), ("card", "Spark"), ("done",)}
    choose(g, ("card", "Crystal"))
    choose(g, ("card", "Spark"))
    waits_in_main(g, 0)  # the only ally is chosen at once
    assert zones(g, 0)["discard"] == ["Crystal", "Kindle"] and g.state.destroyed == ["Crystal", "Spark"]
    assert zones(g, 1)["hand"] == ["Crystal", "Spark"] and g.state.players[1].life == 9


def test_ability_gex_may_destroy_nothing() -> None:
    me = player("Gex", hand=list(HOLD), charges=5, discard=["Crystal"],
                breaches=[{"state": "none"}, OPEN, closed(1), closed(1)])
    g = at_main(two(me, player("Brama", hand=list(HOLD), life=9)))
    choose(g, ("ability", 0))
    choose(g, ("done",))
    waits_in_main(g, 0)
    assert zones(g, 0)["discard"] == ["Crystal"] and g.state.destroyed == []
    assert g.state.players[1].life == 10


def test_ability_mazahaedron_takes_a_cheap_gem_and_heals_gravehold() -> None:
    d = two(player("Mazahaedron", hand=list(HOLD), charges=4, max_charges=4))
    d["gravehold"] = {"life": 20, "max_life": 30}
    g = at_main(d)
    choose(g, ("ability", 0))
    assert set(g.legal_actions()) == {("gain", "Dread Diamond"), ("gain", "Frozen Magmite"),
                                      ("gain", "Scoria Slag"), ("skip",)}
    choose(g, ("gain", "Scoria Slag"))
    waits_in_main(g, 0)
    assert zones(g, 0)["discard"] == ["Scoria Slag"] and supply(g, "Scoria Slag") == 6
    assert g.state.gravehold == 24 and g.state.players[0].aether == 0


def test_ability_mist_we_casts_spells_of_any_player_and_hands_them_to_an_ally_P_18() -> None:
    me = player("Mist (WE)", hand=list(HOLD), charges=6, max_charges=6,
                breaches=[{"state": "open", "spells": ["Spark"]}, closed(2), closed(1), closed(1)])
    ally = player("Brama", hand=list(HOLD),
                  breaches=[OPEN, closed(1), {"state": "open", "spells": ["Kindle"]}, closed(2)])
    g = at_main(two(me, ally))
    choose(g, ("ability", 0))
    assert set(g.legal_actions()) == {("spell", 0, 0, 0), ("spell", 1, 2, 0), ("done",)}
    choose(g, ("spell", 1, 2, 0))
    assert g.state.nemesis.life == 66  # Kindle 3 + its owner's breach III bonus
    choose(g, ("spell", 0, 0, 0))
    waits_in_main(g, 0)  # nothing left to cast
    assert g.state.nemesis.life == 65
    assert zones(g, 1)["hand"] == ["Crystal", "Kindle", "Spark"]
    assert zones(g, 0)["discard"] == [] and zones(g, 1)["discard"] == []
    assert all("spells" not in b for b in breaches(g, 0) + breaches(g, 1))


def test_ability_mist_we_solo_keeps_them_and_stops_at_three_SO_1() -> None:
    me = player("Mist (WE)", hand=[], charges=6, max_charges=6,
                breaches=[{"state": "open", "spells": ["Spark"]}, {"state": "open", "spells": ["Spark"]},
                          {"state": "open", "spells": ["Spark"]}, {"state": "open", "spells": ["Spark"]}])
    d = base_state([me])
    d["turn_order"] = {"deck": ["P1", "N", "P1", "P1", "N"], "discard": []}
    g = at_main(d)
    choose(g, ("ability", 0))
    for b in (0, 1, 2):
        choose(g, ("spell", 0, b, 0))
    waits_in_main(g, 0)
    assert g.state.nemesis.life == 70 - 1 - 1 - 2
    assert zones(g, 0)["hand"] == ["Spark", "Spark", "Spark"]
    assert breaches(g, 0)[3] == {"state": "open", "spells": ["Spark"]}


def test_ability_quilius_two_damage_per_trophy() -> None:
    g = at_main(two(player("Quilius", hand=list(HOLD), charges=5, tokens={"trophy": 3})))
    choose(g, ("ability", 0))
    waits_in_main(g, 0)
    assert g.state.nemesis.life == 64 and g.state.players[0].tokens == {"trophy": 3}
    g0 = at_main(two(player("Quilius", hand=list(HOLD), charges=5)))
    choose(g0, ("ability", 0))
    waits_in_main(g0, 0)
    assert g0.state.nemesis.life == 70 and g0.state.players[0].charges == 0


def test_ability_ulgimor_gains_six_life_S_4() -> None:
    g = at_main(two(player("Ulgimor", hand=list(HOLD), charges=6, max_charges=6, life=3)))
    choose(g, ("ability", 0))
    waits_in_main(g, 0)
    assert [p.life for p in g.state.players] == [9, 10]
    g2 = at_main(two(player("Ulgimor", hand=list(HOLD), charges=6, max_charges=6, life=7)))
    choose(g2, ("ability", 0))
    assert g2.state.players[0].life == 10


def test_ability_ulgimor_exhausted_an_ally_gains_five_E_3() -> None:
    me = player("Ulgimor", hand=list(HOLD), charges=6, max_charges=6, life=0, exhausted=True)
    g = at_main(two(me, player("Brama", hand=list(HOLD), life=3)))
    choose(g, ("ability", 0))
    waits_in_main(g, 0)
    assert [p.life for p in g.state.players] == [0, 8]


def test_ability_yan_magda_takes_any_card_from_the_supply() -> None:
    g = at_main(two(player("Yan Magda", hand=list(HOLD), charges=5)))
    choose(g, ("ability", 0))
    assert len(g.legal_actions()) == len(WE_SUPPLY) and ("skip",) not in g.legal_actions()
    choose(g, ("gain", "Equilibrium"))
    waits_in_main(g, 0)  # fewer than four opened breaches: nothing for an ally
    assert zones(g, 0)["discard"] == ["Equilibrium"] and supply(g, "Equilibrium") == 4
    assert zones(g, 1)["deck"] == []


def test_ability_yan_magda_four_opened_breaches_an_ally_gains_onto_their_deck() -> None:
    me = player("Yan Magda", hand=list(HOLD), charges=5, breaches=[OPEN, OPEN, OPEN, OPEN])
    ally = player("Brama", hand=list(HOLD), deck=["Crystal"])
    g = at_main(two(me, ally))
    choose(g, ("ability", 0))
    choose(g, ("gain", "Aurora"))
    assert ("gain", 1, "Equilibrium") in g.legal_actions()
    choose(g, ("gain", 1, "Equilibrium"))
    waits_in_main(g, 0)
    assert zones(g, 0)["discard"] == ["Aurora"]
    assert zones(g, 1)["deck"] == ["Equilibrium", "Crystal"] and supply(g, "Equilibrium") == 4


# ============================================================== setup and catalogue


REF = Path(__file__).resolve().parents[4] / "shared" / "reference"
WE_MAGES = ("Dezmodia", "Garu", "Gex", "Mazahaedron", "Mist (WE)", "Quilius", "Ulgimor", "Yan Magda")


def _ref_mages() -> dict[str, dict[str, Any]]:
    path = REF / "mages.json"
    if not path.exists():  # pragma: no cover - the reference lives beside the repo
        pytest.skip("reference/mages.json not present")
    ids = {"MistWE": "Mist (WE)", "YanMagda": "Yan Magda"}
    return {ids.get(m["id"], m["id"]): m for m in json.loads(path.read_text()) if m["expansion"] == "WE"}


@pytest.mark.parametrize("mage", WE_MAGES)
def test_ability_we_mage_matches_the_reference_mat_S_2_S_3(mage: str) -> None:
    ref = _ref_mages()[mage]
    m = registry.mage(mage)
    assert (m.name, m.title, m.box) == (ref["name"], ref["title"], "WE")
    assert (m.ability.name, m.ability.window, m.ability.charges) == (
        ref["ability"]["name"], "your_main", ref["ability"]["charges"])
    assert (list(m.hand), list(m.deck)) == (ref["starting_hand"], ref["starting_deck"])
    assert [(b.state, b.stage) for b in m.breaches] == [(b["state"], b.get("stage", 0)) for b in ref["breaches"]]
    for u in ref["unique_starters"]:
        c = registry.card(u["name"])
        assert (c.type, c.cost, c.starter, c.mage, c.box) == (u["type"].lower(), 0, True, mage, "WE")
        assert c.name in m.uniques
    assert ability_text(m).startswith(m.ability.name)


def test_ability_mist_we_and_aeons_end_mist_are_two_mages() -> None:
    assert registry.mage("Mist (WE)").title == "Voidwalker"
    assert registry.MAGES["Mist"].title == "Dagger Captain"


@pytest.mark.parametrize("mages", [["Gex", "Dezmodia"], ["Mist (WE)", "Yan Magda", "Quilius"],
                                   ["Garu", "Mazahaedron", "Ulgimor", "Mist"]])
def test_ability_we_mages_set_up_and_play_whole_games_conserving_cards(mages: list[str]) -> None:
    """A busy random policy (it rarely ends a phase early) reaches every ability."""
    import random

    nemesis = "Rageborne" if "Rageborne" in registry.NEMESES else sorted(registry.NEMESES)[0]
    market = ["Dread Diamond", "Frozen Magmite", "Breach Ore", "Fiend Catcher", "Conclave Scroll",
              "Carbonize", "Equilibrium", "Pyrotechnic Surge", "Aurora"]
    for seed in range(4):
        g = Game.new(mages=mages, nemesis=nemesis, market=market, seed=seed)
        if "Gex" in mages:
            assert g.state.players[mages.index("Gex")].breaches[0].state == "none"
        census = card_census(g.state)
        r = random.Random(seed)
        n = 0
        while not g.over and n < 3000:
            acts = g.legal_actions()
            busy = [a for a in acts if a[0] not in ("end_main", "end_casting", "pass", "skip", "done")]
            g.apply(r.choice(busy) if busy and r.random() < 0.9 else r.choice(acts))
            assert card_census(g.state) == census
            n += 1
        again = Game.from_dict(json.loads(json.dumps(g.to_dict())))
        assert again.state == g.state


def _snake(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower().replace("'", "")).strip("_")


def test_card_catalogue_every_war_eternal_card_and_mage_has_a_test_here() -> None:
    source = Path(__file__).read_text(encoding="utf-8")
    tests = set(re.findall(r"^def (test_\w+)", source, re.M))
    # the cards of the box's two named markets are covered by tests/boxes/aeons_end/test_cards_player.py
    theirs = {c for m in we_supply.MARKETS for c in m.cards}
    assert len(theirs) == 18
    cards = [n for n, c in registry.CARDS.items() if c.box == "WE" and n not in theirs]
    assert len(cards) == 17
    missing = [n for n in cards if not any(t.startswith(f"test_card_{_snake(n)}_") for t in tests)]
    missing += [f"ability of {m}" for m in WE_MAGES if not any(t.startswith(f"test_ability_{_snake(m)}_")
                                                                for t in tests)]
    assert missing == []
    for n in cards:
        assert card_text(registry.CARDS[n]).strip()
