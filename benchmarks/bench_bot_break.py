"""The searching bot's break, measured on the arena's racks (the break figures of docs/bots-research.md).

    .venv/bin/python benchmarks/bench_bot_break.py plan [--level champion] [--noise 1] [--racks 1000] [--first 0]
    .venv/bin/python benchmarks/bench_bot_break.py scratches [--level champion] [--noise 1] [--racks 4000]
        [--arena-draws bot:champion]
    .venv/bin/python benchmarks/bench_bot_break.py grid [--racks 60] [--top 8] [--confirm 600] [--behind 0,0.085]
        [--speeds 9,10,11,11.5,12] [--spins -0.5,-0.3,-0.1,0.1,0.3] [--sides 0] [--elevations 0] [--cues playing,break]
    .venv/bin/python benchmarks/bench_bot_break.py kill [--racks 80] [--top 8] [--confirm 1500] [--near 0.3]
        [--speeds 8,9,10,11,12] [--spins -0.25,-0.15,-0.08,0,0.08,0.15,0.25,0.35] [--behind 0,0.15] [--cues playing,break]

- ``plan``: the break the level searches (``bola8.players.breaking``) played once on each of the
  arena's racks (rack ``r`` of ``bola8 arena --seed S`` is the rack of ``arena.derived_seed(S, "rack",
  r)``, none of them a rack the break search played), with one draw of the level's execution noise at
  ``--noise`` per rack, judged by the referee: breaks that make a ball without a foul, scratches (the
  cue ball pocketed or off the table), fouls, the breaker keeping the table, the 8 down, and the
  breaker's chance to win from what is left (the search's own score, ``breaking.break_value``), each
  share with its Wilson 95% interval. ``--first 20000`` plays it on the racks ``grid`` holds out;
  ``--arena-draws bot:champion`` gives each break the very noise the arena gives it against that
  opponent (its seat's seed and generator), so the first ``n`` rows are the arena's own breaks;
  ``--table 7ft`` searches and plays the break on that table (the same rack seeds and draws). The break alone: the figures the arena prints for breaks come
  from the same rule, over fewer racks.
- ``scratches``: where the level's searched break scratches, on the same racks and draws as ``plan``:
  the cue ball's pocket (or off the table), the same stroke played without noise on the same racks
  (a scratch the rack alone causes, or the noise), and the share of scratches by each of the five
  noise draws (speed, aim, elevation, side and vertical tip offset), binned by its size in standard
  deviations - which error of the stroke makes the break scratch.
- ``grid``: a wider grid than the break search's (spots x aims x speeds x draw/follow x side x
  elevation x cue, each dimension but the aims an option: ``--behind`` puts the cue ball that far
  behind the head string, towards the head cushion, ``--cues`` names the cues of
  ``bola8.physics.params.CUES``) played on the first ``--racks`` racks, the best ``--top`` by the search's score played
  again on ``--confirm`` other racks (held out: a grid's best on its own racks is the one they
  flattered), and the best ``--top`` by balls made among those that scratched at most ``SCRATCH_CAP``
  of the time, each with the same figures. Every row of both steps shares each rack's noise draw.
- ``kill``: breaks that kill the cue ball - a full hit on the head ball (and a tenth of a ball either
  side of full) from the head string's middle, a third of the way to the side cushion or 13 cm from it
  (on the head string or ``--behind`` it), at each speed and draw or stun of the grid, with either cue -
  searched on where the cue ball stops and on keeping the table, not on the breaker's chance: each break's
  share of racks where it made a ball without a foul *and* left the cue ball within ``--near`` m of the
  rack's former apex (the foot spot), and its share kept among those scratching at most ``KILL_SCRATCH``.
  The best ``--top`` by each are played again on ``--confirm`` held-out racks (the arena's racks from
  20,000, one draw each, as ``plan --first 20000``) beside the level's searched break on the same racks
  and draws, each with its paired difference from the searched break (made without a foul, scratches,
  with 95% intervals over the racks).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bola8.batch.tournament import wilson  # the one Wilson interval (95%)

if TYPE_CHECKING:
    from bola8.physics import Strike, TableSpec

Point = tuple[float, float]
WIDE_SPEEDS = (9.0, 10.0, 11.0, 11.5, 12.0)
WIDE_SPINS = (-0.5, -0.3, -0.1, 0.1, 0.3)
WIDE_SIDES = (0.0,)
WIDE_ELEVATIONS = (0.0,)
WIDE_BEHIND = (0.0,)
WIDE_CUES = ("playing",)
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
    near: int = 0          # made a ball without a foul and left the cue ball within ``play``'s ``near`` of the foot spot
    distance: float = 0.0  # sum of the cue ball's distance from the foot spot where it stayed on the table
    on_table: int = 0      # breaks whose cue ball stayed on the table
    rows: list[tuple[bool, bool]] | None = None   # per rack (made without a foul, scratch), when asked for


def pct(k: int, n: int) -> str:
    low, high = wilson(k, n)
    return f"{100 * k / max(n, 1):5.1f}% ({100 * low:.1f}-{100 * high:.1f})"


def arena_racks(seed: int, first: int, count: int) -> list[int]:
    """The rack seeds of the arena's racks ``first`` .. ``first + count - 1`` at ``--seed seed``."""
    from bola8.players.arena import derived_seed

    return [derived_seed(seed, "rack", r) for r in range(first, first + count)]


