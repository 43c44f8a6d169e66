"""Behaviour of every player card and mage ability encoded so far.

One or more tests per card (``test_card_<name>_...``) and per mage ability
(``test_ability_<mage>_...``). Each builds a small exact state, plays, casts or gains the
card, makes the choices and checks where everything ended up. The catalogue tests at the
end keep every registered card rendered and covered by a test in this module.
"""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import pytest

from gravehold import Game
from gravehold.content import registry
from gravehold.content.text import ability_text, card_text

from support import (
    REUSE_SUPPLY,
    at_casting,
    at_main,
    at_nemesis_turn,
    at_player_turn,
    base_state,
    choose,
    closed,
    player,
)

HOLD = ["Crystal"]  # a card left in hand keeps the main phase waiting for a choice


def zones(g: Game, i: int) -> dict[str, Any]:
    p = g.state.players[i]
    return {"hand": p.hand, "deck": p.deck, "discard": p.discard, "played": p.played,
            "aether": p.aether, "aether_spell": p.aether_spell}


def breaches(g: Game, i: int) -> list[dict[str, Any]]:
    return [b.to_dict() for b in g.state.players[i].breaches]


def two(p0: dict[str, Any], p1: dict[str, Any] | None = None, **kw: Any) -> dict[str, Any]:
    return base_state([p0, p1 if p1 is not None else player("Mist", hand=list(HOLD))], **kw)


def reuse(p0: dict[str, Any], p1: dict[str, Any] | None = None, **kw: Any) -> dict[str, Any]:
    return two(p0, p1, supply=copy.deepcopy([list(x) for x in REUSE_SUPPLY]), **kw)


