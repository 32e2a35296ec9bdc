"""Aiming geometry for bots: ghost balls, cut angles, clear lines, where to aim at a pocket.

Pure plane geometry on a layout (ball -> (x, y)); angles in degrees in the
simulator's convention (phi 0 = +x, 90 = +y, towards the foot).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bola8.physics import TableSpec

Point = tuple[float, float]


def direction_deg(p: Point, q: Point) -> float:
    """Aim angle phi from p towards q."""
    return math.degrees(math.atan2(q[1] - p[1], q[0] - p[0])) % 360.0


def ghost_ball(obj: Point, target: Point, radius: float) -> Point:
    """Where the cue ball's centre must be at contact to send ``obj`` towards ``target``."""
    dx, dy = target[0] - obj[0], target[1] - obj[1]
    d = math.hypot(dx, dy)
    return (obj[0] - 2.0 * radius * dx / d, obj[1] - 2.0 * radius * dy / d)


def cut_angle_deg(cue: Point, ghost: Point, obj: Point, target: Point) -> float:
    """Angle between the cue ball's travel and the object ball's: 0 is a straight-in shot."""
    a = math.atan2(ghost[1] - cue[1], ghost[0] - cue[0])
    b = math.atan2(target[1] - obj[1], target[0] - obj[0])
    diff = abs((a - b + math.pi) % (2.0 * math.pi) - math.pi)
    return math.degrees(diff)


def segment_distance(p: Point, a: Point, b: Point) -> float:
    """Distance from point p to the segment ab."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0.0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return math.hypot(p[0] - (ax + t * dx), p[1] - (ay + t * dy))


def path_is_clear(layout: Mapping[int, Point], start: Point, end: Point, radius: float,
                  ignore: Iterable[int] = ()) -> bool:
    """A ball can travel from start to end without touching any other ball."""
    skip = set(ignore)
    return all(segment_distance(centre, start, end) >= 2.0 * radius
               for ball, centre in layout.items() if ball not in skip)


def pocket_targets(spec: TableSpec) -> dict[str, Point]:
    """Where to send an object ball for each pocket: the middle of the pocket's opening, between its
    jaw tips (``TableSpec.pocket_mouths``) - not the corner of the cloth, which a corner pocket's jaws
    hide from most directions. Every bot aims here."""
    return {name: (float(x), float(y)) for name, (x, y) in spec.pocket_mouths.items()}
