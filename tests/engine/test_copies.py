"""Copies with a state of their own (docs/state-format.md, "Copies with their own state").

No shipped card uses these yet; the next boxes do. Each is plain data in the state, so it
clones, saves, loads, is masked in views and is counted by the card census like any card.
"""

from __future__ import annotations

import inspect
import re
from typing import Any

import msgspec
import pytest

from gravehold import Game, StateFormatError
from gravehold.content import registry
from gravehold.content.model import CardDef
from gravehold.engine import frames, schema, state_load
from gravehold.engine.game import card_census
from gravehold.engine.state import Breach, Decision, InPlay, Nemesis, Player, State
from gravehold.engine.view import HIDDEN_CARD

from support import position


def _state(**fields: Any) -> dict[str, Any]:
    g = Game.new(mages=["Brama", "Mist"], nemesis="Rageborne", market="Reuse Spells!", seed=3)
    d = position(g)
    d.update(fields)
    return d


# ----------------------------------------------------------------- two copies of one minion

def test_N_1_two_copies_of_one_minion_keep_their_own_life_and_are_two_targets() -> None:
    d = _state()
    d["nemesis"]["in_play"] = [{"name": "Provoker", "life": 5}, {"name": "Provoker", "life": 2}]
    d["players"][0]["breaches"][0] = {"state": "open", "spells": ["Spark"]}
    g = Game.at(d, *frames.main_phase(0), active=0)
    assert Game.from_json(g.to_json()) == g
    g = Game.at(g, frames.step(0, "Spark", ("damage", 2)), *frames.main_phase(0))
    d2 = g.decision
    assert d2 is not None and d2.kind == "target"
    assert d2.options == [("target", "nemesis"), ("target", "Provoker"), ("target", "Provoker#2")]
    g.apply(("target", "Provoker#2"))
    assert [(c.name, c.life) for c in g.state.nemesis.in_play] == [("Provoker", 5)]
    assert g.state.nemesis.discard[-1:] == ["Provoker"]


def test_N_1_each_copy_of_a_minion_acts_in_the_nemesis_main_phase() -> None:
    d = _state()
    d["nemesis"]["in_play"] = [{"name": "Provoker", "life": 5}, {"name": "Provoker", "life": 2}]
    g = Game.at(d, ("nemesis_turn",), active=-1)
    first_turn = g.events[:next(k for k, e in enumerate(g.events) if e["event"] == "turn_end")]
    acts = [e for e in first_turn if e["event"] == "persistent"]
    assert [e["card"] for e in acts] == ["Provoker", "Provoker"]


def test_N_1_a_second_copy_of_a_power_ticks_its_own_tokens() -> None:
    d = _state()
    d["nemesis"]["in_play"] = [{"name": "Blood Cry", "power": 2}, {"name": "Blood Cry", "power": 1}]
    g = Game.at(d, ("nemesis_turn",), active=-1)
    ticks = [(e["card"], e["power"]) for e in g.events if e["event"] == "power_tick"]
    assert ticks == [("Blood Cry", 1), ("Blood Cry", 0)]
    assert [(c.name, c.power) for c in g.state.nemesis.in_play] == [("Blood Cry", 1)]


# ----------------------------------------------------------------- attached and face down

def test_K_2_a_card_attached_under_a_breach_is_kept_saved_counted_and_public() -> None:
    d = _state()
    d["players"][0]["breaches"][1] = {"state": "closed", "stage": 1, "attached": ["Mage's Talisman"]}
    g = Game.from_dict(d)
    br = g.state.players[0].breaches[1]
    assert br.attached == ("Mage's Talisman",)
    assert Game.from_json(g.to_json()) == g
    c = g.clone()
    c.state.players[0].breaches[1].attached = ()  # replaced, as every change of it is
    assert br.attached == ("Mage's Talisman",)  # the original keeps its own
    assert card_census(g.state)["Mage's Talisman"] == card_census(Game.from_dict(_state()).state)["Mage's Talisman"] + 1
    assert g.view_for(1)["players"][0]["breaches"][1]["attached"] == ["Mage's Talisman"]


def test_face_down_card_in_a_breach_is_hidden_from_the_other_seats_only() -> None:
    d = _state()
    # K-3: a face-down card lies under its stand-in spell (engine/keywords/conjure.py)
    d["players"][0]["breaches"][0] = {"state": "open", "spells": ["Face-down Spell"], "face_down": ["Spark"]}
    g = Game.from_dict(d)
    assert g.view_for(0)["players"][0]["breaches"][0]["face_down"] == ["Spark"]
    assert g.view_for(1)["players"][0]["breaches"][0]["face_down"] == [HIDDEN_CARD]
    assert g.view_for(None)["players"][0]["breaches"][0]["face_down"] == [HIDDEN_CARD]
    assert Game.from_json(g.to_json()) == g
    assert g.clone() == g


