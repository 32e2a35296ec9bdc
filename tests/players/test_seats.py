"""A bot plays the same in either seat: nothing it decides may depend on being player 0 or 1.

The game is built so that only the seat differs: the same rack or position, the same bot seeds,
the seats (and the breaker, or the shooter and the groups) exchanged. Every stroke, call,
placement and choice must then be the same, action for action - whose turn the look-ahead
thinks it is, the groups, the signs of the values and the seeds all read from the shooter's side.
"""

from __future__ import annotations

from typing import Any

import pytest

from bola8 import rules
from bola8.game import Game
from bola8.game.layout import freeze
from bola8.game.match import SeatBlindLog, play_game
from bola8.players import make_player
from bola8.players.levels import LEVELS
from bola8.players.noise import ExecutionNoise
from bola8.players.search_bot import SearchBot


def played(game: Game, first: Any, second: Any) -> tuple[list[tuple[Any, ...]], Game]:
    actions = SeatBlindLog()
    end = play_game(game, [first, second], actions)
    return actions.rows, end


@pytest.mark.slow
def test_a_rack_is_played_the_same_from_either_seat() -> None:
    def bots() -> tuple[Any, Any]:
        return make_player("bot:beginner", seed=11), make_player("bot:beginner", seed=22)

    a, b = bots()
    seat0, end0 = played(Game.new("9ft", rack_seed=903, breaker=0), a, b)
    a, b = bots()
    seat1, end1 = played(Game.new("9ft", rack_seed=903, breaker=1), b, a)
    assert len(seat0) > 5 and seat0 == seat1
    assert end0.state.result == end1.state.result
    assert end0.state.winner == (None if end1.state.winner is None else 1 - end1.state.winner)


class KnownBreak(SearchBot):
    """A searching bot told what its break is worth instead of searching the break (seconds of each
    level's first decision in a process, and no part of a late position). A value other than a half
    keeps the replayed rack's worth seat-dependent (the breaker's, Art. 21.1), so a side read wrongly
    there still shows."""

    def rack_value(self, game: Game) -> float:
        return 0.62


def searching(level: str, seed: int) -> SearchBot:
    return KnownBreak(LEVELS[level], name=f"bot:{level}", seed=seed, noise=ExecutionNoise(LEVELS[level].noise_scale))


@pytest.mark.slow
@pytest.mark.parametrize("level", ["pro", "champion"])
def test_the_look_ahead_reads_groups_and_turn_from_the_shooter(spec, level: str) -> None:
    # A late position: the shooter's group (2, 5) and the other's (11, 14), the 8; the pro level looks
    # ahead, the champion also plays kisses and jumps, confirms its finalists on fresh samples and
    # weighs two-way shots. The same position with seats exchanged (shooter 1, groups swapped) must be
    # played alike.
    layout = freeze({0: (0.5, 1.0), 2: (0.9, 2.1), 5: (0.3, 1.6), 8: (1.0, 0.9), 11: (0.2, 0.4), 14: (0.7, 2.3)})

    def position(shooter: int) -> Game:
        groups = ["solids", "stripes"] if shooter == 0 else ["stripes", "solids"]
        state = rules.State.from_dict({"phase": "play", "on_table": [2, 5, 8, 11, 14], "groups": groups,
                                       "shooter": shooter, "breaker": shooter})
        return Game(spec=spec, state=state, balls=layout)

    a, b = searching(level, 5), searching(level, 6)
    seat0, end0 = played(position(0), a, b)
    a, b = searching(level, 5), searching(level, 6)
    seat1, end1 = played(position(1), b, a)
    assert len(seat0) >= 2 and seat0 == seat1
    assert end0.state.winner == 1 - end1.state.winner
