"""pooltool 0.6.0's half of the side-by-side benchmark; runs inside `benchmarks/.pooltool-venv/`.

Usage: `python _pooltool_side.py REQUEST.json [--cold]` (or `-` to read the request from stdin); prints one
JSON object with the figures on stdout. The request (written by `bench_break.py`):

    {"table": {"name", "length", "width", "ball_radius"},
     "break": {"balls": {"0": [x, y], ...}, "strike": {"speed", "phi", "theta", "a", "b"}, "runs": N},
     "shots": {"balls": {...} | null, "count": N, "seed": S}}

`shots.balls` null means "use the layout this engine's own break leaves" (the cue ball is put back on the
head string if it dropped) - used when bola8's engine cannot provide the post-break layout.

The table is `PocketTableSpecs(l=length, w=width)` with pooltool's default pockets, jaws and cushion height
(its 7-ft Showood geometry, not bola8's WPA pockets). pooltool's cloth frame is bola8's: origin at the head-left
corner, x across, y along the length, phi 0 = +x and 90 = +y, stick speed V0 in m/s, a/b in ball radii.
`--cold` deletes pooltool's numba cache (`*.nbi`, `*.nbc` inside its package) before importing it, so the
first-call time includes the JIT compile.
"""

from __future__ import annotations

import importlib.util
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _shots  # noqa: E402  (stdlib-only helpers shared with bench_break.py)

# pooltool pocket ids -> the contract's pocket names ("l" = x = 0 side, "b" = y = 0 head end).
POCKET_NAMES = {
    "lb": "head-left",
    "rb": "head-right",
    "lc": "side-left",
    "rc": "side-right",
    "lt": "foot-left",
    "rt": "foot-right",
}


def ball_id(number: int) -> str:
    return "cue" if number == 0 else str(number)


def ball_number(identifier: str) -> int:
    return 0 if identifier == "cue" else int(identifier)


def delete_numba_cache() -> int:
    """Remove pooltool's numba cache files without importing pooltool; returns how many were deleted."""
    spec = importlib.util.find_spec("pooltool")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("pooltool is not installed in this interpreter")
    removed = 0
    for root in spec.submodule_search_locations:
        for pattern in ("*.nbi", "*.nbc"):
            for path in Path(root).rglob(pattern):
                path.unlink()
                removed += 1
    return removed


def read_request(argument: str) -> dict:
    text = sys.stdin.read() if argument == "-" else Path(argument).read_text(encoding="utf-8")
    return json.loads(text)


def summarise(seconds: list[float], events: list[int]) -> dict:
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


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if argv else 2
    request = read_request(argv[0])
    cold = "--cold" in argv[1:]
    removed = delete_numba_cache() if cold else 0

    started = time.perf_counter()
    import numba
    import numpy as np
    import pooltool as pt

    import_s = time.perf_counter() - started
    pocketed_state = pt.constants.pocketed

    table_data = request["table"]
    table = _shots.Table(**table_data)
    pt_table = pt.Table.from_table_specs(pt.objects.PocketTableSpecs(l=table.length, w=table.width))

    def build(layout: _shots.Layout, strike: dict) -> pt.System:
        balls = {ball_id(n): pt.Ball.create(ball_id(n), xy=xy, R=table.ball_radius) for n, xy in layout.items()}
        system = pt.System(table=pt_table.copy(), balls=balls, cue=pt.Cue(cue_ball_id="cue"))
        system.strike(V0=strike["speed"], phi=strike["phi"], theta=strike["theta"], a=strike["a"], b=strike["b"])
        return system

    def run(system: pt.System) -> tuple[float, pt.System]:
        shot = system.copy()  # copying stays outside the timed region
        t0 = time.perf_counter()
        pt.simulate(shot, inplace=True)
        return time.perf_counter() - t0, shot

    def outcome(shot: pt.System) -> dict:
        pocket_type = pt.EventType.BALL_POCKET
        pocketed = [
            [ball_number(e.ids[0]), POCKET_NAMES.get(e.ids[1], e.ids[1]), e.time]
            for e in shot.events
            if e.event_type == pocket_type
        ]
        final = {
            ball_number(b.id): (float(b.state.rvw[0][0]), float(b.state.rvw[0][1]))
            for b in shot.balls.values()
            if b.state.s != pocketed_state
        }
        return {"events": len(shot.events), "pocketed": pocketed, "final": _shots.layout_to_json(final)}

    brk = request["break"]
    break_system = build(_shots.layout_from_json(brk["balls"]), brk["strike"])
    first_break_s, first_shot = run(break_system)  # includes loading (or compiling) the numba code
    run(break_system)  # a second, untimed warm-up through the same code paths
    break_times: list[float] = []
    break_events: list[int] = []
    for _ in range(int(brk["runs"])):
        seconds, shot = run(break_system)
        break_times.append(seconds)
        break_events.append(len(shot.events))
    break_result = outcome(first_shot)

    shots_request = request["shots"]
    if shots_request.get("balls") is None:
        layout_source = "pooltool break"
        post_break = _shots.layout_from_json(break_result["final"])
    else:
        layout_source = "given"
        post_break = _shots.layout_from_json(shots_request["balls"])
    post_break = _shots.with_cue_ball(post_break, table)
    strikes = _shots.typical_strikes(post_break, table, int(shots_request["count"]), int(shots_request["seed"]))
    shot_times: list[float] = []
    shot_events: list[int] = []
    for strike in strikes:
        seconds, shot = run(build(post_break, strike.to_dict()))
        shot_times.append(seconds)
        shot_events.append(len(shot.events))

    figures = {
        "engine": "pooltool",
        "version": pt.__version__,
        "python": sys.version.split()[0],
        "numpy": np.__version__,
        "numba": numba.__version__,
        "cache": "cold" if cold else "warm",
        "cache_files_removed": removed,
        "import_s": import_s,
        "first_break_s": first_break_s,
        "table": {"length": pt_table.l, "width": pt_table.w, "pockets": "pooltool default (7-ft Showood)"},
        "break": summarise(break_times, break_events),
        "break_outcome": break_result,
        "shots": {
            **summarise(shot_times, shot_events),
            "layout_source": layout_source,
            "layout": _shots.layout_to_json(post_break),
        },
    }
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
