"""The boxes: each box of the game is one package here, and this is where they are listed.

A box package declares itself once, as ``BOX`` (a :class:`gravehold.content.model.Box`: id,
name, wave, ruleset preset, counts and its content); importing the package registers its
step kinds and trigger handlers. :func:`load_installed` loads the boxes of :data:`INSTALLED`,
then any box that another distribution offers under the entry-point group
``gravehold.boxes`` (``name = "package.module"``), so a box can also ship on its own.

The engine imports no box: the dependency runs from the boxes to the engine, and the
catalogue (``gravehold.content.registry``) is filled from here.
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points
from types import ModuleType

from ..boxapi import modules_in
from ..content import registry
from ..content.model import Box
from ..errors import ContentError

#: the boxes that ship with gravehold, in load order (a box comes after those it requires)
INSTALLED = ("gravehold.boxes.aeons_end", "gravehold.boxes.war_eternal", "gravehold.boxes.new_age",
             "gravehold.boxes.outcasts", "gravehold.boxes.legacy_of_gravehold")

ENTRY_POINT_GROUP = "gravehold.boxes"

__all__ = ["ENTRY_POINT_GROUP", "INSTALLED", "MODULES", "load", "load_installed", "modules_in"]

#: box id -> the module it was loaded from
MODULES: dict[str, str] = {}


def _engine_vocabulary() -> None:
    """The engine's own step kinds, operations, decision kinds and action heads, which every
    box builds on (declared before any box's own, so their order never depends on a box)."""
    from ..engine import damage, decisions, effects, generic, turn  # noqa: F401
    from ..engine.keywords import (  # noqa: F401
        aether_tokens,
        attach,
        banish,
        conjure,
        damage_bonus,
        echo,
        exclusive_aether,
        extra_cost,
        fire,
        just,
        link,
        mage_decks,
        marks,
        recall,
        sever,
        shields,
        silence,
        treasures,
        wandering,
    )

    conjure.register()


def load(module: str) -> Box:
    """Import one box package by module name and add it to the catalogue (once)."""
    _engine_vocabulary()
    mod: ModuleType = importlib.import_module(module)
    box = getattr(mod, "BOX", None)
    if not isinstance(box, Box):
        raise ContentError(f"box module {module}: it must declare BOX = Box(...)")
    if MODULES.get(box.id) != module:
        registry.register_box(box)
        MODULES[box.id] = module
    return box


def load_installed() -> None:
    for module in INSTALLED:
        load(module)
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        load(ep.value)
