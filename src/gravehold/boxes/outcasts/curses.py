"""K-12 the curse deck of Outcasts: four curses, and the step that hands one to a player.

The curses are player cards (``CURSES``): Cursed Bolt (a spell), Cursed Manacles (a relic),
Cursed Shard (a gem) and Curse of Rot (type ``"curse"``, never played). Their copies are one
table, ``COPIES``. The curse deck is a table deck (``table_deck``), ``nemesis.decks["curse"]``,
set up beside the nemesis deck (K-17: its cards are no nemesis cards and never count for the
tier) in every game whose nemesis cards give curses (``GIVES``: any card whose steps hold
``gain_curse``), whatever the nemesis.

``("gain_curse", name, where)`` is the one step for "a player takes curse X": the player it
is said of searches the curse deck for a card of that name and gains it onto their discard
pile (``"discard"``), on top of their deck (``"deck"``) or into their hand (``"hand"``).
Every card that hands out a curse (the basics here, nemesis cards later) writes this step.

Readings decided here:

* A curse asked for when no copy is left: nothing is gained and the rest of the card
  resolves (K-12 is silent; N-6: as far as it can). The log says so.
* The curse deck is searched, so its order never matters: it is set up in the order of
  ``COPIES`` and never shuffled, and the boards show its contents.
* *Curse of Rot* acts "as soon as it is in a hand". A curse step that puts it straight into
  a hand resolves it at once; one drawn resolves at the moments Curse of Aging's do: when its
  holder's turn starts (before casting) and when their main phase ends (the one drawn in a
  draw phase waits in the hand, where it can do nothing, until that player's next turn).
  Discarding it puts it on its holder's discard pile, to be drawn again.
* A destroyed curse is destroyed like any card; after the game curses go back to the curse
  deck (nothing of a game outlives it here).
* The OR on each curse prefers an option that can be done in full (P-7): a Cursed Shard
  may be destroyed only by a player holding 2 Æ, a Cursed Manacles only with two prepped
  spells, a Curse of Rot only with 3 charges, a Cursed Bolt only with two cards in hand.
"""

from __future__ import annotations

from typing import Any

from ...boxapi import (
    Action,
    CardDef,
    Ctx,
    Engine,
    Steps,
    ask_step,
    available,
    can_resolve,
    decision_kind,
    destroy_from,
    draw_cards,
    op,
    pay,
    pick,
    render_steps,
    step,
    table_deck,
    trigger_source,
)
from ...boxapi import catalogue as content

CURSE_DECK = "curse"
CURSE_OF_ROT = "Curse of Rot"

# ============================================================================ the curses' steps

_WHERE = {"discard": "", "deck": " and lays it on top of {their} deck", "hand": " and puts it into {their} hand"}


def _zone_of(name: str) -> str:
    """Where card ``name`` lies while its own effect resolves: a cast spell on the discard
    pile, anything else among the cards played (as ``destroy_this`` reads it)."""
    return "discard" if content.CARDS[name].type == "spell" else "played"


def _take_this(g: Engine, ctx: Ctx) -> bool:
    """Take the resolving card from where it lies; False when it has gone already."""
    zone = getattr(g.state.players[ctx.owner], _zone_of(ctx.source))
    if ctx.source not in zone:
        return False
    del zone[len(zone) - 1 - zone[::-1].index(ctx.source)]
    return True


@step("this_on_deck", text=lambda: "Place this card on top of your deck.")
def _this_on_deck(g: Engine, ctx: Ctx) -> None:
    if _take_this(g, ctx):
        g.state.players[ctx.owner].deck.insert(0, ctx.source)
        g.ev("to_deck", player=ctx.owner, card=ctx.source, source=ctx.source)


@step("discard_this", text=lambda: "Discard this card.")
def _discard_this(g: Engine, ctx: Ctx) -> None:
    if _take_this(g, ctx):
        g.state.players[ctx.owner].discard.append(ctx.source)
        g.ev("discard", player=ctx.owner, card=ctx.source, source=ctx.source)


