"""The array root finders the engine once used, kept as the tests' reference for ``quartic_entry``.

Plain Python over numpy (the same method as ``bola8.physics.roots``: the real
roots isolated through the derivatives, then safeguarded Newton steps inside
each bracket). Not shipped in ``src``: nothing but the tests calls them.
"""

from __future__ import annotations

import numpy as np

INF = np.inf


def _eval(c, n, t):
    v = c[0]
    for i in range(1, n + 1):
        v = v * t + c[i]
    return v


def _eval_d(c, n, t):
    """p(t) and p'(t) by Horner."""
    v = c[0]
    d = 0.0
    for i in range(1, n + 1):
        d = d * t + v
        v = v * t + c[i]
    return v, d


def _scale(c, n, t):
    """Sum of |terms| at t: the size against which p(t) ~ 0 is judged."""
    s = 0.0
    at = abs(t)
    for i in range(n + 1):
        s += abs(c[i]) * at ** (n - i)
    return s


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


def all_real_roots(coef):
    b = cauchy_bound(coef)
    return real_roots(coef, -b, b)


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
