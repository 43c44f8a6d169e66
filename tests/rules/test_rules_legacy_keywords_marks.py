"""K-9 boost / overheat / cross out on one copy, C-8 sever and C-10 banish (Legacy of Gravehold).

The Legacy cards are not encoded yet: every test uses small test-only cards (the eight
supply cards with circles, such as the boost spells of the box, and the upgraded basics that
sever or banish, will use these steps when they are).
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from gravehold import Game, StateFormatError
from gravehold.content import registry
from gravehold.content.model import CardDef, NemesisCardDef
from gravehold.content.text import card_text
from gravehold.engine.game import card_census
from gravehold.errors import SetupError

from support import at_casting, at_main, at_nemesis_turn, base_state, player, registered

SURGE = "Test Surge"
EMBER = "Test Ember"
SEVERER = "Test Severer"
COMET = "Test Comet"


def _surge() -> CardDef:
    """A spell with 2 boost circles (+1 damage each) and 1 overheat circle (-1 damage); its
    second step boosts the copy that is cast."""
    return CardDef(SURGE, "spell", 3, "AE", cast=(("damage", 2), ("mark_this", "boost")),
                   boost=(("amount", 1, 1),), overheat=(("amount", 1, -1),), circles=(2, 1))


def _ember() -> CardDef:
    """A gem whose boost text prints no count of circles: the project's reading applies."""
    return CardDef(EMBER, "gem", 2, "AE", play=(("aether", 1), ("cross_out_this", 2)),
                   boost=(("step", 1, ("aether", 2)),))


@pytest.fixture
def cards() -> Iterator[None]:
    """The test-only cards, and every marked copy of them made while the test runs."""
    with registered(_surge(), _ember(),
                    NemesisCardDef(SEVERER, "attack", 1, "AE",
                                   effect=(("player", "lowest_life", (("suffer", 1), ("sever",))),)),
                    NemesisCardDef(COMET, "attack", 1, "AE",
                                   effect=(("gravehold_damage", 2), ("banish_this",)))):
        yield
    for name in [n for n in registry.CARDS if n.startswith((SURGE + "{", EMBER + "{"))]:
        del registry.CARDS[name]


def _breaches(spell: str) -> list[dict[str, Any]]:
    return [{"state": "open", "spells": [spell]}, {"state": "closed", "stage": 1}, {"state": "closed"},
            {"state": "closed", "stage": 2}]


def _caster(spell: str) -> dict[str, Any]:
    return base_state([player("Brama", breaches=_breaches(spell), deck=["Crystal"] * 5),
                       player("Mist", deck=["Crystal"] * 5)])


def _cast(spell: str) -> Game:
    g = at_casting(_caster(spell))
    assert g.legal_actions() == [("cast", 0, 0), ("end_casting",)]
    g.apply(("cast", 0, 0))
    return g


# ------------------------------------------------------------------ K-9 marks

def test_K_9_a_boost_changes_one_copy_and_the_card_says_how(cards: None) -> None:
    boosted = registry.marked(SURGE, "boost")
    assert boosted == "Test Surge{boost}"
    c = registry.CARDS[boosted]
    assert (c.base, c.marks, c.boosts, c.overheats, c.crossed) == (SURGE, ("boost",), 1, 0, ())
    assert c.cast == (("damage", 3), ("mark_this", "boost"))
    assert registry.CARDS[SURGE].cast == (("damage", 2), ("mark_this", "boost"))  # the card itself
    twice = registry.marked(boosted, "boost")
    assert twice == "Test Surge{boost,boost}" and registry.CARDS[twice].cast[0] == ("damage", 4)
    both = registry.marked(twice, "overheat")
    assert registry.CARDS[both].cast[0] == ("damage", 3)


