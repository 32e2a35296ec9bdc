"""Live updates: who watches each game and table, and the WebSocket loop that sends them each change.

A :class:`Hub` holds one queue per open WebSocket, under the key of what it
watches (a game's or a table's id). Publishing puts one message, already
encoded in each language, in every queue of that key; :func:`serve_live`
sends a connection's messages in order until the connection goes away. The
hub knows nothing of games or tables: what is published is decided by their
registries.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable

from fastapi import WebSocket, WebSocketDisconnect


class Hub:
    """The WebSocket spectators of each game and table: one queue per connection."""

    def __init__(self) -> None:
        self.queues: dict[str, dict[asyncio.Queue[dict[str, str]], str]] = {}   # key -> each queue's language

    def watched(self, key: str) -> bool:
        """Whether anyone watches ``key`` now (a registry builds no message for nobody)."""
        return bool(self.queues.get(key))

    def languages(self, key: str) -> set[str]:
        """The languages the spectators of ``key`` asked for: a message need not be made in the others."""
        return set(self.queues.get(key, {}).values())

    def subscribe(self, key: str, queue: asyncio.Queue[dict[str, str]], lang: str) -> None:
        """``queue`` receives every message published under ``key`` from now on, in ``lang``."""
        self.queues.setdefault(key, {})[queue] = lang

    def unsubscribe(self, key: str, queue: asyncio.Queue[dict[str, str]]) -> None:
        """``queue`` receives nothing more; no key outlives its last spectator (the hub stays bounded)."""
        spectators = self.queues.get(key)
        if spectators is not None:
            spectators.pop(queue, None)
            if not spectators:
                del self.queues[key]

    def publish(self, key: str, texts: dict[str, str]) -> None:
        """Queue one message (its JSON text per language: at least each of :meth:`languages`) for every
        spectator of ``key``."""
        for queue in self.queues.get(key, ()):
            queue.put_nowait(texts)


def socket_lang(websocket: WebSocket) -> str:
    """The language a WebSocket asked for (``?lang=en``), Spanish by default."""
    return "en" if websocket.query_params.get("lang") == "en" else "es"


async def serve_live(websocket: WebSocket, hub: Hub, key: str, first: Callable[[str], str],
                     heard: Callable[[str], None] | None = None) -> None:
    """Serve one spectator of ``key`` until it goes away: accept it, send it ``first(lang)`` (the JSON text
    of what it watches, now, in the language it asked for), then every message published under ``key``;
    ``heard`` is given each text message the spectator sends (a player saying which seat it holds).

    The spectator is subscribed before ``first`` is made, so a change published while it is made or sent
    is queued for it, never missed (a copy of what the first message already showed is harmless: the page
    keeps the newest). When what it watches does not exist (``first`` raised a 404) it is told so, as
    ``{"error"}``, and closed with the code 4404.
    """
    from bola8.server.errors import ApiError

    await websocket.accept()
    lang = socket_lang(websocket)
    queue: asyncio.Queue[dict[str, str]] = asyncio.Queue()
    hub.subscribe(key, queue, lang)

    async def receive() -> None:
        while True:
            text = await websocket.receive_text()
            if heard is not None:
                heard(text)

    reader: asyncio.Future[None] | None = None
    try:
        try:
            text = first(lang)
        except ApiError as error:
            await websocket.send_text(json.dumps({"error": error.text(lang)}, ensure_ascii=False))
            await websocket.close(code=4404)
            return
        await websocket.send_text(text)
        reader = asyncio.ensure_future(receive())
        while True:
            getter = asyncio.ensure_future(queue.get())
            done, _ = await asyncio.wait({getter, reader}, return_when=asyncio.FIRST_COMPLETED)
            if reader in done:
                getter.cancel()
                return
            await websocket.send_text(getter.result()[lang])
    except (WebSocketDisconnect, RuntimeError):
        return
    finally:
        if reader is not None:
            reader.cancel()
        hub.unsubscribe(key, queue)
