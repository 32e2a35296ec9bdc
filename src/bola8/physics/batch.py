"""``simulate_batch``: many strokes from one layout in one compiled call.

A search bot plays hundreds of candidate strokes from the same position; calling
``simulate_layout`` for each pays the Python-to-numba crossing and the array set-up
every time. Here the layout is laid out once and one kernel loops over the strokes,
each played by the single path's own code (``launch`` for the cue's impact, then
``engine.begin_events`` and the event loop) on a fresh copy of the layout. What is kept is what the caller asks
for (``record``):

- "trajectories" (the default): every event and every ball's state after it, cut
  into ordinary ``ShotResult`` objects - the referee reads them exactly as it reads a
  single simulation's result;
- "events": the events and the final layout (``StrokeEvents``), no snapshots;
- "final": where the balls stopped and which dropped or left (``StrokeEnd``).

The loop writes each stroke's record straight into arrays held for many strokes
(one snapshot array, not one per stroke: the results are views of it), which numpy
allocates (``run_batch`` says why). When a stroke does not fit, the strokes from it
on go into new arrays sized to what the strokes so far project for the rest; what
was written stays where it is (nothing is copied), so a batch's records are a few
such pieces.

The strokes are independent, so a batch may play them on several cores
(``workers``): the strokes are cut into consecutive spans, a pool of threads plays
the spans (the kernel lets go of the interpreter's lock while it runs), and the
calling thread turns each finished span into results while the others still play.
Each stroke is played by the same code on its own copy of the layout, so the
results are the same whatever the number of workers. The default is one worker:
a library call does not know whether its process is one of a pool that already
keeps every core busy (``bola8.players.arena`` forks one per core), where more
threads would only contend; a caller that owns the machine passes
``workers=available_cores()``.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from numbers import Integral
from typing import Any, Literal, overload

import numpy as np
import numpy.typing as npt

from bola8.errors import InputError
from bola8.physics import codes as C
from bola8.physics._jit import kernel
from bola8.physics.codes import EV_MISCUE, EV_STRIKE, RECORD_EVENTS, RECORD_TRAJECTORIES, STATIONARY
from bola8.physics.engine import CAPPED, FIRST_CAPACITY, RECORD_FULL, begin_events, event_loop, loop_arrays
from bola8.physics.launch import is_miscue, launch
from bola8.physics.params import PhysicsSettings
from bola8.physics.result import ShotResult, StrokeEnd, StrokeEvents, built
from bola8.physics.strike import Strike
from bola8.physics.table import TableSpec

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]
Record = Literal["trajectories", "events", "final"]

_DEFAULT_SETTINGS = PhysicsSettings()


@kernel(entry=True, releases_gil=True)
def run_batch(xy: FloatArray, strikes: FloatArray, prm: FloatArray, segs: FloatArray, circs: FloatArray,
              holes: FloatArray, max_events: int, record: int, offsets: IntArray, all_t: FloatArray,
              all_ev: IntArray, all_snap: FloatArray, final_xy: FloatArray, final_s: IntArray, counts: IntArray,
              truncated: IntArray) -> int:
    """Play strokes 0, 1, ... (``strikes[m]``: speed, phi, theta, a, b, then its cue's mass,
    tip restitution, shaft end mass and miscue limit) from the layout ``xy`` at rest, writing each into the
    caller's arrays: its events from ``offsets[m]`` on in ``all_t``, ``all_ev`` (type, i, j, object) and
    ``all_snap`` (as far as ``record`` keeps them; with "final", ``all_t`` and ``all_ev`` are one row the
    strokes write over), ``offsets[m + 1]``, its final positions and motion states, its event count and
    truncated flag.

    Each stroke is played by the single path's code (``launch``, then ``begin_events`` and the loop
    ``event_loop``, which ``engine.run_events`` runs), its record written straight into the caller's arrays
    (views from ``offsets[m]`` on): no record of its own to grow and copy, and the loop's working arrays
    made once for all the strokes. When a stroke's record reaches the end of the arrays, the loop stops
    and this returns that stroke, ``offsets[m + 1]`` one row past where it reached: the caller plays the
    strokes from it on into new arrays, that one again from its start (the same stroke gives the same
    record). Returns the number of strokes when all fitted.
    The arrays are the caller's so that numpy allocates them: numpy asks the system for huge pages for a
    large array, and the snapshots of a batch of breaks (about 190 kB a stroke, in fresh memory) cost
    one page fault per 2 MB instead of one per 4 kB (docs/performance.md, "Many strokes at once").
    """
    m_count: int = strikes.shape[0]
    n = xy.shape[0]
    rvw = np.empty((n, 3, 3))
    s = np.empty(n, dtype=np.int64)
    trans, cush_t, hole_t, cush_o, hole_o, pair_t, pc, zc, last_pair, last_cush, stale, paired = loop_arrays(
        n, 2 * segs.shape[0] + circs.shape[0])
    offsets[0] = 0
    for m in range(m_count):
        for i in range(n):
            for q in range(3):
                for c in range(3):
                    rvw[i, q, c] = 0.0
            rvw[i, 0, 0] = xy[i, 0]
            rvw[i, 0, 1] = xy[i, 1]
            s[i] = STATIONARY
        first_event = np.int64(EV_MISCUE)
        speed, phi, theta, a, b = strikes[m, 0], strikes[m, 1], strikes[m, 2], strikes[m, 3], strikes[m, 4]
        if not is_miscue(a, b, strikes[m, 8]):
            first_event = np.int64(EV_STRIKE)
            rvw[0, 1, 0], rvw[0, 1, 1], rvw[0, 1, 2], rvw[0, 2, 0], rvw[0, 2, 1], rvw[0, 2, 2] = launch(
                speed, phi, theta, a, b, strikes[m, 5], strikes[m, 6], strikes[m, 7], prm)
        start = offsets[m]
        if start >= all_t.shape[0]:     # (not even event 0 fits)
            offsets[m + 1] = start + 1
            return m
        # (a slice from a row on of a C array is a C array: the loop's own types, no second compilation)
        ev_t, ev, snap = all_t[start:], all_ev[start:], all_snap[start:]
        begin_events(rvw, s, prm, first_event, record, ev_t, ev, snap, last_pair, last_cush, stale, paired)
        t, k, nstale, status = event_loop(rvw, s, prm, segs, circs, holes, max_events, record, 0.0, np.int64(1),
                                       stale, n, ev_t, ev, snap, trans, cush_t, hole_t, cush_o, hole_o, pair_t,
                                       pc, zc, last_pair, last_cush, paired)
        if status == RECORD_FULL:
            offsets[m + 1] = start + k + 1
            return m
        offsets[m + 1] = start + (k if record >= RECORD_EVENTS else 0)
        for i in range(n):
            final_xy[m, i, 0] = rvw[i, 0, 0]
            final_xy[m, i, 1] = rvw[i, 0, 1]
            final_s[m, i] = s[i]
        counts[m] = k
        truncated[m] = 1 if status == CAPPED else 0
    return m_count


# Events a stroke is first given room for (a shot of a few balls takes 5 to 30, a break 100 to 480), and
# at least engine.FIRST_CAPACITY in all: the strokes that do not fit go into arrays sized to what the strokes
# so far project for the rest, an eighth more.
FIRST_EVENTS_PER_STROKE = 16


def play_span(xy: FloatArray, strikes: FloatArray, prm: FloatArray, spec: TableSpec, max_events: int, record: int
              ) -> tuple[list[tuple[int, int, IntArray, FloatArray, IntArray, FloatArray]], FloatArray, IntArray,
                         IntArray, IntArray]:
    """``run_batch`` of every stroke of ``strikes``, in as many pieces of arrays as it takes. Returns (the
    pieces - each (its first stroke, the stroke after its last, the offsets of its strokes' events (one
    more than its strokes), the times, the events, the snapshots - empty where ``record`` does not keep
    them) -, each stroke's final positions (M, n, 2) and motion states (M, n), event count (M,) and
    truncated flag (M,))."""
    m_count, n = strikes.shape[0], xy.shape[0]
    g = spec.geometry
    final_xy = np.empty((m_count, n, 2))
    final_s = np.empty((m_count, n), dtype=np.int64)
    counts = np.empty(m_count, dtype=np.int64)
    truncated = np.empty(m_count, dtype=np.int64)
    # (with "final", one row the strokes' event 0 is written over)
    cap = max(FIRST_CAPACITY, m_count * FIRST_EVENTS_PER_STROKE) if record >= RECORD_EVENTS else 1
    pieces: list[tuple[int, int, IntArray, FloatArray, IntArray, FloatArray]] = []
    first = kept = 0
    while True:
        offsets = np.empty(m_count - first + 1, dtype=np.int64)
        all_t = np.empty(cap)
        all_ev = np.empty((cap, 4), dtype=np.int64)
        all_snap = np.empty((cap if record == RECORD_TRAJECTORIES else 0, n, 10))
        # (the strokes' rows of a C array from one on are C arrays: the kernel's one signature)
        done = run_batch(xy, strikes[first:], prm, g.segments, g.circles, g.holes, max_events, record, offsets,
                         all_t, all_ev, all_snap, final_xy[first:], final_s[first:], counts[first:],
                         truncated[first:])
        end = int(offsets[done])
        if done > 0:
            pieces.append((first, first + done, offsets[:done + 1], all_t[:end], all_ev[:end], all_snap[:end]))
        first += done
        kept += end
        if first == m_count:
            return pieces, final_xy, final_s, counts, truncated
        # stroke `first` did not fit: room for what the strokes so far project for the rest, an eighth more,
        # and at least twice as far as that stroke reached
        reached = int(offsets[done + 1]) - end
        cap = max(2 * reached, kept * (m_count - first) // first * 9 // 8 if first else 0)


def available_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system tells it, else the machine's
    count): the ``workers`` of a batch whose caller owns the machine."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:   # (no affinity on macOS and Windows)
        return os.cpu_count() or 1


# Spans per worker: the threads take the spans in turn, so one that drew slower strokes (a break's
# strokes take 100 to 480 events) is not waited for long, and the caller turns the first spans into
# results while the last ones play. No span is shorter than MIN_SPAN strokes: each costs a kernel call
# and a hand-over between threads (an empty task's round trip through the pool took 10 us, load 9), where
# a stroke of two balls takes about 9 us.
SPANS_PER_WORKER = 2
MIN_SPAN = 16


def spans(count: int, workers: int) -> list[tuple[int, int]]:
    """The consecutive (first, end) spans ``count`` strokes are played in by ``workers`` threads."""
    pieces = max(1, min(SPANS_PER_WORKER * workers, count // MIN_SPAN)) if workers > 1 else 1
    bounds = [count * p // pieces for p in range(pieces + 1)]
    return [(bounds[p], bounds[p + 1]) for p in range(pieces)]


_pools: dict[int, ThreadPoolExecutor] = {}
_pools_lock = threading.Lock()


def _pool(workers: int) -> ThreadPoolExecutor:
    """This process's pool of ``workers`` threads (made on first use, kept for the next batches)."""
    with _pools_lock:
        pool = _pools.get(workers)
        if pool is None:
            pool = _pools[workers] = ThreadPoolExecutor(max_workers=workers,
                                                        thread_name_prefix=f"bola8-batch-{workers}")
        return pool


