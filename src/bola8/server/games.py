"""Games on the simulated table as the server keeps them: a session, its record, its shots.

A :class:`LiveGame` is rebuilt from the stored creation parameters and
actions (:mod:`bola8.server.store`) by applying every action again to a
fresh :class:`~bola8.game.session.MatchSession`; bots' strokes are stored as
executed, so rebuilding never asks a bot. A bot asked for a new action is
built for that action alone, seeded by the match seed, its seat and the
action's number: a server restarted between two actions makes the same bot
play the same stroke as one that never stopped.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any

from bola8 import rules
from bola8.errors import InputError
from bola8.game.match import MatchSettings
from bola8.game.session import (Action, ChoiceAction, DeclareAction, LagAction, MatchSession, Outcome,
                                PlaceAction, ShotAction, bot_action)
from bola8.players import BOT_LEVELS as BOT_LEVELS   # the bots the project has (bola8.players.make_player), one list

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
        self.writer = RecordWriter(None, {"players": self.names, "race": params["race"], "seed": params["seed"],
                                          "table": params["table"], "ruleset": params["ruleset"],
                                          "noise": 1.0, "kinds": self.kinds})
        settings = MatchSettings(table=params["table"], ruleset=params["ruleset"], race=params["race"],
                                 seed=params["seed"])
        self.session = MatchSession(settings, observers=(self.writer,))
        self.actions = 0             # actions applied (the next one's number)
        self.shots: list[ShotEntry] = []
        self.last: Outcome | None = None

    @property
    def has_person(self) -> bool:
        return "person" in self.kinds

    def is_bot(self, seat: int) -> bool:
        return self.kinds[seat].startswith("bot")

    def apply(self, seat: int, action: Action) -> Outcome:
        """Apply an action (InputError when refused: nothing changes)."""
        game_number = self.session.number
        outcome = self.session.apply(seat, action)
        self.actions += 1
        self.last = outcome
        if outcome.turn is not None and outcome.turn.kind == "shot":
            self.shots.append(ShotEntry(len(self.shots) + 1, seat, game_number, outcome.turn))
        return outcome

    def bot_move(self) -> tuple[int, Action]:
        """The action the bot to act plays now (not applied)."""
        from bola8.players import make_player

        now = self.session.to_act()
        assert now is not None and self.is_bot(now.seat)
        bot = make_player(self.kinds[now.seat], name=self.names[now.seat],
                          seed=bot_seed(self.params["seed"], now.seat, self.actions))
        return bot_action(self.session, bot)

    def record_text(self) -> str:
        return self.writer.text()


def json_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False)
