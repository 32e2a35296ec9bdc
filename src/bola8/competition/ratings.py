"""Ratings of profiles: a match's result between two rated profiles moves both (OpenSkill).

**The system** is OpenSkill's Plackett-Luce model (the ``openskill``
package, Weng and Lin's Bayesian approximation, JMLR 12, 2011: a rating is a
normal belief about a player's skill, its mean and its deviation, and each
result moves both players' beliefs). Glicko-2, the other system named for
bola8, is not used because its PyPI package's wheel installs a top-level
``tests`` package, which shadows the project's own.

**The scale.** The model is the library's defaults - mu 25, sigma 25/3,
beta 25/6, tau 25/300 - multiplied by 60, so that a new profile reads
``{"rating": 1500.0, "deviation": 500.0}`` (the server's profiles use the
same scale, :mod:`bola8.server.profiles`): rating = 60 mu, deviation =
60 sigma. Every update of the model is proportional to a common scale of mu,
sigma, beta and tau, so the figures are exactly the library's defaults
multiplied (the tests check it against the library's published example). A
match won raises the winner's rating and lowers the loser's, by more the less
expected it was, and narrows both deviations, which tau widens a little at
every match so that a rating can still move after many.

**A forfeit counts as a loss**: the caller rates a forfeited match as won
by the opponent (the player who forfeited is the loser), as any other.
A draw does not exist in a race.

>>> winner, loser = rate(INITIAL, INITIAL)
>>> round(winner.rating, 1), round(winner.deviation, 1), round(loser.rating, 1)
(1658.1, 484.0, 1341.9)
>>> Rating.from_dict({"rating": 1500, "deviation": -1})
Traceback (most recent call last):
...
bola8.errors.InputError: rating.deviation: -1 is not a deviation; expected a finite number above 0.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from bola8.errors import InputError
from bola8.rules import _fields as f

SCALE = 60.0                           # rating points per unit of the library's mu: its default 25 is 1500
MODEL = PlackettLuce(mu=SCALE * 25.0, sigma=SCALE * 25.0 / 3.0, beta=SCALE * 25.0 / 6.0, tau=SCALE * 25.0 / 300.0)
SYSTEM = "OpenSkill Plackett-Luce (openskill 6), the library's defaults times 60"


@dataclass(frozen=True)
class Rating:
    """A profile's rating: the mean of the belief about his skill and its deviation, on the 1500 scale."""

    rating: float
    deviation: float

    @classmethod
    def from_dict(cls, data: Any, where: str = "rating") -> Rating:
        """``{"rating", "deviation"}`` as :meth:`to_dict` writes it, each a finite number, the deviation
        above 0."""
        data = f.require_object(data, where)
        f.refuse_unknown(data, ("rating", "deviation"), where)
        rating = f.require_present(data, "rating", where)
        deviation = f.require_present(data, "deviation", where)
        if not _finite(rating):
            raise InputError(f"{where}.rating: {f.spell(rating)} is not a rating; expected a finite number.",
                             f"{where}.rating: {f.spell(rating, 'es')} no es un rating; se esperaba un número finito.")
        if not _finite(deviation) or deviation <= 0:
            raise InputError(f"{where}.deviation: {f.spell(deviation)} is not a deviation; expected a finite "
                             "number above 0.",
                             f"{where}.deviation: {f.spell(deviation, 'es')} no es una desviación; se esperaba un "
                             "número finito mayor que 0.")
        return cls(float(rating), float(deviation))

    def to_dict(self) -> dict[str, float]:
        """``{"rating", "deviation"}``, the contract's rating of a PROFILE."""
        return {"rating": self.rating, "deviation": self.deviation}


INITIAL = Rating(SCALE * 25.0, SCALE * 25.0 / 3.0)      # 1500, 500


def rate(winner: Rating, loser: Rating) -> tuple[Rating, Rating]:
    """Both ratings after ``winner`` beat ``loser`` (a forfeit too: the player who forfeited lost)."""
    [[won], [lost]] = MODEL.rate([[MODEL.create_rating([winner.rating, winner.deviation])],
                                  [MODEL.create_rating([loser.rating, loser.deviation])]])
    return Rating(float(won.mu), float(won.sigma)), Rating(float(lost.mu), float(lost.sigma))


def from_library(mu: float, sigma: float) -> Rating:
    """A rating of the library's default scale (mu 25, sigma 25/3) shown on the 1500 scale."""
    return Rating(SCALE * mu, SCALE * sigma)


def _finite(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, (int, float)) and math.isfinite(value)
