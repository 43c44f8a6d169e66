"""Behaviour of The New Age supply cards: one or more exact-state tests per card.

Each test writes a small state by hand (``support``), plays or casts the card through the
public game, answers its choices and reads back where everything went. The keywords these
cards bring (attach, optional extra costs) have their rule tests in ``test_na_keywords.py``.
"""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

from gravehold import Game
from gravehold.boxes.new_age import supply as na_supply
from gravehold.content import registry
from gravehold.content.text import card_text
from gravehold.engine import frames

from support import base_state, card_census, choose, closed, player

OPEN: dict[str, Any] = {"state": "open"}
HOLD = ["Crystal"]  # a card left in hand keeps the main phase waiting

NA_SUPPLY = [
    ["Lurking Sionite", 7], ["Unrefined Blaststone", 7], ["Exogranite", 7],
    ["Caged Fire", 5], ["Marble Galaxy", 5],
    ["Tethered Darts", 5], ["Force Amplifier", 5], ["Imbued Smash", 5], ["Pattern Strike", 5],
]


def two(p0: dict[str, Any], p1: dict[str, Any] | None = None, **kw: Any) -> dict[str, Any]:
    d = base_state([p0, p1 if p1 is not None else player("Mist", hand=list(HOLD))], **kw)
    if "supply" not in kw:
        d["supply"] = copy.deepcopy(NA_SUPPLY)
    return d


def main_of(d: dict[str, Any], i: int = 0) -> Game:
    return Game.at(d, *frames.main_phase(i), *frames.draw_phase(i), active=i, phase="main", turn=1)


def casting(d: dict[str, Any], i: int = 0) -> Game:
    return Game.at(d, ("casting_phase", i), *frames.main_phase(i), *frames.draw_phase(i),
                   active=i, phase="casting", turn=1)


def waits_in_main(g: Game, i: int = 0) -> None:
    assert g.decision is not None and (g.decision.kind, g.decision.player) == ("main", i), g.decision


def zones(g: Game, i: int) -> dict[str, Any]:
    p = g.state.players[i]
    return {"hand": p.hand, "deck": p.deck, "discard": p.discard, "played": p.played, "aether": p.aether,
            "charges": p.charges}


def hits(g: Game) -> list[int]:
    return [e["amount"] for e in g.events if e["event"] == "nemesis_damage"]


def pile(g: Game, name: str) -> int:
    return g.state.supply_counts[g.state.supply_names.index(name)]


def spell_on(b: int, spell: str, **extra: Any) -> list[dict[str, Any]]:
    brs: list[dict[str, Any]] = [dict(OPEN), closed(1), closed(0), closed(2)]
    brs[b] = {"state": "open", "spells": [spell], **extra}
    return brs


# ================================================================== gems


def test_card_lurking_sionite_gains_one_more_with_a_copy_anywhere_in_an_allys_discard() -> None:
    g = main_of(two(player(hand=["Lurking Sionite", "Crystal"]),
                    player("Mist", hand=list(HOLD), discard=["Lurking Sionite", "Spark"])))
    choose(g, ("play", "Lurking Sionite"))
    waits_in_main(g)
    assert zones(g, 0) == {"hand": ["Crystal"], "deck": [], "discard": [], "played": ["Lurking Sionite"],
                           "aether": 3, "charges": 0}
    g = main_of(two(player(hand=["Lurking Sionite", "Crystal"], discard=["Lurking Sionite"])))
    choose(g, ("play", "Lurking Sionite"))  # your own discard pile is no ally's
    assert g.state.players[0].aether == 2


def test_card_unrefined_blaststone_destroys_the_top_of_its_own_pile_for_three_damage() -> None:
    g = main_of(two(player(hand=["Unrefined Blaststone", "Crystal"])))
    before = card_census(g.state)
    choose(g, ("play", "Unrefined Blaststone"))
    assert g.legal_actions() == [("choose", 0), ("choose", 1)]
    choose(g, ("choose", 1))
    waits_in_main(g)
    assert pile(g, "Unrefined Blaststone") == 6 and g.state.destroyed == ["Unrefined Blaststone"]
    assert hits(g) == [3] and g.state.players[0].aether == 0
    assert card_census(g.state) == before


