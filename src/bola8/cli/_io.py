"""Input and output shared by the commands: JSON in, JSON out, errors as data.

Bad input never produces a traceback: :func:`guarded` turns an
:class:`~bola8.errors.InputError` into ``{"error": "..."}`` on standard output,
the sentence in the command's ``--lang`` (Spanish by default), and exit status 2.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Callable
from typing import Any

from bola8.errors import InputError

LANGS = ("es", "en")


def by_language(pairs: dict[str, tuple[Any, Any]]) -> dict[str, dict[str, Any]]:
    """A command's words, written as ``key -> (Spanish, English)`` so the two stay side by side,
    looked up as ``table[lang][key]``."""
    return {lang: {key: pair[i] for key, pair in pairs.items()} for i, lang in enumerate(LANGS)}


def add_lang_argument(parser) -> None:
    parser.add_argument(
        "--lang", choices=LANGS, default="es",
        help="language of the sentences shown to people (default: es)",
    )


def read_json_stdin() -> Any:
    """The one JSON value on standard input, or an InputError.

    Strict JSON only: the input must be UTF-8 (a leading byte order mark is
    accepted), the constants NaN, Infinity and -Infinity and numbers too large
    for a float are refused, an object may not repeat a key, and neither an
    integer with more digits than Python converts nor nesting deeper than the
    parser can follow gives a traceback.
    """
    data = sys.stdin.buffer.read()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise InputError(f"standard input: not UTF-8 text (byte {error.start + 1} cannot be decoded).",
                         f"standard input: no es texto UTF-8 (el byte {error.start + 1} no se puede "
                         "decodificar).") from None
    if not text.strip():
        raise InputError("standard input: empty; expected one JSON object.",
                         "standard input: está vacía; se esperaba un objeto JSON.")
    try:
        return json.loads(text, parse_constant=_refuse_constant, parse_int=_integer, parse_float=_finite,
                          object_pairs_hook=_object_without_repeated_keys)
    except json.JSONDecodeError as error:
        raise InputError(
            f"standard input: not valid JSON (line {error.lineno}, column {error.colno}: {error.msg}).",
            f"standard input: no es JSON válido (línea {error.lineno}, columna {error.colno}: {error.msg})."
        ) from None
    except RecursionError:
        raise InputError("standard input: the JSON is nested too deeply to be read.",
                         "standard input: el JSON está anidado a demasiada profundidad para poder leerlo.") from None


def _refuse_constant(name: str) -> Any:
    raise InputError(f"standard input: {name} is not a JSON number; expected a finite number.",
                     f"standard input: {name} no es un número JSON; se esperaba un número finito.")


def _integer(digits: str) -> int:
    try:
        return int(digits)
    except ValueError:     # more digits than int() converts (sys.get_int_max_str_digits)
        raise InputError(f"standard input: an integer with {len(digits.lstrip('-'))} digits is too long "
                         "to be read.",
                         f"standard input: un entero de {len(digits.lstrip('-'))} cifras es demasiado largo "
                         "para poder leerlo.") from None


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise InputError(f"standard input: the number {text} is too large; expected a finite number.",
                         f"standard input: el número {text} es demasiado grande; se esperaba un número finito.")
    return value


def _object_without_repeated_keys(pairs: list[tuple[str, Any]]) -> dict:
    result: dict = {}
    for key, value in pairs:
        if key in result:
            raise InputError(f"standard input: the key {json.dumps(key, ensure_ascii=False)} appears twice "
                             "in one object.",
                             f"standard input: la clave {json.dumps(key, ensure_ascii=False)} aparece dos veces "
                             "en un mismo objeto.")
        result[key] = value
    return result


def write_json(value: Any) -> None:
    sys.stdout.write(json.dumps(value, ensure_ascii=False) + "\n")


def error_exit(message: str) -> int:
    write_json({"error": message})
    return 2


def guarded(body: Callable[[], int], lang: str = "es") -> int:
    """Run a command body; an input error becomes one JSON error in ``lang`` and exit 2."""
    try:
        return body()
    except InputError as error:
        return error_exit(error.text(lang))
