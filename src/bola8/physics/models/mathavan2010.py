# mypy: disallow-untyped-defs=False, disallow-incomplete-defs=False, disallow-untyped-calls=False
# (numba kernels: numba types them at compile time from the arrays and floats they receive; the ones Python
# calls are annotated)
"""Cushion model "mathavan2010": Mathavan, Jackson & Parkin (2010), impulse integrated over the impact.

S. Mathavan, M. R. Jackson, R. M. Parkin, "A theoretical analysis of billiard
ball dynamics under cushion impacts", Proc. IMechE C 224(9), 2010. Reads
``mathavan_steps`` (the integration steps) besides the ball's parameters.

The model is an ordinary differential equation in the normal impulse P at the
cushion: Coulomb friction at the cushion's nose (I) and at the cloth (C) opposes
each contact's slip. The paper integrates it with explicit Euler steps; a slip
that passes through zero then flips from step to step, and the impact ends at
a step's boundary, both errors of one step's size. Here each step is taken as
Moreau's implicit Coulomb step: each contact's friction opposes the slip that
contact would have at the end of the step, and at most stops it (a contact that
sticks stays stuck without flipping), and the impact ends exactly where the
restitution work reaches e^2 times the compression work, inside the last step.
Over 2,000 rebounds (0.05-10 m/s, -85 to 85 degrees, rolling, stunned and
spinning balls) 60 such steps stay within 0.8% of the incoming speed of the
200 explicit steps used before (velocity, and spin times R; median 0.26%),
and are as close as those to the converged solution in the worst case (0.74%)
and 2.4 times closer at the median (0.09% against 0.21%):
tests/physics/test_cushion_integration.py, which prints these figures when run
as a script.
"""

from __future__ import annotations

import numpy as np

from bola8.physics._jit import kernel
from bola8.physics.codes import P_EC, P_M, P_MUC, P_MUS, P_R, P_SINT, P_STEPS


@kernel()
def implicit_step(v0, v1, w0, w1, w2, h, R, inv_m, inv_i, inv_k, cq, sq, muw, mus):
    """The state after the normal impulse h at the nose and the friction it brings at the nose and the cloth.

    The friction at each contact is the impulse that opposes the slip the contact would have at the end of
    the step without it, limited to mu times the contact's normal impulse: it stops the slip when it can
    (the contact sticks), else slides at full strength. The nose's friction is chosen first; the cloth's,
    whose normal impulse is the nose impulse's downward part, after it. ``inv_k``: the tangential impulse
    that changes a contact point's slip by 1 m/s (the same for every point of a sphere: 1 / (1/m + R^2/I)).
    """
    rix, riz = R * cq, R * sq
    v0 -= h * cq * inv_m              # the normal impulse at I, along -(cq, 0, sq): no torque
    # the nose: slip of I in its tangent plane
    ux = v0 + w1 * riz
    uy = v1 + w2 * rix - w0 * riz
    uz = -w1 * rix
    un = -(ux * cq + uz * sq)
    tx, ty, tz = ux + un * cq, uy, uz + un * sq
    ts = np.sqrt(tx * tx + ty * ty + tz * tz)
    fix, fiy, fiz = 0.0, 0.0, 0.0
    if ts > 0.0:
        # impulse per unit slip: stop the slip (inv_k), or at most mu h
        scale = inv_k if ts * inv_k <= muw * h else muw * h / ts
        fix, fiy, fiz = -tx * scale, -ty * scale, -tz * scale
    # the cloth: pressed by the nose impulse's downward part
    pc = h * sq - fiz
    if pc < 0.0:
        pc = 0.0
    v0 += fix * inv_m
    v1 += fiy * inv_m
    w0 += (-riz * fiy) * inv_i
    w1 += (riz * fix - rix * fiz) * inv_i
    w2 += (rix * fiy) * inv_i
    sx, sy = v0 - R * w1, v1 + R * w0
    ss = np.sqrt(sx * sx + sy * sy)
    if ss > 0.0:
        scale = inv_k if ss * inv_k <= mus * pc else mus * pc / ss
        fcx, fcy = -sx * scale, -sy * scale
        v0 += fcx * inv_m
        v1 += fcy * inv_m
        w0 += (R * fcy) * inv_i
        w1 += (-R * fcx) * inv_i
    return v0, v1, w0, w1, w2


