"""The player-card catalogue and its marked copies (K-9).

A marked copy (Legacy's boost, overheat, crossed-out text) is a card of its own in the
catalogue, named by its base card and its marks (``"Spark{boost}"``), derived from the base
card by each mark's change, so every zone keeps holding plain names: it clones, saves and
compares like any card. This module holds the catalogue itself (``CARDS``) because a copy
is made on the catalogue's first read of its name; ``content/registry.py`` re-exports all of
it and stays the one place content is looked up.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from contextlib import suppress
from dataclasses import replace

from ..errors import ContentError, UnknownName, close_names
from .model import CardDef


class _Cards(dict[str, CardDef]):
    """The player-card catalogue. A marked copy (K-9, ``"Spark{boost}"``) is a card of its
    own, derived from its base card by its marks the first time a process reads it: a bot,
    an RL client or a page server that gets a decision or a view naming a copy marked in
    another process finds it here like any card, instead of each boundary having to register
    the names it receives. A name that is neither a card nor a well-formed marked copy of
    one stays a KeyError."""

    def __missing__(self, name: str) -> CardDef:
        m = _MARKED.match(name) if "{" in name else None
        if m is None:
            raise KeyError(name)
        try:
            return self[_variant(m.group("base"), tuple(m.group("marks").split(",")))]
        except (UnknownName, ContentError):
            raise KeyError(name) from None


CARDS: dict[str, CardDef] = _Cards()


#: mark -> how a copy with it differs from the card (a permanent mark on one copy, such as
#: Legacy's boost or overheat). Registered by the box or keyword module that defines it.
MARKS: dict[str, Callable[[CardDef], CardDef]] = {}
#: marks a copy may bear more than once (K-9's boost: one mark per circle filled)
COUNTED: set[str] = set()
#: mark families: a word and a number (``cross2``: step 2 struck out), word -> change
MARK_FAMILIES: dict[str, Callable[[CardDef, int], CardDef]] = {}
_MARKED = re.compile(r"^(?P<base>.+)\{(?P<marks>[a-z_]+[0-9]*(?:,[a-z_]+[0-9]*)*)\}$")
_FAMILY = re.compile(r"^(?P<word>[a-z_]+)(?P<n>[0-9]+)$")
#: every marked copy made so far: while there is none, no game can hold one (a view skips them)
VARIANTS: set[str] = set()


def register_mark(mark: str, change: Callable[[CardDef], CardDef], counted: bool = False) -> None:
    if not re.fullmatch(r"[a-z_]+", mark):
        raise ContentError(f"mark {mark!r}: a mark is a lower-case word")
    if mark in MARKS or mark in MARK_FAMILIES:
        raise ContentError(f"mark {mark!r} is registered twice")
    MARKS[mark] = change
    if counted:
        COUNTED.add(mark)


def register_mark_family(word: str, change: Callable[[CardDef, int], CardDef]) -> None:
    """Marks ``word<n>`` (a number each copy names, e.g. the step struck out)."""
    if not re.fullmatch(r"[a-z_]+", word):
        raise ContentError(f"mark family {word!r}: a mark is a lower-case word")
    if word in MARKS or word in MARK_FAMILIES:
        raise ContentError(f"mark {word!r} is registered twice")
    MARK_FAMILIES[word] = change


def _change(mark: str) -> Callable[[CardDef], CardDef]:
    """How a copy with ``mark`` differs, or an UnknownName naming the mark."""
    if mark in MARKS:
        return MARKS[mark]
    m = _FAMILY.match(mark)
    if m and m.group("word") in MARK_FAMILIES:
        family, n = MARK_FAMILIES[m.group("word")], int(m.group("n"))
        return lambda c: family(c, n)
    raise UnknownName("mark", mark, close_names(mark, MARKS), sorted(MARKS))


def marked(name: str, mark: str) -> str:
    """The name of a copy of card ``name`` that also bears ``mark``, e.g. ``"Spark{boost}"``.

    A marked copy is a card of its own in the catalogue, derived from its base card by its
    marks (applied in name order), so every zone keeps holding plain names: it clones, saves
    and compares like any card. Marks are public, like anything printed on a card.
    """
    base = base_of(name)
    old = CARDS[name].marks if name in CARDS else ()
    marks = tuple(sorted([*old, mark] if mark in COUNTED or mark not in old else old))
    return _variant(base, marks)


def base_of(name: str) -> str:
    """The card a (possibly marked) copy is a copy of."""
    if "{" not in name:  # no marks: the card itself (the common case, asked in every bot's turn)
        return name
    c = CARDS.get(name)
    if c is not None and c.base is not None:
        return c.base
    m = _MARKED.match(name)
    return m.group("base") if m else name


def _variant(base: str, marks: tuple[str, ...]) -> str:
    name = f"{base}{{{','.join(marks)}}}"
    if name not in CARDS:
        if base not in CARDS or CARDS[base].base is not None:
            raise UnknownName("card", base, [], [])
        card = CARDS[base]
        for mk in marks:
            change = _change(mk)
            if mk not in COUNTED and marks.count(mk) > 1:
                raise ContentError(f"mark {mk!r} is borne once at most ({base})")
            try:
                card = change(card)
            except (IndexError, KeyError, TypeError, ValueError) as e:
                raise ContentError(f"mark {mk!r} does not apply to {base} ({type(e).__name__}: {e})") from None
        CARDS[name] = replace(card, name=name, base=base, marks=marks)
        VARIANTS.add(name)
    return name


def register_marked_names(data: object) -> None:
    """Register the marked copies a state written as JSON names (``"Spark{boost}"``), so the
    loader knows them; a name with an unknown base or mark stays unknown and is refused there."""
    if isinstance(data, str):
        m = _MARKED.match(data) if "{" in data else None
        if m and data not in CARDS:
            with suppress(UnknownName, ContentError):  # left unknown: the loader names the field
                _variant(m.group("base"), tuple(m.group("marks").split(",")))
    elif isinstance(data, dict):
        for v in data.values():
            register_marked_names(v)
    elif isinstance(data, list):
        for v in data:
            register_marked_names(v)
