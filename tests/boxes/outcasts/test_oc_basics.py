"""Outcasts' basic and upgraded basic nemesis cards and its curses (K-12), from exact states.

As in The New Age's basics file: each card test builds a small state against Rageborne
(whose Unleash gains one fury token, so the fury count shows the Unleashes), runs the
nemesis turn or a player's main phase, and compares a snapshot of every zone a nemesis card
can touch, the curse deck included, with the starting one plus only the expected changes.
"""

from __future__ import annotations

from typing import Any

from gravehold import Game
from gravehold.content import registry

import support
from support import (
    OPEN,
    at_casting,
    at_main,
    at_nemesis_turn,
    at_player_turn,
    base_state,
    choose,
    closed,
    minion,
    player,
    power,
    run_steps,
    with_ruleset,
)

FILLER = "Needlemaw"  # drawn by the nemesis after a minion/power test: a minion that only enters play
CURSES = ["Cursed Bolt", "Cursed Bolt", "Cursed Bolt", "Cursed Manacles", "Cursed Manacles",
          "Cursed Shard", "Cursed Shard", "Cursed Shard", "Cursed Shard", "Curse of Rot"]


def make(*top: str, in_play: tuple[dict[str, Any], ...] = (), fury: int = 1,
         p0: dict[str, Any] | None = None, p1: dict[str, Any] | None = None,
         curses: list[str] | None = None, discard: tuple[str, ...] = (),
         turn_order: dict[str, list[str]] | None = None) -> dict[str, Any]:
    """Brama and Mist (a Crystal each); ``top`` on the nemesis deck, then a filler; the curse deck."""
    a = player("Brama", **{"hand": ["Crystal"], **(p0 or {})})
    b = player("Mist", **{"hand": ["Crystal"], **(p1 or {})})
    d = base_state([a, b])
    n = d["nemesis"]
    n["deck"] = [*top, FILLER]
    n["discard"] = list(discard)
    n["in_play"] = [dict(c) for c in in_play]
    n["tokens"] = {"fury": fury}
    n["decks"]["curse"] = list(CURSES if curses is None else curses)
    if turn_order is not None:
        d["turn_order"] = turn_order
    return d


SNAPSHOT = support.Snapshot(*support.SNAP_BASE, "fury", "to_deck", "to_discard", "played",
                            curses=lambda d: sorted(d["nemesis"]["decks"].get("curse", [])))
snap, expect, now = SNAPSHOT.snap, SNAPSHOT.expect, SNAPSHOT.now


def without(*names: str) -> list[str]:
    left = list(CURSES)
    for c in names:
        left.remove(c)
    return sorted(left)


