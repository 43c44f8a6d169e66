"""The game log: every event the engine emits has a line or is silent on purpose."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from gravehold import Game
from gravehold.agents import make_agent
from gravehold.content import registry
from gravehold.events_text import PHASES, RENDERERS, SILENT, event_text, phase_text, result_text
from gravehold.record import play

SRC = Path(__file__).resolve().parents[2] / "src" / "gravehold"
EMIT = re.compile(r"\.ev\(\s*\"([a-z_]+)\"")


def emitted() -> set[str]:
    names: set[str] = set()
    for path in [*SRC.glob("engine/**/*.py"), *SRC.glob("boxes/**/*.py")]:
        names |= set(EMIT.findall(path.read_text()))
    return names


def line(event: str, **fields: Any) -> str | None:
    return event_text({"event": event, "turn": 5, **fields})


def test_every_emitted_event_is_rendered_or_silent() -> None:
    names = emitted()
    assert len(names) > 60  # the scan itself works
    assert sorted(names - set(RENDERERS) - SILENT) == []


def test_no_renderer_or_silent_entry_for_an_event_never_emitted() -> None:
    names = emitted()
    assert sorted((set(RENDERERS) | SILENT) - names) == []
    assert sorted(set(RENDERERS) & SILENT) == []


def test_silent_events_give_no_line() -> None:
    assert line("turn_end", active=0) is None
    assert line("aether", player=0, amount=2, source="Crystal") is None


def test_husks_placed() -> None:
    assert line("husks_placed", amount=2, total=7, source="Hatch") == "2 husks join the track (7 on it)"
    assert line("husks_placed", amount=1, total=1, source="Hatch") == "1 husk joins the track (1 on it)"
    assert line("husks_placed", amount=0, total=15, source="Hatch") == "the husk track is full (15 on it)"


def test_husks_killed_by_a_player_card_or_removed_by_the_nemesis() -> None:
    assert line("husks_killed", amount=3, total=4, source="Spark") == "Spark kills 3 husks (4 left)"
    assert line("husks_killed", amount=1, total=0, source="Legion Beacon") == "Legion Beacon removes 1 husk (0 left)"
    assert line("husk_damaged", damage=1, source="Spark") == "a husk takes 1 damage (Spark)"


def test_swarm() -> None:
    assert line("swarm", husks=6, source="Spawn") == "the husks swarm (6 on the track)"


def test_corruption_gained_never_names_the_card() -> None:
    """The log is shared by every seat; only the taker may see a corruption in hand."""
    hand = line("corruption_gained", player=0, to="hand", card="Endless Hunger", source="Afflict")
    assert hand == "P1 gains a corruption into their hand"
    deck = line("corruption_gained", player=1, to="deck", card=None, source="Afflict")
    assert deck == "P2 gains a corruption on top of their deck"
    assert line("corruption_resolved", player=0, card="Endless Hunger") == "P1 resolves Endless Hunger"


def test_draw_gives_the_count_only() -> None:
    assert line("draw", player=0, count=5) == "P1 draws 5 cards"
    assert line("draw", player=1, count=1) == "P2 draws 1 card"


def test_optional_fields_may_be_missing() -> None:
    assert line("discard", player=0, card="Crystal") == "P1 discards Crystal"
    assert line("discard", player=0, card="Crystal", source="Nix") == "P1 discards Crystal (Nix)"
    assert line("revealed", player=0, cards=["Spark", "Crystal"], source="Chaos Flail") \
        == "P1 reveals Spark, Crystal (Chaos Flail)"
    assert line("revealed", player=0, card="Spark") == "P1 reveals Spark"
    assert line("damage_prevented", amount=3, target="gravehold") == "3 damage to Gravehold is prevented"
    assert line("damage_prevented", amount=2, target=1) == "2 damage to P2 is prevented"
    assert line("damage_prevented", card="Broodwomb", amount=4, source="Spark") \
        == "4 damage to Broodwomb is prevented (Spark)"
    assert line("blood_magic", card="Solara") == "Solara: Blood Magic"
    assert line("blood_magic", card="Solara", self_damage=False) == "Solara: Blood Magic (without self-damage)"


def test_no_ops_give_no_line() -> None:
    assert line("charges_lost", player=0, amount=0, source="Unleash") is None
    assert line("charges_lost", player=0, amount=2) == "P1 loses 2 charges"
    assert line("life", player=0, amount=0, source="x", life=10) is None
    assert line("cloak", prevented=0, source="Spark") is None
    assert line("nemesis_cards_discarded", cards=[], source="Vex") is None


def test_tokens_of_a_player_and_of_the_nemesis() -> None:
    assert line("token", token="fury", amount=1, total=2) == "nemesis fury: 2"
    assert line("token", token="nemesis", amount=-1, total=3, source="x") == "nemesis tokens: 3"
    assert line("token", player=1, token="trophy", amount=1, total=2) == "P2 trophy: 2"


@pytest.mark.parametrize("nemesis", sorted(registry.NEMESES))
def test_every_event_of_a_real_game_renders(nemesis: str) -> None:
    g = Game.new(mages=["Brama", "Mist"], nemesis=nemesis, market="random", seed=3, events=True)
    play(g, [make_agent("random", 1), make_agent("random", 2)])
    assert g.events
    for e in g.events:
        t = event_text(e)
        assert t is None or (isinstance(t, str) and t and "None" not in t), e


def test_ward_names_the_turn_it_protects() -> None:
    """Phaedraxa's Auspex Rune: the event keeps the warded turn (the engine stamps its own)."""
    assert line("ward", warded_turn=6, source="Auspex Rune") == \
        "turn 6 is warded: players and Gravehold take no damage"
    assert line("ward", source="Auspex Rune") == "the next turn is warded: players and Gravehold take no damage"


def test_docs_events_md_lists_every_event_with_its_fields() -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("events_doc", SRC.parent.parent / "scripts" / "events_doc.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert set(mod.scan()) == emitted()
    assert mod.DOC.read_text() == mod.render(), "docs/events.md is out of date: run python scripts/events_doc.py"


def test_phases_and_endings_read_as_words_never_engine_names() -> None:
    """What the status lines and board headers say: no "nemesis_draw", no "(gravehold)"."""
    assert phase_text("nemesis_draw") == "the nemesis draws" and phase_text("main") == "main phase"
    assert phase_text("some_box_phase") == "some box phase"  # a box's own phase still reads
    assert all("_" not in words for words in PHASES.values())
    assert result_text("loss", "gravehold") == "Defeat: Gravehold fell"
    assert result_text("win", "nemesis_defeated", "Rageborne") == "Victory: Rageborne was defeated"
    assert result_text(None, None) == "not over"
