"""One registry of trigger points and modifiers, and the per-game index the engine fires.

A rule that changes what the engine does (a nemesis mat: "the nemesis cannot be damaged",
"husks are minions", "when a player is exhausted do X instead") is a handler *declared
with its source*, at a named point::

    on = triggers.source("nemesis", AW)      # the source: this nemesis' mat

    @on("turn_start")
    def _turn_start(g, i): ...

The turn code names no source: it fires points. ``g.on`` is the game's index, point ->
one callable; a point with no source in this game is absent from it, so firing it costs
one failed dict lookup (``h = g.on.get("main_end")``) and nothing else. The index is
built from the sources that can occur in a game (:func:`present`) and kept per game
setup (the setup facts, ``State.config``, never change once set up); a declaration made
later (a box loaded after a game began) bumps :data:`VERSION`, and the index is rebuilt.
This module is the registry (points, sources, declarations, which sources a game holds);
``engine/trigger_index.py`` builds and keeps the index from it.

Why an index and not a scan: a rule written on a card may not be paid for by every
event of every game. The nemesis hook tables this replaces asked one dict per point,
which this keeps; what it adds is that any source kind declares the same way (a mat, a
card in a zone, a treasure, a token, a keyword), that several sources may answer one point
(each point says how their answers combine, :data:`COMBINE`), and that a source absent
from a game costs that game nothing. Before, six systems did this work (nemesis hooks,
prepped hooks, standing rules, bonus rules, treasure ``on_*`` functions, attached hooks),
joined by calls written by hand in the turn code, and most of them were asked in every
game whatever its cards; a new trigger meant a new call in the turn code.

Main-phase actions come from any source the same way: the source offers them at the point
``main_options`` and declares how each resolves (``on.action(head, why=...)``), so a card
in the discard, a token or a treasure adds actions as a nemesis mat does.

A point's combine mode says how the answers of several sources become one:

``each``    every handler runs, in declaration order; nothing is returned
``fold``    a modifier: each handler takes the value (argument ``fold``) and returns
            the new one, which the next handler takes
``any``     the handlers run in order until one returns True (it replaced the rule)
``all``     True unless a handler returns False (every source must agree)
``concat``  the handlers' lists, one after the other (extra options)
``collect`` the handlers' answers that are not None, in order (each is one share)
``one``     a single source may answer in a game (a second one is a setup error)

Sources and zones. A source is ``(kind, key)``: a nemesis (its mat), a card, a treasure,
a token, a mat, a keyword. A card's handler is active from the zone it declares
(``zone="prepped"``): the index walks that zone of the player a point concerns (the
point's second argument) and calls the handler of each card found there, with the
point's arguments and then the copy's place (for ``prepped``: the breach, the card name).
Only the cards that can occur in the game have their handlers in its index: the supply,
the mages' cards, the nemesis' special decks and every card already in a zone when the
game was set up. A rule kind written in a card field (``while_prepped``, ``attached``) is
declared once by the module that applies it (:func:`card_rule`); every card writing it is
then a source, so cards stay data.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..content import registry as content
from ..content.model import Step
from .copies import base_name, copy_ref

Handler = Callable[..., Any]
COMBINE = ("each", "fold", "any", "all", "concat", "collect", "one")
#: source kinds: what owns a declaration, and how setup knows it is in a game (``present``)
SOURCE_KINDS = ("nemesis", "card", "treasure", "token", "mat", "keyword")


@dataclass(frozen=True)
class Point:
    """A named point the engine fires, with its signature and how answers combine."""

    name: str
    combine: str
    signature: str
    fold: int = 0  # for ``fold``: the position of the value in the arguments


#: point name -> its declaration, in declaration order
POINTS: dict[str, Point] = {}


def point(name: str, combine: str, signature: str, fold: int = 0) -> str:
    """Declare a point the engine fires (the engine declares its own; a box may add one)."""
    if combine not in COMBINE:
        raise ValueError(f"point {name!r}: combine must be one of {', '.join(COMBINE)}, got {combine!r}")
    if name in POINTS and POINTS[name] != Point(name, combine, signature, fold):
        raise ValueError(f"point {name!r} is declared twice, differently")
    POINTS[name] = Point(name, combine, signature, fold)
    return name


# ------------------------------------------------------------------ the engine's points
SETUP = point("setup", "each", "(st): after the standard setup (S-7); may use st.rng")
TARGETS = point("targets", "fold", "(g, you, targets) -> list: damage targets offered", fold=2)
DAMAGE_TARGET = point("damage_target", "any", "(g, you, target, amount, source) -> bool: deal damage itself")
DIVIDE_TARGETS = point("divide_targets", "fold", "(g, you, shares) -> list of (target, least, most)", fold=2)
NEMESIS_DAMAGE = point("nemesis_damage", "fold", "(g, amount, source) -> int: damage about to hit the nemesis",
                       fold=1)
EXHAUST = point("exhaust", "any", "(g, i) -> bool: True when it replaced E-1's two Unleashes")
TURN_START = point("turn_start", "each", "(g, i): before player i's casting phase")
MAIN_END = point("main_end", "each", "(g, i): after player i's main phase, before the draw phase")
MAIN_OPTIONS = point("main_options", "concat", "(g, i) -> list: extra main-phase actions")
END_OF_TURN = point("end_of_turn", "each", "(g): end of any turn, before the G-1 check")
BOARD_CLEAR = point("board_clear", "all", "(g) -> bool: G-1: False while custom minions are in play")
TOKENS = point("tokens", "each", "(g): after the nemesis' tokens changed (bounds, loss rules)")
PILE_EMPTIED = point("pile_emptied", "each", "(g, i): player i's gain emptied a supply pile")
TOKEN_ROOM = point("token_room", "all", "(g, token, n) -> bool: may the nemesis gain n more in full")
WIN = point("win", "any", "(g, reason) -> bool: True when the players' win was replaced (the game goes on)")
NEMESIS_TURN_START = point("nemesis_turn_start", "each", "(g): start of the nemesis' turn, before its main phase")
NEMESIS_ACTING = point("nemesis_acting", "fold", "(g, names) -> tuple: the cards in play that act in this nemesis "
                       "main phase, oldest first (N-13: one nemesis of two acts); it keeps every copy of a name "
                       "or none, as copies are told apart by their order", fold=1)
PERSISTENT = point("persistent", "each", "(g, ref): the PERSISTENT effect of the minion ``ref`` resolves next "
                   "(push: resolves after it)")
NEMESIS_DRAW = point("nemesis_draw", "any", "(g) -> bool: True when the mat skips this nemesis draw phase")
TURN_BEGINS = point("turn_begins", "collect", "(g, i) -> thunk | None: player i's turn begins; each "
                    "thunk pushes triggered steps, run last first (the first answer resolves first), "
                    "after the turn's frames; an answer gives the turn a start of its own")
BREACH_OPENED = point("breach_opened", "each", "(g, i): player i opened a breach")
TURN_CARD_DRAWN = point("turn_card_drawn", "any", "(g, i, card) -> bool: T-1: the turn order card just drawn "
                        "would give player i the turn (before the window after the draw, P-10); True when a "
                        "source took it over (it pushed what follows: the op ``turn_card_resolves``, or a new "
                        "draw)")
ABILITY = point("ability", "each", "(g, owner): owner's ability resolves next (push: resolves after it)")
GAINED = point("gained", "each", "(g, i, name): player i gained name from its supply pile")
PLAYED = point("played", "each", "(g, i, name): player i played a gem or relic (push: resolves after it)")
CAST = point("cast", "each", "(g, caster, name): caster cast name (push: resolves after its Cast effect)")
ANY_PLAYER = point("any_player", "fold", "(g, candidates) -> list: the players who may answer a nemesis card's "
                   "\"any player\"", fold=1)
POWER_TICK = point("power_tick", "each", "(g, ref): a power token was removed from the power card ``ref`` "
                   "(push: resolves next, before its POWER effect)")
DAMAGE_DEALT = point("damage_dealt", "fold", "(g, you, target, amount, source) -> int: damage about to be "
                     "dealt to a chosen target", fold=3)
GAIN_COST = point("gain_cost", "fold", "(g, i, name, cost) -> int: what gaining name from its pile costs i",
                  fold=3)
CAST_BONUS = point("cast_bonus", "collect", "(g, caster, owner, breach, spell) -> Bonus | None: P-20, "
                   "what a rule adds to this cast (damage to each source, other effects)")
PLAYER_DAMAGE = point("player_damage", "fold", "(g, i, amount) -> int: damage player i is about to suffer",
                      fold=2)
CHARGE = point("charge", "each", "(g, i): player i gained a charge (P-9)")
CHARGE_GAIN = point("charge_gain", "any", "(g, i, n, source) -> bool: True when a source took over player i's "
                    "gain of n charges (an ally who may take them instead)")
CASTING_START = point("casting_start", "each", "(g, i): player i's casting phase is next (push: resolves first)")
CASTING_END = point("casting_end", "collect", "(g, i) -> thunk | None: player i's casting phase ended; the "
                    "thunks push triggered steps, run last first")
BREACH_FOCUSED = point("breach_focused", "each", "(g, i): player i focused or opened a breach of theirs")
SPELL_PREPPED = point("spell_prepped", "each", "(g, i, b, name): player i prepped spell name to their breach b")
FOCUSED_BREACH = point("focused_breach", "each", "(g, i, b): player i's breach b was focused (turned a quarter, "
                       "not opened)")
DISCARDED = point("discarded", "each", "(g, i, name): player i discarded name (every discard event)")
PLAYER_DAMAGED = point("player_damaged", "each", "(g, i, amount): player i suffered damage (exhausted: would "
                       "have, E-3)")
REDIRECTED_DAMAGE = point("redirected_damage", "fold", "(g, i, amount) -> int: what Gravehold suffers for "
                          "amount damage to exhausted player i (E-3: twice as much)", fold=2)
LEFT_PLAY = point("left_play", "each", "(g, idx, name): a card left the nemesis play area from in_play[idx]")
ENTERED_PLAY = point("entered_play", "each", "(g, name): a nemesis card entered the nemesis play area (drawn, "
                     "placed or returned; push: resolves next)")
GRAVEHOLD_HEAL = point("gravehold_heal", "fold", "(g, amount, source) -> int: life Gravehold is about to gain",
                       fold=1)


# ------------------------------------------------------------------ declarations
@dataclass(frozen=True)
class Declared:
    """One handler of one source at one point."""

    kind: str
    key: str
    point: str
    fn: Handler
    zone: str = ""  # a card's handler: the zone it is active from


#: (source kind, source key) -> its declarations, in declaration order
DECLARED: dict[tuple[str, str], list[Declared]] = {}
#: bumped by every declaration: an index built before it is rebuilt (see ``index``)
VERSION = [0]


#: (source kind, source key) -> is it in this game? (state -> bool), for the sources whose
#: presence their kind cannot tell (a keyword, a token: see ``present``)
PRESENT: dict[tuple[str, str], Callable[[Any], bool]] = {}


#: the zones a card's handlers may be active from (``trigger_index.ZONES`` walks each)
ZONE_NAMES = ("prepped", "hand", "discard", "played", "attached")


def declare(kind: str, key: str, at: str, fn: Handler, zone: str = "") -> Handler:
    """Declare ``fn`` as source ``(kind, key)``'s handler at point ``at``."""
    if kind not in SOURCE_KINDS:
        raise ValueError(f"unknown source kind {kind!r}; use one of {', '.join(SOURCE_KINDS)}")
    if at not in POINTS:
        raise ValueError(f"unknown trigger point {at!r}; use one of {', '.join(POINTS)}")
    if (kind == "card") != bool(zone) or (zone and zone not in ZONE_NAMES):
        raise ValueError(f"{kind} {key!r} at {at!r}: a card's handler names its zone ({', '.join(ZONE_NAMES)}), "
                         f"no other source's does; got zone {zone!r}")
    DECLARED.setdefault((kind, key), []).append(Declared(kind, key, at, fn, zone))
    VERSION[0] += 1
    return fn


