"""Arachnos (The New Age): its Ritual Track, its nine cards and the World Devourer cards.

Each test builds a small exact state, runs a nemesis turn (followed directly by P1's turn,
so no turn order card is drawn in between) or resolves steps in P1's main phase, and
compares a snapshot of every zone a nemesis card can touch with the starting snapshot plus
only the expected changes. P1 holds a Crystal so that its main phase is a real decision
where the game waits. Whole games use Aeon's End mages and basic cards.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from gravehold import Game
from gravehold.agents import make_agent
from gravehold.boxes.new_age.nemeses import arachnos
from gravehold.content import registry
from gravehold.engine.damage import nemesis_damage
from gravehold.engine.decisions import describe
from gravehold.engine.game import card_census
from gravehold.engine.setup import Config, new_state
from gravehold.errors import IllegalAction

from support import SNAP_BASE, Snapshot, at_main, base_state, choose, minion, player, power, run_steps
from support import at_p1_main as _at_p1_main

AR = "Arachnos"
FILLER = "Needlemaw"  # drawn by the nemesis after a minion/power test: it only enters play
TIERS = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9+")
WDS = [f"World Devourer (Tier {t})" for t in TIERS]
#: per World Devourer: the life its IMMEDIATELY adds, Gravehold's and a player's damage each turn
WD_NUMBERS = {
    "World Devourer (Tier 0)": (5, 3, 3), "World Devourer (Tier 1)": (10, 3, 3),
    "World Devourer (Tier 2)": (10, 4, 3), "World Devourer (Tier 3)": (15, 4, 4),
    "World Devourer (Tier 4)": (20, 4, 4), "World Devourer (Tier 5)": (20, 5, 4),
    "World Devourer (Tier 6)": (25, 5, 4), "World Devourer (Tier 7)": (30, 5, 4),
    "World Devourer (Tier 8)": (35, 5, 4), "World Devourer (Tier 9+)": (40, 4, 5),
}
OWN = ["Bolster", "Breach Stabilizer", "The Chanters", "Flame Acolyte", "Unveil", "Empower Ritual",
       "Ritual Guardian", "The End", "Terminate"]

SNAPSHOT = Snapshot(*SNAP_BASE, "tokens", "decks", "resolving")
snap, expect, now = SNAPSHOT.snap, SNAPSHOT.expect, SNAPSHOT.now
at_p1_main = partial(_at_p1_main, casting=True, drawn=False)


def make(*top: str, in_play: tuple[dict[str, Any], ...] = (), tokens: int = 0, space: int | None = 0,
         life: int = 70, p0: dict[str, Any] | None = None, p1: dict[str, Any] | None = None,
         expert: bool = False, wd: list[str] | None = None, filler: str | None = FILLER) -> dict[str, Any]:
    """Brama and Mist (a Crystal each) against Arachnos; ``top`` cards on its deck.

    ``space`` None: the track is flipped (the ritual is complete)."""
    players = [player("Brama", **{"hand": ["Crystal"], **(p0 or {})}),
               player("Mist", **{"hand": ["Crystal"], **(p1 or {})})]
    d = base_state(players)
    d["config"]["nemesis"] = AR
    d["config"]["expert"] = expert
    tk = {"nemesis": tokens} if space is None else {"nemesis": tokens, "ritual": space}
    d["nemesis"] = {
        "id": AR, "life": life, "max_life": 70,
        "deck": [*top, filler] if filler else list(top), "discard": [],
        "in_play": [dict(c) for c in in_play], "tokens": tk,
        "decks": {"world_devourer": list(WDS if wd is None else wd)},
    }
    return d


def nemesis_turn(d: dict[str, Any]) -> Game:
    """A nemesis turn followed directly by P1's turn (no turn order card is drawn)."""
    d = dict(d)
    d.pop("decision", None)  # a saved game's pending decision gives way to this turn
    d["stack"] = [["player_turn", 0], ["nemesis_turn"]]
    return Game.from_dict(d)


def without(name: str) -> list[str]:
    return [w for w in WDS if w != name]


def events(g: Game, kind: str) -> list[dict[str, Any]]:
    return [e for e in g.events if e["event"] == kind]


FILLED = [(FILLER, 11, 0)]  # the filler drawn at the end of a nemesis turn


# =========================================================================== the mat


