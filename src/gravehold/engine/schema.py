"""The shapes of everything gravehold reads as JSON, written once.

A state snapshot (``docs/state-format.md``), a record's setup and steps, and the web
server's payloads (a new game, an action) are typed here as msgspec structs. msgspec
decodes JSON straight into them in C, so a loader gets types checked for free and no
slower than ``json.loads`` alone: a ``"false"`` where a boolean goes, a float where an
integer goes, an integer past 64 bits, ``Infinity``, an unknown field, a list of the
wrong length, an object where an action's part goes. :func:`decode` and :func:`convert`
turn msgspec's complaint into a :class:`~gravehold.errors.StateFormatError` naming the
field (``players[0].exhausted: must be true or false, got a string``).

Types are what this module checks; what the game's rules allow (a known card, two
players with two different mages, a minion's life within its printed life) is checked
by the loaders that use it (:func:`gravehold.engine.game.check_consistency`), because
those rules need the content.

Why msgspec and not pydantic, which FastAPI brings anyway: loading a state is on the
search agents' and the server's paths, and msgspec validates while it parses, where
pydantic would validate a parsed dict a second time. Both are typed; msgspec's structs
are also what mypy sees.
"""

from __future__ import annotations

import re
from functools import cache
from itertools import accumulate
from typing import Annotated, Any, Literal, TypeVar

import msgspec
from msgspec import UNSET, Meta, Struct, UnsetType, field

from ..errors import StateFormatError
from .shapes import Doc, ViewDoc

T = TypeVar("T")

#: 64-bit integers: what a JSON number the project reads may be (msgspec refuses more)
Count = Annotated[int, Meta(ge=0, le=2**63 - 1)]
#: any other integer: 64 bits, signed (a dict a caller built may hold bigger ones)
Int = Annotated[int, Meta(ge=-(2**63), le=2**63 - 1)]
#: a game's seed: 0 to 2**63 - 1. Every seed the project makes is in it: the command line's
#: and the web's, a fresh random one, and a battle's, which an expedition derives from its
#: generator (``word >> 2``); only an expedition's own seed is signed (``Int``: a sweep's)
Seed = Count
#: a name of a mage, nemesis, market, card or box (the longest real one is about 30)
Name = Annotated[str, Meta(max_length=100)]
Names = list[Name]
#: a ruleset: a preset's name, or options (over an optional ``preset``); values are
#: checked by :func:`gravehold.engine.ruleset.resolve`, which knows each option's type
RulesetSpec = Name | dict[Name, Any]

#: an action: a head and its parts, each a name or a number (``["gain", "Name"]``)
Part = str | Int
ActionDoc = Annotated[list[Part], Meta(min_length=1, max_length=12)]

# Effect frames nest (a step holding the steps of an ``if``): msgspec has no recursive
# aliases, so the nesting is spelled out to depth 12. Real frames reach depth 8.
_Leaf = str | Int | bool | None
_F1 = list[_Leaf]
_F2 = list[_Leaf | _F1]
_F3 = list[_Leaf | _F2]
_F4 = list[_Leaf | _F3]
_F5 = list[_Leaf | _F4]
_F6 = list[_Leaf | _F5]
_F7 = list[_Leaf | _F6]
_F8 = list[_Leaf | _F7]
_F9 = list[_Leaf | _F8]
_F10 = list[_Leaf | _F9]
_F11 = list[_Leaf | _F10]
FrameDoc = list[_Leaf | _F11]
#: a turn flag's value: a number, a name, or a short list of them
FlagValue = _Leaf | _F2

#: S-5: a player, pair, wild or nemesis card, or a mat's own nemesis card, "N:<name>" (checked
#: against the nemesis when the state loads)
TurnOrderCard = Annotated[str, Meta(pattern=r"^(P[1-4]|P12|P34|W|N|N:[^:]+)$")]


def nemesis_turn_card(card: str) -> bool:
    """Is this turn order card one of the nemesis' (the plain "N" or a mat's own, S-5)?"""
    return card[:1] == "N"
