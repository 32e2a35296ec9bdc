"""Games on the simulated table as the server keeps them: a session, its record, its shots.

A :class:`LiveGame` is rebuilt from the stored creation parameters and
actions (:mod:`bola8.server.store`) by applying every action again to a
fresh :class:`~bola8.game.session.MatchSession`; bots' strokes are stored as
executed, so rebuilding never asks a bot. A bot asked for a new action is
built for that action alone, seeded by the match seed, its seat and the
action's number: a server restarted between two actions makes the same bot
play the same stroke as one that never stopped.

A game also keeps what the page shows beside the table: the lag's strokes
(Art. 4) and, for the shot clock of Art. 24, when each action was committed
(:meth:`LiveGame.clock`).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from bola8 import rules
from bola8.errors import InputError
from bola8.game.match import MatchSettings
from bola8.game.session import (Action, ChoiceAction, DeclareAction, LagAction, MatchSession, Outcome,
                                PlaceAction, ShotAction)
from bola8.players import BOT_LEVELS as BOT_LEVELS   # the bots the project has (bola8.players.make_player), one list

if TYPE_CHECKING:
    from bola8.server.thinking import BotTask, StalemateTask

PLAYER_KINDS = ("person", "bot") + tuple(f"bot:{level}" for level in BOT_LEVELS)


def player_kind(value: str, where: str) -> str:
    """"person" or "bot:<level>" from a request's player (plain "bot" is the default level)."""
    if value == "person":
        return value
    if value == "bot":
        return f"bot:{BOT_LEVELS[0]}"
    if value.startswith("bot:") and value[4:] in BOT_LEVELS:
        return value
    raise InputError(f"{where}: {value!r} is not a player; expected one of {', '.join(PLAYER_KINDS)}.",
                     f"{where}: {value!r} no es un jugador; se esperaba uno de {', '.join(PLAYER_KINDS)}.")


def bot_seed(seed: int, seat: int, n: int) -> int:
    """The seed of the bot that plays action ``n`` of a match for ``seat`` (see the module docstring)."""
    return (seed * 1_000_003 + seat) * 100_003 + n


# ------------------------------------------------------------ actions as JSON
def action_to_dict(seat: int, action: Action) -> dict[str, Any]:
    if isinstance(action, LagAction):
        return {"seat": seat, "type": "lag", "speed": action.speed, "breaks": action.breaks}
    if isinstance(action, PlaceAction):
        return {"seat": seat, "type": "place", "x": action.x, "y": action.y}
    if isinstance(action, ShotAction):
        return {"seat": seat, "type": "shot", "strike": action.strike.to_dict(),
                "call": None if action.call is None else action.call.to_dict(),
                "elapsed_s": action.elapsed_s,
                "intended": None if action.intended is None else action.intended.to_dict(),
                "note": action.note}
    if isinstance(action, ChoiceAction):
        return {"seat": seat, "type": "choice", "option": action.option}
    return {"seat": seat, "type": "declare", "what": action.what}


def action_from_dict(data: dict[str, Any]) -> tuple[int, Action]:
    from bola8.physics import Strike

    seat, kind = int(data["seat"]), data["type"]
    if kind == "lag":
        return seat, LagAction(float(data["speed"]), bool(data["breaks"]))
    if kind == "place":
        return seat, PlaceAction(float(data["x"]), float(data["y"]))
    if kind == "shot":
        call = None if data["call"] is None else rules.Call.from_dict(data["call"])
        intended = None if data["intended"] is None else Strike.from_dict(data["intended"])
        return seat, ShotAction(Strike.from_dict(data["strike"]), call, data["elapsed_s"], intended,
                                data.get("note", ""))
    if kind == "choice":
        return seat, ChoiceAction(str(data["option"]))
    return seat, DeclareAction(str(data["what"]))


@dataclass
class ShotEntry:
    n: int                       # 1-based, over the whole match
    seat: int
    game_number: int
    turn: Any                    # bola8.game.Turn
    action: int = -1             # the number (0-based) of the action that played it
    cached: dict[str, dict[str, Any]] = field(default_factory=dict)   # lang -> SHOT
    texts: dict[str, str] = field(default_factory=dict)               # lang -> SHOT as JSON text


