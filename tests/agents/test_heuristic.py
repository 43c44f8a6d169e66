"""The heuristic agent's advice, one small exact state per rule (see agents/heuristic.py)."""

from __future__ import annotations

from typing import Any

from gravehold import Game
from gravehold.agents import HeuristicAgent
from gravehold.agents.heuristic import buy_value
from gravehold.content.model import NemesisCardDef

from support import OPEN, at_casting, at_main, at_nemesis_turn, base_state, closed, player, registered, run_steps

#: a deck whose economy is built: no gem is worth buying for it
RICH = ["Bloodstone Jewel"] * 4 + ["Erratic Ingot"] * 4


def pick(g: Game) -> tuple[Any, ...]:
    d = g.decision
    assert d is not None
    seat = d.seat
    a = HeuristicAgent(0).choose(d, lambda: g.view_for(seat))
    assert a in d.options
    return a


def until(g: Game, kind: str, limit: int = 30) -> None:
    """Let the agent play until a decision of ``kind`` is pending."""
    for _ in range(limit):
        assert g.decision is not None
        if g.decision.kind == kind:
            return
        g.apply(pick(g))
    raise AssertionError(f"no {kind} decision")


def _nemesis(d: dict[str, Any], nid: str, **kw: Any) -> dict[str, Any]:
    d["config"]["nemesis"] = nid
    d["nemesis"] = {"id": nid, "life": 70, "max_life": 70, "deck": ["Slaughter", "Skewer", "Bane Sire"],
                    "discard": [], "in_play": [], "tokens": {}, "decks": {}, **kw}
    return d


# ---------------------------------------------------------------- targets


def test_kills_a_minion_it_can_kill() -> None:
    d = base_state([player("Brama", breaches=[{"state": "open", "spells": ["Spark"]}, closed(1), closed(0),
                                              closed(2)]), player("Mist")])
    d["nemesis"]["in_play"] = [{"name": "Provoker", "life": 1}]
    g = at_casting(d)
    until(g, "target")
    assert pick(g) == ("target", "Provoker")


def test_hits_the_nemesis_when_no_minion_is_worth_it() -> None:
    d = base_state([player("Brama", breaches=[{"state": "open", "spells": ["Spark"]}, closed(1), closed(0),
                                              closed(2)]), player("Mist")])
    d["nemesis"]["in_play"] = [{"name": "Avatar of Wrath", "life": 16}]
    d["nemesis"]["life"] = 1
    g = at_casting(d)
    until(g, "target")
    assert pick(g) == ("target", "nemesis")  # the killing blow wins at once


def test_hits_husks_when_the_swarm_is_near() -> None:
    d = _nemesis(base_state([player("Brama", breaches=[{"state": "open", "spells": ["Spark"]}, closed(1),
                                                       closed(0), closed(2)]), player("Mist")]),
                 "Carapace Queen", life=60, max_life=60, tokens={"husk": 10})
    g = at_casting(d)
    until(g, "target")
    assert pick(g) == ("target", "husk")


def test_a_big_spell_spreads_over_husks_when_the_track_fills() -> None:
    """Eight husks: the next swarm costs Gravehold 5; three damage spread kills three husks for 1 life."""
    d = _nemesis(base_state([player("Brama", breaches=[{"state": "open", "spells": ["Jagged Lightning"]},
                                                       closed(1), closed(0), closed(2)]), player("Mist")]),
                 "Carapace Queen", life=60, max_life=60, tokens={"husk": 8})
    g = at_casting(d)
    until(g, "target")
    assert pick(g) == ("target", "husk")
    g.apply(("target", "husk"))
    until(g, "husk_spread")
    assert pick(g) == ("yes",)
    g.apply(("yes",))
    assert g.state.nemesis.tokens["husk"] == 5 and g.state.players[0].life == 9


