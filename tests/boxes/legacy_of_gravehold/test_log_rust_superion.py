"""Rust Superion (Legacy of Gravehold): its mat (the syphon deck, syphons on breaches, their
discard pile and the loss), its five syphons, its increased difficulty and its nine cards,
from exact states.

Each test builds a small exact state (Brama and Mist, against Rust Superion; each player has
one opened breach unless the test opens more), runs an Unleash, a nemesis turn, a player's
turn start or effect steps, and compares a snapshot of every zone the nemesis can touch (its
tokens, which say where each syphon sits, and its special decks included) with the starting
one plus only the expected changes.
"""

from __future__ import annotations

import copy
from typing import Any

from gravehold import Game
from gravehold.agents import make_agent
from gravehold.boxes.legacy_of_gravehold.nemeses import rust_superion as rs
from gravehold.content import registry
from gravehold.content.text import nemesis_card_text, nemesis_text, panels
from gravehold.engine.view import view_for

import support
from support import at_nemesis_turn, at_player_turn, choose, events, minion, power, run_steps

RS = "Rust Superion"
DR, RA, WA, RP, EN = "Draining Syphon", "Ravaging Syphon", "Warping Syphon", "Rampaging Syphon", "Engulfing Syphon"
FILLER = "Needlemaw"  # drawn by the nemesis after a test's own card: a minion that only enters play
OPEN = {"state": "open"}


def make(*top: str, in_play: tuple[dict[str, Any], ...] = (), syphons: tuple[str, ...] = (EN, EN, EN),
         discard: tuple[str, ...] = (), tokens: dict[str, int] | None = None, p0: dict[str, Any] | None = None,
         p1: dict[str, Any] | None = None, expert: bool = False, solo: bool = False) -> dict[str, Any]:
    """Brama and Mist (Brama alone when ``solo``) against Rust Superion: ``top`` on the nemesis
    deck, then the filler; ``syphons`` the syphon deck (top first), ``discard`` its discard pile."""
    return support.facing(RS, 50, top, FILLER, in_play=in_play, p0=p0, p1=p1, expert=expert, solo=solo,
                          tokens=dict(tokens or {}),
                          decks={rs.DECK: list(syphons), rs.DISCARD: list(discard)}, deck=("Spark",))


SNAPSHOT = support.Snapshot(*support.SNAP_BASE, "tokens", "decks", "to_deck", "to_discard")
snap, expect, now = SNAPSHOT.snap, SNAPSHOT.expect, SNAPSHOT.now


def on(*where: tuple[int, int]) -> dict[str, int]:
    """The tokens of syphons on (seat, breach), in the order the syphons lie in play (1 = oldest)."""
    return {rs.key(j, b): k + 1 for k, (j, b) in enumerate(where)}


def sdecks(deck: tuple[str, ...] = (), discard: tuple[str, ...] = (), drawn: bool = True) -> dict[str, list[str]]:
    d = {rs.DECK: list(deck), rs.DISCARD: list(discard)}
    if drawn:  # the pile a drawn syphon waits in is made by the first draw
        d[rs.DRAWN] = []
    return d


def syphon(name: str, life: int = 2) -> tuple[str, int, int]:
    return (name, life, 0)


def opened(n: int, *spells: list[str]) -> list[dict[str, Any]]:
    """n opened breaches (then closed ones), with the spells given on the first ones."""
    out: list[dict[str, Any]] = [{"state": "open", "spells": list(spells[b]) if b < len(spells) else []}
                                 for b in range(n)]
    return out + [support.closed(1) for _ in range(4 - n)]


