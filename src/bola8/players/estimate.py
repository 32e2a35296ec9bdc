"""Quick estimates a search leans on: the chance of a shot from geometry, the value of a position.

Simulating is the truth, but a search must rank its plans before it simulates
them, and it must score the positions at the end of what it simulated. Both
estimates here are plain geometry, a few microseconds each.

**The chance of a shot.** An aim error dphi of the cue moves the cue ball's
centre sideways by ``d_cue * dphi`` at the contact, which turns the object
ball's line by that over ``2R cos(cut)``; the object ball then misses the
middle of the pocket by that angle times its own travel. The pocket takes a
ball within a half-window of its middle that depends on the angle it comes in
at (:func:`half_window`, measured on this engine's pockets).
The chance is the Gaussian mass inside the half-window. ``SIGMA_EFF_DEG`` is the
aim error of one noise level including what the tip-offset error adds through
squirt and throw, fitted on the long straight shot (object ball 1.05 m from
the pocket, cue ball 0.8 m behind: 67% made at 1x with a level cue; this
model gives 67% with 0.14 deg).

**The value of a position**, for the player to shoot, is a chance to win the
rack, from a simple model of alternating visits: in a visit a player runs out
with chance ``p1 * q**(n - 1)`` (``p1`` the chance of his first shot, ``n`` the
balls he still needs, the 8 included, ``q`` the level's ``continuation``), and
a visit that starts from an ordinary position is a run out with chance
``RHO * q**n``. A failed visit hands the table over. ``p1`` weighs position
play: it is ``SHAPE_WEIGHT`` of the way from the best next shot's chance to
the best next shot's chance times the chance on the ball after it, from where
the cue ball can go once the next one drops
(:func:`bola8.players._chances.shape_after`) - so a place with an easy shot
that leads nowhere is worth less than one whose shot opens the next (the
weight is fitted on the champion's own self-play: ``benchmarks/bench_leaf.py``).
This is the leaf of the search only; the search itself plays the shots it
can afford.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from bola8.players.aiming import cut_angle_deg, ghost_ball, pocket_targets
from bola8.rules import CUE, EIGHT, SOLIDS, STRIPES, callable_balls

if TYPE_CHECKING:
    from bola8.game import Game
    from bola8.physics import TableSpec
    from bola8.rules import State

Point = tuple[float, float]

SIGMA_EFF_DEG = 0.14       # aim error per noise level, tip-offset error included (see the module)
MIN_LATERAL = 0.002        # m: what even a perfect stroke misses by (the geometry is not the simulator)
MAX_CUT_DEG = 78.0
RHO = 0.7                  # the chance that an ordinary position offers a first shot at all
TROUBLE = 0.6              # a ball with no line to a pocket multiplies the chance of a run by this
SHAPE_WEIGHT = 0.5         # the weight of position play in the chance of a visit's first shot (see the module)
BALL_IN_HAND_DISTANCE = 0.3   # m: where a player with ball in hand puts the cue ball behind his ball


def sigma_rad(noise_level: float) -> float:
    """The aim error (radians) at a noise level, tip-offset error included."""
    return math.radians(SIGMA_EFF_DEG * noise_level)


_POCKETS: dict[object, dict[str, tuple[Point, Point, bool]]] = {}


def pockets_of(spec: TableSpec) -> dict[str, tuple[Point, Point, bool]]:
    """Per pocket: the middle of its mouth, the unit vector into it, whether it is a side pocket.

    Kept per table: the table's geometry is rebuilt each time it is asked for.
    """
    key = (spec.name, spec.length, spec.width, spec.corner_mouth, spec.side_mouth)
    if key not in _POCKETS:
        holes = spec.pockets
        table = {}
        for name, (mx, my) in pocket_targets(spec).items():
            hx, hy = holes[name]
            d = math.hypot(hx - mx, hy - my)
            table[name] = ((mx, my), ((hx - mx) / d, (hy - my) / d), name.startswith("side"))
        _POCKETS[key] = table
    return _POCKETS[key]


def half_window(spec: TableSpec, pocket: str, start: Point) -> float:
    """How far (m) from the mouth's middle a ball coming from ``start`` may pass and still drop
    (:func:`bola8.players._chances.pocket_half_window`)."""
    from bola8.players._chances import pocket_half_window

    (mx, my), (ax, ay), side = pockets_of(spec)[pocket]
    return float(pocket_half_window(mx, my, ax, ay, side, float(start[0]), float(start[1])))


def chance(half: float, lateral_sigma: float) -> float:
    """The Gaussian chance that a ball with sideways error ``lateral_sigma`` passes within ``half``."""
    if half <= 0.0:
        return 0.0
    s = max(lateral_sigma, MIN_LATERAL)
    return math.erf(half / (math.sqrt(2.0) * s))


def direct_chance(spec: TableSpec, cue: Point, obj: Point, pocket: str, sigma: float) -> float:
    """The geometric chance of a straight pot (paths assumed clear)."""
    target = pockets_of(spec)[pocket][0]
    radius = spec.ball_radius
    ghost = ghost_ball(obj, target, radius)
    cut = cut_angle_deg(cue, ghost, obj, target)
    if cut > MAX_CUT_DEG:
        return 0.0
    d_cue = math.dist(cue, ghost)
    d_obj = math.dist(obj, target)
    turn = sigma * d_cue / (2.0 * radius * math.cos(math.radians(cut)))
    return chance(half_window(spec, pocket, obj), d_obj * turn) * long_path(d_cue + d_obj)


def long_path(total: float) -> float:
    """Long shots lose a little to speed errors and roll-off beyond what the aim model says."""
    return math.exp(-0.08 * max(0.0, total - 1.5))


def balls_needed(state: State, player: int) -> int:
    """Balls ``player`` must still pocket, the 8 included (the smaller group on an open table)."""
    on = set(state.on_table)
    if state.groups is None:
        return 1 + min(len(on & set(SOLIDS)), len(on & set(STRIPES)))
    return 1 + len(state.remaining(player))


def best_direct_chances(game: Game, sigma: float) -> list[float]:
    """The best two straight-pot chances for the player to shoot, best first (clear paths only).

    With the cue ball in hand, each ball is taken from ``BALL_IN_HAND_DISTANCE``
    behind it on its line to the pocket (where a player would put it), if that
    spot is on the cloth (and behind the head string when it must be). The work
    is :func:`bola8.players._chances.best_chances`, compiled.
    """
    import numpy as np

    from bola8.players._chances import best_chances

    state, spec = game.state, game.spec
    balls = game.balls
    in_hand = game.cue_in_hand and not game.cue_placed
    cue: Point | None = None
    numbers: list[int] = []
    points: list[Point] = []
    for number, where in balls:
        if number == CUE:
            cue = where
        else:
            numbers.append(number)
            points.append(where)
    if (cue is None and not in_hand) or not points:
        return []
    wanted = set(callable_balls(state))
    index = np.array([i for i, n in enumerate(numbers) if n in wanted], dtype=np.int64)
    mouths_xy, axes, sides = _pocket_arrays(spec)
    cx, cy = cue if cue is not None else (0.0, 0.0)
    best = best_chances(np.array(points, dtype=np.float64), index, cx, cy, in_hand, game.kitchen_only,
                        spec.head_string_y, spec.width, spec.length, mouths_xy, axes, sides, spec.ball_radius,
                        sigma, BALL_IN_HAND_DISTANCE, MAX_CUT_DEG, MIN_LATERAL)
    return [float(p) for p in best if p > 0.0]


_ARRAYS: dict[object, tuple[object, object, object]] = {}


def _pocket_arrays(spec: TableSpec) -> tuple[Any, Any, Any]:
    import numpy as np

    table = pockets_of(spec)
    key = id(table)
    if key not in _ARRAYS:
        _ARRAYS[key] = (np.array([m for m, _, _ in table.values()], dtype=np.float64),
                        np.array([a for _, a, _ in table.values()], dtype=np.float64),
                        np.array([1 if side else 0 for _, _, side in table.values()], dtype=np.int64))
    return _ARRAYS[key]


def first_shot(chances: list[float]) -> float:
    """The chance of a visit's first shot: the best one, helped a little by a second option."""
    if not chances:
        return 0.0
    p = chances[0]
    if len(chances) > 1:
        p += 0.15 * chances[1] * (1.0 - p)
    return p


