"""Experiment 153 (Outcasts): its Growth Mat and four maws, its mat rules and its nine cards.

Each test builds a small exact state (Brama and Mist, a Crystal in each hand, so that a main
phase is a real decision), acts, and compares a snapshot of every zone a nemesis card can
touch, the maw tokens included, with the starting one plus only the expected changes. A maw
is two nemesis tokens, "maw 2 space" and "maw 2 life"; the nemesis' life is their total.
"""

from __future__ import annotations

import random
from functools import partial
from typing import Any

import pytest

from gravehold import Game
from gravehold.agents import make_agent
from gravehold.agents.board import SeatView
from gravehold.boxes.outcasts import curses
from gravehold.boxes.outcasts.nemeses import experiment_153 as e153
from gravehold.content import registry
from gravehold.content.text import nemesis_card_text, nemesis_text, panels
from gravehold.engine.game import card_census
from gravehold.engine.view import view_for
from gravehold.events_text import event_text

from support import (
    SNAP_BASE,
    Snapshot,
    at_main,
    base_state,
    choose,
    minion,
    nemesis_turn_then_p1,
    player,
    power,
    run_steps,
)
from support import at_p1_main as _at_p1_main
from support import check_pay as _check_pay

E = "Experiment 153"
FILLER = "Needlemaw"  # drawn after a minion/power test's main phase: it only enters play
SNAPSHOT = Snapshot(*SNAP_BASE, "tokens", "decks")
snap, expect, now = SNAPSHOT.snap, SNAPSHOT.expect, SNAPSHOT.now
at_p1_main = partial(_at_p1_main, casting=True, drawn=False)


def maws(*spaces_lives: tuple[int, int] | None) -> dict[str, int]:
    """Tokens for maws 1-4 given as (space, life); None for a maw that has died."""
    t: dict[str, int] = {}
    for k, sl in enumerate(spaces_lives, start=1):
        if sl is not None:
            t[f"maw {k} space"], t[f"maw {k} life"] = sl
    return t


START = maws((2, 20), (1, 20), (2, 20), (1, 20))


def make(*top: str, tokens: dict[str, int] | None = None, in_play: tuple[dict[str, Any], ...] = (),
         p0: dict[str, Any] | None = None, p1: dict[str, Any] | None = None, expert: bool = False,
         filler: str | None = FILLER, beside: tuple[str, ...] = ()) -> dict[str, Any]:
    """Brama and Mist (a Crystal each) against Experiment 153; ``top`` cards on its deck."""
    players = [player("Brama", **{"hand": ["Crystal"], **(p0 or {})}),
               player("Mist", **{"hand": ["Crystal"], **(p1 or {})})]
    d = base_state(players)
    d["config"]["nemesis"] = E
    d["config"]["expert"] = expert
    t = dict(START if tokens is None else tokens)
    d["nemesis"] = {"id": E, "life": sum(v for k, v in t.items() if k.endswith("life")), "max_life": 80,
                    "deck": [*top, filler] if filler else list(top), "discard": [],
                    "in_play": [dict(c) for c in in_play], "tokens": t,
                    "decks": {e153.BESIDE: list(beside), curses.CURSE_DECK: list(curses.DECK)}}
    return d


def steps_then_p1(d: dict[str, Any], steps: list[Any]) -> Game:
    """Resolve nemesis-side steps (no "you") at the start of P1's main phase."""
    return run_steps(d, steps, you=-1, source=E, owner=-1)


def hit(d: dict[str, Any], amount: int) -> Game:
    """P1 deals ``amount`` damage (one source) as a card step would."""
    return run_steps(d, [("damage", amount)], you=0, source="Jagged Lightning")


def pick_maw(g: Game, k: int, among: list[int] | None = None) -> None:
    assert g.decision is not None and g.decision.kind == "maw"
    if among is not None:
        assert g.legal_actions() == [("target", f"maw {j}") for j in among]
    choose(g, ("target", f"maw {k}"))


