"""A step-driven match: whoever holds it pushes one action at a time.

:func:`bola8.game.match.play_match` pulls actions from two Player objects in a
loop. A server, a batch runner or a learning agent instead *push* actions one
by one - a person's stroke arrives with an HTTP request, a bot's is computed
when its turn comes. :class:`MatchSession` is that match, owned by one caller
(it is mutable; nothing else holds it): it keeps the match's bookkeeping
(:class:`~bola8.game.match.MatchProgress`, which decides Art. 4, 21.2 and 22),
the :class:`~bola8.game.game.Game` in play, and answers :meth:`to_act` - who
acts next, and how. Every accepted action is reported to the observers with
the same callbacks :func:`play_match` uses, so a
:class:`~bola8.game.record.RecordWriter` writes a record that
``bola8 replay`` confirms.

The lag (Art. 4): both seats lag, seat 0 first. Art. 4.1 lets the winner
choose who breaks; so that the lag needs no further step, each seat says with
its stroke whether it would break if it wins (``breaks``, True by default):
the winner's answer decides. Tied lags are played again; after
:data:`~bola8.game.match.MAX_LAGS` ties a coin toss seeded by the match
decides, as in :func:`play_match`.

Actions are values (:class:`LagAction`, :class:`PlaceAction`,
:class:`ShotAction`, :class:`ChoiceAction`, :class:`DeclareAction`), so a
caller can store them and rebuild the same session by applying them again:
the simulator is deterministic. :func:`bot_action` asks a Player object for
the action the session needs.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Union

from bola8 import rules
from bola8.errors import InputError
from bola8.game.game import Game, Turn
from bola8.game.lag import LagStroke, lag_stroke, lag_winner
from bola8.game.match import (MAX_LAGS, MatchObserver, MatchProgress, MatchResult, MatchSettings,
                              coin_toss_winner, game_rack_seed)
from bola8.game.shot_clock import ShotClock

ACTION_KINDS = ("lag", "place", "shot", "choice")


@dataclass(frozen=True)
class ToAct:
    """Who acts next and what they must do; ``options`` for a choice (Art. 6, 7.2, 8)."""

    seat: int
    action: str                     # one of ACTION_KINDS
    options: tuple[str, ...] = ()
    reason: str | None = None       # for a lag: "first_break" | "hill_hill"

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"seat": self.seat, "action": self.action, "options": list(self.options)}
        if self.reason is not None:
            data["reason"] = self.reason
        return data


@dataclass(frozen=True)
class LagAction:
    speed: float
    breaks: bool = True             # Art. 4.1: if this seat wins the lag, it breaks (False: the other does)


@dataclass(frozen=True)
class PlaceAction:
    x: float
    y: float


@dataclass(frozen=True)
class ShotAction:
    strike: Any                     # bola8.physics.Strike, as executed
    call: rules.Call | None = None
    elapsed_s: float | None = None  # Art. 24: seconds taken, for a player on the shot clock
    intended: Any = None            # the stroke as aimed (bots), kept in the record
    note: str = ""


@dataclass(frozen=True)
class ChoiceAction:
    option: str


@dataclass(frozen=True)
class DeclareAction:
    what: str                       # "stalemate" (Art. 21.2) | "forfeit" (the declaring seat concedes)


Action = Union[LagAction, PlaceAction, ShotAction, ChoiceAction, DeclareAction]


@dataclass(frozen=True)
class Outcome:
    """What one accepted action did: a lag's strokes, or the game's turn (shot, choice, declare)."""

    seat: int
    action: Action
    turn: Turn | None = None
    lag_strokes: tuple[LagStroke, ...] = ()
    lag_winner: int | None = None   # set once the lag is decided
    game_over: bool = False
    match_over: bool = False


class MatchSession:
    """One match, advanced by :meth:`apply`; see the module's docstring."""

    def __init__(self, settings: MatchSettings, observers: tuple[MatchObserver, ...] = (),
                 disqualified: int | None = None):
        from bola8.physics import table_spec

        self.settings = settings
        self.spec = table_spec(settings.table)
        self.observers = tuple(observers)
        self.progress = MatchProgress(settings.race)
        self.clock = ShotClock()
        self.game: Game | None = None
        self.number = 0                     # of the game in play (1-based), 0 before the first
        self.result: MatchResult | None = None
        self.games: list[dict[str, Any]] = []
        self._lag_round: dict[int, LagAction] = {}
        self._lag_strokes: dict[int, LagStroke] = {}
        self._lag_rounds = 0
        self._waiting_since: float | None = None
        for observer in self.observers:
            observer.on_match_start(settings)
        for player in settings.warned:
            self.clock = self.clock.warn(player)
            self._emit("on_warn", player, None)
        if disqualified is not None:
            self.disqualify(disqualified)
        else:
            self._next_game()

    # ------------------------------------------------------------------ queries
    @property
    def over(self) -> bool:
        return self.progress.over

    def to_act(self) -> ToAct | None:
        """Who acts next and how, or None when the match is over."""
        if self.progress.over:
            return None
        if self.game is None:
            reason = self.progress.lag_due()
            seat = 0 if 0 not in self._lag_round else 1
            return ToAct(seat, "lag", reason=reason)
        state = self.game.state
        if state.decision is not None:
            return ToAct(state.decision.player, "choice", tuple(state.decision.options))
        if self._waiting_since is None:
            # Art. 24: a warned player's time runs from when the balls stopped, i.e. from when the
            # session first says that a placement or a stroke is due (as play_match measures it)
            self._waiting_since = time.monotonic()
        if self.game.needs_placement:
            return ToAct(state.shooter, "place")
        return ToAct(state.shooter, "shot")

    # ------------------------------------------------------------------ actions
    def apply(self, seat: int, action: Action) -> Outcome:
        """Apply ``seat``'s action; InputError (nothing changes) when it is not that seat's to make."""
        _check_seat(seat)
        if isinstance(action, DeclareAction):
            return self.declare(seat, action.what)
        now = self.to_act()
        if now is None:
            raise InputError("game: the match is over; no further action is possible.",
                             "game: el encuentro ha terminado; ya no es posible ninguna acción.")
        kind = {LagAction: "lag", PlaceAction: "place", ShotAction: "shot", ChoiceAction: "choice"}[type(action)]
        if now.seat != seat or now.action != kind:
            raise OutOfTurn(f"seat: it is seat {now.seat}'s turn to {now.action}, not seat {seat}'s to {kind}.",
                            f"seat: le toca al asiento {now.seat} ({now.action}), no al asiento {seat} ({kind}).")
        if isinstance(action, LagAction):
            return self._lag(seat, action)
        if isinstance(action, PlaceAction):
            return self.place(seat, action.x, action.y)
        if isinstance(action, ShotAction):
            return self._shot(seat, action)
        return self.choose(seat, action.option)

    def lag(self, seat: int, speed: float, breaks: bool = True) -> Outcome:
        return self.apply(seat, LagAction(speed, breaks))

    def place(self, seat: int, x: float, y: float) -> Outcome:
        self._expect(seat, "place")
        assert self.game is not None
        self.game = self.game.place_cue_ball(x, y)
        self._emit("on_place", seat, (float(x), float(y)), self.game)
        return Outcome(seat, PlaceAction(float(x), float(y)))

    def shot(self, seat: int, strike: Any, call: rules.Call | None = None,
             elapsed_s: float | None = None) -> Outcome:
        return self.apply(seat, ShotAction(strike, call, elapsed_s))

    def choose(self, seat: int, option: str) -> Outcome:
        self._expect(seat, "choice")
        assert self.game is not None
        turn = self.game.decide(option)
        self._emit("on_turn", turn, option)
        return self._after_turn(seat, ChoiceAction(option), turn)

    def declare(self, seat: int, what: str) -> Outcome:
        """Art. 21.2 agreed stalemate, or ``seat`` forfeits the game (Art. 18.5, 22); any time in a game."""
        _check_seat(seat)
        if self.progress.over:
            raise InputError("game: the match is over; no further action is possible.",
                             "game: el encuentro ha terminado; ya no es posible ninguna acción.")
        if self.game is None:
            raise OutOfTurn("declare: no game is in play yet; the lag comes first.",
                            "declare: todavía no hay partida en juego; primero va el sorteo de salida.")
        turn = self.game.declare(what, seat if what == "forfeit" else None)
        self._emit("on_turn", turn, what)
        return self._after_turn(seat, DeclareAction(what), turn)

    def warn(self, player: int) -> None:
        """Art. 24: the referee warns ``player``; his shots are timed for the rest of the match."""
        _check_seat(player)
        if self.game is not None:
            self.game = self.game.warn_slow_play(player)
            self.clock = self.game.shot_clock
        else:
            self.clock = self.clock.warn(player)
        self._emit("on_warn", player, self.number if self.game is not None else None)

    def disqualify(self, player: int) -> None:
        """Art. 22: the tournament director disqualifies ``player``; the match ends at once."""
        _check_seat(player)
        number = self.number if self.game is not None else None
        self.progress.disqualify(player)
        self._emit("on_disqualify", player, number)
        self._end_match()

    # ----------------------------------------------------------------- internal
    def _expect(self, seat: int, kind: str) -> None:
        _check_seat(seat)
        now = self.to_act()
        if now is None:
            raise InputError("game: the match is over; no further action is possible.",
                             "game: el encuentro ha terminado; ya no es posible ninguna acción.")
        if now.seat != seat or now.action != kind:
            raise OutOfTurn(f"seat: it is seat {now.seat}'s turn to {now.action}, not seat {seat}'s to {kind}.",
                            f"seat: le toca al asiento {now.seat} ({now.action}), no al asiento {seat} ({kind}).")

    def _lag(self, seat: int, action: LagAction) -> Outcome:
        speed = action.speed
        if isinstance(speed, bool) or not isinstance(speed, (int, float)) or not 0.0 < speed <= 12.0:
            raise InputError(f"speed: {speed!r} is not a lag speed; expected metres per second in (0, 12].",
                             f"speed: {speed!r} no es una velocidad de arrastre; se esperaban metros por "
                             "segundo en (0, 12].")
        self._lag_round[seat] = action
        self._lag_strokes[seat] = lag_stroke(self.spec, float(speed), player=seat, physics=self.settings.physics)
        if len(self._lag_round) < 2:
            return Outcome(seat, action, lag_strokes=(self._lag_strokes[seat],))
        strokes = (self._lag_strokes[0], self._lag_strokes[1])
        choices = dict(self._lag_round)
        self._lag_round, self._lag_strokes = {}, {}
        self._lag_rounds += 1
        winner = lag_winner(*strokes)
        if winner is None and self._lag_rounds < MAX_LAGS:
            return Outcome(seat, action, lag_strokes=strokes)          # tied: both lag again
        coin_toss = winner is None
        reason = self.progress.lag_due()
        assert reason is not None
        if winner is None:
            winner = coin_toss_winner(self.settings.seed, reason)
        breaker = winner if choices[winner].breaks else 1 - winner
        self._lag_rounds = 0
        self.progress.lagged(reason, breaker)
        self._emit("on_lag", strokes, winner, breaker, reason, coin_toss)
        self._start_game()
        return Outcome(seat, action, lag_strokes=strokes, lag_winner=winner)

    def _shot(self, seat: int, action: ShotAction) -> Outcome:
        self._expect(seat, "shot")
        assert self.game is not None
        elapsed = action.elapsed_s
        if elapsed is None and self.game.shot_clock.running(seat) and self._waiting_since is not None:
            elapsed = round(time.monotonic() - self._waiting_since, 3)
        turn = self.game.play(action.strike, action.call, elapsed_s=elapsed)
        stored = ShotAction(action.strike, action.call, turn.elapsed_s, action.intended, action.note)
        self._emit("on_turn", turn, stored)
        return self._after_turn(seat, stored, turn)

    def _after_turn(self, seat: int, action: Action, turn: Turn) -> Outcome:
        self.game = turn.game
        self._waiting_since = None
        if not self.game.is_over:
            return Outcome(seat, action, turn=turn)
        state = self.game.state
        self.clock = self.game.shot_clock           # Art. 24: a warning holds for the rest of the match
        self.games.append({"number": self.number, "breaker": state.breaker, "result": state.result,
                           "winner": state.winner})
        self.progress.game_ended(state.result, state.winner)
        self._emit("on_game_end", self.number, self.game, list(self.progress.score))
        self._next_game()
        return Outcome(seat, action, turn=turn, game_over=True, match_over=self.progress.over)

    def _next_game(self) -> None:
        """After a game (or at the start): the match's end, a lag, or the next rack at once."""
        if self.progress.over:
            self._end_match()
            return
        self.game = None
        if self.progress.lag_due() is None:
            self._start_game()

    def _start_game(self) -> None:
        number = self.progress.game_started()
        breaker = self.progress.breaker
        assert breaker is not None
        self.number = number
        self.game = Game.new(self.settings.table, ruleset=self.settings.ruleset, breaker=breaker,
                             rack_seed=game_rack_seed(self.settings.seed, number),
                             physics=self.settings.physics, shot_clock=self.clock)
        self._emit("on_game_start", number, self.game)

    def _end_match(self) -> None:
        progress = self.progress
        self.result = MatchResult(score=list(progress.score), winner=progress.winner,
                                  games=list(self.games), result=progress.result or "race")
        self._emit("on_match_end", self.result)

    def _emit(self, name: str, *args: Any) -> None:
        for observer in self.observers:
            getattr(observer, name)(*args)


