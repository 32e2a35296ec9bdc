# mypy: disallow-untyped-defs=False, disallow-incomplete-defs=False, disallow-untyped-calls=False
# mypy: disable-error-code="assignment"
# (the loop's indices are typed int64 zeros on purpose, see `first`; mypy calls them a second type)
# (numba kernels: numba types them at compile time from the arrays and floats they receive; the ones Python
# calls are annotated)
"""The event loop: one numba function over arrays (Leckie & Greenspan 2006).

Between events every ball moves in closed form (``motion``); the loop asks
``detection`` for the next contact times, applies the earliest event
(``motion.resolve_transition`` - a landing among them -, a drop, a ball
leaving the table, ``ball_ball``, ``cushion``) and goes on until every ball
is at rest, pocketed or off the table. A ball in flight takes part in
everything in three dimensions: its contacts with other balls are quartics of
the 3-D distance; it meets a cushion's face below the nose, or the nose's
edge (``_edge_hit``), or flies over it. Caches: the next
transition time of each ball, the next contact time of each pair (n x n),
each ball's next cushion/jaw contact and next drop; after an event only the
entries of the balls it touched are recomputed. Every event is written into
preallocated arrays together with a snapshot of all balls, so Python can
rebuild exact trajectories without any Python object per event.

The helpers here are compiled as functions of their own, not inlined into the
loop by numba (``inline="always"``): numba's typing and LLVM's optimisation
grow faster than the length of one function, so the loop compiled with them
inlined took about 0.4 s longer on its first call, and LLVM inlines the small
ones into the loop's machine code anyway (the warm speed is the same:
``benchmarks/bench_physics.py``).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from bola8.physics._jit import kernel
from bola8.physics.ball_ball import resolve_ball_ball
from bola8.physics.codes import (AIRBORNE, EV_BALL_BALL, EV_CUSHION, EV_MISCUE, EV_OFF_TABLE, EV_POCKET, EV_STRIKE, INF,
                                 OFF_TABLE, P_EC, P_G, P_MUR, P_MUS, P_MUSP, P_R, P_SINT, POCKETED, RECORD_EVENTS,
                                 RECORD_TRAJECTORIES, ROLLING, SLIDING, STATIONARY)
from bola8.physics.cushion import resolve_cushion
from bola8.physics.launch import is_miscue, launch
from bola8.physics.detection import contacts, entry_dt
from bola8.physics.motion import classify, evolved, flown, path_terms, resolve_transition, settle, transition_dt
from bola8.physics.scalar import larger, smaller

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]

SPACER = 1e-9  # m: contact distance restored at a collision (see _separate_balls)
FIRST_CAPACITY = 64   # events the record holds before it grows (doubling, up to max_events)


@kernel()
def _separate_balls(a, b, R):
    """Put two colliding balls exactly 2R + SPACER apart along their line of centres.

    The contact time is found at or just past the crossing, so the balls may
    overlap by rounding; without this a grazing pair whose approach speed
    rounds to zero would be found "in contact now" again and again. (On the
    cloth the line of centres is level and its height terms are exact zeros.)
    """
    nx, ny, nz = b[0, 0] - a[0, 0], b[0, 1] - a[0, 1], b[0, 2] - a[0, 2]
    d = np.hypot(np.hypot(nx, ny), nz)
    gap = 2.0 * R + SPACER - d
    if gap > 0.0 and d > 0.0:
        nx /= d
        ny /= d
        nz /= d
        a[0, 0] -= 0.5 * gap * nx
        a[0, 1] -= 0.5 * gap * ny
        a[0, 2] -= 0.5 * gap * nz
        b[0, 0] += 0.5 * gap * nx
        b[0, 1] += 0.5 * gap * ny
        b[0, 2] += 0.5 * gap * nz
        # never below the cloth: a ball at cloth height stays there (the slate holds it)
        if a[0, 2] < 0.0:
            a[0, 2] = 0.0
        if b[0, 2] < 0.0:
            b[0, 2] = 0.0


@kernel()
def _table_size(segs):
    """(width, length) of the playing area: the far ends of the cushion noses."""
    width = 0.0
    length = 0.0
    for k in range(segs.shape[0]):
        if segs[k, 6] < 0.0:
            width = larger(width, larger(segs[k, 0], segs[k, 2]))
            length = larger(length, larger(segs[k, 1], segs[k, 3]))
    return width, length


@kernel()
def _in_hole(x, y, holes):
    for k in range(holes.shape[0]):
        if np.hypot(x - holes[k, 0], y - holes[k, 1]) < holes[k, 2]:
            return k
    return -1


@kernel()
def _off_slate(x, y, holes, R, width, length):
    """The side of the table (0 y = 0, 1 y = length, 2 x = 0, 3 x = width) beyond which a ball coming
    down at (x, y) lands, or -1 if it lands on the slate: the playing area, or a pocket's shelf (its
    centre within R of a drop circle). Beyond them there is only the rail and the floor."""
    if 0.0 <= x <= width and 0.0 <= y <= length:
        return -1
    for k in range(holes.shape[0]):
        if np.hypot(x - holes[k, 0], y - holes[k, 1]) < holes[k, 2] + R:
            return -1
    side = 0
    worst = -y
    if y - length > worst:
        side = 1
        worst = y - length
    if -x > worst:
        side = 2
        worst = -x
    if x - width > worst:
        side = 3
    return side


@kernel()
def _edge_hit(b, segs, k, edge, prm):
    """A ball in flight strikes the top edge of cushion face k (the nose line, ``edge`` above a resting
    centre): it is put R + SPACER from the edge line, and its velocity along the normal from the edge
    to its centre comes back at the cushion's restitution; no friction (the spin is kept).
    """
    R = prm[P_R]
    nx, ny = segs[k, 4], segs[k, 5]
    p = (b[0, 0] - segs[k, 0]) * nx + (b[0, 1] - segs[k, 1]) * ny
    q = b[0, 2] - edge
    d = np.hypot(p, q)
    if d <= 0.0:
        return
    ux, uy, uz = p / d * nx, p / d * ny, q / d
    if d < R + SPACER:
        b[0, 0] += (R + SPACER - d) * ux
        b[0, 1] += (R + SPACER - d) * uy
        b[0, 2] += (R + SPACER - d) * uz
    vn = b[1, 0] * ux + b[1, 1] * uy + b[1, 2] * uz
    if vn < 0.0:
        k_ = (1.0 + prm[P_EC]) * vn
        b[1, 0] -= k_ * ux
        b[1, 1] -= k_ * uy
        b[1, 2] -= k_ * uz


@kernel()
def _separate_cushion(b, obj, ns, segs, circs, nx, ny, R):
    """Move a ball that penetrates a cushion (by rounding) back to contact distance + SPACER."""
    if obj < ns:
        g = (b[0, 0] - segs[obj, 0]) * nx + (b[0, 1] - segs[obj, 1]) * ny - R
    else:
        c = obj - ns
        g = np.hypot(b[0, 0] - circs[c, 0], b[0, 1] - circs[c, 1]) - R - circs[c, 2]
    if g < SPACER:
        b[0, 0] += (SPACER - g) * nx
        b[0, 1] += (SPACER - g) * ny


@kernel()
def _still(b):
    """No velocity and no spin: a ball that dropped, left the table, or was stopped by the event cap."""
    for a in range(1, 3):
        for c in range(3):
            b[a, c] = 0.0


@kernel()
def _into_pocket(b, holes, k):
    """A ball that drops into pocket k: at the pocket's centre, level with the cloth, still."""
    b[0, 0] = holes[k, 0]
    b[0, 1] = holes[k, 1]
    b[0, 2] = 0.0
    _still(b)


