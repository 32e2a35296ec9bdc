"""Any physics settings within their documented ranges: no shot raises, overlaps, tunnels or gains energy.

Also the division by zero that once came out of the path of a ball whose slide ended at the same instant as
another ball's (``motion.path_terms``).
"""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bola8.physics import BallParams, CueParams, PhysicsSettings, Strike, simulate_layout, table_spec
from bola8.physics import codes as C
from bola8.physics.models import BALL_MODELS, CUSHION_MODELS, names
from bola8.physics.motion import evolved, path_terms

from tests.physics.geometry_checks import worst_gaps
from tests.physics.test_robustness import TOL, _random_layout, _random_strike
from tests.physics.test_shots import _assert_sane

pytestmark = pytest.mark.own_kernels   # the equations of motion (motion.evolved, motion.path_terms): compiled by its first call

SPEC = table_spec("9ft")
R = SPEC.ball_radius


CUE, OBJECT = (1.241425, 1.4285148495549078), (0.9059292952907337, 0.5962052895642932)


@pytest.mark.parametrize("physics", [PhysicsSettings(cushion_model="stronge", ball=BallParams(throw_a=0.0, throw_b=0.0)),
                                     PhysicsSettings(cushion_model="stronge", ball_model="frictionless")],
                         ids=["throw-off", "frictionless"])
def test_two_balls_ending_their_slide_at_the_same_instant(physics):
    # Found by the random shots: the cue ball rolls into the object ball; with no friction between
    # them the two slides that follow end at the same instant, and after the first one's
    # transition the second ball's path was asked with a slip of exactly zero: ZeroDivisionError.
    r = simulate_layout(SPEC, {0: CUE, 2: OBJECT},
                        Strike(1.0934569882153347, 302.4944611853344, 5.58244853642056, -0.040825528577426495,
                               0.20856390437313566), physics)
    hit = next(k for k, e in enumerate(r.events) if e.type == "ball_ball")
    assert r.snap[hit - 1, 0, 9] == C.ROLLING
    ends = r.events[hit + 1:hit + 3]
    assert [e.type for e in ends] == ["slide_roll", "slide_roll"] and ends[0].t == ends[1].t
    assert {ends[0].balls, ends[1].balls} == {(0,), (2,)}
    assert set(r.final) == {0, 2}
    _assert_sane(SPEC, {0: CUE, 2: OBJECT}, r)


def test_a_ball_at_the_very_end_of_its_slide_or_roll_has_a_finite_path():
    # zero slip while sliding, zero speed while rolling: no t^2 term, and evolving it moves it on
    assert path_terms(C.SLIDING, 0.5, 0.5, 1.0, 0.0, 0.0, 1.0 / R, R, 0.2, 0.01, 9.81) == (
        0.5, 0.5, 1.0, 0.0, 0.0, 0.0)
    assert path_terms(C.ROLLING, 0.5, 0.5, 0.0, 0.0, 0.0, 0.0, R, 0.2, 0.01, 9.81) == (0.5, 0.5, 0.0, 0.0, 0.0, 0.0)
    x, y, vx, vy, wx, wy, _ = evolved(C.SLIDING, 1e-3, 0.5, 0.5, 1.0, 0.0, 0.0, 1.0 / R, 0.0, R, 9.81, 0.2, 0.01,
                                      0.0117)
    assert (x, y, vx, vy, wx, wy) == (0.501, 0.5, 1.0, 0.0, 0.0, 1.0 / R)
    assert evolved(C.ROLLING, 1e-3, 0.5, 0.5, 0.0, 0.0, 0.0, 0.0, 2.0, R, 9.81, 0.2, 0.01, 0.0117)[:6] == (
        0.5, 0.5, 0.0, 0.0, 0.0, 0.0)


