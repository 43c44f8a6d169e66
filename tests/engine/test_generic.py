"""The generic vocabulary (``engine.generic``, ``engine.amounts``): ``pick``, ``if`` and counted amounts.

Each zone, filter and act that content combines is tried on an exact small state
(``Game.at`` with ``engine.frames``), then the facts derived from the parts: N-6's "as many
as possible" choice of player (``hand_loss``), ``can_resolve`` in an OR (P-7), ``can_pay``
for TO DISCARD costs (P-14); and a malformed generic step is refused when content loads.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from gravehold import Game, StateFormatError
from gravehold.content import registry
from gravehold.content.model import CardDef, NemesisCardDef
from gravehold.content.text import render_step
from gravehold.engine import frames
from gravehold.engine.amounts import amount_text, per
from gravehold.engine.generic import pick
from gravehold.errors import ContentError

from support import OPEN, base_state, choose, closed, player


def run(d: dict[str, Any], step: tuple[Any, ...], you: int = 0, source: str = "Spark", active: int = 0) -> Game:
    """``step`` resolved for player ``you`` caused by ``source``, then player ``active``'s main
    phase, where 2 Æ (a charge to buy) make sure the game stops."""
    d = copy.deepcopy(d)
    d["players"][active]["aether"] = d["players"][active].get("aether", 0) + 2
    return Game.at(d, frames.step(you, source, step), *frames.main_phase(active), active=active)


def decision(g: Game) -> tuple[str, int, list[tuple[Any, ...]]]:
    d = g.decision
    assert d is not None
    return d.kind, d.player, list(d.options)


def at_main(g: Game, i: int = 0) -> bool:
    d = g.decision
    return d is not None and d.kind == "main" and d.player == i


def prepped(*spells: list[str]) -> list[dict[str, Any]]:
    """Four opened breaches holding these spells."""
    return [dict(OPEN, spells=list(s)) for s in spells] + [dict(OPEN) for _ in range(4 - len(spells))]


# ================================================================== pick: hand


def test_pick_discard_from_hand_one_card_per_decision() -> None:
    d = base_state([player(hand=["Crystal", "Spark", "Crystal"]), player("Mist")])
    g = run(d, pick("discard", 2))
    assert decision(g) == ("discard", 0, [("card", "Crystal"), ("card", "Spark")])
    assert g.decision is not None and g.decision.prompt == "Discard which card from your hand? (2 to go)"
    choose(g, ("card", "Spark"))  # the second pick has one name left: taken at once
    p = g.state.players[0]
    assert (p.hand, p.discard) == (["Crystal"], ["Spark", "Crystal"]) and at_main(g)
    assert [e["card"] for e in g.events if e["event"] == "discard"] == ["Spark", "Crystal"]


def test_pick_destroy_from_hand_takes_as_many_as_there_are() -> None:
    d = base_state([player(hand=["Spark"]), player("Mist")])
    g = run(d, pick("destroy", 3))
    assert g.state.players[0].hand == [] and g.state.destroyed == ["Spark"] and at_main(g)


def test_pick_filter_cost_at_least_offers_only_those_cards() -> None:
    d = base_state([player(hand=["Crystal", "Jade", "Sifter's Pearl"]), player("Mist")])
    g = run(d, pick("destroy", 1, filt=("cost_at_least", 2)))
    assert decision(g) == ("destroy", 0, [("card", "Jade"), ("card", "Sifter's Pearl")])
    choose(g, ("card", "Jade"))
    assert g.state.players[0].hand == ["Crystal", "Sifter's Pearl"] and g.state.destroyed == ["Jade"]


def test_pick_filter_not_corruption_discards_and_may_destroy() -> None:
    d = base_state([player(hand=["Nothingness", "Crystal", "Spark"]), player("Mist")])
    g = run(d, pick("discard", 2, filt="not_corruption"))
    assert decision(g) == ("discard", 0, [("card", "Crystal"), ("card", "Spark")])
    choose(g, ("card", "Crystal"))
    assert g.state.players[0].hand == ["Nothingness"] and g.state.players[0].discard == ["Crystal", "Spark"]
    g = run(d, pick("destroy", filt="not_corruption", how="may"))
    assert decision(g) == ("destroy", 0, [("card", "Crystal"), ("card", "Spark"), ("skip",)])
    choose(g, ("skip",))
    assert g.state.players[0].hand == ["Nothingness", "Crystal", "Spark"] and at_main(g)


def test_pick_filter_costliest_takes_a_costliest_card_each_time() -> None:
    d = base_state([player(hand=["Crystal", "Spark", "Vriswood Amber", "Sifter's Pearl", "Jade"]), player("Mist")])
    g = run(d, pick("discard", 3, filt="costliest"))
    assert decision(g) == ("discard", 0, [("card", "Sifter's Pearl"), ("card", "Vriswood Amber")])
    choose(g, ("card", "Vriswood Amber"))  # then the other 3, then the 2 (Jade): no more ties
    assert g.state.players[0].discard == ["Vriswood Amber", "Sifter's Pearl", "Jade"] and at_main(g)
    g = run(d, pick("destroy", 1, filt="costliest"))
    assert decision(g)[0] == "destroy"


def test_pick_may_discard_then_resolves_only_when_a_card_went() -> None:
    d = base_state([player(hand=["Crystal"]), player("Mist")])
    step = pick("discard", how="may", then=(("aether", 1),))
    g = run(d, step)
    assert decision(g) == ("discard", 0, [("card", "Crystal"), ("skip",)])
    choose(g, ("card", "Crystal"))
    assert g.state.players[0].aether == 2 + 1 and g.state.players[0].discard == ["Crystal"]
    g = run(d, step)
    choose(g, ("skip",))
    assert g.state.players[0].aether == 2 and g.state.players[0].hand == ["Crystal"]
    assert at_main(run(base_state(), step))  # an empty hand: nothing to ask


# ================================================================== pick: discard pile, several zones, played


def test_pick_up_to_from_hand_or_discard_names_the_zone() -> None:
    d = base_state([player(hand=["Crystal"], discard=["Spark", "Crystal"]), player("Mist")])
    g = run(d, pick("destroy", 2, ("hand", "discard"), how="up_to"))
    assert decision(g) == ("destroy", 0, [("card", "hand", "Crystal"), ("card", "discard", "Crystal"),
                                          ("card", "discard", "Spark"), ("done",)])
    choose(g, ("card", "discard", "Crystal"))  # the topmost copy of the discard pile
    assert decision(g) == ("destroy", 0, [("card", "hand", "Crystal"), ("card", "discard", "Spark"), ("done",)])
    choose(g, ("done",))
    p = g.state.players[0]
    assert (p.hand, p.discard, g.state.destroyed) == (["Crystal"], ["Spark"], ["Crystal"])
    g = run(d, pick("destroy", 1, ("hand",), how="up_to"))
    assert decision(g) == ("destroy", 0, [("card", "hand", "Crystal"), ("done",)])


def test_pick_destroy_from_discard_by_exact_cost_up_to_n() -> None:
    d = base_state([player(discard=["Crystal", "Jade", "Spark"]), player("Mist")])
    g = run(d, pick("destroy", 2, "discard", ("cost", 0), how="up_to"))
    assert decision(g) == ("destroy", 0, [("card", "Crystal"), ("card", "Spark"), ("done",)])
    choose(g, ("card", "Spark"))
    assert decision(g) == ("destroy", 0, [("card", "Crystal"), ("done",)])
    choose(g, ("card", "Crystal"))
    assert g.state.players[0].discard == ["Jade"] and g.state.destroyed == ["Spark", "Crystal"]
    g = run(d, pick("destroy", 1, "discard", how="may"))
    assert decision(g) == ("destroy", 0, [("card", "Crystal"), ("card", "Jade"), ("card", "Spark"), ("skip",)])


def test_pick_to_hand_from_discard_moves_the_topmost_copy() -> None:
    d = base_state([player(hand=["Jade"], discard=["Spark", "Crystal", "Spark"]), player("Mist")])
    g = run(d, pick("to_hand", 1, "discard", how="may"))
    assert decision(g) == ("to_hand", 0, [("card", "Crystal"), ("card", "Spark"), ("skip",)])
    choose(g, ("card", "Spark"))
    p = g.state.players[0]
    assert (p.hand, p.discard) == (["Jade", "Spark"], ["Spark", "Crystal"])
    assert [e for e in g.events if e["event"] == "returned_to_hand"][0]["card"] == "Spark"


def test_pick_active_player_takes_spells_from_their_discard() -> None:
    """Player 1 resolves it (an any-main ability), player 2 is active and picks."""
    d = base_state([player("Kadir"), player("Mist", discard=["Spark", "Ignite", "Crystal", "Spark"])])
    g = run(d, pick("to_hand", 3, "discard", "spell", who="active", how="up_to"), you=0, active=1)
    assert decision(g) == ("to_hand", 1, [("card", "Ignite"), ("card", "Spark"), ("done",)])
    choose(g, ("card", "Spark"))
    choose(g, ("card", "Ignite"))
    assert decision(g) == ("to_hand", 1, [("card", "Spark"), ("done",)])
    choose(g, ("done",))
    p = g.state.players[1]
    assert (p.hand, p.discard) == (["Spark", "Ignite"], ["Spark", "Crystal"]) and at_main(g, 1)


def test_pick_played_zone_leaves_out_the_card_resolving() -> None:
    d = base_state([player(played=["Mage's Totem", "Crystal", "Mage's Totem"]), player("Mist")])
    g = run(d, pick("destroy", 1, "played"), source="Mage's Totem")
    assert decision(g) == ("destroy", 0, [("card", "Crystal"), ("card", "Mage's Totem")])
    choose(g, ("card", "Mage's Totem"))
    assert g.state.players[0].played == ["Crystal", "Mage's Totem"] and g.state.destroyed == ["Mage's Totem"]
    d = base_state([player(played=["Crystal", "Jade", "Mage's Totem"]), player("Mist")])
    g = run(d, pick("to_hand", 1, "played", "gem"), source="Arcane Nexus")
    assert decision(g) == ("to_hand", 0, [("card", "Crystal"), ("card", "Jade")])
    choose(g, ("card", "Jade"))
    assert g.state.players[0].played == ["Crystal", "Mage's Totem"] and g.state.players[0].hand == ["Jade"]


# ================================================================== pick: prepped spells


def test_pick_own_prepped_spells_by_position_with_filters() -> None:
    d = base_state([player(breaches=prepped(["Ignite"], ["Spark"], ["Fiery Torrent"])), player("Mist")])
    g = run(d, pick("destroy", 2, "prepped", ("cost_at_least", 4)))
    assert decision(g) == ("spell", 0, [("spell", 0, 0, 0), ("spell", 0, 2, 0)])
    choose(g, ("spell", 0, 2, 0))  # the other qualifying spell goes at once
    assert g.state.destroyed == ["Fiery Torrent", "Ignite"]
    assert [b.spells for b in g.state.players[0].breaches] == [[], ["Spark"], [], []]
    g = run(d, pick("discard", 1, "prepped", "costliest"))  # one costliest: no choice
    assert g.state.players[0].discard == ["Fiery Torrent"] and at_main(g)
    g = run(d, pick("discard", 2, "prepped"))
    assert decision(g) == ("spell", 0, [("spell", 0, 0, 0), ("spell", 0, 1, 0), ("spell", 0, 2, 0)])
    g = run(d, pick("discard", 1, "prepped", how="may", then=(("aether", 1),)))
    assert decision(g)[2][-1] == ("skip",)
    choose(g, ("spell", 0, 1, 0))
    assert g.state.players[0].discard == ["Spark"] and g.state.players[0].aether == 2 + 1


def test_pick_players_costliest_prepped_spells_between_them() -> None:
    d = base_state([player(breaches=prepped(["Ignite"], ["Spark"])), player("Mist", breaches=prepped(["Ignite"]))])
    g = run(d, pick("discard", 2, "prepped", "costliest", who="players"), you=-1, source="Seize")
    assert decision(g) == ("spell", 0, [("spell", 0, 0, 0), ("spell", 1, 0, 0)])  # the players (seat 1) pick
    choose(g, ("spell", 1, 0, 0))  # the other Ignite is then the costliest left
    assert g.state.players[1].discard == ["Ignite"] and g.state.players[0].discard == ["Ignite"]
    g = run(d, pick("destroy", 2, "prepped", ("cost", 0), who="players"), you=-1, source="Enshroud")
    assert g.state.destroyed == ["Spark"] and at_main(g)  # one such spell on the table: that one
    g = run(d, pick("discard", 1, "prepped", who="players"), you=-1, source="Spawn")
    assert decision(g) == ("spell", 0, [("spell", 0, 0, 0), ("spell", 0, 1, 0), ("spell", 1, 0, 0)])


# ================================================================== pick: an ally's cards


def test_pick_ally_names_then_the_ally_picks_from_their_hand() -> None:
    d = base_state([player(hand=["Jade"]), player("Mist", hand=["Crystal", "Spark"]), player("Adelheim")])
    g = run(d, pick("destroy", 1, who="ally", how="may"), source="Convection Field")
    assert decision(g) == ("player", 0, [("player", 1), ("skip",)])  # player 3 holds no card
    choose(g, ("player", 1))
    assert decision(g) == ("destroy", 1, [("card", "Crystal"), ("card", "Spark"), ("skip",)])
    choose(g, ("card", "Spark"))
    assert g.state.players[1].hand == ["Crystal"] and g.state.destroyed == ["Spark"]


def test_pick_ally_discard_top_is_picked_by_naming_the_ally() -> None:
    d = base_state([player(hand=["Jade"]), player("Mist", discard=["Crystal", "Spark"]), player("Adelheim")])
    g = run(d, pick("take", 1, "discard_top", who="ally", how="may"), source="Shattered Geode")
    assert decision(g) == ("player", 0, [("player", 1), ("skip",)])
    choose(g, ("player", 1))
    assert g.state.players[0].hand == ["Jade", "Spark"] and g.state.players[1].discard == ["Crystal"]
    taken = [e for e in g.events if e["event"] == "card_taken"]
    assert taken == [{"event": "card_taken", "player": 0, "card": "Spark", "from_player": 1,
                      "source": "Shattered Geode", "turn": g.state.turn}]
    g = run(d, pick("destroy", 1, "discard_top", who="ally", how="may"), source="Conclave Scroll")
    choose(g, ("player", 1))
    assert g.state.players[1].discard == ["Crystal"] and g.state.destroyed == ["Spark"]
    solo = base_state([player(discard=["Crystal"])])  # SO-1: in true solo you are your own ally
    assert decision(run(solo, pick("take", 1, "discard_top", who="ally", how="may"))) == \
        ("player", 0, [("player", 0), ("skip",)])


# ================================================================== facts from the parts


def test_pick_hand_loss_N_6_any_player_must_be_one_who_can_lose_them_all() -> None:
    """Only qualifying cards count: player 1's corruption cannot be discarded."""
    d = base_state([player(hand=["Nothingness", "Crystal", "Spark"]),
                    player("Mist", hand=["Crystal", "Spark", "Jade"])])
    g = run(d, ("player", "any", (pick("discard", 3, filt="not_corruption"),)), you=-1, source="Woven Sky")
    assert decision(g)[:2] == ("discard", 1)  # the choice of player was forced: only player 2 loses three
    d = base_state([player(hand=["Crystal", "Spark"]), player("Mist", hand=["Spark", "Jade"])])
    g = run(d, ("player", "any", (pick("discard", 3),)), you=-1, source="Woven Sky")
    assert decision(g) == ("player", 0, [("player", 0), ("player", 1)])  # neither can: as much as possible
    g = run(d, ("player", "any", (pick("discard", 1, "prepped"),)), you=-1, source="Woven Sky")
    assert decision(g) == ("player", 0, [("player", 0), ("player", 1)])  # no hand loss: no preference


