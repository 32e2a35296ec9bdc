"""The HTTP API over every endpoint and every error class (docs/server-api.md)."""

from __future__ import annotations

import json
import time
from typing import Any

from bola8.game.record import replay


def new(client, players, **extra) -> dict[str, Any]:
    r = client.post("/api/games", json={"players": players, "race": 1, "seed": 3, **extra})
    assert r.status_code == 201, r.text
    return r.json()


def person_turn(client, game: str, tokens: dict[int, str], timeout: float = 60.0) -> dict[str, Any]:
    """The game's view once a person seat is to act or the match is over (the bots play in the
    background: a view may show a bot to act for a moment)."""
    deadline = time.monotonic() + timeout
    while True:
        view = client.get(f"/api/games/{game}").json()
        if view["to_act"] is None or view["to_act"]["seat"] in tokens:
            return view
        assert time.monotonic() < deadline, view["to_act"]
        time.sleep(0.005)


def play_person(client, auth, game: str, tokens: dict[int, str], limit: int) -> dict[str, Any]:
    """A person's simple strokes for each person seat: lag, place in the kitchen, shoot up the table."""
    for _ in range(limit):
        view = person_turn(client, game, tokens)
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
    return person_turn(client, game, tokens)


def test_person_against_bot(client, auth) -> None:
    made = new(client, ["person", "bot"], names=["Ana", "bot"])
    token = made["seats"][0]["token"]
    assert made["seats"][1]["token"] is None
    assert [{key: p[key] for key in ("name", "kind")} for p in made["view"]["players"]] == [
        {"name": "Ana", "kind": "person"}, {"name": "bot", "kind": "bot:baseline"}]
    assert [p["profile"] for p in made["view"]["players"]] == [None, "p_bot_baseline"]
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
    seats: set[int] = set()
    for _ in range(14):     # one action at a time, until each seat has shot (the match is still on then)
        view = play_person(client, auth, game, tokens, 1)
        seats = {client.get(f"/api/games/{game}/shots/{n}").json()["seat"] for n in range(1, view["shot_count"] + 1)}
        if seats == {0, 1}:
            break
    assert view["shot_count"] >= 2 and seats == {0, 1}
    r = client.post(f"/api/games/{game}/declare", json={"what": "forfeit"}, headers=auth(tokens[0]))
    assert r.status_code == 200
    assert client.post(f"/api/games/{game}/declare", json={"what": "forfeit"},
                       headers=auth(tokens[0])).status_code == 409


def test_bot_against_bot_plays_by_itself_and_its_record_replays(client) -> None:
    made = new(client, ["bot", "bot:baseline"])
    game = made["id"]
    # nobody has to ask: the server plays the match to its end; advance waits for the next action
    seen = 0
    for _ in range(400):
        r = client.post(f"/api/games/{game}/advance")
        if r.status_code == 409:
            break
        assert r.status_code == 200, r.text
        view = r.json()["view"]
        assert view["actions"] > seen
        seen = view["actions"]
    view = client.get(f"/api/games/{game}").json()
    assert view["to_act"] is None and view["winner"] in (0, 1)
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
    view = person_turn(client, game, {0: token})
    if view["to_act"]["action"] == "place":
        r = client.post(f"/api/games/{game}/place", json={"x": 0.635, "y": 2.0}, headers=auth(token))
        assert r.status_code == 422 and "error" in r.json()
        r = client.post(f"/api/games/{game}/shot", json={"strike": {"speed": 2, "phi": 90, "a": 0.9, "b": 0.9}},
                        headers=auth(token))
        assert r.status_code in (409, 422)
    r = client.post(f"/api/games/{game}/declare", json={"what": "stalemate"}, headers=auth(token))
    assert r.status_code == 200 and r.json()["stalemate"]["reason"] == \
        "El bot básico nunca acepta tablas (Art. 21.2): juega cada partida hasta el final."


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
    made = new(client, ["person", "bot"])
    with client.websocket_connect(f"/api/games/{made['id']}/live") as ws:
        first = ws.receive_json()
        assert first["view"]["id"] == made["id"] and first["view"]["actions"] == 0
        # the person's lag is answered at once; the bot's lag follows on the socket, in order
        r = client.post(f"/api/games/{made['id']}/lag", json={"speed": 2.0},
                        headers={"Authorization": f"Bearer {made['seats'][0]['token']}"})
        assert r.status_code == 200 and r.json()["view"]["actions"] == 1
        assert ws.receive_json()["view"]["actions"] == 1
        pushed = ws.receive_json()["view"]
        assert pushed["actions"] == 2 and pushed["lag"]["strokes"][1]["seat"] == 1


