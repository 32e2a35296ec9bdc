"""bola8.server: the HTTP API (docs/server-api.md) and the browser app, on SQLite.

``create_app(db_path)`` builds the ASGI app; ``bola8 serve`` runs it with uvicorn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fastapi import FastAPI

__all__ = ["create_app"]


def create_app(db_path: str, *, bot_workers: int = 1) -> FastAPI:
    """The ASGI app on the SQLite database at ``db_path``; each request chooses its language (?lang=).

    The bots play in the background on ``bot_workers`` threads (0: no bot plays)."""
    from bola8.server.app import create_app as build

    return build(db_path, bot_workers=bot_workers)
