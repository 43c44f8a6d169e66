"""Carapace Queen, Crooked Mask and Prince of Gluttons: their mats and their cards.

Each test builds a small exact state for one nemesis, runs the nemesis turn
(``at_nemesis_turn``: attacks on top of the nemesis deck, minions and powers in play),
a player's turn or main phase, or effect steps directly (``run_steps``), and compares a
snapshot of every zone these nemeses can touch with the starting snapshot plus only the
expected changes. After a nemesis turn the turn order deck starts with P1, so the game
stops at P1's main phase (P1, Brama, holds a Crystal so that phase is a real decision).
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

import pytest

from gravehold import Game, IllegalAction
from gravehold.boxes.aeons_end.nemeses import SWARM_TABLE
from gravehold.content import registry
from gravehold.content.text import card_text, nemesis_card_text, nemesis_text, render_steps
from gravehold.engine.game import card_census
from gravehold.engine.generic import pick
from gravehold.engine.vocabulary import kind_of

from support import (
    DEFAULT_SUPPLY,
    SNAP_BASE,
    Snapshot,
    at_main,
    at_nemesis_turn,
    at_p1_main,
    at_player_turn,
    base_state,
    choose,
    closed,
    minion,
    nonzero_tokens,
    player,
    power,
    run_steps,
    snake,
    staged_breaches,
)

CQ, CM, PG = "Carapace Queen", "Crooked Mask", "Prince of Gluttons"
AFFLICT = "Afflict (Crooked Mask)"
FILLER = "Needlemaw"  # drawn by the nemesis after a minion/power test: a minion that only enters play
CORRUPTIONS = ["Blind Abandon", "Contagion", "Delirium Veil", "Dire Wisdom", "Endless Hunger", "Fever of War",
               "Grim Sight", "Insatiable Avarice", "Lust for Power", "Nothingness", "Reckless Might"]
LIFE = {CQ: 60, CM: 70, PG: 70}
#: supply pile indexes of tests/support.py's DEFAULT_SUPPLY
MAGMITE, SLAG, INGOT, TOTEM, FETISH, JAGGED, TORRENT, CONJURE, ASH = range(9)
FULL = [7, 7, 7, 5, 5, 5, 5, 5, 5]


# --------------------------------------------------------------------------- helpers


def make(nid: str, *top: str, in_play: tuple[dict[str, Any], ...] = (), tokens: dict[str, int] | None = None,
         decks: dict[str, list[str]] | None = None, p0: dict[str, Any] | None = None,
         p1: dict[str, Any] | None = None, expert: bool = False, filler: str = FILLER,
         discard: tuple[str, ...] = (), supply: list[int] | None = None, solo: bool = False,
         turn_order: dict[str, list[str]] | None = None) -> dict[str, Any]:
    """Brama and Mist (a Crystal each) against nemesis ``nid``; ``top`` on its deck, then a filler."""
    a = player("Brama", **{"hand": ["Crystal"], **(p0 or {})})
    b = player("Mist", **{"hand": ["Crystal"], **(p1 or {})})
    d = base_state([a] if solo else [a, b])
    d["config"]["nemesis"] = nid
    d["config"]["expert"] = expert
    if solo:
        d["turn_order"] = {"deck": ["P1", "P1", "N", "P1", "N"], "discard": []}
    n = d["nemesis"]
    n["id"] = nid
    n["life"] = n["max_life"] = LIFE[nid]
    n["deck"] = [*top, filler] if filler else list(top)
    n["discard"] = list(discard)
    n["in_play"] = [dict(c) for c in in_play]
    default_tokens = {"husk": 2} if nid == CQ else {}
    n["tokens"] = dict(default_tokens if tokens is None else tokens)
    default_decks = {CM: {"corruption": list(CORRUPTIONS)}, PG: {"devoured": []}}.get(nid, {})
    n["decks"] = {k: list(v) for k, v in (default_decks if decks is None else decks).items()}
    if supply is not None:
        for pile, k in zip(d["supply"], supply, strict=True):
            pile[1] = k
    if turn_order is not None:
        d["turn_order"] = turn_order
    return d


#: these nemeses also touch tokens (spent ones count as absent), decks, the supply, played cards
#: and closed breaches' stages
SNAPSHOT = Snapshot(*SNAP_BASE, "decks", "resolving", "played", "supply",
                    tokens=nonzero_tokens, breaches=staged_breaches)
snap, expect, now = SNAPSHOT.snap, SNAPSHOT.expect, SNAPSHOT.now


def at_main_of(g: Game, i: int) -> None:
    assert not g.over, g.reason
    assert g.decision is not None and g.decision.kind == "main" and g.decision.player == i, g.decision


def events(g: Game, kind: str) -> list[dict[str, Any]]:
    return [e for e in g.events if e["event"] == kind]


def check_pay(d: dict[str, Any], name: str, short: dict[str, Any], picks: tuple[tuple[Any, ...], ...] = (),
              **changes: Any) -> None:
    """P-14: ("pay", name) is offered only when P1 can pay alone; paying discards it unresolved."""
    d_short = copy.deepcopy(d)
    d_short["players"][0].update(short)
    assert ("pay", name) not in at_main(d_short, 0).legal_actions()
    g = at_main(d, 0)
    choose(g, ("pay", name))
    for a in picks:
        choose(g, a)
    at_main_of(g, 0)
    rest = [c for c in snap(d)["in_play"] if c[0] != name]
    assert now(g) == expect(d, in_play=rest, n_discard=[*snap(d)["n_discard"], name], **changes)


def play_random(nid: str, seed: int, mages: list[str], difficulty: str = "normal") -> Game:
    g = Game.new(mages=mages, nemesis=nid, seed=seed, difficulty=difficulty, events=False)
    census = card_census(g.state)
    r = random.Random(seed)
    k = 0
    while not g.over and k < 20000:
        g.apply(r.choice(g.legal_actions()))
        k += 1
        if k % 25 == 0:
            assert card_census(g.state) == census
            assert Game.from_json(g.to_json()) == g
    assert g.over
    assert card_census(g.state) == census
    return g


# =========================================================================== Carapace Queen: mat


def test_nemesis_carapace_queen_S_7_setup_two_husks_and_sixty_life() -> None:
    g = Game.new(mages=["Brama", "Mist"], nemesis=CQ, seed=5)
    n = g.state.nemesis
    assert (n.life, n.max_life) == (60, 60)
    assert n.tokens == {"husk": 2}
    assert n.decks == {}
    own = [c for c in n.deck if registry.nemesis_card(c).nemesis == CQ]
    assert sorted(own) == sorted(registry.nemesis(CQ).cards)


def test_nemesis_carapace_queen_N_4_unleash_places_two_husks() -> None:
    d = make(CQ, tokens={"husk": 3})
    g = run_steps(d, [("unleash", 1)])
    assert now(g) == expect(d, tokens={"husk": 5})
    g = run_steps(d, [("unleash", 2)])
    assert now(g) == expect(d, tokens={"husk": 7})


def test_nemesis_carapace_queen_S_9_expert_unleash_places_three_husks() -> None:
    d = make(CQ, tokens={"husk": 3}, expert=True)
    g = run_steps(d, [("unleash", 1)])
    assert now(g) == expect(d, tokens={"husk": 6})


def test_nemesis_carapace_queen_full_husk_track_costs_gravehold_one_per_husk() -> None:
    d = make(CQ, tokens={"husk": 14})
    g = run_steps(d, [("unleash", 1)])
    assert now(g) == expect(d, tokens={"husk": 15}, gravehold=29)
    d = make(CQ, tokens={"husk": 15}, expert=True)
    g = run_steps(d, [("unleash", 1)])
    assert now(g) == expect(d, gravehold=27)


def test_nemesis_carapace_queen_P_3_husk_is_a_damage_target_of_one_life() -> None:
    d = make(CQ, tokens={"husk": 3}, in_play=(minion("Broodwomb", 4),))
    g = run_steps(d, [("damage", 1)])
    assert g.decision.kind == "target"
    assert g.legal_actions() == [("target", "nemesis"), ("target", "Broodwomb"), ("target", "husk")]
    choose(g, ("target", "husk"))
    at_main_of(g, 0)
    assert now(g) == expect(d, tokens={"husk": 2})


def test_nemesis_carapace_queen_no_husk_target_without_husks() -> None:
    d = make(CQ, tokens={"husk": 0})
    g = run_steps(d, [("damage", 2)])
    # only the nemesis is left to hit: the single target is taken at once
    at_main_of(g, 0)
    assert now(g) == expect(d, nemesis_life=58)


def test_nemesis_carapace_queen_spread_damage_for_one_life() -> None:
    d = make(CQ, tokens={"husk": 5})
    g = run_steps(d, [("damage", 3)])
    choose(g, ("target", "husk"))
    assert g.decision.kind == "husk_spread" and g.decision.player == 0
    assert g.legal_actions() == [("yes",), ("no",)]
    choose(g, ("yes",))
    at_main_of(g, 0)
    assert now(g) == expect(d, tokens={"husk": 2}, life=[9, 10])


def test_nemesis_carapace_queen_no_spread_kills_one_husk_only() -> None:
    d = make(CQ, tokens={"husk": 5})
    g = run_steps(d, [("damage", 3)])
    choose(g, ("target", "husk"))
    choose(g, ("no",))
    at_main_of(g, 0)
    assert now(g) == expect(d, tokens={"husk": 4})


def test_nemesis_carapace_queen_spread_never_kills_more_husks_than_there_are() -> None:
    d = make(CQ, tokens={"husk": 2})
    g = run_steps(d, [("damage", 6)])
    choose(g, ("target", "husk"))
    choose(g, ("yes",))
    at_main_of(g, 0)
    assert now(g) == expect(d, tokens={}, life=[9, 10])


def test_nemesis_carapace_queen_no_spread_question_for_a_last_husk_or_one_damage() -> None:
    d = make(CQ, tokens={"husk": 1})
    g = run_steps(d, [("damage", 4)])
    choose(g, ("target", "husk"))
    at_main_of(g, 0)
    assert now(g) == expect(d, tokens={})
    d = make(CQ, tokens={"husk": 4})
    g = run_steps(d, [("damage", 1)])
    choose(g, ("target", "husk"))
    at_main_of(g, 0)
    assert now(g) == expect(d, tokens={"husk": 3})


def test_nemesis_carapace_queen_P_3_divided_damage_makes_every_husk_a_target_of_its_own() -> None:
    """Divided damage (Colossal Force's step): one share of 1 per husk, never a spread."""
    d = make(CQ, tokens={"husk": 2}, in_play=(minion("Broodwomb", 4),))
    g = run_steps(d, [("discard_prepped_then_divide", 0, 4, 0)], source="Colossal Force")
    assert g.decision.kind == "divide"
    assert g.legal_actions() == [*[("assign", t, k) for t in ("nemesis", "Broodwomb") for k in range(1, 5)],
                                 ("assign", "husk", 1)]
    choose(g, ("assign", "husk", 1))
    choose(g, ("assign", "husk", 1))  # the second husk: a target of its own
    assert g.legal_actions() == [("assign", t, k) for t in ("nemesis", "Broodwomb") for k in (1, 2)]
    choose(g, ("assign", "Broodwomb", 2))  # no husk left to shield it
    at_main_of(g, 0)
    assert now(g) == expect(d, tokens={}, in_play=[("Broodwomb", 2, 0)])


def test_nemesis_carapace_queen_G_1_husks_in_play_keep_the_game_going() -> None:
    d = make(CQ, filler="", tokens={"husk": 1})
    g = at_main(d, 0)
    choose(g, ("end_main",))
    assert not g.over
    d = make(CQ, filler="", tokens={"husk": 0})
    g = at_main(d, 0)
    choose(g, ("end_main",))
    assert g.over and (g.result, g.reason) == ("win", "nemesis_deck_empty")


def test_nemesis_carapace_queen_G_1_killing_the_last_husk_wins_at_the_end_of_the_turn() -> None:
    d = make(CQ, filler="", tokens={"husk": 1}, p0={"hand": ["Spark"]})
    g = at_main(d, 0)
    choose(g, ("prep", "Spark", 0))  # nothing else to do: the main phase ends at once
    assert not g.over
    # the next turn order card is P1 again: cast the Spark at the last husk
    assert g.decision.kind == "casting"
    choose(g, ("cast", 0, 0))
    choose(g, ("target", "husk"))
    assert g.over and (g.result, g.reason) == ("win", "nemesis_deck_empty")


@pytest.mark.parametrize("husks,after", [(0, 4), (3, 7)])
def test_nemesis_carapace_queen_swarm_0_to_3_husks_places_four(husks: int, after: int) -> None:
    d = make(CQ, "Endless Throng", tokens={"husk": husks})
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, tokens={"husk": after}, n_deck=[FILLER], n_discard=["Endless Throng"])


