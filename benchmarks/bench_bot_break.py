"""The searching bot's break, measured on the arena's racks (the break figures of docs/bots.md).

    .venv/bin/python benchmarks/bench_bot_break.py plan [--level champion] [--noise 1] [--racks 1000] [--first 0]
    .venv/bin/python benchmarks/bench_bot_break.py grid [--racks 60] [--top 8] [--confirm 600]

- ``plan``: the break the level searches (``bola8.players.breaking``) played once on each of the
  arena's racks (rack ``r`` of ``bola8 arena --seed S`` is the rack of ``arena.derived_seed(S, "rack",
  r)``, none of them a rack the break search played), with one draw of the level's execution noise at
  ``--noise`` per rack, judged by the referee: breaks that make a ball without a foul, scratches (the
  cue ball pocketed or off the table), fouls, the breaker keeping the table, the 8 down, and the
  breaker's chance to win from what is left (the search's own score, ``breaking.break_value``), each
  share with its Wilson 95% interval. ``--first 20000`` plays it on the racks ``grid`` holds out. The break alone: the figures the arena prints for breaks come
  from the same rule, over fewer racks.
- ``grid``: a wider grid than the break search's (``WIDE_SPOTS`` x aims x speeds x draw/follow x
  elevation) played on the first ``--racks`` racks, the best ``--top`` by the search's score played
  again on ``--confirm`` other racks (held out: a grid's best on its own racks is the one they
  flattered), and the best ``--top`` by balls made among those that scratched at most ``SCRATCH_CAP``
  of the time, each with the same figures. Every row of both steps shares each rack's noise draw.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bola8.batch.tournament import wilson  # the one Wilson interval (95%)

if TYPE_CHECKING:
    from bola8.physics import Strike, TableSpec

Point = tuple[float, float]
WIDE_SPEEDS = (9.0, 10.0, 11.0, 11.5, 12.0)
WIDE_SPINS = (-0.5, -0.3, -0.1, 0.1, 0.3)
WIDE_ELEVATIONS = (0.0,)
SCRATCH_CAP = 0.06     # the grid's second ranking: the most balls made among breaks scratching at most this


@dataclass
class Tally:
    """What a break did over racks."""

    breaks: int = 0
    made: int = 0          # an object ball down and no foul
    scratch: int = 0       # the cue ball pocketed or off the table
    foul: int = 0
    kept: int = 0
    eight: int = 0
    value: float = 0.0     # sum of the breaker's chance to win after it


def pct(k: int, n: int) -> str:
    low, high = wilson(k, n)
    return f"{100 * k / max(n, 1):5.1f}% ({100 * low:.1f}-{100 * high:.1f})"


def arena_racks(seed: int, first: int, count: int) -> list[int]:
    """The rack seeds of the arena's racks ``first`` .. ``first + count - 1`` at ``--seed seed``."""
    from bola8.players.arena import derived_seed

    return [derived_seed(seed, "rack", r) for r in range(first, first + count)]


def play(configs: list[tuple[Point, Strike]], rack_seeds: list[int], noise_level: float, level: str) -> list[Tally]:
    """Each (spot, stroke) on each rack, one noise draw per rack shared by every config, judged."""
    from bola8.game import Game
    from bola8.physics.batch import simulate_batch
    from bola8.players.breaking import break_value
    from bola8.players.estimate import sigma_rad
    from bola8.players.levels import get_level
    from bola8.players.noise import ExecutionNoise

    lv = get_level(level)
    noise = ExecutionNoise(noise_level * lv.noise_scale)
    sigma, q = sigma_rad(noise.level), lv.continuation
    tallies = [Tally() for _ in configs]
    spots = sorted({spot for spot, _ in configs})
    for rack_seed in rack_seeds:
        game = Game.new("9ft", breaker=0, rack_seed=rack_seed)
        rng = random.Random(rack_seed)
        draws = [rng.gauss(0.0, 1.0) for _ in range(5)]
        for spot in spots:
            placed = game.place_cue_ball(*spot)
            index = [i for i, (s, _) in enumerate(configs) if s == spot]
            strikes = [noise.apply(configs[i][1], draws) for i in index]
            for i, strike, result in zip(index, strikes, simulate_batch(placed.spec, placed.layout, strikes)):
                turn = placed.play_simulated(strike, result)
                shot, ruling = turn.shot, turn.ruling
                assert shot is not None
                value, kept = break_value(turn, sigma, q)
                t = tallies[i]
                t.breaks += 1
                t.made += bool(shot.pocketed_object_balls) and not ruling.foul
                t.scratch += shot.cue_ball_pocketed or shot.cue_ball_off_table
                t.foul += bool(ruling.foul)
                t.kept += kept and not ruling.foul
                t.eight += 8 in shot.pocketed_object_balls
                t.value += value
    return tallies


def describe(spec: TableSpec, spot: Point, strike: Strike) -> str:
    return (f"spot x={spot[0]:.3f} ({spec.width - spot[0]:.3f} m from the right rail) phi={strike.phi:.2f} "
            f"v={strike.speed:g} b={strike.b:g} theta={strike.theta:g}")


