"""Build small exact game states by hand, the way docs/state-format.md describes.

A test writes only what matters (a hand, a breach, a minion) and the rest gets quiet
defaults: an empty nemesis play area and a three-card nemesis deck (Slaughter, Skewer,
Bane Sire) so that the end-of-turn win of G-1 does not fire unless a test wants it.
Decisions with a single option resolve at once (``Engine.auto``), as in real play.
"""

from __future__ import annotations

import copy
import os
import random
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from gravehold import Game
from gravehold.content import registry
from gravehold.content.model import CardDef, NemesisCardDef
from gravehold.engine.game import card_census  # noqa: F401  (re-exported for tests)
from gravehold.engine.observe import deck_face

OPEN = {"state": "open"}


def examples(n: int) -> int:
    """How many examples a whole-game property test tries: ``n``, times the depth in the
    ``GRAVEHOLD_TEST_DEPTH`` environment variable (1 by default). Each example plays a whole
    game, so the default keeps the suite quick, and a deeper run is one variable away
    (``GRAVEHOLD_TEST_DEPTH=8 make test``) rather than an edit of every test."""
    depth = os.environ.get("GRAVEHOLD_TEST_DEPTH", "1")
    if not depth.isdigit() or int(depth) < 1:
        raise ValueError(f"GRAVEHOLD_TEST_DEPTH must be a whole number from 1 up, not {depth!r}")
    return n * int(depth)


def closed(stage: int = 0, **kw: Any) -> dict[str, Any]:
    return {"state": "closed", "stage": stage, **kw}


def player(mage: str = "Brama", **kw: Any) -> dict[str, Any]:
    p: dict[str, Any] = {
        "mage": mage, "life": 10, "max_life": 10, "hand": [], "deck": [], "discard": [],
        "breaches": [dict(OPEN), closed(1), closed(0), closed(2)],
        "charges": 0, "max_charges": 5, "played": [], "aether": 0,
    }
    p.update(kw)
    return p


DEFAULT_SUPPLY = [
    ["Frozen Magmite", 7], ["Scoria Slag", 7], ["Erratic Ingot", 7],
    ["Mage's Totem", 5], ["Primordial Fetish", 5],
    ["Jagged Lightning", 5], ["Fiery Torrent", 5], ["Conjure the Lost", 5], ["Reduce to Ash", 5],
]

REUSE_SUPPLY = [
    ["Volcanic Glass", 7], ["Breach Ore", 7], ["Bloodstone Jewel", 7],
    ["Cairn Compass", 5], ["Vortex Gauntlet", 5],
    ["Thoughtform Familiar", 5], ["Kindle", 5], ["Nova Forge", 5], ["Crystallize", 5],
]


def base_state(players: list[dict[str, Any]] | None = None, **kw: Any) -> dict[str, Any]:
    players = players if players is not None else [player("Brama"), player("Mist")]
    d: dict[str, Any] = {
        "config": {"mages": [p["mage"] for p in players], "nemesis": "Rageborne",
                   "difficulty": "normal", "expert": False, "ruleset": {}, "seed": 0},
        "players": players,
        "nemesis": {"id": "Rageborne", "life": 70, "max_life": 70,
                    "deck": ["Slaughter", "Skewer", "Bane Sire"], "discard": [],
                    "in_play": [], "tokens": {"fury": 1},
                    "decks": {"strike": ["Devastate", "Convoke", "Eviscerate", "Frenzy", "Raze", "Seize"]}},
        "gravehold": {"life": 30, "max_life": 30},
        "turn_order": {"deck": ["P1", "P2", "N", "P1", "P2", "N"], "discard": []},
        "supply": copy.deepcopy(DEFAULT_SUPPLY),
        "rng": 12345,
    }
    for k, v in kw.items():
        d[k] = v
    return d


@contextmanager
def registered(*cards: CardDef | NemesisCardDef) -> Iterator[None]:
    """Test-only cards in the catalogue for the length of a ``with``, removed afterwards."""
    for c in cards:
        if isinstance(c, NemesisCardDef):
            registry.register_nemesis_card(c)
        else:
            registry.register_card(c)
    try:
        yield
    finally:
        for c in cards:
            (registry.NEMESIS_CARDS if isinstance(c, NemesisCardDef) else registry.CARDS).pop(c.name, None)


