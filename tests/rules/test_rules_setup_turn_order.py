"""Setup (S-1 … S-9), turn order (T-1 … T-5) and solo (SO-1, SO-2), with every edition reading.

Setup tests start real games with ``Game.new`` (or call the setup function itself when the
state *before* the first turn order card matters). Turn order tests build small states whose
stack holds only ``next_turn`` and check who takes the turn and where the cards went.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from gravehold import Game, IllegalAction, StateFormatError, UnknownName
from gravehold.content import registry as content
from gravehold.engine import triggers
from gravehold.engine.ruleset import PRESETS, Ruleset, ruleset
from gravehold.engine.setup import Config, SetupError, new_state
from gravehold.engine.state import State
from gravehold.engine.turn import drawn_turn_card_to_bottom

from support import at_main, at_nemesis_turn, base_state, choose, closed, player, run_steps, with_ruleset

FOUR = ["Adelheim", "Brama", "Mist", "Xaxos"]

#: Starting hand, deck (top first) and breaches I-IV as (state, stage), per reference mages.json.
MATS: dict[str, tuple[list[str], list[str], list[tuple[str, int]]]] = {
    "Adelheim": (["Amethyst Shard", "Crystal", "Crystal", "Spark", "Spark"], ["Crystal"] * 5,
                 [("open", 0), ("closed", 2), ("closed", 0), ("closed", 1)]),
    "Brama": (["Buried Light", "Crystal", "Crystal", "Crystal", "Crystal"],
              ["Crystal", "Crystal", "Crystal", "Spark", "Spark"],
              [("open", 0), ("closed", 1), ("closed", 0), ("closed", 2)]),
    "Mist": (["Garnet Shard", "Crystal", "Crystal", "Crystal", "Spark"],
             ["Crystal", "Crystal", "Crystal", "Spark", "Spark"],
             [("open", 0), ("closed", 2), ("closed", 1), ("closed", 1)]),
    "Xaxos": (["Flare", "Crystal", "Crystal", "Crystal", "Crystal"],
              ["Crystal", "Crystal", "Crystal", "Crystal", "Spark"],
              [("open", 0), ("closed", 0), ("closed", 0), ("closed", 1)]),
}

RAGEBORNE_OWN = {1: {"Cleave", "Provoker", "Unrelenting Ire"},
                 2: {"Blood Cry", "Invoke Carnage", "Scorn"},
                 3: {"Avatar of Wrath", "Onslaught", "Rolling Death"}}
STRIKES = ["Convoke", "Devastate", "Eviscerate", "Frenzy", "Raze", "Seize"]


# ----------------------------------------------------------------------------- helpers


def setup_only(mages: list[str], **kw: Any) -> State:
    """The state right after setup, before the first turn order card is drawn."""
    return new_state(Config(mages=list(mages), **kw))


def to_cards(g: Game) -> list[str]:
    """Every turn order card, wherever it lies, sorted."""
    return sorted(g.state.to_deck + g.state.to_discard)


def tier_of(name: str) -> int:
    return content.NEMESIS_CARDS[name].tier


def seat(mage: str, **kw: Any) -> dict[str, Any]:
    """A player holding one Crystal, so that their main phase stops for a choice."""
    return player(mage, hand=["Crystal"], **kw)


def turn_game(n: int, deck: list[str], discard: list[str] | None = None,
              tokens: dict[str, int] | None = None, rng: int = 12345, **rules: Any) -> Game:
    """n players, the given turn order deck/discard, about to draw the next turn order card."""
    d = base_state([seat(m) for m in FOUR[:n]],
                   turn_order={"deck": list(deck), "discard": list(discard or [])}, rng=rng)
    if rules:
        with_ruleset(d, **rules)
    if tokens is not None:
        d["tokens"] = dict(tokens)
    d["stack"] = [["next_turn"]]
    return Game.from_dict(d)


def at_turn_of(g: Game, i: int) -> None:
    """Player i's main phase is waiting for them."""
    assert g.decision is not None and g.decision.kind == "main"
    assert g.decision.player == i
    assert g.state.active == i
    assert g.state.phase == "main"


def end_turn(g: Game) -> None:
    choose(g, ("end_main",))


def solo(mage: str = "Brama", **kw: Any) -> dict[str, Any]:
    d = base_state([player(mage, **kw)],
                   turn_order={"deck": ["P1", "N", "P1", "P1", "N"], "discard": []})
    return d


# ====================================================================== S — setup


def test_S_1_one_to_four_players_in_the_listed_seats() -> None:
    for n in (1, 2, 3, 4):
        mages = list(reversed(FOUR))[:n]
        g = Game.new(mages=mages, seed=n)
        assert [p.mage for p in g.state.players] == mages
        assert g.state.config["mages"] == mages


def test_S_1_zero_or_five_players_or_a_repeated_mage_is_refused() -> None:
    with pytest.raises(SetupError):
        Game.new(mages=[])
    with pytest.raises(SetupError):
        Game.new(mages=FOUR + ["Brama"])
    with pytest.raises(SetupError):
        Game.new(mages=["Mist", "Mist"])
    with pytest.raises(UnknownName):
        Game.new(mages=["Brama", "Nobody"])


def test_S_2_starting_hand_and_deck_as_the_mat_lists_them() -> None:
    st = setup_only(FOUR, seed=4)
    for p in st.players:
        hand, deck, _ = MATS[p.mage]
        assert p.hand == hand
        assert p.deck == deck  # leftmost card on top
        assert p.discard == [] and p.played == []
        assert (p.charges, p.aether) == (0, 0)
        assert p.max_charges == content.MAGES[p.mage].ability.charges == 5


