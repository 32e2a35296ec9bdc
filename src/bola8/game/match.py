"""The match: lag, alternate breaks, race to N, stalemates and disqualification.

- Art. 4.1: a lag decides the first break; its winner chooses who breaks.
- Art. 4.2: the break then alternates game by game; if the deciding game
  arrives with the score tied (hill-hill), the players lag again before it.
- Art. 21.2: a stalemate is not scored; the rack is played again with the
  same player breaking. The players may agree to one at any time: during a
  run of safeties (``PROPOSE_STALEMATE_AFTER`` turns without an attempt) the
  shooter is asked before his shot whether he proposes it
  (``Player.agrees_to_stalemate``) and, if he does, the other whether he
  accepts.
- Art. 22: a disqualified player forfeits the match.
- A player may concede the match (no article: his own act, as leaving the
  table is); a player who abandoned it - gone, and not back when he had to
  play - loses it the same way once his opponent claims it. The match ends
  at once, the other player winning, the game in play unfinished.
- Art. 24: a player warned for slow play is on the shot clock for the rest of
  the match, every rack.

:func:`play_match` drives two :class:`~bola8.players.Player` objects through
the games and reports every action to an observer (the command line prints
them, a :class:`~bola8.game.record.RecordWriter` writes them down).

A player cannot warn or disqualify anyone, himself included: that is the
officials' part. ``MatchSettings.warned`` names the players warned before the
match starts; the ``official`` of :func:`play_match` - a referee and a
tournament director in one callable - is asked before every action of every
game and may answer :class:`Warn` (Art. 24) or :class:`Disqualify` (Art. 22).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, Union

from bola8 import rules
from bola8.errors import InputError
from bola8.game.game import Game, Turn
from bola8.game.lag import LagStroke, lag_stroke, lag_winner
from bola8.game.shot_clock import ShotClock

if TYPE_CHECKING:
    from bola8.physics import PhysicsSettings, TableSpec
    from bola8.players.protocol import Player

# The two players of a game or a match, player 0 first.
Players = Sequence["Player"]

# A real rack of 8-ball takes a few dozen actions, and Art. 21.1 ends games of safeties;
# a rack still going after this many is ended as a stalemate agreed (Art. 21.2).
MAX_ACTIONS_PER_GAME = 2000
# Art. 21.2: a stalemate is proposed (by the shooter, before his shot) only once both players
# have played a turn without attempt in a row - a safety battle - not before every shot.
PROPOSE_STALEMATE_AFTER = 2
# How a match ends: a player reaches the race, the director disqualifies one (Art. 22), one concedes
# it, or one abandons it and the other claims it.
MATCH_RESULTS = ("race", "disqualification", "concession", "abandonment")
# Art. 4 does not say what ends a run of tied lags. Two identical players
# (noiseless bots) tie for ever, so after this many ties a coin toss seeded by
# the match decides, as a tournament director would.
MAX_LAGS = 10


@dataclass(frozen=True)
class MatchSettings:
    """What a match is played with; its record's header keeps all of it, so replay plays it again.

    ``ruleset`` is a :class:`~bola8.rules.Ruleset` value (a variant such as
    ``get_ruleset("spanish").with_settings(stalemate="off")`` included); a
    ruleset's name is read as ``get_ruleset(name)``.
    """

    table: str = "9ft"
    ruleset: rules.Ruleset = rules.RULESETS["spanish"]
    race: int = 3
    seed: int = 0
    physics: PhysicsSettings | None = None   # None for the defaults
    warned: tuple[int, ...] = ()  # Art. 24: players warned for slow play before the match starts

    def __post_init__(self) -> None:
        # A name is a convenience of Python callers; what the match holds is always the value.
        object.__setattr__(self, "ruleset", rules.get_ruleset(self.ruleset))
        if not isinstance(self.race, int) or isinstance(self.race, bool) or self.race < 1:
            raise InputError(f"race: {self.race!r} is not a race; expected a whole number of games >= 1.",
                             f"race: {self.race!r} no es un número de partidas para ganar el encuentro; "
                             "se esperaba un entero >= 1.")
        if not isinstance(self.warned, (tuple, list)) or not all(rules.is_player(p) for p in self.warned):
            raise InputError(f"warned: {self.warned!r} must list players, each 0 or 1.",
                             f"warned: {self.warned!r} debe enumerar jugadores, cada uno 0 o 1.")
        object.__setattr__(self, "warned", tuple(sorted(set(self.warned))))
        if self.physics is not None:
            from bola8.physics import PhysicsSettings

            if not isinstance(self.physics, PhysicsSettings):
                raise InputError(f"physics: {self.physics!r} is not a bola8.physics.PhysicsSettings (or None "
                                 "for the defaults).",
                                 f"physics: {self.physics!r} no es un bola8.physics.PhysicsSettings (ni None "
                                 "para los valores por defecto).")


@dataclass(frozen=True)
class Warn:
    """Art. 24: the referee warns ``player`` for slow play; from now on he plays against the clock."""

    player: int


@dataclass(frozen=True)
class Disqualify:
    """Art. 22: the tournament director disqualifies ``player``; the match is forfeited at once."""

    player: int


OfficialAction = Union[Warn, Disqualify]
# Asked before every action of every game with the game and its number in the match.
Official = Callable[[Game, int], Iterable[OfficialAction]]


def game_rack_seed(seed: int, number: int) -> int:
    """The rack seed of game ``number`` (1-based) of a match played with ``seed``."""
    return seed * 10_007 + number


@dataclass
class MatchResult:
    """How a match ended: the score, the winner, a summary of each game, and ``result`` - "race" (a
    player reached it), "disqualification" (Art. 22), "concession" (the loser conceded it) or
    "abandonment" (the loser left it and the winner claimed it)."""

    score: list[int] = field(default_factory=lambda: [0, 0])
    winner: int | None = None
    games: list[dict[str, object]] = field(default_factory=list)   # one summary per game played
    result: str = "race"                               # one of MATCH_RESULTS


def hill_hill(score: Sequence[int], race: int) -> bool:
    """Art. 4.2: the next game is the deciding one - the score tied one game short of the race."""
    return race > 1 and score[0] == score[1] == race - 1


@dataclass
class MatchProgress:
    """The match's bookkeeping between games: who breaks next, when to lag, the score, the end.

    Both :func:`play_match` and the replay of a record (``bola8.game.record``)
    follow a match through it, so the replay confirms the same rules the match
    applied: Art. 4 (lag, alternate breaks, re-lag at hill-hill), Art. 21.2 (a
    stalemate is replayed with the same breaker, not scored), Art. 22.
    """

    race: int
    score: list[int] = field(default_factory=lambda: [0, 0])
    breaker: int | None = None        # who breaks the next game; None until the first lag
    games: int = 0                    # games started
    relagged: bool = False            # the hill-hill lag has been played
    winner: int | None = None
    result: str | None = None         # one of MATCH_RESULTS once the match is over

    @property
    def over(self) -> bool:
        """The match has ended (by the race or a disqualification)."""
        return self.result is not None

    def lag_due(self) -> str | None:
        """The reason of the lag that must come before the next game, or None."""
        if self.over:
            return None
        if self.breaker is None:
            return "first_break"                                  # Art. 4.1
        if hill_hill(self.score, self.race) and not self.relagged:
            return "hill_hill"                                    # Art. 4.2
        return None

    def lagged(self, reason: str, breaker: int) -> None:
        """A lag due for ``reason`` was played and ``breaker`` breaks the next game."""
        self.breaker = breaker
        if reason == "hill_hill":
            self.relagged = True

    def game_started(self) -> int:
        """A game starts: its number through the match."""
        self.games += 1
        return self.games

    def game_ended(self, result: str | None, winner: int | None) -> None:
        """A game ended with ``result`` and ``winner``: the score, the next breaker, the match's end."""
        if result == "stalemate":
            return                                # Art. 21.2: replayed, same breaker, not scored
        if winner is None or self.breaker is None:
            raise ValueError("a game that is not a stalemate ends with a winner, after a lag chose the breaker")
        self.score[winner] += 1
        self.breaker = 1 - self.breaker           # Art. 4.2: alternate breaks
        if max(self.score) >= self.race:
            self.winner = 0 if self.score[0] > self.score[1] else 1
            self.result = "race"

    def disqualify(self, player: int) -> None:
        """Art. 22: the tournament director disqualifies ``player``; the match is forfeited."""
        self.winner = 1 - player
        self.result = "disqualification"

    def concede(self, player: int, abandoned: bool = False) -> None:
        """``player`` concedes the match (``abandoned``: he left it and his opponent claimed it); the
        other player wins it."""
        self.winner = 1 - player
        self.result = "abandonment" if abandoned else "concession"