def test_pick_can_resolve_decides_an_or_P_7() -> None:
    step = ("or", (pick("destroy", 2, "prepped", "costliest", who="players"),), (("gravehold_damage", 1),))
    one = base_state([player(breaches=prepped(["Ignite"])), player("Mist")])
    g = run(one, step, you=-1, source="Maul")  # one prepped spell: the first branch cannot fully resolve
    assert g.state.gravehold == 29 and g.state.destroyed == [] and at_main(g)
    two = base_state([player(breaches=prepped(["Ignite"])), player("Mist", breaches=prepped(["Spark"]))])
    g = run(two, step, you=-1, source="Maul")
    assert decision(g) == ("or", 0, [("choose", 0), ("choose", 1)])
    # a pick one may decline can always resolve
    step = ("or", (pick("destroy", 1, who="ally", how="may"),), (("gravehold_damage", 1),))
    assert decision(run(base_state(), step))[0] == "or"


def test_pick_can_pay_a_to_discard_cost_P_14() -> None:
    woven = registry.nemesis_card("Woven Sky").to_discard
    rupture = registry.nemesis_card("Reality Rupture").to_discard
    assert woven == (pick("discard", 3),) and rupture == (pick("destroy", 2, "prepped", ("cost_at_least", 3)),)

    def pays(hand: list[str], spells: list[list[str]], card: str) -> bool:
        d = base_state([player(hand=hand, breaches=prepped(*spells)), player("Mist")])
        d["nemesis"]["in_play"] = [{"name": card, "power": 1}]
        g = Game.at(d, *frames.main_phase(0), active=0)
        return ("pay", card) in g.legal_actions()

    assert pays(["Crystal", "Spark", "Jade"], [], "Woven Sky")
    assert not pays(["Crystal", "Spark"], [], "Woven Sky")
    assert pays([], [["Ignite"], ["Fiery Torrent"], ["Spark"]], "Reality Rupture")
    assert not pays([], [["Ignite"], ["Spark"], ["Spark"]], "Reality Rupture")


