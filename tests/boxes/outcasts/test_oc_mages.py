"""Behaviour of the Outcasts mages, their unique starting cards and their mat pieces (K-13).

One or more tests per unique card (``test_card_<name>_...``) and per mage
(``test_mage_<name>_...``), each from a small exact state: act, make the choices, check
where everything ended up. The mat pieces (glyph tokens, barrier track, Thraxir's and
Dezmodia's unique breaches) are named by K-13. Then the setups, the names users see, and
one whole seeded bot game per mage.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from typer.testing import CliRunner

from gravehold import Game
from gravehold.boxes.outcasts import mages as oc
from gravehold.boxes.outcasts import tokens
from gravehold.content import registry
from gravehold.content.text import ability_text, card_text, mat_text
from gravehold.engine.generic import pick
from gravehold.testing.conformance import _check_one_game

from support import at_casting, at_main, base_state, choose, closed, player, run_steps

HOLD = ["Crystal"]  # a card left in hand keeps the main phase waiting for a choice
OPEN: dict[str, Any] = {"state": "open"}
NONE: dict[str, Any] = {"state": "none"}


def two(p0: dict[str, Any], p1: dict[str, Any] | None = None, **kw: Any) -> dict[str, Any]:
    return base_state([p0, p1 if p1 is not None else player("Brama", hand=list(HOLD))], **kw)


def waits_in_main(g: Game, i: int = 0) -> None:
    assert g.decision is not None and g.decision.kind == "main" and g.decision.player == i


def supply(g: Game, name: str) -> int:
    return g.state.supply_counts[g.state.supply_names.index(name)]


def pile(g: Game, name: str) -> int:
    """The table token value of a glyph on this pile (k for the k-th pile)."""
    return g.state.supply_names.index(name) + 1


# ============================================================== setups and names

SETUPS = {
    "Ilya (OC)": (5, [("open", 0, None), ("closed", 2, None), ("closed", 1, None), ("closed", 1, None)]),
    "Kel (OC)": (6, [("open", 0, None), ("closed", 0, None), ("closed", 0, None), ("closed", 0, None)]),
    "Z'hana (OC)": (5, [("none", 0, None), ("closed", 0, None), ("closed", 1, None), ("closed", 3, None)]),
    "Taqren (OC)": (5, [("open", 0, None), ("closed", 2, None), ("closed", 1, None), ("closed", 1, None)]),
    "Qu (OC)": (4, [("open", 0, None), ("open", 0, None), ("closed", 0, None), ("closed", 0, None)]),
    "Thraxir (OC)": (5, [("closed", 1, "Forged Breach"), ("closed", 2, "Honed Breach"),
                         ("closed", 0, "Refined Breach"), ("closed", 1, "Serrated Breach")]),
    "Dezmodia (OC)": (4, [("none", 0, None), ("none", 0, None), ("none", 0, None), ("closed", 1, "Void Breach")]),
    "Arachnos (OC)": (6, [("open", 0, None), ("open", 0, None), ("closed", 1, None), ("closed", 1, None)]),
}


@pytest.mark.parametrize("mage", sorted(SETUPS))
def test_mage_setup_breaches_charges_hand_and_deck_S_2_S_3(mage: str) -> None:
    m = registry.mage(mage)
    charges, brs = SETUPS[mage]
    assert (m.box, m.ability.charges, m.name) == ("O", charges, mage)
    assert [(b.state, b.stage, b.special) for b in m.breaches] == brs
    assert len(m.hand) == len(m.deck) == 5 and all(c in registry.CARDS for c in (*m.hand, *m.deck))
    for u in m.uniques:
        c = registry.card(u)
        assert (c.starter, c.box, c.cost) == (True, "O", 0) and u in (*m.hand, *m.deck)
    g = Game.new(mages=[mage, "Brama"], nemesis="Rageborne", seed=1)
    p = g.state.players[0]
    assert p.max_charges == charges and p.charges == 0
    assert [(b.state, b.stage) for b in p.breaches] == [(s, t) for s, t, _ in brs]
    assert sorted(p.hand + p.deck) == sorted(m.hand + m.deck)
    assert ability_text(m).startswith(m.ability.name)


def test_mage_every_outcasts_mage_has_a_name_apart_from_other_boxes() -> None:
    ours = {m.id for m in oc.MAGES}
    assert len(ours) == 8 and all(i.endswith(" (OC)") for i in ours)
    assert registry.mage("Taqren").box == "NA" and registry.mage("Taqren (OC)").box == "O"
    assert registry.mage("Dezmodia").box == "WE" and registry.mage("Dezmodia (OC)").box == "O"
    names = [m.name for m in registry.MAGES.values()]
    assert all(names.count(m.name) == 1 for m in oc.MAGES)  # every board and list tells them apart
    assert registry.box("O").counts["mages"] == 8
    g = Game.new(mages=["Taqren (OC)", "Taqren"], nemesis="Rageborne", seed=2)
    assert [p.mage for p in g.state.players] == ["Taqren (OC)", "Taqren"]
    again = Game.from_json(g.to_json())
    assert [p.mage for p in again.state.players] == ["Taqren (OC)", "Taqren"]


def test_mage_cli_lists_the_outcasts_mages_and_plays_one_by_its_name() -> None:
    from gravehold.cli import app

    out = CliRunner().invoke(app, ["mages", "--box", "O"])
    assert out.exit_code == 0, out.output
    for m in oc.MAGES:
        assert m.id in out.output
    # the box speaks its own words (auto): a glyph token is a sigil token
    assert "Taqren (OC)" in out.output and "Void Breach" in out.output and "Sigil tokens" in out.output
    run = CliRunner().invoke(app, ["simulate", "--mages", "Taqren (OC),Taqren", "--games", "1",
                                   "--nemesis", "Rageborne"])
    assert run.exit_code == 0 and "Taqren (OC)+Taqren" in run.output, run.output
    bad = CliRunner().invoke(app, ["simulate", "--mages", "Taqren (XX)", "--games", "1"])
    assert bad.exit_code != 0 and "Taqren (XX)" in bad.output and "Traceback" not in bad.output


def test_mage_unique_cards_render_and_are_catalogued() -> None:
    assert len(oc.UNIQUE_CARDS) == 9  # Entwined Amethyst is one card on two mats (10 starting entries)
    for c in oc.UNIQUE_CARDS:
        assert registry.card(c.name) is c and card_text(c)
    # the cards whose rules are trigger handlers say them too (CARD_RULES)
    assert "ally's turn" in card_text(registry.card("Entwined Amethyst"))
    assert card_text(registry.card("Call of the Void")).startswith("While prepped, the first time each turn")
    assert "3 Æ or more" in card_text(registry.card("Convergence"))
    assert "project's reading" in mat_text(registry.mage("Z'hana (OC)"))


# ============================================================== Ilya


def test_mage_ilya_life_embrace_casts_every_prepped_spell_and_keeps_them() -> None:
    me = player("Ilya (OC)", hand=list(HOLD), charges=5, max_charges=5,
                breaches=[{"state": "open", "spells": ["Spark"]}, closed(2, spells=["Jagged Lightning"]),
                          closed(1), closed(1)])
    ally = player("Brama", hand=list(HOLD), discard=["Conjure the Lost", "Crystal"])
    g = at_main(two(me, ally))
    choose(g, ("ability", 0))
    choose(g, ("spell", 0, 1, 0))  # Jagged Lightning first
    choose(g, ("skip",))  # Jagged Lightning: no card discarded
    choose(g, ("card", "Conjure the Lost"))  # the only ally takes it back
    waits_in_main(g)
    p = g.state.players[0]
    assert [b.spells for b in p.breaches[:2]] == [["Spark"], ["Jagged Lightning"]] and p.discard == []
    assert g.state.nemesis.life == 70 - 3 - 1 and p.charges == 0
    assert g.state.players[1].hand == ["Crystal", "Conjure the Lost"] and g.state.players[1].discard == ["Crystal"]


def test_card_entwined_amethyst_discarded_in_an_allys_turn_gives_a_charge() -> None:
    """Trulite of Force played by the ally: Ilya discards Entwined Amethyst and gains a charge."""
    me = player("Brama", hand=["Trulite of Force", "Crystal"])
    ilya = player("Ilya (OC)", hand=["Entwined Amethyst", "Spark"], charges=1)
    g = at_main(two(me, ilya))
    choose(g, ("play", "Trulite of Force"))
    choose(g, ("player", 1))
    choose(g, ("card", "Entwined Amethyst"))
    waits_in_main(g)
    assert g.state.players[1].charges == 2 and g.state.players[1].discard == ["Entwined Amethyst"]
    assert g.state.players[0].aether == 1 and g.state.players[0].aether_for == {"spell_breach": 1}


def test_card_entwined_amethyst_discarded_in_its_owners_turn_gives_nothing() -> None:
    d = two(player("Kel (OC)", hand=["Entwined Amethyst", "Crystal"]))
    g = run_steps(d, [pick("discard", 1)])
    choose(g, ("card", "Entwined Amethyst"))
    waits_in_main(g)
    assert g.state.players[0].charges == 0 and g.state.players[0].discard == ["Entwined Amethyst"]


def test_card_trulite_of_force_aether_pays_for_a_spell_or_a_breach_only() -> None:
    g = at_main(two(player("Ilya (OC)", hand=["Trulite of Force", "Crystal"]),
                    player("Brama", hand=["Spark", "Crystal"])))
    choose(g, ("play", "Trulite of Force"))
    choose(g, ("player", 1))
    choose(g, ("card", "Spark"))
    acts = g.legal_actions()
    assert g.state.players[0].aether_for == {"spell_breach": 1} and g.state.players[1].discard == ["Spark"]
    assert ("focus", 1) in acts and ("gain", "Frozen Magmite") not in acts  # 2 Æ: breach II, no gem at 3


def test_card_trulite_of_energy_aether_pays_for_a_gem_or_relic_only() -> None:
    g = at_main(two(player("Kel (OC)", hand=["Trulite of Energy", "Crystal"], aether=1),
                    player("Brama", hand=["Spark"])))
    choose(g, ("play", "Trulite of Energy"))
    choose(g, ("player", 1))  # the ally's only card is discarded
    acts = g.legal_actions()
    assert g.state.players[0].aether == 2 and g.state.players[0].aether_for == {"gem_relic": 1}
    assert ("gain", "Frozen Magmite") in acts and ("focus", 2) not in acts  # 3 Æ: a gem, not breach III


# ============================================================== Kel


def test_mage_kel_soul_invigoration_returns_played_cards_and_the_ally_draws_and_preps() -> None:
    me = player("Kel (OC)", hand=list(HOLD), charges=6, max_charges=6,
                played=["Frozen Magmite", "Crystal", "Mage's Totem"])
    ally = player("Brama", hand=[], deck=["Jagged Lightning", "Spark"],
                  breaches=[OPEN, closed(0), closed(0), closed(0)])
    g = at_main(two(me, ally))
    choose(g, ("ability", 0))
    choose(g, ("card", "Frozen Magmite"))
    choose(g, ("card", "Mage's Totem"))  # the only ally draws
    choose(g, ("prep", "Jagged Lightning", 2))  # a closed breach, unfocused
    waits_in_main(g)
    p, q = g.state.players
    assert sorted(p.hand) == ["Crystal", "Frozen Magmite", "Mage's Totem"] and p.played == ["Crystal"]
    assert q.hand == [] and q.breaches[2].spells == ["Jagged Lightning"] and q.deck == ["Spark"]


# ============================================================== Z'hana and glyphs (K-13)


def test_mage_zhana_inscribe_heals_gravehold_and_places_two_glyphs() -> None:
    g = at_main(two(player("Z'hana (OC)", hand=list(HOLD), charges=5, max_charges=5),
                    gravehold={"life": 20, "max_life": 30}))
    choose(g, ("ability", 0))
    choose(g, ("pile", "Jagged Lightning"))
    choose(g, ("pile", "Frozen Magmite"))
    waits_in_main(g)
    assert g.state.gravehold == 25
    assert g.state.tokens == {"glyph:insight": pile(g, "Jagged Lightning"), "glyph:power": pile(g, "Frozen Magmite")}


def test_card_glyph_carver_places_one_glyph_or_gives_aether() -> None:
    g = at_main(two(player("Z'hana (OC)", hand=["Glyph Carver", "Glyph Carver", "Crystal"])))
    choose(g, ("play", "Glyph Carver"))
    choose(g, ("choose", 1))
    choose(g, ("pile", "Fiery Torrent"))
    choose(g, ("play", "Glyph Carver"))
    choose(g, ("choose", 0))
    assert g.state.tokens == {"glyph:insight": pile(g, "Fiery Torrent")} and g.state.players[0].aether == 1


def test_K_13_glyph_gained_by_an_ally_is_resolved_then_returned() -> None:
    d = two(player("Z'hana (OC)", hand=list(HOLD)), player("Brama", hand=list(HOLD), aether=3, deck=["Spark"]))
    d["tokens"] = {"glyph:insight": 1, "glyph:power": 1, "glyph:ruin": 2}  # pile 1: Frozen Magmite
    g = at_main(d, i=1)
    choose(g, ("gain", "Frozen Magmite"))
    choose(g, ("player", 0))  # the insight glyph: Z'hana resolves it (she draws)
    choose(g, ("player", 1))  # the power glyph: the ally resolves it
    waits_in_main(g, 1)
    p, q = g.state.players
    assert g.state.tokens == {"glyph:ruin": 2} and q.charges == 1 and q.discard == ["Frozen Magmite"]
    assert p.charges == 0 and len(p.hand) == 1  # her deck was empty: nothing to draw


def test_K_13_glyph_gained_by_zhana_moves_to_any_pile() -> None:
    d = two(player("Z'hana (OC)", hand=list(HOLD), aether=3))
    d["tokens"] = {"glyph:ward": 1}
    d["supply"][1] = ["Scoria Slag", 0]
    g = at_main(d)
    choose(g, ("gain", "Frozen Magmite"))
    piles = {a[1] for a in g.legal_actions()}
    assert "Frozen Magmite" in piles and "Scoria Slag" not in piles and len(piles) == 8  # an empty pile takes none
    choose(g, ("pile", "Erratic Ingot"))
    waits_in_main(g)
    assert g.state.tokens == {"glyph:ward": 3} and g.state.gravehold == 30


def test_K_13_glyph_gained_by_zhana_playing_alone_goes_back_beside_her_mat() -> None:
    d = base_state([player("Z'hana (OC)", hand=list(HOLD), aether=3)])
    d["tokens"] = {"glyph:ward": 1}
    d["turn_order"] = {"deck": ["P1", "P1", "N", "P1", "P1", "N"], "discard": []}
    g = at_main(d)
    choose(g, ("gain", "Frozen Magmite"))
    waits_in_main(g)
    assert g.state.tokens == {} and g.state.gravehold == 30


def test_K_13_glyph_on_a_pile_that_runs_out_returns() -> None:
    d = two(player("Z'hana (OC)", hand=list(HOLD)), player("Brama", hand=list(HOLD), aether=3))
    d["supply"][0] = ["Frozen Magmite", 0]
    d["tokens"] = {"glyph:focus": 1}
    g = at_main(d, i=1)
    choose(g, ("end_main",))
    assert "glyph:focus" not in g.state.tokens


# ============================================================== Taqren and the barrier track (K-13)


def test_mage_taqren_sustain_heals_her_or_gravehold_when_exhausted() -> None:
    g = at_main(two(player("Taqren (OC)", hand=list(HOLD), charges=5, life=4, tokens={"barrier": 1})))
    choose(g, ("ability", 0))
    waits_in_main(g)
    assert g.state.players[0].life == 7 and g.state.gravehold == 30
    g = at_main(two(player("Taqren (OC)", hand=list(HOLD), charges=5, life=0, exhausted=True),
                    gravehold={"life": 20, "max_life": 30}))
    choose(g, ("ability", 0))
    assert g.state.players[0].life == 0 and g.state.gravehold == 23


def test_card_esoteric_amplifier_damage_moves_the_barrier_K_13() -> None:
    g = at_main(two(player("Taqren (OC)", hand=["Esoteric Amplifier", "Crystal"], tokens={"barrier": 1})))
    choose(g, ("play", "Esoteric Amplifier"))
    assert g.decision is not None and g.decision.kind == "yes_no"
    choose(g, ("yes",))
    assert sorted(g.legal_actions()) == [("barrier_space", 2), ("barrier_space", 3), ("barrier_space", 4)]
    choose(g, ("barrier_space", 3))  # space 3: gain a charge
    waits_in_main(g)
    p = g.state.players[0]
    assert (p.life, p.charges, p.tokens, p.aether) == (9, 1, {"barrier": 3}, 1)


def test_card_esoteric_amplifier_may_be_declined() -> None:
    g = at_main(two(player("Taqren (OC)", hand=["Esoteric Amplifier", "Crystal"], tokens={"barrier": 1})))
    choose(g, ("play", "Esoteric Amplifier"))
    choose(g, ("no",))
    waits_in_main(g)
    assert g.state.players[0].life == 10 and g.state.players[0].tokens == {"barrier": 1}


def test_K_13_barrier_space_focuses_the_cheapest_closed_breach() -> None:
    g = at_main(two(player("Taqren (OC)", hand=["Esoteric Amplifier", "Crystal"], tokens={"barrier": 1},
                           breaches=[OPEN, closed(2), closed(1), closed(1)])))
    choose(g, ("play", "Esoteric Amplifier"))
    choose(g, ("yes",))
    choose(g, ("barrier_space", 2))
    waits_in_main(g)
    assert g.state.players[0].breaches[1].stage == 3 and g.state.players[0].tokens == {"barrier": 2}


def test_K_13_barrier_space_four_preps_a_spell_to_a_closed_breach() -> None:
    """Step ``prep_from_hand_any_breach``: any of her breaches, closed and unfocused too."""
    g = at_main(two(player("Taqren (OC)", hand=["Esoteric Amplifier", "Jagged Lightning", "Crystal"],
                           tokens={"barrier": 1}, breaches=[OPEN, closed(2), closed(1), closed(1)])))
    choose(g, ("play", "Esoteric Amplifier"))
    choose(g, ("yes",))
    choose(g, ("barrier_space", 4))
    choose(g, ("prep", "Jagged Lightning", 2))
    waits_in_main(g)
    p = g.state.players[0]
    assert p.breaches[2].spells == ["Jagged Lightning"] and p.hand == ["Crystal"] and p.tokens == {"barrier": 4}


def test_K_13_exhausted_taqren_sends_gravehold_single_damage() -> None:
    d = two(player("Taqren (OC)", hand=list(HOLD), life=0, exhausted=True, tokens={"barrier": 2}),
            player("Brama", hand=list(HOLD), deck=["Spark"]))
    g = run_steps(d, [("you_suffer", 3)])
    assert g.state.gravehold == 27  # 1 per damage, not 2 (E-3 for others)
    assert g.decision is not None and g.decision.kind == "barrier"  # the barrier moves even so
    choose(g, ("barrier_space", 1))  # space 1: an ally draws
    waits_in_main(g)
    assert g.state.players[0].tokens == {"barrier": 1} and g.state.players[1].hand == ["Crystal", "Spark"]


# ============================================================== Qu


def test_mage_qu_combust_aether_at_the_end_of_his_draw_phase() -> None:
    me = player("Qu (OC)", hand=list(HOLD), charges=4, max_charges=4, deck=["Spark"] * 5 + ["Crystal"] * 4)
    g = at_main(two(me))
    choose(g, ("end_main",))
    assert g.decision is not None and g.decision.kind == "ability_window"
    assert g.state.players[0].hand == ["Crystal"] + ["Spark"] * 4
    choose(g, ("ability", 0))
    p = g.state.players[0]
    assert p.hand == ["Crystal"] + ["Spark"] * 5 + ["Crystal"] * 2 and p.charges == 0 and p.deck == ["Crystal"] * 2


def test_mage_qu_combust_aether_may_be_passed() -> None:
    g = at_main(two(player("Qu (OC)", hand=list(HOLD), charges=4, max_charges=4, deck=["Spark"] * 6)))
    choose(g, ("end_main",))
    choose(g, ("pass",))
    assert g.state.players[0].charges == 4 and len(g.state.players[0].hand) == 5


def test_card_call_of_the_void_plays_the_first_costly_gem_twice_then_returns_it() -> None:
    me = player("Qu (OC)", hand=["Frozen Magmite", "Scoria Slag", "Crystal"],
                breaches=[{"state": "open", "spells": ["Call of the Void"]}, OPEN, closed(0), closed(0)])
    g = at_main(two(me))
    choose(g, ("play", "Crystal"))  # costs 0: not this one
    choose(g, ("play", "Frozen Magmite"))
    p = g.state.players[0]
    assert p.aether == 5 and p.played == ["Crystal"] and supply(g, "Frozen Magmite") == 8
    choose(g, ("play", "Scoria Slag"))  # once per turn
    assert p.aether == 7 and p.played == ["Crystal", "Scoria Slag"] and supply(g, "Scoria Slag") == 7


def test_card_call_of_the_void_cast_deals_one() -> None:
    g = at_casting(two(player("Qu (OC)", hand=list(HOLD),
                              breaches=[closed(0), {"state": "open", "spells": ["Call of the Void"]},
                                        closed(0), closed(0)])))
    choose(g, ("cast", 1, 0))
    assert g.state.nemesis.life == 69 and g.state.players[0].discard == ["Call of the Void"]


# ============================================================== Thraxir and his breaches (K-13)


def test_mage_thraxir_shackles_unleashed_three_spells_and_plus_one_with_three_opened() -> None:
    me = player("Thraxir (OC)", hand=list(HOLD), charges=5,
                breaches=[{"state": "open", "spells": ["Spark"]}, {"state": "open", "spells": ["Spark"]},
                          {"state": "open"}, closed(1)])
    ally = player("Brama", hand=list(HOLD), breaches=[{"state": "open", "spells": ["Spark"]}, closed(0),
                                                      closed(0), closed(0)])
    g = at_main(two(me, ally))
    choose(g, ("ability", 0))
    for j, b in ((1, 0), (0, 0), (0, 1)):
        choose(g, ("spell", j, b, 0))
    waits_in_main(g)
    assert g.state.nemesis.life == 70 - 3 * 2
    assert g.state.players[1].discard == ["Spark"] and g.state.players[0].discard == ["Spark", "Spark"]


def test_mage_thraxir_four_opened_breaches_cast_four_at_plus_two() -> None:
    me = player("Thraxir (OC)", hand=list(HOLD), charges=5,
                breaches=[{"state": "open", "spells": ["Spark"]}] * 4)
    g = at_main(two(me))
    choose(g, ("ability", 0))
    for b in range(4):
        choose(g, ("spell", 0, b, 0))
    waits_in_main(g)
    assert g.state.nemesis.life == 70 - 4 * 3


def test_card_nameless_siphon_ally_discards_to_focus_your_breach() -> None:
    g = at_main(two(player("Thraxir (OC)", hand=["Nameless Siphon", "Crystal"]),
                    player("Brama", hand=["Spark", "Crystal"])))
    choose(g, ("play", "Nameless Siphon"))
    choose(g, ("choose", 1))
    choose(g, ("player", 1))
    choose(g, ("card", "Spark"))
    choose(g, ("breach", 0, 1))
    waits_in_main(g)
    assert g.state.players[0].breaches[1].stage == 2 and g.state.players[1].discard == ["Spark"]


def test_K_13_forged_breach_opening_takes_a_card_costing_four_or_less() -> None:
    me = player("Thraxir (OC)", hand=list(HOLD), aether=2,
                breaches=[closed(3), closed(2), closed(0), closed(1)])
    g = at_main(two(me))
    choose(g, ("open", 0))
    assert sorted(g.legal_actions()) == [("gain", "Frozen Magmite"), ("gain", "Jagged Lightning"),
                                         ("gain", "Mage's Totem"), ("gain", "Primordial Fetish"),
                                         ("gain", "Scoria Slag")]
    choose(g, ("gain", "Primordial Fetish"))
    waits_in_main(g)
    assert g.state.players[0].discard == ["Primordial Fetish"] and g.state.players[0].tokens == {"breach_rewards": 1}
    assert supply(g, "Primordial Fetish") == 4


def test_K_13_honed_and_serrated_breaches_take_spells() -> None:
    me = player("Thraxir (OC)", hand=list(HOLD), aether=20,
                breaches=[closed(1), closed(3), closed(0), closed(3)])
    g = at_main(two(me))
    choose(g, ("open", 1))
    assert sorted(g.legal_actions()) == [("gain", "Fiery Torrent"), ("gain", "Jagged Lightning")]
    choose(g, ("gain", "Fiery Torrent"))
    choose(g, ("open", 3))
    assert ("gain", "Reduce to Ash") in g.legal_actions() and ("gain", "Frozen Magmite") not in g.legal_actions()
    choose(g, ("gain", "Reduce to Ash"))
    waits_in_main(g)
    assert g.state.players[0].discard == ["Fiery Torrent", "Reduce to Ash"]
    assert g.state.players[0].tokens == {"breach_rewards": 0b1010}


def test_K_13_refined_breach_shuffles_thraxirs_turn_order_card_back() -> None:
    """Step ``shuffle_own_turn_card``: his topmost card of the turn order discard goes back."""
    me = player("Thraxir (OC)", hand=list(HOLD), aether=20, breaches=[closed(1), closed(2), closed(3), closed(1)])
    d = two(me, turn_order={"deck": ["N", "P2"], "discard": ["P1", "N", "P1", "P2"]})
    g = at_main(d)
    choose(g, ("open", 2))
    waits_in_main(g)
    assert sorted(g.state.to_deck) == ["N", "P1", "P2"] and g.state.to_discard == ["P1", "N", "P2"]


# ============================================================== Dezmodia and the Void breach (K-13)


def test_mage_dezmodia_void_vortex_ally_draws_three_then_cards_are_swapped() -> None:
    me = player("Dezmodia (OC)", hand=["Crystal", "Spark"], charges=4, max_charges=4,
                breaches=[NONE, NONE, NONE, closed(1)])
    ally = player("Brama", hand=["Crystal"], deck=["Fiery Torrent", "Jagged Lightning", "Spark", "Crystal"])
    g = at_main(two(me, ally))
    choose(g, ("ability", 0))  # the only ally draws
    choose(g, ("card", "Spark"))
    choose(g, ("done",))
    choose(g, ("card", "Fiery Torrent"))
    waits_in_main(g)
    p, q = g.state.players
    assert p.hand == ["Crystal", "Fiery Torrent"] and p.charges == 0
    assert sorted(q.hand) == ["Crystal", "Jagged Lightning", "Spark", "Spark"] and q.deck == ["Crystal"]


def test_SO_1_void_vortex_alone_draws_three_and_gives_nothing_to_her_own_hand() -> None:
    """Solo, Dezmodia is her own ally: she draws three, and the exchange, hand to the same
    hand, is skipped (it changed nothing and, offered, never ended)."""
    me = player("Dezmodia (OC)", hand=["Crystal", "Spark"], charges=4, max_charges=4,
                deck=["Fiery Torrent", "Jagged Lightning", "Spark", "Crystal"], breaches=[NONE, NONE, NONE, closed(1)])
    d = base_state([me])
    d["turn_order"] = {"deck": ["P1", "P1", "N", "P1", "P1", "N"], "discard": []}
    g = at_main(d)
    choose(g, ("ability", 0))
    if g.decision is not None and g.decision.kind == "player":
        choose(g, ("player", 0))
    waits_in_main(g)
    p = g.state.players[0]
    assert p.hand == ["Crystal", "Spark", "Fiery Torrent", "Jagged Lightning", "Spark"] and p.deck == ["Crystal"]
    assert p.charges == 0


def test_card_swirling_darkness_preps_to_a_closed_breach_and_focuses_it() -> None:
    me = player("Dezmodia (OC)", hand=["Swirling Darkness", "Crystal"], breaches=[NONE, NONE, NONE, closed(1)])
    g = at_main(two(me))
    assert ("prep", "Swirling Darkness", 3) in g.legal_actions()
    choose(g, ("prep", "Swirling Darkness", 3))
    g2 = at_casting(two(player("Dezmodia (OC)", hand=list(HOLD),
                               breaches=[NONE, NONE, NONE, closed(1, spells=["Swirling Darkness"])])))
    p = g2.state.players[0]  # a spell on a closed breach must be cast (P-1): the only option
    assert p.breaches[3].stage == 2 and p.discard == ["Swirling Darkness"]


def test_K_13_void_breach_holds_any_number_of_spells_and_adds_one_damage() -> None:
    me = player("Dezmodia (OC)", hand=["Spark", "Spark", "Crystal"],
                breaches=[NONE, NONE, NONE, {"state": "open", "spells": ["Spark"]}])
    g = at_main(two(me))
    choose(g, ("prep", "Spark", 3))
    choose(g, ("prep", "Spark", 3))
    assert g.state.players[0].breaches[3].spells == ["Spark"] * 3
    g2 = at_casting(two(player("Dezmodia (OC)", hand=list(HOLD),
                               breaches=[NONE, NONE, NONE, {"state": "open", "spells": ["Spark", "Spark"]}])))
    choose(g2, ("cast", 3, 0))
    assert g2.state.nemesis.life == 68


def test_K_13_only_an_opened_void_breach_loads_with_more_than_two_spells() -> None:
    from gravehold.errors import StateFormatError

    ok = two(player("Dezmodia (OC)", hand=list(HOLD),
                    breaches=[NONE, NONE, NONE, {"state": "open", "spells": ["Spark"] * 5}]))
    assert at_main(ok).state.players[0].breaches[3].spells == ["Spark"] * 5
    for mage, brs in (("Dezmodia (OC)", [NONE, NONE, NONE, closed(1, spells=["Spark"] * 3)]),
                      ("Brama", [OPEN, closed(0), closed(0), {"state": "open", "spells": ["Spark"] * 3}])):
        with pytest.raises(StateFormatError) as e:
            at_main(two(player(mage, hand=list(HOLD), breaches=brs)))
        assert "players[0].breaches[3].spells" in str(e.value) and "at most 2 spells" in str(e.value)


def test_K_13_void_breach_is_never_destroyed_by_exhaustion_E_1() -> None:
    me = player("Dezmodia (OC)", hand=list(HOLD), life=1,
                breaches=[NONE, NONE, NONE, {"state": "open", "spells": ["Spark"]}])
    g = run_steps(two(me), [("you_suffer", 1)])
    seen = []
    for _ in range(40):
        if g.decision is None or g.decision.kind == "main":
            break
        seen.append(g.decision.kind)
        g.apply(g.legal_actions()[0])
    assert "destroy_breach" not in seen
    assert g.state.players[0].breaches[3].state == "open" and g.state.players[0].exhausted


# ============================================================== Arachnos


def test_mage_arachnos_expunge_casts_any_players_spell_three_more_damage() -> None:
    me = player("Arachnos (OC)", hand=list(HOLD), charges=6, max_charges=6)
    ally = player("Brama", hand=list(HOLD), breaches=[closed(0), closed(0, spells=["Spark"]), closed(0), closed(0)])
    g = at_main(two(me, ally))
    choose(g, ("ability", 0))  # the only prepped spell must be cast
    waits_in_main(g)
    assert g.state.nemesis.life == 66 and g.state.players[1].discard == ["Spark"]


def test_card_convergence_a_charge_for_each_gem_or_relic_costing_three_or_more() -> None:
    me = player("Arachnos (OC)", hand=["Frozen Magmite", "Scoria Slag", "Mage's Totem", "Crystal"],
                breaches=[{"state": "open", "spells": ["Convergence"]}, OPEN, closed(1), closed(1)])
    g = at_main(two(me))
    choose(g, ("play", "Frozen Magmite"))
    choose(g, ("play", "Scoria Slag"))
    assert g.state.players[0].charges == 2
    choose(g, ("play", "Crystal"))
    assert g.state.players[0].charges == 2


# ============================================================== whole games


@pytest.mark.parametrize("mage", [m.id for m in oc.MAGES])
def test_mage_whole_seeded_heuristic_game_with_each_outcasts_mage(mage: str) -> None:
    """The conformance kit's game: declared decisions, card census, JSON reload, replay."""
    ids = [m.id for m in oc.MAGES]
    other = ids[(ids.index(mage) + 3) % len(ids)]
    assert _check_one_game("Rageborne", [mage, other], "heuristic", 21, mage) == []


