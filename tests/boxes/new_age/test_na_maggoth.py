"""Maggoth (The New Age): its Nest Mat of maggots and flies, its mat rules and its nine cards.

Each test builds a small exact state (Brama and Mist, a Crystal in each hand, so that a
main phase is a real decision), acts, and compares a snapshot of every zone a nemesis card
can touch, nest tokens included, with the starting one plus only the expected changes.
Nest tokens are keyed per row and kind ("row 1 maggots"; row 1 is the bottom row).
Whole games use the Aeon's End basic cards and mages (``basics="AE"``).
"""

from __future__ import annotations

import random
from functools import partial
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from gravehold import Game
from gravehold.agents import make_agent
from gravehold.boxes.new_age.nemeses import maggoth as mg
from gravehold.content import registry
from gravehold.content.text import nemesis_card_text, nemesis_text
from gravehold.engine.game import card_census
from gravehold.events_text import event_text

from support import (
    OPEN,
    SNAP_BASE,
    Snapshot,
    at_main,
    base_state,
    choose,
    closed,
    minion,
    nemesis_turn_then_p1,
    player,
    power,
    run_steps,
)
from support import at_p1_main as _at_p1_main
from support import check_pay as _check_pay

MG = "Maggoth"
FILLER = "Needlemaw"  # drawn after a minion/power test's main phase: it only enters play
SNAPSHOT = Snapshot(*SNAP_BASE, "tokens")
snap, expect, now = SNAPSHOT.snap, SNAPSHOT.expect, SNAPSHOT.now
at_p1_main = partial(_at_p1_main, casting=True, drawn=False)


def nest(*rows: tuple[int, int]) -> dict[str, int]:
    """Tokens for rows given bottom first as (maggots, flies)."""
    t: dict[str, int] = {}
    for r, (m, f) in enumerate(rows, start=1):
        if m:
            t[mg.key("maggot", r)] = m
        if f:
            t[mg.key("fly", r)] = f
    return t


FULL = nest((5, 0), (5, 0), (5, 0), (4, 0))  # every space taken: 19 maggots


