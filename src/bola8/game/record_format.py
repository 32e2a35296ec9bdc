"""The record's JSON: each value of a match written as a line field, and read back checked.

A record (see :mod:`bola8.game.record`) is JSON Lines. This module is the
one place that knows how a strike, a layout, a ruling, the physics settings
and the header are spelled in it, and what each field that replay and render
read must hold (:func:`check_fields`): a tampered record is refused naming
its line and field, never crashed on.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bola8 import __version__, rules
from bola8.errors import InputError
from bola8.game.layout import Point

if TYPE_CHECKING:
    from bola8.game.game import Game, Turn
    from bola8.game.match import MatchSettings
    from bola8.physics import PhysicsSettings, Strike

FORMAT = "bola8-record"
VERSION = 1
# Only balls whose centre lies this close to the table are a layout: the cloth
# is under 2.6 m long; a ball at (100 m, 100 m) is damage, not a position.
LAYOUT_BOUND_M = 10.0

# A record line: a JSON object as read, each field replay and render use checked by check_fields.
Line = dict[str, Any]
Check = Callable[[Any, str], object]


# ------------------------------------------------------------------ to JSON
def strike_to_dict(strike: Strike) -> dict[str, float]:
    """A strike as the record keeps it."""
    return strike.to_dict()


def layout_to_dict(layout: Mapping[int, Point] | tuple[tuple[int, Point], ...]) -> dict[str, list[float]]:
    """A layout as the record keeps it: ball number (as text) -> [x, y], in ball order."""
    return {str(ball): [x, y] for ball, (x, y) in sorted(dict(layout).items())}


def ruling_to_dict(ruling: rules.Ruling) -> dict[str, Any]:
    """The contract's ruling, with each reason's sentence in both languages."""
    data: dict[str, Any] = ruling.to_dict("es")
    data["reasons"] = [{key: value for key, value in r.to_dict().items() if key != "text"}
                       | {"es": r.text("es"), "en": r.text("en")} for r in ruling.reasons]
    return data


def game_line(game: Game, number: int | None = None) -> Line:
    """The ``game`` line of a rack: table, ruleset, rack seed, breaker, layout and referee state."""
    line: Line = {"type": "game", "table": game.spec.name, "ruleset": game.state.ruleset,
                  "rack_seed": game.rack_seed, "breaker": game.state.breaker,
                  "layout": layout_to_dict(game.balls), "state": game.state.to_dict()}
    if number is not None:
        line["number"] = number
    return line


def turn_line(turn: Turn, choice: object = None) -> Line:
    """The line of a shot, choice or declaration; ``choice`` is the player's ShotChoice (its aim, its note)."""
    after = turn.game
    line: Line = {"type": turn.kind, "player": turn.player}
    if turn.kind == "shot":
        assert turn.strike is not None        # Game.play gives every shot its strike
        line["strike"] = turn.strike.to_dict()
        intended = getattr(choice, "intended", None)
        if intended is not None:
            line["intended"] = intended.to_dict()
        note = getattr(choice, "note", "")
        if note:
            line["note"] = note
        line["call"] = turn.call.to_dict() if turn.call is not None else None
        line["elapsed_s"] = turn.elapsed_s
        line["facts"] = turn.shot.to_dict() if turn.shot is not None else None
    elif turn.kind == "choice":
        line["choice"] = turn.choice
    else:
        line["declare"] = turn.declared
    line["ruling"] = ruling_to_dict(turn.ruling)
    line["state"] = after.state.to_dict()
    line["layout"] = layout_to_dict(after.balls)
    return line