def prepped(spells: dict[int, list[str]], base: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """Brama's breach layout (I open, II-IV closed) with the given spells placed."""
    brs = copy.deepcopy(base) if base is not None else [{"state": "open"}, closed(1), closed(0), closed(2)]
    for b, names in spells.items():
        brs[b]["spells"] = list(names)
    return brs


def waits_in_main(g: Game, i: int) -> None:
    assert g.decision is not None and g.decision.kind == "main" and g.decision.player == i


def supply(g: Game, name: str) -> int:
    return g.state.supply_counts[g.state.supply_names.index(name)]


# ============================================================== starter cards


def test_card_crystal_gives_one_aether_P_7() -> None:
    g = at_main(two(player("Brama", hand=["Crystal", "Crystal"])))
    choose(g, ("play", "Crystal"))
    waits_in_main(g, 0)
    assert zones(g, 0) == {"hand": ["Crystal"], "deck": [], "discard": [], "played": ["Crystal"],
                           "aether": 1, "aether_spell": 0}
    assert g.state.nemesis.life == 70


def test_card_crystal_returns_to_discard_and_aether_is_lost_P_15() -> None:
    deck = ["Spark", "Crystal", "Crystal", "Spark", "Crystal", "Spark"]
    d = two(player("Brama", hand=["Crystal", "Crystal"], deck=list(deck)))
    d["turn_order"] = {"deck": ["P2", "N", "P1", "N", "P2"], "discard": ["P1"]}
    g = at_main(d)
    choose(g, ("play", "Crystal"))
    assert g.state.players[0].aether == 1
    choose(g, ("end_main",))
    # the turn ended; Mist (P2) now waits in her main phase
    waits_in_main(g, 1)
    assert zones(g, 0) == {"hand": ["Crystal"] + deck[:4], "deck": deck[4:], "discard": ["Crystal"],
                           "played": [], "aether": 0, "aether_spell": 0}


def test_card_spark_deals_one_damage_P_2() -> None:
    g = at_casting(two(player("Brama", hand=list(HOLD), breaches=prepped({0: ["Spark"]}))))
    choose(g, ("cast", 0, 0))
    waits_in_main(g, 0)
    assert g.state.nemesis.life == 69
    assert zones(g, 0)["discard"] == ["Spark"]
    assert breaches(g, 0)[0] == {"state": "open"}


def test_card_spark_gets_opened_breach_bonus_P_3() -> None:
    brs = prepped({2: ["Spark"]}, [{"state": "open"}, closed(1), {"state": "open"}, closed(2)])
    g = at_casting(two(player("Brama", hand=list(HOLD), breaches=brs)))
    choose(g, ("cast", 2, 0))
    assert g.state.nemesis.life == 68  # 1 + 1 from breach III
    assert zones(g, 0)["discard"] == ["Spark"]
    assert breaches(g, 0)[2] == {"state": "open"}


def test_card_spark_may_hit_a_minion_P_4() -> None:
    d = two(player("Brama", hand=list(HOLD), breaches=prepped({0: ["Spark"]})))
    d["nemesis"]["in_play"] = [{"name": "Bane Sire", "life": 6}]
    g = at_casting(d)
    choose(g, ("cast", 0, 0))
    assert g.decision.kind == "target"
    assert set(g.legal_actions()) == {("target", "nemesis"), ("target", "Bane Sire")}
    choose(g, ("target", "Bane Sire"))
    assert [c.to_dict() for c in g.state.nemesis.in_play] == [{"name": "Bane Sire", "life": 5}]
    assert g.state.nemesis.life == 70
    assert zones(g, 0)["discard"] == ["Spark"]


# ============================================================== Aeon's End uniques


def test_card_buried_light_damage_and_aether_for_main_phase() -> None:
    g = at_casting(two(player("Brama", hand=list(HOLD), breaches=prepped({0: ["Buried Light"]}))))
    choose(g, ("cast", 0, 0))
    waits_in_main(g, 0)
    assert g.state.nemesis.life == 69
    assert zones(g, 0) == {"hand": HOLD, "deck": [], "discard": ["Buried Light"], "played": [],
                           "aether": 1, "aether_spell": 0}
    choose(g, ("play", "Crystal"))
    assert ("charge",) in g.legal_actions()  # the cast aether and the gem add up to 2


def test_card_garnet_shard_gives_aether_when_nothing_is_prepped() -> None:
    g = at_main(two(player("Mist", hand=["Garnet Shard", "Crystal"])))
    choose(g, ("play", "Garnet Shard"))
    waits_in_main(g, 0)
    assert zones(g, 0) == {"hand": ["Crystal"], "deck": [], "discard": [], "played": ["Garnet Shard"],
                           "aether": 1, "aether_spell": 0}
    assert g.state.nemesis.life == 70


def test_card_garnet_shard_casts_an_ally_spell_P_18() -> None:
    ally = player("Brama", hand=list(HOLD), discard=["Crystal"],
                  breaches=prepped({2: ["Spark"]}, [{"state": "open"}, closed(1), {"state": "open"}, closed(2)]))
    g = at_main(two(player("Mist", hand=["Garnet Shard", "Crystal"]), ally))
    choose(g, ("play", "Garnet Shard"))
    assert g.decision.kind == "or" and set(g.legal_actions()) == {("choose", 0), ("choose", 1)}
    choose(g, ("choose", 1))  # the only prepped spell is cast at once
    waits_in_main(g, 0)
    assert g.state.nemesis.life == 68  # Spark 1 + the owner's breach III bonus
    assert zones(g, 0) == {"hand": ["Crystal"], "deck": [], "discard": [], "played": ["Garnet Shard"],
                           "aether": 0, "aether_spell": 0}
    assert zones(g, 1)["discard"] == ["Crystal", "Spark"]  # to its owner's discard
    assert breaches(g, 1)[2] == {"state": "open"}


def test_card_garnet_shard_may_take_aether_while_a_spell_is_prepped() -> None:
    ally = player("Brama", hand=list(HOLD), breaches=prepped({0: ["Spark"]}))
    g = at_main(two(player("Mist", hand=["Garnet Shard", "Crystal"]), ally))
    choose(g, ("play", "Garnet Shard"))
    choose(g, ("choose", 0))
    waits_in_main(g, 0)
    assert g.state.players[0].aether == 1
    assert breaches(g, 1)[0] == {"state": "open", "spells": ["Spark"]}
    assert g.state.nemesis.life == 70


def test_card_amethyst_shard_ally_draws_then_discards() -> None:
    ally = player("Brama", hand=["Spark"], deck=["Kindle", "Crystal"])
    g = at_main(two(player("Adelheim", hand=["Amethyst Shard", "Crystal"]), ally))
    choose(g, ("play", "Amethyst Shard"))
    assert g.decision.player == 0 and set(g.legal_actions()) == {("player", 1), ("skip",)}
    choose(g, ("player", 1))
    assert g.decision.kind == "discard" and g.decision.player == 1
    assert set(g.legal_actions()) == {("card", "Kindle"), ("card", "Spark")}
    choose(g, ("card", "Spark"))
    waits_in_main(g, 0)
    assert zones(g, 0) == {"hand": ["Crystal"], "deck": [], "discard": [], "played": ["Amethyst Shard"],
                           "aether": 1, "aether_spell": 0}
    assert zones(g, 1) == {"hand": ["Kindle"], "deck": ["Crystal"], "discard": ["Spark"], "played": [],
                           "aether": 0, "aether_spell": 0}


def test_card_amethyst_shard_ally_may_decline() -> None:
    ally = player("Brama", hand=["Spark"], deck=["Kindle"])
    g = at_main(two(player("Adelheim", hand=["Amethyst Shard", "Crystal"]), ally))
    choose(g, ("play", "Amethyst Shard"))
    choose(g, ("skip",))
    waits_in_main(g, 0)
    assert g.state.players[0].aether == 1
    assert zones(g, 1) == {"hand": ["Spark"], "deck": ["Kindle"], "discard": [], "played": [],
                           "aether": 0, "aether_spell": 0}


@pytest.mark.parametrize("top", ["P2", "W", "P12"])
def test_card_flare_player_card_on_top_deals_three(top: str) -> None:
    d = two(player("Xaxos", hand=list(HOLD), breaches=prepped({0: ["Flare"]})))
    d["turn_order"] = {"deck": [top, "N", "P1", "N", "P2"], "discard": ["P1"]}
    g = at_casting(d)
    choose(g, ("cast", 0, 0))
    waits_in_main(g, 0)
    assert g.state.nemesis.life == 67
    assert (g.state.to_deck, g.state.to_discard) == ([top, "N", "P1", "N", "P2"], ["P1"])
    assert zones(g, 0)["discard"] == ["Flare"]
    assert zones(g, 0)["discard"] == ["Flare"]


def test_card_flare_nemesis_card_on_top_deals_one_plus_bonus_P_3() -> None:
    brs = prepped({3: ["Flare"]}, [{"state": "open"}, closed(1), closed(0), {"state": "open"}])
    d = two(player("Xaxos", hand=list(HOLD), breaches=brs))
    d["turn_order"] = {"deck": ["N", "P2", "P1", "N", "P2"], "discard": ["P1"]}
    g = at_casting(d)
    choose(g, ("cast", 3, 0))
    assert g.state.nemesis.life == 68  # 1 + breach IV bonus
    assert (g.state.to_deck, g.state.to_discard) == (["N", "P2", "P1", "N", "P2"], ["P1"])


def test_card_flare_empty_turn_order_deck_is_reshuffled_first_T_2() -> None:
    d = two(player("Xaxos", hand=list(HOLD), breaches=prepped({0: ["Flare"]})))
    cards = ["P1", "N", "P2", "N", "P1", "P2"]
    d["turn_order"] = {"deck": [], "discard": list(cards)}
    g = at_casting(d)
    choose(g, ("cast", 0, 0))
    st = g.state
    assert st.to_discard == [] and sorted(st.to_deck) == sorted(cards)
    assert st.nemesis.life == 70 - (1 if st.to_deck[0] == "N" else 3)


# ============================================================== mage abilities


def _adelheim_nemesis_turn(drawn: str, charges: int = 5) -> Game:
    d = two(player("Adelheim", hand=list(HOLD), charges=charges), player("Brama", hand=list(HOLD)))
    d["nemesis"]["deck"] = [drawn, "Skewer", "Bane Sire"]
    d["turn_order"] = {"deck": ["P1", "P2", "N"], "discard": ["P2", "N"]}
    return at_nemesis_turn(d)


def test_ability_adelheim_discards_drawn_attack_unresolved() -> None:
    g = _adelheim_nemesis_turn("Slaughter")
    assert g.decision.kind == "ability_window" and g.decision.player == 0
    assert set(g.legal_actions()) == {("ability", 0), ("pass",)}
    choose(g, ("ability", 0))
    waits_in_main(g, 0)  # the nemesis turn ended, P1 is up
    n = g.state.nemesis
    assert (n.deck, n.discard, n.in_play, n.resolving) == (["Skewer", "Bane Sire"], ["Slaughter"], [], [])
    assert n.tokens == {"fury": 1}  # no Unleash
    assert g.state.gravehold == 30
    assert [p.charges for p in g.state.players] == [0, 0]


def test_ability_adelheim_discards_drawn_power_before_it_enters_play() -> None:
    g = _adelheim_nemesis_turn("Eye of Nothing")
    choose(g, ("ability", 0))
    n = g.state.nemesis
    assert (n.deck, n.discard, n.in_play) == (["Skewer", "Bane Sire"], ["Eye of Nothing"], [])
    assert g.state.players[0].charges == 0


def test_ability_adelheim_may_pass_and_the_attack_resolves() -> None:
    g = _adelheim_nemesis_turn("Slaughter")
    choose(g, ("pass",))
    n = g.state.nemesis
    assert (n.deck, n.discard) == (["Skewer", "Bane Sire"], ["Slaughter"])
    assert n.tokens == {"fury": 2} and g.state.gravehold == 27
    assert g.state.players[0].charges == 5


def test_ability_adelheim_not_offered_for_a_minion() -> None:
    g = _adelheim_nemesis_turn("Bane Sire")
    waits_in_main(g, 0)  # no window opened; the minion came into play
    n = g.state.nemesis
    assert [c.to_dict() for c in n.in_play] == [{"name": "Bane Sire", "life": 6}]
    assert n.deck == ["Skewer", "Bane Sire"] and n.discard == []
    assert g.state.players[0].charges == 5


def test_ability_adelheim_not_offered_without_full_charges_P_10() -> None:
    g = _adelheim_nemesis_turn("Slaughter", charges=4)
    waits_in_main(g, 0)
    assert g.state.gravehold == 27 and g.state.nemesis.discard == ["Slaughter"]
    assert g.state.players[0].charges == 4


def test_ability_adelheim_not_usable_in_main_phase() -> None:
    g = at_main(two(player("Adelheim", hand=list(HOLD), charges=5)))
    assert not [a for a in g.legal_actions() if a[0] == "ability"]


def test_ability_brama_chosen_player_gains_four_life() -> None:
    g = at_main(two(player("Brama", hand=list(HOLD), charges=5), player("Mist", hand=list(HOLD), life=3)))
    choose(g, ("ability", 0))
    assert g.decision.player == 0 and set(g.legal_actions()) == {("player", 0), ("player", 1)}
    choose(g, ("player", 1))
    waits_in_main(g, 0)
    assert [(p.life, p.charges) for p in g.state.players] == [(10, 0), (7, 0)]


def test_ability_brama_exhausted_player_not_offered_E_3() -> None:
    d = base_state([player("Brama", hand=list(HOLD), charges=5, life=6),
                    player("Mist", hand=list(HOLD), life=0, exhausted=True),
                    player("Xaxos", hand=list(HOLD), life=2)])
    g = at_main(d)
    choose(g, ("ability", 0))
    assert set(g.legal_actions()) == {("player", 0), ("player", 2)}
    choose(g, ("player", 2))
    assert [(p.life, p.charges) for p in g.state.players] == [(6, 0), (0, 0), (6, 0)]


def test_ability_brama_life_capped_at_maximum_S_4() -> None:
    g = at_main(two(player("Brama", hand=list(HOLD), charges=5, life=8)))
    choose(g, ("ability", 0))
    choose(g, ("player", 0))
    assert [(p.life, p.charges) for p in g.state.players] == [(10, 0), (10, 0)]


def test_ability_brama_after_last_charge_same_turn_P_10() -> None:
    g = at_main(two(player("Brama", hand=list(HOLD), charges=4, aether=2, life=5)))
    assert ("ability", 0) not in g.legal_actions()
    choose(g, ("charge",))
    assert g.state.players[0].charges == 5 and g.state.players[0].aether == 0
    choose(g, ("ability", 0))
    choose(g, ("player", 0))
    assert (g.state.players[0].life, g.state.players[0].charges) == (9, 0)


def test_ability_mist_ally_draws_four_through_discard_P_16() -> None:
    ally = player("Brama", hand=[], deck=["Crystal", "Spark"], discard=["Spark", "Crystal", "Kindle"])
    g = at_main(two(player("Mist", hand=list(HOLD), charges=5), ally))
    choose(g, ("ability", 0))  # one ally only: chosen at once
    waits_in_main(g, 0)
    assert zones(g, 1) == {"hand": ["Crystal", "Spark", "Spark", "Crystal"], "deck": ["Kindle"],
                           "discard": [], "played": [], "aether": 0, "aether_spell": 0}
    assert zones(g, 0)["hand"] == HOLD and g.state.players[0].charges == 0


def test_ability_mist_only_in_her_own_main_phase() -> None:
    d = two(player("Mist", hand=list(HOLD), charges=5), player("Brama", hand=list(HOLD)))
    g = at_main(d, 1)
    assert not [a for a in g.legal_actions() if a[0] == "ability"]


def _xaxos_three() -> dict[str, Any]:
    d = base_state([player("Xaxos", hand=list(HOLD), charges=5),
                    player("Brama", hand=list(HOLD), charges=3),
                    player("Mist", hand=list(HOLD))])
    d["turn_order"] = {"deck": ["N", "P2", "P3", "N"], "discard": ["P1", "W"]}
    return d


def test_ability_xaxos_allies_share_four_charges_then_reorder_turn_order() -> None:
    g = at_main(_xaxos_three())
    choose(g, ("ability", 0))
    picks = [("player", 1), ("player", 2), ("player", 1)]
    for pick in picks:
        assert g.decision.kind == "player" and g.decision.player == 0
        choose(g, pick)
    # Brama is full now; the fourth charge can only go to Mist
    assert [p.charges for p in g.state.players] == [0, 5, 2]
    assert g.decision.kind == "order" and g.state.tokens["to_known"] == 4
    assert set(g.legal_actions()) == {("card", "N"), ("card", "P2"), ("card", "P3")}
    choose(g, ("card", "P3"))
    choose(g, ("card", "P2"))
    waits_in_main(g, 0)
    assert g.state.to_deck == ["P3", "P2", "N", "N"] and g.state.to_discard == ["P1", "W"]


def test_ability_xaxos_solo_charges_come_back_to_him_SO_1() -> None:
    d = base_state([player("Xaxos", hand=list(HOLD), charges=5)])
    d["turn_order"] = {"deck": ["N", "P1", "N", "P1"], "discard": ["P1", "P1"]}
    g = at_main(d)
    choose(g, ("ability", 0))  # the four single picks can only go to Xaxos himself
    assert g.state.players[0].charges == 4
    choose(g, ("card", "P1"))
    choose(g, ("card", "P1"))
    waits_in_main(g, 0)
    assert g.state.to_deck == ["P1", "P1", "N", "N"] and g.state.to_discard == ["P1", "P1"]


def test_ability_xaxos_usable_in_an_ally_main_phase() -> None:
    g = at_main(_xaxos_three(), 1)
    assert ("ability", 0) in g.legal_actions()
    choose(g, ("ability", 0))
    choose(g, ("player", 1))
    choose(g, ("player", 1))  # Brama full; the other two go to Mist at once
    assert [p.charges for p in g.state.players] == [0, 5, 2]
    choose(g, ("card", "N"))
    choose(g, ("card", "N"))
    choose(g, ("card", "P2"))
    waits_in_main(g, 1)
    assert g.state.to_deck == ["N", "N", "P2", "P3"]


# ============================================================== War Eternal gems


def test_card_frozen_magmite_next_gain_may_go_on_top_of_deck() -> None:
    g = at_main(two(player("Brama", hand=["Frozen Magmite", "Crystal"], deck=["Spark"], aether=4)))
    choose(g, ("play", "Frozen Magmite"))
    assert g.state.players[0].aether == 6
    choose(g, ("gain", "Jagged Lightning"))
    assert g.decision.kind == "to_deck"
    choose(g, ("yes",))
    waits_in_main(g, 0)
    assert zones(g, 0) == {"hand": ["Crystal"], "deck": ["Jagged Lightning", "Spark"], "discard": [],
                           "played": ["Frozen Magmite"], "aether": 2, "aether_spell": 0}
    choose(g, ("gain", "Mage's Totem"))  # only the next gain: this one goes to the discard
    waits_in_main(g, 0)
    assert zones(g, 0)["deck"] == ["Jagged Lightning", "Spark"]
    assert zones(g, 0)["discard"] == ["Mage's Totem"]
    assert (supply(g, "Jagged Lightning"), supply(g, "Mage's Totem")) == (4, 4)


def test_card_frozen_magmite_declined_gain_goes_to_discard_P_8() -> None:
    g = at_main(two(player("Brama", hand=["Frozen Magmite", "Crystal"], aether=2)))
    choose(g, ("play", "Frozen Magmite"))
    choose(g, ("gain", "Frozen Magmite"))
    choose(g, ("no",))
    assert zones(g, 0) == {"hand": ["Crystal"], "deck": [], "discard": ["Frozen Magmite"],
                           "played": ["Frozen Magmite"], "aether": 1, "aether_spell": 0}
    assert supply(g, "Frozen Magmite") == 6


def test_card_scoria_slag_two_aether_at_tier_one() -> None:
    d = two(player("Brama", hand=["Scoria Slag", "Crystal"]))
    d["nemesis"]["discard"] = ["Cleave"]
    g = at_main(d)
    choose(g, ("play", "Scoria Slag"))
    assert zones(g, 0) == {"hand": ["Crystal"], "deck": [], "discard": [], "played": ["Scoria Slag"],
                           "aether": 2, "aether_spell": 0}


@pytest.mark.parametrize("where", ["discard", "in_play"])
def test_card_scoria_slag_three_aether_at_tier_two_N_5(where: str) -> None:
    d = two(player("Brama", hand=["Scoria Slag", "Crystal"]))
    if where == "discard":
        d["nemesis"]["discard"] = ["Cleave", "Lay Waste"]
    else:
        d["nemesis"]["in_play"] = [{"name": "Needlemaw", "life": 11}]
    g = at_main(d)
    choose(g, ("play", "Scoria Slag"))
    assert zones(g, 0) == {"hand": ["Crystal"], "deck": [], "discard": [], "played": ["Scoria Slag"],
                           "aether": 3, "aether_spell": 0}


@pytest.mark.parametrize(("discard", "aether"), [(["P2", "P1"], 2), (["N", "P1"], 4), (["N", "N", "P1"], 4)])
def test_card_erratic_ingot_bonus_with_nemesis_turn_card_discarded(discard: list[str], aether: int) -> None:
    d = two(player("Brama", hand=["Erratic Ingot", "Crystal"]))
    d["turn_order"] = {"deck": ["P1", "P2", "N", "N", "P2", "P1"][: 6 - len(discard)], "discard": discard}
    g = at_main(d)
    choose(g, ("play", "Erratic Ingot"))
    assert zones(g, 0) == {"hand": ["Crystal"], "deck": [], "discard": [], "played": ["Erratic Ingot"],
                           "aether": aether, "aether_spell": 0}


def test_card_volcanic_glass_pays_two_so_ally_gets_a_copy_on_deck() -> None:
    g = at_main(reuse(player("Brama", hand=list(HOLD), aether=5),
                      player("Mist", hand=list(HOLD), deck=["Spark"])))
    choose(g, ("gain", "Volcanic Glass"))
    assert g.decision.player == 0 and set(g.legal_actions()) == {("player", 1), ("skip",)}
    choose(g, ("player", 1))
    waits_in_main(g, 0)
    assert zones(g, 0) == {"hand": HOLD, "deck": [], "discard": ["Volcanic Glass"], "played": [],
                           "aether": 0, "aether_spell": 0}
    assert zones(g, 1) == {"hand": HOLD, "deck": ["Volcanic Glass", "Spark"], "discard": [], "played": [],
                           "aether": 0, "aether_spell": 0}
    assert supply(g, "Volcanic Glass") == 5


def test_card_volcanic_glass_no_offer_without_two_aether_left() -> None:
    g = at_main(reuse(player("Brama", hand=list(HOLD), aether=4)))
    choose(g, ("gain", "Volcanic Glass"))
    waits_in_main(g, 0)
    assert zones(g, 0)["discard"] == ["Volcanic Glass"] and g.state.players[0].aether == 1
    assert zones(g, 1)["deck"] == [] and supply(g, "Volcanic Glass") == 6


def test_card_volcanic_glass_skip_and_play_for_two_aether() -> None:
    g = at_main(reuse(player("Brama", hand=["Volcanic Glass", "Crystal"], aether=5)))
    choose(g, ("gain", "Volcanic Glass"))
    choose(g, ("skip",))
    assert g.state.players[0].aether == 2 and supply(g, "Volcanic Glass") == 6
    choose(g, ("play", "Volcanic Glass"))
    waits_in_main(g, 0)
    assert zones(g, 0) == {"hand": ["Crystal"], "deck": [], "discard": ["Volcanic Glass"],
                           "played": ["Volcanic Glass"], "aether": 4, "aether_spell": 0}
    assert zones(g, 1)["deck"] == []


def test_card_volcanic_glass_no_offer_when_pile_runs_out() -> None:
    d = reuse(player("Brama", hand=list(HOLD), aether=9))
    d["supply"][0] = ["Volcanic Glass", 1]
    g = at_main(d)
    choose(g, ("gain", "Volcanic Glass"))
    waits_in_main(g, 0)
    assert zones(g, 0)["discard"] == ["Volcanic Glass"] and g.state.players[0].aether == 6
    assert zones(g, 1)["deck"] == [] and supply(g, "Volcanic Glass") == 0


def test_card_volcanic_glass_solo_copy_goes_on_your_own_deck_SO_1() -> None:
    d = base_state([player("Brama", hand=list(HOLD), deck=["Spark"], aether=5)],
                   supply=copy.deepcopy([list(x) for x in REUSE_SUPPLY]))
    d["turn_order"] = {"deck": ["P1", "N", "P1", "P1", "N"], "discard": ["P1"]}
    g = at_main(d)
    choose(g, ("gain", "Volcanic Glass"))
    choose(g, ("player", 0))
    waits_in_main(g, 0)
    assert zones(g, 0) == {"hand": HOLD, "deck": ["Volcanic Glass", "Spark"], "discard": ["Volcanic Glass"],
                           "played": [], "aether": 0, "aether_spell": 0}
    assert supply(g, "Volcanic Glass") == 5


def test_card_breach_ore_focuses_your_cheapest_closed_breach_P_11() -> None:
    brs = [{"state": "open"}, {"state": "open"}, closed(0), closed(2)]
    g = at_main(reuse(player("Brama", hand=["Breach Ore", "Crystal"], breaches=brs)))
    choose(g, ("play", "Breach Ore"))
    assert set(g.legal_actions()) == {("choose", 0), ("choose", 1)}
    choose(g, ("choose", 1))  # breach III is the only cheapest one: chosen at once
    waits_in_main(g, 0)
    assert breaches(g, 0) == [{"state": "open"}, {"state": "open"},
                              {"state": "closed", "stage": 1, "focused": True}, {"state": "closed", "stage": 2}]
    assert g.state.players[0].aether == 0
    assert breaches(g, 1) == [{"state": "open"}, {"state": "closed", "stage": 1},
                              {"state": "closed", "stage": 0}, {"state": "closed", "stage": 2}]


def test_card_breach_ore_opens_a_breach_at_its_last_stage_P_11() -> None:
    brs = [{"state": "open"}, closed(3), closed(0), closed(2)]
    g = at_main(reuse(player("Brama", hand=["Breach Ore", "Crystal"], breaches=brs)))
    choose(g, ("play", "Breach Ore"))
    choose(g, ("choose", 1))
    assert breaches(g, 0) == [{"state": "open"}, {"state": "open"},
                              {"state": "closed", "stage": 0}, {"state": "closed", "stage": 2}]


def test_card_breach_ore_aether_option() -> None:
    g = at_main(reuse(player("Brama", hand=["Breach Ore", "Crystal"])))
    choose(g, ("play", "Breach Ore"))
    choose(g, ("choose", 0))
    waits_in_main(g, 0)
    assert zones(g, 0) == {"hand": ["Crystal"], "deck": [], "discard": [], "played": ["Breach Ore"],
                           "aether": 2, "aether_spell": 0}
    assert breaches(g, 0) == [{"state": "open"}, {"state": "closed", "stage": 1},
                              {"state": "closed", "stage": 0}, {"state": "closed", "stage": 2}]


def test_card_breach_ore_only_aether_when_no_breach_is_closed_P_7() -> None:
    brs = [{"state": "open"}] * 4
    g = at_main(reuse(player("Brama", hand=["Breach Ore", "Crystal"], breaches=brs)))
    choose(g, ("play", "Breach Ore"))  # focusing cannot resolve: aether at once
    waits_in_main(g, 0)
    assert g.state.players[0].aether == 2


def test_card_bloodstone_jewel_first_gain_bonus_once_per_turn() -> None:
    g = at_main(reuse(player("Brama", hand=list(HOLD), aether=12)))
    choose(g, ("gain", "Bloodstone Jewel"))
    assert g.state.players[0].aether == 9  # 12 - 6 + 3
    choose(g, ("gain", "Bloodstone Jewel"))
    waits_in_main(g, 0)
    assert zones(g, 0) == {"hand": HOLD, "deck": [], "discard": ["Bloodstone Jewel", "Bloodstone Jewel"],
                           "played": [], "aether": 3, "aether_spell": 0}
    assert supply(g, "Bloodstone Jewel") == 5


def test_card_bloodstone_jewel_bonus_again_next_turn_and_play_gives_three() -> None:
    d = reuse(player("Brama", hand=list(HOLD), aether=6), player("Mist", hand=["Bloodstone Jewel", "Crystal"]))
    g = at_main(d)
    choose(g, ("gain", "Bloodstone Jewel"))
    assert g.state.players[0].aether == 3
    g2 = at_main(d, 1)  # a fresh turn for Mist
    choose(g2, ("play", "Bloodstone Jewel"))
    assert g2.state.players[1].aether == 3
    choose(g2, ("play", "Crystal"))
    assert g2.state.players[1].aether == 4
    assert zones(g2, 1)["played"] == ["Bloodstone Jewel", "Crystal"]


# ============================================================== War Eternal relics


def test_card_mages_totem_destroys_a_played_gem_K_10() -> None:
    g = at_main(two(player("Brama", hand=["Mage's Totem", "Crystal", "Crystal"])))
    choose(g, ("play", "Crystal"))
    choose(g, ("play", "Mage's Totem"))
    assert set(g.legal_actions()) == {("choose", 0), ("choose", 1)}
    choose(g, ("choose", 0))  # the only other played card is chosen at once
    waits_in_main(g, 0)
    assert zones(g, 0) == {"hand": ["Crystal"], "deck": [], "discard": [], "played": ["Mage's Totem"],
                           "aether": 1, "aether_spell": 0}
    assert g.state.destroyed == ["Crystal"] and g.state.gravehold == 30


def test_card_mages_totem_destroys_itself_to_heal_gravehold() -> None:
    d = two(player("Brama", hand=["Mage's Totem", "Crystal"]))
    d["gravehold"] = {"life": 20, "max_life": 30}
    g = at_main(d)
    choose(g, ("play", "Mage's Totem"))  # nothing else played: only this branch resolves
    waits_in_main(g, 0)
    assert zones(g, 0) == {"hand": ["Crystal"], "deck": [], "discard": [], "played": [],
                           "aether": 0, "aether_spell": 0}
    assert g.state.destroyed == ["Mage's Totem"] and g.state.gravehold == 21


def test_card_primordial_fetish_focuses_an_ally_breach() -> None:
    ally = player("Mist", hand=list(HOLD), breaches=[{"state": "open"}, closed(2), closed(1), closed(1)])
    g = at_main(two(player("Brama", hand=["Primordial Fetish", "Crystal"]), ally))
    choose(g, ("play", "Primordial Fetish"))
    choose(g, ("choose", 0))
    opts = set(g.legal_actions())
    assert opts == {("breach", j, b) for j in (0, 1) for b in (1, 2, 3)}
    choose(g, ("breach", 1, 2))
    waits_in_main(g, 0)
    assert breaches(g, 1) == [{"state": "open"}, {"state": "closed", "stage": 2},
                              {"state": "closed", "stage": 2, "focused": True}, {"state": "closed", "stage": 1}]
    assert breaches(g, 0) == [{"state": "open"}, {"state": "closed", "stage": 1},
                              {"state": "closed", "stage": 0}, {"state": "closed", "stage": 2}]
    assert zones(g, 0)["played"] == ["Primordial Fetish"] and g.state.destroyed == []


def test_card_primordial_fetish_destroys_itself_for_three_life() -> None:
    g = at_main(two(player("Brama", hand=["Primordial Fetish", "Crystal"], life=5)))
    choose(g, ("play", "Primordial Fetish"))
    choose(g, ("choose", 1))
    waits_in_main(g, 0)
    assert g.state.players[0].life == 8 and g.state.players[1].life == 10
    assert zones(g, 0)["played"] == [] and g.state.destroyed == ["Primordial Fetish"]


def test_card_cairn_compass_ally_preps_from_discard_to_a_closed_breach() -> None:
    ally = player("Mist", hand=list(HOLD), discard=["Spark", "Crystal", "Jagged Lightning"],
                  breaches=[{"state": "open", "spells": ["Spark"]}, closed(2), closed(1), closed(1)])
    g = at_main(reuse(player("Brama", hand=["Cairn Compass", "Crystal"]), ally))
    choose(g, ("play", "Cairn Compass"))
    opts = set(g.legal_actions())
    assert opts == {("prep", 1, s, b) for s in ("Spark", "Jagged Lightning") for b in (1, 2, 3)} | {("skip",)}
    choose(g, ("prep", 1, "Jagged Lightning", 3))
    waits_in_main(g, 0)
    assert zones(g, 1) == {"hand": HOLD, "deck": [], "discard": ["Spark", "Crystal"], "played": [],
                           "aether": 0, "aether_spell": 0}
    assert breaches(g, 1) == [{"state": "open", "spells": ["Spark"]}, {"state": "closed", "stage": 2},
                              {"state": "closed", "stage": 1},
                              {"state": "closed", "stage": 1, "spells": ["Jagged Lightning"]}]
    assert zones(g, 0)["played"] == ["Cairn Compass"] and breaches(g, 0)[0] == {"state": "open"}


def test_card_cairn_compass_ally_may_decline() -> None:
    ally = player("Mist", hand=list(HOLD), discard=["Spark"])
    g = at_main(reuse(player("Brama", hand=["Cairn Compass", "Crystal"]), ally))
    choose(g, ("play", "Cairn Compass"))
    choose(g, ("skip",))
    waits_in_main(g, 0)
    assert zones(g, 1)["discard"] == ["Spark"]
    assert all("spells" not in b for b in breaches(g, 1))


def test_card_vortex_gauntlet_casts_ally_spell_and_returns_it_P_18() -> None:
    ally = player("Mist", hand=list(HOLD), discard=["Crystal"],
                  breaches=[{"state": "open"}, closed(2), {"state": "open", "spells": ["Kindle"]}, closed(1)])
    g = at_main(reuse(player("Brama", hand=["Vortex Gauntlet", "Crystal"]), ally))
    choose(g, ("play", "Vortex Gauntlet"))  # the only prepped spell: cast at once
    waits_in_main(g, 0)
    assert g.state.nemesis.life == 66  # Kindle 3 + the owner's breach III bonus
    assert zones(g, 1) == {"hand": ["Crystal", "Kindle"], "deck": [], "discard": ["Crystal"], "played": [],
                           "aether": 0, "aether_spell": 0}
    assert breaches(g, 1)[2] == {"state": "open"}
    assert zones(g, 0) == {"hand": ["Crystal"], "deck": [], "discard": [], "played": ["Vortex Gauntlet"],
                           "aether": 0, "aether_spell": 0}


def test_card_vortex_gauntlet_your_own_spell_among_choices() -> None:
    me = player("Brama", hand=["Vortex Gauntlet", "Crystal"], breaches=prepped({0: ["Spark"]}))
    ally = player("Mist", hand=list(HOLD), breaches=[{"state": "open", "spells": ["Spark"]}, closed(2),
                                                       closed(1), closed(1)])
    g = at_main(reuse(me, ally))
    choose(g, ("play", "Vortex Gauntlet"))
    assert set(g.legal_actions()) == {("spell", 0, 0, 0), ("spell", 1, 0, 0)}
    choose(g, ("spell", 0, 0, 0))
    waits_in_main(g, 0)
    assert g.state.nemesis.life == 69
    assert zones(g, 0)["hand"] == ["Crystal", "Spark"] and zones(g, 0)["discard"] == []
    assert breaches(g, 0)[0] == {"state": "open"}
    assert breaches(g, 1)[0] == {"state": "open", "spells": ["Spark"]}


# ============================================================== War Eternal spells


def test_card_jagged_lightning_discard_to_focus_any_player_breach() -> None:
    ally = player("Mist", hand=list(HOLD), breaches=[{"state": "open"}, closed(2), closed(1), closed(1)])
    me = player("Brama", hand=["Crystal", "Spark"], breaches=prepped({0: ["Jagged Lightning"]}))
    g = at_casting(two(me, ally))
    choose(g, ("cast", 0, 0))
    assert g.state.nemesis.life == 67
    assert set(g.legal_actions()) == {("card", "Crystal"), ("card", "Spark"), ("skip",)}
    choose(g, ("card", "Spark"))
    # breach II is the cheapest closed breach for both players
    assert set(g.legal_actions()) == {("breach", 0, 1), ("breach", 1, 1)}
    choose(g, ("breach", 1, 1))
    waits_in_main(g, 0)
    assert zones(g, 0) == {"hand": ["Crystal"], "deck": [], "discard": ["Jagged Lightning", "Spark"],
                           "played": [], "aether": 0, "aether_spell": 0}
    assert breaches(g, 1)[1] == {"state": "closed", "stage": 3, "focused": True}
    assert breaches(g, 0)[1] == {"state": "closed", "stage": 1}


def test_card_jagged_lightning_without_discard_focuses_nothing() -> None:
    me = player("Brama", hand=["Crystal"], breaches=prepped({0: ["Jagged Lightning"]}))
    g = at_casting(two(me))
    choose(g, ("cast", 0, 0))
    choose(g, ("skip",))
    waits_in_main(g, 0)
    assert g.state.nemesis.life == 67
    assert zones(g, 0)["hand"] == ["Crystal"] and zones(g, 0)["discard"] == ["Jagged Lightning"]
    assert breaches(g, 0) == [{"state": "open"}, {"state": "closed", "stage": 1},
                              {"state": "closed", "stage": 0}, {"state": "closed", "stage": 2}]


def test_card_fiery_torrent_counts_other_copies_of_any_player() -> None:
    me = player("Brama", hand=list(HOLD), breaches=prepped({0: ["Fiery Torrent"]}))
    ally = player("Mist", hand=list(HOLD), breaches=[{"state": "open", "spells": ["Fiery Torrent"]},
                                                       {"state": "open", "spells": ["Fiery Torrent"]},
                                                       closed(1), closed(1)])
    g = at_casting(two(me, ally))
    choose(g, ("cast", 0, 0))
    waits_in_main(g, 0)
    assert g.state.nemesis.life == 64  # 2 + 2 x 2 other copies
    assert zones(g, 0)["discard"] == ["Fiery Torrent"]
    assert [b.get("spells") for b in breaches(g, 1)] == [["Fiery Torrent"], ["Fiery Torrent"], None, None]


def test_card_fiery_torrent_alone_deals_two() -> None:
    g = at_casting(two(player("Brama", hand=list(HOLD), breaches=prepped({0: ["Fiery Torrent"]}))))
    choose(g, ("cast", 0, 0))
    assert g.state.nemesis.life == 68 and zones(g, 0)["discard"] == ["Fiery Torrent"]


def test_card_conjure_the_lost_destroyed_for_gravehold_life_K_10() -> None:
    d = two(player("Brama", hand=list(HOLD), discard=["Spark"], breaches=prepped({0: ["Conjure the Lost"]})))
    d["gravehold"] = {"life": 20, "max_life": 30}
    g = at_casting(d)
    choose(g, ("cast", 0, 0))
    assert g.state.nemesis.life == 65 and g.decision.kind == "yes_no"
    choose(g, ("yes",))
    waits_in_main(g, 0)
    assert zones(g, 0)["discard"] == ["Spark"] and g.state.destroyed == ["Conjure the Lost"]
    assert g.state.gravehold == 24


def test_card_conjure_the_lost_kept_in_discard() -> None:
    d = two(player("Brama", hand=list(HOLD), breaches=prepped({0: ["Conjure the Lost"]})))
    d["gravehold"] = {"life": 20, "max_life": 30}
    g = at_casting(d)
    choose(g, ("cast", 0, 0))
    choose(g, ("no",))
    assert g.state.nemesis.life == 65 and g.state.gravehold == 20
    assert zones(g, 0)["discard"] == ["Conjure the Lost"] and g.state.destroyed == []


def test_card_reduce_to_ash_reveals_top_card_at_casting_start() -> None:
    me = player("Brama", hand=list(HOLD), deck=["Spark", "Crystal"], breaches=prepped({0: ["Reduce to Ash"]}))
    g = at_player_turn(two(me))
    assert g.decision.kind == "yes_no" and g.decision.source == "Reduce to Ash"
    choose(g, ("yes",))
    assert g.state.destroyed == ["Spark"] and zones(g, 0)["deck"] == ["Crystal"]
    assert g.decision.kind == "casting"  # the reveal came before any cast
    choose(g, ("cast", 0, 0))
    waits_in_main(g, 0)
    assert g.state.nemesis.life == 66
    assert zones(g, 0) == {"hand": HOLD, "deck": ["Crystal"], "discard": ["Reduce to Ash"], "played": [],
                           "aether": 0, "aether_spell": 0}


def test_card_reduce_to_ash_kept_card_stays_on_top_and_empty_deck_flips_P_16() -> None:
    me = player("Brama", hand=list(HOLD), deck=[], discard=["Crystal", "Spark"],
                breaches=prepped({0: ["Reduce to Ash"]}))
    g = at_player_turn(two(me))
    choose(g, ("no",))
    choose(g, ("end_casting",))
    waits_in_main(g, 0)
    assert zones(g, 0)["deck"] == ["Crystal", "Spark"] and zones(g, 0)["discard"] == []
    assert g.state.destroyed == [] and breaches(g, 0)[0] == {"state": "open", "spells": ["Reduce to Ash"]}


def test_card_thoughtform_familiar_counts_only_your_other_prepped() -> None:
    brs = prepped({0: ["Thoughtform Familiar"], 1: ["Spark"]},
                  [{"state": "open"}, {"state": "open"}, closed(0), closed(2)])
    ally = player("Mist", hand=list(HOLD), breaches=[{"state": "open", "spells": ["Spark"]}, closed(2),
                                                       closed(1), closed(1)])
    g = at_casting(two(player("Brama", hand=list(HOLD), breaches=brs), ally))
    choose(g, ("cast", 0, 0))
    assert g.state.nemesis.life == 67  # 2 + 1 for my Spark; the ally's does not count
    choose(g, ("end_casting",))
    waits_in_main(g, 0)
    assert zones(g, 0)["discard"] == ["Thoughtform Familiar"]
    assert breaches(g, 0)[1] == {"state": "open", "spells": ["Spark"]}


def test_card_kindle_lets_one_spark_share_its_breach() -> None:
    me = player("Brama", hand=["Spark", "Spark", "Crystal"], breaches=prepped({0: ["Kindle"]}))
    g = at_main(two(me))
    assert ("prep", "Spark", 0) in g.legal_actions()
    choose(g, ("prep", "Spark", 0))
    waits_in_main(g, 0)
    assert breaches(g, 0)[0] == {"state": "open", "spells": ["Kindle", "Spark"]}
    assert zones(g, 0)["hand"] == ["Spark", "Crystal"]
    assert not [a for a in g.legal_actions() if a[0] == "prep"]  # only one Spark, no other breach open


def test_card_kindle_no_other_spell_shares_it() -> None:
    me = player("Brama", hand=["Buried Light", "Spark"], breaches=prepped({0: ["Kindle"]}))
    g = at_main(two(me))
    assert [a for a in g.legal_actions() if a[0] == "prep"] == [("prep", "Spark", 0)]


def test_card_kindle_cast_deals_three_and_spark_cast_too() -> None:
    me = player("Brama", hand=list(HOLD), breaches=prepped({0: ["Kindle", "Spark"]}))
    g = at_casting(two(me))
    assert set(g.legal_actions()) == {("cast", 0, 0), ("cast", 0, 1), ("end_casting",)}
    choose(g, ("cast", 0, 0))
    assert g.state.nemesis.life == 67
    choose(g, ("cast", 0, 0))
    waits_in_main(g, 0)
    assert g.state.nemesis.life == 66
    assert zones(g, 0)["discard"] == ["Kindle", "Spark"] and breaches(g, 0)[0] == {"state": "open"}


def test_card_nova_forge_spell_only_aether_once_per_turn_P_14() -> None:
    me = player("Brama", hand=["Crystal", "Crystal", "Crystal"], breaches=prepped({0: ["Nova Forge"]}))
    g = at_main(reuse(me))
    choose(g, ("use", 0, "Nova Forge"))
    assert zones(g, 0)["aether"] == 0 and zones(g, 0)["aether_spell"] == 2
    assert ("use", 0, "Nova Forge") not in g.legal_actions()
    choose(g, ("play", "Crystal"))
    gains = {a[1] for a in g.legal_actions() if a[0] == "gain"}
    assert gains == {"Thoughtform Familiar"}  # 3 Æ, but the 2 only pay for a spell
    assert ("charge",) not in g.legal_actions()
    choose(g, ("gain", "Thoughtform Familiar"))
    waits_in_main(g, 0)
    assert zones(g, 0) == {"hand": ["Crystal", "Crystal"], "deck": [], "discard": ["Thoughtform Familiar"],
                           "played": ["Crystal"], "aether": 0, "aether_spell": 0}
    assert breaches(g, 0)[0] == {"state": "open", "spells": ["Nova Forge"]}


def test_card_nova_forge_cast_deals_four() -> None:
    g = at_casting(reuse(player("Brama", hand=list(HOLD), breaches=prepped({0: ["Nova Forge"]}))))
    choose(g, ("cast", 0, 0))
    waits_in_main(g, 0)
    assert g.state.nemesis.life == 66 and zones(g, 0)["discard"] == ["Nova Forge"]
    assert zones(g, 0)["aether_spell"] == 0


def test_card_crystallize_prepped_across_two_adjacent_breaches_P_13() -> None:
    brs = [{"state": "open"}, {"state": "open"}, closed(0), closed(2)]
    g = at_main(reuse(player("Brama", hand=["Crystallize", "Spark"], breaches=brs)))
    preps = {a for a in g.legal_actions() if a[0] == "prep"}
    assert ("prep", "Crystallize", 0) in preps and ("prep", "Crystallize", 1) not in preps
    choose(g, ("prep", "Crystallize", 0))
    assert breaches(g, 0)[:2] == [{"state": "open", "spells": ["Crystallize"]},
                                  {"state": "open", "covered_by": 0}]
    assert not [a for a in g.legal_actions() if a[0] == "prep"]  # both breaches are full


def test_card_crystallize_two_damage_per_ally_gem_with_best_bonus() -> None:
    brs = [{"state": "open"}, {"state": "open", "spells": ["Crystallize"]}, {"state": "open", "covered_by": 1},
           closed(2)]
    ally = player("Mist", hand=["Crystal", "Spark", "Crystal", "Frozen Magmite", "Cairn Compass"])
    g = at_casting(reuse(player("Brama", hand=list(HOLD), breaches=brs), ally))
    choose(g, ("cast", 1, 0))  # the only ally shows at once
    waits_in_main(g, 0)
    assert g.state.nemesis.life == 63  # 3 gems x 2 + breach III bonus
    assert zones(g, 1)["hand"] == ["Crystal", "Spark", "Crystal", "Frozen Magmite", "Cairn Compass"]
    assert zones(g, 0)["discard"] == ["Crystallize"]
    assert breaches(g, 0)[1:3] == [{"state": "open"}, {"state": "open"}]


def test_card_crystallize_no_gems_still_gets_breach_bonus_P_3() -> None:
    brs = [{"state": "open"}, closed(1), {"state": "open", "spells": ["Crystallize"]},
           {"state": "open", "covered_by": 2}]
    ally = player("Mist", hand=["Spark", "Cairn Compass"])
    g = at_casting(reuse(player("Brama", hand=list(HOLD), breaches=brs), ally))
    choose(g, ("cast", 2, 0))
    waits_in_main(g, 0)
    assert g.state.nemesis.life == 69  # 0 damage + 1 bonus
    assert zones(g, 0)["discard"] == ["Crystallize"]
    assert breaches(g, 0)[2:] == [{"state": "open"}, {"state": "open"}]


def test_card_crystallize_touching_a_closed_breach_must_be_cast_P_1() -> None:
    brs = [{"state": "open", "spells": ["Crystallize"]}, {"state": "closed", "stage": 3, "covered_by": 0},
           {"state": "open", "spells": ["Spark"]}, closed(2)]
    g = at_casting(reuse(player("Brama", hand=list(HOLD), breaches=brs), player("Mist", hand=["Crystal"])))
    assert set(g.legal_actions()) == {("cast", 0, 0), ("cast", 2, 0)}  # no way to keep it
    choose(g, ("cast", 0, 0))
    assert g.state.nemesis.life == 68  # one gem, no bonus from breaches I and II
    assert set(g.legal_actions()) == {("cast", 2, 0), ("end_casting",)}
    choose(g, ("end_casting",))
    waits_in_main(g, 0)
    assert zones(g, 0)["discard"] == ["Crystallize"]
    assert breaches(g, 0) == [{"state": "open"}, {"state": "closed", "stage": 3},
                              {"state": "open", "spells": ["Spark"]}, {"state": "closed", "stage": 2}]


# ============================================================== catalogue


def _snake(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower().replace("'", "")).strip("_")


#: type, cost, box of each encoded card, checked against the real cards
CARD_FACTS = {
    "Crystal": ("gem", 0, "starter"), "Spark": ("spell", 0, "starter"),
    "Buried Light": ("spell", 0, "AE"), "Garnet Shard": ("gem", 0, "AE"),
    "Amethyst Shard": ("gem", 0, "AE"), "Flare": ("spell", 0, "AE"),
    "Frozen Magmite": ("gem", 3, "WE"), "Scoria Slag": ("gem", 4, "WE"),
    "Erratic Ingot": ("gem", 5, "WE"), "Volcanic Glass": ("gem", 3, "WE"),
    "Breach Ore": ("gem", 4, "WE"), "Bloodstone Jewel": ("gem", 6, "WE"),
    "Mage's Totem": ("relic", 2, "WE"), "Primordial Fetish": ("relic", 4, "WE"),
    "Cairn Compass": ("relic", 4, "WE"), "Vortex Gauntlet": ("relic", 6, "WE"),
    "Jagged Lightning": ("spell", 4, "WE"), "Fiery Torrent": ("spell", 5, "WE"),
    "Conjure the Lost": ("spell", 6, "WE"), "Reduce to Ash": ("spell", 7, "WE"),
    "Thoughtform Familiar": ("spell", 3, "WE"), "Kindle": ("spell", 4, "WE"),
    "Nova Forge": ("spell", 6, "WE"), "Crystallize": ("spell", 8, "WE"),
}
#: ability name, window, charges of each encoded mage
ABILITY_FACTS = {
    "Adelheim": ("Aethereal Ward", "nemesis_draw", 5), "Brama": ("Brink Siphon", "your_main", 5),
    "Mist": ("Divine Augury", "your_main", 5), "Xaxos": ("Metaphysical Link", "any_main", 5),
}


@pytest.mark.parametrize("name", sorted(CARD_FACTS))
def test_card_catalogue_type_cost_and_box(name: str) -> None:
    c = registry.card(name)
    assert (c.type, c.cost, c.box) == CARD_FACTS[name]
    assert c.starter == (c.box != "WE")
    assert (c.mage is not None) == (c.box == "AE")


@pytest.mark.parametrize("name", sorted(ABILITY_FACTS))
def test_ability_catalogue_name_window_charges(name: str) -> None:
    ab = registry.mage(name).ability
    assert (ab.name, ab.window, ab.charges) == ABILITY_FACTS[name]


@pytest.mark.parametrize("name", sorted(registry.CARDS))
def test_card_every_card_renders_text(name: str) -> None:
    text = card_text(registry.CARDS[name])
    assert isinstance(text, str) and text.strip()


@pytest.mark.parametrize("name", sorted(registry.MAGES))
def test_ability_every_mage_renders_text(name: str) -> None:
    m = registry.MAGES[name]
    text = ability_text(m)
    assert text.startswith(m.ability.name) and len(text) > len(m.ability.name) + 5


def test_card_catalogue_every_card_and_ability_has_a_test() -> None:
    source = Path(__file__).read_text(encoding="utf-8")
    tests = set(re.findall(r"^def (test_\w+)", source, re.M))
    # this file's area is the cards and mages of CARD_FACTS / ABILITY_FACTS; later content
    # (e.g. tests/boxes/aeons_end/test_cards_ae_players.py) has coverage tests of its own
    missing = [n for n in CARD_FACTS if not any(t.startswith(f"test_card_{_snake(n)}_") for t in tests)]
    missing += [f"ability of {m}" for m in ABILITY_FACTS
                if not any(t.startswith(f"test_ability_{_snake(m)}_") for t in tests)]
    assert missing == []
