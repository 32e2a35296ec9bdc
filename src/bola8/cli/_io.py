"""What the commands share: the argument parser, JSON in and out, the one error path's pieces.

Every way a command can fail ends in one place, :func:`bola8.cli.main`: bad
input (the arguments, the JSON, a file) is ``{"error": "<one sentence>"}`` on
standard output in the command's ``--lang`` (Spanish by default), exit 2. The
pieces here are the ones the commands use: :class:`Parser` (argparse whose
errors are such sentences, whose help is in ``--lang``), :func:`read_json_stdin`,
:func:`write_json`, the option readers (:func:`whole_number`, :func:`number`,
:func:`one_of`), and :func:`printable`, which makes any message safe and
short enough to show.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable, Sequence
from typing import BinaryIO, NoReturn, TextIO, TypeVar, cast

from bola8.cli.commands import COMMANDS
from bola8.errors import InputError, printable   # one way to show a sentence at every edge: commands, server

LANGS = ("es", "en")
T = TypeVar("T")


def by_language(pairs: dict[str, tuple[T, T]]) -> dict[str, dict[str, T]]:
    """A command's words, written as ``key -> (Spanish, English)`` so the two stay side by side,
    looked up as ``table[lang][key]``."""
    return {lang: {key: pair[i] for key, pair in pairs.items()} for i, lang in enumerate(LANGS)}


# ------------------------------------------------------------------ the language
def language_in(argv: Sequence[str]) -> str:
    """The ``--lang`` of a command line, read before it is parsed (so even a parse error speaks it).

    "es" when there is none; an unknown language is refused - in Spanish, the
    default, since the user's own choice is the thing that cannot be read.
    """
    lang = "es"
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang":
            if i + 1 >= len(argv):
                raise InputError("--lang: missing its value; expected es or en.",
                                 "--lang: falta su valor; se esperaba es o en.")
            lang = argv[i + 1]
        elif arg.startswith("--lang="):
            lang = arg[len("--lang="):]
    if lang not in LANGS:
        shown = printable(repr(lang), "es")
        raise InputError(f"--lang: {shown} is not a language of bola8; expected es or en.",
                         f"--lang: {shown} no es un idioma de bola8; se esperaba es o en.")
    return lang


def add_lang_argument(parser: argparse.ArgumentParser) -> None:
    """``--lang es|en``: checked by :func:`language_in` before parsing, so no ``choices`` here."""
    parser.add_argument("--lang", metavar="{es,en}", default="es",
                        help=words(parser, "idioma de las frases para las personas (por defecto: es)",
                                   "language of the sentences shown to people (default: es)"))


def words(parser: argparse.ArgumentParser, es: str, en: str) -> str:
    """The help text in the parser's language (English for a parser that is not a :class:`Parser`)."""
    return es if getattr(parser, "lang", "en") == "es" else en


# ------------------------------------------------------------------ the parser
class _SpanishHelp(argparse.HelpFormatter):
    def add_usage(self, usage: str | None, actions: object, groups: object, prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, "uso: " if prefix is None else prefix)  # type: ignore[arg-type]


class Parser(argparse.ArgumentParser):
    """argparse in ``lang``: its help is in that language, and its errors are InputErrors.

    argparse's own error messages are English usage text on stderr with exit
    status 2; here :meth:`error` turns each into the project's one sentence
    naming the argument (``--race: falta su valor.``), in both languages. The
    options' values are strings checked by the commands (:func:`whole_number`,
    :func:`number`, :func:`one_of`), so that a wrong value is named in the
    user's language too.
    """

    def __init__(self, *args: object, lang: str = "es", **kwargs: object) -> None:
        self.lang = lang
        kwargs.setdefault("add_help", False)
        kwargs.setdefault("allow_abbrev", False)
        if lang == "es":
            kwargs.setdefault("formatter_class", _SpanishHelp)
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        if lang == "es":
            self._positionals.title = "argumentos"
            self._optionals.title = "opciones"
        self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                          help=words(self, "muestra esta ayuda y termina", "show this help and exit"))

    def error(self, message: str) -> NoReturn:
        """argparse's complaint as the one InputError, in both languages (exit 2 through ``main``)."""
        raise argument_error(message)


_ARGUMENT = re.compile(r"argument (?P<field>[^:]+): (?P<rest>.*)", re.DOTALL)


