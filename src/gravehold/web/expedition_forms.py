"""Reading what clients send about expeditions: a new expedition, a battle's choices, a
support, giving a battle up, the token that makes the group's choices.

As for games (``forms``), every body is typed by a msgspec struct here, at the edge, so a
refusal names the field at fault (``players: must be an integer ...``) and nothing
malformed reaches the steps. What the rules allow (a mage in the Barracks, nine piles of
the right types) is the steps' to say; they name the field in the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal, TypeVar

from msgspec import Meta, field

from ..campaigns.docs import Doc as _Doc
from ..campaigns.expedition.state import Choices, SeatChoice
from ..campaigns.transfer import ID
from ..content import registry as content
from ..engine import schema
from ..engine.rng import fresh_seed
from ..engine.schema import Count, Name, Names, Seed
from ..engine.shapes import Doc
from ..errors import StateFormatError, UnknownName
from .forms import Refused, clip, kind
from .wording import missing_mages, name_words, schema_words

#: The longest title a new expedition may have: each battle's game is titled
#: "TITLE: battle N", which must fit the games table's 200 characters.
MAX_TITLE = 120


class ExpeditionRequestDoc(_Doc):
    """``POST /api/expeditions``: what the group chooses when it sets out (X-2, X-16 … X-18)."""

    players: Annotated[int, Meta(ge=1, le=4)]
    length: Literal["short", "standard", "long"] = "standard"
    endless: bool = False
    score: bool = True
    boxes: Annotated[Names, Meta(max_length=8)] = field(default_factory=list)
    seed: Seed | None = None
    story: Name | None = None
    title: Annotated[str, Meta(max_length=MAX_TITLE)] = ""
    difficulty: Literal["beginner", "normal", "expert", "extinction"] = "normal"
    #: the creator's browser id, for a client that holds no cookie (as for games)
    browser: Annotated[str, Meta(max_length=64)] | None = None


class BattleRequestDoc(_Doc):
    """``POST /api/expeditions/{id}/battle``: the X-4 choices, made at step ``version``."""

    version: Count
    seats: Annotated[list[SeatChoice], Meta(min_length=1, max_length=4)]
    supply: Annotated[Names, Meta(min_length=9, max_length=9)]
    group: Name | None = None
    pile: Name | None = None
    token: str | None = None  # any string: a wrong one is a wrong link (403), not a bad request


class SupportRequestDoc(_Doc):
    """``POST /api/expeditions/{id}/support``: the X-8 support (null: none), made at ``version``."""

    version: Count
    choice: Name | None
    token: str | None = None


class ConcedeRequestDoc(_Doc):
    """``POST /api/expeditions/{id}/concede``: give the running battle up, seen at ``version``."""

    version: Count
    token: str | None = None


@dataclass
class ExpeditionForm:
    """A checked request for a new expedition: what ``steps.new`` takes."""

    players: int
    length: str
    endless: bool
    score: bool
    boxes: list[str]
    seed: int
    story: str | None
    title: str
    difficulty: str
    browser: str | None

    def new_args(self) -> Doc:
        return {"length": self.length, "endless": self.endless, "score": self.score, "boxes": self.boxes,
                "seed": self.seed, "story": self.story, "title": self.title, "difficulty": self.difficulty}


T = TypeVar("T")


def _typed(data: Doc, typ: type[T], form: bool = True) -> T:
    """``data`` as a ``typ``, or the schema's complaint: in a player's words (``wording``)
    for a ``form`` a person fills in, else as the schema said it."""
    try:
        return schema.convert(data, typ)
    except StateFormatError as e:
        raise (Refused.said(schema_words(e, data)) if form else Refused(422, clip(str(e)))) from None


def expedition_form(data: Doc) -> ExpeditionForm:
    """Check a new-expedition request: types by :class:`ExpeditionRequestDoc`, box and story
    names here (so the refusal names ``boxes[1]`` or ``story``), the rest by ``steps.new``."""
    doc: ExpeditionRequestDoc = _typed(data, ExpeditionRequestDoc)
    boxes = []
    for i, b in enumerate(doc.boxes):
        try:
            boxes.append(content.box(b).id)
        except UnknownName as e:
            raise Refused.said(name_words(e, f"boxes[{i}]", f"box {i + 1}")) from None
    story = doc.story or None
    if story is not None:
        try:
            story = content.expedition_script(story).id
        except UnknownName as e:
            raise Refused.said(name_words(e, "story")) from None
    seed = doc.seed if doc.seed is not None else fresh_seed()
    return ExpeditionForm(players=doc.players, length=doc.length, endless=doc.endless, score=doc.score,
                          boxes=boxes, seed=seed, story=story, title=" ".join(doc.title.split()),
                          difficulty=doc.difficulty, browser=doc.browser)


def battle_form(data: Doc) -> tuple[BattleRequestDoc, Choices]:
    """A battle request, typed, and its choices as the steps take them; a seat whose mage
    is not chosen yet is named here, before the steps look for it in the Barracks."""
    doc: BattleRequestDoc = _typed(data, BattleRequestDoc)
    empty = missing_mages([s.mage for s in doc.seats])
    if empty is not None:
        raise Refused.said(empty)
    return doc, Choices(seats=doc.seats, supply=doc.supply, group=doc.group, pile=doc.pile)


def support_form(data: Doc) -> SupportRequestDoc:
    doc: SupportRequestDoc = _typed(data, SupportRequestDoc, form=False)
    return doc


def concede_form(data: Doc) -> ConcedeRequestDoc:
    doc: ConcedeRequestDoc = _typed(data, ConcedeRequestDoc, form=False)
    return doc


def import_id(value: object) -> None:
    """An import's ``id`` must be one the database can key by; say so before the file is replayed."""
    if value is None or value == "":
        return
    if not isinstance(value, str) or not ID.fullmatch(value):
        raise Refused(422, f"id: must be 1 to 32 letters, digits, '-' or '_', not {kind(value)}")
