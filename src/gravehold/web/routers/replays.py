"""Replays (``..replays``): uploading a record file, and a replay's index and steps, a
finished game's or an upload's."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, Request

from ...engine.shapes import Doc
from ..deps import ReplaysDep
from ..forms import whole

#: Where a record file is uploaded for the replay viewer: its bodies may be larger.
UPLOAD = "/api/replays"

router = APIRouter()


@router.post(UPLOAD, status_code=201)
async def api_upload(request: Request, replays: ReplaysDep) -> Doc:
    """A record file (``gravehold play --record``) as the body: checked, kept, and
    given a replay link."""
    raw = await request.body()
    r = await asyncio.to_thread(replays.upload, raw)
    return {"id": r.ref, "url": f"/replay/{r.ref}", "steps": r.steps, "title": r.title}


@router.get("/api/replays/{ref}")
async def api_replay(ref: str, replays: ReplaysDep) -> Doc:
    """A replay's size, turns, seats and outcome: a finished game's, or an upload's."""
    r = await asyncio.to_thread(replays.get, ref)
    return r.index()


@router.get("/api/replays/{ref}/steps/{step}")
async def api_replay_step(ref: str, step: str, replays: ReplaysDep, t: str | None = None) -> Doc:
    """Step ``step`` (0: the first decision) as a board frame: a spectator's, or with ``t``,
    a seat's link token, that seat's (its own hand shown, the others' hidden)."""
    r = await asyncio.to_thread(replays.get, ref)
    k = whole(step, "step", 0, 0, r.steps)
    return await asyncio.to_thread(r.frame, k, r.seat_of(t))
