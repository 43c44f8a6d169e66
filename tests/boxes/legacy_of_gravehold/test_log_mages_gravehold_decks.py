"""Behaviour of Malastar, Mazra, Nook and Inco (LOG), their unique starters and their sub-decks (K-13).

One or more tests per card (``test_card_<name>_...``) and per mage (``test_mage_<name>_...``),
each from a small exact state: act, make the choices, check where everything ended up. The
piles beside the mats (Inventions, Upgrade, Regularity) and the Research Breach are named by
K-13. Then the setups, the names users see, and one whole seeded bot game per mage.
"""

from __future__ import annotations

from typing import Any

import pytest
from typer.testing import CliRunner

from gravehold import Game
from gravehold.boxes.legacy_of_gravehold import mages_gravehold_decks as gd
from gravehold.boxes.legacy_of_gravehold import mages_nook_inco as ni
from gravehold.content import registry
from gravehold.content.text import ability_text, card_text, mat_text
from gravehold.testing.conformance import _check_one_game

from support import at_casting, at_main, base_state, choose, closed, minion, player

HOLD = ["Crystal"]  # a card left in hand keeps the main phase waiting for a choice
OPEN: dict[str, Any] = {"state": "open"}
NONE: dict[str, Any] = {"state": "none"}
MALASTAR, MAZRA, NOOK, INCO = "Malastar (LOG)", "Mazra (LOG)", "Nook (LOG)", "Inco (LOG)"
UNIQUE = (*gd.UNIQUE_CARDS, *ni.UNIQUE_CARDS)
INV = gd.INVENTIONS


def two(p0: dict[str, Any], p1: dict[str, Any] | None = None, **kw: Any) -> dict[str, Any]:
    return base_state([p0, p1 if p1 is not None else player("Brama", hand=list(HOLD))], **kw)


def waits_in_main(g: Game, i: int = 0) -> None:
    assert g.decision is not None and (g.decision.kind, g.decision.player) == ("main", i), g.decision


def cast(g: Game, b: int, k: int = 0) -> None:
    choose(g, ("cast", b, k))


def aim(g: Game) -> None:
    """Hit the nemesis when the damage has more than one target to choose from."""
    if g.decision is not None and g.decision.kind == "target":
        choose(g, ("target", "nemesis"))


def hits(g: Game) -> list[int]:
    return [e["amount"] for e in g.events if e["event"] == "nemesis_damage"]


def malastar(**kw: Any) -> dict[str, Any]:
    kw.setdefault("decks", {INV: ["Invention: Quantoid", "Invention: Meteor Strike", "Invention: Solar Loop"]})
    kw.setdefault("hand", list(HOLD))
    return player(MALASTAR, **kw)


# ============================================================== setups and names

SETUPS = {
    MALASTAR: (5, [("open", 0, None), ("closed", 2, None), ("closed", 1, None), ("closed", 1, None)]),
    MAZRA: (4, [("open", 0, None), ("closed", 0, None), ("closed", 0, "Research Breach"), ("closed", 0, None)]),
    NOOK: (5, [("none", 0, None), ("closed", 1, None), ("closed", 0, None), ("closed", 0, None)]),
    INCO: (5, [("open", 0, None), ("closed", 1, None), ("closed", 1, None), ("closed", 1, None)]),
}
DECKS = {
    MALASTAR: {INV: sorted(c.name for c in gd.INVENTION_CARDS)},
    MAZRA: {gd.UPGRADES: ["Mazra's Arc"] * 2 + ["Mazra's Teachings"] * 2 + ["Mazra's Wisdom"] * 2
            + ["Mazra's Chain"] * 2 + ["Mazra's Gift"] * 2 + ["Mazra's Inferno"] * 2
            + ["Mazra's Decimation", "Mazra's Revivification"]},
    NOOK: {ni.REGULARITY: ["Crystal"] * 4 + ["Spark"]},
    INCO: {},
}


