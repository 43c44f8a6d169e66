"""Expeditions (X-2 … X-19, XS): a run of battles with a Barracks, treasures and a score,
the first kind of campaign on the layer (``campaigns``).

``state`` is the whole expedition as one typed document (its shared parts are the layer's,
``campaigns.docs``); ``rules`` the rules' tables; ``steps`` the steps from one state to the
next (set out, begin a battle, finish it, take a support), each pure; ``policy`` the bots'
choices; ``replay`` an expedition rebuilt from its records; ``kind`` all of it as the
layer's :class:`~gravehold.campaigns.kind.CampaignKind`, :data:`EXPEDITION`. ``transfer``
is the layer's export file bound to it, and ``store.ExpeditionStore`` the layer's store.
Whole expeditions are played by the layer's one battle driver (``campaigns.battle``).
Nothing here names a card: a box brings its scripted expedition as data
(``content.model.ExpeditionScript``).
"""

from ..transfer import Transfer, files_of
from .kind import EXPEDITION
from .state import Expedition

#: the expedition's export file: ``transfer.export``, ``read``, ``load``, ``parse``, its limits
transfer: Transfer[Expedition] = files_of(EXPEDITION)

__all__ = ["EXPEDITION", "transfer"]