def test_S_2_starting_cards_never_enter_the_supply() -> None:
    g = Game.new(mages=["Brama", "Mist"], seed=1)
    assert not any(content.CARDS[c].starter for c in g.state.supply_names)
    bad = ["Crystal", "Scoria Slag", "Erratic Ingot", "Mage's Totem", "Primordial Fetish",
           "Reduce to Ash", "Jagged Lightning", "Conjure the Lost", "Fiery Torrent"]
    with pytest.raises(SetupError, match="Crystal is a starting card, never a supply card"):
        Game.new(mages=["Brama"], market=bad)
    d = base_state()
    d["supply"][0] = ["Spark", 5]
    with pytest.raises(StateFormatError) as e:
        Game.from_dict(d)
    assert e.value.field == "supply[0]"


def test_S_3_breaches_laid_out_as_each_mat_shows() -> None:
    st = setup_only(FOUR, seed=2)
    for p in st.players:
        _, _, breaches = MATS[p.mage]
        assert [(b.state, b.stage) for b in p.breaches] == breaches
        assert all(not b.spells and not b.focused for b in p.breaches)


def test_S_4_starting_life_of_players_gravehold_and_nemesis() -> None:
    g = Game.new(mages=["Brama", "Mist", "Xaxos"], seed=5)
    st = g.state
    assert [(p.life, p.max_life) for p in st.players] == [(10, 10)] * 3
    assert (st.gravehold, st.gravehold_max) == (30, 30)
    nemesis_life = content.NEMESES["Rageborne"].life
    assert nemesis_life == 70
    assert (st.nemesis.life, st.nemesis.max_life) == (nemesis_life, nemesis_life)


def test_S_4_healing_never_goes_above_the_starting_value() -> None:
    d = base_state([player("Brama", life=8, hand=["Crystal"]), player("Mist")],
                   gravehold={"life": 28, "max_life": 30})
    g = run_steps(d, [("life", 4, "you"), ("gravehold_life", 5)], source="Brink Siphon")
    at_turn_of(g, 0)
    assert (g.state.players[0].life, g.state.players[0].max_life) == (10, 10)
    assert (g.state.gravehold, g.state.gravehold_max) == (30, 30)
    # a hand-written state may not start above its maxima either
    for over in ({"players": [player("Brama", life=11), player("Mist")]},
                 {"gravehold": {"life": 31, "max_life": 30}}):
        with pytest.raises(StateFormatError):
            Game.from_dict(base_state(**over))  # type: ignore[arg-type]
    d = base_state()
    d["nemesis"]["life"] = 71
    with pytest.raises(StateFormatError):
        Game.from_dict(d)


@pytest.mark.parametrize("mages,expected", [
    (["Brama", "Mist"], ["N", "N", "P1", "P1", "P2", "P2"]),
    (["Brama", "Mist", "Xaxos"], ["N", "N", "P1", "P2", "P3", "W"]),
    (FOUR, ["N", "N", "P1", "P2", "P3", "P4"]),
])
def test_S_5_turn_order_deck_by_player_count(mages: list[str], expected: list[str]) -> None:
    g = Game.new(mages=mages, seed=7)
    assert to_cards(g) == expected
    assert g.state.tokens.get("pair12") is None and g.state.tokens.get("wild") is None


def test_S_5_true_solo_turn_order_has_three_player_cards() -> None:
    g = Game.new(mages=["Mist"], seed=7)
    assert to_cards(g) == ["N", "N", "P1", "P1", "P1"]


def test_S_5_four_player_variant_uses_paired_cards() -> None:
    g = Game.new(mages=FOUR, seed=7, four_player_variant=True)
    assert to_cards(g) == ["N", "N", "P12", "P12", "P34", "P34"]
    assert g.state.config["four_player_variant"] is True
    pre = setup_only(FOUR, seed=7, four_player_variant=True)
    assert (pre.tokens["pair12"], pre.tokens["pair34"]) == (-1, -1)  # both tokens on the table


PAIRS = {"we": "singles", "ae": "singles", "log": "pairs", "na": "singles", "oc": "pairs"}


@pytest.mark.parametrize("preset", sorted(PAIRS))
def test_S_5_T_4_four_player_turn_order_per_edition(preset: str) -> None:
    assert ruleset(preset).four_player_turn_order == PAIRS[preset]
    pre = setup_only(FOUR, seed=7, ruleset=preset)
    if PAIRS[preset] == "pairs":  # two 1/2 and two 3/4 cards, both pair tokens on the table
        assert sorted(pre.to_deck) == ["N", "N", "P12", "P12", "P34", "P34"]
        assert (pre.tokens["pair12"], pre.tokens["pair34"]) == (-1, -1)
    else:
        assert sorted(pre.to_deck) == ["N", "N", "P1", "P2", "P3", "P4"]
        assert "pair12" not in pre.tokens and "pair34" not in pre.tokens
    # the four-player variant of the setup still asks for pairs in every edition
    variant = setup_only(FOUR, seed=7, ruleset=preset, four_player_variant=True)
    assert sorted(variant.to_deck) == ["N", "N", "P12", "P12", "P34", "P34"]


@pytest.mark.parametrize("order", ["singles", "pairs"])
def test_S_5_T_4_four_player_turn_order_only_changes_four_players(order: str) -> None:
    three = setup_only(FOUR[:3], seed=7, ruleset={"four_player_turn_order": order})
    assert sorted(three.to_deck) == ["N", "N", "P1", "P2", "P3", "W"] and "pair12" not in three.tokens
    four = Game.new(mages=FOUR, seed=7, ruleset={"four_player_turn_order": order})
    expected = ["P12", "P12", "P34", "P34"] if order == "pairs" else ["P1", "P2", "P3", "P4"]
    assert to_cards(four) == ["N", "N", *expected]
    assert four.state.config["four_player_variant"] is False


