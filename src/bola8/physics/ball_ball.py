# mypy: disallow-untyped-defs=False, disallow-incomplete-defs=False, disallow-untyped-calls=False
# (numba kernels: numba types them at compile time from the arrays and floats they receive; the ones Python
# calls are annotated)
"""Two balls in contact: the collision of equal balls, its friction from the registered model, the anti-chatter guard."""

from __future__ import annotations

import numpy as np

from bola8.physics._jit import kernel
from bola8.physics.chatter import chatter_speed, keep_apart, keep_apart3
from bola8.physics.codes import P_BALL_MODEL, P_EB, P_M, P_R
from bola8.physics.models.dispatch import ball_tangential_impulse
from bola8.physics.vector import cross


@kernel(entry=True)
def resolve_ball_ball(a, b, prm, since):
    """Inelastic collision of equal balls (Alciatore TP A-5/A-6/A-14).

    Normal impulse from restitution e; tangential (friction) impulse at the
    contact against the slip of the two surfaces, from the ball-ball model
    (``models.frictional``: throw; ``models.frictionless``: none). Both balls
    are on the cloth, so the line of centres is level; the friction's vertical
    part pushes one ball down, which the cloth takes, and lifts the other (a
    rolling cue ball hops after a square hit, Alciatore TP B.5), which
    ``motion.settle`` then lets fly if it rises more than the settle height.
    ``since``: time since this pair's previous contact (inf if none), for the
    anti-chatter guard.
    """
    R, m = prm[P_R], prm[P_M]
    I = 0.4 * m * R * R
    nx, ny = b[0, 0] - a[0, 0], b[0, 1] - a[0, 1]
    dn = np.hypot(nx, ny)
    nx /= dn
    ny /= dn
    vrel_n = (a[1, 0] - b[1, 0]) * nx + (a[1, 1] - b[1, 1]) * ny
    if vrel_n <= 0.0:
        return
    e = prm[P_EB]
    jn = 0.5 * m * (1.0 + e) * vrel_n
    # surface velocities at the contact: a at +R n, b at -R n; w x (R n) = R (-wz ny, wz nx, wx ny - wy nx)
    uax = a[1, 0] + R * (-a[2, 2] * ny)
    uay = a[1, 1] + R * (a[2, 2] * nx)
    uaz = R * (a[2, 0] * ny - a[2, 1] * nx)
    ubx = b[1, 0] - R * (-b[2, 2] * ny)
    uby = b[1, 1] - R * (b[2, 2] * nx)
    ubz = -R * (b[2, 0] * ny - b[2, 1] * nx)
    ux, uy, uz = uax - ubx, uay - uby, uaz - ubz
    un = ux * nx + uy * ny
    ux -= un * nx
    uy -= un * ny
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
    fz = -jt * tz
    a[1, 0] += fx / m
    a[1, 1] += fy / m
    b[1, 0] -= fx / m
    b[1, 1] -= fy / m
    if fz > 0.0:
        a[1, 2] += fz / m
    elif fz < 0.0:
        b[1, 2] -= fz / m
    # torque of the friction part: (R n) x (-jt t) on a, (-R n) x (jt t) on b: the same for both
    gx, gy, gz = -jt * tx, -jt * ty, -jt * tz
    tqx = R * (ny * gz)
    tqy = R * (-nx * gz)
    tqz = R * (nx * gy - ny * gx)
    a[2, 0] += tqx / I
    a[2, 1] += tqy / I
    a[2, 2] += tqz / I
    b[2, 0] += tqx / I
    b[2, 1] += tqy / I
    b[2, 2] += tqz / I
    target = chatter_speed(vrel_n, since, prm)
    if target > 0.0:
        keep_apart(a, b, nx, ny, target, m, I)


@kernel()
def resolve_ball_ball3(a, b, prm, since):
    """The same collision when a ball is in flight: the line of centres and both impulses in three dimensions.

    The normal impulse is along the line of centres, so a ball coming down on
    another pushes it into the slate (``motion.settle`` bounces it) and a ball
    rising into another lifts it. Friction as in ``resolve_ball_ball``.
    """
    R, m = prm[P_R], prm[P_M]
    I = 0.4 * m * R * R
    nx, ny, nz = b[0, 0] - a[0, 0], b[0, 1] - a[0, 1], b[0, 2] - a[0, 2]
    dn = np.sqrt(nx * nx + ny * ny + nz * nz)
    nx /= dn
    ny /= dn
    nz /= dn
    vrel_n = (a[1, 0] - b[1, 0]) * nx + (a[1, 1] - b[1, 1]) * ny + (a[1, 2] - b[1, 2]) * nz
    if vrel_n <= 0.0:
        return
    jn = 0.5 * m * (1.0 + prm[P_EB]) * vrel_n
    # surface velocities at the contact: a at +R n, b at -R n
    cax, cay, caz = cross(a[2, 0], a[2, 1], a[2, 2], R * nx, R * ny, R * nz)
    cbx, cby, cbz = cross(b[2, 0], b[2, 1], b[2, 2], -R * nx, -R * ny, -R * nz)
    ux = a[1, 0] + cax - b[1, 0] - cbx
    uy = a[1, 1] + cay - b[1, 1] - cby
    uz = a[1, 2] + caz - b[1, 2] - cbz
    un = ux * nx + uy * ny + uz * nz
    ux -= un * nx
    uy -= un * ny
    uz -= un * nz
    us = np.sqrt(ux * ux + uy * uy + uz * uz)
    jt = 0.0
    tx, ty, tz = 0.0, 0.0, 0.0
    if us > 1e-12:
        jt = ball_tangential_impulse(prm[P_BALL_MODEL], us, jn, prm)
        tx, ty, tz = ux / us, uy / us, uz / us
    fx = -jn * nx - jt * tx
    fy = -jn * ny - jt * ty
    fz = -jn * nz - jt * tz
    a[1, 0] += fx / m
    a[1, 1] += fy / m
    a[1, 2] += fz / m
    b[1, 0] -= fx / m
    b[1, 1] -= fy / m
    b[1, 2] -= fz / m
    # torque of the friction: (R n) x (-jt t), the same on both balls
    qx, qy, qz = cross(R * nx, R * ny, R * nz, -jt * tx, -jt * ty, -jt * tz)
    a[2, 0] += qx / I
    a[2, 1] += qy / I
    a[2, 2] += qz / I
    b[2, 0] += qx / I
    b[2, 1] += qy / I
    b[2, 2] += qz / I
    target = chatter_speed(vrel_n, since, prm)
    if target > 0.0:
        keep_apart3(a, b, nx, ny, nz, target, m, I)
