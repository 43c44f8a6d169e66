"""The attack a seat may make on its own view: deal the game again and read every deck.

Masking fields is not enough: a view that carries the seed, the generator state or anything
that stands for them lets a seat deal the setup again and know every deck order, every card
the nemesis will draw and the turn order to come, however well the decks themselves are
masked. So the hidden-information checks (``gravehold fuzz``, the property tests, the web
tests) do not only look for masked fields: they make this attack from each view and require
it to fail.

The attack tries as the seed, with the view's own setup (``config``), every value the view
holds under a key that names a seed or a generator, and every integer too large to be a
count (a life, a size, a sequence number). It succeeds when one of them deals the game's
real hidden setup, or equals the game's generator state now (which deals the rest of the
game). It is what an outsider did to an earlier version whose views carried the seed.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..engine.game import Game
from ..engine.shapes import Doc
from ..errors import GraveholdError

#: Integers below this are counts (lives, sizes, sequence numbers), not tried as seeds.
COUNTS_BELOW = 2**16
#: Keys whose values are tried whatever their size.
SEED_KEYS = frozenset({"seed", "rng", "rng_state", "generator", "state_seed"})


def _values(x: Any, key: str = "") -> Iterator[tuple[str, Any]]:
    if isinstance(x, dict):
        for k, v in x.items():
            yield from _values(v, str(k))
    elif isinstance(x, list | tuple):
        for v in x:
            yield from _values(v, key)
    else:
        yield key, x


def candidates(view: Doc) -> set[int]:
    """Every value of the view an attacker would try as a seed."""
    out: set[int] = set()
    for key, v in _values(view):
        if isinstance(v, bool):
            continue
        if isinstance(v, int) and (key.casefold() in SEED_KEYS or abs(v) >= COUNTS_BELOW):
            out.add(v)
        elif isinstance(v, str) and key.casefold() in SEED_KEYS and v.lstrip("-").isdigit() and len(v) < 40:
            out.add(int(v))
    return out


def hidden_setup(state: Doc) -> tuple[Any, ...]:
    """What no seat sees of a dealt game (a state as ``to_dict`` gives it): every deck in
    its order, every hand, the nemesis deck and its special decks, the turn order deck."""
    players = tuple((tuple(p["deck"]), tuple(p["hand"])) for p in state["players"])
    n = state["nemesis"]
    decks = tuple(sorted((k, tuple(v)) for k, v in n.get("decks", {}).items()))
    return players, tuple(n["deck"]), decks, tuple(state["turn_order"]["deck"])


def rebuilds(view: Doc, start: Doc, rng_now: int) -> str | None:
    """How a seat's ``view`` lets it rebuild the game dealt as ``start`` (the state right
    after setup, as ``to_dict`` gives it) whose generator is at ``rng_now``; None if the
    attack fails."""
    found = candidates(view)
    if rng_now in found:
        return "the view holds the generator's state, which deals the rest of the game"
    config = view.get("config")
    if not isinstance(config, dict):
        return None
    target = hidden_setup(start)
    # the setup as dealt, and as asked for (a random or "official" market draws from the
    # generator first, so only the request deals the same cards again)
    request = config.get("request")
    tries = [config] + ([{**config, **request}] if isinstance(request, dict) else [])
    for seed in sorted(found):
        for setup in tries:
            try:
                again = Game.from_config({**setup, "seed": seed}, events=False)
            except (GraveholdError, KeyError, TypeError, ValueError, OverflowError):
                continue
            if hidden_setup(again.to_dict()) == target:
                return f"the view's setup with {seed} as its seed deals the game's hidden cards again"
    return None
