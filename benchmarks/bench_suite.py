"""The test suite's time (not a test): ``make test`` from a fresh clone, as CI runs it, with what the
machine's cores did meanwhile.

    .venv/bin/python benchmarks/bench_suite.py                            # one fresh clone of HEAD
    .venv/bin/python benchmarks/bench_suite.py --runs 2 --versus HEAD~3   # two alternated pairs
    .venv/bin/python benchmarks/bench_suite.py --make-args TEST_JOBS=2 --json suite.json

Each run clones this repository at ``--ref`` (its committed state: uncommitted changes are not in it)
into a temporary folder and runs ``make test`` there: the venv and the install, the kernels' compile with
mypy --strict beside it, then pytest's workers. A row gives:

- the wall time of ``make test``; the install's part of it (until ``.venv/.installed-dev`` is written) and
  the whole set-up's (until ``.venv/.compiled``: the kernels' compile too); pytest's own time (its last
  line);
- the machine's CPU over the run, read from ``/proc/stat``: busy (user, system, interrupts), niced (apart:
  the server's thinking workers run at nice +5, and any other niced process of the machine lands there
  too) and idle. ``time`` cannot give this: Chromium's processes are nobody's waited children;
- the machine's speed: a fixed pure-Python loop timed before and after the run. The same commit's
  fresh clone has taken 176 s on one day's host and 281 s on another's (docs/test-suite.md), so a time
  means little without the speed it was taken at.

``/proc/stat`` counts the whole machine: run it with nothing else busy. With ``--versus`` the two
references alternate (A, B, A, B, ...), because the speed of a shared host drifts within the hour.
Linux only. Uses the standard library only.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PROBE_LOOPS = 20_000_000


@dataclass(frozen=True)
class Run:
    """One ``make test`` from a fresh clone."""

    ref: str
    commit: str
    started_utc: str
    returncode: int
    wall_s: float
    install_s: float | None        # until .venv/.installed-dev was written: the venv and the install
    setup_s: float | None          # until .venv/.compiled was written: the kernels' compile too
    pytest_s: float | None         # pytest's own "in N s" (None: not printed)
    passed: int | None
    busy_core_s: float             # user + system + interrupts of every process, from /proc/stat
    niced_core_s: float            # user time at nice > 0
    idle_core_s: float             # idle + waiting for I/O
    probe_before_s: float          # the speed probe (smaller is a faster machine)
    probe_after_s: float


def probe() -> float:
    """Seconds of a fixed pure-Python loop: the machine's speed at this moment, alone on a core."""
    start = time.perf_counter()
    total = 0
    for i in range(PROBE_LOOPS):
        total += i * i
    return time.perf_counter() - start


def cpu_times() -> tuple[float, float, float]:
    """The machine's (busy, niced, idle) seconds since boot, summed over its cores (``/proc/stat``)."""
    with open("/proc/stat", encoding="ascii") as stat:
        fields = [int(v) for v in stat.readline().split()[1:9]]
    user, nice, system, idle, iowait, irq, softirq, _steal = fields
    tick = os.sysconf("SC_CLK_TCK")
    return (user + system + irq + softirq) / tick, nice / tick, (idle + iowait) / tick


def one_run(ref: str, make_args: list[str], keep: bool) -> Run:
    """Clone at ``ref``, ``make test`` in the clone, measure; the clone removed unless ``keep``."""
    folder = Path(tempfile.mkdtemp(prefix="bola8-suite-"))
    clone = folder / "bola8"
    try:
        subprocess.run(["git", "clone", "-q", str(REPO), str(clone)], check=True)
        subprocess.run(["git", "checkout", "-q", ref], cwd=clone, check=True)
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=clone, check=True,
                                capture_output=True, text=True).stdout.strip()
        before = probe()
        started = time.strftime("%H:%M:%S", time.gmtime())
        busy0, niced0, idle0 = cpu_times()
        t0 = time.time()
        with open(folder / "make.log", "w", encoding="utf-8") as log:
            done = subprocess.run(["make", "test", *make_args], cwd=clone, stdout=log, stderr=subprocess.STDOUT)
        wall = time.time() - t0
        busy1, niced1, idle1 = cpu_times()
        after = probe()
        def written(stamp: str) -> float | None:
            path = clone / ".venv" / stamp
            return round(path.stat().st_mtime - t0, 1) if path.exists() else None

        text = (folder / "make.log").read_text(encoding="utf-8", errors="replace")
        found = re.findall(r"(\d+) passed.*? in ([\d.]+)s", text)
        if done.returncode != 0:
            print(f"make test failed in the clone of {ref}; its last lines:\n{text[-2000:]}", file=sys.stderr)
        return Run(ref, commit, started, done.returncode, round(wall, 1), written(".installed-dev"), written(".compiled"),
                   float(found[-1][1]) if found else None, int(found[-1][0]) if found else None,
                   round(busy1 - busy0, 1), round(niced1 - niced0, 1), round(idle1 - idle0, 1),
                   round(before, 2), round(after, 2))
    finally:
        if keep:
            print(f"the clone is kept in {clone}", file=sys.stderr)
        else:
            shutil.rmtree(folder, ignore_errors=True)


