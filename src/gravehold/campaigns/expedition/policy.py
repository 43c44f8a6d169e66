"""The bots' expedition choices: a fixed, documented policy, so a sweep measures the
battle bots and not a search over setups.

Before a battle (X-4):

- **mages**: the Barracks' mages the heuristic bot plays best, by their measured win rate
  (``mage_ratings.json``, written by ``scripts/mage_ratings.py``; a mage it has no rating
  for counts as average); ties go by the order they joined the Barracks;
- **supply**: of each type, the most expensive piles, except that one gem is the cheapest
  gem (the bots need an early source of aether); ties go by name;
- **treasures**: each seat takes the first tier-1 and tier-3 treasures of the Barracks the
  battle allows, in Barracks order, each once; the tier-1 treasure takes the first starter
  it may replace (X-5); the group's tier 2 is the first that fits this supply (one that
  lies beside a pile needs a pile it may lie beside).

After a loss (X-8): a treasure of the highest tier already drawn from, else a spell, a
gem, a relic, then a mage, whichever stack still holds one. A battle lost
:data:`BOT_MAX_TRIES` times ends the run: the group gives up (``steps.give_up``).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from ...content import registry as content
from ...engine.keywords.treasures import beside_ok, starting_deck_takes_tier1
from . import rules, steps
from .state import Choices, Expedition, SeatChoice

#: how many tries bots give one battle before the group gives up, when nothing else says:
#: a bot sweep's default cap and a bot-driven ``expedition play``'s (the rules set none, X-8)
BOT_MAX_TRIES = 10


@cache
def mage_ratings() -> dict[str, float]:
    """Each mage's measured win rate with the heuristic bot (``scripts/mage_ratings.py``)."""
    rated: dict[str, float] = json.loads(Path(__file__).with_name("mage_ratings.json").read_text())
    return rated


def mages_for(names: list[str], n: int) -> list[str]:
    """The policy's ``n`` mages from the Barracks' mages."""
    rated = mage_ratings()
    average = sum(rated.values()) / len(rated) if rated else 0.0
    order = sorted(range(len(names)), key=lambda k: (-rated.get(names[k], average), k))
    return [names[k] for k in order[:n]]


def supply_for(names: list[str]) -> list[str]:
    """The policy's nine piles from the Barracks' supply."""
    out: list[str] = []
    for kind, n in rules.SUPPLY_SHAPE.items():
        cards = sorted((c for c in names if content.CARDS[c].type == kind),
                       key=lambda c: (-content.CARDS[c].cost, c))
        if kind == "gem" and len(cards) > n:
            cheapest = min(cards, key=lambda c: (content.CARDS[c].cost, c))
            cards = [c for c in cards if c != cheapest][: n - 1] + [cheapest]
        out.extend(cards[:n])
    return out


def choose(exp: Expedition, agent: str = "heuristic") -> Choices:
    """X-4: the policy's choices for the battle ``exp`` is choosing, every seat a bot."""
    a = steps.allowed(exp)
    bar = exp.barracks
    supply = supply_for(bar.supply)
    free = list(bar.treasures)

    def take(tier: int) -> str | None:
        for t in free:
            if content.TREASURES[t].tier == tier:
                free.remove(t)
                return t
        return None

    seats = []
    for mage in mages_for(bar.mages, exp.options.players):
        takes = starting_deck_takes_tier1(content.MAGES[mage].deck)  # else its tier 1 waits
        tier1 = take(1) if 1 in a["seat_tiers"] and takes else None
        tier3 = take(3) if 3 in a["seat_tiers"] else None
        seats.append(SeatChoice(mage=mage, tier1=tier1, tier3=tier3, player=agent))
    group = pile = None
    if a["group_tier2"]:
        for t in free:
            td = content.TREASURES[t]
            if td.tier != 2:
                continue
            if td.beside is None:
                group = t
                break
            fits = [c for c in supply if beside_ok(td, content.CARDS[c])]
            if fits:
                group, pile = t, fits[0]
                break
    return Choices(seats=seats, supply=supply, group=group, pile=pile)


def support_for(exp: Expedition) -> str | None:
    """X-8: the policy's support, or None when no stack holds one."""
    can = steps.supports(exp)
    for t in (3, 2, 1):
        if f"treasure{t}" in can:
            return f"treasure{t}"
    for k in ("spell", "gem", "relic", "mage"):
        if k in can:
            return k
    return None
