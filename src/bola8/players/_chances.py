"""The straight-pot estimate of :mod:`bola8.players.estimate`, compiled: a search asks it for every sample.

The same arithmetic as ``estimate.direct_chance`` and ``aiming.path_is_clear``
over arrays, in one numba function, and the pocket's window every estimate uses (a search scores a thousand outcomes per
decision; in Python that was most of its time). Cached on disk like the
physics kernels.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba
import numpy as np
import numpy.typing as npt

F = TypeVar("F", bound=Callable[..., Any])
FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]


def _jit(function: F) -> F:
    return cast(F, numba.njit(cache=True)(function))


@_jit
def _segment_distance(px: float, py: float, ax: float, ay: float, bx: float, by: float) -> float:
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0
    if length2 > 0.0:
        t = ((px - ax) * dx + (py - ay) * dy) / length2
        t = min(1.0, max(0.0, t))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


@_jit
def _clear(xy: FloatArray, skip: int, ax: float, ay: float, bx: float, by: float, radius: float) -> bool:
    for k in range(xy.shape[0]):
        if k == skip:
            continue
        if _segment_distance(xy[k, 0], xy[k, 1], ax, ay, bx, by) < 2.0 * radius:
            return False
    return True


# The pocket's window, measured on this engine's pockets: a corner takes a ball within about 34 mm
# of its mouth's middle straight in and still 25 mm along the rail (none past 50 degrees off its
# axis); a side pocket 41 mm straight in, none past 65 degrees.
CORNER_HALF_WINDOW = 0.034
SIDE_HALF_WINDOW = 0.041


@_jit
def pocket_half_window(mx: float, my: float, ax: float, ay: float, side: bool, sx: float, sy: float) -> float:
    """How far (m) from the middle (mx, my) of a pocket's mouth a ball coming from (sx, sy) may pass and
    still drop; (ax, ay) is the unit vector into the pocket. The one formula of every bot's estimates
    (``estimate.half_window`` calls it from Python)."""
    dx, dy = mx - sx, my - sy
    d = math.hypot(dx, dy)
    if d < 1e-9:
        return CORNER_HALF_WINDOW
    c = max(-1.0, min(1.0, (dx * ax + dy * ay) / d))
    beta = math.degrees(math.acos(c))
    if side:
        return SIDE_HALF_WINDOW * max(0.0, 1.0 - math.pow(beta / 65.0, 2.2))
    if beta > 50.0:
        return 0.0
    return CORNER_HALF_WINDOW * (1.0 - 0.3 * (beta / 45.0) ** 2)


@_jit
def best_chances(xy: FloatArray, callable_idx: IntArray, cue_x: float, cue_y: float, in_hand: bool,
                 kitchen_only: bool, head_y: float, width: float, length: float, mouths: FloatArray,
                 axes: FloatArray, sides: IntArray, radius: float, sigma: float, back: float,
                 max_cut: float, min_lateral: float) -> FloatArray:
    """The two best straight-pot chances (0 when none): see ``estimate.best_direct_chances``."""
    best = np.zeros(2)
    for ci in range(callable_idx.shape[0]):
        i = callable_idx[ci]
        ox, oy = xy[i, 0], xy[i, 1]
        if in_hand and kitchen_only and oy <= head_y:
            continue
        for p in range(mouths.shape[0]):
            tx, ty = mouths[p, 0], mouths[p, 1]
            half = pocket_half_window(tx, ty, axes[p, 0], axes[p, 1], sides[p] == 1, ox, oy)
            if half <= 0.0:
                continue
            dx, dy = tx - ox, ty - oy
            d_obj = math.hypot(dx, dy)
            if d_obj < 1e-9:
                continue
            gx, gy = ox - 2.0 * radius * dx / d_obj, oy - 2.0 * radius * dy / d_obj
            if in_hand:
                sx, sy = ox - dx / d_obj * (back + 2.0 * radius), oy - dy / d_obj * (back + 2.0 * radius)
                if not (radius <= sx <= width - radius and radius <= sy <= length - radius):
                    continue
                if kitchen_only and sy > head_y:
                    continue
            else:
                sx, sy = cue_x, cue_y
            # the cut: the cue ball's travel against the object ball's
            a1 = math.atan2(gy - sy, gx - sx)
            a2 = math.atan2(dy, dx)
            cut = abs((a1 - a2 + math.pi) % (2.0 * math.pi) - math.pi)
            if math.degrees(cut) > max_cut:
                continue
            d_cue = math.hypot(gx - sx, gy - sy)
            turn = sigma * d_cue / (2.0 * radius * math.cos(cut))
            s = max(d_obj * turn, min_lateral)
            p_pot = math.erf(half / (math.sqrt(2.0) * s)) * math.exp(-0.08 * max(0.0, d_cue + d_obj - 1.5))
            if p_pot <= best[1] or p_pot <= 0.01:
                continue
            if not _clear(xy, i, ox, oy, tx, ty, radius):
                continue
            if not _clear(xy, i, sx, sy, gx, gy, radius):
                continue
            if p_pot > best[0]:
                best[1] = best[0]
                best[0] = p_pot
            else:
                best[1] = p_pot
    return best


@_jit
def blocked(xy: FloatArray, index: IntArray, mouths: FloatArray, axes: FloatArray, sides: IntArray,
            radius: float) -> int:
    """How many of the balls ``index`` have no clear line to any pocket that takes them (trouble balls)."""
    count = 0
    for ci in range(index.shape[0]):
        i = index[ci]
        ox, oy = xy[i, 0], xy[i, 1]
        free = False
        for p in range(mouths.shape[0]):
            tx, ty = mouths[p, 0], mouths[p, 1]
            if pocket_half_window(tx, ty, axes[p, 0], axes[p, 1], sides[p] == 1, ox, oy) <= 0.0:
                continue
            if _clear(xy, i, ox, oy, tx, ty, radius):
                free = True
                break
        if not free:
            count += 1
    return count


@_jit
def _clear2(xy: FloatArray, skip1: int, skip2: int, ax: float, ay: float, bx: float, by: float,
            radius: float) -> bool:
    for k in range(xy.shape[0]):
        if k == skip1 or k == skip2:
            continue
        if _segment_distance(xy[k, 0], xy[k, 1], ax, ay, bx, by) < 2.0 * radius:
            return False
    return True


@_jit
def _shot_chance(xy: FloatArray, i: int, gone: int, p: int, sx: float, sy: float, mouths: FloatArray,
                 axes: FloatArray, sides: IntArray, radius: float, sigma: float, max_cut: float,
                 min_lateral: float, floor: float) -> float:
    """The straight-pot chance of ball ``i`` into pocket ``p`` from a cue ball at (sx, sy), ball ``gone``
    off the table (-1: none); 0 when a path is blocked, the cut too thin, or the chance no more than
    ``floor`` (the paths are checked last: they cost most) - ``best_chances``'s arithmetic."""
    ox, oy = xy[i, 0], xy[i, 1]
    tx, ty = mouths[p, 0], mouths[p, 1]
    half = pocket_half_window(tx, ty, axes[p, 0], axes[p, 1], sides[p] == 1, ox, oy)
    if half <= 0.0:
        return 0.0
    dx, dy = tx - ox, ty - oy
    d_obj = math.hypot(dx, dy)
    if d_obj < 1e-9:
        return 0.0
    gx, gy = ox - 2.0 * radius * dx / d_obj, oy - 2.0 * radius * dy / d_obj
    a1 = math.atan2(gy - sy, gx - sx)
    a2 = math.atan2(dy, dx)
    cut = abs((a1 - a2 + math.pi) % (2.0 * math.pi) - math.pi)
    if math.degrees(cut) > max_cut:
        return 0.0
    d_cue = math.hypot(gx - sx, gy - sy)
    if d_cue < radius:
        return 0.0
    turn = sigma * d_cue / (2.0 * radius * math.cos(cut))
    s = max(d_obj * turn, min_lateral)
    p_pot = math.erf(half / (math.sqrt(2.0) * s)) * math.exp(-0.08 * max(0.0, d_cue + d_obj - 1.5))
    if p_pot <= max(0.01, floor):
        return 0.0
    if not _clear2(xy, i, gone, ox, oy, tx, ty, radius) or not _clear2(xy, i, gone, sx, sy, gx, gy, radius):
        return 0.0
    return p_pot


