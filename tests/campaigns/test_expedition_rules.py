"""The expedition rules (X-1 … X-19), each checked on small exact expeditions.

A battle's game is set up for real (``steps.begin``) and then ended as the test needs
(``expedition_support.end``), so each test reads the whole step that follows a result.
"""

from __future__ import annotations

from collections import Counter

import pytest

from expedition_support import basics_by_tier, end, fight, kind_of, tier_of
from gravehold.campaigns.battle import concede
from gravehold.campaigns.expedition import policy, rules, steps
from gravehold.campaigns.expedition.state import Choices, SeatChoice
from gravehold.campaigns.expedition.steps import ExpeditionError
from gravehold.campaigns.kind import CampaignError
from gravehold.content import registry as content


def _two(seed: int = 7, **kw: object) -> steps.Expedition:
    return steps.new(2, seed=seed, **kw)  # type: ignore[arg-type]


def _to_battle(exp: steps.Expedition, battle: int) -> steps.Expedition:
    while exp.battle < battle:
        exp = fight(exp, "win")
    return exp


# ------------------------------------------------------------------
def test_X_1_the_player_count_is_fixed_for_the_whole_run() -> None:
    exp = _two()
    ch = policy.choose(exp)
    one = Choices(seats=ch.seats[:1], supply=ch.supply)
    with pytest.raises(ExpeditionError, match=r"seats: this is a 2-player expedition; choose 2 seat\(s\), not 1"):
        steps.begin(exp, one)
    exp = fight(exp, "win")
    assert steps.allowed(exp)["players"] == 2


def test_X_2_a_standard_expedition_is_four_battles_and_ends_after_the_fourth_win() -> None:
    exp = _two()
    seen = []
    while exp.phase != "complete":
        seen.append(exp.battle)
        exp = fight(exp, "win")
    assert seen == [1, 2, 3, 4]
    assert [r.battle for r in exp.history] == [1, 2, 3, 4] and not exp.abandoned
    with pytest.raises(ExpeditionError, match="not choosing a battle's setup"):
        steps.begin(exp, policy.choose(_two()))


# ------------------------------------------------------------------
def test_X_3_setting_out_draws_the_selectors_and_sorts_the_nemeses_by_level() -> None:
    exp = steps.new(2, seed=11, boxes=["NA"])
    bar = exp.barracks
    assert len(bar.mages) == 4 and bar.treasures == []
    assert Counter(kind_of(c) for c in bar.supply) == {"gem": 3, "relic": 2, "spell": 4}
    assert all(content.MAGES[m].box == "NA" for m in bar.mages)
    assert all(content.CARDS[c].box == "NA" for c in bar.supply)
    for tier in (1, 2, 3):  # every treasure of the box, shuffled, in its tier's stack
        stack = exp.stacks.treasures[tier]
        assert sorted(stack) == sorted(t.name for t in content.TREASURES.values() if t.tier == tier and t.box == "NA")
    assert exp.stacks.nemeses == {1: ["Maggoth"], 2: ["Arachnos"], 3: ["Ageless Walker"], 4: ["Fenrix"]}
    # the drawn selectors left their stacks: nothing is in two places
    assert not set(bar.mages) & set(exp.stacks.mages)
    assert not set(bar.supply) & {c for s in exp.stacks.supply.values() for c in s}


def test_X_3_legacy_nemeses_sort_into_the_stacks_by_their_expedition_level() -> None:
    exp = steps.new(2, seed=11, boxes=["LOG"])
    assert {lvl: sorted(names) for lvl, names in exp.stacks.nemeses.items()} == {
        1: ["Bishop of Scrolls", "Fate Shepherd"], 2: ["Mother of Rust", "Rust Superion"],
        3: ["Bishop: Returned", "Paradox of Myth and Bone", "Rust Amalgam"],
        4: ["Griefweaver", "Mist Revealed", "Paradox of Bone", "Paradox of Myth"]}
    # the two final nemeses end a campaign: no expedition draws them
    assert content.NEMESES["Brama (Legacy of Gravehold)"].expedition_level is None
    exp = _to_battle(exp, 3)  # battle 3 draws a level-3 nemesis: Myth and Bone's two decks are dealt
    while exp.stacks.nemeses[3][0] != "Paradox of Myth and Bone":
        exp.stacks.nemeses[3].append(exp.stacks.nemeses[3].pop(0))
    new, game = steps.begin(exp, policy.choose(exp))
    n = game.state.nemesis
    assert new.nemesis == n.id == "Paradox of Myth and Bone" and len(n.decks["Myth deck"]) == len(n.deck) == 12


