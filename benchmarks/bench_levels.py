"""How strong and how fast the searching bot's levels are (the figures of docs/bots.md).

    .venv/bin/python benchmarks/bench_levels.py makerate [--trials 1000]
    .venv/bin/python benchmarks/bench_levels.py ceiling [--trials 1000] [--confirm 4000] [--noise 1]
    .venv/bin/python benchmarks/bench_levels.py times [--levels champion] [--racks 6] [--noise 1]
    .venv/bin/python benchmarks/bench_levels.py racks DIR [DIR ...]
    .venv/bin/python benchmarks/bench_levels.py wins DIR [DIR ...]

- ``makerate``: the make-rate table of ``shared/research/bots.md`` section 1 - a straight shot and a
  30-degree cut, the object ball (the 8, the shooter's group cleared) 0.42 m and 1.05 m from the
  foot-right corner, at noise 0x, 1x, 2x and 5x - with each player's own stroke: the baseline bot
  and each level of the searching bot choose the stroke at that noise (the level's search, not its
  noise scale), then it is played ``--trials`` times with that noise. A trial counts when the bot's
  own call is made (the game won); where a level would rather play safe (a safety, or a two-way
  safety that calls a ball to count as an attempt), its best pot is played. The
  anchor row is FastFiz's (literature.md section 2.3).
- ``ceiling``: how far stroke choice alone can take the make rate of the two 1.05 m shots on this
  engine. Every stroke of a grid (speed, side and vertical tip offsets, elevation) is aimed at the
  middle of its own noiseless window, found by sweeping the cue's direction 0.004 degrees at a time
  (the window is every aim at which the 8 drops in the foot-right pocket and the game is won), then
  played ``--trials`` times with the noise; the best ``TOP`` are played again on ``--confirm`` fresh
  draws (the best of many strokes on the same draws is the one they flattered), beside the
  champion's own stroke on those same draws; before them, how far the champion's aim lies from its own
  stroke's window's middle and the widest window of the grid. Each is also played with the aim's error alone (the
  other four deviations at 0), which shows what the window itself lets through: with an aim error
  of standard deviation s and a window of width w, at most ``erf(w / (2 s sqrt 2))``. The last column
  is what the champion's search makes of each stroke: its chance to win the game over ``VALUE_DRAWS``
  draws of its noise, each miss valued by its quick estimate and then corrected by its look-ahead (the
  opponent's next shot searched from the largest groups of what the misses leave) - the figure it
  chooses its stroke by.
- ``times``: every decision (shot, ball in hand, option) of ``--racks`` racks of each level against
  itself, timed on this one core, after a warm-up (numba loaded, the break searched): median, 99th
  percentile and maximum, and simulations per shot decision. The break search, done once per
  process and table, is timed apart.
- ``racks``: the statistics of finished ``bola8 batch`` folders of a level against itself: pots per
  called shot (two-way shots - safeties called only to count as attempts, Art. 21.1 - left out), break-and-runs, the breaker keeping the table, balls per visit, fouls and Art. 20
  losses per rack, stalemates, breaks that fouled (the cue ball pocketed), matches (race-to-1: a
  stalemate replays the rack), racks per match and safeties per rack (two-way shots included). Make them with (long: run them in the background)::

      nice -n 10 .venv/bin/bola8 batch --players bot:champion,bot:champion --games 1000 \\
          --noise 1 --workers 2 --quiet -o runs/champion-1x

- ``wins``: the first player's share of the decided games of head-to-head folders, with a Wilson
  95% interval (``--players bot:champion,bot:baseline`` and ``bot:champion,bot:pro`` ...).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from typing import Any

from bola8.batch.tournament import wilson  # the one Wilson interval (95%)

SHOTS = {   # name: cue ball, object ball (shared/research/bots.md 1.1), into foot-right
    "straight 0.42": ((0.676, 1.946), (0.973, 2.243)),
    "cut 30 0.42": ((0.816, 1.768), (0.973, 2.243)),
    "straight 1.05": ((0.081, 1.123), (0.595, 1.736)),
    "cut 30 1.05": ((0.428, 0.953), (0.595, 1.736)),
}
ANCHOR = {"straight 0.42": (1.00, 1.00, 1.00, 0.85), "cut 30 0.42": (1.00, 1.00, 0.99, 0.65),
          "straight 1.05": (1.00, 0.82, 0.50, 0.21), "cut 30 1.05": (1.00, 0.77, 0.47, 0.18)}
NOISES = (0.0, 1.0, 2.0, 5.0)
LEVELS = ("beginner", "club", "pro", "champion")


def eight_alone(cue: tuple[float, float], eight: tuple[float, float]) -> Any:
    from bola8 import rules
    from bola8.game.position import game_at

    state = rules.State.from_dict({"groups": ["solids", "stripes"], "on_table": [8]})
    return game_at("9ft", state, {0: cue, 8: eight})


def player(kind: str, noise: float, seed: int) -> Any:
    from bola8.players.bot import BaselineBot
    from bola8.players.levels import LEVELS as ALL
    from bola8.players.noise import ExecutionNoise
    from bola8.players.search_bot import SearchBot

    if kind == "baseline":
        return BaselineBot(seed=seed, noise=ExecutionNoise(noise))
    return SearchBot(ALL[kind], seed=seed, noise=ExecutionNoise(noise))


def makerate(trials: int) -> None:
    import random

    from bola8.physics.batch import simulate_batch

    print(f"make rate: the 8 alone, the bot's own call and stroke, {trials} trials a cell (1 at 0x)")
    print(f"{'shot':15s} {'player':9s} " + " ".join(f"{n:>5g}x" for n in NOISES) + "   stroke at 1x (V, b, theta, call)")
    for name, (cue, eight) in SHOTS.items():
        game = eight_alone(cue, eight)
        for kind in ("baseline", *LEVELS):
            cells, stroke = [], ""
            for noise in NOISES:
                bot = player(kind, noise, seed=7)
                choice = bot.choose_shot(game)
                intended, call = choice.intended, choice.call
                # it would play safe (a safety, or a two-way safety calling a ball): take its best pot
                if kind != "baseline" and choice.note.startswith("safety"):
                    pots = sorted(bot.last.pots, key=lambda c: -c.value)
                    if pots:
                        intended, call = pots[0].strike, pots[0].plan.call
                count = 1 if noise == 0.0 else trials
                rng = random.Random(11)
                strikes = [bot.noise.perturb(intended, rng) for _ in range(count)]
                results = simulate_batch(game.spec, game.layout, strikes)
                made = sum(1 for s, r in zip(strikes, results)
                           if call is not None and game.play_simulated(s, r, call).game.state.winner == 0)
                cells.append(made / count)
                if noise == 1.0:
                    pocket = "safety" if call is None else call.pocket
                    stroke = f"{intended.speed:.2f} {intended.b:+.2f} {intended.theta:.0f} {pocket}"
            print(f"{name:15s} {kind:9s} " + " ".join(f"{c:6.3f}" for c in cells) + f"   {stroke}")
        print(f"{name:15s} {'anchor':9s} " + " ".join(f"{c:6.2f}" for c in ANCHOR[name]) + "   (FastFiz)")


CEILING_SPEEDS = (0.9, 1.1, 1.3, 1.6, 2.0, 2.5)       # m/s at the cue ball
CEILING_SIDES = (-0.2, 0.0, 0.2)                      # tip offsets, fractions of the radius
CEILING_VERTICAL = (-0.3, 0.0, 0.3)
CEILING_ELEVATIONS = (0.0, 5.0, 10.0)                 # degrees
CEILING_STEP, CEILING_HALF = 0.004, 150               # the aim swept 0.6 degrees to either side
TOP = 5
VALUE_DRAWS = 1000
AIM_ONLY = (0.0, 1.0, 0.0, 0.0, 0.0)                  # the noise's draws are (speed, phi, theta, a, b)


def _made(game: Any, strikes: list[Any], call: Any) -> list[bool]:
    """Each stroke played from ``game``: did it win the game (the 8 in the called pocket, no foul)?"""
    from bola8.physics.batch import simulate_batch

    results = simulate_batch(game.spec, game.layout, strikes)
    return [game.play_simulated(s, r, call).game.state.winner == 0 for s, r in zip(strikes, results)]


def _window(made: list[bool], aims: list[float]) -> tuple[float, float] | None:
    """The middle and the width of the longest run of aims that pot, or None."""
    best_length, best_start, length, start = 0, 0, 0, 0
    for k, ok in enumerate(made):
        if ok:
            start = k if length == 0 else start
            length += 1
            if length > best_length:
                best_length, best_start = length, start
        else:
            length = 0
    if best_length == 0:
        return None
    return aims[best_start] + (best_length - 1) * CEILING_STEP / 2.0, best_length * CEILING_STEP


def ceiling(trials: int, confirm: int, noise: float) -> None:
    import itertools
    import random

    from bola8.physics import Strike
    from bola8.players.aiming import direction_deg, ghost_ball, pocket_targets
    from bola8.players.noise import SIGMA_PHI_DEG, ExecutionNoise
    from bola8.players.search import Candidate

    model = ExecutionNoise(noise)
    print(f"make-rate ceiling at {noise:g}x: {len(CEILING_SPEEDS) * 27} strokes, each aimed at its own noiseless "
          f"window's middle, {trials} draws each; the best {TOP} and the champion's own stroke on {confirm} fresh draws")
    for name in ("straight 1.05", "cut 30 1.05"):
        cue, eight = SHOTS[name]
        game = eight_alone(cue, eight)
        champion = player("champion", noise, seed=7)
        choice = champion.choose_shot(game)
        call = choice.call
        target = pocket_targets(game.spec)[call.pocket]
        centre = direction_deg(cue, ghost_ball(eight, target, game.spec.ball_radius))
        aims = [centre + k * CEILING_STEP for k in range(-CEILING_HALF, CEILING_HALF + 1)]
        grid = list(itertools.product(CEILING_SPEEDS, CEILING_SIDES, CEILING_VERTICAL, CEILING_ELEVATIONS))
        swept = _made(game, [Strike(speed=v, phi=phi, theta=th, a=a, b=b) for v, a, b, th in grid for phi in aims], call)
        aimed = []
        for i, (v, a, b, th) in enumerate(grid):
            window = _window(swept[i * len(aims):(i + 1) * len(aims)], aims)
            if window is not None:
                aimed.append((Strike(speed=v, phi=window[0], theta=th, a=a, b=b), window[1]))
        rng = random.Random(11)
        draws = [[rng.gauss(0.0, 1.0) for _ in range(5)] for _ in range(trials)]
        played = _made(game, [model.apply(s, z) for s, _ in aimed for z in draws], call)
        ranked = sorted(range(len(aimed)), key=lambda i: -sum(played[i * trials:(i + 1) * trials]))[:TOP]
        own = choice.intended
        own_window = _window(_made(game, [Strike(speed=own.speed, phi=phi, theta=own.theta, a=own.a, b=own.b)
                                          for phi in aims], call), aims)
        finalists = [("champion's own", own, 0.0 if own_window is None else own_window[1])]
        finalists += [("grid", *aimed[i]) for i in ranked]
        fresh = random.Random(23)
        held = [[fresh.gauss(0.0, 1.0) for _ in range(5)] for _ in range(confirm)]
        print(f"\n{name} (FastFiz at 1x: {ANCHOR[name][1]:.2f})")
        if own_window is not None:
            print(f"  the champion aims {own.phi - own_window[0]:+.4f} degrees from its own stroke's window's middle")
        widest, width = max(aimed, key=lambda item: item[1])
        print(f"  the widest window of the grid's {len(aimed)} strokes that pot: {width:.3f} degrees "
              f"({widest.speed:.2f} m/s, a {widest.a:+.2f}, b {widest.b:+.2f}, theta {widest.theta:.0f})")
        print(f"  {'stroke':15s} {'V':>5s} {'a':>6s} {'b':>6s} {'theta':>5s} {'window':>7s} "
              f"{'made (95% CI)':>20s} {'aim error alone':>15s} {'window bound':>12s} {'champion values it':>18s}")
        searcher = champion.searcher
        plan = champion.last.best.plan
        valued = searcher.draws(VALUE_DRAWS)
        for label, strike, width in finalists:
            made = sum(_made(game, [model.apply(strike, z) for z in held], call))
            aim_only = sum(_made(game, [model.apply(strike, [d * m for d, m in zip(z, AIM_ONLY)]) for z in held], call))
            low, high = wilson(made, confirm)
            bound = math.erf(width / 2.0 / (SIGMA_PHI_DEG * noise * math.sqrt(2.0))) if noise > 0 else 1.0
            candidate = Candidate(plan=plan, strike=strike)
            searcher.sample(game, [candidate], valued)
            quick = candidate.value
            searcher.look_ahead(candidate, game.state.shooter)
            print(f"  {label:15s} {strike.speed:5.2f} {strike.a:+6.2f} {strike.b:+6.2f} {strike.theta:5.1f} "
                  f"{width:7.3f} {made / confirm:8.3f} ({low:.3f}-{high:.3f}) {aim_only / confirm:15.3f} {bound:12.3f} "
                  f"{quick:8.3f} -> {candidate.value:.3f}")


class _Timed:
    """A player whose every decision is timed."""

    def __init__(self, bot: Any, clock: dict[str, list[float]], sims: list[int]):
        self.bot, self.clock, self.sims = bot, clock, sims

    def _time(self, what: str, call: Any) -> Any:
        t = time.perf_counter()
        out = call()
        self.clock.setdefault(what, []).append(time.perf_counter() - t)
        return out

    def choose_shot(self, game: Any) -> Any:
        choice = self._time("shot", lambda: self.bot.choose_shot(game))
        last = getattr(self.bot, "last", None)
        if last is not None:
            self.sims.append(last.simulations)
            self.bot.last = None
        return choice

    def place_cue_ball(self, game: Any) -> Any:
        return self._time("place", lambda: self.bot.place_cue_ball(game))

    def choose_option(self, game: Any, options: Any) -> Any:
        return self._time("option", lambda: self.bot.choose_option(game, options))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.bot, name)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(math.ceil(q * len(ordered))) - 1)]


def times(levels: list[str], racks: int, noise: float) -> None:
    from bola8.game import Game
    from bola8.game.match import play_game
    from bola8.players import make_player
    from bola8.players.breaking import _BREAKS

    print(f"decision times, one process on one core, {racks} racks of each level against itself, noise {noise:g}x")
    print(f"{'level':9s} {'decisions':>9s} {'median s':>9s} {'p99 s':>7s} {'max s':>7s} {'shot med':>9s} "
          f"{'place med':>9s} {'sims/shot':>9s} {'break search s':>14s}")
    for level in levels:
        warm = make_player(f"bot:{level}", seed=1, noise=noise)
        _BREAKS.clear()
        game = Game.new("9ft", rack_seed=1)
        t = time.perf_counter()
        game = game.place_cue_ball(*warm.place_cue_ball(game))      # the break search, once per process
        search_s = time.perf_counter() - t
        clock: dict[str, list[float]] = {}
        sims: list[int] = []
        for rack in range(racks):
            bots = [_Timed(make_player(f"bot:{level}", seed=100 * rack + k, noise=noise), clock, sims) for k in (0, 1)]
            play_game(Game.new("9ft", rack_seed=5000 + rack, breaker=rack % 2), bots)
        every = [v for values in clock.values() for v in values]
        shots, places = clock.get("shot", [0.0]), clock.get("place", [0.0])
        print(f"{level:9s} {len(every):9d} {statistics.median(every):9.3f} {percentile(every, 0.99):7.2f} "
              f"{max(every):7.2f} {statistics.median(shots):9.3f} {statistics.median(places):9.3f} "
              f"{statistics.median(sims) if sims else 0:9.0f} {search_s:14.2f}")


def load(folder: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]], bool]:
    """A batch folder's rows: the Parquet files of a finished batch, or the units finished so far
    (``parts/``) of one still running or stopped; and whether it is finished."""
    import glob
    import json
    import os

    from bola8.batch.report import read_batch

    if os.path.exists(os.path.join(folder, "games.parquet")):
        games, shots = read_batch(folder)
        return games, shots, True
    games, shots = [], []
    for path in sorted(glob.glob(os.path.join(folder, "parts", "u*.json"))):
        with open(path, encoding="utf-8") as handle:
            part = json.load(handle)
        games += part["games"]
        shots += part["shots"]
    return games, shots, False


def merged(folders: list[str]) -> tuple[str, list[dict[str, Any]], list[dict[str, Any]]]:
    """Several folders of the same pairing (different seeds) as one sample, named by the first."""
    games: list[dict[str, Any]] = []
    shots: list[dict[str, Any]] = []
    partial = False
    for number, folder in enumerate(folders):
        g, s, done = load(folder)
        partial = partial or not done
        games += [{**row, "unit": number * 1_000_000 + int(row["unit"])} for row in g]
        shots += [{**row, "unit": number * 1_000_000 + int(row["unit"])} for row in s]
    name = folders[0].rstrip("/").split("/")[-1] + (f" +{len(folders) - 1}" if len(folders) > 1 else "")
    return name + (" (partial)" if partial else ""), games, shots


def racks_table(folders: list[str]) -> None:
    import json

    from bola8.batch.report import statistics as batch_statistics

    print(f"{'folder':34s} {'racks':>6s} {'pots/call':>9s} {'B&R':>6s} {'kept':>6s} {'balls/visit':>11s} "
          f"{'fouls/rack':>10s} {'Art.20/rack':>11s} {'stalemates':>10s} {'break fouls':>11s} {'matches':>7s} "
          f"{'racks/match':>11s} {'safeties/rack':>13s}")
    groups: dict[str, list[str]] = {}
    for folder in folders:         # folders named like NAME-s2, NAME-s3 are one sample
        groups.setdefault(folder.rstrip("/").rsplit("-s", 1)[0] if "-1x-s" in folder else folder, []).append(folder)
    for group in groups.values():
        folder, games, shots = merged(group)
        if not games:
            continue
        stats = batch_statistics(games, shots)
        called = made = 0
        for s in shots:
            if s["kind"] != "shot" or s["call_ball"] is None or s["safety"]:
                continue            # a two-way shot (a safety with a call) is not an attempt to pot
            called += 1
            facts = json.loads(s["facts"]) if isinstance(s["facts"], str) else s["facts"]
            made += any(p["ball"] == s["call_ball"] and p["pocket"] == s["call_pocket"] for p in facts["pocketed"])
        visits = sum(stats.run_lengths.values())
        balls = sum(k * v for k, v in stats.run_lengths.items())
        n = stats.games
        losses = sum(stats.losses_by_clause.values())
        print(f"{folder[:34]:34s} {n:6d} {made / max(called, 1):9.3f} {stats.break_and_runs / n:6.3f} "
              f"{stats.kept_table / n:6.3f} {balls / max(visits, 1):11.2f} {stats.fouls / n:10.3f} "
              f"{losses / n:11.4f} {stats.results.get('stalemate', 0):10d} "
              f"{sum(1 for g in games if g['break_foul']) / n:11.3f} {len({g['unit'] for g in games}):7d} "
              f"{n / len({g['unit'] for g in games}):11.2f} {sum(g['safeties'] for g in games) / n:13.2f}")


def wins_table(folders: list[str]) -> None:
    print(f"{'folder':34s} {'player 0':16s} {'player 1':16s} {'games':>6s} {'won by 0':>9s} {'95% interval':>16s}")
    for folder in folders:
        games, _, done = load(folder)
        if not games:
            continue
        folder = folder.rstrip("/").split("/")[-1] + ("" if done else " (partial)")
        decided = [g for g in games if g["result"] == "win" and g["winner"] in (0, 1)]
        won = sum(1 for g in decided if g["winner"] == 0)
        lo, hi = wilson(won, len(decided))
        print(f"{folder[:34]:34s} {games[0]['player_0']:16s} {games[0]['player_1']:16s} {len(decided):6d} "
              f"{won / max(len(decided), 1):9.3f} {lo:7.3f} - {hi:6.3f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="part", required=True)
    m = sub.add_parser("makerate")
    m.add_argument("--trials", type=int, default=1000)
    c = sub.add_parser("ceiling")
    c.add_argument("--trials", type=int, default=1000)
    c.add_argument("--confirm", type=int, default=4000)
    c.add_argument("--noise", type=float, default=1.0)
    t = sub.add_parser("times")
    t.add_argument("--levels", default=",".join(LEVELS))
    t.add_argument("--racks", type=int, default=6)
    t.add_argument("--noise", type=float, default=1.0)
    for name in ("racks", "wins"):
        p = sub.add_parser(name)
        p.add_argument("folders", nargs="+")
    args = ap.parse_args()
    if hasattr(args, "folders"):       # a shell glob also lists run_levels.sh's logs beside the folders
        import os

        args.folders = [f for f in args.folders if os.path.isdir(f)]
    started = time.perf_counter()
    if args.part == "makerate":
        makerate(args.trials)
    elif args.part == "ceiling":
        ceiling(args.trials, args.confirm, args.noise)
    elif args.part == "times":
        times(args.levels.split(","), args.racks, args.noise)
    elif args.part == "racks":
        racks_table(args.folders)
    else:
        wins_table(args.folders)
    print(f"({time.perf_counter() - started:.0f} s)", file=sys.stderr)


if __name__ == "__main__":
    main()
