"""The documents every campaign kind shares (msgspec structs): the Barracks, one card copy's
lasting state, an unlock, the battle being fought and a finished battle's record.

A kind's own document (``expedition.state.Expedition``) is built from these, so what the
store, the export file and the battle driver read of a campaign has one shape whatever
its rules. Field names are those the expedition documents had before the layer existed,
and every field added since has a default that is left out of the JSON, so an expedition
saved or exported then loads now and writes the same bytes.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Generic, Literal, TypeVar

from msgspec import Meta, Struct, field

from ..engine.schema import ActionDoc, Count, Int, Name, Names
from ..engine.shapes import ConfigDoc

Result = Literal["win", "loss"]
#: the most battles a campaign's records may number (an expedition has at most 8; a kind's
#: own document bounds its battle number more tightly)
MAX_BATTLES = 1000
#: the choices a kind makes before a battle (``expedition.state.Choices``)
C = TypeVar("C")


class Doc(Struct, forbid_unknown_fields=True, omit_defaults=True):
    """Every part refuses fields it does not know."""


class Written(Struct, forbid_unknown_fields=True, omit_defaults=True, frozen=True):
    """A part that never changes once written (a battle's record, an event): every later
    state shares it instead of copying it."""


class CardCopy(Doc):
    """One physical copy of a card whose state lasts between battles (Legacy's C-10, C-17).

    ``marks`` counts each mark the copy bears by name (``boost``, ``overheat``, and any a
    later rule brings: a dict, so a new mark needs no new field); ``crossed`` names the
    parts of its text struck out. A banished copy is out of the campaign, a destroyed one
    out until a rule brings it back; neither is dealt into a battle."""

    id: Annotated[str, Meta(min_length=1, max_length=64)]
    card: Name
    marks: dict[Name, Annotated[int, Meta(ge=1)]] = field(default_factory=dict)
    crossed: Names = field(default_factory=list)
    banished: bool = False
    destroyed: bool = False

    @property
    def in_play(self) -> bool:
        """Dealt into the next battle: neither banished nor destroyed."""
        return not (self.banished or self.destroyed)

    def marked(self) -> int:
        """How many marks the copy bears in all (C-17 sorts a pile by it)."""
        return sum(self.marks.values())


class Barracks(Doc):
    """What the group holds between battles (X-10, C-4): mages, whole supply piles,
    treasures, and the card copies whose own state lasts (``copies``; none in an
    expedition, whose piles are interchangeable cards)."""

    mages: Names = field(default_factory=list)
    supply: Names = field(default_factory=list)
    treasures: Names = field(default_factory=list)
    copies: list[CardCopy] = field(default_factory=list)


class Unlock(Written, frozen=True):
    """Named content made available (C-11), and the battle after which it was."""

    name: Name
    battle: Annotated[int, Meta(ge=0)] = 0


class Battle(Doc, Generic[C]):
    """A battle being fought: its choices, the game's setup, and the stored game's id."""

    choices: C
    config: ConfigDoc
    seed: Int
    game: Annotated[str, Meta(max_length=32)] | None = None


class Record(Written, Generic[C], frozen=True):
    """One finished try of a battle: enough to replay it exactly (setup + actions).

    Never changed once written: a long history's actions are shared by every later
    state, not copied again at each step. ``score``: what the try scored, for a kind that
    keeps a score (X-9)."""

    battle: Annotated[int, Meta(ge=1, le=MAX_BATTLES)]
    attempt: Annotated[int, Meta(ge=1)]
    nemesis: Name
    choices: C
    config: ConfigDoc
    result: Result
    reason: Annotated[str, Meta(max_length=32)] | None = None
    score: Count = 0
    actions: list[ActionDoc] = field(default_factory=list)
    game: Annotated[str, Meta(max_length=32)] | None = None


# ------------------------------------------------------------------ copies and unlocks
def new_copies(card: str, n: int, start: int = 1) -> list[CardCopy]:
    """``n`` unmarked copies of ``card``, numbered from ``start`` (``Spark#1`` …)."""
    return [CardCopy(id=f"{card}#{k}", card=card) for k in range(start, start + n)]


def copy_of(copies: Iterable[CardCopy], cid: str) -> CardCopy:
    """The copy named ``cid``; a KeyError naming it when there is none."""
    for c in copies:
        if c.id == cid:
            return c
    raise KeyError(f"copies: no card copy {cid!r}")


def mark(copy: CardCopy, name: str, n: int = 1) -> None:
    """Add ``n`` marks ``name`` to the copy (C-17: it keeps them for the campaign)."""
    copy.marks[name] = copy.marks.get(name, 0) + n


def dealt(copies: Iterable[CardCopy], card: str | None = None) -> list[CardCopy]:
    """The copies a battle is dealt (of ``card``, or all): not banished nor destroyed,
    the least marked first, so a pile set up from them has its most-marked copies at the
    bottom (C-17); ties keep their order."""
    live = [c for c in copies if c.in_play and (card is None or c.card == card)]
    return sorted(live, key=CardCopy.marked)


def unlocked(unlocks: Iterable[Unlock]) -> set[str]:
    return {u.name for u in unlocks}
