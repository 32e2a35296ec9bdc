"""The server at its edge: every bad input a 4xx with one sentence and nothing stored, a body limit,
security headers, rate limits, storage faults named, an access log without secrets (docs/server-api.md)."""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from bola8.server import create_app
from bola8.server.edge import SECURITY_HEADERS



def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def stored_matches(db: Path) -> int:
    with sqlite3.connect(db) as conn:
        return int(conn.execute("SELECT count(*) FROM matches").fetchone()[0])


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[TestClient, Path]]:
    db = tmp_path / "edge.db"
    with TestClient(create_app(str(db), bot_workers=0)) as client:
        yield client, db


def hot_seat(client: TestClient) -> tuple[str, list[str]]:
    made = client.post("/api/games", json={"players": ["person", "person"], "race": 1, "seed": 4}).json()
    return made["id"], [seat["token"] for seat in made["seats"]]


# ------------------------------------------------------------------ text
LONE = "\\ud800"      # a JSON escape of a lone UTF-16 surrogate: JSON can spell it, no UTF-8 can hold it


@pytest.mark.parametrize("path, body, field", [
    ("/api/games", '{"players": ["person", "person"], "names": ["' + LONE + '", "b"]}', "body.names[0]"),
    ("/api/games", '{"players": ["person", "person"], "ruleset": "' + LONE + '"}', "body.ruleset"),
    ("/api/tables", '{"players": ["Ana", "x' + LONE + '"]}', "body.players[1]"),
    ("/api/tables", '{"players": ["Ana", "Luis"], "ruleset": "' + LONE + '"}', "body.ruleset"),
    ("/api/practice/simulate", '{"balls": {"0": [0.5, 0.5]}, "strike": {"speed": 1, "phi": 0}, '
                               '"call": {"ball": 1, "pocket": "' + LONE + '"}}', "body.call.pocket"),
])
def test_a_lone_surrogate_is_refused_naming_the_field_and_nothing_is_stored(served, path, body, field) -> None:
    client, db = served
    before = stored_matches(db)
    for lang in ("es", "en"):
        r = client.post(f"{path}?lang={lang}", content=body.encode(), headers={"Content-Type": "application/json"})
        assert r.status_code == 422, r.text
        assert r.json()["error"].startswith(f"{field}: ") and "\\ud800" in r.json()["error"]
    assert stored_matches(db) == before


def test_a_lone_surrogate_in_a_choice_or_a_call_of_a_game_in_play(served) -> None:
    client, _ = served
    game, tokens = hot_seat(client)
    for path, body in ((f"/api/games/{game}/choice", '{"option": "' + LONE + '"}'),
                       (f"/api/games/{game}/shot", '{"strike": {"speed": 3, "phi": 90}, '
                                                   '"call": {"ball": 1, "pocket": "' + LONE + '"}}')):
        r = client.post(path, content=body.encode(),
                        headers={"Content-Type": "application/json", **bearer(tokens[0])})
        assert r.status_code == 422 and "\\ud800" in r.json()["error"], r.text
    assert client.get(f"/api/games/{game}").status_code == 200


def test_strict_json_bodies(served) -> None:
    client, _ = served
    headers = {"Content-Type": "application/json"}
    bad_json = client.post("/api/games?lang=en", content=b"{not json", headers=headers)
    assert bad_json.status_code == 400 and bad_json.json()["error"].startswith("body: not valid JSON")
    repeated = client.post("/api/games?lang=en", content=b'{"players": ["person", "bot"], "race": 1, "race": 2}',
                           headers=headers)
    assert repeated.status_code == 422 and "appears twice" in repeated.json()["error"]
    nan = client.post("/api/practice/simulate?lang=en", headers=headers,
                      content=b'{"balls": {"0": [0.5, 0.5]}, "strike": {"speed": NaN, "phi": 0}}')
    assert nan.status_code == 422 and "NaN" in nan.json()["error"]


@pytest.mark.parametrize("name", ["", " ", "a" * 41, "Ana\nLuis", "Ana\u202eLuis", "tab\there"])
def test_names_are_1_to_40_characters_without_control_characters(served, name) -> None:
    client, db = served
    before = stored_matches(db)
    r = client.post("/api/games?lang=en", json={"players": ["person", "person"], "names": [name, "Luis"]})
    assert r.status_code == 422 and r.json()["error"].startswith("names[0]: ")
    r = client.post("/api/tables?lang=en", json={"players": ["Ana", name]})
    assert r.status_code == 422 and r.json()["error"].startswith("players[1]: ")
    assert stored_matches(db) == before


def test_a_sentence_never_repeats_a_long_input(served) -> None:
    client, _ = served
    game, tokens = hot_seat(client)
    r = client.post(f"/api/games/{game}/choice", json={"option": "x" * 200_000}, headers=bearer(tokens[0]))
    assert r.status_code in (409, 422) and len(r.text) < 2500
    r = client.post(f"/api/tables/t_none/preview", json={"first_contact": "y" * 500_000})
    assert r.status_code == 422 and len(r.text) < 2500


def test_a_nul_byte_in_a_static_path_is_a_404(served) -> None:
    client, _ = served
    for path in ("/%00", "/app.js%00.html", "/js/%00game.js"):
        r = client.get(path)
        assert r.status_code == 404 and "error" in r.json()