Pool = Literal["spell", "gem", "relic", "card", "no_relic_spell", "breach", "spell_breach", "gem_relic"]
Phase = Literal["setup", "start", "casting", "main", "draw", "nemesis_main", "nemesis_draw"]
Difficulty = Literal["beginner", "normal", "expert", "extinction"]


class _Doc(Struct, forbid_unknown_fields=True, omit_defaults=True):
    """Every document refuses fields it does not know: a typo is an error, not a default."""


# --------------------------------------------------------------------- setups
class SeatTreasuresDoc(_Doc):
    """One seat's treasures (X-5, X-14): a tier-1 card, the deck position it took, a tier 3."""

    tier1: Name | None = None
    tier3: Name | None = None
    slot: Annotated[int, Meta(ge=0, le=4)] | None = None


class TreasuresDoc(_Doc):
    """A game's treasures: each seat's, from seat 0, and the group's tier 2 with its pile."""

    players: Annotated[list[SeatTreasuresDoc | None], Meta(max_length=4)] = field(default_factory=list)
    group: Name | None = None
    pile: Name | None = None


class EnhancementDoc(_Doc, omit_defaults=False):
    """C-6: one enhancement of a seat: its name, kind and treasure rules (``keywords.enhancements``)."""

    name: Annotated[str, Meta(min_length=1, max_length=80)]
    kind: Name
    rules: Annotated[list[FrameDoc], Meta(min_length=1, max_length=16)]


class StickerDoc(_Doc, omit_defaults=False):
    """C-7: one sticker's name and changes (``keywords.stickers``)."""

    name: Annotated[str, Meta(min_length=1, max_length=80)]
    changes: Annotated[list[FrameDoc], Meta(min_length=1, max_length=16)]


#: the campaign's setup hooks (``engine.campaign_setup``), alike in a setup and a state's config
Enhancements = Annotated[list[list[EnhancementDoc]], Meta(max_length=4)]
Stickers = dict[Annotated[str, Meta(pattern=r"^[0-9]{1,9}$")], StickerDoc]
PileSizes = dict[Name, Count]
PileCards = dict[Name, Annotated[Names, Meta(max_length=99)]]


class SetupDoc(_Doc):
    """What a game is set up from (``Game.from_config``; a record's ``config``)."""

    mages: Annotated[Names, Meta(min_length=1, max_length=4)]
    nemesis: Name = ""
    market: Name | Annotated[Names, Meta(max_length=20)] = ""
    difficulty: Difficulty = "normal"
    ruleset: RulesetSpec = "we"
    seed: Seed = 0
    four_player_variant: bool = False
    basics: Name | None = None
    boxes: Names | None = None
    human_seats: Annotated[list[Int], Meta(max_length=4)] | None = None
    upgraded: Annotated[Names, Meta(max_length=64)] | None = None
    treasures: TreasuresDoc | None = None
    prebuilt_deck: bool = False  # XS-3
    marked: Annotated[list[Names], Meta(max_length=4)] | None = None  # K-9
    city: Name | None = None  # random mages and markets of this city (and of none)
    enhancements: Enhancements | None = None  # C-6
    supply_marked: PileCards | None = None  # C-17
    stickers: Stickers | None = None  # C-7
    nemesis_deck: Annotated[Names, Meta(max_length=99)] | None = None  # C-12
    basic_pool: Annotated[Names, Meta(max_length=99)] | None = None  # C-4, C-10
    pile_sizes: PileSizes | None = None  # C-4, C-10


class RequestDoc(_Doc, omit_defaults=False):
    """What a game's creator asked for (``random`` seats and markets replay the same draws)."""

    mages: Annotated[Names, Meta(min_length=1, max_length=4)]
    nemesis: Name = ""
    market: Name | Names = ""
    treasures: TreasuresDoc | UnsetType = UNSET


