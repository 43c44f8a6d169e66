"""Behaviour of Legacy of Gravehold's Azer mages, their unique starting cards and their
unique breaches (K-13).

One or more tests per unique card (``test_card_<name>_...``) and per mage
(``test_mage_<name>_...``), each from a small exact state: act, make the choices, check where
everything ended up. The unique breaches are named by K-13, the new engine pieces by the rule
they widen (P-10's shuffle window, P-13's wider preps). Then the setups, the names users see,
and one whole seeded bot game per mage.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from typer.testing import CliRunner

from gravehold import Game
from gravehold.boxes.legacy_of_gravehold import mages_azer, mages_azer_more
from gravehold.content import registry
from gravehold.content.text import ability_text, card_text
from gravehold.errors import StateFormatError
from gravehold.testing.conformance import _check_one_game

from support import at_casting, at_main, base_state, choose, closed, player

MAGES = (*mages_azer.MAGES, *mages_azer_more.MAGES)
UNIQUE_CARDS = (*mages_azer.UNIQUE_CARDS, *mages_azer_more.UNIQUE_CARDS)
HOLD = ["Crystal"]  # a card left in hand keeps the main phase waiting for a choice
OPEN: dict[str, Any] = {"state": "open"}
NONE: dict[str, Any] = {"state": "none"}


def two(p0: dict[str, Any], p1: dict[str, Any] | None = None, **kw: Any) -> dict[str, Any]:
    return base_state([p0, p1 if p1 is not None else player("Brama", hand=list(HOLD))], **kw)


def waits_in_main(g: Game, i: int = 0) -> None:
    assert g.decision is not None and (g.decision.kind, g.decision.player) == ("main", i), g.decision


def hits(g: Game) -> list[int]:
    return [e["amount"] for e in g.events if e["event"] == "nemesis_damage"]


def zones(g: Game, i: int = 0) -> dict[str, Any]:
    p = g.state.players[i]
    return {"hand": sorted(p.hand), "deck": p.deck, "discard": sorted(p.discard), "aether": p.aether,
            "charges": p.charges, "life": p.life}


def charged(mage: str, **kw: Any) -> dict[str, Any]:
    m = registry.mage(mage)
    brs = [dict(OPEN) if b.state == "open" else dict(NONE) if b.state == "none" else closed(b.stage)
           for b in m.breaches]
    base: dict[str, Any] = {"breaches": brs, "charges": m.ability.charges, "max_charges": m.ability.charges}
    base.update(kw)
    return player(mage, **base)


def target(g: Game) -> None:
    if g.decision is not None and g.decision.kind == "target":
        choose(g, ("target", "nemesis"))


# ============================================================== setups and names

SETUPS = {
    "Arachnos (LOG)": ("Void Weaver", 5, [("open", 0, None), ("closed", 2, None), ("closed", 1, None),
                                          ("closed", 1, None)]),
    "Dezmodia (LOG)": ("Void Phantom", 5, [("none", 0, None), ("closed", 1, None), ("closed", 0, None),
                                           ("none", 0, None)]),
    "Ilya (LOG)": ("Force of Aether", 5, [("open", 0, None), ("open", 0, None), ("closed", 0, None),
                                          ("closed", 0, None)]),
    "Indira (LOG)": ("Ascended Apprentice", 6, [("none", 0, None), ("open", 0, None), ("closed", 1, None),
                                                ("none", 0, None)]),
    "Kel (LOG)": ("Source of Aether", 5, [("open", 0, None), ("closed", 1, None), ("closed", 1, None),
                                          ("closed", 1, None)]),
    "Taqren (LOG)": ("Reignited Guardian", 5, [("open", 0, None), ("closed", 1, None),
                                               ("closed", 0, "Fortified Breach"), ("closed", 0, "Garrison Breach")]),
    "Thraxir (LOG)": ("The Returned", 6, [("open", 0, "Memory Breach"), ("closed", 0, None), ("closed", 0, None),
                                          ("closed", 0, None)]),
    "Yan Magda (LOG)": ("Recovered Exile", 5, [("open", 0, None), ("closed", 2, None),
                                               ("closed", 0, "Incanted Breach III"),
                                               ("closed", 1, "Incanted Breach IV")]),
}


@pytest.mark.parametrize("mage", sorted(SETUPS))
def test_mage_setup_breaches_charges_hand_and_deck_S_2_S_3(mage: str) -> None:
    m = registry.mage(mage)
    title, charges, brs = SETUPS[mage]
    assert (m.box, m.title, m.ability.charges, m.name) == ("LOG", title, charges, mage)
    assert [(b.state, b.stage, b.special) for b in m.breaches] == brs
    assert len(m.hand) == len(m.deck) == 5 and all(c in registry.CARDS for c in (*m.hand, *m.deck))
    for u in m.uniques:
        c = registry.card(u)
        assert (c.starter, c.box, c.cost) == (True, "LOG", 0) and u in (*m.hand, *m.deck)
    g = Game.new(mages=[mage, "Brama"], nemesis="Rageborne", seed=1)
    p = g.state.players[0]
    assert p.max_charges == charges and p.charges == 0
    assert [(b.state, b.stage) for b in p.breaches] == [(s, t) for s, t, _ in brs]
    assert sorted(p.hand + p.deck) == sorted(m.hand + m.deck)
    assert ability_text(m).startswith(m.ability.name)


def test_mage_every_azer_mage_has_a_name_apart_and_the_box_counts_them() -> None:
    ours = {m.id for m in MAGES}
    assert ours == set(SETUPS)
    assert all(m.id.endswith(" (LOG)") and m.name == m.id for m in MAGES)
    assert registry.mage("Taqren").box == "NA" and registry.mage("Yan Magda").box != "LOG"
    names = [m.name for m in registry.MAGES.values()]
    assert all(names.count(m.name) == 1 for m in MAGES)
    box = registry.box("LOG")
    assert len(MAGES) == 8 and {m.city for m in MAGES} == {"Azer"}
    assert box.counts["mages"] == len([m for m in registry.MAGES.values() if m.box == "LOG"])
    g = Game.new(mages=["Taqren (LOG)", "Taqren (OC)"], nemesis="Rageborne", seed=2)
    again = Game.from_json(g.to_json())
    assert [p.mage for p in again.state.players] == ["Taqren (LOG)", "Taqren (OC)"]


def test_mage_unique_cards_render_and_none_takes_another_box_name() -> None:
    assert sorted(c.name for c in UNIQUE_CARDS) == [
        "Aetherial Glow", "Cleansing Quartz", "Devouring Voidspark", "Eldritch Eye", "Entangled Tourmaline",
        "Gossamer Web", "Invigorating Voidspark", "Magnificent Opal", "Shared Heart", "Split Soul", "Warding Stone"]
    for c in UNIQUE_CARDS:
        assert registry.card(c.name) is c and c.box == "LOG" and card_text(c)
    assert "1 charge" in card_text(registry.card("Gossamer Web"))
    assert "one more spell may be prepped" in card_text(registry.card("Devouring Voidspark"))


def test_mage_cli_lists_the_azer_mages() -> None:
    from gravehold.cli import app

    out = CliRunner().invoke(app, ["mages", "--box", "LOG"])
    assert out.exit_code == 0, out.output
    for m in MAGES:
        assert m.id in out.output
    assert "Fortified Breach" in out.output and "Memory Breach" in out.output


# ============================================================== Arachnos


def test_card_gossamer_web_a_charge_for_each_card_gained_from_a_supply_pile() -> None:
    me = player("Arachnos (LOG)", hand=["Crystal"], aether=8,
                breaches=[{"state": "open", "spells": ["Gossamer Web"]}, closed(2), closed(1), closed(1)])
    g = at_main(two(me))
    choose(g, ("gain", "Frozen Magmite"))
    choose(g, ("gain", "Jagged Lightning"))
    assert g.state.players[0].charges == 2 and g.state.players[0].aether == 8 - 3 - 4


def test_card_gossamer_web_in_hand_gives_nothing() -> None:
    g = at_main(two(player("Arachnos (LOG)", hand=["Gossamer Web", "Crystal"], aether=4)))
    choose(g, ("gain", "Frozen Magmite"))
    assert g.state.players[0].charges == 0


def test_mage_arachnos_weavers_web_takes_up_to_three_cheap_cards_back() -> None:
    me = charged("Arachnos (LOG)", hand=list(HOLD), discard=["Spark", "Jagged Lightning", "Fiery Torrent", "Crystal"])
    g = at_main(two(me))
    choose(g, ("ability", 0))
    choose(g, ("choose", 0))
    # Fiery Torrent costs 5: never offered
    assert sorted(g.legal_actions()) == [("card", "Crystal"), ("card", "Jagged Lightning"), ("card", "Spark"),
                                         ("done",)]
    choose(g, ("card", "Jagged Lightning"))
    choose(g, ("card", "Spark"))
    choose(g, ("done",))
    waits_in_main(g)
    assert zones(g) == {"hand": ["Crystal", "Jagged Lightning", "Spark"], "deck": [],
                        "discard": ["Crystal", "Fiery Torrent"], "aether": 0, "charges": 0, "life": 10}


def test_mage_arachnos_weavers_web_or_three_life_to_a_player() -> None:
    ally = player("Brama", hand=list(HOLD), life=4)
    g = at_main(two(charged("Arachnos (LOG)", hand=list(HOLD)), ally))
    choose(g, ("ability", 0))
    choose(g, ("choose", 1))
    choose(g, ("player", 1))
    assert g.state.players[1].life == 7 and g.state.players[0].charges == 0


# ============================================================== Ilya and Kel


def test_card_shared_heart_deals_two_for_ilya_one_for_another() -> None:
    me = player("Ilya (LOG)", breaches=[{"state": "open", "spells": ["Shared Heart"]}, OPEN, closed(), closed()])
    g = at_casting(two(me))
    choose(g, ("cast", 0, 0))
    choose(g, ("choose", 0))
    target(g)
    assert hits(g) == [2]
    other = player("Brama", breaches=[{"state": "open", "spells": ["Shared Heart"]}, OPEN, closed(), closed()])
    g = at_casting(two(other))
    choose(g, ("cast", 0, 0))
    choose(g, ("choose", 0))
    target(g)
    assert hits(g) == [1]


def test_card_shared_heart_second_branch_heals_kel() -> None:
    me = player("Kel (LOG)", life=5,
                breaches=[{"state": "open", "spells": ["Shared Heart"]}, OPEN, closed(), closed()])
    g = at_casting(two(me))
    choose(g, ("cast", 0, 0))
    choose(g, ("choose", 1))
    target(g)
    assert hits(g) == [1] and g.state.players[0].life == 6


def test_card_split_soul_gives_kel_aether_and_ilya_a_charge() -> None:
    me = player("Kel (LOG)", hand=list(HOLD),
                breaches=[{"state": "open", "spells": ["Split Soul"]}, OPEN, closed(), closed()])
    g = at_casting(two(me))
    choose(g, ("cast", 0, 0))
    choose(g, ("choose", 0))
    target(g)
    assert hits(g) == [1] and g.state.players[0].aether == 1
    me = player("Ilya (OC)", hand=list(HOLD),
                breaches=[{"state": "open", "spells": ["Split Soul"]}, OPEN, closed(), closed()])
    g = at_casting(two(me))
    choose(g, ("cast", 0, 0))
    choose(g, ("choose", 1))
    assert hits(g) == [] and g.state.players[0].charges == 1  # Ilya of any box is Ilya (READINGS)


def test_card_entangled_tourmaline_swaps_a_card_with_kel() -> None:
    me = player("Ilya (LOG)", hand=["Entangled Tourmaline", "Spark", "Crystal"])
    kel = player("Kel (LOG)", hand=["Jagged Lightning", "Crystal"])
    g = at_main(two(me, kel))
    choose(g, ("play", "Entangled Tourmaline"))
    choose(g, ("card", "hand", "Spark"))
    assert g.decision is not None and g.decision.player == 1
    choose(g, ("card", "hand", "Jagged Lightning"))
    waits_in_main(g)
    assert sorted(g.state.players[0].hand) == ["Crystal", "Jagged Lightning"]
    assert sorted(g.state.players[1].hand) == ["Crystal", "Spark"] and g.state.players[0].aether == 1


def test_card_entangled_tourmaline_without_kel_or_ilya_only_gives_aether() -> None:
    g = at_main(two(player("Kel (LOG)", hand=["Entangled Tourmaline", "Spark"])))
    choose(g, ("play", "Entangled Tourmaline"))
    waits_in_main(g)
    assert g.state.players[0].aether == 1 and g.state.players[0].hand == ["Spark"]


def test_mage_ilya_surge_of_power_takes_revealed_spells_and_preps_widely_P_13() -> None:
    me = charged("Ilya (LOG)", hand=["Crystal"],
                 deck=["Spark", "Crystal", "Jagged Lightning", "Spark", "Fiery Torrent"])
    g = at_main(two(me))
    choose(g, ("ability", 0))
    choose(g, ("card", "Spark"))
    choose(g, ("card", "Jagged Lightning"))
    choose(g, ("card", "Spark"))
    waits_in_main(g)
    p = g.state.players[0]
    assert p.deck == ["Crystal", "Fiery Torrent"] and sorted(p.hand) == ["Crystal", "Jagged Lightning", "Spark",
                                                                          "Spark"]
    # closed breaches III and IV take spells this turn, and each breach takes two
    preps = sorted(a for a in g.legal_actions() if a[0] == "prep" and a[1] == "Spark")
    assert preps == [("prep", "Spark", b) for b in range(4)]
    choose(g, ("prep", "Spark", 2))
    choose(g, ("prep", "Spark", 2))
    choose(g, ("prep", "Jagged Lightning", 0))
    assert [br.spells for br in p.breaches] == [["Jagged Lightning"], [], ["Spark", "Spark"], []]
    assert ("prep", "Jagged Lightning", 2) not in g.legal_actions()


def test_mage_kel_absorb_aether_takes_two_cards_then_shuffles_a_turn_order_card() -> None:
    me = charged("Kel (LOG)", hand=list(HOLD), discard=["Crystal"] * 8)
    ally = player("Brama", hand=["Spark", "Crystal"], discard=["Jagged Lightning"])
    d = two(me, ally)
    d["turn_order"] = {"deck": ["N", "P1"], "discard": ["P2", "N", "P1"]}
    g = at_main(d)
    choose(g, ("ability", 0))  # the one ally is named at once
    choose(g, ("card", "hand", "Spark"))
    choose(g, ("card", "discard", "Jagged Lightning"))
    assert sorted(g.legal_actions()) == [("turn_card", "P1"), ("turn_card", "P2")]
    choose(g, ("turn_card", "P2"))
    waits_in_main(g)
    assert len(g.state.players[0].discard) == 10 and g.state.players[1].hand == ["Crystal"]
    assert sorted(g.state.to_deck) == ["N", "P1", "P2"] and g.state.to_discard == ["N", "P1"]


def test_mage_kel_absorb_aether_under_ten_cards_shuffles_nothing() -> None:
    me = charged("Kel (LOG)", hand=list(HOLD), discard=["Crystal"] * 5)
    ally = player("Brama", hand=["Spark"])
    d = two(me, ally)
    d["turn_order"] = {"deck": ["N", "P1"], "discard": ["P2", "N", "P1"]}
    g = at_main(d)
    choose(g, ("ability", 0))
    choose(g, ("card", "hand", "Spark"))
    waits_in_main(g)
    assert g.state.to_discard == ["P2", "N", "P1"] and len(g.state.players[0].discard) == 6


# ============================================================== Taqren


def test_card_warding_stone_the_next_focus_gives_two_more_once() -> None:
    me = player("Taqren (LOG)", hand=["Warding Stone", "Crystal", "Crystal"], aether=3,
                breaches=[OPEN, closed(1), closed(0), closed(0)])
    g = at_main(two(me))
    choose(g, ("play", "Warding Stone"))
    assert g.state.players[0].aether == 4
    choose(g, ("focus", 1))  # 2 Æ, then 2 back
    assert g.state.players[0].aether == 4
    choose(g, ("focus", 1))
    assert g.state.players[0].aether == 2


def test_mage_taqren_guardians_strength_three_focuses_or_ally_preps() -> None:
    me = charged("Taqren (LOG)", hand=list(HOLD))
    ally = player("Brama", hand=["Spark", "Crystal"], breaches=[OPEN, closed(1), closed(0), closed(2)])
    g = at_main(two(me, ally))
    choose(g, ("ability", 0))
    choose(g, ("breach", 0, 1))
    choose(g, ("breach", 1, 3))
    choose(g, ("player", 1))
    choose(g, ("prep", "Spark", 2))  # a closed breach, unfocused
    waits_in_main(g)
    assert [b.stage for b in g.state.players[0].breaches][1] == 2
    assert g.state.players[1].breaches[3].stage == 3 and g.state.players[1].breaches[2].spells == ["Spark"]


def test_K_13_fortified_breach_gives_the_caster_aether_by_tier() -> None:
    me = player("Taqren (LOG)", hand=list(HOLD),
                breaches=[OPEN, closed(1), {"state": "open", "spells": ["Spark"]}, closed()])
    d = two(me)
    d["nemesis"]["discard"] = ["Awaken"]  # tier 2
    g = at_casting(d)
    choose(g, ("cast", 2, 0))
    target(g)
    assert hits(g) == [1] and g.state.players[0].aether == 2  # no standard +1 on a unique breach


def test_K_13_garrison_breach_adds_the_tier_to_damage_only_opened() -> None:
    me = player("Taqren (LOG)", hand=list(HOLD),
                breaches=[OPEN, closed(1), closed(), {"state": "open", "spells": ["Spark"]}])
    d = two(me)
    d["nemesis"]["discard"] = ["Doom Aegis"]  # tier 3
    g = at_casting(d)
    choose(g, ("cast", 3, 0))
    target(g)
    assert hits(g) == [4] and g.state.players[0].aether == 0
    me = player("Taqren (LOG)", hand=list(HOLD), breaches=[OPEN, closed(1), closed(), {"state": "closed", "stage": 1,
                                                                                       "spells": ["Spark"]}])
    g = at_casting(two(me))  # a spell on a closed breach is cast at once (P-1, the one option)
    target(g)
    waits_in_main(g)
    assert hits(g) == [1]


# ============================================================== Thraxir


def test_card_cleansing_quartz_gains_a_spell_after_a_focus() -> None:
    me = player("Thraxir (LOG)", hand=["Cleansing Quartz", "Crystal"], aether=2,
                breaches=[OPEN, closed(), closed(), closed()])
    g = at_main(two(me))
    choose(g, ("focus", 1))
    choose(g, ("play", "Cleansing Quartz"))
    choose(g, ("choose", 1))  # Jagged Lightning is the one spell of 4 Æ or less: taken at once
    waits_in_main(g)
    assert g.state.players[0].discard == ["Jagged Lightning"] and g.state.players[0].aether == 0


def test_card_cleansing_quartz_without_a_focus_gains_nothing() -> None:
    g = at_main(two(player("Thraxir (LOG)", hand=["Cleansing Quartz", "Crystal"])))
    choose(g, ("play", "Cleansing Quartz"))
    choose(g, ("choose", 1))
    waits_in_main(g)
    assert g.state.players[0].discard == [] and g.state.players[0].aether == 0


def test_K_13_memory_breach_focuses_the_cheapest_closed_breach_of_a_named_player() -> None:
    me = player("Thraxir (LOG)", breaches=[{"state": "open", "spells": ["Spark"]}, OPEN, closed(0), closed(0)])
    ally = player("Brama", hand=list(HOLD), breaches=[OPEN, closed(1), closed(0), closed(2)])
    g = at_casting(two(me, ally))
    choose(g, ("cast", 0, 0))
    target(g)
    assert sorted(g.legal_actions()) == [("breach", 0, 2), ("breach", 1, 1)]
    choose(g, ("breach", 1, 1))
    assert g.state.players[1].breaches[1].stage == 2 and hits(g) == [1]


def _thraxir_shuffle(deck: list[str], discard: list[str], charges: int) -> Game:
    me = player("Thraxir (LOG)", hand=list(HOLD), charges=charges, max_charges=6,
                breaches=[OPEN, OPEN, OPEN, closed()])
    d = two(me)
    d["turn_order"] = {"deck": deck, "discard": discard}
    d["stack"] = [["next_turn"]]
    d["phase"] = "main"
    d["active"] = 1
    return Game.from_dict(d)


def test_mage_thraxir_sever_reality_after_the_turn_order_deck_is_shuffled_P_10() -> None:
    g = _thraxir_shuffle([], ["P1", "N", "P2", "N", "P1", "P2"], 6)
    assert g.decision is not None and g.decision.kind == "ability_window" and g.decision.player == 0
    assert g.state.to_discard == [] and len(g.state.to_deck) == 6  # shuffled, nothing drawn yet
    choose(g, ("ability", 0))
    top = list(g.state.to_deck[:3])
    assert g.state.players[0].charges == 0
    # three opened breaches: three cards, put back in the order named
    wanted = sorted(top, reverse=True)
    for card in wanted[:2]:
        if g.decision is not None and g.decision.kind == "card":
            choose(g, ("turn_card", card))
    assert g.state.to_deck[:3] == wanted
    choose(g, ("yes",))
    # the first named is set aside; then the turn order card is drawn as ever: the second named
    assert g.state.to_discard == wanted[:2] and len(g.state.to_deck) == 4


def test_mage_thraxir_without_full_charges_the_deck_is_drawn_at_once_P_10() -> None:
    g = _thraxir_shuffle([], ["P1", "N", "P2"], 5)
    assert len(g.state.to_discard) == 1 and len(g.state.to_deck) == 2
    assert g.decision is not None and g.decision.kind != "ability_window"


# ============================================================== Indira


def test_card_magnificent_opal_casts_a_spell_that_stays_in_the_discard() -> None:
    me = player("Indira (LOG)", hand=["Magnificent Opal", "Crystal"], discard=["Fiery Torrent", "Crystal"])
    g = at_main(two(me))
    choose(g, ("play", "Magnificent Opal"))
    assert sorted(g.legal_actions()) == [("card", "Fiery Torrent"), ("done",)]
    choose(g, ("card", "Fiery Torrent"))
    target(g)
    waits_in_main(g)
    assert hits(g) == [2] and g.state.players[0].discard == ["Fiery Torrent", "Crystal"]
    assert g.state.players[0].aether == 1


def test_mage_indira_reanimate_magic_casts_two_then_may_destroy() -> None:
    me = charged("Indira (LOG)", hand=list(HOLD), discard=["Spark", "Fiery Torrent", "Crystal"])
    g = at_main(two(me))
    choose(g, ("ability", 0))
    choose(g, ("card", "Fiery Torrent"))
    target(g)
    choose(g, ("card", "Fiery Torrent"))  # the same copy again: it never left
    target(g)
    assert hits(g) == [2, 2]
    choose(g, next(a for a in g.legal_actions() if "Crystal" in a))
    waits_in_main(g)
    assert sorted(g.state.players[0].discard) == ["Fiery Torrent", "Spark"]
    assert g.state.destroyed == ["Crystal"]


def test_card_aetherial_glow_gives_the_active_player_aether_once_a_turn() -> None:
    indira = player("Indira (LOG)", hand=["Spark", "Crystal"],
                    breaches=[NONE, {"state": "open", "spells": ["Aetherial Glow"]}, closed(1), NONE])
    me = player("Brama", hand=list(HOLD))
    g = at_main(two(me, indira))
    assert ("glow", 1) in g.legal_actions()
    choose(g, ("glow", 1))
    assert g.decision is not None and g.decision.player == 1
    choose(g, ("card", "Spark"))
    waits_in_main(g)
    assert g.state.players[0].aether == 1 and g.state.players[1].discard == ["Spark"]
    assert ("glow", 1) not in g.legal_actions()


# ============================================================== Yan Magda


def test_card_eldritch_eye_two_damage_when_its_owner_opens_a_breach() -> None:
    me = player("Yan Magda (LOG)", hand=list(HOLD), aether=3,
                breaches=[{"state": "open", "spells": ["Eldritch Eye"]}, closed(2), closed(), closed(1)])
    g = at_main(two(me))
    choose(g, ("open", 1))
    target(g)
    waits_in_main(g)
    assert hits(g) == [2]


def test_mage_yan_magda_devour_magic_casts_three_times_then_resets_the_breach() -> None:
    me = charged("Yan Magda (LOG)", hand=list(HOLD))
    me["breaches"][2] = {"state": "open", "spells": ["Spark"]}
    g = at_main(two(me))
    choose(g, ("ability", 0))
    for _ in range(3):
        target(g)
    waits_in_main(g)
    p = g.state.players[0]
    assert hits(g) == [1, 1, 1] and p.discard == ["Spark"]  # a unique breach adds no standard bonus
    assert (p.breaches[2].state, p.breaches[2].stage, p.breaches[2].spells) == ("closed", 0, [])


def test_mage_yan_magda_devour_magic_reads_only_opened_incanted_breaches() -> None:
    me = charged("Yan Magda (LOG)", hand=list(HOLD))
    me["breaches"][0] = {"state": "open", "spells": ["Spark"]}
    g = at_main(two(me))
    choose(g, ("ability", 0))
    waits_in_main(g)
    assert hits(g) == [] and g.state.players[0].breaches[0].spells == ["Spark"]


# ============================================================== Dezmodia


def test_card_devouring_voidspark_makes_room_and_counts_its_neighbours_P_13() -> None:
    me = player("Dezmodia (LOG)", hand=["Spark", "Spark", "Crystal"],
                breaches=[NONE, {"state": "open", "spells": ["Devouring Voidspark"]}, closed(), NONE])
    g = at_main(two(me))
    choose(g, ("prep", "Spark", 1))
    assert ("prep", "Spark", 1) not in g.legal_actions()  # room for one more, no more
    g2 = at_casting(two(player("Dezmodia (LOG)", breaches=[
        NONE, {"state": "open", "spells": ["Devouring Voidspark", "Spark"]}, closed(), NONE])))
    choose(g2, ("cast", 1, 0))
    target(g2)
    assert hits(g2) == [2]


def test_card_invigorating_voidspark_an_ally_draws_per_neighbour() -> None:
    me = player("Dezmodia (LOG)", breaches=[
        NONE, {"state": "open", "spells": ["Invigorating Voidspark", "Spark"]}, closed(), NONE])
    ally = player("Brama", hand=[], deck=["Crystal", "Spark", "Crystal"])
    g = at_casting(two(me, ally))
    choose(g, ("cast", 1, 0))
    target(g)
    assert hits(g) == [1] and g.state.players[1].hand == ["Crystal"]


def test_mage_dezmodia_void_tear_two_spells_back_and_three_per_opened_breach() -> None:
    me = charged("Dezmodia (LOG)", hand=["Crystal"], discard=["Spark", "Spark", "Jagged Lightning", "Crystal"])
    me["breaches"][1] = {"state": "open", "spells": []}
    g = at_main(two(me))
    choose(g, ("ability", 0))
    choose(g, ("to_hand", 0, "discard", "Spark", -1) if ("to_hand", 0, "discard", "Spark", -1) in g.legal_actions()
           else next(a for a in g.legal_actions() if "Spark" in a))
    choose(g, next(a for a in g.legal_actions() if "Jagged Lightning" in a))
    waits_in_main(g)
    choose(g, ("prep", "Spark", 1))
    choose(g, ("prep", "Jagged Lightning", 1))
    assert ("prep", "Crystal", 1) not in g.legal_actions()
    assert g.state.players[0].breaches[1].spells == ["Spark", "Jagged Lightning"]


def test_mage_a_breach_with_more_spells_loads_only_where_room_was_made() -> None:
    room = two(player("Dezmodia (LOG)", breaches=[
        NONE, {"state": "open", "spells": ["Devouring Voidspark", "Spark", "Spark", "Spark", "Spark"]}, closed(),
        NONE]))
    assert len(Game.from_dict(room).state.players[0].breaches[1].spells) == 5
    bad = two(player("Brama", breaches=[{"state": "open", "spells": ["Spark", "Spark", "Spark"]}, closed(1),
                                        closed(), closed()]))
    with pytest.raises(StateFormatError, match="breaches"):
        Game.from_dict(bad)


# ============================================================== whole games


@pytest.mark.parametrize("mage", sorted(SETUPS))
def test_mage_whole_seeded_heuristic_game_with_each_azer_mage(mage: str) -> None:
    """The conformance kit's game: declared decisions, card census, JSON reload, replay."""
    ids = [m.id for m in MAGES]
    other = ids[(ids.index(mage) + 3) % len(ids)]
    assert _check_one_game("Rageborne", [mage, other], "heuristic", 21, mage) == []


