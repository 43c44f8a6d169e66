"""Errors the engine raises. Each message names what is wrong, for a person to read."""

from __future__ import annotations


class GraveholdError(Exception):
    """Base of every error the project raises on purpose."""


class IllegalAction(GraveholdError):
    """An action that is not legal now. The state is left untouched.

    ``rule`` is the RULES.md id that the action breaks, when one applies.
    """

    def __init__(self, message: str, rule: str | None = None) -> None:
        self.rule = rule
        super().__init__(f"{message} ({rule})" if rule else message)


class UnknownName(GraveholdError):
    """A mage, nemesis, card or market name that does not exist."""

    def __init__(self, kind: str, name: str, close: list[str], valid: list[str]) -> None:
        self.kind, self.name, self.close = kind, name, close
        hint = f" Did you mean: {', '.join(close)}?" if close else ""
        listing = ", ".join(valid)
        super().__init__(f"unknown {kind} {name!r}.{hint} Valid {kind} names: {listing}")


class StateFormatError(GraveholdError):
    """A state snapshot or replay file that is malformed or inconsistent."""

    def __init__(self, field: str, reason: str) -> None:
        self.field = field
        super().__init__(f"{field}: {reason}")


class ContentError(GraveholdError):
    """Bad content data, caught when the content is loaded."""