def row(name: str, t: Tally) -> str:
    n = t.breaks
    return (f"{name:34s} {n:5d}  {pct(t.made, n):>20s} {pct(t.scratch, n):>20s} {pct(t.foul, n):>20s} "
            f"{pct(t.kept, n):>20s} {100 * t.eight / max(n, 1):5.1f}% {t.value / max(n, 1):6.3f}")


HEAD = (f"{'break':34s} {'racks':>5s}  {'made, no foul (95% CI)':>20s} {'scratch':>20s} {'foul':>20s} "
        f"{'kept the table':>20s} {'8 down':>6s} {'value':>6s}")


def wide_configs(spec: TableSpec) -> list[tuple[Point, Strike]]:
    """Spots on the head string from the middle to near the right rail; full on the apex, the
    second-row ball on that side met with the head ball at once (the cue ball's centre level with the
    head ball's, touching it: the fullest hit the head ball allows), and a little thinner or fuller."""
    from bola8.physics import Strike

    r = spec.ball_radius
    fx, fy = spec.foot_spot
    y = spec.head_string_y
    spots = [(spec.width / 2.0, y), (spec.width * 2.0 / 3.0, y), (spec.width - r - 0.20, y),
             (spec.width - r - 0.10, y), (spec.width - r - 0.05, y)]
    aims = [(fx, fy), (fx + 2.0 * r, fy), (fx + 2.1 * r, fy), (fx + 1.9 * r, fy),
            (fx + 1.6 * r, fy + math.sqrt(3.0) * r)]
    configs = []
    for spot in spots:
        for aim in aims:
            phi = math.degrees(math.atan2(aim[1] - spot[1], aim[0] - spot[0])) % 360.0
            for speed in WIDE_SPEEDS:
                for b in WIDE_SPINS:
                    for theta in WIDE_ELEVATIONS:
                        configs.append((spot, Strike(speed=speed, phi=phi, theta=theta, b=b)))
    return configs


def plan_command(args: argparse.Namespace) -> None:
    from bola8.game import Game
    from bola8.players import make_player

    t0 = time.perf_counter()
    bot = make_player(f"bot:{args.level}", seed=0, noise=args.noise)
    game = Game.new("9ft")
    plan = bot.break_plan(game)           # type: ignore[attr-defined]
    searched = time.perf_counter() - t0
    print(f"{args.level} at {args.noise:g}x: {describe(game.spec, plan.spot, plan.strike)}; "
          f"searched in {searched:.1f} s (score {plan.value:.3f}, kept {100 * plan.keeps:.1f}% on {plan.racks} racks)")
    t0 = time.perf_counter()
    racks = arena_racks(args.seed, args.first, args.racks)
    tally = play([(plan.spot, plan.strike)], racks, args.noise, args.level)[0]
    print(HEAD)
    print(row(f"arena racks {args.first}-{args.first + args.racks - 1} (seed {args.seed})", tally))
    print(f"{args.racks} breaks in {time.perf_counter() - t0:.1f} s")


def grid_command(args: argparse.Namespace) -> None:
    from bola8.physics import table_spec

    spec = table_spec("9ft")
    configs = wide_configs(spec)
    t0 = time.perf_counter()
    tallies = play(configs, arena_racks(args.seed, 10_000, args.racks), args.noise, args.level)
    print(f"grid: {len(configs)} breaks x {args.racks} racks in {time.perf_counter() - t0:.0f} s")
    by_value = sorted(range(len(configs)), key=lambda i: -tallies[i].value)[:args.top]
    careful = [i for i in range(len(configs)) if tallies[i].scratch <= SCRATCH_CAP * tallies[i].breaks]
    by_made = sorted(careful, key=lambda i: -tallies[i].made)[:args.top]
    ranked = by_value + [i for i in by_made if i not in by_value]
    print(f"the best {args.top} by the search's score, then the {args.top} that made most with at most "
          f"{100 * SCRATCH_CAP:g}% scratches")
    print(HEAD)
    for i in ranked:
        print(row(f"#{i}", tallies[i]), describe(spec, *configs[i]))
    t0 = time.perf_counter()
    held = play([configs[i] for i in ranked], arena_racks(args.seed, 20_000, args.confirm), args.noise, args.level)
    print(f"held out: {len(ranked)} breaks x {args.confirm} racks in {time.perf_counter() - t0:.0f} s")
    print(HEAD)
    for i, t in sorted(zip(ranked, held), key=lambda it: -it[1].value):
        print(row(f"#{i}", t), describe(spec, *configs[i]))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("plan", "grid"):
        p = sub.add_parser(name)
        p.add_argument("--level", default="champion")
        p.add_argument("--noise", type=float, default=1.0)
        p.add_argument("--seed", type=int, default=1)
        if name == "plan":
            p.add_argument("--racks", type=int, default=1000)
            p.add_argument("--first", type=int, default=0, help="the first of the arena's racks played")
        else:
            p.add_argument("--racks", type=int, default=60)
            p.add_argument("--top", type=int, default=8)
            p.add_argument("--confirm", type=int, default=600)
    args = parser.parse_args(argv)
    {"plan": plan_command, "grid": grid_command}[args.command](args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
