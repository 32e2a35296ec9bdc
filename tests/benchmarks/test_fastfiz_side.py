"""The FastFiz side of the benchmarks without FastFiz: its build helper's answers, the frame and units it
hands FastFiz (checked on a stand-in module that records the calls), and the scattered layouts."""

from __future__ import annotations

import math
from types import SimpleNamespace

import _fastfiz_build
import _fastfiz_side
import _shots

TABLE = _shots.Table("9ft", 2.54, 1.27, 0.028575)


class Recorder:
    """A stand-in for the fastfiz module: tables, states and shot parameters that remember their calls."""

    Ball = SimpleNamespace(STATIONARY=1)

    def __init__(self) -> None:
        self.placed: list[tuple[int, int, float, float]] = []

    def Table(self, length, width, corner, side):   # noqa: N802 (FastFiz's own names)
        return SimpleNamespace(dims=(length, width, corner, side), setRailHeight=lambda h: None)

    def TableState(self, table):   # noqa: N802
        return SimpleNamespace(setBall=lambda *args: self.placed.append(args))

    def ShotParams(self, a, b, theta, phi, v):   # noqa: N802
        return (a, b, theta, phi, v)


def test_fastfiz_gets_the_layout_turned_half_round_and_the_tip_in_millimetres():
    module = Recorder()
    ff = _fastfiz_side.table_for(module, TABLE)
    assert ff.table.dims == (2.54, 1.27, 0.11, 0.12)
    _fastfiz_side.state_of(ff, {0: (0.3, 0.5), 7: (1.0, 2.0)})
    assert module.placed == [(0, 1, 1.27 - 0.3, 2.54 - 0.5), (7, 1, 1.27 - 1.0, 2.54 - 2.0)]
    a, b, theta, phi, v = _fastfiz_side.params_of(ff, _shots.StrikeSpec(3.0, 270.0, 10.0, 0.2, -0.4))
    assert (theta, phi, v) == (10.0, 90.0, 3.0)
    assert math.isclose(a, 0.2 * 28.575) and math.isclose(b, -0.4 * 28.575)


def test_the_build_helper_says_what_is_missing_and_where_the_source_comes_from(monkeypatch, tmp_path):
    monkeypatch.setattr(_fastfiz_build, "CHECKOUT", tmp_path / "nothing-here")
    status = _fastfiz_build.ensure_fastfiz(build=False)
    assert status.folder is None and "_fastfiz_build.py builds it" in status.message
    monkeypatch.setenv(_fastfiz_build.SOURCE_VARIABLE, "/some/local/clone")
    assert _fastfiz_build.source() == "/some/local/clone"
    monkeypatch.delenv(_fastfiz_build.SOURCE_VARIABLE)
    assert _fastfiz_build.source() == _fastfiz_build.FASTFIZ_URL
    assert isinstance(_fastfiz_build.missing_tools(), list)


def test_scattered_layouts_keep_their_balls_apart_and_off_the_cushions():
    shots = _shots.scattered_shots(TABLE, 8, 30, seed=2024)
    assert shots == _shots.scattered_shots(TABLE, 8, 30, seed=2024)          # seeded
    margin = TABLE.ball_radius + 0.01
    for layout, strike in shots:
        assert len(layout) == 8 and 0 in layout and 1.0 <= strike.speed <= 4.0
        assert max(abs(strike.a), abs(strike.b)) <= 0.2 and strike.theta == 0.0
        points = list(layout.values())
        assert all(margin <= x <= TABLE.width - margin and margin <= y <= TABLE.length - margin for x, y in points)
        assert min(math.dist(p, q) for i, p in enumerate(points) for q in points[i + 1:]) >= 2 * TABLE.ball_radius
    (two, strike), = _shots.scattered_shots(TABLE, 2, 1, seed=2, speed=(2.5, 2.5))
    assert len(two) == 2 and strike.speed == 2.5
