"""The Legacy campaign's rules (C-1 … C-17), each on small exact campaigns of the tiny
fixture script: set up, act, and check the whole outcome."""

from __future__ import annotations

import msgspec
import pytest

from gravehold.campaigns.docs import CardCopy
from gravehold.campaigns.legacy import copies, script, steps
from gravehold.campaigns.legacy.state import Choices, Legacy, SeatChoice, experience_cards
from gravehold.campaigns.legacy.steps import LegacyError
from gravehold.content import registry as content
from legacy_support import SUPPLY, fight, seats, start, tiny


# ------------------------------------------------------------------ C-2, C-3, C-4
def test_C_2_the_player_count_is_kept_and_absent_players_seats_are_bots() -> None:
    doc = start(players=2)
    with pytest.raises(LegacyError, match=r"seats: this is a 2-player campaign; choose 2 seat\(s\), not 1"):
        steps.begin(doc, seats("Arachnos (LOG)"))
    ch = Choices(seats=[SeatChoice(mage="Arachnos (LOG)", player="human"),
                        SeatChoice(mage="Dezmodia (LOG)", player="heuristic")], supply=SUPPLY)
    got, game = steps.begin(doc, ch)
    assert got.current is not None and got.current.config["human_seats"] == [0]
    assert [p.mage for p in game.state.players] == ["Arachnos (LOG)", "Dezmodia (LOG)"]
    with pytest.raises(LegacyError, match="players: this script is for 1 to 2 players, not 3"):
        start(players=3)


def test_C_3_the_city_decides_the_mages_and_refuses_strangers() -> None:
    az, gh = start(city="Azer"), start(city="Gravehold")
    assert az.barracks.mages == ["Arachnos (LOG)", "Dezmodia (LOG)"]
    assert gh.barracks.mages == ["Claudia (LOG)", "Kadir (LOG)"]
    with pytest.raises(LegacyError, match=r"seats\[0\].mage: 'Claudia \(LOG\)' is not a mage this battle may use"):
        steps.begin(az, seats("Claudia (LOG)", "Arachnos (LOG)"))
    with pytest.raises(LegacyError, match="city: 'Azr' is not a city of this script; choose Azer or Gravehold"):
        start(city="Azr")
    assert tiny().city_of("Kadir (LOG)") == "Gravehold"


def test_C_4_the_barracks_builds_the_supply_from_its_copies() -> None:
    doc = start()
    assert steps.piles(doc)["Nebula Shard"] == [CardCopy(id=f"Nebula Shard#{k}", card="Nebula Shard")
                                                for k in range(1, 8)]
    bad = seats("Arachnos (LOG)", "Dezmodia (LOG)")
    bad.supply[0] = "Frozen Light"
    with pytest.raises(LegacyError, match=r"supply\[0\]: 'Frozen Light' is no supply pile of the Barracks"):
        steps.begin(doc, bad)
    few = msgspec.structs.replace(doc, barracks=msgspec.structs.replace(
        doc.barracks, copies=[c for c in doc.barracks.copies if c.id != "Douse#5"]))
    got, game = steps.begin(few, seats("Arachnos (LOG)", "Dezmodia (LOG)"))
    assert got.current is not None and got.current.config["pile_sizes"] == {"Douse": 4}


# ------------------------------------------------------------------ C-5, C-13, C-14, C-15
def test_C_5_C_13_C_14_experience_and_fire_after_a_won_battle() -> None:
    doc = fight(start(), "win", fire=0)
    assert doc.experience == 6 + 3  # the battle's win, and the village's reward with no fire
    assert [f.fire for f in doc.fire] == [0] and doc.fire[0].experience == 3
    rec = doc.history[-1]
    assert (rec.battle, rec.attempt, rec.nemesis, rec.result) == (1, 1, "Bishop of Scrolls", "win")
    assert doc.phase == "spend" and doc.step == "s1" and doc.battle == 2
    assert experience_cards(37) == {20: 1, 10: 1, 5: 1, 1: 2}


def test_C_13_a_village_full_of_fire_gives_nothing() -> None:
    doc = fight(start(), "win", fire=9)
    assert doc.experience == 6 and doc.fire[0].experience == 0


