"""Whole expeditions played by bots, in memory: what ``expedition simulate`` and the tests run.

Each battle's game is played by the same agent in every seat (as ``sim.run.play_out`` seats them) with
the battle's seed, so an expedition is a pure function of its seed and options.
"""

from __future__ import annotations

from typing import Any

from ...agents import make_agent
from ...agents.board import SeatView
from ...engine.game import Game
from . import policy, steps
from .state import Expedition

#: the bots give a battle up once it passes this many turns (``steps.concede``): a game of
#: Aeon's End lasts tens of turns, and only one the rules cannot end gets this far
CONCEDE_TURNS = 1000


def play_recorded(game: Game, agent: str, seed: int, options: dict[str, Any] | None = None,
                  moves: int | None = None) -> list[list[Any]]:
    """``sim.run.play_out``, keeping the actions: the battle's record. Past
    ``CONCEDE_TURNS`` the bots give the battle up (the game then ends, lost, conceded);
    after ``moves`` actions (if given) they stop, the game still running."""
    agents = [make_agent(agent, seed * 7 + i, **(options or {})) for i in range(len(game.state.players))]
    actions: list[list[Any]] = []
    while not game.over and (moves is None or len(actions) < moves):
        d = game.decision
        assert d is not None
        seat = d.seat
        action = agents[seat].choose(d, SeatView(game.state, seat))
        game.apply(action)
        actions.append(list(action))
        if game.state.turn > CONCEDE_TURNS and not game.over:
            steps.concede(game)
    return actions


def play_battle(exp: Expedition, agent: str = "heuristic",
                options: dict[str, Any] | None = None) -> Expedition:
    """Choose (policy), set up, play and finish the battle ``exp`` is choosing."""
    exp, game = steps.begin(exp, policy.choose(exp, agent))
    assert exp.current is not None
    actions = play_recorded(game, agent, exp.current.seed, options)
    return steps.finish(exp, game, actions=actions)


def give_up_after(exp: Expedition, moves: int, agent: str = "heuristic") -> Expedition:
    """Choose (policy) and set up the battle ``exp`` is choosing; the bots play ``moves``
    actions of it (fewer if it ends first), then the group gives it up if it still runs
    (``steps.concede``). A long, replayable history is quick to build this way."""
    exp, game = steps.begin(exp, policy.choose(exp, agent))
    assert exp.current is not None
    actions = play_recorded(game, agent, exp.current.seed, moves=moves)
    if not game.over:
        steps.concede(game)
    return steps.finish(exp, game, actions=actions)


def play_expedition(exp: Expedition, agent: str = "heuristic", options: dict[str, Any] | None = None,
                    max_battles: int = 1000) -> Expedition:
    """Play until the expedition is complete (or ``max_battles`` games, a safety stop)."""
    for _ in range(max_battles):
        if exp.phase == "complete":
            return exp
        if exp.phase == "support":
            exp = steps.support(exp, policy.support_for(exp))
        elif exp.phase == "choose":
            exp = play_battle(exp, agent, options)
        else:
            raise steps.ExpeditionError("a battle is being fought elsewhere; finish it first")
    return exp
