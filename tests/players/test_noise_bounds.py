"""Any noise a user may give plays to the end, or is refused up front with its allowed range."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from bola8.errors import InputError
from bola8.physics import Strike
from bola8.players.noise import MAX_LEVEL, MAX_SPEED, MIN_SPEED, ExecutionNoise


@pytest.mark.parametrize("level", [-1.0, MAX_LEVEL + 0.5, 60.0, float("nan"), float("inf"), True, "1"])
def test_a_level_outside_the_range_is_refused_with_the_range(level):
    with pytest.raises(InputError) as refused:
        ExecutionNoise(level)
    assert f"0 to {MAX_LEVEL:g}" in refused.value.en and f"de 0 a {MAX_LEVEL:g}" in refused.value.es


@settings(max_examples=200, deadline=None)
@given(level=st.floats(0.0, MAX_LEVEL), speed=st.floats(MIN_SPEED, MAX_SPEED), seed=st.integers(0, 2**32))
def test_the_lag_speed_is_always_one_a_cue_can_play(level, speed, seed):
    played = ExecutionNoise(level).perturb_speed(speed, random.Random(seed))
    Strike(speed=played, phi=90.0)                    # would refuse a speed outside (0, 12]
    assert MIN_SPEED <= played <= MAX_SPEED


def test_the_lag_draw_is_the_one_the_bot_always_made():
    # bit-identical matches: the same one Gaussian draw of the same deviation as before
    ours, before = random.Random(5), random.Random(5)
    assert ExecutionNoise(3.0).perturb_speed(2.5, ours) == 2.5 + before.gauss(0.0, 0.075 * 3.0)


@settings(max_examples=200, deadline=None)
@given(level=st.floats(0.0, MAX_LEVEL), seed=st.integers(0, 2**32),
       speed=st.floats(MIN_SPEED, MAX_SPEED), theta=st.floats(0.0, 80.0),
       a=st.floats(-0.7, 0.7), b=st.floats(-0.7, 0.7))
def test_every_perturbed_stroke_is_playable(level, seed, speed, theta, a, b):
    stroke = ExecutionNoise(level).perturb(Strike(speed=speed, phi=10.0, theta=theta, a=a, b=b),
                                           random.Random(seed))
    assert 0.0 < stroke.speed <= 12.0 and 0.0 <= stroke.theta <= 80.0 and stroke.a ** 2 + stroke.b ** 2 < 1.0


def test_a_bot_with_much_noise_lags_and_plays_a_match_to_its_end():
    # Today's main: `bola8 match --race 1 --seed 20 --noise 10` aborted in the lag with
    # "strike.speed: -0.086 m/s", a field the user never gave.
    from bola8.game import MatchSettings, play_match
    from bola8.players import make_player

    players = (make_player("bot", seed=40, noise=10.0), make_player("bot", seed=41, noise=10.0))
    result = play_match(players, MatchSettings(race=1, seed=20))
    assert result.winner in (0, 1) and max(result.score) == 1


def test_a_rack_that_never_ends_is_an_agreed_stalemate_not_an_error(monkeypatch):
    # Today's main: `--noise 60` ended in "RuntimeError: a game took more than 2000 actions".
    from bola8.game import Game, match
    from bola8.players import make_player

    monkeypatch.setattr(match, "MAX_ACTIONS_PER_GAME", 3)
    seen = []

    class Watch(match.NullObserver):
        def on_turn(self, turn, choice):
            seen.append(turn)

    game = match.play_game(Game.new("9ft", rack_seed=1), [make_player("bot", seed=1), make_player("bot", seed=2)],
                           Watch())
    assert game.state.result == "stalemate"
    assert seen[-1].kind == "declare" and seen[-1].declared == "stalemate"
    assert [r.code for r in seen[-1].ruling.reasons] == ["stalemate_agreed"]
