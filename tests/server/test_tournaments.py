"""Tournaments on the server (docs/server-api.md, "Competitions"): the director's changes, real tables that
referee each match and move the bracket with no second entry, online matches between profiles, the
refusals, the live page's messages and the export."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bola8.server import create_app


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def client(tmp_path) -> Any:
    with TestClient(create_app(str(tmp_path / "c.db"), bot_workers=0)) as c:
        yield c


def tournament(client: TestClient, players: list[Any], fmt: str = "single_elimination", **extra: Any) -> tuple[str, str]:
    body = {"name": "Open de otoño", "format": fmt, "race": 1, "players": players, "play": "real",
            "seeding": "given", "tables": 2, **extra}
    r = client.post("/api/tournaments", json=body)
    assert r.status_code == 201, r.text
    return r.json()["id"], r.json()["token"]


def table_tokens(client: TestClient, tid: str, token: str) -> dict[str, str]:
    """Each table in use -> the token of its number (what the referee's phone at that number holds)."""
    tables = client.get(f"/api/tournaments/{tid}/tables", headers=bearer(token)).json()["tables"]
    return {t["table"]: t["token"] for t in tables if t["table"] is not None}


def finish_at_table(client: TestClient, table: str, token: str, winner_seat: int) -> None:
    """The referee enters the lag, then the loser forfeits the rack: a race to 1 is over."""
    assert client.post(f"/api/tables/{table}/lag", json={"winner": 0}, headers=bearer(token)).status_code == 200
    r = client.post(f"/api/tables/{table}/declare", json={"what": "forfeit", "player": 1 - winner_seat},
                    headers=bearer(token))
    assert r.status_code == 200, r.text
    assert r.json()["view"]["winner"] == winner_seat


def play_out(client: TestClient, tid: str, token: str, winner_seat: int = 0, limit: int = 40) -> dict[str, Any]:
    """Every match at its table, won by ``winner_seat``, until the tournament is over."""
    for _ in range(limit):
        view = client.get(f"/api/tournaments/{tid}").json()
        if view["status"] == "over":
            return view
        tokens = table_tokens(client, tid, token)
        playing = [m for m in view["matches"] if m["status"] in ("ready", "playing") and m["table"] in tokens]
        assert playing, view["matches"]
        finish_at_table(client, playing[0]["table"], tokens[playing[0]["table"]], winner_seat)
    raise AssertionError("the tournament did not end")


def test_four_players_single_elimination_moves_on_from_the_tables_to_its_champion(client) -> None:
    tid, token = tournament(client, ["Ana", "Luis", "Marta", "Pablo"])
    with client.websocket_connect(f"/api/tournaments/{tid}/live") as live:
        assert live.receive_json()["status"] == "open"
        started = client.post(f"/api/tournaments/{tid}/start", headers=bearer(token)).json()
        assert started["status"] == "running"
        semis = [m for m in started["matches"] if m["status"] == "ready"]
        assert len(semis) == 2 and all(m["table"] for m in semis)
        assert [t["number"] for t in started["tables"] if t["match"]] == [1, 2]
        while live.receive_json()["status"] != "running":
            pass
        view = play_out(client, tid, token, winner_seat=0)
    assert view["winner"] == 0 and view["standings"][0]["player"] == 0
    final = [m for m in view["matches"] if m["round"] == max(x["round"] for x in view["matches"])][0]
    assert final["status"] == "over" and final["score"] == [1, 0]
    # the export: one row a player, best first, with the figures from the tables' records
    rows = list(csv.DictReader(io.StringIO(client.get(f"/api/tournaments/{tid}/export.csv").text)))
    assert [row["name"] for row in rows][0] == "Ana" and len(rows) == 4
    exported = client.get(f"/api/tournaments/{tid}/export.json").json()
    assert exported["format"] == "bola8-tournament" and exported["tournament"]["winner"] == 0


@pytest.mark.parametrize("players", [5, 8, 13])
def test_every_format_plays_to_its_end_through_the_api(client, players: int) -> None:
    names = [f"Jugador {i + 1}" for i in range(players)]
    for fmt in ("single_elimination", "double_elimination", "round_robin"):
        if fmt == "round_robin" and players == 13:
            continue                      # (13 players: 78 matches - the library's tests cover it)
        tid, token = tournament(client, names, fmt, tables=4)
        client.post(f"/api/tournaments/{tid}/start", headers=bearer(token))
        view = play_out(client, tid, token, winner_seat=0, limit=200)
        assert view["status"] == "over" and view["winner"] is not None, fmt
        if fmt == "double_elimination":
            assert any(m["bracket"] == "grand_final" for m in view["matches"])


def test_the_director_alone_changes_it_and_the_refusals(client) -> None:
    tid, token = tournament(client, ["Ana", "Luis", "Marta"])
    assert client.post(f"/api/tournaments/{tid}/start").status_code == 403
    assert client.post(f"/api/tournaments/{tid}/start", headers=bearer("wrong")).status_code == 403
    assert client.get(f"/api/tournaments/{tid}/tables").status_code == 403
    assert client.post(f"/api/tournaments/{tid}/players", json={"name": "Nuria"}, headers=bearer(token)).status_code == 200
    assert client.post(f"/api/tournaments/{tid}/start", headers=bearer(token)).status_code == 200
    assert client.post(f"/api/tournaments/{tid}/start", headers=bearer(token)).status_code == 409
    late = client.post(f"/api/tournaments/{tid}/players", json={"name": "Pablo"}, headers=bearer(token))
    assert late.status_code == 409
    waiting = [m for m in client.get(f"/api/tournaments/{tid}").json()["matches"] if m["status"] == "waiting"]
    moved = client.post(f"/api/tournaments/{tid}/reassign", json={"match": waiting[0]["id"], "table": 2},
                        headers=bearer(token))
    assert moved.status_code == 409                          # a match not ready has no table to move
    assert client.get("/api/tournaments/c_none").status_code == 404
    bad = client.post("/api/tournaments?lang=en", json={"name": "x", "format": "swiss", "players": []})
    assert bad.status_code == 422 and bad.json()["error"].startswith("format")


def test_a_wrong_result_is_undone_at_its_table_until_the_bracket_has_moved_on(client) -> None:
    tid, token = tournament(client, ["Ana", "Luis", "Marta", "Pablo"])
    client.post(f"/api/tournaments/{tid}/start", headers=bearer(token))
    tokens = table_tokens(client, tid, token)
    first, second = [m for m in client.get(f"/api/tournaments/{tid}").json()["matches"] if m["status"] == "ready"]
    finish_at_table(client, first["table"], tokens[first["table"]], 0)
    assert client.post(f"/api/tables/{first['table']}/undo", headers=bearer(tokens[first["table"]])).status_code == 200
    back = [m for m in client.get(f"/api/tournaments/{tid}").json()["matches"] if m["id"] == first["id"]][0]
    assert back["status"] != "over" and back["winner"] is None          # the result taken back at the table
    client.post(f"/api/tables/{first['table']}/declare", json={"what": "forfeit", "player": 1},
                headers=bearer(tokens[first["table"]]))
    finish_at_table(client, second["table"], tokens[second["table"]], 0)
    final = [m for m in client.get(f"/api/tournaments/{tid}").json()["matches"] if m["status"] == "ready"][0]
    final_token = table_tokens(client, tid, token)[final["table"]]
    client.post(f"/api/tables/{final['table']}/lag", json={"winner": 0}, headers=bearer(final_token))
    refused = client.post(f"/api/tables/{first['table']}/undo?lang=en", headers=bearer(tokens[first["table"]]))
    assert refused.status_code == 409 and refused.json()["error"].startswith("undo: ")


def test_a_disqualified_player_forfeits_his_remaining_matches(client) -> None:
    tid, token = tournament(client, ["Ana", "Luis", "Marta", "Pablo"])
    client.post(f"/api/tournaments/{tid}/start", headers=bearer(token))
    r = client.post(f"/api/tournaments/{tid}/disqualify", json={"player": 1, "reason": "conducta antideportiva"},
                    headers=bearer(token))
    assert r.status_code == 200
    view = r.json()
    assert view["players"][1]["disqualified"] == "conducta antideportiva"
    forfeited = [m for m in view["matches"] if 1 in (m["players"] or [])][0]
    other = [p for p in forfeited["players"] if p != 1][0]
    assert forfeited["status"] == "over" and forfeited["winner"] == other and forfeited["forfeit"] == [1]
    table = client.get(f"/api/tables/{forfeited['table']}").json()     # the referee's phone shows it ended
    assert table["result"] == "disqualification" and table["tournament"]["match"] == forfeited["id"]


def test_an_online_tournament_plays_games_between_the_players_profiles(client) -> None:
    made = [client.post("/api/profiles", json={"name": name}).json() for name in ("Ana", "Luis")]
    players = [{"name": p["profile"]["name"], "profile": p["id"]} for p in made]
    r = client.post("/api/tournaments", json={"name": "Online", "format": "single_elimination", "race": 1,
                                              "players": players, "play": "online", "seeding": "given",
                                              "rated": True})
    assert r.status_code == 201, r.text
    tid, token = r.json()["id"], r.json()["token"]
    view = client.post(f"/api/tournaments/{tid}/start", headers=bearer(token)).json()
    game = view["matches"][0]["game"]
    assert game is not None
    assert client.post(f"/api/games/{game}/join", json={"name": "intruso"}).status_code == 403
    seats = {}
    for p in made:
        joined = client.post(f"/api/games/{game}/join", json={"profile": p["token"]})
        assert joined.status_code == 200, joined.text
        seats[joined.json()["seat"]] = joined.json()["token"]
    client.post(f"/api/games/{game}/lag", json={"speed": 2.4}, headers=bearer(seats[0]))
    client.post(f"/api/games/{game}/lag", json={"speed": 2.6}, headers=bearer(seats[1]))
    to_act = client.get(f"/api/games/{game}").json()["to_act"]["seat"]
    assert client.get(f"/api/games/{game}").json()["tournament"] == tid
    # the match is not conceded nor claimed by its players: its director decides (Art. 22)
    for path in ("concede", "claim"):
        refused = client.post(f"/api/games/{game}/{path}?lang=en", headers=bearer(seats[to_act]))
        assert refused.status_code == 409 and "director" in refused.json()["error"]
    client.post(f"/api/games/{game}/declare", json={"what": "forfeit"}, headers=bearer(seats[to_act]))
    over = client.get(f"/api/tournaments/{tid}").json()
    assert over["status"] == "over" and over["winner"] == 1 - to_act
    assert len(client.get("/api/ratings").json()["players"]) == 2        # a rated tournament's game moved both
