"""The event loop: one numba function over arrays (Leckie & Greenspan 2006).

Ball state: ``rvw[i]`` = position, velocity, angular velocity (3 x 3, z up,
the ball's centre on the plane z = 0), ``s[i]`` the motion state. Between
events every ball moves in closed form, position quadratic in time:

- sliding: the slip of the contact point, u = (v_x - R w_y, v_y + R w_x), keeps its direction; friction
  mu_s m g opposes it, so v changes at -mu_s g u^, w_xy at (5 mu_s g / 2R)
  (z x u^), and the slip ends after 2|u| / (7 mu_s g);
- rolling: v decreases at mu_r g along v^ and stops after |v| / (mu_r g);
- spinning (in place) and the z-spin of every moving ball decay at
  5 mu_sp g / (2R) until zero.

Contact times: ball-ball |r_i - r_j|^2 = (2R)^2 is a quartic; a straight cushion
or jaw face (distance R from its line) a quadratic; a jaw tip circle and a
pocket's drop circle quartics (see ``roots.first_entry``). Caches: the next
transition time of each ball, the next contact time of each pair (n x n),
each ball's next cushion/jaw contact and next drop; after an event only the
entries of the balls it touched are recomputed. Every event is written into
preallocated arrays together with a snapshot of all balls, so Python can
rebuild exact trajectories without any Python object per event.
"""

from __future__ import annotations

import numpy as np
from bola8.physics._jit import kernel

from bola8.physics.roots import quartic_entry
from bola8.physics.stronge import SPHERE_BETA_T, final_slip

# Helpers with one call site are inlined into their caller by numba
# (inline="always"): each separately compiled function costs about 0.15 s of
# first-call compile time, and the issue asks for under 10 s in all.

STATIONARY, SPINNING, SLIDING, ROLLING, POCKETED = 0, 1, 2, 3, 4

EV_STRIKE, EV_BALL_BALL, EV_CUSHION, EV_POCKET = 0, 1, 2, 3
EV_SLIDE_ROLL, EV_ROLL_STOP, EV_ROLL_SPIN, EV_SPIN_STOP = 4, 5, 6, 7
EV_MISCUE, EV_SLIDE_STOP, EV_SLIDE_SPIN = 8, 9, 10
EVENT_NAMES = ("strike", "ball_ball", "cushion", "pocket", "slide_roll", "roll_stop", "roll_spin",
               "spin_stop", "miscue", "slide_stop", "slide_spin")

# indices into the parameter vector (PhysicsSettings.as_array)
P_R, P_M, P_MUS, P_MUR, P_MUSP, P_G, P_EB = 0, 1, 2, 3, 4, 5, 6
P_TA, P_TB, P_TC, P_EC, P_MUC, P_SINT, P_MODEL, P_STEPS, P_VMIN, P_OMEGA = 7, 8, 9, 10, 11, 12, 13, 14, 15, 16
P_TCHAT = 17

EPS_V = 1e-9      # m/s: below this a speed is zero
EPS_W = 1e-7      # rad/s: below this a spin is zero
INF = np.inf


# ---------------------------------------------------------------- motion

@kernel()
def slip_xy(rvw, R):
    return rvw[1, 0] - R * rvw[2, 1], rvw[1, 1] + R * rvw[2, 0]


@kernel()
def classify(rvw, prm):
    """The motion state a ball is in, from its velocities."""
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
    return INF


# The loop calls these per ball and per event on scalars: a call that passes arrays costs an
# atomic reference-count update per array (also when numba inlines it), more than the arithmetic.

@kernel()
def path_terms(s, x, y, vx, vy, wx, wy, R, mus, mur, g):
    """(x0, y0, x1, y1, x2, y2): r(t) = (x0, y0) + (x1, y1) t + (x2, y2) t^2 while the ball keeps its state."""
    if s == SLIDING:
        ux, uy = vx - R * wy, vy + R * wx
        un = np.hypot(ux, uy)
        k = -0.5 * mus * g / un
        return x, y, vx, vy, k * ux, k * uy
    if s == ROLLING:
        vn = np.hypot(vx, vy)
        k = -0.5 * mur * g / vn
        return x, y, vx, vy, k * vx, k * vy
    return x, y, 0.0, 0.0, 0.0, 0.0


@kernel()
def path_coeffs(rvw, s, prm, out):
    """r(t) = out[0:2] + out[2:4] t + out[4:6] t^2 while the ball keeps its state."""
    out[0], out[1], out[2], out[3], out[4], out[5] = path_terms(
        s, rvw[0, 0], rvw[0, 1], rvw[1, 0], rvw[1, 1], rvw[2, 0], rvw[2, 1], prm[P_R], prm[P_MUS], prm[P_MUR],
        prm[P_G])