@pytest.mark.parametrize("mage", sorted(SETUPS))
def test_mage_setup_breaches_charges_hand_deck_and_own_decks_S_2_S_3_K_13(mage: str) -> None:
    m = registry.mage(mage)
    charges, brs = SETUPS[mage]
    assert (m.box, m.ability.charges, m.name, m.city) == ("LOG", charges, mage, "Gravehold")
    assert [(b.state, b.stage, b.special) for b in m.breaches] == brs
    for u in m.uniques:
        c = registry.card(u)
        assert (c.starter, c.box, c.city, c.mage) == (True, "LOG", "Gravehold", mage) and u in (*m.hand, *m.deck)
    g = Game.new(mages=[mage, "Brama"], nemesis="Rageborne", seed=1)
    p = g.state.players[0]
    assert p.max_charges == charges and p.charges == 0
    assert [(b.state, b.stage) for b in p.breaches] == [(s, t) for s, t, _ in brs]
    assert sorted(p.hand) == sorted(m.hand) and sorted(p.deck) == sorted(m.deck)
    assert {k: (v if mage != MALASTAR else sorted(v)) for k, v in p.decks.items()} == DECKS[mage]
    assert ability_text(m).startswith(m.ability.name) and mat_text(m)
    again = Game.from_json(g.to_json())
    assert again.state.players[0].decks == p.decks


def test_mage_names_are_apart_and_the_cli_lists_them() -> None:
    from gravehold.cli import app

    names = [m.name for m in registry.MAGES.values()]
    assert all(names.count(m.name) == 1 and m.id.endswith(" (LOG)") for m in (*gd.MAGES, *ni.MAGES))
    out = CliRunner().invoke(app, ["mages", "--box", "LOG"])
    assert out.exit_code == 0, out.output
    for m in (*gd.MAGES, *ni.MAGES):
        assert m.id in out.output
    assert registry.box("LOG").counts["mages"] >= 4


def test_mage_unique_and_sub_deck_cards_are_catalogued_and_render() -> None:
    assert len(gd.INVENTION_CARDS) == 8 and len(gd.UPGRADE_CARDS) == 8 and len(ni.ANOMALIES) == 5
    assert len(ni.FLOWERS) == 6
    for c in UNIQUE:
        assert registry.card(c.name) is c and card_text(c) and c.starter
    assert {c.cost for c in gd.INVENTION_CARDS} == {7} and {c.cost for c in ni.ANOMALIES} == {5}
    assert sorted({c.cost for c in gd.UPGRADE_CARDS}) == [3, 6, 9]
    assert "When this is Harvested" in card_text(registry.card("Dahlia"))
    assert "Research Breach" in mat_text(registry.mage(MAZRA))


# ============================================================== Malastar


def test_mage_malastar_burst_of_inspiration_top_card_into_an_allys_hand() -> None:
    g = at_main(two(malastar(charges=5), player("Brama", hand=[])))
    choose(g, ("ability", 0))
    choose(g, ("yes",))  # the top card
    waits_in_main(g)
    assert g.state.players[1].hand == ["Invention: Quantoid"]
    assert g.state.players[0].decks[INV] == ["Invention: Meteor Strike", "Invention: Solar Loop"]
    assert g.state.players[0].charges == 0


def test_mage_malastar_burst_of_inspiration_bottom_card_the_ally_chosen() -> None:
    d = base_state([malastar(charges=5), player("Brama", hand=[]), player("Mist", hand=[])])
    g = at_main(d)
    choose(g, ("ability", 0))
    choose(g, ("no",))  # the bottom card
    choose(g, ("player", 2))
    waits_in_main(g)
    assert g.state.players[2].hand == ["Invention: Solar Loop"] and g.state.players[1].hand == []
    assert g.state.players[0].decks[INV] == ["Invention: Quantoid", "Invention: Meteor Strike"]
    assert any(e["event"] == "invention_given" and e["end"] == "bottom" for e in g.events)


def test_SO_1_burst_of_inspiration_alone_puts_the_invention_into_his_own_hand() -> None:
    g = at_main(base_state([malastar(charges=5, decks={INV: ["Invention: Quantoid"]})]))
    choose(g, ("ability", 0))  # one card: no end to choose, and he is his own ally
    waits_in_main(g)
    p = g.state.players[0]
    assert p.hand == ["Crystal", "Invention: Quantoid"] and p.decks[INV] == []