def facing(nemesis: str, life: int, top: tuple[str, ...], filler: str, *,
           in_play: tuple[dict[str, Any], ...] = (), p0: dict[str, Any] | None = None,
           p1: dict[str, Any] | None = None, expert: bool = False, solo: bool = False,
           tokens: dict[str, int] | None = None, decks: dict[str, list[str]] | None = None,
           deck: tuple[str, ...] = ()) -> dict[str, Any]:
    """Brama and Mist (Brama alone when ``solo``) against ``nemesis`` at ``life``: ``top`` on its
    deck, then ``filler`` (a card the nemesis may draw next); each player holds a Crystal
    and ``deck``, unless ``p0`` / ``p1`` say otherwise. A nemesis test file's state builder."""
    a = player("Brama", **{"hand": ["Crystal"], "deck": list(deck), **(p0 or {})})
    b = player("Mist", **{"hand": ["Crystal"], "deck": list(deck), **(p1 or {})})
    d = base_state([a] if solo else [a, b])
    d["config"]["nemesis"] = nemesis
    if solo:
        d["turn_order"] = {"deck": ["P1", "P1", "N", "P1", "P1", "N"], "discard": []}
    if expert:
        d["config"]["expert"] = True
        d["config"]["difficulty"] = "expert"
    n = d["nemesis"]
    n["id"] = nemesis
    n["life"] = n["max_life"] = life
    n["deck"] = [*top, filler]
    n["discard"] = []
    n["in_play"] = [dict(c) for c in in_play]
    n["tokens"] = dict(tokens or {})
    n["decks"] = {k: list(v) for k, v in (decks or {}).items()}
    return d


def position(g: Game) -> dict[str, Any]:
    """``g``'s state as a position written by hand: without the setup it names
    (``config.request``), so a test may change its cards (docs/state-format.md)."""
    d = g.to_dict()
    del d["config"]["request"]
    return d


def with_ruleset(d: dict[str, Any], **opts: Any) -> dict[str, Any]:
    from gravehold.engine.ruleset import Ruleset

    d["config"]["ruleset"] = {**Ruleset().to_dict(), **opts}
    return d


def at_main(d: dict[str, Any], i: int = 0) -> Game:
    """A game stopped at player i's main phase."""
    d = copy.deepcopy(d)
    d["active"] = i
    d["phase"] = "main"
    d["turn"] = d.get("turn", 1)
    d["stack"] = [["end_turn"], ["draw_phase", i], ["main_phase", i]]
    return Game.from_dict(d)


def at_casting(d: dict[str, Any], i: int = 0) -> Game:
    """A game at the start of player i's casting phase (before any casting-start trigger)."""
    d = copy.deepcopy(d)
    d["active"] = i
    d["stack"] = [["end_turn"], ["draw_phase", i], ["main_phase", i], ["casting_phase", i]]
    d["phase"] = "casting"
    return Game.from_dict(d)


def at_player_turn(d: dict[str, Any], i: int = 0) -> Game:
    """A game about to start player i's turn (casting-start triggers included)."""
    d = copy.deepcopy(d)
    d["stack"] = [["player_turn", i]]
    return Game.from_dict(d)


def at_nemesis_turn(d: dict[str, Any]) -> Game:
    d = copy.deepcopy(d)
    d["stack"] = [["nemesis_turn"]]
    return Game.from_dict(d)


def run_steps(d: dict[str, Any], steps: list[Any], you: int = 0, source: str = "Spark",
              active: int = 0, owner: int | None = None) -> Game:
    """Resolve effect steps directly (then the game goes on to player ``active``'s main phase)."""
    d = copy.deepcopy(d)
    d["active"] = active
    d["phase"] = "main"
    stack: list[Any] = [["end_turn"], ["draw_phase", active], ["main_phase", active]]
    own = you if owner is None else owner
    for s in reversed(steps):
        stack.append(["s", you, own, source, list(s)])
    d["stack"] = stack
    return Game.from_dict(d)


def choose(g: Game, action: tuple[Any, ...]) -> None:
    assert g.decision is not None, "no decision pending"
    assert action in g.legal_actions(), f"{action} not in {g.legal_actions()}"
    g.apply(action)


def kinds(g: Game) -> set[str]:
    return {a[0] for a in g.legal_actions()}


def play_random(g: Game, seed: int, limit: int = 100000) -> Game:
    r = random.Random(seed)
    n = 0
    while not g.over and n < limit:
        g.apply(r.choice(g.legal_actions()))
        n += 1
    return g


# ------------------------------------------------ nemesis-card test helpers


def minion(name: str, life: int | None = None) -> dict[str, Any]:
    return {"name": name, "life": registry.nemesis_card(name).life if life is None else life}


def power(name: str, tokens: int = 1) -> dict[str, Any]:
    return {"name": name, "power": tokens}


