# mypy: disallow-untyped-defs=False, disallow-incomplete-defs=False, disallow-untyped-calls=False
# (numba kernels: numba types them at compile time from the arrays and floats they receive; the ones Python
# calls are annotated)
"""The registered models' kernels called by their integer id (see ``bola8.physics.models``).

One branch per registered model; the id is a float of the parameter vector,
compared with the registry's ids (folded as constants by numba). Both are inlined
into their one caller (``inline="always"``): a function numba compiles apart is
optimised and compiled again in every library above it, so a dispatch level of its
own made the first compile redo the models' code once more.
"""

from __future__ import annotations

from bola8.physics._jit import kernel
from bola8.physics.models import BALL_MODELS, CUSHION_MODELS, frictional, frictionless, han2005, mathavan2010, stronge

_MATHAVAN2010, _HAN2005, _STRONGE = (float(m.id) for m in CUSHION_MODELS)
_FRICTIONAL, _FRICTIONLESS = (float(m.id) for m in BALL_MODELS)


@kernel(inline="always")
def cushion_rebound(model, v0, v1, v2, w0, w1, w2, prm):
    """The cushion model ``model``'s new (v0, v1, w0, w1, w2) in the cushion frame."""
    if model == _MATHAVAN2010:
        return mathavan2010.rebound(v0, v1, v2, w0, w1, w2, prm)
    if model == _HAN2005:
        return han2005.rebound(v0, v1, v2, w0, w1, w2, prm)
    return stronge.rebound(v0, v1, v2, w0, w1, w2, prm)   # _STRONGE: PhysicsSettings admits no other id


@kernel(inline="always")
def ball_tangential_impulse(model, us, jn, prm):
    """The ball-ball model ``model``'s friction impulse for a contact slip speed us > 0 and normal impulse jn."""
    if model == _FRICTIONLESS:
        return frictionless.tangential_impulse(us, jn, prm)
    return frictional.tangential_impulse(us, jn, prm)   # _FRICTIONAL
