"""bola8's half of the side-by-side benchmark: timing `bola8.physics.simulate_layout` on given layouts.

`bench_break.py` calls `time_breaks` and `time_shots` in its own process (warm figures) and runs this file as
a fresh subprocess, `python _bola8_side.py REQUEST.json`, to measure the first call: importing bola8.physics
and simulating the break once, which includes the numba JIT compile when the cache (NUMBA_CACHE_DIR or the
package's __pycache__) is empty, or only loading the cached machine code when it is not. It prints one JSON
object: {"import_s", "first_call_s", "second_call_s", "events", "cpu_s"} (cpu_s: the process's CPU time for
the import and the first call).
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _shots  # noqa: E402


def summarise(seconds: list[float], events: list[int]) -> dict[str, float]:
    """The same summary as the pooltool side prints, so both rows of the table mean the same."""
    return {
        "runs": len(seconds),
        "median_ms": 1e3 * statistics.median(seconds),
        "mean_ms": 1e3 * statistics.mean(seconds),
        "min_ms": 1e3 * min(seconds),
        "max_ms": 1e3 * max(seconds),
        "events_median": statistics.median(events),
        "events_mean": statistics.mean(events),
        "events_max": max(events),
        "shots_per_s": len(seconds) / sum(seconds),
    }


def make_strike(physics: Any, strike: _shots.StrikeSpec) -> Any:
    return physics.Strike(speed=strike.speed, phi=strike.phi, theta=strike.theta, a=strike.a, b=strike.b)


def timed(physics: Any, spec: Any, layout: _shots.Layout, strike: Any) -> tuple[float, Any]:
    started = time.perf_counter()
    result = physics.simulate_layout(spec, layout, strike)
    return time.perf_counter() - started, result


def time_breaks(physics: Any, spec: Any, layout: _shots.Layout, strike: _shots.StrikeSpec, runs: int) -> dict:
    """Warm figures for `runs` identical breaks, after two untimed warm-up calls, plus the break's outcome."""
    bola8_strike = make_strike(physics, strike)
    first_s, result = timed(physics, spec, layout, bola8_strike)
    timed(physics, spec, layout, bola8_strike)
    seconds: list[float] = []
    events: list[int] = []
    for _ in range(runs):
        elapsed, again = timed(physics, spec, layout, bola8_strike)
        seconds.append(elapsed)
        events.append(len(again.events))
    return {
        "first_call_in_process_s": first_s,
        "break": summarise(seconds, events),
        "break_outcome": {
            "events": len(result.events),
            "pocketed": [[int(ball), str(pocket), float(t)] for ball, pocket, t in result.pocketed],
            "final": _shots.layout_to_json({int(b): (float(x), float(y)) for b, (x, y) in result.final.items()}),
        },
        "final_layout": {int(b): (float(x), float(y)) for b, (x, y) in result.final.items()},
    }


def time_shots(physics: Any, spec: Any, layout: _shots.Layout, strikes: list[_shots.StrikeSpec]) -> dict:
    """Warm figures for one run of each typical shot from the same layout."""
    timed(physics, spec, layout, make_strike(physics, strikes[0]))  # warm-up for any path the break missed
    seconds: list[float] = []
    events: list[int] = []
    for strike in strikes:
        elapsed, result = timed(physics, spec, layout, make_strike(physics, strike))
        seconds.append(elapsed)
        events.append(len(result.events))
    return summarise(seconds, events)


def first_call(request: dict) -> dict[str, float]:
    """Import bola8.physics and simulate the requested break twice in this (fresh) process."""
    started = time.perf_counter()
    cpu_started = time.process_time()
    import bola8.physics as physics

    import_s = time.perf_counter() - started
    spec = physics.table_spec(request["table"]["name"])
    layout = _shots.layout_from_json(request["break"]["balls"])
    strike = make_strike(physics, _shots.StrikeSpec(**request["break"]["strike"]))
    first_s, result = timed(physics, spec, layout, strike)
    cpu_s = time.process_time() - cpu_started
    second_s, _ = timed(physics, spec, layout, strike)
    return {"import_s": import_s, "first_call_s": first_s, "second_call_s": second_s, "events": len(result.events),
            "cpu_s": cpu_s}


if __name__ == "__main__":
    source = sys.argv[1] if len(sys.argv) > 1 else "-"
    text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
    print(json.dumps(first_call(json.loads(text))))
