"""Bishop of Scrolls (Legacy of Gravehold): its mat (the unnamed deck, its discard pile, the
cards under the mat and the loss), its unnamed, its increased difficulty and its nine cards,
from exact states.

Each test builds a small exact state (Brama and Mist, against Bishop of Scrolls), runs an
Unleash, a nemesis turn or effect steps, and compares every zone the nemesis can touch (its
play area, discard pile, special decks and tokens, Gravehold's and the players' life, their
prepped spells) with the starting one plus only the expected changes.
"""

from __future__ import annotations

from typing import Any

from gravehold import Game
from gravehold.agents import make_agent
from gravehold.boxes.legacy_of_gravehold.nemeses import bishop_of_scrolls as bs
from gravehold.content import registry
from gravehold.content.text import nemesis_card_text, nemesis_text, panels
from gravehold.engine.view import view_for

import support
from support import at_nemesis_turn, choose, events, minion, power, run_steps, turn

BS = "Bishop of Scrolls"
BEAST, FUSION, PHANTOM, FOLLOWER = "Unnamed (Beast)", "Unnamed (Fusion)", "Unnamed (Phantom)", "Unnamed (Follower)"
SHADOW, SOLDIER, LURKER = "Unnamed (Shadow)", "Unnamed (Soldier)", "Unnamed (Lurker)"
FILLER = "Needlemaw"  # drawn by the nemesis after a test's own card: a minion that only enters play
NT = bs.TOKEN


def un(name: str, life: int = 3) -> dict[str, Any]:
    d: dict[str, Any] = {"name": name, "life": life}
    if bs.UNNAMED[name]:
        d["shields"] = 1
    return d


def make(*top: str, in_play: tuple[dict[str, Any], ...] = (), deck: tuple[str, ...] = (SOLDIER, LURKER),
         discard: tuple[str, ...] = (), under: tuple[str, ...] = (), tokens: int = 0, n_discard: tuple[str, ...] = (),
         p0: dict[str, Any] | None = None, p1: dict[str, Any] | None = None, expert: bool = False,
         solo: bool = False) -> dict[str, Any]:
    d = support.facing(BS, 50, top, FILLER, in_play=in_play, p0=p0, p1=p1, expert=expert, solo=solo,
                       tokens={NT: tokens}, decks={bs.DECK: list(deck), bs.DISCARD: list(discard),
                                                   bs.UNDER: list(under)})
    d["nemesis"]["discard"] = list(n_discard)
    return d


def zones(g: Game) -> dict[str, Any]:
    st = g.state
    n = st.nemesis
    return {
        "in_play": [(c.name, c.life, c.shields, c.power) for c in n.in_play],
        "n_discard": list(n.discard),
        "deck": list(n.decks.get(bs.DECK, [])),
        "discard": list(n.decks.get(bs.DISCARD, [])),
        "under": list(n.decks.get(bs.UNDER, [])),
        "tokens": n.tokens.get(NT, 0),
        "gravehold": st.gravehold,
        "life": [p.life for p in st.players],
        "n_life": n.life,
        "prepped": [[s for b in p.breaches for s in b.spells] for p in st.players],
        "over": (g.over, g.result, g.reason) if g.over else False,
    }


def expect(d: dict[str, Any], **changes: Any) -> dict[str, Any]:
    z = zones(Game.from_dict(d))
    z.update(changes)
    return z


def ip(*cards: tuple[Any, ...]) -> list[tuple[Any, ...]]:
    """In-play entries: (name, life) or (name, life, shields, power)."""
    out = []
    for c in cards:
        if len(c) == 2:
            name, life = c
            out.append((name, life, bs.UNNAMED.get(name, 0) if name in bs.UNNAMED else 0, 0))
        else:
            out.append(c)
    return out


FILLER_IN = (FILLER, registry.NEMESIS_CARDS[FILLER].life, 0, 0)

# =========================================================================== the mat


def test_S_7_bishop_setup_shuffles_the_seven_unnamed_and_puts_three_into_play_with_two_players() -> None:
    g = Game.new(mages=["Brama", "Mist"], nemesis=BS, seed=5)
    n = g.state.nemesis
    assert (n.life, n.max_life) == (50, 50)
    assert len(n.in_play) == 3 and all(bs.is_unnamed(c.name) and c.life == 3 for c in n.in_play)
    assert sorted([c.name for c in n.in_play] + n.decks[bs.DECK]) == sorted(bs.UNNAMED)
    assert n.decks[bs.DISCARD] == [] and n.decks[bs.UNDER] == [] and n.tokens == {NT: 0}
    assert all(c.shields == bs.UNNAMED[c.name] for c in n.in_play)
    assert not any(bs.is_unnamed(c) for c in n.deck) and "Cipher" in n.deck
    assert not any("Campaign" in c for c in [*n.deck, *n.decks[bs.DECK]])  # campaign printings never dealt
    orders = {tuple(Game.new(mages=["Brama", "Mist"], nemesis=BS, seed=s).state.nemesis.decks[bs.DECK])
              for s in range(6)}
    assert len(orders) > 1  # shuffled


