"""Behaviour of the Aeon's End player content: the 27 supply cards, the unique starting
cards and abilities of Jian, Kadir, Lash and Phaedraxa.

Each test builds a small exact state, plays, casts, gains or activates, makes the choices
and checks where everything ended up (zones, life, aether, charges, the turn order, the
destroyed pile). The census checks confirm that no card appears or vanishes (card
conservation). The coverage test at the end names every card and mage of this area.
"""

from __future__ import annotations

import copy
import random
import re
from pathlib import Path
from typing import Any

import pytest

from gravehold import Game
from gravehold.boxes.aeons_end import mages as ae_mages
from gravehold.boxes.aeons_end import supply as ae_supply
from gravehold.content import registry
from gravehold.content.text import ability_text, card_text

from support import (
    at_casting,
    at_main,
    at_player_turn,
    base_state,
    card_census,
    choose,
    closed,
    player,
)

HOLD = ["Crystal"]  # a card left in hand keeps the main phase waiting for a choice
OPEN: dict[str, Any] = {"state": "open"}

AE_SUPPLY = [
    ["Jade", 7], ["Vriswood Amber", 7], ["Diamond Cluster", 7],
    ["Blasting Staff", 5], ["Focusing Orb", 5],
    ["Ignite", 5], ["Dark Fire", 5], ["Chaos Arc", 5], ["Wildfire Whip", 5],
]


def zones(g: Game, i: int) -> dict[str, Any]:
    p = g.state.players[i]
    return {"hand": p.hand, "deck": p.deck, "discard": p.discard, "played": p.played,
            "aether": p.aether, "aether_for": p.aether_for}


def breaches(g: Game, i: int) -> list[dict[str, Any]]:
    return [b.to_dict() for b in g.state.players[i].breaches]


def two(p0: dict[str, Any], p1: dict[str, Any] | None = None, **kw: Any) -> dict[str, Any]:
    d = base_state([p0, p1 if p1 is not None else player("Mist", hand=list(HOLD))], **kw)
    d["supply"] = copy.deepcopy(AE_SUPPLY)
    return d


