"""Mist Revealed (Legacy of Gravehold): its mat (the fragment deck, its discard pile, the loss
with every fragment in play, silence on a fragment, no maximum life, exhaustion), its
increased difficulty, its ten fragments and its sixteen cards, from exact states.

Each test builds a small exact state (Brama and Mist, against Mist Revealed), runs an
Unleash, a nemesis turn or effect steps, and compares a snapshot of every zone the nemesis can
touch (its tokens, its special decks and the table's fire included) with the starting one plus
only the expected changes.
"""

from __future__ import annotations

from typing import Any

from gravehold import Game
from gravehold.agents import make_agent
from gravehold.boxes.legacy_of_gravehold.nemeses import mist_revealed as mr
from gravehold.content import registry
from gravehold.content.text import nemesis_card_text, nemesis_text

import support
from support import at_nemesis_turn, choose, events, minion, power, run_steps

MR = "Mist Revealed"
FILLER = "Needlemaw"  # drawn by the nemesis after a test's own card: a minion that only enters play
ARMOR, CHEST, HANDS, CHAINS = ("The Rust Superion's Armor", "The Chest of Bone", "The Hands of Griefweaver",
                               "The Chains of Myth")
HEART, WINGS, TEETH, BELLY = ("The Heart of The Mother of Rust", "The Wings of Fate Shepherd",
                              "The Rust Amalgam's Teeth", "The Belly of Prince of Gluttons")
CLAWS, BLADES = "The Claws of Rageborne", "The Blades of Maelstrom"
POINT = "The Point of No Return"
ALL = (ARMOR, CHEST, HANDS, CHAINS, HEART, WINGS, TEETH, BELLY, CLAWS, BLADES)


def make(*top: str, in_play: tuple[dict[str, Any], ...] = (), frags: tuple[str, ...] = (CHAINS, BLADES),
         fdisc: tuple[str, ...] = (), tokens: dict[str, int] | None = None, p0: dict[str, Any] | None = None,
         p1: dict[str, Any] | None = None, expert: bool = False, life: int = 80) -> dict[str, Any]:
    """Brama and Mist against Mist Revealed: ``top`` on the nemesis deck, then the filler;
    ``frags`` is the fragment deck (top first), ``fdisc`` its discard pile."""
    return support.facing(MR, life, top, FILLER, in_play=in_play, p0=p0, p1=p1, expert=expert, tokens=tokens,
                          decks={mr.DECK: list(frags), mr.DISCARD: list(fdisc)}, deck=("Spark",))


SNAPSHOT = support.Snapshot(*support.SNAP_BASE, "tokens", "decks", "supply",
                            fire=lambda d: d.get("tokens", {}).get("fire", 0))
snap, expect, now = SNAPSHOT.snap, SNAPSHOT.expect, SNAPSHOT.now


def frag(name: str, life: int | None = None) -> dict[str, Any]:
    return minion(name, life)


def fdecks(deck: tuple[str, ...] = (), disc: tuple[str, ...] = ()) -> dict[str, list[str]]:
    return {mr.DECK: list(deck), mr.DISCARD: list(disc)}


def placed(*names: str) -> list[tuple[str, int, int]]:
    """in_play entries of fragments entering play with their full life."""
    return [(n, registry.NEMESIS_CARDS[n].life, 0) for n in names]


def supply_of(d: dict[str, Any]) -> list[int]:
    return list(snap(d)["supply"])


# =========================================================================== the mat


