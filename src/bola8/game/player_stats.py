"""Each player's figures of a match, read from its record: pots per called shot, fouls, breaks, runs.

The definitions are the arena's (:mod:`bola8.players.arena`), so that a
person's figures read like a bot's:

- **pots per called shot**: of the player's shots that call a ball - not a
  break, and not a two-way shot (a safety with a call, whose ``note`` starts
  with "safety") - those that pocket the called ball legally without a foul;
- **fouls**: the player's shots ruled a foul, also counted per rack played;
- **breaks made**: racks whose first break shot by the player pockets an
  object ball without a foul; **breaks** counts the racks he broke;
- **break and run**: the breaker wins the rack (a win, not a stalemate or a
  forfeit) without the other player taking a single shot.

A rack counts for both players once someone has shot in it; a rack cut off
(a disqualification, an interrupted record) counts its shots, and cannot be
a break and run.

Both record formats the project writes are read: the simulated match's
(``bola8-record``: ``bola8 match --record``,
:class:`~bola8.game.record.RecordWriter`) and the real table's
(``bola8-real-table``, :mod:`bola8.game.real_table`). The lines are JSON
objects as read (``json.loads`` of each line, or
:func:`bola8.game.record_reader.read_record`); each field read is checked, and
a line that does not hold what it should is refused naming the line and
field. The figures of a rack from values rather than lines,
:func:`rack_figures` over :class:`RackShot`, are the place to share them.

>>> lines = [{"type": "match", "format": "bola8-real-table", "version": 1, "players": ["Ana", "Luis"]},
...          {"type": "shot", "player": 0, "call": None, "pocketed": [{"ball": 3, "pocket": "foot-left"}],
...           "ruling": {"foul": False, "legally_pocketed": [3]}, "state": {"phase": "play", "breaker": 0}},
...          {"type": "shot", "player": 0, "call": {"ball": 8, "pocket": "side-left"}, "pocketed": [],
...           "ruling": {"foul": False, "legally_pocketed": [8]}, "state": {"phase": "over", "breaker": 0}},
...          {"type": "game_end", "result": "win", "winner": 0}]
>>> ana, luis = match_figures(lines)
>>> ana.to_dict()["break_and_runs"], ana.to_dict()["pots_per_call"], luis.racks, luis.shots
(1, 1.0, 1, 0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

from bola8.errors import InputError
from bola8.game.real_table import FORMAT as REAL_TABLE_FORMAT
from bola8.game.record_format import FORMAT as RECORD_FORMAT

FORMATS = (RECORD_FORMAT, REAL_TABLE_FORMAT)


@dataclass(frozen=True)
class Figures:
    """One player's counts over some racks; :meth:`to_dict` adds the rates."""

    racks: int = 0
    shots: int = 0
    calls: int = 0              # shots that call a ball (not breaks, not safeties)
    made: int = 0               # of those, the called ball pocketed legally without a foul
    fouls: int = 0
    breaks: int = 0             # racks he broke
    breaks_made: int = 0        # racks whose first break shot of his pocketed an object ball without a foul
    break_and_runs: int = 0

    def __add__(self, other: Figures) -> Figures:
        return Figures(*(getattr(self, f.name) + getattr(other, f.name) for f in fields(self)))

    def to_dict(self) -> dict[str, Any]:
        """The counts and the rates (null where the count under them is 0), rounded to 3 places, named as
        a profile's statistics are (:mod:`bola8.server.profiles`)."""
        def rate(part: int, whole: int) -> float | None:
            return round(part / whole, 3) if whole else None

        data: dict[str, Any] = {f.name: getattr(self, f.name) for f in fields(self)}
        data.update(pots_per_call=rate(self.made, self.calls), fouls_per_rack=rate(self.fouls, self.racks),
                    breaks_made_share=rate(self.breaks_made, self.breaks),
                    break_and_run_share=rate(self.break_and_runs, self.breaks))
        return data


COUNTS = tuple(f.name for f in fields(Figures))
RATES = ("pots_per_call", "fouls_per_rack", "breaks_made_share", "break_and_run_share")


@dataclass(frozen=True)
class RackShot:
    """What the figures need of one shot of a rack."""

    player: int
    on_break: bool              # the rack was at its break when it was played
    called: bool                # it called a ball and was not a safety (a two-way shot)
    made: bool                  # the called ball was pocketed legally, without a foul
    foul: bool
    object_ball_down: bool      # an object ball dropped


def rack_figures(shots: Sequence[RackShot], seat: int, breaker: int, result: str | None,
                 winner: int | None) -> Figures:
    """``seat``'s figures of one rack: its shots in order, who broke it, and how it ended (``result``
    None for a rack cut off)."""
    mine = [s for s in shots if s.player == seat]
    first_break = next((s for s in mine if s.on_break), None)
    attempts = [s for s in mine if not s.on_break and s.called]
    ran = (breaker == seat and result == "win" and winner == seat and bool(shots)
           and all(s.player == seat for s in shots))
    return Figures(racks=1 if shots else 0, shots=len(mine), calls=len(attempts),
                   made=sum(1 for s in attempts if s.made), fouls=sum(1 for s in mine if s.foul),
                   breaks=int(breaker == seat and bool(shots)),
                   breaks_made=int(first_break is not None and first_break.object_ball_down and not first_break.foul),
                   break_and_runs=int(ran))


