"""Paradox of Bone (Legacy of Gravehold): its mat, the Bone track and its two tokens, and its
nine cards, from exact states.

Each test builds a small exact state (Brama and Mist against Paradox of Bone), resolves an
Unleash, a card's steps, a nemesis turn or a main-phase gain, and compares a snapshot of every
zone the nemesis can touch (the track tokens included) with the starting one plus only the
expected changes. Token positions are space indexes: the track reads 0, 1, 1, 2, 3, 4, 5, 6.
"""

from __future__ import annotations

from typing import Any

from gravehold import Game
from gravehold.boxes.legacy_of_gravehold.nemeses import paradox_of_bone as pb
from gravehold.content import registry
from gravehold.content.text import nemesis_text
from gravehold.sim.run import play_out

import support
from support import at_main, at_nemesis_turn, base_state, choose, minion, player, power, run_steps

PB = "Paradox of Bone"
GEM, SPELL = pb.GEM, pb.SPELL
FILLER = "Needlemaw"


def make(*top: str, in_play: tuple[dict[str, Any], ...] = (), gem: int = 0, spell: int = 0,
         extra: dict[str, int] | None = None, p0: dict[str, Any] | None = None,
         p1: dict[str, Any] | None = None, expert: bool = False) -> dict[str, Any]:
    """Brama and Mist against Paradox of Bone: ``top`` on the nemesis deck, then the filler."""
    a = player("Brama", **{"hand": ["Crystal"], **(p0 or {})})
    b = player("Mist", **{"hand": ["Crystal"], **(p1 or {})})
    d = base_state([a, b])
    d["config"]["nemesis"] = PB
    if expert:
        d["config"]["expert"] = True
        d["config"]["difficulty"] = "expert"
    n = d["nemesis"]
    n["id"] = PB
    n["life"] = n["max_life"] = 80
    n["deck"] = [*top, FILLER]
    n["discard"] = []
    n["in_play"] = [dict(c) for c in in_play]
    n["tokens"] = {GEM: gem, SPELL: spell, **(extra or {})}
    n["decks"] = {}
    return d


SNAPSHOT = support.Snapshot(*support.SNAP_BASE, "tokens")
snap, expect, now = SNAPSHOT.snap, SNAPSHOT.expect, SNAPSHOT.now


def tokens(gem: int, spell: int, **more: int) -> dict[str, int]:
    return {GEM: gem, SPELL: spell, **{k.replace("_", " "): v for k, v in more.items()}}


def answer(g: Game, *kinds: str) -> None:
    """Take the first offered option at each pending decision of these kinds."""
    while g.decision is not None and g.decision.kind in kinds:
        choose(g, g.legal_actions()[0])


def card_steps(name: str, field: str) -> list[Any]:
    return list(getattr(registry.NEMESIS_CARDS[name], field))


# =========================================================================== the mat


def test_S_7_paradox_of_bone_setup_both_tokens_on_the_first_space() -> None:
    g = Game.new(mages=["Brama", "Mist"], nemesis=PB, seed=3)
    n = g.state.nemesis
    assert (n.life, n.max_life) == (80, 80)
    assert n.tokens == {GEM: 0, SPELL: 0}
    for c in pb.CARDS:
        assert c.name in n.deck or c.name in n.in_play or c.tier > g.engine.tier()
    assert registry.NEMESES[PB].difficulty == 8 and registry.NEMESES[PB].expedition_level == 4
    assert "Bone track" in nemesis_text(registry.NEMESES[PB])


def test_N_4_paradox_of_bone_unleash_hurts_gravehold_by_the_gap_and_steps_the_front_token() -> None:
    d = make(gem=4, spell=1)  # numbers 3 and 1
    g = run_steps(d, [("unleash", 1)])
    assert now(g) == expect(d, gravehold=28, tokens=tokens(5, 1))


def test_N_4_paradox_of_bone_unleash_with_no_gap_hurts_nobody() -> None:
    d = make(gem=1, spell=2)  # both numbered 1
    g = run_steps(d, [("unleash", 1)])
    assert now(g) == expect(d, tokens=tokens(1, 3))


