"""Folded frames (engine/core.py, engine/turn/): frames that only pushed the next one now call it.

A turn used to run as a chain of frames (``start_turn`` pushed ``player_turn``, which pushed
``set_phase``, ``casting_phase``, ``casting_phase_end``, ``main_phase``, …); the engine now
calls the next operation at once whenever its frame would have been the next to run. The
operations all remain, so a stack written with the old frames (a save, a hand-built
position) still loads and plays exactly as the folded engine plays the same turn.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gravehold import Game
from gravehold.content import registry
from gravehold.engine import frames, rng, trigger_index, triggers
from gravehold.engine.state import Decision

from support import base_state, closed, player

Frame = tuple[Any, ...]


def positions() -> list[Game]:
    """Mid-game positions of a few seeded games, at decisions between turns' actions."""
    out = []
    for seed in range(4):
        g = Game.new(mages=["Brama", "Mist"], nemesis="Rageborne", market="Deck Destruction", seed=seed)
        r = random.Random(seed)
        for _ in range(15 + 10 * seed):
            g.apply(r.choice(g.legal_actions()))
        out.append(g)
    prepped = base_state([player("Brama", hand=["Crystal", "Spark"], breaches=[
        {"state": "open", "spells": ["Spark"]}, closed(1, spells=["Spark"]), closed(0), closed(2)]),
        player("Mist", hand=["Crystal"])])
    out.append(Game.at(prepped, *frames.main_phase(0), active=0))
    return out


def same_play(a: Game, b: Game, seed: int, steps: int = 60) -> None:
    """Both games are equal now and stay equal under the same choices."""
    r = random.Random(seed)
    for _ in range(steps):
        assert a.to_dict() == b.to_dict()
        if a.over:
            return
        act = r.choice(a.legal_actions())
        a.apply(act)
        b.apply(act)


def _events(g: Game, drop_first: str = "") -> list[dict[str, Any]]:
    """The game's events, less the first ``drop_first`` one (the turn start the old chain,
    begun past its turn's first frame, does not log)."""
    out = list(g.events)
    k = next((k for k, e in enumerate(out) if e["event"] == drop_first), None)
    if k is not None:
        del out[k]
    return out


@pytest.mark.parametrize("k", range(5))
def test_frames_an_old_player_turn_chain_plays_as_the_folded_turn(k: int) -> None:
    g0 = positions()[k]
    new = Game.at(g0, ("player_turn", 0))
    old = Game.at(g0, ("set_phase", "casting"), ("casting_phase", 0), ("casting_phase_end", 0),
                  ("main_phase", 0), ("draw_phase", 0), ("end_turn",),
                  active=0, turn=g0.state.turn + 1, flags={})
    assert _events(new, "turn_start") == _events(old)
    same_play(new, old, k)


@pytest.mark.parametrize("k", range(5))
def test_frames_an_old_nemesis_turn_chain_plays_as_the_folded_turn(k: int) -> None:
    g0 = positions()[k]
    nd = registry.NEMESES[g0.state.nemesis.id]
    names = tuple(c.name for c in g0.state.nemesis.in_play)
    new = Game.at(g0, ("nemesis_turn",))
    old = Game.at(g0, ("nemesis_main", names, 0), ("nemesis_draw",),
                  *(frames.step(-1, nd.name, s) for s in nd.end_of_turn), ("end_turn",),
                  active=-1, turn=g0.state.turn + 1, phase="nemesis_main", flags={})
    assert _events(new, "turn_start") == _events(old)
    same_play(new, old, k)


@pytest.mark.parametrize(("folded", "chain"), [
    ((("start_turn", "P1"),), (("player_turn", 0),)),
    ((("start_turn", "N"),), (("nemesis_turn",),)),
    ((("unleash", 3),), (("unleash_once",), ("unleash_once",), ("unleash_once",))),
    ((("next_turn",),), ()),
])
def test_frames_a_frame_that_only_pushed_another_still_does_just_that(folded: tuple[Frame, ...],
                                                                       chain: tuple[Frame, ...]) -> None:
    for k, g0 in enumerate(positions()):
        a = Game.at(g0, *folded)
        b = Game.at(g0, *chain)
        if folded[0][0] == "next_turn":  # an empty stack draws the next turn order card too
            assert _events(a) == _events(b)
        same_play(a, b, k, steps=20)


def test_frames_a_decision_made_by_ask_has_every_field() -> None:
    """ask builds its Decision in place (no __init__ call): every slot is set, as from_dict sets it."""
    for g in positions():
        d = g.decision
        assert d is not None
        for name in Decision.__slots__:
            getattr(d, name)
        again = Decision.from_dict(d.to_dict())
        assert [getattr(again, s) for s in Decision.__slots__] == [getattr(d, s) for s in Decision.__slots__]


def test_frames_a_trigger_declared_after_a_game_began_is_in_its_index() -> None:
    """A game's trigger index is kept; a declaration made later (a box loaded late) is seen."""
    g = Game.new(["Adelheim", "Brama"], nemesis="Rageborne", seed=1, events=False)
    before = trigger_index.index(g.state)
    assert before is trigger_index.index(g.state.clone())  # clones share the game's index
    assert "main_end" not in before
    fn = triggers.source("nemesis", "Rageborne")("main_end")(lambda g, i: None)
    try:
        assert trigger_index.index(g.state)["main_end"] is fn
    finally:
        triggers.withdraw("nemesis", "Rageborne")
    assert "main_end" not in trigger_index.index(g.state)


def _plain_randbelow(state: int, n: int) -> tuple[int, int]:
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, v = rng.next_u64(state)
        if v < limit:
            return state, v % n


@given(st.integers(0, 2**64 - 1), st.integers(1, 2**64), st.lists(st.integers(), max_size=70))
def test_rng_written_out_draws_equal_next_u64s(state: int, n: int, items: list[int]) -> None:
    """randbelow and shuffle inline next_u64 (and a table of limits); the draws are the same."""
    assert rng.randbelow(state, n) == _plain_randbelow(state, n)
    plain = items[:]
    s = state
    for i in range(len(plain) - 1, 0, -1):
        s, j = _plain_randbelow(s, i + 1)
        plain[i], plain[j] = plain[j], plain[i]
    assert rng.shuffle(state, items) == s and items == plain