@pytest.mark.parametrize("mages", [FOUR[:1], FOUR[:2], FOUR[:3]], ids=["solo", "two", "three"])
def test_S_5_T_4_the_four_player_variant_is_refused_where_it_would_change_nothing(mages: list[str]) -> None:
    """It only pairs four players' turn order cards: asked for a smaller game it is a
    mistake in the request, named, and no game is set up with a setting that means nothing."""
    for make in (lambda: Game.new(mages=mages, seed=7, four_player_variant=True),
                 lambda: setup_only(mages, seed=7, four_player_variant=True)):
        with pytest.raises(SetupError) as e:
            make()
        assert str(e.value) == (f"four_player_variant: the four-player variant is for four players; "
                                f"this game has {len(mages)}")
    with pytest.raises(SetupError, match=r"four_player_variant: must be true or false, got 'yes'"):
        Game.new(mages=FOUR, seed=7, four_player_variant="yes")
    plain = Game.new(mages=mages, seed=7, four_player_variant=False)
    assert plain.state.config["four_player_variant"] is False
    # a setup stored before the refusal deals again as it was played: the flag off
    assert Game.from_config({"mages": mages, "seed": 7, "four_player_variant": True}) == plain


def test_S_5_T_4_a_game_saved_with_the_variant_for_two_players_still_loads() -> None:
    """Saved before the variant was refused there: the flag changed nothing, so the game
    loads as it was saved and plays on (nothing already saved is lost)."""
    g = Game.new(mages=["Brama", "Mist"], nemesis="Rageborne", market="Deck Destruction", seed=7)
    d = g.to_dict()
    d["config"]["four_player_variant"] = True
    again = Game.from_dict(d)
    assert again.state.config["four_player_variant"] is True
    assert again.legal_actions() == g.legal_actions() and sorted(again.state.to_deck) == sorted(g.state.to_deck)
    again.apply(again.legal_actions()[-1])


def test_S_5_turn_order_deck_is_shuffled_and_hidden() -> None:
    orders = {tuple(setup_only(["Brama", "Mist"], seed=s).to_deck) for s in range(12)}
    assert len(orders) > 1
    assert all(sorted(o) == ["N", "N", "P1", "P1", "P2", "P2"] for o in orders)
    g = Game.new(mages=["Brama", "Mist"], seed=3)
    view = g.view_for(0)
    assert "deck" not in view["turn_order"]
    assert view["turn_order"]["deck_size"] == len(g.state.to_deck)
    assert view["turn_order"]["known_top"] == []
    assert view["turn_order"]["discard"] == g.state.to_discard


@pytest.mark.parametrize("mages,basics", [
    (["Brama", "Mist"], (3, 5, 7)),
    (["Brama", "Mist", "Xaxos"], (5, 6, 7)),
    (FOUR, (8, 7, 7)),
])
def test_S_6_nemesis_deck_tiers_stacked_with_basics_by_player_count(
        mages: list[str], basics: tuple[int, int, int]) -> None:
    st = setup_only(mages, seed=9)
    deck = st.nemesis.deck
    sizes = [3 + b for b in basics]
    assert len(deck) == sum(sizes)
    # tier 1 on top, then tier 2, then tier 3
    assert [tier_of(c) for c in deck] == [1] * sizes[0] + [2] * sizes[1] + [3] * sizes[2]
    start = 0
    for tier, size in zip((1, 2, 3), sizes, strict=True):
        pile = deck[start:start + size]
        start += size
        own = {c for c in pile if content.NEMESIS_CARDS[c].nemesis == "Rageborne"}
        assert own == RAGEBORNE_OWN[tier]
        added = [c for c in pile if c not in own]
        assert len(added) == len(set(added)) == basics[tier - 1]
        assert set(added) <= set(content.BASICS["AE"])
    assert st.nemesis.discard == [] and st.nemesis.in_play == []


def test_S_6_each_tier_pile_is_shuffled_separately() -> None:
    firsts = set()
    for s in range(10):
        deck = setup_only(["Brama", "Mist"], seed=s).nemesis.deck
        assert [tier_of(c) for c in deck] == [1] * 6 + [2] * 8 + [3] * 10
        firsts.add(tuple(deck[:6]))
    assert len(firsts) > 1


def test_S_6_solo_nemesis_deck_two_player_column_under_we() -> None:
    st = setup_only(["Brama"], seed=3, ruleset="we")
    assert st.config["ruleset"]["solo_nemesis_deck"] == "two_player"
    assert Counter(tier_of(c) for c in st.nemesis.deck) == {1: 3 + 3, 2: 3 + 5, 3: 3 + 7}
    assert [tier_of(c) for c in st.nemesis.deck] == sorted(tier_of(c) for c in st.nemesis.deck)


def test_S_6_solo_nemesis_deck_one_player_column_under_ae() -> None:
    st = setup_only(["Brama"], seed=3, ruleset="ae")
    assert st.config["ruleset"]["solo_nemesis_deck"] == "one_player"
    assert Counter(tier_of(c) for c in st.nemesis.deck) == {1: 3 + 1, 2: 3 + 3, 3: 3 + 7}
    assert [tier_of(c) for c in st.nemesis.deck] == sorted(tier_of(c) for c in st.nemesis.deck)


def test_S_6_solo_nemesis_deck_option_set_alone() -> None:
    one = setup_only(["Mist"], seed=1, ruleset={"preset": "we", "solo_nemesis_deck": "one_player"})
    two = setup_only(["Mist"], seed=1, ruleset={"preset": "ae", "solo_nemesis_deck": "two_player"})
    assert len(one.nemesis.deck) == 20
    assert len(two.nemesis.deck) == 24
    # the option changes nothing with two or more players
    multi = setup_only(["Mist", "Brama"], seed=1, ruleset={"preset": "we", "solo_nemesis_deck": "one_player"})
    assert len(multi.nemesis.deck) == 24
    with pytest.raises(ValueError):
        setup_only(["Mist"], ruleset={"solo_nemesis_deck": "three_player"})


def test_S_6_nemesis_deck_is_never_reshuffled_by_drawing() -> None:
    st = setup_only(["Brama", "Mist"], seed=5)
    d = base_state()
    d["nemesis"]["deck"] = list(st.nemesis.deck)
    d["players"] = [seat("Brama"), seat("Mist")]
    g = at_nemesis_turn(d)
    assert g.state.nemesis.deck == st.nemesis.deck[1:]


