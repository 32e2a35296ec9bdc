"""A database made before the `over` and `at` columns opens, gets them, and its games play on."""

from __future__ import annotations

import json
import sqlite3

from fastapi.testclient import TestClient

from bola8.server import create_app

OLD_SCHEMA = """
CREATE TABLE matches (id TEXT PRIMARY KEY, kind TEXT NOT NULL, params TEXT NOT NULL, tokens TEXT NOT NULL,
                      created REAL NOT NULL DEFAULT (julianday('now')));
CREATE TABLE actions (match_id TEXT NOT NULL REFERENCES matches(id), n INTEGER NOT NULL, data TEXT NOT NULL,
                      PRIMARY KEY (match_id, n));
"""


def test_an_old_database_is_brought_up_to_date(tmp_path) -> None:
    db = str(tmp_path / "old.db")
    with sqlite3.connect(db) as old:
        old.executescript(OLD_SCHEMA)
        params = {"players": ["person", "bot:baseline"], "names": ["Ana", "bot"], "race": 1, "table": "9ft",
                  "ruleset": "spanish", "seed": 2}
        old.execute("INSERT INTO matches (id, kind, params, tokens) VALUES (?, 'game', ?, ?)",
                    ("g_old", json.dumps(params), json.dumps([None, None])))
        old.execute("INSERT INTO actions (match_id, n, data) VALUES ('g_old', 0, ?)",
                    (json.dumps({"seat": 0, "type": "lag", "speed": 2.0, "breaks": True}),))
    with TestClient(create_app(db)) as client:
        # the bot's lag was due when that server stopped: this one plays it
        for _ in range(2000):
            view = client.get("/api/games/g_old").json()
            if view["actions"] >= 2:
                break
        assert view["actions"] >= 2 and view["lag"]["strokes"][1]["seat"] == 1
    with sqlite3.connect(db) as new:
        assert {row[1] for row in new.execute("PRAGMA table_info(matches)")} >= {"over"}
        assert [row[0] is not None for row in new.execute("SELECT at FROM actions ORDER BY n")][:2] == [False, True]