def test_pick_decision_reloads_from_json() -> None:
    d = base_state([player(hand=["Crystal"], discard=["Spark"]), player("Mist")])
    g = run(d, pick("destroy", 2, ("hand", "discard"), how="up_to", filt=("cost", 0)))
    again = Game.from_json(g.to_json())
    assert again == g
    choose(again, ("card", "discard", "Spark"))
    assert again.state.destroyed == ["Spark"]


# ================================================================== wording


@pytest.mark.parametrize(("step", "they", "text"), [
    (pick("discard", 3), False, "Discard 3 cards from your hand."),
    (pick("discard", 3), True, "discards 3 cards from their hand."),
    (pick("destroy", 1, filt=("cost_at_least", 2)), False, "Destroy a card costing 2 Æ or more from your hand."),
    (pick("discard", 2, filt="not_corruption"), False, "Discard 2 cards from your hand, never a corruption."),
    (pick("destroy", 3, filt="costliest"), True, "destroys their 3 costliest cards in hand."),
    (pick("destroy", 2, ("hand", "discard"), how="up_to"), False,
     "You may destroy up to 2 cards from your hand or your discard pile."),
    (pick("discard", how="may", then=(("aether", 1),)), False,
     "You may discard one card from your hand; if you do: Gain 1 Æ."),
    (pick("to_hand", 1, "played", "gem"), False, "Take a gem you have played this turn back into your hand."),
    (pick("to_hand", 3, "discard", "spell", who="active", how="up_to"), False,
     "The player whose turn it is may take up to 3 spells from their discard pile back into their hand."),
    (pick("discard", 2, "prepped"), False, "Discard 2 of your prepped spells."),
    (pick("discard", 1, "prepped", "costliest"), True, "discards their costliest prepped spell."),
    (pick("destroy", 2, "prepped", "costliest", who="players"), False,
     "The players destroy the 2 costliest prepped spells of all players."),
    (pick("to_deck_top", 1, "prepped", "costliest", who="players"), False,
     "Whoever has the costliest prepped spell of all puts it on top of their deck."),
    (pick("destroy", 1, who="ally", how="may"), False, "An ally of your choice may destroy one card from their hand."),
    (pick("take", 1, "discard_top", who="ally", how="may"), False,
     "You may take the top card of an ally's discard pile into your hand."),
])
def test_pick_wording_comes_from_its_parts(step: tuple[Any, ...], they: bool, text: str) -> None:
    assert render_step(step, they=they) == text


