"""The seeded challenge: its page (``/challenge[/{id}]``), the set with every result
(``GET /api/challenge/{id}``) and a person's game of one setup
(``POST /api/challenge/{id}/{n}/start``), which a seat may give up
(``POST /api/challenge/games/{gid}/give-up``).

The bots' results are played the first time a set is asked for and kept in the store
(``ChallengeStore.bot_results``), in a thread, so the server goes on meanwhile. A refused
id, setup number or name is a 422 naming the field (``ChallengeError.field``).
"""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, JSONResponse, Response

from ...challenge import ChallengeError, challenge_id, player_name, setup_of, this_week
from ...engine.shapes import Doc
from ..deps import GamesCap, HubDep, JsonBody, Owner, browser, set_browser
from ..forms import Refused, browser_id, clip, token
from .pages import STATIC

router = APIRouter()


@router.get("/challenge", include_in_schema=False)
async def challenge_page(request: Request) -> Response:
    """This week's set; the page reads the id from its path, none meaning this week."""
    resp = FileResponse(STATIC / "challenge.html")
    browser(request, resp)
    return resp


@router.get("/challenge/{cid}", include_in_schema=False)
async def challenge_set_page(cid: str, request: Request) -> Response:
    try:
        challenge_id(cid)
    except ChallengeError as e:
        raise Refused(404, f"There is no challenge {clip(cid, 40)}: {e}") from None
    return await challenge_page(request)


@router.get("/api/challenge")
async def api_this_week(hub: HubDep) -> Doc:
    """This week's set (``/api/challenge/{id}`` of today's week)."""
    return await api_challenge(this_week(), hub)


@router.get("/api/challenge/{cid}")
async def api_challenge(cid: str, hub: HubDep) -> Doc:
    """The set: its setups, each with every result on it (the bots' first), and each
    group's win rate. The bots' results are played now if the store has none yet."""
    cid = challenge_id(cid)
    return await asyncio.to_thread(hub.challenges.table, cid)


@router.post("/api/challenge/{cid}/{number}/start", status_code=201)
async def api_start(cid: str, number: str, request: Request, raw: JsonBody, cookie: Owner, hub: HubDep,
                    cap: GamesCap) -> JSONResponse:
    """``{"name"}``: a person's game of setup ``number``, every seat theirs. The reply is a
    new game's (its id, title and each seat's link), with ``you``: the first seat's link."""
    for key in raw:
        if key not in ("name", "browser"):
            raise Refused(422, f"{clip(key, 40)}: not a field of a challenge game (fields: name)", field=key[:40])
    cid = challenge_id(cid)
    setup = setup_of(cid, number)
    name = player_name(raw.get("name"))
    given = raw.get("browser")
    if cookie is None and given is not None and browser_id(given) is None:
        raise Refused(422, "browser: must be 1 to 64 letters, digits, '-' or '_'", field="browser")
    cap.check(request)
    owner = cookie or (given if isinstance(given, str) else "")
    _, links = hub.start_challenge(cid, setup.number, name, owner)  # as games are made: on the loop, with the hub
    links = {**links, "challenge": cid, "setup": setup.number, "you": links["seats"][0]["url"]}
    resp = JSONResponse(links, status_code=201)
    if cookie is None and owner:
        set_browser(request, resp, owner)
    return resp


@router.post("/api/challenge/games/{gid}/give-up")
async def api_give_up(gid: str, raw: JsonBody, hub: HubDep) -> Doc:
    """``{"token"}``: a seat of a challenge game gives it up; it is stored lost (reason
    ``conceded``) and so is its result on the challenge."""
    for key in raw:
        if key != "token":
            raise Refused(422, f"{clip(key, 40)}: not a field of giving up (fields: token)", field=key[:40])
    return await hub.give_up_challenge(gid, token(raw.get("token")))