@kernel()
def evolved(s, dt, x, y, vx, vy, wx, wy, wz, R, g, mus, mur, musp):
    """A ball's (x, y, vx, vy, wx, wy, wz) after dt in closed form (within its current motion state)."""
    if dt <= 0.0 or s == STATIONARY or s == POCKETED:
        return x, y, vx, vy, wx, wy, wz
    # z-spin decays in every state
    dec = 5.0 * musp * g / (2.0 * R) * dt
    if abs(wz) <= dec:
        wz_new = 0.0
    else:
        wz_new = wz - dec if wz > 0 else wz + dec
    if s == SLIDING:
        ux, uy = vx - R * wy, vy + R * wx
        un = np.hypot(ux, uy)
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


@kernel()
def evolve(rvw, s, dt, prm):
    """Advance one ball (rvw 3 x 3, in place) by dt in closed form (within its current motion state)."""
    rvw[0, 0], rvw[0, 1], rvw[1, 0], rvw[1, 1], rvw[2, 0], rvw[2, 1], rvw[2, 2] = evolved(
        s, dt, rvw[0, 0], rvw[0, 1], rvw[1, 0], rvw[1, 1], rvw[2, 0], rvw[2, 1], rvw[2, 2],
        prm[P_R], prm[P_G], prm[P_MUS], prm[P_MUR], prm[P_MUSP])


# ---------------------------------------------------------------- contact times

@kernel()
def _entry_dt(d0x, d0y, d1x, d1y, d2x, d2y, rad, horizon):
    """First t in [0, horizon] at which |d0 + d1 t + d2 t^2| falls to rad (quartic), or inf.

    d is a ball's path relative to another ball (rad = 2R), to a jaw tip
    (rad = R + tip radius) or to a pocket's drop centre (rad = its radius).
    Scalar arguments: a call passes no arrays (no reference counting), so it
    is cheap without being inlined at each of its call sites.

    Most calls are answered without the quartic, by a lower bound on |d(t)| over
    [0, horizon]: if it stays above rad + 1e-9 the quartic has no root there (its
    rounding is orders of magnitude below that margin), so skipping it changes
    no result. |d(t)| >= |d(t).u| for any unit u; two directions, each giving a
    closed-form bound without divisions (one square root each):

    - u = d0 / n0, the line of centres at the start: n0 |d(t)| >= n0^2 + (d1.d0) t
      + (d2.d0) t^2, a quadratic in t (balls moving apart or side by side);
      at least as tight as the triangle inequality n0 - |d1| t - |d2| t^2;
    - u across the relative velocity, w = d1 turned by 90 degrees: d(t).w =
      d0.w + (d2.w) t^2 is monotone in t, so if it keeps its sign |d(t)| |w| >=
      min(|d0.w|, |d0.w + (d2.w) horizon^2|) (balls that pass each other).

    The quartic's n0 is np.hypot's, as before.
    """
    n0sq = d0x * d0x + d0y * d0y
    lim = rad + 1e-9
    if n0sq > lim * lim:
        b1 = d1x * d0x + d1y * d0y
        b2 = d2x * d0x + d2y * d0y
        low = min(n0sq, n0sq + (b1 + b2 * horizon) * horizon)
        if b2 > 0.0 and 0.0 < -b1 < 2.0 * b2 * horizon:
            low = min(low, n0sq - 0.25 * b1 * b1 / b2)
        if low > lim * np.sqrt(n0sq):
            return INF
        c = d1x * d0y - d1y * d0x
        e = c + (d1x * d2y - d1y * d2x) * horizon * horizon
        if (c > 0.0) == (e > 0.0) and min(abs(c), abs(e)) > lim * np.sqrt(d1x * d1x + d1y * d1y):
            return INF
    n0 = np.hypot(d0x, d0y)
    return quartic_entry(d2x * d2x + d2y * d2y, 2.0 * (d1x * d2x + d1y * d2y),
                         d1x * d1x + d1y * d1y + 2.0 * (d0x * d2x + d0y * d2y),
                         2.0 * (d0x * d1x + d0y * d1y), n0 * n0 - rad * rad, 0.0, horizon)


