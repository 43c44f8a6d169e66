"""Fenrix (The New Age): its mat, its nine cards, its claw deck and the Position tokens.

Each test builds a small exact state with Brama and Mist (a Crystal each, so that P1's main
phase is a real decision), runs a nemesis turn followed directly by P1's turn or resolves
steps in P1's main phase, and compares a snapshot of every zone the nemesis touches (the
Position tokens included) with the starting snapshot plus only the expected changes. Whole
games use the Aeon's End basic cards and mages (The New Age's own come later).
"""

from __future__ import annotations

import random
from functools import partial
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from gravehold import Game
from gravehold.agents import make_agent
from gravehold.content import registry
from gravehold.content.text import nemesis_card_text, nemesis_text
from gravehold.engine.game import card_census
from gravehold.engine.setup import Config, new_state
from gravehold.events_text import result_text
from gravehold.record import play

from support import OPEN, SNAP_BASE, Snapshot, at_main, base_state, choose, minion, player, power, run_steps
from support import at_p1_main as _at_p1_main

FX = "Fenrix"
RC, HUNT, ALPHA = "Rending Claw", "Hunting Claw", "Molten Alpha"
FILLER = "Needlemaw"  # drawn by the nemesis after a minion/power test: it only enters play
HELD = {"position_token": 1}


def on(k: int) -> dict[str, int]:
    """A player's tokens with their Position token on the k-th card in play (0 = oldest)."""
    return {"position_on_card": k + 1}


def make(*top: str, in_play: tuple[dict[str, Any], ...] = (), tokens: int = 0, claws: int = 5,
         beside: tuple[str, ...] = (), pos: tuple[dict[str, int], ...] = (HELD, HELD),
         p0: dict[str, Any] | None = None, p1: dict[str, Any] | None = None, expert: bool = False,
         discard: tuple[str, ...] = (), filler: str | None = FILLER) -> dict[str, Any]:
    """Brama and Mist (a Crystal each) against Fenrix; ``top`` cards on its deck."""
    players = [player("Brama", **{"hand": ["Crystal"], "tokens": dict(pos[0]), **(p0 or {})}),
               player("Mist", **{"hand": ["Crystal"], "tokens": dict(pos[1]), **(p1 or {})})]
    d = base_state(players)
    d["config"]["nemesis"] = FX
    d["config"]["expert"] = expert
    d["nemesis"] = {
        "id": FX, "life": 60, "max_life": 60,
        "deck": [*top, filler] if filler else list(top), "discard": list(discard),
        "in_play": [dict(c) for c in in_play], "tokens": {"nemesis": tokens},
        "decks": {"claw": [RC] * claws, "beside_mat": list(beside)},
    }
    return d


def positions(d: dict[str, Any]) -> list[dict[str, int]]:
    return [dict(p.get("tokens", {})) for p in d["players"]]


SNAPSHOT = Snapshot(*SNAP_BASE, "tokens", "decks", "resolving", positions=positions)
snap, expect, now = SNAPSHOT.snap, SNAPSHOT.expect, SNAPSHOT.now
at_p1_main = partial(_at_p1_main, casting=True, drawn=False)


def nemesis_turn(d: dict[str, Any]) -> Game:
    """A nemesis turn followed directly by P1's turn (no turn order card is drawn)."""
    d = dict(d)
    d["stack"] = [["player_turn", 0], ["nemesis_turn"]]
    return Game.from_dict(d)


def claw(life: int = 4) -> dict[str, Any]:
    return minion(RC, life)


def deal(d: dict[str, Any], target: str, amount: int, you: int = 0) -> Game:
    """Player ``you`` deals ``amount`` damage from a Spark, the target already chosen."""
    d = dict(d)
    d["active"] = 0
    d["phase"] = "main"
    d["stack"] = [["end_turn"], ["draw_phase", 0], ["main_phase", 0],
                  ["deal", you, "Spark", amount, ["target", target]]]
    return Game.from_dict(d)


def decide(g: Game, *actions: tuple[Any, ...]) -> None:
    for a in actions:
        choose(g, a)


# =========================================================================== the mat


