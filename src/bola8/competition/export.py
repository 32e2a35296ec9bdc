"""A tournament's results as CSV and JSON, and the JSON read back for ``bola8 tournament --read``.

**Statistics** come from the matches' records (:mod:`bola8.game.player_stats`):
``records`` maps a match's id to its record lines, whose seat 0 is the
match's first player (``players[0]``) and seat 1 its second - a server that
opens a table or a game for a match seats its players in that order.

**The JSON export** (``bola8-tournament``, version 1) holds everything needed
to check it: the parameters and the events, from which the reader rebuilds
the tournament (so the standings it prints are computed, not copied), the
TOURNAMENT as the server shows it, and each player's statistics::

    {"format": "bola8-tournament", "version": 1, "id": "c_...",
     "parameters": {...}, "events": [...], "tournament": TOURNAMENT,
     "statistics": [{"player": 0, "name": "Ana", "racks": 7, "shots": 61, ...}, ...]}

**The CSV** has one row a player, best first: place, name, profile, seed,
disqualified, matches, wins, losses, racks won and lost, then the figures
(counts and rates, empty where a rate has nothing under it).

>>> from bola8.competition import Tournament
>>> t = Tournament.create({"name": "Liga", "format": "round_robin", "race": 1, "seeding": "given",
...                        "players": ["Ana", "Luis"]}).apply({"type": "start"})
>>> t = t.apply({"type": "result", "match": "m1", "winner": 0, "score": [1, 0]})
>>> print(export_csv(t, {}).splitlines()[1])
1,Ana,,1,,1,1,0,1,0,0,0,0,0,0,0,0,0,,,,
>>> read_export(export_json(t, "c_1", {})).tournament.winner
0
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bola8.competition.parameters import Parameters
from bola8.competition.tournament import Tournament
from bola8.errors import InputError
from bola8.game.player_stats import COUNTS, RATES, Figures, match_figures
from bola8.rules import _fields as f

FORMAT = "bola8-tournament"
VERSION = 1
MAX_EXPORT_CHARS = 20_000_000        # a 128-player bracket with its events is well under 1 MB

CSV_COLUMNS = ("place", "name", "profile", "seed", "disqualified", "matches", "wins", "losses", "racks_won",
               "racks_lost", *COUNTS, *RATES)


def player_figures(tournament: Tournament, records: Mapping[str, Sequence[Mapping[str, Any]]]) -> list[Figures]:
    """Each player's figures (in player order) summed over the records of his matches."""
    totals = [Figures() for _ in tournament.parameters.players]
    for match_id, lines in records.items():
        try:
            match = tournament.match(match_id)
        except InputError:
            raise InputError(f"records: {f.spell(match_id)} is not a match of this tournament.",
                             f"records: {f.spell(match_id, 'es')} no es un encuentro de este torneo.") from None
        if None in match.players:
            raise InputError(f"records.{match.id}: the match has no two players; it has no record.",
                             f"records.{match.id}: el encuentro no tiene dos jugadores; no tiene registro.")
        try:
            seats = match_figures(lines)
        except InputError as error:
            raise InputError(f"records.{match.id}: {error.en}", f"records.{match.id}: {error.es}") from None
        for seat, player in enumerate(match.players):
            assert player is not None
            totals[player] += seats[seat]
    return totals


def statistics(tournament: Tournament, figures: Sequence[Figures]) -> list[dict[str, Any]]:
    """The ``statistics`` of the export: one object a player, in player order."""
    return [{"player": i, "name": entry.name, **figures[i].to_dict()}
            for i, entry in enumerate(tournament.parameters.players)]


def export_json(tournament: Tournament, tournament_id: str,
                records: Mapping[str, Sequence[Mapping[str, Any]]]) -> str:
    """The JSON export (see the module) as text."""
    figures = player_figures(tournament, records)
    data = {"format": FORMAT, "version": VERSION, "id": tournament_id,
            "parameters": tournament.parameters.to_dict(), "events": list(tournament.events),
            "tournament": tournament.to_dict(tournament_id), "statistics": statistics(tournament, figures)}
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def export_csv(tournament: Tournament, records: Mapping[str, Sequence[Mapping[str, Any]]]) -> str:
    """The CSV export (see the module) as text, with a header row."""
    return csv_text(tournament, player_figures(tournament, records))


