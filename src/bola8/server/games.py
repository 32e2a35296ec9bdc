"""Games on the simulated table as the server keeps them: a session and its shots.

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
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from bola8 import rules
from bola8.errors import InputError
from bola8.game import Game, Turn
from bola8.game.match import MatchSettings
from bola8.game.session import (Action, AnswerAction, ChoiceAction, ConcedeAction, DeclareAction, LagAction,
                                MatchSession, Outcome, PlaceAction, ProposeAction, ShotAction)
from bola8.game.shot_clock import TurnTimer
from bola8.players import BOT_LEVELS as BOT_LEVELS   # the bots the project has (bola8.players.make_player), one list

if TYPE_CHECKING:
    from bola8.server.thinking import BotTask, StalemateTask

# A person playing apart whose page has been closed this long while the match waits for him has abandoned
# it: his opponent may claim it. Long enough to come back from a reload, a lost network or a phone call;
# short enough that nobody waits for a player who left for good.
CLAIM_AFTER_S = 120.0

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
    """An action of ``seat`` as the store keeps it (JSON)."""
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
    if isinstance(action, ProposeAction):
        return {"seat": seat, "type": "propose", "what": action.what}
    if isinstance(action, AnswerAction):
        return {"seat": seat, "type": "answer", "accept": action.accept}
    if isinstance(action, ConcedeAction):
        return {"seat": seat, "type": "concede", "abandoned": action.abandoned}
    return {"seat": seat, "type": "declare", "what": action.what}


def action_from_dict(data: dict[str, Any]) -> tuple[int, Action]:
    """A stored action read back: (seat, action)."""
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
    if kind == "propose":
        return seat, ProposeAction(str(data["what"]))
    if kind == "answer":
        return seat, AnswerAction(bool(data["accept"]))
    if kind == "concede":
        return seat, ConcedeAction(bool(data["abandoned"]))
    return seat, DeclareAction(str(data["what"]))


@dataclass(frozen=True)
class ShotEntry:
    """One stroke of a game as the server keeps it in memory: a few kB, whatever its trajectory.

    The SHOT of the contract (events, a trajectory of over 100 kB for a break) is not kept: it is the
    stroke played again from the position it was played from (:meth:`turn`: the game is an immutable
    value and the simulator deterministic), built when asked and cached in a bounded cache
    (:class:`bola8.server.registry.GameRegistry`). The ruling is kept: the shot list names who shot
    and what the referee said without playing every stroke again.
    """

    n: int                       # 1-based, over the whole match
    seat: int
    game_number: int
    action: int                  # the number (0-based) of the action that played it
    before: Game                 # the position the stroke was played from
    stroke: ShotAction           # as executed (a bot's stroke with its noise; the time Art. 24 judged)
    ruling: rules.Ruling
    object_ball_down: bool = False   # an object ball dropped (a break that made a ball: the players' figures)

    def turn(self) -> Turn:
        """The stroke's turn, played again: the same simulation and the same ruling as when it was played."""
        return self.before.play(self.stroke.strike, self.stroke.call, elapsed_s=self.stroke.elapsed_s)


