"""Stronge's compliant cushion: the closed form against a direct integration, and on the table."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from bola8.errors import InputError
from bola8.physics import BallParams, PhysicsSettings
from bola8.physics import codes as C
from bola8.physics.cushion import resolve_cushion
from bola8.physics import table_spec
from bola8.physics.models.stronge import SPHERE_BETA_T, final_slip

from tests.physics.helpers import play

pytestmark = pytest.mark.own_kernels   # Stronge's cushion model alone (cushion.resolve_cushion, stronge.final_slip): compiled by its first call


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


# --- square (perpendicular) hits: where Stronge and Han 2005 agree, and where they differ ---------
#
# On the nose (height h, sin(theta) = h / R - 1 = 0.27 on our tables) a ball coming square at v
# with topspin w (k = w R / v; 1 rolling, 0 stun, < 0 draw) and no side spin has a contact that
# slips in the vertical plane at |k + sin(theta)| v against a normal approach c = v cos(theta):
# the ratio r = |k + sin(theta)| / cos(theta) decides everything, at any speed. Han's rigid contact
# sticks (final slip 0) below mu (1 + e) beta_t = 0.907; Stronge's spring and slider slides all
# through above mu ((1 + e) beta_t - beta_t / (omega^2 e)) = 0.729 (default mu 0.14, e 0.85,
# omega 1.8). Above 0.907 both deliver the full friction impulse mu (1 + e) m c, so they agree
# (to rounding). A rolling ball has r = (1 + sin(theta)) / cos(theta) = 1.319, well inside: identical
# results are the physics, not a stuck spring (so do follow balls, k > 0.60, and hard draw,
# k < -1.14). They differ when the ball still carries stun or some draw at the cushion
# (r < 0.907): Han stops the slip, Stronge's spring reverses it.

def _square_hit(model, v, k, side=0.0):
    """The foot cushion's impulse on a ball coming square (+y) at v with topspin k v / R and side spin."""
    prm = PhysicsSettings(cushion_model=model).as_array(table_spec("9ft").cushion_height)
    b = np.zeros((3, 3))
    b[1, 1] = v
    b[2, 0] = -k * v / prm[C.P_R]      # rolling along +y: w_x = -v / R
    b[2, 2] = side
    before = b.copy()
    resolve_cushion(b, 0.0, -1.0, prm, math.inf)
    return before, b, prm


def _local(b):
    """Velocity and spin in the foot cushion's frame: e1 = +y (into it), e2 = z x e1 = -x, e3 = z."""
    return np.array([b[1, 1], -b[1, 0], 0.0]), np.array([b[2, 1], -b[2, 0], b[2, 2]])


def _nose_slip(before, prm, after=None):
    """(slip vector at the nose contact, normal approach speed) before the impact, or after it if given.

    After: the model's impulse J (normal along the contact radius r, tangential J_t) turns the spin by
    r x J / I, so J_t = I (dw x r) / R^2, and the slip changes by J_t / m + (dw x r) = 1.4 (dw x r).
    (Not read from the outgoing velocity: the engine drops the vertical velocity the nose's impulse
    gives, which the cloth takes.)
    """
    R, sq = prm[C.P_R], prm[C.P_SINT]
    cq = math.sqrt(1.0 - sq * sq)
    r = R * np.array([cq, 0.0, sq])
    n = -r / R
    v, w = _local(before)
    u = v + np.cross(w, r)
    slip = u - np.dot(u, n) * n
    if after is not None:
        slip = slip + 1.4 * np.cross(_local(after)[1] - w, r)
    return slip, v[0] * cq


@pytest.mark.parametrize("v", [1.0, 2.0, 3.0])
@pytest.mark.parametrize("k, side", [(1.0, 0.0), (1.0, 15.0), (1.0, -30.0), (1.3, 0.0), (0.75, 0.0)])
def test_a_rolling_or_follow_ball_square_into_the_cushion_slides_all_through_and_the_models_agree(v, k, side):
    # (see the note above) rolling, k = 1: r = 1.319, over both models' bounds, so the contact
    # slides through the whole impact in both and both take the full friction impulse; side spin
    # only adds slip along the cushion. k = 0.75 (r = 1.06) is a follow ball not yet rolling.
    before, han, prm = _square_hit("han2005", v, k, side)
    _, stronge, _ = _square_hit("stronge", v, k, side)
    slip, c = _nose_slip(before, prm)
    r = float(np.linalg.norm(slip)) / c
    assert np.dot(_nose_slip(before, prm, stronge)[0], slip) > 0.0     # still slipping the same way
    mu, e = prm[C.P_MUC], prm[C.P_EC]
    assert r > mu * (1.0 + e) * SPHERE_BETA_T
    # the spring and slider integrated step by step: Coulomb friction all through, nothing given back
    assert spring_and_slider(r, mu, e, 1.8) == pytest.approx(r - mu * SPHERE_BETA_T * (1.0 + e), abs=1e-6)
    np.testing.assert_allclose(stronge, han, rtol=0, atol=1e-12)