def make(*top: str, tokens: dict[str, int] | None = None, in_play: tuple[dict[str, Any], ...] = (),
         p0: dict[str, Any] | None = None, p1: dict[str, Any] | None = None, expert: bool = False,
         filler: str | None = FILLER, players: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Brama and Mist (a Crystal each) against Maggoth; ``top`` cards on its deck."""
    if players is None:
        players = [player("Brama", **{"hand": ["Crystal"], **(p0 or {})}),
                   player("Mist", **{"hand": ["Crystal"], **(p1 or {})})]
    d = base_state(players)
    d["config"]["nemesis"] = MG
    d["config"]["expert"] = expert
    d["nemesis"] = {"id": MG, "life": 45, "max_life": 45,
                    "deck": [*top, filler] if filler else list(top), "discard": [],
                    "in_play": [dict(c) for c in in_play], "tokens": dict(tokens or {}), "decks": {}}
    return d


def steps_then_p1(d: dict[str, Any], steps: list[Any]) -> Game:
    """Resolve nemesis-side steps (no "you") at the start of P1's main phase."""
    return run_steps(d, steps, you=-1, source=MG, owner=-1)


def nemesis_turn(d: dict[str, Any]) -> Game:
    return nemesis_turn_then_p1(d)


# =========================================================================== the mat


def test_S_7_maggoth_setup_two_maggots_on_the_bottom_row_and_its_nine_cards() -> None:
    g = Game.new(mages=["Brama", "Mist"], nemesis=MG, seed=4, basics="AE")
    n = g.state.nemesis
    assert (n.life, n.max_life) == (45, 45)
    assert n.tokens == {"row 1 maggots": 2}
    own = [c for c in n.deck if registry.nemesis_card(c).nemesis == MG]
    assert sorted(own) == sorted(c.name for c in mg.CARDS) and len(own) == 9
    assert [c.tier for c in mg.CARDS] == [1, 1, 1, 2, 2, 2, 3, 3, 3]
    assert n.decks == {} and n.in_play == []


def test_K_17_maggoth_has_no_special_cards_and_the_census_ignores_the_nest() -> None:
    """Maggots and flies are tokens: no card of the deck or census stands for them."""
    g = Game.new(mages=["Brama"], nemesis=MG, seed=5, basics="AE")
    before = card_census(g.state)
    g.state.nemesis.tokens.update(FULL)
    assert card_census(g.state) == before
    assert all(c.deck == "nemesis" and c.tier in (1, 2, 3) for c in mg.CARDS)


def test_N_4_maggoth_unleash_places_two_maggots() -> None:
    d = make()
    g = steps_then_p1(d, [("unleash", 1)])
    at_p1_main(g)
    assert now(g) == expect(d, tokens={"row 1 maggots": 2})


def test_S_9_maggoth_expert_unleash_places_a_fly_then_a_maggot() -> None:
    d = make(expert=True, tokens=nest((3, 0)))
    g = steps_then_p1(d, [("unleash", 1)])
    at_p1_main(g)
    # the maggot fills row 1 after the fly: Gravehold 2 and a maggot hatches
    assert now(g) == expect(d, tokens={"row 1 maggots": 3, "row 1 flies": 2}, gravehold=28)


def test_nemesis_maggoth_placing_fills_the_bottom_row_first_then_its_effect_resolves() -> None:
    """Row 1 filled by the 3rd of 5 maggots: Gravehold 2, a fly hatches, then 2 go to row 2."""
    d = make(tokens=nest((2, 0)))
    g = steps_then_p1(d, [("nest_place", "maggot", 5)])
    at_p1_main(g)
    assert now(g) == expect(d, tokens={"row 1 maggots": 4, "row 1 flies": 1, "row 2 maggots": 2},
                            gravehold=28)
    ev = [(e["event"], e.get("row")) for e in g.events if e["event"].startswith(("nest", "fly"))]
    assert ev == [("nest_placed", 1), ("nest_row_filled", 1), ("fly_hatched", 1), ("nest_placed", 2)]


def test_nemesis_maggoth_second_row_effect_any_player_suffers_two_and_a_fly_hatches() -> None:
    d = make(tokens=nest((5, 0), (4, 0)))
    g = steps_then_p1(d, [("nest_place", "fly", 1)])
    assert g.decision.kind == "player"
    choose(g, ("player", 1))
    at_p1_main(g)
    assert now(g) == expect(d, tokens={"row 1 maggots": 4, "row 1 flies": 1, "row 2 maggots": 4,
                                       "row 2 flies": 1}, life=[10, 8])


def test_nemesis_maggoth_top_rows_effects_and_a_full_nest_places_nothing() -> None:
    d = make(tokens=nest((5, 0), (5, 0), (4, 0)))
    g = steps_then_p1(d, [("nest_place", "maggot", 6)])  # row 3 fills: Gravehold 4, two hatch
    choose(g, ("player", 0))  # row 4 fills: a player suffers 4, two more hatch
    at_p1_main(g)
    assert now(g) == expect(d, tokens={"row 1 flies": 4, "row 1 maggots": 1, "row 2 maggots": 5,
                                       "row 3 maggots": 5, "row 4 maggots": 4}, gravehold=26, life=[6, 10])
    assert [e["amount"] for e in g.events if e["event"] == "nest_full"] == [1]


def test_nemesis_maggoth_a_row_emptied_and_filled_again_resolves_again() -> None:
    """Row 1, full from earlier: a maggot killed, then one placed fills it again."""
    d = make(tokens=nest((5, 0)))
    g = run_steps(d, [("damage", 1), ("nest_place", "maggot", 1)], you=0, source="Jagged Lightning")
    choose(g, ("target", "maggot"))
    at_p1_main(g)
    assert now(g) == expect(d, tokens={"row 1 maggots": 4, "row 1 flies": 1}, gravehold=28)
    assert [e["row"] for e in g.events if e["event"] == "nest_row_filled"] == [1]


def test_nemesis_maggoth_a_fly_hatches_turns_the_bottommost_maggot() -> None:
    d = make(tokens=nest((0, 5), (2, 1)))
    g = steps_then_p1(d, [("hatch", 2)])  # one maggot is left to turn after row 2's first
    at_p1_main(g)
    assert now(g) == expect(d, tokens={"row 1 flies": 5, "row 2 flies": 3})
    g = steps_then_p1(make(tokens=nest((0, 2))), [("hatch", 1)])  # no maggot: nothing
    assert g.state.nemesis.tokens == nest((0, 2))


# ------------------------------------------------------------------ damage to the nest


def hit(d: dict[str, Any], amount: int) -> Game:
    """P1 deals ``amount`` damage (one source) as a card step would."""
    return run_steps(d, [("damage", amount)], you=0, source="Jagged Lightning")


def test_P_3_maggoth_targets_are_the_topmost_rows_kinds_and_the_nemesis() -> None:
    g = hit(make(tokens=nest((5, 0), (1, 1))), 1)
    assert g.decision.kind == "target"
    assert g.legal_actions() == [("target", "nemesis"), ("target", "maggot"), ("target", "fly")]
    g = hit(make(tokens=nest((4, 1))), 1)
    assert g.legal_actions() == [("target", "nemesis"), ("target", "maggot"), ("target", "fly")]
    g = hit(make(tokens=nest((5, 0), (0, 2))), 1)  # row 2 holds only flies: no maggot is offered
    assert g.legal_actions() == [("target", "nemesis"), ("target", "fly")]


def test_nemesis_maggoth_exactly_one_damage_turns_a_fly_into_a_maggot() -> None:
    d = make(tokens=nest((5, 0), (0, 2)))
    g = hit(d, 1)
    choose(g, ("target", "fly"))
    at_p1_main(g)
    assert now(g) == expect(d, tokens=nest((5, 0), (1, 1)))


def test_nemesis_maggoth_damage_is_divided_over_the_topmost_row_only() -> None:
    """4 damage: 2 kill a fly, 1 kills a maggot, the last is lost (row 2 is empty, row 1 untouched)."""
    d = make(tokens=nest((5, 0), (1, 1)))
    g = hit(d, 4)
    choose(g, ("target", "fly"))
    assert g.decision.kind == "divide" and g.legal_actions() == [("assign", "fly", 1), ("assign", "fly", 2)]
    choose(g, ("assign", "fly", 2))
    assert g.legal_actions() == [("assign", "maggot", 1), ("done",)]
    choose(g, ("assign", "maggot", 1))
    at_p1_main(g)
    assert now(g) == expect(d, tokens=nest((5, 0)))


def test_nemesis_maggoth_a_fly_turned_by_a_share_takes_no_more_of_that_source() -> None:
    d = make(tokens=nest((0, 2)))
    g = hit(d, 3)
    choose(g, ("target", "fly"))
    choose(g, ("assign", "fly", 1))  # now a maggot, out of this hit; the other fly may take 1 or 2
    assert g.legal_actions() == [("assign", "fly", 1), ("assign", "fly", 2), ("done",)]
    choose(g, ("assign", "fly", 1))
    at_p1_main(g)
    assert now(g) == expect(d, tokens=nest((2, 0)))


def test_nemesis_maggoth_the_dealer_may_stop_dividing() -> None:
    d = make(tokens=nest((3, 0)))
    g = hit(d, 3)
    choose(g, ("target", "maggot"))
    choose(g, ("done",))
    at_p1_main(g)
    assert now(g) == expect(d, tokens=nest((2, 0)))


def test_P_3_maggoth_divided_damage_sees_each_token_of_the_top_row() -> None:
    """Garu's Colossal Force: a share of 1 per maggot or fly of the topmost row, each its own source."""
    garu = player("Garu", hand=["Crystal"], charges=5,
                  breaches=[{"state": "open", "spells": ["Spark"]}, dict(OPEN), closed(1), closed(1)])
    d = make(tokens=nest((5, 0), (1, 1)), players=[garu, player("Mist", hand=["Crystal"])])
    g = at_main(d)
    choose(g, ("ability", 0))
    choose(g, ("spell", 0, 0, 0))
    assert g.decision.kind == "divide"
    assert ("assign", "fly", 1) in g.legal_actions() and ("assign", "maggot", 1) in g.legal_actions()
    assert ("assign", "fly", 2) not in g.legal_actions()
    choose(g, ("assign", "fly", 1))  # the fly becomes a maggot: row 2 is now two maggots
    assert g.state.nemesis.tokens == nest((5, 0), (2, 0))
    choose(g, ("assign", "maggot", 1))
    choose(g, ("assign", "maggot", 1))  # row 2 empty: row 1 is the topmost now
    choose(g, ("assign", "maggot", 1))
    assert g.state.nemesis.tokens == nest((4, 0))
    choose(g, ("assign", "nemesis", 2))
    assert g.state.nemesis.life == 43


def test_G_1_maggoth_no_board_clear_win_while_maggots_or_flies_live() -> None:
    d = make(tokens=nest((0, 1)), filler=None)
    g = at_main(d)
    choose(g, ("end_main",))
    assert not g.over  # the deck is empty and no card is in play, but a fly is
    g = at_main(make(filler=None))
    choose(g, ("end_main",))
    assert (g.result, g.reason) == ("win", "nemesis_deck_empty")


# =========================================================================== the cards


def test_card_morph_places_a_fly_and_a_player_suffers_three() -> None:
    d = make("Morph", filler=None)
    g = nemesis_turn(d)
    choose(g, ("player", 1))
    at_p1_main(g)
    assert now(g) == expect(d, tokens={"row 1 flies": 1}, life=[10, 7], n_deck=[], n_discard=["Morph"])


def test_card_fly_throng_power_places_three_maggots_and_a_player_suffers_three() -> None:
    d = make(in_play=(power("Fly Throng", 1),), tokens=nest((2, 0)))
    g = nemesis_turn(d)
    choose(g, ("player", 0))
    at_p1_main(g)
    assert now(g) == expect(d, tokens={"row 1 maggots": 4, "row 1 flies": 1}, gravehold=28, life=[7, 10],
                            in_play=[(FILLER, 11, 0)], n_deck=[], n_discard=["Fly Throng"])


def test_P_14_fly_throng_spend_six_aether() -> None:
    _check_pay(make, SNAPSHOT, "Fly Throng", {"aether": 6}, {"aether": 5}, aether=[0, 0])


def test_card_hive_surge_power_a_maggot_then_two_flies() -> None:
    d = make(in_play=(power("Hive Surge", 1),), tokens=nest((3, 0)))
    g = nemesis_turn(d)
    at_p1_main(g)
    # the maggot and the first fly fill row 1 (Gravehold 2, a maggot hatches); the last fly goes up
    assert now(g) == expect(d, tokens={"row 1 maggots": 3, "row 1 flies": 2, "row 2 flies": 1}, gravehold=28,
                            in_play=[(FILLER, 11, 0)], n_deck=[], n_discard=["Hive Surge"])


def test_P_14_hive_surge_discard_three_cards() -> None:
    hand = ["Crystal", "Crystal", "Spark", "Spark"]
    _check_pay(make, SNAPSHOT, "Hive Surge", {"hand": hand}, {"hand": ["Crystal", "Spark"]},
               picks=[("card", "Crystal"), ("card", "Crystal")],  # then one of two Sparks: no choice
               hand=[["Spark"], ["Crystal"]], discard=[["Crystal", "Crystal", "Spark"], []])


def test_card_overrun_six_maggots_or_a_player_suffers_five() -> None:
    d = make("Overrun", filler=None)
    g = nemesis_turn(d)
    assert g.decision.kind == "or"
    choose(g, g.legal_actions()[0])  # the maggots
    at_p1_main(g)
    assert now(g) == expect(d, tokens={"row 1 maggots": 4, "row 1 flies": 1, "row 2 maggots": 1},
                            gravehold=28, n_deck=[], n_discard=["Overrun"])


def test_N_6_overrun_a_nest_without_room_for_six_takes_the_damage() -> None:
    tokens = nest((5, 0), (5, 0), (5, 0))
    d = make("Overrun", filler=None, tokens=tokens)
    g = nemesis_turn(d)
    assert g.decision.kind == "player"  # the OR was decided: six maggots cannot be placed
    choose(g, ("player", 0))
    at_p1_main(g)
    assert now(g) == expect(d, life=[5, 10], n_deck=[], n_discard=["Overrun"])


def test_card_shape_death_seven_or_fewer_three_flies_and_a_maggot() -> None:
    d = make(in_play=(power("Shape Death", 1),), tokens=nest((5, 0), (2, 0)))
    g = nemesis_turn(d)
    choose(g, ("player", 1))  # row 2 filled by the third fly: a player suffers 2, a fly hatches
    at_p1_main(g)
    assert now(g) == expect(d, tokens={"row 1 maggots": 4, "row 1 flies": 1, "row 2 maggots": 2,
                                       "row 2 flies": 3, "row 3 maggots": 1},
                            life=[10, 8], in_play=[(FILLER, 11, 0)], n_deck=[], n_discard=["Shape Death"])


def test_card_shape_death_more_than_seven_a_player_suffers_four() -> None:
    d = make(in_play=(power("Shape Death", 1),), tokens=nest((5, 0), (3, 0)))
    g = nemesis_turn(d)
    choose(g, ("player", 0))
    at_p1_main(g)
    assert now(g) == expect(d, life=[6, 10], in_play=[(FILLER, 11, 0)], n_deck=[], n_discard=["Shape Death"])


def test_P_14_shape_death_spend_seven_aether() -> None:
    _check_pay(make, SNAPSHOT, "Shape Death", {"aether": 7}, {"aether": 6}, aether=[0, 0])


def test_card_vile_breeder_places_a_maggot_and_a_player_suffers_two() -> None:
    d = make(in_play=(minion("Vile Breeder"),), filler="Vile Breeder")
    d["nemesis"]["deck"] = ["Morph"]
    g = nemesis_turn(d)
    choose(g, ("player", 0))  # Vile Breeder's PERSISTENT
    choose(g, ("player", 1))  # Morph, drawn
    at_p1_main(g)
    assert now(g) == expect(d, tokens={"row 1 maggots": 1, "row 1 flies": 1}, life=[8, 7], n_deck=[],
                            n_discard=["Morph"])


def test_N_11_vile_breeder_drawn_does_not_act_this_turn() -> None:
    d = make("Vile Breeder", filler=None)
    g = nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, in_play=[("Vile Breeder", 9, 0)], n_deck=[])
    assert not [e for e in g.events if e["event"] in ("persistent", "nest_placed")]


