"""The game state: plain data only, cheap to clone, exact through JSON.

Cards in zones are held by **name**, not by instance id. Copies of a card
are indistinguishable in the game, every per-card fact that matters (tokens on a
minion, a spell's breach) lives in the zone that holds it, and a list of interned
strings clones exactly as fast as a list of ints. Names make the JSON snapshot readable
and writable by hand (``docs/state-format.md``), and the card-conservation invariant
is checked as a multiset of names over all zones, the supply and the destroyed pile.

Ordering conventions: ``deck[0]`` is the top of a deck; ``discard[-1]`` is the top of a
discard pile; ``in_play`` lists nemesis cards oldest first.
"""

from __future__ import annotations

from typing import Any

from ..errors import RulesetError, StateFormatError
from .ruleset import resolve

Frame = tuple[Any, ...]
Action = tuple[Any, ...]

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
        #: cards lying face down in this breach (a conjured card): hidden from the other seats
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

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"state": self.state}
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
        "max_charges", "played", "aether", "aether_for", "exhausted", "tokens",
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
        return p

    def to_dict(self) -> dict[str, Any]:
        return {
            "mage": self.mage, "life": self.life, "max_life": self.max_life,
            "hand": list(self.hand), "deck": list(self.deck), "discard": list(self.discard),
            "breaches": [b.to_dict() for b in self.breaches],
            "charges": self.charges, "max_charges": self.max_charges,
            "played": list(self.played), "aether": self.aether,
            "aether_for": dict(self.aether_for), "exhausted": self.exhausted,
            "tokens": dict(self.tokens),
        }


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

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"name": self.name}
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

    def to_dict(self) -> dict[str, Any]:
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

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind, "player": self.player, "source": self.source,
            "prompt": self.prompt, "options": [list(o) for o in self.options],
            "resume": _jsonable(self.resume), "seq": self.seq,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Decision:
        return cls(
            d["kind"], int(d["player"]), d.get("source", ""), d.get("prompt", ""),
            [_tupled(o) for o in d["options"]], _tupled(d["resume"]), int(d.get("seq", 0)),
        )


def _jsonable(x: Any) -> Any:
    if isinstance(x, (tuple, list)):
        return [_jsonable(i) for i in x]
    return x


def _tupled(x: Any) -> Any:
    if isinstance(x, list):
        return tuple(_tupled(i) for i in x)
    return x


class State:
    """Everything about one game at one moment. See ``docs/state-format.md``."""

    __slots__ = (
        "config", "players", "nemesis", "gravehold", "gravehold_max", "to_deck",
        "to_discard", "supply_names", "supply_counts", "destroyed", "active", "phase",
        "turn", "rng", "stack", "decision", "over", "result", "reason", "flags",
        "cast_bonus", "unleash_depth", "deferred", "tokens", "seq",
    )

    def __init__(self) -> None:
        self.config: dict[str, Any] = {}  # setup facts, never mutated after setup
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
        self.flags: dict[str, Any] = {}  # facts that last for the current turn only
        self.cast_bonus: list[int] = []  # unspent breach bonus of each spell being cast
        self.unleash_depth = 0
        self.deferred: list[Frame] = []  # exhaustion Unleashes waiting for an Unleash (E-1)
        self.tokens: dict[str, int] = {}  # table tokens: "wild" holder, "pair12"/"pair34"
        self.seq = 0  # decisions made so far; stale actions are refused by it

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
        return s

    # ------------------------------------------------------------------ JSON
    def to_dict(self) -> dict[str, Any]:
        return {
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
            "cast_bonus": list(self.cast_bonus),
            "unleash_depth": self.unleash_depth, "deferred": _jsonable(self.deferred),
            "tokens": dict(self.tokens), "seq": self.seq,
        }

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]


FORMAT = "gravehold-state/1"


# ---------------------------------------------------------------------- loading
def _need(d: dict[str, Any], key: str, path: str) -> Any:
    if not isinstance(d, dict):
        raise StateFormatError(path, "must be an object")
    if key not in d:
        raise StateFormatError(f"{path}.{key}", "is missing")
    return d[key]


def _int(v: Any, path: str, lo: int | None = None, hi: int | None = None) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise StateFormatError(path, f"must be an integer, got {v!r}")
    if lo is not None and v < lo:
        raise StateFormatError(path, f"must be at least {lo}, got {v}")
    if hi is not None and v > hi:
        raise StateFormatError(path, f"must be at most {hi}, got {v}")
    return v


def _names(v: Any, path: str, known: set[str] | None) -> list[str]:
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise StateFormatError(path, "must be a list of card names")
    if known is not None:
        for i, name in enumerate(v):
            if name not in known:
                raise StateFormatError(f"{path}[{i}]", f"unknown card {name!r}")
    return list(v)


