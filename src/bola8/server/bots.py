"""The bots play in the background: a person's request never waits for a bot's decision.

When a bot is to act in a game (after any change, at creation, when a game is
rebuilt after a restart), the game is queued. Workers take games from the
queue; each sends the bot's decision (:meth:`LiveGame.bot_task`, a value) to
a worker process (:mod:`bola8.server.thinking`: a strong bot searches for
seconds, holding its process's GIL, and the server's own process keeps
answering meanwhile), then commits the action on the event loop through
:meth:`GameRegistry.commit` - stored, then pushed to the WebSocket
spectators - and queues the game again if a bot is still to act. Games with a
person come first; bot-against-bot games take one action per turn of the
queue, so several of them share the workers.

A decision made while the game changed under it (a person forfeited, say)
is thrown away and the bot decides again from the new position. The bot's
seed comes from the match seed, its seat and the action's number
(``games.bot_seed``), so a decision interrupted by a restart is made again,
identically, by the next server.

Bot against bot: the server plays such a match to its end by itself, as fast
as the bots decide, whether or not anyone watches; a viewer's page plays the
stored shots back at the pace the viewer chooses (docs/server-api.md).
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import time
from typing import TYPE_CHECKING

from bola8.errors import InputError
from bola8.game.match import safety_battle
from bola8.game.session import AnswerAction, ProposeAction
from bola8.server import thinking
from bola8.server.errors import ApiError

if TYPE_CHECKING:
    from bola8.game.session import Action
    from bola8.server.games import LiveGame
    from bola8.server.registry import GameRegistry

log = logging.getLogger("bola8.server")
decisions = logging.getLogger("bola8.bots")     # one line per bot action committed (INFO)
STOP_GRACE_S = 0.5        # how long a stopping app waits for a decision under way before dropping it
FAILED_KEPT = 1000        # games whose bot failed, remembered (their bots are not woken again)
SWEEP_S = 3.0             # how often the games whose bot another server claimed are tried again


class BotRunner:
    """The queue of games whose bot is to act, and the workers that play them."""

    def __init__(self, registry: GameRegistry, workers: int = 1, nice: int = thinking.NICE):
        self.registry = registry
        self.workers = workers                 # 0: no bot plays (a server that only shows games)
        self.nice = nice                       # the worker processes' priority below the server's
        self.deciding = 0                      # decisions sent to a worker and not answered yet
        self.stopping = False                  # the app stops: no new decision starts
        self.failed: dict[str, str] = {}       # game id -> why its bot stopped (a bug; logged; the latest kept)
        self.elsewhere: set[str] = set()       # games whose bot's turn another server has claimed
        self._queue: asyncio.PriorityQueue[tuple[int, int, str]] | None = None
        self._queued: set[str] = set()
        self._tasks: list[asyncio.Task[None]] = []
        self._order = itertools.count()

    def busy(self, game_id: str) -> bool:
        """Whether a bot is to play in this game now (queued or deciding): the registry keeps it in memory."""
        return game_id in self._queued

    def wake(self, game: LiveGame) -> None:
        """Queue ``game`` if a bot is to act in it (and it is not queued already). On the event loop."""
        # a stopping runner takes nothing more: its workers would take the game back at once and,
        # never waiting on anything, keep the event loop from reaching the stop
        if game.id in self._queued or game.id in self.failed or self.workers == 0 or self.stopping:
            return
        if self._due(game) is None:
            return
        if self._queue is None:
            self._start()
        assert self._queue is not None
        self._queued.add(game.id)
        self._queue.put_nowait((0 if game.has_person else 1, next(self._order), game.id))

    def _start(self) -> None:
        self._queue = asyncio.PriorityQueue()
        self._tasks = [asyncio.get_running_loop().create_task(self._work()) for _ in range(self.workers)]

    async def stop(self) -> None:
        """Stop the bots' worker processes; a decision in flight is dropped (a restart plays it again)."""
        # No new decision starts; one under way gets a moment to finish (a quick bot's takes
        # milliseconds). A search still running after it would hold its worker for the next app of
        # this process, so its pool is stopped with it (counted before the cancellations below end
        # the waits for them).
        self.stopping = True
        deadline = time.monotonic() + STOP_GRACE_S
        while self.deciding and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        searching = self.deciding > 0
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self._tasks, self._queue = [], None
        self._queued.clear()
        if searching:
            thinking.discard("bots", self.workers, self.nice)

    async def resume(self) -> None:
        """After a start: every stored game whose bot may have been interrupted is rebuilt (in a
        thread: a long match takes a while) and its bot woken."""
        loop = asyncio.get_running_loop()
        for game_id in self.registry.open_bot_games():
            if game_id in self.registry.live:
                continue
            try:
                game = await loop.run_in_executor(None, self.registry.rebuild, game_id)
            except Exception:                  # a game that cannot be rebuilt must not stop the others
                log.exception("resuming game %s", game_id)
                continue
            self.registry.adopt(game)

    async def _work(self) -> None:
        assert self._queue is not None
        while True:
            _, _, game_id = await self._queue.get()
            try:
                await self._move(game_id)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log.exception("the bot of game %s failed", game_id)
                self.failed[game_id] = f"{type(error).__name__}: {error}"
                while len(self.failed) > FAILED_KEPT:        # bounded: the oldest failure forgotten first
                    del self.failed[next(iter(self.failed))]
            finally:
                self._queued.discard(game_id)
            game = self.registry.live.get(game_id)
            if game is not None:
                game.thinking_since = None
                self.wake(game)               # its next action, behind the games queued meanwhile
            self.registry.release(game_id)    # a match that ended leaves memory once nobody needs it

    @staticmethod
    def _due(game: LiveGame) -> str | None:
        """What a bot of ``game`` has to do now: "answer" a proposal made to it (Art. 21.2), "act", or
        nothing (None: a person is to act, the match is over, or the bot's own proposal waits)."""
        proposal = game.session.proposal
        if proposal is not None:
            return "answer" if game.is_bot(1 - proposal.by) else None
        now = game.session.to_act()
        return "act" if now is not None and game.is_bot(now.seat) else None

    async def _move(self, game_id: str) -> None:
        game = self.registry.load(game_id, fresh=True)
        due = self._due(game)
        if due is None or self.stopping:
            return
        # several servers on one database: exactly one decides this bot's action (a claim another server
        # holds is left to it; if that server dies, its claim goes with it and the sweep takes it over)
        claim = f"bot:{game_id}"
        if not self.registry.store.claim(claim):
            self.elsewhere.add(game_id)
            return
        self.elsewhere.discard(game_id)
        try:
            if self.registry.store.shared:
                self.registry.catch_up(game)          # the claim's last holder may have just played
                due = self._due(game)
            if due is not None:
                await self._decide_and_commit(game, due)
        finally:
            self.registry.store.release(claim)

    async def sweep(self) -> None:
        """Several servers: every few seconds, the games whose bot another server claimed are tried again
        (a claim whose server died is free again)."""
        while not self.stopping:
            await asyncio.sleep(SWEEP_S)
            for game_id in list(self.elsewhere):
                game = self.registry.live.get(game_id)
                if game is None:
                    self.elsewhere.discard(game_id)
                    continue
                self.registry.catch_up(game)
                self.wake(game)

    async def _decide_and_commit(self, game: LiveGame, due: str) -> None:
        before = game.actions
        game.thinking_since = time.time()
        if due == "answer":
            assert game.session.proposal is not None
            seat = 1 - game.session.proposal.by
            agrees = await self.would_agree(game, seat)
            if not self._stale(game, before):
                self._commit(game, seat, AnswerAction(agrees))
            return
        now = game.session.to_act()
        assert now is not None
        if await self.proposes_stalemate(game, now.seat):
            if not self._stale(game, before):   # (the game may have moved on while the bot considered it)
                self._commit(game, now.seat, ProposeAction())   # the bot waits for the person's answer
            return
        if self._stale(game, before):
            return
        try:
            seat, action = await self.decide(game)
        except Exception:
            if self._stale(game, before):
                return                        # it thought about a position that changed under it
            raise
        if self._stale(game, before):
            return                            # the game changed while the bot thought: it thinks again
        self._commit(game, seat, game.timed(seat, action, time.time()))

    def _commit(self, game: LiveGame, seat: int, action: Action) -> None:
        try:
            self.registry.commit(game, seat, action)
            decisions.info("game %s, action %d: played by this server's bot", game.id, game.actions - 1)
        except ApiError as refused:
            if refused.status != 409:
                raise
            # another server stored an action first (a person's forfeit, say): the game is read again,
            # and the bot decides again from it if it is still to act
        except InputError as refused:
            raise RuntimeError(f"the game refused its bot's action: {refused.en}") from refused

    async def decide(self, game: LiveGame) -> tuple[int, Action]:
        """The bot's action in ``game`` as it stands, decided in a worker process."""
        self.deciding += 1
        try:
            return await thinking.run("bots", self.workers, thinking.bot_decision, game.bot_task(), self.nice)
        finally:
            self.deciding -= 1

    async def proposes_stalemate(self, game: LiveGame, seat: int) -> bool:
        """Art. 21.2, before its shot in a run of safeties against a person: whether the bot at ``seat``
        proposes a stalemate - when it would agree to one, asked in a worker process, as the library's
        match asks its players (``game.match.agreed_stalemate``); not again once the person declined
        one, before the next stroke (``MatchSession.declined``)."""
        state = None if game.session.game is None else game.session.game.state
        now = game.session.to_act()
        if (state is None or now is None or now.action != "shot" or game.is_bot(1 - seat)
                or not safety_battle(state) or game.session.declined(seat)):
            return False
        return await self.would_agree(game, seat)

    async def would_agree(self, game: LiveGame, seat: int) -> bool:
        """Whether the bot at ``seat`` agrees to a stalemate in ``game`` as it stands (Art. 21.2), asked in
        a worker process. A server whose bots do not play (no workers) never asks: its bots never agree."""
        if self.workers == 0:
            return False
        self.deciding += 1             # (a stopping app waits for it as for a decision)
        try:
            return bool(await thinking.run("bots", self.workers, thinking.bot_agrees, game.stalemate_task(seat),
                                           self.nice))
        finally:
            self.deciding -= 1

    def _stale(self, game: LiveGame, before: int) -> bool:
        return self.registry.live.get(game.id) is not game or game.actions != before
