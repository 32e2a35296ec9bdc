"""The learning environments: their libraries' checkers, seeds, rewards from the referee, vector tables."""

from __future__ import annotations

import warnings
from dataclasses import replace

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from bola8 import rules
from bola8.errors import InputError
from bola8.game import Game
from bola8.game.game import freeze
from bola8.rl import Bola8AEC, Bola8TurnEnv, EnvSettings, RewardSettings, make_vector_env
from bola8.rl.encoding import decode_call
from bola8.rl.table import Table


def random_actions(count, seed=0):
    return np.random.default_rng(seed).uniform(-1, 1, (count, 9)).astype(np.float32)


def test_the_turn_env_passes_gymnasiums_checker():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")          # the checker warns that there is no render mode
        check_env(Bola8TurnEnv(), skip_render_check=True)
        check_env(Bola8TurnEnv(opponent=None), skip_render_check=True)


def test_the_aec_env_passes_pettingzoos_api_test():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(Bola8AEC(), num_cycles=30, verbose_progress=False)


def play(env, seed, actions):
    observation, _ = env.reset(seed=seed)
    seen = [observation]
    rewards = []
    for action in actions:
        observation, reward, terminated, truncated, _ = env.step(action)
        assert env.observation_space.contains(observation)
        seen.append(observation)
        rewards.append(reward)
        if terminated or truncated:
            break
    return seen, rewards


def test_a_seed_and_the_same_actions_give_the_same_episode():
    actions = random_actions(12, seed=4)
    first = play(Bola8TurnEnv(), 11, actions)
    again = play(Bola8TurnEnv(), 11, actions)
    other = play(Bola8TurnEnv(), 12, actions)
    assert all(np.array_equal(a, b) for a, b in zip(first[0], again[0])) and first[1] == again[1]
    assert not np.array_equal(first[0][0], other[0][0]) or first[1] != other[1]


def constructed(settings, layout, on_table):
    """A table on the learner's turn with ``layout``, an open table after the break."""
    table = Table(settings, seed=1, learners=(0,))
    state = rules.State(on_table=on_table, phase="play", shooter=0, breaker=1, cue_ball="on_table")
    table.game = replace(Game.new(settings.table), state=state, balls=freeze(layout))
    return table


def test_a_pot_as_called_is_rewarded_and_a_miss_is_a_foul():
    settings = EnvSettings(noise=0.0, opponent="bot")
    spec = Game.new().spec
    width, length = spec.width, spec.length
    layout = {0: (0.55, length - 0.55), 1: (0.25, length - 0.25), 2: (width - 0.2, 0.5), 8: (width / 2, 1.0),
              9: (width - 0.3, 1.5)}
    # Ball 1 sits on the diagonal into the foot-left corner, the cue ball behind it: a straight pot.
    table = constructed(settings, layout, (1, 2, 8, 9))
    action = np.zeros(9)
    action[0], action[1], action[3] = -1.0, 0.5, -0.6      # ball 1 (the lowest callable), foot-left, slow
    action[4] = -1.0                                       # a level cue (0 is 15 degrees: the cue ball would hop)
    assert decode_call(action, table.game) == rules.Call(1, "foot-left")
    outcome = table.strike(action)
    assert outcome.info["legally_pocketed"] == [1] and not outcome.info["foul"]
    assert outcome.rewards[0] == pytest.approx(RewardSettings().pot)
    # The same stroke aimed 60 degrees away never touches a ball: a foul (Art. 10), ball in hand.
    table = constructed(EnvSettings(noise=0.0, aim="absolute"), layout, (1, 2, 8, 9))
    away = np.zeros(9)
    away[2], away[3] = -0.5, -0.8                      # phi 90: straight up the table, away from ball 1
    outcome = table.strike(away)
    assert outcome.info["foul"] and outcome.rewards[0] <= RewardSettings().foul


def test_a_refused_placement_costs_its_reward_and_the_default_place_is_used():
    from bola8.rl.encoding import placement

    env = Bola8TurnEnv(breaker="agent", noise=0.0)
    env.reset(seed=2)
    table = env.table                                  # the learner's break: the cue ball in hand, kitchen only
    action = np.zeros(9, dtype=np.float32)
    action[3], action[7], action[8] = 1.0, -0.5, -0.5
    point = placement(action, table.game)
    table.game = replace(table.game, balls=freeze({**table.game.layout, 15: point}))   # a ball on that spot
    outcome = table.strike(action)
    assert outcome.info.get("bad_placement") is True
    assert outcome.info["call"] == {"ball": -1, "pocket": ""}      # the break calls nothing: a call's types
    assert outcome.rewards[0] <= RewardSettings().bad_placement + RewardSettings().pot * 15


def test_vector_tables_step_together():
    envs = make_vector_env(3)
    observations, _ = envs.reset(seed=5)
    assert observations.shape == (3, 58)
    observations, rewards, terminated, truncated, _ = envs.step(random_actions(3))
    assert observations.shape == (3, 58) and rewards.shape == (3,)
    envs.close()


@pytest.mark.parametrize("fields, field", [
    ({"opponent": "nobody"}, "players"), ({"noise": -1.0}, "noise"), ({"aim": "sideways"}, "aim"),
    ({"max_strokes": 0}, "max_strokes"), ({"table": "6ft"}, "table"), ({"breaker": "me"}, "breaker"),
])
def test_bad_settings_are_refused_naming_the_field(fields, field):
    with pytest.raises(InputError) as refused:
        EnvSettings(**fields)
    assert refused.value.en.startswith(field) and refused.value.es.startswith(field)


def test_bad_rewards_counts_and_actions_are_refused():
    with pytest.raises(InputError, match="reward.win"):
        RewardSettings(win=float("nan"))
    with pytest.raises(InputError, match="count"):
        make_vector_env(0)
    env = Bola8TurnEnv()
    env.reset(seed=1)
    with pytest.raises(InputError, match="action"):
        env.step(np.full(9, np.nan, dtype=np.float32))
