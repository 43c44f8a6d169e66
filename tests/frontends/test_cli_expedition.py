"""`gravehold expedition`: each step from the command line, stored, and refused by name when wrong."""

from __future__ import annotations

import json
import re
from functools import partial
from pathlib import Path
from typing import Any

import msgspec
import pytest
import typer
from click.testing import CliRunner

from gravehold.campaigns import battle as driver
from gravehold.campaigns.expedition import EXPEDITION, policy, steps, transfer
from gravehold.campaigns.expedition.state import Expedition
from gravehold.campaigns.expedition.store import ExpeditionStore
from gravehold.cli import app
from gravehold.cli.expedition import choices
from gravehold.cli.expedition import session as stored_play
from gravehold.content import registry
from gravehold.events_text import result_text
from gravehold.storage.saves import Store

from support import play_out_session

#: the `gravehold` command built once: Typer builds it anew per invocation otherwise, which
#: costs more than most of these commands do
COMMAND = typer.main.get_command(app)
runner = CliRunner()
SUBCOMMANDS = ["new", "list", "show", "battle", "play", "support", "export", "import"]


def url(tmp_path: Path, name: str = "x.db") -> str:
    return f"sqlite:///{tmp_path / name}"


def cli(db: str, *args: str, ok: bool = True, **kw: Any) -> Any:
    r = runner.invoke(COMMAND, ["expedition", *args, "--db", db], env={"COLUMNS": "200"}, **kw)
    if ok:
        assert r.exit_code == 0, r.output
    return r


def refused(r: Any, message: str) -> None:
    """Exit 2, one `error:` line holding the message, no traceback."""
    assert r.exit_code == 2, r.output
    assert message in " ".join(r.output.split()), r.output
    assert "Traceback" not in r.output and (r.exception is None or isinstance(r.exception, SystemExit))


def new(db: str, *args: str) -> str:
    eid: str = json.loads(cli(db, "new", *args, "--json").stdout)["id"]
    return eid


def decoded(db: str, eid: str) -> Expedition:
    """The stored state, read from the store (``show --json`` prints the same, as the round trip checks)."""
    return ExpeditionStore(Store(db)).get(eid).exp


def state(db: str, eid: str) -> dict[str, Any]:
    return doc_of(decoded(db, eid))


def doc_of(exp: Expedition) -> dict[str, Any]:
    """The state as ``show --json`` prints it."""
    doc: dict[str, Any] = json.loads(msgspec.json.encode(exp))
    return doc


def stored(db: str, exp: Expedition) -> str:
    """Store an expedition made in memory (bots play a battle in ~20 ms there) as an import does."""
    return ExpeditionStore(Store(db)).import_(transfer.export(exp)).row.id


def lost(db: str, max_tries: int | None = None) -> tuple[str, Expedition]:
    """A short 1-player expedition whose first battle (battle 2, X-16) was lost."""
    exp = driver.fight(EXPEDITION, steps.new(1, length="short", seed=4, max_tries=max_tries))
    assert exp.phase == "support"
    return stored(db, exp), exp


def without_games(doc: dict[str, Any]) -> dict[str, Any]:
    """The state with the ids of the games its battles were played in left out: those ids
    belong to one database's games table."""
    out = json.loads(json.dumps(doc))
    for rec in out.get("history", []):
        rec.pop("game", None)
    if out.get("current"):
        out["current"].pop("game", None)
    return out


