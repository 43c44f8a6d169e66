"""Rules N (the nemesis' turn), E (exhaustion) and G (end of the game), with edition options.

Every state is written by hand and small. Players hold a Crystal so that the next player
main phase stops at a real decision (a Crystal can be played), which freezes the game
right after the rule under test has played out.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from gravehold import Game, IllegalAction, StateFormatError
from gravehold.content import registry
from gravehold.content.model import NemesisCardDef, NemesisDef
from gravehold.engine.generic import pick
from gravehold.engine.ruleset import ruleset

from support import at_main, at_nemesis_turn, base_state, choose, closed, player, registered, run_steps, with_ruleset

STRIKES = ["Devastate", "Convoke", "Eviscerate", "Frenzy", "Raze", "Seize"]


# ---------------------------------------------------------------------- helpers


def table(p0: dict[str, Any] | None = None, p1: dict[str, Any] | None = None, *,
          solo: bool = False, **nemesis: Any) -> dict[str, Any]:
    """Two players (or one) holding a Crystal each; nemesis fields overridden by keyword."""
    a = player("Brama", hand=["Crystal"])
    a.update(p0 or {})
    players = [a]
    if not solo:
        b = player("Mist", hand=["Crystal"])
        b.update(p1 or {})
        players.append(b)
    d = base_state(players)
    if solo:
        d["turn_order"] = {"deck": ["P1", "P1", "P1", "N"], "discard": []}
    d["nemesis"].update(nemesis)
    return d


def names(g: Game) -> list[str]:
    return [c.name for c in g.state.nemesis.in_play]


def evs(g: Game, *kinds: str) -> list[str]:
    return [e["event"] for e in g.events if e["event"] in kinds]


def at_player_main(g: Game, i: int) -> bool:
    d = g.decision
    return d is not None and d.kind == "main" and d.player == i


def frozen(g: Game) -> dict[str, Any]:
    return copy.deepcopy(g.to_dict())


@pytest.fixture
def wanderer() -> Iterator[str]:
    """A test-only wandering minion (N-8), removed from the registry afterwards."""
    name = "Test Wanderer"
    with registered(NemesisCardDef(name, "minion", 1, "AE", life=5, wandering=True)):
        yield name


@pytest.fixture
def tyrant() -> Iterator[str]:
    """A test-only nemesis whose Unleash hurts the lowest-life player, then adds a doom token.

    It loses the game for the players at 5 doom tokens (G-2, the nemesis' own rule).
    Its nine cards are basic cards, so nothing else needs registering.
    """
    nid = "Test Tyrant"
    registry.register_nemesis(NemesisDef(
        nid, nid, "AE", life=30, difficulty=1,
        unleash=(("player", "lowest_life", (("suffer", 2),)), ("gain_token", "doom", 1)),
        cards=("Bane Sire", "Skewer", "Slaughter", "Awaken", "Dispel", "Lay Waste",
               "Topple", "Sunder", "Jagged One"),
        loss_token=("doom", 5),
    ))
    try:
        yield nid
    finally:
        del registry.NEMESES[nid]


def tyrant_table(nid: str, p0: dict[str, Any], p1: dict[str, Any], doom: int = 0) -> dict[str, Any]:
    d = table(p0, p1)
    d["config"]["nemesis"] = nid
    d["nemesis"] = {"id": nid, "life": 30, "max_life": 30, "deck": ["Bane Sire", "Skewer", "Slaughter"],
                    "discard": [], "in_play": [], "tokens": {"doom": doom}, "decks": {}}
    return d


# ============================================================ N-1 nemesis main phase


@pytest.mark.parametrize("order, gravehold", [
    (["Provoker", "Bane Sire"], 29),  # Provoker hits for 1 fury, then Bane Sire adds one
    (["Bane Sire", "Provoker"], 28),  # fury rises first, so Provoker hits for 2
])
def test_N_1_in_play_cards_act_oldest_to_newest(order: list[str], gravehold: int) -> None:
    life = {"Provoker": 5, "Bane Sire": 6}
    d = table(deck=["Needlemaw", "Skewer"], in_play=[{"name": n, "life": life[n]} for n in order])
    g = at_nemesis_turn(d)
    assert [e["card"] for e in g.events if e["event"] == "persistent"] == order
    assert g.state.gravehold == gravehold
    assert g.state.nemesis.tokens["fury"] == 2
    assert names(g) == order + ["Needlemaw"]
    assert g.state.nemesis.deck == ["Skewer"]
    assert at_player_main(g, 0)


def test_N_1_minion_resolves_persistent_effect() -> None:
    d = table(deck=["Needlemaw"], in_play=[{"name": "Haze Spewer", "life": 5}])
    g = at_nemesis_turn(d)
    # Haze Spewer hurts Gravehold by its own life, then loses 1 life itself
    assert g.state.gravehold == 25
    assert [(c.name, c.life) for c in g.state.nemesis.in_play] == [("Haze Spewer", 4), ("Needlemaw", 11)]
    assert g.state.nemesis.discard == []
    assert g.state.nemesis.tokens["fury"] == 1


def test_N_1_silenced_minion_skips_once_and_loses_silence() -> None:
    d = table(deck=["Bane Sire", "Haze Spewer", "Skewer"],
              in_play=[{"name": "Needlemaw", "life": 11, "silenced": True}])
    d["turn_order"] = {"deck": ["N", "P1", "P2"], "discard": []}
    g = at_nemesis_turn(d)
    # first nemesis turn: Needlemaw skipped; second (turn order N): Needlemaw and Bane Sire act
    persistent = [e["card"] for e in g.events if e["event"] == "persistent"]
    assert persistent == ["Needlemaw", "Bane Sire"]
    assert g.state.gravehold == 28
    assert g.state.nemesis.tokens["fury"] == 2
    assert names(g) == ["Needlemaw", "Bane Sire", "Haze Spewer"]
    assert not g.state.nemesis.in_play[0].silenced
    assert at_player_main(g, 0)


def test_N_1_silenced_minion_first_turn_only_loses_the_token() -> None:
    d = table(deck=["Bane Sire", "Skewer"], in_play=[{"name": "Needlemaw", "life": 11, "silenced": True}])
    g = at_nemesis_turn(d)
    assert evs(g, "persistent") == []
    assert g.state.gravehold == 30
    assert [(c.name, c.life, c.silenced) for c in g.state.nemesis.in_play] == [
        ("Needlemaw", 11, False), ("Bane Sire", 6, False)]


def test_N_1_power_loses_one_token_and_stays() -> None:
    d = table(deck=["Needlemaw"], in_play=[{"name": "Blood Cry", "power": 2}])
    g = at_nemesis_turn(d)
    assert [(c.name, c.life, c.power) for c in g.state.nemesis.in_play] == [
        ("Blood Cry", 0, 1), ("Needlemaw", 11, 0)]
    assert g.state.nemesis.tokens["fury"] == 1  # its effect did not resolve
    assert g.state.nemesis.discard == []
    assert evs(g, "unleash") == []


def test_N_1_power_at_zero_resolves_then_is_discarded() -> None:
    d = table(deck=["Needlemaw"], in_play=[{"name": "Eye of Nothing", "power": 1}])
    g = at_nemesis_turn(d)
    assert evs(g, "power_tick", "unleash", "nemesis_card_discarded") == [
        "power_tick", "unleash", "unleash", "nemesis_card_discarded"]
    assert g.state.nemesis.tokens["fury"] == 3
    assert g.state.nemesis.discard == ["Eye of Nothing"]
    assert names(g) == ["Needlemaw"]
    assert g.state.gravehold == 30


# ============================================================ N-2 nemesis draw phase


def test_N_2_attack_resolves_then_is_discarded() -> None:
    d = table(deck=["Slaughter", "Skewer"])
    g = at_nemesis_turn(d)
    n = g.state.nemesis
    assert n.tokens["fury"] == 2
    assert g.state.gravehold == 27
    assert n.discard == ["Slaughter"]
    assert n.deck == ["Skewer"]
    assert n.in_play == [] and n.resolving == []


def test_N_2_attack_is_not_discarded_before_it_finishes() -> None:
    d = table(deck=["Skewer", "Slaughter"], p1={"deck": ["Spark"]})
    g = at_nemesis_turn(d)
    # Skewer stops at "which player suffers": it is still resolving, not yet discarded
    assert g.decision.kind == "player" and g.decision.player == 0
    assert g.state.nemesis.resolving == ["Skewer"] and g.state.nemesis.discard == []
    assert g.state.nemesis.tokens["fury"] == 2
    choose(g, ("player", 1))
    n = g.state.nemesis
    assert n.resolving == [] and n.discard == ["Skewer"]
    assert [p.life for p in g.state.players] == [10, 7]
    assert g.state.players[1].hand == ["Crystal", "Spark"] and g.state.players[1].deck == []


def test_N_2_minion_enters_play_with_its_life_and_does_not_act() -> None:
    d = table(deck=["Needlemaw", "Skewer"])
    g = at_nemesis_turn(d)
    n = g.state.nemesis
    assert [(c.name, c.life, c.power) for c in n.in_play] == [("Needlemaw", 11, 0)]
    assert g.state.gravehold == 30  # Needlemaw's persistent effect waits for the next turn
    assert n.deck == ["Skewer"] and n.discard == [] and n.resolving == []
    assert evs(g, "persistent") == []


def test_N_2_power_enters_play_with_its_tokens_and_does_not_tick() -> None:
    d = table(deck=["Blood Cry", "Skewer"])
    g = at_nemesis_turn(d)
    n = g.state.nemesis
    assert [(c.name, c.power) for c in n.in_play] == [("Blood Cry", 2)]
    assert evs(g, "power_tick", "unleash") == []
    assert n.tokens["fury"] == 1 and n.deck == ["Skewer"] and n.discard == []


def test_N_2_card_entering_play_does_not_act_until_next_nemesis_turn() -> None:
    d = table(deck=["Bane Sire", "Needlemaw", "Skewer"])
    d["turn_order"] = {"deck": ["N", "P1"], "discard": []}
    g = at_nemesis_turn(d)
    # turn 1: Bane Sire enters silently; turn 2: Bane Sire unleashes, Needlemaw enters
    assert [e["card"] for e in g.events if e["event"] == "persistent"] == ["Bane Sire"]
    assert g.state.nemesis.tokens["fury"] == 2
    assert g.state.gravehold == 30
    assert names(g) == ["Bane Sire", "Needlemaw"]
    assert at_player_main(g, 0)


# ============================================================ N-3 empty nemesis deck


def _empty_deck(preset: str | None = None, **opts: Any) -> dict[str, Any]:
    d = table(deck=[], in_play=[{"name": "Blood Cry", "power": 3}], tokens={"fury": 0})
    if preset is not None:
        with_ruleset(d, **ruleset(preset).to_dict())
    if opts:
        with_ruleset(d, **{**d["config"]["ruleset"], **opts})
    return d


@pytest.mark.parametrize("preset, unleashes", [("we", 2), ("ae", 3), ("log", 3), ("oc", 3), ("na", 3)])
def test_N_3_empty_nemesis_deck_unleashes_per_edition(preset: str, unleashes: int) -> None:
    g = at_nemesis_turn(_empty_deck(preset))
    n = g.state.nemesis
    assert evs(g, "unleash") == ["unleash"] * unleashes
    assert n.tokens["fury"] == unleashes
    assert [(c.name, c.power) for c in n.in_play] == [("Blood Cry", 2)]
    assert n.deck == [] and n.discard == []
    assert not g.over and at_player_main(g, 0)


def test_N_3_default_ruleset_is_war_eternal_two_unleashes() -> None:
    g = at_nemesis_turn(_empty_deck())
    assert g.state.nemesis.tokens["fury"] == 2
    assert [e["unleashes"] for e in g.events if e["event"] == "nemesis_deck_empty"] == [2]


@pytest.mark.parametrize("count", [2, 3])
def test_N_3_empty_deck_unleashes_option_alone(count: int) -> None:
    g = at_nemesis_turn(_empty_deck(empty_deck_unleashes=count))
    assert g.state.nemesis.tokens["fury"] == count
    assert evs(g, "unleash") == ["unleash"] * count


def test_N_3_new_age_empty_deck_and_empty_play_area_wins_at_once() -> None:
    d = table(deck=[], in_play=[], tokens={"fury": 3})
    with_ruleset(d, **ruleset("na").to_dict())
    g = at_nemesis_turn(d)
    assert g.over and g.result == "win" and g.reason == "nemesis_deck_empty"
    # no Unleash at all, and Rageborne's end-of-turn strike never comes
    assert evs(g, "unleash", "strike") == []
    assert g.state.nemesis.tokens["fury"] == 3
    assert g.state.gravehold == 30
    assert g.legal_actions() == []


@pytest.mark.parametrize("reading", ["either", "immediate"])
def test_N_3_deck_out_win_option_alone_wins_instead_of_the_empty_draw(reading: str) -> None:
    d = table(deck=[], in_play=[], tokens={"fury": 0})
    with_ruleset(d, deck_out_win=reading)
    g = at_nemesis_turn(d)
    assert g.over and g.result == "win" and g.reason == "nemesis_deck_empty"
    assert evs(g, "unleash", "nemesis_deck_empty") == [] and g.state.nemesis.tokens["fury"] == 0


@pytest.mark.parametrize("preset, fury", [("we", 2), ("log", 3)])
def test_N_3_without_immediate_win_the_empty_draw_unleashes_then_end_of_turn_wins(preset: str, fury: int) -> None:
    d = table(deck=[], in_play=[], tokens={"fury": 0})
    with_ruleset(d, **ruleset(preset).to_dict())
    g = at_nemesis_turn(d)
    assert g.state.nemesis.tokens["fury"] == fury
    assert evs(g, "unleash") == ["unleash"] * fury
    assert g.over and g.result == "win" and g.reason == "nemesis_deck_empty"


# ============================================================ N-4 Unleash


@pytest.mark.parametrize("times", [1, 2, 3])
def test_N_4_unleash_is_the_nemesis_mat_effect_repeated(times: int) -> None:
    d = table(tokens={"fury": 1})
    g = run_steps(d, [("unleash", times)], source="Slaughter")
    assert g.state.nemesis.tokens == {"fury": 1 + times}
    assert evs(g, "unleash") == ["unleash"] * times
    assert g.state.gravehold == 30 and [p.life for p in g.state.players] == [10, 10]
    assert at_player_main(g, 0)


# ============================================================ N-5 tier


@pytest.mark.parametrize("deck, discard, in_play, tier", [
    (["Topple"], [], [], 1),  # cards still in the deck do not count
    (["Skewer"], ["Slaughter"], [], 1),
    (["Skewer"], ["Awaken"], [], 2),
    (["Skewer"], ["Slaughter"], [{"name": "Avatar of Wrath", "life": 16}], 3),
    (["Skewer"], ["Topple", "Slaughter"], [{"name": "Needlemaw", "life": 11}], 3),
    (["Skewer"], [], [{"name": "Blood Cry", "power": 1}], 2),
])
def test_N_5_tier_is_highest_in_play_or_discard(deck: list[str], discard: list[str],
                                               in_play: list[dict[str, Any]], tier: int) -> None:
    g = at_main(table(deck=deck, discard=discard, in_play=in_play))
    assert g.engine.tier() == tier
    assert at_player_main(g, 0)


@pytest.mark.parametrize("discard, aether", [([], 2), (["Bane Sire"], 2), (["Awaken"], 3), (["Topple"], 3)])
def test_N_5_scoria_slag_bonus_follows_the_tier(discard: list[str], aether: int) -> None:
    d = table({"hand": ["Scoria Slag", "Crystal"]}, discard=discard)
    g = at_main(d)
    choose(g, ("play", "Scoria Slag"))
    p = g.state.players[0]
    assert p.aether == aether
    assert p.hand == ["Crystal"] and p.played == ["Scoria Slag"]


# ============================================================ N-6 ties, partial, OR


def test_N_6_lowest_life_tie_is_decided_by_the_players() -> None:
    d = table({"life": 6}, {"life": 6}, deck=["Needlemaw"], in_play=[{"name": "Venomite", "life": 9}])
    g = at_nemesis_turn(d)
    assert g.decision.kind == "player" and g.decision.player == 0
    assert g.legal_actions() == [("player", 0), ("player", 1)]
    choose(g, ("player", 1))
    assert [p.life for p in g.state.players] == [6, 4]
    assert names(g) == ["Venomite", "Needlemaw"]
    assert at_player_main(g, 0)


def test_N_6_no_tie_means_no_decision() -> None:
    d = table({"life": 6}, {"life": 5}, deck=["Needlemaw"], in_play=[{"name": "Venomite", "life": 9}])
    g = at_nemesis_turn(d)
    assert [p.life for p in g.state.players] == [6, 3]
    assert at_player_main(g, 0)


def test_N_6_discard_resolves_as_far_as_the_hand_allows() -> None:
    # Agony Field's power: unleash, then a player discards 3 and draws 1
    d = table({"hand": ["Crystal"]}, {"hand": ["Spark", "Crystal"], "deck": ["Crystal"]},
              deck=["Needlemaw"], in_play=[{"name": "Agony Field", "power": 1}])
    g = at_nemesis_turn(d)
    # the player with the most cards must be the one: no choice of player is offered
    assert g.decision.kind == "discard" and g.decision.player == 1
    assert g.legal_actions() == [("card", "Crystal"), ("card", "Spark")]
    choose(g, ("card", "Spark"))
    p = g.state.players[1]
    assert p.hand == ["Crystal"] and p.discard == ["Spark", "Crystal"] and p.deck == []
    assert g.state.players[0].hand == ["Crystal"] and g.state.players[0].discard == []
    assert g.state.nemesis.discard == ["Agony Field"]
    assert g.state.nemesis.tokens["fury"] == 2
    assert at_player_main(g, 0)


def test_N_6_partial_discard_tie_on_most_cards_is_the_players_choice() -> None:
    d = table({"hand": ["Crystal", "Spark"]}, {"hand": ["Spark", "Crystal"]})
    g = run_steps(d, [("player", "any", (pick("discard", 5),))], you=-1, source="Agony Field", active=1)
    assert g.decision.kind == "player" and g.legal_actions() == [("player", 0), ("player", 1)]
    choose(g, ("player", 0))
    choose(g, ("card", "Crystal"))
    p = g.state.players[0]
    assert p.hand == [] and p.discard == ["Crystal", "Spark"]
    assert g.state.players[1].hand == ["Spark", "Crystal"]


def test_N_6_player_who_can_fully_resolve_is_preferred() -> None:
    d = table({"hand": ["Crystal", "Crystal", "Spark"]}, {"hand": ["Spark", "Crystal"]})
    g = run_steps(d, [("player", "any", (pick("discard", 3),))], you=-1, source="Agony Field", active=1)
    # only player 0 can discard all three, so the choice of player is forced
    assert g.decision.kind == "discard" and g.decision.player == 0
    choose(g, ("card", "Spark"))  # then only Crystals are left: no more choices
    p = g.state.players[0]
    assert p.hand == [] and p.discard == ["Spark", "Crystal", "Crystal"]
    assert g.state.players[1].hand == ["Spark", "Crystal"] and g.state.players[1].discard == []


def test_N_6_or_without_a_minion_in_discard_must_take_the_resolvable_branch() -> None:
    d = table(deck=["Awaken", "Skewer"], discard=["Slaughter"])
    g = at_nemesis_turn(d)
    n = g.state.nemesis
    assert n.tokens["fury"] == 3 and g.state.gravehold == 27
    assert n.discard == ["Slaughter", "Awaken"] and n.in_play == []
    assert at_player_main(g, 0)


def test_N_6_or_with_a_minion_in_discard_lets_the_players_choose() -> None:
    d = table(deck=["Awaken", "Skewer"], discard=["Needlemaw", "Slaughter"])
    g = at_nemesis_turn(d)
    assert g.decision.kind == "or" and g.decision.player == 0
    assert g.legal_actions() == [("choose", 0), ("choose", 1)]
    choose(g, ("choose", 1))
    n = g.state.nemesis
    assert [(c.name, c.life) for c in n.in_play] == [("Needlemaw", 11)]
    assert n.discard == ["Slaughter", "Awaken"]
    assert n.tokens["fury"] == 1 and g.state.gravehold == 30


def test_N_6_or_branch_that_needs_a_prepped_spell_is_skipped() -> None:
    # Venomite: hurt the lowest-life player OR discard a costly prepped spell; nobody has one
    d = table({"life": 9}, {"life": 8}, deck=["Needlemaw"], in_play=[{"name": "Venomite", "life": 9}])
    g = at_nemesis_turn(d)
    assert [p.life for p in g.state.players] == [9, 6]
    assert all(not br.spells for p in g.state.players for br in p.breaches)
    assert at_player_main(g, 0)


# ============================================================ N-7 end of the nemesis turn


def test_N_7_rageborne_strikes_at_end_of_turn_with_four_fury() -> None:
    # Slaughter raises fury from 3 to 4; at the end of the turn Rageborne strikes (Devastate on top)
    d = table(deck=["Slaughter", "Skewer"], tokens={"fury": 3}, decks={"strike": list(STRIKES)})
    g = at_nemesis_turn(d)
    assert [e["card"] for e in g.events if e["event"] == "strike"] == ["Devastate"]
    assert g.state.gravehold == 30 - 3 - 5
    assert g.state.nemesis.tokens["fury"] == 1  # 4, less 3 for the strike
    assert Counter(g.state.nemesis.decks["strike"]) == Counter(STRIKES)
    assert g.state.nemesis.discard == ["Slaughter"]
    assert evs(g, "nemesis_draw", "strike", "turn_end")[:3] == ["nemesis_draw", "strike", "turn_end"]


def test_N_7_no_strike_below_four_fury() -> None:
    d = table(deck=["Slaughter", "Skewer"], tokens={"fury": 2})
    g = at_nemesis_turn(d)
    assert evs(g, "strike") == []
    assert g.state.gravehold == 27 and g.state.nemesis.tokens["fury"] == 3
    assert g.state.nemesis.decks["strike"] == STRIKES


# ============================================================ N-8 wandering minions


@pytest.mark.parametrize("reading, dealt, life", [
    ("to_one", 3, 4), ("to_one", 1, 4), ("to_one", 0, 5),
    ("minus_one", 3, 3), ("minus_one", 1, 5), ("minus_one", 0, 5),
])
def test_N_8_wandering_minion_card_damage_under_each_reading(wanderer: str, reading: str, dealt: int,
                                                             life: int) -> None:
    """``to_one`` (card text): any card damage gets through as 1; ``minus_one`` (book): 1 less."""
    d = with_ruleset(table(in_play=[{"name": wanderer, "life": 5}]), wandering=reading)
    g = run_steps(d, [("damage", dealt)], source="Spark")
    if dealt:
        assert g.legal_actions() == [("target", "nemesis"), ("target", wanderer)]
        choose(g, ("target", wanderer))
    assert [(c.name, c.life) for c in g.state.nemesis.in_play] == [(wanderer, life)]
    assert g.state.nemesis.life == 70


def test_N_8_wandering_default_reading_is_the_card_text(wanderer: str) -> None:
    """A game whose ruleset does not name the option (an older save) reads the cards: to 1."""
    d = table(in_play=[{"name": wanderer, "life": 5}])
    d["config"].get("ruleset", {}).pop("wandering", None)
    g = run_steps(d, [("damage", 4)], source="Spark")
    choose(g, ("target", wanderer))
    assert [(c.name, c.life) for c in g.state.nemesis.in_play] == [(wanderer, 4)]
    assert {p: ruleset(p).wandering for p in ("we", "ae", "log", "na", "oc")} == dict.fromkeys(
        ("we", "ae", "log", "na", "oc"), "to_one")


@pytest.mark.parametrize("reading", ["to_one", "minus_one"])
def test_N_8_wandering_option_refuses_other_values(reading: str) -> None:
    from gravehold.engine.ruleset import resolve
    from gravehold.errors import RulesetError

    assert resolve({"preset": "oc", "wandering": reading}).wandering == reading
    with pytest.raises(RulesetError, match="wandering.*'to_one' or 'minus_one', got 'half'"):
        resolve({"preset": "oc", "wandering": "half"})


@pytest.mark.parametrize("reading", ["to_one", "minus_one"])
def test_N_8_pay_aether_to_deal_unreduced_damage(wanderer: str, reading: str) -> None:
    d = table({"aether": 2}, in_play=[{"name": wanderer, "life": 2}, {"name": "Needlemaw", "life": 11}])
    with_ruleset(d, wandering=reading)
    g = at_main(d)
    acts = g.legal_actions()
    assert ("pay_damage", wanderer) in acts and ("pay_damage", "Needlemaw") not in acts
    choose(g, ("pay_damage", wanderer))
    assert g.state.players[0].aether == 1
    assert [(c.name, c.life) for c in g.state.nemesis.in_play] == [(wanderer, 1), ("Needlemaw", 11)]
    choose(g, ("pay_damage", wanderer))
    assert g.state.players[0].aether == 0
    assert names(g) == ["Needlemaw"] and g.state.nemesis.discard == [wanderer]
    assert ("pay_damage", wanderer) not in g.legal_actions()


def test_N_8_no_pay_damage_without_aether(wanderer: str) -> None:
    g = at_main(table(in_play=[{"name": wanderer, "life": 5}]))
    assert g.legal_actions() == [("play", "Crystal"), ("end_main",)]


# ============================================================ N-9 damage sources


def test_N_9_player_damage_source_hits_exactly_one_player() -> None:
    g = run_steps(table(), [("player", "any", (("suffer", 3),))], you=-1, source="Skewer", active=0)
    assert g.decision.kind == "player" and g.legal_actions() == [("player", 0), ("player", 1)]
    choose(g, ("player", 1))
    assert [p.life for p in g.state.players] == [10, 7]
    assert g.state.gravehold == 30 and not g.over


def test_N_9_two_sources_each_pick_their_own_target() -> None:
    # Raze: Gravehold suffers 3, and a chosen player suffers 1
    d = table(deck=["Needlemaw"])
    g = run_steps(d, [("gravehold_damage", 3), ("player", "any", (("suffer", 1),))], you=-1, source="Raze")
    choose(g, ("player", 0))
    assert g.state.gravehold == 27 and [p.life for p in g.state.players] == [9, 10]


def test_N_9_gravehold_damage_lowers_its_life() -> None:
    g = run_steps(table(), [("gravehold_damage", 5)], you=-1, source="Devastate")
    assert g.state.gravehold == 25 and not g.over
    assert [p.life for p in g.state.players] == [10, 10]


def test_N_9_gravehold_at_zero_loses() -> None:
    d = table()
    d["gravehold"] = {"life": 5, "max_life": 30}
    g = run_steps(d, [("gravehold_damage", 5)], you=-1, source="Devastate")
    assert g.over and g.result == "loss" and g.reason == "gravehold"
    assert g.state.gravehold == 0


# ============================================================ E-1 exhaustion order


def spark_mat() -> list[dict[str, Any]]:
    """Breach I opened with a Spark prepped; II-IV closed at stages 1, 0, 2."""
    return [{"state": "open", "spells": ["Spark"]}, closed(1), closed(0), closed(2)]


def _exhaust_table(life: int = 2) -> dict[str, Any]:
    p0 = {"life": life, "charges": 3,
          "breaches": spark_mat()}
    return table(p0, {"hand": ["Crystal"]})


def test_E_1_exhaustion_unleash_twice_then_breach_then_charges() -> None:
    g = run_steps(_exhaust_table(life=3), [("suffer", 3)], source="Skewer", active=1)
    p = g.state.players[0]
    # stopped at the breach choice: Unleash twice already happened, charges still there
    assert p.exhausted and p.life == 0
    assert g.decision.kind == "destroy_breach" and g.decision.player == 0
    assert g.legal_actions() == [("breach", 0), ("breach", 1), ("breach", 2), ("breach", 3)]
    assert g.state.nemesis.tokens["fury"] == 3 and p.charges == 3
    choose(g, ("breach", 0))
    p = g.state.players[0]
    assert [b.state for b in p.breaches] == ["destroyed", "closed", "closed", "closed"]
    assert [b.stage for b in p.breaches[1:]] == [1, 0, 2]
    assert all(not b.spells for b in p.breaches)
    assert p.discard == ["Spark"] and p.charges == 0
    assert g.state.gravehold == 30  # no excess damage
    assert evs(g, "exhausted", "unleash", "breach_destroyed", "charges_lost") == [
        "exhausted", "unleash", "unleash", "breach_destroyed", "charges_lost"]
    assert at_player_main(g, 1)


def test_E_1_other_breaches_keep_their_spells() -> None:
    p0 = {"life": 1, "breaches": [{"state": "open", "spells": ["Spark"]}, {"state": "open", "spells": ["Kindle"]},
                                  closed(0), {"state": "none"}]}
    g = run_steps(table(p0), [("suffer", 1)], source="Skewer", active=1)
    assert g.legal_actions() == [("breach", 0), ("breach", 1), ("breach", 2)]
    choose(g, ("breach", 1))
    p = g.state.players[0]
    assert [b.state for b in p.breaches] == ["open", "destroyed", "closed", "none"]
    assert p.breaches[0].spells == ["Spark"] and p.discard == ["Kindle"]


def test_E_1_exhaustion_inside_an_unleash_waits_for_that_unleash(tyrant: str) -> None:
    p0 = {"life": 2, "charges": 2, "breaches": spark_mat()}
    d = tyrant_table(tyrant, p0, {"life": 10})
    g = run_steps(d, [("unleash", 1)], you=-1, source="Slaughter", active=1)
    # in the first Unleash player 0 (lowest) is exhausted; that Unleash still adds its doom token
    # first; then the two exhaustion Unleashes hit player 1, never the exhausted player (E-3)
    order = [(e["event"], e.get("player", e.get("total"))) for e in g.events
             if e["event"] in ("unleash", "exhausted", "token", "player_damage")]
    assert order == [
        ("unleash", None), ("player_damage", 0), ("exhausted", 0), ("token", 1),
        ("unleash", None), ("player_damage", 1), ("token", 2),
        ("unleash", None), ("player_damage", 1), ("token", 3),
    ]
    assert g.decision.kind == "destroy_breach" and g.decision.player == 0
    assert [p.life for p in g.state.players] == [0, 6]
    assert g.state.players[0].charges == 2
    choose(g, ("breach", 3))
    p = g.state.players[0]
    assert [b.state for b in p.breaches] == ["open", "closed", "closed", "destroyed"]
    assert p.breaches[0].spells == ["Spark"] and p.discard == [] and p.charges == 0
    assert g.state.nemesis.tokens == {"doom": 3} and not g.over
    assert at_player_main(g, 1)


# ============================================================ E-2 excess damage


def test_E_2_excess_damage_doubled_to_gravehold() -> None:
    g = run_steps(_exhaust_table(life=1), [("suffer", 5)], source="Convoke", active=1)
    p = g.state.players[0]
    assert p.exhausted and p.life == 0
    assert g.state.gravehold == 30 - 2 * 4
    assert g.decision.kind == "destroy_breach"  # the rest of E-1 follows
    assert g.state.nemesis.tokens["fury"] == 3


def test_E_2_exact_lethal_has_no_excess() -> None:
    g = run_steps(_exhaust_table(life=4), [("suffer", 4)], source="Convoke", active=1)
    assert g.state.players[0].exhausted and g.state.gravehold == 30


def test_E_2_excess_can_end_the_game_before_the_exhaustion_unleashes() -> None:
    d = _exhaust_table(life=1)
    d["gravehold"] = {"life": 8, "max_life": 30}
    g = run_steps(d, [("suffer", 5)], source="Convoke", active=1)
    assert g.over and g.result == "loss" and g.reason == "gravehold"
    assert g.state.gravehold == 0 and g.state.nemesis.tokens["fury"] == 1
    assert evs(g, "unleash") == []


# ============================================================ E-3 exhausted players


def _exhausted_p0() -> dict[str, Any]:
    return {"life": 0, "exhausted": True,
            "breaches": [{"state": "destroyed"}, closed(1), closed(0), closed(2)]}


def test_E_3_damage_to_exhausted_player_doubled_to_gravehold() -> None:
    g = run_steps(table(_exhausted_p0()), [("suffer", 3)], source="Skewer", active=1)
    assert g.state.gravehold == 24
    p = g.state.players[0]
    assert p.life == 0 and p.exhausted
    assert [b.state for b in p.breaches] == ["destroyed", "closed", "closed", "closed"]
    assert evs(g, "unleash", "exhausted", "breach_destroyed") == []  # no second exhaustion
    assert at_player_main(g, 1)


def test_E_3_exhausted_player_cannot_gain_life() -> None:
    g = run_steps(table(_exhausted_p0()), [("life", 3, "you")], source="Primordial Fetish", active=1)
    assert g.state.players[0].life == 0 and g.state.players[0].exhausted


def test_E_3_exhausted_player_is_not_offered_as_a_life_target() -> None:
    g = run_steps(table(_exhausted_p0(), {"life": 5}), [("life", 4, "any_player")], source="Brink Siphon", active=1)
    assert [p.life for p in g.state.players] == [0, 9]


def test_E_3_exhausted_player_never_the_lowest_life() -> None:
    d = table(_exhausted_p0(), {"life": 8})
    g = run_steps(d, [("player", "lowest_life", (("suffer", 2),))], you=-1, source="Eviscerate", active=1)
    assert [p.life for p in g.state.players] == [0, 6]
    assert g.state.gravehold == 30
    assert at_player_main(g, 1)


def test_E_3_exhausted_player_keeps_taking_turns() -> None:
    d = table(_exhausted_p0(), deck=["Needlemaw"])
    g = at_nemesis_turn(d)
    assert at_player_main(g, 0)
    assert g.state.active == 0 and not g.over


# ============================================================ E-4 everyone exhausted


def test_E_4_all_players_exhausted_lose_at_once() -> None:
    d = table(_exhausted_p0(), {"life": 2, "charges": 2})
    g = run_steps(d, [("suffer", 3), ("gravehold_damage", 1)], you=1, source="Convoke", active=1)
    assert g.over and g.result == "loss" and g.reason == "exhausted"
    assert g.state.gravehold == 28  # the E-2 excess, but not the later step
    assert g.state.nemesis.tokens["fury"] == 1 and evs(g, "unleash") == []
    assert g.state.players[1].charges == 2  # exhaustion steps never ran
    assert g.legal_actions() == []


def test_E_4_true_solo_exhaustion_does_not_lose() -> None:
    p0 = {"life": 2, "charges": 1, "breaches": spark_mat()}
    g = run_steps(table(p0, solo=True), [("suffer", 2)], source="Convoke")
    assert not g.over
    assert g.decision.kind == "destroy_breach" and g.decision.player == 0
    assert g.state.nemesis.tokens["fury"] == 3
    choose(g, ("breach", 0))
    p = g.state.players[0]
    assert p.exhausted and p.charges == 0 and p.discard == ["Spark"]
    assert not g.over and at_player_main(g, 0)


def test_E_4_true_solo_loses_only_when_gravehold_falls() -> None:
    d = table(_exhausted_p0(), solo=True)
    d["gravehold"] = {"life": 6, "max_life": 30}
    g = run_steps(d, [("suffer", 3)], source="Convoke")
    assert g.over and g.result == "loss" and g.reason == "gravehold" and g.state.gravehold == 0


# ============================================================ E-5 when the doubled excess lands

EXCESS = {"we": "before", "ae": "before", "log": "after", "na": "after", "oc": "after"}


def _excess_table(preset: str, gravehold: int = 30, **opts: Any) -> dict[str, Any]:
    d = with_ruleset(_exhaust_table(life=1), **{**ruleset(preset).to_dict(), **opts})
    d["gravehold"] = {"life": gravehold, "max_life": 30}
    return d


@pytest.mark.parametrize("preset", sorted(EXCESS))
def test_E_5_exhaustion_excess_per_edition(preset: str) -> None:
    g = run_steps(_excess_table(preset), [("suffer", 5)], source="Convoke", active=1)
    # stopped at the breach choice, after the two Unleashes (fury 1 -> 3)
    assert g.decision.kind == "destroy_breach" and g.state.nemesis.tokens["fury"] == 3
    assert g.state.gravehold == (22 if EXCESS[preset] == "before" else 30)
    choose(g, ("breach", 0))
    p = g.state.players[0]
    assert p.exhausted and p.life == 0 and p.charges == 0 and p.discard == ["Spark"]
    assert g.state.gravehold == 22 and not g.over and at_player_main(g, 1)
    order = evs(g, "exhausted", "unleash", "breach_destroyed", "charges_lost", "gravehold_damage")
    steps = ["exhausted", "unleash", "unleash", "breach_destroyed", "charges_lost"]
    if EXCESS[preset] == "before":
        assert order == ["exhausted", "gravehold_damage", *steps[1:]]
    else:
        assert order == [*steps, "gravehold_damage"]


@pytest.mark.parametrize("preset", sorted(EXCESS))
def test_E_5_lethal_excess_before_skips_the_exhaustion_steps_after_runs_them(preset: str) -> None:
    g = run_steps(_excess_table(preset, gravehold=8), [("suffer", 5)], source="Convoke", active=1)
    if EXCESS[preset] == "before":
        assert g.over and g.result == "loss" and g.reason == "gravehold"
        assert g.state.nemesis.tokens["fury"] == 1 and evs(g, "unleash") == []
        assert g.state.players[0].charges == 3
        return
    assert not g.over and g.state.gravehold == 8 and g.state.nemesis.tokens["fury"] == 3
    choose(g, ("breach", 0))
    assert g.over and g.result == "loss" and g.reason == "gravehold" and g.state.gravehold == 0
    assert g.state.players[0].charges == 0 and g.legal_actions() == []


@pytest.mark.parametrize("value", ["before", "after"])
def test_E_5_exhaustion_excess_option_alone(value: str) -> None:
    g = run_steps(_excess_table("we", exhaustion_excess=value), [("suffer", 5)], source="Convoke", active=1)
    assert g.state.gravehold == (22 if value == "before" else 30)
    choose(g, ("breach", 0))
    assert g.state.gravehold == 22


def test_E_5_after_inside_an_unleash_lands_after_the_deferred_steps(tyrant: str) -> None:
    p0 = {"life": 1, "charges": 2, "breaches": spark_mat()}
    d = with_ruleset(tyrant_table(tyrant, p0, {"life": 10}), exhaustion_excess="after")
    g = run_steps(d, [("unleash", 1)], you=-1, source="Slaughter", active=1)
    assert g.decision.kind == "destroy_breach" and g.state.gravehold == 30
    choose(g, ("breach", 3))
    excess = [e["amount"] for e in g.events if e["event"] == "gravehold_damage"]
    assert excess == [2] and g.state.gravehold == 28 and [p.life for p in g.state.players] == [0, 6]
    assert g.state.players[0].charges == 0 and g.state.nemesis.tokens == {"doom": 3}


def test_E_5_after_with_everyone_exhausted_loses_before_the_excess() -> None:
    d = with_ruleset(table(_exhausted_p0(), {"life": 2, "charges": 2}), exhaustion_excess="after")
    g = run_steps(d, [("suffer", 3)], you=1, source="Convoke", active=1)
    assert g.over and g.result == "loss" and g.reason == "exhausted"
    assert g.state.gravehold == 30 and evs(g, "unleash", "gravehold_damage") == []


# ============================================================ SO-3 true solo, exhausted, lowest life

LOWEST = [("player", "lowest_life", (("suffer", 2),))]


def _solo_exhausted(**opts: Any) -> dict[str, Any]:
    d = table(_exhausted_p0(), solo=True)
    return with_ruleset(d, **opts) if opts else d


@pytest.mark.parametrize("preset", ["we", "ae", "log", "na", "oc"])
def test_SO_3_exhausted_solo_player_is_still_the_lowest_life_in_every_preset(preset: str) -> None:
    g = run_steps(_solo_exhausted(**ruleset(preset).to_dict()), LOWEST, you=-1, source="Eviscerate")
    assert [(e["player"], e["amount"], e["redirected"]) for e in g.events if e["event"] == "player_damage"] \
        == [(0, 2, True)]
    assert g.state.gravehold == 26 and g.state.players[0].life == 0  # E-3: doubled to Gravehold
    assert not g.over and at_player_main(g, 0)


def test_SO_3_solo_exhausted_lowest_life_nobody_names_no_one() -> None:
    g = run_steps(_solo_exhausted(solo_exhausted_lowest_life="nobody"), LOWEST, you=-1, source="Eviscerate")
    assert evs(g, "player_damage", "gravehold_damage") == [] and g.state.gravehold == 30
    assert not g.over and at_player_main(g, 0)


@pytest.mark.parametrize("reading, choices", [("you", 2), ("nobody", 1)])
def test_SO_3_nobody_leaves_an_or_only_its_other_option(reading: str, choices: int) -> None:
    step = ("or", (("player", "lowest_life", (("suffer", 4),)),), (("gravehold_damage", 4),))
    g = run_steps(_solo_exhausted(solo_exhausted_lowest_life=reading), [step], you=-1, source="Skewer")
    if choices == 2:  # both options resolve in full: the players pick (N-6)
        assert g.decision.kind == "or" and g.legal_actions() == [("choose", 0), ("choose", 1)]
        choose(g, ("choose", 0))
        assert g.state.gravehold == 22  # 4 to the exhausted player, doubled (E-3)
    else:  # only the Gravehold option can resolve, so it is taken at once
        assert g.state.gravehold == 26
    assert not g.over and at_player_main(g, 0)


def test_SO_3_a_group_game_still_skips_the_exhausted_player_under_nobody() -> None:
    d = with_ruleset(table(_exhausted_p0(), {"life": 8}), solo_exhausted_lowest_life="nobody")
    g = run_steps(d, LOWEST, you=-1, source="Eviscerate", active=1)
    assert [p.life for p in g.state.players] == [0, 6] and g.state.gravehold == 30


# ============================================================ G-1 winning


def test_G_1_win_at_once_when_nemesis_life_reaches_zero() -> None:
    d = table(life=4)
    g = run_steps(d, [("damage", 5), ("aether", 2)], source="Spark")
    assert g.over and g.result == "win" and g.reason == "nemesis_defeated"
    assert g.state.nemesis.life == 0
    assert g.state.players[0].aether == 0  # the later step never resolved
    assert g.state.stack == [] and g.decision is None


def test_G_1_win_at_once_skips_every_later_step() -> None:
    d = table(life=3)
    g = run_steps(d, [("damage", 3), ("gravehold_damage", 9), ("unleash", 2)], source="Spark")
    assert g.result == "win" and g.reason == "nemesis_defeated"
    assert g.state.gravehold == 30 and g.state.nemesis.tokens["fury"] == 1
    assert evs(g, "unleash", "gravehold_damage") == []


def test_G_1_win_at_end_of_turn_when_deck_empty_and_play_area_empty() -> None:
    d = table(deck=[], in_play=[])
    g = at_main(d)
    assert not g.over
    to_before = (list(g.state.to_deck), list(g.state.to_discard))
    choose(g, ("end_main",))
    assert g.over and g.result == "win" and g.reason == "nemesis_deck_empty"
    assert (g.state.to_deck, g.state.to_discard) == to_before  # no further turn began


def test_G_1_last_minion_killed_with_empty_deck_wins_at_end_of_turn_not_at_once() -> None:
    d = table(deck=[], in_play=[{"name": "Needlemaw", "life": 2}])
    g = run_steps(d, [("damage", 2)], source="Spark")
    choose(g, ("target", "Needlemaw"))
    assert not g.over and g.state.nemesis.in_play == [] and g.state.nemesis.discard == ["Needlemaw"]
    assert at_player_main(g, 0)
    choose(g, ("end_main",))
    assert g.over and g.result == "win" and g.reason == "nemesis_deck_empty"


def test_G_1_no_win_while_a_power_is_in_play() -> None:
    d = table(deck=[], in_play=[{"name": "Blood Cry", "power": 2}])
    g = at_main(d)
    choose(g, ("end_main",))
    assert not g.over
    assert g.state.to_discard == ["P1"] and at_player_main(g, 0)


def test_G_1_no_win_while_cards_remain_in_the_nemesis_deck() -> None:
    g = at_main(table(deck=["Skewer"], in_play=[]))
    choose(g, ("end_main",))
    assert not g.over and g.state.to_discard == ["P1"] and at_player_main(g, 0)


DECK_OUT = {"we": "end_of_turn", "ae": "immediate", "log": "end_of_turn", "na": "either", "oc": "immediate"}


@pytest.mark.parametrize("preset", sorted(DECK_OUT))
def test_G_1_last_minion_killed_with_empty_deck_per_edition(preset: str) -> None:
    d = with_ruleset(table(deck=[], in_play=[{"name": "Needlemaw", "life": 2}]), **ruleset(preset).to_dict())
    g = run_steps(d, [("damage", 2), ("aether", 2)], source="Spark")
    choose(g, ("target", "Needlemaw"))
    assert g.state.nemesis.in_play == [] and g.state.nemesis.discard == ["Needlemaw"]
    if DECK_OUT[preset] == "immediate":  # the moment it holds: the later step never resolves
        assert g.over and g.result == "win" and g.reason == "nemesis_deck_empty"
        assert g.state.players[0].aether == 0 and g.legal_actions() == []
        return
    assert not g.over and g.state.players[0].aether == 2 and at_player_main(g, 0)
    choose(g, ("end_main",))
    assert g.over and g.result == "win" and g.reason == "nemesis_deck_empty"


@pytest.mark.parametrize("preset", sorted(DECK_OUT))
def test_G_1_empty_draw_with_nothing_in_play_per_edition(preset: str) -> None:
    d = with_ruleset(table(deck=[], in_play=[], tokens={"fury": 0}), **ruleset(preset).to_dict())
    g = at_nemesis_turn(d)
    assert g.over and g.result == "win" and g.reason == "nemesis_deck_empty"
    unleashes = 0 if DECK_OUT[preset] != "end_of_turn" else ruleset(preset).empty_deck_unleashes
    assert evs(g, "unleash") == ["unleash"] * unleashes and g.state.nemesis.tokens["fury"] == unleashes


@pytest.mark.parametrize("reading", ["either", "immediate"])
def test_G_1_immediate_waits_for_the_last_attack_to_finish(reading: str) -> None:
    d = with_ruleset(table(deck=["Topple"], in_play=[], tokens={"fury": 0}), deck_out_win=reading)
    g = at_nemesis_turn(d)
    # the last attack resolves in full (Unleash twice, Gravehold suffers 4) before the win
    assert g.state.nemesis.tokens["fury"] == 2 and g.state.gravehold == 26
    assert g.state.nemesis.deck == [] and g.state.nemesis.discard == ["Topple"]
    assert g.over and g.result == "win" and g.reason == "nemesis_deck_empty"
    assert evs(g, "turn_end") == ([] if reading == "immediate" else ["turn_end"])


@pytest.mark.parametrize("old, new", [(True, "either"), (False, "end_of_turn")])
def test_G_1_old_immediate_empty_win_reads_as_deck_out_win(old: bool, new: str) -> None:
    d = table()
    spelt = {k: v for k, v in ruleset("na").to_dict().items() if k != "deck_out_win"}
    d["config"]["ruleset"] = {**spelt, "immediate_empty_win": old}
    g = Game.from_dict(d)
    assert g.state.config["ruleset"] == {**ruleset("na").to_dict(), "deck_out_win": new}
    assert ruleset("we", immediate_empty_win=old).deck_out_win == new


def test_G_1_old_and_new_deck_out_options_that_disagree_are_refused() -> None:
    d = table()
    d["config"]["ruleset"] = {"immediate_empty_win": True, "deck_out_win": "immediate"}
    with pytest.raises(StateFormatError) as e:
        Game.from_dict(d)
    assert str(e.value) == ("config.ruleset.immediate_empty_win: replaced by deck_out_win, which says "
                            "'immediate'; give only deck_out_win")


@pytest.mark.parametrize("preset", ["we", "ae", "log", "na", "oc"])
def test_G_1_end_of_turn_win_in_every_edition(preset: str) -> None:
    d = with_ruleset(table(deck=[], in_play=[]), **ruleset(preset).to_dict())
    g = at_main(d)
    if DECK_OUT[preset] != "immediate":  # else already won, before the main phase (below)
        choose(g, ("end_main",))
    assert g.over and g.result == "win" and g.reason == "nemesis_deck_empty"
    assert evs(g, "turn_end") == ([] if DECK_OUT[preset] == "immediate" else ["turn_end"])


# ============================================================ G-2 losing


def test_G_2_loss_when_gravehold_reaches_zero() -> None:
    d = table()
    d["gravehold"] = {"life": 3, "max_life": 30}
    g = at_nemesis_turn(dict(d, nemesis={**d["nemesis"], "deck": ["Slaughter", "Skewer"]}))
    assert g.over and g.result == "loss" and g.reason == "gravehold"
    assert g.state.gravehold == 0 and g.state.nemesis.tokens["fury"] == 2


def test_G_2_loss_when_all_players_exhausted() -> None:
    d = table({"life": 1}, {"life": 1})
    g = run_steps(d, [("player", "any", (("suffer", 1),))] * 2, you=-1, source="Raze", active=0)
    choose(g, ("player", 0))
    assert not g.over
    assert g.decision.kind == "destroy_breach" and g.decision.player == 0
    choose(g, ("breach", 0))
    # the second hit goes to player 1, the last one standing
    choose(g, ("player", 1))
    assert g.over and g.result == "loss" and g.reason == "exhausted"
    assert [p.exhausted for p in g.state.players] == [True, True]


@pytest.mark.parametrize("fire, over", [(8, False), (9, True)])
def test_G_2_loss_at_ten_fire_tokens(fire: int, over: bool) -> None:
    d = table(tokens={"fury": 1})
    d["tokens"] = {"fire": fire}  # K-8: fire lies on the table, not on the nemesis
    g = run_steps(d, [("add_fire", 1), ("gravehold_damage", 2)], you=-1, source="Unleash")
    assert g.state.tokens["fire"] == fire + 1
    assert g.over is over
    if over:
        assert g.result == "loss" and g.reason == "fire" and g.state.gravehold == 30
    else:
        assert g.result is None and g.state.gravehold == 28


@pytest.mark.parametrize("doom, over", [(3, False), (4, True)])
def test_G_2_loss_at_the_nemesis_own_token_rule(tyrant: str, doom: int, over: bool) -> None:
    d = tyrant_table(tyrant, {}, {}, doom=doom)
    g = run_steps(d, [("gain_token", "doom", 1), ("gravehold_damage", 2)], you=-1, source="Unleash")
    assert g.state.nemesis.tokens == {"doom": doom + 1}
    assert g.over is over
    if over:
        assert g.result == "loss" and g.reason == "nemesis_rule" and g.state.gravehold == 30
    else:
        assert g.state.gravehold == 28


# ============================================================ G-3 the game stops at once


def test_G_3_nothing_resolves_after_the_game_ends() -> None:
    d = table(deck=["Slaughter", "Skewer"], tokens={"fury": 3})
    d["gravehold"] = {"life": 3, "max_life": 30}
    g = at_nemesis_turn(d)
    # Slaughter: fury to 4, Gravehold to 0 -> lost; Rageborne's end-of-turn strike never comes
    assert g.over and g.result == "loss" and g.reason == "gravehold"
    assert g.state.nemesis.tokens["fury"] == 4
    assert evs(g, "strike", "turn_end", "turn_order_drawn") == []
    assert g.state.stack == [] and g.decision is None and g.legal_actions() == []
    assert evs(g, "game_over") == ["game_over"]


def test_G_3_actions_after_the_end_are_illegal_and_change_nothing() -> None:
    d = table(life=2)
    g = run_steps(d, [("damage", 2)], source="Spark")
    assert g.over and g.result == "win"
    before = frozen(g)
    for action in [("end_main",), ("play", "Crystal"), ("player", 0)]:
        with pytest.raises(IllegalAction) as err:
            g.apply(action)
        assert err.value.rule == "G-3"
    assert frozen(g) == before


def test_G_3_first_condition_met_decides_the_result() -> None:
    # excess damage drops Gravehold to 0 before the all-exhausted check: the reason is Gravehold
    d = table(_exhausted_p0(), {"life": 1})
    d["gravehold"] = {"life": 4, "max_life": 30}
    g = run_steps(d, [("suffer", 3)], you=1, source="Convoke", active=1)
    assert g.over and g.result == "loss" and g.reason == "gravehold"
    assert g.state.players[1].exhausted and g.state.gravehold == 0


def test_E_1_destroying_a_breach_under_a_two_breach_spell_discards_that_spell() -> None:
    brama = player("Brama", life=1, breaches=[
        {"state": "open"}, closed(1), {"state": "open", "spells": ["Crystallize"]},
        {"state": "open", "covered_by": 2}])
    d = base_state([brama, player("Mist", hand=["Crystal"])])  # Mist's main phase waits
    d["nemesis"]["tokens"] = {"fury": 0}
    g = run_steps(d, [("player", "any", (("suffer", 1),))], you=-1, source="Convoke", active=1)
    choose(g, ("player", 0))
    assert g.decision is not None and g.decision.kind == "destroy_breach"
    choose(g, ("breach", 3))
    p = g.state.players[0]
    assert [b.state for b in p.breaches] == ["open", "closed", "open", "destroyed"]
    assert all(not b.spells and b.covered_by == -1 for b in p.breaches)
    assert p.discard == ["Crystallize"] and p.exhausted and p.charges == 0
    assert g.state.nemesis.tokens["fury"] == 2  # the two exhaustion Unleashes came first
