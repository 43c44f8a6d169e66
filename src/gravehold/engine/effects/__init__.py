"""The engine's own effect vocabulary: the step kinds any box may use (see ``vocabulary``).

A step that needs a choice calls :func:`ask_step`; the decision resumes the very same
frame with the chosen action as the keyword ``action``. Choices that take several picks
re-push a smaller step (a ``pick`` of 2 after one card of three), so every pick is a
single action and the flat action space stays small. The generic steps that most cards
use (``pick``, ``if``) are in ``generic``; the amounts that the damage steps take may be
counted on the table (``amounts``).

One module per family of step kinds: ``base`` (the step operation and the helpers),
``cards``, ``life``, ``breaches``, ``nemesis`` and ``players``. Their steps register as
they are imported; the names other modules use are importable from here.
"""

from __future__ import annotations

from ...content.model import Steps
from .base import ask_step, can_resolve, chooser
from .breaches import _remove_prepped, prepped_spells
from .cards import DESTROY_REDIRECTS, DISCARD_ONE, _aether, _gainable, _others_played, destroy_from, recycle
from .life import _damage
from .nemesis import check_token_loss, special_top
from .players import _select

__all__ = ["DESTROY_REDIRECTS", "DISCARD_ONE", "Steps", "_aether", "_damage", "_gainable", "_others_played",
           "_remove_prepped", "_select", "ask_step", "can_resolve", "check_token_loss", "chooser", "destroy_from",
           "damage_source", "special_top", "gain_aether", "gainable", "prepped_spells", "recycle", "remove_prepped"]

#: public names of the helpers that box procedures call (exported by ``gravehold.boxapi``)
gain_aether, damage_source, gainable, remove_prepped = _aether, _damage, _gainable, _remove_prepped
