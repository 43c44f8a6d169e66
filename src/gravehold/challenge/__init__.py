"""The seeded challenge: people play the seeded setups the bots are measured on.

A challenge set is named by an id (a week, ``2026-W49``, or a seed, ``seed-7``) and holds
five setups derived from it alone (``sets``), so people and bots play the very same games
and their results, kept side by side (``store``), are a human baseline on paired seeds.
"""

from __future__ import annotations

from .sets import (
    BOXES,
    CHALLENGE_BOTS,
    SETUPS,
    ChallengeError,
    ChallengeSetup,
    bots,
    challenge_id,
    setup_of,
    setups,
    this_week,
)
from .store import ChallengeStore, Result, player_name, win_rate

__all__ = ["BOXES", "CHALLENGE_BOTS", "SETUPS", "ChallengeError", "ChallengeSetup", "ChallengeStore", "Result",
           "bots", "challenge_id", "player_name", "setup_of", "setups", "this_week", "win_rate"]
