"""Ball positions on the table, and the geometry questions the game asks of them.

A layout maps ball numbers (0 is the cue ball) to the (x, y) of their centres, in
metres, in the simulator's frame: ``y = 0`` is the head cushion, ``x`` runs across.
Only balls lying on the table appear in it. Layouts are plain dicts copied on
change: a :class:`~bola8.game.Game` never mutates one it has handed out.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

Point = tuple[float, float]
Layout = Mapping[int, Point]

# Balls placed "frozen" to another ball (a rack, a spotted ball) are set this far
# apart beyond touching, so that rounding never makes them overlap.
FROZEN_GAP = 1e-6
# Art. 16: a spotted ball must not be frozen to the cue ball; it is placed as
# close as possible without touching, which we take as this clearance.
CUE_BALL_CLEARANCE = 5e-4


def distance(p: Point, q: Point) -> float:
    """The distance between two points of the cloth, in metres."""
    return math.hypot(p[0] - q[0], p[1] - q[1])


def overlapping(layout: Layout, point: Point, radius: float, *, ignore: Iterable[int] = ()) -> list[int]:
    """The balls of ``layout`` that a ball centred at ``point`` would overlap."""
    skip = set(ignore)
    limit = 2.0 * radius
    return [ball for ball, centre in layout.items()
            if ball not in skip and distance(centre, point) < limit]


def freeze(layout: Layout) -> tuple[tuple[int, Point], ...]:
    """A hashable, ordered copy of a layout (for records and equality)."""
    return tuple(sorted((int(b), (float(p[0]), float(p[1]))) for b, p in layout.items()))
