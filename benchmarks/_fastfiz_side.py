"""FastFiz's half of the side-by-side benchmarks: the same layouts and strikes, run in this process.

The module built by `_fastfiz_build.py` (the P6-Pool fork of FastFiz, C++ through SWIG) is imported into
the benchmark's own process, so bola8 and FastFiz are timed alternately, shot by shot, under the same load.

What differs between the engines, and how each input is carried over:

- FastFiz's frame is bola8's turned 180 degrees (its head string is at 3L/4): a ball at (x, y) goes to
  (W - x, L - y) and an aim phi to phi + 180 (a rotation keeps handedness, so side spin keeps its sign).
- FastFiz reads the tip offsets in millimetres (a R 1000, b R 1000) and the stick speed in m/s.
- FastFiz refuses a level cue whose butt would pass below its rail height; that height serves only this
  check, so it is set to 0. A stroke it still refuses (the stick would pass through a ball) is skipped
  for both engines (`playable`).
- The table is the same playing area with FastFiz's own pockets (0.11 m corner and 0.12 m side openings,
  no jaws) and cushions (fixed damping factors); bola8 keeps its WPA pockets and Mathavan cushions. The
  stick speed gives a faster cue ball in FastFiz (a perfectly elastic tip: 8 m/s gives 12.6 m/s against
  bola8's 10.8 m/s). So the shots are the same, their outcomes only comparable in size (events per shot).

The timer wraps `TableState.executeShot` only (the state is set up outside it), as it wraps
`simulate_layout` for bola8 (which includes setting up its own arrays and result).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import _shots

CORNER_OPENING = 0.11   # m, FastFiz's default pockets
SIDE_OPENING = 0.12


@dataclass(frozen=True)
class FastFizTable:
    """FastFiz's table for one of bola8's playing areas."""

    module: ModuleType
    table: Any
    length: float
    width: float
    radius: float


def table_for(module: ModuleType, table: _shots.Table) -> FastFizTable:
    made = module.Table(table.length, table.width, CORNER_OPENING, SIDE_OPENING)
    made.setRailHeight(0.0)
    return FastFizTable(module, made, table.length, table.width, table.ball_radius)


def state_of(ff: FastFizTable, layout: _shots.Layout) -> Any:
    """A FastFiz table state with the layout's balls at rest, turned into FastFiz's frame."""
    state = ff.module.TableState(ff.table)
    for ball, (x, y) in layout.items():
        state.setBall(int(ball), ff.module.Ball.STATIONARY, ff.width - x, ff.length - y)
    return state


def params_of(ff: FastFizTable, strike: _shots.StrikeSpec) -> Any:
    mm = ff.radius * 1000.0
    return ff.module.ShotParams(strike.a * mm, strike.b * mm, strike.theta, (strike.phi + 180.0) % 360.0,
                                strike.speed)


def playable(ff: FastFizTable, layout: _shots.Layout, strike: _shots.StrikeSpec) -> bool:
    """FastFiz accepts the stroke (its stick-placement precondition)."""
    return int(state_of(ff, layout).isPhysicallyPossible(params_of(ff, strike))) == 0


def timed(ff: FastFizTable, layout: _shots.Layout, strike: _shots.StrikeSpec) -> tuple[float, int]:
    """(seconds of `executeShot`, events) of one stroke."""
    state = state_of(ff, layout)
    params = params_of(ff, strike)
    started = time.perf_counter()
    shot = state.executeShot(params)
    elapsed = time.perf_counter() - started
    return elapsed, len(shot.getEventList())


def cue_ball_speed(ff: FastFizTable, stick_speed: float) -> float:
    """The cue ball's speed just after a centre hit at `stick_speed` (the first event after the strike)."""
    layout = {0: (ff.width / 2.0, ff.length / 4.0)}
    state = state_of(ff, layout)
    shot = state.executeShot(params_of(ff, _shots.StrikeSpec(stick_speed, 90.0)))
    events = shot.getEventList()
    ball = events[0].getBall1Data() if hasattr(events[0], "getBall1Data") else None
    if ball is None:
        raise RuntimeError("FastFiz's strike event carries no ball state")
    velocity = ball.getVelocity()
    return float((velocity.x ** 2 + velocity.y ** 2) ** 0.5)
