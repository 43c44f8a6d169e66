"""Paradox of Myth and Bone (Legacy of Gravehold): two nemeses in one game (N-13), from exact states.

Each test builds a small exact state (Brama and Mist against Myth and Bone), runs a nemesis
turn of one of the two, an Unleash, a player's action or a card's steps, and compares a
snapshot of every zone the two nemeses can touch (Myth's dial, deck and discard pile
included) with the starting one plus only the expected changes.
"""

from __future__ import annotations

from typing import Any

import pytest

from gravehold import Game
from gravehold.boxes.legacy_of_gravehold.nemeses import paradox_of_myth_and_bone as mb
from gravehold.content import registry
from gravehold.content.text import nemesis_card_text, nemesis_text, panels
from gravehold.engine.view import view_for
from gravehold.sim.run import play_out

import support
from support import at_main, at_nemesis_turn, choose, minion, power, run_steps, turn

PMB, MYTH, BONE = mb.PMB, mb.MYTH, mb.BONE
BONE_FILLER, MYTH_FILLER = "Gibber Mob", "Cobble Haunt"  # minions that only enter play when drawn
GH = ("choose", 0)  # the first branch of an "or": Gravehold (Bone's Unleash) or Myth (a pick between the two)


def make(*, bone: tuple[str, ...] = (), myth: tuple[str, ...] = (), in_play: tuple[dict[str, Any], ...] = (),
         bone_life: int = 40, myth_life: int = 40, turn: str = "N:Bone", myth_discard: tuple[str, ...] = (),
         bone_filler: bool = True, myth_filler: bool = True, p0: dict[str, Any] | None = None,
         p1: dict[str, Any] | None = None, expert: bool = False) -> dict[str, Any]:
    """Brama and Mist against Myth and Bone: ``bone`` and ``myth`` on top of the two decks (then
    a filler each); ``turn`` is the nemesis turn order card drawn last; P1's card is next."""
    d = support.facing(PMB, bone_life, bone, BONE_FILLER, in_play=in_play, p0=p0, p1=p1, expert=expert,
                       tokens={mb.MYTH_LIFE: myth_life}, deck=("Spark",),
                       decks={mb.MYTH_DECK: [*myth, *([MYTH_FILLER] if myth_filler else [])],
                              mb.MYTH_DISCARD: list(myth_discard)})
    if not bone_filler:
        d["nemesis"]["deck"] = list(bone)
    d["turn_order"] = {"deck": ["P1", "P2", "P1", "N:Myth", "P2"], "discard": [turn]}
    return d


SNAPSHOT = support.Snapshot(*support.SNAP_BASE, "tokens", "decks")
snap, expect, now = SNAPSHOT.snap, SNAPSHOT.expect, SNAPSHOT.now


def myth(life: int = 40) -> dict[str, int]:
    return {mb.MYTH_LIFE: life}


def piles(deck: tuple[str, ...] = (MYTH_FILLER,), discard: tuple[str, ...] = ()) -> dict[str, list[str]]:
    return {mb.MYTH_DECK: list(deck), mb.MYTH_DISCARD: list(discard)}


def settle(g: Game) -> None:
    """Take the first option of every choice until P1's main phase: with equal cards, any is the same."""
    while g.decision is not None and g.decision.kind != "main":
        choose(g, g.legal_actions()[0])


def fire(g: Game) -> int:
    return int(g.state.tokens.get("fire", 0))


# =========================================================================== the mat: N-13


@pytest.mark.parametrize(("mages", "per_deck", "dial"), [(["Brama", "Mist"], 12, 50),
                                                         (["Brama", "Mist", "Kadir", "Adelheim"], 15, 40)])
def test_N_13_setup_two_decks_of_their_own_cards_no_basics_two_dials(mages: list[str], per_deck: int,
                                                                     dial: int) -> None:
    g = Game.new(mages=mages, nemesis=PMB, seed=3)
    n = g.state.nemesis
    myth_deck = n.decks[mb.MYTH_DECK]
    assert len(n.deck) == len(myth_deck) == per_deck
    assert {mb.half_of(c) for c in n.deck} == {BONE} and {mb.half_of(c) for c in myth_deck} == {MYTH}
    for deck in (n.deck, myth_deck):
        tiers = [registry.NEMESIS_CARDS[c].tier for c in deck]
        assert tiers == sorted(tiers) and tiers.count(3) == 5  # tier 1 on top, every tier-3 card
    assert (n.life, n.tokens[mb.MYTH_LIFE], n.decks[mb.MYTH_DISCARD], n.in_play) == (dial, dial, [], [])
    assert "Enrage (Campaign)" not in n.deck
    cards = g.state.to_deck
    assert cards.count("N:Myth") == cards.count("N:Bone") == 1 and "N" not in cards


