"""``bola8 batch``: many matches between two players, on every core or a Ray cluster.

The work is the library's (:mod:`bola8.batch`); this command reads the
options, shows a progress bar and says what was written.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from bola8.cli._io import add_lang_argument, guarded, whole_number, words
from bola8.cli.options import add_match_options, add_run_options, read_match_options, read_run_options
from bola8.extras import require
from bola8.rules.seats import PLAYERS

if TYPE_CHECKING:
    pass


def add_game_options(parser: argparse.ArgumentParser, *, games_default: str) -> None:
    """The options a batch and a tournament share: how many, which table and rules, how to run."""
    def h(es: str, en: str) -> str:
        return words(parser, es, en)

    parser.add_argument("--games", metavar="N", default=games_default,
                        help=h(f"encuentros que se juegan (por defecto {games_default})",
                               f"matches to play (default {games_default})"))
    add_match_options(parser, race_default="1",
                      race_help=("partidas para ganar cada encuentro (por defecto 1: cada encuentro es una partida)",
                                 "games to win each match (default 1: each match is one game)"),
                      seed_help=("semilla de la tanda; cada encuentro deriva la suya (por defecto 1)",
                                 "seed of the batch; each match derives its own (default 1)"))
    add_run_options(parser)
    add_lang_argument(parser)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the options of ``bola8 batch`` on ``parser`` (help in the parser's language)."""
    def h(es: str, en: str) -> str:
        return words(parser, es, en)

    parser.add_argument("--players", default="bot,bot",
                        help=h("los dos jugadores, separados por una coma (por defecto bot,bot)",
                               "the two players, comma-separated (default bot,bot)"))
    parser.add_argument("-o", "--output", metavar="DIR",
                        help=h("carpeta donde escribir games.parquet y shots.parquet (nueva o vacía)",
                               "folder to write games.parquet and shots.parquet to (new or empty)"))
    parser.add_argument("--records", action="store_true",
                        help=h("guarda además el registro completo de cada encuentro en DIR/records/",
                               "also keep each match's full record in DIR/records/"))
    parser.add_argument("--resume", action="store_true",
                        help=h("continúa la tanda interrumpida de -o DIR (las mismas opciones)",
                               "continue the interrupted batch in -o DIR (the same options)"))
    add_game_options(parser, games_default="100")


def run(args: argparse.Namespace) -> int:
    """Run ``bola8 batch`` with the parsed ``args``; the exit status."""
    return guarded(lambda: _run(args), args.lang)


def read_common(args: argparse.Namespace) -> dict[str, Any]:
    """The shared options as BatchSpec fields and run arguments, each checked and named when wrong."""
    from bola8.errors import InputError

    games = whole_number(args.games, "--games")
    if games < 1:
        raise InputError(f"--games: {games} is not a number of games to play; expected a whole number >= 1.",
                         f"--games: {games} no es un número de partidas; se esperaba un entero >= 1.")
    options = read_match_options(args)
    workers, ray = read_run_options(args)
    return {"matches": games, "race": options.race, "seed": options.seed, "table": options.table,
            "ruleset": options.ruleset, "noise": options.noise, "workers": workers, "ray": ray}


def player_list(text: str, field: str = "--players") -> list[str]:
    """The comma-separated player names of ``text``, refusing an empty one by ``field``."""
    from bola8.errors import InputError

    names = [k.strip() for k in text.split(",")]
    if not all(names):
        raise InputError(f"{field}: {text!r} has an empty name; separate the players with commas, e.g. bot,bot.",
                         f"{field}: {text!r} tiene un nombre vacío; separe los jugadores con comas, p. ej. bot,bot.")
    return names


def _run(args: argparse.Namespace) -> int:
    from bola8.batch.run import run_batch
    from bola8.batch.spec import BatchSpec
    from bola8.cli._io import say
    from bola8.errors import InputError

    common = read_common(args)
    if args.output is not None:
        require("batch", "-o")          # the Parquet files
    players = player_list(args.players)
    if len(players) != 2:
        raise InputError(f"--players: {args.players!r} must name two players, e.g. bot,bot.",
                         f"--players: {args.players!r} debe nombrar a dos jugadores, p. ej. bot,bot.")
    workers, ray = common.pop("workers"), common.pop("ray")
    try:
        spec = BatchSpec(players=(players[0], players[1]), **common)
    except InputError as error:
        raise _as_option(error) from None
    if (args.resume or args.records) and args.output is None:
        flag = "--resume" if args.resume else "--records"
        raise InputError(f"{flag}: needs the batch folder, -o DIR.", f"{flag}: necesita la carpeta de la tanda, -o DIR.")
    bar = ProgressBar(args.lang, quiet=args.quiet)
    try:
        result = run_batch(spec, args.output, workers=workers, ray=ray, resume=args.resume,
                           records=args.records, progress=bar.update)
    except KeyboardInterrupt:
        bar.close()
        from bola8.cli._io import write_json

        write_json({"error": ("interrumpido con Ctrl-C; cada encuentro terminado está guardado: "
                              "continúe con --resume." if args.lang == "es" else
                              "interrupted by Ctrl-C; every finished match is kept: continue with --resume.")})
        sys.stdout.flush()
        return 130
    bar.close()
    say(summary(spec, result, args.output, args.lang))
    return 0


def _as_option(error: Exception) -> Exception:
    """The spec's field named as the command's option (players: -> --players:)."""
    from bola8.errors import InputError

    if isinstance(error, InputError):
        return InputError("--" + error.en if not error.en.startswith("--") else error.en,
                          "--" + error.es if not error.es.startswith("--") else error.es)
    return error


def summary(spec: Any, result: Any, output: str | None, lang: str) -> str:
    """What was played and where it went, in one or two lines."""
    es = lang == "es"
    played, resumed = result.played, result.resumed
    line = (f"{played} encuentros jugados" if es else f"{played} matches played")
    if resumed:
        line += (f" ({resumed} ya estaban hechos)" if es else f" ({resumed} were already done)")
    if result.retried:
        line += (f"; {result.retried} repetidos por un proceso caído" if es
                 else f"; {result.retried} played again after a worker died")
    if output is not None:
        line += (f"; escritos en {output}/games.parquet y {output}/shots.parquet" if es
                 else f"; written to {output}/games.parquet and {output}/shots.parquet")
    else:
        games = result.games()
        wins = [sum(1 for g in games if g["winner"] == seat) for seat in PLAYERS]
        names = spec.names
        line += (f"; partidas ganadas: {names[0]} {wins[0]}, {names[1]} {wins[1]}" if es
                 else f"; games won: {names[0]} {wins[0]}, {names[1]} {wins[1]}")
    return line + "."


class ProgressBar:
    """Units done on standard error: a tqdm bar with its rate and time left, on a terminal only."""

    def __init__(self, lang: str, *, quiet: bool) -> None:
        self.lang = lang
        self.enabled = not quiet and sys.stderr.isatty()
        self._bar: Any = None

    def update(self, done: int, total: int) -> None:
        """``done`` units of ``total``: the bar opens at the first update and moves on."""
        if not self.enabled:
            return
        if self._bar is None:
            from tqdm import tqdm

            self._bar = tqdm(total=total, initial=done, unit=" enc" if self.lang == "es" else " matches",
                             file=sys.stderr, dynamic_ncols=True, smoothing=0.1)
        else:
            self._bar.update(done - self._bar.n)

    def close(self) -> None:
        """Close the bar, if one was opened."""
        if self._bar is not None:
            self._bar.close()
            self._bar = None