def test_K_9_an_effect_boosts_the_copy_cast_for_the_rest_of_the_game(cards: None) -> None:
    g = _cast(SURGE)
    st = g.state
    assert st.nemesis.life == 70 - 2
    assert st.players[0].discard == ["Test Surge{boost}"]
    marked = [e for e in g.events if e["event"] == "marked"]
    assert [(e["player"], e["card"], e["mark"], e["now"], e["zone"]) for e in marked] == [
        (0, SURGE, "boost", "Test Surge{boost}", "discard")]
    assert card_census(st) == card_census(Game.from_dict(_caster(SURGE)).state)  # a copy, not a new card
    assert Game.from_json(g.to_json()) == g  # the marked copy saves and loads
    g2 = _cast("Test Surge{boost}")
    assert g2.state.nemesis.life == 70 - 3
    assert g2.state.players[0].discard == ["Test Surge{boost,boost}"]


def test_K_9_a_fully_boosted_copy_takes_no_more_boosts(cards: None) -> None:
    full = "Test Surge{boost,boost}"
    g = _cast(full)
    assert g.state.nemesis.life == 70 - 4
    assert g.state.players[0].discard == [full]  # unchanged: both circles were filled
    refused = [(e["card"], e["mark"]) for e in g.events if e["event"] == "mark_refused"]
    assert refused == [(full, "boost")]
    assert not [e for e in g.events if e["event"] == "marked"]


def test_K_9_a_crossed_out_step_is_ignored(cards: None) -> None:
    crossed = registry.marked(SURGE, "cross2")
    assert crossed == "Test Surge{cross2}"
    assert registry.CARDS[crossed].cast == (("damage", 2),)
    g = _cast(crossed)
    assert g.state.nemesis.life == 70 - 2
    assert g.state.players[0].discard == [crossed]  # the struck boost step did not resolve
    assert not [e for e in g.events if e["event"] in ("marked", "mark_refused")]
    # numbers refer to the printed steps, so a boost and a crossing commute
    assert registry.CARDS[registry.marked(crossed, "boost")].cast == (("damage", 3),)
    assert registry.CARDS[registry.marked(registry.marked(SURGE, "boost"), "cross2")].cast == (("damage", 3),)


def test_K_9_an_effect_crosses_out_a_step_of_the_copy_played(cards: None) -> None:
    d = base_state([player("Brama", hand=[EMBER, "Crystal"], deck=["Crystal"] * 5), player("Mist")])
    g = at_main(d)
    g.apply(("play", EMBER))
    p = g.state.players[0]
    assert p.aether == 1 and p.played == ["Test Ember{cross2}"] and p.hand == ["Crystal"]
    assert registry.CARDS["Test Ember{cross2}"].play == (("aether", 1),)
    assert [(e["card"], e["mark"], e["zone"]) for e in g.events if e["event"] == "marked"] == [
        (EMBER, "cross2", "played")]


def test_K_9_card_text_renders_the_marks_of_the_copy_shown(cards: None) -> None:
    plain = card_text(registry.CARDS[SURGE])
    assert "Cast: Deal 2 damage. Boost this card." in plain
    assert "Boost (0 of 2 circles filled): each mark: step 1 +1." in plain
    assert "Overheat (0 of 1 circles filled): each mark: step 1 -1." in plain
    copy_text = card_text(registry.CARDS[registry.marked(registry.marked(SURGE, "boost"), "cross2")])
    assert "Cast: Deal 3 damage." in copy_text and "Boost this card" not in copy_text.split("\n")[0]
    assert "Boost (1 of 2 circles filled)" in copy_text
    assert "Crossed out (ignored): [2] Boost this card." in copy_text
    # a card whose circles no source counts says the number is the project's reading
    from gravehold.engine.keywords import marks

    ember = card_text(registry.CARDS[EMBER])
    assert f"Boost (0 of {marks.CIRCLES['boost']} circles filled (the project's reading))" in ember
    assert registry.CARDS[registry.marked(EMBER, "boost")].play == (("aether", 2), ("cross_out_this", 2))


