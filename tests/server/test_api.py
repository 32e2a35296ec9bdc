"""The HTTP API over every endpoint and every error class (docs/server-api.md)."""

from __future__ import annotations

import json
from typing import Any

from bola8.game.record import replay


def new(client, players, **extra) -> dict[str, Any]:
    r = client.post("/api/games", json={"players": players, "race": 1, "seed": 3, **extra})
    assert r.status_code == 201, r.text
    return r.json()


def play_person(client, auth, game: str, tokens: dict[int, str], limit: int) -> dict[str, Any]:
    """A person's simple strokes for each person seat: lag, place in the kitchen, shoot up the table."""
    view = client.get(f"/api/games/{game}").json()
    for _ in range(limit):
        now = view["to_act"]
        if now is None:
            break
        headers = auth(tokens[now["seat"]])
        if now["action"] == "lag":
            r = client.post(f"/api/games/{game}/lag", json={"speed": 2.4 + 0.2 * now["seat"]}, headers=headers)
        elif now["action"] == "place":
            y = 0.3 if view["kitchen_only"] else 0.5
            r = client.post(f"/api/games/{game}/place", json={"x": 0.635, "y": y}, headers=headers)
        elif now["action"] == "choice":
            r = client.post(f"/api/games/{game}/choice", json={"option": now["options"][0]}, headers=headers)
        else:
            r = client.post(f"/api/games/{game}/shot", json={"strike": {"speed": 6.0, "phi": 90.0}, "call": None},
                            headers=headers)
            assert r.status_code == 200, r.text
            assert r.json()["shot"]["seat"] == now["seat"]
        assert r.status_code == 200, r.text
        view = r.json()["view"]
    return view


def test_person_against_bot(client, auth) -> None:
    made = new(client, ["person", "bot"], names=["Ana", "bot"])
    token = made["seats"][0]["token"]
    assert made["seats"][1]["token"] is None
    assert made["view"]["players"] == [{"name": "Ana", "kind": "person"}, {"name": "bot", "kind": "bot:baseline"}]
    view = play_person(client, auth, made["id"], {0: token}, 12)
    assert view["shot_count"] >= 1
    shot = client.get(f"/api/games/{made['id']}/shots/1").json()
    assert set(shot) >= {"n", "seat", "strike", "call", "ruling", "events", "trajectory", "balls_after"}
    for samples in shot["trajectory"].values():
        assert [s[0] for s in samples] == sorted(s[0] for s in samples)
        moving = samples[-1][0] - samples[0][0]
        assert len(samples) >= 60 * moving
    event_times = {round(e["t"], 5) for e in shot["events"] if 0 in e["balls"]}
    assert event_times <= {s[0] for s in shot["trajectory"]["0"]}


def test_hot_seat_both_tokens(client, auth) -> None:
    made = new(client, ["person", "person"])
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    game = made["id"]
    assert client.post(f"/api/games/{game}/lag", json={"speed": 2.4}, headers=auth(tokens[1])).status_code == 409
    view = play_person(client, auth, game, tokens, 14)
    seats = {client.get(f"/api/games/{game}/shots/{n}").json()["seat"] for n in range(1, view["shot_count"] + 1)}
    assert view["shot_count"] >= 2 and seats == {0, 1}
    r = client.post(f"/api/games/{game}/declare", json={"what": "forfeit"}, headers=auth(tokens[0]))
    assert r.status_code == 200
    assert client.post(f"/api/games/{game}/declare", json={"what": "forfeit"},
                       headers=auth(tokens[0])).status_code == 409


def test_bot_against_bot_advances_one_action_and_its_record_replays(client) -> None:
    made = new(client, ["bot", "bot:baseline"])
    game = made["id"]
    assert made["view"]["to_act"]["action"] == "lag"       # nothing played until someone advances
    actions = 0
    while made["view"]["to_act"] is not None and actions < 400:
        r = client.post(f"/api/games/{game}/advance")
        assert r.status_code == 200, r.text
        made["view"] = r.json()["view"]
        actions += 1
        assert made["view"]["actions"] == actions
    assert made["view"]["winner"] in (0, 1)
    assert client.post(f"/api/games/{game}/advance").status_code == 409
    text = client.get(f"/api/games/{game}/record").text
    lines = [dict(json.loads(line), _line=i + 1) for i, line in enumerate(text.splitlines())]
    report = replay(lines)
    assert report.ok, report.mismatches


