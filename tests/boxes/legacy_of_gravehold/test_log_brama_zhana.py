"""The final Legacy nemeses, Brama and Z'hana as nemeses: their shared mat (the Mage
Attack Unleash and its deck), the 13 Final Battle cards, the 21 Mage Attack cards and each
one's four Commander cards, from exact states.

Each test builds a small exact state (Brama and Mist, against one of the two), runs an
Unleash, a nemesis turn or effect steps, and compares a snapshot of every zone the nemesis can
touch (its tokens and special decks included) with the starting one plus only the expected
changes.
"""

from __future__ import annotations

from typing import Any

import pytest

from gravehold import Game
from gravehold.agents import make_agent
from gravehold.boxes.legacy_of_gravehold import nemeses
from gravehold.boxes.legacy_of_gravehold.nemeses import bought_tokens
from gravehold.boxes.legacy_of_gravehold.nemeses import final_battle as fb
from gravehold.content import registry
from gravehold.content.text import nemesis_card_text, nemesis_text, panels
from gravehold.engine.view import view_for

import support
from support import choose, events, minion, power, run_steps, turn

BRAMA = "Brama (Legacy of Gravehold)"
ZHANA = "Z'hana (Legacy of Gravehold)"
FILLER = "Needlemaw"  # drawn by the nemesis after a test's own card: a minion that only enters play
TAQREN = "Taqren (Mage Attack)"  # the Mage Attack card under a test's own: Gravehold suffers 3
MA, MAD = fb.MA_DECK, fb.MA_DISCARD


def make(*top: str, nemesis: str = BRAMA, in_play: tuple[dict[str, Any], ...] = (),
         attacks: tuple[str, ...] = (TAQREN,), discarded: tuple[str, ...] = (),
         tokens: dict[str, int] | None = None, p0: dict[str, Any] | None = None,
         p1: dict[str, Any] | None = None, expert: bool = False) -> dict[str, Any]:
    """Brama and Mist against ``nemesis``: ``top`` on its deck, then the filler; ``attacks``
    the Mage Attack deck, ``discarded`` its discard pile."""
    return support.facing(nemesis, 70, top, FILLER, in_play=in_play, p0=p0, p1=p1, expert=expert,
                          tokens=tokens, decks={MA: list(attacks), MAD: list(discarded)}, deck=("Spark",))


SNAPSHOT = support.Snapshot(*support.SNAP_BASE, "tokens", "decks", "to_deck", "to_discard", "supply")
snap, expect, now = SNAPSHOT.snap, SNAPSHOT.expect, SNAPSHOT.now


def decks(attacks: list[str], discarded: list[str]) -> dict[str, list[str]]:
    return {MA: attacks, MAD: discarded}


