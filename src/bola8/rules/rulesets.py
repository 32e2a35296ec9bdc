"""Rulesets as settings of one referee (RULINGS.md, "Ruleset settings").

The seed has two rulesets: ``spanish`` (official play) and
``spanish-coin-op`` (non-official play on a coin-operated table, where a
pocketed ball cannot be taken out again). Every difference between them, and
every decision marked ⚙ in RULINGS.md, is a field of :class:`Ruleset`; the
referee reads these fields and is never copied.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from types import MappingProxyType

from bola8.errors import InputError
from bola8.rules._fields import spell


@dataclass(frozen=True)
class Ruleset:
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
    eight_on_break: str = "choice"
    # ⚙ Art. 21.1: "auto" ends the game as a stalemate after
    # ``stalemate_turns`` consecutive turns without a called shot; "off" never.
    stalemate: str = "auto"
    stalemate_turns: int = 6
    # ⚙ Art. 24: the shot clock of a warned slow player, in seconds.
    shot_clock_s: float = 60.0

    def __post_init__(self) -> None:
        if self.eight_on_break not in ("choice", "rerack"):
            raise ValueError(f"eight_on_break: {spell(self.eight_on_break)}; expected \"choice\" or \"rerack\"")
        if self.stalemate not in ("auto", "off"):
            raise ValueError(f"stalemate: {spell(self.stalemate)}; expected \"auto\" or \"off\"")
        if self.stalemate_turns < 1:
            raise ValueError("stalemate_turns must be at least 1")

    def with_settings(self, **settings: object) -> Ruleset:
        """A variant of this ruleset, e.g. ``SPANISH.with_settings(stalemate="off")``."""
        return replace(self, **settings)


SPANISH = Ruleset(name="spanish")
SPANISH_COIN_OP = Ruleset(name="spanish-coin-op", respot_pocketed=False, eight_on_break="rerack")

RULESETS: MappingProxyType[str, Ruleset] = MappingProxyType(
    {SPANISH.name: SPANISH, SPANISH_COIN_OP.name: SPANISH_COIN_OP})


def get_ruleset(name: str) -> Ruleset:
    """The ruleset called ``name``; InputError naming the field otherwise."""
    try:
        return RULESETS[name]
    except (KeyError, TypeError):
        raise InputError(
            f"ruleset: {spell(name)} is not a ruleset; expected one of {', '.join(RULESETS)}.",
            f"ruleset: {spell(name, 'es')} no es un reglamento; se esperaba uno de {', '.join(RULESETS)}.") from None
