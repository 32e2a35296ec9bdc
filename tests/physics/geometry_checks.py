"""Exact checks of a simulated shot's trajectories: no ball overlaps another or sinks into a cushion.

Positions are evaluated in closed form (vectorised numpy, the same motion
laws as ``motion.evolve``) at every event and at points between events, so
a contact the event loop missed (tunnelling) shows up as a negative gap.
"""

from __future__ import annotations

import numpy as np

from bola8.physics import codes as C
from bola8.physics.measure import distances_to_cushions

FRACTIONS = (0.0, 0.25, 0.5, 0.75)


def positions_between_events(r, fractions=FRACTIONS):
    """(positions (m, n, 3), on-table mask (m, n)) at each event plus each fraction of the way to the next.

    The third coordinate is the height of the ball's bottom above the cloth (0 on the cloth, a parabola in flight).
    """
    prm = r.prm
    R, g = prm[C.P_R], prm[C.P_G]
    snap = r.snap
    t = r.ev_t
    span = np.append(np.diff(t), 0.0)
    pos, v, w, s = snap[:, :, 0:2], snap[:, :, 3:5], snap[:, :, 6:8], snap[:, :, 9].astype(int)
    z, vz = snap[:, :, 2], snap[:, :, 5]
    slip = np.stack([v[..., 0] - R * w[..., 1], v[..., 1] + R * w[..., 0]], axis=-1)
    acc = np.zeros_like(v)
    sliding = s == C.SLIDING
    rolling = s == C.ROLLING
    flying = s == C.AIRBORNE
    un = np.linalg.norm(slip, axis=-1, keepdims=True)
    vn = np.linalg.norm(v, axis=-1, keepdims=True)
    # a ball at the very end of its slide (or roll) has no slip (speed) left and no acceleration (motion.path_terms)
    with np.errstate(invalid="ignore", divide="ignore"):
        acc = np.where(sliding[..., None] & (un > 0.0), -prm[C.P_MUS] * g * slip / un, acc)
        acc = np.where(rolling[..., None] & (vn > 0.0), -prm[C.P_MUR] * g * v / vn, acc)
    moving = (sliding | rolling | flying)[..., None]
    out, mask = [], []
    for f in fractions:
        dt = (span * f)[:, None, None]
        xy = np.where(moving, pos + v * dt + 0.5 * acc * dt * dt, pos)
        h = np.where(flying, z + vz * dt[..., 0] - 0.5 * g * dt[..., 0] ** 2, z)
        out.append(np.concatenate([xy, h[..., None]], axis=-1))
        mask.append((s != C.POCKETED) & (s != C.OFF_TABLE))
    return np.concatenate(out), np.concatenate(mask)


def flying_cushion_gaps(spec, xyz):
    """For balls in flight at xyz (k, 3; z the bottom's height): distance to the nearest cushion face or its
    top edge (the nose line), minus R. Below the edge the face is a wall (the distance across it); above it,
    the distance to the edge line (detection.contacts). Only faces the ball is in front of count."""
    if len(xyz) == 0:
        return np.array([np.inf])
    R = spec.ball_radius
    edge = spec.cushion_height - R
    segs = spec.geometry.segments
    a, b, n = segs[:, 0:2], segs[:, 2:4], segs[:, 4:6]
    e = b - a
    rel = xyz[:, None, :2] - a[None, :, :]
    lam = (rel * e[None]).sum(-1) / (e * e).sum(-1)[None]
    p = (rel * n[None]).sum(-1)
    q = xyz[:, None, 2] - edge
    dist = np.where(q <= 0.0, p, np.hypot(p, q))
    front = (lam >= 0.0) & (lam <= 1.0) & (p >= 0.0)
    return np.where(front, dist - R, np.inf).min(axis=1)


def worst_gaps(spec, r):
    """(smallest ball-ball gap |ri - rj| - 2R in 3-D, smallest cushion gap) over the sampled positions (m).

    On the cloth the gap to the nearest cushion nose, jaw face or tip; in flight, to the nearest face below
    its nose or the nose's edge above it (``flying_cushion_gaps``)."""
    xyz, on = positions_between_events(r)
    R = spec.ball_radius
    n = xyz.shape[1]
    ball_gap = np.inf
    if n > 1:
        d = np.linalg.norm(xyz[:, :, None, :] - xyz[:, None, :, :], axis=-1) - 2.0 * R
        both = on[:, :, None] & on[:, None, :]
        iu = np.triu_indices(n, 1)
        sel = d[:, iu[0], iu[1]][both[:, iu[0], iu[1]]]
        if sel.size:
            ball_gap = float(sel.min())
    grounded = on & (xyz[..., 2] <= 0.0)
    pts = xyz[grounded][:, :2]
    cushion_gap = float(distances_to_cushions(spec, pts).min()) if len(pts) else np.inf
    flying = xyz[on & (xyz[..., 2] > 0.0)]
    cushion_gap = min(cushion_gap, float(flying_cushion_gaps(spec, flying).min()))
    return ball_gap, cushion_gap
