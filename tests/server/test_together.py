"""Playing together (docs/server-api.md): profiles, invitations taken from another device, the lobby,
presence, stalemates proposed and answered between two persons, ratings moved by rated matches."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from bola8.server import create_app
from bola8.server.profiles import START, rate


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def client(tmp_path) -> Any:
    with TestClient(create_app(str(tmp_path / "t.db"), bot_workers=0)) as c:
        yield c


def profile(client: TestClient, name: str) -> tuple[str, str]:
    r = client.post("/api/profiles", json={"name": name})
    assert r.status_code == 201, r.text
    made = r.json()
    assert made["profile"]["rating"] == {"rating": 1500.0, "deviation": 500.0} and "token" not in made["profile"]
    return made["id"], made["token"]


def invitation(client: TestClient, **extra: Any) -> dict[str, Any]:
    r = client.post("/api/games", json={"players": ["person", "person"], "race": 1, "seed": 2, "invite": True,
                                        **extra})
    assert r.status_code == 201, r.text
    return r.json()


def test_a_friend_takes_the_seat_with_the_code_and_nothing_is_played_before(client) -> None:
    made = invitation(client, names=["Ana", "?"])
    game, code, token0 = made["id"], made["invite"], made["seats"][0]["token"]
    assert made["seats"][1]["token"] is None and made["view"]["invite_open"] is True
    assert made["view"]["invitation"] is True
    early = client.post(f"/api/games/{game}/lag?lang=en", json={"speed": 2.4}, headers=bearer(token0))
    assert early.status_code == 409 and "invited person" in early.json()["error"]
    assert client.post(f"/api/games/{game}/join", json={"invite": "wrong", "name": "Luis"}).status_code == 403
    assert client.post(f"/api/games/{game}/join", json={"name": "Luis"}).status_code == 403     # not public
    bad = client.post(f"/api/games/{game}/join?lang=en", json={"invite": code, "name": "Luis\n"})
    assert bad.status_code == 422 and bad.json()["error"].startswith("name: ")
    joined = client.post(f"/api/games/{game}/join", json={"invite": code, "name": "Luis"})
    assert joined.status_code == 200 and joined.json()["seat"] == 1
    view = joined.json()["view"]
    assert view["invite_open"] is False and [p["name"] for p in view["players"]] == ["Ana", "Luis"]
    assert view["invitation"] is True             # still: the two persons play apart
    hot_seat = client.post("/api/games", json={"players": ["person", "person"]}).json()["view"]
    assert hot_seat["invitation"] is False and hot_seat["invite_open"] is False
    again = client.post(f"/api/games/{game}/join", json={"invite": code, "name": "Marta"})
    assert again.status_code == 409
    token1 = joined.json()["token"]
    assert client.post(f"/api/games/{game}/lag", json={"speed": 2.4}, headers=bearer(token0)).status_code == 200
    assert client.post(f"/api/games/{game}/lag", json={"speed": 2.6}, headers=bearer(token1)).status_code == 200
    assert "Luis" in client.get(f"/api/games/{game}/record").text.splitlines()[0]


def test_the_lobby_lists_public_invitations_and_joining_one_needs_no_code(client) -> None:
    private = invitation(client)
    public = invitation(client, public=True, names=["Ana", "?"])
    listed = client.get("/api/lobby").json()["games"]
    assert [g["id"] for g in listed] == [public["id"]] and listed[0]["players"] == ["Ana", None]
    with client.websocket_connect("/api/lobby/live") as socket:
        assert [g["id"] for g in socket.receive_json()["games"]] == [public["id"]]
        assert client.post(f"/api/games/{public['id']}/join", json={"name": "Luis"}).status_code == 200
        assert socket.receive_json()["games"] == []
    assert client.get("/api/lobby").json()["games"] == []
    assert private["id"] not in [g["id"] for g in client.get("/api/lobby").json()["games"]]
    assert listed[0]["maker"] is None                     # Ana made it under no profile


def test_the_lobby_lists_the_public_matches_being_played_until_they_end(client) -> None:
    public = invitation(client, public=True, names=["Ana", "?"])
    private = invitation(client, names=["Eva", "?"])
    assert client.get("/api/lobby").json()["playing"] == []          # nobody has sat down yet
    with client.websocket_connect("/api/lobby/live") as socket:
        assert socket.receive_json()["playing"] == []
        luis = client.post(f"/api/games/{public['id']}/join", json={"name": "Luis"}).json()["token"]
        now = socket.receive_json()
        assert now["games"] == [] and [(g["id"], g["players"]) for g in now["playing"]] == [(public["id"], ["Ana", "Luis"])]
        assert now["playing"][0]["race"] == 1 and now["playing"][0]["rated"] is False
        client.post(f"/api/games/{private['id']}/join", json={"invite": private["invite"], "name": "Pío"})
        assert [g["id"] for g in socket.receive_json()["playing"]] == [public["id"]]    # never the private
        assert client.post(f"/api/games/{public['id']}/concede", headers=bearer(luis)).status_code == 200
        assert socket.receive_json()["playing"] == []                # the match over: it leaves the list
    assert client.get("/api/lobby").json()["playing"] == []


def test_the_lobby_shows_the_rating_of_the_profile_an_invitation_was_made_under(client) -> None:
    marta, marta_token = profile(client, "Marta")
    made = invitation(client, public=True, rated=True, profile=marta_token)
    entry = next(g for g in client.get("/api/lobby").json()["games"] if g["id"] == made["id"])
    assert entry["profile"] == marta and entry["maker"] == {
        "id": marta, "name": "Marta", "kind": "person", "rating": {"rating": 1500.0, "deviation": 500.0},
        "rated_matches": 0}


def test_presence_says_who_is_connected(client) -> None:
    made = invitation(client)
    game, code, token0 = made["id"], made["invite"], made["seats"][0]["token"]
    token1 = client.post(f"/api/games/{game}/join", json={"invite": code, "name": "Luis"}).json()["token"]
    with client.websocket_connect(f"/api/games/{game}/live") as watcher:
        assert [p["connected"] for p in watcher.receive_json()["view"]["players"]] == [False, False]
        with client.websocket_connect(f"/api/games/{game}/live") as luis:
            luis.receive_json()
            luis.send_json({"token": token1})
            assert [p["connected"] for p in watcher.receive_json()["view"]["players"]] == [False, True]
            assert client.get(f"/api/games/{game}").json()["players"][1]["connected"] is True
        assert [p["connected"] for p in watcher.receive_json()["view"]["players"]] == [False, False]
    assert token0


def test_between_two_persons_apart_a_stalemate_is_a_proposal_the_other_answers(client) -> None:
    made = invitation(client)
    game, code, token0 = made["id"], made["invite"], made["seats"][0]["token"]
    token1 = client.post(f"/api/games/{game}/join", json={"invite": code, "name": "Luis"}).json()["token"]
    client.post(f"/api/games/{game}/lag", json={"speed": 2.4}, headers=bearer(token0))
    client.post(f"/api/games/{game}/lag", json={"speed": 2.6}, headers=bearer(token1))
    proposed = client.post(f"/api/games/{game}/declare", json={"what": "stalemate"}, headers=bearer(token0))
    assert proposed.status_code == 200 and proposed.json()["view"]["proposal"] == {"by": 0, "what": "stalemate"}
    assert client.post(f"/api/games/{game}/proposal", json={"accept": True}, headers=bearer(token0)).status_code == 403
    declined = client.post(f"/api/games/{game}/proposal", json={"accept": False}, headers=bearer(token1))
    assert declined.status_code == 200 and declined.json()["view"]["proposal"] is None
    assert declined.json()["view"]["game_number"] == 1


def test_profiles_and_a_rated_match_move_both_ratings(client) -> None:
    ana, ana_token = profile(client, "Ana")
    luis, luis_token = profile(client, "Luis")
    made = invitation(client, rated=True, profile=ana_token)
    game, code, token0 = made["id"], made["invite"], made["seats"][0]["token"]
    assert client.post(f"/api/games/{game}/join", json={"invite": code, "profile": ana_token}).status_code == 409
    assert client.post(f"/api/games/{game}/join", json={"invite": code, "name": "x"}).status_code == 422
    joined = client.post(f"/api/games/{game}/join", json={"invite": code, "profile": luis_token})
    assert joined.status_code == 200 and joined.json()["view"]["players"][1]["profile"] == luis
    token1 = joined.json()["token"]
    playing = client.get(f"/api/profiles/{luis}").json()["playing"]
    assert [p["id"] for p in playing] == [game] and playing[0]["opponent"] == "Ana"
    client.post(f"/api/games/{game}/lag", json={"speed": 2.4}, headers=bearer(token0))
    client.post(f"/api/games/{game}/lag", json={"speed": 2.6}, headers=bearer(token1))
    view = client.get(f"/api/games/{game}").json()
    loser = view["to_act"]["seat"]
    client.post(f"/api/games/{game}/declare", json={"what": "forfeit"}, headers=bearer([token0, token1][loser]))
    winner_id, loser_id = ([ana, luis][1 - loser], [ana, luis][loser])
    won, lost = rate(START, START)
    board = client.get("/api/ratings").json()["players"]
    assert [p["id"] for p in board] == [winner_id, loser_id]
    assert board[0]["rating"] == {"rating": round(won[0], 1), "deviation": round(won[1], 1)}
    assert board[1]["rating"] == {"rating": round(lost[0], 1), "deviation": round(lost[1], 1)}
    page = client.get(f"/api/profiles/{winner_id}").json()
    assert page["games"] == 1 and page["wins"] == 1 and page["matches"][0]["id"] == game and page["matches"][0]["won"]
    assert page["playing"] == [] and page["stats"]["racks"] == 0      # (a rack forfeited before any shot)


def test_refusals_of_profiles(client) -> None:
    assert client.get("/api/profiles/p_none").status_code == 404
    assert client.post("/api/profiles", json={"name": ""}).status_code == 422
    assert client.post("/api/games", json={"players": ["person", "person"], "profile": "nobody's"}).status_code == 403
    hot = client.post("/api/games?lang=en", json={"players": ["person", "person"], "rated": True})
    assert hot.status_code == 422 and hot.json()["error"].startswith("profile:")
    _, token = profile(client, "Ana")
    hot = client.post("/api/games?lang=en", json={"players": ["person", "person"], "rated": True, "profile": token})
    assert hot.status_code == 422 and hot.json()["error"].startswith("rated:")
    vs_bot = client.post("/api/games", json={"players": ["person", "bot:beginner"], "rated": True, "profile": token})
    assert vs_bot.status_code == 201 and vs_bot.json()["view"]["players"][1]["profile"] == "p_bot_beginner"


def test_a_link_as_a_qr_code(client) -> None:
    r = client.get("/api/qr", params={"text": "http://127.0.0.1:8808/#/join/g_x/code"})
    assert r.status_code == 200 and r.headers["content-type"] == "image/svg+xml" and r.text.startswith("<svg")
    assert client.get("/api/qr").status_code == 422 and client.get("/api/qr", params={"text": "x" * 1001}).status_code == 422


def test_a_profile_adds_up_its_figures_from_the_strokes_played(client) -> None:
    ana, ana_token = profile(client, "Ana")
    luis, luis_token = profile(client, "Luis")
    made = invitation(client, profile=ana_token)
    game, code = made["id"], made["invite"]
    tokens = [made["seats"][0]["token"],
              client.post(f"/api/games/{game}/join", json={"invite": code, "profile": luis_token}).json()["token"]]
    client.post(f"/api/games/{game}/lag", json={"speed": 2.4}, headers=bearer(tokens[0]))
    view = client.post(f"/api/games/{game}/lag", json={"speed": 2.6}, headers=bearer(tokens[1])).json()["view"]
    breaker = view["to_act"]["seat"]
    if view["to_act"]["action"] == "place":
        client.post(f"/api/games/{game}/place", json={"x": 0.6, "y": 0.3}, headers=bearer(tokens[breaker]))
    client.post(f"/api/games/{game}/shot", json={"strike": {"speed": 8.0, "phi": 90.0}}, headers=bearer(tokens[breaker]))
    after = client.get(f"/api/games/{game}").json()
    client.post(f"/api/games/{game}/declare", json={"what": "forfeit"},
                headers=bearer(tokens[after["to_act"]["seat"]]))
    stats = client.get(f"/api/profiles/{[ana, luis][breaker]}").json()["stats"]
    assert stats["racks"] == 1 and stats["breaks"] == 1 and stats["shots"] >= 1
    assert stats["breaks_made_share"] in (0.0, 1.0) and stats["fouls_per_rack"] is not None


def test_a_change_made_while_a_spectator_gets_its_first_view_reaches_it(client, monkeypatch) -> None:
    """The first view is sent once the spectator is subscribed: a change published meanwhile (here a
    player's page connecting, as the first view goes out) comes next, never lost between the two."""
    from starlette.websockets import WebSocket

    made = invitation(client)
    game, code = made["id"], made["invite"]
    client.post(f"/api/games/{game}/join", json={"invite": code, "name": "Luis"})
    games = client.app.state.services.games
    send_text = WebSocket.send_text
    sent: list[str] = []

    async def sending(self: WebSocket, data: str) -> None:
        if not sent:                                  # the first view: Luis's page connects meanwhile
            games.connected(game, 1, +1)
        sent.append(data)
        await send_text(self, data)

    monkeypatch.setattr(WebSocket, "send_text", sending)
    with client.websocket_connect(f"/api/games/{game}/live") as watcher:
        first = watcher.receive_json()["view"]
        assert [p["connected"] for p in first["players"]] == [False, False]
        games.connected(game, 1, -1)          # a later change: what comes next, whether or not the first was lost
        present = watcher.receive_json()["view"]
        assert [p["connected"] for p in present["players"]] == [False, True]
        # of one action, made within a millisecond of the first: the page keeps it as strictly newer (sync.js)
        assert present["actions"] == first["actions"] and present["clock"]["now"] > first["clock"]["now"]
        assert [p["connected"] for p in watcher.receive_json()["view"]["players"]] == [False, False]


def test_a_player_concedes_the_match_the_other_wins_it_rated_and_recorded(client) -> None:
    import json

    from bola8.game.record import replay

    ana, ana_token = profile(client, "Ana")
    luis, luis_token = profile(client, "Luis")
    made = invitation(client, race=3, rated=True, profile=ana_token)
    game, code, token0 = made["id"], made["invite"], made["seats"][0]["token"]
    token1 = client.post(f"/api/games/{game}/join", json={"invite": code, "profile": luis_token}).json()["token"]
    client.post(f"/api/games/{game}/lag", json={"speed": 2.4}, headers=bearer(token0))
    assert client.post(f"/api/games/{game}/concede", headers=bearer("wrong")).status_code == 403
    conceded = client.post(f"/api/games/{game}/concede?lang=en", headers=bearer(token1))
    assert conceded.status_code == 200, conceded.text
    view = conceded.json()["view"]
    assert (view["winner"], view["result"], view["to_act"], view["score"]) == (0, "concession", None, [0, 0])
    again = client.post(f"/api/games/{game}/concede?lang=en", headers=bearer(token0))
    assert again.status_code == 409 and "over" in again.json()["error"]
    board = client.get("/api/ratings").json()["players"]
    assert [p["id"] for p in board] == [ana, luis]                 # a match conceded is lost like any other
    assert client.get(f"/api/profiles/{luis}").json()["matches"][0]["won"] is False
    lines = [dict(json.loads(text), _line=i + 1)
             for i, text in enumerate(client.get(f"/api/games/{game}/record").text.splitlines())]
    assert [line["type"] for line in lines[-2:]] == ["concede", "match_end"]
    assert replay(lines).ok


def test_a_match_abandoned_by_a_person_apart_is_claimed_once_he_has_been_away_long_enough(client, monkeypatch) -> None:
    from bola8.server import games as games_module

    made = invitation(client, race=2)
    game, code, token0 = made["id"], made["invite"], made["seats"][0]["token"]
    token1 = client.post(f"/api/games/{game}/join", json={"invite": code, "name": "Luis"}).json()["token"]
    clock = [games_module.time.time()]
    monkeypatch.setattr(games_module.time, "time", lambda: clock[0])
    registry = client.app.state.services.games
    with client.websocket_connect(f"/api/games/{game}/live") as ana_page:
        ana_page.receive_json()
        ana_page.send_json({"token": token0})
        ana_page.receive_json()                                          # Ana is there
        with client.websocket_connect(f"/api/games/{game}/live") as luis_page:
            luis_page.receive_json()
            luis_page.send_json({"token": token1})
            ana_page.receive_json()                                      # and Luis
            assert client.get(f"/api/games/{game}").json()["claim"] is None
            client.post(f"/api/games/{game}/lag", json={"speed": 2.4}, headers=bearer(token0))
            ana_page.receive_json()
        gone = ana_page.receive_json()["view"]                           # Luis's page closed: the lag is his
        assert gone["players"][1]["connected"] is False
        assert gone["claim"]["seat"] == 1
        start = gone["claim"]["from"] - games_module.CLAIM_AFTER_S
        assert start == pytest.approx(clock[0], abs=1e-3)
        clock[0] += games_module.CLAIM_AFTER_S - 1
        early = client.post(f"/api/games/{game}/claim?lang=en", headers=bearer(token0))
        assert early.status_code == 409 and "Luis" in early.json()["error"] and "1 s" in early.json()["error"]
        assert client.post(f"/api/games/{game}/claim", headers=bearer(token1)).status_code == 409   # not his own
        clock[0] += 2
        claimed = client.post(f"/api/games/{game}/claim", headers=bearer(token0))
        assert claimed.status_code == 200, claimed.text
        view = claimed.json()["view"]
        assert (view["winner"], view["result"], view["claim"]) == (0, "abandonment", None)
    assert registry is not None


def test_no_claim_against_a_player_whose_page_is_open_nor_in_a_hot_seat_or_against_a_bot(client) -> None:
    made = invitation(client)
    game, code, token0 = made["id"], made["invite"], made["seats"][0]["token"]
    token1 = client.post(f"/api/games/{game}/join", json={"invite": code, "name": "Luis"}).json()["token"]
    client.post(f"/api/games/{game}/lag", json={"speed": 2.4}, headers=bearer(token0))
    with client.websocket_connect(f"/api/games/{game}/live") as luis_page:
        luis_page.receive_json()
        luis_page.send_json({"token": token1})
        luis_page.receive_json()
        there = client.post(f"/api/games/{game}/claim?lang=en", headers=bearer(token0))
        assert there.status_code == 409 and there.json()["error"].startswith("claim: ")
    hot = client.post("/api/games", json={"players": ["person", "person"]}).json()
    assert hot["view"]["claim"] is None
    assert client.post(f"/api/games/{hot['id']}/claim", headers=bearer(hot["seats"][0]["token"])).status_code == 409
    bot = client.post("/api/games", json={"players": ["person", "bot"]}).json()
    assert bot["view"]["claim"] is None