def collective_discard(g: Game) -> None:
    """Answer the players' "who discards next" (the fullest hand, the later seat on a tie) and
    "which card" (the first by name) until that is done."""
    while g.decision is not None and g.decision.kind in ("player", "discard"):
        hands = g.state.players
        opts = g.legal_actions()
        choose(g, max(opts, key=lambda a: (len(hands[int(a[1])].hand), a[1])) if opts[0][0] == "player" else opts[0])


# =========================================================================== the mat


def test_S_7_experiment_153_setup_four_maws_of_twenty_life_two_moved_forward() -> None:
    g = Game.new(mages=["Brama", "Mist"], nemesis=E, seed=4)
    n = g.state.nemesis
    assert (n.life, n.max_life) == (80, 80)
    assert n.tokens == maws((1, 20), (1, 20), (1, 20), (1, 20))
    pick_maw(g, 3, [1, 2, 3, 4])
    pick_maw(g, 1, [1, 2, 4])  # a different maw
    assert n.tokens == maws((2, 20), (1, 20), (2, 20), (1, 20))
    own = [c for c in n.deck if registry.nemesis_card(c).nemesis == E]
    assert sorted(own) == sorted(c.name for c in e153.CARDS) and len(own) == 9
    assert [c.tier for c in e153.CARDS] == [1, 1, 1, 2, 2, 2, 3, 3, 3]
    assert n.decks[e153.BESIDE] == [] and n.decks[curses.CURSE_DECK] == list(curses.DECK)  # Bound gives curses


@pytest.mark.parametrize(("difficulty", "each"), [("beginner", 18), ("normal", 20), ("extinction", 22)])
def test_S_9_experiment_153_difficulty_changes_each_maws_life(difficulty: str, each: int) -> None:
    g = Game.new(mages=["Brama", "Mist"], nemesis=E, seed=4, difficulty=difficulty)
    n = g.state.nemesis
    assert [n.tokens[f"maw {k} life"] for k in e153.MAWS] == [each] * 4
    assert (n.life, n.max_life) == (4 * each, 4 * each)


def test_N_4_experiment_153_unleash_moves_any_maw_two_spaces_forward() -> None:
    d = make()
    g = steps_then_p1(d, [("unleash", 1)])
    assert g.decision.player == 0  # the players decide (N-6): the active seat answers
    pick_maw(g, 2, [1, 2, 3, 4])
    at_p1_main(g)
    assert now(g) == expect(d, tokens={**START, "maw 2 space": 3})


def test_S_9_experiment_153_expert_unleash_then_one_more_space() -> None:
    d = make(expert=True, p0={"hand": ["Crystal", "Crystal", "Spark", "Spark"]})
    g = steps_then_p1(d, [("unleash", 1)])
    pick_maw(g, 4)
    pick_maw(g, 4)
    collective_discard(g)  # the fourth space of track 4: the players discard four cards between them
    at_p1_main(g)
    assert now(g) == expect(d, tokens={**START, "maw 4 space": 4}, hand=[["Spark"], []],
                            discard=[["Crystal", "Crystal", "Spark"], ["Crystal"]])


def test_K_13_growth_mat_passing_the_fourth_space_resolves_it() -> None:
    d = make(tokens=maws((2, 20), (3, 20), (2, 20), (1, 20)))
    g = steps_then_p1(d, [("maw_forward", 3)])
    pick_maw(g, 2)
    at_p1_main(g)
    assert now(g) == expect(d, tokens=maws((2, 20), (6, 20), (2, 20), (1, 20)), gravehold=26)
    assert [(e["maw"], e["space"]) for e in g.events if e["event"] == "maw_moved"] == [(2, 4), (2, 5), (2, 6)]


def test_K_13_growth_mat_a_move_reaching_the_end_stops_there() -> None:
    d = make(tokens=maws((7, 20), (1, 20), (1, 20), (1, 20)))
    g = steps_then_p1(d, [("maw_forward", 3)])
    pick_maw(g, 1)
    choose(g, ("player", 1))  # space 8 of track 1: a player suffers 4, then Gravehold 3
    at_p1_main(g)
    assert now(g) == expect(d, tokens=maws((8, 20), (1, 20), (1, 20), (1, 20)), life=[10, 6], gravehold=27)


