"""Outcasts' treasures (X-5, X-14): each treasure's behaviour from an exact state, the card
Lost's Forged Spark adds at setup, and bad input.

As in The New Age's treasure tests, each behaviour test builds a small exact state whose
config names the game's treasures, acts, and compares the whole table with what it was,
changed by exactly what the treasure does.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from gravehold import Game
from gravehold.boxes.outcasts import expedition
from gravehold.boxes.outcasts import treasures as oc_treasures
from gravehold.content import registry
from gravehold.content.text import treasure_text
from gravehold.errors import StateFormatError

from support import (
    at_casting,
    at_main,
    at_player_turn,
    base_state,
    card_census,
    choose,
    closed,
    player,
    run_steps,
    with_ruleset,
)

HOLD = ["Crystal"]  # a card left in hand keeps the main phase waiting for a choice
OPEN: dict[str, Any] = {"state": "open"}


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
        "nemesis": st.nemesis.life, "gravehold": st.gravehold,
        "supply": dict(zip(st.supply_names, st.supply_counts, strict=True)), "destroyed": list(st.destroyed),
    }


def changed(before: dict[str, Any], piles: dict[str, int] | None = None, **paths: Any) -> dict[str, Any]:
    """``before`` with ``p0_hand=[...]``, ``nemesis=60`` ... replaced."""
    out = copy.deepcopy(before)
    for key, value in paths.items():
        if key[:1] == "p" and key[1:2].isdigit() and key[2:3] == "_":
            out["players"][int(key[1])][key[3:]] = sorted(value) if key[3:] == "hand" else value
        else:
            out[key] = value
    out["supply"].update(piles or {})
    return out


def waits_in_main(g: Game, i: int = 0) -> None:
    assert g.decision is not None and g.decision.kind == "main" and g.decision.player == i


def prepped(*spells: str) -> list[dict[str, Any]]:
    """Breaches I.. open, each holding one of ``spells``; the rest as a fresh mat."""
    rest = [closed(1), closed(0), closed(2)]
    return [{"state": "open", "spells": [s]} for s in spells] + rest[len(spells) - 1:]


# ====================================================================== the catalogue


def test_X_14_outcasts_has_its_13_treasures_by_tier() -> None:
    oc = [t for t in registry.TREASURES.values() if t.box == "O"]
    assert [sum(t.tier == k for t in oc) for k in (1, 2, 3)] == [5, 3, 5]
    assert registry.box("O").census()["treasures"] == 13
    for t in oc:
        text = treasure_text(t)
        assert text and "None" not in text
        if t.tier == 1:  # a card of its own, never a supply card
            card = registry.CARDS[t.card or ""]
            assert card.starter and card.type in ("gem", "spell") and card not in registry.supply_cards()
    # the story hands out exactly these (XS-5)
    story = expedition.STORY
    assert sorted(n for b in story.battles for n in b.reward.treasures) == sorted(t.name for t in oc)


# ====================================================================== tier 1: cards


def test_card_rhias_planar_pocket_gains_1_and_1_more_for_a_relic_K_11() -> None:
    g = at_main(two(player("Brama", hand=["Rhia's Planar Pocket", "Crystal"], aether=1)))
    before = table(g)
    choose(g, ("play", "Rhia's Planar Pocket"))
    waits_in_main(g)
    assert table(g) == changed(before, p0_hand=["Crystal"], p0_played=["Rhia's Planar Pocket"], p0_aether=2,
                               p0_aether_for={"relic": 1})
    relic = at_main(two(player("Brama", hand=["Rhia's Planar Pocket", "Crystal"], aether=2)))
    choose(relic, ("play", "Rhia's Planar Pocket"))
    opts = relic.legal_actions()
    assert ("gain", "Primordial Fetish") in opts  # 4 Æ for a relic
    assert ("gain", "Jagged Lightning") not in opts  # a 4-cost spell: only 3 Æ pay for it


def test_card_talixs_everburn_discards_up_to_three_spells_for_aether() -> None:
    hand = ["Talix's Everburn", "Spark", "Spark", "Jagged Lightning", "Fiery Torrent", "Crystal"]
    g = at_main(two(player("Brama", hand=hand)))
    before = table(g)
    choose(g, ("play", "Talix's Everburn"))
    assert set(g.legal_actions()) == {("card", "Spark"), ("card", "Jagged Lightning"), ("card", "Fiery Torrent"),
                                      ("done",)}
    choose(g, ("card", "Spark"))
    choose(g, ("card", "Fiery Torrent"))
    choose(g, ("card", "Spark"))
    waits_in_main(g)  # three at most: no fourth question
    assert table(g) == changed(before, p0_hand=["Jagged Lightning", "Crystal"], p0_played=["Talix's Everburn"],
                               p0_aether=4, p0_discard=["Spark", "Fiery Torrent", "Spark"])


def test_card_razras_training_whistle_gains_aether_or_a_charge() -> None:
    g = at_main(two(player("Brama", hand=["Razra's Training Whistle", "Crystal"])))
    before = table(g)
    choose(g, ("play", "Razra's Training Whistle"))
    assert g.decision.kind == "or"
    aether = copy.deepcopy(g)
    choose(g, ("choose", 1))
    waits_in_main(g)
    assert table(g) == changed(before, p0_hand=["Crystal"], p0_played=["Razra's Training Whistle"], p0_charges=1)
    choose(aether, ("choose", 0))
    assert table(aether) == changed(before, p0_hand=["Crystal"], p0_played=["Razra's Training Whistle"], p0_aether=1)


def test_card_losts_forged_spark_deals_2() -> None:
    g = at_casting(two(player("Brama", hand=list(HOLD), breaches=prepped("Lost's Forged Spark"))))
    before = table(g)
    choose(g, ("cast", 0, 0))
    waits_in_main(g)
    assert table(g) == changed(before, nemesis=68, p0_discard=["Lost's Forged Spark"],
                               p0_breaches=[OPEN, closed(1), closed(0), closed(2)])


def test_card_losts_forged_spark_adds_a_crystal_to_its_owners_discard_at_setup_X_5() -> None:
    plain = Game.new(mages=["Brama", "Mist"], nemesis="Rageborne", seed=3)
    g = Game.new(mages=["Brama", "Mist"], nemesis="Rageborne", seed=3,
                 treasures={"players": [{}, {"tier1": "Lost's Forged Spark"}]})
    assert g.state.players[1].deck == ["Crystal", "Crystal", "Crystal", "Lost's Forged Spark", "Spark"]
    assert [p.discard for p in g.state.players] == [[], ["Crystal"]]
    assert [p.hand for p in g.state.players] == [p.hand for p in plain.state.players]
    want = card_census(plain.state)
    want.subtract({"Spark": 1})
    want.update({"Lost's Forged Spark": 1, "Crystal": 1})
    assert +card_census(g.state) == +want
    again = Game.from_json(g.to_json())  # the setup replays with its Crystal: the census holds
    assert again == g
    other = Game.new(mages=["Brama", "Mist"], nemesis="Rageborne", seed=3,
                     treasures={"players": [{"tier1": "Mazra's Thesis"}]})
    assert [p.discard for p in other.state.players] == [[], []]  # only the Forged Spark brings one


def test_card_mazras_thesis_deals_1_and_focuses_any_players_breach_III() -> None:
    ally = player("Mist", hand=list(HOLD), breaches=[dict(OPEN), closed(1), closed(3), closed(2)])
    g = at_casting(two(player("Brama", hand=list(HOLD), breaches=prepped("Mazra's Thesis")), ally))
    before = table(g)
    choose(g, ("cast", 0, 0))
    assert set(g.legal_actions()) == {("breach", 0, 2), ("breach", 1, 2)}
    choose(g, ("breach", 1, 2))  # the ally's breach III, at its last stage: it opens (P-11)
    waits_in_main(g)
    assert table(g) == changed(before, nemesis=69, p0_discard=["Mazra's Thesis"],
                               p0_breaches=[OPEN, closed(1), closed(0), closed(2)],
                               p1_breaches=[OPEN, closed(1), OPEN, closed(2)])


def test_card_mazras_thesis_with_no_breach_III_to_focus_only_deals_damage() -> None:
    mine = [{"state": "open", "spells": ["Mazra's Thesis"]}, closed(1), dict(OPEN), closed(2)]
    ally = player("Mist", hand=list(HOLD), breaches=[dict(OPEN), closed(1), dict(OPEN), closed(2)])
    g = at_casting(two(player("Brama", hand=list(HOLD), breaches=mine), ally))
    before = table(g)
    choose(g, ("cast", 0, 0))
    waits_in_main(g)
    assert table(g) == changed(before, nemesis=69, p0_discard=["Mazra's Thesis"],
                               p0_breaches=[OPEN, closed(1), OPEN, closed(2)])


# ====================================================================== tier 2: the group's


def test_card_rejuvenating_diamond_gravehold_gains_1_more_never_above_its_maximum() -> None:
    d = two(player("Brama", hand=["Well of Energy", "Crystal"]), group="Rejuvenating Diamond",
            gravehold={"life": 25, "max_life": 30})
    g = at_main(d)
    before = table(g)
    choose(g, ("play", "Well of Energy"))
    choose(g, ("choose", 0))
    waits_in_main(g)
    assert table(g) == changed(before, p0_hand=["Crystal"], p0_played=["Well of Energy"], gravehold=28)
    d["gravehold"] = {"life": 29, "max_life": 30}
    full = at_main(d)
    choose(full, ("play", "Well of Energy"))
    choose(full, ("choose", 0))
    assert full.state.gravehold == 30
    plain = at_main(two(player("Brama", hand=["Well of Energy", "Crystal"]), gravehold={"life": 25, "max_life": 30}))
    choose(plain, ("play", "Well of Energy"))
    choose(plain, ("choose", 0))
    assert plain.state.gravehold == 27  # without the diamond


def test_card_rejuvenating_diamond_raises_xaxos_outcasts_gains_too_K_18() -> None:
    d = two(player("Brama", hand=list(HOLD)), group="Rejuvenating Diamond", gravehold={"life": 20, "max_life": 30},
            tokens={"xaxos_charges": 0})
    g = run_steps(with_ruleset(d, xaxos_outcast=True), [("xaxos_life", 3)], source="Clarifying Light")
    waits_in_main(g)
    assert (g.state.gravehold, g.state.gravehold_max) == (24, 30)


def test_card_broken_tooth_opening_a_breach_lets_an_ally_draw() -> None:
    d = two(player("Brama", hand=list(HOLD), aether=4), player("Mist", hand=list(HOLD), deck=["Spark", "Crystal"]),
            group="Broken Tooth")
    g = at_main(d)
    before = table(g)
    choose(g, ("open", 1))  # breach II at stage 1: 4 Æ; Mist is the only ally, so she draws
    waits_in_main(g)
    assert table(g) == changed(before, p0_aether=0, p0_breaches=[OPEN, OPEN, closed(0), closed(2)],
                               p1_hand=["Crystal", "Spark"], p1_deck=["Crystal"])


def test_card_poison_heart_spells_of_its_pile_deal_1_more_P_20() -> None:
    layout = prepped("Fiery Torrent", "Spark")
    g = at_casting(two(player("Brama", hand=list(HOLD), breaches=layout), group="Poison Heart", pile="Fiery Torrent"))
    before = table(g)
    choose(g, ("cast", 0, 0))  # 2, and 1 more
    choose(g, ("cast", 1, 0))  # Spark: another pile, 1
    waits_in_main(g)
    assert table(g) == changed(before, nemesis=66, p0_discard=["Fiery Torrent", "Spark"],
                               p0_breaches=[OPEN, OPEN, closed(0), closed(2)])


def test_card_poison_heart_lies_only_beside_a_spell_pile_costing_5_or_less() -> None:
    d = two(player("Brama", hand=list(HOLD)), group="Poison Heart", pile="Reduce to Ash")
    with pytest.raises(StateFormatError, match=r"config\.treasures\.pile.*spell supply pile costing 5 Æ or less, "
                                               r"not Reduce to Ash"):
        at_main(d)
    g = Game.new(mages=["Brama", "Mist"], nemesis="Rageborne", seed=3, treasures={"group": "Poison Heart"})
    pile = g.state.config["treasures"]["pile"]
    card = registry.CARDS[pile]
    assert card.type == "spell" and card.cost <= 5  # the first pile that fits


# ====================================================================== tier 3: one player's


def test_card_world_marble_focuses_one_breach_three_times_on_the_first_turn() -> None:
    d = two(player("Brama", hand=list(HOLD)), players=[{"tier3": "World Marble"}])
    d["tokens"] = {"first_turn:0": 1}
    g = at_player_turn(d, 0)
    assert g.decision.kind == "breach" and set(g.legal_actions()) == {("breach", 0, 1), ("breach", 0, 2),
                                                                       ("breach", 0, 3)}
    before = table(g)
    locked = Game.from_dict(with_ruleset(copy.deepcopy(g.to_dict()), last_stage_focus="locked"))
    choose(g, ("breach", 0, 1))  # stage 1: 2, 3, then the third focus opens it (P-11)
    waits_in_main(g)
    assert table(g) == changed(before, p0_breaches=[OPEN, OPEN, closed(0), closed(2)])
    choose(locked, ("breach", 0, 1))  # OC's P-11: at its last stage it can be focused no more
    assert locked.state.players[0].breaches[1].to_dict() == closed(3, focused=True)


def test_card_armored_pauldrons_a_relic_costing_3_or_more_deals_1() -> None:
    me = player("Brama", hand=["Unstable Prism", "Flexing Dagger", "Crystal"])
    g = at_main(two(me, players=[{"tier3": "Armored Pauldrons"}]))
    before = table(g)
    choose(g, ("play", "Unstable Prism"))
    choose(g, ("choose", 1))  # 2 Æ; then the pauldrons' damage
    choose(g, ("play", "Flexing Dagger"))  # 2 Æ: nothing more
    choose(g, ("choose", 0))
    waits_in_main(g)
    assert table(g) == changed(before, p0_hand=["Crystal"], p0_played=["Unstable Prism", "Flexing Dagger"],
                               p0_aether=2, nemesis=69)


def test_card_bloodshot_geode_a_gem_costing_5_or_more_deals_2() -> None:
    me = player("Brama", hand=["Erratic Ingot", "Scoria Slag", "Crystal"])
    g = at_main(two(me, players=[{"tier3": "Bloodshot Geode"}]))
    before = table(g)
    choose(g, ("play", "Erratic Ingot"))
    choose(g, ("play", "Scoria Slag"))
    waits_in_main(g)
    assert table(g) == changed(before, p0_hand=["Crystal"], p0_played=["Erratic Ingot", "Scoria Slag"],
                               p0_aether=4, nemesis=68)


def test_card_treasured_stone_gains_any_gem_on_the_first_turn() -> None:
    d = two(player("Brama", hand=list(HOLD)), players=[{"tier3": "Treasured Stone"}])
    d["tokens"] = {"first_turn:0": 1}
    g = at_player_turn(d, 0)
    before = table(g)
    assert g.decision.kind == "gain"
    assert set(g.legal_actions()) == {("gain", "Frozen Magmite"), ("gain", "Scoria Slag"), ("gain", "Erratic Ingot")}
    choose(g, ("gain", "Frozen Magmite"))
    waits_in_main(g)
    assert table(g) == changed(before, {"Frozen Magmite": 6}, p0_discard=["Frozen Magmite"])
    del d["tokens"]
    waits_in_main(at_player_turn(d, 0))  # not the first turn any more


def test_card_rebound_gauntlet_returns_a_cast_spell_once_per_turn() -> None:
    """The steps ``rebound_spell`` (whether to) and ``rebound_discard`` (which spell goes),
    after the cast spell's own effect."""
    layout = prepped("Jagged Lightning", "Spark", "Reduce to Ash")
    me = player("Brama", hand=["Spark", "Fiery Torrent", "Crystal"], breaches=layout)
    g = at_casting(two(me, players=[{"tier3": "Rebound Gauntlet"}]))
    before = table(g)
    choose(g, ("cast", 0, 0))  # Jagged Lightning: 3 damage, then its own may-discard
    choose(g, ("skip",))
    assert g.decision.kind == "yes_no" and g.decision.player == 0
    choose(g, ("yes",))
    assert g.decision.kind == "discard" and set(g.legal_actions()) == {("card", "Spark"), ("card", "Fiery Torrent")}
    choose(g, ("card", "Spark"))
    choose(g, ("cast", 2, 0))  # Reduce to Ash costs 7: no question (4 damage, 1 more from breach III)
    choose(g, ("cast", 1, 0))  # once per turn: used
    waits_in_main(g)
    assert table(g) == changed(before, nemesis=61, p0_hand=["Jagged Lightning", "Fiery Torrent", "Crystal"],
                               p0_discard=["Spark", "Reduce to Ash", "Spark"],
                               p0_breaches=[OPEN, OPEN, OPEN, closed(2)])