@pytest.mark.parametrize(("players", "tokens"), [(1, 2), (2, 2), (3, 1), (4, 0)])
def test_nemesis_fenrix_S_7_setup_tokens_by_player_count_and_a_position_token_each(players: int, tokens: int) -> None:
    mages = ["Brama", "Mist", "Kadir", "Jian"][:players]
    st = new_state(Config(mages=mages, nemesis=FX, seed=3, basics="AE"))
    n = st.nemesis
    assert (n.life, n.max_life, n.tokens) == (60, 60, {"nemesis": tokens})
    assert n.decks == {"claw": [RC] * 5, "beside_mat": []} and n.in_play == [] and st.stack == []
    assert [p.tokens for p in st.players] == [HELD] * players


def test_nemesis_fenrix_K_17_claws_stay_out_of_the_deck_build_and_never_raise_the_tier() -> None:
    st = new_state(Config(mages=["Brama", "Mist"], nemesis=FX, seed=4, basics="AE"))
    own = set(registry.nemesis(FX).cards)
    assert own <= set(st.nemesis.deck) and RC not in st.nemesis.deck and len(st.nemesis.deck) == 9 + 3 + 5 + 7
    g = at_main(make(in_play=(claw(), claw(), power("Crazed Whelps", 2))))
    assert g.engine.tier() == 1


def test_nemesis_fenrix_S_9_expert_setup_a_claw_comes_into_play_with_the_position_offer() -> None:
    g = Game.new(mages=["Brama", "Mist"], nemesis=FX, seed=5, basics="AE", difficulty="expert")
    d = g.decision
    assert d is not None and d.kind == "player" and d.source == RC
    assert d.options == [("player", 0), ("player", 1), ("skip",)]
    assert g.state.nemesis.resolving == [RC] and g.state.nemesis.in_play == []  # N-12: not in play yet
    choose(g, ("player", 1))
    n = g.state.nemesis
    assert [(c.name, c.life) for c in n.in_play] == [(RC, 4)] and n.decks["claw"] == [RC] * 4
    assert [p.tokens for p in g.state.players] == [HELD, on(0)]


def test_nemesis_fenrix_N_4_unleash_gains_one_token() -> None:
    d = make(tokens=1)
    g = run_steps(d, [("unleash", 2)])
    assert now(g) == expect(d, tokens={"nemesis": 3})


def test_nemesis_fenrix_N_7_four_tokens_bring_a_claw_and_cost_two() -> None:
    d = make(tokens=4)
    g = nemesis_turn(d)
    decide(g, ("player", 0))  # P1 takes the new claw
    at_p1_main(g)
    assert now(g) == expect(d, tokens={"nemesis": 2}, n_deck=[], in_play=[(FILLER, 11, 0), (RC, 4, 0)],
                            decks={"claw": [RC] * 4, "beside_mat": []}, positions=[on(1), HELD])


def test_nemesis_fenrix_N_7_repeats_while_four_or_more_are_left() -> None:
    d = make(tokens=6)
    g = nemesis_turn(d)
    decide(g, ("skip",), ("skip",))
    at_p1_main(g)
    assert now(g) == expect(d, tokens={"nemesis": 2}, n_deck=[],
                            in_play=[(FILLER, 11, 0), (RC, 4, 0), (RC, 4, 0)],
                            decks={"claw": [RC] * 3, "beside_mat": []})


def test_nemesis_fenrix_N_7_three_tokens_bring_nothing() -> None:
    d = make(tokens=3)
    g = nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, n_deck=[], in_play=[(FILLER, 11, 0)])


def test_nemesis_fenrix_G_2_the_last_claw_leaving_the_claw_deck_loses_at_once() -> None:
    """The mat's empty claw deck ends the game as it happens (G-3): the last claw's
    IMMEDIATELY (the Position offer) never resolves and the nemesis keeps its tokens."""
    d = make(tokens=4, claws=1, in_play=tuple(claw() for _ in range(4)))
    g = nemesis_turn(d)  # each claw's PERSISTENT: nobody is on it, so Gravehold suffers 2
    assert g.over and (g.result, g.reason) == ("loss", "nemesis_rule") and g.decision is None
    assert now(g) == expect(d, gravehold=30 - 4 * 2, n_deck=[], in_play=[*[(RC, 4, 0)] * 4, (FILLER, 11, 0)],
                            decks={"claw": [], "beside_mat": []}, resolving=[RC])
    assert [e["event"] for e in g.events][-2:] == ["claw_deck_empty", "game_over"]
    assert result_text(g.result, g.reason, FX) == "Defeat: Fenrix's own loss condition was met"


