"""How the bots' execution noise plays: actions per rack and racks that need the stalemate guard.

    python benchmarks/bench_noise.py --levels 1,10,20 --games 4

For each noise level, plays ``--games`` single racks between two baseline
bots and prints the median and largest number of actions per rack, and how
many racks reached ``MAX_ACTIONS_PER_GAME`` (ended as an agreed stalemate).
It is what ``players/noise.py``'s ``MAX_LEVEL`` was chosen from.
"""

from __future__ import annotations

import argparse
import statistics
import time

from bola8.game import Game
from bola8.game.match import MAX_ACTIONS_PER_GAME, NullObserver, play_game
from bola8.players import make_player


class _Count(NullObserver):
    def __init__(self) -> None:
        self.actions = 0

    def on_turn(self, turn, choice):      # noqa: ANN001 - the observer protocol's signature
        self.actions += 1

    def on_place(self, player, point, game):      # noqa: ANN001
        self.actions += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default="1,5,10,20,30")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{'noise':>6} {'racks':>6} {'median actions':>15} {'max actions':>12} {'at the guard':>13} {'s/rack':>7}")
    for level in (float(v) for v in args.levels.split(",")):
        counts = []
        start = time.perf_counter()
        for g in range(args.games):
            seed = args.seed * 1000 + g
            players = [make_player("bot", seed=seed * 2, noise=level), make_player("bot", seed=seed * 2 + 1,
                                                                                  noise=level)]
            count = _Count()
            play_game(Game.new("9ft", rack_seed=seed), players, count)
            counts.append(count.actions)
        per_rack = (time.perf_counter() - start) / args.games
        guard = sum(c >= MAX_ACTIONS_PER_GAME for c in counts)
        print(f"{level:>6g} {args.games:>6} {statistics.median(counts):>15g} {max(counts):>12} {guard:>13} "
              f"{per_rack:>7.2f}")


if __name__ == "__main__":
    main()