def test_K_9_a_game_starts_from_marked_copies_named_in_its_setup(cards: None) -> None:
    g = Game.new(["Brama", "Mist"], seed=4, marked=[[], ["Crystal{cross1}"]])
    p = g.state.players[1]
    plain = Game.new(["Brama", "Mist"], seed=4).state.players[1]
    assert (p.hand + p.deck).count("Crystal{cross1}") == 1
    assert sorted(x.replace("{cross1}", "") for x in p.hand + p.deck) == sorted(plain.hand + plain.deck)
    assert g.state.config["marked"] == [[], ["Crystal{cross1}"]]
    assert Game.from_json(g.to_json()) == g  # the setup check replays the marked deal
    again = Game.from_config(g.state.config)
    assert again.state.players[1].hand + again.state.players[1].deck == p.hand + p.deck


@pytest.mark.parametrize(("spec", "message"), [
    ([["Crystal{no_such_mark}"]], r"marked\[0\]\[0\]: 'Crystal\{no_such_mark\}' is no marked copy"),
    ([["Crystal"]], r"marked\[0\]\[0\]: 'Crystal' is no marked copy"),
    ([[], ["Buried Light{cross1}"]], r"marked\[1\]\[0\]: player 2 starts with no plain Buried Light"),
    ([[], [], []], r"marked: must list, per seat"),
    (["Crystal{cross1}"], r"marked: must list, per seat"),
])
def test_K_9_a_bad_marked_setup_is_refused_naming_the_entry(cards: None, spec: Any, message: str) -> None:
    with pytest.raises(SetupError, match=message) as e:
        Game.new(["Brama", "Mist"], seed=4, marked=spec)
    assert e.value.field == "marked"


def test_K_9_a_saved_copy_with_more_marks_than_circles_is_refused(cards: None) -> None:
    d = _caster(SURGE)
    d["players"][0]["hand"] = ["Test Surge{boost,boost,boost}"]
    with pytest.raises(StateFormatError,
                       match=r"players\[0\]\.hand\[0\]: unknown card 'Test Surge\{boost,boost,boost\}'"):
        Game.from_dict(d)
    d["players"][0]["hand"] = ["Test Surge{cross3}"]  # it has two steps
    with pytest.raises(StateFormatError, match=r"players\[0\]\.hand\[0\]: unknown card"):
        Game.from_dict(d)
    d["players"][0]["hand"] = ["Test Surge{cross1,cross1}"]
    with pytest.raises(StateFormatError, match=r"players\[0\]\.hand\[0\]: unknown card"):
        Game.from_dict(d)


@settings(max_examples=40, deadline=None)
@given(order=hs.permutations(["boost", "boost", "overheat", "cross2", "cross1"]), take=hs.integers(0, 5))
def test_K_9_marks_commute_and_each_changes_the_amount_once(order: list[str], take: int) -> None:
    with registered(_surge()):
        try:
            name = SURGE
            for mk in order[:take]:
                name = registry.marked(name, mk)
            c = registry.CARDS[name]
            chosen = order[:take]
            b, o = chosen.count("boost"), chosen.count("overheat")
            assert (c.boosts, c.overheats) == (b, o)
            assert c.crossed == tuple(sorted(int(m[-1]) for m in chosen if m.startswith("cross")))
            printed = (("damage", 2 + b - o), ("mark_this", "boost"))
            assert c.cast == tuple(s for k, s in enumerate(printed, 1) if k not in c.crossed)
            assert name == f"{SURGE}{{{','.join(sorted(chosen))}}}" if chosen else name == SURGE
        finally:
            for n in [n for n in registry.CARDS if n.startswith(SURGE + "{")]:
                del registry.CARDS[n]


# ------------------------------------------------------------------ C-8 sever