def test_nemesis_carapace_queen_swarm_4_to_6_husks_discard_a_prepped_spell_and_place_two() -> None:
    d = make(CQ, "Endless Throng", tokens={"husk": 4},
             p1={"breaches": [{"state": "open", "spells": ["Spark"]}, closed(1), closed(0),
                              closed(2, spells=["Reduce to Ash"])]})
    g = at_nemesis_turn(d)
    assert g.decision.kind == "spell"
    assert g.legal_actions() == [("spell", 1, 0, 0), ("spell", 1, 3, 0)]
    choose(g, ("spell", 1, 3, 0))
    at_p1_main(g)
    assert now(g) == expect(d, tokens={"husk": 6}, n_deck=[FILLER], n_discard=["Endless Throng"],
                            spells=[[[], [], [], []], [["Spark"], [], [], []]], discard=[[], ["Reduce to Ash"]])


def test_nemesis_carapace_queen_swarm_4_to_6_husks_with_nothing_prepped_still_places_two() -> None:
    d = make(CQ, "Endless Throng", tokens={"husk": 6})
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, tokens={"husk": 8}, n_deck=[FILLER], n_discard=["Endless Throng"])


@pytest.mark.parametrize("husks", [7, 10])
def test_nemesis_carapace_queen_swarm_7_to_10_husks_gravehold_suffers_five(husks: int) -> None:
    d = make(CQ, "Endless Throng", tokens={"husk": husks})
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, gravehold=25, n_deck=[FILLER], n_discard=["Endless Throng"])


def test_nemesis_carapace_queen_swarm_11_to_12_husks_lowest_life_suffers_three_and_a_husk_goes() -> None:
    d = make(CQ, "Endless Throng", tokens={"husk": 12}, p1={"life": 6})
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, tokens={"husk": 11}, life=[10, 3], n_deck=[FILLER], n_discard=["Endless Throng"])


@pytest.mark.parametrize("husks", [13, 15])
def test_nemesis_carapace_queen_G_2_swarm_at_13_husks_the_players_lose(husks: int) -> None:
    d = make(CQ, "Endless Throng", tokens={"husk": husks})
    g = at_nemesis_turn(d)
    assert g.over and (g.result, g.reason) == ("loss", "nemesis_rule")


def test_nemesis_carapace_queen_swarm_table_covers_every_husk_count_once() -> None:
    for h in range(16):
        assert sum(lo <= h <= hi for lo, hi, _ in SWARM_TABLE) == 1, h


# =========================================================================== Carapace Queen: deck


def test_nemesis_card_broodwomb_N_1_places_a_husk_each_turn() -> None:
    d = make(CQ, in_play=(minion("Broodwomb"),), tokens={"husk": 0})
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, tokens={"husk": 1}, n_deck=[], in_play=[("Broodwomb", 5, 0), (FILLER, 11, 0)])


def test_nemesis_card_broodwomb_damage_is_prevented_while_a_husk_is_in_play() -> None:
    d = make(CQ, in_play=(minion("Broodwomb"),), tokens={"husk": 1})
    g = run_steps(d, [("damage", 4)])
    choose(g, ("target", "Broodwomb"))
    at_main_of(g, 0)
    assert now(g) == expect(d)
    assert events(g, "damage_prevented")[0]["card"] == "Broodwomb"


def test_nemesis_card_broodwomb_takes_damage_with_no_husk_in_play() -> None:
    d = make(CQ, in_play=(minion("Broodwomb"),), tokens={"husk": 0})
    g = run_steps(d, [("damage", 4)])
    choose(g, ("target", "Broodwomb"))
    at_main_of(g, 0)
    assert now(g) == expect(d, in_play=[("Broodwomb", 1, 0)])


