"""Is the position estimate right - on a rail, and anywhere? Its straight-pot chance against the pot played.

    .venv/bin/python benchmarks/bench_bot_rails.py POSITIONS.jsonl [--spots 4] [--trials 100] [--seed 1]
        [--save OUT.jsonl]
    .venv/bin/python benchmarks/bench_bot_rails.py --racks 200 | --random 400 [--anywhere]
        [--min-estimate 0.02] [--save OUT.jsonl]
    .venv/bin/python benchmarks/bench_bot_rails.py --report OUT.jsonl [--calibration]

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

Other positions than a file's (for the estimate's calibration over the whole table, not only the rails):
``--racks N`` takes the arena's racks 0 to N-1 after the champion's break as ``bench_bot_runs.py`` plays
it (where the breaker kept the table: crowded, clustered, the table open), and ``--random N`` lays out N
tables of 1 to 7 of the shooter's solids, 0 to 7 stripes and the 8, each ball at a uniform place on the
cloth - the same positions for a seed. ``--anywhere`` puts the cue ball at a uniform place of the whole cloth
instead of the bands below; ``--min-estimate`` keeps places whose best straight pot the estimate rates
at least that (0.2 by default: the rails' question is about makeable shots).

Printed by band (frozen, each gap, the open cloth): the places, the estimate's mean chance, the played
mean, and their difference with a 95% interval - a band where the difference is well below the open
cloth's is one the estimate overrates - and the same differences within ranges of the estimate's chance
(the rails hold harder shots than the open cloth, and the estimate's error depends on how hard a shot is).

``--calibration`` adds the estimate's **reliability table** (bins of its chance: the places, the mean
estimate, the mean played with a 95% interval) and fits a monotone map of the estimate to the played pot
(isotonic regression, pooled adjacent violators) on the even-numbered positions, read at the knots
``KNOTS``, then judged on the odd-numbered ones, held out: their reliability table mapped, and the mean
squared error of the raw estimate, of the map, and of the estimate at one aim error refitted
(``SIGMA_EFF_DEG`` times the best of ``SIGMA_SCALES``, the one-number alternative). The map's knots are
printed as a tuple (``estimate.CALIBRATION`` on the branch ``bots-calibration-tried``, where the champion
played with it and was not improved: docs/bots-research.md).
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
RELIABILITY_BINS = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 1.01)
KNOTS = tuple(i / 20 for i in range(21))     # where the fitted map is read (every 0.05 of the estimate)
SIGMA_SCALES = tuple(0.5 + 0.05 * i for i in range(11))   # SIGMA_EFF_DEG times these, for the one-number fit


ANYWHERE = -1.0                      # the band "anywhere": a uniform place of the whole cloth


def band(gap: float | None) -> str:
    """The name of a band of places."""
    if gap == ANYWHERE:
        return "anywhere"
    if gap is None:
        return "open cloth"
    return "frozen" if gap == 0.0 else f"gap {1000 * gap:.0f} mm"


def place(spec: Any, rng: random.Random, gap: float | None) -> tuple[float, float]:
    """A cue ball's place: on a random rail at ``gap`` from its nose, away from the pockets, or on the open cloth."""
    r, w, length = spec.ball_radius, spec.width, spec.length
    if gap == ANYWHERE:
        return rng.uniform(r, w - r), rng.uniform(r, length - r)
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


def rack_positions(racks: int, seed: int) -> list[Row]:
    """The arena's racks 0 to ``racks`` - 1 after the champion's break (``bench_bot_runs.starting_position``),
    where the breaker kept the table and the rack goes on."""
    from bench_bot_runs import starting_position

    found = []
    for rack in range(racks):
        game = starting_position(rack, seed, 1.0)
        if game is None or game.is_over:
            continue
        found.append({"rack": rack, "table": game.spec.name, "state": game.state.to_dict(),
                      "balls": [[n, x, y] for n, (x, y) in game.balls if n != 0]})
    return found