def test_one_husk_is_not_worth_a_big_spell() -> None:
    d = _nemesis(base_state([player("Brama", breaches=[{"state": "open", "spells": ["Jagged Lightning"]},
                                                       closed(1), closed(0), closed(2)]), player("Mist")]),
                 "Carapace Queen", life=60, max_life=60, tokens={"husk": 1})
    g = at_casting(d)
    until(g, "target")
    assert pick(g) == ("target", "nemesis")


def test_does_not_chip_the_corrupter() -> None:
    """Crooked Mask's Corrupter gives whoever damages it a corruption: only a kill is worth it."""
    d = _nemesis(base_state([player("Brama", breaches=[{"state": "open", "spells": ["Spark"]}, closed(1),
                                                       closed(0), closed(2)]), player("Mist")]),
                 "Crooked Mask", decks={"corruption": []})
    d["nemesis"]["in_play"] = [{"name": "Corrupter", "life": 6}]
    g = at_casting(d)
    until(g, "target")
    assert pick(g) == ("target", "nemesis")


# ------------------------------------------------------------- nemesis choices


def test_never_picks_the_losing_or_branch_against_umbra_titan_at_one_token() -> None:
    d = _nemesis(base_state([player("Brama", breaches=[{"state": "open", "spells": ["Jagged Lightning"]},
                                                       closed(1), closed(0), closed(2)]), player("Mist")]),
                 "Umbra Titan", tokens={"nemesis": 1})
    d["nemesis"]["in_play"] = [{"name": "Cryptid", "life": 6}]
    g = at_nemesis_turn(d)
    until(g, "or")
    assert pick(g) == ("choose", 0)  # discard a prepped spell, never the last token
    g.apply(("choose", 0))
    assert not g.over


def test_umbra_titan_unleash_never_costs_the_last_token() -> None:
    from gravehold.content import registry

    d = _nemesis(base_state(), "Umbra Titan", tokens={"nemesis": 1})
    g = run_steps(d, list(registry.NEMESES["Umbra Titan"].unleash), you=-1, source="Unleash")
    until(g, "or")
    assert pick(g) == ("choose", 0)


def test_umbra_titan_token_is_spent_when_a_player_would_be_exhausted() -> None:
    from gravehold.content import registry

    d = _nemesis(base_state([player("Brama", life=2), player("Mist", life=1)]), "Umbra Titan",
                 tokens={"nemesis": 7})
    d["turn_order"] = {"deck": ["P1", "P2", "P1", "P2", "N"], "discard": ["N"]}
    g = run_steps(d, list(registry.NEMESES["Umbra Titan"].unleash), you=-1, source="Unleash")
    until(g, "or")
    assert pick(g) == ("choose", 1)


def test_gives_up_a_cheap_spell_rather_than_a_token_at_umbra_titan() -> None:
    d = _nemesis(base_state([player("Brama", breaches=[{"state": "open", "spells": ["Spark"]},
                                                       closed(1), closed(0), closed(2)]), player("Mist")]),
                 "Umbra Titan", tokens={"nemesis": 6})
    d["nemesis"]["in_play"] = [{"name": "Cryptid", "life": 6}]
    g = at_nemesis_turn(d)
    until(g, "or")
    assert pick(g) == ("choose", 0)


def test_the_healthy_player_takes_the_hit() -> None:
    d = base_state([player("Brama", life=3), player("Mist", life=8)])
    g = run_steps(d, [("player", "any", (("suffer", 4),))], you=-1, source="Howling Spinners")
    until(g, "player")
    assert pick(g) == ("player", 1)  # player 0 would be exhausted


def test_magus_of_cloaks_gravehold_rather_than_more_cloak() -> None:
    d = _nemesis(base_state(), "Magus of Cloaks", life=35, max_life=35, tokens={"nemesis": 4})
    g = run_steps(d, [("or", (("gain_token", "nemesis", 2),), (("gravehold_damage", 2),))], you=-1,
                  source="Unleash")
    until(g, "or")
    assert pick(g) == ("choose", 1)


# ------------------------------------------------------------------ main phase


