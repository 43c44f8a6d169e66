"""Behaviour of Legacy of Gravehold's supply cards of Azer: one or more exact-state tests per card.

Each test writes a small state by hand (``support``), plays, casts or recalls the card through
the public game, answers its choices and reads back where everything went.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from gravehold import Game
from gravehold.catalog import cards as catalog_cards
from gravehold.content import registry
from gravehold.content.model import NemesisCardDef
from gravehold.content.text import render_steps
from gravehold.engine import frames
from gravehold.engine.keywords.conjure import FACE_DOWN
from gravehold.errors import IllegalAction

from support import base_state, choose, closed, player, registered

OPEN: dict[str, Any] = {"state": "open"}
HOLD = ["Crystal"]  # a card left in hand keeps the main phase waiting

AZER_SUPPLY = [
    ["Nebula Shard", 7], ["Starglass", 7], ["Frozen Magmite", 7],
    ["Phoenix Quill", 5], ["Martyr's Bone", 5],
    ["Douse", 5], ["Backfire", 5], ["Galvanize", 5], ["Entwined Tremor", 5],
]


def two(p0: dict[str, Any], p1: dict[str, Any] | None = None, **kw: Any) -> dict[str, Any]:
    d = base_state([p0, p1 if p1 is not None else player("Mist", hand=list(HOLD))], **kw)
    if "supply" not in kw:
        d["supply"] = copy.deepcopy(AZER_SUPPLY)
    return d


def main_of(d: dict[str, Any], i: int = 0) -> Game:
    return Game.at(d, *frames.main_phase(i), *frames.draw_phase(i), active=i, phase="main", turn=1)


def casting(d: dict[str, Any], i: int = 0) -> Game:
    return Game.at(d, ("casting_phase", i), *frames.main_phase(i), *frames.draw_phase(i),
                   active=i, phase="casting", turn=1)


def waits_in(g: Game, kind: str, i: int = 0) -> None:
    assert g.decision is not None and (g.decision.kind, g.decision.player) == (kind, i), g.decision


def zones(g: Game, i: int) -> dict[str, Any]:
    p = g.state.players[i]
    return {"hand": p.hand, "deck": p.deck, "discard": p.discard, "played": p.played, "aether": p.aether,
            "charges": p.charges}


def hits(g: Game) -> list[int]:
    return [e["amount"] for e in g.events if e["event"] == "nemesis_damage"]


def spells_on(**by_breach: str) -> list[dict[str, Any]]:
    """Four opened breaches, with the spells named by breach index (``b0="Spark"``)."""
    return [{"state": "open", "spells": [by_breach[f"b{b}"]] if f"b{b}" in by_breach else []} for b in range(4)]


def cast(g: Game, b: int, i: int = 0) -> None:
    choose(g, ("cast", b, 0))
    if g.decision is not None and g.decision.kind == "target":
        choose(g, ("target", "nemesis"))


AZER = ["Aether Ripple", "Backfire", "Brimstone Battery", "Douse", "Entwined Tremor", "Frozen Light", "Galvanize",
        "Irradiated Jewel", "Leviathan Shell", "Lightbringer Staff", "Magnetic Burst", "Martyr's Bone",
        "Nebula Shard", "Paradigm Flux", "Parallel Self", "Phoenix Quill", "Shifter's Cloak", "Starglass",
        "Summoner's Horn", "Temporal Strike", "Voidsteel Vein"]


def test_catalogue_box_log_holds_its_azer_cards_each_named_with_its_city() -> None:
    printed = [c for c in registry.CARDS.values() if c.box == "LOG" and c.base is None]
    assert sorted(c.name for c in printed if c.city == "Azer" and not c.starter) == AZER
    # every Legacy supply or mage card names its city (a card a nemesis hands out has none)
    assert {c.city for c in printed if c.type in ("gem", "relic", "spell")} == {"Azer", "Gravehold"}
    rows = [r for r in catalog_cards(box="LOG") if r["city"] == "Azer" and not r.get("starter")]
    assert sorted(r["id"] for r in rows) == AZER
    assert all(r["city"] is None for r in catalog_cards(box="AE"))


# ================================================================== gems


def test_card_nebula_shard_counts_the_spells_cast_in_the_casting_phase() -> None:
    d = two(player(hand=["Nebula Shard", "Nebula Shard", "Crystal"], breaches=spells_on(b0="Spark", b1="Spark")))
    g = casting(d)
    cast(g, 0)
    cast(g, 1)
    choose(g, ("end_casting",)) if ("end_casting",) in g.legal_actions() else None
    waits_in(g, "main")
    choose(g, ("play", "Nebula Shard"))
    assert g.legal_actions() == [("choose", 0), ("choose", 1)]
    choose(g, ("choose", 1))
    waits_in(g, "main")
    assert g.state.players[0].aether == 2  # one for each of the two spells
    choose(g, ("play", "Nebula Shard"))
    choose(g, ("choose", 0))
    assert zones(g, 0)["aether"] == 4 and zones(g, 0)["hand"] == ["Crystal"]


def test_card_nebula_shard_without_casts_gives_nothing_on_its_second_branch() -> None:
    g = main_of(two(player(hand=["Nebula Shard", "Crystal"])))
    choose(g, ("play", "Nebula Shard"))
    choose(g, ("choose", 1))
    waits_in(g, "main")
    assert zones(g, 0) == {"hand": ["Crystal"], "deck": [], "discard": [], "played": ["Nebula Shard"],
                           "aether": 0, "charges": 0}


def test_card_starglass_gives_two_or_conjures_the_deck_top() -> None:
    g = main_of(two(player(hand=["Starglass", "Starglass", "Crystal"], deck=["Spark", "Crystal"])))
    choose(g, ("play", "Starglass"))
    choose(g, ("choose", 0))
    choose(g, ("play", "Starglass"))
    choose(g, ("choose", 1))
    waits_in(g, "conjure")
    choose(g, ("conjure", "Spark", 0))
    waits_in(g, "main")
    p = g.state.players[0]
    assert (p.aether, p.deck) == (2, ["Crystal"])
    assert (p.breaches[0].spells, p.breaches[0].face_down) == ([FACE_DOWN], ("Spark",))


def test_card_leviathan_shell_boosts_after_two_costly_plays_and_keeps_the_mark() -> None:
    hand = ["Starglass", "Crystal", "Nebula Shard", "Leviathan Shell", "Crystal"]
    g = main_of(two(player(hand=hand)))
    choose(g, ("play", "Starglass"))  # an empty deck: its 2 Æ, without asking
    choose(g, ("play", "Crystal"))  # costs 0: not counted
    choose(g, ("play", "Leviathan Shell"))  # one costly play before it: no boost
    waits_in(g, "main")
    assert g.state.players[0].aether == 5 and g.state.players[0].played[-1] == "Leviathan Shell"
    g = main_of(two(player(hand=["Leviathan Shell", "Crystal"], played=["Starglass", "Nebula Shard"])))
    choose(g, ("play", "Leviathan Shell"))
    waits_in(g, "main")
    marked = g.state.players[0].played[-1]
    assert marked == "Leviathan Shell{boost}" and g.state.players[0].aether == 3  # 2, and 1 for the new mark
    assert registry.CARDS[marked].play[0] == ("aether", 3)  # its next play gives 3 before any new mark
    g = main_of(two(player(hand=[marked, "Crystal"], played=["Starglass", "Nebula Shard"])))
    choose(g, ("play", marked))
    assert g.state.players[0].played[-1] == "Leviathan Shell{boost,boost}" and g.state.players[0].aether == 4


def test_card_irradiated_jewel_overheats_on_a_player_card_and_burns_out_when_full() -> None:
    d = two(player(hand=["Irradiated Jewel", "Crystal"]))
    d["turn_order"] = {"deck": ["N", "P1", "P2", "N"], "discard": []}
    g = main_of(d)
    choose(g, ("play", "Irradiated Jewel"))
    choose(g, ("yes",))  # the nemesis' card: 1 Æ more, no mark
    waits_in(g, "main")
    assert (g.state.players[0].aether, g.state.players[0].played) == (3, ["Irradiated Jewel"])
    hot = "Irradiated Jewel{overheat,overheat}"
    d = two(player(hand=[hot, "Crystal"]))
    d["turn_order"] = {"deck": ["P2", "N", "P1", "N"], "discard": []}
    g = main_of(d)
    choose(g, ("play", hot))
    choose(g, ("yes",))  # a player's card: the third mark fills it
    waits_in(g, "main")
    assert g.state.players[0].played == [] and g.state.destroyed == ["Irradiated Jewel{overheat,overheat,overheat}"]
    assert (g.state.players[0].aether, g.state.gravehold) == (3, 27)


# ================================================================== relics


def test_card_shifters_cloak_boosts_on_an_opening_and_casts_when_full() -> None:
    brs = [dict(OPEN), closed(3), closed(0), closed(2)]
    ally = player("Mist", hand=list(HOLD), breaches=spells_on(b0="Spark"))  # breach I: no bonus
    g = main_of(two(player(hand=["Shifter's Cloak", "Crystal"], breaches=brs), ally))
    choose(g, ("play", "Shifter's Cloak"))
    choose(g, ("breach", 0, 1))  # at its last stage: it opens
    waits_in(g, "main")
    assert g.state.players[0].played == ["Shifter's Cloak{boost}"] and g.state.players[0].breaches[1].state == "open"
    warm = "Shifter's Cloak{boost,boost}"
    g = main_of(two(player(hand=[warm, "Crystal"], breaches=[dict(OPEN), closed(3), closed(0), closed(2)]), ally))
    choose(g, ("play", warm))
    choose(g, ("breach", 0, 1))  # the third mark: the one prepped spell is cast, without asking
    if g.decision is not None and g.decision.kind == "target":
        choose(g, ("target", "nemesis"))
    waits_in(g, "main")
    assert hits(g) == [2]  # Spark's 1, and 1 more
    assert g.state.players[1].discard == ["Spark"] and g.state.players[0].played[-1].endswith("{boost,boost,boost}")


def test_card_martyrs_bone_does_one_or_pays_a_charge_for_both() -> None:
    brs = [dict(OPEN), closed(1), closed(0), closed(2)]
    g = main_of(two(player(hand=["Martyr's Bone", "Martyr's Bone", "Crystal"], deck=["Spark", "Crystal"], charges=1,
                           breaches=brs)))
    choose(g, ("play", "Martyr's Bone"))
    choose(g, ("yes",))  # lose the charge
    choose(g, ("breach", 0, 1))
    choose(g, ("conjure", "Spark", 0))
    waits_in(g, "main")
    p = g.state.players[0]
    assert (p.charges, p.breaches[1].stage, p.breaches[0].spells) == (0, 2, [FACE_DOWN])
    choose(g, ("play", "Martyr's Bone"))  # no charge left: one of the two, asked at once
    assert g.legal_actions() == [("choose", 0), ("choose", 1)]
    choose(g, ("choose", 0))
    choose(g, ("breach", 0, 2))
    waits_in(g, "main")
    assert g.state.players[0].breaches[2].stage == 1


def test_card_summoners_horn_lets_any_player_prep_from_their_discard_and_recalls_a_charge() -> None:
    brs = [dict(OPEN), closed(1), closed(0), {"state": "open", "spells": ["Spark"]}]
    d = two(player(hand=["Summoner's Horn", "Crystal", "Spark"]),
            player("Mist", hand=list(HOLD), discard=["Douse", "Crystal"], breaches=brs))
    g = main_of(d)
    choose(g, ("play", "Summoner's Horn"))
    assert g.legal_actions() == [("prep", 1, "Douse", 0), ("prep", 1, "Douse", 1), ("prep", 1, "Douse", 2), ("skip",)]
    choose(g, ("prep", 1, "Douse", 2))  # a closed breach, not focused
    waits_in(g, "main")
    assert g.state.players[1].breaches[2].spells == ["Douse"] and g.state.players[1].discard == ["Crystal"]
    g = main_of(two(player(hand=["Spark", "Crystal"], discard=["Summoner's Horn"])))
    choose(g, ("recall", "Summoner's Horn"))
    choose(g, ("card", "Spark"))
    waits_in(g, "main")
    assert zones(g, 0) == {"hand": ["Crystal"], "deck": [], "discard": ["Summoner's Horn", "Spark"], "played": [],
                           "aether": 0, "charges": 1}


def test_card_phoenix_quill_heals_two_players_and_recalls_a_cheap_card_for_a_charge() -> None:
    quill = player(hand=["Phoenix Quill", "Crystal"], life=5, charges=1,
                   discard=["Phoenix Quill", "Spark", "Crystal", "Entwined Tremor"])
    g = main_of(two(quill,
                    player("Mist", hand=list(HOLD), life=4)))
    choose(g, ("play", "Phoenix Quill"))
    waits_in(g, "player")
    choose(g, ("player", 0))  # the other player is the one left
    waits_in(g, "main")
    assert [p.life for p in g.state.players] == [6, 5]
    choose(g, ("recall", "Phoenix Quill"))
    choose(g, ("yes",))
    # Phoenix Quill and Entwined Tremor cost more than 3
    assert g.legal_actions() == [("card", "Spark"), ("card", "Crystal")]
    choose(g, ("card", "Spark"))
    waits_in(g, "main")
    assert zones(g, 0) == {"hand": ["Crystal", "Spark"], "deck": [],
                           "discard": ["Phoenix Quill", "Crystal", "Entwined Tremor"],
                           "played": ["Phoenix Quill"], "aether": 0, "charges": 0}
    assert ("recall", "Phoenix Quill") not in g.legal_actions()  # one use per copy per turn


def test_card_lightbringer_staff_destroys_from_hands_or_douses_a_fire() -> None:
    d = two(player(hand=["Lightbringer Staff", "Lightbringer Staff", "Crystal", "Spark"]),
            player("Mist", hand=["Crystal", "Spark"]), tokens={"fire": 3})
    g = main_of(d)
    choose(g, ("play", "Lightbringer Staff"))
    choose(g, ("choose", 0))
    with pytest.raises(IllegalAction):
        g.apply(("player", 5))
    choose(g, ("player", 1))
    waits_in(g, "destroy")  # the step destroy_from_hand_of: a card of Mist's hand
    assert g.legal_actions() == [("card", "Crystal"), ("card", "Spark")]
    choose(g, ("card", "Spark"))
    choose(g, ("player", 0))
    choose(g, ("card", "Spark"))
    waits_in(g, "main")
    assert g.state.destroyed == ["Spark", "Spark"]
    assert [p.hand for p in g.state.players] == [["Lightbringer Staff", "Crystal"], ["Crystal"]]
    choose(g, ("play", "Lightbringer Staff"))
    choose(g, ("choose", 1))  # no minion to silence: the fire branch, without asking
    waits_in(g, "main")
    assert g.state.tokens["fire"] == 2 and g.state.destroyed[-1] == "Lightbringer Staff"
    assert render_steps((("destroy_from_hand_of", 1, 2),)) == "Player 2 destroys a card in their hand."
    assert g.state.players[0].played == ["Lightbringer Staff"]


# ================================================================== spells


def test_card_aether_ripple_gives_each_ally_an_aether_token() -> None:
    g = casting(two(player(breaches=spells_on(b0="Aether Ripple"), hand=list(HOLD)), player("Mist")))
    cast(g, 0)
    assert hits(g) == [2]
    assert [p.aether_tokens for p in g.state.players] == [0, 1]
    assert g.state.players[0].discard == ["Aether Ripple"]


def test_card_douse_may_destroy_itself_to_remove_a_fire() -> None:
    g = casting(two(player(breaches=spells_on(b0="Douse", b1="Douse"), hand=list(HOLD)), tokens={"fire": 2}))
    cast(g, 0)
    choose(g, ("no",))
    cast(g, 1)
    choose(g, ("yes",))
    assert hits(g) == [3, 3] and g.state.tokens["fire"] == 1
    assert g.state.players[0].discard == ["Douse"] and g.state.destroyed == ["Douse"]


def test_card_galvanize_conjures_once_a_turn_while_prepped() -> None:
    brs = spells_on(b0="Galvanize")
    g = main_of(two(player(hand=list(HOLD), deck=["Spark", "Crystal"], breaches=brs)))
    acts = [a for a in g.legal_actions() if a[0] not in ("play", "gain", "end_main", "focus", "open")]
    assert len(acts) == 1, acts
    choose(g, acts[0])
    choose(g, ("conjure", "Spark", 1))
    waits_in(g, "main")
    assert acts[0] not in g.legal_actions()
    assert g.state.players[0].breaches[1].face_down == ("Spark",)


def test_card_magnetic_burst_puts_chosen_revealed_cards_on_the_discard() -> None:
    g = casting(two(player(breaches=spells_on(b0="Magnetic Burst"), hand=list(HOLD),
                           deck=["Crystal", "Spark", "Ignite"])))
    cast(g, 0)
    choose(g, ("yes",))
    assert g.legal_actions() == [("card", "Crystal"), ("card", "Spark"), ("done",)]
    choose(g, ("card", "Crystal"))
    choose(g, ("done",))
    assert hits(g) == [3]
    assert zones(g, 0)["deck"] == ["Spark", "Ignite"]
    assert zones(g, 0)["discard"] == ["Magnetic Burst", "Crystal"]


def test_card_backfire_returns_to_hand_for_a_charge() -> None:
    g = casting(two(player(breaches=spells_on(b0="Backfire"), hand=list(HOLD), charges=2)))
    cast(g, 0)
    choose(g, ("yes",))
    assert hits(g) == [4]
    assert zones(g, 0)["hand"] == ["Crystal", "Backfire"] and zones(g, 0)["charges"] == 1
    assert zones(g, 0)["discard"] == []


def test_card_parallel_self_recalls_two_damage_for_two_aether() -> None:
    g = main_of(two(player(hand=list(HOLD), discard=["Parallel Self"], aether=3)))
    choose(g, ("recall", "Parallel Self"))
    choose(g, ("yes",))
    if g.decision is not None and g.decision.kind == "target":
        choose(g, ("target", "nemesis"))
    waits_in(g, "main")
    assert hits(g) == [2] and g.state.players[0].aether == 1
    assert g.state.players[0].discard == ["Parallel Self"]


def test_card_entwined_tremor_reads_the_spells_beside_it() -> None:
    brs = spells_on(b0="Entwined Tremor", b1="Backfire")
    g = casting(two(player(breaches=brs, hand=list(HOLD))))
    cast(g, 0)
    assert hits(g) == [8] and g.state.players[0].charges == 0
    brs = spells_on(b0="Spark", b1="Entwined Tremor", b2="Parallel Self")
    g = casting(two(player(breaches=brs, hand=list(HOLD))))
    cast(g, 1)
    assert hits(g) == [8] and g.state.players[0].charges == 1


SHIELDED = NemesisCardDef("Test Bulwark", "minion", 1, "AE", life=6, shields=3, persistent=(("gravehold_damage", 1),))


def test_card_paradigm_flux_takes_up_to_two_shields_then_deals_five() -> None:
    d = two(player(breaches=spells_on(b0="Paradigm Flux"), hand=list(HOLD)))
    d["nemesis"]["in_play"] = [{"name": "Test Bulwark", "life": 6, "shields": 3}]
    with registered(SHIELDED):
        g = casting(d)
        choose(g, ("cast", 0, 0))
        assert g.legal_actions() == [("minion", "Test Bulwark"), ("done",)]
        choose(g, ("minion", "Test Bulwark"))
        choose(g, ("minion", "Test Bulwark"))
        choose(g, ("target", "Test Bulwark"))
        bulwark = g.state.nemesis.in_play[0]
        assert (bulwark.shields, bulwark.life) == (0, 6)  # the last shield soaked the 5 damage
        assert [e["shields"] for e in g.events if e["event"] == "shield_lost"] == [2, 1, 0]


def test_a_marked_copy_never_joins_a_random_market() -> None:
    """A game that marked a copy leaves it in the catalogue; the next random market (and a
    reload's deal of the same seed) must draw from the printed cards alone."""
    copy_name = registry.marked("Shifter's Cloak", "boost")
    assert copy_name in registry.CARDS
    assert copy_name not in [c.name for c in registry.supply_cards()]
    assert "Shifter's Cloak" in [c.name for c in registry.supply_cards()]


def test_card_temporal_strike_while_prepped_adds_one_to_a_cheap_cast_and_may_return_it() -> None:
    g = casting(two(player(breaches=spells_on(b0="Spark", b1="Temporal Strike", b2="Backfire"), hand=list(HOLD))))
    cast(g, 0)
    waits_in(g, "yes_no")
    choose(g, ("yes",))
    assert hits(g) == [1 + 1]  # Spark's 1 and the while-prepped 1 (breach I adds nothing)
    assert zones(g, 0)["hand"] == ["Crystal", "Spark"] and zones(g, 0)["discard"] == []
    cast(g, 2)  # a spell costing 5: no bonus, no question (and no charge to pay Backfire's)
    waits_in(g, "casting")
    assert hits(g) == [2, 4 + 1] and zones(g, 0)["discard"] == ["Backfire"]  # breach III opened: 1 more
    assert g.state.players[0].breaches[1].spells == ["Temporal Strike"]


def test_card_temporal_strike_keeps_a_declined_spell_in_the_discard_pile() -> None:
    g = casting(two(player(breaches=spells_on(b0="Spark", b3="Temporal Strike"), hand=list(HOLD))))
    cast(g, 0)
    choose(g, ("no",))
    assert zones(g, 0)["discard"] == ["Spark"] and zones(g, 0)["hand"] == ["Crystal"]


def test_card_frozen_light_is_discarded_in_an_allys_main_phase_for_a_charge_each() -> None:
    g = main_of(two(player(hand=list(HOLD)), player("Mist", hand=["Frozen Light", "Crystal"])))
    choose(g, ("ally_hand", 1, "Frozen Light"))
    waits_in(g, "main")
    assert zones(g, 0)["charges"] == 1 and zones(g, 1)["charges"] == 1
    assert zones(g, 1)["hand"] == ["Crystal"] and zones(g, 1)["discard"] == ["Frozen Light"]
    with pytest.raises(IllegalAction):
        g.apply(("ally_hand", 1, "Frozen Light"))


def test_card_voidsteel_vein_its_holder_discards_it_as_an_allys_costly_spell_begins_for_two_more() -> None:
    g = casting(two(player(breaches=spells_on(b0="Backfire", b1="Spark"), hand=list(HOLD)),
                    player("Mist", hand=["Voidsteel Vein", "Voidsteel Vein", "Crystal"])))
    choose(g, ("cast", 1, 0))  # Spark costs 0: nobody is asked
    assert hits(g) == [1]
    choose(g, ("cast", 0, 0))
    waits_in(g, "yes_no", 1)  # the holder decides, in player 0's turn, before the Cast effect
    assert g.decision is not None and g.decision.resume[4][0] == "ally_may_discard_for_bonus"
    assert hits(g) == [1]
    choose(g, ("yes",))
    assert hits(g) == [1, 4 + 2]
    assert zones(g, 1)["hand"] == ["Voidsteel Vein", "Crystal"] and zones(g, 1)["discard"] == ["Voidsteel Vein"]
    waits_in(g, "main")  # nothing left to cast


def test_card_voidsteel_vein_declined_changes_nothing() -> None:
    g = casting(two(player(breaches=spells_on(b0="Backfire"), hand=list(HOLD)),
                    player("Mist", hand=["Voidsteel Vein"])))
    choose(g, ("cast", 0, 0))
    choose(g, ("no",))
    assert hits(g) == [4] and zones(g, 1)["hand"] == ["Voidsteel Vein"] and zones(g, 1)["discard"] == []


def test_card_brimstone_battery_a_named_player_destroys_a_costly_card_and_it_boosts() -> None:
    d = two(player(hand=["Brimstone Battery", "Crystal"]), player("Mist", hand=["Crystal"], discard=["Cascade"]))
    g = main_of(d)
    choose(g, ("play", "Brimstone Battery"))
    choose(g, ("choose", 0))
    choose(g, ("player", 1))
    waits_in(g, "destroy", 1)  # the named player chooses their own card
    assert g.decision is not None and g.decision.resume[4][0] == "destroy_own_boost_if_costly"
    assert g.legal_actions() == [("card", "hand", "Crystal"), ("card", "discard", "Cascade")]
    choose(g, ("card", "discard", "Cascade"))
    waits_in(g, "main")
    assert g.state.destroyed == ["Cascade"] and g.state.players[0].played == ["Brimstone Battery{boost}"]
    # a cheap card: no boost
    d = two(player(hand=["Brimstone Battery", "Crystal"]), player("Mist", hand=["Crystal"]))
    g = main_of(d)
    choose(g, ("play", "Brimstone Battery"))
    choose(g, ("choose", 0))
    choose(g, ("player", 1))  # their one card is destroyed at once (a single option)
    assert g.state.destroyed == ["Crystal"] and g.state.players[0].played == ["Brimstone Battery"]


def test_card_brimstone_battery_attached_and_fully_boosted_heals_gravehold_per_cast() -> None:
    full = "Brimstone Battery{boost,boost,boost}"
    g = main_of(two(player(hand=[full, "Crystal"])))
    choose(g, ("play", full))
    choose(g, ("choose", 1))
    choose(g, ("breach", 1, 2))
    assert list(g.state.players[1].breaches[2].attached) == [full] and g.state.players[0].played == []
    for battery, healed in ((full, 1), ("Brimstone Battery{boost,boost}", 0)):
        brs = spells_on(b2="Spark")
        brs[2]["attached"] = [battery]
        d = two(player(hand=list(HOLD), breaches=brs))
        d["gravehold"] = {"life": 20, "max_life": 30}
        g = casting(d)
        cast(g, 2)
        assert g.state.gravehold == 20 + healed, battery
