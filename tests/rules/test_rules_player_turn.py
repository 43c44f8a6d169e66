"""Rules of section P (docs/rules.md): a player's turn (casting, main and draw phases).

Every test builds a small exact state, acts, and checks the whole relevant outcome.
Test-only cards (Echo, Link, a spell without damage) are registered by a fixture and
removed again afterwards.
"""

from __future__ import annotations

import copy
import itertools
from collections.abc import Iterator
from typing import Any

import pytest

from gravehold import Game, IllegalAction
from gravehold.content import registry
from gravehold.content.model import CardDef
from gravehold.engine.decisions import describe
from gravehold.engine.ruleset import ruleset

from support import (
    at_casting,
    at_main,
    at_player_turn,
    base_state,
    choose,
    closed,
    player,
    registered,
    run_steps,
    with_ruleset,
)

OPEN: dict[str, Any] = {"state": "open"}


def opened(*spells: str) -> dict[str, Any]:
    d: dict[str, Any] = {"state": "open"}
    if spells:
        d["spells"] = list(spells)
    return d


def game_for(p1: dict[str, Any], p2: dict[str, Any] | None = None, **kw: Any) -> dict[str, Any]:
    """Two players; player 2 (Mist) holds a Crystal so that their turn stops at a main decision.

    The turn order deck is set so that player 2 takes the turn after player 1's.
    """
    d = base_state([p1, p2 if p2 is not None else player("Mist", hand=["Crystal"])], **kw)
    d["turn_order"] = {"deck": ["P2", "N", "P1", "P2", "N"], "discard": ["P1"]}
    return d


def with_minion(d: dict[str, Any], name: str = "Bane Sire", life: int = 6, **kw: Any) -> dict[str, Any]:
    d["nemesis"]["in_play"] = [{"name": name, "life": life, **kw}]
    return d


def assert_illegal(g: Game, action: tuple[Any, ...], rule: str) -> IllegalAction:
    """The action is refused with the given RULES id and the state does not change."""
    before = copy.deepcopy(g.to_dict())
    assert action not in g.legal_actions()
    with pytest.raises(IllegalAction) as err:
        g.apply(action)
    assert err.value.rule == rule
    assert g.to_dict() == before
    return err.value


def p(g: Game, i: int = 0) -> dict[str, Any]:
    return g.to_dict()["players"][i]


def breaches(g: Game, i: int = 0) -> list[dict[str, Any]]:
    return p(g, i)["breaches"]


def cast_events(g: Game) -> list[dict[str, Any]]:
    return [e for e in g.events if e["event"] == "cast"]


ECHO = "Test Echo Bolt"
ECHO_QUIET = "Test Echo Hum"
ECHO_BIG = "Test Echo Blast"
QUIET = "Test Quiet Chime"
LINK_A = "Test Link Left"
LINK_B = "Test Link Right"


@pytest.fixture
def test_cards() -> Iterator[None]:
    defs = [
        CardDef(ECHO, "spell", 0, "WE", cast=(("damage", 1),), echo=True),
        CardDef(ECHO_QUIET, "spell", 0, "WE", cast=(("aether", 1),), echo=True),
        CardDef(ECHO_BIG, "spell", 0, "WE", cast=(("damage", 3),), echo=True),
        CardDef(QUIET, "spell", 0, "WE", cast=(("aether", 1),)),
        CardDef(LINK_A, "spell", 0, "WE", cast=(("damage", 1),), link=True),
        CardDef(LINK_B, "spell", 0, "WE", cast=(("damage", 2),), link=True),
    ]
    with registered(*defs):
        yield


# ============================================================================ P-1


def test_P_1_closed_breach_spell_must_be_cast_no_end_option() -> None:
    d = game_for(player(hand=["Crystal"], breaches=[
        opened("Spark"), closed(2, spells=["Buried Light"]), closed(0), closed(2)]))
    g = at_casting(d)
    assert g.decision.kind == "casting" and g.decision.player == 0
    assert g.legal_actions() == [("cast", 0, 0), ("cast", 1, 0)]
    assert_illegal(g, ("end_casting",), "P-1")


def test_P_1_lone_closed_breach_spell_is_cast_without_asking() -> None:
    d = game_for(player(hand=["Crystal"], breaches=[
        OPEN, closed(1), closed(1, spells=["Spark"]), closed(2)]))
    g = at_casting(d)
    # the forced cast happened; the game stopped at the main phase
    assert g.decision.kind == "main"
    assert p(g)["discard"] == ["Spark"]
    assert breaches(g)[2] == {"state": "closed", "stage": 1}
    assert g.state.nemesis.life == 69  # closed breach III gives no bonus
    assert [e["card"] for e in cast_events(g)] == ["Spark"]


def test_P_1_spell_on_opened_breach_may_be_kept() -> None:
    d = game_for(player(hand=["Crystal"], breaches=[opened("Spark"), closed(1), closed(0), closed(2)]))
    g = at_casting(d)
    assert g.legal_actions() == [("cast", 0, 0), ("end_casting",)]
    choose(g, ("end_casting",))
    assert g.decision.kind == "main"
    assert breaches(g)[0] == {"state": "open", "spells": ["Spark"]}
    assert p(g)["discard"] == []
    assert g.state.nemesis.life == 70
    assert cast_events(g) == []


def test_P_1_spell_on_opened_breach_may_be_cast() -> None:
    d = game_for(player(hand=["Crystal"], breaches=[opened("Spark"), closed(1), closed(0), closed(2)]))
    g = at_casting(d)
    choose(g, ("cast", 0, 0))
    assert g.decision.kind == "main"
    assert breaches(g)[0] == {"state": "open"}
    assert p(g)["discard"] == ["Spark"]
    assert g.state.nemesis.life == 69


def test_P_1_after_the_forced_cast_the_opened_one_stays_optional() -> None:
    d = game_for(player(hand=["Crystal"], breaches=[
        opened("Spark"), closed(2, spells=["Buried Light"]), closed(0), closed(2)]))
    g = at_casting(d)
    choose(g, ("cast", 1, 0))
    assert g.decision.kind == "casting"
    assert g.legal_actions() == [("cast", 0, 0), ("end_casting",)]
    choose(g, ("end_casting",))
    assert g.decision.kind == "main"
    assert breaches(g)[0] == {"state": "open", "spells": ["Spark"]}
    assert breaches(g)[1] == {"state": "closed", "stage": 2}
    assert p(g)["discard"] == ["Buried Light"]
    assert p(g)["aether"] == 1
    assert g.state.nemesis.life == 69


def test_P_1_two_breach_spell_lying_on_a_closed_breach_must_be_cast() -> None:
    covered = {"state": "closed", "stage": 2, "covered_by": 2}
    d = game_for(player(hand=["Crystal"], breaches=[opened("Spark"), closed(1), opened("Crystallize"), covered]))
    g = at_casting(d)
    assert g.legal_actions() == [("cast", 0, 0), ("cast", 2, 0)]
    assert_illegal(g, ("end_casting",), "P-1")
    choose(g, ("cast", 2, 0))
    assert g.legal_actions() == [("cast", 0, 0), ("end_casting",)]
    assert breaches(g)[2:] == [{"state": "open"}, {"state": "closed", "stage": 2}]
    assert p(g)["discard"] == ["Crystallize"]
    assert g.state.nemesis.life == 70 - (2 * 1 + 1)  # the ally shows one gem; breach III bonus


@pytest.mark.parametrize("seed", [0, 1, 3])
def test_P_1_first_turn_has_nothing_to_cast(seed: int) -> None:
    g = Game.new(mages=["Brama", "Mist"], seed=seed)
    assert g.decision.kind == "main"
    assert g.state.phase == "main"
    assert all(not b.spells for q in g.state.players for b in q.breaches)
    assert cast_events(g) == []


def test_P_1_turn_without_prepped_spells_goes_straight_to_main() -> None:
    d = game_for(player(hand=["Crystal"]))
    g = at_player_turn(d)
    assert g.decision.kind == "main" and g.decision.player == 0
    assert g.state.phase == "main"
    assert g.state.active == 0
    assert cast_events(g) == []


def test_P_1_casting_in_the_main_phase_is_illegal() -> None:
    d = game_for(player(hand=["Crystal"], breaches=[opened("Spark"), closed(1), closed(0), closed(2)]))
    g = at_main(d)
    assert_illegal(g, ("cast", 0, 0), "P-1")


# ============================================================================ P-2


def test_P_2_spell_is_on_discard_while_its_effect_resolves() -> None:
    d = game_for(player(hand=["Crystal"], discard=["Crystal"],
                        breaches=[opened("Conjure the Lost"), closed(1), closed(0), closed(2)]),
                 gravehold={"life": 20, "max_life": 30})
    g = at_casting(d)
    choose(g, ("cast", 0, 0))
    # mid-effect: its damage is done and it already lies on top of the discard pile
    assert g.decision.kind == "yes_no" and g.decision.source == "Conjure the Lost"
    assert p(g)["discard"] == ["Crystal", "Conjure the Lost"]
    assert breaches(g)[0] == {"state": "open"}
    assert g.state.nemesis.life == 65
    choose(g, ("yes",))
    assert g.decision.kind == "main"
    assert p(g)["discard"] == ["Crystal"]
    assert g.state.destroyed == ["Conjure the Lost"]
    assert g.state.gravehold == 24


def test_P_2_spell_is_on_discard_before_a_target_is_chosen() -> None:
    d = with_minion(game_for(player(hand=["Crystal"], discard=["Crystal"],
                                    breaches=[opened("Spark"), closed(1), closed(0), closed(2)])))
    g = at_casting(d)
    choose(g, ("cast", 0, 0))
    assert g.decision.kind == "target" and g.decision.source == "Spark"
    assert p(g)["discard"] == ["Crystal", "Spark"]
    assert breaches(g)[0] == {"state": "open"}
    choose(g, ("target", "nemesis"))
    assert g.state.nemesis.life == 69
    assert g.to_dict()["nemesis"]["in_play"] == [{"name": "Bane Sire", "life": 6}]


