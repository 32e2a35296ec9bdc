"""Where the breaker's run ends: the arena's racks broken, then one player shooting until its turn passes.

    .venv/bin/python benchmarks/bench_bot_runs.py [--player bot:champion] [--first 0] [--racks 160]
        [--noise 1] [--seed 1] [--table 9ft] [--save OUT.jsonl]
    .venv/bin/python benchmarks/bench_bot_runs.py --report OUT.jsonl
    .venv/bin/python benchmarks/bench_bot_runs.py --compare BEFORE.jsonl AFTER.jsonl

Break and run is the champion's weakest figure, and an arena rack spends most of its time on what
follows a failed run. This bench plays only the part that decides it. Rack ``r`` is the arena's rack
``r`` (``bola8 arena --seed``'s rack seed), broken by the champion with the arena's noise draw for it,
whatever ``--player`` is: every player meets the same post-break positions. Where the breaker keeps
the table, ``--player`` (a bot, or ``module:factory`` as in ``bola8 arena``) shoots from seat 0 with
the arena's noise until the turn passes or the rack ends; its noise comes from a generator seeded by
the rack alone, so two players meet the same luck until their choices differ.

Printed: the breaks kept, the run-outs among them (a rack won in that one visit) with a 95% interval,
how the other runs ended - a called pot missed, a safety, a foul, the game lost on the stroke (Art. 20)
- at which shot, and how hard the missed shots were: the search's own pot estimate for the shot played,
and the best straight pot the position offered by geometry (``estimate.best_direct_chances``) - a
position left with no easy shot is the previous stroke's fault. ``--compare`` pairs two saved runs rack
by rack (the same starts) and prints the difference of their run-out rates with its 95% interval. Each
rack's run is independent of the others, so ``--first`` and ``--racks`` share a long run out over
several processes or sessions (``--save`` appends).

``--table`` plays the racks on another table of ``bola8.physics.table.TABLES`` (the arena's is the 9-ft
one). The champion's break is searched on the table it is played on (``bola8.players.breaking``), so a
7-ft rack is broken with the 7-ft table's own searched break; the rack seeds and noise draws are the same
as on the 9-ft table. Each saved row names its table, and ``--save`` refuses to append to a file of
another table.
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
from collections.abc import Callable, Sequence
from typing import Any

Row = dict[str, Any]
MAX_SHOTS = 40          # a visit this long (safeties called to count as attempts) is ended and counted as passed


def starting_position(rack: int, seed: int, noise: float, table: str = "9ft") -> Any:
    """The arena's rack ``rack`` after the champion's break with the arena's noise draw for it, on ``table``:
    the game, or None when the breaker did not keep the table (a foul, nothing down, an option to choose)."""
    from bola8 import rules
    from bola8.game import Game
    from bola8.players import make_player
    from bola8.players.arena import derived_seed
    from bola8.players.noise import ExecutionNoise

    game = Game.new(table, ruleset=rules.get_ruleset("spanish"), breaker=0,
                    rack_seed=derived_seed(seed, "rack", rack))
    breaker = make_player("bot:champion", seed=derived_seed(seed, "runs", rack, "breaker"), noise=noise)
    if game.needs_placement:
        game = game.place_cue_ball(*breaker.place_cue_ball(game))
    choice = breaker.choose_shot(game)
    aimed = choice.intended if choice.intended is not None else choice.strike
    strike = ExecutionNoise(noise).perturb(aimed, random.Random(derived_seed(seed, "runs", rack, "break")))
    after = game.play(strike, choice.call).game
    if after.is_over:
        return after
    if after.state.shooter != 0 or after.state.decision is not None or after.needs_placement:
        return None
    return after


def run(rack: int, seed: int, noise: float, player: str, table: str = "9ft") -> Row:
    """One rack on ``table``: the break, then ``player``'s visit from the kept table, shot by shot."""
    from bola8.players.arena import Seated, derived_seed, make, noise_scale
    from bola8.players.estimate import sigma_rad
    from bola8.players.noise import MAX_LEVEL, ExecutionNoise

    game = starting_position(rack, seed, noise, table)
    row: Row = {"rack": rack, "table": table, "kept": game is not None, "end": None, "shots": []}
    if game is None:
        return row
    if game.is_over:
        row["end"] = "won" if game.state.winner == 0 else "lost"
        return row
    bot = make(player, seed=derived_seed(seed, "runs", rack, "player"), noise=noise, label=player)
    applied = min(noise * noise_scale(player), MAX_LEVEL)
    seated = Seated(bot, ExecutionNoise(applied), random.Random(derived_seed(seed, "runs", rack, "noise")))
    game = play_visit(game, seated, bot, sigma_rad(noise), row["shots"])
    row["end"] = visit_end(game, row["shots"])
    row["balls_left"] = len(game.state.remaining(0)) if game.state.groups is not None else None
    return row