def random_positions(count: int, seed: int, table: str = "9ft") -> list[Row]:
    """``count`` tables, the shooter on the solids: 1 to 7 of them, 0 to 7 stripes (13 balls at most besides the 8) and the 8, each at a
    uniform place on the cloth apart from the others (so his best shot ranges from none to a sure one)."""
    from bola8 import rules
    from bola8.physics import table_spec

    spec = table_spec(table)
    r = spec.ball_radius
    rng = random.Random(seed * 7_919 + 11)
    found = []
    for _ in range(count):
        own = rng.randint(1, 7)          # not all 15 balls: a group is assigned only once one dropped (Art. 11.2)
        others = rng.sample(range(1, 8), own) + rng.sample(range(9, 16), rng.randint(0, min(7, 13 - own)))
        balls: list[list[float]] = []
        for number in sorted([8, *others]):
            while True:
                x, y = rng.uniform(r, spec.width - r), rng.uniform(r, spec.length - r)
                if all(math.dist((x, y), (bx, by)) > 2.0 * r + 1e-4 for _, bx, by in balls):
                    break
            balls.append([number, x, y])
        state = rules.State(on_table=tuple(int(b[0]) for b in balls),
                            groups=(rules.Group.SOLIDS, rules.Group.STRIPES))
        found.append({"table": table, "state": state.to_dict(), "balls": balls})
    return found


def measure(position: Row, index: int, spots: int, trials: int, seed: int, anywhere: bool = False,
            min_estimate: float = MIN_ESTIMATE) -> list[Row]:
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
    bands: list[float | None] = [ANYWHERE] if anywhere else [*GAPS, None]
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
        if estimate < min_estimate:
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
                     "object": game.layout[plan.call.ball] if plan.call else None, "table": position["table"],
                     "estimate": round(estimate, 4), "played": round(played, 4), "found": bool(found),
                     "stroke": stroke})
    return rows


