"""`gravehold challenge`: a set's setups and the bots' results, a setup played at the
terminal (to its end, or given up) and its result stored beside the bots', and the refusals
(one ``error:`` line, exit 2, nothing stored); on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer
from click.testing import CliRunner

from databases import BACKENDS, database_url
from gravehold.challenge import ChallengeStore, bots, setup_of
from gravehold.cli import app

COMMAND = typer.main.get_command(app)
runner = CliRunner()
CID = "seed-3"


@pytest.fixture(params=BACKENDS)
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    yield from database_url(request.param, tmp_path)


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    r = runner.invoke(COMMAND, ["challenge", *args], input=input)
    assert "Traceback" not in r.output
    return r.exit_code, r.output


def stored(db: str) -> ChallengeStore:
    return ChallengeStore.open(db)


def test_cli_challenge_list_shows_the_setups_and_the_bots_results(db: str) -> None:
    code, out = run("list", "seed-03", "--db", db, "--json")
    assert code == 0, out
    cs = stored(db)
    assert json.loads(out) == cs.table(CID)
    code, out = run("list", CID, "--db", db)
    assert code == 0, out
    one = setup_of(CID, 1)
    assert f"Challenge {CID}: 5 setups, normal difficulty" in out
    assert f"1. {one.nemesis_name} vs {' + '.join(one.mage_names)}, seed {one.seed}" in out
    assert out.count("(bot): ") == 5 * len(bots()) and f"gravehold challenge play {CID} N --name NAME" in out
    cs.store.engine.dispose()


def test_cli_challenge_a_game_given_up_at_the_prompts_is_stored_as_a_loss(db: str) -> None:
    code, out = run("play", CID, "2", "--name", "  Ann ", "--db", db, "--quiet", input="")  # end of input
    assert code == 0, out
    cs = stored(db)
    people = [r for r in cs.results(CID) if r.kind == "human"]
    g = setup_of(CID, 2).human_game()
    assert [(r.setup, r.who, r.result, r.reason, r.turns, r.nemesis_life, r.gravehold_life, r.game_id)
            for r in people] == [(2, "Ann", "loss", "conceded", 1, g.state.nemesis.life, g.state.gravehold, None)]
    assert "Stored: Ann: Defeat: the group gave the battle up, after 1 turn;" in out
    cs.store.engine.dispose()


def test_cli_challenge_a_game_played_to_its_end_is_stored_with_its_result(db: str) -> None:
    setup = setup_of(CID, 1)
    g = setup.human_game(events=False)
    answers = 0
    while not g.over:  # the same game offline, always the first option
        d = g.decision
        assert d is not None
        g.apply(d.options[0])
        answers += 1
    code, out = run("play", CID, "1", "--name", "Bo", "--db", db, "--json", input="1\n" * answers)
    assert code == 0, out[-2000:]
    doc = json.loads(out[out.rindex('{"id"'):])  # after the last prompt (the runner echoes no answer)
    want = {"setup": 1, "seed": setup.seed, "who": "Bo", "kind": "human", "result": g.result, "reason": g.reason,
            "turns": g.state.turn, "nemesis_life": g.state.nemesis.life, "gravehold_life": g.state.gravehold,
            "game": None}
    assert doc == {"id": CID, "setup": 1, "result": want}
    code, out = run("results", CID, "--db", db, "--json")
    assert code == 0, out
    res = json.loads(out)
    assert [r for r in res["results"] if r["kind"] == "human"] == [want]
    assert res["win_rates"]["people"] == (1.0 if g.result == "win" else 0.0)
    assert set(res["win_rates"]) == {"people", *bots()}
    code, out = run("results", CID, "--db", db)
    assert code == 0 and "Bo: " in out and "people: " in out and "nobody has played it yet" in out


def test_cli_challenge_bots_plays_the_bots_again_and_keeps_one_row_each(db: str) -> None:
    code, out = run("bots", CID, "--db", db, "--json")
    assert code == 0, out
    first = json.loads(out)
    code, out = run("bots", CID, "--db", db, "--json")
    assert code == 0 and json.loads(out) == first
    assert [(r["setup"], r["who"]) for r in first["results"]] == [(n, b) for n in range(1, 6) for b in bots()]
    cs = stored(db)
    assert len(cs.results(CID)) == 5 * len(bots())
    cs.store.engine.dispose()


@pytest.mark.parametrize(("args", "message"), [
    (("list", "banana"), "error: challenge id 'banana': not a challenge id; write a week as YYYY-Www"),
    (("results", "2026-W99"), "error: challenge id '2026-W99': 2026 has no week 99"),
    (("bots", "seed--3"), "error: challenge id 'seed--3': the seed must be a whole number"),
    (("play", "seed-3", "6", "--name", "Ann"), "error: setup 6: a challenge's setups are numbered 1 to 5"),
    (("play", "seed-3", "0", "--name", "Ann"), "error: setup 0: a challenge's setups are numbered 1 to 5"),
    (("play", "seed-3", "1", "--name", " "), "error: name: is empty; give 1 to 40 printable characters"),
    (("play", "seed-3", "1", "--name", "x" * 41), "error: name: is 41 characters long; at most 40"),
    (("play", "seed-3", "1"), "error: Missing option '--name'"),
    (("play", "seed-3", "two", "--name", "Ann"), "error: setup two: a challenge's setups are numbered 1 to 5"),
])
def test_cli_challenge_bad_input_is_one_error_line_and_stores_nothing(tmp_path: Path, args: tuple[str, ...],
                                                                      message: str) -> None:
    db = f"sqlite:///{tmp_path / 'c.db'}"
    code, out = run(*args, "--db", db, input="")
    assert code == 2 and out.startswith(message), out
    assert not (tmp_path / "c.db").exists() or stored(db).results(CID) == []


def test_cli_challenge_the_board_quit_before_the_end_gives_the_game_up(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """In a terminal the setup opens on the full-screen board, every seat a person's; a board
    quit before the end (here at once) stores the game given up."""
    import gravehold.terminal.app as board
    from gravehold.cli import common

    seen: list[tuple[frozenset[int], bool]] = []
    monkeypatch.setattr(common, "terminal", lambda: True)
    monkeypatch.setattr(board, "run", lambda session, delay=0.5, motion=True: seen.append((session.humans, motion)))
    db = f"sqlite:///{tmp_path / 'c.db'}"
    code, out = run("play", CID, "3", "--name", "Flo", "--db", db, "--no-motion")
    assert code == 0, out
    assert seen == [(frozenset({0, 1}), False)]
    got = [(r.who, r.result, r.reason) for r in stored(db).results(CID) if r.kind == "human"]
    assert got == [("Flo", "loss", "conceded")]