def test_errors(client, auth) -> None:
    made = new(client, ["person", "bot"])
    game, token = made["id"], made["seats"][0]["token"]
    lag = f"/api/games/{game}/lag"
    assert client.post(lag, json={"speed": 2.4}).status_code == 403
    assert client.post(lag, json={"speed": 2.4}, headers=auth("wrong")).status_code == 403
    assert client.get("/api/games/g_unknown").status_code == 404
    assert client.post("/api/games/g_unknown/lag", json={"speed": 2}, headers=auth(token)).status_code == 404
    r = client.post(f"/api/games/{game}/shot", json={"strike": {"speed": 2, "phi": 90}}, headers=auth(token))
    assert r.status_code == 409 and "seat" in r.json()["error"]
    r = client.post(lag, content=b"{not json", headers={**auth(token), "content-type": "application/json"})
    assert r.status_code == 400 and "error" in r.json()
    r = client.post(lag + "?lang=en", json={"speed": 2.4, "spin": 1}, headers=auth(token))
    assert r.status_code == 422 and r.json()["error"].startswith("spin")
    r = client.post(lag, json={"speed": 99}, headers=auth(token))
    assert r.status_code == 422 and r.json()["error"].startswith("speed") and "velocidad" in r.json()["error"]
    r = client.post("/api/games", json={"players": ["person", "bot:grandmaster"]})
    assert r.status_code == 422 and r.json()["error"].startswith("players[1]")
    assert client.post("/api/games", json={"players": ["person", "bot"], "table": "12ft"}).status_code == 422
    assert client.post("/api/games", json={"players": ["person", "bot"], "race": 0}).status_code == 422
    assert client.get("/api/nothing").status_code == 404
    assert client.get(f"/api/games/{game}/shots/1").status_code == 404
    client.post(lag, json={"speed": 2.4}, headers=auth(token))
    view = client.get(f"/api/games/{game}").json()
    if view["to_act"]["action"] == "place":
        r = client.post(f"/api/games/{game}/place", json={"x": 0.635, "y": 2.0}, headers=auth(token))
        assert r.status_code == 422 and "error" in r.json()
        r = client.post(f"/api/games/{game}/shot", json={"strike": {"speed": 2, "phi": 90, "a": 0.9, "b": 0.9}},
                        headers=auth(token))
        assert r.status_code in (409, 422)
    r = client.post(f"/api/games/{game}/declare", json={"what": "stalemate"}, headers=auth(token))
    assert r.status_code == 409


def test_meta_practice_static_and_live(client) -> None:
    meta = client.get("/api/meta?lang=en").json()
    assert set(meta["tables"]) == {"7ft", "8ft", "9ft"} and "bot:baseline" in meta["players"]
    assert len(meta["tables"]["9ft"]["pockets"]["side-left"]["tips"]) == 2
    r = client.post("/api/practice/simulate", json={
        "balls": {"0": [0.635, 0.6], "3": [0.635, 1.5]}, "strike": {"speed": 3.0, "phi": 90.0},
        "call": {"ball": 3, "pocket": "foot-left"},
        "state": {"groups": ["solids", "stripes"], "on_table": [3, 8, 9]}})
    assert r.status_code == 200, r.text
    assert r.json()["shot"]["facts"]["first_contact"] == 3 and "ruling" in r.json()
    r = client.post("/api/practice/simulate", json={"balls": {"0": [0.6, 0.6], "3": [0.6, 0.61]},
                                                    "strike": {"speed": 3.0, "phi": 90.0}})
    assert r.status_code == 422 and r.json()["error"].startswith("balls.3")
    assert client.get("/").status_code == 200
    made = new(client, ["bot", "bot"])
    with client.websocket_connect(f"/api/games/{made['id']}/live") as ws:
        first = ws.receive_json()
        assert first["view"]["id"] == made["id"]
        client.post(f"/api/games/{made['id']}/advance")
        pushed = ws.receive_json()
        assert pushed["view"]["actions"] == 1


def test_a_jump_in_the_trajectory_has_its_height(client) -> None:
    # samples are [t, x, y, z]: z the height of the ball's bottom above the cloth, a parabola while it flies
    r = client.post("/api/practice/simulate", json={"balls": {"0": [0.635, 0.6], "3": [0.635, 1.0]},
                                                    "strike": {"speed": 3.0, "phi": 90.0, "theta": 35.0}})
    assert r.status_code == 200, r.text
    shot = r.json()["shot"]
    samples = shot["trajectory"]["0"]
    assert all(len(s) == 4 for s in samples) and samples[0][3] == 0.0
    top = max(samples, key=lambda s: s[3])
    assert 0.08 < top[3] < 0.11 and samples[-1][3] == 0.0       # flew about 10 cm high over the 3, landed
    assert "land" in {e["type"] for e in shot["events"]}
    r = client.post("/api/practice/simulate", json={"balls": {"0": [0.635, 2.2]},
                                                    "strike": {"speed": 6.0, "phi": 90.0, "theta": 40.0}})
    shot = r.json()["shot"]
    assert shot["off_table"][0]["ball"] == 0 and shot["off_table"][0]["side"] == "foot"
    assert shot["facts"]["off_table"] == [0] and shot["trajectory"]["0"][-1][2] == 2.54
