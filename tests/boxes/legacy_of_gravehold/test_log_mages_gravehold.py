"""Behaviour of the Legacy mages of Gravehold written so far (Claudia, Gygar, Kadir, Lost, Talix),
their unique starting cards and their mat pieces (K-13: storm tokens, Path tokens).

One or more tests per unique card (``test_card_<name>_...``) and per mage
(``test_mage_<name>_...``), each from a small exact state; then the setups, the names users
see, and one whole seeded heuristic game per mage.
"""

from __future__ import annotations

from typing import Any

import pytest
from typer.testing import CliRunner

from gravehold import Game
from gravehold.boxes.legacy_of_gravehold import mages_gravehold as gh
from gravehold.boxes.legacy_of_gravehold import tokens_gravehold as tk
from gravehold.content import registry
from gravehold.content.text import card_text, mat_text
from gravehold.testing.conformance import _check_one_game

from support import at_casting, at_main, at_player_turn, base_state, choose, closed, player

HOLD = ["Crystal"]  # a card left in hand keeps the main phase waiting for a choice
OPEN: dict[str, Any] = {"state": "open"}


def two(p0: dict[str, Any], p1: dict[str, Any] | None = None, **kw: Any) -> dict[str, Any]:
    return base_state([p0, p1 if p1 is not None else player("Brama", hand=list(HOLD))], **kw)


def waits_in_main(g: Game, i: int = 0) -> None:
    assert g.decision is not None and g.decision.kind == "main" and g.decision.player == i


# ============================================================== setups and names

SETUPS = {
    "Claudia (LOG)": (4, [("open", 0), ("closed", 2), ("closed", 1), ("closed", 0)]),
    "Gygar (LOG)": (5, [("open", 0), ("closed", 1), ("closed", 1), ("closed", 1)]),
    "Kadir (LOG)": (5, [("open", 0), ("closed", 1), ("closed", 1), ("closed", 1)]),
    "Lost (LOG)": (4, [("open", 0), ("open", 0), ("closed", 0), ("closed", 1)]),
    "Soskel (LOG)": (5, [("open", 0), ("closed", 2), ("closed", 0), ("closed", 0)]),
    "Talix (LOG)": (5, [("open", 0), ("open", 0), ("closed", 1), ("closed", 0)]),
}


@pytest.mark.parametrize("mage", sorted(SETUPS))
def test_mage_setup_breaches_charges_hand_and_deck_S_2_S_3(mage: str) -> None:
    m = registry.mage(mage)
    charges, brs = SETUPS[mage]
    assert (m.box, m.ability.charges, m.name) == ("LOG", charges, mage)
    assert [(b.state, b.stage) for b in m.breaches] == brs
    for u in m.uniques:
        c = registry.card(u)
        assert (c.starter, c.box, c.cost, c.mage) == (True, "LOG", 0, mage) and u in (*m.hand, *m.deck)
    g = Game.new(mages=[mage, "Brama"], nemesis="Rageborne", seed=1)
    p = g.state.players[0]
    assert p.max_charges == charges and p.charges == 0 and p.tokens == {}
    assert [(b.state, b.stage) for b in p.breaches] == brs
    assert sorted(p.hand + p.deck) == sorted(m.hand + m.deck)


def test_mage_each_has_a_name_apart_from_the_other_boxes_and_the_box_counts_them() -> None:
    for m in gh.MAGES:
        plain = m.id.removesuffix(" (LOG)")
        assert registry.mage(plain).box != "LOG" and registry.mage(m.id).box == "LOG"
    assert len(gh.MAGES) == 6 and {m.id for m in gh.MAGES} <= {m.id for m in registry.box("LOG").mages}
    assert {m.city for m in gh.MAGES} == {"Gravehold"}
    g = Game.new(mages=["Kadir (LOG)", "Kadir"], nemesis="Rageborne", seed=2)
    again = Game.from_json(g.to_json())
    assert [p.mage for p in again.state.players] == ["Kadir (LOG)", "Kadir"]


def test_mage_cli_lists_them_with_their_titles() -> None:
    from gravehold.cli import app

    out = CliRunner().invoke(app, ["mages", "--box", "LOG"])
    assert out.exit_code == 0, out.output
    for m in gh.MAGES:
        assert m.id in out.output and m.title in out.output
    assert "project's reading" in out.output  # Kadir's Path tokens


