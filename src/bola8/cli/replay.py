"""``bola8 replay FILE``: re-simulate a record and confirm every ruling and layout."""

from __future__ import annotations

from bola8.cli._io import guarded, write_json


def add_arguments(parser) -> None:
    parser.add_argument("file", help="a game or match record (JSON Lines)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")


def run(args) -> int:
    return guarded(lambda: _run(args))


def _run(args) -> int:
    from bola8.game.record import read_record, replay

    report = replay(read_record(args.file))
    if args.json:
        write_json({"ok": report.ok, "games": report.games, "actions": report.actions,
                    "shots": report.shots, "mismatches": report.mismatches})
    elif report.ok:
        print(f"OK: {report.games} games, {report.shots} shots, {report.actions} actions "
              f"replayed; every ruling, state and layout is identical.")
    else:
        print(f"DIFFERENT: {len(report.mismatches)} mismatches in {report.actions} actions:")
        for mismatch in report.mismatches[:50]:
            print(f"  {mismatch}")
    return 0 if report.ok else 1