def test_N_13_myths_turn_its_powers_and_minions_act_then_myth_draws_into_its_play_area() -> None:
    d = make(turn="N:Myth", myth=("Awakened Megalith",),
             in_play=(power("Mythic Force", 2), minion("Graven Zephyd"), minion("Quagmire Amphyb")))
    g = turn(d)
    # Mythic Force ticks (2 -> 1); Graven Zephyd: Bone gains 3, the oldest power takes a token (1 -> 2);
    # Bone's Quagmire Amphyb does not act; Myth draws Awakened Megalith into play
    assert now(g) == expect(d, nemesis_life=43, in_play=[("Mythic Force", 0, 2), ("Graven Zephyd", 5, 0),
                                                         ("Quagmire Amphyb", 8, 0), ("Awakened Megalith", 7, 0)],
                            decks=piles())


def test_N_13_bones_turn_its_minions_act_and_bone_draws() -> None:
    d = make(in_play=(minion("Graven Zephyd"), minion("Thicket Gibber")))
    g = turn(d, GH)  # Thicket Gibber: Bone Unleashes (Gravehold 2); Bone is not behind: nothing more
    assert now(g) == expect(d, gravehold=28, n_deck=[], in_play=[("Graven Zephyd", 5, 0), ("Thicket Gibber", 5, 0),
                                                                 (BONE_FILLER, 14, 0)])


def test_S_9_increased_difficulty_the_minions_of_both_act_on_both_turns_powers_on_myths_only() -> None:
    d = make(expert=True, in_play=(power("Mythic Force", 3), minion("Graven Zephyd"), minion("Thicket Gibber")))
    g = turn(d, GH)
    assert now(g) == expect(d, gravehold=27, nemesis_life=43, n_deck=[],
                            in_play=[("Mythic Force", 0, 4), ("Graven Zephyd", 5, 0), ("Thicket Gibber", 5, 0),
                                     (BONE_FILLER, 14, 0)])  # Mythic Force did not tick; the hit is 2 + 1


def test_N_13_damage_goes_to_the_nemesis_the_player_names() -> None:
    d = make(in_play=(minion("Gibber Mob"),))
    g = run_steps(d, [("damage", 3)])
    assert {a[1] for a in g.legal_actions()} == {"nemesis", "Gibber Mob", MYTH}
    choose(g, ("target", MYTH))
    assert now(g) == expect(d, tokens=myth(37))
    g = run_steps(d, [("damage", 3)])
    choose(g, ("target", "nemesis"))
    assert now(g) == expect(d, nemesis_life=37)


def test_S_4_the_dials_have_no_maximum_and_a_save_keeps_a_life_above_the_start() -> None:
    d = make()
    g = run_steps(d, [("half_gains", BONE, 9), ("half_gains", MYTH, 4)])
    assert now(g) == expect(d, nemesis_life=49, tokens=myth(44))
    again = Game.from_dict(g.to_dict()).state.nemesis
    assert (again.life, again.max_life) == (49, 40)
    assert registry.NEMESES[PMB].no_max_life


@pytest.mark.parametrize("target", [MYTH, "nemesis"])
def test_N_13_either_nemesis_at_zero_life_the_players_win(target: str) -> None:
    g = run_steps(make(bone_life=3, myth_life=3), [("damage", 5)])
    choose(g, ("target", target))
    assert g.over and (g.result, g.reason) == ("win", "nemesis_defeated")
    other = g.state.nemesis.tokens[mb.MYTH_LIFE] if target == "nemesis" else g.state.nemesis.life
    assert other == 3


def test_G_1_the_players_win_only_when_both_decks_are_empty_and_nothing_is_in_play() -> None:
    d = make(bone_filler=False)  # Bone's deck is empty, Myth's holds its filler
    g = turn(d)
    assert now(g) == expect(d)  # Bone's turn: nothing acts, nothing is drawn, no Unleash
    d = make(bone_filler=False, myth_filler=False, myth_discard=("Mythic Force",))
    g = at_nemesis_turn(d)
    assert g.over and (g.result, g.reason) == ("win", "nemesis_deck_empty")


