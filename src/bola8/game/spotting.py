"""Art. 16 - spotting balls.

A ball to be put back goes on the foot spot. If the spot is taken, it goes on
the long string *behind* the spot (towards the foot cushion), as close to the
spot as it fits, frozen to the ball in the way - but never frozen to the cue
ball, next to which it stops just short of touching. Several balls go in
numerical order, the lowest nearest the spot (RULINGS.md, Art. 16). When the
string behind the spot is full, the ball goes in front of the spot (towards
the head), again as close to the spot as it fits.

Which balls are spotted, and in what order, is the referee's decision
(``Ruling.respotted``); this module only finds where they go.
"""

from __future__ import annotations

import math

from bola8.game.layout import CUE_BALL_CLEARANCE, FROZEN_GAP, Layout, Point
from bola8.rules.balls import CUE


def spot_balls(layout: Layout, balls: tuple[int, ...], *, foot_spot: Point,
               ball_radius: float, foot_limit: float, head_limit: float) -> dict[int, Point]:
    """The layout with ``balls`` spotted in the given order (Art. 16).

    ``foot_limit`` and ``head_limit`` are the largest and smallest ``y`` a ball
    centre may have on the long string (the cloth's edges less a radius).
    """
    placed = dict(layout)
    for ball in balls:
        placed[ball] = spot_position(placed, foot_spot=foot_spot, ball_radius=ball_radius,
                                     foot_limit=foot_limit, head_limit=head_limit)
    return placed


def spot_position(layout: Layout, *, foot_spot: Point, ball_radius: float,
                  foot_limit: float, head_limit: float) -> Point:
    """Where the next spotted ball goes, given the balls already on the table."""
    x, spot_y = foot_spot
    behind = [y for y in _candidate_ys(layout, x, spot_y, ball_radius, behind=True)
              if spot_y <= y <= foot_limit and _fits(layout, (x, y), ball_radius)]
    if behind:
        return (x, min(behind))
    in_front = [y for y in _candidate_ys(layout, x, spot_y, ball_radius, behind=False)
                if head_limit <= y <= spot_y and _fits(layout, (x, y), ball_radius)]
    if in_front:
        return (x, max(in_front))
    # A table with the whole long string blocked cannot happen with 16 balls of
    # legal size, but say so plainly rather than overlap balls.
    raise RuntimeError("no room on the long string to spot a ball (Art. 16)")


def _clearance(ball: int, radius: float) -> float:
    """Centre distance at which a spotted ball stands next to ``ball``."""
    return 2.0 * radius + (CUE_BALL_CLEARANCE if ball == CUE else FROZEN_GAP)


def _candidate_ys(layout: Layout, x: float, spot_y: float, radius: float, *,
                  behind: bool) -> list[float]:
    """The spot itself and every y on the string where the ball would just touch another."""
    candidates: list[float] = [spot_y]
    for ball, (bx, by) in layout.items():
        reach = _clearance(ball, radius)
        dx = abs(bx - x)
        if dx < reach:
            dy = math.sqrt(reach * reach - dx * dx)
            candidates.append(by + dy if behind else by - dy)
    return candidates


def _fits(layout: Layout, point: Point, radius: float) -> bool:
    px, py = point
    for ball, (bx, by) in layout.items():
        # A hair of tolerance: candidates computed to touch must count as fitting.
        if math.hypot(bx - px, by - py) < _clearance(ball, radius) - 1e-9:
            return False
    return True