@kernel()
def quadratic_entry(c0, c1, c2, horizon):
    """First t in [0, horizon] where c0 t^2 + c1 t + c2 goes from > 0 to <= 0 (closed form).

    Roots by the cancellation-free pair q = -(c1 + sign(c1) sqrt(disc)) / 2, q / c0 and
    c2 / q; a vanishing c0 is the linear case. The result is nudged to p(t) <= 0.

    A ball that starts on the line or a hair inside it (p(0) <= 0, rounding) and moves
    away is not clear of it for good if its path curves back (c0 < 0): the contact is
    the later root, where it comes back, or - if it never gets clear - the turning
    point, where it starts moving in again.
    """
    if c2 <= 0.0:
        if c1 < 0.0:
            return 0.0
        if c0 >= 0.0:
            return INF
        disc = c1 * c1 - 4.0 * c0 * c2      # <= c1^2 here: c0 < 0, c2 <= 0
        if disc < 0.0:
            t = -0.5 * c1 / c0
        else:
            t = -0.5 * (c1 + np.sqrt(disc)) / c0   # the larger root, no cancellation
    elif c1 >= 0.0 and c0 >= 0.0:
        return INF   # moving away and not curving back: no positive root (skips the square root)
    elif c0 == 0.0:
        t = -c2 / c1
    else:
        disc = c1 * c1 - 4.0 * c0 * c2
        if disc < 0.0:
            return INF
        sq = np.sqrt(disc)
        q = -0.5 * (c1 + sq) if c1 >= 0.0 else -0.5 * (c1 - sq)
        r1 = q / c0
        r2 = c2 / q if q != 0.0 else INF
        lo_r = min(r1, r2)
        hi_r = max(r1, r2)
        # p(0) > 0. Opening up: both roots share a sign, the entry is the smaller if positive
        # (a double root is a graze). Opening down: one root of each sign, the entry is the positive one.
        if c0 > 0.0:
            if lo_r <= 0.0 or disc == 0.0:
                return INF
            t = lo_r
        else:
            t = hi_r
    if t > horizon:
        return INF
    for _ in range(8):
        if (c0 * t + c1) * t + c2 <= 0.0:
            break
        t = t + 1e-15 * (1.0 + t)
    return t


@kernel()
def segment_dt(x0, y0, x1, y1, x2, y2, ax, ay, bx, by, nx, ny, R, horizon):
    """First contact of the path (x0, y0) + (x1, y1) t + (x2, y2) t^2 with the cushion face a-b
    (normal n towards the ball): the centre at distance R from its line, within the segment."""
    c0 = x2 * nx + y2 * ny
    c1 = x1 * nx + y1 * ny
    c2 = (x0 - ax) * nx + (y0 - ay) * ny - R
    t = quadratic_entry(c0, c1, c2, horizon)
    if t == INF:
        return INF
    x = x0 + x1 * t + x2 * t * t
    y = y0 + y1 * t + y2 * t * t
    ex, ey = bx - ax, by - ay
    lam = ((x - ax) * ex + (y - ay) * ey) / (ex * ex + ey * ey)
    if lam < -1e-9 or lam > 1.0 + 1e-9:
        return INF
    return t


# ---------------------------------------------------------------- collision models

@kernel(inline="always")
def chatter_speed(v_app, since, prm):
    """Separation speed the anti-chatter guard asks of a contact (0: the guard does not act).

    Chatter is a contact repeating within ``chatter_time`` (tau): a ball pressed
    against a cushion, or two balls pressed together, by forces that bring them
    back after every rebound; with e < 1 the rebounds shrink geometrically and
    the contacts pile up towards one instant. Only then does the guard act: the
    pair (or ball and cushion) left the previous contact ``since`` ago and came
    back at ``v_app``, so it is pressed with about 2 v_app / since; leaving at
    v_app tau / since brings it back after about tau. Capped at
    ``min_normal_speed``. A first contact, or one after a longer time, keeps
    the model's restitution (a grazing hit or a thin cut stays physical).
    """
    tau = prm[P_TCHAT]
    if not since < tau:
        return 0.0
    if since <= 0.0:
        return prm[P_VMIN]
    return min(prm[P_VMIN], v_app * tau / since)


