"""Gymnasium and PettingZoo environments over the engine, for learning agents.

* :class:`GraveholdEnv` (Gymnasium): one learner plays the seats in ``seats`` (every seat by
  default — the game is cooperative, so one policy for the team is natural); the other
  seats are played by a named bot (``heuristic``), between the learner's steps.
* :class:`GraveholdAEC` (PettingZoo AEC): one agent per seat, ``player_1`` … ``player_N``;
  the agent whose seat must decide is ``agent_selection``.

An action is an option *index* into the current decision (see :mod:`.encode`): observations
are dicts of ``observation`` (the seat's view as numbers), ``option_features`` (one row per
option) and ``action_mask``. Every seat shares the team's reward: +1 when the players win,
−1 when they lose, 0 on every other step. A choice the players make together is answered
by the seat whose turn it is (``Engine.team``).

An index of the action space that is not an option is handled by ``illegal_action``:
``"penalize"`` (the default) ignores it — the game is left as it was, the step returns the
same observation, ``illegal_reward`` (−0.01) and ``info["illegal"]`` saying why; ``"raise"``
raises that ``ValueError`` instead. The default is ``"penalize"`` because generic tools
(``gymnasium.utils.env_checker.check_env``, random-action smoke tests) sample the space
without the mask; ``"raise"`` suits a masked policy, where such an index is a bug. An action
that is not an index of the space at all (``"end"``, 64, −1) is refused under either policy.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..agents import make_agent
from ..engine.game import Game
from ..engine.shapes import Doc
from ..engine.state import Decision
from ..table import Seat, Table
from .encode import (
    ENCODING_VERSION,
    MAX_OPTIONS,
    OBS_SIZE,
    OPTION_FEATURES,
    action_mask,
    fingerprint,
    observation,
    option_features,
)

Obs = Doc  # "observation", "option_features", "action_mask": numpy arrays


def observation_space() -> spaces.Dict:
    return spaces.Dict({
        "observation": spaces.Box(-10.0, 10.0, (OBS_SIZE,), np.float32),
        "option_features": spaces.Box(-10.0, 10.0, (MAX_OPTIONS, OPTION_FEATURES), np.float32),
        "action_mask": spaces.Box(0, 1, (MAX_OPTIONS,), np.int8),
    })


def seat_of(d: Decision) -> int:
    """The seat that answers ``d`` (the engine names one for team choices too; -1 would be
    the first seat)."""
    return d.seat


def encode(g: Game, seat: int) -> Obs:
    """What ``seat`` observes now; options and mask only when it is the one deciding."""
    d = g.decision
    view = g.view_for(seat)
    mine = d is not None and not g.over and seat_of(d) == seat
    opts = list(d.options) if mine and d is not None else []
    return {
        "observation": observation(view, seat, d.kind if mine and d is not None else None, len(opts)),
        "option_features": option_features(opts, view),
        "action_mask": action_mask(len(opts)),
    }


#: what ``step`` may do with an index of the action space that is not an option
ILLEGAL_ACTIONS = ("penalize", "raise")


def _pick(g: Game, action: Any) -> tuple[Any, str | None]:
    """The option ``action`` takes and ``None``, or ``None`` and why it is not an option.

    Something outside the action space raises whatever the policy: no sampler of the space
    produces it, so it is the caller's bug, not an exploring learner's."""
    d = g.decision
    assert d is not None
    try:
        k = int(action)
    except (TypeError, ValueError):
        raise ValueError(f"action {action!r} is not an option index (0 to {len(d.options) - 1})") from None
    if 0 <= k < len(d.options):
        return d.options[k], None
    why = (f"action {k} is not one of the {len(d.options)} options of the {d.kind!r} decision "
           f"({d.prompt}): {list(d.options)}")
    if not 0 <= k < MAX_OPTIONS:
        raise ValueError(f"{why}; nor an index of the action space Discrete({MAX_OPTIONS})")
    return None, why


def _result_reward(g: Game) -> float:
    return 1.0 if g.state.result == "win" else -1.0


class _Setup:
    """The game every reset deals: the same arguments as ``Game.new`` (``random`` allowed)."""

    def __init__(self, mages: Sequence[str], nemesis: str, market: str | list[str], difficulty: str,
                 ruleset: str) -> None:
        if not 1 <= len(mages) <= 4:
            raise ValueError(f"1 to 4 mages, not {len(mages)}")
        self.mages = list(mages)
        self.nemesis, self.market, self.difficulty, self.ruleset = nemesis, market, difficulty, ruleset
        Game.new(self.mages, self.nemesis, self.market, self.difficulty, self.ruleset, 0, events=False)  # names

    def deal(self, seed: int) -> Game:
        return Game.new(self.mages, self.nemesis, self.market, self.difficulty, self.ruleset, seed, events=False)


class _Table:
    """What both environments hold: the setup, the table the game is played at, rendering.

    The learner's seats are the table's seats answered from outside (as a person's are);
    a bot's seat is played by the table's loop between the learner's steps."""

    render_mode: str | None
    table: Table | None

    @property
    def game(self) -> Game | None:
        """The game being played (None before ``reset``)."""
        return self.table.game if self.table is not None else None

    def _seat_table(self, mages: Sequence[str], nemesis: str, market: str | list[str], difficulty: str,
                    ruleset: str, max_steps: int, render_mode: str | None, illegal_action: str,
                    illegal_reward: float) -> None:
        self.setup = _Setup(mages, nemesis, market, difficulty, ruleset)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        if illegal_action not in ILLEGAL_ACTIONS:
            raise ValueError(f"illegal_action must be one of {', '.join(map(repr, ILLEGAL_ACTIONS))}, "
                             f"not {illegal_action!r}")
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.table = None
        self._steps = 0

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.game is None:
            return None
        return _describe(self.game)

    def _live(self) -> Game:
        if self.table is None:
            raise RuntimeError("call reset() first")
        return self.table.game

    def _sit(self, g: Game, seed: int, learners: frozenset[int], bots: str = "") -> None:
        """Seat a new game: the learner's seats, and a ``bots`` agent (seeded ``seed * 7 +
        seat``) in every other seat."""
        n = len(g.state.players)
        seats = [Seat("human") if i in learners else Seat("bot", bots) for i in range(n)]
        agents = {i: make_agent(bots, seed * 7 + i) for i in range(n) if i not in learners}
        self.table = Table(g, seats, agents, undo=False)

    def _choose(self, g: Game, action: Any) -> tuple[Any, str | None]:
        """:func:`_pick` under the policy: ``"raise"`` turns the reason into the error."""
        option, why = _pick(g, action)
        if why is not None and self.illegal_action == "raise":
            raise ValueError(why)
        return option, why


class GraveholdEnv(_Table, gym.Env[Obs, np.int64]):
    """One learner for the seats in ``seats``; ``bots`` plays the others.

    ``illegal_action="penalize"`` by default so that ``check_env`` and other unmasked
    samplers can step; pass ``"raise"`` to make a masked policy's stray index an error."""

    #: text frames have no real rate; a rate is declared for wrappers that pace frames (and the checker)
    metadata = {"render_modes": ["ansi"], "render_fps": 4, "encoding": fingerprint()}

    def __init__(self, mages: Sequence[str] = ("random", "random"), nemesis: str = "Rageborne",
                 market: str | list[str] = "official", difficulty: str = "normal", ruleset: str = "we",
                 seats: Sequence[int] | None = None, bots: str = "heuristic", max_steps: int = 5000,
                 render_mode: str | None = None, illegal_action: str = "penalize",
                 illegal_reward: float = -0.01) -> None:
        self._seat_table(mages, nemesis, market, difficulty, ruleset, max_steps, render_mode, illegal_action,
                         illegal_reward)
        n = len(self.setup.mages)
        self.seats = frozenset(range(n) if seats is None else seats)
        if not self.seats or not self.seats <= set(range(n)):
            raise ValueError(f"seats must be a non-empty subset of 0..{n - 1}, not {sorted(seats or [])}")
        make_agent(bots)  # an unknown bot name fails here, not mid-game
        self.bots_name = bots
        self.observation_space = observation_space()
        self.action_space = spaces.Discrete(MAX_OPTIONS)

    def reset(self, *, seed: int | None = None, options: Doc | None = None) -> tuple[Obs, Doc]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**31 - 1)) if seed is None else seed
        self._sit(self.setup.deal(game_seed), game_seed, self.seats, self.bots_name)
        self._steps = 0
        self._advance()
        return self._obs(), self._info(game_seed)

    def step(self, action: Any) -> tuple[Obs, float, bool, bool, Doc]:
        g = self._live()
        if g.over:
            raise RuntimeError("the game is over: call reset()")
        option, why = self._choose(g, action)
        self._steps += 1  # an ignored step counts too, so an unmasked policy still reaches max_steps
        if why is not None:
            info = self._info(None)
            info["illegal"] = why
            return self._obs(), self.illegal_reward, False, self._steps >= self.max_steps, info
        assert self.table is not None
        self.table.apply(option)
        self._advance()
        over = g.over
        reward = _result_reward(g) if over else 0.0
        truncated = not over and self._steps >= self.max_steps
        return self._obs(), reward, over, truncated, self._info(None)

    def _advance(self) -> None:
        """Let the bots answer until a learner's seat must decide or the game ends."""
        assert self.table is not None
        self.table.play()

    def _seat(self) -> int:
        g = self._live()
        return seat_of(g.decision) if g.decision is not None and not g.over else min(self.seats)

    def _obs(self) -> Obs:
        return encode(self._live(), self._seat())

    def _info(self, seed: int | None) -> Doc:
        g = self._live()
        d = g.decision
        info: Doc = {"seat": self._seat(), "turn": g.state.turn}
        if d is not None and not g.over:
            info.update(kind=d.kind, prompt=d.prompt, options=list(d.options))
        else:
            info.update(result=g.state.result, reason=g.state.reason)
        if seed is not None:
            info["game_seed"] = seed
        return info


