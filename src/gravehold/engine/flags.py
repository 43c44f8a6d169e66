"""The keys of the state's open dictionaries, declared once: turn flags and table tokens.

Turn flags are facts that last for the current turn only (``state.flags``); table tokens
are the counters and markers on the table itself (``state.tokens``: who holds the wild
token, how much of the turn order deck is known). Every key the engine or a box writes is
declared here or by the box (:func:`turn_flag`, :func:`table_token`) with what it means,
and a token with the values it may take; a loaded state naming an undeclared key, or a
token value no game reaches, is refused. A key ending in ``:*`` declares a family
(``"plays:*"`` covers ``"plays:"`` followed by any card name).
``docs/state-format.md`` lists them all (a test keeps the lists current).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

#: flag key -> what it means
FLAGS: dict[str, str] = {}


def turn_flag(key: str, meaning: str) -> str:
    """Declare a turn flag (or a ``prefix:*`` family); returns the key."""
    if key in FLAGS and FLAGS[key] != meaning:
        raise ValueError(f"turn flag {key!r} is declared twice")
    FLAGS[key] = meaning
    return key


def known_flag(key: str) -> bool:
    if key in FLAGS:
        return True
    prefix, sep, _ = key.partition(":")
    return bool(sep) and f"{prefix}:*" in FLAGS


BREACH_DISCOUNT = turn_flag("breach_discount", "Æ off the next focus or opening of a breach this turn")
USED = turn_flag("used", "[breach, spell] of each once-per-turn use of a prepped spell this turn (P-14)")
TWO_PER_OPEN = turn_flag("two_per_open", "players who may prep two spells to each opened breach this turn")
PREP_CLOSED = turn_flag("prep_closed", "players who may prep spells to any of their closed breaches this turn")
TWO_PER_BREACH = turn_flag("two_per_breach", "players who may prep two spells to each of their breaches, opened or "
                                             "closed, this turn")
MORE_PER_OPEN = turn_flag("more_per_open", "[player, n] of each effect letting player prep n extra spells on "
                                           "every opened breach of theirs this turn")
PREPPED = turn_flag("prepped", "[player, breach, spell] of each prep this turn")
RECALLED = turn_flag("recalled", "names of the cards whose Recall effect was used this turn, once per use (K-4)")
GAIN_TO_DECK = turn_flag("gain_to_deck", "the next card gained this turn may go on top of the deck")
GAIN_TO_ALLY = turn_flag("gain_to_ally", "the next card gained this turn goes to an ally's discard pile")
ENTRY_LIFE = turn_flag("entry_life", "the life the minion coming into play enters with")
DRAWN = turn_flag("drawn", "the nemesis card drawn in this nemesis draw phase")
CANCELLED = turn_flag("cancelled", "the drawn nemesis card that is discarded before it resolves")
TUTORIAL_DONE = turn_flag("tutorial_done", "the tutorial discard of the draw phase was offered (P-15)")
CAST_FROM = turn_flag("cast_from", "[player, breach] the spell being cast was prepped on")
COPY_GAIN = turn_flag("copy_gain", "[player, copier]: the copier gains a copy of the next card that player gains "
                                   "from a supply pile this turn")
PLAYED = turn_flag("played", "names of the gems and relics the player whose turn it is played this turn (K-16)")
GAINED = turn_flag("gained", "names of the cards the player whose turn it is gained this turn (K-16)")
ON_CHARGE = turn_flag("on_charge", "[breach, spell] of each while-prepped on-charge trigger had this turn")


# ---------------------------------------------------------------------- table tokens
#: ``fault(value, state, rest)``: why a token's value is no game's, or None; ``rest`` is
#: what follows the ``:`` of a family's key (``"1"`` of ``"first_turn:1"``), else ""
TokenFault = Callable[[int, Any, str], "str | None"]


class TableToken(NamedTuple):
    key: str
    meaning: str
    fault: TokenFault
    #: a card's place in a face-down pile: a view shows 0 for every place (in the pile), -1 as is
    secret: bool = False


#: table token key (or ``prefix:*`` family) -> its declaration
TOKENS: dict[str, TableToken] = {}


def table_token(key: str, meaning: str, fault: TokenFault, secret: bool = False) -> str:
    """Declare a table token (or a ``prefix:*`` family) and the values it may take; returns the key.

    ``secret``: its value is a card's place in a face-down pile, which nobody may see (P-16)."""
    if key in TOKENS and TOKENS[key].meaning != meaning:
        raise ValueError(f"table token {key!r} is declared twice")
    TOKENS[key] = TableToken(key, meaning, fault, secret)
    return key


def secret_token(key: str) -> bool:
    """Is ``key`` (or its family) declared secret?"""
    t = TOKENS.get(key) or TOKENS.get(key.partition(":")[0] + ":*")
    return t is not None and t.secret


def token_fault(key: str, value: int, state: Any) -> str | None:
    """Why ``state.tokens[key] = value`` is in no game: an undeclared key, or a value out of range."""
    t = TOKENS.get(key)
    rest = ""
    if t is None:
        prefix, sep, rest = key.partition(":")
        t = TOKENS.get(f"{prefix}:*") if sep else None
    if t is None:
        return "unknown table token (docs/state-format.md lists them)"
    return t.fault(value, state, rest)


def _seat(value: int, state: Any, what: str) -> str | None:
    n = len(state.players)
    return None if 0 <= value < n else f"{what} must be a seat from 0 to {n - 1}, got {value}"


def _pair(first: int) -> TokenFault:
    """A pair card's token (T-4): -1 while on the table, else the seat of the pair holding it."""
    def fault(value: int, state: Any, rest: str) -> str | None:
        seats = tuple(s for s in (first, first + 1) if s < len(state.players))
        if value == -1 or value in seats:
            return None
        return f"must be -1 (on the table) or a seat of its pair {seats or '(not in this game)'}, got {value}"
    return fault


def _known(value: int, state: Any, rest: str) -> str | None:
    deck = len(state.to_deck)
    return None if 0 <= value <= deck else f"must be 0 to the turn order deck's {deck} cards, got {value}"


WILD = table_token("wild", "the seat holding the 3-player wild token (T-6)",
                   lambda v, st, rest: _seat(v, st, "the wild token's holder"))
PAIR12 = table_token("pair12", "-1 while the 1/2 pair card's token is on the table, else the seat of 1 and 2 "
                     "holding it (T-4)", _pair(0))
PAIR34 = table_token("pair34", "the same for the 3/4 pair card (T-4)", _pair(2))
TO_KNOWN = table_token("to_known", "the number of turn order cards, counted from the deck's top, that all have seen",
                       _known)