def test_nemesis_card_endless_throng_swarms_once() -> None:
    d = make(CQ, "Endless Throng", tokens={"husk": 1})
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert len(events(g, "swarm")) == 1
    assert now(g) == expect(d, tokens={"husk": 5}, n_deck=[FILLER], n_discard=["Endless Throng"])


def test_nemesis_card_hatch_one_husk_per_turn_order_card_discarded() -> None:
    d = make(CQ, "Hatch", tokens={"husk": 2},
             turn_order={"deck": ["P1", "P2", "N"], "discard": ["P2", "N", "P1"]})
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, tokens={"husk": 5}, n_deck=[FILLER], n_discard=["Hatch"])


def test_nemesis_card_hatch_empty_turn_order_discard_places_none() -> None:
    d = make(CQ, "Hatch", tokens={"husk": 2})
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, n_deck=[FILLER], n_discard=["Hatch"])


def test_nemesis_card_blot_the_sun_power_swarm_unleash_swarm() -> None:
    d = make(CQ, in_play=(power("Blot the Sun"),), tokens={"husk": 0},
             p1={"breaches": [{"state": "open", "spells": ["Spark"]}, closed(1), closed(0), closed(2)]})
    g = at_nemesis_turn(d)
    # 0 husks: place 4; Unleash: 6; 4-6 husks: discard a prepped spell (the only one) and place 2
    at_p1_main(g)
    assert now(g) == expect(d, tokens={"husk": 8}, n_deck=[], n_discard=["Blot the Sun"], in_play=[(FILLER, 11, 0)],
                            spells=[[[], [], [], []], [[], [], [], []]], discard=[[], ["Spark"]])


def test_nemesis_card_blot_the_sun_P_14_pay_by_losing_four_charges() -> None:
    d = make(CQ, in_play=(power("Blot the Sun", 2),), p0={"charges": 5})
    check_pay(d, "Blot the Sun", short={"charges": 3}, charges=[1, 0])


def test_nemesis_card_foul_multitudes_arrival_unleash_then_three_power_tokens() -> None:
    d = make(CQ, "Foul Multitudes", tokens={"husk": 2})
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, tokens={"husk": 4}, n_deck=[FILLER], in_play=[("Foul Multitudes", 0, 3)])


def test_nemesis_card_foul_multitudes_power_swarms() -> None:
    d = make(CQ, in_play=(power("Foul Multitudes"),), tokens={"husk": 8})
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, gravehold=25, n_deck=[], n_discard=["Foul Multitudes"], in_play=[(FILLER, 11, 0)])


def test_nemesis_card_foul_multitudes_husks_have_two_life() -> None:
    d = make(CQ, in_play=(power("Foul Multitudes", 2),), tokens={"husk": 3})
    g = run_steps(d, [("damage", 1), ("damage", 1)])
    choose(g, ("target", "husk"))
    assert g.state.nemesis.tokens == {"husk": 3, "husk_damaged": 1}
    choose(g, ("target", "husk"))  # the damaged husk dies
    at_main_of(g, 0)
    assert now(g) == expect(d, tokens={"husk": 2})


def test_nemesis_card_foul_multitudes_spread_over_two_life_husks() -> None:
    d = make(CQ, in_play=(power("Foul Multitudes", 2),), tokens={"husk": 4})
    g = run_steps(d, [("damage", 5)])
    choose(g, ("target", "husk"))
    choose(g, ("yes",))  # 2 kill one husk; the other 3 kill one more and damage a third
    at_main_of(g, 0)
    assert now(g) == expect(d, tokens={"husk": 2, "husk_damaged": 1}, life=[9, 10])


def test_nemesis_card_foul_multitudes_damaged_husk_heals_at_end_of_turn() -> None:
    d = make(CQ, in_play=(power("Foul Multitudes", 2),), tokens={"husk": 3, "husk_damaged": 1})
    g = at_main(d, 0)
    choose(g, ("end_main",))
    assert g.state.nemesis.tokens == {"husk": 3}
    # without Foul Multitudes a husk has 1 life again: one damage kills it
    d = make(CQ, tokens={"husk": 3})
    g = run_steps(d, [("damage", 1)])
    choose(g, ("target", "husk"))
    at_main_of(g, 0)
    assert now(g) == expect(d, tokens={"husk": 2})


def test_nemesis_card_infest_a_player_suffers_four() -> None:
    d = make(CQ, "Infest", tokens={"husk": 2})
    g = at_nemesis_turn(d)
    assert g.decision.kind == "or" and g.legal_actions() == [("choose", 0), ("choose", 1)]
    choose(g, ("choose", 0))
    choose(g, ("player", 1))
    at_p1_main(g)
    assert now(g) == expect(d, life=[10, 6], n_deck=[FILLER], n_discard=["Infest"])


def test_nemesis_card_infest_swarms_twice() -> None:
    d = make(CQ, "Infest", tokens={"husk": 2})
    g = at_nemesis_turn(d)
    choose(g, ("choose", 1))
    at_p1_main(g)  # 2 -> 6 -> nothing prepped, 8
    assert len(events(g, "swarm")) == 2
    assert now(g) == expect(d, tokens={"husk": 8}, n_deck=[FILLER], n_discard=["Infest"])


def test_nemesis_card_legion_beacon_arrival_unleashes_twice() -> None:
    d = make(CQ, "Legion Beacon", tokens={"husk": 1})
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, tokens={"husk": 5}, n_deck=[FILLER], in_play=[("Legion Beacon", 0, 2)])


def test_nemesis_card_legion_beacon_power_half_the_husks_go_then_swarm() -> None:
    d = make(CQ, in_play=(power("Legion Beacon"),), tokens={"husk": 5})
    g = at_nemesis_turn(d)
    at_p1_main(g)
    # 3 of 5 husks go (6 damage to Gravehold), then 2 husks: the swarm places 4
    assert now(g) == expect(d, gravehold=24, tokens={"husk": 6}, n_deck=[], n_discard=["Legion Beacon"],
                            in_play=[(FILLER, 11, 0)])


def test_nemesis_card_maggot_engine_life_is_twice_the_husks_after_three_unleashes() -> None:
    d = make(CQ, "Maggot Engine", tokens={"husk": 1})
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, tokens={"husk": 7}, n_deck=[FILLER], in_play=[("Maggot Engine", 14, 0)])


def test_nemesis_card_maggot_engine_N_1_swarms_each_turn() -> None:
    d = make(CQ, in_play=(minion("Maggot Engine", 9),), tokens={"husk": 11}, p1={"life": 5})
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, tokens={"husk": 10}, life=[10, 2], n_deck=[],
                            in_play=[("Maggot Engine", 9, 0), (FILLER, 11, 0)])


def test_nemesis_card_spawn_swarm_unleash_swarm() -> None:
    d = make(CQ, "Spawn", tokens={"husk": 5})
    g = at_nemesis_turn(d)
    # 4-6: nothing prepped, 7 husks; Unleash: 9; 7-10: Gravehold suffers 5
    at_p1_main(g)
    assert now(g) == expect(d, tokens={"husk": 9}, gravehold=25, n_deck=[FILLER], n_discard=["Spawn"])


# =========================================================================== Crooked Mask: mat


def cm(*top: str, hand: list[str] | None = None, corruption: list[str] | None = None, **kw: Any) -> dict[str, Any]:
    """Crooked Mask; Brama's hand (a Crystal and ``hand``); the corruption deck holds the
    corruptions nobody holds (or ``corruption``)."""
    held = list(hand or [])
    p0 = {"hand": ["Crystal", *held], **kw.pop("p0", {})}
    deck = corruption if corruption is not None else [c for c in CORRUPTIONS if c not in held]
    return make(CM, *top, p0=p0, decks={"corruption": deck}, **kw)


def rest_of(*held: str) -> list[str]:
    return [c for c in CORRUPTIONS if c not in held]


def main_then_end(d: dict[str, Any], i: int = 0) -> Game:
    """Player i's main phase, with the rest of a real turn after it (main-end hook included)."""
    d = copy.deepcopy(d)
    d["active"] = i
    d["phase"] = "main"
    d["turn"] = 1
    d["stack"] = [["end_turn"], ["draw_phase", i], ["hook_main_end", i], ["main_phase", i]]
    return Game.from_dict(d)


