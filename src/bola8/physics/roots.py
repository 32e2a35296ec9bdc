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

``first_entry`` is what the event loop asks: the first time in [lo, hi] at
which p goes from positive (apart) to <= 0 (touching).
"""

from __future__ import annotations

import numpy as np
from bola8.physics._jit import kernel

INF = np.inf


@kernel()
def _eval(c, n, t):
    v = c[0]
    for i in range(1, n + 1):
        v = v * t + c[i]
    return v


@kernel()
def _eval_d(c, n, t):
    """p(t) and p'(t) by Horner."""
    v = c[0]
    d = 0.0
    for i in range(1, n + 1):
        d = d * t + v
        v = v * t + c[i]
    return v, d


@kernel()
def _scale(c, n, t):
    """Sum of |terms| at t: the size against which p(t) ~ 0 is judged."""
    s = 0.0
    at = abs(t)
    for i in range(n + 1):
        s += abs(c[i]) * at ** (n - i)
    return s


@kernel()
def _bracketed_root(c, n, a, b, fa):
    """The root of p in [a, b], p monotone there and p(a), p(b) of opposite signs."""
    lo, hi = a, b
    flo = fa
    t = 0.5 * (lo + hi)
    for _ in range(200):
        f, d = _eval_d(c, n, t)
        if f == 0.0:
            return t
        if (f > 0.0) == (flo > 0.0):
            lo = t
            flo = f
        else:
            hi = t
        step_ok = False
        if d != 0.0:
            tn = t - f / d
            if lo < tn < hi:
                step_ok = True
        if not step_ok:
            tn = 0.5 * (lo + hi)
        if abs(tn - t) <= 1e-15 * (1.0 + abs(t)) or hi - lo <= 1e-15 * (1.0 + abs(lo)):
            return tn
        t = tn
    return t


@kernel()
def _roots_in(c, n, lo, hi, crit, ncrit, out):
    """Real roots of p (degree n, coefficients c, highest first) in [lo, hi],
    given the sorted critical points ``crit[:ncrit]`` inside (lo, hi). Returns the count."""
    k = 0
    a = lo
    fa = _eval(c, n, a)
    last = -INF
    for j in range(ncrit + 1):
        b = crit[j] if j < ncrit else hi
        fb = _eval(c, n, b)
        if fa == 0.0 and a > last:
            out[k] = a
            k += 1
            last = a
        elif (fa > 0.0 and fb < 0.0) or (fa < 0.0 and fb > 0.0):
            r = _bracketed_root(c, n, a, b, fa)
            if r > last:
                out[k] = r
                k += 1
                last = r
        if j < ncrit and fb != 0.0 and abs(fb) <= 1e-11 * _scale(c, n, b):
            # p touches zero at a critical point: a double (or even-order) root
            if (k == 0 or abs(out[k - 1] - b) > 1e-9 * (1.0 + abs(b))) and b > last:
                out[k] = b
                k += 1
                last = b
        a = b
        fa = fb
    if fa == 0.0 and a > last and ncrit >= 0:
        out[k] = a
        k += 1
    return k


@kernel()
def real_roots(coef, lo, hi):
    """Sorted distinct real roots in [lo, hi] of the polynomial ``coef`` (highest first, degree <= 4)."""
    n = len(coef) - 1
    # derivatives: level m has degree m; level n is p itself
    levels = np.zeros((n + 1, n + 1))
    for i in range(n + 1):
        levels[n, i] = coef[i]
    for m in range(n - 1, 0, -1):
        for i in range(m + 1):
            levels[m, i] = levels[m + 1, i] * (m + 1 - i)
    crit = np.empty(n + 1)
    ncrit = 0
    out = np.empty(n + 1)
    for m in range(1, n + 1):
        cm = levels[m, : m + 1]
        allzero = True
        for i in range(m + 1):
            if cm[i] != 0.0:
                allzero = False
        if allzero:
            ncrit = 0
            continue
        k = _roots_in(cm, m, lo, hi, crit, ncrit, out)
        ncrit = 0
        for i in range(k):
            if lo < out[i] < hi:
                crit[ncrit] = out[i]
                ncrit += 1
        if m == n:
            return out[:k].copy()
    return out[:0].copy()


@kernel()
def cauchy_bound(coef):
    """Every root lies within this distance of 0 (ignoring exactly-zero leading terms)."""
    n = len(coef) - 1
    lead = 0
    while lead < n and coef[lead] == 0.0:
        lead += 1
    m = 0.0
    for i in range(lead + 1, n + 1):
        m = max(m, abs(coef[i] / coef[lead]))
    return 1.0 + m


@kernel()
def all_real_roots(coef):
    b = cauchy_bound(coef)
    return real_roots(coef, -b, b)


@kernel()
def first_entry(coef, lo, hi):
    """First t in [lo, hi] where p goes from > 0 to <= 0; ``lo`` if p(lo) <= 0 and p decreases there; else inf.

    The returned time is at or just past the crossing (p(t) <= 0), so a contact is never missed
    between two consecutive floating-point times (no tunnelling).
    """
    if not (hi > lo):
        return INF
    n = len(coef) - 1
    f0, d0 = _eval_d(coef, n, lo)
    if f0 <= 0.0 and d0 < 0.0:
        return lo
    # critical points of p in (lo, hi)
    if n >= 2:
        dc = np.empty(n)
        for i in range(n):
            dc[i] = coef[i] * (n - i)
        crit = real_roots(dc, lo, hi)
    else:
        crit = np.empty(0)
    a = lo
    fa = f0
    for j in range(len(crit) + 1):
        b = crit[j] if j < len(crit) else hi
        if b <= a:
            continue
        fb = _eval(coef, n, b)
        if fa > 0.0 and fb <= 0.0:
            if fb == 0.0:
                # touching exactly at b: a contact only if p goes on decreasing (not a graze)
                if j < len(crit):
                    a = b
                    fa = fb
                    continue
                return b
            r = _bracketed_root(coef, n, a, b, fa)
            # step to the far side of the crossing so that p(r) <= 0
            for _ in range(8):
                if _eval(coef, n, r) <= 0.0:
                    break
                r = r + 1e-15 * (1.0 + abs(r)) + (b - r) * 1e-9
            return r
        a = b
        fa = fb
    return INF


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


@kernel()
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
