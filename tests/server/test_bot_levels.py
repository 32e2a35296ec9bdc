"""The server offers every bot level of bola8.players (one list) and a bot seat plays as its own kind."""

from __future__ import annotations

import bola8.players
from bola8.players import BOT_LEVELS


def test_meta_lists_every_level_with_its_label(client) -> None:
    for lang, word in (("es", "campeón"), ("en", "champion")):
        meta = client.get(f"/api/meta?lang={lang}").json()
        assert [b["kind"] for b in meta["bots"]] == [f"bot:{level}" for level in BOT_LEVELS]
        assert meta["players"] == ["person", *(f"bot:{level}" for level in BOT_LEVELS)]
        assert any(word in b["label"] for b in meta["bots"])


def test_each_bot_seat_is_made_as_its_own_kind(client, monkeypatch) -> None:
    made: list[str] = []
    real = bola8.players.make_player

    def spy(kind: str, **kwargs):
        made.append(kind)
        return real(kind, **kwargs)

    monkeypatch.setattr(bola8.players, "make_player", spy)
    r = client.post("/api/games", json={"players": ["bot:club", "bot:beginner"], "race": 1, "seed": 3})
    assert r.status_code == 201, r.text
    game = r.json()["view"]["id"]
    for _ in range(2):                       # the two lag strokes, one per seat
        assert client.post(f"/api/games/{game}/advance").status_code == 200
    assert sorted(made[:2]) == ["bot:beginner", "bot:club"]
    assert client.get(f"/api/games/{game}").json()["players"][0]["kind"] == "bot:club"