# ================================================================== malformed steps are refused at load


def _bad(step: tuple[Any, ...]) -> CardDef:
    return CardDef("Bad Step", "gem", 1, "XX", play=(step,))


@pytest.mark.parametrize(("step", "message"), [
    (("pick", "you", "pocket", "any", 1, "discard", "must", ()), "unknown zone 'pocket'"),
    (("pick", "you", "hand", "shiny", 1, "discard", "must", ()), "unknown filter 'shiny'"),
    (("pick", "you", "hand", "any", 1, "burn", "must", ()), "unknown act 'burn'"),
    (("pick", "you", "hand", "any", 0, "discard", "must", ()), "count 0 must be a whole number"),
    (("pick", "you", "hand", "any", "two", "discard", "must", ()), "count 'two' must be a whole number"),
    (("pick", "you", "hand", "any", True, "discard", "must", ()), "count True must be a whole number"),
    (("pick", "you", "hand", "any", 2, "discard", "may", ()), "a 'may' pick takes one card"),
    (("pick", "you", "hand", "any", 1, "discard", "often", ()), "unknown how 'often'"),
    (("pick", "nobody", "hand", "any", 1, "discard", "must", ()), "unknown who 'nobody'"),
    (("pick", "players", "hand", "any", 1, "discard", "must", ()), "zone 'hand' is not picked by 'players'"),
    (("pick", "you", "hand", "any", 1, "to_hand", "must", ()), "act 'to_hand' does not apply to zone 'hand'"),
    (("pick", "you", "hand", ("cost_at_least",), 1, "discard", "must", ()), "filter 'cost_at_least' takes 1"),
    (("pick", "you", "hand", "any", 2, "discard", "must", (("aether", 1),)), "following a pick of one card"),
    (("pick", "you", ("hand", "played"), "any", 1, "destroy", "must", ()), "cannot be joined"),
    (("pick", "you", ("prepped",), "any", 1, "destroy", "must", ()), "cannot be joined"),
    (("pick", "you", (), "any", 1, "destroy", "must", ()), "unknown zone"),
    (("if", "sunny", (("aether", 1),), ()), "unknown condition 'sunny'"),
    (("if", ("tokens_at_least", "fury"), (("aether", 1),), ()), "condition 'tokens_at_least' takes 2"),
    (("damage", per("moons")), "unknown counter 'moons'"),
    (("damage", per(("tokens",))), "counter 'tokens' takes 1"),
    (("damage", -1), "amount -1 is below 0"),
    (("damage", "lots"), "neither a number nor per"),
])
def test_generic_malformed_step_is_refused_naming_card_and_field(step: tuple[Any, ...], message: str) -> None:
    with pytest.raises(ContentError, match=rf"card Bad Step: field play step '{step[0]}': .*{message}"):
        registry.register_card(_bad(step))
    assert "Bad Step" not in registry.CARDS


