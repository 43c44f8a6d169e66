"""The generic vocabulary: the shapes many cards repeat, each one step kind built from named parts.

Most card effects that move cards say the same thing: *pick N cards from a zone, maybe only
some of them, maybe optionally, and do something with them*. Before, each variant was a step
kind of its own (``discard``, ``destroy_hand_min_cost``, ``may_discard_prepped``, ...); now
it is one step whose parts are names in small tables, so a new variant is data, and a new
zone, filter or act is one table entry::

    ("pick", who, zone, filter, n, act, how, then)      # written with pick(...)

* ``who`` (:data:`WHO`): whose cards, and who picks: ``"you"``; ``"players"``, the players
  between them from everyone's cards; ``"active"``, the player whose turn it is; ``"ally"``,
  you name an ally, who then picks from their own cards (from ``"discard_top"``, naming the
  ally picks the card).
* ``zone`` (:data:`ZONES`): ``"hand"``, ``"discard"``, ``"played"`` (cards played this turn,
  other than the one resolving), ``"prepped"`` (spells on breaches), ``"discard_top"`` (the
  top card of a discard pile); a tuple of zones picks from any of them, and its options
  name the zone (``("card", "hand", name)``).
* ``filter`` (:data:`FILTERS`): a name or ``(name, argument)``: ``"any"``, ``"gem"``,
  ``"spell"``, ``("cost_at_least", 3)``, ``("cost", 0)``, a box's ``CardType.leave_out`` (every
  card but that type's),
  ``"costliest"`` (each pick is one of the costliest left; ties are the picker's choice),
  ``("named", name)`` (copies of one card).
* ``n``: how many cards, one pick per decision (the rest is pushed again, smaller).
* ``act`` (:data:`ACTS`): ``"discard"``, ``"destroy"``, ``"to_hand"`` (back to its owner's
  hand), ``"take"`` (into your hand), ``"to_deck_top"`` (face down on top of its owner's deck).
* ``how``: ``"must"`` (as many as there are, N-6), ``"may"`` (one card, or ``("skip",)``),
  ``"up_to"`` (up to n, one at a time, or ``("done",)``).
* ``then``: steps that follow when a card was picked ("if you do: ..."), for one card.

Its wording, its prompts and its facts come from the parts: it can resolve fully (P-7, N-6)
when enough cards qualify, a player can pay it as a TO DISCARD cost (P-14) when they hold
enough, and a pick from your hand is a hand loss (N-6: "any player" must be one who can
lose them all). Decision kinds follow the parts too: ``spell`` for prepped spells,
``player`` where an ally is named, else the act's (``discard``, ``destroy``, ``to_hand``).

Conditions repeat a shape as well: ``("if", condition, then, otherwise)`` resolves ``then``
when the condition (``conditions.CONDITIONS``: a name or ``(name, *arguments)``) holds now, else
``otherwise``; they are :mod:`.conditions`. Counted amounts ("1 damage per fury token") are :mod:`.amounts`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any, NamedTuple

from ..content import registry as content
from ..content.model import CardType, Step, Steps
from ..content.text import render_steps
from .conditions import CONDITIONS, Condition, _cond_text, _parts, condition, holds
from .core import Ctx, Engine, step
from .effects import _others_played, _remove_prepped, ask_step, chooser, destroy_from
from .keywords import keep_self
from .keywords.conjure import face_up
from .state import Action

#: (owner, zone, card name, where it lies: None, or (breach, slot) for a prepped spell)
Item = tuple[int, str, str, Any]

# ================================================================== the tables of pick


class Zone(NamedTuple):
    """A place cards are picked from: the noun for its cards, and its wording.

    ``where`` follows the picked cards ("{q} from {your} hand"); ``place`` names the zone
    where several are joined ("your hand or your discard pile"), and ``short`` follows the
    costliest ("their costliest card in hand"); ``items(g, ctx, j)`` lists player j's cards
    there; ``whose`` are the pickers it serves.
    """

    noun: str
    where: str
    place: str
    short: str
    items: Callable[[Engine, Ctx, int], list[Item]]
    whose: frozenset[str]


def _cards(zone: str) -> Callable[[Engine, Ctx, int], list[Item]]:
    def items(g: Engine, ctx: Ctx, j: int) -> list[Item]:
        cards: list[str] = getattr(g.state.players[j], zone)
        return [(j, zone, c, None) for c in cards]
    return items


def _played(g: Engine, ctx: Ctx, j: int) -> list[Item]:
    return [(j, "played", c, None) for c in _others_played(g.state.players[j].played, ctx.source)]


def _prepped(g: Engine, ctx: Ctx, j: int) -> list[Item]:
    return [(j, "prepped", s, (b, k)) for b, br in enumerate(g.state.players[j].breaches)
            for k, s in enumerate(br.spells)]


def _discard_top(g: Engine, ctx: Ctx, j: int) -> list[Item]:
    d = g.state.players[j].discard
    return [(j, "discard_top", d[-1], None)] if d else []


_ANY_WHO = frozenset({"you", "active", "ally"})

#: zone name -> its entry
ZONES: dict[str, Zone] = {
    "hand": Zone("card", " from {your} hand", "{your} hand", " in hand", _cards("hand"), _ANY_WHO),
    "discard": Zone("card", " from {your} discard pile", "{your} discard pile", " in {your} discard pile",
                    _cards("discard"), _ANY_WHO),
    "played": Zone("card", " {you} have played this turn", "", " {you} have played this turn", _played,
                   frozenset({"you", "active"})),
    "prepped": Zone("prepped spell", "", "", "", _prepped, frozenset({"you", "players", "active"})),
    "discard_top": Zone("card", "", "", "", _discard_top, frozenset({"ally"})),
}


class Filter(NamedTuple):
    """Which cards of the zone qualify: ``keep(card, *arguments)``; ``noun`` names them
    instead of the zone's noun, ``text`` follows the noun and ``tail`` the zone (both
    formatted with the arguments); ``costliest`` narrows each pick to the costliest left."""

    keep: Callable[..., bool]
    arity: int = 0
    noun: str = ""
    text: str = ""
    tail: str = ""
    costliest: bool = False


#: filter name -> its entry
FILTERS: dict[str, Filter] = {
    "any": Filter(lambda c: True),
    "gem": Filter(lambda c: c.type == "gem", noun="gem"),
    "spell": Filter(lambda c: c.type == "spell", noun="spell"),
    "cost_at_least": Filter(lambda c, k: c.cost >= k, 1, text=" costing {0} Æ or more"),
    "cost": Filter(lambda c, k: c.cost == k, 1, text=" costing exactly {0} Æ"),
    "costliest": Filter(lambda c: True, costliest=True),
    "named": Filter(lambda c, n: (c.base or c.name) == n, 1, text=" named {0}"),
}


def _leave_out(t: CardType) -> None:
    """A card type's declared filter: every card but that type's ("..., never a <type>")."""
    if t.leave_out:
        FILTERS[t.leave_out] = Filter(lambda c, name=t.name: c.type != name, tail=f", never a {t.name}")


content.TYPE_LISTENERS.append(_leave_out)
for _t in content.TYPES.values():
    _leave_out(_t)


class Act(NamedTuple):
    """What happens to a picked card: the verb, the wording after the cards (``to``), the
    decision kind, the zones it acts on, and ``run(g, ctx, item)``."""

    verb: str
    verbs: str
    to: str
    kind: str
    zones: frozenset[str]
    run: Callable[[Engine, Ctx, Item], None]


def _discard_card(g: Engine, ctx: Ctx, item: Item) -> None:
    j, zone, name, where = item
    if zone == "prepped":
        _remove_prepped(g, j, int(where[0]), int(where[1]), destroy=False, source=ctx.source)
        return
    if keep_self.intercept(g, j, "hand", name, False, ctx.source):
        return
    p = g.state.players[j]
    p.hand.remove(name)
    p.discard.append(name)
    g.ev("discard", player=j, card=name, source=ctx.source)


def _destroy_card(g: Engine, ctx: Ctx, item: Item) -> None:
    j, zone, name, where = item
    if zone == "prepped":
        _remove_prepped(g, j, int(where[0]), int(where[1]), destroy=True, source=ctx.source)
    else:
        destroy_from(g, j, "discard" if zone == "discard_top" else zone, name, ctx.source)


def _card_to_hand(g: Engine, ctx: Ctx, item: Item) -> None:
    """Back into its owner's hand: the topmost copy of a discard pile, the first played."""
    j, zone, name, _ = item
    p = g.state.players[j]
    if zone == "discard":
        del p.discard[len(p.discard) - 1 - p.discard[::-1].index(name)]
    else:
        p.played.remove(name)
    p.hand.append(name)
    g.ev("returned_to_hand", player=j, card=name, source=ctx.source)


