"""Art. 4 - the lag for the first break of a match (and again at hill-hill).

Each player sends a ball from behind the head string to the foot cushion and
back; whoever stops nearer the head cushion chooses who breaks (Art. 4.1). The
lags are simulated on the table, one ball each in its own lane (a quarter of
the width from either side cushion), from the head string. A lag ball that
never reaches the foot cushion, or drops in a pocket, loses the lag; if both
lose, or both stop equally near, the lag is played again.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bola8.physics import PhysicsSettings, ShotResult, TableSpec

LANE_X_FRACTIONS = (0.25, 0.75)


@dataclass(frozen=True)
class LagStroke:
    """One player's lag stroke (Art. 4): its speed, and the distance from the head cushion to where the ball
    stopped (infinite when it lost by failing to reach the foot cushion or leaving the table).
    """
    player: int
    speed: float
    distance: float           # from the head cushion to the ball's base, metres; inf if it lost
    final: tuple[float, float] | None


def lag_distance(spec: TableSpec, speed: float, *, lane: int, physics: PhysicsSettings | None = None) -> float:
    """The distance a lag stroke at ``speed`` in lane ``lane`` stops from the head cushion (see
    :class:`LagStroke`).
    """
    return lag_stroke(spec, speed, player=lane, physics=physics).distance


def lag_simulation(spec: TableSpec, speed: float, *, player: int, physics: PhysicsSettings | None = None) -> ShotResult:
    """The lag stroke of ``player``'s lane, simulated: the ball alone on the table, from the head
    string towards the foot cushion (for drawing it, and for :func:`lag_stroke`)."""
    from bola8.physics import Strike, simulate_layout

    start = (spec.width * LANE_X_FRACTIONS[player], spec.head_string_y)
    return simulate_layout(spec, {0: start}, Strike(speed=speed, phi=90.0), physics)


def lag_stroke(spec: TableSpec, speed: float, *, player: int, physics: PhysicsSettings | None = None) -> LagStroke:
    """``player``'s lag stroke at ``speed``, simulated and measured (Art. 4: it must reach the foot cushion and
    come back).
    """
    result = lag_simulation(spec, speed, player=player, physics=physics)
    final = result.final.get(0)
    if final is None or not _reached_foot_cushion(spec, result):
        return LagStroke(player, speed, math.inf, final)
    return LagStroke(player, speed, final[1] - spec.ball_radius, final)


def lag_winner(first: LagStroke, second: LagStroke) -> int | None:
    """The player who won the lag, or None when it must be played again."""
    if math.isinf(first.distance) and math.isinf(second.distance):
        return None
    if first.distance == second.distance:
        return None
    return first.player if first.distance < second.distance else second.player


def _reached_foot_cushion(spec: TableSpec, result: ShotResult) -> bool:
    for event in result.events:
        if event.type == "cushion" and 0 in event.balls:
            where = result.position_at(0, event.t)
            if where is not None and where[1] > spec.length - 2.0 * spec.ball_radius:
                return True
    return False
