"""``bola8 match``: play a whole match and print it shot by shot."""

from __future__ import annotations

import math
import sys

from bola8.cli._io import add_lang_argument, guarded

TABLES = ("7ft", "8ft", "9ft")
RULESETS = ("spanish", "spanish-coin-op")


def add_arguments(parser) -> None:
    parser.add_argument("--players", default="bot,bot",
                        help="the two players, comma-separated (kinds: bot); default bot,bot")
    parser.add_argument("--race", type=int, default=3, help="games needed to win the match (default 3)")
    parser.add_argument("--seed", type=int, default=1, help="seed of racks and players (default 1)")
    parser.add_argument("--table", choices=TABLES, default="9ft", help="table size (default 9ft)")
    parser.add_argument("--ruleset", choices=RULESETS, default="spanish", help="ruleset (default spanish)")
    parser.add_argument("--set", metavar="KEY=VALUE", action="append", default=[], dest="settings",
                        help="a setting of the ruleset, e.g. stalemate=off (repeatable; see bola8.rules.Ruleset)")
    parser.add_argument("--noise", type=float, default=1.0,
                        help="execution noise of the bots, 1 = the computer olympiad's (default 1)")
    parser.add_argument("--warned", metavar="PLAYERS", default="",
                        help="players warned for slow play before the match, on the shot clock in every "
                             "game (Art. 24): 0, 1 or 0,1")
    parser.add_argument("--disqualify", metavar="PLAYER:GAME",
                        help="the tournament director disqualifies PLAYER (0 or 1) before game GAME starts "
                             "(Art. 22), e.g. 1:2")
    parser.add_argument("--record", metavar="FILE", help="write the game record (JSON Lines) here")
    parser.add_argument("--quiet", action="store_true", help="print only the result")
    add_lang_argument(parser)


def run(args) -> int:
    return guarded(lambda: _run(args), args.lang)


def _run(args) -> int:
    from bola8.cli.match_printer import MatchPrinter, Tee
    from bola8.errors import InputError
    from bola8.game import MatchSettings, play_match
    from bola8.game.record import RecordWriter
    from bola8.players import PLAYER_KINDS, make_player

    kinds = [k.strip() for k in args.players.split(",")]
    if len(kinds) != 2 or not all(kinds):
        raise InputError(f"--players: {args.players!r} must name two players, e.g. bot,bot.",
                         f"--players: {args.players!r} debe nombrar a dos jugadores, p. ej. bot,bot.")
    for kind in kinds:
        if kind not in PLAYER_KINDS:
            raise InputError(f"--players: {kind!r} is not a kind of player; expected {', '.join(PLAYER_KINDS)}.",
                             f"--players: {kind!r} no es un tipo de jugador; se esperaba {', '.join(PLAYER_KINDS)}.")
    check_race(args.race)
    if not (args.noise >= 0 and math.isfinite(args.noise)):
        raise InputError(f"--noise: {args.noise} is not a noise level; expected a number >= 0.",
                         f"--noise: {args.noise} no es un nivel de ruido; se esperaba un número >= 0.")
    settings = MatchSettings(table=args.table, ruleset=_ruleset(args.ruleset, args.settings),
                             race=args.race, seed=args.seed,
                             warned=_warned(args.warned))
    official = _director(args.disqualify) if args.disqualify is not None else None
    names = [f"{kind} {'AB'[i]}" for i, kind in enumerate(kinds)]
    players = tuple(make_player(kind, name=names[i], seed=args.seed * 2 + i, noise=args.noise)
                    for i, kind in enumerate(kinds))
    header = {"players": names, "race": args.race, "seed": args.seed, "table": args.table,
              "ruleset": args.ruleset, "noise": args.noise}
    writer = RecordWriter(args.record, header, field="--record") if args.record else None
    if writer:
        writer.save()   # the header now: a path that cannot be written is refused before the match
    printer = MatchPrinter(names, race=args.race, lang=args.lang, quiet=args.quiet,
                           out=sys.stdout, progress=sys.stderr)
    observers = [printer] + ([writer] if writer else [])
    play_match(players, settings, Tee(observers), official=official)
    return 0


def check_race(race: int) -> None:
    """--race names the option (MatchSettings would say 'race:'); bola8 demo checks it before printing."""
    from bola8.errors import InputError

    if race < 1:
        raise InputError(f"--race: {race} is not a race; expected a whole number of games >= 1.",
                         f"--race: {race} no es un número de partidas para ganar el encuentro; "
                         "se esperaba un entero >= 1.")


def _ruleset(name: str, settings: list[str]):
    """--ruleset NAME with each --set KEY=VALUE applied; the library checks the settings."""
    from bola8.errors import InputError
    from bola8.rules import get_ruleset

    given: dict[str, str] = {}
    for text in settings:
        key, equals, value = text.partition("=")
        if not equals or not key.strip():
            raise InputError(f"--set: {text!r} must be KEY=VALUE, e.g. stalemate=off.",
                             f"--set: {text!r} debe ser CLAVE=VALOR, p. ej. stalemate=off.")
        if key.strip() in given:
            raise InputError(f"--set: {key.strip()} is set twice.", f"--set: {key.strip()} aparece dos veces.")
        given[key.strip()] = value.strip()
    return get_ruleset(name, "--ruleset").with_text_settings(given, "--set")


def _warned(text: str) -> tuple[int, ...]:
    from bola8.errors import InputError

    parts = [p.strip() for p in text.split(",")] if text.strip() else []
    if not all(p in ("0", "1") for p in parts):
        raise InputError(f"--warned: {text!r} must list players 0 and/or 1, e.g. 0 or 0,1.",
                         f"--warned: {text!r} debe indicar los jugadores 0 y/o 1, p. ej. 0 o 0,1.")
    return tuple(int(p) for p in parts)


def _director(text: str):
    """The official that disqualifies PLAYER before the first action of game GAME."""
    from bola8.errors import InputError
    from bola8.game import Disqualify

    player, _, game = text.partition(":")
    if player.strip() not in ("0", "1") or not game.strip().isdigit() or int(game) < 1:
        raise InputError(f"--disqualify: {text!r} must be PLAYER:GAME, a player 0 or 1 and a game from 1, "
                         "e.g. 1:2.",
                         f"--disqualify: {text!r} debe ser PLAYER:GAME, un jugador 0 o 1 y una partida desde "
                         "la 1, p. ej. 1:2.")
    player_n, game_n = int(player), int(game)
    return lambda current, number: [Disqualify(player_n)] if number >= game_n else []