def test_nemesis_fenrix_G_2_a_claw_due_in_a_position_with_the_claw_deck_empty_loses() -> None:
    d = make(tokens=4, claws=0, in_play=tuple(claw() for _ in range(5)))
    g = nemesis_turn(d)  # each claw's PERSISTENT: nobody is on it, so Gravehold suffers 2
    assert g.over and (g.result, g.reason) == ("loss", "nemesis_rule")
    assert g.state.gravehold == 30 - 5 * 2  # five claws bite; Needlemaw enters; then the claw is due
    assert any(e["event"] == "claw_deck_empty" for e in g.events)


def test_nemesis_fenrix_the_fourth_claw_out_leaves_the_game_on() -> None:
    d = make(tokens=4, claws=2, in_play=tuple(claw() for _ in range(3)))
    g = nemesis_turn(d)
    decide(g, ("skip",))
    at_p1_main(g)
    assert now(g) == expect(d, gravehold=30 - 3 * 2, tokens={"nemesis": 2}, n_deck=[],
                            in_play=[*[(RC, 4, 0)] * 3, (FILLER, 11, 0), (RC, 4, 0)],
                            decks={"claw": [RC], "beside_mat": []})


def test_nemesis_fenrix_G_1_no_deck_out_win_while_a_claw_is_in_play() -> None:
    d = make(in_play=(claw(),), filler=None)  # the deck is empty: the draw Unleashes instead (N-3)
    g = nemesis_turn(d)
    at_p1_main(g)
    assert not g.over
    assert now(g) == expect(d, gravehold=28, tokens={"nemesis": 2})
    d = make(in_play=(claw(1),), filler=None, pos=(on(0), HELD))
    g = deal(d, RC, 1)
    choose(g, ("end_main",))
    assert g.over and (g.result, g.reason) == ("win", "nemesis_deck_empty")


def test_nemesis_fenrix_K_13_main_action_moves_the_token_onto_a_claw_even_from_another() -> None:
    d = make(in_play=(claw(), minion(FILLER), claw(3)))
    g = at_main(d, 0)
    assert {a for a in g.legal_actions() if a[0] == "position"} == {("position", RC), ("position", f"{RC}#2")}
    choose(g, ("position", f"{RC}#2"))
    assert now(g) == expect(d, positions=[on(2), HELD])
    assert {a for a in g.legal_actions() if a[0] == "position"} == {("position", RC)}  # not the one it is on
    choose(g, ("position", RC))
    assert now(g) == expect(d, positions=[on(0), HELD])


def test_nemesis_fenrix_K_13_no_position_action_without_a_claw() -> None:
    g = at_main(make(in_play=(minion(FILLER),)), 0)
    assert not any(a[0] == "position" for a in g.legal_actions())


def test_nemesis_fenrix_K_13_only_a_player_on_a_claw_can_damage_it() -> None:
    d = make(in_play=(claw(), claw()), pos=(on(1), HELD))
    # the target offer: the claw P1 is on, not the other one
    g2 = run_steps(d, [("damage", 2)])
    assert g2.decision is not None and g2.decision.options == [("target", "nemesis"), ("target", f"{RC}#2")]
    choose(g2, ("target", f"{RC}#2"))
    assert now(g2) == expect(d, in_play=[(RC, 4, 0), (RC, 2, 0)])
    # damage aimed at the other claw anyway (a hand-made resolution) is prevented
    g3 = deal(d, RC, 3)
    assert now(g3) == expect(d)
    assert [e for e in g3.events if e["event"] == "damage_prevented"][0]["card"] == RC