def test_E_6_an_exhausted_player_makes_the_nemesis_with_less_life_gain_seven() -> None:
    d = make(myth_life=30, p0={"life": 1})
    g = run_steps(d, [("suffer", 2)])
    assert now(g) == expect(d, life=[0, 10], exhausted=[True, False], tokens=myth(37), gravehold=28,
                            breaches=[["open", "closed", "closed", "closed"], ["open", "closed", "closed", "closed"]])


def test_N_4_myths_unleash_heals_bone_while_myth_leads_else_bone_unleashes() -> None:
    d = make(myth_life=41)
    g = run_steps(d, [("half_unleash", MYTH, 1)])
    assert now(g) == expect(d, nemesis_life=43)
    d = make()
    g = run_steps(d, [("half_unleash", MYTH, 1)])
    choose(g, ("choose", 1))  # Bone's Unleash: a player instead of Gravehold
    choose(g, ("player", 1))
    assert now(g) == expect(d, life=[10, 8])


def test_N_4_bones_unleash_grows_with_the_powers_that_say_so() -> None:
    assert mb.UNLEASHES[BONE] == (("bone_unleash_hit", 2),)
    d = make(in_play=(power("Mythic Force", 3), power("Magical Assault", 3)))
    g = run_steps(d, [("half_unleash", BONE, 1)])
    choose(g, GH)
    assert now(g) == expect(d, gravehold=26)
    d = make(in_play=(power("Otherworldly Magic", 3), power("Golden Aura", 2)), myth_life=30)
    g = run_steps(d, [("half_unleash", BONE, 1)])  # no choice: Gravehold; then Myth (lower) gains 2
    assert now(g) == expect(d, gravehold=28, tokens=myth(32))


def test_N_4_an_unleash_naming_neither_is_myths_or_bones_as_the_players_pick() -> None:
    d = make(myth_life=41)
    g = run_steps(d, [("unleash", 1)])
    choose(g, ("choose", 0))  # Myth's
    assert now(g) == expect(d, nemesis_life=43)


def test_N_13_a_player_pays_three_aether_to_take_a_power_token_never_the_last() -> None:
    d = make(in_play=(power("Mythic Force", 2), power("Stoic Judgement", 1)), p0={"aether": 3})
    g = at_main(d)
    assert ("power_token_bought", "Mythic Force") in g.legal_actions()
    assert ("power_token_bought", "Stoic Judgement") not in g.legal_actions()
    choose(g, ("power_token_bought", "Mythic Force"))
    assert now(g) == expect(d, in_play=[("Mythic Force", 0, 1), ("Stoic Judgement", 0, 1)], aether=[0, 0])
    assert ("power_token_bought", "Mythic Force") not in g.legal_actions()  # the last one, and no aether


def test_nemesis_card_woeful_dirge_its_last_token_may_be_bought_and_it_guards_bone() -> None:
    d = make(in_play=(power("Woeful Dirge", 1),), p0={"aether": 3})
    g = at_main(d)
    choose(g, ("power_token_bought", "Woeful Dirge"))
    # its POWER resolves on a player's turn: no fire; it goes to Myth's discard pile
    assert now(g) == expect(d, in_play=[], decks=piles(discard=("Woeful Dirge",)), aether=[0, 0])
    assert fire(g) == 0
    d = make(in_play=(power("Woeful Dirge", 2),))
    g = run_steps(d, [("damage", 4)])
    choose(g, ("target", "nemesis"))
    assert now(g) == expect(d)


def test_nemesis_card_primeval_huntress_no_damage_reaches_either_nemesis() -> None:
    d = make(in_play=(minion("Primeval Huntress"),))
    for target in (MYTH, "nemesis"):
        g = run_steps(d, [("damage", 4)])
        choose(g, ("target", target))
        assert now(g) == expect(d)


