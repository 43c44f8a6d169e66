"""Bishop: Returned (Legacy of Gravehold): its mat (nemesis tokens, reinforcements, the deck
that forms again from its minions and the entry tokens after it, the deck-out win), its
increased difficulty, its nine minions and its nine campaign printings, from exact states.

Each test builds a small exact state (Brama and Mist, against Bishop: Returned), runs an
Unleash, a nemesis turn or a card's steps, and compares a snapshot of every zone the nemesis
can touch (its tokens included) with the starting one plus only the expected changes.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from gravehold import Game
from gravehold.agents import make_agent
from gravehold.agents.board import SeatView
from gravehold.boxes.legacy_of_gravehold.nemeses import bishop_returned as br
from gravehold.content import registry
from gravehold.content.text import nemesis_card_text, nemesis_text
from gravehold.engine.game import card_census
from gravehold.events_text import event_text

import support
from support import at_main, at_nemesis_turn, choose, events, minion, run_steps

BR = br.BR
T, REFORMED = br.TOKEN, br.REFORMED
FILLER = "Needlemaw"  # a basic tier-2 minion that only enters play (drawn after a test's own cards)
ATTACK, POWER = "Rend", "Chaos Orb"
SOLDIER, WATCHER, LURKER = "Unknown Soldier", "Unknown Watcher", "Unknown Lurker"


#: the campaign printings, by the role their catalogue name ends with
CAMPAIGN_NAMES = {
    "Hunter": "Unnamed (Bishop: Returned Campaign Hunter)",
    "Watcher": "Unnamed (Bishop: Returned Campaign Watcher)",
    "Lurker": "Unnamed (Bishop: Returned Campaign Lurker)",
    "Soldier": "Unnamed (Bishop: Returned Campaign Soldier)",
    "Shadow": "Unnamed (Bishop: Returned Campaign Shadow)",
    "Follower": "Unnamed (Bishop: Returned Campaign Follower)",
    "Phantom": "Unnamed (Bishop: Returned Campaign Phantom)",
    "Fusion": "Unnamed (Bishop: Returned Campaign Fusion)",
    "Beast": "Unnamed (Bishop: Returned Campaign Beast)",
}


def campaign(role: str) -> str:
    return CAMPAIGN_NAMES[role]


def make(*top: str, in_play: tuple[dict[str, Any], ...] = (), tokens: dict[str, int] | None = None,
         discard: tuple[str, ...] = (), deck: list[str] | None = None, p0: dict[str, Any] | None = None,
         p1: dict[str, Any] | None = None, expert: bool = False) -> dict[str, Any]:
    """Brama and Mist against Bishop: Returned: ``top`` then the filler on its deck (``deck``:
    exactly that deck), ``discard`` in its discard pile."""
    d = support.facing(BR, 60, top, FILLER, in_play=in_play, p0=p0, p1=p1, expert=expert, tokens=tokens)
    if deck is not None:
        d["nemesis"]["deck"] = list(deck)
    d["nemesis"]["discard"] = list(discard)
    return d


SNAPSHOT = support.Snapshot(*support.SNAP_BASE, "tokens", "to_deck", "to_discard")
snap, expect, now = SNAPSHOT.snap, SNAPSHOT.expect, SNAPSHOT.now


def turn(d: dict[str, Any], *picks: tuple[Any, ...]) -> Game:
    """A nemesis turn, then P1's turn order card: the game waits in P1's main phase."""
    g = at_nemesis_turn(d)
    for a in picks:
        choose(g, a)
    support.at_p1_main(g)
    return g


def after_turn(d: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """``expect`` after a nemesis turn that drew the deck's top card (a minion entering play)."""
    to = d["turn_order"]
    top = d["nemesis"]["deck"][0]
    changes.setdefault("to_deck", to["deck"][1:])
    changes.setdefault("to_discard", [*to["discard"], "P1"])
    changes.setdefault("n_deck", d["nemesis"]["deck"][1:])
    changes.setdefault("in_play", [*snap(d)["in_play"], (top, registry.nemesis_card(top).life, 0)])
    return expect(d, **changes)


# =========================================================================== the mat


def test_N_4_unleash_gains_one_nemesis_token() -> None:
    d = make(tokens={T: 2})
    g = run_steps(d, [("unleash", 2)])
    assert now(g) == expect(d, tokens={T: 4})


