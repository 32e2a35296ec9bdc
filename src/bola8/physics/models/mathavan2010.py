# mypy: disallow-untyped-defs=False, disallow-incomplete-defs=False, disallow-untyped-calls=False
# (numba kernels: numba types them at compile time from the arrays and floats they receive; the ones Python
# calls are annotated)
"""Cushion model "mathavan2010": Mathavan, Jackson & Parkin (2010), impulse integrated over the impact.

S. Mathavan, M. R. Jackson, R. M. Parkin, "A theoretical analysis of billiard
ball dynamics under cushion impacts", Proc. IMechE C 224(9), 2010. Reads
``mathavan_steps`` (the integration steps) besides the ball's parameters.
"""

from __future__ import annotations

import numpy as np

from bola8.physics._jit import kernel
from bola8.physics.codes import P_EC, P_M, P_MUC, P_MUS, P_R, P_SINT, P_STEPS
from bola8.physics.vector import cross


@kernel(tested=True)
def rebound(v0, v1, v2, w0, w1, w2, prm):
    """Mathavan, Jackson & Parkin (2010): cushion impact in the cushion frame.

    x points into the cushion, z up. Contact I with the cushion nose at
    R (cos q, 0, sin q) from the centre (sin q from the nose height), contact C
    with the cloth at (0, 0, -R). The normal impulse at I is the integration
    variable; at each step Coulomb friction acts at I (mu_cushion) and at C
    (mu_slide, with the cloth reaction that keeps the ball on the cloth).
    Compression lasts while the contact approaches; restitution ends when its
    work equals e^2 times the compression work (energetic restitution).
    Velocity v and spin w in the cushion frame as scalars; returns the new
    (v0, v1, w0, w1, w2) (v2 stays 0: the cloth takes the vertical impulse).
    """
    R, m = prm[P_R], prm[P_M]
    I = 0.4 * m * R * R
    sq = prm[P_SINT]
    cq = np.sqrt(1.0 - sq * sq)
    muw, mus, e = prm[P_MUC], prm[P_MUS], prm[P_EC]
    steps = prm[P_STEPS]
    rix, riy, riz = R * cq, 0.0, R * sq
    nix, niy, niz = -cq, 0.0, -sq
    vn0 = v0 * cq
    if vn0 <= 0.0:
        return v0, v1, w0, w1, w2
    dp = (1.0 + e) * m * vn0 / steps
    work_c = 0.0
    work_r = 0.0
    compress = True
    for _ in range(np.int64(steps) * 20):   # (np.int64, not int: numba compiles int() apart)
        # slip at the cushion contact
        cx, cy, cz = cross(w0, w1, w2, rix, riy, riz)
        ux, uy, uz = v0 + cx, v1 + cy, v2 + cz
        un = ux * nix + uy * niy + uz * niz
        vn = -un
        if compress:
            if vn <= 0.0:
                compress = False
            else:
                work_c += vn * dp
        if not compress:
            work_r += -vn * dp
            if work_r >= e * e * work_c:
                break
        tx, ty, tz = ux - un * nix, uy - un * niy, uz - un * niz
        ts = np.sqrt(tx * tx + ty * ty + tz * tz)
        if ts > 1e-12:
            tx, ty, tz = -tx / ts, -ty / ts, -tz / ts
        else:
            tx, ty, tz = 0.0, 0.0, 0.0
        # slip at the cloth
        sx, sy = v0 - R * w1, v1 + R * w0
        ss = np.hypot(sx, sy)
        if ss > 1e-12:
            sx, sy = -sx / ss, -sy / ss
        else:
            sx, sy = 0.0, 0.0
        jix = dp * nix + muw * dp * tx
        jiy = dp * niy + muw * dp * ty
        jiz = dp * niz + muw * dp * tz
        dpc = -jiz
        if dpc < 0.0:
            dpc = 0.0
        jcx, jcy = mus * dpc * sx, mus * dpc * sy
        v0 += (jix + jcx) / m
        v1 += (jiy + jcy) / m
        qx, qy, qz = cross(rix, riy, riz, jix, jiy, jiz)
        px, py, pz = cross(0.0, 0.0, -R, jcx, jcy, 0.0)
        w0 += (qx + px) / I
        w1 += (qy + py) / I
        w2 += (qz + pz) / I
    return v0, v1, w0, w1, w2
