"""Fountain of Souls (Outcasts): its mat, the Fountain of Souls Track, the lantern, the
Soulfire pile and gem, the Soul Reminder and its nine cards.

Each test builds a small exact state, runs the nemesis turn (``at_nemesis_turn``: its start
moves every soul, then the cards in play, then the top card of its deck), a player's main
phase or effect steps directly (``run_steps``), and compares a snapshot of every zone this
nemesis can touch with the starting snapshot plus only the expected changes. After a
nemesis turn the turn order deck starts with P1, so the game stops at P1's main phase (P1,
Brama, holds a Crystal so that phase is a real decision). The nemesis draws Needlemaw (a
basic minion that only enters play) after a test's own card.

The track as this project reads it: souls start on space 3 with one or two players (2 with
three, 1 with four) and move through spaces 1 to 7, then back to 4; a soul moving into space 7
costs Gravehold 1 life.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from gravehold import Game, IllegalAction
from gravehold.agents import make_agent
from gravehold.agents.board import SeatView
from gravehold.content import registry
from gravehold.content.text import card_text, nemesis_card_text, nemesis_text, panels
from gravehold.engine.game import card_census
from gravehold.events_text import event_text
from gravehold.terminal.render import nemesis_pane

from support import (
    SNAP_BASE,
    Snapshot,
    at_main,
    at_nemesis_turn,
    base_state,
    choose,
    minion,
    player,
    power,
    run_steps,
)

FS = "Fountain of Souls"
SF = "Soulfire"
FILLER = "Needlemaw"
OWN = ["Energy Leech", "Loss of Will", "Arise", "Murky Voidborn", "Soul Frenzy", "Spirit Drain",
       "Starry Smogling", "Rushing Tides", "Whirlpool"]
PILE10 = [SF] * 10


def souls(**by_space: int) -> dict[str, int]:
    """Nemesis tokens: ``souls(s3=2, s7=1)`` and the lantern's fuel (``fuel=``)."""
    fuel = by_space.pop("fuel", 0)
    return {"lantern fuel": fuel, **{f"space {k[1:]} souls": v for k, v in by_space.items() if v}}


def make(*top: str, tokens: dict[str, int] | None = None, in_play: tuple[dict[str, Any], ...] = (),
         p0: dict[str, Any] | None = None, p1: dict[str, Any] | None = None, expert: bool = False,
         pile: int = 10) -> dict[str, Any]:
    """Brama and Mist (a Crystal each) against Fountain of Souls; ``top`` on its deck, then the filler."""
    a = player("Brama", **{"hand": ["Crystal"], **(p0 or {})})
    b = player("Mist", **{"hand": ["Crystal"], **(p1 or {})})
    d = base_state([a, b])
    d["config"]["nemesis"] = FS
    d["config"]["expert"] = expert
    if expert:
        d["config"]["difficulty"] = "expert"
    n = d["nemesis"]
    n["id"] = FS
    n["life"] = n["max_life"] = 70
    n["deck"] = [*top, FILLER]
    n["discard"] = []
    n["in_play"] = [dict(c) for c in in_play]
    n["tokens"] = souls() if tokens is None else tokens
    n["decks"] = {"soulfire": [SF] * pile, "reminder": ["Soul Reminder"]}
    return d


SNAPSHOT = Snapshot(*SNAP_BASE, "tokens", "decks", "played")
snap, expect, now = SNAPSHOT.snap, SNAPSHOT.expect, SNAPSHOT.now
FILLED = [(FILLER, 11, 0)]  # the filler minion, drawn after the test's own card
DECKS = {"soulfire": PILE10, "reminder": ["Soul Reminder"]}


def at_main_of(g: Game, i: int) -> None:
    assert not g.over, g.reason
    assert g.decision is not None and g.decision.kind == "main" and g.decision.player == i, g.decision


def events(g: Game, kind: str) -> list[dict[str, Any]]:
    return [e for e in g.events if e["event"] == kind]


def lines(g: Game, *kinds: str) -> list[str]:
    return [event_text(e) for e in g.events if e["event"] in kinds]


# =========================================================================== setup


