"""The games the server holds: rebuilt from the store on first use, changed only through :meth:`commit`.

Every change of a game - a person's action answered by an HTTP request, a
bot's action played in the background (:mod:`bola8.server.bots`) - goes
through :meth:`GameRegistry.commit` on the event loop: the action is applied,
stored (committed before anyone is told), published to the game's WebSocket
spectators, and the registry's listeners are told (the bot runner listens, in
case a bot is to act next). So the order a spectator sees is the order on the
disk. The registry knows no listener by name: it imports neither the bots nor
the routes.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections.abc import Callable

from bola8.game.session import Action
from bola8.server.errors import not_found
from bola8.server.games import LiveGame, ShotEntry, action_from_dict, action_to_dict
from bola8.server.live import Hub
from bola8.server.store import Store, token_digest
from bola8.server.views import game_view, shot_text

Listener = Callable[[LiveGame], None]


class GameRegistry:
    """The live games by id, their seat-token digests, and who waits for their next change."""

    def __init__(self, store: Store, hub: Hub):
        self.store = store
        self.hub = hub
        self.live: dict[str, LiveGame] = {}
        self.tokens: dict[str, list[str | None]] = {}
        # told of every game that changed or came into memory (the bot runner: is a bot to act?)
        self.listeners: list[Listener] = []
        self._waiters: dict[str, list[asyncio.Future[None]]] = {}

    # ------------------------------------------------------------ finding games
    def rebuild(self, game_id: str) -> tuple[LiveGame, list[str | None]]:
        """A stored game made again from its actions (no registry state is touched: safe in a thread)."""
        stored = self.store.load(game_id, "game")
        if stored is None:
            raise not_found("game", game_id)
        game = LiveGame(game_id, stored.params)
        for data, at in zip(stored.actions, stored.times):
            game.apply(*action_from_dict(data), at=at)
        return game, list(stored.tokens)

    def adopt(self, game: LiveGame, tokens: list[str | None]) -> LiveGame:
        """Hold a rebuilt game (unless another copy got there first) and give its bots their turn."""
        held = self.live.get(game.id)
        if held is not None:
            return held
        self.live[game.id], self.tokens[game.id] = game, tokens
        if game.session.over:
            self.store.mark_over(game.id)        # a database from before the column was added
        else:
            self._tell(game)
        return game

    def load(self, game_id: str) -> LiveGame:
        game = self.live.get(game_id)
        if game is not None:
            return game
        return self.adopt(*self.rebuild(game_id))

    def add(self, game: LiveGame, tokens: list[str | None]) -> None:
        """A game just created (and stored)."""
        self.live[game.id], self.tokens[game.id] = game, tokens
        self._tell(game)

    def seat_of(self, game_id: str, token: str | None) -> int | None:
        """The seat whose token the request carries, or None."""
        if not token:
            return None
        digest = token_digest(token)
        for seat, stored in enumerate(self.tokens.get(game_id, [])):
            if stored is not None and secrets.compare_digest(stored, digest):
                return seat
        return None

    # ------------------------------------------------------------ changing them
    def commit(self, game: LiveGame, seat: int, action: Action) -> list[ShotEntry]:
        """Apply ``seat``'s action, store it, tell the spectators; the strokes it played.

        InputError when the game refuses the action (nothing changes)."""
        n, before = game.actions, len(game.shots)
        at = time.time()
        outcome = game.apply(seat, action, at=at)
        try:
            self.store.append(game.id, n, action_to_dict(seat, outcome.action), over=game.session.over, at=at)
        except Exception:
            self.live.pop(game.id, None)      # memory is ahead of the disk: rebuild from it next time
            raise
        played = game.shots[before:]
        self.publish(game, played)
        for waiter in self._waiters.pop(game.id, []):
            if not waiter.done():
                waiter.set_result(None)
        self._tell(game)
        return played

    def _tell(self, game: LiveGame) -> None:
        for listener in self.listeners:
            listener(game)

    async def changed(self, game_id: str, after: int, timeout: float) -> bool:
        """Wait until the game has more than ``after`` actions; False after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while (game := self.live.get(game_id)) is None or game.actions <= after:
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self._waiters.setdefault(game_id, []).append(waiter)
            try:
                await asyncio.wait_for(waiter, min(left, 1.0))
            except asyncio.TimeoutError:
                if game_id not in self.live:
                    self.load(game_id)         # dropped after a failed write: rebuilt from the disk
        return True

    def publish(self, game: LiveGame, shots: list[ShotEntry]) -> None:
        """Each spectator's message for this change: the view and the last stroke of it."""
        if not self.hub.watched(game.id):
            return                      # nobody watches: no JSON to build
        last = shots[-1] if shots else None
        self.hub.publish(game.id, {lang: '{"view":' + json.dumps(game_view(game, lang), ensure_ascii=False)
                                   + ',"shot":' + ("null" if last is None else shot_text(last, lang)) + "}"
                                   for lang in ("es", "en")})

    def answer(self, game: LiveGame, played: list[ShotEntry], shot: ShotEntry | None, lang: str) -> str:
        """An action's answer as JSON text: VIEW, every stroke played, the acting seat's stroke."""
        # Written by hand so that a shot's text (its trajectory) is encoded once, not per copy.
        return ('{"view":' + json.dumps(game_view(game, lang), ensure_ascii=False)
                + ',"shots":[' + ",".join(shot_text(s, lang) for s in played) + "]"
                + ("" if shot is None else ',"shot":' + shot_text(shot, lang)) + "}")

    def open_bot_games(self) -> list[str]:
        """The stored games not over in which a bot plays (those whose bot may have been interrupted)."""
        return [game_id for game_id, params in self.store.open_matches("game")
                if any(str(kind).startswith("bot") for kind in params.get("players", []))]
