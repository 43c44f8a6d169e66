"""The four War Eternal nemeses: Gate Witch, Umbra Titan, Magus of Cloaks and Hollow Crown.

Each test builds a small exact state, runs a nemesis turn (followed directly by P1's
turn, so no turn order card is drawn in between) or resolves steps in P1's main phase,
and compares a snapshot of every zone a nemesis card can touch with the starting
snapshot plus only the expected changes. P1 holds a Crystal so that its main phase is a
real decision where the game waits. Whole games use the Aeon's End basic cards
(``basics="AE"``).
"""

from __future__ import annotations

import random
from functools import partial
from typing import Any

import pytest

from gravehold import Game
from gravehold.content import registry
from gravehold.content.text import nemesis_card_text, nemesis_text
from gravehold.engine.damage import nemesis_damage
from gravehold.engine.game import card_census
from gravehold.engine.setup import Config, new_state

from support import OPEN, SNAP_BASE, Snapshot, at_main, base_state, choose, minion, player, power, run_steps, snake
from support import at_p1_main as _at_p1_main

GW, UT, MC, HC = "Gate Witch", "Umbra Titan", "Magus of Cloaks", "Hollow Crown"
NEMESES = (GW, UT, MC, HC)
FILLER = "Needlemaw"  # drawn by the nemesis after a minion/power test: it only enters play
LIFE = {GW: 70, UT: 70, MC: 35, HC: 1}
TOKENS = {GW: 1, UT: 8, MC: 4}
ACOLYTES = ["Bezu", "Edryss Tragg", "Holadran", "Kurgax", "Lurzan", "Mord", "Nhavkalas", "Ren-Goda", "Solara"]


# --------------------------------------------------------------------------- helpers


def make(nid: str, *top: str, in_play: tuple[dict[str, Any], ...] = (), tokens: int | None = None,
         p0: dict[str, Any] | None = None, p1: dict[str, Any] | None = None, expert: bool = False,
         discard: tuple[str, ...] = (), turn_order: dict[str, list[str]] | None = None,
         acolytes: tuple[str, ...] = (), acolyte_discard: tuple[str, ...] = (), filler: str = FILLER,
         players: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Brama and Mist (a Crystal each) against nemesis ``nid``; ``top`` cards on its deck."""
    if players is None:
        players = [player("Brama", **{"hand": ["Crystal"], **(p0 or {})}),
                   player("Mist", **{"hand": ["Crystal"], **(p1 or {})})]
    d = base_state(players)
    d["config"]["nemesis"] = nid
    d["config"]["expert"] = expert
    d["nemesis"] = {
        "id": nid, "life": LIFE[nid], "max_life": LIFE[nid],
        "deck": [*top, filler] if filler else list(top), "discard": list(discard),
        "in_play": [dict(c) for c in in_play],
        "tokens": {} if nid == HC else {"nemesis": TOKENS[nid] if tokens is None else tokens},
        "decks": {"acolyte": list(acolytes), "acolyte_discard": list(acolyte_discard)} if nid == HC else {},
    }
    if turn_order is not None:
        d["turn_order"] = turn_order
    return d


#: these nemeses change their tokens (0 is recorded), decks and the turn order deck
SNAPSHOT = Snapshot(*SNAP_BASE, "tokens", "decks", "to_deck", "to_discard")
snap, expect, now = SNAPSHOT.snap, SNAPSHOT.expect, SNAPSHOT.now

#: the game waits for P1 (its casting phase when it has prepped spells, else its main phase);
#: these tests never checked the turn order discard, so ``drawn=False`` keeps them as they were
at_p1_main = partial(_at_p1_main, casting=True, drawn=False)


def nemesis_turn(d: dict[str, Any]) -> Game:
    """A nemesis turn followed directly by P1's turn (no turn order card is drawn)."""
    d = dict(d)
    d["stack"] = [["player_turn", 0], ["nemesis_turn"]]
    return Game.from_dict(d)


def prepped(*spells: str) -> list[dict[str, Any]]:
    """Breaches I-IV opened, holding these spells in order."""
    out = []
    for k in range(4):
        b: dict[str, Any] = dict(OPEN)
        if k < len(spells) and spells[k]:
            b["spells"] = [spells[k]]
        out.append(b)
    return out


def check_pay(nid: str, name: str, ok: dict[str, Any], short: dict[str, Any], **changes: Any) -> None:
    """P-14: ("pay", name) is offered only when P1 can pay alone; paying discards it unresolved."""
    kw: dict[str, Any] = {"acolytes": ("Bezu",)} if nid == HC else {}
    extra = (minion("Kurgax"),) if nid == HC else ()
    g_short = at_main(make(nid, in_play=(*extra, power(name, 2)), p0=short, **kw), 0)
    assert ("pay", name) not in g_short.legal_actions()
    d = make(nid, in_play=(*extra, power(name, 2)), p0=ok, **kw)
    g = at_main(d, 0)
    choose(g, ("pay", name))
    at_p1_main(g)
    ip = [("Kurgax", 11, 0)] if nid == HC else []
    assert now(g) == expect(d, in_play=ip, n_discard=[name], **changes)


def random_game(nid: str, seed: int, mages: list[str], difficulty: str = "normal",
                own_first: bool = False) -> Game:
    """A seeded game of random legal choices (mostly not ending a phase early), checking card
    conservation and the JSON round trip as it goes; ``own_first`` puts the nemesis' own nine
    cards on top of its deck so that every one of them comes into play."""
    g = Game.new(mages=mages, nemesis=nid, seed=seed, difficulty=difficulty, basics="AE", events=False)
    if own_first:
        d = g.to_dict()
        deck = d["nemesis"]["deck"]
        own = [c for c in deck if c in registry.nemesis(nid).cards]
        random.Random(seed).shuffle(own)
        d["nemesis"]["deck"] = own + [c for c in deck if c not in own]
        g = Game.from_dict(d, events=False)
    census = card_census(g.state)
    r = random.Random(seed)
    steps = 0
    while not g.over:
        acts = g.legal_actions()
        busy = [a for a in acts if a[0] not in ("end_main", "end_casting")]
        g.apply(r.choice(busy if busy and r.random() < 0.9 else acts))  # mostly keep playing
        if steps % 40 == 0:
            assert Game.from_json(g.to_json()).state == g.state
        steps += 1
        assert steps < 20000, "the game does not end"
        if steps % 25 == 0:
            assert card_census(g.state) == census
    assert card_census(g.state) == census
    return g


# =========================================================================== Gate Witch: mat


def test_nemesis_gate_witch_S_7_setup_one_token_and_its_nine_cards() -> None:
    st = new_state(Config(mages=["Brama", "Mist"], nemesis=GW, seed=2, basics="AE"))
    n = st.nemesis
    assert (n.life, n.max_life, n.tokens, n.decks) == (70, 70, {"nemesis": 1}, {})
    own = set(registry.nemesis(GW).cards)
    assert own <= set(n.deck) and len(n.deck) == 9 + 3 + 5 + 7
    assert [registry.nemesis_card(c).tier for c in n.deck] == sorted(registry.nemesis_card(c).tier for c in n.deck)


def test_nemesis_gate_witch_N_4_unleash_gains_one_token() -> None:
    d = make(GW, tokens=2)
    g = run_steps(d, [("unleash", 2)])
    assert now(g) == expect(d, tokens={"nemesis": 4})


def test_nemesis_gate_witch_N_7_accelerates_time_with_five_tokens_and_one_nemesis_card_discarded() -> None:
    d = make(GW, in_play=(minion("Paradox Beast"),), tokens=5,
             turn_order={"deck": ["P2", "P1", "N"], "discard": ["P1", "N", "P2"]})
    g = nemesis_turn(d)
    at_p1_main(g)
    got = now(g)
    assert sorted(got["to_deck"]) == ["N", "N", "P1", "P2"]
    assert got == expect(d, gravehold=25, tokens={"nemesis": 1}, n_deck=[],
                         in_play=[("Paradox Beast", 8, 0), (FILLER, 11, 0)],
                         to_deck=got["to_deck"], to_discard=["P1", "P2"])
    assert [e["event"] for e in g.events].count("accelerate_time") == 1


def test_nemesis_gate_witch_N_7_no_acceleration_with_two_nemesis_cards_discarded() -> None:
    d = make(GW, tokens=7, turn_order={"deck": ["P2", "P1"], "discard": ["P1", "N", "P2", "N"]})
    g = nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, n_deck=[], in_play=[(FILLER, 11, 0)])


