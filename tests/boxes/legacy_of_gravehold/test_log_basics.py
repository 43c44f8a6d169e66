"""Legacy of Gravehold's basic and upgraded basic nemesis cards, from exact states.

As in Outcasts' basics file: each card test builds a small state against Rageborne (whose
Unleash gains one fury token, so the fury count shows the Unleashes), runs the nemesis turn,
and compares a snapshot of every zone a nemesis card can touch, with the fire tokens (K-8),
the banished cards (C-10), the severed seats (C-8) and the struck-out parts, with the
starting one plus only the expected changes.
"""

from __future__ import annotations

from typing import Any

import pytest

from gravehold import Game
from gravehold.boxes.legacy_of_gravehold import basics, upgraded
from gravehold.content import registry
from gravehold.errors import StateFormatError

import support
from support import OPEN, at_main, at_nemesis_turn, base_state, choose, closed, minion, player, power, run_steps

FILLER = "Needlemaw"  # drawn by the nemesis after a minion/power test: a minion that only enters play


def make(*top: str, in_play: tuple[dict[str, Any], ...] = (), fury: int = 1, fire: int = 0,
         p0: dict[str, Any] | None = None, p1: dict[str, Any] | None = None,
         discard: tuple[str, ...] = (), tokens: dict[str, int] | None = None) -> dict[str, Any]:
    """Brama and Mist (a Crystal each); ``top`` on the nemesis deck, then a filler."""
    a = player("Brama", **{"hand": ["Crystal"], **(p0 or {})})
    b = player("Mist", **{"hand": ["Crystal"], **(p1 or {})})
    d = base_state([a, b])
    n = d["nemesis"]
    n["deck"] = [*top, FILLER]
    n["discard"] = list(discard)
    n["in_play"] = [dict(c) for c in in_play]
    n["tokens"] = {"fury": fury}
    d["tokens"] = {**({"fire": fire} if fire else {}), **(tokens or {})}
    return d


def _crossed(d: dict[str, Any]) -> dict[str, int]:
    return {k: v for k, v in d.get("tokens", {}).items() if k.startswith("crossed:")}


SNAPSHOT = support.Snapshot(*support.SNAP_BASE, "fury", "to_deck", "to_discard",
                            fire=lambda d: d.get("tokens", {}).get("fire", 0),
                            banished=lambda d: list(d.get("banished", [])),
                            severed=lambda d: list(d.get("severed", [])),
                            crossed=_crossed,
                            shields=lambda d: [c.get("shields", 0) for c in d["nemesis"]["in_play"]])
snap, expect, now = SNAPSHOT.snap, SNAPSHOT.expect, SNAPSHOT.now


