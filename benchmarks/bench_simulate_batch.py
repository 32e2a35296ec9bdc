"""Time ``simulate_batch`` against ``simulate_layout`` called once per stroke.

    .venv/bin/python benchmarks/bench_simulate_batch.py [--strokes 500] [--seed 1]

Random 1-4 m/s strokes (aim anywhere, spin +-0.4, elevation 0-20 deg) from one fixed
five-ball layout on the 9ft table, played both ways after a warm-up call of each;
prints the wall time of each way, strokes/s and the ratio, and checks that the two
ways give the same event counts.
"""

from __future__ import annotations

import argparse
import random
import time

from bola8.physics import Strike, simulate_layout, table_spec
from bola8.physics.batch import simulate_batch

LAYOUT = {0: (0.6, 0.635), 1: (1.6, 0.7), 2: (1.9, 0.3), 8: (2.2, 1.0), 9: (1.2, 1.1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--strokes", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    strokes = [Strike(rng.uniform(1, 4), rng.uniform(0, 360), rng.uniform(0, 20),
                      rng.uniform(-0.4, 0.4), rng.uniform(-0.4, 0.4)) for _ in range(args.strokes)]
    spec = table_spec("9ft")
    simulate_batch(spec, LAYOUT, strokes[:2])
    simulate_layout(spec, LAYOUT, strokes[0])
    t = time.perf_counter()
    single = [simulate_layout(spec, LAYOUT, s) for s in strokes]
    t_single = time.perf_counter() - t
    t = time.perf_counter()
    batch = simulate_batch(spec, LAYOUT, strokes)
    t_batch = time.perf_counter() - t
    assert [len(r.ev_t) for r in single] == [len(r.ev_t) for r in batch]
    n = len(strokes)
    print(f"strokes: {n}")
    print(f"one by one: {t_single:.3f} s ({n / t_single:.0f} strokes/s)")
    print(f"batch:      {t_batch:.3f} s ({n / t_batch:.0f} strokes/s)")
    print(f"speed-up:   {t_single / t_batch:.2f}x")


if __name__ == "__main__":
    main()