def brs(*spells: Any, layout: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """Brama's layout (I open, II-IV closed at stages 1, 0, 2), spells given per breach."""
    out = copy.deepcopy(layout) if layout is not None else [dict(OPEN), closed(1), closed(0), closed(2)]
    for b, names in enumerate(spells):
        if names:
            out[b]["spells"] = list(names) if isinstance(names, list) else [names]
    return out


def waits_in_main(g: Game, i: int) -> None:
    assert g.decision is not None and g.decision.kind == "main" and g.decision.player == i


def census_kept(g: Game, before: Any) -> None:
    assert card_census(g.state) == before


def pile(g: Game, name: str) -> int:
    return g.state.supply_counts[g.state.supply_names.index(name)]


# ============================================================== gems


def test_card_jade_gives_two_aether_P_7() -> None:
    g = at_main(two(player("Brama", hand=["Jade", "Crystal"])))
    choose(g, ("play", "Jade"))
    waits_in_main(g, 0)
    assert zones(g, 0) == {"hand": ["Crystal"], "deck": [], "discard": [], "played": ["Jade"],
                           "aether": 2, "aether_for": {}}


def test_card_vriswood_amber_gained_onto_deck_top_P_8() -> None:
    g = at_main(two(player("Brama", hand=list(HOLD), deck=["Spark"], discard=["Crystal"], aether=4)))
    choose(g, ("gain", "Vriswood Amber"))
    assert g.decision.kind == "to_deck" and set(g.legal_actions()) == {("yes",), ("no",)}
    choose(g, ("yes",))
    waits_in_main(g, 0)
    assert zones(g, 0) == {"hand": HOLD, "deck": ["Vriswood Amber", "Spark"], "discard": ["Crystal"],
                           "played": [], "aether": 1, "aether_for": {}}
    assert pile(g, "Vriswood Amber") == 6


def test_card_vriswood_amber_declined_stays_on_discard_and_plays_for_two() -> None:
    g = at_main(two(player("Brama", hand=["Vriswood Amber", "Crystal"], discard=["Crystal"], aether=3)))
    choose(g, ("gain", "Vriswood Amber"))
    choose(g, ("no",))
    assert zones(g, 0)["discard"] == ["Crystal", "Vriswood Amber"] and g.state.players[0].aether == 0
    choose(g, ("play", "Vriswood Amber"))
    waits_in_main(g, 0)
    assert zones(g, 0) == {"hand": ["Crystal"], "deck": [], "discard": ["Crystal", "Vriswood Amber"],
                           "played": ["Vriswood Amber"], "aether": 2, "aether_for": {}}


def test_card_sifters_pearl_each_player_keeps_or_discards_their_top_card_P_16() -> None:
    me = player("Brama", hand=["Sifter's Pearl", "Crystal"], deck=["Spark", "Crystal"])
    ally = player("Mist", hand=list(HOLD), discard=["Jade", "Crystal"])  # empty deck: flips first
    g = at_main(two(me, ally))
    before = card_census(g.state)
    choose(g, ("play", "Sifter's Pearl"))
    assert g.decision.kind == "sift" and g.decision.player == 0
    assert set(g.legal_actions()) == {("discard",), ("keep",)}
    choose(g, ("discard",))
    assert g.decision.kind == "sift" and g.decision.player == 1
    choose(g, ("keep",))
    waits_in_main(g, 0)
    assert zones(g, 0) == {"hand": ["Crystal"], "deck": ["Crystal"], "discard": ["Spark"],
                           "played": ["Sifter's Pearl"], "aether": 2, "aether_for": {}}
    assert zones(g, 1) == {"hand": HOLD, "deck": ["Jade", "Crystal"], "discard": [], "played": [],
                           "aether": 0, "aether_for": {}}
    census_kept(g, before)


def test_card_sifters_pearl_player_without_cards_is_skipped() -> None:
    g = at_main(two(player("Brama", hand=["Sifter's Pearl", "Crystal"]),
                    player("Mist", hand=list(HOLD), deck=["Spark"])))
    choose(g, ("play", "Sifter's Pearl"))
    assert g.decision.player == 1  # nothing to reveal for player 1 (seat 0)
    choose(g, ("discard",))
    waits_in_main(g, 0)
    assert zones(g, 1)["deck"] == [] and zones(g, 1)["discard"] == ["Spark"]
    assert g.state.players[0].aether == 2


def test_card_diamond_cluster_second_play_only_gives_two_more() -> None:
    g = at_main(two(player("Brama", hand=["Diamond Cluster"] * 3 + ["Crystal"])))
    choose(g, ("play", "Diamond Cluster"))
    assert g.state.players[0].aether == 2
    choose(g, ("play", "Diamond Cluster"))
    assert g.state.players[0].aether == 6
    choose(g, ("play", "Diamond Cluster"))
    waits_in_main(g, 0)
    assert zones(g, 0) == {"hand": ["Crystal"], "deck": [], "discard": [], "played": ["Diamond Cluster"] * 3,
                           "aether": 8, "aether_for": {}}


def test_card_diamond_cluster_count_starts_again_next_turn() -> None:
    d = two(player("Brama", hand=["Diamond Cluster", "Crystal"], deck=["Diamond Cluster", "Spark", "Spark",
                                                                        "Spark", "Spark"]))
    d["turn_order"] = {"deck": ["P1", "N"], "discard": []}
    g = at_main(d)
    choose(g, ("play", "Diamond Cluster"))
    choose(g, ("end_main",))  # draw phase, then the next turn is P1 again
    waits_in_main(g, 0)
    assert g.state.players[0].hand.count("Diamond Cluster") == 1
    choose(g, ("play", "Diamond Cluster"))
    assert g.state.players[0].aether == 2  # the first play of this turn


def test_card_searing_ruby_one_aether_only_for_a_spell_K_11() -> None:
    g = at_main(two(player("Brama", hand=["Searing Ruby", "Crystal"], aether=3)))
    choose(g, ("play", "Searing Ruby"))
    assert ("gain", "Chaos Arc") in g.legal_actions()  # 5 + 1 for a spell
    assert zones(g, 0)["aether"] == 5 and zones(g, 0)["aether_for"] == {"spell": 1}
    choose(g, ("gain", "Chaos Arc"))  # 6: the spell-only aether pays first
    waits_in_main(g, 0)
    assert zones(g, 0) == {"hand": HOLD, "deck": [], "discard": ["Chaos Arc"], "played": ["Searing Ruby"],
                           "aether": 0, "aether_for": {}}


def test_card_burning_opal_discard_lets_an_ally_draw() -> None:
    ally = player("Mist", hand=list(HOLD), deck=["Jade", "Spark"])
    g = at_main(two(player("Brama", hand=["Burning Opal", "Spark", "Crystal"]), ally))
    choose(g, ("play", "Burning Opal"))
    assert g.decision.kind == "discard"
    assert set(g.legal_actions()) == {("card", "Spark"), ("card", "Crystal"), ("skip",)}
    choose(g, ("card", "Spark"))  # the only ally draws at once
    waits_in_main(g, 0)
    assert zones(g, 0) == {"hand": ["Crystal"], "deck": [], "discard": ["Spark"], "played": ["Burning Opal"],
                           "aether": 3, "aether_for": {}}
    assert zones(g, 1)["hand"] == ["Crystal", "Jade"] and zones(g, 1)["deck"] == ["Spark"]


def test_card_burning_opal_no_discard_no_draw() -> None:
    ally = player("Mist", hand=list(HOLD), deck=["Jade"])
    g = at_main(two(player("Brama", hand=["Burning Opal", "Crystal"]), ally))
    choose(g, ("play", "Burning Opal"))
    choose(g, ("skip",))
    waits_in_main(g, 0)
    assert zones(g, 0)["hand"] == ["Crystal"] and zones(g, 0)["aether"] == 3
    assert zones(g, 1)["hand"] == HOLD and zones(g, 1)["deck"] == ["Jade"]


def test_card_clouded_sapphire_first_play_charges_an_ally_only() -> None:
    d = base_state([player("Brama", hand=["Clouded Sapphire", "Clouded Sapphire", "Crystal"], charges=1),
                    player("Mist", hand=list(HOLD), charges=2), player("Xaxos", hand=list(HOLD), charges=5)])
    g = at_main(d)
    choose(g, ("play", "Clouded Sapphire"))
    # Xaxos is full (P-9), so Mist is the only ally who can take it
    choose(g, ("play", "Clouded Sapphire"))
    waits_in_main(g, 0)
    assert [p.charges for p in g.state.players] == [1, 3, 5]
    assert zones(g, 0) == {"hand": ["Crystal"], "deck": [], "discard": [], "played": ["Clouded Sapphire"] * 2,
                           "aether": 6, "aether_for": {}}


def test_card_clouded_sapphire_solo_charge_comes_to_you_SO_1() -> None:
    g = at_main(base_state([player("Brama", hand=["Clouded Sapphire", "Crystal"])]))
    choose(g, ("play", "Clouded Sapphire"))
    assert g.state.players[0].charges == 1 and g.state.players[0].aether == 3


# ============================================================== relics


def test_card_flexing_dagger_next_focus_costs_three_less_P_11() -> None:
    g = at_main(two(player("Brama", hand=["Flexing Dagger", "Crystal"], aether=1)))
    choose(g, ("play", "Flexing Dagger"))
    assert g.decision.kind == "or"
    choose(g, ("choose", 0))
    acts = set(g.legal_actions())
    assert {("focus", 1), ("focus", 2), ("focus", 3)} <= acts  # 2, 3, 4 cost less 3; 1 Æ held
    assert ("open", 3) not in acts  # 7 - 3 is still too much
    choose(g, ("focus", 3))
    waits_in_main(g, 0)
    assert g.state.players[0].aether == 0
    assert breaches(g, 0) == [OPEN, closed(1), closed(0), {"state": "closed", "stage": 3, "focused": True}]
    assert ("focus", 1) not in g.legal_actions()  # used up
    assert zones(g, 0)["played"] == ["Flexing Dagger"]


def test_card_flexing_dagger_discount_on_opening_a_breach_P_12() -> None:
    g = at_main(two(player("Brama", hand=["Flexing Dagger", "Crystal"], aether=4)))
    choose(g, ("play", "Flexing Dagger"))
    choose(g, ("choose", 0))
    choose(g, ("open", 3))  # 7 - 3
    waits_in_main(g, 0)
    assert g.state.players[0].aether == 0 and breaches(g, 0)[3] == OPEN


def test_card_flexing_dagger_destroyed_for_one_damage_K_10() -> None:
    g = at_main(two(player("Brama", hand=["Flexing Dagger", "Crystal"])))
    before = card_census(g.state)
    choose(g, ("play", "Flexing Dagger"))
    choose(g, ("choose", 1))
    waits_in_main(g, 0)
    assert g.state.nemesis.life == 69
    assert zones(g, 0)["played"] == [] and g.state.destroyed == ["Flexing Dagger"]
    census_kept(g, before)


def test_card_unstable_prism_plays_a_gem_twice_and_destroys_it() -> None:
    g = at_main(two(player("Brama", hand=["Unstable Prism", "Diamond Cluster", "Crystal"])))
    before = card_census(g.state)
    choose(g, ("play", "Unstable Prism"))
    assert set(g.legal_actions()) == {("choose", 0), ("choose", 1)}
    choose(g, ("choose", 0))
    assert set(g.legal_actions()) == {("card", "Diamond Cluster"), ("card", "Crystal")}
    choose(g, ("card", "Diamond Cluster"))
    waits_in_main(g, 0)
    # 2, then 2 + 2 for the second play of Diamond Cluster this turn
    assert zones(g, 0) == {"hand": ["Crystal"], "deck": [], "discard": [], "played": ["Unstable Prism"],
                           "aether": 6, "aether_for": {}}
    assert g.state.destroyed == ["Diamond Cluster"]
    census_kept(g, before)


def test_card_unstable_prism_without_a_gem_gives_two_aether_P_7() -> None:
    g = at_main(two(player("Brama", hand=["Unstable Prism", "Spark"])))
    choose(g, ("play", "Unstable Prism"))  # only the aether branch can fully resolve
    assert g.decision.kind == "main"
    assert zones(g, 0)["aether"] == 2 and g.state.destroyed == []


def test_card_bottled_vortex_destroys_itself_two_cards_and_draws_K_10() -> None:
    me = player("Brama", hand=["Bottled Vortex", "Spark", "Crystal"], discard=["Jade", "Crystal"],
                deck=["Ignite"])
    g = at_main(two(me))
    before = card_census(g.state)
    choose(g, ("play", "Bottled Vortex"))
    assert set(g.legal_actions()) == {("card", "hand", "Spark"), ("card", "hand", "Crystal"),
                                      ("card", "discard", "Jade"), ("card", "discard", "Crystal"), ("done",)}
    choose(g, ("card", "hand", "Spark"))
    choose(g, ("card", "discard", "Crystal"))
    waits_in_main(g, 0)
    assert zones(g, 0) == {"hand": ["Crystal", "Ignite"], "deck": [], "discard": ["Jade"], "played": [],
                           "aether": 0, "aether_for": {}}
    assert g.state.destroyed == ["Bottled Vortex", "Spark", "Crystal"]
    census_kept(g, before)


def test_card_bottled_vortex_may_destroy_nothing() -> None:
    g = at_main(two(player("Brama", hand=["Bottled Vortex", "Crystal"], deck=["Jade"])))
    choose(g, ("play", "Bottled Vortex"))
    choose(g, ("done",))
    waits_in_main(g, 0)
    assert zones(g, 0)["hand"] == ["Crystal", "Jade"] and g.state.destroyed == ["Bottled Vortex"]


def test_card_blasting_staff_casts_a_spell_prepped_this_turn_for_two_more_P_13() -> None:
    layout = [{"state": "open", "spells": ["Ignite"]}, dict(OPEN), closed(0), closed(2)]
    g = at_main(two(player("Brama", hand=["Blasting Staff", "Spark", "Crystal"], breaches=layout)))
    choose(g, ("prep", "Spark", 1))
    choose(g, ("play", "Blasting Staff"))
    # Ignite was prepped before this turn: only the Spark, or nothing
    assert set(g.legal_actions()) == {("spell", 0, 1, 0), ("skip",)}
    choose(g, ("spell", 0, 1, 0))
    waits_in_main(g, 0)
    assert g.state.nemesis.life == 67  # 1 + 2
    assert zones(g, 0) == {"hand": ["Crystal"], "deck": [], "discard": ["Spark"], "played": ["Blasting Staff"],
                           "aether": 0, "aether_for": {}}
    assert breaches(g, 0)[:2] == [{"state": "open", "spells": ["Ignite"]}, OPEN]


def test_card_blasting_staff_bonus_applies_to_a_spell_dealing_no_damage_P_3() -> None:
    layout = [dict(OPEN), dict(OPEN), dict(OPEN), closed(2)]
    g = at_main(two(player("Brama", hand=["Blasting Staff", "Dark Fire", "Crystal"], breaches=layout)))
    choose(g, ("prep", "Dark Fire", 2))
    choose(g, ("play", "Blasting Staff"))
    choose(g, ("spell", 0, 2, 0))
    choose(g, ("done",))  # Dark Fire discards nothing: 0 damage, + breach III 1 + 2
    waits_in_main(g, 0)
    assert g.state.nemesis.life == 67
    assert zones(g, 0)["discard"] == ["Dark Fire"] and zones(g, 0)["hand"] == ["Crystal"]


def test_card_blasting_staff_nothing_prepped_this_turn() -> None:
    g = at_main(two(player("Brama", hand=["Blasting Staff", "Crystal"], breaches=brs(["Spark"]))))
    choose(g, ("play", "Blasting Staff"))
    waits_in_main(g, 0)
    assert g.state.nemesis.life == 70 and breaches(g, 0)[0] == {"state": "open", "spells": ["Spark"]}


def test_card_focusing_orb_focuses_an_ally_breach_P_11() -> None:
    ally = player("Mist", hand=list(HOLD), breaches=[dict(OPEN), dict(OPEN), dict(OPEN), closed(3)])
    g = at_main(two(player("Brama", hand=["Focusing Orb", "Crystal"],
                           breaches=[dict(OPEN), dict(OPEN), dict(OPEN), dict(OPEN)]), ally))
    choose(g, ("play", "Focusing Orb"))
    choose(g, ("choose", 0))  # only one closed breach on the table: focused at once
    waits_in_main(g, 0)
    assert breaches(g, 1)[3] == OPEN  # it was at its last stage, so it opens
    assert zones(g, 0)["played"] == ["Focusing Orb"]


def test_card_focusing_orb_destroyed_for_three_gravehold_life() -> None:
    g = at_main(two(player("Brama", hand=["Focusing Orb", "Crystal"])), )
    g.state.gravehold = 20
    choose(g, ("play", "Focusing Orb"))
    choose(g, ("choose", 1))
    waits_in_main(g, 0)
    assert g.state.gravehold == 23 and g.state.destroyed == ["Focusing Orb"]
    assert zones(g, 0)["played"] == []


def test_card_mages_talisman_you_and_an_ally_gain_a_charge_P_9() -> None:
    d = base_state([player("Brama", hand=["Mage's Talisman", "Mage's Talisman", "Crystal"], charges=4),
                    player("Mist", hand=list(HOLD), charges=0), player("Xaxos", hand=list(HOLD), charges=1)])
    g = at_main(d)
    choose(g, ("play", "Mage's Talisman"))
    assert set(g.legal_actions()) == {("player", 1), ("player", 2)}
    choose(g, ("player", 2))
    choose(g, ("play", "Mage's Talisman"))  # Brama is full now: no more for her
    choose(g, ("player", 1))
    waits_in_main(g, 0)
    assert [p.charges for p in g.state.players] == [5, 1, 2]
    assert zones(g, 0)["played"] == ["Mage's Talisman"] * 2


# ============================================================== spells


def test_card_spectral_echo_damage_then_may_destroy_a_card_K_10() -> None:
    g = at_casting(two(player("Brama", hand=["Crystal", "Spark"], breaches=brs(["Spectral Echo"]))))
    before = card_census(g.state)
    choose(g, ("cast", 0, 0))
    assert g.state.nemesis.life == 68
    assert set(g.legal_actions()) == {("card", "hand", "Crystal"), ("card", "hand", "Spark"), ("done",)}
    choose(g, ("card", "hand", "Spark"))
    waits_in_main(g, 0)
    assert zones(g, 0) == {"hand": ["Crystal"], "deck": [], "discard": ["Spectral Echo"], "played": [],
                           "aether": 0, "aether_for": {}}
    assert g.state.destroyed == ["Spark"]
    census_kept(g, before)


def test_card_phoenix_flame_lose_a_charge_for_four_damage() -> None:
    g = at_casting(two(player("Brama", hand=list(HOLD), charges=2, breaches=brs(["Phoenix Flame"]))))
    choose(g, ("cast", 0, 0))
    assert g.decision.kind == "yes_no"
    choose(g, ("yes",))
    waits_in_main(g, 0)
    assert g.state.nemesis.life == 66 and g.state.players[0].charges == 1
    assert zones(g, 0)["discard"] == ["Phoenix Flame"]


def test_card_phoenix_flame_without_charges_deals_two_plus_bonus_P_3() -> None:
    layout = [dict(OPEN), closed(1), {"state": "open", "spells": ["Phoenix Flame"]}, closed(2)]
    g = at_casting(two(player("Brama", hand=list(HOLD), charges=0, breaches=layout)))
    choose(g, ("cast", 2, 0))  # no question asked
    waits_in_main(g, 0)
    assert g.state.nemesis.life == 67 and g.state.players[0].charges == 0


def test_card_ignite_damage_and_an_ally_charge() -> None:
    g = at_casting(two(player("Brama", hand=list(HOLD), breaches=brs(["Ignite"])),
                       player("Mist", hand=list(HOLD), charges=3)))
    choose(g, ("cast", 0, 0))
    waits_in_main(g, 0)
    assert g.state.nemesis.life == 68
    assert [p.charges for p in g.state.players] == [0, 4]
    assert zones(g, 0)["discard"] == ["Ignite"]


def test_card_amplify_vision_focuses_cheapest_closed_breach_then_deals_two() -> None:
    g = at_casting(two(player("Brama", hand=list(HOLD), breaches=brs(["Amplify Vision"]))))
    choose(g, ("cast", 0, 0))
    waits_in_main(g, 0)
    assert breaches(g, 0) == [OPEN, {"state": "closed", "stage": 2, "focused": True}, closed(0), closed(2)]
    assert g.state.nemesis.life == 68
    assert zones(g, 0)["discard"] == ["Amplify Vision"]


def test_card_amplify_vision_opening_the_last_breach_adds_one_P_11() -> None:
    # Phaedraxa has no breach I: it does not count against "all opened"
    layout = [{"state": "none"}, {"state": "open", "spells": ["Amplify Vision"]}, dict(OPEN), closed(3)]
    g = at_casting(two(player("Phaedraxa", hand=list(HOLD), breaches=layout)))
    choose(g, ("cast", 1, 0))
    waits_in_main(g, 0)
    assert breaches(g, 0) == [{"state": "none"}, OPEN, OPEN, OPEN]
    assert g.state.nemesis.life == 67  # 2 + 1, breach II gives no bonus


def test_card_lava_tendril_one_damage_at_end_of_casting_while_kept() -> None:
    g = at_player_turn(two(player("Brama", hand=list(HOLD), breaches=brs(["Lava Tendril"]))))
    assert set(g.legal_actions()) == {("cast", 0, 0), ("end_casting",)}
    choose(g, ("end_casting",))
    waits_in_main(g, 0)
    assert g.state.nemesis.life == 69
    assert breaches(g, 0)[0] == {"state": "open", "spells": ["Lava Tendril"]}


def test_card_lava_tendril_cast_deals_three_and_no_end_damage_P_1() -> None:
    layout = brs(["Lava Tendril"], ["Spark"])
    layout[1] = {"state": "open", "spells": ["Spark"]}
    g = at_player_turn(two(player("Brama", hand=list(HOLD), breaches=layout)))
    choose(g, ("cast", 0, 0))
    choose(g, ("end_casting",))
    waits_in_main(g, 0)
    assert g.state.nemesis.life == 67
    assert zones(g, 0)["discard"] == ["Lava Tendril"]


def test_card_lava_tendril_on_a_closed_breach_is_cast_not_triggered_P_1() -> None:
    layout = brs(None, None, None, ["Lava Tendril"])
    g = at_player_turn(two(player("Brama", hand=list(HOLD), breaches=layout)))
    waits_in_main(g, 0)  # forced cast, then the casting phase ends with nothing prepped
    assert g.state.nemesis.life == 67 and zones(g, 0)["discard"] == ["Lava Tendril"]


def test_card_essence_theft_discard_for_one_life_to_any_player() -> None:
    g = at_casting(two(player("Brama", hand=["Crystal", "Spark"], breaches=brs(["Essence Theft"])),
                       player("Mist", hand=list(HOLD), life=6)))
    choose(g, ("cast", 0, 0))
    assert g.state.nemesis.life == 67
    choose(g, ("card", "Spark"))
    assert set(g.legal_actions()) == {("player", 0), ("player", 1)}
    choose(g, ("player", 1))
    waits_in_main(g, 0)
    assert [p.life for p in g.state.players] == [10, 7]
    assert zones(g, 0) == {"hand": ["Crystal"], "deck": [], "discard": ["Essence Theft", "Spark"],
                           "played": [], "aether": 0, "aether_for": {}}


def test_card_essence_theft_may_keep_the_hand() -> None:
    g = at_casting(two(player("Brama", hand=["Crystal"], life=5, breaches=brs(["Essence Theft"]))))
    choose(g, ("cast", 0, 0))
    choose(g, ("skip",))
    waits_in_main(g, 0)
    assert g.state.players[0].life == 5 and zones(g, 0)["hand"] == ["Crystal"]


def test_card_feral_lightning_preps_to_an_unfocused_closed_breach_P_13() -> None:
    d = two(player("Brama", hand=["Feral Lightning", "Spark", "Crystal"]))
    d["turn_order"] = {"deck": ["P1", "N"], "discard": []}
    g = at_main(d)
    acts = set(g.legal_actions())
    assert {("prep", "Feral Lightning", b) for b in range(4)} <= acts
    assert ("prep", "Spark", 3) not in acts  # a plain spell needs the breach focused
    choose(g, ("prep", "Feral Lightning", 3))
    assert breaches(g, 0)[3] == {"state": "closed", "stage": 2, "spells": ["Feral Lightning"]}
    choose(g, ("end_main",))
    # P-1: on the next turn it lies on a closed breach and must be cast (no bonus)
    waits_in_main(g, 0)
    assert g.state.nemesis.life == 67
    assert breaches(g, 0)[3] == closed(2) and "Feral Lightning" in zones(g, 0)["discard"]


def test_card_dark_fire_discards_two_for_six_damage_P_3() -> None:
    g = at_casting(two(player("Brama", hand=["Crystal", "Spark", "Jade"], breaches=brs(["Dark Fire"]))))
    choose(g, ("cast", 0, 0))
    assert set(g.legal_actions()) == {("card", "Crystal"), ("card", "Spark"), ("card", "Jade"), ("done",)}
    choose(g, ("card", "Crystal"))
    choose(g, ("card", "Spark"))  # two discarded: no third choice
    waits_in_main(g, 0)
    assert g.state.nemesis.life == 64
    assert zones(g, 0) == {"hand": ["Jade"], "deck": [], "discard": ["Dark Fire", "Crystal", "Spark"],
                           "played": [], "aether": 0, "aether_for": {}}


def test_card_dark_fire_one_card_hits_a_minion_as_one_source_P_4() -> None:
    d = two(player("Brama", hand=["Crystal", "Spark"], breaches=brs(["Dark Fire"])))
    d["nemesis"]["in_play"] = [{"name": "Bane Sire", "life": 6}]
    g = at_casting(d)
    choose(g, ("cast", 0, 0))
    choose(g, ("card", "Spark"))
    choose(g, ("done",))
    assert g.decision.kind == "target"
    choose(g, ("target", "Bane Sire"))
    assert [c.to_dict() for c in g.state.nemesis.in_play] == [{"name": "Bane Sire", "life": 3}]
    assert zones(g, 0)["hand"] == ["Crystal"]


def test_card_oblivion_swell_one_aether_once_per_turn_P_14() -> None:
    g = at_main(two(player("Brama", hand=list(HOLD), breaches=brs(["Oblivion Swell"]))))
    choose(g, ("use", 0, "Oblivion Swell"))
    waits_in_main(g, 0)
    assert g.state.players[0].aether == 1
    assert ("use", 0, "Oblivion Swell") not in g.legal_actions()
    assert breaches(g, 0)[0] == {"state": "open", "spells": ["Oblivion Swell"]}


def test_card_oblivion_swell_discarded_gem_adds_its_cost() -> None:
    g = at_casting(two(player("Brama", hand=["Diamond Cluster", "Spark"], breaches=brs(["Oblivion Swell"]))))
    choose(g, ("cast", 0, 0))
    assert set(g.legal_actions()) == {("card", "Diamond Cluster"), ("skip",)}
    choose(g, ("card", "Diamond Cluster"))
    waits_in_main(g, 0)
    assert g.state.nemesis.life == 64  # 2 + 4
    assert zones(g, 0) == {"hand": ["Spark"], "deck": [], "discard": ["Oblivion Swell", "Diamond Cluster"],
                           "played": [], "aether": 0, "aether_for": {}}


def test_card_chaos_arc_two_more_per_spell_on_adjacent_breaches() -> None:
    layout = [{"state": "open", "spells": ["Spark"]}, {"state": "open", "spells": ["Chaos Arc"]},
              {"state": "open", "spells": ["Ignite"]}, {"state": "open", "spells": ["Spark"]}]
    g = at_casting(two(player("Brama", hand=list(HOLD), breaches=layout)))
    choose(g, ("cast", 1, 0))
    assert g.state.nemesis.life == 63  # 3 + 2 x 2 (breaches I and III), breach II no bonus
    choose(g, ("end_casting",))
    waits_in_main(g, 0)
    assert zones(g, 0)["discard"] == ["Chaos Arc"]
    assert [b.get("spells") for b in breaches(g, 0)] == [["Spark"], None, ["Ignite"], ["Spark"]]


def test_card_chaos_arc_on_breach_four_counts_only_breach_three() -> None:
    layout = [{"state": "open", "spells": ["Spark"]}, closed(1), {"state": "open", "spells": ["Spark"]},
              {"state": "open", "spells": ["Chaos Arc"]}]
    g = at_casting(two(player("Brama", hand=list(HOLD), breaches=layout)))
    choose(g, ("cast", 3, 0))
    assert g.state.nemesis.life == 64  # 3 + 2 + breach IV bonus 1


def test_card_planar_insight_one_more_per_opened_breach() -> None:
    layout = [{"state": "open", "spells": ["Planar Insight"]}, dict(OPEN), dict(OPEN), closed(2)]
    g = at_casting(two(player("Brama", hand=list(HOLD), breaches=layout)))
    choose(g, ("cast", 0, 0))
    waits_in_main(g, 0)
    assert g.state.nemesis.life == 65  # 2 + 3 opened breaches
    assert zones(g, 0)["discard"] == ["Planar Insight"]


def test_card_wildfire_whip_pays_two_each_time_to_cast_any_prepped_spell_P_18() -> None:
    me = player("Brama", hand=list(HOLD), aether=4, breaches=brs(["Wildfire Whip"]))
    ally = player("Mist", hand=list(HOLD), breaches=brs(["Spark"]))
    g = at_main(two(me, ally))
    choose(g, ("use", 0, "Wildfire Whip"))
    assert set(g.legal_actions()) == {("spell", 0, 0, 0), ("spell", 1, 0, 0)}
    choose(g, ("spell", 1, 0, 0))
    waits_in_main(g, 0)
    assert g.state.nemesis.life == 69 and g.state.players[0].aether == 2
    assert zones(g, 1)["discard"] == ["Spark"]
    # no once-per-turn limit: again, and now the whip is the only prepped spell left
    choose(g, ("use", 0, "Wildfire Whip"))
    waits_in_main(g, 0)
    assert g.state.nemesis.life == 65 and g.state.players[0].aether == 0
    assert zones(g, 0)["discard"] == ["Wildfire Whip"] and breaches(g, 0)[0] == OPEN
    assert not [a for a in g.legal_actions() if a[0] == "use"]


def test_card_wildfire_whip_not_offered_without_two_aether() -> None:
    g = at_main(two(player("Brama", hand=list(HOLD), aether=1, breaches=brs(["Wildfire Whip"]))))
    assert not [a for a in g.legal_actions() if a[0] == "use"]


def test_card_consuming_void_destroys_two_for_six_damage_K_10() -> None:
    g = at_casting(two(player("Brama", hand=["Crystal", "Spark", "Spark"], breaches=brs(["Consuming Void"]))))
    before = card_census(g.state)
    choose(g, ("cast", 0, 0))
    choose(g, ("card", "Spark"))
    choose(g, ("card", "Spark"))
    waits_in_main(g, 0)
    assert g.state.nemesis.life == 64
    assert g.state.destroyed == ["Spark", "Spark"]
    assert zones(g, 0) == {"hand": ["Crystal"], "deck": [], "discard": ["Consuming Void"], "played": [],
                           "aether": 0, "aether_for": {}}
    census_kept(g, before)


def test_card_consuming_void_destroying_nothing_leaves_only_the_bonus_P_3() -> None:
    layout = [dict(OPEN), closed(1), {"state": "open", "spells": ["Consuming Void"]}, closed(2)]
    g = at_casting(two(player("Brama", hand=["Crystal"], breaches=layout)))
    choose(g, ("cast", 2, 0))
    choose(g, ("done",))
    waits_in_main(g, 0)
    assert g.state.nemesis.life == 69 and g.state.destroyed == []


def test_card_arcane_nexus_returns_a_played_gem_once_per_turn_P_14() -> None:
    g = at_main(two(player("Brama", hand=["Jade", "Crystal"], breaches=brs(["Arcane Nexus"]))))
    choose(g, ("play", "Jade"))
    choose(g, ("use", 0, "Arcane Nexus"))  # Jade is the only played gem
    waits_in_main(g, 0)
    assert zones(g, 0)["hand"] == ["Crystal", "Jade"] and zones(g, 0)["played"] == []
    choose(g, ("play", "Jade"))
    waits_in_main(g, 0)
    assert zones(g, 0)["aether"] == 4 and zones(g, 0)["played"] == ["Jade"]
    assert ("use", 0, "Arcane Nexus") not in g.legal_actions()


def test_card_arcane_nexus_cast_deals_four() -> None:
    g = at_casting(two(player("Brama", hand=list(HOLD), breaches=brs(["Arcane Nexus"]))))
    choose(g, ("cast", 0, 0))
    waits_in_main(g, 0)
    assert g.state.nemesis.life == 66 and zones(g, 0)["discard"] == ["Arcane Nexus"]


# ============================================================== unique starting cards


def test_card_moonstone_shard_one_aether_plus_one_only_for_a_gem_K_11() -> None:
    g = at_main(two(player("Jian", hand=["Moonstone Shard", "Crystal"], max_charges=4)))
    choose(g, ("play", "Moonstone Shard"))
    assert zones(g, 0)["aether"] == 1 and zones(g, 0)["aether_for"] == {"gem": 1}
    assert ("gain", "Jade") in g.legal_actions() and ("charge",) not in g.legal_actions()
    choose(g, ("gain", "Jade"))
    waits_in_main(g, 0)
    assert zones(g, 0) == {"hand": ["Crystal"], "deck": [], "discard": ["Jade"], "played": ["Moonstone Shard"],
                           "aether": 0, "aether_for": {}}


def test_card_emerald_shard_aether_or_one_life() -> None:
    g = at_main(two(player("Kadir", hand=["Emerald Shard", "Crystal"]), player("Mist", hand=list(HOLD), life=4)))
    choose(g, ("play", "Emerald Shard"))
    choose(g, ("choose", 1))
    choose(g, ("player", 1))
    waits_in_main(g, 0)
    assert [p.life for p in g.state.players] == [10, 5] and g.state.players[0].aether == 0
    g = at_main(two(player("Kadir", hand=["Emerald Shard", "Crystal"])))
    choose(g, ("play", "Emerald Shard"))
    choose(g, ("choose", 0))
    assert g.state.players[0].aether == 1


@pytest.mark.parametrize(("top", "place", "deck_after", "aether"), [
    ("P2", "bottom", ["N", "P1", "P2"], 2),
    ("P2", "top", ["P2", "N", "P1"], 2),
    ("N", "bottom", ["P1", "N", "N"], 1),
    ("W", "top", ["W", "N", "P1"], 2),
])
def test_card_quartz_shard_reveals_turn_order_top_and_may_move_it(
        top: str, place: str, deck_after: list[str], aether: int) -> None:
    d = two(player("Lash", hand=["Quartz Shard", "Crystal"]))
    d["turn_order"] = {"deck": [top, "N", "P1"] if top != "N" else ["N", "P1", "N"], "discard": ["P2"]}
    g = at_main(d)
    choose(g, ("play", "Quartz Shard"))
    assert g.decision.kind == "turn_order" and set(g.legal_actions()) == {("top",), ("bottom",)}
    choose(g, (place,))
    waits_in_main(g, 0)
    assert g.state.to_deck == deck_after and g.state.to_discard == ["P2"]
    assert zones(g, 0)["aether"] == aether and zones(g, 0)["played"] == ["Quartz Shard"]
    known = g.state.tokens.get("to_known", 0)
    assert known == (1 if place == "top" else 0)  # the view shows a kept card as known


def test_card_quartz_shard_empty_turn_order_deck_is_reshuffled_first_T_2() -> None:
    d = two(player("Lash", hand=["Quartz Shard", "Crystal"]))
    d["turn_order"] = {"deck": [], "discard": ["P1", "P2", "N", "N", "P1", "P2"]}
    g = at_main(d)
    choose(g, ("play", "Quartz Shard"))
    top = g.state.to_deck[0]
    choose(g, ("top",))
    assert g.state.to_discard == [] and sorted(g.state.to_deck) == ["N", "N", "P1", "P1", "P2", "P2"]
    assert g.state.players[0].aether == (1 if top == "N" else 2)


def test_card_tourmaline_shard_ally_takes_one_damage_to_destroy_a_card_K_10() -> None:
    ally = player("Mist", hand=["Crystal", "Spark"], life=6)
    g = at_main(two(player("Phaedraxa", hand=["Tourmaline Shard", "Crystal"],
                           breaches=[{"state": "none"}, dict(OPEN), closed(1), closed(2)]), ally))
    before = card_census(g.state)
    choose(g, ("play", "Tourmaline Shard"))
    assert set(g.legal_actions()) == {("player", 1), ("skip",)}
    choose(g, ("player", 1))
    assert g.decision.kind == "destroy" and g.decision.player == 1
    choose(g, ("card", "Spark"))
    waits_in_main(g, 0)
    assert g.state.players[1].life == 5 and zones(g, 1)["hand"] == ["Crystal"]
    assert g.state.destroyed == ["Spark"] and zones(g, 0)["aether"] == 1
    census_kept(g, before)


def test_card_tourmaline_shard_may_be_declined() -> None:
    g = at_main(two(player("Phaedraxa", hand=["Tourmaline Shard", "Crystal"])))
    choose(g, ("play", "Tourmaline Shard"))
    choose(g, ("skip",))
    waits_in_main(g, 0)
    assert [p.life for p in g.state.players] == [10, 10] and g.state.destroyed == []


# ============================================================== abilities


def test_ability_jian_black_mirror_casts_an_ally_spell_twice_P_18() -> None:
    ally = player("Mist", hand=list(HOLD),
                  breaches=[dict(OPEN), closed(1), {"state": "open", "spells": ["Ignite"]}, closed(2)])
    g = at_main(two(player("Jian", hand=list(HOLD), charges=4, max_charges=4), ally))
    assert ("ability", 0) in g.legal_actions()
    choose(g, ("ability", 0))  # the only prepped spell is picked at once
    waits_in_main(g, 0)
    assert g.state.nemesis.life == 64  # (2 + breach III 1) twice
    # Ignite's charge goes to an ally of the caster, Jian: the only ally is Mist, twice
    assert [p.charges for p in g.state.players] == [0, 2]
    assert zones(g, 1)["discard"] == ["Ignite"] and breaches(g, 1)[2] == OPEN
    assert zones(g, 0)["discard"] == []


def test_ability_jian_black_mirror_own_spell_choice_and_discard_P_2() -> None:
    layout = [{"state": "open", "spells": ["Spark"]}, {"state": "open", "spells": ["Planar Insight"]},
              closed(0), closed(1)]
    g = at_main(two(player("Jian", hand=list(HOLD), charges=4, max_charges=4, breaches=layout)))
    choose(g, ("ability", 0))
    assert set(g.legal_actions()) == {("spell", 0, 0, 0), ("spell", 0, 1, 0)}
    choose(g, ("spell", 0, 1, 0))
    waits_in_main(g, 0)
    assert g.state.nemesis.life == 62  # (2 + 2 opened) twice
    assert zones(g, 0)["discard"] == ["Planar Insight"]
    assert breaches(g, 0)[:2] == [{"state": "open", "spells": ["Spark"]}, OPEN]
    assert g.state.players[0].charges == 0


def test_ability_jian_black_mirror_only_in_his_main_phase() -> None:
    g = at_main(two(player("Brama", hand=list(HOLD)),
                    player("Jian", hand=list(HOLD), charges=4, max_charges=4, breaches=brs(["Spark"]))))
    assert ("ability", 1) not in g.legal_actions()


def test_ability_kadir_returns_spells_and_allows_two_per_opened_breach_P_13() -> None:
    me = player("Brama", hand=list(HOLD), discard=["Spark", "Ignite", "Crystal", "Spark"],
                breaches=[dict(OPEN), {"state": "closed", "stage": 1, "focused": True}, closed(0), closed(2)])
    g = at_main(two(me, player("Kadir", hand=list(HOLD), charges=5)))
    assert ("ability", 1) in g.legal_actions()  # an ally's any-main-phase ability
    choose(g, ("ability", 1))
    assert g.decision.player == 0
    assert set(g.legal_actions()) == {("card", "Ignite"), ("card", "Spark"), ("done",)}
    choose(g, ("card", "Ignite"))
    choose(g, ("card", "Spark"))
    choose(g, ("done",))
    waits_in_main(g, 0)
    assert zones(g, 0)["hand"] == ["Crystal", "Ignite", "Spark"]
    assert zones(g, 0)["discard"] == ["Spark", "Crystal"]
    assert g.state.players[1].charges == 0
    choose(g, ("prep", "Ignite", 0))
    acts = set(g.legal_actions())
    assert ("prep", "Spark", 0) in acts and ("prep", "Spark", 1) in acts
    choose(g, ("prep", "Spark", 0))
    assert breaches(g, 0)[0] == {"state": "open", "spells": ["Ignite", "Spark"]}


def test_ability_kadir_double_prep_ends_with_the_turn_and_both_spells_cast() -> None:
    d = two(player("Kadir", hand=["Spark", "Spark", "Crystal"], charges=5), player("Mist", hand=list(HOLD)))
    d["turn_order"] = {"deck": ["P1", "N"], "discard": []}
    g = at_main(d)
    choose(g, ("ability", 0))  # nothing in the discard pile to return
    choose(g, ("prep", "Spark", 0))
    choose(g, ("prep", "Spark", 0))
    assert breaches(g, 0)[0] == {"state": "open", "spells": ["Spark", "Spark"]}
    choose(g, ("end_main",))
    # next turn: both are cast from breach I; no third spell may join them
    assert set(g.legal_actions()) == {("cast", 0, 0), ("cast", 0, 1), ("end_casting",)}
    choose(g, ("cast", 0, 0))
    choose(g, ("cast", 0, 0))
    assert g.state.nemesis.life == 68
    assert "two_per_open" not in g.state.flags


def test_ability_kadir_only_two_per_breach_and_closed_breaches_keep_one() -> None:
    me = player("Brama", hand=["Spark", "Spark", "Spark", "Crystal"],
                breaches=[{"state": "open", "spells": ["Ignite"]},
                          {"state": "closed", "stage": 1, "focused": True, "spells": ["Spark"]},
                          closed(0), closed(2)])
    g = at_main(two(me, player("Kadir", hand=list(HOLD), charges=5)))
    choose(g, ("ability", 1))
    acts = {a for a in g.legal_actions() if a[0] == "prep"}
    assert acts == {("prep", "Spark", 0)}
    choose(g, ("prep", "Spark", 0))
    assert not [a for a in g.legal_actions() if a[0] == "prep"]


def test_ability_lash_shuffles_a_player_turn_order_card_back_T_2() -> None:
    d = two(player("Lash", hand=list(HOLD), charges=5), player("Mist", hand=list(HOLD), life=4))
    d["turn_order"] = {"deck": ["P1", "N"], "discard": ["P1", "N", "P2", "P2"]}
    g = at_main(d)
    before = card_census(g.state)
    choose(g, ("ability", 0))
    assert set(g.legal_actions()) == {("turn_card", "P1", 0), ("turn_card", "P2", 1)}
    choose(g, ("turn_card", "P2", 1))
    waits_in_main(g, 0)
    st = g.state
    assert st.to_discard == ["P1", "N", "P2"] and sorted(st.to_deck) == ["N", "P1", "P2"]
    assert [p.life for p in st.players] == [10, 3] and st.players[0].charges == 0
    assert st.tokens.get("to_known", 0) == 0
    census_kept(g, before)


def test_ability_lash_never_the_wild_card_T_3() -> None:
    d = base_state([player("Brama", hand=list(HOLD)), player("Lash", hand=list(HOLD), charges=5),
                    player("Mist", hand=list(HOLD))])
    d["turn_order"] = {"deck": ["P1", "P2", "N"], "discard": ["W", "P3", "N"]}
    g = at_main(d)
    choose(g, ("ability", 1))  # usable in an ally's main phase; P3 is the only choice
    waits_in_main(g, 0)
    assert g.state.to_discard == ["W", "N"] and sorted(g.state.to_deck) == ["N", "P1", "P2", "P3"]
    assert [p.life for p in g.state.players] == [10, 10, 9]


def test_ability_lash_paired_card_names_either_player_T_4() -> None:
    d = base_state([player("Lash", hand=list(HOLD), charges=5)] + [player(m, hand=list(HOLD))
                                                                  for m in ("Brama", "Mist", "Xaxos")])
    d["turn_order"] = {"deck": ["P12", "N"], "discard": ["P34", "N"]}
    g = at_main(d)
    choose(g, ("ability", 0))
    assert set(g.legal_actions()) == {("turn_card", "P34", 2), ("turn_card", "P34", 3)}
    choose(g, ("turn_card", "P34", 3))
    assert [p.life for p in g.state.players] == [10, 10, 10, 9]


def test_ability_lash_solo_any_player_card_is_yours_T_5() -> None:
    d = base_state([player("Lash", hand=list(HOLD), charges=5)])
    d["turn_order"] = {"deck": ["P1", "N"], "discard": ["P3", "N"]}
    g = at_main(d)
    choose(g, ("ability", 0))
    assert g.state.players[0].life == 9 and g.state.to_discard == ["N"]


def _phaedraxa(deck: list[str], charges: int = 5) -> dict[str, Any]:
    me = player("Phaedraxa", hand=list(HOLD), charges=charges,
                breaches=[{"state": "none"}, dict(OPEN), closed(1), closed(2)])
    d = two(me, player("Mist", hand=list(HOLD), life=8))
    d["turn_order"] = {"deck": deck, "discard": []}
    d["nemesis"]["deck"] = ["Slaughter", "Skewer", "Bane Sire"]
    d["stack"] = []  # the next thing that happens is drawing a turn order card
    return d


def test_ability_phaedraxa_prevents_all_damage_of_the_drawn_turn() -> None:
    g = Game.from_dict(_phaedraxa(["N", "N", "P1"]))
    assert g.decision.kind == "ability_window" and g.decision.player == 0
    assert set(g.legal_actions()) == {("ability", 0), ("pass",)}
    choose(g, ("ability", 0))
    # Slaughter: its Unleash happens, its damage to Gravehold is prevented; the next
    # nemesis turn (Skewer, Unleash first) is not shielded and asks who is hit
    st = g.state
    assert g.decision.kind == "player" and st.nemesis.resolving == ["Skewer"]
    assert st.gravehold == 30 and st.nemesis.tokens == {"fury": 3} and st.nemesis.discard == ["Slaughter"]
    choose(g, ("player", 1))
    waits_in_main(g, 0)
    assert [p.life for p in st.players] == [10, 5] and st.players[0].charges == 0
    assert st.nemesis.tokens == {"fury": 3}


def test_ability_phaedraxa_may_pass_and_the_damage_lands_P_10() -> None:
    g = Game.from_dict(_phaedraxa(["N", "P1"]))
    choose(g, ("pass",))
    assert g.decision.kind == "ability_window"  # offered again after the next draw
    choose(g, ("pass",))
    waits_in_main(g, 0)
    assert g.state.gravehold == 27 and g.state.players[0].charges == 5


def test_ability_phaedraxa_shields_a_player_turn_too_E_2() -> None:
    d = _phaedraxa(["P2", "N"])
    d["players"][1]["hand"] = ["Tourmaline Shard", "Crystal"]
    d["players"][1]["mage"] = "Mist"
    g = Game.from_dict(d)
    choose(g, ("ability", 0))
    waits_in_main(g, 1)
    choose(g, ("play", "Tourmaline Shard"))
    choose(g, ("player", 0))  # Phaedraxa takes no damage, still destroys a card
    waits_in_main(g, 1)
    assert [p.life for p in g.state.players] == [10, 8] and g.state.destroyed == ["Crystal"]


def test_ability_phaedraxa_not_offered_without_full_charges_and_no_breach_one_S_3() -> None:
    g = Game.from_dict(_phaedraxa(["N", "P1"], charges=4))
    waits_in_main(g, 0)
    assert g.state.gravehold == 27
    assert not [a for a in g.legal_actions() if a[0] == "prep" and a[2] == 0]
    g = Game.new(mages=["Phaedraxa", "Jian"], seed=3)
    assert [b.state for b in g.state.players[0].breaches] == ["none", "open", "closed", "closed"]
    assert [b.stage for b in g.state.players[0].breaches[2:]] == [1, 2]
    assert g.state.players[1].max_charges == 4


# ============================================================== catalogue


def _snake(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower().replace("'", "")).strip("_")


AREA_CARDS = [c.name for c in ae_supply.CARDS] + [c.name for c in ae_mages.UNIQUE_CARDS
                                                  if c.mage in ("Jian", "Kadir", "Lash", "Phaedraxa")]
AREA_MAGES = ["Jian", "Kadir", "Lash", "Phaedraxa"]


def test_card_catalogue_ae_area_counts_and_text() -> None:
    assert len(ae_supply.CARDS) == 27
    kinds = [c.type for c in ae_supply.CARDS]
    assert (kinds.count("gem"), kinds.count("relic"), kinds.count("spell")) == (7, 6, 14)
    for name in AREA_CARDS:
        c = registry.card(name)
        assert c.box == "AE" and card_text(c).strip()
    for m in AREA_MAGES:
        mage = registry.mage(m)
        assert ability_text(mage).startswith(mage.ability.name)
        assert all(registry.card(u).mage == m for u in mage.uniques)


def test_card_catalogue_every_ae_player_name_has_a_test() -> None:
    source = Path(__file__).read_text(encoding="utf-8")
    tests = set(re.findall(r"^def (test_\w+)", source, re.M))
    missing = [n for n in AREA_CARDS if not any(t.startswith(f"test_card_{_snake(n)}_") for t in tests)]
    missing += [f"ability of {m}" for m in AREA_MAGES
                if not any(t.startswith(f"test_ability_{_snake(m)}_") for t in tests)]
    assert missing == []



AE_MARKETS = [
    ["Jade", "Sifter's Pearl", "Diamond Cluster", "Unstable Prism", "Blasting Staff",
     "Wildfire Whip", "Chaos Arc", "Dark Fire", "Lava Tendril"],
    ["Vriswood Amber", "Clouded Sapphire", "Burning Opal", "Flexing Dagger", "Bottled Vortex",
     "Feral Lightning", "Phoenix Flame", "Arcane Nexus", "Oblivion Swell"],
    ["Searing Ruby", "Jade", "Burning Opal", "Mage's Talisman", "Focusing Orb",
     "Consuming Void", "Amplify Vision", "Planar Insight", "Essence Theft"],
]


@pytest.mark.parametrize("seed", range(24))
def test_card_catalogue_random_games_with_ae_content_keep_cards_and_reload(seed: int) -> None:
    """Whole random games with the new mages and all-AE markets: every card is kept
    (conservation) and a JSON reload at any point is the same game."""
    mages = ["Jian", "Kadir", "Lash", "Phaedraxa"][: 1 + seed % 4]
    g = Game.new(mages=mages, market=AE_MARKETS[seed % 3], seed=seed, difficulty="beginner")
    start = card_census(g.state)
    r = random.Random(seed)
    n = 0
    while not g.over and n < 5000:
        if n % 13 == 0:
            assert Game.from_json(g.to_json()).state == g.state
        g.apply(r.choice(g.legal_actions()))
        n += 1
    assert g.over
    assert card_census(g.state) == start