def test_rolling_balls_sent_square_into_the_cushion_play_out_the_same_in_both_models(spec):
    # the reviewer's case: from the middle of the table a draw, stun or follow ball has turned
    # into roll before the foot cushion, so the whole shot is the same in both models
    for speed, b, a in [(1.0, 0.0, 0.0), (1.0, 0.4, 0.2), (2.0, -0.4, 0.0), (2.0, 0.0, -0.2), (3.0, 0.4, 0.0)]:
        runs = [play(spec, {0: (spec.width / 2, 0.8)}, speed, 90.0, a=a, b=b,
                     settings=PhysicsSettings(cushion_model=m)) for m in ("han2005", "stronge")]
        assert any(e.type == "cushion" for e in runs[0].events)
        # the same events; states to rounding (Stronge's impulse is m (ts - c (r - mu beta (1 + e))) / beta,
        # Han's mu (1 + e) m c: the same number by another route)
        np.testing.assert_array_equal(runs[0].ev_type, runs[1].ev_type)
        np.testing.assert_allclose(runs[0].ev_t, runs[1].ev_t, rtol=1e-12, atol=1e-12)
        np.testing.assert_allclose(runs[0].snap, runs[1].snap, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("v", [1.0, 3.0])
@pytest.mark.parametrize("k", [0.0, 0.3, -0.5, -1.04])
def test_a_stun_or_draw_ball_square_into_the_cushion_sticks_and_stronge_reverses_the_slip(v, k):
    # (see the note above) stun, k = 0: r = 0.28; k = 0.3: 0.59; draw k = -0.5: 0.24; k = -1.04:
    # r = 0.80, between the bounds, where Stronge's slider slides all through yet the body slip
    # ends reversed (the spring unloads against it) while Han's contact sticks
    before, han, prm = _square_hit("han2005", v, k)
    _, stronge, _ = _square_hit("stronge", v, k)
    slip, c = _nose_slip(before, prm)
    r = float(np.linalg.norm(slip)) / c
    assert r < prm[C.P_MUC] * (1.0 + prm[C.P_EC]) * SPHERE_BETA_T
    direction = slip / np.linalg.norm(slip)
    han_slip, stronge_slip = _nose_slip(before, prm, han)[0], _nose_slip(before, prm, stronge)[0]
    assert np.linalg.norm(han_slip) == pytest.approx(0.0, abs=1e-12)     # rigid: stops
    expected = spring_and_slider(r, prm[C.P_MUC], prm[C.P_EC], 1.8)
    assert expected < -0.01                                              # compliant: comes back reversed
    np.testing.assert_allclose(stronge_slip, expected * c * direction, rtol=0, atol=2e-6 * c)
    # so the ball leaves the cushion with a different spin
    assert abs(stronge[2, 0] - han[2, 0]) > 0.5


def test_a_stun_ball_close_to_the_cushion_comes_off_with_more_roll_in_stronge(spec):
    # 5 cm from the foot cushion at 2 m/s the ball is still stunned (k = 0.03) when it arrives
    runs = {}
    for m in ("han2005", "stronge"):
        r = play(spec, {0: (spec.width / 2, spec.length - 0.0786)}, 2.0, 90.0,
                 settings=PhysicsSettings(cushion_model=m))
        k = next(k for k, e in enumerate(r.events) if e.type == "cushion")
        runs[m] = r.snap[k, 0]
    (hv, hw), (sv, sw) = (runs["han2005"][3:5], runs["han2005"][6]), (runs["stronge"][3:5], runs["stronge"][6])
    assert hv[1] < 0 and sv[1] < 0
    # rolling away from the cushion (-y) has w_x > 0 as topspin here: both leave with spin the same way
    # as their motion, Stronge's about 1.5 times Han's (25.7 against 17.0 rad/s)
    assert sw / hw == pytest.approx(1.51, abs=0.03)