def test_K_13_growth_mat_a_move_starting_at_the_end_resolves_the_end_instead() -> None:
    d = make(tokens=maws((1, 20), (8, 20), (1, 20), (1, 20)))
    g = steps_then_p1(d, [("maw_forward", 4)])
    pick_maw(g, 2)
    at_p1_main(g)
    assert now(g) == expect(d, gravehold=23)
    assert not [e for e in g.events if e["event"] == "maw_moved"]


def test_K_13_growth_mat_track_three_hurts_a_player_and_track_four_empties_hands() -> None:
    d = make(tokens=maws((1, 20), (1, 20), (3, 20), (7, 20)), p0={"hand": ["Crystal"] * 5},
             p1={"hand": ["Spark"] * 4})
    g = steps_then_p1(d, [("maw_forward", 1), ("maw_forward", 1)])
    pick_maw(g, 3)
    choose(g, ("player", 0))
    pick_maw(g, 4)  # space 8 of track 4: eight cards between them
    collective_discard(g)
    at_p1_main(g)
    assert now(g) == expect(d, tokens=maws((1, 20), (1, 20), (4, 20), (8, 20)), life=[6, 10],
                            hand=[["Crystal"], []], discard=[["Crystal"] * 4, ["Spark"] * 4])


def test_K_14_damage_to_experiment_153_goes_to_one_maw_of_the_dealers_choice() -> None:
    d = make()
    g = hit(d, 2)
    pick_maw(g, 3, [1, 2, 3, 4])
    at_p1_main(g)
    assert now(g) == expect(d, tokens={**START, "maw 3 life": 18}, nemesis_life=78)


def test_K_14_three_damage_in_one_hit_moves_that_maw_back_one_space() -> None:
    d = make(tokens=maws((6, 20), (4, 20), (1, 20), (2, 20)))
    for k, space in ((1, 5), (2, 4), (3, 1), (4, 1)):  # the first and fourth spaces hold
        g = hit(d, 3)
        pick_maw(g, k)
        at_p1_main(g)
        t = dict(d["nemesis"]["tokens"])
        t[f"maw {k} space"], t[f"maw {k} life"] = space, 17
        assert now(g) == expect(d, tokens=t, nemesis_life=77)


def test_K_14_a_maw_at_zero_is_discarded_and_another_moves_back_two() -> None:
    d = make(tokens=maws((3, 2), (7, 20), (5, 20), (2, 20)))
    g = hit(d, 5)
    pick_maw(g, 1)
    pick_maw(g, 2, [2, 3, 4])  # the dealer picks the maw that moves back
    at_p1_main(g)
    assert now(g) == expect(d, tokens=maws(None, (5, 20), (5, 20), (2, 20)), nemesis_life=60)
    g = hit(d, 5)
    pick_maw(g, 1)
    pick_maw(g, 3)  # from space 5 only one back: the fourth space holds
    at_p1_main(g)
    assert now(g) == expect(d, tokens=maws(None, (7, 20), (4, 20), (2, 20)), nemesis_life=60)
    assert [e["maw"] for e in g.events if e["event"] == "maw_defeated"] == [1]


def test_G_1_experiment_153_the_players_win_when_no_maw_is_left() -> None:
    d = make(tokens=maws(None, None, (6, 4), None))
    g = hit(d, 4)
    assert g.over and (g.result, g.reason) == ("win", "nemesis_defeated")
    assert g.state.nemesis.life == 0 and g.state.nemesis.tokens == {}


def test_K_14_the_nemesis_stays_one_target_beside_its_minions() -> None:
    d = make(in_play=(minion("Corrupting Chitterer"),))
    g = hit(d, 5)
    assert g.legal_actions() == [("target", "nemesis"), ("target", "Corrupting Chitterer")]
    choose(g, ("target", "nemesis"))
    pick_maw(g, 4)
    at_p1_main(g)
    assert now(g) == expect(d, tokens={**START, "maw 4 life": 15}, nemesis_life=75)


# =========================================================================== the cards