def test_mage_whole_random_games_with_all_outcasts_mages() -> None:
    ids = [m.id for m in oc.MAGES]
    for k in range(0, 8, 4):
        assert _check_one_game("Gate Witch", copy.copy(ids[k:k + 4]), "random", 31 + k, "oc") == []


def test_mage_glyph_and_barrier_rows_say_what_the_table_holds() -> None:
    text = mat_text(registry.mage("Z'hana (OC)"))
    assert all(name in text for name in tokens.GLYPHS)
    assert "Barrier track" in mat_text(registry.mage("Taqren (OC)"))


def test_mage_heuristic_uses_each_outcasts_ability() -> None:
    """Over a few seeded heuristic games every Outcasts ability is activated (the box's hints
    say when each is worth its charges)."""
    from gravehold.agents import make_agent

    seen: set[str] = set()
    ids = [m.id for m in oc.MAGES]
    for k, seed in [(k, seed) for k in range(0, 8, 2) for seed in range(1, 13)]:
        if {m.ability.name for m in oc.MAGES[k:k + 2]} <= seen:
            continue
        g = Game.new(mages=ids[k:k + 2], nemesis="Rageborne", seed=seed, market="random",
                     boxes=["AE", "WE", "NA", "O"])  # a pool later boxes leave unchanged
        agents = [make_agent("heuristic", seed * 7 + i) for i in range(4)]
        n = 0
        while not g.over and n < 20000:
            d = g.decision
            assert d is not None
            seat = d.seat
            g.apply(agents[seat].choose(d, lambda seat=seat, g=g: g.view_for(seat)))  # type: ignore[misc]
            n += 1
        seen |= {e["name"] for e in g.events if e.get("event") == "ability"}
    assert seen == {m.ability.name for m in oc.MAGES}