def test_S_7_rageborne_starts_with_one_fury_and_a_strike_deck() -> None:
    g = Game.new(mages=["Brama", "Mist"], seed=2)
    nem = setup_only(["Brama", "Mist"], seed=2).nemesis
    assert nem.tokens == {"fury": 1}
    assert list(nem.decks) == ["strike"]
    assert sorted(nem.decks["strike"]) == STRIKES
    assert sorted(g.state.nemesis.decks["strike"]) == STRIKES
    # the strike cards are never part of the nemesis deck
    assert not set(STRIKES) & set(nem.deck)
    orders = {tuple(setup_only(["Brama", "Mist"], seed=s).nemesis.decks["strike"]) for s in range(8)}
    assert len(orders) > 1  # shuffled


def test_S_7_a_state_without_the_strike_deck_is_refused() -> None:
    d = base_state()
    d["nemesis"]["decks"] = {}
    with pytest.raises(StateFormatError) as e:
        Game.from_dict(d)
    assert e.value.field == "nemesis.decks.strike"


@pytest.mark.parametrize("market", ["Deck Destruction", "Reuse Spells!"])
def test_S_8_suggested_market_by_name(market: str) -> None:
    g = Game.new(mages=["Brama", "Mist"], market=market, seed=1)
    st = g.state
    assert set(st.supply_names) == set(content.MARKETS[market].cards)
    assert len(st.supply_names) == 9
    types = [content.CARDS[c].type for c in st.supply_names]
    assert Counter(types) == {"gem": 3, "relic": 2, "spell": 4}
    expected = {"gem": 7, "relic": 5, "spell": 5}
    assert st.supply_counts == [expected[t] for t in types]
    assert st.config["market"] == market


def test_S_8_explicit_market_list() -> None:
    cards = ["Kindle", "Volcanic Glass", "Cairn Compass", "Jagged Lightning", "Scoria Slag",
             "Mage's Totem", "Nova Forge", "Bloodstone Jewel", "Crystallize"]
    g = Game.new(mages=["Brama"], market=cards, seed=1)
    st = g.state
    assert sorted(st.supply_names) == sorted(cards)
    assert dict(zip(st.supply_names, st.supply_counts, strict=True)) == {
        "Volcanic Glass": 7, "Scoria Slag": 7, "Bloodstone Jewel": 7,
        "Mage's Totem": 5, "Cairn Compass": 5,
        "Kindle": 5, "Jagged Lightning": 5, "Nova Forge": 5, "Crystallize": 5,
    }
    assert sorted(st.config["market"]) == sorted(cards)


@pytest.mark.parametrize("market,error", [
    (["Kindle", "Volcanic Glass", "Cairn Compass", "Jagged Lightning", "Scoria Slag",
      "Mage's Totem", "Nova Forge", "Bloodstone Jewel"], SetupError),  # 8 piles
    (["Kindle", "Kindle", "Cairn Compass", "Jagged Lightning", "Scoria Slag",
      "Mage's Totem", "Nova Forge", "Bloodstone Jewel", "Volcanic Glass"], SetupError),  # a repeat
    (["Breach Ore", "Volcanic Glass", "Cairn Compass", "Jagged Lightning", "Scoria Slag",
      "Mage's Totem", "Nova Forge", "Bloodstone Jewel", "Crystallize"], SetupError),  # 4 gems
    (["Kindle", "Volcanic Glass", "Cairn Compass", "Jagged Lightning", "Scoria Slag",
      "Mage's Totem", "Nova Forge", "Bloodstone Jewel", "No Such Card"], SetupError),  # every fault at once
    ("Some Other Market", UnknownName),
])
def test_S_8_bad_markets_are_refused(market: Any, error: type[Exception]) -> None:
    with pytest.raises(error):
        Game.new(mages=["Brama"], market=market)


def test_S_8_gain_takes_the_top_card_and_an_empty_pile_stays_empty() -> None:
    d = base_state([player("Brama", hand=["Crystal"], aether=9, discard=["Spark"]), player("Mist")])
    d["supply"][0] = ["Frozen Magmite", 1]
    g = at_main(d, 0)
    choose(g, ("gain", "Frozen Magmite"))
    st = g.state
    assert st.supply_counts[0] == 0
    assert st.players[0].discard == ["Spark", "Frozen Magmite"]
    assert st.players[0].aether == 6
    assert ("gain", "Frozen Magmite") not in g.legal_actions()
    before = g.to_dict()
    with pytest.raises(IllegalAction):
        g.apply(("gain", "Frozen Magmite"))
    assert g.to_dict() == before


@pytest.mark.parametrize("difficulty,player_life,gravehold,nemesis,expert", [
    ("beginner", 12, 35, 60, False),
    ("normal", 10, 30, 70, False),
    ("expert", 10, 30, 70, True),
    ("extinction", 8, 25, 80, True),
])
def test_S_9_difficulty_levels(difficulty: str, player_life: int, gravehold: int, nemesis: int,
                               expert: bool) -> None:
    g = Game.new(mages=["Brama", "Mist"], difficulty=difficulty, seed=4)
    st = g.state
    assert [(p.life, p.max_life) for p in st.players] == [(player_life, player_life)] * 2
    assert (st.gravehold, st.gravehold_max) == (gravehold, gravehold)
    assert (st.nemesis.life, st.nemesis.max_life) == (nemesis, nemesis)
    assert st.config["difficulty"] == difficulty
    assert st.config["expert"] is expert


def test_S_9_unknown_difficulty_is_refused() -> None:
    with pytest.raises(SetupError):
        Game.new(mages=["Brama"], difficulty="nightmare")


