"""Art. 21.2 against a bot: a stalemate a person proposes is put to the bot, which agrees when the
position is worth less to it than the rack played again (``Player.agrees_to_stalemate``)."""

from __future__ import annotations

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
    async def agrees(self: BotRunner, game: object) -> bool:
        return True

    made = new(client, ["person", "bot"])
    game, token = made["id"], made["seats"][0]["token"]
    client.post(f"/api/games/{game}/lag", json={"speed": 2.4}, headers=auth(token))
    view = person_turn(client, game, {0: token})
    refused = client.post(f"/api/games/{game}/declare?lang=en", json={"what": "stalemate"}, headers=auth(token))
    assert refused.status_code == 409 and refused.json()["error"].startswith("what: the bot does not agree")
    monkeypatch.setattr(BotRunner, "agree_to_stalemate", agrees)
    r = client.post(f"/api/games/{game}/declare", json={"what": "stalemate"}, headers=auth(token))
    assert r.status_code == 200, r.text
    after = r.json()["view"]
    assert after["score"] == [0, 0] and after["game_number"] == view["game_number"] + 1
