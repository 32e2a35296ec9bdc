"""How fast batches run: games per second on 1 and 2 local workers, and on a local Ray cluster.

    .venv/bin/python benchmarks/bench_batch.py [--games 60] [--seed 1] [--no-ray]

The same batch (``bot`` against ``bot``, race to 1: one game a unit) is
played three or four ways, each from a warm numba cache:

- 1 local worker (this process plays every unit);
- 2 local workers (forked processes): the scaling against 1 worker;
- a Ray cluster the benchmark starts itself on 127.0.0.1 with
  ``ray start --head`` (2 CPUs), joined with ``--ray auto``, then stopped
  with ``ray stop``: Ray's overhead against local processes for the same batch,
  start-up excluded, and the time to join the cluster shown apart.

Every run must give the same rows (checked); the table shows games per
second and the ratio to 1 worker.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time

from bola8.batch.run import run_batch
from bola8.batch.spec import BatchSpec


def timed(spec, **how):
    start = time.perf_counter()
    result = run_batch(spec, **how)
    return time.perf_counter() - start, result


def start_ray_head() -> bool:
    ray = shutil.which("ray") or os.path.join(os.path.dirname(sys.executable), "ray")
    if not os.path.exists(ray):
        print("ray is not installed (pip install 'bola8[cluster]'): its row is skipped", file=sys.stderr)
        return False
    subprocess.run([ray, "stop", "--force"], capture_output=True, timeout=120)
    done = subprocess.run([ray, "start", "--head", "--node-ip-address", "127.0.0.1", "--num-cpus", "2",
                           "--include-dashboard", "false", "--disable-usage-stats"],
                          capture_output=True, text=True, timeout=180)
    if done.returncode != 0:
        print(f"ray start failed: {done.stderr.strip()[-300:]}", file=sys.stderr)
        return False
    return True


def stop_ray_head() -> None:
    ray = shutil.which("ray") or os.path.join(os.path.dirname(sys.executable), "ray")
    subprocess.run([ray, "stop", "--force"], capture_output=True, timeout=120)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-ray", action="store_true")
    args = parser.parse_args()
    spec = BatchSpec(players=("bot", "bot"), matches=args.games, seed=args.seed)
    run_batch(BatchSpec(players=("bot", "bot"), matches=1, seed=args.seed), workers=1)   # warm the cache

    rows = []
    one_s, one = timed(spec, workers=1)
    rows.append(("1 local worker", one_s, one))
    two_s, two = timed(spec, workers=2)
    rows.append(("2 local workers", two_s, two))
    join_s = None
    if not args.no_ray and start_ray_head():
        try:
            import ray

            start = time.perf_counter()
            ray.init(address="auto", log_to_driver=False, configure_logging=False)
            join_s = time.perf_counter() - start
            ray_s, on_ray = timed(spec, workers=2, ray="auto")   # joined above: the run reuses it
            rows.append(("Ray, local cluster (2 CPUs)", ray_s, on_ray))
            ray.shutdown()
        finally:
            stop_ray_head()
    reference = one.games(), one.shots()
    for name, _s, result in rows:
        assert (result.games(), result.shots()) == reference, f"{name}: different rows"

    shots = len(one.shots())
    print(f"bola8 batch: {args.games} games of bot against bot (race to 1), {shots} actions; "
          f"{os.cpu_count()} cores here")
    print(f"{'backend':<30} {'seconds':>8} {'games/s':>8} {'vs 1 worker':>12}")
    for name, seconds, _result in rows:
        print(f"{name:<30} {seconds:8.2f} {args.games / seconds:8.1f} {one_s / seconds:11.2f}x")
    if join_s is not None:
        print(f"joining the Ray cluster took {join_s:.1f} s (not in its row)")
    print("every backend gave identical rows")


if __name__ == "__main__":
    main()
