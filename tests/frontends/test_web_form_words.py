"""The set-up forms' refusals read as a player's sentences naming what to fix, while the
JSON keeps the field at fault for programs (``web/wording.py``); nothing is stored."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from fastapi.testclient import TestClient

from gravehold.campaigns.expedition import policy
from gravehold.campaigns.expedition.store import ExpeditionStore
from gravehold.web.app import create_app

ONE = [{"mage": "Brama"}]
#: a new-game request, the words a player reads, and the field a program reads
GAME_REFUSALS: list[tuple[dict[str, Any], str, str]] = [
    ({"seats": ONE, "market": []}, "Choose at least 9 supply cards (you chose 0)", "market"),
    ({"seats": ONE, "market": ["Jade"] * 10}, "Choose at most 9 supply cards (you chose 10)", "market"),
    ({"seats": ONE, "market": ["Jade", "Jadx", *["Kindle"] * 7]},
     "There is no card called 'Jadx' (supply card 2). Did you mean Jade?", "market[1]"),
    ({"seats": ONE, "market": ["Jade", "Kindle", "Jade", *["Spark"] * 6]},
     "Jade is chosen twice (supply cards 1 and 3): each supply card must be a different one", "market[2]"),
    ({"seats": []}, "Choose at least 1 seat (you chose 0)", "seats"),
    ({"seats": ONE * 5}, "Choose at most 4 seats (you chose 5)", "seats"),
    ({}, "Choose the seats: the form sent none", "seats"),
    ({"seats": [{"mage": "Brama"}, {"mage": "Bramma"}]},
     "There is no mage called 'Bramma' (seat 2). Did you mean Brama?", "seats[1].mage"),
    ({"seats": [{"mage": "Brama"}, {"mage": "Mist"}, {"mage": "brama"}]},
     "Seats 1 and 3 both chose Brama: choose a different mage for each seat", "seats[2].mage"),
    ({"seats": [{"mage": "Brama", "bot": "genius"}]},
     "There is no bot called 'genius' (seat 1). Choose heuristic, ismcts, planner or random.", "seats[0].bot"),
    ({"seats": ONE, "nemesis": "Rageborn"}, "There is no nemesis called 'Rageborn'. Did you mean Rageborne?",
     "nemesis"),
    ({"seats": ONE, "market": "Nowhere"}, "There is no market called 'Nowhere'. Choose one from the list.", "market"),
    ({"seats": ONE, "difficulty": "hard"},
     "There is no difficulty called 'hard': choose beginner, normal, expert or extinction", "difficulty"),
    ({"seats": ONE, "basics": "ZZ"}, "There is no box called 'ZZ'. Choose one from the list.", "basics"),
    ({"seats": ONE, "upgraded": ["Nothing At All"]},
     "There is no nemesis card called 'Nothing At All' (upgraded nemesis card 1). Choose one from the list.",
     "upgraded[0]"),
    ({"seats": ONE, "seed": "x"}, "The seed must be an integer or null, got a string", "seed"),
    ({"seats": ONE, "boxes": ["O"]}, "This form has no field 'boxes': leave it out", "boxes"),
    ({"seats": ONE, "market": ["Frozen Magmite", "Scoria Slag", "Erratic Ingot", "Breach Ore", "Cairn Compass",
                               "Kindle", "Nova Forge", "Fiery Torrent", "Crystallize"]},
     "The hand-picked market needs 9 different supply cards, 3 gems, 2 relics and 4 spells: they make 4 gems, "
     "1 relic and 4 spells.", "market"),
]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'w.db'}", bot_delay=0.0)) as c:
        c.cookies.set("gravehold_browser", "words-test")
        yield c


@pytest.mark.parametrize(("body", "words", "field"), GAME_REFUSALS)
def test_a_refused_new_game_says_what_to_fix_and_names_the_field(client: TestClient, body: dict[str, Any],
                                                                  words: str, field: str) -> None:
    r = client.post("/api/games", json=body)
    assert (r.status_code, r.json()) == (422, {"error": words, "field": field})
    assert client.get("/api/games").json()["total"] == 0


def set_out(client: TestClient, players: int) -> tuple[str, str, dict[str, Any]]:
    """A new expedition's id, its token and the bots' policy's choices for battle 1."""
    r = client.post("/api/expeditions", json={"players": players, "seed": 3})
    assert r.status_code == 201, r.text
    eid, tok = r.json()["id"], r.json()["url"].split("t=", 1)[1]
    store: ExpeditionStore = client.app.state.hub.expeditions  # type: ignore[attr-defined]
    return eid, tok, msgspec.to_builtins(policy.choose(store.get(eid).exp))


def test_a_refused_battle_says_what_to_fix_and_names_the_field(client: TestClient) -> None:
    eid, tok, ch = set_out(client, 2)
    first, second = ch["seats"]
    store: ExpeditionStore = client.app.state.hub.expeditions  # type: ignore[attr-defined]
    held = set(store.get(eid).exp.barracks.mages)  # the Barracks depends on the content the draws come from
    outside = next(m for m in ("Mist", "Kadir", "Brama", "Jian") if m not in held)
    cases: list[tuple[dict[str, Any], str, str]] = [
        ({"supply": []}, "Choose at least 9 supply cards (you chose 0)", "supply"),
        ({"seats": [first, {**second, "mage": ""}]}, "Choose a mage for seat 2", "seats[1].mage"),
        ({"seats": [{**first, "mage": ""}, {**second, "mage": " "}]}, "Choose a mage for seats 1 and 2",
         "seats[0].mage"),
        ({"seats": []}, "Choose at least 1 seat (you chose 0)", "seats"),
    ]
    for change, words, field in cases:
        r = client.post(f"/api/expeditions/{eid}/battle", json={"token": tok, "version": 0, **ch, **change})
        assert (r.status_code, r.json()) == (422, {"error": words, "field": field}), change
    r = client.post(f"/api/expeditions/{eid}/battle",
                    json={"token": tok, "version": 0, **ch, "seats": [{**first, "mage": outside}, second]})
    assert r.status_code == 422 and r.json()["field"] == "seats[0].mage"
    assert r.json()["error"].startswith(f"Seat 1's mage: {outside!r} is not in the Barracks"), r.json()
    assert client.get(f"/api/expeditions/{eid}").json()["version"] == 0


def test_a_refused_new_expedition_says_what_to_fix(client: TestClient) -> None:
    cases: list[tuple[dict[str, Any], str, str]] = [
        ({"players": 2, "boxes": ["AE", "Nope"]}, "There is no box called 'Nope' (box 2). Choose one from the list.",
         "boxes[1]"),
        ({"players": 5}, "The number of players must be an integer at most 4", "players"),
        ({}, "Choose the number of players: the form sent none", "players"),
    ]
    for body, words, field in cases:
        r = client.post("/api/expeditions", json=body)
        assert (r.status_code, r.json()) == (422, {"error": words, "field": field}), body
    assert client.get("/api/expeditions").json()["total"] == 0
