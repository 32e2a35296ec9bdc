"""The rules played on the simulated table: games, matches, records.

Example::

    from bola8.game import Game
    from bola8.physics import Strike

    game = Game.new("9ft", rack_seed=1)
    game = game.place_cue_ball(game.spec.width / 2, game.spec.head_string_y)
    turn = game.play(Strike(speed=9.0, phi=90.0))      # the break
    print([reason.code for reason in turn.ruling.reasons], turn.game.state.shooter)
"""

from bola8.game.game import Game, Turn
from bola8.game.lag import LagStroke, lag_stroke, lag_winner
from bola8.game.match import Disqualify, MatchResult, MatchSettings, Warn, play_game, play_match
from bola8.game.placement import PlacementError
from bola8.game.shot_clock import ShotClock

__all__ = [
    "Game", "Turn", "LagStroke", "lag_stroke", "lag_winner", "MatchResult", "MatchSettings",
    "play_game", "play_match", "Warn", "Disqualify", "PlacementError", "ShotClock",
]
