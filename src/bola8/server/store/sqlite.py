"""The SQLite backend (the embedded default): one database file, the standard library's ``sqlite3``.

The database runs in WAL mode. Every access holds one lock: the event loop
and the executor threads (a game rebuilt in the background) never use the
connection at the same time. SQLite's errors become the store's
:class:`~bola8.server.store.base.StorageFault` (a full disk, a database that
cannot be written, a damaged one), so the server answers what is wrong with
its storage rather than an internal error.

Each action carries the wall-clock time it was committed (``at``): the shot
clock of Art. 24 runs from it, so a restarted server shows the same deadline.
A match is marked ``over`` when it ends, so that a starting server knows which
games may still have a bot to move without rebuilding every game it holds.

"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from bola8.server.store.base import ActionTaken, StorageFault, Stored, damaged, disk_full, read_only, unreachable

SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,            -- 'game' (simulated table) | 'table' (a real table)
    params TEXT NOT NULL,          -- JSON: what created it
    tokens TEXT NOT NULL,          -- JSON: the digests of its tokens (per seat, or one for a table)
    created REAL NOT NULL DEFAULT (julianday('now'))
);
CREATE TABLE IF NOT EXISTS actions (
    match_id TEXT NOT NULL REFERENCES matches(id),
    n INTEGER NOT NULL,            -- 0-based order of the action in its match
    data TEXT NOT NULL,            -- JSON: the action as applied (a bot's stroke as executed)
    PRIMARY KEY (match_id, n)
);
"""

# Columns added after the first release: a database made before them gets them on opening.
ADDED_COLUMNS = (
    ("matches", "over", "INTEGER NOT NULL DEFAULT 0"),    # 1 once the match has ended
    ("actions", "at", "REAL"),                            # unix time of the commit; NULL in old rows
)


def fault(error: sqlite3.Error) -> StorageFault:
    """The storage fault an SQLite error means (by SQLite's own result codes where Python gives them)."""
    text = str(error)
    code = getattr(error, "sqlite_errorname", "")
    if code.startswith("SQLITE_FULL") or "disk is full" in text:
        return disk_full(text)
    if code.startswith("SQLITE_READONLY") or "readonly" in text or "read-only" in text:
        return read_only(text)
    if code.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")) or "malformed" in text or "not a database" in text:
        return damaged(text)
    return unreachable(text)


class SqliteStore:
    """One SQLite database file; safe to share between threads (one lock)."""

    def __init__(self, path: str):
        try:
            self._open(path)
        except sqlite3.Error as error:
            raise fault(error) from error

    def _open(self, path: str) -> None:
        folder = os.path.dirname(os.path.abspath(path))
        os.makedirs(folder, exist_ok=True)
        self.path = path
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        # WAL + NORMAL: a committed transaction survives the process being killed at any moment (the
        # WAL is written before COMMIT returns); only an OS crash or power cut may lose the last ones.
        # FULL would fsync every action (about 10 ms here) for that case alone.
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(SCHEMA)
        for table, column, kind in ADDED_COLUMNS:
            have = {row[1] for row in self._db.execute(f"PRAGMA table_info({table})")}
            if column not in have:
                self._db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")

    def close(self) -> None:
        """Close the database."""
        with self._lock:
            self._db.close()

    def flush(self) -> None:
        """Copy what the write-ahead log holds into the database file (the app stops: the file alone is
        then the whole database). The connection stays open: an app may be started again."""
        with self._reading() as db:
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    @contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        """One write transaction under the lock; SQLite's errors as storage faults (rolled back)."""
        with self._lock:
            try:
                with self._db:
                    self._db.execute("BEGIN IMMEDIATE")
                    yield self._db
            except sqlite3.IntegrityError as error:
                raise ActionTaken(str(error)) from error
            except sqlite3.Error as error:
                raise fault(error) from error

    @contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            try:
                yield self._db
            except sqlite3.Error as error:
                raise fault(error) from error

    def create(self, match_id: str, kind: str, params: dict[str, Any], tokens: Any) -> None:
        """Store a new match (a game or a real table): its kind, parameters and tokens, committed."""
        with self._writing() as db:
            db.execute("INSERT INTO matches (id, kind, params, tokens) VALUES (?, ?, ?, ?)",
                       (match_id, kind, json.dumps(params), json.dumps(tokens)))

    def append(self, match_id: str, n: int, data: dict[str, Any], *, over: bool = False,
               at: float | None = None) -> None:
        """Store action ``n``, taken at unix time ``at`` (now by default), and with ``over`` that it ended
        the match; committed when this returns."""
        at = time.time() if at is None else at
        with self._writing() as db:
            db.execute("INSERT INTO actions (match_id, n, data, at) VALUES (?, ?, ?, ?)",
                       (match_id, n, json.dumps(data), at))
            if over:
                db.execute("UPDATE matches SET over = 1 WHERE id = ?", (match_id,))

    def mark_over(self, match_id: str) -> None:
        """A match found over when rebuilt (a database older than the ``over`` column)."""
        with self._writing() as db:
            db.execute("UPDATE matches SET over = 1 WHERE id = ?", (match_id,))

    def open_matches(self, kind: str) -> list[tuple[str, dict[str, Any]]]:
        """(id, params) of every stored match of ``kind`` that has not ended, oldest first."""
        with self._reading() as db:
            rows = db.execute("SELECT id, params FROM matches WHERE kind = ? AND over = 0 ORDER BY created",
                              (kind,)).fetchall()
        return [(match_id, json.loads(params)) for match_id, params in rows]

    def load(self, match_id: str, kind: str) -> Stored | None:
        """A stored match with its actions in order, or None."""
        with self._reading() as db:
            row = db.execute("SELECT params, tokens FROM matches WHERE id = ? AND kind = ?",
                                   (match_id, kind)).fetchone()
            if row is None:
                return None
            rows = db.execute("SELECT data, at FROM actions WHERE match_id = ? ORDER BY n",
                                    (match_id,)).fetchall()
        return Stored(json.loads(row[0]), json.loads(row[1]), [json.loads(data) for data, _ in rows],
                      [at for _, at in rows])