@dataclass(frozen=True)
class MainAction:
    """A main-phase action a source adds (P-6): its head, who resolves it, why it is refused."""

    head: str
    kind: str
    key: str
    resolve: Handler  # (g, i, action)
    why: Handler | None  # (g, player, action) -> (message, rule id or None): why it is no option now


#: action head -> the main-phase action a source declared with it (``Source.action``); the
#: options are offered at the point ``main_options``, by the same source
MAIN_ACTIONS: dict[str, MainAction] = {}


class Source:
    """One source's declarations: ``on = source("nemesis", id)``, then ``@on("setup")``;
    ``@on.action("gain_exiled")`` for the resolution of a main-phase action it offers."""

    __slots__ = ("kind", "key", "zone")

    def __init__(self, kind: str, key: str, zone: str = "") -> None:
        self.kind, self.key, self.zone = kind, key, zone

    def __call__(self, at: str) -> Callable[[Handler], Handler]:
        if at not in POINTS:
            raise ValueError(f"unknown trigger point {at!r}; use one of {', '.join(POINTS)}")

        def deco(fn: Handler) -> Handler:
            return declare(self.kind, self.key, at, fn, self.zone)
        return deco

    def action(self, head: str, why: Handler | None = None) -> Callable[[Handler], Handler]:
        """Declare how the main-phase action ``head`` (offered at ``main_options``) resolves:
        ``fn(g, i, action)``. ``why(g, player, action)`` says why it is not an option now
        (``engine.explain``), as the built-in actions do."""
        def deco(fn: Handler) -> Handler:
            old = MAIN_ACTIONS.get(head)
            if old is not None and (old.kind, old.key) != (self.kind, self.key):
                raise ValueError(f"main action {head!r} is declared twice ({old.kind} {old.key!r} and "
                                 f"{self.kind} {self.key!r})")
            MAIN_ACTIONS[head] = MainAction(head, self.kind, self.key, fn, why)
            return fn
        return deco


