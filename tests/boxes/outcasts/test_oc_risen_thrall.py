"""Risen Thrall (Outcasts): its mat, the thrall deck of two-faced thralls, the Thrall Reminder,
flipping thralls, and its nine cards, from exact states.

Each test builds a small exact state (Brama and Mist, a Crystal each, against Risen Thrall),
runs a nemesis turn, a main phase or effect steps, and compares a snapshot of every zone the
nemesis can touch (the thrall piles and the tokens counting shown real thralls included) with
the starting one plus only the expected changes. A thrall flip draws whether it is an
illusion; tests that need one outcome set the deck's reading table (``THRALLS``) so that only
that outcome is left.
"""

from __future__ import annotations

from typing import Any

import pytest

from gravehold import Game
from gravehold.agents import make_agent
from gravehold.agents.board import SeatView
from gravehold.boxes.outcasts.nemeses import risen_thrall as rt
from gravehold.content import registry
from gravehold.content.text import nemesis_card_text, nemesis_text, panels
from gravehold.engine.view import view_for
from gravehold.events_text import event_text
from gravehold.terminal.render import nemesis_pane

import support
from support import at_main, at_nemesis_turn, base_state, choose, minion, player, power, run_steps

RT = "Risen Thrall"
INF, SOL = "Shambling Infantry", "Soldier of Rot"
FILLER = "Needlemaw"  # drawn by the nemesis after a test's own card: a minion that only enters play
CURSES = ["Cursed Shard", "Cursed Shard", "Cursed Bolt"]


def make(*top: str, in_play: tuple[dict[str, Any], ...] = (), deck: tuple[str, ...] = (INF, SOL),
         discard: tuple[str, ...] = (), tokens: dict[str, int] | None = None, p0: dict[str, Any] | None = None,
         p1: dict[str, Any] | None = None, expert: bool = False) -> dict[str, Any]:
    """Brama and Mist against Risen Thrall: ``top`` on the nemesis deck, then the filler."""
    a = player("Brama", **{"hand": ["Crystal"], **(p0 or {})})
    b = player("Mist", **{"hand": ["Crystal"], **(p1 or {})})
    d = base_state([a, b])
    d["config"]["nemesis"] = RT
    if expert:
        d["config"]["expert"] = True
        d["config"]["difficulty"] = "expert"
    n = d["nemesis"]
    n["id"] = RT
    n["life"] = n["max_life"] = 50
    n["deck"] = [*top, FILLER]
    n["discard"] = []
    n["in_play"] = [dict(c) for c in in_play]
    n["tokens"] = dict(tokens or {})
    n["decks"] = {"thrall": list(deck), "thrall_discard": list(discard), "curse": list(CURSES)}
    return d


SNAPSHOT = support.Snapshot(*support.SNAP_BASE, "tokens", "decks", "to_deck", "to_discard")
snap, expect, now = SNAPSHOT.snap, SNAPSHOT.expect, SNAPSHOT.now


def decks(thrall: list[str], thrall_discard: list[str], curse: list[str] | None = None) -> dict[str, list[str]]:
    return {"thrall": thrall, "thrall_discard": thrall_discard, "curse": CURSES if curse is None else curse}


def thrall(name: str, life: int = rt.THRALL_LIFE) -> dict[str, Any]:
    return {"name": name, "life": life}


