"""Rulesets as settings of one referee (RULINGS.md, "Ruleset settings").

The seed has two rulesets: ``spanish`` (official play) and
``spanish-coin-op`` (non-official play on a coin-operated table, where a
pocketed ball cannot be taken out again). Every difference between them, and
every decision marked ⚙ in RULINGS.md, is a field of :class:`Ruleset`; the
referee reads these fields and is never copied.

A :class:`Ruleset` is a value (python-chess's variants are the model): a
variant such as ``get_ruleset("spanish").with_settings(stalemate="off")``
keeps its base's ``name`` and travels whole through ``Game``, the match
settings, the record header (:meth:`Ruleset.to_dict`, read back by
:meth:`Ruleset.from_dict`) and replay.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from types import MappingProxyType
from typing import Literal

from bola8.errors import InputError, member
from bola8.rules._fields import spell

EightOnBreak = Literal["choice", "rerack"]
Stalemate = Literal["auto", "off"]
EIGHT_ON_BREAK: tuple[EightOnBreak, ...] = ("choice", "rerack")
STALEMATE: tuple[Stalemate, ...] = ("auto", "off")


@dataclass(frozen=True)
class Ruleset:
    """The settings one game is judged under; build variants with :meth:`with_settings`."""

    name: str
    # Art. 2.3 / 14.2 vs 2.4 / 14.3: pocketed balls that were not legally
    # pocketed go back on the table (official) or stay down (coin-op).
    respot_pocketed: bool = True
    # ⚙ Art. 2.3: on an open table every ball that dropped without a legal
    # pot is re-spotted (nobody owns it yet). False: they stay down.
    open_table_respot: bool = True
    # Art. 6: the 8 on a foul-free break gives the breaker the choice
    # ("choice": respot_eight | rerack); on coin-op it cannot be retrieved
    # ("rerack": always a new rack).
    eight_on_break: EightOnBreak = "choice"
    # ⚙ Art. 21.1: "auto" ends the game as a stalemate after
    # ``stalemate_turns`` consecutive turns without a called shot; "off" never.
    stalemate: Stalemate = "auto"
    stalemate_turns: int = 6
    # ⚙ Art. 24: the shot clock of a warned slow player, in seconds.
    shot_clock_s: float = 60.0

    def __post_init__(self) -> None:
        # Every setting is checked, whoever built the value: a variant from the command line,
        # a record header or a Python caller is refused naming the setting, never fixed.
        for item in fields(self):
            _check_setting(item.name, getattr(self, item.name), f"ruleset.{item.name}")

    def with_settings(self, *, respot_pocketed: bool | None = None, open_table_respot: bool | None = None,
                      eight_on_break: EightOnBreak | None = None, stalemate: Stalemate | None = None,
                      stalemate_turns: int | None = None, shot_clock_s: float | None = None) -> Ruleset:
        """A variant of this ruleset (same name), e.g. ``SPANISH.with_settings(stalemate="off")``."""
        given = {"respot_pocketed": respot_pocketed, "open_table_respot": open_table_respot,
                 "eight_on_break": eight_on_break, "stalemate": stalemate,
                 "stalemate_turns": stalemate_turns, "shot_clock_s": shot_clock_s}
        return replace(self, **{key: value for key, value in given.items() if value is not None})  # type: ignore[arg-type]  # each checked by __post_init__

    def with_text_settings(self, settings: Mapping[str, str], where: str = "--set") -> Ruleset:
        """A variant from settings written as text (``{"stalemate": "off"}``), as a command line gives them.

        Booleans are true/false, numbers are digits; an unknown setting or a
        value of the wrong kind is refused naming ``where`` and the setting.
        """
        changes: dict[str, object] = {}
        for key, text in settings.items():
            if key not in SETTINGS:
                raise InputError(f"{where}: {spell(key)} is not a ruleset setting; expected one of "
                                 f"{', '.join(SETTINGS)}.",
                                 f"{where}: {spell(key, 'es')} no es un ajuste del reglamento; se esperaba uno de "
                                 f"{', '.join(SETTINGS)}.")
            changes[key] = _from_text(key, text, f"{where} {key}")
        return replace(self, **changes)  # type: ignore[arg-type]  # each value checked by __post_init__

    @property
    def settings(self) -> dict[str, object]:
        """Every setting but the name: setting -> value."""
        return {name: getattr(self, name) for name in SETTINGS}

    def to_dict(self) -> dict[str, object]:
        """The ruleset as JSON: its name and every setting (a record header keeps this)."""
        return {"name": self.name, **self.settings}

    @classmethod
    def from_dict(cls, data: object, where: str = "ruleset") -> Ruleset:
        """Read a ruleset: a name (``"spanish"``), or an object with ``name`` and any settings.

        Settings not given keep the named ruleset's values; an unknown field,
        a value of the wrong kind or an unknown name is refused naming the field.
        """
        if isinstance(data, str):
            return get_ruleset(data, where)
        if not isinstance(data, dict):
            raise InputError(f"{where}: expected a ruleset name or an object with name and settings, "
                             f"got {spell(data)}.",
                             f"{where}: se esperaba el nombre de un reglamento o un objeto con name y ajustes, "
                             f"y llegó {spell(data, 'es')}.")
        for key in data:
            if key != "name" and key not in SETTINGS:
                raise InputError(f"{member(where, key)}: unknown field; expected only name, {', '.join(SETTINGS)}.",
                                 f"{member(where, key)}: campo desconocido; solo se esperaba name, "
                                 f"{', '.join(SETTINGS)}.")
        if "name" not in data:
            raise InputError(f"{where}.name: required field is missing.",
                             f"{where}.name: falta este campo obligatorio.")
        base = get_ruleset(data["name"], f"{where}.name")
        for key in SETTINGS:
            if key in data:
                _check_setting(key, data[key], f"{where}.{key}")
        return replace(base, **{key: data[key] for key in SETTINGS if key in data})


SETTINGS: tuple[str, ...] = tuple(item.name for item in fields(Ruleset) if item.name != "name")


def _check_setting(name: str, value: object, where: str) -> None:
    """Refuse a setting of the wrong kind, naming it (``where``) in both languages."""
    if name == "name":
        ok, expected, expected_es = isinstance(value, str) and bool(value), "a name", "un nombre"
    elif name in ("respot_pocketed", "open_table_respot"):
        ok, expected, expected_es = isinstance(value, bool), "true or false", "true o false"
    elif name == "eight_on_break":
        ok, expected, expected_es = value in EIGHT_ON_BREAK, '"choice" or "rerack"', '"choice" o "rerack"'
    elif name == "stalemate":
        ok, expected, expected_es = value in STALEMATE, '"auto" or "off"', '"auto" o "off"'
    elif name == "stalemate_turns":
        ok = isinstance(value, int) and not isinstance(value, bool) and value >= 1
        expected, expected_es = "a whole number of turns >= 1", "un número entero de turnos >= 1"
    else:   # shot_clock_s
        ok = (isinstance(value, (int, float)) and not isinstance(value, bool)
              and math.isfinite(value) and value > 0)
        expected, expected_es = "a number of seconds > 0", "un número de segundos > 0"
    if not ok:
        raise InputError(f"{where}: {spell(value)} is not allowed; expected {expected}.",
                         f"{where}: {spell(value, 'es')} no está permitido; se esperaba {expected_es}.")


def _from_text(name: str, text: str, where: str) -> object:
    """A setting written as text, in the kind its field holds; the field checks the value itself."""
    if name in ("respot_pocketed", "open_table_respot"):
        if text in ("true", "false"):
            return text == "true"
        raise InputError(f"{where}: {spell(text)} is not allowed; expected true or false.",
                         f"{where}: {spell(text, 'es')} no está permitido; se esperaba true o false.")
    if name == "stalemate_turns":
        if text.isdigit():
            value = int(text)
            _check_setting(name, value, where)
            return value
        raise InputError(f"{where}: {spell(text)} is not allowed; expected a whole number of turns >= 1.",
                         f"{where}: {spell(text, 'es')} no está permitido; se esperaba un número entero "
                         "de turnos >= 1.")
    if name == "shot_clock_s":
        try:
            seconds = float(text)
        except ValueError:
            seconds = math.nan
        _check_setting(name, seconds if math.isfinite(seconds) else text, where)
        return seconds
    _check_setting(name, text, where)
    return text


SPANISH = Ruleset(name="spanish")
SPANISH_COIN_OP = Ruleset(name="spanish-coin-op", respot_pocketed=False, eight_on_break="rerack")

RULESETS: MappingProxyType[str, Ruleset] = MappingProxyType(
    {SPANISH.name: SPANISH, SPANISH_COIN_OP.name: SPANISH_COIN_OP})


def get_ruleset(name: str | Ruleset, where: str = "ruleset") -> Ruleset:
    """The ruleset called ``name`` (a :class:`Ruleset` is its own answer); InputError naming the field otherwise."""
    if isinstance(name, Ruleset):
        return name
    found = RULESETS.get(name) if isinstance(name, str) else None
    if found is None:
        raise InputError(
            f"{where}: {spell(name)} is not a ruleset; expected one of {', '.join(RULESETS)}.",
            f"{where}: {spell(name, 'es')} no es un reglamento; se esperaba uno de {', '.join(RULESETS)}.")
    return found