def test_S_7_fountain_of_souls_setup_two_souls_the_lantern_on_0_and_the_soulfire_pile() -> None:
    g = Game.new(mages=["Brama", "Mist"], nemesis=FS, seed=4, basics="AE")
    n = g.state.nemesis
    assert (n.life, n.max_life) == (70, 70)
    assert n.tokens == souls(s3=2)
    assert n.decks == DECKS
    assert set(OWN) <= set(n.deck) and SF not in n.deck and "Soul Reminder" not in n.deck
    assert SF not in g.state.supply_names
    assert all(SF not in p.hand + p.deck + p.discard for p in g.state.players)
    assert g.decision is not None and g.decision.kind != "player"  # nobody is asked to take a Soulfire


@pytest.mark.parametrize(("mages", "space", "picks"), [
    (["Brama", "Mist", "Jian"], 2, [0]),
    (["Brama", "Mist", "Jian", "Adelheim"], 1, [3, 3]),
])
def test_S_7_fountain_of_souls_soulfire_setup_three_and_four_players_gain_soulfires(
        mages: list[str], space: int, picks: list[int]) -> None:
    g = Game.new(mages=mages, nemesis=FS, seed=4, basics="AE")
    for j in picks:  # soulfire_setup: the players name who gains each one
        assert g.decision.kind == "player" and g.decision.source == FS
        assert g.legal_actions() == [("player", k) for k in range(len(mages))]
        choose(g, ("player", j))
    st = g.state
    assert st.nemesis.tokens == souls(**{f"s{space}": 2})
    assert st.nemesis.decks["soulfire"] == [SF] * (10 - len(picks))
    assert [p.discard.count(SF) for p in st.players] == [picks.count(k) for k in range(len(mages))]
    assert g.decision.kind != "player"


def test_S_9_fountain_of_souls_expert_setup_souls_step_on_at_once() -> None:
    g = Game.new(mages=["Brama", "Mist"], nemesis=FS, seed=4, basics="AE", difficulty="expert")
    assert g.state.nemesis.tokens == souls(s4=2)


def test_K_17_fountain_of_souls_soulfire_and_the_soul_reminder_stay_out_of_the_nemesis_deck() -> None:
    card = registry.CARDS[SF]
    assert (card.type, card.cost, card.box, card.starter) == ("gem", 3, "O", True)
    assert SF not in {c.name for c in registry.supply_cards()}
    reminder = registry.NEMESIS_CARDS["Soul Reminder"]
    assert (reminder.tier, reminder.deck, reminder.nemesis) == (0, "reminder", FS)
    g = Game.from_dict(make())
    assert g.engine.tier() == 1  # nothing of the special piles counts for the tier
    assert card_census(g.state)[SF] == 10


# =========================================================================== the mat


def test_N_4_fountain_of_souls_unleash_places_three_souls_on_the_start_space() -> None:
    d = make(tokens=souls(s3=1, s5=2))
    g = run_steps(d, [("unleash", 1)])
    at_main_of(g, 0)
    assert now(g) == expect(d, tokens=souls(s3=4, s5=2))
    assert lines(g, "souls_placed") == ["3 souls placed on space 3 of the Fountain of Souls Track (Unleash)"]


def test_S_9_fountain_of_souls_expert_unleash_places_four_and_they_step_on() -> None:
    d = make(tokens=souls(s3=1), expert=True)
    g = run_steps(d, [("unleash", 1)])
    at_main_of(g, 0)
    assert now(g) == expect(d, tokens=souls(s3=1, s4=4))


def test_S_9_fountain_of_souls_expert_a_soul_placed_into_the_loop_can_reach_space_7() -> None:
    """Four players, start space 1: placed souls step on to 2; nothing reaches 7 on placing."""
    d = make(tokens=souls(), expert=True)
    d["players"] += [player("Jian"), player("Adelheim")]
    d["config"]["mages"] = ["Brama", "Mist", "Jian", "Adelheim"]
    g = run_steps(d, [("place_souls", 2)])
    assert g.state.nemesis.tokens == souls(s2=2)