def test_card_corrupting_chitterer_moves_two_different_maws_one_space() -> None:
    d = make(in_play=(minion("Corrupting Chitterer"),))
    g = nemesis_turn_then_p1(d)
    pick_maw(g, 2, [1, 2, 3, 4])
    pick_maw(g, 4, [1, 3, 4])
    at_p1_main(g)
    assert now(g) == expect(d, tokens={**START, "maw 2 space": 2, "maw 4 space": 2},
                            in_play=[("Corrupting Chitterer", 6, 0), (FILLER, 11, 0)], n_deck=[])
    one = make(in_play=(minion("Corrupting Chitterer"),), tokens=maws(None, (2, 5), None, None))
    g = nemesis_turn_then_p1(one)  # one maw left: it moves, and nothing more
    at_p1_main(g)
    assert g.state.nemesis.tokens == maws(None, (3, 5), None, None)


def test_card_cascading_casualties_farthest_maw_and_its_effects_twice() -> None:
    d = make(in_play=(power("Cascading Casualties", 1),), tokens=maws((2, 20), (3, 20), (1, 20), (3, 20)))
    g = nemesis_turn_then_p1(d)
    pick_maw(g, 2, [2, 4])  # a tie for the farthest: the players pick
    at_p1_main(g)
    assert now(g) == expect(d, tokens=maws((2, 20), (5, 20), (1, 20), (3, 20)), gravehold=22,
                            in_play=[(FILLER, 11, 0)], n_deck=[], n_discard=["Cascading Casualties"])


def test_P_14_cascading_casualties_spend_five_aether() -> None:
    _check_pay(make, SNAPSHOT, "Cascading Casualties", {"aether": 5}, {"aether": 4}, aether=[0, 0])


def test_card_bound_two_cursed_shards_on_a_deck_or_a_maw_three_forward() -> None:
    d = make("Bound")
    g = nemesis_turn_then_p1(d)
    choose(g, ("choose", 0))
    choose(g, ("player", 1))
    at_p1_main(g)
    deck = list(curses.DECK)
    deck.remove("Cursed Shard")
    deck.remove("Cursed Shard")
    assert now(g) == expect(d, deck=[[], ["Cursed Shard", "Cursed Shard"]], n_deck=[FILLER], n_discard=["Bound"],
                            decks={e153.BESIDE: [], curses.CURSE_DECK: deck})
    g = nemesis_turn_then_p1(d)
    choose(g, ("choose", 1))
    pick_maw(g, 3)
    choose(g, ("player", 0))  # track 3's fourth space: a player suffers 4
    at_p1_main(g)
    assert now(g) == expect(d, tokens={**START, "maw 3 space": 5}, life=[6, 10], n_deck=[FILLER], n_discard=["Bound"])


def test_card_aural_carnivore_maws_take_no_damage_and_a_player_suffers_two() -> None:
    d = make(in_play=(minion("Aural Carnivore"),), tokens=maws((6, 20), (1, 20), (1, 20), (1, 20)))
    g = hit(d, 5)
    choose(g, ("target", "nemesis"))
    pick_maw(g, 1)
    at_p1_main(g)
    assert now(g) == expect(d)  # reduced to 0: no life lost and no move back
    g = nemesis_turn_then_p1(d)
    choose(g, ("player", 1))
    at_p1_main(g)
    assert now(g) == expect(d, life=[10, 8], in_play=[("Aural Carnivore", 10, 0), (FILLER, 11, 0)], n_deck=[])


def test_card_scaled_flesh_unleashes_twice_and_lies_beside_the_growth_mat() -> None:
    d = make(in_play=(power("Scaled Flesh", 1),))
    g = nemesis_turn_then_p1(d)
    pick_maw(g, 2)
    pick_maw(g, 2)
    at_p1_main(g)  # space 4 of track 2 on the way: Gravehold 4
    assert now(g) == expect(d, tokens={**START, "maw 2 space": 5}, gravehold=26, in_play=[(FILLER, 11, 0)],
                            n_deck=[], decks={e153.BESIDE: ["Scaled Flesh"], curses.CURSE_DECK: list(curses.DECK)})
    beside = make(tokens=maws((6, 20), (6, 20), (1, 20), (1, 20)), beside=("Scaled Flesh",))
    g = hit(beside, 3)
    pick_maw(g, 1)
    at_p1_main(g)
    assert g.state.nemesis.tokens == maws((6, 17), (6, 20), (1, 20), (1, 20))  # 3 no longer moves it
    g = hit(beside, 4)
    pick_maw(g, 2)
    at_p1_main(g)
    assert g.state.nemesis.tokens == maws((6, 20), (5, 16), (1, 20), (1, 20))