def _take_card(g: Engine, ctx: Ctx, item: Item) -> None:
    """Into the hand of whoever takes it (an ally's top discard card)."""
    j = item[0]
    name = g.state.players[j].discard.pop()
    g.state.players[ctx.you].hand.append(name)
    g.ev("card_taken", player=ctx.you, card=name, from_player=j, source=ctx.source)


def _card_to_deck_top(g: Engine, ctx: Ctx, item: Item) -> None:
    """Onto its owner's deck, face down on top (a prepped spell leaves its breach)."""
    from .damage import uncover

    j, zone, name, where = item
    p = g.state.players[j]
    if zone == "prepped":
        b = int(where[0])
        br = p.breaches[b]
        name = face_up(br, br.spells.pop(int(where[1])))  # K-3: a face-down card turns face up
        if content.CARDS[name].two_breaches:
            uncover(p, b)
    else:
        p.hand.remove(name)
    p.deck.insert(0, name)
    g.ev("to_deck", player=j, card=name, source=ctx.source)


#: act name -> its entry
ACTS: dict[str, Act] = {
    "discard": Act("discard", "discards", "", "discard", frozenset({"hand", "prepped"}), _discard_card),
    "destroy": Act("destroy", "destroys", "", "destroy",
                   frozenset({"hand", "discard", "played", "prepped", "discard_top"}), _destroy_card),
    "to_hand": Act("take", "takes", " back into {your} hand", "to_hand", frozenset({"discard", "played"}),
                   _card_to_hand),
    "take": Act("take", "takes", " into your hand", "to_hand", frozenset({"discard_top"}), _take_card),
    "to_deck_top": Act("put", "puts", " on top of {your} deck", "card", frozenset({"hand", "prepped"}),
                       _card_to_deck_top),
}

