"""What a kind of campaign brings to the layer, and the registry of kinds.

The layer (the battle driver, the store, export and import, the sweep) knows a campaign
only through its :class:`CampaignKind`: the document type, how one starts, what the next
step is, how a battle's game is set up from the campaign and how the ended game goes back
into it, the bots' choices, and how a document is rebuilt from its seed and records (what
an import is checked by). Expeditions are one kind (``campaigns.expedition``); Legacy's
campaign will be another, with its own document and steps and the same front ends.

Every step is pure: it returns a new document, or raises the kind's
:class:`CampaignError` naming the field, and leaves its input as it was. That is what lets
the store apply a step as one transaction.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal, Protocol, TypeVar

from ..engine.game import Game
from ..engine.shapes import Json
from ..errors import GraveholdError
from .docs import Battle, Record

#: What a campaign waits for: the setup of its next battle (``choose``), a battle's end
#: (``battle``), nothing (``complete``); any other phase is one of the kind's own steps
#: between battles (an expedition's support after a loss), which its bots take by ``after``.
CHOOSE, BATTLE, COMPLETE = "choose", "battle", "complete"
Next = Literal["choose", "battle", "between", "complete"]


class CampaignError(GraveholdError):
    """A step the campaign's rules or state do not allow; the message names the field."""


class CampaignDoc(Protocol):
    """What the layer reads of any kind's document (read-only, so each kind's own field
    types fit it)."""

    @property
    def seed(self) -> int: ...
    @property
    def title(self) -> str: ...
    @property
    def phase(self) -> str: ...
    @property
    def battle(self) -> int: ...
    @property
    def attempt(self) -> int: ...
    @property
    def format(self) -> int: ...
    @property
    def current(self) -> Battle[Any] | None: ...
    @property
    def history(self) -> Sequence[Record[Any]]: ...


D = TypeVar("D", bound=CampaignDoc)
Ch = TypeVar("Ch")


class CampaignKind(Protocol[D, Ch]):
    """One kind of campaign. ``name`` keys its stored rows; ``field`` is the key its
    document has in an export file, and ``tag`` the file's ``kind``; ``format`` the
    version of its document's layout."""

    name: str
    field: str
    tag: str
    format: int
    doc: type[D]
    choices: type[Ch]

    def new(self, **options: Any) -> D:
        """A new campaign, waiting for its first step."""
        ...

    def begin(self, doc: D, choices: Ch) -> tuple[D, Game]:
        """The battle set up from the campaign and the group's choices: the new document
        (phase ``battle``, ``current`` set) and the battle's game."""
        ...

    def finish(self, doc: D, game: Game, game_id: str | None = None,
               actions: Sequence[Sequence[Any]] = ()) -> D:
        """The ended game's result taken into the campaign (its record, what follows)."""
        ...

    def choose(self, doc: D, agent: str) -> Ch:
        """The bots' choices for the next battle, every seat played by ``agent``."""
        ...

    def after(self, doc: D) -> D:
        """The bots' take of the kind's own step between battles (phases other than
        ``choose``, ``battle`` and ``complete``)."""
        ...

    def players(self, choices: Ch) -> list[str]:
        """Who plays each seat of a battle with these choices: ``human`` or an agent's name."""
        ...

    def replay(self, doc: D) -> D:
        """``doc`` rebuilt from its seed, options and records (an import's check); a
        :class:`~gravehold.errors.StateFormatError` naming the first record that does not
        replay."""
        ...


#: a kind whose documents are ``D``, whatever its choices (what the layer's functions take)
KindOf = CampaignKind[D, Any]
#: an agent's options (``make_agent``), as the driver passes them on
AgentOptions = Mapping[str, Json]


def next_step(doc: CampaignDoc) -> Next:
    """What the campaign waits for, in the layer's words."""
    if doc.phase in (CHOOSE, BATTLE, COMPLETE):
        return doc.phase  # type: ignore[return-value]
    return "between"


#: A kind of any document and choices: what the registry holds, each looked up by name.
SomeKind = CampaignKind[Any, Any]

KINDS: dict[str, SomeKind] = {}


def register(kind: SomeKind) -> SomeKind:
    """Make ``kind`` known by its name (a kind's package does this when imported, as
    ``campaigns.expedition`` does)."""
    if kind.name in KINDS and KINDS[kind.name] is not kind:
        raise CampaignError(f"kind: a campaign kind {kind.name!r} is already registered")
    KINDS[kind.name] = kind
    return kind


def kind(name: str) -> SomeKind:
    """The registered kind ``name``; an error listing the kinds when there is none."""
    try:
        return KINDS[name]
    except KeyError:
        raise CampaignError(f"kind: no campaign kind {name!r}; the kinds are {', '.join(sorted(KINDS))}") from None
