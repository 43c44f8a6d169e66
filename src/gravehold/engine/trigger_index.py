"""The per-game index of the trigger registry (``engine/triggers.py``): point -> one callable.

The registry says who declares what; this module turns the sources that can occur in one
game into the callables the engine fires (``g.on``), and keeps them per game setup and per
set of sources, so a game pays only for the sources it has (see the registry's docstring
for why). A card's handlers are reached through the zone it declares: a walker finds the
copies of each card there when the point fires. Several answers at one point become one
callable by the point's combine mode.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..content import registry as content
from .triggers import (
    CARD_RULES,
    DECLARED,
    POINTS,
    RULE,
    VERSION,
    ZONE_NAMES,
    Declared,
    Handler,
    Point,
    game_cards,
    present,
)

Index = dict[str, Handler]


Places = Callable[[list[Any]], list[tuple[str, int]]]


def _walker(places: Places) -> Callable[[Point, dict[str, Handler]], Handler]:
    """A zone walker: ``places(args)`` lists (card name, place) of the zone the point's
    arguments name (a player's zone: player ``args[1]``); each card found with a handler
    answers with the point's arguments, then its place and name. A concat point's options are
    listed once each (two copies offer one action); a collect point's answers are listed."""
    def make(p: Point, fns: dict[str, Handler]) -> Handler:
        combine, k = p.combine, p.fold

        def walk(*args: Any) -> Any:
            a = list(args)
            got: list[Any] = []
            for name, place in places(a):
                fn = fns.get(name)
                if fn is None:
                    continue
                r = fn(*a, place, name)
                if combine == "fold":
                    a[k] = r
                elif combine == "concat":
                    got.extend(r)
                elif combine == "collect":
                    if r is not None:
                        got.append(r)
                elif (combine == "any" and r) or (combine == "all" and r is False):
                    return r
            if combine == "fold":
                return a[k]
            if combine in ("concat", "collect"):
                return list(dict.fromkeys(got)) if combine == "concat" else got
            return True if combine == "all" else (False if combine == "any" else None)
        return walk
    return make


def _prepped(a: list[Any]) -> list[tuple[str, int]]:
    """Player i's prepped spells, breach I first; a spell's place is its breach."""
    return [(sp, b) for b, br in enumerate(a[0].state.players[a[1]].breaches) for sp in br.spells]


def _listed(zone: str) -> Places:
    """Player i's cards in a list zone (hand, discard, played), a card's place its position
    (the discard's top card last); the list is read before any handler runs."""
    def places(a: list[Any]) -> list[tuple[str, int]]:
        return [(name, k) for k, name in enumerate(getattr(a[0].state.players[a[1]], zone))]
    return places


def _attached(a: list[Any]) -> list[tuple[str, int]]:
    """K-2: the cards under the breach a point names, as ``(g, _, owner, breach, ...)`` (the
    point ``cast_bonus``); a card's place is its breach."""
    b = a[3]
    return [(name, b) for name in a[0].state.players[a[2]].breaches[b].attached]


#: zone -> (point, {card name: handler}) -> one callable that answers for the cards there
ZONES: dict[str, Callable[[Point, dict[str, Handler]], Handler]] = {
    "prepped": _walker(_prepped), "hand": _walker(_listed("hand")), "discard": _walker(_listed("discard")),
    "played": _walker(_listed("played")), "attached": _walker(_attached),
}


def _combined(p: Point, fns: list[Handler], lists: frozenset[int] = frozenset()) -> Handler:
    """One callable that answers point ``p`` for all of ``fns`` (several sources); for a
    collect point, the handlers at the positions ``lists`` (zone walkers) answer a list."""
    if p.combine == "each":
        def each(*args: Any) -> None:
            for fn in fns:
                fn(*args)
        return each
    if p.combine == "fold":
        k = p.fold

        def fold(*args: Any) -> Any:
            a = list(args)
            for fn in fns:
                a[k] = fn(*a)
            return a[k]
        return fold
    if p.combine == "any":
        def any_(*args: Any) -> bool:
            return any(fn(*args) for fn in fns)
        return any_
    if p.combine == "all":
        def all_(*args: Any) -> bool:
            return all(fn(*args) for fn in fns)
        return all_
    if p.combine == "concat":
        def concat(*args: Any) -> list[Any]:
            return [x for fn in fns for x in fn(*args)]
        return concat
    if p.combine == "collect":
        def collect(*args: Any) -> list[Any]:
            got: list[Any] = []
            for k, fn in enumerate(fns):
                r = fn(*args)
                if k in lists:
                    got.extend(r)
                elif r is not None:
                    got.append(r)
            return got
        return collect
    raise ValueError(f"point {p.name!r} takes one source per game; {len(fns)} declare it")


def _rules_of(name: str) -> tuple[str, ...]:
    """The card rules (keys of ``CARD_RULES``) that card ``name`` writes, kept per name."""
    if _RULES_OF_FOR[0] != VERSION[0]:
        _RULES_OF.clear()
        _RULES_OF_FOR[0] = VERSION[0]
    got = _RULES_OF.get(name)
    if got is None:
        card = content.CARDS.get(name)
        got = () if card is None else tuple(
            key for key, r in CARD_RULES.items() if any(h[0] in r.kinds for h in getattr(card, r.field)))
        _RULES_OF[name] = got
    return got


def _ruled() -> frozenset[str]:
    """Every card of the catalogue that writes a card rule (kept while neither the
    declarations nor the catalogue's size change)."""
    now = (VERSION[0], len(content.CARDS))
    got = _RULED.get(now)
    if got is None:
        _RULED.clear()
        got = _RULED[now] = frozenset(n for n in content.CARDS if _rules_of(n))
    return got


#: card name -> the card rules it writes (``_rules_of``), for the declarations of ``VERSION``
_RULES_OF: dict[str, tuple[str, ...]] = {}
_RULES_OF_FOR = [-1]
_RULED: dict[tuple[int, int], frozenset[str]] = {}


def build(st: Any, cards: set[str] | None = None, sources: list[tuple[str, str]] | None = None) -> Index:
    """The index of this game: each point some present source declares -> one callable.

    A card's handlers at one point and zone become one zone walker, in the place of the
    first such card's declaration."""
    at: dict[str, list[Any]] = {}
    walkers: dict[tuple[str, str], dict[str, Handler]] = {}

    def add(d: Declared) -> None:
        if d.zone:
            table = walkers.get((d.point, d.zone))
            if table is None:
                table = walkers[(d.point, d.zone)] = {}
                at.setdefault(d.point, []).append((d.point, d.zone))
            if d.key in table:
                raise ValueError(f"card {d.key!r} answers twice at {d.point!r} from its {d.zone}")
            table[d.key] = d.fn
        else:
            at.setdefault(d.point, []).append(d.fn)

    if cards is None:
        cards = game_cards(st)
    writing: dict[str, list[str]] = {}  # card rule -> the game's cards that write it
    for name in sorted(cards):
        for key in _rules_of(name):
            writing.setdefault(key, []).append(name)
    for src in (present(st, cards) if sources is None else sources):
        if src[0] == RULE:
            r = CARD_RULES[src[1]]
            for name in writing.get(src[1], ()):
                add(Declared("card", name, r.point, r.make(content.CARDS[name]), r.zone))
            continue
        for d in DECLARED.get(src, ()):
            add(d)
    out: Index = {}
    for name, entries in at.items():
        p = POINTS[name]
        fns = [ZONES[e[1]](p, walkers[e]) if isinstance(e, tuple) else e for e in entries]
        lists = frozenset(k for k, e in enumerate(entries) if isinstance(e, tuple))
        if len(fns) == 1 and (p.combine != "collect" or lists):
            out[name] = fns[0]
        else:
            out[name] = _combined(p, fns, lists)
    return out


#: id(config) -> (config, nemesis id, VERSION when built, index): the index of each game
#: setup seen lately; a game's clones share its config, so they share its index
_CACHE: dict[int, tuple[Any, str, int, Index]] = {}
_CACHE_MAX = 256


def index(st: Any) -> Index:
    """The game's index (built once per game setup and kept, see the module docstring)."""
    cfg = st.config
    hit = _CACHE.get(id(cfg))
    if hit is not None and hit[0] is cfg and hit[1] == st.nemesis.id and hit[2] == VERSION[0]:
        return hit[3]
    built = shared_index(st)
    if len(_CACHE) >= _CACHE_MAX:
        _CACHE.clear()
    _CACHE[id(cfg)] = (cfg, st.nemesis.id, VERSION[0], built)
    return built


def shared_index(st: Any) -> Index:
    """The index of the sources this state can meet, shared by every game that has the same
    ones (an index holds no game's state); nothing is kept for this state itself (setup asks
    it while the game is still being dealt)."""
    cards = game_cards(st)
    sources = present(st, cards)
    sig = (VERSION[0], tuple(sources), frozenset(cards & _ruled()))
    built = _BY_SIG.get(sig)
    if built is None:
        built = build(st, cards, sources)
        if len(_BY_SIG) >= _CACHE_MAX:
            _BY_SIG.clear()
        _BY_SIG[sig] = built
    return built


#: (VERSION, present sources, cards that write a card rule) -> the index those sources make
_BY_SIG: dict[tuple[Any, ...], Index] = {}


assert tuple(ZONES) == ZONE_NAMES, "every zone a card rule may name has its walker"