#: who picks, and from whose cards
WHO = {
    "you": "you, from your own cards",
    "players": "the players between them, from everyone's cards",
    "active": "the player whose turn it is, from their own cards",
    "ally": "an ally you name, from their own cards (from a top card: you, naming the ally)",
}
#: how many of the n cards must go: the pass option each offers
HOW = {"must": None, "may": ("skip",), "up_to": ("done",)}


def pick(act: str, n: int = 1, zone: str | tuple[str, ...] = "hand", filt: str | tuple[Any, ...] = "any",
         who: str = "you", how: str = "must", then: Steps = ()) -> Step:
    """The step ``("pick", who, zone, filter, n, act, how, then)``, with the usual defaults."""
    return ("pick", who, zone, filt, n, act, how, then)


# ------------------------------------------------------------------ reading the parts


def _zones(zone: Any) -> tuple[str, ...]:
    return tuple(zone) if isinstance(zone, tuple) else (zone,)


def _owners(g: Engine, ctx: Ctx, who: str) -> list[int]:
    """Whose cards the picker sees (an ally's own pick is pushed as theirs, ``who="you"``)."""
    if who == "you":
        return [ctx.you]
    if who == "players":
        return list(range(len(g.state.players)))
    if who == "active":
        a = g.state.active
        return [a] if a >= 0 else []
    return g.allies(ctx.you)


