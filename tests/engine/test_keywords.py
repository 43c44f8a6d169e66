"""Each rules keyword lives in one module of ``engine/keywords``; one exact test per module.

Every state is written by hand and small, started with ``Game.at`` and read back whole, so
moving a keyword's code cannot change what it does without one of these failing.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator
from typing import Any

import pytest

from gravehold import Game
from gravehold.content.model import CardDef, NemesisCardDef
from gravehold.engine import frames, keywords

from support import base_state, closed, player, registered, with_ruleset

#: keyword module -> the rule id its docstring names
RULE_IDS = {
    "exclusive_aether": "K-11",
    "shields": "K-6",
    "wandering": "N-8",
    "silence": "K-5",
    "echo": "P-5",
    "link": "K-1",
    "conjure": "K-3",
    "recall": "K-4",
    "damage_bonus": "P-20",
    "attach": "K-2",
    "extra_cost": "K-15",
    "just": "K-16",
    "treasures": "X-5",
    "aether_tokens": "K-7",
    "fire": "K-8",
    "marks": "K-9",
    "sever": "C-8",
    "banish": "C-10",
    "mage_decks": "K-13",
    "room": "P-13",
    "enhancements": "C-6",
    "stickers": "C-7",
    "supply_bottom": "C-17",

    "ally_hand": "K-14",
    "keep_self": "K-14",
}


def main_of(d: dict[str, Any], *steps: tuple[Any, ...], source: str = "Spark") -> Game:
    """Player 1 resolves ``steps`` (if any), then is at their main phase."""
    return Game.at(d, *(frames.step(0, source, s) for s in steps), *frames.main_phase(0),
                   active=0, phase="main", turn=1)


def gains(g: Game) -> list[tuple[Any, ...]]:
    return [a for a in g.legal_actions() if a[0] == "gain"]


def test_keywords_each_module_is_listed_and_its_docstring_names_its_rule_id() -> None:
    found = sorted(m.name for m in pkgutil.iter_modules(keywords.__path__))
    assert found == sorted(RULE_IDS)
    for name, rule in RULE_IDS.items():
        doc = importlib.import_module(f"gravehold.engine.keywords.{name}").__doc__ or ""
        assert doc.startswith(rule + " "), (name, doc.splitlines()[:1])


def test_K_11_exclusive_aether_pays_only_for_its_purpose_and_first() -> None:
    d = base_state([player(hand=["Crystal"], aether=2)])
    d["turn_order"] = {"deck": ["P1", "N"], "discard": []}
    g = main_of(d, ("aether_for", 2, "spell"))
    p = g.state.players[0]
    assert (p.aether, p.aether_for) == (2, {"spell": 2})
    assert [e for e in g.events if e["event"] == "aether"] == [
        {"event": "aether", "player": 0, "amount": 2, "source": "Spark", "only": "spell", "turn": 1}]
    # 2 general Æ buy the relic costing 2; the spell pool adds to it only for a spell
    assert gains(g) == [("gain", "Mage's Totem"), ("gain", "Jagged Lightning")]
    assert ("charge",) in g.legal_actions()
    g.apply(("gain", "Jagged Lightning"))
    p = g.state.players[0]
    assert (p.aether, p.aether_for) == (0, {})
    assert p.discard == ["Jagged Lightning"]
    assert gains(g) == []


def test_K_6_shields_each_soak_one_whole_source_then_life_is_lost() -> None:
    d = base_state([player(hand=["Crystal"])])
    d["nemesis"]["in_play"] = [{"name": "Bane Sire", "life": 6, "shields": 2}]
    g = main_of(d, ("damage", 5), ("damage", 0), ("damage", 1), ("damage", 2))
    for _ in range(4):
        g.apply(("target", "Bane Sire"))
    assert g.to_dict()["nemesis"]["in_play"] == [{"name": "Bane Sire", "life": 4}]
    assert g.state.nemesis.life == 70
    assert [(e["event"], e.get("shields", e.get("life"))) for e in g.events
            if e["event"] in ("shield_lost", "minion_damage")] == [
        ("shield_lost", 1), ("minion_damage", 6), ("shield_lost", 0), ("minion_damage", 4)]
    assert g.decision is not None and g.decision.kind == "main"


@pytest.fixture
def wanderer() -> Iterator[str]:
    """A test-only wandering minion, removed from the catalogue afterwards."""
    name = "Test Keyword Wanderer"
    with registered(NemesisCardDef(name, "minion", 1, "AE", life=5, wandering=True)):
        yield name


def test_N_8_wandering_minion_takes_one_less_from_cards_and_aether_deals_one(wanderer: str) -> None:
    """Under the book's reading (``minus_one``); the card text's is in tests/rules."""
    d = with_ruleset(base_state([player(hand=["Crystal"], aether=1)]), wandering="minus_one")
    d["nemesis"]["in_play"] = [{"name": wanderer, "life": 4}, {"name": "Bane Sire", "life": 6}]
    g = main_of(d, ("damage", 3))
    g.apply(("target", wanderer))
    assert [(c.name, c.life) for c in g.state.nemesis.in_play] == [(wanderer, 2), ("Bane Sire", 6)]
    acts = g.legal_actions()
    assert [a for a in acts if a[0] == "pay_damage"] == [("pay_damage", wanderer)]
    g.apply(("pay_damage", wanderer))
    assert [(c.name, c.life) for c in g.state.nemesis.in_play] == [(wanderer, 1), ("Bane Sire", 6)]
    assert g.state.players[0].aether == 0
    assert [(e["amount"], e["source"]) for e in g.events if e["event"] == "minion_damage"] == [
        (2, "Spark"), (1, "aether")]
    assert [a for a in g.legal_actions() if a[0] == "pay_damage"] == []
    assert g.state.nemesis.life == 70


def test_K_5_silenced_minion_skips_its_next_persistent_effect_once() -> None:
    d = base_state([player(hand=["Crystal"])])
    d["nemesis"]["deck"] = ["Skewer", "Bane Sire"]
    d["nemesis"]["in_play"] = [{"name": "Needlemaw", "life": 11, "silenced": True},
                               {"name": "Haze Spewer", "life": 5}]
    g = Game.at(d, *frames.nemesis_turn(), active=-1, turn=1)
    # Needlemaw skips and loses its silence; Haze Spewer acts (5 to Gravehold, 1 to itself)
    assert [e["card"] for e in g.events if e["event"] == "persistent"] == ["Haze Spewer"]
    assert [(c.name, c.life, c.silenced) for c in g.state.nemesis.in_play] == [
        ("Needlemaw", 11, False), ("Haze Spewer", 4, False)]
    assert g.state.gravehold == 25
    assert g.decision is not None
    g2 = Game.at(g, *frames.nemesis_turn(), active=-1)
    # silence is used up: Needlemaw's PERSISTENT effect (2 to Gravehold) runs the next time
    assert [e["card"] for e in g2.events if e["event"] == "persistent"] == ["Needlemaw", "Haze Spewer"]
    assert g2.state.gravehold == 25 - 2 - 4


ECHO = "Test Keyword Echo"
LINK_A = "Test Keyword Link A"
LINK_B = "Test Keyword Link B"


@pytest.fixture
def spells() -> Iterator[None]:
    """Test-only spells: an echo spell and two link spells."""
    defs = [CardDef(ECHO, "spell", 0, "WE", cast=(("damage", 1),), echo=True),
            CardDef(LINK_A, "spell", 0, "WE", cast=(("damage", 1),), link=True),
            CardDef(LINK_B, "spell", 0, "WE", cast=(("damage", 2),), link=True)]
    with registered(*defs):
        yield


@pytest.mark.usefixtures("spells")
def test_P_5_echo_cast_resolves_twice_with_the_bonus_each_time_as_one_cast() -> None:
    d = base_state([player(hand=["Crystal"], breaches=[
        {"state": "open"}, closed(1), {"state": "open", "spells": [ECHO]}, closed(2)])])
    g = Game.at(d, ("casting_phase", 0), *frames.main_phase(0), active=0, phase="casting", turn=1)
    assert g.legal_actions() == [("cast", 2, 0), ("end_casting",)]
    g.apply(("cast", 2, 0))
    # breach III is open: +1 damage to each of the two resolutions
    assert [e["amount"] for e in g.events if e["event"] == "nemesis_damage"] == [2, 2]
    assert [e["card"] for e in g.events if e["event"] == "cast"] == [ECHO]
    assert g.state.nemesis.life == 66
    assert g.state.players[0].discard == [ECHO]
    assert g.state.players[0].breaches[2].spells == []
    assert g.decision is not None and g.decision.kind == "main"


@pytest.mark.usefixtures("spells")
def test_K_1_link_two_linked_spells_share_a_breach() -> None:
    d = base_state([player(hand=["Crystal", LINK_B, "Spark"], breaches=[
        {"state": "open", "spells": [LINK_A]}, closed(1), closed(0),
        {"state": "open", "spells": ["Spark"]}])])
    g = main_of(d)
    preps = [a for a in g.legal_actions() if a[0] == "prep"]
    # the Link spell may join the other Link spell on breach I; Spark finds no room at all
    assert preps == [("prep", LINK_B, 0)]
    g.apply(("prep", LINK_B, 0))
    brs = g.state.players[0].breaches
    assert [list(b.spells) for b in brs] == [[LINK_A, LINK_B], [], [], ["Spark"]]
    assert g.state.players[0].hand == ["Crystal", "Spark"]
    assert [a for a in g.legal_actions() if a[0] == "prep"] == []


TWICE = "Test Twin Bolt"
NO_DAMAGE = "Test Quiet Spell"


@pytest.fixture
def bonus_spells() -> Iterator[None]:
    """Test-only spells: one with two damage sources, one with none."""
    defs = [CardDef(TWICE, "spell", 0, "WE", cast=(("damage", 2), ("damage", 3))),
            CardDef(NO_DAMAGE, "spell", 0, "WE", cast=(("gravehold_life", 1),))]
    with registered(*defs):
        yield


def _cast_from_iii(spell: str) -> Game:
    d = base_state([player(breaches=[{"state": "open"}, closed(1), {"state": "open", "spells": [spell]}, closed(2)])])
    g = Game.at(d, ("casting_phase", 0), *frames.main_phase(0), active=0, phase="casting", turn=1)
    g.apply(("cast", 2, 0))
    return g


@pytest.mark.usefixtures("bonus_spells")
def test_P_20_a_breach_bonus_raises_every_damage_source_of_the_spell() -> None:
    g = _cast_from_iii(TWICE)
    # breach III's +1 is no source of its own: each of the two printed sources deals 1 more
    assert [e["amount"] for e in g.events if e["event"] == "nemesis_damage"] == [3, 4]
    assert g.state.nemesis.life == 70 - 7
    assert g.state.cast_bonus == []


@pytest.mark.usefixtures("bonus_spells")
def test_P_20_a_registered_bonus_adds_to_each_source_and_its_effects_resolve_once_per_cast() -> None:
    from gravehold.engine import triggers
    from gravehold.engine.keywords import damage_bonus

    asked: list[tuple[int, int, int, str]] = []

    def rule(g: Any, caster: int, owner: int, b: int, spell: str) -> damage_bonus.Bonus:
        asked.append((caster, owner, b, spell))
        return damage_bonus.Bonus(damage=2, steps=(("gravehold_life", 1),))

    triggers.source("keyword", "test bonus")("cast_bonus")(rule)
    try:
        d = base_state([player(breaches=[{"state": "open"}, closed(1), {"state": "open", "spells": [TWICE]},
                                         closed(2)])], gravehold={"life": 20, "max_life": 30})
        g = Game.at(d, ("casting_phase", 0), *frames.main_phase(0), active=0, phase="casting", turn=1)
        g.apply(("cast", 2, 0))
    finally:
        triggers.withdraw("keyword", "test bonus")
    assert asked == [(0, 0, 2, TWICE)]
    # breach +1 and the rule's +2 raise both sources; the rule's other effect resolves after the Cast effect
    assert [e["amount"] for e in g.events if e["event"] == "nemesis_damage"] == [5, 6]
    assert g.state.gravehold == 21 and g.state.nemesis.life == 70 - 11


@pytest.mark.usefixtures("bonus_spells")
def test_P_20_a_spell_without_damage_deals_its_bonus_once_as_its_own_source() -> None:
    g = _cast_from_iii(NO_DAMAGE)
    assert [e["amount"] for e in g.events if e["event"] == "nemesis_damage"] == [1]
    assert g.state.nemesis.life == 69 and g.state.cast_bonus == []


def test_P_20_a_save_from_before_bonus_pairs_loads_its_bonus_as_untaken() -> None:
    d = base_state([player()])
    d["cast_bonus"] = [1]
    assert Game.from_dict(d).state.cast_bonus == [(1, 0)]


def test_K_11_the_boards_say_what_each_restricted_pool_pays_for() -> None:
    from gravehold.engine.keywords import exclusive_aether
    from gravehold.terminal import render
    from gravehold.web.texts import content_texts

    assert set(exclusive_aether.PAYS_FOR) == set(exclusive_aether._ORDER)  # every pool has its words
    g = Game.at(base_state([player(aether=1, aether_for={"breach": 3, "card": 1}), player("Mist")]),
                *frames.main_phase(0), active=0, phase="main", turn=1)
    shown = render.players_pane(g.view_for(0), ["you", "human"]).plain
    assert "aether 1 (+3 only to focus or open a breach) (+1 only to gain cards)" in " ".join(shown.split())
    assert content_texts("new_age")["aether_pays_for"]["breach"] == "only to bundle or activate a breach"
