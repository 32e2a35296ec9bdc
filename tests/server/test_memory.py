"""Memory stays bounded: the games in memory are a bounded cache of the store, a match that ended
leaves it, a stroke's SHOT is played again when asked (the same, byte for byte) and kept in a cache
bounded by size, a spectator who leaves leaves nothing behind (bola8.server.registry)."""

from __future__ import annotations

import json
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


def test_a_shot_is_encoded_once_for_both_languages_with_its_ruling_in_each(tmp_path) -> None:
    """SHOT's fields other than the ruling are the same in every language: encoded once, the ruling added
    per language - the text says what :func:`bola8.server.views.shot_view` says, field for field."""
    from bola8.server.jsontext import dumps
    from bola8.server.views import shot_view

    with TestClient(create_app(str(tmp_path / "m.db"), bot_workers=0)) as client:
        game, _ = hot_seat_with_a_break(client, 1)
        texts = {lang: client.get(f"/api/games/{game}/shots/1?lang={lang}").json() for lang in ("es", "en")}
        entry = client.app.state.services.games.load(game).shots[0]
        for lang, shot in texts.items():
            assert shot == json.loads(dumps(shot_view(entry, entry.turn(), lang)))
        assert texts["es"]["ruling"] != texts["en"]["ruling"]
        assert {k: v for k, v in texts["es"].items() if k != "ruling"} == \
            {k: v for k, v in texts["en"].items() if k != "ruling"}


def test_a_live_message_is_made_only_in_the_languages_its_spectators_asked_for(tmp_path) -> None:
    with TestClient(create_app(str(tmp_path / "m.db"), bot_workers=0)) as client:
        registry = client.app.state.services.games
        game, tokens = hot_seat_with_a_break(client, 2)            # (the break leaves seat 1 a shot to play)
        with client.websocket_connect(f"/api/games/{game}/live") as spanish:
            spanish.receive_json()
            registry.shot_texts = TextCache(registry.shot_texts.max_bytes)
            r = client.post(f"/api/games/{game}/shot", json={"strike": {"speed": 2.0, "phi": 80.0}},
                            headers=bearer(tokens[1]), params={"lang": "es"})
            assert r.status_code == 200, r.text
            message = spanish.receive_json()
            n = message["shot"]["n"]
            assert (game, n, "es") in registry.shot_texts._texts
            assert (game, n, "en") not in registry.shot_texts._texts     # nobody asked for English: not made
            with client.websocket_connect(f"/api/games/{game}/live?lang=en") as english:
                english.receive_json()
                client.post(f"/api/games/{game}/declare", json={"what": "forfeit"}, headers=bearer(tokens[0]))
                said = spanish.receive_json()["view"]["last_ruling"], english.receive_json()["view"]["last_ruling"]
                assert said[0] != said[1]                 # each in its own language


def test_a_stroke_brought_from_the_store_is_encoded_from_its_turn_not_played_again(tmp_path, monkeypatch) -> None:
    """A server that catches up with a stroke another stored (several servers on one database) keeps the
    turn it has just played, as the server that stored it does: its SHOT is not simulated a second time."""
    from bola8.server.games import ShotEntry

    db = str(tmp_path / "m.db")
    with TestClient(create_app(db, bot_workers=0)) as first, TestClient(create_app(db, bot_workers=0)) as second:
        made = first.post("/api/games", json={"players": ["person", "person"], "race": 1, "seed": 3}).json()
        game, tokens = made["id"], [seat["token"] for seat in made["seats"]]
        second.get(f"/api/games/{game}")                  # held by the second server too
        first.post(f"/api/games/{game}/lag", json={"speed": 2.4}, headers=bearer(tokens[0]))
        view = first.post(f"/api/games/{game}/lag", json={"speed": 2.6}, headers=bearer(tokens[1])).json()["view"]
        breaker = view["to_act"]["seat"]
        first.post(f"/api/games/{game}/shot", json={"strike": {"speed": 7.0, "phi": 90.0}},
                   headers=bearer(tokens[breaker]))
        registry = second.app.state.services.games
        assert registry.catch_up(registry.live[game])
        monkeypatch.setattr(ShotEntry, "turn", lambda self: (_ for _ in ()).throw(AssertionError("played again")))
        assert second.get(f"/api/games/{game}/shots/1").json() == first.get(f"/api/games/{game}/shots/1").json()
