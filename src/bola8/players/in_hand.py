"""Ball in hand: the places a bot considers for the cue ball (Art. 8, 9, 12.2).

Every bot asks the same question - where could the cue ball go so that a ball
it may call is on - and gets one answer here: :func:`spots` lists legal places
behind each callable ball, on or near its line to each pocket that takes it
(the line turned up to 45 degrees, at a few distances), each scored by the
geometric chance of the straight pot from there (:func:`estimate.direct_chance`),
best first and spread apart. The baseline bot takes the first; the searching bot
searches the next shot from the best few. :func:`any_place` is the answer when no
ball is on: a legal place that at least sees a ball the shooter may hit first.

The game decides what is legal (``Game.place_cue_ball`` refuses a place on a
ball, off the cloth, or beyond the head string when the cue ball is in hand
behind it, Art. 8.2 / 9); a bot only asks it.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from bola8.errors import InputError
from bola8.players.aiming import ghost_ball, path_is_clear, pocket_targets
from bola8.players.estimate import direct_chance, half_window
from bola8.rules import CUE, callable_balls, legal_first_contacts

if TYPE_CHECKING:
    from bola8.game import Game

Point = tuple[float, float]

TURNS_DEG = (0.0, 25.0, -25.0, 45.0, -45.0)   # the cue ball's line turned off the pot's line
BACKS = (0.18, 0.35, 0.6)                      # m from the ghost ball
TURN_COST = 0.02                               # a straight-in spot wins a near tie (per 45 degrees turned)
SPREAD = 0.05                                  # m: no two spots closer than this


def placeable(game: Game, spot: Point) -> bool:
    """The game takes the cue ball at ``spot``."""
    try:
        game.place_cue_ball(*spot)
    except InputError:
        return False
    return True


def spots(game: Game, sigma: float) -> list[Point]:
    """Legal places behind each callable ball on its line to each pocket that takes it, the best
    straight-pot chance (at aim error ``sigma`` radians) first."""
    spec, layout = game.spec, game.layout
    layout.pop(CUE, None)
    radius = spec.ball_radius
    scored: list[tuple[float, Point]] = []
    for ball in callable_balls(game.state):
        obj = layout.get(ball)
        if obj is None:
            continue
        if game.kitchen_only and obj[1] <= spec.head_string_y:
            continue        # Art. 8.2 / 9: not playable directly from the kitchen
        for pocket, target in pocket_targets(spec).items():
            if half_window(spec, pocket, obj) <= 0.0:
                continue
            if not path_is_clear(layout, obj, target, radius, ignore=(ball,)):
                continue
            ghost = ghost_ball(obj, target, radius)
            ux, uy = ghost[0] - target[0], ghost[1] - target[1]
            norm = math.hypot(ux, uy)
            ux, uy = ux / norm, uy / norm
            for turn_deg in TURNS_DEG:
                c, s = math.cos(math.radians(turn_deg)), math.sin(math.radians(turn_deg))
                dx, dy = c * ux - s * uy, s * ux + c * uy
                for back in BACKS:
                    spot = (ghost[0] + dx * back, ghost[1] + dy * back)
                    if not placeable(game, spot):
                        continue
                    if not path_is_clear(layout, spot, ghost, radius, ignore=(ball,)):
                        continue
                    p = direct_chance(spec, spot, obj, pocket, sigma)
                    scored.append((p - TURN_COST * abs(turn_deg) / 45.0, spot))
    scored.sort(key=lambda item: -item[0])
    chosen: list[Point] = []
    for _, spot in scored:
        if all(math.dist(spot, other) > SPREAD for other in chosen):
            chosen.append(spot)
    return chosen


def any_place(game: Game) -> Point:
    """A legal place with a direct line to a ball the shooter may hit first (else any legal place)."""
    spec, layout = game.spec, game.layout
    layout.pop(CUE, None)
    top = spec.head_string_y if game.kitchen_only else spec.length - spec.ball_radius
    firsts = [b for b in legal_first_contacts(game.state) if b in layout]
    fallback: Point | None = None
    for i in range(1, 40):
        for j in range(1, 20):
            spot = (spec.width * j / 20.0, top * i / 40.0)
            if not placeable(game, spot):
                continue
            fallback = fallback or spot
            if any(path_is_clear(layout, spot, layout[b], spec.ball_radius, ignore=(b,)) for b in firsts):
                return spot
    if fallback is None:
        raise RuntimeError("no place on the table for the cue ball")
    return fallback
