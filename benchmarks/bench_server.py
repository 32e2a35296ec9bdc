"""Server benchmark (not a test): stroke latency, with and without bots thinking, 200 WebSocket
spectators, first page load.

    .venv/bin/python benchmarks/bench_server.py
    .venv/bin/python benchmarks/bench_server.py --only busy --background bot:champion

1. Stroke latency at the server: the time of ``POST /api/games/{id}/shot``
   in process (simulate, judge, store with its SQLite commit, SHOT with its
   trajectory), for breaks and for typical shots of a hot-seat game (no bot
   replies), after a warm-up that compiles numba.
2. The same strokes over loopback against the real server (``bola8 serve``),
   first alone, then while a KIND-against-KIND match plays in the background
   of the same server (``--background``, default ``bot:champion``): what a
   searching bot's thinking costs everybody else's requests. Each row is
   printed with the actions the background match played meanwhile, so a
   match that stalled is seen.
3. The coach's hint (``GET /api/games/{id}/hint``) at each level over
   loopback, on the position after the break of a few hot-seat games: the
   first answer (a search in the coach's worker process) and the same
   question again (the cache).
4. 200 concurrent WebSocket spectators of one hot-seat game on the real
   server: the time from a person's action (its ``POST``) until every
   spectator has the VIEW it made.
5. First page load: ``/`` and every file it names, over loopback.
6. Memory (``--only memory``): the server's resident memory over 1,000
   games played to their end over loopback by 4 clients (hot-seat games of a
   few strokes ended by a forfeit, and one bot-against-bot match in twenty):
   the growth, and the growth of the second half (flat when memory is bounded).
7. Load (``--only load``): hot-seat clients (1, 4, 16) playing as fast as the
   server answers for 20 s each: actions per second, and p50 / p99 / max of
   strokes and of every other action.
8. Playing together (``--only together``): 100 two-device matches at once -
   each made by one device with an invitation and joined by the other, the two
   playing alternately, each device as its page is: a WebSocket that brings
   every VIEW, an HTTP connection kept open for its actions - first against one
   server on SQLite, then against two servers on one PostgreSQL database (a
   throwaway cluster, as the tests start: Debian's postgresql), twice: each
   match's requests routed to one of the two servers (as the reverse proxy of
   docs/deploy.md does), then each match's two devices on different servers
   (every action is then played on both). Actions per second, p50 / p99 of
   strokes and of other actions, the servers' memory, and the CPU time an
   action costs the servers, the database and the benchmark's own clients (on
   one 2-core machine they share the cores).
"""

from __future__ import annotations

import argparse
import asyncio
import json
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
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from fastapi.testclient import TestClient

from bola8.server import create_app

Call = Callable[[str, str, "dict[str, Any] | None", "str | None"], dict[str, Any]]


def in_process(client: TestClient) -> Call:
    def call(method: str, path: str, body: dict[str, Any] | None = None, token: str | None = None) -> dict[str, Any]:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        r = client.request(method, path, json=body, headers=headers)
        assert r.status_code < 300, r.text
        return r.json()  # type: ignore[no-any-return]
    return call


def over_http(port: int) -> Call:
    def call(method: str, path: str, body: dict[str, Any] | None = None, token: str | None = None) -> dict[str, Any]:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method=method, headers=headers,
                                         data=None if body is None else json.dumps(body).encode())
        with urllib.request.urlopen(request) as answer:
            return json.loads(answer.read())  # type: ignore[no-any-return]
    return call