def win_chance(p1: float, needed: int, needed_other: int, q: float, trouble: int = 0, trouble_other: int = 0) -> float:
    """The shooter's chance to win (see the module): his run now, else alternating ordinary visits.

    ``trouble``: his balls with no clear line to any pocket; each must first be freed (a safety, a
    break-out, a kick), so each divides his chance of running out by ``1 / TROUBLE``.
    """
    run_now = p1 * q ** (needed - 1) * TROUBLE ** trouble
    mine = RHO * q ** needed * TROUBLE ** trouble
    theirs = RHO * q ** needed_other * TROUBLE ** trouble_other
    denominator = 1.0 - (1.0 - mine) * (1.0 - theirs)
    steady = mine / denominator if denominator > 1e-12 else 0.5
    return run_now + (1.0 - run_now) * (1.0 - theirs) * steady


def position_value(game: Game, player: int, sigma: float, q: float, stalemate: float = 0.5) -> float:
    """``player``'s chance to win the rack from ``game`` (an estimate; exact once it is over)."""
    state = game.state
    if state.phase == "over":
        if state.result == "stalemate":
            return stalemate
        return 1.0 if state.winner == player else 0.0
    if state.phase == "break" or state.decision is not None:
        return 0.5          # a new rack, or a choice the search settles on its own (see search.py)
    shooter = state.shooter
    chances, blocked, shaped = _leaf(game, sigma)
    p1 = (1.0 - SHAPE_WEIGHT) * first_shot(chances) + SHAPE_WEIGHT * shaped
    mine, theirs = _trouble(state, shooter, blocked), _trouble(state, 1 - shooter, blocked)
    w = win_chance(p1, balls_needed(state, shooter), balls_needed(state, 1 - shooter), q, mine, theirs)
    return w if player == shooter else 1.0 - w