def test_nemesis_crooked_mask_S_7_setup_shuffled_corruption_deck_of_eleven() -> None:
    g = Game.new(mages=["Brama", "Mist"], nemesis=CM, seed=2)
    n = g.state.nemesis
    assert (n.life, n.max_life) == (70, 70)
    assert sorted(n.decks["corruption"]) == CORRUPTIONS
    assert n.decks["corruption"] != CORRUPTIONS  # shuffled (seed 2)
    for name in CORRUPTIONS:
        assert registry.card(name).type == "corruption" and registry.card(name).cost == 0
        nc = registry.nemesis_card(name)
        assert (nc.type, nc.tier, nc.deck, nc.nemesis) == ("corruption", 0, "corruption", CM)
        assert nc.effect == registry.card(name).play


def test_nemesis_crooked_mask_N_4_unleash_corruption_on_deck_then_discard_shuffled_in() -> None:
    d = cm(p1={"deck": ["Crystal"], "discard": ["Spark", "Crystal"]})
    g = run_steps(d, [("unleash", 1)])
    assert g.decision.kind == "player" and g.legal_actions() == [("player", 0), ("player", 1)]
    choose(g, ("player", 1))
    at_main_of(g, 0)
    s = now(g)
    assert Counter(s["deck"][1]) == Counter(["Crystal", "Crystal", "Spark", "Blind Abandon"])
    s["deck"][1] = ["Crystal"]
    assert s == expect(d, decks={"corruption": CORRUPTIONS[1:]}, discard=[[], []])


def test_nemesis_crooked_mask_empty_corruption_deck_gravehold_suffers_two_instead() -> None:
    d = cm(corruption=[])
    g = run_steps(d, [("unleash", 1)])
    choose(g, ("player", 1))
    at_main_of(g, 0)
    assert now(g) == expect(d, gravehold=28)


def test_nemesis_crooked_mask_corruptions_in_hand_resolve_at_turn_start() -> None:
    d = cm(hand=["Lust for Power"],
           p0={"breaches": [{"state": "open", "spells": ["Spark"]}, closed(1), closed(0), closed(2)]})
    g = at_player_turn(d, 0)
    # resolved before the casting phase: the charge is there when casting starts
    assert g.decision.kind == "casting" and g.state.players[0].charges == 1
    assert [e["card"] for e in events(g, "corruption_resolved")] == ["Lust for Power"]
    choose(g, ("cast", 0, 0))
    at_main_of(g, 0)
    assert now(g) == expect(d, hand=[["Crystal"], ["Crystal"]], life=[9, 10], charges=[1, 0], nemesis_life=69,
                            decks={"corruption": [*rest_of("Lust for Power"), "Lust for Power"]},
                            spells=[[[], [], [], []], [[], [], [], []]], discard=[["Spark"], []])


def test_nemesis_crooked_mask_P_19_the_player_orders_their_corruptions() -> None:
    d = cm(hand=["Lust for Power", "Endless Hunger"], p0={"life": 8})
    g = at_player_turn(d, 0)
    assert g.decision.kind == "corruption" and g.decision.player == 0
    assert g.legal_actions() == [("corruption", "Endless Hunger"), ("corruption", "Lust for Power")]
    choose(g, ("corruption", "Endless Hunger"))
    at_main_of(g, 0)
    assert now(g) == expect(d, hand=[["Crystal"], ["Crystal"]], life=[9, 10], charges=[1, 0], gravehold=27,
                            decks={"corruption": [*rest_of("Lust for Power", "Endless Hunger"),
                                                  "Endless Hunger", "Lust for Power"]})


def test_nemesis_crooked_mask_corruptions_are_never_played() -> None:
    d = cm(hand=["Fever of War"])
    g = at_main(d, 0)
    assert ("play", "Fever of War") not in g.legal_actions()
    assert ("play", "Crystal") in g.legal_actions()
    with pytest.raises(IllegalAction, match="corruption"):
        g.apply(("play", "Fever of War"))


def test_nemesis_crooked_mask_drawn_corruptions_resolve_when_the_main_phase_ends() -> None:
    d = cm(hand=["Fever of War"], p0={"deck": ["Spark", "Spark", "Spark", "Spark", "Crystal"]})
    g = main_then_end(d, 0)
    choose(g, ("end_main",))
    # Fever of War: Brama suffers 1, deals 2 (the nemesis is the only target), goes under the deck
    after = events(g, "corruption_resolved")
    assert [e["card"] for e in after] == ["Fever of War"]
    st = g.state
    assert st.nemesis.life == 68 and st.players[0].life == 9
    assert st.nemesis.decks["corruption"][-1] == "Fever of War"
    assert "Fever of War" not in st.players[0].hand


def test_nemesis_crooked_mask_corruption_drawn_in_the_draw_phase_waits_for_the_next_turn() -> None:
    d = cm(p0={"deck": ["Grim Sight", "Spark", "Spark", "Spark", "Crystal"]})
    g = main_then_end(d, 0)
    choose(g, ("end_main",))
    # the next turn order card is P1: the corruption drawn in the draw phase resolves now
    seq = [e["event"] for e in g.events if e["event"] in ("draw", "turn_start", "corruption_resolved")]
    assert seq == ["draw", "turn_start", "corruption_resolved"]
    assert g.decision.kind == "yes_no"  # Grim Sight: destroy the revealed top card?
    choose(g, ("no",))
    at_main_of(g, 0)
    assert g.state.gravehold == 28


def test_nemesis_crooked_mask_destroyed_corruption_goes_under_the_corruption_deck() -> None:
    d = cm(hand=["Nothingness"])
    g = run_steps(d, [pick("destroy", 1)])
    choose(g, ("card", "Nothingness"))
    at_main_of(g, 0)
    assert now(g) == expect(d, hand=[["Crystal"], ["Crystal"]],
                            decks={"corruption": [*rest_of("Nothingness"), "Nothingness"]})


def test_nemesis_crooked_mask_S_9_expert_destroyed_corruption_goes_to_a_discard_pile() -> None:
    d = cm(hand=["Nothingness"], expert=True)
    g = run_steps(d, [pick("destroy", 1)])
    choose(g, ("card", "Nothingness"))
    assert g.decision.kind == "player" and g.legal_actions() == [("player", 0), ("player", 1)]
    assert g.state.nemesis.resolving == ["Nothingness"]
    choose(g, ("player", 1))
    at_main_of(g, 0)
    assert now(g) == expect(d, hand=[["Crystal"], ["Crystal"]], discard=[[], ["Nothingness"]])


# =========================================================================== Crooked Mask: corruptions


def resolve_at_turn_start(hand: list[str], picks: tuple[tuple[Any, ...], ...] = (), **kw: Any) -> tuple[
        dict[str, Any], Game]:
    d = cm(hand=hand, **kw)
    g = at_player_turn(d, 0)
    for a in picks:
        choose(g, a)
    at_main_of(g, 0)
    return d, g


def under(*names: str) -> dict[str, list[str]]:
    return {"corruption": [*rest_of(*names), *names]}


def test_nemesis_card_blind_abandon_suffer_one_may_destroy_a_card() -> None:
    d, g = resolve_at_turn_start(["Blind Abandon", "Contagion"], p0={"charges": 5}, picks=(
        ("corruption", "Blind Abandon"), ("card", "Crystal")))
    # the other corruption in hand was not on offer; Contagion then finds nothing costing 0
    # (the destroyed Crystal left the game)
    assert now(g) == expect(d, hand=[[], ["Crystal"]], life=[8, 10], destroyed=["Crystal"],
                            decks=under("Blind Abandon", "Contagion"))


def test_nemesis_card_blind_abandon_destroying_is_optional() -> None:
    d = cm(hand=["Blind Abandon"])
    g = at_player_turn(d, 0)
    assert g.legal_actions() == [("card", "Crystal"), ("skip",)]
    choose(g, ("skip",))
    at_main_of(g, 0)
    assert now(g) == expect(d, life=[9, 10], hand=[["Crystal"], ["Crystal"]], decks=under("Blind Abandon"))