def test_card_lunging_jaws_moves_any_maw_four_spaces() -> None:
    d = make("Lunging Jaws")
    g = nemesis_turn_then_p1(d)
    pick_maw(g, 2)
    at_p1_main(g)
    assert now(g) == expect(d, tokens={**START, "maw 2 space": 5}, gravehold=26, n_deck=[FILLER],
                            n_discard=["Lunging Jaws"])


def test_card_vein_worms_moves_any_maw_three_spaces() -> None:
    d = make(in_play=(minion("Vein Worms"),))
    g = nemesis_turn_then_p1(d)
    pick_maw(g, 1)
    choose(g, ("player", 0))  # track 1's fourth space: Gravehold 2, then a player 2
    at_p1_main(g)
    assert now(g) == expect(d, tokens={**START, "maw 1 space": 5}, gravehold=28, life=[8, 10],
                            in_play=[("Vein Worms", 16, 0), (FILLER, 11, 0)], n_deck=[])


def test_card_restless_maws_unleashes_twice_and_the_lowest_maw_heals_ten() -> None:
    d = make(in_play=(power("Restless Maws", 1),), tokens=maws((5, 14), (5, 6), (5, 6), (5, 20)))
    g = nemesis_turn_then_p1(d)
    pick_maw(g, 1)
    pick_maw(g, 2)
    pick_maw(g, 3, [2, 3])  # the lowest life is a tie
    at_p1_main(g)
    assert now(g) == expect(d, tokens=maws((7, 14), (7, 6), (5, 16), (5, 20)), nemesis_life=56,
                            in_play=[(FILLER, 11, 0)], n_deck=[], n_discard=["Restless Maws"])
    top = make(in_play=(power("Restless Maws", 1),), tokens=maws(None, (1, 15), None, None))
    g = nemesis_turn_then_p1(top)
    at_p1_main(g)  # the Unleashes pass space 4 of track 2: Gravehold 4
    assert g.state.nemesis.tokens == maws(None, (5, 20), None, None)  # never above its starting life
    assert g.state.gravehold == 26


def test_P_14_restless_maws_spend_eight_aether() -> None:
    _check_pay(make, SNAPSHOT, "Restless Maws", {"aether": 8}, {"aether": 7}, aether=[0, 0])


def test_card_divide_and_devour_unleash_three_forward_one_back() -> None:
    d = make("Divide and Devour", p0={"hand": ["Crystal"] * 3}, p1={"hand": ["Crystal", "Spark"]},
             tokens=maws((2, 20), (6, 20), (2, 20), (1, 20)))
    g = nemesis_turn_then_p1(d)
    pick_maw(g, 4)  # the Unleash
    pick_maw(g, 4)  # three forward: space 4 of track 4 on the way
    collective_discard(g)  # the players discard four cards between them
    pick_maw(g, 2)  # one back
    at_p1_main(g)
    assert now(g) == expect(d, tokens=maws((2, 20), (5, 20), (2, 20), (6, 20)), hand=[["Crystal"], []],
                            discard=[["Crystal", "Crystal"], ["Crystal", "Spark"]], n_deck=[FILLER],
                            n_discard=["Divide and Devour"])


# =========================================================================== text, boards, games


def test_K_13_experiment_153_texts_render_from_the_data() -> None:
    text = nemesis_text(registry.NEMESES[E])
    for part in ("Growth Mat", "no life dial", "20 life", "project's reading", "Track of maw 4",
                 "With no maw token left on the Growth Mat, the players have won"):
        assert part in text, part
    for c in e153.CARDS:
        assert nemesis_card_text(c)
    assert "lies beside the Growth Mat" in nemesis_card_text(e153.SCALED_FLESH)


