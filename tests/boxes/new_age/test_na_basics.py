"""The New Age's 34 basic and 15 upgraded basic nemesis cards, their shown names, S-10 and S-11.

Each card test builds a small exact state against Rageborne (whose Unleash gains one fury
token, so the number of Unleashes shows in the fury count), runs the nemesis turn
(``at_nemesis_turn``: attacks on top of the nemesis deck, minions and powers in play) or a
player's main phase (``at_main``, for TO DISCARD costs), and compares a snapshot of every
zone a nemesis card can touch with the starting snapshot plus only the expected changes.
A test that Unleashes three times or more starts at 0 fury, so that Rageborne's Strike
(at 4 fury) stays out of it.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as hs
from typer.testing import CliRunner

from gravehold import Game
from gravehold.agents import make_agent, spending
from gravehold.agents.board import board_from_state
from gravehold.cli import app
from gravehold.content import registry, words
from gravehold.content.text import nemesis_card_text
from gravehold.engine.decisions import describe, label
from gravehold.engine.game import card_census
from gravehold.engine.setup import SetupError
from gravehold.errors import AmbiguousName, StateFormatError, UnknownName
from gravehold.events_text import event_text
from gravehold.record import setup_config
from gravehold.terminal.render import card_entry, nemesis_pane
from gravehold.web.app import create_app
from gravehold.web.summary import source_card
from gravehold.web.texts import content_texts

import support
from support import OPEN, at_main, at_nemesis_turn, base_state, choose, closed, minion, player, power, run_steps, snake

FILLER = "Needlemaw"  # drawn by the nemesis after a minion/power test: a minion that only enters play
NA = registry.BASICS["NA"]
UP = registry.UPGRADED["NA"]


def make(*top: str, in_play: tuple[dict[str, Any], ...] = (), fury: int = 1,
         p0: dict[str, Any] | None = None, p1: dict[str, Any] | None = None,
         more: tuple[dict[str, Any], ...] = (), discard: tuple[str, ...] = (),
         turn_order: dict[str, list[str]] | None = None) -> dict[str, Any]:
    """Brama and Mist (a Crystal each, plus ``more`` players); ``top`` on the nemesis deck, then a filler."""
    a = player("Brama", **{"hand": ["Crystal"], **(p0 or {})})
    b = player("Mist", **{"hand": ["Crystal"], **(p1 or {})})
    d = base_state([a, b, *more])
    n = d["nemesis"]
    n["deck"] = [*top, FILLER]
    n["discard"] = list(discard)
    n["in_play"] = [dict(c) for c in in_play]
    n["tokens"] = {"fury": fury}
    if turn_order is not None:
        d["turn_order"] = turn_order
    return d


SNAPSHOT = support.Snapshot(*support.SNAP_BASE, "fury", "to_deck", "to_discard")
snap, expect, now = SNAPSHOT.snap, SNAPSHOT.expect, SNAPSHOT.now
at_p1_main = support.at_p1_main
check_pay = partial(support.check_pay, make, SNAPSHOT)


def after_p1_drawn(d: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """``expect`` once P1's turn order card moved from the deck to the discard."""
    to = d["turn_order"]
    assert to["deck"][0] == "P1"
    changes.setdefault("to_deck", to["deck"][1:])
    changes.setdefault("to_discard", [*to["discard"], "P1"])
    return expect(d, **changes)


def prepped(*spells: list[str], rest: tuple[dict[str, Any], ...] = ()) -> list[dict[str, Any]]:
    """Breaches: the first ones opened holding ``spells``, then ``rest`` (or closed ones)."""
    brs = [dict(OPEN, spells=list(s)) if s else dict(OPEN) for s in spells]
    brs += list(rest)
    defaults = [closed(1), closed(0), closed(2), closed(0)]
    while len(brs) < 4:
        brs.append(defaults[len(brs)])
    return brs


def at_main_of(g: Game, i: int) -> None:
    assert not g.over
    assert g.decision is not None and g.decision.kind == "main" and g.decision.player == i


def turn(d: dict[str, Any], *picks: tuple[Any, ...]) -> Game:
    """The nemesis turn of ``d`` with ``picks`` made, stopped at P1's main phase."""
    g = at_nemesis_turn(d)
    for a in picks:
        choose(g, a)
    at_p1_main(g)
    return g


NO_SPELLS = [[], [], [], []]

# =========================================================================== tier 1


def test_card_drillbeak_wurm_a_player_and_gravehold_suffer_one() -> None:
    d = make(in_play=(minion("Drillbeak Wurm"),))
    g = turn(d, ("player", 1))
    assert now(g) == after_p1_drawn(d, life=[10, 9], gravehold=29, n_deck=[],
                                    in_play=[("Drillbeak Wurm", 6, 0), (FILLER, 11, 0)])


def test_card_carriode_colony_N_12_enters_with_its_life_less_the_player_count() -> None:
    d = make("Carriode Colony")
    g = turn(d)
    assert now(g) == after_p1_drawn(d, n_deck=[FILLER], in_play=[("Carriode Colony", 2, 0)])


def test_N_12_carriode_colony_four_players_defeat_it_as_it_arrives() -> None:
    d = make("Carriode Colony", more=(player("Adelheim", hand=["Crystal"]), player("Xaxos", hand=["Crystal"])))
    g = turn(d)
    assert now(g) == after_p1_drawn(d, n_deck=[FILLER], n_discard=["Carriode Colony"])
    assert [e["event"] for e in g.events if e.get("card") == "Carriode Colony"][-2:] == [
        "minion_damage", "minion_defeated"]


def test_card_carriode_colony_unleashes_each_turn() -> None:
    d = make(in_play=(minion("Carriode Colony", 2),))
    g = turn(d)
    assert now(g) == after_p1_drawn(d, fury=2, n_deck=[], in_play=[("Carriode Colony", 2, 0), (FILLER, 11, 0)])


def test_card_chaos_orb_power_unleash_and_gravehold_suffers_four() -> None:
    d = make(in_play=(power("Chaos Orb"),))
    g = turn(d)
    assert now(g) == after_p1_drawn(d, fury=2, gravehold=26, n_deck=[], n_discard=["Chaos Orb"],
                                    in_play=[(FILLER, 11, 0)])


def test_card_chaos_orb_P_14_pay_six_aether() -> None:
    check_pay("Chaos Orb", ok={"aether": 6}, short={"aether": 5}, aether=[0, 0])


def test_card_disorient_a_discarded_gem_hurts_gravehold() -> None:
    d = make("Disorient", p1={"hand": ["Crystal", "Spark"]})
    g = at_nemesis_turn(d)
    choose(g, ("player", 1))
    assert g.decision.kind == "discard" and g.decision.player == 1
    assert g.decision.options == [("card", "Crystal"), ("card", "Spark")]
    choose(g, ("card", "Crystal"))
    at_p1_main(g)
    assert now(g) == after_p1_drawn(d, fury=2, life=[10, 9], gravehold=28, n_deck=[FILLER], n_discard=["Disorient"],
                                    hand=[["Crystal"], ["Spark"]], discard=[[], ["Crystal"]])


def test_card_disorient_a_discarded_spell_spares_gravehold() -> None:
    d = make("Disorient", p1={"hand": ["Crystal", "Spark"]})
    g = turn(d, ("player", 1), ("card", "Spark"))
    assert now(g) == after_p1_drawn(d, fury=2, life=[10, 9], n_deck=[FILLER], n_discard=["Disorient"],
                                    hand=[["Crystal"], ["Crystal"]], discard=[[], ["Spark"]])


def test_card_disorient_N_6_a_player_with_an_empty_hand_cannot_be_picked() -> None:
    d = make("Disorient", p0={"charges": 5}, p1={"hand": []})
    g = turn(d)  # only Brama holds a card: he is picked, and his Crystal goes
    assert now(g) == after_p1_drawn(d, fury=2, life=[9, 10], gravehold=28, n_deck=[FILLER], n_discard=["Disorient"],
                                    hand=[[], []], discard=[["Crystal"], []])


def test_card_rend_gravehold_and_a_player_suffer() -> None:
    d = make("Rend")
    g = turn(d, ("player", 0))
    assert now(g) == after_p1_drawn(d, fury=2, gravehold=29, life=[8, 10], n_deck=[FILLER], n_discard=["Rend"])


def test_card_unnerving_howl_N_6_the_player_with_two_gems_discards_them() -> None:
    d = make(in_play=(power("Unnerving Howl"),), p1={"hand": ["Crystal", "Frozen Magmite", "Spark"]})
    g = at_nemesis_turn(d)  # only Mist holds two gems: she is not asked for
    assert g.decision.kind == "discard" and g.decision.player == 1
    assert g.decision.options == [("card", "Crystal"), ("card", "Frozen Magmite")]
    choose(g, ("card", "Crystal"))
    at_p1_main(g)
    assert now(g) == after_p1_drawn(d, fury=2, n_deck=[], n_discard=["Unnerving Howl"], in_play=[(FILLER, 11, 0)],
                                    hand=[["Crystal"], ["Spark"]], discard=[[], ["Crystal", "Frozen Magmite"]])


def test_card_unnerving_howl_P_14_has_no_discard_cost() -> None:
    g = at_main(make(in_play=(power("Unnerving Howl", 2),), p0={"aether": 20, "charges": 5}), 0)
    assert not [a for a in g.legal_actions() if a[0] == "pay"]


