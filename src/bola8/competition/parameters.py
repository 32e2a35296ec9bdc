"""What a tournament is made from: its name, format, race, entries, seeding and way of play.

:meth:`Parameters.from_dict` reads them from JSON and refuses anything the
contract does not allow with one sentence naming the field (English and
Spanish); :meth:`Parameters.to_dict` writes them back, so that whoever stores
a tournament keeps this dict and its events and rebuilds the same tournament.

>>> p = Parameters.from_dict({"name": "Open", "format": "single_elimination", "race": 3,
...                           "players": ["Ana", {"name": "Luis", "profile": "p_1"}],
...                           "seeding": "random", "seed": 7})
>>> p.players[1], p.play, p.race_for(1)
(Entry(name='Luis', profile='p_1'), 'real', 3)
>>> Parameters.from_dict({"name": "Open", "format": "round_robin", "race": 3, "players": [], "seeding": "given",
...                       "race_later": {"race": 5, "rounds": 1}})
Traceback (most recent call last):
...
bola8.errors.InputError: race_later: a round robin has no later rounds; leave race_later out.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, replace
from typing import Any

from bola8.errors import InputError
from bola8.game.names import player_name
from bola8.rules import _fields as f
from bola8.rules.rulesets import RULESETS

# The closed sets of a tournament, each named once.
FORMATS = ("single_elimination", "double_elimination", "round_robin")
SEEDINGS = ("random", "given", "rating")
PLAYS = ("real", "online")
ELIMINATION = ("single_elimination", "double_elimination")

MAX_RACE = 99                    # as a real table's match (bola8.game.real_table)
MAX_NAME = 80                    # characters of a tournament's name
MAX_ID = 100                     # characters of an opaque id given by the server (a profile, a table, a game)
# A round robin of n players is n(n-1)/2 matches; 32 already make 496 and 31 rounds. An elimination
# bracket of 128 is 7 rounds (double elimination: 254 or 255 matches).
MAX_PLAYERS = {"single_elimination": 128, "double_elimination": 128, "round_robin": 32}

_FIELDS = ("name", "format", "race", "race_later", "players", "seeding", "seed", "play", "ruleset")


@dataclass(frozen=True)
class Entry:
    """One player entered: a name, and the id of the profile it plays as (None for a name alone)."""

    name: str
    profile: str | None = None

    @classmethod
    def from_json(cls, value: Any, where: str) -> Entry:
        """A name (a string) or ``{"name", "profile"}``, the profile optional (null or an id)."""
        if isinstance(value, str):
            return cls(player_name(value, where))
        data = f.require_object(value, where)
        f.refuse_unknown(data, ("name", "profile"), where)
        name = player_name(f.require_present(data, "name", where), f"{where}.name")
        profile = data.get("profile")
        return cls(name, None if profile is None else opaque_id(profile, f"{where}.profile"))

    def to_dict(self) -> dict[str, Any]:
        """``{"name", "profile"}`` (the profile null for a name alone)."""
        return {"name": self.name, "profile": self.profile}


@dataclass(frozen=True)
class LaterRace:
    """A longer race for the last ``rounds`` rounds of an elimination bracket.

    Counted from the end: 1 is the final (in double elimination the grand
    final, both its matches), 2 adds the semi-finals (in double elimination
    the winners' final and the losers' rounds played alongside it), and so on;
    a losers' round is as late as the winners' round it is played alongside.
    A bracket with fewer rounds plays all of them to the longer race.
    """

    race: int
    rounds: int

    def to_dict(self) -> dict[str, int]:
        """``{"race", "rounds"}``."""
        return {"race": self.race, "rounds": self.rounds}


@dataclass(frozen=True)
class Parameters:
    """A tournament's parameters, checked (see the module)."""

    name: str
    format: str
    race: int
    players: tuple[Entry, ...] = ()
    seeding: str = "random"
    seed: int | None = None
    play: str = "real"
    ruleset: str = "spanish"
    race_later: LaterRace | None = None

    @classmethod
    def from_dict(cls, data: Any, where: str = "") -> Parameters:
        """The parameters of a JSON object (see the module's example); every refusal names its field.

        ``players`` may be empty (entries come later by ``enter`` events); a
        random draw needs ``seed`` (a whole number), so that it can be drawn again.
        """
        data = f.require_object(data, where or "tournament")
        f.refuse_unknown(data, _FIELDS, where or "tournament")

        def at(key: str) -> str:
            return f"{where}.{key}" if where else key

        def need(key: str) -> Any:
            if key not in data:
                raise InputError(f"{at(key)}: required field is missing.", f"{at(key)}: falta este campo obligatorio.")
            return data[key]

        name = tournament_name(need("name"), at("name"))
        form = f.choice(need("format"), at("format"), FORMATS)
        race = f.integer(need("race"), at("race"), 1, MAX_RACE)
        seeding = f.choice(data.get("seeding", "random"), at("seeding"), SEEDINGS)
        seed = data.get("seed")
        if seed is not None:
            seed = f.integer(seed, at("seed"), 0, 2**63 - 1)
        elif seeding == "random":
            raise InputError(f"{at('seed')}: a random draw needs a seed (a whole number), so that it can be drawn "
                             "again.",
                             f"{at('seed')}: un sorteo al azar necesita una semilla (un número entero), para poder "
                             "repetirlo.")
        play = f.choice(data.get("play", "real"), at("play"), PLAYS)
        ruleset = f.choice(data.get("ruleset", "spanish"), at("ruleset"), tuple(RULESETS))
        later = None
        if data.get("race_later") is not None:
            later = _later_race(data["race_later"], at("race_later"), form, race)
        raw = f.array(need("players"), at("players"))
        params = cls(name, form, race, (), seeding, seed, play, ruleset, later)
        for i, value in enumerate(raw):
            params = params.entered(Entry.from_json(value, f"{at('players')}[{i}]"), f"{at('players')}[{i}]")
        return params

    def to_dict(self) -> dict[str, Any]:
        """The parameters as :meth:`from_dict` reads them."""
        data: dict[str, Any] = {"name": self.name, "format": self.format, "race": self.race,
                                "players": [p.to_dict() for p in self.players], "seeding": self.seeding,
                                "seed": self.seed, "play": self.play, "ruleset": self.ruleset}
        if self.race_later is not None:
            data["race_later"] = self.race_later.to_dict()
        return data

    # ------------------------------------------------------------ entries
    def entered(self, entry: Entry, where: str) -> Parameters:
        """These parameters with one more player; refused (naming ``where``) when the name or the profile is
        entered already, when the field is full, or when an online tournament's player has no profile."""
        if len(self.players) >= MAX_PLAYERS[self.format]:
            raise InputError(f"{where}: a {self.format} tournament takes at most {MAX_PLAYERS[self.format]} players.",
                             f"{where}: un torneo {self.format} admite como mucho {MAX_PLAYERS[self.format]} "
                             "jugadores.")
        for other in self.players:
            if other.name == entry.name:
                raise InputError(f"{where}: {entry.name!r} is entered already; each player needs a name of his own.",
                                 f"{where}: {entry.name!r} ya está inscrito; cada jugador necesita un nombre propio.")
            if entry.profile is not None and other.profile == entry.profile:
                raise InputError(f"{where}: the profile {entry.profile!r} is entered already (as {other.name!r}).",
                                 f"{where}: el perfil {entry.profile!r} ya está inscrito (como {other.name!r}).")
        if self.play == "online" and entry.profile is None:
            raise InputError(f"{where}: an online tournament's player needs a profile (each match is a game between "
                             "two profiles).",
                             f"{where}: un jugador de un torneo en línea necesita un perfil (cada encuentro es una "
                             "partida entre dos perfiles).")
        return replace(self, players=(*self.players, entry))

    def withdrawn(self, index: int) -> Parameters:
        """These parameters without player ``index`` (the later players move up one place)."""
        return replace(self, players=self.players[:index] + self.players[index + 1:])

    # ------------------------------------------------------------ races
    def race_for(self, rounds_from_end: int) -> int:
        """The race of a match ``rounds_from_end`` rounds from the end of its bracket (1 for the final)."""
        if self.race_later is not None and rounds_from_end <= self.race_later.rounds:
            return self.race_later.race
        return self.race


