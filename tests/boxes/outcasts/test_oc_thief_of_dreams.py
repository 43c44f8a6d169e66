"""Thief of Dreams (Outcasts): its mat, the Dream Mat and Dream deck, the Delirium turn order
card and its nine cards.

Each test builds a small exact state (Brama and Mist against Thief of Dreams, the Dream Mat's
spaces as special decks ``dream mat space k``), acts, and asserts the whole of what the mat,
the Dream deck, the players and Gravehold hold afterwards.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from gravehold import Game
from gravehold.agents import make_agent
from gravehold.agents.board import SeatView
from gravehold.content import registry
from gravehold.content.text import panels
from gravehold.engine.setup import Config, new_state
from gravehold.errors import StateFormatError
from gravehold.terminal.render import nemesis_pane

from support import at_main, at_nemesis_turn, base_state, choose, minion, player, power, run_steps

TD = "Thief of Dreams"
FILLER = "Needlemaw"
SPACES = [f"dream mat space {k}" for k in range(1, 6)]


def make(mat: dict[int, str] | None = None, dream: tuple[str, ...] = ("Scoria Slag",), top: tuple[str, ...] = (),
         in_play: tuple[dict[str, Any], ...] = (), p0: dict[str, Any] | None = None,
         tokens: dict[str, int] | None = None, expert: bool = False) -> dict[str, Any]:
    a = player("Brama", **{"hand": ["Crystal"], **(p0 or {})})
    b = player("Mist", hand=["Crystal"])
    d = base_state([a, b])
    d["config"]["nemesis"] = TD
    d["config"]["expert"] = expert
    n = d["nemesis"]
    n["id"] = TD
    n["life"] = n["max_life"] = 80
    n["deck"] = [*top, FILLER]
    n["in_play"] = [dict(c) for c in in_play]
    n["tokens"] = dict(tokens or {})
    n["decks"] = {"dream": list(dream), **{s: [] for s in SPACES}}
    for k, c in (mat or {}).items():
        n["decks"][SPACES[k - 1]] = [c]
    return d


def mat(g: Game) -> dict[int, str]:
    return {k: cs[0] for k in range(1, 6) if (cs := g.state.nemesis.decks[SPACES[k - 1]])}


def answer_any(g: Game) -> None:
    """The players' choices that follow: the first player, the first option."""
    while g.decision is not None and g.decision.kind != "main":
        g.apply(g.legal_actions()[0])


# ---------------------------------------------------------------- the mat


def test_thief_of_dreams_setup_builds_the_dream_deck_and_unleashes_twice() -> None:
    st = new_state(Config(mages=["Brama", "Mist"], nemesis=TD, market="", seed=3, ruleset="oc"))
    supply = dict(zip(st.supply_names, st.supply_counts, strict=True))
    cards = registry.CARDS
    gems = [c for c in st.supply_names if cards[c].type == "gem"]
    cheapest = min(gems, key=lambda c: cards[c].cost)
    for c, k in supply.items():
        assert k == (7 if c == cheapest else 1), c
    n = st.nemesis
    on_mat = [n.decks[s] for s in SPACES]
    assert [len(x) for x in on_mat] == [1, 1, 0, 0, 0]
    assert len(n.decks["dream"]) == 4 * 2 + 4 * 4 + 6 * 2 - 2
    assert st.to_deck.count("N:Delirium") == 1 and st.to_deck.count("N") == 1 and len(st.to_deck) == 6


def test_thief_of_dreams_expert_deals_two_delirium_cards() -> None:
    st = new_state(Config(mages=["Brama", "Mist"], nemesis=TD, difficulty="expert", seed=3, ruleset="oc"))
    assert sorted(st.to_deck) == ["N:Delirium", "N:Delirium", "P1", "P1", "P2", "P2"]


def test_dream_unleash_places_on_space_one_and_pushes_the_row() -> None:
    d = make({1: "Jagged Lightning", 2: "Fiery Torrent", 4: "Conjure the Lost"}, dream=("Scoria Slag", "Spark"))
    g = run_steps(d, [("unleash", 1)])
    assert mat(g) == {1: "Scoria Slag", 2: "Jagged Lightning", 3: "Fiery Torrent", 4: "Conjure the Lost"}
    assert g.state.nemesis.decks["dream"] == ["Spark"]


