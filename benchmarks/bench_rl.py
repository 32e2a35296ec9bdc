"""How fast the learning environments step: strokes per second, random actions.

    .venv/bin/python benchmarks/bench_rl.py [--steps 300] [--seed 1]

Rows: the turn environment solo (the learner plays both seats: one stroke a
step), against the baseline bot (the bot's strokes run inside the learner's
steps), the PettingZoo AEC environment, 4 tables in a SyncVectorEnv and 2 in
an AsyncVectorEnv (one process each). Episodes are reset when they end;
resets are counted in the time.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from bola8.rl import Bola8AEC, Bola8TurnEnv, EnvSettings, make_vector_env


def turn_env(steps: int, seed: int, opponent: str | None) -> float:
    env = Bola8TurnEnv(EnvSettings(opponent=opponent))
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    start = time.perf_counter()
    for _ in range(steps):
        _obs, _r, terminated, truncated, _info = env.step(rng.uniform(-1, 1, 9).astype(np.float32))
        if terminated or truncated:
            env.reset()
    return steps / (time.perf_counter() - start)


def aec_env(steps: int, seed: int) -> float:
    env = Bola8AEC()
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    start = time.perf_counter()
    done = 0
    while done < steps:
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            env.step(None)
            if not env.agents:
                env.reset()
            continue
        env.step(rng.uniform(-1, 1, 9).astype(np.float32))
        done += 1
    return steps / (time.perf_counter() - start)


def vector_env(count: int, steps: int, seed: int, asynchronous: bool) -> float:
    envs = make_vector_env(count, EnvSettings(opponent=None), asynchronous=asynchronous)
    rng = np.random.default_rng(seed)
    envs.reset(seed=seed)
    start = time.perf_counter()
    rounds = max(1, steps // count)
    for _ in range(rounds):
        envs.step(rng.uniform(-1, 1, (count, 9)).astype(np.float32))     # autoreset: ended tables start again
    rate = rounds * count / (time.perf_counter() - start)
    envs.close()
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    turn_env(5, args.seed, None)                 # load the engine before timing
    rows = [
        ("turn env, solo", turn_env(args.steps, args.seed, None)),
        ("turn env, against bot", turn_env(args.steps, args.seed, "bot")),
        ("AEC env, two learners", aec_env(args.steps, args.seed)),
        ("4 tables, SyncVectorEnv", vector_env(4, args.steps, args.seed, False)),
        ("2 tables, AsyncVectorEnv", vector_env(2, args.steps, args.seed, True)),
    ]
    print(f"bola8.rl: {args.steps} learner steps each, random actions")
    print(f"{'environment':<28} {'steps/s':>9}")
    for name, rate in rows:
        print(f"{name:<28} {rate:9.0f}")


if __name__ == "__main__":
    main()
