"""Reading what clients send: JSON bodies and socket messages, the new-game form, seat
tokens, the browser id and the game list's paging.

Every value is checked for its type here, at the edge, and every refusal is a
:class:`Refused` naming the field at fault, so nothing malformed reaches the engine
(where it would be a 500) and no refusal echoes more than a short piece of the input.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from dataclasses import dataclass

from ..agents import AGENTS, make_agent
from ..content import registry as content
from ..engine import schema
from ..engine.ruleset import DEFAULT, resolve
from ..engine.setup import DIFFICULTIES
from ..engine.shapes import Doc, Json
from ..engine.state import Action, tupled
from ..errors import GraveholdError, RulesetError, StateFormatError, UnknownName
from ..errors import clip as cut
from .wording import Words, name_words, same_mage, schema_words, sentence


class Refused(GraveholdError):
    """A request that is understood but not allowed; ``status`` is the HTTP code, and
    ``headers`` go with the reply (Retry-After for a 429). ``field`` names the field at
    fault for programs when the message is worded for a person (``wording``)."""

    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None,
                 field: str | None = None) -> None:
        self.status, self.headers, self.field = status, headers, field
        super().__init__(message)

    @classmethod
    def said(cls, words: Words, status: int = 422) -> Refused:
        """A refusal of a form, in the words and with the field ``wording`` gave."""
        return cls(status, words[0], field=words[1])


#: The longest error message sent back. A refusal lists the valid names (all supply cards
#: is about 1,300 characters); this only cuts what a client could make it echo.
MAX_ERROR = 1500
#: The longest mage, nemesis, market, card or agent name accepted (the longest is ~30).
MAX_NAME = 100
#: The longest action, as JSON, looked at. Every option is a short list (under 60 characters).
MAX_ACTION = 500
#: What a browser id may be: it goes back in a cookie and into the database (64 characters).
BROWSER = re.compile(r"[A-Za-z0-9_-]{1,64}")


def clip(text: str, limit: int = MAX_ERROR) -> str:
    """``text``, cut to ``limit`` characters (at most a refusal's length by default)."""
    return cut(text, limit)


def kind(value: object) -> str:
    """What a JSON value is, in words, to say what was sent without echoing it."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return clip(repr(value), 24)
    if isinstance(value, str):
        return "a string"
    return "a list" if isinstance(value, list) else "an object" if isinstance(value, dict) else type(value).__name__


def non_finite(data: Json) -> str | None:
    """Where the first number that is not finite sits in ``data`` (``action[1]``), or None.

    Python's JSON parser takes ``NaN``, ``Infinity`` and ``1e400`` (which overflows to
    infinity); the engine then fails on them (``int(inf)`` is an OverflowError). The walk
    is iterative, so any nesting the parser accepted is fine here.
    """
    stack: list[tuple[Json, str]] = [(data, "")]
    while stack:
        x, at = stack.pop()
        if isinstance(x, float) and not math.isfinite(x):
            return at or "the value"
        if isinstance(x, dict):
            stack.extend((v, f"{at}.{k}" if at else str(k)) for k, v in reversed(x.items()))
        elif isinstance(x, list):
            stack.extend((v, f"{at}[{i}]") for i, v in reversed(list(enumerate(x))))
    return None


def parse_json(raw: bytes | str, what: str = "the request body") -> Doc:
    """A JSON object with finite numbers only, or a Refused saying what is wrong. Nesting
    past ``schema.MAX_DEPTH`` is refused before the parser sees it: no real request comes
    near, and a value nested deeper would make every later walk of it recurse as deep."""
    depth = schema.nesting(raw)
    if depth > schema.MAX_DEPTH:
        raise Refused(400, f"{what} is nested too deeply ({depth:,} levels; at most {schema.MAX_DEPTH} are read)")
    try:
        data = json.loads(raw)
    except RecursionError:
        raise Refused(400, f"{what} is nested too deeply") from None
    except ValueError:  # JSONDecodeError, bad UTF-8, an integer too long to convert
        raise Refused(400, f"{what} must be a JSON object") from None
    if not isinstance(data, dict):
        raise Refused(400, f"{what} must be a JSON object, not {kind(data)}")
    bad = non_finite(data)
    if bad is not None:
        raise Refused(422, f"{bad}: NaN and Infinity are not numbers JSON allows")
    return data


def message(data: Doc) -> schema.MessageDoc:
    """An action or undo request, its fields typed by the schema (``MessageDoc``)."""
    try:
        return schema.convert(data, schema.MessageDoc)
    except StateFormatError as e:
        raise Refused(422, clip(str(e))) from None


def token(value: object) -> str | None:
    """A seat token from a request body: a string, or missing."""
    if value is None or isinstance(value, str):
        return value
    raise Refused(422, f"token: must be a string (the t= part of a seat link), not {kind(value)}")


def browser_id(value: object) -> str | None:
    """A browser id we may use as given (a cookie or the form's ``browser``), or None."""
    return value if isinstance(value, str) and BROWSER.fullmatch(value) else None


@dataclass
class GameForm:
    """A checked request for a new game: what ``Game.new`` takes, and who sits where."""

    mages: list[str]
    seats: list[Doc]  # {"kind": "bot", "agent"} or {"kind": "human"}
    nemesis: str
    market: str | list[str]
    difficulty: str
    ruleset: str | Doc
    seed: int | None
    four_player_variant: bool
    basics: str | None = None  # the box of the basic nemesis cards (default: the nemesis' box)
    upgraded: list[str] | None = None  # upgraded basic nemesis cards for the deck (S-10)
    treasures: Doc | None = None  # as Game.new takes them
    city: str | None = None  # the city random mages and a random market are drawn for


def seat_mages(seats: list[schema.SeatDoc]) -> list[str]:
    """Each seat's mage as the setup takes it ("random" for none); an unknown mage is
    refused naming its seat, and two seats with one mage naming both."""
    mages = []
    for i, s in enumerate(seats):
        m = s.mage or "random"
        if m.casefold() != "random":
            try:
                m = content.mage(m).id
            except UnknownName as e:
                raise Refused.said(name_words(e, f"seats[{i}].mage", f"seat {i + 1}")) from None
        mages.append(m)
    twice = same_mage(mages)
    if twice is not None:
        raise Refused.said(twice)
    return mages


def _names(names: list[str], field: str, noun: str, look: Callable[[str], object]) -> None:
    """Each of a list of names known (``look`` finds it) and none twice, or a refusal
    naming the one at fault as typed, and its place in the list (``supply card 3``)."""
    seen: dict[str, int] = {}
    for i, name in enumerate(names):
        try:
            look(name)
        except UnknownName as e:
            raise Refused.said(name_words(e, f"{field}[{i}]", f"{noun} {i + 1}")) from None
        first = seen.setdefault(name.casefold(), i)
        if first != i:
            raise Refused(422, f"{clip(name, 60)} is chosen twice ({noun}s {first + 1} and {i + 1}): "
                               f"each {noun} must be a different one", field=f"{field}[{i}]")


def game_names(doc: schema.NewGameDoc) -> None:
    """The hand-picked supply, the difficulty and the upgraded nemesis cards, checked by
    name before the setup sees them, so each refusal names what was typed where."""
    if isinstance(doc.market, list):
        _names(doc.market, "market", "supply card", content.card)
    if doc.difficulty and doc.difficulty not in DIFFICULTIES:
        raise Refused(422, f"There is no difficulty called {clip(doc.difficulty, 40)!r}: choose "
                           f"{', '.join(DIFFICULTIES[:-1])} or {DIFFICULTIES[-1]}", field="difficulty")
    _names(list(doc.upgraded or ()), "upgraded", "upgraded nemesis card", content.nemesis_card)


def game_form(form: Doc) -> GameForm:
    """Check a new-game request: its types by the schema (``NewGameDoc``, which names the
    field at fault), mages and agent names here; other names, values and rules by the
    engine's own setup. Every refusal is a sentence with the field beside it (``wording``)."""
    try:
        doc = schema.convert(form, schema.NewGameDoc)
    except StateFormatError as e:
        raise Refused.said(schema_words(e, form)) from None
    mages, seats = seat_mages(doc.seats), []
    game_names(doc)
    for i, s in enumerate(doc.seats):
        if not s.bot:
            seats.append({"kind": "human"})
            continue
        try:
            make_agent(s.bot, 0)
        except UnknownName as e:
            raise Refused.said(name_words(e, f"seats[{i}].bot", f"seat {i + 1}", kind="bot",
                                                choices=sorted(AGENTS))) from None
        seats.append({"kind": "bot", "agent": s.bot})
    rs = doc.ruleset if doc.ruleset not in (None, "") else DEFAULT
    try:
        resolve(rs)  # the engine's own check: it names the option at fault
    except RulesetError as e:
        raise Refused(422, sentence(str(e)), field="ruleset") from None
    return GameForm(mages=mages, seats=seats, nemesis=doc.nemesis or "random",
                    market=doc.market if isinstance(doc.market, list) else doc.market or "official",
                    difficulty=doc.difficulty or "normal", ruleset=rs, seed=doc.seed,
                    four_player_variant=doc.four_player_variant, basics=doc.basics or None,
                    upgraded=list(doc.upgraded) if doc.upgraded else None,
                    treasures=schema.to_builtins(doc.treasures) if doc.treasures is not None else None,
                    city=_city(doc.city) if doc.city else None)


def _city(name: str) -> str:
    """The city asked for, or a refusal naming the field and the cities there are."""
    from ..engine.setup import SetupError, city_of

    try:
        return city_of(name)
    except SetupError as e:
        raise Refused(422, sentence(str(e)), field="city") from None


def whole(value: str | None, name: str, default: int, lo: int, hi: int | None = None) -> int:
    """A whole-number query parameter between ``lo`` and ``hi``."""
    if value is None or value == "":
        return default
    top = f" to {hi}" if hi is not None else " or more"
    if not re.fullmatch(r"-?[0-9]{1,12}", value) or int(value) < lo or (hi is not None and int(value) > hi):
        raise Refused(422, f"{name}: must be a whole number from {lo}{top}")
    return int(value)


def _same(a: Json, b: Json) -> bool:
    """Equal as JSON: 0.0 and false are not 0, though Python says they are."""
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple):
        return len(a) == len(b) and all(map(_same, a, b))
    return bool(a == b)


def listed_option(options: list[Action], action: Json) -> Action:
    """The listed option ``action`` is, as the engine listed it. An action that is no
    option comes back as it is: applying it raises IllegalAction, which says why."""
    if not isinstance(action, list) or not action:
        raise Refused(422, "action: must be a non-empty list, one of the listed options")
    n = len(json.dumps(action))
    if n > MAX_ACTION:
        raise Refused(422, f"action: {n} characters long; no option is over {MAX_ACTION}")
    t = tupled(action)
    for o in options:
        if _same(o, t):
            return o
    if t in options:
        raise Refused(422, "action: a number in it is not a whole number (such as 0.0 or false for 0); "
                           "send the option as it is listed")
    return t  # type: ignore[no-any-return]