# The documented ranges (params.BallParams, CueParams, PhysicsSettings): sliding 0.15-0.4, rolling
# 0.005-0.015, spin deceleration 5-15 rad/s^2 (mu_spin = decel 2R / (5 g)), ball restitution 0.92-0.98,
# rail restitution 0.6-0.9, mass 5.5-6 oz, tip efficiency 0.71-0.75; throw from none to twice the
# default; Stronge's frequency ratio in (1, 2) with its product with the rail restitution above 1.
# Balls in the air: table restitution 0.4-0.7 (Alciatore: 0.5 on his properties page, 0.6 in TP B.10), the
# settle height 0.1-2 mm, a cue from a jump cue's 0.25 kg to a break cue's 0.6 kg (it decides when the ball is
# jammed under the tip). The random strokes reach 80 degrees of elevation and 12 m/s (test_robustness).
physics_settings = st.builds(
    lambda mus, mur, decel, eb, ta, tb, tc, ec, muc, mass, tip, end_mass, cushion, ball, omega, chatter, vmin,
    et, settle, cue_mass:
    PhysicsSettings(
        ball=BallParams(mass=mass, mu_slide=mus, mu_roll=mur, mu_spin=decel * 2.0 * R / (5.0 * 9.81), e_ball=eb,
                        throw_a=ta, throw_b=tb, throw_c=tc, e_cushion=ec, mu_cushion=muc, e_table=et),
        cue=CueParams(tip_restitution=tip, end_mass=end_mass, mass=cue_mass),
        cushion_model=cushion, ball_model=ball,
        stronge_omega_ratio=max(omega, 1.0 / ec + 1e-3) if cushion == "stronge" else omega,
        chatter_time=chatter, min_normal_speed=vmin, settle_height=settle),
    st.floats(0.15, 0.4), st.floats(0.005, 0.015), st.floats(5.0, 15.0), st.floats(0.92, 0.98),
    st.floats(0.0, 0.02), st.floats(0.0, 0.216), st.floats(0.5, 2.0), st.floats(0.6, 0.9), st.floats(0.05, 0.3),
    st.floats(0.156, 0.170), st.floats(0.71, 0.75), st.floats(0.004, 0.012),
    st.sampled_from(names(CUSHION_MODELS)), st.sampled_from(names(BALL_MODELS)), st.floats(1.12, 1.99),
    st.floats(0.005, 0.05), st.floats(0.02, 0.1), st.floats(0.4, 0.7), st.floats(1e-4, 2e-3),
    st.floats(0.25, 0.6))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(physics=physics_settings, seed=st.integers(0, 2**32 - 1))
def test_no_shot_raises_overlaps_tunnels_or_gains_energy_under_any_settings(physics, seed):
    rng = random.Random(seed)
    spec = table_spec(rng.choice(("7ft", "8ft", "9ft")))
    balls = _random_layout(spec, rng, rng.choice([2, 3, rng.randint(4, 16)]))
    strike = _random_strike(rng)
    r = simulate_layout(spec, balls, strike, physics)
    assert not r.truncated
    ball_gap, cushion_gap = worst_gaps(spec, r)
    assert ball_gap >= -TOL and cushion_gap >= -TOL, (ball_gap, cushion_gap)
    _assert_sane(spec, balls, r)


def test_the_strategy_reaches_every_model_and_the_ends_of_the_ranges():
    # the property above is only as wide as its settings: check the strategy spans what it claims
    seen = set()

    @settings(max_examples=80, deadline=None, database=None, derandomize=True)   # a fixed draw: coverage, not luck
    @given(physics_settings)
    def collect(p):
        seen.add((p.cushion_model, p.ball_model))
        assert 0.15 <= p.ball.mu_slide <= 0.4 and 0.6 <= p.ball.e_cushion <= 0.9
        assert math.isfinite(p.ball.mu_spin) and 0.005 < p.ball.mu_spin < 0.018

    collect()
    assert {c for c, _ in seen} == set(names(CUSHION_MODELS))
    # and the random strokes lift balls, bounce them, and send some off the table
    rng = random.Random(3)
    kinds: set[str] = set()
    for _ in range(60):
        spec = table_spec("9ft")
        r = simulate_layout(spec, _random_layout(spec, rng, rng.randint(2, 16)), _random_strike(rng))
        kinds |= {e.type for e in r.events}
    assert {"land", "off_table"} <= kinds
    assert {b for _, b in seen} == set(names(BALL_MODELS))
