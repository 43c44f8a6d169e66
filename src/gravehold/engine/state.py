"""The game state: plain data only, cheap to clone, exact through JSON.

Cards in zones are held by **name**, not by instance id. Copies of a card are
indistinguishable in the game, every per-card fact that matters (tokens on a minion, a
spell's breach) lives in the zone that holds it, and a list of interned strings clones
exactly as fast as a list of ints. Names make the JSON snapshot readable and writable by
hand (``docs/state-format.md``); card conservation is checked as a multiset of names.

Ordering: ``deck[0]`` is a deck's top, ``discard[-1]`` a discard pile's, ``in_play`` oldest first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from .shapes import ConfigDoc, Doc, Json

#: The heads of the engine's own actions (an option's first item), each declared with its
#: argument shapes and wording in ``engine.decisions`` (``tests/engine/test_action_types.py``
#: checks that this list and those declarations agree).
EngineHead = Literal[
    "ability", "ally_hand", "assign", "bottom", "breach", "card", "cast", "charge", "choose", "conjure", "discard",
    "discard_card", "done", "draw", "end_casting", "end_main", "focus", "gain", "gem", "hand", "keep", "keep_order",
    "minion", "no", "open", "order", "pass", "pay", "pay_damage", "pile", "play", "player", "prep", "recall", "skip",
    "spell", "spell_breach", "target", "top", "turn_card", "use", "yes",
]
#: The engine's own operations (a frame's first item), each registered with ``core.op``.
EngineOp = Literal[
    "cast_begin", "cast_end", "casting_choice", "casting_phase", "casting_phase_end", "deal",
    "different_players_pick", "discard_nemesis_card", "draw_phase", "end_turn", "enter_play", "exhaust",
    "exhaust_breach", "exhaust_charges", "exhaust_excess", "extra_cost", "hook_main_end", "hook_turn_start",
    "main_choice", "main_phase", "maybe_to_deck", "nemesis_draw", "nemesis_main", "nemesis_resolve",
    "nemesis_turn", "next_turn", "offer_ability", "offer_cancel", "player_turn", "return_to_hand", "s",
    "set_phase", "start_turn", "to_nemesis_discard", "turn_card_resolves", "unleash", "unleash_end", "unleash_once",
    "wild_start",
]
#: One option of a decision: a head, then names and whole numbers. The head is one of the
#: engine's (:data:`EngineHead`) or one a source declared: a box's ``decisions.action_head``
#: or a trigger source's ``on.action(head)`` adds a head at run time, checked where it is
#: declared (its shapes, its wording, no head declared twice), so the type admits a ``str``
#: head beside the engine's literal ones.
Action = tuple[EngineHead | str, *tuple[Json, ...]]
#: One frame of the stack: an operation's name (the engine's :data:`EngineOp`, or one a box
#: registered with ``core.op``), then its arguments, plain data that clones and goes to JSON.
Frame = tuple[EngineOp | str, *tuple[Json, ...]]

BREACH_STATES = ("open", "closed", "none", "destroyed")


class Breach:
    """One breach slot of a mat (S-3). ``stage`` = quarter turns made while closed."""

    __slots__ = ("state", "stage", "focused", "spells", "covered_by", "attached", "face_down")

    def __init__(
        self, state: str = "open", stage: int = 0, focused: bool = False,
        spells: list[str] | None = None, covered_by: int = -1,
        attached: tuple[str, ...] = (), face_down: tuple[str, ...] = (),
    ) -> None:
        self.state = state
        self.stage = stage
        self.focused = focused  # focused during the current turn (P-11, P-13)
        self.spells = spells if spells is not None else []
        self.covered_by = covered_by  # index of the breach whose 2-breach spell covers this one
        #: K-2: cards attached under this breach (a relic or conduit stays while the breach does).
        #: Tuples, replaced rather than changed: rare, so a clone shares them for free.
        self.attached = attached
        #: K-3: the cards under its face-down spells, in order: hidden from the other seats
        self.face_down = face_down

    def clone(self) -> Breach:
        b = Breach.__new__(Breach)
        b.state = self.state
        b.stage = self.stage
        b.focused = self.focused
        b.spells = self.spells[:]
        b.covered_by = self.covered_by
        b.attached = self.attached  # tuples: shared, never changed in place
        b.face_down = self.face_down
        return b

    @property
    def opened(self) -> bool:
        return self.state == "open"

    def to_dict(self) -> Doc:
        d: Doc = {"state": self.state}
        if self.state == "closed":
            d["stage"] = self.stage
        if self.focused:
            d["focused"] = True
        if self.spells:
            d["spells"] = list(self.spells)
        if self.covered_by >= 0:
            d["covered_by"] = self.covered_by
        if self.attached:
            d["attached"] = list(self.attached)
        if self.face_down:
            d["face_down"] = list(self.face_down)
        return d


class Player:
    __slots__ = (
        "mage", "life", "max_life", "hand", "deck", "discard", "breaches", "charges",
        "max_charges", "played", "aether", "aether_for", "exhausted", "tokens", "set_aside", "aether_tokens",
        "decks",
    )

    def __init__(self, mage: str) -> None:
        self.mage = mage
        self.life = 10
        self.max_life = 10
        self.hand: list[str] = []
        self.deck: list[str] = []
        self.discard: list[str] = []
        self.breaches: list[Breach] = []
        self.charges = 0
        self.max_charges = 5
        self.played: list[str] = []  # gems and relics played this turn (P-7, P-15)
        self.aether = 0
        self.aether_for: dict[str, int] = {}  # restricted aether pools (K-11), see engine/keywords/exclusive_aether.py
        self.exhausted = False
        self.tokens: dict[str, int] = {}  # a mage's own tokens (K-13), e.g. trophies
        #: cards set aside beside the mat (K-13, ``MageDef.set_aside``), e.g. a Forged deck
        self.set_aside: list[str] = []
        self.aether_tokens = 0  # held between turns (K-7), see engine/keywords/aether_tokens.py
        #: the mage's own decks beside the mat, top first (K-13), see engine/keywords/mage_decks.py
        self.decks: dict[str, list[str]] = {}

    @property
    def aether_spell(self) -> int:
        """Aether that may only pay for gaining a spell."""
        return self.aether_for.get("spell", 0)

    def clone(self) -> Player:
        p = Player.__new__(Player)
        p.mage = self.mage
        p.life = self.life
        p.max_life = self.max_life
        p.hand = self.hand[:]
        p.deck = self.deck[:]
        p.discard = self.discard[:]
        brs = []
        new = Breach.__new__
        for b in self.breaches:  # Breach.clone inlined: this is the hot path of search
            c = new(Breach)
            c.state = b.state
            c.stage = b.stage
            c.focused = b.focused
            c.spells = b.spells[:]
            c.covered_by = b.covered_by
            c.attached = b.attached
            c.face_down = b.face_down
            brs.append(c)
        p.breaches = brs
        p.charges = self.charges
        p.max_charges = self.max_charges
        p.played = self.played[:]
        p.aether = self.aether
        p.aether_for = dict(self.aether_for) if self.aether_for else {}
        p.exhausted = self.exhausted
        p.tokens = dict(self.tokens) if self.tokens else {}
        p.set_aside, p.aether_tokens = (self.set_aside[:] if self.set_aside else []), self.aether_tokens
        p.decks = {k: v[:] for k, v in self.decks.items()} if self.decks else {}
        return p

    def to_dict(self) -> Doc:
        d: Doc = {
            "mage": self.mage, "life": self.life, "max_life": self.max_life,
            "hand": list(self.hand), "deck": list(self.deck), "discard": list(self.discard),
            "breaches": [b.to_dict() for b in self.breaches],
            "charges": self.charges, "max_charges": self.max_charges,
            "played": list(self.played), "aether": self.aether,
            "aether_for": dict(self.aether_for), "exhausted": self.exhausted,
            "tokens": dict(self.tokens),
        }
        if self.set_aside:  # only a mage who sets cards aside has the field
            d["set_aside"] = list(self.set_aside)
        if self.aether_tokens:  # only a player holding aether tokens (K-7)
            d["aether_tokens"] = self.aether_tokens
        if self.decks:  # only a mage with decks of their own (K-13)
            d["decks"] = {k: list(v) for k, v in self.decks.items()}
        return d


class InPlay:
    """A minion or power in the nemesis play area, with its tokens."""

    __slots__ = ("name", "life", "power", "shields", "silenced")

    def __init__(self, name: str, life: int = 0, power: int = 0, shields: int = 0,
                 silenced: bool = False) -> None:
        self.name = name
        self.life = life
        self.power = power
        self.shields = shields
        self.silenced = silenced

    def clone(self) -> InPlay:
        c = InPlay.__new__(InPlay)
        c.name = self.name
        c.life = self.life
        c.power = self.power
        c.shields = self.shields
        c.silenced = self.silenced
        return c

    def to_dict(self) -> Doc:
        d: Doc = {"name": self.name}
        if self.life:
            d["life"] = self.life
        if self.power:
            d["power"] = self.power
        if self.shields:
            d["shields"] = self.shields
        if self.silenced:
            d["silenced"] = True
        return d


class Nemesis:
    __slots__ = ("id", "life", "max_life", "deck", "discard", "in_play", "tokens", "decks", "resolving")

    def __init__(self, nid: str) -> None:
        self.id = nid
        self.life = 0
        self.max_life = 0
        self.deck: list[str] = []
        self.discard: list[str] = []
        self.in_play: list[InPlay] = []
        self.tokens: dict[str, int] = {}
        self.decks: dict[str, list[str]] = {}  # special decks of the nemesis, by name
        self.resolving: list[str] = []  # a drawn nemesis card that has not finished resolving

    def clone(self) -> Nemesis:
        n = Nemesis.__new__(Nemesis)
        n.id = self.id
        n.life = self.life
        n.max_life = self.max_life
        n.deck = self.deck[:]
        n.discard = self.discard[:]
        n.in_play = [c.clone() for c in self.in_play] if self.in_play else []
        n.tokens = dict(self.tokens) if self.tokens else {}
        n.decks = {k: v[:] for k, v in self.decks.items()} if self.decks else {}
        n.resolving = self.resolving[:]
        return n

    def to_dict(self) -> Doc:
        return {
            "id": self.id, "life": self.life, "max_life": self.max_life,
            "deck": list(self.deck), "discard": list(self.discard),
            "in_play": [c.to_dict() for c in self.in_play],
            "tokens": dict(self.tokens), "decks": {k: list(v) for k, v in self.decks.items()},
            "resolving": list(self.resolving),
        }


class Decision:
    """Who must choose what now (DESIGN: "one decision shape for everything").

    ``options`` are the exact legal actions; ``resume`` is the effect frame that receives
    the chosen action. A Decision is never mutated after it is made, so clones share it.
    """

    __slots__ = ("kind", "player", "source", "prompt", "options", "resume", "seq")

    def __init__(self, kind: str, player: int, source: str, prompt: str,
                 options: list[Action], resume: Frame, seq: int = 0) -> None:
        self.kind = kind
        self.player = player
        self.source = source
        self.prompt = prompt
        self.options = options
        self.resume = resume
        self.seq = seq

    @property
    def seat(self) -> int:
        """The seat that answers: the player asked, or the first seat for a choice asked in
        the nemesis' name (``player`` -1: the players decide together and one seat records
        it, as ``Engine.team`` does on the nemesis turn). Drivers read this, never the sentinel."""
        p = self.player
        return p if p >= 0 else 0

    def to_dict(self) -> Doc:
        return {
            "kind": self.kind, "player": self.player, "source": self.source,
            "prompt": self.prompt, "options": [list(o) for o in self.options],
            "resume": _jsonable(self.resume), "seq": self.seq,
        }

    @classmethod
    def from_dict(cls, d: Doc) -> Decision:
        return cls(
            d["kind"], int(d["player"]), d.get("source", ""), d.get("prompt", ""),
            [tupled(o) for o in d["options"]], tupled(d["resume"]), int(d.get("seq", 0)),
        )


def _jsonable(x: Any) -> Any:
    if isinstance(x, (tuple, list)):
        return [_jsonable(i) for i in x]
    return x


def tupled(x: Any) -> Any:
    """JSON's lists as the tuples actions and frames are made of (nested alike)."""
    if isinstance(x, list):
        return tuple(tupled(i) for i in x)
    return x