@kernel()
def resolve_ball_ball(a, b, prm, since):
    """Frictional inelastic collision of equal balls (Alciatore TP A-5/A-6/A-14).

    Normal impulse from restitution e; tangential (friction) impulse at the
    contact from the slip of the two surfaces, limited by mu(v_slip) times the
    normal impulse and by the impulse that stops the slip (then the surfaces
    roll on each other). Cut- and spin-induced throw follow from it. Vertical
    components are absorbed by the cloth (2-D model). ``since``: time since
    this pair's previous contact (inf if none), for the anti-chatter guard.
    """
    R, m = prm[P_R], prm[P_M]
    I = 0.4 * m * R * R
    nx, ny = b[0, 0] - a[0, 0], b[0, 1] - a[0, 1]
    dn = np.hypot(nx, ny)
    nx /= dn
    ny /= dn
    vrel_n = (a[1, 0] - b[1, 0]) * nx + (a[1, 1] - b[1, 1]) * ny
    if vrel_n <= 0.0:
        return
    e = prm[P_EB]
    jn = 0.5 * m * (1.0 + e) * vrel_n
    # surface velocities at the contact: a at +R n, b at -R n; w x (R n) = R (-wz ny, wz nx, wx ny - wy nx)
    uax = a[1, 0] + R * (-a[2, 2] * ny)
    uay = a[1, 1] + R * (a[2, 2] * nx)
    uaz = R * (a[2, 0] * ny - a[2, 1] * nx)
    ubx = b[1, 0] - R * (-b[2, 2] * ny)
    uby = b[1, 1] - R * (b[2, 2] * nx)
    ubz = -R * (b[2, 0] * ny - b[2, 1] * nx)
    ux, uy, uz = uax - ubx, uay - uby, uaz - ubz
    un = ux * nx + uy * ny
    ux -= un * nx
    uy -= un * ny
    us = np.sqrt(ux * ux + uy * uy + uz * uz)
    jt = 0.0
    if us > 1e-12:
        mu = prm[P_TA] + prm[P_TB] * np.exp(-prm[P_TC] * us)
        jt = min(mu * jn, m * us / 7.0)
        tx, ty, tz = ux / us, uy / us, uz / us
    else:
        tx, ty, tz = 0.0, 0.0, 0.0
    # impulse on a: -jn n - jt t ; on b the opposite
    fx = -jn * nx - jt * tx
    fy = -jn * ny - jt * ty
    fz = -jt * tz
    a[1, 0] += fx / m
    a[1, 1] += fy / m
    b[1, 0] -= fx / m
    b[1, 1] -= fy / m
    # torque of the friction part: (R n) x (-jt t) on a, (-R n) x (jt t) on b: the same for both
    gx, gy, gz = -jt * tx, -jt * ty, -jt * tz
    tqx = R * (ny * gz)
    tqy = R * (-nx * gz)
    tqz = R * (nx * gy - ny * gx)
    a[2, 0] += tqx / I
    a[2, 1] += tqy / I
    a[2, 2] += tqz / I
    b[2, 0] += tqx / I
    b[2, 1] += tqy / I
    b[2, 2] += tqz / I
    target = chatter_speed(vrel_n, since, prm)
    if target > 0.0:
        _keep_apart(a, b, nx, ny, target, m, I)


@kernel(inline="always")
def _keep_apart(a, b, nx, ny, target, m, I):
    """Anti-chatter: two balls leave a repeating contact ``target`` apart along the normal.

    The missing separation speed is given symmetrically along the normal
    (momentum kept); its kinetic energy m (target^2 - vsep^2) / 4 is taken
    from the pair's other motion - their spins and their relative velocity
    across the normal, scaled down together - so the energy does not rise.
    If that motion cannot pay for it the contact stays as the model left it.
    """
    vsep = (b[1, 0] - a[1, 0]) * nx + (b[1, 1] - a[1, 1]) * ny
    if vsep >= target:
        return
    gain = 0.25 * m * (target * target - vsep * vsep)
    # half the relative velocity across the normal: a has mean - d, b has mean + d
    dx = 0.5 * (b[1, 0] - a[1, 0]) - 0.5 * vsep * nx
    dy = 0.5 * (b[1, 1] - a[1, 1]) - 0.5 * vsep * ny
    spin = 0.5 * I * (a[2, 0] ** 2 + a[2, 1] ** 2 + a[2, 2] ** 2 + b[2, 0] ** 2 + b[2, 1] ** 2 + b[2, 2] ** 2)
    avail = spin + m * (dx * dx + dy * dy)
    if not gain < avail:
        return
    k = np.sqrt(1.0 - gain / avail)
    half = 0.5 * (target - vsep)
    cx, cy = (k - 1.0) * dx + half * nx, (k - 1.0) * dy + half * ny
    a[1, 0] -= cx
    a[1, 1] -= cy
    b[1, 0] += cx
    b[1, 1] += cy
    for c in range(3):
        a[2, c] *= k
        b[2, c] *= k


@kernel()
def _cross(ax, ay, az, bx, by, bz):
    return ay * bz - az * by, az * bx - ax * bz, ax * by - ay * bx


