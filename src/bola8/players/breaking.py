"""The break and the lag, found on the match's own table and physics.

**The break** (Art. 7) is searched once per table, ruleset, physics and noise
level, and kept for the life of the process (a server or a batch worker
searches once). The grid: the cue ball on the head string in the middle or a
third of the way to the side cushion (full on the apex ball), 13 cm from the
side cushion (full on the apex, or thin on the second row's ball on its side)
or 6 cm from it (thin on that ball); four hard speeds; a touch of draw, or of
follow (which sends the cue ball on into the rack rather than back towards a
pocket); a level or a slightly raised cue. (A wider grid of 288 breaks on 40
racks each, on the 9-ft table, found the hard breaks best: 11-12 m/s kept
the table 70-75% of the time on those racks; it also found breaks that never
scratched on them while keeping the table 65-70%.) Each break is played on the same racks
(``BREAK_RACKS``, seeds from ``RACK_SEED``) with one draw of the bot's noise
per rack, judged by the referee, and scored as the breaker's chance to win
from what it leaves (:mod:`bola8.players.estimate`): balls down and the table
kept, the cue ball left with a shot, no scratch. A pending option is settled
the way each player would choose it. The best few are played again on more
racks (``CONFIRM_RACKS``) before one is chosen, so a lucky rack does not decide.

**The lag** (Art. 4): the speed whose ball stops nearest the head cushion on
average under the bot's own speed noise, a ball that falls short or drops
counted as far away; the match's physics settings are used when the bot was
given them (``make_player(..., physics=...)``).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bola8.players.estimate import position_value, sigma_rad
from bola8.players.noise import ExecutionNoise

if TYPE_CHECKING:
    from bola8.game import Game, Turn
    from bola8.physics import PhysicsSettings, Strike, TableSpec
    from bola8.rules import Ruleset

Point = tuple[float, float]
BREAK_RACKS = 20
CONFIRM_RACKS = 120
CONFIRMED = 6
RACK_SEED = 770_000
BREAK_SPEEDS = (9.5, 10.5, 11.5, 12.0)
BREAK_SPINS = (-0.1, 0.1, 0.25)
BREAK_ELEVATIONS = (0.0, 5.0)
PLAIN_BREAK_SPEED = 9.0
SCRATCH = 0.4        # the extra cost of a break foul in the search's score
NEUTRAL = 0.5        # the value of a rack about to be broken, for either player, before any search
LAG_SPEEDS = tuple(1.0 + 0.05 * i for i in range(81))
LAG_SAMPLES = 24
LAG_SHORT = 2.0      # m: a lag ball that lost (short, or in a pocket) counts as stopping this far away


@dataclass(frozen=True)
class BreakPlan:
    """Where the cue ball goes, the stroke, and what the search measured for it."""

    spot: Point
    strike: Strike
    value: float          # the breaker's mean chance to win after it (NEUTRAL when not searched)
    keeps: float          # share of the racks searched where the breaker kept the table
    racks: int            # racks it was measured on (0: not searched)


_BREAKS: dict[tuple[object, ...], BreakPlan] = {}
_LAGS: dict[tuple[object, ...], float] = {}


def plain_break(spec: TableSpec) -> BreakPlan:
    """The break of a player who has not studied it: from the head string's middle, hard at the apex."""
    from bola8.physics import Strike

    spot = (spec.width / 2.0, spec.head_string_y)
    phi = math.degrees(math.atan2(spec.foot_spot[1] - spot[1], spec.foot_spot[0] - spot[0]))
    return BreakPlan(spot=spot, strike=Strike(speed=PLAIN_BREAK_SPEED, phi=phi), value=NEUTRAL, keeps=0.0, racks=0)


def break_configs(spec: TableSpec) -> list[tuple[Point, Strike]]:
    """The grid of the module's docstring: (cue ball spot, stroke)."""
    from bola8.physics import Strike

    r = spec.ball_radius
    fx, fy = spec.foot_spot
    y = spec.head_string_y
    third = (spec.width / 2.0 + spec.width / 6.0, y)
    side = (spec.width - r - 0.1, y)
    rail = (spec.width - r - 0.03, y)
    thin = (fx + 1.6 * r, fy + math.sqrt(3.0) * r)   # a thin hit on the second row's ball on the cue ball's side
    aimed = [((spec.width / 2.0, y), spec.foot_spot), (third, spec.foot_spot), (side, spec.foot_spot),
             (side, thin), (rail, thin)]
    configs = []
    for spot, aim in aimed:
        phi = math.degrees(math.atan2(aim[1] - spot[1], aim[0] - spot[0])) % 360.0
        for speed in BREAK_SPEEDS:
            for b in BREAK_SPINS:
                for theta in BREAK_ELEVATIONS:
                    configs.append((spot, Strike(speed=speed, phi=phi, theta=theta, b=b)))
    return configs


def break_value(turn: Turn, sigma: float, q: float) -> tuple[float, bool]:
    """The breaker's chance to win after a break, and whether he kept the table.

    A break foul (the cue ball pocketed) costs ``SCRATCH`` more than the ball in hand it gives:
    the search is told to break without scratching, not only to win from what is left.
    """
    if turn.ruling.foul:
        return max(0.0, _break_value(turn, sigma, q)[0] - SCRATCH), False
    return _break_value(turn, sigma, q)