def test_dream_unleash_pushes_a_card_off_space_five_onto_the_dream_deck_bottom() -> None:
    full = {1: "Jagged Lightning", 2: "Fiery Torrent", 3: "Conjure the Lost", 4: "Reduce to Ash", 5: "Mage's Totem"}
    g = run_steps(make(full, dream=("Scoria Slag", "Spark")), [("unleash", 1)])
    choose(g, ("player", 1))
    assert mat(g) == {1: "Scoria Slag", 2: "Jagged Lightning", 3: "Fiery Torrent", 4: "Conjure the Lost",
                      5: "Reduce to Ash"}
    assert g.state.nemesis.decks["dream"] == ["Spark", "Mage's Totem"]
    assert [p.life for p in g.state.players] == [10, 8]


def test_dream_lost_damage_is_three_on_expert() -> None:
    full = {1: "Jagged Lightning", 2: "Fiery Torrent", 3: "Conjure the Lost", 4: "Reduce to Ash", 5: "Mage's Totem"}
    g = run_steps(make(full, expert=True), [("dream_unleash",)])
    choose(g, ("player", 0))
    assert [p.life for p in g.state.players] == [7, 10]


def test_dream_mat_card_bought_in_the_main_phase() -> None:
    d = make({1: "Jagged Lightning", 3: "Fiery Torrent"}, p0={"aether": 5})
    g = at_main(d)
    assert ("dream_gain", "Jagged Lightning", 1) in g.legal_actions()
    assert ("dream_gain", "Fiery Torrent", 3) in g.legal_actions()
    assert ("dream_destroy", "Fiery Torrent", 3) in g.legal_actions()
    choose(g, ("dream_gain", "Fiery Torrent", 3))
    p = g.state.players[0]
    assert (p.aether, p.discard, mat(g)) == (0, ["Fiery Torrent"], {1: "Jagged Lightning"})


def test_dream_destroy_costs_three_and_an_empty_mat_unleashes() -> None:
    d = make({2: "Reduce to Ash"}, dream=("Spark",), p0={"aether": 4})
    g = at_main(d)
    assert ("dream_gain", "Reduce to Ash", 2) not in g.legal_actions()
    choose(g, ("dream_destroy", "Reduce to Ash", 2))
    assert g.state.players[0].aether == 1 and "Reduce to Ash" in g.state.destroyed
    assert mat(g) == {1: "Spark"} and g.state.nemesis.decks["dream"] == []


def test_G_1_dream_deck_and_mat_emptied_win() -> None:
    g = at_main(make({1: "Mage's Totem"}, dream=(), p0={"hand": [], "aether": 2}))
    choose(g, ("dream_gain", "Mage's Totem", 1))
    assert g.state.over and g.state.result == "win" and g.state.reason == "nemesis_rule"


def test_dream_gain_refused_while_short_of_aether() -> None:
    g = at_main(make({1: "Reduce to Ash"}, p0={"aether": 6}))
    assert [a for a in g.legal_actions() if a[0] == "dream_gain"] == []


def test_delirium_turn_order_card_unleashes_before_the_nemesis_turn() -> None:
    d = make({1: "Jagged Lightning"}, dream=("Spark",))
    d["turn_order"] = {"deck": ["N:Delirium", "P1", "P2", "N", "P1", "P2"], "discard": []}
    d["stack"] = [["next_turn"]]
    g = Game.from_dict(copy.deepcopy(d))
    answer_any(g)
    assert mat(g) == {1: "Spark", 2: "Jagged Lightning"}
    assert g.state.to_discard[0] == "N:Delirium" and g.state.nemesis.in_play[0].name == FILLER


def test_delirium_turn_card_of_another_nemesis_refused() -> None:
    d = base_state()
    d["turn_order"] = {"deck": ["N:Delirium", "P1", "P2", "N", "P1", "P2"], "discard": []}
    with pytest.raises(StateFormatError, match="turn_order.deck"):
        Game.from_dict(d)


def test_E_6_thief_of_dreams_exhaustion_costs_gravehold_five() -> None:
    d = make(p0={"life": 1})
    g = run_steps(d, [("suffer", 1)])
    answer_any(g)
    assert g.state.players[0].exhausted and g.state.gravehold == 25 and mat(g) == {}


