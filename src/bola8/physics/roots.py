# mypy: disallow-untyped-defs=False, disallow-incomplete-defs=False, disallow-untyped-calls=False
# (numba kernels: numba types them at compile time from the arrays and floats they receive; the ones Python
# calls are annotated)
"""Real polynomial roots of degree <= 4, robust by construction (numba).

Method: isolate the real roots through the derivatives. The roots of p' cut
an interval into pieces on which p is monotone; a piece whose ends have
opposite signs holds exactly one root, found by safeguarded Newton steps
inside the bracket (bisection when Newton leaves it). Applied from the
highest derivative (linear) up to p itself. Why this and not Ferrari's
formulas or a companion matrix: no cancellation-prone closed forms, no
eigen-solver (numba's linear algebra needs SciPy), and the degenerate cases
the event loop meets are handled without special code - a vanishing leading
coefficient only makes a derivative constant, a double root shows up as a
critical point where p is ~0, and on a bounded interval widely separated
scales cost only a few more steps.

``quartic_entry`` is what the event loop asks: the first time in [lo, hi] at
which p goes from positive (apart) to <= 0 (touching). The tests check it
against an array version of the same method (tests/physics/reference_roots.py).
"""

from __future__ import annotations

import numpy as np
from bola8.physics._jit import kernel

INF = np.inf


# ---------------------------------------------------------------- allocation-free quartic entry
# The event loop calls this for every ball pair, jaw tip and drop circle, so it works on
# scalars only (no arrays to allocate); the method is the same as ``first_entry``.

@kernel()
def _ev4(c4, c3, c2, c1, c0, t):
    p = (((c4 * t + c3) * t + c2) * t + c1) * t + c0
    d = ((4.0 * c4 * t + 3.0 * c3) * t + 2.0 * c2) * t + c1
    return p, d


@kernel()
def _broot4(c4, c3, c2, c1, c0, a, b, fa):
    lo, hi = a, b
    flo = fa
    t = 0.5 * (lo + hi)
    for _ in range(200):
        f, d = _ev4(c4, c3, c2, c1, c0, t)
        if f == 0.0:
            return t
        if (f > 0.0) == (flo > 0.0):
            lo = t
            flo = f
        else:
            hi = t
        tn = t - f / d if d != 0.0 else 0.5 * (lo + hi)
        if not (lo < tn < hi):
            tn = 0.5 * (lo + hi)
        if abs(tn - t) <= 1e-15 * (1.0 + abs(t)) or hi - lo <= 1e-15 * (1.0 + abs(lo)):
            return tn
        t = tn
    return t


@kernel()
def _quad_sorted(a, b, c):
    """Real roots of a t^2 + b t + c, sorted: (count, r1, r2)."""
    if a == 0.0:
        if b == 0.0:
            return 0, 0.0, 0.0
        return 1, -c / b, 0.0
    disc = b * b - 4.0 * a * c
    if disc < 0.0:
        return 0, 0.0, 0.0
    sq = np.sqrt(disc)
    q = -0.5 * (b + sq) if b >= 0.0 else -0.5 * (b - sq)
    r1 = q / a
    r2 = c / q if q != 0.0 else r1
    if r1 > r2:
        r1, r2 = r2, r1
    return 2, r1, r2


@kernel()
def _cubic_roots_in(d3, d2, d1, d0, lo, hi):
    """Roots of d3 t^3 + d2 t^2 + d1 t + d0 inside (lo, hi), sorted: (count, r1, r2, r3)."""
    n, q1, q2 = _quad_sorted(3.0 * d3, 2.0 * d2, d1)
    k1 = q1 if n >= 1 and lo < q1 < hi else INF
    k2 = q2 if n >= 2 and lo < q2 < hi and q2 != q1 else INF
    if k1 == INF and k2 != INF:
        k1, k2 = k2, INF
    out1, out2, out3 = INF, INF, INF
    cnt = 0
    a = lo
    fa, _ = _ev4(0.0, d3, d2, d1, d0, a)
    for j in range(3):
        if j == 0:
            b = k1 if k1 != INF else hi
        elif j == 1:
            if k1 == INF:
                break
            b = k2 if k2 != INF else hi
        else:
            if k2 == INF:
                break
            b = hi
        fb, _ = _ev4(0.0, d3, d2, d1, d0, b)
        r = INF
        if (fa > 0.0 and fb < 0.0) or (fa < 0.0 and fb > 0.0):
            r = _broot4(0.0, d3, d2, d1, d0, a, b, fa)
        elif fb == 0.0 and b < hi:
            r = b
        if r != INF and lo < r < hi:
            if cnt == 0:
                out1 = r
            elif cnt == 1:
                out2 = r
            else:
                out3 = r
            cnt += 1
        a = b
        fa = fb
    return cnt, out1, out2, out3


@kernel(tested=True)
def quartic_entry(c4, c3, c2, c1, c0, lo, hi):
    """``first_entry`` for c4 t^4 + c3 t^3 + c2 t^2 + c1 t + c0, on scalars."""
    if not (hi > lo):
        return INF
    f0, d0 = _ev4(c4, c3, c2, c1, c0, lo)
    if f0 <= 0.0 and d0 < 0.0:
        return lo
    n, k1, k2, k3 = _cubic_roots_in(4.0 * c4, 3.0 * c3, 2.0 * c2, c1, lo, hi)
    a = lo
    fa = f0
    for j in range(n + 1):
        if j == 0:
            b = k1 if n >= 1 else hi
        elif j == 1:
            b = k2 if n >= 2 else hi
        elif j == 2:
            b = k3 if n >= 3 else hi
        else:
            b = hi
        if b <= a:
            continue
        fb, _ = _ev4(c4, c3, c2, c1, c0, b)
        if fa > 0.0 and fb <= 0.0:
            if fb == 0.0:
                if j < n:
                    a = b
                    fa = fb
                    continue
                return b
            r = _broot4(c4, c3, c2, c1, c0, a, b, fa)
            for _ in range(8):
                p, _d = _ev4(c4, c3, c2, c1, c0, r)
                if p <= 0.0:
                    break
                r = r + 1e-15 * (1.0 + abs(r)) + (b - r) * 1e-9
            return r
        a = b
        fa = fb
    return INF
