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


@kernel()
def resolve_ball_ball(a, b, prm, since):
    """Inelastic collision of equal balls (Alciatore TP A-5/A-6/A-14).

    Normal impulse from restitution e; tangential (friction) impulse at the
    contact against the slip of the two surfaces, from the ball-ball model
    (``models.frictional``: throw; ``models.frictionless``: none). Vertical
    components are absorbed by the cloth (2-D model). ``since``: time since
    this pair's previous contact (inf if none), for the anti-chatter guard.
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
