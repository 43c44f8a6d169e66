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
from collections.abc import Coroutine
from typing import Any

from ..campaigns.battle import CONCEDED, concede
from ..campaigns.expedition.store import ExpeditionStore
from ..campaigns.legacy.kind import LEGACY
from ..campaigns.legacy.state import Legacy
from ..campaigns.store import CampaignStore
from ..challenge import ChallengeStore, setup_of
from ..content import registry as content
from ..content.words import game_words
from ..engine.game import Game
from ..engine.rng import fresh_seed
from ..engine.shapes import Doc, Json
from ..engine.state import Action
from ..errors import GraveholdError, IllegalAction
from ..record import setup_config
from ..storage.models import CampaignRow
from ..storage.saves import Store
from ..undo import HUMAN, LastAction
from .forms import GameForm, Refused, clip, kind, listed_option
from .limits import Limits
from .live import Client, LiveGame, frame, sit
from .payload import payload
from .summary import end_summary, whole_log
from .texts import game_title

__all__ = ["Client", "Hub", "LiveGame", "Refused"]
#: How a rematch is seeded: the very same game again, or the same setup reshuffled.
REMATCH = ("same", "new")
log = logging.getLogger("gravehold.web")


class Hub:
    def __init__(self, store: Store, bot_delay: float = 0.6, limits: Limits | None = None) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.limits = limits or Limits()
        self.live: dict[str, LiveGame] = {}
        self.sockets: dict[str, int] = {}  # open sockets by client address
        self._loading = asyncio.Lock()
        self.expeditions = ExpeditionStore(store)
        self.legacy: CampaignStore[Legacy] = CampaignStore(store, LEGACY)
        #: one lock per expedition in use: its steps are applied one at a time on this server
        self._expedition_locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        self.finishing: set[asyncio.Task[Any]] = set()  # after-battle steps under way
        self.challenges = ChallengeStore(store)

    # ---------------------------------------------------------------- games
    def create(self, form: GameForm, owner: str) -> tuple[LiveGame, Doc]:
        seed = form.seed if form.seed is not None else fresh_seed()
        humans = [i for i, s in enumerate(form.seats) if s["kind"] == "human"]  # their turns end when they say so
        g = Game.new(mages=form.mages, nemesis=form.nemesis, market=form.market, difficulty=form.difficulty,
                     ruleset=form.ruleset, seed=seed, four_player_variant=form.four_player_variant,
                     human_seats=humans or None, basics=form.basics, upgraded=form.upgraded,
                     treasures=form.treasures, city=form.city)
        return self._register(g, form.seats, owner)

    def start_challenge(self, cid: str, number: int, name: str, owner: str) -> tuple[LiveGame, Doc]:
        """A person's game of setup ``number`` of the challenge ``cid``: the bots' deal on
        the same seed, every seat a person's (all this browser's), linked to the challenge
        in the store so its result is recorded when it ends (``after_battle``)."""
        setup = setup_of(cid, number)
        g = setup.human_game(events=True)
        live, links = self._register(g, [{"kind": "human"} for _ in g.state.players], owner)
        self.challenges.start(setup.challenge, setup.number, name, live.id)
        return live, links

    def _register(self, g: Game, kinds: list[Doc], owner: str) -> tuple[LiveGame, Doc]:
        """Store a new game with a fresh token per human seat and for spectators."""
        seats = [{**s, "token": secrets.token_urlsafe(12)} if s["kind"] == "human" else dict(s) for s in kinds]
        gid = secrets.token_hex(6)
        spectator = secrets.token_urlsafe(12)
        title = game_title(g)
        self.store.create(gid, owner, title, setup_config(g), seats, spectator, g)
        live = LiveGame(gid, sit(g, seats), seats, spectator, title)
        self._keep(live)
        names = [content.MAGES[m].name for m in g.state.config["mages"]]
        links = {"id": gid, "title": title,
                 "seats": [{"seat": i, "mage": names[i], "kind": s["kind"],
                            "url": f"/g/{gid}?t={s['token']}" if s["kind"] == "human" else None}
                           for i, s in enumerate(seats)],
                 "spectator": f"/g/{gid}?t={spectator}"}
        return live, links

    async def rematch(self, gid: str, token: str | None, mode: Json, owner: str) -> Doc:
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
            seats = json.loads(row.seats)
            history = [LastAction(a.seat, a.by, a.revealed) for a in self.store.actions(gid)]
            cid = self.expeditions.of_game(gid)
            live = LiveGame(gid, sit(game, seats, history), seats, row.spectator, row.title,
                            expedition=cid, campaign=self.kind_of(cid) if cid is not None else None)
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
    async def act(self, gid: str, token: str | None, seq: Json, action: Json) -> Doc:
        """Apply a seat's action, commit it, queue the new state for every socket and
        reply: the reply never waits on a socket."""
        live = await self.get(gid)
        live.users += 1
        try:
            async with live.lock:
                seat = self._acting_seat(live, token)
                g = live.game
                owner = live.table.owner()
                if owner is None:
                    raise Refused(409, "the game is over")
                self._check_seq(seq, g.state.seq, "action")
                if owner != seat:
                    raise Refused(403, f"it is seat {owner + 1}'s decision, not seat {seat + 1}'s")
                assert g.decision is not None
                await self._apply(live, HUMAN, listed_option(g.decision.options, action))
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
    def _check_seq(seq: Json, now: int, what: str) -> None:
        """The decision number must be the current one; say which way it is off."""
        if not isinstance(seq, int) or isinstance(seq, bool):
            raise Refused(422, f"seq: the decision number must be an integer, not {kind(seq)}")
        if seq < now:
            raise Refused(409, f"stale {what}: decision {seq} was already answered (now {now})")
        if seq > now:
            raise Refused(409, f"decision {seq} has not come yet: the game is at decision {now}")

    async def _apply(self, live: LiveGame, by: str, action: Action) -> None:
        """Apply to a copy (``Table.ahead``), commit it, then make it the live game
        (``Table.take``): nobody ever sees an action that is not in the database. The commit
        (an fsync) runs in a thread, so other games go on meanwhile; this game's lock is
        held throughout."""
        try:
            move = live.table.ahead(action, by)  # an illegal action changes nothing
        except IllegalAction as e:
            raise Refused(422, f"illegal action: {e}") from None
        await asyncio.to_thread(self.store.append, live.id, move.seq, move.seat, by, list(action), move.revealed,
                                move.game)
        live.table.take(move)
        if move.game.over:
            self.after_battle(live)

    async def undo(self, gid: str, token: str | None, seq: Json) -> Doc:
        live = await self.get(gid)
        live.users += 1
        try:
            async with live.lock:
                seat = self._acting_seat(live, token)
                if live.game.over and live.expedition is not None:
                    raise Refused(409, "this battle is over and its expedition has taken the result; "
                                       "a lost battle is tried again from the expedition's page")
                if live.game.over and await asyncio.to_thread(self.challenges.of_game, gid) is not None:
                    raise Refused(409, "this challenge game is over and its result is recorded; "
                                       "the challenge's page starts the setup again")
                self._check_seq(seq, live.game.state.seq, "undo")
                ok, why = live.table.can_undo(seat)
                if not ok:
                    raise Refused(409, why)
                kept = len(self.store.actions(gid)) - 1
                g = self.store.rebuild(gid, upto=kept)
                self.store.truncate(gid, kept, g)
                live.table.undo(seat, g)  # the stored game before the action: the table keeps none after a reload
                self.broadcast(live)
        finally:
            live.users -= 1
        return {"seq": live.game.state.seq}

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
        The step does nothing once applied, so a second call is harmless. A challenge game's
        result is recorded the same way (``ChallengeStore.finish``, harmless twice too)."""
        self._in_background(self._challenge_ended(live.id, live.game))
        if live.expedition is not None:
            self._in_background(self._after_battle(live.expedition))

    def _in_background(self, step: Coroutine[Any, Any, None]) -> None:
        """Run ``step`` as a task the hub keeps (``finishing``) until it is done."""
        task = asyncio.create_task(step)
        self.finishing.add(task)
        task.add_done_callback(self.finishing.discard)

    async def _challenge_ended(self, gid: str, game: Game) -> None:
        try:
            await asyncio.to_thread(self.challenges.finish, gid, game)
        except Exception as e:  # noqa: BLE001 - a background step: the next start's recovery retries it
            log.warning("game %s: recording its challenge result failed (%s)", gid, clip(str(e), 200))

    async def give_up_challenge(self, gid: str, token: str | None) -> Doc:
        """A seat of a challenge game gives it up: stored ended (lost, ``conceded``) with its
        challenge row's result in one transaction (``ChallengeStore.give_up``), then every
        open board is shown the game over. Only a challenge game can be given up so."""
        live = await self.get(gid)
        live.users += 1
        try:
            async with live.lock:
                self._acting_seat(live, token)
                if live.game.over:
                    raise Refused(409, "the game is already over; there is nothing to give up")
                g = Game(live.game.state.clone())
                g.engine.events = list(live.game.engine.events or [])
                concede(g)
                if not await asyncio.to_thread(self.challenges.give_up, gid, g):
                    raise Refused(409, "this is no challenge game; only a challenge game is given up here")
                live.game = g
                live.summary = None
                self.broadcast(live)
        finally:
            live.users -= 1
        return {"id": gid, "result": g.result, "reason": g.reason}

    async def recover_challenges(self) -> list[str]:
        """At startup: the challenge games that ended while no server recorded their result."""
        done = []
        try:
            for gid in await asyncio.to_thread(self.challenges.waiting):
                loaded = await asyncio.to_thread(self.store.load, gid)
                if await asyncio.to_thread(self.challenges.finish, gid, loaded.game):
                    done.append(gid)
        except Exception as e:  # noqa: BLE001 - the server still serves; a game's load retries it
            log.warning("recovering challenge results failed (%s)", clip(str(e), 200))
        return done

    def kind_of(self, cid: str) -> str | None:
        """The kind of the stored campaign ``cid`` (``expedition``, ``legacy``), or None."""
        with self.store.sessions() as s:
            row = s.get(CampaignRow, cid)
            return None if row is None else row.kind

    def campaigns(self, cid: str) -> CampaignStore[Any]:
        """The store of the campaign ``cid``'s kind (the expeditions' for one not stored)."""
        return self.legacy if self.kind_of(cid) == self.legacy.kind.name else self.expeditions

    async def _after_battle(self, eid: str) -> None:
        async with self.expedition_lock(eid):
            try:
                store = await asyncio.to_thread(self.campaigns, eid)
                await asyncio.to_thread(store.finish, eid)
            except Exception as e:  # noqa: BLE001 - a background step: a restart's recover() retries it
                log.warning("expedition %s: the after-battle step failed (%s); it is retried when the "
                            "server starts again", eid, clip(str(e), 200))

    async def concede(self, eid: str, gid: str, version: int) -> Any:
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
                    stored = await asyncio.to_thread(self.campaigns(eid).concede, eid, version)
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
            done = await asyncio.to_thread(self.expeditions.recover)
            return done + await asyncio.to_thread(self.legacy.recover)
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

    @staticmethod
    def bot_seat_to_move(live: LiveGame) -> int | None:
        return live.table.bot_to_move()

    async def _run_bots(self, live: LiveGame) -> None:
        """Let the bots answer, one action at a time under the game's lock, each stored
        before it is shown; ``bot_delay`` apart, so a person can follow them."""
        table = live.table
        while table.bot_to_move() is not None:
            await asyncio.sleep(self.bot_delay)
            async with live.lock:
                seat = table.bot_to_move()
                if seat is None:
                    return
                await self._apply(live, table.seats[seat].agent, table.choose(seat))
                self.broadcast(live)

    # ----------------------------------------------------------------- views
    def payload(self, live: LiveGame, seat: int | None, words: str = "classic") -> Doc:
        """What one browser is sent (``payload.payload``)."""
        return payload(live, seat, words, self.summary)

    def summary(self, live: LiveGame) -> Doc:
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