def source(kind: str, key: str, zone: str = "", present: Callable[[Any], bool] | None = None) -> Source:
    """The declarations of one source (see :class:`Source`).

    ``zone``: where a card's handlers are active; ``present``: for a keyword or token, is it
    in a game (without it, it is in every game)."""
    if kind not in SOURCE_KINDS:
        raise ValueError(f"unknown source kind {kind!r}; use one of {', '.join(SOURCE_KINDS)}")
    if present is not None:
        PRESENT[(kind, key)] = present
    return Source(kind, key, zone)


def declares(src: tuple[str, str], at: str) -> bool:
    """Does this source declare a handler at point ``at``?"""
    return any(d.point == at for d in DECLARED.get(src, ()))


def may_answer(st: Any, at: str) -> bool:
    """Could a source of this game answer at ``at``? False without building anything when
    only other nemeses declare it (setup asks this before its one ``setup`` point)."""
    if _AT_FOR[0] != VERSION[0]:
        _AT.clear()
        for src, ds in DECLARED.items():
            for d in ds:
                _AT.setdefault(d.point, set()).add(src)
        for key, r in CARD_RULES.items():
            _AT.setdefault(r.point, set()).add((RULE, key))
        _AT_FOR[0] = VERSION[0]
    nid = st.nemesis.id
    for kind, key in _AT.get(at, ()):  # noqa: SIM110 (a loop: no generator on every game setup)
        if kind != "nemesis" or key == nid:
            return True
    return False


