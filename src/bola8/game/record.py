"""Game records: JSON Lines that replay deterministically.

A record is a text file, one JSON object per line, each with a ``type``:

``match``
    the header, always the first line: ``format`` ("bola8-record"),
    ``version`` (1), the ``bola8`` version that played it, the players'
    names, and the settings the match was played with - ``table``,
    ``ruleset`` (its ``name`` and every setting, as ``Ruleset.to_dict``
    writes it; a ruleset's name alone is read as that ruleset), ``race``, ``seed``, ``physics`` (the cushion model and its
    parameter, as ``bola8 simulate`` takes them; null for the defaults) and
    the bots' ``noise``
``warn``
    Art. 24: the referee warned ``player`` for slow play (before the first
    game when he was warned before the match); his shots are timed from then
    on, in every game
``disqualify``
    Art. 22: the tournament director disqualified ``player``; the match ends
``lag``
    the reason (``first_break`` or ``hill_hill``), the two lag strokes
    (speed, distance from the head cushion), winner, breaker
``game``
    a rack: its ``number`` in the match, table, ruleset, rack seed, breaker,
    the layout and the referee state
``place``
    the cue ball in hand put at ``x``, ``y`` by ``player``
``shot``
    the ``player``, the stroke (``strike`` as played and ``intended``), the
    ``call``, ``elapsed_s`` (seconds taken, when the player is on the shot
    clock; else null), the ``facts`` the referee judged, the ``ruling`` with
    its reasons in Spanish and English, and the ``state`` and ``layout``
    after it
``choice`` / ``declare``
    an option taken or a declaration, with ruling, state and layout after
``game_end`` / ``match_end``
    result, winner and score

:func:`replay` reads a record, plays every action again on the simulator and
the referee, follows the match (lags, breakers, results, score, its end) and
lists every place where the outcome differs (none, for a record made by this
version of bola8: the simulator is deterministic).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any

from bola8 import __version__, rules
from bola8.errors import InputError
from bola8.files import write_atomically
from bola8.game.game import Game, Turn
from bola8.game.lag import lag_stroke, lag_winner
from bola8.game.match import MatchProgress, coin_toss_winner, game_rack_seed
from bola8.game.layout import Point
from bola8.game.shot_clock import ShotClock

FORMAT = "bola8-record"
VERSION = 1


# ------------------------------------------------------------------ to JSON
def strike_to_dict(strike) -> dict:
    return {"speed": strike.speed, "phi": strike.phi, "theta": strike.theta, "a": strike.a, "b": strike.b}


def layout_to_dict(layout) -> dict[str, list[float]]:
    return {str(ball): [x, y] for ball, (x, y) in sorted(dict(layout).items())}


def layout_from_dict(data, where: str) -> dict[int, Point]:
    if not isinstance(data, dict):
        raise InputError(f"{where}: expected an object of ball -> [x, y].",
                         f"{where}: se esperaba un objeto de bola -> [x, y].")
    layout = {}
    for key, value in data.items():
        if not (isinstance(key, str) and key.isdigit() and 0 <= int(key) <= 15):
            raise InputError(f"{where}: {key!r} is not a ball number 0-15.",
                             f"{where}: {key!r} no es un número de bola de 0 a 15.")
        if not (isinstance(value, list) and len(value) == 2
                and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)):
            raise InputError(f"{where}.{key}: expected [x, y] in metres.",
                             f"{where}.{key}: se esperaba [x, y] en metros.")
        layout[int(key)] = (float(value[0]), float(value[1]))
    return layout


def ruling_to_dict(ruling: rules.Ruling) -> dict:
    """The contract's ruling, with each reason's sentence in both languages."""
    data = ruling.to_dict("es")
    data["reasons"] = [{key: value for key, value in r.to_dict().items() if key != "text"}
                       | {"es": r.text("es"), "en": r.text("en")} for r in ruling.reasons]
    return data


def game_line(game: Game, number: int | None = None) -> dict:
    line = {"type": "game", "table": game.spec.name, "ruleset": game.state.ruleset,
            "rack_seed": game.rack_seed, "breaker": game.state.breaker,
            "layout": layout_to_dict(game.balls), "state": game.state.to_dict()}
    if number is not None:
        line["number"] = number
    return line


def turn_line(turn: Turn, choice: Any = None) -> dict:
    after = turn.game
    line: dict[str, Any] = {"type": turn.kind, "player": turn.player}
    if turn.kind == "shot":
        line["strike"] = strike_to_dict(turn.strike)
        intended = getattr(choice, "intended", None)
        if intended is not None:
            line["intended"] = strike_to_dict(intended)
        note = getattr(choice, "note", "")
        if note:
            line["note"] = note
        line["call"] = turn.call.to_dict() if turn.call is not None else None
        line["elapsed_s"] = turn.elapsed_s
        line["facts"] = turn.shot.to_dict()
    elif turn.kind == "choice":
        line["choice"] = turn.choice
    else:
        line["declare"] = turn.declared
    line["ruling"] = ruling_to_dict(turn.ruling)
    line["state"] = after.state.to_dict()
    line["layout"] = layout_to_dict(after.balls)
    return line


class RecordWriter:
    """A match observer that writes the record; the file is rewritten atomically after every game."""

    def __init__(self, path: str | None, header: dict, *, field: str = "record"):
        self.path = path
        self.field = field    # how bad input names the path: "--record" on the command line
        # the engine that played it: a replay by another version may differ, and says so
        self.lines: list[dict] = [{"type": "match", "format": FORMAT, "version": VERSION,
                                   "bola8": __version__, **header}]

    def text(self) -> str:
        return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in self.lines)

    def save(self) -> None:
        if self.path:
            write_atomically(self.path, self.text(), field=self.field)

    def on_match_start(self, settings):
        """The header takes the settings the match is played with: replay plays them again."""
        self.lines[0].update({"table": settings.table, "ruleset": settings.ruleset.to_dict(), "race": settings.race,
                              "seed": settings.seed, "physics": physics_to_dict(settings.physics)})

    def on_lag(self, strokes, winner, breaker, reason, coin_toss=False):
        self.lines.append({"type": "lag", "reason": reason, "winner": winner, "breaker": breaker,
                           "coin_toss": coin_toss,
                           "strokes": [{"player": s.player, "speed": s.speed,
                                        "distance": None if math.isinf(s.distance) else s.distance}
                                       for s in strokes]})

    def on_game_start(self, number, game):
        self.lines.append(game_line(game, number))

    def on_place(self, player, point, game):
        self.lines.append({"type": "place", "player": player, "x": point[0], "y": point[1]})

    def on_turn(self, turn, choice):
        self.lines.append(turn_line(turn, choice))

    def on_warn(self, player, number):
        self.lines.append({"type": "warn", "player": player})

    def on_disqualify(self, player, number):
        self.lines.append({"type": "disqualify", "player": player})

    def on_game_end(self, number, game, score):
        self.lines.append({"type": "game_end", "number": number, "result": game.state.result,
                           "winner": game.state.winner, "score": list(score)})
        self.save()

    def on_match_end(self, result):
        self.lines.append({"type": "match_end", "winner": result.winner, "score": list(result.score),
                           "result": result.result})
        self.save()


# ------------------------------------------------------------------ reading
def read_record(path: str) -> list[dict]:
    """The lines of a record file, each checked to be a JSON object with a known type."""
    try:
        with open(path, "rb") as handle:
            raw = handle.read().splitlines()     # bytes: splits at \n, \r and \r\n only
    except OSError as error:
        raise InputError(f"record: cannot read {path!r} ({error.strerror}).",
                         f"record: no se puede leer {path!r} ({error.strerror}).") from None
    lines = []
    for number, data in enumerate(raw, start=1):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as error:
            raise InputError(f"record line {number}: not UTF-8 text (byte 0x{data[error.start]:02x} "
                             f"at column {error.start + 1}); is {path!r} a bola8 record?",
                             f"record line {number}: no es texto UTF-8 (byte 0x{data[error.start]:02x} "
                             f"en la columna {error.start + 1}); ¿es {path!r} un registro de bola8?") from None
        if not text.strip():
            continue
        try:
            line = json.loads(text)
        except json.JSONDecodeError as error:
            raise InputError(f"record line {number}: not valid JSON ({error.msg}).",
                             f"record line {number}: no es JSON válido ({error.msg}).") from None
        if not isinstance(line, dict) or not isinstance(line.get("type"), str) or line["type"] not in _KNOWN_TYPES:
            raise InputError(f"record line {number}: type must be one of {', '.join(sorted(_KNOWN_TYPES))}.",
                             f"record line {number}: type debe ser uno de {', '.join(sorted(_KNOWN_TYPES))}.")
        if (line["type"] == "match") != (not lines):
            raise InputError(f"record line {number}: " + (
                "a record begins with its match header (type \"match\"), not a " + line["type"] + " line."
                if not lines else "a second match header; a record holds one match."),
                f"record line {number}: " + (
                "un registro empieza por su cabecera de encuentro (type \"match\"), no por una línea "
                + line["type"] + "." if not lines else
                "una segunda cabecera de encuentro; un registro contiene un solo encuentro."))
        _check_fields(line, number)
        line["_line"] = number
        lines.append(line)
    if not lines:
        raise InputError(f"record: {path!r} holds no lines.",
                         f"record: {path!r} no contiene ninguna línea.")
    return lines


_KNOWN_TYPES = {"match", "lag", "game", "place", "shot", "choice", "declare", "warn", "disqualify", "game_end",
                "match_end"}


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value) -> bool:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    try:
        return math.isfinite(value)
    except OverflowError:          # an integer too large for a float
        return False


def _is_stroke(value) -> bool:
    return (isinstance(value, dict) and value.get("player") in (0, 1) and not isinstance(value.get("player"), bool)
            and _is_number(value.get("speed")) and (value.get("distance") is None or _is_number(value.get("distance"))))


def _is_layout(value) -> bool:
    return isinstance(value, dict) and all(
        isinstance(v, list) and len(v) == 2 and all(_is_number(c) for c in v) for v in value.values())


def _strike(value, where: str):
    from bola8.physics import Strike

    return Strike.from_dict(value, where)


def _optional_call(value, where: str):
    return None if value is None else rules.Call.from_dict(value, where)


def physics_to_dict(settings) -> dict | None:
    """The physics settings of a match as its header keeps them: None for the defaults.

    A record holds what ``bola8 simulate`` accepts as settings (the cushion
    model and its parameter); settings that change anything else could not be
    replayed from the record, so they are refused before the match starts.
    """
    if settings is None:
        return None
    from bola8.physics.api import SETTINGS_FIELDS, settings_from_dict

    data = {name: getattr(settings, name) for name in SETTINGS_FIELDS}
    if settings_from_dict(data) != settings:
        raise InputError(f"physics: a record keeps only {', '.join(SETTINGS_FIELDS)}; these settings change "
                         "other parameters too, so the match could not be replayed from its record.",
                         f"physics: un registro solo guarda {', '.join(SETTINGS_FIELDS)}; estos ajustes cambian "
                         "también otros parámetros, así que el encuentro no podría repetirse a partir de su registro.")
    return data


def physics_from_dict(value, where: str = "physics"):
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


def _simple(valid, expected: str, expected_es: str):
    """A field check: ``valid`` or "<field> must be <expected>" (in Spanish, ``expected_es``)."""
    def check(value, where: str) -> None:
        if not valid(value):
            raise InputError(f"{where} must be {expected}.", f"{where} debe ser {expected_es}.")
    return check


_TEXT = _simple(lambda v: isinstance(v, str), "a string", "una cadena")
_INT = _simple(_is_int, "a whole number", "un número entero")
_PLAYER = _simple(lambda v: _is_int(v) and v in (0, 1), "player 0 or 1", "el jugador 0 o 1")
_OPTIONAL_PLAYER = _simple(lambda v: v is None or (_is_int(v) and v in (0, 1)), "player 0, 1 or null",
                            "el jugador 0, 1 o null")
_NUMBER = _simple(_is_number, "a finite number", "un número finito")
_OBJECT = _simple(lambda v: isinstance(v, dict), "an object", "un objeto")
_LAYOUT = _simple(_is_layout, "an object of ball -> [x, y]", "un objeto de bola -> [x, y]")


def ruling_from_dict(value, where: str = "ruling") -> rules.Ruling:
    """A ruling as :func:`ruling_to_dict` wrote it, read back by the referee's own parser.

    The record keeps each reason's sentence in both languages (``es``, ``en``)
    where the referee's JSON has one ``text``; the referee rebuilds the
    sentences from the code and its ``values``.
    """
    if isinstance(value, dict) and isinstance(value.get("reasons"), list):
        value = {**value, "reasons": [_as_referee_reason(item) for item in value["reasons"]]}
    return rules.Ruling.from_dict(value, where)


def _as_referee_reason(item):
    if not isinstance(item, dict):
        return item                     # the referee's parser names what is wrong with it
    return {key: value for key, value in item.items() if key not in ("es", "en")}


_OUTCOME = {"ruling": ruling_from_dict, "state": _OBJECT, "layout": _LAYOUT}

# What replay and render read from each type of line (other fields are kept, unread): each field's
# check(value, field) refuses a bad value naming the field - a _simple check or the library's own parser.
_FIELDS = {
    "match": {"format": _simple(lambda v: v == FORMAT, repr(FORMAT), repr(FORMAT)),
              "version": _simple(lambda v: _is_int(v) and v == VERSION, f"{VERSION}, the record version this "
                                 "bola8 reads", f"{VERSION}, la versión de registro que lee este bola8"),
              "table": _TEXT, "ruleset": rules.Ruleset.from_dict, "race": _simple(lambda v: _is_int(v) and v >= 1,
                                                                "a whole number of games >= 1",
                                                                "un número entero de partidas >= 1"),
              "seed": _INT},
    "match_end": {},
    "lag": {"reason": _TEXT, "winner": _OPTIONAL_PLAYER, "breaker": _PLAYER,
            "strokes": _simple(lambda v: isinstance(v, list) and len(v) == 2 and all(_is_stroke(x) for x in v),
                               "two strokes, each with player 0 or 1, speed and distance",
                               "dos tiros de arrime, cada uno con player 0 o 1, speed y distance")},
    "game": {"table": _TEXT, "ruleset": _TEXT, "breaker": _PLAYER, "rack_seed": _INT, "layout": _LAYOUT},
    "place": {"x": _NUMBER, "y": _NUMBER},
    "warn": {"player": _PLAYER},
    "disqualify": {"player": _PLAYER},
    "shot": {"strike": _strike, "call": _optional_call,
             "elapsed_s": _simple(lambda v: v is None or _is_number(v), "a finite number or null",
                                  "un número finito o null"),
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
_OPTIONAL_FIELDS = {
    "match": {"players": _simple(lambda v: isinstance(v, list) and len(v) == 2 and all(isinstance(x, str) for x in v),
                                 "two names", "dos nombres"),
              "physics": physics_from_dict},
}


def _check_fields(line: dict, number: int) -> None:
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


# What a mismatch is about, in the words of each language.
_WHAT = {
    "es": {"rack layout": "la posición del rack", "lag distance": "la distancia del arrime",
           "lag winner": "el ganador del arrime", "lag reason": "el motivo del arrime",
           "game": "la partida (número, mesa, reglamento, semilla del rack)",
           "breaker": "quien hace el tiro de apertura", "player": "el jugador",
           "game result": "el resultado de la partida", "score": "el marcador",
           "match result": "el resultado del encuentro", "sequence": "el orden de las líneas",
           "facts": "los hechos del tiro", "ruling": "la decisión", "state": "el estado",
           "layout": "la posición de las bolas"},
    "en": {"rack layout": "the rack layout", "lag distance": "the lag distance",
           "lag winner": "the lag winner", "lag reason": "the reason for the lag",
           "game": "the game (number, table, ruleset, rack seed)",
           "breaker": "the breaker", "player": "the player",
           "game result": "the game result", "score": "the score",
           "match result": "the match result", "sequence": "the order of the lines",
           "facts": "the facts of the shot", "ruling": "the ruling", "state": "the state",
           "layout": "the ball layout"},
}


@dataclass(frozen=True)
class Mismatch:
    """One outcome of a replay that differs from the record."""

    line: int           # 1-based line of the record
    kind: str           # the line's type: shot, choice, lag, ...
    what: str           # a key of _WHAT: "ruling", "layout", ...
    recorded: Any
    replayed: Any

    def text(self, lang: str = "es") -> str:
        what = _WHAT["es" if lang == "es" else "en"][self.what]
        if lang == "es":
            return (f"línea {self.line} ({self.kind}): {what} difiere: grabado {self.recorded!r}, "
                    f"repetido {self.replayed!r}")
        return f"line {self.line} ({self.kind}): {what} differs: recorded {self.recorded!r}, replayed {self.replayed!r}"

    def to_dict(self) -> dict:
        return {"line": self.line, "type": self.kind, "what": self.what,
                "recorded": _norm(self.recorded), "replayed": _norm(self.replayed)}


@dataclass
class ReplayReport:
    actions: int = 0
    shots: int = 0
    games: int = 0
    mismatches: list[Mismatch] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.mismatches


def replay(lines: list[dict]) -> ReplayReport:
    """Play every action of a record again and compare each outcome with what was written.

    Besides every shot, choice and declaration, the match itself is followed
    (:class:`~bola8.game.match.MatchProgress`): when a lag is due and why, the
    number, breaker and rack of each game, who plays each action, each game's
    result and score, the match's end, and a record that stops before it.
    """
    replayer = _Replayer(lines[0])
    for line in lines[1:]:
        try:
            replayer.line(line)
        except InputError as error:
            if replayer.report.mismatches:
                first = replayer.report.mismatches[0].line
                raise InputError(f"record line {line['_line']}: the replay cannot go on "
                                 f"({error.en.rstrip('.')}); it already differs from the record at line "
                                 f"{first} - was it recorded by another version of bola8?",
                                 f"record line {line['_line']}: la repetición no puede seguir "
                                 f"({error.es.rstrip('.')}); ya difiere del registro en la línea "
                                 f"{first} - ¿lo grabó otra versión de bola8?") from None
            raise InputError(f"record line {line['_line']}: {error.en}",
                             f"record line {line['_line']}: {error.es}") from None
    if replayer.report.games == 0 and not replayer.progress.over:
        raise InputError("record: it holds no game line, so there is nothing to replay.",
                         "record: no contiene ninguna línea game, así que no hay nada que repetir.")
    replayer.finish(lines[-1])
    return replayer.report


class _Replayer:
    """Follows a record line by line: the match's bookkeeping, the game in play, the report."""

    def __init__(self, header: dict):
        from bola8.physics import table_spec

        self.header = header
        self.spec = table_spec(header["table"])
        self.ruleset = rules.Ruleset.from_dict(header["ruleset"])
        self.progress = MatchProgress(header["race"])
        self.physics = physics_from_dict(header.get("physics"))
        self.report = ReplayReport()
        self.game: Game | None = None
        self.clock = ShotClock()         # Art. 24: the warnings given so far, carried from game to game
        self.number = 0                  # of the game in play
        self.closed = True               # the game in play has had its game_end (or none started)
        self.ended = False               # match_end seen

    # ------------------------------------------------------------ checks
    def differ(self, line: dict, what: str, recorded, replayed) -> None:
        if _norm(recorded) != _norm(replayed):
            self.report.mismatches.append(Mismatch(line["_line"], line["type"], what, recorded, replayed))

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

    def sequence(self, line: dict, recorded: str) -> None:
        expected = self.expected()
        if recorded != expected:
            self.differ(line, "sequence", recorded, expected)

    # ------------------------------------------------------------ lines
    def line(self, line: dict) -> None:
        kind = line["type"]
        if kind == "lag":
            self.lag(line)
        elif kind == "game":
            self.game_line(line)
        elif kind == "game_end":
            self.game_end(line)
        elif kind == "match_end":
            self.match_end(line)
        elif kind in ("warn", "disqualify"):
            self.official(line)
        else:
            self.action(line)

    def official(self, line: dict) -> None:
        """Art. 24 warnings and Art. 22 disqualifications: any time before the match is over."""
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
        self.progress.disqualify(player)
        self.closed = True               # the game in play ends unfinished, with the match

    def lag(self, line: dict) -> None:
        due = self.progress.lag_due()
        self.sequence(line, f"lag ({line['reason']})")
        strokes = tuple(lag_stroke(self.spec, float(s["speed"]), player=int(s["player"]), physics=self.physics)
                        for s in line["strokes"])
        for recorded, stroke in zip(line["strokes"], strokes):
            got = None if math.isinf(stroke.distance) else stroke.distance
            self.differ(line, "lag distance", [stroke.player, recorded.get("distance")], [stroke.player, got])
        if line.get("coin_toss"):
            # the last of the tied lags was recorded: it must tie again, and the toss repeat
            tied = lag_winner(*strokes) is None
            got = coin_toss_winner(self.header["seed"], line["reason"]) if tied else None
        else:
            got = lag_winner(*strokes)
        self.differ(line, "lag winner", line["winner"], got)
        # The winner chooses who breaks (Art. 4.1): any breaker is his choice; the games check it.
        self.progress.lagged(line["reason"] if due is None else due, line["breaker"])

    def game_line(self, line: dict) -> None:
        self.sequence(line, f"game {self.progress.games + 1}")
        number = self.progress.game_started()
        header = self.header
        self.differ(line, "game", [line.get("number"), line["table"], line["ruleset"], line["rack_seed"]],
                    [number, header["table"], self.ruleset.name, game_rack_seed(header["seed"], number)])
        self.differ(line, "breaker", line["breaker"], self.progress.breaker)
        # Played as recorded, so that one difference does not hide the rest of the record.
        ruleset = self.ruleset if line["ruleset"] == self.ruleset.name else line["ruleset"]
        game = Game.new(line["table"], ruleset=ruleset, breaker=line["breaker"],
                        rack_seed=line["rack_seed"], physics=self.physics, shot_clock=self.clock)
        self.differ(line, "rack layout", line["layout"], layout_to_dict(game.balls))
        if isinstance(line.get("state"), dict):
            self.differ(line, "state", line["state"], game.state.to_dict())
        self.game, self.number, self.closed = game, number, False
        self.report.games += 1

    def game_end(self, line: dict) -> None:
        self.sequence(line, "game_end")
        game = self.game
        if game is None:
            raise InputError("a game_end line comes before any game line.",
                             "una línea game_end aparece antes de cualquier línea game.")
        self.differ(line, "game result", [line.get("number"), line["result"], line["winner"]],
                    [self.number, game.state.result, game.state.winner])
        if game.is_over and not self.closed:
            self.progress.game_ended(game.state.result, game.state.winner)
        self.closed = True
        self.clock = game.shot_clock
        self.differ(line, "score", line.get("score"), self.progress.score)

    def match_end(self, line: dict) -> None:
        self.sequence(line, "match_end")
        progress = self.progress
        self.differ(line, "match result", [line.get("winner"), line.get("score"), line.get("result")],
                    [progress.winner, progress.score, progress.result])
        self.ended = True

    def action(self, line: dict) -> None:
        kind = line["type"]
        game = self.game
        if game is None:
            raise InputError(f"a {kind} line comes before any game line.",
                             f"una línea {kind} aparece antes de cualquier línea game.")
        self.sequence(line, "action")
        report = self.report
        report.actions += 1
        state = game.state
        if kind == "place":
            self.differ(line, "player", line.get("player"), state.shooter)
            self.game = game.place_cue_ball(float(line["x"]), float(line["y"]))
            return
        if kind == "shot":
            self.differ(line, "player", line.get("player"), state.shooter)
            strike, call = _strike(line["strike"], "strike"), _optional_call(line["call"], "call")
            # the shot clock is replayed: its foul comes from the warnings and the recorded time
            fouls = tuple(f for f in line["facts"].get("referee_fouls", ()) if f != "slow_play")
            turn = game.play(strike, call, referee_fouls=fouls, elapsed_s=line["elapsed_s"])
            report.shots += 1
            self.differ(line, "facts", line["facts"], turn.shot.to_dict())
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

    def finish(self, last: dict) -> None:
        """A record that stops before the match ends differs from the match at its last line."""
        if not self.ended:
            self.differ(last, "sequence", "end of record", self.expected())


