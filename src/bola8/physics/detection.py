# mypy: disallow-untyped-defs=False, disallow-incomplete-defs=False, disallow-untyped-calls=False
# (numba kernels: numba types them at compile time from the arrays and floats they receive; the ones Python
# calls are annotated)
"""Contact times: when a ball's quadratic path first meets another ball, a cushion, a jaw or a drop.

Ball-ball |r_i - r_j|^2 = (2R)^2 is a quartic; a straight cushion or jaw face
(distance R from its line) a quadratic; a jaw tip circle and a pocket's drop
circle quartics (``roots.quartic_entry``).
"""

from __future__ import annotations

import numpy as np

from bola8.physics._jit import kernel
from bola8.physics.codes import INF
from bola8.physics.roots import quartic_entry
from bola8.physics.scalar import larger, smaller


@kernel(tested=True)
def entry_dt(d0x, d0y, d0z, d1x, d1y, d1z, d2x, d2y, d2z, rad, horizon):
    """First t in [0, horizon] at which |d0 + d1 t + d2 t^2| falls to rad (quartic), or inf.

    d is a ball's path relative to another ball (rad = 2R), to a jaw tip
    (rad = R + tip radius) or to a pocket's drop centre (rad = its radius),
    across the cloth and in height (the z terms: zero on the cloth; the height
    of a ball in flight is a parabola too, so the quartic stays a quartic).
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
    - u across the relative velocity, w = d1 turned by 90 degrees in the cloth's
      plane: d(t).w = d0.w + (d2.w) t^2 is monotone in t (whatever the heights
      do: w is level), so if it keeps its sign |d(t)| |w| >=
      min(|d0.w|, |d0.w + (d2.w) horizon^2|) (balls that pass each other).

    The quartic's n0 is np.hypot's. With the z terms zero every sum adds exact
    zeros, so shots on the cloth keep the digests of tests/physics/identical_digests.json.
    """
    n0sq = d0x * d0x + d0y * d0y + d0z * d0z
    lim = rad + 1e-9
    if n0sq > lim * lim:
        b1 = d1x * d0x + d1y * d0y + d1z * d0z
        b2 = d2x * d0x + d2y * d0y + d2z * d0z
        low = smaller(n0sq, n0sq + (b1 + b2 * horizon) * horizon)
        if b2 > 0.0 and 0.0 < -b1 < 2.0 * b2 * horizon:
            low = smaller(low, n0sq - 0.25 * b1 * b1 / b2)
        if low > lim * np.sqrt(n0sq):
            return INF
        c = d1x * d0y - d1y * d0x
        e = c + (d1x * d2y - d1y * d2x) * horizon * horizon
        if (c > 0.0) == (e > 0.0) and smaller(abs(c), abs(e)) > lim * np.sqrt(d1x * d1x + d1y * d1y):
            return INF
    n0 = np.hypot(np.hypot(d0x, d0y), d0z)
    return quartic_entry(d2x * d2x + d2y * d2y + d2z * d2z, 2.0 * (d1x * d2x + d1y * d2y + d1z * d2z),
                         d1x * d1x + d1y * d1y + d1z * d1z + 2.0 * (d0x * d2x + d0y * d2y + d0z * d2z),
                         2.0 * (d0x * d1x + d0y * d1y + d0z * d1z), n0 * n0 - rad * rad, 0.0, horizon)


@kernel(tested=True)
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
        lo_r = smaller(r1, r2)
        hi_r = larger(r1, r2)
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


# Slack of the box a moving ball's centre is culled against (m): far above the rounding of the exact
# tests (a contact time is nudged past its root by about 1e-15 s), so a culled object is one whose exact
# test finds no contact, and the results are those of testing every object.
CULL_MARGIN = 1e-6


@kernel()
def _span(c0, c1, c2, h):
    """(smallest, largest) of c0 + c1 t + c2 t^2 over [0, h]: its ends and its vertex when inside."""
    end = c0 + (c1 + c2 * h) * h
    lo = smaller(c0, end)
    hi = larger(c0, end)
    if c2 != 0.0:
        tv = -0.5 * c1 / c2
        if 0.0 < tv < h:
            top = c0 + (c1 + c2 * tv) * tv
            lo = smaller(lo, top)
            hi = larger(hi, top)
    return lo, hi


