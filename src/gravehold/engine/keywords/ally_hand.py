"""K-14 Cards used from a hand in an ally's turn: their text beats the turn's own order
(LoG supply cards first).

Some cards let their holder discard or destroy them from their hand while another player
takes their main phase, for an effect. A box declares such a card with :func:`declare`
(``boxapi.hand_act``): how the card leaves the hand (``"discard"``, ``"destroy"``, or
``"prep"``: a spell prepped to one of its holder's opened breaches, which its holder
chooses: step ``prep_to_opened``), the steps its holder resolves and the steps the player
whose turn it is resolves.

The main action ``("ally_hand", j, card)`` is offered in player i's main phase for each
ally j (SO-1: in true solo, the one player is their own ally) holding such a card, each
name once; as with an ally's ability in that window (P-10), the group decides (N-6) and
the action is taken in i's main decision. Using it moves one copy from j's hand to j's
discard pile (event ``discard``) or destroys it (``destroyed``), then j's steps resolve,
then i's. Each use spends the card, so the offer ends when the hand holds no more copies.
The card's text says what it does (``CARD_RULES``).

A card may also answer an ally's deed from its holder's hand, :func:`on_ally_cast`
(``boxapi.hand_cast_bonus``): when an ally casts a spell costing at least so much, its holder
is asked (their own decision, in the ally's turn: step ``ally_may_discard_for_bonus``)
whether to discard it, and the spell then deals more damage with each of its damage sources
(P-20, ``damage_bonus.add``: the cast's bonus grows before its Cast effect resolves).
:func:`on_ally_focus` (``boxapi.hand_refocus``) likewise answers an ally's focus of a breach
of theirs (point ``focused_breach``): discarded, that breach is focused once more.

Readings decided here (``READINGS``): a card whose text allows it "during any ally's turn"
is used in that ally's main phase, the one window in which the engine offers an action to
the group outside the active player's own cards; a spell with Echo (P-5) resolving twice
takes a bonus decided this way in its first resolution only.
"""

from __future__ import annotations

from typing import Any

from ...content import registry as content
from ...content.model import Steps
from ...content.text import CARD_RULES, render_steps
from ..core import Ctx, Engine, step
from ..decisions import action_head
from ..effects.base import ask_step
from ..effects.cards import destroy_from
from ..state import Action
from ..triggers import game_cards
from ..triggers import source as trigger_source
from .damage_bonus import Bonus, add

#: the project's reading (module docstring)
READINGS = {"any_turn": "a card usable during any ally's turn is used in that ally's main phase",
            "echo": "a spell resolving twice takes the bonus in its first resolution"}

#: card name -> (how it leaves the hand, its holder's steps, the active player's steps)
HAND_ACTS: dict[str, tuple[str, Steps, Steps]] = {}

HOWS = ("discard", "destroy", "prep")

#: card name -> (the least cost of an ally's spell it answers, the damage it adds)
CAST_REACTIONS: dict[str, tuple[int, int]] = {}
#: cards that answer an ally's focus: discarded, the breach is focused again
FOCUS_REACTIONS: set[str] = set()


def _text(how: str, holder: Steps, active: Steps, any_turn: bool) -> str:
    when = "during any ally's turn (in their main phase: the project's reading)" if any_turn \
        else "during any ally's main phase"
    if how == "prep":
        then = f" If you do: {render_steps(holder)}" if holder else ""
        return f"You may prep this from your hand to one of your opened breaches {when}.{then}"
    parts = []
    if holder:
        parts.append(render_steps(holder))
    if active:
        said = render_steps(active)
        parts.append(f"That ally: {said[:1].lower()}{said[1:]}")
    return f"You may {how} this from your hand {when}. If you do: " + " ".join(parts)


def declare(name: str, how: str, holder: Steps = (), active: Steps = (), any_turn: bool = False) -> None:
    """Card ``name`` may be discarded or destroyed (``how``) from its holder's hand in an ally's
    main phase: then its holder resolves ``holder`` and the ally whose turn it is ``active``."""
    if how not in HOWS:
        raise ValueError(f"card {name}: how must be one of {HOWS}, got {how!r}")
    if not holder and not active and how != "prep":
        raise ValueError(f"card {name}: a hand action needs steps for the holder or the active player")
    HAND_ACTS[name] = (how, tuple(holder), tuple(active))
    CARD_RULES[name] = _text(how, holder, active, any_turn)


def on_ally_cast(name: str, at_least: int, more: int) -> None:
    """Card ``name`` may be discarded from its holder's hand when an ally casts a spell costing
    ``at_least`` Æ or more: that spell deals ``more`` damage more with each source."""
    if at_least < 0 or more <= 0:
        raise ValueError(f"card {name}: a cast reaction needs a cost from 0 and a positive bonus, "
                         f"got {at_least} and {more}")
    CAST_REACTIONS[name] = (at_least, more)
    CARD_RULES[name] = (f"When an ally casts a spell whose cost is {at_least} Æ or more, you may discard this from "
                        f"your hand to make that spell deal {more} more damage.")


def on_ally_focus(name: str) -> None:
    """Card ``name`` may be discarded from its holder's hand after an ally focuses a breach of
    theirs: that breach is focused again."""
    FOCUS_REACTIONS.add(name)
    CARD_RULES[name] = ("Once any ally has focused a breach, you may discard this from your hand to have them "
                        "focus that same breach again.")


def _present(st: Any) -> bool:
    return any(n in HAND_ACTS or n in CAST_REACTIONS or n in FOCUS_REACTIONS for n in game_cards(st))


