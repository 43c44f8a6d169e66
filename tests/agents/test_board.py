"""The heuristic's board built straight from the state is the board its view gives.

``board_from_state(st, seat, me)`` must equal ``board_from_view(view_for(st, seat), me)``
at any decision, for every seat (and a spectator), against every nemesis, and must not
change when cards the seat may not see are swapped (``support.same_information_set``).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gravehold import Game
from gravehold.agents import HeuristicAgent, RandomAgent
from gravehold.agents.board import SeatView, board_from_state, board_from_view
from gravehold.content import registry as content
from gravehold.engine.view import view_for

from support import same_information_set

NEMESES = sorted(content.NEMESES)
POLICIES = ("heuristic", "random", "mixed")


def check_boards(g: Game, r: random.Random) -> int:
    """Both boards for every seat and a spectator; the state-built one for a shuffled
    information set. Returns the number of boards compared."""
    d = g.decision
    assert d is not None
    s = g.state
    checked = 0
    for seat in [*range(len(s.players)), None]:
        fast = board_from_state(s, seat, d.player)
        assert fast == board_from_view(view_for(s, seat), d.player), f"seat {seat}, {d.kind} at step {s.seq}"
        h = same_information_set(g, seat, r)
        assert board_from_state(h.state, seat, d.player) == fast, f"seat {seat} sees hidden cards"
        checked += 1
    return checked


def play_and_check(nemesis: str, players: int, seed: int, policy: str, every: int) -> int:
    g = Game.new(mages=["random"] * players, nemesis=nemesis, market="random", seed=seed, events=False)
    r = random.Random(seed)
    heuristic = [HeuristicAgent(seed + i) for i in range(players)]
    rand = RandomAgent(seed)
    checked = steps = 0
    while not g.over and steps < 3000:
        d = g.decision
        assert d is not None
        seat = d.seat
        if r.randrange(every) == 0 or steps == 0:  # the first decision too: a short game checks something
            checked += check_boards(g, r)
        view = SeatView(g.state, seat)
        use_random = policy == "random" or (policy == "mixed" and r.random() < 0.3)
        g.apply(rand.choose(d, view) if use_random else heuristic[seat].choose(d, view))
        steps += 1
    return checked


@pytest.mark.parametrize("nemesis", NEMESES)
@settings(max_examples=6, deadline=None)
@given(players=st.integers(1, 4), seed=st.integers(0, 2**32 - 1), policy=st.sampled_from(POLICIES))
def test_property_state_board_is_the_view_board(nemesis: str, players: int, seed: int, policy: str) -> None:
    assert play_and_check(nemesis, players, seed, policy, every=6) > 0


def test_board_is_a_copy_of_the_moment() -> None:
    """A board never changes as the game goes on (no list is shared with the state)."""
    g = Game.new(mages=["Brama", "Mist"], nemesis="Rageborne", market="Reuse Spells!", seed=4, events=False)
    agents = [HeuristicAgent(0), HeuristicAgent(1)]
    for _ in range(120):
        d = g.decision
        assert d is not None
        seat = d.seat
        fast = board_from_state(g.state, seat, d.player)
        ref = board_from_view(view_for(g.state, seat), d.player)
        g.apply(agents[seat].choose(d, SeatView(g.state, seat)))
        assert fast == ref


def test_seat_view_is_the_view() -> None:
    g = Game.new(mages=["Brama", "Mist"], nemesis="Crooked Mask", seed=2, events=False)
    for seat in (0, 1):
        v = SeatView(g.state, seat)
        assert v() == g.view_for(seat)
        assert v.board(-1) == board_from_view(g.view_for(seat), -1)


def test_a_board_names_what_its_seat_knows_of_hidden_cards_by_whose_they_are() -> None:
    """A seat's own hidden cards are its deck's contents; another player's are their pool
    (hand and deck together, sorted); neither name exists for the other kind, and the
    masked contents are those of the board's moment even when first read later."""
    g = Game.new(mages=["Brama", "Mist"], nemesis="Rageborne", market="Reuse Spells!", seed=4, events=False)
    s = g.state
    me, them = board_from_state(s, 0, 0).players
    assert me.deck_contents == me.deck == sorted(s.players[0].deck) and me.hand == s.players[0].hand
    assert them.pool == them.deck == sorted(s.players[1].hand + s.players[1].deck) and them.hand == []
    assert them.hand_size == len(s.players[1].hand) == 5
    with pytest.raises(AttributeError):
        _ = me.pool
    with pytest.raises(AttributeError):
        _ = them.deck_contents
    later = board_from_state(s, 0, 0)
    dealt = sorted(s.players[0].deck)
    s.players[0].deck.clear()  # the game moves on before the deck is first read
    assert later.players[0].deck == dealt