def test_card_ceaseless_darkness_power_damage_and_a_discard_each_by_any_player() -> None:
    d = make(in_play=(power("Ceaseless Darkness"),))
    g = turn(d, ("player", 1), ("player", 1))
    assert now(g) == after_p1_drawn(d, fury=2, life=[10, 7], n_deck=[], n_discard=["Ceaseless Darkness"],
                                    in_play=[(FILLER, 11, 0)], hand=[["Crystal"], []], discard=[[], ["Crystal"]])


def test_card_ceaseless_darkness_P_14_pay_five_aether() -> None:
    check_pay("Ceaseless Darkness", ok={"aether": 5}, short={"aether": 4}, aether=[0, 0])


def test_card_aether_shock_most_prepped_suffers_one_and_discards_a_prepped_spell() -> None:
    d = make("Aether Shock", p1={"breaches": prepped(["Spark"], ["Kindle"])})
    g = at_nemesis_turn(d)
    assert g.decision.kind == "spell" and g.decision.player == 1
    assert g.decision.options == [("spell", 1, 0, 0), ("spell", 1, 1, 0)]
    choose(g, ("spell", 1, 1, 0))
    at_p1_main(g)
    assert now(g) == after_p1_drawn(d, fury=2, life=[10, 9], n_deck=[FILLER], n_discard=["Aether Shock"],
                                    spells=[NO_SPELLS, [["Spark"], [], [], []]], discard=[[], ["Kindle"]])


def test_card_decimate_unleash_twice_and_a_player_gains_two_charges() -> None:
    d = make("Decimate")
    g = at_nemesis_turn(d)
    assert g.decision.kind == "or" and g.decision.options == [("choose", 0), ("choose", 1)]
    choose(g, ("choose", 0))
    choose(g, ("player", 1))
    at_p1_main(g)
    assert now(g) == after_p1_drawn(d, fury=3, charges=[0, 2], n_deck=[FILLER], n_discard=["Decimate"])


def test_card_decimate_gravehold_branch() -> None:
    d = make("Decimate")
    g = turn(d, ("choose", 1))
    assert now(g) == after_p1_drawn(d, gravehold=26, n_deck=[FILLER], n_discard=["Decimate"])


def test_P_7_decimate_gives_way_to_gravehold_when_every_charge_slot_is_full() -> None:
    d = make("Decimate", p0={"charges": 5}, p1={"charges": 5})
    g = at_nemesis_turn(d)
    at_p1_main(g)  # no OR asked: nobody can gain 2 charges, Gravehold can suffer 4
    assert any(e["event"] == "forced" and e["kind"] == "or" for e in g.events)
    assert now(g) == after_p1_drawn(d, gravehold=26, n_deck=[FILLER], n_discard=["Decimate"])


def test_P_7_decimate_room_for_one_charge_is_not_room_for_two() -> None:
    """The reading: "gains 2 charges" is carried out completely only with two free slots."""
    d = make("Decimate", p0={"charges": 5}, p1={"charges": 4})
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == after_p1_drawn(d, gravehold=26, n_deck=[FILLER], n_discard=["Decimate"])


def test_P_7_decimate_offered_when_one_player_has_room_for_both_charges() -> None:
    d = make("Decimate", p0={"charges": 5}, p1={"charges": 3})
    g = at_nemesis_turn(d)
    assert g.decision.kind == "or" and g.decision.options == [("choose", 0), ("choose", 1)]
    choose(g, ("choose", 0))
    choose(g, ("player", 1))
    at_p1_main(g)
    assert now(g) == after_p1_drawn(d, fury=3, charges=[5, 5], n_deck=[FILLER], n_discard=["Decimate"])


def test_card_blind_enigma_N_5_one_damage_at_tier_one() -> None:
    d = make(in_play=(minion("Blind Enigma"),))
    g = turn(d, ("player", 0))
    assert now(g) == after_p1_drawn(d, life=[9, 10], n_deck=[], in_play=[("Blind Enigma", 7, 0), (FILLER, 11, 0)])


def test_card_blind_enigma_N_5_three_damage_from_tier_two() -> None:
    d = make(in_play=(minion("Blind Enigma"),), discard=("Smite",))
    g = turn(d, ("player", 0))
    assert now(g) == after_p1_drawn(d, life=[7, 10], n_deck=[], in_play=[("Blind Enigma", 7, 0), (FILLER, 11, 0)])
    hits = [e["amount"] for e in g.events if e["event"] == "player_damage"]
    assert hits == [3]  # one hit, not 1 and then 2


def test_card_planar_collision_na_power_unleashes_twice() -> None:
    d = make(in_play=(power("Planar Collision (NA)"),))
    g = turn(d)
    assert now(g) == after_p1_drawn(d, fury=3, n_deck=[], n_discard=["Planar Collision (NA)"],
                                    in_play=[(FILLER, 11, 0)])


def test_card_planar_collision_na_P_14_pay_by_discarding_two_prepped_spells() -> None:
    ok = {"breaches": prepped(["Spark"], ["Kindle"], ["Jagged Lightning"])}
    short = {"breaches": prepped(["Spark"]), "aether": 9, "hand": ["Crystal"] * 5}
    check_pay("Planar Collision (NA)", ok=ok, short=short, picks=[("spell", 0, 1, 0), ("spell", 0, 0, 0)],
              spells=[[[], [], ["Jagged Lightning"], []], NO_SPELLS], discard=[["Kindle", "Spark"], []])


def test_card_spirit_snare_N_6_the_player_holding_a_spell_discards_it_and_suffers_two() -> None:
    d = make(in_play=(power("Spirit Snare"),), p1={"hand": ["Crystal", "Spark"]})
    g = turn(d)  # only Mist holds a spell: nothing to ask
    assert now(g) == after_p1_drawn(d, fury=2, life=[10, 8], n_deck=[], n_discard=["Spirit Snare"],
                                    in_play=[(FILLER, 11, 0)], hand=[["Crystal"], ["Crystal"]], discard=[[], ["Spark"]])


def test_card_spirit_snare_P_14_pay_with_a_card_costing_five_or_more() -> None:
    check_pay("Spirit Snare", ok={"hand": ["Crystal", "Erratic Ingot"]}, short={"hand": ["Crystal", "Scoria Slag"]},
              hand=[["Crystal"], ["Crystal"]], discard=[["Erratic Ingot"], []])


# =========================================================================== tier 2


def test_card_dement_the_costliest_card_in_hand_goes_on_top_of_the_deck() -> None:
    d = make("Dement", p1={"hand": ["Crystal", "Kindle", "Spark"], "deck": ["Spark"]})
    g = turn(d, ("player", 1))
    assert now(g) == after_p1_drawn(d, fury=3, life=[10, 9], n_deck=[FILLER], n_discard=["Dement"],
                                    hand=[["Crystal"], ["Crystal", "Spark"]], deck=[[], ["Kindle", "Spark"]])
    assert [e for e in g.events if e["event"] == "to_deck"][0]["card"] == "Kindle"


def test_card_decay_a_player_branch() -> None:
    d = make("Decay")
    g = turn(d, ("choose", 0), ("player", 1))
    assert now(g) == after_p1_drawn(d, fury=3, life=[10, 7], n_deck=[FILLER], n_discard=["Decay"])


def test_card_decay_gravehold_branch() -> None:
    d = make("Decay")
    g = turn(d, ("choose", 1))
    assert now(g) == after_p1_drawn(d, fury=3, gravehold=27, n_deck=[FILLER], n_discard=["Decay"])


def test_card_culling_scythe_power_lowest_life_suffers_four() -> None:
    d = make(in_play=(power("Culling Scythe"),), p1={"life": 6})
    g = turn(d)
    assert now(g) == after_p1_drawn(d, fury=2, life=[10, 2], n_deck=[], n_discard=["Culling Scythe"],
                                    in_play=[(FILLER, 11, 0)])


def test_card_culling_scythe_P_14_pay_seven_aether() -> None:
    check_pay("Culling Scythe", ok={"aether": 7}, short={"aether": 6}, aether=[0, 0])


def test_card_fugue_N_6_three_discards_by_the_one_who_can_then_damage() -> None:
    d = make("Fugue", p1={"hand": ["Crystal", "Spark", "Kindle", "Crystal"]})
    g = at_nemesis_turn(d)
    assert g.decision.kind == "discard" and g.decision.player == 1  # no Unleash; Mist alone holds three
    choose(g, ("card", "Spark"))
    choose(g, ("card", "Kindle"))
    at_p1_main(g)
    assert now(g) == after_p1_drawn(d, life=[10, 8], n_deck=[FILLER], n_discard=["Fugue"],
                                    hand=[["Crystal"], ["Crystal"]], discard=[[], ["Spark", "Kindle", "Crystal"]])


def test_card_volcanic_zala_a_player_loses_two_charges_branch() -> None:
    d = make(in_play=(minion("Volcanic Zala"),), p1={"charges": 3})
    g = turn(d, ("choose", 1))  # only Mist has charges
    assert now(g) == after_p1_drawn(d, charges=[0, 1], n_deck=[], in_play=[("Volcanic Zala", 10, 0), (FILLER, 11, 0)])


def test_card_volcanic_zala_gravehold_branch() -> None:
    d = make(in_play=(minion("Volcanic Zala"),), p1={"charges": 3})
    g = turn(d, ("choose", 0))
    assert now(g) == after_p1_drawn(d, gravehold=27, n_deck=[], in_play=[("Volcanic Zala", 10, 0), (FILLER, 11, 0)])


