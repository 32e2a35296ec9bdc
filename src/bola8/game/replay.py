"""Replay: every action of a record played again, every outcome compared with what was written.

:func:`replay` plays each shot again on the simulator, each choice and
declaration on the referee, and follows the match itself
(:class:`~bola8.game.match.MatchProgress`): when a lag is due and why, the
number, breaker and rack of each game, who plays each action, each game's
result and score, the match's end. The report lists every place where the
outcome differs - none, for a record made by this version of bola8: the
simulator is deterministic. A record that stops before the match's end is an
interrupted match (``interrupted_after`` games), not a difference.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bola8.errors import InputError
from bola8.game.game import Game, Turn
from bola8.game.lag import lag_stroke, lag_winner
from bola8.game.match import MatchProgress, coin_toss_winner, game_rack_seed
from bola8.game.record_format import (Line, RecordHeader, call_from_dict, layout_to_dict, ruling_to_dict,
                                      shorten, strike_from_dict)
from bola8.game.shot_clock import ShotClock

if TYPE_CHECKING:
    from bola8.physics import TableSpec

# What a mismatch is about, in the words of each language.
_WHAT = {
    "es": {"rack layout": "la posición del rack", "lag distance": "la distancia del arrime",
           "lag winner": "el ganador del arrime", "lag reason": "el motivo del arrime",
           "game": "la partida (número, mesa, reglamento, semilla del rack)",
           "breaker": "quien hace el tiro de apertura", "player": "el jugador",
           "game result": "el resultado de la partida (número, resultado, ganador)", "score": "el marcador",
           "match result": "el resultado del encuentro (ganador, marcador, resultado)",
           "sequence": "el orden de las líneas",
           "facts": "los hechos del tiro", "ruling": "la decisión", "state": "el estado",
           "layout": "la posición de las bolas"},
    "en": {"rack layout": "the rack layout", "lag distance": "the lag distance",
           "lag winner": "the lag winner", "lag reason": "the reason for the lag",
           "game": "the game (number, table, ruleset, rack seed)",
           "breaker": "the breaker", "player": "the player",
           "game result": "the game result (number, result, winner)", "score": "the score",
           "match result": "the match result (winner, score, result)", "sequence": "the order of the lines",
           "facts": "the facts of the shot", "ruling": "the ruling", "state": "the state",
           "layout": "the ball layout"},
}


@dataclass(frozen=True)
class Mismatch:
    """One outcome of a replay that differs from the record: the whole values, as recorded and replayed."""

    line: int           # 1-based line of the record
    kind: str           # the line's type: shot, choice, lag, ...
    what: str           # a key of _WHAT: "ruling", "layout", ...
    recorded: Any
    replayed: Any

    @property
    def difference(self) -> tuple[str, Any, Any, int]:
        """The first field that differs (``""`` for the whole value), its two values, how many fields differ."""
        found = _differences(_norm(self.recorded), _norm(self.replayed), "")
        field, recorded, replayed = found[0] if found else ("", self.recorded, self.replayed)
        return field, recorded, replayed, len(found)

    def text(self, lang: str = "es") -> str:
        """One short sentence: the line, what differs and where, both values (long ones shortened)."""
        where = f"línea {self.line} ({self.kind})" if lang == "es" else f"line {self.line} ({self.kind})"
        return f"{where}: {self.detail(lang)}"

    def detail(self, lang: str = "es") -> str:
        """:meth:`text` without the line: what differs, where, the two values."""
        es = lang == "es"
        if self.what == "sequence":
            recorded, expected = _shown(self.recorded), _shown(self.replayed)
            if es:
                return f"el registro tiene {recorded} donde el encuentro espera {expected}"
            return f"the record has {recorded} where the match expects {expected}"
        field, recorded, replayed, count = self.difference
        what = _WHAT["es" if es else "en"][self.what]
        at = (f" en {field}" if es else f" at {field}") if field else ""
        more = ""
        if count > 1:
            more = (f" (y {count - 1} campo{'s' if count > 2 else ''} más)" if es
                    else f" (and {count - 1} more field{'s' if count > 2 else ''})")
        if es:
            return f"{what} difiere{at}: grabado {_shown(recorded)}, repetido {_shown(replayed)}{more}"
        return f"{what} differs{at}: recorded {_shown(recorded)}, replayed {_shown(replayed)}{more}"

    def to_dict(self) -> dict[str, Any]:
        """JSON: the line, its type, what differs, the first differing ``field`` and its two values."""
        field, recorded, replayed, count = self.difference
        return {"line": self.line, "type": self.kind, "what": self.what, "field": field,
                "recorded": _json(recorded), "replayed": _json(replayed), "fields_differing": count}


@dataclass(frozen=True)
class ReplayReport:
    """What a replay found: how much it played, every difference, and whether the match was complete."""

    actions: int = 0
    shots: int = 0
    games: int = 0
    mismatches: tuple[Mismatch, ...] = ()
    interrupted_after: int | None = None     # games finished, when the record stops before the match's end

    @property
    def ok(self) -> bool:
        """Every outcome as recorded (an interrupted record can be ok: what it holds replays)."""
        return not self.mismatches

    @property
    def complete(self) -> bool:
        """The record holds the whole match (it was not interrupted)."""
        return self.interrupted_after is None

    def to_dict(self) -> dict[str, Any]:
        """The report as JSON (``bola8 replay --json``, the server)."""
        return {"ok": self.ok, "complete": self.complete, "interrupted_after": self.interrupted_after,
                "games": self.games, "actions": self.actions, "shots": self.shots,
                "mismatches": [m.to_dict() for m in self.mismatches]}


def replay(lines: list[Line]) -> ReplayReport:
    """Play every action of a record (:func:`~bola8.game.record_reader.read_record`'s lines) again and
    compare each outcome with what was written."""
    replayer = Replayer(lines)
    for line in lines[1:]:
        replayer.line(line)
    return replayer.report()


class Replayer:
    """Follows a record line by line: the match's bookkeeping, the game in play, the differences.

    :meth:`line` plays one line; :attr:`turn` is the last action's
    :class:`~bola8.game.Turn` (render draws it).
    """

    def __init__(self, lines: list[Line]):
        from bola8.physics import table_spec

        self.header = RecordHeader.read(lines[0])
        self.spec: TableSpec = table_spec(self.header.table)
        self.progress = MatchProgress(self.header.race)
        self.mismatches: list[Mismatch] = []
        self.actions = self.shots = self.games = 0
        self.finished = 0                # games that reached their game_end
        self.game: Game | None = None
        self.turn: Turn | None = None
        self.clock = ShotClock()         # Art. 24: the warnings given so far, carried from game to game
        self.number = 0                  # of the game in play
        self.closed = True               # the game in play has had its game_end (or none started)
        self.ended = False               # match_end seen

    def report(self) -> ReplayReport:
        """What the replay found: the counts, every mismatch, and where an interrupted record stops."""
        if self.games == 0 and not self.progress.over:
            raise InputError("record: it holds no game line, so there is nothing to replay.",
                             "record: no contiene ninguna línea game, así que no hay nada que repetir.")
        return ReplayReport(actions=self.actions, shots=self.shots, games=self.games,
                            mismatches=tuple(self.mismatches),
                            interrupted_after=None if self.ended else self.finished)

    # ------------------------------------------------------------ checks
    def differ(self, line: Line, what: str, recorded: object, replayed: object) -> None:
        """Note a mismatch when the recorded and replayed values of ``what`` differ."""
        if _norm(recorded) != _norm(replayed):
            self.mismatches.append(Mismatch(line["_line"], line["type"], what, recorded, replayed))

    def expected(self) -> str:
        """What the match expects next, in the record's own words (type, and what it is about)."""
        progress = self.progress
        if self.ended:
            return "end of record"
        if progress.over:
            return "match_end"
        if not self.closed:
            return "game_end" if self.game is not None and self.game.is_over else "action"
        reason = progress.lag_due()
        if reason is not None:
            return f"lag ({reason})"
        return f"game {progress.games + 1}"

    def sequence(self, line: Line, recorded: str) -> None:
        """Note a mismatch when this line is not what the match expects next."""
        expected = self.expected()
        if recorded != expected:
            self.differ(line, "sequence", recorded, expected)

    # ------------------------------------------------------------ lines
    def line(self, line: Line) -> None:
        """Play one line; an action the replay cannot play is refused naming the line (and the first
        difference before it, which usually explains it)."""
        try:
            self._line(line)
        except InputError as error:
            if self.mismatches:
                first = self.mismatches[0].line
                raise InputError(f"record line {line['_line']}: the replay cannot go on "
                                 f"({error.en.rstrip('.')}); it already differs from the record at line "
                                 f"{first} - was it recorded by another version of bola8?",
                                 f"record line {line['_line']}: la repetición no puede seguir "
                                 f"({error.es.rstrip('.')}); ya difiere del registro en la línea "
                                 f"{first} - ¿lo grabó otra versión de bola8?") from None
            raise InputError(f"record line {line['_line']}: {error.en}",
                             f"record line {line['_line']}: {error.es}") from None

    def _line(self, line: Line) -> None:
        kind = line["type"]
        self.turn = None
        if kind == "lag":
            self.lag(line)
        elif kind == "game":
            self.game_line(line)
        elif kind == "game_end":
            self.game_end(line)
        elif kind == "match_end":
            self.match_end(line)
        elif kind in ("warn", "disqualify", "concede"):
            self.official(line)
        else:
            self.action(line)

    def official(self, line: Line) -> None:
        """Art. 24 warnings, Art. 22 disqualifications and a player's concession: any time before the match
        is over."""
        if self.ended or self.progress.over:
            self.differ(line, "sequence", line["type"], self.expected())
        player = line["player"]
        if line["type"] == "warn":
            if self.game is not None and not self.closed:
                self.game = self.game.warn_slow_play(player)
                self.clock = self.game.shot_clock
            else:
                self.clock = self.clock.warn(player)
            return
        if line["type"] == "concede":
            self.progress.concede(player, line["abandoned"])
        else:
            self.progress.disqualify(player)
        self.closed = True               # the game in play ends unfinished, with the match

    def lag(self, line: Line) -> None:
        """Replay a lag line: simulate both strokes and confirm the winner and the breaker."""
        due = self.progress.lag_due()
        self.sequence(line, f"lag ({line['reason']})")
        strokes = tuple(lag_stroke(self.spec, float(s["speed"]), player=int(s["player"]),
                                   physics=self.header.physics)
                        for s in line["strokes"])
        for recorded, stroke in zip(line["strokes"], strokes):
            got = None if math.isinf(stroke.distance) else stroke.distance
            self.differ(line, "lag distance", [stroke.player, recorded.get("distance")], [stroke.player, got])
        if line.get("coin_toss"):
            # the last of the tied lags was recorded: it must tie again, and the toss repeat
            tied = lag_winner(*strokes) is None
            got_winner = coin_toss_winner(self.header.seed, line["reason"]) if tied else None
        else:
            got_winner = lag_winner(*strokes)
        self.differ(line, "lag winner", line["winner"], got_winner)
        # The winner chooses who breaks (Art. 4.1): any breaker is his choice; the games check it.
        self.progress.lagged(line["reason"] if due is None else due, line["breaker"])

    def game_line(self, line: Line) -> None:
        """Replay a game line: confirm its number, breaker and rack, and start the game."""
        self.sequence(line, f"game {self.progress.games + 1}")
        number = self.progress.game_started()
        header = self.header
        self.differ(line, "game", [line.get("number"), line["table"], line["ruleset"], line["rack_seed"]],
                    [number, header.table, header.ruleset.name, game_rack_seed(header.seed, number)])
        self.differ(line, "breaker", line["breaker"], self.progress.breaker)
        # Played as recorded, so that one difference does not hide the rest of the record.
        # The header's ruleset value (its settings too) unless the line names another ruleset.
        ruleset = header.ruleset if line["ruleset"] == header.ruleset.name else line["ruleset"]
        game = Game.new(line["table"], ruleset=ruleset, breaker=line["breaker"],
                        rack_seed=line["rack_seed"], physics=header.physics, shot_clock=self.clock)
        self.differ(line, "rack layout", line["layout"], layout_to_dict(game.balls))
        if isinstance(line.get("state"), dict):
            self.differ(line, "state", line["state"], game.state.to_dict())
        self.game, self.number, self.closed = game, number, False
        self.games += 1

    def game_end(self, line: Line) -> None:
        """Replay a game_end line: confirm the result and the score."""
        self.sequence(line, "game_end")
        game = self.game
        if game is None:
            raise InputError("a game_end line comes before any game line.",
                             "una línea game_end aparece antes de cualquier línea game.")
        self.differ(line, "game result", [line.get("number"), line["result"], line["winner"]],
                    [self.number, game.state.result, game.state.winner])
        if game.is_over and not self.closed:
            self.progress.game_ended(game.state.result, game.state.winner)
            self.finished += 1
        self.closed = True
        self.clock = game.shot_clock
        self.differ(line, "score", line.get("score"), self.progress.score)

    def match_end(self, line: Line) -> None:
        """Replay the match_end line: confirm the winner, the score and how the match ended."""
        self.sequence(line, "match_end")
        progress = self.progress
        self.differ(line, "match result", [line.get("winner"), line.get("score"), line.get("result")],
                    [progress.winner, progress.score, progress.result])
        self.ended = True

    def action(self, line: Line) -> None:
        """Replay one action line (place, shot, choice, declare): play it and confirm its ruling, state and
        layout.
        """
        kind = line["type"]
        game = self.game
        if game is None:
            raise InputError(f"a {kind} line comes before any game line.",
                             f"una línea {kind} aparece antes de cualquier línea game.")
        self.sequence(line, "action")
        self.actions += 1
        state = game.state
        if kind == "place":
            self.differ(line, "player", line.get("player"), state.shooter)
            self.game = game.place_cue_ball(float(line["x"]), float(line["y"]))
            return
        turn: Turn
        if kind == "shot":
            self.differ(line, "player", line.get("player"), state.shooter)
            strike, call = strike_from_dict(line["strike"]), call_from_dict(line["call"])
            # the shot clock is replayed: its foul comes from the warnings and the recorded time
            fouls = tuple(f for f in line["facts"].get("referee_fouls", ()) if f != "slow_play")
            turn = game.play(strike, call, referee_fouls=fouls, elapsed_s=line["elapsed_s"])
            self.shots += 1
            self.differ(line, "facts", line["facts"], turn.shot.to_dict() if turn.shot is not None else None)
        elif kind == "choice":
            chooser = state.decision.player if state.decision is not None else state.shooter
            self.differ(line, "player", line.get("player"), chooser)
            turn = game.decide(line["choice"])
        else:
            turn = game.declare(line["declare"], line["player"])
        self.differ(line, "ruling", line["ruling"], ruling_to_dict(turn.ruling))
        self.differ(line, "state", line["state"], turn.game.state.to_dict())
        self.differ(line, "layout", line["layout"], layout_to_dict(turn.game.balls))
        self.game = turn.game
        self.turn = turn


def _norm(value: object) -> Any:
    """JSON's view of a value: tuples and lists compare alike."""
    return json.loads(json.dumps(value))


def _differences(recorded: Any, replayed: Any, path: str) -> list[tuple[str, Any, Any]]:
    """Every leaf field where two JSON values differ, in order: (field, recorded, replayed)."""
    if isinstance(recorded, dict) and isinstance(replayed, dict):
        found: list[tuple[str, Any, Any]] = []
        for key in list(recorded) + [k for k in replayed if k not in recorded]:
            here = f"{path}.{key}" if path else str(key)
            if key not in recorded or key not in replayed:
                found.append((here, recorded.get(key, _ABSENT), replayed.get(key, _ABSENT)))
            else:
                found += _differences(recorded[key], replayed[key], here)
        return found
    if (isinstance(recorded, list) and isinstance(replayed, list) and len(recorded) == len(replayed)
            and any(isinstance(v, (dict, list)) for v in recorded + replayed)):
        found = []
        for index, (a, b) in enumerate(zip(recorded, replayed)):
            found += _differences(a, b, f"{path}[{index}]")
        return found
    return [] if recorded == replayed else [(path, recorded, replayed)]


class _Absent:
    def __repr__(self) -> str:
        return "(absent)"


_ABSENT = _Absent()


def _json(value: object) -> Any:
    return None if isinstance(value, _Absent) else _norm(value)


def _shown(value: object) -> str:
    if isinstance(value, _Absent):
        return "—"
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return shorten(text)

