"""A stroke's cue through the HTTP API: the practice table and a game's shot accept ``strike.cue``
(validated once, by bola8.physics.Strike.from_dict), and the jump cue jumps where the playing cue cannot."""

from __future__ import annotations

import time


def test_the_practice_table_jumps_a_ball_with_the_jump_cue_only(client) -> None:
    balls = {"0": [0.635, 0.5], "5": [0.635, 0.8], "3": [0.635, 1.6]}
    firsts = {}
    for cue in ("playing", "jump"):
        r = client.post("/api/practice/simulate",
                        json={"balls": balls, "strike": {"speed": 3.0, "phi": 90.0, "theta": 45.0, "cue": cue}})
        assert r.status_code == 200, r.text
        firsts[cue] = r.json()["shot"]["facts"]["first_contact"]
    assert firsts == {"playing": 5, "jump": 3}
    r = client.post("/api/practice/simulate?lang=en", json={"balls": balls, "strike": {"speed": 3, "phi": 90,
                                                                                      "cue": "masse"}})
    assert r.status_code == 422 and r.json()["error"].startswith("strike.cue: 'masse' is not a cue")


def test_a_games_shot_is_played_and_recorded_with_its_cue(client, auth) -> None:
    r = client.post("/api/games", json={"players": ["person", "person"], "race": 1, "seed": 3})
    assert r.status_code == 201, r.text
    made = r.json()
    game, tokens = made["id"], {s["seat"]: s["token"] for s in made["seats"]}
    deadline = time.monotonic() + 60.0
    while True:
        assert time.monotonic() < deadline
        view = client.get(f"/api/games/{game}").json()
        now = view["to_act"]
        headers = auth(tokens[now["seat"]])
        if now["action"] == "lag":
            client.post(f"/api/games/{game}/lag", json={"speed": 2.4 + 0.2 * now["seat"]}, headers=headers)
        elif now["action"] == "place":
            client.post(f"/api/games/{game}/place", json={"x": 0.635, "y": 0.3}, headers=headers)
        elif now["action"] == "shot":
            break
        else:
            client.post(f"/api/games/{game}/choice", json={"option": now["options"][0]}, headers=headers)
    r = client.post(f"/api/games/{game}/shot?lang=en", json={"strike": {"speed": 8.0, "phi": 90.0, "cue": "heavy"}},
                    headers=headers)
    assert r.status_code == 422 and r.json()["error"].startswith("strike.cue")
    r = client.post(f"/api/games/{game}/shot", json={"strike": {"speed": 8.0, "phi": 90.0, "cue": "break"}},
                    headers=headers)
    assert r.status_code == 200, r.text
    assert r.json()["shot"]["strike"]["cue"] == "break"
    assert client.get(f"/api/games/{game}/shots/1").json()["strike"]["cue"] == "break"
