"""Does a bot play the same from either seat? Whole racks of a level against itself, played twice.

    .venv/bin/python benchmarks/bench_seats.py [--level champion] [--racks 903,904,905,906] [--breaks 1000]

Each rack is played once with bot A (seed 11) in seat 0 breaking and bot B (seed 22) in seat 1, then
with the seats exchanged (B in seat 0, A in seat 1 breaking): the same rack, the same bots, the same
draws, only the seat numbers differ. Every stroke as intended, call, ball-in-hand place and option must
then be the same, action for action; the first difference is printed. A seat-dependent error in the
bot (whose turn the look-ahead thinks it is, a group or a sign read from seat 0's side, a seed) shows
as a difference; identical racks rule it out for every decision they contain. ``tests/players/
test_seats.py`` checks the same on one rack of the beginner and a late position of the pro and the
champion; this plays whole racks of any level (the champion's take a minute or two each).

``--breaks N``: also the level's break on the arena's first N racks (``bench_bot_break.py``'s racks), once
with seat 0 breaking and once with seat 1, the same noise draw, and once more through the batch
(``simulate_batch`` then ``Game.play_simulated``, as a search and ``bench_bot_break.py`` play it): the
balls must come to rest in the same places and the referee rule the same.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any


def main(argv: list[str] | None = None) -> int:
    from bola8.game import Game
    from bola8.game.match import SeatBlindLog, play_game
    from bola8.players import make_player

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="champion")
    parser.add_argument("--racks", default="903,904,905,906", help="rack seeds, comma-separated")
    parser.add_argument("--breaks", type=int, default=0, help="breaks compared from either seat")
    args = parser.parse_args(argv)
    if args.breaks:
        same_breaks = breaks_alike(args.level, args.breaks)
        print(f"{same_breaks} of {args.breaks} breaks identical from seat 0, from seat 1 and through the batch",
              flush=True)
    identical = 0
    racks = [int(r) for r in args.racks.split(",") if r.strip()]
    for rack_seed in racks:
        t0 = time.perf_counter()
        runs = []
        for breaker in (0, 1):
            a = make_player(f"bot:{args.level}", seed=11)
            b = make_player(f"bot:{args.level}", seed=22)
            actions = SeatBlindLog()
            seats = [a, b] if breaker == 0 else [b, a]
            end = play_game(Game.new("9ft", rack_seed=rack_seed, breaker=breaker), seats, actions)  # type: ignore[arg-type]
            runs.append((actions.rows, end.state))
        (first, end0), (second, end1) = runs
        diff = next((i for i, (x, y) in enumerate(zip(first, second)) if x != y), None)
        same = first == second
        identical += same
        winner = "-" if end0.winner is None else ("the breaker" if end0.winner == 0 else "the other")
        mirrored = end0.winner == (None if end1.winner is None else 1 - end1.winner)
        print(f"rack {rack_seed}: {len(first)} / {len(second)} actions, identical: {same}, won by {winner} "
              f"(mirrored: {mirrored}), {time.perf_counter() - t0:.0f} s", flush=True)
        if diff is not None:
            print(f"  first difference at action {diff}:\n    seat 0 breaking: {first[diff]}\n"
                  f"    seat 1 breaking: {second[diff]}")
    print(f"{identical} of {len(racks)} racks played identically from either seat")
    return 0 if identical == len(racks) and (not args.breaks or same_breaks == args.breaks) else 1


def breaks_alike(level: str, count: int) -> int:
    """How many of the level's breaks on the arena's first ``count`` racks end alike from either seat."""
    import random

    from bola8.game import Game
    from bola8.physics.batch import simulate_batch
    from bola8.players import make_player
    from bola8.players.arena import derived_seed

    bot: Any = make_player(f"bot:{level}", seed=0)
    plan = bot.break_plan(Game.new("9ft"))
    same = 0
    for rack in range(count):
        rack_seed = derived_seed(1, "rack", rack)
        ends = []
        for breaker, batch in ((0, False), (1, False), (0, True)):
            game = Game.new("9ft", breaker=breaker, rack_seed=rack_seed).place_cue_ball(*plan.spot)
            strike = bot.noise.perturb(plan.strike, random.Random(rack_seed))
            turn = (game.play_simulated(strike, simulate_batch(game.spec, game.layout, [strike])[0]) if batch
                    else game.play(strike))
            ends.append((dict(turn.game.layout), [(r.article, r.code) for r in turn.ruling.reasons],
                         turn.ruling.turn_passes, turn.game.state.shooter == breaker))
        same += ends[0] == ends[1] == ends[2]
    return same


if __name__ == "__main__":
    sys.exit(main())