@kernel(inline="always")
def _mathavan2010(v0, v1, v2, w0, w1, w2, prm):
    """Mathavan, Jackson & Parkin (2010): cushion impact in the cushion frame.

    x points into the cushion, z up. Contact I with the cushion nose at
    R (cos q, 0, sin q) from the centre (sin q from the nose height), contact C
    with the cloth at (0, 0, -R). The normal impulse at I is the integration
    variable; at each step Coulomb friction acts at I (mu_cushion) and at C
    (mu_slide, with the cloth reaction that keeps the ball on the cloth).
    Compression lasts while the contact approaches; restitution ends when its
    work equals e^2 times the compression work (energetic restitution).
    Velocity v and spin w in the cushion frame as scalars; returns the new
    (v0, v1, w0, w1, w2) (v2 stays 0: the cloth takes the vertical impulse).
    """
    R, m = prm[P_R], prm[P_M]
    I = 0.4 * m * R * R
    sq = prm[P_SINT]
    cq = np.sqrt(1.0 - sq * sq)
    muw, mus, e = prm[P_MUC], prm[P_MUS], prm[P_EC]
    steps = prm[P_STEPS]
    rix, riy, riz = R * cq, 0.0, R * sq
    nix, niy, niz = -cq, 0.0, -sq
    vn0 = v0 * cq
    if vn0 <= 0.0:
        return v0, v1, w0, w1, w2
    dp = (1.0 + e) * m * vn0 / steps
    work_c = 0.0
    work_r = 0.0
    compress = True
    for _ in range(int(steps) * 20):
        # slip at the cushion contact
        cx, cy, cz = _cross(w0, w1, w2, rix, riy, riz)
        ux, uy, uz = v0 + cx, v1 + cy, v2 + cz
        un = ux * nix + uy * niy + uz * niz
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
        tx, ty, tz = ux - un * nix, uy - un * niy, uz - un * niz
        ts = np.sqrt(tx * tx + ty * ty + tz * tz)
        if ts > 1e-12:
            tx, ty, tz = -tx / ts, -ty / ts, -tz / ts
        else:
            tx, ty, tz = 0.0, 0.0, 0.0
        # slip at the cloth
        sx, sy = v0 - R * w1, v1 + R * w0
        ss = np.hypot(sx, sy)
        if ss > 1e-12:
            sx, sy = -sx / ss, -sy / ss
        else:
            sx, sy = 0.0, 0.0
        jix = dp * nix + muw * dp * tx
        jiy = dp * niy + muw * dp * ty
        jiz = dp * niz + muw * dp * tz
        dpc = -jiz
        if dpc < 0.0:
            dpc = 0.0
        jcx, jcy = mus * dpc * sx, mus * dpc * sy
        v0 += (jix + jcx) / m
        v1 += (jiy + jcy) / m
        qx, qy, qz = _cross(rix, riy, riz, jix, jiy, jiz)
        px, py, pz = _cross(0.0, 0.0, -R, jcx, jcy, 0.0)
        w0 += (qx + px) / I
        w1 += (qy + py) / I
        w2 += (qz + pz) / I
    return v0, v1, w0, w1, w2


@kernel(inline="always")
def _nose_impulse(v0, v1, v2, w0, w1, w2, prm, compliant):
    """One impulse at the contact on the cushion nose, closed form: Han 2005 or Stronge.

    The contact sits on the nose at its real height. The normal impulse
    (1 + e) m c along the contact normal (c: approach speed of the contact)
    returns e times the approach. The tangential impulse acts against the
    contact's slip (of speed ts), through the inverse effective mass
    7 / (2 m) of a sphere at its surface:

    - Han (2005): the impulse that stops the slip if that is within mu times
      the normal impulse (stick), else mu times the normal impulse. The stick
      test includes mu (the correction of pooltool PR #247 to the published
      text).
    - Stronge (compliant, ``bola8.physics.stronge``): the impulse that takes
      the slip to what the contact's two springs leave at the end, possibly
      reversed.

    Scalars in and out as in ``_mathavan2010``.
    """
    R, m = prm[P_R], prm[P_M]
    I = 0.4 * m * R * R
    sq = prm[P_SINT]
    cq = np.sqrt(1.0 - sq * sq)
    mu, e = prm[P_MUC], prm[P_EC]
    rix, riy, riz = R * cq, 0.0, R * sq
    nix, niy, niz = -cq, 0.0, -sq
    c = v0 * cq
    if c <= 0.0:
        return v0, v1, w0, w1, w2
    pn = (1.0 + e) * m * c
    cx, cy, cz = _cross(w0, w1, w2, rix, riy, riz)
    ux, uy, uz = v0 + cx, v1 + cy, v2 + cz
    un = ux * nix + uy * niy + uz * niz
    tx, ty, tz = ux - un * nix, uy - un * niy, uz - un * niz
    ts = np.sqrt(tx * tx + ty * ty + tz * tz)
    if ts > 1e-12:
        if compliant:
            pt = m * (ts - c * final_slip(ts / c, mu, e, prm[P_OMEGA])) / SPHERE_BETA_T
        else:
            pt = min(m * ts / SPHERE_BETA_T, mu * pn)
        tx, ty, tz = -tx / ts * pt, -ty / ts * pt, -tz / ts * pt
    else:
        tx, ty, tz = 0.0, 0.0, 0.0
    jx, jy, jz = pn * nix + tx, pn * niy + ty, pn * niz + tz
    v0 += jx / m
    v1 += jy / m
    qx, qy, qz = _cross(rix, riy, riz, jx, jy, jz)
    w0 += qx / I
    w1 += qy / I
    w2 += qz / I
    return v0, v1, w0, w1, w2


