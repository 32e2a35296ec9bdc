"""Balls in the air: closed-form flight, bounces on the slate (Alciatore TP B.10), jumps, masse (TP A.19),
flights over a ball and off the table, and the ball-ball hop of TP B.5."""

from __future__ import annotations

import math

import numpy as np
import pytest

from bola8.physics import PhysicsSettings, Strike, simulate_layout, table_spec
from bola8.physics import codes as C
from bola8.physics.engine import run_events
from bola8.physics.measure import passed_over
from bola8.physics.result import ShotResult

pytestmark = pytest.mark.own_kernels   # the event loop from given ball states (engine.run_events): compiled by its first call

SPEC = table_spec("9ft")
R = SPEC.ball_radius
G = 9.81
MPH = 0.44704
RPS = 2.0 * math.pi


def launch(balls, states, settings=None, heights=None):
    """Run the event loop from given ball states: ``balls`` number -> (x, y), ``states`` number -> (v, w),
    ``heights`` number -> height of the ball's bottom above the cloth."""
    settings = settings or PhysicsSettings()
    prm = settings.as_array(SPEC.cushion_height)
    numbers = tuple(sorted(balls))
    rvw = np.zeros((len(numbers), 3, 3))
    s = np.zeros(len(numbers), dtype=np.int64)
    for q, b in enumerate(numbers):
        rvw[q, 0, :2] = balls[b]
        rvw[q, 0, 2] = (heights or {}).get(b, 0.0)
        if b in states:
            rvw[q, 1], rvw[q, 2] = states[b]
            s[q] = C.AIRBORNE if rvw[q, 1, 2] > 0.0 or rvw[q, 0, 2] > 0.0 else C.SLIDING
    g = SPEC.geometry
    k, ev_t, ev, snap, trunc = run_events(rvw, s, prm, g.segments, g.circles, g.holes,
                                                                 settings.max_events, C.EV_STRIKE,
                                                                 C.RECORD_TRAJECTORIES)
    return ShotResult(spec=SPEC, start={b: balls[b] for b in numbers}, numbers=numbers, prm=prm, ev_t=ev_t,
                      ev_type=ev[:, 0], ev_i=ev[:, 1], ev_j=ev[:, 2], ev_o=ev[:, 3], snap=snap, truncated=bool(trunc))


def landings(r, ball=0):
    i = r.numbers.index(ball)
    return [k for k, e in enumerate(r.events) if e.type == "land" and e.balls == (ball,) and k > 0 and i >= 0]


def test_a_launched_ball_lands_where_and_when_the_parabola_says():
    vy, vz = 1.0, 1.2
    # rolling spin about x for its speed across the cloth: no slip when it lands, so nothing but the bounce
    r = launch({0: (0.6, 0.5)}, {0: ((0.0, vy, vz), (-vy / R, 0.0, 0.0))})
    k = landings(r)[0]
    t = 2.0 * vz / G
    assert r.ev_t[k] == pytest.approx(t, rel=1e-12)
    assert tuple(r.snap[k, 0, :3]) == pytest.approx((0.6, 0.5 + vy * t, 0.0), abs=1e-12)
    # half way the ball is at the top of its flight, vz^2 / 2g above the cloth
    rvw, state = r.state_at(0, t / 2.0)
    assert state == C.AIRBORNE and rvw[0, 2] == pytest.approx(vz * vz / (2.0 * G), rel=1e-12)
    assert r.position_at(0, t / 2.0) == pytest.approx((0.6, 0.5 + vy * t / 2.0), abs=1e-12)


def test_each_bounce_comes_back_at_the_tables_restitution_until_it_settles():
    e = PhysicsSettings().ball.e_table
    vz0 = 1.5
    r = launch({0: (0.6, 0.3)}, {0: ((0.0, 0.2, vz0), (-0.2 / R, 0.0, 0.0))})
    ks = landings(r)
    times = [0.0] + [float(r.ev_t[k]) for k in ks]
    flights = np.diff(times)
    # flight k lasts 2 vz_k / g with vz_k = e^k vz0, so its height vz_k^2 / 2g falls by e^2 a bounce
    assert flights == pytest.approx([2.0 * vz0 * e ** q / G for q in range(len(flights))], rel=1e-9)
    heights = [(G * f / 2.0) ** 2 / (2.0 * G) for f in flights]
    assert np.array(heights[1:]) / np.array(heights[:-1]) == pytest.approx(e * e, rel=1e-9)
    # it settles on the cloth once a bounce would rise less than the settle height
    last = ks[-1]
    assert r.snap[last, 0, 9] != C.AIRBORNE and r.snap[last, 0, 5] == 0.0
    assert (e ** len(ks) * vz0) ** 2 / (2.0 * G) < PhysicsSettings().settle_height
    assert (e ** (len(ks) - 1) * vz0) ** 2 / (2.0 * G) >= PhysicsSettings().settle_height