# ------------------------------------------------------------------ the whole round
def test_X_4_new_show_battle_play_show_export_and_import_into_another_database(tmp_path: Path) -> None:
    db = url(tmp_path)
    eid = new(db, "--players", "1", "--seed", "3", "--title", "Round one")
    fresh = decoded(db, eid)
    assert fresh == steps.new(1, seed=3, title="Round one")
    shown = cli(db, "show", eid).stdout
    assert "Round one" in shown and "No battle fought yet." in shown and "Battle 1 of 4, try 1" in shown
    for mage in fresh.barracks.mages:
        assert mage in shown

    begun = json.loads(cli(db, "battle", eid, "--auto", "--bots", "heuristic", "--json").stdout)
    want, _ = steps.begin(fresh, policy.choose(fresh, "heuristic"))
    assert begun["choices"] == msgspec.to_builtins(policy.choose(fresh, "heuristic"))
    assert (begun["battle"], begun["attempt"], begun["nemesis"], begun["links"]) == (1, 1, want.nemesis, [None])
    assert decoded(db, eid).phase == "battle"

    played = json.loads(cli(db, "play", eid, "--json").stdout)
    [result] = played["steps"]
    after = decoded(db, eid)
    [rec] = after.history
    assert (result["battle"], result["attempt"], result["nemesis"], result["game"], result["result"]) \
        == (1, 1, want.nemesis, begun["game"], rec.result)
    assert rec.game == begun["game"] and rec.choices == policy.choose(fresh, "heuristic")
    store = Store(db)
    assert [json.loads(a.action) for a in store.actions(begun["game"])] == rec.actions
    assert after.phase == ("choose" if rec.result == "win" else "support") and played["phase"] == after.phase

    text = cli(db, "show", eid).stdout
    ending = result_text(rec.result, rec.reason, registry.NEMESES[rec.nemesis].name)  # words (test_events_text)
    assert "_" not in ending
    cells = ["1", "1", want.nemesis, rec.choices.seats[0].mage, ending, str(rec.score)]
    assert re.search(r"\n│" + "│".join(rf" +{re.escape(str(c))} +" for c in cells) + "│\n", text), text

    out = tmp_path / "exp.json"
    assert cli(db, "export", eid, "-o", str(out)).stdout == f"wrote {out}\n"
    assert json.loads(out.read_text()) == json.loads(cli(db, "export", eid).stdout)
    other = url(tmp_path, "other.db")
    assert cli(other, "import", str(out)).stdout.startswith(f"imported {eid}: Round one")
    assert cli(other, "show", eid).stdout == text
    assert json.loads(cli(db, "show", eid, "--json").stdout) == state(db, eid)
    assert without_games(json.loads(cli(other, "show", eid, "--json").stdout)) == without_games(state(db, eid))


def test_X_16_play_all_plays_a_short_expedition_to_its_end_as_the_bots_do_in_memory(tmp_path: Path) -> None:
    db = url(tmp_path)
    eid = new(db, "--players", "1", "--length", "short", "--seed", "11", "--max-tries", "2")
    out = json.loads(cli(db, "play", eid, "--all", "--json").stdout)
    mem = driver.play_campaign(EXPEDITION, steps.new(1, length="short", seed=11, max_tries=2))
    got = state(db, eid)
    assert without_games(got) == without_games(doc_of(mem))
    assert (out["phase"], out["score"], out["abandoned"]) == ("complete", mem.score, mem.abandoned)
    kinds = [s["step"] for s in out["steps"]]
    want = []
    for k, rec in enumerate(mem.history):
        want += ["begin", "battle"] + (["support"] if rec.result == "loss" and k + 1 < len(mem.history) else [])
    assert kinds == want + (["give up"] if mem.abandoned else [])
    assert [s["result"] for s in out["steps"] if s["step"] == "battle"] == [r.result for r in mem.history]
    refused(cli(db, "play", eid, "--all", ok=False), f"expedition {eid} is complete; there is nothing left to play")


def test_XS_2_the_new_age_story_sets_out_with_its_own_barracks(tmp_path: Path) -> None:
    db = url(tmp_path)
    eid = new(db, "--players", "2", "--story", "new_age", "--seed", "1")
    doc = state(db, eid)
    assert doc["barracks"]["mages"] == ["Gygar", "Taqren", "Claudia", "Sahala"]
    assert doc["options"]["story"] == "new_age" and doc["nemesis"] == "Maggoth"
    text = cli(db, "show", eid).stdout
    for mage in ("Gygar", "Taqren", "Claudia", "Sahala"):
        assert f"│ {mage} " in text
    assert "nemesis: Maggoth" in text and "story new_age" in text