def test_nemesis_fenrix_K_13_a_defeated_claw_goes_on_top_of_the_claw_deck_and_its_tokens_go_home() -> None:
    d = make(in_play=(claw(2), minion(FILLER), claw()), pos=(on(0), on(2)), claws=3)
    g = deal(d, RC, 2)
    assert now(g) == expect(d, in_play=[(FILLER, 11, 0), (RC, 4, 0)], decks={"claw": [RC] * 4, "beside_mat": []},
                            positions=[HELD, on(1)])  # Mist's claw is now the second card in play


def test_nemesis_fenrix_K_13_tokens_follow_their_card_when_an_older_card_leaves() -> None:
    d = make(in_play=(minion("Haze Spewer", 1), claw()), pos=(on(1), on(1)))
    g = nemesis_turn(d)  # Haze Spewer deals 1 to Gravehold and defeats itself
    decide(g, ("choose", 0), ("player", 0))  # the claw bites a player on it: Brama
    at_p1_main(g)
    assert now(g) == expect(d, gravehold=29, life=[8, 10], n_deck=[], n_discard=["Haze Spewer"],
                            in_play=[(RC, 4, 0), (FILLER, 11, 0)], positions=[on(0), on(0)])


def test_nemesis_fenrix_mat_text_renders_its_rules() -> None:
    text = nemesis_text(registry.nemesis(FX))
    for part in ("1 nemesis token", "2/2/1/0", "4 or more nemesis tokens", "lose the moment that deck is empty",
                 "Position token", "1 claw from the claw deck"):
        assert part in text, part


# =========================================================================== the claws


def test_nemesis_card_rending_claw_a_player_on_it_or_gravehold_suffers_two() -> None:
    d = make(in_play=(claw(),), pos=(HELD, on(0)))
    g = nemesis_turn(d)
    assert g.decision is not None and g.decision.kind == "or"
    decide(g, ("choose", 0))  # Mist, the only player on it, suffers 2
    at_p1_main(g)
    assert now(g) == expect(d, life=[10, 8], n_deck=[], in_play=[(RC, 4, 0), (FILLER, 11, 0)])
    g = nemesis_turn(d)
    decide(g, ("choose", 1))
    at_p1_main(g)
    assert now(g) == expect(d, gravehold=28, n_deck=[], in_play=[(RC, 4, 0), (FILLER, 11, 0)])


def test_nemesis_card_rending_claw_N_6_nobody_on_it_gravehold_suffers() -> None:
    d = make(in_play=(claw(), minion(ALPHA)), pos=(on(1), on(1)))
    g = nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, gravehold=30 - 2 - 4, n_deck=[], in_play=[(RC, 4, 0), (ALPHA, 15, 0), (FILLER, 11, 0)])


def test_nemesis_card_rending_claw_each_copy_bites_the_players_on_it() -> None:
    d = make(in_play=(claw(), claw()), pos=(on(1), HELD))
    g = nemesis_turn(d)
    # the first claw has nobody on it (Gravehold at once); the second asks: Brama or Gravehold
    assert g.decision is not None and g.decision.kind == "or" and g.decision.source == f"{RC}#2"
    decide(g, ("choose", 0))
    at_p1_main(g)
    assert now(g) == expect(d, gravehold=28, life=[8, 10], n_deck=[], in_play=[(RC, 4, 0), (RC, 4, 0), (FILLER, 11, 0)])


def test_nemesis_card_hunting_claw_N_12_offer_before_it_is_in_play_then_six_life() -> None:
    d = make(HUNT, filler=None)
    g = nemesis_turn(d)
    dec = g.decision
    assert dec is not None and dec.kind == "player" and dec.options == [("player", 0), ("player", 1), ("skip",)]
    assert g.state.nemesis.resolving == [HUNT] and g.state.nemesis.in_play == []
    choose(g, ("player", 1))
    at_p1_main(g)
    assert now(g) == expect(d, n_deck=[], in_play=[(HUNT, 6, 0)], positions=[HELD, on(0)])


def test_nemesis_card_hunting_claw_defeated_goes_to_the_discard_not_the_claw_deck() -> None:
    d = make(in_play=(minion(HUNT, 2),), pos=(on(0), on(0)), claws=4)
    g = deal(d, HUNT, 5)
    assert now(g) == expect(d, in_play=[], n_discard=[HUNT], positions=[HELD, HELD])