def test_card_zanite_perfected_reveals_a_relic_for_one_more_then_puts_it_under() -> None:
    g = at_main(two(malastar(hand=["Zanite, Perfected", "Crystal"])))
    choose(g, ("play", "Zanite, Perfected"))
    p = g.state.players[0]
    assert p.aether == 2  # Quantoid is a relic
    assert p.decks[INV] == ["Invention: Meteor Strike", "Invention: Solar Loop", "Invention: Quantoid"]


def test_card_zanite_perfected_a_spell_on_top_gives_nothing_more() -> None:
    g = at_main(two(malastar(hand=["Zanite, Perfected", "Crystal"],
                             decks={INV: ["Invention: Meteor Strike", "Invention: Quantoid"]})))
    choose(g, ("play", "Zanite, Perfected"))
    p = g.state.players[0]
    assert p.aether == 1 and p.decks[INV] == ["Invention: Quantoid", "Invention: Meteor Strike"]


def ally_with(card: str, **kw: Any) -> dict[str, Any]:
    """Brama holding an Invention, Malastar at seat 1."""
    kw.setdefault("hand", [card, "Crystal"])
    return player("Brama", **kw)


def test_card_invention_cosmic_locus_echo_deals_twice_and_malastar_focuses_twice() -> None:
    me = ally_with("Crystal", breaches=[{"state": "open", "spells": ["Invention: Cosmic Locus"]}, closed(1),
                                         closed(0), closed(2)])
    mal = malastar(breaches=[OPEN, closed(2), closed(1), closed(1)])
    g = at_casting(two(me, mal))
    cast(g, 0)
    for _ in range(2):
        if g.decision is not None and g.decision.kind == "target":
            aim(g)
        if g.decision is not None and g.decision.kind == "breach":
            choose(g, ("breach", 1, 1))
    assert hits(g) == [2, 2]
    assert g.state.players[1].breaches[1].state == "open"  # stage 2, focused twice
    assert g.state.players[0].discard == ["Invention: Cosmic Locus"]


def test_card_invention_demiurge_diamond_four_aether_and_malastar_may_gain() -> None:
    g = at_main(two(ally_with("Invention: Demiurge Diamond"), malastar()))
    choose(g, ("play", "Invention: Demiurge Diamond"))
    assert g.decision is not None and g.decision.player == 1 and ("skip",) in g.legal_actions()
    choose(g, ("gain", "Mage's Totem"))
    waits_in_main(g)
    assert g.state.players[0].aether == 4 and g.state.players[1].discard == ["Mage's Totem"]


def test_card_invention_galactoscope_attached_gives_caster_and_malastar_a_charge() -> None:
    me = ally_with("Invention: Galactoscope", breaches=[{"state": "open", "spells": ["Spark"]}, closed(1),
                                                       closed(0), closed(2)])
    g = at_main(two(me, malastar()))
    choose(g, ("play", "Invention: Galactoscope"))
    choose(g, ("breach", 0, 0))
    waits_in_main(g)
    assert g.state.players[0].breaches[0].attached == ("Invention: Galactoscope",)
    assert g.state.players[0].played == []
    under = {"state": "open", "spells": ["Spark"], "attached": ["Invention: Galactoscope"]}
    g = at_casting(two(ally_with("Crystal", breaches=[under, closed(1), closed(0), closed(2)]), malastar()))
    cast(g, 0)
    if g.decision is not None and g.decision.kind == "target":
        aim(g)
    assert (g.state.players[0].charges, g.state.players[1].charges) == (1, 1)


def test_card_invention_guiding_facet_five_aether_and_malastar_may_return_a_cheap_card() -> None:
    mal = malastar(discard=["Jagged Lightning", "Spark", "Mage's Totem"])
    g = at_main(two(ally_with("Invention: Guiding Facet"), mal))
    choose(g, ("play", "Invention: Guiding Facet"))
    # costing 3 Æ or less: not Jagged Lightning (4)
    assert sorted(g.legal_actions()) == [("card", "Mage's Totem"), ("card", "Spark"), ("skip",)]
    choose(g, ("card", "Spark"))
    waits_in_main(g)
    assert g.state.players[0].aether == 5
    assert g.state.players[1].hand == ["Crystal", "Spark"]


