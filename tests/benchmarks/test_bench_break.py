"""The side-by-side benchmark's layout exporter, shot generator, installer recipe and output parsing.

Nothing here installs pooltool or times anything: these are the pure parts both benchmark sides rely on.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

import _bola8_side
import _pooltool_side
import _pooltool_venv
import _shots
import bench_break

TABLE = _shots.Table(name="9ft", length=2.54, width=1.27, ball_radius=0.028575)
R = TABLE.ball_radius


def no_overlaps(layout: _shots.Layout) -> bool:
    balls = list(layout.values())
    return all(math.dist(p, q) > 2 * R for i, p in enumerate(balls) for q in balls[i + 1 :])


# ------------------------------------------------------------- layouts and strikes


def test_direction_follows_the_contract_convention():
    assert _shots.direction_deg((0.5, 0.5), (1.0, 0.5)) == pytest.approx(0.0)
    assert _shots.direction_deg((0.5, 0.5), (0.5, 1.5)) == pytest.approx(90.0)
    assert _shots.direction_deg((0.5, 0.5), (0.0, 0.5)) == pytest.approx(180.0)
    assert _shots.direction_deg((0.5, 0.5), (0.5, 0.0)) == pytest.approx(270.0)


@pytest.mark.parametrize("cut", [-25.0, -10.0, 0.0, 7.5, 25.0])
def test_cut_aim_sends_the_cue_ball_to_the_ghost_ball(cut):
    cue, target = (0.4, 0.6), (0.9, 1.8)
    phi = math.radians(_shots.cut_aim_deg(cue, target, cut, R))
    # The ghost ball lies on the aim line, one diameter from the target, on the side the cut asks for.
    line = math.atan2(target[1] - cue[1], target[0] - cue[0])
    departure = line + math.radians(cut)
    ghost = (target[0] - 2 * R * math.cos(departure), target[1] - 2 * R * math.sin(departure))
    aimed = math.atan2(ghost[1] - cue[1], ghost[0] - cue[0])
    assert phi % (2 * math.pi) == pytest.approx(aimed % (2 * math.pi), abs=1e-12)
    assert (cut == 0.0) == (abs(_shots.cut_aim_deg(cue, target, cut, R) - math.degrees(line) % 360) < 1e-9)


def test_typical_strikes_are_reproducible_and_within_their_ranges():
    layout = bench_break.fallback_break_layout(TABLE)
    first = _shots.typical_strikes(layout, TABLE, 40, seed=3)
    assert first == _shots.typical_strikes(layout, TABLE, 40, seed=3)
    assert first != _shots.typical_strikes(layout, TABLE, 40, seed=4)
    assert len(first) == 40
    for strike in first:
        assert 1.0 <= strike.speed <= 4.0
        assert math.hypot(strike.a, strike.b) < 0.5  # never a miscue
        assert strike.theta == 0.0
        assert 0.0 <= strike.phi < 360.0


def test_typical_strikes_need_an_object_ball():
    with pytest.raises(ValueError, match="no object ball"):
        _shots.typical_strikes({0: (0.6, 0.6)}, TABLE, 5, seed=1)


def test_cue_ball_is_kept_or_put_on_a_free_head_string_spot():
    layout = {3: (TABLE.width / 2, TABLE.length / 4), 5: (1.0, 2.0)}
    placed = _shots.with_cue_ball(layout, TABLE)
    assert placed[0][1] == pytest.approx(TABLE.length / 4)
    assert no_overlaps(placed) and set(placed) == {0, 3, 5}
    assert _shots.with_cue_ball({0: (0.2, 0.3), 5: (1.0, 2.0)}, TABLE)[0] == (0.2, 0.3)


def test_layout_json_round_trip_and_refusal():
    layout = bench_break.fallback_break_layout(TABLE)
    assert _shots.layout_from_json(json.loads(json.dumps(_shots.layout_to_json(layout)))) == layout
    with pytest.raises(ValueError, match="balls"):
        _shots.layout_from_json({"16": [0.1, 0.2]})


def test_fallback_triangle_and_break_strike_at_the_apex():
    layout = bench_break.fallback_break_layout(TABLE)
    foot_spot = (TABLE.width / 2, 0.75 * TABLE.length)
    assert set(layout) == set(range(16)) and no_overlaps(layout)
    assert _shots.apex_ball(layout, foot_spot) == 1 and layout[1] == pytest.approx(foot_spot)
    strike = bench_break.break_strike(layout, foot_spot, 8.0)
    assert strike == _shots.StrikeSpec(speed=8.0, phi=pytest.approx(90.0))


def test_break_layout_from_bola8_rack():
    physics, reason = bench_break.load_bola8_physics()
    if physics is None:
        pytest.skip(f"bola8.physics not usable yet: {reason}")
    spec = physics.table_spec("9ft")
    layout = bench_break.break_layout(physics, spec, seed=1)
    assert set(layout) == set(range(16)) and no_overlaps(layout)
    assert layout[0] == pytest.approx((spec.width / 2, spec.head_string_y))
    strike = bench_break.break_strike(layout, tuple(spec.foot_spot), 8.0)
    assert strike.phi == pytest.approx(90.0, abs=1e-6)  # the apex sits on the long string
    assert bench_break.table_of(spec) == _shots.Table("9ft", spec.length, spec.width, spec.ball_radius)


def test_pooltool_request_is_json_and_carries_the_same_layout_and_strike():
    layout = bench_break.fallback_break_layout(TABLE)
    strike = _shots.StrikeSpec(speed=8.0, phi=90.0)
    request = bench_break.pooltool_request(TABLE, layout, strike, 7, None, 12, 5)
    decoded = json.loads(json.dumps(request))
    assert _shots.Table(**decoded["table"]) == TABLE
    assert _shots.layout_from_json(decoded["break"]["balls"]) == layout
    assert _shots.StrikeSpec(**decoded["break"]["strike"]) == strike
    assert decoded["break"]["runs"] == 7
    assert decoded["shots"] == {"balls": None, "count": 12, "seed": 5}


# ------------------------------------------------------------- the pooltool side, without pooltool


def test_pooltool_ids_and_pocket_names():
    assert [_pooltool_side.ball_id(n) for n in (0, 1, 15)] == ["cue", "1", "15"]
    assert all(_pooltool_side.ball_number(_pooltool_side.ball_id(n)) == n for n in range(16))
    assert sorted(_pooltool_side.POCKET_NAMES.values()) == sorted(
        f"{end}-{side}" for end in ("head", "side", "foot") for side in ("left", "right")
    )


def test_cache_deletion_refuses_when_pooltool_is_absent():
    with pytest.raises(SystemExit, match="not installed"):
        _pooltool_side.delete_numba_cache()


def test_both_sides_summarise_alike():
    seconds, events = [0.002, 0.001, 0.003], [10, 12, 11]
    summary = _bola8_side.summarise(seconds, events)
    assert summary == _pooltool_side.summarise(seconds, events)
    assert summary["median_ms"] == pytest.approx(2.0) and summary["events_median"] == 11
    assert summary["shots_per_s"] == pytest.approx(500.0)


def test_dependency_list_drops_extras_and_overrides_the_pins():
    declared = [
        'panda3d==1.11.0.dev3702; sys_platform != "darwin"',
        'panda3d>=1.10.13,<1.11; sys_platform == "darwin"',
        "numba>=0.59",
        "llvmlite>=0.44,<0.46",
        "scipy>=1.12",
        "Panda3D_gltf>=1.2.0",
        'pytest; extra == "dev"',
    ]
    chosen = _pooltool_venv.dependency_requirements(declared)
    assert "scipy>=1.12" in chosen and "Panda3D_gltf>=1.2.0" in chosen
    assert not any("dev3702" in line or "pytest" in line for line in chosen)
    names = [_pooltool_venv.requirement_name(line) for line in chosen]
    assert names.count("panda3d") == 1 and names.count("numba") == 1 and names.count("llvmlite") == 1
    assert "panda3d>=1.10.13,<1.11" in chosen and "numba>=0.59,<0.63" in chosen
    assert _pooltool_venv.requirement_name("Panda3D_gltf>=1.2.0") == "panda3d-gltf"


def test_pooltool_environment_isolates_home_and_hash_seed(tmp_path):
    env = _pooltool_venv.pooltool_environment(str(tmp_path))
    assert env["HOME"] == str(tmp_path) and env["PYTHONHASHSEED"] == "0" and "NUMBA_CACHE_DIR" not in env
    assert not _pooltool_venv.pooltool_importable(tmp_path / "no-such-venv" / "bin" / "python")


# ------------------------------------------------------------- parsing and reporting


def test_side_output_parsing():
    text = 'NumbaWarning: something\n{"engine": "pooltool", "break": {"median_ms": 90.0}}\n\n'
    assert bench_break.parse_side_output(text, "pooltool side")["engine"] == "pooltool"
    for bad, message in (("", "printed nothing"), ("oops\n", "JSON line"), ("[1, 2]\n", "not an object")):
        with pytest.raises(bench_break.SideError, match=message):
            bench_break.parse_side_output(bad, "pooltool side")


FASTFIZ_ROW = {"strokes": 3, "skipped": 0, "bola8_ms": 0.2, "fastfiz_ms": 1.2, "ratio": 6.0,
               "ratio_per_stroke_median": 5.5, "bola8_events_mean": 96.0, "fastfiz_events_mean": 71.0}


def figures(pooltool_available: bool = True, fastfiz_available: bool = True) -> dict:
    bola8 = {
        "available": True,
        "first_call": {"cold": {"first_call_s": 7.5, "cpu_s": 3.5}, "warm_start": {"first_call_s": 0.4}},
        "break": {"median_ms": 0.9, "events_median": 140, "shots_per_s": 1100.0},
        "shots": {"median_ms": 0.3, "shots_per_s": 3000.0},
    }
    pooltool = (
        {
            "available": True, "version": "0.6.0", "numpy": "2.3.5", "numba": "0.62.1", "import_s": 1.0,
            "first_break_s": 0.5, "cache": "warm", "table": {"pockets": "pooltool default"},
            "break": {"median_ms": 90.0, "events_median": 148, "shots_per_s": 10.0},
            "shots": {"median_ms": 30.0, "shots_per_s": 31.0},
        }
        if pooltool_available
        else {"available": False, "reason": "skipped (--no-pooltool)"}
    )
    ratio = bench_break.speedups(bola8, pooltool)
    fastfiz = (
        {"available": True, "break": FASTFIZ_ROW, "typical": dict(FASTFIZ_ROW, ratio=2.0),
         "eight_ball": dict(FASTFIZ_ROW, ratio=2.6), "two_ball": dict(FASTFIZ_ROW, ratio=1.2),
         "launch_8ms": {"bola8": 10.77, "fastfiz": 12.58}}
        if fastfiz_available
        else {"available": False, "reason": "FastFiz no disponible / not available: missing swig"}
    )
    return {
        "machine": {"python": "3.11.7", "numpy": "2", "numba": "0.6", "cpu_count": 2, "processor": "cpu",
                    "load_average_1min": 0.1},
        "layout": {"table": {"name": "9ft", "length": 2.54, "width": 1.27}, "rack": "rack(seed=1)",
                   "strike": {"speed": 8.0, "phi": 90.0, "theta": 0.0, "a": 0.0, "b": 0.0}, "shots": "40 shots"},
        "bola8": bola8,
        "pooltool": pooltool,
        "fastfiz": fastfiz,
        "speedup": ratio,
        "targets": bench_break.targets(bola8, ratio, fastfiz),
    }


def test_speedup_targets_and_table():
    data = figures()
    assert data["speedup"] == {"break": pytest.approx(100.0), "shot": pytest.approx(100.0)}
    assert data["targets"] == {
        "break_at_least_50x": True, "break_at_least_100x": True, "cold_compile_under_4s_cpu": True,
        "first_call_after_setup_under_1s": True, "fastfiz_break_at_least_5x": True,
        "fastfiz_eight_ball_at_least_2.5x": True, "fastfiz_two_ball_at_least_1.5x": False,
    }
    text = bench_break.render(data)
    assert "break 100.0x" in text and "90.000" in text and "0.900" in text and "7.50 (3.50) / 0.40" in text
    assert "6.00x" in text and ">= 1.5x NO" in text and "FastFiz 12.58 m/s" in text


def test_missing_fastfiz_is_reported():
    data = figures(fastfiz_available=False)
    assert data["targets"]["fastfiz_break_at_least_5x"] is None
    assert "missing swig" in bench_break.render(data)


def test_missing_pooltool_is_reported_not_divided():
    data = figures(pooltool_available=False)
    assert data["speedup"] == {"break": None, "shot": None}
    assert data["targets"]["break_at_least_50x"] is None
    assert "skipped (--no-pooltool)" in bench_break.render(data)


def test_json_is_written_atomically(tmp_path: Path):
    target = tmp_path / "figures.json"
    target.write_text("old")
    bench_break.write_json_atomically(str(target), {"speedup": {"break": 80.0}})
    assert json.loads(target.read_text()) == {"speedup": {"break": 80.0}}
    assert [p.name for p in tmp_path.iterdir()] == ["figures.json"]


# ------------------------------------------------------------- bola8's side against a stand-in engine


class StandInEngine:
    """Just enough of bola8.physics's API for the timing plumbing: balls drift along +y, ball 3 drops."""

    class Strike:
        def __init__(self, speed, phi, theta=0.0, a=0.0, b=0.0):
            self.speed, self.phi, self.theta, self.a, self.b = speed, phi, theta, a, b

    class Result:
        def __init__(self, events, final, pocketed):
            self.events, self.final, self.pocketed = events, final, pocketed

    def __init__(self):
        self.calls = []

    def simulate_layout(self, spec, balls, strike):
        self.calls.append(strike)
        final = {b: (x, y + 0.01 * strike.speed) for b, (x, y) in balls.items() if b != 3}
        events = tuple(range(int(10 * strike.speed)))
        return self.Result(events, final, ((3, "foot-left", 1.5),) if 3 in balls else ())


def test_bola8_side_times_breaks_and_shots_through_the_api():
    engine = StandInEngine()
    layout = bench_break.fallback_break_layout(TABLE)
    timed = _bola8_side.time_breaks(engine, None, layout, _shots.StrikeSpec(speed=8.0, phi=90.0), runs=5)
    assert len(engine.calls) == 7  # two warm-up calls, then the five timed ones
    assert timed["break"]["runs"] == 5 and timed["break"]["events_median"] == 80
    assert timed["break_outcome"]["pocketed"] == [[3, "foot-left", 1.5]]
    post_break = timed["final_layout"]
    assert 3 not in post_break and post_break[0] == pytest.approx((TABLE.width / 2, TABLE.length / 4 + 0.08))
    json.dumps(timed["break_outcome"])  # what goes into --json must serialise
    strikes = _shots.typical_strikes(post_break, TABLE, 6, seed=2)
    shots = _bola8_side.time_shots(engine, None, post_break, strikes)
    assert shots["runs"] == 6
    assert [s.speed for s in engine.calls[-6:]] == [s.speed for s in strikes]
    assert shots["events_max"] == max(int(10 * s.speed) for s in strikes)