def test_nemesis_fountain_of_souls_turn_start_moves_every_soul_and_space_7_hurts_gravehold() -> None:
    """The Soul Reminder's rule: each soul one space; the two from 6 move into 7 (2 damage),
    the one on 7 goes round to 4."""
    d = make(tokens=souls(s1=1, s3=2, s6=2, s7=1))
    g = at_nemesis_turn(d)
    at_main_of(g, 0)
    assert now(g) == expect(d, gravehold=28, tokens=souls(s2=1, s4=3, s7=2), n_deck=[], in_play=FILLED)
    assert lines(g, "souls_moved") == [
        "a soul moved from space 1 to space 2 (Soul Reminder)", "2 souls moved from space 3 to space 4 (Soul Reminder)",
        "2 souls moved from space 6 to space 7 (Soul Reminder)", "a soul moved from space 7 to space 4 (Soul Reminder)"]
    assert [(e["amount"], e["source"]) for e in events(g, "gravehold_damage")] == [(1, FS), (1, FS)]


def test_G_2_fountain_of_souls_souls_into_space_7_can_destroy_gravehold() -> None:
    d = make(tokens=souls(s6=3))
    d["gravehold"]["life"] = 2
    g = at_nemesis_turn(d)
    assert g.over and (g.result, g.reason) == ("loss", "gravehold")
    assert g.state.gravehold == 0


def test_G_1_fountain_of_souls_souls_are_not_minions_and_cannot_be_damaged() -> None:
    d = make(tokens=souls(s5=4))
    d["nemesis"]["deck"] = []
    g = run_steps(d, [("damage", 2)])  # the nemesis is the only target: no decision
    at_main_of(g, 0)
    assert now(g) == expect(d, nemesis_life=68, n_deck=[])
    choose(g, ("end_main",))
    assert g.over and (g.result, g.reason) == ("win", "nemesis_deck_empty")  # souls left do not matter


# =========================================================================== the lantern


def test_nemesis_fountain_of_souls_use_lantern_discards_up_to_five_from_two_adjacent_spaces() -> None:
    d = make(tokens=souls(s3=1, s5=3, s6=2, fuel=3))
    g = at_main(d, 0)
    assert ("use_lantern",) in g.legal_actions()
    choose(g, ("use_lantern",))
    assert g.decision.kind == "soul_space" and g.decision.player == 0
    assert g.legal_actions() == [("soul_space", 3), ("soul_space", 5), ("soul_space", 6)]
    choose(g, ("soul_space", 6))
    # the second space must be 6's neighbour: 5 (or 7, which holds none); space 3 is out
    assert g.legal_actions() == [("soul_space", 5), ("soul_space", 6), ("done",)]
    for s in (6, 5, 5):
        choose(g, ("soul_space", s))
    assert g.legal_actions() == [("soul_space", 5), ("done",)]  # only 6 and 5 now, one soul to go
    choose(g, ("soul_space", 5))
    at_main_of(g, 0)
    assert now(g) == expect(d, tokens=souls(s3=1))
    assert ("use_lantern",) not in g.legal_actions()
    assert lines(g, "lantern_used") == ["P1 uses the lantern, which loses all its fuel"]
    assert len(lines(g, "souls_discarded")) == 5


def test_nemesis_fountain_of_souls_lantern_spaces_7_and_4_are_adjacent_and_one_may_stop_early() -> None:
    d = make(tokens=souls(s2=2, s4=1, s7=2, fuel=3))
    g = at_main(d, 0)
    choose(g, ("use_lantern",))
    choose(g, ("soul_space", 7))
    assert g.legal_actions() == [("soul_space", 4), ("soul_space", 7), ("done",)]
    choose(g, ("soul_space", 4))
    choose(g, ("done",))
    at_main_of(g, 0)
    assert now(g) == expect(d, tokens=souls(s2=2, s7=1))


