"""A person's name as bola8 accepts it: what a seat, a real table's player or a profile is called.

One rule, for every place a name comes in (a game's names, a real table's
players, a profile, a tournament's entries): 1 to :data:`MAX_LENGTH`
characters, at least one of them not a space, and no control character -
no line break, no tab, no invisible direction override that would make a
name read as another on a scoreboard. A name is never trimmed or fixed:
it is accepted as given or refused with a sentence naming the field.

>>> player_name("Ana", "names[0]")
'Ana'
>>> player_name("Ana\\nLuis", "names[0]")
Traceback (most recent call last):
...
bola8.errors.InputError: names[0]: 'Ana\\nLuis' is not a name; expected 1 to 40 characters without control characters.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from bola8.errors import InputError

MAX_LENGTH = 40
# the direction overrides and isolates of Unicode's bidirectional algorithm: invisible, they reorder text
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f")


def player_name(value: Any, where: str) -> str:
    """``value`` when it is a name (see the module), else an InputError naming ``where``."""
    if (isinstance(value, str) and 1 <= len(value) <= MAX_LENGTH and value.strip()
            and not any(unicodedata.category(c) in ("Cc", "Zl", "Zp") or c in _BIDI_CONTROLS for c in value)):
        return value
    return _refuse(value, where)


def _refuse(value: Any, where: str) -> str:
    raise InputError(f"{where}: {value!r} is not a name; expected 1 to {MAX_LENGTH} characters without control "
                     "characters.",
                     f"{where}: {value!r} no es un nombre; se esperaban de 1 a {MAX_LENGTH} caracteres sin caracteres "
                     "de control.")