NEXT_SHOTS = 3          # the next shots whose ball after is looked at (the likeliest)
STEPS = (0.2, 0.45, 0.8)


@_jit
def _reflected(value: float, low: float, high: float) -> float:
    """A coordinate brought back onto the cloth off one cushion."""
    if value < low:
        return 2.0 * low - value
    if value > high:
        return 2.0 * high - value
    return value


@_jit
def shape_after(xy: FloatArray, owner: IntArray, shooter_group: int, eight: int, cue_x: float, cue_y: float,
                width: float, length: float, mouths: FloatArray, axes: FloatArray, sides: IntArray,
                radius: float, sigma: float, max_cut: float, min_lateral: float) -> FloatArray:
    """Position play in the quick estimate: for the shooter's likeliest next shots from the cue ball
    (a ball he may pot next, into a pocket), the best straight-pot chance he would then have on the
    ball after, from where the cue ball can go once the next one drops - along the tangent line (a
    stun shot), bent forwards or back (follow, draw), or straight on or back when the shot is nearly
    straight in - 20, 45 and 80 cm from the contact (off one cushion when that leaves the cloth).

    ``owner``: each ball's group (1, 2) or 0 for the 8; ``shooter_group`` 0 on an open table (any
    ball but the 8 may be next, and potting it makes its group his); ``eight``: the 8's index (-1 when
    it is down). Returns (the best next-shot chance, the best of a next shot's chance times the
    chance on the ball after it, that after-chance): a next shot that leaves nothing to play after
    it is worth less than one that does."""
    out = np.zeros(3)
    n = xy.shape[0]
    m = mouths.shape[0]
    own_left = 0
    for k in range(n):
        if k != eight and shooter_group != 0 and owner[k] == shooter_group:
            own_left += 1
    chances = np.zeros(n * m)
    for i in range(n):
        if i == eight:
            if shooter_group == 0 or own_left > 0:
                continue              # the 8 is next only when it is all that is left of his
        elif shooter_group != 0 and owner[i] != shooter_group:
            continue
        for p in range(m):
            chances[i * m + p] = _shot_chance(xy, i, -1, p, cue_x, cue_y, mouths, axes, sides, radius, sigma,
                                              max_cut, min_lateral, 0.0)
    order = np.argsort(-chances)
    out[0] = chances[order[0]]
    steps = np.array(STEPS)
    ways = np.zeros((3, 2))
    for rank in range(min(NEXT_SHOTS, n * m)):
        j = order[rank]
        p1 = chances[j]
        if p1 <= 0.0 or p1 <= out[1]:
            break                     # none of the rest can beat the best found
        i, p = j // m, j % m
        if i == eight:
            out[1], out[2] = p1, 1.0  # the 8 down wins: nothing after it to play
            break
        group = owner[i]
        following = 0
        for k in range(n):
            if k != i and k != eight and owner[k] == group:
                following += 1
        ox, oy = xy[i, 0], xy[i, 1]
        tx, ty = mouths[p, 0], mouths[p, 1]
        d_obj = math.hypot(tx - ox, ty - oy)
        vx, vy = (tx - ox) / d_obj, (ty - oy) / d_obj
        gx, gy = ox - 2.0 * radius * vx, oy - 2.0 * radius * vy
        d_cue = max(math.hypot(gx - cue_x, gy - cue_y), 1e-9)
        ux, uy = (gx - cue_x) / d_cue, (gy - cue_y) / d_cue
        along = ux * vx + uy * vy
        px, py = ux - along * vx, uy - along * vy
        norm = math.hypot(px, py)
        if norm > 0.05:
            px, py = px / norm, py / norm
            ways[0, 0], ways[0, 1] = px, py
            f = math.hypot(px + vx, py + vy)
            ways[1, 0], ways[1, 1] = (px + vx) / f, (py + vy) / f
            b = math.hypot(px - vx, py - vy)
            ways[2, 0], ways[2, 1] = (px - vx) / b, (py - vy) / b
            count = 3
        else:
            ways[0, 0], ways[0, 1] = vx, vy
            ways[1, 0], ways[1, 1] = -vx, -vy
            count = 2
        after = 0.0
        for w in range(count):
            for s in range(steps.shape[0]):
                ex = _reflected(gx + ways[w, 0] * steps[s], radius, width - radius)
                ey = _reflected(gy + ways[w, 1] * steps[s], radius, length - radius)
                for k in range(n):
                    if k == i:
                        continue
                    if following > 0 and (k == eight or owner[k] != group):
                        continue
                    if following == 0 and k != eight:
                        continue
                    for q in range(m):
                        c = _shot_chance(xy, k, i, q, ex, ey, mouths, axes, sides, radius, sigma, max_cut,
                                         min_lateral, after)
                        if c > after:
                            after = c
                if after >= 0.995:
                    break
            if after >= 0.995:
                break
        if p1 * after > out[1]:
            out[1], out[2] = p1 * after, after
    return out


