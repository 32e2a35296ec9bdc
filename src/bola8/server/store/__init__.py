"""Where the server keeps everything: event-sourced matches, behind one interface and two backends.

Each game or real table keeps its creation parameters and every accepted
action, in order; it is rebuilt by applying them again (the simulator is
deterministic on one machine). Each action is written in its own
transaction, committed before the HTTP answer is sent, so a server killed at
any moment loses nothing it answered. :func:`open_store` picks the backend
from the target: a file path is SQLite (the standard library's, the
embedded default), a ``postgresql://`` URL is PostgreSQL, for several
servers on one database. Tokens are stored as SHA-256 digests, never in
clear: the database alone does not let anyone act for a seat.
"""

from __future__ import annotations

from bola8.server.store.base import ActionTaken, StorageFault, Stored, token_digest
from bola8.server.store.sql import Finish, Profile, Result, SqlStore
from bola8.server.store.sqlite import SqliteStore

__all__ = ["ActionTaken", "Finish", "Profile", "Result", "StorageFault", "Stored", "SqlStore", "SqliteStore",
           "open_store", "token_digest"]


def open_store(target: str) -> SqlStore:
    """The backend of ``target``: a PostgreSQL URL, or the path of a SQLite file (made when missing)."""
    if target.startswith(("postgresql://", "postgres://")):
        from bola8.server.store.postgres import PostgresStore     # psycopg is needed only then

        return PostgresStore(target)
    return SqliteStore(target)