# ============================================================================ P-3


def test_P_3_damage_source_goes_whole_to_one_chosen_target() -> None:
    d = with_minion(game_for(player(hand=["Crystal"])))
    g = run_steps(d, [("damage", 4)], source="Spark")
    assert g.decision.kind == "target" and g.decision.player == 0
    assert g.legal_actions() == [("target", "nemesis"), ("target", "Bane Sire")]
    choose(g, ("target", "Bane Sire"))
    assert g.to_dict()["nemesis"]["in_play"] == [{"name": "Bane Sire", "life": 2}]
    assert g.state.nemesis.life == 70
    assert g.decision.kind == "main"


@pytest.mark.parametrize(("b", "expected"), [(0, 1), (1, 1), (2, 2), (3, 2)])
def test_P_3_opened_breach_III_and_IV_add_one_damage(b: int, expected: int) -> None:
    brs: list[dict[str, Any]] = [opened(), opened(), opened(), opened()]
    brs[b] = opened("Spark")
    d = game_for(player(hand=["Crystal"], breaches=brs))
    g = at_casting(d)
    choose(g, ("cast", b, 0))
    assert g.state.nemesis.life == 70 - expected
    assert p(g)["discard"] == ["Spark"]
    assert breaches(g)[b] == {"state": "open"}


@pytest.mark.parametrize("b", [2, 3])
def test_P_3_closed_breach_gives_no_bonus(b: int) -> None:
    brs: list[dict[str, Any]] = [opened(), closed(1), closed(0), closed(2)]
    brs[b] = closed(2, spells=["Spark"])
    d = game_for(player(hand=["Crystal"], breaches=brs))
    g = at_casting(d)  # a lone spell on a closed breach is cast at once
    assert g.decision.kind == "main"
    assert g.state.nemesis.life == 69
    assert p(g)["discard"] == ["Spark"]
    assert breaches(g)[b] == {"state": "closed", "stage": 2}


def test_P_3_bonus_joins_the_spell_damage_on_one_target() -> None:
    d = with_minion(game_for(player(hand=["Crystal"], breaches=[
        opened(), closed(1), opened("Spark"), closed(2)])))
    g = at_casting(d)
    choose(g, ("cast", 2, 0))
    assert g.decision.kind == "target"
    assert "2 damage" in g.decision.prompt
    choose(g, ("target", "Bane Sire"))
    # one source of 2 damage: nothing left over for the nemesis
    assert g.to_dict()["nemesis"]["in_play"] == [{"name": "Bane Sire", "life": 4}]
    assert g.state.nemesis.life == 70
    assert g.decision.kind == "main"


def test_P_3_bonus_counted_once_for_a_spell_with_damage_and_more() -> None:
    d = game_for(player(hand=["Crystal"], breaches=[opened(), closed(1), opened("Buried Light"), closed(2)]))
    g = at_casting(d)
    choose(g, ("cast", 2, 0))
    assert g.state.nemesis.life == 68  # 1 + 1 bonus
    assert p(g)["aether"] == 1
    assert p(g)["discard"] == ["Buried Light"]


@pytest.mark.usefixtures("test_cards")
def test_P_3_bonus_dealt_even_by_a_spell_without_damage() -> None:
    d = game_for(player(hand=["Crystal"], breaches=[opened(), closed(1), closed(0), opened(QUIET)]))
    g = at_casting(d)
    choose(g, ("cast", 3, 0))
    assert g.decision.kind == "main"
    assert g.state.nemesis.life == 69  # "deal 0 damage" plus the breach IV bonus
    assert p(g)["aether"] == 1
    assert p(g)["discard"] == [QUIET]


@pytest.mark.usefixtures("test_cards")
def test_P_3_spell_without_damage_on_breach_I_deals_nothing() -> None:
    d = game_for(player(hand=["Crystal"], breaches=[opened(QUIET), closed(1), closed(0), closed(2)]))
    g = at_casting(d)
    choose(g, ("cast", 0, 0))
    assert g.state.nemesis.life == 70
    assert p(g)["aether"] == 1
    assert p(g)["discard"] == [QUIET]


@pytest.mark.usefixtures("test_cards")
def test_P_3_bonus_of_a_no_damage_spell_may_hit_a_minion() -> None:
    d = with_minion(game_for(player(hand=["Crystal"], breaches=[opened(), closed(1), opened(QUIET), closed(2)])))
    g = at_casting(d)
    choose(g, ("cast", 2, 0))
    assert g.decision.kind == "target"
    choose(g, ("target", "Bane Sire"))
    assert g.to_dict()["nemesis"]["in_play"] == [{"name": "Bane Sire", "life": 5}]
    assert g.state.nemesis.life == 70


# ============================================================================ P-4


def test_P_4_damage_lowers_minion_life() -> None:
    d = with_minion(game_for(player(hand=["Crystal"])))
    g = run_steps(d, [("damage", 3)], source="Spark")
    choose(g, ("target", "Bane Sire"))
    n = g.to_dict()["nemesis"]
    assert n["in_play"] == [{"name": "Bane Sire", "life": 3}]
    assert n["discard"] == []
    assert n["life"] == 70


@pytest.mark.parametrize("amount", [6, 9])
def test_P_4_minion_at_zero_is_discarded_and_excess_is_lost(amount: int) -> None:
    d = with_minion(game_for(player(hand=["Crystal"])))
    g = run_steps(d, [("damage", amount)], source="Spark")
    choose(g, ("target", "Bane Sire"))
    n = g.to_dict()["nemesis"]
    assert n["in_play"] == []
    assert n["discard"] == ["Bane Sire"]
    assert n["life"] == 70
    assert g.decision.kind == "main"


def test_P_4_defeated_minion_leaves_at_once_and_is_no_longer_a_target() -> None:
    d = with_minion(game_for(player(hand=["Crystal"])), life=2)
    g = run_steps(d, [("damage", 2), ("damage", 3)], source="Spark")
    choose(g, ("target", "Bane Sire"))
    # the second source had only the nemesis left, so it went there without asking
    n = g.to_dict()["nemesis"]
    assert n["in_play"] == [] and n["discard"] == ["Bane Sire"]
    assert n["life"] == 67
    assert g.decision.kind == "main"


def test_P_4_shield_soaks_a_whole_source_whatever_its_size() -> None:
    d = with_minion(game_for(player(hand=["Crystal"])), shields=2)
    g = run_steps(d, [("damage", 5), ("damage", 1), ("damage", 2)], source="Spark")
    choose(g, ("target", "Bane Sire"))
    assert g.to_dict()["nemesis"]["in_play"] == [{"name": "Bane Sire", "life": 6, "shields": 1}]
    choose(g, ("target", "Bane Sire"))
    assert g.to_dict()["nemesis"]["in_play"] == [{"name": "Bane Sire", "life": 6}]
    choose(g, ("target", "Bane Sire"))
    assert g.to_dict()["nemesis"]["in_play"] == [{"name": "Bane Sire", "life": 4}]
    assert g.state.nemesis.life == 70


def test_P_4_damage_lowers_nemesis_life() -> None:
    d = game_for(player(hand=["Crystal"]))
    g = run_steps(d, [("damage", 5)], source="Spark")
    assert g.state.nemesis.life == 65
    assert not g.over
    assert g.decision.kind == "main"


def test_P_4_nemesis_at_zero_players_win_at_once() -> None:
    d = game_for(player(hand=["Crystal"]))
    d["nemesis"]["life"] = 3
    g = run_steps(d, [("damage", 5), ("damage", 2)], source="Spark")
    assert g.over
    assert (g.result, g.reason) == ("win", "nemesis_defeated")
    assert g.state.nemesis.life == 0
    assert g.legal_actions() == []
    assert [e["amount"] for e in g.events if e["event"] == "nemesis_damage"] == [5]


# ============================================================================ P-5


@pytest.mark.usefixtures("test_cards")
def test_P_5_echo_resolves_twice_with_the_bonus_each_time() -> None:
    d = game_for(player(hand=["Crystal"], breaches=[opened(), closed(1), opened(ECHO), closed(2)]))
    g = at_casting(d)
    choose(g, ("cast", 2, 0))
    assert g.decision.kind == "main"
    assert g.state.nemesis.life == 66  # (1 + 1) twice
    assert p(g)["discard"] == [ECHO]  # still one card, one cast
    assert len(cast_events(g)) == 1
    assert [e["amount"] for e in g.events if e["event"] == "nemesis_damage"] == [2, 2]


@pytest.mark.usefixtures("test_cards")
def test_P_5_echo_bonus_applies_to_both_resolutions_of_a_no_damage_spell() -> None:
    d = game_for(player(hand=["Crystal"], breaches=[opened(), closed(1), closed(0), opened(ECHO_QUIET)]))
    g = at_casting(d)
    choose(g, ("cast", 3, 0))
    assert g.state.nemesis.life == 68
    assert p(g)["aether"] == 2
    assert p(g)["discard"] == [ECHO_QUIET]


@pytest.mark.usefixtures("test_cards")
def test_P_5_each_echo_resolution_picks_its_own_target() -> None:
    d = with_minion(game_for(player(hand=["Crystal"], breaches=[opened(), closed(1), opened(ECHO), closed(2)])))
    g = at_casting(d)
    choose(g, ("cast", 2, 0))
    choose(g, ("target", "Bane Sire"))
    assert g.decision.kind == "target"
    choose(g, ("target", "nemesis"))
    assert g.to_dict()["nemesis"]["in_play"] == [{"name": "Bane Sire", "life": 4}]
    assert g.state.nemesis.life == 68
    assert g.decision.kind == "main"