def test_generic_malformed_step_nested_in_a_nemesis_card_is_refused() -> None:
    card = NemesisCardDef("Bad Minion", "minion", 1, "XX", life=3,
                          persistent=(("player", "any", (("pick", "you", "hand", "any", 1, "eat", "must", ()),)),))
    with pytest.raises(ContentError, match="nemesis card Bad Minion: field persistent step 'pick': unknown act 'eat'"):
        registry.register_nemesis_card(card)


def test_generic_malformed_step_in_a_state_is_refused_at_load() -> None:
    with pytest.raises(StateFormatError, match=r"stack\[\d\]\[4\].*unknown zone 'pocket'"):
        Game.at(base_state(), frames.step(0, "Spark", ("pick", "you", "pocket", "any", 1, "discard", "must", ())))


# ================================================================== if


def _branch(d: dict[str, Any], cond: Any, you: int = 0, source: str = "Spark") -> str:
    """Which branch of an ``if`` resolves: "then" (Gravehold heals 1) or "otherwise" (it suffers 1)."""
    d["gravehold"] = {"life": 20, "max_life": 30}
    g = run(d, ("if", cond, (("gravehold_life", 1),), (("gravehold_damage", 1),)), you=you, source=source)
    return {21: "then", 19: "otherwise"}[g.state.gravehold]