class LiveGame:
    """One game's session with its record lines and shots; owned by the server's registry."""

    def __init__(self, game_id: str, params: dict[str, Any]):
        from bola8.game.record import RecordWriter

        self.id = game_id
        self.params = params
        self.kinds: list[str] = list(params["players"])
        self.names: list[str] = list(params["names"])
        # whether the players may ask the coach (bola8.server.hints); games stored before the setting had them
        self.hints = bool(params.get("hints", True))
        self.writer = RecordWriter(None, {"players": self.names, "race": params["race"], "seed": params["seed"],
                                          "table": params["table"], "ruleset": params["ruleset"],
                                          "noise": 1.0, "kinds": self.kinds, "hints": self.hints})
        settings = MatchSettings(table=params["table"], ruleset=params["ruleset"], race=params["race"],
                                 seed=params["seed"], warned=tuple(params.get("warned", ())))
        self.session = MatchSession(settings, observers=(self.writer,))
        self.actions = 0             # actions applied (the next one's number)
        self.shots: list[ShotEntry] = []
        self.last: Outcome | None = None
        self.lag: dict[str, Any] | None = None       # the last lag round (Art. 4), for the page
        self.lag_round = 0
        self.turn_start: float | None = None          # when the balls stopped for the seat to act (Art. 24)
        self.thinking_since: float | None = None      # a bot of this game is deciding since then (unix time)
        # Art. 21.2, a stalemate a bot proposes to the person, before its shot in a run of safeties: the
        # action number it was made at, while the person has not answered; and the last one declined
        # (the bot does not propose again before the game moves on). Kept in memory only: a server
        # restarted meanwhile asks the bot again, which decides the same.
        self.proposed_at: int | None = None
        self.declined_at: int | None = None

    @property
    def has_person(self) -> bool:
        return "person" in self.kinds

    @property
    def proposal(self) -> int | None:
        """The seat of the bot whose stalemate proposal waits for the person's answer, or None."""
        if self.proposed_at is None or self.proposed_at != self.actions:
            return None
        now = self.session.to_act()
        return None if now is None else now.seat

    def is_bot(self, seat: int) -> bool:
        return self.kinds[seat].startswith("bot")

    def apply(self, seat: int, action: Action, at: float | None = None) -> Outcome:
        """Apply an action committed at unix time ``at`` (InputError when refused: nothing changes)."""
        game_number = self.session.number
        outcome = self.session.apply(seat, action)
        self.actions += 1
        self.last = outcome
        if outcome.turn is not None and outcome.turn.kind == "shot":
            self.shots.append(ShotEntry(len(self.shots) + 1, seat, game_number, outcome.turn, self.actions - 1))
        if outcome.lag_strokes:
            self._lagged(outcome)
        if not isinstance(action, PlaceAction) and at is not None:
            # Art. 24: the time runs from when the balls stop - the end of this action's stroke, if any.
            # A bot's strokes are stored at once, but the next player watches each of them roll: a
            # bot's action counts as played when the balls of the one before stopped. A person acts
            # when his request comes. Placing the cue ball in hand is part of the turn, so it does
            # not restart the clock.
            simulated = outcome.turn.simulation if outcome.turn is not None else None
            bot = self.is_bot(seat)
            played_at = max(at, self.turn_start) if bot and self.turn_start is not None else at
            self.turn_start = played_at + (float(simulated.duration) if simulated is not None else 0.0)
        return outcome

    def _lagged(self, outcome: Outcome) -> None:
        from bola8.game.lag import lag_winner

        strokes = outcome.lag_strokes
        if len(strokes) == 1 or self.lag is None or self.lag.get("winner") is not None or len(self.lag["strokes"]) == 2:
            self.lag_round += 1
            self.lag = {"round": self.lag_round, "strokes": []}
        self.lag["strokes"] = [{"seat": s.player, "speed": s.speed,
                                "distance": None if math.isinf(s.distance) else round(s.distance, 5),
                                "final": None if s.final is None else [round(v, 5) for v in s.final]}
                               for s in strokes]
        self.lag["reason"] = self.session.progress.lag_due() if outcome.lag_winner is None else self.lag.get("reason")
        if outcome.lag_winner is not None:
            self.lag.update(winner=outcome.lag_winner, breaker=self.session.progress.breaker,
                            coin_toss=lag_winner(*strokes) is None)
        elif len(strokes) == 2:
            self.lag["tied"] = True

    def on_clock(self, seat: int) -> bool:
        """Art. 24: ``seat`` has been warned; its strokes are timed."""
        return seat in self.session.clock.warned

    def elapsed(self, seat: int, now: float) -> float | None:
        """The seconds ``seat`` has taken since the balls stopped, when it is on the clock; else None."""
        if not self.on_clock(seat) or self.turn_start is None:
            return None
        return round(max(0.0, now - self.turn_start), 3)

    def timed(self, seat: int, action: Action, now: float) -> Action:
        """A stroke with the server's own measure of its time when the seat is on the clock (Art. 24)."""
        if isinstance(action, ShotAction) and action.elapsed_s is None:
            elapsed = self.elapsed(seat, now)
            if elapsed is not None:
                return replace(action, elapsed_s=elapsed)
        return action

    def clock(self, now: float) -> dict[str, Any]:
        """The shot clock as the page draws it: who is warned, and the deadline of the seat to act."""
        limit = self.session.settings.ruleset.shot_clock_s
        data: dict[str, Any] = {"warned": sorted(self.session.clock.warned), "limit_s": limit, "seat": None,
                                "started_at": None, "deadline": None, "now": round(now, 3)}
        to_act = self.session.to_act()
        if (to_act is not None and to_act.action in ("place", "shot") and self.on_clock(to_act.seat)
                and self.turn_start is not None and limit is not None):
            data.update(seat=to_act.seat, started_at=round(self.turn_start, 3),
                        deadline=round(self.turn_start + limit, 3))
        return data

    def bot_task(self) -> BotTask:
        """The decision the bot to act makes now, as a value a worker process can take."""
        from bola8.server.thinking import BotTask

        now = self.session.to_act()
        assert now is not None and self.is_bot(now.seat)
        return BotTask(self.kinds[now.seat], self.names[now.seat], bot_seed(self.params["seed"], now.seat, self.actions),
                       now, self.session.game, self.session.spec)

    def stalemate_task(self, seat: int) -> StalemateTask:
        """The question a proposed stalemate puts to the bot at ``seat`` (Art. 21.2), as a value."""
        from bola8.server.thinking import StalemateTask

        assert self.session.game is not None and self.is_bot(seat)
        return StalemateTask(self.kinds[seat], self.names[seat], bot_seed(self.params["seed"], seat, self.actions),
                             self.session.game, seat)

    def bot_move(self) -> tuple[int, Action]:
        """The action the bot to act plays now (not applied), decided in this thread."""
        from bola8.server.thinking import bot_decision

        return bot_decision(self.bot_task())

    def record_text(self) -> str:
        return self.writer.text()


def json_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False)