@pytest.mark.usefixtures("test_cards")
def test_P_5_echo_resolutions_are_two_sources_against_shields() -> None:
    d = with_minion(game_for(player(hand=["Crystal"], breaches=[opened(ECHO_BIG), closed(1), closed(0), closed(2)])),
                    shields=2)
    g = at_casting(d)
    choose(g, ("cast", 0, 0))
    choose(g, ("target", "Bane Sire"))
    choose(g, ("target", "Bane Sire"))
    assert g.to_dict()["nemesis"]["in_play"] == [{"name": "Bane Sire", "life": 6}]
    assert g.state.nemesis.life == 70


@pytest.mark.usefixtures("test_cards")
def test_P_5_second_echo_resolution_finds_the_first_target_gone() -> None:
    d = with_minion(game_for(player(hand=["Crystal"], breaches=[opened(ECHO_BIG), closed(1), closed(0), closed(2)])),
                    life=3)
    g = at_casting(d)
    choose(g, ("cast", 0, 0))
    choose(g, ("target", "Bane Sire"))
    assert g.decision.kind == "main"
    n = g.to_dict()["nemesis"]
    assert n["in_play"] == [] and n["discard"] == ["Bane Sire"]
    assert n["life"] == 67


# ============================================================================ P-6


def test_P_6_main_actions_in_any_order_and_any_number() -> None:
    d = game_for(player(hand=["Crystal", "Crystal", "Crystal", "Crystal", "Spark", "Spark"]))
    g = at_main(d)
    assert {a[0] for a in g.legal_actions()} == {"play", "prep", "end_main"}
    for action in [("play", "Crystal"), ("play", "Crystal"), ("charge",), ("prep", "Spark", 0),
                   ("play", "Crystal"), ("play", "Crystal"), ("focus", 1)]:
        choose(g, action)
        assert g.decision.kind == "main" and g.decision.player == 0
    me = p(g)
    assert me["hand"] == ["Spark"]
    assert me["played"] == ["Crystal"] * 4
    assert me["charges"] == 1
    assert me["aether"] == 0
    assert me["breaches"] == [{"state": "open", "spells": ["Spark"]}, {"state": "closed", "stage": 2, "focused": True},
                              {"state": "closed", "stage": 0}, {"state": "closed", "stage": 2}]
    assert g.legal_actions() == [("prep", "Spark", 1), ("end_main",)]


def test_P_6_main_action_outside_the_main_phase_is_illegal() -> None:
    d = game_for(player(hand=["Crystal"], breaches=[opened("Spark"), closed(1), closed(0), closed(2)]))
    g = at_casting(d)
    assert g.decision.kind == "casting"
    assert_illegal(g, ("play", "Crystal"), "P-6")
    assert_illegal(g, ("end_main",), "P-6")


def spent_the_last_aether(human_seats: list[int] | None) -> Game:
    """Player 1, with an empty hand and 2 aether, buys a charge: ending the phase is all that is left."""
    d = game_for(player(hand=[], aether=2, deck=["Spark"] * 5))
    if human_seats is not None:
        d["config"]["human_seats"] = human_seats
    g = at_main(d)
    assert g.legal_actions() == [("gain", "Mage's Totem"), ("charge",), ("focus", 1), ("end_main",)]
    choose(g, ("charge",))
    return g


def test_P_6_a_person_with_nothing_left_to_do_ends_the_main_phase_themselves() -> None:
    g = spent_the_last_aether([0])
    d = g.decision
    assert d is not None and d.kind == "main" and d.player == 0
    assert g.legal_actions() == [("end_main",)]
    assert d.prompt == "Main phase: nothing else to do; end the main phase when you are ready"
    assert g.state.active == 0 and g.state.phase == "main"
    assert p(g)["aether"] == 0 and p(g)["charges"] == 1 and p(g)["hand"] == []
    assert not any(e["event"] == "forced" for e in g.events)
    choose(g, ("end_main",))
    assert g.state.active == 1
    assert p(g)["hand"] == ["Spark"] * 5


@pytest.mark.parametrize("human_seats", [None, [1]], ids=["bots only", "another seat is a person's"])
def test_P_6_a_bot_seat_with_nothing_left_to_do_ends_the_main_phase_at_once(human_seats: list[int] | None) -> None:
    g = spent_the_last_aether(human_seats)
    assert g.state.active == 1 and g.decision is not None and g.decision.player == 1
    assert [e for e in g.events if e["event"] == "forced"] == [
        {"event": "forced", "kind": "main", "player": 0, "action": ["end_main"], "turn": 1}]
    assert p(g)["hand"] == ["Spark"] * 5 and p(g)["charges"] == 1


def test_P_1_a_persons_spell_that_must_be_cast_is_still_cast_at_once() -> None:
    """Only the main phase waits for a person: a lone cast is the rules', not theirs to choose."""
    d = game_for(player(hand=["Crystal"], breaches=[OPEN, closed(1, spells=["Spark"]), closed(0), closed(2)]))
    d["config"]["human_seats"] = [0]
    g = at_casting(d)
    assert g.decision is not None and g.decision.kind == "main"
    assert [e["kind"] for e in g.events if e["event"] == "forced"] == ["casting", "target"]
    assert p(g)["discard"] == ["Spark"] and g.state.nemesis.life == 69


# ============================================================================ P-7


def test_P_7_played_gem_resolves_and_goes_to_the_play_area() -> None:
    d = game_for(player(hand=["Crystal", "Frozen Magmite", "Spark"]))
    g = at_main(d)
    choose(g, ("play", "Frozen Magmite"))
    me = p(g)
    assert me["hand"] == ["Crystal", "Spark"]
    assert me["played"] == ["Frozen Magmite"]
    assert me["aether"] == 2
    assert me["discard"] == []
    assert g.state.flags.get("gain_to_deck") is True


def test_P_7_or_choice_offered_when_both_branches_can_resolve() -> None:
    d = game_for(player("Mist", hand=["Garnet Shard", "Crystal"],
                        breaches=[opened("Spark"), closed(2), closed(1), closed(1)]),
                 player("Brama", hand=["Crystal"]))
    g = at_main(d)
    choose(g, ("play", "Garnet Shard"))
    assert g.decision.kind == "or" and g.decision.player == 0
    assert g.legal_actions() == [("choose", 0), ("choose", 1)]
    choose(g, ("choose", 0))
    me = p(g)
    assert me["aether"] == 1
    assert me["played"] == ["Garnet Shard"]
    assert me["breaches"][0] == {"state": "open", "spells": ["Spark"]}
    assert g.state.nemesis.life == 70


def test_P_7_only_resolvable_branch_is_forced_garnet_shard() -> None:
    d = game_for(player("Mist", hand=["Garnet Shard", "Crystal"], breaches=[opened(), closed(2), closed(1), closed(1)]),
                 player("Brama", hand=["Crystal"]))
    g = at_main(d)
    choose(g, ("play", "Garnet Shard"))
    assert g.decision.kind == "main"  # no spell prepped anywhere: the aether branch, unasked
    me = p(g)
    assert me["aether"] == 1
    assert me["played"] == ["Garnet Shard"]
    assert me["hand"] == ["Crystal"]
    assert any(e["event"] == "forced" and e["kind"] == "or" for e in g.events)


def test_P_7_only_resolvable_branch_is_forced_relic() -> None:
    d = game_for(player(hand=["Mage's Totem", "Crystal"]), gravehold={"life": 25, "max_life": 30})
    g = at_main(d)
    choose(g, ("play", "Mage's Totem"))
    # nothing else was played, so the totem destroys itself and Gravehold heals
    assert g.decision.kind == "main"
    assert p(g)["played"] == []
    assert p(g)["hand"] == ["Crystal"]
    assert g.state.destroyed == ["Mage's Totem"]
    assert g.state.gravehold == 26


def test_P_7_relic_choice_when_another_card_was_played() -> None:
    d = game_for(player(hand=["Mage's Totem", "Crystal", "Spark"]), gravehold={"life": 25, "max_life": 30})
    g = at_main(d)
    choose(g, ("play", "Crystal"))
    choose(g, ("play", "Mage's Totem"))
    assert g.decision.kind == "or"
    assert g.legal_actions() == [("choose", 0), ("choose", 1)]
    choose(g, ("choose", 0))
    assert p(g)["played"] == ["Mage's Totem"]
    assert p(g)["aether"] == 1  # the Crystal resolved before it was destroyed
    assert g.state.destroyed == ["Crystal"]
    assert g.state.gravehold == 25


def test_P_7_aether_is_lost_at_the_end_of_the_turn() -> None:
    d = game_for(player(hand=["Crystal", "Crystal", "Spark"], deck=["Spark", "Spark", "Spark", "Spark"]),
                 player("Mist", hand=["Crystal"], aether=0))
    g = at_main(d)
    choose(g, ("play", "Crystal"))
    choose(g, ("play", "Crystal"))
    assert p(g)["aether"] == 2
    choose(g, ("end_main",))
    assert g.state.active == 1 and g.decision.kind == "main"
    assert p(g, 0)["aether"] == 0 and p(g, 0)["aether_for"].get("spell", 0) == 0
    assert p(g, 1)["aether"] == 0  # nothing passed to the ally
    assert p(g, 0)["discard"] == ["Crystal", "Crystal"]
    assert p(g, 0)["hand"] == ["Spark"] * 5
    assert p(g, 0)["deck"] == []


def test_P_7_playing_a_spell_or_a_card_not_in_hand_is_illegal() -> None:
    d = game_for(player(hand=["Crystal", "Spark"]))
    g = at_main(d)
    assert_illegal(g, ("play", "Spark"), "P-7")
    assert_illegal(g, ("play", "Frozen Magmite"), "P-7")


# ============================================================================ P-8


def test_P_8_gain_pays_the_cost_and_tops_the_discard() -> None:
    d = game_for(player(hand=["Crystal"], discard=["Spark", "Crystal"], aether=5))
    g = at_main(d)
    choose(g, ("gain", "Jagged Lightning"))
    me = p(g)
    assert me["aether"] == 1
    assert me["discard"] == ["Spark", "Crystal", "Jagged Lightning"]
    assert me["hand"] == ["Crystal"]
    assert dict(g.to_dict()["supply"])["Jagged Lightning"] == 4
    assert g.decision.kind == "main"