def test_card_unrefined_blaststone_with_its_pile_empty_only_gives_aether() -> None:
    d = two(player(hand=["Unrefined Blaststone", "Crystal"]))
    d["supply"][1] = ["Unrefined Blaststone", 0]
    g = main_of(d)
    choose(g, ("play", "Unrefined Blaststone"))  # the one branch that can resolve is taken (P-7)
    waits_in_main(g)
    assert (g.state.players[0].aether, hits(g), g.state.destroyed) == (3, [], [])


def test_card_exogranite_gives_two_or_is_destroyed_for_three() -> None:
    g = main_of(two(player(hand=["Exogranite", "Exogranite", "Crystal"])))
    choose(g, ("play", "Exogranite"))
    choose(g, ("choose", 0))
    choose(g, ("play", "Exogranite"))
    choose(g, ("choose", 1))
    waits_in_main(g)
    assert zones(g, 0) == {"hand": ["Crystal"], "deck": [], "discard": [], "played": ["Exogranite"],
                           "aether": 5, "charges": 0}
    assert g.state.destroyed == ["Exogranite"]


def test_card_recurring_jasper_may_go_on_top_of_the_deck_when_a_spell_tops_the_discard() -> None:
    g = main_of(two(player(hand=["Recurring Jasper", "Crystal"], deck=["Spark"], discard=["Crystal", "Spark"])))
    choose(g, ("play", "Recurring Jasper"))
    assert g.decision is not None and g.decision.kind == "to_deck"
    choose(g, ("yes",))
    waits_in_main(g)
    assert zones(g, 0) == {"hand": ["Crystal"], "deck": ["Recurring Jasper", "Spark"],
                           "discard": ["Crystal", "Spark"], "played": [], "aether": 2, "charges": 0}
    g = main_of(two(player(hand=["Recurring Jasper", "Crystal"], discard=["Spark", "Crystal"])))
    choose(g, ("play", "Recurring Jasper"))  # a gem on top: nothing to ask
    waits_in_main(g)
    assert g.state.players[0].played == ["Recurring Jasper"] and g.state.players[0].deck == []


def test_card_energized_rubidium_an_ally_discards_a_card_to_gain_a_charge() -> None:
    g = main_of(two(player(hand=["Energized Rubidium", "Crystal"]), player("Mist", hand=["Spark", "Crystal"])))
    choose(g, ("play", "Energized Rubidium"))
    assert g.legal_actions() == [("player", 1), ("skip",)]
    choose(g, ("player", 1))
    assert g.decision is not None and g.decision.player == 1  # Mist picks the card
    choose(g, ("card", "Spark"))
    waits_in_main(g)
    assert zones(g, 0)["aether"] == 3
    assert zones(g, 1) == {"hand": ["Crystal"], "deck": [], "discard": ["Spark"], "played": [], "aether": 0,
                           "charges": 1}


def test_card_resonant_pearl_an_ally_discards_a_copy_and_draws_for_one_more_aether() -> None:
    g = main_of(two(player(hand=["Resonant Pearl", "Crystal"]),
                    player("Mist", hand=["Resonant Pearl", "Crystal"], deck=["Spark"])))
    choose(g, ("play", "Resonant Pearl"))
    assert g.legal_actions() == [("player", 1), ("skip",)]
    choose(g, ("player", 1))
    waits_in_main(g)
    assert zones(g, 0)["aether"] == 3
    assert zones(g, 1) == {"hand": ["Crystal", "Spark"], "deck": [], "discard": ["Resonant Pearl"], "played": [],
                           "aether": 0, "charges": 0}
    g = main_of(two(player(hand=["Resonant Pearl", "Crystal"])))  # no ally holds a copy: nothing asked
    choose(g, ("play", "Resonant Pearl"))
    waits_in_main(g)
    assert g.state.players[0].aether == 2


# ================================================================== relics


def test_card_caged_fire_destroys_any_players_top_discard_card_or_itself_for_two_life() -> None:
    g = main_of(two(player(hand=["Caged Fire", "Caged Fire", "Crystal"], life=5, discard=["Spark"]),
                    player("Mist", hand=list(HOLD), discard=["Spark", "Crystal"])))
    choose(g, ("play", "Caged Fire"))
    choose(g, ("choose", 0))
    assert g.legal_actions() == [("player", 0), ("player", 1)]
    choose(g, ("player", 1))
    choose(g, ("play", "Caged Fire"))
    choose(g, ("choose", 1))
    waits_in_main(g)
    assert g.state.players[1].discard == ["Spark"]
    assert g.state.destroyed == ["Crystal", "Caged Fire"]
    assert (g.state.players[0].life, g.state.players[0].played) == (7, ["Caged Fire"])


