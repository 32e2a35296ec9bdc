"""Checking a real table's record (format ``bola8-real-table``, :mod:`bola8.game.real_table`).

A real table has no physics to play again: its record holds what the person
keeping the match entered (the lag's result, each shot's facts, the options
taken, the declarations and the officials' warnings and disqualifications)
and what the referee answered. :func:`replay_real_table` enters every action
again into a fresh :class:`~bola8.game.real_table.RealTableMatch` and compares
each ruling, each state after it, who acted, each game's result and score
and the match's end with the record; the entry times (``at``), when the
record has them, must not go back. The answer is the same
:class:`~bola8.game.replay.ReplayReport` as a simulated match's, so
``bola8 replay`` prints both alike.

:func:`check_line` is what the record reader asks of each line of such a
record: the fields the replay reads are there with their types, so a
tampered record is refused naming its line and field, never crashed on.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime
from typing import Any

from bola8 import rules
from bola8.errors import InputError
from bola8.game.real_table import FORMAT, VERSION, Entry, RealTableMatch
from bola8.game.record_format import Line, ruling_to_dict, shorten
from bola8.game.replay import Mismatch, ReplayReport

ACTIONS = ("lag", "shot", "choice", "declare", "warn", "disqualify")
TYPES = ("match", *ACTIONS, "game_end", "match_end")


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_time(v: object) -> bool:
    if not isinstance(v, str):
        return False
    try:
        return datetime.fromisoformat(v).tzinfo is not None
    except ValueError:
        return False


Check = tuple[Callable[[Any], bool], str, str]          # the test, what is expected (English, Spanish)
_PLAYER: Check = (rules.is_player, "player 0 or 1", "el jugador 0 o 1")
_OPTIONAL_PLAYER: Check = (lambda v: v is None or rules.is_player(v), "player 0, 1 or null", "el jugador 0, 1 o null")
_OBJECT: Check = (lambda v: isinstance(v, dict), "an object", "un objeto")
_TEXT: Check = (lambda v: isinstance(v, str), "a string", "una cadena")
_COUNT: Check = (lambda v: _is_int(v) and v >= 0, "a whole number >= 0", "un número entero >= 0")
_SCORE: Check = (lambda v: isinstance(v, list) and len(v) == 2 and all(_is_int(x) and x >= 0 for x in v),
                 "two whole numbers", "dos números enteros")
_TIME: Check = (_is_time, "a time in ISO 8601 with its zone", "una hora en ISO 8601 con su zona")
_RESULT: Check = (lambda v: v is None or isinstance(v, str), "a string or null", "una cadena o null")

_ACTION: dict[str, Check] = {"n": (lambda v: _is_int(v) and v >= 1, "a whole number >= 1", "un número entero >= 1"),
                             "game": _COUNT, "player": _OPTIONAL_PLAYER}
_JUDGED: dict[str, Check] = {**_ACTION, "ruling": _OBJECT, "state": _OBJECT}
_FIELDS: dict[str, dict[str, Check]] = {
    "match": {"format": (lambda v: v == FORMAT, repr(FORMAT), repr(FORMAT)),
              "version": (lambda v: v == VERSION, f"{VERSION}, the version this bola8 reads",
                          f"{VERSION}, la versión que lee este bola8"),
              "players": (lambda v: isinstance(v, list) and len(v) == 2 and all(isinstance(x, str) for x in v),
                          "two names", "dos nombres"),
              "race": (lambda v: _is_int(v) and v >= 1, "a whole number of games >= 1",
                       "un número entero de partidas >= 1"),
              "ruleset": _TEXT},
    "lag": {**_ACTION, "winner": _PLAYER, "breaks": _PLAYER, "reason": _TEXT},
    "shot": {**_JUDGED, "player": _PLAYER},
    "choice": {**_JUDGED, "option": _TEXT},
    "declare": {**_JUDGED, "what": _TEXT},
    "warn": {**_ACTION, "player": _PLAYER},
    "disqualify": {**_ACTION, "player": _PLAYER},
    "game_end": {"game": _COUNT, "result": _RESULT, "winner": _OPTIONAL_PLAYER, "score": _SCORE},
    "match_end": {"winner": _OPTIONAL_PLAYER, "score": _SCORE, "result": _RESULT},
}
_OPTIONAL: dict[str, dict[str, Check]] = {
    "match": {"opened_at": _TIME},
    "match_end": {"at": _TIME, "duration_s": _COUNT},
    **{kind: {"at": _TIME} for kind in (*ACTIONS, "game_end")},
}


def check_line(line: Line, number: int) -> None:
    """The line is one of a real-table record, with each field the replay reads there and of its type."""
    kind = line.get("type")
    if kind not in _FIELDS:
        kinds = ", ".join(TYPES)
        raise InputError(f"record line {number}: type must be one of {kinds} in a {FORMAT} record.",
                         f"record line {number}: type debe ser uno de {kinds} en un registro {FORMAT}.")
    optional = {name: check for name, check in _OPTIONAL.get(kind, {}).items() if name in line}
    for name, (test, en, es) in {**_FIELDS[kind], **optional}.items():
        if name not in line:
            raise InputError(f"record line {number}: {name} is missing.", f"record line {number}: falta {name}.")
        if not test(line[name]):
            shown = shorten(json.dumps(line[name], ensure_ascii=False))
            raise InputError(f"record line {number}: {name}: {shown} is not {en}.",
                             f"record line {number}: {name}: {shown} no es {es}.")


def replay_real_table(lines: list[Line]) -> ReplayReport:
    """Enter every action of a real table's record again and compare each outcome with the record
    (the lines as :func:`~bola8.game.record_reader.read_record` gives them)."""
    checker = _Checker(lines[0])
    for line in lines[1:]:
        checker.line(line)
    return checker.report()


class _Checker:
    def __init__(self, header: Line):
        players = header["players"]
        try:
            self.match = RealTableMatch((players[0], players[1]), header["race"], header["ruleset"])
        except InputError as error:
            raise InputError(f"record line {header['_line']}: {error.en}", f"record line {header['_line']}: {error.es}") \
                from None
        self.mismatches: list[Mismatch] = []
        self.actions = self.shots = 0
        self.games_ended = 0
        self.ended = False
        self.last_at = _time(header.get("opened_at"))

    def differ(self, line: Line, what: str, recorded: object, replayed: object) -> None:
        if _plain(recorded) != _plain(replayed):
            self.mismatches.append(Mismatch(line["_line"], line["type"], what, recorded, replayed))

    def line(self, line: Line) -> None:
        kind = line["type"]
        at = _time(line.get("at"))
        if at is not None:
            if self.last_at is not None and at < self.last_at:
                self.differ(line, "sequence", f"at {line['at']}", "a time not before the line above's")
            self.last_at = at
        if self.ended:
            self.differ(line, "sequence", kind, "end of record")
            return
        if kind in ACTIONS:
            self.action(line)
        elif kind == "game_end":
            self.game_end(line)
        else:
            self.match_end(line)

    def action(self, line: Line) -> None:
        match, kind = self.match, line["type"]
        self.differ(line, "sequence", line["n"], len(match.history) + 1)
        try:
            if kind == "lag":
                match.lag(line["winner"], line["breaks"])
            elif kind == "shot":
                match.shot({k: v for k, v in line.items() if k not in _NOT_FACTS})
            elif kind == "choice":
                match.choice(line["option"])
            elif kind == "declare":
                match.declare(line["what"], line["player"])
            elif kind == "warn":
                match.warn(line["player"])
            else:
                match.disqualify(line["player"])
        except InputError as error:
            raise InputError(f"record line {line['_line']} ({kind}): {error.en}",
                             f"record line {line['_line']} ({kind}): {error.es}") from None
        self.actions += 1
        self.shots += kind == "shot"
        entry: Entry = match.history[-1]
        self.differ(line, "game", line["game"], entry.game_number)
        self.differ(line, "player", line["player"], entry.player)
        if kind == "lag":
            self.differ(line, "lag reason", line["reason"], entry.data["reason"])
        if entry.ruling is not None:
            self.differ(line, "ruling", _ruling(line["ruling"]), _ruling(ruling_to_dict(entry.ruling)))
        if entry.state is not None:
            self.differ(line, "state", line["state"], entry.state.to_dict())

    def game_end(self, line: Line) -> None:
        ended = [e for e in self.match.history if e.state is not None and e.state.phase == "over"]
        if len(ended) <= self.games_ended:
            self.differ(line, "sequence", "game_end", "action")
            return
        entry = ended[self.games_ended]
        self.games_ended += 1
        assert entry.state is not None
        score = [0, 0]
        for e in ended[:self.games_ended]:
            assert e.state is not None
            if e.state.result != "stalemate" and e.state.winner is not None:
                score[e.state.winner] += 1
        self.differ(line, "game result", [line["game"], line["result"], line["winner"]],
                    [entry.game_number, entry.state.result, entry.state.winner])
        self.differ(line, "score", line["score"], score)

    def match_end(self, line: Line) -> None:
        progress = self.match.progress
        if not progress.over:
            self.differ(line, "sequence", "match_end", "action")
            return
        self.ended = True
        self.differ(line, "match result", [line["winner"], line["score"], line["result"]],
                    [progress.winner, list(progress.score), progress.result])

    def report(self) -> ReplayReport:
        if self.actions == 0:
            raise InputError("record: it holds no action, so there is nothing to check.",
                             "record: no contiene ninguna acción, así que no hay nada que comprobar.")
        return ReplayReport(actions=self.actions, shots=self.shots, games=self.match.game_number,
                            mismatches=tuple(self.mismatches),
                            interrupted_after=None if self.ended else self.games_ended)


# a shot line holds its facts as fields of its own (the SHOT of referee-json, spread into the line): every
# field but these
_NOT_FACTS = ("type", "n", "game", "player", "ruling", "state", "at", "_line")


def _ruling(data: Any) -> Any:
    """A ruling as the referee decides it: foul, turn, balls and each reason's code, article and values
    (the sentences are the reasons' words, written again from their codes)."""
    if not isinstance(data, dict):
        return data
    reasons = [{k: r.get(k) for k in ("code", "article", "values")} if isinstance(r, dict) else r
               for r in data.get("reasons", [])]
    return {**{k: data.get(k) for k in ("foul", "turn_passes", "legally_pocketed", "respotted")}, "reasons": reasons}


def _plain(value: Any) -> Any:
    return json.loads(json.dumps(value, sort_keys=True, default=str))


def _time(value: Any) -> float | None:
    return datetime.fromisoformat(value).timestamp() if isinstance(value, str) else None
