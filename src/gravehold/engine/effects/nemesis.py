"""Step kinds on the nemesis' side: shuffle the nemesis turn cards back, Unleash, nemesis
tokens (and the losses they count to), return a discarded minion to play, refill a special
deck, let a minion grow past its printed life.
"""

from __future__ import annotations

from ...content import registry as content
from ...content.model import Step
from ...content.text import count_of
from .. import rng
from ..copies import find_ref
from ..core import Ctx, Engine, step
from ..schema import nemesis_turn_card
from ..state import State
from ..turn import _unleash as unleash


def _nemesis_turn_discarded(g: Engine, ctx: Ctx, s: Step) -> bool:
    return any(nemesis_turn_card(c) for c in g.state.to_discard)


@step("shuffle_nemesis_turns", can_resolve=_nemesis_turn_discarded, text=lambda: (
        "Return the nemesis cards of the turn order discard to its deck, then shuffle that deck."))
def _shuffle_nemesis_turns(g: Engine, ctx: Ctx) -> None:
    st = g.state
    back = [c for c in st.to_discard if nemesis_turn_card(c)]  # a mat's own cards too (S-5)
    st.to_discard = [c for c in st.to_discard if not nemesis_turn_card(c)]
    st.to_deck.extend(back)
    st.rng = rng.shuffle(st.rng, st.to_deck)
    st.tokens["to_known"] = 0
    g.ev("turn_order_shuffled", cards=len(st.to_deck), source=ctx.source)


@step("unleash", text=lambda n: "Unleash." if n == 1 else f"Unleash {n} times.")
def _unleash_step(g: Engine, ctx: Ctx, n: int) -> None:
    """The ``unleash`` frame it would push runs next, so it runs at once (folded)."""
    unleash(g, n)


def _room_for_tokens(g: Engine, ctx: Ctx, s: Step) -> bool:
    """A nemesis may cap its tokens (trigger point ``token_room``); gaining resolves fully only below it."""
    room = g.on.get("token_room")
    return room is None or bool(room(g, s[1], s[2]))


@step("gain_token", can_resolve=_room_for_tokens, text=lambda t, n: f"The nemesis gains {count_of(n, t + ' token')}.")
def _gain_token(g: Engine, ctx: Ctx, token: str, n: int) -> None:
    t = g.state.nemesis.tokens
    t[token] = t.get(token, 0) + n
    if g.events is not None:
        g.ev("token", token=token, amount=n, total=t[token])
    check_token_loss(g)


def check_token_loss(g: Engine) -> None:
    """G-2: a nemesis' own token-count loss condition (LoG's fire tokens lie on the table:
    ``keywords.fire``)."""
    st = g.state
    t = st.nemesis.tokens
    nd = content.NEMESES[st.nemesis.id]
    if nd.loss_token and t.get(nd.loss_token[0], 0) >= nd.loss_token[1]:
        g.end("loss", "nemesis_rule")
        return
    h = g.on.get("tokens")
    if h is not None:
        h(g)


def _minion_discarded(g: Engine, ctx: Ctx, s: Step) -> bool:
    return any(content.NEMESIS_CARDS[c].type == "minion" for c in g.state.nemesis.discard)


@step("return_minion", can_resolve=_minion_discarded, text=lambda: (
        "The minion discarded most recently returns to play."))
def _return_minion(g: Engine, ctx: Ctx) -> None:
    from ..state import InPlay

    n = g.state.nemesis
    for idx in range(len(n.discard) - 1, -1, -1):
        name = n.discard[idx]
        card = content.NEMESIS_CARDS[name]
        if card.type == "minion":
            del n.discard[idx]
            n.in_play.append(InPlay(name, life=card.life, shields=card.shields))
            g.ev("nemesis_card_in_play", card=name, life=card.life, source=ctx.source)
            entered = g.on.get("entered_play")
            if entered is not None:
                entered(g, name)
            return


def special_top(st: State, deck: str, discard: str) -> tuple[str | None, int]:
    """K-17: take the top card of the nemesis' special deck ``deck``; an empty deck is first
    made again from its discard pile ``discard``, shuffled. Returns the card (None when both
    are empty) and how many cards were shuffled into the new deck (0: none), so the mat can
    log the reshuffle in its own words. The decks of fetters, fragments, syphons, villagers,
    unnamed and Mage Attack cards all refill this way."""
    decks = st.nemesis.decks
    cards = decks.setdefault(deck, [])
    shuffled = 0
    if not cards:
        pile = decks.get(discard) or []
        if not pile:
            return None, 0
        cards.extend(pile)
        decks[discard] = []
        st.rng = rng.shuffle(st.rng, cards)
        shuffled = len(cards)
    return cards.pop(0), shuffled


@step("minion_grows", text=lambda n: f"This minion gains {n} life, even above its printed life.")
def _minion_grows(g: Engine, ctx: Ctx, n: int) -> None:
    """A minion's own gain that no cap stops (a card of Legacy's says so); the minion is the
    step's source (a copy reference). Its nemesis lets such a life load (``ENTRY_LIFE``,
    ``MINION_LIFE_UNCAPPED``)."""
    in_play = g.state.nemesis.in_play
    idx = find_ref(in_play, ctx.source)
    if idx >= 0:
        c = in_play[idx]
        c.life += n
        g.ev("minion_life", card=c.name, life=c.life, source=ctx.source)