def test_if_each_condition_picks_its_branch_when_it_resolves() -> None:
    d = base_state()
    assert _branch(copy.deepcopy(d), ("tier_at_least", 2)) == "otherwise"
    d2 = copy.deepcopy(d)
    d2["nemesis"]["discard"] = ["Awaken"]  # a tier 2 card (N-5)
    assert _branch(d2, ("tier_at_least", 2)) == "then"
    d3 = copy.deepcopy(d)
    d3["turn_order"] = {"deck": ["P1", "P2", "N", "P1"], "discard": ["N", "N"]}
    assert _branch(copy.deepcopy(d3), ("nemesis_turns_at_least", 2)) == "then"
    assert _branch(copy.deepcopy(d3), ("nemesis_turns_at_least", 3)) == "otherwise"
    assert _branch(copy.deepcopy(d3), ("nemesis_turns_exactly", 2)) == "then"
    assert _branch(copy.deepcopy(d3), ("nemesis_turns_exactly", 1)) == "otherwise"
    d4 = copy.deepcopy(d)
    d4["nemesis"]["tokens"] = {"fury": 4}
    assert _branch(copy.deepcopy(d4), ("tokens_at_least", "fury", 4)) == "then"
    assert _branch(copy.deepcopy(d4), ("tokens_at_least", "fury", 5)) == "otherwise"
    d5 = copy.deepcopy(d)
    d5["nemesis"]["in_play"] = [{"name": "Vault Behemoth", "life": 8}]
    assert _branch(copy.deepcopy(d5), ("this_minion_life_at_most", 8), you=-1, source="Vault Behemoth") == "then"
    assert _branch(copy.deepcopy(d5), ("this_minion_life_at_most", 7), you=-1, source="Vault Behemoth") == "otherwise"
    d6 = base_state([player(life=2, breaches=[OPEN, OPEN, closed(0), OPEN]), player("Mist", life=0, exhausted=True)])
    assert _branch(copy.deepcopy(d6), ("life_at_most", 2)) == "then"
    assert _branch(copy.deepcopy(d6), ("life_at_most", 1)) == "otherwise"
    assert _branch(copy.deepcopy(d6), "exhausted") == "otherwise"
    assert _branch(copy.deepcopy(d6), "exhausted", you=1) == "then"
    assert _branch(copy.deepcopy(d6), ("opened_breaches_at_least", 3)) == "then"
    assert _branch(copy.deepcopy(d6), ("opened_breaches_at_least", 4)) == "otherwise"
    d7 = copy.deepcopy(d)
    d7["supply"][3] = ["Mage's Totem", 0]
    assert _branch(copy.deepcopy(d7), "pile_empty", source="Mage's Totem") == "then"
    assert _branch(copy.deepcopy(d7), "pile_empty", source="Scoria Slag") == "otherwise"
    assert _branch(copy.deepcopy(d7), "pile_empty", source="Celestial Spire") == "otherwise"  # no such pile
    assert _branch(copy.deepcopy(d), "expert") == "otherwise"
    d8 = copy.deepcopy(d)
    d8["config"]["expert"] = True
    assert _branch(d8, "expert") == "then"