def test_nemesis_card_baleful_siege_strikes_the_leaders_name_and_its_spells_hit_the_other_for_less() -> None:
    d = make(myth_life=45)
    g = run_steps(d, list(registry.NEMESIS_CARDS[mb.SIEGE].immediately), source=mb.SIEGE)
    # Myth leads each time: its two Unleashes heal Bone by 3 each (46); then Bone (46) leads Myth (45):
    # Bone's name is struck, and so is the sentence: spells deal 2 less to Myth
    assert now(g) == expect(d, nemesis_life=46)
    assert [mb.is_crossed(g.engine, mb.SIEGE, k) for k in (1, 2, 3)] == [True, False, True]
    d = {**g.to_dict(), "decision": None}
    d["nemesis"]["in_play"] = [power(mb.SIEGE, 5)]
    g = run_steps(d, [("damage", 4)], source="Spark")  # a spell: 2 to Myth
    choose(g, ("target", MYTH))
    assert g.state.nemesis.tokens[mb.MYTH_LIFE] == 43
    g = run_steps(d, [("damage", 4)], source="Spark")  # all of it to Bone
    choose(g, ("target", "nemesis"))
    assert g.state.nemesis.life == 42
    g = run_steps(d, [("damage", 4)], source="Crystal")  # not a spell: all of it
    choose(g, ("target", MYTH))
    assert g.state.nemesis.tokens[mb.MYTH_LIFE] == 41


def test_nemesis_card_stoic_judgement_a_minion_that_acts_grows_past_its_printed_life() -> None:
    d = make(in_play=(power("Stoic Judgement", 3), minion("Gibber Mob", 14)))
    g = turn(d)  # Gibber Mob: nobody has three charges, so Gravehold suffers 5 (N-6); then it gains 1
    assert now(g) == expect(d, gravehold=25, n_deck=[], in_play=[("Stoic Judgement", 0, 3), ("Gibber Mob", 15, 0),
                                                                 (BONE_FILLER, 14, 0)])
    assert Game.from_dict(g.to_dict()).state.nemesis.in_play[1].life == 15  # a save keeps it (no N-10 cap)
    assert registry.NEMESIS_CARDS["Stoic Judgement"].passive == (("stoic_growth", 1),)  # pushes minion_grows


def test_nemesis_card_stoic_judgement_power_heals_bone_only_while_it_trails() -> None:
    card = registry.NEMESIS_CARDS["Stoic Judgement"]
    d = make(myth_life=44)
    assert now(run_steps(d, list(card.power), source=card.name)) == expect(d, nemesis_life=44)
    d = make()
    assert now(run_steps(d, list(card.power), source=card.name)) == expect(d)


def test_nemesis_card_ritual_of_the_wise_each_token_lost_on_the_nemesis_turn_heals_myth() -> None:
    d = make(turn="N:Myth", in_play=(power("Ritual of the Wise", 2),))
    g = turn(d)
    assert now(g) == expect(d, tokens=myth(42), in_play=[("Ritual of the Wise", 0, 1), (MYTH_FILLER, 12, 0)],
                            decks=piles(deck=()))
    card = registry.NEMESIS_CARDS["Ritual of the Wise"]
    d = make(myth_life=44)
    assert now(run_steps(d, list(card.power), source=card.name)) == expect(d, gravehold=25)


def test_nemesis_card_threat_of_annihilation_a_lost_token_makes_bones_minions_act() -> None:
    d = make(turn="N:Myth", in_play=(power("Threat of Annihilation", 3), minion("Quagmire Amphyb")))
    g = turn(d, GH, GH)  # Quagmire: Bone Unleashes (Gravehold 2), Myth Unleashes (a tie: Bone Unleashes), fire
    assert now(g) == expect(d, gravehold=26, in_play=[("Threat of Annihilation", 0, 2), ("Quagmire Amphyb", 8, 0),
                                                      (MYTH_FILLER, 12, 0)], decks=piles(deck=()))
    assert fire(g) == 1


@pytest.mark.parametrize(("name", "half", "times"), [
    ("Mythic Force", MYTH, 1), ("Stoic Judgement", MYTH, 1), ("Ritual of the Wise", MYTH, 1),
    ("Otherworldly Magic", MYTH, 2), ("Magical Assault", MYTH, 2), ("Golden Aura", MYTH, 2),
    ("Woeful Dirge", MYTH, 2), ("Threat of Annihilation", MYTH, 2)])
def test_nemesis_card_myths_powers_enter_play_after_myth_unleashes(name: str, half: str, times: int) -> None:
    """Myth leads by 20: each of its Unleashes heals Bone by 3, then the power lies in Myth's play area."""
    d = make(turn="N:Myth", myth=(name,), myth_life=60, myth_filler=False)
    g = turn(d)
    tokens = registry.NEMESIS_CARDS[name].power_tokens
    assert now(g) == expect(d, nemesis_life=40 + 3 * times, in_play=[(name, 0, tokens)], decks=piles(deck=()))
    assert mb.half_of(name) == half


