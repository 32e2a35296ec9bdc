"""People's tournaments as values: formats, the draw, a bracket moved on by results, standings.

Nothing here does I/O or knows HTTP or storage: a server keeps a
tournament's parameters and its events, and rebuilds it with
:meth:`Tournament.rebuild`; the command line reads an export.

- :mod:`.parameters` - what a tournament is made from (name, format, race,
  players, seeding, play), checked;
- :mod:`.draw` - seeds, bracket placement, byes, the plan of every match of
  single elimination, double elimination and round robin;
- :mod:`.tournament` - :class:`Tournament`, changed only by events (start,
  results, scores, tables, disqualifications, undo), and its JSON (the
  contract's TOURNAMENT);
- :mod:`.standings` - the order of the players and the tie-breaks;
- :mod:`.names` - the rounds' names in Spanish and English;
- :mod:`.export` - standings and per-player statistics as CSV and JSON,
  and reading an export back;
- :mod:`.ratings` - a profile's rating moved by a match's result (OpenSkill;
  imported on its own, as it needs the ``openskill`` package).

>>> t = Tournament.create({"name": "Liga", "format": "round_robin", "race": 1, "seeding": "given",
...                        "players": ["Ana", "Luis"]}).apply({"type": "start"})
>>> t.apply({"type": "result", "match": "m1", "winner": 1, "score": [0, 1]}).winner
1
"""

from bola8.competition.parameters import FORMATS, PLAYS, SEEDINGS, Entry, LaterRace, Parameters
from bola8.competition.tournament import EVENT_TYPES, Match, Outcome, Tournament

__all__ = ["Tournament", "Match", "Outcome", "Parameters", "Entry", "LaterRace", "FORMATS", "SEEDINGS", "PLAYS",
           "EVENT_TYPES"]
