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
:class:`ShotAction`, :class:`ChoiceAction`, :class:`DeclareAction`,
:class:`ProposeAction`, :class:`AnswerAction`, :class:`ConcedeAction`), so a caller can store them
and rebuild the same session by applying them again: the simulator is
deterministic. :func:`bot_action` asks a Player object for the action the
session needs.

A stalemate by agreement (Art. 21.2) needs both players. Declared at once
(:class:`DeclareAction`) it is the agreement of players who decide together
(at one screen, or in :func:`~bola8.game.match.play_match`, which asks
both). Players apart make it in two steps: one proposes
(:class:`ProposeAction`, any time a game is in play, by either seat), the
other answers (:class:`AnswerAction`). Accepted, the rack is played again;
declined, the proposer may not propose again before the next stroke. Any
other action withdraws a proposal still unanswered: the game has moved on.

The queries (:meth:`MatchSession.to_act`, :attr:`~MatchSession.proposal`)
change nothing. Art. 24's clock starts when an action leaves a placement or
a stroke due, so asking who acts never starts it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Union

from bola8 import rules
from bola8.errors import InputError
from bola8.errors import OutOfTurn as OutOfTurn     # defined with InputError; imported from here too
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
        """The JSON form a view gives: seat, action, options, and the lag's reason when there is one."""
        data: dict[str, Any] = {"seat": self.seat, "action": self.action, "options": list(self.options)}
        if self.reason is not None:
            data["reason"] = self.reason
        return data


@dataclass(frozen=True)
class LagAction:
    """A lag stroke at ``speed`` (Art. 4); ``breaks``: whom this seat chooses to break if it wins."""
    speed: float
    breaks: bool = True             # Art. 4.1: if this seat wins the lag, it breaks (False: the other does)


@dataclass(frozen=True)
class PlaceAction:
    """The cue ball in hand put at (x, y)."""
    x: float
    y: float


@dataclass(frozen=True)
class ShotAction:
    """A stroke as executed, its call, and the time it took when the seat is on the shot clock."""
    strike: Any                     # bola8.physics.Strike, as executed
    call: rules.Call | None = None
    elapsed_s: float | None = None  # Art. 24: seconds taken, for a player on the shot clock
    intended: Any = None            # the stroke as aimed (bots), kept in the record
    note: str = ""


@dataclass(frozen=True)
class ChoiceAction:
    """A pending option taken (Art. 6, 7.2)."""
    option: str


@dataclass(frozen=True)
class DeclareAction:
    """A declaration: an agreed stalemate (Art. 21.2) or the declaring seat's forfeit."""
    what: str                       # "stalemate" (Art. 21.2) | "forfeit" (the declaring seat concedes)


@dataclass(frozen=True)
class ConcedeAction:
    """The acting seat concedes the match: it ends at once, the other seat winning; ``abandoned``: the
    seat had left it and the other claimed it (the caller decides when a claim stands)."""
    abandoned: bool = False


@dataclass(frozen=True)
class ProposeAction:
    """Art. 21.2: this seat proposes a stalemate; the other seat answers."""

    what: str = "stalemate"


@dataclass(frozen=True)
class AnswerAction:
    """Art. 21.2: the answer to the other seat's proposal (accepted: the rack is played again)."""

    accept: bool


Action = Union[LagAction, PlaceAction, ShotAction, ChoiceAction, DeclareAction, ProposeAction, AnswerAction,
               ConcedeAction]