def test_P_8_cannot_gain_without_enough_aether() -> None:
    d = game_for(player(hand=["Crystal"], aether=3))
    g = at_main(d)
    gains = sorted(a[1] for a in g.legal_actions() if a[0] == "gain")
    assert gains == ["Frozen Magmite", "Mage's Totem"]
    assert_illegal(g, ("gain", "Jagged Lightning"), "P-8")


def test_P_8_empty_pile_cannot_be_gained() -> None:
    d = game_for(player(hand=["Crystal"], aether=9))
    d["supply"][0] = ["Frozen Magmite", 0]
    g = at_main(d)
    assert ("gain", "Frozen Magmite") not in g.legal_actions()
    assert_illegal(g, ("gain", "Frozen Magmite"), "S-8")


def test_P_8_last_card_of_a_pile_empties_it() -> None:
    d = game_for(player(hand=["Crystal"], aether=8))
    d["supply"][3] = ["Mage's Totem", 1]
    g = at_main(d)
    choose(g, ("gain", "Mage's Totem"))
    assert dict(g.to_dict()["supply"])["Mage's Totem"] == 0
    assert p(g)["discard"] == ["Mage's Totem"]
    assert p(g)["aether"] == 6
    assert_illegal(g, ("gain", "Mage's Totem"), "S-8")


def test_P_8_spell_only_aether_pays_only_for_spells() -> None:
    d = game_for(player(hand=["Crystal"], aether_spell=4))
    g = at_main(d)
    assert sorted(a[1] for a in g.legal_actions() if a[0] == "gain") == ["Jagged Lightning"]
    assert not {"charge", "focus", "open"} & {a[0] for a in g.legal_actions()}
    assert_illegal(g, ("gain", "Frozen Magmite"), "P-8")
    assert_illegal(g, ("charge",), "P-9")
    choose(g, ("gain", "Jagged Lightning"))
    me = p(g)
    assert (me["aether"], me["aether_for"].get("spell", 0)) == (0, 0)
    assert me["discard"] == ["Jagged Lightning"]


def test_P_8_spell_aether_adds_to_plain_aether_for_a_spell() -> None:
    d = game_for(player(hand=["Crystal"], aether=3, aether_spell=2))
    g = at_main(d)
    choose(g, ("gain", "Fiery Torrent"))
    me = p(g)
    assert (me["aether"], me["aether_for"].get("spell", 0)) == (0, 0)
    assert me["discard"] == ["Fiery Torrent"]


def test_P_8_plain_aether_alone_pays_for_a_gem() -> None:
    d = game_for(player(hand=["Crystal"], aether=3, aether_spell=2))
    g = at_main(d)
    choose(g, ("gain", "Frozen Magmite"))
    me = p(g)
    assert (me["aether"], me["aether_for"].get("spell", 0)) == (0, 2)
    assert me["discard"] == ["Frozen Magmite"]


# ============================================================================ P-9


def test_P_9_a_charge_costs_two_aether() -> None:
    d = game_for(player(hand=["Crystal"], aether=5, charges=1))
    g = at_main(d)
    choose(g, ("charge",))
    choose(g, ("charge",))
    me = p(g)
    assert (me["aether"], me["charges"]) == (1, 3)
    assert_illegal(g, ("charge",), "P-9")  # 1 aether left


@pytest.mark.parametrize("slots", [4, 5, 6])
def test_P_9_never_more_charges_than_slots(slots: int) -> None:
    d = game_for(player(hand=["Crystal"], aether=10, charges=slots - 1, max_charges=slots))
    g = at_main(d)
    choose(g, ("charge",))
    assert p(g)["charges"] == slots
    assert p(g)["aether"] == 8
    assert_illegal(g, ("charge",), "P-9")


def test_P_9_charge_is_only_for_yourself() -> None:
    d = game_for(player(hand=["Crystal"], aether=4, charges=5), player("Mist", hand=["Crystal"], charges=0))
    g = at_main(d)
    assert not any(a[0] == "charge" for a in g.legal_actions())
    assert_illegal(g, ("charge",), "P-9")
    assert p(g, 1)["charges"] == 0


# ============================================================================ P-10


def test_P_10_ability_needs_every_charge_slot_full() -> None:
    d = game_for(player(hand=["Crystal"], charges=4))
    g = at_main(d)
    assert not any(a[0] == "ability" for a in g.legal_actions())
    assert_illegal(g, ("ability", 0), "P-10")


def test_P_10_ability_on_the_turn_of_the_last_charge_discards_all_charges() -> None:
    d = game_for(player(hand=["Crystal"], charges=4, aether=2, life=8),
                 player("Mist", hand=["Crystal"], life=3))
    g = at_main(d)
    choose(g, ("charge",))
    assert ("ability", 0) in g.legal_actions()
    choose(g, ("ability", 0))
    assert p(g)["charges"] == 0
    assert g.decision.kind == "player" and g.decision.player == 0
    choose(g, ("player", 1))
    assert p(g, 1)["life"] == 7
    assert p(g, 0)["life"] == 8
    assert p(g)["aether"] == 0
    assert g.decision.kind == "main"
    assert not any(a[0] == "ability" for a in g.legal_actions())


def test_P_10_ally_ability_of_own_main_phase_not_usable_on_your_turn() -> None:
    d = game_for(player(hand=["Crystal"]), player("Mist", hand=["Crystal"], charges=5))
    g = at_main(d)
    assert ("ability", 1) not in g.legal_actions()
    assert_illegal(g, ("ability", 1), "P-10")


# ============================================================================ P-11


@pytest.mark.parametrize(("b", "cost"), [(1, 2), (2, 3), (3, 4)])
def test_P_11_focus_pays_its_cost_and_turns_a_quarter(b: int, cost: int) -> None:
    brs: list[dict[str, Any]] = [opened(), closed(0), closed(0), closed(0)]
    d = game_for(player(hand=["Crystal"], aether=cost, breaches=brs))
    g = at_main(d)
    choose(g, ("focus", b))
    assert p(g)["aether"] == 0
    expect = [{"state": "open"}] + [{"state": "closed", "stage": 0}] * 3
    expect[b] = {"state": "closed", "stage": 1, "focused": True}
    assert breaches(g) == expect


@pytest.mark.parametrize(("b", "cost"), [(1, 2), (2, 3), (3, 4)])
def test_P_11_focus_without_enough_aether_is_illegal(b: int, cost: int) -> None:
    d = game_for(player(hand=["Crystal"], aether=cost - 1, breaches=[opened(), closed(0), closed(0), closed(0)]))
    g = at_main(d)
    assert_illegal(g, ("focus", b), "P-11")


def test_P_11_focusing_an_opened_breach_is_illegal() -> None:
    d = game_for(player(hand=["Crystal"], aether=9, breaches=[opened(), opened(), closed(0), closed(0)]))
    g = at_main(d)
    assert_illegal(g, ("focus", 1), "P-11")


def test_P_11_same_breach_focused_again_and_its_open_cost_falls() -> None:
    d = game_for(player(hand=["Crystal"], aether=7, breaches=[opened(), closed(0), closed(0), closed(0)]))
    g = at_main(d)
    choose(g, ("focus", 1))
    choose(g, ("focus", 1))
    assert breaches(g)[1] == {"state": "closed", "stage": 2, "focused": True}
    assert p(g)["aether"] == 3
    choose(g, ("open", 1))  # stage 2 price is 3
    assert breaches(g)[1] == {"state": "open"}
    assert p(g)["aether"] == 0


def test_P_11_breach_holding_a_spell_can_still_be_focused() -> None:
    d = game_for(player(hand=["Crystal", "Spark"], aether=4,
                        breaches=[opened("Spark"), closed(0), closed(0), closed(0)]))
    g = at_main(d)
    choose(g, ("focus", 1))
    choose(g, ("prep", "Spark", 1))
    choose(g, ("focus", 1))
    assert breaches(g)[1] == {"state": "closed", "stage": 2, "focused": True, "spells": ["Spark"]}
    assert p(g)["aether"] == 0


def test_P_11_focus_mark_lasts_only_this_turn() -> None:
    d = game_for(player(hand=["Crystal", "Spark"], aether=2, breaches=[opened(), closed(0), closed(0), closed(0)]))
    g = at_main(d)
    choose(g, ("focus", 1))
    choose(g, ("end_main",))
    assert g.state.active == 1
    assert breaches(g, 0)[1] == {"state": "closed", "stage": 1}


@pytest.mark.parametrize(("b", "cost"), [(1, 2), (2, 3), (3, 4)])
def test_P_11_focus_at_last_stage_opens_it(b: int, cost: int) -> None:
    brs: list[dict[str, Any]] = [opened(), closed(0), closed(0), closed(0)]
    brs[b] = closed(3)
    d = with_ruleset(game_for(player(hand=["Crystal"], aether=cost, breaches=brs)), last_stage_focus="opens")
    g = at_main(d)
    choose(g, ("focus", b))
    assert breaches(g)[b] == {"state": "open"}
    assert p(g)["aether"] == 0


def test_P_11_last_stage_short_of_aether_names_the_focus_cost() -> None:
    d = with_ruleset(game_for(player(hand=["Crystal"], aether=3,
                                     breaches=[opened(), closed(0), closed(0), closed(3)])),
                     last_stage_focus="opens")
    g = at_main(d)
    err = assert_illegal(g, ("focus", 3), "P-11")
    assert "costs 4" in str(err)


def test_P_11_last_stage_locked_cannot_be_focused_only_opened() -> None:
    d = with_ruleset(game_for(player(hand=["Crystal"], aether=4,
                                     breaches=[opened(), closed(0), closed(0), closed(3)])),
                     last_stage_focus="locked")
    g = at_main(d)
    assert ("focus", 3) not in g.legal_actions()
    assert ("open", 3) in g.legal_actions()
    err = assert_illegal(g, ("focus", 3), "P-11")
    assert "last position" in str(err)
    choose(g, ("open", 3))
    assert breaches(g)[3] == {"state": "open"}
    assert p(g)["aether"] == 0


