"""Errors the engine raises. Each message names what is wrong, for a person to read."""

from __future__ import annotations

from collections.abc import Iterable
from difflib import get_close_matches


def clip(text: str, limit: int) -> str:
    """``text``, cut to ``limit`` characters: what an error may echo of an input."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


class GraveholdError(Exception):
    """Base of every error the project raises on purpose."""


class IllegalAction(GraveholdError):
    """An action that is not legal now. The state is left untouched.

    ``rule`` is the rule id (docs/rules.md) that the action breaks, when one applies. It
    stays out of the message: players read the message, and the words already say the rule;
    a developer finds the id here.
    """

    def __init__(self, message: str, rule: str | None = None) -> None:
        self.rule = rule
        super().__init__(message)


def close_names(name: str, valid: Iterable[str], n: int = 3, cutoff: float = 0.75) -> list[str]:
    """The valid names a mistyped ``name`` was likely meant to be, best first.

    Compared case-insensitively. The cutoff is high on purpose: a suggestion is only
    useful when it is a near miss ("Brma" for Brama); a far name ("Gandalf") gets none,
    rather than whatever happens to share a few letters with it. A name that starts a
    word of a valid name ("gate" for a "Gate ..." name) counts as close too.

    >>> close_names("brma", ["Brama", "Mist", "Yan Magda"])
    ['Brama']
    >>> close_names("Gandalf", ["Brama", "Mist", "Yan Magda"])
    []
    """
    folded: dict[str, str] = {}
    for v in valid:
        folded.setdefault(v.casefold(), v)
    key = name.strip().casefold()
    if not key:
        return []
    hits = get_close_matches(key, list(folded), n=n, cutoff=cutoff)
    if len(key) >= 3:
        hits += [k for k in folded if k not in hits and any(w.startswith(key) for w in k.split())]
    return [folded[k] for k in hits[:n]]


class UnknownName(GraveholdError):
    """A mage, nemesis, card or market name that does not exist."""

    def __init__(self, kind: str, name: str, close: list[str], valid: list[str]) -> None:
        self.kind, self.name, self.close = kind, name, close
        hint = f" Did you mean: {', '.join(close)}?" if close else ""
        listing = ", ".join(valid)
        super().__init__(f"unknown {kind} {name!r}.{hint} Valid {kind} names: {listing}")


class AmbiguousName(UnknownName):
    """A name a person typed that several entries are shown as (two boxes' cards of one
    printed name): the message says what each is (``said``) and how to pick one."""

    def __init__(self, kind: str, name: str, found: list[str], said: list[str], hint: str) -> None:
        self.kind, self.name, self.close, self.found = kind, name, list(found), list(found)
        GraveholdError.__init__(self, f"{kind} {name!r} is ambiguous: it may be {' or '.join(said)}; {hint}")


class RulesetError(GraveholdError, ValueError):
    """A ruleset the engine cannot play.

    ``option`` names the option at fault (``"preset"`` for the preset, ``""`` for the
    ruleset as a whole) and ``reason`` says why, so a state loader can name the field.
    A ValueError too, which is what a bad option value raised before.
    """

    def __init__(self, option: str, reason: str) -> None:
        self.option, self.reason = option, reason
        where = {"": "ruleset", "preset": "ruleset preset"}.get(option, f"ruleset option {option}")
        super().__init__(f"{where}: {reason}")


class UnknownRulesetName(RulesetError, UnknownName):
    """An unknown ruleset option or preset: an UnknownName like any other, and a
    RulesetError so that every bad ruleset can be caught, and placed, the same way."""

    def __init__(self, kind: str, name: str, close: list[str], valid: list[str], option: str) -> None:
        UnknownName.__init__(self, kind, name, close, valid)  # the UnknownName message
        hint = f" (did you mean {' or '.join(close)}?)" if close else ""
        self.option = option
        self.reason = f"unknown {kind}{'' if name == option else f' {name!r}'}{hint}; valid: {', '.join(valid)}"


class StateFormatError(GraveholdError):
    """A state snapshot or replay file that is malformed or inconsistent."""

    def __init__(self, field: str, reason: str) -> None:
        self.field, self.reason = field, reason
        super().__init__(f"{field}: {reason}")

    def __reduce__(self) -> tuple[type[StateFormatError], tuple[str, str]]:
        return type(self), (self.field, self.reason)  # picklable: worker processes raise it


class SetupError(GraveholdError):
    """A game configuration that cannot be set up.

    ``field`` names the part of the configuration at fault (``market``), for a form to point
    at; ``hint`` is where the command line lists what may go there (``gravehold cards``),
    added by the CLI only, since a browser user has no such command at hand.
    """

    def __init__(self, message: str, field: str | None = None, hint: str | None = None) -> None:
        super().__init__(message)
        self.field, self.hint = field, hint


class ContentError(GraveholdError):
    """Bad content data, caught when the content is loaded."""
