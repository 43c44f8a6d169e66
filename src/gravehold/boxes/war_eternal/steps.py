"""Step kinds that several War Eternal cards use, and the helpers they share.

A step kind that serves one card is written right above that card (``gems.py``,
``relics.py``, ``spells.py``, ``mages.py``, ``basics.py``, ``nemeses/``); the ones here are
used by more than one card of the box. A choice is one pick; a multi-pick choice re-pushes
a smaller step. Cards only move between named zones (card conservation); when copies of a
name could move, the topmost copy moves.

Most of the box's cards need no step kind of their own: picking cards, conditions and
counted damage are the engine's generic steps (``engine.generic``, ``engine.amounts``).

Readings decided here:

- "this card's supply pile is empty" (*Celestial Spire*, *Conclave Scroll*, the condition
  ``pile_empty``): the pile of that name is in this game's supply and holds no card; a card
  whose name has no pile (gained some other way) does not count as having an empty pile.
- *Carbonize* and *Fiend Catcher* reveal the top turn order card (T-2 reshuffles an empty
  deck first); moved under the deck, it is no longer known to be on top.
- "The N most expensive cards in hand" (*Nix*, *Throttle*, *Ren-Goda*: a ``pick`` with the
  filter ``costliest``) are taken one by one, each time a costliest card left; ties among
  different names are the owner's choice.
"""

from __future__ import annotations

from typing import Any

from ...boxapi import (
    Action,
    Ctx,
    Engine,
    ask_step,
    chooser,
    count_of,
    nemesis_turn_card,
    op,
    prep_spell,
    prep_targets,
    reveal_turn_order_top,
    step,
    turn_order_top_to_bottom,
)
from ...boxapi import catalogue as content

# ================================================================== player cards


@step("turn_order_top_may_bottom", text=lambda only: (
        "Show the top turn order card; you may move it under the turn order deck."
        if only == "any" else
        "Show the top turn order card; if it is a nemesis card you may move it under the turn order deck."))
def _turn_order_top_may_bottom(g: Engine, ctx: Ctx, only: str, action: Action | None = None) -> None:
    """Carbonize / Fiend Catcher: reveal the top turn order card; it may go to the bottom."""
    st = g.state
    if action is None:
        top = reveal_turn_order_top(g)
        if only == "nemesis" and not nemesis_turn_card(top):
            return
        if len(st.to_deck) < 2:
            return  # under a one-card deck is the top again
        ask_step(g, ctx, ("turn_order_top_may_bottom", only), "turn_order", ctx.you,
                 f"Move the revealed {top} under the turn order deck?", [("bottom",), ("top",)])
        return
    if action[0] != "bottom":
        return
    turn_order_top_to_bottom(g, ctx.source)


def prep_options(g: Engine, j: int, closed_any: bool = True) -> list[Action]:
    """The (spell, breach) preps player j may make from hand now."""
    p = g.state.players[j]
    own = j == g.state.active
    return [("prep", name, b) for name in sorted({c for c in p.hand if content.CARDS[c].type == "spell"})
            for b in prep_targets(p, name, own_turn=own, closed_any=closed_any)]


@op("we_prep_from_hand")
def _we_prep_from_hand(g: Engine, j: int, source: str, closed_any: bool, action: Action | None = None) -> None:
    """Amethyst Paragon, Tempest Sigil: player j may prep a spell from their hand."""
    if action is None:
        opts = prep_options(g, j, closed_any)
        if opts:
            g.ask("prep", j, source, "Prep a spell from your hand?", opts + [("skip",)],
                  ("we_prep_from_hand", j, source, closed_any))
        return
    if action[0] != "skip":
        prep_spell(g, j, str(action[1]), int(action[2]), from_zone="hand")


# ================================================================== nemesis cards


def _check_charge(g: Engine, ctx: Ctx, s: tuple[Any, ...]) -> bool:
    return any(p.charges >= s[1] for p in g.state.players)


@step("any_player_loses_charge", can_resolve=_check_charge, text=lambda n: (
        f"A player of your choice who has a charge loses {count_of(n, 'charge')}."))
def _any_player_loses_charge(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    """Dusk Spawn, Mord."""
    st = g.state
    if action is None:
        opts: list[Action] = [("player", j) for j, p in enumerate(st.players) if p.charges > 0]
        if opts:
            ask_step(g, ctx, ("any_player_loses_charge", n), "player", chooser(g, ctx),
                     f"Which player loses {n} charge(s)?", opts)
        return
    j = int(action[1])
    p = st.players[j]
    lost = min(n, p.charges)
    p.charges -= lost
    g.ev("charges_lost", player=j, amount=lost, source=ctx.source)