def test_list_shows_every_expedition_with_its_place(tmp_path: Path) -> None:
    db = url(tmp_path)
    assert cli(db, "list").stdout.startswith("No expeditions yet")
    a = new(db, "--players", "2", "--seed", "1", "--title", "First")
    b = new(db, "--players", "1", "--length", "short", "--seed", "2")
    rows = {r["id"]: r for r in json.loads(cli(db, "list", "--json").stdout)}
    assert {k: {f: v for f, v in r.items() if f != "updated"} for k, r in rows.items()} == {
        a: {"id": a, "title": "First", "phase": "choose", "players": 2, "length": "standard", "battle": 1,
            "attempt": 1, "score": 0, "abandoned": False},
        b: {"id": b, "title": "3-battle expedition", "phase": "choose", "players": 1, "length": "short",
            "battle": 2, "attempt": 1, "score": 0, "abandoned": False}}
    text = runner.invoke(COMMAND, ["expedition", "list", "--db", db], env={"COLUMNS": "160"}).stdout
    assert f"│ {a} │ First " in text and f"│ {b} │ 3-battle expedition " in text


# ------------------------------------------------------------------ X-4 choices, X-8 support
def test_X_4_battle_keeps_the_given_choices_and_the_policy_fills_the_rest(tmp_path: Path) -> None:
    db = url(tmp_path)
    # the boxes named: The New Age's shards are the tier-1 treasures this test places
    eid = new(db, "--players", "1", "--length", "short", "--seed", "4", "--boxes", "AE,WE,NA")
    exp = decoded(db, eid)
    tier1 = [t for t in exp.barracks.treasures if t.endswith("Shard")][-1]
    mage = exp.barracks.mages[2]
    r = cli(db, "battle", eid, "--mages", mage.upper(), "--treasure", f"1:{tier1}:3", "--auto", "--humans", "1")
    after = decoded(db, eid)
    assert after.current is not None
    auto = policy.choose(exp, "heuristic")
    ch = after.current.choices
    assert [(s.mage, s.tier1, s.slot, s.tier3, s.player) for s in ch.seats] == [(mage, tier1, 2, None, "human")]
    assert ch.supply == auto.supply and (ch.group, ch.pile) == (None, None)
    gid = after.current.game
    assert gid is not None
    token = json.loads(Store(db).get(gid).seats)[0]["token"]
    assert f"seat 1: {mage}, you (browser: /g/{gid}?t={token}); tier 1 {tier1} at deck position 3" in r.stdout


def test_X_4_without_auto_every_seat_needs_a_mage_and_the_supply_nine_piles(tmp_path: Path) -> None:
    db = url(tmp_path)
    eid = new(db, "--players", "2", "--seed", "3", "--boxes", "AE,WE,NA")  # the boxes it was written with
    before = state(db, eid)
    refused(cli(db, "battle", eid, "--mages", "Rhia", ok=False), "--mages: seat(s) 2 have no mage")
    refused(cli(db, "battle", eid, "--mages", "Rhia,Claudia", ok=False), "--supply: name the battle's nine")
    bar = decoded(db, eid).barracks
    eight = ",".join(bar.supply[:8])
    refused(cli(db, "battle", eid, "--mages", "Rhia,Claudia", "--supply", eight, ok=False),
            "supply: a battle's supply is 3 gems, 2 relics, 4 spells")
    assert state(db, eid) == before
    nine = ",".join(reversed(bar.supply))
    cli(db, "battle", eid, "--mage", "2:Rhia", "--mage", "1:claudia", "--supply", nine, "--bots", "random")
    ch = decoded(db, eid).current
    assert ch is not None
    assert [(s.mage, s.player) for s in ch.choices.seats] == [("Claudia", "random"), ("Rhia", "random")]
    assert ch.choices.supply == list(reversed(bar.supply))


