"""How sure the searching bot's called shots are: each chosen shot's pot chance measured on fresh noise.

    .venv/bin/python benchmarks/bench_bot_shots.py POSITIONS.jsonl [--level champion | --player P] [--noise 1]
        [--positions 200] [--trials 200] [--workers 1] [--save OUT.json]
    .venv/bin/python benchmarks/bench_bot_shots.py --compare BEFORE.json AFTER.json

``POSITIONS.jsonl`` is a ``bench_leaf.py --save`` file: the champion's self-play racks and every
position they went through. For each of the first ``--positions`` positions with the cue ball on the
table, the level chooses its shot (its whole search, seeded by the position's index); when it calls a
ball with a shot meant to pot it (not a safety, nor a two-way shot that calls a ball only to count as
an attempt, Art. 21.1), its intended stroke is played ``--trials`` times with fresh draws of the
level's noise and the referee says how often the call went in as called with the table kept: the
shot's **pot chance**, free of the search's own samples (which chose the shot, so flatter it).

Printed: the called shots, their mean pot chance (the pots per called shot that a long run from these
positions would show) with a 95% interval, the search's own estimate beside it, the same by kind of
shot, and the decisions' CPU time. ``--save`` keeps one row per position; ``--compare`` pairs two saved
runs on the positions both called a shot on - a change to the bot measured on the same positions -
and prints the mean difference of the pot chance with its 95% interval, and how often the two chose
a different shot. ``--player`` measures any player instead of a level - ``bot:<level>``, or a searching
bot changed for a trial as ``module:factory`` (as ``bola8 arena`` takes it); the fresh draws are its
noise times the match's, as the arena plays it. A change of the shot chosen moves what is left for the next shot too: this bench
says how sure the shots are, not who wins (``bola8 arena`` says that, over many more racks).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

Row = dict[str, Any]


def read_positions(path: str, count: int) -> list[Row]:
    """The first ``count`` positions of a ``bench_leaf.py --save`` file with the cue ball on the table."""
    found: list[Row] = []
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            for position in json.loads(line)["pos"]:
                if not position["hand"] and any(n == 0 for n, _, _ in position["balls"]):
                    found.append(position)
                    if len(found) == count:
                        return found
    return found


def measure(job: tuple[int, Row, str, float, int]) -> Row:
    """One position: the level's choice, and the pot chance of its called shot over ``trials`` fresh draws."""
    from bola8 import rules
    from bola8.game.position import game_at
    from bola8.physics.batch import simulate_batch
    from bola8.players.arena import make, noise_scale
    from bola8.players.noise import ExecutionNoise
    from bola8.players.search import Searcher

    index, position, player, noise, trials = job
    balls = {int(n): (float(x), float(y)) for n, x, y in position["balls"]}
    state = rules.State.from_dict({"groups": position["groups"], "shooter": position["shooter"],
                                   "on_table": sorted(b for b in balls if b != 0)})
    game = game_at("9ft", state, balls)
    bot = make(player, seed=index, noise=noise, label=player)
    strokes_with = ExecutionNoise(noise * noise_scale(player))
    started = time.process_time()
    choice = bot.choose_shot(game)
    row: Row = {"index": index, "cpu": time.process_time() - started, "note": choice.note, "called": False}
    best = bot.last.best
    if choice.call is None or best is None or best.plan.kind == "safety" or choice.intended is None:
        return row
    rng = random.Random(1_000_003 * index + 7)      # the same fresh draws whatever the bot chose
    strikes = [strokes_with.perturb(choice.intended, rng) for _ in range(trials)]
    results = simulate_batch(game.spec, game.layout, strikes, game.physics)
    me = game.state.shooter
    made = sum(Searcher.potted(game.play_simulated(s, r, choice.call), me) for s, r in zip(strikes, results))
    row.update(called=True, kind=best.plan.kind, chance=made / trials, estimate=best.pot)
    return row