def _kept(g: Engine, ctx: Ctx, owners: list[int], zones: tuple[str, ...], filt: Any) -> list[Item]:
    """The cards that qualify (``costliest`` not yet applied: all of them, in turn, do)."""
    name, args = _parts(filt)
    keep = FILTERS[name].keep
    cards = content.CARDS
    return [it for j in owners for z in zones for it in ZONES[z].items(g, ctx, j) if keep(cards[it[2]], *args)]


def _narrowed(items: list[Item], filt: Any) -> list[Item]:
    if not items or not FILTERS[_parts(filt)[0]].costliest:
        return items
    cards = content.CARDS
    top = max(cards[it[2]].cost for it in items)
    return [it for it in items if cards[it[2]].cost == top]


def _options(items: list[Item], zone: Any) -> list[Action]:
    """Prepped spells by position, an ally's top card by the ally, other cards by name
    (once per name, sorted), with the zone in the option when several zones are offered."""
    if zone == "prepped":
        return [("spell", j, w[0], w[1]) for j, _, _, w in items]
    if zone == "discard_top":
        return [("player", j) for j, *_ in items]
    if isinstance(zone, tuple):
        return [("card", z, c) for z in zone for c in sorted({it[2] for it in items if it[1] == z})]
    return [("card", c) for c in sorted({it[2] for it in items})]


def _item(g: Engine, ctx: Ctx, owner: int, zone: Any, action: Action) -> Item:
    """The card an option names."""
    if action[0] == "spell":
        j, b, k = int(action[1]), int(action[2]), int(action[3])
        return (j, "prepped", g.state.players[j].breaches[b].spells[k], (b, k))
    if zone == "discard_top":
        j = int(action[1])
        return (j, zone, g.state.players[j].discard[-1], None)
    if len(action) == 3:
        return (owner, str(action[1]), str(action[2]), None)
    return (owner, str(zone), str(action[1]), None)


# ------------------------------------------------------------------ wording


def _quantity(n: int, how: str, noun: str, f: Filter, whose: str, partitive: bool) -> str:
    """"3 cards", "a gem", "up to 2 cards", "their 2 costliest cards", "one of your prepped spells"."""
    if f.costliest:
        return f"{whose} costliest {noun}" if n == 1 else f"{whose} {n} costliest {noun}s"
    if how == "up_to" and n > 1:
        k = f"up to {n}"
    elif n == 1:  # "you may destroy one card", "discard a card"
        k = "one" if partitive or how != "must" else "a"
    else:
        k = str(n)
    if partitive:
        return f"{k} of {whose} {noun}s"
    return f"{k} {noun}{'s' if n > 1 else ''}"


def _where(zones: tuple[str, ...], f: Filter, your: str, you: str) -> str:
    """The zone in words, after the picked cards: " from your hand", " in hand" (the
    costliest), " from your hand or your discard pile"."""
    if len(zones) > 1:
        where = " from " + " or ".join(ZONES[z].place for z in zones)
    else:
        where = ZONES[zones[0]].short if f.costliest else ZONES[zones[0]].where
    return where.format(your=your, you=you)


def _object(zone: Any, filt: Any, n: int, how: str, your: str, you: str) -> str:
    """The picked cards in words, the zone included."""
    name, args = _parts(filt)
    f = FILTERS[name]
    zones = _zones(zone)
    noun = f.noun or ZONES[zones[0]].noun
    post = f.text.format(*args)
    if zone == "discard_top":
        return f"the top card of an ally's discard pile{post}"
    if zone == "prepped":
        return _quantity(n, how, noun, f, your, partitive=not f.costliest) + post + f.tail
    return _quantity(n, how, noun, f, your, partitive=False) + post + _where(zones, f, your, you) + f.tail


def _table_costliest_text(zone: Any, filt: Any, n: int, a: Act) -> str:
    """The players' pick of the costliest cards of all: the whole table's, not each
    player's ("Whoever has the costliest prepped spell of all destroys it.")."""
    zones = _zones(zone)
    noun = FILTERS[_parts(filt)[0]].noun or ZONES[zones[0]].noun
    if n == 1:
        return f"Whoever has the costliest {noun} of all {a.verbs} it{a.to.format(your='their')}."
    return f"The players {a.verb} the {n} costliest {noun}s of all players{a.to.format(your='their owners')}."