def test_S_7_setup_deals_the_nine_minions_three_a_tier_and_no_campaign_printing() -> None:
    g = Game.new(mages=["Brama", "Mist"], nemesis=BR, seed=5)
    n = g.state.nemesis
    own = [c for c in n.deck if registry.nemesis_card(c).nemesis == BR]
    assert sorted(own) == sorted(c.name for c in br.DECK_CARDS)
    tiers = [registry.nemesis_card(c).tier for c in n.deck]
    assert tiers == sorted(tiers)  # tier 1 on top, tier 3 at the bottom (S-6)
    assert [sum(registry.nemesis_card(c).tier == t for c in own) for t in (1, 2, 3)] == [3, 3, 3]
    assert not any(c.startswith("Unnamed") for c in n.deck)
    assert n.life == 60 and not any(n.tokens.values()) and n.in_play == [] and n.discard == []
    assert registry.NEMESES[BR].deck_shape == (3, 3, 3)
    assert all(c.campaign for c in br.CAMPAIGN) and not any(c.campaign for c in br.DECK_CARDS)


def test_N_7_reinforcements_reveal_two_minion_enters_play_other_discarded_four_tokens_lost() -> None:
    d = make(deck=[FILLER, SOLDIER, ATTACK, LURKER], tokens={T: 6})
    g = turn(d)
    assert now(g) == after_turn(d, n_deck=[LURKER], n_discard=[ATTACK], tokens={T: 2},
                                in_play=[(FILLER, 11, 0), (SOLDIER, 4, 0)])
    e = events(g, "br_reinforcements")[0]
    assert e["cards"] == [SOLDIER, ATTACK] and e["minions"] == [SOLDIER]
    assert event_text(e) == f"reinforcements: {SOLDIER}, {ATTACK} revealed, {SOLDIER} into play (Bishop: Returned)"


def test_N_7_reinforcements_two_minions_both_enter_play_a_power_is_discarded_unresolved() -> None:
    d = make(deck=[FILLER, POWER, SOLDIER], tokens={T: 5})
    g = turn(d)
    assert now(g) == after_turn(d, n_deck=[], n_discard=[POWER], tokens={T: 1},
                                in_play=[(FILLER, 11, 0), (SOLDIER, 4, 0)])
    d = make(deck=[FILLER, WATCHER, SOLDIER, LURKER], tokens={T: 5})
    g = turn(d)
    assert now(g) == after_turn(d, n_deck=[LURKER], tokens={T: 1},
                                in_play=[(FILLER, 11, 0), (WATCHER, 8, 0), (SOLDIER, 4, 0)])


def test_N_7_reinforcements_need_five_tokens() -> None:
    d = make(deck=[FILLER, SOLDIER, LURKER], tokens={T: 4})
    g = turn(d)
    assert now(g) == after_turn(d) and not events(g, "br_reinforcements")


def test_N_7_reinforcements_come_after_the_draw_counting_tokens_the_turn_added() -> None:
    """The minions act first (an Unleash from Unknown Shadow makes the fifth token), then the draw."""
    d = make(SOLDIER, LURKER, in_play=(minion("Unknown Shadow"),), tokens={T: 4})
    g = turn(d)
    assert now(g) == after_turn(d, n_deck=[], tokens={T: 1},
                                in_play=[("Unknown Shadow", 4, 0), (SOLDIER, 4, 0), (LURKER, 4, 0), (FILLER, 11, 0)])


def test_N_7_reinforcements_with_one_card_left_reveal_it_and_form_no_deck() -> None:
    d = make(deck=[FILLER, SOLDIER], tokens={T: 5}, discard=(WATCHER,))
    g = turn(d)
    assert now(g) == after_turn(d, n_deck=[], tokens={T: 1}, in_play=[(FILLER, 11, 0), (SOLDIER, 4, 0)])
    assert not events(g, "br_deck_formed")


def test_S_9_increased_difficulty_reinforcements_cost_three_tokens() -> None:
    d = make(deck=[FILLER, SOLDIER, ATTACK], tokens={T: 5}, expert=True)
    g = turn(d)
    assert now(g) == after_turn(d, n_deck=[], n_discard=[ATTACK], tokens={T: 2},
                                in_play=[(FILLER, 11, 0), (SOLDIER, 4, 0)])