def test_N_6_paradox_of_bone_unleash_with_tied_tokens_the_players_pick_which_moves() -> None:
    d = make(gem=3, spell=3)
    g = run_steps(d, [("unleash", 1)])
    assert g.decision.kind == "or"
    choose(g, ("choose", 1))
    assert now(g) == expect(d, tokens=tokens(3, 4))


def test_N_4_paradox_of_bone_a_token_off_the_last_space_goes_back_to_the_first() -> None:
    d = make(gem=7, spell=2)  # numbers 6 and 1
    g = run_steps(d, [("unleash", 1)])
    assert now(g) == expect(d, gravehold=25, tokens=tokens(0, 2))


def test_K_14_paradox_of_bone_gaining_a_gem_relic_or_spell_steps_its_token() -> None:
    d = make(p0={"aether": 9})
    g = at_main(d, 0)
    choose(g, ("gain", "Frozen Magmite"))
    choose(g, ("gain", "Jagged Lightning"))
    choose(g, ("gain", "Mage's Totem"))
    supply = snap(d)
    assert now(g) == expect(d, aether=[0, 0], discard=[["Frozen Magmite", "Jagged Lightning", "Mage's Totem"], []],
                            tokens=tokens(2, 1))
    assert supply["tokens"] == tokens(0, 0)


def test_E_6_paradox_of_bone_exhaustion_costs_four_gems_instead_of_two_unleashes() -> None:
    d = make(gem=4, p0={"hand": ["Crystal", "Jade", "Spark"]}, p1={"life": 1, "hand": ["Crystal", "Jade", "Spark"]})
    g = run_steps(d, [("suffer", 1)], you=1)
    answer(g, "player", "discard", "destroy_breach")
    p0, p1 = g.state.players
    assert p1.exhausted and p0.hand == ["Spark"] and p1.hand == ["Spark"]
    assert g.state.gravehold == 30 and g.state.nemesis.tokens == tokens(4, 0)  # no Unleash


def test_S_9_paradox_of_bone_increased_difficulty_the_rearmost_tokens_type_costs_one_more() -> None:
    d = make(gem=0, spell=2, p0={"aether": 3}, expert=True)
    g = at_main(d, 0)
    gains = [a for a in g.legal_actions() if a[0] == "gain"]
    assert ("gain", "Frozen Magmite") not in gains and ("gain", "Mage's Totem") in gains  # 4 and 3: one is short
    d2 = make(gem=0, spell=2, p0={"aether": 2}, expert=True)
    assert ("gain", "Mage's Totem") not in at_main(d2, 0).legal_actions()
    d3 = make(gem=3, spell=2, p0={"aether": 3}, expert=True)  # the spell token is behind now
    g3 = at_main(d3, 0)
    assert ("gain", "Frozen Magmite") in g3.legal_actions()
    d4 = make(gem=2, spell=2, p0={"aether": 3}, expert=True)  # same space: nothing costs more
    assert ("gain", "Frozen Magmite") in at_main(d4, 0).legal_actions()


def test_S_9_paradox_of_bone_normal_games_pay_printed_costs() -> None:
    d = make(gem=0, spell=2, p0={"aether": 3})
    assert ("gain", "Frozen Magmite") in at_main(d, 0).legal_actions()


# =========================================================================== tier 1


def test_nemesis_card_ferocious_khordat_hurts_takes_a_gem_and_steps_the_front_token() -> None:
    d = make(in_play=(minion("Ferocious Khordat"),), gem=1, spell=4)
    g = run_steps(d, card_steps("Ferocious Khordat", "persistent"))
    choose(g, ("player", 1))
    assert now(g) == expect(d, life=[10, 9], hand=[["Crystal"], []], discard=[[], ["Crystal"]], tokens=tokens(1, 5))


def test_nemesis_card_trample_drawn_unleashes_then_steps_the_front_token_again() -> None:
    d = make("Trample", gem=2, spell=0)  # numbers 1 and 0
    g = at_nemesis_turn(d)
    support.at_p1_main(g)
    assert now(g) == expect(d, gravehold=29, tokens=tokens(4, 0), n_deck=[FILLER], n_discard=["Trample"])


