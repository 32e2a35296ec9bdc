"""Contacts near zero speed: no tunnelling into cushions, real restitution, no chatter."""

from __future__ import annotations

import math

import numpy as np
import pytest

from bola8.game.racking import rack
from bola8.physics import PhysicsSettings, Strike, simulate_layout, table_spec
from bola8.physics import codes as C
from bola8.physics.detection import entry_dt, quadratic_entry
from bola8.physics.models import CUSHION_MODELS, names
from bola8.physics.motion import evolve

from tests.physics.geometry_checks import worst_gaps
from tests.physics.helpers import play

pytestmark = pytest.mark.own_kernels   # the contact times (detection.entry_dt, detection.quadratic_entry): compiled by its first call


def test_quadratic_entry_on_the_line_curving_back():
    # p(t) = -t^2 + 2t: on the line at t = 0, moving away, back on it at t = 2
    assert quadratic_entry(-1.0, 2.0, 0.0, 10.0) == pytest.approx(2.0, rel=1e-12)
    # a hair inside the line (p(0) < 0), moving away and curving back: the later root
    t = quadratic_entry(-1.0, 2.0, -1e-12, 10.0)
    assert t == pytest.approx(2.0, rel=1e-9) and (-t + 2.0) * t - 1e-12 <= 0.0
    # never clear of the line: the contact is where it turns back in
    assert quadratic_entry(-1.0, 1e-7, -1e-12, 10.0) == pytest.approx(5e-8, rel=1e-9)
    # moving away and not curving back, or beyond the horizon: no contact
    assert quadratic_entry(0.0, 2.0, 0.0, 10.0) == math.inf
    assert quadratic_entry(1.0, 2.0, 0.0, 10.0) == math.inf
    assert quadratic_entry(-1.0, 2.0, 0.0, 1.5) == math.inf
    # approaching now
    assert quadratic_entry(0.0, -1.0, 0.0, 10.0) == 0.0


def test_masse_off_a_cushion_does_not_sink_into_it(spec):
    # The cue ball touching the head cushion, a steep draw masse curving it back into the cushion:
    # its path re-enters the cushion line after leaving it, which must be a contact.
    R = spec.ball_radius
    r = play(spec, {0: (0.6, R)}, 2.0, 90.0, theta=80.0, b=-0.45)
    assert any(e.type == "cushion" for e in r.events)
    ball_gap, cushion_gap = worst_gaps(spec, r)
    assert cushion_gap >= -1e-9


def _cushion_normal_speeds(r, k):
    """(approach, rebound) normal speeds of ball 0 at cushion event k on a straight cushion."""
    g = r.spec.geometry
    nx, ny = g.segments[int(r.ev_o[k]), 4:6]
    before = r.snap[k - 1, 0, 3:5]
    # evolve the state of event k-1 to the time of event k
    rvw = r.snap[k - 1, 0, :9].reshape(3, 3).copy()
    evolve(rvw, int(r.snap[k - 1, 0, 9]), float(r.ev_t[k] - r.ev_t[k - 1]), r.prm)
    before = rvw[1, :2]
    after = r.snap[k, 0, 3:5]
    return -(before[0] * nx + before[1] * ny), after[0] * nx + after[1] * ny


@pytest.mark.parametrize("model", names(CUSHION_MODELS))
def test_grazing_cushion_hit_keeps_the_restitution(spec, model):
    # A ball rolling 0.15 deg into the right cushion meets it at ~0.003 m/s along the normal.
    # It must not leave faster than it came (the old guard sent it off at 0.05 m/s); then it
    # runs on down the rail into the foot-right corner, as with the guard switched off.
    r = play(spec, {0: (1.239425, 0.3)}, 1.2, 89.85, settings=PhysicsSettings(cushion_model=model))
    hits = [k for k, e in enumerate(r.events) if e.type == "cushion"]
    k = hits[0]
    v_in, v_out = _cushion_normal_speeds(r, k)
    assert 0.0 < v_in < 0.01
    assert 0.0 <= v_out <= v_in
    assert r.pocketed and r.pocketed[0][:2] == (0, "foot-right")


def test_thin_cut_keeps_the_restitution(spec):
    # A very thin cut: the line of centres almost across the cue ball's path. The object ball
    # takes (1 + e) / 2 of the approach speed along the normal, whatever its size.
    R = spec.ball_radius
    cue, ob = (0.6, 0.5), (0.6 + 2 * R * math.sin(math.radians(89.0)), 1.4)
    r = play(spec, {0: cue, 1: ob}, 1.5, 90.0)
    k = next(k for k, e in enumerate(r.events) if e.type == "ball_ball")
    rvw = r.snap[k - 1, 0, :9].reshape(3, 3).copy()
    evolve(rvw, int(r.snap[k - 1, 0, 9]), float(r.ev_t[k] - r.ev_t[k - 1]), r.prm)
    pa, pb = rvw[0, :2], r.snap[k, 1, 0:2]
    n = (pb - pa) / np.linalg.norm(pb - pa)
    v_app = float(rvw[1, :2] @ n)
    assert 0.0 < v_app < 0.05
    e = r.prm[C.P_EB]
    assert float(r.snap[k, 1, 3:5] @ n) == pytest.approx(0.5 * (1.0 + e) * v_app, rel=1e-6)


