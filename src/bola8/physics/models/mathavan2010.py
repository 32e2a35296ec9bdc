# mypy: disallow-untyped-defs=False, disallow-incomplete-defs=False, disallow-untyped-calls=False
# (numba kernels: numba types them at compile time from the arrays and floats they receive; the ones Python
# calls are annotated)
"""Cushion model "mathavan2010": Mathavan, Jackson & Parkin (2010), impulse integrated over the impact.

S. Mathavan, M. R. Jackson, R. M. Parkin, "A theoretical analysis of billiard
ball dynamics under cushion impacts", Proc. IMechE C 224(9), 2010. Reads
``mathavan_steps`` (the implicit steps) besides the ball's parameters.

The model is an ordinary differential equation in the normal impulse P at the
cushion: Coulomb friction at the cushion's nose (I) and at the cloth (C) opposes
each contact's slip. The paper integrates it with explicit Euler steps; a slip
that passes through zero then flips from step to step, and the impact ends at
a step's boundary, both errors of one step's size. It is integrated here in two
ways, the second taking over where the first cannot go on:

- in the slips (``slip_rates``): written in the slips of the two contacts, the
  equations split into two pairs of linear equations whose only nonlinearity is
  each sliding contact's direction, and a contact that holds (its slip stays
  zero) has its friction from a linear solve. While the cloth slides and the
  nose slides, or slides and then holds, the impact is integrated there by the
  midpoint rule in steps whose local error is bounded (``FAST_TOLERANCE``), a
  stop of the nose's slip found inside its step. A rolling or sliding ball
  meeting a rail, the commonest rebound of play, is of this kind: a few
  adaptive steps instead of 60 implicit ones (a rolling rebound 6-7 times
  faster, the two-ball strokes' event loop about 40 % faster:
  docs/performance.md);
- in ``mathavan_steps`` Moreau implicit steps (``implicit_step``): each contact's
  friction opposes the slip that contact would have at the end of the step, and
  at most stops it (a contact that sticks stays stuck without flipping). A
  rebound whose cloth slip stops or turns, or whose nose slip holds and then
  slides again, goes on this way from the step where that happens (or from the
  start, for a ball whose nose slip is zero when it arrives).

Either way the impact ends exactly where the restitution work reaches e^2 times
the compression work, inside the last step. Over 2,000 rebounds (0.05-10 m/s,
-85 to 85 degrees, rolling, stunned and spinning balls) the result stays within
0.8 % of the incoming speed of the 200 explicit steps used before (velocity,
and spin times R), is as close as those to the converged solution in the
worst case and closer at the median, and stays within 1.5 % of the 60 implicit
steps alone (median under 0.1 %, over 12,000 rebounds):
tests/physics/test_cushion_integration.py, which prints these figures when run
as a script (docs/fidelity.md quotes them).
"""

from __future__ import annotations

import math

import numpy as np

from bola8.physics._jit import kernel
from bola8.physics.codes import P_EC, P_M, P_MUC, P_MUS, P_R, P_SINT, P_STEPS
from bola8.physics.scalar import larger, smaller


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


# The slip-space integration: nominal steps over the impact (the impulse a plain impact of restitution e would
# take, split in FAST_STEPS), and the bound on each step's local error, relative to the ball's speed (its
# velocity plus its spin times R): the midpoint rule's error is estimated by its difference from Euler's step.
# The figures of tests/physics/test_cushion_integration.py (and docs/fidelity.md) are with these values.
FAST_STEPS = 4
FAST_TOLERANCE = 1e-2


