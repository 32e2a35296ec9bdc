"""The two players of a game, 0 and 1 - the numbers the contract gives them - and the one check.

Every place that takes a player from outside (the referee's JSON, a match's
officials and warnings, a real table's lag, a record) asks :func:`check_player`
or :func:`is_player`, so the set is written once.
"""

from __future__ import annotations

from typing import Any, TypeGuard

from bola8.errors import InputError
from bola8.rules._fields import spell

PLAYERS: tuple[int, int] = (0, 1)


def is_player(value: Any) -> TypeGuard[int]:
    """``value`` is 0 or 1 as an int (``True`` is no player)."""
    return isinstance(value, int) and not isinstance(value, bool) and value in PLAYERS


def check_player(value: Any, where: str) -> int:
    """``value`` if it is a player, or an InputError naming ``where`` in English and Spanish.

    >>> check_player(1, "winner")
    1
    >>> check_player(2, "winner")
    Traceback (most recent call last):
    bola8.errors.InputError: winner: 2 is not a player; expected 0 or 1.
    """
    if not is_player(value):
        raise InputError(f"{where}: {spell(value)} is not a player; expected 0 or 1.",
                         f"{where}: {spell(value, 'es')} no es un jugador; se esperaba 0 o 1.")
    return int(value)