def physics_to_dict(settings: PhysicsSettings | None) -> dict[str, Any] | None:
    """The physics settings of a match as its header keeps them: None for the defaults.

    A record holds what ``bola8 simulate`` accepts as settings (the cushion
    model and its parameter, the cue); settings that change anything else could not be
    replayed from the record, so they are refused before the match starts.
    """
    if settings is None:
        return None
    from bola8.physics.api import SETTINGS_FIELDS, settings_from_dict, settings_to_dict

    data = settings_to_dict(settings)
    if settings_from_dict(data) != settings:
        raise InputError(f"physics: a record keeps only {', '.join(SETTINGS_FIELDS)}; these settings change "
                         "other parameters too, so the match could not be replayed from its record.",
                         f"physics: un registro solo guarda {', '.join(SETTINGS_FIELDS)}; estos ajustes cambian "
                         "también otros parámetros, así que el encuentro no podría repetirse a partir de su registro.")
    return data


# ------------------------------------------------------------------ the header
def header_line(settings: MatchSettings, extra: Mapping[str, object]) -> Line:
    """The record's first line: the format, the engine that played it, ``extra`` (players, noise) and the
    settings the match is played with - everything replay needs to play it again (:meth:`RecordHeader.read`).

    The bola8 version is kept because a replay by another version may differ, and says so.
    """
    return {"type": "match", "format": FORMAT, "version": VERSION, "bola8": __version__, **extra,
            "table": settings.table, "ruleset": settings.ruleset.to_dict(), "race": settings.race,
            "seed": settings.seed, "physics": physics_to_dict(settings.physics)}


@dataclass(frozen=True)
class RecordHeader:
    """The settings a record's match was played with, read from its header line."""

    table: str
    ruleset: rules.Ruleset         # the value: its name and settings (a name alone reads as that ruleset)
    race: int
    seed: int
    physics: PhysicsSettings | None = None       # None for the defaults
    players: tuple[str, str] | None = None       # the players' names, when the header has them

    @classmethod
    def read(cls, line: Line) -> RecordHeader:
        """The header of a line that :func:`check_fields` accepted; the table and ruleset must exist."""
        from bola8.physics import table_spec

        table_spec(line["table"])
        players = line.get("players")
        return cls(table=line["table"], ruleset=rules.Ruleset.from_dict(line["ruleset"]), race=line["race"], seed=line["seed"],
                   physics=physics_from_dict(line.get("physics")),
                   players=(players[0], players[1]) if players is not None else None)


# ------------------------------------------------------------------ from JSON
def layout_from_dict(data: object, where: str) -> dict[int, Point]:
    """A layout as :func:`layout_to_dict` writes it: ball "0".."15" -> [x, y] in metres, near the table."""
    if not isinstance(data, dict):
        raise InputError(f"{where}: expected an object of ball -> [x, y].",
                         f"{where}: se esperaba un objeto de bola -> [x, y].")
    layout = {}
    for key, value in data.items():
        if not (isinstance(key, str) and key in _BALL_KEYS):
            raise InputError(f"{where}: {shorten(repr(key))} is not a ball number 0-15.",
                             f"{where}: {shorten(repr(key))} no es un número de bola de 0 a 15.")
        if not (isinstance(value, list) and len(value) == 2 and all(is_number(v) for v in value)):
            raise InputError(f"{where}.{key}: expected [x, y] in metres.",
                             f"{where}.{key}: se esperaba [x, y] en metros.")
        x, y = float(value[0]), float(value[1])
        if not (abs(x) <= LAYOUT_BOUND_M and abs(y) <= LAYOUT_BOUND_M):
            raise InputError(f"{where}.{key}: ({x:g} m, {y:g} m) is not on a pool table.",
                             f"{where}.{key}: ({x:g} m, {y:g} m) no está sobre una mesa de billar.")
        layout[int(key)] = (x, y)
    return layout


_BALL_KEYS = frozenset(str(n) for n in range(16))


def physics_from_dict(value: object, where: str = "physics") -> PhysicsSettings | None:
    """The physics settings of a match header: null for the defaults, else bola8.physics.api's settings."""
    if value is None:
        return None
    from bola8.physics.api import settings_from_dict

    try:
        return settings_from_dict(value)
    except InputError as error:
        def moved(text: str) -> str:        # the settings' field, named where the record keeps it
            return where + text[len("settings"):] if text.startswith("settings") else f"{where}: {text}"
        raise InputError(moved(error.en), moved(error.es)) from None