def arena_draws(seed: int, noise: float, opponent: str, first: int, count: int) -> list[list[float]]:
    """The noise the arena gives the break of its racks ``first`` .. ``first + count - 1`` (``bola8 arena
    --seed seed``, against ``opponent`` at ``noise``): the breaker's seat, seed and noise generator as
    ``arena.play_rack`` makes them, and the five draws its first stroke - the break - takes."""
    from bola8.players.arena import derived_seed

    found = []
    for rack in range(first, first + count):
        seat, breaker = rack % 2, (rack // 2) % 2          # the player's seat; the seat that breaks
        side = 0 if breaker == seat else 1                  # 0: the player breaks, 1: the opponent
        rng = random.Random(derived_seed(derived_seed(seed, noise, opponent, rack, side), "noise"))
        found.append([rng.gauss(0.0, 1.0) for _ in range(5)])
    return found


def play(configs: list[tuple[Point, Strike]], rack_seeds: list[int], noise_level: float, level: str,
         draws_of: list[list[float]] | None = None, table: str = "9ft", near: float = 0.3,
         per_rack: bool = False) -> list[Tally]:
    """Each (spot, stroke) on each rack on ``table``, one noise draw per rack shared by every config
    (``draws_of[i]`` for rack ``i`` when given, else drawn from the rack's seed), judged; ``per_rack``
    keeps each rack's (made, scratch) for paired differences."""
    from bola8.game import Game
    from bola8.physics.batch import simulate_batch
    from bola8.players.breaking import break_value
    from bola8.players.estimate import sigma_rad
    from bola8.players.levels import get_level
    from bola8.players.noise import ExecutionNoise

    lv = get_level(level)
    noise = ExecutionNoise(noise_level * lv.noise_scale)
    sigma, q = sigma_rad(noise.level), lv.continuation
    tallies = [Tally(rows=[] if per_rack else None) for _ in configs]
    spots = sorted({spot for spot, _ in configs})
    for k, rack_seed in enumerate(rack_seeds):
        game = Game.new(table, breaker=0, rack_seed=rack_seed)
        fx, fy = game.spec.foot_spot
        draws = _rack_draws(rack_seed) if draws_of is None else draws_of[k]
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
                made = bool(shot.pocketed_object_balls) and not ruling.foul
                scratch = shot.cue_ball_pocketed or shot.cue_ball_off_table
                cue = None if scratch else turn.game.layout.get(0)
                if cue is not None:
                    gap = math.hypot(cue[0] - fx, cue[1] - fy)
                    t.on_table += 1
                    t.distance += gap
                    t.near += made and gap <= near
                if t.rows is not None:
                    t.rows.append((made, scratch))
    return tallies


def describe(spec: TableSpec, spot: Point, strike: Strike) -> str:
    return (f"spot x={spot[0]:.3f} ({spec.width - spot[0]:.3f} m from the right rail, "
            f"{spec.head_string_y - spot[1]:.3f} m behind the head string) phi={strike.phi:.2f} "
            f"v={strike.speed:g} b={strike.b:g} a={strike.a:g} theta={strike.theta:g} cue={strike.cue or 'playing'}")


def row(name: str, t: Tally) -> str:
    n = t.breaks
    return (f"{name:34s} {n:5d}  {pct(t.made, n):>20s} {pct(t.scratch, n):>20s} {pct(t.foul, n):>20s} "
            f"{pct(t.kept, n):>20s} {100 * t.eight / max(n, 1):5.1f}% {t.value / max(n, 1):6.3f}")


HEAD = (f"{'break':34s} {'racks':>5s}  {'made, no foul (95% CI)':>20s} {'scratch':>20s} {'foul':>20s} "
        f"{'kept the table':>20s} {'8 down':>6s} {'value':>6s}")


@dataclass(frozen=True)
class Axes:
    """The grid's dimensions besides the spots across the table and the aims."""

    speeds: tuple[float, ...] = WIDE_SPEEDS
    spins: tuple[float, ...] = WIDE_SPINS          # b: draw (below 0) or follow, fractions of the radius
    sides: tuple[float, ...] = WIDE_SIDES          # a: side spin
    elevations: tuple[float, ...] = WIDE_ELEVATIONS
    behind: tuple[float, ...] = WIDE_BEHIND        # m behind the head string (Art. 7: anywhere in the kitchen)
    cues: tuple[str, ...] = WIDE_CUES


def wide_configs(spec: TableSpec, axes: Axes = Axes()) -> list[tuple[Point, Strike]]:
    """Spots from the middle of the table to near the right rail, on the head string or behind it; full
    on the apex, the second-row ball on that side met with the head ball at once (the cue ball's centre
    level with the head ball's, touching it: the fullest hit the head ball allows), a little thinner or
    fuller, and thin on the second-row ball alone; each with every stroke of ``axes``."""
    from bola8.physics import Strike

    r = spec.ball_radius
    fx, fy = spec.foot_spot
    xs = (spec.width / 2.0, spec.width * 2.0 / 3.0, spec.width - r - 0.20, spec.width - r - 0.10,
          spec.width - r - 0.05)
    aims = [(fx, fy), (fx + 2.0 * r, fy), (fx + 2.1 * r, fy), (fx + 1.9 * r, fy),
            (fx + 1.6 * r, fy + math.sqrt(3.0) * r)]
    configs = []
    for back in axes.behind:
        for x in xs:
            spot = (x, spec.head_string_y - back)
            for aim in aims:
                phi = math.degrees(math.atan2(aim[1] - spot[1], aim[0] - spot[0])) % 360.0
                for speed in axes.speeds:
                    for b in axes.spins:
                        for a in axes.sides:
                            for theta in axes.elevations:
                                for cue in axes.cues:
                                    configs.append((spot, Strike(speed=speed, phi=phi, theta=theta, a=a, b=b,
                                                                 cue=None if cue == "playing" else cue)))
    return configs


def plan_command(args: argparse.Namespace) -> None:
    from bola8.game import Game
    from bola8.players import make_player

    t0 = time.perf_counter()
    bot = make_player(f"bot:{args.level}", seed=0, noise=args.noise)
    game = Game.new(args.table)
    plan = bot.break_plan(game)           # type: ignore[attr-defined]
    searched = time.perf_counter() - t0
    print(f"{args.level} at {args.noise:g}x, {args.table} table: {describe(game.spec, plan.spot, plan.strike)}; "
          f"searched in {searched:.1f} s (score {plan.value:.3f}, kept {100 * plan.keeps:.1f}% on {plan.racks} racks)")
    t0 = time.perf_counter()
    racks = arena_racks(args.seed, args.first, args.racks)
    draws = None if args.arena_draws is None else arena_draws(args.seed, args.noise, args.arena_draws, args.first,
                                                               args.racks)
    tally = play([(plan.spot, plan.strike)], racks, args.noise, args.level, draws, args.table)[0]
    print(HEAD)
    whose = "" if args.arena_draws is None else f", the arena's draws against {args.arena_draws}"
    print(row(f"arena racks {args.first}-{args.first + args.racks - 1} (seed {args.seed}{whose})", tally))
    print(f"{args.racks} breaks in {time.perf_counter() - t0:.1f} s")


Z_BINS = ((-math.inf, -1.5, "below -1.5"), (-1.5, -0.5, "-1.5 to -0.5"), (-0.5, 0.5, "-0.5 to 0.5"),
          (0.5, 1.5, "0.5 to 1.5"), (1.5, math.inf, "above 1.5"))
NOISE_DRAWS = ("speed", "aim", "elevation", "side offset a", "vertical offset b")   # noise.apply's order


def scratches_command(args: argparse.Namespace) -> None:
    """The searched break's scratches taken apart (the module's docstring, ``scratches``)."""
    from collections import Counter

    from bola8.game import Game
    from bola8.physics.batch import simulate_batch
    from bola8.players import make_player

    bot = make_player(f"bot:{args.level}", seed=0, noise=args.noise)
    plan = bot.break_plan(Game.new("9ft"))           # type: ignore[attr-defined]
    noise = bot.noise                                # type: ignore[attr-defined]
    racks = arena_racks(args.seed, args.first, args.racks)
    draws = (arena_draws(args.seed, args.noise, args.arena_draws, args.first, args.racks)
             if args.arena_draws is not None else [_rack_draws(seed) for seed in racks])
    noisy: list[str | None] = []        # the cue ball's pocket, "off the table", or None: no scratch
    exact: list[str | None] = []
    for rack_seed, z in zip(racks, draws):
        placed = Game.new("9ft", breaker=0, rack_seed=rack_seed).place_cue_ball(*plan.spot)
        strikes = [noise.apply(plan.strike, z), plan.strike]
        for out, strike, result in zip((noisy, exact), strikes, simulate_batch(placed.spec, placed.layout, strikes)):
            shot = placed.play_simulated(strike, result).shot
            assert shot is not None
            pocket = next((p for ball, p, _ in result.pocketed if ball == 0), None)
            out.append(pocket if shot.cue_ball_pocketed else "off the table" if shot.cue_ball_off_table else None)
    n = len(racks)
    both = sum(a is not None and b is not None for a, b in zip(noisy, exact))
    print(f"{args.level} at {args.noise:g}x: {describe(Game.new('9ft').spec, plan.spot, plan.strike)}")
    print(f"arena racks {args.first}-{args.first + n - 1} (seed {args.seed}"
          f"{'' if args.arena_draws is None else ', the arena draws against ' + args.arena_draws})")
    print(f"scratches with the noise {pct(sum(p is not None for p in noisy), n)}; the same stroke without noise on "
          f"the same racks {pct(sum(p is not None for p in exact), n)}; on both {both}")
    for name, found in (("with the noise", noisy), ("without noise", exact)):
        where = Counter(p for p in found if p is not None)
        print(f"  where the cue ball went, {name}: " + ", ".join(f"{p} {k}" for p, k in where.most_common()))
    print("scratches with the noise by each draw's size (standard deviations):")
    for j, name in enumerate(NOISE_DRAWS):
        cells = []
        for low, high, label in Z_BINS:
            inside = [p for p, z in zip(noisy, draws) if low <= z[j] < high]
            cells.append(f"{label}: {pct(sum(p is not None for p in inside), len(inside)).strip()} of {len(inside)}")
        print(f"  {name:18s} " + "; ".join(cells))


def _rack_draws(rack_seed: int) -> list[float]:
    """The noise draw ``play`` gives a rack's break when no arena draws are asked for."""
    rng = random.Random(rack_seed)
    return [rng.gauss(0.0, 1.0) for _ in range(5)]


def print_axes(spec: TableSpec, configs: list[tuple[Point, Strike]], tallies: list[Tally]) -> None:
    """Each value of each of the grid's dimensions with every break of the grid that has it pooled: what
    the dimension does on its own (the made and scratch shares over all those breaks and racks)."""
    axes: dict[str, Callable[[Point, Strike], object]] = {"speed": lambda spot, s: s.speed, "b": lambda spot, s: s.b, "a": lambda spot, s: s.a,
            "theta": lambda spot, s: s.theta, "cue": lambda spot, s: s.cue or "playing",
            "behind": lambda spot, s: round(spec.head_string_y - spot[1], 3),
            "from the rail": lambda spot, s: round(spec.width - spot[0], 3)}
    for name, value_of in axes.items():
        pooled: dict[object, Tally] = {}
        for (spot, strike), t in zip(configs, tallies):
            p = pooled.setdefault(value_of(spot, strike), Tally())
            p.breaks, p.made, p.scratch = p.breaks + t.breaks, p.made + t.made, p.scratch + t.scratch
        if len(pooled) > 1:
            print(f"  {name:13s} " + "; ".join(f"{key}: made {100 * p.made / p.breaks:.1f}%, scratch "
                                             f"{100 * p.scratch / p.breaks:.1f}%" for key, p in pooled.items()))


def ranked_two_ways(tallies: Sequence[Tally], top: int, first: Callable[[Tally], float], cap: float,
                    second: Callable[[Tally], float]) -> list[int]:
    """The breaks a grid confirms on held-out racks, as indices of ``tallies``: the best ``top`` by ``first``,
    then the best ``top`` by ``second`` among those that scratched on at most ``cap`` of their racks (a
    break the first ranking already holds is not repeated)."""
    by_first = sorted(range(len(tallies)), key=lambda i: -first(tallies[i]))[:top]
    careful = [i for i in range(len(tallies)) if tallies[i].scratch <= cap * tallies[i].breaks]
    by_second = sorted(careful, key=lambda i: -second(tallies[i]))[:top]
    return by_first + [i for i in by_second if i not in by_first]


def print_grid(spec: TableSpec, configs: list[tuple[Point, Strike]], tallies: list[Tally], ranked: list[int],
               row_of: Callable[[str, Tally], str], head: str, title: str) -> None:
    """A grid's figures on its own racks: each value of each dimension pooled, then the ``ranked`` breaks
    under ``title``, one ``row_of`` line each below ``head`` (the same layout for ``grid`` and ``kill``)."""
    print_axes(spec, configs, tallies)
    print(title)
    print(head)
    for i in ranked:
        print(row_of(f"#{i}", tallies[i]), describe(spec, *configs[i]))


def grid_command(args: argparse.Namespace) -> None:
    from bola8.physics import table_spec

    spec = table_spec("9ft")
    axes = Axes(speeds=args.speeds, spins=args.spins, sides=args.sides, elevations=args.elevations,
                behind=args.behind, cues=args.cues)
    configs = wide_configs(spec, axes)
    t0 = time.perf_counter()
    tallies = play(configs, arena_racks(args.seed, 10_000, args.racks), args.noise, args.level)
    print(f"grid: {len(configs)} breaks x {args.racks} racks in {time.perf_counter() - t0:.0f} s")
    ranked = ranked_two_ways(tallies, args.top, lambda t: t.value, SCRATCH_CAP, lambda t: t.made)
    print_grid(spec, configs, tallies, ranked, row, HEAD,
               f"the best {args.top} by the search's score, then the {args.top} that made most with at most "
               f"{100 * SCRATCH_CAP:g}% scratches")
    t0 = time.perf_counter()
    held = play([configs[i] for i in ranked], arena_racks(args.seed, 20_000, args.confirm), args.noise, args.level)
    print(f"held out: {len(ranked)} breaks x {args.confirm} racks in {time.perf_counter() - t0:.0f} s")
    print(HEAD)
    for i, t in sorted(zip(ranked, held), key=lambda it: -it[1].value):
        print(row(f"#{i}", t), describe(spec, *configs[i]))


KILL_SPEEDS = (8.0, 9.0, 10.0, 11.0, 12.0)
KILL_SPINS = (-0.25, -0.15, -0.08, 0.0, 0.08, 0.15, 0.25, 0.35)
KILL_BEHIND = (0.0, 0.15)
KILL_CUES = ("playing", "break")
KILL_SCRATCH = 0.05    # the kill search's second ranking: the table kept most among breaks scratching at most this


def kill_configs(spec: TableSpec, speeds: tuple[float, ...], spins: tuple[float, ...], behind: tuple[float, ...],
                 cues: tuple[str, ...]) -> list[tuple[Point, Strike]]:
    """The ``kill`` grid of the module's docstring: a full hit on the head ball (the apex, on the foot spot)
    and a tenth of a ball to either side of full, from three places across the head string, each at every
    speed, draw or stun, distance behind the head string and cue; a level cue and no side spin, so that
    the cue ball meets the head ball sliding and gives it its whole speed."""
    from bola8.physics import Strike

    r = spec.ball_radius
    fx, fy = spec.foot_spot
    xs = (spec.width / 2.0, spec.width / 2.0 + spec.width / 6.0, spec.width - r - 0.1)
    configs = []
    for back in behind:
        for x in xs:
            spot = (x, spec.head_string_y - back)
            heading = math.atan2(fy - spot[1], fx - spot[0])
            for shift in (0.0, 0.2 * r, -0.2 * r):     # the aim's line moved sideways: a tenth of a ball
                aim = (fx - shift * math.sin(heading), fy + shift * math.cos(heading))
                phi = math.degrees(math.atan2(aim[1] - spot[1], aim[0] - spot[0])) % 360.0
                for speed in speeds:
                    for b in spins:
                        for cue in cues:
                            configs.append((spot, Strike(speed=speed, phi=phi, b=b,
                                                         cue=None if cue == "playing" else cue)))
    return configs


def paired(a: list[tuple[bool, bool]], b: list[tuple[bool, bool]], j: int) -> str:
    """The difference a - b of one per-rack share (``j``: 0 made without a foul, 1 scratch), in points,
    with its 95% interval over the racks (the same racks and draws on both sides)."""
    d = [float(x[j]) - float(y[j]) for x, y in zip(a, b)]
    n = len(d)
    mean = sum(d) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in d) / max(n - 1, 1))
    half = 1.96 * sd / math.sqrt(n)
    return f"{100 * mean:+.1f} ({100 * (mean - half):+.1f} to {100 * (mean + half):+.1f})"