def test_S_7_mist_revealed_setup_shuffles_the_fragments_and_keeps_three_of_ten_tier_3_cards() -> None:
    nd = registry.NEMESES[MR]
    assert nd.deck_shape == (3, 3, 10) and nd.no_max_life and (nd.life, nd.difficulty) == (80, 10)
    orders = set()
    for seed in (1, 2, 3):
        g = Game.new(mages=["Brama", "Mist"], nemesis=MR, seed=seed)
        n = g.state.nemesis
        assert (n.life, n.max_life) == (80, 80)
        assert sorted(n.decks[mr.DECK]) == sorted(ALL) and n.decks[mr.DISCARD] == []
        orders.add(tuple(n.decks[mr.DECK]))
        own = [c for c in n.deck if c in nd.cards]
        tiers = [registry.NEMESIS_CARDS[c].tier for c in own]
        assert [tiers.count(t) for t in (1, 2, 3)] == [3, 3, 3]
        assert not any(c in n.deck for c in ALL)
    assert len(orders) > 1  # shuffled


def test_N_4_mist_revealed_unleash_resolves_every_fragment_oldest_first_then_places_one() -> None:
    d = make(in_play=(frag(CHEST), frag(CLAWS)))
    g = run_steps(d, [("unleash", 1)])
    assert g.decision is not None and g.decision.kind == "player"  # the Claws' "any player"
    choose(g, ("player", 1))
    assert now(g) == expect(d, gravehold=29, life=[10, 9], in_play=[*snap(d)["in_play"], *placed(CHAINS)],
                            decks=fdecks((BLADES,)))


def test_N_4_mist_revealed_unleash_with_no_fragment_in_play_places_the_top_one() -> None:
    d = make()
    g = run_steps(d, [("unleash", 2)])
    assert now(g) == expect(d, in_play=placed(CHAINS, BLADES), nemesis_life=82, decks=fdecks())


def test_K_13_mist_revealed_empty_fragment_deck_shuffles_the_fragment_discard_pile_into_a_new_one() -> None:
    d = make(frags=(), fdisc=(CHEST, BLADES))
    g = run_steps(d, [("place_fragments", 1)])
    n = g.state.nemesis
    assert len(n.in_play) == 1 and n.in_play[0].name in (CHEST, BLADES)
    assert sorted([*n.decks[mr.DECK], n.in_play[0].name]) == sorted([CHEST, BLADES]) and n.decks[mr.DISCARD] == []
    assert events(g, "fragments_reshuffled") and not g.over


def test_G_2_mist_revealed_every_fragment_in_play_loses_the_game() -> None:
    d = make(in_play=tuple(frag(f) for f in ALL[:9]), frags=(ALL[9],))
    g = run_steps(d, [("place_fragments", 1)])
    assert g.over and (g.result, g.reason) == ("loss", "nemesis_rule")
    assert events(g, "fragments_complete")
    d = make(in_play=tuple(frag(f) for f in ALL[:8]), frags=(ALL[8],), fdisc=(ALL[9],))
    g = run_steps(d, [("place_fragments", 1)])
    assert not g.over  # one fragment still in the discard pile


def test_K_13_mist_revealed_a_defeated_fragment_goes_to_the_fragment_discard_pile() -> None:
    d = make(in_play=(frag(CHEST, 1),), p0={"breaches": [{"state": "open", "spells": ["Spark"]}, support.closed(1),
                                                         support.closed(0), support.closed(2)]})
    g = support.at_casting(d, 0)
    choose(g, ("cast", 0, 0))
    choose(g, ("target", CHEST))
    n = g.state.nemesis
    assert n.in_play == [] and n.discard == [] and n.decks[mr.DISCARD] == [CHEST]


def test_K_5_mist_revealed_a_silenced_fragment_skips_its_unleash_effect_once_and_loses_the_token() -> None:
    d = make(in_play=({**frag(CHEST), "silenced": True}, frag(BLADES)), frags=(CHAINS,))
    g = run_steps(d, [("unleash", 1)])
    assert now(g) == expect(d, gravehold=29, in_play=[*snap(d)["in_play"], *placed(CHAINS)], decks=fdecks())
    assert not g.state.nemesis.in_play[0].silenced and events(g, "fragment_silenced")


