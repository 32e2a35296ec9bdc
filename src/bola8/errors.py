"""The one exception for input refused at the edge.

Every input from outside (JSON, files, the command line) that is not valid is
refused with an :class:`InputError` whose message is one sentence naming the
offending field, written in English and in Spanish. The command line turns it
into ``{"error": "..."}`` in its ``--lang`` (Spanish by default) and exit
status 2. Standard library only: the rules package uses it too.
"""

from __future__ import annotations

import json
import re

_PLAIN_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


def member(where: str, key: str) -> str:
    """How a sentence names the field ``key`` of the object at ``where``.

    A plain name follows a dot; any other key (empty, with spaces or
    punctuation) is quoted as JSON, so the reader sees exactly which key it was.

    >>> member("shot", "call"), member("", "strike"), member("input", ""), member("state", "on table")
    ('shot.call', 'strike', 'input[""]', 'state["on table"]')
    >>> member("", "")
    '""'

    """
    if _PLAIN_NAME.match(key):
        return f"{where}.{key}" if where else key
    quoted = json.dumps(key, ensure_ascii=False)
    return f"{where}[{quoted}]" if where else quoted


class InputError(ValueError):
    """Input that the contract does not allow; the sentence names the field first.

    ``InputError(en, es)`` carries the sentence in both languages, with the
    field named exactly as the input spells it (``state.on_table[2]``,
    ``--race``). ``str(error)`` (and so a traceback) is the English sentence,
    for Python users; :meth:`text` gives either language - the commands print
    ``error.text(lang)``, Spanish by default.
    """

    def __init__(self, en: str, es: str | None = None):
        super().__init__(en, en if es is None else es)

    @property
    def en(self) -> str:
        """The sentence in English."""
        return str(self.args[0])

    @property
    def es(self) -> str:
        """The sentence in Spanish."""
        return str(self.args[1])

    def text(self, lang: str = "es") -> str:
        """The sentence in ``lang``: "es" (the default) or "en"."""
        return self.es if lang == "es" else self.en

    def __str__(self) -> str:
        return self.en


class OutOfTurn(InputError):
    """Input that is valid but cannot be taken now (HTTP 409, where a bad value is 422).

    A seat's action when it is the other seat's turn, a result for a
    tournament's match that is not being played, an undo that a later match
    depends on: the same request could be accepted at another moment, so the
    server answers 409 Conflict. Every other InputError is a value the contract
    does not allow (422).
    """


# ------------------------------------------------------------------ what is shown
LONG_WORD = 120          # characters of one run without spaces before it is shortened
LONG_MESSAGE = 2000      # characters of a whole message
_SURROGATE_OR_CONTROL = re.compile("[\ud800-\udfff\x00-\x08\x0b-\x1f\x7f-\x9f\n\t]")
_LONG = re.compile(r"\S{%d,}" % (LONG_WORD + 1))


def printable(text: str, lang: str) -> str:
    """``text`` safe to show: lone surrogates and control characters escaped, huge values shortened.

    A lone surrogate (valid in JSON, ``"\\ud800"``; or an undecodable byte of a
    file name) cannot be written as UTF-8, so it is shown as its escape
    ``\\ud800``; so are line breaks and other control characters, so that a
    message stays one line. A run of more than ``LONG_WORD`` characters
    without a space, and a message longer than ``LONG_MESSAGE``, keep their
    beginning and end and say how much was left out.
    """
    text = _SURROGATE_OR_CONTROL.sub(lambda m: _escape(m.group()), text)

    def cut(run: str, keep_head: int, keep_tail: int) -> str:
        left_out = len(run) - keep_head - keep_tail
        note = f"[{left_out} caracteres omitidos]" if lang == "es" else f"[{left_out} characters left out]"
        return run[:keep_head] + "…" + note + "…" + run[len(run) - keep_tail:]

    text = _LONG.sub(lambda m: cut(m.group(), 60, 20), text)
    if len(text) > LONG_MESSAGE:
        text = cut(text, LONG_MESSAGE - 300, 200)
    return text


def _escape(char: str) -> str:
    code = ord(char)
    if char == "\n":
        return "\\n"
    if char == "\t":
        return "\\t"
    return f"\\u{code:04x}" if code > 0xFF else f"\\x{code:02x}"
