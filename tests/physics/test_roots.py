"""The polynomial root finder against roots constructed in advance."""

from __future__ import annotations

import numpy as np
import pytest

from reference_roots import all_real_roots, first_entry

pytestmark = pytest.mark.own_kernels   # the quartic root finder (roots.quartic_entry): compiled by its first call


def poly_from_roots(roots, lead=1.0, complex_pairs=()):
    p = np.array([lead])
    for r in roots:
        p = np.convolve(p, [1.0, -r])
    for re, im in complex_pairs:
        p = np.convolve(p, [1.0, -2 * re, re * re + im * im])
    return p


@pytest.mark.parametrize("roots", [
    [0.1, 0.5, 2.0, 7.0], [-3.0, -1.0, 1e-3, 40.0], [1.0, 2.0, 3.0], [0.25, 4.0], [-2.5],
])
def test_distinct_real_roots(roots):
    got = all_real_roots(poly_from_roots(roots))
    assert np.allclose(np.sort(got), np.sort(roots), rtol=1e-9, atol=1e-12)


def test_random_quartics_match_numpy():
    rng = np.random.default_rng(3)
    for _ in range(300):
        roots = np.sort(rng.uniform(-10, 10, 4))
        if np.min(np.diff(roots)) < 1e-3:
            continue
        got = all_real_roots(poly_from_roots(roots, lead=rng.uniform(0.1, 5)))
        assert len(got) == 4 and np.allclose(got, roots, rtol=1e-8, atol=1e-10)


def test_complex_pairs_are_not_real_roots():
    p = poly_from_roots([1.5, -0.5], complex_pairs=[(2.0, 1.0)])
    got = all_real_roots(p)
    assert np.allclose(got, [-0.5, 1.5])
    assert len(all_real_roots(poly_from_roots([], complex_pairs=[(0, 1), (3, 2)]))) == 0


def test_double_roots():
    got = all_real_roots(poly_from_roots([1.0, 1.0, 3.0, 4.0]))
    assert np.any(np.abs(got - 1.0) < 1e-6) and np.any(np.abs(got - 3.0) < 1e-9)
    got = all_real_roots(poly_from_roots([2.0, 2.0], complex_pairs=[(0.0, 1.0)]))
    assert len(got) >= 1 and np.all(np.abs(got - 2.0) < 1e-6)


def test_tiny_leading_coefficient_lowers_the_degree_gracefully():
    eps = 1e-14
    cubic = poly_from_roots([1.0, 2.0, 3.0])
    p = np.concatenate(([eps], cubic))          # eps t^4 + (t-1)(t-2)(t-3)
    got = all_real_roots(p)
    small = got[np.abs(got) < 100]
    assert np.allclose(np.sort(small), [1.0, 2.0, 3.0], atol=1e-9)
    assert np.allclose(all_real_roots(np.array([0.0, 0.0, 1.0, -3.0, 2.0])), [1.0, 2.0])


def test_widely_separated_scales():
    roots = [1e-6, 1e-2, 10.0, 1e4]
    got = all_real_roots(poly_from_roots(roots))
    assert np.allclose(got, roots, rtol=1e-7)


def test_first_entry_contact_semantics():
    # distance^2 - (2R)^2 for two balls approaching: (t - 1)(t - 3), positive at 0: entry at 1
    p = poly_from_roots([1.0, 3.0])
    assert abs(first_entry(p, 0.0, 10.0) - 1.0) < 1e-12
    assert first_entry(p, 0.0, 0.5) == np.inf                  # beyond the horizon
    assert abs(first_entry(p, 1.5, 10.0) - 1.5) < 1e-12        # overlapping and approaching: now
    assert first_entry(p, 2.5, 10.0) == np.inf                 # overlapping but separating: no entry
    assert first_entry(-p, 0.0, 10.0) == np.inf or first_entry(-p, 0.0, 10.0) >= 3.0 - 1e-9
    # a graze (double root) is not an entry; a quartic with two entries gives the first
    assert first_entry(poly_from_roots([2.0, 2.0]), 0.0, 5.0) == np.inf
    assert abs(first_entry(poly_from_roots([0.5, 1.0, 2.0, 4.0]), 0.0, 9.0) - 0.5) < 1e-12
    assert abs(first_entry(poly_from_roots([0.5, 1.0, 2.0, 4.0]), 0.75, 9.0) - 2.0) < 1e-12
    # the returned time is at or past the crossing
    t = first_entry(p, 0.0, 10.0)
    assert np.polyval(p, t) <= 0.0


def test_scalar_quartic_entry_agrees_with_the_array_version():
    from bola8.physics.roots import quartic_entry

    rng = np.random.default_rng(8)
    for _ in range(2000):
        c = rng.normal(size=5) * np.array([rng.choice([0.0, 1e-12, 1.0]), 1, 1, 1, 1])
        hi = float(rng.uniform(0.1, 10))
        a, b = first_entry(c, 0.0, hi), quartic_entry(c[0], c[1], c[2], c[3], c[4], 0.0, hi)
        assert (a == np.inf and b == np.inf) or abs(a - b) <= 1e-7 * (1 + abs(a))
