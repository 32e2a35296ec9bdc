"""The coach's hint (GET /api/games/{id}/hint): who may ask, the answer, the cache, hints switched off."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from typing import Any

from fastapi.testclient import TestClient

from bola8.server import create_app
from bola8.server.bots import BotRunner
from bola8.server.games import LiveGame

QUICK = "level=beginner"         # the quickest level: the tests are about the endpoint, not the search


def hot_seat(client: TestClient, auth: Any, **extra: Any) -> tuple[str, dict[int, str], dict[str, Any]]:
    """A hot-seat game past its lag: the breaker is to put the cue ball in hand."""
    made = client.post("/api/games", json={"players": ["person", "person"], "race": 1, "seed": 3, **extra}).json()
    game, tokens = made["id"], {s["seat"]: s["token"] for s in made["seats"]}
    for seat, speed in ((0, 2.3), (1, 2.6)):
        assert client.post(f"/api/games/{game}/lag", json={"speed": speed}, headers=auth(tokens[seat])).status_code == 200
    view = client.get(f"/api/games/{game}").json()
    assert view["to_act"]["action"] == "place"
    return game, tokens, view


def hint(client: TestClient, game: str, token: str | None, query: str = QUICK) -> Any:
    return client.get(f"/api/games/{game}/hint?{query}", headers={"Authorization": f"Bearer {token}"} if token else {})


def test_the_player_to_act_gets_the_coachs_advice_once_per_position(client, auth, tmp_path) -> None:
    game, tokens, view = hot_seat(client, auth)
    seat = view["to_act"]["seat"]
    r = hint(client, game, tokens[seat])
    assert r.status_code == 200, r.text
    first = r.json()
    assert first["cached"] is False and first["actions"] == view["actions"] and first["to_act"] == view["to_act"]
    advice = first["advice"]
    # the break: where to put the cue ball, the stroke, and that stroke played without noise to draw it
    assert advice["action"] == "break" and advice["player"] == seat
    assert advice["placement"]["y"] <= view["table"]["length"] / 4
    (brk,) = advice["suggestions"]
    assert brk["kind"] == "break" and set(brk["explanation"]) == {"es", "en"}
    preview = brk["preview"]
    assert len(preview["paths"]["0"]) >= 2 and preview["ghost"] is not None
    # asked again: the same answer, from the cache; a new position is searched anew
    again = hint(client, game, tokens[seat]).json()
    assert again["cached"] is True and again["advice"] == advice
    spot = advice["placement"]
    assert client.post(f"/api/games/{game}/place", json={"x": spot["x"], "y": spot["y"]},
                       headers=auth(tokens[seat])).status_code == 200
    r = client.post(f"/api/games/{game}/shot", json={"strike": brk["strike"]}, headers=auth(tokens[seat]))
    assert r.status_code == 200 and r.json()["shot"]["strike"] == brk["strike"]
    view = r.json()["view"]
    now = view["to_act"]
    r = hint(client, game, tokens[now["seat"]], QUICK + "&top=1")
    assert r.status_code == 200, r.text
    shot = r.json()
    assert shot["cached"] is False and shot["actions"] == view["actions"] and len(shot["advice"]["suggestions"]) <= 1
    for suggestion in shot["advice"]["suggestions"] + [s for s in [shot["advice"]["safety"]] if s]:
        assert 0.0 <= suggestion["chance_foul"] <= 1.0 and set(suggestion["explanation"]) == {"es", "en"}
        assert suggestion["preview"]["paths"]["0"]
    wider = hint(client, game, tokens[now["seat"]], QUICK + "&top=10").json()
    assert wider["cached"] is True and wider["advice"]["suggestions"][:1] == shot["advice"]["suggestions"]
    other = hint(client, game, tokens[now["seat"]], "level=club").json()
    assert other["cached"] is False and other["level"] == "club"
    assert client.app.state.services.hints.searches == 3             # the break, the shot at two levels
    # the same match on another server: the same advice for the same position (the search is seeded)
    with TestClient(create_app(str(tmp_path / "again.db"), bot_workers=0)) as fresh:
        game2, tokens2, view2 = hot_seat(fresh, auth)
        assert hint(fresh, game2, tokens2[view2["to_act"]["seat"]]).json()["advice"] == advice


def test_who_may_ask_and_when(client, auth) -> None:
    game, tokens, view = hot_seat(client, auth)
    seat = view["to_act"]["seat"]
    for token in (tokens[1 - seat], None, "wrong"):                # the other seat, a spectator, a bad token
        r = hint(client, game, token)
        assert r.status_code == 403 and r.json()["error"].startswith("Authorization: una pista es para el jugador")
    r = hint(client, game, tokens[1 - seat], QUICK + "&lang=en")
    assert r.json()["error"] == (f"Authorization: a hint is for the player to act; it needs the token of seat {seat} "
                                 "(Authorization: Bearer <token>).")
    r = hint(client, game, tokens[seat], "level=master&lang=en")
    assert r.status_code == 422 and r.json()["error"] == ("level: 'master' is not a level; expected one of beginner, "
                                                          "club, pro, champion.")
    for query, field in (("top=0", "top"), ("top=11", "top"), ("top=many", "top")):
        r = hint(client, game, tokens[seat], query)
        assert r.status_code == 422 and r.json()["error"].startswith(field + ":"), r.text
    assert hint(client, "g_unknown", tokens[seat]).status_code == 404
    # the lag is not the coach's
    made = client.post("/api/games", json={"players": ["person", "person"], "race": 1, "seed": 3}).json()
    r = hint(client, made["id"], made["seats"][0]["token"])
    assert r.status_code == 409 and r.json()["error"].startswith("to_act: toca el arrime")
    # a match over has nothing to advise
    assert client.post(f"/api/games/{game}/declare", json={"what": "forfeit"}, headers=auth(tokens[seat])).status_code == 200
    r = hint(client, game, tokens[seat])
    assert r.status_code == 409 and r.json()["error"].startswith("game:")


def test_a_game_made_without_hints_refuses_them_and_its_record_says_so(client, auth) -> None:
    game, tokens, view = hot_seat(client, auth, hints=False)
    assert view["hints"] is False
    r = hint(client, game, tokens[view["to_act"]["seat"]], QUICK + "&lang=en")
    assert r.status_code == 403 and r.json()["error"] == "hints: this game was made without hints (hints: false)."
    header = json.loads(client.get(f"/api/games/{game}/record").text.splitlines()[0])
    assert header["hints"] is False
    assert client.post("/api/games", json={"players": ["person", "bot"], "hints": "maybe"}).status_code == 422
    with_hints = client.post("/api/games", json={"players": ["person", "bot"], "race": 1}).json()
    assert with_hints["view"]["hints"] is True
    assert json.loads(client.get(f"/api/games/{with_hints['id']}/record").text.splitlines()[0])["hints"] is True


def test_a_bot_is_not_advised_in_a_game_with_a_person(tmp_path, auth) -> None:
    with TestClient(create_app(str(tmp_path / "b.db"), bot_workers=0)) as client:   # its bot never plays
        made = client.post("/api/games", json={"players": ["person", "bot"], "race": 1, "seed": 2}).json()
        token = made["seats"][0]["token"]
        assert client.post(f"/api/games/{made['id']}/lag", json={"speed": 2.3}, headers=auth(token)).status_code == 200
        r = hint(client, made["id"], token, QUICK + "&lang=en")
        assert r.status_code == 409 and r.json()["error"].startswith("to_act: seat 1 is a bot")


def test_anyone_may_ask_about_a_match_of_bots(tmp_path, monkeypatch) -> None:
    gate = threading.Event()
    real = BotRunner.decide

    async def after_the_break(self: BotRunner, game: LiveGame) -> Any:
        # the bots play up to their first stroke after the break, then wait for the test
        if len(game.shots) >= 1:
            await asyncio.get_running_loop().run_in_executor(None, gate.wait, 30)
        return await real(self, game)

    monkeypatch.setattr(BotRunner, "decide", after_the_break)
    try:
        with TestClient(create_app(str(tmp_path / "w.db"))) as client:
            game = client.post("/api/games", json={"players": ["bot", "bot"], "race": 1, "seed": 5}).json()["id"]
            deadline = time.monotonic() + 30
            while (view := client.get(f"/api/games/{game}").json())["shot_count"] < 1 or view["bot"] is None:
                assert time.monotonic() < deadline, view
                time.sleep(0.01)
            assert view["to_act"]["action"] in ("place", "shot", "choice")
            r = hint(client, game, None)                      # no token: a spectator
            assert r.status_code == 200, r.text
            assert r.json()["to_act"] == view["to_act"] and r.json()["actions"] == view["actions"]
            gate.set()
    finally:
        gate.set()