def test_nemesis_card_feral_judgement_close_tokens_five_damage_and_a_two_space_step() -> None:
    d = make(in_play=(power("Feral Judgement", 1),), gem=2, spell=3)
    g = run_steps(d, card_steps("Feral Judgement", "power"))
    choose(g, ("player", 0))
    choose(g, ("choose", 0))
    assert now(g) == expect(d, life=[5, 10], tokens=tokens(4, 3))


def test_nemesis_card_feral_judgement_distant_tokens_three_damage_only() -> None:
    d = make(gem=0, spell=2)
    g = run_steps(d, card_steps("Feral Judgement", "power"))
    choose(g, ("player", 1))
    assert now(g) == expect(d, life=[10, 7])


def test_nemesis_card_feral_judgement_power_resolves_when_its_tokens_run_out() -> None:
    d = make(in_play=(power("Feral Judgement", 1),), gem=5, spell=0)
    g = at_nemesis_turn(d)
    choose(g, ("player", 0))
    support.at_p1_main(g)
    assert now(g) == expect(d, life=[7, 10], in_play=[(FILLER, 11, 0)], n_deck=[], n_discard=["Feral Judgement"])


# =========================================================================== tier 2


def test_nemesis_card_phantom_reaver_the_costliest_gem_holder_suffers_and_loses_two_gems() -> None:
    d = make(in_play=(minion("Phantom Reaver"),), p0={"hand": ["Crystal", "Crystal", "Jade"]},
             p1={"hand": ["Crystal", "Spark"]})
    g = run_steps(d, card_steps("Phantom Reaver", "persistent"))
    answer(g, "discard")
    p0 = g.state.players[0]
    assert p0.life == 8 and len(p0.hand) == 1 and sorted(p0.hand + p0.discard) == ["Crystal", "Crystal", "Jade"]
    assert g.state.players[1].life == 10 and registry.NEMESIS_CARDS["Phantom Reaver"].shields == 2


def test_N_6_nemesis_card_phantom_reaver_a_tie_is_the_players_pick_and_no_gem_spares_everyone() -> None:
    d = make(p0={"hand": ["Jade"]}, p1={"hand": ["Jade", "Spark"]})
    g = run_steps(d, card_steps("Phantom Reaver", "persistent"))
    assert g.decision.kind == "player" and sorted(g.legal_actions()) == [("player", 0), ("player", 1)]
    choose(g, ("player", 1))
    assert now(g) == expect(d, life=[10, 8], hand=[["Jade"], ["Spark"]], discard=[[], ["Jade"]])
    d2 = make(p0={"hand": ["Spark"]}, p1={"hand": []})
    g2 = run_steps(d2, card_steps("Phantom Reaver", "persistent"))
    assert now(g2) == expect(d2)


def test_nemesis_card_stomp_unleashes_hurt_a_player_then_three_gems_go() -> None:
    d = make("Stomp", gem=4, spell=0, p0={"hand": ["Crystal", "Jade", "Spark"]}, p1={"hand": ["Crystal", "Spark"]})
    g = at_nemesis_turn(d)
    choose(g, ("player", 0))  # first Unleash: gap 3 (numbers 3 and 0)
    choose(g, ("player", 1))  # second Unleash: gap 4 (numbers 4 and 0)
    answer(g, "player", "discard")
    support.at_p1_main(g)
    assert now(g) == expect(d, life=[7, 6], hand=[["Spark"], ["Spark"]], discard=[["Crystal", "Jade"], ["Crystal"]],
                            tokens=tokens(6, 0), n_deck=[FILLER], n_discard=["Stomp"])
    assert g.state.gravehold == 30 and not g.state.flags.get(pb.STOMPED)


def test_nemesis_card_stomp_lasts_one_turn_only() -> None:
    d = make(gem=4, spell=0)
    g = run_steps(d, [("bone_stomp",), ("unleash", 1)])
    choose(g, ("player", 0))
    assert now(g) == expect(d, life=[7, 10], tokens=tokens(5, 0))
    assert g.state.flags.get(pb.STOMPED)  # still this turn; a turn flag ends with it
    g2 = run_steps(make(gem=4, spell=0), [("unleash", 1)])
    assert g2.state.gravehold == 27