def test_card_volcanic_zala_N_6_without_two_charges_anywhere_gravehold_suffers() -> None:
    d = make(in_play=(minion("Volcanic Zala"),), p1={"charges": 1})
    g = turn(d)  # only the Gravehold branch resolves in full: no question
    assert now(g) == after_p1_drawn(d, gravehold=27, n_deck=[], in_play=[("Volcanic Zala", 10, 0), (FILLER, 11, 0)])


def test_card_portal_guardian_unleash_and_a_player_suffers_one() -> None:
    d = make(in_play=(minion("Portal Guardian"),))
    g = turn(d, ("player", 0))
    assert now(g) == after_p1_drawn(d, fury=2, life=[9, 10], n_deck=[],
                                    in_play=[("Portal Guardian", 8, 0), (FILLER, 11, 0)])


def test_card_obliterating_meteor_power_unleash_twice_gravehold_suffers_three() -> None:
    d = make(in_play=(power("Obliterating Meteor"),))
    g = turn(d)
    assert now(g) == after_p1_drawn(d, fury=3, gravehold=27, n_deck=[], n_discard=["Obliterating Meteor"],
                                    in_play=[(FILLER, 11, 0)])


def test_card_obliterating_meteor_P_14_pay_by_discarding_four_cards() -> None:
    check_pay("Obliterating Meteor", ok={"hand": ["Crystal", "Spark", "Crystal", "Kindle"], "charges": 5},
              short={"hand": ["Crystal", "Spark", "Crystal"], "aether": 9},
              picks=[("card", "Kindle"), ("card", "Crystal"), ("card", "Spark")],
              hand=[[], ["Crystal"]], discard=[["Kindle", "Crystal", "Spark", "Crystal"], []])


def test_card_mutilate_na_two_prepped_spells_of_the_players_choice_then_damage() -> None:
    p1 = {"breaches": prepped(["Spark"], ["Kindle"], ["Conjure the Lost"])}
    d = make("Mutilate (NA)", p0={"charges": 5}, p1=p1)
    g = at_nemesis_turn(d)
    assert g.decision.kind == "spell"
    assert g.decision.options == [("spell", 1, 0, 0), ("spell", 1, 1, 0), ("spell", 1, 2, 0)]
    choose(g, ("spell", 1, 0, 0))
    choose(g, ("spell", 1, 1, 0))
    choose(g, ("player", 0))
    at_p1_main(g)
    assert now(g) == after_p1_drawn(d, fury=2, life=[8, 10], n_deck=[FILLER], n_discard=["Mutilate (NA)"],
                                    spells=[NO_SPELLS, [[], [], ["Conjure the Lost"], []]],
                                    discard=[[], ["Spark", "Kindle"]])


def test_card_needlemaw_na_gravehold_suffers_two() -> None:
    d = make(in_play=(minion("Needlemaw (NA)"),))
    g = turn(d)
    assert now(g) == after_p1_drawn(d, gravehold=28, n_deck=[], in_play=[("Needlemaw (NA)", 11, 0), (FILLER, 11, 0)])


def test_card_morbid_gyre_na_power_unleash_twice_and_three_discards_between_players() -> None:
    d = make(in_play=(power("Morbid Gyre (NA)"),), p0={"hand": ["Crystal", "Spark"]}, p1={"hand": ["Spark", "Crystal"]})
    g = turn(d, ("player", 1), ("card", "Spark"), ("player", 1), ("card", "Spark"))
    assert now(g) == after_p1_drawn(d, fury=3, n_deck=[], n_discard=["Morbid Gyre (NA)"], in_play=[(FILLER, 11, 0)],
                                    hand=[["Crystal"], []], discard=[["Spark"], ["Spark", "Crystal"]])


def test_card_morbid_gyre_na_P_14_pay_seven_aether() -> None:
    check_pay("Morbid Gyre (NA)", ok={"aether": 7}, short={"aether": 6}, aether=[0, 0])


def test_card_gravity_splinter_power_the_fewest_opened_breaches_suffers_three() -> None:
    d = make(in_play=(power("Gravity Splinter"),), p1={"breaches": [dict(OPEN), dict(OPEN), closed(0), closed(2)]})
    g = turn(d)
    assert now(g) == after_p1_drawn(d, fury=3, life=[7, 10], n_deck=[], n_discard=["Gravity Splinter"],
                                    in_play=[(FILLER, 11, 0)])


def test_card_gravity_splinter_N_6_a_tie_is_the_players_choice() -> None:
    d = make(in_play=(power("Gravity Splinter"),))
    g = at_nemesis_turn(d)
    assert g.decision.kind == "player" and g.decision.options == [("player", 0), ("player", 1)]
    choose(g, ("player", 1))
    at_p1_main(g)
    assert now(g) == after_p1_drawn(d, fury=3, life=[10, 7], n_deck=[], n_discard=["Gravity Splinter"],
                                    in_play=[(FILLER, 11, 0)])


def test_card_gravity_splinter_P_14_pay_seven_aether() -> None:
    check_pay("Gravity Splinter", ok={"aether": 7}, short={"aether": 6}, aether=[0, 0])


# =========================================================================== tier 3


def test_card_eliminate_unleash_three_times_branch() -> None:
    d = make("Eliminate", fury=0)
    g = turn(d, ("choose", 0))
    assert now(g) == after_p1_drawn(d, fury=3, n_deck=[FILLER], n_discard=["Eliminate"])


def test_card_eliminate_gravehold_branch() -> None:
    d = make("Eliminate", fury=0)
    g = turn(d, ("choose", 1), ("choose", 0))
    assert now(g) == after_p1_drawn(d, gravehold=24, n_deck=[FILLER], n_discard=["Eliminate"])


def test_card_eliminate_a_player_branch() -> None:
    d = make("Eliminate", fury=0)
    g = turn(d, ("choose", 1), ("choose", 1), ("player", 1))
    assert now(g) == after_p1_drawn(d, life=[10, 5], n_deck=[FILLER], n_discard=["Eliminate"])


def test_card_crushing_storm_power_unleash_three_times() -> None:
    d = make(in_play=(power("Crushing Storm"),), fury=0)
    g = turn(d)
    assert now(g) == after_p1_drawn(d, fury=3, n_deck=[], n_discard=["Crushing Storm"], in_play=[(FILLER, 11, 0)])


def test_card_crushing_storm_P_14_pay_by_destroying_two_opened_breaches() -> None:
    ok = {"breaches": prepped(["Spark"], [])}
    short = {"breaches": prepped(["Spark"]), "aether": 20}
    g = check_pay("Crushing Storm", ok=ok, short=short, picks=[("breach", 0)],
                  spells=[NO_SPELLS, NO_SPELLS], discard=[["Spark"], []],
                  breaches=[["destroyed", "destroyed", "closed", "closed"], ["open", "closed", "closed", "closed"]])
    assert [e["breach"] for e in g.events if e["event"] == "breach_destroyed"] == [0, 1]


def test_card_crushing_storm_P_14_a_two_breach_spell_goes_with_either_half() -> None:
    ok = {"breaches": [dict(OPEN, spells=["Crystallize"]), dict(OPEN, covered_by=0), dict(OPEN), closed(0)]}
    d = make(in_play=(power("Crushing Storm", 1),), p0=ok)
    g = at_main(d, 0)
    choose(g, ("pay", "Crushing Storm"))
    assert g.decision.kind == "breach" and g.decision.options == [("breach", 0), ("breach", 1), ("breach", 2)]
    choose(g, ("breach", 1))
    choose(g, ("breach", 2))
    at_main_of(g, 0)
    assert now(g) == expect(d, in_play=[], n_discard=["Crushing Storm"], spells=[NO_SPELLS, NO_SPELLS],
                            discard=[["Crystallize"], []], breaches=[["open", "destroyed", "destroyed", "closed"],
                                                                     ["open", "closed", "closed", "closed"]])
    assert g.state.players[0].breaches[1].covered_by == -1


def test_card_gnashing_maw_a_cheap_spell_destroyed_means_more() -> None:
    d = make(in_play=(power("Gnashing Maw"),), p1={"breaches": prepped(["Kindle"])})
    g = turn(d, ("player", 0))
    assert now(g) == after_p1_drawn(d, fury=3, life=[7, 10], n_deck=[], n_discard=["Gnashing Maw"],
                                    in_play=[(FILLER, 11, 0)], spells=[NO_SPELLS, NO_SPELLS], destroyed=["Kindle"])


def test_card_gnashing_maw_a_costly_spell_destroyed_is_all() -> None:
    d = make(in_play=(power("Gnashing Maw"),), p1={"breaches": prepped(["Kindle"], ["Conjure the Lost"])})
    g = turn(d)
    assert now(g) == after_p1_drawn(d, fury=2, n_deck=[], n_discard=["Gnashing Maw"], in_play=[(FILLER, 11, 0)],
                                    spells=[NO_SPELLS, [["Kindle"], [], [], []]], destroyed=["Conjure the Lost"])


def test_card_gnashing_maw_N_6_nothing_prepped_nothing_more() -> None:
    d = make(in_play=(power("Gnashing Maw"),))
    g = turn(d)
    assert now(g) == after_p1_drawn(d, fury=2, n_deck=[], n_discard=["Gnashing Maw"], in_play=[(FILLER, 11, 0)])