def test_nemesis_gate_witch_N_7_no_acceleration_below_five_tokens() -> None:
    d = make(GW, tokens=4, turn_order={"deck": ["P2", "P1", "N"], "discard": ["P1", "N", "P2"]})
    g = nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, n_deck=[], in_play=[(FILLER, 11, 0)])


def test_nemesis_gate_witch_S_9_expert_acceleration_loses_three_tokens() -> None:
    d = make(GW, tokens=6, expert=True, turn_order={"deck": ["P2"], "discard": ["N"]})
    g = nemesis_turn(d)
    at_p1_main(g)
    got = now(g)
    assert sorted(got["to_deck"]) == ["N", "P2"]
    assert got == expect(d, tokens={"nemesis": 3}, n_deck=[], in_play=[(FILLER, 11, 0)],
                         to_deck=got["to_deck"], to_discard=[])


def test_nemesis_gate_witch_whole_random_game_finishes() -> None:
    g = random_game(GW, 5, ["Brama", "Mist"])
    assert g.result in ("win", "loss")


# =========================================================================== Gate Witch: cards


def test_nemesis_card_deep_abomination_each_player_per_own_turn_order_card() -> None:
    d = make(GW, in_play=(minion("Deep Abomination"),),
             turn_order={"deck": ["P2"], "discard": ["P1", "P2", "N", "P1"]})
    g = nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, life=[8, 9], n_deck=[], in_play=[("Deep Abomination", 6, 0), (FILLER, 11, 0)])


def test_nemesis_card_deep_abomination_wild_card_is_the_players_pick_T_3() -> None:
    ps = [player(m, hand=["Crystal"]) for m in ("Brama", "Mist", "Adelheim")]
    d = make(GW, in_play=(minion("Deep Abomination"),), players=ps,
             turn_order={"deck": ["P2"], "discard": ["W", "P3", "N"]})
    g = nemesis_turn(d)
    assert g.decision.kind == "player" and g.decision.options == [("player", 0), ("player", 1), ("player", 2)]
    assert [p.life for p in g.state.players] == [10, 10, 9]  # own cards first
    choose(g, ("player", 1))
    at_p1_main(g)
    assert now(g) == expect(d, life=[10, 9, 9], n_deck=[], in_play=[("Deep Abomination", 6, 0), (FILLER, 11, 0)])


def test_nemesis_card_deep_abomination_four_player_pairs_T_4() -> None:
    ps = [player(m, hand=["Crystal"]) for m in ("Brama", "Mist", "Adelheim", "Xaxos")]
    d = make(GW, in_play=(minion("Deep Abomination"),), players=ps,
             turn_order={"deck": ["N"], "discard": ["P12", "P34", "P12", "N"]})
    g = nemesis_turn(d)
    # both "1/2" cards are discarded: players 1 and 2 each suffer 1; one "3/4": the players pick
    assert g.decision.options == [("player", 2), ("player", 3)]
    choose(g, ("player", 3))
    at_p1_main(g)
    assert now(g) == expect(d, life=[9, 9, 10, 9], n_deck=[],
                            in_play=[("Deep Abomination", 6, 0), (FILLER, 11, 0)])


def test_nemesis_card_deep_abomination_true_solo_every_player_card_is_yours_T_5() -> None:
    d = make(GW, in_play=(minion("Deep Abomination"),), players=[player("Brama", hand=["Crystal"])],
             turn_order={"deck": ["N"], "discard": ["P1", "P2", "N", "P3"]})
    g = nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, life=[7], n_deck=[], in_play=[("Deep Abomination", 6, 0), (FILLER, 11, 0)])


def test_nemesis_card_hasten_damage_per_token_unleash_then_under_the_deck() -> None:
    d = make(GW, "Hasten", tokens=3)
    g = nemesis_turn(d)
    choose(g, ("player", 1))
    at_p1_main(g)
    assert now(g) == expect(d, life=[10, 7], tokens={"nemesis": 4}, n_deck=[FILLER, "Hasten"])
    assert g.state.nemesis.resolving == []


def test_nemesis_card_temporal_nimbus_power_unleash_and_an_extra_draw() -> None:
    d = make(GW, "Bane Sire", in_play=(power("Temporal Nimbus"),), tokens=1)
    g = nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, tokens={"nemesis": 2}, n_deck=[], n_discard=["Temporal Nimbus"],
                            in_play=[("Bane Sire", 6, 0), (FILLER, 11, 0)])


def test_nemesis_card_temporal_nimbus_N_1_ticks_down_without_an_extra_draw() -> None:
    d = make(GW, "Bane Sire", in_play=(power("Temporal Nimbus", 2),))
    g = nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, n_deck=[FILLER], in_play=[("Temporal Nimbus", 0, 1), ("Bane Sire", 6, 0)])


def test_nemesis_card_temporal_nimbus_P_14_pay_six_aether() -> None:
    check_pay(GW, "Temporal Nimbus", ok={"aether": 6}, short={"aether": 5}, aether=[0, 0])


def test_nemesis_card_nether_spiral_keeps_one_player_card_and_shuffles_the_rest() -> None:
    d = make(GW, in_play=(power("Nether Spiral"),),
             turn_order={"deck": ["P1", "N"], "discard": ["P2", "N", "P1", "P2"]})
    g = nemesis_turn(d)
    assert g.decision.kind == "turn_order_card" and g.decision.options == [("card", "P1"), ("card", "P2")]
    choose(g, ("card", "P1"))
    at_p1_main(g)
    got = now(g)
    assert sorted(got["to_deck"]) == ["N", "N", "P1", "P2", "P2"]
    assert got == expect(d, n_deck=[], n_discard=["Nether Spiral"], in_play=[(FILLER, 11, 0)],
                         to_deck=got["to_deck"], to_discard=["P1"])


def test_nemesis_card_nether_spiral_P_14_pay_seven_aether() -> None:
    check_pay(GW, "Nether Spiral", ok={"aether": 7}, short={"aether": 6}, aether=[0, 0])


def test_nemesis_card_paradox_beast_gravehold_suffers_one_per_token() -> None:
    d = make(GW, in_play=(minion("Paradox Beast"),), tokens=4)
    g = nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, gravehold=26, n_deck=[], in_play=[("Paradox Beast", 8, 0), (FILLER, 11, 0)])


def test_nemesis_card_portal_wretch_most_charges_suffers_two() -> None:
    d = make(GW, in_play=(minion("Portal Wretch"),), p1={"charges": 2})
    g = nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, life=[10, 8], n_deck=[], in_play=[("Portal Wretch", 8, 0), (FILLER, 11, 0)])


def test_nemesis_card_portal_wretch_discarded_shuffles_a_nemesis_turn_card_back() -> None:
    d = make(GW, in_play=(minion("Portal Wretch", 3),), turn_order={"deck": ["P2"], "discard": ["N", "P1", "N"]})
    g = run_steps(d, [("damage", 5)])
    choose(g, ("target", "Portal Wretch"))
    got = now(g)
    assert sorted(got["to_deck"]) == ["N", "P2"]
    assert got == expect(d, in_play=[], n_discard=["Portal Wretch"], to_deck=got["to_deck"],
                         to_discard=["P1", "N"])