def test_nemesis_card_contagion_returns_a_free_card_from_discard() -> None:
    d, g = resolve_at_turn_start(["Contagion"], p0={"discard": ["Spark", "Jagged Lightning", "Crystal"]},
                                 picks=(("card", "Spark"),))
    assert now(g) == expect(d, hand=[["Crystal", "Spark"], ["Crystal"]], life=[9, 10],
                            discard=[["Jagged Lightning", "Crystal"], []], decks=under("Contagion"))


def test_nemesis_card_delirium_veil_gravehold_two_and_focus_a_breach() -> None:
    d = cm(hand=["Delirium Veil"])
    g = at_player_turn(d, 0)
    assert g.legal_actions() == [("breach", 0, 1), ("breach", 0, 2), ("breach", 0, 3)]
    choose(g, ("breach", 0, 2))
    at_main_of(g, 0)
    assert now(g) == expect(d, gravehold=28, hand=[["Crystal"], ["Crystal"]],
                            breaches=[[("open", 0), ("closed", 1), ("closed", 1), ("closed", 2)],
                                      snap(d)["breaches"][1]], decks=under("Delirium Veil"))
    assert g.state.players[0].breaches[2].focused


def test_nemesis_card_dire_wisdom_a_spell_and_three_corruptions() -> None:
    d, g = resolve_at_turn_start(["Dire Wisdom"], picks=(("gain", "Conjure the Lost"),))
    top3 = rest_of("Dire Wisdom")[:3]
    supply = FULL.copy()
    supply[CONJURE] -= 1
    assert now(g) == expect(d, hand=[["Crystal"], ["Crystal"]], discard=[["Conjure the Lost"], []],
                            deck=[top3[::-1], []], supply=supply,
                            decks={"corruption": [*rest_of("Dire Wisdom")[3:], "Dire Wisdom"]})


def test_nemesis_card_endless_hunger_gravehold_three_you_gain_two_life() -> None:
    d, g = resolve_at_turn_start(["Endless Hunger"], p0={"life": 5})
    assert now(g) == expect(d, gravehold=27, life=[7, 10], hand=[["Crystal"], ["Crystal"]],
                            decks=under("Endless Hunger"))


def test_nemesis_card_fever_of_war_suffer_one_deal_two() -> None:
    d = cm(hand=["Fever of War"], in_play=(minion("Corrupter"),))
    g = at_player_turn(d, 0)
    assert g.legal_actions() == [("target", "nemesis"), ("target", "Corrupter")]
    choose(g, ("target", "nemesis"))
    at_main_of(g, 0)
    assert now(g) == expect(d, nemesis_life=68, life=[9, 10], hand=[["Crystal"], ["Crystal"]],
                            decks=under("Fever of War"))


def test_nemesis_card_grim_sight_gravehold_two_may_destroy_the_top_card() -> None:
    d, g = resolve_at_turn_start(["Grim Sight"], p0={"deck": ["Spark", "Crystal"]}, picks=(("yes",),))
    assert now(g) == expect(d, gravehold=28, hand=[["Crystal"], ["Crystal"]], deck=[["Crystal"], []],
                            destroyed=["Spark"], decks=under("Grim Sight"))


def test_nemesis_card_insatiable_avarice_suffer_two_cheapest_gem_to_hand() -> None:
    d, g = resolve_at_turn_start(["Insatiable Avarice"])
    supply = FULL.copy()
    supply[MAGMITE] -= 1
    assert now(g) == expect(d, life=[8, 10], hand=[["Crystal", "Frozen Magmite"], ["Crystal"]], supply=supply,
                            decks=under("Insatiable Avarice"))


def test_nemesis_card_lust_for_power_suffer_one_gain_a_charge() -> None:
    d, g = resolve_at_turn_start(["Lust for Power"], p0={"charges": 5})
    # the charge slots are full already: nothing more to gain
    assert now(g) == expect(d, life=[9, 10], hand=[["Crystal"], ["Crystal"]], decks=under("Lust for Power"))


def test_nemesis_card_nothingness_discard_two_suffer_two_reshuffle_a_turn_card() -> None:
    d = cm(hand=["Nothingness", "Spark", "Contagion"], turn_order={"deck": ["P1", "N"], "discard": ["N", "P2"]})
    g = at_player_turn(d, 0)
    choose(g, ("corruption", "Nothingness"))
    assert g.legal_actions() == [("card", "Crystal"), ("card", "Spark")]  # never a corruption
    choose(g, ("card", "Spark"))
    # Crystal is discarded without a question; P2 is the only player card in the discard;
    # then Contagion, the last corruption in hand: Spark or Crystal back to hand
    assert g.state.to_discard == ["N"] and sorted(g.state.to_deck) == ["N", "P1", "P2"]
    assert g.legal_actions() == [("card", "Crystal"), ("card", "Spark")]
    choose(g, ("card", "Crystal"))
    at_main_of(g, 0)
    assert now(g) == expect(d, life=[7, 10], hand=[["Crystal"], ["Crystal"]], discard=[["Spark"], []],
                            decks=under("Nothingness", "Contagion"))


def test_nemesis_card_reckless_might_relic_on_deck_half_its_cost_in_damage() -> None:
    d, g = resolve_at_turn_start(["Reckless Might"], picks=(("gain", "Primordial Fetish"),))
    supply = FULL.copy()
    supply[FETISH] -= 1
    assert now(g) == expect(d, life=[8, 10], hand=[["Crystal"], ["Crystal"]], deck=[["Primordial Fetish"], []],
                            supply=supply, decks=under("Reckless Might"))
    d, g = resolve_at_turn_start(["Reckless Might"], picks=(("gain", "Mage's Totem"),))
    assert g.state.players[0].life == 9  # cost 2: 1 damage


# =========================================================================== Crooked Mask: deck


def test_nemesis_card_burden_players_share_two_corruptions_then_a_focus() -> None:
    d = cm("Burden")
    g = at_nemesis_turn(d)
    choose(g, ("player", 1))
    choose(g, ("player", 1))
    assert g.decision.kind == "breach"
    choose(g, ("breach", 0, 3))
    at_p1_main(g)
    assert now(g) == expect(d, n_deck=[FILLER], n_discard=["Burden"], deck=[[], CORRUPTIONS[:2][::-1]],
                            decks={"corruption": CORRUPTIONS[2:]},
                            breaches=[[("open", 0), ("closed", 1), ("closed", 0), ("closed", 3)],
                                      snap(d)["breaches"][1]])


def test_nemesis_card_burden_with_no_corruptions_left_gravehold_suffers() -> None:
    d = cm("Burden", corruption=[])
    g = at_nemesis_turn(d)
    choose(g, ("breach", 1, 1))
    at_p1_main(g)
    assert now(g) == expect(d, gravehold=26, n_deck=[FILLER], n_discard=["Burden"],
                            breaches=[snap(d)["breaches"][0],
                                      [("open", 0), ("closed", 2), ("closed", 0), ("closed", 2)]])


def test_nemesis_card_corrupter_N_1_gravehold_suffers_one() -> None:
    d = cm(in_play=(minion("Corrupter"),))
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, gravehold=29, n_deck=[], in_play=[("Corrupter", 6, 0), (FILLER, 11, 0)])


def test_nemesis_card_corrupter_damaging_it_gives_a_corruption() -> None:
    d = cm(in_play=(minion("Corrupter"),))
    g = run_steps(d, [("damage", 2), ("damage", 4)])
    choose(g, ("target", "Corrupter"))
    choose(g, ("target", "Corrupter"))  # defeated by it: still damaged, still a corruption
    at_main_of(g, 0)
    assert now(g) == expect(d, in_play=[], n_discard=["Corrupter"], deck=[CORRUPTIONS[:2][::-1], []],
                            decks={"corruption": CORRUPTIONS[2:]})


