"""What one seat may see, masked once; the forms a driver reads are made from it.

One masking, several forms (as OpenSpiel's observer: ``make_observation``, then
``set_from(state, player)``): the rules of what a seat sees are the functions and tables
of this module, and

* the **view** (``engine/view.py``: the JSON a browser, a record viewer or the RL
  encoding reads) applies them to the state's dict;
* the **board** (:func:`observe`: the typed, slotted object the heuristic and the search
  read, with the state's own attribute names) applies them to the state's objects;
* :func:`board_of_view` reads the view back into the very same board, for a driver that
  only has the view (a web client, the RL environment, a test).

So a rule that changes (a new face-down deck, a secret card type) changes here once, and
``tests/agents/test_board.py`` checks that both ways give equal boards at any decision.

Why a slotted board and lazy hidden decks: the board is built at every decision the
heuristic makes, and was 16 % of a heuristic game as namespaces built from keywords with
every deck sorted. Most decisions read no hidden deck at all, so a deck's masked contents
are sorted the first time they are read, from a copy taken when the board was made (the
board is a picture of its moment: nothing in it changes as the game goes on).
"""

from __future__ import annotations

from typing import Any

from ..content import registry as content
from .keywords import mage_decks
from .shapes import ViewDoc
from .state import Player, State

HIDDEN_CARD = "?"
#: Setup facts no seat may see: the seed (with the public setup it deals the whole game).
HIDDEN_CONFIG = frozenset({"seed"})


def deck_face(nemesis: str, deck: str) -> str:
    """How nemesis ``nemesis``'s special deck ``deck`` lies (its ``NemesisDef.deck_faces``):
    ``up`` (order public), ``secret`` (cards hidden even from their holder) or ``down``."""
    nd = content.NEMESES.get(nemesis)
    return nd.deck_faces.get(deck, "down") if nd is not None else "down"


_secret: tuple[int, frozenset[str]] = (-1, frozenset())


def secret_cards() -> frozenset[str]:
    """The cards of every secret special deck: nobody may identify one face down, not even
    in their own deck. Worked out again when a nemesis is registered (boxes and test boxes
    register after this module loads)."""
    global _secret
    if _secret[0] != len(content.NEMESES):
        _secret = (len(content.NEMESES), frozenset(c for nd in content.NEMESES.values()
                                                   for deck, face in nd.deck_faces.items() if face == "secret"
                                                   for c in nd.special_decks.get(deck, ())))
    return _secret[1]


def masked(cards: list[str]) -> list[str]:
    """A hidden pile as a seat may know it: its contents sorted (never its order), the
    secret cards among them as ``HIDDEN_CARD``."""
    secret = secret_cards()
    if secret.isdisjoint(cards):
        return sorted(cards)
    return sorted([HIDDEN_CARD if c in secret else c for c in cards])


def special_deck(nemesis: str, key: str, cards: list[str]) -> list[str]:
    """A nemesis special deck as every seat sees it: in order when it lies face up, all
    hidden when its cards are secret, else its contents sorted."""
    face = deck_face(nemesis, key)
    if face == "up":
        return list(cards)
    if face == "secret":
        return [HIDDEN_CARD] * len(cards)
    return sorted(cards)


def sees_hand(seat: int | None, player: int) -> bool:
    """A seat sees its own hand and face-down cards; nobody else's."""
    return seat == player


# --------------------------------------------------------------------------- the board
class _Slotted:
    """Equality and a readable repr over the slots (boards are compared in tests)."""

    __slots__: tuple[str, ...] = ()

    def _fields(self) -> list[str]:
        return [k for k in self.__slots__ if not k.startswith("_")]

    def _items(self) -> tuple[Any, ...]:
        return tuple(getattr(self, k) for k in self._fields())

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self._items() == other._items()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={getattr(self, k)!r}" for k in self._fields())
        return f"{type(self).__name__}({fields})"


class BreachSeen(_Slotted):
    __slots__ = ("state", "stage", "focused", "spells", "covered_by", "attached")

    def __init__(self, state: str, stage: int, focused: bool, spells: list[str], covered_by: int,
                 attached: list[str]) -> None:
        self.state = state
        self.stage = stage
        self.focused = focused
        self.spells = spells
        self.covered_by = covered_by
        self.attached = attached


class CardSeen(_Slotted):
    """A card in the nemesis play area: its name, life and power."""

    __slots__ = ("name", "life", "power")

    def __init__(self, name: str, life: int, power: int) -> None:
        self.name = name
        self.life = life
        self.power = power


class PlayerSeen(_Slotted):
    """A player as one seat sees them. ``deck`` is what the seat knows of the hidden cards:
    its own deck's contents, or another player's hand and deck together (their ``pool``),
    masked and sorted on first read. ``hand`` is empty for another player (``hand_size``
    says how many)."""

    __slots__ = ("mage", "life", "max_life", "discard", "breaches", "charges", "max_charges", "played",
                 "aether", "aether_for", "exhausted", "tokens", "set_aside", "deck_size", "hand", "hand_size",
                 "own", "deck", "_hidden", "aether_tokens", "decks")
    mage: str
    life: int
    max_life: int
    discard: list[str]
    breaches: list[BreachSeen]
    charges: int
    max_charges: int
    played: list[str]
    aether: int
    aether_for: dict[str, int]
    exhausted: bool
    tokens: dict[str, int]
    set_aside: list[str]
    aether_tokens: int  # K-7: they lie open
    decks: dict[str, list[str]]  # K-13: the mage's own decks, as their faces allow
    deck_size: int
    hand: list[str]
    hand_size: int
    own: bool
    deck: list[str]
    _hidden: list[str]

    def __getattr__(self, name: str) -> Any:
        if name == "deck":  # first read: mask and sort the copy taken at the board's moment
            self.deck = masked(self._hidden)
            return self.deck
        if name in ("deck_contents", "pool") and (name == "deck_contents") == self.own:
            return self.deck
        raise AttributeError(name)


