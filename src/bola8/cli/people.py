"""``bola8 tournament --read EXPORT``: a people's tournament's report from its export.

The export (:mod:`bola8.competition.export`) is read and checked - the
tournament rebuilt from its parameters and events - and printed as a table
of standings with each player's figures from the records, as JSON
(``--json``) or as CSV (``--csv``). No physics is imported.
"""

from __future__ import annotations

import json
import sys

from bola8.cli._io import say
from bola8.errors import InputError

MAX_BYTES = 20_000_000


def report(path: str, lang: str, *, as_json: bool = False, as_csv: bool = False) -> int:
    """Print the report of the export at ``path``; the exit status (an InputError for a bad file)."""
    from bola8.competition.export import csv_text, read_export, rows

    if as_json and as_csv:
        raise InputError("--csv: choose one of --json and --csv.", "--csv: elija --json o --csv, no ambos.")
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as error:
        raise InputError(f"--read: cannot read {path!r} ({error.strerror}).",
                         f"--read: no se puede leer {path!r} ({error.strerror}).") from None
    if len(data) > MAX_BYTES:
        raise InputError(f"--read: {path!r} is longer than {MAX_BYTES} bytes; a tournament's export is not.",
                         f"--read: {path!r} ocupa más de {MAX_BYTES} bytes; la exportación de un torneo no.")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(f"--read: {path!r} is not UTF-8 text; is it a tournament's export?",
                         f"--read: {path!r} no es texto UTF-8; ¿es la exportación de un torneo?") from None
    export = read_export(text)
    tournament, figures = export.tournament, export.figures
    table = rows(tournament, figures)
    if as_csv:
        sys.stdout.write(csv_text(tournament, figures))
        return 0
    if as_json:
        sys.stdout.write(json.dumps({"id": export.id, "name": tournament.parameters.name,
                                     "format": tournament.parameters.format, "status": tournament.status,
                                     "winner": tournament.winner, "standings": table},
                                    ensure_ascii=False, indent=2) + "\n")
        return 0
    es = lang == "es"
    status = {"open": ("sin empezar", "not started"), "running": ("en juego", "under way"),
              "over": ("terminado", "over")}[tournament.status]
    say(f"{tournament.parameters.name} - {status[0] if es else status[1]}")
    head = (("puesto", "jugador", "enc.", "gan.", "perd.", "partidas", "+/-", "bolas/llamada", "faltas/partida",
             "saques buenos", "saque y fuera") if es else
            ("place", "player", "played", "won", "lost", "racks", "+/-", "pots/call", "fouls/rack", "breaks made",
             "break & run"))
    width = max(len(head[1]), *(len(r["name"]) for r in table)) if table else len(head[1])

    def rate(value: float | None) -> str:
        return "-" if value is None else f"{value:.2f}"

    say(f"{head[0]:>6}  {head[1]:<{width}}  {head[2]:>5}  {head[3]:>5}  {head[4]:>5}  {head[5]:>8}  {head[6]:>4}  "
        f"{head[7]:>13}  {head[8]:>14}  {head[9]:>13}  {head[10]:>13}")
    for r in table:
        place = "DQ" if r["disqualified"] is not None else ("" if r["place"] is None else str(r["place"]))
        say(f"{place:>6}  {r['name']:<{width}}  {r['matches']:>5}  {r['wins']:>5}  {r['losses']:>5}  "
            f"{r['racks_won']:>3}-{r['racks_lost']:<4}  {r['racks_won'] - r['racks_lost']:>+4}  "
            f"{rate(r['pots_per_call']):>13}  {rate(r['fouls_per_rack']):>14}  "
            f"{str(r['breaks_made']) + '/' + str(r['breaks']):>13}  {r['break_and_runs']:>13}")
    if tournament.winner is not None:
        champion = tournament.parameters.players[tournament.winner].name
        say(f"{'Campeón' if es else 'Champion'}: {champion}")
    return 0
