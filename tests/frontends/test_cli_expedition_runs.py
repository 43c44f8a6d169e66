"""`gravehold expedition play` runs that end: a bot-driven run gives up at a try limit and
says so as it happens, a person's run keeps going and counts its tries, and `show` stays
short however long the history."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import msgspec
import pytest
from test_cli_expedition import cli, decoded, doc_of, new, url, without_games

from gravehold.campaigns import battle as driver
from gravehold.campaigns.expedition import EXPEDITION, policy, steps
from gravehold.campaigns.expedition.policy import BOT_MAX_TRIES
from gravehold.campaigns.expedition.state import Expedition
from gravehold.campaigns.expedition.store import ExpeditionStore
from gravehold.cli.expedition import session as stored_play
from gravehold.storage.saves import Store


def losses(exp: Expedition, n: int, player: str = "heuristic") -> Expedition:
    """``n`` tries of the battle ``exp`` chooses, each set up by the policy with every seat
    played by ``player`` and given up at once (a loss), each followed by the policy's support."""
    for _ in range(n):
        if exp.phase == "support":
            exp = steps.support(exp, policy.support_for(exp))
        ch = policy.choose(exp)
        ch = msgspec.structs.replace(ch, seats=[msgspec.structs.replace(s, player=player) for s in ch.seats])
        exp, game = steps.begin(exp, ch)
        exp = steps.finish(exp, driver.concede(game))
    return exp


def test_a_bot_run_of_an_expedition_without_a_limit_gives_up_at_the_bots_limit(tmp_path: Path) -> None:
    """Nine tries lost already (given up at once, as quick as a loss gets); `play --all`
    takes the support, fights the tenth, and the group gives up as it is lost."""
    db = url(tmp_path)
    exp = losses(steps.new(1, length="short", seed=4), BOT_MAX_TRIES - 1)
    eid = ExpeditionStore(Store(db)).create(exp).row.id
    out = cli(db, "play", eid, "--all").stdout
    mem = driver.advance(EXPEDITION, driver.advance(EXPEDITION, exp))  # the support, then the tenth try
    assert mem.history[-1].result == "loss" and steps.losses(mem) == BOT_MAX_TRIES
    got = decoded(db, eid)
    assert got.options.max_tries is None
    assert without_games(doc_of(got)) == without_games(doc_of(msgspec.structs.replace(mem, phase="complete",
                                                                                      abandoned=True)))
    assert re.findall(r"after \d+ turns \(try (\d+) of (\d+)\)", out) == [(str(BOT_MAX_TRIES), str(BOT_MAX_TRIES))]
    assert out.rstrip().splitlines()[-1] == (f"Battle 2 lost {BOT_MAX_TRIES} times: the group gives up; the "
                                             f"expedition ends with score {exp.score}.")
    assert f"Given up: battle 2 was lost {BOT_MAX_TRIES} times. Score 0." in cli(db, "show", eid).stdout


def test_play_max_tries_overrides_for_the_run_and_says_it_in_json(tmp_path: Path) -> None:
    db = url(tmp_path)
    eid = new(db, "--players", "1", "--length", "short", "--seed", "4")
    out = json.loads(cli(db, "play", eid, "--all", "--max-tries", "2", "--json").stdout)
    assert [s["step"] for s in out["steps"]] == ["begin", "battle", "support", "begin", "battle", "give up"]
    assert out["steps"][-1] == {"step": "give up", "battle": 2, "tries": 2, "score": 0}
    assert (out["phase"], out["abandoned"], decoded(db, eid).attempt) == ("complete", True, 2)


def test_an_expedition_already_past_the_limit_gives_up_before_any_support_or_battle(tmp_path: Path) -> None:
    db = url(tmp_path)
    exp = losses(steps.new(1, length="short", seed=4), BOT_MAX_TRIES + 3)
    eid = ExpeditionStore(Store(db)).create(exp).row.id
    out = cli(db, "play", eid, "--auto").stdout
    assert out == f"Battle 2 lost {BOT_MAX_TRIES + 3} times: the group gives up; the expedition ends with score 0.\n"
    assert decoded(db, eid) == msgspec.structs.replace(exp, phase="complete", abandoned=True)


def test_a_persons_run_keeps_no_limit_and_each_loss_says_its_try(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    db = url(tmp_path)
    exp = losses(steps.new(1, length="short", seed=4), BOT_MAX_TRIES, player="human")
    eid = ExpeditionStore(Store(db)).create(exp).row.id
    r = cli(db, "play", eid, ok=False)  # people choose their support themselves: no giving up for them
    assert r.exit_code == 2 and "take its support first" in r.output and decoded(db, eid) == exp
    cli(db, "support", eid, "--auto")
    cli(db, "battle", eid, "--auto", "--humans", "1")

    class Passes:
        """A person who takes the last option offered (ending each phase): a quick loss."""

        name = "human"

        def __init__(self, game: Any, seat: int, words: str = "classic") -> None:
            self.seat = seat

        def choose(self, decision: Any, view: Any) -> Any:
            return decision.options[-1]

    monkeypatch.setattr(stored_play, "stdin_terminal", lambda: True)
    monkeypatch.setattr("gravehold.cli.prompts.HumanAgent", Passes)
    out = cli(db, "play", eid, "--plain").stdout
    after = decoded(db, eid)
    assert (after.phase, after.abandoned, steps.losses(after)) == ("support", False, BOT_MAX_TRIES + 1)
    assert re.search(rf"Defeat: [^\n]*, after \d+ turns \(try {BOT_MAX_TRIES + 1}\)\n", out), out
    assert "gives up" not in out


def test_show_folds_a_long_history_and_full_lists_every_try(tmp_path: Path) -> None:
    db = url(tmp_path)
    one = losses(steps.new(1, length="short", seed=4), 1)
    history = [msgspec.structs.replace(one.history[0], attempt=k) for k in range(1, 201)]
    exp = msgspec.structs.replace(one, history=history, attempt=200)
    eid = ExpeditionStore(Store(db)).create(exp).row.id
    short = cli(db, "show", eid).stdout
    rows = [line for line in short.splitlines() if re.match(r"│ +2 │", line)]
    assert [row.split("│")[2].strip() for row in rows] == ["1–194", *map(str, range(195, 201))]
    assert "all 194 lost" in rows[0] and f"gravehold expedition show {eid} --full" in short
    assert len(short.splitlines()) < 60
    full = cli(db, "show", eid, "--full").stdout
    rows = [line for line in full.splitlines() if re.match(r"│ +2 │", line)]
    assert [row.split("│")[2].strip() for row in rows] == [str(k) for k in range(1, 201)]
    assert "--full" not in full