class MatchObserver(Protocol):
    """What a match tells whoever follows it - narration, a record, a progress bar - event by event.

    The events come in the order of the match; :class:`NullObserver` ignores them all, for an observer
    that wants only some, and :class:`~bola8.game.narration.Tee` hands each to several observers.
    """

    def on_match_start(self, settings: MatchSettings) -> None:
        """The match begins, under ``settings``."""

    def on_lag(self, strokes: tuple[LagStroke, LagStroke], winner: int, breaker: int, reason: str,
               coin_toss: bool = False) -> None:
        """A lag was played (Art. 4): both strokes, who won it, who breaks, why it was due ("first_break" or
        "hill_hill"), and whether a coin decided a tie.
        """

    def on_game_start(self, number: int, game: Game) -> None:
        """Game ``number`` (counted through the match) starts from ``game``, racked."""

    def on_place(self, player: int, point: tuple[float, float], game: Game) -> None:
        """``player`` put the cue ball in hand at ``point``; ``game`` is the game after it."""

    def on_turn(self, turn: Turn, choice: Any) -> None:
        """An action was judged: ``turn`` holds the ruling and the game after it; ``choice`` is the player's
        ShotChoice, the option chosen, or None.
        """

    def on_game_end(self, number: int, game: Game, score: list[int]) -> None:
        """Game ``number`` is over (``game.state`` says how); ``score`` is the match's after it."""

    def on_warn(self, player: int, number: int | None) -> None:
        """An official warned ``player`` for slow play (Art. 24) before game ``number`` (None: before the
        match).
        """

    def on_disqualify(self, player: int, number: int | None) -> None:
        """The tournament director disqualified ``player`` (Art. 22) before game ``number``."""

    def on_concede(self, player: int, number: int | None, abandoned: bool) -> None:
        """``player`` conceded the match during game ``number`` (``abandoned``: he had left it and his
        opponent claimed it)."""

    def on_match_end(self, result: MatchResult) -> None:
        """The match is over: the score, the winner and how it ended."""