# The record's arrays grow by copying element by element: numba compiles a slice assignment
# (out[:k] = a) with a shape check whose error message formatting (str, repr, join) took about 5 s
# of the first compile. Each is written for the one dtype it grows, spelled as run_events spells
# it: numba compiles np.empty once per signature, and ``dtype=a.dtype`` or a default float are two.
@kernel(allocates=True)
def grown_1d(a: np.ndarray, size: int) -> np.ndarray:
    """``a``'s values (float64: the event times) in a new array of ``size`` (>= len(a)) elements."""
    out = np.empty(size)
    for q in range(a.shape[0]):
        out[q] = a[q]
    return out


@kernel(allocates=True)
def grown_2d(a: np.ndarray, size: int) -> np.ndarray:
    """``a``'s rows (int64: the events) in a new array of ``size`` (>= len(a)) rows."""
    out = np.empty((size, a.shape[1]), dtype=np.int64)
    for q in range(a.shape[0]):
        for c in range(a.shape[1]):
            out[q, c] = a[q, c]
    return out


@kernel(allocates=True)
def grown_3d(a: np.ndarray, size: int) -> np.ndarray:
    """``a``'s rows (float64: the snapshots) in a new array of ``size`` (>= len(a)) rows, each row's table
    copied."""
    out = np.empty((size, a.shape[1], a.shape[2]))
    for q in range(a.shape[0]):
        for i in range(a.shape[1]):
            for c in range(a.shape[2]):
                out[q, i, c] = a[q, i, c]
    return out