def test_K_5_mist_revealed_a_fragment_keeps_its_silence_through_the_nemesis_main_phase() -> None:
    d = make(in_play=({**frag(CHEST), "silenced": True},))
    g = at_nemesis_turn(d)
    support.at_p1_main(g)
    n = g.state.nemesis
    assert n.in_play[0].name == CHEST and n.in_play[0].silenced
    assert not any(k.startswith(mr.SILENCE) for k in n.tokens)


def test_S_4_mist_revealed_has_no_maximum_life_and_a_state_above_it_loads() -> None:
    d = make(in_play=(frag(CHAINS),), frags=(BLADES,))
    g = run_steps(d, [("oldest_unleash", 1, "fragment")])
    assert now(g) == expect(d, nemesis_life=82)
    assert g.state.nemesis.max_life == 80
    again = Game.from_dict(g.to_dict())
    assert again.state.nemesis.life == 82


def test_E_6_mist_revealed_an_exhausted_player_places_a_fragment_instead_of_two_unleashes() -> None:
    d = make(p0={"life": 1, "breaches": [support.closed(0), support.closed(1), support.closed(0),
                                          support.closed(2)]})
    g = run_steps(d, [("you_suffer", 2)])
    while g.decision is not None and g.decision.kind == "destroy_breach":
        choose(g, g.legal_actions()[0])
    s = now(g)
    assert s["in_play"] == placed(CHAINS) and s["decks"] == fdecks((BLADES,))
    assert s["nemesis_life"] == 80  # no Unleash: the Chains would have healed her on a second one
    assert g.state.players[0].exhausted


def test_S_9_mist_revealed_increased_difficulty_the_oldest_fragment_unleashes_as_the_turn_begins() -> None:
    d = make(in_play=(frag(CHEST), frag(BLADES)), expert=True)
    g = at_nemesis_turn(d)
    support.at_p1_main(g)
    s = now(g)
    assert s["gravehold"] == 29  # the Chest alone, the Blades not
    assert s["in_play"] == [*snap(d)["in_play"], (FILLER, 11, 0)]
    d = make(in_play=(frag(CHEST), frag(BLADES)))
    g = at_nemesis_turn(d)
    support.at_p1_main(g)
    assert now(g)["gravehold"] == 30


# =========================================================================== the fragments


def unleash_alone(name: str, **kw: Any) -> tuple[dict[str, Any], Game]:
    d = make(in_play=(frag(name),), **kw)
    return d, run_steps(d, [("oldest_unleash", 1, "fragment")])


def test_card_the_rust_superions_armor_any_player_suffers_one() -> None:
    d, g = unleash_alone(ARMOR)
    choose(g, ("player", 0))
    assert now(g) == expect(d, life=[9, 10])
    assert registry.NEMESIS_CARDS[ARMOR].shields == 1 and registry.NEMESIS_CARDS[ARMOR].life == 2


def test_card_the_chest_of_bone_gravehold_suffers_one() -> None:
    d, g = unleash_alone(CHEST)
    assert now(g) == expect(d, gravehold=29)
    assert registry.NEMESIS_CARDS[CHEST].shields == 2


def test_card_the_hands_of_griefweaver_the_players_destroy_three_supply_cards() -> None:
    d, g = unleash_alone(HANDS)
    names = g.state.supply_names
    for k in (0, 0, 1):
        choose(g, ("pile", names[k]))
    counts = supply_of(d)
    counts[0] -= 2
    counts[1] -= 1
    assert now(g) == expect(d, supply=counts, destroyed=[names[0], names[0], names[1]])
    assert not g.over


def test_G_2_the_hands_of_griefweaver_with_fewer_than_three_supply_cards_the_players_lose() -> None:
    d = make(in_play=(frag(HANDS),))
    d["supply"] = [[name, 1 if k == 0 else 0] for k, (name, _) in enumerate(d["supply"])]
    g = run_steps(d, [("oldest_unleash", 1, "fragment")])
    assert g.over and (g.result, g.reason) == ("loss", "nemesis_rule")
    assert g.state.supply_counts == [0] * len(g.state.supply_counts)