def test_nemesis_card_distort_a_revealed_player_card_is_skipped() -> None:
    d = make(GW, "Distort", turn_order={"deck": ["P2", "N", "P1"], "discard": ["N"]})
    g = nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, tokens={"nemesis": 2}, n_deck=[FILLER, "Distort"],
                            to_deck=["N", "P1"], to_discard=["N", "P2"])


def test_nemesis_card_distort_a_revealed_nemesis_card_stays_and_gravehold_suffers_five() -> None:
    d = make(GW, "Distort", turn_order={"deck": ["N", "P1"], "discard": ["N"]})
    g = nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, gravehold=25, tokens={"nemesis": 2}, n_deck=[FILLER, "Distort"])


def test_nemesis_card_infinite_enmity_unleashes_up_to_six_tokens_then_under_the_deck() -> None:
    d = make(GW, in_play=(power("Infinite Enmity"),), tokens=2)
    g = nemesis_turn(d)
    at_p1_main(g)
    assert [e["event"] for e in g.events].count("unleash") == 4
    assert now(g) == expect(d, tokens={"nemesis": 6}, n_deck=["Infinite Enmity"], in_play=[(FILLER, 11, 0)])


def test_nemesis_card_infinite_enmity_no_unleash_at_six_tokens_or_more() -> None:
    d = make(GW, in_play=(power("Infinite Enmity"),), tokens=7, turn_order={"deck": ["P1"], "discard": ["N", "N"]})
    g = nemesis_turn(d)
    at_p1_main(g)
    assert [e["event"] for e in g.events].count("unleash") == 0
    assert now(g) == expect(d, n_deck=["Infinite Enmity"], in_play=[(FILLER, 11, 0)])


def test_nemesis_card_infinite_enmity_P_14_pay_eight_aether() -> None:
    check_pay(GW, "Infinite Enmity", ok={"aether": 8}, short={"aether": 7}, aether=[0, 0])


def test_nemesis_card_rift_scourge_a_player_suffers_four() -> None:
    d = make(GW, in_play=(minion("Rift Scourge"),))
    g = nemesis_turn(d)
    choose(g, ("player", 0))
    at_p1_main(g)
    assert now(g) == expect(d, life=[6, 10], n_deck=[], in_play=[("Rift Scourge", 13, 0), (FILLER, 11, 0)])


def test_nemesis_card_rift_scourge_defeated_goes_under_the_nemesis_deck() -> None:
    d = make(GW, in_play=(minion("Rift Scourge", 2),))
    g = run_steps(d, [("damage", 4)])
    choose(g, ("target", "Rift Scourge"))
    assert now(g) == expect(d, in_play=[], n_deck=[FILLER, "Rift Scourge"])


# =========================================================================== Umbra Titan


def test_nemesis_umbra_titan_S_7_setup_eight_tokens() -> None:
    n = new_state(Config(mages=["Brama", "Mist"], nemesis=UT, seed=4, basics="AE")).nemesis
    assert (n.life, n.tokens, n.decks) == (70, {"nemesis": 8}, {})
    assert set(registry.nemesis(UT).cards) <= set(n.deck)


def test_nemesis_umbra_titan_S_9_expert_and_extinction_start_with_five_tokens() -> None:
    for diff, want in (("beginner", 8), ("normal", 8), ("expert", 5), ("extinction", 5)):
        n = new_state(Config(mages=["Brama"], nemesis=UT, difficulty=diff, basics="AE")).nemesis
        assert n.tokens == {"nemesis": want}, diff


def test_nemesis_umbra_titan_N_4_unleash_one_nemesis_card_discarded_a_player_suffers_two() -> None:
    d = make(UT, turn_order={"deck": ["P1"], "discard": ["P2", "N"]})
    g = run_steps(d, [("unleash", 1)])
    assert g.decision.kind == "or" and g.decision.options == [("choose", 0), ("choose", 1)]
    choose(g, ("choose", 0))
    choose(g, ("player", 1))
    assert now(g) == expect(d, life=[10, 8])


def test_nemesis_umbra_titan_N_4_unleash_two_nemesis_cards_discarded_gravehold_suffers_two() -> None:
    d = make(UT, turn_order={"deck": ["P1"], "discard": ["N", "P2", "N"]})
    g = run_steps(d, [("unleash", 1)])
    choose(g, ("choose", 0))
    assert now(g) == expect(d, gravehold=28)


def test_nemesis_umbra_titan_N_4_unleash_or_loses_a_token() -> None:
    d = make(UT, turn_order={"deck": ["P1"], "discard": ["N"]})
    g = run_steps(d, [("unleash", 1)])
    choose(g, ("choose", 1))
    assert now(g) == expect(d, tokens={"nemesis": 7})


def test_nemesis_umbra_titan_G_2_players_lose_at_once_without_tokens() -> None:
    d = make(UT, tokens=1)
    g = run_steps(d, [("lose_token", "nemesis", 1), ("gravehold_damage", 5)])
    assert g.over and (g.result, g.reason) == ("loss", "nemesis_rule")
    assert now(g) == expect(d, tokens={"nemesis": 0})  # G-3: nothing after it resolves


def test_nemesis_umbra_titan_whole_random_game_finishes() -> None:
    g = random_game(UT, 3, ["Brama", "Mist", "Adelheim"], "expert")
    assert g.result in ("win", "loss")


def test_nemesis_card_cryptid_discards_the_costliest_prepped_spell() -> None:
    d = make(UT, in_play=(minion("Cryptid"),), p0={"breaches": prepped("Spark", "Jagged Lightning")},
             p1={"breaches": prepped("Conjure the Lost")})
    g = nemesis_turn(d)
    choose(g, ("choose", 0))
    at_p1_main(g)
    spells = snap(d)["spells"]
    spells[1][0] = []
    assert now(g) == expect(d, spells=spells, discard=[[], ["Conjure the Lost"]], n_deck=[],
                            in_play=[("Cryptid", 6, 0), (FILLER, 11, 0)])


def test_nemesis_card_cryptid_N_6_no_prepped_spell_forces_the_token_loss() -> None:
    d = make(UT, in_play=(minion("Cryptid"),))
    g = nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, tokens={"nemesis": 7}, n_deck=[], in_play=[("Cryptid", 6, 0), (FILLER, 11, 0)])


def test_nemesis_card_grubber_two_nemesis_cards_discarded_loses_a_token() -> None:
    d = make(UT, in_play=(minion("Grubber"),), turn_order={"deck": ["P1"], "discard": ["N", "N"]})
    g = nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, tokens={"nemesis": 7}, n_deck=[], in_play=[("Grubber", 5, 0), (FILLER, 11, 0)])


def test_nemesis_card_grubber_otherwise_gravehold_suffers_two() -> None:
    d = make(UT, in_play=(minion("Grubber"),), turn_order={"deck": ["P1", "N"], "discard": ["N"]})
    g = nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, gravehold=28, n_deck=[], in_play=[("Grubber", 5, 0), (FILLER, 11, 0)])


def test_nemesis_card_seismic_roar_power_loses_two_tokens() -> None:
    d = make(UT, in_play=(power("Seismic Roar"),))
    g = nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, tokens={"nemesis": 6}, n_deck=[], n_discard=["Seismic Roar"],
                            in_play=[(FILLER, 11, 0)])


def test_nemesis_card_seismic_roar_P_14_pay_six_aether() -> None:
    check_pay(UT, "Seismic Roar", ok={"aether": 6}, short={"aether": 5}, aether=[0, 0])


