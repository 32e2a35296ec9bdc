"""``simulate_batch``: many strokes from one layout in one compiled call.

A search bot plays hundreds of candidate strokes from the same position; calling
``simulate_layout`` for each pays the Python-to-numba crossing and the array set-up
every time. Here the layout is laid out once and one kernel loops over the strokes,
each played by the single path's own code (``launch`` for the cue's impact, then
``run_events``) on a fresh copy of the layout. What is kept is what the caller asks
for (``record``):

- "trajectories" (the default): every event and every ball's state after it, cut
  into ordinary ``ShotResult`` objects - the referee reads them exactly as it reads a
  single simulation's result;
- "events": the events and the final layout (``StrokeEvents``), no snapshots;
- "final": where the balls stopped and which dropped or left (``StrokeEnd``).

Each stroke's record is written once into arrays sized for the whole batch as it
grows, never into a per-stroke buffer copied afterwards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, overload

import numpy as np
import numpy.typing as npt

from bola8.errors import InputError
from bola8.physics import codes as C
from bola8.physics._jit import kernel
from bola8.physics.codes import EV_MISCUE, EV_STRIKE, RECORD_EVENTS, RECORD_TRAJECTORIES
from bola8.physics.engine import grown_1d, grown_2d, grown_3d, run_events
from bola8.physics.launch import is_miscue, launch
from bola8.physics.params import PhysicsSettings
from bola8.physics.result import ShotResult, StrokeEnd, StrokeEvents, built
from bola8.physics.scalar import larger
from bola8.physics.strike import Strike
from bola8.physics.table import TableSpec

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]
Record = Literal["trajectories", "events", "final"]

_DEFAULT_SETTINGS = PhysicsSettings()


@kernel(entry=True)
def run_batch(xy: FloatArray, strikes: FloatArray, prm: FloatArray, segs: FloatArray, circs: FloatArray,
              holes: FloatArray, max_events: int, record: int
              ) -> tuple[IntArray, FloatArray, IntArray, FloatArray, FloatArray, IntArray, IntArray, IntArray]:
    """Play stroke m (``strikes[m]``: speed, phi, theta, a, b, then its cue's mass, tip restitution, shaft end
    mass and miscue limit) from the layout ``xy`` at rest.

    Returns (offsets (M+1,) of each stroke's events in the concatenated arrays, then the times, the events
    (type, i, j, object) and the snapshots - empty where ``record`` does not keep them -, each stroke's
    final positions (M, n, 2) and motion states (M, n), its event count (M,) and truncated flag (M,)).
    """
    m_count = strikes.shape[0]
    n = xy.shape[0]
    offsets = np.zeros(m_count + 1, dtype=np.int64)
    cap = larger(1, m_count * 16) if record >= RECORD_EVENTS else 1
    all_t = np.empty(cap)
    all_ev = np.empty((cap, 4), dtype=np.int64)
    all_snap = np.empty((cap if record == RECORD_TRAJECTORIES else 0, n, 10))
    final_xy = np.empty((m_count, n, 2))
    final_s = np.empty((m_count, n), dtype=np.int64)
    counts = np.empty(m_count, dtype=np.int64)
    truncated = np.zeros(m_count, dtype=np.int64)
    rvw = np.zeros((n, 3, 3))
    s = np.zeros(n, dtype=np.int64)
    for m in range(m_count):
        rvw[:, :, :] = 0.0
        s[:] = 0
        for i in range(n):
            rvw[i, 0, 0] = xy[i, 0]
            rvw[i, 0, 1] = xy[i, 1]
        first = np.int64(EV_MISCUE)
        speed, phi, theta, a, b = strikes[m, 0], strikes[m, 1], strikes[m, 2], strikes[m, 3], strikes[m, 4]
        if not is_miscue(a, b, strikes[m, 8]):
            first = np.int64(EV_STRIKE)
            rvw[0, 1, 0], rvw[0, 1, 1], rvw[0, 1, 2], rvw[0, 2, 0], rvw[0, 2, 1], rvw[0, 2, 2] = launch(
                speed, phi, theta, a, b, strikes[m, 5], strikes[m, 6], strikes[m, 7], prm)
        k, ev_t, ev, snap, trunc = run_events(rvw, s, prm, segs, circs, holes, max_events, first, record)
        start = offsets[m]
        kept = ev_t.shape[0]
        if start + kept > cap:
            # grow to what the strokes so far project for the whole batch (an eighth more), at least
            # doubling: each growth copies everything kept so far into fresh memory, so a batch of long
            # strokes grows once or twice instead of at every doubling
            projected = (start + kept) * m_count // (m + 1) + (start + kept) * m_count // (8 * (m + 1))
            cap = larger(larger(2 * cap, start + kept), projected)
            all_t = grown_1d(all_t[:start], cap)
            all_ev = grown_2d(all_ev[:start], cap)
            if record == RECORD_TRAJECTORIES:
                all_snap = grown_3d(all_snap[:start], cap)
        # copied element by element (see engine.grown_1d: no slice assignment)
        for q in range(kept):
            all_t[start + q] = ev_t[q]
            for c in range(4):
                all_ev[start + q, c] = ev[q, c]
        if record == RECORD_TRAJECTORIES:
            for q in range(kept):
                for i in range(n):
                    for c in range(10):
                        all_snap[start + q, i, c] = snap[q, i, c]
        offsets[m + 1] = start + kept
        for i in range(n):
            final_xy[m, i, 0] = rvw[i, 0, 0]
            final_xy[m, i, 1] = rvw[i, 0, 1]
            final_s[m, i] = s[i]
        counts[m] = k
        truncated[m] = 1 if trunc else 0
    end = offsets[m_count]
    return (offsets, all_t[:end], all_ev[:end], all_snap[:end] if record == RECORD_TRAJECTORIES else all_snap,
            final_xy, final_s, counts, truncated)


@overload
def simulate_batch(spec: TableSpec, balls: dict[int, tuple[float, float]], strikes: Sequence[Strike],
                   settings: PhysicsSettings | None = None, *, record: Literal["trajectories"] = "trajectories"
                   ) -> list[ShotResult]: ...


@overload
def simulate_batch(spec: TableSpec, balls: dict[int, tuple[float, float]], strikes: Sequence[Strike],
                   settings: PhysicsSettings | None = None, *, record: Literal["events"]) -> list[StrokeEvents]: ...


@overload
def simulate_batch(spec: TableSpec, balls: dict[int, tuple[float, float]], strikes: Sequence[Strike],
                   settings: PhysicsSettings | None = None, *, record: Literal["final"]) -> list[StrokeEnd]: ...


def simulate_batch(spec: TableSpec, balls: dict[int, tuple[float, float]], strikes: Sequence[Strike],
                   settings: PhysicsSettings | None = None, *, record: Record = "trajectories"
                   ) -> list[ShotResult] | list[StrokeEvents] | list[StrokeEnd]:
    """Play every stroke of ``strikes`` from the same layout (assumed valid); one result per stroke.

    With ``record="trajectories"`` each result is identical to ``simulate_layout(spec, balls, strike,
    settings)``; "events" and "final" keep less (see the module) and cost less.
    """
    settings = settings or _DEFAULT_SETTINGS
    if record not in C.RECORD_NAMES:
        raise InputError(f"record: {record!r} is not one of {', '.join(C.RECORD_NAMES)}.",
                         f"record: {record!r} no es uno de {', '.join(C.RECORD_NAMES)}.")
    if 0 not in balls:
        raise InputError("balls: the cue ball (0) is missing.", "balls: falta la bola blanca (0).")
    numbers = tuple(sorted(balls))
    start = {b: (float(balls[b][0]), float(balls[b][1])) for b in numbers}
    prm = settings.parameters(spec.cushion_height)
    rows = []
    for s in strikes:
        cue = settings.cue_of(s.cue)
        rows.append([s.speed, s.phi, s.theta, s.a, s.b, cue.mass, cue.tip_restitution, cue.end_mass,
                     cue.miscue_limit])
    table = np.array(rows, dtype=np.float64).reshape(-1, 9)
    g = spec.geometry
    level = C.RECORD_NAMES.index(record)
    offsets, ev_t, ev, snap, final_xy, final_s, counts, truncated = run_batch(
        np.array(list(start.values())), table, prm, g.segments, g.circles, g.holes, settings.max_events, level)
    bounds = offsets.tolist()
    if record == "final":
        ends: list[StrokeEnd] = []
        xy_rows, state_rows = final_xy.tolist(), final_s.tolist()
        for m, strike in enumerate(strikes):
            states = state_rows[m]
            ends.append(built(
                StrokeEnd, numbers=numbers,
                final={num: (x, y) for num, (x, y), st in zip(numbers, xy_rows[m], states)
                       if st != C.POCKETED and st != C.OFF_TABLE},
                dropped=tuple(num for num, st in zip(numbers, states) if st == C.POCKETED),
                off_table=tuple(num for num, st in zip(numbers, states) if st == C.OFF_TABLE),
                event_count=int(counts[m]), truncated=bool(truncated[m]), strike=strike))
        return ends
    if record == "events":
        logs: list[StrokeEvents] = []
        xy_rows, state_rows = final_xy.tolist(), final_s.tolist()
        for m, strike in enumerate(strikes):
            a, b = bounds[m], bounds[m + 1]
            logs.append(built(
                StrokeEvents, spec=spec, numbers=numbers, ev_t=ev_t[a:b], ev_type=ev[a:b, 0], ev_i=ev[a:b, 1], ev_j=ev[a:b, 2],
                ev_o=ev[a:b, 3],
                final={num: (x, y) for num, (x, y), st in zip(numbers, xy_rows[m], state_rows[m])
                       if st != C.POCKETED and st != C.OFF_TABLE},
                truncated=bool(truncated[m]), strike=strike))
        return logs
    results = []
    for m, strike in enumerate(strikes):
        a, b = bounds[m], bounds[m + 1]
        results.append(built(ShotResult, spec=spec, start=dict(start), numbers=numbers, prm=prm, ev_t=ev_t[a:b],
                             ev_type=ev[a:b, 0], ev_i=ev[a:b, 1], ev_j=ev[a:b, 2], ev_o=ev[a:b, 3],
                             snap=snap[a:b], truncated=bool(truncated[m]), strike=strike))
    return results
