"""Properties of games that mix the boxes: any nemesis of any box, mages drawn from every
box, a market drawn from every box, and the basic cards of any box (S-6, S-11).

The fixed-setup properties (``test_properties.py``) pin the engine's invariants on one
nemesis; these draw the whole catalogue, so a card of one box meeting a rule of another
is exercised: the card census never changes, every bound holds after every choice, a JSON
reload at any point continues the same game, and the game ends for a known reason.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st
from test_properties import END_REASONS, check_bounds

from gravehold import Game
from gravehold.agents import make_agent
from gravehold.content import registry
from gravehold.engine.game import card_census
from gravehold.engine.setup import BASIC_PER_TIER, by_tier

from support import examples

MAX_STEPS = 6000

#: a mat may end the game by a rule of its own either way (Arachnos: the World Devourer
#: discarded is a win), which the fixed-nemesis properties never meet
ENDS = {"win": END_REASONS["win"] | {"nemesis_rule"}, "loss": END_REASONS["loss"]}


@dataclass(frozen=True)
class Mixed:
    nemesis: str
    mages: tuple[str, ...]
    basics: str
    ruleset: str
    seed: int

    def new(self) -> Game:
        return Game.new(mages=list(self.mages), nemesis=self.nemesis, market="random", basics=self.basics,
                        ruleset=self.ruleset, seed=self.seed, events=False)


def fills(cards: tuple[str, ...]) -> bool:
    """Can these basic cards build every deck (four players' numbers, S-6)? A box whose basics
    are still being written (fewer than its published count) cannot yet."""
    tiers = by_tier(cards)
    return all(len(tiers[t]) >= BASIC_PER_TIER[4][t - 1] for t in (1, 2, 3))


@st.composite
def mixed(draw: st.DrawFn) -> Mixed:
    n = draw(st.integers(1, 4))
    mages = draw(st.permutations(sorted(registry.MAGES)))[:n]
    return Mixed(nemesis=draw(st.sampled_from(sorted(registry.NEMESES))), mages=tuple(mages),
                 basics=draw(st.sampled_from(sorted(b for b, cards in registry.BASICS.items() if fills(cards)))),
                 ruleset=draw(st.sampled_from(("we", "ae", "log", "na", "oc"))), seed=draw(st.integers(0, 2**63 - 1)))


@settings(max_examples=examples(75), deadline=None)
@given(setup=mixed(), agent=st.sampled_from(("random", "heuristic")), reload_seed=st.integers(0, 2**32 - 1))
def test_property_mixed_box_games_keep_the_census_and_bounds_and_reload_anywhere(
        setup: Mixed, agent: str, reload_seed: int) -> None:
    g = setup.new()
    boxes = {registry.MAGES[m].box for m in g.state.config["mages"]} | {registry.CARDS[c].box
                                                                         for c in g.state.supply_names}
    assert boxes <= set(registry.BOXES)
    start = card_census(g.state)
    agents = [make_agent(agent, setup.seed % 1000 + i) for i in range(len(setup.mages))]
    r = random.Random(reload_seed)
    steps = 0
    while not g.over:
        assert steps < MAX_STEPS, f"no end after {MAX_STEPS} choices: {setup}"
        d = g.decision
        assert d is not None
        seat = d.seat
        g.apply(agents[seat].choose(d, lambda seat=seat, g=g: g.view_for(seat)))  # type: ignore[misc]
        steps += 1
        check_bounds(g)
        if r.random() < 0.03:  # a save and reload at any point continues the very same game
            again = Game.from_json(g.to_json())
            assert again.to_dict() == g.to_dict(), setup
            g = again
        assert card_census(g.state) == start, f"the card census changed after choice {steps}: {setup}"
    assert g.reason in ENDS.get(g.result or "", set()), (g.result, g.reason, setup)
