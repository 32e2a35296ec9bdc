"""Execution noise: the computer olympiad's Gaussian model, scaled by a level."""

from __future__ import annotations

import random
import statistics

from hypothesis import given, settings, strategies as st

from bola8.physics import Strike
from bola8.players.noise import ExecutionNoise

BASE = Strike(speed=2.0, phi=45.0, theta=5.0, a=0.1, b=-0.2)


def test_level_zero_is_a_perfect_player():
    assert ExecutionNoise(0.0).perturb(BASE, random.Random(1)) == BASE


def test_level_one_has_the_olympiad_standard_deviations():
    rng = random.Random(7)
    draws = [ExecutionNoise(1.0).perturb(BASE, rng) for _ in range(4000)]
    assert abs(statistics.pstdev(d.phi for d in draws) - 0.125) < 0.01
    assert abs(statistics.pstdev(d.speed for d in draws) - 0.075) < 0.006
    assert abs(statistics.pstdev(d.a for d in draws) - 0.5 / 28.575) < 0.0015
    assert abs(statistics.mean(d.phi for d in draws) - 45.0) < 0.01


def test_the_level_scales_every_deviation():
    rng = random.Random(8)
    draws = [ExecutionNoise(5.0).perturb(BASE, rng) for _ in range(4000)]
    assert abs(statistics.pstdev(d.phi for d in draws) - 0.625) < 0.04


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
