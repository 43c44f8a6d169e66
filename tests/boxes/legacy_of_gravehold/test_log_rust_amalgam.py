"""Rust Amalgam (Legacy of Gravehold): its mat (the target token, the parasite deck and its
loss), its parasites, its increased difficulty and its nine cards, from exact states.

Each test builds a small exact state (Brama and Mist, against Rust Amalgam), runs an Unleash,
a nemesis turn, a player's turn start or effect steps, and compares a snapshot of every zone
the nemesis can touch (its tokens and the parasite deck included) with the starting one plus
only the expected changes.
"""

from __future__ import annotations

from typing import Any

from gravehold import Game
from gravehold.agents import make_agent
from gravehold.boxes.legacy_of_gravehold.nemeses import rust_amalgam as ra
from gravehold.content import registry
from gravehold.content.text import nemesis_card_text, nemesis_text, panels
from gravehold.engine.view import view_for

import support
from support import at_nemesis_turn, at_player_turn, choose, events, minion, power, run_steps, turn

RA = "Rust Amalgam"
ENC, CON = "Encasing Parasite", "Constricting Parasite"
FILLER = "Needlemaw"  # drawn by the nemesis after a test's own card: a minion that only enters play
TOKEN = ra.TOKEN


def make(*top: str, in_play: tuple[dict[str, Any], ...] = (), parasites: tuple[str, ...] = (ENC, CON, ENC),
         holder: int | None = 0, tokens: dict[str, int] | None = None, p0: dict[str, Any] | None = None,
         p1: dict[str, Any] | None = None, expert: bool = False, solo: bool = False) -> dict[str, Any]:
    """Brama and Mist (Brama alone when ``solo``) against Rust Amalgam: ``top`` on the nemesis
    deck, then the filler; ``holder`` is the seat with the target token (None: on the mat)."""
    return support.facing(RA, 50, top, FILLER, in_play=in_play, p0=p0, p1=p1, expert=expert, solo=solo,
                          tokens={**({TOKEN: holder + 1} if holder is not None else {}), **(tokens or {})},
                          decks={"parasite": list(parasites)}, deck=("Spark",))


SNAPSHOT = support.Snapshot(*support.SNAP_BASE, "tokens", "decks", "to_deck", "to_discard")
snap, expect, now = SNAPSHOT.snap, SNAPSHOT.expect, SNAPSHOT.now


def tok(holder: int | None, **more: int) -> dict[str, int]:
    return {**({TOKEN: holder + 1} if holder is not None else {}), **more}


def pdeck(*names: str) -> dict[str, list[str]]:
    return {"parasite": list(names)}


