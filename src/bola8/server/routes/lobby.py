"""/api/lobby: the public invitations whose second seat still waits, and the public matches being played
(anyone may watch them), listed live."""

from __future__ import annotations

import json
import time
from typing import Any

from fastapi import APIRouter, WebSocket

from bola8.server.deps import Services, ServicesDep, services_of
from bola8.server.live import serve_live
from bola8.server.profiles import summary
from bola8.server.routing import StrictRoute

router = APIRouter(route_class=StrictRoute, prefix="/api/lobby", tags=["lobby"])
KEY = "lobby"                  # the hub's key of the lobby's spectators
FRESH_S = 2 * 3600.0           # an invitation older than this is no longer listed (its maker has gone)
PLAYING_S = 6 * 3600.0         # a public match made longer ago than this is no longer listed as being played
SHOWN = 50


def lobby(s: Services) -> dict[str, Any]:
    """The lobby: each waiting public invitation - who made it (with the rating of the profile he plays
    under: whom one sits down against), the race, table, rules, whether rated - and each public match
    being played (its two players: a page to watch)."""
    games = []
    since = time.time() - FRESH_S
    for game_id, params, made in s.store.lobby(since, SHOWN):
        profile_id = (params.get("profiles") or [None])[0]
        maker = None if profile_id is None else s.store.profile(profile_id)
        games.append({"id": game_id, "players": [params["names"][0], None], "race": params["race"],
                      "table": params["table"], "ruleset": params["ruleset"], "rated": bool(params.get("rated")),
                      "created": made, "profile": profile_id, "maker": None if maker is None else summary(maker)})
    playing = [{"id": game_id, "players": [params["names"][0], guest], "race": params["race"],
                "table": params["table"], "ruleset": params["ruleset"], "rated": bool(params.get("rated")),
                "created": made}
               for game_id, params, made, guest in s.store.playing_now(time.time() - PLAYING_S, SHOWN)]
    return {"games": games, "playing": playing}


def publish(s: Services) -> None:
    """Tell the lobby's spectators on this server what it lists now."""
    if s.hub.watched(KEY):
        text = json.dumps(lobby(s), ensure_ascii=False)
        s.hub.publish(KEY, {"es": text, "en": text})


@router.get("")
async def get_lobby(s: ServicesDep) -> dict[str, Any]:
    """The public invitations waiting for a second person, and the public matches being played, newest first."""
    return lobby(s)


@router.websocket("/live")
async def lobby_live(websocket: WebSocket) -> None:
    """The lobby now, then again each time an invitation is made, taken or ended, or a public match ends (on any
    server)."""
    s = services_of(websocket)
    await serve_live(websocket, s.hub, KEY, lambda lang: json.dumps(lobby(s), ensure_ascii=False))