@kernel()
def _box_apart(bx, by, hx, hy, cx, cy, rad):
    """The point (cx, cy) is more than rad from the box of centre (bx, by) and half sizes (hx, hy)."""
    dx = larger(abs(cx - bx) - hx, 0.0)
    dy = larger(abs(cy - by) - hy, 0.0)
    return dx * dx + dy * dy > rad * rad


@kernel()
def contacts(x0, y0, x1, y1, x2, y2, h, segs, circs, holes, R, flying, z0, vz, g, nose, width, length):
    """A moving ball's first cushion or jaw contact and first drop (or exit from the table) within h, on
    the path (x0, y0) + (x1, y1) t + (x2, y2) t^2: (cushion dt, cushion index, drop dt, pocket index),
    dt inf and index -1 if none. Cushion indices: segments' faces first, then jaw-tip circles, then
    the segments' top edges (the nose line, for a ball in flight).

    ``flying``: the ball is in flight, its centre on a straight line (x2 = y2 = 0) and its bottom at
    height z(t) = z0 + vz t - g t^2 / 2 above the cloth (on the cloth pass z0 = vz = g = 0). Across a
    cushion face or jaw, the cushion is a wall whose top edge is the nose (height ``nose``): a ball whose
    centre is not above the edge meets the wall where it would on the cloth (centre R from the face, a
    quadratic); one whose centre is above it meets the edge where the distance from its centre to the edge
    line falls to R (the edge's horizontal distance is linear in t and its height a parabola: a quartic),
    and flies over it if that never happens before its centre passes over the edge. A jaw tip (a short
    upright round) stops it if its bottom is below the nose. A drop circle takes it if its bottom is below
    the nose when it enters, or when it comes down to the nose over the circle. It leaves the table (drop
    index -1 - side) when its centre crosses a side of the playing area (side 0 y = 0, 1 y = length,
    2 x = 0, 3 x = width) over a cushion (within a cushion nose's length), or over a pocket's opening
    with its bottom at or above the nose: past the nose there is only the cushion top, the rail and the
    floor, which the model has no surface for.
    """
    best = INF
    bo = -1
    ns = segs.shape[0]
    edge = nose - R        # the nose's height above a resting ball's centre
    # The box the centre stays in over [0, h] (the ends and the vertex of each coordinate's parabola), as
    # its centre and half sizes with CULL_MARGIN of slack: an object that cannot come within its contact
    # distance of the box is passed by without its exact test.
    xa, xb = _span(x0, x1, x2, h)
    ya, yb = _span(y0, y1, y2, h)
    bx, by = 0.5 * (xa + xb), 0.5 * (ya + yb)
    hx, hy = 0.5 * (xb - xa) + CULL_MARGIN, 0.5 * (yb - ya) + CULL_MARGIN
    for k in range(ns):
        ax, ay, nx, ny = segs[k, 0], segs[k, 1], segs[k, 4], segs[k, 5]
        # the face's line stays more than R away on the ball's side: no contact (one needs distance R)
        if (bx - ax) * nx + (by - ay) * ny - (hx * abs(nx) + hy * abs(ny)) > R:
            continue
        # the box projects outside the face's extent along it (segment_dt's lam bounds): no contact
        ex, ey = segs[k, 2] - ax, segs[k, 3] - ay
        along = (bx - ax) * ex + (by - ay) * ey
        reach = hx * abs(ex) + hy * abs(ey)
        if along + reach < -1e-9 * (ex * ex + ey * ey) or along - reach > (1.0 + 1e-9) * (ex * ex + ey * ey):
            continue
        d = segment_dt(x0, y0, x1, y1, x2, y2, segs[k, 0], segs[k, 1], segs[k, 2], segs[k, 3], segs[k, 4],
                       segs[k, 5], R, h)
        if not flying:
            if d < best:
                best = d
                bo = k
            continue
        if d < best and z0 + (vz - 0.5 * g * d) * d <= edge:
            best = d          # the face, below the edge
            bo = k
            continue
        # the edge: p(t) across the cushion, q(t) up from the edge; the first |(p, q)| = R with p >= 0
        nx, ny = segs[k, 4], segs[k, 5]
        p0 = (x0 - segs[k, 0]) * nx + (y0 - segs[k, 1]) * ny
        p1 = x1 * nx + y1 * ny
        d = entry_dt(p0, z0 - edge, 0.0, p1, vz, 0.0, 0.0, -0.5 * g, 0.0, R, smaller(h, best))
        if d < best and p0 + p1 * d >= 0.0:
            ex, ey = segs[k, 2] - segs[k, 0], segs[k, 3] - segs[k, 1]
            lam = ((x0 + x1 * d - segs[k, 0]) * ex + (y0 + y1 * d - segs[k, 1]) * ey) / (ex * ex + ey * ey)
            if -1e-9 <= lam <= 1.0 + 1e-9:
                best = d
                bo = ns + circs.shape[0] + k
    # nothing after the ball's first own event matters: it is recomputed then
    for k in range(circs.shape[0]):
        if _box_apart(bx, by, hx, hy, circs[k, 0], circs[k, 1], R + circs[k, 2]):
            continue
        d = entry_dt(x0 - circs[k, 0], y0 - circs[k, 1], 0.0, x1, y1, 0.0, x2, y2, 0.0, R + circs[k, 2],
                     smaller(h, best))
        if d < best and z0 + (vz - 0.5 * g * d) * d < nose:
            best = d
            bo = ns + k
    hh = smaller(h, best)
    best_h = INF
    bo_h = -1
    for k in range(holes.shape[0]):
        if _box_apart(bx, by, hx, hy, holes[k, 0], holes[k, 1], holes[k, 2]):
            continue
        d = entry_dt(x0 - holes[k, 0], y0 - holes[k, 1], 0.0, x1, y1, 0.0, x2, y2, 0.0, holes[k, 2], hh)
        if d < best_h and z0 + (vz - 0.5 * g * d) * d < nose:
            best_h = d
            bo_h = k
    if not flying:
        return best, bo, best_h, bo_h
    # Over a drop circle a ball in flight is inside the pocket's opening once its bottom is below the
    # nose, whether it entered the circle low or came down while over it (a ball that entered above the
    # nose and falls back inside it): the pocket's walls and back take it. Its path is a straight line.
    # (two moments to look at: now if its bottom is below the nose, and when it falls back to the nose)
    disc = vz * vz - 2.0 * g * (nose - z0)
    for q in range(2):
        if q == 0:
            if z0 >= nose:
                continue
            d = 0.0
        else:
            if disc < 0.0:
                break
            d = (vz + np.sqrt(disc)) / g
        if d < 0.0 or d > smaller(hh, best_h):
            continue
        for k in range(holes.shape[0]):
            if np.hypot(x0 + x1 * d - holes[k, 0], y0 + y1 * d - holes[k, 1]) < holes[k, 2]:
                best_h = d
                bo_h = k
                break
    vx, vy = x1, y1
    for side in range(4):
        if side == 0:
            c0, c1 = y0, -vy
        elif side == 1:
            c0, c1 = length - y0, vy
        elif side == 2:
            c0, c1 = x0, -vx
        else:
            c0, c1 = width - x0, vx
        if c0 < 0.0 or c1 <= 0.0:
            continue            # already outside that side (in a pocket's throat) or not moving out
        d = c0 / c1
        if d > hh or d >= best_h:
            continue
        along = x0 + vx * d if side < 2 else y0 + vy * d
        over = z0 + (vz - 0.5 * g * d) * d >= nose
        if not over:
            # low: off the table only over a cushion (within a nose's length), not into a pocket's opening
            for k in range(ns):
                if segs[k, 6] >= 0.0:
                    continue
                nx, ny = segs[k, 4], segs[k, 5]
                s_k = 0 if ny > 0.5 else (1 if ny < -0.5 else (2 if nx > 0.5 else 3))
                if s_k != side:
                    continue
                lo = smaller(segs[k, 0], segs[k, 2]) if side < 2 else smaller(segs[k, 1], segs[k, 3])
                hi = larger(segs[k, 0], segs[k, 2]) if side < 2 else larger(segs[k, 1], segs[k, 3])
                if lo <= along <= hi:
                    over = True
        if over:
            best_h = d
            bo_h = -1 - side
    return best, bo, best_h, bo_h