def kept_open(port: int) -> Call:
    """Calls over HTTP/1.1 connections kept open, one per client thread (as a browser keeps its connection
    to a site), the answers read with orjson: the benchmark's own cost kept small where the clients share
    the servers' two cores."""
    import http.client
    import threading

    import orjson

    local = threading.local()

    def call(method: str, path: str, body: dict[str, Any] | None = None, token: str | None = None) -> dict[str, Any]:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        for attempt in (0, 1):
            connection = getattr(local, "connection", None)
            if connection is None:
                connection = local.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            try:
                connection.request(method, path, None if body is None else orjson.dumps(body), headers)
                answer = connection.getresponse()
                data = answer.read()
            except (http.client.HTTPException, ConnectionError):
                connection.close()
                local.connection = None
                if attempt:
                    raise
                continue
            if answer.status >= 300:
                raise AssertionError(f"{answer.status}: {data[:200]!r}")
            return orjson.loads(data)  # type: ignore[no-any-return]
        raise AssertionError("unreachable")

    return call


def strokes(call: Call, rounds: int = 15, first_seed: int = 0) -> tuple[list[float], list[float]]:
    """Break and typical-shot latencies (ms) of ``rounds`` hot-seat games; one more game first, untimed,
    as the warm-up (numba compiles or loads its cache)."""
    breaks, shots = [], []
    for i in range(rounds + 1):
        made = call("POST", "/api/games", {"players": ["person", "person"], "race": 1, "seed": first_seed + i}, None)
        game, tokens = made["id"], [s["token"] for s in made["seats"]]
        for seat, speed in ((0, 2.3), (1, 2.6)):
            call("POST", f"/api/games/{game}/lag", {"speed": speed}, tokens[seat])
        for _ in range(8):
            view = call("GET", f"/api/games/{game}", None, None)
            now = view["to_act"]
            if now is None:
                break
            token = tokens[now["seat"]]
            if now["action"] == "place":
                for x in (0.6, 0.3, 0.9, 0.45, 0.75):      # the first spot clear of the balls
                    try:
                        call("POST", f"/api/games/{game}/place", {"x": x, "y": 0.3 if view["kitchen_only"] else 0.5},
                             token)
                        break
                    except (AssertionError, OSError):       # refused (422): a ball is there
                        continue
                continue
            if now["action"] == "choice":
                call("POST", f"/api/games/{game}/choice", {"option": now["options"][0]}, token)
                continue
            is_break = view["state"]["phase"] == "break"
            strike = {"speed": 8.0, "phi": 90.0} if is_break else {"speed": 2.0, "phi": 75.0 + i}
            start = time.perf_counter()
            call("POST", f"/api/games/{game}/shot", {"strike": strike}, token)
            elapsed = (time.perf_counter() - start) * 1000
            if i > 0:
                (breaks if is_break else shots).append(elapsed)
    return breaks, shots


def background_match(call: Call, kind: str) -> str:
    """A KIND-against-KIND match long enough to outlast the measure, once its bots are past the lag."""
    match = call("POST", "/api/games", {"players": [kind, kind], "race": 99, "seed": 7}, None)["id"]
    deadline = time.monotonic() + 180
    while call("GET", f"/api/games/{match}", None, None)["shot_count"] < 1:
        assert time.monotonic() < deadline, "the background match did not start"
        time.sleep(0.05)
    return str(match)


def hints(call: Call, positions: int = 6) -> dict[str, tuple[list[float], list[float]]]:
    """Per level, the times (ms) of a first hint and of the same hint again, on ``positions`` positions."""
    levels = [b["kind"][4:] for b in call("GET", "/api/meta", None, None)["bots"] if b["kind"] != "bot:baseline"]
    times: dict[str, tuple[list[float], list[float]]] = {level: ([], []) for level in levels}
    call("GET", "/api/meta", None, None)
    for seed in range(positions):
        made = call("POST", "/api/games", {"players": ["person", "person"], "race": 1, "seed": 200 + seed}, None)
        game, tokens = made["id"], [s["token"] for s in made["seats"]]
        for seat, speed in ((0, 2.3), (1, 2.6)):
            call("POST", f"/api/games/{game}/lag", {"speed": speed}, tokens[seat])
        view = call("GET", f"/api/games/{game}", None, None)
        token = tokens[view["to_act"]["seat"]]
        call("POST", f"/api/games/{game}/place", {"x": 0.635, "y": 0.5}, token)
        view = call("POST", f"/api/games/{game}/shot", {"strike": {"speed": 8.0, "phi": 90.0}}, token)["view"]
        now = view["to_act"]
        if now is None or now["action"] not in ("place", "shot", "choice"):
            continue
        if seed == 0:       # the coach's worker starts with the first question: not timed
            call("GET", f"/api/games/{game}/hint?level=beginner", None, tokens[now["seat"]])
        for level in levels:
            if seed == 0 and level == "beginner":
                continue    # asked already
            for cached in (False, True):
                start = time.perf_counter()
                answer = call("GET", f"/api/games/{game}/hint?level={level}", None, tokens[now["seat"]])
                times[level][cached].append((time.perf_counter() - start) * 1000)
                assert answer["cached"] is cached
    return times


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