def _nemesis_draws(card: str, lives: tuple[int, int] = (10, 6)) -> dict[str, Any]:
    d = base_state([player("Brama", life=lives[0], hand=["Crystal"], deck=["Crystal"] * 5),
                    player("Mist", life=lives[1], hand=["Crystal"], deck=["Crystal"] * 5)])
    d["nemesis"]["deck"] = [card, "Slaughter"]
    return d


def test_C_8_a_severed_mage_plays_on_and_the_result_lists_the_seat(cards: None) -> None:
    g = at_nemesis_turn(_nemesis_draws(SEVERER))
    st = g.state
    assert st.severed == [1]
    assert [p.life for p in st.players] == [10, 5]  # the mage is hurt and plays on
    assert not st.over
    assert [(e["player"], e["mage"]) for e in g.events if e["event"] == "severed"] == [(1, "Mist")]
    assert st.nemesis.discard == [SEVERER]
    summary = g.summary()
    assert summary["severed"] == [1] and "banished" not in summary
    assert (g.severed, g.banished) == ([1], [])
    assert Game.from_json(g.to_json()) == g
    assert g.to_dict()["severed"] == [1]
    # severed again: still once
    d = copy.deepcopy(_nemesis_draws(SEVERER))
    d["severed"] = [1]
    assert at_nemesis_turn(d).state.severed == [1]


def test_C_8_a_game_with_no_severed_mage_writes_no_field(cards: None) -> None:
    g = Game.new(["Brama", "Mist"], seed=4)
    assert "severed" not in g.to_dict() and "banished" not in g.to_dict()
    assert "severed" not in g.summary() and "banished" not in g.summary()
    assert (g.severed, g.banished) == ([], [])


@pytest.mark.parametrize(("value", "field"), [([2], r"severed\[0\]"), ([0, 0], r"severed\[1\]"),
                                               ([-1], r"severed\[0\]")])
def test_C_8_a_saved_game_with_a_bad_severed_seat_is_refused(value: list[int], field: str) -> None:
    d = base_state()
    d["severed"] = value
    with pytest.raises(StateFormatError, match=field + ": must be a seat from 0 to 1, each once"):
        Game.from_dict(d)


def test_C_8_and_C_10_steps_read_right() -> None:
    from gravehold.content.text import nemesis_card_text

    assert nemesis_card_text(NemesisCardDef("X", "attack", 1, "AE", effect=(
        ("player", "lowest_life", (("sever",),)), ("banish_this",)))).endswith(
        "is severed (the mage plays on in this game). This card is banished.")


# ------------------------------------------------------------------ C-10 banish

def test_C_10_an_attack_that_banishes_itself_leaves_the_game(cards: None) -> None:
    d = _nemesis_draws(COMET)
    before = card_census(Game.from_dict(d).state)
    g = at_nemesis_turn(d)
    st = g.state
    assert st.gravehold == 28
    assert st.banished == [COMET]
    assert COMET not in st.nemesis.discard + st.nemesis.deck + st.nemesis.resolving
    assert [(e["card"], e["zone"]) for e in g.events if e["event"] == "banished"] == [(COMET, "resolving")]
    assert card_census(st) == before  # out of the game, still counted
    assert g.summary()["banished"] == [COMET] and g.banished == [COMET]
    assert Game.from_json(g.to_json()) == g


def test_C_10_a_minion_in_play_can_be_banished(cards: None) -> None:
    from gravehold.engine.keywords.banish import banish

    d = base_state()
    d["nemesis"]["in_play"] = [{"name": "Bane Sire", "life": 6}, {"name": "Bane Sire", "life": 2}]
    g = Game.from_dict(d)
    assert banish(g.engine, "Bane Sire#2", "test") is True
    assert [(c.name, c.life) for c in g.state.nemesis.in_play] == [("Bane Sire", 6)]
    assert g.state.banished == ["Bane Sire"]
    assert banish(g.engine, "Convoke", "test") is False  # in a special deck: not there to banish