@pytest.mark.parametrize("expert,fury_after", [(False, 4 - 3), (True, 4 - 1)])
def test_S_9_expert_uses_the_nemesis_increased_difficulty_rule(expert: bool, fury_after: int) -> None:
    d = base_state([seat("Brama"), seat("Mist")])
    d["config"]["expert"] = expert
    d["nemesis"]["tokens"] = {"fury": 4}
    d["nemesis"]["deck"] = ["Bleed Static", "Slaughter"]
    d["nemesis"]["decks"] = {"strike": ["Devastate"]}
    g = at_nemesis_turn(d)
    st = g.state
    # Bleed Static enters play; at the end of the turn 4 fury makes Rageborne strike once
    assert [c.name for c in st.nemesis.in_play] == ["Bleed Static"]
    assert st.gravehold == 30 - 5
    assert st.nemesis.tokens == {"fury": fury_after}
    assert st.nemesis.decks["strike"] == ["Devastate"]
    at_turn_of(g, 0)  # the turn order deck's top card "P1" came next


# ================================================================= T — turn order


def test_T_1_first_card_is_drawn_at_game_start() -> None:
    for seed in range(6):
        pre = setup_only(["Brama", "Mist"], seed=seed)
        g = Game.new(mages=["Brama", "Mist"], seed=seed)
        st = g.state
        k = len(st.to_discard)
        assert k >= 1
        assert st.to_discard == pre.to_deck[:k]
        assert st.to_deck == pre.to_deck[k:]
        last = st.to_discard[-1]
        assert last in ("P1", "P2")  # the game waits for a player's decision
        at_turn_of(g, int(last[1]) - 1)
        assert st.turn == k
        assert st.nemesis.deck == pre.nemesis.deck[st.to_discard.count("N"):]


def test_T_1_each_turn_takes_the_next_turn_order_card() -> None:
    g = turn_game(2, ["P2", "N", "P1", "P2"])
    at_turn_of(g, 1)
    assert (g.state.to_deck, g.state.to_discard) == (["N", "P1", "P2"], ["P2"])
    end_turn(g)
    # the nemesis took its turn (drew Slaughter: Unleash + 3 to Gravehold), then player 1's card
    st = g.state
    assert st.nemesis.discard == ["Slaughter"]
    assert st.nemesis.tokens["fury"] == 2
    assert st.gravehold == 27
    at_turn_of(g, 0)
    assert (st.to_deck, st.to_discard) == (["P2"], ["P2", "N", "P1"])
    assert st.turn == 3
    end_turn(g)
    at_turn_of(g, 1)
    assert (g.state.to_deck, g.state.to_discard) == ([], ["P2", "N", "P1", "P2"])


def test_T_1_a_source_may_take_over_a_player_card_drawn_before_its_turn() -> None:
    """The point ``turn_card_drawn`` asks once per player the card just drawn may give the
    turn (T-3, T-4, T-5 say whom), never for the nemesis' card; a source that takes the card
    over decides what follows (here: the card goes under the deck and the next is drawn)."""
    seen: list[tuple[int, str]] = []

    def drawn(g: Any, i: int, card: str) -> bool:
        seen.append((i, card))
        if card != "P1" or not g.state.to_deck:
            return False
        drawn_turn_card_to_bottom(g, "test")
        g.push("next_turn")
        return True

    triggers.declare("keyword", "test: turn card drawn", "turn_card_drawn", drawn)
    try:
        g = turn_game(2, ["P1", "P2", "N"])
        at_turn_of(g, 1)
        assert seen == [(0, "P1"), (1, "P2")]
        assert (g.state.to_deck, g.state.to_discard) == (["N", "P1"], ["P2"])
        seen.clear()
        end_turn(g)  # the nemesis' card: nobody is asked; then P1, last of the deck, is kept
        at_turn_of(g, 0)
        assert seen == [(0, "P1")] and (g.state.to_deck, g.state.to_discard) == ([], ["P2", "N", "P1"])
        seen.clear()
        g = turn_game(4, ["P12"], tokens={"pair12": -1, "pair34": -1})
        assert seen == [(0, "P12"), (1, "P12")] and g.decision is not None and g.decision.kind == "pair"
        seen.clear()
        g = turn_game(4, ["P12"], tokens={"pair12": 0, "pair34": -1})
        assert seen == [(1, "P12")]
        seen.clear()
        turn_game(3, ["W"], tokens={"wild": 2}, wild_card="token")
        turn_game(3, ["W"], wild_card="choose")
        assert seen == [(2, "W")]
        seen.clear()
        d = solo("Mist", hand=["Crystal"])
        d["turn_order"] = {"deck": ["P3", "N"], "discard": []}
        d["stack"] = [["next_turn"]]
        Game.from_dict(d)
        assert seen == [(0, "P3")]
    finally:
        triggers.withdraw("keyword", "test: turn card drawn")


def test_T_2_empty_turn_order_deck_is_reshuffled_from_the_discard() -> None:
    discard = ["P1", "N", "P2", "P1", "N", "P2"]
    seen = set()
    for r in range(1, 13):
        g = turn_game(2, [], discard, rng=r * 7919)
        st = g.state
        drawn = st.to_discard
        assert len(drawn) >= 1
        assert sorted(st.to_deck + drawn) == sorted(discard)
        assert drawn[-1] in ("P1", "P2")
        at_turn_of(g, int(drawn[-1][1]) - 1)
        seen.add(tuple(drawn + st.to_deck))
        if drawn[0] == "P1" or drawn[0] == "P2":
            assert len(drawn) == 1
    assert len(seen) > 1  # really shuffled


def test_T_2_reshuffle_when_a_card_must_be_revealed() -> None:
    d = base_state([seat("Xaxos"), seat("Brama")],
                   turn_order={"deck": [], "discard": ["N", "P1", "P2"]})
    g = run_steps(d, [("flare", 3, 1)], source="Flare")
    st = g.state
    assert st.to_discard == []
    assert sorted(st.to_deck) == ["N", "P1", "P2"]
    top = st.to_deck[0]
    assert st.nemesis.life == 70 - (1 if top == "N" else 3)
    assert g.view_for(0)["turn_order"]["known_top"] == [top]
    at_turn_of(g, 0)


