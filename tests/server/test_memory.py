"""Memory stays bounded: the games in memory are a bounded cache of the store, a match that ended
leaves it, a stroke's SHOT is played again when asked (the same, byte for byte) and kept in a cache
bounded by size, a spectator who leaves leaves nothing behind (bola8.server.registry)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from bola8.server import create_app
from bola8.server.registry import TextCache

from test_fault import timeless


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def hot_seat_with_a_break(client: TestClient, seed: int) -> tuple[str, list[str]]:
    made = client.post("/api/games", json={"players": ["person", "person"], "race": 1, "seed": seed}).json()
    game, tokens = made["id"], [seat["token"] for seat in made["seats"]]
    client.post(f"/api/games/{game}/lag", json={"speed": 2.4}, headers=bearer(tokens[0]))
    view = client.post(f"/api/games/{game}/lag", json={"speed": 2.6}, headers=bearer(tokens[1])).json()["view"]
    breaker = view["to_act"]["seat"]
    if view["to_act"]["action"] == "place":
        client.post(f"/api/games/{game}/place", json={"x": 0.6, "y": 0.3}, headers=bearer(tokens[breaker]))
    r = client.post(f"/api/games/{game}/shot", json={"strike": {"speed": 7.0, "phi": 90.0}},
                    headers=bearer(tokens[breaker]))
    assert r.status_code == 200, r.text
    return game, tokens


def test_the_games_in_memory_are_a_bounded_cache_and_a_game_comes_back_the_same(tmp_path) -> None:
    with TestClient(create_app(str(tmp_path / "m.db"), bot_workers=0, games_in_memory=3)) as client:
        registry = client.app.state.services.games
        first, _ = hot_seat_with_a_break(client, 1)
        view: dict[str, Any] = client.get(f"/api/games/{first}").json()
        shot = client.get(f"/api/games/{first}/shots/1").text
        for seed in range(2, 7):
            hot_seat_with_a_break(client, seed)
            assert len(registry.live) <= 3
        assert first not in registry.live
        registry.shot_texts = TextCache(registry.shot_texts.max_bytes)     # nothing cached: played again
        assert timeless(client.get(f"/api/games/{first}").json()) == timeless(view)
        assert client.get(f"/api/games/{first}/shots/1").text == shot


def test_a_match_that_ended_leaves_memory_unless_watched(tmp_path) -> None:
    with TestClient(create_app(str(tmp_path / "m.db"), bot_workers=0)) as client:
        registry = client.app.state.services.games
        game, tokens = hot_seat_with_a_break(client, 1)
        with client.websocket_connect(f"/api/games/{game}/live") as socket:
            socket.receive_json()
            view = client.post(f"/api/games/{game}/declare", json={"what": "forfeit"},
                               headers=bearer(tokens[0])).json()["view"]
            assert view["to_act"] is None and socket.receive_json()["view"]["winner"] == 1
            assert game in registry.live                 # watched: it stays while the spectator does
        client.get("/api/meta")
        other, tokens = hot_seat_with_a_break(client, 2)
        client.post(f"/api/games/{other}/declare", json={"what": "forfeit"}, headers=bearer(tokens[1]))
        assert other not in registry.live                 # nobody watches it: gone at once
        assert client.get(f"/api/games/{other}").json()["winner"] == 0      # and read again from the store
        assert not client.app.state.services.hub.queues   # the spectator left nothing behind


def test_the_shot_cache_is_bounded_by_size() -> None:
    cache = TextCache(1000)
    for n in range(50):
        cache.put(("g", n, "es"), "x" * 300)
        assert cache.size <= 1000 and cache.size == 300 * len(cache)
    assert cache.get(("g", 49, "es")) is not None and cache.get(("g", 0, "es")) is None
