"""The PostgreSQL backend: several servers on one database (psycopg 3).

``bola8 serve --db postgresql://user:password@host/dbname``. The schema is
made and upgraded by the program when it connects (the same tables as
SQLite's, :mod:`.sql`). Three connections per server:

- the **store's**, for every query, one at a time under a lock (the event
  loop and the executor threads never use it together); it is made again
  when the database comes back after a fault. It is in autocommit mode: a
  read is one statement and one round trip (PostgreSQL's default isolation,
  read committed, gives a statement inside a transaction no firmer view than
  one alone, and a match's actions are only ever appended), while a write
  opens a transaction (``BEGIN`` ... ``COMMIT``). The event loop waits for
  every round trip, so their number is what bounds a server's actions per
  second;
- the **listener's**, in a thread, ``LISTEN bola8``: each action appended by
  any server is announced by a trigger on its row (``pg_notify``, delivered
  at commit; the writer's name is the session setting ``bola8.server``) as
  ``<server>:<match>:<actions>[:<at>:<action>]`` (the action itself when it
  fits), and every server brings the games it holds up to date - from the
  announcement when it carries the one action missing, from the store
  otherwise - and tells their spectators: live updates across servers;
- the **claims'**: PostgreSQL's session advisory locks, one per game whose
  bot is to act, so that exactly one server decides a bot's action; a server
  that dies loses its connection and with it its claims, and another server
  takes the bot's turn over.

A second writer of an action number another server stored first is refused
by the primary key (:class:`~bola8.server.store.base.ActionTaken`).
"""

from __future__ import annotations

import hashlib
import logging
import secrets
import threading
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Any

import psycopg
from psycopg import errors as pg_errors

from bola8.server.store.base import ActionTaken, StorageFault, disk_full, read_only, unreachable
from bola8.server.store.sql import Connection, SqlStore

log = logging.getLogger("bola8.server")
CHANNEL = "bola8"
CARRIED_BYTES = 7000        # an action's JSON up to this size rides in its announcement (a notification: 8,000)

# Every action stored is announced by the database itself, in the statement that stores it: the announcement
# costs no round trip of its own, and an action written by anything (a server, an operator's repair) is heard.
# It carries the action (its commit time and JSON) when that fits a notification (8,000 bytes; an action is a
# few hundred): a server one action behind applies it from the announcement without reading the store.
ANNOUNCE_ACTIONS = (
    f"""CREATE OR REPLACE FUNCTION bola8_announce_action() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        PERFORM pg_notify('{CHANNEL}', coalesce(current_setting('bola8.server', true), '') || ':' ||
                          NEW.match_id || ':' || (NEW.n + 1) ||
                          CASE WHEN octet_length(NEW.data) <= {CARRIED_BYTES}
                               THEN ':' || coalesce(NEW.at::text, '') || ':' || NEW.data ELSE '' END);
        RETURN NULL;
    END $$""",
    ("CREATE OR REPLACE TRIGGER bola8_announce_action AFTER INSERT ON actions FOR EACH ROW "
     "EXECUTE FUNCTION bola8_announce_action()"),
)


def fault(error: psycopg.Error) -> StorageFault:
    """The storage fault a PostgreSQL error means (by its SQLSTATE class)."""
    text = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
    state = getattr(error, "sqlstate", None) or ""
    if state.startswith("53"):                       # insufficient resources: disk full, out of memory
        return disk_full(text)
    if state in ("25006", "42501"):                  # read-only transaction, insufficient privilege
        return read_only(text)
    return unreachable(text)


def is_url(target: str) -> bool:
    """Whether ``--db`` names a PostgreSQL database rather than a SQLite file."""
    return target.startswith(("postgresql://", "postgres://"))