def test_T_3_wild_card_players_choose_under_choose() -> None:
    g = turn_game(3, ["W", "P1"], wild_card="choose")
    d = g.decision
    assert d is not None and d.kind == "wild"
    assert g.legal_actions() == [("player", 0), ("player", 1), ("player", 2)]
    assert g.state.to_discard == ["W"]
    before = g.to_dict()
    with pytest.raises(IllegalAction):
        g.apply(("player", 3))
    assert g.to_dict() == before
    choose(g, ("player", 2))
    at_turn_of(g, 2)
    assert "wild" not in g.state.tokens
    end_turn(g)
    at_turn_of(g, 0)


def test_T_3_wild_token_holder_takes_the_turn_and_passes_left() -> None:
    g = turn_game(3, ["W", "P2", "W"], tokens={"wild": 1}, wild_card="token")
    at_turn_of(g, 1)
    assert g.state.tokens["wild"] == 2
    end_turn(g)
    at_turn_of(g, 1)  # P2
    assert g.state.tokens["wild"] == 2
    end_turn(g)
    at_turn_of(g, 2)  # the new holder
    assert g.state.tokens["wild"] == 0  # passed on, wrapping round to the first seat
    assert g.state.to_discard == ["W", "P2", "W"]


@pytest.mark.parametrize("preset,reading", [
    ("we", "choose"), ("ae", "choose"), ("na", "choose"), ("log", "token"), ("oc", "token"),
])
def test_T_3_wild_card_reading_of_each_preset(preset: str, reading: str) -> None:
    assert ruleset(preset).wild_card == reading
    pre = setup_only(FOUR[:3], seed=1, ruleset=preset)
    if reading == "token":
        assert pre.tokens["wild"] == 0  # the first player starts with the wild token
    else:
        assert "wild" not in pre.tokens
    # "NA No Choice" variant: the option alone switches NA to the token reading (T-6: who
    # holds it first is the players' choice, or random in NA)
    alone = setup_only(FOUR[:3], seed=1, ruleset={"preset": preset, "wild_card": "token"})
    assert alone.tokens["wild"] in range(3)
    assert alone.stack == ([] if preset == "na" else [("wild_start",)])


WILD_START = {"we": "choose", "ae": "choose", "log": "choose", "na": "random", "oc": "choose"}


@pytest.mark.parametrize("preset", sorted(WILD_START))
def test_T_6_wild_token_start_per_edition(preset: str) -> None:
    spec = {"preset": preset, "wild_card": "token"}
    assert ruleset(preset).wild_token_start == WILD_START[preset]
    g = Game.new(mages=FOUR[:3], seed=4, ruleset=spec)
    if WILD_START[preset] == "random":
        assert len(g.state.to_discard) >= 1  # no choice first: the first turn has begun
        holders = {setup_only(FOUR[:3], seed=k, ruleset=spec).tokens["wild"] for k in range(12)}
        assert holders == {0, 1, 2}  # a random seat, not always the first
        return
    # before the first turn order card: the players give the token to any of the three
    d = g.decision
    assert d is not None and d.kind == "wild" and d.player == 0 and d.source == "turn order"
    assert g.legal_actions() == [("player", 0), ("player", 1), ("player", 2)]
    assert g.state.to_discard == [] and len(g.state.to_deck) == 6
    choose(g, ("player", 2))
    assert g.state.tokens["wild"] == 2 and len(g.state.to_discard) == 1
    assert [e["holder"] for e in g.events if e["event"] == "wild_token_passed"][:1] == [2]


def test_T_6_random_wild_token_start_keeps_the_rest_of_the_setup() -> None:
    choose_ = setup_only(FOUR[:3], seed=9, ruleset={"preset": "log"})
    random_ = setup_only(FOUR[:3], seed=9, ruleset={"preset": "log", "wild_token_start": "random"})
    assert (random_.to_deck, random_.nemesis.deck, random_.supply_names) == \
        (choose_.to_deck, choose_.nemesis.deck, choose_.supply_names)
    assert choose_.stack == [("wild_start",)] and random_.stack == []


@pytest.mark.parametrize("start", ["choose", "random"])
def test_T_6_wild_token_start_means_nothing_without_the_token(start: str) -> None:
    pre = setup_only(FOUR[:3], seed=1, ruleset={"preset": "we", "wild_token_start": start})
    assert "wild" not in pre.tokens and pre.stack == []
    two = setup_only(FOUR[:2], seed=1, ruleset={"preset": "log", "wild_token_start": start})
    assert "wild" not in two.tokens and two.stack == []


def test_T_4_pair_card_with_token_on_table_either_player_takes_it() -> None:
    g = turn_game(4, ["P12", "P34", "P12", "P34"], tokens={"pair12": -1, "pair34": -1})
    assert g.decision is not None and g.decision.kind == "pair"
    assert g.legal_actions() == [("player", 0), ("player", 1)]
    choose(g, ("player", 1))
    at_turn_of(g, 1)
    assert g.state.tokens == {"pair12": 1, "pair34": -1}
    end_turn(g)
    assert g.decision is not None and g.decision.kind == "pair"
    assert g.legal_actions() == [("player", 2), ("player", 3)]
    choose(g, ("player", 2))
    at_turn_of(g, 2)
    assert g.state.tokens == {"pair12": 1, "pair34": 2}
    end_turn(g)
    # next "1/2": the other player of the pair, and the token goes back to the table
    at_turn_of(g, 0)
    assert g.state.tokens == {"pair12": -1, "pair34": 2}
    end_turn(g)
    at_turn_of(g, 3)
    assert g.state.tokens == {"pair12": -1, "pair34": -1}
    assert g.state.to_discard == ["P12", "P34", "P12", "P34"]


def test_T_4_pair_token_held_sends_the_turn_to_the_partner() -> None:
    g = turn_game(4, ["P34"], tokens={"pair12": -1, "pair34": 3})
    at_turn_of(g, 2)
    assert g.state.tokens == {"pair12": -1, "pair34": -1}


