"""The Mathavan 2010 cushion rebound's cost: the engine's integration beside the 60 implicit steps alone.

    .venv/bin/python benchmarks/bench_physics_cushion.py [--count 2000] [--rounds 5]

``models.mathavan2010.rebound`` integrates a rebound in the slips of its two contacts (adaptive midpoint
steps) while the cloth slides, and goes on in ``implicit_steps`` (60 Moreau steps over the impact) where it
cannot; before, every rebound took the 60 implicit steps. Both are timed here in one process, alternated
round by round, from a compiled loop (so the figures are the rebound's arithmetic, without Python's call),
on four sets of rebounds into the 9-ft table's rail at 0.3-3 m/s and -80 to 80 degrees: rolling balls,
stunned balls (no spin), balls with random spin, and balls arriving with their nose slip zero (which the
implicit steps take from the start). Prints nanoseconds per rebound (the median of the rounds, CPU time)
and the ratio; and the largest difference between the two, relative to the incoming speed, as the tests
measure it (tests/physics/test_cushion_integration.py).
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

import numba
import numpy as np

from bola8.physics import PhysicsSettings, table_spec
from bola8.physics.codes import P_EC, P_M, P_R, P_SINT, P_STEPS
from bola8.physics.models import mathavan2010

rebound = mathavan2010.rebound
implicit_steps = mathavan2010.implicit_steps


@numba.njit(cache=False)
def engine_rebounds(cases: np.ndarray, prm: np.ndarray, out: np.ndarray) -> None:
    for k in range(cases.shape[0]):
        c = cases[k]
        r = rebound(c[0], c[1], 0.0, c[2], c[3], c[4], prm)
        for q in range(5):
            out[k, q] = r[q]


@numba.njit(cache=False)
def implicit_rebounds(cases: np.ndarray, prm: np.ndarray, out: np.ndarray) -> None:
    m, e = prm[P_M], prm[P_EC]
    cq = math.sqrt(1.0 - prm[P_SINT] * prm[P_SINT])
    for k in range(cases.shape[0]):
        c = cases[k]
        vn = c[0] * cq
        r = implicit_steps(c[0], c[1], c[2], c[3], c[4], vn, 0.0, 0.0, (1.0 + e) * m * vn / prm[P_STEPS], prm)
        for q in range(5):
            out[k, q] = r[q]


def incoming(kind: str, count: int, prm: np.ndarray, seed: int = 7) -> np.ndarray:
    """(v0, v1, w0, w1, w2) of ``count`` balls of one kind, in the cushion frame (x into the rail)."""
    R, sq = prm[P_R], prm[P_SINT]
    cq = math.sqrt(1.0 - sq * sq)
    rng = np.random.default_rng(seed)
    rows = []
    for _ in range(count):
        speed = rng.uniform(0.3, 3.0)
        angle = math.radians(rng.uniform(-80.0, 80.0))
        v0, v1 = speed * math.cos(angle), speed * math.sin(angle)
        if kind == "rolling":
            w = (-v1 / R, v0 / R, 0.0)
        elif kind == "stunned":
            w = (0.0, 0.0, 0.0)
        elif kind == "spinning":
            w = tuple(rng.uniform(-1.0, 1.0) * speed / R for _ in range(3))
        else:   # the nose's slip zero: tb = sq v0 + R w1 = 0 and ta = v1 + R cq w2 - R sq w0 = 0
            w0 = rng.uniform(-1.0, 1.0) * speed / R
            w = (w0, -sq * v0 / R, (R * sq * w0 - v1) / (R * cq))
        rows.append((v0, v1) + w)
    return np.array(rows)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=2000, help="rebounds of each kind")
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    prm = PhysicsSettings().as_array(table_spec("9ft").cushion_height)
    R = prm[P_R]
    print(f"{'rebounds (' + str(args.count) + ' each)':28s} {'engine ns':>10s} {'60 implicit ns':>15s} "
          f"{'speed-up':>9s} {'largest difference':>19s}")
    for kind in ("rolling", "stunned", "spinning", "nose still"):
        cases = incoming(kind, args.count, prm)
        ours, theirs = np.empty((len(cases), 5)), np.empty((len(cases), 5))
        engine_rebounds(cases, prm, ours)
        implicit_rebounds(cases, prm, theirs)
        times: dict[str, list[float]] = {"engine": [], "implicit": []}
        for r in range(args.rounds):
            order = (("engine", engine_rebounds, ours), ("implicit", implicit_rebounds, theirs))
            for name, run, out in order if r % 2 == 0 else order[::-1]:
                started = time.process_time()
                run(cases, prm, out)
                times[name].append((time.process_time() - started) / len(cases))
        speeds = np.hypot(cases[:, 0], cases[:, 1])
        dv = np.hypot(ours[:, 0] - theirs[:, 0], ours[:, 1] - theirs[:, 1])
        dw = np.sqrt(((ours[:, 2:] - theirs[:, 2:]) ** 2).sum(axis=1)) * R
        largest = float((np.maximum(dv, dw) / speeds).max())
        mine, other = statistics.median(times["engine"]), statistics.median(times["implicit"])
        print(f"{kind:28s} {mine * 1e9:10.0f} {other * 1e9:15.0f} {other / mine:8.2f}x {100 * largest:17.2f} %")


if __name__ == "__main__":
    main()