@pytest.mark.parametrize(("tokens", "in_play", "why"), [
    (souls(s5=2, fuel=2), (), "the lantern needs 3 fuel"),
    (souls(fuel=3), (), "there is no soul on the Fountain of Souls Track"),
    (souls(s5=2, fuel=3), (minion("Murky Voidborn"),), "a card in play forbids using the lantern"),
    (souls(s5=2, fuel=3), (minion("Starry Smogling"),), "a card in play forbids using the lantern"),
])
def test_nemesis_fountain_of_souls_lantern_refused_says_why(tokens: dict[str, int],
                                                           in_play: tuple[dict[str, Any], ...], why: str) -> None:
    d = make(tokens=tokens, in_play=in_play)
    g = at_main(d, 0)
    assert ("use_lantern",) not in g.legal_actions()
    with pytest.raises(IllegalAction, match=why):
        g.apply(("use_lantern",))
    assert now(g) == snap(d)


# =========================================================================== the Soulfire pile


def test_P_8_fountain_of_souls_gain_soulfire_from_its_pile_for_three_aether() -> None:
    d = make(p0={"aether": 4})
    g = at_main(d, 0)
    assert ("gain_soulfire", SF) in g.legal_actions()
    choose(g, ("gain_soulfire", SF))
    at_main_of(g, 0)
    assert now(g) == expect(d, aether=[1, 0], discard=[[SF], []], decks={**DECKS, "soulfire": [SF] * 9})
    assert ("gain_soulfire", SF) not in g.legal_actions()
    assert lines(g, "gain_soulfire") == ["P1 gains a Soulfire from the Soulfire pile"]


def test_P_8_fountain_of_souls_gain_soulfire_refused_when_short_or_the_pile_is_empty() -> None:
    g = at_main(make(p0={"aether": 2}), 0)
    assert ("gain_soulfire", SF) not in g.legal_actions()
    with pytest.raises(IllegalAction, match="a Soulfire costs 3 Æ, and you have 2 Æ to spend on it"):
        g.apply(("gain_soulfire", SF))
    g = at_main(make(p0={"aether": 5}, pile=0), 0)
    with pytest.raises(IllegalAction, match="the Soulfire pile is empty"):
        g.apply(("gain_soulfire", SF))


def test_card_soulfire_gain_one_aether_and_the_lantern_gains_fuel() -> None:
    d = make(tokens=souls(s4=1, fuel=1), p0={"hand": [SF, "Crystal"]})
    g = at_main(d, 0)
    choose(g, ("play", SF))
    assert g.decision.kind == "or" and g.legal_actions() == [("choose", 0), ("choose", 1)]
    choose(g, ("choose", 0))
    at_main_of(g, 0)
    assert now(g) == expect(d, aether=[1, 0], hand=[["Crystal"], ["Crystal"]], played=[[SF], []],
                            tokens=souls(s4=1, fuel=2))


def test_card_soulfire_discard_one_soul_and_a_full_lantern_leaves_only_that_branch() -> None:
    d = make(tokens=souls(s4=1, s6=2, fuel=3), p0={"hand": [SF, "Crystal"]})
    g = at_main(d, 0)
    choose(g, ("play", SF))
    # P-7: the lantern cannot take more fuel, so only the soul branch resolves in full
    assert g.decision.kind == "soul_space" and g.decision.player == 0
    assert g.legal_actions() == [("soul_space", 4), ("soul_space", 6)]
    choose(g, ("soul_space", 6))
    at_main_of(g, 0)
    assert now(g) == expect(d, aether=[1, 0], hand=[["Crystal"], ["Crystal"]], played=[[SF], []],
                            tokens=souls(s4=1, s6=1, fuel=3))
    assert card_text(registry.CARDS[SF]) == (
        "Choose: Gain 1 Æ. Add 1 fuel to the lantern. — or — Gain 1 Æ. Take 1 soul off the Fountain of Souls "
        "Track (discarded).")


def test_card_soulfire_lantern_fuel_never_passes_three() -> None:
    d = make(tokens=souls(fuel=3))
    g = run_steps(d, [("lantern_fuel", 1)])
    at_main_of(g, 0)
    assert now(g) == snap(d)


# =========================================================================== tier 1


