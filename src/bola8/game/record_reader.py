"""Reading a record file: line by line, strictly, within limits.

A record comes from outside - a file anyone may have edited, cut or swapped
for something else (``/dev/zero``) - so it is read as bounded input:

- a line longer than :data:`MAX_LINE_BYTES`, a file longer than
  :data:`MAX_RECORD_BYTES` or with more than :data:`MAX_LINES` lines is
  refused, after reading at most that much (the file is streamed, never
  read whole);
- each line is strict JSON: UTF-8, no NaN or Infinity, no number too large
  for a float, no integer too long to convert, no repeated key, nested at
  most :data:`MAX_DEPTH` deep, no text longer than :data:`MAX_TEXT` - each
  refusal names the line, and the field when there is one;
- each line is an object with a known ``type``, the header first, and the
  fields replay and render read are checked (:func:`record_format.check_fields`).

The one thing read past is a cut last line: a match killed while its writer
appended a game leaves a line without its newline that is not JSON. That
line is left out - the record is then an interrupted match, which
:func:`bola8.game.replay.replay` reports as such - but never silently:
:func:`read_record_file` says which line was cut, and ``bola8 replay``
reports the damage.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, BinaryIO

from bola8.errors import InputError
from bola8.game import real_table_record
from bola8.game.real_table import FORMAT as REAL_TABLE_FORMAT
from bola8.game.record_format import KNOWN_TYPES, Line, check_fields, shorten

MAX_LINE_BYTES = 1 << 20            # a shot line is a few kilobytes
MAX_RECORD_BYTES = 1 << 30          # a race to 150 takes about 30 MB
MAX_LINES = 5_000_000
MAX_DEPTH = 20                      # a record line nests 5 deep
MAX_TEXT = 200                      # characters of a text field read (names, codes)


@dataclass(frozen=True)
class RecordFile:
    """A record file's lines, and the number of its last line when that line was cut in the middle
    (left out: see the module), else None."""

    lines: list[Line]
    cut_line: int | None = None


class _Cut(Exception):
    def __init__(self, number: int):
        self.number = number


def read_record(path: str) -> list[Line]:
    """The lines of a record file, each checked to be a JSON object with a known type.

    Each line gets its 1-based number in the file as ``_line``. A cut last line is left out
    (:func:`read_record_file` says so).
    """
    return read_record_file(path).lines


def read_record_file(path: str) -> RecordFile:
    """:func:`read_record`, and which last line was cut in the middle and left out (if one was)."""
    try:
        handle = open(path, "rb")
    except OSError as error:
        raise InputError(f"record: cannot read {shorten(repr(path))} ({error.strerror}).",
                         f"record: no se puede leer {shorten(repr(path))} ({error.strerror}).") from None
    lines: list[Line] = []
    cut = None
    try:
        with handle:
            for line in _lines(handle, path):
                if line is not None:
                    lines.append(line)
    except _Cut as cut_line:
        cut = cut_line.number
    except OSError as error:
        raise InputError(f"record: cannot read {shorten(repr(path))} ({error.strerror}).",
                         f"record: no se puede leer {shorten(repr(path))} ({error.strerror}).") from None
    if not lines:
        raise InputError(f"record: {shorten(repr(path))} holds no lines.",
                         f"record: {shorten(repr(path))} no contiene ninguna línea.")
    return RecordFile(lines, cut)


def _lines(handle: BinaryIO, path: str) -> Iterator[Line | None]:
    total = 0
    seen = 0          # lines read so far, blank ones included
    read = 0          # record lines kept
    real_table = False   # a real table's record (its header says so): its own lines
    while True:
        data = handle.readline(MAX_LINE_BYTES + 1)
        if not data:
            return
        seen += 1
        total += len(data)
        if len(data) > MAX_LINE_BYTES:
            raise InputError(f"record line {seen}: longer than {MAX_LINE_BYTES} bytes; is {shorten(repr(path))} "
                             "a bola8 record?",
                             f"record line {seen}: más larga que {MAX_LINE_BYTES} bytes; ¿es {shorten(repr(path))} "
                             "un registro de bola8?")
        if total > MAX_RECORD_BYTES or seen > MAX_LINES:
            raise InputError(f"record: {shorten(repr(path))} is longer than a record can be "
                             f"({MAX_RECORD_BYTES} bytes, {MAX_LINES} lines).",
                             f"record: {shorten(repr(path))} es más largo de lo que puede ser un registro "
                             f"({MAX_RECORD_BYTES} bytes, {MAX_LINES} líneas).")
        last = not data.endswith((b"\n", b"\r"))
        try:
            line = parse_line(data, seen, path, first=read == 0, real_table=real_table)
        except InputError:
            if last and read > 0 and not _complete_json(data):
                raise _Cut(seen) from None     # cut while it was written: the match was interrupted there
            raise
        if line is not None:
            real_table = real_table or (read == 0 and line.get("format") == REAL_TABLE_FORMAT)
            read += 1
        yield line


def parse_line(data: bytes, number: int, path: str = "", *, first: bool, real_table: bool = False) -> Line | None:
    """One line of a record (None for a blank one): a checked JSON object; ``first`` when it must be the header,
    ``real_table`` when the header said the record is a real table's (``bola8-real-table``)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        shown = shorten(repr(path))
        raise InputError(f"record line {number}: not UTF-8 text (byte 0x{data[error.start]:02x} "
                         f"at column {error.start + 1}); is {shown} a bola8 record?",
                         f"record line {number}: no es texto UTF-8 (byte 0x{data[error.start]:02x} "
                         f"en la columna {error.start + 1}); ¿es {shown} un registro de bola8?") from None
    if not text.strip():
        return None
    line = strict_json(text, f"record line {number}")
    kinds = ", ".join(sorted(KNOWN_TYPES))
    if not isinstance(line, dict) or not isinstance(line.get("type"), str) or line["type"] not in KNOWN_TYPES:
        raise InputError(f"record line {number}: type must be one of {kinds}.",
                         f"record line {number}: type debe ser uno de {kinds}.")
    kind = line["type"]
    if first and kind != "match":
        raise InputError(f"record line {number}: a record begins with its match header (type \"match\"), "
                         f"not a {kind} line.",
                         f"record line {number}: un registro empieza por su cabecera de encuentro "
                         f"(type \"match\"), no por una línea {kind}.")
    if not first and kind == "match":
        raise InputError(f"record line {number}: a second match header; a record holds one match.",
                         f"record line {number}: una segunda cabecera de encuentro; un registro contiene un "
                         "solo encuentro.")
    long = _long_text(line, "")
    if long is not None:
        field, size = long
        raise InputError(f"record line {number}: {field}: a text of {size} characters; no field of a record "
                         f"is longer than {MAX_TEXT}.",
                         f"record line {number}: {field}: un texto de {size} caracteres; ningún campo de un "
                         f"registro es más largo que {MAX_TEXT}.")
    if real_table or (first and line.get("format") == REAL_TABLE_FORMAT):
        real_table_record.check_line(line, number)
    else:
        check_fields(line, number)
    line["_line"] = number
    return line