def _has_aether(g: Engine, ctx: Ctx, s: tuple[Any, ...]) -> bool:
    return bool(available(g.state.players[ctx.you], "other") >= int(s[1]))


@step("spend_to_destroy_this", can_resolve=_has_aether, text=lambda n: f"Spend {n} Æ to destroy this card.")
def _spend_to_destroy_this(g: Engine, ctx: Ctx, n: int) -> None:
    """Only in full: a player short of ``n`` Æ keeps the card (the OR offers it only then)."""
    p = g.state.players[ctx.you]
    if available(p, "other") < n:
        return
    pay(p, n, "other")
    _destroy_this(g, ctx)


def _destroy_this(g: Engine, ctx: Ctx) -> None:
    zone = _zone_of(ctx.source)
    if ctx.source in getattr(g.state.players[ctx.owner], zone):
        destroy_from(g, ctx.owner, zone, ctx.source, ctx.source)


def _has_charges(g: Engine, ctx: Ctx, s: tuple[Any, ...]) -> bool:
    return g.state.players[ctx.you].charges >= int(s[1])


@step("charges_to_destroy_this", can_resolve=_has_charges, text=lambda n, draw: (
        f"Lose {n} charges to destroy this card" + (f" and draw {draw} card." if draw == 1 else
                                                     f" and draw {draw} cards." if draw else ".")))
def _charges_to_destroy_this(g: Engine, ctx: Ctx, n: int, draw: int) -> None:
    """Curse of Rot: only in full (a player with fewer charges discards it instead)."""
    p = g.state.players[ctx.you]
    if p.charges < n:
        return
    p.charges -= n
    g.ev("charges_lost", player=ctx.you, amount=n, source=ctx.source)
    _destroy_this(g, ctx)
    if draw:
        draw_cards(g, ctx.you, draw)


decision_kind("curse", "Which of a curse's two options to carry out (P-7).", takes=("choose",))


@step("curse_or", text=lambda a, b: f"Choose: {render_steps(a)} — or — {render_steps(b)}")
def _curse_or(g: Engine, ctx: Ctx, a: Steps, b: Steps, action: Action | None = None) -> None:
    """A curse's OR (P-7: an option that can be done in full is preferred); a step of its own
    so that the bots' hint for getting rid of a curse (``hints.py``) reads only curses."""
    if action is None:
        ok = [k for k, br in enumerate((a, b)) if can_resolve(g, ctx, br)]
        opts: list[Action] = [("choose", k) for k in (ok or [0, 1])]
        ask_step(g, ctx, ("curse_or", a, b), "curse", ctx.you, f"{ctx.source}: choose one", opts)
        return
    g.run_steps(a if action[1] == 0 else b, ctx)


# ============================================================================ the curses

CURSES = (
    CardDef("Cursed Bolt", "spell", 0, "O", starter=True, cast=(
        ("damage", 1), ("curse_or", (("this_on_deck",),), (pick("discard", 2), ("destroy_this",))))),
    CardDef("Cursed Manacles", "relic", 0, "O", starter=True, play=(
        ("curse_or", (("gain_charge", 1), ("you_suffer", 1)), (pick("discard", 2, "prepped"), ("destroy_this",))),)),
    CardDef("Cursed Shard", "gem", 0, "O", starter=True, play=(
        ("curse_or", (("aether", 1), ("this_on_deck",)), (("spend_to_destroy_this", 2),)),)),
    CardDef(CURSE_OF_ROT, "curse", 0, "O", starter=True, play=(
        ("curse_or", (("discard_this",),), (("charges_to_destroy_this", 3, 1),)),)),
)

#: how many copies of each curse the curse deck holds (from the cards' numbering)
COPIES = {"Cursed Bolt": 3, "Cursed Manacles": 2, "Cursed Shard": 4, CURSE_OF_ROT: 1}
#: the curse deck as set up
DECK = tuple(name for name, k in COPIES.items() for _ in range(k))
table_deck(CURSE_DECK, tuple(COPIES))


# ============================================================================ taking a curse