def after_turn(d: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """``expect`` after a nemesis turn that drew the filler and then P1's turn order card."""
    to = d["turn_order"]
    changes.setdefault("to_deck", to["deck"][1:])
    changes.setdefault("to_discard", [*to["discard"], "P1"])
    changes.setdefault("n_deck", d["nemesis"]["deck"][1:])
    changes.setdefault("in_play", [*(c for c in snap(d)["in_play"] if c[1]), (FILLER, 11, 0)])
    return expect(d, **changes)


OPEN = {"state": "open"}


def prepped(*spells: str) -> list[dict[str, Any]]:
    return [{"state": "open", "spells": list(spells)}, support.closed(1), support.closed(0), support.closed(2)]


# =========================================================================== the mat


def test_S_7_rust_amalgam_setup_a_shuffled_parasite_deck_and_the_target_token_with_the_first_player() -> None:
    g = Game.new(mages=["Brama", "Mist"], nemesis=RA, seed=5)
    n = g.state.nemesis
    assert (n.life, n.max_life) == (50, 50)
    assert sorted(n.decks["parasite"]) == [CON] * 10 + [ENC] * 10
    assert n.decks["parasite"] != sorted(n.decks["parasite"])  # shuffled
    assert n.tokens == {TOKEN: 1}
    assert ENC not in n.deck and "Vermax" in n.deck
    assert registry.NEMESIS_CARDS[ENC].tier == 0 and registry.NEMESIS_CARDS[ENC].deck == "parasite"
    assert registry.NEMESES[RA].deck_faces == {"parasite": "up"}
    assert registry.CARDS[ENC].type == "parasite" and registry.CARDS[CON].cost == 0


def test_N_4_rust_amalgam_unleash_puts_the_top_parasite_under_the_holders_deck_and_passes_the_token() -> None:
    d = make()
    g = run_steps(d, [("unleash", 1)])
    assert now(g) == expect(d, deck=[["Spark", ENC], ["Spark"]], decks=pdeck(CON, ENC), tokens=tok(1))
    g = run_steps(make(holder=1), [("unleash", 2)])  # from the last seat it goes round to the first
    assert g.state.players[1].deck == ["Spark", ENC] and g.state.players[0].deck == ["Spark", CON]
    assert g.state.nemesis.tokens == tok(1)


def test_G_2_rust_amalgam_an_unleash_with_the_parasite_deck_empty_loses_the_game() -> None:
    g = run_steps(make(parasites=()), [("unleash", 1)])
    assert g.over and (g.result, g.reason) == ("loss", "nemesis_rule")


def test_N_4_rust_amalgam_a_card_placing_into_a_hand_from_an_empty_deck_places_none() -> None:
    d = make(parasites=())
    g = run_steps(d, [("target_player", (("parasite_to", 1, "hand"),))])
    assert not g.over and now(g) == expect(d)


def test_SO_1_rust_amalgam_true_solo_the_token_goes_to_the_mat_and_back() -> None:
    d = make(solo=True)
    g = run_steps(d, [("unleash", 1)])
    assert now(g) == expect(d, deck=[["Spark", ENC]], decks=pdeck(CON, ENC), tokens=tok(None))
    d = make(solo=True, holder=None)
    g = run_steps(d, [("unleash", 1), ("target_player", (("parasite_to", 1, "hand"),))])
    # on the mat the holder is ignored: no parasite; the pass gives it back, then the card's step hits you
    assert now(g) == expect(d, hand=[["Crystal", ENC]], decks=pdeck(CON, ENC), tokens=tok(0))


def test_S_9_rust_amalgam_increased_difficulty_the_holder_destroys_a_card_before_the_token_moves() -> None:
    d = make(expert=True, p0={"hand": ["Crystal", "Crystal", ENC], "discard": ["Spark"]})
    g = run_steps(d, [("unleash", 1)])
    assert g.decision is not None and g.decision.player == 0
    assert ("card", "hand", ENC) not in g.legal_actions()  # a parasite cannot be destroyed
    choose(g, ("card", "hand", "Crystal"))
    assert now(g) == expect(d, hand=[["Crystal", ENC], ["Crystal"]], deck=[["Spark", ENC], ["Spark"]],
                            destroyed=["Crystal"], decks=pdeck(CON, ENC), tokens=tok(1))


def test_K_10_rust_amalgam_a_parasite_destroyed_by_another_effect_goes_to_the_discard_pile() -> None:
    d = make(p0={"hand": [ENC, "Crystal"]})
    g = run_steps(d, [("pick", "you", "hand", "any", 1, "destroy", "must", ())])
    choose(g, ("card", ENC))
    assert now(g) == expect(d, hand=[["Crystal"], ["Crystal"]], discard=[[ENC], []])
    assert events(g, "parasite_kept")


# =========================================================================== the parasites


def test_card_encasing_parasite_a_prepped_spell_of_four_sends_it_back_under_the_parasite_deck() -> None:
    d = make(parasites=(CON,), p0={"hand": [ENC, "Crystal"]}, p1={"breaches": prepped("Jagged Lightning", "Spark")})
    g = at_player_turn(d, 0)
    assert g.decision is not None and set(g.legal_actions()) == {("spell", 1, 0, 0), ("skip",)}
    choose(g, ("spell", 1, 0, 0))
    assert now(g)["hand"] == [["Crystal"], ["Crystal"]]
    assert now(g)["discard"] == [[], ["Jagged Lightning"]] and now(g)["decks"] == pdeck(CON, ENC)
    assert now(g)["life"] == [10, 10] and now(g)["spells"][1][0] == ["Spark"]


def test_card_encasing_parasite_without_a_spell_it_is_discarded_and_its_holder_suffers_three() -> None:
    d = make(p0={"hand": [ENC, "Crystal"], "breaches": prepped("Spark")})
    g = at_player_turn(d, 0)
    assert now(g)["hand"][0] == ["Crystal"] and now(g)["discard"][0] == [ENC]
    assert now(g)["life"] == [7, 10] and now(g)["decks"] == snap(d)["decks"]


def test_card_constricting_parasite_a_spell_of_four_is_too_cheap_skip_costs_two_life() -> None:
    d = make(p0={"hand": [CON, "Crystal"], "breaches": prepped("Jagged Lightning")},
             p1={"breaches": prepped("Fiery Torrent")})
    g = at_player_turn(d, 0)
    assert set(g.legal_actions()) == {("spell", 1, 0, 0), ("skip",)}
    choose(g, ("skip",))
    assert now(g)["discard"][0] == [CON] and now(g)["life"] == [8, 10]
    assert now(g)["spells"][0][0] == ["Jagged Lightning"] and now(g)["spells"][1][0] == ["Fiery Torrent"]


# =========================================================================== tier 1


def test_card_factory_nest_power_gravehold_two_holder_draws_two_discards_three_then_unleash() -> None:
    d = make(in_play=(power("Factory Nest", 1),), holder=1,
             p1={"hand": ["Crystal"], "deck": ["Spark", "Spark", "Spark"]})
    g = at_nemesis_turn(d)
    choose(g, ("card", "Crystal"))  # three of three cards: the rest is forced
    support.at_p1_main(g)
    assert now(g) == after_turn(d, gravehold=28, n_discard=["Factory Nest"], hand=[["Crystal"], []],
                                discard=[[], ["Crystal", "Spark", "Spark"]], deck=[["Spark"], ["Spark", ENC]],
                                decks=pdeck(CON, ENC), tokens=tok(0))


def test_P_14_factory_nest_to_discard_spend_six() -> None:
    support.check_pay(make, SNAPSHOT, "Factory Nest", {"aether": 6}, {"aether": 5}, aether=[0, 0])


def test_P_14_inevitable_assimilation_to_discard_spend_five() -> None:
    support.check_pay(make, SNAPSHOT, "Inevitable Assimilation", {"aether": 5}, {"aether": 4}, aether=[0, 0])


def test_P_14_encrusted_programming_to_discard_spend_eight() -> None:
    support.check_pay(make, SNAPSHOT, "Encrusted Programming", {"aether": 8}, {"aether": 7}, aether=[0, 0])


def test_card_manufacture_power_a_parasite_into_the_holders_hand_then_the_token_moves() -> None:
    d = make(in_play=(power("Manufacture", 1),), holder=1)
    g = turn(d)
    assert now(g) == after_turn(d, n_discard=["Manufacture"], hand=[["Crystal"], ["Crystal", ENC]],
                                decks=pdeck(CON, ENC), tokens=tok(0))


def test_card_inevitable_assimilation_power_two_unleashes_onto_discard_piles() -> None:
    d = make(in_play=(power("Inevitable Assimilation", 1),), holder=1)
    g = turn(d)
    assert now(g) == after_turn(d, n_discard=["Inevitable Assimilation"], discard=[[CON], [ENC]],
                                decks=pdeck(ENC), tokens=tok(1))
    assert registry.NEMESIS_CARDS["Inevitable Assimilation"].to_discard == (("spend_aether", 5),)


# =========================================================================== tier 2


def test_card_encrusted_programming_immediately_unleashes_twice() -> None:
    d = make("Encrusted Programming")
    g = at_nemesis_turn(d)
    support.at_p1_main(g)
    assert now(g) == after_turn(d, n_deck=[FILLER], in_play=[("Encrusted Programming", 0, 3)],
                                deck=[["Spark", ENC], ["Spark", CON]], decks=pdeck(ENC), tokens=tok(0))
    assert registry.NEMESIS_CARDS["Encrusted Programming"].to_discard == (("spend_aether", 8),)


def test_card_encrusted_programming_power_later_parasites_go_on_top_of_decks() -> None:
    d = make(in_play=(power("Encrusted Programming", 1),), holder=1)
    g = turn(d)
    assert now(g) == after_turn(d, n_discard=["Encrusted Programming"], tokens=tok(1, **{ra.ON_TOP: 1}))
    d2 = make(tokens={ra.ON_TOP: 1})
    g = run_steps(d2, [("unleash", 1)])
    assert now(g) == expect(d2, deck=[[ENC, "Spark"], ["Spark"]], decks=pdeck(CON, ENC),
                            tokens=tok(1, **{ra.ON_TOP: 1}))


def test_card_amass_gravehold_three_holder_destroys_two_takes_two_parasites_token_moves() -> None:
    d = make("Amass (Rust Amalgam)", holder=1, p1={"hand": ["Crystal", "Spark", ENC]})
    g = at_nemesis_turn(d)
    assert ("card", ENC) not in g.legal_actions()
    choose(g, ("card", "Crystal"))  # the Spark follows: the parasite is never offered
    support.at_p1_main(g)
    assert now(g) == after_turn(d, n_deck=[FILLER], in_play=[], n_discard=["Amass (Rust Amalgam)"], gravehold=27,
                                hand=[["Crystal"], [ENC, ENC, CON]], destroyed=["Crystal", "Spark"],
                                decks=pdeck(ENC), tokens=tok(0))


def test_card_vermax_persistent_gravehold_one_and_any_player_takes_a_parasite() -> None:
    d = make(in_play=(minion("Vermax"),))
    g = at_nemesis_turn(d)
    choose(g, ("player", 1))
    support.at_p1_main(g)
    assert now(g) == after_turn(d, gravehold=29, hand=[["Crystal"], ["Crystal", ENC]], decks=pdeck(CON, ENC))
    assert registry.NEMESIS_CARDS["Vermax"].shields == 2 and registry.NEMESIS_CARDS["Vermax"].life == 7


# =========================================================================== tier 3


def test_card_lifeless_hordes_power_gravehold_seven() -> None:
    d = make(in_play=(power("Lifeless Hordes", 1),))
    g = turn(d)
    assert now(g) == after_turn(d, gravehold=23, n_discard=["Lifeless Hordes"])


def test_card_lifeless_hordes_to_discard_two_prepped_spells_of_four_or_more() -> None:
    short = {"breaches": prepped("Jagged Lightning", "Spark")}  # one spell of 4 or more is not enough
    ok = {"breaches": [{"state": "open", "spells": ["Jagged Lightning"]},
                       {"state": "open", "spells": ["Fiery Torrent"]}, support.closed(0), support.closed(2)]}
    g = support.check_pay(make, SNAPSHOT, "Lifeless Hordes", ok, short, picks=[("spell", 0, 0, 0)],
                          discard=[["Jagged Lightning", "Fiery Torrent"], []], spells=[[[]] * 4, [[]] * 4])
    assert g.state.players[0].breaches[0].spells == []


def test_card_repurpose_unleash_twice_then_costliest_hand_draws_three_discards_five() -> None:
    d = make("Repurpose", holder=1,
             p0={"hand": ["Crystal"]},
             p1={"hand": ["Frozen Magmite", "Crystal", "Crystal"], "deck": ["Spark", "Spark", "Frozen Magmite"]})
    g = at_nemesis_turn(d)
    # Mist holds the costliest card: she draws three and discards five of her six non-parasites
    while g.decision is not None and g.decision.kind == "discard":
        opts = g.legal_actions()
        choose(g, ("card", "Crystal") if ("card", "Crystal") in opts else ("card", "Spark")
               if ("card", "Spark") in opts else opts[0])
    support.at_p1_main(g)
    assert now(g) == after_turn(d, n_deck=[FILLER], in_play=[], n_discard=["Repurpose"], gravehold=27,
                                hand=[["Crystal"], ["Frozen Magmite"]],
                                discard=[[], ["Crystal", "Crystal", "Spark", "Spark", "Frozen Magmite"]],
                                deck=[["Spark", CON], [ENC]], decks=pdeck(ENC), tokens=tok(1))


def test_card_tuskax_persistent_any_player_discards_two_non_parasites_and_takes_two() -> None:
    d = make(in_play=(minion("Tuskax"),), p0={"hand": ["Crystal"]}, p1={"hand": ["Crystal", "Spark", ENC]})
    g = at_nemesis_turn(d)  # N-6: only Mist holds two non-parasites
    if g.decision is not None and g.decision.kind == "player":
        choose(g, ("player", 1))
    choose(g, ("card", "Crystal"))  # the Spark follows: the parasite is never offered
    support.at_p1_main(g)
    assert now(g) == after_turn(d, hand=[["Crystal"], [ENC, ENC, CON]], discard=[[], ["Crystal", "Spark"]],
                                decks=pdeck(ENC))
    assert registry.NEMESIS_CARDS["Tuskax"].shields == 3 and registry.NEMESIS_CARDS["Tuskax"].life == 9


# =========================================================================== texts and bots


def test_K_13_rust_amalgam_texts_name_the_token_and_the_parasites() -> None:
    mat = nemesis_text(registry.NEMESES[RA])
    assert "target token" in mat and "parasite" in mat
    assert "cannot be destroyed" in nemesis_card_text(registry.NEMESIS_CARDS[ENC])
    assert set(ra.READINGS) >= {"empty_deck_loss", "expert", "solo_ignore"}


def test_nemesis_rust_amalgam_heuristic_bots_play_seeded_games_to_the_end() -> None:
    for seed in range(3):
        g = Game.new(mages=["Brama", "Mist"], nemesis=RA, seed=seed)
        agents = [make_agent("heuristic", seed * 7 + i) for i in range(4)]
        n = 0
        while not g.over and n < 20000:
            dec = g.decision
            assert dec is not None
            seat = dec.seat
            g.apply(agents[seat].choose(dec, lambda seat=seat, g=g: g.view_for(seat)))  # type: ignore[misc]
            n += 1
        assert g.over


def test_K_13_rust_amalgam_log_lines_name_the_token_and_the_parasites() -> None:
    from gravehold.events_text import event_text

    g = run_steps(make(), [("unleash", 1)])
    assert event_text(events(g, "parasite_placed")[0]) == "P1 takes Encasing Parasite under their deck (Unleash)"
    assert event_text(events(g, "target_passed")[0]) == "the target token goes to P2 (Unleash)"


def test_K_13_rust_amalgam_both_boards_show_the_parasite_deck_and_the_token() -> None:
    g = Game.from_dict(make(holder=1, tokens={ra.ON_TOP: 1}))
    title, text = next(p for p in panels(view_for(g.state, 0)) if p[0] == "Parasites")
    assert text == "deck 3; target token with P2; parasites go on top of decks"
    g = Game.from_dict(make(solo=True, holder=None))
    assert next(p for p in panels(view_for(g.state, 0)) if p[0] == "Parasites")[1] == \
        "deck 3; target token on the mat"


def test_S_9_rust_amalgam_increased_difficulty_nothing_to_destroy_the_unleash_goes_on() -> None:
    d = make(expert=True, holder=1, p1={"hand": [ENC], "discard": []})
    g = run_steps(d, [("unleash", 1)])
    assert now(g) == expect(d, deck=[["Spark"], ["Spark", ENC]], decks=pdeck(CON, ENC), tokens=tok(0))