# ---------------------------------------------------------------- the cards


def test_card_dream_devourer_enters_on_space_one_and_falls_off_for_six() -> None:
    d = make({1: "Jagged Lightning"}, top=("Dream Devourer",))
    g = at_nemesis_turn(d)
    answer_any(g)
    assert mat(g) == {2: "Jagged Lightning"} and g.state.nemesis.tokens["Dream Devourer space"] == 1
    d2 = make({1: "Jagged Lightning"}, in_play=(minion("Dream Devourer"),), tokens={"Dream Devourer space": 5})
    g2 = run_steps(d2, [("dream_advance",)])
    assert g2.state.gravehold == 24 and "Dream Devourer space" not in g2.state.nemesis.tokens
    assert g2.state.nemesis.discard == ["Dream Devourer"] and mat(g2) == {2: "Jagged Lightning"}


def test_card_backlash_gravehold_branch() -> None:
    g = at_nemesis_turn(make({1: "Spark"}, top=("Backlash",)))
    choose(g, ("choose", 1))
    answer_any(g)
    assert g.state.gravehold == 26 and mat(g) == {1: "Spark"}


def test_card_deluge_of_magic_sifts_the_dream_deck_then_unleashes_twice() -> None:
    """dream_sift reveals; each dream_sift_pick puts one on the bottom, then orders the rest."""
    dream = ("Spark", "Jagged Lightning", "Fiery Torrent", "Scoria Slag", "Mage's Totem")
    g = at_nemesis_turn(make({1: "Reduce to Ash"}, dream=dream, in_play=(power("Deluge of Magic", 1),)))
    choose(g, ("card", "Spark"))
    choose(g, ("card", "Jagged Lightning"))
    choose(g, ("card", "Scoria Slag"))
    answer_any(g)
    assert mat(g) == {1: "Fiery Torrent", 2: "Scoria Slag", 3: "Reduce to Ash"}
    assert g.state.nemesis.decks["dream"] == ["Mage's Totem", "Spark", "Jagged Lightning"]


def test_card_scion_of_dreams_moves_the_mat_and_hits_gravehold() -> None:
    d = make({1: "Spark", 4: "Reduce to Ash", 5: "Fiery Torrent"}, in_play=(minion("Scion of Dreams"),))
    g = at_nemesis_turn(d)
    choose(g, ("player", 0))
    answer_any(g)
    assert mat(g) == {2: "Spark", 5: "Reduce to Ash"} and g.state.gravehold == 28
    assert g.state.nemesis.decks["dream"] == ["Scoria Slag", "Fiery Torrent"] and g.state.players[0].life == 8


def test_card_fools_bargain_paid_with_two_costly_cards() -> None:
    d = make(in_play=(power("Fool's Bargain", 2),), p0={"hand": ["Reduce to Ash", "Fiery Torrent", "Spark"]})
    g = at_main(d)
    choose(g, ("pay", "Fool's Bargain"))
    answer_any(g)
    assert sorted(g.state.players[0].discard) == ["Fiery Torrent", "Reduce to Ash"]
    assert g.state.nemesis.in_play == [] and g.state.nemesis.discard == ["Fool's Bargain"]


def test_card_fools_bargain_power_unleashes_twice_then_advances() -> None:
    g = at_nemesis_turn(make(dream=("Spark", "Scoria Slag"), in_play=(power("Fool's Bargain", 1),)))
    answer_any(g)
    assert mat(g) == {2: "Scoria Slag", 3: "Spark"}


def test_card_spiralling_nightmare_skips_space_five() -> None:
    d = make({4: "Jagged Lightning", 5: "Fiery Torrent"}, dream=(), in_play=(power("Spiralling Nightmare", 1),))
    g = at_nemesis_turn(d)
    choose(g, ("player", 1))
    answer_any(g)
    assert g.state.nemesis.tokens["space 5 skipped"] == 1 and g.state.gravehold == 26
    assert mat(g) == {4: "Jagged Lightning"} and g.state.nemesis.decks["dream"] == ["Fiery Torrent"]
    g2 = run_steps(make({4: "Jagged Lightning", 1: "Spark"}, tokens={"space 5 skipped": 1}), [("dream_advance",)])
    choose(g2, ("player", 0))
    assert mat(g2) == {2: "Spark"} and g2.state.nemesis.decks["dream"] == ["Scoria Slag", "Jagged Lightning"]


