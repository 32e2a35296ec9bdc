"""The queries of the store, written once for both backends (SQLite and PostgreSQL).

A backend (:mod:`.sqlite`, :mod:`.postgres`) gives a connection inside a
transaction (:meth:`SqlStore._writing`, :meth:`SqlStore._reading`) and turns
its driver's errors into :class:`~bola8.server.store.base.StorageFault`;
everything else - the schema, its upgrades, every query - is here, in the
SQL both databases read (``?`` placeholders, translated for PostgreSQL).

The tables:

- ``matches``: every game, real table and tournament - its kind, creation
  parameters, token digests, when it was made (``made_at``, unix time),
  whether it is ``over``, and for a game whose second seat waits for a
  friend, ``invite_open`` and ``public`` (listed in the lobby);
- ``actions``: each match's accepted actions in order, numbered; the primary
  key ``(match_id, n)`` makes a second writer of the same number fail (two
  servers acting on one game at once: one wins, the other is told);
- ``profiles``: a person's (or a bot's) name, the digest of its token, its
  rating (``rating``, ``deviation``) and its count of rated matches;
- ``match_seats``: which profile holds which seat of which match;
- ``results``: one row per seat of each ended match with a profile - won or
  lost, rated or not, the score, the opponent, and its statistics - written in
  the same transaction as the match's last action, with the ratings it moves.
"""

from __future__ import annotations

import json
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Any, Protocol

from bola8.server.store.base import Stored

TABLES = (
    """CREATE TABLE IF NOT EXISTS matches (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL,            -- 'game' | 'table' | 'tournament'
        params TEXT NOT NULL,          -- JSON: what created it
        tokens TEXT NOT NULL           -- JSON: the digests of its tokens (per seat, or one for a table)
    )""",
    """CREATE TABLE IF NOT EXISTS actions (
        match_id TEXT NOT NULL REFERENCES matches(id),
        n INTEGER NOT NULL,            -- 0-based order of the action in its match
        data TEXT NOT NULL,            -- JSON: the action as applied (a bot's stroke as executed)
        PRIMARY KEY (match_id, n)
    )""",
    """CREATE TABLE IF NOT EXISTS profiles (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        token TEXT UNIQUE,             -- SHA-256 digest of its token (NULL for a bot's profile)
        kind TEXT NOT NULL,            -- 'person' | 'bot:<level>'
        made_at DOUBLE PRECISION NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        rated INTEGER NOT NULL DEFAULT 0
    )""",
    """CREATE TABLE IF NOT EXISTS match_seats (
        match_id TEXT NOT NULL REFERENCES matches(id),
        seat INTEGER NOT NULL,
        profile_id TEXT NOT NULL REFERENCES profiles(id),
        PRIMARY KEY (match_id, seat)
    )""",
    "CREATE INDEX IF NOT EXISTS match_seats_profile ON match_seats (profile_id)",
    """CREATE TABLE IF NOT EXISTS results (
        match_id TEXT NOT NULL REFERENCES matches(id),
        seat INTEGER NOT NULL,
        profile_id TEXT NOT NULL REFERENCES profiles(id),
        won INTEGER NOT NULL,
        rated INTEGER NOT NULL,
        ended DOUBLE PRECISION NOT NULL,
        data TEXT NOT NULL,            -- JSON: the opponent, the score, the seat's statistics
        PRIMARY KEY (match_id, seat)
    )""",
    "CREATE INDEX IF NOT EXISTS results_profile ON results (profile_id, ended)",
)

# Columns added after a table was first made: a database made before them gets them on opening.
ADDED_COLUMNS = (
    ("matches", "over", "INTEGER NOT NULL DEFAULT 0"),          # 1 once the match has ended
    ("matches", "made_at", "DOUBLE PRECISION"),                 # unix time it was made (NULL in old rows)
    ("matches", "invite_open", "INTEGER NOT NULL DEFAULT 0"),   # 1 while a seat waits for an invited person
    ("matches", "public", "INTEGER NOT NULL DEFAULT 0"),        # 1: listed in the lobby while it waits
    ("actions", "at", "DOUBLE PRECISION"),                      # unix time of the commit; NULL in old rows
)
INDEXES = ("CREATE INDEX IF NOT EXISTS matches_lobby ON matches (invite_open, public, made_at)",)


class Connection(Protocol):
    """What the queries need of a backend's connection (sqlite3's and psycopg's both have it)."""

    def execute(self, sql: str, parameters: Any = ...) -> Any:
        """Run one statement; a cursor."""


