"""Behaviour of the Outcasts supply cards: one or more exact-state tests per card.

Each test writes a small state by hand (``support``), plays or casts the card through the
public game, answers its choices and reads back where everything went.
"""

from __future__ import annotations

import copy
from typing import Any

from gravehold import Game
from gravehold.content import registry
from gravehold.engine import frames

from support import at_player_turn, base_state, choose, closed, player

OPEN: dict[str, Any] = {"state": "open"}
HOLD = ["Crystal"]  # a card left in hand keeps the main phase waiting

OC_SUPPLY = [
    ["Unstable Pyrite", 7], ["Molten Peridot", 7], ["Vigorous Sunstone", 7],
    ["Rift Dagger", 5], ["Orb of the Deep", 5],
    ["Paired Storm", 5], ["Twisted Fang", 5], ["Fortified Frost", 5], ["Arcane Relay", 5],
]


def two(p0: dict[str, Any], p1: dict[str, Any] | None = None, **kw: Any) -> dict[str, Any]:
    d = base_state([p0, p1 if p1 is not None else player("Mist", hand=list(HOLD))], **kw)
    if "supply" not in kw:
        d["supply"] = copy.deepcopy(OC_SUPPLY)
    return d


def main_of(d: dict[str, Any], i: int = 0) -> Game:
    return Game.at(d, *frames.main_phase(i), *frames.draw_phase(i), active=i, phase="main", turn=1)


def casting(d: dict[str, Any], i: int = 0) -> Game:
    return Game.at(d, ("casting_phase", i), *frames.main_phase(i), *frames.draw_phase(i),
                   active=i, phase="casting", turn=1)


def waits_in_main(g: Game, i: int = 0) -> None:
    assert g.decision is not None and (g.decision.kind, g.decision.player) == ("main", i), g.decision


def zones(g: Game, i: int) -> dict[str, Any]:
    p = g.state.players[i]
    return {"hand": p.hand, "deck": p.deck, "discard": p.discard, "played": p.played, "aether": p.aether,
            "charges": p.charges}


def hits(g: Game) -> list[int]:
    return [e["amount"] for e in g.events if e["event"] == "nemesis_damage"]


def pile(g: Game, name: str) -> int:
    return g.state.supply_counts[g.state.supply_names.index(name)]


def spell_on(b: int, spell: str) -> list[dict[str, Any]]:
    brs: list[dict[str, Any]] = [dict(OPEN), closed(1), closed(0), closed(2)]
    brs[b] = {"state": "open", "spells": [spell]}
    return brs


def test_catalogue_box_o_holds_its_31_supply_cards() -> None:
    ours = sorted(c.name for c in registry.CARDS.values() if c.box == "O" and not c.starter)
    assert len(ours) == 31 and "Bottled Sun" in ours and "Transmuter's Lens" in ours


# ================================================================== gems


def test_card_unstable_pyrite_keeps_one_or_is_destroyed_for_three() -> None:
    g = main_of(two(player(hand=["Unstable Pyrite", "Unstable Pyrite", "Crystal"])))
    choose(g, ("play", "Unstable Pyrite"))
    choose(g, ("no",))
    choose(g, ("play", "Unstable Pyrite"))
    choose(g, ("yes",))
    waits_in_main(g)
    assert zones(g, 0) == {"hand": ["Crystal"], "deck": [], "discard": [], "played": ["Unstable Pyrite"],
                           "aether": 4, "charges": 0}
    assert g.state.destroyed == ["Unstable Pyrite"]


def test_card_molten_peridot_second_play_may_trade_itself_for_a_card_up_to_four() -> None:
    g = main_of(two(player(hand=["Molten Peridot", "Molten Peridot", "Crystal"])))
    choose(g, ("play", "Molten Peridot"))
    waits_in_main(g)  # the first play asks nothing
    choose(g, ("play", "Molten Peridot"))
    choose(g, ("yes",))
    assert ("gain", "Vigorous Sunstone") not in g.legal_actions()  # costs 5
    choose(g, ("gain", "Twisted Fang"))
    waits_in_main(g)
    assert zones(g, 0) == {"hand": ["Crystal"], "deck": [], "discard": ["Twisted Fang"],
                           "played": ["Molten Peridot"], "aether": 4, "charges": 0}
    assert g.state.destroyed == ["Molten Peridot"] and pile(g, "Twisted Fang") == 4