@pytest.mark.parametrize(("name", "hand", "kept"), [
    ("Mythic Force", 2, 1), ("Magical Assault", 2, 1), ("Otherworldly Magic", 3, 1), ("Golden Aura", 5, 1)])
def test_nemesis_card_myths_powers_discard_cards_in_hand(name: str, hand: int, kept: int) -> None:
    card = registry.NEMESIS_CARDS[name]
    d = make(p1={"hand": ["Crystal"] * hand})
    g = run_steps(d, list(card.power), source=name)
    if g.legal_actions()[0][0] == "player":
        choose(g, ("player", 1))
    settle(g)
    assert now(g) == expect(d, hand=[["Crystal"], ["Crystal"] * kept],
                            discard=[[], ["Crystal"] * (hand - kept)])
    assert fire(g) == (1 if name == "Otherworldly Magic" else 0)


def test_nemesis_card_horrifying_majesty_the_weakest_player_suffers_three_and_is_severed_if_it_exhausts() -> None:
    card = registry.NEMESIS_CARDS["Horrifying Majesty"]
    d = make(p1={"life": 2})
    g = run_steps(d, list(card.immediately), source=card.name)
    assert g.state.players[1].exhausted and g.state.severed == [1]
    assert g.state.tokens["crossed:horrifying_majesty"] == 1
    d = make(p0={"breaches": [{"state": "open", "spells": ["Spark"]}, support.closed(1),
                                                 support.closed(0), support.closed(2)]})
    g = run_steps(d, list(card.power), source=card.name)
    choose(g, ("player", 0))
    while g.decision is not None and g.decision.kind != "main":
        choose(g, g.legal_actions()[0])
    assert g.state.players[0].breaches[0].spells == [] and g.state.players[0].discard == ["Spark"]


def test_nemesis_card_threat_of_annihilation_power_discards_a_prepped_spell() -> None:
    card = registry.NEMESIS_CARDS["Threat of Annihilation"]
    d = make(p0={"breaches": [{"state": "open", "spells": ["Spark"]}, support.closed(1), support.closed(0),
                              support.closed(2)]})
    g = run_steps(d, list(card.power), source=card.name)
    choose(g, ("player", 0))
    while g.decision is not None and g.decision.kind != "main":
        choose(g, g.legal_actions()[0])
    assert now(g) == expect(d, spells=[[[], [], [], []], [[], [], [], []]], discard=[["Spark"], []])


def test_nemesis_card_woeful_dirge_power_on_the_nemesis_turn_adds_fire() -> None:
    d = make(turn="N:Myth", in_play=(power("Woeful Dirge", 1),))
    g = turn(d)
    assert now(g) == expect(d, in_play=[(MYTH_FILLER, 12, 0)], decks=piles(deck=(), discard=("Woeful Dirge",)))
    assert fire(g) == 1


# ------------------------------------------------------------------ Myth's minions


def test_nemesis_card_awakened_megalith_a_hit_then_the_weaker_nemesis_heals_then_fire() -> None:
    d = make(turn="N:Myth", in_play=(minion("Awakened Megalith"),), myth_life=30)
    g = turn(d, ("player", 1))
    assert now(g) == expect(d, life=[10, 9], tokens=myth(33), decks=piles(deck=()),
                            in_play=[("Awakened Megalith", 7, 0), (MYTH_FILLER, 12, 0)])
    assert fire(g) == 1


def test_N_6_nemesis_card_awakened_megalith_a_tie_in_life_is_the_players_pick() -> None:
    d = make(turn="N:Myth", in_play=(minion("Awakened Megalith"),))
    g = turn(d, ("player", 1), ("choose", 1))  # Bone
    assert now(g) == expect(d, life=[10, 9], nemesis_life=43, decks=piles(deck=()),
                            in_play=[("Awakened Megalith", 7, 0), (MYTH_FILLER, 12, 0)])


