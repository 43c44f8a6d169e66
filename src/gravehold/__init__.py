"""gravehold: a rules engine for the cooperative deck-builder Aeon's End."""

from .engine.game import Game
from .errors import GraveholdError, IllegalAction, StateFormatError, UnknownName

__all__ = ["Game", "GraveholdError", "IllegalAction", "StateFormatError", "UnknownName"]
__version__ = "0.1.0"
