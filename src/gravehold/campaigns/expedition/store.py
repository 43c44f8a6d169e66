"""The expedition's store: the layer's :class:`~gravehold.campaigns.store.CampaignStore`
for the expedition kind, with the expedition's steps between battles: X-8's support, and
the group giving up after a loss."""

from __future__ import annotations

from ...storage.saves import Store
from .. import store
from ..store import CampaignStore
from . import steps
from .kind import EXPEDITION
from .state import Expedition

#: a stored expedition: its row and its document (``.exp``)
Stored = store.Stored[Expedition]


class ExpeditionStore(CampaignStore[Expedition]):
    def __init__(self, store: Store) -> None:
        super().__init__(store, EXPEDITION)

    def support(self, eid: str, choice: str | None, version: int | None = None) -> Stored:
        """X-8: the support of a lost battle (or none), stored."""
        return self.step(eid, lambda exp: steps.support(exp, choice), version, "support")

    def give_up(self, eid: str, version: int | None = None) -> Stored:
        """The group gives the expedition up after a lost battle (``steps.give_up``), stored."""
        return self.step(eid, steps.give_up, version, "give_up")