def test_nemesis_card_energy_leech_persistent_and_a_hit_moves_one_soul() -> None:
    d = make(in_play=(minion("Energy Leech"),), tokens=souls(s3=1, s6=1))
    g = at_nemesis_turn(d)
    choose(g, ("player", 1))  # its PERSISTENT: the players pick Mist
    at_main_of(g, 0)
    assert now(g) == expect(d, gravehold=29, life=[10, 9], tokens=souls(s4=1, s7=1), n_deck=[],
                            in_play=[("Energy Leech", 6, 0), *FILLED])
    # a player's hit: the players move one soul of their choice one space
    d2 = make(in_play=(minion("Energy Leech"),), tokens=souls(s3=1, s6=1))
    g = run_steps(d2, [("damage", 2)])
    choose(g, ("target", "Energy Leech"))
    assert g.decision.kind == "soul_space" and g.legal_actions() == [("soul_space", 3), ("soul_space", 6)]
    choose(g, ("soul_space", 6))
    at_main_of(g, 0)
    assert now(g) == expect(d2, gravehold=29, tokens=souls(s3=1, s7=1), in_play=[("Energy Leech", 4, 0)])


def test_nemesis_card_energy_leech_a_hit_with_no_soul_moves_nothing() -> None:
    d = make(in_play=(minion("Energy Leech"),))
    g = run_steps(d, [("damage", 6)])
    choose(g, ("target", "Energy Leech"))
    at_main_of(g, 0)
    assert now(g) == expect(d, in_play=[], n_discard=["Energy Leech"])


def test_nemesis_card_loss_of_will_power_the_soulfire_holder_discards_it_and_suffers_2() -> None:
    d = make(in_play=(power("Loss of Will", 1),), p1={"hand": ["Crystal", SF]})
    g = at_nemesis_turn(d)  # N-6: only Mist can discard a Soulfire, so Mist is named
    at_main_of(g, 0)
    assert now(g) == expect(d, life=[10, 8], hand=[["Crystal"], ["Crystal"]], discard=[[], [SF]],
                            n_deck=[], in_play=FILLED, n_discard=["Loss of Will"])


def test_nemesis_card_arise_unleash_then_every_soul_moves() -> None:
    d = make("Arise", tokens=souls(s5=1))
    g = at_nemesis_turn(d)
    at_main_of(g, 0)
    # turn start: 5 → 6; Arise: three on 3, then 3 → 4 and 6 → 7 (Gravehold 1)
    assert now(g) == expect(d, gravehold=29, tokens=souls(s4=3, s7=1), n_deck=[FILLER], n_discard=["Arise"])


# =========================================================================== tier 2


def test_nemesis_card_murky_voidborn_persistent_2_damage() -> None:
    d = make(in_play=(minion("Murky Voidborn"),))
    g = at_nemesis_turn(d)
    choose(g, ("player", 0))
    at_main_of(g, 0)
    assert now(g) == expect(d, life=[8, 10], n_deck=[], in_play=[("Murky Voidborn", 11, 0), *FILLED])
    assert nemesis_card_text(registry.NEMESIS_CARDS["Murky Voidborn"]).startswith(
        "While this is in play, no player may use the lantern.")


def test_nemesis_card_soul_frenzy_each_power_token_removed_moves_two_souls() -> None:
    d = make(in_play=(power("Soul Frenzy", 3),), tokens=souls(s3=1, s5=1))
    g = at_nemesis_turn(d)  # turn start: 3 → 4, 5 → 6; then the token comes off
    assert g.decision.kind == "soul_space" and g.legal_actions() == [("soul_space", 4), ("soul_space", 6)]
    choose(g, ("soul_space", 6))  # 6 → 7: Gravehold 1
    choose(g, ("soul_space", 4))
    at_main_of(g, 0)
    assert now(g) == expect(d, gravehold=29, tokens=souls(s5=1, s7=1), n_deck=[],
                            in_play=[("Soul Frenzy", 0, 2), *FILLED])


def test_nemesis_card_soul_frenzy_power_unleash_and_the_most_soulfires_returns_one() -> None:
    d = make(in_play=(power("Soul Frenzy", 1),), p0={"hand": ["Crystal", SF]}, p1={"hand": [SF, SF]}, pile=8)
    g = at_nemesis_turn(d)  # no soul yet when the token comes off: nothing moves
    at_main_of(g, 0)
    assert now(g) == expect(d, life=[10, 9], hand=[["Crystal", SF], [SF]], tokens=souls(s3=3),
                            decks={**DECKS, "soulfire": [SF] * 9}, n_deck=[], in_play=FILLED,
                            n_discard=["Soul Frenzy"])
    assert lines(g, "soulfire_returned") == ["P2 returns a Soulfire to the Soulfire pile (Soul Frenzy)"]