def test_card_the_belly_of_prince_of_gluttons_destroys_three_supply_cards_like_the_hands() -> None:
    d, g = unleash_alone(BELLY)
    names = g.state.supply_names
    for k in (2, 3, 4):
        choose(g, ("pile", names[k]))
    counts = supply_of(d)
    for k in (2, 3, 4):
        counts[k] -= 1
    assert now(g) == expect(d, supply=counts, destroyed=[names[2], names[3], names[4]])


def test_card_the_chains_of_myth_mist_revealed_gains_two_life() -> None:
    d, g = unleash_alone(CHAINS, life=70)
    assert now(g) == expect(d, nemesis_life=72)


def test_card_the_heart_of_the_mother_of_rust_a_token_and_at_four_a_fragment() -> None:
    d, g = unleash_alone(HEART)
    assert now(g) == expect(d, tokens={mr.HEART: 1})
    d, g = unleash_alone(HEART, tokens={mr.HEART: 3})
    assert now(g) == expect(d, tokens={}, in_play=[*snap(d)["in_play"], *placed(CHAINS)], decks=fdecks((BLADES,)))


def test_card_the_wings_of_fate_shepherd_any_player_suffers_two_and_gains_a_card_of_four_or_less() -> None:
    d, g = unleash_alone(WINGS)
    choose(g, ("player", 1))
    offered = {str(a[1]) for a in g.legal_actions()}
    assert offered and all(registry.CARDS[c].cost <= 4 for c in offered)
    cheap = sorted(offered)[0]
    choose(g, ("gain", cheap))
    counts = supply_of(d)
    counts[g.state.supply_names.index(cheap)] -= 1
    assert now(g) == expect(d, life=[10, 8], discard=[[], [cheap]], supply=counts)


def test_card_the_rust_amalgams_teeth_any_player_discards_a_prepped_spell() -> None:
    opened = [{"state": "open", "spells": ["Spark"]}, support.closed(1), support.closed(0), support.closed(2)]
    d, g = unleash_alone(TEETH, p1={"breaches": opened})
    choose(g, ("player", 1))
    if g.decision is not None and g.decision.kind != "main":
        choose(g, g.legal_actions()[0])
    assert now(g) == expect(d, spells=[[[], [], [], []], [[], [], [], []]], discard=[[], ["Spark"]])


def test_card_the_claws_of_rageborne_any_player_suffers_one() -> None:
    d, g = unleash_alone(CLAWS)
    choose(g, ("player", 1))
    assert now(g) == expect(d, life=[10, 9])


def test_card_the_blades_of_maelstrom_gravehold_suffers_one() -> None:
    d, g = unleash_alone(BLADES)
    assert now(g) == expect(d, gravehold=29)


# =========================================================================== tier 1


def test_card_alchemical_anatomy_unleash_then_the_oldest_fragment_again() -> None:
    d = make("Alchemical Anatomy", in_play=(minion(FILLER), frag(CHEST), frag(BLADES)), frags=(ARMOR,))
    g = at_nemesis_turn(d)
    support.at_p1_main(g)
    # main phase: the Needlemaw 2; Unleash: Chest 1, Blades 1, then the Armor enters; the oldest fragment: Chest 1
    assert now(g)["gravehold"] == 30 - 2 - 1 - 1 - 1
    g = run_steps(make(in_play=(minion(FILLER),)), [("oldest_unleash", 1, "minion")])
    assert now(g)["gravehold"] == 30  # a minion without an UNLEASH effect resolves nothing


def test_card_dagger_flare_unleash_and_a_fire_token() -> None:
    d = make()
    g = run_steps(d, list(registry.NEMESIS_CARDS["Dagger Flare"].effect))
    assert now(g) == expect(d, fire=1, in_play=placed(CHAINS), decks=fdecks((BLADES,)))


