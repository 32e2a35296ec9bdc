"""3-vector helpers on scalars (the kernels keep vectors in registers, not arrays)."""

from __future__ import annotations

from bola8.physics._jit import kernel


@kernel()
def cross(ax, ay, az, bx, by, bz):
    return ay * bz - az * by, az * bx - ax * bz, ax * by - ay * bx