def _pick_text(who: str, zone: Any, filt: Any, n: int, act: str, how: str, then: Steps, *,
               they: bool = False) -> str:
    a = ACTS[act]
    may = how != "must"
    between = ""
    if who == "players" and FILTERS[_parts(filt)[0]].costliest and not may and not then:
        return _table_costliest_text(zone, filt, n, a)
    if who == "you":
        your, you = ("their", "they") if they else ("your", "you")
        if they:
            head = f"may {a.verb}" if may else a.verbs
        else:
            head = f"You may {a.verb}" if may else a.verb.capitalize()
    elif who == "players":
        your, you, between = "their", "they", " between them"
        head = f"The players {'may ' if may else ''}{a.verb}"
    elif who == "active":
        your, you = "their", "they"
        head = f"The player whose turn it is {f'may {a.verb}' if may else a.verbs}"
    elif zone == "discard_top":  # you name the ally whose top card it is
        your, you = "your", "you"
        head = f"You may {a.verb}" if may else a.verb.capitalize()
    else:
        your, you = "their", "they"
        head = f"An ally of your choice {f'may {a.verb}' if may else a.verbs}"
    text = f"{head} {_object(zone, filt, n, how, your, you)}{a.to.format(your=your)}{between}"
    return f"{text}; if {you} do: {render_steps(then)}" if then else text + "."


@lru_cache(maxsize=4096)  # a pure function of the step's parts, asked at every pick
def _prompt(who: str, zone: Any, filt: Any, n: int, act: str, how: str) -> str:
    """What the picker is asked: "Discard which card from your hand? (3 to go)"."""
    a = ACTS[act]
    name, args = _parts(filt)
    f = FILTERS[name]
    verb = a.verb.capitalize()
    to = a.to.format(your="your")
    if zone == "discard_top":
        return f"{verb} the top card of whose discard pile{to}?"
    zones = _zones(zone)
    noun = f.noun or ZONES[zones[0]].noun
    your, you = ("their", "they") if who == "ally" else ("your", "you")
    where = f.text.format(*args) + _where(zones, f, your, you) + f.tail
    if who == "ally":
        return f"Which ally {f'may {a.verb}' if how != 'must' else a.verbs} a {noun}{where}?"
    if how == "must":
        what = f"which of the costliest {noun}s" if f.costliest else f"which {noun}"
        return f"{verb} {what}{where}{to}?" + (f" ({n} to go)" if n > 1 else "")
    return f"{verb} a {noun}{where}{to}?" + (f" (up to {n} more)" if how == "up_to" and n > 1 else "")


# ------------------------------------------------------------------ facts from the parts


def _pick_can_resolve(g: Engine, ctx: Ctx, s: Step) -> bool:
    """P-7 / N-6: a pick that must take n cards resolves fully when n cards qualify."""
    _, who, zone, filt, n, _, how, _ = s
    if how != "must" or (who == "you" and ctx.you < 0):
        return True
    if who == "ally":
        return any(len(_kept(g, ctx, [j], _zones(zone), filt)) >= n for j in g.allies(ctx.you))
    return len(_kept(g, ctx, _owners(g, ctx, who), _zones(zone), filt)) >= int(n)


def _pick_can_pay(g: Engine, i: int, s: Step) -> bool:
    """P-14: player i can pay a pick of their own cards alone when they hold n that qualify."""
    _, who, zone, filt, n, _, how, _ = s
    if how != "must" or who != "you":
        return True
    if filt == "any" and (zone == "hand" or zone == "discard"):  # every card there qualifies
        return len(getattr(g.state.players[i], zone)) >= int(n)  # (asked at every main decision)
    return len(_kept(g, Ctx(i, i, ""), [i], _zones(zone), filt)) >= int(n)


def _pick_hand_loss(g: Engine, j: int, s: Step) -> int:
    """N-6: the cards of their hand player j would lose to a pick from their own hand."""
    _, who, zone, filt, n, _, how, _ = s
    if who != "you" or zone != "hand" or how != "must":
        return 0
    return min(int(n), len(_kept(g, Ctx(j, j, ""), [j], ("hand",), filt)))


