"""Step kinds on a player's cards and aether: gain aether, draw, discard and cycle, destroy
(with the redirects a nemesis may set), gain from the supply, recycle a discard pile.
"""

from __future__ import annotations

from typing import Any

from ...content import registry as content
from ...content.model import Steps
from ...content.text import WHO, count_of, render_steps
from .. import rng
from ..core import Ctx, Engine, step
from ..keywords import keep_self
from ..state import Action
from ..turn import (
    draw_cards,
    flip_discard,
    gain_card,
)
from .base import ask_step, chooser


@step("aether", text=lambda n: f"Gain {n} Æ.")
def _aether(g: Engine, ctx: Ctx, n: int) -> None:
    g.state.players[ctx.you].aether += n
    if g.events is not None:
        g.ev("aether", player=ctx.you, amount=n, source=ctx.source)


@step("next_gain_to_deck", text=lambda: "This turn, the next card you gain may go on top of your deck.")
def _next_gain_to_deck(g: Engine, ctx: Ctx) -> None:
    g.state.flags["gain_to_deck"] = True


@step("draw", text=lambda n, who, *, they=False: (
        f"{WHO[who].capitalize()} draws {count_of(n, 'card')}." if who != "you"
        else f"draws {count_of(n, 'card')}." if they else f"Draw {count_of(n, 'card')}."))
def _draw(g: Engine, ctx: Ctx, n: int, who: str, action: Action | None = None) -> None:
    if who == "you":
        draw_cards(g, ctx.you, n)
        return
    if action is None:
        opts: list[Action] = [("player", j) for j in g.allies(ctx.you)]
        ask_step(g, ctx, ("draw", n, who), "player", chooser(g, ctx), f"Which ally draws {n}?", opts)
        return
    draw_cards(g, int(action[1]), n)


#: the player discards one card of their hand (``generic.pick``)
DISCARD_ONE = ("pick", "you", "hand", "any", 1, "discard", "must", ())