def test_K_14_empty_deck_forms_again_from_the_discarded_minions_and_the_draw_goes_on() -> None:
    d = make(deck=[], discard=(ATTACK, SOLDIER, POWER))
    g = turn(d)
    assert now(g) == after_turn({**d, "nemesis": {**d["nemesis"], "deck": [SOLDIER]}},
                                n_discard=[ATTACK, POWER], tokens={REFORMED: 1, T: 2})
    assert [e["amount"] for e in events(g, "br_deck_formed")] == [1]
    assert not events(g, "nemesis_deck_empty")
    assert event_text(events(g, "br_deck_formed")[0]) == \
        "the nemesis deck forms again from 1 discarded minions (Bishop: Returned)"


def test_K_14_the_new_deck_holds_every_discarded_minion_shuffled() -> None:
    d = make(deck=[], discard=(SOLDIER, WATCHER, LURKER, ATTACK))
    g = turn(d)
    n = g.to_dict()["nemesis"]
    drawn = n["in_play"][0]["name"]
    assert sorted([drawn, *n["deck"]]) == sorted([SOLDIER, WATCHER, LURKER])
    assert n["discard"] == [ATTACK]
    assert n["tokens"] == {REFORMED: 1, T: br.ENTRY_TOKENS[registry.nemesis_card(drawn).tier]}


def test_N_3_empty_deck_without_a_discarded_minion_unleashes_as_usual() -> None:
    d = support.with_ruleset(make(deck=[], discard=(ATTACK,), in_play=(minion(FILLER),)), empty_deck_unleashes=3)
    g = turn(d)
    assert now(g) == expect(d, tokens={T: 3}, gravehold=28, to_deck=d["turn_order"]["deck"][1:],
                            to_discard=[*d["turn_order"]["discard"], "P1"])
    assert [e["unleashes"] for e in events(g, "nemesis_deck_empty")] == [3]


def test_K_14_entry_tokens_after_the_deck_formed_tier_one_two_tier_two_one_tier_three_none() -> None:
    for top, gain in ((SOLDIER, 2), (WATCHER, 1), ("Unknown Phantom", 0)):
        d = make(top, tokens={REFORMED: 1})
        g = turn(d)
        assert now(g) == after_turn(d, tokens={REFORMED: 1, **({T: gain} if gain else {})}), top


def test_K_14_no_entry_tokens_before_a_deck_formed() -> None:
    d = make(SOLDIER)
    g = turn(d)
    assert now(g) == after_turn(d)


def test_K_14_reinforced_minions_bring_their_entry_tokens_after_the_loss() -> None:
    d = make(deck=[FILLER, SOLDIER, WATCHER], tokens={T: 5, REFORMED: 1})
    g = turn(d)
    # the drawn Needlemaw (tier 2) adds 1: 6; reinforcements: 6 - 4 + 2 + 1 = 5
    assert now(g) == after_turn(d, n_deck=[], tokens={T: 5, REFORMED: 1},
                                in_play=[(FILLER, 11, 0), (SOLDIER, 4, 0), (WATCHER, 8, 0)])


def test_K_14_a_minion_returned_from_the_discard_brings_entry_tokens() -> None:
    d = make(discard=(SOLDIER,), tokens={REFORMED: 1})
    g = run_steps(d, [("return_minion",)])
    assert now(g) == expect(d, n_discard=[], in_play=[(SOLDIER, 4, 0)], tokens={REFORMED: 1, T: 2})


def test_G_1_no_deck_out_win_while_a_minion_lies_in_the_nemesis_discard() -> None:
    g = at_main(make(deck=[], discard=(SOLDIER,)))
    choose(g, ("end_main",))
    assert not g.over and g.state.to_discard == ["P1"]


def test_G_1_deck_out_win_with_no_minion_in_the_nemesis_discard() -> None:
    g = at_main(make(deck=[], discard=(ATTACK,)))
    choose(g, ("end_main",))
    assert g.over and g.result == "win" and g.reason == "nemesis_deck_empty"


# =========================================================================== the nine minions


def test_card_unknown_shadow_persistent_unleash() -> None:
    d = make(in_play=(minion("Unknown Shadow"),))
    assert now(turn(d)) == after_turn(d, tokens={T: 1})