def test_card_egg_burst_power_three_flies_and_a_player_suffers_three() -> None:
    d = make(in_play=(power("Egg Burst", 1),))
    g = nemesis_turn(d)
    choose(g, ("player", 1))
    at_p1_main(g)
    assert now(g) == expect(d, tokens={"row 1 flies": 3}, life=[10, 7], in_play=[(FILLER, 11, 0)],
                            n_deck=[], n_discard=["Egg Burst"])


def test_P_14_egg_burst_destroy_four_cards() -> None:
    hand = ["Crystal", "Crystal", "Crystal", "Spark", "Spark"]
    _check_pay(make, SNAPSHOT, "Egg Burst", {"hand": hand}, {"hand": hand[:3]},
               picks=[("card", "Crystal"), ("card", "Crystal"), ("card", "Crystal")],
               hand=[["Spark"], ["Crystal"]], destroyed=["Crystal", "Crystal", "Crystal", "Spark"])


def test_card_vivify_seven_or_fewer_places_five_flies() -> None:
    d = make("Vivify", filler=None, tokens=nest((2, 0)))
    g = nemesis_turn(d)
    at_p1_main(g)
    # 3 flies fill row 1 (Gravehold 2, a maggot hatches), 2 go to row 2
    assert now(g) == expect(d, tokens={"row 1 maggots": 1, "row 1 flies": 4, "row 2 flies": 2}, gravehold=28,
                            n_deck=[], n_discard=["Vivify"])


