"""The end of a run, played many times: the champion's positions with the last balls left, run out or not.

    .venv/bin/python benchmarks/bench_bot_endgame.py positions --first 0 --racks 267 [--needed 3] --save POS.jsonl
    .venv/bin/python benchmarks/bench_bot_endgame.py play POS.jsonl [--player bot:champion] [--rollouts 4]
        --save OUT.jsonl
    .venv/bin/python benchmarks/bench_bot_endgame.py report OUT.jsonl [--rollouts N]
    .venv/bin/python benchmarks/bench_bot_endgame.py compare BEFORE.jsonl AFTER.jsonl [--rollouts N]

``bench_bot_runs.py`` plays whole visits from the break, and two players' runs differ on few racks - the
ones where their choices first differ, after which each rack goes its own way - so a change that acts
only on the last balls needs thousands of racks to show a few points there. This bench spends the
simulations where the change acts. ``positions`` replays ``bench_bot_runs.py``'s champion visits (the
same racks, breaks, seeds and noise) and keeps each one's first position where the breaker still has
the table with the cue ball on the cloth and needs ``--needed`` balls or fewer, the 8 included (the
visits that never get there are not kept). ``play`` plays ``--player`` from each kept position
``--rollouts`` times, each rollout with its own noise seeded by the position and the rollout alone, so
two players meet the same luck until their choices differ. ``compare`` pairs two ``play`` files rollout
by rollout; its interval treats each position as one sample (the rollouts of a position are not
independent of one another), so it is honest about how many positions were played. It also counts the
rollouts whose first shot the two chose differently, and those that began alike and ended differently (a
change that acts at later shots too): a change that acts only on the first shot moves the run-outs by no
more than the share of rollouts whose first shot it changed.
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
from collections import Counter
from collections.abc import Sequence
from typing import Any

from bench_bot_runs import _pct, decision_cpu, play_visit, starting_position, visit_end

Row = dict[str, Any]


def endgame_position(rack: int, seed: int, noise: float, needed: int) -> Row | None:
    """The champion's visit of ``bench_bot_runs.py`` on ``rack``, stopped at its first shot where seat 0 needs
    ``needed`` balls or fewer (the 8 included): the position, or None when the visit never got there."""
    from bola8.players.arena import Seated, derived_seed, make, noise_scale
    from bola8.players.estimate import balls_needed, sigma_rad
    from bola8.players.noise import MAX_LEVEL, ExecutionNoise

    game = starting_position(rack, seed, noise)
    if game is None or game.is_over:
        return None
    player = "bot:champion"
    bot = make(player, seed=derived_seed(seed, "runs", rack, "player"), noise=noise, label=player)
    applied = min(noise * noise_scale(player), MAX_LEVEL)
    seated = Seated(bot, ExecutionNoise(applied), random.Random(derived_seed(seed, "runs", rack, "noise")))
    shots: list[Row] = []

    def there(g: Any) -> bool:
        return g.state.groups is not None and balls_needed(g.state, 0) <= needed

    game = play_visit(game, seated, bot, sigma_rad(noise), shots, until=there)
    if game.is_over or game.state.shooter != 0 or game.state.decision is not None or game.needs_placement \
            or not there(game):
        return None
    return {"rack": rack, "needed": balls_needed(game.state, 0), "shots_before": len(shots),
            "table": game.spec.name, "state": game.state.to_dict(),
            "balls": [[number, x, y] for number, (x, y) in game.balls]}


def game_of(position: Row) -> Any:
    """The game at a saved position."""
    from bola8 import rules
    from bola8.game.position import game_at

    state = rules.State.from_dict(position["state"])
    return game_at(position["table"], state, {int(n): (float(x), float(y)) for n, x, y in position["balls"]})


def rollout(position: Row, index: int, seed: int, noise: float, player: str) -> Row:
    """``player`` from ``position`` with the noise of rollout ``index``, until its turn passes or the rack ends."""
    from bola8.players.arena import Seated, derived_seed, make, noise_scale
    from bola8.players.estimate import sigma_rad
    from bola8.players.noise import MAX_LEVEL, ExecutionNoise

    rack = position["rack"]
    bot = make(player, seed=derived_seed(seed, "endgame", rack, index, "player"), noise=noise, label=player)
    applied = min(noise * noise_scale(player), MAX_LEVEL)
    seated = Seated(bot, ExecutionNoise(applied), random.Random(derived_seed(seed, "endgame", rack, index, "noise")))
    shots: list[Row] = []
    game = play_visit(game_of(position), seated, bot, sigma_rad(noise), shots)
    return {"rack": rack, "rollout": index, "needed": position["needed"], "end": visit_end(game, shots),
            "shots": shots}


def read(path: str) -> list[Row]:
    """The rows of a saved file, in order (a row saved twice counts once, the last time)."""
    rows: dict[tuple[int, int], Row] = {}
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                row = json.loads(line)
                rows[(row["rack"], row.get("rollout", 0))] = row
    return [rows[k] for k in sorted(rows)]


def report(rows: Sequence[Row]) -> str:
    """Run-outs from the saved positions, by the balls needed at the start, and how the others ended."""
    won = sum(r["end"] == "won" for r in rows)
    positions = len({r["rack"] for r in rows})
    lines = [f"{len(rows)} rollouts from {positions} positions; run out {_pct(won, len(rows))}"]
    for needed in sorted({r["needed"] for r in rows}):
        some = [r for r in rows if r["needed"] == needed]
        lines.append(f"  needing {needed} (the 8 included): {_pct(sum(r['end'] == 'won' for r in some), len(some))}")
    ends = Counter(r["end"] for r in rows)
    lines.append("ends: " + ", ".join(f"{k} {v}" for k, v in ends.most_common()))
    calls = [s for r in rows for s in r["shots"] if not s["safety"]]
    lines.append(f"pots per called shot {_pct(sum(s['made'] for s in calls), len(calls))}")
    cpu = [s["cpu"] for r in rows for s in r["shots"]]
    if cpu:
        lines.append(decision_cpu(cpu))
    return "\n".join(lines)


def compare(before: Sequence[Row], after: Sequence[Row]) -> str:
    """Two ``play`` files paired rollout by rollout: the difference of their run-out rates, with a 95% interval
    over the positions (each position's mean difference one sample)."""
    a = {(r["rack"], r["rollout"]): r for r in before}
    b = {(r["rack"], r["rollout"]): r for r in after}
    common = sorted(set(a) & set(b))
    if not common:
        return "no rollout in both files"
    by_position: dict[int, list[int]] = {}
    for key in common:
        by_position.setdefault(key[0], []).append((b[key]["end"] == "won") - (a[key]["end"] == "won"))
    means = [sum(d) / len(d) for d in by_position.values()]
    n = len(means)
    mean = sum(means) / n
    half = 1.96 * (statistics.stdev(means) if n > 1 else 0.0) / math.sqrt(n)
    won_a = sum(a[k]["end"] == "won" for k in common)
    won_b = sum(b[k]["end"] == "won" for k in common)
    only_b = sum(b[k]["end"] == "won" and a[k]["end"] != "won" for k in common)
    only_a = sum(a[k]["end"] == "won" and b[k]["end"] != "won" for k in common)

    def cpu(rows: dict[tuple[int, int], Row]) -> str:
        t = sorted(s["cpu"] for k in common for s in rows[k]["shots"])
        return f"median {statistics.median(t):.3f} s, p99 {t[min(len(t) - 1, int(0.99 * len(t)))]:.2f} s"

    # The rollouts are seeded by the position and the rollout alone, so two players that choose the same first
    # shot play the same stroke with the same luck: where they differ is where the change acted.
    changed = [k for k in common if a[k]["shots"] and b[k]["shots"] and a[k]["shots"][0]["note"] != b[k]["shots"][0]["note"]]
    alike = sum(a[k]["end"] != b[k]["end"] for k in common if k not in changed)
    return "\n".join([
        f"{len(common)} rollouts in both files, from {n} positions",
        f"first shot chosen differently in {len(changed)} rollouts at {len({k[0] for k in changed})} positions "
        f"(run out there: before {sum(a[k]['end'] == 'won' for k in changed)}, after "
        f"{sum(b[k]['end'] == 'won' for k in changed)}); the same first shot but a different end: {alike}",
        f"run-outs: before {_pct(won_a, len(common))}, after {_pct(won_b, len(common))}",
        f"difference {100 * mean:+.1f} points (95% interval over the positions {100 * (mean - half):+.1f} to "
        f"{100 * (mean + half):+.1f}); run out only after {only_b}, only before {only_a}",
        f"decision CPU: before {cpu(a)}, after {cpu(b)}",
    ])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    found = commands.add_parser("positions", help="the champion's positions with the last balls left")
    found.add_argument("--first", type=int, default=0)
    found.add_argument("--racks", type=int, default=267)
    found.add_argument("--needed", type=int, default=3)
    found.add_argument("--save", required=True)
    played = commands.add_parser("play", help="a player from each saved position, several times")
    played.add_argument("positions")
    played.add_argument("--player", default="bot:champion")
    played.add_argument("--rollouts", type=int, default=4)
    played.add_argument("--save", required=True)
    for command in (found, played):
        command.add_argument("--noise", type=float, default=1.0)
        command.add_argument("--seed", type=int, default=1)
    shown = commands.add_parser("report")
    shown.add_argument("file")
    paired = commands.add_parser("compare")
    paired.add_argument("before")
    paired.add_argument("after")
    for command in (shown, paired):
        command.add_argument("--rollouts", type=int, help="only each position's first rollouts (a run stopped early)")
    args = parser.parse_args(argv)

    def first(path: str) -> list[Row]:
        return [r for r in read(path) if args.rollouts is None or r["rollout"] < args.rollouts]

    if args.command == "report":
        print(report(first(args.file)))
        return 0
    if args.command == "compare":
        print(compare(first(args.before), first(args.after)))
        return 0
    started = time.process_time()
    done = {(r["rack"], r.get("rollout", 0)) for r in read(args.save)} if os.path.exists(args.save) else set()
    if args.command == "positions":
        kept = 0
        for rack in range(args.first, args.first + args.racks):
            if (rack, 0) in done:
                continue
            position = endgame_position(rack, args.seed, args.noise, args.needed)
            if position is not None:
                kept += 1
                with open(args.save, "a", encoding="utf-8") as handle:
                    handle.write(json.dumps(position) + "\n")
        print(f"racks {args.first}-{args.first + args.racks - 1}: {kept} positions needing {args.needed} balls or "
              f"fewer; {time.process_time() - started:.0f} s CPU")
        return 0
    with open(args.positions, encoding="utf-8") as handle:
        positions = [json.loads(line) for line in handle if line.strip()]
    for index in range(args.rollouts):          # every position once before any twice: a run stopped early is
        for position in positions:              # still spread over all of them
            if (position["rack"], index) in done:
                continue
            row = rollout(position, index, args.seed, args.noise, args.player)
            with open(args.save, "a", encoding="utf-8") as handle:
                handle.write(json.dumps(row) + "\n")
    print(f"{args.player}: {len(positions)} positions x {args.rollouts} rollouts, noise {args.noise}x, seed {args.seed}: "
          f"{time.process_time() - started:.0f} s CPU")
    print(report(read(args.save)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