def test_nemesis_arachnos_S_7_setup_track_start_and_world_devourer_cards_beside_the_mat() -> None:
    st = new_state(Config(mages=["Brama", "Mist"], nemesis=AR, seed=3, basics="AE"))
    assert registry.nemesis(AR).deck_faces == {"world_devourer": "up"}
    n = st.nemesis
    assert (n.life, n.max_life, n.tokens) == (70, 70, {"ritual": 0, "nemesis": 0})
    assert n.decks["world_devourer"] == WDS and list(n.decks) == ["world_devourer"]  # tier order, lowest on top
    assert sorted(c for c in n.deck if c in OWN) == sorted(OWN) and len(n.deck) == 9 + 3 + 5 + 7
    assert not set(WDS) & set(n.deck) and n.in_play == [] and st.stack == []


def test_nemesis_arachnos_K_17_world_devourer_cards_are_tier_0_and_never_raise_the_tier() -> None:
    assert {registry.nemesis_card(w).tier for w in WDS} == {0}
    assert {registry.nemesis_card(w).deck for w in WDS} == {"world_devourer"}
    wd = "World Devourer (Tier 8)"
    g = at_main(make(in_play=(minion(wd, 50),), space=None, wd=without(wd)))
    assert g.engine.tier() == 1


def test_nemesis_arachnos_S_9_expert_setup_two_tokens_and_two_unleashes() -> None:
    g = Game.new(mages=["Brama", "Mist"], nemesis=AR, seed=3, basics="AE", difficulty="expert")
    assert g.state.nemesis.tokens == {"ritual": 2, "nemesis": 2}
    assert len(events(g, "unleash")) == 2
    normal = Game.new(mages=["Brama", "Mist"], nemesis=AR, seed=3, basics="AE")
    assert normal.state.nemesis.tokens == {"ritual": 0, "nemesis": 0} and not events(normal, "unleash")


def test_nemesis_arachnos_N_4_unleash_moves_the_token_one_space_forward() -> None:
    d = make(space=4)
    g = run_steps(d, [("unleash", 2)])
    assert now(g) == expect(d, tokens={"nemesis": 0, "ritual": 6})


def test_nemesis_arachnos_K_11_moving_the_token_back_costs_the_aether_at_its_space() -> None:
    d = make(space=3, p0={"aether": 6})
    g = at_main(d)
    assert ("ritual_back",) in g.legal_actions()
    assert describe(g.state, g.decision, ("ritual_back",)) == \
        "move the Arachnos token back from space 3 to 2 (4 Æ)"
    choose(g, ("ritual_back",))
    assert now(g) == expect(d, tokens={"nemesis": 0, "ritual": 2}, aether=[2, 0])
    assert ("ritual_back",) not in g.legal_actions()  # space 2 costs 3: 2 Æ left
    assert events(g, "ritual_back")[0]["cost"] == 4
    # aether kept for gaining cards cannot pay (K-11); at the start space nothing moves back
    only_gain = at_main(make(space=3, p0={"aether": 0, "aether_for": {"spell": 9}}))
    assert ("ritual_back",) not in only_gain.legal_actions()
    at_start = at_main(make(space=0, p0={"aether": 9}))
    assert ("ritual_back",) not in at_start.legal_actions()
    with pytest.raises(IllegalAction):
        at_start.apply(("ritual_back",))


def test_nemesis_arachnos_K_11_aether_for_anything_but_gains_may_pay() -> None:
    d = make(space=9, p0={"aether": 2, "aether_for": {"no_relic_spell": 5}})
    g = at_main(d)
    choose(g, ("ritual_back",))
    assert g.state.players[0].aether == 0 and g.state.players[0].aether_for == {}
    assert g.state.nemesis.tokens["ritual"] == 8


def test_nemesis_arachnos_ritual_completes_when_the_token_reaches_the_end() -> None:
    d = make("Unveil", "Terminate", in_play=(minion("The Chanters", 2), power("Empower Ritual", 2)),
             tokens=3, space=9, life=40)
    g = run_steps(d, [("unleash", 1)])
    wd = "World Devourer (Tier 3)"
    assert now(g) == expect(d, n_deck=[], in_play=[(wd, 40 + 15, 0)], tokens={"nemesis": 3},
                            decks={"world_devourer": without(wd)},
                            destroyed=["Unveil", "Terminate", FILLER, "The Chanters", "Empower Ritual"])
    e = events(g, "ritual_complete")[0]
    assert (e["card"], e["tokens"], e["removed"]) == (wd, 3, 5)


