"""Mother of Rust (Legacy of Gravehold): its mat (her prevented damage, the rustborn deck and
its discard pile, the rush, the win without rustborn, the exhaustion rule), its increased
difficulty, its six rustborn and its nine cards, from exact states.

Each test builds a small exact state (Brama and Mist, against Mother of Rust), runs an Unleash,
a nemesis turn or effect steps, and compares a snapshot of every zone the nemesis can touch
(its tokens and the rustborn decks included) with the starting one plus only the expected
changes.
"""

from __future__ import annotations

import random
from typing import Any

from gravehold import Game
from gravehold.agents import make_agent
from gravehold.boxes.legacy_of_gravehold.nemeses import mother_of_rust as mr
from gravehold.content import registry
from gravehold.content.text import nemesis_card_text, nemesis_text, panels
from gravehold.engine.view import view_for
from gravehold.events_text import event_text

import support
from support import at_main, at_nemesis_turn, choose, events, minion, power, run_steps, turn

MR = "Mother of Rust"
FILLER = "Needlemaw"  # drawn by the nemesis after a test's own card: a minion that only enters play
AMASS = "Amass (Mother of Rust)"


def make(*top: str, in_play: tuple[dict[str, Any], ...] = (), rustborn: tuple[str, ...] = ("Toxo", "Flit", "Coiler"),
         gone: tuple[str, ...] = (), tokens: dict[str, int] | None = None, p0: dict[str, Any] | None = None,
         p1: dict[str, Any] | None = None, expert: bool = False, solo: bool = False) -> dict[str, Any]:
    """Brama and Mist (Brama alone when ``solo``) against Mother of Rust: ``top`` on the nemesis
    deck, then the filler; ``rustborn`` the rustborn deck (top first), ``gone`` its discard pile;
    her life is the rustborn left, as the mat's reading keeps it."""
    left = len(rustborn) + sum(mr.is_rustborn(c["name"]) for c in in_play)
    d = support.facing(MR, left, top, FILLER, in_play=in_play, p0=p0, p1=p1, expert=expert, solo=solo,
                       tokens=tokens, decks={mr.DECK: list(rustborn), mr.DISCARD: list(gone)}, deck=("Spark",))
    d["nemesis"]["max_life"] = 24
    return d


SNAPSHOT = support.Snapshot(*support.SNAP_BASE, "tokens", "decks", "to_deck", "to_discard")
snap, expect, now = SNAPSHOT.snap, SNAPSHOT.expect, SNAPSHOT.now


def rb(deck: tuple[str, ...] | list[str], gone: tuple[str, ...] | list[str] = ()) -> dict[str, list[str]]:
    return {mr.DECK: list(deck), mr.DISCARD: list(gone)}


