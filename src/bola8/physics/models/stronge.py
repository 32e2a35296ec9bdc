# mypy: disallow-untyped-defs=False, disallow-incomplete-defs=False, disallow-untyped-calls=False
# (numba kernels: numba types them at compile time from the arrays and floats they receive; the ones Python
# calls are annotated)
"""Cushion model "stronge": Stronge's compliant frictional impact of a sphere on a half-space.

W. J. Stronge, *Impact Mechanics* (Cambridge, 2000; 2nd ed. 2018), ch. 5
("tangential compliance"): the contact is a normal spring and a tangential
spring. The normal spring compresses for a quarter period at frequency w_n
and restores for ``e`` times as long (so the normal speed leaves at ``e``
times its approach); the tangential spring oscillates at w_t while the
contact sticks, and carries friction ``mu`` times the normal force while it
slips. The spring can give back tangential energy, so the contact's slip can
reverse - the effect that makes banks and kicks with spin come off the
cushion at the angles players see, which rigid models (Han 2005) miss.
pooltool adopted it as its default cushion model in 0.6.0 (PR #240).

The solution depends only on the frequency ratio w_t / w_n (in (1, 2) for
real materials), so time is measured in units of 1 / w_n and speeds in units
of the normal approach speed. The slip direction is taken as fixed through
the impact (collinear impact, Stronge's planar case).

Phases (at most three): slip, stick, slip; or stick, slip; or slip only
("gross slip"). This holds when e * w_t / w_n > 1, which PhysicsSettings
checks: then the contact's slip speed falls monotonically while it slips
(below it, it rises again in restitution and the gross-slip test is wrong -
in pooltool's version too). The times where a slip stops are closed form;
where a stick ends is the first time the spring force exceeds the friction
limit, bracketed on a grid and refined by bisection, and the final slip
runs against the spring's deflection at that moment.

Above the rigid model's stick bound (initial slip over mu (1 + e) beta_t
times the approach) both this and Han 2005 slide all through and deliver the
same impulse, mu (1 + e) m c. A rolling ball hitting a cushion square on is
there on our tables (slip ratio (1 + sin theta) / cos theta = 1.32 for the
nose at sin theta = 0.27, against 0.91): the two models agree on it, as they
should; they differ for a ball still stunned or drawing at the cushion.

Checked in tests/physics/test_stronge.py against a direct integration of
the spring and slider (elastic-perfectly-plastic contact); in the valid range
it also agrees with pooltool 0.6.0's resolver to 5e-16 (1,832 random cases,
run once with the benchmark's pooltool venv).
"""

from __future__ import annotations

import numpy as np

from bola8.physics._jit import kernel
from bola8.physics.codes import P_EC, P_M, P_MUC, P_OMEGA
from bola8.physics.models.nose import SPHERE_BETA_T, nose_apply, nose_contact
from bola8.physics.scalar import larger, smaller

_GRID = 64            # grid steps over the stick phase when looking for its end
_BISECT = 60          # bisection steps: the bracket shrinks by 2^-60


@kernel()
def _phase(t, e):
    """The normal oscillation's phase at (nondimensional) time t: pi/2 at full compression, pi at the end."""
    half = 0.5 * np.pi
    if t <= half:
        return t
    return t / e + half * (1.0 - 1.0 / e)


@kernel()
def _impulse(t, e):
    """Normal impulse delivered by time t, per unit mass and approach speed: 1 at full compression, 1 + e at the end."""
    if t <= 0.5 * np.pi:
        return 1.0 - np.cos(t)
    return 1.0 - e * np.cos(_phase(t, e))


@kernel(tested=True)
def final_slip(r, mu, e, omega):
    """Tangential slip speed at the end of the impact, per unit normal approach speed.

    ``r`` = initial slip speed / normal approach speed (>= 0), ``mu`` the
    friction coefficient, ``e`` the normal restitution, ``omega`` the
    frequency ratio w_t / w_n. The slip keeps its direction when the result
    is positive and reverses when it is negative.
    """
    beta = SPHERE_BETA_T
    eta2 = beta / (omega * omega)          # normal / tangential stiffness
    t_c = 0.5 * np.pi
    t_f = (1.0 + e) * t_c
    limit = mu * beta                      # friction limit of the spring force, times sin(phase)
    if r >= mu * ((1.0 + e) * beta - eta2 / e):
        return r - limit * (1.0 + e)       # slips all through
    if r <= mu * eta2:
        t_s, x_s, u_s = 0.0, r, 0.0        # sticks from the start
    else:
        # slips until the slip speed meets the spring's deflection rate (closed form)
        c = (r / mu - beta) / (eta2 - beta)
        if c >= 0.0 and c <= 1.0:          # in compression: cos(phase) = c
            t_s = np.arccos(c)
        else:                              # in restitution
            c = (r / mu - beta) / (eta2 / e - e * beta)
            c = smaller(1.0, larger(-1.0, c))
            t_s = e * (np.arccos(c) - t_c * (1.0 - 1.0 / e))
        x_s = r - limit * _impulse(t_s, e)
        u_s = limit * np.sin(_phase(t_s, e)) / (omega * omega)
    # stick: the tangential spring oscillates at omega; it holds while |omega^2 u| <= limit sin(phase)
    t_sl = t_f
    prev_t = t_s
    for k in range(1, _GRID + 1):
        t = t_s + (t_f - t_s) * k / _GRID
        if _stick_excess(t, t_s, x_s, u_s, omega, limit, e) > 0.0 or k == _GRID:
            lo, hi = prev_t, t
            for _ in range(_BISECT):
                mid = 0.5 * (lo + hi)
                if _stick_excess(mid, t_s, x_s, u_s, omega, limit, e) > 0.0:
                    hi = mid
                else:
                    lo = mid
            t_sl = hi
            break
        prev_t = t
    tau = t_sl - t_s
    x = x_s * np.cos(omega * tau) - omega * u_s * np.sin(omega * tau)
    u = u_s * np.cos(omega * tau) + x_s / omega * np.sin(omega * tau)
    if t_sl >= t_f:
        return x
    # slips again to the end, friction against the spring's deflection
    s = 1.0 if u > 0.0 else -1.0
    return x - s * limit * (1.0 + e - _impulse(t_sl, e))


@kernel()
def _stick_excess(t, t_s, x_s, u_s, omega, limit, e):
    """Spring force beyond the friction limit at time t of a stick that began at t_s (> 0: it slips)."""
    tau = t - t_s
    u = u_s * np.cos(omega * tau) + x_s / omega * np.sin(omega * tau)
    return omega * omega * abs(u) - limit * np.sin(_phase(t, e)) - 1e-15


@kernel(tested=True)
def rebound(v0, v1, v2, w0, w1, w2, prm):
    """The new (v0, v1, w0, w1, w2) in the cushion frame (see ``models.nose``): the tangential impulse takes
    the slip to what the contact's two springs leave at the end (``final_slip``), possibly reversed."""
    c, pn, tx, ty, tz, ts = nose_contact(v0, v1, v2, w0, w1, w2, prm)
    if c <= 0.0:
        return v0, v1, w0, w1, w2
    pt = 0.0
    if ts > 1e-12:
        pt = prm[P_M] * (ts - c * final_slip(ts / c, prm[P_MUC], prm[P_EC], prm[P_OMEGA])) / SPHERE_BETA_T
    return nose_apply(v0, v1, w0, w1, w2, pn, tx, ty, tz, ts, pt, prm)