def test_card_spreading_chaos_power_unleash_and_a_fire_token() -> None:
    d = make(in_play=(power("Spreading Chaos", 1),))
    g = at_nemesis_turn(d)
    support.at_p1_main(g)
    assert now(g) == expect(d, fire=1, n_deck=[], n_discard=["Spreading Chaos"],
                            in_play=[*placed(CHAINS), (FILLER, 11, 0)], decks=fdecks((BLADES,)))


def test_P_14_spreading_chaos_to_discard_spend_seven() -> None:
    support.check_pay(make, SNAPSHOT, "Spreading Chaos", {"aether": 7}, {"aether": 6}, aether=[0, 0])


# =========================================================================== tier 2


def test_card_manifest_two_fragments_or_gravehold_six() -> None:
    d = make()
    eff = list(registry.NEMESIS_CARDS["Manifest (Mist Revealed)"].effect)
    g = run_steps(d, eff)
    choose(g, ("choose", 0))
    assert now(g) == expect(d, in_play=placed(CHAINS, BLADES), decks=fdecks())
    g = run_steps(d, eff)
    choose(g, ("choose", 1))
    assert now(g) == expect(d, gravehold=24)
    assert registry.NEMESIS_CARDS["Manifest (Mist Revealed)"].shown == "Manifest"


def _void(name: str) -> None:
    d = make(frags=(CHAINS, BLADES, ARMOR))
    eff = list(registry.NEMESIS_CARDS[name].effect)
    g = run_steps(d, eff)  # no fragment in play: two are placed
    assert now(g) == expect(d, in_play=placed(CHAINS, BLADES), decks=fdecks((ARMOR,)))
    d = make(in_play=(frag(CHEST), frag(BLADES), frag(CHAINS)), frags=(ARMOR,))
    g = run_steps(d, eff)  # three in play: each resolves its UNLEASH effect, none is placed
    assert now(g) == expect(d, gravehold=28, nemesis_life=82)


def test_card_voidwalk_two_fragments_or_with_three_in_play_every_unleash_effect() -> None:
    _void("Voidwalk")


def test_card_essence_integration_two_fragments_or_with_three_in_play_every_unleash_effect() -> None:
    _void("Essence Integration")


def test_card_aetherial_sutures_power_unleash_then_the_costliest_card_in_hand_goes_and_one_damage() -> None:
    d = make(in_play=(power("Aetherial Sutures", 1),), p1={"hand": ["Crystal", "Jagged Lightning"]})
    g = at_nemesis_turn(d)
    support.at_p1_main(g)
    assert now(g) == expect(d, n_deck=[], n_discard=["Aetherial Sutures"], life=[10, 9],
                            hand=[["Crystal"], ["Crystal"]], discard=[[], ["Jagged Lightning"]],
                            in_play=[*placed(CHAINS), (FILLER, 11, 0)], decks=fdecks((BLADES,)))


def test_P_14_aetherial_sutures_to_discard_spend_nine() -> None:
    support.check_pay(make, SNAPSHOT, "Aetherial Sutures", {"aether": 9}, {"aether": 8}, aether=[0, 0])


# =========================================================================== tier 3


def test_card_garnet_storm_unleash_twice() -> None:
    d = make("Garnet Storm")
    g = at_nemesis_turn(d)
    support.at_p1_main(g)
    assert now(g) == expect(d, n_deck=[FILLER], n_discard=["Garnet Storm"], nemesis_life=82,
                            in_play=placed(CHAINS, BLADES), decks=fdecks())


def test_card_void_augury_unleash_twice_or_unleash_and_five_cards_destroyed() -> None:
    eff = list(registry.NEMESIS_CARDS["Void Augury"].effect)
    d = make(p1={"hand": ["Crystal"] * 5 + ["Spark"]})
    g = run_steps(d, eff)
    choose(g, ("choose", 0))
    assert now(g) == expect(d, nemesis_life=82, in_play=placed(CHAINS, BLADES), decks=fdecks())
    g = run_steps(d, eff)
    choose(g, ("choose", 1))
    # N-6: only Mist holds five cards, so she is the player
    while g.decision is not None and g.decision.kind != "main":
        choose(g, ("card", "Crystal"))
    assert now(g) == expect(d, in_play=placed(CHAINS), decks=fdecks((BLADES,)), hand=[["Crystal"], ["Spark"]],
                            destroyed=["Crystal"] * 5)