def test_C_15_a_lost_battle_is_fought_again_up_to_its_tries() -> None:
    doc = fight(start(), "loss", fire=2)
    assert (doc.phase, doc.step, doc.battle, doc.attempt, doc.experience) == ("choose", "b1", 1, 2, 2)
    doc = fight(doc, "loss", fire=2)
    assert (doc.phase, doc.step, doc.battle, doc.attempt) == ("spend", "s1", 2, 1)
    assert [(r.battle, r.attempt, r.result) for r in doc.history] == [(1, 1, "loss"), (1, 2, "loss")]


# ------------------------------------------------------------------ C-6, C-7
def spending(xp: int = 20) -> Legacy:
    doc = fight(start(), "win", fire=10)
    return msgspec.structs.replace(doc, experience=xp)


def test_C_6_each_kind_goes_where_it_belongs_and_serves_its_city() -> None:
    doc = spending()
    doc = steps.buy(doc, "focus", mage="Dezmodia (LOG)")
    doc = steps.buy(doc, "keystone")
    doc = steps.buy(doc, "beacons")
    doc = steps.buy(doc, "kin")
    where = [(p.ref, p.kind, p.mage, p.city, p.breach) for p in doc.stickers]
    assert where == [("focus", "personal", "Dezmodia (LOG)", None, None),
                     ("keystone", "breach", None, "Azer", 2), ("beacons", "general", None, "Azer", None),
                     ("kin", "relationship", "Arachnos (LOG)", None, None)]
    assert doc.experience == 20 - 2 - 3 - 3 - 2
    names = [e["name"] for e in steps.seat_enhancements(doc, "Arachnos (LOG)")]
    assert names == ["Keystone", "Beacons", "Kindred"]
    assert [e["name"] for e in steps.seat_enhancements(doc, "Claudia (LOG)")] == []  # another city's
    with pytest.raises(LegacyError, match="enhancement: 'focus' cannot be bought now"):
        steps.buy(doc, "focus", mage="Arachnos (LOG)")  # one sticker, bought once


def test_C_6_experience_is_spent_only_when_the_story_allows() -> None:
    with pytest.raises(LegacyError, match="experience is spent only when the story allows"):
        steps.buy(start(), "focus", mage="Arachnos (LOG)")
    with pytest.raises(LegacyError, match="enhancement: Keystone costs 3 experience; the group holds 2"):
        steps.buy(spending(2), "keystone")


def test_C_7_two_mat_spaces_and_a_covered_sticker_is_lost() -> None:
    s = tiny()
    extra = msgspec.structs.replace(s.enhancements[0], id="focus2", name="Focus Two")
    doc = spending()
    doc = msgspec.structs.replace(doc, script=msgspec.structs.replace(s, enhancements=[*s.enhancements, extra]),
                                  buyable=[*doc.buyable, "focus2"])
    doc = steps.buy(doc, "focus", mage="Arachnos (LOG)")
    doc = steps.buy(doc, "kin")
    with pytest.raises(LegacyError, match=r"cover: Arachnos \(LOG\)'s mat is full; name the sticker to cover: "
                                          r"0 \(focus\), 1 \(kin\)"):
        steps.buy(doc, "focus2", mage="Arachnos (LOG)")
    doc = steps.buy(doc, "focus2", mage="Arachnos (LOG)", cover=0)
    assert [(p.ref, p.covered) for p in doc.stickers] == [("focus", True), ("kin", False), ("focus2", False)]
    assert [e["name"] for e in steps.seat_enhancements(doc, "Arachnos (LOG)")] == ["Kindred", "Focus Two"]


def test_C_7_a_general_edge_holds_its_slots_then_covers() -> None:
    doc = spending()
    doc = steps.buy(doc, "beacons")
    doc = msgspec.structs.replace(doc, buyable=[*doc.buyable, "sealed-general"])
    with pytest.raises(LegacyError, match="cover: Azer's edge of the map is full"):
        steps.buy(doc, "sealed-general")
    doc = steps.buy(doc, "sealed-general", cover=0)
    assert [(p.ref, p.covered) for p in doc.stickers] == [("beacons", True), ("sealed-general", False)]


