# mypy: disallow-untyped-defs=False, disallow-incomplete-defs=False, disallow-untyped-calls=False
# (numba kernels: numba types them at compile time from the arrays and floats they receive; the ones Python
# calls are annotated)
"""Ball-ball model "frictional": restitution plus friction at the contact (Alciatore TP A-5/A-6/A-14).

The tangential (friction) impulse at the contact opposes the slip of the two
surfaces, limited by mu(v_slip) times the normal impulse and by the impulse
that stops the slip (then the surfaces roll on each other); mu falls with
the slip speed, mu = a + b exp(-c v) (``BallParams.throw_a/b/c``). Cut- and
spin-induced throw follow from it.
"""

from __future__ import annotations

import numpy as np

from bola8.physics._jit import kernel
from bola8.physics.codes import P_M, P_TA, P_TB, P_TC
from bola8.physics.scalar import smaller


@kernel(inline="always")
def tangential_impulse(us, jn, prm):
    """The friction impulse for the contact slip speed us (> 0) under the normal impulse jn."""
    mu = prm[P_TA] + prm[P_TB] * np.exp(-prm[P_TC] * us)
    return smaller(mu * jn, prm[P_M] * us / 7.0)