def test_T_5_true_solo_any_player_card_is_your_turn() -> None:
    for card in ("P1", "P2", "P3", "P4"):
        d = solo("Mist", hand=["Crystal"])
        d["turn_order"] = {"deck": [card, "N"], "discard": []}
        d["stack"] = [["next_turn"]]
        g = Game.from_dict(d)
        at_turn_of(g, 0)
        assert (g.state.to_deck, g.state.to_discard) == (["N"], [card])


def test_T_5_solo_game_turns_all_belong_to_the_single_player() -> None:
    g = Game.new(mages=["Xaxos"], seed=8)
    for _ in range(4):
        at_turn_of(g, 0)
        assert set(g.state.to_discard) <= {"P1", "N"}
        end_turn(g)


# ======================================================================= SO — solo


@pytest.mark.parametrize("turns,expected", [
    (3, ["N", "N", "P1", "P1", "P1"]),
    (4, ["N", "N", "P1", "P1", "P1", "P1"]),
])
def test_SO_1_solo_player_turns_option(turns: int, expected: list[str]) -> None:
    g = Game.new(mages=["Brama"], seed=2, ruleset={"preset": "we", "solo_player_turns": turns})
    assert to_cards(g) == expected
    # ignored with two players
    g2 = Game.new(mages=["Brama", "Mist"], seed=2, ruleset={"solo_player_turns": turns})
    assert to_cards(g2) == ["N", "N", "P1", "P1", "P2", "P2"]


@pytest.mark.parametrize("life", [10, 12, 14, 15])
def test_SO_1_solo_player_life_option(life: int) -> None:
    g = Game.new(mages=["Mist"], seed=2, ruleset={"solo_player_life": life})
    p = g.state.players[0]
    assert (p.life, p.max_life) == (life, life)
    assert (g.state.gravehold, g.state.nemesis.life) == (30, 70)
    # ignored with two players
    g2 = Game.new(mages=["Mist", "Brama"], seed=2, ruleset={"solo_player_life": life})
    assert [(q.life, q.max_life) for q in g2.state.players] == [(10, 10), (10, 10)]


def test_SO_1_solo_options_refuse_other_values() -> None:
    for opts in ({"solo_player_turns": 2}, {"solo_player_turns": 5}, {"solo_player_life": 11},
                 {"solo_player_life": 20}):
        with pytest.raises(ValueError):
            Game.new(mages=["Brama"], ruleset=opts)


def test_SO_1_mist_ability_draws_for_yourself_in_solo() -> None:
    d = solo("Mist", hand=["Crystal"], charges=5,
             deck=["Spark", "Crystal", "Spark", "Crystal", "Spark", "Crystal"])
    g = at_main(d, 0)
    choose(g, ("ability", 0))
    p = g.state.players[0]
    assert p.charges == 0
    assert p.hand == ["Crystal", "Spark", "Crystal", "Spark", "Crystal"]
    assert p.deck == ["Spark", "Crystal"]
    at_turn_of(g, 0)


def test_SO_1_amethyst_shard_lets_yourself_cycle_in_solo() -> None:
    d = solo("Adelheim", hand=["Amethyst Shard", "Spark"], deck=["Crystal", "Spark"])
    g = at_main(d, 0)
    choose(g, ("play", "Amethyst Shard"))
    assert g.decision is not None and g.legal_actions() == [("player", 0), ("skip",)]
    choose(g, ("player", 0))
    assert g.decision is not None and g.decision.kind == "discard"
    choose(g, ("card", "Spark"))
    p = g.state.players[0]
    assert p.hand == ["Crystal"]
    assert p.deck == ["Spark"]
    assert p.discard == ["Spark"]
    assert p.played == ["Amethyst Shard"]
    assert p.aether == 1
    at_turn_of(g, 0)


def test_SO_1_charges_for_an_ally_go_to_yourself_in_solo() -> None:
    d = solo("Xaxos", hand=["Crystal"])
    g = run_steps(d, [("ally_charges", 4)], source="Metaphysical Link")
    assert g.state.players[0].charges == 4
    at_turn_of(g, 0)


def test_SO_1_exhausting_the_only_player_does_not_lose() -> None:
    brs = [{"state": "open", "spells": ["Spark"]}, closed(1), closed(0), closed(2)]
    d = solo("Brama", life=2, hand=["Crystal"], charges=3, breaches=brs)
    g = run_steps(d, [("suffer", 5)], source="Convoke")
    # E-1: unleash twice first, then the player picks a breach to destroy
    assert g.decision is not None and g.decision.kind == "destroy_breach"
    choose(g, ("breach", 0))
    st = g.state
    assert not st.over and st.result is None
    p = st.players[0]
    assert (p.life, p.exhausted, p.charges) == (0, True, 0)
    assert st.gravehold == 30 - 2 * 3
    assert st.nemesis.tokens["fury"] == 1 + 2
    assert [b.state for b in p.breaches] == ["destroyed", "closed", "closed", "closed"]
    assert p.discard == ["Spark"]
    at_turn_of(g, 0)


def test_SO_1_with_two_players_all_exhausted_loses_but_solo_needs_gravehold_at_zero() -> None:
    d = base_state([player("Brama", life=2, hand=["Crystal"]),
                    player("Mist", life=0, exhausted=True, hand=["Crystal"])])
    g = run_steps(d, [("suffer", 5)], source="Convoke")
    assert (g.over, g.result, g.reason) == (True, "loss", "exhausted")
    d = solo("Brama", life=1, hand=["Crystal"])
    d["gravehold"] = {"life": 4, "max_life": 30}
    g = run_steps(d, [("suffer", 3)], source="Convoke")
    assert (g.over, g.result, g.reason) == (True, "loss", "gravehold")
    assert g.state.gravehold == 0


@pytest.mark.parametrize("preset", ["we", "ae", "log", "na", "oc"])
def test_SO_1_presets_keep_standard_solo_readings(preset: str) -> None:
    rs = ruleset(preset)
    assert (rs.solo_player_turns, rs.solo_player_life) == (3, 10)
    g = Game.new(mages=["Brama"], seed=1, ruleset=preset)
    assert to_cards(g) == ["N", "N", "P1", "P1", "P1"]
    assert g.state.players[0].max_life == 10
    assert g.state.config["ruleset"] == rs.to_dict()