def test_nemesis_card_soul_frenzy_soulfire_most_a_tie_is_the_players_pick() -> None:
    d = make(p0={"hand": ["Crystal", SF]}, p1={"hand": [SF]}, pile=8)
    g = run_steps(d, [("soulfire_most", (("suffer", 1), ("return_soulfire",)))], you=-1, source="Soul Frenzy")
    assert g.decision.kind == "player" and g.legal_actions() == [("player", 0), ("player", 1)]
    choose(g, ("player", 0))
    at_main_of(g, 0)
    assert now(g) == expect(d, life=[9, 10], hand=[["Crystal"], [SF]], decks={**DECKS, "soulfire": [SF] * 9})


def test_nemesis_card_spirit_drain_unleash_and_a_soulfire_back_or_4_damage() -> None:
    d = make("Spirit Drain", p1={"hand": ["Crystal", SF]}, pile=9)
    g = at_nemesis_turn(d)
    assert g.decision.kind == "or" and g.legal_actions() == [("choose", 0), ("choose", 1)]
    choose(g, ("choose", 0))
    at_main_of(g, 0)
    assert now(g) == expect(d, hand=[["Crystal"], ["Crystal"]], tokens=souls(s3=3), decks=DECKS,
                            n_deck=[FILLER], n_discard=["Spirit Drain"])


def test_nemesis_card_spirit_drain_with_no_soulfire_in_hand_takes_the_damage() -> None:
    d = make("Spirit Drain")
    g = at_nemesis_turn(d)  # P-7: the first branch cannot resolve in full
    assert g.decision.kind == "player"
    choose(g, ("player", 1))
    at_main_of(g, 0)
    assert now(g) == expect(d, life=[10, 6], n_deck=[FILLER], n_discard=["Spirit Drain"])


# =========================================================================== tier 3


def test_nemesis_card_starry_smogling_persistent_2_damage_and_no_lantern() -> None:
    d = make(in_play=(minion("Starry Smogling"),), tokens=souls(s4=1, fuel=3))
    g = at_nemesis_turn(d)
    choose(g, ("player", 1))
    at_main_of(g, 0)
    assert now(g) == expect(d, life=[10, 8], tokens=souls(s5=1, fuel=3), n_deck=[],
                            in_play=[("Starry Smogling", 16, 0), *FILLED])
    assert ("use_lantern",) not in g.legal_actions()


def test_nemesis_card_rushing_tides_power_unleash_twice_and_the_start_space_moves_three() -> None:
    d = make(in_play=(power("Rushing Tides", 1),), tokens=souls(s2=1, s5=1))
    g = at_nemesis_turn(d)
    at_main_of(g, 0)
    # turn start: 2 → 3, 5 → 6; six more on 3; the seven on 3 move to 6; the one on 6 stays
    assert now(g) == expect(d, tokens=souls(s6=8), n_deck=[], in_play=FILLED, n_discard=["Rushing Tides"])


def test_nemesis_card_whirlpool_the_most_souls_move_two_passing_space_7() -> None:
    d = make("Whirlpool", tokens=souls(s4=1, s5=3))
    g = at_nemesis_turn(d)  # turn start: 4 → 5, 5 → 6
    assert g.decision.kind == "or"
    choose(g, ("choose", 0))
    at_main_of(g, 0)
    # the three on 6 go 6 → 7 → 4 (3 damage); the one on 5 stays
    assert now(g) == expect(d, gravehold=27, tokens=souls(s4=3, s5=1), n_deck=[FILLER], n_discard=["Whirlpool"])


