"""How well and how fast the baseline bot plays: single games, bot against bot.

    .venv/bin/python benchmarks/bench_bot.py [--games 40] [--noise 1.0] [--seed 1]

Each game is one rack (race to 1, no lag: player 0 breaks), played through
``bola8.game.play_game`` with the referee judging every stroke. Printed:

- per game: strokes, fouls, stalemates, break-and-runs (the breaker wins
  without the opponent ever shooting), wins of the breaker;
- per called shot: how often the called ball dropped as called (pot rate);
- thinking time per stroke decision (median and 90th percentile), which is
  what a bot's search costs on top of the simulations it runs.
"""

from __future__ import annotations

import argparse
import statistics
import time

from bola8.game import Game
from bola8.game.match import NullObserver, play_game
from bola8.players import make_player


class _Tally(NullObserver):
    def __init__(self):
        self.shooters: list[int] = []
        self.fouls = 0
        self.called = 0
        self.made = 0

    def on_turn(self, turn, choice):
        if turn.kind != "shot":
            return
        self.shooters.append(turn.player)
        self.fouls += bool(turn.ruling.foul)
        if turn.call is not None:
            self.called += 1
            self.made += turn.shot.pocket_of(turn.call.ball) == turn.call.pocket


class _TimedPlayer:
    """Wraps a player and times its stroke decisions."""

    def __init__(self, player, clock: list[float]):
        self._player, self._clock = player, clock

    def choose_shot(self, game):
        t = time.perf_counter()
        choice = self._player.choose_shot(game)
        self._clock.append(time.perf_counter() - t)
        return choice

    def __getattr__(self, name):
        return getattr(self._player, name)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--noise", type=float, default=1.0)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    clock: list[float] = []
    strokes, fouls, stalemates, runs, breaker_wins, called, made = [], 0, 0, 0, 0, 0, 0
    started = time.perf_counter()
    for number in range(args.games):
        seed = args.seed * 1000 + number
        players = [_TimedPlayer(make_player("bot", seed=2 * seed + p, noise=args.noise), clock) for p in (0, 1)]
        tally = _Tally()
        game = play_game(Game.new("9ft", rack_seed=seed), players, tally)
        strokes.append(len(tally.shooters))
        fouls += tally.fouls
        called += tally.called
        made += tally.made
        if game.state.result == "stalemate":
            stalemates += 1
        elif game.state.winner == 0:
            breaker_wins += 1
            runs += all(p == 0 for p in tally.shooters)
    wall = time.perf_counter() - started
    clock.sort()

    n = args.games
    print(f"baseline bot against itself: {n} single games, noise level {args.noise}, seeds from {args.seed * 1000}")
    print(f"{'strokes per game, median / max':40s} {statistics.median(strokes):6.0f} / {max(strokes)}")
    print(f"{'fouls per game':40s} {fouls / n:8.2f}")
    print(f"{'called shots pocketed as called':40s} {made}/{called} = {made / max(called, 1):.1%}")
    print(f"{'breaker wins':40s} {breaker_wins}/{n}")
    print(f"{'break-and-runs':40s} {runs}/{n}")
    print(f"{'stalemates (Art. 21)':40s} {stalemates}/{n}")
    print(f"{'thinking per stroke, median / p90':40s} {statistics.median(clock) * 1e3:6.0f} / "
          f"{clock[int(0.9 * (len(clock) - 1))] * 1e3:.0f} ms")
    print(f"{'wall time':40s} {wall:8.1f} s")


if __name__ == "__main__":
    main()
