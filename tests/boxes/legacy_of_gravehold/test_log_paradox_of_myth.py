"""Paradox of Myth (Legacy of Gravehold): its mat (the Myth Unleash token, the villager deck
and its piles, the paid removal of power tokens, no maximum life), its increased difficulty,
its six villagers and its nine cards, from exact states.

Each test builds a small exact state (Brama and Mist, against Paradox of Myth), runs an
Unleash, a nemesis turn, a main-phase action or effect steps, and compares a snapshot of
every zone the nemesis can touch (its tokens, the villager piles, shields and fire included)
with the starting one plus only the expected changes.
"""

from __future__ import annotations

from typing import Any

from gravehold import Game
from gravehold.agents import make_agent
from gravehold.boxes.legacy_of_gravehold.nemeses import paradox_of_myth as pm
from gravehold.content import registry
from gravehold.content.text import nemesis_card_text, nemesis_text, panels
from gravehold.engine.view import view_for

import support
from support import at_main, at_nemesis_turn, choose, events, minion, power, run_steps, turn

PM = "Paradox of Myth"
FILLER = "Needlemaw"  # drawn by the nemesis after a test's own card: a minion that only enters play
TOKEN = pm.MYTH_TOKEN
V, VD = "villager", "villager_discard"


def make(*top: str, in_play: tuple[dict[str, Any], ...] = (), villagers: tuple[str, ...] = ("Joy", "Remiel"),
         discard: tuple[str, ...] = (), side: int = 0, gravehold: int = 30, life: int = 50,
         p0: dict[str, Any] | None = None, p1: dict[str, Any] | None = None, expert: bool = False,
         solo: bool = False) -> dict[str, Any]:
    """Brama and Mist against Paradox of Myth: ``top`` on the nemesis deck, then the filler;
    ``villagers`` the villager deck (top first), ``discard`` the villager discard pile."""
    d = support.facing(PM, life, top, FILLER, in_play=in_play, p0=p0, p1=p1, expert=expert, solo=solo,
                       tokens={TOKEN: side}, decks={V: list(villagers), VD: list(discard)}, deck=("Spark",))
    d["gravehold"]["life"] = gravehold
    return d


def _shields(d: dict[str, Any]) -> list[tuple[str, int]]:
    return [(c["name"], c.get("shields", 0)) for c in d["nemesis"]["in_play"]]


def _fire(d: dict[str, Any]) -> int:
    return int(d.get("tokens", {}).get("fire", 0))


SNAPSHOT = support.Snapshot(*support.SNAP_BASE, "tokens", "decks", "to_deck", "to_discard",
                            shields=_shields, fire=_fire)
snap, expect, now = SNAPSHOT.snap, SNAPSHOT.expect, SNAPSHOT.now


def decks(deck: tuple[str, ...] = (), discard: tuple[str, ...] = ()) -> dict[str, list[str]]:
    return {V: list(deck), VD: list(discard)}


def in_play_after(d: dict[str, Any], *more: tuple[str, int, int], drop: tuple[str, ...] = ()) -> list[Any]:
    return [*(c for c in snap(d)["in_play"] if c[0] not in drop), *more]


