"""Time bola8's physics engine alone.

    .venv/bin/python benchmarks/bench_physics.py [--breaks 50] [--shots 200] [--random-breaks 450]

1. first-call JIT compile with an empty numba cache (a subprocess with
   NUMBA_CACHE_DIR set to a fresh temporary directory);
2. warm 8-ball break on the 9ft table, 8 m/s at the apex: median over N
   (engine kernel alone and the full ``simulate_layout`` with facts), events;
3. typical shots: random 1-4 m/s shots (aimed at a random object ball, cut
   +-30 deg, spin +-0.4) on the post-break layout; median time and shots/s;
4. random breaks on the three tables (random rack, cue ball in the kitchen,
   4-11 m/s near the apex, spin +-0.3): the distribution of events per break,
   where chattering clusters show up as the tail, and how many hit the cap.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

COLD = """
import time
t = time.perf_counter()
from bola8.physics import Strike, simulate_layout, table_spec
from bola8.game.racking import rack
spec = table_spec("9ft")
balls = dict(rack(spec, 1)); balls[0] = spec.head_spot
simulate_layout(spec, balls, Strike(8.0, 90.0))
print(time.perf_counter() - t)
"""


def cold_compile() -> float:
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        out = subprocess.run([sys.executable, "-c", COLD], env=env, capture_output=True, text=True, check=True)
        return float(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--breaks", type=int, default=50)
    ap.add_argument("--shots", type=int, default=200)
    ap.add_argument("--random-breaks", type=int, default=450)
    args = ap.parse_args()
    cold = cold_compile()

    import numpy as np

    from bola8.game.racking import rack
    from bola8.physics import Strike, simulate_layout, table_spec
    from bola8.physics import codes as C
    from bola8.physics.engine import run_events
    from bola8.physics.motion import classify
    from bola8.physics.api import _DEFAULT_SETTINGS
    from bola8.physics.strike import strike_state

    spec = table_spec("9ft")
    g = spec.geometry
    settings = _DEFAULT_SETTINGS
    prm = settings.as_array(spec.cushion_height)

    def kernel_only(balls, strike):
        numbers = sorted(balls)
        n = len(numbers)
        rvw = np.zeros((n, 3, 3))
        s = np.zeros(n, dtype=np.int64)
        for i, b in enumerate(numbers):
            rvw[i, 0, :2] = balls[b]
        v, w = strike_state(strike, settings.ball, settings.cue)
        rvw[0, 1], rvw[0, 2] = v, w
        s[0] = classify(rvw[0], prm)
        t = time.perf_counter()
        k = run_events(rvw, s, prm, g.segments, g.circles, g.holes, settings.max_events, C.EV_STRIKE,
                       C.RECORD_TRAJECTORIES)[0]
        return time.perf_counter() - t, k

    layout = dict(rack(spec, 1))
    layout[0] = spec.head_spot
    brk = Strike(8.0, 90.0)
    simulate_layout(spec, layout, brk)
    kt, ft, events = [], [], 0
    for _ in range(args.breaks):
        dt, events = kernel_only(layout, brk)
        kt.append(dt)
        t = time.perf_counter()
        result = simulate_layout(spec, layout, brk)
        ft.append(time.perf_counter() - t)

    post = dict(result.final)
    if 0 not in post:
        post[0] = spec.head_spot
    targets = [b for b in post if b != 0]
    rng = random.Random(1)
    st, sk, sev = [], [], []
    for _ in range(args.shots):
        tb = post[rng.choice(targets)]
        phi = math.degrees(math.atan2(tb[1] - post[0][1], tb[0] - post[0][0])) + rng.uniform(-30, 30) * 0.5
        strike = Strike(rng.uniform(1.0, 4.0), phi, 0.0, rng.uniform(-0.4, 0.4) * 0.7, rng.uniform(-0.4, 0.4) * 0.7)
        dt, k = kernel_only(post, strike)
        sk.append(dt)
        sev.append(k)
        t = time.perf_counter()
        simulate_layout(spec, post, strike)
        st.append(time.perf_counter() - t)

    rng = random.Random(7)
    counts, capped = [], 0
    for number in range(args.random_breaks):
        rspec = table_spec(("7ft", "8ft", "9ft")[number % 3])
        balls = dict(rack(rspec, rng.randrange(10**6)))
        balls[0] = (rng.uniform(0.1, rspec.width - 0.1), rspec.head_string_y - rng.uniform(0.0, 0.3))
        apex = min((p for b, p in balls.items() if b != 0), key=lambda p: p[1])
        phi = math.degrees(math.atan2(apex[1] - balls[0][1], apex[0] - balls[0][0])) + rng.gauss(0.0, 1.0)
        strike = Strike(rng.uniform(4.0, 11.0), phi, 0.0, rng.uniform(-0.3, 0.3), rng.uniform(-0.3, 0.3))
        r = simulate_layout(rspec, balls, strike)
        counts.append(len(r.events))
        capped += r.truncated
    counts.sort()

    ms = 1e3
    print(f"{'measure':46s} {'value':>12s}")
    print(f"{'first call, empty numba cache (import+JIT)':46s} {cold:10.2f} s")
    print(f"{'break 8 m/s, kernel only, median':46s} {statistics.median(kt) * ms:9.3f} ms")
    print(f"{'break 8 m/s, simulate_layout + facts, median':46s} {statistics.median(ft) * ms:9.3f} ms")
    print(f"{'events per break':46s} {events:12d}")
    print(f"{'typical shots 1-4 m/s, kernel only, median':46s} {statistics.median(sk) * ms:9.3f} ms")
    print(f"{'typical shots, simulate_layout + facts, median':46s} {statistics.median(st) * ms:9.3f} ms")
    print(f"{'typical shots, events median / max':46s} {statistics.median(sev):7.0f} / {max(sev)}")
    print(f"{'typical shots per second (simulate_layout)':46s} {len(st) / sum(st):12.0f}")
    if counts:
        p99 = counts[min(len(counts) - 1, int(0.99 * len(counts)))]
        print(f"{'random breaks: events median / p99 / max':46s} "
              f"{statistics.median(counts):5.0f} / {p99} / {counts[-1]}")
        print(f"{'random breaks: hit the event cap':46s} {capped:7d} of {len(counts)}")


if __name__ == "__main__":
    main()