def test_nemesis_card_cobble_haunt_myth_unleashes_twice_or_bone_unleashes_and_two_cards_go() -> None:
    d = make(turn="N:Myth", in_play=(minion("Cobble Haunt"),), myth_life=50, myth_filler=False)
    g = turn(d)  # no hand holds two cards: only Myth's two Unleashes can be carried out (N-6)
    assert now(g) == expect(d, nemesis_life=46, decks=piles(deck=()))
    d = make(turn="N:Myth", in_play=(minion("Cobble Haunt"),), myth_filler=False,
             p1={"hand": ["Crystal", "Spark", "Crystal"]})
    g = at_nemesis_turn(d)
    choose(g, ("choose", 1))
    choose(g, GH)  # Bone's Unleash: Gravehold; then only Mist holds two cards (N-6)
    settle(g)
    support.at_p1_main(g)
    assert now(g)["gravehold"] == 28 and len(g.state.players[1].hand) == 1 and len(g.state.players[1].discard) == 2


def test_nemesis_card_obelisk_idol_the_player_with_most_prepped_spells_suffers_two() -> None:
    breaches = [{"state": "open", "spells": ["Spark"]}, support.closed(1), support.closed(0), support.closed(2)]
    d = make(turn="N:Myth", in_play=(minion("Obelisk Idol"),), myth_filler=False, p1={"breaches": breaches})
    g = turn(d)
    assert now(g) == expect(d, life=[10, 8], decks=piles(deck=()))
    assert fire(g) == 1


def test_nemesis_card_ruin_scrounger_bone_trailing_the_costliest_card_goes_else_gravehold_suffers() -> None:
    d = make(turn="N:Myth", in_play=(minion("Ruin Scrounger"),), myth_life=45, myth_filler=False,
             p1={"hand": ["Crystal", "Diamond Cluster"]})
    g = turn(d)  # Mist holds the costliest card
    assert now(g) == expect(d, hand=[["Crystal"], ["Crystal"]], destroyed=["Diamond Cluster"], life=[10, 7],
                            decks=piles(deck=()))
    d = make(turn="N:Myth", in_play=(minion("Ruin Scrounger"),), myth_filler=False)
    g = turn(d)
    assert now(g) == expect(d, gravehold=26, decks=piles(deck=()))


# ------------------------------------------------------------------ Bone's minions


def test_nemesis_card_quagmire_amphyb_bone_then_myth_unleash_then_fire() -> None:
    d = make(in_play=(minion("Quagmire Amphyb"),), myth_life=50)
    g = turn(d, GH)  # Bone's Unleash: Gravehold 2; Myth leads: Bone gains 3
    assert now(g) == expect(d, gravehold=28, nemesis_life=43, n_deck=[],
                            in_play=[("Quagmire Amphyb", 8, 0), (BONE_FILLER, 14, 0)])
    assert fire(g) == 1


def test_nemesis_card_thicket_gibber_with_bone_trailing_a_prepped_spell_goes_and_fire() -> None:
    breaches = [{"state": "open", "spells": ["Spark"]}, support.closed(1), support.closed(0), support.closed(2)]
    d = make(in_play=(minion("Thicket Gibber"),), myth_life=45, p0={"breaches": breaches})
    g = turn(d, GH, ("player", 0))
    assert now(g) == expect(d, gravehold=28, n_deck=[], spells=[[[], [], [], []], [[], [], [], []]],
                            discard=[["Spark"], []], in_play=[("Thicket Gibber", 5, 0), (BONE_FILLER, 14, 0)])
    assert fire(g) == 1


def test_nemesis_card_primeval_huntress_myth_unleashes_and_fire() -> None:
    d = make(in_play=(minion("Primeval Huntress"),), myth_life=50)
    g = turn(d)
    assert now(g) == expect(d, nemesis_life=43, n_deck=[],
                            in_play=[("Primeval Huntress", 12, 0), (BONE_FILLER, 14, 0)])
    assert fire(g) == 1


def test_nemesis_card_gibber_mob_charges_or_gravehold() -> None:
    d = make(in_play=(minion("Gibber Mob"),), bone_filler=False, p1={"charges": 3})
    g = turn(d, ("choose", 0))  # only Mist has charges to lose
    assert now(g) == expect(d, charges=[0, 0])
    g = turn(d, ("choose", 1))
    assert now(g) == expect(d, gravehold=25)


def test_nemesis_card_amphyb_clutchfather_heals_the_weaker_and_takes_the_costliest_prepped_spell() -> None:
    breaches = [{"state": "open", "spells": ["Spark"]}, support.closed(1), support.closed(0), support.closed(2)]
    d = make(in_play=(minion("Amphyb Clutchfather"),), bone_filler=False, bone_life=30, p1={"breaches": breaches})
    g = turn(d)
    assert now(g) == expect(d, nemesis_life=37, spells=[[[], [], [], []], [[], [], [], []]], discard=[[], ["Spark"]])
    assert fire(g) == 1


