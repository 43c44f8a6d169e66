"""Bad input to `replay` and the CLI: a clear message naming what is wrong, exit 2, never a traceback."""

from __future__ import annotations

import json
import numbers
import re
from pathlib import Path
from typing import Any, get_args, get_origin

import pytest
from typer.testing import CliRunner

from gravehold.cli import app

runner = CliRunner()


def _record(tmp_path: Path) -> dict[str, Any]:
    path = tmp_path / "game.json"
    r = runner.invoke(app, ["play", "--mages", "Brama,Mist", "--seed", "3", "--quiet", "--record", str(path)])
    assert r.exit_code == 0, r.output
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def _replay(tmp_path: Path, content: bytes) -> Any:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    return runner.invoke(app, ["replay", str(path)])


def _cfg(rec: dict[str, Any], **change: Any) -> bytes:
    cfg = dict(rec["config"])
    for k, v in change.items():
        if v is ...:
            cfg.pop(k)
        else:
            cfg[k] = v
    return json.dumps({**rec, "config": cfg}).encode()


CASES: dict[str, tuple[Any, str]] = {
    "not utf-8": (b"\xff\xfe{", "is not UTF-8 text"),
    "binary file": (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00", "is not UTF-8 text"),
    "binary that is utf-8": (b"\x00\x01\x02\x03", "is not valid JSON"),
    "mages as a string": ({"mages": "Brama"}, "config.mages: must be a list, got a string"),
    "word seed": ({"seed": "abc"}, "config.seed: must be an integer, got a string"),
    "no mages": ({"mages": ...}, "config.mages: is missing"),
    "int mage": ({"mages": [3, "Mist"]}, "config.mages[0]: must be a string, got an integer"),
    "five mages": ({"mages": ["Brama", "Mist", "Kadir", "Lash", "Gex"]}, "config.mages: must be a list of at most 4"),
    "int nemesis": ({"nemesis": 7}, "config.nemesis: must be a string, got an integer"),
    "int market": ({"market": 5}, "config.market: must be a string or a list, got an integer"),
    "int ruleset": ({"ruleset": 5}, "config.ruleset: must be a string or an object, got an integer"),
    "string seed": ({"seed": "x"}, "config.seed: must be an integer"),
    "float seed": ({"seed": 1.5}, "config.seed: must be an integer"),
    "null seed": ({"seed": None}, "config.seed: must be an integer"),
    "bool seed": ({"seed": True}, "config.seed: must be an integer"),
    "huge seed": ({"seed": 10**30}, "config.seed: must be an integer at most 9223372036854775807"),
    "negative seed": ({"seed": -1}, "config.seed: must be an integer at least 0"),  # no command makes one
    "huge integer": (b'{"format": "gravehold-record/1", "steps": [], "config": {"mages": ["Brama"], "seed": '
                     + b"9" * 5000 + b"}}", "config.seed: is a number too large to hold"),
    "deep nesting": (b'{"summary": {"x": ' + b"[" * 100_000 + b"]" * 100_000 + b"}}", "is nested too deeply"),
    "deep list": (b"[" * 100_000 + b"]" * 100_000, "is nested too deeply (100,000 levels; at most 64 are read)"),
    "infinity": (b'{"format": "gravehold-record/1", "steps": [{"action": [Infinity]}]}', "is not valid JSON"),
    "nan": (b'{"format": "gravehold-record/1", "summary": {"x": NaN}}', "is not valid JSON"),
    "unknown field": ({"cheat": True}, "config.cheat: is not a field here"),
    "unknown mage": ({"mages": ["Bramma", "Mist"]}, "unknown mage 'Bramma'"),
    "bad ruleset value": ({"ruleset": {"preset": "we", "empty_deck_unleashes": 9}}, "empty_deck_unleashes"),
    "float ruleset value": ({"ruleset": {"preset": "we", "solo_player_life": 12.0}}, "solo_player_life"),
    "string for a yes/no": ({"ruleset": {"preset": "we", "tutorial_discard": "no"}}, "tutorial_discard"),
    "string human seats": ({"human_seats": "0"}, "config.human_seats: must be a list or null, got a string"),
    "bool human seat": ({"human_seats": [True]}, "config.human_seats[0]: must be an integer, got true or false"),
    "human seat out of range": ({"human_seats": [2]}, "human_seats: 2 is no seat of this 2-player game"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_replay_refuses_a_bad_record_by_name_without_a_traceback(tmp_path: Path, case: str) -> None:
    change, message = CASES[case]
    content = change if isinstance(change, bytes) else _cfg(_record(tmp_path), **change)
    r = _replay(tmp_path, content)
    assert r.exit_code == 2, r.output
    assert message in r.output and "Traceback" not in r.output
    assert r.exception is None or isinstance(r.exception, SystemExit)


def test_T_4_a_record_made_when_the_variant_was_kept_for_two_players_still_replays(tmp_path: Path) -> None:
    """Games set up with the four-player variant for fewer players (where it changed
    nothing) were stored before such setups were refused: their records replay as played."""
    rec = _record(tmp_path)
    r = _replay(tmp_path, _cfg(rec, four_player_variant=True))
    assert r.exit_code == 0, r.output
    plain = _replay(tmp_path, _cfg(rec))
    assert plain.exit_code == 0 and r.output == plain.output


def refused(r: Any, message: str) -> None:
    """Exit 2, the message, no traceback."""
    assert r.exit_code == 2, r.output
    assert message in " ".join(r.output.split()), r.output
    assert "Traceback" not in r.output and (r.exception is None or isinstance(r.exception, SystemExit))


@pytest.fixture
def no_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any game played fails the test: a refusal must come before the first one."""
    import gravehold.sim.run as run

    def played(job: Any) -> None:
        raise AssertionError(f"a game was played: {job}")

    monkeypatch.setattr(run, "play_one", played)


@pytest.mark.parametrize(("option", "message"), [
    ("iterations=lots", "option iterations must be int, got 'lots'"),
    ("iterations=abc", "option iterations must be int, got 'abc'"),
    ("iterations=1.5", "option iterations must be int, got 1.5"),
    ("iteration=3", "Did you mean: iterations?"),
    ("=3", "--agent-option needs KEY=VALUE, got '=3'"),
    ("iterations", "--agent-option needs KEY=VALUE, got 'iterations'"),
])
def test_simulate_refuses_an_agent_option_of_the_wrong_type_or_name(no_games: None, option: str,
                                                                    message: str) -> None:
    refused(runner.invoke(app, ["simulate", "--agent", "ismcts", "--agent-option", option, "--games", "1"]), message)


def test_an_agent_without_options_says_so(no_games: None) -> None:
    refused(runner.invoke(app, ["simulate", "--agent", "heuristic", "--agent-option", "depth=3", "--games", "1"]),
            "agent heuristic takes no options, got 'depth'")


def test_simulate_out_naming_a_file_is_refused_and_the_file_kept(tmp_path: Path, no_games: None) -> None:
    f = tmp_path / "results.txt"
    f.write_text("keep me")
    refused(runner.invoke(app, ["simulate", "--games", "1", "--out", str(f)]), "is a file; name a folder")
    assert f.read_text() == "keep me"


def test_simulate_out_inside_a_file_is_refused_before_any_game(tmp_path: Path, no_games: None) -> None:
    f = tmp_path / "results.txt"
    f.write_text("keep me")
    refused(runner.invoke(app, ["simulate", "--games", "1", "--out", str(f / "run1")]),
            f"--out {f / 'run1'}: {f} is a file, not a folder")
    refused(runner.invoke(app, ["simulate", "--games", "1", "--out", str(f / "a" / "b")]), f"{f} is a file")
    assert f.read_text() == "keep me"


def test_simulate_out_folder_is_made_before_the_games(tmp_path: Path) -> None:
    out = tmp_path / "new" / "run"
    r = runner.invoke(app, ["simulate", "--games", "1", "--agent", "random", "--out", str(out), "--json"])
    assert r.exit_code == 0, r.output
    assert sorted(p.name for p in out.iterdir()) == ["game_length.png", "games.csv", "summary.json", "win_rates.png"]


def invalid(option: str, rule: str, value: object) -> str:
    """A usage error as every number option words it: the option, its range, the value as typed."""
    return f"error: {option}: must be {rule}, got {value}"


SEEDS = f"a whole number from 0 to {2**63 - 1}"
GAMES = "a whole number from 1 to 1000000"
DELAY = "a number from 0 to 60"


@pytest.mark.parametrize(("args", "message"), [
    (["simulate", "--workers", "-1"], invalid("--workers", "a whole number from 0 to 1024", -1)),
    (["simulate", "--games", "0"], invalid("--games", GAMES, 0)),
    (["simulate", "--sweep", "--nemesis", ","], "--nemesis: name at least one, got ','"),
    (["simulate", "--sweep", "--mages", ";"], "--mages: name at least one, got ';'"),
    (["simulate", "--sweep", "--market", " ; "], "--market: name at least one"),
    (["fuzz", "--workers", "0"], invalid("--workers", "a whole number from 1 to 1024", 0)),
    (["fuzz", "--games", "0"], invalid("--games", GAMES, 0)),
    (["fuzz", "--seconds", "nan"], invalid("--seconds", "a number from 1 to 604800", "nan")),
    (["fuzz", "--seconds", "inf"], invalid("--seconds", "a number from 1 to 604800", "inf")),
    (["fuzz", "--seconds", "-3"], invalid("--seconds", "a number from 1 to 604800", -3)),
    (["bench", "--games", "0"], invalid("--games", GAMES, 0)),
    (["bench", "--ismcts-states", "0"], invalid("--ismcts-states", "a whole number from 1 to 1000", 0)),
    (["play", "--seed", "-1"], invalid("--seed", SEEDS, -1)),
    (["play", "--seed", str(2**63)], invalid("--seed", SEEDS, 2**63)),
    (["play", "--seed", "1.5"], invalid("--seed", SEEDS, 1.5)),
    (["play", "--seed", "lots"], invalid("--seed", SEEDS, "lots")),
    (["simulate", "--seed", str(2**64)], invalid("--seed", SEEDS, 2**64)),
    (["fuzz", "--seed", str(2**64)], invalid("--seed", SEEDS, 2**64)),
    (["expedition", "simulate", "--seed", str(2**64)], invalid("--seed", SEEDS, 2**64)),
    (["expedition", "new", "--players", "2", "--seed", "-1"], invalid("--seed", SEEDS, -1)),
    (["play", "--bot-delay", "inf"], invalid("--bot-delay", DELAY, "inf")),
    (["play", "--bot-delay", "nan"], invalid("--bot-delay", DELAY, "nan")),
    (["play", "--bot-delay", "-0.5"], invalid("--bot-delay", DELAY, -0.5)),
    (["play", "--bot-delay", "1e400"], invalid("--bot-delay", DELAY, "1e400")),
    (["serve", "--bot-delay", "inf"], invalid("--bot-delay", DELAY, "inf")),
    (["expedition", "play", "x", "--bot-delay", "61"], invalid("--bot-delay", DELAY, 61)),
    (["play", "--human", "1", "--human", "5"], invalid("--human", "a whole number from 1 to 4", 5)),
    (["replay", "game.json", "--web", "--port", "70000"], invalid("--port", "a whole number from 1 to 65535", 70000)),
    (["replay", "game.json", "--web", "--port", "0"], invalid("--port", "a whole number from 1 to 65535", 0)),
])
def test_counts_and_seeds_out_of_range_are_refused(no_games: None, serving: dict[str, Any], args: list[str],
                                                   message: str) -> None:
    refused(runner.invoke(app, args, env={"COLUMNS": "300"}), message)
    assert serving == {}  # no server started


def _number_options() -> list[tuple[tuple[str, ...], str, type]]:
    """Every option of every command that takes a number (or numbers), read from the Typer
    app itself, so an option added later is walked too: (command, option, int or float)."""
    import typer.main

    found: list[tuple[tuple[str, ...], str, type]] = []

    def walk(command: Any, path: tuple[str, ...]) -> None:
        for name, sub in sorted(getattr(command, "commands", {}).items()):
            walk(sub, (*path, name))
        for p in command.params:
            kind = getattr(getattr(p, "type_descriptor", None), "annotation", None)
            kind = get_args(kind)[0] if get_origin(kind) is list else kind
            if isinstance(kind, type) and issubclass(kind, numbers.Number) and kind is not bool:
                found.append((path, p.opts[0], kind))

    walk(typer.main.get_command(app), ())
    return found


NUMBER_OPTIONS = _number_options()


def test_the_walk_finds_the_number_options_of_every_command() -> None:
    names = {(" ".join(path), option) for path, option, _ in NUMBER_OPTIONS}
    assert {("replay", "--port"), ("serve", "--port"), ("play", "--bot-delay"), ("play", "--human"),
            ("fuzz", "--seconds"), ("simulate", "--seed"), ("expedition new", "--seed"),
            ("expedition simulate", "--seed"), ("serve", "--max-body"), ("treasures", "--tier")} <= names
    assert len(names) == len(NUMBER_OPTIONS) >= 35


@pytest.mark.parametrize(("path", "option", "kind"), NUMBER_OPTIONS,
                         ids=[" ".join((*p, o)) for p, o, _ in NUMBER_OPTIONS])
@pytest.mark.parametrize("value", ["inf", "nan", "-1", str(2**64)])
def test_every_number_option_refuses_a_value_outside_its_meaning(
        no_games: None, serving: dict[str, Any], path: tuple[str, ...], option: str, kind: type,
        value: str) -> None:
    """Not finite, below every range (no count, seed, port or delay is negative), or past any
    sane bound: a usage error naming the option and the value as typed, and nothing run."""
    r = runner.invoke(app, [*path, option, value], env={"COLUMNS": "300"})
    refused(r, f"error: {option}: must be {'a whole number' if kind is int else 'a number'}")
    assert f", got {value} " in " ".join(r.output.split()), r.output
    assert serving == {}


def test_the_ends_of_a_range_are_taken() -> None:
    for tier in (1, 3):
        r = runner.invoke(app, ["treasures", "--tier", str(tier), "--json"])
        assert r.exit_code == 0 and {t["tier"] for t in json.loads(r.stdout)} == {tier}, r.output
    r = runner.invoke(app, ["play", "--seed", str(2**63 - 1), "--bot-delay", "60", "--json"])
    assert r.exit_code == 0 and json.loads(r.stdout)["seed"] == 2**63 - 1, r.output


def test_play_refuses_a_record_path_it_could_not_write_before_playing(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from gravehold.table import Table

    monkeypatch.setattr(Table, "play", lambda *a, **k: pytest.fail("a game was played"))
    refused(runner.invoke(app, ["play", "--quiet", "--record", str(tmp_path)]),
            f"--record {tmp_path}: is a folder; name a file")
    refused(runner.invoke(app, ["play", "--quiet", "--record", str(tmp_path / "no" / "game.json")]),
            f"--record {tmp_path / 'no' / 'game.json'}: the folder {tmp_path / 'no'} does not exist")


def test_a_name_that_looks_like_markup_is_printed_as_typed() -> None:
    refused(runner.invoke(app, ["play", "--mages", "[/x]", "--json"]), "unknown mage '[/x]'")
    refused(runner.invoke(app, ["play", "--mages", "[bold]Brama", "--json"]), "unknown mage '[bold]Brama'")


# ------------------------------------------------------------------ boxes

@pytest.mark.parametrize("args", [
    ["cards", "--box", "XX"], ["mages", "--box", "XX"], ["nemeses", "--box", "XX"],
    ["nemeses", "--cards", "Rageborne", "--box", "XX"],
    ["play", "--boxes", "XX", "--market", "random"], ["play", "--boxes", "AE,XX"], ["play", "--basics", "XX"],
])
def test_every_box_option_refuses_an_unknown_box_naming_the_boxes(args: list[str]) -> None:
    r = runner.invoke(app, [*args, "--json"] if args[0] == "play" else args)
    refused(r, "unknown box 'XX'")
    assert "Valid box names: AE, LOG, NA, O, WE" in " ".join(r.output.split()) and "shown" not in r.output


@pytest.mark.parametrize("command", [["play", "--json"], ["simulate", "--games", "1"]])
def test_city_option_refuses_an_unknown_city_naming_the_cities(command: list[str]) -> None:
    refused(runner.invoke(app, [*command, "--city", "Nowhere"]), "unknown city 'Nowhere'; use one of Azer, Gravehold")


def test_city_option_draws_random_mages_and_market_for_that_city() -> None:
    r = runner.invoke(app, ["play", "--mages", "random,random", "--boxes", "AE,LOG", "--market", "random",
                            "--city", "gravehold", "--seed", "4", "--json", "--quiet"])
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["simulate", "--mages", "random,random", "--boxes", "AE,LOG", "--market", "random",
                            "--city", "Gravehold", "--games", "2", "--json"])
    assert r.exit_code == 0 and "of Gravehold" in r.output, r.output


def test_boxes_must_name_at_least_one_box() -> None:
    refused(runner.invoke(app, ["play", "--boxes", ",", "--json"]), "name at least one box, got ','")


def test_box_names_are_read_case_insensitively_by_id_or_name() -> None:
    r = runner.invoke(app, ["play", "--boxes", "we,Aeon's End", "--mages", "random", "--market", "random",
                            "--json"])
    assert r.exit_code == 0, r.output


# ------------------------------------------------------------------ names

@pytest.mark.parametrize(("args", "suggestion"), [
    (["--mages", "Brma"], "Brama"), (["--mages", "brama,Msit"], "Mist"), (["--mages", "yan magd"], "Yan Magda"),
    (["--nemesis", "Rageborn"], "Rageborne"), (["--nemesis", "gate"], "Gate Witch"),
    (["--bots", "randum"], "random"), (["--ruleset", "wee"], "we"),
])
def test_a_near_miss_suggests_the_name(args: list[str], suggestion: str) -> None:
    refused(runner.invoke(app, ["play", *args, "--json"]), f"Did you mean: {suggestion}?")


@pytest.mark.parametrize("args", [
    ["--mages", "Gandalf"], ["--nemesis", "Dragon"], ["--nemesis", "Smaug"], ["--bots", "gandalf"],
    ["--market", "Wizardry"],
])
def test_a_far_name_gets_no_suggestion_only_the_list(args: list[str]) -> None:
    r = runner.invoke(app, ["play", *args, "--json"])
    refused(r, f"unknown {args[0][2:].rstrip('s').replace('bot', 'agent')}")
    assert "Did you mean" not in r.output and "Valid" in r.output


def test_close_names_ranks_near_misses_and_drops_far_ones() -> None:
    from gravehold.content import registry
    from gravehold.errors import close_names

    mages = list(registry.MAGES)
    assert close_names("Brma", mages) == ["Brama"]
    assert close_names("KADIR", mages) == ["Kadir", "Kadir (LOG)"]  # the exact name first
    assert close_names("Gandalf", mages) == [] and close_names("", mages) == []
    assert close_names("Umbra", registry.NEMESES) == ["Umbra Titan"]  # the start of a word
    assert close_names("Dragon", registry.NEMESES) == []


# ------------------------------------------------------------------ serve

@pytest.fixture
def serving(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """``uvicorn.run`` recorded, not run: what the server would have been started with."""
    import uvicorn

    seen: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda asgi, **kw: seen.update(app=asgi, **kw))
    return seen


@pytest.mark.parametrize(("db", "message"), [
    ("notaurl", "--db 'notaurl': not a database URL"),
    ("nosuch://host/db", "unknown database kind 'nosuch'"),
    ("sqlite:////no/such/folder/games.db", "the folder /no/such/folder does not exist"),
    ("mysql://user:secret@host/db", "--db mysql://user:***@host/db: the mysql driver is not installed"),
])
def test_serve_refuses_a_bad_database_before_the_banner(serving: dict[str, Any], db: str, message: str) -> None:
    r = runner.invoke(app, ["serve", "--db", db])
    refused(r, message)
    assert "gravehold on" not in r.output and "secret" not in r.output and serving == {}


def test_serve_refuses_a_database_that_will_not_open(serving: dict[str, Any], tmp_path: Path) -> None:
    r = runner.invoke(app, ["serve", "--db", f"sqlite:///{tmp_path}"])  # a folder, not a file
    refused(r, f"--db sqlite:///{tmp_path}: cannot open the database: unable to open database file")
    assert serving == {}


@pytest.mark.parametrize("port", ["0", "65536", "-5", "http"])
def test_serve_refuses_a_port_outside_1_to_65535(serving: dict[str, Any], tmp_path: Path, port: str) -> None:
    r = runner.invoke(app, ["serve", "--db", f"sqlite:///{tmp_path / 'g.db'}", "--port", port])
    refused(r, "--port")
    assert serving == {}


def test_serve_refuses_a_port_in_use_before_the_banner(serving: dict[str, Any], tmp_path: Path) -> None:
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        r = runner.invoke(app, ["serve", "--db", f"sqlite:///{tmp_path / 'g.db'}", "--port", str(port)])
    refused(r, f"--port {port}: already in use on 127.0.0.1")
    assert "gravehold on" not in r.output and serving == {}


def test_serve_refuses_an_address_it_cannot_listen_on(serving: dict[str, Any], tmp_path: Path) -> None:
    r = runner.invoke(app, ["serve", "--db", f"sqlite:///{tmp_path / 'g.db'}", "--host", "no-such-host.invalid"])
    refused(r, "--host no-such-host.invalid: not an address this machine can listen on")
    assert serving == {}


def test_serve_starts_after_its_checks_printing_its_address(serving: dict[str, Any], tmp_path: Path) -> None:
    from webserver import free_port

    db = tmp_path / "g.db"
    port = free_port()
    r = runner.invoke(app, ["serve", "--db", f"sqlite:///{db}", "--port", str(port)])
    assert r.exit_code == 0, r.output
    assert r.output == f"gravehold on http://127.0.0.1:{port}/  (database: sqlite:///{db})\n"
    assert serving["port"] == port and serving["host"] == "127.0.0.1" and serving["proxy_headers"] is False
    assert serving["app"].state.trusted_proxies == ()  # no proxy named: none believed
    assert db.exists()
    from gravehold.cli.serve import address, shown_url

    assert shown_url("postgresql+psycopg://me:pw@db.example/g") == "postgresql+psycopg://me:***@db.example/g"
    assert address("::1", 8000) == "http://[::1]:8000/"


@pytest.mark.parametrize("port", ["0", "70000", "-1"])
def test_replay_web_refuses_a_port_outside_1_to_65535_before_serving(serving: dict[str, Any], tmp_path: Path,
                                                                   port: str) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(_record(tmp_path)))
    r = runner.invoke(app, ["replay", str(path), "--web", "--no-open", "--port", port], env={"COLUMNS": "300"})
    refused(r, invalid("--port", "a whole number from 1 to 65535", port))
    assert "replay of" not in r.output and serving == {}


def test_replay_web_refuses_a_port_in_use_before_printing_its_address(serving: dict[str, Any],
                                                                     tmp_path: Path) -> None:
    import socket

    path = tmp_path / "game.json"
    path.write_text(json.dumps(_record(tmp_path)))
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        r = runner.invoke(app, ["replay", str(path), "--web", "--no-open", "--db", f"sqlite:///{tmp_path / 'r.db'}",
                                "--port", str(port)])
    refused(r, f"--port {port}: already in use on 127.0.0.1")
    assert "replay of" not in r.output and serving == {}


def test_replay_web_serves_on_the_port_it_prints_believing_no_proxy(serving: dict[str, Any], tmp_path: Path) -> None:
    from webserver import free_port

    path = tmp_path / "game.json"
    path.write_text(json.dumps(_record(tmp_path)))
    port = free_port()
    r = runner.invoke(app, ["replay", str(path), "--web", "--no-open", "--db", f"sqlite:///{tmp_path / 'r.db'}",
                            "--port", str(port)])
    assert r.exit_code == 0, r.output
    assert f" on http://127.0.0.1:{port}/replay/" in r.output
    assert serving["port"] == port and serving["host"] == "127.0.0.1" and serving["proxy_headers"] is False
    assert serving["app"].state.trusted_proxies == ()


@pytest.mark.parametrize(("db", "message"), [
    ("notaurl", "--db 'notaurl': not a database URL"),
    ("sqlite:////no/such/folder/games.db", "the folder /no/such/folder does not exist"),
])
def test_replay_web_refuses_a_bad_database_in_one_line(serving: dict[str, Any], tmp_path: Path, db: str,
                                                        message: str) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(_record(tmp_path)))
    r = runner.invoke(app, ["replay", str(path), "--web", "--no-open", "--db", db])
    refused(r, message)
    assert "replay of" not in r.output and serving == {}


def test_S_8_a_bad_hand_picked_market_is_one_readable_sentence() -> None:
    """Only supply cards are offered as valid (no starter, no corruption), and no Python dict shows."""
    r = runner.invoke(app, ["play", "--quiet", "--market",
                            "Jade,Crystal,Bloodstone Jewel,Diamond Cluster,Dark Fire,Blasting Staff,Arcane Nexus,"
                            "Kindle,Ignitee"])
    out = " ".join(r.output.split())
    assert r.exit_code == 2, r.output
    assert out == ("error: the hand-picked market needs 9 different supply cards, 3 gems, 2 relics and 4 spells: "
                   "Crystal is a starting card, never a supply card; 'Ignitee' is no supply card (did you "
                   "mean Ignite?). List the supply cards with `gravehold cards`."), r.output


def test_simulate_refuses_a_base_seed_whose_game_seeds_no_record_holds(no_games: None) -> None:
    """Game k of a run plays seed × 1000003 + k: past 2^63 − 1 its record could not be read
    back, so the run is refused before any game, naming the largest base seed that fits."""
    most = (2**63 - 1 - 1) // 1_000_003
    r = runner.invoke(app, ["simulate", "--games", "2", "--seed", str(most + 1)])
    refused(r, f"--seed: {most + 1} is too large for 2 games; game k plays seed × 1000003 + k, which a record "
               f"holds only up to 2^63 − 1 (so at most {most:,})")
    from gravehold.sim.run import check_seeds, game_seed

    check_seeds(most, 2)  # the largest that fits: its last game's seed is a record's largest
    assert game_seed(most, 1) <= 2**63 - 1 < game_seed(most + 1, 1)


def test_a_usage_mistake_is_one_error_line_like_any_other() -> None:
    """Typer's boxed "Invalid value" panel is not shown: the option, what is wrong, the value
    as typed and where the help is, on one ``error:`` line, exit 2."""
    r = runner.invoke(app, ["play", "--seed", "abc"], env={"COLUMNS": "300"})
    assert r.exit_code == 2
    line = r.output.strip()
    assert "\n" not in line and line.endswith(" play --help`)"), line  # the program's name as it was run
    assert line.startswith(f"error: --seed: must be a whole number from 0 to {2**63 - 1}, got abc (see `")
    r = runner.invoke(app, ["expedition", "simulate", "--no-such-option"], env={"COLUMNS": "300"})
    assert r.exit_code == 2 and r.output.startswith("error: No such option: --no-such-option")
    assert "╭" not in r.output and "Usage:" not in r.output


def test_expedition_import_of_a_game_record_or_a_saved_game_says_what_the_file_is(tmp_path: Path) -> None:
    from gravehold.engine.game import Game

    db = f"sqlite:///{tmp_path / 'x.db'}"
    record = tmp_path / "game.json"
    record.write_text(json.dumps(_record(tmp_path)))
    saved = tmp_path / "saved.json"
    saved.write_text(Game.new(mages=["Brama"], seed=1).to_json())
    r = runner.invoke(app, ["expedition", "import", str(record), "--db", db])
    refused(r, f"error: {record} is a game record (what `gravehold play --record` writes), not an expedition "
               f"export; replay it with `gravehold replay {record}` (add --web to watch it in the browser)")
    r = runner.invoke(app, ["expedition", "import", str(saved), "--db", db])
    refused(r, f"error: {saved} is one game's saved state, not an expedition export; a game is resumed from the "
               "server that saved it (`gravehold serve`)")
    assert runner.invoke(app, ["expedition", "list", "--json", "--db", db]).stdout.strip() == "[]"


RULE_ID = re.compile(r"\b(?:X|XS|S|SO|K|P|N|C|G|E|T)-\d+\b")


def test_error_messages_a_player_reads_say_the_rule_in_words_not_by_id(tmp_path: Path) -> None:
    """Rule ids stay in the docs and the code; a refusal says the rule itself."""
    from gravehold.engine.game import Game
    from gravehold.errors import IllegalAction

    db = f"sqlite:///{tmp_path / 'x.db'}"
    new = runner.invoke(app, ["expedition", "new", "--players", "1", "--seed", "3", "--json", "--db", db])
    eid = json.loads(new.stdout)["id"]
    said = []
    for args in (["play", "--quiet", "--market", "Crystal,Jade,Bloodstone Jewel,Diamond Cluster,Dark Fire,"
                  "Blasting Staff,Arcane Nexus,Kindle,Ignite"],
                 ["expedition", "battle", eid, "--mages", "Brama", "--auto", "--db", db],
                 ["expedition", "battle", eid, "--supply", "Jade,Jade,Jade,Jade,Jade,Jade,Jade,Jade,Jade",
                  "--auto", "--db", db],
                 ["expedition", "support", eid, "gem", "--db", db]):
        r = runner.invoke(app, args)
        assert r.exit_code == 2 and r.output.startswith("error: "), (args, r.output)
        said.append(r.output)
    g = Game.new(mages=["Brama"], seed=1)
    with pytest.raises(IllegalAction) as e:
        g.apply(("focus", 9))
    assert e.value.rule is not None  # the id is kept for developers
    said.append(str(e.value))
    assert [RULE_ID.findall(s) for s in said] == [[]] * len(said), said
