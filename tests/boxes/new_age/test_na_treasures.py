"""The New Age treasures (X-5, X-14): each treasure's behaviour, setups with treasures,
saving and loading them, and bad input.

Each behaviour test builds a small exact state whose config names the game's treasures
(``config.treasures``, as a position written by hand), acts, and compares the whole table
(``table``) with what it was, changed by exactly what the treasure does.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from gravehold import Game
from gravehold.content import registry
from gravehold.content.text import treasure_text
from gravehold.engine.setup import Config, SetupError, new_state
from gravehold.errors import GraveholdError, StateFormatError, UnknownName
from gravehold.record import setup_config

from support import at_casting, at_main, at_player_turn, base_state, card_census, choose, closed, minion, player

HOLD = ["Crystal"]  # a card left in hand keeps the main phase waiting for a choice
OPEN: dict[str, Any] = {"state": "open"}
ALL_OPEN = [dict(OPEN), dict(OPEN), dict(OPEN), dict(OPEN)]


def two(p0: dict[str, Any], p1: dict[str, Any] | None = None, *, players: list[dict[str, Any]] | None = None,
        group: str | None = None, pile: str | None = None, **kw: Any) -> dict[str, Any]:
    """Two players (the second holds a card so that nothing ends for them) with treasures."""
    d = base_state([p0, p1 if p1 is not None else player("Mist", hand=list(HOLD))], **kw)
    tr: dict[str, Any] = {}
    if players:
        tr["players"] = players
    if group:
        tr["group"] = group
    if pile:
        tr["pile"] = pile
    d["config"]["treasures"] = tr
    return d


def table(g: Game) -> dict[str, Any]:
    """Everything a treasure could change, as plain data."""
    st = g.state
    return {
        "players": [{"hand": sorted(p.hand), "deck": list(p.deck), "discard": list(p.discard),
                     "played": list(p.played), "life": p.life, "charges": p.charges, "aether": p.aether,
                     "aether_for": dict(p.aether_for), "breaches": [b.to_dict() for b in p.breaches]}
                    for p in st.players],
        "nemesis": st.nemesis.life, "minions": [(c.name, c.life) for c in st.nemesis.in_play],
        "gravehold": st.gravehold, "supply": dict(zip(st.supply_names, st.supply_counts, strict=True)),
        "destroyed": list(st.destroyed), "turn_order": (list(st.to_deck), list(st.to_discard)),
    }


def changed(before: dict[str, Any], piles: dict[str, int] | None = None, **paths: Any) -> dict[str, Any]:
    """``before`` with ``p0_hand=[...]``, ``nemesis=60`` ... replaced, and ``piles`` the new
    counts of some supply piles."""
    out = copy.deepcopy(before)
    for key, value in paths.items():
        if key[:1] == "p" and key[1:2].isdigit() and key[2:3] == "_":
            out["players"][int(key[1])][key[3:]] = sorted(value) if key[3:] == "hand" else value
        else:
            out[key] = value
    out["supply"].update(piles or {})
    return out


def aim(g: Game) -> None:
    """Damage goes to the nemesis (asked only when a minion could take it instead)."""
    if g.decision is not None and g.decision.kind == "target":
        choose(g, ("target", "nemesis"))


def waits_in_main(g: Game, i: int = 0) -> None:
    assert g.decision is not None and g.decision.kind == "main" and g.decision.player == i


# ====================================================================== the catalogue


def test_X_14_the_new_age_has_its_28_treasures_by_tier() -> None:
    na_treasures = [t for t in registry.TREASURES.values() if t.box == "NA"]
    assert [sum(t.tier == k for t in na_treasures) for k in (1, 2, 3)] == [10, 8, 10]
    assert registry.box("NA").census()["treasures"] == 28
    for t in na_treasures:
        text = treasure_text(t)
        assert text and "None" not in text
        if t.tier == 1:  # a card of its own, never a supply card
            card = registry.CARDS[t.card or ""]
            assert card.starter and card.type in ("gem", "spell") and card not in registry.supply_cards()


def test_X_14_treasure_lookup_is_case_blind_and_suggests_close_names() -> None:
    assert registry.treasure("bladed crystal").name == "Bladed Crystal"
    with pytest.raises(UnknownName, match="Did you mean: Bladed Crystal"):
        registry.treasure("Bladed Crystl")


# ====================================================================== tier 1: cards


def test_card_kadirs_emerald_shard_gains_aether_or_heals_a_player() -> None:
    d = two(player("Brama", hand=["Kadir's Emerald Shard", "Crystal"]), player("Mist", hand=list(HOLD), life=6))
    g = at_main(d)
    before = table(g)
    choose(g, ("play", "Kadir's Emerald Shard"))
    assert g.decision.kind == "or"
    heal = copy.deepcopy(g)
    choose(g, ("choose", 0))
    assert table(g) == changed(before, p0_hand=["Crystal"], p0_played=["Kadir's Emerald Shard"], p0_aether=1)
    choose(heal, ("choose", 1))
    choose(heal, ("player", 1))
    assert table(heal) == changed(before, p0_hand=["Crystal"], p0_played=["Kadir's Emerald Shard"], p1_life=7)


def test_card_gexs_shattered_geode_takes_an_allys_top_discard() -> None:
    d = two(player("Brama", hand=["Gex's Shattered Geode", "Crystal"]),
            player("Mist", hand=list(HOLD), discard=["Spark", "Jagged Lightning"]))
    g = at_main(d)
    before = table(g)
    choose(g, ("play", "Gex's Shattered Geode"))
    assert set(g.legal_actions()) == {("player", 1), ("skip",)}
    choose(g, ("player", 1))
    waits_in_main(g)
    assert table(g) == changed(before, p0_hand=["Crystal", "Jagged Lightning"], p0_played=["Gex's Shattered Geode"],
                               p0_aether=1, p1_discard=["Spark"])


def test_card_jians_moonstone_shard_adds_aether_only_for_a_gem_K_11() -> None:
    g = at_main(two(player("Brama", hand=["Jian's Moonstone Shard", "Crystal"], aether=3)))
    before = table(g)
    choose(g, ("play", "Jian's Moonstone Shard"))
    waits_in_main(g)
    assert table(g) == changed(before, p0_hand=["Crystal"], p0_played=["Jian's Moonstone Shard"], p0_aether=4,
                               p0_aether_for={"gem": 1})
    opts = g.legal_actions()
    assert ("gain", "Erratic Ingot") in opts and ("gain", "Primordial Fetish") in opts  # 5 for a gem, 4 for a relic
    assert ("gain", "Fiery Torrent") not in opts  # a 5-cost spell: the gem aether does not pay


def test_card_lashs_quartz_shard_a_player_card_gives_aether_and_may_go_under() -> None:
    d = two(player("Brama", hand=["Lash's Quartz Shard", "Crystal"]))
    d["turn_order"] = {"deck": ["P2", "N", "P1"], "discard": []}
    g = at_main(d)
    before = table(g)
    choose(g, ("play", "Lash's Quartz Shard"))
    assert g.decision.kind == "turn_order" and set(g.legal_actions()) == {("top",), ("bottom",)}
    choose(g, ("bottom",))
    waits_in_main(g)
    assert table(g) == changed(before, p0_hand=["Crystal"], p0_played=["Lash's Quartz Shard"], p0_aether=2,
                               turn_order=(["N", "P1", "P2"], []))


def test_card_lashs_quartz_shard_a_nemesis_card_gives_nothing_more() -> None:
    d = two(player("Brama", hand=["Lash's Quartz Shard", "Crystal"]))
    d["turn_order"] = {"deck": ["N", "P1"], "discard": []}
    g = at_main(d)
    before = table(g)
    choose(g, ("play", "Lash's Quartz Shard"))
    choose(g, ("top",))
    assert table(g) == changed(before, p0_hand=["Crystal"], p0_played=["Lash's Quartz Shard"], p0_aether=1)
    assert g.state.tokens["to_known"] == 1  # the top card is known to the table


def test_card_xaxos_flare_deals_3_on_a_player_card_and_1_on_a_nemesis_card() -> None:
    for top, damage in (("P2", 3), ("N", 1)):
        layout = [{"state": "open", "spells": ["Xaxo's Flare"]}, closed(1), closed(0), closed(2)]
        d = two(player("Brama", hand=list(HOLD), breaches=layout))
        d["turn_order"] = {"deck": [top, "P1"], "discard": []}
        g = at_casting(d)
        before = table(g)
        choose(g, ("cast", 0, 0))
        aim(g)
        assert table(g) == changed(before, nemesis=70 - damage, p0_discard=["Xaxo's Flare"],
                                   p0_breaches=[OPEN, closed(1), closed(0), closed(2)])
        assert g.state.to_deck[0] == top  # back on top


def test_card_adelheims_amethyst_shard_lets_an_ally_draw_then_discard() -> None:
    d = two(player("Brama", hand=["Adelheim's Amethyst Shard", "Crystal"]),
            player("Mist", hand=["Crystal"], deck=["Spark", "Crystal"]))
    g = at_main(d)
    before = table(g)
    choose(g, ("play", "Adelheim's Amethyst Shard"))
    assert set(g.legal_actions()) == {("player", 1), ("skip",)}
    choose(g, ("player", 1))
    assert g.decision.player == 1 and set(g.legal_actions()) == {("card", "Crystal"), ("card", "Spark")}
    choose(g, ("card", "Crystal"))
    waits_in_main(g)
    assert table(g) == changed(before, p0_hand=["Crystal"], p0_played=["Adelheim's Amethyst Shard"], p0_aether=1,
                               p1_hand=["Spark"], p1_deck=["Crystal"], p1_discard=["Crystal"])


def test_card_bramas_buried_light_deals_1_and_gains_1_aether() -> None:
    layout = [{"state": "open", "spells": ["Brama's Buried Light"]}, closed(1), closed(0), closed(2)]
    g = at_casting(two(player("Brama", hand=list(HOLD), breaches=layout)))
    before = table(g)
    choose(g, ("cast", 0, 0))
    aim(g)
    waits_in_main(g)
    assert table(g) == changed(before, nemesis=69, p0_aether=1, p0_discard=["Brama's Buried Light"],
                               p0_breaches=[OPEN, closed(1), closed(0), closed(2)])


def test_card_garus_torch_focuses_any_players_breach_instead() -> None:
    layout = [{"state": "open", "spells": ["Garu's Torch"]}, closed(1), closed(0), closed(2)]
    g = at_casting(two(player("Brama", hand=list(HOLD), breaches=layout)))
    before = table(g)
    choose(g, ("cast", 0, 0))
    choose(g, ("choose", 1))
    choose(g, ("breach", 1, 1))
    waits_in_main(g)
    assert table(g) == changed(before, p0_discard=["Garu's Torch"], p0_breaches=[OPEN, closed(1), closed(0), closed(2)],
                               p1_breaches=[OPEN, closed(2, focused=True), closed(0), closed(2)])


def test_card_xaxos_pyre_an_allys_discard_makes_it_3_damage_P_20() -> None:
    layout = [{"state": "open", "spells": ["Xaxo's Pyre"]}, closed(1), closed(0), closed(2)]
    g = at_casting(two(player("Brama", hand=list(HOLD), breaches=layout), player("Mist", hand=["Spark", "Crystal"])))
    before = table(g)
    choose(g, ("cast", 0, 0))
    assert set(g.legal_actions()) == {("player", 1), ("skip",)}
    skip = copy.deepcopy(g)
    choose(g, ("player", 1))
    assert g.decision.player == 1
    choose(g, ("card", "Spark"))
    aim(g)
    after = dict(p0_discard=["Xaxo's Pyre"], p0_breaches=[OPEN, closed(1), closed(0), closed(2)])
    assert table(g) == changed(before, nemesis=67, p1_hand=["Crystal"], p1_discard=["Spark"], **after)
    choose(skip, ("skip",))
    aim(skip)
    assert table(skip) == changed(before, nemesis=69, **after)


def test_card_mists_garnet_shard_casts_an_allys_prepped_spell_P_18() -> None:
    ally = player("Mist", hand=list(HOLD), breaches=[{"state": "open", "spells": ["Spark"]}, closed(1), closed(0),
                                                     closed(2)])
    g = at_main(two(player("Brama", hand=["Mist's Garnet Shard", "Crystal"]), ally))
    before = table(g)
    choose(g, ("play", "Mist's Garnet Shard"))
    choose(g, ("choose", 1))
    aim(g)
    waits_in_main(g)
    assert table(g) == changed(before, p0_hand=["Crystal"], p0_played=["Mist's Garnet Shard"], nemesis=69,
                               p1_discard=["Spark"], p1_breaches=[OPEN, closed(1), closed(0), closed(2)])


# ====================================================================== tier 2: the group's


def test_card_shimmering_cloak_of_the_magus_deals_2_after_an_ability_X_14() -> None:
    me = player("Brama", hand=list(HOLD), charges=5, life=5)
    g = at_main(two(me, group="Shimmering Cloak of the Magus"))
    before = table(g)
    choose(g, ("ability", 0))
    choose(g, ("player", 0))  # Brink Siphon first: 4 life, then the cloak's damage
    aim(g)
    waits_in_main(g)
    assert table(g) == changed(before, p0_charges=0, p0_life=9, nemesis=68)


def test_card_imbued_shackles_a_pile_beside_it_costs_1_less() -> None:
    d = two(player("Brama", hand=list(HOLD), aether=6), group="Imbued Shackles", pile="Reduce to Ash")
    g = at_main(d)
    before = table(g)
    assert ("gain", "Reduce to Ash") in g.legal_actions()  # 7 Æ, for 6
    choose(g, ("gain", "Reduce to Ash"))
    waits_in_main(g)
    assert table(g) == changed(before, {"Reduce to Ash": 4}, p0_aether=0, p0_discard=["Reduce to Ash"])
    poor = at_main(two(player("Brama", hand=list(HOLD), aether=6)))
    assert ("gain", "Reduce to Ash") not in poor.legal_actions()


def test_card_gluttons_tooth_deals_6_when_a_pile_runs_out() -> None:
    d = two(player("Brama", hand=list(HOLD), aether=2), group="Glutton's Tooth")
    d["supply"][3] = ["Mage's Totem", 1]
    g = at_main(d)
    before = table(g)
    choose(g, ("gain", "Mage's Totem"))
    assert g.decision.kind == "player" and set(g.legal_actions()) == {("player", 0), ("player", 1)}
    choose(g, ("player", 1))  # Mist deals it (the nemesis is the only target)
    waits_in_main(g)
    assert table(g) == changed(before, {"Mage's Totem": 0}, p0_aether=0, p0_discard=["Mage's Totem"], nemesis=64)


def test_card_core_of_rage_gaining_from_its_pile_deals_2() -> None:
    d = two(player("Brama", hand=list(HOLD), aether=9), group="Core of Rage", pile="Fiery Torrent")
    g = at_main(d)
    before = table(g)
    choose(g, ("gain", "Fiery Torrent"))
    aim(g)
    choose(g, ("gain", "Jagged Lightning"))  # another pile: nothing
    waits_in_main(g)
    assert table(g) == changed(before, {"Fiery Torrent": 4, "Jagged Lightning": 4}, p0_aether=0,
                               p0_discard=["Fiery Torrent", "Jagged Lightning"], nemesis=68)


def test_card_cleansing_amulet_lets_a_player_destroy_a_card_after_an_ability() -> None:
    me = player("Brama", hand=["Spark", "Crystal"], charges=5)
    g = at_main(two(me, group="Cleansing Amulet"))
    before = table(g)
    choose(g, ("ability", 0))
    choose(g, ("player", 0))  # Brink Siphon: Brama is at full life
    assert g.decision.kind == "player" and set(g.legal_actions()) == {("player", 0), ("player", 1)}
    choose(g, ("player", 0))
    assert set(g.legal_actions()) == {("card", "Crystal"), ("card", "Spark"), ("skip",)}
    choose(g, ("card", "Spark"))
    waits_in_main(g)
    assert table(g) == changed(before, p0_charges=0, p0_hand=["Crystal"], destroyed=["Spark"])


def test_card_carapace_fragment_gaining_from_its_pile_focuses_a_breach_of_yours() -> None:
    d = two(player("Brama", hand=list(HOLD), aether=4), group="Carapace Fragment", pile="Primordial Fetish")
    g = at_main(d)
    before = table(g)
    choose(g, ("gain", "Primordial Fetish"))
    assert set(g.legal_actions()) == {("breach", 0, 1), ("breach", 0, 2), ("breach", 0, 3)}
    choose(g, ("breach", 0, 3))
    waits_in_main(g)
    assert table(g) == changed(before, {"Primordial Fetish": 4}, p0_aether=0, p0_discard=["Primordial Fetish"],
                               p0_breaches=[OPEN, closed(1), closed(0), closed(3, focused=True)])


def test_card_thorned_whip_opening_a_breach_deals_2_for_any_player_X_14() -> None:
    d = two(player("Brama", hand=list(HOLD), aether=4), group="Thorned Whip")
    g = at_main(d)
    before = table(g)
    choose(g, ("open", 1))  # breach II at stage 1: 4 Æ
    aim(g)
    waits_in_main(g)
    assert table(g) == changed(before, p0_aether=0, nemesis=68, p0_breaches=[OPEN, OPEN, closed(0), closed(2)])
    ally = at_main(two(player("Brama", hand=list(HOLD)), player("Mist", hand=list(HOLD), aether=4),
                       group="Thorned Whip"), 1)
    choose(ally, ("open", 1))
    assert ally.state.nemesis.life == 68  # the group's: every player's


def test_card_bones_of_deathmind_opening_and_an_all_open_turn_start_give_charges() -> None:
    d = two(player("Brama", hand=list(HOLD), aether=4), group="Bones of Deathmind")
    g = at_main(d)
    before = table(g)
    choose(g, ("open", 1))
    waits_in_main(g)
    assert table(g) == changed(before, p0_aether=0, p0_charges=1, p0_breaches=[OPEN, OPEN, closed(0), closed(2)])
    start = at_player_turn(two(player("Brama", hand=list(HOLD), breaches=ALL_OPEN),
                               player("Mist", hand=list(HOLD)), group="Bones of Deathmind"), 0)
    assert start.state.players[0].charges == 1
    closed_one = at_player_turn(two(player("Brama", hand=list(HOLD)), group="Bones of Deathmind"), 0)
    assert closed_one.state.players[0].charges == 0


# ====================================================================== tier 3: one player's


def test_card_accelerating_gauntlets_gains_a_card_on_the_first_turn_only() -> None:
    d = two(player("Brama", hand=list(HOLD)), players=[{"tier3": "Accelerating Gauntlets"}])
    d["tokens"] = {"first_turn:0": 1}
    g = at_player_turn(d, 0)
    before = table(g)
    assert g.decision.kind == "gain"
    assert ("gain", "Reduce to Ash") not in g.legal_actions() and ("skip",) not in g.legal_actions()
    choose(g, ("gain", "Primordial Fetish"))
    waits_in_main(g)
    assert table(g) == changed(before, {"Primordial Fetish": 4}, p0_discard=["Primordial Fetish"])
    assert "first_turn:0" not in g.state.tokens
    d2 = copy.deepcopy(d)
    del d2["tokens"]
    later = at_player_turn(d2, 0)  # not the first turn any more
    waits_in_main(later)


def test_card_essence_extractor_a_5_cost_gem_gives_1_more_aether() -> None:
    me = player("Brama", hand=["Erratic Ingot", "Scoria Slag", "Crystal"])
    g = at_main(two(me, players=[{"tier3": "Essence Extractor"}]))
    before = table(g)
    choose(g, ("play", "Erratic Ingot"))  # 5 Æ: 2, and 1 more
    choose(g, ("play", "Scoria Slag"))  # 4 Æ: 2
    waits_in_main(g)
    assert table(g) == changed(before, p0_hand=["Crystal"], p0_played=["Erratic Ingot", "Scoria Slag"], p0_aether=5)


def test_card_brooch_of_attunement_gives_2_charges_once_per_turn() -> None:
    layout = [{"state": "open", "spells": ["Nova Forge"]}, {"state": "open", "spells": ["Nova Forge"]},
              closed(0), closed(2)]
    g = at_casting(two(player("Brama", hand=list(HOLD), breaches=layout), players=[{"tier3": "Brooch of Attunement"}]))
    before = table(g)
    choose(g, ("cast", 0, 0))
    aim(g)
    choose(g, ("cast", 1, 0))
    aim(g)
    waits_in_main(g)
    assert table(g) == changed(before, nemesis=62, p0_charges=2, p0_discard=["Nova Forge", "Nova Forge"],
                               p0_breaches=[OPEN, OPEN, closed(0), closed(2)])


def test_card_bladed_crystal_spell_damage_to_the_nemesis_is_1_more_not_to_a_minion() -> None:
    layout = [{"state": "open", "spells": ["Spark"]}, {"state": "open", "spells": ["Spark"]}, closed(0), closed(2)]
    d = two(player("Brama", hand=list(HOLD), breaches=layout), players=[{"tier3": "Bladed Crystal"}])
    d["nemesis"]["in_play"] = [minion("Needlemaw")]
    g = at_casting(d)
    before = table(g)
    choose(g, ("cast", 0, 0))
    aim(g)
    choose(g, ("cast", 1, 0))
    choose(g, ("target", "Needlemaw"))
    waits_in_main(g)
    life = registry.nemesis_card("Needlemaw").life
    assert table(g) == changed(before, nemesis=68, minions=[("Needlemaw", life - 1)], p0_discard=["Spark", "Spark"],
                               p0_breaches=[OPEN, OPEN, closed(0), closed(2)])


def test_card_prism_of_destruction_adds_2_with_no_closed_breach_P_20() -> None:
    layout = [{"state": "open", "spells": ["Spark"]}, dict(OPEN), dict(OPEN), dict(OPEN)]
    g = at_casting(two(player("Brama", hand=list(HOLD), breaches=layout), players=[{"tier3": "Prism of Destruction"}]))
    before = table(g)
    choose(g, ("cast", 0, 0))
    aim(g)
    assert table(g) == changed(before, nemesis=67, p0_discard=["Spark"], p0_breaches=ALL_OPEN)
    shut = [{"state": "open", "spells": ["Spark"]}, closed(1), dict(OPEN), dict(OPEN)]
    g2 = at_casting(two(player("Brama", hand=list(HOLD), breaches=shut), players=[{"tier3": "Prism of Destruction"}]))
    choose(g2, ("cast", 0, 0))
    aim(g2)
    assert g2.state.nemesis.life == 69


def test_card_forgotten_trinket_focuses_each_closed_breach_on_the_first_turn() -> None:
    me = player("Brama", hand=list(HOLD), breaches=[dict(OPEN), closed(1), closed(0), closed(3)])
    d = two(me, players=[{"tier3": "Forgotten Trinket"}])
    d["tokens"] = {"first_turn:0": 1}
    g = at_player_turn(d, 0)
    waits_in_main(g)
    # breach IV was at its last stage: the focus opens it (P-11)
    assert [b.to_dict() for b in g.state.players[0].breaches] == [
        OPEN, closed(2, focused=True), closed(1, focused=True), OPEN]
    assert g.state.players[1].breaches[1].to_dict() == closed(1)


def test_card_precision_magnifier_spells_costing_2_or_more_deal_1_more() -> None:
    layout = [{"state": "open", "spells": ["Spark"]}, {"state": "open", "spells": ["Jagged Lightning"]},
              closed(0), closed(2)]
    g = at_casting(two(player("Brama", hand=list(HOLD), breaches=layout), players=[{"tier3": "Precision Magnifier"}]))
    before = table(g)
    choose(g, ("cast", 0, 0))
    aim(g)  # Spark costs 0: 1
    choose(g, ("cast", 1, 0))
    aim(g)  # Jagged Lightning: 3 and 1
    choose(g, ("skip",))  # its discard-to-focus
    waits_in_main(g)
    assert table(g) == changed(before, nemesis=65, p0_discard=["Spark", "Jagged Lightning"],
                               p0_breaches=[OPEN, OPEN, closed(0), closed(2)])


def test_card_shroud_of_obfuscation_a_second_spell_cast_gives_2_aether() -> None:
    layout = [{"state": "open", "spells": ["Spark"]}, {"state": "open", "spells": ["Spark"]},
              {"state": "open", "spells": ["Spark"]}, closed(2)]
    g = at_casting(two(player("Brama", hand=list(HOLD), breaches=layout), players=[{"tier3": "Shroud of Obfuscation"}]))
    before = table(g)
    for b in range(3):
        choose(g, ("cast", b, 0))
        aim(g)
    waits_in_main(g)
    assert table(g) == changed(before, nemesis=66, p0_aether=2, p0_discard=["Spark", "Spark", "Spark"],
                               p0_breaches=[OPEN, OPEN, OPEN, closed(2)])


def test_card_verdant_staff_gaining_a_spell_gives_1_life() -> None:
    g = at_main(two(player("Brama", hand=list(HOLD), aether=6, life=7), players=[{"tier3": "Verdant Staff"}]))
    before = table(g)
    choose(g, ("gain", "Jagged Lightning"))
    choose(g, ("gain", "Mage's Totem"))  # a relic: nothing
    waits_in_main(g)
    assert table(g) == changed(before, {"Jagged Lightning": 4, "Mage's Totem": 4}, p0_aether=0, p0_life=8,
                               p0_discard=["Jagged Lightning", "Mage's Totem"])


def test_card_flowing_mantle_relic_aether_each_turn_and_a_relic_may_go_on_top() -> None:
    d = two(player("Brama", hand=list(HOLD), aether=1), players=[{"tier3": "Flowing Mantle"}])
    g = at_player_turn(d, 0)
    waits_in_main(g)
    before = table(g)
    assert before["players"][0]["aether_for"] == {"relic": 1}
    choose(g, ("gain", "Mage's Totem"))  # 1 relic Æ and 1 general
    assert g.decision.kind == "to_deck"
    choose(g, ("yes",))
    waits_in_main(g)
    assert table(g) == changed(before, {"Mage's Totem": 4}, p0_aether=0, p0_aether_for={}, p0_deck=["Mage's Totem"])


def test_X_14_a_tier_3_treasure_works_for_its_owner_only() -> None:
    layout = [{"state": "open", "spells": ["Spark"]}, closed(1), closed(0), closed(2)]
    ally = player("Mist", hand=list(HOLD), breaches=copy.deepcopy(layout))
    d = two(player("Brama", hand=list(HOLD), breaches=copy.deepcopy(layout)), ally,
            players=[{}, {"tier3": "Bladed Crystal"}])
    g = at_casting(d, 0)
    choose(g, ("cast", 0, 0))
    aim(g)
    assert g.state.nemesis.life == 69  # Brama has no crystal
    g1 = at_casting(d, 1)
    choose(g1, ("cast", 0, 0))
    aim(g1)
    assert g1.state.nemesis.life == 68


# ====================================================================== setup


def new(seats: int = 2, **treasures: Any) -> Game:
    mages = ["Brama", "Mist", "Jian", "Kadir"][:seats]
    return Game.new(mages=mages, nemesis="Rageborne", seed=3, treasures=treasures)


def test_X_5_a_gem_treasure_replaces_the_topmost_crystal_a_spell_one_a_spark() -> None:
    plain = Game.new(mages=["Brama", "Mist"], nemesis="Rageborne", seed=3)
    g = new(players=[{"tier1": "Kadir's Emerald Shard"}, {"tier1": "Xaxo's Pyre"}])
    assert [p.deck for p in plain.state.players] == [["Crystal", "Crystal", "Crystal", "Spark", "Spark"]] * 2
    assert g.state.players[0].deck == ["Kadir's Emerald Shard", "Crystal", "Crystal", "Spark", "Spark"]
    assert g.state.players[1].deck == ["Crystal", "Crystal", "Crystal", "Xaxo's Pyre", "Spark"]
    assert g.state.config["treasures"] == {"players": [{"tier1": "Kadir's Emerald Shard", "slot": 0},
                                                       {"tier1": "Xaxo's Pyre", "slot": 3}]}
    want = card_census(plain.state)
    want.subtract({"Crystal": 1, "Spark": 1})
    want.update({"Kadir's Emerald Shard": 1, "Xaxo's Pyre": 1})
    assert +card_census(g.state) == +want
    assert [p.hand for p in g.state.players] == [p.hand for p in plain.state.players]  # the hand is untouched


def test_X_5_the_player_picks_the_copy_and_a_spell_falls_back_to_a_crystal() -> None:
    g = new(players=[{"tier1": "Jian's Moonstone Shard", "slot": 2}])
    assert g.state.players[0].deck == ["Crystal", "Crystal", "Jian's Moonstone Shard", "Spark", "Spark"]
    solo = Game.new(mages=["Adelheim"], nemesis="Rageborne", seed=3,
                    treasures={"players": [{"tier1": "Garu's Torch", "slot": 4}]})  # five Crystals, no Spark
    assert solo.state.players[0].deck == ["Crystal", "Crystal", "Crystal", "Crystal", "Garu's Torch"]
    with pytest.raises(SetupError, match=r"players\[0\]\.slot: Kadir's Emerald Shard replaces a Crystal,"):
        new(players=[{"tier1": "Kadir's Emerald Shard", "slot": 3}])


def test_X_14_the_group_treasure_lies_beside_the_first_fitting_pile_or_the_one_named() -> None:
    g = new(group="Imbued Shackles")
    costly = [c for c in g.state.supply_names if registry.CARDS[c].cost >= 7]
    assert g.state.config["treasures"] == {"group": "Imbued Shackles", "pile": costly[0]}
    spells = [c for c in g.state.supply_names if registry.CARDS[c].type == "spell"]
    named = new(group="Core of Rage", pile=spells[-1].upper())
    assert named.state.config["treasures"]["pile"] == spells[-1]


def test_X_14_first_turn_treasures_mark_their_owners_at_setup() -> None:
    spec = {"players": [{"tier3": "Forgotten Trinket"}, {"tier3": "Verdant Staff"}]}
    dealt = new_state(Config(mages=["Brama", "Mist"], nemesis="Rageborne", seed=3, treasures=spec))
    assert dealt.tokens == {"first_turn:0": 1}
    g = new(**spec)
    while g.state.active != 0:  # until Brama's first turn has started
        g.apply(g.legal_actions()[-1])
    assert "first_turn:0" not in g.state.tokens
    assert [b.to_dict() for b in g.state.players[0].breaches][1:] == [
        closed(2, focused=True), closed(1, focused=True), closed(3, focused=True)]


# ====================================================================== saved, loaded, replayed


def test_X_14_a_game_with_treasures_saves_loads_and_replays() -> None:
    g = new(players=[{"tier1": "Brama's Buried Light", "tier3": "Prism of Destruction"},
                     {"tier3": "Essence Extractor"}], group="Thorned Whip")
    for _ in range(40):
        if g.over:
            break
        g.apply(g.legal_actions()[-1])
    again = Game.from_json(g.to_json())
    assert again == g and again.clone() == g
    cfg = setup_config(g)
    assert cfg["treasures"] == g.state.config["request"]["treasures"]
    assert Game.from_config(cfg).state.config == g.state.config
    json.loads(g.to_json())  # plain JSON


def test_X_14_a_saved_game_whose_treasures_differ_from_its_setup_is_refused() -> None:
    g = new(players=[{"tier1": "Brama's Buried Light"}], group="Thorned Whip")
    d = copy.deepcopy(g.to_dict())
    d["config"]["treasures"]["group"] = "Bones of Deathmind"
    with pytest.raises(StateFormatError, match=r"config\.treasures: differs from what the request and seed set up"):
        Game.from_dict(d)
    d = copy.deepcopy(g.to_dict())
    d["players"][0]["hand"].append("Brama's Buried Light")
    with pytest.raises(StateFormatError, match="Brama's Buried Light: 1 more than the game holds"):
        Game.from_dict(d)


@pytest.mark.parametrize("treasures, field, reason", [
    ({"players": [{"tier3": "Bladed Crystl"}]}, "config.treasures.players[0].tier3", "unknown treasure"),
    ({"players": [{"tier3": "Thorned Whip"}]}, "config.treasures.players[0].tier3", "tier-2 treasure, not tier 3"),
    ({"players": [{}, {}, {"tier3": "Verdant Staff"}]}, "config.treasures.players[2]", "2-player game"),
    ({"group": "Core of Rage", "pile": "Erratic Ingot"}, "config.treasures.pile", "relic or spell supply pile"),
    ({"players": [{"tier1": "Garu's Torch"}]}, "config.treasures.players[0].slot", "starting-deck position"),
])
def test_X_14_a_position_with_bad_treasures_is_refused_naming_the_field(
        treasures: dict[str, Any], field: str, reason: str) -> None:
    d = base_state([player("Brama", hand=list(HOLD)), player("Mist", hand=list(HOLD))])
    d["config"]["treasures"] = treasures
    with pytest.raises(StateFormatError, match=reason) as e:
        Game.from_dict(d)
    assert str(e.value).startswith(field)


# ====================================================================== bad setups


@pytest.mark.parametrize("treasures, message", [
    ({"players": [{"tier1": "Kadirs Emerald Shard"}]}, r"unknown treasure 'Kadirs Emerald Shard'\. Did you mean"),
    ({"players": [{"tier3": "Kadir's Emerald Shard"}]},
     r"players\[0\]\.tier3: Kadir's Emerald Shard is a tier-1 treasure; a seat's tier3 treasure is tier 3"),
    ({"group": ["Thorned Whip", "Core of Rage"]}, r"exactly one tier-2 treasure, got 2"),
    ({"group": "Verdant Staff"}, r"group: Verdant Staff is a tier-3 treasure; the group's treasure is tier 2"),
    ({"players": [{}, {}, {"tier3": "Verdant Staff"}]}, r"players\[2\]: this 2-player game has no seat 3"),
    ({"pile": "Jagged Lightning"}, r"only the group's tier-2 treasure lies beside a supply pile"),
    ({"group": "Thorned Whip", "pile": "Jagged Lightning"}, r"Thorned Whip is not set beside a supply pile"),
    ({"group": "Imbued Shackles", "pile": "Nowhere"}, r"'Nowhere' is no supply pile of this game"),
    ({"players": [{"tier1": "Garu's Torch", "slot": 7}]}, r"slot: a starting-deck position from 0 to 4, got 7"),
    ({"tier2": "Thorned Whip"}, r"unknown part 'tier2'"),
])
def test_X_14_bad_treasure_setups_are_refused_naming_what_is_wrong(treasures: dict[str, Any], message: str) -> None:
    with pytest.raises(GraveholdError, match=message):
        new(**treasures)


def test_X_14_a_group_treasure_needing_a_pile_the_supply_lacks_is_refused() -> None:
    cheap = ["Frozen Magmite", "Scoria Slag", "Erratic Ingot", "Mage's Totem", "Primordial Fetish",
             "Jagged Lightning", "Fiery Torrent", "Conjure the Lost", "Nova Forge"]
    with pytest.raises(SetupError, match="costing 7 Æ or more, and this supply has none"):
        Game.new(mages=["Brama"], nemesis="Rageborne", market=cheap, treasures={"group": "Imbued Shackles"})


# ====================================================================== properties

TIER = {k: sorted(t.name for t in registry.TREASURES.values() if t.tier == k and t.box == "NA") for k in (1, 2, 3)}


@hs.composite
def setups(draw: hs.DrawFn) -> tuple[list[str], dict[str, Any]]:
    mages = draw(hs.lists(hs.sampled_from(["Brama", "Mist", "Jian", "Kadir", "Adelheim", "Xaxos"]),
                          min_size=1, max_size=4, unique=True))
    seats = [{k: draw(hs.sampled_from(TIER[t])) for k, t in (("tier1", 1), ("tier3", 3)) if draw(hs.booleans())}
             for _ in mages]
    spec: dict[str, Any] = {"players": seats}
    if draw(hs.booleans()):
        spec["group"] = draw(hs.sampled_from([n for n in TIER[2] if n != "Imbued Shackles"]))
    return mages, spec


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setups(), hs.integers(0, 2**16))
def test_X_5_random_treasure_setups_keep_the_card_census(setup: tuple[list[str], dict[str, Any]], seed: int) -> None:
    mages, spec = setup
    plain = new_state(Config(mages=mages, nemesis="Rageborne", seed=seed))
    dealt = new_state(Config(mages=mages, nemesis="Rageborne", seed=seed, treasures=spec))
    want = card_census(plain)
    for i, s in enumerate(spec["players"]):
        if "tier1" in s:
            slot = dealt.config["treasures"]["players"][i]["slot"]
            want[plain.players[i].deck[slot]] -= 1
            want[s["tier1"]] += 1
            assert dealt.players[i].deck[slot] == s["tier1"]
    assert +card_census(dealt) == +want
    g = Game.new(mages=mages, nemesis="Rageborne", seed=seed, events=False, treasures=spec)
    census = card_census(g.state)
    assert census == card_census(dealt)
    for _ in range(60):  # a few random decisions keep it too
        if g.over:
            break
        g.apply(g.legal_actions()[seed % len(g.legal_actions())])
        assert card_census(g.state) == census
    assert Game.from_json(g.to_json()) == g


# ====================================================================== interfaces


def test_X_14_cli_lists_treasures_by_box_and_tier() -> None:
    from typer.testing import CliRunner

    from gravehold.cli import app

    r = CliRunner().invoke(app, ["treasures", "--box", "NA", "--tier", "2", "--words", "classic", "--json"])
    assert r.exit_code == 0, r.output
    rows = json.loads(r.stdout)
    assert sorted(x["name"] for x in rows) == TIER[2] and {x["kind"] for x in rows} == {"group"}
    assert all(x["text"] == treasure_text(registry.treasure(x["name"])) for x in rows)
    r = CliRunner().invoke(app, ["treasures", "--tier", "4"])
    assert r.exit_code == 2 and "--tier" in r.output


def test_X_14_cli_play_sets_treasures_and_refuses_bad_ones(tmp_path: Any) -> None:
    from typer.testing import CliRunner

    from gravehold.cli import app

    rec = tmp_path / "game.json"
    r = CliRunner().invoke(app, ["play", "--json", "--seed", "4", "--record", str(rec),
                                 "--treasure", "1:Kadir's Emerald Shard", "--treasure", "1:Bladed Crystal",
                                 "--treasure", "2:Garu's Torch:5", "--group-treasure", "Core of Rage:Fiery Torrent"])
    assert r.exit_code == 0, r.output
    cfg = json.loads(rec.read_text())["config"]
    assert cfg["treasures"] == {"players": [{"tier1": "Kadir's Emerald Shard", "tier3": "Bladed Crystal"},
                                            {"tier1": "Garu's Torch", "slot": 4}],
                                "group": "Core of Rage", "pile": "Fiery Torrent"}
    assert CliRunner().invoke(app, ["replay", str(rec), "--json"]).exit_code == 0
    for args, message in (
            (["--treasure", "3:Bladed Crystal"], "seats are numbered 1 to 2"),
            (["--treasure", "1:Thorned Whip"], "give it with --group-treasure"),
            (["--treasure", "1:Bladed Crystal", "--treasure", "1:Verdant Staff"], "already has a tier-3 treasure"),
            (["--treasure", "Bladed Crystal"], "write SEAT:NAME"),
            (["--treasure", "1:Bladed Crystal:2"], "only a tier-1 treasure names a starting-deck position"),
            (["--treasure", "1:Bladed Crystl"], "Did you mean: Bladed Crystal"),
            (["--group-treasure", "Imbued Shackles:Spark"], "'Spark' is no supply pile of this game")):
        r = CliRunner().invoke(app, ["play", "--json", *args])
        assert r.exit_code == 2 and message in r.output and "Traceback" not in r.output, (args, r.output)


def test_X_14_simulate_plays_games_with_treasures() -> None:
    from typer.testing import CliRunner

    from gravehold.cli import app

    r = CliRunner().invoke(app, ["simulate", "--games", "2", "--agent", "random", "--json",
                                 "--treasure", "1:Brama's Buried Light", "--group-treasure", "Thorned Whip"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert "with treasures" in json.dumps(out)


def test_X_14_boards_show_the_group_treasure_and_each_mats_treasure() -> None:
    from gravehold.terminal.render import nemesis_pane, players_pane

    g = new(players=[{}, {"tier3": "Bladed Crystal"}], group="Core of Rage", pile="Fiery Torrent")
    v = g.view_for(0)
    top = nemesis_pane(v, 1).plain
    assert "Group treasure Core of Rage (beside Fiery Torrent): When you gain a card from the supply pile" in top
    mats = players_pane(v, ["you", "bot"]).plain
    assert "treasure: Bladed Crystal — Each damage a spell of yours deals to the nemesis is 1 more." in mats
    assert mats.count("treasure:") == 1


def test_X_14_the_web_creates_games_with_treasures_and_refuses_bad_ones(tmp_path: Any) -> None:
    from fastapi.testclient import TestClient

    from gravehold.content.words import say
    from gravehold.web.app import create_app

    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.db'}", bot_delay=0.0)) as client:
        content = client.get("/api/content").json()
        assert content["treasures"]["Thorned Whip"] == {"tier": 2, "text": say(treasure_text(  # the box's words
            registry.treasure("Thorned Whip")), "new_age")}
        assert "When you activate a breach" in content["treasures"]["Thorned Whip"]["text"]
        seats = [{"mage": "Brama"}, {"mage": "Mist", "bot": "heuristic"}]
        body = {"seats": seats, "nemesis": "Rageborne", "seed": 2,
                "treasures": {"players": [{"tier1": "Xaxo's Flare", "tier3": "Verdant Staff"}],
                              "group": "Thorned Whip"}}
        r = client.post("/api/games", json=body)
        assert r.status_code == 201, r.text
        tok = r.json()["seats"][0]["url"].split("t=", 1)[1]
        view = client.get(f"/api/games/{r.json()['id']}", params={"t": tok}).json()["view"]
        assert view["config"]["treasures"]["group"] == "Thorned Whip"
        assert view["config"]["treasures"]["players"][0]["tier3"] == "Verdant Staff"
        bad = client.post("/api/games", json={**body, "treasures": {"group": "Verdant Staff"}})
        assert bad.status_code == 422 and "tier-3 treasure" in bad.json()["error"]
        bad = client.post("/api/games", json={**body, "treasures": {"players": [{"tier3": 4}]}})
        assert bad.status_code == 422 and "treasures.players[0].tier3" in bad.json()["error"]


def test_P_20_a_treasure_bonus_raises_every_damage_source_of_the_spell() -> None:
    from gravehold.content.model import CardDef

    from support import registered

    twice = CardDef("Test Twin Bolt", "spell", 3, "NA", cast=(("damage", 1), ("damage", 1)))
    with registered(twice):
        layout = [{"state": "open", "spells": ["Test Twin Bolt"]}, closed(1), closed(0), closed(2)]
        d = two(player("Brama", hand=list(HOLD), breaches=layout), players=[{"tier3": "Precision Magnifier"}])
        d["nemesis"]["in_play"] = [minion("Needlemaw")]
        g = at_casting(d)
        choose(g, ("cast", 0, 0))
        choose(g, ("target", "nemesis"))
        choose(g, ("target", "Needlemaw"))
        waits_in_main(g)
        assert g.state.nemesis.life == 68  # 1 + 1 from the first source
        assert g.state.nemesis.in_play[0].life == registry.nemesis_card("Needlemaw").life - 2  # and the second


@pytest.mark.browser
def test_X_14_the_web_form_sets_treasures_and_the_board_shows_them(tmp_path: Any) -> None:
    from browsers import launched
    from webserver import Server

    srv = Server(tmp_path / "web.db", bot_delay=0.05).start()
    try:
        with launched() as b:
            page = b.new_context(viewport={"width": 1200, "height": 900}).new_page()
            page.goto(srv.url + "/")
            page.wait_for_selector(".seat-row")
            page.click("#treasures summary")
            page.select_option("#treasure-rows .seat-treasures >> nth=0 >> .tier3", "Bladed Crystal")
            page.select_option("#treasure-rows .tier2", "Thorned Whip")
            page.fill("#seed", "3")
            page.click("#create")
            page.wait_for_selector(".seat-link")
            page.goto(srv.url + page.locator(".seat-link").first.get_attribute("href"))
            page.wait_for_selector("#treasure-0")
            assert "Bladed Crystal" in page.locator("#treasure-0").inner_text()
            assert "Thorned Whip" in page.locator("#group-treasure").inner_text()
            assert page.locator("#treasure-1").count() == 0
    finally:
        srv.stop()


def test_treasure_gluttons_tooth_text_reads_as_a_sentence() -> None:
    assert treasure_text(registry.treasure("Glutton's Tooth")) == (
        "Lies by the group: what it says of you holds for each player.\n"
        "When a supply pile runs out (its final card gained or destroyed): A player of your choice deals 6 damage.")