def test_mage_whole_random_games_with_all_azer_mages() -> None:
    ids = [m.id for m in MAGES]
    for k in range(0, 8, 4):
        assert _check_one_game("Gate Witch", copy.copy(ids[k:k + 4]), "random", 31 + k, "log") == []


# ============================================================== bots


def _useful(d: dict[str, Any], i: int = 0) -> bool:
    from gravehold.agents.heuristic import _ability_useful
    from gravehold.engine.observe import observe

    g = at_main(d)
    b = observe(g.state, 0, 0)
    return _ability_useful(b, i, b.players[0])


def test_mage_bots_use_devour_magic_only_on_a_spell_of_an_opened_incanted_breach() -> None:
    me = charged("Yan Magda (LOG)", hand=list(HOLD))
    me["breaches"][0] = {"state": "open", "spells": ["Spark"]}
    assert not _useful(two(me))
    me["breaches"][3] = {"state": "open", "spells": ["Spark"]}
    assert _useful(two(me))


def test_mage_bots_cast_from_the_discard_only_with_a_spell_there() -> None:
    me = charged("Indira (LOG)", hand=list(HOLD), discard=["Crystal"])
    assert not _useful(two(me))
    me["discard"] = ["Crystal", "Spark"]
    assert _useful(two(me))


# ============================================================== boards