def test_card_disperse_damage_and_the_costliest_card_in_hand_is_destroyed() -> None:
    d = make("Disperse", p1={"hand": ["Crystal", "Kindle"]})
    g = turn(d, ("player", 1))
    assert now(g) == after_p1_drawn(d, fury=3, life=[10, 8], n_deck=[FILLER], n_discard=["Disperse"],
                                    hand=[["Crystal"], ["Crystal"]], destroyed=["Kindle"])


def test_card_gore_three_discards_then_two_damage_per_costly_card_left() -> None:
    p1 = {"hand": ["Kindle", "Crystal", "Spark", "Frozen Magmite", "Jagged Lightning"]}
    d = make("Gore", p1=p1)
    g = at_nemesis_turn(d)  # Mist holds the costliest card: she is not asked for
    assert g.decision.kind == "discard" and g.decision.player == 1
    for c in ("Crystal", "Spark", "Kindle"):
        choose(g, ("card", c))
    at_p1_main(g)
    assert now(g) == after_p1_drawn(d, fury=3, life=[10, 6], n_deck=[FILLER], n_discard=["Gore"],
                                    hand=[["Crystal"], ["Frozen Magmite", "Jagged Lightning"]],
                                    discard=[[], ["Crystal", "Spark", "Kindle"]])
    assert [e["amount"] for e in g.events if e["event"] == "player_damage"] == [4]


def test_card_gore_N_6_a_tie_for_the_costliest_card_is_the_players_choice() -> None:
    d = make("Gore", p0={"hand": ["Kindle", "Crystal", "Spark", "Frozen Magmite"]},
             p1={"hand": ["Jagged Lightning", "Spark", "Crystal"]})
    g = at_nemesis_turn(d)
    assert g.decision.kind == "player" and g.decision.options == [("player", 0), ("player", 1)]
    choose(g, ("player", 0))
    for c in ("Crystal", "Spark", "Kindle"):
        choose(g, ("card", c))
    at_p1_main(g)
    assert now(g) == after_p1_drawn(d, fury=3, life=[8, 10], n_deck=[FILLER], n_discard=["Gore"],
                                    hand=[["Frozen Magmite"], ["Jagged Lightning", "Spark", "Crystal"]],
                                    discard=[["Crystal", "Spark", "Kindle"], []])


def test_card_hex_of_destruction_P_16_destroys_on_through_the_turned_over_discard() -> None:
    p1 = {"deck": ["Spark", "Kindle"], "discard": ["Crystal", "Jagged Lightning", "Crystal"]}
    d = make(in_play=(power("Hex of Destruction"),), p1=p1)
    g = turn(d, ("player", 1))
    assert now(g) == after_p1_drawn(d, fury=3, gravehold=26, n_deck=[], n_discard=["Hex of Destruction"],
                                    in_play=[(FILLER, 11, 0)], deck=[[], ["Crystal"]], discard=[[], []],
                                    destroyed=["Spark", "Kindle", "Crystal", "Jagged Lightning"])


def test_card_hex_of_destruction_P_14_pay_eight_aether() -> None:
    check_pay("Hex of Destruction", ok={"aether": 8}, short={"aether": 7}, aether=[0, 0])


def test_card_eternal_watcher_damage_and_no_healing_above_six() -> None:
    d = make(in_play=(minion("Eternal Watcher", 7),))
    g = turn(d, ("player", 1))
    assert now(g) == after_p1_drawn(d, life=[10, 7], n_deck=[], in_play=[("Eternal Watcher", 7, 0), (FILLER, 11, 0)])


def test_card_eternal_watcher_at_six_life_it_gains_three() -> None:
    d = make(in_play=(minion("Eternal Watcher", 6),))
    g = turn(d, ("player", 0))
    assert now(g) == after_p1_drawn(d, life=[7, 10], n_deck=[], in_play=[("Eternal Watcher", 9, 0), (FILLER, 11, 0)])


def test_card_sunder_na_gravehold_and_lowest_life_branch() -> None:
    d = make("Sunder (NA)", p1={"life": 6}, turn_order={"deck": ["P1", "P2", "N"], "discard": ["N"]})
    g = turn(d, ("choose", 0))
    assert now(g) == after_p1_drawn(d, gravehold=26, life=[10, 2], n_deck=[FILLER], n_discard=["Sunder (NA)"])


def test_card_sunder_na_shuffles_the_nemesis_turn_order_cards_back() -> None:
    d = make("Sunder (NA)", turn_order={"deck": ["P1", "P2"], "discard": ["N", "P2", "N"]})
    g = support.nemesis_turn_then_p1(d)
    choose(g, ("choose", 1))
    at_main_of(g, 0)
    assert sorted(g.state.to_deck) == ["N", "N", "P1", "P2"]
    assert now(g) == expect(d, n_deck=[FILLER], n_discard=["Sunder (NA)"], to_deck=g.state.to_deck, to_discard=["P2"])


def test_card_sunder_na_N_6_no_nemesis_card_discarded_only_the_damage_resolves() -> None:
    d = make("Sunder (NA)")
    g = turn(d, ("player", 1))  # both at 10 life: the players pick
    assert now(g) == after_p1_drawn(d, gravehold=26, life=[10, 6], n_deck=[FILLER], n_discard=["Sunder (NA)"])


def test_card_topple_na_unleash_twice_and_gravehold_suffers_four() -> None:
    d = make("Topple (NA)")
    g = turn(d)
    assert now(g) == after_p1_drawn(d, fury=3, gravehold=26, n_deck=[FILLER], n_discard=["Topple (NA)"])


def test_card_monstrosity_of_omens_na_gravehold_suffers_its_current_life() -> None:
    d = make(in_play=(minion("Monstrosity of Omens (NA)", 3),))
    g = turn(d)
    assert now(g) == after_p1_drawn(d, gravehold=27, n_deck=[],
                                    in_play=[("Monstrosity of Omens (NA)", 3, 0), (FILLER, 11, 0)])


def test_card_monstrosity_of_omens_na_P_4_each_damage_is_reduced_to_one() -> None:
    d = make(in_play=(minion("Monstrosity of Omens (NA)"),))
    g = run_steps(d, [("damage", 6)])
    choose(g, ("target", "Monstrosity of Omens (NA)"))
    assert now(g) == expect(d, in_play=[("Monstrosity of Omens (NA)", 4, 0)])


def test_card_doom_aegis_na_power_unleash_then_most_charges_suffers_four_and_loses_them() -> None:
    d = make(in_play=(power("Doom Aegis (NA)"),), p0={"charges": 1}, p1={"charges": 3})
    g = turn(d)
    assert now(g) == after_p1_drawn(d, fury=2, life=[10, 6], charges=[1, 0], n_deck=[], n_discard=["Doom Aegis (NA)"],
                                    in_play=[(FILLER, 11, 0)])


def test_card_doom_aegis_na_P_14_pay_seven_aether() -> None:
    check_pay("Doom Aegis (NA)", ok={"aether": 7}, short={"aether": 6}, aether=[0, 0])


# =========================================================================== upgraded basics


def test_card_hissing_acid_a_player_card_on_top_means_three_unleashes() -> None:
    d = make(in_play=(power("Hissing Acid"),), fury=0, turn_order={"deck": ["P2", "N", "P1"], "discard": ["P1"]})
    g = support.nemesis_turn_then_p1(d)
    at_main_of(g, 0)  # the revealed card stays on top
    assert now(g) == expect(d, fury=3, n_deck=[], n_discard=["Hissing Acid"], in_play=[(FILLER, 11, 0)])


def test_card_hissing_acid_a_nemesis_card_on_top_means_five_damage() -> None:
    d = make(in_play=(power("Hissing Acid"),), turn_order={"deck": ["N", "P1"], "discard": ["P1"]})
    g = support.nemesis_turn_then_p1(d)
    choose(g, ("player", 1))
    at_main_of(g, 0)
    assert now(g) == expect(d, life=[10, 5], n_deck=[], n_discard=["Hissing Acid"], in_play=[(FILLER, 11, 0)])


def test_card_hissing_acid_P_14_pay_six_aether() -> None:
    check_pay("Hissing Acid", ok={"aether": 6}, short={"aether": 5}, aether=[0, 0])


def test_card_wreck_unleash_twice_and_gravehold_suffers_one() -> None:
    d = make("Wreck")
    g = turn(d)
    assert now(g) == after_p1_drawn(d, fury=3, gravehold=29, n_deck=[FILLER], n_discard=["Wreck"])


def test_card_bane_commander_unleash_and_a_player_suffers_one() -> None:
    d = make(in_play=(minion("Bane Commander"),))
    g = turn(d, ("player", 1))
    assert now(g) == after_p1_drawn(d, fury=2, life=[10, 9], n_deck=[],
                                    in_play=[("Bane Commander", 6, 0), (FILLER, 11, 0)])


def test_card_sky_tremor_power_unleash_twice_and_gravehold_suffers_four() -> None:
    d = make(in_play=(power("Sky Tremor"),))
    g = turn(d)
    assert now(g) == after_p1_drawn(d, fury=3, gravehold=26, n_deck=[], n_discard=["Sky Tremor"],
                                    in_play=[(FILLER, 11, 0)])


def test_card_sky_tremor_P_14_pay_seven_aether() -> None:
    check_pay("Sky Tremor", ok={"aether": 7}, short={"aether": 6}, aether=[0, 0])


