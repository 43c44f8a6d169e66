"""The heuristic bot with the Legacy mages of Gravehold: what the box's hints make it do, each
from a small exact state (the win rates they were kept for are in the hints module)."""

from __future__ import annotations

from typing import Any

from gravehold import Game
from gravehold.agents.board import SeatView
from gravehold.agents.heuristic import HeuristicAgent
from gravehold.boxes.legacy_of_gravehold import tokens_gravehold as tk

from support import at_main, base_state, choose, closed, player

HOLD = ["Crystal"]


def two(p0: dict[str, Any], **kw: Any) -> dict[str, Any]:
    return base_state([p0, player("Brama", hand=list(HOLD))], **kw)


def bot(g: Game) -> tuple[Any, ...]:
    d = g.decision
    assert d is not None
    return HeuristicAgent().choose(d, SeatView(g.state, d.player))


def test_hint_talix_preps_his_sparks_before_playing_powdered_infinitum() -> None:
    me = player("Talix (LOG)", hand=["Powdered Infinitum", "Spark"],
                breaches=[{"state": "open"}, {"state": "open", "spells": ["Spark"]}, closed(1), closed(0)])
    g = at_main(two(me))
    assert bot(g) == ("prep", "Spark", 0)
    choose(g, ("prep", "Spark", 0))
    assert bot(g) == ("play", "Powdered Infinitum")
    choose(g, ("play", "Powdered Infinitum"))
    assert g.state.players[0].aether == 2


def test_hint_gygar_takes_bides_aether_at_once() -> None:
    me = player("Gygar (LOG)", hand=["Spark"],
                breaches=[{"state": "open", "spells": ["Bide"]}, {"state": "open"}, closed(1), closed(1)])
    g = at_main(two(me))
    assert bot(g) == ("use", 0, "Bide")  # before anything else of the main phase
    choose(g, ("use", 0, "Bide"))
    assert g.state.players[0].aether == 1


def test_hint_kadir_takes_the_path_side_worth_most_now() -> None:
    """Nobody hurt and Gravehold whole: a heal is worth nothing, damage is."""
    me = player("Kadir (LOG)", hand=list(HOLD), charges=5, tokens={"path ward": 1})
    g = at_main(two(me))
    choose(g, ("ability", 0))
    opts = tk.path_options(g.state.players[0])
    assert bot(g) == ("path", opts.index(("ember", 1)) + 1)
    hurt = player("Kadir (LOG)", hand=list(HOLD), charges=5, life=2, tokens={"path ember": 1})
    g = at_main(two(hurt, gravehold={"life": 20, "max_life": 30}))
    choose(g, ("ability", 0))
    opts = tk.path_options(g.state.players[0])
    assert bot(g) == ("path", opts.index(("ward", 1)) + 1)  # 2 damage + 2 life beats 2 damage + 2 Æ
