"""The cue strike: stick speed, aim, elevation and tip offsets -> the cue ball's state.

Instantaneous point impact along the cue axis (Alciatore TP A-30): the tip
meets the ball at a R to the right and b R up (in the plane across the cue
axis), the impulse F along the axis is

    F = (1 + e_tip) m V / (1 + m/M + m |r x c|^2 / I)

(r: contact point from the centre, c: unit cue axis, I = 2/5 m R^2), the ball
gets v = F c / m and w = r x F c / I (English, follow, draw, masse). With an
elevated cue (theta > 0) v points down into the slate, which throws the ball
back up at ``e_table`` times that speed - unless the cue is still in the way:

- free (the rebounding ball moves along the cue axis faster than the tip
  follows through, V - F / M): the tip has done its work before the slate
  pushes back, and the slate bounce is an ordinary one, friction included
  (Alciatore TP B.10, his assumption for modest elevations). v is returned
  pointing down; the event loop bounces it at t = 0 (``motion.slate_bounce``);
- jammed (a steeper cue: the rebound would run back into the tip): the ball
  is squeezed between tip and slate, and leaves no faster along the axis
  than the tip follows through - its rebound is cut to that (to nothing for
  a masse), the slate's reaction without friction, as in Alciatore's masse
  analysis (TP A.19, after Coriolis: the friction during the impact does not
  change the final direction). A light cue (a jump cue) follows through more
  slowly and lets the ball jump; a heavy one traps it (Alciatore: "keep the
  grip light ... This allows the cue to rebound and not trap the CB").

A bounce high enough is a jump; side spin curves the path once the ball
slides on the cloth (masse: its final direction is Coriolis's, TP A.19). Squirt (TP A-31):
with English the ball leaves at an angle alpha from the cue line, away from
the English side,

    tan alpha = (5/2) a sqrt(1 - a^2) / (1 + m/m_e + (5/2)(1 - a^2))

with m_e the shaft's end mass. Beyond the miscue limit (sqrt(a^2 + b^2) >
``cue.miscue_limit``) the tip slips off: the event is "miscue" and the cue
ball does not move (our documented choice).

One kernel computes it for every caller: the event loop's strokes
(``engine.play_stroke``, ``batch.run_batch``) and Python's ``strike.strike_state``.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from bola8.physics._jit import kernel
from bola8.physics.codes import P_ET, P_M, P_R

FloatArray = npt.NDArray[np.float64]


@kernel()
def is_miscue(a: float, b: float, limit: float) -> bool:
    """The tip offset sqrt(a^2 + b^2) (fractions of R) is beyond the cue's miscue limit."""
    return bool(np.sqrt(a * a + b * b) > limit)


@kernel(tested=True)
def launch(speed: float, phi: float, theta: float, a_frac: float, b_frac: float, cue_mass: float, tip_e: float,
           end_mass: float, prm: FloatArray) -> tuple[float, float, float, float, float, float]:
    """(vx, vy, vz, wx, wy, wz) of the cue ball just after the tip leaves it (see the module), for a cue of
    ``cue_mass`` kg, tip restitution ``tip_e`` and shaft end mass ``end_mass`` kg (``params.CueParams``)."""
    R, m = prm[P_R], prm[P_M]
    inertia = 0.4 * m * R * R
    ph, th = np.radians(phi), np.radians(theta)
    dx, dy = np.cos(ph), np.sin(ph)
    cth, sth = np.cos(th), np.sin(th)
    ax, ay, az = cth * dx, cth * dy, -sth                  # cue axis
    a, b = a_frac * R, b_frac * R
    c2 = R * R - a * a - b * b
    c = np.sqrt(c2) if c2 > 0.0 else 0.0
    # r = a right + b up - c axis, with right = (dy, -dx, 0) and up = (sth dx, sth dy, cth)
    rx = (a * dy + b * (sth * dx)) - c * ax
    ry = (a * -dx + b * (sth * dy)) - c * ay
    rz = (a * 0.0 + b * cth) - c * az
    lx, ly, lz = ry * az - rz * ay, rz * ax - rx * az, rx * ay - ry * ax
    force = (1.0 + tip_e) * m * speed / (1.0 + m / cue_mass + m * (lx * lx + ly * ly + lz * lz) / inertia)
    fx, fy, fz = force * ax, force * ay, force * az
    vz = fz / m if fz < 0.0 else 0.0    # (a level cue's -0.0 is 0.0)
    if vz < 0.0:
        # the slate's answer (see the module): free bounce, or jammed under the tip's follow-through
        tip = speed - force / cue_mass
        along = force * cth * cth / m            # the ball's speed along the cue axis if it did not rebound
        rebound = -prm[P_ET] * vz
        if along - rebound * sth < tip:
            vz = 0.0
            if sth > 0.0 and along > tip:
                vz = (along - tip) / sth
    vx, vy = fx / m, fy / m
    wx = (ry * fz - rz * fy) / inertia
    wy = (rz * fx - rx * fz) / inertia
    wz = (rx * fy - ry * fx) / inertia
    if a_frac != 0.0:
        alpha = np.arctan(2.5 * a_frac * np.sqrt(1.0 - a_frac * a_frac)
                          / (1.0 + m / end_mass + 2.5 * (1.0 - a_frac * a_frac)))
        ca, sa = np.cos(alpha), np.sin(alpha)
        vx, vy = ca * vx - sa * vy, sa * vx + ca * vy
    return vx, vy, vz, wx, wy, wz
