"""The games the server holds: rebuilt from the store on first use, changed only through :meth:`commit`.

Every change of a game - a person's action answered by an HTTP request, a
bot's action played in the background (:mod:`bola8.server.bots`) - goes
through :meth:`GameRegistry.commit` on the event loop: the action is applied,
stored (committed before anyone is told), published to the game's WebSocket
spectators, and the registry's listeners are told (the bot runner listens, in
case a bot is to act next). So the order a spectator sees is the order on the
disk. The registry knows no listener by name: it imports neither the bots nor
the routes.

Several servers on one database (PostgreSQL) act as one: a game in memory
is brought up to date from the store before it is read or changed
(:meth:`GameRegistry.load`), and when another server announces an action
(:meth:`GameRegistry.notified`), so its spectators here see it too; a second
server that writes the same action number is refused by the store
(``ActionTaken``) and its request answered ``409``.

Memory is bounded however long the server runs. The games in memory are a
cache of the store: at most ``capacity`` of them, the least recently used
dropped first - except those someone is watching or a bot is playing, which
stay while they are - and a match that has ended is dropped as soon as nobody
watches it (it is rebuilt if asked for again). A stroke's SHOT (its
trajectory: over 100 kB for a break) is built when asked and kept in a cache
bounded by its total size (:class:`TextCache`); a record is written again
from the stored actions when asked.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from bola8.game import Turn
from bola8.game.record_writer import RecordWriter
from bola8.game.session import Action, Outcome
from bola8.server.errors import ApiError, not_found
from bola8.server.games import LiveGame, ShotEntry, action_to_dict
from bola8.server.jsontext import dumps
from bola8.server.live import Hub
from bola8.server.store import ActionTaken, Finish, SqlStore, token_digest
from bola8.server.views import game_view, ruling_dict, shot_view_common

Listener = Callable[[LiveGame], None]
Pin = Callable[[str], bool]
Finisher = Callable[[LiveGame], "Finish | None"]

CAPACITY = 200                # games kept in memory (a game of a long match holds a few MB at most)
SHOT_CACHE_BYTES = 32 << 20   # SHOT texts kept, in bytes (a break's is about 100 kB)
FRESH_TURNS = 64              # strokes just played whose turn (simulation included) is kept to answer them


class TextCache:
    """JSON texts by key, the least recently used dropped first once their total size passes a bound."""

    def __init__(self, max_bytes: int):
        self.max_bytes = max_bytes
        self.size = 0
        self._texts: OrderedDict[tuple[str, int, str], str] = OrderedDict()

    def get(self, key: tuple[str, int, str]) -> str | None:
        """The cached text of ``key``, or None."""
        text = self._texts.get(key)
        if text is not None:
            self._texts.move_to_end(key)
        return text

    def put(self, key: tuple[str, int, str], text: str) -> None:
        """Keep ``text`` under ``key``, dropping the oldest entries past the size bound."""
        old = self._texts.pop(key, None)
        self.size -= 0 if old is None else len(old)
        self._texts[key] = text
        self.size += len(text)
        while self.size > self.max_bytes and len(self._texts) > 1:
            _, dropped = self._texts.popitem(last=False)
            self.size -= len(dropped)

    def __len__(self) -> int:
        return len(self._texts)


class GameRegistry:
    """The games in memory by id (a bounded cache of the store), and who waits for their next change."""

    def __init__(self, store: SqlStore, hub: Hub, capacity: int = CAPACITY, shot_cache_bytes: int = SHOT_CACHE_BYTES):
        self.store = store
        self.hub = hub
        self.capacity = capacity
        self.live: OrderedDict[str, LiveGame] = OrderedDict()
        self.shot_texts = TextCache(shot_cache_bytes)
        # the turns of the strokes just played: their SHOT is answered and published from them, not played again
        self._fresh: OrderedDict[tuple[str, int], Turn] = OrderedDict()
        # told of every game that changed or came into memory (the bot runner: is a bot to act?)
        self.listeners: list[Listener] = []
        # asked before a game leaves memory: True keeps it (the bot runner: a bot is playing it)
        self.pins: list[Pin] = []
        # told of a match that an action committed here has just ended (the lobby: a public match leaves its list)
        self.ended: list[Listener] = []
        # asked when a match ends: the results and ratings stored with its last action (the profiles)
        self.finisher: Finisher | None = None
        # presence: the live connections of each seat of each game on this server, and as the other servers
        # sharing the store last announced theirs (server -> game -> counts; see bola8.server.sync)
        self.present: dict[str, list[int]] = {}
        self.elsewhere: dict[str, dict[str, list[int]]] = {}
        self._waiters: dict[str, list[asyncio.Future[None]]] = {}

    # ------------------------------------------------------------ finding games
    def rebuild(self, game_id: str, *, record: RecordWriter | None = None) -> LiveGame:
        """A stored game made again from its actions (no registry state is touched: safe in a thread);
        with ``record``, that writer is told every action, so it writes the game's record."""
        stored = self.store.load(game_id, "game")
        if stored is None:
            raise not_found("game", game_id)
        game = LiveGame(game_id, stored.params, list(stored.tokens), observers=() if record is None else (record,))
        for data, at in zip(stored.actions, stored.times):
            game.replay(data, at)
        return game

    def adopt(self, game: LiveGame) -> LiveGame:
        """Hold a rebuilt game (unless another copy got there first) and give its bots their turn."""
        held = self.live.get(game.id)
        if held is not None:
            return held
        self._hold(game)
        if game.session.over:
            self.store.mark_over(game.id)        # a database from before the column was added
        else:
            self._tell(game)
        return game

    def load(self, game_id: str, *, fresh: bool = False) -> LiveGame:
        """A game, from memory or rebuilt. ``fresh`` (before a change): brought up to date from the store
        first when other servers share it - a read needs no query, as the other servers' announcements
        bring the games held here up to date within milliseconds (:meth:`notified`)."""
        game = self.live.get(game_id)
        if game is not None:
            self.live.move_to_end(game_id)
            if fresh and self.store.shared:
                self.catch_up(game)
            return game
        return self.adopt(self.rebuild(game_id))

    def catch_up(self, game: LiveGame) -> bool:
        """Apply the actions another server stored after the ones this game has; whether there were any
        (its spectators here are told, and the listeners)."""
        newer = self.store.actions_since(game.id, game.actions)
        if newer:
            self._caught_up(game, newer)
        return bool(newer)

    def _caught_up(self, game: LiveGame, newer: list[tuple[dict[str, Any], float | None]]) -> None:
        before = len(game.shots)
        for data, at in newer:
            shots = len(game.shots)
            outcome = game.replay(data, at)
            if outcome is not None:
                self._remember(game, outcome, shots)
        self.publish(game, game.shots[before:])
        self._wake_waiters(game.id)
        self._tell(game)

    def notified(self, game_id: str, actions: int, carried: tuple[dict[str, Any], float | None] | None = None) -> None:
        """Another server announced that game ``game_id`` has ``actions`` actions, the last one ``carried``
        (its JSON and commit time) when the announcement holds it: a game held here that is behind is
        brought up to date - from the announcement when it lacks that action alone, from the store otherwise.
        On the event loop."""
        game = self.live.get(game_id)
        if game is None or game.actions >= actions:
            return
        if carried is not None and game.actions == actions - 1:
            self._caught_up(game, [carried])
        else:
            self.catch_up(game)

    def notified_all(self) -> None:
        """Anything may have changed (the listener has just (re)connected): every game held here is brought
        up to date from the store."""
        for held in list(self.live.values()):
            self.catch_up(held)

    def add(self, game: LiveGame) -> None:
        """A game just created (and stored)."""
        self._hold(game)
        self._tell(game)

    def seat_of(self, game_id: str, token: str | None) -> int | None:
        """The seat whose token the request carries, or None."""
        if not token:
            return None
        digest = token_digest(token)
        for seat, stored in enumerate(self.load(game_id).tokens):
            if stored is not None and secrets.compare_digest(stored, digest):
                return seat
        return None

    def record_text(self, game_id: str) -> str:
        """The game's record (JSON Lines, as ``bola8 match --record``), written again from its stored
        actions: a record is asked for rarely, and a long match's lines would hold megabytes."""
        stored = self.store.load(game_id, "game")
        if stored is None:
            raise not_found("game", game_id)
        writer = RecordWriter(None, LiveGame.record_header(stored.params, stored.actions))
        self.rebuild(game_id, record=writer)
        return writer.text()

    # ------------------------------------------------------------ changing them
    def commit(self, game: LiveGame, seat: int, action: Action) -> list[ShotEntry]:
        """Apply ``seat``'s action, store it, tell the spectators; the strokes it played.

        InputError when the game refuses the action (nothing changes)."""
        n, before = game.actions, len(game.shots)
        at = time.time()
        outcome = game.apply(seat, action, at=at)
        self._remember(game, outcome, before)
        finish = self.finisher(game) if game.session.over and self.finisher is not None else None
        self._store(game, lambda: self.store.append(game.id, n, action_to_dict(seat, outcome.action),
                                                    over=game.session.over, at=at, finish=finish))
        played = game.shots[before:]
        self._committed(game, played)
        if game.session.over:
            for listener in self.ended:
                listener(game)
        return played

    def _remember(self, game: LiveGame, outcome: Outcome, shots_before: int) -> None:
        """Keep the turn of a stroke just played (``game`` had ``shots_before`` strokes before ``outcome``):
        its SHOT is then encoded from it, not from the stroke played once more."""
        if outcome.turn is not None and len(game.shots) > shots_before:
            self._fresh[(game.id, game.shots[-1].n)] = outcome.turn
            while len(self._fresh) > FRESH_TURNS:
                self._fresh.popitem(last=False)

    def join(self, game: LiveGame, seat: int, name: str, profile: str | None, digest: str) -> None:
        """The invited person takes ``seat``: stored (ActionTaken - a 409 - if someone took it first on
        another server), the invitation closed, the spectators and the lobby told."""
        n = game.actions
        game.join(seat, name, profile, digest)
        data = {"seat": seat, "type": "join", "name": name, "profile": profile, "token": digest}
        self._store(game, lambda: self.store.append(game.id, n, data, invite_open=False,
                                                    seat_profile=None if profile is None else (seat, profile)))
        self._committed(game, [])

    def _store(self, game: LiveGame, write: Callable[[], None]) -> None:
        """Run the store's write of the action just applied to ``game``; if it fails, memory is ahead of
        the store: the game is dropped and read again next time (ActionTaken becomes a 409)."""
        try:
            write()
        except Exception as error:
            self.live.pop(game.id, None)      # memory is ahead of the disk: rebuild from it next time
            for key in [key for key in self._fresh if key[0] == game.id]:
                del self._fresh[key]          # (a stroke not stored: the next one will have its number)
            if isinstance(error, ActionTaken):
                raise ApiError(409, "game: the game changed meanwhile (another action was stored first); look "
                                    "again and act on what it shows.",
                               "game: la partida cambió mientras tanto (otra acción se guardó antes); vuelva a "
                               "mirarla y actúe sobre lo que muestra.") from error
            raise

    def _committed(self, game: LiveGame, played: list[ShotEntry]) -> None:
        self.publish(game, played)
        self._wake_waiters(game.id)
        self._tell(game)
        self.release(game.id)

    def _wake_waiters(self, game_id: str) -> None:
        for waiter in self._waiters.pop(game_id, []):
            if not waiter.done():
                waiter.set_result(None)

    async def changed(self, game_id: str, after: int, timeout: float) -> bool:
        """Wait until the game has more than ``after`` actions; False after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while (game := self.live.get(game_id)) is None or game.actions <= after:
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            waiters = self._waiters.setdefault(game_id, [])
            waiters.append(waiter)
            try:
                await asyncio.wait_for(waiter, min(left, 1.0))
            except asyncio.TimeoutError:
                if game_id not in self.live:
                    self.load(game_id)         # dropped after a failed write: rebuilt from the disk
            finally:
                if waiter in waiters:
                    waiters.remove(waiter)
                if not waiters and self._waiters.get(game_id) is waiters:
                    del self._waiters[game_id]
        return True

    def publish(self, game: LiveGame, shots: list[ShotEntry]) -> None:
        """Each spectator's message for this change: the view and the last stroke of it."""
        if not self.hub.watched(game.id):
            return                      # nobody watches: no JSON to build
        last = shots[-1] if shots else None
        self.hub.publish(game.id, {lang: '{"view":' + dumps(self.view(game, lang))
                                   + ',"shot":' + ("null" if last is None else self.shot_text(game, last, lang)) + "}"
                                   for lang in self.hub.languages(game.id)})

    def answer(self, game: LiveGame, played: list[ShotEntry], shot: ShotEntry | None, lang: str) -> str:
        """An action's answer as JSON text: VIEW, every stroke played, the acting seat's stroke."""
        # Written by hand so that a shot's text (its trajectory) is encoded once, not per copy.
        return ('{"view":' + dumps(self.view(game, lang))
                + ',"shots":[' + ",".join(self.shot_text(game, s, lang) for s in played) + "]"
                + ("" if shot is None else ',"shot":' + self.shot_text(game, shot, lang)) + "}")

    def view(self, game: LiveGame, lang: str) -> dict[str, Any]:
        """VIEW of a game, with who is connected now."""
        return game_view(game, lang, self.presence(game.id))

    def shot_text(self, game: LiveGame, entry: ShotEntry, lang: str) -> str:
        """SHOT as JSON text, from the cache or built (the stroke played again) and cached: its fields the
        same in every language (:func:`shot_view_common`, the trajectory) encoded once, the ruling once per
        language asked."""
        common, ruling = self.shot_texts.get((game.id, entry.n, "")), self.shot_texts.get((game.id, entry.n, lang))
        if common is None or ruling is None:
            turn = self._fresh.get((game.id, entry.n)) or entry.turn()
            if common is None:
                common = dumps(shot_view_common(entry, turn))
                self.shot_texts.put((game.id, entry.n, ""), common)
            if ruling is None:
                ruling = dumps(ruling_dict(turn.ruling, lang))
                self.shot_texts.put((game.id, entry.n, lang), ruling)
        return common[:-1] + ',"ruling":' + ruling + "}"

    def open_bot_games(self) -> list[str]:
        """The stored games not over in which a bot plays (those whose bot may have been interrupted)."""
        return [game_id for game_id, params in self.store.open_matches("game")
                if any(str(kind).startswith("bot") for kind in params.get("players", []))]

    # ------------------------------------------------------------ presence
    def connected(self, game_id: str, seat: int, change: int) -> None:
        """A seat's live connection here came (+1) or went (-1): its spectators, here and on the other
        servers, see who is there."""
        counts = self.present.setdefault(game_id, [0, 0])
        counts[seat] = max(0, counts[seat] + change)
        if counts == [0, 0]:
            del self.present[game_id]
        self.store.announce(f"presence:{game_id}:{counts[0]}:{counts[1]}")
        self._presence_changed(game_id)

    def present_elsewhere(self, server: str, game_id: str, counts: list[int]) -> None:
        """Another server announced the live connections it holds of a game's seats."""
        held = self.elsewhere.setdefault(server, {})
        if counts == [0, 0]:
            held.pop(game_id, None)
        else:
            held[game_id] = counts
        self._presence_changed(game_id)

    def server_gone(self, server: str) -> None:
        """Another server stopped announcing itself: the connections it held are gone."""
        for game_id in self.elsewhere.pop(server, {}):
            self._presence_changed(game_id)

    def _presence_changed(self, game_id: str) -> None:
        """The game in memory learns who is there now (how long a player has been away), and its spectators
        see it."""
        game = self.live.get(game_id)
        if game is not None:
            game.presence_changed(self.presence(game_id), time.time())
            self.publish(game, [])

    def presence(self, game_id: str) -> list[bool]:
        """Whether each seat has a live connection, to this server or to another sharing the store."""
        counts = list(self.present.get(game_id, [0, 0]))
        for held in self.elsewhere.values():
            other = held.get(game_id, [0, 0])
            counts = [counts[0] + other[0], counts[1] + other[1]]
        return [counts[0] > 0, counts[1] > 0]

    # ------------------------------------------------------------ memory
    def pinned(self, game_id: str) -> bool:
        """Whether a game must stay in memory now: watched, waited for, or played by a bot."""
        return (self.hub.watched(game_id) or bool(self._waiters.get(game_id)) or game_id in self.present
                or any(pin(game_id) for pin in self.pins))

    def release(self, game_id: str) -> None:
        """Drop a game that has ended from memory unless it is pinned (see the module)."""
        game = self.live.get(game_id)
        if game is not None and game.session.over and not self.pinned(game_id):
            del self.live[game_id]

    def _hold(self, game: LiveGame) -> None:
        game.presence_changed(self.presence(game.id), time.time())     # who is there as it enters memory
        self.live[game.id] = game
        self.live.move_to_end(game.id)
        if len(self.live) <= self.capacity:
            return
        for game_id in list(self.live):            # the least recently used first
            if len(self.live) <= self.capacity:
                break
            if game_id != game.id and not self.pinned(game_id):
                del self.live[game_id]

    def _tell(self, game: LiveGame) -> None:
        for listener in self.listeners:
            listener(game)
