"""K-13 Mage decks: a mage's own piles beside the mat (a box's personal decks).

Some mages start with named piles of their own cards beside their mat, from which only
their own effects take: an upgrade deck of stronger copies, a deck of inventions or
reckonings revealed one at a time, a pile of starting cards put back later.
``MageDef.decks`` names each pile and its starting cards, ``MageDef.deck_faces`` how it
lies, in the vocabulary of the nemesis' special decks (``DeckFace``):

- ``up``: its order is public and kept as the mat gives it (a pile to choose from);
- ``down`` (when not named): shuffled at setup, its contents known to everyone (every card
  a player owns is public), its order hidden;
- ``secret``: shuffled, and nobody may know which cards it still holds.

State: ``Player.decks`` (deck name -> cards, top first), saved as ``decks`` only when a mage
has any; a saved deck whose name the mage does not declare is refused. The cards count in
the game's card census; the boards show each pile by name with its size, and its cards as
its face allows.

Why not ``Player.set_aside``: that is one unnamed, open pile (a New Age Forged deck), which
cannot keep a shuffled deck's order hidden nor say which of two piles a card returns to.
It stays for the mages that already use it.

Steps: ``gain_from_own_deck`` (the top card, or one chosen from a face-up deck, to the
discard pile or hand: a gain, so on-gain effects apply) and ``to_own_deck`` (a card from
hand, discard pile or play goes back under or onto a deck). A box's one-off effects use
:func:`take` and :func:`put` directly.
"""

from __future__ import annotations

from ...content import registry as content
from ...content.model import DeckFace, Step
from ..core import Ctx, Engine, step
from ..effects.base import ask_step
from ..state import Action, Player, State

__all__ = ["DEFAULT_FACE", "face", "put", "take", "view"]

#: how a deck lies when its mage names no face
DEFAULT_FACE: DeckFace = "down"


def face(mage: str, deck: str) -> DeckFace:
    """How ``mage``'s deck ``deck`` lies."""
    m = content.MAGES.get(mage)
    return m.deck_faces.get(deck, DEFAULT_FACE) if m is not None else DEFAULT_FACE


def take(p: Player, deck: str, card: str | None = None) -> str | None:
    """Take ``card`` (or the top card) out of the player's deck ``deck``; None if absent."""
    pile = p.decks.get(deck)
    if not pile:
        return None
    if card is None:
        return pile.pop(0)
    if card not in pile:
        return None
    pile.remove(card)
    return card


def put(p: Player, deck: str, card: str, top: bool = False) -> None:
    """Put ``card`` onto (``top``) or under the player's deck ``deck``."""
    pile = p.decks.setdefault(deck, [])
    if top:
        pile.insert(0, card)
    else:
        pile.append(card)


def view(mage: str, decks: dict[str, list[str]], hidden: str) -> dict[str, list[str]]:
    """The decks as every seat sees them: in order face up, sorted face down, all
    ``hidden`` when secret."""
    out: dict[str, list[str]] = {}
    for name, cards in decks.items():
        f = face(mage, name)
        out[name] = list(cards) if f == "up" else [hidden] * len(cards) if f == "secret" else sorted(cards)
    return out


def _deck_name(deck: str) -> str:
    return deck if deck.endswith("deck") else f"{deck} deck"


def _gain_options(st: State, ctx: Ctx, deck: str, how: str) -> list[Action]:
    pile = st.players[ctx.you].decks.get(deck, [])
    if not pile:
        return []
    if how == "top":
        return [("card", pile[0])]
    return [("card", c) for c in dict.fromkeys(pile)]


def _check_gain(s: Step) -> None:
    if len(s) != 4 or s[2] not in ("top", "choose") or s[3] not in ("discard", "hand"):
        raise ValueError("gain_from_own_deck takes a deck name, 'top' or 'choose', and 'discard' or 'hand'")


@step("gain_from_own_deck",
      can_resolve=lambda g, ctx, s: bool(_gain_options(g.state, ctx, str(s[1]), str(s[2]))),
      check=_check_gain,
      text=lambda deck, how, where: (
          f"Gain {'the top card of' if how == 'top' else 'a card of your choice from'} your "
          f"{_deck_name(deck)}{' into your hand' if where == 'hand' else ''}."))
def _gain(g: Engine, ctx: Ctx, deck: str, how: str, where: str, action: Action | None = None) -> None:
    from ..turn.actions import receive_gained

    st = g.state
    opts = _gain_options(st, ctx, deck, how)
    if not opts:
        return
    if action is None and len(opts) > 1:
        ask_step(g, ctx, ("gain_from_own_deck", deck, how, where), "card", ctx.you,
                 f"Gain which card of your {_deck_name(deck)}?", opts)
        return
    chosen = str((action or opts[0])[1])
    p = st.players[ctx.you]
    if take(p, deck, chosen) is None:
        return
    receive_gained(g, ctx.you, chosen, on_your_turn=ctx.you == st.active, to_hand=where == "hand")


def _check_put(s: Step) -> None:
    if len(s) != 4 or s[2] not in ("hand", "discard", "played") or s[3] not in ("top", "bottom"):
        raise ValueError("to_own_deck takes a deck name, 'hand', 'discard' or 'played', and 'top' or 'bottom'")


@step("to_own_deck", check=_check_put,
      can_resolve=lambda g, ctx, s: ctx.source in getattr(g.state.players[ctx.you], str(s[2])),
      text=lambda deck, zone, end: (
          f"Put this from your {'play area' if zone == 'played' else zone} "
          f"{'on top of' if end == 'top' else 'at the bottom of'} your {_deck_name(deck)}."))
def _put(g: Engine, ctx: Ctx, deck: str, zone: str, end: str) -> None:
    """The card resolving goes back to its deck (an upgrade card that returns, a
    regularity card put back)."""
    p = g.state.players[ctx.you]
    pile: list[str] = getattr(p, zone)
    if ctx.source not in pile:
        return
    pile.remove(ctx.source)
    put(p, deck, ctx.source, top=end == "top")
    g.ev("to_own_deck", player=ctx.you, deck=deck, card=ctx.source, top=end == "top")