@kernel()
def slip_frictions(ta, tb, sx, sy, holds, from_rest, K, c1, c2, c3, sq, cq, inv_m, muw, mus):
    """The frictions per unit normal impulse: (alpha, beta) at the nose, on the basis (0, 1, 0) and (sq, 0, -cq)
    of its tangent plane, and (gx, gy) at the cloth, whose pressure is sq + beta cq; then the hold's excess
    (> 0: holding the nose needs more than mu times its pressure) and whether the state allows this mode.

    The nose slides against its slip (ta, tb), or holds (``holds``: the friction that keeps its slip still).
    The cloth slides against its slip (sx, sy), or - ``from_rest``, a rolling ball - against the slip it is
    driven to (its friction does not turn a slip it opposes, so a slip growing from rest grows along what
    drives it)."""
    if holds:
        sn = math.sqrt(sx * sx + sy * sy)
        den = c1 - c2 * mus * cq * sx / sn if sn > 0.0 else 0.0
        if den <= 0.0:
            return 0.0, 0.0, 0.0, 0.0, 0.0, False
        ux, uy = sx / sn, sy / sn
        be = (sq * cq * inv_m + c2 * mus * sq * ux) / den
        p = sq + be * cq
        gx, gy = -mus * p * ux, -mus * p * uy
        al = -c3 * gy / K
        return al, be, gx, gy, (al * al + be * be) / (muw * muw) - 1.0, p > 0.0
    tn = math.sqrt(ta * ta + tb * tb)
    if tn <= 0.0:
        return 0.0, 0.0, 0.0, 0.0, 0.0, False
    al, be = -muw * ta / tn, -muw * tb / tn
    p = sq + be * cq
    if from_rest:
        sx, sy = -cq * inv_m + c2 * be, c3 * al
    sn = math.sqrt(sx * sx + sy * sy)
    if sn <= 0.0 or p <= 0.0:
        return 0.0, 0.0, 0.0, 0.0, 0.0, False
    return al, be, -mus * p * sx / sn, -mus * p * sy / sn, -1.0, True


@kernel()
def slip_rates(al, be, gx, gy, holds, K, c1, c2, c3, sq, cq, inv_m):
    """The rates of the slips (ta, tb, sx, sy) per unit normal impulse under the frictions (al, be, gx, gy):
    two pairs, (ta, sy) moved by (al, gy) and (tb, sx) by (be, gx) and the normal impulse itself."""
    if holds:
        return 0.0, 0.0, -cq * inv_m + c2 * be + K * gx, c3 * al + K * gy
    return (K * al + c3 * gy, -sq * cq * inv_m + c1 * be + c2 * gx, -cq * inv_m + c2 * be + K * gx,
            c3 * al + K * gy)


@kernel()
def state_of_slips(ta, tb, sx, sy, w2, R, sq, cq):
    """(v0, v1, w0, w1, w2) from the slips and the spin about the vertical (the inverse of their definitions)."""
    v0 = (sx + tb) / (1.0 + sq)
    w1 = (tb - sq * v0) / R
    w0 = (sy - ta + R * cq * w2) / (R * (1.0 + sq))
    return v0, sy - R * w0, w0, w1, w2


@kernel(tested=True)
def implicit_steps(v0, v1, w0, w1, w2, vn, work, peak, h, prm):
    """The impact from a point inside it (the contact's approach speed vn, the normal impulse's work so far and
    its largest value) to its end, in implicit steps of size h (``implicit_step``); the final (v0, v1, w0, w1,
    w2). From the start (vn the incoming approach, work and peak 0) it is the whole rebound."""
    R, m = prm[P_R], prm[P_M]
    inertia = 0.4 * m * R * R
    inv_m, inv_i = 1.0 / m, 1.0 / inertia
    inv_k = 1.0 / (inv_m + R * R * inv_i)
    sq = prm[P_SINT]
    cq = np.sqrt(1.0 - sq * sq)
    muw, mus, e = prm[P_MUC], prm[P_MUS], prm[P_EC]
    for _ in range(np.int64(prm[P_STEPS]) * 20):
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