@_jit
def leaf_figures(xy: FloatArray, callable_idx: IntArray, cue_x: float, cue_y: float, in_hand: bool,
                 kitchen_only: bool, head_y: float, width: float, length: float, mouths: FloatArray,
                 axes: FloatArray, sides: IntArray, radius: float, sigma: float, back: float,
                 max_cut: float, min_lateral: float, owner: IntArray, shooter_group: int,
                 eight: int) -> tuple[FloatArray, IntArray, float]:
    """What the value of a position needs, in one call: the shooter's two best straight-pot chances
    (:func:`best_chances`); for every ball, 1 when it has no clear line to a pocket that takes it
    (:func:`blocked`); and the best next shot times the chance on the ball after it
    (:func:`shape_after`; with the cue ball in hand, the best chance itself)."""
    best = best_chances(xy, callable_idx, cue_x, cue_y, in_hand, kitchen_only, head_y, width, length, mouths,
                        axes, sides, radius, sigma, back, max_cut, min_lateral)
    flags = np.zeros(xy.shape[0], dtype=np.int64)
    single = np.zeros(1, dtype=np.int64)
    for i in range(xy.shape[0]):
        single[0] = i
        flags[i] = blocked(xy, single, mouths, axes, sides, radius)
    shaped = best[0]
    if not in_hand and callable_idx.shape[0] > 0:
        shaped = shape_after(xy, owner, shooter_group, eight, cue_x, cue_y, width, length, mouths, axes, sides,
                             radius, sigma, max_cut, min_lateral)[1]
    return best, flags, shaped