def ruling_from_dict(value: object, where: str = "ruling") -> rules.Ruling:
    """A ruling as :func:`ruling_to_dict` wrote it, read back by the referee's own parser.

    The record keeps each reason's sentence in both languages (``es``, ``en``)
    where the referee's JSON has one ``text``; the referee rebuilds the
    sentences from the code and its ``values``.
    """
    if isinstance(value, dict) and isinstance(value.get("reasons"), list):
        value = {**value, "reasons": [_as_referee_reason(item) for item in value["reasons"]]}
    return rules.Ruling.from_dict(value, where)


def _as_referee_reason(item: object) -> object:
    if not isinstance(item, dict):
        return item                     # the referee's parser names what is wrong with it
    return {key: value for key, value in item.items() if key not in ("es", "en")}


def strike_from_dict(value: object, where: str = "strike") -> Strike:
    """A recorded strike, checked by the simulator's own reader (naming ``where``)."""
    from bola8.physics import Strike

    return Strike.from_dict(value, where)


def call_from_dict(value: object, where: str = "call") -> rules.Call | None:
    """A recorded call (None for no call), checked by the referee's own reader."""
    return None if value is None else rules.Call.from_dict(value, where)


# ------------------------------------------------------------------ values in messages
SHOWN = 60      # characters of a value a message shows


def shorten(text: str, limit: int = SHOWN) -> str:
    """``text`` cut to ``limit`` characters, its middle left out (``…``): a message never echoes a huge
    value whole, and a long path keeps its file name."""
    if len(text) <= limit:
        return text
    tail = (limit - 1) // 2
    return text[:limit - 1 - tail] + "…" + text[len(text) - tail:]


# ------------------------------------------------------------------ field checks
def is_int(value: object) -> bool:
    """``value`` is an int and not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_number(value: object) -> bool:
    """A finite JSON number (a bool is not one; an integer too large for a float is not finite)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    try:
        return math.isfinite(value)
    except OverflowError:          # an integer too large for a float
        return False


def _is_stroke(value: object) -> bool:
    return (isinstance(value, dict) and rules.is_player(value.get("player")) and is_number(value.get("speed"))
            and (value.get("distance") is None or is_number(value.get("distance"))))


def _simple(valid: Callable[[Any], bool], expected: str, expected_es: str) -> Check:
    """A field check: ``valid`` or "<field> must be <expected>" (in Spanish, ``expected_es``)."""
    def check(value: object, where: str) -> None:
        if not valid(value):
            raise InputError(f"{where} must be {expected}.", f"{where} debe ser {expected_es}.")
    return check


_TEXT = _simple(lambda v: isinstance(v, str), "a string", "una cadena")
_INT = _simple(is_int, "a whole number", "un número entero")
_PLAYER = _simple(rules.is_player, "player 0 or 1", "el jugador 0 o 1")
_OPTIONAL_PLAYER = _simple(lambda v: v is None or rules.is_player(v), "player 0, 1 or null", "el jugador 0, 1 o null")
_NUMBER = _simple(is_number, "a finite number", "un número finito")
_OBJECT = _simple(lambda v: isinstance(v, dict), "an object", "un objeto")
_OPTIONAL_INT = _simple(lambda v: v is None or is_int(v), "a whole number or null", "un número entero o null")
_SCORE = _simple(lambda v: v is None or (isinstance(v, list) and len(v) == 2 and all(is_int(x) for x in v)),
                 "two whole numbers or null", "dos números enteros o null")

_OUTCOME: dict[str, Check] = {"ruling": ruling_from_dict, "state": _OBJECT, "layout": layout_from_dict}