def test_card_invention_makers_mitt_three_charges_or_destroys_then_an_aether_token() -> None:
    me = ally_with("Invention: Maker's Mitt", hand=["Invention: Maker's Mitt", "Crystal"], discard=["Spark"])
    g = at_main(two(me, malastar()))
    choose(g, ("play", "Invention: Maker's Mitt"))
    choose(g, ("choose", 0))  # a charge
    choose(g, ("choose", 1))  # destroy
    choose(g, ("card", "discard", "Spark"))
    choose(g, ("choose", 0))  # a charge
    waits_in_main(g)
    assert g.state.players[0].charges == 2 and g.state.players[0].discard == []
    assert g.state.players[1].aether_tokens == 1


def test_card_invention_meteor_strike_six_and_malastar_may_draw_two_then_discards_two() -> None:
    me = ally_with("Crystal", breaches=[{"state": "open", "spells": ["Invention: Meteor Strike"]}, closed(1),
                                         closed(0), closed(2)])
    g = at_casting(two(me, malastar(hand=["Crystal"], deck=["Spark", "Spark", "Crystal"])))
    cast(g, 0)
    aim(g)
    choose(g, ("yes",))
    choose(g, ("card", "Crystal"))  # then one of the two Sparks, the only card left to name
    assert hits(g) == [6]
    p = g.state.players[1]
    assert p.hand == ["Spark"] and p.discard == ["Crystal", "Spark"] and p.deck == ["Crystal"]


def test_card_invention_quantoid_an_ally_draws_three_discards_one_and_malastar_draws() -> None:
    me = ally_with("Invention: Quantoid")
    mal = malastar(hand=[], deck=["Spark", "Crystal", "Crystal", "Spark"])
    g = at_main(two(me, mal))
    choose(g, ("play", "Invention: Quantoid"))
    # Malastar, the only ally, draws three without being named
    choose(g, ("card", "Crystal"))  # Malastar, the ally, discards one of the three
    waits_in_main(g)
    p = g.state.players[1]
    assert sorted(p.hand) == ["Crystal", "Spark", "Spark"] and p.discard == ["Crystal"] and p.deck == []


def test_card_invention_solar_loop_while_prepped_may_destroy_the_top_card_then_casts_five() -> None:
    me = ally_with("Crystal", deck=["Spark", "Crystal"],
                   breaches=[{"state": "open", "spells": ["Invention: Solar Loop"]}, closed(1), closed(0), closed(2)])
    d = two(me, malastar(hand=["Spark"]))
    d["stack"] = [["player_turn", 0]]
    g = Game.from_dict(d)
    choose(g, ("yes",))  # destroy the revealed Spark
    assert g.state.players[0].deck == ["Crystal"]
    cast(g, 0)
    aim(g)
    choose(g, ("card", "hand", "Spark"))  # Malastar destroys his Spark
    assert hits(g) == [5] and g.state.players[1].hand == []


# ============================================================== Mazra


def mazra(**kw: Any) -> dict[str, Any]:
    kw.setdefault("decks", {gd.UPGRADES: ["Mazra's Arc", "Mazra's Chain", "Mazra's Decimation"]})
    kw.setdefault("breaches", [OPEN, closed(0), closed(0), closed(0)])
    return player(MAZRA, **kw)


def test_mage_mazra_research_destroys_a_mazra_card_and_gains_up_to_three_more_into_hand() -> None:
    g = at_main(two(mazra(hand=["Mazra's Studies", "Crystal"], charges=4, max_charges=4)))
    choose(g, ("ability", 0))  # the only branch that can resolve; Studies costs 0: only the Arc (3) may come
    waits_in_main(g)
    p = g.state.players[0]
    assert p.hand == ["Crystal", "Mazra's Arc"] and p.decks[gd.UPGRADES] == ["Mazra's Chain", "Mazra's Decimation"]
    assert p.charges == 0 and [e["card"] for e in g.events if e["event"] == "destroyed"] == ["Mazra's Studies"]


def test_mage_mazra_research_from_a_three_offers_the_six() -> None:
    g = at_main(two(mazra(hand=["Mazra's Arc", "Crystal"], charges=4, max_charges=4)))
    choose(g, ("ability", 0))
    assert g.legal_actions() == [("card", "Mazra's Arc"), ("card", "Mazra's Chain")]  # 3 + 3: not the 9
    choose(g, ("card", "Mazra's Chain"))
    p = g.state.players[0]
    assert p.hand == ["Crystal", "Mazra's Chain"] and p.decks[gd.UPGRADES] == ["Mazra's Arc", "Mazra's Decimation"]