def kill_row(name: str, t: Tally) -> str:
    n = t.breaks
    mean = t.distance / max(t.on_table, 1)
    return f"{row(name, t)} {pct(t.near, n):>20s} {mean:6.3f}"


KILL_HEAD = f"{HEAD} {'made, cue ball near':>20s} {'cue m':>6s}"


def kill_command(args: argparse.Namespace) -> None:
    """The breaks that kill the cue ball, searched on its final place and the table kept (the module's
    docstring, ``kill``)."""
    from bola8.game import Game
    from bola8.physics import table_spec
    from bola8.players import make_player

    spec = table_spec("9ft")
    configs = kill_configs(spec, args.speeds, args.spins, args.behind, args.cues)
    t0 = time.perf_counter()
    tallies = play(configs, arena_racks(args.seed, 10_000, args.racks), args.noise, args.level, near=args.near)
    print(f"kill grid: {len(configs)} breaks x {args.racks} racks (the arena's racks from 10,000) in "
          f"{time.perf_counter() - t0:.0f} s; near: within {args.near:g} m of the foot spot")
    ranked = ranked_two_ways(tallies, args.top, lambda t: t.near, KILL_SCRATCH, lambda t: t.kept)
    print_grid(spec, configs, tallies, ranked, kill_row, KILL_HEAD,
               f"the best {args.top} by breaks that made a ball without a foul with the cue ball near, then the "
               f"{args.top} that kept the table most with at most {100 * KILL_SCRATCH:g}% scratches")
    bot = make_player(f"bot:{args.level}", seed=0, noise=args.noise)
    plan = bot.break_plan(Game.new("9ft"))           # type: ignore[attr-defined]
    chosen = [(plan.spot, plan.strike)] + [configs[i] for i in ranked]
    t0 = time.perf_counter()
    held = play(chosen, arena_racks(args.seed, 20_000, args.confirm), args.noise, args.level, near=args.near,
                per_rack=True)
    print(f"held out: {len(chosen)} breaks x {args.confirm} racks (the arena's racks 20,000-"
          f"{20_000 + args.confirm - 1}, one draw each, as plan --first 20000) in {time.perf_counter() - t0:.0f} s")
    print(f"{KILL_HEAD} {'made - searched':>22s} {'scratch - searched':>22s}")
    base = held[0]
    assert base.rows is not None
    print(kill_row("the searched break", base), describe(spec, plan.spot, plan.strike))
    for i, t in sorted(zip(ranked, held[1:]), key=lambda it: -it[1].made):
        assert t.rows is not None
        print(f"{kill_row(f'#{i}', t)} {paired(t.rows, base.rows, 0):>22s} {paired(t.rows, base.rows, 1):>22s}",
              describe(spec, *configs[i]))