def test_nemesis_card_maul_destroys_the_two_costliest_prepped_spells() -> None:
    d = make(UT, "Maul", p0={"breaches": prepped("Spark", "Jagged Lightning")},
             p1={"breaches": prepped("Conjure the Lost", "Spark")})
    g = nemesis_turn(d)
    choose(g, ("choose", 0))
    at_p1_main(g)
    spells = snap(d)["spells"]
    spells[0][1] = []
    spells[1][0] = []
    assert now(g) == expect(d, spells=spells, destroyed=["Conjure the Lost", "Jagged Lightning"],
                            n_deck=[FILLER], n_discard=["Maul"])


def test_nemesis_card_maul_N_6_one_prepped_spell_forces_the_token_loss() -> None:
    d = make(UT, "Maul", p0={"breaches": prepped("Spark")})
    g = nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, tokens={"nemesis": 6}, n_deck=[FILLER], n_discard=["Maul"])


def test_nemesis_card_tombfright_five_tokens_or_more_loses_one() -> None:
    d = make(UT, in_play=(minion("Tombfright"),), tokens=5)
    g = nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, tokens={"nemesis": 4}, n_deck=[], in_play=[("Tombfright", 8, 0), (FILLER, 11, 0)])


def test_nemesis_card_tombfright_fewer_tokens_gravehold_suffers_three() -> None:
    d = make(UT, in_play=(minion("Tombfright"),), tokens=4)
    g = nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, gravehold=27, n_deck=[], in_play=[("Tombfright", 8, 0), (FILLER, 11, 0)])


def test_nemesis_card_vault_behemoth_unhurt_only_the_player_suffers() -> None:
    d = make(UT, in_play=(minion("Vault Behemoth"),))
    g = nemesis_turn(d)
    choose(g, ("player", 0))
    at_p1_main(g)
    assert now(g) == expect(d, life=[8, 10], n_deck=[], in_play=[("Vault Behemoth", 9, 0), (FILLER, 11, 0)])


def test_nemesis_card_vault_behemoth_hurt_also_loses_a_token() -> None:
    d = make(UT, in_play=(minion("Vault Behemoth", 8),))
    g = nemesis_turn(d)
    choose(g, ("player", 1))
    at_p1_main(g)
    assert now(g) == expect(d, life=[10, 8], tokens={"nemesis": 7}, n_deck=[],
                            in_play=[("Vault Behemoth", 8, 0), (FILLER, 11, 0)])


def test_nemesis_card_crumble_returns_the_last_minion_then_unleashes() -> None:
    d = make(UT, "Crumble", discard=("Grubber", "Tombfright"), turn_order={"deck": ["P1"], "discard": ["N", "N"]})
    g = nemesis_turn(d)
    choose(g, ("choose", 0))
    choose(g, ("choose", 0))  # the Unleash: two nemesis cards discarded -> Gravehold suffers 2
    at_p1_main(g)
    assert now(g) == expect(d, gravehold=28, n_deck=[FILLER], n_discard=["Grubber", "Crumble"],
                            in_play=[("Tombfright", 8, 0)])


def test_nemesis_card_crumble_loses_three_tokens() -> None:
    d = make(UT, "Crumble", discard=("Grubber",))
    g = nemesis_turn(d)
    choose(g, ("choose", 1))
    at_p1_main(g)
    assert now(g) == expect(d, tokens={"nemesis": 5}, n_deck=[FILLER], n_discard=["Grubber", "Crumble"])


def test_nemesis_card_demi_ancient_loses_a_token_each_turn() -> None:
    d = make(UT, in_play=(minion("Demi-Ancient"),), tokens=2)
    g = nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, tokens={"nemesis": 1}, n_deck=[], in_play=[("Demi-Ancient", 18, 0), (FILLER, 11, 0)])


def test_nemesis_card_demi_ancient_G_2_its_last_token_loses_the_game() -> None:
    d = make(UT, in_play=(minion("Demi-Ancient"),), tokens=1)
    g = nemesis_turn(d)
    assert g.over and (g.result, g.reason) == ("loss", "nemesis_rule")


def test_nemesis_card_yawning_black_power_a_player_suffers_six_or_three_tokens() -> None:
    d = make(UT, in_play=(power("Yawning Black"),))
    g = nemesis_turn(d)
    choose(g, ("choose", 0))
    choose(g, ("player", 0))
    at_p1_main(g)
    assert now(g) == expect(d, life=[4, 10], n_deck=[], n_discard=["Yawning Black"], in_play=[(FILLER, 11, 0)])
    g = nemesis_turn(d)
    choose(g, ("choose", 1))
    at_p1_main(g)
    assert now(g) == expect(d, tokens={"nemesis": 5}, n_deck=[], n_discard=["Yawning Black"],
                            in_play=[(FILLER, 11, 0)])


def test_nemesis_card_yawning_black_P_14_pay_eight_aether() -> None:
    check_pay(UT, "Yawning Black", ok={"aether": 8}, short={"aether": 7}, aether=[0, 0])


# =========================================================================== Magus of Cloaks: mat


def test_nemesis_magus_of_cloaks_S_7_setup_four_tokens_35_life() -> None:
    n = new_state(Config(mages=["Brama", "Mist"], nemesis=MC, seed=1, basics="AE")).nemesis
    assert (n.life, n.max_life, n.tokens) == (35, 35, {"nemesis": 4})


def test_nemesis_magus_of_cloaks_N_4_unleash_gains_two_tokens_or_hits_gravehold() -> None:
    d = make(MC, tokens=4)
    g = run_steps(d, [("unleash", 1)])
    choose(g, ("choose", 0))
    assert now(g) == expect(d, tokens={"nemesis": 6})
    g = run_steps(d, [("unleash", 1)])
    choose(g, ("choose", 1))
    assert now(g) == expect(d, gravehold=28)


def test_nemesis_magus_of_cloaks_N_6_unleash_near_the_cap_hits_gravehold() -> None:
    d = make(MC, tokens=7)
    g = run_steps(d, [("unleash", 1)])  # two more tokens would pass 8: no choice
    assert now(g) == expect(d, gravehold=28)


def test_nemesis_magus_of_cloaks_P_4_damage_lowered_by_tokens_then_one_lost() -> None:
    d = make(MC, tokens=4)
    g = run_steps(d, [("damage", 6)])
    assert now(g) == expect(d, nemesis_life=33, tokens={"nemesis": 3})
    g = run_steps(d, [("damage", 3)])
    assert now(g) == expect(d, tokens={"nemesis": 3})


def test_nemesis_magus_of_cloaks_never_below_two_or_above_eight_tokens() -> None:
    d = make(MC, tokens=2)
    g = run_steps(d, [("damage", 5)])
    assert now(g) == expect(d, nemesis_life=32, tokens={"nemesis": 2})
    d = make(MC, tokens=6)
    g = run_steps(d, [("gain_token", "nemesis", 5)])
    assert now(g) == expect(d, tokens={"nemesis": 8})


def test_nemesis_magus_of_cloaks_S_9_expert_bounds_three_to_nine() -> None:
    d = make(MC, tokens=3, expert=True)
    g = run_steps(d, [("damage", 5), ("gain_token", "nemesis", 1)])
    assert now(g) == expect(d, nemesis_life=33, tokens={"nemesis": 4})
    d = make(MC, tokens=6, expert=True)
    g = run_steps(d, [("gain_token", "nemesis", 5)])
    assert now(g) == expect(d, tokens={"nemesis": 9})
    g = run_steps(make(MC, tokens=7, expert=True), [("unleash", 1)])
    assert g.decision.kind == "or"  # 9 is within the expert bound


def test_nemesis_magus_of_cloaks_whole_random_game_finishes() -> None:
    g = random_game(MC, 7, ["Brama"], "extinction")
    assert g.result in ("win", "loss")