#: point -> the sources that declare it (``may_answer``), for the declarations of ``VERSION``
_AT: dict[str, set[tuple[str, str]]] = {}
_AT_FOR = [-1]


def withdraw(kind: str, key: str) -> None:
    """Drop every declaration of one source (a test's source, a box unloaded)."""
    if DECLARED.pop((kind, key), None) is not None:
        VERSION[0] += 1
    for head in [h for h, a in MAIN_ACTIONS.items() if (a.kind, a.key) == (kind, key)]:
        del MAIN_ACTIONS[head]


# ------------------------------------------------------------------ what a game holds


#: while ``present`` runs: the state it reads and its game cards, so each source's own
#: presence test that asks ``game_cards`` again is answered without a second walk
_READING: list[tuple[Any, set[str]]] = []


def game_cards(st: Any) -> set[str]:
    """The player cards that can occur in this game: the supply, the mages' own cards, the
    nemesis' special decks, and every card in a player's zone now (a nemesis card's name
    among them matches no card source). Read it, never change it: while ``present`` runs
    every caller shares one set."""
    if _READING and _READING[-1][0] is st:
        return _READING[-1][1]
    names = set(st.supply_names)
    update = names.update
    mages = content.MAGES
    for p in st.players:
        m = mages.get(p.mage)
        if m is not None:
            update(m.hand, m.deck, m.set_aside, *m.decks.values())
        brs = p.breaches
        update(p.hand, p.deck, p.discard, p.played, p.set_aside, *[br.spells for br in brs],
               *[br.attached for br in brs], *p.decks.values())
    nd = content.NEMESES.get(st.nemesis.id)
    if nd is not None:
        update(*nd.special_decks.values())
    update(*st.nemesis.decks.values())
    return names


