"""An expedition's whole state, as one typed document (msgspec structs).

The same document is the database row's state and the export file's body, so what an
export holds is exactly what the store keeps, and an import is checked field by field by
the same types (``schema.decode``: a wrong type, an unknown field or a missing one is an
error naming the field). The expedition's own chance is a generator state (``rng``) in the
document: the same seed and the same choices give the same expedition on any machine.

The parts every campaign kind shares (the Barracks, the battle being fought, a battle's
record) are the layer's (``campaigns.docs``); the rest is the expedition's own.

Names in the document are catalogue names (``"Recurring Jasper"``); what the rules allow
(a mage in the Barracks, nine piles of the right types) is checked by ``steps``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from msgspec import Meta, field

from ...engine.schema import Count, Int, Name, Names, RulesetSpec
from ..docs import Barracks, Battle, Doc, Record, Written

Phase = Literal["choose", "battle", "support", "complete"]
#: the version of this document's layout; an import of another is refused by name
FORMAT = 1


class Options(Doc):
    """What the group chose when it set out (X-2, X-16, X-17, X-18, X-9, K-10)."""

    players: Annotated[int, Meta(ge=1, le=4)]
    length: Literal["short", "standard", "long"] = "standard"
    #: X-18: supplies not picked for a battle go back to the Barracks instead of being banished
    endless: bool = False
    #: X-9: keep a score
    score: bool = True
    #: the boxes selectors are drawn from (ids); empty: every loaded box
    boxes: Names = field(default_factory=list)
    #: XS: a scripted expedition's id, or None for a random one (X-3)
    story: Name | None = None
    ruleset: RulesetSpec = "na"
    difficulty: Literal["beginner", "normal", "expert", "extinction"] = "normal"
    #: K-10 / X-19: a card destroyed in a battle is back for the next one (unstated; yes)
    destroyed_returns: bool = True
    #: how many tries a bot run gives one battle before it gives up (None: no limit, X-8)
    max_tries: Annotated[int, Meta(ge=1, le=1000)] | None = None


class Stacks(Doc):
    """X-3: the shuffled stacks rewards and supports are drawn from, top first."""

    treasures: dict[Annotated[int, Meta(ge=1, le=3)], Names] = field(default_factory=dict)
    #: X-8: the treasure tiers whose stack has been drawn from
    drawn_tiers: list[Annotated[int, Meta(ge=1, le=3)]] = field(default_factory=list)
    supply: dict[Literal["gem", "relic", "spell"], Names] = field(default_factory=dict)
    mages: Names = field(default_factory=list)
    #: X-12: nemesis level stacks, and the nemeses each level has sent (a stack that runs
    #: out is shuffled again from them: unstated, needed when a long expedition draws two)
    nemeses: dict[Annotated[int, Meta(ge=1, le=4)], Names] = field(default_factory=dict)
    fought: dict[Annotated[int, Meta(ge=1, le=4)], Names] = field(default_factory=dict)


class SeatChoice(Doc):
    """X-4 / X-5 / X-14: one seat's mage and treasures for a battle."""

    mage: Name
    tier1: Name | None = None
    #: X-5: the starting-deck position (0-4) the tier-1 treasure takes; None: the first fit
    slot: Annotated[int, Meta(ge=0, le=4)] | None = None
    tier3: Name | None = None
    #: who plays the seat in the web and the CLI: a person, or a bot by agent name
    player: Name = "human"


class Choices(Doc):
    """X-4: the group's choices before a battle."""

    seats: Annotated[list[SeatChoice], Meta(min_length=1, max_length=4)]
    supply: Annotated[Names, Meta(min_length=9, max_length=9)]
    group: Name | None = None  # the group's tier-2 treasure
    pile: Name | None = None  # the supply pile it lies beside, when it lies beside one


class Event(Written, frozen=True):
    """One change to the Barracks, named by its rule: what every census check replays.

    ``kind``: ``start`` (X-3 / XS-2 fills the Barracks), ``reward`` (X-7, X-16, XS-5),
    ``support`` (X-8), ``banish`` (X-11), ``destroy`` (K-10 with ``destroyed_returns`` off).
    """

    kind: Literal["start", "reward", "support", "banish", "destroy"]
    battle: Annotated[int, Meta(ge=0, le=8)]
    mages: Names = field(default_factory=list)
    supply: Names = field(default_factory=list)
    treasures: Names = field(default_factory=list)
    upgraded: Names = field(default_factory=list)


class Expedition(Doc):
    """The whole expedition. ``battle``/``attempt`` say where it is; ``phase`` what it waits
    for: the X-4 choices, the game's end, the X-8 support, or nothing (complete)."""

    seed: Int
    rng: Annotated[int, Meta(ge=0)]  # a 64-bit generator state
    options: Options
    barracks: Barracks
    stacks: Stacks
    battle: Annotated[int, Meta(ge=1, le=8)]
    phase: Phase = "choose"
    attempt: Annotated[int, Meta(ge=1)] = 1
    format: int = FORMAT
    title: Annotated[str, Meta(max_length=200)] = ""
    #: X-12: the nemesis of the battle being fought (kept for its retries, X-8)
    nemesis: Name | None = None
    #: XS-6: upgraded basic nemesis cards the story has handed out so far
    upgraded: Names = field(default_factory=list)
    banished: Barracks = field(default_factory=Barracks)
    destroyed: Barracks = field(default_factory=Barracks)
    current: Battle[Choices] | None = None
    history: list[Record[Choices]] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    #: X-9: battles won, each its try's score (a short expedition's skipped battle: none)
    score: Count = 0
    #: set when a bot run gave a battle up (``Options.max_tries``)
    abandoned: bool = False
