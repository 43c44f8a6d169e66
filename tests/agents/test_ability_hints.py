"""Mages whose ability waits for the moment it helps (their box's ``hints.ability``): one
state where the bot holds the charged ability back, one where it uses it."""

from __future__ import annotations

from typing import Any

from gravehold import Game
from gravehold.agents import HeuristicAgent

from support import OPEN, at_main, base_state, closed, player


def pick(g: Game) -> tuple[Any, ...]:
    d = g.decision
    assert d is not None
    seat = d.seat
    a = HeuristicAgent(0).choose(d, lambda: g.view_for(seat))
    assert a in d.options
    return a


def _open(*spells: str) -> dict[str, Any]:
    return {**OPEN, "spells": list(spells)}


def _main(mage: str, charges: int, **kw: Any) -> Game:
    return at_main(base_state([player(mage, charges=charges, max_charges=charges, **kw), player("Brama")]))


def _chosen(g: Game) -> tuple[Any, ...]:
    d = g.decision
    assert d is not None and ("ability", 0) in d.options, "the ability should be offered"
    return pick(g)


# ---------------------------------------------------------------- Gygar (LOG): Contained Burst


def test_gygar_log_waits_for_a_second_prepped_spell() -> None:
    g = _main("Gygar (LOG)", 5, breaches=[_open("Spark"), OPEN, closed(1), closed(1)])
    assert _chosen(g) == ("end_main",)


def test_gygar_log_casts_two_prepped_spells() -> None:
    g = _main("Gygar (LOG)", 5, breaches=[_open("Spark"), _open("Jagged Lightning"), closed(1), closed(1)])
    assert _chosen(g) == ("ability", 0)


def test_gygar_log_with_one_breach_casts_its_one_spell() -> None:
    g = _main("Gygar (LOG)", 5, breaches=[_open("Spark"), closed(1), closed(1), closed(1)])
    assert _chosen(g) == ("ability", 0)


# ---------------------------------------------------------------- Talix (LOG): Soaring Ash


def test_talix_log_waits_for_two_prepped_sparks() -> None:
    g = _main("Talix (LOG)", 5, breaches=[_open("Spark"), _open("Jagged Lightning"), closed(1), closed(0)])
    assert _chosen(g) == ("end_main",)


def test_talix_log_casts_two_prepped_sparks() -> None:
    g = _main("Talix (LOG)", 5, breaches=[_open("Spark"), _open("Spark"), closed(1), closed(0)])
    assert _chosen(g) == ("ability", 0)


# ---------------------------------------------------------------- Lost (LOG): Encase in Steel


def test_lost_log_waits_for_spells_in_her_discard_pile() -> None:
    g = _main("Lost (LOG)", 4, discard=["Spark", "Spark", "Crystal", "Crystal"])
    assert _chosen(g) == ("end_main",)


def test_lost_log_strikes_with_four_spells_in_her_discard_pile() -> None:
    g = _main("Lost (LOG)", 4, discard=["Spark", "Spark", "Spark", "Spark", "Crystal"])
    assert _chosen(g) == ("ability", 0)


def test_lost_log_strikes_early_to_kill_a_minion() -> None:
    d = base_state([player("Lost (LOG)", charges=4, max_charges=4, discard=["Spark", "Spark"]), player("Brama")])
    d["nemesis"]["in_play"] = [{"name": "Provoker", "life": 2}]
    assert _chosen(at_main(d)) == ("ability", 0)


# ---------------------------------------------------------------- Talix (NA): Soaring Ash


def _talix(hand: list[str], gravehold: int) -> Game:
    d = base_state([player("Talix", charges=5, max_charges=5, hand=hand, breaches=[_open("Spark"), closed(2), closed(1),
                                                                                      closed(1)]),
                    player("Brama")])
    d["gravehold"] = {"life": gravehold, "max_life": 30}
    d["turn_order"] = {"deck": ["P2", "N", "P1", "P2", "N"], "discard": ["P1"]}
    return at_main(d)


def test_talix_waits_with_no_sparks_in_hand_and_gravehold_whole() -> None:
    assert _chosen(_talix([], 30)) == ("end_main",)


def test_talix_soars_with_two_sparks_in_hand() -> None:
    assert _chosen(_talix(["Spark", "Spark"], 30)) == ("ability", 0)


def test_talix_heals_a_hurt_gravehold() -> None:
    assert _chosen(_talix([], 24)) == ("ability", 0)


# ---------------------------------------------------------------- Soskel (LOG): Tactician's Gambit


def _soskel(discard: list[str]) -> Game:
    return at_main(base_state([player("Soskel (LOG)", charges=5, max_charges=5),
                               player("Brama", discard=discard)]))


def test_soskel_log_waits_for_cards_worth_returning() -> None:
    assert _chosen(_soskel(["Crystal", "Spark", "Jagged Lightning"])) == ("end_main",)


def test_soskel_log_returns_two_bought_cards() -> None:
    assert _chosen(_soskel(["Crystal", "Fiery Torrent", "Jagged Lightning"])) == ("ability", 0)
