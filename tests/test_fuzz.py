"""The fuzz target: a short run finds nothing, and a planted fault is found and reported."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from gravehold.cli import app
from gravehold.engine import vocabulary
from gravehold.testing import fuzz

runner = CliRunner()


def test_fuzz_short_run_over_every_nemesis_finds_no_violation() -> None:
    r = runner.invoke(app, ["fuzz", "--games", "16", "--json"])
    assert r.exit_code == 0, r.output
    rep = json.loads(r.output)
    assert rep["games"] == 16 and rep["violations"] == []


def test_fuzz_setups_cover_every_nemesis_player_count_and_agent() -> None:
    setups = [fuzz.setup_for(k) for k in range(32)]
    assert {cfg["nemesis"] for _, cfg, _ in setups} >= set(fuzz.registry.NEMESES)
    assert {len(cfg["mages"]) for _, cfg, _ in setups} == {1, 2, 3, 4}
    assert {agent for _, _, agent in setups} == {"random", "heuristic"}
    assert fuzz.setup_for(5) == fuzz.setup_for(5)  # a game number reproduces its setup


def test_fuzz_reports_a_planted_card_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """A gem whose aether also makes a card vanish from hand breaks the census: found, named."""
    real = vocabulary.STEPS["aether"]

    def leaky(g: Any, ctx: Any, n: int, *rest: Any, **kw: Any) -> None:
        real(g, ctx, n, *rest, **kw)
        hand = g.state.players[ctx.you].hand
        if hand:
            hand.pop()

    monkeypatch.setitem(vocabulary.STEPS, "aether", leaky)
    found = [v for k in range(6) for v in fuzz.fuzz_game(k)]
    assert found and found[0].check in ("card census", "option applies")
    assert "seed" in found[0].line() and "config" in found[0].line()


def test_fuzz_needs_a_bound() -> None:
    r = runner.invoke(app, ["fuzz", "--games", "0"], env={"COLUMNS": "200"})
    assert r.exit_code == 2 and "'--games': must be a whole number from 1 to 1000000, got 0" in r.output, r.output
    r = runner.invoke(app, ["fuzz"])
    assert r.exit_code == 2 and "give --games or --seconds (or both)" in r.output, r.output


def test_fuzz_on_ray_plays_the_games_a_local_run_plays() -> None:
    """``--backend ray`` (a local Ray here): the same games, in the same order, as one core."""
    local = fuzz.run(games=3, base_seed=11)
    on_ray = fuzz.run(games=3, base_seed=11, backend="ray", workers=1)
    assert (on_ray.games, on_ray.violations) == (local.games, local.violations) == (3, [])


def test_fuzz_refuses_an_unknown_backend() -> None:
    r = runner.invoke(app, ["fuzz", "--games", "1", "--backend", "spark"])
    assert r.exit_code == 2 and "--backend must be local or ray, not 'spark'" in r.output, r.output
