"""``bola8 demo``: the main job of ``make run``.

First the referee judges a few shots typed in as a person at a real table
would see them, each ruling printed with its articles; then two bots play a
short match on the simulated table, recorded, and the record is replayed to
confirm every ruling.
"""

from __future__ import annotations

import argparse
import os
import sys

from bola8.cli._io import add_lang_argument, by_language, guarded, words

# (title in Spanish, title in English, state, facts of the shot)
SITUATIONS: list[tuple[str, str, dict[str, object], dict[str, object]]] = [
    ("Tiro de apertura legal: entra la 5", "Legal break: the 5 drops",
     {"phase": "break", "cue_ball": "in_hand_behind_head_string"},
     {"first_contact": 1, "pocketed": [{"ball": 5, "pocket": "foot-left"}], "object_balls_to_rail": 3}),
    ("Tiro de apertura sin entronerar y con solo dos bolas a banda",
     "Break with no ball pocketed and only two balls to a cushion",
     {"phase": "break", "cue_ball": "in_hand_behind_head_string"},
     {"first_contact": 1, "pocketed": [], "object_balls_to_rail": 2}),
    ("Canta la 3 a la tronera de pie izquierda y entra", "Calls the 3 in the foot left pocket and makes it",
     {"groups": ["solids", "stripes"], "on_table": [3, 8, 9, 10]},
     {"call": {"ball": 3, "pocket": "foot-left"}, "first_contact": 3,
      "pocketed": [{"ball": 3, "pocket": "foot-left"}], "rail_after_contact": True}),
    ("La 8 entra en una tronera distinta de la cantada", "The 8 drops in a pocket it was not called for",
     {"groups": ["solids", "stripes"], "on_table": [8, 12]},
     {"call": {"ball": 8, "pocket": "side-left"}, "first_contact": 8,
      "pocketed": [{"ball": 8, "pocket": "foot-right"}], "rail_after_contact": True}),
    ("Entra la bola blanca", "The cue ball drops",
     {"groups": ["stripes", "solids"], "on_table": [1, 2, 8, 9, 11]},
     {"call": {"ball": 9, "pocket": "head-right"}, "first_contact": 9,
      "pocketed": [{"ball": 0, "pocket": "side-right"}], "rail_after_contact": True}),
]

_SAY = by_language({
    "referee": ("== El árbitro ==", "== The referee =="),
    "match": ("== Un encuentro entre bots ({race}) ==", "== A bot-vs-bot match ({race}) =="),
    "replay": ("== Reproducción del registro ==", "== Replay of the record =="),
    "yes": ("sí", "yes"),
    "no": ("no", "no"),
    "verdict": ("falta: {foul}; pierde el turno: {passes}", "foul: {foul}; turn passes: {passes}"),
    "foul": ("falta: {foul}", "foul: {foul}"),
    "next": ("tira a continuación: jugador {player}", "next to shoot: player {player}"),
    "decision": ("el jugador {player} elige: {options}", "player {player} chooses: {options}"),
    "or": (" o ", " or "),
    "over": ("partida terminada: gana el jugador {winner}", "game over: player {winner} wins"),
    "written": ("Registro del encuentro escrito en {path}", "Match record written to {path}"),
})


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the options of ``bola8 demo`` on ``parser`` (help in the parser's language)."""
    parser.add_argument("--race", metavar="N", default="3",
                        help=words(parser, "partidas que hay que ganar en el encuentro de la demostración "
                                           "(por defecto 3)", "games needed to win the demo match (default 3)"))
    parser.add_argument("--seed", metavar="N", default="1",
                        help=words(parser, "semilla del encuentro de la demostración (por defecto 1)",
                                   "seed of the demo match (default 1)"))
    parser.add_argument("--record", default="demo-match.jsonl",
                        help=words(parser, "dónde escribir el registro (por defecto demo-match.jsonl en el "
                                           "directorio actual)",
                                   "where to write the record (default demo-match.jsonl in the current directory)"))
    add_lang_argument(parser)


def run(args: argparse.Namespace) -> int:
    """Run ``bola8 demo`` with the parsed ``args``; the exit status."""
    return guarded(lambda: _run(args), args.lang)


def _run(args: argparse.Namespace) -> int:
    from bola8 import rules
    from bola8.cli import match, parse_command, replay
    from bola8.cli.options import check_race
    from bola8.cli._io import whole_number
    from bola8.game.narration import race_to
    from bola8.rules.messages import name_of

    race = check_race(args.race)
    seed = whole_number(args.seed, "--seed")
    say = _SAY[args.lang]

    def yes_no(value: bool) -> str:
        return say["yes"] if value else say["no"]

    print(say["referee"])
    for title_es, title_en, state_data, shot_data in SITUATIONS:
        state = rules.State.from_dict({"on_table": list(range(1, 16)), **state_data})
        ruling, after = rules.judge(state, rules.Shot.from_dict(shot_data))
        print(f"\n{title_es if args.lang == 'es' else title_en}")
        if after.phase == "over":      # no next turn to lose or keep
            parts = [say["foul"].format(foul=yes_no(ruling.foul)), say["over"].format(winner=after.winner)]
        elif after.decision is not None:
            options = say["or"].join(name_of(o, args.lang) for o in after.decision.options)
            parts = [say["verdict"].format(foul=yes_no(ruling.foul), passes=yes_no(ruling.turn_passes)),
                     say["decision"].format(player=after.decision.player, options=options)]
        else:
            parts = [say["verdict"].format(foul=yes_no(ruling.foul), passes=yes_no(ruling.turn_passes)),
                     say["next"].format(player=after.shooter)]
        print("  " + "; ".join(parts))
        for reason in ruling.reasons:
            print(f"  Art. {reason.article}: {reason.text(args.lang)}")
    sys.stdout.flush()

    print("\n" + say["match"].format(race=race_to(race, args.lang)))
    status = match.run(parse_command("match", ["--players", "bot,bot", "--race", str(race), "--seed", str(seed),
                                               "--record", args.record, "--overwrite"], args.lang))
    if status != 0:
        return status
    print("\n" + say["written"].format(path=os.path.abspath(args.record)))
    print("\n" + say["replay"])
    sys.stdout.flush()
    return int(replay.run(parse_command("replay", [args.record], args.lang)))