def test_nemesis_arachnos_ritual_completes_with_more_than_eight_tokens() -> None:
    d = make(in_play=(minion("The Chanters"), minion("Ritual Guardian"), minion("Flame Acolyte")),
             tokens=8, space=2)
    g = nemesis_turn(d)
    # The Chanters' ninth token completes the ritual: Ritual Guardian and Flame Acolyte leave
    # the game unresolved, and the nemesis draws no card
    at_p1_main(g)
    wd = "World Devourer (Tier 9+)"
    assert now(g) == expect(d, n_deck=[], in_play=[(wd, 70 + 40, 0)], tokens={"nemesis": 9},
                            decks={"world_devourer": without(wd)},
                            destroyed=[FILLER, "The Chanters", "Ritual Guardian", "Flame Acolyte"])
    assert [e["card"] for e in events(g, "persistent")] == ["The Chanters"]
    assert not events(g, "nemesis_draw")


def test_nemesis_arachnos_ritual_abandons_the_rest_of_the_card_that_completed_it() -> None:
    d = make(in_play=(minion("Ritual Guardian"),), tokens=8, space=9)
    g = nemesis_turn(d)
    at_p1_main(g)
    # its token completes the ritual; its Unleash never resolves (the track is flipped)
    assert not events(g, "unleash")
    assert g.state.nemesis.tokens == {"nemesis": 9}
    assert [c.name for c in g.state.nemesis.in_play] == ["World Devourer (Tier 9+)"]


def test_nemesis_arachnos_G_1_a_would_be_win_completes_the_ritual_instead() -> None:
    d = make("Bolster", tokens=3, space=5, life=3)
    g = run_steps(d, [("damage", 3)])
    at_p1_main(g)
    wd = "World Devourer (Tier 2)"  # Arachnos loses a token first
    assert now(g) == expect(d, nemesis_life=0, n_deck=[], in_play=[(wd, 0 + 10, 0)], tokens={"nemesis": 2},
                            decks={"world_devourer": without(wd)}, destroyed=["Bolster", FILLER])
    assert not g.over


def test_nemesis_arachnos_G_1_no_token_to_lose_stays_at_zero() -> None:
    g = run_steps(make(tokens=0, life=2), [("damage", 4)])
    assert g.state.nemesis.tokens == {"nemesis": 0}
    assert [(c.name, c.life) for c in g.state.nemesis.in_play] == [("World Devourer (Tier 0)", 5)]


def test_nemesis_arachnos_G_1_an_empty_deck_and_board_completes_the_ritual_instead() -> None:
    d = make(tokens=5, space=1, filler=None)
    g = at_main(d)
    choose(g, ("end_main",))  # the turn ends with the deck and the board empty
    wd = "World Devourer (Tier 4)"
    assert not g.over and g.state.nemesis.tokens == {"nemesis": 4}
    assert [(c.name, c.life) for c in g.state.nemesis.in_play] == [(wd, 90)]


def test_nemesis_arachnos_G_1_the_players_win_when_the_world_devourer_is_discarded() -> None:
    wd = "World Devourer (Tier 5)"
    g = run_steps(make(in_play=(minion(wd, 4),), space=None, tokens=5, wd=without(wd), filler=None), [("damage", 4)])
    assert g.over and (g.result, g.reason) == ("win", "nemesis_rule")


def test_nemesis_arachnos_P_4_cannot_be_damaged_while_the_world_devourer_is_in_play() -> None:
    wd = "World Devourer (Tier 1)"
    d = make(in_play=(minion(wd, 30), minion("The Chanters")), space=None, tokens=1, wd=without(wd), life=0)
    g = run_steps(d, [("damage", 2)])
    assert g.decision.options == [("target", wd), ("target", "The Chanters")]  # never the nemesis
    nemesis_damage(g.engine, 9, "test")  # Arachnos at 0: still no win
    assert g.state.nemesis.life == 0 and not g.over