def test_does_not_play_coal_shard_at_two_life() -> None:
    d = base_state([player("Ulgimor", life=2, hand=["Coal Shard"]), player("Mist")])
    g = at_main(d)
    assert ("play", "Coal Shard") in g.legal_actions()
    assert pick(g) != ("play", "Coal Shard")


def test_plays_coal_shard_when_healthy() -> None:
    d = base_state([player("Ulgimor", life=10, hand=["Coal Shard"]), player("Mist")])
    g = at_main(d)
    assert pick(g) == ("play", "Coal Shard")


def test_plays_gems_before_anything_else() -> None:
    d = base_state([player("Brama", hand=["Crystal", "Spark", "Jade"]), player("Mist")])
    g = at_main(d)
    assert pick(g) == ("play", "Jade")


def test_preps_the_best_spell_to_the_bonus_breach() -> None:
    d = base_state([player("Brama", hand=["Spark", "Jagged Lightning"],
                           breaches=[dict(OPEN), closed(1), dict(OPEN), closed(2)]), player("Mist")])
    g = at_main(d)
    assert pick(g) == ("prep", "Jagged Lightning", 2)


def test_focuses_a_breach_so_a_spell_does_not_stay_in_hand() -> None:
    d = base_state([player("Brama", hand=["Jagged Lightning"], aether=2,
                           breaches=[{"state": "open", "spells": ["Spark"]}, closed(1), closed(0), closed(2)]),
                    player("Mist")])
    g = at_main(d)
    assert pick(g) == ("focus", 1)


def test_pays_to_discard_a_power_about_to_go_off() -> None:
    d = base_state([player("Brama", aether=6), player("Mist")])
    d["nemesis"]["in_play"] = [{"name": "Eye of Nothing", "power": 1}]
    g = at_main(d)
    assert pick(g) == ("pay", "Eye of Nothing")


STARTER = ["Crystal"] * 5 + ["Spark"] * 3


def test_builds_the_economy_first_with_a_starter_deck() -> None:
    # eight starter cards make about 3 aether a hand: a gem now makes every later turn richer
    d = base_state([player("Brama", aether=5, deck=STARTER), player("Mist")])
    d["nemesis"]["deck"] = ["Slaughter"] * 24  # the start of the game
    g = at_main(d)
    a = pick(g)
    assert a == ("gain", "Erratic Ingot")
    assert buy_value("Erratic Ingot", economy=3.1) > buy_value("Jagged Lightning", economy=3.1)


def test_late_in_the_game_a_gem_is_not_worth_buying() -> None:
    # the same player with three nemesis cards left: the gem would hardly come round again
    d = base_state([player("Brama", aether=5, deck=STARTER), player("Mist")])
    g = at_main(d)
    assert pick(g) == ("open", 1)  # a breach for the spells it owns, not a gem


def test_buys_the_strongest_spell_once_the_economy_is_built() -> None:
    # a deck of rich gems: now damage wins the game, and a gem would only dilute it
    d = base_state([player("Brama", aether=5, deck=RICH), player("Mist")])
    g = at_main(d)
    a = pick(g)
    assert a[0] == "gain" and a[1] in ("Jagged Lightning", "Fiery Torrent")
    assert buy_value("Jagged Lightning", economy=8.0) > buy_value("Erratic Ingot", economy=8.0)


def test_charges_the_ability_with_aether_nothing_is_worth_buying_with() -> None:
    d = base_state([player("Brama", aether=2, deck=RICH), player("Mist")])
    g = at_main(d)
    assert pick(g) == ("charge",)


def test_spends_aether_tokens_like_aether_K_7() -> None:
    d = base_state([player("Brama", aether_tokens=2, deck=RICH), player("Mist")])
    g = at_main(d)
    a = pick(g)
    assert a == ("charge",)
    g.apply(a)
    assert (g.state.players[0].aether_tokens, g.state.players[0].charges) == (0, 1)