def test_nemesis_card_hunting_claw_guarded_like_a_claw_and_bites() -> None:
    d = make(in_play=(minion(HUNT),), pos=(HELD, on(0)))
    assert now(deal(d, HUNT, 3)) == expect(d)  # Brama is not on it: prevented
    g = nemesis_turn(d)
    decide(g, ("choose", 0))
    at_p1_main(g)
    assert now(g) == expect(d, life=[10, 8], n_deck=[], in_play=[(HUNT, 6, 0), (FILLER, 11, 0)])


# =========================================================================== tier 1


def test_nemesis_card_crazed_whelps_two_claws_with_two_life_N_11_they_do_not_act_this_turn() -> None:
    d = make(in_play=(power("Crazed Whelps", 1),))
    g = nemesis_turn(d)
    decide(g, ("player", 0), ("player", 1))  # each claw's offer
    at_p1_main(g)
    assert now(g) == expect(d, n_deck=[], n_discard=["Crazed Whelps"],
                            in_play=[(RC, 2, 0), (RC, 2, 0), (FILLER, 11, 0)],
                            decks={"claw": [RC] * 3, "beside_mat": []}, positions=[on(0), on(1)])
    assert not any(e["event"] == "persistent" for e in g.events)  # N-11


def test_nemesis_card_crazed_whelps_N_1_ticks_down() -> None:
    d = make(in_play=(power("Crazed Whelps", 3),))
    g = nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, n_deck=[], in_play=[("Crazed Whelps", 0, 2), (FILLER, 11, 0)])


def test_nemesis_card_dodge_returns_a_position_token() -> None:
    d = make("Dodge", in_play=(claw(),), pos=(on(0), HELD), tokens=1, filler=None)
    g = nemesis_turn(d)
    decide(g, ("choose", 1))  # Gravehold rather than Brama for the claw
    decide(g, ("choose", 0))  # Dodge: Unleash and Brama's token goes home
    at_p1_main(g)
    assert now(g) == expect(d, gravehold=28, tokens={"nemesis": 2}, n_deck=[], n_discard=["Dodge"],
                            positions=[HELD, HELD])


def test_nemesis_card_dodge_N_6_no_token_out_a_player_suffers_two_and_discards() -> None:
    d = make("Dodge")
    g = nemesis_turn(d)
    decide(g, ("player", 1))
    at_p1_main(g)
    assert now(g) == expect(d, tokens={"nemesis": 1}, n_deck=[FILLER], n_discard=["Dodge"], life=[10, 8],
                            hand=[["Crystal"], []], discard=[[], ["Crystal"]])


def test_nemesis_card_rally_the_pack_no_claw_unleashes_twice() -> None:
    d = make(in_play=(power("Rally the Pack", 1),))
    g = nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, tokens={"nemesis": 2}, n_deck=[], n_discard=["Rally the Pack"],
                            in_play=[(FILLER, 11, 0)])


def test_nemesis_card_rally_the_pack_with_a_claw_a_player_suffers_three_and_takes_a_claw() -> None:
    d = make(in_play=(claw(), power("Rally the Pack", 1)))
    g = nemesis_turn(d)
    decide(g, ("player", 1))  # Mist suffers 3 and goes onto the only claw
    at_p1_main(g)
    assert now(g) == expect(d, gravehold=28, tokens={"nemesis": 1}, life=[10, 7], n_deck=[],
                            n_discard=["Rally the Pack"], in_play=[(RC, 4, 0), (FILLER, 11, 0)],
                            positions=[HELD, on(0)])


# =========================================================================== tier 2


