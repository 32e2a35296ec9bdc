"""A Gymnasium environment of one player's strokes in a rack of 8-ball under the Spanish rules."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from bola8.rl.encoding import ACTION_SIZE, OBSERVATION_SIZE, observe
from bola8.rl.settings import EnvSettings
from bola8.rl.table import Outcome, Table


class Bola8TurnEnv(gymnasium.Env[np.ndarray, np.ndarray]):
    """One rack a episode; one step, one stroke of the learner (seat 0).

    The opponent (``settings.opponent``, the baseline bot by default) plays its
    own strokes inside the step that passed it the table, so every observation
    is the learner's turn. With ``opponent=None`` the learner plays both seats
    and each step's reward is that of the seat that played. The observation and
    action are described in :mod:`bola8.rl.encoding`, the reward in
    :class:`bola8.rl.RewardSettings`.

    ``info`` holds the stroke's ruling (``codes``, ``foul``, ``call``,
    ``pocketed``, ``legally_pocketed``), the ``seat`` that played and, at the
    end, ``winner`` and ``result``.
    """

    metadata: dict[str, Any] = {"render_modes": []}

    def __init__(self, settings: EnvSettings | None = None, **fields: Any) -> None:
        super().__init__()
        self.settings = settings if settings is not None else EnvSettings(**fields)
        self.observation_space = spaces.Box(-1.0, 1.0, (OBSERVATION_SIZE,), dtype=np.float32)
        self.action_space = spaces.Box(-1.0, 1.0, (ACTION_SIZE,), dtype=np.float32)
        self._table: Table | None = None

    @property
    def table(self) -> Table:
        """The table in play (ResetNeeded before the first reset)."""
        if self._table is None:
            raise gymnasium.error.ResetNeeded("call reset() before step()")
        return self._table

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """A new rack (seeded by ``seed`` when given), played up to the learner's first stroke; the observation
        and the seat.
        """
        super().reset(seed=seed)
        self._table = Table(self.settings, int(self.np_random.integers(2**62)), learners=(0,))
        outcome = Outcome()
        self._table.advance(outcome)      # the opponent's break, when it breaks
        if self._table.over:              # a rack decided before the learner strikes (the 8 on the break)
            self._table = Table(self.settings, int(self.np_random.integers(2**62)), learners=(0,))
            self._table.advance(outcome)
        return self._observation(), {"seat": self._table.to_act}

    def step(self, action: np.ndarray) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """The learner's stroke and everything up to its next one (the opponent's strokes included);
        observation, reward, terminated, truncated, info.
        """
        table = self.table
        if table.over:
            raise gymnasium.error.ResetNeeded("the rack is over; call reset()")
        outcome = table.strike(action)
        seat = outcome.info["seat"]
        reward = outcome.rewards[seat] if self.settings.opponent is None else outcome.rewards[0]
        terminated = table.over
        truncated = not terminated and sum(table.strokes) >= self.settings.max_strokes
        return self._observation(), float(reward), terminated, truncated, outcome.info

    def _observation(self) -> np.ndarray:
        table = self.table
        viewer = table.to_act if self.settings.opponent is None else 0
        return observe(table.game, viewer)