@kernel()
def resolve_cushion(b, nx, ny, prm, since):
    """Ball b against a cushion face whose normal (towards the ball) is (nx, ny).

    ``since``: time since this ball's previous contact with this cushion (inf
    if none), for the anti-chatter guard (``chatter_speed``).
    """
    # local frame: e1 = -n (into the cushion), e2 = z x e1, e3 = z
    e1x, e1y = -nx, -ny
    e2x, e2y = -e1y, e1x
    v0 = b[1, 0] * e1x + b[1, 1] * e1y
    v1 = b[1, 0] * e2x + b[1, 1] * e2y
    w0 = b[2, 0] * e1x + b[2, 1] * e1y
    w1 = b[2, 0] * e2x + b[2, 1] * e2y
    w2 = b[2, 2]
    vn_in = v0
    if vn_in <= 0.0:
        return
    # scalars, not 3-vectors: the models' loops keep them in registers
    if prm[P_MODEL] == 0.0:
        v0, v1, w0, w1, w2 = _mathavan2010(v0, v1, 0.0, w0, w1, w2, prm)
    else:
        v0, v1, w0, w1, w2 = _nose_impulse(v0, v1, 0.0, w0, w1, w2, prm, prm[P_MODEL] == 2.0)  # 1: han2005, 2: stronge
    if v0 > 0.0:
        v0 = 0.0   # a contact never leaves the ball moving into the cushion (less energy)
    target = chatter_speed(vn_in, since, prm)
    if -v0 < target:
        # anti-chatter guard: leave at the target speed, the energy taken from the
        # tangential speed and the spin (scaled down together); if they cannot pay, as it was
        gain = 0.5 * prm[P_M] * (target * target - v0 * v0)
        avail = 0.5 * prm[P_M] * v1 * v1 + 0.2 * prm[P_M] * prm[P_R] ** 2 * (w0 ** 2 + w1 ** 2 + w2 ** 2)
        if gain < avail:
            k = np.sqrt(1.0 - gain / avail)
            v0 = -target
            v1 *= k
            w0 *= k
            w1 *= k
            w2 *= k
    b[1, 0] = v0 * e1x + v1 * e2x
    b[1, 1] = v0 * e1y + v1 * e2y
    b[2, 0] = w0 * e1x + w1 * e2x
    b[2, 1] = w0 * e1y + w1 * e2y
    b[2, 2] = w2


@kernel()
def resolve_transition(b, s, prm):
    """End of a motion phase; returns (new state, event code)."""
    R = prm[P_R]
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
def _settle(b, prm):
    """State after a collision, with negligible velocities made exactly zero."""
    s = classify(b, prm)
    if s == STATIONARY:
        b[1, :] = 0.0
        b[2, :] = 0.0
    elif s == SPINNING:
        b[1, :] = 0.0
        b[2, 0] = 0.0
        b[2, 1] = 0.0
    return s


# ---------------------------------------------------------------- the loop

SPACER = 1e-9  # m: contact distance restored at a collision (see _separate_balls)


@kernel(inline="always")
def _separate_balls(a, b, R):
    """Put two colliding balls exactly 2R + SPACER apart along their line of centres.

    The contact time is found at or just past the crossing, so the balls may
    overlap by rounding; without this a grazing pair whose approach speed
    rounds to zero would be found "in contact now" again and again.
    """
    nx, ny = b[0, 0] - a[0, 0], b[0, 1] - a[0, 1]
    d = np.hypot(nx, ny)
    gap = 2.0 * R + SPACER - d
    if gap > 0.0 and d > 0.0:
        nx /= d
        ny /= d
        a[0, 0] -= 0.5 * gap * nx
        a[0, 1] -= 0.5 * gap * ny
        b[0, 0] += 0.5 * gap * nx
        b[0, 1] += 0.5 * gap * ny


@kernel(inline="always")
def _separate_cushion(b, obj, ns, segs, circs, nx, ny, R):
    """Move a ball that penetrates a cushion (by rounding) back to contact distance + SPACER."""
    if obj < ns:
        g = (b[0, 0] - segs[obj, 0]) * nx + (b[0, 1] - segs[obj, 1]) * ny - R
    else:
        c = obj - ns
        g = np.hypot(b[0, 0] - circs[c, 0], b[0, 1] - circs[c, 1]) - R - circs[c, 2]
    if g < SPACER:
        b[0, 0] += (SPACER - g) * nx
        b[0, 1] += (SPACER - g) * ny

@kernel(inline="always")
def _snapshot(snap, k, rvw, s):
    n = rvw.shape[0]
    for i in range(n):
        q = 0
        for a in range(3):
            for c in range(3):
                snap[k, i, q] = rvw[i, a, c]
                q += 1
        snap[k, i, 9] = s[i]


