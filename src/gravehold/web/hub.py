"""Live games in memory, in front of the store: seats, bots, and who may act.

One ``LiveGame`` per running game holds the :class:`Game`, an asyncio lock (actions on a
game are applied one at a time), the connected browsers, and the bots that fill seats.
Every action is checked (seat token, decision number, legality), applied, committed to
the database, and only then acknowledged and broadcast.

Broadcasting never waits on a socket: each socket has a bounded queue of frames that its
own task sends (:class:`Client`), and a socket whose queue is full is dropped (it
reconnects and gets a full snapshot). So a browser that stops reading holds up neither an
action's reply nor the bots. Games in memory are capped (:class:`~.limits.Limits`):
idle ones are evicted and reload from the database when next asked for.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
import weakref
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from ..agents import Agent, make_agent
from ..content import registry as content
from ..content.text import card_text, mat_text, nemesis_card_text, nemesis_text, treasure_text
from ..content.words import NAMES, game_words, resolve, say
from ..engine.decisions import describe
from ..engine.game import Game
from ..engine.keywords.exclusive_aether import PAYS_FOR
from ..engine.rng import fresh_seed
from ..engine.state import Action, tupled
from ..errors import GraveholdError, IllegalAction
from ..events_text import event_text
from ..expedition.steps import CONCEDED, concede
from ..record import setup_config
from ..storage.expeditions import ExpeditionStore, Stored
from ..storage.saves import Store
from ..undo import HUMAN, LastAction, reveals
from ..undo import can_undo as undo_rule
from .forms import MAX_ACTION, GameForm, Refused, clip, kind
from .limits import Limits
from .summary import end_summary, source_card, whole_log

__all__ = ["Client", "Hub", "LiveGame", "Refused", "content_texts", "game_title"]
#: How a rematch is seeded: the very same game again, or the same setup reshuffled.
REMATCH = ("same", "new")
log = logging.getLogger("gravehold.web")


def frame(message: dict[str, Any]) -> str:
    """One WebSocket text frame (as Starlette's ``send_json`` writes it)."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


@dataclass(eq=False)
class Client:
    """One open socket: its seat (-1 for a spectator), its address, and the frames waiting
    for it. ``dropped`` is set when it fell too far behind; its socket is then closed."""

    seat: int
    address: str
    queue: asyncio.Queue[str]
    dropped: asyncio.Event = field(default_factory=asyncio.Event)
    words: str = "classic"  # the wording its board speaks (``content.words``), resolved

    def offer(self, text: str) -> bool:
        """Queue a frame without waiting; False (and dropped) when the queue is full."""
        if self.dropped.is_set():
            return False
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.dropped.set()
            return False
        return True


@dataclass
class LiveGame:
    id: str
    game: Game
    seats: list[dict[str, Any]]
    spectator: str
    title: str
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    clients: set[Client] = field(default_factory=set)
    agents: dict[int, Agent] = field(default_factory=dict)
    bot_task: asyncio.Task[None] | None = None
    last: LastAction | None = None  # the latest stored action (see ``gravehold.undo``)
    log: list[str] = field(default_factory=list)  # rendered event lines so far
    logged: int = 0  # events already rendered into ``log``
    used: float = field(default_factory=time.monotonic)  # last asked for: the least recent goes first
    users: int = 0  # requests working on it now: it is not evicted under them
    summary: tuple[int, dict[str, Any]] | None = None  # (seq, end summary) once over
    rematches: dict[str, dict[str, Any]] = field(default_factory=dict)  # REMATCH mode -> its links, tokens
    expedition: str | None = None  # the expedition this game is a battle of (read when it is loaded)

    def log_lines(self) -> list[str]:
        events = self.game.events
        if self.logged > len(events):  # the game was rebuilt (undo): render again
            self.log, self.logged = [], 0
        for e in events[self.logged:]:
            t = event_text(e)
            if t:
                self.log.append(t)
        self.logged = len(events)
        if len(self.log) > 400:
            del self.log[:-200]
        return self.log[-120:]

    def busy(self) -> bool:
        """Someone is on it (a socket, a request, a bot): it must stay in memory."""
        return bool(self.clients) or self.users > 0 or self.lock.locked() or \
            (self.bot_task is not None and not self.bot_task.done())

    def seat_of(self, token: object) -> int | None:
        """The seat a token holds; -1 for the spectator link; None for nobody.

        Tokens are ASCII (``token_urlsafe``), and ``compare_digest`` refuses any other
        string with a TypeError, so anything else is simply nobody's token."""
        if not isinstance(token, str) or not token or not token.isascii():
            return None
        for i, s in enumerate(self.seats):
            if s.get("token") and secrets.compare_digest(s["token"], token):
                return i
        if secrets.compare_digest(self.spectator, token):
            return -1
        return None


class Hub:
    def __init__(self, store: Store, bot_delay: float = 0.6, limits: Limits | None = None) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.limits = limits or Limits()
        self.live: dict[str, LiveGame] = {}
        self.sockets: dict[str, int] = {}  # open sockets by client address
        self._loading = asyncio.Lock()
        self.expeditions = ExpeditionStore(store)
        #: one lock per expedition in use: its steps are applied one at a time on this server
        self._expedition_locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        self.finishing: set[asyncio.Task[None]] = set()  # after-battle steps under way

    # ---------------------------------------------------------------- games
    def create(self, form: GameForm, owner: str) -> tuple[LiveGame, dict[str, Any]]:
        seed = form.seed if form.seed is not None else fresh_seed()
        humans = [i for i, s in enumerate(form.seats) if s["kind"] == "human"]  # their turns end when they say so
        g = Game.new(mages=form.mages, nemesis=form.nemesis, market=form.market, difficulty=form.difficulty,
                     ruleset=form.ruleset, seed=seed, four_player_variant=form.four_player_variant,
                     human_seats=humans or None, basics=form.basics, upgraded=form.upgraded,
                     treasures=form.treasures)
        return self._register(g, form.seats, owner)

    def _register(self, g: Game, kinds: list[dict[str, Any]], owner: str) -> tuple[LiveGame, dict[str, Any]]:
        """Store a new game with a fresh token per human seat and for spectators."""
        seats = [{**s, "token": secrets.token_urlsafe(12)} if s["kind"] == "human" else dict(s) for s in kinds]
        gid = secrets.token_hex(6)
        spectator = secrets.token_urlsafe(12)
        title = game_title(g)
        self.store.create(gid, owner, title, setup_config(g), seats, spectator, g)
        live = LiveGame(gid, g, seats, spectator, title)
        self._keep(live)
        names = [content.MAGES[m].name for m in g.state.config["mages"]]
        links = {"id": gid, "title": title,
                 "seats": [{"seat": i, "mage": names[i], "kind": s["kind"],
                            "url": f"/g/{gid}?t={s['token']}" if s["kind"] == "human" else None}
                           for i, s in enumerate(seats)],
                 "spectator": f"/g/{gid}?t={spectator}"}
        return live, links

    async def rematch(self, gid: str, token: str | None, mode: Any, owner: str) -> dict[str, Any]:
        """A new game with a finished game's setup and seats: ``same`` replays its seed
        (the very same shuffles), ``new`` keeps the mages, nemesis and the nine supply
        cards it had and draws a new seed. Asked twice, the same rematch comes back, so
        each seat of the table lands in one game; every open board is told of it."""
        if mode not in REMATCH:
            raise Refused(422, f"seed: must be {' or '.join(map(repr, REMATCH))}, not {kind(mode)}")
        live = await self.get(gid)
        async with live.lock:
            seat = self._acting_seat(live, token)
            if not live.game.over:
                raise Refused(409, "the game is not over: a rematch starts once it ends")
            if mode not in live.rematches:
                cfg = json.loads(self.store.get(gid).config)
                if mode == "new":
                    c = live.game.state.config
                    cfg = {**cfg, "mages": list(c["mages"]), "nemesis": c["nemesis"],
                           "market": list(live.game.state.supply_names), "seed": fresh_seed()}
                g = Game.from_config(cfg)
                kinds = [{k: v for k, v in s.items() if k != "token"} for s in live.seats]
                new, links = self._register(g, kinds, owner)
                live.rematches[mode] = {**links, "tokens": [s.get("token") for s in new.seats],
                                        "spectator_token": new.spectator}
                self.broadcast(live)
            links = live.rematches[mode]
        return {k: v for k, v in links.items() if k not in ("tokens", "spectator_token")} | {
            "you": links["seats"][seat]["url"]}

    def rematch_links(self, live: LiveGame, seat: int | None) -> dict[str, str]:
        """Each rematch of ``live`` as this viewer's own link into it (a seat's, or the spectators')."""
        out = {}
        for mode, links in live.rematches.items():
            out[mode] = links["seats"][seat]["url"] if seat is not None and seat >= 0 else links["spectator"]
        return out

    async def resume_bots(self) -> list[str]:
        """After a restart: wake the bots of every unfinished game whose next decision
        is a bot's, so no game waits for a browser to open it. Games waiting on a human
        are not kept in memory; they load when someone asks for them."""
        woken = []
        for gid, seats in self.store.running():
            if not any(s.get("kind") == "bot" for s in json.loads(seats)):
                continue
            try:
                live = await self.get(gid)
            except GraveholdError:
                continue  # a game that cannot be loaded waits: its board reports it when opened
            if self.bot_seat_to_move(live) is not None:
                self.kick_bots(live)
                woken.append(gid)
            elif not live.busy():
                self.live.pop(gid, None)
            await asyncio.sleep(0)  # let requests in between two loads
        return woken

    async def get(self, gid: str) -> LiveGame:
        if len(gid) > 32:  # longer than any id the database holds
            raise Refused(404, "no such game")
        live = self.live.get(gid)
        if live is not None:
            live.used = time.monotonic()
            return live
        async with self._loading:
            live = self.live.get(gid)
            if live is not None:
                live.used = time.monotonic()
                return live
            try:
                row = self.store.get(gid)
            except GraveholdError:
                raise Refused(404, f"no game {gid!r}") from None
            try:
                game = self.rebuilt(gid)  # full event log, exact state
                if game.to_json() != row.snapshot:
                    game = Game.from_json(row.snapshot)
            except GraveholdError:
                game = self.store.load(gid).game
            live = LiveGame(gid, game, json.loads(row.seats), row.spectator, row.title,
                            expedition=self.expeditions.of_game(gid))
            acts = self.store.actions(gid)
            if acts:
                live.last = LastAction(acts[-1].seat, acts[-1].by, acts[-1].revealed)
            self._keep(live)
            if game.over:  # a battle that ended while no server ran its after-battle step
                self.after_battle(live)
            return live

    def rebuilt(self, gid: str) -> Game:
        """The stored game replayed from its setup, so it holds its whole event log. A battle
        its expedition gave up ended by no action: its end is applied again on top."""
        game = self.store.rebuild(gid)
        if not game.over:
            row = self.store.get(gid)
            if row.status == "finished" and row.reason == CONCEDED:
                concede(game)
        return game

    def _keep(self, live: LiveGame) -> None:
        """Hold ``live`` in memory, evicting others over the cap: finished games first,
        then the least recently used; never one that is busy, nor ``live`` itself."""
        self.live[live.id] = live
        over = len(self.live) - self.limits.live_games
        if over <= 0:
            return
        idle = [g for g in self.live.values() if g is not live and not g.busy()]
        idle.sort(key=lambda g: (not g.game.over, g.used))
        for g in idle[:over]:
            del self.live[g.id]

    # -------------------------------------------------------------- sockets
    def join(self, live: LiveGame, seat: int, address: str, words: str = "auto") -> Client:
        """A new socket on ``live``, within the limits, with the full state queued first.
        ``words``: the wording the browser asked for (``auto``: the nemesis' box's)."""
        lim = self.limits
        if len(live.clients) >= lim.sockets_per_game:
            raise Refused(429, f"this game has {lim.sockets_per_game} sockets open, the most allowed")
        if self.sockets.get(address, 0) >= lim.sockets_per_client:
            raise Refused(429, f"your address has {lim.sockets_per_client} sockets open, the most allowed")
        client = Client(seat, address, asyncio.Queue(lim.send_queue),
                        words=game_words(words, live.game.state.nemesis.id))
        live.clients.add(client)
        self.sockets[address] = self.sockets.get(address, 0) + 1
        client.offer(frame(self.payload(live, seat, client.words)))
        return client

    def leave(self, live: LiveGame, client: Client) -> None:
        """Forget a socket (closed, or dropped for falling behind); once only."""
        if client in live.clients:
            live.clients.discard(client)
            n = self.sockets.get(client.address, 1) - 1
            if n > 0:
                self.sockets[client.address] = n
            else:
                self.sockets.pop(client.address, None)

    # --------------------------------------------------------------- acting
    async def act(self, gid: str, token: str | None, seq: Any, action: Any) -> dict[str, Any]:
        """Apply a seat's action, commit it, queue the new state for every socket and
        reply: the reply never waits on a socket."""
        live = await self.get(gid)
        live.users += 1
        try:
            async with live.lock:
                seat = self._acting_seat(live, token)
                g = live.game
                if g.over:
                    raise Refused(409, "the game is over")
                self._check_seq(seq, g.state.seq, "action")
                d = g.decision
                assert d is not None
                owner = d.seat
                if owner != seat:
                    raise Refused(403, f"it is seat {owner + 1}'s decision, not seat {seat + 1}'s")
                await self._apply(live, seat, HUMAN, _option(d.options, action))
                self.broadcast(live)
        finally:
            live.users -= 1
        self.kick_bots(live)
        return {"seq": live.game.state.seq}

    @staticmethod
    def _acting_seat(live: LiveGame, token: str | None) -> int:
        """The seat a token acts for; a spectator's or a wrong token may not act."""
        seat = live.seat_of(token)
        if seat is None or seat < 0:
            raise Refused(403, "token: this link may not act in this game")
        return seat

    @staticmethod
    def _check_seq(seq: Any, now: int, what: str) -> None:
        """The decision number must be the current one; say which way it is off."""
        if not isinstance(seq, int) or isinstance(seq, bool):
            raise Refused(422, f"seq: the decision number must be an integer, not {kind(seq)}")
        if seq < now:
            raise Refused(409, f"stale {what}: decision {seq} was already answered (now {now})")
        if seq > now:
            raise Refused(409, f"decision {seq} has not come yet: the game is at decision {now}")

    async def _apply(self, live: LiveGame, seat: int, by: str, action: Action) -> None:
        """Apply to a copy, commit it, then make it the live game: nobody ever sees an
        action that is not in the database. The commit (an fsync) runs in a thread, so
        other games go on meanwhile; this game's lock is held throughout."""
        cur = live.game
        g = Game(cur.state.clone())
        g.engine.events = list(cur.engine.events or [])
        seq = g.state.seq
        before = len(g.events)
        try:
            g.apply(action)  # an illegal action changes nothing
        except IllegalAction as e:
            raise Refused(422, f"illegal action: {e}") from None
        revealed = reveals(g.events[before:])
        await asyncio.to_thread(self.store.append, live.id, seq, seat, by, list(action), revealed, g)
        live.game = g
        live.last = LastAction(seat, by, revealed)
        if g.over:
            self.after_battle(live)

    async def undo(self, gid: str, token: str | None, seq: Any) -> dict[str, Any]:
        live = await self.get(gid)
        live.users += 1
        try:
            async with live.lock:
                seat = self._acting_seat(live, token)
                if live.game.over and live.expedition is not None:
                    raise Refused(409, "this battle is over and its expedition has taken the result; "
                                       "a lost battle is tried again from the expedition's page")
                self._check_seq(seq, live.game.state.seq, "undo")
                ok, why = self.can_undo(live, seat)
                if not ok:
                    raise Refused(409, why)
                acts = self.store.actions(gid)
                g = self.store.rebuild(gid, upto=len(acts) - 1)
                self.store.truncate(gid, len(acts) - 1, g)
                live.game = g
                live.last = LastAction(acts[-2].seat, acts[-2].by, acts[-2].revealed) if len(acts) > 1 else None
                self.broadcast(live)
        finally:
            live.users -= 1
        return {"seq": live.game.state.seq}

    def can_undo(self, live: LiveGame, seat: int) -> tuple[bool, str]:
        """The shared rule (``gravehold.undo``): your own last action, until it revealed."""
        return undo_rule(live.last, seat)

    # ----------------------------------------------------------- expeditions
    def expedition_lock(self, eid: str) -> asyncio.Lock:
        """The lock an expedition's steps take on this server, so two of them (a choice and
        an after-battle step) never race for the same version."""
        lock = self._expedition_locks.get(eid)
        if lock is None:
            lock = self._expedition_locks[eid] = asyncio.Lock()
        return lock

    def after_battle(self, live: LiveGame) -> None:
        """``live`` has ended: if it is an expedition's battle, apply the after-battle step
        (X-7 … X-9, X-15) in a thread, without holding up the game's reply or its sockets.
        The step does nothing once applied, so a second call is harmless."""
        eid = live.expedition
        if eid is None:
            return
        task = asyncio.create_task(self._after_battle(eid))
        self.finishing.add(task)
        task.add_done_callback(self.finishing.discard)

    async def _after_battle(self, eid: str) -> None:
        async with self.expedition_lock(eid):
            try:
                await asyncio.to_thread(self.expeditions.finish, eid)
            except Exception as e:  # noqa: BLE001 - a background step: a restart's recover() retries it
                log.warning("expedition %s: the after-battle step failed (%s); it is retried when the "
                            "server starts again", eid, clip(str(e), 200))

    async def concede(self, eid: str, gid: str, version: int) -> Stored:
        """Give the expedition's running battle ``gid`` up (``ExpeditionStore.concede``: the
        game stored ended and the after-battle step applied, in one transaction), under the
        game's lock: its bots are stopped first, so none acts on a battle being given up,
        and every open board is then shown the game over. The caller holds the expedition's
        lock. The after-battle step is not run again here: the store has applied it."""
        live = await self.get(gid)
        live.users += 1
        try:
            async with live.lock:
                if live.game.over:
                    raise Refused(409, "the battle is already over; there is nothing to give up")
                await self._stop_bots(live)
                try:
                    stored = await asyncio.to_thread(self.expeditions.concede, eid, version)
                except Exception:
                    self.kick_bots(live)  # nothing was given up: the bots go on
                    raise
                live.game = await asyncio.to_thread(self._ended, live)
                live.summary = None
                self.broadcast(live)
        finally:
            live.users -= 1
        return stored

    def _ended(self, live: LiveGame) -> Game:
        """The game as the store now holds it, given up, with its whole event log: the live
        game with the end applied when it is the stored one (it is, unless another server
        moved it on), else replayed, else the bare snapshot."""
        snapshot = self.store.get(live.id).snapshot
        g = Game(live.game.state.clone())
        g.engine.events = list(live.game.engine.events or [])
        concede(g)
        if g.to_json() == snapshot:
            return g
        g = self.rebuilt(live.id)
        return g if g.to_json() == snapshot else Game.from_json(snapshot)

    async def recover_expeditions(self) -> list[str]:
        """At startup: the after-battle steps a crash left undone (``ExpeditionStore.recover``)."""
        try:
            return await asyncio.to_thread(self.expeditions.recover)
        except Exception as e:  # noqa: BLE001 - the server still serves; each battle's load retries
            log.warning("recovering expeditions failed (%s)", clip(str(e), 200))
            return []

    # ------------------------------------------------------------------ bots
    def kick_bots(self, live: LiveGame) -> None:
        if live.bot_task is None or live.bot_task.done():
            live.bot_task = asyncio.create_task(self._run_bots(live))

    @staticmethod
    async def _stop_bots(live: LiveGame) -> None:
        """Cancel the game's bot task and wait until it has stopped. Called under the game's
        lock, so the task is asleep or waiting for that lock, never half way through a move."""
        task, live.bot_task = live.bot_task, None
        if task is not None and not task.done():
            task.cancel()
            await asyncio.wait([task])

    def bot_seat_to_move(self, live: LiveGame) -> int | None:
        g = live.game
        if g.over or g.decision is None:
            return None
        seat = g.decision.seat
        return seat if live.seats[seat]["kind"] == "bot" else None

    async def _run_bots(self, live: LiveGame) -> None:
        while True:
            if self.bot_seat_to_move(live) is None:
                return
            await asyncio.sleep(self.bot_delay)
            async with live.lock:
                seat = self.bot_seat_to_move(live)
                if seat is None:
                    return
                agent = live.agents.get(seat)
                if agent is None:
                    seed = int(live.game.state.config.get("seed", 0)) * 10 + seat
                    agent = live.agents[seat] = make_agent(live.seats[seat]["agent"], seed)
                g = live.game
                d = g.decision
                assert d is not None
                action = agent.choose(d, partial(g.view_for, seat))
                await self._apply(live, seat, live.seats[seat]["agent"], action)
                self.broadcast(live)

    # ----------------------------------------------------------------- views
    def payload(self, live: LiveGame, seat: int | None, words: str = "classic") -> dict[str, Any]:
        """Everything one browser needs to draw the board for its seat; what it reads (the
        prompt, the options, the log) in ``words``, its names and actions as they are."""
        g = live.game
        viewer = seat if seat is not None and seat >= 0 else None
        v = g.view_for(viewer)
        d = g.decision
        options = []
        mine = d is not None and viewer is not None and d.seat == viewer and not g.over
        if mine:
            assert d is not None
            options = [{"action": list(a), "label": say(describe(g.state, d, a), words)} for a in d.options]
        log = live.log_lines()
        if words != "classic":
            log = [say(line, words) for line in log]
            if v.get("decision"):
                v["decision"] = {**v["decision"], "prompt": say(v["decision"]["prompt"], words)}
        undo = False
        if viewer is not None and not g.over:
            undo = self.can_undo(live, viewer)[0]
        return {
            "type": "state", "game": live.id, "title": live.title, "seat": viewer, "seq": g.state.seq,
            "view": v, "options": options, "your_turn": mine, "log": log, "can_undo": undo,
            "seats": [{"kind": s["kind"], "agent": s.get("agent"), "mage": v["players"][i]["mage"]}
                      for i, s in enumerate(live.seats)],
            "tier": g.engine.tier(), "over": g.over, "result": g.result, "reason": g.reason,
            "source": source_card(d.source, g.state.nemesis.id) if d is not None and not g.over else None,
            "summary": self.summary(live) if g.over else None,
            "rematch": self.rematch_links(live, seat), "words": words,
            # a battle links back to its expedition's page: the view link, never its token
            "expedition": {"id": live.expedition, "url": f"/x/{live.expedition}"} if live.expedition else None,
        }

    def summary(self, live: LiveGame) -> dict[str, Any]:
        """The end screen's summary, worked out once per final state. A game loaded from
        its snapshot alone lacks the early events: it is rebuilt from the database."""
        seq = live.game.state.seq
        if live.summary is None or live.summary[0] != seq:
            g = live.game if whole_log(live.game) else self.rebuilt(live.id)
            live.summary = (seq, end_summary(g))
        return live.summary[1]

    def broadcast(self, live: LiveGame) -> None:
        """Queue the new state for every socket, each as its seat sees it (built once per
        seat), without waiting: a socket whose queue is full is dropped."""
        frames: dict[tuple[int, str], str] = {}
        for c in list(live.clients):
            key = (c.seat, c.words)
            if key not in frames:
                frames[key] = frame(self.payload(live, c.seat, c.words))
            if not c.offer(frames[key]):
                self.leave(live, c)


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON: 0.0 and false are not 0, though Python says they are."""
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple):
        return len(a) == len(b) and all(map(_same, a, b))
    return bool(a == b)


def _option(options: list[Action], action: Any) -> Action:
    """The listed option ``action`` is, as the engine listed it. An action that is no
    option comes back as it is: applying it raises IllegalAction, which says why."""
    if not isinstance(action, list) or not action:
        raise Refused(422, "action: must be a non-empty list, one of the listed options")
    n = len(json.dumps(action))
    if n > MAX_ACTION:
        raise Refused(422, f"action: {n} characters long; no option is over {MAX_ACTION}")
    t = tupled(action)
    for o in options:
        if _same(o, t):
            return o
    if t in options:
        raise Refused(422, "action: a number in it is not a whole number (such as 0.0 or false for 0); "
                           "send the option as it is listed")
    return t  # type: ignore[no-any-return]


def game_title(g: Game) -> str:
    """``Brama + Mist vs Rageborne``."""
    names = [content.MAGES[m].name for m in g.state.config["mages"]]
    return f"{' + '.join(names)} vs {content.NEMESES[g.state.nemesis.id].name}"


#: the words the board itself writes (labels, card types), said in the chosen wording
BOARD_WORDS = ("life", "tier", "power", "charge", "charges", "aether", "gem", "relic", "spell", "minion", "attack",
               "strike", "closed", "opened", "open", "focus", "focused", "prepped", "prep", "Unleash")


def content_texts(words: str = "auto") -> dict[str, Any]:
    """Rendered text of every card the board may show, for hover/tap, in ``words``
    (``auto``: each entry in its own box's words), with the board's own labels (``labels``)
    and the names the wording gives some cards (``names``, by catalogue name)."""
    def w(box: str) -> str:
        return resolve(words, box)

    board = "classic" if words == "auto" else words
    return {
        "cards": {n: {"type": c.type, "cost": c.cost, "text": say(card_text(c), w(c.box))}
                  for n, c in content.CARDS.items()},
        # "name": what a person reads (a card whose printed name another box's card also
        # bears is keyed by its catalogue name, "Mutilate (NA)", and shown as "Mutilate")
        "nemesis_cards": {n: {"type": c.type, "tier": c.tier, "text": say(nemesis_card_text(c), w(c.box)),
                              "name": content.shown(n), "box": c.box, "upgraded": c.upgraded}
                          for n, c in content.NEMESIS_CARDS.items()},
        "nemesis_rules": {n.id: {"name": n.name, "life": n.life, "text": say(nemesis_text(n), w(n.box))}
                          for n in content.NEMESES.values()},
        "abilities": {m.id: say(mat_text(m), w(m.box)) for m in content.MAGES.values()},
        "treasures": {t.name: {"tier": t.tier, "text": say(treasure_text(t), w(t.box))}
                      for t in content.TREASURES.values()},
        "words": board, "labels": {k: say(k, board) for k in BOARD_WORDS},
        "aether_pays_for": {k: say(v, board) for k, v in PAYS_FOR.items()},  # K-11
        "names": dict(NAMES.get(board, {})),
    }
