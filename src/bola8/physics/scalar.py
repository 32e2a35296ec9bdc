"""The larger and the smaller of two numbers, for the kernels.

They give what Python's and numba's ``max(a, b)`` and ``min(a, b)`` give (``b``
only when it is strictly larger, or smaller). numba 0.68 implements ``max`` and
``min`` as overloads that it types anew at every call site and compiles once per
calling kernel: about 5 ms of the first compile a call; these are compiled once.
"""

from __future__ import annotations

from typing import TypeVar

from bola8.physics._jit import kernel

Number = TypeVar("Number", int, float)


@kernel()
def larger(a: Number, b: Number) -> Number:
    """The larger of two numbers, compiled once (numba types ``max`` anew at every call)."""
    return b if b > a else a


@kernel()
def smaller(a: Number, b: Number) -> Number:
    """The smaller of two numbers, compiled once (numba types ``min`` anew at every call)."""
    return b if b < a else a