@kernel()
def _snapshot(snap, k, rvw, s):
    n = rvw.shape[0]
    for i in range(n):
        q = 0
        for a in range(3):
            for c in range(3):
                snap[k, i, q] = rvw[i, a, c]
                q += 1
        snap[k, i, 9] = s[i]


# How the loop ends (``event_loop``'s status): every ball at rest, pocketed or off the table; the record full (the
# caller grows it and calls again); the event cap reached.
FINISHED, RECORD_FULL, CAPPED = 0, 1, 2


@kernel(allocates=True)
def loop_arrays(n: int, faces: int) -> tuple[FloatArray, FloatArray, FloatArray, IntArray, IntArray, FloatArray,
                                              FloatArray, FloatArray, FloatArray, FloatArray, IntArray, IntArray]:
    """The event loop's working arrays for ``n`` balls and ``faces`` cushion objects (faces, jaw tips, the
    faces' top edges): (trans, cush_t, hole_t, cush_o, hole_o, pair_t, pc, zc, last_pair, last_cush, stale,
    paired), as ``event_loop`` takes them. Only np.empty, in five kinds (each numpy constructor and signature
    is compiled separately on the first call); ``begin_events`` and the loop write each before reading it.
    A batch makes them once for all its strokes."""
    return (np.empty(n), np.empty(n), np.empty(n), np.empty(n, dtype=np.int64), np.empty(n, dtype=np.int64),
            np.empty((n, n)), np.empty((n, 6)), np.empty((n, 2)),  # pc: path terms; zc: height, vertical speed
            np.empty((n, n)), np.empty((n, faces)), np.empty(n, dtype=np.int64), np.empty(n, dtype=np.int64))


@kernel()
def begin_events(rvw: FloatArray, s: IntArray, prm: FloatArray, first_event: int | np.int64, record: int,
                 ev_t: FloatArray, ev: IntArray, snap: FloatArray, last_pair: FloatArray, last_cush: FloatArray,
                 stale: IntArray, paired: IntArray) -> None:
    """A stroke's start, before ``event_loop``: the cue ball's state as the stroke left it (or a ball driven
    into the slate bounced off it), no contact yet for the anti-chatter guard, event 0 (the strike or the
    miscue) written at row 0 of the record (``ev_t`` and ``ev`` have a row even when ``record`` keeps
    none), and every ball to refresh (``stale``: all ``n`` of them)."""
    n = rvw.shape[0]
    if first_event == EV_STRIKE:   # the cue ball as the stroke left it (the caller gave its velocities)
        s[0] = classify(rvw[0], prm)
    # a ball driven into the slate (the cue ball of an elevated stroke) bounces off it at once (TP B.10)
    for i in range(n):
        if s[i] != POCKETED and s[i] != OFF_TABLE and rvw[i, 1, 2] != 0.0:
            s[i] = settle(rvw[i], prm)
    # time of each pair's and each (ball, cushion) pair's last contact, for the anti-chatter guard
    # (filled element by element: a slice assignment compiles numba's broadcasting, about 0.1 s)
    for i in range(n):
        for j in range(n):
            last_pair[i, j] = -INF
        for j in range(last_cush.shape[1]):
            last_cush[i, j] = -INF
    ev_t[0] = 0.0
    ev[0, 0] = first_event
    ev[0, 1] = 0
    ev[0, 2] = -1
    ev[0, 3] = -1
    if record == RECORD_TRAJECTORIES:
        _snapshot(snap, np.int64(0), rvw, s)   # (typed: a literal index is one more compilation)
    # Balls whose cached times (their own and their pairs') are out of date: all at the start, then the one
    # or two an event touched; the loop's top refreshes them.
    for i in range(n):
        stale[i] = i
        paired[i] = 0


