"""Strict JSON reading: the one reader of every JSON that comes from outside.

The referee's and the simulator's contracts (docs/referee-json.md,
docs/simulate-json.md) and the records accept strict JSON only, and every
reader - ``bola8 referee``, ``bola8 simulate``, the record reader, the server -
reads it here, so all of them refuse the same things with the same sentences:

- text that is not UTF-8 (a leading byte order mark is accepted);
- the constants ``NaN``, ``Infinity`` and ``-Infinity``, and numbers too large
  for a float (``1e400``): JSON numbers are finite;
- an object that repeats a key (Python's json would keep the last one
  silently);
- an integer with more digits than Python converts, and nesting deeper than
  ``max_depth`` (or than the parser can follow): refused, never a traceback;
- a string (a value or a key) holding a lone UTF-16 surrogate (``"\ud800"``):
  JSON's escapes can spell one, but it is no character, no UTF-8 text can
  hold it, and no answer or file could repeat it;
- more than ``max_bytes`` of input: refused before it fills the memory.

Every refusal is an :class:`~bola8.errors.InputError` whose sentence starts
with ``where`` (``standard input``, ``record line 3``) - for a bad string, with
its place in the value (``body.names[0]``); input that is not JSON at all is a
:class:`NotJson`. Standard library only.
"""

from __future__ import annotations

import itertools
import json
import math
import re
from typing import BinaryIO

from bola8.errors import InputError, member


class NotJson(InputError):
    """Input that is not JSON text at all (not UTF-8, or not JSON's syntax)."""

# JSON values are nested objects and arrays; no contract of bola8 goes deeper than 10.
MAX_DEPTH = 100
# The largest request any contract needs is a few kilobytes; a record line a few hundred.
MAX_BYTES = 16 * 1024 * 1024


def read_json(stream: BinaryIO, where: str = "standard input", *, max_bytes: int = MAX_BYTES,
              max_depth: int = MAX_DEPTH) -> object:
    """The one JSON value in ``stream`` (read as bytes), or an InputError naming ``where``."""
    data = stream.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise InputError(f"{where}: more than {max_bytes} bytes; no request is that long.",
                         f"{where}: más de {max_bytes} bytes; ninguna petición es tan larga.")
    text = decode_utf8(data, where)
    if not text.strip():
        raise InputError(f"{where}: empty; expected one JSON object.",
                         f"{where}: está vacía; se esperaba un objeto JSON.")
    return strict_loads(text, where, max_depth=max_depth)


def decode_utf8(data: bytes, where: str) -> str:
    """``data`` as UTF-8 text (a leading byte order mark dropped), or an InputError."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise NotJson(f"{where}: not UTF-8 text (byte {error.start + 1} cannot be decoded).",
                         f"{where}: no es texto UTF-8 (el byte {error.start + 1} no se puede "
                         "decodificar).") from None


def strict_loads(text: str, where: str = "standard input", *, max_depth: int = MAX_DEPTH) -> object:
    """The JSON value in ``text``, read strictly (see the module's docstring)."""
    def refuse_constant(name: str) -> object:
        raise InputError(f"{where}: {name} is not a JSON number; expected a finite number.",
                         f"{where}: {name} no es un número JSON; se esperaba un número finito.")

    def integer(digits: str) -> int:
        try:
            return int(digits)
        except ValueError:     # more digits than int() converts (sys.get_int_max_str_digits)
            count = len(digits.lstrip("-"))
            raise InputError(f"{where}: an integer with {count} digits is too long to be read.",
                             f"{where}: un entero de {count} cifras es demasiado largo para poder "
                             "leerlo.") from None

    def finite(number: str) -> float:
        value = float(number)
        if not math.isfinite(value):
            shown = number if len(number) <= 40 else number[:20] + "…"
            raise InputError(f"{where}: the number {shown} is too large; expected a finite number.",
                             f"{where}: el número {shown} es demasiado grande; se esperaba un número finito.")
        return value

    def without_repeated_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
        result: dict[str, object] = {}
        for key, value in pairs:
            if key in result:
                shown = json.dumps(key if len(key) <= 60 else key[:60] + "…", ensure_ascii=False)
                raise InputError(f"{where}: the key {shown} appears twice in one object.",
                                 f"{where}: la clave {shown} aparece dos veces en un mismo objeto.")
            result[key] = value
        return result

    too_deep = InputError(f"{where}: the JSON is nested more than {max_depth} levels deep.",
                          f"{where}: el JSON está anidado a más de {max_depth} niveles de profundidad.")
    if _nesting(text, max_depth) > max_depth:
        raise too_deep
    try:
        value = json.loads(text, parse_constant=refuse_constant, parse_int=integer, parse_float=finite,
                           object_pairs_hook=without_repeated_keys)
    except json.JSONDecodeError as error:
        raise NotJson(
            f"{where}: not valid JSON (line {error.lineno}, column {error.colno}: {error.msg}).",
            f"{where}: no es JSON válido (línea {error.lineno}, columna {error.colno}: {error.msg})."
        ) from None
    except RecursionError:     # deeper than the interpreter follows, whatever max_depth says
        raise too_deep from None
    if "\\u" in text:          # only an escape can spell a lone surrogate: plain text is checked by the decoder
        check_text(value, where)
    return value


def check_text(value: object, where: str) -> None:
    """Refuse a lone UTF-16 surrogate anywhere in a JSON value's strings, naming where it is."""
    stack: list[tuple[object, str]] = [(value, where)]
    while stack:
        item, place = stack.pop()
        if isinstance(item, str):
            lone = _lone_surrogate(item)
            if lone:
                raise InputError(f"{place}: the text holds a lone UTF-16 surrogate ({lone}), which is not a character.",
                                 f"{place}: el texto contiene un sustituto UTF-16 suelto ({lone}), que no es un "
                                 "carácter.")
        elif isinstance(item, dict):
            for key, sub in item.items():
                lone = _lone_surrogate(key)
                if lone:
                    raise InputError(f"{place}: a key holds a lone UTF-16 surrogate ({lone}), which is not a "
                                     "character.",
                                     f"{place}: una clave contiene un sustituto UTF-16 suelto ({lone}), que no es un "
                                     "carácter.")
                stack.append((sub, member(place, key)))
        elif isinstance(item, list):
            stack.extend((sub, f"{place}[{i}]") for i, sub in enumerate(item))


def _lone_surrogate(text: str) -> str:
    """The first lone surrogate of ``text`` as its escape (``\\ud800``), or "" when the text has none."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        return f"\\u{ord(text[error.start]):04x}"
    return ""


def _nesting(text: str, limit: int) -> int:
    """The JSON's depth (brackets opened and not yet closed, strings skipped), if it may exceed ``limit``.

    Counted before parsing, so a line nested 100,000 deep costs one pass over
    the text, not a parse that recurses until the interpreter gives up. Text
    that is not JSON may count wrong; the parser then refuses it anyway.
    """
    if text.count("[") + text.count("{") <= limit:
        return 0                                   # cannot be deeper: nothing to count
    brackets = _BRACKET.findall(_STRING.sub("", text))
    return max(itertools.accumulate(1 if b in "[{" else -1 for b in brackets), default=0)


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")
