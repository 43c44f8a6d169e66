"""Legacy mages Razra, Xaxos and Qu (LOG): setups, abilities, unique starters, every card of
Razra's Rip deck and Xaxos's Reckoning deck, and Qu's builder and destroyer tokens.

Each test writes a small state by hand (``support``), plays, casts or activates through the
public game, answers its choices and reads back where everything went.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from gravehold import Game
from gravehold.boxes.legacy_of_gravehold import mages_azer_decks as az
from gravehold.content import registry
from gravehold.content.text import card_text, mat_text
from gravehold.testing.conformance import _check_one_game

from support import at_casting, at_main, base_state, choose, closed, player, power

RAZRA, XAXOS, QU = "Razra (LOG)", "Xaxos (LOG)", "Qu (LOG)"
RIP, RECK = az.RIP_DECK, az.RECKONING_DECK
OPEN: dict[str, Any] = {"state": "open"}
HOLD = ["Crystal"]  # a card left in hand keeps the main phase waiting


def two(p0: dict[str, Any], p1: dict[str, Any] | None = None, **kw: Any) -> dict[str, Any]:
    return base_state([p0, p1 if p1 is not None else player("Mist", hand=list(HOLD))], **kw)


def razra(**kw: Any) -> dict[str, Any]:
    return player(RAZRA, decks={RIP: list(az.RIP_DECK_CARDS)}, max_charges=4, **kw)


def xaxos(**kw: Any) -> dict[str, Any]:
    kw.setdefault("decks", {RECK: [c.name for c in az.RECKONING_CARDS]})
    return player(XAXOS, max_charges=6, **kw)


def qu(builder: int = 1, destroyer: int = 1, **kw: Any) -> dict[str, Any]:
    return player(QU, tokens={"builder": builder, "destroyer": destroyer}, max_charges=4, **kw)


def hits(g: Game) -> list[int]:
    return [e["amount"] for e in g.events if e["event"] == "nemesis_damage"]


def waits(g: Game, kind: str, i: int = 0) -> None:
    assert g.decision is not None and (g.decision.kind, g.decision.player) == (kind, i), g.decision


def answer(g: Game, action: tuple[Any, ...]) -> None:
    """Answer a choice the engine asks only when it has more than one option."""
    if g.decision is not None and len(g.legal_actions()) > 1 and action in g.legal_actions():
        g.apply(action)


def ability(g: Game) -> None:
    choose(g, ("ability", 0))


def cast(g: Game, b: int, i: int = 0) -> None:
    choose(g, ("cast", b, 0))
    if g.decision is not None and g.decision.kind == "target":
        choose(g, ("target", "nemesis"))


def spells(**by_breach: str) -> list[dict[str, Any]]:
    return [{"state": "open", "spells": [by_breach[f"b{b}"]] if f"b{b}" in by_breach else []} for b in range(4)]


# ================================================================== setups

SETUPS = {
    RAZRA: ("The Tamer", 4, ["Crystal", "Crystal", "Crystal", "Rip, Help!", "Spark"],
            ["Crystal", "Crystal", "Crystal", "Rip, Help!", "Spark"], [("open", 0), ("closed", 1), ("closed", 0),
                                                                      ("closed", 0)]),
    XAXOS: ("Reckoner", 6, ["Crystal", "Crystal", "Crystal", "Essence Leech", "Spark"],
            ["Crystal", "Crystal", "Crystal", "Crystal", "Spark"], [("open", 0), ("closed", 2), ("closed", 0),
                                                                   ("closed", 0)]),
    QU: ("Builder", 4, ["Crystal", "Crystal", "Crystal", "Oblivion Lode", "Spark"],
         ["Corrupted Vein", "Crystal", "Crystal", "Crystal", "Spark"], [("open", 0), ("closed", 0), ("closed", 0),
                                                                       ("closed", 1)]),
}


@pytest.mark.parametrize("mage", list(SETUPS))
def test_setup_hand_deck_breaches_charges_city_of_each_mage(mage: str) -> None:
    title, charges, hand, deck, breaches = SETUPS[mage]
    m = registry.mage(mage)
    assert (m.id, m.title, m.box, m.city, m.ability.charges) == (mage, title, "LOG", "Azer", charges)
    g = Game.new([mage, "Brama"], seed=3)
    p = g.state.players[0]
    assert sorted(p.hand) == hand and sorted(p.deck) == deck and p.charges == 0
    assert [(b.state, b.stage) for b in p.breaches] == breaches
    assert all(registry.CARDS[c].city == "Azer" for c in m.uniques)


def test_setup_razra_rip_deck_face_up_in_mat_order_xaxos_reckoning_shuffled_qu_tokens_on_start() -> None:
    orders = set()
    for seed in range(6):
        r = Game.new([RAZRA, XAXOS, QU], seed=seed).state.players
        assert r[0].decks == {RIP: ["Rip, Fetch!", "Rip, Fetch!", "Rip, Go!", "Rip, Go!", "Rip, Protect!",
                                    "Rip, Protect!", "Rip, Scout!", "Rip, Scout!", "Rip, Attack!", "Rip, Attack!",
                                    "Rip, Eat!", "Rip, Eat!", "Rip, Guard!", "Rip, Patrol!"]}
        assert sorted(r[1].decks[RECK]) == sorted(c.name for c in az.RECKONING_CARDS)
        orders.add(tuple(r[1].decks[RECK]))
        assert r[2].tokens == {"builder": 1, "destroyer": 1} and r[2].decks == {}
    assert len(orders) > 1
    g = Game.new([RAZRA, XAXOS], seed=1)
    seen = g.view_for(1)["players"]
    assert seen[0]["face_up_decks"] == [RIP] and seen[1]["face_up_decks"] == []


def test_setup_deck_cards_are_never_in_the_supply_and_cost_as_printed() -> None:
    assert [(c.name, c.cost) for c in az.RIP_CARDS] == [
        ("Rip, Fetch!", 3), ("Rip, Go!", 3), ("Rip, Protect!", 6), ("Rip, Scout!", 3), ("Rip, Attack!", 6),
        ("Rip, Eat!", 6), ("Rip, Guard!", 9), ("Rip, Patrol!", 9)]
    assert {c.cost for c in az.RECKONING_CARDS} == {8} and all(c.type == "spell" for c in az.RECKONING_CARDS)
    assert all(c.starter for c in az.DECK_CARDS)


# ================================================================== Razra


def test_rip_help_gains_a_charge() -> None:
    g = at_main(two(razra(hand=["Rip, Help!", *HOLD])))
    choose(g, ("play", "Rip, Help!"))
    assert g.state.players[0].charges == 1 and g.state.players[0].played == ["Rip, Help!"]


def test_rip_fetch_focuses_the_cheapest_closed_breach_then_may_destroy_a_card() -> None:
    g = at_main(two(razra(hand=["Rip, Fetch!", "Spark", *HOLD],
                          breaches=[dict(OPEN), closed(0), closed(2), closed(1)])))
    choose(g, ("play", "Rip, Fetch!"))
    choose(g, ("card", "Spark"))
    p = g.state.players[0]
    # breach II has the cheapest focus cost, whatever the stages
    assert [(b.state, b.stage) for b in p.breaches] == [("open", 0), ("closed", 1), ("closed", 2), ("closed", 1)]
    assert p.hand == HOLD and g.state.destroyed == ["Spark"]


def test_rip_go_focuses_an_allys_breach_and_that_ally_gains_a_charge() -> None:
    g = at_main(two(razra(hand=["Rip, Go!", *HOLD]), player("Mist", hand=list(HOLD),
                                                           breaches=[dict(OPEN), dict(OPEN), dict(OPEN), closed(2)])))
    choose(g, ("play", "Rip, Go!"))
    ally = g.state.players[1]
    assert ally.breaches[3].stage == 3 and ally.charges == 1 and g.state.players[0].charges == 0


def test_rip_go_with_no_ally_breach_to_focus_still_gives_the_charge() -> None:
    opened = [dict(OPEN) for _ in range(4)]
    g = at_main(two(razra(hand=["Rip, Go!", *HOLD]), player("Mist", hand=list(HOLD), breaches=opened)))
    choose(g, ("play", "Rip, Go!"))
    assert g.state.players[1].charges == 1


def test_rip_protect_an_ally_draws_two_and_a_minion_is_silenced() -> None:
    d = two(razra(hand=["Rip, Protect!", *HOLD]), player("Mist", hand=[], deck=["Spark", "Jade", "Crystal"]))
    d["nemesis"]["in_play"] = [{"name": "Cauterizer", "life": 3}]
    g = at_main(d)
    choose(g, ("play", "Rip, Protect!"))  # the one ally draws, the one minion is silenced
    assert g.state.players[1].hand == ["Spark", "Jade"] and g.state.players[1].deck == ["Crystal"]
    assert g.state.nemesis.in_play[0].silenced


def test_rip_scout_gains_a_card_of_4_or_less_onto_the_deck() -> None:
    g = at_main(two(razra(hand=["Rip, Scout!", *HOLD], deck=["Spark"])))
    choose(g, ("play", "Rip, Scout!"))
    offered = {a[1] for a in g.legal_actions()}
    assert "Jagged Lightning" in offered and "Conjure the Lost" not in offered  # Conjure the Lost costs 6
    choose(g, ("gain", "Frozen Magmite"))
    p = g.state.players[0]
    assert p.deck == ["Frozen Magmite", "Spark"] and p.discard == []
    assert dict(map(tuple, g.to_dict()["supply"]))["Frozen Magmite"] == 6


def test_rip_attack_an_ally_may_prep_then_two_prepped_spells_are_cast_each_dealing_one_more() -> None:
    g = at_main(two(razra(hand=["Rip, Attack!", *HOLD], breaches=spells(b0="Spark")),
                    player("Mist", hand=["Spark", *HOLD])))
    choose(g, ("play", "Rip, Attack!"))
    waits(g, "prep", 1)
    choose(g, ("prep", "Spark", 0))
    waits(g, "spell")
    choose(g, ("spell", 1, 0, 0))
    choose(g, ("spell", 0, 0, 0))
    assert hits(g) == [2, 2]
    assert g.state.players[0].discard == ["Spark"] and g.state.players[1].discard == ["Spark"]


def test_rip_eat_an_ally_gains_two_charges_and_may_destroy_a_card() -> None:
    g = at_main(two(razra(hand=["Rip, Eat!", *HOLD]), player("Mist", hand=["Spark", *HOLD])))
    choose(g, ("play", "Rip, Eat!"))
    choose(g, ("card", "Spark"))
    ally = g.state.players[1]
    assert ally.charges == 2 and ally.hand == HOLD and g.state.destroyed == ["Spark"]


def test_rip_guard_first_branch_life_and_three_charges_among_allies() -> None:
    d = two(razra(hand=["Rip, Guard!", *HOLD], life=6))
    d["nemesis"]["in_play"] = [power("Agony Field", 2)]
    g = at_main(d)
    choose(g, ("play", "Rip, Guard!"))
    choose(g, ("choose", 0))
    assert g.state.players[0].life == 8 and g.state.players[1].charges == 3
    assert [c.name for c in g.state.nemesis.in_play] == ["Agony Field"]


def test_rip_guard_second_branch_suffers_two_and_discards_a_power() -> None:
    d = two(razra(hand=["Rip, Guard!", *HOLD]))
    d["nemesis"]["in_play"] = [power("Agony Field", 2)]
    g = at_main(d)
    choose(g, ("play", "Rip, Guard!"))
    choose(g, ("choose", 1))
    assert g.state.players[0].life == 8 and g.state.nemesis.in_play == []
    assert g.state.nemesis.discard == ["Agony Field"]


def test_rip_guard_takes_the_first_branch_without_a_power_in_play() -> None:
    g = at_main(two(razra(hand=["Rip, Guard!", *HOLD])))
    choose(g, ("play", "Rip, Guard!"))  # the second cannot resolve in full (P-7): nothing asked
    assert g.decision is not None and g.decision.kind == "main"
    assert (g.state.players[0].life, g.state.players[1].charges) == (10, 3)


def test_rip_patrol_gains_a_spell_into_hand_and_removes_a_fire_token() -> None:
    d = two(razra(hand=["Rip, Patrol!", *HOLD]))
    d["tokens"] = {"fire": 3}
    g = at_main(d)
    choose(g, ("play", "Rip, Patrol!"))
    assert {a[1] for a in g.legal_actions()} == {"Reduce to Ash", "Jagged Lightning", "Fiery Torrent",
                                                  "Conjure the Lost"}
    choose(g, ("gain", "Conjure the Lost"))
    assert g.state.players[0].hand == [*HOLD, "Conjure the Lost"] and g.state.tokens["fire"] == 2


def test_train_rip_destroys_a_rip_card_and_gains_one_costing_up_to_three_more_into_hand() -> None:
    g = at_main(two(razra(hand=["Rip, Help!", "Rip, Fetch!", *HOLD], charges=4)))
    ability(g)  # nothing to return: the first branch, without asking
    assert g.legal_actions() == [("card", "Rip, Fetch!"), ("card", "Rip, Help!")]
    choose(g, ("card", "Rip, Fetch!"))
    assert g.legal_actions() == [("card", "Rip, Attack!"), ("card", "Rip, Eat!"), ("card", "Rip, Protect!"),
                                 ("card", "Rip, Fetch!"), ("card", "Rip, Go!"), ("card", "Rip, Scout!")]
    choose(g, ("card", "Rip, Attack!"))
    p = g.state.players[0]
    assert p.hand == ["Rip, Help!", *HOLD, "Rip, Attack!"] and p.charges == 0
    assert g.state.destroyed == ["Rip, Fetch!"] and p.decks[RIP].count("Rip, Attack!") == 1
    assert any(e["event"] == "gain" and e["card"] == "Rip, Attack!" for e in g.events)


def test_train_rip_second_branch_rips_to_hand_returns_every_rip_card_played_or_discarded() -> None:
    g = at_main(two(razra(hand=["Rip, Help!", *HOLD], discard=["Rip, Go!", "Spark"], charges=3)))
    choose(g, ("play", "Rip, Help!"))
    ability(g)  # no Rip card left in hand: the return, without asking
    p = g.state.players[0]
    assert sorted(p.hand) == ["Crystal", "Rip, Go!", "Rip, Help!"] and p.played == [] and p.discard == ["Spark"]


def test_train_rip_asks_for_a_branch_when_both_can_resolve() -> None:
    g = at_main(two(razra(hand=["Rip, Help!", *HOLD], discard=["Rip, Go!"], charges=4)))
    ability(g)
    assert g.legal_actions() == [("choose", 0), ("choose", 1)]
    choose(g, ("choose", 1))
    assert g.state.players[0].hand == ["Rip, Help!", *HOLD, "Rip, Go!"]


# ================================================================== Xaxos


def test_essence_leech_prepped_gives_a_charge_on_an_allys_first_charge_of_their_turn_only() -> None:
    d = two(xaxos(breaches=spells(b0="Essence Leech")), player("Mist", hand=["Rip, Help!", "Rip, Help!", *HOLD]))
    g = at_main(d, 1)
    choose(g, ("play", "Rip, Help!"))
    assert (g.state.players[0].charges, g.state.players[1].charges) == (1, 1)
    choose(g, ("play", "Rip, Help!"))
    assert (g.state.players[0].charges, g.state.players[1].charges) == (1, 2)


def test_essence_leech_gives_nothing_unprepped_nor_on_xaxos_own_charge_with_an_ally() -> None:
    d = two(xaxos(hand=["Essence Leech", "Rip, Help!", *HOLD]), player("Mist", hand=["Rip, Help!", *HOLD]))
    g = at_main(d, 0)
    choose(g, ("play", "Rip, Help!"))
    assert g.state.players[0].charges == 1
    g = at_main(d, 1)
    choose(g, ("play", "Rip, Help!"))
    assert g.state.players[0].charges == 0


def test_essence_leech_cast_deals_one() -> None:
    g = at_casting(two(xaxos(breaches=spells(b0="Essence Leech"))))
    cast(g, 0)
    assert hits(g) == [1]


def test_expand_potential_gains_the_top_reckoning_card_onto_the_deck() -> None:
    g = at_main(two(xaxos(hand=[*HOLD], deck=["Spark"], charges=6,
                          decks={RECK: ["Final Reckoning", "Dead Reckoning"]})))
    ability(g)  # no Reckoning card in the discard: the gain, without asking
    p = g.state.players[0]
    assert p.deck == ["Final Reckoning", "Spark"] and p.decks[RECK] == ["Dead Reckoning"] and p.charges == 0
    assert [e["card"] for e in g.events if e["event"] == "gain"] == ["Final Reckoning"]


def test_expand_potential_reckoning_to_hand_returns_one_reckoning_card_from_the_discard() -> None:
    g = at_main(two(xaxos(hand=[*HOLD], charges=6, discard=["Dead Reckoning", "Spark", "Final Reckoning"],
                          decks={RECK: []})))
    ability(g)  # the Reckoning deck is empty: the return, without asking
    choose(g, ("card", "Dead Reckoning"))
    p = g.state.players[0]
    assert p.hand == [*HOLD, "Dead Reckoning"] and p.discard == ["Spark", "Final Reckoning"]


def test_dead_reckoning_echo_deals_four_twice() -> None:
    g = at_casting(two(xaxos(breaches=spells(b0="Dead Reckoning"))))
    cast(g, 0)
    if g.decision is not None and g.decision.kind == "target":
        choose(g, ("target", "nemesis"))
    assert hits(g) == [4, 4]


@pytest.mark.parametrize(("branch", "life", "gravehold"), [(0, 9, 26), (1, 6, 29)])
def test_elemental_reckoning_deals_three_then_a_player_or_gravehold_gains_three(branch: int, life: int,
                                                                               gravehold: int) -> None:
    d = two(xaxos(breaches=spells(b0="Elemental Reckoning"), life=6))
    d["gravehold"] = {"life": 26, "max_life": 30}  # 29 is Gravehold after 3 life
    g = at_casting(d)
    cast(g, 0)
    choose(g, ("choose", branch))
    if branch == 0:
        choose(g, ("player", 0))
    assert hits(g) == [3]
    assert (g.state.players[0].life, g.state.gravehold) == (life, gravehold)


def test_cosmic_reckoning_as_first_spell_an_ally_draws_four_and_preps_any_number() -> None:
    d = two(xaxos(breaches=spells(b0="Cosmic Reckoning")),
            player("Mist", hand=[], deck=["Spark", "Spark", "Crystal", "Crystal", "Jade"],
                   breaches=[dict(OPEN), closed(0), closed(0), closed(0)]))
    g = at_casting(d)
    cast(g, 0)  # the one ally draws four
    waits(g, "prep", 1)
    choose(g, ("prep", "Spark", 0))
    choose(g, ("prep", "Spark", 2))  # a closed breach too
    ally = g.state.players[1]
    assert ally.hand == ["Crystal", "Crystal"] and ally.deck == ["Jade"]
    assert ally.breaches[0].spells == ["Spark"] and ally.breaches[2].spells == ["Spark"]


def test_cosmic_reckoning_after_another_spell_does_nothing() -> None:
    d = two(xaxos(hand=[*HOLD], breaches=spells(b0="Spark", b1="Cosmic Reckoning")),
            player("Mist", deck=["Spark"] * 5))
    g = at_casting(d)
    cast(g, 0)
    cast(g, 1)
    assert g.state.players[1].hand == [] and g.state.players[0].discard == ["Spark", "Cosmic Reckoning"]


def test_brutal_reckoning_ten_to_the_nemesis_or_eight_divided_among_minions() -> None:
    d = two(xaxos(hand=[*HOLD], breaches=spells(b0="Brutal Reckoning")))
    d["nemesis"]["in_play"] = [{"name": "Bane Sire", "life": 6}]
    g = at_casting(d)
    cast(g, 0)
    choose(g, ("choose", 1))
    assert g.state.nemesis.life == 60 and [c.life for c in g.state.nemesis.in_play] == [6]
    d = two(xaxos(hand=[*HOLD], breaches=spells(b0="Brutal Reckoning")))
    d["nemesis"]["in_play"] = [{"name": "Bane Sire", "life": 6}, {"name": "Haze Spewer", "life": 5}]
    g = at_casting(d)
    cast(g, 0)
    choose(g, ("choose", 0))
    choose(g, ("target", "Haze Spewer"))  # takes its 5 life; the last minion takes the other 3
    assert [(c.name, c.life) for c in g.state.nemesis.in_play] == [("Bane Sire", 3)]
    assert g.state.nemesis.life == 70 and g.state.nemesis.discard == ["Haze Spewer"]


def test_brutal_reckoning_with_no_minion_in_play_deals_ten_to_the_nemesis_without_asking() -> None:
    g = at_casting(two(xaxos(hand=[*HOLD], breaches=spells(b0="Brutal Reckoning"))))
    cast(g, 0)  # divided_among_minions cannot resolve in full (P-7)
    assert g.decision is not None and g.decision.kind == "main" and g.state.nemesis.life == 60


def test_final_reckoning_deals_four_then_may_destroy_any_of_the_three_top_cards() -> None:
    g = at_casting(two(xaxos(hand=[*HOLD], breaches=spells(b0="Final Reckoning"),
                             deck=["Spark", "Crystal", "Jade", "Spark"])))
    cast(g, 0)
    waits(g, "destroy")
    assert g.legal_actions() == [("card", "Spark"), ("card", "Crystal"), ("card", "Jade"), ("done",)]
    choose(g, ("card", "Spark"))
    choose(g, ("card", "Jade"))
    choose(g, ("done",))
    assert hits(g) == [4] and g.state.players[0].deck == ["Crystal", "Spark"]
    assert g.state.destroyed == ["Spark", "Jade"]


def test_hints_final_reckoning_a_bot_keeps_the_turned_up_cards_worth_keeping() -> None:
    from gravehold.agents import make_agent

    deck = ["Dead Reckoning", "Jade", "Spark"]
    g = at_casting(two(xaxos(hand=[*HOLD], breaches=spells(b0="Final Reckoning"), deck=list(deck))))
    cast(g, 0)
    a = make_agent("heuristic", 1).choose(g.decision, lambda: g.view_for(0))  # type: ignore[arg-type]
    assert a in (("done",), ("card", "Spark"))  # never the Reckoning spell nor the Jade


def test_nocturnal_reckoning_charges_and_reordered_turn_order_or_eight_damage() -> None:
    g = at_casting(two(xaxos(hand=[*HOLD], breaches=spells(b0="Nocturnal Reckoning"))))
    cast(g, 0)
    choose(g, ("choose", 1))
    assert hits(g) == [8]
    g = at_casting(two(xaxos(hand=[*HOLD], breaches=spells(b0="Nocturnal Reckoning"))))
    cast(g, 0)
    choose(g, ("choose", 0))  # the one ally takes the four charges
    assert g.state.players[1].charges == 4
    for card in ("N", "N", "P2", "P2"):  # then only the two P1 are left
        waits(g, "order")
        choose(g, ("card", card))
    assert g.state.to_deck == ["N", "N", "P2", "P2", "P1", "P1"]


# ================================================================== Qu


@pytest.mark.parametrize(("gem", "token", "side", "after", "aether", "stage3"), [
    ("Oblivion Lode", "builder", 1, 2, 2, 0),
    ("Oblivion Lode", "builder", 2, 1, 1, 1),
])
def test_oblivion_lode_resolves_the_builder_token_then_flips_it(gem: str, token: str, side: int, after: int,
                                                                aether: int, stage3: int) -> None:
    g = at_main(two(qu(builder=side, hand=[gem, *HOLD], breaches=[dict(OPEN), closed(2), closed(0), closed(1)])))
    choose(g, ("play", gem))
    p = g.state.players[0]
    assert p.tokens[token] == after and p.aether == aether
    assert [b.stage for b in p.breaches[1:]] == ([2, 0, 1] if stage3 == 0 else [3, 0, 1])
    assert any(e["event"] == "token_flipped" for e in g.events)


def test_corrupted_vein_start_side_gives_one_and_may_destroy_then_flips() -> None:
    g = at_main(two(qu(hand=["Corrupted Vein", *HOLD], discard=["Spark"])))
    choose(g, ("play", "Corrupted Vein"))
    choose(g, ("card", "discard", "Spark"))
    p = g.state.players[0]
    assert p.aether == 1 and p.discard == [] and g.state.destroyed == ["Spark"] and p.tokens["destroyer"] == 2


def test_corrupted_vein_second_side_gives_one_and_deals_one_then_flips_back() -> None:
    g = at_main(two(qu(destroyer=2, hand=["Corrupted Vein", *HOLD])))
    choose(g, ("play", "Corrupted Vein"))
    p = g.state.players[0]
    assert p.aether == 1 and hits(g) == [1] and p.tokens["destroyer"] == 1


def test_feed_the_corruption_an_ally_draws_two_and_any_player_destroys_up_to_two() -> None:
    d = two(qu(hand=["Spark", *HOLD], discard=["Crystal"], charges=4),
            player("Mist", hand=[], deck=["Jade", "Spark", "Spark"]))
    g = at_main(d)
    ability(g)  # the one ally draws two
    choose(g, ("player", 0))
    choose(g, ("card", "hand", "Spark"))
    choose(g, ("card", "discard", "Crystal"))
    assert g.state.players[1].hand == ["Jade", "Spark"] and g.state.players[0].hand == HOLD
    assert sorted(g.state.destroyed) == ["Crystal", "Spark"] and g.state.players[0].charges == 0


def test_token_flipped_has_a_log_line() -> None:
    from gravehold.events_text import event_text

    e = {"event": "token_flipped", "turn": 2, "player": 0, "token": "builder", "side": "Raise"}
    assert event_text(e) == "P1 flips the builder token to its Raise side"


def test_qu_tokens_survive_a_save_and_show_on_the_boards() -> None:
    g = at_main(two(qu(builder=2)))
    d = g.to_dict()
    assert d["players"][0]["tokens"] == {"builder": 2, "destroyer": 1}
    assert Game.from_dict(copy.deepcopy(d)).to_dict() == d
    assert g.view_for(1)["players"][0]["tokens"] == {"builder": 2, "destroyer": 1}


# ================================================================== texts, readings, games


def test_mat_rows_and_texts_say_the_readings_and_piles() -> None:
    text = mat_text(registry.mage(QU))
    assert "project's reading" in text and "Start" in text and "Raise" in text and "Raze" in text
    assert "Rip deck" in mat_text(registry.mage(RAZRA)) and "Reckoning deck" in mat_text(registry.mage(XAXOS))
    assert "project's reading" in card_text(registry.CARDS["Oblivion Lode"])
    assert "ally gains a charge" in card_text(registry.CARDS["Essence Leech"])


@pytest.mark.parametrize(("hand", "discard", "played", "uses"), [
    (["Rip, Help!", "Crystal"], [], [], True),  # a Rip card to trade up the Rip deck
    (["Crystal", "Crystal"], ["Rip, Help!"], [], False),  # a charge back for four: not worth it
    (["Crystal", "Crystal"], ["Rip, Fetch!", "Rip, Go!"], [], True),  # 6 Æ of Rip cards back
    (["Crystal", "Crystal"], [], ["Rip, Eat!", "Rip, Eat!"], False),  # replayed this turn: it could loop
])
def test_hints_razra_trains_rip_only_when_worth_it(hand: list[str], discard: list[str], played: list[str],
                                                   uses: bool) -> None:
    from gravehold.agents import make_agent

    g = at_main(two(razra(hand=hand, discard=discard, played=played, charges=4)))
    assert ("ability", 0) in g.legal_actions()
    bot = make_agent("heuristic", 1)
    while True:  # gems come first; then the bot either trains Rip or goes on without it
        assert g.decision is not None
        a = bot.choose(g.decision, lambda: g.view_for(0))
        if a != ("play", "Crystal"):
            break
        g.apply(a)
    assert (a == ("ability", 0)) is uses


@pytest.mark.parametrize("mage", [RAZRA, XAXOS, QU])
def test_mage_whole_seeded_heuristic_game_with_each_mage(mage: str) -> None:
    assert _check_one_game("Rageborne", [mage, "Brama"], "heuristic", 21, mage) == []
