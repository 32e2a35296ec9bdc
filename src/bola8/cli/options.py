"""The options of how matches are played, shared by ``bola8 match``, ``batch``, ``tournament`` and ``arena``.

``--race``, ``--seed``, ``--table``, ``--ruleset`` and ``--noise`` are
declared once (:func:`add_match_options`; the table and the ruleset alone:
:func:`add_table_options`) and read once (:func:`read_match_options`,
:func:`read_table_options`), each checked and named when wrong. The tables
and rulesets offered are the registries' own - ``bola8.physics.TABLES`` and
``bola8.rules.RULESETS`` - so a new table or ruleset needs no change here.
The tables are read when the command runs, not when its help is shown: the
physics package loads numba, and ``--help`` must start at once.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from bola8.cli._io import number, one_of, whole_number, words
from bola8.errors import InputError
from bola8.rules.rulesets import RULESETS

DEFAULT_TABLE = "9ft"
DEFAULT_RULESET = "spanish"


def add_match_options(parser: argparse.ArgumentParser, *, race_default: str, race_help: tuple[str, str],
                      seed_help: tuple[str, str]) -> None:
    """Declare --race, --seed, --table, --ruleset and --noise; the help of race and seed in (es, en)."""
    from bola8.players.noise import MAX_LEVEL

    def h(es: str, en: str) -> str:
        return words(parser, es, en)

    parser.add_argument("--race", metavar="N", default=race_default, help=h(*race_help))
    parser.add_argument("--seed", metavar="N", default="1", help=h(*seed_help))
    add_table_options(parser)
    parser.add_argument("--noise", metavar="LEVEL", default="1",
                        help=h(f"ruido de ejecución de los bots, de 0 a {MAX_LEVEL:g}; 1 = el de la olimpiada "
                               "de computadoras (por defecto 1)",
                               f"execution noise of the bots, 0 to {MAX_LEVEL:g}; 1 = the computer olympiad's "
                               "(default 1)"))


@dataclass(frozen=True)
class MatchOptions:
    """The shared options, read and checked."""

    race: int
    seed: int
    table: str
    ruleset: str
    noise: float


def read_match_options(args: argparse.Namespace) -> MatchOptions:
    """The options of :func:`add_match_options`, each checked and named when wrong."""
    from bola8.players.noise import MAX_LEVEL

    table, ruleset = read_table_options(args)
    return MatchOptions(race=check_race(args.race), seed=whole_number(args.seed, "--seed", minimum=0),
                        table=table, ruleset=ruleset, noise=number(args.noise, "--noise", low=0.0, high=MAX_LEVEL))


def add_table_options(parser: argparse.ArgumentParser) -> None:
    """Declare --table and --ruleset."""
    parser.add_argument("--table", metavar="TABLE", default=DEFAULT_TABLE,
                        help=words(parser, f"tamaño de la mesa, una de las de bola8.physics (por defecto {DEFAULT_TABLE})",
                                   f"table size, one of bola8.physics' tables (default {DEFAULT_TABLE})"))
    parser.add_argument("--ruleset", metavar="{" + ",".join(RULESETS) + "}", default=DEFAULT_RULESET,
                        help=words(parser, f"reglamento (por defecto {DEFAULT_RULESET})",
                                   f"ruleset (default {DEFAULT_RULESET})"))


def read_table_options(args: argparse.Namespace) -> tuple[str, str]:
    """(table, ruleset) of :func:`add_table_options`: the table among the physics registry's, the ruleset
    among ``bola8.rules.RULESETS``."""
    from bola8.physics import TABLES

    return one_of(args.table, "--table", tuple(TABLES)), one_of(args.ruleset, "--ruleset", tuple(RULESETS))


def add_run_options(parser: argparse.ArgumentParser) -> None:
    """Declare how many matches are played at once: --workers, --ray and --quiet (no progress bar)."""
    def h(es: str, en: str) -> str:
        return words(parser, es, en)

    parser.add_argument("--workers", metavar="K",
                        help=h("procesos en esta máquina (por defecto, uno por núcleo)",
                               "processes on this machine (default: one per core)"))
    parser.add_argument("--ray", metavar="ADDRESS",
                        help=h("juega en un clúster de Ray: su dirección, auto (el clúster en marcha) o local "
                               "(uno nuevo en este proceso)",
                               "play on a Ray cluster: its address, auto (the running cluster) or local "
                               "(a new one in this process)"))
    parser.add_argument("--quiet", action="store_true", help=h("sin barra de progreso", "no progress bar"))


def read_run_options(args: argparse.Namespace) -> tuple[int | None, str | None]:
    """(workers, ray address) of :func:`add_run_options`, checked; --ray needs the cluster extra."""
    from bola8.extras import require

    workers = None if args.workers is None else whole_number(args.workers, "--workers", minimum=1)
    if args.ray is not None:
        if not args.ray.strip():
            raise InputError("--ray: an empty address; give the cluster's address, auto or local.",
                             "--ray: dirección vacía; indique la del clúster, auto o local.")
        require("cluster", "--ray")
    return workers, args.ray


def check_race(text: str) -> int:
    """--race as a whole number >= 1, the option named (the library would say 'race:')."""
    try:
        race = whole_number(text, "--race")
    except InputError:
        race = 0
    if race < 1:
        shown = repr(text) if race == 0 and text.strip() != "0" else text
        raise InputError(f"--race: {shown} is not a race; expected a whole number of games >= 1.",
                         f"--race: {shown} no es un número de partidas para ganar el encuentro; "
                         "se esperaba un entero >= 1.")
    return race