def after_turn(d: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """``expect`` after a nemesis turn that drew the filler and then P1's turn order card."""
    to = d["turn_order"]
    changes.setdefault("to_deck", to["deck"][1:])
    changes.setdefault("to_discard", [*to["discard"], "P1"])
    changes.setdefault("n_deck", d["nemesis"]["deck"][1:])
    changes.setdefault("in_play", [*(c for c in snap(d)["in_play"] if c[1]), (FILLER, 11, 0)])
    return expect(d, **changes)


def prepped(*spells: str) -> list[dict[str, Any]]:
    return [{"state": "open", "spells": list(spells)}, support.closed(1), support.closed(0), support.closed(2)]


def rush(name: str, life: int | None = None) -> tuple[str, int, int]:
    return (name, registry.NEMESIS_CARDS[name].life if life is None else life, 0)


# =========================================================================== the mat


def test_S_7_mother_of_rust_setup_one_rustborn_in_play_and_her_life_counts_the_rustborn() -> None:
    g = Game.new(mages=["Brama", "Mist"], nemesis=MR, seed=5)
    n = g.state.nemesis
    assert (n.life, n.max_life) == (24, 24)
    assert len(n.in_play) == 1 and mr.is_rustborn(n.in_play[0].name) and n.in_play[0].life == 3
    every = sorted([*n.decks[mr.DECK], n.in_play[0].name])
    assert every == sorted(c for c in ("Coiler", "Skittron", "Exopede", "Striddle", "Toxo", "Flit") for _ in range(4))
    assert n.decks[mr.DECK] != sorted(n.decks[mr.DECK])  # shuffled face down
    assert n.decks[mr.DISCARD] == [] and n.tokens == {}
    assert "Coiler" not in n.deck and "Replex" in n.deck and AMASS in n.deck
    c = registry.NEMESIS_CARDS["Striddle"]
    assert (c.tier, c.deck, c.type, c.life) == (0, "rustborn", "minion", 3)


def test_S_9_mother_of_rust_increased_difficulty_setup_places_two() -> None:
    g = Game.new(mages=["Brama", "Mist"], nemesis=MR, seed=5, difficulty="expert")
    n = g.state.nemesis
    assert len(n.in_play) == 2 and len(n.decks[mr.DECK]) == 22 and n.life == 24


def test_K_14_mother_of_rust_prevents_all_damage_and_is_never_a_target() -> None:
    d = make(in_play=(minion("Toxo"), minion("Flit")))
    g = run_steps(d, [("damage", 3)])
    assert g.legal_actions() == [("target", "Toxo"), ("target", "Flit")]  # her target is never offered
    g = run_steps(d, [])
    from gravehold.engine.damage import nemesis_damage
    nemesis_damage(g.engine, 5, "Spark")  # the mat's rule "mother_immune": every hit is prevented
    assert g.state.nemesis.life == 5 and not g.over


def test_N_4_mother_of_rust_unleash_a_nemesis_token_and_a_rustborn_into_play() -> None:
    d = make(in_play=(minion("Coiler"),))
    g = run_steps(d, [("unleash", 1)])
    assert now(g) == expect(d, tokens={"nemesis": 1}, in_play=[rush("Coiler"), rush("Toxo")],
                            decks=rb(["Flit", "Coiler"]))


def test_N_7_mother_of_rust_the_rustborn_rush_at_four_tokens_oldest_first_then_she_loses_four() -> None:
    d = make(in_play=(minion("Toxo"), minion("Skittron")), tokens={"nemesis": 5})
    g = turn(d, ("player", 1))  # Toxo hurts Gravehold, then Skittron: any player suffers 2
    assert now(g) == after_turn(d, gravehold=28, life=[10, 8], tokens={"nemesis": 1})
    assert [e["card"] for e in events(g, "rustborn_rush")] == ["Toxo", "Skittron"]
    assert event_text(events(g, "rustborn_rush")[0]) == "Toxo rushes (Mother of Rust)"


def test_N_7_mother_of_rust_no_rush_below_four_tokens_and_once_a_turn_above_eight() -> None:
    d = make(in_play=(minion("Toxo"),), tokens={"nemesis": 3})
    g = turn(d)
    assert now(g) == after_turn(d)
    d = make(in_play=(minion("Toxo"),), tokens={"nemesis": 9})
    g = turn(d)
    assert now(g) == after_turn(d, gravehold=28, tokens={"nemesis": 5})


def test_G_1_mother_of_rust_a_beaten_rustborn_goes_to_the_rustborn_discard_pile() -> None:
    d = make(in_play=(minion("Coiler"), minion("Toxo")))
    g = run_steps(d, [("damage", 3)])
    choose(g, ("target", "Coiler"))
    assert now(g) == expect(d, nemesis_life=4, in_play=[rush("Toxo")], decks=rb(["Toxo", "Flit", "Coiler"], ["Coiler"]))
    assert event_text(events(g, "rustborn_discarded")[0]) == "Coiler goes to the rustborn discard pile"


def test_G_1_mother_of_rust_with_no_rustborn_left_in_play_the_next_one_enters() -> None:
    d = make(in_play=(minion("Coiler"),))
    g = run_steps(d, [("damage", 3)])  # one target: no decision
    assert now(g) == expect(d, nemesis_life=3, in_play=[rush("Toxo")], decks=rb(["Flit", "Coiler"], ["Coiler"]))


def test_G_1_mother_of_rust_no_rustborn_in_the_deck_nor_in_play_wins_at_once() -> None:
    d = make(in_play=(minion("Coiler"),), rustborn=())
    g = run_steps(d, [("damage", 3)])
    assert g.over and (g.result, g.reason) == ("win", "nemesis_rule") and g.state.nemesis.life == 0


def test_N_10_mother_of_rust_placing_from_an_empty_deck_heals_every_rustborn_past_its_life() -> None:
    d = make(in_play=(minion("Coiler"), minion("Toxo", 1)), rustborn=())
    g = run_steps(d, [("unleash", 1)])
    assert now(g) == expect(d, tokens={"nemesis": 1}, in_play=[rush("Coiler", 4), rush("Toxo", 2)])


def test_E_6_mother_of_rust_exhaustion_places_two_rustborn_instead_of_unleashing() -> None:
    d = make(in_play=(minion("Coiler"),), p0={"life": 1})
    g = run_steps(d, [("suffer", 1)])
    choose(g, ("breach", 0))  # E-1 goes on: a breach destroyed
    assert now(g) == expect(d, life=[0, 10], exhausted=[True, False], in_play=[rush("Coiler"), rush("Toxo"),
                            rush("Flit")], decks=rb(["Coiler"]),
                            breaches=[["destroyed", "closed", "closed", "closed"],
                                      ["open", "closed", "closed", "closed"]])
    assert events(g, "unleash") == [] and g.state.flags[mr.RESTING] == (1, 2)


def test_E_6_mother_of_rust_rustborn_placed_on_exhaustion_do_not_rush_that_turn() -> None:
    # Replex resolves the oldest rustborn's RUSH: Coiler exhausts Brama (1 life), so two Toxos enter
    # play resting; at the end of the turn only Coiler rushes (at Mist, the lowest living player)
    d = make(in_play=(minion("Coiler"), minion("Replex")), rustborn=("Toxo", "Toxo", "Flit"), tokens={"nemesis": 4},
             p0={"life": 1, "hand": ["Crystal", "Crystal"]}, p1={"hand": ["Crystal", "Spark"]})
    g = at_nemesis_turn(d)
    choose(g, ("breach", 0))
    choose(g, ("card", "Spark"))
    support.at_p1_main(g)
    assert now(g) == after_turn(d, life=[0, 9], exhausted=[True, False], hand=[["Crystal"], ["Crystal"]],
                                discard=[["Crystal"], ["Spark"]], tokens={"nemesis": 0},
                                in_play=[rush("Coiler"), rush("Replex"), rush("Toxo"), rush("Toxo"), (FILLER, 11, 0)],
                                decks=rb(["Flit"]),
                                breaches=[["destroyed", "closed", "closed", "closed"],
                                          ["open", "closed", "closed", "closed"]])
    assert [e["card"] for e in events(g, "rustborn_rush")] == ["Coiler", "Coiler"]


def test_E_6_mother_of_rust_resting_places_follow_the_play_area() -> None:
    d = make(in_play=(minion("Coiler"), minion("Skittron")))
    g = run_steps(d, [("place_resting_rustborn", 1), ("damage", 3)])
    assert g.state.flags[mr.RESTING] == (2,)
    choose(g, ("target", "Coiler"))
    assert g.state.flags[mr.RESTING] == (1,) and [c.name for c in g.state.nemesis.in_play] == ["Skittron", "Toxo"]
    assert mr.rushable(g) == [0]  # type: ignore[arg-type]


def test_S_9_mother_of_rust_increased_difficulty_every_placement_places_one_more() -> None:
    d = make(in_play=(minion("Coiler"),), expert=True)
    g = run_steps(d, [("unleash", 1)])
    assert now(g) == expect(d, tokens={"nemesis": 1}, in_play=[rush("Coiler"), rush("Toxo"), rush("Flit")],
                            decks=rb(["Coiler"]))
    d = make(AMASS, in_play=(minion("Coiler"),), rustborn=("Toxo", "Flit", "Coiler", "Skittron", "Exopede"),
             expert=True)
    g = turn(d)  # Amass' three at 2 life, the extra one at its printed life
    assert now(g) == after_turn(d, n_deck=[FILLER], n_discard=[AMASS], decks=rb(["Exopede"]),
                                in_play=[rush("Coiler"), rush("Toxo", 2), rush("Flit", 2), rush("Coiler", 2),
                                         rush("Skittron")])


# =========================================================================== the rustborn


def test_card_coiler_rush_the_lowest_life_player_discards_a_card_and_suffers_one() -> None:
    d = make(in_play=(minion("Coiler"),), p1={"life": 6, "hand": ["Crystal", "Spark"]})
    g = run_steps(d, [("rush_oldest", 1, 1)])
    choose(g, ("card", "Spark"))
    assert now(g) == expect(d, life=[10, 5], hand=[["Crystal"], ["Crystal"]], discard=[[], ["Spark"]])


def test_card_skittron_rush_any_player_suffers_two() -> None:
    d = make(in_play=(minion("Skittron"),))
    g = run_steps(d, [("rush_oldest", 1, 1)])
    choose(g, ("player", 0))
    assert now(g) == expect(d, life=[8, 10])


def test_card_exopede_rush_any_player_discards_a_prepped_spell() -> None:
    d = make(in_play=(minion("Exopede"),), p1={"breaches": prepped("Spark")})
    g = run_steps(d, [("rush_oldest", 1, 1)])
    assert sorted(g.legal_actions()) == [("player", 0), ("player", 1)]
    choose(g, ("player", 1))  # her one prepped spell goes
    assert now(g) == expect(d, discard=[[], ["Spark"]], spells=[[[]] * 4, [[]] * 4])


def test_card_striddle_rush_gravehold_one_and_any_player_one() -> None:
    d = make(in_play=(minion("Striddle"),))
    g = run_steps(d, [("rush_oldest", 1, 1)])
    choose(g, ("player", 1))
    assert now(g) == expect(d, gravehold=29, life=[10, 9])


def test_card_toxo_rush_gravehold_two() -> None:
    d = make(in_play=(minion("Toxo"),))
    g = run_steps(d, [("rush_oldest", 1, 1)])
    assert now(g) == expect(d, gravehold=28)


def test_card_flit_rush_a_player_loses_one_charge_gravehold_one() -> None:
    d = make(in_play=(minion("Flit"),), p1={"charges": 2})
    g = run_steps(d, [("rush_oldest", 1, 1)])  # N-6: only Mist has a charge to lose
    assert now(g) == expect(d, gravehold=29, charges=[0, 1])


# =========================================================================== tier 1


def test_card_amass_places_three_rustborn_with_two_life_each() -> None:
    d = make(AMASS, in_play=(minion("Coiler"),), rustborn=("Toxo", "Flit", "Coiler", "Skittron"))
    g = turn(d)
    assert now(g) == after_turn(d, n_deck=[FILLER], n_discard=[AMASS], decks=rb(["Skittron"]),
                                in_play=[rush("Coiler"), rush("Toxo", 2), rush("Flit", 2), rush("Coiler", 2)])
    assert nemesis_card_text(registry.NEMESIS_CARDS[AMASS]) == "Place 3 rustborn into play with 2 life each."
    assert registry.NEMESIS_CARDS[AMASS].shown == "Amass"


def test_card_reconstruct_with_three_rustborn_the_two_oldest_rush() -> None:
    d = make("Reconstruct", in_play=(minion("Toxo"), minion("Striddle"), minion("Coiler")))
    g = turn(d, ("player", 0))  # Toxo: Gravehold 2; Striddle: Gravehold 1 and a player 1; Coiler waits
    assert now(g) == after_turn(d, n_deck=[FILLER], n_discard=["Reconstruct"], gravehold=27, life=[9, 10],
                                in_play=snap(d)["in_play"])


def test_card_reconstruct_with_fewer_two_enter_and_a_player_discards_two() -> None:
    d = make("Reconstruct", in_play=(minion("Coiler"),), p1={"hand": ["Crystal", "Spark", "Spark"]})
    g = at_nemesis_turn(d)
    choose(g, ("card", "Spark"))  # N-6: only Mist holds two cards
    choose(g, ("card", "Spark"))
    support.at_p1_main(g)
    assert now(g) == after_turn(d, n_deck=[FILLER], n_discard=["Reconstruct"], decks=rb(["Coiler"]),
                                in_play=[rush("Coiler"), rush("Toxo"), rush("Flit")],
                                hand=[["Crystal"], ["Crystal"]], discard=[[], ["Spark", "Spark"]])


def test_card_swarm_protocol_power_places_three_rustborn() -> None:
    d = make(in_play=(minion("Coiler"), power("Swarm Protocol", 1)))
    g = turn(d)
    assert now(g) == after_turn(d, n_discard=["Swarm Protocol"], decks=rb([]),
                                in_play=[rush("Coiler"), rush("Toxo"), rush("Flit"), rush("Coiler"), (FILLER, 11, 0)])
    assert registry.NEMESIS_CARDS["Swarm Protocol"].power_tokens == 3


def test_P_14_swarm_protocol_to_discard_a_prepped_spell_of_five_or_more() -> None:
    ok = {"breaches": prepped("Fiery Torrent")}
    short = {"breaches": prepped("Jagged Lightning")}
    support.check_pay(make, SNAPSHOT, "Swarm Protocol", ok, short,
                      discard=[["Fiery Torrent"], []], spells=[[[]] * 4, [[]] * 4])


# =========================================================================== tier 2


def test_card_automaton_invasion_fewer_than_four_rustborn_five_enter() -> None:
    d = make(in_play=(minion("Coiler"), power("Automaton Invasion", 1)),
             rustborn=("Toxo", "Flit", "Coiler", "Skittron", "Exopede", "Striddle"))
    g = turn(d)
    assert now(g) == after_turn(d, n_discard=["Automaton Invasion"], decks=rb(["Striddle"]),
                                in_play=[rush("Coiler"), rush("Toxo"), rush("Flit"), rush("Coiler"), rush("Skittron"),
                                         rush("Exopede"), (FILLER, 11, 0)])


def test_card_automaton_invasion_four_rustborn_five_nemesis_tokens() -> None:
    four = tuple(minion("Toxo") for _ in range(4))
    d = make(in_play=(*four, power("Automaton Invasion", 1)))
    g = turn(d)  # five tokens in the main phase: the rustborn rush at the end of that turn, four of them lost
    assert now(g) == after_turn(d, n_discard=["Automaton Invasion"], gravehold=22, tokens={"nemesis": 1},
                                in_play=[*(rush("Toxo") for _ in range(4)), (FILLER, 11, 0)])


def test_card_augment_with_four_or_more_the_five_oldest_gain_two_past_their_life() -> None:
    six = tuple(minion(n) for n in ("Coiler", "Flit", "Coiler", "Exopede", "Toxo", "Skittron"))
    d = make("Augment", in_play=six)
    g = turn(d)
    assert now(g) == after_turn(d, n_deck=[FILLER], n_discard=["Augment"],
                                in_play=[*(rush(n, 5) for n in ("Coiler", "Flit", "Coiler", "Exopede", "Toxo")),
                                         rush("Skittron")])


def test_card_augment_with_three_or_fewer_the_players_destroy_two_costly_cards_in_hand() -> None:
    d = make("Augment", in_play=(minion("Coiler", 1),),
             p0={"hand": ["Crystal", "Frozen Magmite"]}, p1={"hand": ["Jagged Lightning", "Spark"]})
    g = at_nemesis_turn(d)
    assert sorted(g.legal_actions()) == [("player", 0), ("player", 1)]  # hands with a card of 3 or more
    choose(g, ("player", 0))  # one card each: nothing else is left to pick
    support.at_p1_main(g)
    assert now(g) == after_turn(d, n_deck=[FILLER], n_discard=["Augment"], in_play=[rush("Coiler", 3)],
                                hand=[["Crystal"], ["Spark"]], destroyed=["Frozen Magmite", "Jagged Lightning"])


def test_card_replex_persistent_the_oldest_rustborn_rushes() -> None:
    d = make(in_play=(minion("Toxo"), minion("Coiler"), minion("Replex")))
    g = turn(d)
    assert now(g) == after_turn(d, gravehold=28)
    assert registry.NEMESIS_CARDS["Replex"].life == 10


# =========================================================================== tier 3


def test_card_clockwork_infection_power_like_automaton_invasion() -> None:
    d = make(in_play=(minion("Coiler"), power("Clockwork Infection", 1)), rustborn=("Toxo",))
    g = turn(d)  # one rustborn enters, four more would from an empty deck: each in play gains 1 each time
    assert now(g) == after_turn(d, n_discard=["Clockwork Infection"], decks=rb([]),
                                in_play=[rush("Coiler", 7), rush("Toxo", 7), (FILLER, 11, 0)])


def test_card_enervate_with_fewer_than_four_the_players_destroy_two() -> None:
    d = make("Enervate", in_play=(minion("Coiler"), minion("Toxo")),
             p0={"hand": ["Crystal", "Frozen Magmite", "Jagged Lightning"]})
    g = at_nemesis_turn(d)
    choose(g, ("card", "Frozen Magmite"))  # only Brama's hand holds such cards
    support.at_p1_main(g)
    assert now(g) == after_turn(d, n_deck=[FILLER], n_discard=["Enervate"],
                                in_play=[rush("Coiler", 5), rush("Toxo", 5)],
                                hand=[["Crystal"], ["Crystal"]], destroyed=["Frozen Magmite", "Jagged Lightning"])


def test_card_prodyga_persistent_the_oldest_rustborn_rushes_twice() -> None:
    d = make(in_play=(minion("Toxo"), minion("Coiler"), minion("Prodyga")))
    g = turn(d)
    assert now(g) == after_turn(d, gravehold=26)
    assert registry.NEMESIS_CARDS["Prodyga"].life == 14


# =========================================================================== texts and bots


def test_K_13_mother_of_rust_texts_name_the_rustborn_rush_and_readings() -> None:
    mat = nemesis_text(registry.NEMESES[MR])
    assert "rustborn" in mat and "this project reads the star" in mat and "instead of" not in mat.split("Unleash")[0]
    assert nemesis_card_text(registry.NEMESIS_CARDS["Toxo"]).startswith("RUSH: Gravehold suffers 2 damage.")
    assert set(mr.READINGS) >= {"life", "striddle", "resting", "extra_life"}


def test_K_13_mother_of_rust_the_board_shows_the_rustborn_decks_and_tokens() -> None:
    g = Game.from_dict(make(gone=("Coiler",), tokens={"nemesis": 2}))
    assert next(p for p in panels(view_for(g.state, 0)) if p[0] == "Rustborn")[1] == \
        "deck 3; discarded 1; nemesis tokens 2 (the rustborn rush at 4)"


def test_nemesis_mother_of_rust_heuristic_bots_play_seeded_games_to_the_end() -> None:
    for seed in range(2):
        g = Game.new(mages=["Brama", "Mist"], nemesis=MR, seed=seed)
        agents = [make_agent("heuristic", seed * 7 + i) for i in range(4)]
        n = 0
        while not g.over and n < 20000:
            dec = g.decision
            assert dec is not None
            seat = dec.seat
            g.apply(agents[seat].choose(dec, lambda seat=seat, g=g: g.view_for(seat)))  # type: ignore[misc]
            n += 1
        assert g.over


def test_nemesis_mother_of_rust_random_bots_play_seeded_games_to_the_end() -> None:
    for seed in range(2):
        g = Game.new(mages=["Brama", "Mist", "Adelheim"], nemesis=MR, seed=seed,
                     difficulty="expert" if seed else "normal")
        r = random.Random(seed)
        n = 0
        while not g.over and n < 50000:
            g.apply(r.choice(g.legal_actions()))
            n += 1
        assert g.over


def test_P_3_mother_of_rust_main_phase_offers_no_hit_on_her() -> None:
    g = at_main(make(in_play=(minion("Toxo"),)))
    assert not any(a[0] == "target" and a[1] == "nemesis" for a in g.legal_actions())


def test_N_10_mother_of_rust_a_saved_rustborn_above_its_printed_life_loads() -> None:
    g = Game.from_dict(make(in_play=(minion("Exopede", 6), minion("Replex"))))
    assert g.state.nemesis.in_play[0].life == 6
    assert "more life than printed" in nemesis_card_text(registry.NEMESIS_CARDS["Exopede"])
    try:
        Game.from_dict(make(in_play=(minion("Replex", 11),)))  # her other minions keep the cap
    except Exception as e:  # noqa: BLE001
        assert "Replex has 1 to 10 life" in str(e)
    else:
        raise AssertionError("Replex above its printed life was loaded")


def test_nemesis_mother_of_rust_bot_hints_price_her_own_steps() -> None:
    from gravehold.boxapi import hints

    h = hints.nemeses[MR]
    assert h.step_harm is not None

    class _Judge:
        def steps_harm(self, b: Any, steps: Any) -> float:
            return float(len(steps))

        def ntokens(self, b: Any, t: str = "nemesis") -> int:
            return int(b.nemesis.tokens.get(t, 0))

    g = Game.from_dict(make(in_play=(minion("Striddle"), minion("Toxo"), minion("Replex")), tokens={"nemesis": 4}))
    b, judge = g.state, _Judge()
    assert h.step_harm(b, ("place_rustborn", 3), judge) == 6.0  # type: ignore[arg-type]
    assert h.step_harm(b, ("rush_oldest", 1, 2), judge) == 4.0  # type: ignore[arg-type]  # Striddle's two steps
    assert h.step_harm(b, ("rustborn_rush", 4, 4), judge) == 3.0  # type: ignore[arg-type]
    assert h.step_harm(b, ("rustborn_gain_life", 5, 2), judge) == 2.0  # type: ignore[arg-type]
    assert h.step_harm(b, ("gravehold_damage", 2), judge) is None  # type: ignore[arg-type]