def play_visit(game: Any, seated: Any, bot: Any, sigma: float, shots: list[Row],
               until: Callable[[Any], bool] | None = None) -> Any:
    """Seat 0 shoots from ``game`` until its turn passes, the rack ends, ``MAX_SHOTS`` are played or ``until``
    says so before a shot; each shot is appended to ``shots``. Returns the game where the visit stopped."""
    from bola8.players.estimate import best_direct_chances, first_shot
    from bola8.players.search import Searcher

    while not game.is_over:
        if game.state.shooter != 0 or game.state.decision is not None or len(shots) >= MAX_SHOTS:
            break
        if game.needs_placement:
            game = game.place_cue_ball(*seated.place_cue_ball(game))
            continue
        if until is not None and until(game):
            break
        offered = first_shot(best_direct_chances(game, sigma))
        choice = seated.choose_shot(game)
        last = getattr(bot, "last", None)
        best = None if last is None else last.best
        turn = game.play(choice.strike, choice.call)
        safety = choice.call is None or choice.note.startswith("safety")
        shots.append({"note": choice.note, "kind": None if best is None else best.plan.kind,
                      "estimate": None if best is None or safety else round(best.pot, 4),
                      "value": None if best is None else round(best.value, 4),
                      "offered": round(offered, 4), "safety": safety,
                      "made": (not safety) and Searcher.potted(turn, 0), "foul": bool(turn.ruling.foul),
                      "cpu": round(seated.cpu[-1], 4)})
        game = turn.game
    return game


def visit_end(game: Any, shots: Sequence[Row]) -> str:
    """How a visit of seat 0 ended: won or lost (the rack over), else passed (no shot), a foul, a safety or
    a called shot missed - read from its last shot."""
    if game.is_over:
        return "won" if game.state.winner == 0 else "lost"
    last_shot = shots[-1] if shots else None
    if last_shot is None:
        return "passed"
    if last_shot["foul"]:
        return "foul"
    return "safety" if last_shot["safety"] else "miss"


def wilson(k: int, n: int) -> tuple[float, float]:
    """The Wilson 95% interval of ``k`` in ``n``."""
    if n == 0:
        return (0.0, 1.0)
    z, p = 1.96, k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))     # rounding can put an end a hair outside


def decision_cpu(seconds: Sequence[float]) -> str:
    """The report's line of the decisions' CPU seconds: median, 99th percentile, longest, how many."""
    cpu = sorted(seconds)
    return (f"decision CPU s: median {statistics.median(cpu):.3f}, p99 "
            f"{cpu[min(len(cpu) - 1, int(0.99 * len(cpu)))]:.2f}, longest {cpu[-1]:.2f} ({len(cpu)} decisions)")


def _pct(k: int, n: int) -> str:
    low, high = wilson(k, n)
    return f"{k}/{n} = {100 * k / max(n, 1):.1f}% ({100 * low:.1f}-{100 * high:.1f})"


def report(rows: Sequence[Row]) -> str:
    """The table of a run: breaks kept, run-outs, how the others ended, how hard the missed shots were."""
    lines = []
    kept = [r for r in rows if r["kept"]]
    won = [r for r in kept if r["end"] == "won"]
    tables = sorted({r.get("table", "9ft") for r in rows})
    lines.append(f"racks {len(rows)} ({', '.join(tables)} table); breaks that kept the table {_pct(len(kept), len(rows))}")
    lines.append(f"run-outs (the rack won in the breaker's first visit) {_pct(len(won), len(kept))}")
    lines.append(f"break and run over these racks {_pct(len(won), len(rows))}")
    ends = Counter(r["end"] for r in kept)
    lines.append("ends of the visit: " + ", ".join(f"{k} {v}" for k, v in ends.most_common()))
    left = Counter(r.get("balls_left") for r in kept if r["end"] != "won")
    if left:
        lines.append("balls of the group left when a visit ended without the rack: "
                     + ", ".join(f"{'none (on the 8)' if k == 0 else ('open table' if k is None else k)}: {v}"
                                 for k, v in sorted(left.items(), key=lambda item: -1 if item[0] is None else item[0])))
    calls = [s for r in kept for s in r["shots"] if not s["safety"]]
    made = sum(s["made"] for s in calls)
    lines.append(f"pots per called shot {_pct(made, len(calls))}")
    by_kind: dict[str, list[Row]] = {}
    for s in calls:
        by_kind.setdefault(s["kind"] or "?", []).append(s)
    for kind, shots in sorted(by_kind.items(), key=lambda item: -len(item[1])):
        estimate = statistics.mean(s["estimate"] for s in shots if s["estimate"] is not None)
        lines.append(f"  {kind:12s} {_pct(sum(s['made'] for s in shots), len(shots))}, the search's estimate "
                     f"{100 * estimate:.1f}%")
    for end in ("miss", "safety", "foul", "lost"):
        ended = [r for r in kept if r["end"] == end]
        if not ended:
            continue
        at = Counter(len(r["shots"]) for r in ended)
        last = [r["shots"][-1] for r in ended if r["shots"]]
        offered = statistics.mean(s["offered"] for s in last) if last else 0.0
        estimate = [s["estimate"] for s in last if s["estimate"] is not None and not s["safety"]]
        kinds = Counter(s["kind"] for s in last)
        lines.append(f"{end}: {len(ended)} visits; at shot " + ", ".join(f"{k}: {v}" for k, v in sorted(at.items()))
                     + f"; the last shot's kind " + ", ".join(f"{k} {v}" for k, v in kinds.most_common())
                     + (f"; its estimate mean {100 * statistics.mean(estimate):.1f}%" if estimate else "")
                     + f"; best straight pot offered there, mean {100 * offered:.1f}%")
    easy = [s for s in calls if s["offered"] >= 0.9]
    hard = [s for s in calls if s["offered"] < 0.9]
    lines.append(f"called shots where the position offered a straight pot of at least 90%: "
                 f"{_pct(sum(s['made'] for s in easy), len(easy))}; where it did not: "
                 f"{_pct(sum(s['made'] for s in hard), len(hard))}")
    cpu = [s["cpu"] for r in kept for s in r["shots"]]
    if cpu:
        lines.append(decision_cpu(cpu))
    return "\n".join(lines)