def _norm(value):
    """JSON's view of a value: tuples and lists compare alike."""
    return json.loads(json.dumps(value))


@dataclass(frozen=True)
class RecordedShot:
    number: int               # 1-based, counting every shot of the record
    table: str
    before: dict[int, Point]  # the balls on the table when the stroke was played
    line: dict                # the shot's own line
    game: int = 1             # the game (rack line) it belongs to, 1-based
    strike: Any = None        # bola8.physics.Strike, read from the line
    call: rules.Call | None = None
    ruling: rules.Ruling = field(default_factory=rules.Ruling)


def recorded_shots(lines: list[dict]) -> list[RecordedShot]:
    """Every shot of a record with the layout it was played from."""
    shots: list[RecordedShot] = []
    table, layout, game = "9ft", {}, 0
    for line in lines:
        kind = line["type"]
        if kind == "game":
            table = line.get("table", "9ft")
            game = line.get("number", game + 1)
            layout = layout_from_dict(line.get("layout"), f"record line {line['_line']}: layout")
        elif kind == "place":
            layout = dict(layout)
            layout[0] = (float(line["x"]), float(line["y"]))
        elif kind == "shot":
            shots.append(RecordedShot(len(shots) + 1, table, dict(layout), line, game=game,
                                      strike=_strike(line["strike"], "strike"),
                                      call=_optional_call(line["call"], "call"),
                                      ruling=ruling_from_dict(line["ruling"])))
        if kind in ("shot", "choice", "declare"):
            layout = layout_from_dict(line.get("layout"), f"record line {line['_line']}: layout")
    return shots
