"""Play games with agents, record them, and replay records exactly (DESIGN: "Seeds").

A record is a JSON object::

    {"format": "gravehold-record/1", "engine": 1, "config": {...setup...},
     "steps": [{"action": [...], "digest": "..."}, ...], "summary": {...outcome...}}

``digest`` is a short hash of the whole state after the action, so a replay can name
the first step where it parts ways with the recording.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .agents import Agent
from .engine import campaign_setup, schema
from .engine.game import VERSION, Game
from .engine.shapes import Doc
from .engine.state import Action, tupled
from .errors import GraveholdError, IllegalAction, StateFormatError
from .table import Seat, Table

RECORD_FORMAT = "gravehold-record/1"


def play(g: Game, agents: list[Agent], record: bool = False,
         on_step: Callable[[Game, Action], None] | None = None,
         max_steps: int = 1_000_000) -> list[Doc]:
    """Drive a game to its end with one agent per seat (a :class:`~gravehold.table.Table`
    of bots); returns the recorded steps."""
    table = Table(g, [Seat("bot", a.name) for a in agents], dict(enumerate(agents)),
                  record=record, undo=False)
    table.play(max_steps=max_steps, on_step=on_step)
    if not g.over:
        raise GraveholdError(f"game did not end within {max_steps} decisions")
    return table.steps


def make_record(g0_config: Doc, steps: list[Doc], g: Game) -> Doc:
    return {"format": RECORD_FORMAT, "engine": VERSION, "config": g0_config, "steps": steps,
            "summary": g.summary()}


def setup_config(g: Game) -> Doc:
    """The config keys that rebuild this game's setup with Game.from_config."""
    c = g.state.config
    rs = dict(c.get("ruleset", {}))
    req = c.get("request", c)  # what was asked for ("random" seats replay the same draws)
    out = {"mages": req["mages"], "nemesis": req["nemesis"], "market": req["market"],
           "difficulty": c["difficulty"], "ruleset": rs, "seed": c["seed"],
           "four_player_variant": c.get("four_player_variant", False), "basics": c.get("basics"),
           "boxes": c.get("boxes")}
    if c.get("human_seats"):  # their main phase waits for them: a replay must ask the same decisions
        out["human_seats"] = list(c["human_seats"])
    if c.get("upgraded"):  # S-10: the upgraded basic cards the setup put in
        out["upgraded"] = list(c["upgraded"])
    if req.get("treasures"):  # part of the setup
        out["treasures"] = req["treasures"]
    if c.get("prebuilt_deck"):  # XS-3
        out["prebuilt_deck"] = True
    if c.get("campaign"):  # C-16: a campaign battle
        out["campaign"] = True
    if c.get("marked"):  # K-9: the marked copies each seat started with
        out["marked"] = [list(m) for m in c["marked"]]
    if c.get("city"):  # the city random mages and a random market were drawn for
        out["city"] = c["city"]
    out.update(campaign_setup.saved(c))  # C-4 … C-17: a campaign battle's setup hooks
    return out


def check_config(cfg: Doc, where: str) -> None:
    """A record's setup, refused naming the field when it cannot describe a game (the
    schema's :class:`~gravehold.engine.schema.SetupDoc`; names are checked by the setup)."""
    schema.convert(cfg, schema.SetupDoc, where)


def load_record(path: Path) -> Doc:
    try:
        raw = path.read_bytes()
    except OSError as e:
        raise StateFormatError(str(path), f"cannot be read ({e.strerror})") from None
    return parse_record(raw, str(path))


def parse_record(raw: bytes | str, where: str) -> Doc:
    """A record from its bytes (a file, an upload); every fault is a StateFormatError
    naming the field, prefixed by ``where`` (a path, or ``"record"`` for an upload)."""
    if isinstance(raw, bytes):
        try:
            raw.decode("utf-8")
        except UnicodeDecodeError:
            raise StateFormatError(where, "is not UTF-8 text") from None
    doc = schema.decode(raw, schema.RecordDoc, f"{where}: ", max_depth=schema.MAX_DEPTH)
    data: Doc = schema.to_builtins(doc)
    data.setdefault("summary", {})
    return data


def record_config(data: Doc) -> Doc:
    """The setup a record's game is rebuilt from (``Game.from_config``): a ruleset given
    as options alone is read on top of the War Eternal preset, as it was recorded."""
    cfg = dict(data["config"])
    rs = cfg.get("ruleset")
    if isinstance(rs, dict) and "preset" not in rs:
        cfg["ruleset"] = {"preset": "we", **rs}
    return cfg


def step_action(step: Doc) -> Action:
    """A recorded step's action as the engine lists it (tuples, not JSON lists)."""
    return tuple(tupled(a) for a in step["action"])


@dataclass
class ReplayResult:
    game: Game
    ok: bool
    message: str


def replay(data: Doc) -> ReplayResult:
    """Re-run a record; stop at the first step whose state or legality differs."""
    g = Game.from_config(record_config(data))
    for i, s in enumerate(data["steps"]):
        action = step_action(s)
        if g.over:
            return ReplayResult(g, False, f"step {i + 1}: the game is already over, but the record goes on")
        try:
            g.apply(action)
        except IllegalAction as e:
            return ReplayResult(g, False, f"step {i + 1}: action {s['action']} is illegal here: {e}")
        if "digest" in s and s["digest"] != g.digest():
            return ReplayResult(g, False, f"step {i + 1}: state after action {s['action']} differs from the record")
    if not g.over:
        return ReplayResult(g, False, f"the record ends after {len(data['steps'])} steps but the game is not over")
    summ = g.summary()
    for key, want in data["summary"].items():
        if summ.get(key) != want:
            return ReplayResult(g, False, f"outcome differs: {key} is {summ.get(key)!r}, record says {want!r}")
    return ReplayResult(g, True, "replay matches the record")