def test_P_11_effect_focus_at_last_stage_opens_under_opens() -> None:
    d = with_ruleset(game_for(player(hand=["Breach Ore", "Crystal"],
                                     breaches=[opened(), opened(), opened(), closed(3)])),
                     last_stage_focus="opens")
    g = at_main(d)
    choose(g, ("play", "Breach Ore"))
    assert g.decision.kind == "or"
    choose(g, ("choose", 1))
    assert breaches(g)[3] == {"state": "open"}
    assert p(g)["aether"] == 0


def test_P_11_effect_focus_skips_a_locked_breach() -> None:
    d = with_ruleset(game_for(player(hand=["Breach Ore", "Crystal"],
                                     breaches=[opened(), opened(), opened(), closed(3)])),
                     last_stage_focus="locked")
    g = at_main(d)
    choose(g, ("play", "Breach Ore"))
    # nothing can be focused, so only the aether branch can resolve
    assert g.decision.kind == "main"
    assert breaches(g)[3] == {"state": "closed", "stage": 3}
    assert p(g)["aether"] == 2


# ============================================================================ P-12

OPEN_COSTS = [(1, 0, 5), (1, 1, 4), (1, 2, 3), (1, 3, 2),
              (2, 0, 9), (2, 1, 7), (2, 2, 5), (2, 3, 3),
              (3, 0, 13), (3, 1, 10), (3, 2, 7), (3, 3, 4)]


@pytest.mark.parametrize(("b", "stage", "cost"), OPEN_COSTS)
def test_P_12_open_cost_by_breach_and_stage(b: int, stage: int, cost: int) -> None:
    brs: list[dict[str, Any]] = [opened(), closed(0), closed(0), closed(0)]
    brs[b] = closed(stage)
    d = game_for(player(hand=["Crystal"], aether=cost, breaches=brs))
    g = at_main(d)
    choose(g, ("open", b))
    assert p(g)["aether"] == 0
    expect = [{"state": "open"}] + [{"state": "closed", "stage": 0}] * 3
    expect[b] = {"state": "open"}
    assert breaches(g) == expect


@pytest.mark.parametrize(("b", "stage", "cost"), OPEN_COSTS)
def test_P_12_open_with_one_aether_short_is_illegal(b: int, stage: int, cost: int) -> None:
    brs: list[dict[str, Any]] = [opened(), closed(0), closed(0), closed(0)]
    brs[b] = closed(stage)
    d = game_for(player(hand=["Crystal"], aether=cost - 1, breaches=brs))
    g = at_main(d)
    assert_illegal(g, ("open", b), "P-12")


def test_P_12_opening_an_opened_breach_is_illegal() -> None:
    d = game_for(player(hand=["Crystal"], aether=20, breaches=[opened(), opened(), closed(0), closed(0)]))
    g = at_main(d)
    assert_illegal(g, ("open", 1), "P-12")


def test_P_12_breaches_open_in_any_order_and_stay_open() -> None:
    d = game_for(player(hand=["Crystal", "Spark"], aether=13, breaches=[opened(), closed(0), closed(0), closed(0)]))
    g = at_main(d)
    choose(g, ("open", 3))  # IV before II and III
    assert ("prep", "Spark", 3) in g.legal_actions()
    choose(g, ("end_main",))
    assert g.state.active == 1
    assert breaches(g, 0) == [{"state": "open"}, {"state": "closed", "stage": 0},
                              {"state": "closed", "stage": 0}, {"state": "open"}]


def test_P_12_opened_breach_takes_a_spell_on_later_turns() -> None:
    d = game_for(player(hand=["Crystal", "Spark"], breaches=[opened("Spark"), closed(0), closed(0), opened()]))
    g = at_main(d)
    assert [a for a in g.legal_actions() if a[0] == "prep"] == [("prep", "Spark", 3)]
    choose(g, ("prep", "Spark", 3))
    assert breaches(g)[3] == {"state": "open", "spells": ["Spark"]}


# ============================================================================ P-13


def test_P_13_prep_to_an_opened_breach() -> None:
    d = game_for(player(hand=["Crystal", "Spark"]))
    g = at_main(d)
    assert [a for a in g.legal_actions() if a[0] == "prep"] == [("prep", "Spark", 0)]
    choose(g, ("prep", "Spark", 0))
    assert breaches(g)[0] == {"state": "open", "spells": ["Spark"]}
    assert p(g)["hand"] == ["Crystal"]


def test_P_13_prep_to_closed_unfocused_breach_is_illegal() -> None:
    d = game_for(player(hand=["Crystal", "Spark"], breaches=[opened("Spark"), closed(2), closed(0), closed(2)]))
    g = at_main(d)
    for b in (1, 2, 3):
        assert_illegal(g, ("prep", "Spark", b), "P-13")


def test_P_13_prep_to_closed_breach_focused_this_turn() -> None:
    d = game_for(player(hand=["Crystal", "Spark"], aether=3,
                        breaches=[opened("Spark"), closed(2), closed(0), closed(2)]))
    g = at_main(d)
    choose(g, ("focus", 2))
    assert [a for a in g.legal_actions() if a[0] == "prep"] == [("prep", "Spark", 2)]
    choose(g, ("prep", "Spark", 2))
    assert breaches(g)[2] == {"state": "closed", "stage": 1, "focused": True, "spells": ["Spark"]}
    assert p(g)["hand"] == ["Crystal"]


def test_P_13_one_spell_per_breach() -> None:
    d = game_for(player(hand=["Crystal", "Buried Light"], breaches=[opened("Spark"), closed(2), closed(0), closed(2)]))
    g = at_main(d)
    assert_illegal(g, ("prep", "Buried Light", 0), "P-13")


def test_P_13_prep_of_a_non_spell_or_absent_card_is_illegal() -> None:
    d = game_for(player(hand=["Crystal"]))
    g = at_main(d)
    assert_illegal(g, ("prep", "Crystal", 0), "P-13")
    assert_illegal(g, ("prep", "Spark", 0), "P-13")


@pytest.mark.usefixtures("test_cards")
def test_P_13_two_link_spells_share_a_breach() -> None:
    d = game_for(player(hand=["Crystal", LINK_B], breaches=[opened(LINK_A), closed(2), closed(0), closed(2)]))
    g = at_main(d)
    choose(g, ("prep", LINK_B, 0))
    assert breaches(g)[0] == {"state": "open", "spells": [LINK_A, LINK_B]}


@pytest.mark.usefixtures("test_cards")
def test_P_13_link_spell_does_not_share_with_a_plain_spell() -> None:
    d = game_for(player(hand=["Crystal", LINK_B, "Spark"],
                        breaches=[opened("Spark"), closed(2), closed(0), opened(LINK_A)]))
    g = at_main(d)
    assert_illegal(g, ("prep", LINK_B, 0), "P-13")
    assert_illegal(g, ("prep", "Spark", 3), "P-13")
    assert [a for a in g.legal_actions() if a[0] == "prep"] == [("prep", LINK_B, 3)]


@pytest.mark.usefixtures("test_cards")
def test_P_13_linked_pair_is_cast_one_at_a_time() -> None:
    d = game_for(player(hand=["Crystal"], breaches=[opened(LINK_A, LINK_B), closed(2), closed(0), closed(2)]))
    g = at_casting(d)
    assert g.legal_actions() == [("cast", 0, 0), ("cast", 0, 1), ("end_casting",)]
    choose(g, ("cast", 0, 1))
    assert g.legal_actions() == [("cast", 0, 0), ("end_casting",)]
    choose(g, ("end_casting",))
    assert breaches(g)[0] == {"state": "open", "spells": [LINK_A]}
    assert p(g)["discard"] == [LINK_B]
    assert g.state.nemesis.life == 68


@pytest.mark.parametrize(("brs", "where"), [
    ([opened(), closed(1), opened(), opened()], [2]),
    ([opened(), opened(), closed(0), opened()], [0]),
    ([opened(), opened(), opened(), closed(0)], [0, 1]),
    ([opened(), closed(1), opened(), closed(0)], []),
])
def test_P_13_two_breach_spell_needs_two_adjacent_usable_breaches(brs: list[dict[str, Any]], where: list[int]) -> None:
    d = game_for(player(hand=["Crystal", "Crystallize"], breaches=brs))
    g = at_main(d)
    assert [a[2] for a in g.legal_actions() if a[0] == "prep"] == where
    for b in range(4):
        if b not in where:
            err = assert_illegal(g, ("prep", "Crystallize", b), "P-13")
            assert "already holds" not in str(err)


def test_P_13_two_breach_spell_fills_both_breaches() -> None:
    d = game_for(player(hand=["Crystal", "Crystallize", "Spark"], breaches=[opened(), closed(1), opened(), opened()]))
    g = at_main(d)
    choose(g, ("prep", "Crystallize", 2))
    assert breaches(g)[2:] == [{"state": "open", "spells": ["Crystallize"]}, {"state": "open", "covered_by": 2}]
    assert [a for a in g.legal_actions() if a[0] == "prep"] == [("prep", "Spark", 0)]
    assert_illegal(g, ("prep", "Spark", 3), "P-13")


def test_P_13_two_breach_spell_cast_frees_both_with_one_bonus() -> None:
    covered = {"state": "open", "covered_by": 2}
    d = game_for(player(hand=["Crystal"], breaches=[opened(), closed(1), opened("Crystallize"), covered]),
                 player("Mist", hand=["Crystal", "Crystal", "Spark"]))
    g = at_casting(d)
    choose(g, ("cast", 2, 0))
    assert g.decision.kind == "main"
    assert g.state.nemesis.life == 70 - (2 * 2 + 1)
    assert breaches(g)[2:] == [{"state": "open"}, {"state": "open"}]
    assert p(g)["discard"] == ["Crystallize"]


# ============================================================================ P-14