# A helper, not an entry, and inlined into its callers (play_stroke, batch.run_batch). numba compiles
# every helper into a library of its own, optimises it and makes machine code of it, then links it into
# each caller's library and optimises and compiles the whole again: each level of calls above the loop
# (``event_loop``) did all of that work on the loop once more. As an entry it also had a Python wrapper no
# shot uses. Tests and benchmarks that call it from Python get their own copy (``tested``).
@kernel(tested=True, allocates=True, inline="always")
def run_events(rvw: FloatArray, s: IntArray, prm: FloatArray, segs: FloatArray, circs: FloatArray,
               holes: FloatArray, max_events: int, first_event: int | np.int64, record: int
               ) -> tuple[int | np.int64, FloatArray, IntArray, FloatArray, bool]:
    """Simulate until every ball is at rest or pocketed (after a strike, ball 0's state is classified here).

    ``rvw`` and ``s`` end as the balls' final state. Returns (count, times, events, snapshots, truncated);
    each event's row is (type, ball i, ball j, object): object = cushion index (segments first, then jaw-tip circles) for a cushion
    event, pocket index for a pocket event, the side left over (``codes.SIDE_NAMES``) for an off-table
    event, else -1. ``record`` (``codes.RECORD_*``) says what is written: the events and a snapshot of
    every ball after each (trajectories), the events only (the snapshots come back empty), or neither
    (final: only the count). The record starts small and doubles when full: a stroke writes and touches
    only the memory its own events need.

    This function owns the arrays (it allocates, so numba counts references in it); the loop itself is
    ``event_loop``, which allocates nothing and is compiled without reference counting: there every view of
    a ball passed to a helper (``rvw[i]``) cost an atomic increment and decrement, 15 % of a two-ball
    stroke's samples (perf). When the record is full the loop returns, this function grows the record,
    and the loop goes on from where it stopped.
    """
    n = rvw.shape[0]
    # (integer min written out: smaller() of two ints, one a literal, would be two more compilations)
    cap = (FIRST_CAPACITY if FIRST_CAPACITY < max_events else max_events) if record >= RECORD_EVENTS else 1
    ev_t = np.empty(cap)
    ev = np.empty((cap, 4), dtype=np.int64)    # type, ball i, ball j, object
    snap = np.empty((cap if record == RECORD_TRAJECTORIES else 0, n, 10))
    trans, cush_t, hole_t, cush_o, hole_o, pair_t, pc, zc, last_pair, last_cush, stale, paired = loop_arrays(
        n, 2 * segs.shape[0] + circs.shape[0])
    begin_events(rvw, s, prm, first_event, record, ev_t, ev, snap, last_pair, last_cush, stale, paired)
    # Typed int64: a literal would make numba compile the callee once per literal value (slower first-call
    # compile).
    t = 0.0
    k = np.int64(1)
    nstale = n
    while True:
        t, k, nstale, status = event_loop(rvw, s, prm, segs, circs, holes, max_events, record, t, k, stale, nstale,
                                       ev_t, ev, snap, trans, cush_t, hole_t, cush_o, hole_o, pair_t, pc, zc,
                                       last_pair, last_cush, paired)
        if status != RECORD_FULL:
            break
        cap = 2 * cap if 2 * cap < max_events else max_events
        ev_t = grown_1d(ev_t, cap)
        ev = grown_2d(ev, cap)
        if record == RECORD_TRAJECTORIES:
            snap = grown_3d(snap, cap)
    kept = k if record >= RECORD_EVENTS else 0
    return k, ev_t[:kept], ev[:kept], snap[:kept], status == CAPPED


