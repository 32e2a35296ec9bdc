"""The ``bola8`` command: parses arguments and calls the library.

Each subcommand lives in its own module, imported only when that command is
chosen, so ``bola8 referee`` never imports numpy or numba.

:func:`main` is the one error path of every command:

=============================================  ==========================================  ======
what happened                                  what is shown                               status
=============================================  ==========================================  ======
done                                           the command's output                        0
``bola8 replay``: a record differs or is cut   the differences, the damage                 1
standard output cannot be written (full disk)  ``{"error": ...}`` on standard error        1
bad input: arguments, JSON, a file             ``{"error": ...}`` on standard output       2
Ctrl-C                                         ``{"error": ...}`` on standard output       130
the reader went away (``bola8 match | head``)  nothing, as Unix tools do                   141
=============================================  ==========================================  ======

Every sentence is in the command's ``--lang`` (Spanish by default) and names
what it is about first.
"""

from __future__ import annotations

import argparse
import errno
import importlib
import json
import os
import re
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import TextIO, cast

from bola8.cli import _signals
from bola8.cli.commands import COMMANDS, SIMULATING
from bola8.cli._io import Parser, add_lang_argument, error_exit, language_in, words, write_json
from bola8.errors import InputError, printable

EXIT_OK, EXIT_OUTPUT, EXIT_INPUT, EXIT_INTERRUPTED, EXIT_BROKEN_PIPE = 0, 1, 2, 130, 141


def build_parser(chosen: str | None, lang: str = "es") -> Parser:
    """The argument parser in ``lang``; only the chosen command's module is imported."""
    from bola8 import __version__

    parser = Parser(prog="bola8", lang=lang,
                    description=words_for(lang, "bola8 - Reglamento Bola 8: árbitro, física, partidas.",
                                          "bola8 - Reglamento Bola 8: referee, physics, games."))
    parser.add_argument("--version", action="version", version=f"bola8 {__version__}",
                        help=words(parser, "muestra la versión y termina", "show the version and exit"))
    add_lang_argument(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND",
                                title=words(parser, "órdenes", "commands"))
    for name, (module_name, help_es, help_en) in COMMANDS.items():
        help_text = help_es if lang == "es" else help_en
        command_parser = sub.add_parser(name, help=help_text, description=help_text, lang=lang,
                                        prog=f"bola8 {name}")
        if name == chosen:
            module = importlib.import_module(module_name)
            module.add_arguments(command_parser)
            command_parser.set_defaults(_module=module)
    return parser


def words_for(lang: str, es: str, en: str) -> str:
    """``es`` or ``en``, as ``lang`` asks."""
    return es if lang == "es" else en


def chosen_command(argv: Sequence[str]) -> str | None:
    """The command named on the line: the first argument that is not an option (nor --lang's value)."""
    skip = False
    for arg in argv:
        if skip:
            skip = False
        elif arg == "--lang":
            skip = True
        elif not arg.startswith("-"):
            return arg
    return None


class OutputError(Exception):
    """Standard output or error could not be written (``error``: the OSError)."""

    def __init__(self, name: str, error: OSError):
        super().__init__(name, error)
        self.name = name
        self.error = error


class _Guarded:
    """A stream whose failures are :class:`OutputError` naming it, and that never chokes on a surrogate."""

    def __init__(self, stream: TextIO, name: str):
        self._stream = stream
        self._name = name

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except UnicodeEncodeError:      # a lone surrogate that no message escaped: its escape instead
            return self.write(re.sub("[\ud800-\udfff]", lambda m: f"\\u{ord(m.group()):04x}", text))
        except OSError as error:
            raise OutputError(self._name, error) from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as error:
            raise OutputError(self._name, error) from None

    def __getattr__(self, name: str) -> object:
        return getattr(self._stream, name)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``bola8`` command line ``argv`` (``sys.argv[1:]`` by default); the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    real_out, real_err = sys.stdout, sys.stderr
    sys.stdout = cast(TextIO, _Guarded(real_out, "standard output"))
    sys.stderr = cast(TextIO, _Guarded(real_err, "standard error"))
    lang = "es"
    try:
        with _signals.handled():
            try:
                lang = language_in(args)
                status = _run(args, lang)
                _signals.checkpoint()
                sys.stdout.flush()
                return status
            except InputError as error:
                status = error_exit(error.text(lang), lang)
                sys.stdout.flush()
                return status
            except KeyboardInterrupt:
                _end_line(sys.stderr)
                write_json({"error": words_for(lang, "interrumpido con Ctrl-C; nada a medio escribir.",
                                               "interrupted by Ctrl-C; nothing left half-written.")})
                sys.stdout.flush()
                return EXIT_INTERRUPTED
    except OutputError as failure:
        return _output_failed(failure, lang, real_out, real_err)
    except SystemExit as leaving:          # --help and --version end this way
        try:
            sys.stdout.flush()
        except OutputError as failure:
            return _output_failed(failure, lang, real_out, real_err)
        return leaving.code if isinstance(leaving.code, int) else EXIT_OK
    finally:
        sys.stdout, sys.stderr = real_out, real_err


