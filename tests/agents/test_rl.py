"""Gymnasium / PettingZoo environments: the APIs, seeds, bad actions, and no peeking."""

from __future__ import annotations

import random
import warnings
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils import env_checker, passive_env_checker
from hypothesis import given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test

import gravehold.rl as rl
from gravehold import Game
from gravehold.agents import make_agent
from gravehold.content.registry import UnknownName
from gravehold.engine.decisions import ACTION_HEADS, DECISION_KINDS
from gravehold.rl import encode as encoding
from gravehold.rl.encode import HEADS
from gravehold.rl.env import encode, seat_of
from gravehold.sim.run import nemeses_of

from support import same_information_set


def _masked_random(obs: dict[str, Any], rng: np.random.Generator) -> int:
    return int(rng.choice(np.flatnonzero(obs["action_mask"])))


def _episode(env: gym.Env[Any, Any], seed: int, policy_seed: int = 0) -> list[tuple[Any, ...]]:
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(policy_seed)
    trace: list[tuple[Any, ...]] = [(obs["observation"].tobytes(), info["seat"])]
    while True:
        a = _masked_random(obs, rng)
        obs, r, term, trunc, info = env.step(a)
        trace.append((a, r, term, trunc, obs["observation"].tobytes(), obs["action_mask"].tobytes()))
        if term or trunc:
            return trace


def test_gym_env_follows_the_gymnasium_api() -> None:
    env = rl.GraveholdEnv(mages=["Brama", "Mist"], nemesis="Rageborne", market="Deck Destruction")
    env_checker.check_reset_return_type(env)
    env_checker.check_reset_seed_determinism(env)
    env_checker.check_reset_options(env)
    obs, info = env.reset(seed=1)
    assert env.observation_space.contains(obs)
    assert info["kind"] == "main" and info["options"] and obs["action_mask"].sum() == len(info["options"])
    # a legal action passes Gymnasium's own step checks
    passive_env_checker.env_step_passive_checker(env, _masked_random(obs, np.random.default_rng(0)))
    made = gym.make(rl.ENV_ID, mages=["Brama", "Mist"])
    assert isinstance(made.unwrapped, rl.GraveholdEnv)


#: encodings once released; ENCODINGS only grows (a new layout is a new version, not an edit)
RELEASED = {0: "1966cc1df2d7d9a5", 1: "f234a6d6b1eb1ea4"}


def test_the_env_id_carries_the_version_of_the_encoding() -> None:
    """A Gymnasium id promises its spaces: when OBS_SIZE, OPTION_FEATURES or the ordered kinds
    and heads change, the fingerprint does, and this fails until the version is bumped."""
    now, v = encoding.fingerprint(), encoding.ENCODING_VERSION
    assert now == encoding.ENCODINGS.get(v), (
        f"the observation encoding changed (fingerprint {now!r}): in rl/encode.py add ENCODINGS[{v + 1}] = "
        f"{now!r} and set ENCODING_VERSION = {v + 1}, then say what changed in docs/rl.md")
    assert sorted(encoding.ENCODINGS) == list(range(v + 1))  # one entry per version, the last is the current
    assert encoding.ENCODINGS.items() >= RELEASED.items(), "a released version's fingerprint was edited"
    assert rl.ENV_ID in gym.registry and rl.ENV_ID.endswith(f"Gravehold-v{v}")
    assert rl.GraveholdEnv.metadata["encoding"] == now and rl.GraveholdAEC.metadata["name"] == f"gravehold_v{v}"
    docs = (Path(__file__).parents[2] / "docs" / "rl.md").read_text()
    assert f"| `v{v}` | {encoding.OBS_SIZE} | {encoding.OPTION_FEATURES} |" in docs  # the change is told
    for changed in ({"kinds": encoding.KINDS + ("new_kind",)}, {"heads": encoding.HEADS[::-1]},
                    {"obs_size": encoding.OBS_SIZE + 1}, {"option_features": encoding.OPTION_FEATURES - 1}):
        assert encoding.fingerprint(**changed) != now  # type: ignore[arg-type]


