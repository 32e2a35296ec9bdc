"""``bola8 report DIR -o report.html``: a batch's statistics and plots as one HTML page."""

from __future__ import annotations

import argparse

from bola8.cli._io import add_lang_argument, guarded, words
from bola8.extras import require


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the options of ``bola8 report`` on ``parser`` (help in the parser's language)."""
    def h(es: str, en: str) -> str:
        return words(parser, es, en)

    parser.add_argument("folder", metavar="DIR", help=h("la carpeta de una tanda (bola8 batch -o DIR)",
                                                        "a batch's folder (bola8 batch -o DIR)"))
    parser.add_argument("-o", "--output", metavar="FILE", default="report.html",
                        help=h("el archivo HTML que se escribe (por defecto report.html)",
                               "the HTML file to write (default report.html)"))
    parser.add_argument("--overwrite", action="store_true",
                        help=h("sustituye FILE si ya existe", "replace FILE if it exists"))
    add_lang_argument(parser)


def run(args: argparse.Namespace) -> int:
    """Run ``bola8 report`` with the parsed ``args``; the exit status."""
    return guarded(lambda: _run(args), args.lang)


def _run(args: argparse.Namespace) -> int:
    import os

    from bola8.batch.report import read_batch, render_html, statistics
    from bola8.cli._io import say
    from bola8.errors import InputError
    from bola8.files import write_atomically

    require("batch", "bola8 report")
    if not args.output.strip():
        raise InputError("-o: an empty name is no file; name the HTML file to write.",
                         "-o: un nombre vacío no es ningún archivo; indique el archivo HTML.")
    if os.path.exists(args.output) and not args.overwrite:
        raise InputError(f"-o: {args.output!r} exists; choose another name or add --overwrite.",
                         f"-o: {args.output!r} ya existe; elija otro nombre o añada --overwrite.")
    games, shots = read_batch(args.folder)
    page = render_html(statistics(games, shots), args.lang, source=os.path.basename(os.path.abspath(args.folder)))
    write_atomically(args.output, page, field="-o")
    say(f"informe escrito en {args.output}" if args.lang == "es" else f"report written to {args.output}")
    return 0
