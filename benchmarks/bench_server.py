"""Server benchmark (not a test): stroke latency, 200 WebSocket spectators, first page load.

    .venv/bin/python benchmarks/bench_server.py

1. Stroke latency at the server: the time of ``POST /api/games/{id}/shot``
   in process (simulate, judge, store with its SQLite commit, SHOT with its
   trajectory), for breaks and for typical shots of a hot-seat game (no bot
   replies), after a warm-up that compiles numba.
2. 200 concurrent WebSocket spectators of one hot-seat game on the real
   server (uvicorn on loopback): the time from a person's action (its
   ``POST``) until every spectator has the VIEW it made.
3. First page load: ``/`` and every file it names, over loopback.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

from fastapi.testclient import TestClient

from bola8.server import create_app


def stroke_latency(rounds: int = 15) -> tuple[list[float], list[float]]:
    client = TestClient(create_app(os.path.join(tempfile.mkdtemp(), "bench.db")))
    breaks, shots = [], []
    for i in range(rounds + 1):
        made = client.post("/api/games", json={"players": ["person", "person"], "race": 1, "seed": i}).json()
        game, tokens = made["id"], [s["token"] for s in made["seats"]]
        for seat, speed in ((0, 2.3), (1, 2.6)):
            client.post(f"/api/games/{game}/lag", json={"speed": speed},
                        headers={"Authorization": f"Bearer {tokens[seat]}"})
        for _ in range(8):
            view = client.get(f"/api/games/{game}").json()
            now = view["to_act"]
            if now is None:
                break
            auth = {"Authorization": f"Bearer {tokens[now['seat']]}"}
            if now["action"] == "place":
                client.post(f"/api/games/{game}/place", json={"x": 0.6, "y": 0.3 if view["kitchen_only"] else 0.5},
                            headers=auth)
                continue
            if now["action"] == "choice":
                client.post(f"/api/games/{game}/choice", json={"option": now["options"][0]}, headers=auth)
                continue
            is_break = view["state"]["phase"] == "break"
            strike = {"speed": 8.0, "phi": 90.0} if is_break else {"speed": 2.0, "phi": 75.0 + i}
            start = time.perf_counter()
            r = client.post(f"/api/games/{game}/shot", json={"strike": strike}, headers=auth)
            elapsed = (time.perf_counter() - start) * 1000
            assert r.status_code == 200, r.text
            if i > 0:                                   # round 0 is the warm-up (numba compiles)
                (breaks if is_break else shots).append(elapsed)
    return breaks, shots


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def spectators(port: int, count: int = 200, rounds: int = 10) -> list[float]:
    import json

    import websockets

    def call(method: str, path: str, body: dict | None = None, token: str | None = None) -> dict:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method=method, headers=headers,
                                         data=None if body is None else json.dumps(body).encode())
        with urllib.request.urlopen(request) as answer:
            return json.loads(answer.read())

    # a hot-seat game: every change is one person's request (the bots play in the background, so a
    # bot game's changes would not be timed from a request)
    made = call("POST", "/api/games", {"players": ["person", "person"], "race": 3, "seed": 1})
    game, tokens = made["id"], [seat["token"] for seat in made["seats"]]
    sockets = [await websockets.connect(f"ws://127.0.0.1:{port}/api/games/{game}/live", max_size=None)
               for _ in range(count)]
    for ws in sockets:
        await ws.recv()
    times = []
    loop = asyncio.get_running_loop()

    async def until(ws: websockets.ClientConnection, actions: int) -> None:
        while json.loads(await ws.recv())["view"]["actions"] < actions:
            pass

    for _ in range(rounds):
        view = call("GET", f"/api/games/{game}")
        now = view["to_act"]
        if now is None:
            break
        token = tokens[now["seat"]]
        if now["action"] == "lag":
            path, body = "lag", {"speed": 2.0 + 0.3 * now["seat"]}
        elif now["action"] == "place":
            path, body = "place", {"x": 0.6, "y": 0.3 if view["kitchen_only"] else 0.5}
        elif now["action"] == "choice":
            path, body = "choice", {"option": now["options"][0]}
        else:
            path, body = "shot", {"strike": {"speed": 8.0 if view["state"]["phase"] == "break" else 2.0, "phi": 87.0}}
        start = time.perf_counter()
        await loop.run_in_executor(None, call, "POST", f"/api/games/{game}/{path}", body, token)
        await asyncio.gather(*(until(ws, view["actions"] + 1) for ws in sockets))
        times.append((time.perf_counter() - start) * 1000)
    for ws in sockets:
        await ws.close()
    return times


def page_load(port: int) -> float:
    start = time.perf_counter()
    html = urllib.request.urlopen(f"http://127.0.0.1:{port}/").read().decode()
    for name in re.findall(r'(?:src|href)="/?([^":]+\.(?:js|css))"', html):
        urllib.request.urlopen(f"http://127.0.0.1:{port}/{name}").read()
    urllib.request.urlopen(f"http://127.0.0.1:{port}/api/meta").read()
    return (time.perf_counter() - start) * 1000


def main() -> None:
    breaks, shots = stroke_latency()
    print(f"stroke at the server, break:   median {statistics.median(breaks):.1f} ms, max {max(breaks):.1f} ms "
          f"({len(breaks)} breaks)")
    print(f"stroke at the server, typical: median {statistics.median(shots):.1f} ms, max {max(shots):.1f} ms "
          f"({len(shots)} shots)")
    port = free_port()
    db = os.path.join(tempfile.mkdtemp(), "bench-live.db")
    server = subprocess.Popen([sys.executable, "-m", "bola8", "serve", "--port", str(port), "--db", db],
                              stdout=subprocess.DEVNULL)
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/meta").read()
                break
            except OSError:
                time.sleep(0.1)
        load = page_load(port)
        times = asyncio.run(spectators(port))
        print(f"first page load (/, its scripts and styles, /api/meta): {load:.1f} ms")
        print(f"200 WebSocket spectators, an action until all have its VIEW: median {statistics.median(times):.1f} ms, "
              f"max {max(times):.1f} ms ({len(times)} actions)")
    finally:
        os.kill(server.pid, signal.SIGTERM)
        server.wait()


if __name__ == "__main__":
    main()