class ConfigDoc(_Doc):
    """A state's ``config``: the setup as resolved, and what was asked for.

    Every field but ``mages`` may be absent (a position written by hand names only what
    it needs), and a field that was absent stays absent when the state is saved again, so
    a round trip gives back the very config, and a saved game's digest, it was given.
    """

    mages: Annotated[Names, Meta(min_length=1, max_length=4)]
    nemesis: Name | UnsetType = UNSET
    market: Name | Names | UnsetType = UNSET
    difficulty: Difficulty | UnsetType = UNSET
    ruleset: RulesetSpec | UnsetType = UNSET
    seed: Int | UnsetType = UNSET  # signed, as saved games have been kept (new ones are all Seed)
    four_player_variant: bool | UnsetType = UNSET
    basics: Name | None | UnsetType = UNSET
    boxes: Names | None | UnsetType = UNSET
    expert: bool | UnsetType = UNSET
    request: RequestDoc | None | UnsetType = UNSET
    supply: Names | None | UnsetType = UNSET
    human_seats: Annotated[list[Int], Meta(max_length=4)] | UnsetType = UNSET
    upgraded: Annotated[Names, Meta(max_length=64)] | UnsetType = UNSET
    treasures: TreasuresDoc | UnsetType = UNSET
    prebuilt_deck: bool | UnsetType = UNSET
    campaign: bool | UnsetType = UNSET  # C-16
    marked: Annotated[list[Names], Meta(max_length=4)] | UnsetType = UNSET  # K-9
    city: Name | UnsetType = UNSET  # the city random mages and markets came from
    enhancements: Enhancements | UnsetType = UNSET  # C-6
    supply_marked: PileCards | UnsetType = UNSET  # C-17
    stickers: Stickers | UnsetType = UNSET  # C-7
    nemesis_deck: Annotated[Names, Meta(max_length=99)] | UnsetType = UNSET  # C-12
    basic_pool: Annotated[Names, Meta(max_length=99)] | UnsetType = UNSET  # C-4, C-10
    pile_sizes: PileSizes | UnsetType = UNSET  # C-4, C-10


# ---------------------------------------------------------------------- state
class BreachDoc(_Doc):
    state: Literal["open", "closed", "none", "destroyed"] = "open"
    stage: Annotated[int, Meta(ge=0, le=3)] = 0
    focused: bool = False
    spells: Annotated[Names, Meta(max_length=40)] = field(default_factory=list)
    covered_by: Annotated[int, Meta(ge=-1, le=3)] = -1
    attached: Names = field(default_factory=list)
    face_down: Names = field(default_factory=list)


class PlayerDoc(_Doc):
    mage: Name
    breaches: Annotated[list[BreachDoc], Meta(min_length=4, max_length=4)]
    max_life: Annotated[int, Meta(ge=1, le=99)] = 10
    life: Count | None = None  # None: max_life
    hand: Names = field(default_factory=list)
    deck: Names = field(default_factory=list)
    discard: Names = field(default_factory=list)
    played: Names = field(default_factory=list)
    max_charges: Annotated[int, Meta(ge=1, le=20)] = 5
    charges: Count = 0
    aether: Count = 0
    aether_for: dict[Pool, Count] = field(default_factory=dict)
    aether_spell: Count = 0  # an older spelling of {"aether_for": {"spell": n}}
    exhausted: bool = False
    tokens: dict[Name, Count] = field(default_factory=dict)
    set_aside: Names = field(default_factory=list)  # cards set aside beside the mat (K-13)
    aether_tokens: Count = 0  # aether tokens held between turns (K-7)
    decks: dict[Name, Names] = field(default_factory=dict)  # the mage's own decks (K-13)


class InPlayDoc(_Doc):
    name: Name
    life: Count = 0
    power: Count = 0
    shields: Count = 0
    silenced: bool = False