# =========================================================================== Magus of Cloaks: cards


def test_nemesis_card_dusk_spawn_a_player_loses_a_charge() -> None:
    d = make(MC, in_play=(minion("Dusk Spawn"),), p1={"charges": 2})
    g = nemesis_turn(d)
    choose(g, ("choose", 0))  # only Mist has a charge: no question who
    at_p1_main(g)
    assert now(g) == expect(d, charges=[0, 1], n_deck=[], in_play=[("Dusk Spawn", 5, 0), (FILLER, 11, 0)])


def test_nemesis_card_dusk_spawn_N_6_no_charges_forces_two_damage() -> None:
    d = make(MC, in_play=(minion("Dusk Spawn"),))
    g = nemesis_turn(d)
    assert g.decision.kind == "player"
    choose(g, ("player", 0))
    at_p1_main(g)
    assert now(g) == expect(d, life=[8, 10], n_deck=[], in_play=[("Dusk Spawn", 5, 0), (FILLER, 11, 0)])


def test_nemesis_card_dusk_spawn_damaged_gives_the_nemesis_a_token() -> None:
    d = make(MC, in_play=(minion("Dusk Spawn"),), tokens=4)
    g = run_steps(d, [("damage", 2)])
    choose(g, ("target", "Dusk Spawn"))
    assert now(g) == expect(d, tokens={"nemesis": 5}, in_play=[("Dusk Spawn", 3, 0)])
    g = run_steps(d, [("damage", 9)])
    choose(g, ("target", "Dusk Spawn"))
    assert now(g) == expect(d, tokens={"nemesis": 5}, in_play=[], n_discard=["Dusk Spawn"])


def test_nemesis_card_rising_dark_power_unleash_damage_and_a_spark_destroyed() -> None:
    d = make(MC, in_play=(power("Rising Dark"),), tokens=3, p1={"breaches": prepped("Spark", "Jagged Lightning")})
    g = nemesis_turn(d)
    choose(g, ("choose", 1))  # Unleash: Gravehold suffers 2
    choose(g, ("player", 0))
    at_p1_main(g)
    spells = snap(d)["spells"]
    spells[1][0] = []
    assert now(g) == expect(d, gravehold=28, life=[7, 10], spells=spells, destroyed=["Spark"], n_deck=[],
                            n_discard=["Rising Dark"], in_play=[(FILLER, 11, 0)])


def test_nemesis_card_rising_dark_discarded_when_damage_reaches_the_nemesis() -> None:
    d = make(MC, in_play=(power("Rising Dark", 2), power("Twilight Empire", 2)), tokens=2)
    g = run_steps(d, [("damage", 2)])  # fully cloaked: it stays
    assert now(g) == expect(d, tokens={"nemesis": 2})
    g = run_steps(d, [("damage", 3)])
    assert now(g) == expect(d, nemesis_life=34, in_play=[("Twilight Empire", 0, 2)], n_discard=["Rising Dark"])


def test_nemesis_card_twilight_empire_gravehold_per_token_then_a_token() -> None:
    d = make(MC, in_play=(power("Twilight Empire"),), tokens=5)
    g = nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, gravehold=25, tokens={"nemesis": 6}, n_deck=[], n_discard=["Twilight Empire"],
                            in_play=[(FILLER, 11, 0)])


def test_nemesis_card_ashen_haruspex_half_the_tokens_rounded_up() -> None:
    d = make(MC, in_play=(minion("Ashen Haruspex"),), tokens=5)
    g = nemesis_turn(d)
    choose(g, ("player", 1))
    at_p1_main(g)
    assert now(g) == expect(d, life=[10, 7], n_deck=[], in_play=[("Ashen Haruspex", 5, 0), (FILLER, 11, 0)])


def test_nemesis_card_ashen_haruspex_each_damage_two_lower() -> None:
    d = make(MC, in_play=(minion("Ashen Haruspex"),))
    g = run_steps(d, [("damage", 2), ("damage", 5)])
    choose(g, ("target", "Ashen Haruspex"))
    choose(g, ("target", "Ashen Haruspex"))
    assert now(g) == expect(d, in_play=[("Ashen Haruspex", 2, 0)])


def test_nemesis_card_black_solstice_power_unleash_twice_damage_and_a_prepped_discard() -> None:
    d = make(MC, in_play=(power("Black Solstice"),), tokens=2, p1={"breaches": prepped("Spark")})
    g = nemesis_turn(d)
    choose(g, ("choose", 0))
    choose(g, ("choose", 0))
    # only Mist has a prepped spell: no player choice
    at_p1_main(g)
    spells = snap(d)["spells"]
    spells[1][0] = []
    assert now(g) == expect(d, tokens={"nemesis": 6}, life=[10, 7], spells=spells, discard=[[], ["Spark"]],
                            n_deck=[], n_discard=["Black Solstice"], in_play=[(FILLER, 11, 0)])


def test_nemesis_card_black_solstice_discarded_when_damage_reaches_the_nemesis() -> None:
    d = make(MC, in_play=(power("Black Solstice", 2),), tokens=3)
    g = run_steps(d, [("damage", 4)])
    assert now(g) == expect(d, nemesis_life=34, tokens={"nemesis": 2}, in_play=[], n_discard=["Black Solstice"])


def test_nemesis_card_enshroud_four_tokens_and_two_sparks_destroyed() -> None:
    d = make(MC, "Enshroud", tokens=2, p0={"breaches": prepped("Spark", "Spark")},
             p1={"breaches": prepped("Jagged Lightning", "Spark")})
    g = nemesis_turn(d)
    assert g.decision.options == [("spell", 0, 0, 0), ("spell", 0, 1, 0), ("spell", 1, 1, 0)]
    choose(g, ("spell", 1, 1, 0))
    choose(g, ("spell", 0, 0, 0))
    at_p1_main(g)
    spells = snap(d)["spells"]
    spells[0][0] = []
    spells[1][1] = []
    assert now(g) == expect(d, tokens={"nemesis": 6}, spells=spells, destroyed=["Spark", "Spark"],
                            n_deck=[FILLER], n_discard=["Enshroud"])


def test_nemesis_card_eclipse_five_tokens_and_the_costliest_spell_destroyed() -> None:
    d = make(MC, "Eclipse", tokens=2, p0={"breaches": prepped("Spark", "Jagged Lightning")},
             p1={"breaches": prepped("Conjure the Lost")})
    g = nemesis_turn(d)
    at_p1_main(g)
    spells = snap(d)["spells"]
    spells[1][0] = []
    assert now(g) == expect(d, tokens={"nemesis": 7}, life=[10, 8], spells=spells, destroyed=["Conjure the Lost"],
                            n_deck=[FILLER], n_discard=["Eclipse"])


def test_nemesis_card_eclipse_without_prepped_spells_a_player_suffers_two() -> None:
    d = make(MC, "Eclipse", tokens=5)
    g = nemesis_turn(d)
    choose(g, ("player", 0))
    at_p1_main(g)
    assert now(g) == expect(d, tokens={"nemesis": 8}, life=[8, 10], n_deck=[FILLER], n_discard=["Eclipse"])


def test_nemesis_card_shadow_s_reach_four_tokens_on_arrival_and_nine_power_tokens() -> None:
    d = make(MC, "Shadow's Reach", tokens=2)
    g = nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, tokens={"nemesis": 6}, n_deck=[FILLER], in_play=[("Shadow's Reach", 0, 9)])
    assert ("pay", "Shadow's Reach") not in g.legal_actions()


def test_nemesis_card_shadow_s_reach_G_2_its_power_loses_the_game() -> None:
    g = nemesis_turn(make(MC, in_play=(power("Shadow's Reach"),)))
    assert g.over and (g.result, g.reason) == ("loss", "nemesis_rule")