def compare(before: Sequence[Row], after: Sequence[Row]) -> str:
    """Two runs paired rack by rack: the difference of the run-out rates with a 95% interval."""
    a = {r["rack"]: r for r in before if r["kept"]}
    b = {r["rack"]: r for r in after if r["kept"]}
    common = sorted(set(a) & set(b))
    if not common:
        return "no rack kept in both runs"
    diffs = [(b[k]["end"] == "won") - (a[k]["end"] == "won") for k in common]
    n = len(diffs)
    mean = sum(diffs) / n
    sd = statistics.stdev(diffs) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n)
    won_a = sum(a[k]["end"] == "won" for k in common)
    won_b = sum(b[k]["end"] == "won" for k in common)
    only_b = sum(d > 0 for d in diffs)
    only_a = sum(d < 0 for d in diffs)
    shots_a = [s for k in common for s in a[k]["shots"]]
    shots_b = [s for k in common for s in b[k]["shots"]]

    def pots(shots: list[Row]) -> str:
        calls = [s for s in shots if not s["safety"]]
        return _pct(sum(s["made"] for s in calls), len(calls))

    def cpu(shots: list[Row]) -> str:
        t = sorted(s["cpu"] for s in shots)
        return f"median {statistics.median(t):.3f} s, p99 {t[min(len(t) - 1, int(0.99 * len(t)))]:.2f} s"

    return "\n".join([
        f"{n} kept breaks in both runs",
        f"run-outs: before {_pct(won_a, n)}, after {_pct(won_b, n)}",
        f"difference {100 * mean:+.1f} points (95% interval {100 * (mean - half):+.1f} to {100 * (mean + half):+.1f}); "
        f"run out only after {only_b}, only before {only_a}",
        f"pots per called shot: before {pots(shots_a)}, after {pots(shots_b)}",
        f"decision CPU: before {cpu(shots_a)}, after {cpu(shots_b)}",
    ])


def read(path: str) -> list[Row]:
    """The rows of a ``--save`` file (the last row of a rack counts when a rack was played twice)."""
    rows: dict[int, Row] = {}
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                row = json.loads(line)
                rows[row["rack"]] = row
    return [rows[k] for k in sorted(rows)]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--player", default="bot:champion")
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--racks", type=int, default=160)
    parser.add_argument("--noise", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--table", default="9ft", help="a table of bola8.physics.table.TABLES (9ft, as the arena)")
    parser.add_argument("--save")
    parser.add_argument("--report")
    parser.add_argument("--compare", nargs=2)
    args = parser.parse_args(argv)
    if args.compare:
        print(compare(read(args.compare[0]), read(args.compare[1])))
        return 0
    if args.report:
        print(report(read(args.report)))
        return 0
    from bola8.physics.table import TABLES

    if args.table not in TABLES:
        parser.error(f"--table: {args.table!r} is not a table; expected one of {', '.join(TABLES)}")
    saved = read(args.save) if args.save and os.path.exists(args.save) else []
    other = {r.get("table", "9ft") for r in saved} - {args.table}
    if other:
        parser.error(f"--save: {args.save} holds racks of the {', '.join(sorted(other))} table, not {args.table}")
    done = {r["rack"] for r in saved}
    rows = []
    started = time.process_time()
    for rack in range(args.first, args.first + args.racks):
        if rack in done:
            continue
        row = run(rack, args.seed, args.noise, args.player, args.table)
        rows.append(row)
        if args.save:
            with open(args.save, "a", encoding="utf-8") as handle:
                handle.write(json.dumps(row) + "\n")
    print(f"{args.player}, {args.table} table, racks {args.first}-{args.first + args.racks - 1}, noise {args.noise}x, "
          f"seed {args.seed}: "
          f"{time.process_time() - started:.0f} s CPU")
    print(report(read(args.save) if args.save else rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
