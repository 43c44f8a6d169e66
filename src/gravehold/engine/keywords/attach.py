"""K-2 Attach: a relic played with "attach this" goes under a breach instead of the play area.

State: ``Breach.attached``, the names of the cards under a breach (a tuple, replaced on
every change); the card census counts them there. What an attached card does while it lies
under its breach is printed on it: ``CardDef.attached``, rules of these shapes:

``("on_cast", steps)``        at each cast from that breach, the caster resolves ``steps``
                              (a P-20 bonus effect: Echo resolves it twice, P-5)
``("cast_damage", n, discard)``  at each cast from that breach, every damage source of the
                              spell deals n more (P-20); ``discard``: the card then leaves
``("two_spells",)``           the breach holds up to two spells (``turn.prep_targets``)

The first two are a card rule (``triggers.card_rule``) at the point ``cast_bonus``, active
from the zone ``attached``: only a game that can hold such a card asks it.

Step: ``("attach", who)`` moves the card being played from its player's play area under a
breach of a player ``who`` names (``"any"``, ``"you"``, ``"ally"``). One card per breach:
a breach that already holds one is not offered (the rule allows no second card, and the
sources do not speak of replacing it, so the new card is refused rather than the old one
discarded); when no breach can take it, it stays in the play area and goes to the discard
pile in the draw phase like any played relic (P-7: as much as possible). Only a breach that
is there (opened or closed) takes one.

An attached card is not put away in the draw phase (it is not in the play area). When it
leaves it goes to the breach owner's discard pile (``release``); when its breach is
destroyed (E-1, or a card that destroys breaches: ``damage.destroy_breach``) it is
discarded the same way. A spell across two breaches is cast from the breach it was prepped
to (the first of the two): the card under that breach applies.
"""

from __future__ import annotations

from collections.abc import Callable

from ...content import registry as content
from ...content.model import CardDef, Step, Steps
from .. import triggers
from ..core import Ctx, Engine, step
from ..state import Action, Breach
from .damage_bonus import Bonus
from .marks import full

#: who may take the card -> its wording
WHO = {"any": "any player's breach", "you": "one of your breaches", "ally": "an ally's breach"}


def rules_under(br: Breach) -> list[Step]:
    """The attached rules of every card under this breach."""
    cards = content.CARDS
    return [h for name in br.attached for h in cards[name].attached]


def two_spells(br: Breach) -> bool:
    """May this breach hold two spells because of a card under it? (``turn.prep_targets``)"""
    return bool(br.attached) and any(h[0] == "two_spells" for h in rules_under(br))


def free_breaches(g: Engine, you: int, who: str) -> list[Action]:
    """The breaches that may take a card now: there, and with no card under them."""
    st = g.state
    players = [you] if who == "you" else g.allies(you) if who == "ally" else range(len(st.players))
    return [("breach", j, b) for j in players for b, br in enumerate(st.players[j].breaches)
            if br.state in ("open", "closed") and not br.attached]


def put_under(g: Engine, j: int, b: int, name: str, source: str) -> None:
    br = g.state.players[j].breaches[b]
    br.attached = (*br.attached, name)
    g.ev("attached", player=j, breach=b, card=name, source=source)


def release(g: Engine, j: int, b: int, name: str, source: str) -> None:
    """The card leaves its breach: onto the discard pile of the breach's owner."""
    br = g.state.players[j].breaches[b]
    rest = list(br.attached)
    rest.remove(name)
    br.attached = tuple(rest)
    g.state.players[j].discard.append(name)
    g.ev("detached", player=j, breach=b, card=name, source=source)


def release_all(g: Engine, j: int, b: int, source: str = "") -> None:
    """The breach is destroyed: every card under it is discarded."""
    for name in g.state.players[j].breaches[b].attached:
        release(g, j, b, name, source or name)


def _can_attach(g: Engine, ctx: Ctx, s: Step) -> bool:
    return bool(free_breaches(g, ctx.you, s[1]))


def _check(s: Step) -> None:
    if s[1] not in WHO:
        raise ValueError(f"unknown breach owner {s[1]!r}; use one of {', '.join(WHO)}")


@step("attach", can_resolve=_can_attach, check=_check, text=lambda who: f"Attach this to {WHO[who]}.")
def _attach(g: Engine, ctx: Ctx, who: str, action: Action | None = None) -> None:
    played = g.state.players[ctx.owner].played
    if ctx.source not in played:
        return
    if action is None:
        opts = free_breaches(g, ctx.you, who)
        if opts:
            g.ask("breach", ctx.you, ctx.source, f"Attach {ctx.source} to which breach?", opts,
                  ("s", ctx.you, ctx.owner, ctx.source, ("attach", who)))
        return
    del played[len(played) - 1 - played[::-1].index(ctx.source)]
    put_under(g, int(action[1]), int(action[2]), ctx.source, ctx.source)


@triggers.card_rule("attached", ("on_cast", "cast_damage", "on_cast_if_full"), at="cast_bonus", zone="attached")
def _attached_bonus(card: CardDef) -> Callable[..., Bonus | None]:
    """P-20: what a card under the breach a spell is cast from adds to that cast (a source
    from the zone ``attached``: only the games that can hold such a card ask)."""
    rules = card.attached

    def bonus(g: Engine, caster: int, owner: int, b: int, spell: str, place: int, name: str) -> Bonus | None:
        damage = 0
        steps: Steps = ()
        for h in rules:
            if h[0] == "on_cast":
                steps += h[1]
            elif h[0] == "on_cast_if_full":  # K-9: only while every circle of that mark is filled
                if full(content.CARDS[name], str(h[1])):
                    steps += h[2]
            elif h[0] == "cast_damage":
                damage += int(h[1])
                if h[2]:
                    release(g, owner, b, name, name)
        return Bonus(damage, steps) if damage or steps else None
    return bonus
