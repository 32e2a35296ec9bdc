"""A round robin: every pair of players plays the same number of matches; win rates and ratings.

Each pairing is a batch (:mod:`bola8.batch.run`) with its own seed derived
from the tournament's, so a tournament is as reproducible as a batch. The
table gives each player's matches won with a Wilson 95% interval, and a
rating on the Elo scale fitted to all the results at once (Bradley-Terry,
by Hunter's minorisation-maximisation), centred on 1500: a gap of 400 points
means ten-to-one odds.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bola8 import rules
from bola8.batch.run import Progress, default_workers, ray_session, run_batch
from bola8.batch.spec import BatchSpec, unit_seed
from bola8.errors import InputError

Z95 = 1.959963984540054


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``wins`` / ``n``.

    >>> low, high = wilson(7, 10)
    >>> round(low, 3), round(high, 3)
    (0.397, 0.892)
    """
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    # The interval always holds p; at p = 0 or 1 rounding can put an end a few ulps past it,
    # which a plot's error bar (p - low, high - p) refuses as negative.
    return (min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half)))


def bradley_terry(names: Sequence[str], wins: dict[tuple[str, str], int], prior: float = 0.5,
                  iterations: int = 2000) -> dict[str, float]:
    """Elo-scale ratings from ``wins[(a, b)]`` = matches ``a`` won against ``b``.

    ``prior`` adds that many virtual wins each way to every pairing played, so
    a player who won everything still gets a finite rating.

    >>> r = bradley_terry(["a", "b"], {("a", "b"): 10, ("b", "a"): 10})
    >>> round(r["a"]), round(r["b"])
    (1500, 1500)
    """
    played = {(a, b) for (a, b) in wins} | {(b, a) for (a, b) in wins}
    w = {pair: wins.get(pair, 0) + (prior if pair in played else 0.0) for pair in played}
    strength = {name: 1.0 for name in names}
    for _ in range(iterations):
        new = {}
        for i in names:
            won = sum(w.get((i, j), 0.0) for j in names if j != i)
            denominator = sum((w.get((i, j), 0.0) + w.get((j, i), 0.0)) / (strength[i] + strength[j])
                              for j in names if j != i)
            new[i] = won / denominator if denominator > 0 else strength[i]
        mean = math.exp(sum(math.log(v) for v in new.values() if v > 0) / max(1, len(new)))
        new = {k: v / mean for k, v in new.items()}
        done = max(abs(new[k] - strength[k]) for k in names) < 1e-10
        strength = new
        if done:
            break
    return {name: 1500.0 + 400.0 * math.log10(strength[name]) for name in names}


@dataclass(frozen=True)
class TournamentSpec:
    """A round robin of ``players`` (make_player names, at least two), ``matches`` per pairing."""

    players: tuple[str, ...]
    matches: int = 10
    race: int = 1
    table: str = "9ft"
    ruleset: str = "spanish"
    noise: float = 1.0
    seed: int = 1

    def __post_init__(self) -> None:
        if len(self.players) < 2:
            raise InputError(f"players: {','.join(self.players)!r} names fewer than two players; a tournament "
                             "needs at least two.",
                             f"players: {','.join(self.players)!r} nombra menos de dos jugadores; un torneo "
                             "necesita al menos dos.")
        object.__setattr__(self, "players", tuple(self.players))
        self.pairings()          # each pairing's BatchSpec checks the names and settings now

    @property
    def names(self) -> tuple[str, ...]:
        """Each entrant's name in the table: its player name, numbered when one kind enters twice."""
        names = []
        for i, kind in enumerate(self.players):
            twice = self.players.count(kind) > 1
            names.append(f"{kind} #{i + 1}" if twice else kind)
        return tuple(names)

    def pairings(self) -> list[tuple[int, int, BatchSpec]]:
        """Every pair of players (i < j) with the batch that plays their matches, each pairing with a seed of
        its own.
        """
        names = self.names
        out = []
        number = 0
        for i in range(len(self.players)):
            for j in range(i + 1, len(self.players)):
                spec = BatchSpec(players=(self.players[i], self.players[j]), matches=self.matches, race=self.race,
                                 table=self.table, ruleset=self.ruleset, noise=self.noise,
                                 seed=unit_seed(self.seed, 1_000_000 + number), labels=(names[i], names[j]))
                out.append((i, j, spec))
                number += 1
        return out