def test_P_14_while_prepped_effect_once_per_turn_even_when_prepped_this_turn() -> None:
    d = game_for(player(hand=["Crystal", "Nova Forge"], aether=2))
    g = at_main(d)
    assert not any(a[0] == "use" for a in g.legal_actions())
    choose(g, ("prep", "Nova Forge", 0))
    assert ("use", 0, "Nova Forge") in g.legal_actions()
    choose(g, ("use", 0, "Nova Forge"))
    assert (p(g)["aether"], p(g)["aether_for"].get("spell", 0)) == (2, 2)
    assert_illegal(g, ("use", 0, "Nova Forge"), "P-14")
    choose(g, ("gain", "Jagged Lightning"))
    assert (p(g)["aether"], p(g)["aether_for"].get("spell", 0)) == (0, 0)
    assert p(g)["discard"] == ["Jagged Lightning"]
    assert breaches(g)[0] == {"state": "open", "spells": ["Nova Forge"]}


def test_P_14_while_prepped_effect_is_available_again_next_turn() -> None:
    d = game_for(player(hand=["Crystal"], breaches=[opened("Nova Forge"), closed(1), closed(0), closed(2)]),
                 player("Mist", hand=["Crystal"]))
    d["turn_order"] = {"deck": ["P1", "P2", "N"], "discard": ["P1"]}
    g = at_main(d)
    choose(g, ("use", 0, "Nova Forge"))
    choose(g, ("end_main",))
    # the next turn is player 1's again: first the casting phase (the spell may be kept)
    assert g.decision.kind == "casting"
    choose(g, ("end_casting",))
    assert ("use", 0, "Nova Forge") in g.legal_actions()
    assert p(g)["aether_for"].get("spell", 0) == 0


def test_P_14_pay_to_discard_yourself() -> None:
    d = game_for(player(hand=["Crystal"], aether=6))
    d["nemesis"]["in_play"] = [{"name": "Eye of Nothing", "power": 1}]
    g = at_main(d)
    choose(g, ("pay", "Eye of Nothing"))
    n = g.to_dict()["nemesis"]
    assert n["in_play"] == [] and n["discard"] == ["Eye of Nothing"]
    assert n["tokens"] == {"fury": 1}  # its POWER effect did not happen
    assert p(g)["aether"] == 0
    assert g.decision.kind == "main"


def test_P_14_allies_cannot_help_pay_aether() -> None:
    d = game_for(player(hand=["Crystal"], aether=5), player("Mist", hand=["Crystal"], aether=10))
    d["nemesis"]["in_play"] = [{"name": "Eye of Nothing", "power": 1}]
    g = at_main(d)
    assert_illegal(g, ("pay", "Eye of Nothing"), "P-14")


def test_P_14_allies_cannot_help_pay_charges() -> None:
    d = game_for(player(hand=["Crystal"], charges=3), player("Mist", hand=["Crystal"], charges=5))
    d["nemesis"]["in_play"] = [{"name": "Blood Cry", "power": 2}]
    g = at_main(d)
    assert_illegal(g, ("pay", "Blood Cry"), "P-14")


def test_P_14_pay_charges_to_discard() -> None:
    d = game_for(player(hand=["Crystal"], charges=5), player("Mist", hand=["Crystal"], charges=5))
    d["nemesis"]["in_play"] = [{"name": "Blood Cry", "power": 2}]
    g = at_main(d)
    choose(g, ("pay", "Blood Cry"))
    assert p(g, 0)["charges"] == 1
    assert p(g, 1)["charges"] == 5
    n = g.to_dict()["nemesis"]
    assert n["in_play"] == [] and n["discard"] == ["Blood Cry"]


# ============================================================================ P-15


def order_choices(g: Game) -> list[list[Any]]:
    """The draw-phase order actions answered so far (P-15)."""
    return [e["action"] for e in g.events if e["event"] == "choice" and e["kind"] == "discard_order"]


def played_three(hand: list[str], deck: list[str] | None = None, discard: list[str] | None = None) -> Game:
    """Player 1 plays the gems of ``hand`` in that order and ends the main phase."""
    d = game_for(player(hand=list(hand), deck=deck if deck is not None else ["Spark"] * 5, discard=discard or []))
    g = at_main(d)
    for c in hand:
        choose(g, ("play", c))
    choose(g, ("end_main",))
    return g


def test_P_15_draw_phase_is_one_decision_keeping_the_played_order_first() -> None:
    g = played_three(["Jade", "Crystal", "Frozen Magmite"])
    d = g.decision
    assert d is not None and d.kind == "discard_order" and d.player == 0
    assert g.legal_actions() == [("keep_order",), ("order", "Crystal"), ("order", "Frozen Magmite"),
                                 ("order", "Jade")]
    assert d.prompt == ("Draw phase: put your played cards on your discard in the order played "
                        "(Jade, Crystal, Frozen Magmite), or which one first?")
    assert g.engine.state.players[0].played == ["Jade", "Crystal", "Frozen Magmite"]
    assert describe(g.state, d, ("keep_order",)) == "Keep the order played: Jade, Crystal, Frozen Magmite"
    assert g.describe(("keep_order",)) == "keep the order played"


def test_P_15_keeping_the_order_puts_the_cards_on_the_discard_in_played_order() -> None:
    g = played_three(["Jade", "Crystal", "Frozen Magmite"], deck=["Spark"] * 5, discard=["Buried Light"])
    choose(g, ("keep_order",))
    assert order_choices(g) == [["keep_order"]]  # one decision, then the turn goes on
    assert g.state.active == 1
    me = p(g, 0)
    assert me["discard"] == ["Buried Light", "Jade", "Crystal", "Frozen Magmite"]
    assert me["played"] == []
    assert me["hand"] == ["Spark"] * 5
    assert me["deck"] == []


ORDERS = sorted(set(itertools.permutations(["Jade", "Crystal", "Frozen Magmite"])))


@pytest.mark.parametrize("want", ORDERS, ids=["-".join(c[0] for c in o) for o in ORDERS])
def test_P_15_reordering_reaches_every_order(want: tuple[str, ...]) -> None:
    """Name the next card until the rest lies in the order played, then keep it."""
    g = played_three(["Jade", "Crystal", "Frozen Magmite"], discard=["Buried Light"])
    placed = 0
    while g.decision is not None and g.decision.kind == "discard_order":
        rest = list(want[placed:])
        if g.engine.state.players[0].played == rest:
            choose(g, ("keep_order",))
        else:
            choose(g, ("order", want[placed]))
            placed += 1
    assert g.state.active == 1
    assert p(g, 0)["discard"] == ["Buried Light", *want]


def test_P_15_reorder_names_the_next_card_then_asks_only_about_the_rest() -> None:
    g = played_three(["Jade", "Crystal", "Frozen Magmite"])
    choose(g, ("order", "Frozen Magmite"))
    d = g.decision
    assert d is not None and d.kind == "discard_order"
    assert g.legal_actions() == [("keep_order",), ("order", "Crystal"), ("order", "Jade")]
    assert d.prompt == ("Draw phase: put the rest on your discard in the order played (Jade, Crystal), "
                        "or which one next?")
    assert p(g, 0)["discard"] == ["Frozen Magmite"] and p(g, 0)["played"] == ["Jade", "Crystal"]
    choose(g, ("order", "Crystal"))  # Jade is left alone: placed without a question
    assert order_choices(g) == [["order", "Frozen Magmite"], ["order", "Crystal"]]
    assert g.state.active == 1
    assert p(g, 0)["discard"] == ["Frozen Magmite", "Crystal", "Jade"]


@pytest.mark.parametrize(("want", "answers"), [
    (["Crystal", "Jade", "Crystal"], [("keep_order",)]),
    (["Jade", "Crystal", "Crystal"], [("order", "Jade")]),
    (["Crystal", "Crystal", "Jade"], [("order", "Crystal"), ("order", "Crystal")]),
])
def test_P_15_copies_reach_every_order(want: list[str], answers: list[tuple[str, ...]]) -> None:
    g = played_three(["Crystal", "Jade", "Crystal"])
    for a in answers:
        choose(g, a)
    assert g.state.active == 1
    assert p(g, 0)["discard"] == want


def test_P_15_a_single_played_card_asks_nothing() -> None:
    g = played_three(["Jade"])
    assert g.state.active == 1
    assert order_choices(g) == []
    assert not any(e["event"] == "forced" and e["kind"] == "discard_order" for e in g.events)
    assert p(g, 0)["discard"] == ["Jade"] and p(g, 0)["hand"] == ["Spark"] * 5


@pytest.mark.parametrize(("answers", "hand", "deck"), [
    ([("keep_order",)], ["Spark", "Spark", "Buried Light", "Jade", "Crystal"], ["Frozen Magmite"]),
    ([("order", "Frozen Magmite"), ("order", "Crystal")],
     ["Spark", "Spark", "Buried Light", "Frozen Magmite", "Crystal"], ["Jade"]),
    ([("order", "Crystal"), ("keep_order",)], ["Spark", "Spark", "Buried Light", "Crystal", "Jade"],
     ["Frozen Magmite"]),
])
def test_P_15_the_discard_order_decides_the_next_draws(answers: list[tuple[str, ...]], hand: list[str],
                                                       deck: list[str]) -> None:
    """P-16 then turns the discard over: its bottom card is drawn first, the last placed stays in the deck."""
    g = played_three(["Jade", "Crystal", "Frozen Magmite"], deck=["Spark", "Spark"], discard=["Buried Light"])
    for a in answers:
        choose(g, a)
    assert g.state.active == 1
    me = p(g, 0)
    assert me["hand"] == hand
    assert me["deck"] == deck
    assert me["discard"] == [] and me["played"] == []


def test_P_15_copies_of_one_card_need_no_order_choice() -> None:
    d = game_for(player(hand=["Crystal", "Crystal"], deck=["Spark"] * 5))
    g = at_main(d)
    choose(g, ("play", "Crystal"))
    choose(g, ("play", "Crystal"))
    choose(g, ("end_main",))
    assert g.state.active == 1
    assert not any(e["event"] == "choice" and e["kind"] == "discard_order" for e in g.events)
    me = p(g, 0)
    assert me["discard"] == ["Crystal", "Crystal"]
    assert me["hand"] == ["Spark"] * 5


