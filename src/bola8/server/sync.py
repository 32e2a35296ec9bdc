"""Several servers on one database act as one: what each hears of the others, and tells them.

With PostgreSQL (:mod:`bola8.server.store.postgres`) every server listens on
one channel. An action stored by any server is announced in its own
transaction as ``<server>:<match>:<actions>``, with the action itself when it
fits (:func:`action_note`); the others bring the game or the table they hold
up to date and tell its spectators, their bots and their tournaments. Besides actions:

- ``presence:<game>:<n0>:<n1>``: the live connections a server holds of each
  seat of a game (the other servers add them to their own to say who is
  connected);
- ``alive:<json>``: every :data:`HEARTBEAT_S` seconds each server says it is
  alive with the presence it holds; a server not heard for
  :data:`GONE_AFTER_S` seconds is taken as gone, and the connections it held
  with it;
- ``lobby``: an invitation was made, taken or ended (the lobby's spectators
  are told).

A store no other server shares (SQLite) hears nothing and tells nothing: the
same code runs alone.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable
from typing import Any

from bola8.server.registry import GameRegistry
from bola8.server.store import SqlStore
from bola8.server.tables import TableRegistry

log = logging.getLogger("bola8.server")
HEARTBEAT_S = 10.0
GONE_AFTER_S = 30.0


class Sync:
    """What this server hears from the others and tells them (see the module)."""

    def __init__(self, store: SqlStore, games: GameRegistry, tables: TableRegistry):
        self.store = store
        self.games = games
        self.tables = tables
        self.heard: dict[str, float] = {}           # server -> when it was last heard (monotonic)
        self.on_lobby: list[Callable[[], None]] = []
        self.on_other: list[Callable[[str], None]] = []    # announcements of other kinds (tournaments)
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Listen (in the store's thread; each announcement handled on the event loop) and beat."""
        if not self.store.shared:
            return
        loop = asyncio.get_running_loop()

        def deliver(server: str, what: str) -> None:          # in the store's listening thread
            try:
                loop.call_soon_threadsafe(self.heard_of, server, what)
            except RuntimeError:        # the loop has closed: the server is stopping, there is no one to tell
                pass

        self.store.listen(deliver)
        self._task = loop.create_task(self._beat())

    async def stop(self) -> None:
        """Stop beating (the store's close stops the listener)."""
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    def lobby_changed(self) -> None:
        """An invitation was made, taken or ended here: this server's lobby and the others' are told."""
        self.store.announce("lobby")
        self._lobby()

    def heard_of(self, server: str, what: str) -> None:
        """One announcement (on the event loop)."""
        try:
            if server:
                self.heard[server] = time.monotonic()
            kind, _, rest = what.partition(":")
            if what == "*":
                self.games.notified_all()
                self.tables.notified_all()
                self._lobby()
            elif kind == "presence":
                game_id, n0, n1 = rest.split(":")
                self.games.present_elsewhere(server, game_id, [int(n0), int(n1)])
            elif kind == "alive":
                for game_id, counts in json.loads(rest).items():
                    self.games.present_elsewhere(server, game_id, [int(counts[0]), int(counts[1])])
            elif kind == "lobby":
                self._lobby()
            elif what.startswith("g_"):
                self.games.notified(*action_note(what))
            elif what.startswith("t_"):
                self.tables.notified(*action_note(what)[:2])
            else:
                for listener in self.on_other:
                    listener(what)
        except Exception:                   # one bad announcement must not stop the others
            log.exception("handling the announcement %r of server %s", what, server)

    def _lobby(self) -> None:
        for listener in self.on_lobby:
            listener()

    async def _beat(self) -> None:
        while True:
            try:
                for part in _chunks(self.games.present):
                    self.store.announce("alive:" + part)
            except Exception:               # the database is away: the listener reconnects; try next beat
                log.warning("the heartbeat could not be announced", exc_info=True)
            now = time.monotonic()
            for server, last in list(self.heard.items()):
                if now - last > GONE_AFTER_S:
                    del self.heard[server]
                    self.games.server_gone(server)
            await asyncio.sleep(HEARTBEAT_S)


def action_note(what: str) -> tuple[str, int, tuple[dict[str, Any], float | None] | None]:
    """An action's announcement ``<match>:<actions>[:<at>:<action JSON>]`` read: the match, its number of
    actions, and the last action with its commit time when the announcement carries it
    (:data:`bola8.server.store.postgres.ANNOUNCE_ACTIONS`). ValueError when it is not one."""
    match_id, _, rest = what.partition(":")
    count, _, rest = rest.partition(":")
    if not rest:
        return match_id, int(count), None
    at, _, data = rest.partition(":")
    return match_id, int(count), (json.loads(data), float(at) if at else None)


def _chunks(present: dict[str, list[int]], limit: int = 6000) -> list[str]:
    """The presence map as JSON objects each under ``limit`` characters (an announcement holds 8,000 bytes);
    at least one, so an empty map still says the server is alive."""
    parts: list[str] = []
    chunk: dict[str, list[int]] = {}
    for game_id, counts in present.items():
        chunk[game_id] = counts
        if len(json.dumps(chunk)) > limit:
            del chunk[game_id]
            parts.append(json.dumps(chunk, separators=(",", ":")))
            chunk = {game_id: counts}
    parts.append(json.dumps(chunk, separators=(",", ":")))
    return parts