def test_X_3_the_same_seed_and_options_give_the_same_expedition() -> None:
    a, b, c = steps.new(2, seed=5), steps.new(2, seed=5), steps.new(2, seed=6)
    assert a == b and a.barracks != c.barracks
    assert fight(a, "win") == fight(b, "win")


def test_X_3_boxes_without_a_nemesis_of_a_needed_level_are_refused_by_name() -> None:
    with pytest.raises(ExpeditionError, match="boxes: AE hold no nemesis of expedition level 3"):
        steps.new(2, boxes=["AE"])


# ------------------------------------------------------------------
def test_X_4_battle_one_allows_no_treasures_and_draws_its_nemesis_at_setup() -> None:
    exp = _two()
    assert steps.allowed(exp)["seat_tiers"] == [] and exp.nemesis is None
    top = exp.stacks.nemeses[1][0]
    new, game = steps.begin(exp, policy.choose(exp))
    assert new.nemesis == top == game.state.nemesis.id and new.stacks.nemeses[1] == exp.stacks.nemeses[1][1:]
    assert new.phase == "battle" and exp.phase == "choose"  # the step left its input as it was


@pytest.mark.parametrize(("battle", "seat_tiers", "group"), [(2, [1], False), (3, [1], True), (4, [1, 3], True)])
def test_X_4_treasures_by_battle_number(battle: int, seat_tiers: list[int], group: bool) -> None:
    exp = _to_battle(_two(), battle)
    a = steps.allowed(exp)
    assert (a["seat_tiers"], a["group_tier2"]) == (seat_tiers, group)
    ch = policy.choose(exp)
    assert all((s.tier1 is not None) == (1 in seat_tiers) for s in ch.seats)
    assert all((s.tier3 is not None) == (3 in seat_tiers) for s in ch.seats)
    new, game = steps.begin(exp, ch)
    tr = game.state.config["treasures"]
    assert [p.get("tier1") for p in tr["players"]] == [s.tier1 for s in ch.seats]
    assert tr.get("group") == ch.group and (ch.group is not None) == group


def test_X_5_no_tier_1_treasure_for_a_mage_whose_starting_deck_has_no_starter_card() -> None:
    """Inco (LOG) starts with flowers only: no Crystal or Spark for a tier-1 treasure to replace."""
    exp = _to_battle(_two(), 2)
    exp.barracks.mages[:2] = ["Inco (LOG)", "Brama"]
    ch = policy.choose(exp)
    seat = {s.mage: s for s in ch.seats}
    assert (seat["Inco (LOG)"].tier1, seat["Brama"].tier1 is None) == (None, False)
    new, game = steps.begin(exp, ch)  # the bots' choice sets up
    tr = game.state.config["treasures"]["players"]
    held = {s.mage: p.get("tier1") for s, p in zip(ch.seats, [*tr, {}, {}], strict=False)}
    assert held == {"Brama": seat["Brama"].tier1, "Inco (LOG)": None}
    seat["Inco (LOG)"].tier1 = next(t for t in exp.barracks.treasures if content.TREASURES[t].tier == 1
                                    and t != seat["Brama"].tier1)
    with pytest.raises(ExpeditionError, match=r"Inco \(LOG\)'s starting deck has neither a (Crystal|Spark) "
                                              r"nor a (Crystal|Spark)"):
        steps.begin(exp, ch)


def test_X_4_a_treasure_the_battle_does_not_allow_is_refused_naming_the_seat() -> None:
    exp = _to_battle(_two(), 2)
    ch = policy.choose(exp)
    t3 = next(t for t in exp.stacks.treasures[3])
    ch.seats[1].tier3 = t3
    with pytest.raises(ExpeditionError, match=r"seats\[1\]\.tier3: battle 2 allows a tier-1 treasure each$"):
        steps.begin(exp, ch)


def test_X_4_the_supply_is_three_gems_two_relics_four_spells() -> None:
    exp = _to_battle(_two(), 2)
    ch = policy.choose(exp)
    gems = [c for c in exp.barracks.supply if kind_of(c) == "gem"]
    spare = next(g for g in gems if g not in ch.supply)
    spell = next(c for c in ch.supply if kind_of(c) == "spell")
    ch.supply[ch.supply.index(spell)] = spare
    with pytest.raises(ExpeditionError, match="supply: a battle's supply is 3 gems, 2 relics, 4 spells; "
                                              "these nine are 4 gems, 2 relics, 3 spells"):
        steps.begin(exp, ch)