def test_if_wording_said_of_you_or_of_a_named_player() -> None:
    step = ("if", ("life_at_most", 5), (("self_damage", 2),), ())
    assert render_step(step) == "If your life is 5 or lower: This minion suffers 2 damage."
    assert render_step(step, they=True) == "If that player's life is 5 or lower: This minion suffers 2 damage."
    step = ("if", ("tokens_at_least", "nemesis", 5), (("lose_token", "nemesis", 1),), (("gravehold_damage", 3),))
    assert render_step(step) == ("If the nemesis holds 5 or more nemesis tokens: The nemesis loses 1 nemesis "
                                 "token. Otherwise: Gravehold suffers 3 damage.")


# ================================================================== counted amounts


def _gravehold_loss(d: dict[str, Any], a: Any, you: int = 0, source: str = "Spark") -> int:
    g = run(d, ("gravehold_damage", a), you=you, source=source)
    return 30 - g.state.gravehold


def test_amounts_each_counter_counts_when_the_step_resolves() -> None:
    d = base_state([player(breaches=[dict(OPEN, spells=["Ignite"]), dict(OPEN, spells=["Ignite"]), closed(0),
                                     closed(1)]),
                    player("Mist", breaches=prepped(["Ignite"], ["Spark"], ["Spark"]))])
    d["nemesis"]["tokens"] = {"fury": 3, "husk": 2}
    d["nemesis"]["in_play"] = [{"name": "Haze Spewer", "life": 4}]
    d["turn_order"] = {"deck": ["P1", "N", "P2"], "discard": ["N", "P1", "N"]}
    d["supply"][0] = ["Frozen Magmite", 0]
    d["supply"][5] = ["Jagged Lightning", 0]
    assert _gravehold_loss(copy.deepcopy(d), 4) == 4
    assert _gravehold_loss(copy.deepcopy(d), per(("tokens", "fury"))) == 3
    assert _gravehold_loss(copy.deepcopy(d), per(("tokens", "fury"), 2, plus=1)) == 7
    assert _gravehold_loss(copy.deepcopy(d), per(("tokens_halved", "fury"))) == 2  # 3 tokens, rounding up
    assert _gravehold_loss(copy.deepcopy(d), per("empty_piles", 2)) == 4
    assert _gravehold_loss(copy.deepcopy(d), per("most_prepped")) == 3
    assert _gravehold_loss(copy.deepcopy(d), per("nemesis_turns_discarded")) == 2
    assert _gravehold_loss(copy.deepcopy(d), per("turn_order_discard")) == 3
    assert _gravehold_loss(copy.deepcopy(d), per("this_minion_life"), you=-1, source="Haze Spewer") == 4
    assert _gravehold_loss(copy.deepcopy(d), per("this_minion_life"), you=-1, source="Cauterizer") == 0
    assert _gravehold_loss(copy.deepcopy(d), per("your_prepped")) == 2
    assert _gravehold_loss(copy.deepcopy(d), per("your_other_prepped"), you=1) == 3
    assert _gravehold_loss(copy.deepcopy(d), per("copies_prepped"), source="Ignite") == 3
    assert _gravehold_loss(copy.deepcopy(d), per("your_opened_breaches")) == 2
    assert _gravehold_loss(copy.deepcopy(d), per("all_opened")) == 0
    assert _gravehold_loss(copy.deepcopy(d), per("all_opened"), you=1) == 1
    assert _gravehold_loss(copy.deepcopy(d), per("husks")) == 2
    d["flags"] = {"cast_from": [1, 1]}  # a spell cast from player 2's breach II: I and III are next to it
    assert _gravehold_loss(copy.deepcopy(d), per("adjacent_prepped")) == 2


