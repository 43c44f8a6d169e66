"""Environments for learning agents (``pip install -e '.[rl]'``): Gymnasium and PettingZoo.

    import gymnasium as gym
    import gravehold.rl  # registers "gravehold/Gravehold-v9" (ENV_ID)
    env = gym.make("gravehold/Gravehold-v9", nemesis="Rageborne", mages=["Brama", "Mist"])

    from gravehold.rl import env as aec_env
    env = aec_env(nemesis="Rageborne")  # PettingZoo AEC, one agent per seat

See ``docs/rl.md`` for the observation, the option-index actions (and ``illegal_action``, what
an index that is no option does) and the reward. The id's version is ``ENCODING_VERSION``:
it changes whenever the observation layout does (``encode.ENCODINGS``).
"""

from __future__ import annotations

try:
    import gymnasium as gym
    import pettingzoo  # noqa: F401
except ImportError as e:  # pragma: no cover - depends on the installed extras
    raise ImportError("gravehold.rl needs gymnasium and pettingzoo: pip install -e '.[rl]'") from e

from .encode import ENCODING_VERSION, MAX_OPTIONS, OBS_SIZE, OPTION_FEATURES
from .env import ILLEGAL_ACTIONS, GraveholdAEC, GraveholdEnv, env

ENV_ID = f"gravehold/Gravehold-v{ENCODING_VERSION}"
if ENV_ID not in gym.registry:
    gym.register(ENV_ID, entry_point="gravehold.rl.env:GraveholdEnv")

__all__ = ["ENCODING_VERSION", "ENV_ID", "ILLEGAL_ACTIONS", "MAX_OPTIONS", "OBS_SIZE", "OPTION_FEATURES",
           "GraveholdAEC", "GraveholdEnv", "env"]