def test_P_15_hand_is_kept_and_has_no_limit() -> None:
    hand = ["Crystal", "Spark", "Spark", "Buried Light", "Crystal", "Spark"]
    d = game_for(player(hand=hand, deck=["Crystal"]))
    g = at_main(d)
    choose(g, ("end_main",))
    assert g.state.active == 1
    me = p(g, 0)
    assert me["hand"] == hand
    assert me["deck"] == ["Crystal"]
    assert me["discard"] == []


def test_P_15_unplayed_gems_stay_in_hand_without_tutorial_mode() -> None:
    d = game_for(player(hand=["Crystal", "Frozen Magmite", "Spark"], deck=["Spark", "Spark", "Spark"]))
    g = at_main(d)
    choose(g, ("end_main",))
    assert g.state.active == 1
    assert p(g, 0)["hand"] == ["Crystal", "Frozen Magmite", "Spark", "Spark", "Spark"]
    assert p(g, 0)["discard"] == []


def test_P_15_tutorial_mode_may_discard_gems_and_relics_not_spells() -> None:
    d = with_ruleset(game_for(player(hand=["Crystal", "Mage's Totem", "Spark", "Frozen Magmite"],
                                     deck=["Buried Light", "Spark", "Crystal"])),
                     tutorial_discard=True)
    g = at_main(d)
    choose(g, ("end_main",))
    assert g.decision.kind == "tutorial_discard" and g.decision.player == 0
    assert g.legal_actions() == [("discard_card", "Crystal"), ("discard_card", "Frozen Magmite"),
                                 ("discard_card", "Mage's Totem"), ("draw",)]
    choose(g, ("discard_card", "Mage's Totem"))
    assert g.legal_actions() == [("discard_card", "Crystal"), ("discard_card", "Frozen Magmite"), ("draw",)]
    choose(g, ("discard_card", "Crystal"))
    choose(g, ("draw",))
    assert g.state.active == 1
    me = p(g, 0)
    assert me["discard"] == ["Mage's Totem", "Crystal"]
    assert me["hand"] == ["Spark", "Frozen Magmite", "Buried Light", "Spark", "Crystal"]
    assert me["deck"] == []


# ============================================================================ P-16


def test_P_16_discard_turned_over_as_it_lies_when_deck_runs_out() -> None:
    d = game_for(player(hand=[], deck=["Spark", "Crystal"],
                        discard=["Buried Light", "Jagged Lightning", "Fiery Torrent", "Frozen Magmite"]))
    rng_before = d["rng"]
    g = at_main(d)  # nothing to do: the main phase ends and the draw phase runs
    assert g.state.active == 1
    me = p(g, 0)
    # the bottom card of the discard becomes the top of the new deck; no shuffle
    assert me["hand"] == ["Spark", "Crystal", "Buried Light", "Jagged Lightning", "Fiery Torrent"]
    assert me["deck"] == ["Frozen Magmite"]
    assert me["discard"] == []
    assert g.state.rng == rng_before
    assert not any(e["event"] == "deck_shuffled" for e in g.events)


def test_P_16_played_cards_join_the_discard_before_it_is_turned_over() -> None:
    d = game_for(player(hand=["Crystal", "Frozen Magmite"], deck=["Spark"], discard=["Buried Light"]))
    g = at_main(d)
    choose(g, ("play", "Crystal"))
    choose(g, ("end_main",))
    me = p(g, 0)
    assert me["hand"] == ["Frozen Magmite", "Spark", "Buried Light", "Crystal"]
    assert me["deck"] == [] and me["discard"] == []


def test_P_16_draw_stops_when_deck_and_discard_are_empty() -> None:
    d = game_for(player(hand=["Spark"], deck=["Crystal"]))
    g = at_main(d)
    choose(g, ("end_main",))
    assert g.state.active == 1
    me = p(g, 0)
    assert me["hand"] == ["Spark", "Crystal"]
    assert me["deck"] == [] and me["discard"] == []


def test_P_16_reveal_from_an_empty_deck_turns_the_discard_over() -> None:
    d = game_for(player(hand=["Crystal"], deck=[], discard=["Spark", "Buried Light"],
                        breaches=[opened("Reduce to Ash"), closed(1), closed(0), closed(2)]))
    g = at_player_turn(d)
    assert g.decision.kind == "yes_no" and g.decision.source == "Reduce to Ash"
    me = p(g)
    assert me["deck"] == ["Spark", "Buried Light"]
    assert me["discard"] == []


def test_P_16_own_deck_is_hidden_but_discard_is_seen_in_order() -> None:
    d = game_for(player(hand=["Crystal"], deck=["Spark", "Buried Light"], discard=["Crystal", "Spark", "Crystal"]))
    g = at_main(d)
    v = g.view_for(0)
    me = v["players"][0]
    assert "deck" not in me
    assert me["deck_size"] == 2
    assert me["discard"] == ["Crystal", "Spark", "Crystal"]
    assert me["hand"] == ["Crystal"]


# ============================================================================ P-17


def test_P_17_revealed_card_goes_back_on_top() -> None:
    d = game_for(player(hand=["Crystal"], deck=["Buried Light", "Spark", "Crystal"],
                        breaches=[opened("Reduce to Ash"), closed(1), closed(0), closed(2)]))
    g = at_player_turn(d)
    assert g.decision.kind == "yes_no"
    assert [e["card"] for e in g.events if e["event"] == "revealed"] == ["Buried Light"]
    choose(g, ("no",))
    assert g.decision.kind == "casting"
    me = p(g)
    assert me["deck"] == ["Buried Light", "Spark", "Crystal"]
    assert g.state.destroyed == []


def test_P_17_revealed_card_may_be_destroyed_by_the_effect() -> None:
    d = game_for(player(hand=["Crystal"], deck=["Buried Light", "Spark", "Crystal"],
                        breaches=[opened("Reduce to Ash"), closed(1), closed(0), closed(2)]))
    g = at_player_turn(d)
    choose(g, ("yes",))
    assert p(g)["deck"] == ["Spark", "Crystal"]
    assert g.state.destroyed == ["Buried Light"]


@pytest.mark.parametrize(("top", "damage"), [("P2", 3), ("P1", 3), ("N", 1)])
def test_P_17_flare_leaves_the_turn_order_card_on_top(top: str, damage: int) -> None:
    d = game_for(player("Xaxos", hand=["Crystal"], breaches=[opened("Flare"), closed(0), closed(0), closed(1)]))
    rest = ["P1", "P2", "N", "P2", "N"]
    rest.remove(top)
    d["turn_order"] = {"deck": [top, *rest], "discard": ["P1"]}
    g = at_casting(d)
    choose(g, ("cast", 0, 0))
    assert g.state.nemesis.life == 70 - damage
    assert g.to_dict()["turn_order"] == {"deck": [top, *rest], "discard": ["P1"]}
    assert p(g)["discard"] == ["Flare"]


def test_P_17_revealed_turn_order_deck_goes_back_in_the_chosen_order() -> None:
    d = game_for(player("Xaxos", hand=["Crystal"], charges=5), player("Mist", hand=["Crystal"], charges=0))
    d["turn_order"] = {"deck": ["N", "P2", "P1"], "discard": ["P1", "P2", "N"]}
    g = at_main(d)
    choose(g, ("ability", 0))
    assert p(g, 0)["charges"] == 0
    assert p(g, 1)["charges"] == 4  # the only ally takes all four charges
    assert g.decision.kind == "order" and g.decision.player == 0
    assert g.legal_actions() == [("card", "N"), ("card", "P1"), ("card", "P2")]
    choose(g, ("card", "P1"))
    assert g.legal_actions() == [("card", "N"), ("card", "P2")]
    choose(g, ("card", "P2"))
    assert g.decision.kind == "main"
    assert g.to_dict()["turn_order"] == {"deck": ["P1", "P2", "N"], "discard": ["P1", "P2", "N"]}
    assert g.view_for(1)["turn_order"]["known_top"] == ["P1", "P2", "N"]


# ============================================================================ P-18


