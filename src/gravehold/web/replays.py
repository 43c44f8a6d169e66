"""Replays: a finished game of the database, or an uploaded record, stepped through.

A replay is a setup and its list of actions. Step ``k`` is the game after its first
``k`` actions (step 0: the first decision), shown as a spectator sees it, with the log
up to there. Each step is computed on the server by replaying the actions from the
setup, which takes milliseconds even for a long game, so nothing but the action list
is kept. An uploaded record is checked the way ``gravehold replay`` checks it, and every
refusal names the field at fault (``record: steps[12].action: ...``).
"""

from __future__ import annotations

import json
import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass

from ..campaigns.battle import CONCEDED, concede
from ..content.text import in_panel, panels
from ..engine.decisions import describe
from ..engine.game import Game
from ..engine.shapes import Doc
from ..engine.state import Action
from ..errors import GraveholdError, IllegalAction
from ..events_text import event_text, phase_text
from ..record import parse_record, record_config, step_action
from ..storage.saves import Store
from .forms import Refused, clip
from .summary import end_summary, source_card
from .texts import game_title

#: The log lines a step sends (the board shows the latest ones, as a live game does).
LOG_LINES = 120
#: An uploaded record's id starts with this, a game's id never does (it is hex).
FILE = "f-"


@dataclass
class Replay:
    """What a replay needs: where it comes from, the setup, the actions, who sat where,
    and, found once on the way through, the first step of every turn and the outcome."""

    ref: str
    title: str
    config: Doc
    actions: list[Action]
    seats: list[Doc]
    turns: list[dict[str, int]]
    summary: Doc | None
    #: an expedition's battle given up (``campaigns.battle.concede``): it ended after its last action, by none
    conceded: bool = False
    #: each seat's link token (a stored game's; a record file has none): a seat's own link
    #: replays the game with that seat's hand shown, as it was in play
    tokens: tuple[str | None, ...] = ()
    spectator: str | None = None

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose link ``token`` is (None: no token or the spectators' one, every
        hand hidden); a token of no link of this game is refused, as the board refuses it."""
        if token is None or token == "" or token == self.spectator:
            return None
        if token in self.tokens:
            return self.tokens.index(token)
        raise Refused(403, "t: this link does not belong to this game; the replay without it shows no hand")

    @classmethod
    def walk(cls, ref: str, config: Doc, actions: list[Action], seats: list[Doc] | None,
             digests: list[str | None] | None = None, where: str = "record", conceded: bool = False) -> Replay:
        """Replay every action once: to check them (illegal, past the end, or not what was
        recorded: a 422 naming the step) and to note where each turn starts. ``conceded``:
        the game was given up after its last action, so its last step shows that end."""
        try:
            g = Game.from_config(config)
        except GraveholdError as e:
            raise Refused(422, f"{where}: config: {e}") from None
        turns = [{"turn": g.state.turn, "step": 0}]
        for i, a in enumerate(actions):
            if g.over:
                raise Refused(422, f"{where}: steps[{i}]: the game is already over here, but the record goes on")
            try:
                g.apply(a)
            except IllegalAction as e:
                raise Refused(422, f"{where}: steps[{i}].action: {clip(json.dumps(list(a)), 80)} is illegal "
                                   f"here: {e}") from None
            want = digests[i] if digests else None
            if want is not None and want != g.digest():
                raise Refused(422, f"{where}: steps[{i}].digest: the state after this step is not the recorded "
                                   "one (a record of another engine version?)")
            if g.state.turn != turns[-1]["turn"]:
                turns.append({"turn": g.state.turn, "step": i + 1})
        conceded = conceded and not g.over
        if conceded:
            concede(g)
        if seats is None:
            seats = [{"kind": "bot", "agent": "recorded"} for _ in g.state.players]
        return cls(ref, game_title(g), config, actions, seats, turns, end_summary(g) if g.over else None, conceded)

    @property
    def steps(self) -> int:
        return len(self.actions)

    def index(self) -> Doc:
        """What the viewer needs before the first step: its size, its turns, its outcome."""
        return {"id": self.ref, "title": self.title, "steps": self.steps, "turns": self.turns,
                "seats": self.seats, "summary": self.summary, "file": self.ref.startswith(FILE)}

    def frame(self, step: int, seat: int | None = None) -> Doc:
        """Step ``step`` as a board frame (the shape ``Hub.payload`` sends) as ``seat`` saw
        it (None: a spectator, every hand hidden), with the action that led here, the one
        taken next, and how many log lines are new."""
        if not 0 <= step <= self.steps:
            raise Refused(404, f"step: this replay has steps 0 to {self.steps}, not {step}")
        g = Game.from_config(self.config)
        last = None
        before = 0
        for i, a in enumerate(self.actions[:step]):
            if i == step - 1:
                d = g.decision
                assert d is not None
                last = {"seat": d.seat, "label": describe(g.state, d, a)}
                before = len(g.events)
            g.apply(a)
        if self.conceded and step == self.steps:
            concede(g)
        lines, fresh = [], 0
        for k, e in enumerate(g.events):
            t = event_text(e)
            if t:
                lines.append(t)
                if step > 0 and k >= before:
                    fresh += 1
        d = g.decision
        nxt = None
        if step < self.steps and d is not None:
            nxt = {"seat": d.seat, "label": describe(g.state, d, self.actions[step])}
        v = g.view_for(seat)
        seats = [{**s, "mage": v["players"][i]["mage"]} for i, s in enumerate(self.seats)]
        return {
            "type": "state", "game": self.ref, "title": self.title, "seat": seat, "seq": g.state.seq, "view": v,
            "panels": [{"title": t, "text": x} for t, x in panels(v)],  # as the live board's (payload.py)
            "in_panels": [k for k in v["nemesis"]["tokens"] if in_panel(k)],
            "phase": phase_text(v["phase"]), "options": [], "your_turn": False, "log": lines[-LOG_LINES:],
            "fresh": min(fresh, LOG_LINES),
            "can_undo": False, "seats": seats, "tier": g.engine.tier(), "over": g.over, "result": g.result,
            "reason": g.reason, "source": source_card(d.source, g.state.nemesis.id) if d and not g.over else None,
            "summary": self.summary if g.over else None, "rematch": {},
            "step": step, "steps": self.steps, "turn": g.state.turn, "last": last, "next": nxt,
        }


class Replays:
    """Replays by reference: games of the database (checked once, when first asked for,
    the latest ``keep`` of them held) and uploaded records (in memory only: the latest
    ``keep_files`` of them, until the server stops). Requests use it from worker threads
    (a replay is computed off the event loop), so its two tables are held under a lock."""

    def __init__(self, store: Store, keep: int = 16, keep_files: int = 32) -> None:
        self.store = store
        self.games: OrderedDict[str, Replay] = OrderedDict()
        self.files: OrderedDict[str, Replay] = OrderedDict()
        self.limit = {"games": keep, "files": keep_files}
        self.lock = threading.Lock()

    def get(self, ref: str) -> Replay:
        is_file = ref.startswith(FILE)
        with self.lock:
            held = self.files if is_file else self.games
            r = held.get(ref)
            if r is not None:
                held.move_to_end(ref)
                return r
        if is_file:
            raise Refused(404, "this uploaded replay is gone (the server keeps the latest ones only, "
                               "until it restarts): upload the record again")
        r = self._from_store(ref)  # outside the lock: it replays the whole game
        self._put("games", r)
        return r

    def _from_store(self, gid: str) -> Replay:
        if len(gid) > 32:
            raise Refused(404, "no such game")
        try:
            row = self.store.get(gid)
        except GraveholdError:
            raise Refused(404, f"no game {gid!r}") from None
        if row.status != "finished":
            raise Refused(409, "this game is not over yet: a replay opens once it has ended")
        acts = [step_action({"action": json.loads(a.action)}) for a in self.store.actions(gid)]
        stored = json.loads(row.seats)
        seats = [{"kind": s["kind"], "agent": s.get("agent")} for s in stored]
        r = Replay.walk(gid, json.loads(row.config), acts, seats, where=f"game {gid}",
                        conceded=row.reason == CONCEDED)
        r.tokens, r.spectator = tuple(s.get("token") for s in stored), row.spectator
        return r

    def upload(self, raw: bytes) -> Replay:
        """A record file's bytes: parsed, checked step by step, and kept under a new id."""
        try:
            data = parse_record(raw, "record")
        except GraveholdError as e:
            raise Refused(422, str(e)) from None
        steps = data["steps"]
        digests = [s.get("digest") if isinstance(s.get("digest"), str) else None for s in steps]
        r = Replay.walk(FILE + secrets.token_urlsafe(9), record_config(data), [step_action(s) for s in steps],
                        None, digests)
        self._put("files", r)
        return r

    def _put(self, which: str, r: Replay) -> None:
        with self.lock:
            held = self.files if which == "files" else self.games
            held[r.ref] = r
            while len(held) > self.limit[which]:
                held.popitem(last=False)
