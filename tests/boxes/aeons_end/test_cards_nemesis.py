"""Every nemesis-side card encoded for Aeon's End, one behaviour at a time.

Covered: Rageborne's nine nemesis-deck cards, its six strike cards, its mat (Unleash, the
end-of-turn Strike at 4+ fury, the Strike procedure and its expert reading), and the 22
basic nemesis cards of the first box.

Each test builds a small exact state, runs the nemesis turn (``at_nemesis_turn``) or a
player's main phase (``at_main``, for TO DISCARD costs), and compares a snapshot of every
zone a nemesis card can touch with the starting snapshot plus only the expected changes.
After a nemesis turn the turn order deck starts with P1, so the game stops at P1's main
phase; P1 holds a Crystal (or full charges) so that phase is a real decision.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

from gravehold import Game
from gravehold.content import registry
from gravehold.content.text import nemesis_card_text, nemesis_text
from gravehold.engine.setup import Config, new_state

import support
from support import (
    OPEN,
    SNAP_BASE,
    Snapshot,
    at_main,
    at_nemesis_turn,
    at_p1_main,
    base_state,
    choose,
    closed,
    minion,
    player,
    power,
    run_steps,
    snake,
)

FILLER = "Needlemaw"  # drawn by the nemesis after a minion/power test: a minion that only enters play
STRIKES = ["Devastate", "Convoke", "Eviscerate", "Frenzy", "Raze", "Seize"]


# --------------------------------------------------------------------------- helpers


def make(*top: str, in_play: tuple[dict[str, Any], ...] = (), fury: int = 1,
         p0: dict[str, Any] | None = None, p1: dict[str, Any] | None = None,
         strike: list[str] | None = None, expert: bool = False, filler: str = FILLER,
         discard: tuple[str, ...] = (), turn_order: dict[str, list[str]] | None = None) -> dict[str, Any]:
    """Two players (Brama, Mist, a Crystal each); ``top`` cards on the nemesis deck, then a filler."""
    a = player("Brama", **{"hand": ["Crystal"], **(p0 or {})})
    b = player("Mist", **{"hand": ["Crystal"], **(p1 or {})})
    d = base_state([a, b])
    n = d["nemesis"]
    n["deck"] = [*top, filler]
    n["discard"] = list(discard)
    n["in_play"] = [dict(c) for c in in_play]
    n["tokens"] = {"fury": fury}
    n["decks"]["strike"] = list(strike if strike is not None else STRIKES)
    d["config"]["expert"] = expert
    if turn_order is not None:
        d["turn_order"] = turn_order
    return d


#: Rageborne's cards change fury and the strike deck besides the common fields
SNAPSHOT = Snapshot(*SNAP_BASE, "fury", "strike")
snap, expect, now = SNAPSHOT.snap, SNAPSHOT.expect, SNAPSHOT.now


def strikes(g: Game) -> list[str]:
    return [e["card"] for e in g.events if e["event"] == "strike"]


nemesis_turn_then_p1 = support.nemesis_turn_then_p1


check_pay = partial(support.check_pay, make, SNAPSHOT)


# =========================================================================== Rageborne: mat


def test_nemesis_card_rageborne_S_7_setup_one_fury_and_six_card_strike_deck() -> None:
    n = new_state(Config(mages=["Brama", "Mist"], nemesis="Rageborne", seed=3)).nemesis
    assert n.life == 70 and n.max_life == 70
    assert n.tokens == {"fury": 1}
    assert sorted(n.decks["strike"]) == sorted(STRIKES)
    assert not set(n.decks["strike"]) & set(n.deck)


def test_nemesis_card_rageborne_N_4_unleash_gains_one_fury_token() -> None:
    d = make(fury=2)
    g = run_steps(d, [("unleash", 1)])
    assert now(g) == expect(d, fury=3)
    g = run_steps(d, [("unleash", 3)])
    assert now(g) == expect(d, fury=5)


def test_nemesis_card_rageborne_strike_resolves_top_card_shuffles_it_back_then_loses_three() -> None:
    d = make("Cleave", fury=5, strike=["Devastate", "Convoke", "Eviscerate", "Frenzy", "Raze", "Seize"])
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert strikes(g) == ["Devastate"]
    assert now(g) == expect(d, gravehold=25, fury=2, n_deck=[FILLER], n_discard=["Cleave"])
    # order: the strike card resolves, then (after it is shuffled back) fury is lost
    seq = [e["event"] for e in g.events if e["event"] in ("strike", "gravehold_damage", "token")]
    assert seq == ["strike", "gravehold_damage", "token"]
    assert [e["total"] for e in g.events if e["event"] == "token"] == [2]
    assert len(g.state.nemesis.decks["strike"]) == 6


def test_nemesis_card_rageborne_strike_never_takes_fury_below_zero() -> None:
    d = make("Cleave", fury=1)
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, gravehold=25, fury=0, n_deck=[FILLER], n_discard=["Cleave"])


def test_nemesis_card_rageborne_S_9_expert_strike_loses_one_fury_instead_of_three() -> None:
    normal = make("Cleave", fury=3)
    expert = make("Cleave", fury=3, expert=True)
    g_n, g_e = at_nemesis_turn(normal), at_nemesis_turn(expert)
    at_p1_main(g_n)
    at_p1_main(g_e)
    assert now(g_n) == expect(normal, gravehold=25, fury=0, n_deck=[FILLER], n_discard=["Cleave"])
    assert now(g_e) == expect(expert, gravehold=25, fury=2, n_deck=[FILLER], n_discard=["Cleave"])
    # expert and extinction set the flag the Strike reads
    for diff, flag in (("normal", False), ("expert", True), ("extinction", True)):
        assert new_state(Config(mages=["Brama", "Mist"], difficulty=diff)).config["expert"] is flag


def test_nemesis_card_rageborne_N_7_end_of_turn_strikes_at_four_fury() -> None:
    d = make("Slaughter", fury=3)  # Unleash brings fury to 4
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert strikes(g) == ["Devastate"]
    assert now(g) == expect(d, gravehold=30 - 3 - 5, fury=1, n_deck=[FILLER], n_discard=["Slaughter"])


def test_nemesis_card_rageborne_N_7_no_end_of_turn_strike_below_four_fury() -> None:
    d = make("Slaughter", fury=2)
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert strikes(g) == []
    assert now(g) == expect(d, gravehold=27, fury=3, n_deck=[FILLER], n_discard=["Slaughter"])


def test_nemesis_card_rageborne_N_7_end_of_turn_strikes_only_once_even_on_expert() -> None:
    d = make("Slaughter", fury=5, expert=True)  # 6 fury; one Strike leaves 5, still no second Strike
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert strikes(g) == ["Devastate"]
    assert now(g) == expect(d, gravehold=22, fury=5, n_deck=[FILLER], n_discard=["Slaughter"])


# =========================================================================== Rageborne: deck


def test_nemesis_card_cleave_strikes_once() -> None:
    d = make("Cleave", fury=2, strike=["Raze", "Devastate", "Convoke", "Eviscerate", "Frenzy", "Seize"])
    g = at_nemesis_turn(d)
    assert g.decision.kind == "player"  # Raze: which player suffers 1
    choose(g, ("player", 1))
    at_p1_main(g)
    assert strikes(g) == ["Raze"]
    assert now(g) == expect(d, gravehold=27, life=[10, 9], fury=0, n_deck=[FILLER], n_discard=["Cleave"])


def test_nemesis_card_provoker_N_1_gravehold_suffers_one_per_fury() -> None:
    d = make(in_play=(minion("Provoker"),), fury=3)
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, gravehold=27, n_deck=[], in_play=[("Provoker", 5, 0), (FILLER, 11, 0)])


def test_nemesis_card_provoker_no_fury_no_damage() -> None:
    d = make(in_play=(minion("Provoker", 2),), fury=0)
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, n_deck=[], in_play=[("Provoker", 2, 0), (FILLER, 11, 0)])


def test_nemesis_card_unrelenting_ire_one_unleash_with_one_nemesis_turn_discarded() -> None:
    d = make("Unrelenting Ire", fury=0,
             turn_order={"deck": ["P1", "P2", "P1", "P2", "N"], "discard": ["N"]})
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, fury=1, n_deck=[FILLER], n_discard=["Unrelenting Ire"])


def test_nemesis_card_unrelenting_ire_three_unleashes_with_both_nemesis_turns_discarded() -> None:
    d = make("Unrelenting Ire", fury=0,
             turn_order={"deck": ["P1", "P2", "P1", "P2"], "discard": ["N", "N"]})
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, fury=3, n_deck=[FILLER], n_discard=["Unrelenting Ire"])


def test_nemesis_card_blood_cry_N_1_power_ticks_down_without_resolving() -> None:
    d = make(in_play=(power("Blood Cry", 2),), fury=0)
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, n_deck=[], in_play=[("Blood Cry", 0, 1), (FILLER, 11, 0)])


def test_nemesis_card_blood_cry_power_unleashes_four_times() -> None:
    d = make(in_play=(power("Blood Cry"),), fury=0)  # 4 fury -> end-of-turn Strike (Devastate)
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert strikes(g) == ["Devastate"]
    assert now(g) == expect(d, gravehold=25, fury=1, n_deck=[], n_discard=["Blood Cry"],
                            in_play=[(FILLER, 11, 0)])


def test_nemesis_card_blood_cry_P_14_pay_by_losing_four_charges() -> None:
    check_pay("Blood Cry", ok={"charges": 5}, short={"charges": 3}, charges=[1, 0])


def test_nemesis_card_invoke_carnage_power_unleash_then_one_damage_plus_fury() -> None:
    d = make(in_play=(power("Invoke Carnage"),), fury=1)
    g = at_nemesis_turn(d)
    assert g.decision.kind == "player" and g.decision.options == [("player", 0), ("player", 1)]
    assert g.state.nemesis.tokens["fury"] == 2  # the Unleash came first
    choose(g, ("player", 1))
    at_p1_main(g)
    assert now(g) == expect(d, life=[10, 7], fury=2, n_deck=[], n_discard=["Invoke Carnage"],
                            in_play=[(FILLER, 11, 0)])


def test_nemesis_card_invoke_carnage_P_14_pay_seven_aether() -> None:
    check_pay("Invoke Carnage", ok={"aether": 7}, short={"aether": 6}, aether=[0, 0])


def test_nemesis_card_scorn_gravehold_branch() -> None:
    d = make(in_play=(minion("Scorn"),), fury=1)
    g = at_nemesis_turn(d)
    assert g.decision.kind == "or" and g.decision.options == [("choose", 0), ("choose", 1)]
    choose(g, ("choose", 0))
    at_p1_main(g)
    assert now(g) == expect(d, gravehold=27, n_deck=[], in_play=[("Scorn", 9, 0), (FILLER, 11, 0)])


def test_nemesis_card_scorn_unleash_twice_branch() -> None:
    d = make(in_play=(minion("Scorn", 4),), fury=1)
    g = at_nemesis_turn(d)
    choose(g, ("choose", 1))
    at_p1_main(g)
    assert now(g) == expect(d, fury=3, n_deck=[], in_play=[("Scorn", 4, 0), (FILLER, 11, 0)])


def test_nemesis_card_avatar_of_wrath_strikes_each_turn() -> None:
    d = make(in_play=(minion("Avatar of Wrath"),), fury=3)
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert strikes(g) == ["Devastate"]
    assert now(g) == expect(d, gravehold=25, fury=0, n_deck=[],
                            in_play=[("Avatar of Wrath", 16, 0), (FILLER, 11, 0)])


def test_nemesis_card_onslaught_unleash_three_then_discard_one_per_fury() -> None:
    d = make("Onslaught", fury=0, p0={"hand": ["Crystal", "Spark", "Crystal"]}, p1={"hand": ["Spark", "Crystal"]})
    g = at_nemesis_turn(d)
    assert g.state.nemesis.tokens["fury"] == 3
    choose(g, ("player", 1))
    choose(g, ("card", "Spark"))
    choose(g, ("player", 1))  # Mist's last card is discarded without a question
    # Mist's hand is empty now: only Brama can discard the third card
    assert g.decision.kind == "discard" and g.decision.player == 0
    choose(g, ("card", "Spark"))
    at_p1_main(g)
    assert now(g) == expect(d, fury=3, n_deck=[FILLER], n_discard=["Onslaught"],
                            hand=[["Crystal", "Crystal"], []], discard=[["Spark"], ["Spark", "Crystal"]])


def test_nemesis_card_onslaught_discards_what_there_is_then_end_of_turn_strike() -> None:
    d = make("Onslaught", fury=1, p0={"hand": ["Spark"], "charges": 5}, p1={"hand": ["Crystal"]})
    g = at_nemesis_turn(d)  # fury 4: four discards asked, only two cards exist
    choose(g, ("player", 0))  # then only Mist has a card: no more questions
    at_p1_main(g)  # Brama's full charges keep the main phase a decision
    assert strikes(g) == ["Devastate"]
    assert now(g) == expect(d, gravehold=25, fury=1, n_deck=[FILLER], n_discard=["Onslaught"],
                            hand=[[], []], discard=[["Spark"], ["Crystal"]])


def test_nemesis_card_rolling_death_power_strikes_twice() -> None:
    d = make(in_play=(power("Rolling Death"),), fury=6, strike=["Devastate"])  # one-card strike deck
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert strikes(g) == ["Devastate", "Devastate"]
    assert now(g) == expect(d, gravehold=20, fury=0, n_deck=[], n_discard=["Rolling Death"],
                            in_play=[(FILLER, 11, 0)])


def test_nemesis_card_rolling_death_P_14_pay_eight_aether() -> None:
    check_pay("Rolling Death", ok={"aether": 9}, short={"aether": 7}, aether=[1, 0])


# =========================================================================== Rageborne: strikes


def strike_with(card: str, fury: int = 3, **kw: Any) -> tuple[dict[str, Any], Game]:
    """Cleave on top of the nemesis deck, ``card`` on top of the strike deck."""
    d = make("Cleave", fury=fury, strike=[card] + [c for c in STRIKES if c != card], **kw)
    return d, at_nemesis_turn(d)


def test_nemesis_card_convoke_a_chosen_player_suffers_four() -> None:
    d, g = strike_with("Convoke")
    assert g.decision.kind == "player" and g.decision.options == [("player", 0), ("player", 1)]
    choose(g, ("player", 1))
    at_p1_main(g)
    assert strikes(g) == ["Convoke"]
    assert now(g) == expect(d, life=[10, 6], fury=0, n_deck=[FILLER], n_discard=["Cleave"])


def test_nemesis_card_devastate_gravehold_suffers_five() -> None:
    d, g = strike_with("Devastate")
    at_p1_main(g)
    assert strikes(g) == ["Devastate"]
    assert now(g) == expect(d, gravehold=25, fury=0, n_deck=[FILLER], n_discard=["Cleave"])


def test_nemesis_card_eviscerate_lowest_life_suffers_two() -> None:
    d, g = strike_with("Eviscerate", p0={"life": 6})
    at_p1_main(g)
    assert now(g) == expect(d, life=[4, 10], fury=0, n_deck=[FILLER], n_discard=["Cleave"])


def test_nemesis_card_eviscerate_N_6_tie_is_the_players_choice() -> None:
    d, g = strike_with("Eviscerate", p0={"life": 7}, p1={"life": 7})
    assert g.decision.kind == "player" and g.decision.options == [("player", 0), ("player", 1)]
    choose(g, ("player", 1))
    at_p1_main(g)
    assert now(g) == expect(d, life=[7, 5], fury=0, n_deck=[FILLER], n_discard=["Cleave"])


def test_nemesis_card_eviscerate_E_3_skips_an_exhausted_player() -> None:
    d, g = strike_with("Eviscerate", p0={"life": 0, "exhausted": True}, p1={"life": 8})
    at_p1_main(g)
    assert now(g) == expect(d, life=[0, 6], fury=0, n_deck=[FILLER], n_discard=["Cleave"])


def test_nemesis_card_frenzy_most_opened_breaches_suffers_three() -> None:
    d, g = strike_with("Frenzy", p1={"breaches": [dict(OPEN), dict(OPEN), closed(0), closed(2)]})
    at_p1_main(g)
    assert now(g) == expect(d, life=[10, 7], fury=0, n_deck=[FILLER], n_discard=["Cleave"])


def test_nemesis_card_raze_gravehold_three_and_a_player_one() -> None:
    d, g = strike_with("Raze")
    choose(g, ("player", 0))
    at_p1_main(g)
    assert now(g) == expect(d, gravehold=27, life=[9, 10], fury=0, n_deck=[FILLER], n_discard=["Cleave"])


def test_nemesis_card_seize_discards_the_two_costliest_prepped_spells() -> None:
    p0 = {"breaches": [dict(OPEN, spells=["Fiery Torrent"]), closed(1), closed(0), closed(2)]}
    p1 = {"breaches": [dict(OPEN, spells=["Conjure the Lost"]), dict(OPEN, spells=["Spark"]), closed(0), closed(2)]}
    d, g = strike_with("Seize", p0=p0, p1=p1)
    at_p1_main(g)
    assert now(g) == expect(
        d, fury=0, n_deck=[FILLER], n_discard=["Cleave"],
        spells=[[[], [], [], []], [[], ["Spark"], [], []]],
        discard=[["Fiery Torrent"], ["Conjure the Lost"]])


def test_nemesis_card_seize_N_6_tied_costliest_spells_are_the_players_choice() -> None:
    p0 = {"breaches": [dict(OPEN, spells=["Kindle"]), closed(1), closed(0), closed(2)]}
    p1 = {"breaches": [dict(OPEN, spells=["Jagged Lightning"]), dict(OPEN, spells=["Spark"]), closed(0), closed(2)]}
    d, g = strike_with("Seize", p0=p0, p1=p1)
    assert g.decision.kind == "spell"
    assert g.decision.options == [("spell", 0, 0, 0), ("spell", 1, 0, 0)]
    choose(g, ("spell", 1, 0, 0))
    at_p1_main(g)  # the other 4-cost spell is now the costliest and goes too
    assert now(g) == expect(
        d, fury=0, n_deck=[FILLER], n_discard=["Cleave"],
        spells=[[[], [], [], []], [[], ["Spark"], [], []]],
        discard=[["Kindle"], ["Jagged Lightning"]])


# =========================================================================== basic: tier 1


def test_nemesis_card_agony_field_power_unleash_discard_three_draw_one() -> None:
    p1 = {"hand": ["Crystal", "Spark", "Jagged Lightning", "Crystal"], "deck": ["Frozen Magmite"]}
    d = make(in_play=(power("Agony Field"),), fury=1, p0={"hand": ["Crystal", "Spark", "Crystal"]}, p1=p1)
    g = at_nemesis_turn(d)
    assert g.decision.kind == "player" and g.decision.options == [("player", 0), ("player", 1)]
    choose(g, ("player", 1))
    for c in ("Spark", "Crystal", "Jagged Lightning"):
        assert g.decision.kind == "discard" and g.decision.player == 1
        choose(g, ("card", c))
    at_p1_main(g)
    assert now(g) == expect(d, fury=2, n_deck=[], n_discard=["Agony Field"], in_play=[(FILLER, 11, 0)],
                            hand=[["Crystal", "Spark", "Crystal"], ["Crystal", "Frozen Magmite"]], deck=[[], []],
                            discard=[[], ["Spark", "Crystal", "Jagged Lightning"]])


def test_nemesis_card_agony_field_P_14_pay_by_destroying_a_card_costing_two_or_more() -> None:
    check_pay("Agony Field", ok={"hand": ["Crystal", "Jagged Lightning", "Spark"]},
              short={"hand": ["Crystal", "Spark"], "aether": 9},
              hand=[["Crystal", "Spark"], ["Crystal"]], destroyed=["Jagged Lightning"])


def test_nemesis_card_bane_sire_unleashes_each_turn() -> None:
    d = make(in_play=(minion("Bane Sire"),), fury=1)
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, fury=2, n_deck=[], in_play=[("Bane Sire", 6, 0), (FILLER, 11, 0)])


def test_nemesis_card_bleed_static_power_two_damage_per_prepped_spell() -> None:
    p0 = {"breaches": [dict(OPEN, spells=["Spark"]), dict(OPEN, spells=["Kindle"]), closed(0), closed(2)]}
    p1 = {"breaches": [dict(OPEN, spells=["Spark"]), closed(1), closed(0), closed(2)]}
    d = make(in_play=(power("Bleed Static"),), p0=p0, p1=p1)
    g = at_nemesis_turn(d)
    # Brama has prepped spells on opened breaches: his turn stops at the casting phase
    assert g.decision.kind == "casting" and g.decision.player == 0
    assert now(g) == expect(d, life=[6, 10], n_deck=[], n_discard=["Bleed Static"], in_play=[(FILLER, 11, 0)])


def test_nemesis_card_bleed_static_P_14_has_no_discard_cost() -> None:
    g = at_main(make(in_play=(power("Bleed Static", 3),), p0={"aether": 20, "charges": 5,
                                                              "hand": ["Crystal", "Jagged Lightning"]}), 0)
    assert not [a for a in g.legal_actions() if a[0] == "pay"]


def test_nemesis_card_eye_of_nothing_power_unleashes_twice() -> None:
    d = make(in_play=(power("Eye of Nothing"),), fury=1)
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, fury=3, n_deck=[], n_discard=["Eye of Nothing"], in_play=[(FILLER, 11, 0)])


def test_nemesis_card_eye_of_nothing_P_14_pay_six_aether() -> None:
    check_pay("Eye of Nothing", ok={"aether": 6}, short={"aether": 5}, aether=[0, 0])


def test_nemesis_card_haze_spewer_gravehold_suffers_its_life_then_it_weakens() -> None:
    d = make(in_play=(minion("Haze Spewer"),))
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, gravehold=25, n_deck=[], in_play=[("Haze Spewer", 4, 0), (FILLER, 11, 0)])


def test_nemesis_card_haze_spewer_at_one_life_defeats_itself() -> None:
    d = make(in_play=(minion("Haze Spewer", 1),))
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, gravehold=29, n_deck=[], n_discard=["Haze Spewer"], in_play=[(FILLER, 11, 0)])


def test_nemesis_card_skewer_unleash_then_a_player_suffers_three_and_draws() -> None:
    d = make("Skewer", fury=1, p1={"deck": ["Spark", "Crystal"]})
    g = at_nemesis_turn(d)
    choose(g, ("player", 1))
    at_p1_main(g)
    assert now(g) == expect(d, fury=2, life=[10, 7], n_deck=[FILLER], n_discard=["Skewer"],
                            hand=[["Crystal"], ["Crystal", "Spark"]], deck=[[], ["Crystal"]])


def test_nemesis_card_slaughter_unleash_and_gravehold_suffers_three() -> None:
    d = make("Slaughter", fury=0)
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, fury=1, gravehold=27, n_deck=[FILLER], n_discard=["Slaughter"])


def test_nemesis_card_woven_sky_power_unleash_and_a_player_suffers_four() -> None:
    d = make(in_play=(power("Woven Sky"),), fury=1)
    g = at_nemesis_turn(d)
    choose(g, ("player", 0))
    at_p1_main(g)
    assert now(g) == expect(d, fury=2, life=[6, 10], n_deck=[], n_discard=["Woven Sky"], in_play=[(FILLER, 11, 0)])


def test_nemesis_card_woven_sky_P_14_pay_by_discarding_three_cards() -> None:
    check_pay("Woven Sky", ok={"hand": ["Crystal", "Crystal", "Spark", "Jagged Lightning"]},
              short={"hand": ["Crystal", "Spark"], "aether": 9},
              picks=[("card", "Spark"), ("card", "Crystal"), ("card", "Jagged Lightning")],
              hand=[["Crystal"], ["Crystal"]], discard=[["Spark", "Crystal", "Jagged Lightning"], []])


# =========================================================================== basic: tier 2


def test_nemesis_card_awaken_returns_the_most_recently_discarded_minion() -> None:
    d = make("Awaken", fury=1, discard=("Bane Sire", "Needlemaw", "Slaughter"), filler="Jagged One")
    g = at_nemesis_turn(d)
    assert g.decision.kind == "or" and g.decision.options == [("choose", 0), ("choose", 1)]
    choose(g, ("choose", 1))
    at_p1_main(g)
    assert now(g) == expect(d, n_deck=["Jagged One"], n_discard=["Bane Sire", "Slaughter", "Awaken"],
                            in_play=[("Needlemaw", 11, 0)])


def test_nemesis_card_awaken_N_6_without_a_discarded_minion_unleashes_twice_and_hits_gravehold() -> None:
    d = make("Awaken", fury=1, discard=("Slaughter",))
    g = at_nemesis_turn(d)  # the other branch cannot resolve: no choice is asked
    at_p1_main(g)
    assert now(g) == expect(d, fury=3, gravehold=27, n_deck=[FILLER], n_discard=["Slaughter", "Awaken"])


def test_nemesis_card_cauterizer_a_player_suffers_its_current_life() -> None:
    d = make(in_play=(minion("Cauterizer"),))
    g = at_nemesis_turn(d)
    choose(g, ("player", 1))
    at_p1_main(g)
    assert now(g) == expect(d, life=[10, 7], n_deck=[], in_play=[("Cauterizer", 3, 0), (FILLER, 11, 0)])


def test_nemesis_card_cauterizer_P_4_each_damage_is_reduced_to_one() -> None:
    d = make(in_play=(minion("Cauterizer"),))
    g = run_steps(d, [("damage", 5)])
    choose(g, ("target", "Cauterizer"))
    assert now(g) == expect(d, in_play=[("Cauterizer", 2, 0)])
    g = run_steps(d, [("damage", 4), ("damage", 1), ("damage", 7)])
    for _ in range(3):
        choose(g, ("target", "Cauterizer"))
    # three sources defeat it; the nemesis is not hurt by the excess
    assert now(g) == expect(d, in_play=[], n_discard=["Cauterizer"])


def test_nemesis_card_dispel_unleash_twice_most_prepped_discards_costliest() -> None:
    p0 = {"breaches": [dict(OPEN, spells=["Conjure the Lost"]), dict(OPEN, spells=["Spark"]), closed(0), closed(2)]}
    p1 = {"breaches": [dict(OPEN, spells=["Reduce to Ash"]), closed(1), closed(0), closed(2)]}
    d = make("Dispel", fury=1, p0=p0, p1=p1)
    g = at_nemesis_turn(d)
    assert g.decision.kind == "casting" and g.decision.player == 0  # Brama still has his Spark
    assert now(g) == expect(d, fury=3, n_deck=[FILLER], n_discard=["Dispel"],
                            spells=[[[], ["Spark"], [], []], [["Reduce to Ash"], [], [], []]],
                            discard=[["Conjure the Lost"], []])


def test_nemesis_card_needlemaw_gravehold_suffers_two() -> None:
    d = make(in_play=(minion("Needlemaw", 7),), filler="Jagged One")
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, gravehold=28, n_deck=[], in_play=[("Needlemaw", 7, 0), ("Jagged One", 14, 0)])


def test_nemesis_card_lay_waste_unleash_twice_and_a_player_suffers_two() -> None:
    d = make("Lay Waste", fury=0)
    g = at_nemesis_turn(d)
    choose(g, ("player", 1))
    at_p1_main(g)
    assert now(g) == expect(d, fury=2, life=[10, 8], n_deck=[FILLER], n_discard=["Lay Waste"])


def test_nemesis_card_pulverizing_ray_gems_discarded_prevent_three_each() -> None:
    d = make(in_play=(power("Pulverizing Ray"),), p0={"hand": ["Crystal", "Spark", "Crystal"]},
             p1={"hand": ["Frozen Magmite", "Jagged Lightning"]})
    g = at_nemesis_turn(d)
    assert g.decision.kind == "gem"
    assert g.decision.options == [("gem", 0, "Crystal"), ("gem", 1, "Frozen Magmite"), ("done",)]
    choose(g, ("gem", 1, "Frozen Magmite"))
    choose(g, ("gem", 0, "Crystal"))
    choose(g, ("done",))
    at_p1_main(g)
    assert now(g) == expect(d, gravehold=30 - 18 + 6, n_deck=[], n_discard=["Pulverizing Ray"],
                            in_play=[(FILLER, 11, 0)], hand=[["Spark", "Crystal"], ["Jagged Lightning"]],
                            discard=[["Crystal"], ["Frozen Magmite"]])


def test_nemesis_card_pulverizing_ray_six_gems_prevent_it_all() -> None:
    d = make(in_play=(power("Pulverizing Ray"),), p0={"hand": ["Crystal"] * 4},
             p1={"hand": ["Crystal"] * 3})
    g = at_nemesis_turn(d)
    for j in (0, 0, 0, 1, 1, 1):
        choose(g, ("gem", j, "Crystal"))
    at_p1_main(g)  # no seventh gem is asked for
    assert now(g) == expect(d, n_deck=[], n_discard=["Pulverizing Ray"], in_play=[(FILLER, 11, 0)],
                            hand=[["Crystal"], []], discard=[["Crystal"] * 3, ["Crystal"] * 3])


def test_nemesis_card_pulverizing_ray_P_14_has_no_discard_cost() -> None:
    g = at_main(make(in_play=(power("Pulverizing Ray", 1),), p0={"aether": 20, "charges": 5}), 0)
    assert not [a for a in g.legal_actions() if a[0] == "pay"]


def test_nemesis_card_venomite_lowest_life_suffers_two() -> None:
    p1 = {"life": 5, "breaches": [dict(OPEN, spells=["Jagged Lightning"]), closed(1), closed(0), closed(2)]}
    d = make(in_play=(minion("Venomite"),), p1=p1)
    g = at_nemesis_turn(d)
    choose(g, ("choose", 0))
    at_p1_main(g)
    assert now(g) == expect(d, life=[10, 3], n_deck=[], in_play=[("Venomite", 9, 0), (FILLER, 11, 0)])


def test_nemesis_card_venomite_a_player_discards_a_prepped_spell_costing_three_or_more() -> None:
    p1 = {"life": 5, "breaches": [dict(OPEN, spells=["Jagged Lightning"]), dict(OPEN, spells=["Spark"]),
                                  closed(0), closed(2)]}
    d = make(in_play=(minion("Venomite"),), p1=p1)
    g = at_nemesis_turn(d)
    choose(g, ("choose", 1))  # only Mist has such a spell: no player choice, no spell choice
    at_p1_main(g)
    assert now(g) == expect(d, n_deck=[], in_play=[("Venomite", 9, 0), (FILLER, 11, 0)],
                            spells=[[[], [], [], []], [[], ["Spark"], [], []]], discard=[[], ["Jagged Lightning"]])


def test_nemesis_card_venomite_N_6_no_costly_prepped_spell_forces_the_damage() -> None:
    p0 = {"life": 4, "breaches": [dict(OPEN, spells=["Spark"]), closed(1), closed(0), closed(2)]}
    d = make(in_play=(minion("Venomite"),), p0=p0)
    g = at_nemesis_turn(d)
    assert g.decision.kind == "casting"  # Brama's turn: the Venomite asked nothing
    assert now(g) == expect(d, life=[2, 10], n_deck=[], in_play=[("Venomite", 9, 0), (FILLER, 11, 0)])


# =========================================================================== basic: tier 3


def test_nemesis_card_doom_aegis_most_charges_suffers_four_and_loses_charges() -> None:
    d = make(in_play=(power("Doom Aegis"),), p0={"charges": 1}, p1={"charges": 3})
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, life=[10, 6], charges=[1, 0], n_deck=[], n_discard=["Doom Aegis"],
                            in_play=[(FILLER, 11, 0)])


def test_nemesis_card_doom_aegis_P_14_pay_seven_aether() -> None:
    check_pay("Doom Aegis", ok={"aether": 7}, short={"aether": 6}, aether=[0, 0])


def test_nemesis_card_gather_darkness_small_pile_is_all_destroyed() -> None:
    p1 = {"deck": ["Spark"], "discard": ["Crystal", "Jagged Lightning"]}
    d = make("Gather Darkness", fury=0, p1=p1)
    g = at_nemesis_turn(d)
    choose(g, ("player", 1))
    at_p1_main(g)
    s = now(g)
    assert sorted(s.pop("destroyed")) == ["Crystal", "Jagged Lightning", "Spark"]
    want = expect(d, fury=2, n_deck=[FILLER], n_discard=["Gather Darkness"], deck=[[], []], discard=[[], []])
    want.pop("destroyed")
    assert s == want


def test_nemesis_card_gather_darkness_destroys_the_top_four_after_the_shuffle() -> None:
    p1 = {"deck": ["Spark", "Crystal", "Crystal"], "discard": ["Crystal", "Jagged Lightning", "Crystal"]}
    d = make("Gather Darkness", fury=0, p1=p1)
    g = at_nemesis_turn(d)
    choose(g, ("player", 1))
    at_p1_main(g)
    s = now(g)
    left, gone = s["deck"][1], s["destroyed"]
    assert len(left) == 2 and len(gone) == 4
    assert sorted(left + gone) == sorted(p1["deck"] + p1["discard"])
    want = expect(d, fury=2, n_deck=[FILLER], n_discard=["Gather Darkness"], deck=[[], left], discard=[[], []],
                  destroyed=gone)
    assert s == want


def test_nemesis_card_jagged_one_unleashes_twice_each_turn() -> None:
    d = make(in_play=(minion("Jagged One"),), fury=0)
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, fury=2, n_deck=[], in_play=[("Jagged One", 14, 0), (FILLER, 11, 0)])


def test_nemesis_card_obliterate_destroy_four_cards_in_hand() -> None:
    p0 = {"hand": ["Crystal", "Spark", "Crystal", "Jagged Lightning", "Crystal"],
          "breaches": [dict(OPEN), dict(OPEN), closed(0), closed(2)]}
    d = make("Obliterate", fury=0, p0=p0)
    g = at_nemesis_turn(d)  # Brama has the most opened breaches: no player choice
    assert g.decision.kind == "or" and g.decision.player == 0
    choose(g, ("choose", 0))
    for c in ("Crystal", "Spark", "Crystal", "Crystal"):
        assert g.decision.kind == "destroy" and g.decision.player == 0
        choose(g, ("card", c))
    at_p1_main(g)
    assert now(g) == expect(d, fury=2, n_deck=[FILLER], n_discard=["Obliterate"], hand=[["Jagged Lightning"],
                            ["Crystal"]], destroyed=["Crystal", "Spark", "Crystal", "Crystal"])


def test_nemesis_card_obliterate_suffer_four_instead() -> None:
    p1 = {"hand": ["Crystal"] * 4, "breaches": [dict(OPEN), dict(OPEN), closed(0), closed(2)]}
    d = make("Obliterate", fury=0, p1=p1)
    g = at_nemesis_turn(d)
    choose(g, ("choose", 1))
    at_p1_main(g)
    assert now(g) == expect(d, fury=2, life=[10, 6], n_deck=[FILLER], n_discard=["Obliterate"])


def test_nemesis_card_obliterate_N_6_short_hand_forces_the_damage() -> None:
    p1 = {"hand": ["Crystal"] * 3, "breaches": [dict(OPEN), dict(OPEN), closed(0), closed(2)]}
    d = make("Obliterate", fury=0, p1=p1)
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, fury=2, life=[10, 6], n_deck=[FILLER], n_discard=["Obliterate"])


def test_nemesis_card_reality_rupture_power_unleashes_three_times() -> None:
    d = make(in_play=(power("Reality Rupture"),), fury=0)
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, fury=3, n_deck=[], n_discard=["Reality Rupture"], in_play=[(FILLER, 11, 0)])


def test_nemesis_card_reality_rupture_P_14_pay_by_destroying_two_prepped_spells() -> None:
    ok = {"breaches": [dict(OPEN, spells=["Jagged Lightning"]), dict(OPEN, spells=["Spark"]),
                       dict(OPEN, spells=["Fiery Torrent"]), closed(2)]}
    short = {"breaches": [dict(OPEN, spells=["Jagged Lightning"]), dict(OPEN, spells=["Spark"]),
                          dict(OPEN, spells=["Spark"]), closed(2)], "aether": 9}
    check_pay("Reality Rupture", ok=ok, short=short,
              picks=[("spell", 0, 2, 0)],
              spells=[[[], ["Spark"], [], []], [[], [], [], []]],
              destroyed=["Fiery Torrent", "Jagged Lightning"])


def test_nemesis_card_sunder_gravehold_and_lowest_life_suffer_four() -> None:
    d = make("Sunder", p1={"life": 6}, turn_order={"deck": ["P1", "P2", "P1", "P2", "N"], "discard": ["N"]})
    g = at_nemesis_turn(d)
    choose(g, ("choose", 0))
    at_p1_main(g)
    assert now(g) == expect(d, gravehold=26, life=[10, 2], n_deck=[FILLER], n_discard=["Sunder"])
    assert g.state.to_deck == ["P2", "P1", "P2", "N"] and g.state.to_discard == ["N", "P1"]


def test_nemesis_card_sunder_shuffles_nemesis_turn_cards_into_the_turn_order_deck() -> None:
    d = make("Sunder", turn_order={"deck": ["P2", "P1"], "discard": ["P1", "N", "P2", "N"]})
    g = nemesis_turn_then_p1(d)
    assert g.decision.kind == "or" and g.decision.options == [("choose", 0), ("choose", 1)]
    choose(g, ("choose", 1))
    assert g.decision.kind == "main" and g.decision.player == 0
    assert now(g) == expect(d, n_deck=[FILLER], n_discard=["Sunder"])
    assert g.state.to_discard == ["P1", "P2"]
    assert sorted(g.state.to_deck) == ["N", "N", "P1", "P2"]


def test_nemesis_card_sunder_N_6_no_nemesis_turn_discarded_forces_the_damage() -> None:
    d = make("Sunder", p0={"life": 5}, turn_order={"deck": ["P1", "P2", "N"], "discard": ["P2", "P1"]})
    g = at_nemesis_turn(d)  # the shuffle branch cannot resolve: no choice is asked
    at_p1_main(g)
    assert now(g) == expect(d, gravehold=26, life=[1, 10], n_deck=[FILLER], n_discard=["Sunder"])


def test_nemesis_card_topple_unleash_twice_and_gravehold_suffers_four() -> None:
    d = make("Topple", fury=1)
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, fury=3, gravehold=26, n_deck=[FILLER], n_discard=["Topple"])


# =========================================================================== minions: damage


MINION_LIFE = {
    "Provoker": 5, "Scorn": 9, "Avatar of Wrath": 16, "Bane Sire": 6, "Haze Spewer": 5,
    "Needlemaw": 11, "Venomite": 9, "Jagged One": 14, "Cauterizer": 3,
}


@pytest.mark.parametrize("name", sorted(set(MINION_LIFE) - {"Cauterizer"}))
def test_nemesis_card_minion_P_4_damage_lowers_life_and_zero_defeats(name: str) -> None:
    life = MINION_LIFE[name]
    assert registry.nemesis_card(name).life == life
    d = make(in_play=(minion(name),))
    g = run_steps(d, [("damage", life - 1)])
    assert g.decision.options == [("target", "nemesis"), ("target", name)]
    choose(g, ("target", name))
    assert now(g) == expect(d, in_play=[(name, 1, 0)])
    g = run_steps(d, [("damage", life + 3)])
    choose(g, ("target", name))
    # defeated at once; the excess is lost, not passed on to the nemesis
    assert now(g) == expect(d, in_play=[], n_discard=[name])


# =========================================================================== data, text, coverage


POWER_TOKENS = {
    "Blood Cry": 2, "Invoke Carnage": 2, "Rolling Death": 2, "Agony Field": 2, "Bleed Static": 3,
    "Eye of Nothing": 2, "Woven Sky": 2, "Pulverizing Ray": 1, "Doom Aegis": 1, "Reality Rupture": 1,
}


@pytest.mark.parametrize("name", sorted(POWER_TOKENS))
def test_nemesis_card_power_N_2_enters_play_with_its_power_tokens(name: str) -> None:
    d = make(name)
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, n_deck=[FILLER], in_play=[(name, 0, POWER_TOKENS[name])])


@pytest.mark.parametrize("name", sorted(MINION_LIFE))
def test_nemesis_card_minion_N_2_enters_play_with_its_life(name: str) -> None:
    filler = "Jagged One" if name == FILLER else FILLER
    d = make(name, filler=filler)
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, n_deck=[filler], in_play=[(name, MINION_LIFE[name], 0)])


#: type and tier as printed (tier 0: Rageborne's strike deck)
PRINTED = {
    "Cleave": ("attack", 1), "Provoker": ("minion", 1), "Unrelenting Ire": ("attack", 1),
    "Blood Cry": ("power", 2), "Invoke Carnage": ("power", 2), "Scorn": ("minion", 2),
    "Avatar of Wrath": ("minion", 3), "Onslaught": ("attack", 3), "Rolling Death": ("power", 3),
    "Convoke": ("strike", 0), "Devastate": ("strike", 0), "Eviscerate": ("strike", 0),
    "Frenzy": ("strike", 0), "Raze": ("strike", 0), "Seize": ("strike", 0),
    "Agony Field": ("power", 1), "Bane Sire": ("minion", 1), "Bleed Static": ("power", 1),
    "Eye of Nothing": ("power", 1), "Haze Spewer": ("minion", 1), "Skewer": ("attack", 1),
    "Slaughter": ("attack", 1), "Woven Sky": ("power", 1), "Awaken": ("attack", 2),
    "Cauterizer": ("minion", 2), "Dispel": ("attack", 2), "Needlemaw": ("minion", 2),
    "Lay Waste": ("attack", 2), "Pulverizing Ray": ("power", 2), "Venomite": ("minion", 2),
    "Doom Aegis": ("power", 3), "Gather Darkness": ("attack", 3), "Jagged One": ("minion", 3),
    "Obliterate": ("attack", 3), "Reality Rupture": ("power", 3), "Sunder": ("attack", 3),
    "Topple": ("attack", 3),
}


@pytest.mark.parametrize("name", sorted(PRINTED))
def test_nemesis_card_type_and_tier_as_printed(name: str) -> None:
    c = registry.nemesis_card(name)
    assert (c.type, c.tier) == PRINTED[name]
    assert c.deck == ("strike" if c.type == "strike" else "nemesis")
    assert c.nemesis == ("Rageborne" if name in registry.nemesis("Rageborne").cards or c.type == "strike" else None)


@pytest.mark.parametrize("name", sorted(registry.NEMESIS_CARDS))
def test_nemesis_card_renders_text(name: str) -> None:
    text = nemesis_card_text(registry.nemesis_card(name))
    assert isinstance(text, str) and text.strip()


@pytest.mark.parametrize("nid", sorted(registry.NEMESES))
def test_nemesis_card_nemesis_renders_text(nid: str) -> None:
    text = nemesis_text(registry.nemesis(nid))
    assert isinstance(text, str) and text.strip()
    assert "Unleash" in text


def test_nemesis_card_every_card_has_a_named_test() -> None:
    tests = [n + "_" for n in globals() if n.startswith("test_nemesis_card_")]
    # this file's area is Aeon's End's basics and Rageborne; other boxes' cards and the other
    # Aeon's End nemeses (tests/boxes/aeons_end/test_nemeses_ae.py) have coverage tests of their own
    missing = [c for c in sorted(registry.NEMESIS_CARDS) if registry.NEMESIS_CARDS[c].box == "AE"
               and registry.NEMESIS_CARDS[c].nemesis in (None, "Rageborne")
               and not any(f"_{snake(c)}_" in t for t in tests)]
    assert missing == []