@kernel(tested=True)
def rebound(v0, v1, v2, w0, w1, w2, prm):
    """Mathavan, Jackson & Parkin (2010): cushion impact in the cushion frame.

    x points into the cushion, z up. Contact I with the cushion nose at
    R (cos q, 0, sin q) from the centre (sin q from the nose height), contact C
    with the cloth at (0, 0, -R). The normal impulse at I is the integration
    variable, over the impulse an impact of restitution e would take if nothing
    else acted ((1 + e) m times the approach speed); Coulomb friction acts at I
    (mu_cushion) and at C (mu_slide, with the cloth reaction that keeps the ball
    on the cloth). Compression lasts while the contact approaches; restitution
    ends when its work equals e^2 times the compression work (energetic
    restitution). Velocity v and spin w in the cushion frame as scalars; returns
    the new (v0, v1, w0, w1, w2) (v2 stays 0: the cloth takes the vertical
    impulse). Integrated in the slips while it can be, else in implicit steps
    (see the module).
    """
    R, m = prm[P_R], prm[P_M]
    inv_m, inv_i = 1.0 / m, 1.0 / (0.4 * m * R * R)
    sq = prm[P_SINT]
    cq = np.sqrt(1.0 - sq * sq)
    muw, mus, e = prm[P_MUC], prm[P_MUS], prm[P_EC]
    # the speed at which the ball's point at the nose moves into the cushion along the nose's normal: the
    # normal passes through the centre, so the spin has no part in it
    vn = v0 * cq
    if vn <= 0.0:
        return v0, v1, w0, w1, w2
    h_implicit = (1.0 + e) * m * vn / np.int64(prm[P_STEPS])   # (np.int64, not int: numba compiles int() apart)
    # The slips: the nose's in its tangent plane on (0, 1, 0) and (sq, 0, -cq), the cloth's; and the
    # coefficients of their rates (K: a contact's own friction on its own slip, 1/m + R^2/I).
    ta = v1 + R * cq * w2 - R * sq * w0
    tb = sq * v0 + R * w1
    sx, sy = v0 - R * w1, v1 + R * w0
    K = inv_m + R * R * inv_i
    c1 = sq * sq * inv_m + R * R * inv_i
    c2 = sq * inv_m - R * R * inv_i
    c3 = inv_m - R * R * sq * inv_i
    speed = math.sqrt(v0 * v0 + v1 * v1) + R * math.sqrt(w0 * w0 + w1 * w1 + w2 * w2)
    tiny = 1e-9 * speed
    from_rest = sx * sx + sy * sy <= tiny * tiny       # a rolling ball: its cloth slip grows from zero
    # a bool typed as such, not the literal False: numba would compile slip_frictions and slip_rates once more
    # for each argument given as a literal
    no = np.bool_(False)
    if ta * ta + tb * tb <= tiny * tiny:
        return implicit_steps(v0, v1, w0, w1, w2, vn, 0.0, 0.0, h_implicit, prm)
    al, be, gx, gy, excess, ok = slip_frictions(ta, tb, sx, sy, no, from_rest, K, c1, c2, c3, sq, cq, inv_m,
                                                muw, mus)
    drive_x, drive_y = -cq * inv_m + c2 * be, c3 * al     # what drives a rolling ball's cloth slip
    if not ok or (from_rest and math.sqrt(drive_x * drive_x + drive_y * drive_y) <= mus * (sq + be * cq) * K):
        # the cloth would hold the rolling ball (or presses nothing): the implicit steps decide that
        return implicit_steps(v0, v1, w0, w1, w2, vn, 0.0, 0.0, h_implicit, prm)
    H = (1.0 + e) * m * vn / FAST_STEPS
    tol = FAST_TOLERANCE * speed
    holds = False
    work = 0.0         # the work of the normal impulse: integral of the approach speed over P
    peak = 0.0         # its value at the end of compression
    h = H
    for _ in range(FAST_STEPS * 16):
        r0, r1, r2, r3 = slip_rates(al, be, gx, gy, holds, K, c1, c2, c3, sq, cq, inv_m)
        a1, b1, gx1, gy1, _x, ok = slip_frictions(ta + 0.5 * h * r0, tb + 0.5 * h * r1, sx + 0.5 * h * r2,
                                                  sy + 0.5 * h * r3, holds, no, K, c1, c2, c3, sq, cq, inv_m,
                                                  muw, mus)
        if not ok:
            break
        q0, q1, q2, q3 = slip_rates(a1, b1, gx1, gy1, holds, K, c1, c2, c3, sq, cq, inv_m)
        err = h * (abs(q0 - r0) + abs(q1 - r1) + abs(q2 - r2) + abs(q3 - r3))
        if err > tol and h > 0.02 * H:
            h *= larger(0.25, 0.9 * math.sqrt(tol / err))
            continue
        na, nb, nx, ny = ta + h * q0, tb + h * q1, sx + h * q2, sy + h * q3
        if not from_rest and (nx * sx + ny * sy <= 0.0 or math.sqrt(nx * nx + ny * ny) <= h * mus * K):
            break          # the cloth slip stops or turns within the step (or nearly)
        stops = False
        if not holds:
            along = na * ta + nb * tb
            if along <= 0.0 or math.sqrt(na * na + nb * nb) <= 0.05 * h * muw * c1:
                # the nose slip stops within the step: the step ends where it does (its part along the
                # step's first slip vanishes), and the nose holds from there
                t2 = ta * ta + tb * tb
                if along < 0.0:
                    h *= t2 / (t2 - along)
                a1, b1, gx1, gy1, _x, ok = slip_frictions(ta + 0.5 * h * r0, tb + 0.5 * h * r1, sx + 0.5 * h * r2,
                                                          sy + 0.5 * h * r3, no, no, K, c1, c2, c3, sq, cq,
                                                          inv_m, muw, mus)
                if not ok:
                    break
                q0, q1, q2, q3 = slip_rates(a1, b1, gx1, gy1, no, K, c1, c2, c3, sq, cq, inv_m)
                na, nb, nx, ny = 0.0, 0.0, sx + h * q2, sy + h * q3
                stops = True
        vn1 = cq * (nx + nb) / (1.0 + sq)
        after = work + 0.5 * h * (vn + vn1)
        if vn > 0.0 and vn1 < 0.0:      # compression ends inside this step
            top = work + 0.5 * h * vn * vn / (vn - vn1)
            if top > peak:
                peak = top
        if after > peak:
            peak = after
        target = (1.0 - e * e) * peak
        if vn1 < 0.0 and after <= target:
            # restitution ends inside this step: the part of it that reaches the target, by the same rule
            h *= end_fraction(h, vn, vn1, work, target)
            a1, b1, gx1, gy1, excess, ok = slip_frictions(ta + 0.5 * h * r0, tb + 0.5 * h * r1, sx + 0.5 * h * r2,
                                                          sy + 0.5 * h * r3, holds, no, K, c1, c2, c3, sq, cq,
                                                          inv_m, muw, mus)
            if not ok or excess > 0.0:
                break
            q0, q1, q2, q3 = slip_rates(a1, b1, gx1, gy1, holds, K, c1, c2, c3, sq, cq, inv_m)
            return state_of_slips(ta + h * q0, tb + h * q1, sx + h * q2, sy + h * q3,
                                  w2 + h * R * cq * inv_i * a1, R, sq, cq)
        w2 += h * R * cq * inv_i * a1       # the spin about the vertical, from the nose's friction along the rail
        ta, tb, sx, sy = na, nb, nx, ny
        vn = vn1
        work = after
        from_rest = False
        holds = holds or stops
        al, be, gx, gy, excess, ok = slip_frictions(ta, tb, sx, sy, holds, no, K, c1, c2, c3, sq, cq, inv_m,
                                                    muw, mus)
        if not ok or excess > 0.0:
            break          # the nose's hold ends (or cannot begin): it slides again
        h = H if stops else smaller(H, h * smaller(2.0, 0.9 * math.sqrt(tol / larger(err, 1e-300))))
    # the rest of the impact in implicit steps, from the last state the slips reached
    v0, v1, w0, w1, w2 = state_of_slips(ta, tb, sx, sy, w2, R, sq, cq)
    return implicit_steps(v0, v1, w0, w1, w2, vn, work, peak, h_implicit, prm)