def _forget_pools() -> None:
    # a child forked from a process with pools has none of their threads: it makes its own
    global _pools_lock
    _pools.clear()
    _pools_lock = threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_pools)


@overload
def simulate_batch(spec: TableSpec, balls: dict[int, tuple[float, float]], strikes: Sequence[Strike],
                   settings: PhysicsSettings | None = None, *, record: Literal["trajectories"] = "trajectories",
                   workers: int = 1) -> list[ShotResult]: ...


@overload
def simulate_batch(spec: TableSpec, balls: dict[int, tuple[float, float]], strikes: Sequence[Strike],
                   settings: PhysicsSettings | None = None, *, record: Literal["events"], workers: int = 1
                   ) -> list[StrokeEvents]: ...


@overload
def simulate_batch(spec: TableSpec, balls: dict[int, tuple[float, float]], strikes: Sequence[Strike],
                   settings: PhysicsSettings | None = None, *, record: Literal["final"], workers: int = 1
                   ) -> list[StrokeEnd]: ...


def simulate_batch(spec: TableSpec, balls: dict[int, tuple[float, float]], strikes: Sequence[Strike],
                   settings: PhysicsSettings | None = None, *, record: Record = "trajectories", workers: int = 1
                   ) -> list[ShotResult] | list[StrokeEvents] | list[StrokeEnd]:
    """Play every stroke of ``strikes`` from the same layout (assumed valid); one result per stroke.

    With ``record="trajectories"`` each result is identical to ``simulate_layout(spec, balls, strike,
    settings)``; "events" and "final" keep less (see the module) and cost less. ``workers`` threads play
    the strokes (see the module for the default of one); the results do not depend on it.
    """
    settings = settings or _DEFAULT_SETTINGS
    if record not in C.RECORD_NAMES:
        raise InputError(f"record: {record!r} is not one of {', '.join(C.RECORD_NAMES)}.",
                         f"record: {record!r} no es uno de {', '.join(C.RECORD_NAMES)}.")
    if isinstance(workers, bool) or not isinstance(workers, Integral) or workers < 1:   # (numpy's ints too)
        raise InputError(f"workers: {workers!r} is not a whole number of threads of at least 1.",
                         f"workers: {workers!r} no es un número entero de hilos de al menos 1.")
    workers = int(workers)
    if 0 not in balls:
        raise InputError("balls: the cue ball (0) is missing.", "balls: falta la bola blanca (0).")
    numbers = tuple(sorted(balls))
    start = {b: (float(balls[b][0]), float(balls[b][1])) for b in numbers}
    prm = settings.parameters(spec.cushion_height)
    rows = []
    for s in strikes:
        cue = settings.cue_of(s.cue)
        rows.append([s.speed, s.phi, s.theta, s.a, s.b, cue.mass, cue.tip_restitution, cue.end_mass,
                     cue.miscue_limit])
    table = np.array(rows, dtype=np.float64).reshape(-1, 9)
    xy = np.array(list(start.values()))
    level = C.RECORD_NAMES.index(record)
    cut = spans(len(strikes), workers)
    if len(cut) == 1:
        played = play_span(xy, table, prm, spec, settings.max_events, level)
        return _results(record, spec, numbers, start, prm, strikes, played)
    pool = _pool(workers)
    futures: list[Future[Any]] = [pool.submit(play_span, xy, table[a:b], prm, spec, settings.max_events, level)
                                  for a, b in cut]
    out: list[Any] = []
    for (a, b), future in zip(cut, futures):
        out += _results(record, spec, numbers, start, prm, strikes[a:b], future.result())
    return out