def _energy_never_rises(r):
    for k in range(1, len(r.events)):
        assert r.energy(k) <= r.energy(k - 1) * (1 + 1e-12) + 1e-12, k


def test_ball_pressed_into_a_cushion_does_not_chatter():
    # A masse from a ball frozen to the left cushion: its spin drives it into the cushion
    # for a long time. Without a guard the rebounds shrink geometrically (2,231 contacts).
    spec = table_spec("9ft")
    R = spec.ball_radius
    r = play(spec, {0: (R + 1e-6, 0.22258927633287995)}, 2.081322284522278, 91.38248518843764,
             theta=60.847503067752754, a=-0.3624478557974462, b=-0.21352755291218517)
    assert not r.truncated
    assert sum(e.type == "cushion" for e in r.events) < 100
    _energy_never_rises(r)
    assert worst_gaps(spec, r)[1] >= -1e-9


def test_two_slow_balls_moving_together_do_not_chatter():
    # After this break two slow rolling balls (1 and 8) stay pressed together by their
    # rolling resistance: elastic contacts at ~1e-5 m/s every 0.3 ms took 470 collisions.
    spec = table_spec("9ft")
    # The perfect lattice (neighbours 2R + 1 um apart) of rack seed 17, where this was found.
    balls = {**dict(rack(spec, 17, "lattice")), 0: (0.5531225784695822, 0.21510825286932936)}
    r = simulate_layout(spec, balls, Strike(9.157721544853079, 87.87870628738878, 0,
                                            -0.017733959403734095, -0.04694563085304637))
    assert not r.truncated
    pairs = {}
    for e in r.events:
        if e.type == "ball_ball":
            pairs[e.balls] = pairs.get(e.balls, 0) + 1
    assert max(pairs.values()) < 40, max(pairs.items(), key=lambda kv: kv[1])
    assert len(r.events) < 400
    _energy_never_rises(r)
    ball_gap, cushion_gap = worst_gaps(spec, r)
    assert ball_gap >= -1e-9 and cushion_gap >= -1e-9


def test_contact_filters_never_change_a_contact_time():
    # The cheap bounds in front of the contact quartic may only skip calls whose answer is "no
    # contact": near-grazing passes, head-on approaches, balls moving apart, curving paths.
    from bola8.physics.roots import quartic_entry

    rng = np.random.default_rng(5)
    checked = found = 0
    for _ in range(20000):
        rad = float(rng.choice([2 * 0.028575, 0.028575 + 0.01, 0.06]))
        v = rng.uniform(0.01, 10.0)
        a = rng.uniform(0.0, 2 * math.pi)
        d1 = np.array([v * math.cos(a), v * math.sin(a)])
        d2 = rng.normal(size=2) * rng.choice([0.0, 0.05, 1.0])
        # start so that the straight path passes the origin at miss distance rad + gap after t0
        t0 = rng.uniform(0.0, 2.0)
        gap = float(rng.choice([-1e-3, -1e-9, 0.0, 1e-12, 1e-9, 1e-8, 1e-6, 1e-3, 0.1]))
        side = np.array([-d1[1], d1[0]]) / v * (rad + gap) * rng.choice([-1.0, 1.0])
        d0 = side - d1 * t0 - d2 * t0 * t0
        if np.hypot(*d0) <= rad:
            continue
        h = rng.uniform(0.0, 3.0)
        (d0x, d0y), (d1x, d1y), (d2x, d2y) = d0.tolist(), d1.tolist(), d2.tolist()
        got = entry_dt(d0x, d0y, 0.0, d1x, d1y, 0.0, d2x, d2y, 0.0, rad, h)
        n0 = float(np.hypot(d0x, d0y))
        want = quartic_entry(d2x * d2x + d2y * d2y, 2.0 * (d1x * d2x + d1y * d2y),
                             d1x * d1x + d1y * d1y + 2.0 * (d0x * d2x + d0y * d2y),
                             2.0 * (d0x * d1x + d0y * d1y), n0 * n0 - rad * rad, 0.0, h)
        assert got == want, (d0, d1, d2, rad, h)
        checked += 1
        found += want != math.inf
    assert checked > 15000 and 1000 < found < checked - 1000
