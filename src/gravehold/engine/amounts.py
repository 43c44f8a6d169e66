"""Counted amounts: a number in a step that is counted on the table when the step resolves.

Where a step takes an amount (``damage``, ``gravehold_damage``, ``suffer``, ``self_damage``,
``place_husks``, ``set_entry_life``, ``collective_discard_hand``), the amount is a plain
``int`` or ``("per", counter, each, plus)``: ``plus`` and ``each`` more for every thing the
counter counts, written with :func:`per`::

    ("gravehold_damage", per(("tokens", "fury")))        # 1 damage per fury token
    ("suffer", per("your_prepped", 2))                   # 2 damage per spell they have prepped
    ("damage", per("your_opened_breaches", 1, plus=2))   # 2 damage, plus 1 per opened breach

A counter is a name, or ``(name, argument)`` for one that counts something named
(``("tokens", "fury")``). Each is one entry of :data:`COUNTERS`: its wording, which follows
"2 damage" ("per empty supply pile"), and how it counts. A box adds the counters its
content needs with :func:`counter` (a nemesis' own tokens or minions), so a new "X per Y"
card is data.

Before, each "per Y" was a step kind of its own (``suffer_per_empty``, ``gravehold_damage_token``,
``damage_scaled``, ...): fourteen kinds for four effects. This module imports nothing of the
effect vocabulary, so the steps of ``effects`` can use it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from ..content.model import Step
from .core import Ctx, Engine
from .schema import nemesis_turn_card

#: an amount a step takes: an int, or ``("per", counter, each, plus)``
Amount = int | tuple[Any, ...]
#: ``count(engine, ctx, *arguments) -> int``
Count = Callable[..., int]


class Counter(NamedTuple):
    """What a counted amount counts: its wording after the number, and the count itself.

    ``text`` is formatted with the counter's arguments (``{0}``) and the words for whoever
    resolves the step: ``{you}`` ("you" / "they"), ``{your}`` and ``{yours}``.
    """

    name: str
    text: str
    count: Count
    arity: int


#: counter name -> its entry
COUNTERS: dict[str, Counter] = {}


def counter(name: str, text: str, arity: int = 0) -> Callable[[Count], Count]:
    """Declare a counter: ``count(engine, ctx, *arguments)`` and its wording."""
    def deco(fn: Count) -> Count:
        if name in COUNTERS:
            raise ValueError(f"counter {name!r} is declared twice")
        COUNTERS[name] = Counter(name, text, fn, arity)
        return fn
    return deco


def per(what: str | tuple[Any, ...], each: int = 1, plus: int = 0) -> tuple[Any, ...]:
    """The amount ``plus`` + ``each`` x (what the counter ``what`` counts)."""
    return ("per", what, each, plus)


def _parts(what: Any) -> tuple[str, tuple[Any, ...]]:
    if isinstance(what, tuple):
        return str(what[0]), tuple(what[1:])
    return str(what), ()


def amount(g: Engine, ctx: Ctx, a: Amount) -> int:
    """The value of an amount now."""
    if type(a) is int:
        return a
    assert isinstance(a, tuple)
    name, args = _parts(a[1])
    return int(a[3]) + int(a[2]) * COUNTERS[name].count(g, ctx, *args)


def amount_text(a: Amount, unit: str, *, they: bool = False, noun: bool = False) -> str:
    """An amount in words: "3 damage", "1 damage per fury token", "2 damage, plus 1 for each
    opened breach you have". ``noun``: the unit is counted ("1 card", "2 husks")."""
    def num(k: int) -> str:
        return f"{k} {unit}{'s' if noun and k != 1 else ''}"

    if isinstance(a, int):
        return num(a)
    name, args = _parts(a[1])
    words = {"you": "they", "your": "their", "yours": "theirs"} if they else \
        {"you": "you", "your": "your", "yours": "yours"}
    phrase = COUNTERS[name].text.format(*args, **words)
    each, plus = int(a[2]), int(a[3])
    return f"{num(plus)}, plus {each} {phrase}" if plus else f"{num(each)} {phrase}"