def after_turn(d: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """``expect`` after a nemesis turn that drew the filler and then P1's turn order card."""
    to = d["turn_order"]
    changes.setdefault("to_deck", to["deck"][1:])
    changes.setdefault("to_discard", [*to["discard"], "P1"])
    changes.setdefault("n_deck", d["nemesis"]["deck"][1:] if "n_deck" not in changes else changes["n_deck"])
    return expect(d, **changes)


def turn(d: dict[str, Any], *picks: tuple[Any, ...]) -> Game:
    g = at_nemesis_turn(d)
    for a in picks:
        choose(g, a)
    support.at_p1_main(g)
    return g


def events(g: Game, kind: str) -> list[dict[str, Any]]:
    return [e for e in g.events if e["event"] == kind]


@pytest.fixture
def all_real(monkeypatch: pytest.MonkeyPatch) -> None:
    """A thrall deck read with no illusion: every flip finds a real thrall."""
    monkeypatch.setitem(rt.THRALLS, INF, (6, 0))
    monkeypatch.setitem(rt.THRALLS, SOL, (6, 0))


@pytest.fixture
def all_illusions(monkeypatch: pytest.MonkeyPatch) -> None:
    """A thrall deck read with illusions only: every flip finds an illusion."""
    monkeypatch.setitem(rt.THRALLS, INF, (6, 6))
    monkeypatch.setitem(rt.THRALLS, SOL, (6, 6))


# =========================================================================== the mat


def test_S_7_K_17_risen_thrall_setup_a_shuffled_thrall_deck_of_twelve_and_an_empty_discard() -> None:
    g = Game.new(mages=["Brama", "Mist"], nemesis=RT, seed=5)
    n = g.state.nemesis
    assert (n.life, n.max_life) == (50, 50)
    assert sorted(n.decks["thrall"]) == [INF] * 6 + [SOL] * 6
    assert n.decks["thrall"] != sorted(n.decks["thrall"])  # shuffled
    assert n.decks["thrall_discard"] == [] and n.in_play == [] and n.tokens == {}
    assert INF not in n.deck and SOL not in n.deck and "Thrall Hybrid" in n.deck
    assert g.engine.tier() == 1
    assert registry.NEMESIS_CARDS[INF].tier == 0 and registry.NEMESIS_CARDS[INF].deck == "thrall"


def test_N_4_risen_thrall_unleash_places_the_top_thrall_with_four_life() -> None:
    d = make(deck=(SOL, INF))
    g = run_steps(d, [("unleash", 1)])
    assert now(g) == expect(d, in_play=[(SOL, 4, 0)], decks=decks([INF], []))
    assert events(g, "nemesis_card_in_play")[0]["life"] == 4


def test_S_9_risen_thrall_increased_difficulty_thralls_enter_with_two_more_life() -> None:
    d = make(deck=(SOL, INF), expert=True)
    g = run_steps(d, [("unleash", 1), ("place_thrall", 1, 2)])
    assert now(g) == expect(d, in_play=[(SOL, 6, 0), (INF, 8, 0)], decks=decks([], []))


def test_N_4_risen_thrall_an_empty_thrall_deck_is_formed_from_its_discard() -> None:
    d = make(deck=(), discard=(INF, SOL, SOL))
    g = run_steps(d, [("unleash", 1)])
    placed = g.state.nemesis.in_play[0].name
    rest = sorted([INF, SOL, SOL])
    rest.remove(placed)
    assert now(g) == expect(d, in_play=[(placed, 4, 0)], decks=decks(g.state.nemesis.decks["thrall"], []))
    assert sorted(g.state.nemesis.decks["thrall"]) == rest
    assert event_text(events(g, "thrall_deck_formed")[0]) == \
        "the thrall discard pile is shuffled into the thrall deck (3)"


def test_N_6_risen_thrall_unleash_with_no_thrall_left_places_none() -> None:
    d = make(deck=())
    g = run_steps(d, [("unleash", 1)])
    assert now(g) == expect(d)
    assert event_text(events(g, "no_thrall_left")[0]) == "no thrall is left to place (Unleash)"


def test_N_4_risen_thrall_twelve_thralls_in_play_cost_gravehold_four_instead() -> None:
    play = tuple(thrall(INF) for _ in range(6)) + tuple(thrall(SOL) for _ in range(5)) + (minion("Thrall Hybrid"),)
    d = make(in_play=play, deck=(INF,))
    g = run_steps(d, [("unleash", 1)])
    assert now(g) == expect(d, gravehold=26)
    d["nemesis"]["in_play"].pop()  # eleven: a thrall is placed, Gravehold is spared
    g = run_steps(d, [("unleash", 1)])
    assert now(g) == expect(d, in_play=snap(d)["in_play"] + [(INF, 4, 0)], decks=decks([], []))


def test_K_13_risen_thrall_a_thrall_leaving_play_goes_to_the_thrall_discard() -> None:
    d = make(in_play=(thrall(SOL, 3),))
    g = run_steps(d, [("damage", 3)])
    choose(g, ("target", SOL))
    assert now(g) == expect(d, in_play=[], decks=decks([INF, SOL], [SOL]))


def test_K_13_risen_thrall_reminder_soldiers_hit_gravehold_and_infantry_any_player() -> None:
    d = make(in_play=(thrall(SOL), thrall(SOL), thrall(SOL), thrall(INF), thrall(INF)))
    g = at_nemesis_turn(d)
    assert g.decision.kind == "player" and g.decision.source == "Thrall Reminder"
    choose(g, ("player", 1))
    support.at_p1_main(g)
    assert now(g) == after_turn(d, gravehold=28, life=[10, 9], in_play=snap(d)["in_play"] + [(FILLER, 11, 0)])


@pytest.mark.parametrize(("soldiers", "infantry", "gravehold", "hurt"),
                         [(1, 0, 29, 0), (2, 1, 29, 1), (4, 3, 26, 2), (6, 4, 26, 3)])
def test_K_13_risen_thrall_reminder_scales_four_or_more_hit_as_four(soldiers: int, infantry: int, gravehold: int,
                                                                    hurt: int) -> None:
    d = make(in_play=tuple(thrall(SOL) for _ in range(soldiers)) + tuple(thrall(INF) for _ in range(infantry)))
    g = turn(d, *([("player", 0)] if infantry else []))
    assert now(g) == after_turn(d, gravehold=gravehold, life=[10 - hurt, 10],
                                in_play=snap(d)["in_play"] + [(FILLER, 11, 0)])


def test_S_9_risen_thrall_increased_difficulty_each_reminder_hit_is_one_more() -> None:
    d = make(in_play=(thrall(SOL, 6), thrall(INF, 6)), expert=True)
    g = turn(d, ("player", 0))
    assert now(g) == after_turn(d, gravehold=28, life=[8, 10], in_play=snap(d)["in_play"] + [(FILLER, 11, 0)])


def test_S_9_risen_thrall_no_thrall_no_reminder_hit_even_on_expert() -> None:
    d = make(expert=True)
    g = turn(d)
    assert now(g) == after_turn(d, in_play=[(FILLER, 11, 0)])


# =========================================================================== flipping


def test_K_13_risen_thrall_flip_an_illusion_for_two_aether_discards_it(all_illusions: None) -> None:
    d = make(in_play=(thrall(SOL, 3), thrall(INF)), p0={"aether": 2})
    g = at_main(d, 0)
    assert [a for a in g.legal_actions() if a[0] == "flip_thrall"] == [("flip_thrall", SOL), ("flip_thrall", INF)]
    choose(g, ("flip_thrall", SOL))
    assert now(g) == expect(d, aether=[0, 0], in_play=[(INF, 4, 0)], decks=decks([INF, SOL], [SOL]))
    assert not any(a[0] == "flip_thrall" for a in g.legal_actions())  # no aether left
    assert event_text(events(g, "thrall_flipped")[0]) == \
        "P1 flips Soldier of Rot over: an illusion, discarded (main phase)"


def test_K_13_risen_thrall_flip_is_refused_without_two_aether() -> None:
    g = at_main(make(in_play=(thrall(SOL),), p0={"aether": 1}), 0)
    assert not any(a[0] == "flip_thrall" for a in g.legal_actions())


def test_K_13_risen_thrall_a_real_thrall_stays_shown_and_becomes_the_oldest_of_its_kind(all_real: None) -> None:
    d = make(in_play=(thrall(SOL, 2), thrall(INF), thrall(SOL, 4)), p0={"aether": 4})
    g = at_main(d, 0)
    choose(g, ("flip_thrall", "Soldier of Rot#2"))
    # the shown one changes places with the oldest unshown Soldier of Rot
    assert now(g) == expect(d, aether=[2, 0], in_play=[(SOL, 4, 0), (INF, 4, 0), (SOL, 2, 0)],
                            tokens={"real Soldiers of Rot": 1})
    flips = [a for a in g.legal_actions() if a[0] == "flip_thrall"]
    assert flips == [("flip_thrall", INF), ("flip_thrall", "Soldier of Rot#2")]  # the shown one is not offered
    assert event_text(events(g, "thrall_flipped")[0]) == "P1 flips Soldier of Rot#2 over: it is real (main phase)"


def test_K_13_risen_thrall_the_chance_of_an_illusion_is_drawn_from_the_unseen_backs() -> None:
    """With three of six Soldiers of Rot shown real, the three unseen ones are the illusions."""
    d = make(in_play=(thrall(SOL), thrall(SOL), thrall(SOL), thrall(SOL)),
             tokens={"real Soldiers of Rot": 3}, p0={"aether": 2})
    g = at_main(d, 0)
    assert [a for a in g.legal_actions() if a[0] == "flip_thrall"] == [("flip_thrall", "Soldier of Rot#4")]
    choose(g, ("flip_thrall", "Soldier of Rot#4"))
    assert now(g) == expect(d, aether=[0, 0], in_play=[(SOL, 4, 0)] * 3, decks=decks([INF, SOL], [SOL]))


def test_K_13_risen_thrall_flips_draw_both_outcomes_at_the_readings_rate() -> None:
    results = []
    for seed in range(60):
        d = make(in_play=(thrall(INF),), p0={"aether": 2})
        d["rng"] = seed
        g = at_main(d, 0)
        choose(g, ("flip_thrall", INF))
        results.append(events(g, "thrall_flipped")[0]["result"])
    assert 15 <= results.count("illusion") <= 45 and results.count("illusion") + results.count("real") == 60


def test_K_13_risen_thrall_a_shown_real_thrall_leaving_play_is_counted_off(all_real: None) -> None:
    d = make(in_play=(thrall(SOL, 2), thrall(SOL)), tokens={"real Soldiers of Rot": 1})
    g = run_steps(d, [("damage", 2)])
    choose(g, ("target", SOL))
    assert now(g) == expect(d, in_play=[(SOL, 4, 0)], tokens={}, decks=decks([INF, SOL], [SOL]))
    assert [a for a in g.legal_actions() if a[0] == "flip_thrall"] == []  # no aether; still unshown below
    assert rt.unshown(g.engine) == [SOL]


def test_K_13_risen_thrall_an_unshown_thrall_leaving_play_keeps_the_count() -> None:
    d = make(in_play=(thrall(SOL), thrall(SOL, 1)), tokens={"real Soldiers of Rot": 1})
    g = run_steps(d, [("damage", 1)])
    choose(g, ("target", "Soldier of Rot#2"))
    assert now(g) == expect(d, in_play=[(SOL, 4, 0)], decks=decks([INF, SOL], [SOL]))


# =========================================================================== tier 1


def test_card_vampiric_thrall_unleashes_twice_then_flips_a_thrall_the_players_pick(all_illusions: None) -> None:
    d = make("Vampiric Thrall", deck=(SOL, INF))
    g = at_nemesis_turn(d)
    assert g.decision.kind == "minion" and g.legal_actions() == [("target", SOL), ("target", INF)]
    choose(g, ("target", INF))
    support.at_p1_main(g)
    assert now(g) == after_turn(d, in_play=[(SOL, 4, 0)], n_discard=["Vampiric Thrall"],
                                decks=decks([], [INF]))
    assert event_text(events(g, "thrall_flipped")[0]) == \
        "the nemesis flips Shambling Infantry over: an illusion, discarded (Vampiric Thrall)"


def test_card_vampiric_thrall_with_no_thrall_to_flip_only_unleashes() -> None:
    d = make("Vampiric Thrall", deck=())
    g = turn(d)
    assert now(g) == after_turn(d, n_discard=["Vampiric Thrall"])


def test_N_10_card_imbue_places_a_thrall_entering_with_two_more_life() -> None:
    d = make("Imbue", deck=(INF, SOL))
    g = turn(d)
    assert now(g) == after_turn(d, in_play=[(INF, 6, 0)], n_discard=["Imbue"],
                                decks=decks([SOL], []))
    g2 = Game.from_dict(g.to_dict())  # N-10: the life it entered with is no printed life, and reloads
    assert g2.state.nemesis.in_play[0].life == 6


def test_card_engulfing_hordes_adds_one_to_each_reminder_hit() -> None:
    d = make(in_play=(power("Engulfing Hordes", 2), thrall(SOL), thrall(INF)))
    g = turn(d, ("player", 1))
    assert now(g) == after_turn(d, gravehold=28, life=[10, 8],
                                in_play=[("Engulfing Hordes", 0, 1), (SOL, 4, 0), (INF, 4, 0), (FILLER, 11, 0)])


def test_card_engulfing_hordes_power_a_discard_and_a_cursed_shard() -> None:
    d = make(in_play=(power("Engulfing Hordes", 1),), p0={"hand": ["Crystal", "Crystal"]}, p1={"hand": []})
    g = turn(d)  # N-6: only Brama can discard: she discards a Crystal and takes a Cursed Shard
    assert now(g) == after_turn(d, hand=[["Crystal"], []], discard=[["Crystal", "Cursed Shard"], []],
                                n_discard=["Engulfing Hordes"], in_play=[(FILLER, 11, 0)],
                                decks=decks([INF, SOL], [], ["Cursed Shard", "Cursed Bolt"]))


# =========================================================================== tier 2


def test_card_thrall_hybrid_counts_as_one_of_each_kind_for_the_reminder() -> None:
    d = make(in_play=(minion("Thrall Hybrid"), thrall(SOL)))
    g = turn(d, ("player", 0))
    assert now(g) == after_turn(d, gravehold=29, life=[9, 10], in_play=snap(d)["in_play"] + [(FILLER, 11, 0)])


def test_card_thrall_hybrid_is_real_and_never_flipped() -> None:
    g = at_main(make(in_play=(minion("Thrall Hybrid"),), p0={"aether": 5}), 0)
    assert not any(a[0] == "flip_thrall" for a in g.legal_actions())


def test_card_twisting_deceit_shuffles_the_thrall_discard_in_then_unleashes_twice() -> None:
    d = make("Twisting Deceit", deck=(INF,), discard=(SOL, SOL))
    g = turn(d)
    placed = [c.name for c in g.state.nemesis.in_play[:2]]
    left = sorted([INF, SOL, SOL])
    for c in placed:
        left.remove(c)
    assert now(g) == after_turn(d, in_play=[(placed[0], 4, 0), (placed[1], 4, 0)],
                                n_discard=["Twisting Deceit"], decks=decks(left, []))


def test_card_spiralling_illusion_unleashes_on_arrival_and_flips_cost_three(all_illusions: None) -> None:
    d = make("Spiralling Illusion", deck=(SOL,))
    g = turn(d)
    assert now(g) == after_turn(d, n_deck=[FILLER], in_play=[(SOL, 4, 0), ("Spiralling Illusion", 0, 3)],
                                decks=decks([], []))
    d2 = make(in_play=(power("Spiralling Illusion", 3), thrall(SOL)), p0={"aether": 2})
    assert not any(a[0] == "flip_thrall" for a in at_main(d2, 0).legal_actions())
    d2["players"][0]["aether"] = 3
    g = at_main(d2, 0)
    choose(g, ("flip_thrall", SOL))
    assert now(g) == expect(d2, aether=[0, 0], in_play=[("Spiralling Illusion", 0, 3)], decks=decks([INF, SOL], [SOL]))


def test_card_spiralling_illusion_power_any_player_discards_three() -> None:
    d = make(in_play=(power("Spiralling Illusion", 1),), p0={"hand": ["Spark", "Spark", "Spark", "Crystal"]},
             p1={"hand": ["Crystal"]})
    g = at_nemesis_turn(d)
    # N-6: only Brama holds three cards; she keeps her Crystal
    for _ in range(3):
        choose(g, ("card", "Spark") if ("card", "Spark") in g.legal_actions() else g.legal_actions()[0])
    support.at_p1_main(g)
    assert now(g) == after_turn(d, hand=[["Crystal"], ["Crystal"]], discard=[["Spark", "Spark", "Spark"], []],
                                n_discard=["Spiralling Illusion"], in_play=[(FILLER, 11, 0)])


# =========================================================================== tier 3


def test_card_distortion_smoke_thralls_take_no_damage_and_are_no_target() -> None:
    d = make(in_play=(minion("Distortion Smoke"), thrall(SOL), minion("Thrall Hybrid")))
    g = run_steps(d, [("damage", 3)])
    assert g.legal_actions() == [("target", "nemesis"), ("target", "Distortion Smoke")]
    dealt = g.engine.on.get("damage_dealt")
    assert dealt is not None  # damage reaching a thrall another way (divided, say) comes to nothing
    assert [dealt(g.engine, 0, t, 3, "Spark") for t in (SOL, "Thrall Hybrid", "Distortion Smoke")] == [0, 0, 3]
    choose(g, ("target", "Distortion Smoke"))
    assert now(g) == expect(d, in_play=[("Distortion Smoke", 10, 0), (SOL, 4, 0), ("Thrall Hybrid", 11, 0)])


def test_card_distortion_smoke_persistent_unleashes_twice() -> None:
    d = make(in_play=(minion("Distortion Smoke"),), deck=(SOL, INF))
    g = turn(d)
    assert now(g) == after_turn(d, in_play=[("Distortion Smoke", 13, 0), (SOL, 4, 0), (INF, 4, 0), (FILLER, 11, 0)],
                                decks=decks([], []))


def test_card_undying_force_places_two_thralls_with_three_more_life() -> None:
    d = make("Undying Force", deck=(SOL, INF, INF))
    g = turn(d)
    assert now(g) == after_turn(d, in_play=[(SOL, 7, 0), (INF, 7, 0)], n_discard=["Undying Force"],
                                decks=decks([INF], []))


def test_card_cutting_image_a_player_who_flips_suffers_two(all_real: None) -> None:
    d = make(in_play=(power("Cutting Image", 2), thrall(INF)), p0={"aether": 2})
    g = at_main(d, 0)
    choose(g, ("flip_thrall", INF))
    assert now(g) == expect(d, aether=[0, 0], life=[8, 10], tokens={"real Shambling Infantry": 1})


def test_card_cutting_image_power_unleashes_three_times() -> None:
    d = make(in_play=(power("Cutting Image", 1),), deck=(SOL, INF, SOL))
    g = turn(d)
    assert now(g) == after_turn(d, in_play=[(SOL, 4, 0), (INF, 4, 0), (SOL, 4, 0), (FILLER, 11, 0)],
                                n_discard=["Cutting Image"], decks=decks([], []))


# =========================================================================== the bots


def bot_pick(g: Game) -> tuple[Any, ...]:
    """What the heuristic bot of the deciding seat takes at the pending decision."""
    assert g.decision is not None
    return make_agent("heuristic", 0).choose(g.decision, SeatView(g.state, g.decision.seat))


def test_nemesis_risen_thrall_heuristic_reminder_hits_the_player_it_hurts_least() -> None:
    """The Reminder names no catalogued card, yet its "any player" is the nemesis' harm: the
    bots give it to the player it hurts least, not to the first seat."""
    d = make(in_play=(thrall(INF),), p0={"life": 1}, p1={"life": 9})
    g = at_nemesis_turn(d)
    assert g.decision.kind == "player" and g.decision.source == rt.REMINDER
    assert bot_pick(g) == ("player", 1)
    choose(g, bot_pick(g))
    support.at_p1_main(g)
    assert now(g) == after_turn(d, life=[1, 8], in_play=snap(d)["in_play"] + [(FILLER, 11, 0)])


def test_nemesis_risen_thrall_heuristic_races_the_nemesis_rather_than_kill_a_thrall() -> None:
    """A thrall killed is soon replaced by the next Unleash: damage goes to the nemesis."""
    d = make(in_play=(thrall(SOL), thrall(SOL), thrall(INF)))
    g = run_steps(d, [("damage", 4)])
    assert g.decision.kind == "target" and ("target", SOL) in g.legal_actions()
    assert bot_pick(g) == ("target", "nemesis")
    choose(g, bot_pick(g))
    assert now(g) == expect(d, nemesis_life=46)


def test_nemesis_risen_thrall_heuristic_still_hits_a_minion_that_harms_every_turn() -> None:
    """Racing concerns the thralls only: a minion whose persistent effect hurts is still hit."""
    d = make(in_play=(thrall(SOL), minion("Distortion Smoke", life=4)))
    g = run_steps(d, [("damage", 4)])
    assert bot_pick(g) == ("target", "Distortion Smoke")


# =========================================================================== texts and boards


def test_K_13_risen_thrall_texts_say_the_deck_is_the_projects_reading() -> None:
    mat = nemesis_text(registry.NEMESES[RT])
    assert "The thrall deck (the project's reading): 6 Shambling Infantry, 3 of them illusions" in mat
    assert "Thrall Reminder" in mat and "1/1/2/4" in mat and "1/1/2/3" in mat
    assert "The project's reading" in nemesis_card_text(registry.NEMESIS_CARDS[SOL])


def test_K_13_risen_thrall_both_boards_show_the_thrall_piles_and_shown_thralls() -> None:
    d = make(in_play=(thrall(SOL), thrall(SOL), minion("Thrall Hybrid")), discard=(INF,),
             tokens={"real Soldiers of Rot": 1})
    g = Game.from_dict(d)
    v = view_for(g.state, 0)
    title, text = next(p for p in panels(v) if p[0] == "Thralls")
    assert text.startswith("deck 2, discard 1; in play 1 Shambling Infantry, 3 Soldiers of Rot (1 shown real)")
    assert "the project's reading" in text
    pane = nemesis_pane(v, 2).plain
    assert "Thralls deck 2, discard 1" in " ".join(pane.split())
    # said once: the panel's counts, not again as raw tokens and decks beside the nemesis' deck
    assert "real Soldiers of Rot 1" not in pane and "thrall deck 2" not in pane
    assert "thrall discard pile 1" not in pane
