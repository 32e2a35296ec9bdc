"""``bola8 arena``: any player against the reference bots under the olympiads' noise, on fixed seeds.

The work is the library's (:mod:`bola8.players.arena`); this command reads the
options, shows a progress bar, prints the table and writes the JSON and Parquet
files. docs/benchmark.md holds the project's reference table and how to make it.
"""

from __future__ import annotations

import argparse
import json

from bola8.cli._io import add_lang_argument, guarded, number, say, whole_number, words
from bola8.cli.options import add_run_options, add_table_options, read_run_options, read_table_options
from bola8.extras import require


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the options of ``bola8 arena`` on ``parser`` (help in the parser's language)."""
    from bola8.players.arena import DEFAULT_NOISES, DEFAULT_OPPONENTS

    def h(es: str, en: str) -> str:
        return words(parser, es, en)

    parser.add_argument("player", metavar="PLAYER",
                        help=h("el jugador que se mide: un bot (bot:champion) o módulo:fábrica, una función "
                               "que devuelve un bola8.players.Player",
                               "the player measured: a bot (bot:champion) or module:factory, a function "
                               "returning a bola8.players.Player"))
    parser.add_argument("--against", metavar="A,B,...", default=",".join(DEFAULT_OPPONENTS),
                        help=h(f"los rivales de referencia (por defecto {','.join(DEFAULT_OPPONENTS)})",
                               f"the reference opponents (default {','.join(DEFAULT_OPPONENTS)})"))
    parser.add_argument("--noise", metavar="N,N,...", default=",".join(f"{n:g}" for n in DEFAULT_NOISES),
                        help=h("los niveles de ruido de ejecución (por defecto 1,2,5; 1 = el de las olimpiadas)",
                               "the execution noise levels (default 1,2,5; 1 = the olympiads')"))
    parser.add_argument("--racks", metavar="N", default="100",
                        help=h("partidas contra cada rival a cada ruido (por defecto 100)",
                               "racks against each opponent at each noise (default 100)"))
    parser.add_argument("--seed", metavar="N", default="1", help=h("semilla (por defecto 1)", "seed (default 1)"))
    add_table_options(parser)
    parser.add_argument("--makerate-trials", metavar="N", default="1000",
                        help=h("intentos por celda de la tasa de acierto (por defecto 1000; 0: sin tabla)",
                               "trials per cell of the make rate (default 1000; 0: no table)"))
    parser.add_argument("--json", metavar="FILE",
                        help=h("escribe todas las cifras y cada partida en FILE (JSON)",
                               "write every figure and every rack to FILE (JSON)"))
    parser.add_argument("--parquet", metavar="FILE",
                        help=h("escribe una fila por partida en FILE (Parquet)", "write one row per rack to FILE (Parquet)"))
    parser.add_argument("--journal", metavar="FILE",
                        help=h("anota cada partida en FILE al terminarla; con el mismo FILE y las mismas opciones, "
                               "una ejecución interrumpida sigue donde se quedó",
                               "append each rack to FILE as it finishes; with the same FILE and options, a run "
                               "that was stopped goes on where it stopped"))
    add_run_options(parser)
    add_lang_argument(parser)


def run(args: argparse.Namespace) -> int:
    """Run ``bola8 arena`` with the parsed ``args``; the exit status."""
    return guarded(lambda: _run(args), args.lang)


def _list(text: str, field: str) -> list[str]:
    from bola8.errors import InputError

    names = [k.strip() for k in text.split(",")]
    if not all(names):
        raise InputError(f"{field}: {text!r} has an empty item; separate them with commas.",
                         f"{field}: {text!r} tiene un elemento vacío; sepárelos con comas.")
    return names


def _run(args: argparse.Namespace) -> int:
    from bola8.cli.batch import ProgressBar
    from bola8.errors import InputError
    from bola8.files import write_atomically
    from bola8.players.arena import ArenaSpec, run_arena, table, write_parquet
    from bola8.players.noise import MAX_LEVEL

    noises = tuple(number(n, "--noise", low=0.0, high=MAX_LEVEL) for n in _list(args.noise, "--noise"))
    table_name, ruleset = read_table_options(args)
    try:
        spec = ArenaSpec(player=args.player, opponents=tuple(_list(args.against, "--against")), noises=noises,
                         racks=whole_number(args.racks, "--racks", minimum=1),
                         seed=whole_number(args.seed, "--seed", minimum=0), table=table_name, ruleset=ruleset,
                         makerate_trials=whole_number(args.makerate_trials, "--makerate-trials", minimum=0))
    except InputError as error:
        raise _as_option(error) from None
    workers, ray = read_run_options(args)
    if args.parquet is not None:
        require("batch", "--parquet")
    for flag, path in (("--json", args.json), ("--parquet", args.parquet), ("--journal", args.journal)):
        if path is not None:
            _writable(path, flag)
    bar = ProgressBar(args.lang, quiet=args.quiet)
    try:
        result = run_arena(spec, workers=workers, ray=ray, progress=bar.update, journal=args.journal)
    finally:
        bar.close()
    say(table(result, args.lang))
    if args.json is not None:
        write_atomically(args.json, json.dumps(result.to_dict(), indent=1) + "\n", field="--json")
    if args.parquet is not None:
        write_parquet(args.parquet, result.rows)
    return 0


def _writable(path: str, flag: str) -> None:
    """Refuse a file that cannot be written before any rack is played (hours may go into one)."""
    import os

    from bola8.errors import InputError

    directory = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(directory) or not os.access(directory, os.W_OK):
        raise InputError(f"{flag}: cannot write {path!r} (no writable folder {directory!r}).",
                         f"{flag}: no se puede escribir {path!r} (no hay una carpeta escribible {directory!r}).")


def _as_option(error: Exception) -> Exception:
    """The spec's field named as the command's option (opponents: -> --against:)."""
    from bola8.errors import InputError

    if not isinstance(error, InputError):
        return error
    names = {"player": "PLAYER", "opponents": "--against", "noises": "--noise", "racks": "--racks",
             "seed": "--seed", "table": "--table", "ruleset": "--ruleset", "makerate_trials": "--makerate-trials"}

    def renamed(text: str) -> str:
        field, _, rest = text.partition(":")
        return f"{names.get(field, field)}:{rest}" if rest else text

    return InputError(renamed(error.en), renamed(error.es))
