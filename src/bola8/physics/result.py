"""A simulated shot: events, final layout, exact trajectories (the referee's facts: ``bola8.game.facts``)."""

from __future__ import annotations

import bisect
from dataclasses import dataclass, fields
from functools import cached_property
from typing import Any, TypeVar

import numpy as np

from bola8.physics import codes as C
from bola8.physics.motion import evolve
from bola8.physics.strike import Strike
from bola8.physics.table import POCKET_NAMES, TableSpec


@dataclass(frozen=True)
class Event:
    """One event of a simulation: when, what kind, the balls it involves, and the pocket or side when there is
    one.
    """
    t: float
    type: str
    balls: tuple[int, ...]
    pocket: str | None = None
    side: str | None = None      # off_table: the side of the table the ball left over

    def to_dict(self) -> dict[str, Any]:
        """The event as the simulate contract prints it."""
        d: dict[str, Any] = {"t": self.t, "type": self.type, "balls": list(self.balls)}
        if self.pocket is not None:
            d["pocket"] = self.pocket
        if self.side is not None:
            d["side"] = self.side
        return d


@dataclass(frozen=True)
class Exit:
    """A ball that left the table: over which side (``codes.SIDE_NAMES``), where its centre crossed the
    side's line (x, y; its bottom z above the cloth), and when."""

    ball: int
    side: str
    x: float
    y: float
    z: float
    t: float

    def to_dict(self) -> dict[str, Any]:
        """The exit as JSON: ball, side, position, height, time."""
        return {"ball": self.ball, "side": self.side, "position": [self.x, self.y], "height": self.z, "t": self.t}


def event_pocket(spec: TableSpec, code: int, o: int) -> str | None:
    """The pocket an event took place at: a drop's, or the jaw of a cushion contact (None for a rail)."""
    if code == C.EV_POCKET:
        return POCKET_NAMES[o]
    if code == C.EV_CUSHION:
        g = spec.geometry
        ns, nc = g.segments.shape[0], g.circles.shape[0]
        if o >= ns + nc:
            o -= ns + nc          # the top edge of face o (a ball in flight)
        p = int(g.segments[o, 6]) if o < ns else int(g.circles[o - ns, 3])
        return POCKET_NAMES[p] if p >= 0 else None
    return None


def event_list(spec: TableSpec, numbers: tuple[int, ...], ev_t: np.ndarray, ev_type: np.ndarray, ev_i: np.ndarray,
               ev_j: np.ndarray, ev_o: np.ndarray) -> tuple[Event, ...]:
    """The kernel's event arrays as ``Event`` values (ball numbers, pocket and side names)."""
    out = []
    for k in range(len(ev_t)):
        i, j, code, o = int(ev_i[k]), int(ev_j[k]), int(ev_type[k]), int(ev_o[k])
        balls = (numbers[i],) if j < 0 else (numbers[i], numbers[j])
        side = C.SIDE_NAMES[o] if code == C.EV_OFF_TABLE else None
        out.append(Event(float(ev_t[k]), C.EVENT_NAMES[code], balls, event_pocket(spec, code, o), side))
    return tuple(out)


def pocketed_balls(numbers: tuple[int, ...], ev_t: np.ndarray, ev_type: np.ndarray, ev_i: np.ndarray,
                   ev_o: np.ndarray) -> tuple[tuple[int, str, float], ...]:
    """(ball, pocket, time) of every drop, in time order."""
    return tuple((numbers[int(ev_i[k])], POCKET_NAMES[int(ev_o[k])], float(ev_t[k]))
                 for k in np.flatnonzero(ev_type == C.EV_POCKET))


Frozen = TypeVar("Frozen")
_FIELDS: dict[type, frozenset[str]] = {}