def mist_casts(brama_breaches: list[dict[str, Any]],
               mist_breaches: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Mist (player 2) holds Garnet Shard; Brama (player 1) has the given breaches."""
    d = base_state([
        player("Brama", hand=["Crystal"], discard=["Crystal"], breaches=brama_breaches),
        player("Mist", hand=["Garnet Shard", "Crystal"], discard=["Spark"],
               breaches=mist_breaches or [opened(), closed(2), closed(1), closed(1)]),
    ])
    return d


def test_P_18_ally_spell_uses_owner_breach_bonus_and_goes_to_owner() -> None:
    d = mist_casts([opened(), closed(1), opened("Spark"), closed(2)])
    g = at_main(d, 1)
    choose(g, ("play", "Garnet Shard"))
    assert g.decision.player == 1
    choose(g, ("choose", 1))
    assert g.decision.kind == "main" and g.decision.player == 1
    assert g.state.nemesis.life == 68  # Brama's opened breach III adds 1
    assert p(g, 0)["discard"] == ["Crystal", "Spark"]
    assert p(g, 0)["breaches"][2] == {"state": "open"}
    assert p(g, 1)["discard"] == ["Spark"]
    assert p(g, 1)["played"] == ["Garnet Shard"]
    assert p(g, 1)["aether"] == 0


def test_P_18_caster_makes_the_spell_choices() -> None:
    d = with_minion(mist_casts([opened(), closed(1), opened("Spark"), closed(2)]))
    g = at_main(d, 1)
    choose(g, ("play", "Garnet Shard"))
    choose(g, ("choose", 1))
    assert g.decision.kind == "target" and g.decision.player == 1
    choose(g, ("target", "Bane Sire"))
    assert g.to_dict()["nemesis"]["in_play"] == [{"name": "Bane Sire", "life": 4}]
    assert g.state.nemesis.life == 70
    assert p(g, 0)["discard"] == ["Crystal", "Spark"]


def test_P_18_caster_breach_does_not_give_the_bonus() -> None:
    d = mist_casts([opened(), closed(1), closed(0), closed(2, spells=["Spark"])],
                   [opened(), closed(2), closed(1), opened()])
    g = at_main(d, 1)
    choose(g, ("play", "Garnet Shard"))
    choose(g, ("choose", 1))
    assert g.state.nemesis.life == 69  # Brama's breach IV is closed: no bonus
    assert p(g, 0)["discard"] == ["Crystal", "Spark"]
    assert p(g, 0)["breaches"][3] == {"state": "closed", "stage": 2}


def test_P_18_choice_among_several_prepped_spells() -> None:
    d = mist_casts([opened("Buried Light"), closed(1), opened("Spark"), closed(2)],
                   [opened("Spark"), closed(2), closed(1), closed(1)])
    g = at_main(d, 1)
    choose(g, ("play", "Garnet Shard"))
    choose(g, ("choose", 1))
    assert g.decision.kind == "spell" and g.decision.player == 1
    assert g.legal_actions() == [("spell", 0, 0, 0), ("spell", 0, 2, 0), ("spell", 1, 0, 0)]
    choose(g, ("spell", 0, 0, 0))
    # the aether of Buried Light goes to the caster ("you"), the card to its owner
    assert p(g, 1)["aether"] == 1
    assert p(g, 0)["aether"] == 0
    assert p(g, 0)["discard"] == ["Crystal", "Buried Light"]
    assert g.state.nemesis.life == 69


def test_P_18_returned_spell_goes_to_owner_hand() -> None:
    d = base_state([
        player("Brama", hand=["Crystal"], breaches=[opened(), closed(1), opened("Jagged Lightning"), closed(2)]),
        player("Mist", hand=["Vortex Gauntlet", "Crystal"], breaches=[opened(), closed(2), closed(1), closed(1)]),
    ])
    g = at_main(d, 1)
    choose(g, ("play", "Vortex Gauntlet"))
    # Jagged Lightning: 3 + 1 bonus, then its caster may discard a card (Mist decides)
    assert g.decision.kind == "discard" and g.decision.player == 1
    choose(g, ("skip",))
    assert g.state.nemesis.life == 66
    assert p(g, 0)["hand"] == ["Crystal", "Jagged Lightning"]
    assert p(g, 0)["discard"] == []
    assert p(g, 1)["played"] == ["Vortex Gauntlet"]


# ============================================================================ P-19


@pytest.mark.parametrize(("first", "discard"), [
    (1, ["Buried Light", "Spark"]),
    (3, ["Spark", "Buried Light"]),
])
def test_P_19_player_chooses_the_order_of_casting_phase_spells(first: int, discard: list[str]) -> None:
    d = game_for(player(hand=["Crystal"], breaches=[
        opened(), closed(2, spells=["Buried Light"]), closed(0), closed(2, spells=["Spark"])]))
    g = at_casting(d)
    assert g.decision.player == 0
    assert g.legal_actions() == [("cast", 1, 0), ("cast", 3, 0)]
    choose(g, ("cast", first, 0))
    # the other closed-breach spell is then the only option and is cast at once
    assert g.decision.kind == "main"
    assert p(g)["discard"] == discard
    assert [e["card"] for e in cast_events(g)] == discard
    assert g.state.nemesis.life == 68
    assert p(g)["aether"] == 1


def test_P_19_draw_phase_cards_placed_in_the_players_order() -> None:
    d = game_for(player(hand=["Crystal", "Mage's Totem", "Frozen Magmite"], deck=["Spark"] * 5),
                 gravehold={"life": 25, "max_life": 30})
    g = at_main(d)
    choose(g, ("play", "Frozen Magmite"))
    choose(g, ("play", "Crystal"))
    choose(g, ("play", "Mage's Totem"))
    choose(g, ("choose", 1))  # the totem destroys itself; Gravehold heals
    choose(g, ("end_main",))
    assert g.decision.kind == "discard_order"
    assert g.legal_actions() == [("keep_order",), ("order", "Crystal"), ("order", "Frozen Magmite")]
    choose(g, ("order", "Crystal"))
    me = p(g, 0)
    assert me["discard"] == ["Crystal", "Frozen Magmite"]
    assert g.state.destroyed == ["Mage's Totem"]
    assert g.state.gravehold == 26


def test_P_11_breach_numbers_out_of_range_are_named_as_such() -> None:
    g = at_main(base_state([player("Brama", hand=["Crystal"], aether=9), player("Mist")]))
    before = g.to_dict()
    for action in (("focus", -1), ("open", 4), ("prep", "Spark", 7)):
        with pytest.raises(IllegalAction) as e:
            g.apply(action)
        assert e.value.rule == "S-3" and "no breach number" in str(e.value)
    assert g.to_dict() == before


@pytest.fixture
def seer() -> Iterator[str]:
    """A test-only mage whose ability is used right after a turn order card is drawn."""
    from gravehold.content.model import AbilityDef, BreachSetup, MageDef

    m = MageDef(
        "Test Seer", "Test Seer", "test", "AE",
        AbilityDef("Foresight", "after_turn_order_draw", 4, (("gravehold_life", 3),)),
        hand=("Crystal",) * 5, deck=("Crystal",) * 5,
        breaches=(BreachSetup("open"), BreachSetup("closed", 1), BreachSetup("closed", 0), BreachSetup("closed", 2)),
    )
    registry.register_mage(m)
    try:
        yield m.id
    finally:
        del registry.MAGES[m.id]


@pytest.mark.parametrize("use", [True, False])
def test_P_10_window_right_after_a_turn_order_card_is_drawn(seer: str, use: bool) -> None:
    d = game_for(player(seer, charges=4, max_charges=4), gravehold={"life": 20, "max_life": 30})
    d["stack"] = [["next_turn"]]
    g = Game.from_dict(d)
    # P2 was drawn; before P2's turn starts the seer may use the ability
    assert g.state.to_discard == ["P1", "P2"] and g.state.turn == 0
    assert g.decision is not None and g.decision.kind == "ability_window" and g.decision.player == 0
    assert g.legal_actions() == [("ability", 0), ("pass",)]
    choose(g, ("ability", 0) if use else ("pass",))
    p = g.state.players[0]
    assert g.state.gravehold == (23 if use else 20)
    assert p.charges == (0 if use else 4)
    assert g.state.active == 1 and g.decision is not None and g.decision.kind == "main"


def test_P_10_any_main_phase_ability_is_offered_in_an_allys_main_phase() -> None:
    d = game_for(player("Brama", hand=["Crystal"]), player("Xaxos", charges=5, hand=["Crystal"]))
    g = at_main(d, 0)
    assert ("ability", 1) in g.legal_actions()
    choose(g, ("ability", 1))
    # Xaxos' charges went; his allies (Brama) collect the 4 charges one pick at a time
    assert g.state.players[1].charges == 0
    assert g.state.players[0].charges == 4


# neither option can be done in full: no nemesis turn order card is in the discard to
# shuffle back, and no minion in the nemesis discard to return; the first still heals
NEITHER = ("or", (("shuffle_nemesis_turns",), ("gravehold_life", 2)), (("return_minion",),))
OR_FALLBACK = {"we": "free", "ae": "free", "log": "free", "na": "most", "oc": "free"}


def _neither(**rules: Any) -> dict[str, Any]:
    d = base_state([player(hand=["Crystal"]), player("Brama", hand=["Crystal"])],
                   turn_order={"deck": ["P1", "N", "P2", "N"], "discard": ["P1"]})
    d["gravehold"] = {"life": 25, "max_life": 30}
    return with_ruleset(d, **rules)


@pytest.mark.parametrize("preset", sorted(OR_FALLBACK))
def test_P_7_or_fallback_when_neither_option_can_be_done_in_full(preset: str) -> None:
    g = run_steps(_neither(**ruleset(preset).to_dict()), [NEITHER], source="Garnet Shard")
    if OR_FALLBACK[preset] == "free":  # both stay open, the player picks
        assert g.decision.kind == "or" and g.decision.player == 0
        assert g.legal_actions() == [("choose", 0), ("choose", 1)]
        choose(g, ("choose", 1))
        assert g.state.gravehold == 25 and g.state.to_discard == ["P1"]
    else:  # "most": the first option carries out one of its two steps, the second none
        assert any(e["event"] == "forced" and e["kind"] == "or" for e in g.events)
        assert g.state.gravehold == 27 and g.state.to_discard == ["P1"]
    assert g.decision.kind == "main" and g.state.nemesis.discard == []


@pytest.mark.parametrize("fallback", ["free", "most"])
def test_P_7_or_fallback_leaves_a_fully_resolvable_option_alone(fallback: str) -> None:
    d = _neither(or_fallback=fallback)
    g = run_steps(d, [("or", (("return_minion",),), (("gravehold_life", 1),))], source="Garnet Shard")
    assert g.state.gravehold == 26 and g.decision.kind == "main"  # the only full option, either way


def test_P_7_an_or_branch_giving_allies_charges_gives_way_when_their_slots_are_full() -> None:
    d = _neither(or_fallback="free")
    d["players"][1]["charges"] = 5
    g = run_steps(d, [("or", (("ally_charges", 1),), (("gravehold_life", 1),))], source="Garnet Shard")
    assert g.state.gravehold == 26 and g.decision.kind == "main"
    assert [p.charges for p in g.state.players] == [0, 5]
    d["players"][1]["charges"] = 4  # one free slot: both are offered
    g = run_steps(d, [("or", (("ally_charges", 1),), (("gravehold_life", 1),))], source="Garnet Shard")
    assert g.legal_actions() == [("choose", 0), ("choose", 1)]
    choose(g, ("choose", 0))
    assert [p.charges for p in g.state.players] == [0, 5] and g.state.gravehold == 25
