"""Does the quick value of a position predict who wins the rack? The fit behind ``estimate.SHAPE_WEIGHT``.

    .venv/bin/python benchmarks/bench_leaf.py --racks 300 --workers 2 --save runs/leaf.jsonl
    .venv/bin/python benchmarks/bench_leaf.py --from runs/leaf.jsonl [runs/more.jsonl ...]

The champion plays ``--racks`` racks against itself at 1x on the 9-ft table (rack seeds from
60,000, the breaker alternating); after every shot that leaves a position to play (no choice
pending, the game on) the script writes down the figures the value of a position is made of
(``estimate.position_value``): the shooter's two best straight-pot chances, the balls each player
still needs, the blocked balls, and the layout; and at the end who won. ``--save`` keeps them
(JSON lines, one rack a line), ``--from`` reads them back.

The model of alternating visits has no parameter fitted on these racks but the shape term's
weight, so it is scored by its log loss (lower is better) over all the positions and, as a check,
on three folds of racks (every position of a rack in the same fold), with the shape term's weight
at 0, 0.25, 0.5, 0.75 and 1 (the first shot's chance taken that far
from the best next shot's chance towards the best next shot times the chance on the ball after
it, ``_chances.shape_after``), the other constants as the module has them.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

WEIGHTS = (0.0, 0.25, 0.5, 0.75, 1.0)
FOLDS = 3


def positions_of_rack(rack: int) -> dict[str, Any]:
    """One self-play rack of the champion and the figures of every position it went through."""
    from bola8.game import Game
    from bola8.game.match import NullObserver, play_game
    from bola8.players import make_player
    from bola8.players.estimate import _leaf, _trouble, balls_needed, sigma_rad

    sigma = sigma_rad(1.0)
    found: list[dict[str, Any]] = []

    class Keep(NullObserver):
        def on_turn(self, turn: Any, choice: Any) -> None:
            game, state = turn.game, turn.game.state
            if game.is_over or state.phase != "play" or state.decision is not None:
                return
            chances, blocked, _ = _leaf(game, sigma)
            shooter = state.shooter
            found.append({"shooter": shooter, "p": chances[:2],
                          "n": [balls_needed(state, shooter), balls_needed(state, 1 - shooter)],
                          "t": [_trouble(state, shooter, blocked), _trouble(state, 1 - shooter, blocked)],
                          "hand": bool(game.cue_in_hand and not game.cue_placed),
                          "groups": None if state.groups is None else [str(g) for g in state.groups],
                          "balls": [[n, round(x, 5), round(y, 5)] for n, (x, y) in game.balls]})

    bots = [make_player("bot:champion", seed=2 * rack, noise=1.0), make_player("bot:champion", seed=2 * rack + 1)]
    end = play_game(Game.new("9ft", rack_seed=60_000 + rack, breaker=rack % 2), bots, Keep())
    return {"rack": rack, "result": end.state.result, "winner": end.state.winner, "pos": found}


def play(racks: int, workers: int) -> list[dict[str, Any]]:
    if workers <= 1:
        return [positions_of_rack(r) for r in range(racks)]
    import multiprocessing

    positions_of_rack(0)                       # compile and search the break before forking
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        return list(pool.map(positions_of_rack, range(racks), chunksize=1))


def shaped(position: dict[str, Any]) -> float | None:
    """The best next shot times the chance on the ball after it (None with the cue ball in hand)."""
    import numpy as np

    from bola8.physics import table_spec
    from bola8.players._chances import shape_after
    from bola8.players.estimate import MAX_CUT_DEG, MIN_LATERAL, _pocket_arrays, sigma_rad
    from bola8.rules import SOLIDS, STRIPES

    balls = position["balls"]
    cue = next(((x, y) for n, x, y in balls if n == 0), None)
    others = [(n, x, y) for n, x, y in balls if n != 0]
    if position["hand"] or cue is None or not others:
        return None
    spec = table_spec("9ft")
    mouths, axes, sides = _pocket_arrays(spec)
    owner = np.array([1 if n in SOLIDS else (2 if n in STRIPES else 0) for n, _, _ in others], dtype=np.int64)
    eight = next((k for k, (n, _, _) in enumerate(others) if n == 8), -1)
    groups = position["groups"]
    group = 0 if groups is None else (1 if groups[position["shooter"]] == "solids" else 2)
    out = shape_after(np.array([[x, y] for _, x, y in others], dtype=np.float64), owner, group, eight,
                      cue[0], cue[1], spec.width, spec.length, mouths, axes, sides, spec.ball_radius,
                      sigma_rad(1.0), MAX_CUT_DEG, MIN_LATERAL)
    return float(out[1])


def score(racks: list[dict[str, Any]], folds: int = FOLDS) -> None:
    import math

    from bola8.players.estimate import first_shot, win_chance

    decided = [r for r in racks if r["result"] == "win"]
    seeds = sorted(r["rack"] for r in decided)
    random.Random(1).shuffle(seeds)
    fold = {seed: k % folds for k, seed in enumerate(seeds)}
    rows = [(p, r["winner"] == p["shooter"], fold[r["rack"]], shaped(p)) for r in decided for p in r["pos"]]
    print(f"{len(decided)} racks decided, {len(rows)} positions; log loss of the rack's winner (lower is better), "
          f"over all positions and held out in {folds} folds by rack (mean of the folds, and the folds)")
    print(f"{'shape weight':>12s} {'all':>8s} {'held out':>9s}   folds")
    for weight in WEIGHTS:
        losses: list[list[float]] = [[] for _ in range(folds)]
        for p, won, k, pa in rows:
            plain = first_shot(p["p"])
            p1 = plain if pa is None else (1.0 - weight) * plain + weight * pa
            w = win_chance(p1, p["n"][0], p["n"][1], 0.9, p["t"][0], p["t"][1])
            w = min(max(w, 1e-4), 1.0 - 1e-4)
            losses[k].append(-math.log(w if won else 1.0 - w))
        every = [v for part in losses for v in part]
        means = [sum(part) / len(part) for part in losses if part]
        print(f"{weight:12.2f} {sum(every) / len(every):8.4f} {sum(means) / len(means):9.4f}   "
              + " ".join(f"{m:.4f}" for m in means))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--racks", type=int, default=300)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--save")
    ap.add_argument("--from", dest="sources", nargs="+")
    args = ap.parse_args()
    started = time.perf_counter()
    if args.sources:
        racks = [json.loads(line) for path in args.sources for line in open(path, encoding="utf-8")]
    else:
        racks = play(args.racks, args.workers)
        if args.save:
            with open(args.save, "w", encoding="utf-8") as handle:
                handle.writelines(json.dumps(r) + "\n" for r in racks)
    score(racks)
    print(f"({time.perf_counter() - started:.0f} s)", file=sys.stderr)


if __name__ == "__main__":
    main()
