"""Side-by-side benchmark: bola8.physics against pooltool 0.6.0 on the same 8-ball break and typical shots.

Run from the repository root:  .venv/bin/python benchmarks/bench_break.py [--json figures.json]

1. One break layout from bola8's API: 9-ft table, `bola8.game.racking.rack(spec, seed)`, cue ball at (W/2, L/4), stick speed
   8 m/s aimed at the apex ball, level cue, centre hit. Typical shots: from the layout bola8's break leaves,
   random 1-4 m/s shots at random object balls with small cuts and spin (`_shots.typical_strikes`).
2. pooltool lives in a throwaway venv, `benchmarks/.pooltool-venv/`, created on first use (`_pooltool_venv`).
3. `_pooltool_side.py` times pooltool in that venv on the same layout and strikes (JSON in, JSON out).
4. bola8 is timed in this process (warm) and in fresh subprocesses (first call with an empty numba cache,
   then with the normal cache).
5. A side-by-side table, machine info and the speed-up of this run; `--json PATH` writes the same figures.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import _bola8_side  # noqa: E402
import _fastfiz_build  # noqa: E402
import _pooltool_venv  # noqa: E402
import _shots  # noqa: E402
import _versus_fastfiz  # noqa: E402

POOLTOOL_SIDE = HERE / "_pooltool_side.py"
BOLA8_SIDE = HERE / "_bola8_side.py"
TABLE_NAME = "9ft"
TARGET_SPEEDUP = 50.0
AIM_SPEEDUP = 100.0
TARGET_COMPILE_CPU_S = 4.0   # the compile from an empty cache should stay under 4 s of CPU
TARGET_FIRST_CALL_S = 1.0    # the first call after the set-up (the cache filled) should answer within 1 s
# The names bench_break needs from bola8.physics; anything missing means "engine not usable yet".
BOLA8_API = ("table_spec", "Strike", "simulate_layout")


class SideError(RuntimeError):
    """A benchmark subprocess failed or printed something that is not its JSON figures."""


# ---------------------------------------------------------------- layout


def load_bola8_physics() -> tuple[Any | None, str]:
    """bola8.physics if it imports and has the API this script uses, else (None, why not)."""
    try:
        import bola8.physics as physics
    except Exception as error:  # any failure while the engine is being written means "not usable"
        return None, f"import bola8.physics failed: {type(error).__name__}: {error}"
    missing = [name for name in BOLA8_API if not hasattr(physics, name)]
    if missing:
        return None, "bola8.physics lacks " + ", ".join(missing)
    return physics, "ok"


def table_of(spec: Any) -> _shots.Table:
    return _shots.Table(
        name=str(spec.name), length=float(spec.length), width=float(spec.width), ball_radius=float(spec.ball_radius)
    )


def break_layout(physics: Any, spec: Any, seed: int) -> _shots.Layout:
    """bola8's Art. 3 rack from `seed` plus the cue ball on the head string's centre."""
    from bola8.game.racking import rack

    layout = {int(ball): (float(x), float(y)) for ball, (x, y) in rack(spec, seed).items()}
    layout[0] = (float(spec.width) / 2.0, float(spec.head_string_y))
    return layout


def fallback_break_layout(table: _shots.Table) -> _shots.Layout:
    """A plain 15-ball triangle (apex on the foot spot, 1e-6 m gaps, balls numbered row by row) for when
    bola8.physics cannot be imported; the output says so. It is not an Art. 3 rack."""
    gap = 2.0 * table.ball_radius + 1e-6
    layout: _shots.Layout = {0: (table.width / 2.0, table.length / 4.0)}
    number = 1
    for row in range(5):
        for place in range(row + 1):
            x = table.width / 2.0 + (place - row / 2.0) * gap
            y = 0.75 * table.length + row * gap * math.sqrt(3.0) / 2.0
            layout[number] = (x, y)
            number += 1
    return layout


def break_strike(layout: _shots.Layout, foot_spot: tuple[float, float], speed: float) -> _shots.StrikeSpec:
    """Centre-ball, level-cue strike from the cue ball straight at the apex ball."""
    apex = _shots.apex_ball(layout, foot_spot)
    return _shots.StrikeSpec(speed=speed, phi=_shots.direction_deg(layout[0], layout[apex]))


def pooltool_request(
    table: _shots.Table,
    layout: _shots.Layout,
    strike: _shots.StrikeSpec,
    breaks: int,
    shots_layout: _shots.Layout | None,
    shot_count: int,
    shot_seed: int,
) -> dict[str, Any]:
    """The JSON `_pooltool_side.py` reads (its docstring describes it)."""
    return {
        "table": {
            "name": table.name,
            "length": table.length,
            "width": table.width,
            "ball_radius": table.ball_radius,
        },
        "break": {"balls": _shots.layout_to_json(layout), "strike": strike.to_dict(), "runs": breaks},
        "shots": {
            "balls": None if shots_layout is None else _shots.layout_to_json(shots_layout),
            "count": shot_count,
            "seed": shot_seed,
        },
    }


# ---------------------------------------------------------------- subprocesses


def parse_side_output(stdout: str, who: str) -> dict[str, Any]:
    """The JSON object a side printed as its last non-empty line (libraries may print warnings before it)."""
    lines = [line for line in stdout.splitlines() if line.strip()]
    if not lines:
        raise SideError(f"{who} printed nothing")
    try:
        value = json.loads(lines[-1])
    except json.JSONDecodeError as error:
        raise SideError(f"{who} did not end with a JSON line: {lines[-1][:200]!r} ({error.msg})") from None
    if not isinstance(value, dict):
        raise SideError(f"{who} printed JSON that is not an object")
    return value


def run_side(
    python: str, script: Path, request: dict[str, Any], flags: list[str], env: dict[str, str], who: str
) -> dict[str, Any]:
    """Run `python script REQUEST.json *flags` and return the JSON figures it prints."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", prefix="bench-request-", delete=False) as handle:
        json.dump(request, handle)
        request_path = handle.name
    try:
        done = subprocess.run([python, str(script), request_path, *flags], env=env, capture_output=True, text=True)
    finally:
        os.unlink(request_path)
    if done.returncode != 0:
        raise SideError(f"{who} exited {done.returncode}: {done.stderr.strip()[-1500:]}")
    return parse_side_output(done.stdout, who)


