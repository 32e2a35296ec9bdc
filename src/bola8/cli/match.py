"""``bola8 match``: play a whole match and print it shot by shot.

The narration is the library's (:mod:`bola8.game.narration`); this command
parses the options, prints the narrated lines as they come, shows the
progress on standard error and has the record written.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from bola8.cli._io import add_lang_argument, guarded, words
from bola8.cli.options import add_match_options, read_match_options
from bola8.game.match import NullObserver

if TYPE_CHECKING:
    from bola8.game.game import Game, Turn
    from bola8.game.lag import LagStroke
    from bola8.game.match import MatchObserver, MatchResult, MatchSettings, Official
    from bola8.rules import Ruleset


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the options of ``bola8 match`` on ``parser`` (help in the parser's language)."""
    def h(es: str, en: str) -> str:
        return words(parser, es, en)

    parser.add_argument("--players", default="bot,bot",
                        help=h("los dos jugadores, separados por una coma (tipos: bot); por defecto bot,bot",
                               "the two players, comma-separated (kinds: bot); default bot,bot"))
    add_match_options(parser, race_default="3",
                      race_help=("partidas que hay que ganar para ganar el encuentro (por defecto 3)",
                                 "games needed to win the match (default 3)"),
                      seed_help=("semilla de los triángulos y de los jugadores (por defecto 1)",
                                 "seed of racks and players (default 1)"))
    parser.add_argument("--set", metavar="KEY=VALUE", action="append", default=[], dest="settings",
                        help=h("un ajuste del reglamento, p. ej. stalemate=off (repetible; ver bola8.rules.Ruleset)",
                               "a setting of the ruleset, e.g. stalemate=off (repeatable; see bola8.rules.Ruleset)"))
    parser.add_argument("--warned", metavar="PLAYERS", default="",
                        help=h("jugadores advertidos por juego lento antes del encuentro, con reloj de tiro en "
                               "cada partida (Art. 24): 0, 1 o 0,1",
                               "players warned for slow play before the match, on the shot clock in every "
                               "game (Art. 24): 0, 1 or 0,1"))
    parser.add_argument("--disqualify", metavar="PLAYER:GAME",
                        help=h("el director deportivo descalifica a PLAYER (0 o 1) antes de empezar la partida "
                               "GAME (Art. 22), p. ej. 1:2",
                               "the tournament director disqualifies PLAYER (0 or 1) before game GAME starts "
                               "(Art. 22), e.g. 1:2"))
    parser.add_argument("--record", metavar="FILE",
                        help=h("escribe aquí el registro del encuentro (JSON Lines)",
                               "write the game record (JSON Lines) here"))
    parser.add_argument("--overwrite", action="store_true",
                        help=h("sustituye el archivo de --record si ya es un registro de bola8",
                               "replace the --record file if it is already a bola8 record"))
    parser.add_argument("--quiet", action="store_true",
                        help=h("muestra solo el resultado", "print only the result"))
    add_lang_argument(parser)


def run(args: argparse.Namespace) -> int:
    """Run ``bola8 match`` with the parsed ``args``; the exit status."""
    return guarded(lambda: _run(args), args.lang)


def _run(args: argparse.Namespace) -> int:
    from bola8.cli._io import say
    from bola8.errors import InputError
    from bola8.game import MatchSettings, play_match
    from bola8.game.narration import NarratingObserver, Narrator, Tee
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
    options = read_match_options(args)
    race, seed, table, noise = options.race, options.seed, options.table, options.noise
    if args.record is not None and not args.record.strip():
        raise InputError("--record: an empty name is no file; name the file to write the record to.",
                         "--record: un nombre vacío no es ningún archivo; indique el archivo del registro.")
    settings = MatchSettings(table=table, ruleset=_ruleset(options.ruleset, args.settings), race=race, seed=seed, warned=_warned(args.warned))
    official = _director(args.disqualify) if args.disqualify is not None else None
    names = [f"{kind} {'AB'[i]}" for i, kind in enumerate(kinds)]
    players = tuple(make_player(kind, name=names[i], seed=seed * 2 + i, noise=noise)
                    for i, kind in enumerate(kinds))
    header = {"players": names, "race": race, "seed": seed, "table": table,
              "ruleset": settings.ruleset.to_dict(), "noise": noise}
    writer = RecordWriter(args.record, header, field="--record",
                          overwrite=args.overwrite) if args.record is not None else None
    if writer:
        writer.save()   # the header now: a path that cannot be written is refused before the match
    narration = NarratingObserver(Narrator(names, race=race, lang=args.lang), say, result_only=args.quiet)
    progress = Progress(race, args.lang)
    observers: list[MatchObserver] = [narration, progress]
    if writer:
        observers.append(writer)
    try:
        play_match(players, settings, Interruptible(Tee(observers)), official=official)
    finally:
        progress.close()      # a bar cut by Ctrl-C or an error still ends its line
        if writer:
            writer.close()    # a replacement that never got its header is removed
    return 0


def _ruleset(name: str, settings: list[str]) -> Ruleset:
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


