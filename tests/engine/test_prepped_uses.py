"""P-14: a prepped spell's main-phase effect is usable once per turn per copy.

Uses were keyed by (breach, card name): two copies on one breach gave one use, a used copy
prepped again elsewhere in the turn was offered again, and two copies on one breach gave two
identical actions.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from gravehold import Game
from gravehold.agents import make_agent
from gravehold.engine import frames
from gravehold.sim.run import nemeses_of

from support import position


def _main(breaches: dict[int, list[str]], **fields: Any) -> Game:
    g0 = Game.new(mages=["Brama", "Mist"], nemesis="Rageborne", market="Reuse Spells!", seed=2)
    d = position(g0)
    p = d["players"][0]
    p["hand"] = []
    p["charges"] = 0
    for b, spells in breaches.items():
        p["breaches"][b] = {"state": "open", "spells": spells}
    d.update(fields)
    return Game.at(d, *frames.main_phase(0), active=0)


def _uses(g: Game) -> list[tuple[Any, ...]]:
    return [a for a in g.legal_actions() if a[0] == "use"]


def test_P_14_two_copies_on_one_breach_give_two_uses_and_one_action() -> None:
    g = _main({0: ["Aurora", "Aurora"]})
    assert _uses(g) == [("use", 0, "Aurora")]
    g.apply(("use", 0, "Aurora"))
    assert g.state.players[0].charges == 1 and _uses(g) == [("use", 0, "Aurora")]
    g.apply(("use", 0, "Aurora"))
    assert g.state.players[0].charges == 2 and _uses(g) == []


def test_P_14_a_used_copy_prepped_again_elsewhere_is_not_offered() -> None:
    """The copy used on breach III this turn now lies on breach I: it was used already."""
    g = _main({0: ["Aurora"]}, flags={"used": [[2, "Aurora"]]})
    assert _uses(g) == []


def test_P_14_copies_on_two_breaches_each_give_one_use() -> None:
    g = _main({0: ["Aurora"], 1: ["Aurora"]})
    assert _uses(g) == [("use", 0, "Aurora"), ("use", 1, "Aurora")]
    g.apply(("use", 0, "Aurora"))
    assert _uses(g) == [("use", 1, "Aurora")]
    g.apply(("use", 1, "Aurora"))
    assert _uses(g) == [] and g.state.players[0].charges == 2


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), nemesis=st.sampled_from(nemeses_of()), players=st.integers(1, 4))
def test_P_14_no_decision_ever_lists_an_action_twice(seed: int, nemesis: str, players: int) -> None:
    g = Game.new(mages=["random"] * players, nemesis=nemesis, market="random", seed=seed, events=False)
    agents = [make_agent("random", seed + i) for i in range(players)]
    while not g.over:
        d = g.decision
        assert d is not None and len(set(d.options)) == len(d.options), d
        g.apply(agents[max(d.player, 0)].choose(d, lambda: {}))