def check_amount(a: Any) -> None:
    """Raise ValueError unless ``a`` is an amount: a whole number of at least 0, or a known
    counter with its arguments and whole numbers ``each`` and ``plus``."""
    if isinstance(a, bool) or not isinstance(a, int | tuple):
        raise ValueError(f"amount {a!r} is neither a number nor per(counter, each, plus)")
    if isinstance(a, int):
        if a < 0:
            raise ValueError(f"amount {a} is below 0")
        return
    if len(a) != 4 or a[0] != "per":
        raise ValueError(f"amount {a!r} is not per(counter, each, plus)")
    name, args = _parts(a[1])
    if name not in COUNTERS:
        raise ValueError(f"amount {a!r}: unknown counter {name!r}; use one of {', '.join(sorted(COUNTERS))}")
    if len(args) != COUNTERS[name].arity:
        raise ValueError(f"amount {a!r}: counter {name!r} takes {COUNTERS[name].arity} arguments")
    if not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in a[2:]):
        raise ValueError(f"amount {a!r}: each and plus must be whole numbers of at least 0")


def amount_at(index: int) -> Callable[[Step], None]:
    """A step's ``check``: its argument at ``index`` is an amount."""
    def check(s: Step) -> None:
        check_amount(s[index])
    return check


# ================================================================== the engine's counters


@counter("tokens", "per {0} token", arity=1)
def _tokens(g: Engine, ctx: Ctx, token: str) -> int:
    return int(g.state.nemesis.tokens.get(token, 0))


@counter("tokens_halved", "per two {0} tokens, rounding up", arity=1)
def _tokens_halved(g: Engine, ctx: Ctx, token: str) -> int:
    return (int(g.state.nemesis.tokens.get(token, 0)) + 1) // 2


@counter("empty_piles", "per empty supply pile")
def _empty_piles(g: Engine, ctx: Ctx) -> int:
    return sum(1 for k in g.state.supply_counts if k <= 0)


@counter("most_prepped", "per spell held by whoever has the most prepped spells")
def _most_prepped(g: Engine, ctx: Ctx) -> int:
    return max(sum(len(br.spells) for br in p.breaches) for p in g.state.players)


@counter("nemesis_turns_discarded", "per nemesis card lying in the turn order discard")
def _nemesis_turns_discarded(g: Engine, ctx: Ctx) -> int:
    return sum(map(nemesis_turn_card, g.state.to_discard))


@counter("turn_order_discard", "per card lying in the turn order discard")
def _turn_order_discard(g: Engine, ctx: Ctx) -> int:
    return len(g.state.to_discard)


@counter("this_minion_life", "per point of life this minion has left")
def _this_minion_life(g: Engine, ctx: Ctx) -> int:
    for c in g.state.nemesis.in_play:
        if c.name == ctx.source:
            return int(c.life)
    return 0


def _your_prepped(g: Engine, ctx: Ctx) -> int:
    return sum(len(br.spells) for br in g.state.players[ctx.you].breaches)


counter("your_prepped", "per spell {you} have prepped")(_your_prepped)
#: while a spell resolves it has left its breach: the spells counted are the other ones
counter("your_other_prepped", "per other spell {you} have prepped")(_your_prepped)


@counter("copies_prepped", "per other prepped copy of this spell (any player's)")
def _copies_prepped(g: Engine, ctx: Ctx) -> int:
    return sum(br.spells.count(ctx.source) for p in g.state.players for br in p.breaches)


@counter("your_opened_breaches", "for each opened breach {you} have")
def _your_opened_breaches(g: Engine, ctx: Ctx) -> int:
    return sum(br.state == "open" for br in g.state.players[ctx.you].breaches)


@counter("all_opened", "when no breach of {yours} is still closed")
def _all_opened(g: Engine, ctx: Ctx) -> int:
    """1 when every breach is opened; breaches a mat lacks (or destroyed ones) do not count."""
    brs = [br for br in g.state.players[ctx.you].breaches if br.state in ("open", "closed")]
    return int(all(br.state == "open" for br in brs))


@counter("adjacent_prepped", "for each spell prepped on a breach right next to this spell's breach")
def _adjacent_prepped(g: Engine, ctx: Ctx) -> int:
    """Spells on the breaches next to the one the spell was cast from (turn flag
    ``cast_from``); a spell lying across two breaches counts once."""
    st = g.state
    where = st.flags.get("cast_from")
    if not where:
        return 0
    owner, b = int(where[0]), int(where[1])
    brs = st.players[owner].breaches
    anchors: set[int] = set()
    for a in (b - 1, b + 1):
        if 0 <= a < len(brs):
            anchors.add(a)
            if brs[a].covered_by >= 0:  # a two-breach spell lying on this neighbour too
                anchors.add(brs[a].covered_by)
    anchors.discard(b)
    return sum(len(brs[a].spells) for a in anchors)