def test_card_vivify_more_than_seven_suffers_four_and_discards_the_costliest_prepped_spell() -> None:
    mist = {"breaches": [{"state": "open", "spells": ["Spark"]}, {"state": "open", "spells": ["Jagged Lightning"]},
                         closed(0), closed(2)]}
    d = make("Vivify", filler=None, tokens=nest((5, 0), (3, 0)), p1=mist)
    g = nemesis_turn(d)
    choose(g, ("player", 1))
    at_p1_main(g)
    assert now(g) == expect(d, life=[10, 6], spells=[[[], [], [], []], [["Spark"], [], [], []]],
                            discard=[[], ["Jagged Lightning"]], n_deck=[], n_discard=["Vivify"])


def test_card_savage_spawner_places_two_flies() -> None:
    d = make(in_play=(minion("Savage Spawner"),), tokens=nest((4, 0)))
    g = nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, tokens={"row 1 maggots": 3, "row 1 flies": 2, "row 2 flies": 1}, gravehold=28,
                            in_play=[("Savage Spawner", 17, 0), (FILLER, 11, 0)], n_deck=[])


def test_nemesis_maggoth_texts_render_from_the_encoding() -> None:
    t = nemesis_text(registry.nemesis(MG))
    assert "Place 2 maggots into play." in t and "Row 1 (bottom), 5 spaces" in t and "Setup: 2 maggots" in t
    assert nemesis_card_text(registry.nemesis_card("Hive Surge")).endswith(
        "Place a maggot into play. Place 2 flies into play.")