def _director(text: str) -> Official:
    """The official that disqualifies PLAYER before the first action of game GAME."""
    from bola8.errors import InputError
    from bola8.game import Disqualify

    player, _, game = text.partition(":")
    player, game = player.strip(), game.strip()
    # ASCII digits only: "²".isdigit() is True, but int("²") is not a number
    if player not in ("0", "1") or not (game.isascii() and game.isdigit()) or len(game) > 9 or int(game) < 1:
        raise InputError(f"--disqualify: {text!r} must be PLAYER:GAME, a player 0 or 1 and a game from 1, "
                         "e.g. 1:2.",
                         f"--disqualify: {text!r} debe ser PLAYER:GAME, un jugador 0 o 1 y una partida desde "
                         "la 1, p. ej. 1:2.")
    player_n, game_n = int(player), int(game)

    def director(current: Game, number: int) -> list[Disqualify]:
        return [Disqualify(player_n)] if number >= game_n else []

    return director


class Progress(NullObserver):
    """The match's progress on standard error: the leader's games out of the race.

    On a terminal, a bar that updates in place with its rate and the time
    left (tqdm); otherwise - a pipe, a file, a log - one plain line per game.
    """

    def __init__(self, race: int, lang: str):
        from bola8.game.narration import race_to

        self.race = race
        self.lang = lang
        self.label = race_to(race, lang)
        self.bar: object = None

    def _terminal(self) -> bool:
        try:
            return sys.stderr.isatty()
        except (AttributeError, ValueError):
            return False

    def on_match_start(self, settings: MatchSettings) -> None:
        """Open the bar, on a terminal."""
        if self._terminal():
            from tqdm import tqdm

            unit = "partida" if self.lang == "es" else "game"
            self.bar = tqdm(total=self.race, file=sys.stderr, unit=unit, leave=True, dynamic_ncols=True,
                            desc=self.label, bar_format="{desc}: {bar} {n_fmt}/{total_fmt} "
                                                        "[{elapsed}<{remaining}, {rate_fmt}] {postfix}")

    def on_game_end(self, number: int, game: Game, score: list[int]) -> None:
        """Show the score: the bar moves to the leader's games, or one plain line off a terminal."""
        text = f"{score[0]}-{score[1]}"
        bar = self.bar
        if bar is not None:
            from tqdm import tqdm

            assert isinstance(bar, tqdm)
            bar.set_postfix_str(text, refresh=False)
            bar.update(max(score) - bar.n)
        else:
            print(f"{text} ({self.label})", file=sys.stderr, flush=True)

    def on_match_end(self, result: MatchResult) -> None:
        """Close the bar."""
        self.close()

    def close(self) -> None:
        """Close the bar if it is open (also after a Ctrl-C or an error), ending its line."""
        bar, self.bar = self.bar, None
        if bar is not None:
            from tqdm import tqdm

            assert isinstance(bar, tqdm)
            bar.close()


class Interruptible:
    """An observer whose events a Ctrl-C never cuts in half (see :mod:`bola8.cli._signals`).

    A Ctrl-C that arrived during the physics is raised before the next event is
    handed on; one that arrives while ``inner`` prints or records a line waits
    until the line is whole.
    """

    def __init__(self, inner: MatchObserver):
        self.inner = inner

    def _hand(self, event: Callable[[], None]) -> None:
        from bola8.cli import _signals

        _signals.checkpoint()
        with _signals.deferred():
            event()

    def on_match_start(self, settings: MatchSettings) -> None:
        """Hand the match's start on, whole (a Ctrl-C waits until it is)."""
        self._hand(lambda: self.inner.on_match_start(settings))

    def on_lag(self, strokes: tuple[LagStroke, LagStroke], winner: int, breaker: int, reason: str,
               coin_toss: bool = False) -> None:
        """Hand the lag on, whole (a Ctrl-C waits until it is)."""
        self._hand(lambda: self.inner.on_lag(strokes, winner, breaker, reason, coin_toss))

    def on_game_start(self, number: int, game: Game) -> None:
        """Hand the game's start on, whole (a Ctrl-C waits until it is)."""
        self._hand(lambda: self.inner.on_game_start(number, game))

    def on_place(self, player: int, point: tuple[float, float], game: Game) -> None:
        """Hand the placement on, whole (a Ctrl-C waits until it is)."""
        self._hand(lambda: self.inner.on_place(player, point, game))

    def on_turn(self, turn: Turn, choice: object) -> None:
        """Hand the action judged on, whole (a Ctrl-C waits until it is)."""
        self._hand(lambda: self.inner.on_turn(turn, choice))

    def on_game_end(self, number: int, game: Game, score: list[int]) -> None:
        """Hand the game's end on, whole (a Ctrl-C waits until it is)."""
        self._hand(lambda: self.inner.on_game_end(number, game, score))

    def on_warn(self, player: int, number: int | None) -> None:
        """Hand the warning on, whole (a Ctrl-C waits until it is)."""
        self._hand(lambda: self.inner.on_warn(player, number))

    def on_disqualify(self, player: int, number: int | None) -> None:
        """Hand the disqualification on, whole (a Ctrl-C waits until it is)."""
        self._hand(lambda: self.inner.on_disqualify(player, number))

    def on_concede(self, player: int, number: int | None, abandoned: bool) -> None:
        """Hand the match conceded on, whole (a Ctrl-C waits until it is)."""
        self._hand(lambda: self.inner.on_concede(player, number, abandoned))

    def on_match_end(self, result: MatchResult) -> None:
        """Hand the match's end on, whole (a Ctrl-C waits until it is)."""
        self._hand(lambda: self.inner.on_match_end(result))