def built(cls: type[Frozen], **values: Any) -> Frozen:
    """An instance of the frozen dataclass ``cls`` (of this module: none checks its fields) holding ``values``,
    which must name every one of its fields.

    A frozen dataclass's constructor sets each field through ``object.__setattr__``: 2-3 us of a stroke that
    takes 15 us (a two-ball stroke of benchmarks/bench_break.py), for every result of a batch. Here the
    values go straight into the instance's ``__dict__``; it stays frozen (assignments still raise)."""
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = frozenset(f.name for f in fields(cls))   # type: ignore[arg-type]
    if len(values) != len(names):   # (the names themselves: tests/physics/test_kernel_kinds.py, at each caller;
        # comparing them here cost 0.5 us a result)
        raise TypeError(f"{cls.__name__} needs exactly the fields {sorted(names)}, not {sorted(values)}")
    result: Frozen = object.__new__(cls)
    result.__dict__.update(values)
    return result


@dataclass(frozen=True, eq=False)
class StrokeEnd:
    """What a stroke left on the table (``simulate_batch(..., record="final")``): where each ball stopped,
    the balls that dropped or left the table, how many events it took."""

    numbers: tuple[int, ...]
    final: dict[int, tuple[float, float]]
    dropped: tuple[int, ...]
    off_table: tuple[int, ...]
    event_count: int
    truncated: bool
    strike: Strike | None = None


@dataclass(frozen=True, eq=False)
class StrokeEvents:
    """A stroke's events and where the balls stopped (``simulate_batch(..., record="events")``): a
    ``ShotResult`` without the snapshots, so without trajectories or the referee's facts."""

    spec: TableSpec
    numbers: tuple[int, ...]
    ev_t: np.ndarray
    ev_type: np.ndarray
    ev_i: np.ndarray
    ev_j: np.ndarray
    ev_o: np.ndarray
    final: dict[int, tuple[float, float]]
    truncated: bool
    strike: Strike | None = None

    @cached_property
    def events(self) -> tuple[Event, ...]:
        """The events, as values (built on first use)."""
        return event_list(self.spec, self.numbers, self.ev_t, self.ev_type, self.ev_i, self.ev_j, self.ev_o)

    @property
    def pocketed(self) -> tuple[tuple[int, str, float], ...]:
        """(ball, pocket, time) of every ball that dropped, in time order."""
        return pocketed_balls(self.numbers, self.ev_t, self.ev_type, self.ev_i, self.ev_o)