def test_S_7_bishop_setup_puts_two_unnamed_into_play_with_four_players() -> None:
    g = Game.new(mages=["Brama", "Mist", "Jian", "Kadir"], nemesis=BS, seed=2)
    assert len(g.state.nemesis.in_play) == 2 and len(g.state.nemesis.decks[bs.DECK]) == 5
    assert [bs.setup_count(k) for k in (1, 2, 3, 4)] == [3, 3, 3, 2]


def test_K_17_bishop_unnamed_are_tier_0_cards_of_the_unnamed_deck() -> None:
    for name in bs.UNNAMED:
        c = registry.NEMESIS_CARDS[name]
        assert (c.tier, c.deck, c.type, c.life) == (0, "unnamed", "minion", 3)
    campaign = [c for c in bs.CARDS if c.campaign]
    assert len(campaign) == 9 and all(c.deck == "unnamed" and c.tier == 0 for c in campaign)
    assert len(bs.CARDS) == 25
    assert registry.NEMESES[BS].deck_shape == (3, 3, 3)


def test_N_4_bishop_unleash_puts_the_top_unnamed_into_play() -> None:
    d = make(in_play=(un(BEAST),))
    g = run_steps(d, [("unleash", 1)])
    assert zones(g) == expect(d, in_play=ip((BEAST, 3), (SOLDIER, 3)), deck=[LURKER])


def test_K_17_bishop_an_empty_unnamed_deck_is_made_again_from_its_shuffled_discard_pile() -> None:
    d = make(in_play=(un(BEAST),), deck=(), discard=(SOLDIER, LURKER, FUSION))
    g = run_steps(d, [("unleash", 1)])
    z = zones(g)
    placed = z["in_play"][1][0]
    assert z == expect(d, in_play=ip((BEAST, 3), (placed, 3)), deck=z["deck"], discard=[])
    assert sorted([placed, *z["deck"]]) == sorted([SOLDIER, LURKER, FUSION])
    assert events(g, "unnamed_reshuffled")


def test_K_17_bishop_with_deck_and_discard_empty_each_unnamed_in_play_resolves_its_effect() -> None:
    d = make(in_play=(un(BEAST), un(FUSION)), deck=(), n_discard=("Engrave",))  # tier 2
    g = run_steps(d, [("unleash", 1)])
    assert zones(g) == expect(d, tokens=4)


def test_K_17_bishop_a_defeated_unnamed_goes_to_the_unnamed_discard_pile() -> None:
    d = make(in_play=(un(FUSION), un(BEAST)))
    g = run_steps(d, [("damage", 3)])
    choose(g, ("target", FUSION))
    assert zones(g) == expect(d, in_play=ip((BEAST, 3)), discard=[FUSION])
    assert events(g, "unnamed_discarded")


def test_N_5_bishop_an_unnamed_gains_tokens_equal_to_the_tier() -> None:
    for discard, tier in (((), 1), (("Engrave",), 2), (("Anoint", "Cipher"), 3)):
        d = make(in_play=(un(FUSION),), n_discard=discard, tokens=1)
        g = run_steps(d, [("unnamed_resolve", 1, 1)])
        assert zones(g) == expect(d, tokens=1 + tier)
    assert registry.NEMESIS_CARDS[FUSION].tier == 0  # an unnamed never raises the tier (K-17)


def test_E_1_bishop_an_exhausted_player_unleashes_twice_two_unnamed_enter_play() -> None:
    d = make(in_play=(un(BEAST),), p0={"life": 1})
    g = run_steps(d, [("you_suffer", 2)])
    assert g.decision is not None and g.decision.kind == "destroy_breach"
    assert zones(g) == expect(d, in_play=ip((BEAST, 3), (SOLDIER, 3), (LURKER, 3)), deck=[], life=[0, 10],
                              gravehold=28)


