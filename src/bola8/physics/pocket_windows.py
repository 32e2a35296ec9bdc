"""Acceptance windows: how wide a path into a pocket drops the ball, measured on the simulator.

A window is measured the way Alciatore measures an effective target size
(TP 3.5 side pockets, TP 3.6 corner pockets: the "effective target sizes
for slow shots ... at different angles"): one ball alone on the table runs
at a pocket along parallel lines at the approach angle ``theta``; the
window is the width, across the lines, of the band of lines on which the
ball drops.

- Corner pocket (the foot-right corner): ``theta`` is measured from the
  pocket's centre line (the 45 degree bisector); positive angles come from
  the long rail's side, 45 runs parallel to the long rail. The offset of a
  line is its distance from the mouth's midpoint, positive towards the long
  rail; at 45 degrees it is the gap between the ball and the long rail.
- Side pocket (the right side pocket): ``theta`` is measured from the line
  square to the rail through the mouth's midpoint, positive when the ball
  also runs towards the foot; the offset is measured across the path,
  positive towards the foot.

The ball starts ``run`` (0.6 m) before the mouth with the speed that leaves
it ``speed`` on arrival, either rolling (any slow shot is rolling by the
time it arrives) or sliding without spin (``rolling=False``, for the
idealised comparison of ``benchmarks/bench_fidelity.py``).
``max_contacts`` counts a drop only when the ball touched at most that
many cushions, jaws or jaw tips before it (TP 3.6 follows a ball through at
most three wall contacts).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Literal

import numpy as np

from bola8.physics import codes as C
from bola8.physics.api import simulate_layout
from bola8.physics.params import PhysicsSettings
from bola8.physics.strike import Strike, strike_state
from bola8.physics.table import TableSpec

Pocket = Literal["corner", "side"]
RUN = 0.6            # m: the ball starts this far before the mouth
NATURAL_ROLL_B = 0.4  # tip height (in R) of a level stroke that leaves the ball rolling: 2/5 R


@dataclass(frozen=True)
class Window:
    """The contiguous band of offsets (m) that drop, around the centre of the pocket."""

    low: float
    high: float
    step: float
    isolated: int     # offsets outside the band that also dropped (rattles that fell)

    @property
    def width(self) -> float:
        """The band's width, counting each sampled line as ``step`` wide."""
        return self.high - self.low + self.step


def path(spec: TableSpec, pocket: Pocket, theta: float, offset: float,
         run: float = RUN) -> tuple[tuple[float, float], tuple[float, float]]:
    """(start, unit direction) of the line ``offset`` m off the pocket's centre at approach angle ``theta``."""
    W, L = spec.width, spec.length
    if pocket == "side":
        a = math.radians(theta)
        d = (math.cos(a), math.sin(a))
        n = (-d[1], d[0])
        mx, my = W, L / 2.0
        return (mx + offset * n[0] - run * d[0], my + offset * n[1] - run * d[1]), d
    dc = spec.corner_mouth / math.sqrt(2.0)
    a = math.radians(45.0 + theta)
    d = (math.cos(a), math.sin(a))
    if theta == 45.0:
        return (W - spec.ball_radius - offset, L - dc - run), d
    n = (d[1], -d[0])
    mx, my = W - dc / 2.0, L - dc / 2.0
    return (mx + offset * n[0] - run * d[0], my + offset * n[1] - run * d[1]), d


def _launch(direction: tuple[float, float], speed: float, rolling: bool, settings: PhysicsSettings) -> Strike:
    """The level stroke that sends the ball along ``direction`` at ``speed`` (rolling, or sliding without spin)."""
    phi = math.degrees(math.atan2(direction[1], direction[0]))
    aimed = Strike(1.0, phi, b=NATURAL_ROLL_B if rolling else 0.0)
    v, _ = strike_state(aimed, settings.ball, settings.cue)
    return replace(aimed, speed=speed / math.hypot(float(v[0]), float(v[1])))


def drops(spec: TableSpec, pocket: Pocket, theta: float, offset: float, speed: float,
          settings: PhysicsSettings | None = None, rolling: bool = True, max_contacts: int | None = None,
          run: float = RUN) -> bool:
    """Whether the ball on this line, arriving at ``speed`` m/s, drops in the pocket it runs at."""
    settings = settings or PhysicsSettings()
    start, d = path(spec, pocket, theta, offset, run)
    if not spec.is_on_cloth(*start):
        return False
    ball = settings.ball
    # speed lost over the run: rolling resistance, or sliding friction for a ball without spin
    decel = (ball.mu_roll if rolling else ball.mu_slide) * ball.gravity
    launch = math.sqrt(speed * speed + 2.0 * decel * run)
    result = simulate_layout(spec, {0: start}, _launch(d, launch, rolling, settings), settings)
    drop = np.flatnonzero(result.ev_type == C.EV_POCKET)
    if len(drop) == 0:
        return False
    target = 3 if pocket == "side" else 5     # side-right, foot-right (table.POCKET_NAMES)
    k = int(drop[0])
    if int(result.ev_o[k]) != target:
        return False
    return max_contacts is None or int((result.ev_type[:k] == C.EV_CUSHION).sum()) <= max_contacts


def window(spec: TableSpec, pocket: Pocket, theta: float, speed: float, low: float, high: float,
           step: float = 1e-3, settings: PhysicsSettings | None = None, rolling: bool = True,
           max_contacts: int | None = None) -> Window | None:
    """The band of offsets in [low, high] (sampled every ``step`` m) around the pocket's centre that drop.

    The band is the run of dropping offsets that holds offset 0 (or, if 0 does not drop, the
    dropping offset nearest to it); None when no offset drops.
    """
    count = int(round((high - low) / step)) + 1
    offsets = [low + i * step for i in range(count)]
    hits = [drops(spec, pocket, theta, o, speed, settings, rolling, max_contacts) for o in offsets]
    inside = [i for i, h in enumerate(hits) if h]
    if not inside:
        return None
    centre = min(inside, key=lambda i: (abs(offsets[i]), i))
    a = b = centre
    while a > 0 and hits[a - 1]:
        a -= 1
    while b + 1 < count and hits[b + 1]:
        b += 1
    return Window(offsets[a], offsets[b], step, len(inside) - (b - a + 1))


def mirror_settings(spec: TableSpec) -> PhysicsSettings:
    """The rail as TP 3.5/3.6 idealise it, for comparisons: balls run straight (no cloth friction) and
    every cushion, jaw and tip reflects them like a mirror (no friction, the in-plane normal speed
    returned whole: the restitution that makes up for the nose's tilt, 2 / cos^2(q) - 1)."""
    base = PhysicsSettings()
    sin_q = spec.cushion_height / spec.ball_radius - 1.0
    mirror_e = 2.0 / (1.0 - sin_q * sin_q) - 1.0
    ball = replace(base.ball, mu_slide=1e-9, mu_roll=1e-9, e_cushion=mirror_e, mu_cushion=0.0)
    # without friction a ball that does not drop would bounce on for ever: a few dozen events tell
    return replace(base, ball=ball, cushion_model="han2005", max_events=64)
