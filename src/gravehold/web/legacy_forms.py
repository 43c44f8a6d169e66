"""Reading what clients send about Legacy campaigns: a new campaign (from a shipped script
or a script's text), a battle's setup, a purchase, the end of spending, a story choice, a
vestige placed, giving a battle up.

As for expeditions (``expedition_forms``), every body is typed by a msgspec struct here, at
the edge, so a refusal names the field at fault and nothing malformed reaches the steps.
What the campaign's rules allow (a mage of the Barracks, a sticker the group can afford)
is the steps' to say; they name the field in the same way.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Annotated

from msgspec import Meta, field

from ..campaigns.docs import Doc as _Doc
from ..campaigns.legacy import script as scripts
from ..campaigns.legacy.state import Choices, SeatChoice
from ..engine.rng import fresh_seed
from ..engine.schema import Count, Name, Names, Seed
from ..engine.shapes import Doc
from .expedition_forms import MAX_TITLE, _typed
from .forms import Refused, clip
from .wording import missing_mages

#: a catalogue or vestige id, as a script writes it (``script.Id``), or a copy's id
Ref = Annotated[str, Meta(max_length=64)]


class CampaignRequestDoc(_Doc):
    """``POST /api/campaigns``: the group's start (C-2, C-3), and the script it plays: a
    shipped one by id (``script``, by default the project's own) or a script's ``text``
    (TOML or JSON, as ``docs/campaign-format.md`` describes)."""

    players: Annotated[int, Meta(ge=1, le=4)]
    city: Name
    script: Annotated[str, Meta(max_length=64)] | None = None
    text: Annotated[str, Meta(max_length=scripts.MAX_BYTES)] | None = None
    seed: Seed | None = None
    title: Annotated[str, Meta(max_length=MAX_TITLE)] = ""
    browser: Annotated[str, Meta(max_length=64)] | None = None


class ScriptRequestDoc(_Doc):
    """``POST /api/campaigns/scripts``: a script's text, to be checked before a campaign starts."""

    text: Annotated[str, Meta(max_length=scripts.MAX_BYTES)]


class BattleRequestDoc(_Doc):
    """``POST /api/campaigns/{id}/battle``: a mage and who plays it per seat, the enhanced
    starter copies each seat takes, and nine supply piles (none: the bots' choice)."""

    version: Count
    seats: Annotated[list[SeatChoice], Meta(min_length=1, max_length=4)]
    supply: Annotated[Names, Meta(max_length=9)] = field(default_factory=list)
    token: str | None = None  # any string: a wrong one is a wrong link (403), not a bad request


class BuyRequestDoc(_Doc):
    """``POST /api/campaigns/{id}/buy``: an enhancement of the catalogue, and where it goes:
    a mage's mat (personal), an enhanced starter copy to stick it over (starter), the
    sticker it covers when the spaces are full (its index in ``stickers``)."""

    version: Count
    enhancement: Ref
    mage: Name | None = None
    copy: Ref | None = None
    cover: Annotated[int, Meta(ge=0, le=10_000)] | None = None
    token: str | None = None


class StepRequestDoc(_Doc):
    """``done`` (spending is over) and ``concede`` (give the running battle up), seen at ``version``."""

    version: Count
    token: str | None = None


class PickRequestDoc(_Doc):
    """``POST /api/campaigns/{id}/pick``: a story choice's option, by its number from 0."""

    version: Count
    option: Annotated[int, Meta(ge=0, le=50)]
    token: str | None = None


class PlaceRequestDoc(_Doc):
    """``POST /api/campaigns/{id}/place``: a vestige the story gave, on a mage's mat."""

    version: Count
    vestige: Ref
    mage: Name
    cover: Annotated[int, Meta(ge=0, le=10_000)] | None = None
    token: str | None = None


@dataclass
class CampaignForm:
    """A checked request for a new campaign: its script read and checked, and what
    ``steps.new`` takes."""

    script: scripts.Script
    players: int
    city: str
    seed: int
    title: str
    browser: str | None


def script_refused(e: scripts.ScriptError, status: int = 422) -> Refused:
    """A script's fault, naming its field (``script.steps[3].nemesis``)."""
    msg = str(e)
    where, sep, rest = msg.partition(": ")
    missing = re.search(r"missing required field `([\w.]+)`", rest)
    if sep and missing:  # the shape check names the table; the field is the one missing from it
        where = f"{where}.{missing.group(1)}"
    return Refused(status, clip(msg), field=where if sep and " " not in where else None)


def campaign_form(data: Doc) -> CampaignForm:
    doc: CampaignRequestDoc = _typed(data, CampaignRequestDoc)
    if doc.script is not None and doc.text is not None:
        raise Refused(422, "text: give a shipped script's id or a script's text, not both", field="text")
    try:
        if doc.text is not None:
            script = scripts.parse(doc.text, "script")
            scripts.check(script)
        else:
            script = scripts.shipped(doc.script or "project")
    except scripts.ScriptError as e:
        if doc.text is None:
            raise Refused(422, clip(f"script: no shipped script {doc.script!r}; the shipped ones are "
                                    f"{', '.join(scripts.SHIPPED)}, or send a script's text"), field="script") from None
        raise script_refused(e) from None
    seed = doc.seed if doc.seed is not None else fresh_seed()
    return CampaignForm(script=script, players=doc.players, city=doc.city, seed=seed,
                        title=" ".join(doc.title.split()), browser=doc.browser)


def battle_form(data: Doc) -> tuple[BattleRequestDoc, Choices]:
    doc: BattleRequestDoc = _typed(data, BattleRequestDoc)
    empty = missing_mages([s.mage for s in doc.seats])
    if empty is not None:
        raise Refused.said(empty)
    return doc, Choices(seats=doc.seats, supply=doc.supply)


def buy_form(data: Doc) -> BuyRequestDoc:
    doc: BuyRequestDoc = _typed(data, BuyRequestDoc, form=False)
    return doc


def step_form(data: Doc) -> StepRequestDoc:
    doc: StepRequestDoc = _typed(data, StepRequestDoc, form=False)
    return doc


def pick_form(data: Doc) -> PickRequestDoc:
    doc: PickRequestDoc = _typed(data, PickRequestDoc, form=False)
    return doc


def place_form(data: Doc) -> PlaceRequestDoc:
    doc: PlaceRequestDoc = _typed(data, PlaceRequestDoc, form=False)
    return doc


__all__ = ["BattleRequestDoc", "BuyRequestDoc", "CampaignForm", "CampaignRequestDoc", "PickRequestDoc",
           "PlaceRequestDoc", "Ref", "ScriptRequestDoc", "SeatChoice", "StepRequestDoc", "battle_form", "buy_form",
           "campaign_form", "pick_form", "place_form", "script_refused", "step_form"]
