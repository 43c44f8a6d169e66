"""The New Age's scripted first expedition (XS-1 … XS-8)."""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

import pytest

from expedition_support import basics_by_tier, end, fight
from gravehold.campaigns.expedition import policy, steps
from gravehold.campaigns.expedition.steps import ExpeditionError
from gravehold.content import registry
from gravehold.content import registry as content
from gravehold.engine.setup import Config, new_state
from gravehold.errors import ContentError
from gravehold.record import setup_config

SCRIPT = content.EXPEDITIONS["new_age"]


def _story(players: int = 2) -> steps.Expedition:
    return steps.new(players, story="new_age", seed=3)


def test_XS_1_sealed_mages_cannot_be_chosen_until_the_story_hands_them_out() -> None:
    exp = _story()
    ch = policy.choose(exp)
    ch.seats[0].mage = "Rhia"
    with pytest.raises(ExpeditionError, match=r"seats\[0\]\.mage: 'Rhia' is not in the Barracks"):
        steps.begin(exp, ch)
    after = fight(exp, "win")
    ch = policy.choose(after)
    ch.seats[0].mage = "Rhia"
    _, game = steps.begin(after, ch)
    assert game.state.players[0].mage == "Rhia"


def test_XS_2_the_first_battle_is_laid_out_from_the_scripts_barracks() -> None:
    exp = _story()
    assert exp.barracks.mages == ["Gygar", "Taqren", "Claudia", "Sahala"]
    assert exp.barracks.supply == list(SCRIPT.supply) and exp.barracks.treasures == []
    assert (exp.battle, exp.nemesis, exp.options.boxes, exp.stacks.nemeses) == (1, "Maggoth", ["NA"], {})
    ch = policy.choose(exp)
    assert sorted(ch.supply) == sorted(SCRIPT.supply)  # all nine piles are the battle's supply
    _, game = steps.begin(exp, ch)
    assert game.state.nemesis.id == "Maggoth" and sorted(game.state.supply_names) == sorted(SCRIPT.supply)


@pytest.mark.parametrize(("players", "trim"), [(1, 7), (2, 5), (3, 3), (4, 0)])
def test_XS_3_the_first_nemesis_deck_is_prebuilt_then_trimmed_from_the_top(players: int, trim: int) -> None:
    exp = _story(players)
    _, game = steps.begin(exp, policy.choose(exp))
    st = new_state(Config(**setup_config(game)))
    nem = st.nemesis
    assert len(nem.discard) == trim and len(nem.deck) == 31 - trim
    whole = [*nem.discard, *nem.deck]
    assert [content.NEMESIS_CARDS[c].tier for c in whole] == sorted(content.NEMESIS_CARDS[c].tier for c in whole)
    basics = Counter(content.NEMESIS_CARDS[c].tier for c in whole if c not in content.NEMESES["Maggoth"].cards)
    assert basics == {1: 8, 2: 7, 3: 7}  # the 4-player numbers, before the trim
    assert all(not content.NEMESIS_CARDS[c].upgraded for c in whole)


def test_XS_2_XS_3_a_retried_first_battle_uses_the_normal_setup() -> None:
    lost = fight(_story(2), "loss")
    _, game = steps.begin(lost, policy.choose(lost))
    assert "prebuilt_deck" not in game.state.config and basics_by_tier(game) == {1: (0, 3), 2: (0, 5), 3: (0, 7)}


def test_XS_4_XS_5_the_battles_come_in_script_order_with_their_rewards() -> None:
    exp = _story()
    nemeses = []
    for k, battle in enumerate(SCRIPT.battles, 1):
        assert exp.battle == k and exp.nemesis == battle.nemesis
        before = list(exp.barracks.mages), list(exp.barracks.treasures)
        new, game = steps.begin(exp, policy.choose(exp))
        nemeses.append(game.state.nemesis.id)
        picked = set(new.barracks.supply)
        exp = steps.finish(new, end(game, "win"))
        r = battle.reward
        assert exp.barracks.mages == [*before[0], *r.mages]
        assert exp.barracks.treasures == [*before[1], *r.treasures]
        assert set(exp.barracks.supply) == picked | set(r.supply)
    assert nemeses == ["Maggoth", "Arachnos", "Ageless Walker", "Fenrix"]
    assert exp.phase == "complete" and exp.score == 24


def test_XS_6_upgraded_basics_received_so_far_join_the_deck_by_the_table() -> None:
    exp = fight(_story(), "win")
    assert sorted(exp.upgraded) == sorted(SCRIPT.battles[1].upgraded)  # received before battle 2
    _, game = steps.begin(exp, policy.choose(exp))
    assert basics_by_tier(game) == {1: (1, 2), 2: (3, 2), 3: (3, 4)}
    exp = fight(exp, "win")
    assert len(exp.upgraded) == 11
    _, game = steps.begin(exp, policy.choose(exp))
    assert basics_by_tier(game) == {1: (2, 1), 2: (4, 1), 3: (5, 2)}


def test_XS_6_X_13_a_solo_story_caps_the_upgraded_basics_at_the_one_player_rows() -> None:
    exp = fight(fight(_story(1), "win"), "win")
    _, game = steps.begin(exp, policy.choose(exp))
    assert basics_by_tier(game) == {1: (1, 0), 2: (3, 0), 3: (5, 2)}


def test_XS_7_a_lost_story_battle_is_fought_again_without_a_support() -> None:
    exp = _story()
    lost = fight(exp, "loss")
    assert (lost.phase, lost.battle, lost.attempt, lost.nemesis) == ("choose", 1, 2, "Maggoth")
    assert steps.supports(lost) == [] and lost.barracks == exp.barracks
    won = fight(lost, "win")
    assert won.history[-1].score == 4


