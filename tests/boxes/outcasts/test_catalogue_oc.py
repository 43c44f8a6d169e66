"""Catalogue: Outcasts against the reference files (skipped where they are absent).

Every Outcasts mage, supply card, unique starter, nemesis, nemesis card (the nemeses' own,
their special decks, the basics, the upgraded basics and the curse deck) and treasure of
the reference lists is present with the right name, type, cost, tier, life, power and box.
The box's names that differ from the reference are listed here, each with the module that
records why: every Outcasts mage shares a name with a mage of another box and is told apart
by "(OC)" (``mages.py``); basics named like another box's card carry "(O)" (``basics.py``,
``upgraded.py``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gravehold.content import registry

REF = Path(__file__).resolve().parents[4] / "shared" / "reference"


def _load(name: str) -> list[dict[str, Any]]:
    path = REF / name
    if not path.exists():  # pragma: no cover - the reference lives beside the repo
        pytest.skip(f"reference file {path} not present")
    return [e for e in json.loads(path.read_text()) if e.get("expansion") == "O"]


def _fold(name: str) -> str:
    return name.casefold().replace("’", "'").removesuffix(" (oc)").removesuffix(" (o)")


def test_catalogue_oc_supply_cards_and_unique_starters() -> None:
    refs = _load("player_cards.json")
    cards = {_fold(n): c for n, c in registry.CARDS.items() if c.box == "O"}
    supply = [r for r in refs if r["category"] == "supply"]
    starters = [r for r in refs if r["category"] == "unique_starter"]
    assert len(supply) == 31
    for ref in supply:
        c = cards.get(_fold(ref["name"]))
        assert c is not None, f"supply card {ref['name']} is missing"
        assert (c.type, c.cost, c.starter) == (ref["type"].lower(), ref["cost"], False), ref["name"]
    owners: dict[str, set[str]] = {}
    for ref in starters:  # a starter two mages share (Ilya's and Kel's) is listed once per mage
        owners.setdefault(_fold(ref["name"]), set()).add(_fold(ref["mage"]))
        c = cards.get(_fold(ref["name"]))
        assert c is not None and c.starter, ref["name"]
        assert (c.type, c.cost) == (ref["type"].lower(), ref["cost"]), ref["name"]
    assert all(_fold(cards[n].mage or "") in mages for n, mages in owners.items())
    assert sum(1 for c in registry.CARDS.values() if c.box == "O" and not c.starter and c.type in
               ("gem", "relic", "spell")) == 31


def test_catalogue_oc_mages_have_their_mats_and_names_told_apart() -> None:
    refs = _load("mages.json")
    assert len(refs) == 8
    for ref in refs:
        m = registry.MAGES[f"{ref['name']} (OC)"]
        assert m.box == "O" and m.name == m.id, ref["name"]
        assert [_fold(c) for c in m.hand] == [_fold(c) for c in ref["starting_hand"]], m.id
        assert [_fold(c) for c in m.deck] == [_fold(c) for c in ref["starting_deck"]], m.id
        assert (m.ability.charges, _fold(m.ability.name)) == (ref["ability"]["charges"], _fold(ref["ability"]["name"]))


def test_catalogue_oc_nemeses_with_their_decks() -> None:
    refs = _load("nemeses.json")
    assert len(refs) == 4
    for ref in refs:
        n = registry.nemesis(ref["name"])
        assert (n.box, n.difficulty) == ("O", ref["difficulty"]), n.id
        if isinstance(ref["life"], int):  # Experiment 153 has maws, no life dial
            assert n.life == ref["life"], n.id
        names = [_fold(registry.shown(c)) for c in n.cards]
        assert sorted(names) == sorted(_fold(c) for t in ("1", "2", "3") for c in ref["nemesis_deck_cards"][t]), n.id


def test_catalogue_oc_nemesis_cards_basics_upgraded_basics_and_curses() -> None:
    refs = _load("nemesis_cards.json")
    ours = {_fold(registry.shown(k)): c for k, c in registry.NEMESIS_CARDS.items() if c.box == "O"}
    players = {_fold(n): c for n, c in registry.CARDS.items() if c.box == "O"}
    for ref in refs:
        if ref.get("deck") == "curse_deck":  # K-12: curses are player cards a nemesis card hands out
            assert _fold(ref["name"]) in players, f"curse {ref['name']} is missing"
        elif ref["category"] in ("basic", "upgraded_basic") or ref.get("deck") == "nemesis_deck":
            c = ours.get(_fold(ref["name"]))
            assert c is not None, f"nemesis card {ref['name']} ({ref['category']}) is missing"
            assert c.type == ref["type"].lower(), ref["name"]
            assert c.upgraded == (ref["category"] == "upgraded_basic"), ref["name"]
            if ref.get("tier"):
                assert c.tier == ref["tier"], ref["name"]
            if ref["type"] == "Minion" and ref.get("life"):
                assert c.life == ref["life"], ref["name"]
            if ref["type"] == "Power" and ref.get("power_tokens") is not None:
                assert c.power_tokens == ref["power_tokens"], ref["name"]
    box = registry.BOXES["O"]
    assert (len(box.basic_cards), len(box.upgraded_cards)) == (22, 15)


def test_catalogue_oc_treasures_by_tier() -> None:
    refs = _load("treasures.json")
    assert len(refs) == 13
    ours = {_fold(n): t for n, t in registry.TREASURES.items() if t.box == "O"}
    for ref in refs:
        t = ours.get(_fold(ref["name"]))
        assert t is not None, f"treasure {ref['name']} is missing"
        assert t.tier == ref["level"], ref["name"]
    assert len(ours) == 13