def test_X_8_support_takes_the_top_of_the_chosen_stack_then_the_battle_is_chosen_again(tmp_path: Path) -> None:
    db = url(tmp_path)
    eid, lost_ = lost(db)
    assert decoded(db, eid) == lost_
    refused(cli(db, "support", eid, "treasure3", ok=False), "support: 'treasure3' is not available")
    refused(cli(db, "play", eid, ok=False), "battle 2 was lost; take its support first")
    assert state(db, eid) == doc_of(lost_)
    top = lost_.stacks.supply["relic"][0]
    out = json.loads(cli(db, "support", eid, "Relic", "--json").stdout)
    assert out == {"id": eid, "battle": 2, "choice": "relic", "phase": "choose", "attempt": 2,
                   "events": [{"kind": "support", "battle": 2, "supply": [top]}]}
    after = decoded(db, eid)
    assert after.barracks.supply == [*lost_.barracks.supply, top] and after.stacks.supply["relic"][0] != top
    refused(cli(db, "support", eid, "--none", ok=False), "no lost battle is waiting for its support")


def test_X_8_support_auto_is_the_policys_and_none_takes_nothing(tmp_path: Path) -> None:
    db = url(tmp_path)
    eid, before = lost(db, max_tries=3)
    other, _ = lost(db, max_tries=3)
    choice = policy.support_for(before)
    assert choice is not None
    assert cli(db, "support", eid, "--auto").stdout.startswith(f"Support after battle 2: {choice}\n")
    assert decoded(db, eid) == steps.support(before, choice)
    assert cli(db, "support", other, "--none").stdout.startswith("Support after battle 2: none\n")
    assert decoded(db, other) == steps.support(before, None)


# ------------------------------------------------------------------ people's seats
def test_play_refuses_a_persons_seat_without_a_terminal_and_stores_nothing(tmp_path: Path) -> None:
    db = url(tmp_path)
    eid = new(db, "--players", "1", "--seed", "4")
    cli(db, "battle", eid, "--auto", "--humans", "1")
    gid = decoded(db, eid).current.game  # type: ignore[union-attr]
    assert gid is not None
    token = json.loads(Store(db).get(gid).seats)[0]["token"]
    r = cli(db, "play", eid, ok=False)
    refused(r, f"battle 1: seat(s) 1 are played by people, and input is not a terminal; play in a terminal, or in "
               f"the browser (`gravehold serve`) at seat 1: /g/{gid}?t={token}")
    assert r.stdout == "" and Store(db).actions(gid) == []