def test_the_bounces_of_an_elevated_draw_shot_are_alciatore_tp_b10s():
    # TP B.10's example: the cue ball leaves the tip at 11.194 mph, 5 degrees down into the slate, with
    # 34.841 rps of backspin (15 mph cue, half-radius draw); e_t 0.6, mu_s 0.2: after the bounces
    # speeds 10.855, 10.658, 10.542 mph, spins 32.897, 31.731, 31.031 rps, hops 0.848, 0.5, 0.297 ft.
    # (TP B.10 follows bounces down to 0.1 in or 1 degree; our default settles the third, 0.45 mm, at once)
    v0, w0, th = 11.194 * MPH, 34.841 * RPS, math.radians(5.0)
    r = launch({0: (0.6, 0.2)}, {0: ((0.0, v0 * math.cos(th), -v0 * math.sin(th)), (w0, 0.0, 0.0))},
               PhysicsSettings(settle_height=1e-5))
    ks = [0] + landings(r)[:3]
    speeds = [float(np.linalg.norm(r.snap[k, 0, 3:6])) / MPH for k in ks[:3]]
    spins = [float(r.snap[k, 0, 6]) / RPS for k in ks[:3]]
    hops = [float(r.snap[ks[q + 1], 0, 1] - r.snap[ks[q], 0, 1]) / 0.3048 for q in range(3)]
    assert speeds == pytest.approx([10.855, 10.658, 10.542], abs=0.002)
    assert spins == pytest.approx([32.897, 31.731, 31.031], abs=0.002)
    assert hops == pytest.approx([0.848, 0.5, 0.297], abs=0.002)


def test_a_jump_flies_over_a_ball_without_touching_it():
    r = simulate_layout(SPEC, {0: (0.635, 0.6), 3: (0.635, 1.0)}, Strike(3.0, 90.0, 35.0))
    assert passed_over(r) == (3,)
    assert all(e.type != "ball_ball" for e in r.events if e.t < r.ev_t[landings(r)[0]])
    # 0.2 m further it comes down on the 3's top; a level cue runs straight into it
    onto = simulate_layout(SPEC, {0: (0.635, 0.6), 3: (0.635, 1.2)}, Strike(3.0, 90.0, 35.0))
    assert passed_over(onto) == () and onto.events[1].type == "ball_ball" and onto.snap[1, 0, 2] > R
    flat = simulate_layout(SPEC, {0: (0.635, 0.6), 3: (0.635, 1.0)}, Strike(3.0, 90.0, 0.0))
    assert passed_over(flat) == () and flat.events[1].type == "ball_ball"


def test_a_ball_flying_over_a_cushion_leaves_the_table_where_its_centre_crosses_the_side():
    vx, vz = -2.0, 2.0
    x0, y0 = 0.3, 1.0
    r = launch({0: (x0, y0), 5: (0.9, 1.5)}, {0: ((vx, 0.0, vz), (0.0, vx / R, 0.0))})
    assert r.off_table == (0,) and set(r.final) == {5}
    ex = r.exits[0]
    t = -x0 / vx
    assert (ex.side, ex.x, ex.y, ex.t) == ("left", pytest.approx(0.0, abs=1e-12), pytest.approx(y0), pytest.approx(t))
    assert ex.z == pytest.approx(vz * t - 0.5 * G * t * t) and ex.z >= SPEC.cushion_height
    assert r.to_dict()["off_table"] == [{"ball": 0, "side": "left", "position": [ex.x, ex.y], "height": ex.z,
                                         "t": ex.t}]
    assert r.events[-1].to_dict()["side"] == "left" if r.events[-1].type == "off_table" else True


def test_a_low_flight_meets_the_cushion_and_comes_back():
    # the same flight, lower: its bottom is under the nose when it reaches the cushion
    r = launch({0: (0.1, 1.0)}, {0: ((-2.0, 0.0, 0.3), (0.0, -2.0 / R, 0.0))})
    assert r.off_table == () and r.events[1].type == "cushion" and 0 in r.final
    assert 0.0 < r.snap[1, 0, 2] < SPEC.cushion_height and r.snap[1, 0, 3] > 0.0