def test_nemesis_card_veil_daughter_most_charges_suffers_four() -> None:
    d = make(MC, in_play=(minion("Veil Daughter"),), p0={"charges": 3}, p1={"charges": 1})
    g = nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, life=[6, 10], n_deck=[], in_play=[("Veil Daughter", 11, 0), (FILLER, 11, 0)])


def test_nemesis_card_veil_daughter_damage_lowered_by_the_tokens() -> None:
    d = make(MC, in_play=(minion("Veil Daughter"),), tokens=4)
    g = run_steps(d, [("damage", 7), ("damage", 3)])
    choose(g, ("target", "Veil Daughter"))
    choose(g, ("target", "Veil Daughter"))
    assert now(g) == expect(d, in_play=[("Veil Daughter", 8, 0)])


# =========================================================================== Hollow Crown: mat


def hc(*top: str, acolytes: tuple[dict[str, Any], ...] = (), deck: tuple[str, ...] = (), **kw: Any) -> dict[str, Any]:
    """A Hollow Crown state; ``acolytes`` in play first, then the other ``in_play`` cards."""
    in_play = (*acolytes, *kw.pop("in_play", ()))
    return make(HC, *top, in_play=in_play, acolytes=deck, **kw)


def test_nemesis_hollow_crown_S_7_setup_two_acolytes_in_play_life_one() -> None:
    st = new_state(Config(mages=["Brama", "Mist"], nemesis=HC, seed=6, basics="AE"))
    n = st.nemesis
    assert (n.life, n.max_life, n.tokens) == (1, 1, {})
    assert [(c.name in ACOLYTES, c.life) for c in n.in_play] == [(True, 11), (True, 11)]
    assert len(n.decks["acolyte"]) == 7 and n.decks["acolyte_discard"] == []
    assert sorted([c.name for c in n.in_play] + n.decks["acolyte"]) == ACOLYTES
    assert not set(ACOLYTES) & set(n.deck)


def test_nemesis_hollow_crown_S_9_beginner_discards_the_top_acolyte() -> None:
    n = new_state(Config(mages=["Brama"], nemesis=HC, seed=6, difficulty="beginner", basics="AE")).nemesis
    assert (n.life, n.max_life) == (1, 1)
    assert len(n.in_play) == 2 and len(n.decks["acolyte"]) == 6 and len(n.decks["acolyte_discard"]) == 1


def test_nemesis_hollow_crown_P_3_cannot_be_damaged() -> None:
    d = hc(acolytes=(minion("Kurgax", 4),))
    g = run_steps(d, [("damage", 3)])  # the only target is the acolyte: no question
    assert now(g) == expect(d, in_play=[("Kurgax", 1, 0)])
    g = run_steps(hc(acolytes=(minion("Kurgax"),), in_play=(minion("Thronewatch"),)), [("damage", 2)])
    assert g.decision.options == [("target", "Kurgax"), ("target", "Thronewatch")]
    nemesis_damage(g.engine, 9, "test")
    assert g.state.nemesis.life == 1 and not g.over


def test_nemesis_hollow_crown_a_discarded_acolyte_is_replaced_from_the_acolyte_deck() -> None:
    d = hc(acolytes=(minion("Kurgax", 3), minion("Lurzan")), deck=("Mord", "Bezu"))
    g = run_steps(d, [("damage", 5)])
    choose(g, ("target", "Kurgax"))
    assert now(g) == expect(d, in_play=[("Lurzan", 11, 0), ("Mord", 11, 0)],
                            decks={"acolyte": ["Bezu"], "acolyte_discard": ["Kurgax"]})


def test_nemesis_hollow_crown_G_1_win_at_the_end_of_a_turn_without_acolytes() -> None:
    d = hc(acolytes=(minion("Kurgax", 3),), acolyte_discard=("Mord",))
    g = run_steps(d, [("damage", 5)])
    at_p1_main(g)  # the turn goes on: the win waits for its end
    assert now(g) == expect(d, in_play=[], decks={"acolyte": [], "acolyte_discard": ["Mord", "Kurgax"]})
    choose(g, ("end_main",))
    assert g.over and (g.result, g.reason) == ("win", "nemesis_rule")


def test_nemesis_hollow_crown_N_4_unleash_the_acolyte_with_most_life() -> None:
    d = hc(acolytes=(minion("Nhavkalas", 9), minion("Kurgax", 10)))
    g = run_steps(d, [("unleash", 1)])
    choose(g, ("player", 1))
    assert now(g) == expect(d, gravehold=29, life=[10, 9])


def test_nemesis_hollow_crown_N_6_unleash_tie_is_the_players_pick() -> None:
    d = hc(acolytes=(minion("Kurgax"), minion("Nhavkalas")))
    g = run_steps(d, [("unleash", 1)])
    assert g.decision.kind == "minion" and g.decision.options == [("minion", "Kurgax"), ("minion", "Nhavkalas")]
    choose(g, ("minion", "Nhavkalas"))
    assert now(g) == expect(d, gravehold=27, in_play=[("Kurgax", 11, 0), ("Nhavkalas", 10, 0)])


def test_nemesis_hollow_crown_S_9_expert_unleash_every_acolyte_without_self_damage() -> None:
    d = hc(acolytes=(minion("Nhavkalas", 4), minion("Solara", 11)), expert=True, p1={"hand": ["Spark", "Spark"]})
    g = run_steps(d, [("unleash", 1)])
    # Nhavkalas first (longest in play), then Solara: only Mist can discard two cards (N-6),
    # both Sparks; no question is asked and neither acolyte is hurt
    assert now(g) == expect(d, gravehold=27, hand=[["Crystal"], []], discard=[[], ["Spark", "Spark"]])


def test_nemesis_hollow_crown_E_1_exhaustion_costs_gravehold_four_instead_of_unleashes() -> None:
    d = hc(acolytes=(minion("Nhavkalas"),), p0={"life": 2, "charges": 3})
    g = run_steps(d, [("player", "any", (("suffer", 5),))])
    choose(g, ("player", 0))
    assert g.decision.kind == "destroy_breach"
    choose(g, ("breach", 0))
    assert [e["event"] for e in g.events].count("unleash") == 0
    breaches = snap(d)["breaches"]
    breaches[0][0] = "destroyed"
    assert now(g) == expect(d, gravehold=30 - 6 - 4, life=[0, 10], exhausted=[True, False], charges=[0, 0],
                            breaches=breaches)


def test_nemesis_hollow_crown_whole_random_game_finishes() -> None:
    g = random_game(HC, 11, ["Brama", "Mist", "Adelheim", "Xaxos"], "beginner")
    assert g.result in ("win", "loss")


# =========================================================================== Hollow Crown: cards


def test_nemesis_card_beseech_weakest_acolyte_under_the_deck_next_one_in_then_unleash() -> None:
    d = hc("Beseech", acolytes=(minion("Kurgax", 6), minion("Nhavkalas", 2)), deck=("Lurzan",))
    g = nemesis_turn(d)
    # Unleash: Lurzan (11) has the most life -> the player with least life (a tie) suffers 1
    choose(g, ("player", 0))
    at_p1_main(g)
    assert now(g) == expect(d, life=[9, 10], n_deck=[FILLER], n_discard=["Beseech"],
                            in_play=[("Kurgax", 6, 0), ("Lurzan", 11, 0)],
                            decks={"acolyte": ["Nhavkalas"], "acolyte_discard": []})


def test_nemesis_card_enslave_every_acolyte_without_self_damage() -> None:
    d = hc("Enslave", acolytes=(minion("Nhavkalas", 1), minion("Bezu", 2)),
           p0={"breaches": prepped("Spark", "Spark")})
    g = nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, gravehold=30 - 3 - 2, n_deck=[FILLER], n_discard=["Enslave"])