def test_nemesis_card_whirlpool_move_souls_from_a_tie_is_the_players_pick() -> None:
    d = make(tokens=souls(s2=2, s6=2))
    g = run_steps(d, [("move_souls_from", "most", 2)], you=-1, source="Whirlpool")
    assert g.decision.kind == "soul_space" and g.legal_actions() == [("soul_space", 2), ("soul_space", 6)]
    choose(g, ("soul_space", 2))
    at_main_of(g, 0)
    assert now(g) == expect(d, tokens=souls(s4=2, s6=2))


def test_nemesis_card_whirlpool_with_no_soul_takes_the_5_damage() -> None:
    d = make("Whirlpool")
    g = at_nemesis_turn(d)
    choose(g, ("player", 0))
    at_main_of(g, 0)
    assert now(g) == expect(d, life=[5, 10], n_deck=[FILLER], n_discard=["Whirlpool"])


# =========================================================================== text, boards, bots


def test_nemesis_fountain_of_souls_mat_reads_from_its_encoding_and_says_its_readings() -> None:
    text = nemesis_text(registry.NEMESES[FS])
    assert text.splitlines()[0].startswith("Unleash: If the game is played on expert or extinction: Place 4 souls")
    assert "the project's reading of the track: the printed track is unknown" in text
    assert "through spaces 1 to 7 in turn, then back to 4" in text
    assert "10 is the project's reading" in text
    assert nemesis_card_text(registry.NEMESIS_CARDS["Soul Reminder"]) == (
        "Leave this card beside the mat. At the start of each nemesis turn: Each soul advances 1 space clockwise "
        "along the Fountain of Souls Track.")


def test_nemesis_fountain_of_souls_both_boards_show_the_track_the_lantern_and_the_piles() -> None:
    g = at_main(make(tokens=souls(s3=2, s7=1, fuel=2), pile=9), 0)
    for seat in (0, 1, None):
        v = g.view_for(seat)
        assert v["nemesis"]["decks"] == {"soulfire": [SF] * 9, "reminder": ["Soul Reminder"]}
        assert {"soulfire", "reminder"} <= set(v["nemesis"]["face_up_decks"])
    v = g.view_for(0)
    title, text = next(p for p in panels(v) if p[0] == "Fountain of Souls Track")
    assert text == ("souls by space 1: 0, 2: 0, 3 (start): 2, 4: 0, 5: 0, 6: 0, 7 (Gravehold 1): 1; lantern 2/3 "
                    "fuel (the track's shape is the project's reading)")
    pane = nemesis_pane(v, 1).plain
    assert "Fountain of Souls Track" in pane and "lantern 2/3 fuel" in pane
    assert "soulfire pile 9" in pane and "reminder pile 1" in pane
    other = at_main(base_state(), 0)
    assert not any(p[0] == "Fountain of Souls Track" for p in panels(other.view_for(0)))


def test_nemesis_fountain_of_souls_heuristic_uses_the_lantern_on_the_souls_nearest_space_7() -> None:
    d = make(tokens=souls(s1=3, s4=1, s5=3, s6=2, fuel=3), p0={"hand": []})
    g = at_main(d, 0)
    bot = make_agent("heuristic", 0)
    assert g.decision is not None
    assert bot.choose(g.decision, SeatView(g.state, 0)) == ("use_lantern",)
    g.apply(("use_lantern",))
    picked = []
    while g.decision is not None and g.decision.kind == "soul_space":
        a = bot.choose(g.decision, SeatView(g.state, 0))
        picked.append(a)
        g.apply(a)
    # 6 first (one step from 7), then only 6 and its neighbour 5; space 1 (far from 7) keeps its souls
    assert picked[0] == ("soul_space", 6) and sorted(picked) == [("soul_space", 5)] * 3 + [("soul_space", 6)] * 2
    assert g.state.nemesis.tokens == souls(s1=3, s4=1)


def test_nemesis_fountain_of_souls_heuristic_moves_a_soul_that_does_not_reach_space_7() -> None:
    d = make(in_play=(minion("Energy Leech"),), tokens=souls(s3=1, s6=1))
    g = run_steps(d, [("damage", 2)])
    choose(g, ("target", "Energy Leech"))
    assert g.decision is not None
    assert make_agent("heuristic", 0).choose(g.decision, SeatView(g.state, 0)) == ("soul_space", 3)