# ------------------------------------------------------------------ C-8, C-9
def test_C_8_C_9_a_severed_mage_plays_the_replay_then_retires_with_a_vestige() -> None:
    doc = fight(start(), "loss", severed=(1,))
    assert doc.severed == ["Dezmodia (LOG)"] and doc.attempt == 2
    assert "Dezmodia (LOG)" in steps.available_mages(doc)  # the immediate replay
    doc = fight(doc, "win")
    assert doc.severed == [] and doc.retired == ["Dezmodia (LOG)"]
    assert doc.barracks.mages == ["Arachnos (LOG)"] and doc.vestiges == ["echo"]  # placed before the next battle
    # fewer mats than players: the first of the script's other lists fills in (a reading)
    assert steps.available_mages(doc) == ["Arachnos (LOG)", "Claudia (LOG)"]
    doc = steps.done(doc)
    doc = steps.pick(doc, 1)  # rest
    assert doc.phase == "vestige" and doc.vestiges == ["echo"]
    with pytest.raises(LegacyError, match=r"mage: name a mage of the Barracks: Arachnos \(LOG\), Claudia"):
        steps.place(doc, "echo", "Dezmodia (LOG)")
    doc = steps.place(doc, "echo", "Arachnos (LOG)")
    assert doc.phase == "choose" and doc.stickers[-1].space == "ability"
    assert [e["kind"] for e in steps.seat_enhancements(doc, "Arachnos (LOG)")] == ["vestige"]


# ------------------------------------------------------------------ C-10, C-11, C-1, C-12, C-16
def test_C_10_a_banished_basic_leaves_the_campaigns_pool() -> None:
    doc = fight(start(), "win", banished=("Otherling",))
    assert doc.banished == ["Otherling"] and "Otherling" not in doc.basics
    doc = steps.pick(steps.done(doc), 1)
    got, _ = steps.begin(doc, seats("Arachnos (LOG)", "Dezmodia (LOG)"))
    assert got.current is not None and "Otherling" not in got.current.config["basic_pool"]


def test_C_11_a_pack_opens_once_when_the_story_says() -> None:
    doc = steps.done(fight(start(), "win"))
    assert doc.phase == "choice" and "Ilya (LOG)" not in doc.barracks.mages
    assert "sealed-general" not in doc.buyable
    doc = steps.pick(doc, 0)
    assert doc.barracks.mages[-1] == "Ilya (LOG)" and "Backfire" in steps.piles(doc)
    assert [u.name for u in doc.unlocks] == ["more"] and "sealed-general" in doc.buyable
    before = len(doc.barracks.copies)
    steps._open(doc, doc.script.packs["more"], "unlock", "more")
    assert len(doc.barracks.copies) == before


def test_C_1_a_rule_module_switched_on_holds_in_later_battles() -> None:
    s = tiny()
    rule = script.Step(id="r", kind="rule", rules={"or_fallback": "most"})
    s = msgspec.structs.replace(s, steps=[rule, *s.steps])
    doc = start(s=s)
    assert doc.rules == {"or_fallback": "most"}
    got, game = steps.begin(doc, seats("Arachnos (LOG)", "Dezmodia (LOG)"))
    assert got.current is not None and got.current.config["ruleset"] == {"preset": "log", "or_fallback": "most"}
    assert game.state.config["ruleset"]["or_fallback"] == "most"


def test_C_12_C_16_the_first_game_comes_from_its_sheet() -> None:
    s = tiny()
    b1 = msgspec.structs.replace(s.steps[0], first_game=script.FirstGame(
        mages=["Arachnos (LOG)", "Ilya (LOG)"], supply=SUPPLY, deck=["Otherling", "Engrave"]))
    doc = start(s=msgspec.structs.replace(s, steps=[b1, *s.steps[1:]]))
    ch = Choices(seats=[SeatChoice(mage="Ilya (LOG)"), SeatChoice(mage="Arachnos (LOG)")])
    got, _ = steps.begin(doc, ch)
    cfg = got.current.config if got.current is not None else {}
    assert (cfg["mages"], cfg["market"], cfg["nemesis_deck"], cfg["campaign"]) == (
        ["Ilya (LOG)", "Arachnos (LOG)"], SUPPLY, ["Otherling", "Engrave"], True)
    with pytest.raises(LegacyError, match=r"seats\[0\].mage: 'Dezmodia \(LOG\)' is not a mage this battle may use"):
        steps.begin(doc, Choices(seats=[SeatChoice(mage="Dezmodia (LOG)"), SeatChoice(mage="Ilya (LOG)")]))


