"""bola8.server: the HTTP API (docs/server-api.md) and the browser app, on SQLite.

``create_app(db_path)`` builds the ASGI app; ``bola8 serve`` runs it with uvicorn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fastapi import FastAPI

__all__ = ["create_app"]


def create_app(db_path: str, *, bot_workers: int = 1, coach_workers: int = 1, worker_nice: int = 5,
               stop_workers: bool = False) -> FastAPI:
    """The ASGI app on the SQLite database at ``db_path``; each request chooses its language (?lang=).

    The bots play in the background, ``bot_workers`` decisions at once (0: no bot plays), and the
    coach answers ``coach_workers`` hints at once, each in a worker process ``worker_nice`` below the
    server's priority (:mod:`bola8.server.thinking`; ``stop_workers``: stopped with the app). A script
    that makes the app guards its main code with ``if __name__ == "__main__":``, as the ``spawn``
    start of a worker imports that script again."""
    from bola8.server.app import create_app as build

    return build(db_path, bot_workers=bot_workers, coach_workers=coach_workers, worker_nice=worker_nice,
                 stop_workers=stop_workers)