def test_articles_in_both_languages(client) -> None:
    es = client.get("/api/articles").json()
    en = client.get("/api/articles?lang=en").json()
    assert [a["id"] for a in es["articles"]] == [a["id"] for a in en["articles"]]
    assert es["citations"]["12.1.b"] == {"article": "12b", "ref": "1.b"}
    faltas = next(a for a in es["articles"] if a["id"] == "12b")
    assert faltas["title"] == "FALTAS" and any("bola blanca" in p["text"] for p in faltas["paragraphs"])
    assert next(a for a in en["articles"] if a["id"] == "24")["title"] == "Slow play"
    assert client.get("/api/articles?lang=fr").status_code == 422


def test_shot_clock_runs_on_the_server(client, auth) -> None:
    made = new(client, ["person", "person"], warned=[0, 1])
    game, tokens = made["id"], {s["seat"]: s["token"] for s in made["seats"]}
    assert made["view"]["clock"]["warned"] == [0, 1] and made["view"]["clock"]["seat"] is None   # the lag is untimed
    client.post(f"/api/games/{game}/lag", json={"speed": 2.0}, headers=auth(tokens[0]))
    view = client.post(f"/api/games/{game}/lag", json={"speed": 2.6}, headers=auth(tokens[1])).json()["view"]
    clock, seat = view["clock"], view["to_act"]["seat"]
    assert clock["seat"] == seat and clock["deadline"] - clock["started_at"] == 60
    assert clock["started_at"] <= clock["now"] <= clock["deadline"]
    if view["to_act"]["action"] == "place":
        view = client.post(f"/api/games/{game}/place", json={"x": 0.6, "y": 0.3}, headers=auth(tokens[seat])).json()["view"]
        assert view["clock"]["started_at"] == clock["started_at"]     # placing is part of the same turn
    # the server measures the time: a client's own measure is refused for a seat on the clock
    body = {"strike": {"speed": 8.0, "phi": 90.0}, "elapsed_s": 1.0}
    r = client.post(f"/api/games/{game}/shot?lang=en", json=body, headers=auth(tokens[seat]))
    assert r.status_code == 422 and r.json()["error"].startswith("elapsed_s")
    r = client.post(f"/api/games/{game}/shot", json={"strike": {"speed": 8.0, "phi": 90.0}}, headers=auth(tokens[seat]))
    shot = r.json()["shot"]
    after = r.json()["view"]["clock"]
    assert after["started_at"] >= clock["started_at"] + shot["duration"]    # from when the balls stop
    strokes = [json.loads(line) for line in client.get(f"/api/games/{game}/record").text.splitlines()]
    timed = [line for line in strokes if line["type"] == "shot"]
    assert timed and timed[0]["elapsed_s"] is not None and 0 <= timed[0]["elapsed_s"] < 60
    assert [line["player"] for line in strokes if line["type"] == "warn"] == [0, 1]


