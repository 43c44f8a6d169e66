"""Play games with agents, record them, and replay records exactly (DESIGN: "Seeds").

A record is a JSON object::

    {"format": "gravehold-record/1", "engine": 1, "config": {...setup...},
     "steps": [{"action": [...], "digest": "..."}, ...], "summary": {...outcome...}}

``digest`` is a short hash of the whole state after the action, so a replay can name
the first step where it parts ways with the recording.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .agents import Agent
from .engine.game import VERSION, Game
from .engine.state import Action
from .errors import GraveholdError, IllegalAction, StateFormatError

RECORD_FORMAT = "gravehold-record/1"


def digest(g: Game) -> str:
    return hashlib.sha1(g.to_json().encode()).hexdigest()[:16]


def play(g: Game, agents: list[Agent], record: bool = False,
         on_step: Callable[[Game, Action], None] | None = None,
         max_steps: int = 1_000_000) -> list[dict[str, Any]]:
    """Drive a game to its end with one agent per seat; returns the recorded steps."""
    steps: list[dict[str, Any]] = []
    n = 0
    while not g.over:
        d = g.decision
        assert d is not None
        seat = d.player if d.player >= 0 else 0
        agent = agents[seat]
        action = agent.choose(d, lambda seat=seat: g.view_for(seat))  # type: ignore[misc]
        g.apply(action)
        if record:
            steps.append({"action": list(action), "digest": digest(g)})
        if on_step is not None:
            on_step(g, action)
        n += 1
        if n >= max_steps:
            raise GraveholdError(f"game did not end within {max_steps} decisions")
    return steps


def make_record(g0_config: dict[str, Any], steps: list[dict[str, Any]], g: Game) -> dict[str, Any]:
    return {"format": RECORD_FORMAT, "engine": VERSION, "config": g0_config, "steps": steps,
            "summary": g.summary()}


def setup_config(g: Game) -> dict[str, Any]:
    """The config keys that rebuild this game's setup with Game.from_config."""
    c = g.state.config
    rs = dict(c.get("ruleset", {}))
    req = c.get("request", c)  # what was asked for ("random" seats replay the same draws)
    return {"mages": req["mages"], "nemesis": req["nemesis"], "market": req["market"],
            "difficulty": c["difficulty"], "ruleset": rs, "seed": c["seed"],
            "four_player_variant": c.get("four_player_variant", False), "basics": c.get("basics"),
            "boxes": c.get("boxes")}


def load_record(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text()
    except OSError as e:
        raise StateFormatError(str(path), f"cannot be read ({e.strerror})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise StateFormatError(str(path), f"is not valid JSON ({e.msg} at line {e.lineno})") from None
    if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
        raise StateFormatError(f"{path}: format", f"expected {RECORD_FORMAT!r}")
    for key, typ in (("config", dict), ("steps", list), ("summary", dict)):
        if not isinstance(data.get(key), typ):
            raise StateFormatError(f"{path}: {key}", f"missing or not a {typ.__name__}")
    for i, s in enumerate(data["steps"]):
        if not isinstance(s, dict) or not isinstance(s.get("action"), list):
            raise StateFormatError(f"{path}: steps[{i}]", "must be an object with an action list")
    return data


@dataclass
class ReplayResult:
    game: Game
    ok: bool
    message: str


def replay(data: dict[str, Any]) -> ReplayResult:
    """Re-run a record; stop at the first step whose state or legality differs."""
    cfg = dict(data["config"])
    rs = cfg.get("ruleset")
    if isinstance(rs, dict) and "preset" not in rs:
        cfg["ruleset"] = {"preset": "we", **rs}
    g = Game.from_config(cfg)
    for i, s in enumerate(data["steps"]):
        action = tuple(_tupled(a) for a in s["action"])
        if g.over:
            return ReplayResult(g, False, f"step {i + 1}: the game is already over, but the record goes on")
        try:
            g.apply(action)
        except IllegalAction as e:
            return ReplayResult(g, False, f"step {i + 1}: action {s['action']} is illegal here: {e}")
        if "digest" in s and s["digest"] != digest(g):
            return ReplayResult(g, False, f"step {i + 1}: state after action {s['action']} differs from the record")
    if not g.over:
        return ReplayResult(g, False, f"the record ends after {len(data['steps'])} steps but the game is not over")
    summ = g.summary()
    for key, want in data["summary"].items():
        if summ.get(key) != want:
            return ReplayResult(g, False, f"outcome differs: {key} is {summ.get(key)!r}, record says {want!r}")
    return ReplayResult(g, True, "replay matches the record")


def _tupled(x: Any) -> Any:
    if isinstance(x, list):
        return tuple(_tupled(i) for i in x)
    return x
