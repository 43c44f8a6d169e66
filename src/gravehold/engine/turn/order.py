"""Turn order (T-1 … T-6): the turn order deck, whose turn a card gives, the end of a turn,
and the ability windows around a turn order draw (P-10)."""

from __future__ import annotations

from ...content import registry as content
from .. import rng
from ..core import (
    Engine,
    op,
)
from ..keywords.exclusive_aether import lapse
from ..schema import nemesis_turn_card
from ..state import Action, State
from .casting import _player_turn
from .common import activate_ability
from .nemesis import _nemesis_turn

# ====================================================================== turn order


def draw_turn_order(g: Engine) -> str:
    """T-1 / T-2: take the top card, reshuffling the discard first if the deck is empty."""
    st = g.state
    if not st.to_deck:
        reshuffle_turn_order(g)
    card = st.to_deck.pop(0)
    known = st.tokens.get("to_known", 0)
    if known:
        st.tokens["to_known"] = known - 1
    st.to_discard.append(card)
    return card


def reshuffle_turn_order(g: Engine) -> None:
    st = g.state
    st.to_deck = st.to_discard + st.to_deck
    st.to_discard = []
    st.rng = rng.shuffle(st.rng, st.to_deck)
    st.tokens["to_known"] = 0
    g.ev("turn_order_shuffled", cards=len(st.to_deck))


def reveal_turn_order_top(g: Engine) -> str:
    st = g.state
    if not st.to_deck:
        reshuffle_turn_order(g)
    st.tokens["to_known"] = max(1, st.tokens.get("to_known", 0))
    g.ev("turn_order_revealed", card=st.to_deck[0])
    return st.to_deck[0]


def turn_order_top_to_bottom(g: Engine, source: str) -> None:
    """Move the top turn order card under the deck (a card lets the players do so). The
    cards known from the top are one fewer, unless every card of the deck is known."""
    st = g.state
    card = st.to_deck.pop(0)
    st.to_deck.append(card)
    known = st.tokens.get("to_known", 0)
    if known < len(st.to_deck):
        st.tokens["to_known"] = max(0, known - 1)
    g.ev("turn_order_to_bottom", card=card, source=source)


def turn_card_seats(n: int, card: str) -> list[int]:
    """The seats a player turn order card stands for, when a card asks for "a player's turn
    order card": its own player, both of a pair (T-4), every card the one player in true solo
    (T-5); the wild card and the nemesis' cards stand for nobody."""
    if card == "W" or nemesis_turn_card(card):
        return []
    if n == 1:  # T-5
        return [0]
    if card in ("P12", "P34"):  # T-4
        return [0, 1] if card == "P12" else [2, 3]
    j = int(card[1]) - 1
    return [j] if j < n else []


def drawn_card_seats(st: State, card: str) -> list[int]:
    """The players whose turn the turn order card just drawn may give, before anyone chooses:
    its own player (every player card in true solo, T-5); the wild token's holder under the
    token rule (T-3; under "choose" the card is nobody's until the players pick); both of a
    pair whose token is on the table, else the partner of the one holding it (T-4)."""
    n = len(st.players)
    if nemesis_turn_card(card):
        return []
    if n == 1:
        return [0]
    if card == "W":
        token = st.config.get("ruleset", {}).get("wild_card", "choose") == "token"
        return [st.tokens.get("wild", 0)] if token else []
    if card in ("P12", "P34"):
        pair = (0, 1) if card == "P12" else (2, 3)
        holder = st.tokens.get("pair12" if card == "P12" else "pair34", -1)
        return list(pair) if holder < 0 else [pair[1] if holder == pair[0] else pair[0]]
    j = int(card[1]) - 1
    return [j] if j < n else []


def drawn_turn_card_to_bottom(g: Engine, source: str) -> str:
    """Put the turn order card just drawn (the discard's top) under the turn order deck
    instead of giving its turn. A card known to all stays known at the bottom only when
    the whole deck is known."""
    st = g.state
    card = st.to_discard.pop()
    whole = st.tokens.get("to_known", 0) >= len(st.to_deck)
    st.to_deck.append(card)
    if whole:
        st.tokens["to_known"] = len(st.to_deck)
    g.ev("turn_order_to_bottom", card=card, source=source)
    return card


def own_turn_card(st: State, i: int) -> int | None:
    """The index in the turn order discard of player i's turn order card: the topmost card
    that gives them a turn (their own, their pair's, any player card in true solo, or the
    wild card while it lies on top), as the cards read "your turn order card"."""
    n = len(st.players)
    last = len(st.to_discard) - 1
    for idx in range(last, -1, -1):
        c = st.to_discard[idx]
        if nemesis_turn_card(c):
            continue
        if c == "W":
            if idx == last:
                return idx
            continue
        if n == 1 or c == f"P{i + 1}" or (c == "P12" and i in (0, 1)) or (c == "P34" and i in (2, 3)):
            return idx
    return None


def return_turn_card(g: Engine, idx: int, source: str) -> str:
    """Put the card at ``idx`` of the turn order discard back into the deck and shuffle it:
    nothing of the deck's order is known any more."""
    st = g.state
    card = st.to_discard.pop(idx)
    st.to_deck.append(card)
    st.rng = rng.shuffle(st.rng, st.to_deck)
    st.tokens["to_known"] = 0
    g.ev("turn_order_shuffled", cards=len(st.to_deck), source=source)
    shuffle_window(g)
    return card