def test_N_1_bishop_at_eight_tokens_the_players_put_an_unnamed_under_the_mat_and_it_loses_eight() -> None:
    d = make(in_play=(un(FUSION), un(BEAST)), tokens=6, n_discard=("Engrave",))
    g = run_steps(d, [("unnamed_resolve", 1, 1)])
    assert g.decision is not None and g.decision.kind == "minion"
    assert set(g.legal_actions()) == {("minion", FUSION), ("minion", BEAST)}
    choose(g, ("minion", BEAST))
    assert zones(g) == expect(d, in_play=ip((FUSION, 3)), under=[BEAST], tokens=0)


def test_N_1_bishop_unnamed_under_mat_with_one_unnamed_in_play_asks_nothing() -> None:
    d = make(in_play=(un(BEAST),), tokens=9)
    g = run_steps(d, [("unnamed_under_mat",)])
    assert zones(g) == expect(d, in_play=[], under=[BEAST], tokens=1)
    assert events(g, "unnamed_under_mat")


def test_K_17_bishop_campaign_printings_are_catalogued_but_never_dealt() -> None:
    names = ["Unnamed (Bishop of Scrolls Campaign Hunter)", "Unnamed (Bishop of Scrolls Campaign Watcher)",
             "Unnamed (Bishop of Scrolls Campaign Lurker)", "Unnamed (Bishop of Scrolls Campaign Soldier)",
             "Unnamed (Bishop of Scrolls Campaign Shadow)", "Unnamed (Bishop of Scrolls Campaign Follower)",
             "Unnamed (Bishop of Scrolls Campaign Phantom)", "Unnamed (Bishop of Scrolls Campaign Fusion)",
             "Unnamed (Bishop of Scrolls Campaign Beast)"]
    shields = {"Shadow", "Follower", "Phantom", "Beast"}
    for name in names:
        c = registry.NEMESIS_CARDS[name]
        assert (c.campaign, c.tier, c.deck, c.life, c.shields) == (True, 0, "unnamed", 3,
                                                                   1 if name.split()[-1][:-1] in shields else 0)
        assert c.passive == (("unnamed_campaign",),) and c.shown == "Unnamed"
        assert "single game never deals it" in nemesis_card_text(c)
        assert name not in registry.NEMESES[BS].special_decks["unnamed"]
    for seed in range(4):
        n = Game.new(mages=["Brama", "Mist"], nemesis=BS, seed=seed).state.nemesis
        assert not set(names) & {*n.deck, *n.decks[bs.DECK], *(c.name for c in n.in_play)}


def test_G_2_bishop_the_last_unnamed_under_the_mat_loses_the_game() -> None:
    d = make(in_play=(un(FUSION),), deck=(), under=(BEAST,), tokens=7)
    g = run_steps(d, [("unnamed_resolve", 1, 1)])
    assert g.over and (g.result, g.reason) == ("loss", "nemesis_rule")
    assert g.state.nemesis.decks[bs.UNDER] == [BEAST, FUSION]


def test_G_2_bishop_an_unnamed_left_in_the_discard_pile_keeps_the_game_going() -> None:
    d = make(in_play=(un(FUSION),), deck=(), discard=(LURKER,), tokens=7)
    g = run_steps(d, [("unnamed_resolve", 1, 1)])
    assert zones(g) == expect(d, in_play=[], under=[FUSION], tokens=0)


def test_N_11_bishop_an_unnamed_put_into_play_in_the_main_phase_does_not_act_in_it() -> None:
    d = make(in_play=(minion("Altar Morpheme"),), deck=(SOLDIER,))
    g = turn(d, ("player", 0))
    # Altar Morpheme Unleashes (Soldier enters) and hurts P1; Soldier gains no token this phase
    assert zones(g) == expect(d, in_play=ip(("Altar Morpheme", 8, 0, 0), (SOLDIER, 3), FILLER_IN),
                              deck=[], life=[8, 10], n_discard=[])
    assert zones(g)["tokens"] == 0


def test_S_9_bishop_increased_difficulty_an_unnamed_enters_with_two_more_life() -> None:
    d = make(expert=True)
    g = run_steps(d, [("unleash", 1)])
    assert zones(g) == expect(d, in_play=ip((SOLDIER, 5)), deck=[LURKER])
    assert [(e["card"], e["life"]) for e in events(g, "entry_life")] == [(SOLDIER, 5)]
    g = Game.new(mages=["Brama", "Mist"], nemesis=BS, seed=1, difficulty="expert")
    assert all(c.life == 5 for c in g.state.nemesis.in_play if bs.is_unnamed(c.name))
    assert [c.life for c in Game.from_dict(g.to_dict()).state.nemesis.in_play] == \
        [c.life for c in g.state.nemesis.in_play]  # N-10: 5 is its entry life, a saved game keeps it


