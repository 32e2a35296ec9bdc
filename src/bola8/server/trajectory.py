"""A shot's trajectory for drawing: exact positions sampled from the simulator's own result.

For every ball that moved, ``[t, x, y]`` at every event and at least
:data:`RATE` times a second of its motion, each computed by the engine's own
``evolve`` from the snapshot of the last event (no second physics here). A
pocketed ball's last sample is where it dropped.
"""

from __future__ import annotations

from typing import Any

import numpy as np

RATE = 60.0              # samples per second of motion, at least (the client animates at 60 fps)
DIGITS = 5               # 10 micrometres: far below a pixel


def trajectory(result: Any) -> dict[str, list[list[float]]]:
    """Ball number (as a string) -> samples [t, x, y] of a ShotResult, for the balls that moved."""
    from bola8.physics import engine as E

    ev_t = [float(t) for t in result.ev_t]
    snap = result.snap
    prm = result.prm
    out: dict[str, list[list[float]]] = {}
    for i, ball in enumerate(result.numbers):
        states = snap[:, i, 9]
        moving = np.flatnonzero((states == E.SLIDING) | (states == E.ROLLING))
        if len(moving) == 0:
            continue
        first, last = int(moving[0]), int(moving[-1])
        end_k = min(last + 1, len(ev_t) - 1)
        start_t, end_t = ev_t[first], ev_t[end_k]
        times = set(ev_t[first:end_k + 1])
        steps = int(np.ceil((end_t - start_t) * RATE))
        times.update(start_t + (end_t - start_t) * s / max(steps, 1) for s in range(steps + 1))
        samples: list[list[float]] = [[0.0, *(round(float(v), DIGITS) for v in snap[0, i, :2])]] if first > 0 else []
        k = first
        for t in sorted(times):
            while k + 1 < len(ev_t) and ev_t[k + 1] <= t:
                k += 1
            row = snap[k, i]
            rvw = row[:9].reshape(3, 3).copy()
            state = int(row[9])
            if state != E.POCKETED:
                E.evolve(rvw, state, t - ev_t[k], prm)
            samples.append([round(t, DIGITS), round(float(rvw[0, 0]), DIGITS), round(float(rvw[0, 1]), DIGITS)])
            if state == E.POCKETED:
                break
        out[str(ball)] = samples
    return out
