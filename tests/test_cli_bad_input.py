"""Bad input to `replay` and the CLI: a clear message naming what is wrong, exit 2, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

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
    "no mages": ({"mages": ...}, "config.mages: is missing"),
    "int mage": ({"mages": [3, "Mist"]}, "config.mages: must list 1 to 4 mage names"),
    "int nemesis": ({"nemesis": 7}, "config.nemesis: must be a string, got 7"),
    "int market": ({"market": 5}, "config.market: must be a string or a list, got 5"),
    "int ruleset": ({"ruleset": 5}, "config.ruleset: must be a string or an object, got 5"),
    "string seed": ({"seed": "x"}, "config.seed: must be an integer"),
    "float seed": ({"seed": 1.5}, "config.seed: must be an integer"),
    "null seed": ({"seed": None}, "config.seed: must be an integer"),
    "bool seed": ({"seed": True}, "config.seed: must be an integer"),
    "huge seed": ({"seed": 10**30}, "config.seed: must be from 0 to 2**63 - 1"),
    "huge integer": (b'{"format": "gravehold-record/1", "x": ' + b"9" * 5000 + b"}", "is not valid JSON"),
    "deep nesting": (b"[" * 100_000 + b"]" * 100_000, "is nested too deeply"),
    "infinity": (b'{"format": "gravehold-record/1", "x": Infinity}', "holds Infinity"),
    "nan": (b'{"format": "gravehold-record/1", "x": NaN}', "holds NaN"),
    "unknown mage": ({"mages": ["Bramma", "Mist"]}, "unknown mage 'Bramma'"),
    "bad ruleset value": ({"ruleset": {"preset": "we", "empty_deck_unleashes": 9}}, "empty_deck_unleashes"),
    "float ruleset value": ({"ruleset": {"preset": "we", "solo_player_life": 12.0}}, "solo_player_life"),
    "string for a yes/no": ({"ruleset": {"preset": "we", "tutorial_discard": "no"}}, "tutorial_discard"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_replay_refuses_a_bad_record_by_name_without_a_traceback(tmp_path: Path, case: str) -> None:
    change, message = CASES[case]
    content = change if isinstance(change, bytes) else _cfg(_record(tmp_path), **change)
    r = _replay(tmp_path, content)
    assert r.exit_code == 2, r.output
    assert message in r.output and "Traceback" not in r.output
    assert r.exception is None or isinstance(r.exception, SystemExit)


def test_simulate_refuses_an_agent_option_of_the_wrong_type_or_name() -> None:
    r = runner.invoke(app, ["simulate", "--agent", "ismcts", "--agent-option", "iterations=lots", "--games", "1"])
    assert r.exit_code == 2 and "option iterations must be int, got 'lots'" in r.output
    r = runner.invoke(app, ["simulate", "--agent", "ismcts", "--agent-option", "iteration=3", "--games", "1"])
    assert r.exit_code == 2 and "Did you mean: iterations?" in r.output


def test_simulate_out_naming_a_file_is_refused_and_the_file_kept(tmp_path: Path) -> None:
    f = tmp_path / "results.txt"
    f.write_text("keep me")
    r = runner.invoke(app, ["simulate", "--games", "1", "--out", str(f)])
    assert r.exit_code == 2 and "is a file; name a folder" in r.output
    assert f.read_text() == "keep me"


def test_S_8_a_bad_hand_picked_market_is_one_readable_sentence() -> None:
    """Only supply cards are offered as valid (no starter, no corruption), and no Python dict shows."""
    r = runner.invoke(app, ["play", "--quiet", "--market",
                            "Jade,Crystal,Bloodstone Jewel,Diamond Cluster,Dark Fire,Blasting Staff,Arcane Nexus,"
                            "Kindle,Ignitee"])
    out = " ".join(r.output.split())
    assert r.exit_code == 2, r.output
    assert out == ("error: the hand-picked market needs 9 different supply cards, 3 gems, 2 relics and 4 spells: "
                   "Crystal is a starting card, never a supply card (S-2); 'Ignitee' is no supply card (did you "
                   "mean Ignite?). List the supply cards with `gravehold cards`."), r.output
