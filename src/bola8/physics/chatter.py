# mypy: disallow-untyped-defs=False, disallow-incomplete-defs=False, disallow-untyped-calls=False
# (numba kernels: numba types them at compile time from the arrays and floats they receive; the ones Python
# calls are annotated)
"""The anti-chatter guard shared by every contact model (see ``PhysicsSettings``)."""

from __future__ import annotations

import numpy as np

from bola8.physics._jit import kernel
from bola8.physics.codes import P_TCHAT, P_VMIN
from bola8.physics.scalar import smaller


@kernel(inline="always")
def chatter_speed(v_app, since, prm):
    """Separation speed the anti-chatter guard asks of a contact (0: the guard does not act).

    Chatter is a contact repeating within ``chatter_time`` (tau): a ball pressed
    against a cushion, or two balls pressed together, by forces that bring them
    back after every rebound; with e < 1 the rebounds shrink geometrically and
    the contacts pile up towards one instant. Only then does the guard act: the
    pair (or ball and cushion) left the previous contact ``since`` ago and came
    back at ``v_app``, so it is pressed with about 2 v_app / since; leaving at
    v_app tau / since brings it back after about tau. Capped at
    ``min_normal_speed``. A first contact, or one after a longer time, keeps
    the model's restitution (a grazing hit or a thin cut stays physical).
    """
    tau = prm[P_TCHAT]
    if not since < tau:
        return 0.0
    if since <= 0.0:
        return prm[P_VMIN]
    return smaller(prm[P_VMIN], v_app * tau / since)


@kernel(inline="always")
def keep_apart(a, b, nx, ny, nz, target, m, I):
    """Anti-chatter: two balls leave a repeating contact ``target`` apart along the normal n.

    The missing separation speed is given symmetrically along the normal
    (momentum kept); its kinetic energy m (target^2 - vsep^2) / 4 is taken
    from the pair's other motion - their spins and their relative velocity
    across the normal, scaled down together - so the energy does not rise.
    If that motion cannot pay for it the contact stays as the model left it.
    """
    vsep = (b[1, 0] - a[1, 0]) * nx + (b[1, 1] - a[1, 1]) * ny + (b[1, 2] - a[1, 2]) * nz
    if vsep >= target:
        return
    gain = 0.25 * m * (target * target - vsep * vsep)
    dx = 0.5 * (b[1, 0] - a[1, 0]) - 0.5 * vsep * nx
    dy = 0.5 * (b[1, 1] - a[1, 1]) - 0.5 * vsep * ny
    dz = 0.5 * (b[1, 2] - a[1, 2]) - 0.5 * vsep * nz
    spin = 0.5 * I * (a[2, 0] * a[2, 0] + a[2, 1] * a[2, 1] + a[2, 2] * a[2, 2]
                      + b[2, 0] * b[2, 0] + b[2, 1] * b[2, 1] + b[2, 2] * b[2, 2])
    avail = spin + m * (dx * dx + dy * dy + dz * dz)
    if not gain < avail:
        return
    k = np.sqrt(1.0 - gain / avail)
    half = 0.5 * (target - vsep)
    cx, cy, cz = (k - 1.0) * dx + half * nx, (k - 1.0) * dy + half * ny, (k - 1.0) * dz + half * nz
    a[1, 0] -= cx
    a[1, 1] -= cy
    a[1, 2] -= cz
    b[1, 0] += cx
    b[1, 1] += cy
    b[1, 2] += cz
    for c in range(3):
        a[2, c] *= k
        b[2, c] *= k
