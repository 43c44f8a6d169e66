"""The rules guide for the board's Rules panel: ``/api/rules?words=...``.

A route of its own rather than a part of ``/api/content`` or of the page: the panel and the
keyword links on cards need it in the words the board is showing, which a player may swap
at any time, and the guide is small enough to fetch again then (the browser caches each
wording's answer). The text is ``gravehold.guide``'s, the same the terminal and
``gravehold rules`` show.
"""

from __future__ import annotations

from fastapi import APIRouter

from ... import guide
from ...content.words import check as check_words
from ...engine.shapes import Doc

router = APIRouter()


@router.get("/api/rules")
async def api_rules(words: str = "classic") -> Doc:
    """The guide's sections and the keyword marks of card text, in ``words`` (classic or
    new-age; auto reads as classic, since the guide belongs to no box)."""
    wording = check_words(words)
    return guide.payload("classic" if wording == "auto" else wording)
