"""``bola8 replay FILE``: re-simulate a record and confirm every ruling and layout - or, for a real
table's record (the referee assistant's), enter every action again and confirm every ruling and state."""

from __future__ import annotations

import argparse

from bola8.cli._io import add_lang_argument, by_language, guarded, write_json

_SAY = by_language({
    "ok": ("OK: {games} {games_word}, {shots} {shots_word}, {actions} {actions_word} repetidas; cada "
           "decisión, estado y posición es idéntica, y también los arrimes, quién abre cada partida, los "
           "resultados y el marcador.",
           "OK: {games} {games_word}, {shots} {shots_word}, {actions} {actions_word} replayed; every "
           "ruling, state and layout is identical, and so are the lags, the breakers, the results and the "
           "score."),
    "ok_real": ("OK: mesa real, {games} {games_word}, {actions} {actions_word} anotadas de nuevo; cada decisión y "
                "estado es idéntico, y también quién tiró, los resultados y el marcador.",
                "OK: a real table, {games} {games_word}, {actions} {actions_word} entered again; every ruling and "
                "state is identical, and so are the players, the results and the score."),
    "different": ("DISTINTO: {count} {count_word} en {actions} {actions_word}:",
                  "DIFFERENT: {count} {count_word} in {actions} {actions_word}:"),
    "interrupted": ("El encuentro se interrumpió tras la partida {games}: el registro acaba ahí, sin el final "
                    "del encuentro.",
                    "The match was interrupted after game {games}: the record ends there, without the end of "
                    "the match."),
    "cut": ("DAÑADO: la línea {line} del registro está cortada a la mitad (un encuentro detenido mientras se "
            "escribía, o un archivo dañado); se ha dejado fuera y el registro se ha repetido hasta la línea anterior.",
            "DAMAGED: line {line} of the record is cut in the middle (a match stopped while it was written, or a "
            "damaged file); it was left out, and the record was replayed up to the line before it."),
    "interrupted_first": ("El encuentro se interrumpió durante su primera partida: el registro acaba ahí, sin "
                          "el final del encuentro.",
                          "The match was interrupted during its first game: the record ends there, without the "
                          "end of the match."),
})
# Singular and plural of the counted words.
_PLURALS = by_language({
    "games_word": (("partida", "partidas"), ("game", "games")),
    "shots_word": (("tiro", "tiros"), ("shot", "shots")),
    "actions_word": (("acción", "acciones"), ("action", "actions")),
    "count_word": (("diferencia", "diferencias"), ("mismatch", "mismatches")),
})
_SHOWN = 50   # mismatches printed; --json gives them all


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the options of ``bola8 replay`` on ``parser`` (help in the parser's language)."""
    parser.add_argument("file", help="a game or match record (JSON Lines)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    add_lang_argument(parser)


def run(args: argparse.Namespace) -> int:
    """Run ``bola8 replay`` with the parsed ``args``; the exit status."""
    return guarded(lambda: _run(args), args.lang)


def _run(args: argparse.Namespace) -> int:
    from bola8.game.real_table import FORMAT as REAL_TABLE
    from bola8.game.real_table_record import replay_real_table
    from bola8.game.record import replay
    from bola8.game.record_reader import read_record_file

    record = read_record_file(args.file)
    real = record.lines[0].get("format") == REAL_TABLE
    report = replay_real_table(record.lines) if real else replay(record.lines)
    say = _SAY[args.lang]
    if args.json:
        write_json({**report.to_dict(), "cut_line": record.cut_line})
    else:
        counts = {"games": report.games, "shots": report.shots, "actions": report.actions,
                  "count": len(report.mismatches)}
        plurals = _PLURALS[args.lang]
        words = {f"{key}_word": plurals[f"{key}_word"][0 if n == 1 else 1] for key, n in counts.items()}
        print(say[("ok_real" if real else "ok") if report.ok else "different"].format(**counts, **words))
        for mismatch in report.mismatches[:_SHOWN]:
            print(f"  {mismatch.text(args.lang)}")
        if report.interrupted_after is not None:
            games = report.interrupted_after
            print(say["interrupted"].format(games=games) if games else say["interrupted_first"])
        if record.cut_line is not None:
            print(say["cut"].format(line=record.cut_line))
    return 0 if report.ok and record.cut_line is None else 1