# ------------------------------------------------------------------ the body limit
def test_a_body_over_the_limit_is_refused_at_once(tmp_path) -> None:
    with TestClient(create_app(str(tmp_path / "x.db"), bot_workers=0, max_body=4096)) as client:
        big = json.dumps({"players": ["person", "person"], "names": ["a" * 10_000, "b"]}).encode()
        r = client.post("/api/games?lang=en", content=big, headers={"Content-Type": "application/json"})
        assert r.status_code == 413 and r.json()["error"] == "body: the request is larger than this server " \
                                                             "accepts (4096 bytes)."
        assert "aaaa" not in r.text

        def chunks() -> Iterator[bytes]:                 # no Content-Length: counted as it is read
            yield b'{"players": ["person", "person"], "names": ["'
            for _ in range(10):
                yield b"a" * 1000
            yield b'", "b"]}'

        r = client.post("/api/games", content=chunks(), headers={"Content-Type": "application/json"})
        assert r.status_code == 413 and r.json()["error"].startswith("body: la petición es mayor")
        assert client.post("/api/games", json={"players": ["person", "person"]}).status_code == 201


# ------------------------------------------------------------------ headers and the log
def test_security_headers_on_every_answer(served) -> None:
    client, _ = served
    for path in ("/", "/app.js", "/api/meta", "/api/games/g_none", "/nothing-here"):
        r = client.get(path)
        for name, value in SECURITY_HEADERS:
            assert r.headers[name.decode()] == value.decode(), path
        policy = r.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in policy and "script-src 'self';" in policy and "unsafe-inline" not in policy
        assert r.headers["x-request-id"]


def test_the_access_log_names_each_request_and_no_secret(served, caplog) -> None:
    client, _ = served
    game, tokens = hot_seat(client)
    with caplog.at_level(logging.INFO, logger="bola8.access"):
        r = client.post(f"/api/games/{game}/lag?lang=en", json={"speed": 2.4}, headers=bearer(tokens[0]))
        client.get("/api/games/g_none", headers={"X-Request-ID": "proxy-42"})
    lines = [record.getMessage() for record in caplog.records if record.name == "bola8.access"]
    assert lines[0].startswith(r.headers["x-request-id"] + f" POST /api/games/{game}/lag 200 ")
    assert lines[1].startswith("proxy-42 GET /api/games/g_none 404 ")
    assert not any(tokens[0] in line or "lang=" in line for line in lines)


# ------------------------------------------------------------------ rate limits
def test_creations_are_rate_limited_per_client(tmp_path) -> None:
    with TestClient(create_app(str(tmp_path / "x.db"), bot_workers=0, creations_per_minute=3)) as client:
        for _ in range(2):
            assert client.post("/api/games", json={"players": ["person", "person"]}).status_code == 201
        assert client.post("/api/tables", json={"players": ["Ana", "Luis"]}).status_code == 201
        refused = client.post("/api/games?lang=en", json={"players": ["person", "person"]})
        assert refused.status_code == 429 and refused.json()["error"].startswith("request: this address has created 3")
        assert 1 <= int(refused.headers["retry-after"]) <= 60
        assert client.get("/api/meta").status_code == 200          # reading is not limited


# ------------------------------------------------------------------ storage faults
def test_storage_faults_are_named_and_nothing_answered_is_lost(tmp_path) -> None:
    db = tmp_path / "faults.db"
    with TestClient(create_app(str(db), bot_workers=0)) as client:
        game, tokens = hot_seat(client)
        assert client.post(f"/api/games/{game}/lag", json={"speed": 2.4}, headers=bearer(tokens[0])).status_code == 200
        store = client.app.state.services.store
        # a full disk: SQLite's own limit on the file's pages, as a full disk makes it answer
        pages = store._db.execute("PRAGMA page_count").fetchone()[0]
        store._db.execute(f"PRAGMA max_page_count = {pages}")
        full = client.post("/api/games?lang=en", json={"players": ["person", "person"], "names": ["x" * 40] * 2})
        for _ in range(50):                                          # until a write needs a new page
            if full.status_code != 201:
                break
            full = client.post("/api/games?lang=en", json={"players": ["person", "person"], "names": ["x" * 40] * 2})
        assert full.status_code == 503 and full.json()["error"].startswith("storage: the disk that holds the database is full")
        assert full.headers["retry-after"]
        store._db.execute("PRAGMA max_page_count = 1073741823")
        # read-only
        store._db.execute("PRAGMA query_only = ON")
        refused = client.post(f"/api/games/{game}/lag?lang=en", json={"speed": 2.6}, headers=bearer(tokens[1]))
        assert refused.status_code == 503 and "read-only" in refused.json()["error"]
        store._db.execute("PRAGMA query_only = OFF")
        # the same action, once the fault is gone
        again = client.post(f"/api/games/{game}/lag", json={"speed": 2.6}, headers=bearer(tokens[1]))
        assert again.status_code == 200 and again.json()["view"]["actions"] == 2
    with TestClient(create_app(str(db), bot_workers=0)) as client:
        assert client.get(f"/api/games/{game}").json()["actions"] == 2


def test_a_damaged_database_is_named(tmp_path) -> None:
    db = tmp_path / "damaged.db"
    with TestClient(create_app(str(db), bot_workers=0)) as client:
        game, tokens = hot_seat(client)
        for _ in range(30):
            client.post("/api/tables", json={"players": ["Ana", "Luis" * 10]})
    data = bytearray(db.read_bytes())
    assert (tmp_path / "damaged.db-wal").stat().st_size == 0        # the app flushed it: all of it in the file
    for page in range(1, len(data) // 4096):       # every page's b-tree header but the first page's (the schema)
        data[page * 4096: page * 4096 + 8] = b"\xa5" * 8
    db.write_bytes(bytes(data))
    with TestClient(create_app(str(db), bot_workers=0)) as client:
        r = client.get(f"/api/games/{game}?lang=en")
        assert r.status_code == 503 and r.json()["error"].startswith("storage: the database is damaged"), r.text