def test_card_galvanized_bauble_focuses_an_allys_breach() -> None:
    g = main_of(two(player(hand=["Galvanized Bauble", "Crystal"])))
    choose(g, ("play", "Galvanized Bauble"))  # nothing is prepped: only the focus can resolve
    assert g.legal_actions() == [("breach", 1, 1), ("breach", 1, 2), ("breach", 1, 3)]
    choose(g, ("breach", 1, 3))
    waits_in_main(g)
    assert [(b.state, b.stage) for b in g.state.players[1].breaches] == [
        ("open", 0), ("closed", 1), ("closed", 0), ("closed", 3)]
    assert [(b.state, b.stage) for b in g.state.players[0].breaches][1:] == [("closed", 1), ("closed", 0),
                                                                             ("closed", 2)]


def test_card_galvanized_bauble_casts_an_allys_spell_which_may_then_be_destroyed() -> None:
    """The offer to destroy is the step ``may_destroy_cast``, asked once the cast is done (P-21)."""
    mist = player("Mist", hand=list(HOLD), breaches=spell_on(2, "Force Amplifier"))
    g = main_of(two(player(hand=["Galvanized Bauble", "Crystal"]), mist))
    choose(g, ("play", "Galvanized Bauble"))
    choose(g, ("choose", 1))
    assert hits(g) == [5]  # Mist's opened III: its +1 and the spell's own +1 (P-18: the owner's breach)
    choose(g, ("yes",))
    waits_in_main(g)
    assert g.state.players[1].discard == [] and g.state.destroyed == ["Force Amplifier"]
    assert g.state.players[1].breaches[2].spells == []


def test_card_aether_conduit_gives_whoever_casts_from_its_breach_one_aether() -> None:
    g = main_of(two(player(hand=["Aether Conduit", "Spark", "Crystal"])))
    choose(g, ("play", "Aether Conduit"))
    choose(g, ("breach", 0, 0))
    choose(g, ("prep", "Spark", 0))
    waits_in_main(g)
    assert [list(b.attached) for b in g.state.players[0].breaches] == [["Aether Conduit"], [], [], []]
    g = casting(g.to_dict())
    choose(g, ("cast", 0, 0))
    assert hits(g) == [1]
    assert (g.state.players[0].aether, g.state.players[0].breaches[0].attached) == (1, ("Aether Conduit",))


def test_card_well_of_energy_heals_gravehold_or_a_player() -> None:
    d = two(player(hand=["Well of Energy", "Well of Energy", "Crystal"], life=4),
            player("Mist", hand=list(HOLD), life=6), gravehold={"life": 20, "max_life": 30})
    g = main_of(d)
    choose(g, ("play", "Well of Energy"))
    choose(g, ("choose", 0))
    choose(g, ("play", "Well of Energy"))
    choose(g, ("choose", 1))
    assert g.legal_actions() == [("player", 0), ("player", 1)]
    choose(g, ("player", 1))
    waits_in_main(g)
    assert (g.state.gravehold, g.state.players[0].life, g.state.players[1].life) == (22, 4, 8)


def test_card_pain_conduit_adds_two_to_the_next_spell_cast_from_an_allys_breach_then_goes() -> None:
    mist = player("Mist", hand=list(HOLD), breaches=spell_on(0, "Tethered Darts"))
    g = main_of(two(player(hand=["Pain Conduit", "Crystal"]), mist))
    choose(g, ("play", "Pain Conduit"))
    choose(g, ("breach", 1, 0))
    g = casting(g.to_dict(), 1)
    choose(g, ("cast", 0, 0))
    assert hits(g) == [4]
    assert g.state.players[1].discard == ["Tethered Darts", "Pain Conduit"]
    assert g.state.players[1].breaches[0].attached == ()