def test_nemesis_arachnos_E_1_exhaustion_gives_the_world_devourer_ten_life() -> None:
    wd = "World Devourer (Tier 3)"
    d = make(in_play=(minion(wd, 20),), space=None, tokens=3, wd=without(wd), p0={"life": 2, "charges": 3})
    g = run_steps(d, [("player", "any", (("suffer", 5),))])
    choose(g, ("player", 0))
    choose(g, ("breach", 0))
    assert not events(g, "unleash")
    breaches = snap(d)["breaches"]
    breaches[0][0] = "destroyed"
    assert now(g) == expect(d, gravehold=30 - 6, life=[0, 10], exhausted=[True, False], charges=[0, 0],
                            breaches=breaches, in_play=[(wd, 30, 0)])


def test_nemesis_arachnos_E_1_before_the_ritual_exhaustion_unleashes_twice() -> None:
    d = make(space=3, p0={"life": 1})
    g = run_steps(d, [("player", "any", (("suffer", 1),))])
    choose(g, ("player", 0))
    choose(g, ("breach", 0))
    assert g.state.nemesis.tokens["ritual"] == 5


def test_nemesis_arachnos_N_2_after_the_ritual_the_draw_phase_is_skipped() -> None:
    wd = "World Devourer (Tier 6)"
    d = make(in_play=(minion(wd, 40),), space=None, tokens=6, wd=without(wd), filler=None)
    g = nemesis_turn(d)
    choose(g, ("player", 1))  # its start-of-turn damage: the players pick Mist
    at_p1_main(g)
    assert now(g) == expect(d, gravehold=25, life=[10, 6])
    assert not events(g, "nemesis_draw") and not events(g, "nemesis_deck_empty") and not g.over


def test_nemesis_arachnos_N_11_a_world_devourer_entering_mid_turn_acts_from_the_next_nemesis_turn() -> None:
    d = make(in_play=(power("The End", 1),), tokens=0, space=4)
    g = nemesis_turn(d)
    at_p1_main(g)
    wd = "World Devourer (Tier 0)"
    assert now(g) == expect(d, n_deck=[], in_play=[(wd, 75, 0)], tokens={"nemesis": 0},
                            decks={"world_devourer": without(wd)}, destroyed=[FILLER, "The End"])
    g2 = nemesis_turn(g.to_dict())
    choose(g2, ("player", 0))
    assert (g2.state.gravehold, g2.state.players[0].life) == (27, 7)


def test_nemesis_arachnos_N_12_world_devourer_immediately_sets_its_life_before_it_is_in_play() -> None:
    g = run_steps(make(tokens=7, space=9, life=33), [("unleash", 1)])
    names = [e["event"] for e in g.events]
    assert names.index("entry_life") < names.index("nemesis_card_in_play")
    assert [(c.name, c.life) for c in g.state.nemesis.in_play] == [("World Devourer (Tier 7)", 63)]


def test_nemesis_arachnos_a_saved_game_after_the_ritual_reloads() -> None:
    g = run_steps(make(tokens=2, space=9), [("unleash", 1)])
    assert Game.from_json(g.to_json()) == g


# =========================================================================== the cards


def test_card_bolster_a_token_or_an_unleash_and_three_damage() -> None:
    d = make("Bolster")
    g = nemesis_turn(d)
    choose(g, ("choose", 0))
    at_p1_main(g)
    assert now(g) == expect(d, n_deck=[FILLER], n_discard=["Bolster"], tokens={"nemesis": 1, "ritual": 0})
    g = nemesis_turn(d)
    choose(g, ("choose", 1))
    choose(g, ("player", 1))
    at_p1_main(g)
    assert now(g) == expect(d, n_deck=[FILLER], n_discard=["Bolster"], life=[10, 7],
                            tokens={"nemesis": 0, "ritual": 1})


def test_card_breach_stabilizer_power_unleash_and_a_token_or_pay_five() -> None:
    d = make(in_play=(power("Breach Stabilizer", 1),))
    g = nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, n_deck=[], n_discard=["Breach Stabilizer"], in_play=FILLED,
                            tokens={"nemesis": 1, "ritual": 1})
    assert ("pay", "Breach Stabilizer") not in at_main(make(in_play=(power("Breach Stabilizer", 2),),
                                                            p0={"aether": 4})).legal_actions()
    d = make(in_play=(power("Breach Stabilizer", 2),), p0={"aether": 5})
    g = at_main(d)
    choose(g, ("pay", "Breach Stabilizer"))
    assert now(g) == expect(d, in_play=[], n_discard=["Breach Stabilizer"], aether=[0, 0])


