# mypy: disallow-untyped-defs=False, disallow-incomplete-defs=False, disallow-untyped-calls=False
# (numba kernels: numba types them at compile time from the arrays and floats they receive; the ones Python
# calls are annotated)
"""The one impulse at the cushion nose that the closed-form models share (Han 2005, Stronge).

The contact sits on the nose at its real height. The normal impulse
(1 + e) m c along the contact normal (c: approach speed of the contact)
returns e times the approach. The tangential impulse pt acts against the
contact's slip (of speed ts), through the inverse effective mass
7 / (2 m) of a sphere at its surface (``SPHERE_BETA_T`` / m); each model
decides pt (``han2005``, ``stronge``). Velocity and spin in the cushion frame
(x into the cushion, z up) as scalars, as in ``mathavan2010.rebound``.
"""

from __future__ import annotations

import numpy as np

from bola8.physics._jit import kernel
from bola8.physics.codes import P_EC, P_M, P_R, P_SINT
from bola8.physics.vector import cross

SPHERE_BETA_T = 3.5   # 1 + m R^2 / I for a solid sphere: the tangential inverse-mass coefficient (beta_n = 1)


@kernel()
def nose_contact(v0, v1, v2, w0, w1, w2, prm):
    """(c, pn, tx, ty, tz, ts): the contact's approach speed, normal impulse, slip vector and slip speed.

    c <= 0: the contact is not approaching (then the rest is zero and nothing happens).
    """
    R, m = prm[P_R], prm[P_M]
    sq = prm[P_SINT]
    cq = np.sqrt(1.0 - sq * sq)
    e = prm[P_EC]
    rix, riy, riz = R * cq, 0.0, R * sq
    nix, niy, niz = -cq, 0.0, -sq
    c = v0 * cq
    if c <= 0.0:
        return c, 0.0, 0.0, 0.0, 0.0, 0.0
    pn = (1.0 + e) * m * c
    cx, cy, cz = cross(w0, w1, w2, rix, riy, riz)
    ux, uy, uz = v0 + cx, v1 + cy, v2 + cz
    un = ux * nix + uy * niy + uz * niz
    tx, ty, tz = ux - un * nix, uy - un * niy, uz - un * niz
    ts = np.sqrt(tx * tx + ty * ty + tz * tz)
    return c, pn, tx, ty, tz, ts


@kernel()
def nose_apply(v0, v1, w0, w1, w2, pn, tx, ty, tz, ts, pt, prm):
    """The new (v0, v1, w0, w1, w2) after the normal impulse pn and the tangential pt against the slip t."""
    R, m = prm[P_R], prm[P_M]
    I = 0.4 * m * R * R
    sq = prm[P_SINT]
    cq = np.sqrt(1.0 - sq * sq)
    rix, riy, riz = R * cq, 0.0, R * sq
    nix, niy, niz = -cq, 0.0, -sq
    if ts > 1e-12:
        tx, ty, tz = -tx / ts * pt, -ty / ts * pt, -tz / ts * pt
    else:
        tx, ty, tz = 0.0, 0.0, 0.0
    jx, jy, jz = pn * nix + tx, pn * niy + ty, pn * niz + tz
    v0 += jx / m
    v1 += jy / m
    qx, qy, qz = cross(rix, riy, riz, jx, jy, jz)
    w0 += qx / I
    w1 += qy / I
    w2 += qz / I
    return v0, v1, w0, w1, w2
