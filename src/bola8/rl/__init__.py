"""Learning environments of 8-ball under the Spanish rules: Gymnasium and PettingZoo.

- :class:`Bola8TurnEnv`: a Gymnasium environment of one player's strokes
  against an opponent (the baseline bot by default), one rack an episode;
  registered as ``bola8/Turn-v0``.
- :class:`Bola8AEC`: a PettingZoo AEC environment of the whole rack, two learners.
- :func:`make_vector_env`: many tables at once (Gymnasium's sync or async vector env).

The referee decides every reward (:class:`RewardSettings`); the encoding of
observations and actions is :mod:`bola8.rl.encoding`.

>>> import numpy as np
>>> from bola8.rl import Bola8TurnEnv
>>> env = Bola8TurnEnv(noise=0.0)
>>> observation, info = env.reset(seed=1)
>>> observation.shape, env.action_space.shape
((58,), (9,))
"""

from __future__ import annotations

from typing import Any

from bola8.extras import require

require("rl", "bola8.rl")        # Gymnasium and PettingZoo: one sentence, not a bare ModuleNotFoundError

import gymnasium  # noqa: E402

from bola8.rl.aec_env import Bola8AEC
from bola8.rl.encoding import ACTION_SIZE, OBSERVATION_SIZE
from bola8.rl.settings import EnvSettings, RewardSettings
from bola8.rl.turn_env import Bola8TurnEnv

__all__ = ["Bola8TurnEnv", "Bola8AEC", "EnvSettings", "RewardSettings", "make_vector_env",
           "OBSERVATION_SIZE", "ACTION_SIZE"]

ENV_ID = "bola8/Turn-v0"
if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="bola8.rl.turn_env:Bola8TurnEnv")


def make_vector_env(count: int, settings: EnvSettings | None = None, *,
                    asynchronous: bool = False) -> gymnasium.vector.VectorEnv[Any, Any, Any]:
    """``count`` tables of :class:`Bola8TurnEnv` at once; ``asynchronous`` runs each in its own process."""
    from bola8.errors import InputError

    if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= 1024:
        raise InputError(f"count: {count!r} is not a number of tables; expected 1 to 1024.",
                         f"count: {count!r} no es un número de mesas; se esperaba de 1 a 1024.")
    chosen = settings if settings is not None else EnvSettings()

    def make() -> Bola8TurnEnv:
        return Bola8TurnEnv(chosen)

    if asynchronous:
        return gymnasium.vector.AsyncVectorEnv([make] * count, context="fork")
    return gymnasium.vector.SyncVectorEnv([make] * count)
