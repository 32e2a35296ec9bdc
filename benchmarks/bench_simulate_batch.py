"""Time ``simulate_batch`` against ``simulate_layout`` called once per stroke (run by ``make bench``).

    .venv/bin/python benchmarks/bench_simulate_batch.py [--strokes 500] [--rounds 5] [--seed 1] [--workers N]
    .venv/bin/python benchmarks/bench_simulate_batch.py --ceiling [--rounds 11] [--workers N]
    .venv/bin/python benchmarks/bench_simulate_batch.py --trace [--strokes 500] [--rounds 5] [--workers N]

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
thread gets (Linux shares the cores between sessions first), so the load printed beside matters, and
so does the line printed for each layout: how many cores the machine's other processes kept busy while
it was timed (the machine's CPU time in /proc/stat less this process's, over the wall time) and the
hypervisor's steal. After the table, a short ``--ceiling`` (3 rounds) says what the machine gave threads
right then. The ways are checked to give the same event counts.

``--ceiling`` measures what the machine itself gives, with nothing of bola8 in it: a compute-bound loop
compiled with numba's ``nogil`` (a chain of multiply-adds and square roots on registers, no memory), the
same total work done by one thread and split over ``--workers`` threads of the same kind of pool as the
batch's, the two taking turns over ``--rounds`` rounds. It prints each round's speed-up (one thread's wall
time over the workers') with the cores the other processes kept busy meanwhile, the median and range,
and the load before and after: the most any batch on those workers could gain over one worker then.

``--trace`` shows where a batch on ``--workers`` threads spends its time: each layout's strokes as one batch
per record, ``--rounds`` times, with ``simulate_batch``'s own steps timed (its module's ``play_span``, the
kernel ``run_batch`` and ``_results``, wrapped for the run). It prints the medians per stroke of the wall
time; of the workers' CPU time in their spans and the part of their spans' wall time spent outside the
kernel (numpy's allocations, waiting for the interpreter's lock); of the calling thread's CPU time turning
spans into results, and the wall time from the last span's end to the batch's (the serial tail);
the ratio of the busiest worker's span time to the mean; and how many cores the other processes kept busy.
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
from concurrent.futures import ThreadPoolExecutor  # noqa: E402
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


def machine_seconds() -> tuple[float, float] | None:
    """(CPU seconds every process of the machine has run since boot, seconds the hypervisor gave its CPUs to
    others: steal), from Linux's /proc/stat; None where there is none."""
    try:
        with open("/proc/stat") as f:
            ticks = [int(v) for v in f.readline().split()[1:9]]   # user nice system idle iowait irq softirq steal
    except (OSError, ValueError):
        return None
    hz = os.sysconf("SC_CLK_TCK")
    return (sum(ticks[:8]) - ticks[3] - ticks[4] - ticks[7]) / hz, ticks[7] / hz


class OthersMeter:
    """How many cores the machine's other processes kept busy between ``start`` and ``stop`` (the machine's
    CPU time less this process's, over the wall time), and the hypervisor's steal: what a thread of this
    process could not have."""

    def start(self) -> None:
        self.machine, self.own, self.wall = machine_seconds(), time.process_time(), time.perf_counter()

    def stop(self) -> str:
        now = machine_seconds()
        wall = time.perf_counter() - self.wall
        if now is None or self.machine is None or wall <= 0.0:
            return "others' cores unknown"
        others = (now[0] - self.machine[0] - (time.process_time() - self.own)) / wall
        return f"others kept {max(others, 0.0):.2f} cores busy, steal {(now[1] - self.machine[1]) / wall:.2f}"


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


def spin(steps: int, seed: float) -> float:
    """A chain of ``steps`` multiply-adds and square roots, each needing the last: compute and nothing else."""
    x = seed
    for _ in range(steps):
        x = (x * 1.000001 + 0.5) ** 0.5 + 0.25
    return x