def after(d: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """``expect`` once P1's turn order card moved from the deck to the discard."""
    to = d["turn_order"]
    changes.setdefault("to_deck", to["deck"][1:])
    changes.setdefault("to_discard", [*to["discard"], "P1"])
    return expect(d, **changes)


def turn(d: dict[str, Any], *picks: tuple[Any, ...]) -> Game:
    """The nemesis turn of ``d`` with ``picks`` made, stopped at P1's turn."""
    g = at_nemesis_turn(d)
    for a in picks:
        choose(g, a)
    support.at_p1_main(g, casting=True)
    return g


def prepped(*spells: list[str]) -> list[dict[str, Any]]:
    brs = [dict(OPEN, spells=list(s)) if s else dict(OPEN) for s in spells]
    defaults = [closed(1), closed(0), closed(2), closed(0)]
    while len(brs) < 4:
        brs.append(defaults[len(brs)])
    return brs


FILLED = [(FILLER, 11, 0)]
OPEN_ROW = ["open", "closed", "closed", "closed"]
GONE_ROW = ["open", "destroyed", "closed", "closed"]  # E-1: the exhausted player destroyed breach II


def shielded(name: str, shields: int | None = None) -> dict[str, Any]:
    c = registry.nemesis_card(name)
    return {"name": name, "life": c.life, "shields": c.shields if shields is None else shields}


# =========================================================================== catalogue


def test_box_counts_and_the_campaign_variants_are_never_dealt_in_single_games() -> None:
    box = registry.BOXES["LOG"]
    assert (len(box.basic_cards), len(box.upgraded_cards)) == (24, 16)
    assert [len([c for c in box.basic_cards if c.tier == t]) for t in (1, 2, 3)] == [8, 8, 8]
    campaign = sorted(c.name for c in box.basic_cards if c.campaign)
    assert campaign == ["Devil's Pact (Campaign)", "Divide (Campaign)"]
    assert set(registry.BASICS["LOG"]) == {c.name for c in box.basic_cards} - set(campaign)
    for seed in range(6):
        g = Game.new(mages=["Brama", "Mist"], nemesis="Rageborne", seed=seed, basics="LOG")
        assert not set(campaign) & set(g.state.nemesis.deck)


def test_reprinted_names_are_catalogued_with_the_box_and_shown_as_printed() -> None:
    for name in ("Ceaseless Darkness", "Chaos Orb", "Disorient", "Rend", "Crushing Storm", "Hex of Destruction",
                 "Eviscerate", "Divide"):
        assert registry.NEMESIS_CARDS[f"{name} (LOG)"].shown == name
    assert registry.NEMESIS_CARDS["Coal Whelp"].shields == 2  # the printed spelling (READINGS)
    assert "Inescapable Torment" in registry.NEMESIS_CARDS


# =========================================================================== tier 1


def test_card_ceaseless_darkness_unleash_three_damage_and_a_discard() -> None:
    d = make(in_play=(power("Ceaseless Darkness (LOG)"),), p1={"hand": ["Crystal", "Spark"]})
    g = turn(d, ("player", 0), ("player", 1), ("card", "Spark"))
    assert now(g) == after(d, fury=2, life=[7, 10], n_deck=[], n_discard=["Ceaseless Darkness (LOG)"],
                           in_play=FILLED, hand=[["Crystal"], ["Crystal"]], discard=[[], ["Spark"]], shields=[0])


def test_card_chaos_orb_unleash_and_four_to_gravehold() -> None:
    d = make(in_play=(power("Chaos Orb (LOG)"),))
    g = turn(d)
    assert now(g) == after(d, fury=2, gravehold=26, n_deck=[], n_discard=["Chaos Orb (LOG)"], in_play=FILLED,
                           shields=[0])


def test_card_coal_whelp_unleash_and_a_fire_token_behind_two_shields() -> None:
    d = make(in_play=(shielded("Coal Whelp"),), fire=2)
    g = turn(d)
    assert now(g) == after(d, fury=2, fire=3, n_deck=[], in_play=[("Coal Whelp", 3, 0), *FILLED], shields=[2, 0])


def test_card_consume_fire_only_for_a_cheap_discard() -> None:
    d = make("Consume", p1={"hand": ["Spark", "Jagged Lightning"]})
    g = turn(d, ("player", 1), ("card", "Spark"))
    assert now(g) == after(d, fury=2, fire=1, life=[10, 8], n_deck=[FILLER], n_discard=["Consume"],
                           hand=[["Crystal"], ["Jagged Lightning"]], discard=[[], ["Spark"]])
    g = turn(d, ("player", 1), ("card", "Jagged Lightning"))
    assert now(g) == after(d, fury=2, life=[10, 8], n_deck=[FILLER], n_discard=["Consume"],
                           hand=[["Crystal"], ["Spark"]], discard=[[], ["Jagged Lightning"]])


def test_card_cosmopod_horror_enters_hurt_and_is_banished_when_discarded() -> None:
    d = make("Cosmopod Horror")
    g = turn(d)
    assert now(g) == after(d, n_deck=[FILLER], in_play=[("Cosmopod Horror", 6, 0)], shields=[0])
    d = make(in_play=(minion("Cosmopod Horror", 1),))
    g = turn(d, ("player", 0))
    assert now(g) == after(d, gravehold=29, life=[9, 10], n_deck=[], in_play=[("Cosmopod Horror", 1, 0), *FILLED],
                           shields=[0, 0])
    g = run_steps(d, [("damage", 2)], source="Spark")
    choose(g, ("target", "Cosmopod Horror"))
    assert g.state.nemesis.in_play == [] and g.state.nemesis.discard == []
    assert g.state.banished == ["Cosmopod Horror"]


def test_card_disorient_gravehold_two_only_for_a_gem() -> None:
    d = make("Disorient (LOG)")
    g = turn(d, ("player", 1))  # her one card: no choice
    assert now(g) == after(d, fury=2, gravehold=28, life=[10, 9], n_deck=[FILLER], n_discard=["Disorient (LOG)"],
                           hand=[["Crystal"], []], discard=[[], ["Crystal"]])


def test_card_impending_immolation_unleash_three_and_a_fire_token() -> None:
    d = make(in_play=(power("Impending Immolation"),))
    g = turn(d)
    assert now(g) == after(d, fury=2, gravehold=27, fire=1, n_deck=[], n_discard=["Impending Immolation"],
                           in_play=FILLED, shields=[0])


def test_card_rend_unleash_one_to_gravehold_and_two_to_a_player() -> None:
    d = make("Rend (LOG)")
    g = turn(d, ("player", 0))
    assert now(g) == after(d, fury=2, gravehold=29, life=[8, 10], n_deck=[FILLER], n_discard=["Rend (LOG)"])


# =========================================================================== tier 2


def test_card_collapsing_comet_banished_when_its_power_resolves_not_when_paid() -> None:
    d = make(in_play=(power("Collapsing Comet"),))
    g = turn(d)
    assert now(g) == after(d, fury=3, gravehold=27, n_deck=[], banished=["Collapsing Comet"], in_play=FILLED,
                           shields=[0])
    d = make(in_play=(power("Collapsing Comet"),), p0={"hand": ["Spark", "Spark", "Crystal", "Crystal"]})
    g = at_main(d)
    choose(g, ("pay", "Collapsing Comet"))
    for c in ("Spark", "Spark", "Crystal", "Crystal"):
        if g.decision is not None and g.decision.kind != "main":
            choose(g, ("card", c))
    assert g.state.nemesis.discard == ["Collapsing Comet"] and g.state.banished == []


def test_card_devils_pact_four_options_the_last_loses_charges_between_players() -> None:
    d = make("Devil's Pact", p0={"charges": 2}, p1={"charges": 2})
    g = turn(d, ("choose", 1), ("choose", 1), ("player", 0), ("player", 0))  # no spell prepped: the fourth option is
    # the one of the last two that can resolve (P-7); the third charge can only be Mist's
    assert now(g) == after(d, fury=3, charges=[0, 1], n_deck=[FILLER], n_discard=["Devil's Pact"])
    g = turn(d, ("choose", 0))
    assert now(g) == after(d, gravehold=25, n_deck=[FILLER], n_discard=["Devil's Pact"])


def test_card_foggy_miasma_three_discards_two_damage_and_banished() -> None:
    d = make("Foggy Miasma", p1={"hand": ["Spark", "Spark", "Crystal"]})
    g = turn(d, ("card", "Crystal"))  # only Mist can discard three (N-6); the two Sparks are alike
    assert now(g) == after(d, life=[10, 8], n_deck=[FILLER], banished=["Foggy Miasma"], hand=[["Crystal"], []],
                           discard=[[], ["Crystal", "Spark", "Spark"]])


def test_card_otherling_persistent_and_banished_when_defeated() -> None:
    d = make(in_play=(minion("Otherling"),))
    g = turn(d, ("player", 1))
    assert now(g) == after(d, fury=2, life=[10, 9], n_deck=[], in_play=[("Otherling", 10, 0), *FILLED],
                           shields=[0, 0])
    g = run_steps(make(in_play=(minion("Otherling", 3),)), [("damage", 3)], source="Spark")
    choose(g, ("target", "Otherling"))
    assert g.state.banished == ["Otherling"] and g.state.nemesis.discard == []


def test_card_pale_reckoner_sheds_a_shield_per_player_then_fire_and_damage() -> None:
    d = make("Pale Reckoner")
    g = turn(d)
    assert now(g) == after(d, n_deck=[FILLER], in_play=[("Pale Reckoner", 8, 0)], shields=[2])
    d = make(in_play=(shielded("Pale Reckoner", 2),))
    g = turn(d, ("player", 1))
    assert now(g) == after(d, fire=1, life=[10, 8], n_deck=[], in_play=[("Pale Reckoner", 8, 0), *FILLED],
                           shields=[2, 0])


def test_card_spreading_inferno_adds_fire_up_to_three_else_unleashes() -> None:
    d = make(in_play=(power("Spreading Inferno"),), fire=3)
    g = turn(d)
    assert now(g) == after(d, fury=3, fire=4, n_deck=[], n_discard=["Spreading Inferno"], in_play=FILLED, shields=[0])
    d = make(in_play=(power("Spreading Inferno"),), fire=4, fury=0)
    g = turn(d)
    assert now(g) == after(d, fury=3, n_deck=[], n_discard=["Spreading Inferno"], in_play=FILLED, shields=[0])


def test_card_ruin_gravehold_or_fire() -> None:
    d = make("Ruin")
    g = turn(d, ("choose", 0))
    assert now(g) == after(d, fury=3, gravehold=27, n_deck=[FILLER], n_discard=["Ruin"])
    g = turn(d, ("choose", 1))
    assert now(g) == after(d, fury=3, fire=1, n_deck=[FILLER], n_discard=["Ruin"])


def test_card_devils_pact_campaign_strikes_each_chosen_option_but_the_last() -> None:
    name = "Devil's Pact (Campaign)"
    key = basics.crossed_key(name)
    d = make(name)
    g = turn(d, ("choose", 0))
    assert now(g) == after(d, gravehold=25, n_deck=[FILLER], n_discard=[name],
                           crossed={key: 1})
    d = make(name, tokens={key: 0b1011})  # only the third option stands: no choice, no strike
    d["players"][1]["breaches"] = prepped(["Spark"])
    g = turn(d)
    assert now(g) == after(d, n_deck=[FILLER], n_discard=[name], spells=[[[], [], [], []], [[], [], [], []]],
                           discard=[[], ["Spark"]])


# =========================================================================== tier 3


def test_card_crushing_storm_unleash_three_and_banished() -> None:
    d = make(in_play=(power("Crushing Storm (LOG)"),), fury=0)
    g = turn(d)
    assert now(g) == after(d, fury=3, n_deck=[], banished=["Crushing Storm (LOG)"], in_play=FILLED, shields=[0])


def test_card_demolishing_void_destroys_the_costliest_spell_and_is_banished() -> None:
    d = make(in_play=(power("Demolishing Void"),), p1={"breaches": prepped(["Spark"])})
    g = turn(d, ("player", 0))
    assert now(g) == after(d, fury=3, life=[7, 10], n_deck=[], banished=["Demolishing Void"], destroyed=["Spark"],
                           spells=[[[], [], [], []], [[], [], [], []]], in_play=FILLED, shields=[0])


def test_card_divide_one_of_three() -> None:
    d = make("Divide (LOG)", fury=0)
    g = turn(d, ("choose", 1), ("choose", 1), ("player", 1))
    assert now(g) == after(d, life=[10, 5], n_deck=[FILLER], n_discard=["Divide (LOG)"])


def test_card_eviscerate_destroys_the_costliest_in_hand_and_is_banished() -> None:
    d = make("Eviscerate (LOG)", fury=0, p1={"hand": ["Crystal", "Jagged Lightning"]})
    g = turn(d, ("player", 1))
    assert now(g) == after(d, fury=2, life=[10, 8], n_deck=[FILLER], banished=["Eviscerate (LOG)"],
                           hand=[["Crystal"], ["Crystal"]], destroyed=["Jagged Lightning"])


def test_card_hex_of_destruction_destroys_four_from_the_deck_top() -> None:
    d = make(in_play=(power("Hex of Destruction (LOG)"),), fury=0, p1={"deck": ["Spark"] * 5})
    g = turn(d, ("player", 1))
    assert now(g) == after(d, fury=2, gravehold=26, n_deck=[], n_discard=["Hex of Destruction (LOG)"],
                           deck=[[], ["Spark"]], destroyed=["Spark"] * 4, in_play=FILLED, shields=[0])


def test_card_incinerate_fire_per_costly_card_left_in_hand() -> None:
    hand = ["Jagged Lightning", "Crystal", "Crystal", "Spark", "Kindle", "Jagged Lightning"]
    d = make("Incinerate", fury=0, p1={"hand": hand})
    g = at_nemesis_turn(d)
    for c in ("Crystal", "Spark", "Jagged Lightning"):
        choose(g, ("card", c))
    support.at_p1_main(g, casting=True)
    assert now(g) == after(d, fury=2, fire=2, life=[10, 8], n_deck=[FILLER], n_discard=["Incinerate"],
                           hand=[["Crystal"], ["Crystal", "Kindle", "Jagged Lightning"]],
                           discard=[[], ["Crystal", "Spark", "Jagged Lightning"]])


def test_card_void_strays_damage_or_unleash_and_two_fire() -> None:
    d = make(in_play=(minion("Void Strays"),))
    g = turn(d, ("choose", 1))
    assert now(g) == after(d, fury=2, fire=2, n_deck=[], in_play=[("Void Strays", 13, 0), *FILLED], shields=[0, 0])


def test_card_divide_campaign_strikes_the_chosen_option() -> None:
    name = "Divide (Campaign)"
    d = make(name, fury=0)
    g = turn(d, ("choose", 0))
    assert now(g) == after(d, fury=3, n_deck=[FILLER], n_discard=[name],
                           crossed={basics.crossed_key(name): 1})
    assert ("choose", 0) not in at_nemesis_turn(make(name, tokens={basics.crossed_key(name): 1})).legal_actions()


# =========================================================================== upgraded, tier 1


def test_card_carriode_raiders_gravehold_two_and_fire() -> None:
    d = make(in_play=(shielded("Carriode Raiders"),))
    g = turn(d)
    assert now(g) == after(d, gravehold=28, fire=1, n_deck=[], in_play=[("Carriode Raiders", 3, 0), *FILLED],
                           shields=[3, 0])


def test_card_incense_gravehold_five_and_two_fire() -> None:
    d = make("Incense")
    g = turn(d, ("choose", 1))
    assert now(g) == after(d, gravehold=25, fire=2, n_deck=[FILLER], n_discard=["Incense"])


def test_card_spreading_brushfire_unleash_two_gravehold_three_and_fire() -> None:
    d = make(in_play=(power("Spreading Brushfire"),))
    g = turn(d)
    assert now(g) == after(d, fury=3, gravehold=27, fire=1, n_deck=[], n_discard=["Spreading Brushfire"],
                           in_play=FILLED, shields=[0])


# =========================================================================== upgraded, tier 2


def test_card_blacken_two_fire_only_up_to_four() -> None:
    d = make("Blacken", fire=4)
    g = turn(d)
    assert now(g) == after(d, fury=3, gravehold=25, fire=6, n_deck=[FILLER], n_discard=["Blacken"])
    d = make("Blacken", fire=5)
    g = turn(d)
    assert now(g) == after(d, fury=3, gravehold=25, n_deck=[FILLER], n_discard=["Blacken"])


def test_card_stifle_unleash_two_and_three_to_the_lowest_life() -> None:
    d = make("Stifle", p1={"life": 4})  # not exhausted: no sever
    g = turn(d)
    assert now(g) == after(d, fury=3, life=[10, 1], n_deck=[FILLER], n_discard=["Stifle"])


def sever_hit(card: str, steps: list[Any], crossed: int = 0) -> Game:
    """The severing sentence of ``card`` on Mist at 3 life (the nemesis' Unleashes of a whole
    turn plus E-1's would make Rageborne Strike at random, so the sentence resolves alone)."""
    d = make(p1={"life": 3}, tokens={basics.crossed_key(card): crossed} if crossed else None)
    g = run_steps(d, steps, source=card)
    choose(g, ("breach", 1))
    return g


def test_card_stifle_severs_the_mage_it_exhausts_and_strikes_the_sentence() -> None:
    (step,) = [s for s in registry.NEMESIS_CARDS["Stifle"].effect if s[0] == "player"]
    assert step == ("player", "lowest_life", (("suffer_severing", 3, 1),))
    key = basics.crossed_key("Stifle")
    d = make(p1={"life": 3})
    g = sever_hit("Stifle", [step])
    assert now(g) == expect(d, fury=3, life=[10, 0], exhausted=[False, True], severed=[1], crossed={key: 1},
                            breaches=[OPEN_ROW, GONE_ROW])  # E-1: two Unleashes
    g = sever_hit("Stifle", [step], crossed=1)  # struck out: no sever
    assert now(g) == expect(d, fury=3, life=[10, 0], exhausted=[False, True], crossed={key: 1},
                            breaches=[OPEN_ROW, GONE_ROW])
    g = run_steps(make(p0={"life": 3}, p1={"life": 0, "exhausted": True}), [("suffer_severing", 3, 1)], you=1,
                  source="Stifle")  # already exhausted: E-3 sends the hit to Gravehold, and nobody is severed
    assert (g.state.severed, g.state.gravehold, g.state.players[1].life) == ([], 24, 0)


def test_card_breach_shatter_power_and_severs_on_exhaustion() -> None:
    d = make(in_play=(power("Breach Shatter"),), p0={"life": 5})
    g = turn(d)
    assert now(g) == after(d, fury=3, life=[1, 10], n_deck=[], n_discard=["Breach Shatter"], in_play=FILLED,
                           shields=[0])
    g = sever_hit("Breach Shatter", [("player", "lowest_life", (("suffer_severing", 4, 1),))])
    assert (g.state.severed, g.state.tokens[basics.crossed_key("Breach Shatter")]) == ([1], 1)
    assert registry.NEMESIS_CARDS["Breach Shatter"].power[1] == ("player", "lowest_life", (("suffer_severing", 4, 1),))


def test_card_chitin_killer_severs_once_however_long_it_stays() -> None:
    d = make(in_play=(minion("Chitin Killer"),), p1={"life": 3, "breaches": prepped(["Spark"])})
    g = turn(d, ("breach", 1))
    key = basics.crossed_key("Chitin Killer")
    assert now(g) == after(d, fury=3, life=[10, 0], exhausted=[False, True], n_deck=[],
                           in_play=[("Chitin Killer", 13, 0), *FILLED], severed=[1], crossed={key: 1},
                           shields=[0, 0], breaches=[OPEN_ROW, GONE_ROW])
    d = make(in_play=(minion("Chitin Killer"),), p1={"life": 3, "breaches": prepped(["Spark"])}, tokens={key: 1})
    g = turn(d, ("breach", 1))
    assert g.state.severed == [] and g.state.players[1].exhausted


def test_card_magma_lord_zala_two_and_two_and_fire() -> None:
    d = make(in_play=(shielded("Magma Lord Zala"),))
    g = turn(d, ("player", 0))
    assert now(g) == after(d, gravehold=28, fire=1, life=[8, 10], n_deck=[],
                           in_play=[("Magma Lord Zala", 10, 0), *FILLED], shields=[2, 0])


def test_card_soul_rend_severs_and_strikes_then_only_the_fire_stands() -> None:
    d = make(in_play=(power("Soul Rend"),), fury=0, p1={"life": 5})
    g = turn(d, ("choose", 1))
    key = basics.crossed_key("Soul Rend")
    assert now(g) == after(d, fury=2, life=[10, 4], n_deck=[], n_discard=["Soul Rend"], severed=[1],
                           crossed={key: 1}, in_play=FILLED, shields=[0])
    d = make(in_play=(power("Soul Rend"),), fury=0, tokens={key: 1})
    g = turn(d)  # no choice left
    assert now(g) == after(d, fury=3, fire=2, n_deck=[], n_discard=["Soul Rend"], in_play=FILLED, shields=[0])


# =========================================================================== upgraded, tier 3


def test_card_dread_ignition_most_charges_loses_them_all() -> None:
    d = make(in_play=(power("Dread Ignition"),), fury=0, p0={"charges": 3})
    g = turn(d, ("choose", 0))
    assert now(g) == after(d, fury=2, life=[7, 10], charges=[0, 0], n_deck=[], n_discard=["Dread Ignition"],
                           in_play=FILLED, shields=[0])


def test_card_explosion_discards_the_two_costliest_of_all_hands() -> None:
    d = make("Explosion", fury=0, p0={"hand": ["Crystal", "Jagged Lightning"]}, p1={"hand": ["Kindle", "Spark"]})
    g = turn(d, ("player", 0))  # Jagged Lightning and Kindle tie: the players pick; then Kindle is the costliest
    assert now(g) == after(d, fury=3, fire=2, n_deck=[FILLER], n_discard=["Explosion"],
                           hand=[["Crystal"], ["Spark"]], discard=[["Jagged Lightning"], ["Kindle"]])


def test_card_inescapable_torment_the_most_life_suffers_all_of_it() -> None:
    d = make(in_play=(power("Inescapable Torment"),), p0={"life": 6})
    g = turn(d, ("breach", 1))
    assert now(g) == after(d, fury=3, life=[6, 0], exhausted=[False, True], n_deck=[],
                           n_discard=["Inescapable Torment"], in_play=FILLED, shields=[0],
                           breaches=[OPEN_ROW, GONE_ROW])


def test_card_nyx_of_burning_bones_unleash_two_gravehold_two_and_fire() -> None:
    d = make(in_play=(minion("Nyx of Burning Bones"),))
    g = turn(d)
    assert now(g) == after(d, fury=3, gravehold=28, fire=1, n_deck=[],
                           in_play=[("Nyx of Burning Bones", 15, 0), *FILLED], shields=[0, 0])


def test_card_ravage_three_fire_tokens() -> None:
    d = make("Ravage")
    g = turn(d, ("choose", 1), ("choose", 0))
    assert now(g) == after(d, fire=3, n_deck=[FILLER], n_discard=["Ravage"])


def test_card_revive_brings_back_the_minion_discarded_last() -> None:
    d = make("Revive", fury=0, discard=("Otherling", "Chitin Killer", "Rend (LOG)"))
    g = turn(d)
    assert now(g) == after(d, fury=2, n_deck=[FILLER], n_discard=["Otherling", "Rend (LOG)", "Revive"],
                           in_play=[("Chitin Killer", 13, 0)], shields=[0])


def test_card_the_ceaseless_observer_fire_per_shield_left() -> None:
    d = make(in_play=(shielded("The Ceaseless Observer", 2),))
    g = turn(d)
    assert now(g) == after(d, gravehold=27, fire=2, n_deck=[], in_play=[("The Ceaseless Observer", 7, 0), *FILLED],
                           shields=[2, 0])


# =========================================================================== struck-out parts


def test_a_saved_struck_out_part_of_an_unknown_card_is_refused() -> None:
    d = make(tokens={"crossed:moon_pie": 1})
    with pytest.raises(StateFormatError, match=r"crossed:moon_pie.*names no card"):
        Game.from_dict(d)
    d = make(tokens={basics.crossed_key("Stifle"): 2})
    with pytest.raises(StateFormatError, match=r"Stifle strikes out parts 1 to 1"):
        Game.from_dict(d)


def test_upgraded_readings_table_names_each_reading() -> None:
    assert set(upgraded.READINGS) == {"inescapable_torment_name", "exhausted_by_this", "ceaseless_observer_shields",
                                      "revive_life"}


# =========================================================================== S-10, E-5 on Legacy content

UPGRADED = [c.name for c in upgraded.UPGRADED_CARDS]


def _deck_tiers(players: int, ruleset: Any, seed: int = 5) -> tuple[list[int], list[int], Game]:
    """How many upgraded and basic Legacy cards each tier of a new game's nemesis deck holds."""
    mages = ["Brama", "Mist", "Adelheim", "Xaxos"][:players]
    g = Game.new(mages=mages, nemesis="Rageborne", basics="LOG", upgraded=UPGRADED, seed=seed, ruleset=ruleset,
                 events=False)
    ups, basic = [0, 0, 0], [0, 0, 0]
    for c in g.state.nemesis.deck:
        card = registry.nemesis_card(c)
        if card.box == "LOG":
            (ups if card.upgraded else basic)[card.tier - 1] += 1
    return ups, basic, g


def test_S_10_log_upgraded_basics_go_in_first_and_a_tier_grows_under_upgraded_overflow_all() -> None:
    ups, basic, g = _deck_tiers(2, "log")
    assert (ups, basic) == ([3, 6, 7], [0, 0, 0])  # tier 2's six pass its S-6 number, 5
    assert g.state.config["upgraded"] == UPGRADED
    ups, basic, _ = _deck_tiers(2, {"preset": "log", "upgraded_overflow": "cap"})
    assert (ups, basic) == ([3, 5, 7], [0, 0, 0])
    ups, basic, _ = _deck_tiers(1, "log")  # true solo: all_first_solo_caps
    assert (ups, basic) == ([1, 3, 7], [0, 0, 0])


def test_S_10_log_basics_alone_deal_no_upgraded_and_no_campaign_card() -> None:
    for seed in range(4):
        g = Game.new(mages=["Brama", "Mist", "Adelheim"], nemesis="Rageborne", basics="LOG", seed=seed,
                     ruleset="log", events=False)
        dealt = {c for c in g.state.nemesis.deck if registry.nemesis_card(c).box == "LOG"}
        assert len(dealt) == 5 + 6 + 7 and dealt <= set(registry.BASICS["LOG"])


def test_E_5_log_excess_lands_after_the_exhaustion_steps_and_stifle_still_severs() -> None:
    from gravehold.engine.ruleset import PRESETS

    d = support.with_ruleset(make(p1={"life": 1}), **PRESETS["log"].to_dict())
    g = run_steps(d, [("player", "lowest_life", (("suffer_severing", 3, 1),))], source="Stifle")
    # exhausted by the hit: severed at once; the two E-1 Unleashes done, the breach still to pick
    assert g.decision is not None and g.decision.kind == "destroy_breach"
    assert (g.state.gravehold, g.state.nemesis.tokens["fury"], g.state.severed) == (30, 3, [1])
    choose(g, ("breach", 1))
    assert g.state.gravehold == 26  # E-5 "after": the excess 2, doubled (E-2), once the steps are done
    assert now(g) == expect(d, fury=3, gravehold=26, life=[10, 0], exhausted=[False, True], severed=[1],
                            crossed={basics.crossed_key("Stifle"): 1}, breaches=[OPEN_ROW, GONE_ROW])


# =========================================================================== a whole game


def test_seeded_games_with_legacy_basics_and_upgraded_basics_end_without_error() -> None:
    from gravehold.agents import make_agent
    from gravehold.agents.board import SeatView
    from gravehold.engine.game import card_census
    from gravehold.events_text import event_text

    for seed, nemesis in ((7, "Rageborne"), (8, "Carapace Queen")):
        g = Game.new(mages=["Brama", "Mist"], nemesis=nemesis, seed=seed, basics="LOG", upgraded=UPGRADED[::2],
                     ruleset="log")
        census = card_census(g.state)
        seats = [make_agent("heuristic", seed + i) for i in range(2)]
        steps = 0
        while not g.over:
            dec = g.decision
            assert dec is not None
            g.apply(seats[dec.seat].choose(dec, SeatView(g.state, dec.seat)))
            steps += 1
            assert steps < 20000, "the game does not end"
        assert g.result in ("win", "loss") and card_census(g.state) == census
        assert Game.from_json(g.to_json()).state == g.state
        assert all(event_text(e) for e in g.events if e["event"] in ("fire", "banished", "severed",
                                                                    "nemesis_part_crossed"))