def test_nemesis_maggoth_nest_rows_read_as_sentences_and_say_which_are_readings() -> None:
    """Only the bottom row is known from the printed mat; the others say they are a reading."""
    lines = nemesis_text(registry.nemesis(MG)).splitlines()
    reading = " (the project's reading: the printed row is unknown)"
    assert lines[0] == ("Unleash: If the game is played on expert or extinction: Place a fly into play and place "
                        "a maggot into play. Otherwise: Place 2 maggots into play.")
    assert lines[2] == (
        "Row 1 (bottom), 5 spaces; when it is filled: Gravehold suffers 2 damage and a fly hatches. "
        f"Row 2{reading}, 5 spaces; when it is filled: A player of your choice suffers 2 damage and a fly hatches. "
        f"Row 3{reading}, 5 spaces; when it is filled: Gravehold suffers 4 damage and 2 flies hatch. "
        f"Row 4{reading}, 4 spaces; when it is filled: A player of your choice suffers 4 damage and 2 flies hatch.")


# =========================================================================== invariants and games


def rows_ok(tokens: dict[str, int]) -> bool:
    """Rows below the topmost occupied one are full; none holds more than its spaces."""
    sizes = [int(r[2]) for r in mg.NEST]
    held = [tokens.get(mg.key("maggot", r), 0) + tokens.get(mg.key("fly", r), 0) for r in range(1, 5)]
    top = max((r for r in range(4) if held[r]), default=-1)
    return all(0 <= h <= s for h, s in zip(held, sizes, strict=True)) and all(
        held[r] == sizes[r] for r in range(top)) and all(v > 0 for v in tokens.values())