def test_mage_unique_cards_render() -> None:
    for c in gh.UNIQUE_CARDS:
        assert registry.card(c.name) is c and card_text(c)
    assert "Storm tokens" in mat_text(registry.mage("Gygar (LOG)"))
    text = mat_text(registry.mage("Kadir (LOG)"))
    assert "project's reading" in text and all(name in text for name in tk.READINGS)


# ============================================================== Claudia


def test_mage_claudia_aetherial_echo_heals_a_player_by_3() -> None:
    g = at_main(two(player("Claudia (LOG)", hand=list(HOLD), charges=4, max_charges=4),
                    player("Brama", hand=list(HOLD), life=4)))
    choose(g, ("ability", 0))
    choose(g, ("choose", 0))
    choose(g, ("player", 1))
    waits_in_main(g)
    assert g.state.players[1].life == 7 and g.state.players[0].charges == 0


def test_mage_claudia_aetherial_echo_gives_the_next_gain_to_an_ally_who_gains_a_copy() -> None:
    g = at_main(two(player("Claudia (LOG)", hand=list(HOLD), charges=4, max_charges=4, aether=8)))
    choose(g, ("ability", 0))
    choose(g, ("choose", 1))
    choose(g, ("gain", "Jagged Lightning"))
    choose(g, ("player", 1))
    waits_in_main(g)
    p, q = g.state.players
    assert p.discard == [] and q.hand == ["Crystal", "Jagged Lightning", "Jagged Lightning"]
    assert g.state.supply_counts[g.state.supply_names.index("Jagged Lightning")] == 3 and p.aether == 4
    choose(g, ("gain", "Frozen Magmite"))  # the second gain of the turn stays hers, no question
    waits_in_main(g)
    assert g.state.players[0].discard == ["Frozen Magmite"] and q.hand.count("Frozen Magmite") == 0


def test_card_jubilant_halo_deals_1_and_gives_aether_only_for_a_gem() -> None:
    g = at_casting(two(player("Claudia (LOG)", hand=list(HOLD),
                              breaches=[{"state": "open", "spells": ["Jubilant Halo"]}, closed(2), closed(1),
                                        closed(0)])))
    choose(g, ("cast", 0, 0))
    waits_in_main(g)
    p = g.state.players[0]
    assert g.state.nemesis.life == 69 and p.aether_for == {"gem": 1} and p.discard == ["Jubilant Halo"]


def test_card_mirror_shard_plays_as_a_copy_of_a_gem_in_hand() -> None:
    g = at_main(two(player("Claudia (LOG)", hand=["Mirror Shard", "Frozen Magmite"])))
    choose(g, ("play", "Mirror Shard"))
    waits_in_main(g)  # the only other gem is copied at once
    p = g.state.players[0]
    assert p.aether == 2 and p.hand == ["Frozen Magmite"] and p.played == ["Mirror Shard"]


def test_card_mirror_shard_with_no_other_gem_does_nothing() -> None:
    g = at_main(two(player("Claudia (LOG)", hand=["Mirror Shard", "Spark"])))
    choose(g, ("play", "Mirror Shard"))
    waits_in_main(g)
    assert g.state.players[0].aether == 0 and g.state.players[0].hand == ["Spark"]


# ============================================================== Gygar and storm tokens (K-13)


def test_K_13_storm_tokens_placed_at_the_end_of_the_casting_phase_and_capped_at_3() -> None:
    me = player("Gygar (LOG)", hand=list(HOLD),
                breaches=[{"state": "open", "spells": ["Spark"]}, {"state": "open", "spells": ["Bide"]}, closed(1),
                          closed(1)],
                tokens={"storm II Bide": 3})
    g = at_player_turn(two(me))
    choose(g, ("end_casting",))
    waits_in_main(g)
    assert g.state.players[0].tokens == {"storm I Spark": 1, "storm II Bide": 3}


def test_K_13_storm_tokens_add_damage_when_cast_and_go_with_the_spell() -> None:
    me = player("Gygar (LOG)", hand=list(HOLD),
                breaches=[{"state": "open", "spells": ["Spark"]}, closed(1), closed(1), closed(1)],
                tokens={"storm I Spark": 2})
    g = at_casting(two(me))
    choose(g, ("cast", 0, 0))
    waits_in_main(g)
    assert g.state.nemesis.life == 70 - 1 - 2 and g.state.players[0].tokens == {}


