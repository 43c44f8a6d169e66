"""Play a human seat of a web game through the API with an agent, for tests that need a
game to reach a given point (its end) quickly; and the setups that end soonest."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from gravehold.agents import make_agent
from gravehold.engine.state import Decision, tupled

#: Random bots lose this two-seat game soon (a seat's bot plays seed * 10 + seat).
QUICK = {"nemesis": "Rageborne", "market": "Deck Destruction", "seed": 7}


def quick_decisions(humans: tuple[int, ...] = (), mages: tuple[str, str] = ("Brama", "Mist")) -> int:
    """How many decisions the QUICK game takes when every seat plays the server's random
    bot (the human seats too, as :func:`drive` plays them), worked out here, offline."""
    from gravehold import Game

    g = Game.new(mages=list(mages), human_seats=list(humans) or None, events=False, **QUICK)  # type: ignore[arg-type]
    agents = [make_agent("random", int(QUICK["seed"]) * 10 + i) for i in range(len(mages))]
    while not g.over:
        d = g.decision
        assert d is not None
        g.apply(agents[max(d.player, 0)].choose(d, lambda: {}))
    return g.state.seq


def quick_game(client: Any, humans: tuple[int, ...] = (0,), mages: tuple[str, str] = ("Brama", "Mist"),
               **extra: Any) -> dict[str, Any]:
    """A new QUICK game whose other seats are random bots; the links the server gave."""
    seats = [{"mage": m, "bot": None if i in humans else "random"} for i, m in enumerate(mages)]
    r = client.post("/api/games", json={"seats": seats, **QUICK, **extra})
    assert r.status_code == 201, r.text
    links: dict[str, Any] = r.json()
    return links


def token(url: str) -> str:
    return url.split("t=", 1)[1]


def drive(client: Any, gid: str, tokens: dict[int, str], seed: int = 7,
          until: Callable[[dict[str, Any]], bool] = lambda s: bool(s["over"]), timeout: float = 60) -> dict[str, Any]:
    """Answer the decisions of the seats in ``tokens`` (seat -> token) with the random agent
    the server's bots would use, until ``until(state)`` holds for the first of them; that
    state, as the first seat sees it."""
    agents = {seat: make_agent("random", seed * 10 + seat) for seat in tokens}
    first = next(iter(tokens.values()))
    end = time.time() + timeout
    while time.time() < end:
        s: dict[str, Any] = client.get(f"/api/games/{gid}", params={"t": first}).json()
        if until(s):
            return s
        for seat, tok in tokens.items():
            s = client.get(f"/api/games/{gid}", params={"t": tok}).json() if tok != first else s
            if not s["your_turn"]:
                continue
            d = s["view"]["decision"]
            dec = Decision(d["kind"], d["player"], d["source"], d["prompt"],
                           [tupled(o["action"]) for o in s["options"]], tuple(d.get("resume") or ()), d["seq"])
            a = agents[seat].choose(dec, lambda s=s: s["view"])
            r = client.post(f"/api/games/{gid}/actions", json={"token": tok, "seq": s["seq"], "action": list(a)})
            assert r.status_code == 200, r.text
            break
        else:
            time.sleep(0.02)
    raise AssertionError("the game never got there")
