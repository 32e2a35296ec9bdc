"""Time ``simulate_batch`` against ``simulate_layout`` called once per stroke (run by ``make bench``).

    .venv/bin/python benchmarks/bench_simulate_batch.py [--strokes 500] [--rounds 5] [--seed 1] [--workers N]

Three layouts on the 9ft table, each with its own strokes (seeded):

- the break rack (16 balls, the cue ball on the head string): 6-9 m/s near the apex ball;
- eight balls scattered (``_shots.scattered_shots``'s first layout): 1-4 m/s in any direction;
- two balls: the cue ball and one object ball, 1-4 m/s in any direction.

Each layout's strokes are played one by one with ``simulate_layout`` and as one ``simulate_batch`` in
each record ("trajectories", "events", "final"), on one worker (the default) and on ``--workers``
threads (default: the cores this process may use), the ways taking turns over ``--rounds`` rounds. For
each way it prints the median of the rounds in microseconds per stroke of wall time and of CPU time (the
process's, every thread's), the speed-up over single calls in each, and the minor page faults per
stroke. The target - a batch at least 1.5x faster per stroke than single calls - is judged on the
workers' wall time: on a machine whose cores others keep busy, threads get no more of them than one
thread gets (Linux shares the cores between sessions first), so the load printed beside matters. The
ways are checked to give the same event counts.
"""

from __future__ import annotations

import os

# numpy's BLAS threads spin on a core for a while after an array operation: the CPU time of the process
# would count them (set before numpy is imported)
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import argparse  # noqa: E402
import platform  # noqa: E402
import random  # noqa: E402
import resource  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _shots  # noqa: E402

from bola8.game.racking import rack  # noqa: E402
from bola8.physics import Strike, simulate_layout, table_spec  # noqa: E402
from bola8.physics.batch import available_cores, simulate_batch  # noqa: E402

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


def measure(spec, layout, strikes, rounds: int, workers: int) -> dict[tuple[str, int], tuple[float, float, float]]:
    """Per way ((record or "single", workers)): (median microseconds of wall time per stroke, of CPU time,
    minor page faults per stroke)."""
    counts = [len(simulate_layout(spec, layout, s).ev_t) for s in strikes]   # warm-up, and each stroke's events
    ways: list[tuple[str, int]] = [("single", 1)]
    for w in sorted({1, workers}):
        for record in RECORDS:
            simulate_batch(spec, layout, strikes[:3], record=record, workers=w)  # type: ignore[call-overload]
            ways.append((record, w))
    walls: dict[tuple[str, int], list[float]] = {way: [] for way in ways}
    cpus: dict[tuple[str, int], list[float]] = {way: [] for way in ways}
    faults: dict[tuple[str, int], list[float]] = {way: [] for way in ways}
    for r in range(rounds):
        for way in ways[r % len(ways):] + ways[:r % len(ways)]:
            # (each way's results are freed before the next is timed: freeing the 95 MB of 500 breaks'
            # trajectories inside the next way's timing added up to 90 us a stroke to it)
            before = minor_faults()
            cpu, wall = time.process_time(), time.perf_counter()
            record, w = way
            if record == "single":
                results: list[Any] = [simulate_layout(spec, layout, s) for s in strikes]
            else:
                results = simulate_batch(spec, layout, strikes, record=record, workers=w)  # type: ignore[call-overload]
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            faults[way].append((minor_faults() - before) / len(strikes))
            walls[way].append(1e6 * wall / len(strikes))
            cpus[way].append(1e6 * cpu / len(strikes))
            found = [b.event_count for b in results] if record == "final" else [len(b.ev_t) for b in results]
            assert found == counts, f"{way} and single calls differ"
            del results
    return {way: (statistics.median(walls[way]), statistics.median(cpus[way]), statistics.median(faults[way]))
            for way in ways}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--strokes", type=int, default=500)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=available_cores(),
                    help="threads of the many-worker batch (default: the cores this process may use)")
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
          f"python {platform.python_version()}, {os.cpu_count()} CPU, {args.workers} workers, "
          f"load {os.getloadavg()[0]:.2f}")
    header = ("layout", "way", "wall us", "CPU us", "speed-up wall", "speed-up CPU", "faults/stroke")
    rows = [header]
    met = True
    for name, (layout, speed, near) in layouts.items():
        found = measure(spec, layout, strokes_for(layout, args.strokes, rng, speed, near), args.rounds, args.workers)
        single_wall, single_cpu, _ = found[("single", 1)]
        for (record, w), (wall, cpu, fault) in found.items():
            way = "single calls" if record == "single" else f"batch {record}, {w} worker{'s' if w > 1 else ''}"
            if record != "single" and w == args.workers:
                met = met and single_wall / wall >= TARGET
            rows.append((name, way, f"{wall:.1f}", f"{cpu:.1f}", f"{single_wall / wall:.2f}x",
                         f"{single_cpu / cpu:.2f}x", f"{fault:.1f}"))
            name = ""
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    for row in rows:
        print("  ".join(c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths))))
    print(f"objetivo / target: batch on {args.workers} workers >= {TARGET:g}x single calls in wall time, every record "
          f"and layout: {'sí/yes' if met else 'NO'} (load {os.getloadavg()[0]:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
