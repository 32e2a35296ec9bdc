"""Stronge's compliant cushion: the closed form against a direct integration, and on the table."""

from __future__ import annotations

import math
import random

import pytest

from bola8.errors import InputError
from bola8.physics import BallParams, PhysicsSettings
from bola8.physics.stronge import SPHERE_BETA_T, final_slip

from tests.physics.helpers import play


def spring_and_slider(r, mu, e, omega, steps=20000):
    """The compliant contact integrated step by step (elastic-perfectly-plastic tangential spring).

    Nondimensional: unit normal approach speed, normal frequency 1. The
    tangential spring's deflection follows the contact's slip speed until its
    force reaches mu times the normal force, where the slider caps it.
    """
    limit, t_c = mu * SPHERE_BETA_T, 0.5 * math.pi
    t_f = (1.0 + e) * t_c

    def friction_cap(t):
        phase = t if t <= t_c else t / e + t_c * (1.0 - 1.0 / e)
        return limit * math.sin(phase) / omega ** 2

    dt, x, u, t = t_f / steps, r, 0.0, 0.0
    for _ in range(steps):
        u += x * dt
        cap = friction_cap(t + dt)
        if abs(u) > cap:
            u = math.copysign(cap, u)
        x -= omega ** 2 * u * dt
        t += dt
    return x


def _cases(n, seed):
    rng = random.Random(seed)
    cases = []
    while len(cases) < n:
        e, omega, mu = rng.uniform(0.55, 0.98), rng.uniform(1.05, 1.95), rng.uniform(0.05, 0.4)
        if e * omega > 1.0:
            cases.append((rng.choice([rng.uniform(0, 0.05), rng.uniform(0, 0.5), rng.uniform(0, 4)]), mu, e, omega))
    return cases


@pytest.mark.parametrize("r, mu, e, omega", _cases(12, seed=5))
def test_the_closed_form_matches_the_integrated_spring_and_slider(r, mu, e, omega):
    assert final_slip(r, mu, e, omega) == pytest.approx(spring_and_slider(r, mu, e, omega), abs=1e-6)


def test_no_initial_slip_leaves_none():
    assert final_slip(0.0, 0.2, 0.85, 1.8) == pytest.approx(0.0, abs=1e-15)


def test_gross_slip_is_coulomb_friction_all_through():
    r, mu, e = 3.0, 0.1, 0.85
    assert final_slip(r, mu, e, 1.8) == pytest.approx(r - mu * SPHERE_BETA_T * (1.0 + e), rel=1e-12)


def test_a_sticking_contact_does_not_just_stop():
    # what the rigid models lack: where Han 2005 sticks (final slip 0), the tangential
    # spring gives part of the slip back - in its direction for a small one, reversed
    # for a larger one
    assert 0.0 < final_slip(0.05, 0.2, 0.85, 1.8) < 0.05
    assert final_slip(0.5, 0.2, 0.85, 1.8) < 0.0


STRONGE = PhysicsSettings(cushion_model="stronge")


def test_a_stun_shot_into_the_cushion_with_english_differs_from_the_rigid_model(spec):
    # A ball still sliding (no roll) meets the cushion square on with side spin: the
    # contact's slip is small against the approach, Han's rigid contact sticks, the
    # compliant one throws part of the spin back. (A rolling ball's contact slips all
    # through, where the two models agree.)
    finals = {}
    for model in ("stronge", "han2005"):
        r = play(spec, {0: (0.15, 0.9)}, 1.5, 180.0, a=0.2, settings=PhysicsSettings(cushion_model=model))
        k = next(k for k, e in enumerate(r.events) if e.type == "cushion")
        assert r.energy(k) < r.energy(k - 1)
        finals[model] = r.final[0]
    assert math.dist(finals["stronge"], finals["han2005"]) > 0.05


def test_a_perpendicular_bank_without_spin_comes_straight_back(spec):
    x = spec.width / 2
    r = play(spec, {0: (x, 1.0)}, 1.5, 90.0, settings=STRONGE)
    assert any(e.type == "cushion" for e in r.events)
    assert r.final[0][0] == pytest.approx(x, abs=1e-9)


def test_energy_never_rises_in_random_cushion_shots(spec):
    rng = random.Random(9)
    for _ in range(40):
        start = (rng.uniform(0.1, spec.width - 0.1), rng.uniform(0.1, spec.length - 0.1))
        r = play(spec, {0: start}, rng.uniform(0.5, 5.0), rng.uniform(0, 360), a=rng.uniform(-0.45, 0.45),
                 b=rng.uniform(-0.2, 0.2), settings=STRONGE)
        assert not r.truncated
        for k in range(1, len(r.ev_t)):
            assert r.energy(k) <= r.energy(k - 1) * (1 + 1e-12) + 1e-12, k


def test_settings_refuse_a_frequency_ratio_where_the_solution_does_not_hold():
    with pytest.raises(InputError, match="stronge_omega_ratio"):
        PhysicsSettings(cushion_model="stronge", stronge_omega_ratio=2.0)
    with pytest.raises(InputError, match="must exceed 1"):
        PhysicsSettings(cushion_model="stronge", stronge_omega_ratio=1.1, ball=BallParams(e_cushion=0.8))