def _long_text(value: object, path: str) -> tuple[str, int] | None:
    """The first text longer than MAX_TEXT (a key or a value), with its field; a shot's ``note`` and the
    sentences of its reasons (the referee writes them again from their codes) are not read."""
    if isinstance(value, str):
        return (path, len(value)) if len(value) > MAX_TEXT else None
    items: list[tuple[str, object]] = []
    if isinstance(value, dict):
        for key, item in value.items():
            if len(key) > MAX_TEXT:
                return (f"{path}.{shorten(key, 20)}" if path else shorten(key, 20)), len(key)
            unread = (key == "note" and not path) or (key in ("es", "en") and path.startswith("ruling.reasons["))
            if not unread:
                items.append((f"{path}.{key}" if path else key, item))
    elif isinstance(value, list):
        items = [(f"{path}[{index}]", item) for index, item in enumerate(value)]
    for where, item in items:
        found = _long_text(item, where)
        if found is not None:
            return found
    return None


# ------------------------------------------------------------------ strict JSON
class _Unreadable:
    """A JSON number the record may not hold, kept in place until its field is known (then refused)."""

    def __init__(self, en: str, es: str):
        self.en, self.es = en, es


def _integer(digits: str) -> int | _Unreadable:
    try:
        return int(digits)
    except ValueError:     # more digits than int() converts (sys.get_int_max_str_digits)
        count = len(digits.lstrip("-"))
        return _Unreadable(f"an integer of {count} digits is too long to be read",
                           f"un entero de {count} cifras es demasiado largo para poder leerlo")