def test_card_rebound_gauntlet_declined_stays_for_a_later_cast() -> None:
    me = player("Brama", hand=["Spark", "Crystal"], breaches=prepped("Spark", "Spark"))
    g = at_casting(two(me, players=[{"tier3": "Rebound Gauntlet"}]))
    before = table(g)
    choose(g, ("cast", 0, 0))
    choose(g, ("no",))
    choose(g, ("cast", 1, 0))
    choose(g, ("yes",))  # one spell in hand: it is the one discarded
    waits_in_main(g)
    assert table(g) == changed(before, nemesis=68, p0_hand=["Spark", "Crystal"], p0_discard=["Spark", "Spark"],
                               p0_breaches=[OPEN, OPEN, closed(0), closed(2)])


def test_card_rebound_gauntlet_with_no_spell_in_hand_asks_nothing() -> None:
    me = player("Brama", hand=["Crystal"], breaches=prepped("Spark"))
    g = at_casting(two(me, players=[{"tier3": "Rebound Gauntlet"}]))
    choose(g, ("cast", 0, 0))
    waits_in_main(g)
    assert g.state.players[0].discard == ["Spark"]


def test_X_14_an_outcasts_tier_3_treasure_works_for_its_owner_only() -> None:
    me = player("Brama", hand=["Erratic Ingot", "Crystal"])
    ally = player("Mist", hand=["Erratic Ingot", "Crystal"])
    d = two(me, ally, players=[{}, {"tier3": "Bloodshot Geode"}])
    g = at_main(d, 0)
    choose(g, ("play", "Erratic Ingot"))
    assert g.state.nemesis.life == 70
    g1 = at_main(d, 1)
    choose(g1, ("play", "Erratic Ingot"))
    assert g1.state.nemesis.life == 68