def test_card_engulfing_madness_power_unleash_twice_and_a_player_suffers_four() -> None:
    d = make(in_play=(power("Engulfing Madness"),))
    g = turn(d, ("player", 1))
    assert now(g) == after_p1_drawn(d, fury=3, life=[10, 6], n_deck=[], n_discard=["Engulfing Madness"],
                                    in_play=[(FILLER, 11, 0)])


def test_card_engulfing_madness_P_14_pay_eight_aether() -> None:
    check_pay("Engulfing Madness", ok={"aether": 8}, short={"aether": 7}, aether=[0, 0])


def test_card_separate_the_costliest_prepped_spell_is_discarded() -> None:
    d = make("Separate", p1={"breaches": prepped(["Kindle"], ["Conjure the Lost"])})
    g = turn(d)
    assert now(g) == after_p1_drawn(d, fury=3, gravehold=28, n_deck=[FILLER], n_discard=["Separate"],
                                    spells=[NO_SPELLS, [["Kindle"], [], [], []]], discard=[[], ["Conjure the Lost"]])


def test_card_separate_N_6_a_tie_is_the_players_choice() -> None:
    d = make("Separate", p0={"breaches": prepped(["Kindle"])}, p1={"breaches": prepped(["Jagged Lightning"])})
    g = at_nemesis_turn(d)
    assert g.decision.kind == "spell" and g.decision.options == [("spell", 0, 0, 0), ("spell", 1, 0, 0)]
    choose(g, ("spell", 0, 0, 0))
    at_p1_main(g)
    assert now(g) == after_p1_drawn(d, fury=3, gravehold=28, n_deck=[FILLER], n_discard=["Separate"],
                                    spells=[NO_SPELLS, [["Jagged Lightning"], [], [], []]], discard=[["Kindle"], []])


def test_card_needle_doom_unleash_and_gravehold_suffers_two() -> None:
    d = make(in_play=(minion("Needle Doom"),))
    g = turn(d)
    assert now(g) == after_p1_drawn(d, fury=2, gravehold=28, n_deck=[],
                                    in_play=[("Needle Doom", 12, 0), (FILLER, 11, 0)])


def test_card_marked_unleash_twice_and_the_lowest_life_suffers_three() -> None:
    d = make("Marked", p0={"life": 5})
    g = turn(d)
    assert now(g) == after_p1_drawn(d, fury=3, life=[2, 10], n_deck=[FILLER], n_discard=["Marked"])


def test_card_eradicate_the_three_costliest_cards_in_hand_are_discarded() -> None:
    p1 = {"hand": ["Kindle", "Conjure the Lost", "Crystal", "Spark", "Jagged Lightning"]}
    d = make("Eradicate", p1=p1)
    g = at_nemesis_turn(d)  # only Mist can lose three; Conjure the Lost goes at once, then a tie
    assert g.decision.kind == "discard" and g.decision.options == [("card", "Jagged Lightning"), ("card", "Kindle")]
    choose(g, ("card", "Kindle"))
    at_p1_main(g)
    assert now(g) == after_p1_drawn(d, fury=3, n_deck=[FILLER], n_discard=["Eradicate"],
                                    hand=[["Crystal"], ["Crystal", "Spark"]],
                                    discard=[[], ["Conjure the Lost", "Kindle", "Jagged Lightning"]])


def test_card_flash_of_decay_a_cheap_spell_destroyed_unleashes_again() -> None:
    d = make(in_play=(power("Flash of Decay"),), fury=0, p1={"breaches": prepped(["Kindle"])})
    g = turn(d)
    assert now(g) == after_p1_drawn(d, fury=3, n_deck=[], n_discard=["Flash of Decay"], in_play=[(FILLER, 11, 0)],
                                    spells=[NO_SPELLS, NO_SPELLS], destroyed=["Kindle"])


def test_card_flash_of_decay_a_costly_spell_destroyed_is_all() -> None:
    d = make(in_play=(power("Flash of Decay"),), fury=0, p1={"breaches": prepped(["Conjure the Lost"])})
    g = turn(d)
    assert now(g) == after_p1_drawn(d, fury=2, n_deck=[], n_discard=["Flash of Decay"], in_play=[(FILLER, 11, 0)],
                                    spells=[NO_SPELLS, NO_SPELLS], destroyed=["Conjure the Lost"])


def test_card_flash_of_decay_nothing_prepped_unleashes_again() -> None:
    d = make(in_play=(power("Flash of Decay"),), fury=0)
    g = turn(d)
    assert now(g) == after_p1_drawn(d, fury=3, n_deck=[], n_discard=["Flash of Decay"], in_play=[(FILLER, 11, 0)])


def test_card_terrify_N_6_two_cards_destroyed_by_the_one_who_can() -> None:
    d = make("Terrify", fury=0, p1={"hand": ["Crystal", "Spark", "Kindle"]})
    g = turn(d, ("card", "Kindle"), ("card", "Spark"))
    assert now(g) == after_p1_drawn(d, fury=3, gravehold=28, n_deck=[FILLER], n_discard=["Terrify"],
                                    hand=[["Crystal"], ["Crystal"]], destroyed=["Kindle", "Spark"])


def test_card_ray_of_desolation_the_two_costliest_prepped_spells_are_destroyed() -> None:
    p0 = {"breaches": prepped(["Jagged Lightning"])}
    p1 = {"breaches": prepped(["Conjure the Lost"], ["Kindle"], ["Spark"])}
    d = make(in_play=(power("Ray of Desolation"),), p0=p0, p1=p1)
    g = at_nemesis_turn(d)
    assert g.decision.kind == "spell"  # Conjure the Lost went alone; then two 4-cost spells tie
    assert g.decision.options == [("spell", 0, 0, 0), ("spell", 1, 1, 0)]
    choose(g, ("spell", 0, 0, 0))
    at_p1_main(g)
    assert now(g) == after_p1_drawn(d, fury=3, n_deck=[], n_discard=["Ray of Desolation"], in_play=[(FILLER, 11, 0)],
                                    spells=[NO_SPELLS, [[], ["Kindle"], ["Spark"], []]],
                                    destroyed=["Conjure the Lost", "Jagged Lightning"])


def test_card_thunderous_tempest_both_nemesis_cards_discarded_means_eight() -> None:
    d = make(in_play=(power("Thunderous Tempest"),),
             turn_order={"deck": ["P1", "P2", "P1", "P2"], "discard": ["N", "N"]})
    g = turn(d, ("player", 1))
    assert now(g) == after_p1_drawn(d, fury=2, life=[10, 2], n_deck=[], n_discard=["Thunderous Tempest"],
                                    in_play=[(FILLER, 11, 0)])


def test_card_thunderous_tempest_otherwise_five() -> None:
    d = make(in_play=(power("Thunderous Tempest"),), turn_order={"deck": ["P1", "P2", "N", "P2"], "discard": ["N"]})
    g = turn(d, ("player", 0))
    assert now(g) == after_p1_drawn(d, fury=2, life=[5, 10], n_deck=[], n_discard=["Thunderous Tempest"],
                                    in_play=[(FILLER, 11, 0)])


def test_card_thunderous_tempest_P_14_pay_nine_aether() -> None:
    check_pay("Thunderous Tempest", ok={"aether": 9}, short={"aether": 8}, aether=[0, 0])


def test_card_sacrifice_unleash_four_times_branch() -> None:
    d = make(fury=0)
    g = run_steps(d, list(registry.nemesis_card("Sacrifice").effect), source="Sacrifice")
    choose(g, ("choose", 0))
    at_main_of(g, 0)
    assert now(g) == expect(d, fury=4)


def test_card_sacrifice_gravehold_and_a_player_branch() -> None:
    d = make("Sacrifice")
    g = turn(d, ("choose", 1), ("player", 0))
    assert now(g) == after_p1_drawn(d, gravehold=26, life=[6, 10], n_deck=[FILLER], n_discard=["Sacrifice"])


def test_card_burialskulk_unleashes_twice_each_turn() -> None:
    d = make(in_play=(minion("Burialskulk"),))
    g = turn(d)
    assert now(g) == after_p1_drawn(d, fury=3, n_deck=[], in_play=[("Burialskulk", 18, 0), (FILLER, 11, 0)])


# =========================================================================== the catalogue

