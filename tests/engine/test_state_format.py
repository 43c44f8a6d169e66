"""The JSON snapshot: the documented example loads, and bad states name their field."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

from gravehold import Game, StateFormatError

from support import base_state

DOC = Path(__file__).parents[2] / "docs" / "state-format.md"


def doc_example() -> dict:
    text = DOC.read_text()
    m = re.search(r"```json\n(.*?)```", text, re.S)
    assert m, "docs/state-format.md lost its JSON example"
    return json.loads(m.group(1))


def test_documented_example_loads_and_starts_brama_casting_phase() -> None:
    g = Game.from_dict(doc_example())
    st = g.state
    assert st.active == 0 and st.phase == "casting"
    assert st.to_deck == ["N", "P2"] and st.to_discard == ["P2", "N", "P1", "P1"]
    assert g.decision is not None and g.decision.kind == "casting"
    # the Spark on the closed breach must be cast, so there is no way to end casting
    assert g.legal_actions() == [("cast", 1, 0), ("cast", 2, 0)]
    assert [c.name for c in st.nemesis.in_play] == ["Provoker", "Blood Cry"]
    assert st.players[1].hand == ["Crystal"] * 4 + ["Garnet Shard"]


def test_round_trip_is_exact_at_a_hand_written_state() -> None:
    g = Game.from_dict(doc_example())
    again = Game.from_json(g.to_json())
    assert again == g
    assert again.to_json() == g.to_json()


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [
        (("players", 0, "breaches", 2, "stage"), 5, "players[0].breaches[2].stage"),
        (("players", 1, "hand", 1), "Crystall", "players[1].hand[1]"),
        (("players", 0, "life"), 11, "players[0].life"),
        (("nemesis", "in_play", 0, "name"), "Nobody", "nemesis.in_play[0].name"),
        (("turn_order", "deck", 0), "P9", "turn_order.deck[0]"),
        (("supply", 0), ["Frozen Magmite"], "supply[0]"),
        (("players", 0, "charges"), 9, "players[0].charges"),
        (("players", 0, "mage"), "Gandalf", "players[0].mage"),
    ],
)
def test_malformed_state_names_the_field(path: tuple, value: object, field: str) -> None:
    d = doc_example()
    target = d
    for k in path[:-1]:
        target = target[k]
    target[path[-1]] = value
    with pytest.raises(StateFormatError) as e:
        Game.from_dict(d)
    assert e.value.field == field
    assert field in str(e.value)


def test_missing_breaches_and_bad_json_are_refused() -> None:
    d = base_state()
    d["players"][0]["breaches"] = d["players"][0]["breaches"][:3]
    with pytest.raises(StateFormatError, match=r"players\[0\]\.breaches"):
        Game.from_dict(d)
    with pytest.raises(StateFormatError, match="not valid JSON"):
        Game.from_json("{not json")
    with pytest.raises(StateFormatError, match="format"):
        Game.from_dict({**copy.deepcopy(d), "format": "something-else/9"})


def test_state_format_a_views_fields_are_read_once_not_at_every_searched_decision(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A search agent turns a seat's view into a state at every decision it searches
    (``schema.state_fields``); the documents' field names are read from their classes once."""
    import msgspec

    from gravehold.engine import schema

    g = Game.new(mages=["Brama", "Mist"], nemesis="Rageborne", seed=3, events=False)
    v = g.view_for(0)
    schema.state_fields(v)  # the first reading may fill the table
    calls: list[object] = []
    real = msgspec.structs.fields
    monkeypatch.setattr(msgspec.structs, "fields", lambda t: calls.append(t) or real(t))
    first = schema.state_fields(v)
    again = schema.state_fields(v)
    assert calls == [] and first == again
    assert set(first["players"][0]) <= {f.encode_name for f in real(schema.PlayerDoc)}
    assert "deck_size" in v["players"][0] and "deck_size" not in first["players"][0]