def test_the_encoding_reads_kinds_and_heads_from_the_declaration() -> None:
    assert tuple(DECISION_KINDS) == encoding.KINDS and tuple(ACTION_HEADS) == encoding.HEADS
    g = Game.new(mages=["Brama", "Mist"], nemesis="Rageborne", market="Deck Destruction", seed=0)
    obs = encode(g, 0)
    kinds = obs["observation"][-len(encoding.KINDS) - 2:-2]
    assert kinds[encoding.KINDS.index("main")] == 1.0 and kinds.sum() == 1.0


def test_pettingzoo_env_passes_the_api_test() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # dict observations with an action mask draw style warnings
        api_test(rl.env(mages=["Brama", "Mist"], nemesis="Umbra Titan", market="Reuse Spells!"), num_cycles=400)


def test_same_seed_replays_exactly_and_a_whole_game_ends_with_the_team_reward() -> None:
    env = rl.GraveholdEnv(mages=["Brama", "Mist"], nemesis="Rageborne")
    a, b = _episode(env, seed=5), _episode(env, seed=5)
    assert a == b
    last = a[-1]
    assert last[2] is True and last[1] in (1.0, -1.0)  # terminated with the team's result
    assert all(step[1] == 0.0 for step in a[1:-1])  # nothing before the end
    assert _episode(env, seed=6) != a


def test_a_win_pays_plus_one_to_every_seat() -> None:
    """The heuristic, driven through the env by option index, wins a beginner game."""
    env = rl.GraveholdEnv(mages=["Brama", "Mist"], nemesis="Rageborne", market="Deck Destruction",
                          difficulty="beginner")
    for seed in range(40):
        obs, info = env.reset(seed=seed)
        bots = [make_agent("heuristic", seed * 7 + i) for i in range(2)]
        g = env.game
        assert g is not None
        total, term = 0.0, False
        while not term:
            d = g.decision
            assert d is not None and seat_of(d) == info["seat"]
            pick = bots[info["seat"]].choose(d, lambda g=g, s=info["seat"]: g.view_for(s))
            obs, r, term, trunc, info = env.step(list(d.options).index(pick))
            total += r
        if g.state.result == "win":
            assert total == 1.0 and info["result"] == "win"
            return
        assert total == -1.0
    pytest.fail("the heuristic won none of 40 beginner games")


@pytest.mark.parametrize("bots", ["heuristic", "planner"])
def test_bots_play_the_seats_the_learner_does_not(bots: str) -> None:
    env = rl.GraveholdEnv(mages=["Brama", "Mist"], seats=[1], bots=bots)
    obs, info = env.reset(seed=2)
    rng = np.random.default_rng(1)
    steps = 0
    while True:
        assert info["seat"] == 1 or "result" in info
        obs, r, term, trunc, info = env.step(_masked_random(obs, rng))
        steps += 1
        if term or trunc:
            break
    g = env.game
    assert g is not None and g.over and steps > 10