@op("next_turn")
def _next_turn(g: Engine) -> None:
    """Draw a turn order card and start that turn.

    Unless a mage may act in the window right after the draw, ``start_turn`` would be the
    next frame to run, so it runs at once (folded).
    """
    st = g.state
    if not st.to_deck:
        reshuffle_turn_order(g)
        if shuffle_window(g, ("next_turn",)):
            return
    card = draw_turn_order(g)
    if g.events is not None:
        g.ev("turn_order_drawn", card=card)
    h = g.on.get("turn_card_drawn")
    if h is not None:  # a source may act on a player's card before its turn starts
        for i in drawn_card_seats(st, card):
            if h(g, i, card):
                return
    _turn_card_resolves(g, card)


@op("turn_card_resolves")
def _turn_card_resolves(g: Engine, card: str) -> None:
    """The turn order card just drawn gives its turn: first the window right after the draw."""
    st = g.state
    # the window right after a turn order card is drawn (P-10)
    offers: list[int] | None = None
    for i, p in enumerate(st.players):
        if p.charges >= p.max_charges and content.MAGES[p.mage].ability.window == "after_turn_order_draw":
            if offers is None:
                offers = []
            offers.append(i)
    if offers is None:
        _start_turn(g, card)
        return
    g.push("start_turn", card)
    for i in offers:
        g.push("offer_ability", i, "after_turn_order_draw")


def shuffle_window(g: Engine, then: tuple[str, ...] | None = None) -> bool:
    """P-10: the window right after the turn order deck is shuffled. Each charged mage whose
    ability opens there is offered it (``then``, a frame to run once they have answered, is
    pushed first). Returns whether any was offered."""
    st = g.state
    offers = [i for i, p in enumerate(st.players) if p.charges >= p.max_charges
              and content.MAGES[p.mage].ability.window == "after_turn_order_shuffle"]
    if not offers:
        return False
    if then is not None:
        g.push(*then)
    for i in reversed(offers):  # the first seat is asked first
        g.push("offer_ability", i, "after_turn_order_shuffle")
    return True


@op("offer_ability")
def _offer_ability(g: Engine, i: int, window: str, action: Action | None = None) -> None:
    p = g.state.players[i]
    if action is None:
        if p.charges < p.max_charges:
            return
        g.ask("ability_window", i, p.mage, f"Activate {content.MAGES[p.mage].ability.name}?",
              [("ability", i), ("pass",)], ("offer_ability", i, window))
        return
    if action[0] == "ability":
        activate_ability(g, i, i)


@op("wild_start")
def _wild_start(g: Engine, action: Action | None = None) -> None:
    """T-6 ``wild_token_start`` "choose": before the first turn the players give the
    3-player wild token to whichever player they like."""
    st = g.state
    if action is None:
        g.ask("wild", g.team(), "turn order", "Wild token: which player holds it first?",
              [("player", i) for i in range(len(st.players))], ("wild_start",))
        return
    st.tokens["wild"] = int(action[1])
    g.ev("wild_token_passed", holder=st.tokens["wild"])


@op("start_turn")
def _start_turn(g: Engine, card: str, action: Action | None = None) -> None:
    """Whose turn a turn order card gives (T-2 … T-5).

    Its turn frame would be the next to run, so the turn starts at once (folded): the
    ``nemesis_turn`` and ``player_turn`` operations are called, not pushed.
    """
    st = g.state
    n = len(st.players)
    if nemesis_turn_card(card):  # the plain card, or a mat's own (S-5; it acts at nemesis_turn_start)
        _nemesis_turn(g)
        return
    if n == 1:  # T-5
        _player_turn(g, 0)
        return
    if card in ("P1", "P2", "P3", "P4"):
        _player_turn(g, int(card[1]) - 1)
        return
    if card == "W":  # T-3
        if g.state.config.get("ruleset", {}).get("wild_card", "choose") == "token":
            holder = st.tokens.get("wild", 0)
            st.tokens["wild"] = (holder + 1) % n
            g.ev("wild_token_passed", holder=st.tokens["wild"])
            _player_turn(g, holder)
            return
        if action is None:
            g.ask("wild", g.team(), "turn order", "Wild card: which player takes this turn?",
                  [("player", i) for i in range(n)], ("start_turn", card))
            return
        _player_turn(g, int(action[1]))
        return
    # T-4: "P12" / "P34" paired cards
    pair = (0, 1) if card == "P12" else (2, 3)
    key = "pair12" if card == "P12" else "pair34"
    holder = st.tokens.get(key, -1)
    if holder >= 0:
        other = pair[1] if holder == pair[0] else pair[0]
        st.tokens[key] = -1
        _player_turn(g, other)
        return
    if action is None:
        g.ask("pair", g.team(), "turn order", f"{card}: which player of the pair takes this turn?",
              [("player", i) for i in pair], ("start_turn", card))
        return
    chosen = int(action[1])
    st.tokens[key] = chosen
    _player_turn(g, chosen)


@op("end_turn")
def _end_turn(g: Engine) -> None:
    """End of any turn: lose unspent aether, clear focus marks, check G-1's end-of-turn win.

    When nothing is left to run the loop would start the next turn, so it starts here
    (``next_turn`` folded).
    """
    st = g.state
    for p in st.players:
        p.aether = 0
        if p.aether_for:
            lapse(p)
        for b in p.breaches:
            if b.focused:
                b.focused = False
    st.flags = {}
    if g.events is not None:
        g.ev("turn_end", active=st.active)
    h = g.on.get("end_of_turn")
    if h is not None:
        h(g)
        if st.over:
            return
    if g.deck_out():  # G-1: every deck_out_win reading checks at the end of a turn
        g.end("win", "nemesis_deck_empty")
    if not st.stack and st.decision is None and not st.over:
        _next_turn(g)