def test_nemesis_card_obscure_bars_positions_unleashes_twice_and_the_costliest_spell_goes_on_the_deck() -> None:
    d = make("Obscure", tokens=2, filler=None,
             p0={"breaches": [{"state": "open", "spells": ["Spark"]}, *[dict(OPEN)] * 3]},
             p1={"breaches": [{"state": "open", "spells": ["Fiery Torrent"]}, *[dict(OPEN)] * 3], "deck": ["Spark"]})
    g = nemesis_turn(d)
    # tokens 2 -> 4: the end-of-turn claw comes in, but no token may go onto it this turn
    at_p1_main(g)
    assert now(g) == expect(d, tokens={"nemesis": 2}, n_deck=[], n_discard=["Obscure"], in_play=[(RC, 4, 0)],
                            decks={"claw": [RC] * 4, "beside_mat": []},
                            spells=[[["Spark"], [], [], []], [[], [], [], []]], deck=[[], ["Fiery Torrent", "Spark"]])
    assert g.state.flags.get("no_positions") is None  # a new turn: placing is allowed again
    choose(g, ("end_casting",))
    assert ("position", RC) in g.legal_actions()


def test_nemesis_card_spring_of_fury_unleashes_twice_then_stays_beside_the_mat() -> None:
    d = make(in_play=(power("Spring of Fury", 1),), tokens=2)
    g = nemesis_turn(d)
    decide(g, ("skip",))  # the end-of-turn claw: nobody goes onto it
    at_p1_main(g)
    assert now(g) == expect(d, tokens={"nemesis": 2}, n_deck=[], in_play=[(FILLER, 11, 0), (RC, 5, 0)],
                            decks={"claw": [RC] * 4, "beside_mat": ["Spring of Fury"]})
    assert Game.from_json(g.to_json()).state == g.state  # N-10: a claw of 5 life loads again


def test_nemesis_card_spring_of_fury_N_10_whelps_set_two_over_the_bonus() -> None:
    d = make(in_play=(power("Crazed Whelps", 1),), beside=("Spring of Fury",))
    g = nemesis_turn(d)
    decide(g, ("skip",), ("skip",))
    at_p1_main(g)
    assert now(g) == expect(d, n_deck=[], n_discard=["Crazed Whelps"],
                            in_play=[(RC, 2, 0), (RC, 2, 0), (FILLER, 11, 0)],
                            decks={"claw": [RC] * 3, "beside_mat": ["Spring of Fury"]})


def test_nemesis_card_spring_of_fury_P_14_pay_seven_aether() -> None:
    d = make(in_play=(power("Spring of Fury", 2),), p0={"aether": 7})
    g = at_main(make(in_play=(power("Spring of Fury", 2),), p0={"aether": 6}), 0)
    assert ("pay", "Spring of Fury") not in g.legal_actions()
    g = at_main(d, 0)
    choose(g, ("pay", "Spring of Fury"))
    assert now(g) == expect(d, in_play=[], n_discard=["Spring of Fury"], aether=[0, 0])


# =========================================================================== tier 3


def test_nemesis_card_lacerate_two_claws_unleashes_three_times() -> None:
    d = make("Lacerate", in_play=(claw(), claw()), filler=None)
    g = nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, gravehold=30 - 2 - 2, tokens={"nemesis": 3}, n_deck=[], n_discard=["Lacerate"])


def test_nemesis_card_lacerate_three_claws_each_resolves_its_persistent() -> None:
    d = make("Lacerate", in_play=(claw(), minion(HUNT), claw()), pos=(on(1), HELD), filler=None)
    g = nemesis_turn(d)
    decide(g, ("choose", 1))  # main phase: Hunting Claw bites Gravehold rather than Brama
    decide(g, ("choose", 0))  # Lacerate: Hunting Claw bites Brama this time
    at_p1_main(g)
    assert now(g) == expect(d, gravehold=30 - 2 * 3 - 2 * 2, life=[8, 10], n_deck=[], n_discard=["Lacerate"])


def test_nemesis_card_aether_blizzard_unleashes_three_times_returns_a_token_and_bars_positions() -> None:
    d = make(in_play=(claw(), power("Aether Blizzard", 1)), pos=(on(0), HELD), tokens=1)
    g = nemesis_turn(d)
    decide(g, ("choose", 1))  # the claw: Gravehold
    # Unleash x3 (4 tokens), Brama's token goes home (the only one out), then no offers this turn
    at_p1_main(g)
    assert now(g) == expect(d, gravehold=28, tokens={"nemesis": 2}, n_deck=[], n_discard=["Aether Blizzard"],
                            in_play=[(RC, 4, 0), (FILLER, 11, 0), (RC, 4, 0)],
                            decks={"claw": [RC] * 4, "beside_mat": []}, positions=[HELD, HELD])


