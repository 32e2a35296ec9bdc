"""Is the position estimate right for a cue ball on a rail? Its straight-pot chance against the pot played.

    .venv/bin/python benchmarks/bench_bot_rails.py POSITIONS.jsonl [--spots 4] [--trials 100] [--seed 1]
        [--save OUT.jsonl]
    .venv/bin/python benchmarks/bench_bot_rails.py --report OUT.jsonl

The value of a position (``bola8.players.estimate``) is built on the best straight pot's chance from
the cue ball's place, a formula of the cut, the distances and the pocket's window. A search steers the
cue ball by it, so if the formula overrates a cue ball frozen on a rail or near one (where a player's
cue must be raised, and the cue ball may touch the cushion as it leaves) the bot plays for places it
cannot pot from. This bench puts the cue ball at chosen distances from a rail and measures both sides.

``POSITIONS.jsonl`` holds positions as ``bench_bot_endgame.py positions`` saves them (the balls and the
state; the shooter's group known). For each, ``--spots`` places of the cue ball are drawn, each on one of
the four rails (away from the pockets' mouths) at one of the gaps ``GAPS`` between the ball and the
cushion's nose - 0 is frozen - or anywhere on the cloth at least ``OPEN`` from every rail. At each place
the estimate names its best straight pot (``estimate.direct_chance`` with clear paths, the ball and
pocket it would play); the champion's search aims that pot with every stroke of its grid on the
noiseless simulator (``Searcher.first_sweeps``, ``Searcher.sweep``), samples each on 48 draws of its 1x
noise, and the stroke that potted most is played on ``--trials`` fresh draws: the pot **played**, as
the referee counts it (the call in its pocket and the table kept). A place where no stroke finds a window
is played as 0.

Printed by band (frozen, each gap, the open cloth): the places, the estimate's mean chance, the played
mean, and their difference with a 95% interval - a band where the difference is well below the open
cloth's is one the estimate overrates - and the same differences within ranges of the estimate's chance
(the rails hold harder shots than the open cloth, and the estimate's error depends on how hard a shot is).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

Row = dict[str, Any]
GAPS = (0.0, 0.005, 0.015, 0.04)     # m between the cue ball and the cushion's nose (0: frozen)
OPEN = 0.15                          # m from every rail at least: the open cloth
MOUTH_CLEARANCE = 0.2                # m along a rail kept clear of each pocket's mouth
MIN_ESTIMATE = 0.2                   # places whose best straight pot the estimate rates below this are skipped
ESTIMATE_BINS = ((0.2, 0.5), (0.5, 0.8), (0.8, 0.95), (0.95, 1.01))


def band(gap: float | None) -> str:
    """The name of a band of places."""
    if gap is None:
        return "open cloth"
    return "frozen" if gap == 0.0 else f"gap {1000 * gap:.0f} mm"


def place(spec: Any, rng: random.Random, gap: float | None) -> tuple[float, float]:
    """A cue ball's place: on a random rail at ``gap`` from its nose, away from the pockets, or on the open cloth."""
    r, w, length = spec.ball_radius, spec.width, spec.length
    if gap is None:
        return rng.uniform(OPEN, w - OPEN), rng.uniform(OPEN, length - OPEN)
    rail = rng.choice(("left", "right", "head", "foot"))
    if rail in ("left", "right"):
        while True:
            y = rng.uniform(MOUTH_CLEARANCE, length - MOUTH_CLEARANCE)
            if abs(y - length / 2.0) > MOUTH_CLEARANCE:
                break
        return (r + gap if rail == "left" else w - r - gap), y
    x = rng.uniform(MOUTH_CLEARANCE, w - MOUTH_CLEARANCE)
    return x, (r + gap if rail == "head" else length - r - gap)