#: (type, tier, life, power tokens) of every card, as printed (Monstrosity of Omens: see basics.py)
FACTS = {
    "Drillbeak Wurm": ("minion", 1, 6, 0), "Carriode Colony": ("minion", 1, 4, 0), "Chaos Orb": ("power", 1, 0, 3),
    "Disorient": ("attack", 1, 0, 0), "Rend": ("attack", 1, 0, 0), "Unnerving Howl": ("power", 1, 0, 2),
    "Ceaseless Darkness": ("power", 1, 0, 2), "Aether Shock": ("attack", 1, 0, 0), "Decimate": ("attack", 1, 0, 0),
    "Blind Enigma": ("minion", 1, 7, 0), "Planar Collision (NA)": ("power", 1, 0, 2),
    "Spirit Snare": ("power", 1, 0, 3),
    "Dement": ("attack", 2, 0, 0), "Decay": ("attack", 2, 0, 0), "Culling Scythe": ("power", 2, 0, 2),
    "Fugue": ("attack", 2, 0, 0), "Volcanic Zala": ("minion", 2, 10, 0), "Portal Guardian": ("minion", 2, 8, 0),
    "Obliterating Meteor": ("power", 2, 0, 1), "Mutilate (NA)": ("attack", 2, 0, 0),
    "Needlemaw (NA)": ("minion", 2, 11, 0), "Morbid Gyre (NA)": ("power", 2, 0, 1),
    "Gravity Splinter": ("power", 2, 0, 2),
    "Eliminate": ("attack", 3, 0, 0), "Crushing Storm": ("power", 3, 0, 1), "Gnashing Maw": ("power", 3, 0, 2),
    "Disperse": ("attack", 3, 0, 0), "Gore": ("attack", 3, 0, 0), "Hex of Destruction": ("power", 3, 0, 2),
    "Eternal Watcher": ("minion", 3, 10, 0), "Sunder (NA)": ("attack", 3, 0, 0), "Topple (NA)": ("attack", 3, 0, 0),
    "Monstrosity of Omens (NA)": ("minion", 3, 5, 0), "Doom Aegis (NA)": ("power", 3, 0, 1),
}
UPGRADED_FACTS = {
    "Hissing Acid": ("power", 1, 0, 3), "Wreck": ("attack", 1, 0, 0), "Bane Commander": ("minion", 1, 6, 0),
    "Sky Tremor": ("power", 2, 0, 1), "Engulfing Madness": ("power", 2, 0, 2), "Separate": ("attack", 2, 0, 0),
    "Needle Doom": ("minion", 2, 12, 0), "Marked": ("attack", 2, 0, 0),
    "Eradicate": ("attack", 3, 0, 0), "Flash of Decay": ("power", 3, 0, 2), "Terrify": ("attack", 3, 0, 0),
    "Ray of Desolation": ("power", 3, 0, 1), "Thunderous Tempest": ("power", 3, 0, 2), "Sacrifice": ("attack", 3, 0, 0),
    "Burialskulk": ("minion", 3, 18, 0),
}


def test_card_na_basics_catalogue_holds_every_card_as_printed() -> None:
    assert sorted(NA) == sorted(FACTS) and sorted(UP) == sorted(UPGRADED_FACTS)
    for table, upgraded in ((FACTS, False), (UPGRADED_FACTS, True)):
        for name, facts in table.items():
            c = registry.nemesis_card(name)
            assert (c.type, c.tier, c.life, c.power_tokens) == facts, name
            assert (c.box, c.nemesis, c.deck, c.upgraded, c.shields) == ("NA", None, "nemesis", upgraded, 0), name
            assert bool(c.persistent) == (c.type == "minion"), name
    tiers = [registry.nemesis_card(n).tier for n in NA]
    assert (tiers.count(1), tiers.count(2), tiers.count(3)) == (12, 11, 11)
    tiers = [registry.nemesis_card(n).tier for n in UP]
    assert (tiers.count(1), tiers.count(2), tiers.count(3)) == (3, 5, 7)
    assert registry.box("NA").census()["upgraded_cards"] == 15


@pytest.mark.parametrize("name", NA + UP)
def test_card_na_basic_renders_text(name: str) -> None:
    text = nemesis_card_text(registry.nemesis_card(name))
    assert text.strip() and "(NA)" not in text


def test_card_every_na_basic_and_upgraded_card_has_a_named_test() -> None:
    tests = [n + "_" for n in globals() if n.startswith("test_card_")]
    missing = [c for c in sorted(NA + UP) if not any(f"_{snake(c)}_" in t for t in tests)]
    assert missing == []


# =========================================================================== whole games


@pytest.mark.parametrize("nemesis", sorted(n for n, d in registry.NEMESES.items() if d.box in ("AE", "WE")))
def test_card_na_basics_seeded_games_finish_against_every_nemesis(nemesis: str) -> None:
    """A seeded game with The New Age's basics against each Aeon's End and War Eternal
    nemesis, at 1-4 players, with random and heuristic agents: it ends, keeps the card
    census, and reloads from JSON."""
    for players in (1, 2, 3, 4):
        for agent in ("random", "heuristic"):
            mages = ["Brama", "Mist", "Adelheim", "Xaxos"][:players]
            g = Game.new(mages=mages, nemesis=nemesis, market="random", seed=players, basics="NA", events=False)
            assert set(g.state.nemesis.deck) - set(registry.nemesis(nemesis).cards) <= set(NA)
            start = card_census(g.state)
            agents = [make_agent(agent, i) for i in range(players)]
            steps = 0
            while not g.over:
                d = g.decision
                assert d is not None and steps < 20000
                seat = d.seat
                g.apply(agents[seat].choose(d, partial(g.view_for, seat)))
                steps += 1
            assert card_census(g.state) == start
            assert g.result in ("win", "loss")
            assert Game.from_json(g.to_json()) == g


@settings(max_examples=25, deadline=None)
@given(seed=hs.integers(0, 10_000), players=hs.integers(1, 4))
def test_card_na_basics_random_games_keep_the_census_with_tier_3_drawn_first(seed: int, players: int) -> None:
    """Random play rarely lives to tier 3: here the deck's tier 3 basics are moved to its top."""
    mages = ["Brama", "Mist", "Adelheim", "Xaxos"][:players]
    g = Game.new(mages=mages, nemesis="Rageborne", basics="NA", seed=seed, events=False)
    n = g.state.nemesis
    first = [c for c in n.deck if c in NA and registry.nemesis_card(c).tier == 3]
    n.deck = first + [c for c in n.deck if c not in first]
    start = card_census(g.state)
    r = random.Random(seed)
    while not g.over:
        acts = g.legal_actions()
        rest = [a for a in acts if a[0] not in ("end_main", "end_casting")]
        g.apply(r.choice(rest) if rest and r.random() < 0.9 else r.choice(acts))
        assert card_census(g.state) == start
    assert g.result in ("win", "loss")


# =========================================================================== shown names

#: the New Age basics whose printed name another box's basic card bears
CLASHES = {"Planar Collision": "WE", "Mutilate": "WE", "Needlemaw": "AE", "Morbid Gyre": "WE", "Sunder": "AE",
           "Topple": "AE", "Monstrosity of Omens": "WE", "Doom Aegis": "AE"}
runner = CliRunner()


def test_shown_name_each_clash_is_catalogued_apart_and_shown_as_printed() -> None:
    for name, other in CLASHES.items():
        na = registry.nemesis_card(f"{name} (NA)")
        assert (na.name, na.shown, na.box) == (f"{name} (NA)", name, "NA")
        assert registry.nemesis_card(name).box == other and registry.nemesis_card(name).shown is None
        assert registry.shown(f"{name} (NA)") == registry.shown(name) == name
    assert registry.shown("Needlemaw (NA)#2") == "Needlemaw#2"  # a second copy in play
    assert registry.shown("Rend") == "Rend" and registry.shown("nemesis") == "nemesis"
    shown_alike = {registry.shown(n) for n, c in registry.NEMESIS_CARDS.items()
                   if registry.shown(n) != n and c.box == "NA"}  # later boxes have clashes of their own
    assert shown_alike == set(CLASHES)


def test_shown_name_a_lookup_of_a_shared_name_is_ambiguous_unless_a_box_is_named() -> None:
    with pytest.raises(AmbiguousName) as e:
        registry.find_nemesis_card("mutilate")
    msg = str(e.value)
    assert "ambiguous" in msg and "'Mutilate (NA)'" in msg and "'Mutilate'" in msg and "NA or WE" in msg
    assert registry.find_nemesis_card("Mutilate", box="NA").name == "Mutilate (NA)"
    assert registry.find_nemesis_card("mutilate", box="War Eternal").name == "Mutilate"
    assert registry.find_nemesis_card("Mutilate (NA)").name == "Mutilate (NA)"
    assert registry.find_nemesis_card("decay").name == "Decay"  # a name no other box shares
    with pytest.raises(UnknownName, match="unknown nemesis card 'Mutilate'"):
        registry.find_nemesis_card("Mutilate", box="AE")
    with pytest.raises(UnknownName, match="Did you mean: Rend"):
        registry.find_nemesis_card("Rnd")


def test_shown_name_the_cli_catalogue_shows_both_copies_with_their_boxes() -> None:
    r = runner.invoke(app, ["nemeses", "--cards", "basic", "--search", "Mutilate", "--json"])
    rows = json.loads(r.stdout)
    assert sorted((x["name"], x["id"], x["box"]) for x in rows) == [
        ("Mutilate", "Mutilate", "WE"), ("Mutilate", "Mutilate (NA)", "NA")]
    r = runner.invoke(app, ["nemeses", "--cards", "basic", "--search", "Mutilate"], env={"COLUMNS": "200"})
    assert r.exit_code == 0 and "(NA)" not in r.output
    lines = [line for line in r.output.splitlines() if "│ Mutilate" in line]
    assert len(lines) == 2 and "│ NA " in lines[0] + lines[1] and "│ WE " in lines[0] + lines[1]
    upgraded = json.loads(runner.invoke(app, ["nemeses", "--cards", "upgraded", "--box", "NA", "--json"]).stdout)
    assert sorted(x["name"] for x in upgraded) == sorted(UP) and all(x["upgraded"] for x in upgraded)
    basics = json.loads(runner.invoke(app, ["nemeses", "--cards", "basic", "--box", "NA", "--json"]).stdout)
    assert sorted(x["id"] for x in basics) == sorted(NA) and not any(x["upgraded"] for x in basics)


