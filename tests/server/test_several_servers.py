"""Several servers on one PostgreSQL database act as one (docs/deploy.md): a game made on one is joined
and played on the other, live on both; a bot's action is played exactly once; a SIGKILL loses nothing."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

pytestmark = pytest.mark.slow


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    def __init__(self, db: str):
        self.port = free_port()
        self.log = tempfile.NamedTemporaryFile(prefix="bola8-server-", suffix=".log", delete=False)
        self.process = subprocess.Popen([sys.executable, "-m", "bola8", "serve", "--port", str(self.port), "--db", db,
                                         "--creations-per-minute", "0"],
                                        stdout=self.log, stderr=subprocess.STDOUT,
                                        env={**os.environ, "PYTHONUNBUFFERED": "1"})
        deadline = time.monotonic() + 120
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{self.port}/api/meta", timeout=2).read()
                return
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError("the server did not start: " + self.text())
                time.sleep(0.2)

    def text(self) -> str:
        with open(self.log.name, encoding="utf-8", errors="replace") as log:
            return log.read()

    def call(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", method=method,
                                         data=None if body is None else json.dumps(body).encode())
        request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        with urllib.request.urlopen(request, timeout=60) as answer:
            return json.loads(answer.read())

    def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.process.poll() is None:
            self.process.send_signal(sig)
            self.process.wait(timeout=30)


@contextmanager
def servers(db: str, count: int = 2) -> Iterator[list[Server]]:
    started: list[Server] = []
    try:
        for _ in range(count):
            started.append(Server(db))
        yield started
    finally:
        for server in started:
            server.stop()
            server.log.close()
            os.unlink(server.log.name)      # its text was read where a test needed it


def until(predicate: Any, timeout: float = 60.0) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_a_game_made_on_one_server_is_joined_and_played_on_the_other_live_on_both(postgres_url: str) -> None:
    from websockets.sync.client import connect

    with servers(postgres_url) as (one, two):
        made = one.call("POST", "/api/games", {"players": ["person", "person"], "race": 1, "seed": 3, "invite": True})
        game, code, token0 = made["id"], made["invite"], made["seats"][0]["token"]
        joined = two.call("POST", f"/api/games/{game}/join", {"invite": code, "name": "Luis"})
        token1 = joined["token"]
        with connect(f"ws://127.0.0.1:{one.port}/api/games/{game}/live") as on_one, \
                connect(f"ws://127.0.0.1:{two.port}/api/games/{game}/live") as on_two:
            on_one.recv(), on_two.recv()
            on_two.send(json.dumps({"token": token1}))              # Luis is connected to the second server
            until(lambda: one.call("GET", f"/api/games/{game}")["players"][1]["connected"])
            one.call("POST", f"/api/games/{game}/lag", {"speed": 2.4}, token0)      # Ana acts on the first
            two.call("POST", f"/api/games/{game}/lag", {"speed": 2.6}, token1)      # Luis on the second
            for socket_ in (on_one, on_two):                                        # both live: both lags seen
                until(lambda: json.loads(socket_.recv())["view"]["actions"] >= 3)
        def same() -> Any:          # (Luis's leaving reaches the first server a moment later)
            view = one.call("GET", f"/api/games/{game}")
            return view if view == {**two.call("GET", f"/api/games/{game}"), "clock": view["clock"]} else None

        view = until(same)
        assert view["state"] is not None and view["lag"]["winner"] in (0, 1)
        assert [p["connected"] for p in view["players"]] == [False, False]


def test_a_bot_action_is_played_once_and_a_killed_server_loses_nothing(postgres_url: str) -> None:
    with servers(postgres_url) as (one, two):
        made = one.call("POST", "/api/games", {"players": ["bot", "bot"], "race": 5, "seed": 9})
        game = made["id"]
        two.call("GET", f"/api/games/{game}")                    # the second server holds it too: both may play
        # killed early in the match (a race to 5 is dozens of actions; a loaded machine polls slowly)
        before = until(lambda: (lambda v: v["actions"] if v["actions"] >= 8 else 0)(
            one.call("GET", f"/api/games/{game}")))
        # the server killed is one that has played some of those actions: on a loaded machine one server
        # can take all of the first ones, and killing the other would lose nothing to find
        killed, left = (one, two) if re.search(rf"game {game}, action \d+: played", one.text()) else (two, one)
        killed.stop(signal.SIGKILL)
        assert left.call("GET", f"/api/games/{game}")["to_act"] is not None, "the match ended before the kill"
        until(lambda: left.call("GET", f"/api/games/{game}")["to_act"] is None, timeout=240)
        final = left.call("GET", f"/api/games/{game}")
        assert final["actions"] > before and final["winner"] in (0, 1)
        played = [re.findall(rf"game {game}, action (\d+): played", server.text()) for server in (one, two)]
        numbers = [int(n) for found in played for n in found]
        # every action of the match was a bot's, each played by one server: none twice, and none missing but
        # one the killed server may have committed in the instant between its commit and its log line
        assert len(numbers) == len(set(numbers)), played
        missing = set(range(final["actions"])) - set(numbers)
        assert len(missing) <= 1 and all(n >= before - 1 for n in missing), (played, before)
        assert set(numbers) <= set(range(final["actions"])), (played, final["actions"])
        assert all(played), "both servers played some of the bots' actions"
        text = urllib.request.urlopen(f"http://127.0.0.1:{left.port}/api/games/{game}/record").read().decode()
        from bola8.game.record import replay

        report = replay([dict(json.loads(line), _line=i + 1) for i, line in enumerate(text.splitlines())])
        assert report.ok and report.complete, report.mismatches