class LiveGame:
    """One game's session with its shots; owned by the server's registry.

    Its memory is bounded by its match (a race of at most 99 games): the session, the position
    before each stroke and each ruling - not the record, which is written again from the stored
    actions when asked (:meth:`GameRegistry.record_text`), nor any stroke's trajectory.
    """

    def __init__(self, game_id: str, params: dict[str, Any], tokens: list[str | None],
                 observers: tuple[Any, ...] = ()):
        self.id = game_id
        self.params = params
        self.tokens = tokens         # each seat's token digest (None: a bot's seat, or a seat still open)
        self.kinds: list[str] = list(params["players"])
        self.names: list[str] = list(params["names"])
        # whether the players may ask the coach (bola8.server.hints); games stored before the setting had them
        self.hints = bool(params.get("hints", True))
        settings = MatchSettings(table=params["table"], ruleset=params["ruleset"], race=params["race"],
                                 seed=params["seed"], warned=tuple(params.get("warned", ())))
        self.session = MatchSession(settings, observers=observers)
        self.actions = 0             # actions applied (the next one's number)
        self.shots: list[ShotEntry] = []
        self.last_ruling: rules.Ruling | None = None  # of the last shot, choice or declaration
        self.lag: dict[str, Any] | None = None       # the last lag round (Art. 4), for the page
        self.lag_round = 0
        self.timer = TurnTimer()                      # Art. 24, from the actions' commit times
        self.thinking_since: float | None = None      # a bot of this game is deciding since then (unix time)
        # playing together (docs/server-api.md): the profile holding each seat, and for each seat the profile
        # it is kept for (a tournament's online match: each player takes his own seat)
        self.profiles: list[str | None] = list(params.get("profiles") or [None, None])
        self.reserved: list[str | None] = list(params.get("reserved") or [None, None])
        self.rated = bool(params.get("rated", False))
        self.public = bool(params.get("public", False))
        self.invite: str | None = params.get("invite")            # the digest of the invitation's code
        # since when each seat has had no live connection, as this server saw it (None: it has one); a game
        # built here knows no better than its building time
        built_at = time.time()
        self.away_since: list[float | None] = [built_at, built_at]

    @staticmethod
    def record_header(params: dict[str, Any], actions: Sequence[dict[str, Any]] = ()) -> dict[str, Any]:
        """The header of the game's record (``bola8 match --record``'s, with the seats' kinds): the names
        as the seats were taken (``actions``: the stored ones, whose joins name the invited seat)."""
        names = list(params["names"])
        for data in actions:
            if data.get("type") == "join":
                names[int(data["seat"])] = str(data["name"])
        return {"players": names, "race": params["race"], "seed": params["seed"],
                "table": params["table"], "ruleset": params["ruleset"], "noise": 1.0,
                "kinds": list(params["players"]), "hints": bool(params.get("hints", True))}

    @property
    def open_seats(self) -> list[int]:
        """The person seats no one has taken yet (an invitation's guest, a tournament's players)."""
        return [seat for seat in (0, 1) if self.kinds[seat] == "person" and self.tokens[seat] is None]

    @property
    def invite_open(self) -> bool:
        """A seat still waits for the invited person: nothing can be played yet."""
        return bool(self.open_seats)

    def replay(self, data: dict[str, Any], at: float | None) -> Outcome | None:
        """Apply a stored action again (a person joining, or an action of the match); the action's outcome
        (None for a join)."""
        if data.get("type") == "join":
            self.join(int(data["seat"]), str(data["name"]), data.get("profile"), str(data["token"]))
            return None
        return self.apply(*action_from_dict(data), at=at)

    def join(self, seat: int, name: str, profile: str | None, digest: str) -> None:
        """The invited person takes ``seat`` (an action of the game: counted, stored, applied again)."""
        self.names[seat], self.profiles[seat], self.tokens[seat] = name, profile, digest
        self.actions += 1

    @property
    def in_tournament(self) -> bool:
        """A tournament's online match: its director ends it otherwise than by play (Art. 22), not its players."""
        return self.params.get("tournament") is not None

    def presence_changed(self, present: Sequence[bool], now: float) -> None:
        """Who has a live connection now: a seat that has just lost its last one is away from ``now``."""
        for seat in (0, 1):
            if present[seat]:
                self.away_since[seat] = None
            elif self.away_since[seat] is None:
                self.away_since[seat] = now

    def claim(self, present: Sequence[bool]) -> tuple[int, float] | None:
        """The seat that may be found to have abandoned the match, and from when its opponent may claim it:
        between two persons apart (an invitation's game), the seat the match waits for, while none of its
        pages is open - :data:`CLAIM_AFTER_S` after the later of its going away and its turn coming. None
        otherwise (a hot seat is one device; a bot never leaves)."""
        now = self.session.to_act()
        away = None if now is None else self.away_since[now.seat]
        if now is None or away is None or present[now.seat] or self.invite is None or self.invite_open:
            return None
        return now.seat, max(away, self.timer.started or 0.0) + CLAIM_AFTER_S

    @property
    def has_person(self) -> bool:
        """A person holds a seat of this game."""
        return "person" in self.kinds

    @property
    def proposal(self) -> int | None:
        """The seat whose stalemate proposal waits for the other's answer (Art. 21.2), or None."""
        proposal = self.session.proposal
        return None if proposal is None else proposal.by

    def is_bot(self, seat: int) -> bool:
        """``seat`` is played by a bot."""
        return self.kinds[seat].startswith("bot")

    def apply(self, seat: int, action: Action, at: float | None = None) -> Outcome:
        """Apply an action committed at unix time ``at`` (InputError when refused: nothing changes)."""
        game_number = self.session.number
        before = self.session.game
        outcome = self.session.apply(seat, action)
        self.actions += 1
        turn = outcome.turn
        if turn is not None:
            self.last_ruling = turn.ruling
        if turn is not None and turn.kind == "shot" and before is not None:
            assert isinstance(outcome.action, ShotAction)
            down = turn.shot is not None and any(p.ball != 0 for p in turn.shot.pocketed)
            self.shots.append(ShotEntry(len(self.shots) + 1, seat, game_number, self.actions - 1, before,
                                        outcome.action, turn.ruling, down))
        if outcome.lag_strokes:
            self._lagged(outcome)
        if at is not None:
            simulated = turn.simulation if turn is not None else None
            self.timer.taken(at, None if simulated is None else float(simulated.duration),
                             restarts=not isinstance(action, (PlaceAction, ProposeAction, AnswerAction)))
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
        # the game the lag opens: once decided, the game it started; while it is played, the next one
        self.lag["game"] = self.session.number if outcome.lag_winner is not None else self.session.progress.games + 1
        if outcome.lag_winner is not None:
            self.lag.update(winner=outcome.lag_winner, breaker=self.session.progress.breaker,
                            coin_toss=lag_winner(*strokes) is None)
        elif len(strokes) == 2:
            self.lag["tied"] = True

    def on_clock(self, seat: int) -> bool:
        """Art. 24: ``seat`` has been warned; its strokes are timed."""
        return seat in self.session.clock.warned

    def timed(self, seat: int, action: Action, now: float) -> Action:
        """A stroke with the time Art. 24 judges it with (``TurnTimer.stroke_time``: measured here for
        a seat on the clock, which may not state its own - InputError)."""
        if isinstance(action, ShotAction):
            elapsed = self.timer.stroke_time(self.on_clock(seat), action.elapsed_s, now)
            if elapsed != action.elapsed_s:
                return replace(action, elapsed_s=elapsed)
        return action

    def clock(self, now: float) -> dict[str, Any]:
        """The shot clock as the page draws it: who is warned, and the deadline of the seat to act."""
        limit = self.session.settings.ruleset.shot_clock_s
        # ``now`` to the microsecond: a page orders two views of one action by it, and a change without an
        # action (a player's page connecting) often comes within a millisecond of the view before it
        data: dict[str, Any] = {"warned": sorted(self.session.clock.warned), "limit_s": limit, "seat": None,
                                "started_at": None, "deadline": None, "now": round(now, 6)}
        to_act = self.session.to_act()
        started = self.timer.started
        if (to_act is not None and to_act.action in ("place", "shot") and self.on_clock(to_act.seat)
                and started is not None and limit is not None):
            data.update(seat=to_act.seat, started_at=round(started, 3), deadline=round(started + limit, 3))
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


def json_number(value: Any) -> bool:
    """``value`` is a JSON number (an int or a finite float, never a bool)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def dumps(data: Any) -> str:
    """``data`` as compact JSON text, as the store and the answers write it."""
    return json.dumps(data, ensure_ascii=False)
