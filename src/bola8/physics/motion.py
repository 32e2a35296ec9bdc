# mypy: disallow-untyped-defs=False, disallow-incomplete-defs=False, disallow-untyped-calls=False
# (numba kernels: numba types them at compile time from the arrays and floats they receive; the ones Python
# calls are annotated)
"""A ball's motion between events, in closed form (Leckie & Greenspan 2006).

Ball state: ``rvw`` = position, velocity, angular velocity (3 x 3, z up, the
ball's centre on the plane z = 0), ``s`` the motion state. Between events a
ball moves in closed form, position quadratic in time:

- sliding: the slip of the contact point, u = (v_x - R w_y, v_y + R w_x), keeps its direction; friction
  mu_s m g opposes it, so v changes at -mu_s g u^, w_xy at (5 mu_s g / 2R)
  (z x u^), and the slip ends after 2|u| / (7 mu_s g);
- rolling: v decreases at mu_r g along v^ and stops after |v| / (mu_r g);
- spinning (in place) and the z-spin of every ball on the cloth decay at
  5 mu_sp g / (2R) until zero;
- airborne (in flight): the centre's height z above its resting height (the
  height of the ball's bottom above the cloth) is a parabola, z0 + vz t - g t^2 / 2,
  the horizontal velocity and the whole spin stay constant (no air drag): the
  ball lands when z returns to 0, where ``slate_bounce`` bounces it (Alciatore
  TP B.10: restitution ``e_table`` and cloth friction during the bounce) or
  lets it settle on the cloth.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from bola8.physics._jit import kernel
from bola8.physics.codes import (AIRBORNE, EPS_V, EPS_W, EV_LAND, EV_ROLL_SPIN, EV_ROLL_STOP, EV_SLIDE_ROLL, EV_SLIDE_SPIN,
                                 EV_SLIDE_STOP, EV_SPIN_STOP, INF, OFF_TABLE, P_ET, P_G, P_M, P_MUR, P_MUS, P_MUSP,
                                 P_R, P_VSETTLE, POCKETED, ROLLING, SLIDING, SPINNING, STATIONARY)
from bola8.physics.scalar import larger, smaller

FloatArray = npt.NDArray[np.float64]


@kernel()
def slip_xy(rvw, R):
    """The velocity of the ball's contact point with the cloth (x, y): zero when it rolls."""
    return rvw[1, 0] - R * rvw[2, 1], rvw[1, 1] + R * rvw[2, 0]


@kernel(tested=True)
def classify(rvw: FloatArray, prm: FloatArray) -> int:
    """The motion state a ball is in, from its height and velocities."""
    if rvw[0, 2] > 0.0 or rvw[1, 2] > 0.0:
        return AIRBORNE
    R = prm[P_R]
    speed = np.hypot(rvw[1, 0], rvw[1, 1])
    ux, uy = slip_xy(rvw, R)
    if np.hypot(ux, uy) > EPS_V:
        return SLIDING
    if speed > EPS_V:
        return ROLLING
    if abs(rvw[2, 2]) > EPS_W:
        return SPINNING
    return STATIONARY


@kernel()
def transition_dt(rvw, s, prm):
    """Time from now to the ball's next motion transition (inf if none)."""
    R, g = prm[P_R], prm[P_G]
    if s == SLIDING:
        ux, uy = slip_xy(rvw, R)
        return 2.0 * np.hypot(ux, uy) / (7.0 * prm[P_MUS] * g)
    if s == ROLLING:
        return np.hypot(rvw[1, 0], rvw[1, 1]) / (prm[P_MUR] * g)
    if s == SPINNING:
        return 2.0 * R * abs(rvw[2, 2]) / (5.0 * prm[P_MUSP] * g)
    if s == AIRBORNE:
        # until it comes down to the cloth: z + vz t - g t^2 / 2 = 0 (z >= 0)
        z, vz = rvw[0, 2], rvw[1, 2]
        return (vz + np.sqrt(vz * vz + 2.0 * g * larger(z, 0.0))) / g
    return INF


# The loop calls these per ball and per event on scalars: a call that passes arrays costs an
# atomic reference-count update per array (also when numba inlines it), more than the arithmetic.

