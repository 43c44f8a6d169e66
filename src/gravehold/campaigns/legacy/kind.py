"""The Legacy campaign as a campaign kind: what the layer's driver, store, transfer and
sweep call. Each method is one of the campaign's own steps or its bots' policy."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...engine.game import Game
from ...engine.shapes import Json
from ..kind import CampaignKind, register
from . import policy, replay, script, steps
from .state import FORMAT, Choices, Legacy


class LegacyKind:
    """C-1 … C-17 on the layer."""

    name = "legacy"
    field = "legacy"
    tag = "gravehold legacy campaign"
    format = FORMAT
    doc = Legacy
    choices = Choices

    def new(self, **options: Any) -> Legacy:
        """``script``: a Script, a shipped script's id or a file's path; ``players``, ``city``,
        ``seed``, ``title``."""
        s = options.pop("script", "project")
        if not isinstance(s, script.Script):
            s = script.find(str(s))
        return steps.new(s, **options)

    def begin(self, doc: Legacy, choices: Choices) -> tuple[Legacy, Game]:
        return steps.begin(doc, choices)

    def finish(self, doc: Legacy, game: Game, game_id: str | None = None,
               actions: Sequence[Sequence[Json]] = ()) -> Legacy:
        return steps.finish(doc, game, game_id, actions)

    def choose(self, doc: Legacy, agent: str) -> Choices:
        return policy.choose(doc, agent)

    def after(self, doc: Legacy) -> Legacy:
        return policy.between(doc)

    def players(self, choices: Choices) -> list[str]:
        return [s.player for s in choices.seats]

    def replay(self, doc: Legacy) -> Legacy:
        return replay.replay(doc)


LEGACY: CampaignKind[Legacy, Choices] = LegacyKind()
register(LEGACY)
