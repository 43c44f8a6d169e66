"""S-8 supplies: named markets, market setups as randomizer constraints, explicit lists."""

from __future__ import annotations

import pytest

from gravehold import Game, UnknownName
from gravehold.content import registry
from gravehold.content.market_setups import matches
from gravehold.engine.setup import PILE_SIZE, SetupError, market_cards


def _fits(setup_name: str, names: list[str]) -> bool:
    """Can the nine chosen cards be matched one-to-one to the nine tiles?"""
    tiles = list(registry.SETUPS[setup_name].tiles)

    def assign(i: int, free: list[int]) -> bool:
        if i == len(names):
            return True
        c = registry.CARDS[names[i]]
        return any(matches(tiles[t], c.type, c.cost) and assign(i + 1, [f for f in free if f != t])
                   for t in free)

    return assign(0, list(range(len(tiles))))


def _fillable(setup_name: str) -> bool:
    try:
        market_cards(setup_name, 1)
    except SetupError:
        return False
    return True


@pytest.mark.parametrize("setup_name", sorted(registry.SETUPS))
def test_S_8_market_setup_fills_every_tile_with_a_different_matching_card(setup_name: str) -> None:
    if not _fillable(setup_name):
        pytest.skip("the encoded boxes cannot fill this setup yet")
    for seed in range(5):
        g = Game.new(["Brama", "Mist"], market=setup_name, seed=seed)
        names = list(g.state.supply_names)
        assert len(names) == len(set(names)) == 9
        assert _fits(setup_name, names), names
        assert g.state.supply_counts == [PILE_SIZE[registry.CARDS[n].type] for n in names]
        assert g.state.config["supply"] == names and g.state.config["market"] == setup_name


def test_S_8_randomized_market_is_fixed_by_the_seed_and_varies_with_it() -> None:
    a = Game.new(["Brama", "Mist"], market="random", seed=3).state.supply_names
    b = Game.new(["Brama", "Mist"], market="random", seed=3).state.supply_names
    others = {Game.new(["Brama", "Mist"], market="random", seed=s).state.supply_names for s in range(8)}
    assert a == b and len(others) > 1


def test_S_8_randomized_market_draws_only_from_the_chosen_boxes() -> None:
    for seed in range(4):
        g = Game.new(["Brama", "Mist"], market="random", seed=seed, boxes=["WE"])
        assert {registry.CARDS[n].box for n in g.state.supply_names} == {"WE"}


def test_S_8_suggested_markets_are_the_war_eternal_lists() -> None:
    dd = Game.new(["Brama"], market="Deck Destruction").state.supply_names
    rs = Game.new(["Brama"], market="reuse spells!").state.supply_names
    assert set(dd) == set(registry.MARKETS["Deck Destruction"].cards)
    assert set(rs) == set(registry.MARKETS["Reuse Spells!"].cards)
    assert {registry.CARDS[n].box for n in dd + rs} == {"WE"}


def test_S_8_explicit_list_needs_three_gems_two_relics_four_spells() -> None:
    ok = ["Frozen Magmite", "Scoria Slag", "Erratic Ingot", "Mage's Totem", "Cairn Compass",
          "Kindle", "Nova Forge", "Fiery Torrent", "Crystallize"]
    g = Game.new(["Brama"], market=ok)
    assert set(g.state.supply_names) == set(ok)
    with pytest.raises(SetupError, match="3 gems, 2 relics and 4 spells"):
        Game.new(["Brama"], market=ok[:8] + ["Breach Ore"])
    with pytest.raises(SetupError, match="9 different"):
        Game.new(["Brama"], market=ok[:8] + ["Kindle"])
    with pytest.raises(SetupError, match="did you mean Kindle"):
        Game.new(["Brama"], market=ok[:8] + ["Kindel"])


def test_S_8_a_bad_hand_picked_market_is_one_sentence_naming_every_fault() -> None:
    """Starters and corruptions are no supply cards (S-2); unknown names get a hint drawn from
    supply cards only; the shape is said in words, never as a dict."""
    picked = ["crystal", "Contagion", "Kindel", "Frozen Magmite", "Frozen Magmite", "Mage's Totem",
              "Cairn Compass", "Nova Forge"]
    with pytest.raises(SetupError) as e:
        Game.new(["Brama"], market=picked)
    assert str(e.value) == (
        "the hand-picked market needs 9 different supply cards, 3 gems, 2 relics and 4 spells: "
        "Crystal is a starting card, never a supply card; Contagion is a corruption card, never a "
        "supply card; 'Kindel' is no supply card (did you mean Kindle?); Frozen Magmite is named twice; "
        "8 cards are named, not 9.")
    shape = ["Frozen Magmite", "Scoria Slag", "Erratic Ingot", "Breach Ore", "Cairn Compass",
             "Kindle", "Nova Forge", "Fiery Torrent", "Crystallize"]
    with pytest.raises(SetupError) as e:
        Game.new(["Brama"], market=shape)
    assert str(e.value).endswith(": they make 4 gems, 1 relic and 4 spells.")
    assert (e.value.field, e.value.hint) == ("market", "List the supply cards with `gravehold cards`.")


def test_S_8_unknown_market_lists_markets_and_setups() -> None:
    with pytest.raises(UnknownName) as e:
        Game.new(["Brama"], market="Market Setup 9")
    msg = str(e.value)
    assert "Market Setup" in msg and "Deck Destruction" in msg and "random" in msg