SERVED: list[subprocess.Popen[bytes]] = []      # the live servers started, newest last (their pids)


@contextmanager
def live_server(*args: str, db: str | None = None) -> Iterator[int]:
    """``bola8 serve`` on a free port with a fresh database (or ``db``), no creation limit and no access log;
    its port."""
    port = free_port()
    db = db or os.path.join(tempfile.mkdtemp(), "bench-live.db")
    server = subprocess.Popen([sys.executable, "-m", "bola8", "serve", "--port", str(port), "--db", db,
                               "--creations-per-minute", "0", "--no-access-log", *args], stdout=subprocess.DEVNULL)
    SERVED.append(server)
    try:
        for _ in range(600):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/meta").read()
                break
            except OSError:
                time.sleep(0.1)
        yield port
    finally:
        os.kill(server.pid, signal.SIGTERM)
        server.wait()


async def spectators(port: int, count: int = 500, rounds: int = 10) -> list[float]:
    import websockets

    call = over_http(port)
    # a hot-seat game: every change is one person's request (the bots play in the background, so a
    # bot game's changes would not be timed from a request)
    made = call("POST", "/api/games", {"players": ["person", "person"], "race": 3, "seed": 1}, None)
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
        view = call("GET", f"/api/games/{game}", None, None)
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


def rss_mb(pid: int) -> float:
    """The resident memory of process ``pid`` in MB (Linux)."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def play_action(call: Call, game: str, tokens: list[str], view: dict[str, Any], rng: Any) -> tuple[str, float]:
    """One legal-looking action for the seat to act; (its kind, its time in ms)."""
    token = tokens[view["to_act"]["seat"]]
    path, body = choose_action(view, rng)
    start = time.perf_counter()
    try:
        answer = call("POST", f"/api/games/{game}/{path}", body, token)
        view.clear()
        view.update(answer["view"])
    except (AssertionError, OSError):           # refused (a placement on a ball): read the game again
        view.clear()
        view.update(call("GET", f"/api/games/{game}", None, None))
    return ("stroke" if path == "shot" else "other"), (time.perf_counter() - start) * 1000


def short_game(call: Call, seed: int, strokes_before_forfeit: int = 4) -> None:
    """A hot-seat game played to its end: the lag, a few strokes, then a forfeit; or, one in twenty, a
    bot-against-bot match of one game that the server plays by itself."""
    import random

    if seed % 20 == 0:
        made = call("POST", "/api/games", {"players": ["bot", "bot"], "race": 1, "seed": seed}, None)
        while call("GET", f"/api/games/{made['id']}", None, None)["to_act"] is not None:
            time.sleep(0.05)
        return
    rng = random.Random(seed)
    made = call("POST", "/api/games", {"players": ["person", "person"], "race": 1, "seed": seed}, None)
    game, tokens = made["id"], [s["token"] for s in made["seats"]]
    view = made["view"]
    strokes_done = 0
    while view["to_act"] is not None and strokes_done < strokes_before_forfeit:
        kind, _ = play_action(call, game, tokens, view, rng)
        strokes_done += kind == "stroke"
    if view["to_act"] is not None:
        call("POST", f"/api/games/{game}/declare", {"what": "forfeit"}, tokens[view["to_act"]["seat"]])


def memory(port: int, pid: int, games: int = 1000, clients: int = 4) -> list[tuple[int, float]]:
    """(games played, RSS MB) every 100 games."""
    from concurrent.futures import ThreadPoolExecutor

    call = over_http(port)
    samples = [(0, rss_mb(pid))]
    with ThreadPoolExecutor(clients) as pool:
        for first in range(0, games, 100):
            list(pool.map(lambda seed: short_game(call, seed), range(first + 1, first + 101)))
            samples.append((first + 100, rss_mb(pid)))
            print(f"  {first + 100} games: {samples[-1][1]:.0f} MB", flush=True)
    return samples


def hot_seat_load(port: int, clients: int, seconds: float = 20.0) -> dict[str, list[float]]:
    """Hot-seat games played by ``clients`` threads for ``seconds``: each action's kind and time (ms)."""
    import random
    import threading

    call = over_http(port)
    times: dict[str, list[float]] = {"stroke": [], "other": []}
    stop = time.monotonic() + seconds

    def client(number: int) -> None:
        rng = random.Random(number)
        while time.monotonic() < stop:
            made = call("POST", "/api/games", {"players": ["person", "person"], "race": 3,
                                               "seed": rng.randrange(2**31)}, None)
            game, tokens, view = made["id"], [s["token"] for s in made["seats"]], made["view"]
            while view["to_act"] is not None and time.monotonic() < stop:
                kind, ms = play_action(call, game, tokens, view, rng)
                times[kind].append(ms)

    threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return times