def row(run: Run) -> str:
    def show(value: float | None, unit: str = " s") -> str:
        return "-" if value is None else f"{value:.1f}{unit}"

    result = "passed" if run.returncode == 0 else f"FAILED ({run.returncode})"
    return (f"{run.ref:<14} {run.commit:<9} {run.started_utc:>8}  {result:<11} {run.wall_s:7.1f} s  "
            f"{show(run.install_s):>8} {show(run.setup_s):>8} {show(run.pytest_s):>9}  {run.busy_core_s:7.1f} {run.niced_core_s:6.1f} "
            f"{run.idle_core_s:6.1f}   {run.probe_before_s:.2f} / {run.probe_after_s:.2f} s")


HEADER = (f"{'ref':<14} {'commit':<9} {'UTC':>8}  {'make test':<11} {'wall':>9}  {'install':>8} {'set-up':>8} {'pytest':>9}  "
          f"{'busy':>7} {'niced':>6} {'idle':>6}   speed probe before / after")


def write_json(path: Path, runs: list[Run]) -> None:
    """The runs as JSON, written atomically (a temporary file renamed over the target)."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    with os.fdopen(handle, "w", encoding="utf-8") as out:
        json.dump([asdict(run) for run in runs], out, indent=1)
    os.replace(temporary, path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="make test from a fresh clone: wall time, set-up, pytest, "
                                                 "the machine's CPU and speed (Linux).")
    parser.add_argument("--ref", default="HEAD", help="the commit or branch to clone (default HEAD)")
    parser.add_argument("--versus", help="a second reference, alternated with --ref run by run")
    parser.add_argument("--runs", type=int, default=1, help="runs of each reference (default 1)")
    parser.add_argument("--make-args", nargs="*", default=[], metavar="VAR=VALUE",
                        help="passed to make test (e.g. TEST_JOBS=2)")
    parser.add_argument("--json", type=Path, help="also write the runs to this JSON file (atomically)")
    parser.add_argument("--keep", action="store_true", help="keep each clone (its path is printed)")
    args = parser.parse_args(argv)
    if not Path("/proc/stat").exists():
        print("bench_suite.py reads the machine's CPU from /proc/stat: it runs on Linux only.", file=sys.stderr)
        return 2
    if args.runs < 1:
        print(f"--runs: {args.runs} is not a count of runs (at least 1).", file=sys.stderr)
        return 2
    for name in filter(None, (args.ref, args.versus)):
        known = subprocess.run(["git", "rev-parse", "--verify", "-q", f"{name}^{{commit}}"], cwd=REPO,
                               capture_output=True, text=True)
        if known.returncode != 0:
            print(f"--ref/--versus: {name} is not a commit of {REPO}.", file=sys.stderr)
            return 2
    if args.json is not None and not args.json.parent.is_dir():
        print(f"--json: the folder {args.json.parent} does not exist.", file=sys.stderr)
        return 2
    order = [ref for _ in range(args.runs) for ref in filter(None, (args.ref, args.versus))]
    runs: list[Run] = []
    print(HEADER, flush=True)
    for ref in order:
        runs.append(one_run(ref, args.make_args, args.keep))
        print(row(runs[-1]), flush=True)
    if args.json is not None:
        write_json(args.json, runs)
    return 0 if all(run.returncode == 0 for run in runs) else 1


if __name__ == "__main__":
    sys.exit(main())
