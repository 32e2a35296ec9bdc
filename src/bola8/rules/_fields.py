"""Reading JSON fields at the edge: every refusal is one sentence naming the field.

Each refusal is written in English and in Spanish (``InputError(en, es)``).
Values are quoted in JSON's spelling (true, false, null, "text"), never Python's.
"""

from __future__ import annotations

import json
from typing import Any

from bola8.errors import InputError, member
from bola8.rules.balls import POCKETS


def require_object(value: Any, where: str) -> dict[str, Any]:
    """``value`` if it is a JSON object, else an InputError naming ``where``."""
    if not isinstance(value, dict):
        raise InputError(f"{where}: expected a JSON object, got {_kind(value)}.",
                         f"{where}: se esperaba un objeto JSON y llegó {_kind(value, 'es')}.")
    return value


def refuse_unknown(data: dict[str, Any], allowed: tuple[str, ...], where: str) -> None:
    """Refuse the first key of ``data`` that is not one of ``allowed``, naming it."""
    for key in data:
        if key not in allowed:
            raise InputError(f"{member(where, key)}: unknown field; expected only {', '.join(allowed)}.",
                             f"{member(where, key)}: campo desconocido; solo se esperaba {', '.join(allowed)}.")


def require_present(data: dict[str, Any], key: str, where: str) -> Any:
    """``data[key]``, or an InputError saying the field ``where.key`` is missing."""
    if key not in data:
        raise InputError(f"{where}.{key}: required field is missing.",
                         f"{where}.{key}: falta este campo obligatorio.")
    return data[key]


def integer(value: Any, where: str, low: int, high: int | None = None) -> int:
    """``value`` if it is an integer (never a bool) in ``low``..``high``, else an InputError naming ``where``.
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(f"{where}: expected an integer, got {_kind(value)}.",
                         f"{where}: se esperaba un entero y llegó {_kind(value, 'es')}.")
    if value < low or (high is not None and value > high):
        bound = f"{low}-{high}" if high is not None else f"at least {low}"
        bound_es = f"{low}-{high}" if high is not None else f"al menos {low}"
        raise InputError(f"{where}: {value} is out of range; expected {bound}.",
                         f"{where}: {value} está fuera de rango; se esperaba {bound_es}.")
    return value


def optional_integer(value: Any, where: str, low: int, high: int | None = None) -> int | None:
    """None, or an integer checked as :func:`integer` does."""
    return None if value is None else integer(value, where, low, high)


def boolean(value: Any, where: str) -> bool:
    """``value`` if it is true or false, else an InputError naming ``where``."""
    if not isinstance(value, bool):
        raise InputError(f"{where}: expected true or false, got {_kind(value)}.",
                         f"{where}: se esperaba true o false y llegó {_kind(value, 'es')}.")
    return value


def choice(value: Any, where: str, options: tuple[str, ...]) -> str:
    """``value`` if it is one of ``options`` (a closed set of names), else an InputError listing them."""
    if not isinstance(value, str):
        raise InputError(f"{where}: expected a string, got {_kind(value)}.",
                         f"{where}: se esperaba una cadena y llegó {_kind(value, 'es')}.")
    if value not in options:
        raise InputError(f"{where}: {spell(value)} is not allowed; expected one of {', '.join(options)}.",
                         f"{where}: {spell(value, 'es')} no está permitido; se esperaba uno de {', '.join(options)}.")
    return value


def pocket(value: Any, where: str) -> str:
    """``value`` if it names one of the six pockets (``balls.POCKETS``), else an InputError."""
    if not isinstance(value, str) or value not in POCKETS:
        raise InputError(f"{where}: {spell(value)} is not a pocket; expected one of {', '.join(POCKETS)}.",
                         f"{where}: {spell(value, 'es')} no es una tronera; se esperaba una de {', '.join(POCKETS)}.")
    return value


def array(value: Any, where: str) -> list[Any]:
    """``value`` as a list if it is a JSON array, else an InputError naming ``where``."""
    if not isinstance(value, (list, tuple)):
        raise InputError(f"{where}: expected a JSON array, got {_kind(value)}.",
                         f"{where}: se esperaba un array JSON y llegó {_kind(value, 'es')}.")
    return list(value)


def spell(value: Any, lang: str = "en") -> str:
    """A value as JSON writes it: null, true, 3, "side-left"; an array or an object by its kind."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return json.dumps(value, ensure_ascii=False)
    return _kind(value, lang)


# What a value is, in each language: "the number 3" / "el número 3".
_KINDS = {
    "en": {"number": "the number {}", "string": "the string {}", "array": "an array", "object": "an object"},
    "es": {"number": "el número {}", "string": "la cadena {}", "array": "un array", "object": "un objeto"},
}


def _kind(value: Any, lang: str = "en") -> str:
    words = _KINDS["es" if lang == "es" else "en"]
    if value is None or isinstance(value, bool):
        return spell(value)
    if isinstance(value, (int, float)):
        return words["number"].format(spell(value))
    if isinstance(value, str):
        return words["string"].format(spell(value))
    if isinstance(value, (list, tuple)):
        return words["array"]
    if isinstance(value, dict):
        return words["object"]
    return type(value).__name__
