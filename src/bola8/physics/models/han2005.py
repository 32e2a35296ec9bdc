# mypy: disallow-untyped-defs=False, disallow-incomplete-defs=False, disallow-untyped-calls=False
# (numba kernels: numba types them at compile time from the arrays and floats they receive; the ones Python
# calls are annotated)
"""Cushion model "han2005": Han (2005), one rigid impulse at the nose with Coulomb friction.

I. Han, "Dynamics in carom and three cushion billiards", J. Mech. Sci.
Technol. 19(4), 2005. The tangential impulse stops the slip if that is within
mu times the normal impulse (stick), else it is mu times the normal impulse.
The stick test includes mu (the correction of pooltool PR #247 to the
published text).
"""

from __future__ import annotations

from bola8.physics._jit import kernel
from bola8.physics.codes import P_M, P_MUC
from bola8.physics.models.nose import SPHERE_BETA_T, nose_apply, nose_contact
from bola8.physics.scalar import smaller


@kernel(tested=True)
def rebound(v0, v1, v2, w0, w1, w2, prm):
    """The new (v0, v1, w0, w1, w2) in the cushion frame (see ``models.nose``)."""
    c, pn, tx, ty, tz, ts = nose_contact(v0, v1, v2, w0, w1, w2, prm)
    if c <= 0.0:
        return v0, v1, w0, w1, w2
    pt = 0.0
    if ts > 1e-12:
        pt = smaller(prm[P_M] * ts / SPHERE_BETA_T, prm[P_MUC] * pn)
    return nose_apply(v0, v1, w0, w1, w2, pn, tx, ty, tz, ts, pt, prm)
