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

import os
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from bola8.server.store.base import ActionTaken, StorageFault, damaged, disk_full, read_only, unreachable
from bola8.server.store.sql import Connection, SqlStore

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


class SqliteStore(SqlStore):
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
        self._db.execute("PRAGMA foreign_keys=ON")
        with self._db:
            self._make_schema(self._db)

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
                if "actions.match_id, actions.n" in str(error):
                    raise ActionTaken(str(error)) from error
                raise                          # any other broken constraint is a bug, not a storage fault
            except sqlite3.Error as error:
                raise fault(error) from error

    @contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            try:
                yield self._db
            except sqlite3.Error as error:
                raise fault(error) from error

    def _columns(self, db: Connection, table: str) -> set[str]:
        return {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
