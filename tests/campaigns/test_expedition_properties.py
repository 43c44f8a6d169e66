"""Property: over random pre-battle choices and results, the Barracks census holds (X-10).

Nothing is created or lost except by the named steps: every mage, supply and treasure of
the expedition is somewhere (Barracks, banished, destroyed, a stack, a script's reward to
come) and the Barracks is exactly what its events (rewards, supports, banishment,
destruction) say. A refused choice changes nothing.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from expedition_support import end, kind_of, tier_of
from gravehold.campaigns.expedition import rules, steps
from gravehold.campaigns.expedition.state import Choices, Expedition, SeatChoice
from gravehold.campaigns.expedition.steps import ExpeditionError
from gravehold.content import registry as content
from gravehold.engine.keywords.treasures import starting_deck_takes_tier1 as takes_tier1


def _choices(data: st.DataObject, exp: Expedition) -> Choices:
    a = steps.allowed(exp)
    bar = exp.barracks
    mages = data.draw(st.permutations(bar.mages))[: exp.options.players]
    supply: list[str] = []
    for kind, n in rules.SUPPLY_SHAPE.items():
        pool = [c for c in bar.supply if kind_of(c) == kind]
        supply += data.draw(st.permutations(pool))[:n]
    free = list(bar.treasures)

    def pick(tier: int, allowed: bool) -> str | None:
        pool = [t for t in free if tier_of(t) == tier]
        if not allowed or not pool or not data.draw(st.booleans()):
            return None
        t = data.draw(st.sampled_from(pool))
        free.remove(t)
        return t

    seats = [SeatChoice(mage=m, tier1=pick(1, 1 in a["seat_tiers"] and takes_tier1(content.MAGES[m].deck)),
                        tier3=pick(3, 3 in a["seat_tiers"]), player="heuristic") for m in mages]
    return Choices(seats=seats, supply=supply, group=pick(2, a["group_tier2"]))


def _holds(exp: Expedition, census: object) -> None:
    assert steps.census(exp) == census
    assert steps.barracks_counter(exp) == steps.barracks_from_events(exp)
    assert not set(exp.barracks.supply) & set(exp.banished.supply)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), players=st.integers(1, 4), length=st.sampled_from(["short", "standard", "long"]),
       endless=st.booleans(), story=st.booleans(), destroyed_returns=st.booleans(), seed=st.integers(0, 2**32))
def test_X_10_X_11_X_19_the_barracks_census_holds_over_random_choices(
        data: st.DataObject, players: int, length: str, endless: bool, story: bool, destroyed_returns: bool,
        seed: int) -> None:
    exp = steps.new(players, length="standard" if story else length, endless=endless, seed=seed,
                    story="new_age" if story else None, destroyed_returns=destroyed_returns)
    census = steps.census(exp)
    _holds(exp, census)
    for _ in range(12):
        if exp.phase == "complete":
            break
        if exp.phase == "support":
            exp = steps.support(exp, data.draw(st.sampled_from([*steps.supports(exp), None])))
        else:
            ch = _choices(data, exp)
            before = steps.clone(exp)
            try:
                new, game = steps.begin(exp, ch)
            except ExpeditionError:  # a tier-2 treasure with no pile to lie beside: refused whole
                assert exp == before
                ch.group = None
                new, game = steps.begin(exp, ch)
            _holds(new, census)
            if data.draw(st.booleans()):  # a tier-1 treasure card destroyed in the battle (K-10)
                game.state.destroyed.extend(s.tier1 for s in ch.seats if s.tier1)
            exp = steps.finish(new, end(game, data.draw(st.sampled_from(["win", "loss"]))))
        _holds(exp, census)
