"""make_player: "bot:baseline" is the same bot as plain "bot"; an unknown kind is one clear error."""

from __future__ import annotations

import pytest

from bola8.errors import InputError
from bola8.players import PLAYER_KINDS, make_player
from bola8.players.bot import BaselineBot


def test_bot_baseline_is_the_plain_bot() -> None:
    plain, levelled = make_player("bot", seed=3), make_player("bot:baseline", seed=3)
    assert isinstance(plain, BaselineBot) and isinstance(levelled, BaselineBot)
    assert "bot:baseline" in PLAYER_KINDS


def test_an_unknown_kind_names_the_field() -> None:
    with pytest.raises(InputError, match="players: 'bot:nobody'"):
        make_player("bot:nobody")