def after_turn(d: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """``expect`` after a nemesis turn that drew the filler and then P1's turn order card."""
    to = d["turn_order"]
    changes.setdefault("to_deck", to["deck"][1:])
    changes.setdefault("to_discard", [*to["discard"], "P1"])
    changes.setdefault("n_deck", d["nemesis"]["deck"][1:])
    return expect(d, **changes)


def turn(d: dict[str, Any], *picks: tuple[Any, ...]) -> Game:
    g = at_nemesis_turn(d)
    for a in picks:
        choose(g, a)
    support.at_p1_main(g, casting=True)
    return g


# =========================================================================== the mat


def test_S_7_rust_superion_setup_a_shuffled_face_down_syphon_deck_and_a_three_three_three_deck() -> None:
    g = Game.new(mages=["Brama", "Mist"], nemesis=RS, seed=5)
    n = g.state.nemesis
    assert (n.life, n.max_life) == (50, 50)
    assert sorted(n.decks[rs.DECK]) == sorted([DR] * 4 + [RA] * 3 + [WA] * 3 + [RP] * 3 + [EN] * 3)
    assert n.decks[rs.DECK] != sorted(n.decks[rs.DECK])  # shuffled
    assert not any(rs.is_syphon(c) for c in n.deck) and "Gargant" in n.deck and n.in_play == []
    mat = registry.NEMESES[RS]
    assert mat.deck_shape == (3, 3, 3) and rs.READINGS["deck_shape"] == (3, 3, 3)
    tiers = sorted(registry.NEMESIS_CARDS[c].tier for c in mat.cards)
    assert tiers == [1, 1, 1, 2, 2, 2, 3, 3, 3]
    assert (mat.difficulty, mat.expedition_level) == (5, 2) and rs.DECK not in mat.deck_faces
    assert all(registry.NEMESIS_CARDS[s].tier == 0 and registry.NEMESIS_CARDS[s].life == 2
               for s in (DR, RA, WA, RP, EN))


def test_N_4_rust_superion_unleash_places_the_top_syphon_on_a_free_opened_breach_the_players_pick() -> None:
    d = make(syphons=(DR, RA))
    g = run_steps(d, [("unleash", 1)])
    assert g.decision is not None and g.decision.kind == "breach"
    assert set(g.legal_actions()) == {("breach", 0, 0), ("breach", 1, 0)}
    assert g.state.nemesis.decks[rs.DRAWN] == [DR]  # face up while the players pick
    choose(g, ("breach", 1, 0))
    assert now(g) == expect(d, in_play=[syphon(DR)], tokens=on((1, 0)), decks=sdecks((RA,)))


def test_N_4_rust_superion_unleash_with_one_free_breach_places_there_without_asking() -> None:
    d = make(syphons=(DR, RA), in_play=(minion(EN),), tokens=on((1, 0)))
    g = run_steps(d, [("unleash", 1)])
    assert now(g) == expect(d, in_play=[syphon(EN), syphon(DR)], tokens=on((1, 0), (0, 0)), decks=sdecks((RA,)))


def test_N_4_rust_superion_a_syphon_with_no_free_breach_is_discarded_and_gravehold_suffers_two() -> None:
    d = make(syphons=(DR, RA), in_play=(minion(EN), minion(EN)), tokens=on((1, 0), (0, 0)))
    g = run_steps(d, [("unleash", 1)])
    assert now(g) == expect(d, gravehold=28, decks=sdecks((RA,), (DR,)))
    assert events(g, "syphon_unplaced")


def test_N_4_rust_superion_an_empty_syphon_deck_is_rebuilt_from_the_syphon_discard_pile() -> None:
    d = make(syphons=(), discard=(RA,), in_play=(minion(EN),), tokens=on((1, 0)))
    g = run_steps(d, [("unleash", 1)])
    assert now(g) == expect(d, in_play=[syphon(EN), syphon(RA)], tokens=on((1, 0), (0, 0)), decks=sdecks())
    assert events(g, "syphons_reshuffled")


def test_G_2_rust_superion_no_syphon_left_in_deck_or_discard_pile_loses_the_game() -> None:
    g = run_steps(make(syphons=(), discard=()), [("unleash", 1)])
    assert g.over and (g.result, g.reason) == ("loss", "nemesis_rule")


def test_P_4_rust_superion_a_dead_syphon_goes_to_the_syphon_discard_pile_and_newer_tokens_move_up() -> None:
    d = make(in_play=(minion(DR), minion(RA)), tokens=on((0, 0), (1, 0)))
    g = run_steps(d, [("damage", 2)])
    choose(g, ("target", DR))
    assert now(g) == expect(d, in_play=[syphon(RA)], tokens={rs.key(1, 0): 1}, decks=sdecks((EN, EN, EN), (DR,),
                                                                                             drawn=False))


def test_K_13_rust_superion_another_card_leaving_play_by_any_means_moves_no_syphon() -> None:
    d = make(in_play=(power("Oxidized Arsenal", 2), minion(RA), minion("Phlayl"), minion(EN)),
             tokens=on((1, 0), (0, 0)))
    g = run_steps(d, [("banish_this",)], source="Oxidized Arsenal")  # no left_play: only syphons count
    assert now(g) == expect(d, in_play=[syphon(RA), ("Phlayl", 7, 0), syphon(EN)])
    assert rs.placements(g.engine) == {(1, 0): 0, (0, 0): 2}


def test_E_1_rust_superion_an_exhausted_player_destroying_a_breach_with_a_syphon_costs_gravehold_two() -> None:
    d = make(syphons=(EN, RA), in_play=(minion(DR),), tokens=on((0, 0)), p0={"life": 2})
    g = run_steps(d, [("suffer", 2)])
    # E-1: the two Unleashes first (the second finds no free breach), then the breach is destroyed
    assert g.decision is not None and g.decision.kind == "destroy_breach"
    choose(g, ("breach", 0))
    assert now(g) == expect(d, life=[0, 10], exhausted=[True, False], gravehold=26, in_play=[syphon(EN)],
                            tokens={rs.key(1, 0): 1}, decks=sdecks((), (RA, DR)),
                            breaches=[["destroyed", "closed", "closed", "closed"], ["open", "closed", "closed",
                                                                                     "closed"]])
    assert events(g, "syphon_breach_lost")


def test_E_1_rust_superion_a_breach_destroyed_by_another_effect_is_checked_at_the_end_of_the_turn() -> None:
    d = make(in_play=(minion(DR),), tokens=on((0, 0)),
             p0={"breaches": [{"state": "destroyed"}, OPEN, support.closed(0), support.closed(2)]})
    d2 = copy.deepcopy(d)
    d2["active"], d2["phase"] = 0, "main"
    d2["stack"] = [["end_turn"], ["draw_phase", 0], ["main_phase", 0], ["syphon_breach_check"]]
    g = Game.from_dict(d2)
    assert now(g) == expect(d, gravehold=28, in_play=[], tokens={}, decks=sdecks((EN, EN, EN), (DR,), drawn=False))
    d3 = copy.deepcopy(d)
    d3["turn_order"] = {"deck": ["P2", "P1"], "discard": []}
    g = at_player_turn(d3, 1)  # P2's turn ends: the end-of-turn check finds the syphon
    while g.decision is not None and g.decision.kind in ("casting", "main", "discard_order"):
        g.apply(("end_casting",) if g.decision.kind == "casting" else ("end_main",)
                if g.decision.kind == "main" else g.legal_actions()[0])
        if g.state.active == 0:
            break
    assert g.state.nemesis.in_play == [] and g.state.nemesis.decks[rs.DISCARD] == [DR]
    assert g.state.gravehold == 28


def test_S_9_rust_superion_increased_difficulty_every_syphon_enters_with_one_more_life() -> None:
    d = make(syphons=(RA,), expert=True, in_play=(minion(EN),), tokens=on((1, 0)))
    g = run_steps(d, [("unleash", 1)])
    assert now(g) == expect(d, in_play=[syphon(EN), syphon(RA, 3)], tokens=on((1, 0), (0, 0)), decks=sdecks())
    assert "1 more life" in nemesis_text(registry.NEMESES[RS])


def test_SO_1_rust_superion_true_solo_the_one_player_takes_every_syphon() -> None:
    d = make(syphons=(RA, WA), solo=True, p0={"breaches": opened(2)})
    g = run_steps(d, [("unleash", 2)])
    choose(g, ("breach", 0, 1))
    assert now(g) == expect(d, in_play=[syphon(RA), syphon(WA)], tokens=on((0, 1), (0, 0)), decks=sdecks())


# =========================================================================== the syphons


def test_card_ravaging_syphon_its_player_suffers_two_as_their_turn_starts() -> None:
    d = make(in_play=(minion(RA),), tokens=on((0, 0)))
    g = at_player_turn(d, 0)
    assert now(g)["life"] == [8, 10] and now(g)["in_play"] == [syphon(RA)]
    d = make(in_play=(minion(RA),), tokens=on((1, 0)))
    g = at_player_turn(d, 0)  # another player's syphon does nothing on your turn
    assert now(g)["life"] == [10, 10]


def test_card_warping_syphon_its_player_suffers_one_and_discards_a_card_in_hand() -> None:
    d = make(in_play=(minion(WA),), tokens=on((0, 0)), p0={"hand": ["Crystal", "Spark"]})
    g = at_player_turn(d, 0)
    choose(g, ("card", "Spark"))
    s = now(g)
    assert s["life"] == [9, 10] and s["hand"][0] == ["Crystal"] and s["discard"][0] == ["Spark"]


def test_card_rampaging_syphon_its_player_discards_a_prepped_spell() -> None:
    d = make(in_play=(minion(RP),), tokens=on((0, 0)), p0={"breaches": opened(1, ["Spark"])})
    g = at_player_turn(d, 0)
    s = now(g)
    assert s["spells"][0][0] == [] and s["discard"][0] == ["Spark"] and s["life"] == [10, 10]


def test_card_draining_syphon_two_charges_or_gravehold_suffers_two() -> None:
    d = make(in_play=(minion(DR),), tokens=on((0, 0)), p0={"charges": 3})
    g = at_player_turn(d, 0)
    assert g.decision is not None and g.decision.kind == "or" and g.decision.player == 0
    choose(g, ("choose", 0))
    assert now(g)["charges"] == [1, 0] and now(g)["gravehold"] == 30
    d = make(in_play=(minion(DR),), tokens=on((0, 0)), p0={"charges": 1})
    g = at_player_turn(d, 0)  # too few charges: only Gravehold can pay
    assert now(g)["charges"] == [1, 0] and now(g)["gravehold"] == 28


def test_card_engulfing_syphon_spells_cast_from_its_breach_deal_two_less() -> None:
    d = make(in_play=(minion(EN),), tokens=on((0, 0)), p0={"breaches": opened(2, ["Jagged Lightning"], ["Spark"])})
    g = support.at_casting(d, 0)
    choose(g, ("cast", 0, 0))
    choose(g, ("target", "nemesis"))
    assert g.state.nemesis.life == 49  # 3 - 2
    assert events(g, "syphon_engulfs")[0]["amount"] == 2
    g.apply(("skip",)) if g.decision is not None and ("skip",) in g.legal_actions() else None
    while g.decision is not None and g.decision.kind != "casting":
        g.apply(g.legal_actions()[-1])
    choose(g, ("cast", 1, 0))  # breach II has no syphon: the Spark deals its full 1
    choose(g, ("target", "nemesis"))
    assert g.state.nemesis.life == 48


def test_card_syphons_are_named_and_worded_on_their_cards() -> None:
    assert "prepped spells" in nemesis_card_text(registry.NEMESIS_CARDS[RP])
    assert "2 less damage" in nemesis_card_text(registry.NEMESIS_CARDS[EN])
    assert "their choice" in nemesis_card_text(registry.NEMESIS_CARDS[DR])
    assert "suffers 2 damage" in nemesis_card_text(registry.NEMESIS_CARDS[RA])
    assert "discards a card" in nemesis_card_text(registry.NEMESIS_CARDS[WA])
    assert registry.NEMESIS_CARDS[WA].discarded == (("to_syphon_discard",),)


# =========================================================================== tier 1


def test_card_assimilate_unleash_then_a_spell_on_a_syphon_breach_is_discarded_and_its_owner_suffers_two() -> None:
    d = make("Assimilate", in_play=(minion(EN),), tokens=on((1, 0)),
             p1={"breaches": opened(1, ["Spark"])}, p0={"breaches": opened(2, [], ["Spark"])})
    g = at_nemesis_turn(d)
    choose(g, ("breach", 0, 0))  # the Unleash: breach I of P1 (P1's breach II keeps its Spark free)
    support.at_p1_main(g, casting=True)
    assert now(g) == after_turn(d, n_deck=[FILLER], n_discard=["Assimilate"], in_play=[syphon(EN), syphon(EN)],
                                tokens=on((1, 0), (0, 0)), decks=sdecks((EN, EN)), life=[10, 8],
                                spells=[[[], ["Spark"], [], []], [[], [], [], []]], discard=[[], ["Spark"]])


def test_card_assimilate_without_a_spell_on_a_syphon_breach_nothing_more_happens() -> None:
    d = make("Assimilate", in_play=(minion(EN),), tokens=on((1, 0)))
    g = at_nemesis_turn(d)
    support.at_p1_main(g)
    assert now(g) == after_turn(d, n_deck=[FILLER], n_discard=["Assimilate"], in_play=[syphon(EN), syphon(EN)],
                                tokens=on((1, 0), (0, 0)), decks=sdecks((EN, EN)))


def test_card_oxidized_arsenal_power_two_syphons_each_on_a_different_free_breach() -> None:
    d = make(in_play=(power("Oxidized Arsenal", 1),), syphons=(EN, EN, RA))
    g = turn(d, ("breach", 1, 0))
    assert now(g) == after_turn(d, n_discard=["Oxidized Arsenal"], in_play=[syphon(EN), syphon(EN), (FILLER, 11, 0)],
                                tokens=on((1, 0), (0, 0)), decks=sdecks((RA,)))


def test_card_machines_of_war_power_unleash_then_gravehold_one_plus_one_per_syphon() -> None:
    d = make(in_play=(power("Machines of War", 1), minion(EN)), tokens=on((1, 0)))
    g = turn(d)
    assert now(g) == after_turn(d, n_discard=["Machines of War"], gravehold=27,
                                in_play=[syphon(EN), syphon(EN), (FILLER, 11, 0)],
                                tokens=on((1, 0), (0, 0)), decks=sdecks((EN, EN)))


def test_P_14_machines_of_war_to_discard_spend_six() -> None:
    support.check_pay(make, SNAPSHOT, "Machines of War", {"aether": 6}, {"aether": 5}, aether=[0, 0])


# =========================================================================== tier 2


def test_card_phlayl_persistent_the_player_with_the_most_syphon_breaches_suffers_two() -> None:
    d = make(in_play=(minion("Phlayl"), minion(EN)), tokens=on((1, 0)))
    g = turn(d)
    assert now(g) == after_turn(d, life=[10, 8], in_play=[(*minion("Phlayl").values(), 0), syphon(EN),
                                                          (FILLER, 11, 0)])
    assert registry.NEMESIS_CARDS["Phlayl"].shields == 2 and registry.NEMESIS_CARDS["Phlayl"].life == 7


def test_N_6_phlayl_with_no_syphon_anywhere_every_player_ties_and_the_players_pick() -> None:
    d = make(in_play=(minion("Phlayl"),))
    g = turn(d, ("player", 0))
    assert now(g) == after_turn(d, life=[8, 10], in_play=[("Phlayl", 7, 0), (FILLER, 11, 0)])


def test_card_salvage_two_syphons_then_with_two_free_breaches_any_player_suffers_three() -> None:
    d = make("Salvage", syphons=(EN, EN), p0={"breaches": opened(3)})
    g = at_nemesis_turn(d)
    choose(g, ("breach", 1, 0))
    choose(g, ("breach", 0, 0))
    choose(g, ("player", 1))  # breaches II and III of P1 are still free
    support.at_p1_main(g)
    assert now(g) == after_turn(d, n_deck=[FILLER], n_discard=["Salvage"], in_play=[syphon(EN), syphon(EN)],
                                tokens=on((1, 0), (0, 0)), decks=sdecks(), life=[10, 7])


def test_card_salvage_with_fewer_than_two_free_breaches_no_one_suffers() -> None:
    d = make("Salvage", syphons=(EN, EN))
    g = at_nemesis_turn(d)
    choose(g, ("breach", 1, 0))
    support.at_p1_main(g)
    assert now(g) == after_turn(d, n_deck=[FILLER], n_discard=["Salvage"], in_play=[syphon(EN), syphon(EN)],
                                tokens=on((1, 0), (0, 0)), decks=sdecks())


def test_card_siege_machines_three_syphons_each_player_suffers_their_own_count() -> None:
    d = make(in_play=(power("Siege Machines", 1), minion(EN), minion(EN), minion(EN)),
             tokens=on((0, 0), (0, 1), (1, 0)), p0={"breaches": opened(2)})
    g = turn(d)
    assert now(g) == after_turn(d, n_discard=["Siege Machines"], life=[8, 9],
                                in_play=[syphon(EN), syphon(EN), syphon(EN), (FILLER, 11, 0)],
                                tokens=on((0, 0), (0, 1), (1, 0)))


def test_card_siege_machines_fewer_than_three_syphons_unleash_three_times() -> None:
    d = make(in_play=(power("Siege Machines", 1),), syphons=(EN, EN, EN))
    g = turn(d, ("breach", 1, 0))  # the third syphon finds no free breach: Gravehold suffers 2
    assert now(g) == after_turn(d, n_discard=["Siege Machines"], gravehold=28,
                                in_play=[syphon(EN), syphon(EN), (FILLER, 11, 0)],
                                tokens=on((1, 0), (0, 0)), decks=sdecks((), (EN,)))


def test_P_14_siege_machines_to_discard_spend_seven() -> None:
    support.check_pay(make, SNAPSHOT, "Siege Machines", {"aether": 7}, {"aether": 6}, aether=[0, 0])


# =========================================================================== tier 3


def test_card_gargant_persistent_two_free_breaches_unleash_twice() -> None:
    d = make(in_play=(minion("Gargant"),), syphons=(EN, EN, RA))
    g = turn(d, ("breach", 1, 0))
    assert now(g) == after_turn(d, in_play=[("Gargant", 10, 0), syphon(EN), syphon(EN), (FILLER, 11, 0)],
                                tokens=on((1, 0), (0, 0)), decks=sdecks((RA,)))
    assert registry.NEMESIS_CARDS["Gargant"].shields == 3


def test_card_gargant_persistent_otherwise_gravehold_suffers_four() -> None:
    d = make(in_play=(minion("Gargant"), minion(EN)), tokens=on((1, 0)))
    g = turn(d)
    assert now(g) == after_turn(d, gravehold=26, in_play=[("Gargant", 10, 0), syphon(EN), (FILLER, 11, 0)])


def test_card_scavenge_unleash_twice_then_the_players_share_one_damage_per_syphon() -> None:
    d = make("Scavenge", in_play=(minion(EN),), tokens=on((1, 0)), p0={"breaches": opened(2)})
    g = at_nemesis_turn(d)
    choose(g, ("breach", 0, 1))  # the second syphon goes to the last free breach alone
    choose(g, ("player", 0))
    choose(g, ("player", 1))
    choose(g, ("player", 1))
    support.at_p1_main(g)
    assert now(g) == after_turn(d, n_deck=[FILLER], n_discard=["Scavenge"], life=[9, 8],
                                in_play=[syphon(EN), syphon(EN), syphon(EN)],
                                tokens=on((1, 0), (0, 1), (0, 0)), decks=sdecks((EN,)))


def test_card_mindless_army_power_three_free_breaches_unleash_three_times() -> None:
    d = make(in_play=(power("Mindless Army", 1),), syphons=(EN, EN, EN), p0={"breaches": opened(2)})
    g = turn(d, ("breach", 1, 0), ("breach", 0, 1))
    assert now(g) == after_turn(d, n_discard=["Mindless Army"],
                                in_play=[syphon(EN), syphon(EN), syphon(EN), (FILLER, 11, 0)],
                                tokens=on((1, 0), (0, 1), (0, 0)), decks=sdecks())


def test_card_mindless_army_power_otherwise_gravehold_suffers_five() -> None:
    d = make(in_play=(power("Mindless Army", 1),))
    g = turn(d)
    assert now(g) == after_turn(d, n_discard=["Mindless Army"], gravehold=25, in_play=[(FILLER, 11, 0)])


# =========================================================================== texts and bots


def test_K_13_rust_superion_texts_name_the_syphons_and_the_readings() -> None:
    mat = nemesis_text(registry.NEMESES[RS])
    assert "syphon discard pile" in mat and "the players lose" in mat and "project's reading" in mat
    assert "the players pick" in nemesis_card_text(registry.NEMESIS_CARDS["Phlayl"])
    assert "between them" in nemesis_card_text(registry.NEMESIS_CARDS["Scavenge"]).lower()
    assert "per syphon in play" in nemesis_card_text(registry.NEMESIS_CARDS["Machines of War"])
    assert set(rs.READINGS) >= {"deck_shape", "placement", "syphon_life", "engulfing", "collective"}


def test_K_13_rust_superion_log_lines_and_both_boards_show_the_syphons() -> None:
    from gravehold.events_text import event_text

    d = make(syphons=(DR, RA), in_play=(minion(EN),), tokens=on((1, 0)))
    g = run_steps(d, [("unleash", 1)])
    assert event_text(events(g, "syphon_placed")[0]) == "Draining Syphon is placed on P1's breach I (Unleash)"
    title, text = next(p for p in panels(view_for(g.state, 0)) if p[0] == "Syphons")
    assert text == "deck 1, discard 0; Draining Syphon on P1's breach I; Engulfing Syphon on P2's breach I"


def test_hints_rust_superion_the_heuristic_bot_hits_a_syphon_rather_than_the_nemesis() -> None:
    d = make(in_play=(minion(EN), minion(RA)), tokens=on((1, 0), (0, 0)),
             p0={"breaches": opened(1, ["Spark"])})
    g = support.at_casting(d, 0)
    choose(g, ("cast", 0, 0))
    assert g.decision is not None and g.decision.kind == "target"
    bot = make_agent("heuristic", 1)
    assert bot.choose(g.decision, lambda: g.view_for(0)) in {("target", RA), ("target", EN)}


def _play(seed: int, kind: str) -> Game:
    g = Game.new(mages=["Brama", "Mist"], nemesis=RS, seed=seed)
    agents = [make_agent(kind, seed * 7 + i) for i in range(4)]
    n = 0
    while not g.over and n < 20000:
        dec = g.decision
        assert dec is not None
        seat = dec.seat
        g.apply(agents[seat].choose(dec, lambda seat=seat, g=g: g.view_for(seat)))  # type: ignore[misc]
        n += 1
    return g


def test_nemesis_rust_superion_random_and_heuristic_bots_play_seeded_games_to_the_end() -> None:
    for seed in range(2):
        for kind in ("random", "heuristic"):
            assert _play(seed, kind).over
