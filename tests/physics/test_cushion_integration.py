"""The Mathavan 2010 cushion model's integration against the paper's explicit Euler steps and the 60 implicit steps.

``models.mathavan2010.rebound`` integrates the model in the slips of its two contacts by adaptive midpoint
steps while the cloth slides, and in 60 implicit steps (Moreau's Coulomb step, ``implicit_steps``) where it
cannot, the impact's end found inside its last step. Here the same equations are integrated as the paper
and the engine's earlier versions did - explicit Euler, the impact ending at a step's boundary - in 200
steps (the old default) and in 20,000 (converged to 1e-4 of the incoming speed), over 2,000 rebounds of
every kind: 0.05-10 m/s, -85 to 85 degrees, rolling, stunned and spinning balls, with and without side
spin; and the whole rebound in the 60 implicit steps alone (the integration before the slips'), over
12,000. Differences are the largest of the velocity's and of the spin times R, relative to the incoming
speed."""

from __future__ import annotations

import math

import numba
import numpy as np
import pytest

from bola8.physics import PhysicsSettings, table_spec
from bola8.physics.codes import P_EC, P_M, P_SINT, P_STEPS
from bola8.physics.models import mathavan2010

# 2,000 rebounds integrated 20,000 steps each: seconds of its own; the implicit model alone (mathavan2010)
pytestmark = [pytest.mark.slow, pytest.mark.own_kernels]

# The rebounds compared with the 60 implicit steps alone: three seeds of 4,000.
IMPLICIT_SEEDS = (1, 2, 3)
IMPLICIT_COUNT = 4000


@numba.njit(cache=False)
def explicit_euler(v0, v1, w0, w1, w2, prm, steps):
    """The paper's integration: explicit Euler in the normal impulse, ending at the first step whose
    restitution work reaches e^2 times the compression work."""
    R, m = prm[0], prm[1]
    inertia = 0.4 * m * R * R
    sq = prm[12]
    cq = math.sqrt(1.0 - sq * sq)
    muw, mus, e = prm[11], prm[2], prm[10]
    rix, riz = R * cq, R * sq
    if v0 * cq <= 0.0:
        return v0, v1, w0, w1, w2
    dp = (1.0 + e) * m * v0 * cq / steps
    work_c = 0.0
    work_r = 0.0
    compress = True
    for _ in range(steps * 20):
        ux, uy, uz = v0 + w1 * riz, v1 + w2 * rix - w0 * riz, -w1 * rix
        un = -(ux * cq + uz * sq)
        vn = -un
        if compress:
            if vn <= 0.0:
                compress = False
            else:
                work_c += vn * dp
        if not compress:
            work_r += -vn * dp
            if work_r >= e * e * work_c:
                break
        tx, ty, tz = ux + un * cq, uy, uz + un * sq
        ts = math.sqrt(tx * tx + ty * ty + tz * tz)
        if ts > 1e-12:
            tx, ty, tz = -tx / ts, -ty / ts, -tz / ts
        else:
            tx, ty, tz = 0.0, 0.0, 0.0
        sx, sy = v0 - R * w1, v1 + R * w0
        ss = math.sqrt(sx * sx + sy * sy)
        if ss > 1e-12:
            sx, sy = -sx / ss, -sy / ss
        else:
            sx, sy = 0.0, 0.0
        jix, jiy, jiz = -cq * dp + muw * dp * tx, muw * dp * ty, -sq * dp + muw * dp * tz
        pc = -jiz
        if pc < 0.0:
            pc = 0.0
        jcx, jcy = mus * pc * sx, mus * pc * sy
        v0 += (jix + jcx) / m
        v1 += (jiy + jcy) / m
        w0 += (-riz * jiy + R * jcy) / inertia
        w1 += (riz * jix - rix * jiz - R * jcx) / inertia
        w2 += (rix * jiy) / inertia
    return v0, v1, w0, w1, w2


def rebounds(count: int, seed: int = 1) -> list[tuple[float, ...]]:
    """(v0, v1, w0, w1, w2, speed) of incoming balls in the cushion frame (x into the cushion)."""
    R = 0.028575
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(count):
        speed = 10.0 ** rng.uniform(-1.3, 1.0)
        angle = math.radians(rng.uniform(-85.0, 85.0))
        v0, v1 = speed * math.cos(angle), speed * math.sin(angle)
        kind = rng.integers(3)
        if kind == 0:      # rolling
            w0, w1 = -v1 / R, v0 / R
        elif kind == 1:    # stunned
            w0 = w1 = 0.0
        else:              # any spin
            w0, w1 = rng.uniform(-1.0, 1.0) * speed / R, rng.uniform(-1.0, 1.0) * speed / R
        w2 = rng.uniform(-1.0, 1.0) * speed / R if rng.random() < 0.5 else 0.0
        out.append((v0, v1, w0, w1, w2, speed))
    return out