def test_the_lag_is_drawn_as_it_was_played(client, auth) -> None:
    made = new(client, ["person", "person"])
    game, tokens = made["id"], {s["seat"]: s["token"] for s in made["seats"]}
    assert client.get(f"/api/games/{game}/lag").status_code == 404
    client.post(f"/api/games/{game}/lag", json={"speed": 1.9}, headers=auth(tokens[0]))
    client.post(f"/api/games/{game}/lag", json={"speed": 2.4}, headers=auth(tokens[1]))
    lag = client.get(f"/api/games/{game}/lag").json()
    view = client.get(f"/api/games/{game}").json()["lag"]
    assert lag["winner"] == view["winner"] and lag["breaker"] == view["breaker"]
    for stroke in lag["strokes"]:
        samples = stroke["trajectory"]
        # the same simulation the referee of the lag used: it ends where the ball stopped
        assert samples[0][0] == 0 and samples[-1][1:3] == stroke["final"]
        assert max(s[2] for s in samples) > 2.0            # up the table to the foot cushion and back


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



def test_the_view_names_the_balls_the_cue_ball_may_hit_first(client, auth) -> None:
    """VIEW.legal_first is the referee's own list (Art. 5, 10.1): empty on the break, then the table's."""
    from bola8 import rules

    made = new(client, ["person", "person"])
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    assert made["view"]["legal_first"] == []                   # the lag comes first: no game yet
    view = play_person(client, auth, made["id"], tokens, 3)    # both lags and the break's placement
    assert view["state"]["phase"] == "break" and view["legal_first"] == []
    view = play_person(client, auth, made["id"], tokens, 1)    # the break
    state = rules.State.from_dict(view["state"])
    assert view["legal_first"] == list(rules.legal_first_contacts(state))
    assert view["state"]["phase"] != "play" or view["state"]["decision"] is not None or view["legal_first"]


def test_the_shot_list_names_who_shot_and_the_fouls(client, auth) -> None:
    """GET /api/games/{id}/shots: a line per stroke, as each SHOT says it (a page opened late lists them)."""
    made = new(client, ["person", "person"])
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    view = play_person(client, auth, made["id"], tokens, 8)
    listed = client.get(f"/api/games/{made['id']}/shots").json()
    assert [line["n"] for line in listed] == list(range(1, view["shot_count"] + 1))
    for line in listed:
        shot = client.get(f"/api/games/{made['id']}/shots/{line['n']}").json()
        assert line == {"n": shot["n"], "seat": shot["seat"], "game_number": shot["game_number"],
                        "foul": shot["ruling"]["foul"], "turn_passes": shot["ruling"]["turn_passes"], "call": shot["call"]}
    assert client.get("/api/games/g_nothere/shots").status_code == 404


def test_the_lag_names_the_game_it_opens(client, auth) -> None:
    """VIEW.lag.game: Art. 4.1's lag opens game 1; at one game all in a race to 2, Art. 4.2's lag opens the
    deciding game, 3 - while it is played and once decided (the page orders a lag among the strokes by it)."""
    made = new(client, ["person", "person"], race=2)
    game, tokens = made["id"], {s["seat"]: s["token"] for s in made["seats"]}

    def lag(seat: int) -> dict[str, Any]:
        r = client.post(f"/api/games/{game}/lag", json={"speed": 1.9 + 0.5 * seat}, headers=auth(tokens[seat]))
        assert r.status_code == 200, r.text
        return dict(r.json()["view"])

    assert lag(0)["lag"]["game"] == 1
    view = lag(1)
    assert view["lag"]["game"] == 1 and view["lag"]["reason"] == "first_break" and view["game_number"] == 1
    for seat in (0, 1):                          # a game conceded by each: one game all
        r = client.post(f"/api/games/{game}/declare", json={"what": "forfeit"}, headers=auth(tokens[seat]))
        assert r.status_code == 200, r.text
    assert r.json()["view"]["score"] == [1, 1] and r.json()["view"]["to_act"]["reason"] == "hill_hill"
    half = lag(0)["lag"]                         # being played: the game it will open
    assert half["reason"] == "hill_hill" and half["game"] == 3 and half.get("winner") is None
    view = lag(1)
    assert view["lag"]["reason"] == "hill_hill" and view["lag"]["game"] == 3 == view["game_number"]
