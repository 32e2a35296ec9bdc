"""Execution noise: the computer olympiad's Gaussian model, scaled by a level."""

from __future__ import annotations

import math
import random
import statistics

import pytest
from hypothesis import given, settings, strategies as st

from bola8.physics import Strike
from bola8.players.noise import ExecutionNoise

BASE = Strike(speed=2.0, phi=45.0, theta=5.0, a=0.1, b=-0.2)


def test_level_zero_is_a_perfect_player():
    assert ExecutionNoise(0.0).perturb(BASE, random.Random(1)) == BASE


# (parameter, its standard deviation at level 1 in the Strike's own units)
SIGMAS = [("phi", 0.125), ("speed", 0.075), ("theta", 0.1), ("a", 0.5 / 28.575), ("b", 0.5 / 28.575)]


@pytest.mark.parametrize("level", [1.0, 3.0])
@pytest.mark.parametrize("name, sigma", SIGMAS)
def test_each_deviation_is_the_olympiads_times_the_level(name, sigma, level):
    # 4000 draws: a standard deviation is estimated within about 1.1 %; 6 % is over five of those.
    rng = random.Random(7)
    draws = [getattr(ExecutionNoise(level).perturb(BASE, rng), name) for _ in range(4000)]
    assert statistics.pstdev(draws) == pytest.approx(sigma * level, rel=0.06)
    assert statistics.fmean(draws) == pytest.approx(getattr(BASE, name), abs=4 * sigma * level / 4000 ** 0.5)


def test_the_five_errors_are_independent():
    rng = random.Random(9)
    draws = [ExecutionNoise(1.0).perturb(BASE, rng) for _ in range(4000)]
    columns = {name: [getattr(d, name) for d in draws] for name, _ in SIGMAS}
    names = list(columns)
    for i, one in enumerate(names):
        for other in names[i + 1:]:
            assert abs(statistics.correlation(columns[one], columns[other])) < 0.06, (one, other)


def test_a_level_stroke_is_raised_never_lowered_half_normal():
    # A cue cannot point below level: the error of an intended theta = 0 is reflected upwards.
    level_stroke = Strike(speed=2.0, phi=45.0, theta=0.0)
    rng = random.Random(11)
    thetas = [ExecutionNoise(1.0).perturb(level_stroke, rng).theta for _ in range(4000)]
    assert min(thetas) >= 0.0
    assert sum(t == 0.0 for t in thetas) < 5                     # reflected, not clipped onto 0
    assert statistics.fmean(thetas) == pytest.approx(0.1 * math.sqrt(2 / math.pi), rel=0.05)
    assert statistics.pstdev(thetas) == pytest.approx(0.1 * math.sqrt(1 - 2 / math.pi), rel=0.06)
    # the half-normal's median is 0.674 sigma
    assert statistics.median(thetas) == pytest.approx(0.0674, rel=0.08)


def test_the_same_seed_gives_the_same_strokes():
    one = [ExecutionNoise(1.0).perturb(BASE, r) for r in [random.Random(3)] * 5]
    two = [ExecutionNoise(1.0).perturb(BASE, r) for r in [random.Random(3)] * 5]
    assert one == two


@settings(max_examples=200, deadline=None)
@given(st.floats(0.0, 20.0), st.integers(0, 10_000),
       st.floats(0.05, 12.0), st.floats(0.0, 80.0), st.floats(-0.7, 0.7), st.floats(-0.7, 0.7))
def test_a_perturbed_stroke_is_always_playable(level, seed, speed, theta, a, b):
    strike = Strike(speed=speed, phi=10.0, theta=theta, a=a, b=b)
    played = ExecutionNoise(level).perturb(strike, random.Random(seed))
    assert 0.0 < played.speed <= 12.0
    assert 0.0 <= played.theta <= 80.0
    assert played.a ** 2 + played.b ** 2 < 1.0
    assert 0.0 <= played.phi < 360.0
