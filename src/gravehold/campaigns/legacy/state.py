"""A Legacy campaign's whole state, as one typed document (msgspec structs).

The same document is the database row's state and the export file's body. It holds the
script it plays (so a campaign started from a file keeps its story wherever it goes), the
Barracks with every card copy whose marks last (C-4, C-17), the experience (C-5), the
stickers placed (C-6, C-7, C-9), the severed and retired mages (C-8), the unlocked packs
(C-11), the rule modules switched on (C-1), the fire each village held (C-13), the record
of every game (C-14), and where the story is.

Two lists make it checkable from its own history: ``taken``, every decision the group made
between battles, in order (what a replay takes again), and ``events``, every change to the
Barracks and the experience, named by its rule (what the census property test sums).
"""

from __future__ import annotations

from typing import Annotated, Literal

from msgspec import Meta, field

from ...engine.schema import Count, Int, Name, Names
from ..docs import Barracks, Battle, CardCopy, Doc, Record, Unlock, Written
from ..kind import CampaignError
from .script import Id, Script


class LegacyError(CampaignError):
    """A step the campaign's rules or state do not allow; the message names the field."""


Phase = Literal["choose", "battle", "spend", "choice", "vestige", "complete"]
#: the version of this document's layout; an import of another is refused by name
FORMAT = 1
#: C-5: the values experience cards are printed in
EXPERIENCE_CARDS = (20, 10, 5, 1)


class Options(Doc):
    """What the group chose when it started (C-2, C-3)."""

    players: Annotated[int, Meta(ge=1, le=4)]
    city: Name


class SeatChoice(Doc):
    """C-2: one seat's mage, and who plays it: a person, or a bot by agent name (an absent
    player's mage is run by another person's seat or a bot)."""

    mage: Name
    player: Name = "human"
    #: C-7: the enhanced starter copies this seat takes in place of plain ones
    starters: list[Annotated[str, Meta(max_length=64)]] = field(default_factory=list)


class Choices(Doc):
    """The group's choices before a battle: a mage per seat and nine supply piles."""

    seats: Annotated[list[SeatChoice], Meta(min_length=1, max_length=4)]
    supply: Annotated[Names, Meta(max_length=9)] = field(default_factory=list)


class Placed(Doc):
    """A sticker on a component (C-6, C-9). ``ref`` is its catalogue (or vestige) id;
    where it lies: a mage's mat (``mage``), a city's breach outline (``city``, ``breach``),
    a starter copy (``copy``) or a city's edge of the map (``city``). A sticker covered by
    a newer one is kept, ``covered``, for the record (C-7: its effect is lost)."""

    ref: Id
    kind: Literal["breach", "personal", "relationship", "starter", "general", "vestige"]
    battle: Annotated[int, Meta(ge=0)]
    mage: Name | None = None
    city: Name | None = None
    breach: Annotated[int, Meta(ge=1, le=4)] | None = None
    copy: Annotated[str, Meta(max_length=64)] | None = None
    space: Literal["ability", "enhancement"] | None = None
    covered: bool = False


class Taken(Written, frozen=True):
    """One decision of the group between battles, in order: ``buy`` an enhancement (C-6),
    ``place`` a vestige (C-9), ``pick`` a choice's option, ``done`` spending, ``battle``
    (the record of that index was fought)."""

    kind: Literal["buy", "place", "pick", "done", "battle"]
    ref: Annotated[str, Meta(max_length=64)] = ""
    mage: Name | None = None
    copy: Annotated[str, Meta(max_length=64)] | None = None
    cover: Annotated[int, Meta(ge=0)] | None = None
    option: Annotated[int, Meta(ge=0, le=50)] | None = None