def match_figures(lines: Sequence[Mapping[str, Any]]) -> tuple[Figures, Figures]:
    """Seat 0's and seat 1's figures over every rack of a match's record lines (see the module)."""
    if not lines or not isinstance(lines[0], Mapping) or lines[0].get("type") != "match" \
            or lines[0].get("format") not in FORMATS:
        raise InputError(f"record line 1: a record begins with its match header, of format "
                         f"{' or '.join(FORMATS)}.",
                         f"record line 1: un registro empieza por su cabecera de encuentro, de formato "
                         f"{' o '.join(FORMATS)}.")
    simulated = lines[0]["format"] == RECORD_FORMAT
    totals = [Figures(), Figures()]
    rack: list[RackShot] = []
    breaker: int | None = None
    phase = "break"

    def close(result: str | None, winner: int | None) -> None:
        nonlocal rack, breaker, phase
        if rack and breaker is not None:
            for seat in (0, 1):
                totals[seat] += rack_figures(rack, seat, breaker, result, winner)
        rack, breaker, phase = [], None, "break"

    for index, line in enumerate(lines[1:], start=2):
        if not isinstance(line, Mapping):
            raise InputError(f"record line {index}: expected a JSON object.",
                             f"record line {index}: se esperaba un objeto JSON.")
        number = line.get("_line", index)
        kind = line.get("type")
        if kind == "game":
            close(None, None)
        elif kind == "game_end":
            close(_text_or_null(line, "result", number), _seat_or_null(line, "winner", number))
        elif kind == "lag":
            phase = "break"
        elif kind == "shot":
            player = _seat(line, "player", number)
            ruling = _object(line, "ruling", number)
            foul = _flag(ruling, "foul", number, "ruling.foul")
            legal = _balls(ruling, "legally_pocketed", number, "ruling.legally_pocketed")
            call = line.get("call")
            if call is not None and not (isinstance(call, Mapping) and _is_ball(call.get("ball"))):
                raise _bad(number, "call", "a call with its ball, or null", "una llamada con su bola, o null")
            facts = _object(line, "facts", number) if simulated else line     # the real table's are the line
            down = [p.get("ball") for p in _list(facts, "pocketed", number) if isinstance(p, Mapping)]
            note = line.get("note", "")
            safety = isinstance(note, str) and note.startswith("safety")
            after = _object(line, "state", number)
            if not rack:
                breaker = int(after["breaker"]) if _is_seat(after.get("breaker")) else player
            rack.append(RackShot(player, phase == "break", call is not None and not safety,
                                 call is not None and call["ball"] in legal and not foul, foul,
                                 any(_is_ball(b) for b in down)))
            phase = after.get("phase", "play") if isinstance(after.get("phase"), str) else "play"
        elif kind in ("choice", "declare") and isinstance(line.get("state"), Mapping):
            phase = str(line["state"].get("phase", phase))
    close(None, None)
    return totals[0], totals[1]


# ------------------------------------------------------------------ fields
def _bad(number: Any, field: str, expected: str, expected_es: str) -> InputError:
    return InputError(f"record line {number}: {field} must be {expected}.",
                      f"record line {number}: {field} debe ser {expected_es}.")


def _object(line: Mapping[str, Any], key: str, number: Any, field: str | None = None) -> Mapping[str, Any]:
    value = line.get(key)
    if not isinstance(value, Mapping):
        raise _bad(number, field or key, "an object", "un objeto")
    return value


def _list(line: Mapping[str, Any], key: str, number: Any) -> list[Any]:
    value = line.get(key, [])
    if not isinstance(value, list):
        raise _bad(number, key, "a list", "una lista")
    return value


def _flag(line: Mapping[str, Any], key: str, number: Any, field: str) -> bool:
    value = line.get(key)
    if not isinstance(value, bool):
        raise _bad(number, field, "true or false", "true o false")
    return value


def _balls(line: Mapping[str, Any], key: str, number: Any, field: str) -> list[int]:
    value = line.get(key)
    if not isinstance(value, list) or not all(_is_ball(b) for b in value):
        raise _bad(number, field, "a list of balls", "una lista de bolas")
    return value


def _is_ball(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 15


def _is_seat(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value in (0, 1)


def _seat(line: Mapping[str, Any], key: str, number: Any) -> int:
    value = line.get(key)
    if not isinstance(value, int) or not _is_seat(value):
        raise _bad(number, key, "player 0 or 1", "el jugador 0 o 1")
    return value


def _seat_or_null(line: Mapping[str, Any], key: str, number: Any) -> int | None:
    return None if line.get(key) is None else _seat(line, key, number)


def _text_or_null(line: Mapping[str, Any], key: str, number: Any) -> str | None:
    value = line.get(key)
    if value is not None and not isinstance(value, str):
        raise _bad(number, key, "a string or null", "una cadena o null")
    return value