class NemesisSeen(_Slotted):
    """The nemesis as every seat sees it: its deck only as its size (``deck`` holds one
    ``None`` a card)."""

    __slots__ = ("id", "life", "max_life", "tokens", "in_play", "discard", "deck")

    def __init__(self, nid: str, life: int, max_life: int, tokens: dict[str, int], in_play: list[CardSeen],
                 discard: list[str], deck_size: int) -> None:
        self.id = nid
        self.life = life
        self.max_life = max_life
        self.tokens = tokens
        self.in_play = in_play
        self.discard = discard
        self.deck: list[None] = [None] * deck_size


class Seen(_Slotted):
    """The board: the table as one seat sees it, with the state's attribute names, for
    the decision of player ``me``."""

    __slots__ = ("players", "nemesis", "gravehold", "gravehold_max", "supply_names", "supply_counts",
                 "active", "turn", "to_discard", "me")

    def __init__(self, players: list[PlayerSeen], nemesis: NemesisSeen, gravehold: int, gravehold_max: int,
                 supply_names: tuple[str, ...], supply_counts: list[int], active: int, turn: int,
                 to_discard: list[str], me: int) -> None:
        self.players = players
        self.nemesis = nemesis
        self.gravehold = gravehold
        self.gravehold_max = gravehold_max
        self.supply_names = supply_names
        self.supply_counts = supply_counts
        self.active = active
        self.turn = turn
        self.to_discard = to_discard
        self.me = me


_new = object.__new__


def _player(p: Player, own: bool) -> PlayerSeen:
    """A player as seen, breaches and all. Each field is set on a bare object, breaches
    too, with no ``__init__`` call: a board is built at nearly every decision a heuristic
    seat makes, and the calls were a fifth of it."""
    q = _new(PlayerSeen)
    q.mage = p.mage
    q.life = p.life
    q.max_life = p.max_life
    q.discard = p.discard[:]
    q.breaches = brs = []
    for b in p.breaches:
        r = _new(BreachSeen)
        r.state = state = b.state
        r.stage = b.stage if state == "closed" else 0
        r.focused = bool(b.focused)
        r.spells = b.spells[:]
        r.covered_by = b.covered_by if b.covered_by >= 0 else -1
        r.attached = list(b.attached) if b.attached else []
        brs.append(r)
    q.charges = p.charges
    q.max_charges = p.max_charges
    q.played = p.played[:]
    q.aether = p.aether
    q.aether_for = p.aether_for.copy()
    q.exhausted = p.exhausted
    q.tokens = p.tokens.copy()
    q.set_aside = p.set_aside[:]  # cards beside the mat lie open
    q.aether_tokens = p.aether_tokens
    q.decks = mage_decks.view(p.mage, p.decks, HIDDEN_CARD) if p.decks else {}
    q.deck_size = len(p.deck)
    q.own = own
    q.hand_size = len(p.hand)
    if own:
        q.hand = p.hand[:]
        q._hidden = p.deck[:]
    else:  # their hand only as part of what they own
        q.hand = []
        q._hidden = p.hand + p.deck
    return q


def observe(st: State, seat: int | None, me: int) -> Seen:
    """The board of ``seat`` (None: a spectator) for the decision of player ``me``."""
    n = st.nemesis
    in_play = []
    for c in n.in_play:
        k = _new(CardSeen)
        k.name, k.life, k.power = c.name, c.life, c.power
        in_play.append(k)
    nem = NemesisSeen(n.id, n.life, n.max_life, n.tokens.copy(), in_play, n.discard[:], len(n.deck))
    return Seen([_player(p, sees_hand(seat, i)) for i, p in enumerate(st.players)], nem, st.gravehold,
                st.gravehold_max, tuple(st.supply_names), st.supply_counts[:], st.active, st.turn,
                st.to_discard[:], me)


def board_of_view(v: ViewDoc, me: int) -> Seen:
    """The board a view gives: the same object :func:`observe` builds from the state.

    Lists are shared with the view, not copied: a board is only read."""
    players = []
    for i, p in enumerate(v["players"]):
        q = PlayerSeen.__new__(PlayerSeen)
        for k in ("mage", "life", "max_life", "discard", "charges", "max_charges", "played", "aether",
                  "aether_for", "exhausted", "tokens", "deck_size"):
            setattr(q, k, p[k])
        q.set_aside = p.get("set_aside", [])
        q.aether_tokens = p.get("aether_tokens", 0)
        q.decks = p.get("decks", {})
        q.breaches = [BreachSeen(b["state"], b.get("stage", 0) if b["state"] == "closed" else 0,
                                 bool(b.get("focused", False)), b.get("spells", []), b.get("covered_by", -1),
                                 b.get("attached", []))
                      for b in p["breaches"]]
        q.own = v["viewer"] == i
        q.hand = p["hand"] if q.own else []
        q.hand_size = len(p["hand"]) if q.own else p["hand_size"]
        q.deck = p["deck_contents"] if q.own else p["pool"]
        players.append(q)
    n = v["nemesis"]
    nem = NemesisSeen(n["id"], n["life"], n["max_life"], n["tokens"],
                      [CardSeen(c["name"], c.get("life", 0), c.get("power", 0)) for c in n["in_play"]],
                      n["discard"], n["deck_size"])
    return Seen(players, nem, v["gravehold"]["life"], v["gravehold"]["max_life"],
                tuple(s[0] for s in v["supply"]), [s[1] for s in v["supply"]], v["active"], v["turn"],
                v["turn_order"]["discard"], me)