def test_K_13_glyphs_show_on_their_pile_on_the_terminal_board() -> None:
    from gravehold.content.text import pile_tokens
    from gravehold.terminal.render import supply_pane

    d = two(player("Z'hana (OC)", hand=list(HOLD)))
    d["tokens"] = {"glyph:ward": 2, "glyph:ruin": 2, "glyph:power": 0}
    v = at_main(d).view_for(0)
    on = pile_tokens(v["tokens"], [name for name, _ in v["supply"]])
    assert on == {"Scoria Slag": ["ruin glyph", "ward glyph"]}
    assert "[ruin glyph, ward glyph]" in supply_pane(v).plain


def test_mage_web_board_names_outcasts_mages_apart_and_sends_pile_tokens(tmp_path: Any) -> None:
    from fastapi.testclient import TestClient

    from gravehold.web.app import create_app

    with TestClient(create_app(f"sqlite:///{tmp_path / 'g.db'}", bot_delay=0.0)) as client:
        r = client.post("/api/games", json={"seats": [{"mage": "Taqren (OC)"}, {"mage": "Taqren"}],
                                            "nemesis": "Rageborne", "seed": 3})
        assert r.status_code == 201, r.text
        links = r.json()
        assert [s["mage"] for s in links["seats"]] == ["Taqren (OC)", "Taqren"]
        s = client.get(f"/api/games/{links['id']}", params={"t": links["spectator"].split("t=", 1)[1]}).json()
        assert [p["mage"] for p in s["view"]["players"]] == ["Taqren (OC)", "Taqren"]
        assert s["pile_tokens"] == {} and s["view"]["players"][0]["tokens"] == {"barrier": 1}
        bad = client.post("/api/games", json={"seats": [{"mage": "Taqren (XX)"}], "nemesis": "Rageborne"})
        assert bad.status_code == 422 and "Taqren (XX)" in bad.text