def test_card_helix_of_amber_suffers_one_to_destroy_a_free_card() -> None:
    g = main_of(two(player(hand=["Helix of Amber", "Crystal", "Spark", "Jagged Lightning"])))
    choose(g, ("play", "Helix of Amber"))
    assert ("card", "Jagged Lightning") not in g.legal_actions()
    choose(g, ("card", "Spark"))
    waits_in_main(g)
    assert zones(g, 0)["hand"] == ["Crystal", "Jagged Lightning"] and g.state.players[0].life == 9
    assert g.state.destroyed == ["Spark"] and g.state.players[0].aether == 2


def test_card_petrified_phoenixium_casts_a_prepped_spell_at_the_next_gain() -> None:
    d = two(player(hand=["Petrified Phoenixium", "Crystal"], aether=3),
            player("Mist", hand=list(HOLD), breaches=spell_on(0, "Twisted Fang")))
    g = main_of(d)
    choose(g, ("play", "Petrified Phoenixium"))
    waits_in_main(g)
    assert g.state.players[0].aether == 5
    choose(g, ("gain", "Fortified Frost"))
    assert ("skip",) in g.legal_actions()
    choose(g, ("spell", 1, 0, 0))
    waits_in_main(g)
    assert hits(g) == [3] and g.state.players[1].discard == ["Twisted Fang"]
    assert g.state.players[0].discard == ["Fortified Frost"] and g.state.players[0].aether == 3


def test_card_galvanized_sapphire_without_xaxos_gives_its_player_the_charge() -> None:
    g = main_of(two(player(hand=["Galvanized Sapphire", "Crystal"])))
    choose(g, ("play", "Galvanized Sapphire"))
    waits_in_main(g)
    assert (g.state.players[0].aether, g.state.players[0].charges, g.state.players[1].charges) == (2, 1, 0)


def test_card_elongated_looq_charges_at_the_next_focus_only() -> None:
    g = main_of(two(player(hand=["Elongated Looq", "Crystal"], aether=6)))
    choose(g, ("play", "Elongated Looq"))
    waits_in_main(g)
    assert g.state.players[0].charges == 0
    choose(g, ("focus", 1))
    assert g.state.players[0].charges == 1
    choose(g, ("focus", 2))
    waits_in_main(g)
    assert g.state.players[0].charges == 1


def test_card_vigorous_sunstone_goes_to_hand_as_the_second_gain() -> None:
    g = main_of(two(player(hand=list(HOLD), aether=7)))
    choose(g, ("gain", "Vigorous Sunstone"))  # first gain: to the discard pile
    assert g.state.players[0].discard == ["Vigorous Sunstone"]
    g = main_of(two(player(hand=list(HOLD), aether=7)))
    choose(g, ("gain", "Unstable Pyrite"))
    choose(g, ("gain", "Vigorous Sunstone"))
    waits_in_main(g)
    assert zones(g, 0)["hand"] == ["Crystal", "Vigorous Sunstone"]
    assert zones(g, 0)["discard"] == ["Unstable Pyrite"]


def test_card_duplicating_sazite_trades_a_prepped_spell_for_an_allys_gain() -> None:
    """The ally's gain is the sub-step ``share_gain_pick``, pushed once the spell is chosen."""
    d = two(player(hand=["Duplicating Sazite", "Crystal"], aether=2, breaches=spell_on(0, "Fortified Frost")))
    g = main_of(d)
    choose(g, ("play", "Duplicating Sazite"))
    choose(g, ("gain", "Unstable Pyrite"))
    choose(g, ("spell", 0, 0, 0))  # the one ally gains: no choice to make
    assert ("gain", "Paired Storm") not in g.legal_actions()  # 3 Æ > 2 Æ
    choose(g, ("gain", "Fortified Frost"))
    waits_in_main(g)
    assert g.state.players[0].discard == ["Unstable Pyrite", "Fortified Frost"]
    assert g.state.players[1].discard == ["Fortified Frost"] and pile(g, "Fortified Frost") == 4


# ================================================================== relics


