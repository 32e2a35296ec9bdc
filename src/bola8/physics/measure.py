"""Neutral measurements of a simulated shot: distances to the cushions, who touched whom, where a ball went.

Geometry and events only - no article of the rules and no spelling of the
referee's contract: ``bola8.game.facts`` turns these into the referee's facts.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

import numpy as np
import numpy.typing as npt

from bola8.physics import codes as C
from bola8.physics._jit import kernel
from bola8.physics.motion import evolve, path_coeffs
from bola8.physics.result import ShotResult
from bola8.physics.table import TableSpec
from bola8.physics.scalar import larger, smaller

FloatArray = npt.NDArray[np.float64]


def distances_to_cushions(spec: TableSpec, xy: FloatArray) -> FloatArray:
    """For ball centres xy (k, 2): distance to the nearest cushion nose, jaw face or jaw tip, minus R."""
    g = spec.geometry
    out: FloatArray = _cushion_gaps(np.ascontiguousarray(xy, dtype=np.float64), g.segments, g.circles,
                                    spec.ball_radius)
    return out


@kernel(entry=True)
def _cushion_gaps(xy: FloatArray, segs: FloatArray, circs: FloatArray, R: float) -> FloatArray:
    # compiled: the facts of every shot ask this for all the balls (numpy's per-call overhead
    # on these small arrays was most of the cost of the facts)
    out = np.empty(xy.shape[0])
    for q in range(xy.shape[0]):
        x, y = xy[q, 0], xy[q, 1]
        d_seg = np.inf
        for k in range(segs.shape[0]):
            ax, ay = segs[k, 0], segs[k, 1]
            ex, ey = segs[k, 2] - ax, segs[k, 3] - ay
            lam = smaller(larger(((x - ax) * ex + (y - ay) * ey) / (ex * ex + ey * ey), 0.0), 1.0)
            d_seg = smaller(d_seg, np.hypot(x - ax - lam * ex, y - ay - lam * ey))
        d_circ = np.inf
        for k in range(circs.shape[0]):
            d_circ = smaller(d_circ, np.hypot(x - circs[k, 0], y - circs[k, 1]) - circs[k, 2])
        out[q] = smaller(d_seg, d_circ) - R
    return out


def distance_to_cushions(spec: TableSpec, x: float, y: float) -> float:
    """The distance from (x, y) to the nearest cushion nose, in metres."""
    return float(distances_to_cushions(spec, np.array([[x, y]]))[0])


def start_gaps(result: ShotResult) -> FloatArray:
    """Each ball's distance to the cushions before the shot, in kernel order (``result.numbers``)."""
    return distances_to_cushions(result.spec, result.snap[0, :, 0:2])


def first_contact(result: ShotResult, ball: int = 0) -> tuple[int, int] | None:
    """(the other ball, event index) of ``ball``'s first contact with another ball, or None."""
    i = result.numbers.index(ball)
    types = result.ev_type.tolist()
    ev_i = result.ev_i.tolist()
    ev_j = result.ev_j.tolist()
    for k, code in enumerate(types):
        if code == C.EV_BALL_BALL and (ev_i[k] == i or ev_j[k] == i):
            return result.numbers[ev_j[k] if ev_i[k] == i else ev_i[k]], k
    return None


def cushion_contacts(result: ShotResult) -> list[tuple[int, int]]:
    """(event index, kernel ball index) of every contact with a cushion nose, jaw face or jaw tip."""
    ev_i = result.ev_i.tolist()
    return [(k, ev_i[k]) for k, code in enumerate(result.ev_type.tolist()) if code == C.EV_CUSHION]


def _stretches(result: ShotResult, i: int, t_end: float) -> Iterator[tuple[float, float, npt.NDArray[np.float64]]]:
    """Kernel ball i between consecutive events up to ``t_end``: (start, end, its state at the start)."""
    times = result.ev_t
    for k in range(len(times)):
        t0 = float(times[k])
        if t0 >= t_end:
            return
        t1 = min(float(times[k + 1]) if k + 1 < len(times) else t_end, t_end)
        yield t0, t1, result.snap[k, i]