def test_mage_mazra_research_returns_every_mazra_card_from_the_discard_pile() -> None:
    me = mazra(hand=list(HOLD), discard=["Mazra's Studies", "Spark", "Mazra's Arc"], charges=4, max_charges=4)
    g = at_main(two(me))
    choose(g, ("ability", 0))  # nothing "Mazra" in hand: the return
    waits_in_main(g)
    p = g.state.players[0]
    assert p.hand == ["Crystal", "Mazra's Studies", "Mazra's Arc"] and p.discard == ["Spark"]


def test_K_13_research_breach_once_opened_gives_the_caster_a_charge() -> None:
    spells = [OPEN, closed(0), {"state": "open", "spells": ["Spark"]}, closed(0)]
    g = at_casting(two(mazra(breaches=spells)))
    cast(g, 2)
    aim(g)
    assert g.state.players[0].charges == 1 and hits(g) == [1]  # no standard bonus on this breach


def test_K_13_a_spell_cast_from_another_breach_of_mazra_gives_nothing() -> None:
    spells = [{"state": "open", "spells": ["Spark"]}, closed(0), closed(0), closed(0)]
    g = at_casting(two(mazra(breaches=spells)))
    cast(g, 0)
    aim(g)
    assert g.state.players[0].charges == 0 and hits(g) == [1]


def casting_with(spell: str, ally: dict[str, Any] | None = None, minion_life: int | None = None,
                 **kw: Any) -> Game:
    """Mazra's casting phase with ``spell`` on breach I and a Spark on breach II (both opened): the
    phase waits after the first cast, so nothing is drawn or discarded meanwhile."""
    me = mazra(breaches=[{"state": "open", "spells": [spell]}, {"state": "open", "spells": ["Spark"]}, closed(0),
                         closed(0)], **kw)
    d = two(me, ally)
    if minion_life is not None:
        d["nemesis"]["in_play"] = [minion("Bane Sire", minion_life)]
    return at_casting(d)


def waits_in_casting(g: Game) -> None:
    assert g.decision is not None and g.decision.kind == "casting", g.decision


def test_card_mazras_studies_deals_one_or_focuses_breach_three() -> None:
    g = casting_with("Mazra's Studies")
    cast(g, 0)
    choose(g, ("choose", 1))
    waits_in_casting(g)
    assert g.state.players[0].breaches[2].stage == 1 and hits(g) == []
    g = casting_with("Mazra's Studies")
    cast(g, 0)
    choose(g, ("choose", 0))
    assert hits(g) == [1]


def test_card_mazras_arc_three_and_focuses_the_cheapest_closed_breach() -> None:
    g = casting_with("Mazra's Arc")
    cast(g, 0)
    waits_in_casting(g)
    assert hits(g) == [3] and [b.stage for b in g.state.players[0].breaches[2:]] == [1, 0]


def test_card_mazras_teachings_three_and_silences_a_minion() -> None:
    g = casting_with("Mazra's Teachings", minion_life=6)
    cast(g, 0)
    aim(g)
    waits_in_casting(g)
    assert hits(g) == [3] and g.state.nemesis.in_play[0].silenced


def test_card_mazras_wisdom_two_and_an_ally_draws() -> None:
    g = casting_with("Mazra's Wisdom", player("Brama", hand=[], deck=["Spark"]))
    cast(g, 0)
    aim(g)
    assert hits(g) == [2] and g.state.players[1].hand == ["Spark"]


def test_card_mazras_chain_divides_five_a_minion_its_life_the_nemesis_the_rest() -> None:
    g = casting_with("Mazra's Chain", minion_life=2)
    cast(g, 0)
    choose(g, ("choose", 0))
    choose(g, ("target", "Bane Sire"))
    aim(g)
    assert hits(g) == [3] and g.state.nemesis.in_play == []


def test_card_mazras_chain_one_then_casts_an_allys_prepped_spell_kept() -> None:
    ally = player("Brama", hand=list(HOLD), breaches=[{"state": "open", "spells": ["Spark"]}, closed(1), closed(0),
                                                       closed(2)])
    g = casting_with("Mazra's Chain", ally)
    cast(g, 0)
    choose(g, ("choose", 1))
    aim(g)
    choose(g, ("spell", 1, 0, 0))
    aim(g)
    assert hits(g) == [1, 1] and g.state.players[1].breaches[0].spells == ["Spark"]