def _gain_text(name: str, where: str, *, they: bool = False) -> str:
    tail = _WHERE[where].format(their="their" if they else "your")
    return f"{'gains' if they else 'Gain'} a {name} from the curse deck{tail}."


def _check_gain(s: tuple[Any, ...]) -> None:
    """Content that names no curse, or no place for it, is refused when it loads."""
    if s[1] not in COPIES:
        raise ValueError(f"gain_curse: {s[1]!r} is no curse (curses: {', '.join(COPIES)})")
    if s[2] not in _WHERE:
        raise ValueError(f"gain_curse: where must be one of {', '.join(_WHERE)}, got {s[2]!r}")


@step("gain_curse", check=_check_gain, text=_gain_text)
def _gain_curse(g: Engine, ctx: Ctx, name: str, where: str) -> None:
    """K-12: search the curse deck for ``name``; with none left nothing is gained."""
    deck = g.state.nemesis.decks.get(CURSE_DECK)
    if not deck or name not in deck:
        g.ev("no_curse_left", player=ctx.you, card=name, source=ctx.source)
        return
    deck.remove(name)
    p = g.state.players[ctx.you]
    if where == "deck":
        p.deck.insert(0, name)
    elif where == "hand":
        p.hand.append(name)
    else:
        p.discard.append(name)
    g.ev("curse_gained", player=ctx.you, card=name, zone=where, source=ctx.source)
    if name == CURSE_OF_ROT and where == "hand":
        g.push("rot_resolve", ctx.you)


# ============================================================================ in a game


def _steps_give(steps: Any) -> bool:
    if isinstance(steps, tuple):
        if steps and steps[0] == "gain_curse":
            return True
        return any(_steps_give(s) for s in steps)
    return False


_GIVES: dict[int, frozenset[str]] = {}


def gives() -> frozenset[str]:
    """The nemesis cards that hand out curses (worked out again when the catalogue grows)."""
    now = len(content.NEMESIS_CARDS)
    got = _GIVES.get(now)
    if got is None:
        _GIVES.clear()
        got = _GIVES[now] = frozenset(
            n for n, c in content.NEMESIS_CARDS.items()
            if any(_steps_give(getattr(c, f)) for f in ("effect", "power", "persistent", "immediately", "to_discard")))
    return got


def _in_game(st: Any) -> bool:
    """Does this game use the curse deck: is it there, or could a nemesis card call for it?"""
    n = st.nemesis
    if CURSE_DECK in n.decks:
        return True
    givers = gives()
    return bool(givers) and (not givers.isdisjoint(n.deck) or not givers.isdisjoint(n.discard)
                             or any(c.name in givers for c in n.in_play))


on = trigger_source("keyword", "curse deck", present=_in_game)


@on("setup")
def _setup(st: Any) -> None:
    """S-7 / K-12: the curse deck lies beside the nemesis deck."""
    st.nemesis.decks.setdefault(CURSE_DECK, list(DECK))


@op("rot_resolve")
def _rot_resolve(g: Engine, i: int) -> None:
    """Player i resolves the Curse of Rot in their hand (there is one copy)."""
    p = g.state.players[i]
    if CURSE_OF_ROT not in p.hand:
        return
    p.hand.remove(CURSE_OF_ROT)
    p.played.append(CURSE_OF_ROT)  # where it lies while it resolves
    g.ev("curse_resolved", player=i, card=CURSE_OF_ROT)
    g.push("rot_settle", i)
    g.push_steps(content.CARDS[CURSE_OF_ROT].play, Ctx(i, i, CURSE_OF_ROT))


@op("rot_settle")
def _rot_settle(g: Engine, i: int, action: Action | None = None) -> None:
    """Neither option took it out of play (it never stays there): it goes to the discard."""
    p = g.state.players[i]
    if CURSE_OF_ROT in p.played:
        p.played.remove(CURSE_OF_ROT)
        p.discard.append(CURSE_OF_ROT)


@on("turn_start")
def _turn_start(g: Engine, i: int) -> None:
    g.push("rot_resolve", i)


@on("main_end")
def _main_end(g: Engine, i: int) -> None:
    g.push("rot_resolve", i)
