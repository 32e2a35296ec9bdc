"""Game records: JSON Lines that replay deterministically.

A record is a text file, one JSON object per line, each with a ``type``:

``match``
    the header, always the first line: ``format`` ("bola8-record"),
    ``version`` (1), the ``bola8`` version that played it, the players'
    names, and the settings the match was played with - ``table``,
    ``ruleset`` (its ``name`` and every setting; a name alone reads as that ruleset), ``race``, ``seed``, ``physics`` (the cushion model and its
    parameter, as ``bola8 simulate`` takes them; null for the defaults) and
    the bots' ``noise``
``warn``
    Art. 24: the referee warned ``player`` for slow play (before the first
    game when he was warned before the match); his shots are timed from then
    on, in every game
``disqualify``
    Art. 22: the tournament director disqualified ``player``; the match ends
``concede``
    ``player`` conceded the match (``abandoned``: he had left it and his
    opponent claimed it); the match ends, the other player winning
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

The record's parts, one module each:

- :mod:`bola8.game.record_format`: the JSON spelling of each value, the
  header, the checks of every field replay and render read;
- :mod:`bola8.game.record_writer`: :class:`RecordWriter`, the match observer
  that appends the record game by game;
- :mod:`bola8.game.record_reader`: :func:`read_record`, the file read line by
  line, strictly and within limits;
- :mod:`bola8.game.replay`: :func:`replay`, every action played again and
  compared with the record;
- :mod:`bola8.game.recorded_shots`: the shots of a record and
  :func:`render_recorded_shot`, the diagram of one.

This module gathers their public names.
"""


from bola8.game.record_format import (FORMAT, VERSION, RecordHeader, game_line, header_line, layout_from_dict,
                                      layout_to_dict, physics_from_dict, physics_to_dict, ruling_from_dict,
                                      ruling_to_dict, strike_to_dict, turn_line)
from bola8.game.record_reader import read_record
from bola8.game.record_writer import RecordWriter
from bola8.game.recorded_shots import RecordedShot, recorded_shots, render_recorded_shot, replayed_shot
from bola8.game.replay import Mismatch, ReplayReport, replay

__all__ = [
    "FORMAT", "VERSION", "RecordHeader", "game_line", "header_line", "layout_from_dict", "layout_to_dict",
    "physics_from_dict", "physics_to_dict", "ruling_from_dict", "ruling_to_dict", "strike_to_dict", "turn_line",
    "read_record", "RecordWriter", "RecordedShot", "recorded_shots", "render_recorded_shot", "replayed_shot",
    "Mismatch", "ReplayReport", "replay",
]