def test_card_mazras_gift_four_and_an_ally_a_charge_or_a_life() -> None:
    g = casting_with("Mazra's Gift", player("Brama", hand=list(HOLD), life=5))
    cast(g, 0)
    choose(g, ("choose", 1))
    aim(g)
    assert hits(g) == [4] and g.state.players[1].life == 6
    g = casting_with("Mazra's Gift")
    cast(g, 0)
    choose(g, ("choose", 0))
    aim(g)
    assert g.state.players[1].charges == 1


def test_card_mazras_inferno_six_or_four_and_destroys_a_card_in_hand() -> None:
    g = casting_with("Mazra's Inferno", hand=["Crystal", "Spark"])
    cast(g, 0)
    choose(g, ("choose", 1))
    choose(g, ("card", "Spark"))
    waits_in_casting(g)
    assert hits(g) == [4] and g.state.players[0].hand == ["Crystal"]
    g = casting_with("Mazra's Inferno", hand=["Crystal", "Spark"])
    cast(g, 0)
    choose(g, ("choose", 0))
    assert hits(g) == [6] and g.state.players[0].hand == ["Crystal", "Spark"]


def test_card_mazras_decimation_five_to_the_nemesis_and_five_to_a_minion() -> None:
    g = casting_with("Mazra's Decimation", minion_life=6)
    cast(g, 0)
    assert hits(g) == [5] and g.state.nemesis.in_play[0].life == 1


def test_card_mazras_revivification_four_an_ally_two_life_and_may_draw() -> None:
    g = casting_with("Mazra's Revivification", player("Brama", hand=[], deck=["Spark"], life=5))
    cast(g, 0)
    aim(g)
    choose(g, ("yes",))
    assert hits(g) == [4] and g.state.players[1].life == 7 and g.state.players[1].hand == ["Spark"]


# ============================================================== Nook


def with_minion(d: dict[str, Any], life: int = 6) -> dict[str, Any]:
    d["nemesis"]["in_play"] = [minion("Bane Sire", life)]
    return d

REG = ni.REGULARITY


def nook(**kw: Any) -> dict[str, Any]:
    kw.setdefault("decks", {REG: ["Crystal", "Crystal", "Spark"]})
    kw.setdefault("breaches", [NONE, closed(1), closed(0), closed(0)])
    return player(NOOK, **kw)


def test_card_eternus_anomaly_first_goes_back_and_gives_a_crystal_the_second_stays() -> None:
    g = at_main(two(nook(hand=["Eternus Anomaly", "Zeronia Anomaly", "Crystal"])))
    choose(g, ("play", "Eternus Anomaly"))
    p = g.state.players[0]
    assert p.aether == 2 and p.played == [] and p.discard == ["Crystal"]
    assert p.decks[REG] == ["Crystal", "Spark", "Eternus Anomaly"]
    choose(g, ("play", "Zeronia Anomaly"))
    if g.decision is not None and g.decision.kind == "player":
        choose(g, ("player", 1))
    p = g.state.players[0]
    assert p.aether == 4 and p.played == ["Zeronia Anomaly"] and g.state.players[1].charges == 1
    assert p.decks[REG] == ["Crystal", "Spark", "Eternus Anomaly"]


def test_card_photonix_anomaly_gives_a_spark() -> None:
    g = at_main(two(nook(hand=["Photonix Anomaly", "Crystal"])))
    choose(g, ("play", "Photonix Anomaly"))
    p = g.state.players[0]
    assert p.aether == 1 and p.discard == ["Spark"] and p.decks[REG] == ["Crystal", "Crystal", "Photonix Anomaly"]


def test_card_mechanek_anomaly_focuses_twice() -> None:
    g = at_main(two(nook(hand=["Mechanek Anomaly", "Crystal"])))
    choose(g, ("play", "Mechanek Anomaly"))
    choose(g, ("breach", 0, 1))
    choose(g, ("breach", 0, 1))
    p = g.state.players[0]
    assert p.breaches[1].stage == 3 and p.discard == ["Crystal"]


