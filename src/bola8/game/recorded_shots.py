"""The shots of a record, and the diagram of one of them.

:func:`recorded_shots` lists every shot of a record with what it was played
from and with: the layout, the stroke, the call, and the record's physics and
ruleset - so a shot simulated again bounces off the cushions it bounced off
when it was played. :func:`render_recorded_shot` draws shot N as SVG, but
only what the replay confirms: it plays the record again up to that shot and
refuses a record that differs from its replay there (a ball moved by hand, a
ruling edited), naming the line, rather than caption a shot with a ruling
the shot did not get.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bola8 import rules
from bola8.errors import InputError
from bola8.game.game import Turn
from bola8.game.layout import Point
from bola8.game.record_format import (Line, RecordHeader, call_from_dict, layout_from_dict, ruling_from_dict,
                                      strike_from_dict)
from bola8.game.replay import Replayer

if TYPE_CHECKING:
    from bola8.physics import PhysicsSettings, ShotResult, Strike


@dataclass(frozen=True)
class RecordedShot:
    """One shot of a record, with everything needed to play it again as it was played."""

    number: int                  # 1-based, counting every shot of the record (bola8 match's #N)
    table: str
    before: dict[int, Point]     # the balls on the table when the stroke was played
    line: Line                   # the shot's own line
    strike: Strike
    game: int = 1                # the game (rack line) it belongs to, 1-based
    call: rules.Call | None = None
    ruling: rules.Ruling = field(default_factory=rules.Ruling)   # as recorded
    physics: PhysicsSettings | None = None                        # the record's; None for the defaults
    ruleset: str = "spanish"                                      # the record's

    def simulate(self) -> ShotResult:
        """The stroke played again from :attr:`before` with the record's physics."""
        from bola8.physics import simulate_layout, table_spec

        return simulate_layout(table_spec(self.table), self.before, self.strike, self.physics)


def recorded_shots(lines: list[Line]) -> list[RecordedShot]:
    """Every shot of a record (:func:`~bola8.game.record_reader.read_record`'s lines) with the layout it
    was played from, as the record says."""
    header = RecordHeader.read(lines[0])
    shots: list[RecordedShot] = []
    table, ruleset, layout, game = header.table, header.ruleset, dict[int, Point](), 0
    for line in lines:
        kind = line["type"]
        where = f"record line {line['_line']}"
        if kind == "game":
            table, ruleset = line["table"], line["ruleset"]
            game = line.get("number") or game + 1
            layout = layout_from_dict(line["layout"], f"{where}: layout")
        elif kind == "place":
            layout = dict(layout)
            layout[0] = (float(line["x"]), float(line["y"]))
        elif kind == "shot":
            shots.append(RecordedShot(number=len(shots) + 1, table=table, before=dict(layout), line=line,
                                      strike=strike_from_dict(line["strike"], f"{where}: strike"),
                                      game=game, call=call_from_dict(line["call"], f"{where}: call"),
                                      ruling=ruling_from_dict(line["ruling"], f"{where}: ruling"),
                                      physics=header.physics, ruleset=ruleset))
        if kind in ("shot", "choice", "declare"):
            layout = layout_from_dict(line["layout"], f"{where}: layout")
    return shots


def replayed_shot(lines: list[Line], number: int, *, field: str = "shot") -> tuple[RecordedShot, Turn]:
    """Shot ``number`` of a record and its :class:`~bola8.game.Turn` as the replay plays it.

    Refused (an InputError naming the line) when the record differs from its
    replay at or before that shot: what would be shown is not what was played.
    ``field`` names the shot number in errors (``--shot`` on the command line).
    """
    shots = recorded_shots(lines)
    if not shots:
        raise InputError("record: it records no shot.", "record: no registra ningún tiro.")
    if not 1 <= number <= len(shots):
        raise InputError(f"{field}: {number} is not a shot of this record; expected 1 to {len(shots)}.",
                         f"{field}: {number} no es un tiro de este registro; se esperaba de 1 a {len(shots)}.")
    shot = shots[number - 1]
    replayer = Replayer(lines)
    for line in lines[1:]:
        replayer.line(line)
        if replayer.mismatches:
            first = replayer.mismatches[0]
            raise InputError(f"record line {first.line}: {first.detail('en')}; the record differs from its "
                             f"replay there, so shot {number} is not drawn (bola8 replay lists every difference).",
                             f"record line {first.line}: {first.detail('es')}; el registro difiere ahí de su "
                             f"repetición, así que el tiro {number} no se dibuja (bola8 replay enumera todas las "
                             "diferencias).")
        if line is shot.line:
            break
    turn = replayer.turn
    if turn is None or turn.simulation is None:      # the shot's line was played just above
        raise InputError(f"record line {shot.line['_line']}: the shot could not be played again.",
                         f"record line {shot.line['_line']}: el tiro no se pudo volver a jugar.")
    return shot, turn


_WORDS = {"es": ("Tiro", "partida", "jugador"), "en": ("Shot", "game", "player")}


def render_recorded_shot(lines: list[Line], number: int, *, lang: str = "es", field: str = "shot") -> str:
    """The SVG diagram of shot ``number`` of a record (see :func:`replayed_shot`), in ``lang``.

    The caption names the shot, its game and its player; the drawing is the
    replayed stroke from the layout it was played from, with the ruling the
    referee gives it again.
    """
    from bola8.game.render import render_shot

    shot, turn = replayed_shot(lines, number, field=field)
    names = RecordHeader.read(lines[0]).players
    words = _WORDS["es" if lang == "es" else "en"]
    player = turn.player
    who = names[player] if names is not None and player is not None else f"{words[2]} {player}"
    title = f"{words[0]} {shot.number} · {words[1]} {shot.game} · {who}"
    return render_shot(turn.before.spec, turn.before.layout, turn.simulation, title=title, call=turn.call,
                       ruling=turn.ruling, lang=lang, after=turn.game.layout)
