"""Game.play_simulated: the referee's ruling on a batch-simulated stroke is the one Game.play gives."""

from __future__ import annotations

import pytest

from bola8.errors import InputError
from bola8.physics import Strike
from bola8.physics.batch import simulate_batch

LAYOUT = {0: (0.6, 0.635), 1: (1.6, 0.7), 2: (1.9, 0.3), 8: (2.2, 1.0), 9: (1.2, 1.1)}
STROKES = [Strike(3.0, 2.0), Strike(6.5, 10.0, 0.0, 0.3, -0.4), Strike(0.4, 180.0),
           Strike(2.0, 45.0, 30.0, 0.0, 0.5), Strike(4.0, 300.0)]


def test_play_simulated_rules_as_play_does(spec, at) -> None:
    game = at(LAYOUT)
    results = simulate_batch(spec, game.layout, STROKES, game.physics)
    rulings = set()
    for strike, result in zip(STROKES, results):
        direct, judged = game.play(strike), game.play_simulated(strike, result)
        assert judged.ruling == direct.ruling
        assert judged.shot == direct.shot
        assert judged.game.layout == direct.game.layout and judged.game.state == direct.game.state
        rulings.add(repr(judged.ruling))
    assert len(rulings) > 1  # the strokes are judged differently, so the comparison means something


def test_play_simulated_refuses_a_result_from_another_layout(spec, at) -> None:
    game = at(LAYOUT)
    moved = dict(LAYOUT)
    moved[1] = (1.5, 0.7)
    (result,) = simulate_batch(spec, moved, [STROKES[0]])
    with pytest.raises(InputError, match="result"):
        game.play_simulated(STROKES[0], result)


def test_play_simulated_keeps_plays_refusals(spec, at) -> None:
    game = at(LAYOUT)
    (result,) = simulate_batch(spec, game.layout, [STROKES[0]])
    over = game.declare("stalemate").game
    with pytest.raises(InputError, match="game is over"):
        over.play_simulated(STROKES[0], result)