def test_C_10_a_saved_game_with_an_unknown_banished_card_is_refused() -> None:
    d = base_state()
    d["banished"] = ["Moon Pie"]
    with pytest.raises(StateFormatError, match=r"banished\[0\]: unknown card 'Moon Pie'"):
        Game.from_dict(d)


# ------------------------------------------------------------------ boards and bots

def test_K_9_the_view_carries_the_text_of_the_marked_copies_it_shows_only(cards: None) -> None:
    copy_ = registry.marked(SURGE, "boost")
    d = _caster(SURGE)
    d["players"][0]["breaches"][1] = {"state": "open", "spells": ["Face-down Spell"], "face_down": [copy_]}
    d["players"][0]["discard"] = [registry.marked(EMBER, "cross2")]
    g = Game.from_dict(d)
    mine, theirs = g.view_for(0), g.view_for(1)
    assert mine["marked_cards"] == {
        copy_: {"type": "spell", "cost": 3, "text": card_text(registry.CARDS[copy_])},
        "Test Ember{cross2}": {"type": "gem", "cost": 2, "text": card_text(registry.CARDS["Test Ember{cross2}"])}}
    assert list(theirs["marked_cards"]) == ["Test Ember{cross2}"]  # the face-down copy stays hidden
    assert list(g.view_for(None)["marked_cards"]) == ["Test Ember{cross2}"]
    assert "marked_cards" not in Game.from_dict(_caster(SURGE)).view_for(0)


def test_K_9_bots_play_a_game_that_starts_from_marked_copies() -> None:
    from gravehold.agents import HeuristicAgent
    from gravehold.record import play

    g = Game.new(["Brama", "Mist"], seed=11, marked=[["Crystal{cross1}"], ["Spark{cross1}"]])
    play(g, [HeuristicAgent(0), HeuristicAgent(1)])
    assert g.over and g.result in ("win", "loss")
    census = card_census(g.state)
    assert census["Crystal"] == card_census(Game.new(["Brama", "Mist"], seed=11).state)["Crystal"]


def test_C_8_and_C_10_the_terminal_board_shows_severed_mages_and_banished_cards(cards: None) -> None:
    from gravehold.terminal.render import nemesis_pane, players_pane

    d = _nemesis_draws(COMET)
    d["severed"] = [1]
    g = at_nemesis_turn(d)
    v = g.view_for(0)
    assert (v["severed"], v["banished"]) == ([1], [COMET])
    lines = players_pane(v, ["you", "bot"]).plain.splitlines()
    assert [ln for ln in lines if "SEVERED" in ln] == [ln for ln in lines if "P2 Mist" in ln]
    assert len([ln for ln in lines if "SEVERED" in ln]) == 1
    assert f"Banished: {COMET}" in nemesis_pane(v, 1).plain


def test_K_9_a_process_that_never_made_a_marked_copy_reads_it_by_name() -> None:
    """A bot or page server in another process gets decisions and views naming copies marked
    elsewhere: the catalogue derives each on its first read, and a bot plays it."""
    import subprocess
    import sys

    script = """
from gravehold.agents import HeuristicAgent
from gravehold.content import registry
from gravehold.engine.state import Decision
assert "Crystal{cross1}" not in registry.CARDS
card = registry.CARDS["Crystal{cross1}"]
print(card.base, card.marks, card.type)
d = Decision("main", 0, "", "", [("end",), ("play", "Crystal{cross1}")], None)
print(HeuristicAgent(0).choose(d, lambda: {}))
for bad in ("Crystal{nomark}", "Moon Pie{boost}", "Crystal{"):
    try:
        registry.CARDS[bad]
    except KeyError as e:
        print("KeyError", e)
"""
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert out.splitlines() == [
        "Crystal ('cross1',) gem", "('play', 'Crystal{cross1}')",
        "KeyError 'Crystal{nomark}'", "KeyError 'Moon Pie{boost}'", "KeyError 'Crystal{'"]