def test_nemesis_card_aether_blizzard_P_14_destroy_three_cards_costing_three_or_more() -> None:
    hand = ["Jagged Lightning", "Fiery Torrent", "Reduce to Ash"]
    g = at_main(make(in_play=(power("Aether Blizzard", 2),), p0={"hand": hand[:2] + ["Crystal"]}), 0)
    assert ("pay", "Aether Blizzard") not in g.legal_actions()
    d = make(in_play=(power("Aether Blizzard", 2),), p0={"hand": hand})
    g = at_main(d, 0)
    choose(g, ("pay", "Aether Blizzard"))
    decide(g, *[("card", c) for c in hand[:2]])  # one pick per card; the last one is forced
    assert now(g) == expect(d, in_play=[], n_discard=["Aether Blizzard"], hand=[[], ["Crystal"]], destroyed=hand)


def test_nemesis_card_molten_alpha_takes_every_token_and_burns_gravehold() -> None:
    d = make(ALPHA, in_play=(claw(),), pos=(on(0), HELD), filler=None)
    g = nemesis_turn(d)
    decide(g, ("choose", 1))
    at_p1_main(g)
    assert now(g) == expect(d, gravehold=28, n_deck=[], in_play=[(RC, 4, 0), (ALPHA, 15, 0)], positions=[on(1), on(1)])
    d2 = make(in_play=(minion(ALPHA),))
    g2 = nemesis_turn(d2)
    at_p1_main(g2)
    assert now(g2) == expect(d2, gravehold=26, n_deck=[], in_play=[(ALPHA, 15, 0), (FILLER, 11, 0)])


def test_nemesis_card_molten_alpha_no_guard_and_its_tokens_go_home_when_defeated() -> None:
    d = make(in_play=(minion(ALPHA, 3), claw()), pos=(on(0), on(0)))
    g = deal(d, ALPHA, 3)
    assert now(g) == expect(d, in_play=[(RC, 4, 0)], n_discard=[ALPHA], positions=[HELD, HELD])


def test_nemesis_fenrix_card_texts_render() -> None:
    for c in registry.nemesis(FX).cards + (RC,):
        assert nemesis_card_text(registry.nemesis_card(c)).strip(), c


# =========================================================================== whole games


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("agent", ["random", "heuristic"])
def test_nemesis_fenrix_seeded_games_finish(players: int, agent: str) -> None:
    mages = ["Brama", "Gex", "Kadir", "Quilius"][:players]
    for seed, difficulty in ((players, "normal"), (players + 10, "expert")):
        g = Game.new(mages=mages, nemesis=FX, seed=seed, basics="AE", difficulty=difficulty, events=False)
        census = card_census(g.state)
        play(g, [make_agent(agent, seed * 7 + k) for k in range(players)], max_steps=50_000)
        assert g.over and g.result in ("win", "loss") and g.reason
        assert card_census(g.state) == census


def _check_positions(g: Game) -> None:
    """The invariant: every player's one token is with them or on a minion in play (or on the
    card whose IMMEDIATELY is resolving), and the five Rending Claws are in the claw deck, in
    play or entering."""
    n = g.state.nemesis
    for p in g.state.players:
        t = {k: v for k, v in p.tokens.items() if k.startswith("position")}
        assert len(t) == 1, t
        if "position_on_card" in t:
            k = t["position_on_card"] - 1
            assert 0 <= k <= len(n.in_play)
            if k < len(n.in_play):
                assert registry.nemesis_card(n.in_play[k].name).type == "minion"
            else:
                assert n.resolving
    rc = n.decks["claw"].count(RC) + [c.name for c in n.in_play].count(RC) + n.resolving.count(RC)
    assert rc == 5 and RC not in n.discard and RC not in n.deck