@kernel(tested=True)
def path_terms(s, x, y, vx, vy, wx, wy, R, mus, mur, g):
    """(x0, y0, x1, y1, x2, y2): r(t) = (x0, y0) + (x1, y1) t + (x2, y2) t^2 while the ball keeps its state."""
    # A ball can be asked at the very instant its slide or roll ends, before its own transition
    # event (two balls ending their slide at once: after the first one's event, the loop asks for
    # the other's path at that time). Its slip (or speed) is then exactly zero and has no direction:
    # no friction acts over the zero time left, so the path has no t^2 term (not a 0 / 0).
    if s == SLIDING:
        ux, uy = vx - R * wy, vy + R * wx
        un = np.hypot(ux, uy)
        if un == 0.0:
            return x, y, vx, vy, 0.0, 0.0
        k = -0.5 * mus * g / un
        return x, y, vx, vy, k * ux, k * uy
    if s == ROLLING:
        vn = np.hypot(vx, vy)
        if vn == 0.0:
            return x, y, 0.0, 0.0, 0.0, 0.0
        k = -0.5 * mur * g / vn
        return x, y, vx, vy, k * vx, k * vy
    if s == AIRBORNE:
        return x, y, vx, vy, 0.0, 0.0
    return x, y, 0.0, 0.0, 0.0, 0.0


@kernel(entry=True)
def path_coeffs(rvw: FloatArray, s: int, prm: FloatArray, out: FloatArray) -> None:
    """r(t) = out[0:2] + out[2:4] t + out[4:6] t^2 while the ball keeps its state."""
    out[0], out[1], out[2], out[3], out[4], out[5] = path_terms(
        s, rvw[0, 0], rvw[0, 1], rvw[1, 0], rvw[1, 1], rvw[2, 0], rvw[2, 1], prm[P_R], prm[P_MUS], prm[P_MUR],
        prm[P_G])


@kernel(tested=True)
def evolved(s, dt, x, y, vx, vy, wx, wy, wz, R, g, mus, mur, musp):
    """A ball's (x, y, vx, vy, wx, wy, wz) after dt in closed form (within its current motion state)."""
    if dt <= 0.0 or s == STATIONARY or s == POCKETED or s == OFF_TABLE:
        return x, y, vx, vy, wx, wy, wz
    if s == AIRBORNE:
        return x + vx * dt, y + vy * dt, vx, vy, wx, wy, wz     # no cloth: spin kept, straight over the cloth
    # z-spin decays in every state
    dec = 5.0 * musp * g / (2.0 * R) * dt
    if abs(wz) <= dec:
        wz_new = 0.0
    else:
        wz_new = wz - dec if wz > 0 else wz + dec
    if s == SLIDING:
        ux, uy = vx - R * wy, vy + R * wx
        un = np.hypot(ux, uy)
        if un == 0.0:
            # the slide has ended (see path_terms): no friction for the rounding-sized rest of it
            return x + vx * dt, y + vy * dt, vx, vy, wx, wy, wz_new
        ex, ey = ux / un, uy / un
        a = mus * g
        x += vx * dt - 0.5 * a * dt * dt * ex
        y += vy * dt - 0.5 * a * dt * dt * ey
        vx -= a * dt * ex
        vy -= a * dt * ey
        k = 5.0 * a / (2.0 * R) * dt
        wx += -k * ey
        wy += k * ex
    elif s == ROLLING:
        vn = np.hypot(vx, vy)
        if vn == 0.0:
            return x, y, 0.0, 0.0, 0.0, 0.0, wz_new   # the roll has ended (see path_terms)
        ex, ey = vx / vn, vy / vn
        a = mur * g
        x += vx * dt - 0.5 * a * dt * dt * ex
        y += vy * dt - 0.5 * a * dt * dt * ey
        vn2 = vn - a * dt
        if vn2 < 0.0:
            vn2 = 0.0
        vx = vn2 * ex
        vy = vn2 * ey
        wx = -vy / R
        wy = vx / R
    return x, y, vx, vy, wx, wy, wz_new


@kernel(inline="always")
def flown(z, vz, dt, g):
    """(z, vz) of a ball in flight after dt."""
    return z + vz * dt - 0.5 * g * dt * dt, vz - g * dt


