"""Where the bots and the coach think: worker processes beside the server's own.

A searching bot (and the coach, which is its search) is Python and numba, and
numba's kernels hold the GIL for as long as they run. On a thread of the
server's process a champion's decision - seconds of kernels - delayed every
other request (``benchmarks/bench_server.py --only busy``: beside a
champion-against-champion match a typical stroke's median tripled and its
worst case reached half a second; docs/server-api.md, Measured). So every
decision and every piece of advice is computed in a worker process and only
its answer comes back to the event loop.

What goes to a worker is a value: :class:`BotTask` holds what
:func:`bola8.game.session.bot_action` reads of a session - who acts and how,
the :class:`~bola8.game.Game` in play (an immutable value, about 1.5 kB
pickled), the table - and the bot's kind and seed; the coach's task
(:mod:`bola8.server.hints`) holds the game, the level and the seed. A
worker computes from it exactly what the server's own thread computed: the
same position, the same seed, the same compiled kernels, so the same bot
plays the same strokes wherever it thinks, and a restarted server resumes a
match identically (``tests/server/test_thinking.py``).

The workers are started with the ``spawn`` method: the server's process has
threads (uvicorn's, the executors'), and a fork of a process with threads can
inherit a lock held by one of them. Starting a worker costs about a second
(imports, numba's kernels loaded from their cache), so each pool is started on
first use, warmed at once (:func:`warm`), and shared by every app made in
the same Python process (a test suite makes many; ``bola8 serve`` stops them
with its app, and an app that stops while its tasks run stops their pool).
The workers run at a lower priority than the server (``nice``
+5 by default, ``bola8 serve --worker-nice``), so that on a machine with
fewer cores than busy processes the event loop is scheduled first - the bots
then think more slowly while requests keep the cores busy. A worker that
dies (killed, out of memory) breaks its pool: the pool is made again and the
task tried once more.
"""

from __future__ import annotations

import asyncio
import atexit
import multiprocessing
import os
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from bola8.game import Game
    from bola8.game.session import Action, ToAct
    from bola8.physics import TableSpec

T = TypeVar("T")
NICE = 5                      # by default, how much lower the workers' priority is than the server's
WARMED = ("bots", "coach")    # the pools whose workers load the search's kernels as they start

_pools: dict[tuple[str, int, int], ProcessPoolExecutor] = {}
_lock = threading.Lock()


# ------------------------------------------------------------------ the tasks
@dataclass(frozen=True)
class BotTask:
    """A bot's decision as a value: who it is, and what a session shows it."""

    kind: str                 # "bot:<level>" (bola8.players.make_player)
    name: str
    seed: int                 # bola8.server.games.bot_seed of the match seed, the seat and the action
    to_act: ToAct
    game: Game | None         # None while a lag is due
    spec: TableSpec


def bot_decision(task: BotTask) -> tuple[int, Action]:
    """The action the bot plays (not applied): what ``LiveGame.bot_move`` answers, anywhere."""
    from bola8.game.session import bot_action_at
    from bola8.players import make_player

    bot = make_player(task.kind, name=task.name, seed=task.seed)
    return bot_action_at(task.to_act, task.game, task.spec, bot)


@dataclass(frozen=True)
class StalemateTask:
    """A bot asked whether it agrees to a stalemate (Art. 21.2), seated as ``seat`` in ``game``."""

    kind: str
    name: str
    seed: int
    game: Game
    seat: int


def bot_agrees(task: StalemateTask) -> bool:
    """The bot's answer to a proposed stalemate: ``Player.agrees_to_stalemate`` (the baseline never
    agrees; a searching bot when the position is worth less to it than the rack played again)."""
    from bola8.players import make_player

    bot = make_player(task.kind, name=task.name, seed=task.seed)
    return bool(bot.agrees_to_stalemate(task.game, task.seat))


def warm() -> None:
    """Load what every task needs - the modules, and numba's kernels from their cache - by playing one
    stroke and one beginner's search, so a worker's first real question is answered at full speed."""
    from bola8 import rules
    from bola8.game.position import game_at
    from bola8.players.coach import advise

    state = rules.State.from_dict({"groups": ["solids", "stripes"], "on_table": [3, 8, 11]})
    game = game_at("7ft", state, {0: (0.5, 0.5), 3: (0.6, 1.2), 8: (0.3, 1.5), 11: (0.8, 0.4)})
    advise(game, level="beginner", top=1)


def _start_worker(nice: int) -> None:
    """A worker's start: a lower priority, and an end of its own when the server's process dies."""
    if nice and hasattr(os, "nice"):
        try:
            os.nice(nice)
        except OSError:       # not allowed here: the worker runs at the server's priority
            pass
    # A server killed outright (SIGKILL) cannot stop its workers, and a worker holds both ends of
    # its task queue, so it would wait for tasks forever: it watches its parent instead.
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_exit_with, args=(parent.sentinel,), name="bola8-parent-watch", daemon=True).start()


def _exit_with(sentinel: int) -> None:
    from multiprocessing.connection import wait

    wait([sentinel])
    os._exit(0)


# ------------------------------------------------------------------ the pools
def pool(role: str, workers: int, nice: int = NICE) -> ProcessPoolExecutor:
    """The pool of ``workers`` processes for ``role`` ("bots", "coach") at ``nice``, started on first use."""
    with _lock:
        key = (role, workers, nice)
        executor = _pools.get(key)
        if executor is None:
            if not _pools:
                atexit.register(shutdown)
            executor = _pools[key] = ProcessPoolExecutor(
                max_workers=workers, mp_context=multiprocessing.get_context("spawn"), initializer=_start_worker,
                initargs=(nice,))
            if role in WARMED:
                for _ in range(workers):
                    executor.submit(warm)
        return executor


def _replace(key: tuple[str, int, int], broken: ProcessPoolExecutor) -> None:
    with _lock:
        if _pools.get(key) is broken:
            del _pools[key]
    broken.shutdown(wait=False, cancel_futures=True)


async def run(role: str, workers: int, function: Callable[[Any], T], task: Any, nice: int = NICE) -> T:
    """``function(task)`` in a worker of ``role``'s pool, awaited on the event loop; a broken pool is
    made again and the task tried once more."""
    loop = asyncio.get_running_loop()
    for attempt in (1, 2):
        executor = pool(role, workers, nice)
        try:
            return await loop.run_in_executor(executor, function, task)
        except BrokenProcessPool:
            _replace((role, workers, nice), executor)
            if attempt == 2:
                raise
    raise AssertionError("unreachable")


def discard(role: str, workers: int, nice: int = NICE) -> None:
    """Stop one pool's workers now, searches in progress included: an app that stops while its tasks
    run leaves nothing for the next one to wait behind (the next use starts the pool again)."""
    with _lock:
        executor = _pools.pop((role, workers, nice), None)
    if executor is not None:
        _stop(executor)


def shutdown() -> None:
    """Stop every worker now (a task in progress is dropped: the server is stopping)."""
    with _lock:
        executors = list(_pools.values())
        _pools.clear()
    for executor in executors:
        _stop(executor)


def _stop(executor: ProcessPoolExecutor) -> None:
    # terminated first: shutdown alone would wait for a search in progress to finish; then waited
    # for, so that the pool's queues are closed (and their semaphores released) before the exit
    for process in list((executor._processes or {}).values()):
        process.terminate()
    executor.shutdown(wait=True, cancel_futures=True)
