"""The ASGI app: the JSON API of docs/server-api.md under /api and the browser app at /.

``create_app`` makes the services (the store, the live hub, the registries
of games and tables, the bot runner, the coach), installs the error
handlers and includes the routers of :mod:`bola8.server.routes`. Handlers
are ``async`` and run one at a time on the event loop, so a game is never
changed by two requests at once; a stroke simulates in milliseconds. Every
refusal is ``{"error": "<one sentence naming the field>"}`` in the
request's ``?lang=es|en`` (Spanish by default) with a 4xx status.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI

from bola8.server import errors, thinking
from bola8.server.bots import BotRunner
from bola8.server.deps import Services
from bola8.server.edge import MAX_BODY, Edge
from bola8.server.hints import HintService
from bola8.server.live import Hub
from bola8.server.rate import CREATIONS_PER_MINUTE, CreationLimit
from bola8.server.registry import CAPACITY, GameRegistry
from bola8.server.profiles import Profiles
from bola8.server.routes import ROUTERS, lobby
from bola8.server.store import open_store
from bola8.server.sync import Sync
from bola8.server.tables import TableRegistry
from bola8.server.tournaments import Tournaments


def create_app(db: str, *, bot_workers: int = 1, coach_workers: int = 1, worker_nice: int = 5,
               stop_workers: bool = False, max_body: int = MAX_BODY,
               creations_per_minute: int = CREATIONS_PER_MINUTE, games_in_memory: int = CAPACITY) -> FastAPI:
    """The server's app on the database ``db``: a SQLite file (made when missing) or a PostgreSQL URL.

    ``bot_workers``: how many bot decisions may run at once, ``coach_workers`` how many hints: worker
    processes each, ``worker_nice`` below the server's priority (:mod:`bola8.server.thinking`; see
    :mod:`bola8.server.bots`, :mod:`bola8.server.hints`). ``stop_workers``: the app's shutdown stops
    every worker process (``bola8 serve``; apps that share a Python process leave them to the next).
    ``max_body``: the largest request body in bytes (:mod:`bola8.server.edge`);
    ``creations_per_minute``: what one client address may create a minute (:mod:`bola8.server.rate`;
    0: no limit); ``games_in_memory``: how many games the server keeps in memory
    (:mod:`bola8.server.registry`)."""
    store = open_store(db)
    hub = Hub()
    games = GameRegistry(store, hub, capacity=games_in_memory)
    bots = BotRunner(games, workers=bot_workers, nice=worker_nice)
    games.listeners.append(bots.wake)
    games.pins.append(bots.busy)
    profiles = Profiles(store)
    games.finisher = profiles.finish
    tables = TableRegistry(store, hub)
    tournaments = Tournaments(store, hub, tables, games)
    services = Services(store=store, hub=hub, games=games, bots=bots,
                        hints=HintService(workers=max(coach_workers, 1), nice=worker_nice),
                        tables=tables, creations=CreationLimit(creations_per_minute), profiles=profiles,
                        sync=Sync(store, games, tables), tournaments=tournaments)
    services.sync.on_lobby.append(lambda: lobby.publish(services))
    games.ended.append(lambda game: services.sync.lobby_changed() if game.public else None)
    services.sync.on_other.append(tournaments.notified)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # games whose bot was to act when the last server stopped: their bots play on
        loop = asyncio.get_running_loop()
        resuming = loop.create_task(bots.resume())
        services.sync.start()
        sweeping = loop.create_task(bots.sweep()) if store.shared else None
        yield
        resuming.cancel()
        if sweeping is not None:
            sweeping.cancel()
        await services.sync.stop()
        await bots.stop()
        services.hints.stop()
        if stop_workers:
            thinking.shutdown()
        store.flush()
        if store.shared:
            store.close()          # (PostgreSQL: its listener and claims end with the app)

    app = FastAPI(title="bola8", version="1", openapi_url="/api/openapi.json", docs_url="/api/docs",
                  redoc_url=None, lifespan=lifespan)
    app.state.services = services
    errors.install(app)
    for router in ROUTERS:
        app.include_router(router)
    app.add_middleware(Edge, max_body=max_body)
    return app