def time_away_from_cushions(result: ShotResult, i: int, gap: float) -> float:
    """When kernel ball i was first more than ``gap`` from every cushion: the start of the first stretch
    between events in which it was (inf if never). It was away before a contact at time t exactly when
    this is below t.

    Sampled at a quarter, half, three quarters and the end of every stretch it moved. One pass over
    the events, so the referee's count of cushion contacts stays linear in them (a ball rattling along
    a rail can make thousands).
    """
    spec = result.spec
    for t0, t1, row in _stretches(result, i, float(result.ev_t[-1])):
        if int(row[9]) not in (C.SLIDING, C.ROLLING, C.AIRBORNE):
            continue
        for f in (0.25, 0.5, 0.75, 1.0):
            rvw = row[:9].reshape(3, 3).copy()
            evolve(rvw, int(row[9]), (t1 - t0) * f, result.prm)
            if distance_to_cushions(spec, rvw[0, 0], rvw[0, 1]) > gap:
                return t0
    return math.inf


def crossed_y(result: ShotResult, i: int, line: float, t_end: float) -> bool:
    """Whether kernel ball i's centre was ever at y > line in [0, t_end] (exact: quadratic paths)."""
    out = np.empty(6)
    for t0, t1, row in _stretches(result, i, t_end):
        rvw = row[:9].reshape(3, 3).copy()
        path_coeffs(rvw, int(row[9]), result.prm, out)
        h = t1 - t0
        cands = [0.0, h]
        if out[5] != 0.0:
            tv = -out[3] / (2.0 * out[5])
            if 0.0 < tv < h:
                cands.append(tv)
        for tau in cands:
            if out[1] + out[3] * tau + out[5] * tau * tau > line:
                return True
    return False


def gaps_to_ball(result: ShotResult, ball: int) -> dict[int, float]:
    """Before the shot: every other ball's gap to ``ball`` (centre distance minus 2R)."""
    x0, y0 = result.start[ball]
    two_r = 2.0 * result.spec.ball_radius
    return {b: float(np.hypot(x - x0, y - y0)) - two_r for b, (x, y) in result.start.items() if b != ball}


def passed_over(result: ShotResult, ball: int = 0) -> tuple[int, ...]:
    """The balls ``ball`` flew over before its first contact with a ball: while it was in the air, its
    centre came closer to theirs than 2R across the cloth (so it was above them) without touching them
    (the ball it hits at the end of a flight is not one it flew over in that flight).

    Until that first contact only ``ball`` has moved (it is the one struck), so the others are where they
    started; its flight is a straight line across the cloth, and the closest approach is exact.
    """
    i = result.numbers.index(ball)
    first = first_contact(result, ball)
    t_end = float(result.ev_t[first[1]]) if first is not None else float(result.ev_t[-1])
    two_r = 2.0 * result.spec.ball_radius
    over: list[int] = []
    for t0, t1, row in _stretches(result, i, t_end):
        if int(row[9]) != C.AIRBORNE or t1 <= t0:
            continue
        x0, y0, vx, vy = float(row[0]), float(row[1]), float(row[3]), float(row[4])
        for b, (bx, by) in result.start.items():
            if b == ball or b in over or (first is not None and b == first[0] and t1 >= t_end):
                continue     # (the ball it comes down on, in the flight that ends on it, is not one it flew over)
            # closest approach of (x0, y0) + (vx, vy) t, t in [0, t1 - t0), to (bx, by)
            vv = vx * vx + vy * vy
            tau = 0.0 if vv == 0.0 else min(max(((bx - x0) * vx + (by - y0) * vy) / vv, 0.0), t1 - t0)
            if math.hypot(x0 + vx * tau - bx, y0 + vy * tau - by) < two_r:
                over.append(b)
    return tuple(over)