OPS = hs.one_of(
    hs.tuples(hs.just("nest_place"), hs.sampled_from(["maggot", "fly"]), hs.integers(1, 7)),
    hs.tuples(hs.just("hatch"), hs.integers(1, 3)),
    hs.tuples(hs.just("damage"), hs.integers(1, 5)),
)


@settings(max_examples=40, deadline=None)
@given(hs.lists(OPS, max_size=12), hs.integers(0, 10**6))
def test_P_3_maggoth_the_nest_fills_bottom_up_and_empties_top_down(ops: list[Any], seed: int) -> None:
    """Any mix of placing, hatching and hits keeps the nest a stack: full rows under the topmost."""
    d = make()
    d["gravehold"] = {"life": 99, "max_life": 99}
    for p in d["players"]:
        p["life"] = p["max_life"] = 99
    g = run_steps(d, [list(s) for s in ops], you=0, source="Jagged Lightning")
    r = random.Random(seed)
    while g.decision is not None and g.decision.kind not in ("main",) and not g.over:
        acts = g.legal_actions()
        nest_acts = [a for a in acts if a[0] != "target" or a[1] != "nemesis"]
        g.apply(r.choice(nest_acts or acts))
        assert rows_ok(g.state.nemesis.tokens), g.state.nemesis.tokens
    assert rows_ok(g.state.nemesis.tokens)
    assert mg.nest_total(g.engine) <= 19


@pytest.mark.parametrize("agent", ["random", "heuristic"])
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_nemesis_maggoth_seeded_games_finish(agent: str, players: int) -> None:
    mages = ["Adelheim", "Brama", "Gex", "Kadir", "Mist", "Phaedraxa", "Xaxos", "Garu"]
    seed = 31 * players + (agent == "heuristic")
    picked = random.Random(seed).sample(mages, players)
    g = Game.new(mages=picked, nemesis=MG, seed=seed, basics="AE", market="random",
                 difficulty="expert" if players % 2 else "normal")
    census = card_census(g.state)
    seats = [make_agent(agent, seed + i) for i in range(players)]
    from gravehold.agents.board import SeatView

    steps = 0
    while not g.over:
        d = g.decision
        assert d is not None
        seat = d.seat
        g.apply(seats[seat].choose(d, SeatView(g.state, seat)))
        steps += 1
        assert steps < 20000, "the game does not end"
        assert rows_ok(g.state.nemesis.tokens)
    assert g.result in ("win", "loss") and card_census(g.state) == census
    assert Game.from_json(g.to_json()).state == g.state
    for e in g.events:
        if e["event"].startswith(("nest", "fly")):
            assert event_text(e), e