def _run(args: list[str], lang: str) -> int:
    chosen = chosen_command(args)
    parser = build_parser(chosen, lang)
    parsed = parser.parse_args(args)
    if parsed.command is None:
        parser.print_help(sys.stderr)
        return EXIT_INPUT
    parsed.lang = lang          # read before parsing, wherever it stood on the line
    if parsed.command in SIMULATING:
        _announce_first_compile(lang, sys.stderr)
    module = cast(ModuleType, parsed._module)
    return int(module.run(parsed))


def _announce_first_compile(lang: str, stream: TextIO) -> None:
    """On a terminal, say why the first run after installing (or upgrading) bola8 waits: numba
    compiles the engine once, then loads it from its cache. Scripts and pipes get nothing."""
    try:
        if not stream.isatty():
            return
    except (OutputError, ValueError):
        return
    from bola8.physics._jit import engine_compiled

    if not engine_compiled():
        stream.write(words_for(lang, "bola8: compilando el motor de física por primera vez (unos segundos; "
                                     "después queda en caché)...\n",
                               "bola8: compiling the physics engine for the first time (a few seconds; "
                               "then it is cached)...\n"))
        stream.flush()


def _end_line(stream: TextIO) -> None:
    """A progress bar may be mid-line on a terminal: end it before the last word."""
    try:
        if stream.isatty():
            stream.write("\n")
    except (OutputError, ValueError):
        pass


def _output_failed(failure: OutputError, lang: str, real_out: TextIO, real_err: TextIO) -> int:
    """Standard output or error failed: quiet for a reader gone away, one sentence for the rest."""
    _discard_pending(real_out)
    if failure.error.errno == errno.EPIPE:
        _discard_pending(real_err)
        return EXIT_BROKEN_PIPE
    reason = _os_reason(failure.error, lang)
    name = failure.name
    message = (f"{name}: no se puede escribir ({reason})." if lang == "es"
               else f"{name}: cannot be written ({reason}).")
    try:
        real_err.write(json.dumps({"error": printable(message, lang)}, ensure_ascii=False) + "\n")
        real_err.flush()
    except OSError:
        _discard_pending(real_err)
    return EXIT_OUTPUT


_REASONS = {
    errno.ENOSPC: ("no queda espacio en el dispositivo", "no space left on the device"),
    errno.EIO: ("error de entrada/salida", "input/output error"),
    errno.EBADF: ("está cerrada", "it is closed"),
    errno.EFBIG: ("el archivo es demasiado grande", "the file is too large"),
    errno.EACCES: ("permiso denegado", "permission denied"),
}


def _os_reason(error: OSError, lang: str) -> str:
    pair = _REASONS.get(error.errno or 0)
    if pair is not None:
        return pair[0] if lang == "es" else pair[1]
    return error.strerror or type(error).__name__


def _discard_pending(stream: TextIO) -> None:
    """Point the stream's descriptor at /dev/null, so the interpreter's last flush cannot fail again."""
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):
        return                       # not a real file (captured in a test): nothing to flush at exit
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, fd)
    os.close(null)


def parse_command(name: str, argv: Sequence[str], lang: str) -> argparse.Namespace:
    """The arguments of ``bola8 NAME ARGV --lang LANG``, parsed by that command's own parser."""
    return build_parser(name, lang).parse_args([name, *argv, "--lang", lang])