class NemesisDoc(_Doc):
    id: Name
    max_life: Annotated[int, Meta(ge=1)]
    life: Count | None = None  # None: max_life
    deck: Names = field(default_factory=list)
    discard: Names = field(default_factory=list)
    in_play: list[InPlayDoc] = field(default_factory=list)
    tokens: dict[Name, Int] = field(default_factory=dict)
    decks: dict[Name, Names] = field(default_factory=dict)
    resolving: Names = field(default_factory=list)


class GraveholdDoc(_Doc):
    max_life: Annotated[int, Meta(ge=1)] = 30
    life: Count | None = None  # None: max_life


class TurnOrderDoc(_Doc):
    deck: list[TurnOrderCard] = field(default_factory=list)
    discard: list[TurnOrderCard] = field(default_factory=list)


class DecisionDoc(_Doc):
    kind: Name
    player: Int
    options: Annotated[list[ActionDoc], Meta(min_length=1)]
    resume: FrameDoc
    source: str = ""
    prompt: str = ""
    seq: Count = 0


class StateDoc(_Doc):
    """A whole game at one moment (``docs/state-format.md``)."""

    config: ConfigDoc
    players: Annotated[list[PlayerDoc], Meta(min_length=1, max_length=4)]
    nemesis: NemesisDoc
    turn_order: TurnOrderDoc
    supply: list[tuple[Name, Count]]
    format: Literal["gravehold-state/1"] = "gravehold-state/1"
    gravehold: GraveholdDoc = field(default_factory=GraveholdDoc)
    destroyed: Names = field(default_factory=list)
    active: Int = -1
    phase: Phase = "start"
    turn: Count = 0
    rng: Annotated[int, Meta(ge=0)] = 0  # a 64-bit generator state (checked by the loader)
    stack: list[FrameDoc] = field(default_factory=list)
    decision: DecisionDoc | None = None
    over: bool = False
    result: Literal["win", "loss"] | None = None
    reason: str | None = None
    flags: dict[Name, FlagValue] = field(default_factory=dict)
    #: (bonus, sources that took it) per spell being cast; a bare count is a save from before P-20
    cast_bonus: list[Annotated[list[Count], Meta(min_length=2, max_length=2)] | Count] = field(
        default_factory=list)  # msgspec: a tuple in this union crashes it, so a 2-item list
    unleash_depth: Count = 0
    deferred: list[FrameDoc] = field(default_factory=list)
    tokens: dict[Name, Int] = field(default_factory=dict)
    seq: Count = 0
    severed: Annotated[list[Int], Meta(max_length=4)] = field(default_factory=list)
    banished: Names = field(default_factory=list)
    supply_bottom: dict[Name, Names] = field(default_factory=dict)  # C-17


# --------------------------------------------------------------------- records
class StepDoc(_Doc):
    action: ActionDoc
    digest: str | None = None


class RecordDoc(_Doc):
    """A played game: its setup and every action (``gravehold.record``)."""

    format: Literal["gravehold-record/1"]
    config: SetupDoc
    steps: list[StepDoc]
    engine: Int = 1
    summary: Doc = field(default_factory=dict)


# ------------------------------------------------------------ web payloads
class SeatDoc(_Doc):
    mage: Name | None = None  # None or "": a random mage
    bot: Name | None = None  # None or "": a human seat


class NewGameDoc(_Doc):
    """``POST /api/games``."""

    seats: Annotated[list[SeatDoc], Meta(min_length=1, max_length=4)]
    nemesis: Name | None = None
    market: Name | Annotated[Names, Meta(min_length=9, max_length=9)] | None = None
    difficulty: Name | None = None
    ruleset: RulesetSpec | None = None
    seed: Seed | None = None
    four_player_variant: bool = False
    basics: Name | None = None
    upgraded: Annotated[Names, Meta(max_length=64)] | None = None
    treasures: TreasuresDoc | None = None
    city: Name | None = None  # random mages and a random market of this city (and of none)
    browser: Annotated[str, Meta(max_length=64)] | None = None