def run_pooltool(python: Path, request: dict[str, Any], cold: bool) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="bench-pt-home-") as home:
        env = _pooltool_venv.pooltool_environment(home)
        flags = ["--cold"] if cold else []
        return run_side(str(python), POOLTOOL_SIDE, request, flags, env, "pooltool side")


def run_bola8_first_call(request: dict[str, Any], numba_cache_dir: str | None) -> dict[str, Any]:
    """First call of bola8 in a fresh interpreter; `numba_cache_dir` set = an empty cache (cold compile)."""
    env = dict(os.environ)
    if numba_cache_dir is not None:
        env["NUMBA_CACHE_DIR"] = numba_cache_dir
    return run_side(sys.executable, BOLA8_SIDE, request, [], env, "bola8 first-call probe")


# ---------------------------------------------------------------- figures


def machine_info() -> dict[str, Any]:
    import numpy

    try:
        import numba

        numba_version = numba.__version__
    except ImportError:
        numba_version = None
    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    return {
        "python": platform.python_version(),
        "numpy": numpy.__version__,
        "numba": numba_version,
        "cpu_count": os.cpu_count(),
        "machine": platform.machine(),
        "processor": _cpu_model(),
        "system": platform.system(),
        "load_average_1min": None if load is None else round(load[0], 2),
    }


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor()


def speedups(bola8: dict[str, Any], pooltool: dict[str, Any]) -> dict[str, float | None]:
    """pooltool's median time over bola8's, per break and per typical shot (None when a side is missing)."""

    def ratio(kind: str) -> float | None:
        ours = bola8.get(kind, {}).get("median_ms")
        theirs = pooltool.get(kind, {}).get("median_ms")
        if not ours or not theirs:
            return None
        return theirs / ours

    return {"break": ratio("break"), "shot": ratio("shots")}


def targets(bola8: dict[str, Any], ratio: dict[str, float | None], fastfiz: dict[str, Any]
            ) -> dict[str, bool | None]:
    cold = bola8.get("first_call", {}).get("cold", {}).get("cpu_s")
    warm = bola8.get("first_call", {}).get("warm_start", {}).get("first_call_s")
    brk = ratio.get("break")
    found: dict[str, bool | None] = {
        "break_at_least_50x": None if brk is None else brk >= TARGET_SPEEDUP,
        "break_at_least_100x": None if brk is None else brk >= AIM_SPEEDUP,
        "cold_compile_under_4s_cpu": None if cold is None else cold < TARGET_COMPILE_CPU_S,
        "first_call_after_setup_under_1s": None if warm is None else warm < TARGET_FIRST_CALL_S,
    }
    for name, goal in _versus_fastfiz.TARGETS.items():
        got = fastfiz.get(name, {}).get("ratio")
        found[f"fastfiz_{name}_at_least_{goal:g}x"] = None if got is None else got >= goal
    return found


