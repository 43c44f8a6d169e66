"""S-1 / S-8 random choices at setup: random mages, nemeses by difficulty, official markets."""

from __future__ import annotations

import pytest

from gravehold import Game
from gravehold.agents import RandomAgent
from gravehold.content import registry
from gravehold.engine.setup import SetupError
from gravehold.record import make_record, play, replay, setup_config


def test_S_1_random_seats_get_distinct_mages_and_keep_named_ones() -> None:
    for seed in range(10):
        g = Game.new(["random", "Brama", "random", "random"], seed=seed)
        mages = g.state.config["mages"]
        assert mages[1] == "Brama" and len(set(mages)) == 4
        assert all(m in registry.MAGES for m in mages)
    picks = {tuple(Game.new(["random", "random"], seed=s).state.config["mages"]) for s in range(12)}
    assert len(picks) > 3
    assert Game.new(["random"], seed=4).state.config["mages"] == Game.new(["random"], seed=4).state.config["mages"]


def test_S_1_random_mages_respect_the_chosen_boxes() -> None:
    for seed in range(8):
        g = Game.new(["random", "random"], seed=seed, boxes=["WE"])
        assert {registry.MAGES[m].box for m in g.state.config["mages"]} == {"WE"}


def test_S_1_and_S_8_a_city_leaves_out_the_other_citys_mages_and_cards() -> None:
    """``city``: random mages and a randomized market leave out Legacy of Gravehold's other
    city; content of no city stays in, and the setup deals again from its config."""
    def cities(g: Game) -> set[str | None]:
        return ({registry.MAGES[m].city for m in g.state.config["mages"]}
                | {registry.CARDS[c].city for c in g.state.supply_names})

    unfiltered: set[str | None] = set()
    for seed in range(12):
        g = Game.new(["random", "random"], market="random", seed=seed, boxes=["AE", "LOG"], city="gravehold")
        assert cities(g) <= {None, "Gravehold"} and g.state.config["city"] == "Gravehold"
        again = Game.from_config(setup_config(g))
        assert again.state.supply_names == g.state.supply_names and again.state.config == g.state.config
        unfiltered |= cities(Game.new(["random", "random"], market="random", seed=seed, boxes=["AE", "LOG"]))
    assert {"Azer", None} <= unfiltered  # without a city, the other city's content comes too
    assert "city" not in Game.new(["random", "random"], seed=1).state.config  # only when named
    with pytest.raises(SetupError, match="unknown city 'Nowhere'; use one of Azer, Gravehold"):
        Game.new(["random"], city="Nowhere")


def test_S_1_a_random_seat_may_name_the_boxes_it_draws_from() -> None:
    """``random:LOG`` draws that seat's mage from Legacy of Gravehold alone, ``random:AE+WE``
    from either, whatever boxes the market comes from; other seats draw as before."""
    from gravehold.errors import UnknownName

    for seed in range(8):
        g = Game.new(["random:LOG", "random:ae+We", "Brama"], seed=seed, market="random")
        a, b, c = g.state.config["mages"]
        assert registry.MAGES[a].box == "LOG" and registry.MAGES[b].box in ("AE", "WE") and c == "Brama"
    assert Game.new(["random:NA"], seed=3).state.config["request"]["mages"] == ["random:NA"]
    with pytest.raises(UnknownName, match="unknown box 'XX'"):
        Game.new(["random:XX"])


def test_S_7_random_nemesis_by_difficulty_range() -> None:
    seen = set()
    for seed in range(30):
        nid = Game.new(["Brama", "Mist"], nemesis="random:5-7", seed=seed).state.nemesis.id
        assert 5 <= registry.NEMESES[nid].difficulty <= 7
        seen.add(nid)
    assert len(seen) > 1
    with pytest.raises(SetupError, match="difficulty from 11 to 12"):
        Game.new(["Brama"], nemesis="random:11-12")
    with pytest.raises(SetupError, match="random:LO-HI"):
        Game.new(["Brama"], nemesis="random:hard")


def test_S_8_official_market_picks_an_official_setup() -> None:
    used = set()
    for seed in range(20):
        g = Game.new(["Brama", "Mist"], market="official", seed=seed)
        name = g.state.config["market"]
        assert registry.SETUPS[name].official
        used.add(name)
    assert len(used) > 2


def test_random_setup_replays_from_its_record() -> None:
    g = Game.new(["random", "random"], nemesis="random", market="official", seed=21)
    cfg = setup_config(g)
    assert cfg["mages"] == ["random", "random"] and cfg["nemesis"] == "random"
    steps = play(g, [RandomAgent(1), RandomAgent(2)], record=True)
    res = replay(make_record(cfg, steps, g))
    assert res.ok, res.message
    assert res.game.state == g.state
