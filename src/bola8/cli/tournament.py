"""``bola8 tournament``: a round robin of bots, its table of results and ratings; or, with ``--read``, the
report of a people's tournament from its export (standings and each player's figures)."""

from __future__ import annotations

import argparse
import json
import sys

from bola8.cli._io import guarded, words
from bola8.cli.batch import ProgressBar, add_game_options, player_list, read_common


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the options of ``bola8 tournament`` on ``parser`` (help in the parser's language)."""
    def h(es: str, en: str) -> str:
        return words(parser, es, en)

    parser.add_argument("--players",
                        help=h("los jugadores, separados por comas (al menos dos), p. ej. bot,bot",
                               "the players, comma-separated (at least two), e.g. bot,bot"))
    parser.add_argument("--read", metavar="EXPORT",
                        help=h("lee la exportación JSON de un torneo de personas y escribe su informe",
                               "read a people's tournament's JSON export and print its report"))
    parser.add_argument("--json", action="store_true",
                        help=h("escribe la tabla como JSON", "print the table as JSON"))
    parser.add_argument("--csv", action="store_true",
                        help=h("con --read: escribe la tabla como CSV", "with --read: print the table as CSV"))
    add_game_options(parser, games_default="20")


def run(args: argparse.Namespace) -> int:
    """Run ``bola8 tournament`` with the parsed ``args``; the exit status."""
    return guarded(lambda: _run(args), args.lang)


def _run(args: argparse.Namespace) -> int:
    from bola8.errors import InputError

    if args.read is not None:
        if args.players is not None:
            raise InputError("--read: a tournament is either played (--players) or read (--read), not both.",
                             "--read: un torneo se juega (--players) o se lee (--read), no las dos cosas.")
        from bola8.cli.people import report

        return report(args.read, args.lang, as_json=args.json, as_csv=args.csv)
    if args.players is None:
        raise InputError("--players: missing; name the players of a round robin, or --read an export.",
                         "--players: falta; nombre los jugadores de un todos contra todos, o lea una exportación "
                         "con --read.")
    if args.csv:
        raise InputError("--csv: only a tournament read with --read is printed as CSV.",
                         "--csv: solo un torneo leído con --read se escribe como CSV.")
    from bola8.batch.tournament import TournamentSpec, play_tournament
    from bola8.cli._io import say
    from bola8.cli.batch import _as_option

    common = read_common(args)
    workers, ray = common.pop("workers"), common.pop("ray")
    try:
        spec = TournamentSpec(players=tuple(player_list(args.players)), **common)
    except InputError as error:
        raise _as_option(error) from None
    bar = ProgressBar(args.lang, quiet=args.quiet)
    try:
        result = play_tournament(spec, workers=workers, ray=ray, progress=bar.update)
    finally:
        bar.close()
    if args.json:
        sys.stdout.write(json.dumps(result.to_dict(), ensure_ascii=False, indent=2) + "\n")
        return 0
    es = args.lang == "es"
    head = (("jugador", "encuentros", "ganados", "% ganados (IC 95 %)", "Elo") if es
            else ("player", "matches", "won", "win % (95% CI)", "Elo"))
    width = max(len(head[0]), *(len(s.name) for s in result.standings))
    say(f"{head[0]:<{width}}  {head[1]:>10}  {head[2]:>7}  {head[3]:<22}  {head[4]:>6}")
    for standing in result.standings:
        data = standing.to_dict()
        low, high = data["ci95"]
        rate = f"{100 * standing.win_rate:5.1f} ({100 * low:.1f}-{100 * high:.1f})"
        say(f"{standing.name:<{width}}  {standing.matches:>10}  {standing.wins:>7}  {rate:<22}  "
            f"{standing.rating:>6.0f}")
    return 0
