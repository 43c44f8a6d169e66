"""The set-up forms' refusals in a player's words.

The schema and the steps name a field the way a program does (``supply: must be a list of
at least 9 items``, ``seats[1].mage: ...``). A person filling in the new-game or the
expedition form reads a sentence naming what to fix instead ("Choose at least 9 supply
cards (you chose 0)", "Choose a mage for seat 2"), and a program still finds the field as
it was: each function here gives the words and the field, which the forms raise as a
``Refused`` carrying both (the JSON's ``error`` and ``field``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..engine.shapes import Doc, Json
from ..errors import StateFormatError, UnknownName, clip

#: A refusal's words and the field at fault (None: the request as a whole).
Words = tuple[str, str | None]
#: The longest refusal made here (as ``forms.MAX_ERROR``).
LONGEST = 1500

#: What a player calls each field of the forms (``the seed``), by its name in the request.
PLACES = {"seats": "the seats", "market": "the supply", "supply": "the supply", "nemesis": "the nemesis",
          "difficulty": "the difficulty", "ruleset": "the ruleset", "seed": "the seed",
          "basics": "the basic nemesis cards", "upgraded": "the upgraded nemesis cards", "city": "the city",
          "treasures": "the treasures", "players": "the number of players", "length": "the length",
          "boxes": "the boxes", "story": "the story", "title": "the title", "endless": "endless",
          "score": "keeping a score", "group": "the group's treasure", "pile": "the treasure's pile"}
#: What a seat's part is called (``seats[1].mage``: seat 2's mage).
SEAT_PARTS = {"mage": "mage", "bot": "player", "player": "player", "tier1": "tier-1 treasure",
              "tier3": "tier-3 treasure", "slot": "treasure's place in the deck"}
#: What a list field holds, one and many, for "Choose at least 9 supply cards".
NOUNS = {"seats": ("seat", "seats"), "market": ("supply card", "supply cards"),
         "supply": ("supply card", "supply cards"), "boxes": ("box", "boxes"),
         "upgraded": ("upgraded nemesis card", "upgraded nemesis cards")}
#: Where the engine's unknown names come from in the new-game form, by their kind.
NAME_FIELDS = {"mage": "seats", "nemesis": "nemesis", "market": "market", "card": "market",
               "box": "basics", "nemesis card": "upgraded", "treasure": "treasures"}

_PATH = re.compile(r"(?P<top>\w+)(?:\[(?P<i>\d+)\])?(?:\.(?P<part>\w+))?")
_COUNT = re.compile(r"must be a list of (?P<bound>at least|at most) (?P<n>\d+) items")


def place(path: str) -> str:
    """A field path as a player names it: ``seats[1].mage`` is "seat 2's mage",
    ``supply[8]`` "supply card 9"; a path no form has stays as it is."""
    m = _PATH.fullmatch(path)
    if not m:
        return path
    top, i, part = m.group("top"), m.group("i"), m.group("part")
    if i is None:
        return PLACES.get(top, top) if part is None else path
    n = int(i) + 1
    if top == "seats":
        return f"seat {n}" if part is None else f"seat {n}'s {SEAT_PARTS.get(part, part)}"
    if top in NOUNS and part is None:
        return f"{NOUNS[top][0]} {n}"
    return path


def sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _value(data: Doc, path: str) -> Json:
    """The value at a plain field path (``seats``, ``supply``) of the request, or None."""
    return data.get(path) if isinstance(data, dict) else None


def said(path: str, reason: str, data: Doc) -> str:
    """``reason`` about ``path`` as a sentence: a list of the wrong length says how many
    to choose and how many were chosen; anything else names the field as a player would."""
    m = _COUNT.fullmatch(reason)
    if m and path in NOUNS:
        one, many = NOUNS[path]
        want = int(m.group("n"))
        got = _value(data, path)
        chosen = f" (you chose {len(got)})" if isinstance(got, list) else ""
        return f"Choose {m.group('bound')} {want} {one if want == 1 else many}{chosen}"
    if place(path) == path:  # no field of a form (version, token): as the schema said it
        return f"{path}: {reason}"
    if reason == "is missing":
        return f"Choose {place(path)}: the form sent none"
    if reason.startswith("is not a field here"):  # the schema's pointer to the saved-game docs fits no form
        return f"This form has no field {path.rsplit('.', 1)[-1]!r}: leave it out"
    return sentence(f"{place(path)} {reason}" if reason.startswith(("must", "is ")) else f"{place(path)}: {reason}")


def schema_words(e: StateFormatError, data: Doc) -> Words:
    """The schema's complaint about a form (``e.field``, ``e.reason``) in words."""
    return clip(said(e.field, e.reason, data), LONGEST), e.field


def steps_words(message: str) -> Words:
    """A refusal worded ``field: reason`` (the expedition's steps, a form check) with the
    field as a player names it in front, and the field itself kept for programs."""
    field, sep, reason = message.partition(": ")
    if not sep or not _PATH.fullmatch(field) or place(field) == field:
        return clip(message, LONGEST), None
    return clip(sentence(f"{place(field)}: {reason}"), LONGEST), field


def missing_mages(seats: list[str]) -> Words | None:
    """The seats of an expedition battle whose mage is not chosen yet, named, or None."""
    empty = [str(i + 1) for i, m in enumerate(seats) if not m.strip()]
    if not empty:
        return None
    which = empty[0] if len(empty) == 1 else f"{', '.join(empty[:-1])} and {empty[-1]}"
    field = f"seats[{int(empty[0]) - 1}].mage"
    return f"Choose a mage for seat{'s' if len(empty) > 1 else ''} {which}", field


def name_words(e: UnknownName, field: str, where: str = "", kind: str = "",
               choices: Sequence[str] = ()) -> Words:
    """An unknown name, as typed, and where it was given (``seat 2``); the near misses, or
    the ``choices`` when they are few. ``kind``: what a player calls it, where that is not
    the engine's word (a bot)."""
    at = f" ({where})" if where else ""
    close = (f" Did you mean {' or '.join(e.close)}?" if e.close else
             f" Choose {', '.join(choices[:-1])} or {choices[-1]}." if choices else " Choose one from the list.")
    return clip(f"There is no {kind or e.kind} called {clip(e.name, 60)!r}{at}.{close}", LONGEST), field


def same_mage(mages: list[str]) -> Words | None:
    """Two seats with one mage, named (each seat needs its own), or None; any number of
    seats may draw a random mage."""
    seen: dict[str, int] = {}
    for i, m in enumerate(mages):
        if m == "random":
            continue
        if m in seen:
            return (f"Seats {seen[m] + 1} and {i + 1} both chose {m}: choose a different mage for each seat",
                    f"seats[{i}].mage")
        seen[m] = i
    return None
