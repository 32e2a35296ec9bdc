"""``bola8 demo``: the main job of ``make run``.

First the referee judges a few shots typed in as a person at a real table
would see them, each ruling printed with its articles; then two bots play a
short match on the simulated table, recorded, and the record is replayed to
confirm every ruling.
"""

from __future__ import annotations

import argparse
import sys

from bola8.cli._io import add_lang_argument, guarded

SITUATIONS = [
    ("Saque legal: entronera la 5 / Legal break: the 5 drops",
     {"phase": "break", "cue_ball": "in_hand_behind_head_string"},
     {"first_contact": 1, "pocketed": [{"ball": 5, "pocket": "foot-left"}], "object_balls_to_rail": 3}),
    ("Saque sin entronerar y con solo dos bolas a banda / Break with no pot and two balls to a cushion",
     {"phase": "break", "cue_ball": "in_hand_behind_head_string"},
     {"first_contact": 1, "pocketed": [], "object_balls_to_rail": 2}),
    ("Canta la 3 a la tronera de pie izquierda y entra / Calls the 3 in foot-left and makes it",
     {"groups": ["solids", "stripes"], "on_table": [3, 8, 9, 10]},
     {"call": {"ball": 3, "pocket": "foot-left"}, "first_contact": 3,
      "pocketed": [{"ball": 3, "pocket": "foot-left"}], "rail_after_contact": True}),
    ("La 8 en tronera distinta a la cantada / The 8 in a pocket it was not called for",
     {"groups": ["solids", "stripes"], "on_table": [8, 12]},
     {"call": {"ball": 8, "pocket": "side-left"}, "first_contact": 8,
      "pocketed": [{"ball": 8, "pocket": "foot-right"}], "rail_after_contact": True}),
    ("Entra la bola blanca / The cue ball drops",
     {"groups": ["stripes", "solids"], "on_table": [1, 2, 8, 9, 11]},
     {"call": {"ball": 9, "pocket": "head-right"}, "first_contact": 9,
      "pocketed": [{"ball": 0, "pocket": "side-right"}], "rail_after_contact": True}),
]


def add_arguments(parser) -> None:
    parser.add_argument("--race", type=int, default=3, help="games needed to win the demo match (default 3)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the demo match (default 1)")
    parser.add_argument("--record", default="demo-match.jsonl", help="where to write the record")
    add_lang_argument(parser)


def run(args) -> int:
    return guarded(lambda: _run(args))


def _run(args) -> int:
    from bola8 import rules

    print("== El árbitro / The referee ==")
    for title, state_data, shot_data in SITUATIONS:
        state = rules.State.from_dict({"on_table": list(range(1, 16)), **state_data})
        ruling, after = rules.judge(state, rules.Shot.from_dict(shot_data))
        print(f"\n{title}")
        print(f"  falta/foul: {ruling.foul}; turno pasa/turn passes: {ruling.turn_passes}; "
              f"siguiente/next: jugador {after.shooter}"
              + (f"; decisión/decision: {list(after.decision.options)}" if after.decision else "")
              + (f"; ganador/winner: {after.winner}" if after.winner is not None else ""))
        for reason in ruling.reasons:
            print(f"  Art. {reason.article}: {reason.text(args.lang)}")
    sys.stdout.flush()

    from bola8.cli import match, replay

    print(f"\n== Un encuentro entre bots / A bot-vs-bot match (a {args.race}) ==")
    match_args = argparse.Namespace(players="bot,bot", race=args.race, seed=args.seed, table="9ft",
                                    ruleset="spanish", noise=1.0, record=args.record, quiet=False,
                                    lang=args.lang)
    status = match.run(match_args)
    if status != 0:
        return status
    print(f"\n== Reproducción / Replay of {args.record} ==")
    return replay.run(argparse.Namespace(file=args.record, json=False, lang=args.lang))