@dataclass(frozen=True, eq=False)
class ShotResult:
    """What the engine returns. ``numbers`` maps kernel index -> ball number (0 = cue ball); ``strike``
    the stroke played (None when the caller did not say)."""

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
    strike: Strike | None = None

    @classmethod
    def of_stroke(cls, spec: TableSpec, start: dict[int, tuple[float, float]], numbers: tuple[int, ...],
                  prm: np.ndarray, ev_t: np.ndarray, ev: np.ndarray, snap: np.ndarray, truncated: bool,
                  strike: Strike | None) -> ShotResult:
        """The result of one stroke from the kernel's arrays (``ev``: the events' types, balls i, balls j and
        objects, a row each), built without the frozen constructor's cost (``built``)."""
        return built(cls, spec=spec, start=start, numbers=numbers, prm=prm, ev_t=ev_t, ev_type=ev[0], ev_i=ev[1],
                     ev_j=ev[2], ev_o=ev[3], snap=snap, truncated=truncated, strike=strike)

    # ------------------------------------------------------------ events
    def event_pocket(self, k: int) -> str | None:
        """The pocket of event ``k``, or None if it is not a pocket event."""
        return event_pocket(self.spec, int(self.ev_type[k]), int(self.ev_o[k]))

    @cached_property
    def events(self) -> tuple[Event, ...]:
        """The events, as values (built on first use)."""
        # built on first use: the fast path's callers (facts, final layout, pockets) read the arrays
        return event_list(self.spec, self.numbers, self.ev_t, self.ev_type, self.ev_i, self.ev_j, self.ev_o)

    # ------------------------------------------------------------ summaries
    @property
    def final(self) -> dict[int, tuple[float, float]]:
        """Where each ball still on the table stopped."""
        rows = self.snap[-1][:, [0, 1, 9]].tolist()   # x, y, state of every ball after the last event
        return {num: (x, y) for num, (x, y, state) in zip(self.numbers, rows)
                if state != C.POCKETED and state != C.OFF_TABLE}

    @property
    def pocketed(self) -> tuple[tuple[int, str, float], ...]:
        """(ball, pocket, time) of every ball that dropped, in time order."""
        return pocketed_balls(self.numbers, self.ev_t, self.ev_type, self.ev_i, self.ev_o)

    @property
    def exits(self) -> tuple[Exit, ...]:
        """The balls that left the table, in time order, with where they left it."""
        out = []
        for k in np.flatnonzero(self.ev_type == C.EV_OFF_TABLE):
            i = int(self.ev_i[k])
            x, y, z = (float(v) for v in self.snap[k, i, 0:3])
            out.append(Exit(self.numbers[i], C.SIDE_NAMES[int(self.ev_o[k])], x, y, z, float(self.ev_t[k])))
        return tuple(out)

    @property
    def off_table(self) -> tuple[int, ...]:
        """The balls that left the table (flew over a cushion or over a pocket), in time order."""
        return tuple(e.ball for e in self.exits)

    @property
    def duration(self) -> float:
        """The time of the last event, in seconds."""
        return float(self.ev_t[-1])

    @property
    def miscue(self) -> bool:
        """The tip slipped: the cue ball never moved."""
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
        """Where the ball's centre is over the cloth at time t; None once it has dropped or left the table."""
        rvw, s = self.state_at(ball, t)
        if s == C.POCKETED or s == C.OFF_TABLE:
            return None
        return (float(rvw[0, 0]), float(rvw[0, 1]))

    def stop_time(self, ball: int) -> float:
        """When the ball stops moving on the cloth, drops or leaves the table."""
        i = self._index(ball)
        states = self.snap[:, i, 9]
        moving = (states == C.SLIDING) | (states == C.ROLLING) | (states == C.AIRBORNE)
        idx = np.nonzero(moving)[0]
        if len(idx) == 0:
            return 0.0
        k = int(idx[-1])
        return float(self.ev_t[k + 1]) if k + 1 < len(self.ev_t) else float(self.ev_t[k])

    def path(self, ball: int, dt: float = 0.01) -> list[tuple[float, float]]:
        """``ball``'s positions every ``dt`` seconds until it stops, drops or leaves the table."""
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
        """Energy of the balls on the table right after event k (J): kinetic, and potential m g z of those in
        flight (z: height above the cloth)."""
        m, R = self.prm[C.P_M], self.prm[C.P_R]
        inertia = 0.4 * m * R * R
        rows = self.snap[k]
        v2 = (rows[:, 3:6] ** 2).sum()
        w2 = (rows[:, 6:9] ** 2).sum()
        in_play = (rows[:, 9] != C.POCKETED) & (rows[:, 9] != C.OFF_TABLE)
        height = float(rows[in_play, 2].sum())
        return float(0.5 * m * v2 + 0.5 * inertia * w2 + m * self.prm[C.P_G] * height)

    def to_dict(self) -> dict[str, Any]:
        """The result as ``bola8 simulate`` prints it (without the facts, which the game layer adds)."""
        s = self.spec
        return {
            "table": {"name": s.name, "length": s.length, "width": s.width, "ball_radius": s.ball_radius},
            "events": [e.to_dict() for e in self.events],
            "final": {str(b): [x, y] for b, (x, y) in sorted(self.final.items())},
            "pocketed": [{"ball": b, "pocket": p, "t": t} for b, p, t in self.pocketed],
            "off_table": [e.to_dict() for e in self.exits],
        }