class Event(Written, frozen=True):
    """One change to the Barracks or the experience, named by its rule: what the census
    replays. ``copies`` are copies that came in (with their marks); ``marks`` the marks a
    copy bears after a battle (C-17), by copy id; ``experience`` is signed (earned or
    spent)."""

    kind: Literal["start", "unlock", "award", "spend", "mark", "banish", "sever", "retire", "vestige", "rule"]
    battle: Annotated[int, Meta(ge=0)]
    mages: Names = field(default_factory=list)
    copies: list[CardCopy] = field(default_factory=list)
    basics: Names = field(default_factory=list)
    upgraded: Names = field(default_factory=list)
    marks: dict[Annotated[str, Meta(max_length=64)], dict[Name, Annotated[int, Meta(ge=1)]]] = \
        field(default_factory=dict)
    experience: Int = 0
    refs: Names = field(default_factory=list)


class Fire(Written, frozen=True):
    """C-13: the fire tokens a village held after a nemesis was fought, and its reward."""

    battle: Annotated[int, Meta(ge=1)]
    step: Id
    #: as the game ended: past ten when the last placement went over (G-2 loses at ten or more)
    fire: Annotated[int, Meta(ge=0, le=100)]
    experience: Count = 0


class Outcome(Written, frozen=True):
    """C-14: what one game of the campaign brought, beside its record (``history``, same
    index): the experience earned, the fire tokens left, the mages severed, the cards
    banished and the copies whose marks changed."""

    experience: Count = 0
    fire: Annotated[int, Meta(ge=0, le=10)] | None = None
    severed: Names = field(default_factory=list)
    banished: Names = field(default_factory=list)
    marked: list[Annotated[str, Meta(max_length=64)]] = field(default_factory=list)


class Legacy(Doc):
    """The whole campaign. ``step`` is the story step it is at; ``phase`` what it waits
    for: a battle's setup, its end, spending, a choice, a vestige to place, or nothing."""

    seed: Int
    options: Options
    script: Script
    step: Id
    barracks: Barracks
    phase: Phase = "choose"
    battle: Annotated[int, Meta(ge=1)] = 1
    attempt: Annotated[int, Meta(ge=1)] = 1
    format: int = FORMAT
    title: Annotated[str, Meta(max_length=200)] = ""
    #: C-4: the basic and upgraded basic nemesis cards the Barracks holds
    basics: Names = field(default_factory=list)
    upgraded: Names = field(default_factory=list)
    #: C-5: experience held, and the catalogue ids that can be bought (C-11 unseals more)
    experience: Count = 0
    buyable: list[Id] = field(default_factory=list)
    stickers: list[Placed] = field(default_factory=list)
    #: C-8: mages severed in the nemesis now fought (retired once it is done), and retired
    severed: Names = field(default_factory=list)
    retired: Names = field(default_factory=list)
    #: C-9: vestiges the story has given that wait to be placed
    vestiges: list[Id] = field(default_factory=list)
    #: C-10: nemesis cards banished from the campaign
    banished: Names = field(default_factory=list)
    unlocks: list[Unlock] = field(default_factory=list)
    #: C-1: rule modules the story has switched on (ruleset options)
    rules: dict[Name, object] = field(default_factory=dict)
    fire: list[Fire] = field(default_factory=list)
    current: Battle[Choices] | None = None
    history: list[Record[Choices]] = field(default_factory=list)
    #: C-14: what each game of ``history`` brought, at the same index
    outcomes: list[Outcome] = field(default_factory=list)
    taken: list[Taken] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    #: the passages read so far, by step id, in order (C-14's record)
    read: list[Id] = field(default_factory=list)

    @property
    def nemesis(self) -> str | None:
        """The nemesis of the battle step the story is at."""
        s = self.script.step(self.step)
        return s.nemesis if s.kind == "battle" else None


def experience_cards(total: int) -> dict[int, int]:
    """C-5: experience as the fewest cards of 1, 5, 10 and 20 (a group makes change)."""
    out: dict[int, int] = {}
    for v in EXPERIENCE_CARDS:
        out[v], total = divmod(total, v)
    return {v: n for v, n in out.items() if n}


__all__ = ["EXPERIENCE_CARDS", "FORMAT", "Barracks", "CardCopy", "Choices", "Event", "Fire", "Legacy", "LegacyError",
           "Options", "Outcome", "Phase", "Placed", "SeatChoice", "Taken", "experience_cards"]