# ------------------------------------------------------------------
def test_X_5_a_tier_one_treasure_takes_a_starters_place_in_the_battles_deck() -> None:
    exp = _to_battle(_two(), 2)
    ch = policy.choose(exp)
    _, game = steps.begin(exp, ch)
    for k, s in enumerate(ch.seats):
        p = game.state.players[k]
        assert s.tier1 is not None
        cards = [*p.hand, *p.deck]
        assert cards.count(s.tier1) == 1
        slot = game.state.config["treasures"]["players"][k]["slot"]
        assert p.deck[slot] == s.tier1


def test_X_14_treasures_go_back_to_the_barracks_after_the_battle_to_be_chosen_again() -> None:
    exp = _to_battle(_two(), 3)
    ch = policy.choose(exp)
    used = {s.tier1 for s in ch.seats} | {ch.group}
    before = list(exp.barracks.treasures)
    after = fight(exp, "win", ch)
    assert used <= set(after.barracks.treasures)
    assert after.barracks.treasures[: len(before)] == before


def test_X_14_a_treasure_is_one_item_and_cannot_serve_two_seats() -> None:
    exp = _to_battle(_two(), 2)
    ch = policy.choose(exp)
    ch.seats[1].tier1 = ch.seats[0].tier1
    with pytest.raises(ExpeditionError, match=r"seats\[1\]\.tier1: .* is already taken by seats\[0\]\.tier1"):
        steps.begin(exp, ch)


# ------------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("battle", [1, 2, 3, 4])
def test_X_6_X_13_the_nemesis_deck_mixes_upgraded_and_general_basics_by_the_table(players: int,
                                                                                   battle: int) -> None:
    exp = _to_battle(steps.new(players, seed=3, boxes=["NA"]), battle)
    _, game = steps.begin(exp, policy.choose(exp))
    assert basics_by_tier(game) == {t: rules.DECK_TABLE[players][t][battle - 1] for t in (1, 2, 3)}


def test_X_13_true_solo_uses_the_one_player_rows() -> None:
    exp = _to_battle(steps.new(1, seed=2, boxes=["NA"]), 3)
    _, game = steps.begin(exp, policy.choose(exp))
    assert basics_by_tier(game) == {1: (1, 0), 2: (3, 0), 3: (5, 2)}


# ------------------------------------------------------------------
def test_X_7_winning_battles_one_to_three_draws_their_treasures_and_three_supplies() -> None:
    exp = _two()
    for battle, (tier, n) in ((1, (1, 5)), (2, (2, 3)), (3, (3, 5))):
        tops = exp.stacks.treasures[tier][:n]
        new_supply = [exp.stacks.supply[k][0] for k in rules.KINDS]
        exp2 = fight(exp, "win")
        picked = exp2.history[-1].choices.supply
        assert exp2.barracks.treasures[-n:] == tops
        assert sorted(exp2.barracks.supply[:9]) == sorted(picked) and exp2.barracks.supply[9:] == new_supply
        assert exp2.events[-1].kind == "reward" and exp2.events[-1].battle == battle
        assert exp2.battle == battle + 1 and exp2.attempt == 1 and exp2.nemesis is None
        exp = exp2
    last = fight(exp, "win")
    assert last.phase == "complete" and last.barracks.treasures == exp.barracks.treasures
    assert last.events[-1].kind == "banish"  # battle 4's setup banished; its win draws nothing


# ------------------------------------------------------------------
def test_X_8_a_loss_waits_for_one_support_then_the_same_battle_again() -> None:
    exp = _to_battle(_two(), 2)
    nemesis_top = exp.stacks.nemeses[2][0]
    lost = fight(exp, "loss")
    assert lost.phase == "support" and lost.battle == 2 and lost.nemesis == nemesis_top
    assert steps.supports(lost) == ["gem", "relic", "spell", "treasure1", "mage"]
    with pytest.raises(ExpeditionError, match="support: 'treasure2' is not available"):
        steps.support(lost, "treasure2")  # no tier-2 treasure has been drawn yet
    mage = lost.stacks.mages[0]
    again = steps.support(lost, "mage")
    assert again.barracks.mages == [*lost.barracks.mages, mage]
    assert (again.phase, again.battle, again.attempt) == ("choose", 2, 2)
    new, game = steps.begin(again, policy.choose(again))
    assert game.state.nemesis.id == nemesis_top and new.stacks.nemeses == lost.stacks.nemeses
    assert new.current is not None and new.current.seed != lost.history[-1].config["seed"]


