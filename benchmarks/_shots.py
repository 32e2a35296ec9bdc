"""Layouts and strikes shared by both sides of the benchmark (standard library only).

Both engines use the same frame: x across the table in [0, width], y along it in [0, length], y = 0 the head
cushion, phi = 0 towards +x and 90 towards +y (the foot). pooltool 0.6.0 uses the same axes for its cloth
(origin at a corner, y along the length, rack apex at (w/2, 3l/4), cue spot (w/2, l/4)), so positions and
angles are passed through unchanged. This module is imported by `bench_break.py` (bola8's venv) and by
`_pooltool_side.py` (pooltool's venv), so it must not import numpy, bola8 or pooltool.
"""

from __future__ import annotations

import math
import random
from dataclasses import asdict, dataclass

Layout = dict[int, tuple[float, float]]  # ball number (0 = cue ball) -> (x, y) in metres


@dataclass(frozen=True)
class Table:
    """The playing area both engines are given: inside the cushion noses, metres."""

    name: str
    length: float
    width: float
    ball_radius: float


@dataclass(frozen=True)
class StrikeSpec:
    """A cue strike with pooltool's and bola8's shared meaning: stick speed m/s, angles in degrees."""

    speed: float
    phi: float
    theta: float = 0.0
    a: float = 0.0
    b: float = 0.0

    def to_dict(self) -> dict[str, float]:
        return asdict(self)


def direction_deg(start: tuple[float, float], end: tuple[float, float]) -> float:
    """Angle of the vector start -> end in [0, 360): 0 = +x, 90 = +y."""
    return math.degrees(math.atan2(end[1] - start[1], end[0] - start[0])) % 360.0


def apex_ball(layout: Layout, foot_spot: tuple[float, float]) -> int:
    """The object ball nearest the foot spot (the rack's apex)."""
    objects = [ball for ball in layout if ball != 0]
    return min(objects, key=lambda ball: math.dist(layout[ball], foot_spot))


def cut_aim_deg(cue: tuple[float, float], target: tuple[float, float], cut_deg: float, radius: float) -> float:
    """Aim for a cut of `cut_deg`: the object ball should leave at `cut_deg` from the cue-to-target line.

    The cue ball is sent at the ghost-ball position, one ball diameter behind the target along the desired
    departure direction (idealised: no throw, no squirt). The caller keeps the cut small enough to hit.
    """
    departure = math.atan2(target[1] - cue[1], target[0] - cue[0]) + math.radians(cut_deg)
    ghost = (target[0] - 2.0 * radius * math.cos(departure), target[1] - 2.0 * radius * math.sin(departure))
    return direction_deg(cue, ghost)


def _is_free(point: tuple[float, float], layout: Layout, radius: float, skip: int) -> bool:
    return all(math.dist(point, xy) > 2.0 * radius + 1e-6 for ball, xy in layout.items() if ball != skip)


def with_cue_ball(layout: Layout, table: Table) -> Layout:
    """The layout with a cue ball: kept where it is, else placed on the head string as close to its centre
    as the other balls allow (the benchmark only needs a legal-looking position, not the rules' ball in hand)."""
    if 0 in layout:
        return dict(layout)
    radius = table.ball_radius
    y = table.length / 4.0
    for step in range(400):
        offset = (step + 1) // 2 * (radius / 2.0) * (1 if step % 2 else -1)
        x = table.width / 2.0 + offset
        if radius < x < table.width - radius and _is_free((x, y), layout, radius, skip=0):
            return {0: (x, y), **layout}
    raise ValueError("no free spot for the cue ball on the head string")


def typical_strikes(layout: Layout, table: Table, count: int, seed: int) -> list[StrikeSpec]:
    """`count` ordinary shots from `layout`: stick speed 1-4 m/s at a random object ball, cut within +-25 deg,
    tip offsets a, b in [-0.3, 0.3] (inside the ~0.5 R miscue limit), level cue. Seeded, reproducible."""
    rng = random.Random(seed)
    cue = layout[0]
    targets = sorted(ball for ball in layout if ball != 0)
    if not targets:
        raise ValueError("the layout has no object ball to aim at")
    strikes: list[StrikeSpec] = []
    for _ in range(count):
        target = targets[rng.randrange(len(targets))]
        cut = rng.uniform(-25.0, 25.0)
        strikes.append(
            StrikeSpec(
                speed=round(rng.uniform(1.0, 4.0), 6),
                phi=round(cut_aim_deg(cue, layout[target], cut, table.ball_radius), 9),
                theta=0.0,
                a=round(rng.uniform(-0.3, 0.3), 6),
                b=round(rng.uniform(-0.3, 0.3), 6),
            )
        )
    return strikes


def layout_to_json(layout: Layout) -> dict[str, list[float]]:
    return {str(ball): [float(x), float(y)] for ball, (x, y) in sorted(layout.items())}


def layout_from_json(data: dict[str, list[float]]) -> Layout:
    layout: Layout = {}
    for key, xy in data.items():
        ball = int(key)
        if not 0 <= ball <= 15 or len(xy) != 2:
            raise ValueError(f"balls[{key!r}]: expected a ball number 0-15 and [x, y]")
        layout[ball] = (float(xy[0]), float(xy[1]))
    return layout


def scattered_shots(table: Table, balls: int, count: int, seed: int, speed: tuple[float, float] = (1.0, 4.0),
                    spin: float = 0.2, cut: float = 25.0) -> list[tuple[Layout, StrikeSpec]]:
    """`count` (layout, strike) pairs: the cue ball and `balls` - 1 object balls scattered uniformly at least
    1 cm from the cushion lines and 5 mm apart, the cue ball sent at a random object ball with a ghost-ball
    cut within +-`cut` degrees, stick speed in `speed`, a and b within +-`spin`, level cue. Seeded."""
    rng = random.Random(seed)
    radius = table.ball_radius
    margin = radius + 0.01
    out: list[tuple[Layout, StrikeSpec]] = []
    while len(out) < count:
        layout: Layout = {}
        numbers = [0] + rng.sample(range(1, 16), balls - 1)
        for ball in numbers:
            while True:
                point = (rng.uniform(margin, table.width - margin), rng.uniform(margin, table.length - margin))
                if all(math.dist(point, xy) >= 2.0 * radius + 0.005 for xy in layout.values()):
                    layout[ball] = point
                    break
        strike = StrikeSpec(speed=rng.uniform(*speed), phi=0.0, a=rng.uniform(-spin, spin), b=rng.uniform(-spin, spin))
        if balls > 1:
            target = rng.choice(numbers[1:])
            strike = StrikeSpec(strike.speed, cut_aim_deg(layout[0], layout[target], rng.uniform(-cut, cut), radius),
                                0.0, strike.a, strike.b)
        else:
            strike = StrikeSpec(strike.speed, rng.uniform(0.0, 360.0), 0.0, strike.a, strike.b)
        out.append((layout, strike))
    return out