def _fmt(value: float | None, pattern: str) -> str:
    return "-" if value is None else format(value, pattern)


def render(figures: dict[str, Any]) -> str:
    """The side-by-side table people read."""
    rows = [("engine", "ms/break (median)", "events/break", "ms/typical shot", "shots/s",
             "first call cold (CPU) / after set-up s")]
    for name in ("bola8", "pooltool"):
        side = figures[name]
        if not side.get("available"):
            rows.append((name, "-", "-", "-", "-", "no disponible / not available"))
            continue
        brk, shots = side.get("break", {}), side.get("shots", {})
        cold_cpu = None
        if name == "bola8":
            cold = side.get("first_call", {}).get("cold", {}).get("first_call_s")
            cold_cpu = side.get("first_call", {}).get("cold", {}).get("cpu_s")
            warm = side.get("first_call", {}).get("warm_start", {}).get("first_call_s")
        else:
            cold = side.get("first_break_s") if side.get("cache") == "cold" else None
            warm = side.get("first_break_s") if side.get("cache") == "warm" else None
        rows.append(
            (
                name,
                _fmt(brk.get("median_ms"), ".3f"),
                _fmt(brk.get("events_median"), ".0f"),
                _fmt(shots.get("median_ms"), ".3f"),
                _fmt(shots.get("shots_per_s"), ".1f"),
                f"{_fmt(cold, '.2f')} ({_fmt(cold_cpu, '.2f')}) / {_fmt(warm, '.2f')}",
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(cell.rjust(w) if i else cell.ljust(w) for i, (cell, w) in enumerate(zip(row, widths))) for row in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    ratio = figures["speedup"]
    lines.append("")
    lines.append(
        f"aceleración / speed-up (pooltool / bola8, esta ejecución / this run): "
        f"break {_fmt(ratio['break'], '.1f')}x, typical shot {_fmt(ratio['shot'], '.1f')}x"
    )
    goal = figures["targets"]
    lines.append(
        "objetivos / targets: break >= 50x: {}, >= 100x: {}, compile from an empty cache < 4 s CPU: {}, "
        "first call after set-up < 1 s: {}".format(
            *(_verdict(goal[k]) for k in ("break_at_least_50x", "break_at_least_100x", "cold_compile_under_4s_cpu",
                                           "first_call_after_setup_under_1s"))
        )
    )
    lines.extend(render_fastfiz(figures))
    layout = figures["layout"]
    lines.append(
        f"layout: {layout['table']['name']} ({layout['table']['length']:.4f} x {layout['table']['width']:.4f} m), "
        f"{layout['rack']}; strike {_strike_text(layout['strike'])}; typical shots: {layout['shots']}"
    )
    m = figures["machine"]
    lines.append(
        f"machine: python {m['python']}, numpy {m['numpy']}, numba {m['numba']}, {m['cpu_count']} CPU "
        f"({m['processor']}), load {m['load_average_1min']}"
    )
    pt = figures["pooltool"]
    if pt.get("available"):
        lines.append(
            f"pooltool venv: pooltool {pt['version']}, numpy {pt['numpy']}, numba {pt['numba']}; "
            f"import {pt['import_s']:.2f} s, first break {pt['first_break_s']:.2f} s ({pt['cache']} numba cache); "
            f"pockets: {pt['table']['pockets']}"
        )
    for name in ("bola8", "pooltool"):
        if not figures[name].get("available"):
            lines.append(f"{name}: {figures[name].get('reason')}")
    return "\n".join(lines)


def render_fastfiz(figures: dict[str, Any]) -> list[str]:
    """The lines of the FastFiz comparison (or why it is missing)."""
    ff = figures["fastfiz"]
    lines = [""]
    if not ff.get("available"):
        lines.append(f"FastFiz: {ff.get('reason')}")
        return lines
    pooltool = figures["speedup"]
    lines.append("bola8 / FastFiz, mismo proceso, alternados / same process, alternated "
                 "(ratio = FastFiz's median time over bola8's; pooltool's ratio beside where it ran the same shots):")
    header = ("strokes", "n", "bola8 ms", "FastFiz ms", "ratio", "per-stroke", "events b8/FF", "target", "pooltool")
    rows = [header]
    names = {"break": "break", "typical": "typical (post-break)", "eight_ball": "8-ball layouts",
             "two_ball": "two-ball layouts"}
    beside = {"break": pooltool.get("break"), "typical": pooltool.get("shot")}
    for key, label in names.items():
        row = ff.get(key, {})
        if not row.get("strokes"):
            rows.append((label, "0", "-", "-", "-", "-", "-", "-", "-"))
            continue
        goal = _versus_fastfiz.TARGETS.get(key)
        met = "-" if goal is None else f">= {goal:g}x {_verdict(row['ratio'] >= goal)}"
        rows.append((label, str(row["strokes"]), f"{row['bola8_ms']:.4f}", f"{row['fastfiz_ms']:.4f}",
                     f"{row['ratio']:.2f}x", f"{row['ratio_per_stroke_median']:.2f}x",
                     f"{row['bola8_events_mean']:.1f}/{row['fastfiz_events_mean']:.1f}", met,
                     _fmt(beside.get(key), ".1f") + ("x" if beside.get(key) else "")))
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    lines.extend("  ".join(c.rjust(w) if i else c.ljust(w) for i, (c, w) in enumerate(zip(r, widths))) for r in rows)
    launch = ff.get("launch_8ms", {})
    lines.append(f"cue ball after an 8 m/s centre hit / bola blanca tras un golpe centrado a 8 m/s: "
                 f"bola8 {_fmt(launch.get('bola8'), '.2f')} m/s, FastFiz {_fmt(launch.get('fastfiz'), '.2f')} m/s")
    return lines


def _strike_text(strike: dict[str, float]) -> str:
    return (
        f"V {strike['speed']:g} m/s, phi {strike['phi']:.3f} deg, theta {strike['theta']:g}, "
        f"a {strike['a']:g}, b {strike['b']:g}"
    )


def _verdict(value: bool | None) -> str:
    return {True: "sí/yes", False: "NO", None: "-"}[value]


# ---------------------------------------------------------------- main


def parse_arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--breaks", type=int, default=30, help="timed breaks per engine (default 30)")
    parser.add_argument("--shots", type=int, default=40, help="typical shots per engine (default 40)")
    parser.add_argument("--rack-seed", type=int, default=1, help="seed of bola8's rack (default 1)")
    parser.add_argument("--shot-seed", type=int, default=1, help="seed of the typical shots (default 1)")
    parser.add_argument("--speed", type=float, default=8.0, help="break stick speed, m/s (default 8)")
    parser.add_argument("--no-pooltool", action="store_true", help="time bola8 only")
    parser.add_argument(
        "--pooltool-cold", action="store_true", help="delete pooltool's numba cache first (adds ~30-60 s)"
    )
    parser.add_argument("--no-cold-compile", action="store_true", help="skip bola8's empty-cache compile probe")
    parser.add_argument("--no-fastfiz", action="store_true",
                        help="skip FastFiz (otherwise used when benchmarks/_fastfiz_build.py has built it)")
    parser.add_argument("--json", metavar="PATH", help="also write the figures as JSON to PATH (atomically)")
    args = parser.parse_args(argv)
    if args.breaks < 1 or args.shots < 1:
        parser.error("--breaks and --shots must be at least 1")
    if not 0.0 < args.speed <= 12.0:
        parser.error("--speed must be in (0, 12] m/s")
    return args


def write_json_atomically(path: str, figures: dict[str, Any]) -> None:
    target = Path(path).resolve()
    fd, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(figures, handle, indent=2)
            handle.write("\n")
        os.replace(temporary, target)
    except BaseException:
        os.unlink(temporary)
        raise


def benchmark_bola8(physics: Any, spec: Any, request: dict[str, Any], args: argparse.Namespace, say) -> dict:
    figures: dict[str, Any] = {"available": True, "first_call": {}}
    if not args.no_cold_compile:
        say("bola8: primera llamada con caché numba vacía / first call with an empty numba cache...")
        with tempfile.TemporaryDirectory(prefix="bench-numba-cache-") as empty_cache:
            figures["first_call"]["cold"] = run_bola8_first_call(request, empty_cache)
    say("bola8: breaks y tiros en caliente / warm breaks and shots...")
    layout = _shots.layout_from_json(request["break"]["balls"])
    strike = _shots.StrikeSpec(**request["break"]["strike"])
    timed = _bola8_side.time_breaks(physics, spec, layout, strike, args.breaks)
    post_break = _shots.with_cue_ball(timed.pop("final_layout"), table_of(spec))
    strikes = _shots.typical_strikes(post_break, table_of(spec), args.shots, args.shot_seed)
    figures.update(timed)
    figures["shots"] = {**_bola8_side.time_shots(physics, spec, post_break, strikes), "layout_source": "bola8 break"}
    # The in-process run has filled the normal cache; a fresh process now shows the warm start.
    figures["first_call"]["warm_start"] = run_bola8_first_call(request, None)
    figures["post_break_layout"] = post_break
    figures["typical_strikes"] = strikes
    return figures


def benchmark_fastfiz(physics: Any, spec: Any, request: dict[str, Any], bola8: dict[str, Any], args: argparse.Namespace,
                      say) -> dict[str, Any]:
    """bola8 and FastFiz alternated in this process (`_versus_fastfiz`), when FastFiz is built."""
    if args.no_fastfiz:
        return {"available": False, "reason": "skipped (--no-fastfiz)"}
    if physics is None or not bola8.get("available"):
        return {"available": False, "reason": "bola8 not available"}
    status = _fastfiz_build.ensure_fastfiz(build=False)
    if status.folder is None:
        return {"available": False, "reason": status.message}
    try:
        module = _fastfiz_build.load(status.folder)
    except ImportError as error:
        return {"available": False, "reason": f"FastFiz does not import: {error}"}
    figures = _versus_fastfiz.run(
        physics, spec, module, table_of(spec), _shots.layout_from_json(request["break"]["balls"]),
        _shots.StrikeSpec(**request["break"]["strike"]), bola8["post_break_layout"], bola8["typical_strikes"],
        args.breaks, say)
    result = physics.simulate_layout(spec, {0: (float(spec.width) / 2.0, float(spec.length) / 4.0)},
                                     physics.Strike(8.0, 90.0))
    vx, vy = float(result.snap[0, 0, 3]), float(result.snap[0, 0, 4])
    figures["launch_8ms"]["bola8"] = (vx * vx + vy * vy) ** 0.5
    return {"available": True, **figures}


def main(argv: list[str] | None = None) -> int:
    args = parse_arguments(argv)

    def say(message: str) -> None:
        print(message, file=sys.stderr, flush=True)

    physics, reason = load_bola8_physics()
    if physics is not None:
        spec = physics.table_spec(TABLE_NAME)
        table = table_of(spec)
        layout = break_layout(physics, spec, args.rack_seed)
        foot_spot = (float(spec.foot_spot[0]), float(spec.foot_spot[1]))
        rack_label = f"bola8 rack(seed={args.rack_seed})"
    else:
        spec = None
        say(f"bola8.physics no disponible / not available: {reason}")
        table = _shots.Table(name=TABLE_NAME, length=100 * 0.0254, width=50 * 0.0254, ball_radius=0.028575)
        layout = fallback_break_layout(table)
        foot_spot = (table.width / 2.0, 0.75 * table.length)
        rack_label = "fallback triangle (bola8.physics not importable)"
    strike = break_strike(layout, foot_spot, args.speed)
    request = pooltool_request(table, layout, strike, args.breaks, None, args.shots, args.shot_seed)

    bola8: dict[str, Any] = {"available": False, "reason": reason}
    if physics is not None:
        try:
            bola8 = benchmark_bola8(physics, spec, request, args, say)
        except Exception as error:  # report and go on to pooltool: the brief wants its figures regardless
            bola8 = {"available": False, "reason": f"bola8 run failed: {type(error).__name__}: {error}"}
    fastfiz = benchmark_fastfiz(physics, spec, request, bola8, args, say)
    if bola8.get("available"):
        request["shots"]["balls"] = _shots.layout_to_json(bola8.pop("post_break_layout"))
        bola8.pop("typical_strikes")

    pooltool: dict[str, Any] = {"available": False, "reason": "skipped (--no-pooltool)"}
    if not args.no_pooltool:
        status = _pooltool_venv.ensure_pooltool_venv(say=say)
        say(status.message)
        if status.python is None:
            pooltool = {"available": False, "reason": status.message.splitlines()[0]}
        else:
            say("pooltool: breaks y tiros / breaks and shots...")
            try:
                pooltool = {"available": True, **run_pooltool(status.python, request, args.pooltool_cold)}
            except SideError as error:
                pooltool = {"available": False, "reason": str(error)}

    ratio = speedups(bola8, pooltool)
    figures = {
        "machine": machine_info(),
        "layout": {
            "table": request["table"],
            "rack": rack_label,
            "balls": request["break"]["balls"],
            "strike": request["break"]["strike"],
            "shots": f"{args.shots} shots, seed {args.shot_seed}, from "
            + ("bola8's post-break layout" if request["shots"]["balls"] else "pooltool's post-break layout"),
            "shots_layout": request["shots"]["balls"],
        },
        "bola8": bola8,
        "pooltool": pooltool,
        "fastfiz": fastfiz,
        "speedup": ratio,
        "targets": targets(bola8, ratio, fastfiz),
    }
    print(render(figures))
    if args.json:
        write_json_atomically(args.json, figures)
    return 0


if __name__ == "__main__":
    sys.exit(main())