def test_card_architect_of_the_flesh_three_choices() -> None:
    eff = list(registry.NEMESIS_CARDS["Architect of the Flesh"].effect)
    d = make()
    assert set(run_steps(d, eff).legal_actions()) == {("choose", 0), ("choose", 1)}
    g = run_steps(d, eff)
    choose(g, ("choose", 0))
    assert now(g) == expect(d, nemesis_life=82, in_play=placed(CHAINS, BLADES), decks=fdecks())
    g = run_steps(d, eff)
    choose(g, ("choose", 1))
    choose(g, ("choose", 0))
    choose(g, ("player", 0))
    assert now(g) == expect(d, life=[5, 10], in_play=placed(CHAINS), decks=fdecks((BLADES,)))
    g = run_steps(d, eff)
    choose(g, ("choose", 1))
    choose(g, ("choose", 1))
    assert now(g) == expect(d, fire=3, in_play=placed(CHAINS), decks=fdecks((BLADES,)))


def test_card_unleashed_potential_unleash_then_the_oldest_fragment_twice() -> None:
    d = make(in_play=(frag(CHEST),), frags=(BLADES,))
    g = run_steps(d, list(registry.NEMESIS_CARDS["Unleashed Potential"].effect))
    # Unleash: Chest 1, the Blades enter; then the Chest twice more
    assert now(g) == expect(d, gravehold=27, in_play=[*snap(d)["in_play"], *placed(BLADES)], decks=fdecks())


def test_card_corrupted_brand_unleash_twice_or_unleash_and_a_breach_destroyed() -> None:
    eff = list(registry.NEMESIS_CARDS["Corrupted Brand"].effect)
    d = make()
    g = run_steps(d, eff)
    choose(g, ("choose", 1))
    choose(g, ("player", 0))
    choose(g, ("breach", 1))
    assert now(g) == expect(d, in_play=placed(CHAINS), decks=fdecks((BLADES,)),
                            breaches=[["open", "destroyed", "closed", "closed"],
                                      ["open", "closed", "closed", "closed"]])
    g = run_steps(d, eff)
    choose(g, ("choose", 0))
    assert now(g) == expect(d, nemesis_life=82, in_play=placed(CHAINS, BLADES), decks=fdecks())


def test_card_the_point_of_no_return_each_token_unleashes_twice_and_skips_the_draw() -> None:
    d = make(in_play=(power(POINT, 3),))
    g = at_nemesis_turn(d)
    support.at_p1_main(g)
    # no card drawn: the filler stays on the nemesis deck
    assert now(g) == expect(d, n_deck=[FILLER], nemesis_life=82,
                            in_play=[(POINT, 0, 2), *placed(CHAINS, BLADES)], decks=fdecks())
    g = at_nemesis_turn(make(in_play=(power(POINT, 1),)))
    assert g.over and (g.result, g.reason) == ("loss", "nemesis_rule")
    assert not registry.NEMESIS_CARDS[POINT].to_discard


def test_card_progenitor_of_power_unleash_twice() -> None:
    d = make(in_play=(power("Progenitor of Power", 1),))
    g = at_nemesis_turn(d)
    support.at_p1_main(g)
    assert now(g) == expect(d, n_deck=[], n_discard=["Progenitor of Power"], nemesis_life=82,
                            in_play=[*placed(CHAINS, BLADES), (FILLER, 11, 0)], decks=fdecks())