def test_shown_name_the_cli_card_lookup_refuses_an_ambiguous_name_and_takes_a_box() -> None:
    r = runner.invoke(app, ["nemeses", "--card", "Mutilate"])
    assert r.exit_code == 2 and "ambiguous" in r.output and "Traceback" not in r.output
    assert "Mutilate (NA)" in r.output and "War Eternal" in r.output
    row = json.loads(runner.invoke(app, ["nemeses", "--card", "Mutilate", "--box", "NA", "--json"]).stdout)
    assert (row["name"], row["id"], row["box"], row["tier"]) == ("Mutilate", "Mutilate (NA)", "NA", 2)
    # in the box's own words by default (--words auto)
    assert row["text"] == words.say(nemesis_card_text(registry.nemesis_card("Mutilate (NA)")), "new_age")
    r = runner.invoke(app, ["nemeses", "--card", "Mutilate", "--box", "NA"], env={"COLUMNS": "200"})
    assert r.exit_code == 0 and "│ Mutilate " in r.output and "(NA)" not in r.output
    r = runner.invoke(app, ["nemeses", "--card", "Mutilat"])
    assert r.exit_code == 2 and "Did you mean" in r.output and "Traceback" not in r.output


def test_shown_name_event_lines_name_the_card_as_printed() -> None:
    assert event_text({"event": "nemesis_draw", "card": "Mutilate (NA)", "type": "attack", "tier": 2}) == \
        "the nemesis draws Mutilate (attack, tier 2)"
    assert event_text({"event": "player_damage", "player": 1, "amount": 2, "source": "Mutilate (NA)",
                       "life": 8}) == "P2 suffers 2 from Mutilate (8 left)"
    assert event_text({"event": "minion_damage", "card": "Needlemaw (NA)#2", "amount": 3, "source": "Spark",
                       "life": 8}) == "Needlemaw#2 suffers 3 (8 left)"
    assert event_text({"event": "revealed", "player": 0, "cards": ["Spark"]}) == "P1 reveals Spark"
    d = make("Mutilate (NA)", p1={"breaches": prepped(["Spark"])})
    g = turn(d, ("player", 1))
    lines = [t for e in g.events if (t := event_text(e))]
    assert "the nemesis draws Mutilate (attack, tier 2)" in lines and not [t for t in lines if "(NA)" in t]


def test_shown_name_the_terminal_board_and_the_options_show_the_printed_name() -> None:
    d = make(in_play=(minion("Needlemaw (NA)"), power("Doom Aegis (NA)", 2)), p0={"aether": 7})
    g = at_main(d, 0)
    pane = nemesis_pane(g.view_for(0), g.engine.tier()).plain
    assert "Needlemaw (life 11)" in pane and "Doom Aegis" in pane and "(NA)" not in pane
    assert label(("pay", "Doom Aegis (NA)")) == "pay to discard Doom Aegis"
    assert describe(g.state, g.decision, ("pay", "Doom Aegis (NA)")).startswith("pay to discard Doom Aegis — ")
    assert label(("target", "Needlemaw (NA)")) == "target Needlemaw"
    assert card_entry("Needlemaw (NA)", "in play").title == "Needlemaw (nemesis minion, tier 2)"


def test_shown_name_the_web_sends_the_shown_name_beside_the_catalogue_name() -> None:
    texts = content_texts()["nemesis_cards"]
    assert (texts["Mutilate (NA)"]["name"], texts["Mutilate (NA)"]["box"]) == ("Mutilate", "NA")
    assert (texts["Mutilate"]["name"], texts["Mutilate"]["box"]) == ("Mutilate", "WE")
    assert texts["Rend"]["name"] == "Rend"
    assert source_card("Doom Aegis (NA)", "Rageborne") == {
        "name": "Doom Aegis", "kind": "nemesis power, tier 3",
        "text": nemesis_card_text(registry.nemesis_card("Doom Aegis (NA)"))}


# =========================================================================== S-10 upgraded basics


def _deck(players: int, ruleset: Any, upgraded: list[str] | None, seed: int = 3,
          basics: str | None = "NA") -> tuple[dict[int, list[str]], dict[int, list[str]], Game]:
    """The nemesis deck's upgraded and basic cards, by tier, of a new game against Rageborne."""
    mages = ["Brama", "Mist", "Adelheim", "Xaxos"][:players]
    g = Game.new(mages=mages, nemesis="Rageborne", basics=basics, seed=seed, ruleset=ruleset, upgraded=upgraded,
                 events=False)
    own = set(registry.nemesis("Rageborne").cards)
    ups: dict[int, list[str]] = {1: [], 2: [], 3: []}
    basic: dict[int, list[str]] = {1: [], 2: [], 3: []}
    for c in g.state.nemesis.deck:
        if c not in own:
            (ups if c in UP else basic)[registry.nemesis_card(c).tier].append(c)
    tiers = [registry.nemesis_card(c).tier for c in g.state.nemesis.deck]
    assert tiers == sorted(tiers)  # tier 1 on top, tier 3 at the bottom (S-6)
    return ups, basic, g


SOME = ["Wreck", "Sky Tremor", "Separate", "Burialskulk", "Terrify"]


