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
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from bola8.errors import InputError
from bola8.physics.params import BallParams, CueParams


def finite_float(v: Any) -> float | None:
    """float(v) for a finite number; None for anything else (a bool, NaN, an infinity, or an
    integer too large for a float)."""
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return None
    try:
        f = float(v)
    except OverflowError:
        return None
    return f if math.isfinite(f) else None


def not_finite_error(field: str, v: Any) -> InputError:
    """The error for a value ``finite_float`` refused (a huge integer is not repeated)."""
    if isinstance(v, int) and not isinstance(v, bool):
        return InputError(f"{field}: the integer is too large for a float; expected a finite number.",
                          f"{field}: el entero es demasiado grande para un número en coma flotante; "
                          "se esperaba un número finito.")
    return InputError(f"{field}: {v!r} is not a finite number.",
                      f"{field}: {v!r} no es un número finito.")


def _number(d: dict[str, Any], key: str, default: float | None, where: str) -> float:
    if key not in d:
        if default is None:
            raise InputError(f"{where}.{key}: missing; it is required.",
                             f"{where}.{key}: falta; es obligatorio.")
        return default
    f = finite_float(d[key])
    if f is None:
        raise not_finite_error(f"{where}.{key}", d[key])
    return f


@dataclass(frozen=True)
class Strike:
    """speed: cue stick speed m/s in (0, 12]; phi: aim in degrees (0 = +x, 90 = +y);
    theta: elevation in [0, 80]; a, b: tip offsets as fractions of R (a right, b up), a^2 + b^2 < 1."""

    speed: float
    phi: float
    theta: float = 0.0
    a: float = 0.0
    b: float = 0.0

    def __post_init__(self) -> None:
        self.validate()

    def validate(self, where: str = "strike") -> None:
        for key in ("speed", "phi", "theta", "a", "b"):
            v = getattr(self, key)
            if finite_float(v) is None:
                raise not_finite_error(f"{where}.{key}", v)
        if not 0.0 < self.speed <= 12.0:
            raise InputError(f"{where}.speed: {self.speed} m/s is outside (0, 12].",
                             f"{where}.speed: {self.speed} m/s está fuera de (0, 12].")
        if not 0.0 <= self.theta <= 80.0:
            raise InputError(f"{where}.theta: {self.theta} degrees is outside [0, 80].",
                             f"{where}.theta: {self.theta} grados está fuera de [0, 80].")
        if not self.a * self.a + self.b * self.b < 1.0:
            raise InputError(f"{where}.a, {where}.b: the tip offset a^2 + b^2 = "
                             f"{self.a * self.a + self.b * self.b:g} must be below 1.",
                             f"{where}.a, {where}.b: el desplazamiento de la punta a^2 + b^2 = "
                             f"{self.a * self.a + self.b * self.b:g} debe ser menor que 1.")

    @classmethod
    def from_dict(cls, d: Any, where: str = "strike") -> Strike:
        if not isinstance(d, dict):
            raise InputError(f"{where}: expected an object with speed, phi, theta, a, b.",
                             f"{where}: se esperaba un objeto con speed, phi, theta, a, b.")
        unknown = sorted(set(d) - {"speed", "phi", "theta", "a", "b"})
        if unknown:
            raise InputError(f"{where}.{unknown[0]}: unknown field; expected speed, phi, theta, a, b.",
                             f"{where}.{unknown[0]}: campo desconocido; se esperaba speed, phi, theta, a, b.")
        return cls(speed=_number(d, "speed", None, where), phi=_number(d, "phi", None, where),
                   theta=_number(d, "theta", 0.0, where), a=_number(d, "a", 0.0, where),
                   b=_number(d, "b", 0.0, where))

    def to_dict(self) -> dict[str, float]:
        return {"speed": self.speed, "phi": self.phi, "theta": self.theta, "a": self.a, "b": self.b}

    def is_miscue(self, limit: float) -> bool:
        return math.hypot(self.a, self.b) > limit

    def tip_height(self) -> float:
        """Height of the tip's contact point on the ball above its centre, as a fraction of R.

        The tip meets the ball at a R across and b R up in the plane across the cue
        axis, and sqrt(1 - a^2 - b^2) R back along the axis, which points down at
        theta: so b cos(theta) + sqrt(1 - a^2 - b^2) sin(theta). Negative: struck
        below its centre (what Art. 12.1.f calls a scoop when the ball jumps).
        """
        th = math.radians(self.theta)
        back = math.sqrt(max(1.0 - self.a * self.a - self.b * self.b, 0.0))
        return self.b * math.cos(th) + back * math.sin(th)


def strike_state(strike: Strike, ball: BallParams, cue: CueParams) -> tuple[np.ndarray, np.ndarray]:
    """(velocity (3,), angular velocity (3,)) of the cue ball just after the tip leaves it."""
    # Scalar arithmetic, in the order numpy's elementwise operations and np.cross use (the
    # same floats, without their per-call overhead: this runs once per simulated shot).
    R, m = ball.radius, ball.mass
    inertia = 0.4 * m * R * R
    phi, th = math.radians(strike.phi), math.radians(strike.theta)
    dx, dy = math.cos(phi), math.sin(phi)
    cth, sth = math.cos(th), math.sin(th)
    ax, ay, az = cth * dx, cth * dy, -sth                  # cue axis
    a, b = strike.a * R, strike.b * R
    c = math.sqrt(max(R * R - a * a - b * b, 0.0))
    # r = a right + b up - c axis, with right = (dy, -dx, 0) and up = (sth dx, sth dy, cth)
    rx = (a * dy + b * (sth * dx)) - c * ax
    ry = (a * -dx + b * (sth * dy)) - c * ay
    rz = (a * 0.0 + b * cth) - c * az
    lever = np.array([ry * az - rz * ay, rz * ax - rx * az, rx * ay - ry * ax])
    # np.dot, not a scalar sum: BLAS's rounding, as before
    force = (1.0 + cue.tip_restitution) * m * strike.speed / (
        1.0 + m / cue.mass + m * float(np.dot(lever, lever)) / inertia)
    fx, fy, fz = force * ax, force * ay, force * az
    vz = fz / m if fz < 0.0 else 0.0    # (a level cue's -0.0 is 0.0: the same bits as before)
    if vz < 0.0:
        # the slate's answer (see the module): free bounce, or jammed under the tip's follow-through
        tip = strike.speed - force / cue.mass
        along = force * cth * cth / m            # the ball's speed along the cue axis if it did not rebound
        rebound = -ball.e_table * vz
        if along - rebound * sth < tip:
            vz = max(0.0, (along - tip) / sth) if sth > 0.0 else 0.0
    v = np.array([fx / m, fy / m, vz])
    w = np.array([(ry * fz - rz * fy) / inertia, (rz * fx - rx * fz) / inertia, (rx * fy - ry * fx) / inertia])
    if strike.a != 0.0:
        ar = strike.a
        alpha = math.atan(2.5 * ar * math.sqrt(1.0 - ar * ar)
                          / (1.0 + m / cue.end_mass + 2.5 * (1.0 - ar * ar)))
        ca, sa = math.cos(alpha), math.sin(alpha)
        v = np.array([ca * v[0] - sa * v[1], sa * v[0] + ca * v[1], v[2]])
    return v, w