def test_silences_the_minion_that_would_hurt_most_K_5() -> None:
    mild = NemesisCardDef("Test Mild", "minion", 1, "AE", life=5, persistent=(("gravehold_damage", 1),))
    cruel = NemesisCardDef("Test Cruel", "minion", 1, "AE", life=5, persistent=(("gravehold_damage", 4),))
    with registered(mild, cruel):
        d = base_state([player("Brama", hand=["Crystal"]), player("Mist")])
        d["nemesis"]["in_play"] = [{"name": "Test Mild", "life": 5}, {"name": "Test Cruel", "life": 5}]
        g = run_steps(d, [("silence",)])
        assert g.decision is not None and g.decision.kind == "silence"
        assert pick(g) == ("minion", "Test Cruel")


def test_a_spell_to_be_prepped_opens_a_breach_rather_than_focusing_it_again() -> None:
    # breach II costs 3 to open at this stage, a focus 2: one aether more holds a spell every turn
    d = base_state([player("Brama", hand=["Jagged Lightning"], aether=3,
                           breaches=[{"state": "open", "spells": ["Spark"]}, closed(2), closed(0), closed(2)]),
                    player("Mist")])
    g = at_main(d)
    assert pick(g) == ("open", 1)


def test_casts_the_smallest_spell_that_finishes_a_minion_first() -> None:
    d = base_state([player("Brama", breaches=[{"state": "open", "spells": ["Spark"]},
                                              {"state": "open", "spells": ["Jagged Lightning"]},
                                              closed(0), closed(2)]), player("Mist")])
    d["nemesis"]["in_play"] = [{"name": "Cauterizer", "life": 1}]
    g = at_casting(d)
    assert pick(g) == ("cast", 0, 0)


def test_reckless_might_takes_the_relic_that_costs_least_life() -> None:
    """The corruption's relic is paid in life (half its cost): at 3 life the cheap one."""
    d = _nemesis(base_state([player("Brama", life=3), player("Mist")]), "Crooked Mask",
                 decks={"corruption": []})
    g = run_steps(d, [("reckless_relic",)], source="Reckless Might")
    assert g.decision is not None and g.decision.kind == "gain"
    assert {o[1] for o in g.decision.options} == {"Mage's Totem", "Primordial Fetish"}
    assert pick(g) == ("gain", "Mage's Totem")


def test_pays_to_discard_infinite_enmity_while_the_witch_has_few_tokens() -> None:
    """Infinite Enmity Unleashes until the Gate Witch holds 6 tokens: at 2 that is 4 Unleashes."""
    d = _nemesis(base_state([player("Brama", aether=8), player("Mist")]), "Gate Witch",
                 tokens={"nemesis": 2})
    d["nemesis"]["in_play"] = [{"name": "Infinite Enmity", "power": 2}]
    g = at_main(d)
    assert pick(g) == ("pay", "Infinite Enmity")


def test_brama_heals_a_hurt_ally() -> None:
    d = base_state([player("Brama", charges=5), player("Mist", life=4)])
    g = at_main(d)
    assert pick(g) == ("ability", 0)
    until(g, "player")
    assert pick(g) == ("player", 1)


def test_moves_a_revealed_nemesis_turn_under_the_deck() -> None:
    d = base_state([player("Brama", hand=["Quartz Shard"]), player("Mist")])
    d["turn_order"] = {"deck": ["N", "P1", "P2", "N", "P1", "P2"], "discard": []}
    g = at_main(d)
    g.apply(("play", "Quartz Shard"))
    until(g, "turn_order")
    assert pick(g) == ("bottom",)


def test_prince_devours_from_the_fullest_pile() -> None:
    d = _nemesis(base_state(), "Prince of Gluttons", decks={"devoured": []})
    d["supply"][0][1] = 1
    g = run_steps(d, [("devour", 2, "any")], you=-1, source="Unleash")
    until(g, "pile")
    a = pick(g)
    assert a[1] != d["supply"][0][0]
    left = dict((n, c) for n, c in d["supply"])
    assert left[a[1]] == max(left.values())


