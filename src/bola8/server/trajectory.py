"""A shot's trajectory for drawing: exact positions sampled from the simulator's own result.

For every ball that moved, ``[t, x, y, z]`` at every event and at least
:data:`RATE` times a second of its motion, each computed by the engine's own
``evolve`` from the snapshot of the last event before it (no second physics
here: the loop below only calls the engine, compiled with it by numba). ``z``
is the height of the ball's bottom above the cloth: 0 on the cloth, a
parabola in flight. A pocketed ball's last sample is where it dropped; a ball
that left the table, where its centre crossed the table's side.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from bola8.physics import codes as E
from bola8.physics._jit import kernel
from bola8.physics.motion import evolve

RATE = 60.0              # samples per second of motion, at least (the client animates at 60 fps)
DIGITS = 5               # 10 micrometres: far below a pixel


@kernel(entry=True)      # the physics package's cache: a change of motion.py recompiles this loop too
def _positions(snap: np.ndarray, ball: int, ev_t: np.ndarray, times: np.ndarray, ks: np.ndarray,
               prm: np.ndarray) -> np.ndarray:   # pragma: no cover - compiled
    out = np.empty((times.shape[0], 3))
    for j in range(times.shape[0]):
        k = ks[j]
        rvw = snap[k, ball, :9].copy().reshape(3, 3)
        state = int(snap[k, ball, 9])
        if state != E.POCKETED and state != E.OFF_TABLE:
            evolve(rvw, state, times[j] - ev_t[k], prm)
        out[j, 0] = rvw[0, 0]
        out[j, 1] = rvw[0, 1]
        out[j, 2] = max(rvw[0, 2], 0.0)
    return out


def trajectory(result: Any) -> dict[str, list[list[float]]]:
    """Ball number (as a string) -> samples [t, x, y, z] of a ShotResult, for the balls that moved."""
    return {ball: samples.tolist() for ball, samples in trajectory_arrays(result).items()}


def trajectory_arrays(result: Any) -> dict[str, np.ndarray]:
    """:func:`trajectory` as arrays of shape (samples, 4): what the server encodes straight into JSON
    (making Python lists of a break's thousands of samples took most of the time of answering it)."""
    ev_t = np.ascontiguousarray(result.ev_t, dtype=np.float64)
    snap = np.ascontiguousarray(result.snap)
    out: dict[str, np.ndarray] = {}
    last_event = len(ev_t) - 1
    for i, ball in enumerate(result.numbers):
        states = snap[:, i, 9]
        moving = np.flatnonzero((states == E.SLIDING) | (states == E.ROLLING) | (states == E.AIRBORNE))
        if len(moving) == 0:
            continue
        first, end_k = int(moving[0]), min(int(moving[-1]) + 1, last_event)
        start_t, end_t = float(ev_t[first]), float(ev_t[end_k])
        steps = max(int(np.ceil((end_t - start_t) * RATE)), 1)
        grid = start_t + (end_t - start_t) * np.arange(steps + 1) / steps
        times = np.unique(np.concatenate((ev_t[first:end_k + 1], grid)))
        if first > 0:
            times = np.concatenate(([0.0], times))
        ks = np.searchsorted(ev_t, times, side="right") - 1
        # a pocketed ball: nothing after the drop; one off the table: nothing after it left
        dropped = np.flatnonzero((snap[ks, i, 9] == E.POCKETED) | (snap[ks, i, 9] == E.OFF_TABLE))
        if len(dropped):
            times, ks = times[:dropped[0] + 1], ks[:dropped[0] + 1]
        xy = _positions(snap, i, ev_t, times, ks.astype(np.int64), result.prm)
        out[str(ball)] = np.round(np.column_stack((times, xy)), DIGITS)
    return out