class MessageDoc(_Doc):
    """An action or undo sent to ``/api/games/{id}/...`` or over the game's socket."""

    type: Literal["action", "undo"] = "action"
    seq: Int | None = None
    action: ActionDoc | None = None
    token: str | None = None  # any string: a wrong one is a wrong link (403), not a bad request


@cache
def _fields(doc: type[Struct]) -> frozenset[str]:
    """A document's field names, read once: ``msgspec.structs.fields`` reads the class's
    type annotations again at every call, and a search agent asks at every decision."""
    return frozenset(f.encode_name for f in msgspec.structs.fields(doc))


def state_fields(d: ViewDoc) -> Doc:
    """A state built from a seat's view (a search agent's sampled world) without the
    fields only a view has (``deck_size``, ``hand_size``, …), which a state refuses."""
    top, player, nemesis, order, cfg = (_fields(StateDoc), _fields(PlayerDoc), _fields(NemesisDoc),
                                        _fields(TurnOrderDoc), _fields(ConfigDoc))
    out = {k: v for k, v in d.items() if k in top}
    out["players"] = [{k: v for k, v in p.items() if k in player} for p in d["players"]]
    out["nemesis"] = {k: v for k, v in d["nemesis"].items() if k in nemesis}
    out["turn_order"] = {k: v for k, v in d["turn_order"].items() if k in order}
    out["config"] = {k: v for k, v in d["config"].items() if k in cfg}
    return out


# ------------------------------------------------------------------ reading
_AT = re.compile(r"^(.*?)(?: - at `\$(.*)`)?$", re.S)
_WORDS = {"int": "an integer", "str": "a string", "bool": "true or false", "array": "a list",
          "object": "an object", "null": "null", "float": "a number with a fraction", "number": "a number"}


def _field(where: str, path: str) -> str:
    """``where`` (``"config"``, or ``"FILE: "`` for a file) joined to a field path."""
    path = path[1:] if path.startswith(".") else path
    if not path:
        return where.removesuffix(": ") or "document"
    if not where or where.endswith(": "):
        return where + path
    return f"{where}{'' if path.startswith('[') else '.'}{path}"


def _words(types: str) -> str:
    """msgspec's ``str | array`` as ``a string or a list``."""
    return " or ".join(_WORDS.get(t.strip(), t.strip()) for t in types.split("|"))


_BOUND = {">=": "at least", "<=": "at most", ">": "more than", "<": "less than"}


def _reason(msg: str) -> tuple[str, str]:
    """msgspec's message as (a field to add to the path, a reason in the project's words)."""
    m = re.fullmatch(r"Object missing required field `(.+)`", msg)
    if m:
        return m.group(1), "is missing"
    m = re.fullmatch(r"Object contains unknown field `(.+)`", msg)
    if m:
        return m.group(1), "is not a field here (docs/state-format.md lists the fields)"
    m = re.fullmatch(r"Expected `([\w |]+)`, got `(\w+)`", msg)
    if m:
        return "", f"must be {_words(m.group(1))}, got {_WORDS.get(m.group(2), m.group(2))}"
    m = re.fullmatch(r"Expected `(\w+)` (>=|<=|>|<) (-?\d+)(?:, got `?(-?\d+)`?)?", msg)
    if m:
        got = f", got {m.group(4)}" if m.group(4) else ""
        return "", f"must be {_WORDS.get(m.group(1), m.group(1))} {_BOUND[m.group(2)]} {m.group(3)}{got}"
    m = re.fullmatch(r"Expected `(\w+)` of length (>=|<=) (\d+)(?:, got `?(\d+)`?)?", msg)
    if m:
        unit = "characters" if m.group(1) == "str" else "items"
        got = f", got {m.group(4)}" if m.group(4) else ""
        return "", f"must be {_WORDS.get(m.group(1), m.group(1))} of {_BOUND[m.group(2)]} {m.group(3)} {unit}{got}"
    if msg in ("Integer value out of range", "Number out of range"):
        return "", "is a number too large to hold"
    if msg.startswith("Invalid enum value"):
        return "", msg.replace("Invalid enum value", "is not one of the allowed values:")
    m = re.fullmatch(r"Expected `(.+?)`, got `(.+?)`", msg)
    if m:
        return "", f"must be {m.group(1).replace('`', '')}, got {m.group(2)}"
    return "", msg[:1].lower() + msg[1:]


