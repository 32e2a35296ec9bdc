"""bola8.server: the HTTP API (docs/server-api.md) and the browser app, on SQLite or PostgreSQL.

``create_app(db)`` builds the ASGI app; ``bola8 serve`` runs it with uvicorn.
Importing this package imports nothing else of the server (a bot's worker
process imports :mod:`bola8.server.thinking` alone).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fastapi import FastAPI

__all__ = ["create_app"]


def create_app(db: str, **settings: Any) -> FastAPI:
    """The ASGI app on the database ``db`` (a SQLite file's path, or a ``postgresql://`` URL); each request
    chooses its language (?lang=). The settings are those of :func:`bola8.server.app.create_app`:
    ``bot_workers``, ``coach_workers``, ``worker_nice``, ``stop_workers``, ``max_body``,
    ``creations_per_minute``, ``games_in_memory``. A script that makes the app guards its main code
    with ``if __name__ == "__main__":``, as the ``spawn`` start of a worker imports that script again."""
    from bola8.server.app import create_app as build

    return build(db, **settings)