def _float(text: str) -> float | _Unreadable:
    value = float(text)
    if math.isfinite(value):
        return value
    return _Unreadable(f"the number {shorten(text, 24)} is too large; expected a finite number",
                       f"el número {shorten(text, 24)} es demasiado grande; se esperaba un número finito")


def _constant(name: str) -> _Unreadable:
    return _Unreadable(f"{name} is not a JSON number; expected a finite number",
                       f"{name} no es un número JSON; se esperaba un número finito")


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            shown = json.dumps(shorten(key), ensure_ascii=False)
            raise InputError(f"the key {shown} appears twice in one object",
                             f"la clave {shown} aparece dos veces en un mismo objeto")
        result[key] = value
    return result


def strict_json(text: str, where: str) -> object:
    """The JSON value of one line, read strictly; every refusal is an InputError naming ``where`` and the field."""
    if _too_deep(text):
        raise InputError(f"{where}: nested more than {MAX_DEPTH} levels deep; a record line is not.",
                         f"{where}: anidada a más de {MAX_DEPTH} niveles; una línea de registro no lo está.")
    try:
        value = json.loads(text, parse_int=_integer, parse_float=_float, parse_constant=_constant,
                           object_pairs_hook=_pairs)
    except json.JSONDecodeError as error:
        raise InputError(f"{where}: not valid JSON ({error.msg}, column {error.colno}).",
                         f"{where}: no es JSON válido ({error.msg}, columna {error.colno}).") from None
    except InputError as error:        # a repeated key
        raise InputError(f"{where}: {error.en}.", f"{where}: {error.es}.") from None
    except RecursionError:             # cannot happen below MAX_DEPTH; kept so that it never is a traceback
        raise InputError(f"{where}: nested too deeply to be read.",
                         f"{where}: anidada a demasiada profundidad para poder leerla.") from None
    found = _find_unreadable(value, "")
    if found is not None:
        field, bad = found
        named = f"{where}: {field}: " if field else f"{where}: "
        raise InputError(f"{named}{bad.en}.", f"{named}{bad.es}.")
    return value


def _find_unreadable(value: object, path: str) -> tuple[str, _Unreadable] | None:
    """The first number the record may not hold, with its field (``facts.pocketed[0].t``)."""
    if isinstance(value, _Unreadable):
        return path, value
    if isinstance(value, dict):
        for key, item in value.items():
            found = _find_unreadable(item, f"{path}.{shorten(key, 40)}" if path else shorten(key, 40))
            if found is not None:
                return found
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found = _find_unreadable(item, f"{path}[{index}]")
            if found is not None:
                return found
    return None


_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)


def _too_deep(text: str) -> bool:
    """More than MAX_DEPTH brackets open at once (strings skipped): counted before parsing, in one pass."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return False
    depth = 0
    for char in _STRING.sub(b"", text.encode("utf-8")):
        if char in b"[{":
            depth += 1
            if depth > MAX_DEPTH:
                return True
        elif char in b"]}":
            depth -= 1
    return False


def _complete_json(data: bytes) -> bool:
    """Whether ``data`` is a whole JSON value (a line that is not was cut while written)."""
    try:
        json.loads(data)
    except (ValueError, RecursionError):
        return False
    return True