def _ruleset(spec: Any) -> dict[str, Any]:
    """config.ruleset as every option the engine reads, so nothing falls back to a default.

    Read as Game.new reads it (a preset name, or options over an optional preset).
    """
    try:
        return resolve(spec).to_dict()
    except RulesetError as e:
        raise StateFormatError(f"config.ruleset.{e.option}" if e.option else "config.ruleset", e.reason) from None


def breach_from_dict(d: Any, path: str, known: set[str] | None = None) -> Breach:
    if not isinstance(d, dict):
        raise StateFormatError(path, "must be an object")
    state = d.get("state", "open")
    if state not in BREACH_STATES:
        raise StateFormatError(f"{path}.state", f"must be one of {', '.join(BREACH_STATES)}")
    stage = _int(d.get("stage", 0), f"{path}.stage", 0, 3)
    spells = _names(d.get("spells", []), f"{path}.spells", None)
    if state in ("none", "destroyed") and spells:
        raise StateFormatError(f"{path}.spells", f"a {state} breach cannot hold spells")
    attached = _names(d.get("attached", []), f"{path}.attached", known)
    face_down = _names(d.get("face_down", []), f"{path}.face_down", known)
    if state == "none" and (attached or face_down):
        raise StateFormatError(f"{path}.{'attached' if attached else 'face_down'}", "the mage has no such breach")
    return Breach(state, stage, bool(d.get("focused", False)), spells,
                  _int(d.get("covered_by", -1), f"{path}.covered_by", -1, 3), tuple(attached), tuple(face_down))