def test_the_readings_table_names_every_treasure_reading() -> None:
    assert set(oc_treasures.READINGS) == {"box", "forged_spark", "rejuvenating", "broken_tooth", "poison_heart",
                                          "world_marble", "rebound"}


def test_bots_rebound_gauntlet_trades_a_cheaper_spell_for_the_one_cast() -> None:
    from gravehold.agents import make_agent

    bot = make_agent("heuristic", 1)
    layout = prepped("Jagged Lightning")
    me = player("Brama", hand=["Spark", "Fiery Torrent", "Crystal"], breaches=layout)
    g = at_casting(two(me, players=[{"tier3": "Rebound Gauntlet"}]))
    choose(g, ("cast", 0, 0))
    choose(g, ("skip",))  # Jagged Lightning's own discard
    assert g.decision.kind == "yes_no" and bot.choose(g.decision, lambda: g.view_for(0)) == ("yes",)
    choose(g, ("yes",))
    assert bot.choose(g.decision, lambda: g.view_for(0)) == ("card", "Spark")  # the generic discard: the cheapest
    spark = at_casting(two(player("Brama", hand=["Spark", "Crystal"], breaches=prepped("Spark")),
                           players=[{"tier3": "Rebound Gauntlet"}]))
    choose(spark, ("cast", 0, 0))
    assert bot.choose(spark.decision, lambda: spark.view_for(0)) == ("no",)  # a Spark for a Spark gains nothing