def test_card_nihilum_anomaly_silences_a_minion() -> None:
    g = at_main(with_minion(two(nook(hand=["Nihilum Anomaly", "Crystal"]))))
    choose(g, ("play", "Nihilum Anomaly"))
    if g.decision is not None and g.decision.kind == "silence":
        choose(g, ("minion", "Bane Sire"))
    assert g.state.nemesis.in_play[0].silenced and g.state.players[0].aether == 2


def test_card_zeronia_anomaly_with_no_crystal_left_goes_back_and_gains_nothing() -> None:
    g = at_main(two(nook(hand=["Zeronia Anomaly", "Crystal"], decks={REG: ["Spark"]})))
    choose(g, ("play", "Zeronia Anomaly"))
    if g.decision is not None and g.decision.kind == "player":
        choose(g, ("player", 1))
    p = g.state.players[0]
    assert p.discard == [] and p.decks[REG] == ["Spark", "Zeronia Anomaly"]


def test_mage_nook_time_ripple_trades_crystals_for_anomalies() -> None:
    me = nook(hand=["Crystal", "Spark"], discard=["Crystal"], charges=5,
              decks={REG: ["Crystal", "Eternus Anomaly", "Photonix Anomaly"]})
    g = at_main(two(me))
    choose(g, ("ability", 0))
    choose(g, ("card", "hand", "Crystal"))
    choose(g, ("card", "discard", "Crystal"))  # no Crystal left: on to the Anomalies
    choose(g, ("card", "Photonix Anomaly"))
    choose(g, ("done",))
    waits_in_main(g)
    p = g.state.players[0]
    assert p.hand == ["Spark", "Photonix Anomaly"] and p.discard == []
    assert p.decks[REG] == ["Crystal", "Eternus Anomaly", "Crystal", "Crystal"]


# ============================================================== Inco


def inco(**kw: Any) -> dict[str, Any]:
    return player(INCO, **kw)


def harvest_all(g: Game, card: str, zone: str = "hand") -> None:
    choose(g, ("card", zone, card))


def uproot(d: dict[str, Any]) -> Game:
    g = at_main(d)
    choose(g, ("ability", 0))
    choose(g, ("choose", 0))
    return g


def test_mage_inco_uproot_harvests_iris_twice_and_dahlia_twice() -> None:
    g = uproot(two(inco(hand=["Iris", "Crystal"], discard=["Dahlia"], charges=5)))
    choose(g, ("card", "hand", "Iris"))
    choose(g, ("card", "discard", "Dahlia"))
    aim(g)
    aim(g)
    waits_in_main(g)
    p = g.state.players[0]
    assert p.aether == 4 and hits(g) == [2, 2] and p.hand == ["Crystal"] and p.discard == []
    assert [e["card"] for e in g.events if e["event"] == "harvested"] == ["Iris", "Dahlia"]


def test_mage_inco_uproot_or_gravehold_gains_five() -> None:
    d = two(inco(hand=["Iris", "Crystal"], charges=5), gravehold={"life": 20, "max_life": 30})
    g = at_main(d)
    choose(g, ("ability", 0))
    choose(g, ("choose", 1))
    waits_in_main(g)
    assert g.state.gravehold == 25 and g.state.players[0].hand == ["Iris", "Crystal"]


def test_mage_inco_only_flowers_can_be_harvested() -> None:
    g = uproot(two(inco(hand=["Crystal", "Tulip"], discard=["Spark"], charges=5)))
    assert g.legal_actions() == [("card", "hand", "Tulip"), ("done",)]


def test_card_tulip_harvested_gains_a_card_costing_four_or_less() -> None:
    g = uproot(two(inco(hand=["Tulip", "Crystal"], charges=5)))
    choose(g, ("card", "hand", "Tulip"))
    assert ("gain", "Jagged Lightning") in g.legal_actions() and ("gain", "Fiery Torrent") not in g.legal_actions()
    choose(g, ("gain", "Jagged Lightning"))
    choose(g, ("gain", "Mage's Totem"))  # twice: nothing left to Harvest
    assert sorted(g.state.players[0].discard) == ["Jagged Lightning", "Mage's Totem"]


