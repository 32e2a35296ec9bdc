"""The API's routes, one module per resource (each an ``APIRouter``); :data:`ROUTERS` in the order the
app includes them - the static files last, as their catch-all path would shadow the others."""

from __future__ import annotations

from bola8.server.routes import games, lobby, meta, practice, profiles, static, tables, tournaments

ROUTERS = (games.router, tables.router, profiles.router, lobby.router, tournaments.router, practice.router,
           meta.router, static.router)