def _final_layouts(numbers: tuple[int, ...], final_xy: FloatArray, final_s: IntArray
                   ) -> tuple[list[dict[int, tuple[float, float]]], list[bool]]:
    """Each stroke's final layout (ball -> where it stopped, the balls still on the table) and whether every
    ball is still on the table (most strokes drop none and send none off: their layout is one ``zip``).
    The positions are made into (x, y) tuples all at once, from one flat list (``timeit``, 500 strokes of 8
    balls: 1.6 us a stroke against 1.9-2.5 row by row)."""
    n = len(numbers)
    flat = final_xy.reshape(-1).tolist()
    places = list(zip(flat[0::2], flat[1::2]))
    all_in: list[bool] = (~((final_s == C.POCKETED) | (final_s == C.OFF_TABLE)).any(axis=1)).tolist()
    finals = []
    for m, kept in enumerate(all_in):
        here = places[m * n:(m + 1) * n]
        if kept:
            finals.append(dict(zip(numbers, here)))
        else:
            states = final_s[m].tolist()
            finals.append({num: xy for num, xy, st in zip(numbers, here, states)
                           if st != C.POCKETED and st != C.OFF_TABLE})
    return finals, all_in


def _results(record: Record, spec: TableSpec, numbers: tuple[int, ...], start: dict[int, tuple[float, float]],
             prm: FloatArray, strikes: Sequence[Strike], played: tuple[Any, ...]
             ) -> list[ShotResult] | list[StrokeEvents] | list[StrokeEnd]:
    """The results of ``strikes`` from what ``play_span`` returned for them.

    This runs on the calling thread, holding the interpreter's lock, for every stroke: each numpy index
    counts (a column of the events taken once per piece, then cut per stroke by a plain slice of it, costs
    half as much as ``ev[a:b, 0]``: 0.9 against 1.8 us for a stroke's six views, timeit), and the flags and
    counts are read as Python lists."""
    pieces, final_xy, final_s, counts, truncated = played
    flags = [bool(v) for v in truncated.tolist()]
    if record == "final":
        ends: list[StrokeEnd] = []
        count_list, state_rows = counts.tolist(), final_s.tolist()
        finals, all_in = _final_layouts(numbers, final_xy, final_s)
        for m, strike in enumerate(strikes):
            states = state_rows[m]
            gone = not all_in[m]
            ends.append(built(
                StrokeEnd, numbers=numbers, final=finals[m],
                dropped=tuple(num for num, st in zip(numbers, states) if st == C.POCKETED) if gone else (),
                off_table=tuple(num for num, st in zip(numbers, states) if st == C.OFF_TABLE) if gone else (),
                event_count=count_list[m], truncated=flags[m], strike=strike))
        return ends
    if record == "events":
        logs: list[StrokeEvents] = []
        finals, _ = _final_layouts(numbers, final_xy, final_s)
        for first, after, offsets, ev_t, ev, _snap in pieces:
            bounds = offsets.tolist()
            types, balls_i, balls_j, objects = ev.T
            for m in range(first, after):
                a, b = bounds[m - first], bounds[m - first + 1]
                logs.append(built(
                    StrokeEvents, spec=spec, numbers=numbers, ev_t=ev_t[a:b], ev_type=types[a:b], ev_i=balls_i[a:b],
                    ev_j=balls_j[a:b], ev_o=objects[a:b], final=finals[m], truncated=flags[m], strike=strikes[m]))
        return logs
    results = []
    for first, after, offsets, ev_t, ev, snap in pieces:
        bounds = offsets.tolist()
        types, balls_i, balls_j, objects = ev.T
        for m in range(first, after):
            a, b = bounds[m - first], bounds[m - first + 1]
            results.append(built(ShotResult, spec=spec, start=dict(start), numbers=numbers, prm=prm, ev_t=ev_t[a:b],
                                 ev_type=types[a:b], ev_i=balls_i[a:b], ev_j=balls_j[a:b], ev_o=objects[a:b],
                                 snap=snap[a:b], truncated=flags[m], strike=strikes[m]))
    return results