on = trigger_source("keyword", "ally hand", present=_present)

action_head("ally_hand", ("player", "card"),
            text=lambda j, c: f"let player {int(j) + 1} use {c} from their hand",
            detail=lambda st, d, j, c: f"player {int(j) + 1} {HAND_ACTS[str(c)][0]}s {c} from their hand",
            phase="main")


@on("main_options")
def _options(g: Engine, i: int) -> list[Action]:
    opts: list[Action] = []
    for j in g.allies(i):
        for name in dict.fromkeys(g.state.players[j].hand):
            if name in HAND_ACTS and (HAND_ACTS[name][0] != "prep" or _opened_room(g, j, name)):
                opts.append(("ally_hand", j, name))
    return opts


def _opened_room(g: Engine, j: int, name: str) -> list[int]:
    """Player j's opened breaches that can take spell ``name`` now."""
    from ..turn import prep_targets

    p = g.state.players[j]
    return [b for b in prep_targets(p, name, False) if p.breaches[b].state == "open"]


@step("prep_to_opened", text=lambda name, then: f"Prep {name} from your hand to one of your opened breaches.")
def _prep_to_opened(g: Engine, ctx: Ctx, name: str, then: Steps, action: Action | None = None) -> None:
    from ..turn import prep_spell

    j = ctx.you
    room = _opened_room(g, j, name) if name in g.state.players[j].hand else []
    if not room:
        return
    if action is None:
        ask_step(g, ctx, ("prep_to_opened", name, then), "breach", j, f"Prep {name} to which opened breach?",
                 [("breach", b) for b in room])
        return
    prep_spell(g, j, name, int(action[1]), "hand")
    if then:
        g.push_steps(then, ctx)


@on.action("ally_hand")
def _resolve(g: Engine, i: int, action: Action) -> None:
    j, name = int(action[1]), str(action[2])
    how, holder, active = HAND_ACTS[name]
    p = g.state.players[j]
    if how == "prep":
        g.push("s", j, j, name, ("prep_to_opened", name, holder))
        return
    if how == "discard":
        p.hand.remove(name)
        p.discard.append(name)
        g.ev("discard", player=j, card=name, source=name, zone="hand")
    else:
        destroy_from(g, j, "hand", name, name)
    # pushed last first: the holder's steps resolve before the active player's
    if active:
        g.push_steps(active, Ctx(i, i, name))
    if holder:
        g.push_steps(holder, Ctx(j, j, name))


@on("cast_bonus")
def _cast_bonus(g: Engine, caster: int, owner: int, b: int, spell: str) -> Bonus | None:
    """Each ally holding a reacting card is asked, before the Cast effect, once per card name."""
    if not CAST_REACTIONS:
        return None
    cost = content.CARDS[spell].cost
    first = tuple(("ally_may_discard_for_bonus", j, name) for j in g.allies(caster)
                  for name in dict.fromkeys(g.state.players[j].hand)
                  if name in CAST_REACTIONS and cost >= CAST_REACTIONS[name][0])
    return Bonus(first=first) if first else None


@step("ally_may_discard_for_bonus", text=lambda j, name: (
        f"Player {int(j) + 1} may discard {name} from their hand: this spell deals "
        f"{CAST_REACTIONS[name][1]} more damage."))
def _ally_may_discard_for_bonus(g: Engine, ctx: Ctx, j: int, name: str, action: Action | None = None) -> None:
    p = g.state.players[j]
    if name not in p.hand:
        return
    more = CAST_REACTIONS[name][1]
    if action is None:
        ask_step(g, ctx, ("ally_may_discard_for_bonus", j, name), "yes_no", j,
                 f"Discard {name} so that {ctx.source} deals {more} more damage?", [("yes",), ("no",)])
        return
    if action[0] == "yes":
        p.hand.remove(name)
        p.discard.append(name)
        g.ev("discard", player=j, card=name, source=name, zone="hand")
        add(g.state, more)


@on("focused_breach")
def _focused_breach(g: Engine, i: int, b: int) -> None:
    """Each ally of the breach's owner holding a reacting card is asked, in seat order."""
    if not FOCUS_REACTIONS:
        return
    asks = [(j, name) for j in g.allies(i) for name in dict.fromkeys(g.state.players[j].hand)
            if name in FOCUS_REACTIONS]
    for j, name in reversed(asks):  # pushed last first: the first seat is asked first
        g.push("s", j, j, name, ("ally_may_discard_to_refocus", name, i, b))


@step("ally_may_discard_to_refocus", text=lambda name, i, b: (
        f"You may discard {name} from your hand: player {int(i) + 1} focuses breach {int(b) + 1} again."))
def _ally_may_discard_to_refocus(g: Engine, ctx: Ctx, name: str, i: int, b: int,
                                 action: Action | None = None) -> None:
    from ..turn import focus_breach

    p = g.state.players[ctx.you]
    if name not in p.hand or g.state.players[i].breaches[b].state != "closed":
        return
    if action is None:
        ask_step(g, ctx, ("ally_may_discard_to_refocus", name, i, b), "yes_no", ctx.you,
                 f"Discard {name} so that player {i + 1} focuses breach {b + 1} again?", [("yes",), ("no",)])
        return
    if action[0] == "yes":
        p.hand.remove(name)
        p.discard.append(name)
        g.ev("discard", player=ctx.you, card=name, source=name, zone="hand")
        focus_breach(g, i, b)


def known(name: str) -> bool:
    """Is ``name`` (or the card it is a marked copy of) a card with a hand action?"""
    return content.base_of(name) in HAND_ACTS
