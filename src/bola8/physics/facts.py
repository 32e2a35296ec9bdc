"""The facts of a shot in the referee contract's SHOT form (without "call").

Derived from the events and the layout before the shot (spec/referee-json.md):

- ``first_contact``: the first object ball the cue ball touched, or None.
- ``pocketed``: [{"ball", "pocket"}] in time order.
- ``off_table``: [] - the 2-D model keeps every ball on the cloth.
- ``rail_after_contact``: after the first contact some ball touched a cushion
  nose or a jaw. Art. 17: a ball that touches a cushion when the shot starts
  (within ``FROZEN_GAP``) does not count by being pushed into it; its
  cushion contacts count only once it has been away (more than
  ``LEFT_GAP``) since the start.
- ``object_balls_to_rail``: distinct object balls with a counted cushion contact.
- ``illegal_first_contact_behind_head_string``: the cue ball started in the
  kitchen, on or behind the head string (y <= L/4: RULINGS, a ball is on or
  behind a line by the point where it touches the cloth, and placement
  allows the line), the first object ball hit started on or behind it
  (y <= L/4; Art. 9: only a ball strictly beyond the line is playable), and
  the cue ball's centre never crossed y > L/4 before that contact (exact:
  the path is quadratic between events).
- ``referee_fouls``: [] (only a person sees those).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from bola8.physics._jit import kernel

from bola8.physics import codes as C
from bola8.physics.motion import evolve, path_coeffs

FROZEN_GAP = 1e-6   # m: a ball this close to a cushion at the start is frozen to it
LEFT_GAP = 1e-4     # m: a frozen ball has left its cushion once it is this far away


def distances_to_cushions(spec, xy: np.ndarray) -> np.ndarray:
    """For ball centres xy (k, 2): distance to the nearest cushion nose, jaw face or jaw tip, minus R."""
    g = spec.geometry
    return _cushion_gaps(np.ascontiguousarray(xy, dtype=np.float64), g.segments, g.circles, spec.ball_radius)


@kernel()
def _cushion_gaps(xy, segs, circs, R):
    # compiled: the facts of every shot ask this for all the balls (numpy's per-call overhead
    # on these small arrays was most of the cost of the facts)
    out = np.empty(xy.shape[0])
    for q in range(xy.shape[0]):
        x, y = xy[q, 0], xy[q, 1]
        d_seg = np.inf
        for k in range(segs.shape[0]):
            ax, ay = segs[k, 0], segs[k, 1]
            ex, ey = segs[k, 2] - ax, segs[k, 3] - ay
            lam = min(max(((x - ax) * ex + (y - ay) * ey) / (ex * ex + ey * ey), 0.0), 1.0)
            d_seg = min(d_seg, np.hypot(x - ax - lam * ex, y - ay - lam * ey))
        d_circ = np.inf
        for k in range(circs.shape[0]):
            d_circ = min(d_circ, np.hypot(x - circs[k, 0], y - circs[k, 1]) - circs[k, 2])
        out[q] = min(d_seg, d_circ) - R
    return out


def distance_to_cushions(spec, x: float, y: float) -> float:
    return float(distances_to_cushions(spec, np.array([[x, y]]))[0])


def _ball_left(result, i: int, t_end: float) -> bool:
    """Whether kernel ball i was ever more than LEFT_GAP from every cushion in [0, t_end]."""
    spec = result.spec
    for k in range(len(result.ev_t)):
        t0 = float(result.ev_t[k])
        if t0 >= t_end:
            break
        t1 = min(float(result.ev_t[k + 1]) if k + 1 < len(result.ev_t) else t_end, t_end)
        row = result.snap[k, i]
        if int(row[9]) not in (C.SLIDING, C.ROLLING):
            continue
        for f in (0.25, 0.5, 0.75, 1.0):
            rvw = row[:9].reshape(3, 3).copy()
            evolve(rvw, int(row[9]), (t1 - t0) * f, result.prm)
            if distance_to_cushions(spec, rvw[0, 0], rvw[0, 1]) > LEFT_GAP:
                return True
    return False


def _cue_crossed_head_string(result, t_end: float) -> bool:
    line = result.spec.head_string_y
    out = np.empty(6)
    for k in range(len(result.ev_t)):
        t0 = float(result.ev_t[k])
        if t0 >= t_end:
            break
        t1 = min(float(result.ev_t[k + 1]) if k + 1 < len(result.ev_t) else t_end, t_end)
        row = result.snap[k, 0]
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


def shot_facts(result) -> dict[str, Any]:
    # on the kernel's arrays (as Python ints), not on result.events: no Event object is built
    spec = result.spec
    nums = result.numbers
    types = result.ev_type.tolist()
    ev_i = result.ev_i.tolist()
    ev_j = result.ev_j.tolist()
    ball_ball, cushion = C.EV_BALL_BALL, C.EV_CUSHION
    first_contact = None
    t_fc = None
    k_fc = None
    for k, code in enumerate(types):
        if code == ball_ball and (ev_i[k] == 0 or ev_j[k] == 0):   # kernel index 0 is the cue ball
            first_contact = nums[ev_j[k]] if ev_i[k] == 0 else nums[ev_i[k]]
            t_fc, k_fc = float(result.ev_t[k]), k
            break
    contacts = [k for k, code in enumerate(types) if code == cushion]
    frozen: set[int] = set()
    if contacts:   # (only a ball with a cushion contact can need it)
        gaps = distances_to_cushions(spec, result.snap[0, :, 0:2])
        frozen = set(np.flatnonzero(gaps <= FROZEN_GAP).tolist())
    counted: list[tuple[int, int]] = []   # (event index, ball) of counted cushion contacts
    left_cache: dict[int, bool] = {}
    for k in contacts:
        i = ev_i[k]
        if i in frozen:
            if not left_cache.get(i, False):
                left_cache[i] = _ball_left(result, i, float(result.ev_t[k]))
            if not left_cache[i]:
                continue
        counted.append((k, nums[i]))
    rail_after = k_fc is not None and any(k > k_fc for k, _ in counted)
    to_rail = len({b for _, b in counted if b != 0})
    illegal_hs = False
    if first_contact is not None:
        line = spec.head_string_y
        if result.start[0][1] <= line and result.start[first_contact][1] <= line:
            illegal_hs = not _cue_crossed_head_string(result, t_fc)
    return {
        "first_contact": first_contact,
        "pocketed": [{"ball": ball, "pocket": pocket} for ball, pocket, _t in result.pocketed],
        "off_table": [],
        "rail_after_contact": bool(rail_after),
        "object_balls_to_rail": to_rail,
        "illegal_first_contact_behind_head_string": bool(illegal_hs),
        "referee_fouls": [],
    }
