"""Execution noise: no player strikes exactly the stroke he aimed.

The model is the one of the computer olympiads' pool events (FastFiz's
``GaussianNoise``): independent zero-mean Gaussian errors added to each stroke
parameter, with standard deviations at level 1 of 0.125 deg (aim phi),
0.075 m/s (speed), 0.1 deg (elevation theta), 0.5 mm (side offset a) and
0.5 mm (vertical offset b), all scaled by ``level`` (0 is a perfect player).
The perturbed stroke is then brought back into the physically possible range
(positive speed, elevation not below level, tip on the ball), since a stroke
outside it cannot be played:

- speed is clipped to [0.01, 12] m/s;
- the elevation is *reflected* at 0 deg (a cue cannot point below level: an
  error that would take it under is the same error upwards), then clipped at
  80 deg. Away from 0 this changes nothing; for an intended level stroke
  (theta = 0) the played elevation is therefore half-normal, ``|N(0, s)|``:
  never negative, mean ``s * sqrt(2 / pi)`` (0.08 deg at level 1);
- a tip offset beyond 0.99 of the radius is scaled back onto that circle
  (beyond the cue's miscue limit the tip slips: the simulator plays an honest
  miscue, the cue ball does not move).

The lag stroke's speed (:meth:`ExecutionNoise.perturb_speed`) is clipped the
same way. Levels above ``MAX_LEVEL`` are refused: there the bots' strokes are
so wild that a rack no longer ends (measured with ``benchmarks/bench_noise.py``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bola8.physics import Strike

BALL_RADIUS_MM = 28.575
SIGMA_PHI_DEG = 0.125
SIGMA_SPEED = 0.075
SIGMA_THETA_DEG = 0.1
SIGMA_A_MM = 0.5
SIGMA_B_MM = 0.5

MIN_SPEED = 0.01
MAX_SPEED = 12.0
MAX_OFFSET = 0.99
MAX_LEVEL = 20.0     # bench_noise.py: racks of median 118 actions at 20, 1465 at 60 (the guard is 2000)


@dataclass(frozen=True)
class ExecutionNoise:
    """Gaussian execution noise on a stroke (phi, V, theta, a, b), at ``level`` times the computer olympiad's
    deviations (0 = exact; at most ``MAX_LEVEL``).
    """
    level: float = 1.0

    def __post_init__(self) -> None:
        level = self.level
        if isinstance(level, bool) or not isinstance(level, (int, float)) or not 0.0 <= level <= MAX_LEVEL:
            from bola8.errors import InputError

            raise InputError(f"noise: {level!r} is not a noise level; expected a number from 0 to {MAX_LEVEL:g}.",
                             f"noise: {level!r} no es un nivel de ruido; se esperaba un número de 0 a "
                             f"{MAX_LEVEL:g}.")

    def perturb_speed(self, speed: float, rng: random.Random) -> float:
        """A stroke's ``speed`` as played (the lag), in the speeds a cue can give; always one draw of ``rng``."""
        played = speed + rng.gauss(0.0, SIGMA_SPEED * self.level)
        return min(max(played, MIN_SPEED), MAX_SPEED)

    def perturb(self, strike: Strike, rng: random.Random) -> Strike:
        """``strike`` as actually played, drawn with ``rng`` (so it is reproducible)."""
        if self.level == 0.0:
            return strike
        # five standard normal draws, in the order speed, phi, theta, a, b
        return self.apply(strike, [rng.gauss(0.0, 1.0) for _ in range(5)])

    def apply(self, strike: Strike, draws: Sequence[float]) -> Strike:
        """``strike`` as played with the given standard normal ``draws`` (speed, phi, theta, a, b).

        A search scores its candidates with the *same* draws (common random
        numbers), so two strokes are compared on the same luck; ``perturb`` is
        this with fresh draws from a generator.
        """
        from bola8.physics import Strike

        if self.level == 0.0:
            return strike
        k = self.level
        z_speed, z_phi, z_theta, z_a, z_b = draws
        speed = strike.speed + z_speed * (SIGMA_SPEED * k)
        phi = strike.phi + z_phi * (SIGMA_PHI_DEG * k)
        theta = strike.theta + z_theta * (SIGMA_THETA_DEG * k)
        a = strike.a + z_a * (SIGMA_A_MM * k) / BALL_RADIUS_MM
        b = strike.b + z_b * (SIGMA_B_MM * k) / BALL_RADIUS_MM
        speed = min(max(speed, MIN_SPEED), MAX_SPEED)
        theta = min(abs(theta), 80.0)         # reflected at level (see the module's docstring)
        offset = math.hypot(a, b)
        if offset > MAX_OFFSET:
            a, b = a * MAX_OFFSET / offset, b * MAX_OFFSET / offset
        return Strike(speed=speed, phi=phi % 360.0, theta=theta, a=a, b=b, cue=strike.cue)   # the same cue
