"""``bola8 render FILE [--shot N] -o out.svg``: a top-down diagram of one shot of a record."""

from __future__ import annotations

from bola8.cli._io import add_lang_argument, guarded


def add_arguments(parser) -> None:
    parser.add_argument("file", help="a game or match record (JSON Lines)")
    parser.add_argument("--shot", type=int, default=1, help="which shot, counting from 1 (default 1)")
    parser.add_argument("-o", "--output", required=True, help="the SVG file to write")
    add_lang_argument(parser)


def run(args) -> int:
    return guarded(lambda: _run(args))


def _run(args) -> int:
    from bola8.files import write_atomically
    from bola8.errors import InputError
    from bola8.game.record import read_record, recorded_shots
    from bola8.game.render import render_shot
    from bola8.physics import simulate_layout, table_spec

    shots = recorded_shots(read_record(args.file))
    if not shots:
        raise InputError(f"file: {args.file!r} records no shot.")
    if not 1 <= args.shot <= len(shots):
        raise InputError(f"--shot: {args.shot} is not a shot of this record; expected 1 to {len(shots)}.")
    shot = shots[args.shot - 1]
    spec = table_spec(shot.table)
    result = simulate_layout(spec, shot.before, shot.strike)
    player = shot.line.get("player")
    word = {"es": ("Tiro", "jugador"), "en": ("Shot", "player")}[args.lang]
    title = f"{word[0]} {shot.number} · {word[1]} {player}"
    svg = render_shot(spec, shot.before, result, title=title, call=shot.call, ruling=shot.ruling,
                      lang=args.lang)
    write_atomically(args.output, svg, field="--output")
    print(args.output)
    return 0
