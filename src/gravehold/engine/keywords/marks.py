"""K-9 Boost, overheat, cross out: marks on one copy of a player card.

A card may print boost and overheat circles and say what each mark changes; a marked copy
is a card of its own in the catalogue (``registry.marked``: ``"Name{boost}"``), derived
from the printed card, so every zone keeps holding plain names and a saved game names its
marked copies as it names any card. Marks are public, like anything printed on a card.

Printed facts (``CardDef``): ``boost`` and ``overheat``, the changes one mark makes to the
card's effect (its Cast steps for a spell, its play steps for a gem or relic), each of the
shapes ``("amount", i, delta)`` (the amount of step ``i``, numbered from 1, grows by
``delta``) or ``("step", i, step)`` (step ``i`` reads ``step`` instead); every mark of that
kind applies them once more. ``circles``: how many circles of each kind the card prints.

State of a copy (``CardDef`` of the marked copy): ``boosts``, ``overheats`` and ``crossed``
(the printed steps struck out, numbered from 1). Its marks, in its name: ``boost`` and
``overheat`` once per circle filled, ``cross<n>`` per struck step. A crossed-out step is
ignored; a fully boosted (or overheated) card takes no more of that mark: the step that
would add one does nothing, and a saved copy with more marks than circles is refused.

Steps: ``("mark_this", mark)`` puts a boost or overheat on the copy that resolves it, and
``("cross_out_this", n)`` strikes its printed step ``n``; both change that copy where it
lies (its owner's play area, discard pile, hand or, last, breaches) for the rest of the game. A game can
also start from marked copies (``config.marked``, ``engine.setup``), which is how a
campaign deals the copies it keeps, and :func:`census` lists those an ended game holds.

Readings decided here (no source counts the circles; the reference has the card texts but
not the circles): a card that prints a mark's text and no count of its own has
``CIRCLES[mark]`` circles of it; a card without the text has none.
"""

from __future__ import annotations

from dataclasses import replace

from ...content import registry as content
from ...content.model import CardDef, Step, Steps
from ...errors import SetupError
from ..census import card_names
from ..core import Ctx, Engine
from ..state import State
from ..vocabulary import step

#: the project's reading: circles of each mark on a card that prints that mark's text
CIRCLES = {"boost": 3, "overheat": 3}
#: the marks a card's circles take, in the order of ``CardDef.circles``
KINDS = ("boost", "overheat")
#: the mark family that strikes a printed step (``cross2``: the second step)
CROSS = "cross"
#: where a marked copy may lie when its own effect marks it, searched in this order
ZONES = ("played", "discard", "hand")


def circles(card: CardDef) -> tuple[int, int]:
    """The boost and overheat circles ``card`` prints (the project's reading when unknown)."""
    if card.circles is not None:
        return card.circles
    return (CIRCLES["boost"] if card.boost else 0, CIRCLES["overheat"] if card.overheat else 0)


def printed_card(card: CardDef) -> CardDef:
    """The card as printed that ``card`` is a copy of (itself when unmarked)."""
    return content.CARDS.get(card.base or card.name, card)


def effect_field(card: CardDef) -> str:
    """The field holding the effect marks change: a spell's Cast, a gem's or relic's play."""
    return "cast" if card.type == "spell" else "play"


def _changed(steps: list[Step], change: Step, times: int) -> None:
    kind, i = change[0], int(change[1]) - 1
    if i < 0:
        raise IndexError(f"steps are numbered from 1, got {change[1]}")
    if kind == "amount":
        s = steps[i]
        steps[i] = (s[0], int(s[1]) + int(change[2]) * times, *s[2:])
    elif kind == "step":
        steps[i] = change[2]
    else:
        raise ValueError(f"unknown mark change {kind!r}; use 'amount' or 'step'")


def effect(printed: CardDef, boosts: int, overheats: int, crossed: tuple[int, ...]) -> Steps:
    """The effect of a copy with these marks: the printed steps changed by each mark, the
    crossed-out ones left out (numbers refer to the printed steps, so marks commute)."""
    steps = list(getattr(printed, effect_field(printed)))
    for changes, times in ((printed.boost, boosts), (printed.overheat, overheats)):
        if times:
            for change in changes:
                _changed(steps, change, times)
    return tuple(s for k, s in enumerate(steps, 1) if k not in crossed)


def _derive(card: CardDef, boosts: int, overheats: int, crossed: tuple[int, ...]) -> CardDef:
    """The copy ``card`` (named as its base while its marks apply) with these marks."""
    printed = content.CARDS[card.name]
    steps = effect(printed, boosts, overheats, crossed)
    card = replace(card, boosts=boosts, overheats=overheats, crossed=crossed)
    return replace(card, cast=steps) if printed.type == "spell" else replace(card, play=steps)


def _boost(card: CardDef) -> CardDef:
    if card.boosts >= circles(card)[0]:
        raise ValueError(f"{card.name} has {circles(card)[0]} boost circles, all filled")
    return _derive(card, card.boosts + 1, card.overheats, card.crossed)