def test_a_flight_at_the_noses_height_strikes_its_edge():
    # its centre above the nose's edge but its bottom below the nose when it reaches the face: it meets the
    # edge (the nose line) a little later, closer to the cushion, and is thrown back and up off it
    r = launch({0: (0.1, 1.0)}, {0: ((-2.0, 0.0, 0.8), (0.0, -2.0 / R, 0.0))})
    k = next(k for k, e in enumerate(r.events) if e.type == "cushion")
    x, z = r.snap[k, 0, 0], r.snap[k, 0, 2]
    edge = SPEC.cushion_height - R                         # the nose above a resting ball's centre
    assert edge < z < SPEC.cushion_height and x < R
    assert math.hypot(x, z - edge) == pytest.approx(R + 1e-9, abs=1e-12)   # put R from the edge line
    assert r.snap[k, 0, 3] > 0.0 and r.off_table == () and 0 in r.final
    assert r.energy(k) <= r.energy(k - 1)


def test_a_ball_coming_down_on_another_pushes_it_into_the_slate_and_it_bounces():
    # the cue ball falls onto the object ball from above and behind (centres 30 mm apart across the cloth)
    r = launch({0: (0.6, 0.97), 3: (0.6, 1.0)}, {0: ((0.0, 0.3, -0.5), (0.0, 0.0, 0.0))}, heights={0: 0.05})
    hit = r.events.index(next(e for e in r.events if e.type == "ball_ball"))
    assert r.snap[hit - 1, 0, 9] == C.AIRBORNE and r.snap[hit - 1, 1, 9] == C.STATIONARY
    assert r.snap[hit, 1, 9] == C.AIRBORNE and r.snap[hit, 1, 5] > 0.0      # driven down, bounced off the slate
    assert r.snap[hit, 1, 4] > 0.0                                           # and forward
    # equal balls: the cue ball gives up its speed along the line of centres, so its fall is all but stopped
    assert abs(r.snap[hit, 0, 5]) < 0.05 and r.energy(hit) <= r.energy(hit - 1)


def test_a_rising_cue_ball_hitting_a_ball_drives_it_into_the_slate():
    r = simulate_layout(SPEC, {0: (0.635, 1.932), 3: (0.635, 2.139)}, Strike(5.39, 90.0, 41.7, 0.0, 0.16))
    hit = next(k for k, e in enumerate(r.events) if e.type == "ball_ball")
    assert r.snap[hit, 0, 2] > 0.0 and r.snap[hit, 1, 9] == C.AIRBORNE
    assert r.off_table == (3,) and r.exits[0].side == "foot"


def test_a_rolling_cue_ball_hops_after_a_hard_square_hit_as_in_tp_b5():
    # TP B.5: the friction between the balls lifts a rolling cue ball at mu_b (1 + e_b) v / 2
    # (with TP A.14's friction at these slip speeds, mu ~ 0.01: a millimetre or so at 12 m/s)
    v = 12.0
    r = launch({0: (0.635, 0.5), 3: (0.635, 0.5 + 2 * R + 0.01)}, {0: ((0.0, v, 0.0), (-v / R, 0.0, 0.0))})
    hit = next(k for k, e in enumerate(r.events) if e.type == "ball_ball")
    b = PhysicsSettings().ball
    before, _ = r.state_at(0, float(r.ev_t[hit]))       # (state_at gives the state after an event at t)
    vrel = float(r.snap[0, 0, 4]) - b.mu_roll * G * float(r.ev_t[hit])   # rolling at v: its front slides down at v
    mu = b.throw_a + b.throw_b * math.exp(-b.throw_c * vrel)
    assert r.snap[hit, 0, 9] == C.AIRBORNE
    assert r.snap[hit, 0, 5] == pytest.approx(mu * (1 + b.e_ball) * vrel / 2.0, rel=1e-9)
    assert r.snap[hit, 1, 5] == 0.0                              # the object ball is pushed down: the cloth takes it


def test_an_elevated_stroke_is_free_or_jammed_under_the_tip():
    settings = PhysicsSettings()
    from bola8.physics.strike import strike_state

    # 5 degrees: the ball leaves the tip before the slate pushes back (TP B.10): v points into the slate
    v, _ = strike_state(Strike(4.0, 90.0, 5.0), settings.ball, settings.cue)
    assert v[2] == pytest.approx(-math.hypot(v[0], v[1]) * math.tan(math.radians(5.0)))
    # 70 degrees (a masse): the rebound would run into the tip: the ball stays on the cloth
    v, _ = strike_state(Strike(2.0, 90.0, 70.0, 0.4, 0.0), settings.ball, settings.cue)
    assert v[2] == 0.0