class NullObserver:
    """An observer that ignores everything: the base of observers that want only some events."""

    def on_match_start(self, settings: MatchSettings) -> None:
        """Ignored."""

    def on_lag(self, strokes: tuple[LagStroke, LagStroke], winner: int, breaker: int, reason: str,
               coin_toss: bool = False) -> None:
        """Ignored."""

    def on_game_start(self, number: int, game: Game) -> None:
        """Ignored."""

    def on_place(self, player: int, point: tuple[float, float], game: Game) -> None:
        """Ignored."""

    def on_turn(self, turn: Turn, choice: Any) -> None:
        """Ignored."""

    def on_game_end(self, number: int, game: Game, score: list[int]) -> None:
        """Ignored."""

    def on_warn(self, player: int, number: int | None) -> None:
        """Ignored."""

    def on_disqualify(self, player: int, number: int | None) -> None:
        """Ignored."""

    def on_concede(self, player: int, number: int | None, abandoned: bool) -> None:
        """Ignored."""

    def on_match_end(self, result: MatchResult) -> None:
        """Ignored."""


class SeatBlindLog(NullObserver):
    """What each player did, action by action, without saying which seat he sat in: the kind of each turn,
    the stroke intended, the call, the option chosen, and each placement. Two games that differ only in
    which seat each player holds give equal ``rows`` exactly when the players play the same from either
    seat (what ``tests/players/test_seats.py`` and ``benchmarks/bench_seats.py`` check of the bots)."""

    def __init__(self) -> None:
        self.rows: list[tuple[Any, ...]] = []

    def on_turn(self, turn: Turn, choice: Any) -> None:
        """A turn: its kind, the stroke intended, the call and the option chosen."""
        intended = getattr(choice, "intended", None)
        self.rows.append((turn.kind, intended, None if turn.call is None else turn.call.to_dict(),
                          choice if isinstance(choice, str) else None))

    def on_place(self, player: int, point: tuple[float, float], game: Game) -> None:
        """A placement of the cue ball in hand: where."""
        self.rows.append(("place", point))