def test_X_8_a_treasure_support_comes_from_a_tier_already_drawn_from() -> None:
    exp = _to_battle(_two(), 2)
    lost = fight(exp, "loss")
    top = lost.stacks.treasures[1][0]
    got = steps.support(lost, "treasure1")
    assert got.barracks.treasures[-1] == top and got.events[-1].kind == "support"
    assert got.events[-1].treasures == [top]


# ------------------------------------------------------------------
def test_X_9_each_battle_scores_by_its_try() -> None:
    exp = _two()
    tries = [1, 2, 3, 4]
    for t in tries:
        for _ in range(t - 1):
            exp = steps.support(fight(exp, "loss"), "spell")
        exp = fight(exp, "win")
    assert [r.score for r in exp.history if r.result == "win"] == [6, 4, 2, 0]
    assert exp.score == 12 and exp.phase == "complete"


def test_X_9_score_off_keeps_no_score() -> None:
    exp = fight(_two(score=False), "win")
    assert exp.score == 0 and exp.history[0].score == 0


# ------------------------------------------------------------------
def test_X_10_only_barracks_content_may_be_chosen() -> None:
    exp = _two()
    ch = policy.choose(exp)
    outsider = next(m for m in content.MAGES if m not in exp.barracks.mages)
    ch.seats[0].mage = outsider
    with pytest.raises(ExpeditionError, match=rf"seats\[0\]\.mage: '{outsider}' is not in the Barracks;"):
        steps.begin(exp, ch)
    ch = policy.choose(exp)
    ch.supply[0] = next(c for c in exp.stacks.supply["gem"])
    with pytest.raises(ExpeditionError, match=r"supply\[0\]: .* is not a supply of the Barracks;"):
        steps.begin(exp, ch)


def test_X_10_a_reward_is_usable_from_the_next_battle_on() -> None:
    exp = fight(_two(), "win")
    gained = exp.events[-1].supply
    ch = policy.choose(exp)
    ch.supply = policy.supply_for(gained + [c for c in exp.barracks.supply if c not in gained])
    for card in gained:
        if card not in ch.supply:  # put it in place of a pile of its type
            k = next(i for i, c in enumerate(ch.supply) if kind_of(c) == kind_of(card) and c not in gained)
            ch.supply[k] = card
    _, game = steps.begin(exp, ch)
    assert set(gained) <= set(game.state.supply_names)


def test_X_11_supplies_left_out_are_banished_for_the_rest_of_the_expedition() -> None:
    exp = fight(_two(), "win")
    ch = policy.choose(exp)
    left = [c for c in exp.barracks.supply if c not in ch.supply]
    assert len(left) == 3
    new, _ = steps.begin(exp, ch)
    assert new.barracks.supply == [c for c in exp.barracks.supply if c in ch.supply]
    assert new.banished.supply == left and new.events[-1].kind == "banish"


def test_X_18_endless_supplies_return_to_the_barracks() -> None:
    exp = fight(_two(endless=True), "win")
    ch = policy.choose(exp)
    new, _ = steps.begin(exp, ch)
    assert new.barracks.supply == exp.barracks.supply and new.banished.supply == []
    assert all(e.kind != "banish" for e in new.events)


# ------------------------------------------------------------------
def test_X_12_each_battle_draws_from_the_stack_of_its_level() -> None:
    exp = _two(seed=21)
    for battle in (1, 2, 3, 4):
        new, game = steps.begin(exp, policy.choose(exp))
        assert content.NEMESES[game.state.nemesis.id].expedition_level == battle
        exp = steps.finish(new, end(game, "win"))


# ------------------------------------------------------------------
def test_X_15_after_a_battle_its_result_is_noted_and_nothing_stays_in_play() -> None:
    exp = _two()
    new, game = steps.begin(exp, policy.choose(exp))
    assert new.current is not None
    after = steps.finish(new, end(game, "loss"), game_id="g1", actions=[["end_main"]])
    rec = after.history[-1]
    assert (rec.battle, rec.attempt, rec.result, rec.game, rec.actions) == (1, 1, "loss", "g1", [["end_main"]])
    assert rec.config == new.current.config and after.current is None
    with pytest.raises(ExpeditionError, match="no battle is being fought"):
        steps.finish(after, game)