class OutOfTurn(InputError):
    """An action that is valid but not this seat's to make now (HTTP 409)."""


def _check_seat(seat: Any) -> None:
    if isinstance(seat, bool) or seat not in (0, 1):
        raise InputError(f"seat: {seat!r} is not a seat; expected 0 or 1.",
                         f"seat: {seat!r} no es un asiento; se esperaba 0 o 1.")


def bot_action(session: MatchSession, player: Any) -> tuple[int, Action]:
    """What ``player`` (a :class:`~bola8.players.Player`) does for the action the session needs."""
    now = session.to_act()
    if now is None:
        raise InputError("game: the match is over; no further action is possible.",
                         "game: el encuentro ha terminado; ya no es posible ninguna acción.")
    return bot_action_at(now, session.game, session.spec, player)


def bot_action_at(now: ToAct, game: Game | None, spec: Any, player: Any) -> tuple[int, Action]:
    """:func:`bot_action` from what it reads of a session: who acts and how (``now``), the game in play
    (None while a lag is due) and the table (``spec``, for the lag) - values that can be sent to
    another process, where the decision is made the same (``bola8.server.thinking``)."""
    if now.action == "lag":
        return now.seat, LagAction(float(player.lag_speed(spec)), bool(player.wants_to_break()))
    assert game is not None
    if now.action == "choice":
        return now.seat, ChoiceAction(player.choose_option(game, now.options))
    if now.action == "place":
        x, y = player.place_cue_ball(game)
        return now.seat, PlaceAction(float(x), float(y))
    choice = player.choose_shot(game)
    return now.seat, ShotAction(choice.strike, choice.call, getattr(choice, "elapsed_s", None),
                                getattr(choice, "intended", None), getattr(choice, "note", ""))