def test_P_14_progenitor_of_power_to_discard_destroy_five_cards_in_hand() -> None:
    d = make(in_play=(power("Progenitor of Power", 1),), p0={"hand": ["Crystal"] * 4})
    assert ("pay", "Progenitor of Power") not in support.at_main(d, 0).legal_actions()
    d = make(in_play=(power("Progenitor of Power", 1),), p0={"hand": ["Crystal"] * 6})
    g = support.at_main(d, 0)
    choose(g, ("pay", "Progenitor of Power"))
    while g.decision is not None and g.decision.kind != "main":
        choose(g, ("card", "Crystal"))
    assert now(g) == expect(d, in_play=[], n_discard=["Progenitor of Power"], hand=[["Crystal"], ["Crystal"]],
                            destroyed=["Crystal"] * 5)


def test_card_endless_amethyst_and_soul_sculpt_unleash_twice() -> None:
    for name in ("Endless Amethyst", "Soul Sculpt"):
        d = make(in_play=(power(name, 1),))
        g = at_nemesis_turn(d)
        support.at_p1_main(g)
        assert now(g) == expect(d, n_deck=[], n_discard=[name], nemesis_life=82,
                                in_play=[*placed(CHAINS, BLADES), (FILLER, 11, 0)], decks=fdecks())


def test_P_14_soul_sculpt_to_discard_spend_nine() -> None:
    support.check_pay(make, SNAPSHOT, "Soul Sculpt", {"aether": 9}, {"aether": 8}, aether=[0, 0])


def test_P_14_endless_amethyst_to_discard_two_opened_breaches_or_twelve_aether() -> None:
    support.check_pay(make, SNAPSHOT, "Endless Amethyst", {"aether": 12}, {"aether": 11}, aether=[0, 0])
    two = [{"state": "open"}, {"state": "open"}, support.closed(0), support.closed(2)]
    d = make(in_play=(power("Endless Amethyst", 2),), p0={"breaches": two})
    g = support.at_main(d, 0)
    choose(g, ("pay", "Endless Amethyst"))
    while g.decision is not None and g.decision.kind != "main":
        choose(g, g.legal_actions()[0])
    assert now(g) == expect(d, in_play=[], n_discard=["Endless Amethyst"],
                            breaches=[["destroyed", "destroyed", "closed", "closed"],
                                      ["open", "closed", "closed", "closed"]])


# =========================================================================== texts and bots


def test_K_13_mist_revealed_texts_name_the_fragments_and_the_readings() -> None:
    mat = nemesis_text(registry.NEMESES[MR])
    assert "fragment" in mat and "no maximum life" in mat and "Mist Revealed" in mat
    assert nemesis_card_text(registry.NEMESIS_CARDS[CHEST]).startswith("UNLEASH: ")
    assert set(mr.READINGS) >= {"fragment_set", "tier3", "point_of_no_return", "supply_loss"}
    assert all(registry.NEMESIS_CARDS[f].deck == mr.DECK and registry.NEMESIS_CARDS[f].tier == 0 for f in ALL)


def test_nemesis_mist_revealed_random_and_heuristic_bots_play_seeded_games_to_the_end() -> None:
    for seed in range(3):
        for kind in ("random", "heuristic"):
            g = Game.new(mages=["Brama", "Mist"], nemesis=MR, seed=seed,
                         difficulty="expert" if seed == 2 else "normal")
            agents = [make_agent(kind, seed * 7 + i) for i in range(4)]
            n = 0
            while not g.over and n < 20000:
                dec = g.decision
                assert dec is not None
                seat = dec.seat
                g.apply(agents[seat].choose(dec, lambda seat=seat, g=g: g.view_for(seat)))  # type: ignore[misc]
                n += 1
            assert g.over


def test_K_13_mist_revealed_log_lines_name_the_fragments() -> None:
    from gravehold.events_text import event_text

    assert "fragment discard pile" in event_text({"event": "fragment_discarded", "card": CHEST})
    assert "UNLEASH" in event_text({"event": "fragment_unleash", "card": CHEST})