# =========================================================================== tier 1


def test_card_fevered_scribe_unleashes_and_enters_with_less_life_per_player() -> None:
    d = make("Fevered Scribe")
    g = turn(d)
    assert zones(g) == expect(d, in_play=ip((SOLDIER, 3), ("Fevered Scribe", 4, 0, 0)), deck=[LURKER])


def test_card_fevered_scribe_persistent_hurts_a_player_and_resolves_an_unnamed_twice() -> None:
    d = make(in_play=(minion("Fevered Scribe", 4), un(FUSION)), n_discard=("Engrave",))
    g = turn(d, ("player", 1))
    assert zones(g) == expect(d, in_play=ip(("Fevered Scribe", 4, 0, 0), (FUSION, 3), FILLER_IN),
                              life=[10, 9], tokens=2 * 2 + 2)  # twice by the Scribe, once on its own


def test_card_dire_proclamation_with_two_unnamed_or_fewer_unleashes_twice() -> None:
    d = make(in_play=(un(FUSION),))
    g = run_steps(d, [*registry.NEMESIS_CARDS["Dire Proclamation"].power], you=-1, source="Dire Proclamation")
    assert zones(g) == expect(d, in_play=ip((FUSION, 3), (SOLDIER, 3), (LURKER, 3)), deck=[], gravehold=27)


def test_card_dire_proclamation_with_three_unnamed_resolves_two_of_them_twice() -> None:
    d = make(in_play=(un(FUSION), un(SOLDIER), un(LURKER)), deck=(BEAST,))
    g = run_steps(d, [*registry.NEMESIS_CARDS["Dire Proclamation"].power], you=-1, source="Dire Proclamation")
    assert zones(g) == expect(d, gravehold=27, tokens=4)  # tier 1: four resolutions of one token


def test_card_dire_proclamation_power_resolves_when_its_last_token_goes() -> None:
    d = make(in_play=(power("Dire Proclamation", 1), un(FUSION)), deck=(SOLDIER, LURKER))
    g = turn(d)
    assert zones(g) == expect(d, in_play=ip((FUSION, 3), (SOLDIER, 3), (LURKER, 3), FILLER_IN), deck=[],
                              gravehold=27, n_discard=["Dire Proclamation"], tokens=1)


def test_card_anoint_unleashes_hurts_a_player_and_resolves_an_unnamed_twice() -> None:
    d = make("Anoint", in_play=(un(FUSION),))
    g = turn(d, ("player", 0))
    # main phase: Fusion gains 1 (tier 1); Anoint: Soldier enters, P1 suffers 2, two resolutions
    assert zones(g) == expect(d, in_play=ip((FUSION, 3), (SOLDIER, 3)), deck=[LURKER],
                              life=[8, 10], tokens=3, n_discard=["Anoint"])


# =========================================================================== tier 2


def test_card_altar_morpheme_unleashes_and_hurts_a_player() -> None:
    d = make(in_play=(minion("Altar Morpheme"),))
    g = turn(d, ("player", 1))
    assert zones(g) == expect(d, in_play=ip(("Altar Morpheme", 8, 0, 0), (SOLDIER, 3), FILLER_IN),
                              deck=[LURKER], life=[10, 8])


def test_card_memory_tithe_hurts_a_player_and_gravehold_and_resolves_an_unnamed_three_times() -> None:
    d = make(in_play=(power("Memory Tithe", 1), un(FUSION)), n_discard=("Engrave",))
    g = turn(d, ("player", 0))
    # Memory Tithe (older) first: three resolutions of 2 = 6; then Fusion's own: 8, so it goes under the mat
    assert zones(g) == expect(d, in_play=ip(FILLER_IN), life=[8, 10], gravehold=28, under=[FUSION],
                              n_discard=["Engrave", "Memory Tithe"], tokens=0)


def test_card_memory_tithe_costs_seven_aether_to_discard() -> None:
    c = registry.NEMESIS_CARDS["Memory Tithe"]
    assert c.to_discard == (("spend_aether", 7),) and c.power_tokens == 1


def test_card_engrave_with_two_unnamed_resolves_two_of_them_twice() -> None:
    d = make("Engrave", in_play=(un(FUSION), un(BEAST)), deck=(SOLDIER,))
    g = turn(d)
    # main phase: 1 + 1 (tier 1); Engrave (tier 1 while it resolves): 4 resolutions
    assert zones(g) == expect(d, in_play=ip((FUSION, 3), (BEAST, 3)), gravehold=26,
                              n_discard=["Engrave"], tokens=6)