def test_nemesis_card_tempt_most_crystals_discards_them_suffers_three_gains_a_card() -> None:
    d = cm("Tempt", p0={"hand": ["Crystal", "Spark", "Crystal"]})
    g = at_nemesis_turn(d)
    assert g.decision.kind == "gain"
    assert sorted(a[1] for a in g.legal_actions()) == sorted(
        ["Frozen Magmite", "Scoria Slag", "Mage's Totem", "Primordial Fetish", "Jagged Lightning"])
    choose(g, ("gain", "Jagged Lightning"))
    at_main_of(g, 0)
    supply = FULL.copy()
    supply[JAGGED] -= 1
    assert now(g) == expect(d, n_deck=[FILLER], n_discard=["Tempt"], life=[7, 10], hand=[["Spark"], ["Crystal"]],
                            discard=[["Crystal", "Crystal", "Jagged Lightning"], []], supply=supply)


def test_nemesis_card_pain_sower_a_player_suffers_two_another_focuses() -> None:
    d = cm(in_play=(minion("Pain Sower"),))
    g = at_nemesis_turn(d)
    choose(g, ("player", 0))
    assert g.legal_actions() == [("breach", 1, 1), ("breach", 1, 2), ("breach", 1, 3)]
    choose(g, ("breach", 1, 1))
    at_p1_main(g)
    assert now(g) == expect(d, life=[8, 10], n_deck=[], in_play=[("Pain Sower", 11, 0), (FILLER, 11, 0)],
                            breaches=[snap(d)["breaches"][0],
                                      [("open", 0), ("closed", 2), ("closed", 0), ("closed", 2)]])


def test_nemesis_card_pain_sower_SO_1_solo_you_focus_too() -> None:
    d = make(CM, in_play=(minion("Pain Sower"),), solo=True)
    g = at_nemesis_turn(d)
    choose(g, ("breach", 0, 3))
    at_p1_main(g)
    assert now(g) == expect(d, life=[8], n_deck=[], in_play=[("Pain Sower", 11, 0), (FILLER, 11, 0)],
                            breaches=[[("open", 0), ("closed", 1), ("closed", 0), ("closed", 3)]])


def test_nemesis_card_twisting_madness_power_heals_gravehold_and_the_nemesis() -> None:
    d = cm(in_play=(power("Twisting Madness"),))
    d["gravehold"]["life"] = 25
    d["nemesis"]["life"] = 50
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, gravehold=28, nemesis_life=63, n_deck=[], n_discard=["Twisting Madness"],
                            in_play=[(FILLER, 11, 0)])
    d["nemesis"]["life"] = 65  # never above the starting life
    g = at_nemesis_turn(d)
    assert g.state.nemesis.life == 70


def test_nemesis_card_twisting_madness_P_14_pay_discard_four_draw_one() -> None:
    d = cm(in_play=(power("Twisting Madness", 2),),
           p0={"hand": ["Crystal", "Spark", "Crystal", "Spark"], "deck": ["Jagged Lightning"]})
    check_pay(d, "Twisting Madness", short={"hand": ["Crystal", "Spark", "Crystal"]},
              picks=(("card", "Spark"), ("card", "Crystal"), ("card", "Spark")),
              hand=[["Jagged Lightning"], ["Crystal"]], deck=[[], []],
              discard=[["Spark", "Crystal", "Spark", "Crystal"], []])


def test_nemesis_card_vex_two_nemesis_cards_discarded_four_damage_per_tier_three() -> None:
    d = cm("Vex", "Jagged One", "Ruin Priest")
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, gravehold=22, n_deck=[FILLER], n_discard=["Jagged One", "Ruin Priest", "Vex"])
    d = cm("Vex", "Bane Sire", "Topple")
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, gravehold=26, n_deck=[FILLER], n_discard=["Bane Sire", "Topple", "Vex"])


def test_nemesis_card_afflict_crooked_mask_two_players_two_corruptions_and_one_life_each() -> None:
    d = cm(AFFLICT, p0={"life": 6}, p1={"life": 10})
    g = at_nemesis_turn(d)
    choose(g, ("player", 1))
    at_p1_main(g)  # the second player is the only one left
    assert now(g) == expect(d, life=[7, 10], n_deck=[FILLER], n_discard=[AFFLICT],
                            deck=[CORRUPTIONS[2:4][::-1], CORRUPTIONS[:2][::-1]],
                            decks={"corruption": CORRUPTIONS[4:]})


def test_nemesis_card_afflict_crooked_mask_SO_1_solo_player_takes_both_shares() -> None:
    d = make(CM, AFFLICT, solo=True, p0={"life": 6})
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, life=[8], n_deck=[FILLER], n_discard=[AFFLICT],
                            deck=[CORRUPTIONS[:4][::-1]], decks={"corruption": CORRUPTIONS[4:]})


def test_nemesis_card_bedlam_sage_gravehold_gains_two_most_life_suffers_three() -> None:
    d = cm(in_play=(minion("Bedlam Sage"),), p0={"life": 7})
    d["gravehold"]["life"] = 20
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, gravehold=22, life=[7, 7], n_deck=[], in_play=[("Bedlam Sage", 14, 0), (FILLER, 11, 0)])


def test_nemesis_card_bedlam_sage_tie_is_the_players_pick_and_skips_the_exhausted() -> None:
    d = cm(in_play=(minion("Bedlam Sage"),))
    g = at_nemesis_turn(d)
    assert g.legal_actions() == [("player", 0), ("player", 1)]
    d = cm(in_play=(minion("Bedlam Sage"),), p0={"life": 0, "exhausted": True}, p1={"life": 5})
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert [p.life for p in g.state.players] == [0, 2]


def test_nemesis_card_bedlam_sage_is_tier_three() -> None:
    assert registry.nemesis_card("Bedlam Sage").tier == 3


def test_nemesis_card_ruin_priest_discard_three_gain_three_corruptions_into_hand() -> None:
    d = cm(in_play=(minion("Ruin Priest"),), p1={"hand": ["Crystal", "Spark", "Crystal", "Spark"]})
    g = at_nemesis_turn(d)
    # only Mist can discard all three: the choice of player is forced (N-6)
    assert g.decision.kind == "discard" and g.decision.player == 1
    choose(g, ("card", "Spark"))
    choose(g, ("card", "Spark"))
    at_p1_main(g)  # Crystal, Crystal left: the third pick is forced
    assert now(g) == expect(d, n_deck=[], in_play=[("Ruin Priest", 17, 0), (FILLER, 11, 0)],
                            hand=[["Crystal"], ["Crystal", *CORRUPTIONS[:3]]],
                            discard=[[], ["Spark", "Spark", "Crystal"]], decks={"corruption": CORRUPTIONS[3:]})


# =========================================================================== Prince of Gluttons: mat

MARKET = [name for name, _ in DEFAULT_SUPPLY]  # in supply pile order, as Game.new sorts it
NAMES = MARKET


def pg(*top: str, devoured: list[str] | None = None, supply: list[int] | None = None, **kw: Any) -> dict[str, Any]:
    return make(PG, *top, decks={"devoured": list(devoured or [])}, supply=supply, **kw)


def minus(**taken: int) -> list[int]:
    """The full supply minus some cards, by pile index name (e.g. ``TOTEM=3``)."""
    s = FULL.copy()
    for k, v in taken.items():
        s[globals()[k]] -= v
    return s


def test_nemesis_prince_of_gluttons_S_7_setup_one_gem_of_each_pile_cheapest_on_top() -> None:
    g = Game.new(mages=["Brama", "Mist"], nemesis=PG, market=MARKET, seed=4)
    st = g.state
    assert (st.nemesis.life, st.nemesis.max_life) == (70, 70)
    assert st.supply_names == tuple(MARKET)
    assert st.nemesis.decks["devoured"] == ["Frozen Magmite", "Scoria Slag", "Erratic Ingot"]
    assert st.supply_counts == [6, 6, 6, 5, 5, 5, 5, 5, 5]


def test_nemesis_prince_of_gluttons_S_9_expert_setup_players_add_nine_cards() -> None:
    g = Game.new(mages=["Brama", "Mist"], nemesis=PG, market=MARKET, seed=4, difficulty="expert")
    picks = ["Reduce to Ash"] * 5 + ["Mage's Totem"] * 4
    for k, name in enumerate(picks):
        assert g.decision.kind == "pile" and g.decision.player == 0
        want = [("pile", n) for n in MARKET if not (n == "Reduce to Ash" and k >= 5)]
        assert g.legal_actions() == want  # an emptied pile is no longer on offer
        choose(g, ("pile", name))
    st = g.state
    assert st.nemesis.decks["devoured"] == picks[::-1] + ["Frozen Magmite", "Scoria Slag", "Erratic Ingot"]
    assert st.supply_counts == [6, 6, 6, 1, 5, 5, 5, 5, 0]
    assert st.turn >= 1  # the first turn has begun