def test_check_env_passes_with_the_default_settings() -> None:
    """Gymnasium's checker samples the action space without the mask: the default policy
    ("penalize") lets it step. Warnings are errors, so the render check runs clean too."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        env_checker.check_env(gym.make(rl.ENV_ID, mages=["Brama", "Mist"]).unwrapped)
    strict = gym.make(rl.ENV_ID, mages=["Brama", "Mist"], illegal_action="raise")
    with pytest.raises(ValueError, match="is not one of the"):  # the seeded sample is not an option
        env_checker.check_env(strict.unwrapped, skip_render_check=True)


def test_an_illegal_action_is_named_and_changes_nothing_under_raise() -> None:
    env = gym.make(rl.ENV_ID, mages=["Brama", "Mist"], illegal_action="raise").unwrapped
    assert isinstance(env, rl.GraveholdEnv) and env.illegal_action == "raise"
    obs, info = env.reset(seed=3)
    g = env.game
    assert g is not None
    before = g.to_json()
    n = len(info["options"])
    assert g.decision is not None
    kind = g.decision.kind  # the first decision of the seeded game (its market draws from every box)
    with pytest.raises(ValueError, match=f"action {n} is not one of the {n} options of the '{kind}' decision"):
        env.step(n)
    with pytest.raises(ValueError, match="is not an option index"):
        env.step("end")
    assert g.to_json() == before
    aec = rl.env(mages=["Brama", "Mist"], illegal_action="raise")
    aec.reset(seed=3)
    with pytest.raises(ValueError, match="is not one of the"):
        aec.step(63)


def test_penalize_ignores_an_illegal_action_with_a_small_penalty() -> None:
    env = rl.GraveholdEnv(mages=["Brama", "Mist"], seats=[0], max_steps=3)
    assert env.illegal_action == "penalize" and env.illegal_reward == -0.01  # the defaults
    obs, info = env.reset(seed=3)
    g = env.game
    assert g is not None
    before = g.to_json()
    n = len(info["options"])
    assert g.decision is not None
    kind = g.decision.kind  # the first decision of the seeded game (its market draws from every box)
    for action in (n, np.int64(63)):
        obs2, r, term, trunc, info2 = env.step(action)
        assert g.to_json() == before  # the bots did not move either
        assert all(np.array_equal(obs[key], obs2[key]) for key in obs)
        assert r == -0.01 and term is False and trunc is False
        assert info2["illegal"].startswith(f"action {int(action)} is not one of the {n} options of the '{kind}'")
        assert {key: v for key, v in info2.items() if key != "illegal"} == {key: v for key, v in info.items()
                                                                             if key != "game_seed"}
    # outside the action space is the caller's bug under either policy
    for bad, match in (("end", "is not an option index"), (64, "nor an index of the action space"),
                       (-1, "nor an index of the action space")):
        with pytest.raises(ValueError, match=match):
            env.step(bad)
    assert g.to_json() == before
    # ignored steps count towards max_steps, so an unmasked policy still ends the episode
    obs, r, term, trunc, info2 = env.step(n)
    assert (r, term, trunc) == (-0.01, False, True) and g.to_json() == before
    # a legal step afterwards plays as usual and says nothing of illegality
    env.reset(seed=3)
    assert env.game is not None and env.game.to_json() == before
    obs, r, term, trunc, info2 = env.step(0)
    assert "illegal" not in info2 and r == 0.0 and env.game.to_json() != before
    # the penalty is configurable, through gym.make too
    made = gym.make(rl.ENV_ID, mages=["Brama", "Mist"], illegal_reward=-0.5)
    obs, info = made.reset(seed=3)
    assert made.step(63)[1:4] == (-0.5, False, False)


def test_penalize_in_the_aec_env_keeps_the_same_agent_and_charges_only_it() -> None:
    aec = rl.env(mages=["Brama", "Mist"], illegal_reward=-0.25)
    aec.reset(seed=3)
    g = aec.game
    assert g is not None
    before, agent = g.to_json(), aec.agent_selection
    other = next(a for a in aec.agents if a != agent)
    obs = aec.observe(agent)
    aec.step(63)
    assert g.to_json() == before and aec.agent_selection == agent
    obs2, r, term, trunc, info = aec.last()
    assert all(np.array_equal(obs[k], obs2[k]) for k in obs)
    assert (r, term, trunc) == (-0.25, False, False) and "is not one of the" in info["illegal"]
    assert aec.rewards == {agent: -0.25, other: 0.0} and "illegal" not in aec.infos[other]
    assert info["game_seed"] == 3  # the reset's info is kept
    aec.step(0)  # legal: the game moves, the notice goes
    assert g.to_json() != before and all("illegal" not in i for i in aec.infos.values())
    assert aec.rewards[agent] == 0.0


def test_a_bad_illegal_action_policy_is_refused_by_name() -> None:
    for make in (rl.GraveholdEnv, rl.GraveholdAEC, rl.env,
                 lambda **kw: gym.make(rl.ENV_ID, **kw)):
        with pytest.raises(ValueError, match=r"illegal_action must be one of 'penalize', 'raise', not 'ignore'"):
            make(illegal_action="ignore")


def test_bad_settings_are_named() -> None:
    with pytest.raises(ValueError, match="seats must be a non-empty subset of 0..1"):
        rl.GraveholdEnv(mages=["Brama", "Mist"], seats=[2])
    with pytest.raises(UnknownName, match="Ragebone"):
        rl.GraveholdEnv(nemesis="Ragebone")
    with pytest.raises(UnknownName, match="greedy"):
        rl.GraveholdEnv(bots="greedy")
    with pytest.raises(RuntimeError, match="reset"):
        rl.GraveholdEnv().step(0)


def test_observations_do_not_depend_on_hidden_cards() -> None:
    """Swapping what a seat cannot see (deck orders, allies' hands, the nemesis deck within a
    tier) leaves every number it observes unchanged."""
    r = random.Random(11)
    checked = 0
    for seed in range(3):
        g = Game.new(["Brama", "Mist"], market="Deck Destruction", seed=seed, events=False)
        driver = make_agent("heuristic", seed)
        for step in range(120):
            if g.over:
                break
            d = g.decision
            assert d is not None
            seat = seat_of(d)
            if step % 6 == 0:
                for viewer in (0, 1):
                    h = same_information_set(g, viewer, r)
                    a, b = encode(g, viewer), encode(h, viewer)
                    assert all(np.array_equal(a[k], b[k]) for k in a)
                checked += 1
            g.apply(driver.choose(d, lambda g=g, seat=seat: g.view_for(seat)))
    assert checked >= 20


def test_options_are_described_row_by_row() -> None:
    env = rl.GraveholdEnv(mages=["Brama", "Mist"], market="Deck Destruction")
    obs, info = env.reset(seed=0)
    feats, mask = obs["option_features"], obs["action_mask"]
    n = len(info["options"])
    assert feats.shape == (rl.MAX_OPTIONS, rl.OPTION_FEATURES) and mask[:n].all() and not mask[n:].any()
    assert not feats[n:].any() and all(feats[k].any() for k in range(n))
    rows = {tuple(o): feats[k] for k, o in enumerate(info["options"])}
    heads = list(HEADS)
    for o, row in rows.items():
        assert row[heads.index(o[0])] == 1.0  # the action head is one-hot
    plays = [row for o, row in rows.items() if o[0] == "play"]
    assert plays and all(row[len(heads) + 1] == 1.0 for row in plays)  # a gem: the card's type slot


def test_the_example_in_docs_rl_md_runs(capsys: pytest.CaptureFixture[str]) -> None:
    import pathlib
    import re

    text = (pathlib.Path(__file__).parents[2] / "docs" / "rl.md").read_text()
    exec(re.findall(r"```python\n(.*?)```", text, re.S)[0], {})
    out = capsys.readouterr().out.split()
    assert out[0] in ("win", "loss") and float(out[1]) in (1.0, -1.0)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**31 - 2), policy_seed=st.integers(0, 2**16),
       nemesis=st.sampled_from(nemeses_of()), players=st.integers(1, 4), learner_seats=st.integers(1, 15))
def test_every_episode_ends_inside_the_spaces(seed: int, policy_seed: int, nemesis: str, players: int,
                                              learner_seats: int) -> None:
    """Property: any game, any masked-random learner on any seats (bots on the rest) — every
    observation lies in the observation space, the mask matches the options, and the episode
    ends with the team's result as its only reward."""
    seats = [s for s in range(players) if learner_seats >> s & 1] or [0]
    env = rl.GraveholdEnv(mages=["random"] * players, nemesis=nemesis, market="random", seats=seats)
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(policy_seed)
    rewards = []
    while True:
        assert env.observation_space.contains(obs)
        assert int(obs["action_mask"].sum()) == len(info["options"]) and info["seat"] in seats
        obs, r, term, trunc, info = env.step(_masked_random(obs, rng))
        rewards.append(r)
        if term or trunc:
            break
    assert term and not trunc and rewards[-1] in (1.0, -1.0) and not any(rewards[:-1])
    assert info["result"] == ("win" if rewards[-1] == 1.0 else "loss")
