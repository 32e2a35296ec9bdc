"""The bots play in the background: a person is answered at once, a bot decides off the event loop,
a decision made stale by a change is made again, and a restarted server resumes a bot's turn."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

from fastapi.testclient import TestClient

from bola8.server import create_app
from bola8.server.bots import BotRunner
from bola8.server.games import LiveGame


def wait_view(client: TestClient, game: str, until: Any, timeout: float = 30.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        view = client.get(f"/api/games/{game}").json()
        if until(view):
            return view
        assert time.monotonic() < deadline, view
        time.sleep(0.005)


def test_a_thinking_bot_blocks_nobody_and_a_stale_decision_is_made_again(tmp_path, monkeypatch) -> None:
    gate = threading.Event()
    real = BotRunner.decide

    async def slow(self: BotRunner, game: LiveGame) -> Any:
        # the decision waits for the test (in a thread, so the event loop goes on), then is made
        assert await asyncio.get_running_loop().run_in_executor(None, gate.wait, 30), "the test never let the bot decide"
        return await real(self, game)

    monkeypatch.setattr(BotRunner, "decide", slow)
    app = create_app(str(tmp_path / "b.db"))
    with TestClient(app) as client:
        made = client.post("/api/games", json={"players": ["person", "bot"], "race": 2, "seed": 4}).json()
        game, auth = made["id"], {"Authorization": f"Bearer {made['seats'][0]['token']}"}
        r = client.post(f"/api/games/{game}/lag", json={"speed": 2.0}, headers=auth)
        assert r.status_code == 200 and r.json()["view"]["to_act"]["seat"] == 1
        # the bot is deciding in its thread: the server still answers, and says who thinks
        view = wait_view(client, game, lambda v: v["bot"] and v["bot"]["thinking_since"])
        assert view["bot"]["seat"] == 1 and view["actions"] == 1
        assert client.get("/api/meta").status_code == 200
        gate.set()
        view = wait_view(client, game, lambda v: v["to_act"]["seat"] == 0 and v["actions"] >= 2)
        assert view["lag"]["strokes"][1]["seat"] == 1 and view["lag"]["winner"] in (0, 1)
        # a person forfeits while the bot decides: the bot's decision is thrown away, it decides again
        gate.clear()
        while view["to_act"]["seat"] == 0:
            now = view["to_act"]
            if now["action"] == "place":
                r = client.post(f"/api/games/{game}/place", json={"x": 0.6, "y": 0.3 if view["kitchen_only"] else 0.5},
                                headers=auth)
            elif now["action"] == "choice":
                r = client.post(f"/api/games/{game}/choice", json={"option": now["options"][0]}, headers=auth)
            else:
                r = client.post(f"/api/games/{game}/shot", json={"strike": {"speed": 6.0, "phi": 91.0}}, headers=auth)
            assert r.status_code == 200, r.text
            view = r.json()["view"]
        assert view["to_act"]["seat"] == 1
        wait_view(client, game, lambda v: v["bot"]["thinking_since"])
        forfeited = client.post(f"/api/games/{game}/declare", json={"what": "forfeit"}, headers=auth)
        assert forfeited.status_code == 200 and forfeited.json()["view"]["score"] == [0, 1]
        gate.set()
        view = wait_view(client, game, lambda v: v["to_act"] is None or v["to_act"]["seat"] == 0)
        assert view["score"] == [0, 1] and view["game_number"] == 2
        assert app.state.services.bots.failed == {}


def test_a_restarted_server_plays_the_bot_turn_it_found(tmp_path) -> None:
    db = str(tmp_path / "r.db")
    with TestClient(create_app(db, bot_workers=0)) as client:     # a server whose bots never get to play
        made = client.post("/api/games", json={"players": ["person", "bot"], "race": 1, "seed": 9}).json()
        game = made["id"]
        r = client.post(f"/api/games/{game}/lag", json={"speed": 2.0},
                        headers={"Authorization": f"Bearer {made['seats'][0]['token']}"})
        assert r.json()["view"]["to_act"]["seat"] == 1
    with TestClient(create_app(db)) as client:                     # the next server: the bot lags at once
        view = wait_view(client, game, lambda v: v["actions"] >= 2)
        assert view["lag"]["strokes"][1]["seat"] == 1
