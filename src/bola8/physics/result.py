"""A simulated shot: events, final layout, exact trajectories (the referee's facts: ``bola8.game.facts``)."""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np

from bola8.physics import codes as C
from bola8.physics.motion import evolve
from bola8.physics.table import POCKET_NAMES, TableSpec


@dataclass(frozen=True)
class Event:
    t: float
    type: str
    balls: tuple[int, ...]
    pocket: str | None = None

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"t": self.t, "type": self.type, "balls": list(self.balls)}
        if self.pocket is not None:
            d["pocket"] = self.pocket
        return d


@dataclass(frozen=True, eq=False)
class ShotResult:
    """What the engine returns. ``numbers`` maps kernel index -> ball number (0 = cue ball)."""

    spec: TableSpec
    start: dict[int, tuple[float, float]]
    numbers: tuple[int, ...]
    prm: np.ndarray
    ev_t: np.ndarray
    ev_type: np.ndarray
    ev_i: np.ndarray
    ev_j: np.ndarray
    ev_o: np.ndarray
    snap: np.ndarray
    truncated: bool

    # ------------------------------------------------------------ events
    def event_pocket(self, k: int) -> str | None:
        code, o = int(self.ev_type[k]), int(self.ev_o[k])
        if code == C.EV_POCKET:
            return POCKET_NAMES[o]
        if code == C.EV_CUSHION:
            g = self.spec.geometry
            ns = g.segments.shape[0]
            p = int(g.segments[o, 6]) if o < ns else int(g.circles[o - ns, 3])
            return POCKET_NAMES[p] if p >= 0 else None
        return None

    @cached_property
    def events(self) -> tuple[Event, ...]:
        # built on first use: the fast path's callers (facts, final layout, pockets) read the arrays
        nums = self.numbers
        out = []
        for k in range(len(self.ev_t)):
            i, j = int(self.ev_i[k]), int(self.ev_j[k])
            balls = (nums[i],) if j < 0 else (nums[i], nums[j])
            out.append(Event(float(self.ev_t[k]), C.EVENT_NAMES[int(self.ev_type[k])], balls, self.event_pocket(k)))
        return tuple(out)

    # ------------------------------------------------------------ summaries
    @property
    def final(self) -> dict[int, tuple[float, float]]:
        rows = self.snap[-1][:, [0, 1, 9]].tolist()   # x, y, state of every ball after the last event
        return {num: (x, y) for num, (x, y, state) in zip(self.numbers, rows) if state != C.POCKETED}

    @property
    def pocketed(self) -> tuple[tuple[int, str, float], ...]:
        return tuple((self.numbers[int(self.ev_i[k])], POCKET_NAMES[int(self.ev_o[k])], float(self.ev_t[k]))
                     for k in np.flatnonzero(self.ev_type == C.EV_POCKET))

    @property
    def off_table(self) -> tuple[int, ...]:
        """Always empty: the 2-D model keeps every ball on the cloth (no jumps)."""
        return ()

    @property
    def duration(self) -> float:
        return float(self.ev_t[-1])

    @property
    def miscue(self) -> bool:
        return int(self.ev_type[0]) == C.EV_MISCUE

    # ------------------------------------------------------------ trajectories
    def _index(self, ball: int) -> int:
        try:
            return self.numbers.index(ball)
        except ValueError:
            raise KeyError(f"ball {ball} is not on this table") from None

    def state_at(self, ball: int, t: float) -> tuple[np.ndarray, int]:
        """(rvw 3x3, motion state) of a ball at time t, exact."""
        i = self._index(ball)
        k = max(bisect.bisect_right(self.ev_t.tolist(), t) - 1, 0)
        row = self.snap[k, i]
        rvw = row[:9].reshape(3, 3).copy()
        s = int(row[9])
        evolve(rvw, s, max(t - float(self.ev_t[k]), 0.0), self.prm)
        return rvw, s

    def position_at(self, ball: int, t: float) -> tuple[float, float] | None:
        rvw, s = self.state_at(ball, t)
        if s == C.POCKETED:
            return None
        return (float(rvw[0, 0]), float(rvw[0, 1]))

    def stop_time(self, ball: int) -> float:
        """When the ball stops moving on the cloth or drops."""
        i = self._index(ball)
        moving = (self.snap[:, i, 9] == C.SLIDING) | (self.snap[:, i, 9] == C.ROLLING)
        idx = np.nonzero(moving)[0]
        if len(idx) == 0:
            return 0.0
        k = int(idx[-1])
        return float(self.ev_t[k + 1]) if k + 1 < len(self.ev_t) else float(self.ev_t[k])

    def path(self, ball: int, dt: float = 0.01) -> list[tuple[float, float]]:
        end = self.stop_time(ball)
        times = list(np.arange(0.0, end, dt)) + [end]
        out = []
        for t in times:
            p = self.position_at(ball, float(t))
            if p is None:
                rvw, _ = self.state_at(ball, float(t))
                out.append((float(rvw[0, 0]), float(rvw[0, 1])))
                break
            out.append(p)
        return out

    def energy(self, k: int) -> float:
        """Kinetic energy of all balls right after event k (J)."""
        m, R = self.prm[C.P_M], self.prm[C.P_R]
        inertia = 0.4 * m * R * R
        rows = self.snap[k]
        v2 = (rows[:, 3:6] ** 2).sum()
        w2 = (rows[:, 6:9] ** 2).sum()
        return float(0.5 * m * v2 + 0.5 * inertia * w2)

    def to_dict(self) -> dict[str, Any]:
        s = self.spec
        return {
            "table": {"name": s.name, "length": s.length, "width": s.width, "ball_radius": s.ball_radius},
            "events": [e.to_dict() for e in self.events],
            "final": {str(b): [x, y] for b, (x, y) in sorted(self.final.items())},
            "pocketed": [{"ball": b, "pocket": p, "t": t} for b, p, t in self.pocketed],
            "off_table": list(self.off_table),
        }