@dataclass(frozen=True)
class Profile:
    """A stored profile: who, its rating, and how many rated matches moved it."""

    id: str
    name: str
    kind: str
    rating: float
    deviation: float
    rated: int
    made_at: float


@dataclass(frozen=True)
class Result:
    """One seat's end of a match with a profile: written with the match's last action."""

    seat: int
    profile: str
    won: bool
    rated: bool
    data: dict[str, Any]


@dataclass(frozen=True)
class Finish:
    """What a match's last action also stores: each profiled seat's result and, for a rated match, the
    ratings it moves - ``rate(rating0, rating1)`` gets the two profiles' (rating, deviation) as stored at
    that moment (read inside the transaction) and returns their new values."""

    results: tuple[Result, ...]
    rate: Callable[[tuple[float, float], tuple[float, float]], tuple[tuple[float, float], tuple[float, float]]] | None
    profiles: tuple[str, str] | None = None        # the rated pair, seat 0's first
    ended: float = field(default_factory=time.time)


class SqlStore(ABC):
    """The store's queries over a backend's transactions (see the module)."""

    # Several servers may share this store (PostgreSQL): a game in memory may be behind it.
    shared = False
    _PROFILE = "id, name, kind, rating, deviation, rated, made_at"

    # ------------------------------------------------------------ what a backend gives
    @abstractmethod
    def _writing(self) -> AbstractContextManager[Connection]:
        """One write transaction (the backend's errors as storage faults; ActionTaken for a taken number)."""

    def _writing_one(self) -> AbstractContextManager[Connection]:
        """A connection to run one writing statement with, committed when it ends (by default a whole
        transaction; a backend whose statements commit alone spares the round trips of one)."""
        return self._writing()

    @abstractmethod
    def _reading(self) -> AbstractContextManager[Connection]:
        """A connection to read with (the backend's errors as storage faults)."""

    @abstractmethod
    def _columns(self, db: Connection, table: str) -> set[str]:
        """The names of a table's columns."""

    @abstractmethod
    def close(self) -> None:
        """Close the backend's connections."""

    @abstractmethod
    def flush(self) -> None:
        """Make everything committed durable in the database itself (the app stops)."""

    def _sql(self, sql: str) -> str:
        """The backend's spelling of a query written with ``?`` placeholders."""
        return sql

    # ------------------------------------------------------------ several servers (PostgreSQL overrides these)
    def listen(self, deliver: Callable[[str, str], None]) -> None:
        """Hear the other servers' announcements: a store no other server shares has none."""

    def announce(self, what: str) -> None:
        """Tell the other servers ``what``: no other server shares this store."""

    def claim(self, key: str) -> bool:
        """Take the claim ``key`` (a bot's turn) for this server: alone, it is always this server's."""
        return True

    def release(self, key: str) -> None:
        """Give up the claim ``key``: alone, there is nothing to give up."""

    def _lock_profiles(self) -> str:
        """What a query that reads profiles to update them adds (PostgreSQL: ``FOR UPDATE``)."""
        return ""

    def _run(self, db: Connection, sql: str, *parameters: Any) -> Any:
        return db.execute(self._sql(sql), parameters)

    # ------------------------------------------------------------ the schema
    def _make_schema(self, db: Connection) -> None:
        """Make the tables that are missing, and add the columns a database made before them lacks."""
        for statement in TABLES:
            db.execute(statement)
        for table, column, kind in ADDED_COLUMNS:
            if column not in self._columns(db, table):
                db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")
        for statement in INDEXES:
            db.execute(statement)

    # ------------------------------------------------------------ matches
    def create(self, match_id: str, kind: str, params: dict[str, Any], tokens: Any, *, public: bool = False,
               invite_open: bool = False, profiles: dict[int, str] | None = None) -> None:
        """Store a new match (and which profiles hold its seats)."""
        with self._writing() as db:
            self._run(db, "INSERT INTO matches (id, kind, params, tokens, made_at, invite_open, public) "
                          "VALUES (?, ?, ?, ?, ?, ?, ?)",
                      match_id, kind, json.dumps(params), json.dumps(tokens), time.time(), int(invite_open),
                      int(public))
            for seat, profile in (profiles or {}).items():
                self._run(db, "INSERT INTO match_seats (match_id, seat, profile_id) VALUES (?, ?, ?)",
                          match_id, seat, profile)

    def append(self, match_id: str, n: int, data: dict[str, Any], *, over: bool = False, at: float | None = None,
               invite_open: bool | None = None, seat_profile: tuple[int, str] | None = None,
               finish: Finish | None = None) -> None:
        """Store action ``n``, taken at unix time ``at`` (now by default); with ``over``, that it ended the
        match; ``invite_open`` the invitation's new state (a join closes it); ``seat_profile`` a profile
        that took a seat; ``finish`` the results and ratings of the match it ended. One transaction,
        committed when this returns; ActionTaken if another writer stored action ``n`` first."""
        at = time.time() if at is None else at
        alone = not over and invite_open is None and seat_profile is None and finish is None
        # most actions are one INSERT: a statement alone is atomic, and a backend may spare it a transaction
        with self._writing_one() if alone else self._writing() as db:
            self._run(db, "INSERT INTO actions (match_id, n, data, at) VALUES (?, ?, ?, ?)",
                      match_id, n, json.dumps(data), at)
            if over:
                self._run(db, "UPDATE matches SET over = 1, invite_open = 0 WHERE id = ?", match_id)
            if invite_open is not None:
                self._run(db, "UPDATE matches SET invite_open = ? WHERE id = ?", int(invite_open), match_id)
            if seat_profile is not None:
                self._run(db, "INSERT INTO match_seats (match_id, seat, profile_id) VALUES (?, ?, ?)",
                          match_id, seat_profile[0], seat_profile[1])
            if finish is not None:
                self._finish(db, match_id, finish)

    def mark_over(self, match_id: str) -> None:
        """A match found over when rebuilt (a database older than the ``over`` column)."""
        with self._writing() as db:
            self._run(db, "UPDATE matches SET over = 1 WHERE id = ?", match_id)

    def open_matches(self, kind: str) -> list[tuple[str, dict[str, Any]]]:
        """(id, params) of every stored match of ``kind`` that has not ended, oldest first."""
        with self._reading() as db:
            rows = self._run(db, "SELECT id, params FROM matches WHERE kind = ? AND over = 0 "
                                 "ORDER BY made_at, id", kind).fetchall()
        return [(match_id, json.loads(params)) for match_id, params in rows]

    def load(self, match_id: str, kind: str) -> Stored | None:
        """A stored match with its actions in order, or None."""
        with self._reading() as db:
            row = self._run(db, "SELECT params, tokens FROM matches WHERE id = ? AND kind = ?",
                            match_id, kind).fetchone()
            if row is None:
                return None
            rows = self._run(db, "SELECT data, at FROM actions WHERE match_id = ? ORDER BY n", match_id).fetchall()
        return Stored(json.loads(row[0]), json.loads(row[1]), [json.loads(data) for data, _ in rows],
                      [at for _, at in rows])

    def actions_since(self, match_id: str, n: int) -> list[tuple[dict[str, Any], float | None]]:
        """The actions of ``match_id`` numbered ``n`` and after, in order, with their commit times."""
        with self._reading() as db:
            rows = self._run(db, "SELECT data, at FROM actions WHERE match_id = ? AND n >= ? ORDER BY n",
                             match_id, n).fetchall()
        return [(json.loads(data), at) for data, at in rows]

    def lobby(self, since: float, limit: int) -> list[tuple[str, dict[str, Any], float]]:
        """The public invitations made since unix time ``since`` whose seat still waits, newest first."""
        with self._reading() as db:
            rows = self._run(db, "SELECT id, params, made_at FROM matches WHERE invite_open = 1 AND public = 1 "
                                 "AND over = 0 AND made_at >= ? ORDER BY made_at DESC LIMIT ?",
                             since, limit).fetchall()
        return [(match_id, json.loads(params), made_at) for match_id, params, made_at in rows]

    def playing_now(self, since: float, limit: int) -> list[tuple[str, dict[str, Any], float, str | None]]:
        """The public invitations made since unix time ``since`` that were taken and whose match goes on,
        newest first: (id, params, made_at, the name the invited person took). Nothing is played before the
        invited person sits down, so taking the seat is the match's action 0."""
        with self._reading() as db:
            rows = self._run(db, "SELECT m.id, m.params, m.made_at, a.data FROM matches m LEFT JOIN actions a "
                                 "ON a.match_id = m.id AND a.n = 0 WHERE m.invite_open = 0 AND m.public = 1 "
                                 "AND m.over = 0 AND m.made_at >= ? ORDER BY m.made_at DESC LIMIT ?",
                             since, limit).fetchall()
        found = []
        for match_id, params, made_at, data in rows:
            joined = json.loads(data) if data is not None else {}
            found.append((match_id, json.loads(params), made_at,
                          str(joined["name"]) if joined.get("type") == "join" else None))
        return found

    # ------------------------------------------------------------ profiles
    def create_profile(self, profile_id: str, name: str, digest: str | None, kind: str, rating: float,
                       deviation: float) -> None:
        """Store a new profile."""
        with self._writing() as db:
            self._run(db, "INSERT INTO profiles (id, name, token, kind, made_at, rating, deviation) "
                          "VALUES (?, ?, ?, ?, ?, ?, ?)",
                      profile_id, name, digest, kind, time.time(), rating, deviation)

    def bot_profile(self, profile_id: str, name: str, kind: str, rating: float, deviation: float) -> Profile:
        """The profile of a bot level, made the first time it is asked for."""
        with self._writing() as db:
            self._run(db, "INSERT INTO profiles (id, name, token, kind, made_at, rating, deviation) "
                          "VALUES (?, ?, NULL, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING",
                      profile_id, name, kind, time.time(), rating, deviation)
        found = self.profile(profile_id)
        assert found is not None
        return found

    def profile(self, profile_id: str) -> Profile | None:
        """A profile by its id, or None."""
        with self._reading() as db:
            row = self._run(db, f"SELECT {self._PROFILE} FROM profiles WHERE id = ?", profile_id).fetchone()
        return None if row is None else Profile(*row)

    def profile_of_token(self, digest: str) -> Profile | None:
        """The profile whose token has this digest, or None."""
        with self._reading() as db:
            row = self._run(db, f"SELECT {self._PROFILE} FROM profiles WHERE token = ?", digest).fetchone()
        return None if row is None else Profile(*row)

    def rated_profiles(self, limit: int) -> list[Profile]:
        """The profiles with at least one rated match, best rating first."""
        with self._reading() as db:
            rows = self._run(db, f"SELECT {self._PROFILE} FROM profiles WHERE rated > 0 "
                                 "ORDER BY rating DESC, id LIMIT ?", limit).fetchall()
        return [Profile(*row) for row in rows]

    def results_of(self, profile_id: str, limit: int) -> list[tuple[str, int, bool, bool, float, dict[str, Any]]]:
        """A profile's ended matches, newest first: (match id, seat, won, rated, ended, data)."""
        with self._reading() as db:
            rows = self._run(db, "SELECT match_id, seat, won, rated, ended, data FROM results WHERE profile_id = ? "
                                 "ORDER BY ended DESC LIMIT ?", profile_id, limit).fetchall()
        return [(match_id, seat, bool(won), bool(rated), ended, json.loads(data))
                for match_id, seat, won, rated, ended, data in rows]

    def totals_of(self, profile_id: str) -> tuple[int, int, list[dict[str, Any]]]:
        """A profile's ended matches, those it won, and every result's data (for its statistics)."""
        with self._reading() as db:
            rows = self._run(db, "SELECT won, data FROM results WHERE profile_id = ?", profile_id).fetchall()
        return len(rows), sum(1 for won, _ in rows if won), [json.loads(data) for _, data in rows]

    def playing(self, profile_id: str, limit: int) -> list[tuple[str, int, dict[str, Any], float | None]]:
        """The matches in play in which a profile holds a seat, newest first: (id, seat, params, made_at)."""
        with self._reading() as db:
            rows = self._run(db, "SELECT m.id, s.seat, m.params, m.made_at FROM match_seats s JOIN matches m "
                                 "ON m.id = s.match_id WHERE s.profile_id = ? AND m.over = 0 "
                                 "ORDER BY m.made_at DESC LIMIT ?", profile_id, limit).fetchall()
        return [(match_id, seat, json.loads(params), made_at) for match_id, seat, params, made_at in rows]

    def _finish(self, db: Connection, match_id: str, finish: Finish) -> None:
        for result in finish.results:
            self._run(db, "INSERT INTO results (match_id, seat, profile_id, won, rated, ended, data) "
                          "VALUES (?, ?, ?, ?, ?, ?, ?)",
                      match_id, result.seat, result.profile, int(result.won), int(result.rated), finish.ended,
                      json.dumps(result.data))
        if finish.rate is None or finish.profiles is None:
            return
        first, second = finish.profiles
        rows = dict((row[0], (row[1], row[2])) for row in self._run(
            db, "SELECT id, rating, deviation FROM profiles WHERE id IN (?, ?) ORDER BY id" + self._lock_profiles(),
            first, second).fetchall())
        new_first, new_second = finish.rate(rows[first], rows[second])
        for profile, (rating, deviation) in ((first, new_first), (second, new_second)):
            self._run(db, "UPDATE profiles SET rating = ?, deviation = ?, rated = rated + 1 WHERE id = ?",
                      rating, deviation, profile)