class Device:
    """One device of a match as its page is: a WebSocket on its own server that brings every VIEW and
    stroke as it happens (the seat's token sent first: its presence), and an HTTP/1.1 connection kept
    open for its actions. Written on asyncio's streams with orjson so that on one 2-core machine the
    benchmark's own cost, which shares the cores with the servers and the database, stays small."""

    def __init__(self, port: int, game: str, token: str) -> None:
        self.port, self.game, self.token = port, game, token
        self.head = (f"Host: 127.0.0.1\r\nContent-Type: application/json\r\nAuthorization: Bearer {token}\r\n"
                     "Content-Length: ").encode()

    async def open(self) -> None:
        import orjson
        import websockets

        self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        self.socket = await websockets.connect(f"ws://127.0.0.1:{self.port}/api/games/{self.game}/live",
                                               max_size=None, compression=None)
        await self.socket.send(orjson.dumps({"token": self.token}).decode())

    async def post(self, path: str, body: dict[str, Any]) -> int:
        """POST ``body`` to ``path``; the answer's status (its body is read and dropped: the WebSocket brings
        the same VIEW to the page)."""
        import orjson

        data = orjson.dumps(body)
        request = b"POST " + path.encode() + b" HTTP/1.1\r\n" + self.head + str(len(data)).encode() + b"\r\n\r\n" + data
        try:
            self.writer.write(request)
            head = await self.reader.readuntil(b"\r\n\r\n")
        except (asyncio.IncompleteReadError, ConnectionError):  # the server closed it while idle (keep-alive's
            self.writer.close()                                    # timeout): open another, as a browser does
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
            self.writer.write(request)
            head = await self.reader.readuntil(b"\r\n\r\n")
        length = int(re.search(rb"(?i)content-length: *(\d+)", head).group(1))  # type: ignore[union-attr]
        await self.reader.readexactly(length)
        return int(head[9:12])

    async def close(self) -> None:
        await self.socket.close()
        self.writer.close()


