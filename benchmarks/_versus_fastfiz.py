"""bola8 against FastFiz in one process: the same strokes, alternated shot by shot (`bench_break.py`).

Sets of strokes, each timed on both engines with the engines taking turns (which goes first alternates),
the median of `repeats` calls per stroke and engine:

- the break: bench_break's rack and strike;
- typical shots from the layout bola8's break leaves (the same strikes pooltool is given);
- 8-ball shots: 200 scattered layouts of 8 balls (the cue ball and 7 object balls), 1-4 m/s with a cut
  within 25 degrees and tip offsets within 0.2 R (`_shots.scattered_shots`, seed 2024);
- two-ball shots: 200 layouts of the cue ball and one object ball, 2.5 m/s at it.

The ratio of a set is FastFiz's median time over bola8's (above 1: bola8 is faster).
"""

from __future__ import annotations

import statistics
import time
from typing import Any

import _fastfiz_side
import _shots

TARGETS = {"break": 5.0, "eight_ball": 2.5, "two_ball": 1.5}   # bola8 should be this many times faster


def _bola8_timed(physics: Any, spec: Any, layout: _shots.Layout, strike: _shots.StrikeSpec) -> tuple[float, int]:
    made = physics.Strike(speed=strike.speed, phi=strike.phi, theta=strike.theta, a=strike.a, b=strike.b)
    started = time.perf_counter()
    result = physics.simulate_layout(spec, layout, made)
    return time.perf_counter() - started, len(result.ev_t)


def compare(physics: Any, spec: Any, ff: _fastfiz_side.FastFizTable,
            strokes: list[tuple[_shots.Layout, _shots.StrikeSpec]], repeats: int) -> dict[str, Any]:
    """Both engines on every stroke FastFiz accepts, alternated; per-set medians and the ratio."""
    ours: list[float] = []
    theirs: list[float] = []
    ratios: list[float] = []
    events_ours: list[int] = []
    events_theirs: list[int] = []
    skipped = 0
    for q, (layout, strike) in enumerate(strokes):
        if not _fastfiz_side.playable(ff, layout, strike):
            skipped += 1
            continue
        _bola8_timed(physics, spec, layout, strike)       # untimed: the first call of a stroke warms caches
        _fastfiz_side.timed(ff, layout, strike)
        mine: list[float] = []
        other: list[float] = []
        for r in range(repeats):
            if (q + r) % 2:
                mine.append(_bola8_timed(physics, spec, layout, strike)[0])
                seconds, their_events = _fastfiz_side.timed(ff, layout, strike)
                other.append(seconds)
            else:
                seconds, their_events = _fastfiz_side.timed(ff, layout, strike)
                other.append(seconds)
                mine.append(_bola8_timed(physics, spec, layout, strike)[0])
        my_events = _bola8_timed(physics, spec, layout, strike)[1]
        ours.append(statistics.median(mine))
        theirs.append(statistics.median(other))
        ratios.append(theirs[-1] / ours[-1])
        events_ours.append(my_events)
        events_theirs.append(their_events)
    if not ours:
        return {"strokes": 0, "skipped": skipped}
    return {
        "strokes": len(ours),
        "skipped": skipped,
        "bola8_ms": 1e3 * statistics.median(ours),
        "fastfiz_ms": 1e3 * statistics.median(theirs),
        "ratio": statistics.median(theirs) / statistics.median(ours),
        "ratio_per_stroke_median": statistics.median(ratios),
        "bola8_events_mean": statistics.mean(events_ours),
        "fastfiz_events_mean": statistics.mean(events_theirs),
    }


def run(physics: Any, spec: Any, module: Any, table: _shots.Table, break_layout: _shots.Layout,
        break_strike: _shots.StrikeSpec, post_break: _shots.Layout, typical: list[_shots.StrikeSpec],
        breaks: int, say: Any) -> dict[str, Any]:
    ff = _fastfiz_side.table_for(module, table)
    sets = {
        "break": [(break_layout, break_strike)] * max(1, breaks // 5),
        "typical": [(post_break, strike) for strike in typical],
        "eight_ball": _shots.scattered_shots(table, 8, 200, seed=2024),
        "two_ball": _shots.scattered_shots(table, 2, 200, seed=2, speed=(2.5, 2.5)),
    }
    out: dict[str, Any] = {}
    for name, strokes in sets.items():
        say(f"bola8 / FastFiz: {name} ({len(strokes)} strokes)...")
        out[name] = compare(physics, spec, ff, strokes, repeats=5 if name == "break" else 3)
    out["launch_8ms"] = {"fastfiz": _fastfiz_side.cue_ball_speed(ff, 8.0)}
    return out
