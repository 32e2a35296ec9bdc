# mypy: disallow-untyped-defs=False, disallow-incomplete-defs=False, disallow-untyped-calls=False
# (numba kernels: numba types them at compile time from the arrays and floats they receive; the ones Python
# calls are annotated)
"""Two balls in contact: the collision of equal balls, its friction from the registered model, the anti-chatter guard."""

from __future__ import annotations

import numpy as np

from bola8.physics._jit import kernel
from bola8.physics.chatter import chatter_speed, keep_apart
from bola8.physics.codes import P_BALL_MODEL, P_EB, P_M, P_R
from bola8.physics.models.dispatch import ball_tangential_impulse


@kernel(tested=True)
def resolve_ball_ball(a, b, prm, since, flying):
    """Inelastic collision of equal balls (Alciatore TP A-5/A-6/A-14), in three dimensions.

    Normal impulse from restitution e along the line of centres; tangential
    (friction) impulse at the contact against the slip of the two surfaces,
    from the ball-ball model (``models.frictional``: throw;
    ``models.frictionless``: none). ``since``: time since this pair's previous
    contact (inf if none), for the anti-chatter guard.

    ``flying``: one of the balls is in flight. Then the line of centres need
    not be level: a ball coming down on another pushes it into the slate
    (``motion.settle`` bounces it) and a ball rising into another lifts it.
    Otherwise both are on the cloth, the line of centres is level, and the
    friction's vertical part pushes one ball down, which the cloth takes, and
    lifts the other (a rolling cue ball hops after a square hit, Alciatore
    TP B.5), which ``motion.settle`` lets fly if it rises more than the settle
    height. (On the cloth every term with the normal's height is an exact
    zero, so collisions on the cloth keep the digests of
    tests/physics/identical_digests.json.)
    """
    R, m = prm[P_R], prm[P_M]
    I = 0.4 * m * R * R
    nx, ny, nz = b[0, 0] - a[0, 0], b[0, 1] - a[0, 1], b[0, 2] - a[0, 2]
    dn = np.hypot(np.hypot(nx, ny), nz)
    nx /= dn
    ny /= dn
    nz /= dn
    vrel_n = (a[1, 0] - b[1, 0]) * nx + (a[1, 1] - b[1, 1]) * ny + (a[1, 2] - b[1, 2]) * nz
    if vrel_n <= 0.0:
        return
    e = prm[P_EB]
    jn = 0.5 * m * (1.0 + e) * vrel_n
    # surface velocities at the contact: a at +R n, b at -R n; w x (R n) = R (wy nz - wz ny, wz nx - wx nz,
    # wx ny - wy nx)
    uax = a[1, 0] + R * (a[2, 1] * nz - a[2, 2] * ny)
    uay = a[1, 1] + R * (a[2, 2] * nx - a[2, 0] * nz)
    uaz = a[1, 2] + R * (a[2, 0] * ny - a[2, 1] * nx)
    ubx = b[1, 0] - R * (b[2, 1] * nz - b[2, 2] * ny)
    uby = b[1, 1] - R * (b[2, 2] * nx - b[2, 0] * nz)
    ubz = b[1, 2] - R * (b[2, 0] * ny - b[2, 1] * nx)
    ux, uy, uz = uax - ubx, uay - uby, uaz - ubz
    un = ux * nx + uy * ny + uz * nz
    ux -= un * nx
    uy -= un * ny
    uz -= un * nz
    us = np.sqrt(ux * ux + uy * uy + uz * uz)
    jt = 0.0
    if us > 1e-12:
        jt = ball_tangential_impulse(prm[P_BALL_MODEL], us, jn, prm)
        tx, ty, tz = ux / us, uy / us, uz / us
    else:
        tx, ty, tz = 0.0, 0.0, 0.0
    # impulse on a: -jn n - jt t ; on b the opposite
    fx = -jn * nx - jt * tx
    fy = -jn * ny - jt * ty
    fz = -jn * nz - jt * tz
    a[1, 0] += fx / m
    a[1, 1] += fy / m
    b[1, 0] -= fx / m
    b[1, 1] -= fy / m
    if flying:
        a[1, 2] += fz / m
        b[1, 2] -= fz / m
    # torque of the friction part: (R n) x (-jt t) on a, (-R n) x (jt t) on b: the same for both
    gx, gy, gz = -jt * tx, -jt * ty, -jt * tz
    tqx = R * (ny * gz - nz * gy)
    tqy = R * (nz * gx - nx * gz)
    tqz = R * (nx * gy - ny * gx)
    a[2, 0] += tqx / I
    a[2, 1] += tqy / I
    a[2, 2] += tqz / I
    b[2, 0] += tqx / I
    b[2, 1] += tqy / I
    b[2, 2] += tqz / I
    target = chatter_speed(vrel_n, since, prm)
    if target > 0.0:
        keep_apart(a, b, nx, ny, nz, target, m, I)
    if not flying:
        # on the cloth: the friction's lift (never pressed into the cloth: the cloth takes that)
        if fz > 0.0:
            a[1, 2] += fz / m
        elif fz < 0.0:
            b[1, 2] -= fz / m
