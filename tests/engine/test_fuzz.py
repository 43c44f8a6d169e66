"""The fuzz target: a short run finds nothing, and a planted fault is found and reported."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from gravehold.cli import app
from gravehold.engine import game as game_module
from gravehold.engine import view, vocabulary
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


def test_fuzz_boxes_narrow_the_nemeses_and_mages_and_the_reproducer_names_them() -> None:
    setups = [fuzz.setup_for(k, boxes=("O",)) for k in range(12)]
    assert {cfg["nemesis"] for _, cfg, _ in setups} == {n for n, d in fuzz.registry.NEMESES.items() if d.box == "O"}
    assert all(fuzz.registry.MAGES[m].box == "O" for _, cfg, _ in setups for m in cfg["mages"])
    assert all(cfg["boxes"] == ["O"] for _, cfg, _ in setups)  # Game.new(**cfg) deals the same game again
    assert "boxes" not in fuzz.setup_for(3)[1]  # every box: the games of a run are as before
    r = runner.invoke(app, ["fuzz", "--games", "4", "--boxes", "O", "--json"])
    assert r.exit_code == 0 and json.loads(r.output)["violations"] == [], r.output
    r = runner.invoke(app, ["fuzz", "--games", "1", "--boxes", "XX"])
    assert r.exit_code != 0 and "unknown box 'XX'" in r.output, r.output


def test_fuzz_refuses_boxes_that_hold_no_nemesis(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every shipped box now holds a nemesis: a catalogue without Legacy's shows the refusal."""
    kept = {n: d for n, d in fuzz.registry.NEMESES.items() if d.box != "LOG"}
    monkeypatch.setattr(fuzz.registry, "NEMESES", kept)
    r = runner.invoke(app, ["fuzz", "--games", "1", "--boxes", "LOG"])
    assert r.exit_code != 0 and "no nemesis in the boxes LOG: name a box that holds one" in r.output, r.output


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
    assert r.exit_code == 2 and "--games: must be a whole number from 1 to 1000000, got 0" in r.output, r.output
    r = runner.invoke(app, ["fuzz"])
    assert r.exit_code == 2 and "give --games or --seconds (or both)" in r.output, r.output


def test_fuzz_refuses_an_unknown_backend() -> None:
    r = runner.invoke(app, ["fuzz", "--games", "1", "--backend", "spark"])
    assert r.exit_code == 2 and "--backend must be local or ray, not 'spark'" in r.output, r.output


def test_fuzz_finds_a_view_from_which_a_seat_deals_the_game_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """A view that carries the seed (as every view once did) is found at setup, named by
    the seat it was shown to; the views as they are let no seat rebuild any game."""
    real = view.view_for

    def with_seed(st: Any, player: int | None) -> dict[str, Any]:
        v = real(st, player)
        v["config"] = {**v["config"], "seed": st.config["seed"]}
        return v

    assert [v for k in range(4) for v in fuzz.fuzz_game(k, max_steps=60)
            if v.check == "hidden information"] == []
    monkeypatch.setattr(game_module, "view_for", with_seed)
    found = fuzz.fuzz_game(1, max_steps=60)
    assert [(v.check, v.step) for v in found] == [("hidden information", 0)]
    assert found[0].detail.startswith("seat 0: the view's setup with ")
    assert found[0].detail.endswith("as its seed deals the game's hidden cards again")
