"""The server offers every bot level of bola8.players (one list) and a bot seat plays as its own kind."""

from __future__ import annotations

from bola8.players import BOT_LEVELS
from bola8.server.games import LiveGame
from bola8.server.thinking import BotTask


def test_meta_lists_every_level_with_its_label(client) -> None:
    for lang, word in (("es", "campeón"), ("en", "champion")):
        meta = client.get(f"/api/meta?lang={lang}").json()
        assert [b["kind"] for b in meta["bots"]] == [f"bot:{level}" for level in BOT_LEVELS]
        assert meta["players"] == ["person", *(f"bot:{level}" for level in BOT_LEVELS)]
        assert any(word in b["label"] for b in meta["bots"])


def test_each_bot_seat_is_made_as_its_own_kind(client, monkeypatch) -> None:
    # the decisions are made in worker processes, from the task each seat's turn sends there
    # (bola8.server.thinking.bot_decision makes the player of the task's kind)
    made: list[str] = []
    real = LiveGame.bot_task

    def spy(self: LiveGame) -> BotTask:
        task = real(self)
        made.append(task.kind)
        return task

    monkeypatch.setattr(LiveGame, "bot_task", spy)
    r = client.post("/api/games", json={"players": ["bot:club", "bot:beginner"], "race": 1, "seed": 3})
    assert r.status_code == 201, r.text
    game = r.json()["view"]["id"]
    for _ in range(2):                       # the two lag strokes, one per seat
        assert client.post(f"/api/games/{game}/advance").status_code == 200
    assert sorted(made[:2]) == ["bot:beginner", "bot:club"]
    assert client.get(f"/api/games/{game}").json()["players"][0]["kind"] == "bot:club"
