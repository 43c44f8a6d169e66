"""gravehold: a rules engine for the cooperative deck-builder Aeon's End."""

from . import boxes as _boxes

_boxes.load_installed()

from .engine.game import Game  # noqa: E402
from .errors import GraveholdError, IllegalAction, StateFormatError, UnknownName  # noqa: E402

__all__ = ["Game", "GraveholdError", "IllegalAction", "StateFormatError", "UnknownName"]
__version__ = "0.1.0"
