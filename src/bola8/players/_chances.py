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
def leaf_figures(xy: FloatArray, callable_idx: IntArray, cue_x: float, cue_y: float, in_hand: bool,
                 kitchen_only: bool, head_y: float, width: float, length: float, mouths: FloatArray,
                 axes: FloatArray, sides: IntArray, radius: float, sigma: float, back: float,
                 max_cut: float, min_lateral: float) -> tuple[FloatArray, IntArray]:
    """What the value of a position needs, in one call: the shooter's two best straight-pot chances
    (:func:`best_chances`) and, for every ball, 1 when it has no clear line to a pocket that takes it
    (:func:`blocked`)."""
    best = best_chances(xy, callable_idx, cue_x, cue_y, in_hand, kitchen_only, head_y, width, length, mouths,
                        axes, sides, radius, sigma, back, max_cut, min_lateral)
    flags = np.zeros(xy.shape[0], dtype=np.int64)
    single = np.zeros(1, dtype=np.int64)
    for i in range(xy.shape[0]):
        single[0] = i
        flags[i] = blocked(xy, single, mouths, axes, sides, radius)
    return best, flags