@step("ally_may_cycle", text=lambda: "An ally may draw 1 card, then discards 1 card from hand.")
def _ally_may_cycle(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    if action is None:
        opts: list[Action] = [("player", j) for j in g.allies(ctx.you)] + [("skip",)]
        ask_step(g, ctx, ("ally_may_cycle",), "player", ctx.you, "Which ally draws then discards?", opts)
        return
    if action[0] == "skip":
        return
    j = int(action[1])
    g.push("s", j, j, ctx.source, DISCARD_ONE)
    draw_cards(g, j, 1)


#: card type -> ``fn(g, player, name, source)`` that takes a destroyed card of that type
#: instead of the destroyed pile (a nemesis may take back cards of its own type).
DESTROY_REDIRECTS: dict[str, Any] = {}


def destroy_from(g: Engine, i: int, zone: str, name: str, source: str, kept: bool = False) -> None:
    """K-10: the card leaves the game (kept in the destroyed pile for the record). A card
    that may replace its own destruction is asked about first (``keep_self``; ``kept``: it
    was, and let it go)."""
    if not kept and keep_self.intercept(g, i, zone, name, True, source):
        return
    cards: list[str] = getattr(g.state.players[i], zone)
    # take the topmost copy: the end of a discard pile, the first of a deck
    if zone == "discard":
        idx = len(cards) - 1 - cards[::-1].index(name)
    else:
        idx = cards.index(name)
    del cards[idx]
    redirect = DESTROY_REDIRECTS.get(content.CARDS[name].type) if DESTROY_REDIRECTS else None
    if redirect is not None:
        redirect(g, i, name, source)
        return
    g.state.destroyed.append(name)
    g.ev("destroyed", player=i, card=name, zone=zone, source=source)


keep_self.LEAVES["destroy"] = lambda g, j, zone, name, source: destroy_from(g, j, zone, name, source, kept=True)


@step("destroy_this", text=lambda: "Destroy this card.")
def _destroy_this(g: Engine, ctx: Ctx) -> None:
    card = content.CARDS[ctx.source]
    i = ctx.owner
    zone = "discard" if card.type == "spell" else "played"
    if ctx.source in getattr(g.state.players[i], zone):
        destroy_from(g, i, zone, ctx.source, ctx.source)


def _others_played(played: list[str], source: str) -> list[str]:
    rest = list(played)
    if source in rest:
        rest.remove(source)
    return rest


@step("may_destroy_this", text=lambda then: f"You may destroy this card; if you do: {render_steps(then)}")
def _may_destroy_this(g: Engine, ctx: Ctx, then: Steps, action: Action | None = None) -> None:
    p = g.state.players[ctx.owner]
    if action is None:
        if ctx.source not in p.discard:
            return
        ask_step(g, ctx, ("may_destroy_this", then), "yes_no", ctx.you,
                 f"Destroy {ctx.source}?", [("yes",), ("no",)])
        return
    if action[0] == "yes":
        destroy_from(g, ctx.owner, "discard", ctx.source, ctx.source)
        g.push_steps(then, ctx)


@step("reveal_top_may_destroy", text=lambda: "Reveal your deck's top card and optionally destroy that card.")
def _reveal_top_may_destroy(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    p = g.state.players[ctx.you]
    if action is None:
        if not p.deck:
            if not p.discard:
                return
            flip_discard(g, ctx.you)  # P-16: revealing from an empty deck
        g.ev("revealed", player=ctx.you, card=p.deck[0], source=ctx.source)
        ask_step(g, ctx, ("reveal_top_may_destroy",), "yes_no", ctx.you,
                 f"Destroy the revealed {p.deck[0]}?", [("yes",), ("no",)])
        return
    if action[0] == "yes" and p.deck:
        destroy_from(g, ctx.you, "deck", p.deck[0], ctx.source)


def _gain_from_supply_text(ctype: str, max_cost: int, may: bool, *, they: bool = False) -> str:
    what = "a card" if ctype == "any" else f"a {ctype}"
    cost = f" costing at most {max_cost} Æ" if max_cost >= 0 else ""
    verb = ("may take" if may else "takes") if they else ("You may take" if may else "Take")
    return f"{verb} {what}{cost} from the supply without paying for it."


def _gainable(g: Engine, ctype: str, max_cost: int) -> list[str]:
    st = g.state
    out = []
    for name, count in zip(st.supply_names, st.supply_counts, strict=True):
        c = content.CARDS[name]
        if count > 0 and (ctype == "any" or c.type == ctype) and (max_cost < 0 or c.cost <= max_cost):
            out.append(name)
    return out


@step("gain_from_supply", text=_gain_from_supply_text)
def _gain_from_supply(g: Engine, ctx: Ctx, ctype: str, max_cost: int, may: bool,
                      action: Action | None = None) -> None:
    """Take a card from the supply without paying (S-8: the top card of its pile)."""
    if action is None:
        opts: list[Action] = [("gain", n) for n in _gainable(g, ctype, max_cost)]
        if opts:
            ask_step(g, ctx, ("gain_from_supply", ctype, max_cost, may), "gain", ctx.you,
                     "Take which card from the supply?", opts + ([("skip",)] if may else []))
        return
    if action[0] != "skip":
        gain_card(g, ctx.you, str(action[1]), on_your_turn=ctx.you == g.state.active)


@step("recycle_deck", text=lambda: "puts their discard pile onto their deck and shuffles the lot.")
def _recycle_deck(g: Engine, ctx: Ctx) -> None:
    recycle(g, ctx.you, ctx.source)


def recycle(g: Engine, i: int, source: str) -> None:
    """Player i's discard pile goes onto their deck and that deck is shuffled."""
    st = g.state
    p = st.players[i]
    p.deck = p.discard + p.deck
    p.discard = []
    st.rng = rng.shuffle(st.rng, p.deck)
    g.ev("deck_shuffled", player=i, source=source)
