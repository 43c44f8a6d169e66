"""The supply (S-8): nine different piles from a named market, a market setup's tiles
filled at random, or a hand-picked list, in the supply's order (gems, relics, spells,
each by cost). A setup names its market; this module says which cards that means."""

from __future__ import annotations

from difflib import get_close_matches

from ..content import registry as content
from ..content.market_setups import MarketSetup, matches
from ..errors import SetupError
from . import rng

MARKET_SHAPE = {"gem": 3, "relic": 2, "spell": 4}


def market_cards(market: str | list[str], rng_state: int = 0,
                 boxes: tuple[str, ...] | None = None, city: str | None = None) -> tuple[list[str], int]:
    """S-8: nine different supply piles, from a named market, a setup, or a list.

    A hand-picked list or named market holds 3 gems, 2 relics and 4 spells; a market
    setup draws each of its nine tiles at random among the supply cards of ``boxes``
    (all boxes by default; with ``city``, a card of another city is left out), using the
    game's generator so a seed replays the same market.
    """
    if isinstance(market, str):
        found = content.market_or_setup(market)
        if isinstance(found, MarketSetup):
            return randomize_market(found, rng_state, boxes, city)
        names = list(found.cards)
    else:
        names = picked_market(market)
    if len(names) != 9 or len(set(names)) != 9:
        raise SetupError(f"a supply needs 9 different cards, got {len(set(names))}")
    shape = dict.fromkeys(MARKET_SHAPE, 0)  # one pass over the nine cards
    for n in names:
        t = content.CARDS[n].type
        if t in shape:
            shape[t] += 1
    if shape != MARKET_SHAPE:
        raise SetupError(f"market {market!r}: a supply holds {_shape(MARKET_SHAPE)}, not {_shape(shape)}")
    return _ordered(names), rng_state


def _shape(counts: dict[str, int]) -> str:
    """``{"gem": 3, ...}`` in words: ``3 gems, 2 relics and 4 spells``."""
    parts = [f"{n} {t}{'' if n == 1 else 's'}" for t, n in counts.items()]
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def picked_market(market: list[str]) -> list[str]:
    """S-8: a hand-picked market's nine supply cards, by their proper names.

    Every fault is found before any is reported, and all of them are put in one
    sentence, so a player fixes the whole list at once; the cards named as valid are
    supply cards only (never starters, S-2, nor a card type without piles)."""
    supply = {c.name.casefold(): c.name for c in content.supply_cards()}
    names: list[str] = []
    faults: list[str] = []
    for given in market:
        name = supply.get(given.casefold())
        if name is not None:
            if name in names:
                faults.append(f"{name} is named twice")
            names.append(name)
            continue
        known = content.CARDS.get(given) or next((c for c in content.CARDS.values()
                                                  if c.name.casefold() == given.casefold()), None)
        if known is not None and known.starter:
            # S-2
            faults.append(f"{known.name} is a starting card, never a supply card")
        elif known is not None:
            faults.append(f"{known.name} is a {known.type} card, never a supply card")
        else:
            close = get_close_matches(given.casefold(), list(supply), n=3, cutoff=0.6)
            hint = f" (did you mean {' or '.join(supply[c] for c in close)}?)" if close else ""
            faults.append(f"{given!r} is no supply card{hint}")
    if len(market) != 9:
        faults.append(f"{len(market)} cards are named, not 9")
    if not faults:
        shape = dict.fromkeys(MARKET_SHAPE, 0)
        for n in names:
            shape[content.CARDS[n].type] += 1
        if shape != MARKET_SHAPE:
            faults.append(f"they make {_shape(shape)}")
    if faults:
        raise SetupError(f"the hand-picked market needs 9 different supply cards, {_shape(MARKET_SHAPE)}: "
                         + "; ".join(faults) + ".", field="market",
                         hint="List the supply cards with `gravehold cards`.")
    return names


def _ordered(names: list[str]) -> list[str]:
    order = {"gem": 0, "relic": 1, "spell": 2}
    return sorted(names, key=lambda n: (order[content.CARDS[n].type], content.CARDS[n].cost, n))


def randomize_market(setup: MarketSetup, rng_state: int, boxes: tuple[str, ...] | None = None,
                     city: str | None = None) -> tuple[list[str], int]:
    """Fill each tile with a different random matching card (backtracking if a tile runs dry)."""
    pool = [c for c in content.supply_cards()
            if (boxes is None or c.box in boxes) and (city is None or c.city in (None, city))]
    cands: list[list[str]] = []
    for tile in setup.tiles:
        names = sorted(c.name for c in pool if matches(tile, c.type, c.cost))
        rng_state = rng.shuffle(rng_state, names)
        cands.append(names)
    order = sorted(range(len(setup.tiles)), key=lambda k: len(cands[k]))
    chosen: dict[int, str] = {}
    used: set[str] = set()

    def fill(pos: int) -> bool:
        if pos == len(order):
            return True
        k = order[pos]
        for name in cands[k]:
            if name not in used:
                used.add(name)
                chosen[k] = name
                if fill(pos + 1):
                    return True
                used.discard(name)
        return False

    if not fill(0):
        raise SetupError(f"{setup.name}: the chosen boxes{' and city' if city else ''} have too few supply "
                         "cards to fill every tile")
    return _ordered([chosen[k] for k in range(len(setup.tiles))]), rng_state
