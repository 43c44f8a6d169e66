"""Fate Shepherd (Legacy of Gravehold): its mat, Unleash, exhaustion rule, increased difficulty
and nine cards, from exact states.

Each test builds a small exact state (Brama and Mist against Fate Shepherd, the default test
supply), runs a nemesis turn or effect steps, answers the decisions it asks, and compares a
snapshot of every zone the nemesis can touch (the supply piles and the destroyed cards
included) with the starting one plus only the expected changes.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from gravehold import Game
from gravehold.agents import make_agent
from gravehold.agents.board import SeatView
from gravehold.boxes.legacy_of_gravehold.nemeses import fate_shepherd as fs
from gravehold.content import registry
from gravehold.content.text import nemesis_card_text, nemesis_text
from gravehold.engine.game import card_census
from gravehold.events_text import event_text

import support
from support import at_nemesis_turn, base_state, choose, events, minion, player, power, run_steps, turn

FS = "Fate Shepherd"
FILLER = "Needlemaw"  # drawn by the nemesis after a test's own card: a minion that only enters play
# the default test supply, by pile: Frozen Magmite 3, Scoria Slag 4, Erratic Ingot 5, Mage's Totem 2,
# Primordial Fetish 4, Jagged Lightning 4, Fiery Torrent 5, Conjure the Lost 6, Reduce to Ash 7
PILES = [7, 7, 7, 5, 5, 5, 5, 5, 5]


def make(*top: str, in_play: tuple[dict[str, Any], ...] = (), p0: dict[str, Any] | None = None,
         p1: dict[str, Any] | None = None, expert: bool = False) -> dict[str, Any]:
    """Brama and Mist against Fate Shepherd: ``top`` on the nemesis deck, then the filler."""
    return support.facing(FS, 70, top, FILLER, in_play=in_play, p0=p0, p1=p1, expert=expert)


SNAPSHOT = support.Snapshot(*support.SNAP_BASE, "supply", "to_deck", "to_discard")
snap, expect, now = SNAPSHOT.snap, SNAPSHOT.expect, SNAPSHOT.now


def piles(**less: int) -> list[int]:
    """The supply counts with some piles changed (by index name ``p0``..``p8``)."""
    out = list(PILES)
    for k, v in less.items():
        out[int(k[1:])] += v
    return out


def after_turn(d: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """``expect`` after a nemesis turn that drew its top card (then P1's turn order card)."""
    to = d["turn_order"]
    changes.setdefault("to_deck", to["deck"][1:])
    changes.setdefault("to_discard", [*to["discard"], "P1"])
    changes.setdefault("n_deck", d["nemesis"]["deck"][1:])
    return expect(d, **changes)


def done(g: Game) -> None:
    """The steps are over: the game waits in P1's main phase."""
    support.at_p1_main(g, drawn=False)


# =========================================================================== the mat


def test_S_7_fate_shepherd_setup_seventy_life_and_no_special_deck() -> None:
    g = Game.new(mages=["Brama", "Mist"], nemesis=FS, seed=3)
    n = g.state.nemesis
    assert (n.life, n.max_life) == (70, 70)
    assert n.decks == {} and n.tokens == {} and n.in_play == []
    own = {c.name for c in fs.CARDS}
    assert len(own) == 9 and own <= set(n.deck)
    assert registry.NEMESIS_CARDS["Tempt (Fate Shepherd)"].shown == "Tempt"
    assert "Unleash: A player of your choice gains a card" in nemesis_text(registry.NEMESES[FS])


def test_N_4_fate_shepherd_unleash_the_player_pays_the_toll() -> None:
    d = make()
    g = run_steps(d, [("unleash", 1)])
    choose(g, ("player", 1))
    assert g.decision is not None and g.decision.kind == "toll_gain" and g.decision.player == 1
    choose(g, ("gain", "Conjure the Lost"))
    choose(g, ("choose", 0))
    done(g)
    assert now(g) == expect(d, supply=piles(p7=-1), discard=[[], ["Conjure the Lost"]], life=[10, 5])


def test_N_4_fate_shepherd_unleash_gravehold_may_pay_the_toll_instead() -> None:
    d = make()
    g = run_steps(d, [("unleash", 1)])
    choose(g, ("player", 0))
    choose(g, ("gain", "Reduce to Ash"))
    choose(g, ("choose", 1))
    done(g)
    assert now(g) == expect(d, supply=piles(p8=-1), discard=[["Reduce to Ash"], []], gravehold=24)


def test_N_4_fate_shepherd_unleash_an_empty_supply_gains_and_costs_nothing() -> None:
    d = make()
    d["supply"] = [[name, 0] for name, _ in d["supply"]]
    g = run_steps(d, [("unleash", 1)])
    choose(g, ("player", 0))
    done(g)
    assert now(g) == expect(d)


def test_S_9_fate_shepherd_increased_difficulty_destroys_a_card_of_the_cheapest_pile() -> None:
    d = make(expert=True)
    g = run_steps(d, [("unleash", 1)])
    choose(g, ("player", 0))
    choose(g, ("gain", "Mage's Totem"))
    choose(g, ("choose", 1))
    done(g)  # the Totem pile (2 Æ) is still the cheapest: one more of it is destroyed
    assert now(g) == expect(d, supply=piles(p3=-2), discard=[["Mage's Totem"], []], gravehold=29,
                            destroyed=["Mage's Totem"])


def test_S_9_N_6_fate_shepherd_increased_difficulty_ties_are_the_players_pick() -> None:
    d = make(expert=True)
    d["supply"][3][1] = 0  # no Totem left: Frozen Magmite (3) is the cheapest
    d["supply"][0][1] = 0
    g = run_steps(d, [("destroy_cheapest",)])
    assert sorted(a for a in g.legal_actions()) == [("pile", "Jagged Lightning"), ("pile", "Primordial Fetish"),
                                                    ("pile", "Scoria Slag")]
    choose(g, ("pile", "Jagged Lightning"))
    done(g)
    s = snap(d)["supply"]
    s[5] -= 1
    assert now(g) == expect(d, supply=s, destroyed=["Jagged Lightning"])


def test_E_6_fate_shepherd_exhaustion_returns_three_costly_cards_instead_of_unleashing() -> None:
    d = make(p0={"life": 1, "hand": ["Erratic Ingot", "Crystal"]},
             p1={"hand": ["Frozen Magmite", "Fiery Torrent", "Mage's Totem", "Spark"]})
    g = run_steps(d, [("suffer", 2)])  # 1 beyond her life: twice that reaches Gravehold (E-5)
    # only hands holding a card of 3 Æ or more with a pile in this supply may be named
    assert sorted(g.legal_actions()) == [("player", 0), ("player", 1)]
    choose(g, ("player", 0))  # Brama's one such card goes back; then only Mist's hand is left to name
    assert sorted(g.legal_actions()) == [("discard_card", "Fiery Torrent"), ("discard_card", "Frozen Magmite")]
    choose(g, ("discard_card", "Fiery Torrent"))
    choose(g, ("breach", 0))  # then E-1 goes on: a breach destroyed
    done(g)
    st = now(g)
    assert st == expect(d, gravehold=28, life=[0, 10], exhausted=[True, False],
                        hand=[["Crystal"], ["Mage's Totem", "Spark"]],
                        supply=piles(p0=1, p2=1, p6=1), breaches=[["destroyed", "closed", "closed", "closed"],
                                                                  ["open", "closed", "closed", "closed"]])
    assert events(g, "unleash") == [] and len(events(g, "returned_to_supply")) == 3


def test_E_6_fate_shepherd_return_one_puts_the_card_back_on_its_own_pile() -> None:
    d = make(p0={"hand": ["Crystal", "Fiery Torrent", "Scoria Slag"]})
    g = run_steps(d, [("return_one", 5)])  # one card of 5 Æ or more: no choice left
    done(g)
    assert now(g) == expect(d, hand=[["Crystal", "Scoria Slag"], ["Crystal"]], supply=piles(p6=1))
    assert event_text(events(g, "returned_to_supply")[0]) == "P1 returns Fiery Torrent to its supply pile (Spark)"


# =========================================================================== tier 1


def test_N_1_beholden_wisp_persistent_hurts_a_player_who_destroys_a_costly_card() -> None:
    d = make(in_play=(minion("Beholden Wisp"),), p0={"hand": ["Crystal", "Scoria Slag", "Frozen Magmite"]})
    g = turn(d, ("player", 0), ("card", "Scoria Slag"))
    assert now(g) == after_turn(d, life=[9, 10], hand=[["Crystal", "Frozen Magmite"], ["Crystal"]],
                                destroyed=["Scoria Slag"], in_play=snap(d)["in_play"] + [(FILLER, 11, 0)])
    assert registry.NEMESIS_CARDS["Beholden Wisp"].shields == 1


def test_N_1_beholden_wisp_with_no_costly_card_only_hurts() -> None:
    d = make(in_play=(minion("Beholden Wisp"),))
    g = turn(d, ("player", 1))
    assert now(g) == after_turn(d, life=[10, 9], in_play=snap(d)["in_play"] + [(FILLER, 11, 0)])


def test_N_2_beckon_unleashes_hurts_gravehold_and_two_players_swap_decks() -> None:
    d = make("Beckon", p0={"deck": ["Spark"], "discard": []},
             p1={"deck": ["Crystal"], "discard": ["Crystal"]})
    g = turn(d, ("player", 1), ("gain", "Frozen Magmite"), ("choose", 1), ("player", 0))
    deck0 = g.state.players[0].deck
    assert sorted(deck0) == ["Crystal", "Crystal", "Frozen Magmite"]
    assert now(g) == after_turn(d, gravehold=30 - 2 - 2, supply=piles(p0=-1), deck=[deck0, ["Spark"]],
                                discard=[[], []], n_discard=["Beckon"])
    assert event_text(events(g, "decks_swapped")[0]) == "P1 and P2 swap decks (Beckon)"


def test_N_2_beckon_in_true_solo_the_player_only_shuffles_in_their_discard() -> None:
    a = player("Brama", hand=["Crystal"], deck=["Spark"], discard=["Crystal"])
    d = base_state([a])
    d2 = make("Beckon")
    d["config"]["nemesis"] = FS
    d["nemesis"] = d2["nemesis"]
    d["turn_order"] = {"deck": ["P1", "N"], "discard": []}
    g = turn(d, ("gain", "Mage's Totem"), ("choose", 0))
    assert sorted(g.state.players[0].deck) == ["Crystal", "Mage's Totem", "Spark"]
    assert g.state.players[0].discard == [] and g.state.players[0].life == 9
    assert now(g)["gravehold"] == 28


def test_N_1_guilt_shackle_power_destroys_three_from_each_pile_of_three_or_less() -> None:
    d = make(in_play=(power("Guilt Shackle", 1),))
    d["supply"][3][1] = 2  # a pile with fewer than three loses what it has
    g = turn(d)
    s = snap(d)["supply"]
    s[0] -= 3
    s[3] = 0
    assert now(g) == after_turn(d, supply=s, in_play=[(FILLER, 11, 0)], n_discard=["Guilt Shackle"],
                                destroyed=["Frozen Magmite"] * 3 + ["Mage's Totem"] * 2)


def test_N_1_guilt_shackle_counts_down_first() -> None:
    d = make(in_play=(power("Guilt Shackle", 2),))
    g = turn(d)
    assert now(g) == after_turn(d, in_play=[("Guilt Shackle", 0, 1), (FILLER, 11, 0)])


# =========================================================================== tier 2


def test_N_1_conquered_legionnaire_the_toll_is_five_less_the_destroyed_cost() -> None:
    d = make(in_play=(minion("Conquered Legionnaire"),), p1={"hand": ["Crystal"], "discard": ["Frozen Magmite"]})
    g = turn(d, ("player", 1), ("card", "discard", "Frozen Magmite"))
    assert now(g) == after_turn(d, life=[10, 8], discard=[[], []], destroyed=["Frozen Magmite"],
                                in_play=snap(d)["in_play"] + [(FILLER, 11, 0)])
    assert registry.NEMESIS_CARDS["Conquered Legionnaire"].shields == 2


def test_N_1_conquered_legionnaire_a_costly_card_costs_no_life() -> None:
    d = make(in_play=(minion("Conquered Legionnaire"),), p1={"hand": ["Reduce to Ash"]})
    g = turn(d, ("player", 1))  # the one card to destroy is forced
    assert now(g) == after_turn(d, hand=[["Crystal"], []], destroyed=["Reduce to Ash"],
                                in_play=snap(d)["in_play"] + [(FILLER, 11, 0)])


def test_N_1_conquered_legionnaire_nothing_to_destroy_suffers_the_whole_toll() -> None:
    d = make(in_play=(minion("Conquered Legionnaire"),), p1={"hand": []})
    g = turn(d, ("player", 1))
    assert now(g) == after_turn(d, life=[10, 5], in_play=snap(d)["in_play"] + [(FILLER, 11, 0)])


def test_N_2_tempt_most_opened_and_fewest_opened_swap_decks() -> None:
    opened = {"state": "open"}
    d = make("Tempt (Fate Shepherd)",
             p0={"deck": ["Spark"], "breaches": [dict(opened)] * 4},
             p1={"deck": ["Crystal"]})
    g = at_nemesis_turn(d)
    for _ in range(2):  # two Unleashes: Mist takes the Totem and pays its toll
        choose(g, ("player", 1))
        choose(g, ("gain", "Mage's Totem"))
        choose(g, ("choose", 0))
    support.at_p1_main(g)  # the pair is forced: Brama (4 opened), then Mist
    deck0 = g.state.players[0].deck
    assert sorted(deck0) == ["Crystal", "Mage's Totem", "Mage's Totem"]
    assert now(g) == after_turn(d, life=[10, 8], supply=piles(p3=-2), deck=[deck0, ["Spark"]], discard=[[], []],
                                n_discard=["Tempt (Fate Shepherd)"])
    assert nemesis_card_text(registry.NEMESIS_CARDS["Tempt (Fate Shepherd)"]).startswith("Unleash 2 times.")


def test_N_6_tempt_ties_are_the_players_pick() -> None:
    d = make()
    d["players"].append(player("Gex", hand=[]))
    d["config"]["mages"].append("Gex")
    g = run_steps(d, [("swap_most_fewest",)])
    assert sorted(g.legal_actions()) == [("player", 0), ("player", 1), ("player", 2)]
    choose(g, ("player", 2))
    assert sorted(g.legal_actions()) == [("player", 0), ("player", 1)]


def test_N_1_beseechment_power_unleashes_twice_then_returns_two_costly_cards() -> None:
    d = make(in_play=(power("Beseechment", 1),), p0={"hand": ["Scoria Slag", "Erratic Ingot", "Crystal"]})
    g = at_nemesis_turn(d)
    for _ in range(2):
        choose(g, ("player", 1))
        choose(g, ("gain", "Mage's Totem"))
        choose(g, ("choose", 1))
    choose(g, ("discard_card", "Scoria Slag"))  # Brama alone holds such cards: the players' pick is forced
    # and the second card is the one left
    support.at_p1_main(g)
    assert now(g) == after_turn(d, gravehold=28, hand=[["Crystal"], ["Crystal"]],
                                discard=[[], ["Mage's Totem", "Mage's Totem"]], supply=piles(p1=1, p2=1, p3=-2),
                                n_discard=["Beseechment"], in_play=[(FILLER, 11, 0)])


# =========================================================================== tier 3


def test_N_1_merciful_impossibility_the_toll_is_seven_less_the_destroyed_cost() -> None:
    d = make(in_play=(minion("Merciful Impossibility"),), p0={"hand": ["Crystal", "Scoria Slag"]})
    g = turn(d, ("player", 0), ("card", "hand", "Scoria Slag"))
    assert now(g) == after_turn(d, life=[7, 10], hand=[["Crystal"], ["Crystal"]], destroyed=["Scoria Slag"],
                                in_play=snap(d)["in_play"] + [(FILLER, 11, 0)])
    assert registry.NEMESIS_CARDS["Merciful Impossibility"].shields == 3


def test_N_2_bestow_pools_the_hands_and_deals_them_out_evenly() -> None:
    d = make("Bestow", p0={"hand": ["Crystal", "Spark", "Scoria Slag"]}, p1={"hand": []})
    g = at_nemesis_turn(d)
    for _ in range(2):
        choose(g, ("player", 0))
        choose(g, ("gain", "Mage's Totem"))
        choose(g, ("choose", 1))
    support.at_p1_main(g)
    h0, h1 = (p.hand for p in g.state.players)
    assert len(h0) == 2 and len(h1) == 1 and sorted(h0 + h1) == ["Crystal", "Scoria Slag", "Spark"]
    assert now(g) == after_turn(d, gravehold=28, hand=[h0, h1], discard=[["Mage's Totem", "Mage's Totem"], []],
                                supply=piles(p3=-2), n_discard=["Bestow"])
    assert "3 cards" in event_text(events(g, "hands_pooled")[0])


def test_N_1_eternal_obligation_unleash_gains_cost_five_or_more_while_any_is_left() -> None:
    d = make(in_play=(power("Eternal Obligation", 3),))
    g = run_steps(d, [("unleash", 1)])
    choose(g, ("player", 0))
    assert sorted(g.legal_actions()) == [("gain", "Conjure the Lost"), ("gain", "Erratic Ingot"),
                                         ("gain", "Fiery Torrent"), ("gain", "Reduce to Ash")]
    d["supply"] = [[n, k if n in ("Frozen Magmite", "Mage's Totem") else 0] for n, k in d["supply"]]
    g = run_steps(d, [("unleash", 1)])
    choose(g, ("player", 0))
    assert sorted(g.legal_actions()) == [("gain", "Frozen Magmite"), ("gain", "Mage's Totem")]


def test_N_1_eternal_obligation_power_discards_the_two_costliest_prepped_spells() -> None:
    d = make(in_play=(power("Eternal Obligation", 1),))
    d["players"][0]["breaches"][0]["spells"] = ["Reduce to Ash"]
    d["players"][1]["breaches"][0]["spells"] = ["Jagged Lightning"]
    d["players"][1]["breaches"][1] = {"state": "open", "spells": ["Spark"]}
    g = turn(d)
    st = now(g)
    assert st == after_turn(d, spells=[[[], [], [], []], [[], ["Spark"], [], []]],
                            discard=[["Reduce to Ash"], ["Jagged Lightning"]],
                            breaches=[["open", "closed", "closed", "closed"], ["open", "open", "closed", "closed"]],
                            n_discard=["Eternal Obligation"], in_play=[(FILLER, 11, 0)])


# =========================================================================== whole games


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_fate_shepherd_seeded_heuristic_games_finish(players: int) -> None:
    seed = 61 * players
    mages = random.Random(seed).sample(["Brama", "Mist", "Gex", "Kadir", "Garu", "Adelheim"], players)
    g = Game.new(mages=mages, nemesis=FS, seed=seed, market="random", difficulty="expert" if players % 2 else "normal")
    census = card_census(g.state)
    seats = [make_agent("heuristic", seed + i) for i in range(players)]
    steps = 0
    while not g.over:
        d = g.decision
        assert d is not None
        g.apply(seats[d.seat].choose(d, SeatView(g.state, d.seat)))
        steps += 1
        assert steps < 20000, "the game does not end"
    assert g.result in ("win", "loss") and card_census(g.state) == census
    assert Game.from_json(g.to_json()).state == g.state
    for e in g.events:
        if e["event"] in ("decks_swapped", "hands_pooled", "returned_to_supply"):
            assert event_text(e), e


def test_fate_shepherd_readings_are_one_table() -> None:
    assert fs.READINGS["minion_shields"] == {"Beholden Wisp": 1, "Conquered Legionnaire": 2,
                                             "Merciful Impossibility": 3}
    assert "Readings decided here" in (fs.__doc__ or "")


def test_fate_shepherd_heuristic_takes_the_cheapest_card_at_its_unleash() -> None:
    d = make()
    g = run_steps(d, [("unleash", 1)])
    choose(g, ("player", 0))
    assert g.decision is not None and g.decision.kind == "toll_gain"
    pick = make_agent("heuristic", 0).choose(g.decision, SeatView(g.state, g.decision.seat))
    assert pick == ("gain", "Mage's Totem")