def snake(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


# ------------------------------------------------ nemesis-card snapshots
#
# A nemesis test compares the whole visible state before and after with
# ``now(g) == expect(d, **changes)``, so that anything it does not name must stay put.
# Each test file picks which fields it records (``Snapshot``); a field a file does not
# record is one its tests never compared, and adding it would change what they check.


def _nemesis(d: dict[str, Any]) -> dict[str, Any]:
    n: dict[str, Any] = d["nemesis"]
    return n


def _each(d: dict[str, Any], f: Callable[[dict[str, Any]], Any]) -> list[Any]:
    return [f(p) for p in d["players"]]


SNAP_FIELDS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "gravehold": lambda d: d["gravehold"]["life"],
    "nemesis_life": lambda d: _nemesis(d)["life"],
    "fury": lambda d: _nemesis(d)["tokens"].get("fury", 0),
    "tokens": lambda d: dict(_nemesis(d)["tokens"]),
    "decks": lambda d: {k: list(v) for k, v in _nemesis(d).get("decks", {}).items()},
    "strike": lambda d: sorted(_nemesis(d)["decks"]["strike"]),
    "n_deck": lambda d: list(_nemesis(d)["deck"]),
    "n_discard": lambda d: list(_nemesis(d)["discard"]),
    "in_play": lambda d: [(c["name"], c.get("life", 0), c.get("power", 0)) for c in _nemesis(d)["in_play"]],
    "resolving": lambda d: list(_nemesis(d).get("resolving", [])),
    "to_deck": lambda d: list(d["turn_order"]["deck"]),
    "to_discard": lambda d: list(d["turn_order"]["discard"]),
    "life": lambda d: _each(d, lambda p: p["life"]),
    "exhausted": lambda d: _each(d, lambda p: bool(p.get("exhausted", False))),
    "hand": lambda d: _each(d, lambda p: list(p["hand"])),
    "deck": lambda d: _each(d, lambda p: list(p["deck"])),
    "discard": lambda d: _each(d, lambda p: list(p["discard"])),
    "played": lambda d: _each(d, lambda p: list(p.get("played", []))),
    "spells": lambda d: _each(d, lambda p: [list(b.get("spells", [])) for b in p["breaches"]]),
    "breaches": lambda d: _each(d, lambda p: [b["state"] for b in p["breaches"]]),
    "charges": lambda d: _each(d, lambda p: p["charges"]),
    "aether": lambda d: _each(d, lambda p: p.get("aether", 0)),
    "supply": lambda d: [k for _, k in d["supply"]],
    "destroyed": lambda d: list(d.get("destroyed", [])),
}

#: the fields every nemesis test file records; each adds its own (fury, tokens, turn order, ...)
SNAP_BASE = ("gravehold", "nemesis_life", "n_deck", "n_discard", "in_play", "life", "exhausted", "hand",
             "deck", "discard", "spells", "breaches", "charges", "aether", "destroyed")


def nonzero_tokens(d: dict[str, Any]) -> dict[str, int]:
    """Nemesis tokens without the spent (zero) kinds, for files that treat 0 as absent."""
    return {k: v for k, v in _nemesis(d).get("tokens", {}).items() if v}


def staged_breaches(d: dict[str, Any]) -> list[list[tuple[str, int]]]:
    """Each breach as (state, stage), the stage counted only while it is closed."""
    return _each(d, lambda p: [(b["state"], b.get("stage", 0) if b["state"] == "closed" else 0)
                               for b in p["breaches"]])


class Snapshot:
    """``snap``/``expect``/``now`` over a fixed set of fields, shared by the nemesis test files.

    ``keys`` name entries of ``SNAP_FIELDS``; ``custom`` adds or replaces fields for one file
    (e.g. ``breaches=staged_breaches``) so that each file keeps comparing exactly what it did.
    """

    def __init__(self, *keys: str, **custom: Callable[[dict[str, Any]], Any]) -> None:
        fields = {**SNAP_FIELDS, **custom}
        self.fields = {k: fields[k] for k in dict.fromkeys([*keys, *custom])}

    def snap(self, d: dict[str, Any]) -> dict[str, Any]:
        """The recorded fields of a state dict (hand-written or ``to_dict``)."""
        return {k: f(d) for k, f in self.fields.items()}

    def expect(self, d: dict[str, Any], **changes: Any) -> dict[str, Any]:
        """The starting snapshot with only ``changes`` applied (each must be a recorded field)."""
        s = self.snap(d)
        for k in changes:
            assert k in s, k
        s.update(changes)
        return s

    def now(self, g: Game) -> dict[str, Any]:
        """The snapshot of a running game."""
        return self.snap(g.to_dict())


