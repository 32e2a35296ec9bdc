"""The cue strike as the contract gives it (``Strike``: stick speed, aim, elevation, tip offsets), checked.

What the strike does to the cue ball (the impact, the slate's answer to an
elevated cue, squirt, the miscue limit) is computed by one kernel,
``bola8.physics.launch.launch``; ``strike_state`` calls it from Python.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from bola8.errors import InputError
from bola8.physics.params import CUE_NAMES, BallParams, CueParams, PhysicsSettings


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
    cue: str | None = None     # a named cue (params.CUES: "playing", "break", "jump"); None: the settings' cue

    def __post_init__(self) -> None:
        self.validate()

    def validate(self, where: str = "strike") -> None:
        """Refuse a strike the simulator does not take, naming the field: finite values, speed in (0, 12] m/s,
        theta in [0, 80] degrees, the tip inside the ball.
        """
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
        if self.cue is not None and (not isinstance(self.cue, str) or self.cue not in CUE_NAMES):
            raise InputError(f"{where}.cue: {self.cue!r} is not a cue; expected one of {', '.join(CUE_NAMES)}.",
                             f"{where}.cue: {self.cue!r} no es un taco; se esperaba uno de {', '.join(CUE_NAMES)}.")

    @classmethod
    def from_dict(cls, d: Any, where: str = "strike") -> Strike:
        """Read a strike from JSON (``speed`` and ``phi`` required; ``theta``, ``a``, ``b`` default 0; an
        optional ``cue``), refusing unknown fields.
        """
        if not isinstance(d, dict):
            raise InputError(f"{where}: expected an object with speed, phi, theta, a, b, cue.",
                             f"{where}: se esperaba un objeto con speed, phi, theta, a, b, cue.")
        unknown = sorted(set(d) - {"speed", "phi", "theta", "a", "b", "cue"})
        if unknown:
            raise InputError(f"{where}.{unknown[0]}: unknown field; expected speed, phi, theta, a, b, cue.",
                             f"{where}.{unknown[0]}: campo desconocido; se esperaba speed, phi, theta, a, b, cue.")
        return cls(speed=_number(d, "speed", None, where), phi=_number(d, "phi", None, where),
                   theta=_number(d, "theta", 0.0, where), a=_number(d, "a", 0.0, where),
                   b=_number(d, "b", 0.0, where), cue=d.get("cue"))

    def to_dict(self) -> dict[str, Any]:
        """The contract's object; ``cue`` only when the stroke names one (older records have none)."""
        out: dict[str, Any] = {"speed": self.speed, "phi": self.phi, "theta": self.theta, "a": self.a, "b": self.b}
        if self.cue is not None:
            out["cue"] = self.cue
        return out

    def is_miscue(self, limit: float) -> bool:
        """The tip offset is beyond ``limit`` (the arithmetic of ``launch.is_miscue``, which the event loop uses)."""
        return math.sqrt(self.a * self.a + self.b * self.b) > limit

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
    """(velocity (3,), angular velocity (3,)) of the cue ball just after the tip of ``cue`` leaves it
    (``launch.launch``, the event loop's own arithmetic)."""
    from bola8.physics.launch import launch   # (here: the contract's checks above need no numba)

    prm = PhysicsSettings(ball=ball).as_array(2.0 * ball.radius)
    vx, vy, vz, wx, wy, wz = launch(float(strike.speed), float(strike.phi), float(strike.theta), float(strike.a),
                                    float(strike.b), float(cue.mass), float(cue.tip_restitution),
                                    float(cue.end_mass), prm)
    return np.array([vx, vy, vz]), np.array([wx, wy, wz])