# ------------------------------------------------------------------ C-17
def test_C_17_marks_stay_on_the_copy_and_piles_deal_them_last() -> None:
    doc = start()
    changed = copies.take_marks(doc, ["Douse"], ["Douse{overheat}", "Douse{boost,overheat}", "Spark{boost}"])
    assert changed == {"Douse#1": {"boost": 1, "overheat": 1}, "Douse#2": {"overheat": 1}}
    again = copies.take_marks(doc, ["Douse"], ["Douse{boost,overheat,overheat}", "Douse{overheat}"])
    assert again == {"Douse#1": {"boost": 1, "overheat": 2}}  # the copy with the most of its marks
    pile = steps.piles(doc)["Douse"]
    assert [c.id for c in pile[:3]] == ["Douse#3", "Douse#4", "Douse#5"]
    assert [c.id for c in pile[3:]] == ["Douse#2", "Douse#1"]
    cfg = steps.config_for(doc, seats("Arachnos (LOG)", "Dezmodia (LOG)"), 7)
    assert cfg["supply_marked"] == {"Douse": ["Douse{boost,overheat,overheat}", "Douse{overheat}"]}


def test_C_17_a_copy_marked_then_destroyed_keeps_its_marks() -> None:
    doc = start()
    copies.take_marks(doc, ["Douse"], ["Douse{boost}"])
    assert copies.take_marks(doc, ["Douse"], []) == {}
    assert next(c for c in doc.barracks.copies if c.id == "Douse#1").marks == {"boost": 1}


def test_C_6_C_7_an_enhanced_starter_copy_fills_a_crystal_slot_of_its_citys_mage() -> None:
    doc = spending()
    doc = steps.buy(doc, "cut-crystal")
    (copy,) = steps.stickered(doc)
    mark = copies.sticker_mark(doc, "cut-crystal")
    assert copy.id == "Crystal@sticker#1" and copy.marks == {mark: 1}
    doc = steps.pick(steps.done(doc), 1)  # on to battle 2
    ch = seats("Arachnos (LOG)", "Dezmodia (LOG)")
    ch.seats[0].starters.append(copy.id)
    got, game = steps.begin(doc, ch)
    cfg = got.current.config if got.current is not None else {}
    name = f"Crystal{{{mark}}}"
    assert cfg["marked"] == [[name], []]
    assert cfg["stickers"] == {mark[len("sticker"):]: {"name": "Cut Crystal", "changes": [["amount", 1, 1]]}}
    p = game.state.players[0]
    assert (p.hand + p.deck).count(name) == 1 and (p.hand + p.deck).count("Crystal") == 6  # one of seven
    twice = seats("Arachnos (LOG)", "Dezmodia (LOG)")
    twice.seats[0].starters.append(copy.id)
    twice.seats[1].starters.append(copy.id)
    with pytest.raises(LegacyError, match=r"seats\[1\].starters\[0\]: 'Crystal@sticker#1' is no enhanced starter"):
        steps.begin(doc, twice)
    gh = steps.new(tiny(), 2, "Gravehold", seed=1)
    gh = msgspec.structs.replace(gh, barracks=msgspec.structs.replace(gh.barracks, copies=doc.barracks.copies),
                                 stickers=doc.stickers)
    other = Choices(seats=[SeatChoice(mage="Claudia (LOG)", starters=[copy.id]), SeatChoice(mage="Kadir (LOG)")],
                    supply=SUPPLY)
    with pytest.raises(LegacyError, match=r"seats\[0\].starters\[0\]: Crystal@sticker#1 serves Azer's mages"):
        steps.begin(gh, other)


def test_C_18_the_shipped_script_is_labelled_its_own_and_supplies_what_the_data_lacks() -> None:
    s = script.shipped("project")
    assert "project's own" in s.label and "not the printed story" in s.label
    assert sorted(s.cities) == ["Azer", "Gravehold"]
    fought = {st.nemesis for st in s.steps if st.kind == "battle"}
    assert fought == {n for n, d in content.NEMESES.items() if d.box == "LOG"}  # every Legacy nemesis
    assert {e.kind for e in s.enhancements} == {"breach", "personal", "relationship", "starter", "general"}
    assert s.vestiges and s.fire and s.packs
    assert any(st.first_game is not None and st.first_game.deck for st in s.steps)  # C-12's sheet
    assert any(st.replay_loss and st.tries > 1 for st in s.steps)  # C-15's replays
    assert any(st.kind == "rule" for st in s.steps) and any(st.kind == "choice" for st in s.steps)