def test_nemesis_prince_of_gluttons_N_4_unleash_devours_three_of_the_cheapest_pile() -> None:
    d = pg(devoured=["Crystal"])
    g = run_steps(d, [("unleash", 1)])
    at_main_of(g, 0)
    assert now(g) == expect(d, supply=minus(TOTEM=3), decks={"devoured": ["Mage's Totem"] * 3 + ["Crystal"]})


def test_nemesis_prince_of_gluttons_N_4_unleash_devours_two_with_three_players() -> None:
    d = pg()
    d["players"].append(player("Adelheim", hand=["Crystal"]))
    d["config"]["mages"].append("Adelheim")
    g = run_steps(d, [("unleash", 1)])
    at_main_of(g, 0)
    assert now(g) == expect(d, supply=minus(TOTEM=2), decks={"devoured": ["Mage's Totem"] * 2})


def test_nemesis_prince_of_gluttons_devour_skips_empty_piles_and_ties_are_the_players_pick() -> None:
    d = pg(supply=minus(TOTEM=5, MAGMITE=7))
    g = run_steps(d, [("unleash", 1)])
    assert g.decision.kind == "pile"
    assert g.legal_actions() == [("pile", "Scoria Slag"), ("pile", "Primordial Fetish"), ("pile", "Jagged Lightning")]
    choose(g, ("pile", "Primordial Fetish"))
    at_main_of(g, 0)
    assert now(g) == expect(d, supply=minus(TOTEM=5, MAGMITE=7, FETISH=3),
                            decks={"devoured": ["Primordial Fetish"] * 3})


def test_nemesis_prince_of_gluttons_devouring_past_the_last_card_costs_gravehold_two_each() -> None:
    d = pg(supply=minus(TOTEM=4))
    g = run_steps(d, [("unleash", 1)])
    at_main_of(g, 0)
    assert now(g) == expect(d, supply=minus(TOTEM=5), gravehold=26, decks={"devoured": ["Mage's Totem"]})


def test_nemesis_prince_of_gluttons_G_2_all_supply_piles_empty_loses_after_a_devour() -> None:
    d = pg(supply=[0, 0, 0, 1, 0, 0, 0, 0, 0], devoured=["Crystal"])
    g = run_steps(d, [("unleash", 1)])
    assert g.over and (g.result, g.reason) == ("loss", "nemesis_rule")
    assert g.state.gravehold == 26 and g.state.nemesis.decks["devoured"] == ["Mage's Totem", "Crystal"]


def test_nemesis_prince_of_gluttons_G_2_a_gain_that_empties_the_last_pile_loses() -> None:
    d = pg(supply=[0, 0, 0, 1, 0, 0, 0, 0, 0], devoured=["Frozen Magmite"], p0={"aether": 2})
    g = at_main(d, 0)
    choose(g, ("gain", "Mage's Totem"))
    assert g.over and (g.result, g.reason) == ("loss", "nemesis_rule")


def test_nemesis_prince_of_gluttons_P_8_gain_the_top_devoured_card() -> None:
    d = pg(devoured=["Frozen Magmite", "Reduce to Ash"], p0={"aether": 4})
    g = at_main(d, 0)
    assert ("gain_devoured", "Frozen Magmite") in g.legal_actions()
    choose(g, ("gain_devoured", "Frozen Magmite"))
    at_main_of(g, 0)
    assert now(g) == expect(d, aether=[1, 0], discard=[["Frozen Magmite"], []],
                            decks={"devoured": ["Reduce to Ash"]})
    assert ("gain_devoured", "Reduce to Ash") not in g.legal_actions()  # 7 Æ needed, 1 left


def test_nemesis_prince_of_gluttons_P_8_devoured_gain_needs_enough_usable_aether() -> None:
    d = pg(devoured=["Frozen Magmite"], p0={"aether": 2})
    assert ("gain_devoured", "Frozen Magmite") not in at_main(d, 0).legal_actions()
    d = pg(devoured=["Frozen Magmite"], p0={"aether": 0, "aether_for": {"spell": 5}})
    assert ("gain_devoured", "Frozen Magmite") not in at_main(d, 0).legal_actions()
    d = pg(devoured=["Frozen Magmite"], p0={"aether": 1, "aether_for": {"gem": 2}})
    g = at_main(d, 0)
    choose(g, ("gain_devoured", "Frozen Magmite"))
    assert g.state.players[0].aether == 0 and g.state.players[0].aether_for == {}


# =========================================================================== Prince of Gluttons: deck


def test_nemesis_card_gorge_second_costliest_gem_pile_then_a_player_suffers_two() -> None:
    d = pg("Gorge")
    g = at_nemesis_turn(d)
    choose(g, ("player", 1))
    at_p1_main(g)
    assert now(g) == expect(d, n_deck=[FILLER], n_discard=["Gorge"], life=[10, 8], supply=minus(SLAG=2),
                            decks={"devoured": ["Scoria Slag"] * 2})


def test_nemesis_card_gorge_only_non_empty_gem_piles_count() -> None:
    d = pg("Gorge", supply=minus(INGOT=7))
    g = at_nemesis_turn(d)
    choose(g, ("player", 1))
    at_p1_main(g)  # Scoria Slag is the costliest now: Frozen Magmite is second
    assert now(g)["supply"] == minus(INGOT=7, MAGMITE=2)
    d = pg("Gorge", supply=minus(INGOT=7, SLAG=7))
    g = at_nemesis_turn(d)
    choose(g, ("player", 1))
    at_p1_main(g)  # a lone gem pile has no second: nothing is devoured
    assert now(g) == expect(d, n_deck=[FILLER], n_discard=["Gorge"], life=[10, 8])


def test_nemesis_card_lobotomize_a_player_suffers_three() -> None:
    d = pg("Lobotomize")
    g = at_nemesis_turn(d)
    choose(g, ("choose", 0))
    choose(g, ("player", 0))
    at_p1_main(g)
    assert now(g) == expect(d, n_deck=[FILLER], n_discard=["Lobotomize"], life=[7, 10])


def test_nemesis_card_lobotomize_devour_three_of_a_spell_pile() -> None:
    d = pg("Lobotomize")
    g = at_nemesis_turn(d)
    choose(g, ("choose", 1))
    assert g.legal_actions() == [("pile", n) for n in NAMES[5:]]
    choose(g, ("pile", "Fiery Torrent"))
    at_p1_main(g)
    assert now(g) == expect(d, n_deck=[FILLER], n_discard=["Lobotomize"], supply=minus(TORRENT=3),
                            decks={"devoured": ["Fiery Torrent"] * 3})


def test_nemesis_card_thought_biter_a_player_suffers_two_or_two_cheapest_relics() -> None:
    d = pg(in_play=(minion("Thought Biter"),))
    g = at_nemesis_turn(d)
    choose(g, ("choose", 0))
    choose(g, ("player", 1))
    at_p1_main(g)
    assert now(g) == expect(d, n_deck=[], in_play=[("Thought Biter", 6, 0), (FILLER, 11, 0)], life=[10, 8])
    g = at_nemesis_turn(d)
    choose(g, ("choose", 1))
    at_p1_main(g)
    assert now(g) == expect(d, n_deck=[], in_play=[("Thought Biter", 6, 0), (FILLER, 11, 0)],
                            supply=minus(TOTEM=2), decks={"devoured": ["Mage's Totem"] * 2})


def test_nemesis_card_cerephage_devours_its_life_then_suffers_two() -> None:
    d = pg(in_play=(minion("Cerephage"),))
    g = at_nemesis_turn(d)
    assert g.legal_actions() == [("pile", n) for n in NAMES]
    choose(g, ("pile", "Mage's Totem"))
    at_p1_main(g)  # 7 from a pile of 5: two missing cards cost Gravehold 4
    assert now(g) == expect(d, n_deck=[], in_play=[("Cerephage", 5, 0), (FILLER, 11, 0)], gravehold=26,
                            supply=minus(TOTEM=5), decks={"devoured": ["Mage's Totem"] * 5})
    d = pg(in_play=(minion("Cerephage", 2),))
    g = at_nemesis_turn(d)
    choose(g, ("pile", "Erratic Ingot"))
    at_p1_main(g)  # then it suffers 2 and is discarded
    assert now(g) == expect(d, n_deck=[], in_play=[(FILLER, 11, 0)], n_discard=["Cerephage"],
                            supply=minus(INGOT=2), decks={"devoured": ["Erratic Ingot"] * 2})