def mean_interval(values: Sequence[float], low: float = 0.0) -> str:
    """The mean with a normal 95% interval, kept within [low, 1] (the values are many shots' chances,
    or differences of chances with ``low`` -1, not 0/1 trials)."""
    n = len(values)
    mean = sum(values) / max(n, 1)
    if n < 2:
        return f"{100 * mean:5.1f}%"
    half = 1.96 * statistics.stdev(values) / math.sqrt(n)
    return f"{100 * mean:5.1f}% ({100 * max(mean - half, low):.1f} to {100 * min(mean + half, 1.0):.1f})"


def report(rows: list[Row]) -> None:
    called = [r for r in rows if r["called"]]
    cpu = sorted(r["cpu"] for r in rows)
    print(f"{len(rows)} positions, {len(called)} called shots; decision CPU s: median "
          f"{statistics.median(cpu):.3f}, longest {cpu[-1]:.3f}")
    if not called:
        return
    print(f"  {'shots':22s} {'n':>5s}  {'pot chance (95% CI)':>26s}  {'the search said':>15s}")
    groups = {"all called shots": called}
    for kind in sorted({r["kind"] for r in called}):
        groups[kind] = [r for r in called if r["kind"] == kind]
    for name, part in groups.items():
        estimate = sum(r["estimate"] for r in part) / len(part)
        print(f"  {name:22s} {len(part):5d}  {mean_interval([r['chance'] for r in part]):>26s}  "
              f"{100 * estimate:14.1f}%")


def compare(before_path: str, after_path: str) -> None:
    with open(before_path, encoding="utf-8") as handle:
        before = {r["index"]: r for r in json.load(handle)}
    with open(after_path, encoding="utf-8") as handle:
        after = {r["index"]: r for r in json.load(handle)}
    both = sorted(i for i in before if i in after and before[i]["called"] and after[i]["called"])
    if len(both) < 2:
        print("fewer than two positions where both runs called a shot")
        return
    diffs = [after[i]["chance"] - before[i]["chance"] for i in both]
    other = sum(before[i]["note"] != after[i]["note"] for i in both)
    print(f"{len(both)} positions called in both; pot chance after minus before: {mean_interval(diffs, -1.0)}; "
          f"a different shot in {other}")
    called = [sum(r["called"] for r in run.values()) for run in (before, after)]
    print(f"called shots: {called[0]} before, {called[1]} after, of {len(before)} and {len(after)} positions")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("positions", nargs="?", help="a bench_leaf.py --save file")
    parser.add_argument("--level", default="champion")
    parser.add_argument("--player", help="bot:<level> or module:factory (instead of --level)")
    parser.add_argument("--noise", type=float, default=1.0)
    parser.add_argument("--positions", dest="count", type=int, default=200)
    parser.add_argument("--trials", type=int, default=200)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--save")
    parser.add_argument("--compare", nargs=2, metavar=("BEFORE", "AFTER"))
    args = parser.parse_args(argv)
    if args.compare:
        compare(*args.compare)
        return 0
    if not args.positions:
        parser.error("give a bench_leaf.py --save file, or --compare BEFORE AFTER")
    player = args.player or f"bot:{args.level}"
    jobs = [(i, p, player, args.noise, args.trials) for i, p in enumerate(read_positions(args.positions, args.count))]
    started = time.perf_counter()
    if args.workers <= 1:
        rows = [measure(job) for job in jobs]
    else:
        import multiprocessing

        measure(jobs[0])                       # compile and search the break before forking
        with multiprocessing.get_context("fork").Pool(args.workers) as pool:
            rows = pool.map(measure, jobs, chunksize=1)
    report(rows)
    print(f"in {time.perf_counter() - started:.0f} s")
    if args.save:
        with open(args.save, "w", encoding="utf-8") as handle:
            json.dump(rows, handle)
    return 0


if __name__ == "__main__":
    sys.exit(main())
