"""The table (``gravehold/table.py``): whose decision it is, apply, undo, the log, the record
and the bots' loop, on small exact states; and a property: the loop plays the game that
step-by-step play at the same table plays.

The state: Brama (seat 1, a person) at her main phase with Crystal, Crystal and Spark in
hand, Mist (seat 2) a random bot; both decks hold five Crystals.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gravehold import Game
from gravehold.agents import make_agent
from gravehold.engine.state import Action, Decision
from gravehold.errors import GraveholdError, IllegalAction
from gravehold.table import Log, Seat, Table
from gravehold.undo import LastAction

from support import at_main, base_state, player

CRYSTAL = ("play", "Crystal")
END_MAIN = ("end_main",)  # the draw phase follows: it draws, so it reveals


def game(active: int = 0) -> Game:
    d = base_state([player("Brama", hand=["Crystal", "Crystal", "Spark"], deck=["Crystal"] * 5),
                    player("Mist", hand=["Crystal"] * 5, deck=["Crystal"] * 5)])
    return at_main(d, active)


def table(g: Game | None = None, record: bool = False) -> Table:
    return Table(g or game(), [Seat("human"), Seat("bot", "random")], {1: make_agent("random", 3)}, record=record)


# ------------------------------------------------------------------ who decides, apply


def test_the_owner_of_the_pending_decision_decides_and_a_bot_seat_is_the_bots() -> None:
    t = table()
    assert (t.owner(), t.human_to_move(), t.bot_to_move(), t.humans) == (0, 0, None, frozenset({0}))
    t2 = table(game(active=1))
    assert (t2.owner(), t2.human_to_move(), t2.bot_to_move()) == (1, None, 1)


def test_apply_takes_the_option_and_remembers_it_for_undo_and_the_record() -> None:
    t = table(record=True)
    t.apply(CRYSTAL)
    p = t.game.state.players[0]
    assert (p.aether, p.hand, p.played) == (1, ["Crystal", "Spark"], ["Crystal"])
    assert t.last == LastAction(0, "human", False)
    assert [s["action"] for s in t.steps] == [["play", "Crystal"]] and t.steps[0]["digest"] == t.game.digest()
    assert t.log_lines() == ["P1 plays Crystal"]


def test_a_refused_action_changes_nothing() -> None:
    t = table(record=True)
    t.apply(CRYSTAL)
    before, lines = t.game.to_json(), list(t.log_lines())
    with pytest.raises(IllegalAction):
        t.apply(("play", "Spark"))  # a spell is prepped, not played
    assert (t.game.to_json(), t.log_lines(), len(t.steps), len(t.taken)) == (before, lines, 1, 1)


def test_an_over_game_takes_no_action_and_no_undo() -> None:
    t = table()
    t.apply(CRYSTAL)
    st = t.game.state
    st.over, st.result, st.reason = True, "win", "nemesis_defeated"  # as the engine ends a game
    assert t.owner() is None and t.can_undo(0) == (False, "the game is over")
    with pytest.raises(GraveholdError, match="the game is over"):
        t.apply(END_MAIN)


# ------------------------------------------------------------------ undo


def test_undo_takes_back_your_own_action_by_hand_and_cuts_the_log_and_the_record() -> None:
    t = table(record=True)
    start = t.game.to_json()
    t.apply(CRYSTAL)
    t.apply(CRYSTAL)
    assert t.log_lines() == ["P1 plays Crystal", "P1 plays Crystal"] and len(t.steps) == 2
    assert t.can_undo(1) == (False, "only your own last action can be undone")
    t.undo(0)
    assert t.game.state.players[0].aether == 1 and t.log_lines() == ["P1 plays Crystal"] and len(t.steps) == 1
    t.undo(0)
    assert t.game.to_json() == start and t.log_lines() == [] and t.steps == [] and t.game.events == []
    assert t.can_undo(0) == (False, "nothing to undo")
    with pytest.raises(GraveholdError, match="nothing to undo"):
        t.undo(0)


def test_no_undo_once_something_was_revealed_and_nothing_before_it_is_kept() -> None:
    t = table()
    t.apply(CRYSTAL)
    t.apply(END_MAIN)  # the draw phase draws three cards
    assert t.can_undo(0) == (False, "hidden information was revealed since (a draw or reveal); no undo")
    assert [(k.last, k.before) for k in t.taken] == [(LastAction(0, "human", True), None)]


def test_no_undo_of_a_bots_action() -> None:
    t = table(game(active=1))
    t.play(max_steps=1)
    assert t.last is not None and t.last.seat == 1 and t.last.by == "random"
    assert t.can_undo(1) == (False, "only your own last action can be undone")
    assert t.can_undo(0) == (False, "only your own last action can be undone")


# ------------------------------------------------------------------ a store's front end: ahead, take, resume


def test_ahead_works_on_a_copy_and_take_makes_it_the_tables() -> None:
    t = table(record=True)
    start = t.game.to_json()
    move = t.ahead(CRYSTAL)
    assert t.game.to_json() == start and t.steps == [] and t.taken == []  # nothing seen yet
    assert (move.seat, move.by, move.seq, move.events, move.revealed) == (0, "human", 0, 0, False)
    assert move.game.state.players[0].aether == 1
    t.take(move)
    assert t.game is move.game and t.log_lines() == ["P1 plays Crystal"] and len(t.steps) == 1
    t.undo(0)  # the state before the move was kept: undo needs no store
    assert t.game.to_json() == start and t.log_lines() == []


def test_take_refuses_a_move_worked_out_before_the_game_moved_on() -> None:
    t = table()
    stale = t.ahead(CRYSTAL)
    t.apply(CRYSTAL)
    now = t.game.to_json()
    with pytest.raises(GraveholdError, match="moved on"):
        t.take(stale)
    assert t.game.to_json() == now and len(t.taken) == 1


def test_ahead_refuses_an_illegal_action_and_changes_nothing() -> None:
    t = table()
    start = t.game.to_json()
    with pytest.raises(IllegalAction):
        t.ahead(("play", "Spark"))
    assert t.game.to_json() == start


def test_a_resumed_table_follows_the_undo_rule_and_undoes_to_the_stored_game() -> None:
    """As the web hub after a reload: the history comes from the store, and so does the
    game before the action taken back."""
    played = table()
    played.apply(CRYSTAL)
    stored_before = played.game.clone(events=True)
    played.apply(CRYSTAL)
    t = table(played.game.clone(events=True))
    t.resume([LastAction(1, "random", True), LastAction(0, "human", False), LastAction(0, "human", False)])
    assert [k.last.seat for k in t.taken] == [1, 0, 0]  # from the last revealing action on
    with pytest.raises(GraveholdError, match="its store does"):
        t.undo(0)  # it keeps no states of its own
    assert t.game.state.players[0].aether == 2 and len(t.taken) == 3
    t.undo(0, stored_before)
    assert t.game is stored_before and t.last == LastAction(0, "human", False)
    t.resume([LastAction(0, "human", True)])
    assert t.can_undo(0) == (False, "hidden information was revealed since (a draw or reveal); no undo")


# ------------------------------------------------------------------ the bots' loop


def test_play_lets_the_bots_answer_until_a_person_is_to_decide() -> None:
    t = table(game(active=1))
    chosen: list[tuple[int, Action]] = []
    stepped: list[Action] = []

    def on_choice(g: Game, d: Decision, a: Action) -> None:
        assert a in d.options and g is t.game
        chosen.append((d.seat, a))

    n = t.play(on_choice=on_choice, on_step=lambda g, a: stepped.append(a))
    assert n == len(chosen) == len(stepped) > 0 and [a for _, a in chosen] == stepped
    assert {seat for seat, _ in chosen} == {1} and t.owner() == 0 and not t.game.over
    assert t.play() == 0  # a person's decision: the bots wait


def test_play_stops_at_max_steps_and_when_stop_says_so() -> None:
    t = table(game(active=1))
    assert t.play(max_steps=2) == 2 and t.game.state.seq == 2
    seqs: list[int] = []

    def stop(g: Game) -> bool:
        seqs.append(g.state.seq)
        return g.state.seq == 3

    assert t.play(stop=stop) == 1 and seqs == [3] and t.bot_to_move() == 1


def test_log_keeps_the_newest_lines_past_twice_its_keep() -> None:
    log = Log(keep=2)
    events = [{"event": "play", "player": 0, "card": "Crystal", "turn": 1}] * 5
    assert log.update(events) == ["P1 plays Crystal"] * 2 and log.marks == [3, 4] and log.read == 5


# ------------------------------------------------------------------ seats


def test_seats_must_match_the_players_and_every_bot_needs_an_agent() -> None:
    g = game()
    with pytest.raises(GraveholdError, match="seats: the game has 2 players, 1 seats were given"):
        Table(g, [Seat("human")])
    with pytest.raises(GraveholdError, match="seats: seat 2 is a bot's and has no agent"):
        Table(g, [Seat("human"), Seat("bot", "random")])


def test_a_stored_seat_reads_as_a_seat_and_a_bad_one_says_what_is_wrong() -> None:
    assert Seat.of({"kind": "human", "token": "abc"}) == Seat("human")
    assert Seat.of({"kind": "bot", "agent": "heuristic"}) == Seat("bot", "heuristic")
    with pytest.raises(GraveholdError, match="seats: kind must be 'human' or 'bot', not 'robot'"):
        Seat.of({"kind": "robot"})
    with pytest.raises(GraveholdError, match="seats: a bot's seat needs an agent name, not None"):
        Seat.of({"kind": "bot"})


# ------------------------------------------------------------------ the property


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**20), agent=st.sampled_from(["random", "heuristic"]))
def test_the_loop_plays_the_game_step_by_step_play_plays(seed: int, agent: str) -> None:
    def new() -> Table:
        return Table.of_bots(Game.new(["Brama", "Mist"], "Rageborne", seed=seed, events=False), agent, seed)

    looped = new()
    n = looped.play()
    stepped = new()
    m = 0
    while not stepped.game.over:
        seat = stepped.bot_to_move()
        assert seat is not None
        stepped.apply(stepped.choose(seat), by=agent)
        m += 1
    assert looped.game.over and (m, stepped.game.digest()) == (n, looped.game.digest())