def test_nemesis_card_thronewatch_weakest_acolyte_blood_magic_then_one_damage() -> None:
    d = hc(acolytes=(minion("Kurgax"), minion("Nhavkalas", 5)), in_play=(minion("Thronewatch"),))
    g = nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, gravehold=27, n_deck=[],
                            in_play=[("Kurgax", 11, 0), ("Nhavkalas", 3, 0), ("Thronewatch", 6, 0), (FILLER, 11, 0)])


def test_nemesis_card_ascend_unleash_then_weakest_acolyte_heals_ten_and_resolves() -> None:
    d = hc("Ascend", acolytes=(minion("Kurgax", 10), minion("Nhavkalas", 4)))
    g = nemesis_turn(d)
    choose(g, ("player", 1))  # the Unleash: Kurgax
    at_p1_main(g)
    assert now(g) == expect(d, gravehold=30 - 1 - 3, life=[10, 9], n_deck=[FILLER], n_discard=["Ascend"],
                            in_play=[("Kurgax", 10, 0), ("Nhavkalas", 10, 0)])


def test_nemesis_card_ascend_healing_stops_at_eleven() -> None:
    d = hc("Ascend", acolytes=(minion("Nhavkalas", 7),))
    g = nemesis_turn(d)  # Unleash: Nhavkalas 7 -> 6 (and Gravehold 3); Ascend: 6 + 10 -> 11, then 10
    at_p1_main(g)
    assert now(g) == expect(d, gravehold=24, n_deck=[FILLER], n_discard=["Ascend"], in_play=[("Nhavkalas", 10, 0)])


def test_nemesis_card_infernal_domain_draws_an_acolyte_then_every_blood_magic() -> None:
    d = hc(acolytes=(minion("Nhavkalas", 1),), in_play=(power("Infernal Domain"),), deck=("Kurgax", "Mord"))
    g = nemesis_turn(d)
    choose(g, ("player", 1))  # Kurgax's player damage
    at_p1_main(g)
    assert now(g) == expect(d, gravehold=30 - 3 - 1, life=[10, 9], n_deck=[], n_discard=["Infernal Domain"],
                            in_play=[("Nhavkalas", 1, 0), ("Kurgax", 11, 0), (FILLER, 11, 0)],
                            decks={"acolyte": ["Mord"], "acolyte_discard": []})


def test_nemesis_card_infernal_domain_P_14_pay_eight_aether() -> None:
    check_pay(HC, "Infernal Domain", ok={"aether": 8}, short={"aether": 7}, aether=[0, 0])


def test_nemesis_card_reign_strongest_acolyte_resolves_and_suffers_six_then_two_unleashes() -> None:
    d = hc("Reign", acolytes=(minion("Nhavkalas", 11), minion("Kurgax", 3)))
    g = nemesis_turn(d)
    # Reign: Nhavkalas (G-3, 11 -> 10 -> 4); Unleash 1: Kurgax 3 < 4: Nhavkalas again (G-3, 3);
    # Unleash 2: Kurgax and Nhavkalas tie at 3
    choose(g, ("minion", "Kurgax"))
    choose(g, ("player", 0))
    at_p1_main(g)
    assert now(g) == expect(d, gravehold=30 - 3 - 3 - 1, life=[9, 10], n_deck=[FILLER], n_discard=["Reign"],
                            in_play=[("Nhavkalas", 3, 0), ("Kurgax", 3, 0)])


def test_nemesis_card_dominate_every_acolyte_twice_without_self_damage() -> None:
    d = hc("Dominate", acolytes=(minion("Nhavkalas", 1), minion("Lurzan")), p1={"life": 6})
    g = nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, gravehold=24, life=[10, 4], n_deck=[FILLER], n_discard=["Dominate"])


def test_nemesis_card_nameless_faith_two_last_acolytes_back_then_every_blood_magic() -> None:
    d = hc(acolytes=(minion("Nhavkalas", 2),), in_play=(power("Nameless Faith"),),
           deck=("Kurgax",), acolyte_discard=("Bezu", "Mord", "Solara"))
    g = nemesis_turn(d)
    at_p1_main(g)
    got = now(g)
    assert sorted(got["decks"]["acolyte"]) == ["Kurgax", "Mord", "Solara"]
    assert got == expect(d, gravehold=27, n_deck=[], n_discard=["Nameless Faith"],
                         in_play=[("Nhavkalas", 2, 0), (FILLER, 11, 0)],
                         decks={"acolyte": got["decks"]["acolyte"], "acolyte_discard": ["Bezu"]})


def test_nemesis_card_nameless_faith_P_14_pay_eight_aether() -> None:
    check_pay(HC, "Nameless Faith", ok={"aether": 8}, short={"aether": 7}, aether=[0, 0])


def test_nemesis_card_viscera_bride_weakest_acolyte_heals_ten_and_resolves_twice() -> None:
    d = hc(acolytes=(minion("Kurgax"), minion("Nhavkalas", 3)), in_play=(minion("Viscera Bride"),))
    g = nemesis_turn(d)
    at_p1_main(g)
    assert now(g) == expect(d, gravehold=24, n_deck=[],
                            in_play=[("Kurgax", 11, 0), ("Nhavkalas", 9, 0), ("Viscera Bride", 18, 0), (FILLER, 11, 0)])


# --------------------------------------------------------------------------- acolytes (via Unleash)


def unleash_acolyte(name: str, life: int = 11, **kw: Any) -> tuple[dict[str, Any], Game]:
    """``name`` (most life) and a weak Lurzan in play; resolve one Unleash: its Blood Magic."""
    d = hc(acolytes=(minion(name, life), minion("Lurzan", 1)), deck=("Mord",), **kw)
    return d, run_steps(d, [("unleash", 1)])


def test_nemesis_card_bezu_gravehold_and_itself_per_spell_of_the_most_prepped_player() -> None:
    d, g = unleash_acolyte("Bezu", p0={"breaches": prepped("Spark", "Spark")}, p1={"breaches": prepped("Spark")})
    assert now(g) == expect(d, gravehold=28, in_play=[("Bezu", 9, 0), ("Lurzan", 1, 0)])


def test_nemesis_card_edryss_tragg_two_damage_and_itself_two_when_the_player_is_low() -> None:
    d, g = unleash_acolyte("Edryss Tragg", p1={"life": 7})
    choose(g, ("player", 1))
    assert now(g) == expect(d, life=[10, 5], in_play=[("Edryss Tragg", 9, 0), ("Lurzan", 1, 0)])
    d, g = unleash_acolyte("Edryss Tragg", p1={"life": 8})
    choose(g, ("player", 1))
    assert now(g) == expect(d, life=[10, 6])


def test_nemesis_card_holadran_two_different_players_suffer_one_each() -> None:
    d, g = unleash_acolyte("Holadran")
    assert g.decision.options == [("player", 0), ("player", 1)]
    choose(g, ("player", 1))  # the second player is then the only one left
    assert now(g) == expect(d, life=[9, 9])


def test_nemesis_card_holadran_SO_1_true_solo_you_suffer_both() -> None:
    ps = [player("Brama", hand=["Crystal"])]
    d = hc(acolytes=(minion("Holadran"),), players=ps)
    g = run_steps(d, [("unleash", 1)])
    assert now(g) == expect(d, life=[8])


def test_nemesis_card_kurgax_gravehold_one_and_a_player_one() -> None:
    d, g = unleash_acolyte("Kurgax")
    choose(g, ("player", 0))
    assert now(g) == expect(d, gravehold=29, life=[9, 10])