def test_card_the_chanters_persistent_a_token() -> None:
    d = make(in_play=(minion("The Chanters"),), tokens=2)
    g = nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, n_deck=[], in_play=[("The Chanters", 4, 0), *FILLED], tokens={"nemesis": 3, "ritual": 0})


def test_card_flame_acolyte_a_token_up_to_three_else_three_damage() -> None:
    d = make(in_play=(minion("Flame Acolyte"),), tokens=3)
    g = nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, n_deck=[], in_play=[("Flame Acolyte", 8, 0), *FILLED],
                            tokens={"nemesis": 4, "ritual": 0})
    d = make(in_play=(minion("Flame Acolyte"),), tokens=4)
    g = nemesis_turn(d)
    choose(g, ("player", 0))
    at_p1_main(g)
    assert now(g) == expect(d, n_deck=[], in_play=[("Flame Acolyte", 8, 0), *FILLED], life=[7, 10])


def test_card_unveil_five_to_gravehold_or_two_tokens() -> None:
    d = make("Unveil")
    g = nemesis_turn(d)
    choose(g, ("choose", 0))
    at_p1_main(g)
    assert now(g) == expect(d, n_deck=[FILLER], n_discard=["Unveil"], gravehold=25)
    g = nemesis_turn(d)
    choose(g, ("choose", 1))
    at_p1_main(g)
    assert now(g) == expect(d, n_deck=[FILLER], n_discard=["Unveil"], tokens={"nemesis": 2, "ritual": 0})


def test_card_empower_ritual_power_a_token_and_four_to_gravehold_or_pay_seven() -> None:
    d = make(in_play=(power("Empower Ritual", 1),))
    g = nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, n_deck=[], n_discard=["Empower Ritual"], in_play=FILLED, gravehold=26,
                            tokens={"nemesis": 1, "ritual": 0})
    d = make(in_play=(power("Empower Ritual", 3),), p0={"aether": 7})
    g = at_main(d)
    choose(g, ("pay", "Empower Ritual"))
    assert now(g) == expect(d, in_play=[], n_discard=["Empower Ritual"], aether=[0, 0])


def test_card_ritual_guardian_persistent_a_token_and_an_unleash() -> None:
    d = make(in_play=(minion("Ritual Guardian"),), tokens=1, space=2)
    g = nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, n_deck=[], in_play=[("Ritual Guardian", 15, 0), *FILLED],
                            tokens={"nemesis": 2, "ritual": 3})


def test_card_the_end_N_11_arrives_healing_fifteen_and_waits_four_turns() -> None:
    d = make("The End", life=60)
    g = nemesis_turn(d)
    at_p1_main(g)  # healed to its starting life at most; in play with its 4 power tokens untouched
    assert now(g) == expect(d, nemesis_life=70, n_deck=[FILLER], in_play=[("The End", 0, 4)])
    g = nemesis_turn(make("The End", life=40))
    assert g.state.nemesis.life == 55


def test_card_terminate_three_tokens_up_to_four_else_three_unleashes() -> None:
    d = make("Terminate", tokens=4, space=1)
    g = nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, n_deck=[FILLER], n_discard=["Terminate"], tokens={"nemesis": 7, "ritual": 1})
    d = make("Terminate", tokens=5, space=1)
    g = nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, n_deck=[FILLER], n_discard=["Terminate"], tokens={"nemesis": 5, "ritual": 4})


def test_card_terminate_abandoned_when_its_unleash_completes_the_ritual() -> None:
    d = make("Terminate", tokens=6, space=9)
    g = nemesis_turn(d)
    at_p1_main(g)
    wd = "World Devourer (Tier 6)"
    assert now(g) == expect(d, n_deck=[], in_play=[(wd, 95, 0)], tokens={"nemesis": 6},
                            decks={"world_devourer": without(wd)}, destroyed=[FILLER, "Terminate"])
    assert len(events(g, "unleash")) == 3  # the other two do nothing: the track is flipped