def _overheat(card: CardDef) -> CardDef:
    if card.overheats >= circles(card)[1]:
        raise ValueError(f"{card.name} has {circles(card)[1]} overheat circles, all filled")
    return _derive(card, card.boosts, card.overheats + 1, card.crossed)


def _cross(card: CardDef, n: int) -> CardDef:
    printed = content.CARDS[card.name]
    if not 1 <= n <= len(getattr(printed, effect_field(printed))):
        raise ValueError(f"{card.name} has no step {n} to cross out")
    return _derive(card, card.boosts, card.overheats, tuple(sorted({*card.crossed, n})))


content.register_mark("boost", _boost, counted=True)
content.register_mark("overheat", _overheat, counted=True)
content.register_mark_family(CROSS, _cross)


def full(card: CardDef, mark: str) -> bool:
    """Does ``card`` take no more of ``mark``? (every circle of that kind filled)"""
    k = KINDS.index(mark)
    return (card.boosts, card.overheats)[k] >= circles(card)[k]


def mark_copy(g: Engine, i: int, name: str, mark: str, source: str) -> str | None:
    """Put ``mark`` on player ``i``'s copy ``name`` where it lies; the new name, or None when
    there is no such copy or it takes no more of that mark (then nothing changes)."""
    card = content.CARDS[name]
    if mark in KINDS and full(card, mark):
        g.ev("mark_refused", player=i, card=name, mark=mark, source=source)
        return None
    if mark.startswith(CROSS) and int(mark[len(CROSS):]) in card.crossed:
        return None
    p = g.state.players[i]
    for zone in ZONES:
        cards: list[str] = getattr(p, zone)
        if name in cards:
            new = content.marked(name, mark)
            cards[len(cards) - 1 - cards[::-1].index(name)] = new
            g.ev("marked", player=i, card=name, mark=mark, now=new, zone=zone, source=source)
            return new
    for b, br in enumerate(p.breaches):  # a prepped spell, marked on its breach
        if name in br.spells:
            new = content.marked(name, mark)
            br.spells[br.spells.index(name)] = new
            g.ev("marked", player=i, card=name, mark=mark, now=new, zone="prepped", breach=b, source=source)
            return new
    return None


def _check_mark(s: Step) -> None:
    if s[1] not in KINDS:
        raise ValueError(f"unknown mark {s[1]!r}; use one of {', '.join(KINDS)}")


def _check_cross(s: Step) -> None:
    if not isinstance(s[1], int) or s[1] < 1:
        raise ValueError(f"the step to cross out is a number from 1, got {s[1]!r}")


@step("mark_this", check=_check_mark, text=lambda mark: f"{mark.capitalize()} this card.")
def _mark_this(g: Engine, ctx: Ctx, mark: str) -> None:
    mark_copy(g, ctx.owner, ctx.source, mark, ctx.source)


@step("cross_out_this", check=_check_cross, text=lambda n: f"Cross out step {n} of this card.")
def _cross_out_this(g: Engine, ctx: Ctx, n: int) -> None:
    mark_copy(g, ctx.owner, ctx.source, f"{CROSS}{n}", ctx.source)


def deal_marked(st: State, spec: object) -> list[list[str]]:
    """A game that starts from marked copies (``config.marked``: per seat, the copies its
    player starts with, as a campaign keeps them): each takes the place of one plain copy
    of its card in that player's starting hand, or else deck. Returns the spec as dealt."""
    if not isinstance(spec, list) or len(spec) > len(st.players) or not all(isinstance(s, list) for s in spec):
        raise SetupError(f"marked: must list, per seat, the marked copies it starts with "
                         f"(at most {len(st.players)} seats), got {spec!r}", field="marked")
    for i, names in enumerate(spec):
        p = st.players[i]
        for k, name in enumerate(names):
            where = f"marked[{i}][{k}]"
            if isinstance(name, str):
                content.register_marked_names(name)
            card = content.CARDS.get(name) if isinstance(name, str) else None
            if card is None or card.base is None:
                raise SetupError(f"{where}: {name!r} is no marked copy of a known card with marks it can "
                                 f"bear (e.g. 'Name{{boost}}')", field="marked")
            zone = p.hand if card.base in p.hand else p.deck
            if card.base not in zone:
                raise SetupError(f"{where}: player {i + 1} starts with no plain {card.base} for {name!r} to "
                                 f"replace", field="marked")
            zone[zone.index(card.base)] = name
    return [list(names) for names in spec]


def census(st: State) -> list[str]:
    """C-17: every marked copy the game holds, sorted: in the players' zones (hand, deck,
    discard, played, prepped, attached, set aside, their own decks), under the supply piles
    (``State.supply_bottom``) and wherever else a player card may lie (destroyed, banished,
    a nemesis' deck of player cards). A campaign keeps them from an ended game."""
    names = card_names(st)
    for bottom in st.supply_bottom.values():
        names += bottom
    cards = content.CARDS
    return sorted(n for n in names if "{" in n and n in cards and cards[n].base is not None)