def test_amounts_in_damage_suffer_and_self_damage() -> None:
    d = base_state([player(breaches=prepped(["Ignite"], ["Spark"])), player("Mist")])
    d["nemesis"]["in_play"] = [{"name": "Haze Spewer", "life": 5}]
    g = run(d, ("damage", per("your_opened_breaches", 1, plus=2)))
    assert g.decision is not None and g.decision.prompt == "Deal 6 damage to which target?"
    g = run(d, ("suffer", per("your_prepped", 2)))
    assert g.state.players[0].life == 6
    g = run(d, ("self_damage", per("most_prepped")), you=-1, source="Haze Spewer")
    assert g.state.nemesis.in_play[0].life == 3


def test_amounts_wording() -> None:
    assert amount_text(3, "damage") == "3 damage"
    assert amount_text(per(("tokens", "fury")), "damage") == "1 damage per fury token"
    assert amount_text(per("your_opened_breaches", 1, plus=2), "damage") == \
        "2 damage, plus 1 for each opened breach you have"
    assert amount_text(per("your_prepped", 2), "damage", they=True) == "2 damage per spell they have prepped"
    assert amount_text(per("turn_order_discard"), "husk", noun=True) == \
        "1 husk per card lying in the turn order discard"
    assert render_step(("suffer", per(("tokens_halved", "nemesis")))) == \
        "suffers 1 damage per two nemesis tokens, rounding up."
    assert render_step(("collective_discard_hand", per(("tokens", "fury")))) == \
        "The players discard 1 card per fury token from their hands between them."