def test_mage_gygar_contained_burst_casts_two_spells_that_stay_prepped_with_their_tokens() -> None:
    me = player("Gygar (LOG)", hand=list(HOLD), charges=5,
                breaches=[{"state": "open", "spells": ["Spark"]}, closed(1, spells=["Bide"]),
                          closed(1, spells=["Jagged Lightning"]), closed(1)],
                tokens={"storm I Spark": 1})
    g = at_main(two(me))
    choose(g, ("ability", 0))
    choose(g, ("spell", 0, 0, 0))  # Spark: 1 + storm 1 (breach I adds nothing)
    choose(g, ("spell", 0, 1, 0))  # Bide: 1 from a closed breach
    waits_in_main(g)
    p = g.state.players[0]
    assert g.state.nemesis.life == 70 - 2 - 1 and p.charges == 0 and p.discard == []
    assert [b.spells for b in p.breaches] == [["Spark"], ["Bide"], ["Jagged Lightning"], []]
    assert p.tokens == {"storm I Spark": 1}


def test_card_bide_gives_1_aether_once_per_turn_while_prepped() -> None:
    me = player("Gygar (LOG)", hand=list(HOLD),
                breaches=[{"state": "open", "spells": ["Bide"]}, closed(1), closed(1), closed(1)])
    g = at_main(two(me))
    acts = [a for a in g.legal_actions() if a[0] not in ("play", "end_main", "focus", "gain", "open")]
    assert len(acts) == 1
    choose(g, acts[0])
    waits_in_main(g)
    assert g.state.players[0].aether == 1 and acts[0] not in g.legal_actions()


# ============================================================== Kadir and Path tokens (K-13)


def test_mage_kadir_refine_prototype_places_a_path_side_and_resolves_the_mat() -> None:
    me = player("Kadir (LOG)", hand=list(HOLD), charges=5, tokens={"path ward": 2},
                breaches=[OPEN, closed(1), closed(1), closed(1)])
    g = at_main(two(me, gravehold={"life": 20, "max_life": 30}))
    choose(g, ("ability", 0))
    opts = tk.path_options(g.state.players[0])
    choose(g, ("path", opts.index(("ember", 1)) + 1))
    waits_in_main(g)
    p = g.state.players[0]
    assert p.tokens == {"path ember": 1, "path ward": 2} and p.charges == 0
    assert g.state.nemesis.life == 68 and g.state.gravehold == 22


def test_mage_kadir_flips_a_path_token_on_his_mat() -> None:
    me = player("Kadir (LOG)", hand=list(HOLD), charges=5, tokens={"path ember": 1})
    g = at_main(two(me))
    opts = tk.path_options(g.state.players[0])
    assert ("ember", 2) in opts and ("ember", 1) not in opts and len(opts) == 7
    choose(g, ("ability", 0))
    choose(g, ("path", opts.index(("ember", 2)) + 1))
    waits_in_main(g)
    assert g.state.players[0].tokens == {"path ember": 2} and g.state.players[0].aether == 2


def test_K_13_a_fourth_path_token_sets_one_aside_before_they_resolve() -> None:
    me = player("Kadir (LOG)", hand=list(HOLD), charges=5, deck=["Spark"],
                tokens={"path ember": 2, "path ward": 2, "path lens": 1},
                breaches=[OPEN, closed(1), closed(1), closed(1)])
    g = at_main(two(me, gravehold={"life": 20, "max_life": 30}))
    choose(g, ("ability", 0))
    opts = tk.path_options(g.state.players[0])
    choose(g, ("path", opts.index(("facet", 2)) + 1))
    assert g.decision is not None and len(g.legal_actions()) == 4
    # the set-aside step asks first; the step that resolves the mat waits under it
    assert g.decision.resume[-1] == ("log_set_path_aside",)
    assert [f[-1] for f in g.state.stack if f[0] == "s"][-1:] == [("log_resolve_paths",)]
    choose(g, ("path", 1))  # ember set aside
    waits_in_main(g)
    p = g.state.players[0]
    assert p.tokens == {"path ward": 2, "path lens": 1, "path facet": 2}
    assert (p.aether, g.state.gravehold, p.hand, p.charges) == (0, 22, ["Crystal", "Spark"], 1)