@dataclass(frozen=True)
class Proposal:
    """A proposal waiting for the other seat's answer."""

    by: int
    what: str = "stalemate"

    def to_dict(self) -> dict[str, Any]:
        """The JSON form a view gives: who proposed, and what."""
        return {"by": self.by, "what": self.what}


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
        self._waiting_since: float | None = None     # Art. 24: when the balls stopped for the seat to act
        self.proposal: Proposal | None = None        # Art. 21.2: a proposal waiting for its answer
        self._declined: set[int] = set()             # seats whose proposal was declined since the last stroke
        for observer in self.observers:
            observer.on_match_start(settings)
        for player in settings.warned:
            self.clock = self.clock.warn(player)
            self._emit("on_warn", player, None)
        if disqualified is not None:
            self.disqualify(disqualified)
        else:
            self._next_game()
        self._settle()

    # ------------------------------------------------------------------ queries
    @property
    def over(self) -> bool:
        """The match has ended."""
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
        if self.game.needs_placement:
            return ToAct(state.shooter, "place")
        return ToAct(state.shooter, "shot")

    # ------------------------------------------------------------------ actions
    def apply(self, seat: int, action: Action) -> Outcome:
        """Apply ``seat``'s action; InputError (nothing changes) when it is not that seat's to make."""
        rules.check_player(seat, "seat")
        if isinstance(action, ProposeAction):
            return self.propose(seat, action.what)
        if isinstance(action, AnswerAction):
            return self.answer(seat, action.accept)
        if isinstance(action, ConcedeAction):
            return self.concede(seat, action.abandoned)
        outcome = self._declare(seat, action.what) if isinstance(action, DeclareAction) else self._turn(seat, action)
        self.proposal = None                  # any other action: the game moved on, a proposal lapses
        self._settle()
        return outcome

    def _turn(self, seat: int, action: Action) -> Outcome:
        """A lag, a placement, a stroke or a choice, when it is ``seat``'s to make now."""
        kind = {LagAction: "lag", PlaceAction: "place", ShotAction: "shot", ChoiceAction: "choice"}[type(action)]
        self._expect(seat, kind)
        if isinstance(action, LagAction):
            return self._lag(seat, action)
        assert self.game is not None
        if isinstance(action, PlaceAction):
            self.game = self.game.place_cue_ball(action.x, action.y)
            placed = PlaceAction(float(action.x), float(action.y))
            self._emit("on_place", seat, (placed.x, placed.y), self.game)
            return Outcome(seat, placed)
        if isinstance(action, ShotAction):
            return self._shot(seat, action)
        assert isinstance(action, ChoiceAction)
        turn = self.game.decide(action.option)
        self._emit("on_turn", turn, action.option)
        return self._after_turn(seat, action, turn)

    def lag(self, seat: int, speed: float, breaks: bool = True) -> Outcome:
        """``seat``'s lag stroke (:class:`LagAction`)."""
        return self.apply(seat, LagAction(speed, breaks))

    def place(self, seat: int, x: float, y: float) -> Outcome:
        """``seat`` places the cue ball in hand (:class:`PlaceAction`)."""
        return self.apply(seat, PlaceAction(x, y))

    def shot(self, seat: int, strike: Any, call: rules.Call | None = None,
             elapsed_s: float | None = None) -> Outcome:
        """``seat``'s stroke and call (:class:`ShotAction`)."""
        return self.apply(seat, ShotAction(strike, call, elapsed_s))

    def choose(self, seat: int, option: str) -> Outcome:
        """``seat`` takes a pending option (:class:`ChoiceAction`)."""
        return self.apply(seat, ChoiceAction(option))

    def declare(self, seat: int, what: str) -> Outcome:
        """Art. 21.2 agreed stalemate, or ``seat`` forfeits the game (Art. 18.5, 22); any time in a game."""
        return self.apply(seat, DeclareAction(what))

    def _declare(self, seat: int, what: str) -> Outcome:
        self._check_game_in_play("declare")
        assert self.game is not None
        turn = self.game.declare(what, seat if what == "forfeit" else None)
        self._emit("on_turn", turn, what)
        return self._after_turn(seat, DeclareAction(what), turn)

    def propose(self, seat: int, what: str = "stalemate") -> Outcome:
        """Art. 21.2: ``seat`` proposes a stalemate to the other; nothing else changes until the answer."""
        rules.check_player(seat, "seat")
        self._check_game_in_play("propose")
        if what != "stalemate":
            raise InputError(f"what: {what!r} cannot be proposed; only a stalemate (Art. 21.2).",
                             f"what: no se puede proponer {what!r}; solo tablas (Art. 21.2).")
        if self.proposal is not None:
            raise OutOfTurn(f"propose: seat {self.proposal.by}'s proposal is waiting for its answer.",
                            f"propose: la propuesta del asiento {self.proposal.by} espera respuesta.")
        if seat in self._declined:
            raise OutOfTurn("propose: this seat's proposal was declined; it may propose again after the next "
                            "stroke.",
                            "propose: la propuesta de este asiento fue rechazada; puede volver a proponer tras el "
                            "próximo tiro.")
        self.proposal = Proposal(seat, what)
        return Outcome(seat, ProposeAction(what))

    def answer(self, seat: int, accept: bool) -> Outcome:
        """Art. 21.2: ``seat`` answers the other seat's proposal; accepted, the stalemate is declared."""
        rules.check_player(seat, "seat")
        if self.proposal is None or self.progress.over:
            raise OutOfTurn("accept: no proposal is waiting for an answer.",
                            "accept: no hay ninguna propuesta esperando respuesta.")
        if seat == self.proposal.by:
            raise OutOfTurn("accept: a proposal is answered by the other seat, not by the one that made it.",
                            "accept: una propuesta la contesta el otro asiento, no el que la hizo.")
        by = self.proposal.by
        if not accept:
            self.proposal = None
            self._declined.add(by)
            return Outcome(seat, AnswerAction(False))
        outcome = self.apply(seat, DeclareAction("stalemate"))
        return Outcome(seat, AnswerAction(True), turn=outcome.turn, game_over=outcome.game_over,
                       match_over=outcome.match_over)

    def declined(self, seat: int) -> bool:
        """Whether ``seat``'s proposal was declined since the last stroke (it may not propose again yet)."""
        return seat in self._declined

    def concede(self, seat: int, abandoned: bool = False) -> Outcome:
        """``seat`` concedes the match (``abandoned``: it left and the other claimed it); the other wins,
        the game in play ends unfinished. Any time before the match is over, a lag due included."""
        rules.check_player(seat, "seat")
        if self.progress.over:
            raise InputError("game: the match is over; no further action is possible.",
                             "game: el encuentro ha terminado; ya no es posible ninguna acción.")
        number = self.number if self.game is not None else None
        self.proposal = None
        self.progress.concede(seat, abandoned)
        self._emit("on_concede", seat, number, abandoned)
        self._end_match()
        return Outcome(seat, ConcedeAction(abandoned), match_over=True)

    def warn(self, player: int) -> None:
        """Art. 24: the referee warns ``player``; his shots are timed for the rest of the match."""
        rules.check_player(player, "seat")
        if self.game is not None:
            self.game = self.game.warn_slow_play(player)
            self.clock = self.game.shot_clock
        else:
            self.clock = self.clock.warn(player)
        self._emit("on_warn", player, self.number if self.game is not None else None)

    def disqualify(self, player: int) -> None:
        """Art. 22: the tournament director disqualifies ``player``; the match ends at once."""
        rules.check_player(player, "seat")
        number = self.number if self.game is not None else None
        self.progress.disqualify(player)
        self._emit("on_disqualify", player, number)
        self._end_match()

    # ----------------------------------------------------------------- internal
    def _check_game_in_play(self, what: str) -> None:
        if self.progress.over:
            raise InputError("game: the match is over; no further action is possible.",
                             "game: el encuentro ha terminado; ya no es posible ninguna acción.")
        if self.game is None:
            raise OutOfTurn(f"{what}: no game is in play yet; the lag comes first.",
                            f"{what}: todavía no hay partida en juego; primero va el sorteo de salida.")

    def _settle(self) -> None:
        """After an action: Art. 24's time starts when a placement or a stroke becomes due (the balls
        have stopped), as play_match measures it; placing the cue ball in hand does not restart it."""
        now = self.to_act()
        if now is not None and now.action in ("place", "shot") and self._waiting_since is None:
            self._waiting_since = time.monotonic()

    def _expect(self, seat: int, kind: str) -> None:
        rules.check_player(seat, "seat")
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
        self._declined.clear()                 # a stroke (or a choice, a declaration) was played
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