@kernel()
def event_loop(rvw: FloatArray, s: IntArray, prm: FloatArray, segs: FloatArray, circs: FloatArray, holes: FloatArray,
               max_events: int, record: int, t: float, k: int | np.int64, stale: IntArray, nstale: int,
               ev_t: FloatArray, ev: IntArray, snap: FloatArray, trans: FloatArray, cush_t: FloatArray,
               hole_t: FloatArray, cush_o: IntArray, hole_o: IntArray, pair_t: FloatArray, pc: FloatArray,
               zc: FloatArray, last_pair: FloatArray, last_cush: FloatArray, paired: IntArray
               ) -> tuple[float, int | np.int64, int, int]:
    """``run_events``'s loop from time ``t``, with ``k`` events recorded and the balls ``stale[:nstale]`` to
    refresh, until it ends (``FINISHED``, ``CAPPED``) or the record is full (``RECORD_FULL``: grow it and call
    again with what this returns, the loop goes on exactly where it stopped). Returns (t, k, nstale, status).
    """
    n = rvw.shape[0]
    R, g, mus, mur, musp = prm[P_R], prm[P_G], prm[P_MUS], prm[P_MUR], prm[P_MUSP]
    ns = segs.shape[0]
    width, length = _table_size(segs)
    nose = R * (1.0 + prm[P_SINT])     # the cushion nose's height above the cloth
    while True:
        # the record is full: return before anything of the next event is computed (the caller grows it)
        if record >= RECORD_EVENTS and k == ev_t.shape[0] and k < max_events:
            return t, k, nstale, RECORD_FULL
        # every ball's path from now (an untouched ball's pc refers to an older time)
        for m in range(n):
            pc[m, 0], pc[m, 1], pc[m, 2], pc[m, 3], pc[m, 4], pc[m, 5] = path_terms(
                s[m], rvw[m, 0, 0], rvw[m, 0, 1], rvw[m, 1, 0], rvw[m, 1, 1], rvw[m, 2, 0], rvw[m, 2, 1], R, mus,
                mur, g)
            zc[m, 0], zc[m, 1] = rvw[m, 0, 2], rvw[m, 1, 2]
        # each stale ball's next transition, cushion or jaw contact, and drop
        for q in range(nstale):
            i = stale[q]
            trans[i] = INF
            cush_t[i] = INF
            hole_t[i] = INF
            if s[i] == POCKETED or s[i] == OFF_TABLE:
                continue
            trans[i] = t + transition_dt(rvw[i], s[i], prm)
            if s[i] == SLIDING or s[i] == ROLLING or s[i] == AIRBORNE:
                flying = s[i] == AIRBORNE
                dc, cush_o[i], dh, hole_o[i] = contacts(pc[i, 0], pc[i, 1], pc[i, 2], pc[i, 3], pc[i, 4], pc[i, 5],
                                                         trans[i] - t, segs, circs, holes, R, flying, zc[i, 0],
                                                         zc[i, 1], g if flying else 0.0, nose, width, length)
                cush_t[i] = t + dc
                hole_t[i] = t + dh
        for q in range(nstale):
            x = stale[q]
            for m in range(n):
                if m == x or paired[m] == 1:
                    continue
                # the next contact of the pair (written here, not in a helper: see path_terms)
                a, b = (x, m) if x < m else (m, x)
                pair_t[a, b] = INF
                if s[a] == POCKETED or s[b] == POCKETED or s[a] == OFF_TABLE or s[b] == OFF_TABLE:
                    continue
                flying = s[a] == AIRBORNE or s[b] == AIRBORNE
                if not (flying or s[a] == SLIDING or s[a] == ROLLING or s[b] == SLIDING or s[b] == ROLLING):
                    continue
                # a contact after either ball's next own event (transition, cushion, drop) is recomputed then
                h = smaller(smaller(trans[a], trans[b]),
                            smaller(smaller(cush_t[a], cush_t[b]), smaller(hole_t[a], hole_t[b]))) - t
                # heights: zero on the cloth, a parabola in flight (relative: linear if both fly)
                ga = -0.5 * g if s[a] == AIRBORNE else 0.0
                gb = -0.5 * g if s[b] == AIRBORNE else 0.0
                pair_t[a, b] = t + entry_dt(pc[a, 0] - pc[b, 0], pc[a, 1] - pc[b, 1], zc[a, 0] - zc[b, 0],
                                             pc[a, 2] - pc[b, 2], pc[a, 3] - pc[b, 3], zc[a, 1] - zc[b, 1],
                                             pc[a, 4] - pc[b, 4], pc[a, 5] - pc[b, 5], ga - gb, 2.0 * R, h)
            paired[x] = 1
        for q in range(nstale):
            paired[stale[q]] = 0
        tmin = INF
        kind = -1
        bi = np.int64(-1)  # typed, not a literal: see `first` in run_events
        bj = np.int64(-1)
        for i in range(n):
            if trans[i] < tmin:
                tmin = trans[i]
                kind = 0
                bi = i
        for i in range(n):
            if hole_t[i] < tmin:
                tmin = hole_t[i]
                kind = 1
                bi = i
        for i in range(n):
            for j in range(i + 1, n):
                if pair_t[i, j] < tmin:
                    tmin = pair_t[i, j]
                    kind = 2
                    bi = i
                    bj = j
        for i in range(n):
            if cush_t[i] < tmin:
                tmin = cush_t[i]
                kind = 3
                bi = i
        if kind < 0:
            return t, k, nstale, FINISHED
        if k >= max_events:
            for i in range(n):
                if s[i] != POCKETED and s[i] != OFF_TABLE:
                    rvw[i, 0, 2] = 0.0     # a ball stopped in flight is put down on the cloth below it
                    _still(rvw[i])
                    s[i] = STATIONARY
            if record == RECORD_TRAJECTORIES:
                _snapshot(snap, k - 1, rvw, s)
            return t, k, nstale, CAPPED
        dt = tmin - t
        for i in range(n):
            if s[i] != STATIONARY and s[i] != POCKETED and s[i] != OFF_TABLE:
                (rvw[i, 0, 0], rvw[i, 0, 1], rvw[i, 1, 0], rvw[i, 1, 1], rvw[i, 2, 0], rvw[i, 2, 1],
                 rvw[i, 2, 2]) = evolved(s[i], dt, rvw[i, 0, 0], rvw[i, 0, 1], rvw[i, 1, 0], rvw[i, 1, 1],
                                         rvw[i, 2, 0], rvw[i, 2, 1], rvw[i, 2, 2], R, g, mus, mur, musp)
                if s[i] == AIRBORNE:
                    rvw[i, 0, 2], rvw[i, 1, 2] = flown(rvw[i, 0, 2], rvw[i, 1, 2], dt, g)
        t = tmin
        obj = -1
        if kind == 0:
            if s[bi] == AIRBORNE:
                obj = _in_hole(rvw[bi, 0, 0], rvw[bi, 0, 1], holes)
            side = -1
            if s[bi] == AIRBORNE and obj < 0:
                side = _off_slate(rvw[bi, 0, 0], rvw[bi, 0, 1], holes, prm[P_R], width, length)
            if side >= 0:
                # it comes down where there is no slate (it flew out over a pocket): out of play
                code = EV_OFF_TABLE
                obj = side
                s[bi] = OFF_TABLE
                rvw[bi, 0, 2] = 0.0
                _still(rvw[bi])
            elif obj >= 0:
                # it comes down inside a pocket's drop circle: it drops
                code = EV_POCKET
                s[bi] = POCKETED
                _into_pocket(rvw[bi], holes, obj)
            else:
                s[bi], code = resolve_transition(rvw[bi], s[bi], prm)
        elif kind == 1 and hole_o[bi] < 0:
            # out over a side of the table: it stays where it crossed, out of play
            code = EV_OFF_TABLE
            obj = -1 - hole_o[bi]
            s[bi] = OFF_TABLE
            _still(rvw[bi])
        elif kind == 1:
            code = EV_POCKET
            obj = hole_o[bi]
            s[bi] = POCKETED
            _into_pocket(rvw[bi], holes, obj)
        elif kind == 2:
            code = EV_BALL_BALL
            _separate_balls(rvw[bi], rvw[bj], prm[P_R])
            resolve_ball_ball(rvw[bi], rvw[bj], prm, t - last_pair[bi, bj], s[bi] == AIRBORNE or s[bj] == AIRBORNE)
            last_pair[bi, bj] = t
            s[bi] = settle(rvw[bi], prm)
            s[bj] = settle(rvw[bj], prm)
        else:
            code = EV_CUSHION
            obj = cush_o[bi]
            nc = circs.shape[0]
            if obj >= ns + nc:
                _edge_hit(rvw[bi], segs, obj - ns - nc, nose - prm[P_R], prm)
            else:
                if obj < ns:
                    nx, ny = segs[obj, 4], segs[obj, 5]
                else:
                    c = obj - ns
                    nx, ny = rvw[bi, 0, 0] - circs[c, 0], rvw[bi, 0, 1] - circs[c, 1]
                    nn = np.hypot(nx, ny)
                    nx /= nn
                    ny /= nn
                _separate_cushion(rvw[bi], obj, ns, segs, circs, nx, ny, prm[P_R])
                resolve_cushion(rvw[bi], nx, ny, prm, t - last_cush[bi, obj])
            last_cush[bi, obj] = t
            s[bi] = settle(rvw[bi], prm)
        if record >= RECORD_EVENTS:
            ev_t[k] = t
            ev[k, 0] = code
            ev[k, 1] = bi
            ev[k, 2] = bj
            ev[k, 3] = obj
            if record == RECORD_TRAJECTORIES:
                _snapshot(snap, k, rvw, s)
        k += 1
        stale[0] = bi
        nstale = 1
        if bj >= 0:
            stale[1] = bj
            nstale = 2