def measure(position: Row, index: int, spots: int, trials: int, seed: int) -> list[Row]:
    """The position's cue-ball places, each with the estimate's best straight pot and that pot played."""
    from bola8 import rules
    from bola8.game.position import game_at
    from bola8.players.estimate import direct_chance, sigma_rad
    from bola8.players.levels import LEVELS
    from bola8.players.noise import ExecutionNoise
    from bola8.players.search import Searcher, _offset
    from bola8.physics import table_spec
    from bola8.players.shots import shot_plans

    rng = random.Random(seed * 1_000_003 + index)
    state = rules.State.from_dict(position["state"])
    balls = {int(n): (float(x), float(y)) for n, x, y in position["balls"] if int(n) != 0}
    level = LEVELS["champion"]
    sigma = sigma_rad(1.0)
    rows: list[Row] = []
    bands: list[float | None] = [*GAPS, None]
    for spot in range(spots):
        gap = bands[spot % len(bands)] if spots >= len(bands) else rng.choice(bands)
        game = None
        spec = table_spec(position["table"])
        for _ in range(50):
            cue = place(spec, rng, gap)
            if all(math.dist(cue, b) > 2.0 * spec.ball_radius + 1e-4 for b in balls.values()):
                game = game_at(position["table"], state, {0: cue, **balls})
                break
        if game is None:
            continue
        plans = shot_plans(game, ("pot",), sigma)
        if not plans:
            continue
        rated = [(direct_chance(game.spec, cue, game.layout[p.call.ball], p.call.pocket, sigma), p)
                 for p in plans if p.call is not None]
        estimate, plan = max(rated, key=lambda item: item[0])
        if estimate < MIN_ESTIMATE:
            continue
        searcher = Searcher(level, ExecutionNoise(1.0), random.Random(rng.getrandbits(32)))
        found = searcher.first_sweeps(game, [plan])
        if found:
            first = max(found, key=lambda c: c.window)
            found += searcher.sweep(game, [(plan, s, _offset(first), max(first.window / 3.0, 0.01), 4)
                                           for s in level.strokes[1:]])
            searcher.sample(game, found, searcher.draws(48))
            best = max(found, key=lambda c: c.pot)
            searcher.sample(game, [best], searcher.draws(trials))
            s = best.strike
            played, stroke = best.pot, [round(s.speed, 2), s.a, s.b, s.theta]
        else:
            played, stroke = 0.0, []
        rows.append({"position": index, "spot": spot, "band": band(gap), "cue": cue,
                     "call": [plan.call.ball, plan.call.pocket] if plan.call else None,
                     "estimate": round(estimate, 4), "played": round(played, 4), "found": bool(found),
                     "stroke": stroke})
    return rows


def report(rows: Sequence[Row]) -> str:
    """The estimate against the pot played, band by band."""
    names = [band(g) for g in GAPS] + [band(None)]
    lines = [f"{len(rows)} places from {len({r['position'] for r in rows})} positions (estimate at least "
             f"{MIN_ESTIMATE:.2f})",
             f"{'band':<12} {'places':>6} {'estimate':>9} {'played':>7}  played - estimate (95% CI)   no window"]
    for name in names:
        some = [r for r in rows if r["band"] == name]
        if not some:
            continue
        d = [r["played"] - r["estimate"] for r in some]
        mean = statistics.fmean(d)
        half = 1.96 * statistics.stdev(d) / math.sqrt(len(d)) if len(d) > 1 else 0.0
        lines.append(f"{name:<12} {len(some):>6} {statistics.fmean(r['estimate'] for r in some):>9.3f} "
                     f"{statistics.fmean(r['played'] for r in some):>7.3f}  {mean:+.3f} ({mean - half:+.3f} to "
                     f"{mean + half:+.3f})   {sum(not r['found'] for r in some)}")
    lines.append("the same by the estimate's chance (the bands hold different shots: compare like with like)")
    for low, high in ESTIMATE_BINS:
        cells = []
        for name in names:
            d = [r["played"] - r["estimate"] for r in rows if r["band"] == name and low <= r["estimate"] < high]
            if len(d) > 1:
                mean = statistics.fmean(d)
                half = 1.96 * statistics.stdev(d) / math.sqrt(len(d))
                cells.append(f"{name} {mean:+.3f} ({mean - half:+.3f} to {mean + half:+.3f}) of {len(d)}")
        lines.append(f"  estimate {low:.2f}-{min(high, 1.0):.2f}: " + "; ".join(cells))
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("positions", nargs="?")
    parser.add_argument("--spots", type=int, default=5)
    parser.add_argument("--trials", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--save")
    parser.add_argument("--report")
    args = parser.parse_args(argv)
    if args.report:
        with open(args.report, encoding="utf-8") as handle:
            print(report([json.loads(line) for line in handle if line.strip()]))
        return 0
    if not args.positions:
        parser.error("POSITIONS.jsonl or --report is needed")
    with open(args.positions, encoding="utf-8") as handle:
        positions = [json.loads(line) for line in handle if line.strip()]
    started = time.process_time()
    rows: list[Row] = []
    done = set()
    if args.save and os.path.exists(args.save):
        with open(args.save, encoding="utf-8") as handle:
            done = {json.loads(line)["position"] for line in handle if line.strip()}
    for index in range(args.first, min(len(positions), args.first + args.count)):
        if index in done:
            continue
        found = measure(positions[index], index, args.spots, args.trials, args.seed)
        rows += found
        if args.save:
            with open(args.save, "a", encoding="utf-8") as handle:
                for row in found:
                    handle.write(json.dumps(row) + "\n")
    print(f"{len(rows)} places measured, {time.process_time() - started:.0f} s CPU")
    if args.save:
        with open(args.save, encoding="utf-8") as handle:
            rows = [json.loads(line) for line in handle if line.strip()]
    print(report(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