def after_turn(d: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """``expect`` after a nemesis turn that drew the filler and then P1's turn order card."""
    to = d["turn_order"]
    changes.setdefault("to_deck", to["deck"][1:])
    changes.setdefault("to_discard", [*to["discard"], "P1"])
    changes.setdefault("n_deck", d["nemesis"]["deck"][1:])
    changes.setdefault("in_play", [*(c for c in snap(d)["in_play"] if c[1]), (FILLER, 11, 0)])
    return expect(d, **changes)


def attack(card: str, *picks: tuple[Any, ...], **kw: Any) -> tuple[dict[str, Any], Game]:
    """An Unleash drawing the Mage Attack card ``card`` (the deck holds only it)."""
    d = make(attacks=(card,), **kw)
    g = run_steps(d, [("unleash", 1)])
    for a in picks:
        choose(g, a)
    return d, g


def done(card: str) -> dict[str, list[str]]:
    return decks([], [card])


def prepped(*spells: str) -> list[dict[str, Any]]:
    return [{"state": "open", "spells": list(spells)}, support.closed(1), support.closed(0), support.closed(2)]


# =========================================================================== the mats


@pytest.mark.parametrize("name", [BRAMA, ZHANA])
def test_S_6_final_nemesis_setup_deck_of_final_battle_and_commander_cards_with_basics(name: str) -> None:
    g = Game.new(mages=["Brama", "Mist"], nemesis=name, seed=4)
    n = g.state.nemesis
    assert (n.life, n.max_life) == (70, 70) and registry.NEMESES[name].difficulty == 7
    assert registry.NEMESES[name].deck_shape == (11, 2, 4) == fb.READINGS["deck_shape"]
    assert sorted(n.decks[MA]) == sorted(c.name for c in fb.MAGE_ATTACK_CARDS) and len(n.decks[MA]) == 21
    assert n.decks[MA] != sorted(n.decks[MA])  # shuffled
    own = set(registry.NEMESES[name].cards)
    assert own <= set(n.deck) and len(n.deck) == 17 + 3 + 5 + 7  # S-6: 2 players' basics added
    tiers = [registry.NEMESIS_CARDS[c].tier for c in n.deck]
    assert tiers == sorted(tiers)  # tier 1 on top, tier 3 at the bottom
    assert registry.NEMESES[name].deck_faces == {MAD: "up"} and registry.NEMESES[name].deck_holds == {MAD: MA}


def test_S_6_each_final_nemesis_holds_its_partners_four_commander_cards() -> None:
    brama = set(registry.NEMESES[BRAMA].cards) - {c.name for c in fb.FINAL_BATTLE_CARDS}
    zhana = set(registry.NEMESES[ZHANA].cards) - {c.name for c in fb.FINAL_BATTLE_CARDS}
    shown = registry.NEMESIS_CARDS  # catalogued "<name> (Commander)": Brink Siphon is Brama's ability too
    assert {shown[c].shown for c in brama} == {"Eternal Ember", "Sanctum Glyph", "Inscribe", "Glyph Carver"}
    assert {shown[c].shown for c in zhana} == {"Brink Siphon", "Glowing Flare", "Word of the Ancients", "Buried Light"}
    assert all(c.endswith(" (Commander)") for c in brama | zhana)
    assert "Remnant (Final Battle)" not in registry.NEMESIS_CARDS  # the reading "remnant"


def test_shared_module_is_no_nemesis_but_its_cards_are_catalogued_once() -> None:
    assert fb in nemeses.ALL_MODULES and fb not in nemeses.MODULES and not hasattr(fb, "NEMESIS")
    assert bought_tokens in nemeses.ALL_MODULES and bought_tokens not in nemeses.MODULES
    assert {n.id for n in nemeses.NEMESES} >= {BRAMA, ZHANA} and len(nemeses.NEMESES) == 13
    names = [c.name for c in nemeses.NEMESIS_CARDS]
    assert len(names) == len(set(names)) and len(fb.CARDS) == 34
    assert all(registry.NEMESIS_CARDS[c.name].nemesis == fb.LABEL for c in fb.CARDS)


def test_N_4_final_nemesis_unleash_resolves_the_top_mage_attack_and_discards_it() -> None:
    d = make(attacks=(TAQREN, "Arachnos (Mage Attack)"))
    g = run_steps(d, [("unleash", 1)])
    assert now(g) == expect(d, gravehold=27, decks=decks(["Arachnos (Mage Attack)"], [TAQREN]))
    assert [e["card"] for e in events(g, "mage_attack_drawn")] == [TAQREN]


def test_N_4_final_nemesis_an_empty_mage_attack_deck_is_made_again_from_its_discard_pile() -> None:
    d = make(attacks=(), discarded=(TAQREN,))
    g = run_steps(d, [("unleash", 1)])
    assert now(g) == expect(d, gravehold=27, decks=decks([], [TAQREN]))
    assert events(g, "mage_attack_reshuffled")
    g = run_steps(make(attacks=(), discarded=()), [("unleash", 1)])  # nothing at all: nothing happens
    assert not g.over and g.state.gravehold == 30


@pytest.mark.parametrize("name", [BRAMA, ZHANA])
def test_S_9_final_nemesis_increased_difficulty_none_an_expert_unleash_is_the_same(name: str) -> None:
    d = make(nemesis=name, expert=True)
    g = run_steps(d, [("unleash", 1)])
    assert now(g) == expect(d, gravehold=27, decks=decks([], [TAQREN]))
    assert registry.NEMESES[name].increased_difficulty == {}


# =========================================================================== Final Battle cards


def test_card_oblivion_swell_unleash_then_any_player_suffers_three() -> None:
    d = make("Oblivion Swell (Final Battle)")
    g = turn(d, ("player", 1))
    assert now(g) == after_turn(d, n_discard=["Oblivion Swell (Final Battle)"], gravehold=27, life=[10, 7],
                                in_play=[], decks=done(TAQREN))


def test_card_fiery_torrent_unleash_any_player_suffers_two_and_map_fire() -> None:
    d = make("Fiery Torrent (Final Battle)")
    g = turn(d, ("player", 0))
    assert now(g) == after_turn(d, n_discard=["Fiery Torrent (Final Battle)"], gravehold=27, life=[8, 10],
                                in_play=[], decks=done(TAQREN), tokens={fb.MAP_FIRE: 1})


def test_card_monstrous_inferno_adds_two_map_fire_up_to_three_else_unleashes() -> None:
    d = make("Monstrous Inferno", tokens={fb.MAP_FIRE: 3})
    g = turn(d)
    assert now(g) == after_turn(d, n_discard=["Monstrous Inferno"], gravehold=27,
                                in_play=[], decks=done(TAQREN), tokens={fb.MAP_FIRE: 5})
    d = make("Monstrous Inferno", tokens={fb.MAP_FIRE: 4}, attacks=(TAQREN, TAQREN))
    g = turn(d)
    assert now(g) == after_turn(d, n_discard=["Monstrous Inferno"], gravehold=24,
                                in_play=[], decks=decks([], [TAQREN, TAQREN]))


def test_card_thermal_dart_unleash_lowest_life_and_gravehold_two_each() -> None:
    d = make("Thermal Dart", p1={"life": 6})
    g = turn(d)
    assert now(g) == after_turn(d, n_discard=["Thermal Dart"], gravehold=25, life=[10, 4],
                                in_play=[], decks=done(TAQREN))


def test_card_consuming_void_unleashes_three_times() -> None:
    d = make("Consuming Void (Final Battle)", attacks=(TAQREN,) * 3)
    g = turn(d)
    assert now(g) == after_turn(d, n_discard=["Consuming Void (Final Battle)"], gravehold=21,
                                in_play=[], decks=decks([], [TAQREN] * 3))


@pytest.mark.parametrize("card", ["A Portal Opens", "Reinforcements", "More Reinforcements", "Backup Arrives"])
def test_card_story_cards_do_nothing_in_a_single_game(card: str) -> None:
    d = make(card)
    g = turn(d)
    assert now(g) == after_turn(d, n_discard=[card], in_play=[])
    assert "story book" in nemesis_card_text(registry.NEMESIS_CARDS[card])


@pytest.mark.parametrize("card", ["Combustion", "Jagged Lightning (Final Battle)"])
def test_card_combustion_and_jagged_lightning_power_unleash_twice(card: str) -> None:
    d = make(in_play=(power(card, 1),), attacks=(TAQREN, TAQREN))
    g = turn(d)
    assert now(g) == after_turn(d, n_discard=[card], gravehold=24, decks=decks([], [TAQREN, TAQREN]))


def test_card_fulminate_power_unleash_twice_and_gravehold_two() -> None:
    d = make(in_play=(power("Fulminate", 1),), attacks=(TAQREN, TAQREN))
    g = turn(d)
    assert now(g) == after_turn(d, n_discard=["Fulminate"], gravehold=22, decks=decks([], [TAQREN, TAQREN]))


def test_card_wildfire_whip_power_unleash_twice_and_map_fire() -> None:
    d = make(in_play=(power("Wildfire Whip (Final Battle)", 1),), attacks=(TAQREN, TAQREN))
    g = turn(d)
    assert now(g) == after_turn(d, n_discard=["Wildfire Whip (Final Battle)"], gravehold=24,
                                decks=decks([], [TAQREN, TAQREN]), tokens={fb.MAP_FIRE: 1})


def test_P_14_combustion_to_discard_spend_six() -> None:
    support.check_pay(make, SNAPSHOT, "Combustion", {"aether": 6}, {"aether": 5}, aether=[0, 0])


def test_P_14_wildfire_whip_to_discard_spend_seven() -> None:
    support.check_pay(make, SNAPSHOT, "Wildfire Whip (Final Battle)", {"aether": 7}, {"aether": 6}, aether=[0, 0])


def test_P_14_fulminate_to_discard_three_cards() -> None:
    assert registry.NEMESIS_CARDS["Fulminate"].to_discard == (("pick", "you", "hand", "any", 3, "discard", "must",
                                                                ()),)
    assert registry.NEMESIS_CARDS["Jagged Lightning (Final Battle)"].to_discard == ()


# =========================================================================== Mage Attack cards


def test_card_arachnos_players_lose_three_charges_between_them() -> None:
    d, g = attack("Arachnos (Mage Attack)", ("player", 0),
                  p0={"charges": 1}, p1={"charges": 3})
    assert now(g) == expect(d, charges=[0, 1], decks=done("Arachnos (Mage Attack)"))


def test_card_claudia_players_discard_three_gems_between_them() -> None:
    d, g = attack("Claudia (Mage Attack)", ("player", 0),
                  p0={"hand": ["Crystal", "Spark"]}, p1={"hand": ["Crystal", "Crystal"]})
    assert now(g) == expect(d, hand=[["Spark"], []], discard=[["Crystal"], ["Crystal", "Crystal"]],
                            decks=done("Claudia (Mage Attack)"))


def test_card_dezmodia_most_opened_breaches_suffers_three() -> None:
    d, g = attack("Dezmodia (Mage Attack)", p1={"breaches": [{"state": "open"}, {"state": "open"},
                                                              support.closed(0), support.closed(2)]})
    assert now(g) == expect(d, life=[10, 7], decks=done("Dezmodia (Mage Attack)"))


def test_card_gygar_any_player_loses_a_charge_and_suffers_two() -> None:
    d, g = attack("Gygar (Mage Attack)", ("player", 1), p1={"charges": 2})
    assert now(g) == expect(d, life=[10, 8], charges=[0, 1], decks=done("Gygar (Mage Attack)"))


def test_card_ilya_most_prepped_discards_two_prepped_spells() -> None:
    d, g = attack("Ilya (Mage Attack)", ("spell", 1, 0, 0), p1={"breaches": [{"state": "open", "spells": ["Spark"]},
                                                          {"state": "open", "spells": ["Spark"]},
                                                          support.closed(0), support.closed(2)]})
    assert now(g) == expect(d, discard=[[], ["Spark", "Spark"]], spells=[[[]] * 4, [[]] * 4],
                            decks=done("Ilya (Mage Attack)"))


def test_card_inco_a_chosen_player_destroys_from_hand_and_gravehold_takes_five() -> None:
    d, g = attack("Inco (Mage Attack)", ("player", 1))
    assert now(g) == expect(d, hand=[["Crystal"], []], destroyed=["Crystal"], gravehold=25,
                            decks=done("Inco (Mage Attack)"))


def test_card_indira_costliest_spell_in_hand_discarded_and_two_damage() -> None:
    d, g = attack("Indira (Mage Attack)", p0={"hand": ["Spark", "Crystal"]},
                  p1={"hand": ["Jagged Lightning", "Spark"]})
    assert now(g) == expect(d, hand=[["Spark", "Crystal"], ["Spark"]], discard=[[], ["Jagged Lightning"]],
                            life=[10, 8], decks=done("Indira (Mage Attack)"))


def test_card_kadir_any_player_discards_two_then_gravehold_per_spell_left() -> None:
    d, g = attack("Kadir (Mage Attack)", ("card", "Crystal"), ("card", "Crystal"),  # N-6: only Mist holds two
                  p1={"hand": ["Crystal", "Crystal", "Spark", "Spark"]})
    assert now(g) == expect(d, hand=[["Crystal"], ["Spark", "Spark"]], discard=[[], ["Crystal", "Crystal"]],
                            gravehold=28, decks=done("Kadir (Mage Attack)"))


def test_card_kel_most_cards_in_discard_suffers_one_discards_two() -> None:
    d, g = attack("Kel (Mage Attack)", ("card", "Crystal"),
                  p0={"hand": ["Crystal", "Spark", "Spark"], "discard": ["Spark"]})
    assert now(g) == expect(d, hand=[["Spark"], ["Crystal"]], discard=[["Spark", "Crystal", "Spark"], []],
                            life=[9, 10], decks=done("Kel (Mage Attack)"))


def test_card_lost_most_spells_in_discard_suffers_one_per_spell() -> None:
    d, g = attack("Lost (Mage Attack)", p1={"discard": ["Spark", "Spark", "Spark", "Crystal"]})
    assert now(g) == expect(d, life=[10, 7], decks=done("Lost (Mage Attack)"))


def test_card_malastar_costliest_card_in_hand_discarded_and_one_damage() -> None:
    d, g = attack("Malastar (Mage Attack)", p1={"hand": ["Frozen Magmite", "Crystal"]})
    assert now(g) == expect(d, hand=[["Crystal"], ["Crystal"]], discard=[[], ["Frozen Magmite"]], life=[10, 9],
                            decks=done("Malastar (Mage Attack)"))


def test_card_mazra_players_discard_two_spells_of_three_or_more() -> None:
    d, g = attack("Mazra (Mage Attack)", ("player", 0), p0={"hand": ["Spark", "Jagged Lightning"]},
                  p1={"hand": ["Fiery Torrent", "Frozen Magmite"]})
    assert now(g) == expect(d, hand=[["Spark"], ["Frozen Magmite"]],
                            discard=[["Jagged Lightning"], ["Fiery Torrent"]], decks=done("Mazra (Mage Attack)"))


def test_card_nook_prepped_spell_back_to_supply_and_a_cheaper_spell_into_hand() -> None:
    d, g = attack("Nook (Mage Attack)", ("player", 1),  # the only spell under 5 Æ: Jagged Lightning
                  p1={"breaches": prepped("Fiery Torrent")})
    supply = snap(d)["supply"]
    supply[5], supply[6] = supply[5] - 1, supply[6] + 1
    assert now(g) == expect(d, hand=[["Crystal"], ["Crystal", "Jagged Lightning"]], spells=[[[]] * 4, [[]] * 4],
                            supply=supply, decks=done("Nook (Mage Attack)"))


def test_card_nook_without_a_cheaper_spell_in_the_supply_nook_gain_gains_nothing() -> None:
    d, g = attack("Nook (Mage Attack)", ("player", 1), p1={"breaches": prepped("Jagged Lightning")})
    supply = snap(d)["supply"]
    supply[5] += 1  # back on its pile; no spell of 3 Æ or less to gain
    assert now(g) == expect(d, spells=[[[]] * 4, [[]] * 4], supply=supply, decks=done("Nook (Mage Attack)"))
    assert nemesis_card_text(registry.NEMESIS_CARDS["Nook (Mage Attack)"]).count("spell") == 2
    g = run_steps(d, [("nook_gain", -1)])  # a returned spell of 0 Æ: nothing costs less
    assert now(g) == expect(d)


def test_card_qu_discard_a_card_of_four_or_any_player_suffers_two() -> None:
    d, g = attack("Qu (Mage Attack)", ("player", 0))  # nobody holds a card of 4: the damage
    assert now(g) == expect(d, life=[8, 10], decks=done("Qu (Mage Attack)"))
    d, g = attack("Qu (Mage Attack)", ("choose", 0), p1={"hand": ["Jagged Lightning", "Crystal"]})
    assert now(g) == expect(d, hand=[["Crystal"], ["Crystal"]], discard=[[], ["Jagged Lightning"]],
                            decks=done("Qu (Mage Attack)"))


def test_card_razra_players_discard_two_cards_of_three_or_more() -> None:
    d, g = attack("Razra (Mage Attack)", ("player", 0), p0={"hand": ["Frozen Magmite", "Spark"]},
                  p1={"hand": ["Jagged Lightning"]})
    assert now(g) == expect(d, hand=[["Spark"], []], discard=[["Frozen Magmite"], ["Jagged Lightning"]],
                            decks=done("Razra (Mage Attack)"))


def test_card_soskel_any_player_loses_two_charges_gravehold_two() -> None:
    d, g = attack("Soskel (Mage Attack)", ("player", 0), p0={"charges": 3})
    assert now(g) == expect(d, charges=[1, 0], gravehold=28, decks=done("Soskel (Mage Attack)"))


def test_card_talix_players_discard_three_prepped_spells_between_them() -> None:
    d, g = attack("Talix (Mage Attack)", ("spell", 0, 0, 0), p0={"breaches": prepped("Spark")},
                  p1={"breaches": prepped("Spark")})
    assert now(g) == expect(d, discard=[["Spark"], ["Spark"]], spells=[[[]] * 4, [[]] * 4],
                            decks=done("Talix (Mage Attack)"))


def test_card_taqren_gravehold_suffers_three() -> None:
    d, g = attack(TAQREN)
    assert now(g) == expect(d, gravehold=27, decks=done(TAQREN))


def test_card_thraxir_any_player_returns_a_card_of_four_or_less_to_the_supply() -> None:
    d, g = attack("Thraxir (Mage Attack)", ("player", 1),
                  p1={"discard": ["Jagged Lightning"]})
    supply = snap(d)["supply"]
    supply[5] += 1
    assert now(g) == expect(d, discard=[[], []], supply=supply, decks=done("Thraxir (Mage Attack)"))


def test_card_xaxos_gravehold_three_then_charges_heal_it() -> None:
    d, g = attack("Xaxos (Mage Attack)", ("player", 1), ("player", 1), ("done",), p1={"charges": 3})
    assert now(g) == expect(d, gravehold=29, charges=[0, 1], decks=done("Xaxos (Mage Attack)"))


def test_card_yan_magda_an_opened_second_breach_goes_back_to_its_start() -> None:
    two = [{"state": "open"}, {"state": "open", "spells": ["Spark"]}, support.closed(0), support.closed(2)]
    d, g = attack("Yan Magda (Mage Attack)", p0={"breaches": two})
    shut = ["open", "closed", "closed", "closed"]
    assert now(g) == expect(d, breaches=[shut, shut], discard=[["Spark"], []], spells=[[[]] * 4, [[]] * 4],
                            decks=done("Yan Magda (Mage Attack)"))
    assert g.state.players[0].breaches[1].stage == 1  # Brama's mat starts it one quarter turned


# =========================================================================== Commander cards


def test_card_eternal_ember_gravehold_gains_five() -> None:
    d = make("Eternal Ember (Commander)")
    d["gravehold"]["life"] = 20
    g = turn(d)
    assert now(g) == after_turn(d, n_discard=["Eternal Ember (Commander)"], gravehold=25, in_play=[])


@pytest.mark.parametrize("card", ["Sanctum Glyph (Commander)", "Glowing Flare (Commander)"])
def test_card_sanctum_glyph_and_glowing_flare_six_damage_to_a_minion(card: str) -> None:
    d = make(card, nemesis=BRAMA if card == "Sanctum Glyph (Commander)" else ZHANA, in_play=(minion("Needlemaw", 11),))
    g = turn(d)  # one minion: no choice
    assert now(g) == after_turn(d, n_discard=[card], in_play=[(FILLER, 5, 0)], gravehold=28)
    d = make(card, nemesis=BRAMA if card == "Sanctum Glyph (Commander)" else ZHANA,
             in_play=(minion("Needlemaw", 11), minion("Needlemaw (NA)", 11)))
    g = turn(d, ("target", "Needlemaw (NA)"))
    assert now(g) == after_turn(d, n_discard=[card], in_play=[(FILLER, 11, 0), ("Needlemaw (NA)", 5, 0)],
                                gravehold=26)
    d = make(card, nemesis=BRAMA if card == "Sanctum Glyph (Commander)" else ZHANA)
    assert now(turn(d)) == after_turn(d, n_discard=[card], in_play=[])  # no minion: nothing to hit


def test_card_inscribe_players_gain_two_charges_between_them() -> None:
    d = make("Inscribe (Commander)")
    g = turn(d, ("player", 0), ("player", 1))
    assert now(g) == after_turn(d, n_discard=["Inscribe (Commander)"], charges=[1, 1], in_play=[])


def test_card_glyph_carver_each_player_focuses_their_cheapest_closed_breach() -> None:
    d = make("Glyph Carver (Commander)")
    g = turn(d)
    assert [b.stage for b in g.state.players[0].breaches] == [0, 2, 0, 2]
    assert [b.stage for b in g.state.players[1].breaches] == [0, 2, 0, 2]
    assert g.state.nemesis.discard == ["Glyph Carver (Commander)"]


def test_card_brink_siphon_players_gain_five_life_between_them() -> None:
    d = make("Brink Siphon (Commander)", nemesis=ZHANA, p0={"life": 6}, p1={"life": 8})
    g = turn(d, ("player", 0), ("player", 0), ("player", 0), ("player", 1), ("player", 1))
    assert now(g) == after_turn(d, n_discard=["Brink Siphon (Commander)"], life=[9, 10], in_play=[])


def test_card_word_of_the_ancients_each_player_draws_one() -> None:
    d = make("Word of the Ancients (Commander)", nemesis=ZHANA)
    g = turn(d)
    assert now(g) == after_turn(d, n_discard=["Word of the Ancients (Commander)"], hand=[["Crystal", "Spark"]] * 2,
                                deck=[[], []], in_play=[])


def test_card_buried_light_each_player_gains_an_aether_token() -> None:
    d = make("Buried Light (Commander)", nemesis=ZHANA)
    g = turn(d)
    assert [p.aether_tokens for p in g.state.players] == [1, 1]
    assert g.state.nemesis.discard == ["Buried Light (Commander)"]


# =========================================================================== texts, boards and bots


def test_K_13_final_nemesis_texts_log_lines_and_board() -> None:
    from gravehold.events_text import event_text

    mat = nemesis_text(registry.NEMESES[BRAMA])
    assert "Mage Attack" in mat and "project's reading" in mat
    assert registry.NEMESIS_CARDS[TAQREN].shown == "Taqren"
    d = make(attacks=(TAQREN,), tokens={fb.MAP_FIRE: 2})
    g = run_steps(d, [("unleash", 1)])
    assert event_text(events(g, "mage_attack_drawn")[0]) == \
        "the nemesis draws the Mage Attack card Taqren (Unleash)"
    assert next(p for p in panels(view_for(g.state, 0)) if p[0] == "Mage Attacks")[1] == \
        "deck 0; discard 1; map fire 2"
    assert set(fb.READINGS) >= {"deck_shape", "remnant", "story_cards", "map_fire", "commander_type"}


@pytest.mark.parametrize("name", [BRAMA, ZHANA])
def test_nemesis_final_nemeses_random_and_heuristic_bots_play_seeded_games_to_the_end(name: str) -> None:
    for seed, kind in ((0, "heuristic"), (1, "random")):
        g = Game.new(mages=["Brama", "Mist"], nemesis=name, seed=seed)
        agents = [make_agent(kind, seed * 7 + i) for i in range(4)]
        n = 0
        while not g.over and n < 20000:
            dec = g.decision
            assert dec is not None
            seat = dec.seat
            g.apply(agents[seat].choose(dec, lambda seat=seat, g=g: g.view_for(seat)))  # type: ignore[misc]
            n += 1
        assert g.over