def test_card_orb_of_the_deep_focuses_or_trades_itself_for_a_charge() -> None:
    g = main_of(two(player(hand=["Orb of the Deep", "Orb of the Deep", "Crystal"])))
    choose(g, ("play", "Orb of the Deep"))
    choose(g, ("choose", 0))
    brs = g.state.players[0].breaches
    assert (brs[1].stage, brs[2].stage, brs[3].stage) == (2, 0, 2)  # breach II: the cheapest
    choose(g, ("play", "Orb of the Deep"))
    choose(g, ("choose", 1))
    waits_in_main(g)
    assert g.state.players[0].charges == 1 and g.state.destroyed == ["Orb of the Deep"]


def test_card_carnivorous_roox_eats_a_card_for_its_cost_or_focuses_twice() -> None:
    g = main_of(two(player(hand=["Carnivorous Roox", "Jagged Lightning", "Crystal"])))
    choose(g, ("play", "Carnivorous Roox"))
    choose(g, ("choose", 0))
    choose(g, ("card", "Jagged Lightning"))
    waits_in_main(g)
    assert g.state.players[0].aether == 5 and g.state.destroyed == ["Jagged Lightning"]
    g = main_of(two(player(hand=["Carnivorous Roox", "Crystal"])))
    choose(g, ("play", "Carnivorous Roox"))
    choose(g, ("choose", 1))
    waits_in_main(g)  # breach II (stage 1) is the cheapest both times
    assert g.state.players[0].breaches[1].stage == 3 and g.state.destroyed == ["Carnivorous Roox"]


def test_card_rift_dagger_gains_from_another_pile_and_may_pay_one_for_the_hand() -> None:
    g = main_of(two(player(hand=["Rift Dagger", "Crystal"], aether=1)))
    choose(g, ("play", "Rift Dagger"))
    acts = g.legal_actions()
    assert ("gain", "Rift Dagger") not in acts and ("gain", "Twisted Fang") not in acts
    assert ("destroy_gain", "Twisted Fang") in acts
    choose(g, ("destroy_gain", "Twisted Fang"))
    choose(g, ("to_hand", "Twisted Fang"))
    waits_in_main(g)
    assert zones(g, 0) == {"hand": ["Crystal", "Twisted Fang"], "deck": [], "discard": [], "played": [],
                           "aether": 0, "charges": 0}
    assert g.state.destroyed == ["Rift Dagger"]


def test_card_reconstituting_circuit_charges_and_may_destroy() -> None:
    g = main_of(two(player(hand=["Reconstituting Circuit", "Spark", "Crystal"])))
    choose(g, ("play", "Reconstituting Circuit"))
    choose(g, ("card", "Spark"))
    waits_in_main(g)
    assert g.state.players[0].charges == 1 and g.state.destroyed == ["Spark"]


def test_card_destiny_forger_lets_an_ally_upgrade_a_card_into_hand() -> None:
    """The chosen ally's destroy-then-gain is the sub-step ``forge_destiny_card``."""
    g = main_of(two(player(hand=["Destiny Forger", "Crystal"]), player("Mist", hand=["Crystal", "Spark"])))
    choose(g, ("play", "Destiny Forger"))
    choose(g, ("choose", 0))
    choose(g, ("player", 1))
    choose(g, ("card", "Crystal"))
    assert ("gain", "Fortified Frost") in g.legal_actions() and ("gain", "Paired Storm") not in g.legal_actions()
    choose(g, ("gain", "Unstable Pyrite"))
    waits_in_main(g)
    assert g.state.players[1].hand == ["Spark", "Unstable Pyrite"] and g.state.destroyed == ["Crystal"]
    g = main_of(two(player(hand=["Destiny Forger", "Crystal"])))
    choose(g, ("play", "Destiny Forger"))
    choose(g, ("choose", 1))
    assert g.state.players[0].charges == 2 and g.state.destroyed == ["Destiny Forger"]


def test_card_chain_of_retrieval_takes_back_a_card_up_to_six() -> None:
    g = main_of(two(player(hand=["Chain of Retrieval", "Crystal"], discard=["Arcane Relay", "Twisted Fang"])))
    choose(g, ("play", "Chain of Retrieval"))
    choose(g, ("choose", 1))
    assert g.state.players[0].hand == ["Crystal", "Twisted Fang"]  # the one card it may take
    assert g.state.players[0].discard == ["Arcane Relay"]


def test_card_bottled_sun_gives_three_charges_as_slots_hold() -> None:
    g = main_of(two(player(hand=["Bottled Sun", "Crystal"], charges=3)))
    choose(g, ("play", "Bottled Sun"))
    waits_in_main(g)
    assert g.state.players[0].charges == 5


