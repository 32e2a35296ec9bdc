"""``bola8 render FILE [--shot N] -o out.svg``: a top-down diagram of one shot of a record.

Shots are numbered through the whole record, from 1, as ``bola8 match``
numbers them (``#N``).
"""

from __future__ import annotations

import argparse

from bola8.cli._io import add_lang_argument, guarded


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the options of ``bola8 render`` on ``parser`` (help in the parser's language)."""
    parser.add_argument("file", help="a game or match record (JSON Lines)")
    parser.add_argument("--shot", type=int, default=1,
                        help="which shot, counting from 1 through the whole match, as bola8 match numbers "
                             "them (#N) (default 1)")
    parser.add_argument("-o", "--output", required=True, help="the SVG file to write (not the record itself)")
    add_lang_argument(parser)


def run(args: argparse.Namespace) -> int:
    """Run ``bola8 render`` with the parsed ``args``; the exit status."""
    return guarded(lambda: _run(args), args.lang)


def _run(args: argparse.Namespace) -> int:
    from bola8.errors import InputError
    from bola8.files import write_atomically
    from bola8.game.record import read_record, render_recorded_shot

    if _same_file(args.output, args.file):
        raise InputError(f"--output: {args.output!r} is the record being drawn; write the SVG to another file.",
                         f"--output: {args.output!r} es el registro que se dibuja; escriba el SVG en otro archivo.")
    svg = render_recorded_shot(read_record(args.file), args.shot, lang=args.lang, field="--shot")
    write_atomically(args.output, svg, field="--output")
    print(args.output)
    return 0


def _same_file(one: str, other: str) -> bool:
    import os

    try:
        return os.path.samefile(one, other)
    except OSError:          # one of them does not exist (yet)
        return os.path.realpath(one) == os.path.realpath(other)