def test_card_engrave_with_fewer_than_two_unnamed_unleashes_twice() -> None:
    d = make("Engrave", in_play=())
    g = turn(d)
    assert zones(g) == expect(d, in_play=ip((SOLDIER, 3), (LURKER, 3)), deck=[], gravehold=26,
                              n_discard=["Engrave"])


# =========================================================================== tier 3


def test_card_brain_splinter_unleashes_three_times_and_the_players_discard_two_prepped_spells() -> None:
    br = [{"state": "open", "spells": ["Spark"]}, support.closed(1), support.closed(0), support.closed(2)]
    d = make(in_play=(power("Brain Splinter", 1),), deck=(SOLDIER, LURKER, FUSION),
             p0={"breaches": br}, p1={"breaches": [dict(b) for b in br]})
    g = at_nemesis_turn(d)
    while g.decision is not None and g.decision.kind != "main":
        choose(g, g.legal_actions()[0])
    assert zones(g) == expect(d, in_play=ip((SOLDIER, 3), (LURKER, 3), (FUSION, 3), FILLER_IN), deck=[],
                              n_discard=["Brain Splinter"], prepped=[[], []])


def test_card_encrypt_unleashes_twice_hurts_gravehold_and_resolves_an_unnamed_twice() -> None:
    d = make("Encrypt", n_discard=("Cipher",))
    g = turn(d)
    assert zones(g) == expect(d, in_play=ip((SOLDIER, 3), (LURKER, 3)), deck=[], gravehold=27,
                              n_discard=["Cipher", "Encrypt"], tokens=6)


def test_card_cipher_resolves_an_unnamed_twice_then_unleashes() -> None:
    d = make(in_play=(minion("Cipher"), un(FUSION)))
    g = turn(d, ("minion", SOLDIER))
    # Cipher (tier 3): two resolutions of 3 (6), then Soldier enters; Fusion's own: 9, the players send
    # Soldier under the mat, 1 token left
    assert zones(g) == expect(d, in_play=ip(("Cipher", 16, 0, 0), (FUSION, 3), FILLER_IN), deck=[LURKER],
                              under=[SOLDIER], tokens=1)


def test_card_cipher_eight_tokens_put_the_only_unnamed_under_the_mat() -> None:
    d = make(in_play=(minion("Cipher"), un(FUSION)), deck=(SOLDIER,), tokens=2)
    g = turn(d)
    # Cipher: +3 = 5, +3 = 8 -> Fusion under the mat, 0; Unleash: Soldier enters (does not act this phase)
    assert zones(g) == expect(d, in_play=ip(("Cipher", 16, 0, 0), (SOLDIER, 3), FILLER_IN), deck=[],
                              under=[FUSION], tokens=0)


# =========================================================================== texts, panel, games


def test_K_13_bishop_texts_name_the_unnamed_and_the_readings() -> None:
    mat = nemesis_text(registry.NEMESES[BS])
    assert "unnamed" in mat and "project's reading" in mat and "2 more life" in mat
    assert "nemesis tier" in nemesis_card_text(registry.NEMESIS_CARDS[BEAST])
    assert set(bs.READINGS) >= {"single_game_deck", "shields", "which_unnamed", "under_mat", "expert_life"}


def test_K_13_bishop_panel_counts_the_unnamed_piles_and_tokens() -> None:
    g = Game.from_dict(make(discard=(BEAST,), under=(FUSION,), tokens=5))
    assert next(p for p in panels(view_for(g.state, 0)) if p[0] == "Unnamed")[1] == \
        "deck 2; discard 1; under the mat 1; nemesis tokens 5/8"


def test_nemesis_bishop_random_and_heuristic_bots_play_seeded_games_to_the_end() -> None:
    for seed, kind in ((0, "heuristic"), (1, "heuristic"), (2, "random")):
        g = Game.new(mages=["Brama", "Mist"], nemesis=BS, seed=seed)
        agents = [make_agent(kind, seed * 7 + i) for i in range(4)]
        n = 0
        while not g.over and n < 20000:
            dec = g.decision
            assert dec is not None
            seat = dec.seat
            g.apply(agents[seat].choose(dec, lambda seat=seat, g=g: g.view_for(seat)))  # type: ignore[misc]
            n += 1
        assert g.over