def differences(a: np.ndarray, b: np.ndarray, speeds: np.ndarray) -> np.ndarray:
    R = 0.028575
    dv = np.hypot(a[:, 0] - b[:, 0], a[:, 1] - b[:, 1])
    dw = np.sqrt(((a[:, 2:] - b[:, 2:]) ** 2).sum(axis=1)) * R
    return np.maximum(dv, dw) / speeds


@pytest.fixture(scope="module")
def compared() -> dict[str, np.ndarray]:
    prm = PhysicsSettings().as_array(table_spec("9ft").cushion_height)
    cases = rebounds(2000)
    speeds = np.array([c[5] for c in cases])
    ours = np.array([mathavan2010.rebound(c[0], c[1], 0.0, c[2], c[3], c[4], prm) for c in cases])
    old = np.array([explicit_euler(*c[:5], prm, 200) for c in cases])
    converged = np.array([explicit_euler(*c[:5], prm, 20_000) for c in cases])
    return {"to_old": differences(ours, old, speeds), "ours_error": differences(ours, converged, speeds),
            "old_error": differences(old, converged, speeds)}


def implicit_alone(cases: list[tuple[float, ...]], prm: np.ndarray) -> np.ndarray:
    """Each rebound integrated from its start in ``mathavan_steps`` implicit steps only."""
    m, e = prm[P_M], prm[P_EC]
    cq = math.sqrt(1.0 - prm[P_SINT] ** 2)
    return np.array([mathavan2010.implicit_steps(c[0], c[1], c[2], c[3], c[4], c[0] * cq, 0.0, 0.0,
                                                 (1.0 + e) * m * c[0] * cq / prm[P_STEPS], prm) for c in cases])


@pytest.fixture(scope="module")
def against_implicit() -> np.ndarray:
    prm = PhysicsSettings().as_array(table_spec("9ft").cushion_height)
    found = []
    for seed in IMPLICIT_SEEDS:
        cases = [c for c in rebounds(IMPLICIT_COUNT, seed) if c[0] > 0.0]
        speeds = np.array([c[5] for c in cases])
        ours = np.array([mathavan2010.rebound(c[0], c[1], 0.0, c[2], c[3], c[4], prm) for c in cases])
        found.append(differences(ours, implicit_alone(cases, prm), speeds))
    return np.concatenate(found)


def test_the_integration_stays_within_one_percent_of_the_200_explicit_steps(compared):
    assert compared["to_old"].max() < 0.01
    assert np.median(compared["to_old"]) < 0.004


def test_the_integration_is_as_close_to_the_converged_solution_as_the_200_explicit_steps(compared):
    ours, old = compared["ours_error"], compared["old_error"]
    assert ours.max() <= 1.05 * old.max()
    assert np.median(ours) < 0.5 * np.median(old)


def test_the_integration_stays_within_one_and_a_half_percent_of_the_60_implicit_steps_alone(against_implicit):
    # the two integrations are each within 0.75 % of the converged solution, so at most 1.5 % apart
    assert len(against_implicit) == len(IMPLICIT_SEEDS) * IMPLICIT_COUNT
    assert against_implicit.max() < 0.015
    assert np.median(against_implicit) < 0.001


def test_a_ball_moving_away_from_the_cushion_is_untouched():
    prm = PhysicsSettings().as_array(table_spec("9ft").cushion_height)
    assert mathavan2010.rebound(-1.0, 0.5, 0.0, 3.0, -2.0, 1.0, prm) == (-1.0, 0.5, 3.0, -2.0, 1.0)


if __name__ == "__main__":   # the figures docs/fidelity.md quotes
    found = compared.__wrapped__()   # type: ignore[attr-defined]
    found["to_implicit"] = against_implicit.__wrapped__()   # type: ignore[attr-defined]
    for key, values in found.items():
        print(f"{key:10s} median {np.median(values):.2e}  p99 {np.quantile(values, 0.99):.2e}  "
              f"max {values.max():.2e}")
