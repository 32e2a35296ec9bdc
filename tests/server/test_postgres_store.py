"""The PostgreSQL backend on a real server: the same store as SQLite's, several writers on one database."""

from __future__ import annotations

import time

import pytest

from bola8.server.store import ActionTaken, open_store


def test_the_same_queries_as_sqlite(postgres_url: str, tmp_path) -> None:
    for target in (postgres_url, str(tmp_path / "x.db")):
        store = open_store(target)
        store.create("g_1", "game", {"players": ["person", "person"]}, [None, None], public=True, invite_open=True)
        store.append("g_1", 0, {"seat": 0, "type": "lag", "speed": 2.0, "breaks": True}, at=10.0)
        store.append("g_1", 1, {"seat": 1, "type": "lag", "speed": 2.1, "breaks": True}, at=11.0)
        stored = store.load("g_1", "game")
        assert stored is not None and [a["speed"] for a in stored.actions] == [2.0, 2.1] and stored.times == [10.0, 11.0]
        assert [data["seat"] for data, _ in store.actions_since("g_1", 1)] == [1]
        assert [match_id for match_id, _, _ in store.lobby(0.0, 10)] == ["g_1"]
        with pytest.raises(ActionTaken):
            store.append("g_1", 1, {"seat": 1, "type": "lag", "speed": 2.2, "breaks": True})
        store.append("g_1", 2, {"seat": 0, "type": "declare", "what": "forfeit"}, over=True)
        assert store.lobby(0.0, 10) == [] and store.open_matches("game") == []
        store.close()


def test_a_second_server_sees_the_first_ones_actions_and_is_refused_a_taken_number(postgres_url: str) -> None:
    one, two = open_store(postgres_url), open_store(postgres_url)
    one.create("g_2", "game", {}, [])
    one.append("g_2", 0, {"type": "x"})
    assert two.actions_since("g_2", 0) == [({"type": "x"}, two.actions_since("g_2", 0)[0][1])]
    with pytest.raises(ActionTaken):
        two.append("g_2", 0, {"type": "y"})
    assert one.claim("bot:g_2") and not two.claim("bot:g_2")
    one.close()                                       # a server that dies gives its claims up
    deadline = time.monotonic() + 10                  # (once PostgreSQL has ended its session)
    while not two.claim("bot:g_2"):
        assert time.monotonic() < deadline
        time.sleep(0.05)
    two.close()
