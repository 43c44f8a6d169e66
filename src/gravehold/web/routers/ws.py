"""The board's WebSocket, ``/ws/{gid}?t=TOKEN``: the seat's (or a spectator's) state
frames out, its actions and undos in. A refusal before joining is a close code of its own."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Mapping

from fastapi import APIRouter, WebSocket

from ...content.words import check as check_words
from ...engine.shapes import Json
from ...errors import GraveholdError
from ..deps import HubDep, LimitsDep, address
from ..forms import Refused, clip, message, parse_json
from ..hub import Hub
from ..limits import Limits
from ..live import Client, LiveGame, frame

#: A socket dropped for falling behind: the board reconnects and gets a full snapshot.
BEHIND = 4408
#: A socket over the limits: the board waits longer before it tries again.
TOO_MANY = 4429

router = APIRouter()


def quiet(task: asyncio.Task[Json]) -> asyncio.Task[Json]:
    """``task``, whose exception (a socket that closed under it) is expected and read."""
    task.add_done_callback(lambda t: t.cancelled() or t.exception())
    return task


@router.websocket("/ws/{gid}")
async def ws(websocket: WebSocket, gid: str, hub: HubDep, limits: LimitsDep, t: str | None = None,
             w: str = "auto") -> None:
    await websocket.accept()  # accept first, so the browser sees our close code and reason
    try:
        words = check_words(w)
    except GraveholdError as e:
        await websocket.close(code=4400, reason=clip(str(e), 120))
        return
    try:
        live = await hub.get(gid)
    except Refused:
        await websocket.close(code=4404, reason="no such game")
        return
    seat = live.seat_of(t)
    if seat is None:
        await websocket.close(code=4403, reason="this link does not belong to this game")
        return
    try:
        client = hub.join(live, seat, address(websocket), words)
    except Refused as e:
        await websocket.close(code=TOO_MANY, reason=clip(str(e), 120))
        return
    try:
        hub.kick_bots(live)
        await converse(websocket, hub, limits, live, client, t)
    finally:
        hub.leave(live, client)
    if client.dropped.is_set():  # a socket that stopped reading may never take the close frame
        with contextlib.suppress(Exception):
            await asyncio.wait_for(websocket.close(code=BEHIND, reason="too far behind: reconnect"), 1.0)


async def converse(websocket: WebSocket, hub: Hub, limits: Limits, live: LiveGame, client: Client,
                   t: str | None) -> None:
    """Send the client's queue from a task of its own while reading its messages here,
    until it closes or is dropped. A message is handled to its end before the next is
    read, so a drop never cuts an action short."""

    async def pump() -> None:
        while True:
            await websocket.send_text(await client.queue.get())

    sender = quiet(asyncio.create_task(pump()))
    dropped = quiet(asyncio.create_task(client.dropped.wait()))
    tasks = [sender, dropped]
    try:
        while True:
            recv = quiet(asyncio.create_task(websocket.receive()))
            tasks.append(recv)
            await asyncio.wait({recv, sender, dropped}, return_when=asyncio.FIRST_COMPLETED)
            if not recv.done() or recv.cancelled() or recv.exception() is not None:
                break  # dropped, the sender failed (a closed socket), or the client is gone
            tasks.pop()
            msg = recv.result()
            if msg["type"] == "websocket.disconnect":
                break
            await handle(msg, hub, limits, live, client, t)
    finally:
        for x in tasks:
            x.cancel()
        await asyncio.wait(tasks)  # not gather: a cancel of this task must stay its own


async def handle(msg: Mapping[str, Json], hub: Hub, limits: Limits, live: LiveGame, client: Client,
                 t: str | None) -> None:
    """One message: an action, or ``{"type": "undo"}``. A refusal is an error frame."""
    try:
        text = msg.get("text")
        if not isinstance(text, str):
            raise Refused(400, "send text frames holding a JSON object, not binary ones")
        if len(text) > limits.max_body:
            raise Refused(413, f"the message is over the limit of {limits.max_body} bytes")
        got = message(parse_json(text, "the message"))
        if got.type == "undo":
            await hub.undo(live.id, t, got.seq)
        else:
            await hub.act(live.id, t, got.seq, got.action)
    except (Refused, GraveholdError) as e:  # a full queue drops the client: converse() sees it
        client.offer(frame({"type": "error", "error": clip(str(e)), "status": getattr(e, "status", 422)}))