def _refusal(e: msgspec.MsgspecError, where: str) -> StateFormatError:
    m = _AT.match(str(e))
    msg, path = (m.group(1), m.group(2) or "") if m else (str(e), "")
    extra, reason = _reason(msg)
    if extra:
        path = f"{path}.{extra}"
    return StateFormatError(_field(where, path), reason)


#: How deep a document from outside (an export, a record file, a request) may nest. Real
#: ones stay under 16; the parts the types leave open (a setup, a ruleset's options, a
#: summary) would otherwise take any depth the parser reaches, and every later walk of
#: them (a comparison, to_builtins, a message quoting the value) recurses as deep again.
MAX_DEPTH = 64

_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKET = bytes(c for c in range(256) if c not in b"[]{}")
_NOT_MARK = bytes(c for c in range(256) if c not in b'[]{}"')
_STEP = bytes.maketrans(b"[{]}", b"\x01\x01\x02\x02")


def nesting(raw: bytes | str) -> int:
    """How deep JSON text nests (brackets in strings do not count), read in one pass and
    without recursion, so a body nested 50,000 deep is measured before any parser sees it.
    Text with no backslash has no escaped quote, so every other quote closes a string and
    only quotes and brackets need looking at (some 20 ms for a 2 MB export)."""
    text = raw.encode() if isinstance(raw, str) else raw
    if b"\\" in text:
        brackets = _STRING.sub(b"", text).translate(_STEP, _NOT_BRACKET)
    else:
        brackets = b"".join(text.translate(None, _NOT_MARK).split(b'"')[::2]).translate(_STEP)
    return max(accumulate(map((0, 1, -1).__getitem__, brackets)), default=0)


def shallow(raw: bytes | str, where: str = "", limit: int = MAX_DEPTH) -> None:
    """Refuse JSON text nested deeper than ``limit`` (``MAX_DEPTH``), naming ``where``."""
    depth = nesting(raw)
    if depth > limit:
        raise StateFormatError(_field(where, ""), f"is nested too deeply ({depth:,} levels; at most {limit} are read)")


def decode(raw: bytes | str, typ: type[T], where: str = "", max_depth: int | None = None) -> T:
    """Parse JSON text into ``typ``, or raise a StateFormatError naming the field.

    ``where`` prefixes the field (``"config"``); an empty ``where`` names fields from the
    top of the document. JSON that does not parse names ``where`` (or ``document``).
    ``max_depth``: refuse text nested deeper first (:func:`shallow`; what a file from
    outside gets, and a state the engine wrote itself does not pay for).
    """
    if max_depth is not None:
        shallow(raw, where, max_depth)
    try:
        return msgspec.json.decode(raw, type=typ)
    except msgspec.ValidationError as e:
        raise _refusal(e, where) from None
    except msgspec.DecodeError as e:
        raise StateFormatError(_field(where, ""), f"is not valid JSON ({e})") from None
    except RecursionError:
        raise StateFormatError(_field(where, ""), "is nested too deeply") from None


def convert(obj: Any, typ: type[T], where: str = "") -> T:
    """Check an already-parsed value (a dict a test or a caller built) against ``typ``."""
    try:
        return msgspec.convert(obj, typ)
    except msgspec.ValidationError as e:
        raise _refusal(e, where) from None
    except RecursionError:
        raise StateFormatError(_field(where, ""), "is nested too deeply") from None


def to_builtins(doc: Any) -> Any:
    """A document as plain dicts and lists again (defaults left out)."""
    return msgspec.to_builtins(doc)