Make = Callable[[Any], Handler]


@dataclass(frozen=True)
class CardRule:
    """Rule kinds written in a card field that answer at one point from one zone."""

    field: str
    kinds: tuple[str, ...]
    point: str
    zone: str
    make: Make


#: the pseudo source kind under which a card rule keeps its place among the declarations
RULE = "card rule"
#: "field:kind" key -> the card rule (see ``card_rule``); each also has its place in ``DECLARED``
CARD_RULES: dict[str, CardRule] = {}


def card_rule(field: str, kinds: str | tuple[str, ...], at: str, zone: str) -> Callable[[Make], Make]:
    """Declare what rule kinds written in a card's field do (``CardDef.while_prepped``'s
    ``("on_charge", steps)``): the decorated function makes one card's handler from its
    definition. A card is data; the module that applies the rule kind says once where it
    triggers, and every card of the game that writes it is a source, active from ``zone``
    (its answers come in the place of this declaration among the others)."""
    ks = (kinds,) if isinstance(kinds, str) else tuple(kinds)
    if at not in POINTS or zone not in ZONE_NAMES:
        raise ValueError(f"card rule {ks!r}: unknown point {at!r} or zone {zone!r}")

    def deco(make: Make) -> Make:
        key = f"{field}:{'+'.join(ks)}"
        CARD_RULES[key] = CardRule(field, ks, at, zone, make)
        DECLARED.setdefault((RULE, key), [])
        VERSION[0] += 1
        return make
    return deco


def held_treasures(st: Any) -> set[str]:
    """The lasting treasures (tiers 2 and 3) a game was set up with (``config["treasures"]``)."""
    tr = st.config.get("treasures")
    if not tr:
        return set()
    return {n for n in (tr.get("group"), *(s.get("tier3") for s in tr.get("players", ()))) if n}


def present(st: Any, cards: set[str] | None = None) -> list[tuple[str, str]]:
    """The sources that can occur in this game, as (kind, key), in declaration order (the
    order their answers combine in)."""
    if cards is None:
        cards = game_cards(st)
    _READING.append((st, cards))  # the sources' own presence tests read the same walk
    try:
        return _present_sources(st, cards)
    finally:
        _READING.pop()


def _present_sources(st: Any, cards: set[str]) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    mages = {p.mage for p in st.players}  # read once: every box's mats are declared sources
    treasures: set[str] | None = None
    for src in DECLARED:
        kind, key = src
        if kind == "nemesis":
            ok = key == st.nemesis.id
        elif kind == "card":
            ok = key in cards
        elif kind == "mat":
            ok = key in mages
        elif kind == "treasure":
            if treasures is None:
                treasures = held_treasures(st)
            ok = key in treasures
        elif kind == RULE:
            ok = True  # its cards are looked for in ``build``
        else:
            test = PRESENT.get(src)
            ok = test is None or bool(test(st))
        if ok:
            out.append(src)
    return out


# ------------------------------------------------------------------ standing rules in play
def printed_rule(name: str, kind: str) -> Step | None:
    """Nemesis card ``name``'s standing rule of ``kind`` (``name`` may be a copy reference;
    the last such rule printed on it), or None. A card's printed standing rules (its
    ``passive``, "shielded while husks are in play") are rule kinds, read where they lie."""
    card = content.NEMESIS_CARDS.get(base_name(name))
    found = None
    if card is not None:
        for r in card.passive:
            if r[0] == kind:
                found = r
    return found


def standing(g: Any, kind: str) -> list[tuple[str, Step]]:
    """(copy reference, rule) of each card in the nemesis play area whose printed rules hold
    ``kind``: a walk over the few cards in play, never over the catalogue."""
    in_play = g.state.nemesis.in_play
    out = []
    for k, c in enumerate(in_play):
        r = printed_rule(c.name, kind)
        if r is not None:
            out.append((copy_ref(in_play, k), r))
    return out