def test_mage_cli_plays_an_azer_mage_by_its_name() -> None:
    from gravehold.cli import app

    run = CliRunner().invoke(app, ["simulate", "--mages", "Taqren (LOG),Taqren", "--games", "1",
                                   "--nemesis", "Rageborne"])
    assert run.exit_code == 0 and "Taqren (LOG)+Taqren" in run.output, run.output


def test_mage_web_board_names_azer_mages_apart_and_shows_their_breaches(tmp_path: Any) -> None:
    from fastapi.testclient import TestClient

    from gravehold.web.app import create_app

    with TestClient(create_app(f"sqlite:///{tmp_path / 'g.db'}", bot_delay=0.0)) as client:
        r = client.post("/api/games", json={"seats": [{"mage": "Thraxir (LOG)"}, {"mage": "Thraxir (OC)"}],
                                            "nemesis": "Rageborne", "seed": 3})
        assert r.status_code == 201, r.text
        assert [s["mage"] for s in r.json()["seats"]] == ["Thraxir (LOG)", "Thraxir (OC)"]
        bad = client.post("/api/games", json={"seats": [{"mage": "Thraxir (XX)"}, {"mage": "Brama"}],
                                              "nemesis": "Rageborne", "seed": 3})
        assert bad.status_code in (400, 422) and "Thraxir (XX)" in bad.text
