"""The expedition as a campaign kind: what the layer's driver, store, transfer and sweep
call. Each method is one of the expedition's own steps or its bots' policy."""

from __future__ import annotations

from collections.abc import Sequence

from ...engine.game import Game
from ...engine.shapes import Json
from ..kind import CampaignKind, register
from . import policy, replay, steps
from .state import FORMAT, Choices, Expedition


class ExpeditionKind:
    """X-2 … X-19 and XS, on the layer."""

    name = "expedition"
    field = "expedition"
    tag = "gravehold expedition"
    format = FORMAT
    doc = Expedition
    choices = Choices

    def new(self, **options: Json) -> Expedition:
        return steps.new(**options)

    def begin(self, doc: Expedition, choices: Choices) -> tuple[Expedition, Game]:
        return steps.begin(doc, choices)

    def finish(self, doc: Expedition, game: Game, game_id: str | None = None,
               actions: Sequence[Sequence[Json]] = ()) -> Expedition:
        return steps.finish(doc, game, game_id, actions)

    def choose(self, doc: Expedition, agent: str) -> Choices:
        return policy.choose(doc, agent)

    def after(self, doc: Expedition) -> Expedition:
        """X-8: the policy's support after a lost battle."""
        return steps.support(doc, policy.support_for(doc))

    def players(self, choices: Choices) -> list[str]:
        return [s.player for s in choices.seats]

    def replay(self, doc: Expedition) -> Expedition:
        return replay.replay(doc)


EXPEDITION: CampaignKind[Expedition, Choices] = ExpeditionKind()
register(EXPEDITION)