def test_nemesis_card_godfeeders_gravehold_three_and_the_costliest_gem() -> None:
    d = pg(in_play=(minion("Godfeeders"),))
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, n_deck=[], in_play=[("Godfeeders", 8, 0), (FILLER, 11, 0)], gravehold=27,
                            supply=minus(INGOT=1), decks={"devoured": ["Erratic Ingot"]})


def test_nemesis_card_mindguzzler_life_eight_plus_empty_piles() -> None:
    d = pg("Mindguzzler", supply=minus(TOTEM=5, ASH=5))
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, n_deck=[FILLER], in_play=[("Mindguzzler", 10, 0)])


def test_nemesis_card_mindguzzler_N_1_unleashes() -> None:
    d = pg(in_play=(minion("Mindguzzler", 9),))
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, n_deck=[], in_play=[("Mindguzzler", 9, 0), (FILLER, 11, 0)],
                            supply=minus(TOTEM=3), decks={"devoured": ["Mage's Totem"] * 3})


def test_nemesis_card_digest_unleash_three_times() -> None:
    d = pg("Digest")
    g = at_nemesis_turn(d)
    choose(g, ("choose", 0))
    at_p1_main(g)
    # Totem 5 -> 2 -> 0 (a missing card: Gravehold suffers 2), then the cheapest is Frozen Magmite
    assert now(g) == expect(d, n_deck=[FILLER], n_discard=["Digest"], gravehold=28,
                            supply=minus(TOTEM=5, MAGMITE=3),
                            decks={"devoured": ["Frozen Magmite"] * 3 + ["Mage's Totem"] * 5})


def test_nemesis_card_digest_a_player_suffers_one_per_empty_pile() -> None:
    d = pg("Digest", supply=minus(TOTEM=5, FETISH=5, ASH=5))
    g = at_nemesis_turn(d)
    choose(g, ("choose", 1))
    choose(g, ("player", 1))
    at_p1_main(g)
    assert now(g) == expect(d, n_deck=[FILLER], n_discard=["Digest"], life=[10, 7])


def test_nemesis_card_vile_feast_power_gravehold_two_per_empty_pile() -> None:
    d = pg(in_play=(power("Vile Feast"),), supply=minus(TOTEM=5, ASH=5))
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, n_deck=[], n_discard=["Vile Feast"], in_play=[(FILLER, 11, 0)], gravehold=26)


def test_nemesis_card_vile_feast_P_14_pay_eight_aether() -> None:
    d = pg(in_play=(power("Vile Feast", 2),), p0={"aether": 9})
    check_pay(d, "Vile Feast", short={"aether": 7}, aether=[1, 0])


def test_nemesis_card_memory_eater_lowest_life_suffers_one_per_empty_pile() -> None:
    d = pg(in_play=(minion("Memory Eater"),), supply=minus(TOTEM=5, ASH=5), p1={"life": 4})
    g = at_nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, n_deck=[], in_play=[("Memory Eater", 16, 0), (FILLER, 11, 0)], life=[10, 2])


# =========================================================================== whole games, data, text, coverage


@pytest.mark.parametrize("nid,mages,difficulty,seed", [
    (CQ, ["Brama", "Mist"], "normal", 1), (CQ, ["Xaxos"], "expert", 2),
    (CM, ["Brama", "Mist"], "normal", 3), (CM, ["Adelheim", "Mist", "Brama"], "expert", 4),
    (PG, ["Brama", "Mist"], "normal", 5), (PG, ["Adelheim", "Mist", "Brama", "Xaxos"], "expert", 6),
])
def test_nemesis_carapace_queen_crooked_mask_prince_of_gluttons_seeded_random_games_finish(
        nid: str, mages: list[str], difficulty: str, seed: int) -> None:
    g = play_random(nid, seed, mages, difficulty)
    assert (g.result, g.reason) in {("win", "nemesis_defeated"), ("win", "nemesis_deck_empty"),
                                    ("loss", "gravehold"), ("loss", "exhausted"), ("loss", "nemesis_rule")}


def test_nemesis_crooked_mask_corruptions_never_form_a_supply_pile() -> None:
    assert not {c.name for c in registry.supply_cards()} & set(CORRUPTIONS)


def test_nemesis_crooked_mask_prince_of_gluttons_state_json_keeps_corruptions_and_devoured_cards() -> None:
    d = cm(hand=["Nothingness"], p1={"deck": ["Contagion"]}, corruption=rest_of("Nothingness", "Contagion"))
    g = at_main(d, 0)
    assert Game.from_json(g.to_json()) == g
    d = pg(devoured=["Frozen Magmite", "Spark"])
    g = at_main(d, 0)
    assert Game.from_json(g.to_json()) == g
    assert g.view_for(1)["nemesis"]["decks"]["devoured"] == ["Frozen Magmite", "Spark"]


@pytest.mark.parametrize("nid", [CQ, CM, PG])
def test_nemesis_carapace_queen_crooked_mask_prince_of_gluttons_mat_and_cards_render(nid: str) -> None:
    nd = registry.nemesis(nid)
    text = nemesis_text(nd)
    assert text.startswith("Unleash: ")
    for steps in (*nd.rules.values(), *nd.increased_difficulty.values()):
        for s in steps:
            assert kind_of(s[0]).arity == len(s) - 1  # mat rules are declared kinds
            assert render_steps((s,)) in text
    names = [*nd.cards, *(c for deck in nd.special_decks.values() for c in deck)]
    for name in names:
        assert nemesis_card_text(registry.nemesis_card(name)).strip()
    for name in nd.special_decks.get("corruption", ()):
        assert card_text(registry.card(name)).endswith("Destroy this card.")


def test_nemesis_carapace_queen_swarm_table_rows_are_valid_steps() -> None:
    for _lo, _hi, steps in SWARM_TABLE:
        registry._check_steps("swarm table", "row", steps)
    text = nemesis_text(registry.nemesis(CQ))
    assert "13-15 husks: The players lose the game." in text


@pytest.mark.parametrize("nid,tiers", [
    (CQ, {"Broodwomb": 1, "Endless Throng": 1, "Hatch": 1, "Blot the Sun": 2, "Foul Multitudes": 2,
          "Infest": 2, "Legion Beacon": 3, "Maggot Engine": 3, "Spawn": 3}),
    (CM, {"Burden": 1, "Corrupter": 1, "Tempt": 1, "Pain Sower": 2, "Twisting Madness": 2, "Vex": 2,
          AFFLICT: 3, "Bedlam Sage": 3, "Ruin Priest": 3}),
    (PG, {"Gorge": 1, "Lobotomize": 1, "Thought Biter": 1, "Cerephage": 2, "Godfeeders": 2, "Mindguzzler": 2,
          "Digest": 3, "Vile Feast": 3, "Memory Eater": 3}),
])
def test_nemesis_carapace_queen_crooked_mask_prince_of_gluttons_decks_tiers_as_printed(
        nid: str, tiers: dict[str, int]) -> None:
    nd = registry.nemesis(nid)
    assert set(nd.cards) == set(tiers)
    for name, tier in tiers.items():
        c = registry.nemesis_card(name)
        assert (c.tier, c.nemesis, c.box, c.deck) == (tier, nid, "AE", "nemesis")


def test_nemesis_carapace_queen_crooked_mask_prince_of_gluttons_every_name_has_a_test() -> None:
    tests = [n + "_" for n in globals() if n.startswith("test_")]
    names = [CQ, CM, PG]
    for nid in names[:]:
        nd = registry.nemesis(nid)
        names += [*nd.cards, *(c for deck in nd.special_decks.values() for c in deck)]
    missing = [n for n in names if not any(f"_{snake(n)}_" in t for t in tests)]
    assert missing == []
