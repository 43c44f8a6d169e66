"""The planner: the heuristic carrying out a plan picked for the setup, and switched in play.

At its first decision of a game the planner reads the setup (nemesis, mages, market) and
takes the plan the plan model ranks first for it (``plan_model.py``). At set points of the
game -- its first main phase of each round in ``points`` -- it compares the model's best few
plans by short rollouts: a few worlds are sampled from what its seat may see (the same
sampling as ISMCTS, ``worlds.py``), each is played on with each plan for ``horizon``
decisions by every seat, on common random numbers, and scored by the search's evaluation
(``ismcts.evaluate``). It keeps the best; on a tie, the plan it has. Between set points it
plays exactly as the heuristic with that plan, so most of its decisions cost what the
heuristic's do.

Why set points and not every turn: a plan's worth shows over rounds, so a rollout must be
long, and a few long comparisons at turning points (after the opening, at mid game) cost
far less than searching every main phase while they catch the setups the model misjudged.
"""

from __future__ import annotations

import random

from ..engine.core import Engine
from ..engine.state import Action, Decision
from ..errors import GraveholdError
from .base import SeeView
from .board import SeatView, board_from_view
from .chance import Chance
from .heuristic import choose_on
from .ismcts import play_on
from .plan_model import PlanModel, features_of, load
from .plans import DEFAULT, GamePlan
from .spending import ROUND
from .worlds import World


class PlannerAgent:
    """The heuristic executing a plan per setup, with plan switching at set points.

    Options (``--agent-option KEY=VALUE``):

    ``switch`` (default true)
        Compare plans by rollouts at the set points; false plays the model's first pick all game.
    ``points`` (default ``"3"``)
        The rounds (passes through the turn order deck, from 1) whose first main phase of
        this seat is a set point.
    ``candidates`` (default 3)
        How many of the model's best plans a set point compares (the plan in use always is one).
    ``worlds`` (default 2)
        Sampled worlds per set point; every candidate is played in each.
    ``horizon`` (default 120)
        Decisions each rollout plays (about a round of a two-player game) before it is scored.
    ``model`` (default: the shipped model)
        A plan model file to use instead (``scripts/build_plan_model.py`` writes one).
    ``plan`` (default none)
        Play this plan of the model's library all game, whatever the setup (no switching):
        what the plan search measures each plan with.
    """

    name = "planner"

    def __init__(self, seed: int = 0, switch: bool = True, points: str = "3", candidates: int = 3,
                 worlds: int = 2, horizon: int = 120, model: str | None = None, plan: str | None = None) -> None:
        try:
            rounds = tuple(sorted({int(x) for x in str(points).split(",") if x.strip()}))
        except ValueError:
            raise ValueError(f"points must be round numbers separated by commas, not {points!r}") from None
        if any(r < 1 for r in rounds):
            raise ValueError("points must be rounds from 1")
        if candidates < 1 or worlds < 1 or horizon < 1:
            raise ValueError("candidates, worlds and horizon must be at least 1")
        self.rng = random.Random(seed)
        self.model: PlanModel = load(model)
        if plan is not None and plan not in self.model.plans:
            raise ValueError(f"plan {plan!r} is not in the model's library ({', '.join(self.model.names)})")
        self.fixed = self.model.plans[plan] if plan is not None else None
        self.switch = bool(switch) and plan is None
        self.points = rounds
        self.candidates = int(candidates)
        self.worlds = int(worlds)
        self.horizon = int(horizon)
        self.plan: GamePlan = DEFAULT
        self.ranking: list[GamePlan] = []
        self.history: list[tuple[int, str]] = []  # (round, plan) each time the plan was set
        self._setup: tuple[str, ...] | None = None
        self._done: set[int] = set()
        self.failures = 0

    def choose(self, decision: Decision, view: SeeView) -> Action:
        opts = decision.options
        if len(opts) == 1:
            return opts[0]
        board = view.board(decision.player) if isinstance(view, SeatView) else board_from_view(view(), decision.player)
        key = (str(board.nemesis.id), *(str(p.mage) for p in board.players), *map(str, board.supply_names))
        if key != self._setup:  # a new game: the model's pick for its setup
            self._setup = key
            self._done = set()
            self.ranking = [self.fixed] if self.fixed is not None else \
                self.model.ranking(features_of(key[0], (p.mage for p in board.players), board.supply_names))
            self.plan = self.ranking[0]
            self.history = [(1 + int(board.turn) // ROUND, self.plan.name)]
        if self.switch and decision.kind == "main" and board.active == decision.player:
            rnd = 1 + int(board.turn) // ROUND
            due = [p for p in self.points if p <= rnd and p not in self._done]
            if due:
                self._done.update(due)
                best = self._compare(decision, view)
                if best is not self.plan:
                    self.plan = best
                    self.history.append((rnd, best.name))
        return choose_on(board, decision, self.rng, self.plan)

    def _compare(self, decision: Decision, view: SeeView) -> GamePlan:
        """The best of the candidate plans by paired rollouts from this decision."""
        cands = [self.plan] + [p for p in self.ranking[:self.candidates] if p is not self.plan]
        cands = cands[:max(1, self.candidates)]
        if len(cands) < 2:
            return self.plan
        world = World(view(), decision)
        totals = [0.0] * len(cands)
        counts = [0] * len(cands)
        r = self.rng
        for _ in range(self.worlds):
            base = world.sample(r)
            seed = r.getrandbits(32)
            for j, plan in enumerate(cands):
                s = base.clone() if j < len(cands) - 1 else base
                try:
                    totals[j] += self._rollout(Engine(s, events=False), plan, seed)
                    counts[j] += 1
                except (ValueError, IndexError, KeyError, RuntimeError, GraveholdError):
                    self.failures += 1  # a sampled world the view could not pin down: dropped
        means = [totals[j] / counts[j] if counts[j] else -1.0 for j in range(len(cands))]
        best = max(range(len(cands)), key=lambda j: (round(means[j], 9), j == 0))
        return cands[best]

    def _rollout(self, g: Engine, plan: GamePlan, seed: int) -> float:
        return play_on(g, self.horizon, Chance(seed), plan)