def test_card_unknown_soldier_persistent_gravehold_one() -> None:
    d = make(in_play=(minion(SOLDIER),))
    assert now(turn(d)) == after_turn(d, gravehold=29)


def test_card_unknown_lurker_persistent_any_player_one() -> None:
    d = make(in_play=(minion(LURKER),))
    assert now(turn(d, ("player", 1))) == after_turn(d, life=[10, 9])


def test_card_unknown_hunter_persistent_unleash() -> None:
    d = make(in_play=(minion("Unknown Hunter"),), tokens={T: 1})
    assert now(turn(d)) == after_turn(d, tokens={T: 2})


def test_card_unknown_watcher_persistent_gravehold_one() -> None:
    d = make(in_play=(minion(WATCHER),))
    assert now(turn(d)) == after_turn(d, gravehold=29)


def test_card_unknown_fusion_persistent_any_player_one() -> None:
    d = make(in_play=(minion("Unknown Fusion"),))
    assert now(turn(d, ("player", 0))) == after_turn(d, life=[9, 10])


def test_card_unknown_phantom_persistent_gravehold_two() -> None:
    d = make(in_play=(minion("Unknown Phantom"),))
    assert now(turn(d)) == after_turn(d, gravehold=28)


def test_card_unknown_beast_persistent_any_player_one_and_discards_costliest_in_hand() -> None:
    d = make(in_play=(minion("Unknown Beast"),), p1={"hand": ["Crystal", "Jagged Lightning", "Spark"]})
    g = turn(d, ("player", 1))
    assert now(g) == after_turn(d, life=[10, 9], hand=[["Crystal"], ["Crystal", "Spark"]],
                                discard=[[], ["Jagged Lightning"]])


def test_card_unknown_follower_persistent_any_player_loses_two_charges_and_one_damage() -> None:
    d = make(in_play=(minion("Unknown Follower"),), p1={"charges": 3})
    g = turn(d, ("player", 1))
    assert now(g) == after_turn(d, life=[10, 9], charges=[0, 1])


# =========================================================================== the campaign printings


def test_card_campaign_hunter_unleash_shield_heals_another_minion_any_player_one() -> None:
    hunter = campaign("Hunter")
    d = make(in_play=(minion(hunter, 6), minion(SOLDIER, 1), minion(WATCHER, 5)))
    g = run_steps(d, list(registry.nemesis_card(hunter).persistent), source=hunter)
    assert {a[1] for a in g.legal_actions()} == {SOLDIER, WATCHER}  # never the Hunter itself
    choose(g, ("minion", SOLDIER))
    choose(g, ("player", 1))
    assert now(g) == expect(d, tokens={T: 1}, in_play=[(hunter, 6, 0), (SOLDIER, 3, 0), (WATCHER, 5, 0)],
                            life=[10, 9])
    assert g.state.nemesis.in_play[0].shields == 1  # br_shield_self
    assert [event_text(e) for e in events(g, "br_healed")] == [f"{SOLDIER} gains 2 life ({hunter})"]
    assert [event_text(e) for e in events(g, "br_shielded")] == [f"{hunter} gains 1 shield token ({hunter})"]


def test_N_10_campaign_hunter_heal_stops_at_printed_life_and_needs_another_minion() -> None:
    hunter = campaign("Hunter")
    d = make(in_play=(minion(hunter, 6), minion(SOLDIER, 3)))
    g = run_steps(d, [("br_heal_other", 2)], source=hunter)  # the only other minion: no question
    assert now(g) == expect(d, in_play=[(hunter, 6, 0), (SOLDIER, 4, 0)])
    d = make(in_play=(minion(hunter, 6),))
    g = run_steps(d, [("br_heal_other", 2)], source=hunter)
    assert now(g) == expect(d)


@pytest.mark.parametrize(("role", "picks", "changes"), [
    ("Watcher", (), {"gravehold": 29}),
    ("Lurker", (("player", 1),), {"life": [10, 8]}),
    ("Soldier", (), {"gravehold": 29}),
    ("Follower", (("player", 0),), {"life": [9, 10]}),
    ("Phantom", (), {"gravehold": 27}),
    ("Fusion", (("player", 1),), {"life": [10, 8]}),
])
def test_card_campaign_printings_simple_persistents(role: str, picks: tuple[Any, ...],
                                                    changes: dict[str, Any]) -> None:
    name = campaign(role)
    d = make(in_play=(minion(name),))
    g = run_steps(d, list(registry.nemesis_card(name).persistent), source=name)
    for a in picks:
        choose(g, a)
    assert now(g) == expect(d, **changes)