def ceiling_rounds(workers: int, rounds: int, steps: int = 40_000_000) -> list[tuple[float, float, float, str]]:
    """``rounds`` alternated timings of ``spin`` on one thread and split over ``workers`` threads (the same total
    work): (one thread's seconds, the workers', the speed-up, the other processes' cores meanwhile) each."""
    import numba

    kernel = numba.njit(nogil=True)(spin)
    kernel(10, 1.0)   # compiled before any timing
    out = []
    with ThreadPoolExecutor(max_workers=workers) as pool:
        # (the pool's threads exist before the first timing, as the batch's do after its first call)
        list(pool.map(lambda w: kernel(10, float(w)), range(workers)))
        meter = OthersMeter()
        for r in range(rounds):
            times = {}
            meter.start()
            for way in ((1, workers) if r % 2 == 0 else (workers, 1)):
                wall = time.perf_counter()
                if way == 1:
                    kernel(steps, 1.0)
                else:
                    list(pool.map(lambda w: kernel(steps // workers, 1.0 + w), range(workers)))
                times[way] = time.perf_counter() - wall
            out.append((times[1], times[workers], times[1] / times[workers], meter.stop()))
    return out


def ceiling(workers: int, rounds: int, steps: int = 40_000_000) -> int:
    """Print the speed-up of ``workers`` threads over one on ``spin`` (the same total work, split evenly)."""
    print(f"ceiling: spin of {steps:,} steps on 1 thread and split over {workers} threads, {rounds} rounds; "
          f"python {platform.python_version()}, {os.cpu_count()} CPU, load before {os.getloadavg()[0]:.2f}")
    found = ceiling_rounds(workers, rounds, steps)
    for r, (one, many, ratio, others) in enumerate(found):
        print(f"  round {r + 1}: 1 thread {1e3 * one:.0f} ms, {workers} threads {1e3 * many:.0f} ms, "
              f"speed-up {ratio:.2f}x; {others} (load {os.getloadavg()[0]:.2f})")
    ratios = [f[2] for f in found]
    print(f"ceiling: {workers} threads over 1: median {statistics.median(ratios):.2f}x, range "
          f"{min(ratios):.2f}x-{max(ratios):.2f}x (load after {os.getloadavg()[0]:.2f})")
    return 0


def trace(spec, layouts, strokes: dict[str, list[Strike]], rounds: int, workers: int) -> int:
    """Print where ``simulate_batch`` on ``workers`` threads spends its time (see the module)."""
    import threading

    from bola8.physics import batch

    log: list[tuple[str, int, float, float, float]] = []   # (step, thread, start, end, thread CPU)
    plain = {name: getattr(batch, name) for name in ("run_batch", "play_span", "_results")}

    def timed(name: str):
        def call(*args: Any) -> Any:
            wall, cpu = time.perf_counter(), time.thread_time()
            out = plain[name](*args)
            log.append((name, threading.get_ident(), wall, time.perf_counter(), time.thread_time() - cpu))
            return out
        return call

    print(f"trace of simulate_batch on {workers} workers: {len(next(iter(strokes.values())))} strokes per layout, "
          f"median of {rounds} rounds, microseconds per stroke; python {platform.python_version()}, "
          f"{os.cpu_count()} CPU, load {os.getloadavg()[0]:.2f}")
    header = ("layout", "record", "wall", "workers CPU", "spans outside kernel", "results CPU", "tail", "busiest/mean",
              "others' cores")
    rows = [header]
    meter = OthersMeter()
    for name, (layout, _speed, _near) in layouts.items():
        label = name
        for record in RECORDS:
            strikes = strokes[name]
            simulate_batch(spec, layout, strikes[:40], record=record, workers=workers)  # type: ignore[call-overload]
            columns: dict[str, list[float]] = {h: [] for h in header[2:8]}
            for name_, call in plain.items():
                setattr(batch, name_, timed(name_))
            meter.start()
            try:
                for _ in range(rounds):
                    log.clear()
                    start = time.perf_counter()
                    results = simulate_batch(spec, layout, strikes, record=record, workers=workers)  # type: ignore[call-overload]
                    end = time.perf_counter()
                    del results
                    per = 1e6 / len(strikes)
                    spans = [e for e in log if e[0] == "play_span"]
                    kernels = sum(e[3] - e[2] for e in log if e[0] == "run_batch")
                    made = [e for e in log if e[0] == "_results"]
                    last_span = max(e[3] for e in spans)
                    busy: dict[int, float] = {}
                    for e in spans:
                        busy[e[1]] = busy.get(e[1], 0.0) + e[3] - e[2]
                    columns["wall"].append(per * (end - start))
                    columns["workers CPU"].append(per * sum(e[4] for e in spans))
                    columns["spans outside kernel"].append(per * (sum(e[3] - e[2] for e in spans) - kernels))
                    columns["results CPU"].append(per * sum(e[4] for e in made))
                    columns["tail"].append(per * (end - last_span))
                    columns["busiest/mean"].append(max(busy.values()) / (sum(busy.values()) / len(busy)))
            finally:
                for name_, call in plain.items():
                    setattr(batch, name_, call)
            others = meter.stop().split(" cores")[0].replace("others kept ", "")
            rows.append((label, record, *(f"{statistics.median(v):.{2 if h == 'busiest/mean' else 1}f}"
                                          for h, v in columns.items()), others))
            label = ""
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    for row in rows:
        print("  ".join(c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths))))
    print(f"(load {os.getloadavg()[0]:.2f})")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--strokes", type=int, default=500)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=available_cores(),
                    help="threads of the many-worker batch (default: the cores this process may use)")
    ap.add_argument("--ceiling", action="store_true",
                    help="measure only the machine's own gain from the threads (a compute-bound nogil loop)")
    ap.add_argument("--trace", action="store_true",
                    help="time simulate_batch's steps on --workers threads instead of comparing the ways")
    args = ap.parse_args()
    if args.ceiling:
        return ceiling(args.workers, args.rounds)
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
    if args.trace:
        return trace(spec, layouts, {name: strokes_for(layout, args.strokes, rng, speed, near)
                                     for name, (layout, speed, near) in layouts.items()}, args.rounds, args.workers)
    print(f"simulate_batch vs simulate_layout: {args.strokes} strokes per layout, median of {args.rounds} rounds; "
          f"python {platform.python_version()}, {os.cpu_count()} CPU, {args.workers} workers, "
          f"load {os.getloadavg()[0]:.2f}")
    header = ("layout", "way", "wall us", "CPU us", "speed-up wall", "speed-up CPU", "faults/stroke")
    rows = [header]
    met = True
    meter = OthersMeter()
    busy = []
    for name, (layout, speed, near) in layouts.items():
        meter.start()
        found = measure(spec, layout, strokes_for(layout, args.strokes, rng, speed, near), args.rounds, args.workers)
        busy.append(f"{name}: {meter.stop()}")
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
    for line in busy:
        print(line)
    if args.workers > 1:
        # what the machine gave threads right after the timings: a batch cannot gain more from its workers
        ratios = [f[2] for f in ceiling_rounds(args.workers, 3, 20_000_000)]
        print(f"ceiling right after (bench_simulate_batch.py --ceiling, 3 rounds): {args.workers} threads over 1 "
              f"{statistics.median(ratios):.2f}x (range {min(ratios):.2f}x-{max(ratios):.2f}x)")
    print(f"objetivo / target: batch on {args.workers} workers >= {TARGET:g}x single calls in wall time, every record "
          f"and layout: {'sí/yes' if met else 'NO'} (load {os.getloadavg()[0]:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