@kernel(entry=True)
def evolve(rvw: FloatArray, s: int, dt: float, prm: FloatArray) -> None:
    """Advance one ball (rvw 3 x 3, in place) by dt in closed form (within its current motion state)."""
    rvw[0, 0], rvw[0, 1], rvw[1, 0], rvw[1, 1], rvw[2, 0], rvw[2, 1], rvw[2, 2] = evolved(
        s, dt, rvw[0, 0], rvw[0, 1], rvw[1, 0], rvw[1, 1], rvw[2, 0], rvw[2, 1], rvw[2, 2],
        prm[P_R], prm[P_G], prm[P_MUS], prm[P_MUR], prm[P_MUSP])
    if s == AIRBORNE and dt > 0.0:
        rvw[0, 2], rvw[1, 2] = flown(rvw[0, 2], rvw[1, 2], dt, prm[P_G])


@kernel()
def resolve_transition(b, s, prm):
    """End of a motion phase; returns (new state, event code)."""
    R = prm[P_R]
    if s == AIRBORNE:
        # the flight ends on the slate (the caller has put the ball at its landing point)
        b[0, 2] = 0.0
        slate_bounce(b, prm)
        return settle(b, prm), EV_LAND
    if s == SLIDING:
        b[2, 0] = -b[1, 1] / R
        b[2, 1] = b[1, 0] / R
        ns = classify(b, prm)
        if ns == ROLLING:
            return ROLLING, EV_SLIDE_ROLL
        b[1, 0] = 0.0
        b[1, 1] = 0.0
        b[2, 0] = 0.0
        b[2, 1] = 0.0
        if ns == SPINNING:
            return SPINNING, EV_SLIDE_SPIN
        b[2, 2] = 0.0
        return STATIONARY, EV_SLIDE_STOP
    if s == ROLLING:
        b[1, 0] = 0.0
        b[1, 1] = 0.0
        b[2, 0] = 0.0
        b[2, 1] = 0.0
        if abs(b[2, 2]) > EPS_W:
            return SPINNING, EV_ROLL_SPIN
        b[2, 2] = 0.0
        return STATIONARY, EV_ROLL_STOP
    b[2, 2] = 0.0
    return STATIONARY, EV_SPIN_STOP


@kernel()
def slate_bounce(b, prm):
    """A ball coming down on the slate (b[1, 2] < 0): Alciatore TP B.10's bounce, in place.

    The vertical speed comes back at ``e_table`` times its approach; the normal
    impulse m (1 + e_table) v_down brings cloth friction against the slip of the
    contact point (mu_slide times it, or less if that stops the slip: then the
    ball leaves rolling), which takes horizontal speed and spin as in TP B.10.
    A rebound slower than the settle speed is taken by the cloth (the ball stays on it).
    """
    R, m = prm[P_R], prm[P_M]
    vn = -b[1, 2]
    b[0, 2] = 0.0
    if vn <= 0.0:
        return
    jn = m * (1.0 + prm[P_ET]) * vn
    b[1, 2] = prm[P_ET] * vn
    ux, uy = slip_xy(b, R)
    un = np.hypot(ux, uy)
    if un > 0.0:
        jt = smaller(prm[P_MUS] * jn, m * un / 3.5)    # 3.5 = 1 + m R^2 / I: the impulse that stops the slip
        fx, fy = -jt * ux / un, -jt * uy / un
        inertia = 0.4 * m * R * R
        b[1, 0] += fx / m
        b[1, 1] += fy / m
        b[2, 0] += R * fy / inertia
        b[2, 1] -= R * fx / inertia
    if b[1, 2] < prm[P_VSETTLE]:
        b[1, 2] = 0.0


@kernel()
def settle(b, prm):
    """State after a collision, with negligible velocities made exactly zero.

    A ball at cloth height driven down bounces off the slate; lifted too slowly, it stays on the cloth.
    """
    if b[0, 2] <= 0.0:
        b[0, 2] = 0.0
        if b[1, 2] < 0.0:
            slate_bounce(b, prm)
        elif b[1, 2] < prm[P_VSETTLE]:
            b[1, 2] = 0.0
    s = classify(b, prm)
    if s == STATIONARY:
        b[1, :] = 0.0
        b[2, :] = 0.0
    elif s == SPINNING:
        b[1, :] = 0.0
        b[2, 0] = 0.0
        b[2, 1] = 0.0
    return s