def _pick_check(s: Step) -> None:
    _, who, zone, filt, n, act, how, then = s
    if who not in WHO:
        raise ValueError(f"unknown who {who!r}; use one of {', '.join(WHO)}")
    zones = _zones(zone)
    if not zones or any(not isinstance(z, str) or z not in ZONES for z in zones):
        raise ValueError(f"unknown zone {zone!r}; use one of {', '.join(ZONES)} (or a tuple of them)")
    for z in zones:
        if who not in ZONES[z].whose:
            raise ValueError(f"zone {z!r} is not picked by {who!r}")
        if isinstance(zone, tuple) and not ZONES[z].place:
            raise ValueError(f"zone {z!r} cannot be joined with others in a tuple of zones")
    name, args = _parts(filt)
    if name not in FILTERS:
        raise ValueError(f"unknown filter {name!r}; use one of {', '.join(FILTERS)}")
    if len(args) != FILTERS[name].arity:
        raise ValueError(f"filter {name!r} takes {FILTERS[name].arity} arguments, got {len(args)}")
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"count {n!r} must be a whole number of at least 1")
    if act not in ACTS:
        raise ValueError(f"unknown act {act!r}; use one of {', '.join(ACTS)}")
    bad = [z for z in zones if z not in ACTS[act].zones]
    if bad:
        raise ValueError(f"act {act!r} does not apply to zone {bad[0]!r}")
    if how not in HOW:
        raise ValueError(f"unknown how {how!r}; use one of {', '.join(HOW)}")
    if how == "may" and n != 1:
        raise ValueError(f"count {n} with 'may': a 'may' pick takes one card ('up_to' takes several)")
    if not isinstance(then, tuple) or (then and n != 1):
        raise ValueError("then must be a tuple of steps, following a pick of one card")


@step("pick", text=_pick_text, can_resolve=_pick_can_resolve, can_pay=_pick_can_pay,
      hand_loss=_pick_hand_loss, check=_pick_check)
def _pick(g: Engine, ctx: Ctx, who: str, zone: Any, filt: Any, n: int, act: str, how: str, then: Steps,
          action: Action | None = None) -> None:
    """One pick per decision; the rest of the n picks is pushed again, smaller."""
    st = (who, zone, filt, n, act, how, then)
    if action is None:
        if n <= 0:
            return
        if who == "ally" and zone != "discard_top":  # you name the ally; they pick their own card
            opts: list[Action] = [("player", j) for j in g.allies(ctx.you)
                                  if _kept(g, ctx, [j], _zones(zone), filt)]
            kind = "player"
        else:
            opts = _options(_narrowed(_kept(g, ctx, _owners(g, ctx, who), _zones(zone), filt), filt), zone)
            kind = "spell" if zone == "prepped" else "player" if zone == "discard_top" else ACTS[act].kind
        if not opts:
            return
        passing = HOW[how]
        picker = chooser(g, ctx) if who == "players" else g.state.active if who == "active" else ctx.you
        ask_step(g, ctx, ("pick", *st), kind, picker, _prompt(who, zone, filt, n, act, how),
                 opts + ([passing] if passing else []))
        return
    if action[0] in ("skip", "done"):
        return
    if who == "ally" and zone != "discard_top":
        j = int(action[1])
        g.push("s", j, j, ctx.source, ("pick", "you", zone, filt, n, act, how, then))
        return
    owner = g.state.active if who == "active" else ctx.you
    ACTS[act].run(g, ctx, _item(g, ctx, owner, zone, action))
    if n > 1:
        g.push("s", ctx.you, ctx.owner, ctx.source, ("pick", who, zone, filt, n - 1, act, how, then))
    if then:
        g.push_steps(then, ctx)


__all__ = ["ACTS", "CONDITIONS", "FILTERS", "HOW", "WHO", "ZONES", "Act", "Condition", "Filter", "Item", "Step",
           "Steps", "Zone", "_cond_text", "condition", "holds", "pick"]
