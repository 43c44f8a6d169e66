"""What the routes of every campaign kind share (``/api/expeditions``, ``/api/campaigns``):
the three checks before a step (the campaign exists: 404; the link's token may choose: 403;
the choice was made at the current step: 409), the running battle's seats, giving it up,
and the export file both ways. Each kind's desk (``expeditions.Desk``, ``legacy.LegacyDesk``)
brings its noun, its links and its steps, so the kinds' answers cannot drift apart.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from typing import TYPE_CHECKING, Any, ClassVar, Generic

from ..campaigns.kind import CampaignError, D
from ..campaigns.transfer import TooCostly
from ..engine.shapes import Doc
from ..storage.saves import NotFound, SaveError
from .expedition_forms import import_id
from .forms import Refused, clip
from .wording import steps_words

if TYPE_CHECKING:
    from ..campaigns.store import CampaignStore, Stored
    from ..storage.models import CampaignRow
    from .hub import Hub


def holds_token(row: CampaignRow, token: object) -> bool:
    """``token`` is the campaign's own (compared in constant time; non-ASCII is nobody's)."""
    return isinstance(token, str) and bool(token) and token.isascii() and \
        secrets.compare_digest(row.token, token)


class CampaignDesk(Generic[D]):
    """A kind's routes' work, on the hub's store and locks. ``noun`` names the kind in the
    refusals ("expedition"), ``article`` goes before it ("an"), ``page`` is where its pages
    are ("/x")."""

    noun: ClassVar[str]
    article: ClassVar[str]
    page: ClassVar[str]

    def __init__(self, hub: Hub, store: CampaignStore[D]) -> None:
        self.hub = hub
        self.store = store
        self.games = hub.store
        self.importing = asyncio.Lock()

    def view_link(self, cid: str) -> str:
        return f"{self.page}/{cid}"

    def choose_link(self, row: CampaignRow) -> str:
        """The link that may make the group's choices."""
        return f"{self.page}/{row.id}?t={row.token}"

    def _linked(self, row: CampaignRow) -> Doc:
        """A new campaign's reply: its id and its two links."""
        return {"id": row.id, "url": self.choose_link(row), "view": self.view_link(row.id)}

    # ------------------------------------------------------------------ checks
    async def _get(self, cid: str) -> Stored[D]:
        try:
            return await asyncio.to_thread(self.store.get, cid)
        except NotFound:
            raise Refused(404, f"There is no {self.noun} {clip(cid, 40)}: the link may be cut short or "
                               f"mistyped, or the {self.noun} is in another server's database.") from None

    def _may_choose(self, cur: Stored[D], token: object) -> None:
        if not holds_token(cur.row, token):
            raise Refused(403, f"token: this link may not make this {self.noun}'s choices (it is the "
                               f"view-only link, or another {self.noun}'s)")

    def _stale(self, now: int, version: int) -> Refused:
        return Refused(409, f"version: the {self.noun} changed meanwhile (it is at step {now}, the choice was "
                            f"made at step {version}); look again and choose anew")

    def _current(self, cur: Stored[D], version: int) -> None:
        if cur.row.version != version:
            raise self._stale(cur.row.version, version)

    async def _stale_or(self, cid: str, version: int, e: SaveError) -> Refused:
        """A write refused by the store: a 409 if the campaign moved on under it (another
        server or the command line), else the store's own refusal."""
        now = await self._get(cid)
        if now.row.version != version:
            return self._stale(now.row.version, version)
        return Refused.said(steps_words(str(e)))

    # ------------------------------------------------------------------ reading
    def payload(self, cur: Stored[D], can: bool) -> Doc:
        """Everything the campaign's page shows; the battle's seat links only with the token."""
        raise NotImplementedError

    def shown_mage(self, name: str) -> str:
        """A mage's name as the page shows it."""
        raise NotImplementedError

    def where(self, doc: D) -> str:
        """Where the campaign is, as a refusal says it."""
        return doc.phase

    async def view(self, cid: str, token: object) -> Doc:
        cur = await self._get(cid)
        return await asyncio.to_thread(self.payload, cur, holds_token(cur.row, token))

    def _battle(self, doc: D, can: bool) -> Doc | None:
        """The battle being fought: its game, the spectators' board, and each seat."""
        cur = doc.current
        if cur is None or cur.game is None:
            return None
        gid = cur.game
        try:
            grow = self.games.get(gid)
        except NotFound:
            return {"game": gid, "board": None, "status": None, "seats": []}
        stored = json.loads(grow.seats)
        seats = []
        for i, s in enumerate(cur.choices.seats):
            tok = stored[i].get("token") if i < len(stored) else None
            seats.append({"seat": i, "mage": s.mage, "shown": self.shown_mage(s.mage),
                          "kind": "human" if s.player == "human" else "bot",
                          "agent": None if s.player == "human" else s.player,
                          "url": f"/g/{gid}?t={tok}" if can and tok else None})
        return {"game": gid, "board": f"/g/{gid}?t={grow.spectator}", "status": grow.status,
                "decisions": grow.seq, "seats": seats}

    # ------------------------------------------------------------------ steps
    async def _begun(self, gid: str, choices: Any, stored: Stored[Any]) -> Doc:
        """A battle begun: its bots set going; the reply names its game, seats and board."""
        live = await self.hub.get(gid)
        self.hub.kick_bots(live)
        seats = []
        for i, s in enumerate(live.seats):
            seats.append({"seat": i, "mage": choices.seats[i].mage, "shown": self.shown_mage(choices.seats[i].mage),
                          "kind": s["kind"], "url": f"/g/{gid}?t={s['token']}" if s["kind"] == "human" else None})
        return {"game": gid, "title": live.title, "seats": seats, "spectator": f"/g/{gid}?t={live.spectator}",
                "version": stored.row.version, "battle": stored.doc.battle, "attempt": stored.doc.attempt,
                "nemesis": stored.doc.nemesis}

    async def _concede(self, cid: str, token: object, version: int) -> Doc:
        """Give the running battle up (``{token, version}``): a loss, reason ``conceded``; the
        reply is the new state. The battle's bots stop and its boards show the end."""
        async with self.hub.expedition_lock(cid):
            cur = await self._get(cid)
            self._may_choose(cur, token)
            self._current(cur, version)
            doc = cur.doc
            if doc.phase != "battle" or doc.current is None or doc.current.game is None:
                raise Refused(409, f"no battle is being fought now (the {self.noun} is at {self.where(doc)}); "
                                   "there is nothing to give up")
            try:
                stored: Stored[D] = await self.hub.concede(cid, doc.current.game, version)
            except CampaignError as e:
                raise Refused(409, clip(str(e))) from None
            except SaveError as e:
                stale = await self._stale_or(cid, version, e)
                raise Refused(409, str(stale)) from None
        return await asyncio.to_thread(self.payload, stored, True)

    # ------------------------------------------------------------------ files
    async def export(self, cid: str, token: object) -> bytes:
        """The group's file, for the group alone: it holds the campaign's seed and the
        running battle's, from which every deck order of that battle can be dealt again, so
        a watcher (the view link, a spectator) who had it would see what no seat may."""
        cur = await self._get(cid)
        if not holds_token(cur.row, token):
            raise Refused(403, f"t: only the {self.noun}'s own link may download its file (the file holds "
                               "the seeds, which deal every hidden card); the view link may not")
        return await asyncio.to_thread(self.store.export, cid)

    async def _read_import(self, raw: bytes) -> Any:
        """An import's file read and bounded (413 past the limits), its id checked and not
        already stored (409); call under ``self.importing``: one import at a time."""
        try:
            doc = await asyncio.to_thread(self.store.files.read, raw)
        except TooCostly as e:
            raise Refused(413, clip(str(e))) from None
        import_id(doc.id)
        if doc.id:
            try:
                await asyncio.to_thread(self.store.get, doc.id)
            except NotFound:
                pass
            else:
                raise Refused(409, f"id: {self.article} {self.noun} {doc.id} is already stored on this server; "
                                   "remove the id from the file to import it as a new one")
        return doc

    async def _imported(self, cur: Stored[D]) -> Doc:
        """A campaign imported: the battle it was fighting goes on here, with new seat links."""
        if cur.doc.current is not None and cur.doc.current.game is not None:
            self.hub.kick_bots(await self.hub.get(cur.doc.current.game))
        return self._linked(cur.row)
