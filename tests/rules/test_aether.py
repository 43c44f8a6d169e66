"""K-11: restricted aether pools pay only for what they allow, and are spent first."""

from __future__ import annotations

import pytest

from gravehold.engine.keywords.exclusive_aether import allows, available, pay
from gravehold.engine.state import Player

from support import at_main, base_state, player


@pytest.mark.parametrize(
    ("pool", "ok"),
    [("spell", {"spell"}), ("gem", {"gem"}), ("relic", {"relic"}), ("card", {"gem", "relic", "spell"}),
     ("no_relic_spell", {"gem", "charge", "focus", "open", "other"})],
)
def test_K_11_each_restriction_allows_exactly_its_purposes(pool: str, ok: set[str]) -> None:
    for purpose in ("gem", "relic", "spell", "charge", "focus", "open", "other"):
        assert allows(pool, purpose) == (purpose in ok), (pool, purpose)


def test_K_11_payment_uses_the_narrowest_pool_first_and_keeps_general_aether() -> None:
    p = Player("Brama")
    p.aether = 3
    p.aether_for = {"card": 2, "spell": 1, "no_relic_spell": 4}
    assert available(p, "spell") == 6 and available(p, "relic") == 5 and available(p, "focus") == 7
    pay(p, 4, "spell")  # 1 spell-only, then 2 card, then 1 general
    assert (p.aether, p.aether_for) == (2, {"no_relic_spell": 4})
    pay(p, 5, "charge")  # 4 from the pool that allows it, 1 general
    assert (p.aether, p.aether_for) == (1, {})


def test_K_11_restricted_aether_shapes_the_legal_main_actions() -> None:
    d = base_state([player("Brama", hand=["Crystal"], aether=1, aether_for={"gem": 3}), player("Mist")])
    g = at_main(d)
    gains = {a[1] for a in g.legal_actions() if a[0] == "gain"}
    # 4 Æ for a gem, but only 1 Æ for anything else (no relic or spell costs 1 or less here)
    assert gains == {"Frozen Magmite", "Scoria Slag"}
    assert ("charge",) not in g.legal_actions() and ("focus", 1) not in g.legal_actions()
    g.apply(("gain", "Frozen Magmite"))  # 3 from the gem pool, general aether kept
    me = g.state.players[0]
    assert (me.aether, me.aether_for, me.discard) == (1, {}, ["Frozen Magmite"])
