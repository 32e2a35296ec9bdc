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

    from bola8.server.sync import action_note

    one, two = open_store(postgres_url), open_store(postgres_url)
    heard: queue.Queue[tuple[str, str]] = queue.Queue()
    one.listen(lambda server, what: heard.put((server, what)))
    assert heard.get(timeout=10) == ("", "*")         # listening: anything may have changed meanwhile
    two.create("g_3", "game", {}, [])
    two.append("g_3", 0, {"type": "x"}, at=12.5)      # an action alone: one INSERT, no transaction
    two.append("g_3", 1, {"type": "y"}, over=True, at=13.25)    # with the match's end: a transaction
    # each announcement carries its action (commit time, JSON): a server one action behind needs no query
    assert [heard.get(timeout=10) for _ in range(2)] == [(two.server, 'g_3:1:12.5:{"type": "x"}'),
                                                         (two.server, 'g_3:2:13.25:{"type": "y"}')]
    assert action_note('g_3:2:13.25:{"type": "y"}') == ("g_3", 2, ({"type": "y"}, 13.25))
    with psycopg.connect(postgres_url, autocommit=True) as repair:    # anything else that writes an action
        repair.execute("INSERT INTO actions (match_id, n, data, at) VALUES ('g_3', 2, '{}', NULL)")
    assert heard.get(timeout=10) == ("", "g_3:3::{}")
    assert action_note("g_3:3::{}") == ("g_3", 3, ({}, None))
    big = {"type": "note", "text": "x" * 8000}        # too long for a notification: announced without it
    two.append("g_3", 3, big)
    assert heard.get(timeout=10) == (two.server, "g_3:4")
    assert action_note("g_3:4") == ("g_3", 4, None)
    one.append("g_3", 4, {"type": "z"})               # a server does not hear itself
    with pytest.raises(queue.Empty):
        heard.get(timeout=1)
    one.close()
    two.close()


def test_a_server_that_has_not_heard_of_an_action_acts_on_the_game_brought_up_to_date(postgres_url: str) -> None:
    """An action is tried on the game as a server holds it (no query first); when another server stored an
    action this one has not heard of, the store refuses the number and the action is played on the game
    read again - and a refusal made on the stale game (not this seat's turn, as far as it knew) is never
    the answer."""
    from fastapi.testclient import TestClient

    from bola8.server import create_app

    with TestClient(create_app(postgres_url, bot_workers=0)) as one, \
            TestClient(create_app(postgres_url, bot_workers=0)) as two:
        deaf = two.app.state.services.games
        deaf.notified = lambda *args, **kwargs: None            # the second server hears nothing
        made = one.post("/api/games", json={"players": ["person", "person"], "race": 2, "seed": 5,
                                            "invite": True}).json()
        game, token0 = made["id"], made["seats"][0]["token"]
        token1 = two.post(f"/api/games/{game}/join", json={"invite": made["invite"], "name": "Luis"}).json()["token"]
        for seat, token, speed in ((0, token0, 2.3), (1, token1, 2.6)):     # the lag, on each seat's server
            client = one if seat == 0 else two
            answer = client.post(f"/api/games/{game}/lag", json={"speed": speed},
                                 headers={"Authorization": f"Bearer {token}"})
            assert answer.status_code == 200, answer.text
        assert deaf.live[game].actions == 3                     # it caught up when the store refused number 2
        tokens = [token0, token1]
        view = answer.json()["view"]            # (the first server may hear of an action a moment after it)
        for step in range(6):                   # actions through either server; the second is always behind
            if view["to_act"] is None:
                break
            now = view["to_act"]
            path, body = {"place": ("place", {"x": 0.6, "y": 0.3}),
                          "shot": ("shot", {"strike": {"speed": 8.0 if (view["state"] or {"phase": "break"})["phase"]
                                                       == "break" else 2.0, "phi": 90.0 + 7 * step}}),
                          "choice": ("choice", {"option": (now.get("options") or ["accept_table"])[0]}),
                          "lag": ("lag", {"speed": 2.5})}[now["action"]]
            answer = (one, two)[step % 2].post(f"/api/games/{game}/{path}", json=body,
                                               headers={"Authorization": f"Bearer {tokens[now['seat']]}"})
            assert answer.status_code == 200, answer.text
            assert answer.json()["view"]["actions"] == view["actions"] + 1
            view = answer.json()["view"]
        # a refusal is still a refusal: the seat not to act, told so on the game as it is
        last = view
        assert last["actions"] > 4
        if last["to_act"] is not None:
            wrong = 1 - last["to_act"]["seat"]
            answer = two.post(f"/api/games/{game}/shot", json={"strike": {"speed": 2.0, "phi": 0.0}},
                              headers={"Authorization": f"Bearer {tokens[wrong]}"})
            assert answer.status_code == 409 and "asiento" in answer.json()["error"]
            assert two.get(f"/api/games/{game}").json()["actions"] == last["actions"]
