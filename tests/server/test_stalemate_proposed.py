"""Art. 21.2 against a bot: a stalemate a person proposes is put to the bot, which agrees when the
position is worth less to it than the rack played again (``Player.agrees_to_stalemate``)."""

from __future__ import annotations

from typing import Any

from bola8 import rules
from bola8.game.position import game_at
from bola8.server.bots import BotRunner
from bola8.server.thinking import StalemateTask, bot_agrees

from test_api import new, person_turn


def lost_rack() -> object:
    """Seat 0 to shoot with seven solids left; seat 1 has only the 8 left, at the foot-rail pocket's mouth."""
    state = rules.State.from_dict({"groups": ["solids", "stripes"], "on_table": [1, 2, 3, 4, 5, 6, 7, 8],
                                   "shooter": 0, "breaker": 0})
    layout = {0: (0.62, 1.7), 1: (0.1, 0.3), 2: (0.2, 0.35), 3: (0.3, 0.3), 4: (0.5, 0.2), 5: (0.6, 0.3),
              6: (0.7, 0.25), 7: (0.9, 0.4), 8: (0.62, 1.9)}
    return game_at("7ft", state, layout)


def test_a_searching_bot_agrees_when_the_rack_is_lost_and_refuses_when_it_is_won() -> None:
    game = lost_rack()
    assert bot_agrees(StalemateTask("bot:beginner", "bot", 1, game, 0))        # type: ignore[arg-type]
    assert not bot_agrees(StalemateTask("bot:beginner", "bot", 1, game, 1))    # type: ignore[arg-type]
    # the baseline plays every rack to its end
    assert not bot_agrees(StalemateTask("bot", "bot", 1, game, 0))             # type: ignore[arg-type]


def test_a_stalemate_the_bot_accepts_replays_the_rack(client, auth, monkeypatch) -> None:
    async def agrees(self: BotRunner, game: object, seat: int) -> bool:
        return True

    made = new(client, ["person", "bot"])
    game, token = made["id"], made["seats"][0]["token"]
    client.post(f"/api/games/{game}/lag", json={"speed": 2.4}, headers=auth(token))
    person_turn(client, game, {0: token})
    refused = client.post(f"/api/games/{game}/declare?lang=en", json={"what": "stalemate"}, headers=auth(token))
    assert refused.status_code == 200 and refused.json()["stalemate"] == {
        "accepted": False, "by": 1, "reason": "The baseline bot never agrees to a stalemate (Art. 21.2): it plays every "
                                              "rack to its end."}
    # declined, the same seat may not propose again before the next stroke (Art. 21.2, no pestering)
    again = client.post(f"/api/games/{game}/declare?lang=en", json={"what": "stalemate"}, headers=auth(token))
    assert again.status_code == 409 and again.json()["error"].startswith("propose: this seat's proposal was declined")
    monkeypatch.setattr(BotRunner, "would_agree", agrees)
    made = new(client, ["person", "bot"])
    game, token = made["id"], made["seats"][0]["token"]
    client.post(f"/api/games/{game}/lag", json={"speed": 2.4}, headers=auth(token))
    view = person_turn(client, game, {0: token})
    r = client.post(f"/api/games/{game}/declare", json={"what": "stalemate"}, headers=auth(token))
    assert r.status_code == 200, r.text
    assert r.json()["stalemate"] == {"accepted": True, "by": 1}
    after = r.json()["view"]
    assert after["score"] == [0, 0] and after["game_number"] == view["game_number"] + 1


def proposal_or_person(client, game: str, timeout: float = 60.0) -> dict:
    """The view once the bot proposes a stalemate, or a person is to act (the bot played), or it ended."""
    import time

    deadline = time.monotonic() + timeout
    while True:
        view = client.get(f"/api/games/{game}").json()
        if view["proposal"] is not None or view["to_act"] is None or view["to_act"]["seat"] == 0:
            return view
        assert time.monotonic() < deadline, view["to_act"]
        time.sleep(0.005)


def test_a_bot_proposes_a_stalemate_and_plays_only_once_the_person_answers(client, auth, monkeypatch) -> None:
    import bola8.game.match as match_module

    asked: list[tuple[int, int]] = []     # (seat, the game's actions) of each time the bot considered one

    async def agrees(self: BotRunner, game: Any, seat: int) -> bool:
        asked.append((seat, game.actions))
        return len(asked) == 1

    # every turn of the bot counts as a run of safeties, and the bot would agree once: it proposes at once
    monkeypatch.setattr(match_module, "PROPOSE_STALEMATE_AFTER", 0)
    monkeypatch.setattr(BotRunner, "would_agree", agrees)
    made = new(client, ["person", "bot"])
    game, token = made["id"], made["seats"][0]["token"]
    client.post(f"/api/games/{game}/lag", json={"speed": 0.5}, headers=auth(token))   # short: the bot breaks
    view = proposal_or_person(client, game)
    assert view["proposal"] == {"by": 1, "what": "stalemate"} and view["to_act"]["seat"] == 1
    actions = view["actions"]
    # the bot waits: nothing to advance, nothing played
    waiting = client.post(f"/api/games/{game}/advance?lang=en")
    assert waiting.status_code == 409 and "proposes a stalemate" in waiting.json()["error"]
    assert client.get(f"/api/games/{game}").json()["actions"] == actions
    # only the person answers it
    assert client.post(f"/api/games/{game}/proposal", json={"accept": False}).status_code == 403
    bad = client.post(f"/api/games/{game}/proposal", json={"accept": "no"}, headers=auth(token))
    assert bad.status_code == 422
    # declined: the bot plays its shot, and does not propose again before it
    declined = client.post(f"/api/games/{game}/proposal", json={"accept": False}, headers=auth(token))
    assert declined.status_code == 200 and declined.json()["view"]["proposal"] is None
    answered = declined.json()["view"]["actions"]
    after = person_turn(client, game, {0: token})
    assert after["actions"] > actions and asked[0] == (1, actions - 1)
    # it considered no other proposal before a stroke was played after the answer
    assert all(seat == 1 and at > answered for seat, at in asked[1:])


def test_a_stalemate_the_bot_proposes_and_the_person_accepts_replays_the_rack(client, auth, monkeypatch) -> None:
    import bola8.game.match as match_module

    async def agrees(self: BotRunner, game: object, seat: int) -> bool:
        return True

    monkeypatch.setattr(match_module, "PROPOSE_STALEMATE_AFTER", 0)
    monkeypatch.setattr(BotRunner, "would_agree", agrees)
    made = new(client, ["person", "bot"])
    game, token = made["id"], made["seats"][0]["token"]
    client.post(f"/api/games/{game}/lag", json={"speed": 0.5}, headers=auth(token))
    view = proposal_or_person(client, game)
    assert view["proposal"] is not None
    r = client.post(f"/api/games/{game}/proposal", json={"accept": True}, headers=auth(token))
    assert r.status_code == 200, r.text
    after = r.json()["view"]
    assert after["score"] == [0, 0] and after["game_number"] == view["game_number"] + 1
    assert after["games"][-1]["result"] == "stalemate"


def test_the_bot_does_not_propose_against_a_bot_or_outside_a_run_of_safeties(client, auth) -> None:
    # the conditions themselves, with the real constant: no run of safeties at the break
    made = new(client, ["person", "bot"])
    game, token = made["id"], made["seats"][0]["token"]
    client.post(f"/api/games/{game}/lag", json={"speed": 0.5}, headers=auth(token))
    view = proposal_or_person(client, game)
    assert view["proposal"] is None