class State:
    """Everything about one game at one moment. See ``docs/state-format.md``."""

    __slots__ = (
        "config", "players", "nemesis", "gravehold", "gravehold_max", "to_deck",
        "to_discard", "supply_names", "supply_counts", "destroyed", "active", "phase",
        "turn", "rng", "stack", "decision", "over", "result", "reason", "flags",
        "cast_bonus", "unleash_depth", "deferred", "tokens", "seq", "severed", "banished", "supply_bottom",
    )

    def __init__(self) -> None:
        self.config: ConfigDoc = {}  # setup facts, never mutated after setup
        self.players: list[Player] = []
        self.nemesis = Nemesis("")
        self.gravehold = 30
        self.gravehold_max = 30
        self.to_deck: list[str] = []  # turn order deck, top first (T-1)
        self.to_discard: list[str] = []  # turn order discard, oldest first
        self.supply_names: tuple[str, ...] = ()
        self.supply_counts: list[int] = []
        self.destroyed: list[str] = []  # K-10: cards that left the game
        self.active = -1  # player index whose turn it is; -1 for the nemesis
        self.phase = "setup"
        self.turn = 0
        self.rng = 0
        self.stack: list[Frame] = []
        self.decision: Decision | None = None
        self.over = False
        self.result: str | None = None  # "win" | "loss"
        self.reason: str | None = None
        self.flags: Doc = {}  # facts that last for the current turn only
        self.cast_bonus: list[tuple[int, int]] = []  # (bonus, sources that took it) of each spell being cast (P-20)
        self.unleash_depth = 0
        self.deferred: list[Frame] = []  # exhaustion Unleashes waiting for an Unleash (E-1)
        self.tokens: dict[str, int] = {}  # table tokens: "wild" holder, "pair12"/"pair34", "fire" (K-8)
        self.seq = 0  # decisions made so far; stale actions are refused by it
        self.severed: list[int] = []  # C-8: the seats whose mage was severed, in order
        self.banished: list[str] = []  # C-10: cards banished in this game (out of the game)
        #: C-17: per pile, the marked copies at its bottom, bottom first (``keywords.supply_bottom``);
        #: replaced, never changed in place, so a clone shares it
        self.supply_bottom: dict[str, tuple[str, ...]] = {}

    def clone(self) -> State:
        s = State.__new__(State)
        s.config = self.config
        s.players = [p.clone() for p in self.players]
        s.nemesis = self.nemesis.clone()
        s.gravehold = self.gravehold
        s.gravehold_max = self.gravehold_max
        s.to_deck = self.to_deck[:]
        s.to_discard = self.to_discard[:]
        s.supply_names = self.supply_names
        s.supply_counts = self.supply_counts[:]
        s.destroyed = self.destroyed[:]
        s.active = self.active
        s.phase = self.phase
        s.turn = self.turn
        s.rng = self.rng
        s.stack = self.stack[:]
        s.decision = self.decision
        s.over = self.over
        s.result = self.result
        s.reason = self.reason
        s.flags = dict(self.flags) if self.flags else {}
        s.cast_bonus = self.cast_bonus[:]
        s.unleash_depth = self.unleash_depth
        s.deferred = self.deferred[:]
        s.tokens = dict(self.tokens) if self.tokens else {}
        s.seq = self.seq
        s.severed = self.severed[:]
        s.banished = self.banished[:]
        s.supply_bottom = self.supply_bottom
        return s

    # ------------------------------------------------------------------ JSON
    def to_dict(self) -> Doc:
        d: Doc = {
            "format": FORMAT,
            "config": self.config,
            "players": [p.to_dict() for p in self.players],
            "nemesis": self.nemesis.to_dict(),
            "gravehold": {"life": self.gravehold, "max_life": self.gravehold_max},
            "turn_order": {"deck": list(self.to_deck), "discard": list(self.to_discard)},
            "supply": [[n, c] for n, c in zip(self.supply_names, self.supply_counts, strict=True)],
            "destroyed": list(self.destroyed),
            "active": self.active, "phase": self.phase, "turn": self.turn,
            "rng": self.rng, "stack": _jsonable(self.stack),
            "decision": self.decision.to_dict() if self.decision else None,
            "over": self.over, "result": self.result, "reason": self.reason,
            "flags": {k: _jsonable(v) for k, v in self.flags.items()},  # tuple values -> lists
            "cast_bonus": [list(c) for c in self.cast_bonus],
            "unleash_depth": self.unleash_depth, "deferred": _jsonable(self.deferred),
            "tokens": dict(self.tokens), "seq": self.seq,
        }
        # C-8, C-10: written only once there is one, so a save from before them reads the same
        d.update((k, v) for k, v in (("severed", self.severed[:]), ("banished", self.banished[:])) if v)
        if self.supply_bottom:  # C-17: likewise
            d["supply_bottom"] = {k: list(v) for k, v in self.supply_bottom.items()}
        return d

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]


FORMAT = "gravehold-state/1"


# ---------------------------------------------------------------------- loading
#: a name not in the known cards: may it be learned now? (a marked copy, ``"Name{mark}"``)
Learn = Callable[[str], bool]