@kernel()
def _contacts(x0, y0, x1, y1, x2, y2, h, segs, circs, holes, R):
    """A moving ball's first cushion or jaw contact and first drop within h, on the path
    (x0, y0) + (x1, y1) t + (x2, y2) t^2: (cushion dt, cushion index, drop dt, pocket index),
    dt inf and index -1 if none. Cushion indices: segments first, then jaw-tip circles."""
    best = INF
    bo = -1
    for k in range(segs.shape[0]):
        d = segment_dt(x0, y0, x1, y1, x2, y2, segs[k, 0], segs[k, 1], segs[k, 2], segs[k, 3], segs[k, 4],
                       segs[k, 5], R, h)
        if d < best:
            best = d
            bo = k
    ns = segs.shape[0]
    # nothing after the ball's first own event matters: it is recomputed then
    for k in range(circs.shape[0]):
        d = _entry_dt(x0 - circs[k, 0], y0 - circs[k, 1], x1, y1, x2, y2, R + circs[k, 2], min(h, best))
        if d < best:
            best = d
            bo = ns + k
    hh = min(h, best)
    best_h = INF
    bo_h = -1
    for k in range(holes.shape[0]):
        d = _entry_dt(x0 - holes[k, 0], y0 - holes[k, 1], x1, y1, x2, y2, holes[k, 2], hh)
        if d < best_h:
            best_h = d
            bo_h = k
    return best, bo, best_h, bo_h


