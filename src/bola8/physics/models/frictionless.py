# mypy: disallow-untyped-defs=False, disallow-incomplete-defs=False, disallow-untyped-calls=False
# (numba kernels: numba types them at compile time from the arrays and floats they receive; the ones Python
# calls are annotated)
"""Ball-ball model "frictionless": restitution only, no friction between the balls.

The collision of the textbooks' ideal balls: the impulse is along the line of
centres, so there is no throw and no spin passes from one ball to the other
(the cut angle follows the ghost-ball line exactly, the 90-degree rule holds
for a stun shot). A reference to measure throw against, not a real ball.
"""

from __future__ import annotations

from bola8.physics._jit import kernel


@kernel(inline="always")
def tangential_impulse(us, jn, prm):
    """No friction impulse, whatever the slip."""
    return 0.0
