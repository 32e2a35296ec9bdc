"""``bola8 replay FILE``: re-simulate a record and confirm every ruling and layout."""

from __future__ import annotations

from bola8.cli._io import add_lang_argument, guarded, write_json

_SAY = {
    "es": {"ok": "OK: {games} partidas, {shots} tiros, {actions} acciones repetidas; "
                 "cada decisión, estado y posición es idéntica.",
           "different": "DISTINTO: {count} diferencias en {actions} acciones:"},
    "en": {"ok": "OK: {games} games, {shots} shots, {actions} actions replayed; "
                 "every ruling, state and layout is identical.",
           "different": "DIFFERENT: {count} mismatches in {actions} actions:"},
}
_SHOWN = 50   # mismatches printed; --json gives them all


def add_arguments(parser) -> None:
    parser.add_argument("file", help="a game or match record (JSON Lines)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    add_lang_argument(parser)


def run(args) -> int:
    return guarded(lambda: _run(args))


def _run(args) -> int:
    from bola8.game.record import read_record, replay

    report = replay(read_record(args.file))
    say = _SAY[args.lang]
    if args.json:
        write_json({"ok": report.ok, "games": report.games, "actions": report.actions,
                    "shots": report.shots, "mismatches": [m.to_dict() for m in report.mismatches]})
    elif report.ok:
        print(say["ok"].format(games=report.games, shots=report.shots, actions=report.actions))
    else:
        print(say["different"].format(count=len(report.mismatches), actions=report.actions))
        for mismatch in report.mismatches[:_SHOWN]:
            print(f"  {mismatch.text(args.lang)}")
    return 0 if report.ok else 1