def test_card_transmuters_lens_destroys_itself_and_a_card_then_gains_up_to_six() -> None:
    g = main_of(two(player(hand=["Transmuter's Lens", "Crystal"], discard=["Spark"])))
    choose(g, ("play", "Transmuter's Lens"))
    while g.decision is not None and g.decision.kind != "gain":
        acts = [a for a in g.legal_actions() if "Spark" in a]
        choose(g, acts[0])
    choose(g, ("gain", "Arcane Relay")) if ("gain", "Arcane Relay") in g.legal_actions() else None
    assert ("gain", "Arcane Relay") not in g.legal_actions()
    choose(g, ("gain", "Vigorous Sunstone"))
    waits_in_main(g)
    assert sorted(g.state.destroyed) == ["Spark", "Transmuter's Lens"]
    assert g.state.players[0].discard == ["Vigorous Sunstone"]


def test_card_unhinged_vortex_ally_draws_three_then_discards() -> None:
    g = main_of(two(player(hand=["Unhinged Vortex", "Crystal"]),
                    player("Mist", hand=[], deck=["Spark", "Spark", "Crystal", "Spark"])))
    choose(g, ("play", "Unhinged Vortex"))
    choose(g, ("choose", 0))  # the one ally draws: no choice to make
    choose(g, ("card", "Crystal"))
    waits_in_main(g)
    assert (g.state.players[1].hand, g.state.players[1].discard, g.state.players[1].deck) == (
        ["Spark", "Spark"], ["Crystal"], ["Spark"])


# ================================================================== spells


def test_card_fortified_frost_deals_three_with_a_discard() -> None:
    g = casting(two(player(hand=["Spark", "Crystal"], breaches=spell_on(0, "Fortified Frost"))))
    choose(g, ("cast", 0, 0))
    choose(g, ("card", "Spark"))
    assert hits(g) == [3] and g.state.players[0].discard == ["Fortified Frost", "Spark"]


def test_card_paired_storm_deals_four_as_the_second_cast_this_turn() -> None:
    brs = spell_on(0, "Paired Storm")
    brs[0]["spells"] = ["Paired Storm", "Paired Storm"]
    g = casting(two(player(hand=list(HOLD), breaches=brs)))
    choose(g, ("cast", 0, 0))
    choose(g, ("cast", 0, 0))
    assert hits(g) == [2, 4]
    assert registry.card("Paired Storm").link


def test_card_twisted_fang_deals_four_with_its_pile_empty() -> None:
    d = two(player(hand=list(HOLD), breaches=spell_on(0, "Twisted Fang")))
    g = casting(d)
    choose(g, ("cast", 0, 0))
    d["supply"][6] = ["Twisted Fang", 0]
    g2 = casting(d)
    choose(g2, ("cast", 0, 0))
    assert (hits(g), hits(g2)) == ([3], [4])


def test_card_shattering_bolt_discards_a_gem_for_four() -> None:
    g = casting(two(player(hand=["Crystal", "Spark"], breaches=spell_on(0, "Shattering Bolt"))))
    choose(g, ("cast", 0, 0))
    choose(g, ("choose", 1))
    assert hits(g) == [4] and g.state.players[0].hand == ["Spark"]


def test_card_infused_ignition_charges_only_at_four_or_fewer() -> None:
    g = casting(two(player(hand=list(HOLD), charges=4, max_charges=6, breaches=spell_on(0, "Infused Ignition"))))
    choose(g, ("cast", 0, 0))
    g2 = casting(two(player(hand=list(HOLD), charges=5, max_charges=6, breaches=spell_on(0, "Infused Ignition"))))
    choose(g2, ("cast", 0, 0))
    assert (hits(g), g.state.players[0].charges, g2.state.players[0].charges) == ([3], 5, 5)


def test_card_lightning_arrow_heals_gravehold_for_a_discard() -> None:
    d = two(player(hand=["Spark", "Crystal"], breaches=spell_on(0, "Lightning Arrow")))
    d["gravehold"] = {"life": 20, "max_life": 30}
    g = casting(d)
    choose(g, ("cast", 0, 0))
    choose(g, ("card", "Spark"))
    assert hits(g) == [3] and g.state.gravehold == 21