@kernel()
def end_fraction(h, vn, vn1, work, target):
    """The fraction s of a step of size h over which the work W(s) = work + h (vn s + (vn1 - vn) s^2 / 2)
    (the approach speed linear across the step) falls to ``target``."""
    a = 0.5 * h * (vn1 - vn)
    b = h * vn
    c = work - target
    s = 1.0
    if a != 0.0:
        disc = b * b - 4.0 * a * c
        if disc < 0.0:
            disc = 0.0
        s = (-b - np.sqrt(disc)) / (2.0 * a)
        if s < 0.0 or s > 1.0:
            s = (-b + np.sqrt(disc)) / (2.0 * a)
    elif b != 0.0:
        s = -c / b
    if s < 0.0:
        s = 0.0
    if s > 1.0:
        s = 1.0
    return s


@kernel(tested=True)
def rebound(v0, v1, v2, w0, w1, w2, prm):
    """Mathavan, Jackson & Parkin (2010): cushion impact in the cushion frame.

    x points into the cushion, z up. Contact I with the cushion nose at
    R (cos q, 0, sin q) from the centre (sin q from the nose height), contact C
    with the cloth at (0, 0, -R). The normal impulse at I is the integration
    variable, in ``mathavan_steps`` equal steps of the impulse an impact of
    restitution e would take if nothing else acted ((1 + e) m times the
    approach speed); at each step Coulomb friction acts at I (mu_cushion) and at
    C (mu_slide, with the cloth reaction that keeps the ball on the cloth), as
    implicit steps (``implicit_step``). Compression lasts while the contact
    approaches; restitution ends when its work equals e^2 times the compression
    work (energetic restitution). Velocity v and spin w in the cushion frame as
    scalars; returns the new (v0, v1, w0, w1, w2) (v2 stays 0: the cloth takes
    the vertical impulse).
    """
    R, m = prm[P_R], prm[P_M]
    inertia = 0.4 * m * R * R
    inv_m, inv_i = 1.0 / m, 1.0 / inertia
    inv_k = 1.0 / (inv_m + R * R * inv_i)
    sq = prm[P_SINT]
    cq = np.sqrt(1.0 - sq * sq)
    muw, mus, e = prm[P_MUC], prm[P_MUS], prm[P_EC]
    # the speed at which the ball's point at the nose moves into the cushion along the nose's normal: the
    # normal passes through the centre, so the spin has no part in it
    vn = v0 * cq
    if vn <= 0.0:
        return v0, v1, w0, w1, w2
    steps = np.int64(prm[P_STEPS])   # (np.int64, not int: numba compiles int() apart)
    h = (1.0 + e) * m * vn / steps
    work = 0.0         # the work of the normal impulse: integral of the approach speed over P
    peak = 0.0         # its value at the end of compression
    for _ in range(steps * 20):
        n0, n1, n2, n3, n4 = implicit_step(v0, v1, w0, w1, w2, h, R, inv_m, inv_i, inv_k, cq, sq, muw, mus)
        vn1 = n0 * cq
        after = work + 0.5 * h * (vn + vn1)
        if vn > 0.0 and vn1 < 0.0:      # compression ends inside this step
            top = work + 0.5 * h * vn * vn / (vn - vn1)
            if top > peak:
                peak = top
        if after > peak:
            peak = after
        target = (1.0 - e * e) * peak
        if vn1 < 0.0 and after <= target:
            # restitution ends inside this step: take only the part of it that reaches the target
            s = end_fraction(h, vn, vn1, work, target)
            return implicit_step(v0, v1, w0, w1, w2, s * h, R, inv_m, inv_i, inv_k, cq, sq, muw, mus)
        v0, v1, w0, w1, w2 = n0, n1, n2, n3, n4
        vn = vn1
        work = after
    return v0, v1, w0, w1, w2
