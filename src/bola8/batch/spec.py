"""What a batch is: which players play how many matches, on which table, under which rules.

A batch is a list of *units*, each one match (a race to ``race``; the default
race of 1 makes each unit a single game). Everything random in a unit - the
racks, the lag, the players' execution noise - comes from the unit's seed,
derived from the batch's seed and the unit's index alone, so the same batch
gives the same rows whatever the number of workers or the backend that plays
it.
"""

from __future__ import annotations

import hashlib
from dataclasses import asdict, dataclass, field
from typing import Any

from bola8.errors import InputError

MAX_UNITS = 10_000_000


def unit_seed(batch_seed: int, index: int) -> int:
    """The seed of unit ``index``: a hash of the batch's seed and the index (never a running counter).

    >>> unit_seed(1, 0) == unit_seed(1, 0), unit_seed(1, 0) == unit_seed(1, 1)
    (True, False)
    """
    digest = hashlib.blake2b(f"bola8-batch:{batch_seed}:{index}".encode(), digest_size=6).digest()
    return int.from_bytes(digest, "big")


@dataclass(frozen=True)
class BatchSpec:
    """A batch: ``matches`` matches between ``players`` (two ``make_player`` names).

    Checked when made, so a bad spec is refused before any work starts:

    >>> BatchSpec(players=("bot", "bot"), matches=0)
    Traceback (most recent call last):
    ...
    bola8.errors.InputError: games: 0 is not a number of games; expected a whole number from 1 to 10000000.
    """

    players: tuple[str, str] = ("bot", "bot")
    matches: int = 1
    race: int = 1
    table: str = "9ft"
    ruleset: str = "spanish"
    noise: float = 1.0
    seed: int = 1
    labels: tuple[str, str] = field(default=("", ""))   # how the rows name the players ("" = the kind)

    def __post_init__(self) -> None:
        from bola8.game.position import table_named
        from bola8.players import make_player
        from bola8.rules import get_ruleset

        players = tuple(self.players)
        if len(players) != 2 or not all(isinstance(p, str) and p for p in players):
            raise InputError(f"players: {self.players!r} must name two players, e.g. bot,bot.",
                             f"players: {self.players!r} debe nombrar a dos jugadores, p. ej. bot,bot.")
        for kind in players:
            make_player(kind)          # an unknown name is refused here, in its own words
        object.__setattr__(self, "players", players)
        _whole(self.matches, "games", ("a number of games", "un número de partidas"), 1, MAX_UNITS)
        _whole(self.race, "race", ("a race", "una carrera"), 1, 99)
        _whole(self.seed, "seed", ("a seed", "una semilla"), 0, 2**63 - 1)
        table_named(self.table)
        get_ruleset(self.ruleset)
        from bola8.players.noise import MAX_LEVEL

        if (not isinstance(self.noise, (int, float)) or isinstance(self.noise, bool)
                or not 0.0 <= float(self.noise) <= MAX_LEVEL):
            raise InputError(f"noise: {self.noise!r} is not a noise level; expected a number from 0 to {MAX_LEVEL:g}.",
                             f"noise: {self.noise!r} no es un nivel de ruido; se esperaba un número de 0 a "
                             f"{MAX_LEVEL:g}.")
        labels = tuple(self.labels)
        if len(labels) != 2 or not all(isinstance(label, str) for label in labels):
            raise InputError("labels: expected two names.", "labels: se esperaban dos nombres.")
        object.__setattr__(self, "labels", labels)

    @property
    def names(self) -> tuple[str, str]:
        """The players as the rows name them: the labels, else the kinds (``bot A``, ``bot B`` when alike)."""
        kinds = self.players
        defaults = (f"{kinds[0]} A", f"{kinds[1]} B") if kinds[0] == kinds[1] else kinds
        return (self.labels[0] or defaults[0], self.labels[1] or defaults[1])

    def to_dict(self) -> dict[str, Any]:
        """The spec as JSON, as the folder's manifest keeps it."""
        data = asdict(self)
        data["players"], data["labels"] = list(self.players), list(self.labels)
        return data

    @classmethod
    def from_dict(cls, data: Any) -> BatchSpec:
        """The spec a folder's manifest holds, refusing unknown fields (and, as when made, bad values)."""
        if not isinstance(data, dict):
            raise InputError("batch: the manifest's spec is not an object.",
                             "batch: la especificación del manifiesto no es un objeto.")
        known = {"players", "matches", "race", "table", "ruleset", "noise", "seed", "labels"}
        if set(data) - known:
            raise InputError(f"batch: unknown fields in the manifest's spec: {sorted(set(data) - known)}.",
                             f"batch: campos desconocidos en la especificación: {sorted(set(data) - known)}.")
        values = dict(data)
        for key in ("players", "labels"):
            if key in values and isinstance(values[key], list):
                values[key] = tuple(values[key])
        return cls(**values)


def _whole(value: object, name: str, what: tuple[str, str], low: int, high: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise InputError(f"{name}: {value!r} is not {what[0]}; expected a whole number from {low} to {high}.",
                         f"{name}: {value!r} no es {what[1]}; se esperaba un entero de {low} a {high}.")