def test_card_eternal_dreamer_guards_the_mat() -> None:
    d = make({1: "Spark"}, in_play=(minion("Eternal Dreamer"),), p0={"aether": 5})
    g = at_main(d)
    assert ("dream_destroy", "Spark", 1) not in g.legal_actions() and ("dream_gain", "Spark", 1) in g.legal_actions()
    g2 = at_nemesis_turn(make({1: "Spark"}, in_play=(minion("Eternal Dreamer"),)))
    answer_any(g2)
    assert g2.state.gravehold == 26


def test_card_aether_drain_costliest_gem_holder_discards_three() -> None:
    """drain_discard names the holder, who then discards (discard_counting_free)."""
    d = make({1: "Spark"}, dream=("Scoria Slag", "Fiery Torrent"), top=("Aether Drain",),
             p0={"hand": ["Erratic Ingot", "Crystal", "Spark", "Jagged Lightning"]})
    g = at_nemesis_turn(d)  # only Brama holds a gem: she is named without a choice
    for c in ("Crystal", "Spark", "Jagged Lightning"):
        choose(g, ("card", c))
    answer_any(g)
    assert g.state.players[0].hand == ["Erratic Ingot"] and g.state.gravehold == 26
    assert mat(g) == {1: "Fiery Torrent", 2: "Scoria Slag", 3: "Spark"}


def test_card_siphon_memories_gives_three_cards_then_unleashes_three_times() -> None:
    d = make(dream=(), top=("Siphon Memories",), p0={"hand": ["Jagged Lightning", "Fiery Torrent", "Crystal"]})
    d["players"][1]["hand"] = ["Mage's Totem", "Spark"]
    g = at_nemesis_turn(d)
    choose(g, ("player", 0))
    choose(g, ("card", "Jagged Lightning"))
    choose(g, ("player", 1))  # Mist's only card costing 1 or more goes without a choice,
    # then only Brama holds one: her last goes without a choice too
    answer_any(g)
    assert mat(g) == {1: "Jagged Lightning", 2: "Mage's Totem", 3: "Fiery Torrent"}
    assert g.state.players[0].hand == ["Crystal"] and g.state.players[1].hand == ["Spark"]


# ---------------------------------------------------------------- the boards


def test_thief_of_dreams_boards_show_the_dream_mat() -> None:
    d = make({1: "Spark", 3: "Fiery Torrent"}, in_play=(minion("Dream Devourer"),),
             tokens={"Dream Devourer space": 2, "space 5 skipped": 1})
    d["turn_order"] = {"deck": ["P1", "P2", "N", "P1", "P2"], "discard": ["N:Delirium"]}
    g = at_main(d)
    v = g.view_for(0)
    title, text = next(p for p in panels(v) if p[0] == "Dream Mat")
    assert text.startswith("1 Spark · 2 Dream Devourer (minion) · 3 Fiery Torrent · 4 — · 5 —")
    assert "Dream deck 1" in text and "space 5 skipped" in text
    pane = str(nemesis_pane(v, 1))
    assert "Dream Mat" in pane and "Delirium" in pane


def test_thief_of_dreams_heuristic_hits_dream_devourer_one_space_from_the_edge() -> None:
    """Dream Devourer has no effect to weigh, but its fall costs Gravehold 6: on space 5 a
    hit of 5 goes to it rather than to the nemesis (which it would equal otherwise)."""
    d = make(mat={1: "Scoria Slag"}, in_play=(minion("Dream Devourer", 8),), tokens={"Dream Devourer space": 5})
    g = run_steps(d, [("damage", 5)])
    assert g.decision is not None and g.decision.kind == "target"
    assert set(g.legal_actions()) == {("target", "nemesis"), ("target", "Dream Devourer")}
    assert make_agent("heuristic", 0).choose(g.decision, SeatView(g.state, 0)) == ("target", "Dream Devourer")
    choose(g, ("target", "Dream Devourer"))
    assert [(c.name, c.life) for c in g.state.nemesis.in_play] == [("Dream Devourer", 3)]
    assert g.state.nemesis.life == 80 and g.state.nemesis.tokens == {"Dream Devourer space": 5}
