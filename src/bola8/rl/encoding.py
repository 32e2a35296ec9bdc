"""Observations and actions as flat arrays in [-1, 1], read from and turned into the game's values.

**Observation** (``OBSERVATION_SIZE`` = 58 floats, seen from the player to act):

======  ==========================================================
0-47    each ball 0..15: x and y scaled to [-1, 1] across the cloth, then 1 if on the table
        (-1 if not; a ball off the table reads x = y = 0)
48-50   the player's group: open table, solids, stripes (one-hot, 1 / -1)
51      the 8 is the player's ball on (his group cleared)
52      the cue ball is in hand
53      in hand behind the head string only (the break, Art. 8.2)
54      this stroke is the break
55      the player broke this rack
56      strokes without an attempt (Art. 21), scaled: -1 none .. 1 at the limit
57      the opponent's balls left, scaled: -1 none .. 1 all seven
======  ==========================================================

**Action** (``ACTION_SIZE`` = 9 floats in [-1, 1]):

======  ==========================================================
0       the called ball: [-1, 1] split into equal bins, one for each ball the shooter may
        call now (``bola8.rules.referee.callable_balls``, Art. 2.5), lowest first
1       the called pocket: six bins, in ``bola8.rules.balls.POCKETS`` order
2       direction: with ``aim="ghost"`` an offset of up to ``aim_span_deg`` from the
        ghost-ball aim at the called ball into the called pocket; with ``"absolute"``,
        -1..1 is 0..360 degrees
3       speed: 0.3 .. 8 m/s (the break: 4 .. 11 m/s)
4       elevation theta: 0 .. 30 degrees
5, 6    side and follow/draw (a, b): the tip's offset in ball radii, kept inside 0.6
7, 8    where to put the cue ball in hand, across and along the area allowed
        (the kitchen or the whole cloth); ignored when the ball is not in hand
======  ==========================================================

The break is played without a call (Art. 2 asks none); every other stroke
calls the action's ball and pocket, and the referee decides whether that call
was legal.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np

from bola8.rules.balls import POCKETS

if TYPE_CHECKING:
    from bola8.game import Game
    from bola8.physics import Strike
    from bola8.rl.settings import EnvSettings
    from bola8.rules import Call

OBSERVATION_SIZE = 58
ACTION_SIZE = 9
MAX_TIP = 0.6


def _sign(flag: bool) -> float:
    return 1.0 if flag else -1.0


def observe(game: Game, player: int) -> np.ndarray:
    """The observation of ``game`` for ``player`` (see the module's table)."""
    spec, state = game.spec, game.state
    out = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
    layout = game.layout
    for ball in range(16):
        if ball in layout:
            x, y = layout[ball]
            out[3 * ball] = 2.0 * x / spec.width - 1.0
            out[3 * ball + 1] = 2.0 * y / spec.length - 1.0
            out[3 * ball + 2] = 1.0
        else:
            out[3 * ball + 2] = -1.0
    group = state.group_of_player(player)
    out[48:51] = -1.0
    out[48 + (0 if group is None else 1 if group.value == "solids" else 2)] = 1.0
    out[51] = _sign(group is not None and not state.remaining(player))
    out[52] = _sign(game.cue_in_hand)
    out[53] = _sign(game.kitchen_only)
    out[54] = _sign(state.phase == "break")
    out[55] = _sign(state.breaker == player)
    out[56] = min(1.0, -1.0 + 2.0 * state.turns_without_attempt / 6.0)
    other = state.group_of_player(1 - player)
    left = len(state.remaining(1 - player)) if other is not None else 7
    out[57] = -1.0 + 2.0 * left / 7.0
    return np.clip(out, -1.0, 1.0)


def _bin(value: float, count: int) -> int:
    return min(count - 1, max(0, int((float(value) + 1.0) / 2.0 * count)))


def _scale(value: float, low: float, high: float) -> float:
    return low + (min(1.0, max(-1.0, float(value))) + 1.0) / 2.0 * (high - low)


def decode_call(action: np.ndarray, game: Game) -> Call | None:
    """The call the action makes: one of the balls the referee allows now, in one of the pockets."""
    from bola8.rules import Call
    from bola8.rules.referee import callable_balls

    allowed = callable_balls(game.state)
    if not allowed:
        return None
    return Call(ball=allowed[_bin(action[0], len(allowed))], pocket=POCKETS[_bin(action[1], 6)])


def placement(action: np.ndarray, game: Game) -> tuple[float, float]:
    """Where the action puts the cue ball in hand (the referee may still refuse it)."""
    spec = game.spec
    r = spec.ball_radius
    top = spec.head_string_y - r if game.kitchen_only else spec.length - r
    return (_scale(action[7], r, spec.width - r), _scale(action[8], r, top))


def decode_strike(action: np.ndarray, game: Game, settings: EnvSettings, call: Call | None) -> Strike:
    """The stroke the action asks for, before execution noise."""
    from bola8.physics import Strike
    from bola8.players.aiming import direction_deg, ghost_ball, pocket_targets

    layout = game.layout
    cue = layout[0]
    breaking = game.state.phase == "break"
    if settings.aim == "ghost" and call is not None and call.ball in layout:
        target = pocket_targets(game.spec)[call.pocket]
        ghost = ghost_ball(layout[call.ball], target, game.spec.ball_radius)
        phi = direction_deg(cue, ghost) + float(np.clip(action[2], -1, 1)) * settings.aim_span_deg
    elif settings.aim == "ghost" and breaking:
        apex = min((point for ball, point in layout.items() if ball), key=lambda point: point[1])
        phi = direction_deg(cue, apex) + float(np.clip(action[2], -1, 1)) * settings.aim_span_deg
    else:
        phi = _scale(action[2], 0.0, 360.0)
    speed = _scale(action[3], 4.0, 11.0) if breaking else _scale(action[3], 0.3, 8.0)
    theta = _scale(action[4], 0.0, 30.0)
    a, b = float(np.clip(action[5], -1, 1)) * MAX_TIP, float(np.clip(action[6], -1, 1)) * MAX_TIP
    norm = math.hypot(a, b)
    if norm > MAX_TIP:
        a, b = a * MAX_TIP / norm, b * MAX_TIP / norm
    return Strike(speed=speed, phi=phi % 360.0, theta=theta, a=a, b=b)