def test_K_13_both_boards_show_the_growth_mat_and_each_maw() -> None:
    g = Game.from_dict(make(tokens=maws((3, 12), None, (8, 20), (1, 20)), beside=("Scaled Flesh",)))
    shown = dict(panels(view_for(g.state, 0)))
    assert shown["Growth Mat"].startswith(
        "maw 1 on space 3/8, life 12; maw 2 gone; maw 3 on space 8/8, life 20; maw 4 on space 1/8, life 20; "
        "a hit of 4+ moves a maw back")
    from gravehold.terminal.render import nemesis_pane

    pane = nemesis_pane(view_for(g.state, 0), 1).plain
    assert "Growth Mat maw 1 on space 3/8, life 12" in " ".join(pane.split())
    # the maws' raw tokens are said once, in the Growth Mat row, not again in the token list
    assert "maw 1 space 3" not in pane and "maw 1 life 12" not in pane
    from gravehold.content.text import in_panel

    assert all(in_panel(k) for k in g.state.nemesis.tokens if k.startswith("maw "))


@pytest.mark.parametrize("agent", ["random", "heuristic"])
@pytest.mark.parametrize("players", [1, 2, 4])
def test_experiment_153_seeded_games_finish(agent: str, players: int) -> None:
    seed = 53 * players + (agent == "heuristic")
    mages = random.Random(seed).sample(["Brama", "Mist", "Gex", "Kadir", "Garu", "Adelheim"], players)
    g = Game.new(mages=mages, nemesis=E, seed=seed, market="random", difficulty="expert" if players % 2 else "normal")
    census = card_census(g.state)
    seats = [make_agent(agent, seed + i) for i in range(players)]
    steps = 0
    while not g.over:
        d = g.decision
        assert d is not None
        g.apply(seats[d.seat].choose(d, SeatView(g.state, d.seat)))
        steps += 1
        assert steps < 20000, "the game does not end"
        n = g.state.nemesis
        assert n.life == sum(n.tokens.get(f"maw {k} life", 0) for k in e153.MAWS)
        assert all(1 <= n.tokens[f"maw {k} space"] <= 8 for k in e153.alive(n.tokens))
    assert g.result in ("win", "loss") and card_census(g.state) == census
    assert Game.from_json(g.to_json()).state == g.state
    for e in g.events:
        if e["event"].startswith("maw") or e["event"] == "beside_growth_mat":
            assert event_text(e), e


# =========================================================================== the bots


def test_experiment_153_heuristic_pays_off_cascading_casualties_before_an_end_resolves_twice() -> None:
    """Its power moves maw 3 (space 7, the farthest) onto its end, whose damage then resolves
    twice: the bots price the maw step by the Growth Mat (not as an unknown step) and pay 5."""
    d = make(in_play=(power("Cascading Casualties", 1),), tokens=maws((2, 20), (1, 20), (7, 20), (1, 20)),
             p0={"hand": [], "aether": 5})
    g = at_main(d, 0)
    assert ("pay", "Cascading Casualties") in g.legal_actions()
    assert make_agent("heuristic", 0).choose(g.decision, SeatView(g.state, 0)) == ("pay", "Cascading Casualties")


def test_experiment_153_heuristic_hit_of_three_pushes_back_the_maw_next_to_its_effect() -> None:
    """A hit that can move a maw back goes to the maw one space before its effect (maw 2 on
    space 3), not to the weakest maw (maw 1, which no hit can move back from space 4)."""
    d = make(tokens=maws((4, 9), (3, 20), (5, 20), (1, 20)))
    g = hit(d, 3)
    assert g.decision is not None and g.decision.kind == "maw"
    assert make_agent("heuristic", 0).choose(g.decision, SeatView(g.state, 0)) == ("target", "maw 2")
    choose(g, ("target", "maw 2"))
    assert g.state.nemesis.tokens == maws((4, 9), (2, 17), (5, 20), (1, 20))