# What replay and render read from each type of line (other fields are kept, unread): each field's
# check(value, field) refuses a bad value naming the field - a _simple check or the library's own parser.
_FIELDS: dict[str, dict[str, Check]] = {
    "match": {"format": _simple(lambda v: v == FORMAT, repr(FORMAT), repr(FORMAT)),
              "version": _simple(lambda v: is_int(v) and v == VERSION, f"{VERSION}, the record version this "
                                 "bola8 reads", f"{VERSION}, la versión de registro que lee este bola8"),
              "table": _TEXT, "ruleset": rules.Ruleset.from_dict, "race": _simple(lambda v: is_int(v) and v >= 1,
                                                                "a whole number of games >= 1",
                                                                "un número entero de partidas >= 1"),
              "seed": _INT},
    "match_end": {},
    "lag": {"reason": _simple(lambda v: v in ("first_break", "hill_hill"), "first_break or hill_hill",
                              "first_break o hill_hill"),
            "winner": _OPTIONAL_PLAYER, "breaker": _PLAYER,
            "strokes": _simple(lambda v: isinstance(v, list) and len(v) == 2 and all(_is_stroke(x) for x in v),
                               "two strokes, each with player 0 or 1, speed and distance",
                               "dos tiros de arrime, cada uno con player 0 o 1, speed y distance")},
    "game": {"table": _TEXT, "ruleset": _TEXT, "breaker": _PLAYER, "rack_seed": _INT,
             "layout": layout_from_dict},
    "place": {"x": _NUMBER, "y": _NUMBER},
    "warn": {"player": _PLAYER},
    "disqualify": {"player": _PLAYER},
    "concede": {"player": _PLAYER, "abandoned": _simple(lambda v: isinstance(v, bool), "true or false",
                                                        "true o false")},
    "shot": {"strike": strike_from_dict, "call": call_from_dict,
             "elapsed_s": _simple(lambda v: v is None or (is_number(v) and v >= 0), "a time >= 0 or null",
                                  "un tiempo >= 0 o null"),
             "facts": _simple(lambda v: isinstance(v, dict) and isinstance(v.get("referee_fouls", []), list)
                              and all(isinstance(f, str) for f in v.get("referee_fouls", [])),
                              "an object whose referee_fouls is a list of codes",
                              "un objeto cuyo referee_fouls sea una lista de códigos"), **_OUTCOME},
    "choice": {"choice": _TEXT, **_OUTCOME},
    "declare": {"declare": _TEXT, "player": _OPTIONAL_PLAYER, **_OUTCOME},
    "game_end": {"result": _simple(lambda v: v is None or isinstance(v, str), "a string or null",
                                   "una cadena o null"),
                 "winner": _OPTIONAL_PLAYER},
}
# Fields that may be absent, checked when present.
_OPTIONAL_FIELDS: dict[str, dict[str, Check]] = {
    "match": {"players": _simple(lambda v: isinstance(v, list) and len(v) == 2 and all(isinstance(x, str) for x in v),
                                 "two names", "dos nombres"),
              "physics": physics_from_dict},
    "lag": {"coin_toss": _simple(lambda v: isinstance(v, bool), "true or false", "true o false")},
    "game": {"number": _OPTIONAL_INT},
    "shot": {"player": _OPTIONAL_PLAYER},
    "place": {"player": _OPTIONAL_PLAYER},
    "choice": {"player": _OPTIONAL_PLAYER},
    "game_end": {"number": _OPTIONAL_INT, "score": _SCORE},
    "match_end": {"winner": _OPTIONAL_PLAYER, "score": _SCORE,
                  "result": _simple(lambda v: v is None or isinstance(v, str), "a string or null",
                                    "una cadena o null")},
}
KNOWN_TYPES = frozenset(_FIELDS)


def check_fields(line: Line, number: int) -> None:
    """Each field replay or render reads is there with its type: a tampered record is refused, not crashed on."""
    kind = line["type"]
    optional = {name: check for name, check in _OPTIONAL_FIELDS.get(kind, {}).items() if name in line}
    for name, check in {**_FIELDS[kind], **optional}.items():
        if name not in line:
            raise InputError(f"record line {number}: {name} is missing.",
                             f"record line {number}: falta {name}.")
        try:
            check(line[name], name)
        except InputError as error:
            raise InputError(f"record line {number}: {error.en}", f"record line {number}: {error.es}") from None
