"""Input and output shared by the commands: JSON in, JSON out, errors as data.

Bad input never produces a traceback: :func:`guarded` turns an
:class:`~bola8.errors.InputError` into ``{"error": "..."}`` on standard output
and exit status 2.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

from bola8.errors import InputError

LANGS = ("es", "en")


def add_lang_argument(parser) -> None:
    parser.add_argument(
        "--lang", choices=LANGS, default="es",
        help="language of the sentences shown to people (default: es)",
    )


def read_json_stdin() -> Any:
    """The one JSON value on standard input, or an InputError."""
    text = sys.stdin.read()
    if not text.strip():
        raise InputError("standard input is empty: expected one JSON object.")
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise InputError(
            f"standard input is not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})."
        ) from None


def write_json(value: Any) -> None:
    sys.stdout.write(json.dumps(value, ensure_ascii=False) + "\n")


def error_exit(message: str) -> int:
    write_json({"error": message})
    return 2


def guarded(body: Callable[[], int]) -> int:
    """Run a command body; input errors become one JSON error and exit 2."""
    try:
        return body()
    except InputError as error:
        return error_exit(str(error))