def test_a_persons_seat_answered_line_by_line_is_stored_action_by_action(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    db = url(tmp_path)
    eid = new(db, "--players", "2", "--seed", "12")
    cli(db, "battle", eid, "--auto", "--humans", "2")
    asked: list[int] = []

    class FirstOption:
        """A person who takes the first option offered, whatever it is."""

        name = "human"

        def __init__(self, game: Any, seat: int, words: str = "classic") -> None:
            self.seat = seat

        def choose(self, decision: Any, view: Any) -> Any:
            asked.append(self.seat)
            return decision.options[0]

    monkeypatch.setattr(stored_play, "stdin_terminal", lambda: True)
    monkeypatch.setattr("gravehold.cli.prompts.HumanAgent", FirstOption)
    out = json.loads(cli(db, "play", eid, "--json").stdout)
    exp = decoded(db, eid)
    rec = exp.history[-1]
    assert rec.game is not None and out["steps"][0]["result"] == rec.result
    stored = Store(db).actions(rec.game)
    assert [json.loads(a.action) for a in stored] == rec.actions
    assert [a.seat for a in stored if a.by == "human"] == asked and set(asked) == {1}
    assert {a.by for a in stored if a.seat == 0} == {"heuristic"}


def test_a_persons_seat_opens_the_board_which_no_motion_keeps_still(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    db = url(tmp_path)
    eid = new(db, "--players", "2", "--seed", "12")
    cli(db, "battle", eid, "--auto", "--humans", "2")
    opened: list[tuple[list[int], bool]] = []

    def board(session: Any, bot_delay: float, motion: bool = True) -> None:  # the screen: seat 2 ends each phase
        opened.append((sorted(session.humans), motion))
        play_out_session(session)

    monkeypatch.setattr(stored_play, "stdin_terminal", lambda: True)
    monkeypatch.setattr(stored_play.common, "terminal", lambda: True)
    monkeypatch.setattr("gravehold.terminal.app.run", board)
    out = json.loads(cli(db, "play", eid, "--json", "--bot-delay", "0", "--no-motion").stdout)
    assert opened == [([1], False)]
    assert out["steps"][0]["result"] == decoded(db, eid).history[-1].result


def test_the_boards_session_stores_each_action_and_takes_an_undo_back_in_the_store(tmp_path: Path) -> None:
    db = url(tmp_path)
    store = Store(db)
    xs = ExpeditionStore(store)
    exp = steps.new(1, seed=4, boxes=("AE", "WE", "NA"))  # named: its first moves reveal nothing
    eid = xs.create(exp).row.id
    _, gid, _ = xs.begin(eid, choices.build_choices(exp, auto=True, humans="1"))
    game = store.load(gid).game
    session = stored_play.StoredSession(game, frozenset({0}), {}, store=store, gid=gid)
    for _ in range(3):
        d = game.decision
        assert d is not None
        session.apply(d.options[0])
    assert session.can_undo() == (True, "") and session.kept == 3
    assert len(store.actions(gid)) == 3 and store.load(gid).game == game
    session.undo()
    assert session.kept == 2 and len(store.actions(gid)) == 2
    assert store.load(gid).game == game and store.rebuild(gid) == game
    d = game.decision
    assert d is not None
    session.apply(d.options[-1], by="heuristic")
    acts = store.actions(gid)
    assert [a.by for a in acts] == ["human", "human", "heuristic"] and store.rebuild(gid) == game


# ------------------------------------------------------------------ bad input
@pytest.mark.parametrize("args", [["show", "nope"], ["battle", "nope", "--auto"], ["play", "nope"],
                                  ["support", "nope", "gem"], ["export", "nope"]])
def test_an_unknown_id_is_refused_by_name(tmp_path: Path, args: list[str]) -> None:
    refused(cli(url(tmp_path), *args, ok=False), "no expedition 'nope'; list them with `gravehold expedition list`")


@pytest.mark.parametrize(("args", "message"), [
    (["--players", "0"], "--players"), (["--players", "5"], "--players"), ([], "Missing option '--players'"),
    (["--players", "2", "--length", "medium"], "--length must be short, standard or long, not 'medium'"),
    (["--players", "2", "--difficulty", "hard"], "--difficulty must be beginner, normal, expert or extinction"),
    (["--players", "2", "--boxes", "XX"], "unknown box 'XX'"),
    (["--players", "2", "--story", "new_age", "--length", "short"],
     "length: the scripted expedition new_age has its own 4 battles; leave length at standard"),
    (["--players", "2", "--story", "old_age"], "unknown scripted expedition 'old_age'"),
    (["--players", "2", "--ruleset", "wee"], "Did you mean: we?"),
    (["--players", "2", "--max-tries", "0"], "--max-tries"),
    (["--players", "2", "--seed", "-1"], "--seed"),
])
def test_X_3_a_bad_new_expedition_is_refused_and_nothing_is_stored(tmp_path: Path, args: list[str],
                                                                   message: str) -> None:
    db = url(tmp_path)
    refused(cli(db, "new", *args, ok=False), message)
    assert json.loads(cli(db, "list", "--json").stdout) == []


def test_X_10_a_mage_not_in_the_barracks_is_refused_naming_seats_0_mage(tmp_path: Path) -> None:
    db = url(tmp_path)
    eid = new(db, "--players", "1", "--story", "new_age", "--seed", "1")
    before = state(db, eid)
    refused(cli(db, "battle", eid, "--mages", "Brama", "--auto", ok=False),
            "seats[0].mage: 'Brama' is not in the Barracks; its mages are Gygar, Taqren, Claudia, Sahala")
    refused(cli(db, "battle", eid, "--mages", "Nobody", "--auto", ok=False), "seats[0].mage: 'Nobody' is not in")
    assert state(db, eid) == before and Store(db).count() == 0


@pytest.mark.parametrize(("args", "message"), [
    (["--humans", "2"], "--humans '2': seats are numbered 1 to 1"),
    (["--mage", "Gygar"], "--mage 'Gygar': write SEAT:NAME"),
    (["--mage", "3:Gygar"], "--mage '3:Gygar': seats are numbered 1 to 1"),
    (["--mages", "Gygar", "--mage", "1:Taqren"], "--mage and --mages: name the mages one way"),
    (["--mages", "Gygar,Taqren"], "--mages 'Gygar,Taqren': name 1 to 1 mages"),
    (["--bots", "randum"], "unknown agent 'randum'"),
    (["--treasure", "1:Nothing Shard"], "unknown treasure 'Nothing Shard'"),
    (["--group", "Nothing"], "unknown treasure 'Nothing'"),
])
def test_X_4_bad_battle_options_are_refused_before_anything_is_stored(tmp_path: Path, args: list[str],
                                                                      message: str) -> None:
    db = url(tmp_path)
    eid = new(db, "--players", "1", "--story", "new_age", "--seed", "1")
    before = state(db, eid)
    refused(cli(db, "battle", eid, "--auto", *args, ok=False), message)
    assert state(db, eid) == before and Store(db).count() == 0


def test_X_4_a_treasure_the_battle_does_not_allow_is_refused_naming_the_seat(tmp_path: Path) -> None:
    db = url(tmp_path)
    eid = new(db, "--players", "1", "--length", "short", "--seed", "4")
    tier1 = decoded(db, eid).barracks.treasures[0]
    before = state(db, eid)
    refused(cli(db, "battle", eid, "--auto", "--treasure", f"1:{tier1}:9", ok=False),
            "only a tier-1 treasure names a starting-deck position, 1 to 5")
    assert state(db, eid) == before
    cli(db, "battle", eid, "--auto")
    begun = state(db, eid)
    refused(cli(db, "battle", eid, "--auto", ok=False), "battle 2 is not waiting for its setup (it is at battle)")
    assert state(db, eid) == begun and begun["phase"] == "battle"


def _exported(tmp_path: Path) -> tuple[str, dict[str, Any]]:
    db = url(tmp_path, "from.db")
    eid, _ = lost(db)
    doc: dict[str, Any] = json.loads(cli(db, "export", eid).stdout)
    return eid, doc


def _edit(doc: dict[str, Any], path: list[Any], value: Any) -> dict[str, Any]:
    out = json.loads(json.dumps(doc))
    at = out
    for key in path[:-1]:
        at = at[key]
    at[path[-1]] = value
    return out


@pytest.mark.parametrize(("edit", "message"), [
    (lambda d: b"{not json", "bad.json: document: is not valid JSON"),
    (lambda d: _edit(d, ["kind"], "a game"), "bad.json: kind: must be 'gravehold expedition'"),
    (lambda d: _edit(d, ["expedition", "score"], 6), "bad.json: expedition.score: differs from what the seed"),
    (lambda d: _edit(d, ["expedition", "barracks", "mages", 0], "Brama"), "bad.json: expedition.barracks.mages[0]"),
    (lambda d: _edit(d, ["expedition", "options", "players"], 9), "bad.json: expedition.options.players"),
    (lambda d: _edit(d, ["expedition", "history", 0, "actions"], []),
     "bad.json: expedition.history[0].actions: end before the game does"),
    (lambda d: _edit(d, ["id"], "x" * 33), "bad.json: id: must be 1 to 32 letters, digits, '-' or '_'"),
    (lambda d: _edit(d, ["id"], "has space"), "bad.json: id: must be 1 to 32 letters, digits, '-' or '_'"),
])
def test_a_corrupt_or_inconsistent_import_is_refused_naming_the_field_and_stores_nothing(
        tmp_path: Path, edit: Any, message: str) -> None:
    _, doc = _exported(tmp_path)
    bad = tmp_path / "bad.json"
    changed = edit(doc)
    bad.write_bytes(changed if isinstance(changed, bytes) else json.dumps(changed).encode())
    db = url(tmp_path)
    refused(cli(db, "import", str(bad), ok=False), message)
    assert json.loads(cli(db, "list", "--json").stdout) == [] and Store(db).count() == 0


def test_importing_the_same_file_twice_is_refused_unless_under_a_new_id(tmp_path: Path) -> None:
    eid, doc = _exported(tmp_path)
    f = tmp_path / "exp.json"
    f.write_text(json.dumps(doc))
    db = url(tmp_path)
    assert json.loads(cli(db, "import", str(f), "--json").stdout)["id"] == eid
    refused(cli(db, "import", str(f), ok=False),
            f"exp.json: an expedition '{eid}' is already stored; add --new-id to store this file under a new id")
    assert [r["id"] for r in json.loads(cli(db, "list", "--json").stdout)] == [eid]
    other = json.loads(cli(db, "import", str(f), "--new-id", "--json").stdout)["id"]
    assert other != eid and without_games(state(db, other)) == without_games(state(db, eid))


def test_files_and_databases_that_cannot_be_used_are_one_line_each(tmp_path: Path) -> None:
    db = url(tmp_path)
    eid = new(db, "--players", "1", "--seed", "1")
    refused(cli(db, "import", str(tmp_path / "none.json"), ok=False), "none.json: cannot be read")
    refused(cli(db, "export", eid, "-o", str(tmp_path), ok=False), f"--output {tmp_path}: is a folder")
    refused(cli(db, "export", eid, "-o", str(tmp_path / "no" / "x.json"), ok=False),
            f"the folder {tmp_path / 'no'} does not exist")
    refused(cli("notaurl", "list", ok=False), "--db 'notaurl': not a database URL")
    refused(cli(f"sqlite:///{tmp_path}", "list", ok=False), "cannot open the database")


@pytest.mark.parametrize("command", [None, *SUBCOMMANDS])
def test_help_shows_flags_as_flags_and_fits_80_columns(command: str | None) -> None:
    r = runner.invoke(COMMAND, ["expedition", *([command] if command else []), "--help"], env={"COLUMNS": "80"})
    assert r.exit_code == 0, r.output
    assert "<bool>" not in r.output and "…" not in r.output and "--help " in r.output
    assert max(len(line) for line in r.output.splitlines()) <= 80


def test_the_full_screen_board_stores_every_bot_and_person_action_of_a_battle(tmp_path: Path) -> None:
    import asyncio

    from gravehold.agents import make_agent
    from gravehold.terminal.app import GameApp

    db = url(tmp_path)
    store = Store(db)
    xs = ExpeditionStore(store)
    exp = steps.new(2, seed=12)
    eid = xs.create(exp).row.id
    _, gid, _ = xs.begin(eid, choices.build_choices(exp, auto=True, humans="2"))
    session = stored_play.StoredSession(store.load(gid).game, frozenset({1}), {0: make_agent("heuristic", 0)},
                                        store=store, gid=gid)

    pressed = [0]

    async def main() -> None:
        app = GameApp(session, bot_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            while pressed[0] < 40 and (pressed[0] < 3 or session.kept == pressed[0]):  # until the bot has moved
                for _ in range(5000):  # the bot's moves, until the person is to decide
                    if not app.thinking and session.human_to_move() is not None:
                        break
                    await asyncio.sleep(0.001)
                await pilot.pause()
                await pilot.press(*str(app.numbers[0]))  # the first option listed, by its number
                if app.digits:
                    await pilot.press("enter")
                pressed[0] += 1

    asyncio.run(main())
    acts = store.actions(gid)
    assert len(acts) == session.kept and store.rebuild(gid) == session.game == store.load(gid).game
    assert {a.by for a in acts} == {"human", "heuristic"}
    assert sum(a.by == "human" for a in acts) == pressed[0] and {a.seat for a in acts if a.by == "human"} == {1}


def test_X_15_play_applies_the_outcome_of_a_battle_whose_game_ended_before_it_was_applied(tmp_path: Path) -> None:
    """As after a crash between the game's last stored action and the after-battle step."""
    db = url(tmp_path)
    store = Store(db)
    xs = ExpeditionStore(store)
    exp = steps.new(1, length="short", seed=41)
    eid = xs.create(exp).row.id
    begun, gid, _ = xs.begin(eid, policy.choose(exp, "heuristic"))
    game = store.load(gid).game
    driver.play_stored(driver.seated(game, ["heuristic"], 1), {}, partial(store.append, gid))  # each action stored
    assert game.over and decoded(db, eid).phase == "battle"
    actions = [json.loads(a.action) for a in store.actions(gid)]
    r = cli(db, "play", eid)
    assert r.stdout.startswith(f"Battle 2, try 1, against {begun.exp.nemesis}: its game had ended\n")
    assert decoded(db, eid) == steps.finish(begun.exp, game, game_id=gid, actions=actions)


def test_X_8_concede_gives_the_running_battle_up_as_a_loss(tmp_path: Path) -> None:
    db = url(tmp_path)
    eid = new(db, "--players", "2", "--seed", "4")
    refused(cli(db, "concede", eid, ok=False), "no battle is being fought")
    begun = json.loads(cli(db, "battle", eid, "--auto", "--bots", "heuristic", "--json").stdout)
    out = json.loads(cli(db, "concede", eid, "--json").stdout)
    assert out == {"id": eid, "battle": 1, "attempt": 1, "result": "loss", "reason": "conceded", "phase": "support",
                   "attempt_next": 1, "events": []}
    after = decoded(db, eid)
    assert after.history[-1].game == begun["game"] and after.history[-1].actions == []
    assert after.phase == "support" and after.history[-1].reason == "conceded"


def test_X_8_an_export_taken_while_a_lost_battle_is_fought_again_imports(tmp_path: Path) -> None:
    db = url(tmp_path)
    eid = new(db, "--players", "2", "--seed", "8")
    cli(db, "battle", eid, "--auto", "--humans", "1")
    cli(db, "concede", eid)
    cli(db, "support", eid, "--auto")
    cli(db, "battle", eid, "--auto", "--humans", "1")
    f = tmp_path / "f.json"
    cli(db, "export", eid, "-o", str(f))
    other = json.loads(cli(db, "import", str(f), "--new-id", "--json").stdout)
    assert other == {"id": other["id"], "title": "4-battle expedition", "phase": "battle", "battle": 1, "score": 0}
    assert other["id"] != eid and without_games(state(db, other["id"])) == without_games(state(db, eid))
    assert decoded(db, eid).attempt == decoded(db, other["id"]).attempt == 2


@pytest.mark.parametrize(("limit", "words"), [
    ("MAX_BYTES", "exp.json: is {value:,} bytes; an import takes at most {limit:,} (MAX_BYTES)"),
    ("MAX_RECORDS", "exp.json: expedition.history: holds {value:,} battle records; an import takes at most "
                    "{limit:,} (MAX_RECORDS)"),
    ("MAX_ACTIONS", "exp.json: actions: the file records {value:,} actions in all"),
])
def test_an_import_past_a_limit_is_refused_naming_it_and_stores_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, limit: str, words: str) -> None:
    from gravehold.campaigns.expedition import transfer

    _, doc = _exported(tmp_path)
    f = tmp_path / "exp.json"
    f.write_text(json.dumps(doc))
    exp = transfer.read(f.read_bytes()).expedition
    value = {"MAX_BYTES": f.stat().st_size, "MAX_RECORDS": len(exp.history),
             "MAX_ACTIONS": sum(len(r.actions) for r in exp.history)}[limit]
    monkeypatch.setattr(transfer, limit, value - 1)
    db = url(tmp_path)
    refused(cli(db, "import", str(f), ok=False), words.format(value=value, limit=value - 1))
    assert json.loads(cli(db, "list", "--json").stdout) == [] and Store(db).count() == 0
    monkeypatch.setattr(transfer, limit, value)
    assert json.loads(cli(db, "import", str(f), "--json").stdout)["id"] == doc["id"]


RULE_ID = re.compile(r"\b(?:X|XS|S|K|P|N|C|G|E|T)-\d+\b")


def test_what_a_player_reads_names_no_rule_id(tmp_path: Path) -> None:
    """Rule ids belong to the docs and to --help: an expedition's pages, its guide lines and a
    battle's results say what happens in words."""
    db = f"sqlite:///{tmp_path / 'x.db'}"
    eid = new(db, "--players", "1", "--length", "short", "--seed", "7")
    said = cli(db, "show", eid).stdout + cli(db, "play", eid, "--auto").stdout + cli(db, "show", eid).stdout
    assert ", against " in said and RULE_ID.findall(said) == []
