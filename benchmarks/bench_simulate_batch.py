"""Time ``simulate_batch`` against ``simulate_layout`` called once per stroke (run by ``make bench``).

    .venv/bin/python benchmarks/bench_simulate_batch.py [--strokes 500] [--rounds 5] [--seed 1]

Three layouts on the 9ft table, each with its own strokes (seeded):

- the break rack (16 balls, the cue ball on the head string): 6-9 m/s near the apex ball;
- eight balls scattered (``_shots.scattered_shots``'s first layout): 1-4 m/s in any direction;
- two balls: the cue ball and one object ball, 1-4 m/s in any direction.

Each layout's strokes are played one by one with ``simulate_layout`` and as one ``simulate_batch`` in
each record ("trajectories", "events", "final"), the ways taking turns over ``--rounds`` rounds; the
median of the rounds is printed as microseconds per stroke, with the batch's speed-up over single calls
(target: at least 1.5x) and its minor page faults per stroke. The times are the CPU time of the calling
thread (``time.thread_time``: the kernels run in it), which the other processes of a busy machine do not
stretch as they stretch wall time - and which leaves out numpy's BLAS threads, which spin on a core of
their own after an array operation. The ways are checked to give the same event counts.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import resource
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _shots  # noqa: E402

from bola8.game.racking import rack  # noqa: E402
from bola8.physics import Strike, simulate_layout, table_spec  # noqa: E402
from bola8.physics.batch import simulate_batch  # noqa: E402

TARGET = 1.5   # the batch should be at least 1.5x faster per stroke than single calls
RECORDS = ("trajectories", "events", "final")


def strokes_for(layout: dict[int, tuple[float, float]], count: int, rng: random.Random, speed: tuple[float, float],
                near: tuple[float, float] | None) -> list[Strike]:
    out = []
    for _ in range(count):
        if near is None:
            phi = rng.uniform(0.0, 360.0)
        else:
            phi = _shots.direction_deg(layout[0], near) + rng.gauss(0.0, 1.0)
        out.append(Strike(rng.uniform(*speed), phi, 0.0, rng.uniform(-0.3, 0.3), rng.uniform(-0.3, 0.3)))
    return out


def minor_faults() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt


def measure(spec, layout, strikes, rounds: int) -> dict[str, tuple[float, float]]:
    """Per way: (median microseconds of CPU per stroke, minor page faults per stroke)."""
    counts = [len(simulate_layout(spec, layout, s).ev_t) for s in strikes]   # warm-up, and each stroke's events
    for record in RECORDS:
        simulate_batch(spec, layout, strikes[:3], record=record)               # type: ignore[call-overload]
    times: dict[str, list[float]] = {way: [] for way in ("single", *RECORDS)}
    faults: dict[str, list[float]] = {way: [] for way in times}
    for r in range(rounds):
        ways = list(times)
        ways = ways[r % len(ways):] + ways[:r % len(ways)]
        for way in ways:
            # (each way's results are freed before the next is timed: freeing the 95 MB of 500 breaks'
            # trajectories inside the next way's timing added up to 90 us a stroke to it)
            before = minor_faults()
            started = time.thread_time()
            if way == "single":
                results: list[Any] = [simulate_layout(spec, layout, s) for s in strikes]
            else:
                results = simulate_batch(spec, layout, strikes, record=way)   # type: ignore[call-overload]
            elapsed = time.thread_time() - started
            faults[way].append((minor_faults() - before) / len(strikes))
            times[way].append(1e6 * elapsed / len(strikes))
            found = [b.event_count for b in results] if way == "final" else [len(b.ev_t) for b in results]
            assert found == counts, f"{way} and single calls differ"
            del results
    return {way: (statistics.median(times[way]), statistics.median(faults[way])) for way in times}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--strokes", type=int, default=500)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    spec = table_spec("9ft")
    rng = random.Random(args.seed)
    table = _shots.Table(spec.name, spec.length, spec.width, spec.ball_radius)
    full = dict(rack(spec, 1))
    full[0] = (spec.width / 2.0, spec.head_string_y)
    eight = _shots.scattered_shots(table, 8, 1, seed=2024)[0][0]
    two = _shots.scattered_shots(table, 2, 1, seed=2)[0][0]
    layouts = {
        "break rack (16 balls)": (full, (6.0, 9.0), full[_shots.apex_ball(full, spec.foot_spot)]),
        "8 balls": (eight, (1.0, 4.0), None),
        "2 balls": (two, (1.0, 4.0), None),
    }
    print(f"simulate_batch vs simulate_layout: {args.strokes} strokes per layout, median of {args.rounds} rounds; "
          f"python {platform.python_version()}, {os.cpu_count()} CPU, load {os.getloadavg()[0]:.2f}")
    header = ("layout (CPU)", "single us", *(f"batch {r} us" for r in RECORDS), "speed-up t/e/f", "faults/stroke s/t/e/f")
    rows = [header]
    met = True
    for name, (layout, speed, near) in layouts.items():
        found = measure(spec, layout, strokes_for(layout, args.strokes, rng, speed, near), args.rounds)
        single = found["single"][0]
        ups = [single / found[r][0] for r in RECORDS]
        met = met and min(ups) >= TARGET
        rows.append((name, f"{single:.1f}", *(f"{found[r][0]:.1f}" for r in RECORDS),
                     "/".join(f"{u:.2f}x" for u in ups),
                     "/".join(f"{found[w][1]:.1f}" for w in ("single", *RECORDS))))
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    for row in rows:
        print("  ".join(c.rjust(w) if i else c.ljust(w) for i, (c, w) in enumerate(zip(row, widths))))
    print(f"objetivo / target: batch >= {TARGET:g}x single calls in every record and layout: "
          f"{'sí/yes' if met else 'NO'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
