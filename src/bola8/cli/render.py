"""``bola8 render FILE [--shot N] -o out.svg``: a top-down diagram of one shot of a record.

Shots are numbered through the whole record, from 1, as ``bola8 match``
numbers them (``#N``).
"""

from __future__ import annotations

from bola8.cli._io import add_lang_argument, guarded


def add_arguments(parser) -> None:
    parser.add_argument("file", help="a game or match record (JSON Lines)")
    parser.add_argument("--shot", type=int, default=1,
                        help="which shot, counting from 1 through the whole match, as bola8 match numbers "
                             "them (#N) (default 1)")
    parser.add_argument("-o", "--output", required=True, help="the SVG file to write (not the record itself)")
    add_lang_argument(parser)


def run(args) -> int:
    return guarded(lambda: _run(args), args.lang)


def _run(args) -> int:
    from bola8.files import write_atomically
    from bola8.errors import InputError
    from bola8.game.record import layout_from_dict, read_record, recorded_shots
    from bola8.game.render import render_shot
    from bola8.physics import simulate_layout, table_spec

    if _same_file(args.output, args.file):
        raise InputError(f"--output: {args.output!r} is the record being drawn; write the SVG to another file.",
                         f"--output: {args.output!r} es el registro que se dibuja; escriba el SVG en otro archivo.")
    lines = read_record(args.file)
    shots = recorded_shots(lines)
    if not shots:
        raise InputError(f"file: {args.file!r} records no shot.",
                         f"file: {args.file!r} no registra ningún tiro.")
    if not 1 <= args.shot <= len(shots):
        raise InputError(f"--shot: {args.shot} is not a shot of this record; expected 1 to {len(shots)}.",
                         f"--shot: {args.shot} no es un tiro de este registro; se esperaba de 1 a {len(shots)}.")
    shot = shots[args.shot - 1]
    spec = table_spec(shot.table)
    result = simulate_layout(spec, shot.before, shot.strike)
    player = shot.line.get("player")
    names = lines[0].get("players")
    word = {"es": ("Tiro", "partida", "jugador"), "en": ("Shot", "game", "player")}[args.lang]
    who = names[player] if names and player in (0, 1) else f"{word[2]} {player}"
    title = f"{word[0]} {shot.number} · {word[1]} {shot.game} · {who}"
    after = layout_from_dict(shot.line["layout"], f"record line {shot.line['_line']}: layout")
    svg = render_shot(spec, shot.before, result, title=title, call=shot.call, ruling=shot.ruling,
                      lang=args.lang, after=after)
    write_atomically(args.output, svg, field="--output")
    print(args.output)
    return 0


def _same_file(one: str, other: str) -> bool:
    import os

    try:
        return os.path.samefile(one, other)
    except OSError:          # one of them does not exist (yet)
        return os.path.realpath(one) == os.path.realpath(other)