def report(rows: Sequence[Row]) -> str:
    """The estimate against the pot played, band by band."""
    names = [band(g) for g in GAPS] + [band(None), band(ANYWHERE)]
    lines = [f"{len(rows)} places from {len({r['position'] for r in rows})} positions (estimate at least "
             f"{min((r['estimate'] for r in rows), default=0.0):.2f})",
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


def mean_interval(values: Sequence[float]) -> str:
    """A mean with its 95% interval (normal)."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return f"{mean:.3f} ({mean - half:.3f}-{mean + half:.3f})"


def reliability(pairs: Sequence[tuple[float, float]]) -> list[str]:
    """The reliability table of (estimate, played) pairs: per bin of the estimate, the places, the mean
    estimate and the mean played with its interval."""
    lines = [f"  {'estimate':<11} {'places':>6} {'estimate':>9}  played (95% CI)        played - estimate"]
    for low, high in zip(RELIABILITY_BINS, RELIABILITY_BINS[1:]):
        cell = [(e, p) for e, p in pairs if low <= e < high]
        if not cell:
            continue
        e_mean = statistics.fmean(e for e, _ in cell)
        p_mean = statistics.fmean(p for _, p in cell)
        lines.append(f"  {low:.2f}-{min(high, 1.0):.2f}   {len(cell):>6} {e_mean:>9.3f}  "
                     f"{mean_interval([p for _, p in cell]):<22} {p_mean - e_mean:+.3f}")
    return lines


def isotonic(pairs: Sequence[tuple[float, float]]) -> tuple[float, ...]:
    """The monotone map of the estimate to the played pot (pooled adjacent violators over the pairs
    sorted by estimate), read at ``KNOTS`` by linear interpolation between the blocks' mean estimates;
    0 at 0 (no shot), the last block's level beyond it."""
    blocks: list[list[float]] = []           # [sum of estimates, sum of played, count]
    for e, p in sorted(pairs):
        blocks.append([e, p, 1.0])
        while len(blocks) > 1 and blocks[-2][1] / blocks[-2][2] >= blocks[-1][1] / blocks[-1][2]:
            last = blocks.pop()
            for k in range(3):
                blocks[-1][k] += last[k]
    xs = [0.0] + [b[0] / b[2] for b in blocks]
    ys = [0.0] + [b[1] / b[2] for b in blocks]
    knots = []
    for x in KNOTS:
        if x >= xs[-1]:
            knots.append(ys[-1])
            continue
        j = next(i for i in range(1, len(xs)) if xs[i] > x)
        t = (x - xs[j - 1]) / max(xs[j] - xs[j - 1], 1e-12)
        knots.append(ys[j - 1] + t * (ys[j] - ys[j - 1]))
    return tuple(round(k, 3) for k in knots)


def mapped(knots: Sequence[float], e: float) -> float:
    """The estimate ``e`` through the map of ``knots`` (read at ``KNOTS``)."""
    i = min(int(e * (len(knots) - 1)), len(knots) - 2)
    t = e * (len(knots) - 1) - i
    return knots[i] + t * (knots[i + 1] - knots[i])


def rescaled(row: Row, scale: float) -> float:
    """The row's estimate again with the aim error ``SIGMA_EFF_DEG`` times ``scale``."""
    from bola8.physics import table_spec
    from bola8.players.estimate import direct_chance, sigma_rad

    spec = table_spec(row.get("table", "9ft"))
    return direct_chance(spec, tuple(row["cue"]), tuple(row["object"]), row["call"][1], sigma_rad(scale))


def calibration(rows: Sequence[Row]) -> str:
    """The reliability table of all places, the monotone map fitted on the even positions and judged on the
    odd ones, against the raw estimate and the one-number refit of the aim error."""
    pairs = [(r["estimate"], r["played"]) for r in rows]
    fit = [r for r in rows if r["position"] % 2 == 0]
    held = [r for r in rows if r["position"] % 2 == 1]
    knots = isotonic([(r["estimate"], r["played"]) for r in fit])
    lines = [f"reliability of the estimate, all {len(rows)} places:", *reliability(pairs),
             f"the monotone map fitted on the {len(fit)} places of even positions, at the estimates "
             + ", ".join(f"{k:.2f}" for k in KNOTS[::4]) + ":",
             f"  CALIBRATION = {knots}",
             f"held out, the {len(held)} places of odd positions, the estimate mapped:",
             *reliability([(mapped(knots, r["estimate"]), r["played"]) for r in held])]

    def mse(values: Sequence[float]) -> float:
        return statistics.fmean((v - r["played"]) ** 2 for v, r in zip(values, held))

    if all(r.get("object") for r in rows):
        errors = {s: statistics.fmean((rescaled(r, s) - r["played"]) ** 2 for r in fit) for s in SIGMA_SCALES}
        scale = min(errors, key=lambda s: errors[s])
        scaled = f", the aim error times {scale:.2f} (fitted on the even positions) " \
                 f"{mse([rescaled(r, scale) for r in held]):.4f}"
    else:
        scaled = ""
    lines.append(f"held out, mean squared error against the played pot: the estimate {mse([r['estimate'] for r in held]):.4f}, "
                 f"mapped {mse([mapped(knots, r['estimate']) for r in held]):.4f}{scaled}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("positions", nargs="?")
    parser.add_argument("--spots", type=int, default=5)
    parser.add_argument("--trials", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--racks", type=int, help="the arena's racks after the champion's break, not a file's")
    parser.add_argument("--random", type=int, help="this many random open tables, not a file's positions")
    parser.add_argument("--anywhere", action="store_true", help="the cue ball anywhere on the cloth, not in bands")
    parser.add_argument("--min-estimate", type=float, default=MIN_ESTIMATE)
    parser.add_argument("--save")
    parser.add_argument("--report")
    parser.add_argument("--calibration", action="store_true", help="the reliability table and the fitted map")
    args = parser.parse_args(argv)
    if args.report:
        with open(args.report, encoding="utf-8") as handle:
            saved = [json.loads(line) for line in handle if line.strip()]
        print(report(saved))
        if args.calibration:
            print(calibration(saved))
        return 0
    if args.racks:
        positions = rack_positions(args.racks, args.seed)
    elif args.random:
        positions = random_positions(args.random, args.seed)
    elif args.positions:
        with open(args.positions, encoding="utf-8") as handle:
            positions = [json.loads(line) for line in handle if line.strip()]
    else:
        parser.error("POSITIONS.jsonl, --racks, --random or --report is needed")
    started = time.process_time()
    rows: list[Row] = []
    done = set()
    if args.save and os.path.exists(args.save):
        with open(args.save, encoding="utf-8") as handle:
            done = {json.loads(line)["position"] for line in handle if line.strip()}
    for index in range(args.first, min(len(positions), args.first + args.count)):
        if index in done:
            continue
        found = measure(positions[index], index, args.spots, args.trials, args.seed, args.anywhere,
                        args.min_estimate)
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
    if args.calibration:
        print(calibration(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
