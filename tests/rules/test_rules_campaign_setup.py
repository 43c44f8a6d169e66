"""The setup hooks a Legacy campaign deals its battles with (``engine.campaign_setup``).

C-6 enhancements worked as tier-3 treasures, C-7 stickers on one starter copy, C-17 marked
copies under the supply piles (and the census of every marked copy an ended game holds),
C-12 a nemesis deck as given, C-4 / C-10 a pool of basic nemesis cards and smaller piles.
Each is set up, saved, loaded, cloned and replayed; each fault is named by its field.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gravehold import Game, StateFormatError
from gravehold.content import registry
from gravehold.content.text import card_text, render_step
from gravehold.engine.keywords import marks, stickers, supply_bottom
from gravehold.engine.setup import Config, by_tier, new_state
from gravehold.engine.state import State
from gravehold.engine.turn.actions import gain_card
from gravehold.errors import SetupError
from gravehold.record import setup_config
from gravehold.terminal.render import players_pane

from support import base_state, events, player

#: the text the engine renders for a sticker whose rule gives 1 aether at the start of a turn
TURN_AETHER = render_step(("on_turn_start", (("aether", 1),)))

MAGES = ["Brama", "Mist"]
HEART = {"name": "Ember Heart", "kind": "personal", "rules": [["on_turn_start", [["aether", 1]]]]}
FIRST = {"name": "Quick Start", "kind": "general", "rules": [["on_first_turn", [["gain_charge", 1]]]]}
JL = "Jagged Lightning"
JL_X = "Jagged Lightning{cross1}"


def _round_trip(g: Game) -> None:
    """Saved and loaded (the setup replayed), cloned and replayed from the stored setup alike."""
    again = Game.from_json(g.to_json())
    assert again.state == g.state and again.to_json() == g.to_json()
    assert g.state.clone() == g.state
    replayed = Game.from_config(setup_config(g))
    assert replayed.state.config == g.state.config


# ------------------------------------------------------------------ C-6 enhancements
def _enhanced(entries: list[Any]) -> dict[str, Any]:
    d = base_state([player("Brama"), player("Mist")])
    d["config"]["enhancements"] = entries
    return d


def _turn_of(d: dict[str, Any], i: int) -> Game:
    d = copy.deepcopy(d)
    d["stack"] = [["player_turn", i]]
    return Game.from_dict(d, auto_resolve=False)  # stops at the turn's first decision


def test_C_6_an_enhancement_works_for_its_seat_as_a_tier_3_treasure_does() -> None:
    g = _turn_of(_enhanced([[HEART]]), 0)
    assert g.state.active == 0 and g.state.players[0].aether == 1
    assert [(e["player"], e["treasure"]) for e in events(g, "treasure")] == [(0, "Ember Heart")]
    other = _turn_of(_enhanced([[HEART]]), 1)
    assert other.state.players[1].aether == 0 and not events(other, "treasure")


def test_C_6_C_9_enhancements_are_set_up_per_seat_kept_in_the_config_and_survive_a_save() -> None:
    g = Game.new(MAGES, seed=4, enhancements=[[], [HEART, FIRST]])
    assert g.state.config["enhancements"] == [[], [HEART, FIRST]]
    dealt = new_state(Config(mages=MAGES, seed=4, enhancements=[[], [HEART, FIRST]]))
    assert {k: v for k, v in dealt.tokens.items() if k.startswith("first_turn:")} == {"first_turn:1": 1}
    _round_trip(g)
    assert "enhancements" not in Game.new(MAGES, seed=4).state.config  # a game without any keeps its config


@pytest.mark.parametrize(("spec", "message"), [
    ([[{**HEART, "rules": [["pile_discount", 1]]}]],
     r"enhancements\[0\]\[0\]\.rules\[0\]: pile_discount speaks of the supply pile beside a treasure"),
    ([[], [HEART, {**HEART, "rules": [["on_open", [["no_such_step", 1]]]]}]],
     r"enhancements\[1\]\[1\]\.rules\[0\]: part 1: .*unknown effect step"),
    ([[{**HEART, "kind": "shiny"}]], r"enhancements\[0\]\[0\]\.kind: must be one of breach, personal"),
    ([[{**HEART, "rules": [["cast_bonus", 1]]}]], r"enhancements\[0\]\[0\]\.rules\[0\]: cast_bonus takes 3 parts"),
    ([[{**HEART, "rules": [["fly", 1]]}]], r"enhancements\[0\]\[0\]\.rules\[0\]: unknown treasure rule 'fly'"),
    ([[{**HEART, "name": ""}]], r"enhancements\[0\]\[0\]\.name: must be a name of 1 to 80"),
    ([[], [], []], r"enhancements: must list, per seat from 0"),
])
def test_C_6_a_bad_enhancement_is_refused_naming_the_entry(spec: Any, message: str) -> None:
    with pytest.raises(SetupError, match=message) as e:
        new_state(Config(mages=MAGES, seed=4, enhancements=spec))
    assert e.value.field == "enhancements"


def test_C_6_a_saved_game_with_a_bad_enhancement_is_refused_naming_the_field() -> None:
    d = _enhanced([[{**HEART, "rules": [["on_gain_beside", [["aether", 1]]]]}]])
    with pytest.raises(StateFormatError, match=r"config\.enhancements\[0\]\[0\]\.rules\[0\]: on_gain_beside"):
        Game.from_dict(d)


def test_C_6_the_view_and_both_boards_show_a_seats_enhancements() -> None:
    g = Game.from_dict(_enhanced([[], [HEART]]))
    v = g.view_for(0)
    assert v["players"][0]["enhancements"] == []
    assert v["players"][1]["enhancements"] == [
        {"name": "Ember Heart", "kind": "personal", "text": TURN_AETHER}]
    pane = players_pane(v, ["you", "bot"]).plain
    assert f"personal enhancement: Ember Heart — {TURN_AETHER}" in pane
    assert "enhancements" not in Game.from_dict(base_state()).view_for(0)["players"][0]
    board = (Path(registry.__file__).parents[1] / "web" / "static" / "board.js").read_text()
    assert "p.enhancements" in board and "enhancement-${i}-${k}" in board  # the web board lays each on the mat


# ------------------------------------------------------------------ C-17 marked copies under the piles
def _piled(count: int, bottom: list[str]) -> dict[str, Any]:
    d = base_state()
    d["supply"][5] = [JL, count]
    d["supply_bottom"] = {JL: bottom}
    return d


def test_C_17_supply_pile_gives_its_marked_copies_last() -> None:
    g = Game.from_dict(_piled(3, [JL_X, "Jagged Lightning{cross2}"]))
    assert g.view_for(0)["supply_bottom"] == {JL: [JL_X, "Jagged Lightning{cross2}"]}  # marks are public
    assert JL_X in g.view_for(1)["marked_cards"]  # with their text, for the boards
    taken = []
    for _ in range(3):
        assert gain_card(g.engine, 0, JL, on_your_turn=False)
        taken.append(g.state.players[0].discard[-1])
    assert taken == [JL, "Jagged Lightning{cross2}", JL_X]  # the top first, the bottom last
    assert [e["card"] for e in events(g, "gain")][-3:] == taken
    assert g.state.supply_bottom == {} and "supply_bottom" not in g.to_dict()
    assert not gain_card(g.engine, 0, JL, on_your_turn=False)


def test_C_17_a_card_put_back_on_a_pile_lies_plain_on_top_of_its_marked_copies() -> None:
    st = State()
    st.supply_names, st.supply_counts, st.supply_bottom = (JL,), [1], {JL: (JL_X,)}
    clone = st.clone()
    st.supply_counts[0] += 1  # a plain copy put back on top
    assert supply_bottom.take(st, 0, 5) == [JL, JL_X] and st.supply_counts == [0]
    assert clone.supply_bottom == {JL: (JL_X,)}  # the clone shares nothing that changed
    supply_bottom.put_under(st, 0, [JL, JL_X])  # covered cards back as they lay
    assert st.supply_counts == [2] and st.supply_bottom == {JL: (JL_X,)}


def test_C_17_setup_puts_marked_copies_under_a_pile_and_a_save_keeps_them() -> None:
    g = Game.new(MAGES, seed=4, market=[c for c, _ in base_state()["supply"]], supply_marked={JL: [JL_X]})
    st = g.state
    assert st.config["supply_marked"] == {JL: [JL_X]} and st.supply_bottom == {JL: (JL_X,)}
    assert st.supply_counts[st.supply_names.index(JL)] == 5  # among the pile's cards
    assert g.to_dict()["supply_bottom"] == {JL: [JL_X]}
    _round_trip(g)


@pytest.mark.parametrize(("spec", "message"), [
    ({JL: ["Spark{cross1}"]}, r"supply_marked\.Jagged Lightning\[0\]: 'Spark\{cross1\}' is no marked copy of Jagged"),
    ({JL: [JL] * 1}, r"supply_marked\.Jagged Lightning\[0\]: 'Jagged Lightning' is no marked copy"),
    ({JL: [JL_X] * 6}, r"supply_marked\.Jagged Lightning: the pile holds 5 cards, and 6 are listed"),
    ({"Spark": [JL_X]}, r"supply_marked\.Spark: no supply pile of this game"),
])
def test_C_17_bad_marked_copies_under_a_pile_are_refused_naming_the_entry(spec: Any, message: str) -> None:
    with pytest.raises(SetupError, match=message):
        new_state(Config(mages=MAGES, seed=4, market=[c for c, _ in base_state()["supply"]], supply_marked=spec))


@pytest.mark.parametrize(("bottom", "count", "message"), [
    (["Spark{cross1}"], 3, r"supply_bottom\.Jagged Lightning\[0\]: 'Spark\{cross1\}' is no marked copy"),
    ([JL_X, JL_X], 1, r"supply_bottom\.Jagged Lightning: the pile holds 1 cards, and 2 are listed"),
])
def test_C_17_a_saved_game_with_bad_marked_copies_under_a_pile_is_refused(bottom: list[str], count: int,
                                                                          message: str) -> None:
    with pytest.raises(StateFormatError, match=message):
        Game.from_dict(_piled(count, bottom))


def test_C_17_census_lists_every_marked_copy_the_game_holds() -> None:
    d = _piled(2, [JL_X])
    d["players"][0]["hand"] = ["Spark{cross1}", "Crystal"]
    d["players"][1]["discard"] = ["Crystal{cross1}"]
    d["players"][0]["breaches"][0] = {"state": "open", "spells": ["Spark{cross1}"]}
    d["destroyed"] = ["Crystal{cross1}"]
    d["config"]["campaign"] = True  # the summary lists them for a campaign's battle (C-16)
    g = Game.from_dict(d)
    want = ["Crystal{cross1}", "Crystal{cross1}", JL_X, "Spark{cross1}", "Spark{cross1}"]
    assert marks.census(g.state) == want
    assert g.summary()["marked"] == want
    del d["config"]["campaign"]
    assert "marked" not in Game.from_dict(d).summary()  # a single game's summary reads as it always did
    assert marks.census(Game.from_dict(base_state()).state) == []


# ------------------------------------------------------------------ C-7 stickers
FACET = {"1": {"name": "Bright Facet", "changes": [["amount", 1, 1]]}}


@pytest.fixture
def stickered() -> Iterator[None]:
    yield
    for name in [n for n in registry.CARDS if "sticker" in n]:
        del registry.CARDS[name]
    stickers.STICKERS.clear()


def test_C_7_a_sticker_changes_one_starter_copy_and_its_text_says_so(stickered: None) -> None:
    spec = {**FACET, "2": {"name": "Spark Rune", "changes": [["add", [["aether", 1]]]]}}
    g = Game.new(MAGES, seed=4, stickers=spec, marked=[["Crystal{sticker1}"], ["Spark{sticker2}"]])
    assert g.state.config["stickers"] == spec
    p = g.state.players[0]
    assert (p.hand + p.deck + p.discard).count("Crystal{sticker1}") == 1
    assert registry.CARDS["Crystal{sticker1}"].play == (("aether", 2),)
    assert registry.CARDS["Spark{sticker2}"].cast == (("damage", 1), ("aether", 1))
    assert "Sticker Bright Facet: step 1 +1." in card_text(registry.CARDS["Crystal{sticker1}"])
    assert "Sticker Spark Rune: adds: Gain 1 Æ." in card_text(registry.CARDS["Spark{sticker2}"])
    _round_trip(g)
    saved = g.to_json()  # a process that has not seen the stickers yet learns them from the save
    for name in [n for n in registry.CARDS if "sticker" in n]:
        del registry.CARDS[name]
    stickers.STICKERS.clear()
    assert Game.from_json(saved).state == g.state


@pytest.mark.parametrize(("spec", "message"), [
    ({"1": {"name": "X", "changes": [["grow", 1]]}}, r"stickers\.1\.changes\[0\]: must be \[\"amount\""),
    ({"one": {"name": "X", "changes": [["amount", 1, 1]]}}, r"stickers\.one: a sticker is numbered"),
    ({"1": {"name": "X", "changes": [["step", 1, ["no_such_step"]]]}}, r"stickers\.1\.changes\[0\]: .*unknown"),
])
def test_C_7_a_bad_sticker_is_refused_naming_the_entry(stickered: None, spec: Any, message: str) -> None:
    with pytest.raises(SetupError, match=message) as e:
        new_state(Config(mages=MAGES, seed=4, stickers=spec))
    assert e.value.field == "stickers"


def test_C_7_a_sticker_number_keeps_its_first_definition(stickered: None) -> None:
    new_state(Config(mages=MAGES, seed=4, stickers=FACET))
    other = {"1": {"name": "Dull Facet", "changes": [["amount", 1, -1]]}}
    with pytest.raises(SetupError, match=r"stickers\.1: sticker 1 is already defined otherwise \(Bright Facet\)"):
        new_state(Config(mages=MAGES, seed=4, stickers=other))


# ------------------------------------------------------------------ C-12, C-4, C-10 the nemesis deck and pools
DECK = ["Cleave", "Agony Field", "Provoker", "Sunder"]


def test_C_12_the_nemesis_deck_is_dealt_as_given_top_first() -> None:
    st = new_state(Config(mages=MAGES, nemesis="Rageborne", seed=4, nemesis_deck=DECK))
    assert st.nemesis.deck == DECK and st.nemesis.discard == []
    assert st.config["nemesis_deck"] == DECK
    assert "nemesis_deck" not in new_state(Config(mages=MAGES, nemesis="Rageborne", seed=4)).config


def test_C_12_a_nemesis_deck_survives_a_save_and_a_replay() -> None:
    g = Game.new(MAGES, nemesis="Rageborne", seed=4, nemesis_deck=DECK)
    _round_trip(g)


@pytest.mark.parametrize(("deck", "message"), [
    (["Cleave", "No Such Card"], r"nemesis_deck\[1\]: unknown nemesis card 'No Such Card'"),
    (["Cleave", "Hatch"], r"nemesis_deck\[1\]: Hatch is neither this nemesis' own card"),
])
def test_C_12_a_bad_nemesis_deck_is_refused_naming_the_entry(deck: list[str], message: str) -> None:
    assert "Hatch" in registry.NEMESIS_CARDS
    with pytest.raises(SetupError, match=message):
        new_state(Config(mages=MAGES, nemesis="Rageborne", seed=4, nemesis_deck=deck))
    d = base_state()
    d["config"]["nemesis_deck"] = deck
    with pytest.raises(StateFormatError, match=r"config\." + message):
        Game.from_dict(d)


def _pool(tier_counts: tuple[int, int, int]) -> list[str]:
    t = by_tier(registry.BASICS["AE"])
    return [c for tier, k in zip((1, 2, 3), tier_counts, strict=True) for c in sorted(t[tier])[:k]]


def test_C_4_C_10_setup_draws_the_basic_cards_from_the_campaigns_pool() -> None:
    pool = _pool((3, 5, 7))  # exactly what two players need (S-6)
    st = new_state(Config(mages=MAGES, nemesis="Rageborne", seed=4, basic_pool=pool))
    own = set(registry.NEMESES["Rageborne"].cards)
    assert sorted(c for c in st.nemesis.deck if c not in own) == sorted(pool)
    assert st.config["basic_pool"] == pool
    _round_trip(Game.new(MAGES, nemesis="Rageborne", seed=4, basic_pool=pool))


def test_C_4_C_10_a_pool_short_of_a_tiers_basic_cards_deals_the_ones_it_has() -> None:
    pool = _pool((3, 4, 7))  # a campaign that banished one tier-2 basic card of the five
    st = new_state(Config(mages=MAGES, nemesis="Rageborne", seed=4, basic_pool=pool))
    own = set(registry.NEMESES["Rageborne"].cards)
    assert sorted(c for c in st.nemesis.deck if c not in own) == sorted(pool)
    assert len(st.nemesis.deck) == len(new_state(Config(mages=MAGES, nemesis="Rageborne", seed=4)).nemesis.deck) - 1
    with pytest.raises(SetupError, match=r"basic_pool\[0\]: 'Cleave' is no basic nemesis card"):
        new_state(Config(mages=MAGES, nemesis="Rageborne", seed=4, basic_pool=["Cleave"]))


def test_C_4_C_10_a_pile_is_dealt_with_the_copies_the_campaign_has_left() -> None:
    market = [c for c, _ in base_state()["supply"]]
    g = Game.new(MAGES, seed=4, market=market, pile_sizes={JL: 2, "Frozen Magmite": 7})
    st = g.state
    assert st.supply_counts[st.supply_names.index(JL)] == 2 and st.config["pile_sizes"] == {JL: 2, "Frozen Magmite": 7}
    _round_trip(g)
    for sizes, message in (({JL: 6}, r"pile_sizes\.Jagged Lightning: a pile is dealt with 1 to 5 copies"),
                           ({JL: 0}, r"pile_sizes\.Jagged Lightning: a pile is dealt with 1 to 5"),
                           ({"Spark": 1}, r"pile_sizes\.Spark: no supply pile of this game")):
        with pytest.raises(SetupError, match=message):
            new_state(Config(mages=MAGES, seed=4, market=market, pile_sizes=sizes))


def test_C_4_C_17_a_saved_config_that_contradicts_its_hooks_is_refused() -> None:
    g = Game.new(MAGES, seed=4, market=[c for c, _ in base_state()["supply"]], pile_sizes={JL: 2},
                 supply_marked={JL: [JL_X]})
    d = json.loads(g.to_json())
    bad = copy.deepcopy(d)
    bad["config"]["pile_sizes"] = {JL: 9}
    with pytest.raises(StateFormatError, match=r"config\.pile_sizes\.Jagged Lightning: a pile is dealt with 1 to 5"):
        Game.from_dict(bad)
    bad = copy.deepcopy(d)
    bad["supply_bottom"] = {JL: [JL_X, JL_X, JL_X]}  # more than the pile holds
    with pytest.raises(StateFormatError, match=r"supply_bottom\.Jagged Lightning: the pile holds 2 cards, and 3"):
        Game.from_dict(bad)


def test_C_17_a_nemesis_that_destroys_or_covers_a_pile_takes_its_marked_copies_last() -> None:
    from gravehold.boxes.legacy_of_gravehold.nemeses import fate_shepherd, griefweaver

    g = Game.from_dict(_piled(2, [JL_X]))
    fate_shepherd._destroy_supply(g.engine, JL, 2, "Test")
    assert g.state.destroyed[-2:] == [JL, JL_X] and g.state.supply_bottom == {}
    assert [e["card"] for e in events(g, "destroyed")][-2:] == [JL, JL_X]
    st = Game.from_dict(_piled(3, [JL_X])).state
    assert griefweaver.cover(st, JL) == 3 and st.supply_counts[5] == 0 and st.supply_bottom == {}
    assert st.nemesis.decks[griefweaver.UNDER] == [JL, JL, JL_X]
    assert griefweaver.uncover_rank(st, 0) == JL
    assert st.supply_counts[5] == 3 and st.supply_bottom == {JL: (JL_X,)}  # back as they lay