def test_card_link_conduit_lets_two_spells_be_prepped_to_its_breach() -> None:
    g = main_of(two(player(hand=["Link Conduit", "Spark", "Spark", "Crystal"],
                           breaches=[dict(OPEN), {"state": "destroyed"}, {"state": "destroyed"},
                                     {"state": "destroyed"}])))
    choose(g, ("play", "Link Conduit"))
    choose(g, ("breach", 0, 0))
    choose(g, ("prep", "Spark", 0))
    assert ("prep", "Spark", 0) in g.legal_actions()
    choose(g, ("prep", "Spark", 0))
    assert not any(a[0] == "prep" for a in g.legal_actions())
    assert g.state.players[0].breaches[0].spells == ["Spark", "Spark"]
    g = casting(g.to_dict())
    choose(g, ("cast", 0, 0))
    choose(g, ("cast", 0, 0))
    assert hits(g) == [1, 1]


def test_card_marble_galaxy_resolves_both_effects_when_an_ally_discards_a_copy() -> None:
    g = main_of(two(player(hand=["Marble Galaxy", "Crystal"]),
                    player("Mist", hand=["Marble Galaxy", "Crystal"], deck=["Spark"])))
    choose(g, ("play", "Marble Galaxy"))
    choose(g, ("player", 1))
    waits_in_main(g)
    me = g.state.players[0]
    assert me.charges == 1
    assert [(b.state, b.stage) for b in me.breaches] == [("open", 0), ("closed", 2), ("closed", 0), ("closed", 2)]
    assert zones(g, 1)["hand"] == ["Crystal", "Spark"] and zones(g, 1)["discard"] == ["Marble Galaxy"]


def test_card_marble_galaxy_otherwise_gives_a_charge_or_a_focus() -> None:
    g = main_of(two(player(hand=["Marble Galaxy", "Crystal"])))
    choose(g, ("play", "Marble Galaxy"))
    assert g.decision is not None and g.decision.kind == "or"
    choose(g, ("choose", 1))
    waits_in_main(g)
    me = g.state.players[0]
    assert me.charges == 0
    assert [(b.state, b.stage) for b in me.breaches] == [("open", 0), ("closed", 2), ("closed", 0), ("closed", 2)]


def test_P_7_marble_galaxy_gives_way_to_the_focus_when_every_charge_slot_is_full() -> None:
    g = main_of(two(player(hand=["Marble Galaxy", "Crystal"], charges=5)))
    choose(g, ("play", "Marble Galaxy"))
    waits_in_main(g)  # no OR asked: the charge cannot be gained, the focus can
    assert any(e["event"] == "forced" and e["kind"] == "or" for e in g.events)
    me = g.state.players[0]
    assert me.charges == 5
    assert [(b.state, b.stage) for b in me.breaches] == [("open", 0), ("closed", 2), ("closed", 0), ("closed", 2)]
    assert zones(g, 0)["played"] == ["Marble Galaxy"]


def test_P_7_marble_galaxy_offers_the_charge_with_one_slot_free() -> None:
    g = main_of(two(player(hand=["Marble Galaxy", "Crystal"], charges=4)))
    choose(g, ("play", "Marble Galaxy"))
    assert g.decision is not None and g.decision.kind == "or"
    assert g.legal_actions() == [("choose", 0), ("choose", 1)]
    choose(g, ("choose", 0))
    waits_in_main(g)
    me = g.state.players[0]
    assert me.charges == 5
    assert [(b.state, b.stage) for b in me.breaches] == [("open", 0), ("closed", 1), ("closed", 0), ("closed", 2)]


# ================================================================== spells


def test_card_deluge_of_power_an_ally_discards_up_to_two_then_draws_as_many() -> None:
    """The ally's part is the step ``discard_up_to_then_draw``, pushed as theirs."""
    mist = player("Mist", hand=["Crystal", "Spark", "Crystal"], deck=["Exogranite", "Caged Fire", "Spark"])
    g = casting(two(player(hand=list(HOLD), breaches=spell_on(0, "Deluge of Power")), mist))
    choose(g, ("cast", 0, 0))
    assert hits(g) == [4]
    choose(g, ("player", 1))
    assert g.decision is not None and g.decision.player == 1
    choose(g, ("card", "Crystal"))
    choose(g, ("card", "Spark"))
    assert zones(g, 1)["hand"] == ["Crystal", "Exogranite", "Caged Fire"]
    assert zones(g, 1)["deck"] == ["Spark"] and zones(g, 1)["discard"] == ["Crystal", "Spark"]