def csv_text(tournament: Tournament, figures: Sequence[Figures]) -> str:
    """The CSV of ``tournament``'s standings with ``figures`` (in player order)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for row in rows(tournament, figures):
        writer.writerow(["" if row[c] is None else row[c] for c in CSV_COLUMNS])
    return out.getvalue()


def rows(tournament: Tournament, figures: Sequence[Figures]) -> list[dict[str, Any]]:
    """One dict a player, best first: his standing, entry and figures (the CSV's columns)."""
    players = tournament.parameters.players
    seeds = {player: seed for seed, player in enumerate(tournament.seeds, start=1)}
    gone = tournament.disqualified
    out = []
    for line in tournament.standings():
        entry = players[line.player]
        out.append({**line.to_dict(), "name": entry.name, "profile": entry.profile, "seed": seeds.get(line.player),
                    "disqualified": gone.get(line.player), **figures[line.player].to_dict()})
    return out


# ------------------------------------------------------------------ reading an export
@dataclass(frozen=True)
class Export:
    """An export read back: the tournament rebuilt from its parameters and events, and the figures."""

    id: str
    tournament: Tournament
    figures: tuple[Figures, ...]


def read_export(text: str) -> Export:
    """An export's text, checked: the format and version, the tournament rebuilt (every event checked), and
    each player's figures (whole numbers >= 0; the rates are computed again). Every refusal names its field.
    """
    if len(text) > MAX_EXPORT_CHARS:
        raise InputError(f"export: longer than {MAX_EXPORT_CHARS} characters; a tournament's export is not.",
                         f"export: más largo que {MAX_EXPORT_CHARS} caracteres; la exportación de un torneo no "
                         "lo es.")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise InputError(f"export: not valid JSON ({error}).", f"export: no es JSON válido ({error}).") from None
    data = f.require_object(data, "export")
    if data.get("format") != FORMAT:
        raise InputError(f"export.format: expected {FORMAT!r}; is this a tournament's export?",
                         f"export.format: se esperaba {FORMAT!r}; ¿es esto la exportación de un torneo?")
    f.integer(f.require_present(data, "version", "export"), "export.version", VERSION, VERSION)
    tournament_id = f.require_present(data, "id", "export")
    if not isinstance(tournament_id, str):
        raise InputError("export.id: expected the tournament's id, a string.",
                         "export.id: se esperaba el identificador del torneo, una cadena.")
    parameters = f.require_present(data, "parameters", "export")
    Parameters.from_dict(parameters, "export.parameters")
    events = f.require_present(data, "events", "export")
    try:
        tournament = Tournament.rebuild(parameters, events)
    except InputError as error:
        raise type(error)(_inside("export", error.en), _inside("export", error.es)) from None
    items = f.array(f.require_present(data, "statistics", "export"), "export.statistics")
    count = len(tournament.parameters.players)
    if len(items) != count:
        raise InputError(f"export.statistics: {len(items)} players' statistics for {count} players.",
                         f"export.statistics: estadísticas de {len(items)} jugadores para {count} jugadores.")
    figures = []
    for i, item in enumerate(items):
        where = f"export.statistics[{i}]"
        item = f.require_object(item, where)
        f.integer(f.require_present(item, "player", where), f"{where}.player", i, i)
        counts = {name: f.integer(f.require_present(item, name, where), f"{where}.{name}", 0) for name in COUNTS}
        figures.append(Figures(**counts))
    return Export(tournament_id, tournament, tuple(figures))


def _inside(where: str, text: str) -> str:
    """A rebuild's refusal (``events[3].match: ...``, ``name: ...``) named inside ``where``."""
    return f"{where}.{text}"