def test_prince_lobotomize_takes_the_damage_when_a_devour_would_empty_the_supply() -> None:
    """With 3 supply cards left, devouring 3 loses the game: a player suffers 3 instead."""
    from gravehold.content import registry

    d = _nemesis(base_state(), "Prince of Gluttons", decks={"devoured": []})
    for pile in d["supply"]:
        pile[1] = 0
    d["supply"][5][1] = 3  # one spell pile left
    g = run_steps(d, list(registry.NEMESIS_CARDS["Lobotomize"].effect), you=-1, source="Lobotomize")
    until(g, "or")
    assert pick(g) == ("choose", 0)


def test_prince_lobotomize_devours_while_the_supply_is_full() -> None:
    from gravehold.content import registry

    d = _nemesis(base_state([player("Brama", life=4), player("Mist", life=4)]), "Prince of Gluttons",
                 decks={"devoured": []})
    g = run_steps(d, list(registry.NEMESIS_CARDS["Lobotomize"].effect), you=-1, source="Lobotomize")
    until(g, "or")
    assert pick(g) == ("choose", 1)


def test_oblivion_swell_adds_the_costliest_gem_never_a_crystal() -> None:
    d = base_state([player("Brama", hand=["Crystal", "Jade", "Diamond Cluster"]), player("Mist")])
    g = run_steps(d, [("damage_gem_boost", 2)], source="Oblivion Swell")
    assert pick(g) == ("card", "Diamond Cluster")
    d = base_state([player("Brama", hand=["Crystal", "Crystal"]), player("Mist")])
    g = run_steps(d, [("damage_gem_boost", 2)], source="Oblivion Swell")
    assert pick(g) == ("skip",)


def test_works_towards_breach_iii_with_aether_nothing_is_worth_buying_with() -> None:
    """Every spell cast from an opened III deals 1 more: a focus towards it beats a charge."""
    d = base_state([player("Brama", aether=3, deck=RICH,
                           breaches=[OPEN, OPEN, closed(1), closed(2)]), player("Mist")])
    g = at_main(d)
    assert pick(g) == ("focus", 2)


def test_breach_iv_is_not_rushed_once_breach_iii_is_open() -> None:
    d = base_state([player("Brama", aether=4, deck=RICH,
                           breaches=[OPEN, OPEN, OPEN, closed(2)]), player("Mist")])
    d["supply"] = [[name, 0 if name == "Jagged Lightning" else k] for name, k in d["supply"]]
    g = at_main(d)
    assert ("focus", 3) in g.decision.options and pick(g) == ("charge",)


# ---------------------------------------------------------------- draw phase (P-15)


def _played(hand: list[str]) -> Game:
    d = base_state([player("Brama", hand=list(hand), deck=["Spark"] * 5), player("Mist", hand=["Crystal"])])
    g = at_main(d)
    for c in hand:
        g.apply(("play", c))
    g.apply(("end_main",))
    assert g.decision is not None and g.decision.kind == "discard_order"
    return g


def test_keeps_the_played_order_when_the_most_valuable_card_is_already_lowest() -> None:
    g = _played(["Jade", "Crystal"])
    assert pick(g) == ("keep_order",)


def test_puts_the_most_valuable_card_lowest_on_the_discard_as_before() -> None:
    """It ends with the order it always chose (the most aether first), in fewer answers."""
    g = _played(["Crystal", "Jade", "Frozen Magmite"])
    assert pick(g) == ("order", "Frozen Magmite")  # 2 Æ and the higher cost: the most valuable
    g.apply(("order", "Frozen Magmite"))
    assert pick(g) == ("order", "Jade")  # Crystal, Jade left: Jade goes first
    g.apply(("order", "Jade"))
    assert g.state.players[0].discard == ["Frozen Magmite", "Jade", "Crystal"]
    g2 = _played(["Jade", "Crystal", "Frozen Magmite"])
    assert pick(g2) == ("order", "Frozen Magmite")
    g2.apply(("order", "Frozen Magmite"))
    assert pick(g2) == ("keep_order",)  # Jade, Crystal: the rest lies as wanted already
    g2.apply(("keep_order",))
    assert g2.state.players[0].discard == ["Frozen Magmite", "Jade", "Crystal"]