def view_of(message: bytes) -> dict[str, Any]:
    """The VIEW of a game's live message ``{"view": ..., "shot": ...}``, without decoding its stroke when
    the server wrote it as it publishes (the view first, then the stroke, which starts with its number): a
    page decodes the stroke to draw it, on its own machine; here the clients share the servers' cores."""
    import orjson

    if message.startswith(b'{"view":'):
        end = len(message) - 13 if message.endswith(b',"shot":null}') else message.find(b',"shot":{"n":')
        if end > 0:
            return orjson.loads(message[8:end])  # type: ignore[no-any-return]
    return orjson.loads(message)["view"]  # type: ignore[no-any-return]


def choose_action(view: dict[str, Any], rng: Any) -> tuple[str, dict[str, Any]]:
    """A legal-looking action for the seat to act in ``view``: its path (lag, place, choice, shot), its body."""
    now = view["to_act"]
    if now["action"] == "lag":
        return "lag", {"speed": 2.0 + 0.3 * now["seat"] + 0.01 * rng.random()}
    if now["action"] == "place":
        return "place", {"x": rng.uniform(0.1, 1.15), "y": 0.3 if view["kitchen_only"] else rng.uniform(0.2, 2.3)}
    if now["action"] == "choice":
        return "choice", {"option": now["options"][0]}
    speed = 8.0 if view["state"]["phase"] == "break" else rng.uniform(1.0, 5.0)
    return "shot", {"strike": {"speed": speed, "phi": rng.uniform(0, 360)}}


def together(ports: list[int], matches: int = 100, seconds: float = 30.0, in_flight: int = 16, *,
             routed: bool = False) -> dict[str, list[float]]:
    """``matches`` invitations made and joined, then played for ``seconds`` by their devices: every action's
    kind and time (ms), from its POST to its answer.

    Where each device is: with ``routed``, both devices of match ``i`` on server ``i mod len(ports)`` (what
    the reverse proxy of docs/deploy.md does, routing each game's requests by its id); otherwise seat 0's
    device on the first server and seat 1's on the last (every action is then played on both servers: the
    worst case). Each device acts when its WebSocket brings a VIEW in which its seat is to act (as the page
    does), with at most ``in_flight`` actions on their way at once (so the latencies compare with the
    hot-seat load's 16 clients). A refused action (a ball in hand placed on a ball) is tried again with
    another choice."""
    import random

    import orjson

    calls = {port: kept_open(port) for port in ports}
    seats: list[Device] = []
    for i in range(matches):
        maker, friend = (ports[i % len(ports)],) * 2 if routed else (ports[0], ports[-1])
        made = calls[maker]("POST", "/api/games", {"players": ["person", "person"], "race": 5, "seed": i,
                                                   "invite": True}, None)
        joined = calls[friend]("POST", f"/api/games/{made['id']}/join", {"invite": made["invite"], "name": "Luis"},
                               None)
        seats += [Device(maker, made["id"], made["seats"][0]["token"]), Device(friend, made["id"], joined["token"])]
    times: dict[str, list[float]] = {"stroke": [], "other": []}

    async def play(device: Device, seat: int, number: int, stop: float, gate: asyncio.Semaphore) -> None:
        rng, acted_on = random.Random(number), -1
        while time.monotonic() < stop:
            try:
                message = await asyncio.wait_for(device.socket.recv(decode=False), max(0.01, stop - time.monotonic()))
            except asyncio.TimeoutError:
                return
            view = view_of(message)
            now = view["to_act"]
            if now is None:
                return
            if now["seat"] != seat or view["actions"] <= acted_on:
                continue                         # the other's turn, or a view this device acted on already
            acted_on = view["actions"]
            for _ in range(20):
                path, body = choose_action(view, rng)
                async with gate:
                    start = time.perf_counter()
                    status = await device.post(f"/api/games/{device.game}/{path}", body)
                    elapsed = (time.perf_counter() - start) * 1000
                if status < 300:
                    times["stroke" if path == "shot" else "other"].append(elapsed)
                    break

    async def run() -> None:
        await asyncio.gather(*(device.open() for device in seats))
        gate = asyncio.Semaphore(in_flight)
        stop = time.monotonic() + seconds
        await asyncio.gather(*(play(device, i % 2, i, stop, gate) for i, device in enumerate(seats)))
        await asyncio.gather(*(device.close() for device in seats))

    asyncio.run(run())
    return times