@pytest.mark.parametrize("tokens", range(11))
def test_card_world_devourer_by_tokens_enters_with_life_and_acts_each_nemesis_turn(tokens: int) -> None:
    wd = WDS[min(tokens, 9)]
    plus, gh, dmg = WD_NUMBERS[wd]
    d = make(tokens=tokens, space=9, life=20)
    g = run_steps(d, [("unleash", 1)])
    at_p1_main(g)
    left = [w for w in WDS if w != wd]
    assert now(g) == expect(d, n_deck=[], in_play=[(wd, 20 + plus, 0)], tokens={"nemesis": tokens},
                            decks={"world_devourer": left}, destroyed=[FILLER])
    g = nemesis_turn(g.to_dict())
    choose(g, ("player", 1))
    at_p1_main(g)
    assert (g.state.gravehold, [p.life for p in g.state.players]) == (30 - gh, [10, 10 - dmg])


# =========================================================================== whole games


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("agent", ["random", "heuristic"])
def test_nemesis_arachnos_seeded_games_finish(players: int, agent: str) -> None:
    mages = ["Brama", "Mist", "Adelheim", "Xaxos"][:players]
    for seed in (1, 2):
        g = Game.new(mages=mages, nemesis=AR, seed=seed * 10 + players, basics="AE", events=False,
                     difficulty="expert" if seed == 2 else "normal")
        census = card_census(g.state)
        agents = [make_agent(agent, seed + i) for i in range(players)]
        steps = 0
        while not g.over:
            d = g.decision
            seat = d.seat
            g.apply(agents[seat].choose(d, partial(g.view_for, seat)))
            steps += 1
            assert steps < 20000
        assert g.result in ("win", "loss") and card_census(g.state) == census


def _track_invariant(g: Game) -> None:
    """Before the ritual: the token on the track, every World Devourer beside the mat. After
    it: no token, no deck, one World Devourer out (in play, resolving or discarded)."""
    n = g.state.nemesis
    wd_deck = n.decks["world_devourer"]
    out = [c.name for c in n.in_play if c.name in WDS] + [c for c in n.resolving if c in WDS] \
        + [c for c in n.discard if c in WDS]
    if "ritual" in n.tokens:
        assert 0 <= n.tokens["ritual"] <= len(arachnos.TRACK_COSTS)
        assert sorted(wd_deck) == sorted(WDS) and not out
        assert n.tokens.get("nemesis", 0) <= arachnos.MOST_TOKENS
    else:
        assert len(wd_deck) == 9 and len(out) == 1 and n.deck == []
        assert all(c.name in WDS for c in n.in_play)


@settings(max_examples=12, deadline=None)
@given(hs.integers(0, 10**6), hs.integers(1, 4))
def test_nemesis_arachnos_property_track_and_world_devourer_invariant(seed: int, players: int) -> None:
    g = Game.new(mages=["Brama", "Mist", "Adelheim", "Xaxos"][:players], nemesis=AR, seed=seed, basics="AE",
                 events=False)
    agent = make_agent("random", seed)
    census = card_census(g.state)
    while not g.over:
        _track_invariant(g)
        g.apply(agent.choose(g.decision, dict))
    assert card_census(g.state) == census


# =========================================================================== setup and display


def test_S_6_a_box_without_basic_cards_plays_its_nemesis_with_the_first_loaded_boxs(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # as a small box that brings no basic cards would: The New Age's are set aside here
    monkeypatch.setitem(registry.BASICS, "NA", ())
    g = Game.new(mages=["Brama", "Mist"], nemesis=AR, seed=4)
    first = next(b for b, cards in registry.BASICS.items() if cards)
    assert g.state.config["basics"] == first == "AE"
    basics = [c for c in g.state.nemesis.deck if c not in OWN]
    assert len(basics) == 3 + 5 + 7 and all(registry.nemesis_card(c).box == first for c in basics)
    assert Game.from_json(g.to_json()) == g  # the saved config names the box it borrowed from


def test_nemesis_arachnos_the_boards_show_the_ritual_token_and_the_world_devourer_deck() -> None:
    from gravehold.terminal.render import nemesis_pane

    g = at_main(make(tokens=3, space=4))
    text = nemesis_pane(g.view_for(0), 1).plain
    assert "nemesis 3, ritual 4" in text and "world devourer pile 10" in text  # a face-up pile
    assert "Ritual Track: the Arachnos token moves from the start (0) to the end (10)" in text
    v = g.view_for(1)
    assert v["nemesis"]["tokens"] == {"nemesis": 3, "ritual": 4}
    assert v["nemesis"]["decks"]["world_devourer"] == WDS  # face up beside the mat, in tier order