def test_XS_8_after_the_first_expedition_every_box_content_can_be_drawn() -> None:
    story = _story()
    assert set(content.MAGES[m].box for m in story.barracks.mages) == {"NA"}
    later = steps.new(2, boxes=["NA"], seed=1)
    pool = set(later.barracks.mages) | set(later.stacks.mages)
    assert pool == {m.id for m in content.MAGES.values() if m.box == "NA"}  # nothing stays sealed


def test_XS_5_a_story_has_its_own_length() -> None:
    with pytest.raises(ExpeditionError, match="length: the scripted expedition new_age has its own 4 battles"):
        steps.new(2, story="new_age", length="short")


def test_XS_4_XS_5_the_guided_run_says_where_the_story_stands() -> None:
    exp = _story()
    told = steps.story(exp)
    assert told is not None
    assert (told["battle"], told["battles"], told["nemesis"], told["scene"]) == (
        1, 4, "Maggoth", SCRIPT.battles[0].scene)
    assert told["reward"]["mages"] == ["Rhia"] and told["next_upgraded"] == list(SCRIPT.battles[1].upgraded)
    later = fight(exp, "win")
    assert steps.story(later)["battle"] == 2  # type: ignore[index]
    assert steps.story(steps.new(2, seed=1)) is None


# ------------------------------------------------------------------ options a story battle switches on


def _with_xaxos_from(k: int, monkeypatch: pytest.MonkeyPatch, box: str = "NA") -> str:
    """A copy of the New Age story whose battle ``k`` brings Xaxos: Outcast in, registered
    for the test (the field ``StoryBattle.options``; Outcasts' story uses it from battle 2)."""
    battles = list(SCRIPT.battles)
    battles[k - 1] = dataclasses.replace(battles[k - 1], options=(("xaxos_outcast", True),))
    copy = dataclasses.replace(SCRIPT, id="xaxos_copy", box=box, battles=tuple(battles))
    registry._check_script(content.box(box), copy)
    monkeypatch.setitem(content.EXPEDITIONS, copy.id, copy)
    return copy.id


def test_XS_5_a_battles_options_hold_from_it_on_over_the_expeditions_ruleset(monkeypatch: pytest.MonkeyPatch) -> None:
    exp = steps.new(2, story=_with_xaxos_from(2, monkeypatch), seed=3)
    _, first = steps.begin(exp, policy.choose(exp))
    assert first.state.config["ruleset"].get("xaxos_outcast") is None and "xaxos_charges" not in first.state.tokens
    seen = []
    for _ in range(3):
        exp = fight(exp, "win")
        assert steps.story_options(exp) == {"xaxos_outcast": True}
        new, game = steps.begin(exp, policy.choose(exp))
        seen.append((new.current.config["ruleset"], game.state.tokens.get("xaxos_charges")))  # type: ignore[union-attr]
    assert seen == [({"preset": "na", "xaxos_outcast": True}, 0)] * 3
    assert steps.story(exp)["options"] == {"xaxos_outcast": True}  # type: ignore[index]


def test_XS_5_a_story_battle_keeps_the_groups_ruleset_object_and_adds_its_options(
        monkeypatch: pytest.MonkeyPatch) -> None:
    exp = steps.new(2, story=_with_xaxos_from(1, monkeypatch), seed=3,
                    ruleset={"preset": "oc", "wandering": "minus_one"})
    new, game = steps.begin(exp, policy.choose(exp))
    assert new.current.config["ruleset"] == {"preset": "oc", "wandering": "minus_one",  # type: ignore[union-attr]
                                            "xaxos_outcast": True}
    assert game.state.config["ruleset"]["last_stage_focus"] == "locked" and "xaxos_charges" in game.state.tokens


def test_XS_5_the_new_age_story_switches_nothing_on() -> None:
    exp = _story()
    for _ in range(4):
        assert steps.story_options(exp) == {}
        new, _game = steps.begin(exp, policy.choose(exp))
        assert new.current.config["ruleset"] == "na"  # type: ignore[union-attr]
        exp = fight(exp, "win")
    assert exp.phase == "complete"


def test_XS_5_a_story_plays_by_its_boxs_preset_unless_the_group_names_one(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _story().options.ruleset == "na"
    assert steps.new(2, seed=1).options.ruleset == "na"  # a random expedition: NA's rules
    oc = _with_xaxos_from(2, monkeypatch, box="O")
    assert steps.new(2, story=oc, seed=3).options.ruleset == "oc"
    assert steps.new(2, story=oc, seed=3, ruleset="we").options.ruleset == "we"


@pytest.mark.parametrize(("options", "said"), [
    ((("xaxos_outcast", 1),), r"box NA: expedition bad_copy: battle 2: options: ruleset option xaxos_outcast: "
                              r"must be False or True, got 1"),
    ((("xaxos_outcats", True),), r"battle 2: options: .*xaxos_outcats.*xaxos_outcast"),
])
def test_XS_5_a_story_battles_bad_option_is_refused_when_the_box_loads(options: Any, said: str) -> None:
    battles = list(SCRIPT.battles)
    battles[1] = dataclasses.replace(battles[1], options=options)
    bad = dataclasses.replace(SCRIPT, id="bad_copy", battles=tuple(battles))
    with pytest.raises(ContentError, match=said):
        registry._check_script(content.box("NA"), bad)