def test_nemesis_card_otherworldly_might_unleashes_then_every_unleash_steps_further() -> None:
    d = make(gem=3, spell=0)  # numbers 2 and 0
    g = run_steps(d, card_steps("Otherworldly Might", "power"))
    assert now(g) == expect(d, gravehold=28, tokens=tokens(4, 0, **{pb.MIGHT.replace(" ", "_"): 1}))
    d2 = make(gem=4, spell=0, extra={pb.MIGHT: 1})  # numbers 3 and 0
    g2 = run_steps(d2, [("unleash", 1), ("bone_move", "further", 1, 0, 0)])
    assert now(g2) == expect(d2, gravehold=27, tokens=tokens(7, 0, **{pb.MIGHT.replace(" ", "_"): 1}))
    assert registry.NEMESIS_CARDS["Otherworldly Might"].to_discard == (("spend_aether", 9),)


def test_P_14_nemesis_card_otherworldly_might_discarded_for_nine_aether() -> None:
    d = make(in_play=(power("Otherworldly Might", 2),), p0={"aether": 9})
    g = at_main(d, 0)
    assert ("pay", "Otherworldly Might") in g.legal_actions()
    choose(g, ("pay", "Otherworldly Might"))
    assert now(g) == expect(d, aether=[0, 0], in_play=[], n_discard=["Otherworldly Might"])
    assert not at_main(make(in_play=(power("Otherworldly Might", 2),), p0={"aether": 8}), 0).legal_actions().count(
        ("pay", "Otherworldly Might"))


# =========================================================================== tier 3


def test_nemesis_card_mycelion_mound_steps_the_front_token_then_hurts_by_its_number() -> None:
    d = make(in_play=(minion("Mycelion Mound"),), gem=1, spell=4)
    g = run_steps(d, card_steps("Mycelion Mound", "persistent"))
    choose(g, ("player", 0))
    assert now(g) == expect(d, life=[6, 10], tokens=tokens(1, 5))
    assert registry.NEMESIS_CARDS["Mycelion Mound"].shields == 2


def test_nemesis_card_ransack_hurts_four_and_resets_the_track() -> None:
    d = make(gem=6, spell=1)
    g = run_steps(d, card_steps("Ransack", "effect"))
    choose(g, ("player", 1))
    assert now(g) == expect(d, life=[10, 6], tokens=tokens(0, 4))


def test_nemesis_card_ritual_of_the_wild_close_tokens_unleash_three_times() -> None:
    d = make(gem=1, spell=0)  # numbers 1 and 0, neighbouring spaces
    g = run_steps(d, card_steps("Ritual of the Wild", "power"))
    # 1: gap 1, gem to 2 (1); 2: gap 1, gem to 3 (2); 3: gap 2, gem to 4
    assert now(g) == expect(d, gravehold=26, tokens=tokens(4, 0))


def test_nemesis_card_ritual_of_the_wild_distant_tokens_unleash_twice() -> None:
    d = make(gem=3, spell=0)  # numbers 2 and 0
    g = run_steps(d, card_steps("Ritual of the Wild", "power"))
    # 1: gap 2, gem to 4 (3); 2: gap 3, gem to 5
    assert now(g) == expect(d, gravehold=25, tokens=tokens(5, 0))


# =========================================================================== bots


def test_paradox_of_bone_heuristic_bots_play_seeded_games_to_the_end() -> None:
    for seed in range(3):
        g = Game.new(mages=["Brama", "Mist"], nemesis=PB, market="random", seed=seed)
        play_out(g, "heuristic", seed)
        assert g.over and g.state.result in ("win", "loss")


def test_paradox_of_bone_hints_a_gain_that_closes_the_gap_is_cheaper_than_one_that_widens_it() -> None:
    from gravehold.agents.board import SeatView
    from gravehold.content.hints import hints

    g = run_steps(make(gem=4, spell=0), [])  # numbers 3 and 0: a spell closes the gap, a gem widens it
    b = SeatView(g.state, 0).board(0)
    h = hints.nemeses[PB]
    assert h.pile_cost is not None
    assert h.pile_cost(b, ("gain", "Jagged Lightning")) < 0 < h.pile_cost(b, ("gain", "Frozen Magmite"))
    assert h.pile_cost(b, ("end_main",)) == 0.0
