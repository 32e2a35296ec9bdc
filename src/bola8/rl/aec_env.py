"""A PettingZoo AEC environment of a whole rack: two learners, ``player_0`` and ``player_1``."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from bola8.rl.encoding import ACTION_SIZE, OBSERVATION_SIZE, observe
from bola8.rl.settings import EnvSettings
from bola8.rl.table import Table

AGENTS = ("player_0", "player_1")


class Bola8AEC(AECEnv[str, np.ndarray, np.ndarray]):  # type: ignore[misc]  # pettingzoo ships no types
    """The agent to act is the shooter the referee names; each acts with one stroke.

    Observations, actions and rewards are those of :class:`bola8.rl.Bola8TurnEnv`,
    each seen from its own agent (``settings.opponent`` is not used: both seats
    learn). Both agents terminate when the rack is decided; both are truncated
    when the strokes reach ``2 * settings.max_strokes``.
    """

    metadata: dict[str, Any] = {"render_modes": [], "name": "bola8_aec_v0", "is_parallelizable": False}

    def __init__(self, settings: EnvSettings | None = None, **fields: Any) -> None:
        super().__init__()
        self.settings = settings if settings is not None else EnvSettings(**fields)
        self.possible_agents = list(AGENTS)
        self._observation_space = spaces.Box(-1.0, 1.0, (OBSERVATION_SIZE,), dtype=np.float32)
        self._action_space = spaces.Box(-1.0, 1.0, (ACTION_SIZE,), dtype=np.float32)
        self._table: Table | None = None
        self._seed_rng = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent``: the same 58 floats in [-1, 1] for both."""
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: the same 9 floats in [-1, 1] for both."""
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new rack (seeded by ``seed`` when given), played up to the first learner's stroke."""
        if seed is not None:
            self._seed_rng = np.random.default_rng(seed)
        self._table = Table(self.settings, int(self._seed_rng.integers(2**62)), learners=(0, 1))
        from bola8.rl.table import Outcome

        self._table.advance(Outcome())
        self.agents = list(AGENTS)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = AGENTS[self._table.to_act]

    def observe(self, agent: str) -> np.ndarray:
        """What ``agent`` sees: the table from its own seat."""
        assert self._table is not None, "call reset() first"
        return observe(self._table.game, AGENTS.index(agent))

    def step(self, action: np.ndarray | None) -> None:
        """The selected agent's stroke, judged by the referee; the rewards, and the next agent to act."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self._table is not None
        self._cumulative_rewards[agent] = 0.0
        outcome = self._table.strike(action)
        for seat, name in enumerate(AGENTS):
            self.rewards[name] = outcome.rewards[seat]
        self.infos = {a: {} for a in self.agents}
        self.infos[agent] = outcome.info
        if self._table.over:
            self.terminations = {a: True for a in self.agents}
        elif sum(self._table.strokes) >= 2 * self.settings.max_strokes:
            self.truncations = {a: True for a in self.agents}
        self.agent_selection = AGENTS[self._table.to_act]
        self._accumulate_rewards()