def argument_error(message: str) -> InputError:
    """argparse's English ``message`` as one sentence in English and Spanish, the argument named first."""
    if message.startswith("the following arguments are required: "):
        field = message.split(": ", 1)[1].split(", ")[0]
        return InputError(f"{field}: missing; it is required.", f"{field}: falta; es obligatorio.")
    if message.startswith("unrecognized arguments: "):
        field = printable(message.split(": ", 1)[1].split(" ")[0], "es")
        return InputError(f"{field}: not an argument of this command (see --help).",
                          f"{field}: no es un argumento de esta orden (vea --help).")
    match = _ARGUMENT.fullmatch(message)
    if match is None:
        shown = printable(message, "en")
        return InputError(f"arguments: {shown}.", f"arguments: argumentos no válidos ({shown}).")
    field, rest = match["field"], match["rest"]
    if field == "COMMAND" and rest.startswith("invalid choice: "):
        value = printable(rest[len("invalid choice: "):].split(" (choose from")[0], "es")
        names = ", ".join(COMMANDS)
        return InputError(f"COMMAND: {value} is not a command of bola8; expected {names}.",
                          f"COMMAND: {value} no es una orden de bola8; se esperaba {names}.")
    if rest.startswith("expected"):
        return InputError(f"{field}: missing its value.", f"{field}: falta su valor.")
    if rest.startswith("ignored explicit argument"):
        return InputError(f"{field}: takes no value.", f"{field}: no lleva valor.")
    kind = re.fullmatch(r"invalid (\w+) value: (.*)", rest, re.DOTALL)
    if kind is not None and kind[1] in ("int", "float"):
        value = printable(kind[2], "es")
        if kind[1] == "int":
            return InputError(f"{field}: {value} is not a whole number.", f"{field}: {value} no es un número entero.")
        return InputError(f"{field}: {value} is not a number.", f"{field}: {value} no es un número.")
    if rest.startswith("invalid choice: "):
        value = printable(rest[len("invalid choice: "):].split(" (choose from")[0], "es")
        return InputError(f"{field}: {value} is not one of the values allowed (see --help).",
                          f"{field}: {value} no es uno de los valores permitidos (vea --help).")
    shown = printable(rest, "en")
    return InputError(f"{field}: {shown}.", f"{field}: argumento no válido ({shown}).")


# ------------------------------------------------------------------ option values
_WHOLE = re.compile(r"[+-]?[0-9]+")


def whole_number(text: str, field: str, *, minimum: int | None = None) -> int:
    """A whole number written in ASCII digits (``3``, ``-2``); ``²`` or ``1.5`` is refused naming ``field``."""
    shown = printable(repr(text), "es")
    if not _WHOLE.fullmatch(text) or len(text) > 18:
        raise InputError(f"{field}: {shown} is not a whole number" + (f" >= {minimum}." if minimum is not None
                                                                        else "."),
                         f"{field}: {shown} no es un número entero" + (f" >= {minimum}." if minimum is not None
                                                                         else "."))
    value = int(text)
    if minimum is not None and value < minimum:
        raise InputError(f"{field}: {value} is below {minimum}; expected a whole number >= {minimum}.",
                         f"{field}: {value} es menor que {minimum}; se esperaba un número entero >= {minimum}.")
    return value


_NUMBER = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?")


def number(text: str, field: str, *, low: float, high: float) -> float:
    """A number in [low, high], written as people write one (``1``, ``2.5``, ``1e-3``), or an InputError."""
    shown = printable(repr(text), "es")
    value = float(text) if _NUMBER.fullmatch(text) and len(text) <= 40 else None
    if value is None or not low <= value <= high:
        raise InputError(f"{field}: {shown} is not allowed; expected a number from {low:g} to {high:g}.",
                         f"{field}: {shown} no está permitido; se esperaba un número de {low:g} a {high:g}.")
    return value


def one_of(text: str, field: str, allowed: Sequence[str]) -> str:
    """``text`` if it is one of ``allowed``, or an InputError listing them."""
    if text not in allowed:
        shown = printable(repr(text), "es")
        raise InputError(f"{field}: {shown} is not allowed; expected {', '.join(allowed)}.",
                         f"{field}: {shown} no está permitido; se esperaba {', '.join(allowed)}.")
    return text


# ------------------------------------------------------------------ JSON in and out
def read_json_stdin() -> object:
    """The one JSON value on standard input, read strictly (:mod:`bola8.jsonio`), or an InputError."""
    from bola8.jsonio import read_json

    return read_json(cast(BinaryIO, sys.stdin.buffer), "standard input")


def write_json(value: object) -> None:
    """One line of JSON on standard output; text that UTF-8 cannot hold (lone surrogates) escaped."""
    text = json.dumps(value, ensure_ascii=False)
    sys.stdout.write(_SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text) + "\n")


_SURROGATE = re.compile("[\ud800-\udfff]")


def error_exit(message: str, lang: str = "es") -> int:
    """``{"error": message}`` on standard output and exit status 2: the one answer to bad input."""
    write_json({"error": printable(message, lang)})
    return 2


def guarded(body: Callable[[], int], lang: str = "es") -> int:
    """Run a command body; an input error becomes one JSON error in ``lang`` and exit 2.

    :func:`bola8.cli.main` does the same for every command; a command run on
    its own (``module.run(args)``) answers the same way through this.
    """
    try:
        return body()
    except InputError as error:
        return error_exit(error.text(lang), lang)


def say(text: str, stream: TextIO | None = None) -> None:
    """One line for people, written at once (a narrated match is read as it plays)."""
    out = sys.stdout if stream is None else stream
    out.write(_SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text) + "\n")
    out.flush()