@kernel(entry=True)
def play_stroke(xy: FloatArray, speed: float, phi: float, theta: float, a: float, b: float, cue: FloatArray,
                prm: FloatArray, segs: FloatArray, circs: FloatArray, holes: FloatArray, max_events: int, record: int
                ) -> tuple[FloatArray, IntArray, FloatArray, bool]:
    """One stroke on ball 0 of a layout at rest (``xy``: each ball's centre, x then y, ball after ball, ball
    0 the cue ball: flat, the cheapest array for Python to build), played with the cue ``cue`` (mass, tip
    restitution, shaft end mass, miscue limit: ``params.CueParams``).

    The cue's impact (``launch``) or the miscue, then ``run_events``. Returns (times, events (4, count: the
    types, balls i, balls j, objects), snapshots, truncated): only what ``simulate_layout`` reads, since each
    array returned is a Python object built on the way out (the final state is the last snapshot).
    """
    n = xy.shape[0] // 2
    # np.empty in the signatures run_events compiles anyway (np.zeros is two more compilations)
    rvw = np.empty((n, 3, 3))
    s = np.empty(n, dtype=np.int64)
    for i in range(n):
        for q in range(3):
            for c in range(3):
                rvw[i, q, c] = 0.0
        rvw[i, 0, 0] = xy[2 * i]
        rvw[i, 0, 1] = xy[2 * i + 1]
        s[i] = STATIONARY
    first = np.int64(EV_MISCUE)
    if not is_miscue(a, b, cue[3]):
        first = np.int64(EV_STRIKE)
        rvw[0, 1, 0], rvw[0, 1, 1], rvw[0, 1, 2], rvw[0, 2, 0], rvw[0, 2, 1], rvw[0, 2, 2] = launch(
            speed, phi, theta, a, b, cue[0], cue[1], cue[2], prm)
    k, ev_t, ev, snap, truncated = run_events(rvw, s, prm, segs, circs, holes, max_events, first, record)
    # the events by column (type, i, j, object), each a contiguous row Python takes as one array: a row of a
    # C array is a cheaper view than a column (ShotResult.of_stroke)
    columns = np.empty((4, ev.shape[0]), dtype=np.int64)
    for q in range(ev.shape[0]):
        for c in range(4):
            columns[c, q] = ev[q, c]
    return ev_t, columns, snap, truncated