def test_attached_and_face_down_cards_must_be_known_and_need_a_breach() -> None:
    d = _state()
    d["players"][0]["breaches"][0] = {"state": "open", "attached": ["Moon Pie"]}
    with pytest.raises(StateFormatError, match=r"players\[0\]\.breaches\[0\]\.attached\[0\]: unknown card"):
        Game.from_dict(d)
    d["players"][0]["breaches"][0] = {"state": "none", "face_down": ["Spark"]}
    with pytest.raises(StateFormatError, match=r"breaches\[0\]\.face_down: the mage has no such breach"):
        Game.from_dict(d)


# ----------------------------------------------------------------- a marked copy

def _sharpened(c: CardDef) -> CardDef:
    from dataclasses import replace

    return replace(c, cast=((c.cast[0][0], c.cast[0][1] + 1), *c.cast[1:]))


if "test_sharp" not in registry.MARKS:
    registry.register_mark("test_sharp", _sharpened)


def test_a_marked_copy_is_a_card_of_its_own_that_counts_as_its_base() -> None:
    name = registry.marked("Spark", "test_sharp")
    assert name == "Spark{test_sharp}" and registry.base_of(name) == "Spark"
    card = registry.CARDS[name]
    assert card.marks == ("test_sharp",) and card.cast == (("damage", 2),)
    assert registry.CARDS["Spark"].cast == (("damage", 1),)  # the other copies are unchanged
    d = _state()
    d["players"][0]["hand"] = ["Spark", *d["players"][0]["hand"][1:]]
    before = card_census(Game.from_dict(d).state)
    d["players"][0]["hand"][0] = name
    g = Game.from_dict(d)
    assert card_census(g.state) == before
    assert Game.from_json(g.to_json()) == g


def test_a_marked_copy_named_in_json_loads_and_an_unknown_mark_is_refused() -> None:
    d = _state()
    d["players"][0]["hand"][0] = "Crystal{test_sharp}"
    with pytest.raises(StateFormatError, match=r"players\[0\]\.hand\[0\]: unknown card 'Crystal\{test_sharp\}'"):
        Game.from_dict(d)  # Crystal has no cast to sharpen: the mark cannot apply
    d["players"][0]["hand"][0] = "Spark{no_such_mark}"
    with pytest.raises(StateFormatError, match=r"unknown card 'Spark\{no_such_mark\}'"):
        Game.from_dict(d)


# ----------------------------------------------------------------- the census of slots

#: JSON keys whose name differs from the slot they hold
_KEYS = {"gravehold_max": "gravehold", "gravehold": "gravehold", "to_deck": "turn_order",
         "to_discard": "turn_order", "supply_names": "supply", "supply_counts": "supply"}
#: the schema document each class is loaded from
_DOCS = {Breach: schema.BreachDoc, Player: schema.PlayerDoc, InPlay: schema.InPlayDoc, Nemesis: schema.NemesisDoc,
         Decision: schema.DecisionDoc, State: schema.StateDoc}


@pytest.mark.parametrize("cls", [Breach, Player, InPlay, Nemesis, Decision, State], ids=lambda c: c.__name__)
def test_state_format_every_slot_is_cloned_saved_and_loaded(cls: type) -> None:
    """A field added to a state class but left out of clone, to_dict or the loader fails here."""
    slots = cls.__slots__
    clones = [inspect.getsource(cls.clone)] if cls is not Decision else []  # a Decision is immutable
    if cls is Breach:  # Player.clone also copies breaches, inline (the hot path)
        src = inspect.getsource(Player.clone)
        clones.append(src[src.index("for b in self.breaches"):])
    save_src = inspect.getsource(cls.to_dict)
    load_src = "".join(inspect.getsource(f) for f in (  # the loader and the helpers it reads each part with
        state_load.state_from_doc, state_load._player_from_doc, state_load._nemesis_from_doc,
        state_load._progress_from_doc))
    doc_fields = {f.name for f in msgspec.structs.fields(_DOCS[cls])}
    for slot in slots:
        for src in clones:
            assert re.search(rf"\.{slot}\b", src), f"{cls.__name__}.{slot} is not copied by clone"
        key = _KEYS.get(slot, slot)
        assert f'"{key}"' in save_src or f"self.{slot}" in save_src, f"{cls.__name__}.{slot} is not saved"
        assert f'"{key}"' in load_src or f".{slot}" in load_src, f"{cls.__name__}.{slot} is not loaded"
        assert key in doc_fields, f"{cls.__name__}.{slot} has no field in the schema"