def test_nemesis_card_lurzan_the_player_with_least_life_suffers_one() -> None:
    d = hc(acolytes=(minion("Lurzan"),), p1={"life": 4})
    g = run_steps(d, [("unleash", 1)])
    assert now(g) == expect(d, life=[10, 3])


def test_nemesis_card_mord_gravehold_three_or_a_charge_and_one_each() -> None:
    d, g = unleash_acolyte("Mord", p1={"charges": 2})
    choose(g, ("choose", 0))
    assert now(g) == expect(d, gravehold=27)
    d, g = unleash_acolyte("Mord", p1={"charges": 2})
    choose(g, ("choose", 1))
    assert now(g) == expect(d, gravehold=29, charges=[0, 1], in_play=[("Mord", 10, 0), ("Lurzan", 1, 0)])


def test_nemesis_card_mord_N_6_no_charges_forces_gravehold_three() -> None:
    d, g = unleash_acolyte("Mord")
    assert now(g) == expect(d, gravehold=27)


def test_nemesis_card_nhavkalas_gravehold_three_and_itself_one() -> None:
    d, g = unleash_acolyte("Nhavkalas", 2)
    assert now(g) == expect(d, gravehold=27, in_play=[("Nhavkalas", 1, 0), ("Lurzan", 1, 0)])


def test_nemesis_card_nhavkalas_defeating_itself_brings_the_next_acolyte() -> None:
    d = hc(acolytes=(minion("Nhavkalas", 1),), deck=("Kurgax", "Bezu"))
    g = run_steps(d, [("unleash", 1)])
    assert now(g) == expect(d, gravehold=27, in_play=[("Kurgax", 11, 0)],
                            decks={"acolyte": ["Bezu"], "acolyte_discard": ["Nhavkalas"]})


def test_nemesis_card_ren_goda_two_damage_or_one_and_the_costliest_card() -> None:
    d, g = unleash_acolyte("Ren-Goda")
    choose(g, ("choose", 0))
    choose(g, ("player", 0))
    assert now(g) == expect(d, life=[8, 10])
    d, g = unleash_acolyte("Ren-Goda", p1={"hand": ["Crystal", "Jagged Lightning"]})
    choose(g, ("choose", 1))
    choose(g, ("player", 1))
    assert now(g) == expect(d, life=[10, 9], hand=[["Crystal"], ["Crystal"]], discard=[[], ["Jagged Lightning"]])


def test_nemesis_card_solara_a_player_discards_two_and_it_suffers_three() -> None:
    d, g = unleash_acolyte("Solara", p0={"hand": ["Crystal", "Spark", "Crystal"]})
    assert g.decision.kind == "discard" and g.decision.player == 0  # N-6: only Brama has two cards
    choose(g, ("card", "Spark"))
    assert now(g) == expect(d, hand=[["Crystal"], ["Crystal"]], discard=[["Spark", "Crystal"], []],
                            in_play=[("Solara", 8, 0), ("Lurzan", 1, 0)])


@pytest.mark.parametrize("name", ACOLYTES)
def test_nemesis_card_acolyte_is_an_eleven_life_minion_of_the_acolyte_deck(name: str) -> None:
    c = registry.nemesis_card(name)
    assert (c.type, c.tier, c.life, c.deck, c.nemesis, bool(c.blood_magic)) == ("minion", 0, 11, "acolyte", HC, True)


# =========================================================================== whole games


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("nid", NEMESES)
def test_nemesis_we_random_games_with_own_cards_first_keep_every_card(nid: str, seed: int) -> None:
    mages = ["Brama", "Mist", "Adelheim", "Xaxos"][: 1 + seed % 4]
    g = random_game(nid, seed, mages, ("beginner", "normal", "expert", "extinction")[seed % 4], own_first=True)
    assert g.result in ("win", "loss")


# =========================================================================== data, text, coverage

#: type, tier, life (minions) or power tokens (powers), as printed
PRINTED = {
    "Deep Abomination": ("minion", 1, 6), "Hasten": ("attack", 1, 0), "Temporal Nimbus": ("power", 1, 3),
    "Nether Spiral": ("power", 2, 3), "Paradox Beast": ("minion", 2, 8), "Portal Wretch": ("minion", 2, 8),
    "Distort": ("attack", 3, 0), "Infinite Enmity": ("power", 3, 2), "Rift Scourge": ("minion", 3, 13),
    "Beseech": ("attack", 1, 0), "Enslave": ("attack", 1, 0), "Thronewatch": ("minion", 1, 6),
    "Ascend": ("attack", 2, 0), "Infernal Domain": ("power", 2, 2), "Reign": ("attack", 2, 0),
    "Dominate": ("attack", 3, 0), "Nameless Faith": ("power", 3, 1), "Viscera Bride": ("minion", 3, 18),
    "Dusk Spawn": ("minion", 1, 5), "Rising Dark": ("power", 1, 3), "Twilight Empire": ("power", 1, 3),
    "Ashen Haruspex": ("minion", 2, 5), "Black Solstice": ("power", 2, 2), "Enshroud": ("attack", 2, 0),
    "Eclipse": ("attack", 3, 0), "Shadow's Reach": ("power", 3, 9), "Veil Daughter": ("minion", 3, 11),
    "Cryptid": ("minion", 1, 6), "Grubber": ("minion", 1, 5), "Seismic Roar": ("power", 1, 3),
    "Maul": ("attack", 2, 0), "Tombfright": ("minion", 2, 8), "Vault Behemoth": ("minion", 2, 9),
    "Crumble": ("attack", 3, 0), "Demi-Ancient": ("minion", 3, 18), "Yawning Black": ("power", 3, 2),
}


@pytest.mark.parametrize("name", sorted(PRINTED))
def test_nemesis_card_we_type_tier_and_life_or_power_as_printed(name: str) -> None:
    c = registry.nemesis_card(name)
    amount = c.life if c.type == "minion" else c.power_tokens
    assert (c.type, c.tier, amount) == PRINTED[name]
    assert c.box == "WE" and c.deck == "nemesis" and c.nemesis in NEMESES
    assert name in registry.nemesis(c.nemesis).cards


@pytest.mark.parametrize("nid", NEMESES)
def test_nemesis_we_mat_and_cards_render_text(nid: str) -> None:
    n = registry.nemesis(nid)
    assert n.box == "WE" and n.life == LIFE[nid]
    text = nemesis_text(n)
    assert text.startswith("Unleash: ")
    for name in (*n.cards, *n.special_decks.get("acolyte", ())):
        assert nemesis_card_text(registry.nemesis_card(name)).strip()


def test_nemesis_we_mat_texts_name_their_rules() -> None:
    assert "3 on expert" in nemesis_text(registry.nemesis(GW))
    assert "Gravehold suffers 4 damage" in nemesis_text(registry.nemesis(HC))
    assert "fewer than 3 or more than 9" in nemesis_text(registry.nemesis(MC))
    assert "starts with 5 nemesis tokens" in nemesis_text(registry.nemesis(UT))
    assert "BLOOD MAGIC: " in nemesis_card_text(registry.nemesis_card("Kurgax"))
    assert "When discarded from play" in nemesis_card_text(registry.nemesis_card("Portal Wretch"))
    assert "2 lower" in nemesis_card_text(registry.nemesis_card("Ashen Haruspex"))


def test_nemesis_we_every_card_and_nemesis_has_a_named_test() -> None:
    tests = [n + "_" for n in globals() if n.startswith("test_nemesis_")]
    names = [c.name for c in registry.NEMESIS_CARDS.values() if c.box == "WE" and c.nemesis in NEMESES]
    assert len(names) == 45
    missing = [c for c in sorted(names) if not any(f"_card_{snake(c)}_" in t for t in tests)]
    missing += [n for n in NEMESES if not any(f"test_nemesis_{snake(n)}_" in t for t in tests)]
    assert missing == []
