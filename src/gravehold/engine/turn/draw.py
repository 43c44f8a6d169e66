"""The draw phase (P-15, P-16): played cards to the discard, drawing back to five."""

from __future__ import annotations

from ...content import registry as content
from ..core import (
    HAND_SIZE,
    Engine,
    op,
)
from ..keywords import aether_tokens
from ..state import Action
from .common import _END_TURN
from .order import _end_turn

# ---------------------------------------------------------------------- draw phase


#: P-15: the draw phase's first option: the played cards go onto the discard as played
KEEP_ORDER: Action = ("keep_order",)


@op("draw_phase")
def _draw_phase(g: Engine, i: int, action: Action | None = None) -> None:
    """P-15: played gems and relics go onto the discard in the order you choose; draw to 5;
    discard unused aether tokens (K-7).

    The order is one decision: keep the order they were played in (the first option), or
    name the card that goes next, after which the same decision comes for the rest. Every
    order stays reachable, and a player content with the order played answers once.

    Drawing asks nothing, so when the ``end_turn`` frame is on top it would run next: it
    runs at once (folded)."""
    st = g.state
    st.phase = "draw"
    p = st.players[i]
    if action is not None:
        head = action[0]
        if head == "discard_card":  # P-15 tutorial mode
            p.hand.remove(action[1])
            p.discard.append(action[1])
            g.ev("discard", player=i, card=action[1])
        elif head == "order":
            p.played.remove(action[1])
            p.discard.append(action[1])
        elif head == "keep_order":
            p.discard.extend(p.played)
            p.played.clear()
        elif head == "draw":
            st.flags["tutorial_done"] = True
    if p.played:
        distinct = sorted(set(p.played))
        if len(distinct) > 1:
            g.ask("discard_order", i, p.mage, _order_prompt(p.played, action is not None and action[0] == "order"),
                  [KEEP_ORDER] + [("order", n) for n in distinct], ("draw_phase", i))
            return
        p.discard.extend(p.played)
        p.played.clear()
    rs = st.config.get("ruleset")
    if rs and rs.get("tutorial_discard") and not st.flags.get("tutorial_done"):
        opts: list[Action] = [("discard_card", n) for n in sorted(set(p.hand))
                              if content.CARDS[n].type in ("gem", "relic")]
        if opts:
            g.ask("tutorial_discard", i, p.mage, "Draw phase: discard an unplayed gem or relic?",
                  opts + [("draw",)], ("draw_phase", i))
            return
    need = HAND_SIZE - len(p.hand)
    if need > 0:
        draw_cards(g, i, need)
    if p.aether_tokens:  # K-7: unused ones go, after drawing
        aether_tokens.discard(g, i)
    if p.charges >= p.max_charges and content.MAGES[p.mage].ability.window == "your_draw_end":
        g.push("offer_ability", i, "your_draw_end")  # the end of this draw phase (P-10)
        return
    stack = st.stack
    if stack and stack[-1] == _END_TURN:  # the end of the turn is next: run it at once
        stack.pop()
        _end_turn(g)


def _order_prompt(played: list[str], rest: bool) -> str:
    """The draw-phase question, naming the order played (the cards still to place)."""
    order = ", ".join(played)
    if rest:
        return f"Draw phase: put the rest on your discard in the order played ({order}), or which one next?"
    return f"Draw phase: put your played cards on your discard in the order played ({order}), or which one first?"


def draw_cards(g: Engine, i: int, n: int) -> int:
    """P-16: never shuffle; an empty deck is refilled by turning the discard over."""
    p = g.state.players[i]
    drawn = 0
    for _ in range(n):
        if not p.deck:
            if not p.discard:
                break
            flip_discard(g, i)
        p.hand.append(p.deck.pop(0))
        drawn += 1
    if drawn and g.events is not None:
        g.ev("draw", player=i, count=drawn)
    return drawn


def flip_discard(g: Engine, i: int) -> None:
    """P-16: turn the discard pile over, as it lies, beneath what is left of the deck (a
    reveal that runs out part way); its bottom card comes next after the deck's last."""
    p = g.state.players[i]
    p.deck = p.deck + p.discard
    p.discard = []
    g.ev("deck_refilled", player=i, cards=len(p.deck))