def _leaf(game: Game, sigma: float) -> tuple[list[float], set[int], float]:
    """:func:`best_direct_chances`, the balls with no clear line to a pocket, and the best next shot
    times the chance on the ball after it, from one compiled call
    (:func:`bola8.players._chances.leaf_figures`): a search values thousands of positions a decision."""
    import numpy as np

    from bola8.players._chances import leaf_figures

    state, spec = game.state, game.spec
    in_hand = game.cue_in_hand and not game.cue_placed
    cue: Point | None = None
    numbers: list[int] = []
    points: list[Point] = []
    for number, where in game.balls:
        if number == CUE:
            cue = where
        else:
            numbers.append(number)
            points.append(where)
    if not points:
        return [], set(), 0.0
    wanted = set(callable_balls(state))
    index = np.array([i for i, n in enumerate(numbers) if n in wanted], dtype=np.int64)
    if cue is None and not in_hand:
        index = index[:0]
    owner = np.array([1 if n in SOLIDS else (2 if n in STRIPES else 0) for n in numbers], dtype=np.int64)
    group = state.group_of_player(state.shooter)
    shooter_group = 0 if group is None else (1 if group.balls == SOLIDS else 2)
    eight = numbers.index(EIGHT) if EIGHT in numbers else -1
    mouths_xy, axes, sides = _pocket_arrays(spec)
    cx, cy = cue if cue is not None else (0.0, 0.0)
    best, flags, shaped = leaf_figures(np.array(points, dtype=np.float64), index, cx, cy, in_hand, game.kitchen_only,
                                       spec.head_string_y, spec.width, spec.length, mouths_xy, axes, sides,
                                       spec.ball_radius, sigma, BALL_IN_HAND_DISTANCE, MAX_CUT_DEG, MIN_LATERAL,
                                       owner, shooter_group, eight)
    return ([float(p) for p in best if p > 0.0], {n for n, flag in zip(numbers, flags.tolist()) if flag},
            float(shaped))


def _trouble(state: State, player: int, blocked: set[int]) -> int:
    """:func:`trouble_balls` counted from the set of blocked balls."""
    if state.groups is None:
        return min(len(blocked & set(SOLIDS)), len(blocked & set(STRIPES)))
    own = set(state.remaining(player))
    return len(blocked & (own if own else {8}))


def trouble_balls(game: Game, player: int) -> int:
    """``player``'s balls (the 8 once it is his, the fewer of the two groups on an open table) with no
    clear line to a pocket."""
    import numpy as np

    from bola8.players._chances import blocked

    state, spec = game.state, game.spec
    numbers = [n for n, _ in game.balls if n != CUE]
    points = np.array([p for n, p in game.balls if n != CUE], dtype=np.float64)
    if not numbers:
        return 0
    mouths_xy, axes, sides = _pocket_arrays(spec)

    def count(balls: set[int]) -> int:
        index = np.array([i for i, n in enumerate(numbers) if n in balls], dtype=np.int64)
        return int(blocked(points, index, mouths_xy, axes, sides, spec.ball_radius)) if len(index) else 0

    if state.groups is None:
        return min(count(set(SOLIDS)), count(set(STRIPES)))
    own = set(state.remaining(player))
    return count(own if own else {8})


def after_safety_value(game: Game, player: int, q: float, left: float = 0.25) -> float:
    """``player``'s chance when he will play safe now, leaving the other a shot worth ``left``."""
    state = game.state
    other = 1 - state.shooter if player == state.shooter else state.shooter
    w_other = win_chance(left, balls_needed(state, other), balls_needed(state, player), q)
    return 1.0 - w_other


def layout_signature(layout: Mapping[int, Point], cell: float) -> tuple[object, ...]:
    """The balls on the table and the cue ball's cell: outcomes alike enough to share one look-ahead."""
    cue = layout.get(CUE)
    where = None if cue is None else (int(cue[0] // cell), int(cue[1] // cell))
    return (tuple(sorted(b for b in layout if b != CUE)), where)

