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


def test_every_stored_action_is_announced_with_its_writers_name_alone_or_in_a_transaction(postgres_url: str) -> None:
    import queue

    import psycopg

    one, two = open_store(postgres_url), open_store(postgres_url)
    heard: queue.Queue[tuple[str, str]] = queue.Queue()
    one.listen(lambda server, what: heard.put((server, what)))
    assert heard.get(timeout=10) == ("", "*")         # listening: anything may have changed meanwhile
    two.create("g_3", "game", {}, [])
    two.append("g_3", 0, {"type": "x"})               # an action alone: one INSERT, no transaction
    two.append("g_3", 1, {"type": "y"}, over=True)    # with the match's end: a transaction
    assert [heard.get(timeout=10) for _ in range(2)] == [(two.server, "g_3:1"), (two.server, "g_3:2")]
    with psycopg.connect(postgres_url, autocommit=True) as repair:    # anything else that writes an action
        repair.execute("INSERT INTO actions (match_id, n, data, at) VALUES ('g_3', 2, '{}', 0)")
    assert heard.get(timeout=10) == ("", "g_3:3")
    one.append("g_3", 3, {"type": "z"})               # a server does not hear itself
    with pytest.raises(queue.Empty):
        heard.get(timeout=1)
    one.close()
    two.close()