def test_SO_2_one_controller_with_two_mages_plays_a_normal_two_player_game() -> None:
    g = Game.new(mages=["Brama", "Mist"], seed=6)
    pre = setup_only(["Brama", "Mist"], seed=6)
    assert to_cards(g) == ["N", "N", "P1", "P1", "P2", "P2"]
    assert Counter(tier_of(c) for c in pre.nemesis.deck) == {1: 6, 2: 8, 3: 10}
    assert [(p.life, p.max_life) for p in g.state.players] == [(10, 10), (10, 10)]
    # one driver answers every decision; each turn belongs to the seat its card names
    seats = set()
    for _ in range(6):
        card = g.state.to_discard[-1]
        at_turn_of(g, int(card[1]) - 1)
        seats.add(g.decision.player)  # type: ignore[union-attr]
        end_turn(g)
    assert seats == {0, 1}
    # the same setup twice gives the same game
    assert Game.new(mages=["Brama", "Mist"], seed=6) == Game.new(mages=["Brama", "Mist"], seed=6)


# ====================================================================== Editions


EDITION_READINGS = {
    "we": dict(empty_deck_unleashes=2, deck_out_win="end_of_turn", solo_nemesis_deck="two_player",
               wild_card="choose", last_stage_focus="opens", tutorial_discard=False,
               solo_player_turns=3, solo_player_life=10, exhaustion_excess="before",
               solo_exhausted_lowest_life="you", wild_token_start="choose",
               four_player_turn_order="singles", or_fallback="free",
               upgraded_basics="replaces", upgraded_overflow="all", basic_pool="any",
               wandering="to_one"),
    "ae": dict(empty_deck_unleashes=3, deck_out_win="immediate", solo_nemesis_deck="one_player",
               wild_card="choose", last_stage_focus="opens", tutorial_discard=False,
               solo_player_turns=3, solo_player_life=10, exhaustion_excess="before",
               solo_exhausted_lowest_life="you", wild_token_start="choose",
               four_player_turn_order="singles", or_fallback="free",
               upgraded_basics="replaces", upgraded_overflow="all", basic_pool="any",
               wandering="to_one"),
    "log": dict(empty_deck_unleashes=3, deck_out_win="end_of_turn", solo_nemesis_deck="one_player",
                wild_card="token", last_stage_focus="opens", tutorial_discard=False,
                solo_player_turns=3, solo_player_life=10, exhaustion_excess="after",
               solo_exhausted_lowest_life="you", wild_token_start="choose",
               four_player_turn_order="pairs", or_fallback="free",
               upgraded_basics="all_first_solo_caps", upgraded_overflow="all", basic_pool="any",
               wandering="to_one"),
    "na": dict(empty_deck_unleashes=3, deck_out_win="either", solo_nemesis_deck="one_player",
               wild_card="choose", last_stage_focus="opens", tutorial_discard=False,
               solo_player_turns=3, solo_player_life=10, exhaustion_excess="after",
               solo_exhausted_lowest_life="you", wild_token_start="random",
               four_player_turn_order="singles", or_fallback="most",
               upgraded_basics="replaces", upgraded_overflow="all", basic_pool="any",
               wandering="to_one"),
    "oc": dict(empty_deck_unleashes=3, deck_out_win="immediate", solo_nemesis_deck="one_player",
               wild_card="token", last_stage_focus="locked", tutorial_discard=False,
               solo_player_turns=3, solo_player_life=10, exhaustion_excess="after",
               solo_exhausted_lowest_life="you", wild_token_start="choose",
               four_player_turn_order="pairs", or_fallback="free",
               upgraded_basics="all_first_solo_caps", upgraded_overflow="all", basic_pool="any",
               wandering="to_one"),
}


def test_S_6_T_3_SO_1_presets_exist_with_each_edition_reading() -> None:
    assert set(PRESETS) == set(EDITION_READINGS)
    for name, reading in EDITION_READINGS.items():
        assert ruleset(name).to_dict() == reading
    assert Ruleset() == ruleset("we")  # War Eternal is the default
    assert Game.new(mages=["Brama"], seed=0).state.config["ruleset"] == EDITION_READINGS["we"]


def test_S_6_T_3_SO_1_options_set_one_by_one_and_bad_ones_refused() -> None:
    rs = ruleset("log", wild_card="choose", solo_player_life=14)
    assert rs.to_dict() == {**EDITION_READINGS["log"], "wild_card": "choose", "solo_player_life": 14}
    with pytest.raises(UnknownName):
        ruleset("wee")
    with pytest.raises(UnknownName):
        Ruleset.from_dict({"wild_cards": "token"})
    with pytest.raises(ValueError):
        ruleset("we", wild_card="vote")
    cfg = {"preset": "oc", "solo_nemesis_deck": "two_player"}
    g = Game.new(mages=["Brama"], seed=0, ruleset=cfg)
    assert g.state.config["ruleset"] == {**EDITION_READINGS["oc"], "solo_nemesis_deck": "two_player"}


def test_T_4_a_pair_card_stands_for_both_its_players_when_a_card_asks_for_a_turn_order_card() -> None:
    """Quicken Thought (Lash) and Shattered Rewind (Xaxos: Outcast) offer the players a turn
    order card stands for: a pair card both of its pair (T-4), any card the one player in true
    solo (T-5), the wild card and the nemesis' cards (Delirium included) nobody."""
    from gravehold.engine.turn import turn_card_seats

    assert [turn_card_seats(4, c) for c in ("P12", "P34", "P3", "W", "N", "N:Delirium")] == [
        [0, 1], [2, 3], [2], [], [], []]
    assert turn_card_seats(1, "P2") == [0] and turn_card_seats(2, "P3") == []