def play_match(players: Players, settings: MatchSettings, observer: MatchObserver | None = None,
               disqualified: int | None = None, official: Official | None = None) -> MatchResult:
    """Play a whole match between ``players`` (a pair) and return its result.

    ``disqualified``: a player disqualified before the match starts (Art. 22).
    ``official``: asked before every action; see the module's docstring.
    """
    observer = observer or NullObserver()
    if disqualified is not None and not rules.is_player(disqualified):
        raise InputError(f"disqualified: {disqualified!r} is not a player; expected 0 or 1.",
                         f"disqualified: {disqualified!r} no es un jugador; se esperaba 0 o 1.")
    observer.on_match_start(settings)
    result = MatchResult()
    progress = MatchProgress(settings.race)
    clock = ShotClock()
    for player in settings.warned:
        clock = clock.warn(player)
        observer.on_warn(player, None)
    if disqualified is not None:
        progress.disqualify(disqualified)
        observer.on_disqualify(disqualified, None)
    from bola8.physics import table_spec

    spec = table_spec(settings.table)
    while not progress.over:
        reason = progress.lag_due()
        if reason is not None:
            progress.lagged(reason, _lag(players, spec, settings, observer, reason=reason))
        number = progress.game_started()
        breaker = progress.breaker
        assert breaker is not None        # the lag above chose it (or the last game passed it on)
        game = Game.new(settings.table, ruleset=settings.ruleset, breaker=breaker,
                        rack_seed=game_rack_seed(settings.seed, number), physics=settings.physics,
                        shot_clock=clock)
        observer.on_game_start(number, game)
        game, out = _play_game(game, players, observer, official, number)
        clock = game.shot_clock           # Art. 24: a warning holds for the rest of the match
        if out is not None:
            progress.disqualify(out)      # Art. 22: the match ends here, the game unfinished
            break
        state = game.state
        result.games.append({"number": number, "breaker": breaker, "result": state.result,
                             "winner": state.winner})
        progress.game_ended(state.result, state.winner)
        observer.on_game_end(number, game, list(progress.score))
    assert progress.result is not None    # the loop ends only when the match is over
    result.score, result.winner, result.result = list(progress.score), progress.winner, progress.result
    observer.on_match_end(result)
    return result


def play_game(game: Game, players: Players, observer: MatchObserver | None = None) -> Game:
    """Play one game to its end, asking each player what the game needs."""
    return _play_game(game, players, observer or NullObserver(), None, 1)[0]