@settings(max_examples=12, deadline=None)
@given(seed=hs.integers(0, 10_000), players=hs.integers(1, 4), expert=hs.booleans())
def test_nemesis_fenrix_property_position_tokens_and_claws_stay_accounted_for(seed: int, players: int,
                                                                                 expert: bool) -> None:
    g = Game.new(mages=["Brama", "Mist", "Kadir", "Jian"][:players], nemesis=FX, seed=seed, basics="AE",
                 difficulty="expert" if expert else "normal", events=False)
    r = random.Random(seed)
    steps = 0
    while not g.over and steps < 3000:
        _check_positions(g)
        g.apply(r.choice(g.legal_actions()))
        steps += 1
    if not g.over:
        _check_positions(g)


# =========================================================================== engine and bots


def test_S_6_a_box_without_basic_cards_draws_them_from_the_first_box_that_has_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.BASICS, "NA", ())
    st = new_state(Config(mages=["Brama", "Mist"], nemesis=FX, seed=4))
    assert st.config["basics"] == "AE"
    basics = set(st.nemesis.deck) - set(registry.nemesis(FX).cards)
    assert len(basics) == 3 + 5 + 7 and basics <= set(registry.BASICS["AE"])
    assert new_state(Config(mages=["Brama", "Mist"], nemesis=FX, seed=4, basics="WE")).config["basics"] == "WE"


def test_nemesis_fenrix_heuristic_moves_a_free_token_onto_the_weakest_claw() -> None:
    d = make(in_play=(claw(4), claw(2), minion(FILLER)), p0={"hand": []})
    g = at_main(d, 0)
    bot = make_agent("heuristic", 0)
    assert g.decision is not None
    assert bot.choose(g.decision, lambda: g.view_for(0)) == ("position", f"{RC}#2")
    d = make(in_play=(claw(4), claw(2)), pos=(on(0), HELD), p0={"hand": []})
    g = at_main(d, 0)
    assert g.decision is not None
    assert bot.choose(g.decision, lambda: g.view_for(0)) == ("end_main",)  # already on a claw


def test_nemesis_fenrix_heuristic_finishes_the_second_claw_it_stands_on() -> None:
    d = make(in_play=(claw(4), claw(1)), pos=(on(1), HELD))
    g = run_steps(d, [("damage", 1)])
    assert g.decision is not None and g.decision.options == [("target", "nemesis"), ("target", f"{RC}#2")]
    bot = make_agent("heuristic", 0)
    assert bot.choose(g.decision, lambda: g.view_for(0)) == ("target", f"{RC}#2")


@pytest.mark.parametrize(("name", "text"), [
    ("Obscure",  # the table's costliest spell, not each player's
     "For the rest of this turn no Position token may go onto a claw. Unleash 2 times. Whoever has the "
     "costliest prepped spell of all puts it on top of their deck."),
    ("Crazed Whelps",  # the sentence on the claws' first turn is said
     "POWER 3: 2 claws come into play from the claw deck with 2 life each. They do not resolve their "
     "PERSISTENT effect this turn."),
])
def test_nemesis_card_text_reads_as_the_card_means(name: str, text: str) -> None:
    assert nemesis_card_text(registry.nemesis_card(name)) == text


def test_nemesis_card_crazed_whelps_claws_rest_the_turn_they_come_then_bite() -> None:
    d = make(in_play=(power("Crazed Whelps", 1),), filler=None)
    g = nemesis_turn(d)
    decide(g, ("skip",), ("skip",))
    at_p1_main(g)  # the deck is empty: the draw Unleashes twice instead (N-3); the claws do not act
    assert now(g) == expect(d, tokens={"nemesis": 2}, n_discard=["Crazed Whelps"], in_play=[(RC, 2, 0), (RC, 2, 0)],
                            decks={"claw": [RC] * 3, "beside_mat": []})
    d = make(in_play=(claw(2), claw(2)), filler=FILLER)
    g = nemesis_turn(d)
    at_p1_main(g)  # on a later turn each claw, with nobody's token on it, has Gravehold suffer 2
    assert now(g) == expect(d, gravehold=26, n_deck=[], in_play=[(RC, 2, 0), (RC, 2, 0), (FILLER, 11, 0)])
