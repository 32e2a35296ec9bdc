"""SQLite storage of the server: event-sourced games and real tables.

Each game keeps its creation parameters and every accepted action, in order;
a game is rebuilt by applying them again (the simulator is deterministic on
one machine). Each action is written in its own transaction, committed before
the HTTP answer is sent, so a server killed at any moment loses nothing it
answered. The database runs in WAL mode; the standard library's ``sqlite3``
is the only dependency.

Tokens are stored as SHA-256 digests, never in clear: the database alone
does not let anyone act for a seat.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
from typing import Any

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


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class Store:
    """One SQLite database file; safe to share between threads (one lock)."""

    def __init__(self, path: str):
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

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def create(self, match_id: str, kind: str, params: dict[str, Any], tokens: Any) -> None:
        with self._lock, self._db:
            self._db.execute("BEGIN IMMEDIATE")
            self._db.execute("INSERT INTO matches (id, kind, params, tokens) VALUES (?, ?, ?, ?)",
                             (match_id, kind, json.dumps(params), json.dumps(tokens)))

    def append(self, match_id: str, n: int, data: dict[str, Any]) -> None:
        """Store action ``n``; committed when this returns."""
        with self._lock, self._db:
            self._db.execute("BEGIN IMMEDIATE")
            self._db.execute("INSERT INTO actions (match_id, n, data) VALUES (?, ?, ?)",
                             (match_id, n, json.dumps(data)))

    def load(self, match_id: str, kind: str) -> tuple[dict[str, Any], Any, list[dict[str, Any]]] | None:
        """(params, token digests, actions in order) of a stored match, or None."""
        with self._lock:
            row = self._db.execute("SELECT params, tokens FROM matches WHERE id = ? AND kind = ?",
                                   (match_id, kind)).fetchone()
            if row is None:
                return None
            actions = [json.loads(data) for (data,) in self._db.execute(
                "SELECT data FROM actions WHERE match_id = ? ORDER BY n", (match_id,))]
        return json.loads(row[0]), json.loads(row[1]), actions