def _play_game(game: Game, players: Players, observer: MatchObserver, official: Official | None,
               number: int) -> tuple[Game, int | None]:
    """The game played to its end, or to a disqualification: (game, the disqualified player or None)."""
    waiting_since: float | None = None      # Art. 24: from when the balls stopped until the stroke
    for _ in range(MAX_ACTIONS_PER_GAME):
        if game.is_over:
            return game, None
        for action in (official(game, number) if official is not None else ()):
            if not isinstance(action, (Warn, Disqualify)) or not rules.is_player(action.player):
                raise InputError(f"official: {action!r} is not Warn(player) or Disqualify(player) "
                                 "with player 0 or 1.",
                                 f"official: {action!r} no es Warn(player) ni Disqualify(player) "
                                 "con player 0 o 1.")
            if isinstance(action, Disqualify):
                observer.on_disqualify(action.player, number)
                return game, action.player
            game = game.warn_slow_play(action.player)
            observer.on_warn(action.player, number)
        state = game.state
        if state.decision is not None:
            chooser = state.decision.player
            option = players[chooser].choose_option(game, tuple(state.decision.options))
            turn = game.decide(option)
            observer.on_turn(turn, option)
            game = turn.game
            waiting_since = None
        elif game.needs_placement:
            player = state.shooter
            waiting_since = waiting_since if waiting_since is not None else time.monotonic()
            point = players[player].place_cue_ball(game)
            game = game.place_cue_ball(*point)
            observer.on_place(player, point, game)
        else:
            shooter = state.shooter
            if agreed_stalemate(game, players):
                turn = game.declare("stalemate")
                observer.on_turn(turn, None)
                return turn.game, None
            waiting_since = waiting_since if waiting_since is not None else time.monotonic()
            choice = players[shooter].choose_shot(game)
            elapsed = None
            if game.shot_clock.running(shooter):
                reported = getattr(choice, "elapsed_s", None)
                elapsed = reported if reported is not None else round(time.monotonic() - waiting_since, 3)
            turn = game.play(choice.strike, choice.call, elapsed_s=elapsed)
            observer.on_turn(turn, choice)
            game = turn.game
            waiting_since = None
    # A rack that has not ended in MAX_ACTIONS_PER_GAME actions is going nowhere (players too
    # wild to finish it): both players agree to a stalemate (Art. 21.2), the rack is played
    # again with the same breaker, and the record and the narration say so.
    if game.is_over:
        return game, None
    turn = game.declare("stalemate")
    observer.on_turn(turn, None)
    return turn.game, None


def safety_battle(state: rules.State) -> bool:
    """Whether the shooter is in a run of safeties - both players' last turns without an attempt, and
    nothing called yet this turn: when a player (a bot, in a match) considers proposing a stalemate
    (Art. 21.2)."""
    return state.turns_without_attempt >= PROPOSE_STALEMATE_AFTER and not state.called_this_turn


def agreed_stalemate(game: Game, players: Players) -> bool:
    """Art. 21.2 during a safety battle: the shooter proposes a stalemate and the other accepts."""
    state = game.state
    if not safety_battle(state):
        return False
    shooter = state.shooter
    return (players[shooter].agrees_to_stalemate(game, shooter)
            and players[1 - shooter].agrees_to_stalemate(game, 1 - shooter))


def _lag(players: Players, spec: TableSpec, settings: MatchSettings, observer: MatchObserver, *,
         reason: str) -> int:
    """Art. 4: lag until one player wins; the winner chooses who breaks."""
    winner: int | None = None
    for _ in range(MAX_LAGS):
        strokes = (lag_stroke(spec, players[0].lag_speed(spec), player=0, physics=settings.physics),
                   lag_stroke(spec, players[1].lag_speed(spec), player=1, physics=settings.physics))
        winner = lag_winner(*strokes)
        if winner is not None:
            break
    coin_toss = winner is None
    if winner is None:
        winner = coin_toss_winner(settings.seed, reason)
    breaker = winner if players[winner].wants_to_break() else 1 - winner
    observer.on_lag(strokes, winner, breaker, reason, coin_toss)
    return breaker


def coin_toss_winner(seed: int, reason: str) -> int:
    """The player a coin toss favours after MAX_LAGS tied lags: reproducible from the match seed."""
    return random.Random(f"bola8 lag coin toss {seed} {reason}").randrange(2)