# ------------------------------------------------------------------
def test_X_16_a_short_expedition_skips_battle_one_but_gathers_its_rewards() -> None:
    exp = steps.new(2, length="short", seed=4)
    assert exp.battle == 2 and steps.allowed(exp)["seat_tiers"] == [1]
    assert [tier_of(t) for t in exp.barracks.treasures] == [1] * 5
    assert Counter(kind_of(c) for c in exp.barracks.supply) == {"gem": 4, "relic": 3, "spell": 5}
    levels = []
    while exp.phase != "complete":
        new, game = steps.begin(exp, policy.choose(exp))
        levels.append(content.NEMESES[game.state.nemesis.id].expedition_level)
        exp = steps.finish(new, end(game, "win"))
    assert levels == [2, 3, 4] and exp.score == 18 and len(exp.history) == 3


def test_X_17_a_long_expedition_is_eight_battles_with_levels_every_second_battle() -> None:
    exp = steps.new(2, length="long", seed=9)
    levels, gained = [], []
    while exp.phase != "complete":
        new, game = steps.begin(exp, policy.choose(exp))
        levels.append(content.NEMESES[game.state.nemesis.id].expedition_level)
        before = len(new.barracks.treasures)
        exp = steps.finish(new, end(game, "win"))
        gained.append(len(exp.barracks.treasures) - before)
    assert levels == [1, 1, 2, 2, 3, 3, 4, 4]
    assert gained == [0, 5, 0, 3, 0, 5, 0, 0]
    assert rules.column(5, "long") == 3 and steps.allowed(steps.new(2, length="long"))["column"] == 1


def test_X_17_a_level_stack_that_runs_out_is_shuffled_again() -> None:
    exp = steps.new(1, length="long", seed=1, boxes=["NA"])
    exp = fight(exp, "win")
    new, game = steps.begin(exp, policy.choose(exp))
    assert game.state.nemesis.id == "Maggoth" and new.stacks.fought[1] == ["Maggoth"]


# ------------------------------------------------------------------
def test_X_19_a_destroyed_treasure_card_returns_by_default() -> None:
    exp = _to_battle(_two(), 2)
    new, game = steps.begin(exp, policy.choose(exp))
    t = policy.choose(exp).seats[0].tier1
    assert t is not None
    game.state.destroyed.append(t)
    after = steps.finish(new, end(game, "win"))
    assert t in after.barracks.treasures and after.destroyed.treasures == []


def test_X_19_with_destroyed_returns_off_a_destroyed_treasure_is_gone() -> None:
    exp = _to_battle(_two(destroyed_returns=False), 2)
    ch = policy.choose(exp)
    new, game = steps.begin(exp, ch)
    t = ch.seats[0].tier1
    assert t is not None
    game.state.destroyed.append(t)
    after = steps.finish(new, end(game, "loss"))
    assert t not in after.barracks.treasures and after.destroyed.treasures == [t]
    assert after.events[-1].kind == "destroy" and steps.census(after) == steps.census(exp)


def test_X_19_banished_supplies_never_come_back() -> None:
    exp = fight(_two(), "win")
    new, _ = steps.begin(exp, policy.choose(exp))
    gone = new.banished.supply
    later = _to_battle(steps.finish(new, end(_, "win")), 4)
    assert not set(gone) & set(later.barracks.supply)
    assert not set(gone) & {c for s in later.stacks.supply.values() for c in s}


def test_X_2_X_10_bad_options_are_refused_naming_the_field() -> None:
    with pytest.raises(Exception, match="players: must be int at most 4, got 5|players"):
        steps.new(5)
    with pytest.raises(Exception, match="length"):
        steps.new(2, length="medium")


def test_X_4_the_seats_player_must_be_a_person_or_a_known_bot() -> None:
    exp = _two()
    ch = policy.choose(exp)
    ch.seats[0].player = "deep-thought"
    with pytest.raises(ExpeditionError, match=r"seats\[0\]\.player: 'human' or a bot"):
        steps.begin(exp, ch)


def test_X_4_human_seats_are_the_battles_human_seats() -> None:
    exp = _two()
    ch = policy.choose(exp)
    ch.seats[1] = SeatChoice(mage=ch.seats[1].mage, player="human")
    _, game = steps.begin(exp, ch)
    assert game.state.config["human_seats"] == [1]


def test_X_8_a_battle_given_up_is_lost_and_fought_again_after_its_support() -> None:
    exp = _two()
    new, game = steps.begin(exp, policy.choose(exp))
    after = steps.finish(new, concede(game))
    rec = after.history[-1]
    assert (rec.result, rec.reason, rec.score, after.phase, after.attempt) == ("loss", "conceded", 0, "support", 1)
    with pytest.raises(CampaignError, match="already over"):
        concede(game)