class GraveholdAEC(_Table, AECEnv[str, Obs, int]):  # type: ignore[misc]
    """PettingZoo AEC: ``player_1`` … ``player_N``, one per seat, acting when their seat decides.

    ``illegal_action`` as in :class:`GraveholdEnv`; a penalized index keeps the same agent
    selected and only that agent gets ``illegal_reward`` (the mistake is its own, not the team's)."""

    metadata = {"name": f"gravehold_v{ENCODING_VERSION}", "render_modes": ["ansi"], "is_parallelizable": False,
                "encoding": fingerprint()}

    def __init__(self, mages: Sequence[str] = ("random", "random"), nemesis: str = "Rageborne",
                 market: str | list[str] = "official", difficulty: str = "normal", ruleset: str = "we",
                 max_steps: int = 5000, render_mode: str | None = None, illegal_action: str = "penalize",
                 illegal_reward: float = -0.01) -> None:
        super().__init__()
        self._seat_table(mages, nemesis, market, difficulty, ruleset, max_steps, render_mode, illegal_action,
                         illegal_reward)
        self.possible_agents = [f"player_{i + 1}" for i in range(len(self.setup.mages))]
        self._obs_space = observation_space()
        self._act_space = spaces.Discrete(MAX_OPTIONS)
        self._rng = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_space

    def reset(self, seed: int | None = None, options: Doc | None = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        game_seed = int(self._rng.integers(2**31 - 1)) if seed is None else seed
        self._sit(self.setup.deal(game_seed), game_seed, frozenset(range(len(self.setup.mages))))
        self._steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, Doc] = {a: {"game_seed": game_seed} for a in self.agents}
        self._select()

    def observe(self, agent: str) -> Obs:
        return encode(self._live(), self.possible_agents.index(agent))

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        g = self._live()
        option, why = self._choose(g, action)
        self._steps += 1
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        for a in self.agents:
            self.infos[a].pop("illegal", None)
        if why is not None:  # the same agent decides again, on the same board
            self.rewards[agent] = self.illegal_reward
            self.infos[agent]["illegal"] = why
            if self._steps >= self.max_steps:
                self.truncations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
            return
        assert self.table is not None
        self.table.apply(option)
        if g.over:
            r = _result_reward(g)
            for a in self.agents:
                self.rewards[a] = r
                self.terminations[a] = True
                self.infos[a] = {"result": g.state.result, "reason": g.state.reason}
        elif self._steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self._select()
        self._accumulate_rewards()

    def close(self) -> None:
        self.table = None

    def _select(self) -> None:
        d = self._live().decision
        assert d is not None
        self.agent_selection = self.possible_agents[seat_of(d)]


def _describe(g: Game) -> str:
    st = g.state
    lives = ", ".join(f"P{i + 1} {p.mage} {p.life}" for i, p in enumerate(st.players))
    head = f"turn {st.turn}: Gravehold {st.gravehold}, {st.nemesis.id} {st.nemesis.life}; {lives}"
    d = g.decision
    if g.over or d is None:
        return f"{head}\n{st.result} ({st.reason})"
    opts = "\n".join(f"  {k}: {o}" for k, o in enumerate(d.options))
    return f"{head}\nseat {seat_of(d) + 1} — {d.prompt}\n{opts}"


def env(**kwargs: Any) -> GraveholdAEC:
    """PettingZoo's usual factory name."""
    return GraveholdAEC(**kwargs)