def test_nemesis_fountain_of_souls_heuristic_buys_one_soulfire_from_the_start_and_no_second() -> None:
    """Each player buys a Soulfire as soon as they can pay for it, before souls pile up (it
    comes round to fuel the lantern every cycle); one owned, the aether goes elsewhere."""
    bot = make_agent("heuristic", 0)
    d = make(tokens=souls(s3=2), p0={"hand": [], "aether": 3})
    g = at_main(d, 0)
    assert g.decision is not None
    assert bot.choose(g.decision, SeatView(g.state, 0)) == ("gain_soulfire", SF)
    choose(g, ("gain_soulfire", SF))  # the main phase ends (nothing left); the draw phase takes it up
    assert lines(g, "gain_soulfire") == ["P1 gains a Soulfire from the Soulfire pile"]
    assert g.state.nemesis.decks["soulfire"] == [SF] * 9 and g.state.players[0].hand == [SF]
    d = make(tokens=souls(s4=3, s5=3), p0={"hand": [], "aether": 3, "discard": [SF]})
    g = at_main(d, 0)
    assert g.decision is not None and ("gain_soulfire", SF) in g.legal_actions()
    assert bot.choose(g.decision, SeatView(g.state, 0)) != ("gain_soulfire", SF)


@pytest.mark.parametrize(("players", "agent"), [(1, "random"), (2, "heuristic"), (3, "heuristic"),
                                                (4, "random")])
def test_nemesis_fountain_of_souls_whole_games_end_keep_the_census_and_reload(players: int, agent: str) -> None:
    mages = ["Adelheim", "Brama", "Gex", "Kadir", "Mist", "Phaedraxa", "Xaxos", "Garu"]
    seed = 17 * players + (agent == "heuristic")
    picked = random.Random(seed).sample(mages, players)
    g = Game.new(mages=picked, nemesis=FS, seed=seed, basics="AE", market="random",
                 difficulty="expert" if players % 2 else "normal")
    census = card_census(g.state)
    seats = [make_agent(agent, seed + i) for i in range(players)]
    steps = 0
    while not g.over:
        d = g.decision
        assert d is not None
        g.apply(seats[d.seat].choose(d, SeatView(g.state, d.seat)))
        steps += 1
        assert steps < 20000, "the game does not end"
        t = g.state.nemesis.tokens
        assert 0 <= t["lantern fuel"] <= 3 and all(v > 0 for k, v in t.items() if k != "lantern fuel")
    assert g.result in ("win", "loss") and card_census(g.state) == census
    assert Game.from_json(g.to_json()).state == g.state
    assert all(event_text(e) for e in g.events if e["event"].startswith(("souls", "lantern", "soulfire")))


def test_nemesis_fountain_of_souls_the_web_board_message_carries_the_track_row_and_the_piles(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from gravehold.web.app import create_app

    with TestClient(create_app(f"sqlite:///{tmp_path / 'store.db'}", bot_delay=0.0)) as client:
        seats = [{"mage": "Brama", "bot": None}, {"mage": "Mist", "bot": None}]
        r = client.post("/api/games", json={"seats": seats, "nemesis": FS, "market": "Deck Destruction", "seed": 5})
        assert r.status_code == 201, r.text
        url = r.json()["seats"][0]["url"]
        s = client.get(f"/api/games/{r.json()['id']}", params={"t": url.split("t=", 1)[1]}).json()
    n = s["view"]["nemesis"]
    assert {k: n["decks"][k] for k in DECKS} == DECKS and {"soulfire", "reminder"} <= set(n["face_up_decks"])
    assert n["tokens"] == souls(s3=2)  # the curse deck lies there too: this game's basics hand out curses
    assert {"title": "Fountain of Souls Track", "text": (
        "souls by space 1: 0, 2: 0, 3 (start): 2, 4: 0, 5: 0, 6: 0, 7 (Gravehold 1): 0; lantern 0/3 fuel (the "
        "track's shape is the project's reading)")} in s["panels"]
    assert s["in_panels"] == list(n["tokens"])  # the souls are said by the row, not again as badges on the mat