def after_turn(d: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """``expect`` after a nemesis turn that drew the filler and then P1's turn order card."""
    to = d["turn_order"]
    changes.setdefault("to_deck", to["deck"][1:])
    changes.setdefault("to_discard", [*to["discard"], "P1"])
    changes.setdefault("n_deck", d["nemesis"]["deck"][1:])
    changes.setdefault("in_play", [*snap(d)["in_play"], (FILLER, 11, 0)])
    changes.setdefault("shields", [*snap(d)["shields"], (FILLER, 0)])
    return expect(d, **changes)


def vil(name: str, life: int | None = None) -> dict[str, Any]:
    return minion(name, life)


# =========================================================================== setup and the mat


def test_S_7_paradox_of_myth_setup_two_villagers_in_play_a_shuffled_villager_deck_and_the_starting_side() -> None:
    g = Game.new(mages=["Brama", "Mist"], nemesis=PM, seed=3)
    n = g.state.nemesis
    assert n.life == 50 and n.max_life == 50 and registry.NEMESES[PM].no_max_life  # S-4: no maximum
    assert n.tokens == {TOKEN: 0}
    names = [c.name for c in n.in_play]
    assert len(names) == 2 and all(pm.is_villager(x) for x in names)
    assert all(c.life == registry.NEMESIS_CARDS[c.name].life and c.shields == 0 for c in n.in_play)
    assert sorted(names + n.decks[V]) == sorted(c.name for c in pm.VILLAGERS)
    assert n.decks[VD] == []
    assert "Kit" not in n.deck and "Chain Whip" in n.deck and "Petrify (Paradox of Myth)" in n.deck
    assert registry.NEMESIS_CARDS["Kit"].tier == 0 and registry.NEMESIS_CARDS["Kit"].deck == V
    assert registry.NEMESES[PM].deck_faces == {VD: "up"}
    orders = {tuple(Game.new(mages=["Brama", "Mist"], nemesis=PM, seed=s).state.nemesis.decks[V])
              for s in range(6)}
    assert len(orders) > 1  # shuffled


def test_S_9_paradox_of_myth_increased_difficulty_villagers_enter_with_one_more_life_and_a_shield() -> None:
    g = Game.new(mages=["Brama", "Mist"], nemesis=PM, seed=3, difficulty="expert")
    for c in g.state.nemesis.in_play:
        assert (c.life, c.shields) == (registry.NEMESIS_CARDS[c.name].life + 1, 1)
    d = make(expert=True, villagers=("Kit",))
    g = run_steps(d, [("myth_villagers_in", 1, 0)])
    assert now(g) == expect(d, in_play=[("Kit", 6, 0)], shields=[("Kit", 1)], decks=decks())


def test_N_4_paradox_of_myth_unleash_starting_side_gravehold_two_and_myth_gains_two() -> None:
    d = make(gravehold=6)
    g = run_steps(d, [("unleash", 1)])
    assert now(g) == expect(d, gravehold=4, nemesis_life=52)
    assert g.state.nemesis.max_life == 50  # S-4: no maximum life; the starting one stays


def test_N_4_paradox_of_myth_unleash_starting_side_below_six_flips_the_token_heals_and_places_a_villager() -> None:
    d = make(gravehold=5)
    g = run_steps(d, [("unleash", 1)])
    assert now(g) == expect(d, gravehold=8, tokens={TOKEN: 1}, in_play=[("Joy", 5, 0)], shields=[("Joy", 0)],
                            decks=decks(("Remiel",)))
    assert events(g, "myth_flipped")


def test_N_4_paradox_of_myth_unleash_other_side_at_twelve_heals_three_and_places_a_villager() -> None:
    d = make(gravehold=12, side=1)
    g = run_steps(d, [("unleash", 1)])
    assert now(g) == expect(d, gravehold=15, in_play=[("Joy", 5, 0)], shields=[("Joy", 0)],
                            decks=decks(("Remiel",)))


def test_N_4_paradox_of_myth_unleash_other_side_above_twelve_flips_back_to_the_starting_side() -> None:
    d = make(gravehold=13, side=1)
    g = run_steps(d, [("unleash", 1)])
    assert now(g) == expect(d, gravehold=11, nemesis_life=52, tokens={TOKEN: 0})


def test_S_4_paradox_of_myth_has_no_maximum_life() -> None:
    d = make()
    g = run_steps(d, [("myth_gain", 30), ("unleash", 1)])
    assert now(g) == expect(d, nemesis_life=82, gravehold=28)
    assert g.state.nemesis.max_life == 50
    again = Game.from_json(g.to_json())  # a saved game above its starting life reloads
    assert again.state.nemesis.life == 82


def test_E_1_paradox_of_myth_exhaustion_is_two_of_its_unleashes() -> None:
    d = make(p0={"life": 1})
    g = run_steps(d, [("suffer", 1)])
    assert now(g) == expect(d, life=[0, 10], exhausted=[True, False], gravehold=26, nemesis_life=54)


# =========================================================================== the villager piles


def test_N_12_paradox_of_myth_an_empty_villager_deck_is_refilled_from_the_villager_discard_pile() -> None:
    d = make(villagers=(), discard=("Kit",))
    g = run_steps(d, [("myth_villagers_in", 1, 0)])
    assert now(g) == expect(d, in_play=[("Kit", 5, 0)], shields=[("Kit", 0)], decks=decks())
    assert events(g, "villagers_reshuffled")


def test_N_12_paradox_of_myth_no_villager_left_every_villager_in_play_acts_oldest_first() -> None:
    d = make(villagers=(), in_play=(vil("Remiel"), vil("Vairsena")))
    g = run_steps(d, [("myth_villagers_in", 1, 0)])
    assert now(g) == expect(d, gravehold=28, in_play=[("Remiel", 5, 0), ("Vairsena", 6, 0)])
    assert [e["card"] for e in events(g, "persistent")] == ["Remiel", "Vairsena"]


def test_N_12_paradox_of_myth_calcify_with_no_villager_left_every_villager_acts_twice() -> None:
    d = make("Calcify", villagers=(), in_play=(vil("Remiel", 2),))
    g = turn(d)
    assert now(g) == after_turn(d, gravehold=27, n_discard=["Calcify"], n_deck=[FILLER],
                                in_play=[("Remiel", 2, 0)], shields=[("Remiel", 1)])
    assert [e["card"] for e in events(g, "persistent")] == ["Remiel", "Remiel", "Remiel"]


def test_P_4_paradox_of_myth_a_defeated_villager_goes_to_the_villager_discard_pile() -> None:
    d = make(in_play=(vil("Kit", 2),))
    g = run_steps(d, [("damage", 2)])
    choose(g, ("target", "Kit"))
    assert now(g) == expect(d, in_play=[], shields=[], decks=decks(("Joy", "Remiel"), ("Kit",)))


def test_N_1_paradox_of_myth_a_villager_placed_in_the_main_phase_does_not_act_that_turn() -> None:
    d = make(in_play=(power("Compelled Force", 1),), gravehold=10, side=1, villagers=("Kit",))
    g = turn(d)
    assert now(g) == after_turn(d, gravehold=13, n_discard=["Compelled Force"],
                                in_play=[("Kit", 5, 0), (FILLER, 11, 0)], shields=[("Kit", 0), (FILLER, 0)],
                                decks=decks())
    assert not events(g, "persistent")


# =========================================================================== the paid power-token removal


def test_P_14_paradox_of_myth_three_aether_takes_a_power_token_off_never_the_last_and_fires_nothing() -> None:
    d = make(in_play=(power("Blessing of Possession", 2), power("Glowing Immortality", 1)), p0={"aether": 4})
    g = at_main(d)
    assert ("power_token_bought", "Blessing of Possession") in g.legal_actions()
    assert ("power_token_bought", "Glowing Immortality") not in g.legal_actions()  # its last token stays
    choose(g, ("power_token_bought", "Blessing of Possession"))
    assert now(g) == expect(d, aether=[1, 0], in_play=[("Blessing of Possession", 0, 1), ("Glowing Immortality", 0, 1)])
    assert ("power_token_bought", "Blessing of Possession") not in g.legal_actions()
    d = make(in_play=(power("Blessing of Possession", 2),), p0={"aether": 2})
    assert not [a for a in at_main(d).legal_actions() if a[0] == "power_token_bought"]


# =========================================================================== villagers


def test_card_kit_persistent_any_player_suffers_one() -> None:
    d = make(in_play=(vil("Kit"),))
    g = turn(d, ("player", 1))
    assert now(g) == after_turn(d, life=[10, 9])


def test_card_kit_with_joy_in_play_that_player_also_discards() -> None:
    d = make(in_play=(vil("Kit"), vil("Joy", 1)), p0={"hand": ["Crystal", "Crystal"]})
    g = turn(d, ("player", 1))  # Kit: P2 suffers 1 and discards; Joy then must pick P1, the one with cards
    assert now(g) == after_turn(d, life=[9, 9], hand=[["Crystal"], []], discard=[["Crystal"], ["Crystal"]])


def test_card_joy_persistent_any_player_discards_a_card() -> None:
    d = make(in_play=(vil("Joy"),))
    g = turn(d, ("player", 1))
    assert now(g) == after_turn(d, hand=[["Crystal"], []], discard=[[], ["Crystal"]])


def test_card_remiel_persistent_gravehold_one_and_with_vairsena_both_grow_above_printed_life() -> None:
    d = make(in_play=(vil("Remiel"),))
    assert now(turn(d)) == after_turn(d, gravehold=29)
    d = make(in_play=(vil("Remiel"), vil("Vairsena")))
    g = turn(d)
    assert now(g) == after_turn(d, gravehold=28, in_play=[("Remiel", 5, 0), ("Vairsena", 6, 0), (FILLER, 11, 0)])
    assert Game.from_json(g.to_json()) == g  # above printed life, the state still loads (N-10)


def test_card_tyreesia_any_player_with_a_charge_loses_one_and_with_kiryra_a_fire_token() -> None:
    d = make(in_play=(vil("Tyreesia"),), p1={"charges": 2})
    assert now(turn(d)) == after_turn(d, charges=[0, 1])
    d = make(in_play=(vil("Tyreesia"), vil("Kiryra")), p0={"charges": 1}, p1={"charges": 1})
    g = turn(d, ("player", 0))  # Kiryra's charge then comes from P2, the one left with a charge
    assert now(g) == after_turn(d, charges=[0, 0], fire=2)


def test_card_kiryra_a_fire_token_and_ten_lose_the_game() -> None:
    d = make(in_play=(vil("Kiryra"),))
    assert now(turn(d)) == after_turn(d, fire=1)
    d = make(in_play=(vil("Kiryra"),))
    d["tokens"] = {"fire": 9}
    g = at_nemesis_turn(d)
    assert g.over and (g.result, g.reason) == ("loss", "fire")


# =========================================================================== tier 1


def test_card_petrify_two_villagers_each_suffer_three() -> None:
    d = make("Petrify (Paradox of Myth)", villagers=("Kit", "Remiel", "Joy"))
    g = turn(d)
    assert now(g) == after_turn(d, n_discard=["Petrify (Paradox of Myth)"], n_deck=[FILLER],
                                in_play=[("Kit", 2, 0), ("Remiel", 1, 0)],
                                shields=[("Kit", 0), ("Remiel", 0)], decks=decks(("Joy",)))


def test_card_petrify_a_shield_soaks_and_zealous_devotion_takes_one_off() -> None:
    d = make(expert=True, villagers=("Kit", "Remiel"), in_play=(power("Zealous Devotion", 3),))
    g = run_steps(d, [("myth_villagers_in", 2, 3)])
    assert now(g) == expect(d, in_play=[("Zealous Devotion", 0, 3), ("Kit", 6, 0), ("Remiel", 5, 0)],
                            shields=[("Zealous Devotion", 0), ("Kit", 0), ("Remiel", 0)], decks=decks())


def test_card_chain_whip_immediately_a_villager_then_each_persistent_heals_the_villager() -> None:
    d = make("Chain Whip", in_play=(vil("Remiel", 3),))
    g = turn(d)
    assert now(g) == after_turn(d, gravehold=29, n_deck=[FILLER],
                                in_play=[("Remiel", 3, 0), ("Joy", 5, 0), ("Chain Whip", 0, 3)],
                                shields=[("Remiel", 0), ("Joy", 0), ("Chain Whip", 0)], decks=decks(("Remiel",)))
    d = make(in_play=(vil("Remiel"), power("Chain Whip", 3)))
    g = turn(d)
    assert now(g) == after_turn(d, gravehold=29, in_play=[("Remiel", 5, 0), ("Chain Whip", 0, 2), (FILLER, 11, 0)])


def test_card_chain_whip_power_unleash_then_any_player_suffers_two_or_discards_two() -> None:
    d = make(in_play=(power("Chain Whip", 1),), p1={"hand": ["Crystal", "Spark"]})
    g = at_nemesis_turn(d)
    choose(g, ("player", 1))
    assert g.decision is not None and g.decision.kind == "or" and g.decision.player == 1
    choose(g, ("choose", 1))
    choose(g, ("card", "Crystal"))  # the second is forced
    support.at_p1_main(g)
    assert now(g) == after_turn(d, gravehold=28, nemesis_life=52, n_discard=["Chain Whip"],
                                in_play=[(FILLER, 11, 0)], shields=[(FILLER, 0)],
                                hand=[["Crystal"], []], discard=[[], ["Crystal", "Spark"]])


def test_card_compelled_force_a_tick_in_the_nemesis_turn_makes_the_oldest_villager_act() -> None:
    d = make(in_play=(vil("Remiel"), vil("Vairsena", 3), power("Compelled Force", 2)))
    g = turn(d)
    # Remiel and Vairsena act (each grows with the other in play), then the tick: Remiel again
    assert now(g) == after_turn(d, gravehold=27, in_play=[("Remiel", 6, 0), ("Vairsena", 4, 0),
                                                          ("Compelled Force", 0, 1), (FILLER, 11, 0)])


def test_card_compelled_force_power_the_last_tick_acts_then_unleash() -> None:
    d = make(in_play=(vil("Remiel"), power("Compelled Force", 1)))
    g = turn(d)
    assert now(g) == after_turn(d, gravehold=26, nemesis_life=52, n_discard=["Compelled Force"],
                                in_play=[("Remiel", 4, 0), (FILLER, 11, 0)], shields=[("Remiel", 0), (FILLER, 0)])


# =========================================================================== tier 2


def test_card_vengeful_solitude_a_tick_hurts_a_player_by_the_villagers_in_play() -> None:
    d = make(in_play=(vil("Remiel"), vil("Vairsena"), power("Vengeful Solitude", 2)))
    g = turn(d, ("player", 1))
    assert now(g) == after_turn(d, life=[10, 8], gravehold=28, in_play=[
        ("Remiel", 5, 0), ("Vairsena", 6, 0), ("Vengeful Solitude", 0, 1), (FILLER, 11, 0)])


def test_card_vengeful_solitude_power_unleash_twice() -> None:
    d = make(in_play=(power("Vengeful Solitude", 1),))
    g = turn(d)
    assert now(g) == after_turn(d, gravehold=26, nemesis_life=54, n_discard=["Vengeful Solitude"],
                                in_play=[(FILLER, 11, 0)], shields=[(FILLER, 0)])


def test_card_zealous_devotion_a_players_damage_to_a_villager_is_one_less_power_unleash_twice() -> None:
    d = make(in_play=(vil("Kit"), power("Zealous Devotion", 3)))
    g = run_steps(d, [("damage", 3)])
    choose(g, ("target", "Kit"))
    assert now(g) == expect(d, in_play=[("Kit", 3, 0), ("Zealous Devotion", 0, 3)])
    g = run_steps(d, [("damage", 3)])
    choose(g, ("target", "nemesis"))
    assert now(g) == expect(d, nemesis_life=47)
    d = make(in_play=(power("Zealous Devotion", 1),))
    assert now(turn(d)) == after_turn(d, gravehold=26, nemesis_life=54, n_discard=["Zealous Devotion"],
                                      in_play=[(FILLER, 11, 0)], shields=[(FILLER, 0)])


def test_card_zealous_devotion_immediately_places_a_villager() -> None:
    d = make("Zealous Devotion")
    g = turn(d)
    assert now(g) == after_turn(d, n_deck=[FILLER], in_play=[("Joy", 5, 0), ("Zealous Devotion", 0, 3)],
                                shields=[("Joy", 0), ("Zealous Devotion", 0)], decks=decks(("Remiel",)))


def test_card_blessing_of_possession_each_nemesis_tick_gains_four_power_gravehold_four_and_unleash() -> None:
    d = make(in_play=(power("Blessing of Possession", 3),))
    assert now(turn(d)) == after_turn(d, nemesis_life=54, in_play=[("Blessing of Possession", 0, 2), (FILLER, 11, 0)])
    d = make(in_play=(power("Blessing of Possession", 1),))
    assert now(turn(d)) == after_turn(d, nemesis_life=56, gravehold=24, n_discard=["Blessing of Possession"],
                                      in_play=[(FILLER, 11, 0)], shields=[(FILLER, 0)])


# =========================================================================== tier 3


def test_card_calcify_two_villagers_then_every_villager_gains_a_shield() -> None:
    d = make("Calcify", in_play=(vil("Vairsena"),), villagers=("Joy", "Remiel", "Tyreesia"))
    g = turn(d)
    assert now(g) == after_turn(d, gravehold=29, n_discard=["Calcify"], n_deck=[FILLER],
                                in_play=[("Vairsena", 5, 0), ("Joy", 5, 0), ("Remiel", 4, 0)],
                                shields=[("Vairsena", 1), ("Joy", 1), ("Remiel", 1)], decks=decks(("Tyreesia",)))


def test_card_chain_snare_a_villagers_damage_is_two_more_power_gravehold_four_and_unleash() -> None:
    d = make(in_play=(vil("Kit"), vil("Remiel"), power("Chain Snare", 3)))
    g = turn(d, ("player", 0))
    assert now(g) == after_turn(d, life=[7, 10], gravehold=27,
                                in_play=[("Kit", 5, 0), ("Remiel", 4, 0), ("Chain Snare", 0, 2), (FILLER, 11, 0)])
    d = make(in_play=(power("Chain Snare", 1),))
    assert now(turn(d)) == after_turn(d, gravehold=24, nemesis_life=52, n_discard=["Chain Snare"],
                                      in_play=[(FILLER, 11, 0)], shields=[(FILLER, 0)])


def test_card_glowing_immortality_each_nemesis_tick_gains_five_power_unleash_three_times() -> None:
    d = make(in_play=(power("Glowing Immortality", 2),))
    assert now(turn(d)) == after_turn(d, nemesis_life=55, in_play=[("Glowing Immortality", 0, 1), (FILLER, 11, 0)])
    d = make(in_play=(power("Glowing Immortality", 1),))
    assert now(turn(d)) == after_turn(d, nemesis_life=61, gravehold=24, n_discard=["Glowing Immortality"],
                                      in_play=[(FILLER, 11, 0)], shields=[(FILLER, 0)])


# =========================================================================== texts and bots


def test_K_13_paradox_of_myth_texts_name_the_token_the_villagers_and_the_readings() -> None:
    mat = nemesis_text(registry.NEMESES[PM])
    assert "Myth Unleash token" in mat and "villager discard pile" in mat and "no maximum life" in mat
    assert "project's reading" in mat and "3 Æ" in mat
    assert "PERSISTENT" in nemesis_card_text(registry.NEMESIS_CARDS["Kit"])
    assert registry.NEMESIS_CARDS["Petrify (Paradox of Myth)"].shown == "Petrify"
    assert set(pm.READINGS) >= {"both_piles_empty", "snare_extra", "fire"}


def test_K_13_paradox_of_myth_log_lines_and_board() -> None:
    from gravehold.events_text import event_text

    g = run_steps(make(gravehold=5), [("unleash", 1)])
    assert event_text(events(g, "myth_flipped")[0]) == "the Myth Unleash token turns to its other side (Unleash)"
    g = Game.from_dict(make(side=1, discard=("Kit",)))
    assert next(p for p in panels(view_for(g.state, 0)) if p[0] == "Myth")[1] == \
        "Myth Unleash token: other side up; villager deck 2, villager discard pile 1"


def _play(kind: str, seed: int) -> Game:
    g = Game.new(mages=["Brama", "Mist"], nemesis=PM, seed=seed, market="random")
    agents = [make_agent(kind, seed * 7 + i) for i in range(4)]
    n = 0
    while not g.over and n < 20000:
        dec = g.decision
        assert dec is not None
        seat = dec.seat
        g.apply(agents[seat].choose(dec, lambda seat=seat, g=g: g.view_for(seat)))  # type: ignore[misc]
        n += 1
    return g


def test_nemesis_paradox_of_myth_random_and_heuristic_bots_play_seeded_games_to_the_end() -> None:
    for seed in range(2):
        assert _play("random", seed).over
        assert _play("heuristic", seed).over