def state_from_dict(d: Any, player_cards: set[str], nemesis_cards: set[str]) -> State:
    """Build a State from its JSON form, naming the first field that is wrong."""
    if not isinstance(d, dict):
        raise StateFormatError("state", "must be a JSON object")
    fmt = d.get("format", FORMAT)
    if fmt != FORMAT:
        raise StateFormatError("format", f"expected {FORMAT!r}, got {fmt!r}")
    s = State()
    config = _need(d, "config", "state")
    if not isinstance(config, dict):
        raise StateFormatError("config", "must be an object")
    s.config = {**config, "ruleset": _ruleset(config.get("ruleset", {}))}  # a copy: d stays the caller's
    players = _need(d, "players", "state")
    if not isinstance(players, list) or not 1 <= len(players) <= 4:
        raise StateFormatError("players", "must be a list of 1 to 4 players")
    for i, pd in enumerate(players):
        path = f"players[{i}]"
        p = Player(str(_need(pd, "mage", path)))
        p.max_life = _int(pd.get("max_life", 10), f"{path}.max_life", 1)
        p.life = _int(pd.get("life", p.max_life), f"{path}.life", 0, p.max_life)
        for zone in ("hand", "deck", "discard", "played"):
            setattr(p, zone, _names(pd.get(zone, []), f"{path}.{zone}", player_cards))
        br = pd.get("breaches")
        if not isinstance(br, list) or len(br) != 4:
            raise StateFormatError(f"{path}.breaches", "must be a list of 4 breaches (I-IV)")
        p.breaches = [breach_from_dict(b, f"{path}.breaches[{j}]", player_cards) for j, b in enumerate(br)]
        for j, b in enumerate(p.breaches):
            for k, sp in enumerate(b.spells):
                if sp not in player_cards:
                    raise StateFormatError(f"{path}.breaches[{j}].spells[{k}]", f"unknown card {sp!r}")
        p.max_charges = _int(pd.get("max_charges", 5), f"{path}.max_charges", 1)
        p.charges = _int(pd.get("charges", 0), f"{path}.charges", 0, p.max_charges)
        p.aether = _int(pd.get("aether", 0), f"{path}.aether", 0)
        pools = pd.get("aether_for", {})
        if not isinstance(pools, dict):
            raise StateFormatError(f"{path}.aether_for", "must be an object of restricted aether pools")
        p.aether_for = {str(k): _int(v, f"{path}.aether_for.{k}", 0) for k, v in pools.items() if v}
        if pd.get("aether_spell"):  # older spelling of {"aether_for": {"spell": n}}
            p.aether_for["spell"] = _int(pd["aether_spell"], f"{path}.aether_spell", 0)
        for pool in p.aether_for:
            if pool not in ("spell", "gem", "relic", "card", "no_relic_spell"):
                raise StateFormatError(f"{path}.aether_for.{pool}", "unknown aether restriction")
        p.exhausted = bool(pd.get("exhausted", False))
        ptokens = pd.get("tokens", {})
        if not isinstance(ptokens, dict):
            raise StateFormatError(f"{path}.tokens", "must be an object of token counts")
        p.tokens = {str(k): _int(v, f"{path}.tokens.{k}", 0) for k, v in ptokens.items()}
        s.players.append(p)
    nd = _need(d, "nemesis", "state")
    n = Nemesis(str(_need(nd, "id", "nemesis")))
    n.max_life = _int(_need(nd, "max_life", "nemesis"), "nemesis.max_life", 1)
    n.life = _int(nd.get("life", n.max_life), "nemesis.life", 0, n.max_life)
    n.deck = _names(nd.get("deck", []), "nemesis.deck", nemesis_cards)
    n.discard = _names(nd.get("discard", []), "nemesis.discard", nemesis_cards)
    for i, c in enumerate(nd.get("in_play", [])):
        path = f"nemesis.in_play[{i}]"
        name = _need(c, "name", path)
        if name not in nemesis_cards:
            raise StateFormatError(f"{path}.name", f"unknown nemesis card {name!r}")
        n.in_play.append(InPlay(
            name, _int(c.get("life", 0), f"{path}.life", 0), _int(c.get("power", 0), f"{path}.power", 0),
            _int(c.get("shields", 0), f"{path}.shields", 0), bool(c.get("silenced", False)),
        ))
    tokens = nd.get("tokens", {})
    if not isinstance(tokens, dict):
        raise StateFormatError("nemesis.tokens", "must be an object of token counts")
    n.tokens = {str(k): _int(v, f"nemesis.tokens.{k}", 0) for k, v in tokens.items()}
    decks = nd.get("decks", {})
    if not isinstance(decks, dict):
        raise StateFormatError("nemesis.decks", "must be an object of card lists")
    # a special deck may hold player cards too
    deck_cards = nemesis_cards | player_cards
    n.decks = {str(k): _names(v, f"nemesis.decks.{k}", deck_cards) for k, v in decks.items()}
    n.resolving = _names(nd.get("resolving", []), "nemesis.resolving", nemesis_cards)
    s.nemesis = n
    gd = d.get("gravehold", {"life": 30, "max_life": 30})
    s.gravehold_max = _int(gd.get("max_life", 30), "gravehold.max_life", 1)
    s.gravehold = _int(gd.get("life", s.gravehold_max), "gravehold.life", 0, s.gravehold_max)
    to = _need(d, "turn_order", "state")
    valid_to = {"P1", "P2", "P3", "P4", "N", "W", "P12", "P34"}
    for key in ("deck", "discard"):
        cards = to.get(key, [])
        if not isinstance(cards, list):
            raise StateFormatError(f"turn_order.{key}", "must be a list of turn order cards")
        for i, c in enumerate(cards):
            if c not in valid_to:
                raise StateFormatError(f"turn_order.{key}[{i}]",
                                       f"unknown turn order card {c!r}; use {', '.join(sorted(valid_to))}")
            # S-5 / T-5: true solo may use player cards of any number; all are your turn
            if (c.startswith("P") and c not in ("P12", "P34") and len(s.players) > 1
                    and int(c[1]) > len(s.players)):
                raise StateFormatError(f"turn_order.{key}[{i}]", f"{c} names a player who is not in the game")
    s.to_deck = list(to.get("deck", []))
    s.to_discard = list(to.get("discard", []))
    supply = _need(d, "supply", "state")
    if not isinstance(supply, list):
        raise StateFormatError("supply", "must be a list of [card name, count] piles")
    names: list[str] = []
    for i, pile in enumerate(supply):
        if not (isinstance(pile, list) and len(pile) == 2 and isinstance(pile[0], str)):
            raise StateFormatError(f"supply[{i}]", "must be [card name, count]")
        if pile[0] not in player_cards:
            raise StateFormatError(f"supply[{i}]", f"unknown card {pile[0]!r}")
        names.append(pile[0])
        s.supply_counts.append(_int(pile[1], f"supply[{i}][1]", 0))
    s.supply_names = tuple(names)
    s.destroyed = _names(d.get("destroyed", []), "destroyed", player_cards | nemesis_cards)
    s.active = _int(d.get("active", -1), "active", -1, len(s.players) - 1)
    s.phase = str(d.get("phase", "start"))
    s.turn = _int(d.get("turn", 0), "turn", 0)
    s.rng = _int(d.get("rng", 0), "rng", 0)
    stack = d.get("stack", [])
    if not isinstance(stack, list):
        raise StateFormatError("stack", "must be a list of effect frames")
    s.stack = [_tupled(f) for f in stack]
    dec = d.get("decision")
    if dec is not None:
        try:
            s.decision = Decision.from_dict(dec)
        except (KeyError, TypeError, ValueError) as e:
            raise StateFormatError("decision", f"malformed ({e})") from None
    s.over = bool(d.get("over", False))
    s.result = d.get("result")
    s.reason = d.get("reason")
    flags = d.get("flags", {})
    s.flags = {k: _tupled(v) for k, v in flags.items()} if isinstance(flags, dict) else {}
    s.cast_bonus = [int(x) for x in d.get("cast_bonus", [])]
    s.unleash_depth = _int(d.get("unleash_depth", 0), "unleash_depth", 0)
    s.deferred = [_tupled(f) for f in d.get("deferred", [])]
    s.tokens = {str(k): int(v) for k, v in d.get("tokens", {}).items()}
    s.seq = _int(d.get("seq", 0), "seq", 0)
    return s