@pytest.mark.parametrize("english", [0.4, -0.4])
def test_a_masse_curves_to_the_side_of_its_english_and_ends_on_coriolis_line(english):
    # TP A.19 (Coriolis's aiming method): the ball's final direction is from its resting point R to the
    # point A where the cue's line meets the cloth; squirt turns it away from the English by ~1-2 degrees.
    theta, phi = 70.0, 90.0
    r = simulate_layout(SPEC, {0: (0.635, 0.6)}, Strike(2.0, phi, theta, english, 0.0))
    roll = next(k for k, e in enumerate(r.events) if e.type == "slide_roll")
    final = math.degrees(math.atan2(r.snap[roll, 0, 4], r.snap[roll, 0, 3]))
    th = math.radians(theta)
    back = math.sqrt(1.0 - english ** 2)
    bx, by, bz = english, -back * math.cos(th), back * math.sin(th)     # the tip's contact point, in R
    s = (bz + 1.0) / math.sin(th)                                        # along the cue line down to the cloth
    coriolis = math.degrees(math.atan2(by + s * math.cos(th), bx))
    assert final == pytest.approx(coriolis, abs=2.0)
    assert abs(final - coriolis) > 0.1                                   # (the squirt's share)
    # the path bends towards the English side: right English ends to the right of the aim line
    assert (r.snap[roll, 0, 0] - 0.635) * english > 0.0
    initial = math.degrees(math.atan2(r.snap[0, 0, 4], r.snap[0, 0, 3]))
    assert abs(initial - phi) < abs(final - phi)                         # it starts near the aim line and curves


def test_a_ball_in_flight_over_a_pocket_and_low_drops_in_it():
    # aimed at the foot-left pocket's mouth, rising a little: it drops through the opening
    mouth = SPEC.pocket_mouths["foot-left"]
    x0, y0 = 0.3, 2.2
    d = math.dist((x0, y0), mouth)
    u = ((mouth[0] - x0) / d, (mouth[1] - y0) / d)
    r = launch({0: (x0, y0)}, {0: ((u[0] * 2.0, u[1] * 2.0, 0.3), (0.0, 0.0, 0.0))})
    assert r.pocketed and r.pocketed[0][:2] == (0, "foot-left") and r.off_table == ()
    # the same, fast and high: over the pocket and away
    r = launch({0: (x0, y0)}, {0: ((u[0] * 2.0, u[1] * 2.0, 2.5), (0.0, 0.0, 0.0))})
    assert r.off_table == (0,) and not r.pocketed


def test_a_ball_entering_a_pocket_above_the_nose_and_coming_down_over_it_drops():
    # Found by the settings property: a cue ball off both jaw tips of the head-left pocket enters its drop
    # circle just above the nose, rising, and comes down to the nose's height still over the hole; it
    # used to fly on and land beyond the table, neither pocketed nor off it.
    hole = SPEC.geometry.holes[0]
    nose = R * (1.0 + PhysicsSettings().as_array(SPEC.cushion_height)[C.P_SINT])
    start, v = (0.0509, -0.00045), (-0.8096, -1.0983, 0.3546)
    entry = 0.0136                                              # s: its centre crosses the circle here
    assert math.dist((start[0] + v[0] * entry, start[1] + v[1] * entry), hole[:2]) == pytest.approx(hole[2], abs=1e-3)
    assert 0.033 + v[2] * entry - G * entry ** 2 / 2 > nose     # above the nose as it enters
    r = launch({0: start}, {0: (v, (-6.74, 2.33, 19.77))}, heights={0: 0.033})
    assert r.pocketed and r.pocketed[0][:2] == (0, "head-left") and r.off_table == ()
    fall = (v[2] + math.sqrt(v[2] ** 2 - 2 * G * (nose - 0.033))) / G   # its bottom back at the nose
    assert r.pocketed[0][2] == pytest.approx(fall, abs=1e-9)


def test_a_ball_coming_down_beyond_the_table_and_every_shelf_is_off_the_table():
    # beyond the left cushion, in the air, low and falling: there is no slate under it
    r = launch({0: (-0.15, 0.6)}, {0: ((-0.1, 0.0, 0.0), (0.0, 0.0, 0.0))}, heights={0: 0.01})
    assert r.off_table == (0,) and not r.pocketed and r.exits[0].side == "left"
