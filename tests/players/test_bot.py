"""The baseline bot pots what is makeable, calls it, and plays legal safeties otherwise."""

from __future__ import annotations

import math

from bola8 import rules
from bola8.game import Game
from bola8.game.layout import freeze
from bola8.players.bot import BaselineBot
from bola8.players.noise import ExecutionNoise


def position(spec, layout, **state):
    on_table = sorted(b for b in layout if b != 0)
    return Game(spec=spec, state=rules.State.from_dict({"phase": "play", "on_table": on_table, **state}),
                balls=freeze(layout))


def perfect_bot():
    return BaselineBot(seed=1, noise=ExecutionNoise(0.0))


def test_it_calls_and_pots_a_straight_in_ball(spec):
    layout = {0: (0.6, 1.2), 3: (0.9, 2.2), 12: (0.2, 0.6), 8: (0.2, 1.6)}
    game = position(spec, layout, groups=["solids", "stripes"])
    choice = perfect_bot().choose_shot(game)
    assert choice.call is not None and choice.call.ball == 3
    turn = game.play(choice.strike, choice.call)
    assert (3, choice.call.pocket) in {(p.ball, p.pocket) for p in turn.shot.pocketed}
    assert not turn.ruling.foul and turn.game.state.shooter == 0


def test_it_never_calls_a_ball_it_may_not_call(spec):
    layout = {0: (0.6, 1.2), 11: (0.9, 2.2), 2: (0.2, 0.6), 8: (0.3, 1.9)}
    game = position(spec, layout, groups=["solids", "stripes"])
    choice = perfect_bot().choose_shot(game)
    # Its only ball to call is the 2 (the 11 is the opponent's, the 8 not yet on), and the 2 is makeable.
    assert rules.callable_balls(game.state) == (2,)
    assert choice.call is not None and choice.call.ball == 2 and choice.note == f"pot 2 in {choice.call.pocket}"


def test_with_nothing_makeable_it_plays_a_legal_safety(spec):
    # Its only ball is hidden behind two of the opponent's: no pot, but a legal hit exists.
    layout = {0: (0.6, 0.4), 3: (0.05, 2.45), 10: (0.12, 2.3), 11: (0.2, 2.45), 14: (1.0, 1.5), 8: (0.2, 1.2)}
    game = position(spec, layout, groups=["solids", "stripes"])
    choice = perfect_bot().choose_shot(game)
    turn = game.play(choice.strike, choice.call)
    assert not turn.ruling.foul


def test_ball_in_hand_goes_where_a_pot_is_on(spec):
    layout = {5: (0.9, 2.2), 12: (0.3, 0.8), 8: (0.2, 1.6)}
    game = position(spec, layout, groups=["solids", "stripes"], cue_ball="in_hand")
    bot = perfect_bot()
    placed = game.place_cue_ball(*bot.place_cue_ball(game))
    choice = bot.choose_shot(placed)
    assert choice.call is not None and choice.call.ball == 5


def test_after_a_break_foul_it_places_in_the_kitchen(spec):
    layout = {5: (0.9, 2.2), 12: (0.3, 0.8), 8: (0.2, 1.6)}
    game = position(spec, layout, cue_ball="in_hand_behind_head_string", shooter=1)
    x, y = perfect_bot().place_cue_ball(game)
    assert y <= spec.head_string_y
    game.place_cue_ball(x, y)


def test_the_break_is_hard_at_the_apex_from_the_centre_of_the_head_string(spec):
    game = Game.new("9ft", rack_seed=4)
    bot = perfect_bot()
    point = bot.place_cue_ball(game)
    assert point == (spec.width / 2, spec.head_string_y)
    placed = game.place_cue_ball(*point)
    choice = bot.choose_shot(placed)
    assert choice.call is None and choice.note == "break"
    assert choice.strike.speed >= 8.0                                # hard
    assert choice.strike.phi == 90.0                                 # straight up the long string
    assert (choice.strike.theta, choice.strike.a, choice.strike.b) == (0.0, 0.0, 0.0)
    apex = next(b for b, p in placed.layout.items() if b and math.dist(p, spec.foot_spot) < 1e-6)
    turn = placed.play(choice.strike, choice.call)
    assert turn.shot.first_contact == apex
    assert not turn.ruling.foul
    # a legal break (Art. 7): the referee opens the table, no decision goes to the opponent
    assert "table_open_after_break" in turn.ruling.codes and turn.game.state.decision is None
