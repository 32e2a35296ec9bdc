"""Rate limits: how many things one client may create in a time (the ``limits`` library's moving window).

A game, a table, a profile or a tournament costs the server memory and disk;
anyone may create them without a token. So each client address may create at
most ``per_minute`` of them a minute (``bola8 serve --creations-per-minute``,
60 by default; 0: no limit). A club's evening - a few dozen matches, from
one address behind the club's router - never meets it; a script that
creates a thousand does, and is answered ``429`` with ``Retry-After``.
Reading, playing and watching are not limited: they create nothing. Each
app counts alone (its own storage in memory); several servers behind one
proxy each count what reaches them.
"""

from __future__ import annotations

import math
import time

from limits import RateLimitItemPerMinute
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from starlette.requests import HTTPConnection

from bola8.server.errors import ApiError

CREATIONS_PER_MINUTE = 60


class CreationLimit:
    """The creations each client address may make a minute (0: no limit)."""

    def __init__(self, per_minute: int = CREATIONS_PER_MINUTE):
        self.per_minute = per_minute
        self._item = RateLimitItemPerMinute(max(per_minute, 1))
        self._limiter = MovingWindowRateLimiter(MemoryStorage())

    def check(self, connection: HTTPConnection) -> None:
        """Count one creation by the request's client; a 429 naming the wait when it is one too many."""
        if self.per_minute <= 0:
            return
        client = connection.client.host if connection.client is not None else "unknown"
        if self._limiter.hit(self._item, "create", client):
            return
        reset, _ = self._limiter.get_window_stats(self._item, "create", client)
        wait = max(1, math.ceil(reset - time.time()))
        raise TooMany(self.per_minute, wait)


class TooMany(ApiError):
    """Too many creations from one client (429, with the seconds to wait in ``Retry-After``)."""

    def __init__(self, per_minute: int, wait: int):
        super().__init__(429, f"request: this address has created {per_minute} things in the last minute, the "
                              f"most this server allows; try again in {wait} s.",
                         f"request: esta dirección ha creado {per_minute} cosas en el último minuto, lo máximo que "
                         f"permite este servidor; vuelva a intentarlo en {wait} s.", {"Retry-After": str(wait)})