def test_card_ancient_emerald_heals_an_ally_only_with_4_charges() -> None:
    g = at_main(two(player("Kadir (LOG)", hand=["Ancient Emerald", "Crystal"], charges=4),
                    player("Brama", hand=list(HOLD), life=5)))
    choose(g, ("play", "Ancient Emerald"))
    choose(g, ("player", 1))
    waits_in_main(g)
    assert g.state.players[0].aether == 1 and g.state.players[1].life == 6
    g = at_main(two(player("Kadir (LOG)", hand=["Ancient Emerald", "Crystal"], charges=3),
                    player("Brama", hand=list(HOLD), life=5)))
    choose(g, ("play", "Ancient Emerald"))
    waits_in_main(g)
    assert g.state.players[0].aether == 1 and g.state.players[1].life == 5


# ============================================================== Lost


def test_mage_lost_encase_in_steel_deals_1_per_spell_in_the_discard() -> None:
    me = player("Lost (LOG)", hand=list(HOLD), charges=4, max_charges=4,
                discard=["Spark", "Crystal", "Jagged Lightning", "Molten Forge"])
    g = at_main(two(me))
    choose(g, ("ability", 0))
    waits_in_main(g)
    assert g.state.nemesis.life == 67 and g.state.players[0].charges == 0


def test_card_molten_forge_deals_1_or_gives_2_aether_for_spells() -> None:
    spells = {"state": "open", "spells": ["Molten Forge"]}
    g = at_casting(two(player("Lost (LOG)", hand=list(HOLD), breaches=[spells, closed(1), closed(0), closed(1)])))
    choose(g, ("cast", 0, 0))
    choose(g, ("choose", 1))
    waits_in_main(g)
    assert g.state.nemesis.life == 70 and g.state.players[0].aether_for == {"spell": 2}


@pytest.mark.parametrize(("spells", "aether"), [(5, 3), (4, 1)])
def test_card_bronze_ingot_gives_2_more_with_five_spells_in_the_discard(spells: int, aether: int) -> None:
    g = at_main(two(player("Lost (LOG)", hand=["Bronze Ingot", "Crystal"], discard=["Spark"] * spells + ["Crystal"])))
    choose(g, ("play", "Bronze Ingot"))
    waits_in_main(g)
    assert g.state.players[0].aether == aether


# ============================================================== Talix


def test_mage_talix_soaring_ash_casts_prepped_sparks_with_2_more_and_may_destroy_one() -> None:
    me = player("Talix (LOG)", hand=list(HOLD), charges=5,
                breaches=[{"state": "open", "spells": ["Spark"]}, {"state": "open", "spells": ["Spark"]},
                          closed(1, spells=["Jagged Lightning"]), closed(0)])
    g = at_main(two(me))
    choose(g, ("ability", 0))
    assert sorted(g.legal_actions()) == [("done",), ("spell", 0, 0, 0), ("spell", 0, 1, 0)]
    choose(g, ("spell", 0, 1, 0))  # Spark from breach II: 1 + 2
    choose(g, ("spell", 0, 0, 0))  # Spark from breach I: 1 + 2
    choose(g, ("card", "Spark"))  # one destroyed
    waits_in_main(g)
    p = g.state.players[0]
    assert g.state.nemesis.life == 70 - 3 - 3 and p.discard == ["Spark"]
    assert [b.spells for b in p.breaches] == [[], [], ["Jagged Lightning"], []]


def test_card_powdered_infinitum_gives_1_per_prepped_spark() -> None:
    me = player("Talix (LOG)", hand=["Powdered Infinitum", "Crystal"],
                breaches=[{"state": "open", "spells": ["Spark"]}, {"state": "open", "spells": ["Spark"]},
                          closed(1, spells=["Jagged Lightning"]), closed(0)])
    g = at_main(two(me))
    choose(g, ("play", "Powdered Infinitum"))
    waits_in_main(g)
    assert g.state.players[0].aether == 2


# ============================================================== whole games


@pytest.mark.parametrize("mage", [m.id for m in gh.MAGES])
def test_mage_whole_seeded_heuristic_game_with_each(mage: str) -> None:
    """The conformance kit's game: declared decisions, card census, JSON reload, replay."""
    ids = [m.id for m in gh.MAGES]
    other = ids[(ids.index(mage) + 2) % len(ids)]
    assert _check_one_game("Rageborne", [mage, other], "heuristic", 21, mage) == []
