# mypy: disallow-untyped-defs=False, disallow-incomplete-defs=False, disallow-untyped-calls=False
# (numba kernels: numba types them at compile time from the arrays and floats they receive; the ones Python
# calls are annotated)
"""A ball against a cushion face: the cushion's frame, the registered model's rebound, the anti-chatter guard."""

from __future__ import annotations

import numpy as np

from bola8.physics._jit import kernel
from bola8.physics.chatter import chatter_speed
from bola8.physics.codes import P_M, P_MODEL, P_R
from bola8.physics.models.dispatch import cushion_rebound


@kernel(tested=True)
def resolve_cushion(b, nx, ny, prm, since):
    """Ball b against a cushion face whose normal (towards the ball) is (nx, ny).

    ``since``: time since this ball's previous contact with this cushion (inf
    if none), for the anti-chatter guard (``chatter_speed``).
    """
    # local frame: e1 = -n (into the cushion), e2 = z x e1, e3 = z
    e1x, e1y = -nx, -ny
    e2x, e2y = -e1y, e1x
    v0 = b[1, 0] * e1x + b[1, 1] * e1y
    v1 = b[1, 0] * e2x + b[1, 1] * e2y
    w0 = b[2, 0] * e1x + b[2, 1] * e1y
    w1 = b[2, 0] * e2x + b[2, 1] * e2y
    w2 = b[2, 2]
    vn_in = v0
    if vn_in <= 0.0:
        return
    # scalars, not 3-vectors: the models' loops keep them in registers
    v0, v1, w0, w1, w2 = cushion_rebound(prm[P_MODEL], v0, v1, 0.0, w0, w1, w2, prm)
    if v0 > 0.0:
        v0 = 0.0   # a contact never leaves the ball moving into the cushion (less energy)
    target = chatter_speed(vn_in, since, prm)
    if -v0 < target:
        # anti-chatter guard: leave at the target speed, the energy taken from the
        # tangential speed and the spin (scaled down together); if they cannot pay, as it was
        gain = 0.5 * prm[P_M] * (target * target - v0 * v0)
        R = prm[P_R]
        avail = 0.5 * prm[P_M] * v1 * v1 + 0.2 * prm[P_M] * (R * R) * (w0 * w0 + w1 * w1 + w2 * w2)
        if gain < avail:
            k = np.sqrt(1.0 - gain / avail)
            v0 = -target
            v1 *= k
            w0 *= k
            w1 *= k
            w2 *= k
    b[1, 0] = v0 * e1x + v1 * e2x
    b[1, 1] = v0 * e1y + v1 * e2y
    b[2, 0] = w0 * e1x + w1 * e2x
    b[2, 1] = w0 * e1y + w1 * e2y
    b[2, 2] = w2