@dataclass
class Standing:
    """One player's line of the table: matches played and won, games, and the rating."""
    name: str
    matches: int = 0
    wins: int = 0
    games_won: int = 0
    games: int = 0
    rating: float = 1500.0

    @property
    def win_rate(self) -> float:
        """The share of matches won (0 before any)."""
        return self.wins / self.matches if self.matches else 0.0

    def to_dict(self) -> dict[str, Any]:
        """The line as JSON, with the 95% Wilson interval of the win rate."""
        low, high = wilson(self.wins, self.matches)
        return {"player": self.name, "matches": self.matches, "wins": self.wins,
                "win_rate": round(self.win_rate, 4), "ci95": [round(low, 4), round(high, 4)],
                "games": self.games, "games_won": self.games_won, "rating": round(self.rating, 1)}


@dataclass
class TournamentResult:
    """A round robin's outcome: the standings, best first, and who beat whom how often."""
    spec: TournamentSpec
    standings: list[Standing] = field(default_factory=list)
    head_to_head: dict[tuple[str, str], int] = field(default_factory=dict)   # (a, b): matches a beat b

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON (bola8 tournament --json)."""
        return {"players": list(self.spec.names), "matches_per_pairing": self.spec.matches,
                "race": self.spec.race, "seed": self.spec.seed,
                "standings": [s.to_dict() for s in self.standings],
                "head_to_head": [{"player": a, "opponent": b, "wins": n}
                                 for (a, b), n in sorted(self.head_to_head.items())]}


def match_winners(games: Sequence[dict[str, Any]], race: int) -> dict[int, int]:
    """Each unit's match winner (seat 0 or 1), read from its last game's score."""
    last: dict[int, dict[str, Any]] = {}
    for game in games:
        last[game["unit"]] = game
    out = {}
    for unit, game in last.items():
        if game["score_0"] >= race:
            out[unit] = 0
        elif game["score_1"] >= race:
            out[unit] = 1
        elif rules.is_player(game["winner"]):        # a match ended by a disqualification: the game's winner
            out[unit] = int(game["winner"])
    return out


def play_tournament(spec: TournamentSpec, *, workers: int | None = None, ray: str | None = None,
                    progress: Progress | None = None) -> TournamentResult:
    """Play every pairing of ``spec`` and rank the players."""
    workers = default_workers() if workers is None else workers
    names = spec.names
    standings = {name: Standing(name) for name in names}
    wins: dict[tuple[str, str], int] = {}
    pairings = spec.pairings()
    total = len(pairings) * spec.matches
    done_before = 0

    def forward(done: int, _total: int) -> None:
        if progress:
            progress(done_before + done, total)

    def play_all() -> None:
        nonlocal done_before
        for i, j, pairing in pairings:
            result = run_batch(pairing, workers=workers, ray=ray, progress=forward)
            games = result.games()
            winners = match_winners(games, spec.race)
            a, b = names[i], names[j]
            wins[(a, b)] = sum(1 for seat in winners.values() if seat == 0)
            wins[(b, a)] = sum(1 for seat in winners.values() if seat == 1)
            for name, seat in ((a, 0), (b, 1)):
                standing = standings[name]
                standing.matches += len(winners)
                standing.wins += wins[(a, b)] if seat == 0 else wins[(b, a)]
                standing.games += len(games)
                standing.games_won += sum(1 for g in games if g["winner"] == seat)
            done_before += spec.matches

    if ray is not None:
        with ray_session(ray, workers):
            play_all()
    else:
        play_all()
    ratings = bradley_terry(list(names), wins)
    for name, rating in ratings.items():
        standings[name].rating = rating
    ordered = sorted(standings.values(), key=lambda s: (-s.rating, s.name))
    return TournamentResult(spec, ordered, wins)