def _break_value(turn: Turn, sigma: float, q: float) -> tuple[float, bool]:
    game = turn.game
    breaker = turn.player if turn.player is not None else game.state.breaker
    decision = game.state.decision
    if decision is not None:
        if decision.player == breaker:       # the 8 on the break (Art. 6): he picks the better
            respot = position_value(game.decide("respot_eight").game, breaker, sigma, q)
            return max(respot, NEUTRAL), respot >= NEUTRAL
        # an illegal break (Art. 7.2): the opponent picks what is worse for the breaker
        accept = position_value(game.decide("accept_table").game, breaker, sigma, q)
        return min(accept, 1.0 - NEUTRAL), False
    state = game.state
    kept = state.phase == "play" and state.shooter == breaker
    return position_value(game, breaker, sigma, q), kept


def search_break(table: str, ruleset: Ruleset, physics: PhysicsSettings | None, noise: ExecutionNoise,
                 q: float) -> BreakPlan:
    """The best break of the grid for this table (cached per table, ruleset, physics and noise)."""
    key = (table, ruleset, physics, noise.level, q)
    if key not in _BREAKS:
        _BREAKS[key] = _search_break(table, ruleset, physics, noise, q)
    return _BREAKS[key]


def _search_break(table: str, ruleset: Ruleset, physics: PhysicsSettings | None, noise: ExecutionNoise,
                  q: float) -> BreakPlan:
    from bola8.physics import table_spec

    spec = table_spec(table)
    configs = break_configs(spec)
    sigma = sigma_rad(noise.level)
    scores = _play_breaks(table, ruleset, physics, noise, configs, range(BREAK_RACKS), sigma, q)
    ranked = sorted(range(len(configs)), key=lambda i: -scores[i][0])[:CONFIRMED]
    chosen = [configs[i] for i in ranked]
    more = _play_breaks(table, ruleset, physics, noise, chosen, range(BREAK_RACKS, BREAK_RACKS + CONFIRM_RACKS),
                        sigma, q)
    total = BREAK_RACKS + CONFIRM_RACKS
    merged = [((scores[i][0] * BREAK_RACKS + more[k][0] * CONFIRM_RACKS) / total,
               (scores[i][1] * BREAK_RACKS + more[k][1] * CONFIRM_RACKS) / total) for k, i in enumerate(ranked)]
    best = max(range(len(chosen)), key=lambda k: merged[k][0])
    spot, strike = chosen[best]
    return BreakPlan(spot=spot, strike=strike, value=merged[best][0], keeps=merged[best][1], racks=total)


def _play_breaks(table: str, ruleset: Ruleset, physics: PhysicsSettings | None, noise: ExecutionNoise,
                 configs: list[tuple[Point, Strike]], racks: range, sigma: float, q: float
                 ) -> list[tuple[float, float]]:
    """(mean value, share kept) of each config over ``racks``, with common noise per rack."""
    from bola8.game import Game
    from bola8.physics.batch import simulate_batch

    sums = [[0.0, 0.0] for _ in configs]
    spots = sorted({spot for spot, _ in configs})
    for rack in racks:
        game = Game.new(table, ruleset=ruleset, breaker=0, rack_seed=RACK_SEED + rack, physics=physics)
        rng = random.Random(RACK_SEED + rack)
        draws = [rng.gauss(0.0, 1.0) for _ in range(5)]
        for spot in spots:
            placed = game.place_cue_ball(*spot)
            index = [i for i, (s, _) in enumerate(configs) if s == spot]
            strikes = [noise.apply(configs[i][1], draws) for i in index]
            results = simulate_batch(placed.spec, placed.layout, strikes, physics)
            for i, strike, result in zip(index, strikes, results):
                value, kept = break_value(placed.play_simulated(strike, result), sigma, q)
                sums[i][0] += value
                sums[i][1] += kept
    n = max(len(racks), 1)
    return [(v / n, k / n) for v, k in sums]


def break_plan_for(game: Game, noise: ExecutionNoise, q: float, search: bool) -> BreakPlan:
    """The break a bot plays on ``game``'s table (searched, or the plain one)."""
    if not search:
        return plain_break(game.spec)
    return search_break(game.spec.name, game.ruleset, game.physics, noise, q)


# ------------------------------------------------------------------ the lag
def lag_speed(spec: TableSpec, physics: PhysicsSettings | None, noise: ExecutionNoise) -> float:
    """The lag speed with the least mean distance under the bot's own speed noise (cached)."""
    key = (spec.name, physics, noise.level)
    if key not in _LAGS:
        _LAGS[key] = _search_lag(spec, physics, noise)
    return _LAGS[key]


def _search_lag(spec: TableSpec, physics: PhysicsSettings | None, noise: ExecutionNoise) -> float:
    from bola8.game.lag import lag_distance

    def far(distance: float) -> float:
        return LAG_SHORT if math.isinf(distance) else distance

    exact = sorted(LAG_SPEEDS, key=lambda v: far(lag_distance(spec, v, lane=0, physics=physics)))[:6]
    if noise.level == 0.0:
        return exact[0]
    best: tuple[float, float] | None = None
    for speed in sorted(exact):
        rng = random.Random(4242)      # the same speed errors for every candidate
        mean = sum(far(lag_distance(spec, noise.perturb_speed(speed, rng), lane=0, physics=physics))
                   for _ in range(LAG_SAMPLES)) / LAG_SAMPLES
        if best is None or mean < best[0]:
            best = (mean, speed)
    assert best is not None
    return best[1]
