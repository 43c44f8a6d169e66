"""Seats played by people (``config.human_seats``): their main phase ends only when they end it.

The rule itself is tested with the main phase (P-6, tests/rules/test_rules_player_turn.py); here the
setup that names the seats, and records of such games, which must replay step for step.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from gravehold import Game
from gravehold.agents import make_agent
from gravehold.cli import app
from gravehold.engine.setup import SetupError
from gravehold.engine.state import Action, Decision
from gravehold.record import make_record, play, replay, setup_config

runner = CliRunner()
SETUP: dict[str, Any] = {"mages": ["Brama", "Mist"], "nemesis": "Rageborne", "market": "Deck Destruction",
                         "seed": 4}


class FirstOption:
    """Stands in for a person: always the first option (end_main comes last, so it ends only when alone)."""

    name = "first"

    def choose(self, decision: Decision, view: Any) -> Action:
        return decision.options[0]


def lone_ends(g: Game) -> list[int]:
    """The seats of each end_main answered (not forced); the first option is end_main only when alone."""
    return [e["player"] for e in g.events if e["event"] == "choice" and e["kind"] == "main"
            and e["action"] == ["end_main"]]


def test_human_seats_are_set_up_sorted_once_and_only_when_named() -> None:
    g = Game.new(**SETUP, human_seats=[1, 0, 1])
    assert g.state.config["human_seats"] == [0, 1]
    assert setup_config(g)["human_seats"] == [0, 1]
    bots = Game.new(**SETUP)
    assert "human_seats" not in bots.state.config and "human_seats" not in setup_config(bots)
    assert Game.from_config(setup_config(g)).to_json() == g.to_json()


@pytest.mark.parametrize(("seats", "message"), [
    ([2], "human_seats: 2 is no seat of this 2-player game (seats are numbered 0 to 1)"),
    ([-1], "human_seats: -1 is no seat of this 2-player game"),
    ([True], "human_seats: True is no seat"),
    ("0", "human_seats: must list seat numbers, got '0'"),
])
def test_bad_human_seats_are_refused_by_name(seats: Any, message: str) -> None:
    with pytest.raises(SetupError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Game.new(**SETUP, human_seats=seats)


def test_a_game_with_a_persons_seat_replays_exactly_and_needs_the_seat_named() -> None:
    g = Game.new(**SETUP, human_seats=[0])
    config = setup_config(g)
    steps = play(g, [FirstOption(), make_agent("heuristic", 1)], record=True)
    assert g.over
    # the person ended every main phase themselves, each time with nothing else left to do
    assert not any(e["event"] == "forced" and e["kind"] == "main" and e["player"] == 0 for e in g.events)
    ended = sum(1 for e in g.events if e["event"] == "turn_start" and e["player"] == 0)
    assert ended > 5 and lone_ends(g).count(0) in (ended, ended - 1)  # the last turn may end the game
    record = json.loads(json.dumps(make_record(config, steps, g)))
    res = replay(record)
    assert res.ok, res.message
    assert res.game.to_json() == g.to_json()
    # without the seat named, a lone end_main is taken at once and the steps part ways
    stripped = {**record, "config": {k: v for k, v in record["config"].items() if k != "human_seats"}}
    assert not replay(stripped).ok


def test_play_human_records_a_game_that_gravehold_replay_confirms(tmp_path: Path) -> None:
    rec = tmp_path / "game.json"
    r = runner.invoke(app, ["play", "--human", "1", "--seed", "4", "--quiet", "--bots", "heuristic",
                            "--record", str(rec)], input="1\n" * 3000)
    assert r.exit_code == 0, r.output[-2000:]
    assert "Main phase: nothing else to do; end the main phase when you are ready" in r.output
    data = json.loads(rec.read_text())
    assert data["config"]["human_seats"] == [0]
    again = runner.invoke(app, ["replay", str(rec)])
    assert again.exit_code == 0, again.output
    assert "replay matches the record" in again.output


def test_play_human_names_a_seat_beyond_the_players() -> None:
    r = runner.invoke(app, ["play", "--mages", "Brama,Mist", "--human", "3", "--json"])
    assert r.exit_code == 2 and "--human 3: seats are numbered 1 to 2" in r.output