def _later_race(value: Any, where: str, form: str, race: int) -> LaterRace:
    if form == "round_robin":
        raise InputError(f"{where}: a round robin has no later rounds; leave race_later out.",
                         f"{where}: un todos contra todos no tiene rondas finales; quite race_later.")
    data = f.require_object(value, where)
    f.refuse_unknown(data, ("race", "rounds"), where)
    longer = f.integer(f.require_present(data, "race", where), f"{where}.race", 1, MAX_RACE)
    if longer <= race:
        raise InputError(f"{where}.race: {longer} is not longer than the race, {race}.",
                         f"{where}.race: {longer} no es más larga que la carrera, {race}.")
    rounds = f.integer(f.require_present(data, "rounds", where), f"{where}.rounds", 1, 8)
    return LaterRace(longer, rounds)


def tournament_name(value: Any, where: str) -> str:
    """A tournament's name: 1 to :data:`MAX_NAME` characters, not all spaces, no control characters."""
    if (isinstance(value, str) and 1 <= len(value) <= MAX_NAME and value.strip()
            and not any(unicodedata.category(c) in ("Cc", "Zl", "Zp") for c in value)):
        return value
    raise InputError(f"{where}: {f.spell(value)} is not a tournament's name; expected 1 to {MAX_NAME} characters "
                     "without control characters.",
                     f"{where}: {f.spell(value, 'es')} no es un nombre de torneo; se esperaban de 1 a {MAX_NAME} "
                     "caracteres sin caracteres de control.")


def opaque_id(value: Any, where: str) -> str:
    """An id the server gives (a profile, a table, a game), kept as it is: 1 to :data:`MAX_ID` printable
    characters without spaces."""
    if (isinstance(value, str) and 1 <= len(value) <= MAX_ID
            and all(c.isprintable() and not c.isspace() for c in value)):
        return value
    raise InputError(f"{where}: {f.spell(value)} is not an id; expected 1 to {MAX_ID} printable characters without "
                     "spaces.",
                     f"{where}: {f.spell(value, 'es')} no es un identificador; se esperaban de 1 a {MAX_ID} "
                     "caracteres imprimibles sin espacios.")