def test_nemesis_card_mycelion_titan_bone_twice_or_a_costly_spell_and_its_breach() -> None:
    d = make(in_play=(minion("Mycelion Titan"),), bone_filler=False)
    g = turn(d, ("choose", 0), GH, GH)
    assert now(g) == expect(d, gravehold=26)


# ------------------------------------------------------------------ Bone's attacks


def steps_of(name: str) -> list[Any]:
    return list(registry.NEMESIS_CARDS[name].effect)


def test_nemesis_card_charge_bone_unleashes_a_card_goes_fire_and_with_bone_trailing_two_tokens() -> None:
    name = "Charge (Paradox of Myth and Bone)"
    d = make(myth_life=45, in_play=(power("Golden Aura", 1),), p1={"hand": ["Spark"]})
    g = run_steps(d, steps_of(name), source=name)
    choose(g, GH)
    choose(g, ("player", 1))
    assert now(g) == expect(d, gravehold=28, nemesis_life=42, hand=[["Crystal"], []], discard=[[], ["Spark"]],
                            in_play=[("Golden Aura", 0, 3)])
    assert fire(g) == 1 and registry.NEMESIS_CARDS[name].shown == "Charge"


def test_nemesis_card_flail_bone_unleashes_a_prepped_spell_goes_and_again_if_trailing() -> None:
    d = make(myth_life=45)
    g = run_steps(d, steps_of("Flail"), source="Flail")
    choose(g, GH)
    choose(g, ("player", 0))  # nobody has a prepped spell to discard
    choose(g, GH)  # Bone trails: another Unleash
    assert now(g) == expect(d, gravehold=26)


def test_nemesis_card_glare_two_tokens_on_the_oldest_power_and_bone_heals_when_trailing() -> None:
    d = make(myth_life=45, in_play=(power("Mythic Force", 1), power("Golden Aura", 1)))
    g = run_steps(d, steps_of("Glare"), source="Glare")
    choose(g, GH)
    # 3 damage (Mythic Force), Golden Aura heals Bone (lower) 2, then the tokens, then Bone gains 2
    assert now(g) == expect(d, gravehold=27, nemesis_life=44, in_play=[("Mythic Force", 0, 3), ("Golden Aura", 0, 1)])


def test_nemesis_card_enrage_bone_twice_then_fire_and_three_cards_when_trailing() -> None:
    d = make(myth_life=45, p1={"hand": ["Spark", "Spark", "Spark"]})
    g = run_steps(d, steps_of("Enrage"), source="Enrage")
    choose(g, GH)
    choose(g, GH)
    settle(g)  # only Mist holds three cards: she discards them (N-6)
    assert now(g) == expect(d, gravehold=26, hand=[["Crystal"], []], discard=[[], ["Spark"] * 3])
    assert fire(g) == 1
    assert registry.NEMESIS_CARDS["Enrage (Campaign)"].campaign


def test_nemesis_card_pound_charges_and_with_bone_trailing_the_weakest_is_hit_and_may_be_severed() -> None:
    d = make(myth_life=45, p1={"life": 2, "charges": 2})
    g = run_steps(d, steps_of("Pound"), source="Pound")
    choose(g, GH)
    choose(g, GH)
    settle(g)  # only Mist has charges; she is the weakest: exhausted (a breach of hers goes) and severed
    assert g.state.players[1].charges == 0 and g.state.players[1].exhausted and g.state.severed == [1]


def test_nemesis_card_gnash_returns_bones_last_minion_when_trailing_else_five_damage() -> None:
    d = make(myth_life=45)
    d["nemesis"]["discard"] = ["Thicket Gibber", "Flail"]
    g = run_steps(d, steps_of("Gnash"), source="Gnash")
    assert now(g) == expect(d, n_discard=["Flail"], in_play=[("Thicket Gibber", 5, 0)])
    d = make()
    g = run_steps(d, steps_of("Gnash"), source="Gnash")
    choose(g, ("player", 0))
    assert now(g) == expect(d, life=[5, 10])


