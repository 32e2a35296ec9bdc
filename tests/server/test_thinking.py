"""Where the bots and the coach think (bola8.server.thinking): a worker process decides exactly what
this process would, and a worker that dies is replaced."""

from __future__ import annotations

import asyncio
import os
import threading
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

import pytest

from bola8.game.match import MatchSettings
from bola8.game.session import MatchSession
from bola8.server import thinking
from bola8.server.games import bot_seed
from bola8.server.thinking import BotTask, bot_decision

T = TypeVar("T")


def run(scenario: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """``scenario`` on an event loop of its own thread (the browser tests leave one running in this one)."""
    out: list[T] = []
    thread = threading.Thread(target=lambda: out.append(asyncio.run(scenario())))
    thread.start()
    thread.join()
    return out[0]


@pytest.mark.slow
def test_a_bot_decides_in_a_worker_process_what_it_decides_here() -> None:
    # the lag, the break's ball in hand, the break, and searching bots' first strokes and choices
    session = MatchSession(MatchSettings(table="7ft", race=1, seed=4))
    kinds = ("bot:club", "bot:beginner")
    tasks, here = [], []
    for n in range(7):
        now = session.to_act()
        if now is None:
            break
        task = BotTask(kinds[now.seat], f"bot {now.seat}", bot_seed(4, now.seat, n), now, session.game, session.spec)
        decided = bot_decision(task)
        tasks.append(task)
        here.append(decided)
        session.apply(*decided)

    async def there() -> list[object]:
        return list(await asyncio.gather(*(thinking.run("bots", 1, bot_decision, task) for task in tasks)))

    assert {task.to_act.action for task in tasks} >= {"lag", "place", "shot"}
    assert run(there) == here


def pid(_: object) -> int:
    return os.getpid()


def test_a_worker_that_dies_is_replaced_and_the_task_done() -> None:
    async def scenario() -> tuple[int, int]:
        first = await thinking.run("test-dies", 1, pid, None)
        for process in list((thinking.pool("test-dies", 1)._processes or {}).values()):
            process.kill()
            process.join()
        return first, await thinking.run("test-dies", 1, pid, None)

    first, second = run(scenario)
    assert first != second and second != os.getpid()