def test_card_rose_casts_one_and_harvested_focuses_a_breach() -> None:
    g = uproot(two(inco(hand=["Rose", "Crystal"], charges=5, breaches=[OPEN, closed(1), closed(1), closed(1)])))
    choose(g, ("card", "hand", "Rose"))
    choose(g, ("breach", 0, 1))
    choose(g, ("breach", 0, 1))
    waits_in_main(g)
    assert g.state.players[0].breaches[1].stage == 3 and g.state.players[0].hand == ["Crystal"]
    g = at_casting(two(inco(breaches=[{"state": "open", "spells": ["Rose"]}, closed(1), closed(1), closed(1)])))
    cast(g, 0)
    aim(g)
    assert hits(g) == [1]


def test_card_violet_harvested_an_ally_may_take_back_a_card() -> None:
    ally = player("Brama", hand=[], discard=["Spark", "Jagged Lightning"])
    g = uproot(two(inco(hand=["Violet", "Crystal"], charges=5), ally))
    choose(g, ("card", "hand", "Violet"))
    choose(g, ("player", 1))
    choose(g, ("card", "Jagged Lightning"))
    choose(g, ("skip",))  # the second time, the ally takes nothing
    waits_in_main(g)
    assert g.state.players[1].hand == ["Jagged Lightning"] and g.state.players[1].discard == ["Spark"]


def test_card_sunflower_may_harvest_a_gem_in_hand_and_harvested_heals_two() -> None:
    g = at_main(two(inco(hand=["Sunflower", "Iris", "Rose", "Crystal"], life=5)))
    choose(g, ("play", "Sunflower"))
    assert g.legal_actions() == [("card", "hand", "Iris"), ("done",)]  # a gem only: not Rose
    choose(g, ("card", "hand", "Iris"))
    waits_in_main(g)
    p = g.state.players[0]
    assert p.aether == 3 and p.hand == ["Rose", "Crystal"]
    g = uproot(two(inco(hand=["Sunflower", "Crystal"], life=5, charges=5)))
    choose(g, ("card", "hand", "Sunflower"))
    waits_in_main(g)
    assert g.state.players[0].life == 9 and g.state.players[0].hand == ["Crystal"]


def test_card_iris_tulip_dahlia_violet_play_for_one_aether() -> None:
    for name in ("Iris", "Tulip", "Dahlia", "Violet"):
        g = at_main(two(inco(hand=[name, "Crystal"])))
        choose(g, ("play", name))
        assert g.state.players[0].aether == 1 and g.state.players[0].played == [name]


# ============================================================== whole games


@pytest.mark.parametrize("mage", [MALASTAR, MAZRA, NOOK, INCO])
def test_mage_whole_seeded_heuristic_game_with_each_mage(mage: str) -> None:
    assert _check_one_game("Rageborne", [mage, "Brama"], "heuristic", 21, mage) == []


def test_mage_ability_step_kinds_read_in_words() -> None:
    """The abilities' own step kinds (invent, research_upgrade, return_all_mazra,
    crystals_to_regularity, anomalies_to_hand, harvest) render as the abilities read."""
    assert ability_text(registry.mage(MALASTAR)).endswith(
        "Take the top or the bottom card of your Inventions deck and put it into the hand of an ally of your choice.")
    research = ability_text(registry.mage(MAZRA))
    assert "gain a card of your Upgrade deck costing at most 3 Æ more than it" in research
    assert research.endswith("Move each \"Mazra\" card in your discard pile into your hand.")
    assert ability_text(registry.mage(NOOK)).endswith(
        "Put up to 3 Crystals from your hand or discard pile into your Regularity deck. Put up to 3 Anomaly cards "
        "from your Regularity deck into your hand.")
    assert "Harvest up to 2 cards in your hand or your discard pile: destroy each, then resolve its Harvest effect " \
           "twice" in ability_text(registry.mage(INCO))


def test_mage_inco_uproot_with_no_flower_to_harvest_heals_gravehold_without_asking() -> None:
    d = two(inco(hand=["Crystal", "Spark"], discard=["Spark"], charges=5), gravehold={"life": 20, "max_life": 30})
    g = at_main(d)
    choose(g, ("ability", 0))
    waits_in_main(g)
    assert g.state.gravehold == 25 and g.state.players[0].hand == ["Crystal", "Spark"]