def test_nemesis_card_intimidate_returns_a_minion_and_two_prepped_spells_go_when_trailing() -> None:
    breaches = [{"state": "open", "spells": ["Spark"]}, {"state": "open", "spells": ["Spark"]}, support.closed(0),
                support.closed(2)]
    d = make(myth_life=45, p0={"breaches": breaches})
    d["nemesis"]["discard"] = ["Gibber Mob"]
    g = run_steps(d, steps_of("Intimidate"), source="Intimidate")
    while g.decision is not None and g.decision.kind != "main":
        choose(g, g.legal_actions()[0])
    assert now(g) == expect(d, n_discard=[], in_play=[("Gibber Mob", 14, 0)], discard=[["Spark", "Spark"], []],
                            spells=[[[], [], [], []], [[], [], [], []]])


def test_nemesis_card_gore_bone_twice_then_myths_top_power_returns_with_a_token_when_trailing() -> None:
    d = make(myth_life=45, myth_discard=("Mythic Force", "Cobble Haunt"))
    g = run_steps(d, steps_of("Gore (Paradox of Myth and Bone)"), source="Gore (Paradox of Myth and Bone)")
    choose(g, GH)
    choose(g, GH)
    # no IMMEDIATELY (no Myth Unleash), 5 + 1 power tokens
    assert now(g) == expect(d, gravehold=26, in_play=[("Mythic Force", 0, 6)],
                            decks=piles(discard=("Cobble Haunt",)))


def test_nemesis_card_defy_bone_twice_and_four_charges_or_myth_thrice_two_spells_and_fire() -> None:
    d = make(p1={"charges": 4})
    g = run_steps(d, steps_of("Defy"), source="Defy")
    choose(g, ("choose", 0))
    choose(g, GH)
    choose(g, GH)
    while g.decision is not None and g.decision.kind != "main":
        choose(g, g.legal_actions()[0])
    assert now(g) == expect(d, gravehold=26, charges=[0, 0])
    d = make(myth_life=60)
    g = run_steps(d, steps_of("Defy"), source="Defy")
    choose(g, ("choose", 1))
    assert now(g) == expect(d, nemesis_life=49) and fire(g) == 1


# ------------------------------------------------------------------ the boards, the text, the bots


def test_N_13_both_boards_show_two_play_areas_each_beside_its_dial() -> None:
    d = make(in_play=(power("Mythic Force", 2), minion("Gibber Mob")), myth_life=33)
    g = at_main(d)
    shown = dict(panels(view_for(g.state, 0)))
    assert shown[MYTH].startswith("life 33 · deck 1 · discard 0 · in play: Mythic Force (2 power)")
    assert shown[BONE].startswith("life 40 (the nemesis dial)") and "Gibber Mob (14 life)" in shown[BONE]


def test_N_13_the_terminal_board_shows_both_dials_and_a_life_above_the_start() -> None:
    from gravehold.terminal.render import nemesis_pane

    d = make(in_play=(power("Mythic Force", 2),), myth_life=33, bone_life=40)
    g = run_steps(d, [("half_gains", BONE, 5)])
    text = nemesis_pane(g.view_for(0), g.engine.tier()).plain
    assert "life 45 (40 at the start, no maximum)" in text
    assert "Myth life 33 · deck 1 · discard 0 · in play: Mythic Force (2 power)" in text
    assert "Bone life 45 (the nemesis dial)" in text and "Myth deck" not in text.replace("Myth life", "")
    assert "In play: Myth: Mythic Force (power 2)" in text  # each card under its nemesis' name


def test_N_13_the_mat_text_says_the_projects_readings() -> None:
    text = nemesis_text(registry.NEMESES[PMB])
    assert "Myth and Bone are two nemeses" in text and "the project's reading" in text
    assert "Myth Unleashes twice." in nemesis_card_text(registry.NEMESIS_CARDS["Golden Aura"])
    siege = nemesis_card_text(registry.NEMESIS_CARDS["Baleful Siege"])  # siege_less, siege_strike
    assert "Spells deal 2 less damage to Bone or Myth" in siege and "strike out this sentence" in siege


@pytest.mark.parametrize("seed", [1, 2])
def test_paradox_of_myth_and_bone_bots_play_seeded_games_to_the_end(seed: int) -> None:
    for agent in ("random", "heuristic"):
        g = Game.new(mages=["Brama", "Mist", "Kadir"], nemesis=PMB, market="random", seed=seed)
        play_out(g, agent, seed)
        assert g.over and g.state.result in ("win", "loss")
