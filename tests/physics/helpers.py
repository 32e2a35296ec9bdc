from __future__ import annotations

import math

import pytest

from bola8.physics import Strike, simulate_layout, table_spec


@pytest.fixture(scope="session")
def spec():
    return table_spec("9ft")


def aim(src, dst) -> float:
    return math.degrees(math.atan2(dst[1] - src[1], dst[0] - src[0]))


def play(spec, balls, speed, phi, theta=0.0, a=0.0, b=0.0, settings=None):
    return simulate_layout(spec, balls, Strike(speed, phi, theta, a, b), settings)
