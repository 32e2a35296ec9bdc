"""Train a small agent on bola8's turn environment in a few minutes, with numpy alone.

    .venv/bin/python examples/train_rl.py [--generations 20] [--population 24] [--seed 0] [--weight-std 0]
                                          [--curve docs/img/rl-curve.png]

The agent is a linear policy (action = tanh(W @ observation + c), 531
numbers) trained by the cross-entropy method. By default (``--weight-std 0``)
only the 9 biases c are searched - a stroke style (aim offset, speed,
elevation, spin, the call's bins) - which learns reliably in a minute; a
positive ``--weight-std`` searches the weights too. Each generation samples a
population of policies around the current mean, plays each on the same six
training racks (solo table, the learner plays both seats, at most 30 strokes a rack,
the olympiad's execution noise), and moves the mean to the best quarter.
Before and after, the mean policy plays 20 fixed racks it never trained on;
the script prints the return, balls pocketed and fouls per rack, and saves
the learning curve (mean and best return of each generation) as a PNG.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from bola8.rl import ACTION_SIZE, OBSERVATION_SIZE, Bola8TurnEnv, EnvSettings

SETTINGS = EnvSettings(opponent=None, max_strokes=30)
SIZE = ACTION_SIZE * (OBSERVATION_SIZE + 1)


def act(params: np.ndarray, observation: np.ndarray) -> np.ndarray:
    weights = params[: ACTION_SIZE * OBSERVATION_SIZE].reshape(ACTION_SIZE, OBSERVATION_SIZE)
    bias = params[ACTION_SIZE * OBSERVATION_SIZE:]
    return np.tanh(weights @ observation + bias).astype(np.float32)


def play(env: Bola8TurnEnv, params: np.ndarray, seeds: list[int]) -> tuple[float, float, float]:
    """Mean return, balls pocketed and fouls per rack over ``seeds``."""
    total = pots = fouls = 0.0
    for seed in seeds:
        observation, _ = env.reset(seed=seed)
        while True:
            observation, reward, terminated, truncated, info = env.step(act(params, observation))
            total += reward
            pots += len([b for b in info.get("legally_pocketed", []) if b != 8])
            fouls += bool(info.get("foul"))
            if terminated or truncated:
                break
    n = len(seeds)
    return total / n, pots / n, fouls / n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--generations", type=int, default=20)
    parser.add_argument("--population", type=int, default=24)
    parser.add_argument("--racks", type=int, default=6, help="training racks each candidate plays, the same every generation")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--weight-std", type=float, default=0.0,
                        help="initial spread of the weights (0: a fixed stroke style, the biases alone)")
    parser.add_argument("--curve", default="docs/img/rl-curve.png")
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    env = Bola8TurnEnv(SETTINGS)
    mean = np.zeros(SIZE)
    # The biases (a fixed stroke) are searched widely, the weights (how the stroke follows the table) gently:
    # a weight multiplies 58 inputs, so a wide one throws every action to the edge of its range.
    weights = ACTION_SIZE * OBSERVATION_SIZE
    std = np.concatenate([np.full(weights, args.weight_std), np.full(ACTION_SIZE, 0.4)])
    floor = np.concatenate([np.full(weights, args.weight_std / 4), np.full(ACTION_SIZE, 0.02)])
    held_out = list(range(10_000, 10_020))
    before = play(env, mean, held_out)
    print(f"before: return {before[0]:6.2f}, pots {before[1]:.2f}, fouls {before[2]:.2f} per rack "
          f"(20 held-out racks)")
    # The same training racks every generation (common random numbers): candidates are compared on equal
    # terms, so the selection follows the policy, not the luck of the racks drawn.
    seeds = list(range(args.racks))
    elite_count = max(2, args.population // 4)
    curve_mean, curve_best = [], []
    start = time.perf_counter()
    for generation in range(args.generations):
        candidates = mean + std * rng.standard_normal((args.population, SIZE))
        scores = np.array([play(env, c, seeds)[0] for c in candidates])
        elite = candidates[np.argsort(scores)[-elite_count:]]
        mean = elite.mean(axis=0)
        std = elite.std(axis=0) + floor
        curve_mean.append(float(scores.mean()))
        curve_best.append(float(scores.max()))
        if generation % 5 == 4 or generation == args.generations - 1:
            print(f"generation {generation + 1:3d}: mean return {scores.mean():6.2f}, best {scores.max():6.2f} "
                  f"({time.perf_counter() - start:.0f} s)")
    after = play(env, mean, held_out)
    print(f"after:  return {after[0]:6.2f}, pots {after[1]:.2f}, fouls {after[2]:.2f} per rack "
          f"(the same 20 held-out racks), {time.perf_counter() - start:.0f} s of training")

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(6.0, 3.4), dpi=100)
    axes.plot(range(1, len(curve_mean) + 1), curve_mean, label="population mean")
    axes.plot(range(1, len(curve_best) + 1), curve_best, label="best candidate")
    axes.axhline(before[0], color="grey", linestyle="--", label="untrained (held-out racks)")
    axes.axhline(after[0], color="black", linestyle=":", label="trained (held-out racks)")
    axes.set_xlabel("generation")
    axes.set_ylabel("return per rack")
    axes.set_title("Cross-entropy method on bola8/Turn-v0 (solo, noise 1)")
    axes.legend(fontsize=8)
    figure.tight_layout()
    figure.savefig(args.curve)
    print(f"learning curve written to {args.curve}")


if __name__ == "__main__":
    main()