def test_card_campaign_shadow_any_player_one_and_a_prepped_spell_then_unleash() -> None:
    name = campaign("Shadow")
    d = make(in_play=(minion(name),))
    d["players"][1]["breaches"][0] = {"state": "open", "spells": ["Spark"]}
    g = run_steps(d, list(registry.nemesis_card(name).persistent), source=name)
    choose(g, ("player", 1))
    assert now(g) == expect(d, life=[10, 9], spells=[[[], [], [], []], [[], [], [], []]],
                            discard=[[], ["Spark"]], tokens={T: 1})


def test_card_campaign_beast_any_player_two_costliest_card_then_unleash_twice() -> None:
    name = campaign("Beast")
    d = make(in_play=(minion(name),), p0={"hand": ["Crystal", "Jagged Lightning"]})
    g = run_steps(d, list(registry.nemesis_card(name).persistent), source=name)
    choose(g, ("player", 0))
    assert now(g) == expect(d, life=[8, 10], hand=[["Crystal"], ["Crystal"]], discard=[["Jagged Lightning"], []],
                            tokens={T: 2})


def test_campaign_printings_values_follow_the_readings() -> None:
    lives = {c.name: (c.tier, c.life, c.shields) for c in br.CAMPAIGN}
    assert lives == {campaign("Hunter"): (2, 9, 0), campaign("Watcher"): (2, 8, 0), campaign("Lurker"): (1, 5, 0),
                     campaign("Soldier"): (1, 5, 0), campaign("Shadow"): (1, 5, 0),
                     campaign("Follower"): (3, 8, 0), campaign("Phantom"): (3, 7, 0),
                     campaign("Fusion"): (2, 11, 0), campaign("Beast"): (3, 14, 0)}
    assert not registry.nemesis_card(campaign("Fusion")).immediately


# =========================================================================== texts and whole games


def test_K_13_bishop_returned_texts_name_tokens_reinforcements_and_the_new_deck() -> None:
    mat = nemesis_text(registry.NEMESES[BR])
    assert "nemesis token" in mat and "reinforcements" in mat and "new nemesis deck" in mat
    assert "project's reading" in mat and "3 nemesis tokens instead" in mat
    assert "costliest card in hand" in nemesis_card_text(registry.NEMESIS_CARDS["Unknown Beast"])
    assert set(br.READINGS) >= {"no_minion_to_reform", "deck_out", "reveal_short", "campaign_blanks"}


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_bishop_returned_seeded_heuristic_games_finish(players: int) -> None:
    seed = 53 * players
    mages = random.Random(seed).sample(["Brama", "Mist", "Gex", "Kadir", "Garu", "Adelheim"], players)
    g = Game.new(mages=mages, nemesis=BR, seed=seed, market="random", difficulty="expert" if players % 2 else "normal")
    census = card_census(g.state)
    seats = [make_agent("heuristic", seed + i) for i in range(players)]
    steps = 0
    while not g.over:
        dec = g.decision
        assert dec is not None
        g.apply(seats[dec.seat].choose(dec, SeatView(g.state, dec.seat)))
        steps += 1
        assert steps < 20000, "the game does not end"
    assert g.result in ("win", "loss") and card_census(g.state) == census
    assert Game.from_json(g.to_json()).state == g.state
    for e in g.events:
        if e["event"].startswith("br_"):
            assert event_text(e), e


@pytest.mark.parametrize("seed", [0, 1])
def test_bishop_returned_random_bots_play_to_the_end(seed: int) -> None:
    g = support.play_random(Game.new(mages=["Brama", "Mist"], nemesis=BR, seed=seed), seed)
    assert g.over


def test_E_6_no_mat_rule_exhaustion_brings_the_usual_two_unleashes_two_tokens() -> None:
    d = make(p0={"life": 1})
    g = run_steps(d, [("suffer", 1)], source="Unknown Lurker")
    assert now(g) == expect(d, tokens={T: 2}, exhausted=[True, False], life=[0, 10])
    assert len(events(g, "unleash")) == 2
    assert g.decision is not None and g.decision.kind == "destroy_breach"  # E-1's other step follows