def at_p1_main(g: Game, *, casting: bool = False, drawn: bool = True) -> None:
    """The turn is over and the game waits in P1's main phase.

    ``casting`` also accepts P1's casting phase (it has prepped spells); ``drawn`` (the default)
    also checks that P1's turn order card was the last one drawn. Callers that started the turn
    from a hand-made stack with no turn order draw pass ``drawn=False``.
    """
    assert not g.over, (g.result, g.reason)
    dec = g.decision
    phases = ("casting", "main") if casting else ("main",)
    assert dec is not None and dec.kind in phases and dec.player == 0, dec
    if drawn:
        assert g.state.to_discard[-1] == "P1"


def nemesis_turn_then_p1(d: dict[str, Any]) -> Game:
    """A nemesis turn followed directly by P1's turn (no turn order card is drawn after it)."""
    d = dict(d)
    d["stack"] = [["player_turn", 0], ["nemesis_turn"]]
    return Game.from_dict(d)


def check_pay(make: Callable[..., dict[str, Any]], shot: Snapshot, name: str, ok: dict[str, Any],
              short: dict[str, Any], picks: Sequence[tuple[Any, ...]] = (), **changes: Any) -> Game:
    """P-14: ("pay", name) is offered only when P1 can pay alone; paying discards it unresolved.

    ``make`` builds a file's state (power ``name`` in play, ``ok``/``short`` as player 1's
    fields); ``shot`` is the file's snapshot, compared with only ``changes`` applied."""
    d_short = make(in_play=(power(name, 2),), p0=short)
    g_short = at_main(d_short, 0)
    assert ("pay", name) not in g_short.legal_actions()
    d = make(in_play=(power(name, 2),), p0=ok)
    g = at_main(d, 0)
    assert ("pay", name) in g.legal_actions()
    choose(g, ("pay", name))
    for a in picks:
        choose(g, a)
    assert g.decision is not None and g.decision.kind == "main" and g.decision.player == 0
    assert shot.now(g) == shot.expect(d, in_play=[], n_discard=[name], **changes)
    return g


def same_information_set(g: Game, viewer: int | None, r: random.Random) -> Game:
    """A clone that differs from ``g`` only in what ``viewer`` must not know: every deck
    order, other players' hands, the nemesis deck orders (within each tier block, and
    which basic cards they are), the unrevealed turn order cards and the generator."""
    h = g.clone()
    s = h.state
    for j, p in enumerate(s.players):
        p.deck.reverse()
        r.shuffle(p.deck)
        if j != viewer:  # which of their own cards are in hand is hidden; what they own is not
            pool = p.hand + p.deck
            r.shuffle(pool)
            p.hand, p.deck = pool[: len(p.hand)], pool[len(p.hand):]
    tiers = [registry.NEMESIS_CARDS[c].tier for c in s.nemesis.deck]
    for t in set(tiers):
        idx = [k for k, x in enumerate(tiers) if x == t]
        block = [s.nemesis.deck[k] for k in idx]
        r.shuffle(block)
        for k, c in zip(idx, block, strict=True):
            s.nemesis.deck[k] = c
    for name, deck in s.nemesis.decks.items():
        if deck_face(s.nemesis.id, name) != "up":
            deck.reverse()
            r.shuffle(deck)
    known = s.tokens.get("to_known", 0)
    hidden = s.to_deck[known:]
    hidden.reverse()
    r.shuffle(hidden)
    s.to_deck[known:] = hidden
    s.rng ^= 0x5DEECE66D
    return h


def play_out_session(session: Any) -> None:
    """A stand-in for the full-screen board: the people's seats take their last listed option
    (which ends each phase), the bots move as the board would let them, to the game's end."""
    while not session.game.over:
        seat = session.bot_to_move()
        if seat is None:
            session.apply(session.game.legal_actions()[-1])
        else:
            _, agent, copy = session.bot_move()
            session.apply(session.choose(seat, copy), by=agent.name)


def turn(d: dict[str, Any], *picks: tuple[Any, ...]) -> Game:
    """A nemesis turn from state ``d``, the players answering ``picks`` in order, then P1's
    turn order card: the game waits in P1's main phase (a nemesis test file's turn)."""
    g = at_nemesis_turn(d)
    for a in picks:
        choose(g, a)
    at_p1_main(g)
    return g


def events(g: Game, kind: str) -> list[dict[str, Any]]:
    """The logged events of ``kind``, in order."""
    return [e for e in g.events if e["event"] == kind]

