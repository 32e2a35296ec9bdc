"""``simulate_batch``: many strokes from one layout in one compiled call.

A search bot plays hundreds of candidate strokes from the same position; calling
``simulate_layout`` for each pays the Python-to-numba crossing and the array set-up
every time. Here the layout is laid out once, the strokes' initial cue-ball states
are computed in Python (``strike_state``, the same arithmetic as the single path),
and one kernel loops over them, calling the same event loop (``run_events``) on a
fresh copy of the layout. Each stroke's events come back concatenated with offsets,
and are cut into ordinary ``ShotResult`` objects, so the referee reads them exactly
as it reads a single simulation's result.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from bola8.errors import InputError
from bola8.physics import codes as C
from bola8.physics._jit import kernel
from bola8.physics.codes import EV_STRIKE
from bola8.physics.engine import run_events
from bola8.physics.params import PhysicsSettings
from bola8.physics.result import ShotResult
from bola8.physics.strike import Strike, strike_state
from bola8.physics.table import TableSpec
from bola8.physics.scalar import larger

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]

_DEFAULT_SETTINGS = PhysicsSettings()


@kernel(entry=True)
def run_batch(rvw0: FloatArray, cue_v: FloatArray, cue_w: FloatArray, first: IntArray, prm: FloatArray,
              segs: FloatArray, circs: FloatArray, holes: FloatArray, max_events: int
              ) -> tuple[IntArray, FloatArray, IntArray, IntArray, IntArray, IntArray, FloatArray, IntArray]:
    """Play stroke m from ``rvw0`` with the cue ball's state (cue_v[m], cue_w[m]).

    Returns (offsets (M+1,), then every stroke's times, types, i, j, objects and
    snapshots one after another, truncated flags (M,)).
    """
    m_count = cue_v.shape[0]
    n = rvw0.shape[0]
    offsets = np.zeros(m_count + 1, dtype=np.int64)
    cap = larger(1, m_count * 8)
    all_t = np.empty(cap)
    all_type = np.empty(cap, dtype=np.int64)
    all_i = np.empty(cap, dtype=np.int64)
    all_j = np.empty(cap, dtype=np.int64)
    all_o = np.empty(cap, dtype=np.int64)
    all_snap = np.empty((cap, n, 10))
    truncated = np.zeros(m_count, dtype=np.int64)
    for m in range(m_count):
        rvw = rvw0.copy()
        s = np.zeros(n, dtype=np.int64)
        if first[m] == EV_STRIKE:
            for c in range(3):
                rvw[0, 1, c] = cue_v[m, c]
                rvw[0, 2, c] = cue_w[m, c]
        k, ev_t, ev_type, ev_i, ev_j, ev_o, snap, trunc = run_events(
            rvw, s, prm, segs, circs, holes, max_events, first[m])
        start = offsets[m]
        if start + k > cap:  # grow geometrically: strokes vary a lot in their event counts
            new_cap = larger(2 * cap, start + k)
            grown_t = np.empty(new_cap)
            grown_t[:start] = all_t[:start]
            all_t = grown_t
            grown_type = np.empty(new_cap, dtype=np.int64)
            grown_type[:start] = all_type[:start]
            all_type = grown_type
            grown_i = np.empty(new_cap, dtype=np.int64)
            grown_i[:start] = all_i[:start]
            all_i = grown_i
            grown_j = np.empty(new_cap, dtype=np.int64)
            grown_j[:start] = all_j[:start]
            all_j = grown_j
            grown_o = np.empty(new_cap, dtype=np.int64)
            grown_o[:start] = all_o[:start]
            all_o = grown_o
            grown_snap = np.empty((new_cap, n, 10))
            grown_snap[:start] = all_snap[:start]
            all_snap = grown_snap
            cap = new_cap
        all_t[start:start + k] = ev_t
        all_type[start:start + k] = ev_type
        all_i[start:start + k] = ev_i
        all_j[start:start + k] = ev_j
        all_o[start:start + k] = ev_o
        all_snap[start:start + k] = snap
        offsets[m + 1] = start + k
        truncated[m] = 1 if trunc else 0
    end = offsets[m_count]
    return (offsets, all_t[:end].copy(), all_type[:end].copy(), all_i[:end].copy(), all_j[:end].copy(),
            all_o[:end].copy(), all_snap[:end].copy(), truncated)


def simulate_batch(spec: TableSpec, balls: dict[int, tuple[float, float]], strikes: Sequence[Strike],
                   settings: PhysicsSettings | None = None) -> list[ShotResult]:
    """Play every stroke of ``strikes`` from the same layout (assumed valid); one result per stroke.

    Each result is identical to ``simulate_layout(spec, balls, strike, settings)``.
    """
    settings = settings or _DEFAULT_SETTINGS
    if 0 not in balls:
        raise InputError("balls: the cue ball (0) is missing.", "balls: falta la bola blanca (0).")
    numbers = tuple(sorted(balls))
    n = len(numbers)
    start = {b: (float(balls[b][0]), float(balls[b][1])) for b in numbers}
    rvw0 = np.zeros((n, 3, 3))
    rvw0[:, 0, :2] = list(start.values())
    prm = settings.as_array(spec.cushion_height)
    m_count = len(strikes)
    cue_v = np.zeros((m_count, 3))
    cue_w = np.zeros((m_count, 3))
    first = np.empty(m_count, dtype=np.int64)
    for m, strike in enumerate(strikes):
        if strike.is_miscue(settings.cue.miscue_limit):
            first[m] = C.EV_MISCUE
        else:
            first[m] = C.EV_STRIKE
            cue_v[m], cue_w[m] = strike_state(strike, settings.ball, settings.cue)
    g = spec.geometry
    offsets, ev_t, ev_type, ev_i, ev_j, ev_o, snap, truncated = run_batch(
        rvw0, cue_v, cue_w, first, prm, g.segments, g.circles, g.holes, settings.max_events)
    results = []
    for m in range(m_count):
        a, b = int(offsets[m]), int(offsets[m + 1])
        results.append(ShotResult(spec=spec, start=dict(start), numbers=numbers, prm=prm, ev_t=ev_t[a:b],
                                  ev_type=ev_type[a:b], ev_i=ev_i[a:b], ev_j=ev_j[a:b], ev_o=ev_o[a:b],
                                  snap=snap[a:b], truncated=bool(truncated[m]), strike=strikes[m]))
    return results