def test_card_radiant_conflux_lets_an_ally_cycle() -> None:
    g = casting(two(player(hand=list(HOLD), breaches=spell_on(0, "Radiant Conflux")),
                    player("Mist", hand=["Crystal"], deck=["Spark"])))
    choose(g, ("cast", 0, 0))
    choose(g, ("player", 1))
    choose(g, ("card", "Crystal"))
    assert hits(g) == [3] and (g.state.players[1].hand, g.state.players[1].discard) == (["Spark"], ["Crystal"])


def test_card_unstable_rift_pays_one_damage_and_one_aether_at_casting_end() -> None:
    brs = spell_on(0, "Unstable Rift")
    g = at_player_turn(two(player(hand=list(HOLD), breaches=brs)))
    choose(g, ("end_casting",))
    assert hits(g) == [1] and g.state.players[0].aether == 1 and g.state.players[0].breaches[0].spells == [
        "Unstable Rift"]


def test_card_gathered_will_puts_a_cheap_spell_on_the_deck() -> None:
    g = casting(two(player(hand=list(HOLD), deck=["Spark"], breaches=spell_on(0, "Gathered Will"))))
    choose(g, ("cast", 0, 0))
    assert ("gain", "Arcane Relay") not in g.legal_actions() and ("gain", "Unstable Pyrite") not in g.legal_actions()
    choose(g, ("gain", "Twisted Fang"))
    assert hits(g) == [2] and g.state.players[0].deck == ["Twisted Fang", "Spark"]


def test_card_tornado_of_insight_charges_with_no_closed_breach() -> None:
    brs: list[dict[str, Any]] = [{"state": "open", "spells": ["Tornado of Insight"]}, dict(OPEN), dict(OPEN),
                                 dict(OPEN)]
    g = casting(two(player(hand=list(HOLD), breaches=brs)))
    choose(g, ("cast", 0, 0))
    g2 = casting(two(player(hand=list(HOLD), breaches=spell_on(0, "Tornado of Insight"))))
    choose(g2, ("cast", 0, 0))
    assert (hits(g), g.state.players[0].charges, g2.state.players[0].charges) == ([5], 1, 0)


def test_card_hasted_intellect_while_prepped_offers_the_deck_top_for_a_gain() -> None:
    g = main_of(two(player(hand=list(HOLD), deck=["Spark"], aether=2, breaches=spell_on(0, "Hasted Intellect"))))
    choose(g, ("gain", "Fortified Frost"))
    choose(g, ("yes",))
    waits_in_main(g)
    assert g.state.players[0].deck == ["Fortified Frost", "Spark"] and g.state.players[0].discard == []


def test_card_swarm_of_flame_casts_an_allys_spell_up_to_five() -> None:
    brs = spell_on(0, "Swarm of Flame")
    g = casting(two(player(hand=list(HOLD), breaches=brs),
                    player("Mist", hand=list(HOLD), breaches=spell_on(0, "Arcane Relay"))))
    choose(g, ("cast", 0, 0))
    assert hits(g) == [5] and ("spell", 1, 0, 0) not in g.legal_actions()  # Arcane Relay costs 8


def test_card_arcane_relay_counts_the_allys_costly_cards() -> None:
    g = casting(two(player(hand=list(HOLD), breaches=spell_on(0, "Arcane Relay")),
                    player("Mist", hand=["Crystal", "Twisted Fang"], deck=["Spark"])))
    choose(g, ("cast", 0, 0))  # the one ally draws Spark (0 Æ): Twisted Fang alone counts
    assert hits(g) == [5] and g.state.players[1].hand == ["Crystal", "Twisted Fang", "Spark"]


def test_card_dizzying_burst_deals_six_and_reorders_the_turn_order_deck() -> None:
    g = casting(two(player(hand=list(HOLD), breaches=spell_on(0, "Dizzying Burst"))))
    choose(g, ("cast", 0, 0))
    assert hits(g) == [6] and g.decision is not None and g.decision.player == 0


def test_card_texts_show_hasted_intellects_while_prepped_rule_and_paired_storms_link() -> None:
    from gravehold.content.text import card_text

    hasted, storm = card_text(registry.CARDS["Hasted Intellect"]), card_text(registry.CARDS["Paired Storm"])
    assert hasted.startswith("While prepped, each card you gain may go on top of your deck.")
    assert storm.startswith("Link: it may share a breach with one other Link spell.")