def test_card_deluge_of_power_stopping_after_one_draws_one() -> None:
    mist = player("Mist", hand=["Crystal", "Spark"], deck=["Exogranite"])
    g = casting(two(player(hand=list(HOLD), breaches=spell_on(0, "Deluge of Power")), mist))
    choose(g, ("cast", 0, 0))
    choose(g, ("player", 1))
    choose(g, ("card", "Spark"))
    choose(g, ("done",))
    assert zones(g, 1)["hand"] == ["Crystal", "Exogranite"] and zones(g, 1)["discard"] == ["Spark"]


def test_card_reverberating_shock_echoes_damage_and_aether_only_for_cards() -> None:
    g = casting(two(player(hand=list(HOLD), breaches=spell_on(3, "Reverberating Shock"))))
    choose(g, ("cast", 3, 0))
    assert hits(g) == [2, 2]  # breach IV's +1 on each resolution
    me = g.state.players[0]
    assert (me.aether, me.aether_for, me.discard) == (0, {"card": 2}, ["Reverberating Shock"])
    assert len([e for e in g.events if e["event"] == "cast"]) == 1


def test_card_fatal_harmony_deals_three_more_when_an_ally_discards_a_copy() -> None:
    mist = player("Mist", hand=["Fatal Harmony", "Crystal"], deck=["Spark"])
    g = casting(two(player(hand=list(HOLD), breaches=spell_on(0, "Fatal Harmony")), mist))
    choose(g, ("cast", 0, 0))
    choose(g, ("player", 1))
    assert hits(g) == [4, 3]
    g = casting(two(player(hand=list(HOLD), breaches=spell_on(0, "Fatal Harmony"))))
    choose(g, ("cast", 0, 0))
    assert hits(g) == [4]


def test_card_bouncing_boom_deals_two_twice_and_each_may_pick_its_own_target() -> None:
    d = two(player(hand=list(HOLD), breaches=spell_on(0, "Bouncing Boom")))
    d["nemesis"]["in_play"] = [{"name": "Bane Sire", "life": 5}]
    g = casting(d)
    choose(g, ("cast", 0, 0))
    choose(g, ("target", "Bane Sire"))
    choose(g, ("target", "nemesis"))
    assert g.state.nemesis.in_play[0].life == 3 and g.state.nemesis.life == 68


def test_card_spirit_lift_the_first_charge_of_your_turn_gives_an_ally_two() -> None:
    me = player(hand=list(HOLD), aether=4, breaches=spell_on(0, "Spirit Lift"))
    g = main_of(two(me, player("Mist", hand=list(HOLD), charges=4)))
    choose(g, ("charge",))
    assert [p.charges for p in g.state.players] == [1, 5]  # Mist has 5 slots: one was free
    choose(g, ("charge",))  # once per turn
    waits_in_main(g)
    assert [p.charges for p in g.state.players] == [2, 5]
    assert g.state.flags["on_charge"] == ((0, "Spirit Lift"),)


def test_card_spirit_lift_does_not_trigger_on_an_allys_turn() -> None:
    mist = player("Mist", hand=["Energized Rubidium", "Crystal"])
    me = player(hand=["Spark", "Crystal"], breaches=spell_on(0, "Spirit Lift"))
    g = main_of(two(me, mist), i=1)
    choose(g, ("play", "Energized Rubidium"))
    choose(g, ("player", 0))
    choose(g, ("card", "Spark"))
    waits_in_main(g, 1)
    assert [p.charges for p in g.state.players] == [1, 0]


def test_card_tethered_darts_from_an_opened_iii_may_go_to_an_allys_hand() -> None:
    g = casting(two(player(hand=list(HOLD), breaches=spell_on(2, "Tethered Darts"))))
    choose(g, ("cast", 2, 0))
    assert hits(g) == [3]
    assert g.legal_actions() == [("player", 1), ("skip",)]
    choose(g, ("player", 1))
    assert g.state.players[0].discard == [] and g.state.players[1].hand == ["Crystal", "Tethered Darts"]
    g = casting(two(player(hand=list(HOLD), breaches=spell_on(1, "Tethered Darts"))))
    choose(g, ("cast", 1, 0))  # breach II: it stays on the discard pile
    assert g.state.players[0].discard == ["Tethered Darts"] and g.state.players[1].hand == ["Crystal"]
    waits_in_main(g)