def numbers(text: str) -> tuple[float, ...]:
    """A comma-separated list of numbers (an option's value)."""
    try:
        return tuple(float(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a comma-separated list of numbers") from None


def cue_names(text: str) -> tuple[str, ...]:
    """A comma-separated list of the physics' named cues."""
    from bola8.physics.params import CUE_NAMES

    names = tuple(text.split(","))
    for name in names:
        if name not in CUE_NAMES:
            raise argparse.ArgumentTypeError(f"{name!r} is not a cue; expected some of {', '.join(CUE_NAMES)}")
    return names


def main(argv: list[str] | None = None) -> int:
    from bola8.physics.table import TABLES

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("plan", "scratches", "grid", "kill"):
        p = sub.add_parser(name)
        p.add_argument("--level", default="champion")
        p.add_argument("--noise", type=float, default=1.0)
        p.add_argument("--seed", type=int, default=1)
        if name == "scratches":
            p.add_argument("--racks", type=int, default=4000)
            p.add_argument("--first", type=int, default=0, help="the first of the arena's racks played")
            p.add_argument("--arena-draws", metavar="OPPONENT",
                           help="each break with the noise the arena gives it against OPPONENT (e.g. bot:champion)")
        elif name == "plan":
            p.add_argument("--racks", type=int, default=1000)
            p.add_argument("--first", type=int, default=0, help="the first of the arena's racks played")
            p.add_argument("--arena-draws", metavar="OPPONENT",
                           help="each break with the noise the arena gives it against OPPONENT (e.g. bot:champion)")
            p.add_argument("--table", choices=tuple(TABLES), default="9ft",
                           help="the table the break is searched and played on (the arena's is the 9-ft one)")
        elif name == "kill":
            p.add_argument("--racks", type=int, default=80)
            p.add_argument("--top", type=int, default=8)
            p.add_argument("--confirm", type=int, default=1500)
            p.add_argument("--near", type=float, default=0.3, help="m from the foot spot that counts as killed")
            p.add_argument("--speeds", type=numbers, default=KILL_SPEEDS)
            p.add_argument("--spins", type=numbers, default=KILL_SPINS)
            p.add_argument("--behind", type=numbers, default=KILL_BEHIND)
            p.add_argument("--cues", type=cue_names, default=KILL_CUES)
        else:
            p.add_argument("--racks", type=int, default=60)
            p.add_argument("--top", type=int, default=8)
            p.add_argument("--confirm", type=int, default=600)
            p.add_argument("--speeds", type=numbers, default=WIDE_SPEEDS)
            p.add_argument("--spins", type=numbers, default=WIDE_SPINS)
            p.add_argument("--sides", type=numbers, default=WIDE_SIDES)
            p.add_argument("--elevations", type=numbers, default=WIDE_ELEVATIONS)
            p.add_argument("--behind", type=numbers, default=WIDE_BEHIND)
            p.add_argument("--cues", type=cue_names, default=WIDE_CUES)
    args = parser.parse_args(argv)
    {"plan": plan_command, "scratches": scratches_command, "grid": grid_command,
     "kill": kill_command}[args.command](args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
