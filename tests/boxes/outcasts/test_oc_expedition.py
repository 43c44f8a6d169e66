"""Outcasts' scripted first expedition (XS-1 … XS-7, K-18 from battle 2).

The script's data is checked now; the tests that fight its battles need the box's four
nemeses (each written in its own module) and skip until all four are in the catalogue.
"""

from __future__ import annotations

import dataclasses

import pytest

from expedition_support import basics_by_tier, end, fight
from gravehold.boxes.outcasts import expedition
from gravehold.campaigns.expedition import policy, steps
from gravehold.content import registry as content

STORY = expedition.STORY
NEMESES_IN = set(expedition.NEMESES) <= set(content.NEMESES)
needs_nemeses = pytest.mark.skipif(not NEMESES_IN, reason="the story's four nemeses are not all in the catalogue yet")


def _story(players: int = 2) -> steps.Expedition:
    return steps.new(players, story="outcasts", seed=3)


# ------------------------------------------------------------------ the script's data (runs now)


def test_XS_5_the_script_hands_out_the_whole_box() -> None:
    """Mages, supply, treasures and upgraded basics: all of Outcasts', each once."""
    mages = [*STORY.mages, *(m for b in STORY.battles for m in b.reward.mages)]
    supply = [*STORY.supply, *(c for b in STORY.battles for c in b.reward.supply)]
    treasures = [t for b in STORY.battles for t in b.reward.treasures]
    upgraded = [u for b in STORY.battles for u in b.upgraded]
    assert sorted(mages) == sorted(m.id for m in content.MAGES.values() if m.box == "O")
    assert len(supply) == len(set(supply)) == 21 and {content.CARDS[c].box for c in supply} == {"O"}
    assert sorted(treasures) == sorted(t.name for t in content.TREASURES.values() if t.box == "O")
    assert sorted(upgraded) == sorted(content.UPGRADED["O"])
    assert [len(b.upgraded) for b in STORY.battles] == [0, 7, 4, 4]
    assert [sorted(content.NEMESIS_CARDS[u].tier for u in b.upgraded) for b in STORY.battles[1:]] == [
        [1, 2, 2, 2, 3, 3, 3], [1, 2, 3, 3], [1, 2, 3, 3]]  # X-6's check: 1/3/3, then 1/1/2 twice
    kinds = sorted(content.CARDS[c].type for c in STORY.supply)
    assert kinds == ["gem"] * 3 + ["relic"] * 2 + ["spell"] * 4  # the first battle's nine piles


def test_K_18_XS_5_xaxos_outcast_joins_from_battle_2() -> None:
    assert [dict(b.options) for b in STORY.battles] == [{}, {"xaxos_outcast": True}, {}, {}]
    assert expedition.XAXOS_JOINS[0] == 2


def test_XS_5_the_story_is_offered_once_the_box_holds_its_four_nemeses() -> None:
    assert expedition.available(()) == ()
    box = content.box("O")
    assert box.expeditions == ((STORY,) if NEMESES_IN else ())
    # with its nemeses in place the script names only catalogue content (Maggoth stands in here)
    stand_in = dataclasses.replace(STORY, id="outcasts_stand_in", battles=tuple(
        dataclasses.replace(b, nemesis="Maggoth") for b in STORY.battles))
    content._check_script(box, stand_in)


# ------------------------------------------------------------------ fighting it (needs the nemeses)


@needs_nemeses
def test_XS_2_the_story_sets_out_from_its_barracks_by_the_oc_rules() -> None:
    exp = _story()
    assert exp.barracks.mages == list(STORY.mages) and exp.barracks.supply == list(STORY.supply)
    assert (exp.battle, exp.nemesis, exp.options.boxes, exp.options.ruleset) == (1, "Experiment 153", ["O"], "oc")
    new, game = steps.begin(exp, policy.choose(exp))
    assert sorted(game.state.supply_names) == sorted(STORY.supply)
    assert "prebuilt_deck" not in game.state.config and new.current is not None
    assert new.current.config["ruleset"] == "oc" and "xaxos_charges" not in game.state.tokens


@needs_nemeses
def test_XS_4_XS_5_K_18_the_battles_come_in_order_with_their_rewards_and_xaxos_from_battle_2() -> None:
    exp = _story()
    fought = []
    for k, battle in enumerate(STORY.battles, 1):
        assert exp.battle == k and exp.nemesis == battle.nemesis
        before = list(exp.barracks.mages), list(exp.barracks.treasures)
        new, game = steps.begin(exp, policy.choose(exp))
        fought.append((game.state.nemesis.id, "xaxos_charges" in game.state.tokens))
        exp = steps.finish(new, end(game, "win"))
        assert exp.barracks.mages == [*before[0], *battle.reward.mages]
        assert exp.barracks.treasures == [*before[1], *battle.reward.treasures]
    assert fought == [("Experiment 153", False), ("Thief of Dreams", True), ("Risen Thrall", True),
                      ("Fountain of Souls", True)]
    assert exp.phase == "complete" and exp.score == 24
    assert sorted(exp.barracks.mages)[:2] == ["Arachnos (OC)", "Dezmodia (OC)"]


@needs_nemeses
def test_XS_6_upgraded_basics_received_so_far_go_in_first() -> None:
    exp = fight(_story(), "win")
    assert sorted(exp.upgraded) == sorted(STORY.battles[1].upgraded)
    _, game = steps.begin(exp, policy.choose(exp))
    assert basics_by_tier(game) == {1: (1, 2), 2: (3, 2), 3: (3, 4)}


@needs_nemeses
def test_XS_7_a_lost_battle_is_fought_again_without_a_support() -> None:
    lost = fight(_story(), "loss")
    assert (lost.phase, lost.battle, lost.attempt, lost.nemesis) == ("choose", 1, 2, "Experiment 153")
    assert steps.supports(lost) == []