def test_card_force_amplifier_deals_one_more_from_an_opened_iii_or_iv() -> None:
    g = casting(two(player(hand=list(HOLD), breaches=spell_on(3, "Force Amplifier"))))
    choose(g, ("cast", 3, 0))
    assert hits(g) == [5]  # 3, +1 of its own, +1 of breach IV
    g = casting(two(player(hand=list(HOLD), breaches=spell_on(0, "Force Amplifier"))))
    choose(g, ("cast", 0, 0))
    assert hits(g) == [3]
    # a closed breach III (focused last turn) is no opened one
    brs = [dict(OPEN), closed(1), closed(3, spells=["Force Amplifier"]), closed(2)]
    g = casting(two(player(hand=list(HOLD), breaches=brs)))  # it must be cast, its one option: at once
    assert hits(g) == [3]


def test_card_imbued_smash_discarding_a_card_deals_two_more_to_the_nemesis() -> None:
    d = two(player(hand=["Spark", "Crystal"], breaches=spell_on(0, "Imbued Smash")))
    d["nemesis"]["in_play"] = [{"name": "Bane Sire", "life": 5}]
    g = casting(d)
    choose(g, ("cast", 0, 0))
    choose(g, ("target", "Bane Sire"))
    choose(g, ("yes",))
    choose(g, ("card", "Spark"))
    assert g.state.nemesis.in_play[0].life == 1 and g.state.nemesis.life == 68
    assert g.state.players[0].hand == ["Crystal"] and g.state.players[0].discard == ["Imbued Smash", "Spark"]


def test_card_pattern_strike_returns_up_to_two_free_cards_from_the_discard() -> None:
    me = player(hand=list(HOLD), discard=["Crystal", "Exogranite", "Spark", "Crystal"],
                breaches=spell_on(0, "Pattern Strike"))
    g = casting(two(me))
    choose(g, ("cast", 0, 0))
    assert g.legal_actions() == [("card", "Crystal"), ("card", "Spark"), ("done",)]
    choose(g, ("card", "Spark"))
    choose(g, ("card", "Crystal"))
    p = g.state.players[0]
    assert p.hand == ["Crystal", "Spark", "Crystal"]
    assert p.discard == ["Crystal", "Exogranite", "Pattern Strike"]


# ================================================================== the catalogue


def test_every_new_age_supply_card_is_named_by_a_test_and_has_its_wording() -> None:
    names = {c.name for c in na_supply.CARDS}
    assert len(names) == 22 and all(registry.CARDS[n].box == "NA" for n in names)
    assert [sum(c.type == t for c in na_supply.CARDS) for t in ("gem", "relic", "spell")] == [6, 7, 9]
    source = Path(__file__).read_text()
    for n in names:
        snake = re.sub(r"[^a-z0-9]+", "_", n.lower()).strip("_")
        assert f"def test_card_{snake}_" in source, n
        assert card_text(registry.CARDS[n])


# ================================================================== the heuristic bot


def _bot_choice(g: Game) -> tuple[Any, ...]:
    from gravehold.agents import make_agent
    from gravehold.agents.board import SeatView

    d = g.decision
    assert d is not None
    return make_agent("heuristic", 0).choose(d, SeatView(g.state, d.player))


def test_card_aether_conduit_the_heuristic_attaches_it_under_an_opened_breach_holding_a_spell() -> None:
    me = player(hand=["Aether Conduit", "Crystal"],
                breaches=[dict(OPEN), closed(1), {"state": "open", "spells": ["Spark"]}, closed(2)])
    mist = player("Mist", hand=list(HOLD), breaches=spell_on(3, "Force Amplifier"))
    g = main_of(two(me, mist))
    choose(g, ("play", "Aether Conduit"))
    assert _bot_choice(g) == ("breach", 0, 2)  # its own opened III with a spell, before Mist's IV


def test_card_imbued_smash_the_heuristic_pays_with_a_starter_card_and_keeps_a_good_one() -> None:
    for hand, pays in ((["Crystal", "Fatal Harmony"], ("yes",)), (["Fatal Harmony", "Exogranite"], ("no",))):
        g = casting(two(player(hand=hand, breaches=spell_on(0, "Imbued Smash"))))
        choose(g, ("cast", 0, 0))
        assert g.decision is not None and g.decision.kind == "yes_no"
        assert _bot_choice(g) == pays, hand


def test_card_spirit_lift_text_reads_as_a_sentence() -> None:
    assert card_text(registry.card("Spirit Lift")) == (
        "While prepped, the first time you gain a charge on each of your turns: An ally of your choice gains "
        "2 charges.\nCast: Deal 5 damage.")