@kernel()
def run_events(rvw, s, prm, segs, circs, holes, max_events, first_event):
    """Simulate until every ball is at rest or pocketed.

    Returns (count, times, types, ball i, ball j, object, snapshots, truncated):
    object = cushion index (segments first, then jaw-tip circles) for a
    cushion event, pocket index for a pocket event, else -1.
    """
    n = rvw.shape[0]
    R, g, mus, mur, musp = prm[P_R], prm[P_G], prm[P_MUS], prm[P_MUR], prm[P_MUSP]
    ev_t = np.empty(max_events)
    ev_type = np.empty(max_events, dtype=np.int64)
    ev_i = np.empty(max_events, dtype=np.int64)
    ev_j = np.empty(max_events, dtype=np.int64)
    ev_o = np.empty(max_events, dtype=np.int64)
    snap = np.empty((max_events, n, 10))
    # Only np.empty, in four kinds (each numpy constructor and signature is compiled
    # separately on the first call). The caches are all written by the first refresh
    # (the contact objects whenever their times are finite), before any read.
    trans = np.empty(n)
    cush_t = np.empty(n)
    hole_t = np.empty(n)
    cush_o = np.empty(n, dtype=np.int64)
    hole_o = np.empty(n, dtype=np.int64)
    pair_t = np.empty((n, n))
    pc = np.empty((n, 6))
    ns = segs.shape[0]
    # time of each pair's and each (ball, cushion) pair's last contact, for the anti-chatter guard
    last_pair = np.empty((n, n))
    last_pair[:, :] = -INF
    last_cush = np.empty((n, ns + circs.shape[0]))
    last_cush[:, :] = -INF
    t = 0.0
    k = 0
    ev_t[0] = 0.0
    ev_type[0] = first_event
    ev_i[0] = 0
    ev_j[0] = -1
    ev_o[0] = -1
    # Typed int64 zero: a literal index would make numba compile the callee
    # once per literal value (slower first-call compile).
    first = np.int64(0)
    _snapshot(snap, first, rvw, s)
    k = first + 1
    # Balls whose cached times (their own and their pairs') are out of date: all at the
    # start, then the one or two an event touched; the top of the loop refreshes them.
    stale = np.empty(n, dtype=np.int64)
    paired = np.empty(n, dtype=np.int64)   # 1: this ball's pairs are refreshed already
    for i in range(n):
        stale[i] = i
        paired[i] = 0
    nstale = n
    truncated = False
    while True:
        # every ball's path from now (an untouched ball's pc refers to an older time)
        for m in range(n):
            pc[m, 0], pc[m, 1], pc[m, 2], pc[m, 3], pc[m, 4], pc[m, 5] = path_terms(
                s[m], rvw[m, 0, 0], rvw[m, 0, 1], rvw[m, 1, 0], rvw[m, 1, 1], rvw[m, 2, 0], rvw[m, 2, 1], R, mus,
                mur, g)
        # each stale ball's next transition, cushion or jaw contact, and drop
        for q in range(nstale):
            i = stale[q]
            trans[i] = INF
            cush_t[i] = INF
            hole_t[i] = INF
            if s[i] == POCKETED:
                continue
            trans[i] = t + transition_dt(rvw[i], s[i], prm)
            if s[i] == SLIDING or s[i] == ROLLING:
                dc, cush_o[i], dh, hole_o[i] = _contacts(pc[i, 0], pc[i, 1], pc[i, 2], pc[i, 3], pc[i, 4], pc[i, 5],
                                                         trans[i] - t, segs, circs, holes, R)
                cush_t[i] = t + dc
                hole_t[i] = t + dh
        for q in range(nstale):
            x = stale[q]
            for m in range(n):
                if m == x or paired[m] == 1:
                    continue
                # the next contact of the pair (written here, not in a helper: see path_terms)
                a, b = (x, m) if x < m else (m, x)
                pair_t[a, b] = INF
                if s[a] == POCKETED or s[b] == POCKETED:
                    continue
                if not (s[a] == SLIDING or s[a] == ROLLING or s[b] == SLIDING or s[b] == ROLLING):
                    continue
                # a contact after either ball's next own event (transition, cushion, drop) is recomputed then
                h = min(min(trans[a], trans[b]), min(min(cush_t[a], cush_t[b]), min(hole_t[a], hole_t[b]))) - t
                pair_t[a, b] = t + _entry_dt(pc[a, 0] - pc[b, 0], pc[a, 1] - pc[b, 1], pc[a, 2] - pc[b, 2],
                                             pc[a, 3] - pc[b, 3], pc[a, 4] - pc[b, 4], pc[a, 5] - pc[b, 5],
                                             2.0 * R, h)
            paired[x] = 1
        for q in range(nstale):
            paired[stale[q]] = 0
        tmin = INF
        kind = -1
        bi = np.int64(-1)  # typed, not a literal: see `first` above
        bj = np.int64(-1)
        for i in range(n):
            if trans[i] < tmin:
                tmin = trans[i]
                kind = 0
                bi = i
        for i in range(n):
            if hole_t[i] < tmin:
                tmin = hole_t[i]
                kind = 1
                bi = i
        for i in range(n):
            for j in range(i + 1, n):
                if pair_t[i, j] < tmin:
                    tmin = pair_t[i, j]
                    kind = 2
                    bi = i
                    bj = j
        for i in range(n):
            if cush_t[i] < tmin:
                tmin = cush_t[i]
                kind = 3
                bi = i
        if kind < 0:
            break
        if k >= max_events:
            truncated = True
            for i in range(n):
                if s[i] != POCKETED:
                    rvw[i, 1, :] = 0.0
                    rvw[i, 2, :] = 0.0
                    s[i] = STATIONARY
            k -= 1
            _snapshot(snap, k, rvw, s)
            k += 1
            break
        dt = tmin - t
        for i in range(n):
            if s[i] != STATIONARY and s[i] != POCKETED:
                (rvw[i, 0, 0], rvw[i, 0, 1], rvw[i, 1, 0], rvw[i, 1, 1], rvw[i, 2, 0], rvw[i, 2, 1],
                 rvw[i, 2, 2]) = evolved(s[i], dt, rvw[i, 0, 0], rvw[i, 0, 1], rvw[i, 1, 0], rvw[i, 1, 1],
                                         rvw[i, 2, 0], rvw[i, 2, 1], rvw[i, 2, 2], R, g, mus, mur, musp)
        t = tmin
        obj = -1
        if kind == 0:
            s[bi], code = resolve_transition(rvw[bi], s[bi], prm)
        elif kind == 1:
            code = EV_POCKET
            obj = hole_o[bi]
            s[bi] = POCKETED
            rvw[bi, 0, 0] = holes[obj, 0]
            rvw[bi, 0, 1] = holes[obj, 1]
            rvw[bi, 1, :] = 0.0
            rvw[bi, 2, :] = 0.0
        elif kind == 2:
            code = EV_BALL_BALL
            _separate_balls(rvw[bi], rvw[bj], prm[P_R])
            resolve_ball_ball(rvw[bi], rvw[bj], prm, t - last_pair[bi, bj])
            last_pair[bi, bj] = t
            s[bi] = _settle(rvw[bi], prm)
            s[bj] = _settle(rvw[bj], prm)
        else:
            code = EV_CUSHION
            obj = cush_o[bi]
            if obj < ns:
                nx, ny = segs[obj, 4], segs[obj, 5]
            else:
                c = obj - ns
                nx, ny = rvw[bi, 0, 0] - circs[c, 0], rvw[bi, 0, 1] - circs[c, 1]
                nn = np.hypot(nx, ny)
                nx /= nn
                ny /= nn
            _separate_cushion(rvw[bi], obj, ns, segs, circs, nx, ny, prm[P_R])
            resolve_cushion(rvw[bi], nx, ny, prm, t - last_cush[bi, obj])
            last_cush[bi, obj] = t
            s[bi] = _settle(rvw[bi], prm)
        ev_t[k] = t
        ev_type[k] = code
        ev_i[k] = bi
        ev_j[k] = bj
        ev_o[k] = obj
        _snapshot(snap, k, rvw, s)
        k += 1
        stale[0] = bi
        nstale = 1
        if bj >= 0:
            stale[1] = bj
            nstale = 2
    return (k, ev_t[:k].copy(), ev_type[:k].copy(), ev_i[:k].copy(), ev_j[:k].copy(), ev_o[:k].copy(),
            snap[:k].copy(), truncated)