class PostgresStore(SqlStore):
    """One PostgreSQL database shared by any number of servers (see the module)."""

    shared = True

    def __init__(self, url: str):
        self.url = url
        self.server = secrets.token_hex(6)           # this server's name in what it announces
        self._lock = threading.Lock()
        self._db: psycopg.Connection[Any] | None = None
        self._claims: psycopg.Connection[Any] | None = None
        self._claims_lock = threading.Lock()
        self._listening: threading.Thread | None = None
        self._stop = threading.Event()
        with self._writing() as db:
            db.execute("SELECT pg_advisory_xact_lock(8808)")     # one server makes the schema at a time
            self._make_schema(db)
            for statement in ANNOUNCE_ACTIONS:
                db.execute(statement)

    # ------------------------------------------------------------ connections
    def _connect(self) -> psycopg.Connection[Any]:
        try:
            db = psycopg.connect(self.url, autocommit=True, connect_timeout=10)
            # the name this server's actions are announced under (ANNOUNCE_ACTIONS), for this session
            db.execute("SELECT set_config('bola8.server', %s, false)", (self.server,))
            return db
        except psycopg.Error as error:
            raise fault(error) from error

    def _connection(self) -> psycopg.Connection[Any]:
        if self._db is None or self._db.closed or self._db.broken:
            self._db = self._connect()
        return self._db

    @contextmanager
    def _writing(self) -> Iterator[Connection]:
        with self._lock:
            db = self._connection()
            try:
                with db.transaction():
                    yield db
            except psycopg.Error as error:
                raise self._refusal(error) from error

    @contextmanager
    def _reading(self) -> Iterator[Connection]:
        # no transaction: each statement is its own (see the module), saving BEGIN's and COMMIT's round trips
        with self._lock:
            db = self._connection()
            try:
                yield db
            except psycopg.Error as error:
                raise self._refusal(error) from error

    def _writing_one(self) -> AbstractContextManager[Connection]:
        return self._reading()        # one statement in autocommit: atomic and committed when it returns

    @staticmethod
    def _refusal(error: psycopg.Error) -> Exception:
        """What a failed statement means: ActionTaken for an action number stored first, the error itself
        for a bug (a broken constraint, a bad query), a storage fault otherwise."""
        if isinstance(error, pg_errors.UniqueViolation) and "actions_pkey" in str(error):
            return ActionTaken(str(error))
        if isinstance(error, (pg_errors.IntegrityError, pg_errors.ProgrammingError, pg_errors.DataError)):
            return error
        return fault(error)

    def _sql(self, sql: str) -> str:
        return sql.replace("?", "%s")

    def _columns(self, db: Connection, table: str) -> set[str]:
        return {row[0] for row in db.execute(
            "SELECT column_name FROM information_schema.columns WHERE table_name = %s", (table,)).fetchall()}

    def _lock_profiles(self) -> str:
        return " FOR UPDATE"

    def announce(self, what: str) -> None:
        """Tell every server something that is not an action (a presence, the lobby): ``<server>:<what>``."""
        with self._reading() as db:                  # one statement: a transaction of its own
            db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{self.server}:{what}"))

    def close(self) -> None:
        """Close the connections and stop listening (the claims held go with their connection)."""
        self._stop.set()
        for connection in (self._db, self._claims):
            if connection is not None and not connection.closed:
                connection.close()

    def flush(self) -> None:
        """Nothing to copy: PostgreSQL's commits are durable when they return."""

    # ------------------------------------------------------------ live updates
    def listen(self, deliver: Callable[[str, str], None]) -> None:
        """Call ``deliver(server, what)`` (in the listener's thread) for each announcement of the other
        servers - ``<match>:<actions>`` or another ``what`` - and ``("", "*")`` each time the listener
        (re)connects (anything may have changed meanwhile); reconnects when the database goes away."""
        self._stop.clear()

        def run() -> None:
            while not self._stop.is_set():
                try:
                    with psycopg.connect(self.url, autocommit=True, connect_timeout=10) as conn:
                        conn.execute(f"LISTEN {CHANNEL}")
                        deliver("", "*")              # (re)connected: anything may have changed meanwhile
                        while not self._stop.is_set():
                            for note in conn.notifies(timeout=1.0):
                                server, _, what = note.payload.partition(":")
                                if server != self.server:
                                    deliver(server, what)
                except psycopg.Error as error:
                    log.warning("the listener lost the database (%s); connecting again", error)
                    self._stop.wait(2.0)

        self._listening = threading.Thread(target=run, name="bola8-listen", daemon=True)
        self._listening.start()

    # ------------------------------------------------------------ claims
    def claim(self, key: str) -> bool:
        """Take the claim ``key`` for this server (a session advisory lock); False when another server
        holds it. Held until :meth:`release`, or until this server's connection ends."""
        with self._claims_lock:
            try:
                if self._claims is None or self._claims.closed or self._claims.broken:
                    self._claims = psycopg.connect(self.url, autocommit=True, connect_timeout=10)
                row = self._claims.execute("SELECT pg_try_advisory_lock(%s)", (_lock_key(key),)).fetchone()
            except psycopg.Error as error:
                raise fault(error) from error
            return bool(row and row[0])

    def release(self, key: str) -> None:
        """Give up the claim ``key``."""
        with self._claims_lock:
            if self._claims is None or self._claims.closed or self._claims.broken:
                return                                # the connection went: its claims went with it
            try:
                self._claims.execute("SELECT pg_advisory_unlock(%s)", (_lock_key(key),))
            except psycopg.Error as error:
                log.warning("releasing claim %s: %s", key, error)


def _lock_key(key: str) -> int:
    """A 64-bit advisory-lock key for a claim's name."""
    return int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big", signed=True)
