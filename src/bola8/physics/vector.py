# mypy: disallow-untyped-defs=False, disallow-incomplete-defs=False, disallow-untyped-calls=False
# (numba kernels: numba types them at compile time from the arrays and floats they receive; the ones Python
# calls are annotated)
"""3-vector helpers on scalars (the kernels keep vectors in registers, not arrays)."""

from __future__ import annotations

from bola8.physics._jit import kernel


@kernel()
def cross(ax, ay, az, bx, by, bz):
    """The cross product of (ax, ay, az) and (bx, by, bz), as three numbers."""
    return ay * bz - az * by, az * bx - ax * bz, ax * by - ay * bx