@pytest.mark.parametrize("preset", ["na", "log", "oc", "we", "ae"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_S_10_each_upgraded_card_takes_the_place_of_one_basic_card(preset: str, players: int) -> None:
    ups, basic, g = _deck(players, preset, SOME)
    need = {2: (3, 5, 7), 3: (5, 6, 7), 4: (8, 7, 7)}[players]
    assert {t: sorted(c) for t, c in ups.items()} == {1: ["Wreck"], 2: ["Separate", "Sky Tremor"],
                                                      3: ["Burialskulk", "Terrify"]}
    assert [len(ups[t]) + len(basic[t]) for t in (1, 2, 3)] == list(need)
    assert all(c in NA for t in basic for c in basic[t]) and len(set(g.state.nemesis.deck)) == 9 + sum(need)
    assert g.state.config["upgraded"] == SOME


def test_S_10_all_first_solo_caps_true_solo_takes_at_most_one_tier_1_and_three_tier_2() -> None:
    every = list(UP)
    for preset in ("log", "oc"):
        ups, basic, _ = _deck(1, preset, every)
        assert [len(ups[t]) for t in (1, 2, 3)] == [1, 3, 7]  # the solo numbers, filled by upgraded cards
        assert [len(basic[t]) for t in (1, 2, 3)] == [0, 0, 0]
        assert set(ups[1]) <= set(UP[:3]) and len(set(ups[2])) == 3
    # two different seeds may cap to different cards: a random choice, replayed by its seed
    picks = {tuple(_deck(1, "log", every, seed=s)[0][2 - 1]) for s in range(12)}
    assert len(picks) > 1


def test_S_10_replaces_true_solo_has_no_caps_and_upgraded_overflow_all_grows_the_tier() -> None:
    every = list(UP)
    ups, basic, _ = _deck(1, "na", every)
    assert [len(ups[t]) for t in (1, 2, 3)] == [3, 5, 7]  # the tier grows past 1/3/7
    assert [len(basic[t]) for t in (1, 2, 3)] == [0, 0, 0]


def test_S_10_upgraded_overflow_cap_fills_the_number_with_a_random_subset() -> None:
    # the S-6 number of true solo: 1/3/7 (na), the two-player 3/5/7 (we's solo_nemesis_deck)
    for preset, need in (("na", [1, 3, 7]), ("we", [3, 5, 7])):
        ups, basic, _ = _deck(1, {"preset": preset, "upgraded_overflow": "cap"}, list(UP))
        assert [len(ups[t]) for t in (1, 2, 3)] == need
        assert [len(basic[t]) for t in (1, 2, 3)] == [0, 0, 0]
    ups, basic, _ = _deck(2, {"preset": "log", "upgraded_overflow": "cap"}, list(UP))
    assert [len(ups[t]) for t in (1, 2, 3)] == [3, 5, 7]  # no tier overflows with two players


def test_S_10_upgraded_cards_are_never_in_a_deck_unless_the_setup_names_them() -> None:
    for seed in range(20):
        for basics in ("NA", "AE", "WE"):
            _, _, g = _deck(1 + seed % 4, "na", None, seed=seed, basics=basics)
            assert not set(g.state.nemesis.deck) & set(UP)
            assert "upgraded" not in g.state.config
    base = Game.new(mages=["Brama", "Mist"], nemesis="Rageborne", basics="NA", seed=4, events=False)
    assert Game.new(mages=["Brama", "Mist"], nemesis="Rageborne", basics="NA", seed=4, upgraded=[],
                    events=False) == base


def test_S_10_a_setup_with_upgraded_cards_saves_reloads_and_replays() -> None:
    g = Game.new(mages=["Brama", "Mist"], nemesis="Rageborne", basics="NA", seed=8, ruleset="na",
                 upgraded=["hissing acid", "Flash of Decay"])
    assert g.state.config["upgraded"] == ["Hissing Acid", "Flash of Decay"]
    assert Game.from_json(g.to_json()) == g
    cfg = setup_config(g)
    assert cfg["upgraded"] == ["Hissing Acid", "Flash of Decay"]
    assert Game.from_config(cfg).state == g.state
    doc = g.to_dict()
    doc["nemesis"]["deck"].remove("Hissing Acid")  # a card of the setup gone: no game's position
    doc["nemesis"]["discard"].append("Wreck")
    with pytest.raises(StateFormatError):
        Game.from_dict(doc)


@pytest.mark.parametrize(("names", "fault"), [
    (["Wrek"], "unknown nemesis card 'Wrek'. Did you mean: Wreck?"),
    (["Decay"], "Decay is not an upgraded basic nemesis card; the upgraded ones are Bane Commander"),
    (["Wreck", "wreck"], "Wreck is named twice"),
    ("Wreck", "must list upgraded basic nemesis card names"),
])
def test_S_10_bad_upgraded_names_are_refused_naming_them(names: Any, fault: str) -> None:
    with pytest.raises(SetupError, match=re.escape(fault)):
        Game.new(mages=["Brama", "Mist"], nemesis="Rageborne", upgraded=names)


def test_S_10_the_cli_and_the_web_setup_take_upgraded_cards(tmp_path: Path) -> None:
    r = runner.invoke(app, ["play", "--upgraded", "Wreck,Burialskulk", "--basics", "NA", "--quiet", "--json",
                            "--record", str(tmp_path / "g.json")])
    assert r.exit_code == 0, r.output
    rec = json.loads((tmp_path / "g.json").read_text())
    assert rec["config"]["upgraded"] == ["Wreck", "Burialskulk"] and rec["config"]["basics"] == "NA"
    r = runner.invoke(app, ["play", "--upgraded", "Wreck,Decay", "--quiet"])
    assert r.exit_code == 2 and "Decay is not an upgraded basic" in r.output and "Traceback" not in r.output
    web = create_app(f"sqlite:///{tmp_path / 'web.db'}", bot_delay=0.0)
    with TestClient(web) as client:
        seats = [{"mage": "Brama", "bot": "heuristic"}, {"mage": "Mist", "bot": "heuristic"}]
        body = {"seats": seats, "nemesis": "Rageborne", "market": "Deck Destruction", "seed": 2}
        r = client.post("/api/games", json={**body, "basics": "NA", "upgraded": ["Marked"]})
        assert r.status_code == 201, r.text
        config = client.app.state.hub.live[r.json()["id"]].game.state.config  # type: ignore[attr-defined]
        assert (config["basics"], config["upgraded"]) == ("NA", ["Marked"])
        r = client.post("/api/games", json={**body, "upgraded": ["Decay"]})
        assert r.status_code == 422 and "Decay is not an upgraded basic" in r.text
        r = client.post("/api/games", json={**body, "upgraded": "Marked"})
        assert r.status_code == 422 and "upgraded" in r.text


# =========================================================================== S-11 basic pool


def test_S_11_basic_pool_any_takes_the_named_box_or_the_nemesis_box() -> None:
    for preset in ("we", "na", "log"):
        _, basic, g = _deck(2, preset, None, basics="NA")
        assert g.state.config["basics"] == "NA" and all(c in NA for t in basic for c in basic[t])
        _, basic, g = _deck(2, preset, None, basics=None)
        assert g.state.config["basics"] == "AE" and all(c in registry.BASICS["AE"] for t in basic for c in basic[t])


def test_S_11_basic_pool_nemesis_wave_takes_the_base_game_of_the_nemesis_wave() -> None:
    for nemesis, box in (("Rageborne", "AE"), ("Umbra Titan", "WE")):
        g = Game.new(mages=["Brama", "Mist"], nemesis=nemesis, seed=1, events=False,
                     ruleset={"preset": "na", "basic_pool": "nemesis_wave"})
        own = set(registry.nemesis(nemesis).cards)
        assert g.state.config["basics"] == box
        assert {c for c in g.state.nemesis.deck if c not in own} <= set(registry.BASICS[box])
        assert registry.box(box).wave == registry.box(registry.nemesis(nemesis).box).wave
    same = Game.new(mages=["Brama", "Mist"], nemesis="Rageborne", seed=1, basics="AE", events=False,
                    ruleset={"basic_pool": "nemesis_wave"})
    assert same.state.config["basics"] == "AE"
    with pytest.raises(SetupError, match=r"basics NA: .*basic_pool nemesis_wave .* AE, the base game .* wave 1"):
        Game.new(mages=["Brama", "Mist"], nemesis="Rageborne", basics="NA", ruleset={"basic_pool": "nemesis_wave"})


def test_card_crushing_storm_the_heuristic_pays_with_two_breaches_only_against_a_great_harm() -> None:
    """Its TO DISCARD destroys two breaches for the rest of the game: the bot weighs each as 6."""
    for fury, worth in ((0, False), (3, True)):  # three Unleashes at 3 fury set off Rageborne's Strike
        d = make(in_play=(power("Crushing Storm", 1),), fury=fury,
                 p0={"breaches": [dict(OPEN), dict(OPEN), dict(OPEN), closed(0)]})
        g = at_main(d, 0)
        assert ("pay", "Crushing Storm") in g.legal_actions()
        b = board_from_state(g.state, 0, 0)
        assert spending.worth_paying(b, b.players[0], "Crushing Storm") is worth


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Any, Any]]:
    """One server (and its database, to write exact states into) for this file's browser tests."""
    from gravehold.storage.saves import Store
    from webserver import Server

    db = tmp_path_factory.mktemp("na") / "na.db"
    srv = Server(db).start()
    yield srv, Store(f"sqlite:///{db}")
    srv.stop()


@pytest.mark.browser
def test_shown_name_the_browser_board_shows_the_printed_name(site: tuple[Any, Any], browser: Any) -> None:
    """A New Age card in play reads as printed; a name in a log line opens the card of
    this game (the discarded New Age Mutilate), though another box's card shares the name."""
    import secrets

    srv, store = site
    game = at_main(make(in_play=(minion("Needlemaw (NA)", 7),), discard=("Mutilate (NA)",)), 0)
    gid, tok = secrets.token_hex(6), secrets.token_urlsafe(9)
    seats = [{"kind": "human", "token": tok}, {"kind": "human", "token": secrets.token_urlsafe(9)}]
    store.create(gid, "", "cards", game.state.config, seats, secrets.token_urlsafe(9), game)
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.goto(f"{srv.url}/g/{gid}?t={tok}")
    page.wait_for_function("() => S && S.your_turn && document.querySelector('#hand .card')")
    card = page.locator('#nemesis .card.in-play[data-name="Needlemaw (NA)"]')
    assert card.locator(".c-name").text_content() == "Needlemaw"
    assert page.evaluate("() => byShown('Mutilate')") == "Mutilate (NA)"  # the one in this game
    assert page.evaluate("() => byShown('Needlemaw')") == "Needlemaw (NA)"
    assert page.evaluate("() => [cardInfo('Mutilate (NA)').name, TEXT.nemesis_cards['Mutilate (NA)'].box,"
                         " TEXT.nemesis_cards['Mutilate'].box]") == ["Mutilate", "NA", "WE"]
    page.context.close()


@pytest.mark.browser
def test_S_10_the_home_page_sets_up_basic_and_upgraded_cards(site: tuple[Any, Any], browser: Any) -> None:
    srv, _ = site
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.goto(srv.url + "/")
    page.wait_for_selector(".seat-row")
    shown = page.locator("#upgraded option").evaluate_all("os => os.map(o => [o.value, o.textContent])")
    na_shown = sorted(v for v, t in shown if t.endswith(", NA)"))  # later boxes add their own
    assert na_shown == sorted(UP) and ["Wreck", "Wreck (tier 1, NA)"] in shown
    boxes = page.locator("#basics option").evaluate_all("os => os.map(o => o.value)")
    assert boxes[:4] == ["", "AE", "WE", "NA"]  # later boxes follow
    page.select_option("#basics", "NA")
    page.select_option("#upgraded", ["Wreck", "Burialskulk"])
    with page.expect_request(lambda r: r.url.endswith("/api/games") and r.method == "POST") as sent:
        page.click("#create")
    body = sent.value.post_data_json
    assert (body["basics"], sorted(body["upgraded"])) == ("NA", ["Burialskulk", "Wreck"])
    page.wait_for_selector(".spectator-link")
    page.context.close()


# =========================================================================== texts found wrong


@pytest.mark.parametrize(("name", "text"), [
    ("Gnashing Maw",  # the condition covers the Unleash and the damage alike
     "POWER 2: Unleash. Whoever has the costliest prepped spell of all destroys it. If its cost was 4 Æ or "
     "less: Unleash and a player of your choice suffers 3 damage."),
    ("Eliminate",  # an OR nested in an OR is one choice of three
     "Choose one of 3: Unleash 3 times. — or — Gravehold suffers 6 damage. — or — A player of your choice "
     "suffers 5 damage."),
    ("Ray of Desolation",  # the table's costliest, not each player's
     "POWER 1: Unleash 2 times. The players destroy the 2 costliest prepped spells of all players."),
])
def test_card_na_text_reads_as_the_card_means(name: str, text: str) -> None:
    assert nemesis_card_text(registry.nemesis_card(name)) == text


def test_card_ray_of_desolation_destroys_the_two_costliest_spells_of_the_table() -> None:
    """Brama holds the two costliest (5 and 4); Mist's only spell (0) stays, though it is her costliest."""
    d = make(in_play=(power("Ray of Desolation"),), fury=0,
             p0={"breaches": prepped(["Jagged Lightning"], ["Fiery Torrent"])},
             p1={"breaches": prepped(["Spark"])})
    g = turn(d)
    assert now(g) == after_p1_drawn(d, fury=2, spells=[NO_SPELLS, [["Spark"], [], [], []]], n_deck=[],
                                    n_discard=["Ray of Desolation"], in_play=[(FILLER, 11, 0)],
                                    destroyed=["Fiery Torrent", "Jagged Lightning"])