def after_p1_drawn(d: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """``expect`` once P1's turn order card moved from the deck to the discard."""
    to = d["turn_order"]
    changes.setdefault("to_deck", to["deck"][1:])
    changes.setdefault("to_discard", [*to["discard"], "P1"])
    return expect(d, **changes)


def turn(d: dict[str, Any], *picks: tuple[Any, ...]) -> Game:
    """The nemesis turn of ``d`` with ``picks`` made, stopped at P1's turn (its casting
    phase when P1 has prepped spells)."""
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


NO_SPELLS: list[list[str]] = [[], [], [], []]


def hit(d: dict[str, Any], target: str, amount: int, source: str) -> Game:
    """Player 1 deals ``amount`` from ``source`` and aims it at ``target``."""
    g = run_steps(d, [("damage", amount)], source=source)
    choose(g, ("target", target))
    return g


def lives(g: Game) -> list[tuple[str, int]]:
    return [(c.name, c.life) for c in g.state.nemesis.in_play]


# =========================================================================== tier 1


def test_card_withering_rot_three_damage_and_a_curse_of_rot_on_the_discard() -> None:
    d = make("Withering Rot")
    g = turn(d, ("player", 1))
    assert now(g) == after_p1_drawn(d, life=[10, 7], n_deck=[FILLER], n_discard=["Withering Rot"],
                                    discard=[[], ["Curse of Rot"]], curses=without("Curse of Rot"))


def test_card_weeping_hex_two_damage_and_a_cursed_shard_on_top_of_the_deck() -> None:
    d = make("Weeping Hex", p1={"deck": ["Spark"]})
    g = turn(d, ("player", 0))
    assert now(g) == after_p1_drawn(d, fury=2, life=[8, 10], n_deck=[FILLER], n_discard=["Weeping Hex"],
                                    deck=[["Cursed Shard"], ["Spark"]], curses=without("Cursed Shard"))


def test_card_moonstruck_hound_persistent_and_spells_of_five_or_more_deal_one() -> None:
    d = make(in_play=(minion("Moonstruck Hound"),))
    g = turn(d)
    assert now(g) == after_p1_drawn(d, gravehold=28, n_deck=[], in_play=[("Moonstruck Hound", 5, 0), (FILLER, 11, 0)])
    d = make(in_play=(minion("Moonstruck Hound"),))
    assert lives(hit(d, "Moonstruck Hound", 4, "Fiery Torrent")) == [("Moonstruck Hound", 4)]  # cost 5: to 1
    assert lives(hit(d, "Moonstruck Hound", 4, "Jagged Lightning")) == [("Moonstruck Hound", 1)]  # cost 4
    assert lives(hit(d, "Moonstruck Hound", 3, "Crystal")) == [("Moonstruck Hound", 2)]  # no spell


def test_card_wandering_lasher_unleashes_and_wanders() -> None:
    d = make(in_play=(minion("Wandering Lasher"),))
    g = turn(d)
    assert now(g) == after_p1_drawn(d, fury=2, n_deck=[], in_play=[("Wandering Lasher", 6, 0), (FILLER, 11, 0)])
    assert registry.NEMESIS_CARDS["Wandering Lasher"].wandering
    assert lives(hit(d, "Wandering Lasher", 4, "Jagged Lightning")) == [("Wandering Lasher", 5)]


def test_card_haunted_force_power_unleash_gravehold_and_a_cursed_bolt() -> None:
    d = make(in_play=(power("Haunted Force"),))
    g = turn(d, ("player", 1))
    assert now(g) == after_p1_drawn(d, fury=2, gravehold=28, n_deck=[], n_discard=["Haunted Force"],
                                    in_play=[(FILLER, 11, 0)], discard=[[], ["Cursed Bolt"]],
                                    curses=without("Cursed Bolt"))


def test_card_noxious_winds_two_curses_may_go_to_two_players() -> None:
    d = make(in_play=(power("Noxious Winds"),))
    g = turn(d, ("player", 0), ("player", 1))
    assert now(g) == after_p1_drawn(d, gravehold=27, n_deck=[], n_discard=["Noxious Winds"],
                                    in_play=[(FILLER, 11, 0)], discard=[["Cursed Shard"], ["Cursed Bolt"]],
                                    curses=without("Cursed Shard", "Cursed Bolt"))


def test_card_noxious_winds_P_14_to_discard_for_five_aether() -> None:
    d = make(in_play=(power("Noxious Winds", 2),), p0={"aether": 5})
    g = at_main(d)
    choose(g, ("pay", "Noxious Winds"))
    assert g.state.nemesis.in_play == [] and g.state.nemesis.discard == ["Noxious Winds"]
    assert g.state.players[0].aether == 0


# =========================================================================== tier 2


def test_card_conjured_grapple_damage_two_discards_and_manacles_into_the_hand() -> None:
    d = make("Conjured Grapple", p1={"hand": ["Crystal", "Spark", "Kindle"]})
    g = turn(d, ("card", "Kindle"), ("card", "Spark"))  # only Mist can discard two (N-6)
    assert now(g) == after_p1_drawn(d, fury=3, life=[10, 8], n_deck=[FILLER], n_discard=["Conjured Grapple"],
                                    hand=[["Crystal"], ["Crystal", "Cursed Manacles"]],
                                    discard=[[], ["Kindle", "Spark"]], curses=without("Cursed Manacles"))


def test_card_chitin_crawler_or_and_cheap_spells_deal_one() -> None:
    d = make(in_play=(minion("Chitin Crawler"),))
    g = turn(d, ("choose", 0), ("player", 0))
    assert now(g) == after_p1_drawn(d, life=[7, 10], n_deck=[], in_play=[("Chitin Crawler", 9, 0), (FILLER, 11, 0)])
    g = turn(d, ("choose", 1))
    assert now(g) == after_p1_drawn(d, fury=2, n_deck=[], in_play=[("Chitin Crawler", 9, 0), (FILLER, 11, 0)])
    assert lives(hit(d, "Chitin Crawler", 3, "Spark")) == [("Chitin Crawler", 8)]  # cost 0: to 1
    assert lives(hit(d, "Chitin Crawler", 4, "Jagged Lightning")) == [("Chitin Crawler", 5)]  # cost 4


def test_card_wandering_observer_gravehold_two_and_wanders() -> None:
    d = make(in_play=(minion("Wandering Observer"),))
    g = turn(d)
    assert now(g) == after_p1_drawn(d, gravehold=28, n_deck=[],
                                    in_play=[("Wandering Observer", 11, 0), (FILLER, 11, 0)])
    assert lives(hit(with_ruleset(d, wandering="minus_one"), "Wandering Observer", 4, "Kindle")) == [
        ("Wandering Observer", 8)]


def test_card_suffocating_haze_power_and_softens_the_nemesis_deck_minions() -> None:
    d = make(in_play=(power("Suffocating Haze"),))
    g = turn(d)
    assert now(g) == after_p1_drawn(d, fury=3, gravehold=28, n_deck=[], n_discard=["Suffocating Haze"],
                                    in_play=[(FILLER, 11, 0)])
    d = make(in_play=(power("Suffocating Haze", 3), minion("Needlemaw"), minion("Moonstruck Hound")))
    assert lives(hit(d, "Needlemaw", 3, "Kindle")) == [("Suffocating Haze", 0), ("Needlemaw", 9),
                                                      ("Moonstruck Hound", 5)]
    assert lives(hit(d, "Needlemaw", 1, "Kindle"))[1] == ("Needlemaw", 10)  # never below 1
    assert lives(hit(d, "Moonstruck Hound", 5, "Fiery Torrent"))[2] == ("Moonstruck Hound", 4)


# =========================================================================== tier 3


def test_card_throttle_o_destroys_the_three_costliest_in_hand() -> None:
    d = make("Throttle (O)", p1={"hand": ["Crystal", "Kindle", "Spark", "Erratic Ingot"]}, fury=0)
    g = turn(d, ("card", "Spark"))  # only Mist holds three cards (N-6); the third is a tie
    assert now(g) == after_p1_drawn(d, fury=2, n_deck=[FILLER], n_discard=["Throttle (O)"],
                                    hand=[["Crystal"], ["Crystal"]], destroyed=["Erratic Ingot", "Kindle", "Spark"])
    assert registry.NEMESIS_CARDS["Throttle (O)"].shown == "Throttle"


def test_card_topple_o_gravehold_four() -> None:
    d = make("Topple (O)")
    g = turn(d)
    assert now(g) == after_p1_drawn(d, fury=3, gravehold=26, n_deck=[FILLER], n_discard=["Topple (O)"])


def test_card_breach_spike_the_player_with_most_prepped_spells_suffers_three() -> None:
    d = make("Breach Spike", p1={"breaches": prepped(["Spark"], ["Spark"])}, p0={"breaches": prepped(["Spark"])})
    g = turn(d)
    assert now(g) == after_p1_drawn(d, fury=3, life=[10, 7], n_deck=[FILLER], n_discard=["Breach Spike"])


def test_card_nyx_the_spine_cruncher_unleash_and_two_damage() -> None:
    d = make(in_play=(minion("Nyx, The Spine Cruncher"),))
    g = turn(d, ("player", 1))
    assert now(g) == after_p1_drawn(d, fury=2, life=[10, 8], n_deck=[],
                                    in_play=[("Nyx, The Spine Cruncher", 14, 0), (FILLER, 11, 0)])


def test_card_endless_torment_unleash_three_or_six_damage() -> None:
    d = make(in_play=(power("Endless Torment"),), fury=0)
    g = turn(d, ("choose", 0))
    assert now(g) == after_p1_drawn(d, fury=3, n_deck=[], n_discard=["Endless Torment"], in_play=[(FILLER, 11, 0)])
    g = turn(d, ("choose", 1), ("player", 0))
    assert now(g) == after_p1_drawn(d, life=[4, 10], n_deck=[], n_discard=["Endless Torment"],
                                    in_play=[(FILLER, 11, 0)])


def test_card_darkening_depths_unleash_and_the_lowest_life_suffers_three() -> None:
    d = make(in_play=(power("Darkening Depths"),), p1={"life": 6})
    g = turn(d)
    assert now(g) == after_p1_drawn(d, fury=2, life=[10, 3], n_deck=[], n_discard=["Darkening Depths"],
                                    in_play=[(FILLER, 11, 0)])


def test_card_darkening_depths_P_14_destroys_a_prepped_spell_and_its_breach() -> None:
    d = make(in_play=(power("Darkening Depths", 1),), p0={"breaches": prepped(["Jagged Lightning"])})
    g = at_main(d)
    choose(g, ("pay", "Darkening Depths"))
    if g.decision is not None and g.decision.kind != "main":
        choose(g, g.legal_actions()[0])
    assert g.state.nemesis.discard == ["Darkening Depths"]
    assert g.state.players[0].breaches[0].state == "destroyed"
    assert g.state.destroyed == ["Jagged Lightning"]


def test_card_apocalypse_ritual_o_five_per_nemesis_turn_order_card_discarded() -> None:
    to = {"deck": ["P1", "P2", "N"], "discard": ["N", "P2"]}
    d = make(in_play=(power("Apocalypse Ritual (O)"),), turn_order=to)
    g = turn(d)
    assert now(g) == after_p1_drawn(d, gravehold=25, n_deck=[], n_discard=["Apocalypse Ritual (O)"],
                                    in_play=[(FILLER, 11, 0)])


# =========================================================================== upgraded basics (S-10)


def test_card_chaos_strike_gravehold_four_and_a_cursed_shard_on_top() -> None:
    d = make("Chaos Strike")
    g = turn(d, ("player", 1))
    assert now(g) == after_p1_drawn(d, fury=2, gravehold=26, n_deck=[FILLER], n_discard=["Chaos Strike"],
                                    deck=[[], ["Cursed Shard"]], curses=without("Cursed Shard"))


def test_card_labyrinth_wraith_unleash_one_damage_and_wanders() -> None:
    d = make(in_play=(minion("Labyrinth Wraith"),))
    g = turn(d, ("player", 0))
    assert now(g) == after_p1_drawn(d, fury=2, life=[9, 10], n_deck=[],
                                    in_play=[("Labyrinth Wraith", 6, 0), (FILLER, 11, 0)])
    assert lives(hit(d, "Labyrinth Wraith", 5, "Jagged Lightning")) == [("Labyrinth Wraith", 5)]


def test_card_rain_of_devastation_unleash_twice_and_three_damage() -> None:
    d = make(in_play=(power("Rain of Devastation"),))
    g = turn(d, ("player", 1))
    assert now(g) == after_p1_drawn(d, fury=3, life=[10, 7], n_deck=[], n_discard=["Rain of Devastation"],
                                    in_play=[(FILLER, 11, 0)])


def test_card_hunt_the_weak_a_player_and_gravehold_suffer_three() -> None:
    d = make("Hunt the Weak")
    g = turn(d, ("player", 0))
    assert now(g) == after_p1_drawn(d, life=[7, 10], gravehold=27, n_deck=[FILLER], n_discard=["Hunt the Weak"])


def test_card_rescind_the_costliest_prepped_spell_is_discarded_and_its_holder_suffers_two() -> None:
    d = make("Rescind", p0={"breaches": prepped(["Spark"])}, p1={"breaches": prepped(["Kindle"])})
    g = turn(d)
    assert now(g) == after_p1_drawn(d, fury=3, life=[10, 8], n_deck=[FILLER], n_discard=["Rescind"],
                                    spells=[[["Spark"], [], [], []], [[], [], [], []]], discard=[[], ["Kindle"]])


def test_card_rescind_with_no_prepped_spell_nobody_suffers() -> None:
    d = make("Rescind")
    g = turn(d)
    assert now(g) == after_p1_drawn(d, fury=3, n_deck=[FILLER], n_discard=["Rescind"])


def test_card_harbinger_of_monstrosity_persistent_and_hits_two_less() -> None:
    d = make(in_play=(minion("Harbinger of Monstrosity"),), p1={"hand": ["Crystal", "Spark"]})
    g = turn(d, ("player", 1), ("card", "Spark"))
    assert now(g) == after_p1_drawn(d, gravehold=28, n_deck=[], hand=[["Crystal"], ["Crystal"]],
                                    discard=[[], ["Spark"]],
                                    in_play=[("Harbinger of Monstrosity", 8, 0), (FILLER, 11, 0)])
    d = make(in_play=(minion("Harbinger of Monstrosity"),))
    assert lives(hit(d, "Harbinger of Monstrosity", 4, "Kindle")) == [("Harbinger of Monstrosity", 6)]
    assert lives(hit(d, "Harbinger of Monstrosity", 2, "Kindle")) == [("Harbinger of Monstrosity", 7)]


def test_card_mage_devourer_a_hit_hurts_the_player_with_most_opened_breaches() -> None:
    d = make(in_play=(minion("Mage Devourer"),), p1={"breaches": [dict(OPEN)] * 3 + [closed(0)]})
    g = turn(d)
    assert now(g) == after_p1_drawn(d, fury=2, gravehold=29, n_deck=[],
                                    in_play=[("Mage Devourer", 11, 0), (FILLER, 11, 0)])
    g = hit(d, "Mage Devourer", 3, "Kindle")
    assert lives(g) == [("Mage Devourer", 8)]
    assert [p.life for p in g.state.players] == [10, 9]


def test_card_silent_decay_a_cursed_bolt_on_top_of_the_deck() -> None:
    d = make(in_play=(power("Silent Decay"),))
    g = turn(d, ("player", 0))
    assert now(g) == after_p1_drawn(d, fury=3, gravehold=27, n_deck=[], n_discard=["Silent Decay"],
                                    in_play=[(FILLER, 11, 0)], deck=[["Cursed Bolt"], []],
                                    curses=without("Cursed Bolt"))


def test_card_sky_crush_destroy_two_in_hand_and_two_damage() -> None:
    d = make("Sky Crush", p1={"hand": ["Crystal", "Spark"]}, fury=0)
    g = turn(d, ("card", "Spark"))  # only Mist holds two cards (N-6); then Crystal is the one left
    assert now(g) == after_p1_drawn(d, fury=3, life=[10, 8], n_deck=[FILLER], n_discard=["Sky Crush"],
                                    hand=[["Crystal"], []], destroyed=["Spark", "Crystal"])


def test_card_scour_the_holder_of_the_costliest_card_discards_three() -> None:
    d = make("Scour", p1={"hand": ["Crystal", "Spark", "Kindle", "Erratic Ingot"]}, fury=0)
    g = turn(d, ("card", "Spark"))
    assert now(g) == after_p1_drawn(d, fury=3, n_deck=[FILLER], n_discard=["Scour"],
                                    hand=[["Crystal"], ["Crystal"]], discard=[[], ["Erratic Ingot", "Kindle", "Spark"]])


def test_card_sacrifice_o_or() -> None:
    d = make("Sacrifice (O)", fury=0)
    g = turn(d, ("choose", 1), ("player", 1))
    assert now(g) == after_p1_drawn(d, fury=0, gravehold=26, life=[10, 6], n_deck=[FILLER],
                                    n_discard=["Sacrifice (O)"])
    assert registry.NEMESIS_CARDS["Sacrifice (O)"].shown == "Sacrifice"


def test_card_scion_of_the_void_unleashes_when_hit() -> None:
    d = make(in_play=(minion("Scion of the Void"),), fury=0)
    g = turn(d)
    assert now(g) == after_p1_drawn(d, fury=2, n_deck=[], in_play=[("Scion of the Void", 13, 0), (FILLER, 11, 0)])
    g = hit(d, "Scion of the Void", 3, "Kindle")
    assert lives(g) == [("Scion of the Void", 10)] and g.state.nemesis.tokens["fury"] == 1


def test_card_ray_of_desolation_o_the_players_destroy_the_two_costliest_prepped() -> None:
    d = make(in_play=(power("Ray of Desolation (O)"),), p0={"breaches": prepped(["Spark"], ["Kindle"])},
             p1={"breaches": prepped(["Jagged Lightning"])})
    g = turn(d, ("spell", 1, 0, 0))  # a tie at 4 Æ: the players pick; then Kindle is the costliest
    assert now(g) == after_p1_drawn(d, fury=3, n_deck=[], n_discard=["Ray of Desolation (O)"],
                                    in_play=[(FILLER, 11, 0)], spells=[[["Spark"], [], [], []], [[], [], [], []]],
                                    destroyed=["Jagged Lightning", "Kindle"])


def test_card_blighted_magic_destroy_the_costliest_prepped_and_another_player_two_cards() -> None:
    d = make(in_play=(power("Blighted Magic"),), p0={"breaches": prepped(["Kindle"]), "hand": ["Crystal", "Spark"]},
             p1={"hand": ["Frozen Magmite", "Scoria Slag", "Crystal"]})
    g = turn(d, ("card", "Scoria Slag"))  # Mist is the only other player
    assert now(g) == after_p1_drawn(d, fury=2, n_deck=[], n_discard=["Blighted Magic"], in_play=[(FILLER, 11, 0)],
                                    spells=[NO_SPELLS, NO_SPELLS], hand=[["Crystal", "Spark"], ["Crystal"]],
                                    destroyed=["Kindle", "Scoria Slag", "Frozen Magmite"])


def test_card_blackened_stars_seven_damage() -> None:
    d = make(in_play=(power("Blackened Stars"),))
    g = turn(d, ("player", 0))
    assert now(g) == after_p1_drawn(d, life=[3, 10], n_deck=[], n_discard=["Blackened Stars"],
                                    in_play=[(FILLER, 11, 0)])


# =========================================================================== the curses (K-12)


def test_card_cursed_shard_aether_and_back_on_top_or_two_aether_to_destroy() -> None:
    d = make(p0={"hand": ["Cursed Shard", "Crystal"], "deck": ["Spark"]})
    g = at_main(d)
    choose(g, ("play", "Cursed Shard"))  # with no aether only the first option can be done in full
    assert now(g) == expect(d, hand=[["Crystal"], ["Crystal"]], deck=[["Cursed Shard", "Spark"], []], aether=[1, 0])
    d = make(p0={"hand": ["Cursed Shard", "Crystal"], "aether": 2})
    g = at_main(d)
    choose(g, ("play", "Cursed Shard"))
    choose(g, ("choose", 1))
    assert now(g) == expect(d, hand=[["Crystal"], ["Crystal"]], aether=[0, 0], destroyed=["Cursed Shard"])


def test_card_cursed_bolt_one_damage_then_back_on_top_or_discard_two_to_destroy() -> None:
    d = make(in_play=(minion("Needlemaw"),),
             p0={"breaches": prepped(["Cursed Bolt"]), "hand": ["Spark", "Crystal", "Crystal"]})
    g = at_casting(d)
    choose(g, ("cast", 0, 0))
    choose(g, ("target", "Needlemaw"))
    choose(g, ("choose", 1))
    choose(g, ("card", "Spark"))
    assert now(g) == expect(d, in_play=[("Needlemaw", 10, 0)], hand=[["Crystal"], ["Crystal"]],
                            spells=[NO_SPELLS, NO_SPELLS], discard=[["Spark", "Crystal"], []],
                            destroyed=["Cursed Bolt"])
    g = at_casting(d)
    choose(g, ("cast", 0, 0))
    choose(g, ("target", "nemesis"))
    choose(g, ("choose", 0))
    assert now(g) == expect(d, nemesis_life=69, spells=[[[], [], [], []], [[], [], [], []]],
                            deck=[["Cursed Bolt"], []])


def test_card_cursed_manacles_a_charge_and_a_wound_or_two_prepped_spells_to_destroy() -> None:
    d = make(p0={"hand": ["Cursed Manacles", "Crystal"]})
    g = at_main(d)
    choose(g, ("play", "Cursed Manacles"))
    assert now(g) == expect(d, hand=[["Crystal"], ["Crystal"]], charges=[1, 0], life=[9, 10],
                            played=[["Cursed Manacles"], []])
    d = make(p0={"hand": ["Cursed Manacles", "Crystal"], "breaches": prepped(["Spark"], ["Kindle"])})
    g = at_main(d)
    choose(g, ("play", "Cursed Manacles"))
    choose(g, ("choose", 1))
    choose(g, ("spell", 0, 1, 0))
    assert now(g) == expect(d, hand=[["Crystal"], ["Crystal"]], spells=[[[], [], [], []], [[], [], [], []]],
                            discard=[["Kindle", "Spark"], []], destroyed=["Cursed Manacles"])


def test_card_curse_of_rot_resolves_from_the_hand_when_the_turn_starts() -> None:
    d = make(p0={"hand": ["Curse of Rot"], "charges": 3, "deck": ["Spark"]})
    g = at_player_turn(d)
    choose(g, ("choose", 1))
    assert g.state.players[0].hand == ["Spark"] and g.state.players[0].charges == 0
    assert g.state.destroyed == ["Curse of Rot"]
    d = make(p0={"hand": ["Curse of Rot", "Crystal"], "charges": 2})
    g = at_player_turn(d)  # too few charges: only the discard can be done in full
    assert g.state.players[0].hand == ["Crystal"] and g.state.players[0].discard == ["Curse of Rot"]
    assert g.state.players[0].charges == 2 and g.state.destroyed == []


def test_card_curse_of_rot_is_never_played() -> None:
    g = at_main(make(p0={"hand": ["Curse of Rot"]}))
    assert all(a[1:] != ("Curse of Rot",) for a in g.legal_actions())


# =========================================================================== power tokens removed


def test_card_aura_drain_each_token_removed_hurts_a_player_then_unleash() -> None:
    d = make(in_play=(power("Aura Drain", 2),))
    g = turn(d, ("player", 1))
    assert now(g) == after_p1_drawn(d, life=[10, 8], n_deck=[], in_play=[("Aura Drain", 0, 1), (FILLER, 11, 0)])
    d = make(in_play=(power("Aura Drain", 1),))
    g = at_nemesis_turn(d)
    assert g.state.nemesis.tokens["fury"] == 1  # the token's damage comes before the POWER effect
    choose(g, ("player", 0))
    support.at_p1_main(g)
    assert now(g) == after_p1_drawn(d, fury=2, life=[8, 10], n_deck=[], n_discard=["Aura Drain"],
                                    in_play=[(FILLER, 11, 0)])


def test_card_toxic_subterfuge_each_token_removed_hurts_gravehold() -> None:
    d = make(in_play=(power("Toxic Subterfuge", 3),))
    g = turn(d)
    assert now(g) == after_p1_drawn(d, gravehold=28, n_deck=[], in_play=[("Toxic Subterfuge", 0, 2), (FILLER, 11, 0)])
    d = make(in_play=(power("Toxic Subterfuge", 1),))
    g = turn(d)
    assert now(g) == after_p1_drawn(d, fury=2, gravehold=28, n_deck=[], n_discard=["Toxic Subterfuge"],
                                    in_play=[(FILLER, 11, 0)])


def test_card_seeking_destruction_marks_the_most_opened_breaches_and_strikes_them() -> None:
    d = make("Seeking Destruction", p1={"breaches": [dict(OPEN)] * 2 + [closed(0), closed(0)]})
    g = turn(d)  # only Mist has two opened breaches: their token goes on it
    assert now(g) == after_p1_drawn(d, n_deck=[FILLER], in_play=[("Seeking Destruction", 0, 3)])
    assert g.state.tokens["seeking_destruction"] == 1
    d = make(in_play=(power("Seeking Destruction", 1),), p1={"breaches": [dict(OPEN)] * 2 + [closed(0), closed(0)]})
    d["tokens"] = {"seeking_destruction": 1}
    g = turn(d)
    assert now(g) == after_p1_drawn(d, life=[10, 5], n_deck=[], n_discard=["Seeking Destruction"],
                                    in_play=[(FILLER, 11, 0)])
    assert "seeking_destruction" not in g.state.tokens
    d["tokens"] = {"seeking_destruction": 0}  # Brama no longer has the most: Unleash twice
    g = turn(d)
    assert now(g) == after_p1_drawn(d, fury=3, n_deck=[], n_discard=["Seeking Destruction"],
                                    in_play=[(FILLER, 11, 0)])


def test_card_hemorrhage_lies_in_front_of_a_player_hurts_them_each_turn_until_a_costly_gain() -> None:
    d = make("Hemorrhage", p1={"breaches": [dict(OPEN)] * 2 + [closed(0), closed(0)]})
    g = turn(d)
    assert now(g) == after_p1_drawn(d, fury=2, gravehold=29, n_deck=[FILLER])
    assert g.state.nemesis.decks["in_front"] == ["Hemorrhage"] and g.state.tokens["hemorrhage"] == 1
    assert g.state.nemesis.discard == [] and g.state.nemesis.resolving == []
    d = make(p1={"aether": 5, "hand": ["Crystal", "Spark"]})
    d["nemesis"]["decks"]["in_front"] = ["Hemorrhage"]
    d["tokens"] = {"hemorrhage": 1}
    g = at_player_turn(d, 1)
    assert g.state.players[1].life == 9  # its turn started: 1 damage
    g = at_main(d, 1)
    choose(g, ("gain", "Scoria Slag"))  # 4 Æ while a 5 Æ card is in the supply: it stays
    assert g.state.nemesis.decks["in_front"] == ["Hemorrhage"]
    g = at_main(d, 1)
    choose(g, ("gain", "Erratic Ingot"))  # 5 Æ: discarded
    assert g.state.nemesis.decks["in_front"] == [] and g.state.nemesis.discard == ["Hemorrhage"]
    assert "hemorrhage" not in g.state.tokens


def test_card_marked_for_death_its_player_answers_every_any_player_until_exhausted() -> None:
    d = make("Marked For Death", fury=0)
    g = turn(d, ("player", 0))
    assert now(g) == after_p1_drawn(d, fury=2, n_deck=[FILLER])
    assert g.state.nemesis.decks["in_front"] == ["Marked For Death"] and g.state.tokens["marked_for_death"] == 0
    d = make("Weeping Hex", fury=0)
    d["nemesis"]["decks"]["in_front"] = ["Marked For Death"]
    d["tokens"] = {"marked_for_death": 0}
    g = turn(d)  # no choice: Brama answers the "any player"
    assert now(g) == after_p1_drawn(d, fury=1, life=[8, 10], n_deck=[FILLER], n_discard=["Weeping Hex"],
                                    deck=[["Cursed Shard"], []], curses=without("Cursed Shard"))
    d = make("Conjured Grapple", fury=0, p1={"hand": ["Crystal", "Spark"]})
    d["nemesis"]["decks"]["in_front"] = ["Marked For Death"]
    d["tokens"] = {"marked_for_death": 0}
    g = turn(d, ("card", "Spark"))  # Brama cannot discard two: Mist must (N-6), the mark notwithstanding
    assert g.state.players[1].hand == ["Cursed Manacles"] and g.state.players[0].life == 10
    d = make(in_play=(minion("Nyx, The Spine Cruncher"),), fury=0, p0={"life": 1})
    d["nemesis"]["decks"]["in_front"] = ["Marked For Death"]
    d["tokens"] = {"marked_for_death": 0}
    g = at_nemesis_turn(d)  # Brama is exhausted by the 2 damage: the mark is discarded
    assert g.state.players[0].exhausted
    assert g.state.nemesis.decks["in_front"] == [] and "Marked For Death" in g.state.nemesis.discard
    assert "marked_for_death" not in g.state.tokens



def test_shown_name_an_exact_catalogue_name_picks_that_upgraded_card() -> None:
    """Ray of Desolation is The New Age's card and Ray of Desolation (O) this box's, both shown
    alike: a setup (a saved one too) naming the catalogue name gets that card."""
    na = Game.new(["Brama", "Mist"], "Rageborne", seed=1, upgraded=["Ray of Desolation"])
    oc = Game.new(["Brama", "Mist"], "Rageborne", seed=1, upgraded=["Ray of Desolation (O)"])
    assert na.state.config["upgraded"] == ["Ray of Desolation"] and "Ray of Desolation" in na.state.nemesis.deck
    assert oc.state.config["upgraded"] == ["Ray of Desolation (O)"]
    assert "Ray of Desolation (O)" in oc.state.nemesis.deck and "Ray of Desolation" not in oc.state.nemesis.deck


def test_N_8_the_heuristic_pays_aether_to_finish_a_wanderer_it_can_kill_and_not_one_it_cannot() -> None:
    from gravehold.agents import make_agent

    from support import at_main

    bot = make_agent("heuristic", 0)
    for life, aether, want in ((3, 3, ("pay_damage", "Wandering Lasher")), (5, 3, None)):
        d = make(in_play=(minion("Wandering Lasher", life),))
        d["players"][0].update(hand=[], aether=aether)
        g = at_main(d, 0)
        assert g.decision is not None and ("pay_damage", "Wandering Lasher") in g.decision.options
        got = bot.choose(g.decision, lambda g=g: g.view_for(0))
        assert (got == want) if want else got[0] != "pay_damage", (life, aether, got)
    # paid three times over, the wanderer is gone and the aether spent
    d = make(in_play=(minion("Wandering Lasher", 3),))
    d["players"][0].update(hand=[], aether=3)
    g = at_main(d, 0)
    for _ in range(3):
        assert g.decision is not None
        support.choose(g, bot.choose(g.decision, lambda: g.view_for(0)))
    assert [c.name for c in g.state.nemesis.in_play if c.name == "Wandering Lasher"] == []
    assert g.state.players[0].aether == 0