def cpu_seconds(pids: list[int]) -> float:
    """The CPU time (user + system) processes ``pids`` have used so far, in seconds (Linux)."""
    total = 0
    for pid in pids:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rpartition(")")[2].split()
        total += int(fields[11]) + int(fields[12])           # utime, stime in clock ticks
    return total / os.sysconf("SC_CLK_TCK")


def postgres_pids() -> list[int]:
    """The running PostgreSQL processes (the throwaway cluster's: the benchmark starts no other)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/comm") as comm:
                    if comm.read().strip() in ("postgres", "postmaster"):
                        found.append(int(entry))
            except OSError:
                continue
    return found


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def page_load(port: int) -> float:
    start = time.perf_counter()
    html = urllib.request.urlopen(f"http://127.0.0.1:{port}/").read().decode()
    for name in re.findall(r'(?:src|href)="/?([^":]+\.(?:js|css))"', html):
        urllib.request.urlopen(f"http://127.0.0.1:{port}/{name}").read()
    urllib.request.urlopen(f"http://127.0.0.1:{port}/api/meta").read()
    return (time.perf_counter() - start) * 1000


def p90(values: list[float]) -> float:
    return sorted(values)[int(0.9 * (len(values) - 1))]


def report(what: str, breaks: list[float], shots: list[float]) -> None:
    for name, times in (("break", breaks), ("typical", shots)):
        print(f"{what}, {name}: median {statistics.median(times):.1f} ms, p90 {p90(times):.1f} ms, "
              f"max {max(times):.1f} ms ({len(times)} strokes)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description="the server's latencies (docs/server-api.md, Measured)")
    parser.add_argument("--only", choices=("strokes", "busy", "hints", "live", "memory", "load", "together"),
                        help="only the in-process strokes, only the strokes beside a background match, "
                             "only the coach's hints, only the spectators and the page load, only the memory "
                             "over 1,000 games, or only the load of 1, 4 and 16 clients")
    parser.add_argument("--games", type=int, default=1000, help="games of the memory run (default 1000)")
    parser.add_argument("--spectators", type=int, default=500, help="WebSocket spectators (default 500)")
    parser.add_argument("--background", metavar="KIND", default="bot:champion",
                        help="the bots of the background match (default bot:champion)")
    parser.add_argument("--rounds", type=int, default=15, help="hot-seat games whose strokes are timed (default 15)")
    parser.add_argument("--serve", nargs=argparse.REMAINDER, default=[],
                        help="options for bola8 serve (the rest of the line), e.g. --serve --bot-workers 2")
    args = parser.parse_args()
    if args.only in (None, "strokes"):
        with TestClient(create_app(os.path.join(tempfile.mkdtemp(), "bench.db"), creations_per_minute=0)) as client:
            report("stroke at the server", *strokes(in_process(client), args.rounds))
    if args.only in (None, "busy"):
        with live_server(*args.serve) as port:
            call = over_http(port)
            report("stroke over loopback, nothing else playing", *strokes(call, args.rounds))
            match = background_match(call, args.background)
            before, start = call("GET", f"/api/games/{match}", None, None)["actions"], time.monotonic()
            timed = strokes(call, args.rounds, first_seed=100)
            played, took = call("GET", f"/api/games/{match}", None, None)["actions"] - before, time.monotonic() - start
            report(f"stroke over loopback, {args.background} vs {args.background} playing "
                   f"({played} of its actions in the {took:.0f} s)", *timed)
    if args.only in (None, "hints"):
        with live_server(*args.serve) as port:
            for level, (first, again) in hints(over_http(port)).items():
                print(f"hint at {level}: first answer median {statistics.median(first):.0f} ms, max {max(first):.0f} ms; "
                      f"asked again median {statistics.median(again):.1f} ms ({len(first)} positions)", flush=True)
    if args.only in (None, "live"):
        with live_server(*args.serve) as port:
            load = page_load(port)
            times = asyncio.run(spectators(port, args.spectators))
            print(f"first page load (/, its scripts and styles, /api/meta): {load:.1f} ms")
            print(f"{args.spectators} WebSocket spectators, an action until all have its VIEW: median "
                  f"{statistics.median(times):.1f} ms, max {max(times):.1f} ms ({len(times)} actions)")
    if args.only in (None, "memory"):
        with live_server(*args.serve) as port:
            pid = SERVED[-1].pid
            short_game(over_http(port), 0)               # the engine and a bot worker loaded: the baseline
            samples = memory(port, pid, args.games)
            half = samples[len(samples) // 2]
            print(f"memory over {samples[-1][0]} games: {samples[1][1]:.0f} MB after the first 100, "
                  f"{samples[-1][1]:.0f} MB at the end; growth {samples[-1][1] - samples[1][1]:.0f} MB, of which "
                  f"{samples[-1][1] - half[1]:.0f} MB in the second half", flush=True)
    if args.only in (None, "load"):
        with live_server(*args.serve) as port:
            short_game(over_http(port), 1)               # warm
            for clients in (1, 4, 16):
                times = hot_seat_load(port, clients)
                done = len(times["stroke"]) + len(times["other"])
                parts = ", ".join(f"{kind} p50 {percentile(ms, 0.5):.1f} / p99 {percentile(ms, 0.99):.1f} / max "
                                  f"{max(ms):.0f} ms ({len(ms)})" for kind, ms in times.items() if ms)
                print(f"{clients} hot-seat clients: {done / 20:.0f} actions/s; {parts}", flush=True)
    if args.only in (None, "together"):
        sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests", "server"))
        from postgres import cluster, fresh_database

        def show(what: str, run: Callable[[], dict[str, list[float]]], pids: list[int]) -> None:
            import resource

            def clients_cpu() -> float:
                usage = resource.getrusage(resource.RUSAGE_SELF)
                return usage.ru_utime + usage.ru_stime

            servers, database, client = cpu_seconds(pids), cpu_seconds(postgres_pids()), clients_cpu()
            times = run()
            done = len(times["stroke"]) + len(times["other"])
            servers, database = cpu_seconds(pids) - servers, max(0.0, cpu_seconds(postgres_pids()) - database)
            client = clients_cpu() - client
            parts = ", ".join(f"{kind} p50 {percentile(ms, 0.5):.1f} / p99 {percentile(ms, 0.99):.1f} ms ({len(ms)})"
                              for kind, ms in times.items() if ms)
            memory = " + ".join(f"{rss_mb(pid):.0f}" for pid in pids)
            print(f"100 two-device matches, {what}: {done / 30:.0f} actions/s; {parts}; memory {memory} MB; CPU an "
                  f"action: servers {1000 * servers / done:.2f} ms, database {1000 * database / done:.2f} ms, "
                  f"clients {1000 * client / done:.2f} ms", flush=True)

        with live_server(*args.serve) as port:
            show("one server, SQLite", lambda: together([port]), [SERVED[-1].pid])
        with cluster() as server_url:
            url = fresh_database(server_url)
            with live_server(*args.serve, db=url) as first, live_server(*args.serve, db=url) as second:
                show("two servers, one PostgreSQL, each match's requests routed to one server",
                     lambda: together([first, second], routed=True), [SERVED[-2].pid, SERVED[-1].pid])
            url = fresh_database(server_url)
            with live_server(*args.serve, db=url) as first, live_server(*args.serve, db=url) as second:
                show("two servers, one PostgreSQL, each match's two devices on different servers",
                     lambda: together([first, second]), [SERVED[-2].pid, SERVED[-1].pid])


if __name__ == "__main__":
    main()
